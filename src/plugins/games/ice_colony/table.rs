//! The Ice Colony table: the 5x5 board of terrain pyramids with the players' units standing on them.
//! The players' pools stand left of it (`pools.rs`), the dice roll in front of them; the
//! side panel tells the position. Clicks are in `input.rs`.

use bevy::gltf::GltfAssetLabel;
use bevy::prelude::*;
use hoarfrost_rules::Game;
use hoarfrost_rules::ice_colony::{self, Colour, DiceRoll, IceColony, Phase, SQUARES, Square};

use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::games::ice_colony::input::square_of;
use crate::plugins::session::Session;
use crate::plugins::session::start::{TableStart, opened};
use crate::plugins::session::words::HudSpec;
use crate::plugins::table::hover_frame::{Spot, outline};
use crate::plugins::table::pyramid::size;
use crate::plugins::table::pyramid::stack_heights;
use crate::plugins::table::tooltips::tips;
use crate::systems::dice::{DiceAssets, die_bundle};
use crate::systems::glide::Travels;
use crate::systems::labels::{BoardLabelKit, Grid, spawn_board_labels};
use crate::systems::{Frame, TableEntity};

/// Distance between square centres.
pub const SPACING: f32 = 1.8;
/// A board square's tile, under the terrain.
pub const SQUARE: Color = Color::srgb(0.2, 0.25, 0.3);

/// A board square (its tile), clicked to act there.
#[derive(Component, Clone, Copy, Debug)]
pub struct ColonySquare(pub Square);

/// A pyramid on the board (terrain or unit), redrawn when the rules state changes.
#[derive(Component, Clone, Copy, Debug)]
pub struct ColonyPiece(pub Square);

/// One of the two dice beside the board: 0 rolls fate and attack, 1 defence.
#[derive(Component, Clone, Copy, Debug)]
pub struct ColonyDie(pub usize);

/// Where die `i` rests: left of the board, in front of the pools.
pub fn die_rest(i: usize) -> Vec3 {
    Vec3::new(-8.3 + 1.6 * i as f32, 0.3, 4.2)
}

/// The faces to show for a roll: fate (or the first dice-off roll) on die 0, defence on die 1.
pub fn faces(d: &DiceRoll) -> [Option<u8>; 2] {
    match d {
        DiceRoll::Fate { rolls, .. } => [rolls.last().copied(), None],
        DiceRoll::Battle {
            attack_die,
            defence_die,
            ..
        } => [Some(*attack_die), Some(*defence_die)],
        DiceRoll::DiceOff { passes, .. } => {
            let last = passes.last();
            let die = |i: usize| last.and_then(|p| p.get(i)).map(|r| r.die);
            [die(0), die(1)]
        }
    }
}

/// Roll the dice beside the board when the rules rolled new ones.
fn roll_new_dice(
    mut commands: Commands,
    session: Res<Session<IceColony>>,
    mut shown: Local<Option<DiceRoll>>,
    dice: Query<(Entity, &ColonyDie)>,
) {
    let now = session.state.last_dice();
    if now == shown.as_ref() {
        return;
    }
    *shown = now.cloned();
    let Some(roll) = now else { return };
    let values = faces(roll);
    for (entity, die) in &dice {
        if let Some(v) = values[die.0] {
            let seed = session.steps() as u32 * 7 + die.0 as u32;
            crate::systems::dice::roll(&mut commands, entity, v, die_rest(die.0), seed);
        }
    }
}

