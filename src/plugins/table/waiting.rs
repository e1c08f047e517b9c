//! A left click on the table while no human seat may act is told why nothing happens: whose move
//! it is, a roll or draw under way, the game paused or over, a replay on show. (While a human may
//! act, each table's own input explains what a click does or why it is refused.)

use bevy::prelude::*;
use hoarfrost_rules::ToAct;
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::TurnPhase;
use crate::plugins::session::Session;
use crate::plugins::session::words::HudSpec;
use crate::plugins::session::words::seat_label;
use crate::systems::TableEntity;

pub(crate) fn plugin<G: Recorded>(app: &mut App) {
    app.add_observer(on_click::<G>);
}

/// Why a left click plays nothing in `phase`, in the player's words; `None` while a human seat may
/// act. `name` names a seat at the table ("Red (AI)").
pub fn why_not<G: Recorded>(
    phase: TurnPhase,
    session: &Session<G>,
    paused: bool,
    name: impl Fn(usize) -> String,
) -> Option<String> {
    match phase {
        TurnPhase::HumanToAct => None,
        TurnPhase::Replay => Some(
            "This is a replay: nothing can be played. Step through it with the replay window's buttons."
                .into(),
        ),
        TurnPhase::Over => Some("The game is over: nothing more can be played.".into()),
        _ if paused => Some(crate::plugins::core::pause::REFUSED.into()),
        TurnPhase::Chance => Some("Wait a moment: a roll or a draw is under way.".into()),
        TurnPhase::AiToAct => Some(match session.state.to_act() {
            ToAct::Seats(seats) if !seats.is_empty() => {
                let who: Vec<String> = seats.iter().map(|&s| name(s)).collect();
                let who: Vec<&str> = who.iter().map(String::as_str).collect();
                let who = hoarfrost_rules::words::listed(&who);
                if seats.len() > 1 {
                    // A turnless game (IceTowers) whose human seats have stopped.
                    format!("Nothing is left for you to play: {who} play on.")
                } else {
                    format!("It is not your turn: wait for {who} to play.")
                }
            }
            _ => "It is not your turn: wait for the AI to play.".into(),
        }),
    }
}

fn on_click<G: Recorded>(
    click: On<Pointer<Click>>,
    table: Query<(), With<TableEntity>>,
    phase: Option<Res<State<TurnPhase>>>,
    session: Option<Res<Session<G>>>,
    spec: Option<Res<HudSpec<G>>>,
    pause: Option<Res<State<crate::plugins::core::pause::Pause>>>,
    mut notice: ResMut<Notice>,
) {
    let (Some(phase), Some(session), Some(spec)) = (phase, session, spec) else {
        return;
    };
    if click.button != PointerButton::Primary || !table.contains(click.entity) {
        return;
    }
    let paused = crate::plugins::core::pause::is_paused(pause);
    let why = why_not(*phase.get(), &session, paused, |seat| {
        let (label, _) = seat_label(&spec, &session, seat);
        crate::plugins::session::words::with_kind(&label, session.who(seat))
    });
    if let Some(why) = why {
        notice.error(why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use hoarfrost_rules::sprawl::{Setup, Sprawl};

    /// A headless Sprawl table whose first mover is an AI seat and the others human, with one piece
    /// on it; returns the app and the piece.
    fn table() -> (App, Entity) {
        let state = Sprawl::new(&Setup::new(3, 5)).unwrap();
        let first = state.current_player();
        let seats = (0..3)
            .map(|s| {
                if s == first {
                    SeatKind::Ai
                } else {
                    SeatKind::Human
                }
            })
            .collect();
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.insert_resource(crate::plugins::session::words::test_spec::<Sprawl>(
            |s, seat| {
                (
                    s.hue(seat).name().to_string(),
                    bevy_egui::egui::Color32::WHITE,
                )
            },
        ))
        .add_plugins(plugin::<Sprawl>)
        .insert_resource(Session::new(state, seats, 5));
        crate::systems::start_playing(&mut app);
        let piece = app.world_mut().spawn(TableEntity).id();
        (app, piece)
    }

    fn click(app: &mut App, entity: Entity) -> (String, bool) {
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), entity);
        app.update();
        let notice = app.world().resource::<Notice>();
        (notice.text.clone(), notice.is_error)
    }

    #[test]
    fn a_click_while_an_ai_seat_plays_names_it_and_a_paused_game_says_so() {
        let (mut app, piece) = table();
        let first = app
            .world()
            .resource::<Session<Sprawl>>()
            .state
            .current_player();
        let colour = app
            .world()
            .resource::<Session<Sprawl>>()
            .state
            .hue(first)
            .name();
        assert_eq!(
            *app.world().resource::<State<TurnPhase>>().get(),
            TurnPhase::AiToAct
        );
        let (text, error) = click(&mut app, piece);
        assert_eq!(
            text,
            format!("It is not your turn: wait for {colour} (AI) to play.")
        );
        assert!(error);
        crate::plugins::core::pause::set_paused(app.world_mut(), true);
        assert_eq!(
            click(&mut app, piece).0,
            crate::plugins::core::pause::REFUSED
        );
        // What is not part of the table (a window's backdrop, say) says nothing.
        app.world_mut().resource_mut::<Notice>().text.clear();
        let elsewhere = app.world_mut().spawn_empty().id();
        assert_eq!(click(&mut app, elsewhere).0, "");
    }

    #[test]
    fn each_phase_without_a_human_to_act_has_its_reason() {
        let (app, _) = table();
        let session = app.world().resource::<Session<Sprawl>>();
        let name = |s: usize| format!("Seat {}", s + 1);
        assert_eq!(why_not(TurnPhase::HumanToAct, session, true, name), None);
        for (phase, says) in [
            (TurnPhase::Replay, "replay window's buttons"),
            (TurnPhase::Over, "game is over"),
            (TurnPhase::Chance, "roll or a draw"),
        ] {
            let why = why_not(phase, session, false, name).unwrap();
            assert!(why.contains(says), "{phase:?}: {why}");
        }
        // Paused, a replay or a finished game still says what it is; a move to come says "paused".
        // (See also the turnless test below.)
        assert!(
            why_not(TurnPhase::Over, session, true, name)
                .unwrap()
                .contains("over")
        );
        assert_eq!(
            why_not(TurnPhase::Chance, session, true, name).as_deref(),
            Some(crate::plugins::core::pause::REFUSED)
        );
    }

    /// In a turnless game whose human seat has stopped, the AI seats play on together: nobody has
    /// "the turn", and the message says so.
    #[test]
    fn a_turnless_game_whose_human_stopped_says_the_others_play_on() {
        use hoarfrost_rules::Game;
        use hoarfrost_rules::icetowers::{Action, IceTowers, Setup};
        let mut s = IceTowers::new(&Setup::new(3, 1)).unwrap();
        s.apply(0, &Action::Stop).unwrap();
        let seats = vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai];
        let session = Session::new(s, seats, 1);
        let name = |s: usize| format!("Seat {} (AI)", s + 1);
        assert_eq!(
            why_not(TurnPhase::AiToAct, &session, false, name).as_deref(),
            Some("Nothing is left for you to play: Seat 2 (AI) and Seat 3 (AI) play on.")
        );
    }
}
