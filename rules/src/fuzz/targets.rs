//! The three fuzz targets and their seed corpora: the save loader (saves of every game, played here
//! by random legal moves), the Ice Fortress content loader (the five shipped content files) and the
//! table positions `--scene` reads (the shipped positions and mid-game states of every game).

use crate::ice_castle::{self, IceCastle};
use crate::ice_colony::{self, IceColony};
use crate::ice_fortress::{self, Content, IceFortress};
use crate::icetowers::{self, IceTowers};
use crate::record::{Recorded, Recorder};
use crate::save::{self, LoadError};
use crate::sprawl::{self, Sprawl};
use crate::{Game, GameKind, GameRng, ToAct};

/// Names of the five content parts, in [`Content::from_parts`] order.
pub const PARTS: [&str; 5] = [
    "rooms",
    "characters",
    "invaders",
    "foundation",
    "difficulty",
];

/// The shipped content files, in [`PARTS`] order.
pub const CONTENT_FILES: [&str; 5] = [
    include_str!("../../../scenes/ice-fortress/rooms.ron"),
    include_str!("../../../scenes/ice-fortress/characters.ron"),
    include_str!("../../../scenes/ice-fortress/invaders.ron"),
    include_str!("../../../scenes/ice-fortress/foundation.ron"),
    include_str!("../../../scenes/ice-fortress/difficulty.ron"),
];

