//! The in-game side panel for any game: seats and scores, a tutorial's note and the move it asks
//! for, the last notice (an illegal move's reason), undo, redo, save, load and hint buttons (with
//! the hint), the game log with seat names, and per-game extras (such as IceTowers's Stop buttons).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::{Game, Seat, ToAct};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::pause::Pause;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::ui_style;
use crate::plugins::session::hint::{AskHint, Hint, HintState, hint_seat};
use crate::plugins::session::loading::LoadMode;
use crate::plugins::session::saving::{self, GameCommand};
use crate::plugins::session::tutorial;
use crate::plugins::session::words::{
    HudSpec, named_line, seat_label, seat_names, with_first_player, with_kind,
};
use crate::plugins::session::{PlayAction, Script, Session};
use crate::plugins::table::held;
use crate::plugins::ui::save_menu::Menus;
use crate::systems::Frame;

/// Seat colours chosen on the title screen, for games whose rules do not know them (Ice Castle); the
/// panel's swatches use them when present. Removed when the title screen shows.
#[derive(Resource, Default, Debug, Clone)]
pub struct SeatColours(pub Vec<egui::Color32>);

/// The keys and mouse, the same at every table (each game's `help` says what its clicks do).
pub const CONTROLS: &str = "Right drag or arrow keys: orbit. Middle drag or Shift+right drag: pan. Wheel: zoom.\n\
    R or Home: reset the view. P: pause the game. Space: play or pause a replay.\n\
    Esc, or a click on the bare table: put down what you picked (Esc first closes an open window).\n\
    H: hint. F1: rules. M: sound on/off. 1 to 9: the panel's choices, in order.\n\
    Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z): undo / redo. Ctrl+S: save. Ctrl+O: load. Ctrl+,: settings. F11: fullscreen.";

/// Actions a click on the table could mean, offered as buttons until one is picked.
#[derive(Resource)]
pub struct Choices<G: Game>(pub Vec<G::Action>);

impl<G: Game> Default for Choices<G> {
    fn default() -> Self {
        Choices(Vec::new())
    }
}

/// Registers the HUD for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.init_resource::<Choices<G>>()
        .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<SeatColours>();
        })
        .add_systems(
            Update,
            clear_choices::<G>
                .in_set(Frame::Mirror)
                .run_if(resource_exists_and_changed::<Session<G>>),
        )
        .add_plugins(held::put_down::<Choices<G>>)
        .add_systems(
            Update,
            choose_by_key::<G>.in_set(Frame::Input).run_if(
                resource_exists::<Session<G>>
                    .and_then(resource_exists::<HudSpec<G>>)
                    .and_then(in_state(Screen::Playing))
                    .and_then(crate::systems::keys_free),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            side_panel::<G>
                .in_set(SidePanel)
                .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
        );
}

/// Drops the panel's choices of game `G` when the player picks something else (`R`, what the
/// player holds, changed): they were the moves of the earlier pick. `R` must be written only when
/// the pick changes, not at every click.
pub fn drop_choices_on_pick<G: Game, R: Resource>(app: &mut App) {
    app.add_systems(
        Update,
        clear_choices::<G>.run_if(resource_exists_and_changed::<R>),
    );
}

/// A move was made (or another pick): the old choices no longer apply.
fn clear_choices<G: Game>(mut choices: ResMut<Choices<G>>) {
    if !choices.0.is_empty() {
        choices.0.clear();
    }
}

/// The game log: every step with its player's name; in a replay the current step stands out.
fn game_log<G: Recorded>(ui: &mut egui::Ui, session: &Session<G>, spec: &HudSpec<G>) {
    let at = session.replay().map(|r| r.position());
    let name = |seat: Seat| seat_names(spec, session, seat);
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .stick_to_bottom(at.is_none())
        .show(ui, |ui| {
            for (i, line) in session.log().iter().enumerate() {
                let text = format!("{}. {}", i + 1, named_line(line, session.seats.len(), name));
                match at {
                    Some(at) if i + 1 == at => {
                        let label = ui.label(
                            egui::RichText::new(text)
                                .small()
                                .strong()
                                .color(egui::Color32::from_rgb(255, 220, 120)),
                        );
                        label.scroll_to_me(None);
                    }
                    Some(at) if i >= at => {
                        ui.label(egui::RichText::new(text).small().weak());
                    }
                    _ => {
                        ui.small(text);
                    }
                }
            }
        });
}

