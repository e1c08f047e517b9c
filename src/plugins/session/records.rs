//! The record of finished games (`<data>/records.ron`): each game played to its end from its setup,
//! with how it ended for every seat, and per game how many the human seats won and lost.
//!
//! A deal (the game, its setup with the seed, and which seats were human) counts once: ending it
//! again, from a save loaded or the same seed typed in, replaces its entry. The file keeps the last
//! [`KEPT`] games; a damaged one is set aside (not overwritten) and a new one begun.

use std::path::Path;

use bevy::prelude::Resource;
use hoarfrost_rules::GameKind;
use serde::{Deserialize, Serialize};

/// How many finished games the file keeps (the oldest go first).
pub const KEPT: usize = 1000;

/// How one seat came out of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatLine {
    /// "Red", "Player 2", "Eve".
    pub name: String,
    pub human: bool,
    /// The player's name, where one was given (a human seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    pub won: bool,
    /// The seat's score in the game's own words ("4 points in stash (...)").
    pub status: String,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// The game's slug ("sprawl").
    pub game: String,
    /// Tells deals apart: a hash of the setup and the human seats ([`deal`]).
    pub deal: u64,
    /// When it ended, in seconds since 1970.
    pub ended: u64,
    pub steps: usize,
    /// The game-over heading ("Red wins!").
    pub headline: String,
    pub seats: Vec<SeatLine>,
}

/// What a finished game was for the people at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A human seat is among the winners.
    Won,
    /// Human seats played and none of them won.
    Lost,
    /// Only AI seats played.
    Watched,
}

impl Finished {
    pub fn outcome(&self) -> Outcome {
        if !self.seats.iter().any(|s| s.human) {
            Outcome::Watched
        } else if self.seats.iter().any(|s| s.human && s.won) {
            Outcome::Won
        } else {
            Outcome::Lost
        }
    }

    /// "2 seats (1 human)".
    pub fn table(&self) -> String {
        let humans = self.seats.iter().filter(|s| s.human).count();
        let n = self.seats.len();
        format!("{n} seat{} ({humans} human)", if n == 1 { "" } else { "s" })
    }
}

/// The counts of one game's finished games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: usize,
    pub lost: usize,
    pub watched: usize,
}

impl Tally {
    /// Games with a human seat.
    pub fn played(&self) -> usize {
        self.won + self.lost
    }
}

/// Every finished game kept, oldest first.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    pub finished: Vec<Finished>,
}

impl Records {
    /// Add `game`, replacing an entry of the same deal; the oldest go beyond [`KEPT`].
    pub fn add(&mut self, game: Finished) {
        self.finished
            .retain(|f| (f.game.as_str(), f.deal) != (game.game.as_str(), game.deal));
        self.finished.push(game);
        let over = self.finished.len().saturating_sub(KEPT);
        self.finished.drain(..over);
    }

    /// The counts for `game`.
    pub fn tally(&self, game: GameKind) -> Tally {
        let mut tally = Tally::default();
        for f in self.finished.iter().filter(|f| f.game == game.slug()) {
            match f.outcome() {
                Outcome::Won => tally.won += 1,
                Outcome::Lost => tally.lost += 1,
                Outcome::Watched => tally.watched += 1,
            }
        }
        tally
    }

    /// Every named player, by name, with the games they won and lost (any game), most games first.
    pub fn players(&self) -> Vec<(String, Tally)> {
        let mut players: Vec<(String, Tally)> = Vec::new();
        for f in &self.finished {
            for s in &f.seats {
                let Some(name) = s.player.as_ref().filter(|_| s.human) else {
                    continue;
                };
                let at = match players.iter().position(|(n, _)| n == name) {
                    Some(at) => at,
                    None => {
                        players.push((name.clone(), Tally::default()));
                        players.len() - 1
                    }
                };
                let tally = &mut players[at].1;
                if s.won {
                    tally.won += 1;
                } else {
                    tally.lost += 1;
                }
            }
        }
        players.sort_by(|a, b| b.1.played().cmp(&a.1.played()).then(a.0.cmp(&b.0)));
        players
    }

