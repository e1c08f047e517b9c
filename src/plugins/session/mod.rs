//! The game in progress: the rules state as a resource, the seats (and the players' names), its
//! record, and the one path every action takes.
//!
//! Clicks and AI seats both send [`PlayAction`]; [`apply_actions`] plays it through the session's
//! [`Recorder`] (checked by the rules, recorded for saves, undo and the log) or puts the rules' reason
//! in the [`Notice`]. Nothing else changes the rules state. `session.state` is a copy of the
//! recorder's state, refreshed after every step, so systems keep reading it as a plain field.
//! A [`Script`] (the tutorial's scripted opening) lets only its next step through while the game
//! follows it.
//!
//! This folder is the session part of the house: the session itself, the new-game choice
//! (`new_game`), the games' trait and registry (`registry`), the start of a table (`start`),
//! saving, loading, records, AI seats, hints, tutorials and the wording of seats and log lines
//! (`words`). It uses `systems` and `core` only, and no game's folder.

pub mod ai;
pub mod hint;
pub mod loading;
pub mod new_game;
pub mod records;
pub mod registry;
pub mod saving;
pub mod start;
pub mod tutorial;
pub mod words;

use bevy::prelude::*;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::record::{Record, Recorded, Recorder, Replay, Step};
use hoarfrost_rules::{Game, RuleError, Seat, ToAct};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::pause::{PausableSystems, Pause};
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::core::seats::{SeatKind, seat_word};
use crate::systems::cues::{self, ChanceRun, Cue};

/// The session part's plugins that every game shares (the generic ones are added per game by
/// `ui::game_machinery`).
pub(crate) fn shared_plugin(app: &mut App) {
    app.add_plugins((loading::plugin, hint::plugin));
}

/// How the session's steps are kept.
enum Play<G: Recorded> {
    /// A game started from a table position (`--scene`, Ice Fortress or Sprawl): it has no setup, so no
    /// record; only its log lines are kept.
    Unrecorded(Vec<String>),
    /// A game played from its setup, every step recorded.
    Recorded(Recorder<G>),
    /// A recorded game being watched step by step; nobody acts.
    Replay(Replay<G>),
    /// A seat at an online table: the server holds the game; this session shows its seat's view.
    Online(Online<G>),
}

/// A seat at an online table, as its session keeps it: the seat, the server's step and log, the
/// players' names by seat, and the moves clicked and not yet answered.
pub struct Online<G: Game> {
    pub seat: Seat,
    step: u32,
    lines: Vec<String>,
    /// Moves played at this table and not yet sent to the server.
    outbox: Vec<G::Action>,
    /// A move was sent and the server has not answered yet: nothing more is played meanwhile.
    waiting: bool,
    /// Each seat's player's name and whether it is connected; an empty name: the server's AI.
    players: Vec<(String, bool)>,
}

/// The rules state of the game being played, with its seats and record.
#[derive(Resource)]
pub struct Session<G: Recorded> {
    /// The game now (for a replay: at the replay's position).
    pub state: G,
    pub seats: Vec<SeatKind>,
    /// The players' names by seat, as typed on the title screen (empty: the seat goes by its
    /// colour); kept in saves.
    pub names: Vec<String>,
    /// The AI seats' strengths by seat, as chosen on the title screen (`None`: the game's own
    /// bot); kept in saves.
    pub levels: Vec<Option<Level>>,
    /// Seed the game was created from.
    pub seed: u64,
    play: Play<G>,
    /// Counts undos, redos and replacements of the whole game: AI seats drop decisions made before.
    rewinds: u64,
    /// A step was played or undone since the last autosave.
    unsaved: bool,
    /// The autosave was written for this game.
    autosaved: bool,
}

impl<G: Recorded> Session<G> {
    /// A game without a record (started from a table position): it cannot be saved or undone.
    pub fn new(state: G, seats: Vec<SeatKind>, seed: u64) -> Self {
        Session {
            state,
            seats,
            names: Vec::new(),
            levels: Vec::new(),
            seed,
            play: Play::Unrecorded(Vec::new()),
            rewinds: 0,
            unsaved: false,
            autosaved: false,
        }
    }

    /// A game played from its setup (or a loaded one), recorded as it goes.
    pub fn recorded(recorder: Recorder<G>, seats: Vec<SeatKind>, seed: u64) -> Self {
        let mut session = Session::new(recorder.state().clone(), seats, seed);
        session.play = Play::Recorded(recorder);
        session
    }

