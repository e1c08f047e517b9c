//! The whole save path in a headless app: moves through the action path, autosave, undo and redo,
//! a save to a slot, loading it back over a game in progress, a bad file, and a replay.

use std::path::Path;

use hoarfrost_rules::bots::Level;
use hoarfrost_rules::icetowers::{IceTowers, Setup};
use hoarfrost_rules::{Game, GameKind, Recorder, ToAct};

use super::*;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::TurnPhase;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::testing::scratch::Scratch;
use crate::plugins::session::PlayAction;
use crate::plugins::session::loading::{LoadMode, stage, stage_file};
use crate::plugins::session::registry::every_game;

/// A headless app playing IceTowers for two human seats; a stand-in for the table builds a fresh
/// session from the title choice whenever play starts, as the real tables do.
fn app(root: &Path) -> App {
    let mut app = crate::plugins::session::test_app::<IceTowers>();
    app.insert_resource(Storage::under(root))
        .insert_resource(LaunchOptions::default())
        .insert_resource(SetupChoice::new(
            GameKind::IceTowers,
            &[SeatKind::Human, SeatKind::Human],
            4,
        ))
        .add_plugins((
            plugin::<IceTowers>,
            crate::plugins::session::loading::plugin,
        ))
        .add_systems(
            OnEnter(Screen::Playing),
            |mut commands: Commands, choice: Res<SetupChoice>| {
                let setup = Setup::new(choice.seats.len(), choice.seed);
                let recorder = Recorder::<IceTowers>::new(setup).expect("a valid setup");
                let mut session = Session::recorded(recorder, choice.kinds(), choice.seed);
                session.names = choice.names();
                session.levels = choice.levels();
                commands.insert_resource(session);
            },
        );
    crate::systems::start_playing(&mut app);
    app
}

fn session(app: &App) -> &Session<IceTowers> {
    app.world().resource::<Session<IceTowers>>()
}

/// Seat 1 plays its first legal action through the action path.
fn play_one(app: &mut App) {
    let state = session(app).state.clone();
    assert!(matches!(state.to_act(), ToAct::Seats(s) if s.contains(&0)));
    let action = state.legal_actions(0)[0].clone();
    app.world_mut()
        .write_message(PlayAction::<IceTowers> { seat: 0, action });
    app.update();
}

fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    app.update();
}

fn steps_in(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).expect("the file exists");
    save::load::<IceTowers>(&text)
        .expect("a valid save")
        .recorder
        .len()
}

/// The warnings banner's line of `topic`, if shown.
fn banner(app: &App, topic: &str) -> Option<String> {
    app.world()
        .resource::<Warnings>()
        .get(topic)
        .map(str::to_string)
}

/// The player leaves the tutorial, as the side panel's button does.
fn leave_tutorial(app: &mut App) {
    app.world_mut()
        .run_system_cached(|mut commands: Commands| {
            crate::plugins::session::tutorial::leave::<IceTowers>(&mut commands)
        })
        .unwrap();
    app.update();
}

#[test]
fn a_failing_autosave_is_told_once_not_at_every_move() {
    // The data folder's place is taken by a file: no autosave can be written there.
    let root = Scratch::new("autosave-fails");
    std::fs::write(root.join("data"), "a file, not a folder").unwrap();
    let mut app = app(&root);
    play_one(&mut app);
    let told = app.world().resource::<Notice>().shown();
    assert!(
        app.world()
            .resource::<Notice>()
            .text
            .starts_with("The autosave failed"),
        "{:?}",
        app.world().resource::<Notice>()
    );
    // The other human's move: the notice tells the move, and the same failure is not told again.
    let state = session(&app).state.clone();
    let action = state.legal_actions(1)[0].clone();
    app.world_mut()
        .write_message(PlayAction::<IceTowers> { seat: 1, action });
    app.update();
    let notice = app.world().resource::<Notice>();
    assert_eq!(
        notice.shown(),
        told + 1,
        "only the move was told: {notice:?}"
    );
    assert!(!notice.is_error, "{notice:?}");
    // The banner keeps saying it while it fails, and lets it go once the autosave works again.
    assert!(banner(&app, FAILING).is_some_and(|b| b.starts_with("The autosave failed")));
    std::fs::remove_file(root.join("data")).unwrap();
    play_one(&mut app);
    assert_eq!(banner(&app, FAILING), None);
    assert_eq!(steps_in(&Storage::under(&root).autosave().unwrap()), 3);
}

