//! The title screen: pick a game, its seats (human or AI, a colour where the game lets players
//! choose, a human player's name) and a seed, then start; or continue the last game, load or
//! replay a save, or open the settings or the records.
//! With `--game` on the command line it is skipped and the game starts at once.

use std::time::SystemTime;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::catalog::SeatColouring;
use hoarfrost_rules::{GameKind, Hue};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::NAME_LIMIT;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::storage::Storage;
use crate::plugins::session::new_game::{SetupChoice, fresh_seed};
use crate::plugins::session::registry::Games;
use crate::plugins::ui::rules_window;
use crate::plugins::ui::save_menu::{LastGame, Menus, title_buttons};

pub(crate) fn plugin(app: &mut App) {
    // The first game of the list until one has been played (settings_menu::load_settings).
    app.insert_resource(SetupChoice::new(
        GameKind::IceFortress,
        &[SeatKind::Human, SeatKind::Ai],
        1,
    ))
    .add_plugins(seed_logic)
    .add_systems(Startup, start_from_command_line)
    .add_systems(
        EguiPrimaryContextPass,
        title_menu.run_if(
            in_state(Screen::Title)
                .and_then(|m: Res<Menus>| !m.load_open() && !m.settings && !m.records)
                .and_then(not(crate::plugins::ui::lobby::online_shown)),
        ),
    )
    .add_systems(
        Update,
        start_by_key
            .in_set(crate::systems::Frame::Input)
            .run_if(in_state(Screen::Title).and_then(crate::systems::keys_free)),
    );
}

/// Start the game picked (or its tutorial), as the title screen's buttons do, unless the seats
/// do not suit it.
fn start(
    choice: &mut SetupChoice,
    tutorial: bool,
    notice: &mut Notice,
    next: &mut NextState<Screen>,
) {
    if choice.problem().is_none() {
        choice.tutorial = tutorial;
        notice.info("");
        next.set(Screen::Playing);
    }
}

/// Enter on the title screen is Start (while the Load, Settings and Records windows are closed).
fn start_by_key(
    keys: Res<ButtonInput<KeyCode>>,
    menus: Res<Menus>,
    mut choice: ResMut<SetupChoice>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::Enter) && !menus.load_open() && !menus.settings && !menus.records
    {
        start(&mut choice, false, &mut notice, &mut next);
    }
}

/// Each time the title screen comes back after a game, its seed is a new one, so Start deals a new
/// game rather than the one just played (type a seed to play a deal again).
fn seed_logic(app: &mut App) {
    for exited in [Screen::Playing, Screen::GameOver] {
        app.add_systems(
            OnTransition {
                exited,
                entered: Screen::Title,
            },
            |mut choice: ResMut<SetupChoice>| choice.seed = fresh_seed(),
        );
    }
}

pub(crate) fn start_from_command_line(
    options: Res<LaunchOptions>,
    mut choice: ResMut<SetupChoice>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    // A soak run starts its own games (plugins::dev::soak).
    let Some(game) = options.game.filter(|_| options.soak.is_none()) else {
        // The title screen: the seed asked for, else a new deal each run.
        choice.seed = options.seed.unwrap_or_else(fresh_seed);
        return;
    };
    *choice = launch_choice(game, &options);
    match choice.launch_problem() {
        // A hosted table waits in its lobby (`ui::lobby` hosts it from this choice).
        None if options.host => {}
        None => next.set(Screen::Playing),
        Some(problem) => {
            eprintln!("hoarfrost: {problem}");
            notice.error(problem);
        }
    }
}

/// The setup `--game` starts: its seats ([`launch_seats`]), the position or tutorial asked for,
/// and Ice Fortress's `--difficulty` and `--jumbo-assist`.
fn launch_choice(game: GameKind, options: &LaunchOptions) -> SetupChoice {
    let mut choice = launch_seats(game, options);
    choice.scene = options.scene.clone();
    choice.tutorial = options.tutorial;
    if let Some(d) = options.difficulty {
        choice.difficulty = d;
    }
    choice.jumbo_assist |= options.jumbo_assist;
    choice
}

/// The seats `--game` starts with: those `--seats` names, as they are (a count the game does not
/// take is refused with a word), in the colours `--colours` gives; without `--seats`, a human and
/// an AI seat, with AI seats added up to the game's least number (three for Sprawl).
fn launch_seats(game: GameKind, options: &LaunchOptions) -> SetupChoice {
    let seed = options.seed.unwrap_or(1);
    let Some(kinds) = &options.seats else {
        let mut choice = SetupChoice::new(game, &[SeatKind::Human, SeatKind::Ai], seed);
        choice.pick(game);
        return choice;
    };
    let mut choice = SetupChoice::new(game, kinds, seed);
    for (seat, name) in choice.seats.iter_mut().zip(&options.names) {
        seat.name.clone_from(name);
    }
    for (seat, &hue) in choice
        .seats
        .iter_mut()
        .zip(options.colours.iter().flatten())
    {
        seat.hue = hue;
    }
    choice
}

