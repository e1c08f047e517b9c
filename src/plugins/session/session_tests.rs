//! Tests of the session: the action path, the turn phase, and undo and redo on the record.

use super::*;
use crate::systems::cues::{heard, listen};
use hoarfrost_rules::icetowers::{Action, IceTowers, Setup};
use hoarfrost_rules::record::Recorder;

fn app() -> App {
    let mut app = crate::plugins::session::test_app::<IceTowers>();
    listen(&mut app);
    let recorder = Recorder::<IceTowers>::new(Setup::new(2, 1)).unwrap();
    app.insert_resource(Session::recorded(
        recorder,
        vec![SeatKind::Human, SeatKind::Ai],
        1,
    ));
    crate::systems::start_playing(&mut app);
    app
}

fn state(app: &App) -> IceTowers {
    app.world().resource::<Session<IceTowers>>().state.clone()
}

#[test]
fn an_illegal_action_is_explained_and_changes_nothing() {
    let mut app = app();
    let before = state(&app);
    let changed = |app: &App| {
        let ticks = app
            .world()
            .get_resource_change_ticks::<Session<IceTowers>>();
        ticks.unwrap().changed
    };
    let last_change = changed(&app);
    let own = before.towers()[0].id;
    app.world_mut().write_message(PlayAction::<IceTowers> {
        seat: 0,
        action: Action::Cap {
            piece: own,
            onto: own,
        },
    });
    app.update();
    assert_eq!(state(&app), before);
    // Not even marked changed: the tables are not redrawn, the panel's choices stay.
    assert_eq!(changed(&app), last_change);
    assert_eq!(heard(&app), vec![], "a refusal's cue comes from the notice");
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.is_error && notice.text.contains("itself"),
        "{notice:?}"
    );
    assert!(
        app.world()
            .resource::<Session<IceTowers>>()
            .log()
            .is_empty()
    );
}

#[test]
fn a_legal_action_is_applied_logged_and_the_phase_follows() {
    let mut app = app();
    assert_eq!(
        *app.world().resource::<State<TurnPhase>>().get(),
        TurnPhase::HumanToAct
    );
    // One frame each: an AI seat's decision read after another move in the same frame is dropped.
    for seat in [0, 1] {
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat,
            action: Action::Stop,
        });
        app.update();
    }
    app.update();
    let session = app.world().resource::<Session<IceTowers>>();
    assert_eq!(session.log().len(), 2);
    assert!(session.state.is_over());
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
    // Two moves, then the end: level on points, so the human seat shares the win.
    assert_eq!(session.state.returns(), vec![0.5, 0.5]);
    assert_eq!(heard(&app), vec![Cue::Move, Cue::Move, Cue::Won]);
}

/// Two human seats of IceTowers with `n` legal moves played (the first legal action each time).
fn played(n: usize) -> Session<IceTowers> {
    let recorder = Recorder::<IceTowers>::new(Setup::new(2, 3)).unwrap();
    let mut session = Session::recorded(recorder, vec![SeatKind::Human, SeatKind::Human], 3);
    for _ in 0..n {
        let ToAct::Seats(seats) = session.state.to_act() else {
            panic!("IceTowers has no chance and does not end this soon");
        };
        let action = session.state.legal_actions(seats[0])[0].clone();
        session.act(seats[0], &action).unwrap();
    }
    session
}

#[test]
fn undo_takes_back_a_human_move_and_redo_plays_it_again() {
    let two = played(2).state;
    let mut session = played(3);
    let three = session.state.clone();
    assert!(session.can_undo() && !session.can_redo());
    assert!(session.undo());
    assert_eq!(session.state, two);
    assert_eq!(session.log().len(), 2);
    assert!(session.can_redo());
    assert!(session.redo());
    assert_eq!(session.state, three);
    assert_eq!(session.log().len(), 3);
    assert!(session.rewinds() == 2 && session.take_unsaved());
}

