//! The Ice Fortress table: the foundation board with its difficulty track, the Invader/Beacon cards,
//! the four room decks, the supply, the bag, the shield and the dice, and the fortress growing on
//! them. This file makes the table's kit, frames the fortress when a game opens and keeps the turn
//! step (a Bevy state) in line with the rules; `pieces` mirrors the rules state into entities,
//! `input` takes clicks and `hud` draws the cards and choices (the game itself opens through
//! `session::start`, from its `TableGame` in `mod.rs`).

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use hoarfrost_rules::ice_fortress::{self, Element, IceFortress, Phase, RoomElement, Size};

use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::games::ice_fortress::layout;
use crate::plugins::session::Session;
use crate::plugins::session::start::{TableStart, opened};
use crate::plugins::table::camera::FrameTarget;
use crate::systems::cues::Cue;

/// The step of the current character's turn, derived from the rules' phase; input, animation and
/// AI systems of the Fortress table are gated by it.
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum FortressStep {
    /// Not an Ice Fortress game (or not started yet).
    #[default]
    Idle,
    /// Setup: choosing abilities.
    Draft,
    /// The dice are rolled.
    Roll,
    /// Building pillars and rooms, using powers.
    Build,
    /// Invaders are pulled from the bag and land.
    Invaders,
    /// The supply is discarded down to the difficulty.
    EndOfRound,
    /// Won or lost.
    Over,
}

impl FortressStep {
    /// The step for a rules phase.
    pub fn of(phase: Phase) -> Self {
        match phase {
            Phase::Draft => FortressStep::Draft,
            Phase::Roll => FortressStep::Roll,
            Phase::Build => FortressStep::Build,
            Phase::Invaders => FortressStep::Invaders,
            Phase::EndOfRound => FortressStep::EndOfRound,
            Phase::Won | Phase::Lost => FortressStep::Over,
        }
    }
}

const ATLAS_INDEX: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/textures/fortress-labels.ron"
));

/// Shared meshes and materials of the Fortress table, one per kind of thing.
#[derive(Resource)]
pub struct FortressKit {
    pub slab: [Handle<Mesh>; 4],
    pub card_material: [Handle<StandardMaterial>; 5],
    /// One quad per atlas label (its UVs pick the cell), all drawn with `atlas`.
    pub labels: HashMap<String, Handle<Mesh>>,
    pub atlas: Handle<StandardMaterial>,
    /// Dashed group outline per card size.
    pub outline: [Handle<Mesh>; 4],
    pub outline_material: Handle<StandardMaterial>,
    pub figure: [Handle<Mesh>; 4],
    pub figure_material: [Handle<StandardMaterial>; 4],
    pub cube: Handle<Mesh>,
    pub shield_material: Handle<StandardMaterial>,
    pub glow: Handle<StandardMaterial>,
    pub ghost: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    pub plate: Handle<Mesh>,
    pub space_material: Handle<StandardMaterial>,
    pub slot_material: [Handle<StandardMaterial>; 2],
    pub track_material: [Handle<StandardMaterial>; 2],
    pub bag_mesh: Handle<Mesh>,
    pub bag_material: Handle<StandardMaterial>,
}

impl FortressKit {
    /// The quad of a label ("any", "4-5", "+1", "fire", ...); "?" when the atlas lacks it.
    pub fn label(&self, name: &str) -> Handle<Mesh> {
        self.labels
            .get(name)
            .or_else(|| self.labels.get("?"))
            .cloned()
            .unwrap_or_default()
    }
}

/// The atlas label of a room element's icon.
pub fn element_icon(e: RoomElement) -> &'static str {
    match e.element() {
        Some(Element::Fire) => "fire",
        Some(Element::Water) => "water",
        Some(Element::Air) => "air",
        Some(Element::Earth) => "earth",
        None => "crystal",
    }
}

/// The colour of an element (rooms, invaders, shards, cards): "orange is fire, green is earth, blue
/// is water, purple is air" (the rulebook's colours).
pub fn element_colour(e: Option<Element>) -> Color {
    match e {
        Some(Element::Fire) => Color::srgb(0.85, 0.3, 0.15),
        Some(Element::Water) => Color::srgb(0.2, 0.45, 0.85),
        Some(Element::Air) => Color::srgb(0.58, 0.36, 0.8),
        Some(Element::Earth) => Color::srgb(0.45, 0.6, 0.25),
        None => Color::srgb(0.9, 0.93, 0.97),
    }
}

/// The pyramid colour whose marking an element's rooms carry, for colour-blind players (air keeps
/// the yellow pyramids' dots it had before it turned purple, so the four markings stay apart).
fn element_hue(e: Element) -> hoarfrost_rules::Hue {
    use hoarfrost_rules::Hue;
    match e {
        Element::Fire => Hue::Red,
        Element::Water => Hue::Blue,
        Element::Air => Hue::Yellow,
        Element::Earth => Hue::Green,
    }
}

