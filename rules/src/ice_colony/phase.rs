//! Where an Ice Colony game stands (the pending choice or dice) and the record of the last dice.

use serde::{Deserialize, Serialize};

use super::Square;
use crate::Seat;

/// Where the game stands: whose choice is pending, or which dice are due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the next terrain piece is drawn from the bag and laid on square `next`.
    FillBoard { next: Square },
    /// Chance: every player rolls to decide who places first (ties roll again).
    FirstDiceOff,
    /// The seat at `order[turn]` places its first 1-pip piece.
    Place,
    /// Seats holding an edge token say, in seat order, whether to spend it on the round's dice-off.
    Initiative {
        /// Seats still to decide, the next first.
        waiting: Vec<Seat>,
        /// Each seat's change to its dice-off roll.
        shifts: Vec<i8>,
    },
    /// Chance: the players still in the game roll to decide who goes first this round.
    DiceOff { shifts: Vec<i8> },
    /// The current seat chooses one of its territories to be the active territory.
    Choose,
    /// Chance: the fate die is rolled for the active territory.
    Fate { square: Square },
    /// The current seat passes, moves from or attacks from the active territory.
    Act { square: Square },
    /// The active territory holds more than 3 pips: the current seat must move some of them off.
    ForcedMove { square: Square },
    /// A Blue active territory: the current seat may move once more from it, or end the turn.
    ExtraMove { square: Square },
    /// The defender may spend its edge token before the battle dice.
    Defend {
        from: Square,
        to: Square,
        attacker_edge: bool,
    },
    /// Chance: attacker and defender roll.
    Battle {
        from: Square,
        to: Square,
        attacker_edge: bool,
        defender_edge: bool,
    },
    /// The attacker emptied square `to` and chooses how many pips move in from `from`.
    Occupy { from: Square, to: Square },
    /// The game is over.
    Over,
}

/// One roll of a dice-off: a seat, its die, and the edge-token change applied to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRoll {
    pub seat: Seat,
    pub die: u8,
    pub shift: i8,
}

/// The most recent dice, for showing them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceRoll {
    /// A dice-off: each pass of rolls (later passes are the tied players rolling again), and the winner.
    DiceOff {
        passes: Vec<Vec<InitiativeRoll>>,
        winner: Seat,
    },
    /// The fate die for `square`: every roll made (first-round Reduces are rolled again), and the pips
    /// there before and after.
    Fate {
        seat: Seat,
        square: Square,
        rolls: Vec<u8>,
        before: u8,
        after: u8,
    },
    /// A battle: each side's die and total.
    Battle {
        attacker: Seat,
        defender: Seat,
        from: Square,
        to: Square,
        attack_die: u8,
        defence_die: u8,
        attack_total: i8,
        defence_total: i8,
        attacker_won: bool,
    },
}