/// A decision's seed depends on the game, the seat, the step and what it is for: not on the launch's
/// seed, an undo and redo on the way, or the game having been saved and loaded.
#[test]
fn a_decision_seed_is_the_same_whenever_the_game_reaches_the_step() {
    let mut session = played(3);
    let seed = session.decision_seed(0, 0);
    assert!(session.undo() && session.redo());
    assert_eq!(
        session.decision_seed(0, 0),
        seed,
        "after an undo and a redo"
    );
    // Another launch's seed, the same record (as a save loaded in another run makes it).
    let record = session.record().unwrap().clone();
    let loaded = Session::recorded(
        Recorder::from_record(record).unwrap(),
        session.seats.clone(),
        99,
    );
    assert_eq!(loaded.decision_seed(0, 0), seed, "the game loaded");
    assert_ne!(session.decision_seed(1, 0), seed, "another seat");
    assert_ne!(session.decision_seed(0, 1), seed, "a hint");
    assert_ne!(played(2).decision_seed(0, 0), seed, "another step");
    let other = Recorder::<IceTowers>::new(Setup::new(2, 4)).unwrap();
    let other = Session::recorded(other, session.seats.clone(), 3);
    assert_ne!(
        other.decision_seed(0, 0),
        played(0).decision_seed(0, 0),
        "another game"
    );
    // Begun from a position, a game has no setup: its own seed goes in.
    let state = session.state.clone();
    let at = |seed| Session::new(state.clone(), vec![SeatKind::Ai; 2], seed).decision_seed(0, 0);
    assert_ne!(at(1), at(2));
}

#[test]
fn ai_moves_alone_cannot_be_undone_and_an_unrecorded_game_neither() {
    let recorder = Recorder::<IceTowers>::new(Setup::new(2, 3)).unwrap();
    let mut ai = Session::recorded(recorder, vec![SeatKind::Ai, SeatKind::Ai], 3);
    let action = ai.state.legal_actions(0)[0].clone();
    ai.act(0, &action).unwrap();
    assert!(!ai.can_undo() && !ai.undo());
    let mut scene = Session::new(
        IceTowers::new(&Setup::new(2, 3)).unwrap(),
        vec![SeatKind::Human; 2],
        3,
    );
    scene.act(0, &action).unwrap();
    assert_eq!(scene.log().len(), 1);
    assert!(scene.record().is_none() && !scene.can_undo());
}

#[test]
fn a_script_lets_only_its_next_move_through_while_the_game_follows_it() {
    let mut app = app();
    let start = state(&app);
    let legal = start.legal_actions(0);
    let (scripted, other) = (legal[0].clone(), legal[1].clone());
    let mut record = Record::<IceTowers>::new(Setup::new(2, 1));
    record.steps.push(Step::Act {
        seat: 0,
        action: scripted.clone(),
    });
    app.insert_resource(Script(record));
    // An AI seat's off-script request (a late or repeated one) is dropped without a word.
    let ai_move = start.legal_actions(1)[0].clone();
    app.world_mut().write_message(PlayAction::<IceTowers> {
        seat: 1,
        action: ai_move,
    });
    app.update();
    assert_eq!(state(&app), start);
    assert!(!app.world().resource::<Notice>().is_error);
    // Another legal move of the human is refused, naming the scripted one, and changes nothing.
    app.world_mut().write_message(PlayAction::<IceTowers> {
        seat: 0,
        action: other.clone(),
    });
    app.update();
    assert_eq!(state(&app), start);
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.is_error && notice.text.contains("tutorial"),
        "{notice:?}"
    );
    let session = app.world().resource::<Session<IceTowers>>();
    let script = app.world().resource::<Script<IceTowers>>();
    assert_eq!(script.followed(session), Some(0));
    assert_eq!(script.next_move(session), Some((0, &scripted)));
    // The scripted move goes through; past the script's end any move does.
    app.world_mut().write_message(PlayAction::<IceTowers> {
        seat: 0,
        action: scripted,
    });
    app.update();
    let session = app.world().resource::<Session<IceTowers>>();
    assert_eq!(session.steps(), 1);
    let script = app.world().resource::<Script<IceTowers>>();
    assert_eq!(script.followed(session), Some(1));
    assert_eq!(script.next_move(session), None);
    let next = state(&app).legal_actions(0)[0].clone();
    app.world_mut().write_message(PlayAction::<IceTowers> {
        seat: 0,
        action: next,
    });
    app.update();
    assert_eq!(app.world().resource::<Session<IceTowers>>().steps(), 2);
}

#[test]
fn a_script_for_another_setup_holds_nothing_back() {
    let app = app();
    let script = Script(Record::<IceTowers>::new(Setup::new(2, 99)));
    let session = app.world().resource::<Session<IceTowers>>();
    assert_eq!(script.followed(session), None);
    assert_eq!(script.next_move(session), None);
}

