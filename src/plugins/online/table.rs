//! One online table as the server holds it: the game and its record, the join code, who holds
//! each seat, whether the game has started (before: the lobby), and what each client was last
//! sent. Every change a client asks for goes through here and is checked first; the systems that
//! carry messages are in [`super::server`].

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use hoarfrost_rules::bots::{Bot, Level};
use hoarfrost_rules::{Game, Recorded, Recorder, Seat, ToAct, save};

use super::protocol::{HostOrder, Intent, MAX_ACTION_TEXT, MAX_NAME, News, SeatNews};
use crate::plugins::core::seats::{SeatKind, seat_word};
use crate::systems::background::Background;

/// How long AI seats wait after each step unless the table says otherwise.
pub const DEFAULT_AI_PAUSE: Duration = Duration::from_millis(600);

/// Who sits in a seat of an online table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// Waiting for a remote player.
    Open,
    /// A remote player, by name, and the client it plays from while connected.
    Remote {
        name: String,
        client: Option<Entity>,
    },
    /// Played by the server's AI: the game's own bot (`None`) or the tree search of a level.
    Ai(Option<Level>),
}

/// Makes the game's own bot for an AI seat from a seed.
pub type BotMaker<G> = fn(u64) -> Box<dyn Bot<G>>;

/// An AI seat's decision being made on a thread of its own, for the table at `step`.
struct Thought<G: Game> {
    step: u32,
    seat: Seat,
    task: Background<Option<G::Action>>,
}

/// What one client was last sent: its view's step and how many log lines it holds.
#[derive(Clone, Copy, Debug)]
struct Sent {
    client: Entity,
    /// The step it last played from (an intent of that step or an older one again is a repeat).
    played: Option<u32>,
    /// Log lines it was sent.
    lines: usize,
    /// It was sent the finished game's record.
    finished: bool,
}

/// One online table of game `G`.
#[derive(Resource)]
pub struct Table<G: Recorded> {
    rec: Recorder<G>,
    code: String,
    holders: Vec<Holder>,
    /// The game's own bot, for AI seats with no level.
    own_bot: BotMaker<G>,
    /// The AI seat's decision under way, if any.
    thought: Option<Thought<G>>,
    autosave: Option<PathBuf>,
    /// The key the host's orders must show (`None`: a table nobody hosts, as the headless server's).
    host_key: Option<String>,
    /// False while the lobby gathers its players.
    started: bool,
    /// Every refusal, with the client it answered, oldest first (the server's log).
    pub refusals: Vec<(Entity, String)>,
    /// Views to send: set when the game changes; the seats' news: when the holders change.
    dirty: bool,
    seats_dirty: bool,
    sent: Vec<Sent>,
    /// How long an AI seat waits after the last step before it moves, so that players see each
    /// move and, in IceTowers, have time to make theirs.
    ai_pause: Duration,
    /// When the game last moved (the app's elapsed time).
    moved_at: Duration,
}

impl<G: Recorded> Table<G> {
    /// A started table of the game `rec` records, with these seat holders, the join `code`, and
    /// `own_bot` for the AI seats that play the game's own bot; `None` if the holders are not one
    /// a seat.
    pub fn new(
        rec: Recorder<G>,
        code: &str,
        holders: Vec<Holder>,
        own_bot: BotMaker<G>,
    ) -> Option<Self> {
        (holders.len() == rec.state().num_seats()).then(|| Table {
            rec,
            code: code.to_string(),
            holders,
            own_bot,
            thought: None,
            autosave: None,
            host_key: None,
            started: true,
            refusals: Vec::new(),
            dirty: true,
            seats_dirty: true,
            sent: Vec::new(),
            ai_pause: DEFAULT_AI_PAUSE,
            moved_at: Duration::ZERO,
        })
    }

    /// The same table, writing its save to `path` after every step.
    pub fn with_autosave(mut self, path: PathBuf) -> Self {
        self.autosave = Some(path);
        self
    }

    /// The same table with AI seats waiting `pause` after each step.
    pub fn with_ai_pause(mut self, pause: Duration) -> Self {
        self.ai_pause = pause;
        self
    }

    /// The same table, hosted: it waits in its lobby until the host (showing `key`) starts it.
    pub fn hosted(mut self, key: &str) -> Self {
        self.host_key = Some(key.to_string());
        self.started = false;
        self
    }

    /// The same hosted table with its game under way (a saved one, resumed): no lobby.
    pub fn in_play(mut self) -> Self {
        self.started = true;
        self
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        self.rec.state()
    }

    /// Steps played so far (actions and chance alike).
    pub fn step(&self) -> u32 {
        self.rec.len() as u32
    }

