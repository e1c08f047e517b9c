//! Playing IceTowers with the mouse: pick a pyramid, see where it may go, click there. An illegal click
//! shows the rules' reason and changes nothing. Hover and selection show by swapping shared materials.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::icetowers::{Action, IceTowers, Pyramid, Side, TowerId};
use hoarfrost_rules::record::Step;
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::core::seats::SeatKind;
use crate::plugins::games::icetowers::table::{Look, PieceAt, PyramidAssets, PyramidPiece};
use crate::plugins::session::words::player_and_seat;
use crate::plugins::session::{ClickOutcome, ClickSeat, PlayAction, Session};
use crate::plugins::table::graphics::TableTop;
use crate::plugins::table::held::DropHeld;
use crate::systems::Frame;

/// A pyramid picked up and waiting for its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A freestanding pyramid, to cap with.
    Free(TowerId),
    /// A pyramid to mine out of a tower.
    Mined { from: TowerId, index: u8 },
}

/// What a click means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Select(Source),
    Play(Action),
    Deselect,
    Explain(String),
}

/// The current selection and hover of the human at the table.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Pointing {
    /// The human seat the mouse last played for (several human seats share one mouse).
    pub seat: Option<Seat>,
    pub selection: Option<Source>,
    /// The pyramid the selection picked up, to find it again after another seat's move.
    pub picked: Option<Pyramid>,
    pub hovered: Option<Entity>,
    /// A click two human seats could have meant, waiting for them to say which.
    pub either: Option<Either>,
}

/// A click on the upper of two pyramids of a human seat's colour, with several human seats at the
/// mouse: its owner may pick it up to mine it, and another human seat may split the tower there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Either {
    pub tower: TowerId,
    pub index: u8,
    /// The pyramid clicked, to tell whether another seat's move has since changed the tower.
    pub pyramid: Pyramid,
    /// The seat whose pyramid it is (the mine).
    pub owner: Seat,
    /// The seat that would split.
    pub splitter: Seat,
}

/// The action that takes `source` onto tower `onto` (or down onto the table when `None`).
pub fn action_for(source: Source, onto: Option<TowerId>) -> Option<Action> {
    match (source, onto) {
        (Source::Free(piece), Some(onto)) => Some(Action::Cap { piece, onto }),
        (Source::Free(_), None) => None,
        (Source::Mined { from, index }, onto) => Some(Action::Mine { from, index, onto }),
    }
}

/// What a click on the pyramid at `index` of tower `tower` means for `seat`.
pub fn click_piece(
    state: &IceTowers,
    seat: Seat,
    selection: Option<Source>,
    tower: TowerId,
    index: u8,
) -> Outcome {
    let Some(t) = state.tower(tower) else {
        return Outcome::Deselect;
    };
    if let Some(source) = selection {
        let same = match source {
            Source::Free(id) => id == tower,
            Source::Mined { from, index: i } => from == tower && i == index,
        };
        if same {
            return Outcome::Deselect;
        }
        let action =
            action_for(source, Some(tower)).expect("a tower target always makes an action");
        return match state.check(seat, &action) {
            Ok(()) => Outcome::Play(action),
            Err(e) => Outcome::Explain(e.0),
        };
    }
    let Some(piece) = t.pieces.get(index as usize) else {
        return Outcome::Deselect;
    };
    let mine = piece.side as usize == seat;
    let (probe, source) = match (mine, t.is_freestanding()) {
        (true, true) => return Outcome::Select(Source::Free(tower)),
        (true, false) => (
            Action::Mine {
                from: tower,
                index,
                onto: None,
            },
            Some(Source::Mined { from: tower, index }),
        ),
        (false, true) => (
            Action::Cap {
                piece: tower,
                onto: tower,
            },
            None,
        ),
        (false, false) if index == 0 => {
            return Outcome::Explain(
                "to split a tower, click the upper of two same-coloured pyramids".into(),
            );
        }
        (false, false) => (Action::Split { tower, at: index }, None),
    };
    match (state.check(seat, &probe), source) {
        (Ok(()), Some(source)) => Outcome::Select(source),
        (Ok(()), None) => Outcome::Play(probe),
        (Err(e), _) => Outcome::Explain(e.0),
    }
}

