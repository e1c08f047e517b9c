//! The position files in scenes/positions/ (every game): table positions the app can start from
//! (`--scene`), used by the screenshot tests and the app benchmark. They are rules states in RON, made by
//! the auto-player from fixed seeds; `cargo test --test positions -- --ignored` writes them
//! again after the content or the rules change, and the normal tests check that they still load.
//! `fortress-full.ron` is the benchmark's full table (`scripts/bench-app.sh`).

use std::path::PathBuf;

use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{FortressBot, IceFortress, Phase, Setup, Spot};
use hoarfrost_rules::{Game, ToAct};

fn scene_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("scenes/positions/fortress-{name}.ron"))
}

/// Play the auto-player from `seed` until `stop` holds (or the game ends), returning the state.
fn play_until(players: usize, seed: u64, stop: impl Fn(&IceFortress) -> bool) -> IceFortress {
    let mut s =
        IceFortress::standard(&Setup::new(players, seed)).expect("the shipped content loads");
    let mut bot = FortressBot::new(seed);
    for _ in 0..s.max_game_length() {
        if stop(&s) {
            break;
        }
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let a = bot.choose(&s, seats[0]).expect("the bot always has a move");
                s.apply(seats[0], &a).expect("the bot plays legal moves");
            }
        }
    }
    s
}

fn tallest(s: &IceFortress) -> u8 {
    s.built().values().map(|b| b.level).max().unwrap_or(0)
}

/// A build step of a fortress at least three rooms high and eight rooms big.
fn midgame(s: &IceFortress) -> bool {
    tallest(s) >= 3
        && s.built().len() >= 8
        && s.phase() == Phase::Build
        && s.decision().is_none()
        && !s.rolled().is_empty()
}

/// Invaders on the table plus shards in the supply: every figure the table shows.
fn figures(s: &IceFortress) -> usize {
    let invaders: usize = s.built().values().map(|b| b.invader_spots().len()).sum();
    invaders + s.shards().iter().map(|&n| n as usize).sum::<usize>()
}

/// A full table for the benchmark: at least 16 rooms built, 50 dice and 34 figures, in a build step
/// (with jumbo rooms alone on the foundation the auto-player seldom lets invaders gather: one game
/// of 476, 2 players seed 25, reaches 34 figures with 16 rooms, none more).
fn full(s: &IceFortress) -> bool {
    s.built().len() >= 16
        && s.dice().len() == 50
        && figures(s) >= 34
        && s.phase() == Phase::Build
        && s.decision().is_none()
        && !s.rolled().is_empty()
}

fn load(name: &str) -> IceFortress {
    let text = std::fs::read_to_string(scene_path(name)).expect("the scene file exists");
    let s: IceFortress = ron::from_str(&text).expect("the scene parses");
    s.check_invariants()
        .expect("the scene keeps the rules' invariants");
    // A position the rules can reach: only the sizes the content allows stand on the foundation
    // (the rules tests' own fixtures may put any room there, so this is not among the invariants).
    for built in s.built().values() {
        if let Spot::Foundation(space) = built.on {
            let card = s.card(built.card).expect("a built room has a card");
            assert!(
                s.content().foundation.sizes.contains(&card.size),
                "{} ({:?}) stands on foundation space {space} in {name}",
                card.name,
                card.size
            );
        }
    }
    s
}

#[test]
fn the_midgame_scene_shows_a_fortress_three_rooms_high_in_a_build_step() {
    let s = load("midgame");
    assert!(midgame(&s), "tallest {} in {:?}", tallest(&s), s.phase());
}

#[test]
fn the_won_scene_is_a_won_game() {
    let s = load("won");
    assert_eq!(s.phase(), Phase::Won);
    assert_eq!(s.beacons(), 4);
}

#[test]
fn the_full_scene_has_16_rooms_50_dice_and_34_figures() {
    let s = load("full");
    assert!(
        full(&s),
        "{} rooms, {} dice, {} figures in {:?}",
        s.built().len(),
        s.dice().len(),
        figures(&s),
        s.phase()
    );
}

#[test]
#[ignore = "writes the scene files; run after changing the content or the rules"]
fn write_scenes() {
    let pretty = ron::ser::PrettyConfig::default();
    let mid = (1..200)
        .map(|seed| play_until(1, seed, midgame))
        .find(midgame)
        .expect("some seed reaches three rooms high");
    let won = (1..400)
        .map(|seed| play_until(1, seed, |_| false))
        .find(|s| s.phase() == Phase::Won)
        .expect("some seed wins");
    // The first auto-played game (1-4 players, seeds 1-119) that reaches a full table; if none
    // does, the shipped one (still valid, checked above) is kept.
    let full_table = (1..=4)
        .flat_map(|players| (1..120).map(move |seed| (players, seed)))
        .find_map(|(players, seed)| {
            let s = play_until(players, seed, full);
            full(&s).then(|| {
                eprintln!("full table: {players} players, seed {seed}");
                s
            })
        });
    let mut scenes = vec![("midgame", mid), ("won", won)];
    match full_table {
        Some(s) => scenes.push(("full", s)),
        None => eprintln!("no seed reached a full table: fortress-full.ron kept"),
    }
    for (name, s) in scenes {
        let text = ron::ser::to_string_pretty(&s, pretty.clone()).expect("a state serializes");
        std::fs::write(scene_path(name), text).expect("the scene is written");
    }
}