#[test]
fn the_first_autosave_sets_aside_an_autosave_that_does_not_open() {
    let root = Scratch::new("autosave-unread");
    let storage = Storage::under(&root);
    let damaged = "(format: 1, game: \"icetowers\", seats: [";
    write_file(&storage.autosave().unwrap(), damaged).unwrap();
    let mut app = app(&root);
    play_one(&mut app);
    let kept = root.join("data/autosave-unread.ron");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), damaged);
    assert_eq!(steps_in(&storage.autosave().unwrap()), 1);
    let said = &app.world().resource::<Notice>().text;
    assert!(said.contains("autosave-unread.ron"), "{said}");
    assert!(banner(&app, SET_ASIDE).is_some_and(|b| b.contains("autosave-unread.ron")));
    // From then on the autosave is this game's, written over at every move: the check is made once.
    write_file(&storage.autosave().unwrap(), damaged).unwrap();
    play_one(&mut app);
    assert_eq!(steps_in(&storage.autosave().unwrap()), 2);
    assert!(!root.join("data/autosave-unread-2.ron").exists());
}

#[test]
fn leaving_a_tutorial_before_any_step_keeps_the_last_games_autosave() {
    let root = Scratch::new("leave-at-start");
    let storage = Storage::under(&root);
    let last = hoarfrost_rules::fuzz::targets::sample_save(GameKind::IceColony, 2, 5).unwrap();
    write_file(&storage.autosave().unwrap(), &last).unwrap();
    let mut app = app(&root);
    assert_eq!(session(&app).steps(), 0);
    leave_tutorial(&mut app);
    app.update();
    let text = std::fs::read_to_string(storage.autosave().unwrap()).unwrap();
    assert_eq!(text, last, "the last game's autosave stays");
    // A step played and undone: the autosave holds this game at step 0, and leaving rewrites it
    // (here over a stand-in for the marked save it was).
    play_one(&mut app);
    command(&mut app, GameCommand::Undo);
    assert_eq!(session(&app).steps(), 0);
    write_file(&storage.autosave().unwrap(), &last).unwrap();
    leave_tutorial(&mut app);
    assert_eq!(steps_in(&storage.autosave().unwrap()), 0, "rewritten");
}

#[test]
fn an_autosave_that_does_not_open_and_cannot_be_set_aside_is_not_written_over() {
    let root = Scratch::new("autosave-stuck");
    let storage = Storage::under(&root);
    let damaged = "(format: 1, game: ";
    write_file(&storage.autosave().unwrap(), damaged).unwrap();
    for n in 1..1000 {
        let name = match n {
            1 => "autosave-unread.ron".to_string(),
            n => format!("autosave-unread-{n}.ron"),
        };
        write_file(&root.join("data").join(name), "").unwrap();
    }
    let mut app = app(&root);
    play_one(&mut app);
    let said = app.world().resource::<Notice>();
    assert!(said.is_error, "{}", said.text);
    assert!(said.text.contains("nothing is autosaved"), "{}", said.text);
    let told = said.shown();
    assert!(banner(&app, FAILING).is_some_and(|b| b.contains("nothing is autosaved")));
    play_one(&mut app);
    let text = std::fs::read_to_string(storage.autosave().unwrap()).unwrap();
    assert_eq!(text, damaged, "left as it was");
    let said = app.world().resource::<Notice>();
    assert_eq!(said.shown(), told + 1, "only the move was told again");
    assert!(!said.is_error);
    assert!(banner(&app, FAILING).is_some(), "the banner still says so");
    // Once a name is free again, it is set aside and this game autosaved.
    std::fs::remove_file(root.join("data/autosave-unread-7.ron")).unwrap();
    play_one(&mut app);
    assert_eq!(steps_in(&storage.autosave().unwrap()), 3);
    let kept = std::fs::read_to_string(root.join("data/autosave-unread-7.ron")).unwrap();
    assert_eq!(kept, damaged);
    assert_eq!(banner(&app, FAILING), None);
    assert!(banner(&app, SET_ASIDE).is_some_and(|b| b.contains("autosave-unread-7.ron")));
}