/// Undo, redo, save, load and hint, greyed out when they do not apply.
fn game_buttons<G: Recorded>(
    ui: &mut egui::Ui,
    session: &Session<G>,
    commands: &mut MessageWriter<GameCommand>,
    menus: &mut Menus,
    ask: &mut MessageWriter<AskHint>,
) {
    ui.horizontal(|ui| {
        let undo = ui.add_enabled(session.can_undo(), egui::Button::new("Undo"));
        if undo
            .on_hover_text("Ctrl+Z")
            .on_disabled_hover_text(saving::nothing_to("undo", session))
            .clicked()
        {
            commands.write(GameCommand::Undo);
        }
        let redo = ui.add_enabled(session.can_redo(), egui::Button::new("Redo"));
        if redo
            .on_hover_text("Ctrl+Y")
            .on_disabled_hover_text(saving::nothing_to("redo", session))
            .clicked()
        {
            commands.write(GameCommand::Redo);
        }
        let saveable = session.record().is_some() && !session.is_replay();
        let save = ui.add_enabled(saveable, egui::Button::new("Save"));
        if save.on_hover_text("Ctrl+S").clicked() {
            commands.write(GameCommand::Save);
        }
        let offline = session.online_seat().is_none();
        let load = ui.add_enabled(offline, egui::Button::new("Load"));
        if load
            .on_hover_text("Ctrl+O")
            .on_disabled_hover_text("Leave the online table first (Back to the title screen)")
            .clicked()
        {
            menus.open_load(LoadMode::Resume);
        }
        let hint = ui.add_enabled(hint_seat(session).is_some(), egui::Button::new("Hint"));
        if hint
            .on_hover_text("H: the move the AI would make in your place")
            .clicked()
        {
            ask.write(AskHint);
        }
        if ui
            .button("Rules")
            .on_hover_text(format!("F1: the rules of {}", G::KIND.title()))
            .clicked()
        {
            menus.rules = match menus.rules {
                Some(_) => None,
                None => Some(G::KIND),
            };
        }
    });
}

/// The hint asked for, if any: the move named, with a button that plays it.
fn hint_line<G: Recorded>(
    ui: &mut egui::Ui,
    session: &Session<G>,
    hint: &Hint<G>,
    play: &mut MessageWriter<PlayAction<G>>,
) -> bool {
    match &hint.state {
        HintState::Idle => return false,
        HintState::Thinking { .. } => {
            ui.label("Thinking of a hint...");
        }
        HintState::Ready { seat, action } => {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "Hint: {}",
                    session.state.action_to_string(*seat, action)
                ));
                if ui.small_button("Play it").clicked() {
                    play.write(PlayAction {
                        seat: *seat,
                        action: action.clone(),
                    });
                }
            });
        }
        HintState::Unavailable(why) => {
            ui.label(why);
        }
    }
    true
}

/// The side panel's system, for a game's own windows to be drawn after it (egui puts the window
/// drawn last on top, its title bar lit).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SidePanel;

/// What the side panel reads and sends.
#[derive(SystemParam)]
struct Panel<'w, 's, G: Recorded> {
    session: Res<'w, Session<G>>,
    spec: Res<'w, HudSpec<G>>,
    notice: Res<'w, Notice>,
    choices: Res<'w, Choices<G>>,
    colours: Option<Res<'w, SeatColours>>,
    play: MessageWriter<'w, PlayAction<G>>,
    game_commands: MessageWriter<'w, GameCommand>,
    menus: ResMut<'w, Menus>,
    next: ResMut<'w, NextState<Screen>>,
    pause: Option<Res<'w, State<Pause>>>,
    next_pause: ResMut<'w, NextState<Pause>>,
    hint: Res<'w, Hint<G>>,
    ask: MessageWriter<'w, AskHint>,
    script: Option<Res<'w, Script<G>>>,
    notes: Option<Res<'w, tutorial::Notes>>,
    commands: Commands<'w, 's>,
}

