//! A fuzz target for the server's side of the protocol: random and mutated messages, as the bytes
//! replicon decodes (postcard), fed to the decoding and to a live table of each game. Whatever
//! comes, the server must not panic, must answer or refuse, and its game must keep the rules'
//! invariants, changing only through steps the rules took. (Cargo-fuzz needs a nightly toolchain;
//! this runs on the stable one, as the rules' own fuzzer does.)
//!
//! The test runs a short budget; `HOARFROST_NET_FUZZ_SECONDS=600 cargo test --lib online::fuzz`
//! runs longer.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::loopback::random_bot;
use bevy::prelude::*;
use bevy_replicon::bytes::Bytes;
use bevy_replicon::postcard_utils;
use hoarfrost_rules::{GameRng, Recorded, Recorder};

use super::protocol::{HostOrder, Intent};
use super::table::{Holder, Table};

const CODE: &str = "ICE-1357";
const KEY: &str = "HOST-KEY";

/// One table under fuzzing, with the clients its messages come from.
struct Target<G: Recorded> {
    table: Table<G>,
    clients: Vec<Entity>,
    /// Steps the table had after the last message.
    steps: u32,
}

impl<G: Recorded> Target<G> {
    fn new(setup: G::Setup, world: &mut World) -> Self {
        let rec = Recorder::<G>::new(setup).expect("a game");
        let n = rec.state().num_seats();
        let mut holders = vec![Holder::Open; n];
        holders[n - 1] = Holder::Ai(None);
        let table = Table::new(rec, CODE, holders, random_bot)
            .expect("a table")
            .hosted(KEY);
        let clients = (0..3).map(|_| world.spawn_empty().id()).collect();
        Target {
            table,
            clients,
            steps: 0,
        }
    }

    /// Valid messages for this table now: joins, seats, the host's orders, and each seat's legal
    /// actions as RON.
    fn corpus(&self) -> Vec<Vec<u8>> {
        let mut intents = vec![
            Intent::Join {
                name: "Anna".into(),
                code: CODE.into(),
                seat: None,
            },
            Intent::Join {
                name: "Ben".into(),
                code: CODE.into(),
                seat: Some(1),
            },
            Intent::Sit { seat: 0 },
            Intent::Host {
                key: KEY.into(),
                order: HostOrder::Start,
            },
            Intent::Host {
                key: KEY.into(),
                order: HostOrder::HandToAi {
                    seat: 0,
                    level: None,
                },
            },
        ];
        let game = self.table.game();
        for seat in 0..game.num_seats() {
            for action in game.legal_actions(seat).iter().take(4) {
                let action = ron::to_string(action).expect("an action writes");
                let step = self.table.step();
                intents.push(Intent::Act { step, action });
            }
        }
        (intents.iter())
            .map(|i| {
                let mut bytes = Vec::new();
                postcard_utils::to_extend_mut(i, &mut bytes).expect("an intent encodes");
                bytes
            })
            .collect()
    }

    /// Decode `bytes` as a client would have sent them and let the table handle it; `Err` with
    /// what broke.
    fn feed(&mut self, bytes: &[u8], client: usize) -> Result<(), String> {
        // Decoded as replicon decodes a client's message.
        let mut buf = Bytes::copy_from_slice(bytes);
        let Ok(intent) = postcard_utils::from_buf::<Intent, _>(&mut buf) else {
            return Ok(());
        };
        let client = self.clients[client % self.clients.len()];
        let before = self.table.step();
        let _ = self.table.handle(client, &intent);
        let now = std::time::Duration::from_secs(3600);
        self.table.play_server_seats(now);
        let _ = self.table.news();
        let after = self.table.step();
        if after < before || after > before + 2 {
            return Err(format!("the table went from step {before} to {after}"));
        }
        self.table.game().check_invariants()?;
        self.steps = after;
        Ok(())
    }
}

