//! The ten Ice Colony colours, the terrain table, and the Clear option.

use serde::{Deserialize, Serialize};

use crate::Hue;

/// A pyramid colour of the ten Ice Colony uses (five Xeno and five Rainbow stashes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
    Black,
    Clear,
    White,
    Orange,
    Purple,
    LightBlue,
}

impl Colour {
    /// All ten colours, in index order.
    pub const ALL: [Colour; 10] = [
        Colour::Red,
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
        Colour::Black,
        Colour::Clear,
        Colour::White,
        Colour::Orange,
        Colour::Purple,
        Colour::LightBlue,
    ];
    /// The players' colours, by seat.
    pub const PLAYERS: [Colour; 4] = [
        Colour::White,
        Colour::Orange,
        Colour::Purple,
        Colour::LightBlue,
    ];
    /// The terrain colours, whose 3-pip pieces go into the bag.
    pub const TERRAIN: [Colour; 6] = [
        Colour::Black,
        Colour::Blue,
        Colour::Green,
        Colour::Clear,
        Colour::Red,
        Colour::Yellow,
    ];

    /// Position in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour's name for players.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Blue => "Blue",
            Colour::Black => "Black",
            Colour::Clear => "Clear",
            Colour::White => "White",
            Colour::Orange => "Orange",
            Colour::Purple => "Purple",
            Colour::LightBlue => "Light Blue",
        }
    }

    /// The shared pyramid colour, where there is one (Light Blue is Cyan; Clear has none).
    pub fn hue(self) -> Option<Hue> {
        Some(match self {
            Colour::Red => Hue::Red,
            Colour::Yellow => Hue::Yellow,
            Colour::Green => Hue::Green,
            Colour::Blue => Hue::Blue,
            Colour::Black => Hue::Black,
            Colour::Clear => return None,
            Colour::White => Hue::White,
            Colour::Orange => Hue::Orange,
            Colour::Purple => Hue::Purple,
            Colour::LightBlue => Hue::Cyan,
        })
    }

    /// Pips a fate-die Reduce takes from a territory of this terrain (Black cancels it, Red adds one).
    pub fn reduce_by(self) -> u8 {
        match self {
            Colour::Black => 0,
            Colour::Red => 2,
            _ => 1,
        }
    }

    /// Extra pips a fate-die Grow gives on this terrain (Green).
    pub fn grow_bonus(self) -> u8 {
        u8::from(self == Colour::Green)
    }

    /// Change to the roll of units defending on this terrain (Black +1, Green -1, Red +2).
    pub fn defence_bonus(self) -> i8 {
        match self {
            Colour::Black => 1,
            Colour::Green => -1,
            Colour::Red => 2,
            _ => 0,
        }
    }

    /// Change to the roll of units attacking from this terrain (Yellow +1).
    pub fn attack_bonus(self) -> i8 {
        i8::from(self == Colour::Yellow)
    }

    /// Extra Move actions from this terrain when it is the active territory (Blue: one).
    pub fn extra_moves(self) -> u8 {
        u8::from(self == Colour::Blue)
    }

    /// What the terrain does, in a line for players.
    pub fn effect(self, clear: ClearTerrain) -> &'static str {
        match self {
            Colour::Black => "Black: no fate-die reduce here; defenders +1",
            Colour::Blue => "Blue: one extra move from here when it is the active territory",
            Colour::Green => "Green: fate-die grows one more here; defenders -1",
            Colour::Clear if clear == ClearTerrain::NoTerritory => {
                "Clear: not a territory; nobody may enter"
            }
            Colour::Clear => "Clear: no effect",
            Colour::Red => "Red: a fate-die reduce takes one more here; defenders +2",
            Colour::Yellow => "Yellow: attackers from here +1",
            _ => "not a terrain colour",
        }
    }
}

/// What the Clear terrain means, agreed before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClearTerrain {
    /// A territory like any other, with no effect.
    NoEffect,
    /// Not a territory: no piece may ever enter it.
    NoTerritory,
}