    /// The last `n` finished games, newest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = &Finished> {
        self.finished.iter().rev().take(n)
    }

    /// Records from RON text; the error says where it is wrong.
    pub fn from_ron(text: &str) -> Result<Self, String> {
        ron::from_str::<Records>(text)
            .map_err(|e| format!("line {}: {}", e.span.start.line, e.code))
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new()).unwrap_or_default()
    }

    /// Read `path`: none when there is no file. A damaged file is set aside as
    /// `records-damaged.ron` ([`crate::plugins::core::storage::set_aside`]), so the next game's write does
    /// not destroy it, and the message says so.
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let text = match hoarfrost_rules::save::read_if_there(path) {
            Ok(Some(text)) => text,
            Ok(None) => return (Records::default(), None),
            Err(e) => {
                return (
                    Records::default(),
                    Some(format!(
                        "The records file {} could not be read ({e}).",
                        path.display()
                    )),
                );
            }
        };
        match Records::from_ron(&text) {
            Ok(records) => (records, None),
            Err(e) => {
                let kept = crate::plugins::core::storage::set_aside_told(path, "damaged");
                (
                    Records::default(),
                    Some(format!(
                        "The records file {} was damaged ({e}); {kept}, and new records were started.",
                        path.display()
                    )),
                )
            }
        }
    }
}

