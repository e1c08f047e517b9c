//! Pillars and rooms: square constraints and links, building on groups and the foundation, destroying
//! pillars and rooms, boosting the shield, and completing beacons.

use super::content::*;
use super::state::*;
use crate::{Refusal, RuleError};

/// A refusal of type `E` whose words `why` makes (only if `E` keeps them).
fn refuse<T, E: Refusal, S: Into<String>>(why: impl FnOnce() -> S) -> Result<T, E> {
    Err(E::because(why))
}

impl IceFortress {
    /// The value of the pillar on `square` of built room `room`, if it has one.
    pub fn pillar_value(&self, room: RoomId, square: u8) -> Option<u8> {
        let die = (*self.built.get(&room)?.pillars.get(square as usize)?)?;
        Some(self.dice[die as usize].value)
    }

    /// True when the square lies in a pillar group with a room on it.
    pub fn square_under_room(&self, room: RoomId, square: u8) -> bool {
        let (Some(b), Some(card)) = (self.built.get(&room), self.card(room)) else {
            return false;
        };
        card.groups
            .iter()
            .zip(&b.above)
            .any(|(g, above)| above.is_some() && g.squares.contains(&square))
    }

    /// Why a die showing `value` may not go on `square` of built room `room` (its constraint and link).
    pub fn square_refuses(&self, room: RoomId, square: u8, value: u8) -> Result<(), RuleError> {
        self.square_check(room, square, value)
    }

    /// [`Self::square_refuses`] with the refusal of the caller's choice ([`Refusal`]).
    pub fn square_check<E: Refusal>(&self, room: RoomId, square: u8, value: u8) -> Result<(), E> {
        let (Some(b), Some(card)) = (self.built.get(&room), self.card(room)) else {
            return refuse(|| "that room is not in the fortress");
        };
        let Some(&constraint) = card.squares.get(square as usize) else {
            return refuse(|| format!("{} has no pillar square {square}", card.name));
        };
        if b.pillars[square as usize].is_some() {
            return refuse(|| "that square already holds a pillar");
        }
        if b.invaders[square as usize].is_some() {
            return refuse(|| "an invader stands on that square: repel or crystallize it first");
        }
        match constraint {
            Constraint::Any => Ok(()),
            Constraint::Exact(v) if v == value => Ok(()),
            Constraint::Exact(v) => refuse(|| format!("that square takes only a {v}")),
            Constraint::Range(a, z) if (a..=z).contains(&value) => Ok(()),
            Constraint::Range(a, z) => refuse(|| format!("that square takes only {a} to {z}")),
            Constraint::Linked { to, modifier } => match self.pillar_value(room, to) {
                // Squares counted from 1 in words, as players count them.
                None => refuse(|| {
                    format!(
                        "that black square needs a pillar on square {} first",
                        u16::from(to) + 1
                    )
                }),
                Some(v) => match modifier.apply(v) {
                    Some(want) if want == value => Ok(()),
                    Some(_) if modifier == Modifier::Same => refuse(|| {
                        format!(
                            "that black square must match the {v} on square {}",
                            u16::from(to) + 1
                        )
                    }),
                    Some(want) => refuse(|| {
                        format!(
                            "that black square takes {} of the {v} on square {}: a {want}",
                            modifier.label(),
                            u16::from(to) + 1
                        )
                    }),
                    None => refuse(|| {
                        format!(
                            "no die can be {} of the {v} on square {}",
                            modifier.label(),
                            u16::from(to) + 1
                        )
                    }),
                },
            },
        }
    }

    /// Put die `die` on `square` of `room` as a pillar (legality checked by the caller).
    pub(super) fn place_pillar(&mut self, die: DieId, room: RoomId, square: u8) {
        if let Some(b) = self.built.get_mut(&room) {
            b.pillars[square as usize] = Some(die);
            self.dice[die as usize].at = DieAt::Pillar { room, square };
        }
    }

