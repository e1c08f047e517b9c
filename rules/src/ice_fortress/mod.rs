//! Ice Fortress (Geek Fever Games): cooperative 3D fortress building against elemental invaders.
//!
//! Players roll dice, place them as pillars on room cards, build rooms on completed pillar groups and
//! use their characters' powers; after each turn invaders land in the fortress or hit the ice shield.
//! Four beacons (a stack of four rooms of each element) win; an empty shield loses. All card content
//! is data (scenes/ice-fortress/), read by [`Content`].

mod actions;
mod agreement;
pub mod bot;
mod content;
mod invaders;
mod powers;
mod rooms;
mod setup;
mod state;
#[cfg(test)]
mod tests;
mod validate;

pub use actions::{Action, cost_text, prompt};
pub use bot::{FortressBot, Weights, WinRateRow, win_rates, win_rates_with};
pub use content::*;
pub use powers::Pay;
pub use setup::{DEFAULT_ROUND_LIMIT, NO_ROUND_LIMIT, STANDARD_DIFFICULTY, Setup};
pub use state::*;

use crate::{Game, GameKind, GameRng, RuleError, Seat, ToAct};

/// A bound on the actions (chance included) of one turn: rolled dice, rooms, powers, their choices,
/// invaders and end-of-round discards all added up generously.
const ACTIONS_PER_TURN: usize = 1000;

impl Game for IceFortress {
    type Action = Action;

    fn num_seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Won | Phase::Lost => ToAct::Over,
            Phase::Roll => ToAct::Chance,
            Phase::Invaders if self.decision.is_none() => ToAct::Chance,
            Phase::Build if self.decision.is_none() && self.rolls_pending > 0 => ToAct::Chance,
            _ => ToAct::Seats(vec![self.current_seat()]),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        actions::legal(self, seat)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        actions::check(self, seat, action)
    }

    fn apply_unchecked(&mut self, _seat: Seat, action: &Action) {
        actions::apply(self, action)
    }

    /// Picking a deck (to draw from or look at) shows hidden rooms; so does a power that opens a
    /// deck for searching, and anything that draws on the RNG inside the action (a roll, a draw).
    fn reveals(&self, seat: Seat, action: &Action) -> bool {
        if matches!(action, Action::PickSize { .. }) {
            return true;
        }
        let mut after = self.clone();
        after.apply_unchecked(seat, action);
        after.rng != self.rng
            || matches!(
                after.decision,
                Some(Decision::Search | Decision::LookPick(_))
            )
    }

    fn apply_chance(&mut self) {
        match self.phase {
            Phase::Roll => self.roll_turn_dice(),
            Phase::Build if self.rolls_pending > 0 => {
                self.rolls_pending -= 1;
                self.roll_dice(1);
            }
            Phase::Invaders if self.decision.is_none() => {
                self.to_pull = self.to_pull.saturating_sub(1);
                if let Some(e) = self.pull_figure() {
                    self.invade(e);
                }
            }
            _ => {}
        }
        self.advance();
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// Everything on the table is open to every player; what is not is each deck's order (its
    /// pile lies sorted: a draw takes a random card of it) and the RNG of future rolls and draws.
    fn as_seen_by(&self, _seat: Seat) -> Self {
        let mut copy = self.clone();
        for deck in &mut copy.decks {
            deck.pile.sort_unstable();
        }
        copy.rng = GameRng::new(crate::game::SEEN_SEED);
        copy
    }

    fn scores(&self) -> Vec<i64> {
        vec![self.beacons() as i64; self.players]
    }

    fn returns(&self) -> Vec<f64> {
        let r = if self.phase == Phase::Won { 1.0 } else { 0.0 };
        vec![r; self.players]
    }

    fn action_to_string(&self, seat: Seat, action: &Action) -> String {
        actions::describe(self, seat, action)
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        actions::random(self, rng)
    }

    /// For a game with no round limit, the bound of the default limit: searches and batteries
    /// stop their playouts there.
    fn max_game_length(&self) -> usize {
        let rounds = match self.round_limit {
            NO_ROUND_LIMIT => DEFAULT_ROUND_LIMIT,
            limit => limit,
        };
        64 + rounds as usize * self.characters.len() * ACTIONS_PER_TURN
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }
}