    /// The game's record.
    pub fn recorder(&self) -> &Recorder<G> {
        &self.rec
    }

    /// Whether the game has started (the lobby is over).
    pub fn started(&self) -> bool {
        self.started
    }

    /// The table's join code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Who holds each seat.
    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// The seats as a save's header names them: `human:<name>` for a remote player, `open`, and
    /// `ai` or `ai:<level>`.
    pub fn seat_words(&self) -> Vec<String> {
        self.holders
            .iter()
            .map(|h| match h {
                Holder::Open => "open".to_string(),
                Holder::Remote { name, .. } => format!("human:{name}"),
                Holder::Ai(level) => seat_word(SeatKind::Ai, None, *level),
            })
            .collect()
    }

    /// Write the autosave, if the table keeps one; a failure is logged, and play goes on.
    fn write_autosave(&self) {
        let Some(path) = &self.autosave else { return };
        let written = save::to_string(&self.seat_words(), false, self.rec.record())
            .map_err(|e| e.to_string())
            .and_then(|text| save::write_atomic(path, &text).map_err(|e| e.to_string()));
        if let Err(e) = written {
            error!("cannot write the autosave {}: {e}", path.display());
        }
    }

    /// The seat `client` plays, if any.
    pub fn seat_of(&self, client: Entity) -> Option<Seat> {
        self.holders
            .iter()
            .position(|h| matches!(h, Holder::Remote { client: Some(c), .. } if *c == client))
    }

    fn sent_mut(&mut self, client: Entity) -> &mut Sent {
        match self.sent.iter().position(|s| s.client == client) {
            Some(i) => &mut self.sent[i],
            None => {
                self.sent.push(Sent {
                    client,
                    played: None,
                    lines: 0,
                    finished: false,
                });
                self.sent.last_mut().expect("just pushed")
            }
        }
    }

    /// Answer `client`'s `intent`: what to tell it (its seat, after a join or a move to another
    /// seat), nothing, or the refusal in words (nothing changed).
    pub fn handle(&mut self, client: Entity, intent: &Intent) -> Result<Option<News>, String> {
        let seated = |seat| {
            Some(News::Seated {
                seat,
                game: G::KIND,
            })
        };
        match intent {
            Intent::Join { name, code, seat } => self.join(client, name, code, *seat).map(seated),
            Intent::Sit { seat } => self.sit(client, *seat).map(seated),
            Intent::Act { step, action } => self.act(client, *step, action).map(|()| None),
            Intent::Host { key, order } => self.host_order(key, *order).map(|()| None),
        }
    }

    /// Seat `client` as `name` if `code` is the table's: in `wanted`, or the first open seat, or
    /// the seat a player of that name left (a rejoin).
    pub fn join(
        &mut self,
        client: Entity,
        name: &str,
        code: &str,
        wanted: Option<Seat>,
    ) -> Result<Seat, String> {
        if code != self.code {
            return Err("that is not this table's join code".into());
        }
        if self.seat_of(client).is_some() {
            return Err("you already hold a seat at this table".into());
        }
        let name: String = name.trim().chars().take(MAX_NAME).collect();
        if name.is_empty() || name.chars().any(char::is_control) {
            return Err("a player needs a name (letters, no control characters) to sit".into());
        }
        let taken = self
            .holders
            .iter()
            .any(|h| matches!(h, Holder::Remote { name: n, client: Some(_) } if *n == name));
        if taken {
            return Err(format!(
                "a player named {name} is at this table already (if that was you, the table has \
                 not yet seen your last connection go: try again in a few seconds)"
            ));
        }
        let free = |h: &Holder| match h {
            Holder::Open => true,
            Holder::Remote {
                name: n,
                client: None,
            } => *n == name,
            _ => false,
        };
        let seat = match wanted {
            Some(s) if self.holders.get(s).is_some_and(free) => s,
            Some(s) => return Err(format!("seat {} is not open", s + 1)),
            None => self
                .holders
                .iter()
                .position(|h| matches!(h, Holder::Remote { name: n, client: None } if *n == name))
                .or_else(|| self.holders.iter().position(free))
                .ok_or("every seat at this table is taken")?,
        };
        self.holders[seat] = Holder::Remote {
            name,
            client: Some(client),
        };
        // A (re)joining client is sent the whole log again and may play from its first view.
        self.sent.retain(|s| s.client != client);
        self.dirty = true;
        self.seats_dirty = true;
        Ok(seat)
    }