/// The selection after the table changed under it (the game is turnless, so other seats move while
/// a pyramid is picked up): the same pyramid where it stands now after `moves`, the moves played
/// since it was picked, in order ([`shifted`]: a mine from below it moves it down one place, so that
/// among identical pyramids the pick keeps to its own); `None` once it is gone (capped over, mined,
/// split off).
pub fn follow(
    state: &IceTowers,
    source: Source,
    picked: Pyramid,
    moves: &[Action],
) -> Option<Source> {
    match shifted(source, moves)? {
        Source::Free(id) => state
            .tower(id)
            .filter(|t| t.is_freestanding() && t.top() == picked)
            .map(|_| Source::Free(id)),
        now @ Source::Mined { from, index } => state
            .tower(from)
            .filter(|t| t.pieces.get(index as usize) == Some(&picked))
            .map(|_| now),
    }
}

/// Where a pyramid picked to be mined stands after `moves`: a mine from below it moves it down one
/// place; a split at or below it takes it off its tower, and its own mine takes it off the table
/// (`None`). Caps and mines onto its tower add pyramids above it and leave it in place.
pub fn shifted(source: Source, moves: &[Action]) -> Option<Source> {
    moves
        .iter()
        .try_fold(source, |source, m| match (source, m) {
            (
                Source::Mined { from, index },
                &Action::Mine {
                    from: f, index: k, ..
                },
            ) if f == from => match k.cmp(&index) {
                std::cmp::Ordering::Less => Some(Source::Mined {
                    from,
                    index: index - 1,
                }),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(source),
            },
            (Source::Mined { from, index }, &Action::Split { tower, at }) if tower == from => {
                (index < at).then_some(source)
            }
            _ => Some(source),
        })
}

/// What a click on the bare table means: set a mined pyramid down, or drop the selection.
pub fn click_table(state: &IceTowers, seat: Seat, selection: Option<Source>) -> Outcome {
    match selection.and_then(|s| action_for(s, None)) {
        Some(action) => match state.check(seat, &action) {
            Ok(()) => Outcome::Play(action),
            Err(e) => Outcome::Explain(e.0),
        },
        None => Outcome::Deselect,
    }
}

/// Towers the selected pyramid may go onto now.
pub fn targets(state: &IceTowers, seat: Seat, source: Source) -> Vec<TowerId> {
    state
        .legal_actions(seat)
        .into_iter()
        .filter_map(|a| match (a, source) {
            (Action::Cap { piece, onto }, Source::Free(p)) if piece == p => Some(onto),
            (
                Action::Mine {
                    from,
                    index,
                    onto: Some(onto),
                },
                Source::Mined { from: f, index: i },
            ) if from == f && index == i => Some(onto),
            _ => None,
        })
        .collect()
}

/// What to do with the pyramid just picked up; a freestanding one that can cap nothing now says so,
/// rather than ask for a click that nothing would answer.
pub fn select_hint(state: &IceTowers, seat: Seat, source: Source) -> &'static str {
    match source {
        Source::Free(_) if targets(state, seat, source).is_empty() => {
            "No tower is topped by a pyramid at least as large as this one, so it cannot cap \
             anything now: click it again to put it down."
        }
        Source::Free(_) => "Now click a tower or pyramid at least as large to cap it.",
        Source::Mined { .. } => "Now click a tower to cap, or the table to set the pyramid down.",
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Pointing>()
        .add_message::<DropHeld>()
        .add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_systems(OnEnter(Screen::Playing), |mut p: ResMut<Pointing>| {
            *p = Pointing::default()
        })
        .add_systems(Update, drop_selection.in_set(Frame::Apply))
        .add_systems(
            EguiPrimaryContextPass,
            either_window.run_if(
                in_state(TurnPhase::HumanToAct).and_then(resource_exists::<Session<IceTowers>>),
            ),
        )
        .add_systems(
            Update,
            follow_selection
                .in_set(Frame::Animate)
                .before(refresh_looks)
                .run_if(resource_exists_and_changed::<Session<IceTowers>>),
        )
        .add_systems(
            Update,
            refresh_looks.in_set(Frame::Animate).run_if(
                resource_exists::<PyramidAssets>.and_then(
                    resource_changed::<Pointing>
                        .or_eager(resource_exists_and_changed::<Session<IceTowers>>),
                ),
            ),
        );
}