impl IceFortress {
    /// The sizes every other check and every rule relies on (a table position read from a file may
    /// hold anything): seats and characters, decks, foundation, card ids and the landing options.
    fn shape(&self) -> Result<(), String> {
        if let Some(why) = GameKind::IceFortress.refuse_seats(self.players) {
            return Err(why);
        }
        let characters = setup::characters_for(self.players);
        if self.characters.len() != characters || self.current >= characters {
            return Err(format!(
                "{} (character {} to play) for {}",
                crate::words::count(self.characters.len() as i64, "character", "characters"),
                self.current,
                crate::words::count(self.players as i64, "player", "players")
            ));
        }
        for (i, c) in self.characters.iter().enumerate() {
            let seat = setup::seat_of_character(self.players, i);
            if c.seat != seat {
                return Err(format!(
                    "character {i} is played by seat {}, not {seat}",
                    c.seat
                ));
            }
        }
        let chars = &self.content().characters;
        for (i, c) in self.characters.iter().enumerate() {
            let known = chars.names.iter().any(|n| n.id == c.name)
                && chars.classes.iter().any(|k| k.id == c.class)
                && (c.abilities.iter().chain(&c.draft))
                    .all(|a| chars.abilities.iter().any(|t| t.id == *a));
            if !known {
                return Err(format!("character {i} holds a card that does not exist"));
            }
        }
        if let Some(why) = setup::limits_problem(self.content(), self.difficulty, self.round_limit)
        {
            return Err(why);
        }
        if self.round_limit != NO_ROUND_LIMIT && self.round > self.round_limit {
            return Err(format!(
                "round {} past the round limit {}",
                self.round, self.round_limit
            ));
        }
        if self.rolls_pending as usize > self.pool_count() {
            return Err(format!(
                "{} to roll with {} in the pool",
                crate::words::count(self.rolls_pending as i64, "die", "dice"),
                self.pool_count()
            ));
        }
        if self.decks.len() != Size::ALL.len() {
            return Err(format!("{} room decks, not 4", self.decks.len()));
        }
        if self.foundation.len() != self.content().foundation.spaces as usize {
            return Err(format!(
                "{} foundation spaces, not {}",
                self.foundation.len(),
                self.content().foundation.spaces
            ));
        }
        if let Some(slot) = self
            .slots
            .iter()
            .find(|s| self.content().invaders.get(s.card as usize).is_none())
        {
            return Err(format!("invader card {} does not exist", slot.card));
        }
        let most_pulled = self.content().foundation.invaders_per_turn as usize
            + (self.slots.iter())
                .map(|s| self.content().invaders[s.card as usize].extra_invaders as usize)
                .sum::<usize>();
        if self.to_pull as usize > most_pulled {
            return Err(format!(
                "{} invaders to pull, more than a turn pulls",
                self.to_pull
            ));
        }
        if let Some(Decision::PlaceInvader { options, .. }) = &self.decision {
            for o in options {
                let fits = self.built.get(&o.room()).is_some_and(|b| match *o {
                    InvaderAt::Square { square, .. } => (square as usize) < b.invaders.len(),
                    InvaderAt::Group { group, .. } => (group as usize) < b.group_invaders.len(),
                });
                if !fits {
                    return Err(format!("an invader may land on {o:?}, which is not there"));
                }
            }
        }
        Ok(())
    }

