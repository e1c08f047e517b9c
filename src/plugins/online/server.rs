//! The authority of an online table: it owns the game, seats clients who show the join code,
//! applies each seated client's action for its own seat through the rules' checked path, plays
//! chance and AI seats, and after every change sends each seated client its seat's view. Anything
//! else a client sends is refused with a logged reason and changes nothing.

use std::path::PathBuf;
use std::sync::Mutex;

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::{Recorded, Recorder, Seat, ToAct, save};

use super::protocol::{Intent, MAX_ACTION_TEXT, MAX_INTENTS_PER_FRAME, MAX_NAME, News};

/// How long AI seats wait after each step unless the table says otherwise.
pub const DEFAULT_AI_PAUSE: std::time::Duration = std::time::Duration::from_millis(600);

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
    /// Played by the server's AI.
    Ai,
}

/// One online table of game `G`: the game with its record (every step, as a save holds it), the
/// join code, the seats' holders, the AI seats' bot, and the file it keeps its autosave in.
#[derive(Resource)]
pub struct Table<G: Recorded> {
    rec: Recorder<G>,
    code: String,
    holders: Vec<Holder>,
    bot: Mutex<Box<dyn Bot<G>>>,
    autosave: Option<PathBuf>,
    /// Every refusal, with the client it answered, oldest first (the server's log).
    pub refusals: Vec<(Entity, String)>,
    /// Views to send: set when the game or the seats change.
    dirty: bool,
    /// The step each client last played at: an intent of that step or an older one again is a
    /// repeat, refused.
    played: Vec<(Entity, u32)>,
    /// How long an AI seat waits after the last step before it moves, so that players see each
    /// move and, in IceTowers, have time to make theirs.
    ai_pause: std::time::Duration,
    /// When the game last moved (the app's elapsed time).
    moved_at: std::time::Duration,
}

impl<G: Recorded> Table<G> {
    /// A table of the game `rec` records, with these seat holders, the join `code`, and `bot` for
    /// the AI seats; `None` if the holders are not one a seat.
    pub fn new(
        rec: Recorder<G>,
        code: &str,
        holders: Vec<Holder>,
        bot: Box<dyn Bot<G>>,
    ) -> Option<Self> {
        (holders.len() == rec.state().num_seats()).then(|| Table {
            rec,
            code: code.to_string(),
            holders,
            bot: Mutex::new(bot),
            autosave: None,
            refusals: Vec::new(),
            dirty: true,
            played: Vec::new(),
            ai_pause: DEFAULT_AI_PAUSE,
            moved_at: std::time::Duration::ZERO,
        })
    }

    /// The same table, writing its save to `path` after every step.
    pub fn with_autosave(mut self, path: PathBuf) -> Self {
        self.autosave = Some(path);
        self
    }