    /// A recorded game to watch step by step, at its start.
    pub fn replaying(replay: Replay<G>, seats: Vec<SeatKind>, seed: u64) -> Self {
        let mut session = Session::new(replay.state().clone(), seats, seed);
        session.play = Play::Replay(replay);
        session
    }

    /// True if `seat` may act now.
    pub fn may_act(&self, seat: Seat) -> bool {
        let waiting = matches!(&self.play, Play::Online(o) if o.waiting);
        !self.is_replay()
            && !waiting
            && matches!(self.state.to_act(), ToAct::Seats(s) if s.contains(&seat))
    }

    /// A seat at an online table: `view` is the table at step `step` as `seat` may see it, `lines`
    /// the game's log; the other seats are played elsewhere (remote players or the server's AI).
    pub fn online(view: G, seat: Seat, step: u32, lines: Vec<String>) -> Self {
        let seats = crate::plugins::core::seats::only_here(view.num_seats(), seat);
        let mut session = Session::new(view, seats, 0);
        session.play = Play::Online(Online {
            seat,
            step,
            lines,
            outbox: Vec::new(),
            waiting: false,
            players: Vec::new(),
        });
        session
    }

    /// The online seat this session plays, if it is one.
    pub fn online_seat(&self) -> Option<Seat> {
        match &self.play {
            Play::Online(o) => Some(o.seat),
            _ => None,
        }
    }

    /// The server's step of the view shown (online).
    pub fn online_step(&self) -> Option<u32> {
        match &self.play {
            Play::Online(o) => Some(o.step),
            _ => None,
        }
    }

    /// Online: the server's view of step `step` and the log from line `from` on replace the table.
    pub fn take_view(&mut self, view: G, step: u32, from: usize, lines: &[String]) {
        if let Play::Online(o) = &mut self.play {
            o.step = step;
            o.lines.truncate(from);
            o.lines.extend(lines.iter().cloned());
            o.waiting = false;
            self.state = view;
        }
    }

    /// Online: who holds each seat now, by name (empty: the server's AI) and whether connected.
    pub fn set_players(&mut self, players: Vec<(String, bool)>) {
        if let Play::Online(o) = &mut self.play {
            o.players = players;
        }
    }