/// The human seat that clicks act for. With several human seats at one mouse: the owner of a
/// pyramid clicked with nothing picked up, when that is a human seat that may act (each player picks
/// up their own pyramids); else the seat the mouse last played for, while it may act; else the first
/// human seat that may act.
fn acting_human(
    session: &Session<IceTowers>,
    last: Option<Seat>,
    owner: Option<Seat>,
) -> Option<Seat> {
    let may = |s: Seat| human_may_act(session, s);
    owner
        .filter(|&s| may(s))
        .or(last.filter(|&s| may(s)))
        .or_else(|| (0..session.seats.len()).find(|&s| may(s)))
}

/// Whether `seat` is a human seat that may act now.
fn human_may_act(session: &Session<IceTowers>, seat: Seat) -> bool {
    session.seats.get(seat) == Some(&SeatKind::Human) && session.may_act(seat)
}

/// Whom a click on the pyramid at `index` of tower `tower`, with nothing picked up, is for when it
/// is a pyramid of the human seat `owner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClickFor {
    /// This seat: the owner, or another human seat whose split the click can only mean (the owner
    /// could do nothing with it).
    Seat(Seat),
    /// The owner could pick the pyramid up to mine it and another human seat could split the
    /// tower there: the players are asked which.
    Ask(Either),
}

/// See [`ClickFor`]: another human seat that may split there (the one the mouse last played for
/// first) takes the click where the owner's would be refused, and is offered beside the owner's
/// mine where that would be allowed.
fn owner_click(
    session: &Session<IceTowers>,
    owner: Seat,
    last: Option<Seat>,
    tower: TowerId,
    index: u8,
) -> ClickFor {
    let splitter = last
        .into_iter()
        .chain(0..session.seats.len())
        .filter(|&s| s != owner && human_may_act(session, s))
        .find(|&s| {
            matches!(
                click_piece(&session.state, s, None, tower, index),
                Outcome::Play(Action::Split { .. })
            )
        });
    let Some(splitter) = splitter else {
        return ClickFor::Seat(owner);
    };
    let pyramid = session
        .state
        .tower(tower)
        .and_then(|t| t.pieces.get(index as usize).copied());
    match (
        click_piece(&session.state, owner, None, tower, index),
        pyramid,
    ) {
        (Outcome::Select(Source::Mined { .. }), Some(pyramid)) => ClickFor::Ask(Either {
            tower,
            index,
            pyramid,
            owner,
            splitter,
        }),
        (Outcome::Explain(_), _) => ClickFor::Seat(splitter),
        _ => ClickFor::Seat(owner),
    }
}

/// What the answer `seat` to the question `either` does on the table as it is now: that seat's
/// click on the pyramid, unless the seat may no longer move or another seat's move has since
/// changed what stands there.
fn answer(session: &Session<IceTowers>, either: Either, seat: Seat) -> Outcome {
    let there = session
        .state
        .tower(either.tower)
        .and_then(|t| t.pieces.get(either.index as usize));
    if there != Some(&either.pyramid) {
        Outcome::Explain("Another seat's move changed that tower: click again.".into())
    } else if !human_may_act(session, seat) {
        Outcome::Explain(format!(
            "{} may not move now.",
            seat_name(&session.state, seat)
        ))
    } else {
        click_piece(&session.state, seat, None, either.tower, either.index)
    }
}

