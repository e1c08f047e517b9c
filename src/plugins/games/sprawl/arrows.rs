//! Choosing a Sprawl branch's direction on the board: when a click on a square leaves the direction
//! open, an arrow lies on that square for each way the branch may point; clicking one plays it. The
//! side panel offers the same moves as buttons (and any choice the arrows cannot tell apart).

use bevy::prelude::*;
use hoarfrost_rules::Game;
use hoarfrost_rules::sprawl::{Action, Dir, Sprawl};

use crate::plugins::core::screens::TurnPhase;
use crate::plugins::games::sprawl::table::{dir_vector, square_position};
use crate::plugins::session::{PlayAction, Session};
use crate::plugins::table::tooltips::tips;
use crate::plugins::ui::hud::Choices;
use crate::systems::{Frame, TableEntity};

/// An arrow offering one branch move.
#[derive(Component, Clone, Debug)]
pub struct DirectionArrow(pub Action);

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tips::<Sprawl, DirectionArrow>(|s, a| {
        Some(arrow_tip(s, &a.0))
    }))
    .add_observer(on_click)
    .add_systems(
        Update,
        redraw_arrows
            .in_set(Frame::Mirror)
            .run_if(resource_exists_and_changed::<Choices<Sprawl>>),
    );
}

/// The tooltip over an arrow: the move it plays, in the log's words.
pub fn arrow_tip(s: &Sprawl, action: &Action) -> String {
    let seat = s.current_player();
    format!("{} (click to play it).", s.action_to_string(seat, action))
}

/// The arrows for a set of choices: one per direction, when every choice is a branch into one
/// square and no two point the same way (two sources for one direction are left to the panel).
pub fn arrows(choices: &[Action]) -> Vec<(Dir, Action)> {
    let mut out: Vec<(Dir, Action)> = Vec::new();
    let mut square = None;
    for a in choices {
        let Action::Branch { to, dir, .. } = *a else {
            return Vec::new();
        };
        if *square.get_or_insert(to) != to {
            return Vec::new();
        }
        out.push((dir, a.clone()));
    }
    let mut shared: Vec<Dir> = Vec::new();
    for (i, (d, _)) in out.iter().enumerate() {
        if out[..i].iter().any(|(e, _)| e == d) {
            shared.push(*d);
        }
    }
    out.retain(|(d, _)| !shared.contains(d));
    if out.len() < 2 { Vec::new() } else { out }
}

/// The name a direction's arrow carries ("Arrow north").
pub fn arrow_name(d: Dir) -> String {
    format!("Arrow {}", format!("{d:?}").to_lowercase())
}

fn redraw_arrows(
    mut commands: Commands,
    choices: Res<Choices<Sprawl>>,
    session: Option<Res<Session<Sprawl>>>,
    old: Query<Entity, With<DirectionArrow>>,
    mut kit: Local<Option<(Handle<Mesh>, Handle<StandardMaterial>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let Some(session) = session else {
        return;
    };
    let (mesh, material) = kit
        .get_or_insert_with(|| {
            (
                meshes.add(Cone::new(0.32, 0.7)),
                materials.add(StandardMaterial {
                    base_color: Color::srgb(1.0, 0.95, 0.55),
                    unlit: true,
                    ..default()
                }),
            )
        })
        .clone();
    let dims = session.state.dimensions();
    for (d, action) in arrows(&choices.0) {
        let Action::Branch { to, .. } = action else {
            continue;
        };
        let v = dir_vector(d);
        commands.spawn((
            Name::new(arrow_name(d)),
            TableEntity,
            DirectionArrow(action),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            // Lying flat near the square's edge, apex outward, above any piece's lowest point.
            Transform::from_translation(square_position(to, dims) + v * 0.6 + Vec3::Y * 0.25)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, v)),
        ));
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    phase: Option<Res<State<TurnPhase>>>,
    session: Option<Res<Session<Sprawl>>>,
    arrows: Query<&DirectionArrow>,
    mut play: MessageWriter<PlayAction<Sprawl>>,
) {
    let Ok(arrow) = arrows.get(click.entity) else {
        return;
    };
    if click.button != PointerButton::Primary
        || phase.is_none_or(|p| *p.get() != TurnPhase::HumanToAct)
    {
        return;
    }
    let Some(seat) = session.as_deref().and_then(Session::acting_human) else {
        return;
    };
    play.write(PlayAction {
        seat,
        action: arrow.0.clone(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::sprawl::Square;

    fn branch(from: Square, to: Square, dir: Dir) -> Action {
        Action::Branch {
            from,
            to,
            size: 2,
            dir,
        }
    }

    #[test]
    fn an_arrows_tip_names_the_move_it_plays() {
        let s = Sprawl::new(&hoarfrost_rules::sprawl::Setup::new(3, 1)).unwrap();
        let branch = Action::Branch {
            from: Square::new(3, 3),
            to: Square::new(3, 2),
            size: 2,
            dir: Dir::South,
        };
        let colour = s.hue(s.current_player()).name();
        assert_eq!(
            arrow_tip(&s, &branch),
            format!(
                "{colour} branches a medium (2) from d4 to d3, pointing south (click to play it)."
            )
        );
    }

    #[test]
    fn a_branch_with_its_direction_open_gets_one_arrow_per_direction() {
        let (b3, b4) = (Square::new(1, 2), Square::new(1, 3));
        let choices = [
            branch(b3, b4, Dir::North),
            branch(b3, b4, Dir::East),
            branch(b3, b4, Dir::West),
        ];
        let got: Vec<Dir> = arrows(&choices).into_iter().map(|(d, _)| d).collect();
        assert_eq!(got, vec![Dir::North, Dir::East, Dir::West]);
        assert_eq!(arrow_name(Dir::East), "Arrow east");
    }

    #[test]
    fn choices_the_arrows_cannot_tell_apart_are_left_to_the_panel() {
        let (a4, b3, b4, c4) = (
            Square::new(0, 3),
            Square::new(1, 2),
            Square::new(1, 3),
            Square::new(2, 3),
        );
        // Two sources for the same direction: that direction gets no arrow.
        let two_sources = [
            branch(b3, b4, Dir::North),
            branch(a4, b4, Dir::North),
            branch(b3, b4, Dir::East),
            branch(b3, b4, Dir::West),
        ];
        let got: Vec<Dir> = arrows(&two_sources).into_iter().map(|(d, _)| d).collect();
        assert_eq!(got, vec![Dir::East, Dir::West]);
        // Branches into different squares, a spore among them, or a single move: no arrows.
        assert!(arrows(&[branch(b3, b4, Dir::North), branch(b3, c4, Dir::East)]).is_empty());
        let spore = Action::Spore {
            sq: b4,
            size: 2,
            pieces: 1,
        };
        assert!(arrows(&[branch(b3, b4, Dir::North), spore]).is_empty());
        assert!(arrows(&[branch(b3, b4, Dir::North)]).is_empty());
    }
}