    /// Who plays `seat`, in a word: "human" or "AI" at one screen; online "you", "online" (a
    /// remote player), "away" (one who dropped) or "AI".
    pub fn who(&self, seat: Seat) -> &'static str {
        match &self.play {
            Play::Online(o) if o.seat == seat => "you",
            Play::Online(o) => match o.players.get(seat) {
                Some((name, _)) if name.is_empty() => "AI",
                Some((_, true)) => "online",
                Some((_, false)) => "away",
                None => "online",
            },
            _ if self.is_human(seat) => "human",
            _ => "AI",
        }
    }

    /// Online: the server refused the move sent; the seat may play again.
    pub fn move_refused(&mut self) {
        if let Play::Online(o) = &mut self.play {
            o.waiting = false;
        }
    }

    /// Online: the moves played here to send to the server, oldest first.
    pub fn take_outbox(&mut self) -> Vec<G::Action> {
        match &mut self.play {
            Play::Online(o) => std::mem::take(&mut o.outbox),
            _ => Vec::new(),
        }
    }

    /// True while a recorded game is being watched.
    pub fn is_replay(&self) -> bool {
        matches!(self.play, Play::Replay(_))
    }

    /// True if `seat` is played by a person.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats.get(seat) == Some(&SeatKind::Human)
    }

    /// The human seat that may act now, if any (the first, where several may).
    pub fn acting_human(&self) -> Option<Seat> {
        (0..self.seats.len()).find(|&s| self.is_human(s) && self.may_act(s))
    }

    /// `seat` plays `action`: checked by the rules (refused with their reason, nothing changed),
    /// recorded, and described for the log; the description is returned.
    pub fn act(&mut self, seat: Seat, action: &G::Action) -> Result<String, RuleError> {
        let text = self.state.action_to_string(seat, action);
        match &mut self.play {
            Play::Replay(_) => return Err(RuleError::new("a replay is being watched")),
            Play::Online(o) => {
                // Checked here against the seat's view (which keeps its legal moves), then sent;
                // the table changes when the server's answer comes.
                self.state.clone().apply(seat, action)?;
                o.outbox.push(action.clone());
                o.waiting = true;
                return Ok(text);
            }
            Play::Recorded(r) => {
                r.act(seat, action)?;
                self.state = r.state().clone();
            }
            Play::Unrecorded(lines) => {
                self.state.apply(seat, action)?;
                lines.push(format!("seat {}: {text}", seat + 1));
            }
        }
        self.unsaved = true;
        Ok(text)
    }

    /// Resolve the pending chance event, if one is pending.
    pub fn chance(&mut self) {
        if self.state.to_act() != ToAct::Chance {
            return;
        }
        match &mut self.play {
            // Online, chance is the server's.
            Play::Replay(_) | Play::Online(_) => return,
            Play::Recorded(r) => {
                if r.chance().is_err() {
                    return;
                }
                self.state = r.state().clone();
            }
            Play::Unrecorded(lines) => {
                let before = self.state.clone();
                self.state.apply_chance();
                lines.push(format!("chance: {}", before.describe_chance(&self.state)));
            }
        }
        self.unsaved = true;
    }

    /// True if a human seat's move can be taken back (to the last point where nothing random or
    /// hidden was revealed).
    pub fn can_undo(&self) -> bool {
        match &self.play {
            Play::Recorded(r) => r.undo_target(|s| self.is_human(s)).is_some(),
            _ => false,
        }
    }

    /// Take back the last human move and every move after it; false if there is none.
    pub fn undo(&mut self) -> bool {
        let seats = self.seats.clone();
        let Play::Recorded(r) = &mut self.play else {
            return false;
        };
        if !r.undo(|s| seats.get(s) == Some(&SeatKind::Human)) {
            return false;
        }
        self.state = r.state().clone();
        self.rewinds += 1;
        self.unsaved = true;
        true
    }

    /// True if undone moves can be played again.
    pub fn can_redo(&self) -> bool {
        matches!(&self.play, Play::Recorded(r) if r.can_redo())
    }

    /// Play the last undone moves again; false if there are none.
    pub fn redo(&mut self) -> bool {
        let Play::Recorded(r) = &mut self.play else {
            return false;
        };
        if !r.can_redo() {
            // Nothing changes: the AI's decisions under way and the autosave stand.
            return false;
        }
        let done = r.redo();
        self.state = r.state().clone();
        self.rewinds += 1;
        self.unsaved = true;
        done
    }

    /// Counts undos, redos and replacements: a decision begun before the count changed is stale.
    pub fn rewinds(&self) -> u64 {
        self.rewinds
    }

    /// Every step so far in plain words ("seat 2: ...", "chance: ..."); in a replay, every step of
    /// the record (see [`Session::replay`] for the position).
    pub fn log(&self) -> &[String] {
        match &self.play {
            Play::Unrecorded(lines) => lines,
            Play::Online(o) => &o.lines,
            Play::Recorded(r) => r.log(),
            Play::Replay(r) => r.lines(),
        }
    }

    /// Steps played so far (in a replay: up to its position).
    pub fn steps(&self) -> usize {
        match &self.play {
            Play::Replay(r) => r.position(),
            Play::Online(o) => o.step as usize,
            _ => self.log().len(),
        }
    }

    /// The game's record; `None` for a game started from a table position.
    /// A seed for a decision of `seat` (an AI seat's move: `salt` 0; a hint: another) at the table
    /// as it stands: the same whenever this game reaches this step, however the frames, pauses
    /// or undos went. It comes from the game's setup where there is a record, so that a loaded
    /// game gets the replies the game it was saved from got (as it gets its dice); from `seed`
    /// for a game begun from a table position.
    pub fn decision_seed(&self, seat: Seat, salt: u64) -> u64 {
        let game = self
            .record()
            .and_then(|r| ron::to_string(&r.setup).ok())
            .map_or(self.seed, |text| hoarfrost_rules::fnv1a(text.into_bytes()));
        let words = [game, seat as u64, self.steps() as u64, salt];
        hoarfrost_rules::fnv1a(words.into_iter().flat_map(u64::to_le_bytes))
    }

    pub fn record(&self) -> Option<&Record<G>> {
        match &self.play {
            Play::Unrecorded(_) | Play::Online(_) => None,
            Play::Recorded(r) => Some(r.record()),
            Play::Replay(r) => Some(r.record()),
        }
    }

    /// The replay being watched.
    pub fn replay(&self) -> Option<&Replay<G>> {
        match &self.play {
            Play::Replay(r) => Some(r),
            _ => None,
        }
    }

    /// Move the replay to the state after `n` steps (clamped to its length).
    pub fn replay_to(&mut self, n: usize) {
        if let Play::Replay(r) = &mut self.play {
            r.jump(n);
            self.state = r.state().clone();
        }
    }

    /// Replace the whole game with `other` (a loaded game or a replay), keeping the seats.
    pub fn replace(&mut self, other: Session<G>) {
        self.state = other.state;
        self.play = other.play;
        self.rewinds += 1;
        self.unsaved = false;
        self.autosaved = false;
    }

    /// Replace the whole game, seats and names included, with `other` (an online game's
    /// finished record); decisions begun before are stale.
    pub fn replace_all(&mut self, other: Session<G>) {
        let rewinds = self.rewinds + 1;
        *self = other;
        self.rewinds = rewinds;
    }

    /// The seats as a save file lists them ([`seat_word`]).
    pub fn seat_words(&self) -> Vec<String> {
        (0..self.seats.len())
            .map(|seat| seat_word(self.seats[seat], self.player(seat), self.level(seat)))
            .collect()
    }

    /// The strength AI seat `seat` was given (`None`: the game's own bot, or not an AI seat).
    pub fn level(&self, seat: Seat) -> Option<Level> {
        // A game the levels do not play (Ice Fortress) keeps its own AI, whatever a save says.
        let ai = self.seats.get(seat) == Some(&SeatKind::Ai) && G::KIND.plays_levels();
        self.levels.get(seat).copied().flatten().filter(|_| ai)
    }

    /// The name of the player at human seat `seat`, if one was given.
    pub fn player(&self, seat: Seat) -> Option<&str> {
        if let Play::Online(o) = &self.play {
            let name = &o.players.get(seat)?.0;
            return (!name.is_empty()).then_some(name.as_str());
        }
        let name = self.names.get(seat)?;
        (self.is_human(seat) && !name.is_empty()).then_some(name.as_str())
    }

    /// Take the "played since the last autosave" mark.
    pub(crate) fn take_unsaved(&mut self) -> bool {
        std::mem::take(&mut self.unsaved)
    }

    /// Ask for the autosave to be written again though no step changed (the tutorial was left).
    pub(crate) fn mark_unsaved(&mut self) {
        self.unsaved = true;
    }

    /// The autosave now holds this game.
    pub(crate) fn mark_autosaved(&mut self) {
        self.autosaved = true;
    }

    /// Whether the autosave was written for this game since it was set up or loaded.
    pub(crate) fn autosaved(&self) -> bool {
        self.autosaved
    }
}