fn room_element_index(e: RoomElement) -> usize {
    e.element().map_or(4, |e| e.index())
}

/// Index of a card's material in [`FortressKit::card_material`].
pub fn card_material_index(e: RoomElement) -> usize {
    room_element_index(e)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::plugins::games::ice_fortress::hud::keep_left)
        .add_sub_state::<FortressStep>()
        .add_systems(Startup, make_kit)
        .add_systems(
            OnEnter(Screen::Playing),
            start_game
                .in_set(TableStart::Build)
                .run_if(opened::<IceFortress>),
        )
        .add_systems(
            Update,
            (sync_step, shield_cracks)
                .in_set(crate::systems::Frame::Mirror)
                .run_if(resource_exists_and_changed::<Session<IceFortress>>),
        )
        .init_resource::<ShieldSeen>()
        .add_systems(OnEnter(Screen::Playing), |mut seen: ResMut<ShieldSeen>| {
            seen.0 = None
        })
        .add_plugins((
            crate::plugins::games::ice_fortress::pieces::plugin,
            crate::plugins::games::ice_fortress::input::plugin,
            crate::plugins::games::ice_fortress::hud::plugin,
            crate::plugins::games::ice_fortress::tutorial::plugin,
        ));
}

/// Keep [`FortressStep`] in line with the rules, and the camera's reset framing the whole fortress.
fn sync_step(
    session: Res<Session<IceFortress>>,
    step: Res<State<FortressStep>>,
    mut next: ResMut<NextState<FortressStep>>,
    mut target: ResMut<FrameTarget>,
) {
    let wanted = FortressStep::of(session.state.phase());
    if *step.get() != wanted {
        next.set(wanted);
    }
    let framed = framing(layout::fortress_height(&layout::room_frames(
        &session.state,
    )));
    // The reset key uses the new framing; the view a player chose is left alone.
    target.bypass_change_detection().clone_from(&framed);
}

/// What the camera frames (at the start, and on R) when the fortress stands `height` high.
pub fn framing(height: f32) -> FrameTarget {
    FrameTarget {
        centre: Vec3::new(0.0, height * 0.4, 2.0),
        radius: 11.0 + height * 0.5,
        pitch: 0.8,
        ..default()
    }
}

/// A dashed rectangle outline of `size`, lying flat, dashes `width` wide.
pub fn dashed_outline(size: Vec2, width: f32) -> Mesh {
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    let dash = 0.16;
    let mut quad = |a: Vec2, b: Vec2| {
        let base = positions.len() as u32;
        for p in [
            Vec2::new(a.x, a.y),
            Vec2::new(b.x, a.y),
            Vec2::new(b.x, b.y),
            Vec2::new(a.x, b.y),
        ] {
            positions.push([p.x, 0.0, p.y]);
        }
        indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
    };
    let (hx, hz) = (size.x / 2.0 - width, size.y / 2.0 - width);
    let mut x = -hx;
    while x < hx {
        let end = (x + dash).min(hx);
        quad(
            Vec2::new(x, -hz - width / 2.0),
            Vec2::new(end, -hz + width / 2.0),
        );
        quad(
            Vec2::new(x, hz - width / 2.0),
            Vec2::new(end, hz + width / 2.0),
        );
        x += dash * 2.0;
    }
    let mut z = -hz;
    while z < hz {
        let end = (z + dash).min(hz);
        quad(
            Vec2::new(-hx - width / 2.0, z),
            Vec2::new(-hx + width / 2.0, end),
        );
        quad(
            Vec2::new(hx - width / 2.0, z),
            Vec2::new(hx + width / 2.0, end),
        );
        z += dash * 2.0;
    }
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(indices))
}

/// A room card's material per element (and one for no element), each with its marking.
fn card_materials(
    assets: &AssetServer,
    materials: &mut Assets<StandardMaterial>,
) -> [Handle<StandardMaterial>; 5] {
    // Each element's rooms carry a marking as well as a colour, for colour-blind players: the
    // pyramid colours' markings (fire red's stripes, water blue's checks, air yellow's dots, earth
    // green's bars); the rooms of no element stay plain.
    [0, 1, 2, 3, 4].map(|i| {
        let e = Element::ALL.get(i).copied();
        materials.add(StandardMaterial {
            base_color: element_colour(e).mix(&Color::srgb(0.95, 0.95, 0.95), 0.25),
            base_color_texture: e.map(|e| assets.load(palette::marking_path(element_hue(e)))),
            perceptual_roughness: 0.7,
            ..default()
        })
    })
}