#[test]
fn play_undo_redo_save_and_load_back() {
    let root = Scratch::new("save-flow");
    let mut app = app(&root);
    let mut states = vec![session(&app).state.clone()];
    for _ in 0..3 {
        play_one(&mut app);
        states.push(session(&app).state.clone());
    }
    assert_eq!(session(&app).steps(), 3);
    let storage = Storage::under(&root);
    let autosave = storage.autosave().unwrap();
    assert_eq!(steps_in(&autosave), 3, "the autosave follows every move");

    command(&mut app, GameCommand::Undo);
    assert_eq!(
        (session(&app).steps(), &session(&app).state),
        (2, &states[2])
    );
    assert_eq!(steps_in(&autosave), 2, "an undo is autosaved too");
    command(&mut app, GameCommand::Redo);
    assert_eq!(
        (session(&app).steps(), &session(&app).state),
        (3, &states[3])
    );
    let rewinds = session(&app).rewinds();
    // A marker in place of the autosave: any write, even of the same game, replaces it (file times
    // would not tell on a file system that keeps whole seconds).
    std::fs::write(&autosave, "not written over").unwrap();
    command(&mut app, GameCommand::Redo);
    let said = app.world().resource::<Notice>();
    assert!(said.is_error, "nothing left to redo");
    assert!(said.text.starts_with("Nothing to redo: "), "{}", said.text);
    // Refused, it changes nothing: no rewind (the AI would drop its decision), no autosave.
    assert_eq!(session(&app).rewinds(), rewinds);
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        "not written over"
    );

    command(&mut app, GameCommand::Save);
    let slot = storage.saves_dir().unwrap().join("icetowers-001.ron");
    assert_eq!(steps_in(&slot), 3);
    command(&mut app, GameCommand::Save);
    assert!(
        storage
            .saves_dir()
            .unwrap()
            .join("icetowers-002.ron")
            .exists()
    );

    play_one(&mut app);
    assert_eq!(session(&app).steps(), 4);
    let garbage = root.join("garbage.ron");
    std::fs::write(&garbage, "(format: 1, game: ").unwrap();
    // Refused while staging, before anything in the app is touched.
    assert!(stage_file(&every_game(), &garbage, LoadMode::Resume).is_err());

    let staged = stage_file(&every_game(), &slot, LoadMode::Resume).expect("the save loads");
    (staged.apply)(app.world_mut());
    app.update();
    app.update();
    assert!(!app.world().contains_resource::<Pending<IceTowers>>());
    assert_eq!(
        (session(&app).steps(), &session(&app).state),
        (3, &states[3])
    );
    // The loaded game goes on, with undo back into its saved moves.
    play_one(&mut app);
    assert_eq!(session(&app).steps(), 4);
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Undo);
    assert_eq!(session(&app).state, states[2]);
}

#[test]
fn the_players_names_and_ai_levels_are_saved_and_come_back_with_the_game() {
    let root = Scratch::new("names");
    let mut app = app(&root);
    app.world_mut().resource_mut::<SetupChoice>().seats[0].name = "  Anna ".into();
    // A third seat, an AI seat playing at a level (this test app has no AI: it never moves).
    let mut choice = app.world_mut().resource_mut::<SetupChoice>();
    choice.set_count(3);
    (choice.seats[2].kind, choice.seats[2].level) = (SeatKind::Ai, Some(Level::Hard));
    for screen in [Screen::Title, Screen::Playing] {
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(screen);
        app.update();
        app.update();
    }
    assert_eq!(session(&app).player(0), Some("Anna"));
    assert_eq!(session(&app).player(1), None, "no name typed");
    play_one(&mut app);
    command(&mut app, GameCommand::Save);
    let slot = Storage::under(&root)
        .saves_dir()
        .unwrap()
        .join("icetowers-001.ron");
    let text = std::fs::read_to_string(&slot).unwrap();
    assert_eq!(
        save::peek(&text).unwrap().seats,
        ["human:Anna", "human", "ai:hard"]
    );

    let mut choice = app.world_mut().resource_mut::<SetupChoice>();
    choice.seats[0].name = "Zed".into();
    choice.seats[2].level = None;
    let staged = stage_file(&every_game(), &slot, LoadMode::Resume).expect("the save loads");
    (staged.apply)(app.world_mut());
    app.update();
    app.update();
    assert_eq!(session(&app).steps(), 1);
    assert_eq!(session(&app).player(0), Some("Anna"), "the save's name");
    assert_eq!(
        session(&app).level(2),
        Some(Level::Hard),
        "the save's level"
    );
}

#[test]
fn an_undo_sounds_its_own_cue_and_a_redo_a_move() {
    let root = Scratch::new("undo-cues");
    let mut app = app(&root);
    crate::systems::cues::listen(&mut app);
    play_one(&mut app);
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Redo);
    // Nothing left to redo: no cue from the session (the notice's refusal has its own).
    command(&mut app, GameCommand::Redo);
    app.update();
    let heard = crate::systems::cues::heard(&app);
    assert_eq!(heard, vec![Cue::Move, Cue::Undo, Cue::Move]);
}