fn side_panel<G: Recorded>(mut contexts: EguiContexts, mut p: Panel<G>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(p.spec.title)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(300.0)
        // Room to lay out in (see `panel_height`).
        .min_height(ui_style::panel_height(ctx))
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            // Past the window's height (a small window, a long log and the help open) the panel
            // scrolls rather than running off the screen.
            egui::ScrollArea::vertical()
                .max_height(ui_style::panel_height(ui.ctx()))
                .show(ui, |ui| panel_contents(ui, &mut p));
        });
    Ok(())
}

/// The panel from top to bottom: seats, the game's lines, the tutorial's note, the moves offered,
/// the game's buttons and the hint, the notice, the log and how to play.
fn panel_contents<G: Recorded>(ui: &mut egui::Ui, p: &mut Panel<G>) {
    let (session, spec) = (&p.session, &p.spec);
    seat_rows(ui, session, spec, p.colours.as_deref(), &mut p.play);
    // The panel's lines and the notice name a seat's player before the seat.
    let seats = session.seats.len();
    let names = |seat| seat_names(spec, session, seat);
    for line in (spec.extra_lines)(&session.state) {
        ui.label(with_first_player(&line, seats, names).unwrap_or(line));
    }
    if let (Some(script), Some(notes)) = (&p.script, &p.notes) {
        let mut leave = false;
        tutorial::section(ui, session, script, notes, &mut p.play, &mut leave);
        if leave {
            tutorial::leave::<G>(&mut p.commands);
        }
    }
    let shown =
        crate::plugins::table::markers::move_shown(session, p.script.as_deref(), Some(&p.hint))
            .map(|(_, action)| action.clone());
    offered_actions(ui, session, spec, &p.choices, shown.as_ref(), &mut p.play);
    ui.separator();
    if !session.is_replay() {
        game_buttons(ui, session, &mut p.game_commands, &mut p.menus, &mut p.ask);
        if let Some(pause) = &p.pause
            && leave_row(ui, &mut p.menus, &mut p.next, **pause == Pause::Paused)
        {
            p.next_pause.set(crate::plugins::ui::pause::toggled(pause));
        }
        ui.separator();
        if hint_line(ui, session, &p.hint, &mut p.play) {
            ui.separator();
        }
    }
    notice_line(ui, &p.notice, |text| with_first_player(text, seats, names));
    egui::CollapsingHeader::new("Game log")
        .default_open(session.is_replay())
        .show(ui, |ui| game_log(ui, session, spec));
    egui::CollapsingHeader::new("How to play")
        .default_open(false)
        .show(ui, |ui| {
            ui.small(spec.help);
            ui.separator();
            ui.small(CONTROLS);
        });
}

/// The notice (an illegal move's reason in red, else what just happened), with the player's name
/// before the seat it starts with (`named`).
fn notice_line(ui: &mut egui::Ui, notice: &Notice, named: impl Fn(&str) -> Option<String>) {
    if notice.text.is_empty() {
        return;
    }
    let colour = if notice.is_error {
        egui::Color32::LIGHT_RED
    } else {
        egui::Color32::LIGHT_GRAY
    };
    // The rules' refusals begin in lower case ("that square is taken"): shown alone, a notice
    // begins as a sentence does.
    let text =
        named(&notice.text).unwrap_or_else(|| hoarfrost_rules::words::capitalized(&notice.text));
    ui.colored_label(colour, text);
    ui.separator();
}

