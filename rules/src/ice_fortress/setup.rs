//! Setting up a game (cards dealt, decks, supply, bag, shield) and the turn's flow: draft, roll,
//! build, invaders, end of round.

use serde::{Deserialize, Serialize};

use super::content::*;
use super::state::*;
use crate::{GameKind, GameRng, RuleError, Seat};

/// Rounds after which an unwon siege is lost in bot games and batteries (a table limit so that every
/// such game ends; see the design note). A player's game has none ([`NO_ROUND_LIMIT`]).
pub const DEFAULT_ROUND_LIMIT: u32 = 40;

/// A game with no round limit: "All players lose if their ice shield is broken through", and only
/// then (the rulebook knows no other loss). The app's games with a player have none.
pub const NO_ROUND_LIMIT: u32 = 0;

/// How to set up a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// 1 to 4 players; one player plays two characters.
    pub players: usize,
    /// A level on the difficulty track: the starting shield, the supply limit and the rooms dealt
    /// to the supply at setup (7 is standard).
    pub difficulty: u8,
    pub seed: u64,
    /// Rounds after which the game is lost if not yet won; [`NO_ROUND_LIMIT`] for none.
    pub round_limit: u32,
    /// The jumbo-room assist: deal the extra jumbo rooms the difficulty track lists for the level
    /// (`DifficultyLevel::assist_dealt`, levels 4 to 10) besides the rulebook's one room of each
    /// size. Off in a new game. A save written before the option existed (format 1) dealt them, so
    /// a setup without the field reads as on and replays as it was played.
    #[serde(default = "assisted_before_the_option")]
    pub jumbo_assist: bool,
}

/// Setups written before the assist was an option dealt the extra jumbo rooms.
fn assisted_before_the_option() -> bool {
    true
}

/// The difficulty of the standard introductory game (the shipped track's `standard`, checked by a
/// test).
pub const STANDARD_DIFFICULTY: u8 = 7;

impl Setup {
    /// The standard introductory game ([`STANDARD_DIFFICULTY`]) for `players`.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            difficulty: STANDARD_DIFFICULTY,
            seed,
            round_limit: DEFAULT_ROUND_LIMIT,
            jumbo_assist: false,
        }
    }

    /// The same setup with the jumbo-room assist on or off.
    pub fn with_jumbo_assist(self, jumbo_assist: bool) -> Self {
        Setup {
            jumbo_assist,
            ..self
        }
    }
}

/// The round limits a game may have (besides [`NO_ROUND_LIMIT`]).
pub const ROUND_LIMITS: std::ops::RangeInclusive<u32> = 1..=1000;

/// Why `difficulty` and `round_limit` cannot be a game's, if they cannot: the difficulty must be on
/// the content's track and the round limit none or within [`ROUND_LIMITS`] (a new game's setup and
/// a table position are checked alike).
pub(super) fn limits_problem(
    content: &Content,
    difficulty: u8,
    round_limit: u32,
) -> Option<String> {
    if !content.difficulty.has(difficulty) {
        return Some(format!("difficulty {difficulty} is not on the track"));
    }
    if round_limit != NO_ROUND_LIMIT && !ROUND_LIMITS.contains(&round_limit) {
        return Some(format!(
            "the round limit must be {} to {} (or {NO_ROUND_LIMIT} for none), not {round_limit}",
            ROUND_LIMITS.start(),
            ROUND_LIMITS.end()
        ));
    }
    None
}

