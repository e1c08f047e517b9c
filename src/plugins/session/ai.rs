//! AI seats for any game: each decides on a low-priority background thread ([`Background`]), never
//! on the frame, after a human-like reaction delay (in a tutorial it plays its scripted move); its
//! choice goes through the same [`PlayAction`] path as a click. When the game goes back (undo, redo,
//! a loaded game), decisions under way are dropped. In IceTowers, which has no turns, each new table
//! is noticed after a reaction time, and a decision made for a table another seat has since changed
//! is thought again rather than played. [`AiLevel`] swaps every game's own bot for the tree search
//! of a level; [`AiBusy`] tells whether some seat is thinking.

use std::time::Duration;

use bevy::prelude::*;
use hoarfrost_rules::bots::{Bot, Level};
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::{Game, GameRng, Seat, ToAct};

use crate::plugins::core::pause::{PausableSystems, Pause, is_paused};
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::{PlayAction, Script, Session};
use crate::systems::Frame;
use crate::systems::background::Background;

/// Makes the bot for an AI seat of game `G` from a seed.
#[derive(Resource)]
pub struct BotMaker<G: Game>(pub fn(u64) -> Box<dyn Bot<G>>);

/// The strength every AI seat plays at: `None` keeps the game's own bot ([`BotMaker`]), a level
/// plays the rules' tree search of that level (`--level`).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AiLevel(pub Option<Level>);

/// The strength seat `seat` plays at: the launch option's level (`--level`), else the seat's own
/// ([`Session::level`], as chosen on the title screen and kept in saves).
pub fn seat_level<G: Recorded>(
    global: &AiLevel,
    session: &Session<G>,
    seat: Seat,
) -> Option<Level> {
    if !G::KIND.plays_levels() {
        return None;
    }
    global.0.or_else(|| session.level(seat))
}

/// True while some AI seat of the current game is computing a decision.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AiBusy(pub bool);

/// How long AI seats wait before acting, in seconds: at least `min`, up to `min + spread`, divided
/// by `pace` (the Settings window's AI speed: 2 acts twice as soon), and `race` times that while
/// several seats may act at once (IceTowers, which has no turns): there a human races them, and at
/// the pace of the turn-based games two AI seats placed every pyramid before a player could make a
/// few moves.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ReactionTime {
    pub min: f32,
    pub spread: f32,
    pub pace: f32,
    pub race: f32,
}

impl Default for ReactionTime {
    fn default() -> Self {
        ReactionTime {
            min: 0.6,
            spread: 1.0,
            pace: 1.0,
            race: 2.5,
        }
    }
}

impl ReactionTime {
    /// The wait for a draw `unit` in [0, 1]: `(min + spread * unit) / pace`.
    pub fn wait(&self, unit: f32) -> f32 {
        (self.min + self.spread * unit) / self.pace.max(0.01)
    }

    /// The wait for a draw `unit` at the table `state`: [`Self::wait`], times `race` while
    /// several seats may act at once.
    pub fn wait_at<G: Game>(&self, unit: f32, state: &G) -> f32 {
        let wait = self.wait(unit);
        if racing(state) {
            wait * self.race
        } else {
            wait
        }
    }
}

/// One AI seat's thinking: when it may next act, and the decision under way.
struct Thinker<G: Game> {
    seat: Seat,
    ready_at: Duration,
    task: Option<Background<Option<G::Action>>>,
    /// The session's step count when the decision under way began: a decision finished after
    /// another step (in IceTowers, where every seat moves at once) was made for a table that is
    /// gone, and is thought again rather than played.
    seen: usize,
}

/// Every AI seat of the current game.
#[derive(Resource)]
pub struct AiSeats<G: Game> {
    thinkers: Vec<Thinker<G>>,
    rng: GameRng,
    /// The session's rewind count the decisions under way were started at.
    rewinds: u64,
    /// The session's step count at the table the seats last looked at (`None` before the first
    /// frame): where several seats may act at once, each change is noticed after a reaction time.
    table: Option<usize>,
}

impl<G: Game> AiSeats<G> {
    /// Thinkers for the AI seats among `seats`.
    pub fn new(seats: &[SeatKind], seed: u64) -> Self {
        let thinkers = (0..seats.len())
            .filter(|&s| seats[s] == SeatKind::Ai)
            .map(|seat| Thinker {
                seat,
                ready_at: Duration::ZERO,
                task: None,
                seen: 0,
            })
            .collect();
        AiSeats {
            thinkers,
            rng: GameRng::new(seed ^ 0xA1),
            rewinds: 0,
            table: None,
        }
    }