/// The widest a seat's line may widen the side panel (in points): eight Sprawl seats' lines fit;
/// a longer one (a player's long name) wraps instead of widening the panel over the table.
const SEAT_LINE_WIDTH: f32 = 345.0;

/// A seat's swatch: the colour chosen on the title screen where the rules do not know it
/// ([`SeatColours`]), else the game's own (`rules_colour`).
pub fn swatch_colour(
    colours: Option<&SeatColours>,
    seat: Seat,
    rules_colour: egui::Color32,
) -> egui::Color32 {
    colours
        .and_then(|c| c.0.get(seat).copied())
        .unwrap_or(rules_colour)
}

/// Whether it is `seat`'s turn: it alone is to act (in IceTowers, where every seat may move at
/// once, only when every other seat has agreed to stop), or chance acts (a roll, a draw) within
/// the turn the game's `turn` gives.
pub fn on_turn<G: Game>(state: &G, turn: fn(&G) -> Option<Seat>, seat: Seat) -> bool {
    match state.to_act() {
        ToAct::Seats(seats) => seats == [seat],
        ToAct::Chance => turn(state) == Some(seat),
        ToAct::Over => false,
    }
}

/// One line per seat: its colour, name, human or AI, its status and its own button (if any); the
/// seat whose turn it is marked with ▶ and in the strong text colour.
fn seat_rows<G: Recorded>(
    ui: &mut egui::Ui,
    session: &Session<G>,
    spec: &HudSpec<G>,
    colours: Option<&SeatColours>,
    play: &mut MessageWriter<PlayAction<G>>,
) {
    for seat in 0..session.state.num_seats() {
        let (name, rules_colour) = seat_label(spec, session, seat);
        let colour = swatch_colour(colours, seat, rules_colour);
        let human = session.seats[seat] == SeatKind::Human;
        let who = session.who(seat);
        let turn = on_turn(&session.state, spec.turn, seat);
        let line = format!(
            "{}{}: {}",
            if turn { "▶ " } else { "" },
            with_kind(&name, who),
            (spec.seat_status)(&session.state, seat)
        );
        let button = spec
            .seat_button
            .filter(|_| human && !session.is_replay())
            .and_then(|b| b(&session.state, seat));
        let label = button.as_ref().map(|(label, _)| label.as_ref());
        if seat_row(ui, colour, (line, turn), label)
            && let Some((_, action)) = button
        {
            play.write(PlayAction { seat, action });
        }
    }
}

/// A seat's row: its colour, its line (in the strong text colour when `strong`) and its own
/// button (true when that is clicked). A line wider than [`SEAT_LINE_WIDTH`] wraps in the panel's
/// width; a shorter one widens the panel.
fn seat_row(
    ui: &mut egui::Ui,
    colour: egui::Color32,
    (line, strong): (String, bool),
    button: Option<&str>,
) -> bool {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = ui
        .painter()
        .layout_no_wrap(line.clone(), font, egui::Color32::WHITE)
        .size()
        .x;
    let row = |ui: &mut egui::Ui| {
        swatch(ui, colour);
        let text = egui::RichText::new(line);
        ui.label(if strong { text.strong() } else { text });
        button.is_some_and(|label| ui.small_button(label).clicked())
    };
    if width > SEAT_LINE_WIDTH {
        ui.horizontal_wrapped(row).inner
    } else {
        ui.horizontal(row).inner
    }
}

/// The human seat that may act now and the actions the panel offers it as buttons: the game's own
/// and the choices a click on the table left open. `None` when no human may act or nothing is offered.
pub fn offered<G: Recorded>(
    session: &Session<G>,
    spec: &HudSpec<G>,
    choices: &Choices<G>,
) -> Option<(Seat, Vec<G::Action>)> {
    let seat = (0..session.seats.len())
        .find(|&s| session.seats[s] == SeatKind::Human && session.may_act(s))?;
    let mut offered: Vec<G::Action> = (spec.panel_actions)(&session.state, seat);
    offered.extend(choices.0.iter().cloned());
    (!offered.is_empty()).then_some((seat, offered))
}

