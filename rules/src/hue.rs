//! The colours of Icehouse pyramids, shared by every pyramid game.

use serde::{Deserialize, Serialize};

/// A pyramid colour. Each also has a marking ([`Hue::marking`]) so colour-blind players can tell
/// them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Hue {
    Red,
    Yellow,
    Green,
    Blue,
    Black,
    White,
    Purple,
    Orange,
    Cyan,
}

impl Hue {
    /// Every colour, in the order seats get them by default.
    pub const ALL: [Hue; 9] = [
        Hue::Red,
        Hue::Yellow,
        Hue::Green,
        Hue::Blue,
        Hue::Purple,
        Hue::Orange,
        Hue::Black,
        Hue::White,
        Hue::Cyan,
    ];

    /// The colour's name for players.
    pub fn name(self) -> &'static str {
        match self {
            Hue::Red => "Red",
            Hue::Yellow => "Yellow",
            Hue::Green => "Green",
            Hue::Blue => "Blue",
            Hue::Black => "Black",
            Hue::White => "White",
            Hue::Purple => "Purple",
            Hue::Orange => "Orange",
            Hue::Cyan => "Cyan",
        }
    }

    /// The colour of this name, in any case ("red", "Red").
    pub fn from_name(name: &str) -> Option<Hue> {
        Hue::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The colour's marking in words: the pattern its pieces carry for colour-blind players (the
    /// asset tool, `tools/make-assets`, draws each pattern by this name).
    pub fn marking(self) -> &'static str {
        match self {
            Hue::Red => "vertical stripes",
            Hue::Yellow => "dots",
            Hue::Green => "horizontal stripes",
            Hue::Blue => "checks",
            Hue::Black => "a grid",
            Hue::White => "no marking",
            Hue::Purple => "diagonal stripes",
            Hue::Orange => "rings",
            Hue::Cyan => "zigzags",
        }
    }

    /// The first `n` default colours.
    pub fn defaults(n: usize) -> Vec<Hue> {
        Hue::ALL.iter().copied().take(n).collect()
    }

    /// Why `hues` cannot colour `n` seats (or sides): one colour each, all different.
    pub fn refuse(hues: &[Hue], n: usize) -> Option<String> {
        if hues.len() != n {
            Some(format!("{n} colours are needed, {} given", hues.len()))
        } else if (1..n).any(|i| hues[..i].contains(&hues[i])) {
            Some("two seats have the same colour".into())
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_take_one_colour_each_all_different() {
        assert_eq!(Hue::refuse(&Hue::defaults(3), 3), None);
        assert!(
            Hue::refuse(&Hue::defaults(2), 3)
                .unwrap()
                .contains("3 colours")
        );
        let twice = [Hue::Red, Hue::Blue, Hue::Red];
        assert!(Hue::refuse(&twice, 3).unwrap().contains("same colour"));
    }
}
