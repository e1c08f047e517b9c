//! Golden traces (issue 56): seeded random games of every game, written once as data
//! (`tests/golden/<game>.ron`) and played again by every run: the same setup and the same random
//! choices must give the same legal actions at every step (a digest of them), the same actions,
//! and the same final state. An engine made faster must still play exactly these games.
//!
//! The traces were written by the engines as they stood before any speed work; to write them
//! again (only when a ruling changes a game on purpose, said in its design note):
//! `HOARFROST_WRITE_GOLDEN=1 cargo test -p hoarfrost-rules --test golden`.

use std::path::PathBuf;

use hoarfrost_rules::{GameRng, Recorded, ToAct};
use hoarfrost_rules::{ice_castle, ice_colony, ice_fortress, icetowers, sprawl};
use serde::{Deserialize, Serialize};

/// One seeded random game: its setup (as RON), the seed of the random choices, and what it did.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Trace {
    setup: String,
    seed: u64,
    /// Every step: `seat N: <action as RON>`, or `chance`.
    steps: Vec<String>,
    /// FNV-1a over every step's seats to act and their legal actions (as RON).
    legal_digest: u64,
    /// The state at the end (as RON).
    end: String,
}

/// FNV-1a, 64 bits, fed piece by piece.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn feed(&mut self, text: &str) {
        for b in text.bytes().chain([0xff]) {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn ron<T: Serialize>(value: &T) -> String {
    ron::to_string(value).expect("writes as RON")
}

/// Play `setup`'s game with random choices from `seed` to its end: chance from the state's own
/// RNG, every action checked, and every seventh one also applied unchecked to a copy, which must
/// come out the same.
fn play<G: Recorded>(setup: &G::Setup, seed: u64) -> Trace {
    let mut state = G::from_setup(setup).expect("a game");
    let mut rng = GameRng::new(seed);
    let mut digest = Fnv::new();
    let mut steps = Vec::new();
    let bound = state.max_game_length();
    while steps.len() <= bound {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                digest.feed("chance");
                state.apply_chance();
                steps.push("chance".to_string());
            }
            ToAct::Seats(seats) => {
                for &s in &seats {
                    digest.feed(&format!("{s}:{}", ron(&state.legal_actions(s))));
                }
                let seat = seats[rng.below(seats.len())];
                let legal = state.legal_actions(seat);
                let action = &legal[rng.below(legal.len())];
                if steps.len() % 7 == 0 {
                    let mut copy = state.clone();
                    copy.apply_unchecked(seat, action);
                    state.apply(seat, action).expect("a legal action applies");
                    assert!(copy == state, "unchecked and checked agree");
                } else {
                    state.apply(seat, action).expect("a legal action applies");
                }
                steps.push(format!("seat {seat}: {}", ron(action)));
            }
        }
    }
    assert!(state.is_over(), "the game ends within its bound");
    Trace {
        setup: ron(setup),
        seed,
        steps,
        legal_digest: digest.0,
        end: ron(&state),
    }
}

fn file(game: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{game}.ron"))
}

/// Check `G`'s traces against the data, or write them from `setups` when asked to.
fn check<G: Recorded>(game: &str, setups: Vec<G::Setup>) {
    let path = file(game);
    if std::env::var_os("HOARFROST_WRITE_GOLDEN").is_some() {
        let traces: Vec<Trace> = (setups.iter().enumerate())
            .map(|(i, s)| play::<G>(s, 1000 + i as u64))
            .collect();
        let text = ron::ser::to_string_pretty(&traces, ron::ser::PrettyConfig::default())
            .expect("traces write");
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
        std::fs::write(&path, text).expect("the traces are written");
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (write it: HOARFROST_WRITE_GOLDEN=1)",
            path.display()
        )
    });
    let traces: Vec<Trace> = ron::from_str(&text).expect("the traces read");
    assert_eq!(traces.len(), setups.len(), "{game}: one trace per setup");
    for (i, kept) in traces.iter().enumerate() {
        let setup: G::Setup = ron::from_str(&kept.setup).expect("a setup");
        let now = play::<G>(&setup, kept.seed);
        let first_change = (kept.steps.iter().zip(&now.steps)).position(|(a, b)| a != b);
        assert!(
            first_change.is_none() && kept.steps.len() == now.steps.len(),
            "{game} trace {i}: the game went otherwise from step {:?} ({} steps kept, {} now)",
            first_change,
            kept.steps.len(),
            now.steps.len()
        );
        assert_eq!(
            kept.legal_digest, now.legal_digest,
            "{game} trace {i}: the legal actions differ at some step"
        );
        assert!(
            kept.end == now.end,
            "{game} trace {i}: the final state differs"
        );
    }
}

#[test]
fn ice_fortress_plays_its_golden_games() {
    use ice_fortress::Setup;
    let setups = (0..8)
        .map(|i| Setup::new(1 + i % 4, 40 + i as u64))
        .collect();
    check::<ice_fortress::IceFortress>("ice-fortress", setups);
}

#[test]
fn sprawl_plays_its_golden_games() {
    use sprawl::{Setup, Variant, Variants};
    let setups = (0..24)
        .map(|i: usize| {
            let variants = match i % 4 {
                0 => Variants::none(),
                1 => Variants::of(&[Variant::ALL[i % Variant::ALL.len()]]),
                2 => Variants::of(&Variant::ALL[..2]),
                _ => Variants::of(&Variant::ALL),
            };
            Setup::new(3 + i % 6, 50 + i as u64).with(variants)
        })
        .collect();
    check::<sprawl::Sprawl>("sprawl", setups);
}

#[test]
fn ice_castle_plays_its_golden_games() {
    let setups = (0..4)
        .map(|i| ice_castle::Setup::new(2 + i % 3, 60 + i as u64))
        .collect();
    check::<ice_castle::IceCastle>("ice-castle", setups);
}

#[test]
fn ice_colony_plays_its_golden_games() {
    let setups = (0..6)
        .map(|i| ice_colony::Setup::new(2 + i % 3, 70 + i as u64))
        .collect();
    check::<ice_colony::IceColony>("ice-colony", setups);
}

#[test]
fn icetowers_plays_its_golden_games() {
    let setups = (0..16)
        .map(|i| icetowers::Setup::new(2 + i % 5, 80 + i as u64))
        .collect();
    check::<icetowers::IceTowers>("icetowers", setups);
}
