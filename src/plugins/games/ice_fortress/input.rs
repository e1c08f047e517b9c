//! Mouse input on the Ice Fortress table: a click on a die, square, room, space, figure, deck or
//! card becomes a [`FortressInput`], handled by the pure rules of `click` (the same path the
//! scripted play-through uses). What is held (a die, a room, a power being paid) is highlighted with
//! the places it may go; hovering anything names it in a tooltip.

use bevy::prelude::*;
use hoarfrost_rules::Game;
use hoarfrost_rules::ice_fortress::{Action, IceFortress, Pay, PowerRef, RoomId, Spot};
use std::collections::BTreeMap;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::games::ice_fortress::click::{
    Handled, Input, Selection, Target, handle, payable,
};
use crate::plugins::games::ice_fortress::layout;
use crate::plugins::games::ice_fortress::pieces::{FigurePiece, die_place, figure_place};
use crate::plugins::games::ice_fortress::table::{FortressKit, FortressStep};
use crate::plugins::session::{PlayAction, Session, human_click};
use crate::plugins::table::held;
use crate::plugins::ui::hud::Choices;
use crate::systems::{Frame, TableEntity};

/// One input of the acting human: a click on the table, a power started, or a panel button.
#[derive(Message, Clone, Debug)]
pub struct FortressInput(pub Input);

/// What the acting human holds.
#[derive(Resource, Default, Debug)]
pub struct Held(pub Selection);

/// The entity under the pointer, for the tooltip.
#[derive(Resource, Default, Debug)]
pub struct Hovered(pub Option<Entity>);

/// A glow or ghost showing where the held thing may go.
#[derive(Component)]
pub struct Highlight;

/// Input handling without the mouse: what the scripted play-through runs headless.
pub(crate) fn logic(app: &mut App) {
    app.add_message::<FortressInput>()
        .init_resource::<Held>()
        // A new game, or one loaded over this one, starts with nothing held.
        .add_systems(OnEnter(Screen::Title), drop_held)
        .add_systems(OnEnter(Screen::Playing), drop_held)
        .add_systems(
            Update,
            handle_inputs.in_set(Frame::Input).run_if(
                resource_exists::<Session<IceFortress>>
                    .and_then(in_state(TurnPhase::HumanToAct))
                    .and_then(not(in_state(FortressStep::Roll))),
            ),
        );
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(logic)
        .init_resource::<Hovered>()
        .add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_plugins(held::put_down::<Held>)
        .add_plugins(held::put_down_on_bare_click::<IceFortress>)
        .add_systems(
            Update,
            (drop_stale_selection, show_highlights)
                .chain()
                .in_set(Frame::Mirror)
                .run_if(
                    resource_exists::<Session<IceFortress>>
                        .and_then(resource_exists::<FortressKit>)
                        .and_then(
                            resource_changed::<Held>
                                .or_else(resource_changed::<Session<IceFortress>>),
                        ),
                ),
        );
}

/// A left click on a table piece while a human is to act (a click during a roll or an AI seat's
/// turn is dropped, not kept for the position after it, which the player has not seen yet).
fn on_click(
    mut click: On<Pointer<Click>>,
    targets: Query<&Target>,
    phase: Option<Res<State<TurnPhase>>>,
    session: Option<Res<Session<IceFortress>>>,
    mut inputs: MessageWriter<FortressInput>,
) {
    if human_click(click.button, phase.as_deref(), session.as_deref()).is_none() {
        return;
    }
    if let Ok(t) = targets.get(click.entity) {
        click.propagate(false);
        inputs.write(FortressInput(Input::Table(*t)));
    }
}

fn on_over(over: On<Pointer<Over>>, targets: Query<&Target>, mut hovered: ResMut<Hovered>) {
    if targets.contains(over.entity) {
        hovered.0 = Some(over.entity);
    }
}

fn on_out(out: On<Pointer<Out>>, mut hovered: ResMut<Hovered>) {
    if hovered.0 == Some(out.entity) {
        hovered.0 = None;
    }
}

fn handle_inputs(
    mut inputs: MessageReader<FortressInput>,
    session: Res<Session<IceFortress>>,
    mut held: ResMut<Held>,
    mut choices: ResMut<Choices<IceFortress>>,
    mut notice: ResMut<Notice>,
    mut play: MessageWriter<PlayAction<IceFortress>>,
    pause: Option<Res<State<crate::plugins::core::pause::Pause>>>,
) {
    let Some(seat) = session.acting_human() else {
        inputs.clear();
        return;
    };
    // Paused, nothing is played or picked: what is held stays held for when the game goes on.
    if crate::plugins::core::pause::is_paused(pause) && !inputs.is_empty() {
        inputs.clear();
        notice.error(crate::plugins::core::pause::REFUSED);
        return;
    }
    for FortressInput(input) in inputs.read() {
        match handle(&session.state, seat, &mut held.0, input) {
            Handled::Play(action) => {
                play.write(PlayAction { seat, action });
            }
            Handled::Offer(options) => {
                notice.info("several things fit: pick one in the panel");
                choices.0 = options;
            }
            Handled::Selected => {
                // Another pick: the choices offered for the one before no longer apply.
                choices.0.clear();
                notice.info(held_text(
                    &session.state,
                    &session.state.legal_actions(seat),
                    &held.0,
                ));
            }
            Handled::Refused(why) => notice.error(why),
        }
    }
}

