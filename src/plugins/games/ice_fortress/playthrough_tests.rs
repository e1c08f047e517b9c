//! A whole game of Ice Fortress played headless through the input path the mouse uses: the
//! auto-player picks each move, the move is turned into clicks and panel presses, and the app's own
//! systems handle them, apply them and move on to the game-over screen.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{FortressBot, IceFortress, Phase, RoomId, Setup};
use hoarfrost_rules::{Game, Seat, Step, ToAct};

use super::*;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::games::ice_fortress::click::inputs_for;
use crate::plugins::ui::hud::Choices;

fn app(players: usize, seed: u64) -> App {
    let mut app = crate::plugins::session::test_app::<IceFortress>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        400,
    )))
    .add_plugins((crate::plugins::ui::hud::plugin::<IceFortress>, logic))
    .add_sub_state::<FortressStep>();
    let recorder = hoarfrost_rules::Recorder::new(Setup::new(players, seed)).unwrap();
    app.insert_resource(Session::<IceFortress>::recorded(
        recorder,
        vec![SeatKind::Human; players],
        seed,
    ));
    crate::systems::start_playing(&mut app);
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The last move in the session's record.
fn last_act(app: &App) -> Option<(Seat, Action)> {
    let session = app.world().resource::<Session<IceFortress>>();
    let steps = &session.record().expect("a recorded game").steps;
    steps.iter().rev().find_map(|step| match step {
        Step::Act { seat, action } => Some((*seat, action.clone())),
        Step::Chance => None,
    })
}

/// One frame of play: where a seat is to act, the auto-player's move made through the input
/// path (clicks, then the panel where the clicks leave a choice), checked to be the move played;
/// true when a move was made.
fn advance(app: &mut App, bot: &mut FortressBot) -> bool {
    let state = app.world().resource::<Session<IceFortress>>().state.clone();
    let ToAct::Seats(seats) = state.to_act() else {
        app.update();
        return false;
    };
    let seat = seats[0];
    let action = bot
        .choose(&state, seat)
        .expect("the auto-player has a move");
    let logged = app.world().resource::<Session<IceFortress>>().log().len();
    for input in inputs_for(&state, &action) {
        app.world_mut().write_message(FortressInput(input));
    }
    app.update();
    let offered = app.world().resource::<Choices<IceFortress>>().0.clone();
    if !offered.is_empty() {
        assert!(
            offered.contains(&action),
            "{action:?} not among {offered:?}"
        );
        app.world_mut()
            .write_message(FortressInput(Input::Panel(action.clone())));
        app.update();
    }
    assert_eq!(
        app.world().resource::<Session<IceFortress>>().log().len(),
        logged + 1,
        "{action:?} was not played; notice: {:?}",
        app.world()
            .resource::<crate::plugins::core::notice::Notice>()
    );
    // Chance may already have moved on in the same frames: the record's last act is the move.
    assert_eq!(
        last_act(app),
        Some((seat, action.clone())),
        "the clicks played something else than {action:?}"
    );
    true
}

/// Play one game to its end through the input path; returns the number of moves and whether it
/// was won.
fn play_through(players: usize, seed: u64) -> (usize, bool) {
    let mut app = app(players, seed);
    let mut bot = FortressBot::new(seed);
    let mut moves = 0;
    for _ in 0..200_000 {
        if screen(&app) == Screen::GameOver {
            let s = &app.world().resource::<Session<IceFortress>>().state;
            assert!(s.is_over());
            return (moves, s.returns()[0] == 1.0);
        }
        moves += usize::from(advance(&mut app, &mut bot));
    }
    panic!("the game did not end");
}

/// A pillar square of a built room that two or more rolled dice fit, with the moves that place them.
fn square_two_dice_fit(s: &IceFortress) -> Option<(RoomId, u8, Vec<Action>)> {
    let ToAct::Seats(seats) = s.to_act() else {
        return None;
    };
    if s.phase() != Phase::Build || s.decision().is_some() {
        return None;
    }
    let legal = s.legal_actions(seats[0]);
    legal.iter().find_map(|a| {
        let Action::PlacePillar { room, square, .. } = *a else {
            return None;
        };
        let fits: Vec<Action> = legal
            .iter()
            .filter(|b| matches!(**b, Action::PlacePillar { room: r, square: q, .. } if r == room && q == square))
            .cloned()
            .collect();
        (fits.len() >= 2).then_some((room, square, fits))
    })
}