/// A Sprawl position with a neutralized tower, for the screenshot that shows its marking.
fn sprawl_neutralized(s: &hoarfrost_rules::sprawl::Sprawl) -> bool {
    s.board()
        .cells()
        .any(|(_, c)| matches!(c, hoarfrost_rules::sprawl::Cell::Tower(t) if t.neutralized))
}

#[test]
fn the_sprawl_scene_holds_a_neutralized_tower() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/positions/sprawl-neutralized.ron");
    let text = std::fs::read_to_string(path).expect("the scene file exists");
    let s: hoarfrost_rules::sprawl::Sprawl = ron::from_str(&text).expect("the scene parses");
    s.check_invariants()
        .expect("the scene keeps the rules' invariants");
    assert!(sprawl_neutralized(&s));
    assert!(!s.is_over());
}

#[test]
#[ignore = "writes the Sprawl scene file"]
fn write_sprawl_scene() {
    use hoarfrost_rules::sprawl::{Setup as SprawlSetup, Sprawl, bot::SprawlBot};
    let found = (1..500).find_map(|seed| {
        let mut s = Sprawl::new(&SprawlSetup::new(3, seed)).ok()?;
        let mut bots: Vec<SprawlBot> = (0..3).map(|i| SprawlBot::new(seed * 3 + i)).collect();
        for _ in 0..s.max_game_length() {
            if sprawl_neutralized(&s) && !s.is_over() {
                return Some(s);
            }
            match s.to_act() {
                ToAct::Seats(seats) => {
                    let seat = seats[0];
                    let a = bots[seat].choose(&s, seat)?;
                    s.apply(seat, &a).ok()?;
                }
                ToAct::Chance => s.apply_chance(),
                ToAct::Over => return None,
            }
        }
        None
    });
    let s = found.expect("some seed neutralizes a tower");
    let text = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default()).unwrap();
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/positions/sprawl-neutralized.ron");
    std::fs::write(path, text).unwrap();
}

/// The Sprawl position for choosing a branch's direction on the board: Red (to move) has a 3-2
/// tower on b2 and a large branch on b3 pointing north, so a medium branched into b4 may point
/// north, east or west.
fn sprawl_branch_position() -> hoarfrost_rules::sprawl::Sprawl {
    use hoarfrost_rules::sprawl::{Dir, Piece, Setup as SprawlSetup, Sprawl, Square};
    let at = |col, row| Square::new(col, row);
    let piece = |owner, size| Piece { owner, size };
    Sprawl::with_layout(
        &SprawlSetup::new(3, 1),
        &[
            (at(1, 1), vec![piece(0, 3), piece(0, 2)]),
            (at(4, 4), vec![piece(1, 3)]),
            (at(4, 0), vec![piece(2, 3)]),
        ],
        &[(at(1, 2), piece(0, 3), Dir::North, at(1, 1))],
        0,
    )
    .expect("the layout is legal")
}

fn sprawl_branch_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/positions/sprawl-branch.ron")
}

#[test]
fn the_sprawl_branch_scene_is_the_layout_it_describes() {
    use hoarfrost_rules::sprawl::{Action, Sprawl};
    let text = std::fs::read_to_string(sprawl_branch_path()).expect("the scene file exists");
    let s: Sprawl = ron::from_str(&text).expect("the scene parses");
    s.check_invariants()
        .expect("the scene keeps the rules' invariants");
    assert_eq!(s, sprawl_branch_position());
    let b4 = hoarfrost_rules::sprawl::Square::new(1, 3);
    let into_b4 = s
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Branch { to, .. } if *to == b4))
        .count();
    assert_eq!(into_b4, 3, "a medium into b4 points north, east or west");
}

#[test]
#[ignore = "writes the Sprawl branch scene file"]
fn write_sprawl_branch_scene() {
    let text =
        ron::ser::to_string_pretty(&sprawl_branch_position(), ron::ser::PrettyConfig::default())
            .unwrap();
    std::fs::write(sprawl_branch_path(), text).unwrap();
}

/// The path of the shipped position `name` (`scenes/positions/<name>.ron`).
fn position_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("scenes/positions/{name}.ron"))
}