/// One row per seat: human or AI, a human player's name or an AI seat's level, and its colour
/// where the game lets players choose one (shown as the rules give it where they fix it).
fn seat_rows(ui: &mut egui::Ui, choice: &mut SetupChoice) {
    let (game, colouring) = (choice.game, choice.game.seat_colouring());
    for (i, seat) in choice.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Seat {}", i + 1));
            ui.selectable_value(&mut seat.kind, SeatKind::Human, "Human");
            ui.selectable_value(&mut seat.kind, SeatKind::Ai, "AI");
            if seat.kind == SeatKind::Human {
                ui.add(
                    egui::TextEdit::singleline(&mut seat.name)
                        .hint_text("name")
                        .char_limit(NAME_LIMIT)
                        .desired_width(90.0),
                )
                .on_hover_text(
                    "The player's name (or leave it empty: the seat goes by its name in the game, \
                     such as Red or Player 1)",
                );
            }
            if seat.kind == SeatKind::Ai && game.plays_levels() {
                let shown = seat.level.map_or("game's own AI", |l| l.name());
                egui::ComboBox::from_id_salt(("level", i))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut seat.level, None, "game's own AI");
                        for level in Level::ALL {
                            ui.selectable_value(&mut seat.level, Some(level), level.name());
                        }
                    });
            }
            match &colouring {
                SeatColouring::Chosen => {
                    egui::ComboBox::from_id_salt(("hue", i))
                        .selected_text(seat.hue.name())
                        .show_ui(ui, |ui| {
                            for hue in Hue::ALL {
                                ui.selectable_value(&mut seat.hue, hue, hue.name());
                            }
                        });
                }
                SeatColouring::Fixed(names) => {
                    if let Some(name) = names.get(i) {
                        ui.label(*name)
                            .on_hover_text("The rules give each seat of this game its colour");
                    }
                }
                SeatColouring::Uncoloured => {}
            }
        });
    }
}

/// How wide the column beside the game list that sums up the game picked is, in points.
const SUMMARY_WIDTH: f32 = 300.0;

/// What the title screen's window reads and changes.
#[derive(SystemParam)]
struct TitleMenu<'w, 's> {
    choice: ResMut<'w, SetupChoice>,
    notice: ResMut<'w, Notice>,
    next: ResMut<'w, NextState<Screen>>,
    menus: ResMut<'w, Menus>,
    storage: Res<'w, Storage>,
    last: Res<'w, LastGame>,
    games: Res<'w, Games>,
    commands: Commands<'w, 's>,
}

/// The title screen's window: the game list with what the game picked is about, its seats and
/// options, and the buttons that start, load or replay a game.
fn title_menu(
    mut contexts: EguiContexts,
    mut m: TitleMenu,
    mut summary: Local<Option<(GameKind, String)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Hoarfrost")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.heading("Pick a game");
            game_list(ui, &mut m.choice, &m.games, &mut summary);
            ui.separator();
            choice_rows(ui, &mut m.choice, &m.games);
            ui.separator();
            start_row(ui, &mut m);
            ui.separator();
            title_buttons(
                ui,
                (&mut m.menus, &m.last),
                (&m.storage, &m.games),
                &mut m.notice,
                &mut m.commands,
            );
            if let Some(line) = m.last.line(SystemTime::now()) {
                ui.small(line);
            }
        });
    Ok(())
}

/// The games registered, one radio button each, beside how many play the one picked and what it is
/// about (its rules text's first lines, read once per game picked).
fn game_list(
    ui: &mut egui::Ui,
    choice: &mut SetupChoice,
    games: &Games,
    summary: &mut Option<(GameKind, String)>,
) {
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            for game in games.iter().map(|g| g.kind) {
                if ui.radio(choice.game == game, game.title()).clicked() {
                    choice.pick(game);
                }
            }
        });
        ui.add_space(12.0);
        ui.vertical(|ui| {
            ui.set_width(SUMMARY_WIDTH);
            if summary.as_ref().is_none_or(|(g, _)| *g != choice.game) {
                *summary = Some((choice.game, rules_window::summary(games, choice.game)));
            }
            let range = choice.game.seats();
            ui.strong(format!("{} to {} players", range.start(), range.end()));
            if let Some((_, text)) = summary.as_ref() {
                ui.label(text);
            }
        });
    });
}