#[test]
fn a_board_drawn_from_the_bag_sounds_one_draw_and_the_roll_after_it_its_own() {
    use hoarfrost_rules::ice_colony::{IceColony, Setup as ColonySetup};
    let mut app = crate::plugins::session::test_app::<IceColony>();
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_secs_f32(CHANCE_PAUSE + 0.05),
    ));
    listen(&mut app);
    let recorder = Recorder::<IceColony>::new(ColonySetup::new(2, 3)).unwrap();
    app.insert_resource(Session::recorded(recorder, vec![SeatKind::Human; 2], 3));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    // The 25 terrain pieces and the dice-off, each resolved after the pause.
    for _ in 0..60 {
        app.update();
    }
    let session = app.world().resource::<Session<IceColony>>();
    assert!(
        matches!(session.state.to_act(), ToAct::Seats(_)),
        "{:?}",
        session.log()
    );
    let chance = session
        .log()
        .iter()
        .filter(|l| l.starts_with("chance: "))
        .count();
    assert!(chance > 25, "{:?}", session.log());
    assert_eq!(
        heard(&app),
        vec![Cue::Draw, Cue::Roll],
        "{:?}",
        session.log()
    );
}

#[test]
fn a_named_human_seat_is_saved_with_its_name_and_an_ai_seat_never() {
    let recorder = Recorder::<IceTowers>::new(Setup::new(3, 1)).unwrap();
    let mut session = Session::recorded(
        recorder,
        vec![SeatKind::Human, SeatKind::Ai, SeatKind::Human],
        1,
    );
    session.names = vec!["Anna".into(), "Robot".into(), String::new()];
    assert_eq!(session.seat_words(), ["human:Anna", "ai", "human"]);
    // An AI seat's level is saved with it; a human seat has none.
    session.levels = vec![Some(Level::Easy), Some(Level::Hard)];
    assert_eq!(session.seat_words(), ["human:Anna", "ai:hard", "human"]);
    assert_eq!(
        (session.level(0), session.level(1)),
        (None, Some(Level::Hard))
    );
    assert_eq!(
        (
            session.player(0),
            session.player(1),
            session.player(2),
            session.player(7)
        ),
        (Some("Anna"), None, None, None)
    );
}

#[test]
fn a_table_click_plays_for_the_human_seat_to_act_and_only_a_left_click_while_a_human_acts() {
    let state =
        hoarfrost_rules::sprawl::Sprawl::new(&hoarfrost_rules::sprawl::Setup::new(3, 5)).unwrap();
    let to_move = state.current_player();
    let mut seats = vec![SeatKind::Ai; 3];
    seats[to_move] = SeatKind::Human;
    let session = Session::new(state, seats, 5);
    let human = State::new(TurnPhase::HumanToAct);
    let click = |button, phase: &State<TurnPhase>, session: Option<&Session<_>>| {
        human_click(button, Some(phase), session).map(|(_, seat)| seat)
    };
    assert_eq!(
        click(PointerButton::Primary, &human, Some(&session)),
        Some(to_move)
    );
    assert_eq!(
        click(PointerButton::Secondary, &human, Some(&session)),
        None
    );
    assert_eq!(click(PointerButton::Primary, &human, None), None, "no game");
    let ai = State::new(TurnPhase::AiToAct);
    assert_eq!(click(PointerButton::Primary, &ai, Some(&session)), None);
    assert!(human_click(PointerButton::Primary, None, Some(&session)).is_none());
    // The human seat is not the one to move: nobody the click could play for.
    let mut others = session.seats.clone();
    others.rotate_left(1);
    let not_theirs = Session::new(session.state.clone(), others, 5);
    assert_eq!(
        click(PointerButton::Primary, &human, Some(&not_theirs)),
        None
    );
}

#[test]
fn a_position_file_is_read_as_a_save_is_and_a_save_given_as_one_is_named() {
    use hoarfrost_rules::sprawl::Sprawl;
    let dir = crate::plugins::core::testing::scratch::Scratch::new("positions");
    let text = std::fs::read_to_string("scenes/positions/sprawl-branch.ron").unwrap();
    let bom = dir.join("bom.ron");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    assert!(
        load_position::<Sprawl>(&bom).is_ok(),
        "a byte-order mark is dropped"
    );
    let folder = load_position::<Sprawl>(&dir).err().unwrap();
    assert!(folder.contains("not a plain file"), "{folder}");
    let save = dir.join("save.ron");
    let saved =
        hoarfrost_rules::fuzz::targets::sample_save(hoarfrost_rules::GameKind::Sprawl, 3, 20)
            .unwrap();
    std::fs::write(&save, saved).unwrap();
    let said = load_position::<Sprawl>(&save).err().unwrap();
    assert!(
        said.contains("is a saved game, not a table position"),
        "{said}"
    );
}
