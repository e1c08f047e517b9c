//! Ice Castle turn flow (draw, end of turn, bonuses, winning) and the `Game` trait.

use super::{
    Action, Card, Cell, IceCastle, Phase, TileKind, actions, check, invariants, text, view,
};
use crate::{Game, GameRng, RuleError, Seat, ToAct};

impl IceCastle {
    /// Put `seat`'s character on `to` (no checks), ending the game if `to` is on its goal row.
    pub(super) fn place(&mut self, seat: Seat, to: Option<Cell>) {
        self.left_by[seat] = match (self.characters[seat], to) {
            (Some(from), None) => Some(from),
            (None, None) => self.left_by[seat],
            (_, Some(_)) => None,
        };
        self.characters[seat] = to;
        if let Some(cell) = to
            && self.is_goal(seat, cell)
        {
            self.winner = Some(seat);
            self.phase = Phase::Over;
        }
    }

    /// Take a card from the pile into the current hand (the pile refilled from the discard if empty).
    pub(super) fn draw(&mut self) {
        if self.pile.is_empty() {
            self.pile.append(&mut self.discard);
            self.pile.sort();
        }
        if let Some(card) = self.rng.take(&mut self.pile) {
            let hand = &mut self.hands[self.current];
            hand.push(card);
            hand.sort();
        }
        self.phase = Phase::Play;
    }

    /// End the current turn: thaw, hand over to the next seat.
    pub(super) fn end_turn(&mut self) {
        self.hand_over(false);
    }

    /// End the current turn: thaw, then the next seat's turn, or a bonus turn for the same seat.
    fn hand_over(&mut self, bonus: bool) {
        if let Some(f) = self.freeze.as_mut()
            && f.seat == self.current
        {
            f.turns_left = f.turns_left.saturating_sub(1);
            if f.turns_left == 0 {
                self.freeze = None;
                self.discard.push(Card::Freeze);
            }
        }
        if !bonus {
            self.current = (self.current + 1) % self.players;
        }
        // A bonus earned on the last turn the limit allows is never taken.
        self.bonus_turn = bonus && self.turns < self.turn_limit;
        if self.turns >= self.turn_limit {
            self.phase = Phase::Over;
        } else {
            self.turns += 1;
            self.phase = Phase::Draw;
        }
    }

    /// After the card is played: the move step, skipped by a frozen character.
    pub(super) fn after_play(&mut self) {
        if self.phase == Phase::Over {
            return;
        }
        if self.is_frozen(self.current) {
            self.end_turn();
        } else {
            self.phase = Phase::Move;
        }
    }

    /// After the move (or none): claim what the tile stood on offers, then end the turn.
    pub(super) fn after_move(&mut self, moved: bool) {
        if self.phase == Phase::Over {
            return;
        }
        let seat = self.current;
        let mut bonus = false;
        if moved && let Some(cell) = self.character(seat) {
            let kind = self.tiles[self.index(cell)].kind;
            let unused = !self.tiles[self.index(cell)].bonus_used(seat);
            match kind {
                TileKind::ExtraKey if unused => {
                    self.phase = Phase::BonusKey;
                    return;
                }
                TileKind::ExtraTurn if unused => {
                    self.tile_mut(cell).use_bonus(seat);
                    bonus = true;
                }
                _ => {}
            }
        }
        self.hand_over(bonus);
    }
}

impl Game for IceCastle {
    type Action = Action;

    fn num_seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Draw => ToAct::Chance,
            _ => ToAct::Seats(vec![self.current]),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        actions::legal(self, seat)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        check::check(self, seat, action)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        actions::apply(self, seat, action)
    }

    /// Opening a door never opened before shows everyone its kind (draws are chance steps).
    fn reveals(&self, _seat: Seat, action: &Action) -> bool {
        match *action {
            Action::Open { tile, .. } | Action::BonusOpen { tile } => {
                self.tile(tile).is_some_and(|t| !t.revealed)
            }
            _ => false,
        }
    }

    fn apply_chance(&mut self) {
        if self.phase == Phase::Draw {
            self.draw();
        }
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        view::determinize(self, seat, seed)
    }

    fn scores(&self) -> Vec<i64> {
        (0..self.players)
            .map(|s| i64::from(self.winner == Some(s)))
            .collect()
    }

    /// The race as it stands: see `ai::estimate`.
    fn estimate(&self) -> Vec<f64> {
        super::ai::estimate(self)
    }

    fn search_plan() -> crate::bots::SearchPlan<Self> {
        super::ai::plan()
    }

    fn action_to_string(&self, seat: Seat, action: &Action) -> String {
        text::describe(self, seat, action)
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        text::random(self, rng)
    }

    fn max_game_length(&self) -> usize {
        // Each turn: the draw, one card, at most one move, at most one bonus key.
        4 * self.turn_limit as usize + 1
    }

    fn check_invariants(&self) -> Result<(), String> {
        invariants::check(self)
    }
}
