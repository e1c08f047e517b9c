//! Invaders: where a pulled invader lands, its element's harm, and attacks on the ice shield.

use super::content::*;
use super::state::*;

impl IceFortress {
    /// The places an invader of `e` may land now, all equally good (the current player picks one);
    /// empty when it must attack the shield.
    ///
    /// Only uncovered rooms of `e` are entered, the highest level first. In each room an empty pillar
    /// comes before an empty pillar square; while earth's harm lasts, earth invaders take free pillar
    /// groups instead. Rooms on the same level tie.
    pub fn landing_options(&self, e: Element) -> Vec<InvaderAt> {
        let groups = e == Element::Earth && self.harm_active(Element::Earth);
        let mut by_level: Vec<(u8, Vec<InvaderAt>)> = Vec::new();
        for b in self.built.values() {
            let Some(card) = self.card(b.card) else {
                continue;
            };
            if card.element.element() != Some(e) || b.is_covered() {
                continue;
            }
            let spots = if groups {
                (0..b.group_invaders.len())
                    .filter(|&g| b.group_invaders[g].is_none())
                    .map(|g| InvaderAt::Group {
                        room: b.card,
                        group: g as u8,
                    })
                    .collect()
            } else {
                let free = |want_pillar: bool| -> Vec<InvaderAt> {
                    (0..b.pillars.len())
                        .filter(|&i| {
                            b.invaders[i].is_none() && b.pillars[i].is_some() == want_pillar
                        })
                        .map(|i| InvaderAt::Square {
                            room: b.card,
                            square: i as u8,
                        })
                        .collect()
                };
                let pillars = free(true);
                if pillars.is_empty() {
                    free(false)
                } else {
                    pillars
                }
            };
            if spots.is_empty() {
                continue;
            }
            match by_level.iter_mut().find(|(l, _)| *l == b.level) {
                Some((_, v)) => v.extend(spots),
                None => by_level.push((b.level, spots)),
            }
        }
        by_level
            .into_iter()
            .max_by_key(|(l, _)| *l)
            .map(|(_, mut v)| {
                v.sort_unstable();
                v
            })
            .unwrap_or_default()
    }

    /// A pulled invader of `e` comes: it lands (asking the player among ties) or attacks the shield.
    pub(super) fn invade(&mut self, e: Element) {
        let options = self.landing_options(e);
        match options.len() {
            0 => self.attack_shield(e),
            1 => self.land(e, options[0]),
            _ => {
                self.placing = Some(e);
                self.decision = Some(Decision::PlaceInvader {
                    element: e,
                    options,
                });
            }
        }
    }

    /// The invader goes back into the bag and a shield cube is lost; an empty shield loses at once.
    pub(super) fn attack_shield(&mut self, e: Element) {
        self.bag[e.index()] += 1;
        self.shield = self.shield.saturating_sub(1);
        if self.shield == 0 {
            self.lose();
        }
    }

    /// The invader of `e` lands on `at` and does its element's harm.
    pub(super) fn land(&mut self, e: Element, at: InvaderAt) {
        let harm = self.harm_active(e);
        match at {
            InvaderAt::Square { room, square } => {
                if let Some(b) = self.built.get_mut(&room) {
                    b.invaders[square as usize] = Some(e);
                }
                if harm && e == Element::Fire {
                    self.remove_pillar(room, square);
                }
            }
            InvaderAt::Group { room, group } => {
                if let Some(b) = self.built.get_mut(&room) {
                    b.group_invaders[group as usize] = Some(e);
                }
            }
        }
        if harm && e == Element::Water && !self.supply.is_empty() {
            self.decision = Some(Decision::Flood);
        }
    }

    /// The game is lost: nothing further happens.
    pub(super) fn lose(&mut self) {
        self.phase = Phase::Lost;
        self.decision = None;
        self.effects.clear();
        self.placing = None;
        self.to_pull = 0;
        self.rolls_pending = 0;
    }

    /// Air invaders in the fortress while air's harm lasts: dice taken from each roll.
    pub fn air_penalty(&self) -> usize {
        if self.harm_active(Element::Air) {
            self.invaders_in_fortress()[Element::Air.index()] as usize
        } else {
            0
        }
    }

    /// Take the invader at `at` out of the fortress; its element, if one was there.
    pub(super) fn take_invader(&mut self, at: InvaderAt) -> Option<Element> {
        let b = self.built.get_mut(&at.room())?;
        match at {
            InvaderAt::Square { square, .. } => b.invaders.get_mut(square as usize)?.take(),
            InvaderAt::Group { group, .. } => b.group_invaders.get_mut(group as usize)?.take(),
        }
    }

    /// Every invader in the fortress with its place.
    pub fn invader_spots(&self) -> Vec<(InvaderAt, Element)> {
        self.built
            .values()
            .flat_map(|b| b.invader_spots())
            .collect()
    }
}