    /// True while some seat's decision is being computed.
    pub fn thinking(&self) -> bool {
        self.thinkers.iter().any(|t| t.task.is_some())
    }

    /// Drop every decision under way (the state they were made for is gone).
    pub fn forget(&mut self) {
        for t in &mut self.thinkers {
            t.task = None;
        }
    }
}

/// Registers AI seats for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.init_resource::<ReactionTime>()
        .init_resource::<AiLevel>()
        .init_resource::<AiBusy>()
        .add_systems(
            OnEnter(Screen::Title),
            |mut commands: Commands, mut busy: ResMut<AiBusy>| {
                commands.remove_resource::<AiSeats<G>>();
                busy.set_if_neq(AiBusy(false));
            },
        )
        .add_systems(
            Update,
            (collect_decisions::<G>, start_thinking::<G>, note_busy::<G>)
                .chain()
                .in_set(Frame::Ai)
                .in_set(PausableSystems)
                .run_if(
                    in_state(TurnPhase::AiToAct)
                        .or_else(in_state(TurnPhase::HumanToAct))
                        .and_then(resource_exists::<AiSeats<G>>)
                        .and_then(in_state(Screen::Playing)),
                ),
        )
        .add_systems(
            Update,
            hold_while_paused::<G>
                .in_set(Frame::Ai)
                .before(collect_decisions::<G>)
                .run_if(resource_exists::<AiSeats<G>>),
        );
}

/// On pausing: decisions under way are dropped (the table may change under them: an undo, a
/// load). On going on: every AI seat waits its reaction time again, so nobody is caught out. It
/// watches the pause itself rather than its change ticks, which any mutable access sets.
fn hold_while_paused<G: Recorded>(
    time: Res<Time>,
    pause: Option<Res<State<Pause>>>,
    mut was_paused: Local<bool>,
    reaction: Res<ReactionTime>,
    session: Option<Res<Session<G>>>,
    mut ai: ResMut<AiSeats<G>>,
) {
    let paused = is_paused(pause);
    if paused == *was_paused {
        return;
    }
    *was_paused = paused;
    if paused {
        ai.forget();
        return;
    }
    let wait = session.map_or(reaction.wait(0.0), |s| reaction.wait_at(0.0, &s.state));
    let ready_at = time.elapsed() + Duration::from_secs_f32(wait);
    for t in &mut ai.thinkers {
        t.ready_at = ready_at;
    }
}

/// Start a decision for each AI seat that may act, is not thinking and has waited its reaction time.
fn start_thinking<G: Recorded>(
    time: Res<Time>,
    session: Res<Session<G>>,
    maker: Res<BotMaker<G>>,
    level: Res<AiLevel>,
    script: Option<Res<Script<G>>>,
    mut ai: ResMut<AiSeats<G>>,
) {
    let now = time.elapsed();
    let ai = &mut *ai;
    let scripted = script.as_ref().and_then(|s| s.next_move(&session));
    for t in &mut ai.thinkers {
        if t.task.is_some() || now < t.ready_at || !session.may_act(t.seat) {
            continue;
        }
        // In a tutorial an AI seat plays its scripted move, and waits while another seat's is due.
        if let Some((seat, action)) = scripted {
            if seat == t.seat {
                let action = action.clone();
                t.task = Some(Background::spawn(move || Some(action)));
                t.seen = session.steps();
            }
            continue;
        }
        let seed = session.decision_seed(t.seat, 0);
        let mut bot: Box<dyn Bot<G>> = match seat_level(&level, &session, t.seat) {
            Some(level) => Box::new(level.bot::<G>(seed)),
            None => (maker.0)(seed),
        };
        let state = session.state.clone();
        let seat = t.seat;
        t.task = Some(Background::spawn(move || bot.choose(&state, seat)));
        t.seen = session.steps();
    }
}

/// Keep [`AiBusy`] in step with the seats' tasks.
fn note_busy<G: Game>(ai: Res<AiSeats<G>>, mut busy: ResMut<AiBusy>) {
    busy.set_if_neq(AiBusy(ai.thinking()));
}