/// Change `bytes` a little: flip a bit, set a byte, cut or repeat a piece, or splice in a piece
/// of `other`.
fn mutate(bytes: &[u8], other: &[u8], rng: &mut GameRng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(out.len().max(1));
        match rng.below(6) {
            0 if !out.is_empty() => out[at] ^= 1 << rng.below(8),
            1 if !out.is_empty() => out[at] = [0, 1, 0x7f, 0x80, 0xff][rng.below(5)],
            2 if !out.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(out.len());
                out.drain(at..end);
            }
            3 => {
                let piece: Vec<u8> = out
                    .iter()
                    .skip(at)
                    .take(1 + rng.below(16))
                    .copied()
                    .collect();
                out.splice(at..at, piece);
            }
            4 if !other.is_empty() => {
                let from = rng.below(other.len());
                let piece = &other[from..(from + 1 + rng.below(32)).min(other.len())];
                out.splice(at.min(out.len())..at.min(out.len()), piece.iter().copied());
            }
            _ => out.push(rng.below(256) as u8),
        }
    }
    out
}

/// Fuzz one table of `G` for `rounds` messages from `seed`; the crashes found, and the most steps
/// a table reached (the messages got through to the rules).
fn fuzz_table<G: Recorded>(setup: G::Setup, rounds: usize, seed: u64) -> (Vec<String>, u32) {
    let mut world = World::new();
    let mut target = Target::<G>::new(setup, &mut world);
    let mut rng = GameRng::new(seed);
    let mut crashes = Vec::new();
    let mut reached = 0;
    for round in 0..rounds {
        reached = reached.max(target.steps);
        let corpus = target.corpus();
        let pick = |rng: &mut GameRng| corpus[rng.below(corpus.len())].clone();
        let bytes = match rng.below(4) {
            0 => pick(&mut rng),
            1 => (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
            _ => {
                let (a, b) = (pick(&mut rng), pick(&mut rng));
                mutate(&a, &b, &mut rng)
            }
        };
        let client = rng.below(3);
        let fed = catch_unwind(AssertUnwindSafe(|| target.feed(&bytes, client)));
        let crash = match fed {
            Ok(Ok(())) => continue,
            Ok(Err(broken)) => broken,
            Err(_) => "a panic".to_string(),
        };
        crashes.push(format!(
            "{} round {round}: {crash} on {bytes:?}",
            G::KIND.slug()
        ));
        // The table may be broken now: start over.
        target = Target::<G>::new_from(&target, &mut world);
    }
    (crashes, reached)
}

impl<G: Recorded> Target<G> {
    /// A fresh table of the same game after a crash (its setup again).
    fn new_from(old: &Self, world: &mut World) -> Self {
        Target::new(old.table.recorder().record().setup.clone(), world)
    }
}

#[test]
fn random_and_mutated_messages_never_break_the_server() {
    use hoarfrost_rules::*;
    let seconds: u64 = std::env::var("HOARFROST_NET_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let started = std::time::Instant::now();
    let mut seed = 1;
    let mut crashes = Vec::new();
    let mut reached = [0; 5];
    let mut rounds = 0;
    loop {
        let n = 600;
        let runs = [
            fuzz_table::<icetowers::IceTowers>(icetowers::Setup::new(3, seed), n, seed),
            fuzz_table::<ice_castle::IceCastle>(ice_castle::Setup::new(3, seed), n, seed),
            fuzz_table::<sprawl::Sprawl>(sprawl::Setup::new(3, seed), n, seed),
            fuzz_table::<ice_colony::IceColony>(ice_colony::Setup::new(2, seed), n, seed),
            fuzz_table::<ice_fortress::IceFortress>(ice_fortress::Setup::new(2, seed), n, seed),
        ];
        for (i, (found, steps)) in runs.into_iter().enumerate() {
            crashes.extend(found);
            reached[i] = reached[i].max(steps);
        }
        rounds += 5 * n;
        seed += 1;
        if seed > 10 && started.elapsed().as_secs() >= seconds {
            break;
        }
    }
    eprintln!(
        "{rounds} messages in {:.1} s; steps reached {reached:?}",
        started.elapsed().as_secs_f32()
    );
    assert!(crashes.is_empty(), "{crashes:#?}");
    assert!(
        reached.iter().all(|&n| n > 0),
        "every game's table was played on: {reached:?}"
    );
}