/// A saved table position (a scene file in scenes/positions/): a rules state in RON, checked
/// against the rules' invariants before it is used.
pub fn load_position<G: Game + serde::de::DeserializeOwned>(
    path: &std::path::Path,
) -> Result<G, String> {
    use hoarfrost_rules::save::{self, LoadError};
    let text = save::read_file(path).map_err(|e| match e {
        LoadError::Io(why) => format!("cannot read the position {why}"),
        _ => format!("{} is not a table position (not text)", path.display()),
    })?;
    if matches!(save::peek(&text), Ok(_) | Err(LoadError::Version { .. })) {
        return Err(format!(
            "{} is a saved game, not a table position: open it with Load, or watch it with \
             --replay <file>",
            path.display()
        ));
    }
    let state: G = ron::from_str(&text)
        .map_err(|e| format!("{} is not a position of this game: {e}", path.display()))?;
    state
        .check_position()
        .map_err(|e| format!("the position {} breaks the rules: {e}", path.display()))?;
    Ok(state)
}

/// How a table starts: a new game recorded from its setup, or a saved position (`--scene`), which
/// has no setup and so no record (it can be neither saved nor undone).
pub enum Opening<G: Recorded> {
    New(Recorder<G>),
    Position(G),
}

impl<G: Recorded + serde::de::DeserializeOwned> Opening<G> {
    /// The position at `scene` if one is given, else a new game from `setup`.
    pub fn start(
        scene: Option<&std::path::Path>,
        setup: impl FnOnce() -> G::Setup,
    ) -> Result<Self, String> {
        match scene {
            Some(path) => load_position(path).map(Opening::Position),
            None => Recorder::new(setup()).map(Opening::New).map_err(|e| e.0),
        }
    }