/// The dashed outline of one group cell on a card of each size.
fn group_outlines(meshes: &mut Assets<Mesh>) -> [Handle<Mesh>; 4] {
    Size::ALL.map(|s| {
        let f = layout::footprint(s);
        // The outline of one group cell on a card of size `s` (half the card, or all of a small one).
        let cell = if s == Size::Small {
            f
        } else {
            Vec2::new(f.x / 2.0, f.y)
        };
        meshes.add(dashed_outline(cell - Vec2::splat(0.08), 0.05))
    })
}

/// The invaders' figures, one shape and one material per element.
fn figures(
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> ([Handle<Mesh>; 4], [Handle<StandardMaterial>; 4]) {
    let figure = [
        meshes.add(Cone::new(0.16, 0.42)),
        meshes.add(Sphere::new(0.17).mesh().uv(16, 10)),
        meshes.add(Torus::new(0.07, 0.19)),
        meshes.add(Cuboid::new(0.3, 0.3, 0.3)),
    ];
    let figure_material = Element::ALL.map(|e| {
        materials.add(StandardMaterial {
            base_color: element_colour(Some(e)),
            perceptual_roughness: 0.3,
            metallic: 0.1,
            ..default()
        })
    });
    (figure, figure_material)
}

fn make_kit(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let labels = crate::systems::labels::atlas_quads(ATLAS_INDEX, &mut meshes);
    let slab = Size::ALL.map(|s| {
        let f = layout::footprint(s);
        meshes.add(Cuboid::new(f.x, layout::SLAB, f.y))
    });
    let card_material = card_materials(&assets, &mut materials);
    let outline = group_outlines(&mut meshes);
    let (figure, figure_material) = figures(&mut meshes, &mut materials);
    let plain = |c: Color, materials: &mut Assets<StandardMaterial>| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.8,
            ..default()
        })
    };
    let glowing = |c: LinearRgba, alpha: f32, materials: &mut Assets<StandardMaterial>| {
        materials.add(StandardMaterial {
            base_color: Color::srgba(0.6, 0.9, 1.0, alpha),
            emissive: c,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        })
    };
    let kit = FortressKit {
        slab,
        card_material,
        labels,
        atlas: materials.add(StandardMaterial {
            base_color_texture: Some(assets.load("textures/fortress-labels.png")),
            alpha_mode: AlphaMode::Mask(0.5),
            unlit: true,
            ..default()
        }),
        outline,
        outline_material: plain(Color::srgb(0.1, 0.1, 0.12), &mut materials),
        figure,
        figure_material,
        cube: meshes.add(Cuboid::new(0.55, 0.55, 0.55)),
        shield_material: materials.add(StandardMaterial {
            base_color: Color::srgba(0.75, 0.9, 1.0, 0.7),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.1,
            ..default()
        }),
        glow: glowing(LinearRgba::rgb(0.1, 0.7, 1.0), 0.55, &mut materials),
        ghost: glowing(LinearRgba::rgb(0.1, 0.5, 0.9), 0.3, &mut materials),
        selected: glowing(LinearRgba::rgb(1.0, 0.8, 0.2), 0.6, &mut materials),
        plate: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
        space_material: plain(Color::srgb(0.32, 0.38, 0.46), &mut materials),
        slot_material: [
            plain(Color::srgb(0.25, 0.22, 0.3), &mut materials),
            plain(Color::srgb(0.95, 0.85, 0.5), &mut materials),
        ],
        track_material: [
            plain(Color::srgb(0.5, 0.55, 0.62), &mut materials),
            materials.add(StandardMaterial {
                base_color: Color::srgb(1.0, 0.75, 0.2),
                emissive: LinearRgba::rgb(0.6, 0.4, 0.05),
                ..default()
            }),
        ],
        bag_mesh: meshes.add(Sphere::new(0.9).mesh().uv(20, 12)),
        bag_material: plain(Color::srgb(0.45, 0.3, 0.2), &mut materials),
    };
    commands.insert_resource(kit);
}

/// The ice shield's cubes when last looked at, in the game on the table (none when a game has just
/// been started or loaded).
#[derive(Resource, Default)]
struct ShieldSeen(Option<u8>);

/// The cue for the shield going from `seen` cubes to `now`: a crack when it lost any (an undo that
/// gives them back, or a game just started or loaded, is silent).
fn shield_cue(seen: Option<u8>, now: u8) -> Option<Cue> {
    seen.filter(|&before| now < before).map(|_| Cue::Crack)
}

/// The ice shield cracks aloud when it loses a cube (in play or stepping through a replay).
fn shield_cracks(
    session: Res<Session<IceFortress>>,
    mut seen: ResMut<ShieldSeen>,
    mut cues: MessageWriter<Cue>,
) {
    let now = session.state.shield();
    if let Some(cue) = shield_cue(seen.0, now) {
        cues.write(cue);
    }
    seen.0 = Some(now);
}