    /// Pillars that may be destroyed: no room and no invader on them.
    pub fn destroyable_pillars(&self) -> Vec<(RoomId, u8)> {
        let mut out = Vec::new();
        for b in self.built.values() {
            for (i, p) in b.pillars.iter().enumerate() {
                if p.is_some()
                    && b.invaders[i].is_none()
                    && !self.square_under_room(b.card, i as u8)
                {
                    out.push((b.card, i as u8));
                }
            }
        }
        out
    }

    /// Return a pillar's die to the unused pool.
    pub(super) fn remove_pillar(&mut self, room: RoomId, square: u8) {
        if let Some(b) = self.built.get_mut(&room)
            && let Some(die) = b.pillars[square as usize].take()
        {
            self.dice[die as usize].at = DieAt::Pool;
        }
    }

    /// Why room `room` from the supply may not be built on `on`.
    pub fn build_refuses(&self, room: RoomId, on: Spot) -> Result<(), RuleError> {
        self.build_check(room, on)
    }

    /// [`Self::build_refuses`] with the refusal of the caller's choice ([`Refusal`]).
    pub fn build_check<E: Refusal>(&self, room: RoomId, on: Spot) -> Result<(), E> {
        let Some(card) = self.card(room) else {
            return refuse(|| format!("there is no room card {room}"));
        };
        if !self.supply.contains(&room) {
            return refuse(|| format!("{} is not in the supply", card.name));
        }
        match on {
            Spot::Foundation(space) => {
                let Some(slot) = self.foundation.get(space as usize) else {
                    return refuse(|| format!("the foundation has no space {space}"));
                };
                if slot.is_some() {
                    return refuse(|| "that foundation space already holds a room");
                }
                if !self.content().foundation.sizes.contains(&card.size) {
                    return refuse(|| {
                        format!(
                            "a {} room may not stand on the foundation",
                            card.size.name()
                        )
                    });
                }
                Ok(())
            }
            Spot::Group { room: base, group } => {
                let (Some(b), Some(base_card)) = (self.built.get(&base), self.card(base)) else {
                    return refuse(|| "that room is not in the fortress");
                };
                let Some(g) = base_card.groups.get(group as usize) else {
                    return refuse(|| format!("{} has no pillar group {group}", base_card.name));
                };
                if b.above[group as usize].is_some() {
                    return refuse(|| "a room already sits on that pillar group");
                }
                if g.size != card.size {
                    return refuse(|| {
                        format!(
                            "that pillar group takes a {} room, not a {} one",
                            g.size.name(),
                            card.size.name()
                        )
                    });
                }
                if g.squares.iter().any(|&s| b.pillars[s as usize].is_none()) {
                    return refuse(|| "every pillar of the group must be filled first");
                }
                if b.group_invaders[group as usize].is_some()
                    || g.squares.iter().any(|&s| b.invaders[s as usize].is_some())
                {
                    return refuse(|| "an invader blocks that pillar group");
                }
                Ok(())
            }
        }
    }

    /// Build a supply room on `on` (legality checked by the caller): boost for an ice crystal, then
    /// check for a beacon.
    pub(super) fn build_room(&mut self, room: RoomId, on: Spot) {
        let Some(card) = self.card(room).cloned() else {
            return;
        };
        self.supply.retain(|&r| r != room);
        let level = match on {
            Spot::Foundation(space) => {
                self.foundation[space as usize] = Some(room);
                1
            }
            Spot::Group { room: base, group } => match self.built.get_mut(&base) {
                Some(b) => {
                    b.above[group as usize] = Some(room);
                    b.level + 1
                }
                None => 1,
            },
        };
        let n = card.squares.len();
        self.built.insert(
            room,
            BuiltRoom {
                card: room,
                on,
                level,
                pillars: vec![None; n],
                invaders: vec![None; n],
                group_invaders: vec![None; card.groups.len()],
                above: vec![None; card.groups.len()],
            },
        );
        if card.crystal {
            self.boost();
        }
        self.check_beacon(room);
    }