/// A number that tells deals apart: FNV-1a over the game, its setup as RON and which seats are
/// human (stable from build to build, unlike the standard library's hasher).
pub fn deal(game: GameKind, setup_ron: &str, humans: &[bool]) -> u64 {
    let humans: String = humans.iter().map(|&h| if h { 'h' } else { 'a' }).collect();
    let parts = [game.slug(), "|", setup_ron, "|", &humans];
    hoarfrost_rules::fnv1a(parts.iter().flat_map(|s| s.bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::testing::scratch::Scratch;

    fn seat(name: &str, human: bool, won: bool) -> SeatLine {
        SeatLine {
            name: name.into(),
            human,
            player: None,
            won,
            status: String::new(),
        }
    }

    fn player(name: &str, won: bool) -> SeatLine {
        SeatLine {
            player: Some(name.into()),
            ..seat(&format!("{name} (Red)"), true, won)
        }
    }

    #[test]
    fn each_named_player_has_a_tally_across_games() {
        let mut records = Records::default();
        records.add(finished(
            GameKind::Sprawl,
            1,
            vec![
                player("Anna", true),
                player("Ben", false),
                seat("Green", false, false),
            ],
        ));
        records.add(finished(
            GameKind::IceTowers,
            2,
            vec![player("Ben", true), seat("Blue", true, false)],
        ));
        records.add(finished(
            GameKind::IceCastle,
            3,
            vec![player("Ben", false), player("Cleo", true)],
        ));
        let tally = |won, lost| Tally {
            won,
            lost,
            watched: 0,
        };
        assert_eq!(
            records.players(),
            [
                ("Ben".to_string(), tally(1, 2)),
                ("Anna".to_string(), tally(1, 0)),
                ("Cleo".to_string(), tally(1, 0)),
            ]
        );
    }

    fn finished(game: GameKind, deal: u64, seats: Vec<SeatLine>) -> Finished {
        Finished {
            game: game.slug().into(),
            deal,
            ended: 0,
            steps: 10,
            headline: "Red wins!".into(),
            seats,
        }
    }

    #[test]
    fn a_game_is_won_when_a_human_seat_wins_lost_when_none_does_and_watched_without_one() {
        let won = finished(
            GameKind::Sprawl,
            1,
            vec![seat("Red", true, true), seat("Blue", false, false)],
        );
        let shared = finished(
            GameKind::Sprawl,
            2,
            vec![seat("Red", true, false), seat("Blue", true, true)],
        );
        let lost = finished(
            GameKind::Sprawl,
            3,
            vec![seat("Red", true, false), seat("Blue", false, true)],
        );
        let watched = finished(
            GameKind::Sprawl,
            4,
            vec![seat("Red", false, true), seat("Blue", false, false)],
        );
        assert_eq!(won.outcome(), Outcome::Won);
        assert_eq!(shared.outcome(), Outcome::Won);
        assert_eq!(lost.outcome(), Outcome::Lost);
        assert_eq!(watched.outcome(), Outcome::Watched);
        assert_eq!(lost.table(), "2 seats (1 human)");
        let mut records = Records::default();
        for f in [won, shared, lost, watched] {
            records.add(f);
        }
        let tally = records.tally(GameKind::Sprawl);
        assert_eq!(
            tally,
            Tally {
                won: 2,
                lost: 1,
                watched: 1
            }
        );
        assert_eq!(tally.played(), 3);
        assert_eq!(records.tally(GameKind::IceTowers), Tally::default());
    }

    #[test]
    fn a_deal_ended_again_replaces_its_entry_and_moves_to_the_newest() {
        let mut records = Records::default();
        records.add(finished(
            GameKind::IceTowers,
            7,
            vec![seat("Red", true, false)],
        ));
        records.add(finished(
            GameKind::Sprawl,
            7,
            vec![seat("Red", true, false)],
        ));
        records.add(finished(
            GameKind::IceTowers,
            8,
            vec![seat("Red", true, false)],
        ));
        records.add(finished(
            GameKind::IceTowers,
            7,
            vec![seat("Red", true, true)],
        ));
        let order: Vec<(&str, u64)> = records
            .finished
            .iter()
            .map(|f| (f.game.as_str(), f.deal))
            .collect();
        assert_eq!(
            order,
            [("sprawl", 7), ("icetowers", 8), ("icetowers", 7)],
            "the same deal number in another game is another deal"
        );
        assert_eq!(records.tally(GameKind::IceTowers).won, 1);
        assert_eq!(records.recent(1).next().map(|f| f.deal), Some(7));
    }

    #[test]
    fn only_the_last_kept_games_stay() {
        let mut records = Records::default();
        for deal in 0..(KEPT as u64 + 5) {
            records.add(finished(GameKind::IceCastle, deal, vec![]));
        }
        assert_eq!(records.finished.len(), KEPT);
        assert_eq!(records.finished[0].deal, 5);
    }

    #[test]
    fn a_deal_is_the_game_the_setup_and_which_seats_are_human() {
        let base = deal(GameKind::Sprawl, "(seed: 1)", &[true, false]);
        assert_eq!(base, deal(GameKind::Sprawl, "(seed: 1)", &[true, false]));
        assert_ne!(base, deal(GameKind::IceTowers, "(seed: 1)", &[true, false]));
        assert_ne!(base, deal(GameKind::Sprawl, "(seed: 2)", &[true, false]));
        assert_ne!(base, deal(GameKind::Sprawl, "(seed: 1)", &[false, true]));
        // FNV-1a is fixed: a new build must tell the deals of an old file apart the same way.
        assert_eq!(deal(GameKind::Sprawl, "", &[]), 0xebf1_4398_231c_4d5c);
    }

    #[test]
    fn records_round_trip_through_their_file_and_a_missing_file_is_none_quietly() {
        let dir = Scratch::new("records-round-trip");
        let path = dir.join("records.ron");
        assert_eq!(Records::load(&path), (Records::default(), None));
        let mut records = Records::default();
        records.add(finished(
            GameKind::IceColony,
            3,
            vec![seat("White", true, true), seat("Orange", false, false)],
        ));
        std::fs::write(&path, records.to_ron()).unwrap();
        assert_eq!(Records::load(&path), (records, None));
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_says_so() {
        let dir = Scratch::new("records-damaged");
        let path = dir.join("records.ron");
        std::fs::write(&path, "(finished: [ (game: \"sprawl\"").unwrap();
        let (records, message) = Records::load(&path);
        assert_eq!(records, Records::default());
        let message = message.expect("a message");
        assert!(
            message.contains("damaged") && message.contains("records-damaged.ron"),
            "{message}"
        );
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("records-damaged.ron")).unwrap(),
            "(finished: [ (game: \"sprawl\""
        );
        // A second damaged file keeps the first one.
        std::fs::write(&path, "(finished: [").unwrap();
        let message = Records::load(&path).1.unwrap();
        assert!(message.contains("records-damaged-2.ron"), "{message}");
        assert_eq!(
            std::fs::read_to_string(dir.join("records-damaged.ron")).unwrap(),
            "(finished: [ (game: \"sprawl\""
        );
    }
}