impl IceFortress {
    /// A new game: invader cards, decks and supply dealt, characters dealt for the draft, the bag
    /// full, the shield at the difficulty.
    pub fn new(setup: &Setup, content: &Content) -> Result<Self, RuleError> {
        content
            .validate()
            .map_err(|e| RuleError::new(format!("the content is broken: {e}")))?;
        if let Some(why) = GameKind::IceFortress.refuse_seats(setup.players) {
            return Err(RuleError::new(why));
        }
        if let Some(why) = limits_problem(content, setup.difficulty, setup.round_limit) {
            return Err(RuleError::new(why));
        }
        let mut rng = GameRng::new(setup.seed);
        let mut slots = [InvaderSlot {
            card: 0,
            beacon: false,
            neutralized: false,
        }; 4];
        for e in Element::ALL {
            let mut cards: Vec<CardId> = content
                .invaders
                .iter()
                .filter(|c| c.element == e)
                .map(|c| c.id)
                .collect();
            slots[e.index()].card = rng.take(&mut cards).unwrap_or(0);
        }
        let mut decks: Vec<Deck> = Size::ALL
            .iter()
            .map(|&s| Deck {
                pile: content
                    .rooms
                    .iter()
                    .filter(|r| r.size == s)
                    .map(|r| r.id)
                    .collect(),
                bottom: Vec::new(),
            })
            .collect();
        // "Deal the top card from each deck face-up to another side of the board": one room of
        // each size, smallest first; with the assist on, the rooms the level lists.
        let assisted = content
            .difficulty
            .levels
            .iter()
            .find(|l| l.level == setup.difficulty)
            .filter(|_| setup.jumbo_assist);
        let dealt: &[Size] = assisted.map_or(&Size::ALL[..], |l| &l.assist_dealt[..]);
        let mut supply: Vec<RoomId> = Vec::new();
        for (deck, size) in decks.iter_mut().zip(Size::ALL) {
            for _ in dealt.iter().filter(|&&d| d == size) {
                supply.extend(deck.draw(&mut rng));
            }
        }
        supply.sort_unstable();

        let chars = &content.characters;
        let seats = setup.players;
        let count = characters_for(seats);
        let mut names: Vec<CardId> = chars.names.iter().map(|c| c.id).collect();
        let mut classes: Vec<CardId> = chars.classes.iter().map(|c| c.id).collect();
        let mut abilities: Vec<CardId> = chars.abilities.iter().map(|c| c.id).collect();
        let mut characters = Vec::new();
        for c in 0..count {
            let name = rng.take(&mut names).unwrap_or(0);
            let mut draft = Vec::new();
            let dealt = match (seats, c) {
                (1, 0) => 6,
                (1, _) => 0,
                _ => 3,
            };
            for _ in 0..dealt {
                if let Some(a) = rng.take(&mut abilities) {
                    draft.push(a);
                }
            }
            draft.sort_unstable();
            let class = rng.take(&mut classes).unwrap_or(0);
            characters.push(Character {
                seat: seat_of_character(seats, c),
                name,
                abilities: Vec::new(),
                class,
                draft,
            });
        }
        let foundation = vec![None; content.foundation.spaces as usize];
        Ok(IceFortress {
            content: ContentHandle::new(content),
            players: seats,
            difficulty: setup.difficulty,
            round_limit: setup.round_limit,
            phase: Phase::Draft,
            round: 1,
            current: 0,
            characters,
            advanced: false,
            dice: vec![
                Die {
                    value: 1,
                    at: DieAt::Pool
                };
                DICE
            ],
            decks,
            supply,
            foundation,
            built: Default::default(),
            bag: [FIGURES_PER_ELEMENT; 4],
            shards: [0; 4],
            spent_shards: [0; 4],
            shield: setup.difficulty,
            slots,
            used: Vec::new(),
            effects: Vec::new(),
            decision: None,
            rolls_pending: 0,
            to_pull: 0,
            placing: None,
            rng,
        })
    }

    /// The standard game on the shipped content.
    pub fn standard(setup: &Setup) -> Result<Self, RuleError> {
        let content = Content::standard_shared()
            .map_err(|e| RuleError::new(format!("the shipped content is broken: {e}")))?;
        IceFortress::new(setup, &content)
    }

    /// Keep ability `card` from the current character's dealt ones; with two kept the rest are
    /// discarded (in a solo game the first character's leftovers go to the second).
    pub(super) fn keep_ability(&mut self, card: CardId) {
        let c = self.current;
        let ch = &mut self.characters[c];
        ch.draft.retain(|&a| a != card);
        ch.abilities.push(card);
        ch.abilities.sort_unstable();
        if ch.abilities.len() < 2 {
            return;
        }
        let rest = std::mem::take(&mut ch.draft);
        if self.players == 1 && c == 0 {
            self.characters[1].draft = rest;
        }
        if c + 1 < self.characters.len() {
            self.current = c + 1;
        } else {
            self.current = 0;
            self.phase = Phase::Roll;
        }
    }