    /// The state the table opens on.
    pub fn state(&self) -> &G {
        match self {
            Opening::New(r) => r.state(),
            Opening::Position(s) => s,
        }
    }

    /// The session for it, with `seats` cut or filled to the game's seat count.
    pub fn session(self, seats: &[SeatKind], seed: u64) -> Session<G> {
        let seats = seat_kinds(seats, self.state().num_seats());
        match self {
            Opening::New(r) => Session::recorded(r, seats, seed),
            Opening::Position(s) => Session::new(s, seats, seed),
        }
    }
}

/// Seat kinds for a game of `n` seats: the chosen ones, cut or filled up with AI seats.
pub fn seat_kinds(chosen: &[SeatKind], n: usize) -> Vec<SeatKind> {
    let mut kinds = chosen.to_vec();
    kinds.resize(n, SeatKind::Ai);
    kinds
}

/// What a table click reads to know whom it is for: the turn phase and the session.
pub type ClickSeat<'w, G> = (
    Option<Res<'w, State<TurnPhase>>>,
    Option<Res<'w, Session<G>>>,
);

/// Where a click's outcome goes: the notice, and the move to play.
pub type ClickOutcome<'w, G> = (ResMut<'w, Notice>, MessageWriter<'w, PlayAction<G>>);

/// A request to play an action, from a click or an AI seat.
#[derive(Message, Clone, Debug)]
pub struct PlayAction<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
}

/// A scripted opening (the tutorial): while the game has followed it from its setup, only the
/// script's next step may be played.
#[derive(Resource)]
pub struct Script<G: Recorded>(pub Record<G>);

impl<G: Recorded> Script<G> {
    /// Steps in the script.
    pub fn len(&self) -> usize {
        self.0.steps.len()
    }

    /// Whether the script has no steps.
    pub fn is_empty(&self) -> bool {
        self.0.steps.is_empty()
    }

    /// How many of its steps `session` has played, if it has followed the script so far (same setup,
    /// the same steps in order); `None` once it has gone its own way or is another game.
    pub fn followed(&self, session: &Session<G>) -> Option<usize> {
        let record = session.record().filter(|_| !session.is_replay())?;
        let n = record.steps.len();
        let same = record.setup == self.0.setup
            && if n <= self.len() {
                record.steps[..] == self.0.steps[..n]
            } else {
                record.steps[..self.len()] == self.0.steps[..]
            };
        same.then_some(n.min(self.len()))
    }

    /// The moves the script gives `seat`, in order.
    pub fn moves_of(&self, seat: Seat) -> Vec<&G::Action> {
        self.0
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Act { seat: s, action } if *s == seat => Some(action),
                _ => None,
            })
            .collect()
    }

    /// The next move the script asks of `session`: who plays what (`None` when it is a chance step,
    /// when the script is done, or when the game no longer follows it).
    pub fn next_move(&self, session: &Session<G>) -> Option<(Seat, &G::Action)> {
        match self.0.steps.get(self.followed(session)?)? {
            Step::Act { seat, action } => Some((*seat, action)),
            Step::Chance => None,
        }
    }
}

/// The session and the human seat a click on the table plays for: a left click while a human is
/// to act (`phase`), for the human seat that may act now; `None` for any other click (the table's
/// click observers all start here).
pub fn human_click<'a, G: Recorded>(
    button: PointerButton,
    phase: Option<&State<TurnPhase>>,
    session: Option<&'a Session<G>>,
) -> Option<(&'a Session<G>, Seat)> {
    if button != PointerButton::Primary || phase.is_none_or(|p| *p.get() != TurnPhase::HumanToAct) {
        return None;
    }
    let session = session?;
    Some((session, session.acting_human()?))
}

/// Registers the session machinery for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.add_message::<PlayAction<G>>()
        .add_message::<Cue>()
        .init_resource::<Notice>()
        .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<Session<G>>();
        })
        .add_systems(
            Update,
            resolve_chance::<G>
                .in_set(crate::systems::Frame::Apply)
                .before(apply_actions::<G>)
                .in_set(PausableSystems)
                .run_if(in_state(TurnPhase::Chance).and_then(resource_exists::<Session<G>>)),
        )
        .add_systems(
            Update,
            (apply_actions::<G>, sync_turn_phase::<G>)
                .chain()
                .in_set(crate::systems::Frame::Apply)
                .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
        );
}