/// Shared meshes and materials: one material per colour, three tile looks.
#[derive(Resource)]
pub struct ColonyAssets {
    pub(super) pyramid: Handle<Mesh>,
    pub(super) colours: Vec<Handle<StandardMaterial>>,
    /// The edge token's disc.
    pub(super) token: Handle<Mesh>,
    /// A square's tile: plain, lit (clickable), the active territory.
    pub(super) tile: [Handle<StandardMaterial>; 3],
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::plugins::games::ice_colony::input::plugin,
        crate::plugins::games::ice_colony::pools::plugin,
        tips::<IceColony, ColonySquare>(|s, q| square_tip(s, q.0)),
        tips::<IceColony, ColonyPiece>(|s, p| square_tip(s, p.0)),
        outline::<IceColony, ColonySquare>(|_, q| Some(square_spot(q.0))),
        outline::<IceColony, ColonyPiece>(|_, p| Some(square_spot(p.0))),
        tips::<IceColony, ColonyDie>(|s, d| Some(die_tip(s, d.0))),
    ))
    .add_systems(
        OnEnter(Screen::Playing),
        build_table
            .in_set(TableStart::Build)
            .run_if(opened::<IceColony>),
    )
    .add_systems(
        Update,
        (redraw_pieces, roll_new_dice).in_set(Frame::Mirror).run_if(
            resource_exists_and_changed::<Session<IceColony>>
                .and_then(resource_exists::<ColonyAssets>),
        ),
    );
}

/// How far beyond the edge squares' centres the board's letters and numbers stand (in squares),
/// and how wide each is.
pub const LABEL_OUT: f32 = 0.8;
pub const LABEL_SIZE: f32 = SPACING * 0.45;

/// The board's grid, for its edge labels.
pub fn grid() -> Grid<'static> {
    fn centre(c: u8, r: u8) -> Vec3 {
        square_position(r * ice_colony::SIDE + c)
    }
    fn col_name(c: u8) -> String {
        ice_colony::square_name(c)[..1].to_string()
    }
    fn row_name(r: u8) -> String {
        (r + 1).to_string()
    }
    Grid {
        cols: ice_colony::SIDE,
        rows: ice_colony::SIDE,
        centre: &centre,
        col_name: &col_name,
        row_name: &row_name,
    }
}

/// Centre of a square on the table.
/// Where a square lies, for the frame round the one under the pointer: its tile's top.
pub fn square_spot(sq: Square) -> Spot {
    Spot {
        centre: square_position(sq),
        width: SPACING * 0.94,
    }
}

pub fn square_position(sq: Square) -> Vec3 {
    let (r, c) = (ice_colony::row(sq) as f32, ice_colony::col(sq) as f32);
    Vec3::new((c - 2.0) * SPACING, 0.0, (r - 2.0) * SPACING)
}

fn colour_of(c: Colour) -> Color {
    match c.hue() {
        Some(h) => palette::hue_color(h),
        None => Color::srgba(0.85, 0.93, 1.0, 0.45),
    }
}