    /// Before the game starts, `client` moves to the open seat `seat`.
    pub fn sit(&mut self, client: Entity, seat: Seat) -> Result<Seat, String> {
        if self.started {
            return Err("the game has started: seats stay as they are".into());
        }
        let from = self
            .seat_of(client)
            .ok_or("you hold no seat at this table")?;
        if self.holders.get(seat) != Some(&Holder::Open) {
            return Err(format!("seat {} is not open", seat + 1));
        }
        self.holders.swap(from, seat);
        self.seats_dirty = true;
        self.dirty = true;
        Ok(seat)
    }

    /// Carry out the host's `order`, if `key` is the host's.
    pub fn host_order(&mut self, key: &str, order: HostOrder) -> Result<(), String> {
        if self.host_key.as_deref() != Some(key) {
            return Err("only the host may do that".into());
        }
        match order {
            HostOrder::Start if self.started => Err("the game has started already".into()),
            HostOrder::Start => {
                let open = self.holders.iter().filter(|h| **h == Holder::Open).count();
                if open > 0 {
                    return Err(format!(
                        "{} still open: wait for every player, or give the seat to the AI",
                        hoarfrost_rules::words::count(open as i64, "seat is", "seats are")
                    ));
                }
                self.started = true;
                self.dirty = true;
                self.seats_dirty = true;
                Ok(())
            }
            HostOrder::HandToAi { seat, level } => match self.holders.get(seat) {
                Some(Holder::Remote {
                    client: Some(_), ..
                }) => Err(format!("seat {}'s player is here", seat + 1)),
                Some(Holder::Open | Holder::Remote { .. }) => {
                    let level = level.filter(|_| G::KIND.plays_levels());
                    self.holders[seat] = Holder::Ai(level);
                    self.seats_dirty = true;
                    self.write_autosave();
                    Ok(())
                }
                Some(Holder::Ai(_)) => Err(format!("seat {} is the AI's already", seat + 1)),
                None => Err(format!("there is no seat {}", seat + 1)),
            },
        }
    }

    /// Play `text` (an action as RON) for `client`'s seat, sent from the view of step `step`. A
    /// view a step or more old still plays if the rules take the action now (in IceTowers other
    /// seats move meanwhile), but only once: a second intent from the same view is a repeat.
    pub fn act(&mut self, client: Entity, step: u32, text: &str) -> Result<(), String> {
        let seat = self
            .seat_of(client)
            .ok_or("you hold no seat at this table")?;
        if !self.started {
            return Err("the game has not started: the host starts it".into());
        }
        let now = self.step();
        if step > now {
            return Err(format!(
                "the table is at step {now}; step {step} has not come"
            ));
        }
        if let Some(last) = self.sent_mut(client).played.filter(|&last| step <= last) {
            return Err(format!(
                "you have played from the view of step {last} already"
            ));
        }
        if text.len() > MAX_ACTION_TEXT {
            return Err(format!("an action is at most {MAX_ACTION_TEXT} bytes"));
        }
        let action: G::Action =
            ron::from_str(text).map_err(|e| format!("the action does not read: {e}"))?;
        let to_act = matches!(self.game().to_act(), ToAct::Seats(s) if s.contains(&seat));
        if !to_act && step < now {
            return Err(format!(
                "the table moved on since your view (step {step}, now {now}), and it is not \
                 your seat's turn now"
            ));
        }
        if !to_act {
            return Err("it is not your seat's turn".into());
        }
        self.rec.act(seat, &action).map_err(|e| {
            if step < now {
                format!(
                    "the table moved on since your view (step {step}, now {now}), and the rules \
                     refuse it now: {}",
                    e.0
                )
            } else {
                format!("the rules refuse it: {}", e.0)
            }
        })?;
        self.sent_mut(client).played = Some(step);
        self.advance();
        Ok(())
    }

    /// One step of chance, or of an AI seat once its pause is over, at time `now`; true if the
    /// game moved. An AI seat decides on a thread of its own (hard thinks for up to 250 ms), so
    /// the server's frames go on meanwhile; a decision made for a table that has since moved (in
    /// IceTowers, where others move meanwhile) is dropped and made again.
    pub fn play_server_seats(&mut self, now: Duration) -> bool {
        if !self.started {
            return false;
        }
        match self.game().to_act() {
            ToAct::Over => false,
            ToAct::Chance => {
                if let Err(e) = self.rec.chance() {
                    error!("the chance step was refused: {}", e.0);
                    return false;
                }
                self.advance();
                true
            }
            ToAct::Seats(_) if self.thought.is_some() => self.take_thought(),
            ToAct::Seats(_) if now < self.moved_at + self.ai_pause => false,
            ToAct::Seats(seats) => {
                let ai = seats.into_iter().find_map(|s| match self.holders[s] {
                    Holder::Ai(level) => Some((s, level)),
                    _ => None,
                });
                if let Some((seat, level)) = ai {
                    self.think(seat, level);
                }
                false
            }
        }
    }