/// Apply requested actions through the rules' checked path.
pub fn apply_actions<G: Recorded>(
    mut requests: MessageReader<PlayAction<G>>,
    mut session: ResMut<Session<G>>,
    mut notice: ResMut<Notice>,
    script: Option<Res<Script<G>>>,
    mut cues: MessageWriter<Cue>,
    pause: Option<Res<State<Pause>>>,
) {
    // Whether an action was played this frame: an AI seat's decision read after it was made for
    // the table before it (a click is seen before the AI seats decide, but played in the same frame).
    let mut played = false;
    for PlayAction { seat, action } in requests.read() {
        if session.is_replay() || (played && !session.is_human(*seat)) {
            continue;
        }
        if pause.as_ref().is_some_and(|p| **p == Pause::Paused) {
            // AI seats do not move while paused; a late request of theirs is dropped quietly.
            if session.is_human(*seat) {
                notice.error(crate::plugins::core::pause::REFUSED);
            }
            continue;
        }
        if let Some((s, a)) = script.as_ref().and_then(|x| x.next_move(&session))
            && (s, a) != (*seat, action)
        {
            // An AI seat's late or repeated request is dropped without a word.
            if !session.is_human(*seat) {
                continue;
            }
            let next = session.state.action_to_string(s, a);
            notice.error(format!(
                "The tutorial asks for another move: {next}. (Leave the tutorial to play freely.)"
            ));
            continue;
        }
        // A refused move changes nothing: the session is not marked changed (which would redraw
        // the tables and drop the choices the panel offers).
        match session.bypass_change_detection().act(*seat, action) {
            Ok(text) => {
                played = true;
                session.set_changed();
                notice.info(text);
                cues.write(Cue::Move);
            }
            Err(e) if session.is_human(*seat) => notice.error(e.0),
            // An AI's choice can go stale in a turnless game when someone else moved first.
            Err(_) => {}
        }
    }
}

/// Seconds a chance event (a roll, a draw) stays pending so players see it happen.
pub const CHANCE_PAUSE: f32 = 0.35;

/// Resolve pending chance from the rules' own RNG after a short pause, and log what it did.
pub fn resolve_chance<G: Recorded>(
    time: Res<Time>,
    mut waited: Local<f32>,
    mut session: ResMut<Session<G>>,
    mut run: Local<ChanceRun>,
    mut cues: MessageWriter<Cue>,
) {
    *waited += time.delta_secs();
    if *waited < CHANCE_PAUSE {
        return;
    }
    *waited = 0.0;
    if session.state.to_act() == ToAct::Chance && !session.is_replay() {
        let (index, kind) = (session.steps(), session.state.chance_kind());
        session.chance();
        if let Some(cue) = run.cue(index, kind) {
            cues.write(cue);
        }
    }
}

/// Keep `TurnPhase` (and the end of the game) in step with the rules; the game's end raises its
/// cue (won or lost, for the human seats).
pub fn sync_turn_phase<G: Recorded>(
    session: Res<Session<G>>,
    phase: Res<State<TurnPhase>>,
    mut next_phase: ResMut<NextState<TurnPhase>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
) {
    let wanted = match session.state.to_act() {
        _ if session.is_replay() => TurnPhase::Replay,
        ToAct::Over => TurnPhase::Over,
        ToAct::Chance => TurnPhase::Chance,
        ToAct::Seats(seats) if seats.iter().any(|&s| session.is_human(s)) => TurnPhase::HumanToAct,
        ToAct::Seats(_) => TurnPhase::AiToAct,
    };
    if *phase.get() != wanted {
        next_phase.set(wanted);
        if wanted == TurnPhase::Over {
            let human: Vec<bool> = session
                .seats
                .iter()
                .map(|s| *s == SeatKind::Human)
                .collect();
            cues.write(cues::ending(&session.state.returns(), &human));
        }
    }
    if wanted == TurnPhase::Over {
        next_screen.set(Screen::GameOver);
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;

/// A headless app for a test of the table's systems: Bevy's minimal plugins and states, the frame's
/// order, the screens and game `G`'s session plugin (tests). The caller adds the plugins and
/// resources under test and the session, then goes to play (`systems::start_playing`).
#[cfg(test)]
pub fn test_app<G: hoarfrost_rules::record::Recorded>() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins((
            crate::systems::order_frame,
            crate::plugins::core::screens::plugin,
            crate::plugins::session::plugin::<G>,
        ));
    app
}
