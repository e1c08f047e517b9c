//! The new-game choice: which game, its seats (human or AI, colour, level, name), its seed and
//! options, as the title screen, the command line, a save or a replay set it. The table of each
//! game is built from it when play starts.

use bevy::prelude::*;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::catalog::SeatColouring;
use hoarfrost_rules::ice_colony::ClearTerrain;
use hoarfrost_rules::sprawl::Variants;
use hoarfrost_rules::{GameKind, Hue};

use crate::plugins::core::seats::{SeatKind, clean_name};

/// One seat as chosen on the title screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatChoice {
    pub kind: SeatKind,
    pub hue: Hue,
    /// An AI seat's strength: `None` plays the game's own bot, a level the tree search of that level.
    pub level: Option<Level>,
    /// A human seat's player's name, as typed (empty: none; the seat goes by its name in the game).
    pub name: String,
}

/// The game to start, as chosen on the title screen or the command line.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SetupChoice {
    pub game: GameKind,
    pub seats: Vec<SeatChoice>,
    pub seed: u64,
    /// Ice Colony: what the Clear terrain means, decided before the game.
    pub clear_terrain: ClearTerrain,
    /// Sprawl's variants, ticked on the title screen when Sprawl is picked.
    pub sprawl_variants: Variants,
    /// Ice Fortress: the difficulty (starting shield and supply limit), 7 standard.
    pub difficulty: u8,
    /// Ice Fortress: the jumbo-room assist (extra jumbo rooms in the supply at levels 4-10), off
    /// by default: the rulebook deals one room of each size.
    pub jumbo_assist: bool,
    /// A saved table position to start from instead of a new game (`--scene`).
    pub scene: Option<std::path::PathBuf>,
    /// Play the game's tutorial (`--tutorial`): its own setup and seats, its first moves scripted.
    pub tutorial: bool,
    /// Seats beyond what the game takes (eight default seats, Ice Fortress picked), kept with their
    /// kind and colour for a game that seats more.
    pub set_aside: Vec<SeatChoice>,
}

impl SetupChoice {
    /// `kinds` seats in default colours.
    pub fn new(game: GameKind, kinds: &[SeatKind], seed: u64) -> Self {
        let seats = kinds
            .iter()
            .zip(Hue::ALL)
            .map(|(&kind, hue)| SeatChoice {
                kind,
                hue,
                level: None,
                name: String::new(),
            })
            .collect();
        SetupChoice {
            game,
            seats,
            seed,
            clear_terrain: ClearTerrain::NoEffect,
            sprawl_variants: Variants::none(),
            difficulty: hoarfrost_rules::ice_fortress::STANDARD_DIFFICULTY,
            jumbo_assist: false,
            scene: None,
            tutorial: false,
            set_aside: Vec::new(),
        }
    }

    /// `kinds` seats for `kind` with `seed`, coloured as `hues` says where a saved setup names
    /// them.
    pub fn seated(kind: GameKind, kinds: &[SeatKind], seed: u64, hues: Option<&Vec<Hue>>) -> Self {
        let mut choice = SetupChoice::new(kind, kinds, seed);
        if let Some(hues) = hues {
            for (seat, hue) in choice.seats.iter_mut().zip(hues) {
                seat.hue = *hue;
            }
        }
        choice
    }

    /// Pick `game`: it takes as many of the seats (those set aside before included) as it can,
    /// the rest are set aside, and AI seats are added up to its least number.
    pub fn pick(&mut self, game: GameKind) {
        self.game = game;
        let kept = self.seats.len();
        let mut all = std::mem::take(&mut self.seats);
        all.append(&mut self.set_aside);
        let n = all.len().clamp(*game.seats().start(), *game.seats().end());
        if all.len() > n {
            self.set_aside = all.split_off(n);
        }
        // A seat brought back takes another colour where a seat before it took its own meanwhile.
        for i in kept.min(all.len())..all.len() {
            if all[..i].iter().any(|s| s.hue == all[i].hue) {
                all[i].hue = Hue::ALL
                    .into_iter()
                    .find(|h| all.iter().all(|s| s.hue != *h))
                    .unwrap_or(all[i].hue);
            }
        }
        self.seats = all;
        self.resize(n);
    }

    /// The player sets the number of seats: seats set aside are not wanted back.
    pub fn set_count(&mut self, n: usize) {
        self.set_aside.clear();
        self.resize(n);
    }

    /// Grow or shrink to `n` seats, new seats being AI in the first unused colour.
    pub fn resize(&mut self, n: usize) {
        while self.seats.len() > n {
            self.seats.pop();
        }
        while self.seats.len() < n {
            let hue = Hue::ALL
                .into_iter()
                .find(|h| self.seats.iter().all(|s| s.hue != *h))
                .unwrap_or(Hue::Red);
            self.seats.push(SeatChoice {
                level: None,
                kind: SeatKind::Ai,
                hue,
                name: String::new(),
            });
        }
    }

    /// Seat kinds in seat order.
    pub fn kinds(&self) -> Vec<SeatKind> {
        self.seats.iter().map(|s| s.kind).collect()
    }

    /// The AI seats' levels in seat order (`None`: the game's own bot, and for human seats and
    /// a game the levels do not play, [`GameKind::plays_levels`]).
    pub fn levels(&self) -> Vec<Option<Level>> {
        let levels = self.game.plays_levels();
        self.seats
            .iter()
            .map(|s| s.level.filter(|_| levels && s.kind == SeatKind::Ai))
            .collect()
    }