    /// Start AI seat `seat`'s decision for the table as it stands.
    fn think(&mut self, seat: Seat, level: Option<Level>) {
        let step = self.step();
        let seed = u64::from(step) ^ (seat as u64) << 32;
        let mut bot: Box<dyn Bot<G>> = match level {
            Some(level) => Box::new(level.bot::<G>(seed)),
            None => (self.own_bot)(seed),
        };
        let state = self.game().clone();
        let task = Background::spawn(move || bot.choose(&state, seat));
        self.thought = Some(Thought { step, seat, task });
    }

    /// Play the AI seat's decision once it is ready, if the table is still the one it was made
    /// for and the seat is still the AI's; true if the game moved.
    fn take_thought(&mut self) -> bool {
        let Some(thought) = &mut self.thought else {
            return false;
        };
        let Some(decided) = thought.task.poll() else {
            return false;
        };
        let (step, seat) = (thought.step, thought.seat);
        self.thought = None;
        let still_ai = matches!(self.holders[seat], Holder::Ai(_));
        let Some(action) = decided
            .flatten()
            .filter(|_| step == self.step() && still_ai)
        else {
            return false;
        };
        match self.rec.act(seat, &action) {
            Ok(()) => {
                self.advance();
                true
            }
            Err(e) => {
                error!("the AI of seat {seat} played a refused move: {}", e.0);
                false
            }
        }
    }

    fn advance(&mut self) {
        self.dirty = true;
        self.write_autosave();
    }

    /// Note that the game moved at `now` if it did since the last call.
    pub fn note_moved(&mut self, now: Duration) {
        if self.dirty {
            self.moved_at = now;
        }
    }

    /// The client left: its seat waits for it (the same name takes it back).
    pub fn drop_client(&mut self, client: Entity) {
        if let Some(seat) = self.seat_of(client)
            && let Holder::Remote { client: c, .. } = &mut self.holders[seat]
        {
            *c = None;
            self.seats_dirty = true;
        }
        self.sent.retain(|s| s.client != client);
    }

    /// Who holds each seat, as clients are told.
    pub fn seat_news(&self) -> News {
        let seats = self
            .holders
            .iter()
            .map(|h| match h {
                Holder::Open => SeatNews::Open,
                Holder::Remote { name, client } => SeatNews::Player {
                    name: name.clone(),
                    here: client.is_some(),
                },
                Holder::Ai(level) => SeatNews::Ai { level: *level },
            })
            .collect();
        News::Seats {
            seats,
            started: self.started,
        }
    }

    /// The connected clients with their seats.
    fn seated(&self) -> Vec<(Entity, Seat)> {
        (self.holders.iter().enumerate())
            .filter_map(|(seat, h)| match h {
                Holder::Remote {
                    client: Some(c), ..
                } => Some((*c, seat)),
                _ => None,
            })
            .collect()
    }

    /// What each seated client is to be sent now (none if nothing changed): the seats' news, and
    /// once the game has started its seat's view with the log lines it has not had.
    pub fn news(&mut self) -> Vec<(Entity, News)> {
        let mut out = Vec::new();
        if std::mem::take(&mut self.seats_dirty) {
            let news = self.seat_news();
            out.extend(self.seated().into_iter().map(|(c, _)| (c, news.clone())));
        }
        if !std::mem::take(&mut self.dirty) || !self.started {
            return out;
        }
        for (client, seat) in self.seated() {
            let state = match ron::to_string(&self.game().as_seen_by(seat)) {
                Ok(state) => state,
                Err(e) => {
                    error!("seat {seat}'s view does not write as RON: {e}");
                    continue;
                }
            };
            let total = self.rec.log().len();
            let from = self.sent_mut(client).lines.min(total);
            let lines = self.rec.log()[from..].to_vec();
            self.sent_mut(client).lines = total;
            let table = News::Table {
                step: self.step(),
                state,
                log_from: from as u32,
                lines,
            };
            out.push((client, table));
            if self.game().is_over()
                && !std::mem::replace(&mut self.sent_mut(client).finished, true)
            {
                match save::to_string(&self.seat_words(), false, self.rec.record()) {
                    Ok(save) => out.push((client, News::Finished { save })),
                    Err(e) => error!("the finished game does not write as a save: {e}"),
                }
            }
        }
        out
    }
}
