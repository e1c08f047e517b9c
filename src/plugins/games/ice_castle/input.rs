//! Ice Castle input: the acting human's hand as egui buttons, the hand-over screen between two human
//! seats, and what a click on a door tile means (a pure, tested function).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::ice_castle::{Action, Card, CastleView, Cell, IceCastle, Phase};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::hint::Hint;
use crate::plugins::session::{ClickOutcome, ClickSeat, PlayAction, Script, Session, human_click};
use crate::plugins::table::held;
use crate::systems::Frame;

use crate::plugins::games::ice_castle::piles::{CardPile, click_pile};
use crate::plugins::games::ice_castle::table::{CastlePiece, CastleTile};
use crate::plugins::ui::hud::Choices;

/// The card the acting human picked from the hand, waiting for a tile click.
#[derive(Resource, Default, Debug)]
pub struct SelectedCard(pub Option<Card>);

/// Between two human seats: the seat whose hand may be shown now (after it said who it is).
#[derive(Resource, Default, Debug)]
pub struct HandOver {
    pub shown_to: Option<Seat>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SelectedCard>()
        .init_resource::<HandOver>()
        .add_systems(OnEnter(Screen::Playing), forget_hand_over)
        .add_observer(on_click)
        .add_plugins(held::put_down::<SelectedCard>)
        .add_plugins(held::put_down_on_bare_click::<IceCastle>)
        .add_plugins(crate::plugins::ui::hud::drop_choices_on_pick::<IceCastle, SelectedCard>)
        .add_systems(
            Update,
            forget_card.run_if(resource_exists_and_changed::<Session<IceCastle>>),
        )
        .add_systems(
            Update,
            withhold_hint
                .in_set(Frame::Ai)
                .run_if(resource_exists::<Session<IceCastle>>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            hand_window
                .run_if(resource_exists::<Session<IceCastle>>.and_then(in_state(Screen::Playing))),
        );
}

/// A new game, or one loaded over this one: no hand is shown before its player says who they are,
/// and no card is picked.
fn forget_hand_over(mut hand_over: ResMut<HandOver>, mut selected: ResMut<SelectedCard>) {
    hand_over.shown_to = None;
    selected.0 = None;
}

/// A move was made: the picked card may be gone.
fn forget_card(session: Res<Session<IceCastle>>, mut selected: ResMut<SelectedCard>) {
    if selected
        .0
        .is_some_and(|card| !card_still_held(&session.state, card))
    {
        selected.0 = None;
    }
}

/// A picked card stays picked while cards are being played and it is in the hand of the seat to
/// play.
pub fn card_still_held(s: &IceCastle, card: Card) -> bool {
    s.phase() == Phase::Play && s.hand(s.current()).contains(&card)
}

/// No hint while the hand-over window hides the next hand: it would name a card in it.
fn withhold_hint(
    session: Res<Session<IceCastle>>,
    hand_over: Res<HandOver>,
    mut hint: ResMut<Hint<IceCastle>>,
) {
    let hidden = session
        .acting_human()
        .is_some_and(|seat| must_hand_over(&session.seats, hand_over.shown_to, seat));
    let withheld = hidden.then_some("No hint yet: say who you are in the hand-over window first.");
    if hint.withheld != withheld {
        hint.withheld = withheld;
    }
}

/// Whether `seat`'s hand must stay hidden until its player says who they are.
pub fn must_hand_over(seats: &[SeatKind], shown_to: Option<Seat>, seat: Seat) -> bool {
    seats.iter().filter(|k| **k == SeatKind::Human).count() > 1 && shown_to != Some(seat)
}

/// The player's name, else "Player 2".
fn who(session: &Session<IceCastle>, seat: Seat) -> String {
    session
        .player(seat)
        .map_or_else(|| format!("Player {}", seat + 1), str::to_string)
}

/// "Player 2", or "Anna (Player 2)" where the player gave a name.
fn seat_name(session: &Session<IceCastle>, seat: Seat) -> String {
    crate::plugins::session::words::player_and_seat(session, seat, &format!("Player {}", seat + 1))
}

/// The card pictures of the hand's buttons: the table's card atlas, handed to egui once.
struct HandArt {
    texture: egui::TextureId,
    cells: std::collections::HashMap<String, Rect>,
}

impl HandArt {
    fn new(contexts: &mut EguiContexts, assets: &AssetServer) -> Self {
        let atlas = assets.load("textures/castle-cards.png");
        HandArt {
            texture: contexts.add_image(bevy_egui::EguiTextureHandle::Strong(atlas)),
            cells: crate::systems::labels::atlas_cells(
                crate::plugins::games::ice_castle::piles::FACES,
            ),
        }
    }

