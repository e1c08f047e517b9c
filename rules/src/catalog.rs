//! The five games of Hoarfrost by name: their titles, command-line names and seat counts.

use serde::{Deserialize, Serialize};

/// One of the games on the Hoarfrost table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    IceFortress,
    Sprawl,
    IceCastle,
    IceColony,
    IceTowers,
}

/// How a game's seats get their colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatColouring {
    /// Each seat's player picks one (Sprawl, Ice Castle, IceTowers).
    Chosen,
    /// The rules give seat `i` the `i`-th of these (Ice Colony, whose other colours are terrain).
    Fixed(Vec<&'static str>),
    /// Seats have no colour (Ice Fortress, whose players go by their characters).
    Uncoloured,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 5] = [
        GameKind::IceFortress,
        GameKind::Sprawl,
        GameKind::IceCastle,
        GameKind::IceColony,
        GameKind::IceTowers,
    ];

    /// The name used on the command line (`--game`).
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::IceFortress => "ice-fortress",
            GameKind::Sprawl => "sprawl",
            GameKind::IceCastle => "ice-castle",
            GameKind::IceColony => "ice-colony",
            GameKind::IceTowers => "icetowers",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::IceFortress => "Ice Fortress",
            GameKind::Sprawl => "Sprawl",
            GameKind::IceCastle => "Ice Castle",
            GameKind::IceColony => "Ice Colony",
            GameKind::IceTowers => "IceTowers",
        }
    }

    /// Allowed seat counts.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            GameKind::IceFortress => 1..=4,
            GameKind::Sprawl => 3..=8,
            GameKind::IceCastle | GameKind::IceColony => 2..=4,
            GameKind::IceTowers => 2..=6,
        }
    }

    /// How the seats get their colours, as the title screen offers them.
    pub fn seat_colouring(self) -> SeatColouring {
        match self {
            GameKind::Sprawl | GameKind::IceCastle | GameKind::IceTowers => SeatColouring::Chosen,
            GameKind::IceColony => SeatColouring::Fixed(
                crate::ice_colony::Colour::PLAYERS
                    .iter()
                    .map(|c| c.name())
                    .collect(),
            ),
            GameKind::IceFortress => SeatColouring::Uncoloured,
        }
    }

    /// Why `seats` seats cannot play this game ("IceTowers takes 2 to 6 seats, not 1"), or `None`
    /// where they can.
    pub fn refuse_seats(self, seats: usize) -> Option<String> {
        let range = self.seats();
        (!range.contains(&seats)).then(|| {
            format!(
                "{} takes {} to {} seats, not {seats}",
                self.title(),
                range.start(),
                range.end()
            )
        })
    }

    /// Whether the tree search's levels (easy, normal, hard) may play this game's AI seats. Not
    /// Ice Fortress's: its score (the beacons built, the same for every seat of a cooperative
    /// game) cannot tell positions apart short of the end, and the search played like random
    /// seats (measured in rules/design/ai.md).
    pub fn plays_levels(self) -> bool {
        self != GameKind::IceFortress
    }

    /// Look a game up by its command-line name.
    pub fn from_slug(slug: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.slug() == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_count_outside_the_game_s_range_is_refused_in_words() {
        assert_eq!(
            GameKind::IceTowers.refuse_seats(1).as_deref(),
            Some("IceTowers takes 2 to 6 seats, not 1")
        );
        assert_eq!(GameKind::IceTowers.refuse_seats(6), None);
        assert!(GameKind::Sprawl.refuse_seats(2).is_some());
        assert_eq!(GameKind::IceFortress.refuse_seats(1), None);
    }

    #[test]
    fn every_game_refuses_a_seat_count_outside_its_range_in_the_same_words() {
        use crate::{ice_castle, ice_colony, ice_fortress, icetowers, sprawl};
        let refused = |game: GameKind, seats: usize| -> String {
            let err = match game {
                GameKind::IceFortress => {
                    ice_fortress::IceFortress::standard(&ice_fortress::Setup::new(seats, 1)).err()
                }
                GameKind::Sprawl => sprawl::Sprawl::new(&sprawl::Setup::new(seats, 1)).err(),
                GameKind::IceCastle => {
                    ice_castle::IceCastle::new(&ice_castle::Setup::new(seats, 1)).err()
                }
                GameKind::IceColony => {
                    ice_colony::IceColony::new(&ice_colony::Setup::new(seats, 1)).err()
                }
                GameKind::IceTowers => {
                    icetowers::IceTowers::new(&icetowers::Setup::new(seats, 1)).err()
                }
            };
            err.map(|e| e.0).unwrap_or_default()
        };
        for game in GameKind::ALL {
            for seats in [*game.seats().start() - 1, *game.seats().end() + 1] {
                assert_eq!(
                    Some(refused(game, seats)),
                    game.refuse_seats(seats),
                    "{game:?} at {seats}"
                );
            }
        }
    }

    #[test]
    fn slugs_round_trip() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::from_slug(g.slug()), Some(g));
        }
        assert_eq!(GameKind::from_slug("chess"), None);
    }
}
