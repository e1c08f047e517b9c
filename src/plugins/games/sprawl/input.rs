//! Sprawl clicks: pick a size (click a pyramid in your stash tray, `stash.rs`, or a size in the
//! "Your stash" window), then click a square; where that still leaves several moves (which direction,
//! which source, how many pieces) the side panel offers them. Lit squares are where the picked size
//! can go; an illegal click gets the rules' reason.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::sprawl::{Action, Cell, Phase, Sprawl, Square, size_name};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::screens::Screen;
use crate::plugins::games::sprawl::table::{SprawlAssets, SprawlPiece, SprawlSquare, tile_look};
use crate::plugins::session::{ClickOutcome, ClickSeat, PlayAction, Session, human_click};
use crate::plugins::table::held;
use crate::plugins::ui::hud::Choices;
use crate::systems::Frame;

/// How to play, for the side panel.
pub const HELP: &str = "Click a pyramid in your stash tray, or a size in \"Your stash\" (or leave \
    any), then click a square: your first tower goes anywhere; later, click a tower to build on it, \
    a square next to your sprawl to branch there, or a dotted square to spore.\n\
    Where a direction or a source is still open, the panel offers the choices, and arrows on the \
    board show the directions: click one.\n\
    Lit squares are where the picked size can go; dots mark the squares your branch points target. \
    Dark pieces with a ring are neutralized.";

/// The stash size the acting human has picked (`None`: any size).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StashPick(pub Option<u8>);

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(on_click)
        .add_plugins(held::put_down::<StashPick>)
        .add_plugins(held::put_down_on_bare_click::<Sprawl>)
        .add_plugins(crate::plugins::ui::hud::drop_choices_on_pick::<Sprawl, StashPick>)
        .add_systems(
            Update,
            (
                clear_pick.run_if(resource_exists_and_changed::<Session<Sprawl>>),
                refresh_tiles.run_if(tiles_need_refresh),
            )
                .chain()
                .in_set(Frame::Mirror),
        )
        .add_systems(
            EguiPrimaryContextPass,
            stash_window
                .after(crate::plugins::ui::hud::SidePanel)
                .run_if(resource_exists::<Session<Sprawl>>.and_then(in_state(Screen::Playing))),
        );
}

fn tiles_need_refresh(
    session: Option<Res<Session<Sprawl>>>,
    pick: Option<Res<StashPick>>,
    kit: Option<Res<SprawlAssets>>,
) -> bool {
    match (session, pick, kit) {
        (Some(s), Some(p), Some(_)) => s.is_changed() || p.is_changed(),
        _ => false,
    }
}

/// The square a move is played on by clicking it (`None` for the Counting Coup buttons).
pub fn square_of(a: &Action) -> Option<Square> {
    match *a {
        Action::PlaceFirstTower { sq, .. }
        | Action::Build { sq, .. }
        | Action::Spore { sq, .. } => Some(sq),
        Action::Branch { to, .. } => Some(to),
        _ => None,
    }
}

/// The stash size a move takes (the bottom piece of an Overload spore).
pub fn size_of(a: &Action) -> Option<u8> {
    match *a {
        Action::PlaceFirstTower { size, .. }
        | Action::Build { size, .. }
        | Action::Spore { size, .. }
        | Action::Branch { size, .. } => Some(size),
        _ => None,
    }
}

/// The legal moves a click on `sq` can mean with the picked size.
pub fn matches_at(legal: &[Action], sq: Square, pick: Option<u8>) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| square_of(a) == Some(sq) && pick.is_none_or(|p| size_of(a) == Some(p)))
        .cloned()
        .collect()
}

/// The move a click on `sq` most likely meant, to ask the rules why it is refused.
pub fn probe(s: &Sprawl, seat: Seat, sq: Square, size: u8) -> Action {
    if !s.has_started(seat) {
        return Action::PlaceFirstTower { sq, size };
    }
    match s.cell(sq) {
        Some(Cell::Empty) if !s.spore_squares(seat).contains(&sq) => {
            let source = hoarfrost_rules::sprawl::Dir::ALL.into_iter().find_map(|d| {
                let from = s.board().step(sq, d, 1)?;
                let mine = match s.cell(from)? {
                    Cell::Tower(t) => t.controller() as Seat == seat,
                    Cell::Branch(b) => b.owner as Seat == seat,
                    Cell::Empty => false,
                };
                Some((from, from.dir_to(sq)?)).filter(|_| mine)
            });
            match source {
                Some((from, dir)) => Action::Branch {
                    from,
                    to: sq,
                    size,
                    dir,
                },
                None => Action::Spore {
                    sq,
                    size,
                    pieces: 1,
                },
            }
        }
        Some(Cell::Empty) | None => Action::Spore {
            sq,
            size,
            pieces: 1,
        },
        Some(_) => Action::Build { sq, size },
    }
}