/// Send finished decisions as actions and set each seat's next reaction time.
fn collect_decisions<G: Recorded>(
    time: Res<Time>,
    reaction: Res<ReactionTime>,
    session: Res<Session<G>>,
    mut ai: ResMut<AiSeats<G>>,
    mut play: MessageWriter<PlayAction<G>>,
) {
    let now = time.elapsed();
    let ai = &mut *ai;
    if ai.rewinds != session.rewinds() {
        // The game went back: drop stale decisions and give the players a moment to see it (as
        // long as after any move: in IceTowers, time to redo before an AI seat moves on).
        ai.rewinds = session.rewinds();
        ai.forget();
        let wait = reaction.wait_at(0.0, &session.state);
        for t in &mut ai.thinkers {
            t.ready_at = now + Duration::from_secs_f32(wait);
        }
        return;
    }
    if racing(&session.state) && ai.table != Some(session.steps()) {
        // Where a human races the AI seats (IceTowers), a new table, the first one included, is
        // noticed after a reaction time by every seat not already waiting one out: one that had
        // stopped, had nothing to do or was thinking about the old table does not answer a
        // player's move at once.
        ai.table = Some(session.steps());
        for t in &mut ai.thinkers {
            if t.ready_at <= now {
                t.task = None;
                let wait = reaction.wait_at(ai.rng.below(1000) as f32 / 1000.0, &session.state);
                t.ready_at = now + Duration::from_secs_f32(wait);
            }
        }
    }
    // Whether a decision went out this frame: the table it leaves is not the one the others saw.
    let mut sent = false;
    for t in &mut ai.thinkers {
        let Some(task) = t.task.as_mut() else {
            continue;
        };
        let Some(done) = task.poll() else {
            continue;
        };
        t.task = None;
        if sent || t.seen != session.steps() {
            // Someone moved while this seat was thinking (in a game of turns, or another AI seat
            // this frame): think again at once about the new table (the seat has already waited
            // its reaction time; in a race, the new table's wait is set above next frame).
            t.ready_at = now;
            continue;
        }
        // A lost decision (its thread failed) is simply tried again after the reaction time.
        let choice = done.flatten();
        if let Some(action) = choice {
            sent = true;
            play.write(PlayAction {
                seat: t.seat,
                action,
            });
        }
        let wait = reaction.wait_at(ai.rng.below(1000) as f32 / 1000.0, &session.state);
        t.ready_at = now + Duration::from_secs_f32(wait);
    }
}