/// A game of `G` from `setup` played by uniformly random legal moves for at most `steps` steps.
pub fn random_game<G: Recorded>(
    setup: G::Setup,
    seed: u64,
    steps: usize,
) -> Result<Recorder<G>, String> {
    let mut rec = Recorder::<G>::new(setup).map_err(|e| e.to_string())?;
    let mut rng = GameRng::new(seed);
    for _ in 0..steps {
        match rec.state().to_act() {
            ToAct::Over => break,
            ToAct::Chance => rec.chance().map_err(|e| e.to_string())?,
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                let legal = rec.state().legal_actions(seat);
                let Some(action) = legal.get(rng.below(legal.len().max(1))) else {
                    return Err(format!("seat {seat} may act but has no legal action"));
                };
                rec.act(seat, &action.clone()).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(rec)
}

/// A save file of a random game of `kind` (`steps` steps at most), seats written as "ai:random".
pub fn sample_save(kind: GameKind, seed: u64, steps: usize) -> Result<String, String> {
    fn text<G: Recorded>(setup: G::Setup, seed: u64, steps: usize) -> Result<String, String> {
        let rec = random_game::<G>(setup, seed, steps)?;
        let seats = vec!["ai:random".to_string(); rec.state().num_seats()];
        save::to_string(&seats, false, rec.record()).map_err(|e| e.to_string())
    }
    match kind {
        GameKind::IceTowers => text::<IceTowers>(icetowers::Setup::new(3, seed), seed, steps),
        GameKind::Sprawl => text::<Sprawl>(sprawl::Setup::new(3, seed), seed, steps),
        GameKind::IceCastle => text::<IceCastle>(ice_castle::Setup::new(2, seed), seed, steps),
        GameKind::IceColony => text::<IceColony>(ice_colony::Setup::new(2, seed), seed, steps),
        GameKind::IceFortress => {
            text::<IceFortress>(ice_fortress::Setup::new(2, seed), seed, steps)
        }
    }
}

/// A save `text` whose first action is played by a seat the game does not have (99): its header
/// still reads, but its moves no longer replay. `None` when no seat acts in it.
pub fn played_by_no_seat(text: &str) -> Option<String> {
    let from = text.find("Act(seat: ")? + "Act(seat: ".len();
    let digits = text[from..].find(',')?;
    Some(format!("{}99{}", &text[..from], &text[from + digits..]))
}

/// Seed corpus of the save target: a short and a longer game of every game, and a short one marked
/// as saved in the app's tutorial.
pub fn save_corpus() -> Vec<String> {
    let mut corpus = Vec::new();
    for kind in GameKind::ALL {
        for (seed, steps) in [(1, 12), (2, 80)] {
            if let Ok(text) = sample_save(kind, seed, steps) {
                corpus.push(text);
            }
        }
    }
    if let Ok(rec) = random_game::<IceTowers>(icetowers::Setup::new(2, 3), 3, 12) {
        let seats = ["human".to_string(), "ai".to_string()];
        corpus.extend(save::to_string(&seats, true, rec.record()).ok());
    }
    corpus
}

/// Load `text` as a save of whatever game its header names, then use the loaded game the way the
/// app would. Errors are fine; a panic or a broken promise (returned as `Err(Some(..))`) is a crash.
pub fn run_save(text: &str) -> Result<(), Option<String>> {
    let header = save::peek(text).map_err(|_| None)?;
    match header.kind() {
        Some(GameKind::IceTowers) => exercise::<IceTowers>(text),
        Some(GameKind::Sprawl) => exercise::<Sprawl>(text),
        Some(GameKind::IceCastle) => exercise::<IceCastle>(text),
        Some(GameKind::IceColony) => exercise::<IceColony>(text),
        Some(GameKind::IceFortress) => exercise::<IceFortress>(text),
        None => Err(None),
    }
}

fn exercise<G: Recorded>(text: &str) -> Result<(), Option<String>> {
    let loaded = match save::load::<G>(text) {
        Ok(l) => l,
        Err(
            LoadError::Replay(_)
            | LoadError::Ruling(_)
            | LoadError::Corrupt { .. }
            | LoadError::Seats { .. },
        ) => {
            return Err(None);
        }
        Err(e) => return Err(Some(format!("a readable header was refused later: {e}"))),
    };
    let state = loaded.state();
    if let ToAct::Seats(seats) = state.to_act() {
        for seat in seats {
            let _ = state.legal_actions(seat);
        }
    }
    let _ = state.scores();
    // Saving the loaded game again gives a save that loads to the same state.
    let again = save::to_string(
        &loaded.header.seats,
        loaded.header.tutorial,
        loaded.recorder.record(),
    )
    .map_err(|e| Some(e.to_string()))?;
    match save::load::<G>(&again) {
        Ok(back) if back.state() == state => Ok(()),
        Ok(_) => Err(Some("saved again, the game loads differently".into())),
        Err(e) => Err(Some(format!("saved again, the game does not load: {e}"))),
    }
}

/// Seed corpus of the content target: each shipped file, tagged with its part.
pub fn content_corpus() -> Vec<String> {
    PARTS
        .iter()
        .zip(CONTENT_FILES)
        .map(|(part, text)| tag(part, text))
        .collect()
}

/// A content input: a first line naming its part, then that part's text.
pub fn tag(part: &str, text: &str) -> String {
    format!("// part: {part}\n{text}")
}

/// Read the part named on the first line of `input` (rooms if none) with the other four shipped
/// parts; if the content is accepted, a game on it must start and play without breaking.
pub fn run_content(input: &str) -> Result<(), Option<String>> {
    let part = input
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// part: "))
        .and_then(|name| PARTS.iter().position(|p| *p == name.trim()))
        .unwrap_or(0);
    let mut parts = CONTENT_FILES;
    parts[part] = input;
    let content =
        Content::from_parts(parts[0], parts[1], parts[2], parts[3], parts[4]).map_err(|_| None)?;
    let players = 1 + (input.len() % 4);
    let setup = ice_fortress::Setup {
        difficulty: content.difficulty.standard,
        ..ice_fortress::Setup::new(players, input.len() as u64)
    };
    let mut state = IceFortress::new(&setup, &content)
        .map_err(|e| Some(format!("accepted content refused a game: {e}")))?;
    let mut rng = GameRng::new(input.len() as u64);
    for _ in 0..300 {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => state.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                let legal = state.legal_actions(seat);
                let Some(a) = legal.get(rng.below(legal.len().max(1))) else {
                    return Err(Some(format!("seat {seat} may act but has no legal action")));
                };
                state.apply(seat, a).map_err(|e| Some(e.to_string()))?;
            }
        }
        state.check_invariants().map_err(Some)?;
    }
    Ok(())
}

/// The table positions shipped in `scenes/positions/`, each tagged with its game.
const POSITION_FILES: [(&str, &str); 8] = [
    (
        "ice-fortress",
        include_str!("../../../scenes/positions/fortress-full.ron"),
    ),
    (
        "ice-fortress",
        include_str!("../../../scenes/positions/fortress-midgame.ron"),
    ),
    (
        "ice-fortress",
        include_str!("../../../scenes/positions/fortress-won.ron"),
    ),
    (
        "sprawl",
        include_str!("../../../scenes/positions/sprawl-branch.ron"),
    ),
    (
        "sprawl",
        include_str!("../../../scenes/positions/sprawl-neutralized.ron"),
    ),
    (
        "icetowers",
        include_str!("../../../scenes/positions/icetowers-midgame.ron"),
    ),
    (
        "ice-colony",
        include_str!("../../../scenes/positions/colony-midgame.ron"),
    ),
    (
        "ice-castle",
        include_str!("../../../scenes/positions/castle-midgame.ron"),
    ),
];