/// Lay out the table of the game just opened (`session::start`): the board, its edge labels and
/// the dice.
fn build_table(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    dice: Res<DiceAssets>,
    labels: Res<BoardLabelKit>,
) {
    for i in 0..2 {
        commands.spawn((
            TableEntity,
            ColonyDie(i),
            die_bundle(&dice, 6 - i as u8 * 5, die_rest(i), 0.6),
        ));
    }
    let kit = make_kit(&assets, &mut meshes, &mut materials);
    commands.spawn((
        Name::new("Table"),
        TableEntity,
        crate::plugins::table::graphics::TableTop,
        Pickable::IGNORE,
        Mesh3d(meshes.add(Cylinder::new(8.8, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::TABLE,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(-1.8, -0.12, 0.3),
    ));
    let slab = meshes.add(Cuboid::new(SPACING * 0.94, 0.04, SPACING * 0.94));
    for sq in 0..SQUARES as Square {
        commands.spawn((
            Name::new(format!("Square {}", ice_colony::square_name(sq))),
            TableEntity,
            ColonySquare(sq),
            Mesh3d(slab.clone()),
            MeshMaterial3d(kit.tile[0].clone()),
            Transform::from_translation(square_position(sq) - Vec3::Y * 0.02),
        ));
    }
    spawn_board_labels(&mut commands, &labels, &grid(), LABEL_OUT, LABEL_SIZE);
    commands.insert_resource(kit);
    commands.insert_resource(crate::plugins::games::ice_colony::pools::framing());
}

/// The meshes and materials of the Ice Colony table: the pyramid, a material per colour (the clear
/// terrain see-through), the edge tokens and the square tiles (plain, lit, marked).
fn make_kit(
    assets: &AssetServer,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> ColonyAssets {
    let colours = (0..10)
        .map(|i| {
            let c = Colour::ALL[i];
            let texture = c.hue().map(|h| assets.load(palette::marking_path(h)));
            let alpha = if c.hue().is_none() {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            };
            materials.add(StandardMaterial {
                base_color: colour_of(c),
                base_color_texture: texture,
                alpha_mode: alpha,
                perceptual_roughness: 0.35,
                ..default()
            })
        })
        .collect();
    let tile = |glow: LinearRgba, materials: &mut Assets<StandardMaterial>| {
        materials.add(StandardMaterial {
            base_color: SQUARE,
            emissive: glow,
            ..default()
        })
    };
    ColonyAssets {
        pyramid: assets.load(
            GltfAssetLabel::Primitive {
                mesh: 0,
                primitive: 0,
            }
            .from_asset("models/pyramid.gltf"),
        ),
        colours,
        token: meshes.add(Cylinder::new(
            crate::plugins::games::ice_colony::pools::TOKEN_RADIUS,
            0.04,
        )),
        tile: [
            tile(LinearRgba::BLACK, materials),
            tile(LinearRgba::rgb(0.05, 0.35, 0.5), materials),
            tile(LinearRgba::rgb(0.6, 0.5, 0.1), materials),
        ],
    }
}

/// Which unit pyramids look alike, for their glide from square to square and from a pool: one
/// colour's, one size.
pub fn look(colour: usize, size: u8) -> u32 {
    colour as u32 * 4 + u32::from(size)
}

/// Redraw terrain and units: at most 25 terrain pyramids and their units, all sharing meshes and
/// materials. Units glide where they go; terrain stays.
fn redraw_pieces(
    mut commands: Commands,
    session: Res<Session<IceColony>>,
    kit: Res<ColonyAssets>,
    old: Query<Entity, With<ColonyPiece>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let s = &session.state;
    for sq in 0..SQUARES as Square {
        let Some(terrain) = s.terrain(sq) else {
            continue;
        };
        let mut stack: Vec<(u8, usize)> = vec![(3, terrain.index())];
        if let Some(unit) = s.unit(sq) {
            let colour = s.colour(unit.owner).index();
            stack.extend(unit.piece_list().into_iter().map(|p| (p, colour)));
        }
        let pips: Vec<u8> = stack.iter().map(|&(p, _)| p).collect();
        for (i, ((p, colour), y)) in stack.into_iter().zip(stack_heights(&pips)).enumerate() {
            let (w, h) = size(p);
            let mut piece = commands.spawn((
                Name::new("Colony pyramid"),
                TableEntity,
                ColonyPiece(sq),
                Mesh3d(kit.pyramid.clone()),
                MeshMaterial3d(kit.colours[colour].clone()),
                Transform::from_translation(square_position(sq) + Vec3::Y * y)
                    .with_scale(Vec3::new(w, h, w)),
            ));
            if i > 0 {
                piece.insert(Travels(look(colour, p)));
            }
        }
    }
}

fn describe_dice(d: &DiceRoll) -> String {
    match d {
        DiceRoll::DiceOff { winner, .. } => format!(
            "Dice-off won by {}",
            Colour::PLAYERS
                .get(*winner)
                .map_or("a player", |c| c.name())
        ),
        DiceRoll::Fate {
            square,
            rolls,
            before,
            after,
            ..
        } => {
            let rolls: Vec<String> = rolls.iter().map(u8::to_string).collect();
            let pips = |n: &u8| hoarfrost_rules::words::count(i64::from(*n), "pip", "pips");
            let change = if before == after {
                format!("stays at {}", pips(after))
            } else {
                format!("goes from {} to {}", pips(before), pips(after))
            };
            format!(
                "Fate die at {}: rolled {}; the territory {change}",
                ice_colony::square_name(*square),
                rolls.join(" then "),
            )
        }
        DiceRoll::Battle {
            attack_die,
            defence_die,
            attack_total,
            defence_total,
            attacker_won,
            ..
        } => format!(
            "Battle: attack {attack_die} (total {attack_total}) vs defence {defence_die} (total {defence_total}): {}",
            if *attacker_won {
                "attacker wins"
            } else {
                "defender holds"
            }
        ),
    }
}

pub(super) fn hud_spec() -> HudSpec<IceColony> {
    HudSpec {
        title: "Ice Colony",
        seat_name: |s, seat| {
            let c = s.colour(seat);
            let egui_colour = c
                .hue()
                .map_or(bevy_egui::egui::Color32::WHITE, palette::hue_egui);
            (c.name().to_string(), egui_colour)
        },
        seat_status: |s, seat| {
            let pool: u8 = s.pool(seat).iter().sum();
            let edge = if s.has_edge(seat) { ", edge token" } else { "" };
            let n = s.territories(seat) as i64;
            format!(
                "{}, {} in pool{edge}",
                hoarfrost_rules::words::count(n, "territory", "territories"),
                hoarfrost_rules::words::count(pool as i64, "piece", "pieces")
            )
        },
        seat_button: None,
        extra_lines: |s| {
            let stage = match s.phase() {
                Phase::FillBoard { .. } => "Drawing the terrain from the bag".to_string(),
                Phase::FirstDiceOff | Phase::Place => "Placing the first pieces".to_string(),
                _ => format!("Round {} of at most {}", s.round(), s.round_limit()),
            };
            let mut lines = vec![stage];
            if let Some(d) = s.last_dice() {
                lines.push(describe_dice(d));
            }
            if let Some((seat, asks)) = s.asks() {
                lines.push(format!("{} to act: {asks}", s.colour(seat).name()));
            }
            lines
        },
        panel_actions: |s, seat| {
            s.legal_actions(seat)
                .into_iter()
                .filter(|a| square_of(a).is_none())
                .collect()
        },
        help: "Click one of your territories twice to roll its fate die (once if it is your only one), \
               then a square next to it to move there, or an enemy's twice to attack it; the panel \
               offers passing, amounts to move and the edge token.\n\
               Lit squares are where you may click now; gold squares are the active territory and \
               the square a first click marked.\n\
               Left of the board: each player's pool, a row each in seat order; a disc at the end of a \
               row is its player's edge token.\n\
               Fate die: 1 Reduce (lose a pip), 2-3 nothing, 4-5 Grow 1, 6 Grow 2. At most 3 pips a \
               square.\n\
               Terrain: Black cancels Reduce, +1 defending. Blue: one extra move. Green: Grow +1, -1 \
               defending. Red: Reduce takes 2, +2 defending. Yellow: +1 attacking. Clear: as chosen.",
        headline: None,
        settled_by: |_| Vec::new(),
        turn: IceColony::current_seat,
    }
}

/// The tooltip over die `i` beside the board: what it rolls, and the last roll as the side panel
/// tells it.
pub fn die_tip(s: &IceColony, i: usize) -> String {
    let what = if i == 0 {
        "The fate and attack die"
    } else {
        "The defence die"
    };
    match s.last_dice() {
        Some(roll) => format!("{what}. Last roll: {}.", describe_dice(roll)),
        None => format!("{what}: nothing rolled yet."),
    }
}

/// The tooltip over square `sq` (and the pyramids on it): its terrain and what that does, and whose
/// territory it is.
pub fn square_tip(s: &IceColony, sq: Square) -> Option<String> {
    if sq as usize >= SQUARES {
        return None;
    }
    let name = ice_colony::square_name(sq);
    let mut lines = vec![match s.terrain(sq) {
        Some(c) => format!("{name}: {}.", c.effect(s.clear_terrain())),
        None => format!("{name}: no terrain drawn yet."),
    }];
    if let Some(unit) = s.unit(sq) {
        lines.push(format!(
            "{}'s territory, {}.",
            s.colour(unit.owner).name(),
            hoarfrost_rules::words::count(i64::from(unit.pips()), "pip", "pips")
        ));
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fate die opens a turn: the seat the panel marks through it acts once it is rolled.
    #[test]
    fn the_panel_marks_the_player_whose_fate_roll_it_is() {
        use hoarfrost_rules::ToAct;
        use hoarfrost_rules::ice_colony::{Phase, Setup};
        let colony = IceColony::new(&Setup::new(3, 2)).unwrap();
        let fate = |s: &IceColony| matches!(s.phase(), Phase::Fate { .. });
        let (marked, then) =
            crate::plugins::ui::hud::tests::marked_then_acting(colony, hud_spec().turn, fate);
        assert_eq!(ToAct::Seats(marked.clone()), then, "Ice Colony's fate die");
        assert_eq!(marked.len(), 1);
    }

    /// A first piece placed leaves its pool and glides to its square; terrain never moves.
    #[test]
    fn a_piece_placed_glides_from_its_pool_to_its_square() {
        use crate::plugins::core::seats::SeatKind;
        use crate::systems::glide::Glide;
        use hoarfrost_rules::ToAct;
        let mut app = crate::plugins::session::test_app::<IceColony>();
        app.init_resource::<crate::systems::AnimationSpeed>()
            .insert_resource(ColonyAssets {
                pyramid: Handle::default(),
                colours: vec![Handle::default(); 16],
                token: Handle::default(),
                tile: std::array::from_fn(|_| Handle::default()),
            })
            .add_plugins((
                crate::systems::glide::plugin,
                crate::plugins::games::ice_colony::pools::plugin,
            ))
            .add_systems(
                Update,
                redraw_pieces
                    .in_set(Frame::Mirror)
                    .run_if(resource_changed::<Session<IceColony>>),
            );
        let state = IceColony::new(&ice_colony::Setup::new(2, 3)).unwrap();
        app.insert_resource(Session::new(state, vec![SeatKind::Human; 2], 3));
        crate::systems::start_playing(&mut app);
        app.update();
        for _ in 0..200 {
            let mut session = app.world_mut().resource_mut::<Session<IceColony>>();
            let placed = match session.state.to_act() {
                ToAct::Seats(seats) => {
                    let action = session.state.legal_actions(seats[0])[0].clone();
                    let place = matches!(action, ice_colony::Action::Place { .. });
                    session.act(seats[0], &action).unwrap();
                    place.then_some(action)
                }
                ToAct::Chance => {
                    session.chance();
                    None
                }
                ToAct::Over => break,
            };
            app.update();
            let mut q = app.world_mut().query::<(&ColonyPiece, &Glide)>();
            let glides: Vec<(Square, Glide)> =
                q.iter(app.world()).map(|(p, g)| (p.0, g.clone())).collect();
            let Some(ice_colony::Action::Place { square }) = placed else {
                assert!(glides.is_empty(), "nothing moved, yet {glides:?}");
                continue;
            };
            assert_eq!(glides.len(), 1, "one piece moves: {glides:?}");
            let (on, glide) = &glides[0];
            assert_eq!(*on, square);
            let centre = square_position(square);
            assert!(Vec2::new(glide.to.x - centre.x, glide.to.z - centre.z).length() < 1e-4);
            let board_edge = -(ice_colony::SIDE as f32) * SPACING / 2.0;
            assert!(
                glide.from.x < board_edge,
                "it comes from a pool left of the board: {glide:?}"
            );
            return;
        }
        panic!("no first piece was placed in 200 steps");
    }

    /// Each die says what it rolls, and the last roll in the side panel's words.
    #[test]
    fn a_die_tip_says_what_it_rolls_and_the_last_roll() {
        let mut s = IceColony::new(&ice_colony::Setup::new(2, 3)).unwrap();
        assert_eq!(die_tip(&s, 1), "The defence die: nothing rolled yet.");
        while s.last_dice().is_none() {
            s.apply_chance();
        }
        let last = describe_dice(s.last_dice().unwrap());
        assert_eq!(
            die_tip(&s, 0),
            format!("The fate and attack die. Last roll: {last}.")
        );
        assert!(last.starts_with("Dice-off won by"), "{last}");
    }

    #[test]
    fn a_square_tip_names_its_terrain_and_its_territory() {
        let mut s = IceColony::new(&ice_colony::Setup::new(2, 3)).unwrap();
        assert_eq!(square_tip(&s, 0).unwrap(), "A1: no terrain drawn yet.");
        while matches!(s.phase(), ice_colony::Phase::FillBoard { .. }) {
            s.apply_chance();
        }
        let terrain = s.terrain(0).unwrap();
        assert_eq!(
            square_tip(&s, 0).unwrap(),
            format!("A1: {}.", terrain.effect(s.clear_terrain()))
        );
        assert_eq!(square_tip(&s, SQUARES as Square), None);
        // Play on until someone holds a territory: its tip names the owner and the pips.
        for _ in 0..200 {
            if let Some(sq) = (0..SQUARES as Square).find(|&q| s.unit(q).is_some()) {
                let unit = s.unit(sq).unwrap();
                let tip = square_tip(&s, sq).unwrap();
                let owner = s.colour(unit.owner).name();
                assert!(
                    tip.ends_with(&format!(
                        "{owner}'s territory, {} pip{}.",
                        unit.pips(),
                        if unit.pips() == 1 { "" } else { "s" }
                    )),
                    "{tip}"
                );
                return;
            }
            match s.to_act() {
                hoarfrost_rules::ToAct::Chance => s.apply_chance(),
                hoarfrost_rules::ToAct::Seats(seats) => {
                    let action = s.legal_actions(seats[0])[0].clone();
                    s.apply(seats[0], &action).unwrap();
                }
                hoarfrost_rules::ToAct::Over => break,
            }
        }
        panic!("nobody placed a territory");
    }

    #[test]
    fn the_panel_says_who_is_to_act_and_what_the_step_asks() {
        let spec = hud_spec();
        let mut s = IceColony::new(&ice_colony::Setup::new(2, 5)).unwrap();
        let mut asked = Vec::new();
        for _ in 0..400 {
            let lines = (spec.extra_lines)(&s);
            let prompt = lines.iter().find(|l| l.contains(" to act: "));
            match s.to_act() {
                hoarfrost_rules::ToAct::Seats(seats) => {
                    let prompt = prompt.expect("a seat acts: the panel says so");
                    let who = s.colour(seats[0]).name();
                    assert!(prompt.starts_with(&format!("{who} to act: ")), "{prompt}");
                    asked.push(prompt.clone());
                    let action = s.legal_actions(seats[0])[0].clone();
                    s.apply(seats[0], &action).unwrap();
                }
                hoarfrost_rules::ToAct::Chance => {
                    assert_eq!(prompt, None, "nobody acts while the dice roll");
                    s.apply_chance();
                }
                hoarfrost_rules::ToAct::Over => break,
            }
        }
        // Placing, choosing a territory and acting from it each say what they ask.
        for step in [
            "place your first piece",
            "choose one of your territories to roll the fate die for",
            "pass, move or attack from the active territory",
        ] {
            assert!(asked.iter().any(|p| p.ends_with(step)), "{step}: {asked:?}");
        }
    }

    #[test]
    fn squares_are_laid_out_five_by_five_and_distinct() {
        for a in 0..SQUARES as Square {
            for b in 0..a {
                assert!(square_position(a).distance(square_position(b)) >= SPACING - 1e-4);
            }
        }
    }

    #[test]
    fn a_battle_shows_both_dice_and_a_fate_roll_the_last_reroll() {
        let battle = DiceRoll::Battle {
            attacker: 0,
            defender: 1,
            from: 0,
            to: 1,
            attack_die: 5,
            defence_die: 2,
            attack_total: 7,
            defence_total: 4,
            attacker_won: true,
        };
        assert_eq!(faces(&battle), [Some(5), Some(2)]);
        let fate = DiceRoll::Fate {
            seat: 0,
            square: 3,
            rolls: vec![1, 4],
            before: 1,
            after: 2,
        };
        assert_eq!(faces(&fate), [Some(4), None]);
        assert_eq!(
            describe_dice(&fate),
            "Fate die at D1: rolled 1 then 4; the territory goes from 1 pip to 2 pips"
        );
        let reduced = DiceRoll::Fate {
            seat: 0,
            square: 3,
            rolls: vec![1],
            before: 2,
            after: 1,
        };
        assert_eq!(
            describe_dice(&reduced),
            "Fate die at D1: rolled 1; the territory goes from 2 pips to 1 pip"
        );
        let kept = DiceRoll::Fate {
            seat: 0,
            square: 3,
            rolls: vec![3],
            before: 2,
            after: 2,
        };
        assert_eq!(
            describe_dice(&kept),
            "Fate die at D1: rolled 3; the territory stays at 2 pips"
        );
    }
}