#[allow(clippy::type_complexity)]
fn on_click(
    click: On<Pointer<Click>>,
    (phase, session): ClickSeat<IceTowers>,
    pieces: Query<&PieceAt>,
    tables: Query<(), Or<(With<TableTop>, With<Window>)>>,
    mut pointing: ResMut<Pointing>,
    (mut notice, mut play): ClickOutcome<IceTowers>,
    pause: Option<Res<State<crate::plugins::core::pause::Pause>>>,
) {
    // A click on a pyramid bubbles up to its parents and the window: only the first is the click.
    if click.button != PointerButton::Primary
        || click.original_event_target() != click.entity
        || phase.is_none_or(|p| *p.get() != TurnPhase::HumanToAct)
    {
        return;
    }
    // Paused, nothing is played: the pyramid picked stays picked for when the game goes on.
    if crate::plugins::core::pause::is_paused(pause) {
        notice.error(crate::plugins::core::pause::REFUSED);
        return;
    }
    let Some(session) = session else { return };
    let owner = pieces
        .get(click.entity)
        .ok()
        .filter(|_| pointing.selection.is_none())
        .and_then(|at| session.state.tower(at.tower)?.pieces.get(at.index as usize))
        .map(|p| p.side as Seat);
    // Any click answers an open question with "neither".
    pointing.either = None;
    let Some(mut seat) = acting_human(&session, pointing.seat, owner) else {
        return;
    };
    if let (Ok(at), Some(owner)) = (pieces.get(click.entity), owner)
        && owner == seat
    {
        match owner_click(&session, owner, pointing.seat, at.tower, at.index) {
            ClickFor::Seat(s) => seat = s,
            ClickFor::Ask(either) => {
                notice.info(format!(
                    "Does {} mine this pyramid, or {} split the tower here? Choose in the \
                     window.",
                    seat_name(&session.state, either.owner),
                    seat_name(&session.state, either.splitter)
                ));
                pointing.either = Some(either);
                return;
            }
        }
    }
    if pointing.seat != Some(seat) {
        // Another player takes the mouse: what the last one picked up is put down.
        pointing.selection = None;
        pointing.seat = Some(seat);
    }
    let outcome = if let Ok(at) = pieces.get(click.entity) {
        click_piece(&session.state, seat, pointing.selection, at.tower, at.index)
    } else if tables.contains(click.entity) {
        // The table top, or the background where no table top is drawn (low graphics quality).
        click_table(&session.state, seat, pointing.selection)
    } else {
        return;
    };
    carry_out(
        outcome,
        seat,
        &session.state,
        &mut pointing,
        &mut notice,
        &mut play,
    );
}

/// Do what a click meant for `seat`.
fn carry_out(
    outcome: Outcome,
    seat: Seat,
    state: &IceTowers,
    pointing: &mut Pointing,
    notice: &mut Notice,
    play: &mut MessageWriter<PlayAction<IceTowers>>,
) {
    match outcome {
        Outcome::Select(source) => {
            pointing.selection = Some(source);
            pointing.picked = picked_pyramid(state, source);
            notice.info(select_hint(state, seat, source));
        }
        Outcome::Play(action) => {
            pointing.selection = None;
            play.write(PlayAction { seat, action });
        }
        Outcome::Deselect => {
            pointing.selection = None;
            // What the notice said about the pyramid picked up no longer holds (as on Escape);
            // an error stays.
            if !notice.is_error {
                notice.text.clear();
            }
        }
        Outcome::Explain(reason) => notice.error(reason),
    }
}

/// A seat's colour name.
fn seat_name(state: &IceTowers, seat: Seat) -> &'static str {
    state.hue(seat as Side).name()
}

/// Ask which of two moves a click meant (see [`Either`]); the answer is checked against the table
/// as it is then, since other seats may have moved meanwhile.
fn either_window(
    mut contexts: EguiContexts,
    session: Res<Session<IceTowers>>,
    mut pointing: ResMut<Pointing>,
    mut notice: ResMut<Notice>,
    mut play: MessageWriter<PlayAction<IceTowers>>,
) -> Result {
    let Some(either) = pointing.either else {
        return Ok(());
    };
    // "Anna (Red)" where the player gave a name: two humans share the mouse here.
    let named = |seat: Seat| player_and_seat(&session, seat, seat_name(&session.state, seat));
    let (owner, splitter) = (named(either.owner), named(either.splitter));
    let mut chosen = None;
    let mut close = false;
    egui::Window::new("Mine or split?")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
        .collapsible(false)
        .resizable(false)
        .show(contexts.ctx_mut()?, |ui| {
            ui.label("Two players could mean that click:");
            if ui
                .button(format!("{owner} picks the pyramid up to mine it"))
                .clicked()
            {
                chosen = Some(either.owner);
            }
            if ui
                .button(format!("{splitter} splits the tower there"))
                .clicked()
            {
                chosen = Some(either.splitter);
            }
            close = ui.button("Neither").clicked();
        });
    if let Some(seat) = chosen {
        pointing.either = None;
        pointing.seat = Some(seat);
        pointing.selection = None;
        let outcome = answer(&session, either, seat);
        carry_out(
            outcome,
            seat,
            &session.state,
            &mut pointing,
            &mut notice,
            &mut play,
        );
    } else if close {
        pointing.either = None;
    }
    Ok(())
}

/// The pyramid `source` names on the table now.
fn picked_pyramid(state: &IceTowers, source: Source) -> Option<Pyramid> {
    match source {
        Source::Free(id) => state.tower(id).map(|t| t.top()),
        Source::Mined { from, index } => state
            .tower(from)
            .and_then(|t| t.pieces.get(index as usize).copied()),
    }
}