/// What the player holds, in words, and where it may go (`legal`: the seat's legal actions); when
/// it may go nowhere yet, why and what to do instead.
pub fn held_text(s: &IceFortress, legal: &[Action], sel: &Selection) -> String {
    match sel {
        Selection::None => String::new(),
        Selection::Die(d) => {
            let value = s.dice().get(*d as usize).map_or(0, |d| d.value);
            let placed = legal
                .iter()
                .any(|a| matches!(a, Action::PlacePillar { die, .. } if die == d));
            if placed {
                format!("holding a {value}: click a lit pillar square")
            } else if s.built().is_empty() {
                format!(
                    "holding a {value}, but there is no room to stand it on: build a room \
                     first (click one in the supply), or use the die on a power"
                )
            } else {
                format!(
                    "holding a {value}, but no free pillar square takes it: build another \
                     room, or use the die on a power"
                )
            }
        }
        Selection::Room(r) => {
            let card = s.card(*r);
            let name = card.map_or("a room".into(), |c| format!("the {}", c.name));
            let built = legal
                .iter()
                .any(|a| matches!(a, Action::BuildRoom { room, .. } if room == r));
            match card {
                Some(c) if !built => {
                    let size = c.size.name();
                    let foundation = if s.content().foundation.sizes.contains(&c.size) {
                        "no foundation space is free"
                    } else {
                        "a room of its size may not stand on the foundation"
                    };
                    format!(
                        "holding {name}, but it fits no place yet: {foundation}, and no finished \
                         group of pillars takes a {size} room"
                    )
                }
                _ => format!("holding {name}: click a lit place to build it"),
            }
        }
        Selection::Power { power, paid } => {
            let cost = s.power(*power).map_or(String::new(), |p| {
                hoarfrost_rules::ice_fortress::cost_text(&p.cost)
            });
            format!(
                "paying {cost}: {} paid so far, click dice or shards",
                paid.len()
            )
        }
    }
}

fn drop_held(mut held: ResMut<Held>) {
    held.0 = Selection::None;
}

/// A selection that no longer fits the state (the die was used, the room built) is dropped.
fn drop_stale_selection(session: Res<Session<IceFortress>>, mut held: ResMut<Held>) {
    if is_stale(&session.state, &held.0) || session.acting_human().is_none() {
        held.0 = Selection::None;
    }
}

/// The held die is no longer rolled, the held room no longer in the supply, or the power being
/// paid used up, set aside by a choice the rules now ask for, or no longer payable with what has
/// been paid so far (a redo spent a die in it).
pub fn is_stale(s: &IceFortress, held: &Selection) -> bool {
    match held {
        Selection::None => false,
        Selection::Die(d) => !s.rolled().contains(d),
        Selection::Room(r) => !s.supply().contains(r),
        Selection::Power { power, paid } => {
            s.used_powers().contains(power) || s.decision().is_some() || !payable(s, *power, paid)
        }
    }
}

/// Where the held thing may go (or what a pending choice may name), as glows and ghosts.
fn show_highlights(
    mut commands: Commands,
    session: Res<Session<IceFortress>>,
    held: Res<Held>,
    kit: Res<FortressKit>,
    old: Query<Entity, With<Highlight>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let Some(seat) = session.acting_human() else {
        return;
    };
    let s = &session.state;
    let frames = layout::room_frames(s);
    let legal = s.legal_actions(seat);
    match &held.0 {
        Selection::Die(d) => die_highlights(&mut commands, &kit, s, &frames, &legal, *d),
        Selection::Room(r) => room_highlights(&mut commands, &kit, s, &frames, &legal, *r),
        Selection::Power { power, paid } => {
            power_highlights(&mut commands, &kit, s, &frames, &legal, power, paid);
        }
        Selection::None => choice_highlights(&mut commands, &kit, s, &frames, &legal),
    }
}

/// Spawns a flat glow of width `side` at `at`, in the selected colour when `selected`.
fn spawn_glow(commands: &mut Commands, kit: &FortressKit, at: Vec3, side: f32, selected: bool) {
    commands.spawn((
        Highlight,
        TableEntity,
        Pickable::IGNORE,
        Mesh3d(kit.plate.clone()),
        MeshMaterial3d(if selected {
            kit.selected.clone()
        } else {
            kit.glow.clone()
        }),
        Transform::from_translation(at).with_scale(Vec3::new(side, 0.02, side)),
    ));
}