/// Seed corpus of the position target: the shipped positions, and states part-way through random
/// games (Sprawl with every variant at three and eight seats, Ice Fortress solo and for four, and
/// one of each other game).
pub fn position_corpus() -> Vec<String> {
    let mut out: Vec<String> = POSITION_FILES
        .iter()
        .map(|(game, text)| position_tag(game, text))
        .collect();
    // The state of a random game of `setup` after `steps` steps, in RON (none if it could not
    // be played or written).
    fn midgame<G: Recorded>(setup: G::Setup, seed: u64, steps: usize) -> Option<String> {
        let played = random_game::<G>(setup, seed, steps).ok()?;
        ron::to_string(played.state()).ok()
    }
    let sprawl = |players, seed| sprawl::Setup {
        variants: sprawl::Variants::of(&sprawl::Variant::ALL),
        ..sprawl::Setup::new(players, seed)
    };
    let fortress = ice_fortress::Setup::new;
    for (game, state) in [
        ("sprawl", midgame::<Sprawl>(sprawl(3, 1), 1, 12)),
        ("sprawl", midgame::<Sprawl>(sprawl(8, 2), 2, 40)),
        (
            "ice-fortress",
            midgame::<IceFortress>(fortress(1, 3), 3, 60),
        ),
        (
            "ice-fortress",
            midgame::<IceFortress>(fortress(4, 4), 4, 120),
        ),
        (
            "icetowers",
            midgame::<IceTowers>(icetowers::Setup::new(4, 5), 5, 30),
        ),
        (
            "ice-colony",
            midgame::<IceColony>(ice_colony::Setup::new(3, 6), 6, 60),
        ),
        (
            "ice-castle",
            midgame::<IceCastle>(ice_castle::Setup::new(4, 7), 7, 60),
        ),
    ] {
        if let Some(text) = state {
            out.push(position_tag(game, &text));
        }
    }
    out
}

/// A position input: a first line naming its game, then the state's RON.
pub fn position_tag(game: &str, text: &str) -> String {
    format!("// game: {game}\n{text}")
}

/// Read `input` as a table position of the game its first line names, as `--scene` does (the state's
/// RON, then [`Game::check_position`]); if accepted, play on from it for a while the way the app and the AI
/// would. A refusal is fine; a panic, or a legal move refused, is a crash.
pub fn run_position(input: &str) -> Result<(), Option<String>> {
    let game = input
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// game: "))
        .map(str::trim);
    match game.and_then(GameKind::from_slug) {
        Some(GameKind::Sprawl) => play_position::<Sprawl>(input),
        Some(GameKind::IceTowers) => play_position::<IceTowers>(input),
        Some(GameKind::IceColony) => play_position::<IceColony>(input),
        Some(GameKind::IceCastle) => play_position::<IceCastle>(input),
        _ => play_position::<IceFortress>(input),
    }
}

fn play_position<G: Game + serde::de::DeserializeOwned>(text: &str) -> Result<(), Option<String>> {
    let mut state: G = ron::from_str(text).map_err(|_| None)?;
    state.check_position().map_err(|_| None)?;
    let mut rng = GameRng::new(text.len() as u64);
    for _ in 0..40 {
        let _ = (state.scores(), state.returns());
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => state.apply_chance(),
            ToAct::Seats(seats) => {
                for &seat in &seats {
                    for a in state.legal_actions(seat) {
                        let _ = state.action_to_string(seat, &a);
                    }
                }
                let Some(&seat) = seats.get(rng.below(seats.len().max(1))) else {
                    return Err(Some("seats may act but none is named".into()));
                };
                let legal = state.legal_actions(seat);
                let Some(a) = legal.get(rng.below(legal.len().max(1))) else {
                    return Err(Some(format!("seat {seat} may act but has no legal action")));
                };
                state
                    .apply(seat, a)
                    .map_err(|e| Some(format!("a legal action was refused: {e}")))?;
            }
        }
        state
            .check_invariants()
            .map_err(|e| Some(format!("play from the position broke an invariant: {e}")))?;
    }
    Ok(())
}
