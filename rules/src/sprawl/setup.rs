//! Setting up a game of Sprawl: the number of players, their colours and the variants in play.

use serde::{Deserialize, Serialize};

use crate::Hue;

/// An optional rule chosen at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Variant {
    CountingCoup,
    Sprawlgami,
    Overload,
    SuperiorForces,
}

impl Variant {
    /// Every variant, in title-screen order.
    pub const ALL: [Variant; 4] = [
        Variant::CountingCoup,
        Variant::Sprawlgami,
        Variant::Overload,
        Variant::SuperiorForces,
    ];

    /// The variant's name for players.
    pub fn name(self) -> &'static str {
        match self {
            Variant::CountingCoup => "Counting Coup",
            Variant::Sprawlgami => "Sprawlgami",
            Variant::Overload => "Overload",
            Variant::SuperiorForces => "Superior Forces",
        }
    }

    /// One line explaining the variant, in our own words.
    pub fn summary(self) -> &'static str {
        match self {
            Variant::CountingCoup => {
                "Warn a player whose new spore you could neutralize; if they take it back, you earn a hidden card worth 1 or 2 points off your score."
            }
            Variant::Sprawlgami => {
                "You may build on an opponent's tower your branch points target; a tower belongs to whoever owns its top piece."
            }
            Variant::Overload => {
                "A spore may stack one extra piece for every extra branch point of yours targeting that square."
            }
            Variant::SuperiorForces => {
                "A tower falls only when the pips attacking it add up to more than the pips in it."
            }
        }
    }
}

/// Which variants are in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variants {
    pub counting_coup: bool,
    pub sprawlgami: bool,
    pub overload: bool,
    pub superior_forces: bool,
}

impl Variants {
    /// No variant: the basic game.
    pub fn none() -> Self {
        Variants::default()
    }

    /// The variants listed.
    pub fn of(list: &[Variant]) -> Self {
        let mut v = Variants::default();
        for &x in list {
            v.set(x, true);
        }
        v
    }

    /// Whether `variant` is in play.
    pub fn has(self, variant: Variant) -> bool {
        match variant {
            Variant::CountingCoup => self.counting_coup,
            Variant::Sprawlgami => self.sprawlgami,
            Variant::Overload => self.overload,
            Variant::SuperiorForces => self.superior_forces,
        }
    }

    /// Switch `variant` on or off.
    pub fn set(&mut self, variant: Variant, on: bool) {
        match variant {
            Variant::CountingCoup => self.counting_coup = on,
            Variant::Sprawlgami => self.sprawlgami = on,
            Variant::Overload => self.overload = on,
            Variant::SuperiorForces => self.superior_forces = on,
        }
    }
}

/// How to set up a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// 3 to 8 players.
    pub players: usize,
    pub variants: Variants,
    /// Colour of each seat; the default colours in seat order when `None`.
    pub hues: Option<Vec<Hue>>,
    pub seed: u64,
}

impl Setup {
    /// The basic game for `players` seats.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            variants: Variants::none(),
            hues: None,
            seed,
        }
    }

    /// The same setup with `variants`.
    pub fn with(self, variants: Variants) -> Self {
        Setup { variants, ..self }
    }
}