    /// Step 1: roll the dice on the current character's cards, less one per air invader, at most
    /// the unused dice.
    pub(super) fn roll_turn_dice(&mut self) {
        let n = self
            .dice_shown(self.current)
            .saturating_sub(self.air_penalty());
        self.roll_dice(n);
        self.phase = Phase::Build;
    }

    /// Roll up to `n` dice from the unused pool.
    pub(super) fn roll_dice(&mut self, n: usize) {
        for id in self.dice_at(DieAt::Pool).into_iter().take(n) {
            let v = self.rng.d6();
            let d = &mut self.dice[id as usize];
            d.value = v;
            d.at = DieAt::Rolled;
        }
    }

    /// End of the build step: pull two invaders plus one per completed beacon.
    pub(super) fn end_build(&mut self) {
        let extra: u8 = self
            .slots
            .iter()
            .filter(|s| s.beacon)
            .map(|s| self.content().invaders[s.card as usize].extra_invaders)
            .sum();
        self.to_pull = self.content().foundation.invaders_per_turn + extra;
        self.rolls_pending = 0;
        self.phase = Phase::Invaders;
    }

    /// After the invaders: spent and unused dice back to the pool, spent shards to the bag; the next
    /// character's turn, or the end of the round.
    fn finish_turn(&mut self) {
        for d in &mut self.dice {
            if matches!(d.at, DieAt::Rolled | DieAt::Spent) {
                d.at = DieAt::Pool;
            }
        }
        for e in 0..4 {
            self.bag[e] += self.spent_shards[e];
            self.spent_shards[e] = 0;
        }
        self.used.clear();
        self.to_pull = 0;
        if self.current + 1 < self.characters.len() {
            self.current += 1;
            self.phase = Phase::Roll;
        } else {
            self.phase = Phase::EndOfRound;
        }
    }

    /// True while the supply holds more rooms or more shards than the difficulty allows.
    pub fn must_discard(&self) -> bool {
        self.supply.len() > self.supply_limit()
            || self.shards.iter().map(|&n| n as usize).sum::<usize>() > self.supply_limit()
    }

    fn next_round(&mut self) {
        if self.round_limit != NO_ROUND_LIMIT && self.round >= self.round_limit {
            self.lose();
            return;
        }
        self.round += 1;
        self.current = 0;
        self.phase = Phase::Roll;
    }

    /// Run everything that needs no choice: queued effects, choices with a single option, the end
    /// of a turn and of a round. Stops where a seat must choose or chance must act.
    pub(super) fn advance(&mut self) {
        for _ in 0..10_000 {
            if matches!(self.phase, Phase::Won | Phase::Lost) {
                return;
            }
            if self.decision.is_some() {
                let options = self.decision_options();
                match options.len() {
                    0 => {
                        self.decision = None;
                        continue;
                    }
                    1 => {
                        self.resolve(&options[0]);
                        continue;
                    }
                    _ => return,
                }
            }
            if !self.effects.is_empty() {
                let verb = self.effects.remove(0);
                self.run_verb(verb);
                continue;
            }
            match self.phase {
                Phase::Invaders if self.to_pull == 0 || self.bag_count() == 0 => self.finish_turn(),
                Phase::EndOfRound if !self.must_discard() => self.next_round(),
                _ => return,
            }
        }
    }
}

/// Characters in a game of `players` seats: one each, and two in a solo game.
pub(super) fn characters_for(players: usize) -> usize {
    players.max(2)
}

/// The seat that plays character `c`: its own, or seat 0 for both characters of a solo game.
pub(super) fn seat_of_character(players: usize, c: usize) -> Seat {
    if players == 1 { 0 } else { c }
}