    /// `card`'s picture as on the table: its icon in its ink on the card's paper.
    fn picture(&self, card: Card) -> egui::Image<'static> {
        let (name, ink) = crate::plugins::games::ice_castle::piles::icon_of(card);
        let cell = self.cells.get(name).copied().unwrap_or_default();
        egui::Image::new(egui::load::SizedTexture::new(self.texture, [18.0, 18.0]))
            .uv(egui::Rect::from_min_max(
                egui::pos2(cell.min.x, cell.min.y),
                egui::pos2(cell.max.x, cell.max.y),
            ))
            .tint(egui_colour(ink))
            .bg_fill(egui_colour(crate::plugins::games::ice_castle::piles::PAPER))
    }
}

/// A Bevy colour as egui's.
fn egui_colour(c: Color) -> egui::Color32 {
    let [r, g, b, _] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgb(r, g, b)
}

fn hand_window(
    mut contexts: EguiContexts,
    (assets, mut art): (Res<AssetServer>, Local<Option<HandArt>>),
    session: Res<Session<IceCastle>>,
    mut selected: ResMut<SelectedCard>,
    mut hand_over: ResMut<HandOver>,
    mut play: MessageWriter<PlayAction<IceCastle>>,
) -> Result {
    let Some(seat) = session.acting_human() else {
        return Ok(());
    };
    let art = art.get_or_insert_with(|| HandArt::new(&mut contexts, &assets));
    let ctx = contexts.ctx_mut()?;
    if must_hand_over(&session.seats, hand_over.shown_to, seat) {
        hand_over_window(ctx, &session, seat, &mut hand_over);
        return Ok(());
    }
    let view = session.state.view(seat);
    egui::Window::new(format!("{}'s hand", who(&session, seat)))
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            hand_buttons(ui, &view, art, &mut selected);
            hand_instructions(ui, &session.state, seat, view.phase, selected.0, &mut play);
        });
    Ok(())
}

/// The window between two human seats: the screen is passed, and the hand shows once its player
/// says who they are.
fn hand_over_window(
    ctx: &egui::Context,
    session: &Session<IceCastle>,
    seat: Seat,
    hand_over: &mut ResMut<HandOver>,
) {
    egui::Window::new("Hand over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!(
                "Pass the screen to {}. Everyone else, look away.",
                seat_name(session, seat)
            ));
            if ui
                .button(format!("I am {}, show my hand", who(session, seat)))
                .clicked()
            {
                hand_over.shown_to = Some(seat);
            }
        });
}

/// One button per card in the hand: a click picks the card, or puts the picked one back.
fn hand_buttons(
    ui: &mut egui::Ui,
    view: &CastleView,
    art: &HandArt,
    selected: &mut ResMut<SelectedCard>,
) {
    ui.horizontal(|ui| {
        for card in &view.hand {
            let picked = selected.0 == Some(*card);
            let enabled = view.phase == Phase::Play;
            let button =
                egui::Button::image_and_text(art.picture(*card), card.name()).selected(picked);
            if ui
                .add_enabled(enabled, button)
                .on_hover_text(card_help(*card))
                .clicked()
            {
                selected.0 = if picked { None } else { Some(*card) };
            }
        }
    });
}