/// The keys that pick the panel's offered actions, first to ninth.
const CHOICE_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// The actions the panel offers the human seat to act, as buttons; keys 1 to 9 pick them too. The
/// one the hint or the tutorial shows (`shown`) stands out in gold, as the markers on the table do.
fn offered_actions<G: Recorded>(
    ui: &mut egui::Ui,
    session: &Session<G>,
    spec: &HudSpec<G>,
    choices: &Choices<G>,
    shown: Option<&G::Action>,
    play: &mut MessageWriter<PlayAction<G>>,
) {
    let Some((seat, offered)) = offered(session, spec, choices) else {
        return;
    };
    ui.separator();
    let (name, _) = seat_label(spec, session, seat);
    let keys = match offered.len() {
        1 => " (key 1)".to_string(),
        n => format!(" (keys 1 to {})", n.min(CHOICE_KEYS.len())),
    };
    ui.label(format!("{name}, choose{keys}:"));
    for (i, action) in offered.into_iter().enumerate() {
        let text = session.state.action_to_string(seat, &action);
        let marked = shown == Some(&action);
        let button = if marked {
            let gold =
                crate::plugins::core::palette::to_egui(crate::plugins::core::palette::NAMED_MOVE);
            ui.button(egui::RichText::new(text).strong().color(gold))
        } else {
            ui.button(text)
        };
        let key = (i < CHOICE_KEYS.len()).then(|| format!("Key {}", i + 1));
        let button = match (key, marked) {
            (Some(key), true) => {
                button.on_hover_text(format!("{key}: the move the hint or tutorial names"))
            }
            (Some(key), false) => button.on_hover_text(key),
            (None, true) => button.on_hover_text("The move the hint or tutorial names"),
            (None, false) => button,
        };
        if button.clicked() {
            play.write(PlayAction { seat, action });
        }
    }
}

/// Keys 1 to 9 play the panel's offered actions, as a click on their buttons does.
fn choose_by_key<G: Recorded>(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Res<Session<G>>,
    spec: Res<HudSpec<G>>,
    choices: Res<Choices<G>>,
    mut play: MessageWriter<PlayAction<G>>,
) {
    let Some(keys) = keys else { return };
    let Some(i) = CHOICE_KEYS.iter().position(|k| keys.just_pressed(*k)) else {
        return;
    };
    if let Some((seat, offered)) = offered(&session, &spec, &choices)
        && let Some(action) = offered.into_iter().nth(i)
    {
        play.write(PlayAction { seat, action });
    }
}

/// "Back to the title screen", "Settings" and "Pause" (or "Go on", when `paused`); true when
/// Pause or Go on was clicked.
fn leave_row(
    ui: &mut egui::Ui,
    menus: &mut Menus,
    next: &mut NextState<Screen>,
    paused: bool,
) -> bool {
    ui.horizontal(|ui| {
        if ui
            .button("Back to the title screen")
            .on_hover_text(
                "Pick another game; once a move is made this one is in the autosave \
                 (Continue on the title screen brings it back)",
            )
            .clicked()
        {
            next.set(Screen::Title);
        }
        if ui
            .button("Settings")
            .on_hover_text("Ctrl+,: graphics, camera, animation and AI speed")
            .clicked()
        {
            menus.settings = true;
        }
        let (label, tip) = if paused {
            ("Go on", "P: play on")
        } else {
            (
                "Pause",
                "P: AI seats, rolls and draws wait; moves are refused until you go on",
            )
        };
        ui.button(label).on_hover_text(tip).clicked()
    })
    .inner
}