/// True while several seats may act at once: a human races the AI seats.
fn racing<G: Game>(state: &G) -> bool {
    matches!(state.to_act(), ToAct::Seats(seats) if seats.len() > 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launch_level_overrides_each_seats_choice() {
        let towers = IceTowers::new(&Setup::new(2, 1)).unwrap();
        let mut seats = Session::new(towers, vec![SeatKind::Ai; 2], 1);
        seats.levels = vec![None, Some(Level::Hard)];
        assert_eq!(seat_level(&AiLevel(None), &seats, 0), None);
        assert_eq!(seat_level(&AiLevel(None), &seats, 1), Some(Level::Hard));
        assert_eq!(seat_level(&AiLevel(None), &seats, 5), None);
        assert_eq!(
            seat_level(&AiLevel(Some(Level::Easy)), &seats, 1),
            Some(Level::Easy)
        );
    }
    use hoarfrost_rules::icetowers::{IceTowers, Setup, TowerBot};

    #[test]
    fn ice_fortress_ai_seats_play_its_own_ai_whatever_level_is_asked() {
        use hoarfrost_rules::ice_fortress::{IceFortress, Setup};
        let fortress = IceFortress::standard(&Setup::new(2, 1)).unwrap();
        let mut seats = Session::new(fortress, vec![SeatKind::Ai; 2], 1);
        seats.levels = vec![Some(Level::Hard); 2];
        assert_eq!(seats.level(0), None, "a save's level");
        assert_eq!(seat_level(&AiLevel(None), &seats, 0), None);
        assert_eq!(seat_level(&AiLevel(Some(Level::Easy)), &seats, 1), None);
        assert_eq!(seats.seat_words(), ["ai", "ai"], "and the save says so");
    }

    #[test]
    fn ai_seats_wait_longer_where_a_human_races_them() {
        let towers = IceTowers::new(&Setup::new(3, 1)).unwrap();
        assert!(racing(&towers), "IceTowers has no turns");
        let sprawl =
            hoarfrost_rules::sprawl::Sprawl::new(&hoarfrost_rules::sprawl::Setup::new(3, 1))
                .unwrap();
        assert!(!racing(&sprawl), "one seat acts at a time in Sprawl");
        let reaction = ReactionTime::default();
        assert!(reaction.race > 1.0);
        assert_eq!(
            reaction.wait_at(0.5, &towers),
            reaction.wait(0.5) * reaction.race
        );
        assert_eq!(reaction.wait_at(0.5, &sprawl), reaction.wait(0.5));
    }

    /// A headless IceTowers app with the session and AI plugins, AI seats reacting after `min_reaction`
    /// seconds.
    fn icetowers_app(min_reaction: f32) -> App {
        let mut app = crate::plugins::session::test_app::<IceTowers>();
        app.add_plugins(plugin::<IceTowers>);
        app.insert_resource(ReactionTime {
            min: min_reaction,
            spread: 0.0,
            pace: 1.0,
            race: 1.0,
        });
        app
    }

    /// A bot that never moves: with it as the game's own bot, any move made is another bot's.
    struct Idle;

    impl Bot<IceTowers> for Idle {
        fn choose(&mut self, _: &IceTowers, _: Seat) -> Option<hoarfrost_rules::icetowers::Action> {
            None
        }
    }

    /// An all-AI IceTowers app at `level` (`None`: the game's own bot) makes three moves in time.
    /// At a level, the game's own bot is [`Idle`], so the moves must be the level's.
    fn ai_seats_make_moves(level: Option<Level>) {
        let mut app = icetowers_app(0.0);
        app.insert_resource(AiLevel(level));
        app.insert_resource(match level {
            None => BotMaker::<IceTowers>(|seed| Box::new(TowerBot::new(seed))),
            Some(_) => BotMaker::<IceTowers>(|_| Box::new(Idle)),
        });
        let seats = vec![SeatKind::Ai, SeatKind::Ai];
        app.insert_resource(AiSeats::<IceTowers>::new(&seats, 5));
        app.insert_resource(Session::recorded(
            hoarfrost_rules::record::Recorder::<IceTowers>::new(Setup::new(2, 5)).unwrap(),
            seats,
            5,
        ));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        for _ in 0..400 {
            app.update();
            if app.world().resource::<Session<IceTowers>>().log().len() >= 3 {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the AI seats ({level:?}) made fewer than 3 moves in 400 frames");
    }

    #[test]
    fn ai_seats_move_on_their_own_through_the_action_path() {
        ai_seats_make_moves(None);
    }

    #[test]
    fn ai_seats_of_a_chosen_level_move_too() {
        ai_seats_make_moves(Some(Level::Easy));
    }

    #[test]
    fn in_a_tutorial_ai_seats_play_the_scripted_moves_in_order() {
        use hoarfrost_rules::record::{Record, Recorder, Step};
        let mut app = icetowers_app(0.0);
        app.insert_resource(BotMaker::<IceTowers>(|seed| Box::new(TowerBot::new(seed))));
        let seats = vec![SeatKind::Ai, SeatKind::Ai];
        app.insert_resource(AiSeats::<IceTowers>::new(&seats, 5));
        let recorder = Recorder::<IceTowers>::new(Setup::new(2, 5)).unwrap();
        // Seat 1, then seat 0, then seat 1 again, each playing its last legal move but Stop (not
        // what the bot would choose).
        let mut state = recorder.state().clone();
        let mut record = Record::<IceTowers>::new(Setup::new(2, 5));
        for seat in [1, 0, 1] {
            let action = state
                .legal_actions(seat)
                .into_iter()
                .rev()
                .find(|a| *a != hoarfrost_rules::icetowers::Action::Stop)
                .unwrap();
            state.apply(seat, &action).unwrap();
            record.steps.push(Step::Act { seat, action });
        }
        app.insert_resource(Script(record.clone()));
        app.insert_resource(Session::recorded(recorder, seats, 5));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        for _ in 0..400 {
            app.update();
            if app.world().resource::<Session<IceTowers>>().steps() >= 3 {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let session = app.world().resource::<Session<IceTowers>>();
        assert_eq!(session.record().unwrap().steps[..3], record.steps[..]);
    }

    /// A two-seat IceTowers app, a human (seat 0) against an AI seat playing `bot`, reacting after
    /// `min_reaction` seconds, with `first` played on the new game before the table is shown.
    fn human_against_ai(
        min_reaction: f32,
        bot: fn(u64) -> Box<dyn Bot<IceTowers>>,
        first: impl FnOnce(&mut Session<IceTowers>),
    ) -> App {
        let mut app = icetowers_app(min_reaction);
        app.insert_resource(BotMaker::<IceTowers>(bot));
        let seats = vec![SeatKind::Human, SeatKind::Ai];
        app.insert_resource(AiSeats::<IceTowers>::new(&seats, 5));
        let mut session = Session::recorded(
            hoarfrost_rules::record::Recorder::<IceTowers>::new(Setup::new(2, 5)).unwrap(),
            seats,
            5,
        );
        first(&mut session);
        app.insert_resource(session);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app
    }

    /// Run frames until an AI seat is thinking (within 50 frames).
    fn until_thinking(app: &mut App) {
        for _ in 0..50 {
            app.update();
            if app.world().resource::<AiSeats<IceTowers>>().thinking() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(app.world().resource::<AiSeats<IceTowers>>().thinking());
    }

    /// A bot that thinks for 300 ms, then agrees to stop (legal in any IceTowers position).
    struct SlowStopper;

    impl Bot<IceTowers> for SlowStopper {
        fn choose(&mut self, _: &IceTowers, _: Seat) -> Option<hoarfrost_rules::icetowers::Action> {
            std::thread::sleep(Duration::from_millis(300));
            Some(hoarfrost_rules::icetowers::Action::Stop)
        }
    }

    /// How many towers stood on each table [`SeeingStopper`] was shown (only the test below uses it).
    static SEEN: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());

    /// A bot that thinks for 300 ms, notes how many towers stood on the table it was shown, then
    /// agrees to stop.
    struct SeeingStopper;

    impl Bot<IceTowers> for SeeingStopper {
        fn choose(&mut self, s: &IceTowers, _: Seat) -> Option<hoarfrost_rules::icetowers::Action> {
            std::thread::sleep(Duration::from_millis(300));
            SEEN.lock().unwrap().push(s.towers().len());
            Some(hoarfrost_rules::icetowers::Action::Stop)
        }
    }

    #[test]
    fn a_decision_made_for_a_table_someone_has_since_changed_is_thought_again() {
        let mut app = human_against_ai(0.0, |_| Box::new(SeeingStopper), |_| {});
        let start = app
            .world()
            .resource::<Session<IceTowers>>()
            .state
            .towers()
            .len();
        until_thinking(&mut app);
        // The human caps while the AI seat thinks: one tower fewer.
        {
            let mut session = app.world_mut().resource_mut::<Session<IceTowers>>();
            let cap = session
                .state
                .legal_actions(0)
                .into_iter()
                .find(|a| matches!(a, hoarfrost_rules::icetowers::Action::Cap { .. }))
                .unwrap();
            session.act(0, &cap).unwrap();
        }
        for _ in 0..200 {
            app.update();
            if app.world().resource::<Session<IceTowers>>().steps() >= 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let session = app.world().resource::<Session<IceTowers>>();
        assert_eq!(session.steps(), 2, "{:?}", session.log());
        assert!(
            session.log()[1].contains("agrees to stop"),
            "{:?}",
            session.log()
        );
        // The decision under way was dropped at the cap and made again on the new table (the
        // dropped one's thread may finish after it).
        for _ in 0..100 {
            if SEEN.lock().unwrap().len() >= 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let mut seen = SEEN.lock().unwrap().clone();
        seen.sort_unstable();
        assert_eq!(seen, vec![start - 1, start]);
    }

    #[test]
    fn the_ai_speed_divides_the_reaction_time() {
        let normal = ReactionTime::default();
        assert_eq!(normal.wait(0.0), 0.6);
        assert_eq!(normal.wait(1.0), 1.6);
        let fast = ReactionTime {
            pace: 2.0,
            ..normal
        };
        assert_eq!(fast.wait(1.0), 0.8);
        let slow = ReactionTime {
            pace: 0.5,
            ..normal
        };
        assert_eq!(slow.wait(0.0), 1.2);
    }

    #[test]
    fn an_undo_drops_the_decision_under_way_and_the_ai_waits_its_reaction_time() {
        let mut app = human_against_ai(
            0.0,
            |_| Box::new(SlowStopper),
            |session| {
                let first = session.state.legal_actions(0)[0].clone();
                session.act(0, &first).unwrap();
            },
        );
        until_thinking(&mut app);
        // Racing, as in IceTowers against a human: the wait after an undo is as long as after a
        // move, time to redo before an AI seat moves on.
        let mut reaction = app.world_mut().resource_mut::<ReactionTime>();
        (reaction.min, reaction.race) = (30.0, 2.0);
        assert!(app.world_mut().resource_mut::<Session<IceTowers>>().undo());
        app.update();
        let now = app.world().resource::<Time>().elapsed();
        for t in &app.world().resource::<AiSeats<IceTowers>>().thinkers {
            assert!(
                t.ready_at >= now + Duration::from_secs(59),
                "{:?}",
                t.ready_at
            );
        }
        for _ in 0..60 {
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
        let session = app.world().resource::<Session<IceTowers>>();
        assert!(
            session.log().is_empty(),
            "a decision made before the undo was played: {:?}",
            session.log()
        );
        assert!(!app.world().resource::<AiSeats<IceTowers>>().thinking());
    }

    /// The first of `app`'s AI seats' next reaction, from now.
    fn next_reaction(app: &App) -> Duration {
        let now = app.world().resource::<Time>().elapsed();
        let ai = app.world().resource::<AiSeats<IceTowers>>();
        ai.thinkers[0].ready_at.saturating_sub(now)
    }

    /// A bot that agrees to stop at once (legal in any IceTowers position).
    struct Stopper;

    impl Bot<IceTowers> for Stopper {
        fn choose(&mut self, _: &IceTowers, _: Seat) -> Option<hoarfrost_rules::icetowers::Action> {
            Some(hoarfrost_rules::icetowers::Action::Stop)
        }
    }

    #[test]
    fn in_a_race_ai_seats_wait_their_reaction_time_before_their_first_move() {
        let mut app = human_against_ai(30.0, |_| Box::new(Stopper), |_| {});
        for _ in 0..20 {
            app.update();
        }
        assert!(next_reaction(&app) > Duration::from_secs(29));
        assert!(!app.world().resource::<AiSeats<IceTowers>>().thinking());
        assert!(
            app.world()
                .resource::<Session<IceTowers>>()
                .log()
                .is_empty()
        );
    }

    #[test]
    fn a_stopped_ai_seat_answers_a_players_move_only_after_its_reaction_time() {
        let mut app = human_against_ai(0.0, |_| Box::new(Stopper), |_| {});
        for _ in 0..100 {
            app.update();
            if !app
                .world()
                .resource::<Session<IceTowers>>()
                .log()
                .is_empty()
            {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(
            app.world()
                .resource::<Session<IceTowers>>()
                .state
                .has_stopped(1)
        );
        // Long after its stop (its reaction time is over), the human caps a tower.
        app.world_mut().resource_mut::<ReactionTime>().min = 30.0;
        for _ in 0..5 {
            app.update();
        }
        {
            let mut session = app.world_mut().resource_mut::<Session<IceTowers>>();
            let cap = session.state.legal_actions(0)[0].clone();
            session.act(0, &cap).unwrap();
        }
        for _ in 0..20 {
            app.update();
        }
        assert!(next_reaction(&app) > Duration::from_secs(29));
        let session = app.world().resource::<Session<IceTowers>>();
        assert_eq!(session.steps(), 2, "{:?}", session.log());
    }

    #[test]
    fn an_ai_decision_read_after_a_click_in_the_same_frame_is_dropped() {
        let mut app = human_against_ai(30.0, |_| Box::new(Idle), |_| {});
        app.update();
        let cap = app
            .world()
            .resource::<Session<IceTowers>>()
            .state
            .legal_actions(0)[0]
            .clone();
        let stop = hoarfrost_rules::icetowers::Action::Stop;
        // The click is read first; the AI seat decided before it was played.
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 0,
            action: cap,
        });
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 1,
            action: stop.clone(),
        });
        app.update();
        let session = app.world().resource::<Session<IceTowers>>();
        assert_eq!(session.steps(), 1, "{:?}", session.log());
        // Alone in its frame, the same decision is played.
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 1,
            action: stop,
        });
        app.update();
        assert_eq!(app.world().resource::<Session<IceTowers>>().steps(), 2);
    }
}