/// Below the hand: what to do now, and with a card picked the ways to play it as buttons.
fn hand_instructions(
    ui: &mut egui::Ui,
    s: &IceCastle,
    seat: Seat,
    phase: Phase,
    picked: Option<Card>,
    play: &mut MessageWriter<PlayAction<IceCastle>>,
) {
    match (phase, picked) {
        (Phase::Play, None) => {
            ui.label("Pick a card, then click a door tile.");
        }
        (Phase::Play, Some(card)) => {
            ui.label(card_prompt(s, seat, card));
            ui.horizontal(|ui| {
                for action in card_buttons(s, seat, card) {
                    if ui.button(s.action_to_string(seat, &action)).clicked() {
                        play.write(PlayAction { seat, action });
                    }
                }
            });
        }
        (Phase::Move, _) => {
            ui.label(
                "Click a lit tile next to you to move, or press \"... does not move\" or \
                 \"... steps out of the castle\" in the panel.",
            );
        }
        (Phase::BonusKey, _) => {
            ui.label(
                "Extra Key: click any door to open or close it, or press \"... leaves the \
                 Extra Key unused\" in the panel.",
            );
        }
        _ => {}
    }
}

fn card_help(card: Card) -> String {
    let text = match card {
        Card::Key(c) => {
            return format!(
                "Opens or closes a {} door (marked with {}).",
                c.name().to_lowercase(),
                c.hue().marking()
            );
        }
        Card::Skeleton => "Opens or closes any door, or takes a padlock off.",
        Card::Padlock => "Locks a door as it is; nobody passes it.",
        Card::Slide => "A diagonal passage between two tiles, for good.",
        Card::Axe => "Opens a frozen door for good.",
        Card::Freeze => "Holds an opponent for two of their turns.",
        Card::Wand => "Moves an opponent one tile.",
    };
    text.into()
}

/// What to do with `card` once picked: click a tile where some tile takes it, else say none does.
pub fn card_prompt(s: &IceCastle, seat: Seat, card: Card) -> String {
    let on_a_tile = s
        .legal_actions(seat)
        .iter()
        .any(|a| a.card() == Some(card) && !tiles_of(a).is_empty());
    if on_a_tile {
        format!("{}: click a door tile or the discard pile, or", card.name())
    } else {
        format!(
            "{}: no tile takes it now; click the discard pile, or",
            card.name()
        )
    }
}

/// Actions of `card` played with a button rather than a tile: discarding it, and the Freeze targets.
pub fn card_buttons(s: &IceCastle, seat: Seat, card: Card) -> Vec<Action> {
    s.legal_actions(seat)
        .into_iter()
        .filter(|a| a.card() == Some(card) && tiles_of(a).is_empty())
        .collect()
}

/// The tiles an action is played on by clicking (both ends of an Ice Slide).
pub fn tiles_of(a: &Action) -> Vec<Cell> {
    match *a {
        Action::Open { tile, .. }
        | Action::Close { tile, .. }
        | Action::Unlock { tile }
        | Action::Padlock { tile }
        | Action::Axe { tile }
        | Action::BonusOpen { tile }
        | Action::BonusClose { tile } => vec![tile],
        Action::Slide { a, b } => vec![a, b],
        Action::Wand { to, .. } | Action::Move { to } => vec![to],
        _ => Vec::new(),
    }
}

/// What a click on a door tile (or a card pile) means.
#[derive(Clone, Debug, PartialEq)]
pub enum TileClick {
    /// Exactly one legal action is played there.
    Play(Action),
    /// Several are: the panel offers them.
    Choose(Vec<Action>),
    /// None is: the rules' reason.
    Explain(String),
}

/// The legal actions of `seat` on `cell` with the picked `card` (in the card phase), sorted out into
/// what a click does.
pub fn click_tile(s: &IceCastle, seat: Seat, card: Option<Card>, cell: Cell) -> TileClick {
    if s.phase() == Phase::Play && card.is_none() {
        return TileClick::Explain("pick a card from your hand first".into());
    }
    let mut matches: Vec<Action> = s
        .legal_actions(seat)
        .into_iter()
        .filter(|a| tiles_of(a).contains(&cell))
        .filter(|a| s.phase() != Phase::Play || a.card() == card)
        .collect();
    match matches.len() {
        0 => TileClick::Explain(explain(s, seat, card, cell)),
        1 => TileClick::Play(matches.remove(0)),
        _ => TileClick::Choose(matches),
    }
}