    /// Add a cube to the shield pile, if one is left in the box.
    pub(super) fn boost(&mut self) {
        self.shield = (self.shield + 1).min(SHIELD_CUBES);
    }

    /// Rooms of one element stacked straight down from `room`, itself included (0 for white rooms).
    pub fn stack_height(&self, room: RoomId) -> usize {
        let Some(element) = self.card(room).and_then(|c| c.element.element()) else {
            return 0;
        };
        let mut n = 0;
        let mut at = Some(room);
        while let Some(r) = at {
            let (Some(b), Some(card)) = (self.built.get(&r), self.card(r)) else {
                break;
            };
            if card.element.element() != Some(element) {
                break;
            }
            n += 1;
            at = match b.on {
                Spot::Group { room, .. } => Some(room),
                Spot::Foundation(_) => None,
            };
        }
        n
    }

    /// After building `room`: the first beacon of its element flips that element's card, the first
    /// beacon of all flips the name cards, and the fourth wins at once.
    fn check_beacon(&mut self, room: RoomId) {
        let Some(element) = self.card(room).and_then(|c| c.element.element()) else {
            return;
        };
        let height = self.content().foundation.beacon_height as usize;
        if self.slots[element.index()].beacon || self.stack_height(room) < height {
            return;
        }
        self.slots[element.index()].beacon = true;
        self.advanced = true;
        if self.beacons() == Element::ALL.len() {
            self.phase = Phase::Won;
            self.effects.clear();
            self.decision = None;
            return;
        }
        let card = self.slots[element.index()].card as usize;
        let now = self.content().invaders[card].immediately.clone();
        self.effects.splice(0..0, now);
    }

    /// Rooms that may be destroyed: any supply room, and built rooms with no room on top.
    pub fn destroyable_rooms(&self) -> Vec<RoomId> {
        let mut out: Vec<RoomId> = self.supply.clone();
        out.extend(
            self.built
                .values()
                .filter(|b| !b.is_covered())
                .map(|b| b.card),
        );
        out.sort_unstable();
        out
    }

    /// Destroy a room: out of the supply or the fortress (repelling its invaders and destroying its
    /// pillars) onto the bottom of its deck. The shield keeps any cube the room gave.
    pub(super) fn destroy_room(&mut self, room: RoomId) {
        let Some(size) = self.card(room).map(|c| c.size) else {
            return;
        };
        if let Some(i) = self.supply.iter().position(|&r| r == room) {
            self.supply.remove(i);
        } else if let Some(b) = self.built.remove(&room) {
            for (_, e) in b.invader_spots() {
                self.bag[e.index()] += 1;
            }
            for die in b.pillars.iter().flatten() {
                self.dice[*die as usize].at = DieAt::Pool;
            }
            match b.on {
                Spot::Foundation(space) => self.foundation[space as usize] = None,
                Spot::Group { room: base, group } => {
                    if let Some(base) = self.built.get_mut(&base) {
                        base.above[group as usize] = None;
                    }
                }
            }
        } else {
            return;
        }
        self.decks[size.index()].put_bottom(room);
    }

    /// Draw a room of `size` into the supply; false if the deck is empty.
    pub(super) fn draw_room(&mut self, size: Size) -> bool {
        match self.decks[size.index()].draw(&mut self.rng) {
            Some(r) => {
                self.supply.push(r);
                self.supply.sort_unstable();
                true
            }
            None => false,
        }
    }

    /// Draw a figure from the bag (uniformly among the figures); `None` if the bag is empty.
    pub(super) fn pull_figure(&mut self) -> Option<Element> {
        let total: usize = self.bag.iter().map(|&n| n as usize).sum();
        if total == 0 {
            return None;
        }
        let mut r = self.rng.below(total);
        for e in Element::ALL {
            let n = self.bag[e.index()] as usize;
            if r < n {
                self.bag[e.index()] -= 1;
                return Some(e);
            }
            r -= n;
        }
        None
    }
}