/// Where the glow over pillar square `square` of built room `room` goes, and how wide it is.
fn square_glow_at(
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    room: RoomId,
    square: u8,
) -> Option<(Vec3, f32)> {
    let card = s.card(room)?;
    let p = *layout::card_face(card).squares.get(square as usize)?;
    Some((
        layout::on_card(*frames.get(&room)?, p, 0.012),
        layout::square_side(card.size) * 1.25,
    ))
}

/// Glows under die `die`, selected or not.
fn glow_die(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    die: u8,
    selected: bool,
) {
    let (at, side) = die_place(s, die, frames);
    spawn_glow(
        commands,
        kit,
        at - Vec3::Y * side * 0.45,
        side * 1.5,
        selected,
    );
}

/// Highlights for a held die: the die itself and the pillar squares it may stand on.
fn die_highlights(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    legal: &[Action],
    d: u8,
) {
    glow_die(commands, kit, s, frames, d, true);
    for a in legal {
        if let Action::PlacePillar { die, room, square } = *a
            && die == d
            && let Some((at, side)) = square_glow_at(s, frames, room, square)
        {
            spawn_glow(commands, kit, at, side, false);
        }
    }
}

/// Highlights for a held room: its supply slot and a clickable ghost on each place it may be built.
fn room_highlights(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    legal: &[Action],
    r: RoomId,
) {
    if let Some(i) = s.supply().iter().position(|x| *x == r) {
        let at = layout::supply_slot(i, s.supply().len());
        spawn_glow(commands, kit, at - Vec3::Y * 0.02, 2.0, true);
    }
    let size = s.card(r).map(|c| c.size);
    for a in legal {
        if let Action::BuildRoom { room, on } = *a
            && room == r
            && let (Some(frame), Some(size)) = (layout::spot_frame(s, frames, on), size)
        {
            let f = layout::footprint(size);
            let target = match on {
                Spot::Foundation(i) => Target::Space(i),
                Spot::Group { room, group } => Target::Group { room, group },
            };
            commands.spawn((
                Highlight,
                TableEntity,
                target,
                Mesh3d(kit.plate.clone()),
                MeshMaterial3d(kit.ghost.clone()),
                Transform::from_translation(frame.translation + Vec3::Y * 0.05)
                    .with_rotation(frame.rotation)
                    .with_scale(Vec3::new(f.x, 0.06, f.y)),
            ));
        }
    }
}

/// Highlights for a power being paid: the dice that may still pay for it.
fn power_highlights(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    legal: &[Action],
    power: &PowerRef,
    paid: &[Pay],
) {
    for a in legal {
        if let Action::UsePower { power: p, pay } = a
            && p == power
        {
            for d in pay.iter().filter(|x| !paid.contains(x)) {
                if let Pay::Die(d) = d {
                    glow_die(commands, kit, s, frames, *d, false);
                }
            }
        }
    }
}

/// Highlights with nothing held: what each option of a pending choice names on the table.
fn choice_highlights(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    legal: &[Action],
) {
    for a in legal {
        match *a {
            Action::PickInvader { at } | Action::PlaceInvader { at } => {
                let p = figure_place(
                    s,
                    FigurePiece::Invader(at, hoarfrost_rules::ice_fortress::Element::Fire),
                    frames,
                );
                spawn_glow(commands, kit, p - Vec3::Y * 0.15, 0.55, false);
            }
            Action::PickPillar { room, square } => {
                if let Some((at, side)) = square_glow_at(s, frames, room, square) {
                    spawn_glow(commands, kit, at, side, false);
                }
            }
            Action::PickRoom { room } | Action::Flood { room } | Action::DiscardRoom { room } => {
                if let Some(i) = s.supply().iter().position(|&x| x == room) {
                    let at = layout::supply_slot(i, s.supply().len());
                    spawn_glow(commands, kit, at - Vec3::Y * 0.02, 2.0, false);
                } else if let Some(f) = frames.get(&room) {
                    spawn_glow(commands, kit, f.translation + Vec3::Y * 0.1, 1.2, false);
                }
            }
            Action::PickSize { size } => {
                spawn_glow(
                    commands,
                    kit,
                    layout::deck_centre(size) + Vec3::Y * 0.6,
                    2.0,
                    false,
                );
            }
            Action::SetDie { die, .. } => glow_die(commands, kit, s, frames, die, false),
            _ => {}
        }
    }
}

#[cfg(test)]
#[path = "playthrough_tests.rs"]
mod playthrough;