/// Play `bots` (one for each seat) from `s` until `stop` holds, at most `steps` steps; `None` if the
/// game ends or a bot has no move first. In a turnless game the seats that may act take turns.
fn play_bots<G: hoarfrost_rules::Game>(
    mut s: G,
    bots: &mut [Box<dyn Bot<G>>],
    steps: usize,
    stop: impl Fn(&G) -> bool,
) -> Option<G> {
    for step in 0..steps {
        if stop(&s) {
            return Some(s);
        }
        match s.to_act() {
            ToAct::Over => return None,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let (seat, a) = (0..seats.len())
                    .map(|i| seats[(step + i) % seats.len()])
                    .find_map(|seat| Some((seat, bots[seat].choose(&s, seat)?)))?;
                s.apply(seat, &a).expect("the bots play legal moves");
            }
        }
    }
    None
}

/// A seat is to act (not chance) and has something to do: a position a player opens on.
fn seat_to_act<G: hoarfrost_rules::Game>(s: &G) -> bool {
    matches!(s.to_act(), ToAct::Seats(seats) if seats.iter().any(|&seat| !s.legal_actions(seat).is_empty()))
}

/// IceTowers, three seats: fifteen moves in, with a tower three pyramids high.
fn icetowers_midgame(s: &hoarfrost_rules::icetowers::IceTowers) -> bool {
    s.moves() >= 15 && s.towers().iter().any(|t| t.pieces.len() >= 3) && seat_to_act(s)
}

/// Ice Colony, three players: the third round, each player still holding a territory.
fn colony_midgame(s: &hoarfrost_rules::ice_colony::IceColony) -> bool {
    let held = |seat| s.units().iter().flatten().any(|u| u.owner == seat);
    s.round() >= 3 && (0..3).all(held) && seat_to_act(s)
}

/// Ice Castle, three players: a padlock on a door, a bonus turn under way, and a character that has
/// left the castle by a door it may not come back in by (what the side panel tells of it).
fn castle_midgame(s: &hoarfrost_rules::ice_castle::IceCastle) -> bool {
    let padlocked = s.cells().any(|c| s.tile(c).is_some_and(|t| t.padlock));
    let left = (0..3).any(|seat| s.character(seat).is_none() && s.left_by(seat).is_some());
    padlocked && left && s.bonus_turn() && seat_to_act(s)
}

/// The shipped positions of IceTowers, Ice Colony and Ice Castle load as `--scene` reads them and are
/// still what they were chosen to show.
#[test]
fn the_other_games_positions_load_and_show_a_game_under_way() {
    use hoarfrost_rules::{ice_castle::IceCastle, ice_colony::IceColony, icetowers::IceTowers};
    fn load<G: hoarfrost_rules::Game + serde::de::DeserializeOwned>(name: &str) -> G {
        let text = std::fs::read_to_string(position_path(name)).expect("the scene file exists");
        let s: G = ron::from_str(&text).expect("the scene parses");
        s.check_position().expect("the scene can be played from");
        s
    }
    assert!(icetowers_midgame(&load::<IceTowers>("icetowers-midgame")));
    assert!(colony_midgame(&load::<IceColony>("colony-midgame")));
    assert!(castle_midgame(&load::<IceCastle>("castle-midgame")));
}

/// The first position `stop` picks out in three-seat games made by `new` and played by `bot` (one
/// seeded per seat), seeds 1 to 99, at most `steps` steps each.
fn first_position<G: hoarfrost_rules::Game>(
    new: impl Fn(u64) -> Option<G>,
    bot: impl Fn(u64) -> Box<dyn Bot<G>>,
    steps: usize,
    stop: impl Fn(&G) -> bool,
) -> Option<G> {
    (1..100).find_map(|seed| {
        let mut bots: Vec<_> = (0..3).map(|i| bot(seed * 3 + i)).collect();
        play_bots(new(seed)?, &mut bots, steps, &stop)
    })
}

#[test]
#[ignore = "writes the IceTowers, Ice Colony and Ice Castle scene files"]
fn write_other_scenes() {
    use hoarfrost_rules::{ice_castle, ice_colony, icetowers};
    fn write<G: serde::Serialize>(name: &str, s: Option<G>) {
        let s = s.unwrap_or_else(|| panic!("no seed reaches the position {name}"));
        let text = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default()).unwrap();
        std::fs::write(position_path(name), text).unwrap();
    }
    let towers = first_position(
        |seed| icetowers::IceTowers::new(&icetowers::Setup::new(3, seed)).ok(),
        |seed| Box::new(icetowers::TowerBot::new(seed)),
        400,
        icetowers_midgame,
    );
    write("icetowers-midgame", towers);
    let colony = first_position(
        |seed| ice_colony::IceColony::new(&ice_colony::Setup::new(3, seed)).ok(),
        |seed| Box::new(ice_colony::bot::ColonyBot::new(seed)),
        2000,
        colony_midgame,
    );
    write("colony-midgame", colony);
    let castle = first_position(
        |seed| ice_castle::IceCastle::new(&ice_castle::Setup::new(3, seed)).ok(),
        |seed| Box::new(ice_castle::bot::CastleBot::tuned(seed)),
        2000,
        castle_midgame,
    );
    write("castle-midgame", castle);
}