#[test]
fn a_replay_shows_each_position_and_takes_no_action() {
    let root = Scratch::new("replay-flow");
    let mut app = app(&root);
    let mut states = vec![session(&app).state.clone()];
    for _ in 0..3 {
        play_one(&mut app);
        states.push(session(&app).state.clone());
    }
    let text = save_text(session(&app), false).unwrap();
    // A fourth move in the autosave, which a replay of the first three must leave alone.
    play_one(&mut app);
    let autosave = Storage::under(&root).autosave().unwrap();
    assert_eq!(steps_in(&autosave), 4);
    let staged = stage(&every_game(), &text, LoadMode::Replay).expect("the game replays");
    (staged.apply)(app.world_mut());
    app.update();
    app.update();
    assert!(session(&app).is_replay());
    assert_eq!(session(&app).state, states[0]);
    assert_eq!(
        *app.world().resource::<State<TurnPhase>>().get(),
        TurnPhase::Replay
    );
    let action = states[0].legal_actions(0)[0].clone();
    app.world_mut()
        .write_message(PlayAction::<IceTowers> { seat: 0, action });
    app.update();
    assert_eq!(session(&app).state, states[0], "nobody acts in a replay");
    // Nor is a replay saved or undone (Ctrl+S and Ctrl+Z reach these commands): each says why.
    for refused in [GameCommand::Save, GameCommand::Undo] {
        command(&mut app, refused);
        let notice = app.world().resource::<Notice>();
        assert!(
            notice.is_error && notice.text.contains("replay"),
            "{}",
            notice.text
        );
    }
    let saves = Storage::under(&root).saves_dir().unwrap();
    assert!(
        !saves.join("icetowers-001.ron").exists(),
        "a replay was saved"
    );
    for n in [2, 3, 1, 0] {
        app.world_mut()
            .resource_mut::<Session<IceTowers>>()
            .replay_to(n);
        app.update();
        assert_eq!(session(&app).state, states[n]);
    }
    assert_eq!(
        steps_in(&autosave),
        4,
        "watching a replay does not autosave"
    );
}

#[test]
fn a_game_saved_in_its_tutorial_loads_back_into_it_and_no_other_game_does() {
    let shipped = <IceTowers as crate::plugins::session::registry::TableGame>::tutorial;
    use crate::plugins::session::tutorial::Notes;
    use hoarfrost_rules::record::{Record, Step};

    let root = Scratch::new("tutorial-load");
    let mut app = app(&root);
    app.add_plugins(crate::plugins::session::tutorial::plugin::<IceTowers>(
        shipped,
    ));
    let script = shipped().unwrap().script;
    let seats = vec!["human".to_string(), "human".to_string()];
    let load = |app: &mut App, name: &str, tutorial: bool, record: &Record<IceTowers>| {
        let path = root.join(name);
        std::fs::write(&path, save::to_string(&seats, tutorial, record).unwrap()).unwrap();
        (stage_file(&every_game(), &path, LoadMode::Resume)
            .unwrap()
            .apply)(app.world_mut());
        app.update();
        app.update();
    };
    let in_tutorial = |app: &App| {
        app.world()
            .get_resource::<Script<IceTowers>>()
            .and_then(|s| s.followed(session(app)))
    };
    let said = |app: &App| app.world().resource::<Notice>().text.clone();
    let mut first_three = script.0.clone();
    first_three.steps.truncate(3);

    // Three steps into the tutorial, saved in it: the tutorial goes on.
    load(&mut app, "tutorial.ron", true, &first_three);
    assert_eq!(in_tutorial(&app), Some(3));
    assert!(app.world().contains_resource::<Notes>());
    assert!(said(&app).contains("in the tutorial"), "{}", said(&app));

    // The same moves saved outside the tutorial (a player who chose its setup and happened to
    // play them): an ordinary game.
    load(&mut app, "same-moves.ron", false, &first_three);
    assert_eq!(session(&app).steps(), 3);
    assert_eq!(in_tutorial(&app), None);
    assert!(!app.world().contains_resource::<Notes>());
    assert!(!said(&app).contains("tutorial"), "{}", said(&app));

    // A game marked as the tutorial's but gone its own way: an ordinary game.
    let mut record = script.0.clone();
    record.steps.truncate(1);
    let state = Recorder::<IceTowers>::from_record(record.clone())
        .unwrap()
        .state()
        .clone();
    let scripted = |n: usize| match &script.0.steps[n] {
        Step::Act { seat, action } => Some((*seat, action.clone())),
        _ => None,
    };
    let other = state
        .legal_actions(1)
        .into_iter()
        .find(|a| scripted(1).map(|(_, s)| s).as_ref() != Some(a))
        .unwrap();
    record.steps.push(Step::Act {
        seat: 1,
        action: other,
    });
    load(&mut app, "own-way.ron", true, &record);
    assert_eq!(session(&app).steps(), 2);
    assert_eq!(in_tutorial(&app), None);
    assert!(!said(&app).contains("tutorial"), "{}", said(&app));

    // Played on in the tutorial, the autosave is marked; once the player leaves it, not.
    load(&mut app, "tutorial.ron", true, &first_three);
    let (seat, action) = scripted(3).expect("the script's fourth step is a move");
    app.world_mut()
        .write_message(PlayAction::<IceTowers> { seat, action });
    app.update();
    assert_eq!(in_tutorial(&app), Some(4));
    let autosave = || {
        let text = std::fs::read_to_string(Storage::under(&root).autosave().unwrap()).unwrap();
        save::peek(&text).unwrap()
    };
    assert_eq!(autosave().steps, 4);
    assert!(autosave().tutorial, "saved in the tutorial");
    command(&mut app, GameCommand::Save);
    let slot = Storage::under(&root)
        .saves_dir()
        .unwrap()
        .join("icetowers-001.ron");
    let slot = save::peek(&std::fs::read_to_string(slot).unwrap()).unwrap();
    assert!(
        slot.tutorial && slot.steps == 4,
        "a save to a slot is marked too"
    );
    // Leaving the tutorial writes the autosave again, unmarked, before any other move.
    leave_tutorial(&mut app);
    assert_eq!(in_tutorial(&app), None);
    assert_eq!(autosave().steps, 4);
    assert!(!autosave().tutorial, "saved on leaving the tutorial");
    play_one(&mut app);
    assert_eq!(autosave().steps, 5);
    assert!(!autosave().tutorial, "saved after leaving the tutorial");
}