/// A seat's colour as a small square with a grey rim, so that a black seat shows on the dark panel.
pub fn swatch(ui: &mut egui::Ui, colour: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(11.0, 11.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, colour);
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, egui::Color32::GRAY),
        egui::StrokeKind::Inside,
    );
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Keys 1 to 9 play the panel's offered actions in order, as their buttons do; a key past the
    /// last offered plays nothing.
    #[test]
    fn a_number_key_plays_the_panels_choice_of_that_number() {
        use hoarfrost_rules::sprawl::{Action, Setup, Sprawl, Square};
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(crate::plugins::session::words::test_spec::<Sprawl>(
                |s, seat| {
                    (
                        s.hue(seat).name().to_string(),
                        bevy_egui::egui::Color32::WHITE,
                    )
                },
            ))
            .add_plugins(plugin::<Sprawl>);
        let state = Sprawl::new(&Setup::new(3, 4)).unwrap();
        app.insert_resource(Session::new(state, vec![SeatKind::Human; 3], 4));
        crate::systems::start_playing(&mut app);
        let (a1, b2) = (Square::new(0, 0), Square::new(1, 1));
        app.world_mut().resource_mut::<Choices<Sprawl>>().0 = vec![
            Action::PlaceFirstTower { sq: a1, size: 3 },
            Action::PlaceFirstTower { sq: b2, size: 1 },
        ];
        let board = |app: &App, sq| {
            let session = app.world().resource::<Session<Sprawl>>();
            session.state.board().tower(sq).is_some()
        };
        crate::systems::tap(&mut app, KeyCode::Digit3);
        app.update();
        assert!(
            !board(&app, a1) && !board(&app, b2),
            "there is no third choice"
        );
        crate::systems::tap(&mut app, KeyCode::Digit2);
        app.update();
        assert!(board(&app, b2), "the second choice was played");
        assert!(!board(&app, a1));
    }

    #[test]
    fn another_pick_drops_the_choices_offered_for_the_one_before() {
        use hoarfrost_rules::icetowers::{Action, IceTowers};
        #[derive(Resource, Default)]
        struct Pick(u8);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Choices<IceTowers>>()
            .init_resource::<Pick>()
            .add_plugins(drop_choices_on_pick::<IceTowers, Pick>);
        app.update();
        let offer = |app: &mut App| {
            app.world_mut().resource_mut::<Choices<IceTowers>>().0 = vec![Action::Stop];
            app.update();
            !app.world().resource::<Choices<IceTowers>>().0.is_empty()
        };
        assert!(offer(&mut app), "the same pick keeps its choices");
        app.world_mut().resource_mut::<Pick>().0 = 1;
        app.update();
        assert!(app.world().resource::<Choices<IceTowers>>().0.is_empty());
    }

    #[test]
    fn a_colour_chosen_on_the_title_screen_colours_the_seat_where_there_is_one() {
        let rules = egui::Color32::RED;
        let chosen = SeatColours(vec![egui::Color32::BLUE]);
        assert_eq!(swatch_colour(Some(&chosen), 0, rules), egui::Color32::BLUE);
        assert_eq!(
            swatch_colour(Some(&chosen), 1, rules),
            rules,
            "no colour for seat 1"
        );
        assert_eq!(swatch_colour(None, 0, rules), rules);
    }

    #[test]
    fn a_long_seat_line_wraps_and_a_sprawl_line_widens_the_panel() {
        // In egui's own font (about 5 points a character here): about 420 and 310 points wide.
        let long =
            "Wolfgang Amadeus, Player 1 (South, human): 4 cards, standing on the castle at C3";
        let sprawl = "Yellow (AI): 27 points in stash (1s: 5, 2s: 5, 3s: 4), 1 card";
        let rects = crate::plugins::core::testing::egui_test::rects(|ui| {
            egui::Window::new("panel")
                .default_width(300.0)
                .resizable(false)
                .show(ui.ctx(), |ui| {
                    for line in [long, sprawl] {
                        seat_row(
                            ui,
                            egui::Color32::RED,
                            (line.to_string(), false),
                            Some("Stop"),
                        );
                    }
                });
        });
        let rect = |text: &str| rects.iter().find(|(l, _)| l == text).expect(text).1;
        let (long, sprawl) = (rect(long), rect(sprawl));
        assert!(
            long.height() > 1.5 * sprawl.height(),
            "the long line is on one line: {long:?}"
        );
        assert!(
            sprawl.width() > 300.0,
            "the Sprawl line wrapped: {sprawl:?}"
        );
        assert!(
            long.width() <= SEAT_LINE_WIDTH,
            "the long line widened the panel: {long:?}"
        );
    }

    #[test]
    fn the_turn_is_marked_through_its_rolls_and_in_icetowers_only_when_the_rest_stopped() {
        use hoarfrost_rules::ice_colony::{IceColony, Setup as ColonySetup};
        use hoarfrost_rules::icetowers::{IceTowers, Setup as TowersSetup};
        use hoarfrost_rules::sprawl::{Setup as SprawlSetup, Sprawl};
        let sprawl = Sprawl::new(&SprawlSetup::new(4, 3)).unwrap();
        let ToAct::Seats(acting) = sprawl.to_act() else {
            panic!("a seat starts")
        };
        let turn = |s: &Sprawl| Some(s.current_player());
        let marked: Vec<Seat> = (0..4).filter(|&s| on_turn(&sprawl, turn, s)).collect();
        assert_eq!(marked, acting);
        assert_eq!(marked.len(), 1);
        // Ice Colony draws its terrain first: chance, nobody's turn.
        let colony_turn = IceColony::current_seat;
        let mut colony = IceColony::new(&ColonySetup::new(2, 1)).unwrap();
        assert_eq!(colony.to_act(), ToAct::Chance);
        assert!(!(0..2).any(|s| on_turn(&colony, colony_turn, s)));
        // Later a player chooses a territory, and the fate die is rolled for it: chance within
        // that player's turn, which stays marked.
        let mut fate = None;
        for _ in 0..200 {
            match colony.to_act() {
                ToAct::Chance if colony.current_seat().is_some() => {
                    fate = colony.current_seat();
                    break;
                }
                ToAct::Chance => colony.apply_chance(),
                ToAct::Seats(seats) => {
                    let a = colony.legal_actions(seats[0])[0].clone();
                    colony.apply(seats[0], &a).unwrap();
                }
                ToAct::Over => break,
            }
        }
        let roller = fate.expect("a roll within a player's turn");
        let marked: Vec<Seat> = (0..2)
            .filter(|&s| on_turn(&colony, colony_turn, s))
            .collect();
        assert_eq!(marked, vec![roller]);
        let mut towers = IceTowers::new(&TowersSetup::new(3, 1)).unwrap();
        let no_turn = |_: &IceTowers| None;
        assert!(
            !(0..3).any(|s| on_turn(&towers, no_turn, s)),
            "every seat may move"
        );
        // The others have agreed to stop: the last seat alone is to act.
        for seat in [1, 2] {
            towers
                .apply(seat, &hoarfrost_rules::icetowers::Action::Stop)
                .unwrap();
        }
        assert!(on_turn(&towers, no_turn, 0) && !on_turn(&towers, no_turn, 1));
    }

    /// Plays `state` on (first legal moves, chance as it comes) to the first chance step `at`
    /// picks; the seats marked then, by the game's own `turn`, and the seats acting once it is done.
    pub(crate) fn marked_then_acting<G: Game>(
        mut state: G,
        turn: fn(&G) -> Option<Seat>,
        at: impl Fn(&G) -> bool,
    ) -> (Vec<Seat>, ToAct) {
        for _ in 0..5000 {
            match state.to_act() {
                ToAct::Chance if at(&state) => {
                    let marked = (0..state.num_seats())
                        .filter(|&s| on_turn(&state, turn, s))
                        .collect();
                    state.apply_chance();
                    return (marked, state.to_act());
                }
                ToAct::Chance => state.apply_chance(),
                ToAct::Seats(seats) => {
                    let a = state.legal_actions(seats[0])[0].clone();
                    state.apply(seats[0], &a).unwrap();
                }
                ToAct::Over => break,
            }
        }
        panic!("no such chance step");
    }
}
