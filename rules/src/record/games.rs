//! The five games as [`Recorded`]: their setups, their kinds, and their chance events in plain words.

use super::{ChanceKind, Recorded, Ruling};
use crate::ice_castle::{self, IceCastle};
use crate::ice_colony::{self, DiceRoll, IceColony, Phase as ColonyPhase};
use crate::ice_fortress::{self, IceFortress, Phase as FortressPhase};
use crate::icetowers::{self, IceTowers};
use crate::sprawl::{self, Sprawl};
use crate::{GameKind, RuleError};

impl Recorded for IceTowers {
    type Setup = icetowers::Setup;
    const KIND: GameKind = GameKind::IceTowers;
    const RULINGS: &'static [Ruling] = &[Ruling {
        since_format: 2,
        words: "a mined pyramid now remembers the tower it came from after it caps another tower \
                (\"The 'No minebacks' rule forbids a mined piece from being used to cap the tower \
                it came from.\")",
    }];

    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError> {
        IceTowers::new(setup)
    }
}

impl Recorded for Sprawl {
    type Setup = sprawl::Setup;
    const KIND: GameKind = GameKind::Sprawl;
    const RULINGS: &'static [Ruling] = &[Ruling {
        since_format: 2,
        words: "a branch may no longer point off the board (\"Branch points must point at an \
                adjacent square.\")",
    }];

    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError> {
        Sprawl::new(setup)
    }
}

impl Recorded for IceCastle {
    type Setup = ice_castle::Setup;
    const KIND: GameKind = GameKind::IceCastle;

    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError> {
        IceCastle::new(setup)
    }

    /// The card stays secret: only who drew is told, named as the moves name players.
    fn describe_chance(&self, _after: &Self) -> String {
        format!("Player {} draws a card", self.current() + 1)
    }

    /// Ice Castle's only chance is a card drawn.
    fn chance_kind(&self) -> ChanceKind {
        ChanceKind::Draw
    }
}

impl Recorded for IceColony {
    type Setup = ice_colony::Setup;
    const KIND: GameKind = GameKind::IceColony;

    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError> {
        IceColony::new(setup)
    }

    /// The board's terrain is drawn from the bag; everything else is a roll.
    fn chance_kind(&self) -> ChanceKind {
        match self.phase() {
            ColonyPhase::FillBoard { .. } => ChanceKind::Draw,
            _ => ChanceKind::Roll,
        }
    }

    fn describe_chance(&self, after: &Self) -> String {
        let colour = |seat: usize| {
            ice_colony::Colour::PLAYERS
                .get(seat)
                .map_or("a player", |c| c.name())
        };
        if let ColonyPhase::FillBoard { next } = self.phase() {
            return match after.terrain_grid().get(*next as usize).copied().flatten() {
                Some(c) => format!(
                    "{} terrain piece is drawn for {}",
                    crate::words::a(c.name()),
                    ice_colony::square_name(*next)
                ),
                None => "a terrain piece is drawn".to_string(),
            };
        }
        match after.last_dice() {
            Some(DiceRoll::DiceOff { winner, .. }) => {
                format!("the dice-off is rolled: {} goes first", colour(*winner))
            }
            Some(DiceRoll::Fate {
                seat,
                square,
                rolls,
                before,
                after,
            }) => {
                let rolls: Vec<String> = rolls.iter().map(u8::to_string).collect();
                let change = if before == after {
                    format!("stay at {after}")
                } else {
                    format!("go from {before} to {after}")
                };
                format!(
                    "the fate die for {} shows {}: {}'s pips there {change}",
                    ice_colony::square_name(*square),
                    rolls.join(", then "),
                    colour(*seat),
                )
            }
            Some(DiceRoll::Battle {
                attack_die,
                defence_die,
                attack_total,
                defence_total,
                attacker_won,
                ..
            }) => format!(
                "the battle dice show {attack_die} against {defence_die} \
                 (totals {attack_total} against {defence_total}): the {} wins",
                if *attacker_won {
                    "attacker"
                } else {
                    "defender"
                }
            ),
            None => "the dice are rolled".to_string(),
        }
    }
}

impl Recorded for IceFortress {
    type Setup = ice_fortress::Setup;
    const KIND: GameKind = GameKind::IceFortress;

    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError> {
        IceFortress::standard(setup)
    }

    /// Invaders are drawn from the bag; everything else is a roll.
    fn chance_kind(&self) -> ChanceKind {
        match self.phase() {
            FortressPhase::Invaders => ChanceKind::Draw,
            _ => ChanceKind::Roll,
        }
    }

    fn describe_chance(&self, after: &Self) -> String {
        match self.phase() {
            FortressPhase::Invaders => {
                let (b, a) = (self.bag(), after.bag());
                match ice_fortress::Element::ALL
                    .into_iter()
                    .find(|e| a[e.index()] < b[e.index()])
                {
                    Some(e) => format!(
                        "{} invader is pulled from the bag",
                        crate::words::a(e.name())
                    ),
                    None => "an invader is pulled from the bag".to_string(),
                }
            }
            _ => {
                let faces: Vec<String> = after
                    .dice()
                    .iter()
                    .zip(self.dice())
                    .filter(|(a, b)| a != b)
                    .map(|(a, _)| a.value.to_string())
                    .collect();
                match faces.as_slice() {
                    [] => "no dice are rolled".to_string(),
                    [one] => format!("a die is rolled: {one}"),
                    _ => format!("the dice are rolled: {}", faces.join(", ")),
                }
            }
        }
    }
}