/// The seats (how many, and each one's kind, colour, level and name), the game's own options and
/// the seed.
fn choice_rows(ui: &mut egui::Ui, choice: &mut SetupChoice, games: &Games) {
    let range = choice.game.seats();
    let mut n = choice.seats.len();
    let word = hoarfrost_rules::words::noun(n as i64, "seat", "seats");
    ui.add(egui::Slider::new(&mut n, range).text(word));
    if n != choice.seats.len() {
        choice.set_count(n);
    }
    seat_rows(ui, choice);
    if let Some(game) = games.get(choice.game) {
        (game.title_options)(ui, choice);
    }
    ui.horizontal(|ui| {
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut choice.seed));
    });
}

/// Why the choice cannot start (or the last error), then Start, the tutorial and the rules.
fn start_row(ui: &mut egui::Ui, m: &mut TitleMenu) {
    let problem = m.choice.problem();
    if let Some(p) = &problem {
        ui.colored_label(egui::Color32::LIGHT_RED, p);
    } else if m.notice.is_error && !m.notice.text.is_empty() {
        let said = hoarfrost_rules::words::capitalized(&m.notice.text);
        ui.colored_label(egui::Color32::LIGHT_RED, said);
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(problem.is_none(), egui::Button::new("Start"))
            .on_hover_text("Enter")
            .clicked()
        {
            start(&mut m.choice, false, &mut m.notice, &mut m.next);
        }
        let game = m.choice.game;
        if m.games.get(game).is_some()
            && ui
                .button(format!("Learn {} (tutorial)", game.title()))
                .on_hover_text("A game whose first turns are guided, move by move")
                .clicked()
        {
            start(&mut m.choice, true, &mut m.notice, &mut m.next);
        }
        if ui
            .button("Rules")
            .on_hover_text(format!("F1: the rules of {}", game.title()))
            .clicked()
        {
            m.menus.rules = Some(game);
        }
    });
    ui.horizontal(|ui| {
        crate::plugins::ui::lobby::title_buttons(ui, &m.choice, &mut m.commands);
        // An open rules window follows the game picked.
        if m.menus.rules.is_some_and(|g| g != m.choice.game) {
            m.menus.rules = Some(m.choice.game);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::session::new_game::DEALT_SEEDS;

    #[test]
    fn a_game_started_without_seats_gets_as_many_as_it_takes_and_named_seats_stay_as_named() {
        let kinds = |c: &SetupChoice| c.seats.iter().map(|s| s.kind).collect::<Vec<_>>();
        let (human, ai) = (SeatKind::Human, SeatKind::Ai);
        let bare = LaunchOptions::default();
        let sprawl = launch_choice(GameKind::Sprawl, &bare);
        assert_eq!(
            kinds(&sprawl),
            [human, ai, ai],
            "Sprawl takes three at least"
        );
        assert_eq!(sprawl.launch_problem(), None);
        for game in [
            GameKind::IceTowers,
            GameKind::IceCastle,
            GameKind::IceFortress,
        ] {
            assert_eq!(kinds(&launch_choice(game, &bare)), [human, ai], "{game:?}");
        }
        let two = LaunchOptions {
            seats: Some(vec![human, ai]),
            names: vec!["Anna".into()],
            ..default()
        };
        let named = launch_choice(GameKind::Sprawl, &two);
        assert_eq!(kinds(&named), [human, ai], "the seats asked for, as asked");
        assert_eq!(named.seats[0].name, "Anna");
        assert!(
            named.launch_problem().is_some(),
            "two seats are refused with a word"
        );
    }

    #[test]
    fn launch_colours_go_to_the_seats_in_order() {
        let options = LaunchOptions::parse(
            "--game ice-castle --seats human:Anna,ai,ai --colours cyan,Black,red"
                .split_whitespace()
                .map(str::to_string),
        )
        .unwrap();
        let choice = launch_choice(GameKind::IceCastle, &options);
        assert_eq!(choice.hues(), [Hue::Cyan, Hue::Black, Hue::Red]);
        assert_eq!(choice.seats[0].name, "Anna");
        assert_eq!(choice.launch_problem(), None);
    }

    #[test]
    fn launch_difficulty_and_jumbo_assist_go_to_the_setup() {
        let launch = |flags: &str| {
            let options =
                LaunchOptions::parse(flags.split_whitespace().map(str::to_string)).unwrap();
            launch_choice(GameKind::IceFortress, &options)
        };
        let plain = launch("--game ice-fortress");
        assert!(!plain.jumbo_assist, "the rulebook's setup unless asked");
        let assisted = launch("--game ice-fortress --difficulty 4 --jumbo-assist");
        assert!(assisted.jumbo_assist);
        assert_eq!(assisted.difficulty, 4);
        assert_ne!(plain.difficulty, 4);
    }

    /// The screen after Enter is pressed on the title screen with `seats` picked for IceTowers and
    /// the windows `open` opens.
    fn after_enter(seats: &[SeatKind], open: fn(&mut Menus)) -> Screen {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .add_plugins((
                crate::systems::order_frame,
                crate::plugins::core::screens::plugin,
            ))
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Notice>()
            .init_resource::<Menus>()
            .insert_resource(SetupChoice::new(GameKind::IceTowers, seats, 1))
            .add_systems(Update, start_by_key.run_if(in_state(Screen::Title)));
        open(&mut app.world_mut().resource_mut::<Menus>());
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Enter);
        app.update();
        app.update();
        *app.world().resource::<State<Screen>>().get()
    }

    #[test]
    fn enter_starts_the_game_picked_unless_a_window_is_open_or_the_seats_do_not_suit() {
        let two = [SeatKind::Human, SeatKind::Ai];
        assert_eq!(after_enter(&two, |_| {}), Screen::Playing);
        assert_eq!(
            after_enter(&two, |m| m.settings = true),
            Screen::Title,
            "Settings open"
        );
        assert_eq!(
            after_enter(&two, |m| m.records = true),
            Screen::Title,
            "Records open"
        );
        // IceTowers takes two to six seats.
        assert_eq!(after_enter(&[SeatKind::Human], |_| {}), Screen::Title);
    }

    #[test]
    fn the_title_screen_deals_a_new_seed_each_run_and_after_each_game() {
        use bevy::state::app::StatesPlugin;
        let title_app = |seed: Option<u64>| {
            let mut app = App::new();
            app.add_plugins((
                MinimalPlugins,
                StatesPlugin,
                crate::plugins::core::screens::plugin,
            ))
            .insert_resource(LaunchOptions { seed, ..default() })
            .insert_resource(SetupChoice::new(GameKind::Sprawl, &[SeatKind::Ai; 3], 1))
            .init_resource::<Notice>()
            .add_plugins(seed_logic)
            .add_systems(Startup, start_from_command_line);
            app.update();
            app
        };
        let seed = |app: &App| app.world().resource::<SetupChoice>().seed;
        let go = |app: &mut App, to: Screen| {
            app.world_mut().resource_mut::<NextState<Screen>>().set(to);
            app.update();
        };
        assert_eq!(
            seed(&title_app(Some(7))),
            7,
            "--seed names the title's seed"
        );
        // Each run deals its own: three runs that all dealt the same seed are one chance in 10^12.
        let runs: Vec<u64> = (0..3).map(|_| seed(&title_app(None))).collect();
        assert!(runs.iter().any(|&s| s != runs[0]), "{runs:?}");
        let mut app = title_app(None);
        let mut seen = vec![seed(&app)];
        go(&mut app, Screen::Playing);
        assert_eq!(seed(&app), seen[0], "the game is dealt from the seed shown");
        for end in [
            Screen::Title,
            Screen::Playing,
            Screen::GameOver,
            Screen::Title,
        ] {
            go(&mut app, end);
            seen.push(seed(&app));
        }
        assert!(
            seen.iter().all(|s| (1..=DEALT_SEEDS).contains(s)),
            "{seen:?}"
        );
        // Back at the title after a game (from play, from game over): a new seed each time.
        assert_ne!(seen[1], seen[0], "{seen:?}");
        assert_ne!(seen[4], seen[3], "{seen:?}");
    }

    #[test]
    fn a_colour_is_offered_only_where_the_game_lets_players_choose_one() {
        let seats = |game| {
            let mut c = SetupChoice::new(game, &[SeatKind::Human, SeatKind::Ai], 1);
            c.pick(game);
            c
        };
        let shown = |game| {
            crate::plugins::core::testing::egui_test::labels(|ui| seat_rows(ui, &mut seats(game)))
        };
        let hue_names = |labels: &[String]| -> Vec<String> {
            let names: Vec<&str> = Hue::ALL.iter().map(|h| h.name()).collect();
            let mut found: Vec<String> = labels
                .iter()
                .filter(|l| names.contains(&l.as_str()))
                .cloned()
                .collect();
            found.sort();
            found.dedup();
            found
        };
        assert_eq!(
            hue_names(&shown(GameKind::Sprawl)),
            ["Green", "Red", "Yellow"]
        );
        // Ice Colony's rules seat White and Orange; Red and Yellow are its terrain.
        let colony = shown(GameKind::IceColony);
        assert_eq!(hue_names(&colony), ["Orange", "White"]);
        assert!(!colony.iter().any(|l| l == "Red" || l == "Yellow"));
        assert!(hue_names(&shown(GameKind::IceFortress)).is_empty());
        // Colours nobody chooses cannot clash.
        let mut c = seats(GameKind::IceColony);
        c.seats[1].hue = c.seats[0].hue;
        assert_eq!(c.problem(), None);
        c.pick(GameKind::IceTowers);
        c.seats[1].hue = c.seats[0].hue;
        assert!(c.problem().unwrap().contains("same colour"));
    }
}