    /// The players' names in seat order, cleaned ([`clean_name`]); empty for AI seats and where
    /// none was typed.
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| match s.kind {
                SeatKind::Human => clean_name(&s.name),
                SeatKind::Ai => String::new(),
            })
            .collect()
    }

    /// Seat colours in seat order.
    pub fn hues(&self) -> Vec<Hue> {
        self.seats.iter().map(|s| s.hue).collect()
    }

    /// Why this choice cannot start from the command line, if it cannot: a tutorial brings its own
    /// seats, so only the game matters then.
    pub fn launch_problem(&self) -> Option<String> {
        if self.tutorial {
            return None;
        }
        self.problem()
    }

    /// Why this choice cannot start, if it cannot.
    pub fn problem(&self) -> Option<String> {
        if let Some(why) = self.game.refuse_seats(self.seats.len()) {
            return Some(why);
        }
        let hues = self.hues();
        let chosen = self.game.seat_colouring() == SeatColouring::Chosen;
        if chosen && (1..hues.len()).any(|i| hues[..i].contains(&hues[i])) {
            return Some("Two seats have the same colour.".into());
        }
        None
    }
}

/// The largest seed the title screen deals: small enough to read and type back.
pub const DEALT_SEEDS: u64 = 999_999;

/// A seed for a new deal, from the clock: 1 to `DEALT_SEEDS`.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Through the rules' generator: nearby instants give unrelated seeds.
    hoarfrost_rules::GameRng::new(nanos).below(DEALT_SEEDS as usize) as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resize_adds_ai_seats_in_unused_colours() {
        let mut c = SetupChoice::new(GameKind::IceTowers, &[SeatKind::Human, SeatKind::Ai], 1);
        c.resize(4);
        assert_eq!(c.seats.len(), 4);
        assert_eq!(c.seats[3].kind, SeatKind::Ai);
        assert!(c.problem().is_none());
        c.seats[1].hue = c.seats[0].hue;
        assert!(c.problem().unwrap().contains("same colour"));
    }

    #[test]
    fn seats_a_game_cannot_take_are_kept_for_one_that_can() {
        let kinds = [SeatKind::Human, SeatKind::Ai, SeatKind::Human, SeatKind::Ai];
        let mut c = SetupChoice::new(GameKind::Sprawl, &kinds, 1);
        c.resize(6);
        c.seats[5].kind = SeatKind::Human;
        let six = c.seats.clone();
        c.pick(GameKind::IceCastle);
        assert_eq!(c.seats[..], six[..4], "Ice Castle seats four");
        assert!(c.problem().is_none());
        c.pick(GameKind::Sprawl);
        assert_eq!(c.seats, six, "all six back, the sixth still human");
        // A colour taken meanwhile: the seat brought back takes one nobody has.
        c.pick(GameKind::IceCastle);
        c.seats[0].hue = six[4].hue;
        c.pick(GameKind::Sprawl);
        assert_eq!(c.seats.len(), 6);
        assert!(c.problem().is_none(), "{:?}", c.problem());
        // Once the player sets the number, seats set aside are let go.
        c.pick(GameKind::IceCastle);
        c.set_count(3);
        c.pick(GameKind::Sprawl);
        assert_eq!(c.seats.len(), 3);
        // Too few for the game: AI seats are added.
        let mut two = SetupChoice::new(GameKind::IceTowers, &[SeatKind::Human; 2], 1);
        two.pick(GameKind::Sprawl);
        assert_eq!(
            two.kinds(),
            [SeatKind::Human, SeatKind::Human, SeatKind::Ai]
        );
    }

    #[test]
    fn a_level_picked_for_an_ai_seat_is_kept_only_in_games_the_levels_play() {
        let mut choice = SetupChoice::new(GameKind::Sprawl, &[SeatKind::Human, SeatKind::Ai], 1);
        choice.pick(GameKind::Sprawl);
        choice.seats[1].level = Some(Level::Hard);
        assert_eq!(choice.levels()[1], Some(Level::Hard));
        choice.pick(GameKind::IceFortress);
        let fortress = choice.levels();
        assert!(
            fortress.iter().all(Option::is_none),
            "its own AI: {fortress:?}"
        );
        choice.pick(GameKind::IceColony);
        assert_eq!(
            choice.levels()[1],
            Some(Level::Hard),
            "the choice waits at its seat"
        );
    }

    #[test]
    fn ice_fortress_takes_one_to_four_seats_at_difficulty_seven() {
        let c = SetupChoice::new(GameKind::IceFortress, &[SeatKind::Human], 1);
        assert!(c.problem().is_none());
        assert_eq!(c.difficulty, 7);
        let five = SetupChoice::new(GameKind::IceFortress, &[SeatKind::Ai; 5], 1);
        assert!(five.problem().unwrap().contains("seats"));
    }

    #[test]
    fn a_tutorial_brings_its_own_seats() {
        let mut c = SetupChoice::new(GameKind::Sprawl, &[SeatKind::Human, SeatKind::Ai], 1);
        assert!(c.launch_problem().unwrap().contains("seats"));
        c.tutorial = true;
        assert_eq!(c.launch_problem(), None);
        assert!(
            c.problem().is_some(),
            "the title's Start still checks the seats"
        );
    }

    #[test]
    fn sprawl_starts_with_three_seats_and_no_variant() {
        let c = SetupChoice::new(GameKind::Sprawl, &[SeatKind::Ai; 3], 1);
        assert!(c.problem().is_none());
        assert_eq!(c.sprawl_variants, Variants::none());
        let two = SetupChoice::new(GameKind::Sprawl, &[SeatKind::Ai; 2], 1);
        assert!(two.problem().unwrap().contains("seats"));
    }
}