    fn invariants(&self) -> Result<(), String> {
        self.shape()?;
        // Rooms: every card exactly once in a deck, the supply, the fortress or a looked-at hand.
        let mut seen = vec![0u32; self.content().rooms.len()];
        let mut mark = |r: RoomId, place: &str| -> Result<(), String> {
            match seen.get_mut(r as usize) {
                Some(n) => {
                    *n = n.saturating_add(1);
                    Ok(())
                }
                None => Err(format!("room {r} in the {place} does not exist")),
            }
        };
        for (i, d) in self.decks.iter().enumerate() {
            for r in d.cards() {
                mark(r, "decks")?;
                if self.card(r).map(|c| c.size.index()) != Some(i) {
                    return Err(format!("room {r} is in the wrong deck"));
                }
            }
        }
        for &r in &self.supply {
            mark(r, "supply")?;
        }
        for &r in self.built.keys() {
            mark(r, "fortress")?;
        }
        if let Some(Decision::LookPick(cards)) = &self.decision {
            for &r in cards {
                mark(r, "hand")?;
            }
        }
        if let Some(r) = seen.iter().position(|&n| n != 1) {
            return Err(format!("room {r} is accounted for {} times", seen[r]));
        }
        if self.supply.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the supply is not sorted".into());
        }
        // Dice: 50, each pillar die on exactly the square that says so.
        if self.dice.len() != DICE {
            return Err(format!("{} dice, not {DICE}", self.dice.len()));
        }
        for (i, d) in self.dice.iter().enumerate() {
            if !(1..=6).contains(&d.value) {
                return Err(format!("die {i} shows {}", d.value));
            }
            if let DieAt::Pillar { room, square } = d.at {
                let on = self
                    .built
                    .get(&room)
                    .and_then(|b| b.pillars.get(square as usize).copied().flatten());
                if on != Some(i as DieId) {
                    return Err(format!("die {i} thinks it is a pillar on room {room}"));
                }
            }
        }
        // Fortress: links between rooms, levels, pillars under rooms, invader counts.
        let mut figures = [0usize; 4];
        for (&id, b) in &self.built {
            let card = self.card(id).ok_or("a built room has no card")?;
            if b.card != id
                || b.pillars.len() != card.squares.len()
                || b.invaders.len() != card.squares.len()
                || b.above.len() != card.groups.len()
                || b.group_invaders.len() != card.groups.len()
            {
                return Err(format!("built room {} does not match its card", card.name));
            }
            for (sq, p) in b.pillars.iter().enumerate() {
                if let Some(d) = p
                    && self.dice.get(*d as usize).map(|d| d.at)
                        != Some(DieAt::Pillar {
                            room: id,
                            square: sq as u8,
                        })
                {
                    return Err(format!("a pillar of {} is not its die", card.name));
                }
            }
            match b.on {
                Spot::Foundation(s) => {
                    if self.foundation.get(s as usize).copied().flatten() != Some(id)
                        || b.level != 1
                    {
                        return Err(format!("{} is not on foundation space {s}", card.name));
                    }
                }
                Spot::Group { room, group } => {
                    let base = self.built.get(&room).ok_or("a room stands on nothing")?;
                    if base.above.get(group as usize).copied().flatten() != Some(id)
                        || base.level.checked_add(1) != Some(b.level)
                    {
                        return Err(format!("{} is not on its pillar group", card.name));
                    }
                    let takes = self
                        .card(room)
                        .and_then(|c| c.groups.get(group as usize))
                        .map(|g| g.size);
                    if takes != Some(card.size) {
                        return Err(format!("{} does not fit its pillar group", card.name));
                    }
                }
            }
            for (g, above) in b.above.iter().enumerate() {
                if let Some(top) = above {
                    if self.built.get(top).map(|t| t.on)
                        != Some(Spot::Group {
                            room: id,
                            group: g as u8,
                        })
                    {
                        return Err(format!("group {g} of {} lost its room", card.name));
                    }
                    if card.groups[g]
                        .squares
                        .iter()
                        .any(|&s| b.pillars[s as usize].is_none())
                    {
                        return Err(format!(
                            "a room on {} stands on a missing pillar",
                            card.name
                        ));
                    }
                }
            }
            for (_, e) in b.invader_spots() {
                figures[e.index()] += 1;
            }
        }
        for (s, r) in self.foundation.iter().enumerate() {
            if let Some(r) = r
                && self.built.get(r).map(|b| b.on) != Some(Spot::Foundation(s as u8))
            {
                return Err(format!("foundation space {s} lost its room"));
            }
        }
        // Figures: 10 of each element in the bag, the fortress, the supply, on cards or being placed.
        for e in Element::ALL {
            let i = e.index();
            let n = figures[i]
                + self.bag[i] as usize
                + self.shards[i] as usize
                + self.spent_shards[i] as usize
                + usize::from(self.placing == Some(e));
            if n != FIGURES_PER_ELEMENT as usize {
                return Err(format!(
                    "{n} {} figures, not {FIGURES_PER_ELEMENT}",
                    e.name()
                ));
            }
        }
        // Shield: the pile and the box hold the 10 cubes; an empty shield has lost.
        if self.shield > SHIELD_CUBES {
            return Err(format!("{} shield cubes, more than the box", self.shield));
        }
        if self.shield == 0 && self.phase != Phase::Lost {
            return Err("the shield is empty but the game goes on".into());
        }
        if self.beacons() == 4 && self.phase != Phase::Won {
            return Err("four beacons stand but the game goes on".into());
        }
        if self.placing.is_some() != matches!(self.decision, Some(Decision::PlaceInvader { .. })) {
            return Err("an invader is being placed without a choice, or the reverse".into());
        }
        if self.phase != Phase::Draft && self.characters.iter().any(|c| c.abilities.len() != 2) {
            return Err("a character does not have two abilities".into());
        }
        self.agreement()
    }
}
