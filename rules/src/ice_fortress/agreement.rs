//! What a position must agree on beyond its shape and its pieces (a table position read from a
//! file may hold anything): the cards dealt, once each and in their places; the choice waiting and
//! the effects queued behind it, which only a power used this turn or a beacon just built can
//! leave; and a won game's four beacons.

use super::validate::MOST_LOOKED_OR_CHANGED;
use super::{CardId, Decision, Element, IceFortress, Phase};

impl IceFortress {
    /// Every check of this module, in the order above.
    pub(super) fn agreement(&self) -> Result<(), String> {
        self.cards_dealt_once()?;
        self.choice_and_queue()?;
        if self.phase == Phase::Won && self.beacons() != Element::ALL.len() {
            return Err(format!(
                "the game is won with {} beacons, not 4",
                self.beacons()
            ));
        }
        Ok(())
    }

    /// Names, classes and ability cards each in one character's hands at most; each invader card
    /// in its element's slot, four different ones; two abilities kept at most.
    fn cards_dealt_once(&self) -> Result<(), String> {
        let mut held: Vec<(u8, CardId)> = Vec::new();
        for c in &self.characters {
            if c.abilities.len() > 2 {
                return Err(format!("a character keeps {} abilities", c.abilities.len()));
            }
            held.push((0, c.name));
            held.push((1, c.class));
            held.extend((c.abilities.iter().chain(&c.draft)).map(|&a| (2, a)));
        }
        held.sort_unstable();
        if held.windows(2).any(|w| w[0] == w[1]) {
            return Err("a character card is held twice".into());
        }
        for (slot, e) in self.slots.iter().zip(Element::ALL) {
            let element = self
                .content()
                .invaders
                .get(slot.card as usize)
                .map(|c| c.element);
            if element != Some(e) {
                return Err(format!(
                    "the {} invader slot holds card {}, not a {} card",
                    e.name(),
                    slot.card,
                    e.name()
                ));
            }
        }
        Ok(())
    }

    /// A waiting invader lands where the rules would let it; a look or a die change within the
    /// content's limits; queued effects only behind a choice in the build step, each a verb of a
    /// power used this turn or of a beacon's card.
    fn choice_and_queue(&self) -> Result<(), String> {
        match &self.decision {
            Some(Decision::PlaceInvader { element, options }) => {
                if self.placing != Some(*element) {
                    return Err("the invader being placed is not of the element asked".into());
                }
                if *options != self.landing_options(*element) {
                    return Err(format!(
                        "the {} invader's landing choices are not where it may land",
                        element.name()
                    ));
                }
            }
            Some(Decision::LookSize(n) | Decision::AdjustDie(n))
                if !(1..=MOST_LOOKED_OR_CHANGED).contains(n) =>
            {
                return Err(format!(
                    "a power looks at or changes by {n}, not 1 to {MOST_LOOKED_OR_CHANGED}"
                ));
            }
            _ => {}
        }
        if self.effects.is_empty() {
            return Ok(());
        }
        if self.phase != Phase::Build || self.decision.is_none() {
            return Err("effects are queued outside a choice of the build step".into());
        }
        let powers = self.used.iter().filter_map(|&r| self.power(r));
        let mut verbs: Vec<_> = powers.flat_map(|p| p.effects.iter().copied()).collect();
        for slot in self.slots.iter().filter(|s| s.beacon) {
            if let Some(card) = self.content().invaders.get(slot.card as usize) {
                verbs.extend(card.immediately.iter().copied());
            }
        }
        let foreign = self.effects.iter().find(|v| !verbs.contains(v));
        if self.effects.len() > verbs.len() || foreign.is_some() {
            return Err(format!(
                "queued effects ({:?}) that no power used this turn nor beacon gives",
                self.effects
            ));
        }
        Ok(())
    }
}