#[test]
fn leaving_a_tutorial_continued_at_step_0_rewrites_the_autosave_unmarked() {
    let shipped = <IceTowers as crate::plugins::session::registry::TableGame>::tutorial;
    use crate::plugins::session::loading::stage_autosave;

    let root = Scratch::new("tutorial-step-0");
    let storage = Storage::under(&root);
    let mut app = app(&root);
    app.add_plugins(crate::plugins::session::tutorial::plugin::<IceTowers>(
        shipped,
    ));
    let mut start = shipped().unwrap().script.0;
    start.steps.clear();
    let seats = vec!["human".to_string(), "human".to_string()];
    let marked = save::to_string(&seats, true, &start).unwrap();
    let autosave = || {
        let text = std::fs::read_to_string(storage.autosave().unwrap()).unwrap();
        save::peek(&text).unwrap()
    };
    let in_tutorial = |app: &App| app.world().contains_resource::<Script<IceTowers>>();
    // The tutorial undone to step 0 and autosaved there (by this build or an older one of the same
    // save format): Continue brings it back in the tutorial, and leaving it writes the autosave
    // again, unmarked, though no step was played.
    let version = format!("app_version: \"{}\"", save::APP_VERSION);
    let older = marked.replacen(&version, "app_version: \"0.0.1\"", 1);
    assert_ne!(older, marked);
    for text in [&marked, &older] {
        write_file(&storage.autosave().unwrap(), text).unwrap();
        (stage_autosave(&every_game(), &storage).unwrap().apply)(app.world_mut());
        app.update();
        app.update();
        assert!(in_tutorial(&app));
        leave_tutorial(&mut app);
        assert!(!in_tutorial(&app));
        assert_eq!(autosave().steps, 0);
        assert!(!autosave().tutorial, "rewritten unmarked");
    }
    // The same game from a slot, the last game's autosave beside it: leaving at step 0 keeps it.
    let last = hoarfrost_rules::fuzz::targets::sample_save(GameKind::IceColony, 2, 5).unwrap();
    write_file(&storage.autosave().unwrap(), &last).unwrap();
    let slot = root.join("tutorial.ron");
    write_file(&slot, &marked).unwrap();
    (stage_file(&every_game(), &slot, LoadMode::Resume)
        .unwrap()
        .apply)(app.world_mut());
    app.update();
    app.update();
    assert!(in_tutorial(&app));
    leave_tutorial(&mut app);
    assert!(!in_tutorial(&app));
    assert_eq!(
        std::fs::read_to_string(storage.autosave().unwrap()).unwrap(),
        last,
        "the last game's autosave stays"
    );
}