/// True when a click that would reveal a door (the Extra Key's open of one never opened) only marks
/// it, waiting for a second click: undo cannot go back past a reveal, so a stray click on any tile
/// of the castle must not make one. Not where a picked `card` armed the click (that pick is the
/// first step), where the same move is already marked (`held`, the panel's choices), or where a
/// tutorial's script names the move.
pub fn awaits_second_click(
    s: &IceCastle,
    seat: Seat,
    action: &Action,
    card: Option<Card>,
    held: &[Action],
    scripted: Option<&Action>,
) -> bool {
    let armed = card.is_some() && s.phase() == Phase::Play;
    !armed
        && held != std::slice::from_ref(action)
        && scripted != Some(action)
        && s.reveals(seat, action)
}

/// A tile of the castle that touches `cell` corner to corner, to ask the rules why a slide between
/// them is refused (every slide from `cell` is, or the click would have matched one).
fn corner_tile(view: &CastleView, cell: Cell) -> Option<Cell> {
    [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .into_iter()
        .map(|(dr, dc)| {
            Cell::new(
                cell.row.saturating_add_signed(dr),
                cell.col.saturating_add_signed(dc),
            )
        })
        .find(|&c| c.is_diagonal_to(cell) && view.tile(c).is_some())
}

/// Why nothing can be done on `cell` now, in the rules' words.
fn explain(s: &IceCastle, seat: Seat, card: Option<Card>, cell: Cell) -> String {
    let view = s.view(seat);
    let Some(tile) = view.tile(cell) else {
        return "that is not a tile of the castle".into();
    };
    let probe = match (s.phase(), card) {
        (Phase::Play, Some(card)) => match card {
            Card::Key(_) | Card::Skeleton if tile.padlock && card == Card::Skeleton => {
                Action::Unlock { tile: cell }
            }
            Card::Key(_) | Card::Skeleton if tile.open => Action::Close { card, tile: cell },
            Card::Key(_) | Card::Skeleton => Action::Open { card, tile: cell },
            Card::Padlock => Action::Padlock { tile: cell },
            Card::Axe => Action::Axe { tile: cell },
            Card::Slide => match corner_tile(&view, cell) {
                Some(other) => Action::slide(cell, other),
                None => return "no tile of the castle touches this one corner to corner".into(),
            },
            Card::Wand => {
                // The other character the click most likely meant: one beside the tile clicked,
                // else one inside the castle, else any other seat.
                let others = || (0..view.players).filter(|&t| t != seat);
                let at = |t: Seat| s.character(t);
                let beside = |t: Seat| {
                    at(t).is_some_and(|c| c.row.abs_diff(cell.row) + c.col.abs_diff(cell.col) == 1)
                };
                let target = others()
                    .find(|&t| beside(t))
                    .or_else(|| others().find(|&t| at(t).is_some()))
                    .or_else(|| others().next())
                    .unwrap_or(0);
                Action::Wand {
                    seat: target,
                    to: cell,
                }
            }
            Card::Freeze => return "the Freeze is played with the buttons under your hand".into(),
        },
        (Phase::Move, _) => Action::Move { to: cell },
        (Phase::BonusKey, _) if tile.open => Action::BonusClose { tile: cell },
        (Phase::BonusKey, _) => Action::BonusOpen { tile: cell },
        _ => return "wait for your turn".into(),
    };
    match s.check(seat, &probe) {
        Err(e) => e.0,
        Ok(()) => "nothing to do on that tile now".into(),
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    (phase, session): ClickSeat<IceCastle>,
    (tiles, pieces, piles): (Query<&CastleTile>, Query<&CastlePiece>, Query<&CardPile>),
    (selected, hand_over): (Res<SelectedCard>, Res<HandOver>),
    script: Option<Res<Script<IceCastle>>>,
    mut choices: ResMut<Choices<IceCastle>>,
    (mut notice, mut play): ClickOutcome<IceCastle>,
) {
    let Some((session, seat)) = human_click(click.button, phase.as_deref(), session.as_deref())
    else {
        return;
    };
    if must_hand_over(&session.seats, hand_over.shown_to, seat) {
        notice.error("say who you are in the hand-over window first");
        return;
    }
    let cell = match (tiles.get(click.entity), pieces.get(click.entity)) {
        (Ok(t), _) => Some(t.0),
        (_, Ok(p)) => Some(p.0),
        _ => None,
    };
    let what = match (cell, piles.get(click.entity)) {
        (Some(cell), _) => click_tile(&session.state, seat, selected.0, cell),
        (None, Ok(pile)) => click_pile(&session.state, seat, selected.0, *pile),
        _ => return,
    };
    let scripted = script
        .as_ref()
        .and_then(|s| s.next_move(session))
        .map(|(_, a)| a);
    match what {
        TileClick::Play(action)
            if awaits_second_click(
                &session.state,
                seat,
                &action,
                selected.0,
                &choices.0,
                scripted,
            ) =>
        {
            if let Some(cell) = cell {
                notice.info(crate::plugins::session::words::second_click_note(
                    &cell.name(),
                    "to open it (a door opened for the first time shows its kind, and undo cannot \
                     go back past that)",
                ));
            }
            choices.0 = vec![action];
        }
        TileClick::Play(action) => {
            play.write(PlayAction { seat, action });
        }
        TileClick::Choose(options) => {
            notice.info(match cell {
                Some(cell) => format!("{}: pick one in the panel", cell.name()),
                None => "Pick one in the panel".to_string(),
            });
            choices.0 = options;
        }
        TileClick::Explain(why) => notice.error(why),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use hoarfrost_rules::ToAct;
    use hoarfrost_rules::ice_castle::Setup;

    #[test]
    fn a_key_cards_help_names_its_doors_marking() {
        use hoarfrost_rules::ice_castle::Colour;
        assert_eq!(
            card_help(Card::Key(Colour::Red)),
            "Opens or closes a red door (marked with vertical stripes)."
        );
        assert_eq!(
            card_help(Card::Key(Colour::Blue)),
            "Opens or closes a blue door (marked with checks)."
        );
    }

    /// Random two-seat games played until a seat on a bonus turn may open a door never opened.
    fn at_bonus_reveal() -> (IceCastle, Seat, Action) {
        let mut rng = hoarfrost_rules::GameRng::new(2);
        for seed in 0..200 {
            let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
            for _ in 0..3000 {
                match s.to_act() {
                    ToAct::Chance => s.apply_chance(),
                    ToAct::Seats(seats) => {
                        let seat = seats[0];
                        let legal = s.legal_actions(seat);
                        if let Some(open) = legal
                            .iter()
                            .find(|a| matches!(a, Action::BonusOpen { .. }) && s.reveals(seat, a))
                        {
                            return (s.clone(), seat, *open);
                        }
                        let a = legal[rng.below(legal.len())];
                        s.apply(seat, &a).unwrap();
                    }
                    ToAct::Over => break,
                }
            }
        }
        panic!("no bonus turn could open a door never opened");
    }

    #[test]
    fn a_bonus_open_that_would_reveal_a_door_waits_for_a_second_click() {
        let (s, seat, open) = at_bonus_reveal();
        let Action::BonusOpen { tile } = open else {
            unreachable!()
        };
        assert_eq!(click_tile(&s, seat, None, tile), TileClick::Play(open));
        assert!(awaits_second_click(&s, seat, &open, None, &[], None));
        let held = std::slice::from_ref(&open);
        assert!(!awaits_second_click(&s, seat, &open, None, held, None));
        assert!(!awaits_second_click(
            &s,
            seat,
            &open,
            None,
            &[],
            Some(&open)
        ));
        // Closing reveals nothing, and a move armed by a picked card is played at once.
        let close = s
            .legal_actions(seat)
            .into_iter()
            .find(|a| matches!(a, Action::BonusClose { .. }) || *a == Action::SkipBonus)
            .unwrap();
        assert!(!awaits_second_click(&s, seat, &close, None, &[], None));
        let (play, to_play) = at_play(1);
        let with_card = play
            .legal_actions(to_play)
            .into_iter()
            .find(|a| a.card().is_some() && play.reveals(to_play, a))
            .expect("a card that opens a door never opened");
        assert!(!awaits_second_click(
            &play,
            to_play,
            &with_card,
            with_card.card(),
            &[],
            None
        ));
    }

    /// A fresh two-seat game with the first draw made: seat to act is in the card phase.
    pub(crate) fn at_play(seed: u64) -> (IceCastle, Seat) {
        let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
        while s.to_act() == ToAct::Chance {
            s.apply_chance();
        }
        assert_eq!(s.phase(), Phase::Play);
        let seat = s.current();
        (s, seat)
    }

    #[test]
    fn a_refused_slide_is_explained_towards_a_tile_of_the_castle() {
        // On the top row or the east column the probe used to name a tile beyond the edge.
        for players in 2..=4 {
            let s = IceCastle::new(&Setup::new(players, 1)).unwrap();
            let view = s.view(0);
            for cell in s.cells() {
                let other = corner_tile(&view, cell).expect("every tile has a corner neighbour");
                assert!(
                    other.is_diagonal_to(cell) && s.tile(other).is_some(),
                    "{cell:?}"
                );
            }
        }
    }

    #[test]
    fn a_picked_card_says_whether_a_tile_takes_it() {
        // The prompt must agree with what a click on each tile of the castle would do.
        let (mut on_tile, mut nowhere) = (0, 0);
        for seed in 1..=30 {
            let (s, seat) = at_play(seed);
            for &card in s.hand(seat) {
                let tiles = s.cells().any(|cell| {
                    !matches!(
                        click_tile(&s, seat, Some(card), cell),
                        TileClick::Explain(_)
                    )
                });
                let said = card_prompt(&s, seat, card);
                assert!(said.starts_with(&card.name()), "{said}");
                assert!(said.contains("the discard pile"), "{said}");
                if tiles {
                    on_tile += 1;
                    assert!(said.contains("click a door tile"), "{said}");
                } else {
                    nowhere += 1;
                    assert!(said.contains("no tile takes it now"), "{said}");
                }
            }
        }
        assert!(on_tile > 0 && nowhere > 0, "{on_tile} / {nowhere}");
    }

    /// Plays the castle bot for both seats until the seat to act may step onto a tile; `None` if that
    /// never happens within the turns tried.
    fn at_a_step(seed: u64) -> Option<(IceCastle, Seat, Cell)> {
        use hoarfrost_rules::bots::Bot;
        let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
        let mut bot = hoarfrost_rules::ice_castle::bot::CastleBot::new(seed);
        for _ in 0..300 {
            match s.to_act() {
                ToAct::Chance => s.apply_chance(),
                ToAct::Over => return None,
                ToAct::Seats(seats) => {
                    let seat = seats[0];
                    if s.phase() == Phase::Move {
                        let step = s.legal_actions(seat).into_iter().find_map(|a| match a {
                            Action::Move { to } => Some(to),
                            _ => None,
                        });
                        if let Some(to) = step {
                            return Some((s, seat, to));
                        }
                    }
                    let a = bot.choose(&s, seat)?;
                    s.apply(seat, &a).unwrap();
                }
            }
        }
        None
    }

    #[test]
    fn clicking_a_tile_you_may_step_to_moves_there() {
        let (s, seat, to) = (0..20)
            .find_map(at_a_step)
            .expect("some game reaches a step");
        match click_tile(&s, seat, None, to) {
            TileClick::Play(a) => assert_eq!(a, Action::Move { to }),
            TileClick::Choose(options) => assert!(options.contains(&Action::Move { to })),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_tile_click_without_a_card_asks_for_one() {
        let (s, seat) = at_play(1);
        assert_eq!(
            click_tile(&s, seat, None, Cell::new(0, 0)),
            TileClick::Explain("pick a card from your hand first".into())
        );
    }

    #[test]
    fn a_key_clicked_on_a_door_of_its_colour_opens_it() {
        for seed in 0..40 {
            let (s, seat) = at_play(seed);
            let Some(Card::Key(colour)) = s
                .hand(seat)
                .iter()
                .copied()
                .find(|c| matches!(c, Card::Key(_)))
            else {
                continue;
            };
            let cell = s
                .cells()
                .find(|&c| s.tile(c).unwrap().colour == colour)
                .unwrap();
            let card = Card::Key(colour);
            assert_eq!(
                click_tile(&s, seat, Some(card), cell),
                TileClick::Play(Action::Open { card, tile: cell })
            );
            // The same key on a door of another colour is refused with the rules' reason.
            let other = s
                .cells()
                .find(|&c| s.tile(c).unwrap().colour != colour)
                .unwrap();
            match click_tile(&s, seat, Some(card), other) {
                TileClick::Explain(why) => assert!(
                    why.contains("only opens or closes") && why.contains("; this door is "),
                    "{why}"
                ),
                x => panic!("{x:?}"),
            }
            return;
        }
        panic!("no key in 40 opening hands");
    }

    #[test]
    fn an_ice_slide_click_offers_every_slide_from_that_tile() {
        for seed in 0..60 {
            let (s, seat) = at_play(seed);
            if !s.hand(seat).contains(&Card::Slide) {
                continue;
            }
            let cell = Cell::new(1, 1);
            match click_tile(&s, seat, Some(Card::Slide), cell) {
                TileClick::Choose(options) => {
                    assert!(options.len() > 1);
                    assert!(options.iter().all(|a| tiles_of(a).contains(&cell)));
                }
                x => panic!("{x:?}"),
            }
            return;
        }
        panic!("no Ice Slide in 60 opening hands");
    }

    /// Every state of a three-seat bot game at which a seat to act holds the Magic Wand in the card
    /// phase, up to `turns` steps.
    fn wand_states(seed: u64, turns: usize) -> Vec<(IceCastle, Seat)> {
        let mut s = IceCastle::new(&Setup::new(3, seed)).unwrap();
        let mut bot = hoarfrost_rules::ice_castle::bot::CastleBot::new(seed);
        let mut found = Vec::new();
        for _ in 0..turns {
            if let ToAct::Seats(seats) = s.to_act()
                && s.phase() == Phase::Play
                && s.hand(seats[0]).contains(&Card::Wand)
            {
                found.push((s.clone(), seats[0]));
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                break;
            }
        }
        found
    }

    #[test]
    fn a_refused_wand_is_explained_about_the_character_beside_the_tile() {
        // A wand click names no character, so the explanation must pick the one it most likely
        // meant: a character beside the tile clicked, not merely the first other seat.
        let mut compared = 0;
        for seed in 0..40 {
            for (s, seat) in wand_states(seed, 400) {
                for cell in s.cells() {
                    let TileClick::Explain(why) = click_tile(&s, seat, Some(Card::Wand), cell)
                    else {
                        continue;
                    };
                    let beside = (0..3).filter(|&t| t != seat).find(|&t| {
                        s.character(t).is_some_and(|c| {
                            c.row.abs_diff(cell.row) + c.col.abs_diff(cell.col) == 1
                        })
                    });
                    let Some(target) = beside else { continue };
                    let first = (0..3).find(|&t| t != seat).unwrap();
                    let wand = |t| Action::Wand { seat: t, to: cell };
                    let own = s.check(seat, &wand(target)).unwrap_err().0;
                    assert_eq!(why, own, "{} for seat {}", cell.name(), target + 1);
                    if target != first && s.check(seat, &wand(first)).unwrap_err().0 != own {
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 0, "no click told the two characters apart");
    }

    #[test]
    fn a_card_can_always_be_discarded_with_a_button() {
        let (s, seat) = at_play(2);
        let card = s.hand(seat)[0];
        assert!(card_buttons(&s, seat, card).contains(&Action::Discard { card }));
    }

    #[test]
    fn two_human_seats_hide_the_hand_until_its_player_says_who_they_are() {
        let two = [SeatKind::Human, SeatKind::Human];
        assert!(must_hand_over(&two, None, 0));
        assert!(must_hand_over(&two, Some(0), 1));
        assert!(!must_hand_over(&two, Some(1), 1));
        let one = [SeatKind::Human, SeatKind::Ai];
        assert!(!must_hand_over(&one, None, 0));
    }

    #[test]
    fn no_hint_names_a_card_before_the_hand_over() {
        use crate::plugins::session::hint::{AskHint, HintState};
        let (s, seat) = at_play(4);
        let mut app = crate::plugins::session::test_app::<IceCastle>();
        app.add_plugins(crate::plugins::session::hint::logic::<IceCastle>)
            .insert_resource(crate::plugins::session::ai::BotMaker::<IceCastle>(|seed| {
                Box::new(hoarfrost_rules::ice_castle::bot::CastleBot::new(seed))
            }))
            .init_resource::<HandOver>()
            .init_resource::<SelectedCard>()
            .add_systems(Update, withhold_hint.in_set(Frame::Ai))
            .add_systems(OnEnter(Screen::Playing), forget_hand_over)
            .insert_resource(Session::new(s.clone(), vec![SeatKind::Human; 2], 4));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        let asked = |app: &mut App| {
            app.world_mut().write_message(AskHint);
            for _ in 0..500 {
                app.update();
                match &app.world().resource::<Hint<IceCastle>>().state {
                    HintState::Thinking { .. } => {
                        std::thread::sleep(std::time::Duration::from_millis(5))
                    }
                    HintState::Ready { .. } => return None,
                    HintState::Unavailable(why) => return Some(why.clone()),
                    HintState::Idle => panic!("the request went unanswered"),
                }
            }
            panic!("the hint took more than 500 frames");
        };
        let why = asked(&mut app).expect("no hint before the hand-over");
        assert!(why.contains("hand-over"), "{why}");
        app.world_mut().resource_mut::<HandOver>().shown_to = Some(seat);
        assert_eq!(asked(&mut app), None, "a hint once the hand is shown");
        // The hand hidden again while a hint is on show (one asked in the very frame the next
        // hand came up): the hint goes with it.
        app.world_mut().resource_mut::<HandOver>().shown_to = None;
        app.update();
        assert!(matches!(
            &app.world().resource::<Hint<IceCastle>>().state,
            HintState::Unavailable(why) if why.contains("hand-over")
        ));
        // A game loaded over this one, at the same step: neither the hand, the card picked nor
        // the hint carries over, and the hand-over comes again.
        let card = s.hand(seat)[0];
        app.world_mut().resource_mut::<SelectedCard>().0 = Some(card);
        app.insert_resource(Session::new(s, vec![SeatKind::Human; 2], 4));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        assert_eq!(app.world().resource::<HandOver>().shown_to, None);
        assert_eq!(app.world().resource::<SelectedCard>().0, None);
        assert!(matches!(
            app.world().resource::<Hint<IceCastle>>().state,
            HintState::Idle
        ));
        let why = asked(&mut app).expect("no hint before the next hand-over");
        assert!(why.contains("hand-over"), "{why}");
    }

    #[test]
    fn every_tile_action_names_its_tiles() {
        let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
        assert_eq!(tiles_of(&Action::slide(b, a)), vec![a, b]);
        assert_eq!(tiles_of(&Action::Move { to: b }), vec![b]);
        assert!(tiles_of(&Action::Stay).is_empty());
    }
}