/// After any move, keep the picked pyramid picked where it now stands, or put the selection down
/// and say why when another seat's move took it.
fn follow_selection(
    session: Res<Session<IceTowers>>,
    mut pointing: ResMut<Pointing>,
    mut notice: ResMut<Notice>,
    mut seen: Local<Option<(usize, u64)>>,
) {
    // The moves since the last look, when the record holds them all: no undo or redo since (they
    // count as rewinds; a loaded game too); a game without a record has none to give.
    let steps = session.record().map(|r| r.steps.as_slice());
    let now = steps.map(|s| (s.len(), session.rewinds()));
    let since = seen
        .filter(|&(n, rewinds)| {
            !session.is_added() && now.is_some_and(|(len, r)| r == rewinds && n <= len)
        })
        .map(|(n, _)| n);
    *seen = now;
    let (Some(source), Some(picked)) = (pointing.selection, pointing.picked) else {
        return;
    };
    let moves = since.zip(steps).map(|(n, steps)| {
        steps[n..]
            .iter()
            .filter_map(|step| match step {
                Step::Act { action, .. } => Some(action.clone()),
                Step::Chance => None,
            })
            .collect::<Vec<_>>()
    });
    let Some(moves) = moves.or_else(|| {
        // A game from a table position keeps no record of its moves: the pick stays while its
        // pyramid still stands where it was picked up.
        (session.record().is_none() && !session.is_added()).then(Vec::new)
    }) else {
        // An undo, a redo or another game: the pick is put down (it may stand elsewhere now).
        pointing.selection = None;
        pointing.picked = None;
        return;
    };
    match follow(&session.state, source, picked, &moves) {
        Some(now) if now == source => {}
        Some(now) => pointing.selection = Some(now),
        None => {
            pointing.selection = None;
            pointing.picked = None;
            notice.error("Another seat's move took the pyramid you had picked up: pick again.");
        }
    }
}

fn on_over(
    over: On<Pointer<Over>>,
    pieces: Query<(), With<PyramidPiece>>,
    mut pointing: ResMut<Pointing>,
) {
    if pieces.contains(over.entity) {
        pointing.hovered = Some(over.entity);
    }
}

fn on_out(out: On<Pointer<Out>>, mut pointing: ResMut<Pointing>) {
    if pointing.hovered == Some(out.entity) {
        pointing.hovered = None;
    }
}

/// Escape puts the picked pyramid down (the hovered one stays lit) and answers an open question
/// with "neither".
fn drop_selection(mut drops: MessageReader<DropHeld>, mut pointing: ResMut<Pointing>) {
    if drops.read().count() > 0 && (pointing.selection.is_some() || pointing.either.is_some()) {
        pointing.selection = None;
        pointing.either = None;
    }
}

/// Give every pyramid the look of its role: selected, a legal target, hovered or plain.
fn refresh_looks(
    pointing: Res<Pointing>,
    session: Option<Res<Session<IceTowers>>>,
    assets: Res<PyramidAssets>,
    mut pieces: Query<(
        Entity,
        &PyramidPiece,
        &PieceAt,
        &mut MeshMaterial3d<StandardMaterial>,
    )>,
) {
    let Some(session) = session else { return };
    let seat = acting_human(&session, pointing.seat, None);
    let targets = match (pointing.selection, seat) {
        (Some(source), Some(seat)) => targets(&session.state, seat, source),
        _ => Vec::new(),
    };
    let hovered_tower = pointing
        .hovered
        .and_then(|e| pieces.get(e).ok().map(|(_, _, at, _)| at.tower));
    for (_, piece, at, mut material) in &mut pieces {
        let selected = match pointing.selection {
            Some(Source::Free(id)) => id == at.tower,
            Some(Source::Mined { from, index }) => from == at.tower && index == at.index,
            None => false,
        };
        let look = if selected {
            Look::Selected
        } else if targets.contains(&at.tower) {
            Look::Target
        } else if hovered_tower == Some(at.tower) {
            Look::Hover
        } else {
            Look::Normal
        };
        let handle = assets.material(piece.side, look);
        if material.0 != handle {
            material.0 = handle;
        }
    }
}

#[cfg(test)]
#[path = "input_tests.rs"]
mod tests;