/// With no die picked up, a click on a square that several rolled dice fit offers each of those
/// moves in the panel; the one pressed there is played and the offer goes.
#[test]
fn a_click_that_fits_several_moves_offers_them_in_the_panel_and_plays_the_one_pressed() {
    let mut app = app(1, 11);
    let mut bot = FortressBot::new(11);
    for _ in 0..20_000 {
        let state = app.world().resource::<Session<IceFortress>>().state.clone();
        let Some((room, square, fits)) = square_two_dice_fit(&state) else {
            advance(&mut app, &mut bot);
            continue;
        };
        app.world_mut()
            .write_message(FortressInput(Input::Table(Target::Square { room, square })));
        app.update();
        let mut offered = app.world().resource::<Choices<IceFortress>>().0.clone();
        offered.sort();
        let mut expected = fits.clone();
        expected.sort();
        assert_eq!(offered, expected);
        assert!(
            app.world()
                .resource::<crate::plugins::core::notice::Notice>()
                .text
                .starts_with("several things fit")
        );
        let seat = state.current_seat();
        let pick = fits[fits.len() - 1].clone();
        app.world_mut()
            .write_message(FortressInput(Input::Panel(pick.clone())));
        app.update();
        assert_eq!(last_act(&app), Some((seat, pick)));
        assert!(app.world().resource::<Choices<IceFortress>>().0.is_empty());
        return;
    }
    panic!("no square that two rolled dice fit came up");
}

#[test]
fn a_solo_game_plays_to_the_game_over_screen_through_clicks() {
    let (moves, _won) = play_through(1, 11);
    assert!(moves > 20, "only {moves} moves");
}

#[test]
fn a_two_player_game_plays_to_the_game_over_screen_through_clicks() {
    let (moves, _won) = play_through(2, 12);
    assert!(moves > 20, "only {moves} moves");
}

/// A left click on `target`'s entity, as the picking backend sends it; true when it became an
/// input for the rules to handle.
fn click_becomes_input(app: &mut App, target: Target) -> bool {
    let entity = app.world_mut().spawn(target).id();
    let before = app.world().resource::<Messages<FortressInput>>().len();
    crate::plugins::core::testing::pick_test::left_click(app.world_mut(), entity);
    app.world_mut().despawn(entity);
    app.world().resource::<Messages<FortressInput>>().len() > before
}

/// Play on (the auto-player's moves through the input path) until `wanted` holds of the game, at
/// most `frames` frames; the game then, or a failure naming `what`.
fn play_until(
    app: &mut App,
    frames: usize,
    what: &str,
    wanted: impl Fn(&IceFortress) -> bool,
) -> IceFortress {
    let mut bot = FortressBot::new(11);
    for _ in 0..frames {
        let s = app.world().resource::<Session<IceFortress>>().state.clone();
        if wanted(&s) {
            return s;
        }
        advance(app, &mut bot);
    }
    panic!("no {what} in {frames} frames");
}

#[test]
fn a_click_while_the_dice_roll_is_dropped_not_kept_for_the_position_after_the_roll() {
    let mut app = app(1, 11);
    app.add_observer(on_click);
    let square = Target::Square { room: 0, square: 0 };
    // While the player chooses (a human is to act), a click is an input.
    assert!(click_becomes_input(&mut app, square));
    app.update();
    // Play on to a roll of the dice: the click then is dropped, not played after the roll on a
    // position the player has not seen.
    play_until(&mut app, 200, "roll of the dice", |s| {
        s.to_act() == ToAct::Chance
    });
    assert!(!click_becomes_input(&mut app, square));
}

#[test]
fn a_game_loaded_over_this_one_starts_with_nothing_held() {
    let mut app = app(1, 11);
    app.world_mut().resource_mut::<Held>().0 = Selection::Die(0);
    // Loading re-enters the playing screen (the table is built again for the loaded game).
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    assert_eq!(app.world().resource::<Held>().0, Selection::None);
}

#[test]
fn picking_another_die_drops_the_choices_offered_for_the_one_before() {
    let mut app = app(1, 11);
    let s = play_until(&mut app, 400, "build step with a rolled die", |s| {
        s.phase() == Phase::Build && s.decision().is_none() && !s.rolled().is_empty()
    });
    // Choices offered for an earlier pick (any will do here), then a die is picked.
    app.world_mut().resource_mut::<Choices<IceFortress>>().0 = vec![Action::EndBuild];
    let die = s.rolled()[0];
    app.world_mut()
        .write_message(FortressInput(Input::Table(Target::Die(die))));
    app.update();
    assert_eq!(app.world().resource::<Held>().0, Selection::Die(die));
    assert!(app.world().resource::<Choices<IceFortress>>().0.is_empty());
}

#[test]
fn a_click_while_paused_plays_nothing_and_keeps_what_is_held() {
    let mut app = app(1, 11);
    crate::plugins::core::pause::set_paused(app.world_mut(), true);
    let state = app.world().resource::<Session<IceFortress>>().state.clone();
    let ToAct::Seats(seats) = state.to_act() else {
        panic!("the player chooses first");
    };
    let legal = state.legal_actions(seats[0])[0].clone();
    app.world_mut().resource_mut::<Held>().0 = Selection::Die(0);
    app.world_mut()
        .write_message(FortressInput(Input::Panel(legal)));
    app.update();
    let world = app.world();
    assert_eq!(world.resource::<Session<IceFortress>>().steps(), 0);
    assert_eq!(world.resource::<Held>().0, Selection::Die(0));
    let notice = world.resource::<crate::plugins::core::notice::Notice>();
    assert_eq!(notice.text, crate::plugins::core::pause::REFUSED);
}