    /// The same table with AI seats waiting `pause` after each step.
    pub fn with_ai_pause(mut self, pause: std::time::Duration) -> Self {
        self.ai_pause = pause;
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

    /// The seats as a save's header names them: `human:<name>` for a remote player, `open`, `ai`.
    pub fn seat_words(&self) -> Vec<String> {
        self.holders
            .iter()
            .map(|h| match h {
                Holder::Open => "open".to_string(),
                Holder::Remote { name, .. } => format!("human:{name}"),
                Holder::Ai => "ai".to_string(),
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

    /// Who holds each seat.
    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// The seat `client` plays, if any.
    fn seat_of(&self, client: Entity) -> Option<Seat> {
        self.holders
            .iter()
            .position(|h| matches!(h, Holder::Remote { client: Some(c), .. } if *c == client))
    }

    /// Seat `client` as `name` if `code` is the table's: in `wanted`, or the first open seat, or
    /// the seat a player of that name left (a rejoin).
    fn join(
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
        if name.is_empty() {
            return Err("a player needs a name to sit down".into());
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
                .position(free)
                .ok_or("every seat at this table is taken")?,
        };
        self.holders[seat] = Holder::Remote {
            name,
            client: Some(client),
        };
        self.dirty = true;
        Ok(seat)
    }

    /// Play `text` (an action as RON) for `client`'s seat, sent from the view of step `step`. A
    /// view a step or more old still plays if the rules take the action now (in IceTowers other
    /// seats move meanwhile), but only once: a second intent from the same view is a repeat.
    fn act(&mut self, client: Entity, step: u32, text: &str) -> Result<(), String> {
        let seat = self
            .seat_of(client)
            .ok_or("you hold no seat at this table")?;
        let now = self.step();
        if step > now {
            return Err(format!(
                "the table is at step {now}; step {step} has not come"
            ));
        }
        let last = self.played.iter().find(|(c, _)| *c == client).map(|p| p.1);
        if last.is_some_and(|last| step <= last) {
            return Err(format!(
                "you have played from the view of step {} already",
                last.unwrap_or(step)
            ));
        }
        if text.len() > MAX_ACTION_TEXT {
            return Err(format!("an action is at most {MAX_ACTION_TEXT} bytes"));
        }
        let action: G::Action =
            ron::from_str(text).map_err(|e| format!("the action does not read: {e}"))?;
        let to_act = matches!(self.game().to_act(), ToAct::Seats(s) if s.contains(&seat));
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
        self.played.retain(|(c, _)| *c != client);
        self.played.push((client, step));
        self.advance();
        Ok(())
    }

    /// One step of chance, or of an AI seat once its pause is over, at time `now`; true if the
    /// game moved.
    fn play_server_seats(&mut self, now: std::time::Duration) -> bool {
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
            ToAct::Seats(_) if now < self.moved_at + self.ai_pause => false,
            ToAct::Seats(seats) => {
                let ai = seats.into_iter().find(|&s| self.holders[s] == Holder::Ai);
                let Some(seat) = ai else { return false };
                let bot = self.bot.get_mut().unwrap_or_else(|e| e.into_inner());
                let Some(action) = bot.choose(self.rec.state(), seat) else {
                    return false;
                };
                match self.rec.act(seat, &action) {
                    Ok(()) => self.advance(),
                    Err(e) => error!("the AI of seat {seat} played a refused move: {}", e.0),
                }
                true
            }
        }
    }

    fn advance(&mut self) {
        self.dirty = true;
        self.write_autosave();
    }

    /// The client left: its seat waits for it (the same name takes it back).
    fn drop_client(&mut self, client: Entity) {
        if let Some(seat) = self.seat_of(client)
            && let Holder::Remote { client: c, .. } = &mut self.holders[seat]
        {
            *c = None;
        }
    }

    /// The view of each seated, connected client: (client, message).
    fn views(&self) -> Vec<(Entity, News)> {
        let mut out = Vec::new();
        for (seat, holder) in self.holders.iter().enumerate() {
            if let Holder::Remote {
                client: Some(client),
                ..
            } = holder
            {
                match ron::to_string(&self.game().as_seen_by(seat)) {
                    Ok(state) => out.push((
                        *client,
                        News::Table {
                            step: self.step(),
                            state,
                        },
                    )),
                    Err(e) => error!("seat {seat}'s view does not write as RON: {e}"),
                }
            }
        }
        out
    }
}

/// The server's systems for a table of `G`, run while the table exists.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.add_systems(
        Update,
        (
            read_intents::<G>,
            play::<G>,
            send_views::<G>,
            forget_gone::<G>,
        )
            .chain()
            .run_if(resource_exists::<Table<G>>),
    );
}

/// Read each client's intents (at most [`MAX_INTENTS_PER_FRAME`] a frame each), answering a
/// refusal to the client who sent it.
fn read_intents<G: Recorded>(
    mut intents: MessageReader<FromClient<Intent>>,
    mut table: ResMut<Table<G>>,
    mut news: MessageWriter<ToClients<News>>,
    mut read: Local<Vec<(Entity, usize)>>,
) {
    read.clear();
    for FromClient { client_id, message } in intents.read() {
        let Some(client) = client_id.entity() else {
            continue;
        };
        if over_limit(&mut read, client) {
            continue;
        }
        let answer = match message {
            Intent::Join { name, code, seat } => table
                .join(client, name, code, *seat)
                .map(|seat| Some(News::Seated { seat })),
            Intent::Act { step, action } => table.act(client, *step, action).map(|()| None),
        };
        let message = match answer {
            Ok(Some(news)) => news,
            Ok(None) => continue,
            Err(why) => {
                info!("refused client {client}: {why}");
                table.refusals.push((client, why.clone()));
                News::Refused { why }
            }
        };
        news.write(ToClients {
            targets: SendTargets::Single(ClientId::Client(client)),
            message,
        });
    }
}

/// Count one intent of `client`; true (and a log line, once a frame) past the frame's limit.
fn over_limit(read: &mut Vec<(Entity, usize)>, client: Entity) -> bool {
    let count = match read.iter_mut().find(|(c, _)| *c == client) {
        Some((_, n)) => n,
        None => {
            read.push((client, 0));
            &mut read.last_mut().expect("just pushed").1
        }
    };
    *count += 1;
    if *count == MAX_INTENTS_PER_FRAME + 1 {
        warn!(
            "client {client} sent more than {MAX_INTENTS_PER_FRAME} intents in a frame; the rest are dropped"
        );
    }
    *count > MAX_INTENTS_PER_FRAME
}

/// One step of chance or an AI seat a frame, noting when the game last moved.
fn play<G: Recorded>(mut table: ResMut<Table<G>>, time: Res<Time<Real>>) {
    let now = time.elapsed();
    table.play_server_seats(now);
    if table.dirty {
        table.moved_at = now;
    }
}

/// After a change, every seated client gets its seat's view.
fn send_views<G: Recorded>(mut table: ResMut<Table<G>>, mut news: MessageWriter<ToClients<News>>) {
    if !std::mem::take(&mut table.dirty) {
        return;
    }
    for (client, message) in table.views() {
        news.write(ToClients {
            targets: SendTargets::Single(ClientId::Client(client)),
            message,
        });
    }
}

/// Clients that disconnected leave their seats waiting for them.
fn forget_gone<G: Recorded>(
    mut gone: RemovedComponents<ConnectedClient>,
    mut table: ResMut<Table<G>>,
) {
    for client in gone.read() {
        table.drop_client(client);
    }
}