/// The fortress is framed whole when a game opens (its pieces are drawn from the session).
fn start_game(mut target: ResMut<FrameTarget>) {
    *target = framing(0.0);
}

/// The text a room card shows in a tooltip: its name, size, element, squares and crystal.
pub fn room_text(s: &IceFortress, room: ice_fortress::RoomId) -> String {
    let Some(card) = s.card(room) else {
        return format!("room {room}");
    };
    let mut lines = vec![format!(
        "{} ({} {})",
        card.name,
        card.element.name(),
        card.size.name()
    )];
    for (i, c) in card.squares.iter().enumerate() {
        let group = card
            .groups
            .iter()
            .position(|g| g.squares.contains(&(i as u8)));
        let pillar = s.pillar_value(room, i as u8);
        lines.push(format!(
            // Counted from 1, as the rules' words count them.
            "square {}: {}{}{}",
            i + 1,
            c.label(),
            group.map_or(" (loose)".to_string(), |g| format!(
                " (group {}, for a {} room)",
                g + 1,
                card.groups[g].size.name()
            )),
            pillar.map_or(String::new(), |v| format!(", pillar {v}"))
        ));
    }
    if card.crystal {
        lines.push("ice crystal: building it boosts the shield".into());
    }
    if let Some(b) = s.built_room(room) {
        lines.push(format!("level {}", b.level));
        for (at, e) in b.invader_spots() {
            let place = match at {
                ice_fortress::InvaderAt::Square { square, .. } => {
                    format!("square {}", u16::from(square) + 1)
                }
                ice_fortress::InvaderAt::Group { group, .. } => {
                    format!("group {}", u16::from(group) + 1)
                }
            };
            lines.push(format!("{} invader on {place}", e.name()));
        }
    }
    lines.join("\n")
}

/// Colour of an element in the panels.
pub fn element_egui(e: Element) -> bevy_egui::egui::Color32 {
    palette::to_egui(element_colour(Some(e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::ice_fortress::{FortressBot, Setup};

    /// "orange is fire, green is earth, blue is water, purple is air."
    #[test]
    fn each_element_has_the_rulebooks_colour() {
        let rgb = |e| {
            let c = element_colour(Some(e)).to_srgba();
            (c.red, c.green, c.blue)
        };
        let (r, g, b) = rgb(Element::Fire);
        assert!(r > g && g > b, "fire is orange: {r} {g} {b}");
        let (r, g, b) = rgb(Element::Earth);
        assert!(g > r && g > b, "earth is green: {r} {g} {b}");
        let (r, g, b) = rgb(Element::Water);
        assert!(b > r && b > g, "water is blue: {r} {g} {b}");
        let (r, g, b) = rgb(Element::Air);
        assert!(b > g && r > g && b >= r, "air is purple: {r} {g} {b}");
        // Purple, not blue: its red stands well above water's.
        assert!(r > rgb(Element::Water).0 + 0.25);
        // The markings stay four apart, for colour-blind players.
        let markings: std::collections::BTreeSet<_> =
            Element::ALL.iter().map(|&e| element_hue(e)).collect();
        assert_eq!(markings.len(), 4);
    }

    #[test]
    fn the_shield_cracks_aloud_only_when_it_loses_cubes() {
        assert_eq!(shield_cue(Some(7), 6), Some(Cue::Crack));
        assert_eq!(
            shield_cue(Some(7), 4),
            Some(Cue::Crack),
            "several at once: one crack"
        );
        assert_eq!(shield_cue(Some(6), 6), None);
        assert_eq!(shield_cue(Some(5), 6), None, "an undo gives one back");
        assert_eq!(shield_cue(None, 3), None, "a game just started or loaded");
    }

    #[test]
    fn a_rooms_tip_names_where_each_invader_stands_in_words() {
        let mut s = IceFortress::standard(&Setup::new(1, 4)).unwrap();
        let mut bot = FortressBot::new(4);
        for _ in 0..5000 {
            let invaded = s
                .built()
                .values()
                .find_map(|b| b.invader_spots().first().map(|&(at, e)| (b.card, at, e)));
            if let Some((room, at, e)) = invaded {
                let place = match at {
                    ice_fortress::InvaderAt::Square { square, .. } => {
                        format!("square {}", u16::from(square) + 1)
                    }
                    ice_fortress::InvaderAt::Group { group, .. } => {
                        format!("group {}", u16::from(group) + 1)
                    }
                };
                let tip = room_text(&s, room);
                assert!(
                    tip.lines()
                        .any(|l| l == format!("{} invader on {place}", e.name())),
                    "{tip}"
                );
                assert!(!tip.contains('{'), "a Rust value in the tip: {tip}");
                return;
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                break;
            }
        }
        panic!("no invader entered a room");
    }
}