/// Why a click on `sq` with the picked size does nothing, in the rules' words.
pub fn explain(s: &Sprawl, seat: Seat, sq: Square, pick: Option<u8>) -> String {
    if !matches!(s.phase(), Phase::Play) {
        return "answer the question in the panel first".into();
    }
    let legal = s.legal_actions(seat);
    let mut sizes: Vec<u8> = matches_at(&legal, sq, None)
        .iter()
        .filter_map(size_of)
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    if let (Some(p), false) = (pick, sizes.is_empty()) {
        let list: Vec<String> = sizes.iter().map(u8::to_string).collect();
        let list: Vec<&str> = list.iter().map(String::as_str).collect();
        let fit = hoarfrost_rules::words::noun(
            list.len() as i64,
            "the size that fits there",
            "sizes that fit there",
        );
        return format!(
            "no move with a {p} on {}; {fit}: {}",
            sq.name(),
            hoarfrost_rules::words::listed(&list)
        );
    }
    let st = s.stash(seat);
    let size = pick
        .or_else(|| (1..=3).rev().find(|&k| st[k as usize - 1] > 0))
        .unwrap_or(1);
    match s.check(seat, &probe(s, seat, sq, size)) {
        Err(e) => e.0,
        Ok(()) => format!("nothing to do on {} now", sq.name()),
    }
}

/// After any move the picked size is put back to "any".
fn clear_pick(pick: Option<ResMut<StashPick>>) {
    if let Some(mut pick) = pick
        && pick.0.is_some()
    {
        pick.0 = None;
    }
}

/// Light the squares where the acting human may play the picked size.
fn refresh_tiles(
    session: Res<Session<Sprawl>>,
    pick: Res<StashPick>,
    kit: Res<SprawlAssets>,
    mut tiles: Query<(&SprawlSquare, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let legal = session
        .acting_human()
        .map(|seat| session.state.legal_actions(seat))
        .unwrap_or_default();
    for (sq, mut material) in &mut tiles {
        let lit = !matches_at(&legal, sq.0, pick.0).is_empty();
        let want = &kit.tile[tile_look(sq.0, lit)];
        if material.0 != *want {
            material.0 = want.clone();
        }
    }
}

fn stash_window(
    mut contexts: EguiContexts,
    session: Res<Session<Sprawl>>,
    mut pick: ResMut<StashPick>,
) -> Result {
    let Some(seat) = session.acting_human() else {
        return Ok(());
    };
    if !matches!(session.state.phase(), Phase::Play) {
        return Ok(());
    }
    let st = session.state.stash(seat);
    // Work on a copy: writing through `pick` every frame would mark it changed, and the lit squares
    // and the trays would be redrawn every frame.
    let mut picked = pick.0;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Your stash")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            let colour = session.state.hue(seat).name();
            let who = crate::plugins::session::words::player_and_seat(&session, seat, colour);
            ui.label(format!("{who}, pick a size:"));
            ui.horizontal(|ui| {
                ui.selectable_value(&mut picked, None, "any");
                for size in 1..=3u8 {
                    let i = size as usize - 1;
                    let label = format!("{} x{}", size_name(size), st[i]);
                    ui.add_enabled_ui(st[i] > 0, |ui| {
                        ui.selectable_value(&mut picked, Some(size), label);
                    });
                }
            });
        });
    pick.set_if_neq(StashPick(picked));
    Ok(())
}

fn on_click(
    click: On<Pointer<Click>>,
    (phase, session): ClickSeat<Sprawl>,
    pick: Option<Res<StashPick>>,
    squares: Query<&SprawlSquare>,
    pieces: Query<&SprawlPiece>,
    mut choices: ResMut<Choices<Sprawl>>,
    (mut notice, mut play): ClickOutcome<Sprawl>,
) {
    let Some((session, seat)) = human_click(click.button, phase.as_deref(), session.as_deref())
    else {
        return;
    };
    let Some(pick) = pick else { return };
    let sq = match (squares.get(click.entity), pieces.get(click.entity)) {
        (Ok(s), _) => s.0,
        (_, Ok(p)) => p.0,
        _ => return,
    };
    let matches = matches_at(&session.state.legal_actions(seat), sq, pick.0);
    match matches.len() {
        0 => notice.error(explain(&session.state, seat, sq, pick.0)),
        1 => {
            play.write(PlayAction {
                seat,
                action: matches[0].clone(),
            });
        }
        _ => {
            let how = if crate::plugins::games::sprawl::arrows::arrows(&matches).is_empty() {
                "pick one in the panel"
            } else {
                "click an arrow for the branch's direction, or pick one in the panel"
            };
            notice.info(format!("{}: {how}", sq.name()));
            choices.0 = matches;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::sprawl::{Dir, Piece, Setup};

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'1')
    }

    /// Red (seat 0) has a 3-2 tower on b2 with a large branch on b3 pointing north (targets b6).
    fn position() -> Sprawl {
        let red = |size| Piece { owner: 0, size };
        let yellow = Piece { owner: 1, size: 3 };
        let green = Piece { owner: 2, size: 3 };
        Sprawl::with_layout(
            &Setup::new(3, 1),
            &[
                (sq("b2"), vec![red(3), red(2)]),
                (sq("e5"), vec![yellow]),
                (sq("e1"), vec![green]),
            ],
            &[(sq("b3"), red(3), Dir::North, sq("b2"))],
            0,
        )
        .unwrap()
    }

    #[test]
    fn a_click_means_the_moves_on_that_square_of_the_picked_size() {
        let s = position();
        let legal = s.legal_actions(0);
        let build = matches_at(&legal, sq("b2"), None);
        assert_eq!(
            build,
            vec![Action::Build {
                sq: sq("b2"),
                size: 1
            }]
        );
        assert!(matches_at(&legal, sq("b2"), Some(3)).is_empty());
        // b6 is targeted: a spore of any size there, or only the picked one.
        assert_eq!(matches_at(&legal, sq("b6"), None).len(), 3);
        assert_eq!(
            matches_at(&legal, sq("b6"), Some(2)),
            vec![Action::Spore {
                sq: sq("b6"),
                size: 2,
                pieces: 1
            }]
        );
    }

    #[test]
    fn branching_into_the_square_a_branch_points_at_offers_the_directions() {
        let s = position();
        let legal = s.legal_actions(0);
        let dirs: Vec<Dir> = matches_at(&legal, sq("b4"), Some(2))
            .iter()
            .filter_map(|a| match a {
                Action::Branch { dir, .. } => Some(*dir),
                _ => None,
            })
            .collect();
        // Anything but back at the source on b3.
        assert_eq!(dirs, vec![Dir::North, Dir::East, Dir::West]);
    }

    #[test]
    fn illegal_clicks_are_explained_with_the_rules_reason() {
        let s = position();
        let why = explain(&s, 0, sq("e5"), None);
        assert!(why.contains("control"), "{why}");
        let why = explain(&s, 0, sq("b2"), Some(3));
        assert!(why.ends_with("; the size that fits there: 1"), "{why}");
        // An empty square no branch point of Red's targets: no spore there.
        let why = explain(&s, 0, sq("d3"), None);
        assert!(
            why.contains("only spore where one of your branch points targets"),
            "{why}"
        );
    }

    #[test]
    fn the_first_click_of_a_new_player_places_the_first_tower() {
        let s = Sprawl::new(&Setup::new(3, 4)).unwrap();
        let seat = s.current_player();
        let m = matches_at(&s.legal_actions(seat), sq("c3"), Some(2));
        assert_eq!(
            m,
            vec![Action::PlaceFirstTower {
                sq: sq("c3"),
                size: 2
            }]
        );
        assert!(matches!(
            probe(&s, seat, sq("c3"), 2),
            Action::PlaceFirstTower { .. }
        ));
    }

    #[test]
    fn every_board_move_names_its_square_and_size() {
        let a = Action::Branch {
            from: sq("a1"),
            to: sq("a2"),
            size: 2,
            dir: Dir::North,
        };
        assert_eq!(square_of(&a), Some(sq("a2")));
        assert_eq!(size_of(&a), Some(2));
        assert_eq!(square_of(&Action::KeepMove), None);
    }
}
