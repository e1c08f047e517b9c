//! Powers: which ones the current character may use, paying their costs, and resolving their verbs
//! (the glossary: drawing, crystallizing, repelling, destroying, boosting, searching, neutralizing).

use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::content::*;
use super::state::*;

/// One payment for one cost of a power, in the order of its costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pay {
    Die(DieId),
    Shard(Element),
}

impl IceFortress {
    /// The powers on the current character's cards and the built beacons, with where they are.
    pub fn powers(&self) -> Vec<(PowerRef, &Power)> {
        let mut refs = Vec::new();
        if let Some(ch) = self.characters.get(self.current) {
            let chars = &self.content().characters;
            let mut push = |card: CardRef, n: usize| {
                refs.extend((0..n).map(|i| PowerRef {
                    card,
                    index: i as u8,
                }))
            };
            if let Some(side) = self.name_side(ch.name) {
                push(CardRef::Name(ch.name), side.powers.len());
            }
            for &a in &ch.abilities {
                if let Some(card) = chars.abilities.get(a as usize) {
                    push(CardRef::Ability(a), card.powers.len());
                }
            }
            if let Some(card) = chars.classes.get(ch.class as usize) {
                push(CardRef::Class(ch.class), card.powers.len());
            }
            for slot in self.slots.iter().filter(|s| s.beacon) {
                push(CardRef::Beacon(slot.card), 1);
            }
        }
        refs.into_iter()
            .filter_map(|r| self.power(r).map(|p| (r, p)))
            .collect()
    }

    /// The power `r` refers to, if the current character (or a beacon) has it.
    pub fn power(&self, r: PowerRef) -> Option<&Power> {
        let ch = self.characters.get(self.current)?;
        let chars = &self.content().characters;
        let i = r.index as usize;
        match r.card {
            CardRef::Name(n) if n == ch.name => self.name_side(n)?.powers.get(i),
            CardRef::Ability(a) if ch.abilities.contains(&a) => {
                chars.abilities.get(a as usize)?.powers.get(i)
            }
            CardRef::Class(k) if k == ch.class => chars.classes.get(k as usize)?.powers.get(i),
            CardRef::Beacon(b) if i == 0 => {
                let slot = self.slots.iter().find(|s| s.card == b && s.beacon)?;
                Some(&self.content().invaders.get(slot.card as usize)?.ability)
            }
            _ => None,
        }
    }

    /// Every way to pay `costs` from the rolled dice and the supply's shards.
    pub fn payments(&self, costs: &[Cost]) -> Vec<Vec<Pay>> {
        let rolled = self.rolled();
        let mut out = vec![Vec::new()];
        for cost in costs {
            let mut next = Vec::new();
            for partial in &out {
                let options: Vec<Pay> = match *cost {
                    Cost::Die(a, b) => rolled
                        .iter()
                        .filter(|&&d| (a..=b).contains(&self.dice[d as usize].value))
                        .filter(|&&d| !partial.contains(&Pay::Die(d)))
                        .map(|&d| Pay::Die(d))
                        .collect(),
                    Cost::Shard(e) => self
                        .shard_left(partial, e)
                        .then_some(Pay::Shard(e))
                        .into_iter()
                        .collect(),
                    Cost::AnyShard => Element::ALL
                        .iter()
                        .filter(|&&e| self.shard_left(partial, e))
                        .map(|&e| Pay::Shard(e))
                        .collect(),
                };
                for p in options {
                    let mut v = partial.clone();
                    v.push(p);
                    next.push(v);
                }
            }
            out = next;
        }
        out.sort();
        out.dedup();
        out
    }

    fn shard_left(&self, partial: &[Pay], e: Element) -> bool {
        let taken = partial.iter().filter(|&&p| p == Pay::Shard(e)).count();
        (self.shards[e.index()] as usize) > taken
    }

    /// Whether `pay` pays `costs` exactly, with dice rolled and shards in the supply.
    pub fn pays(&self, costs: &[Cost], pay: &[Pay]) -> bool {
        if costs.len() != pay.len() {
            return false;
        }
        let mut partial: Vec<Pay> = Vec::new();
        for (cost, p) in costs.iter().zip(pay) {
            let ok = match (*cost, *p) {
                (Cost::Die(a, b), Pay::Die(d)) => {
                    self.dice
                        .get(d as usize)
                        .is_some_and(|die| die.at == DieAt::Rolled && (a..=b).contains(&die.value))
                        && !partial.contains(p)
                }
                (Cost::Shard(e), Pay::Shard(f)) => e == f && self.shard_left(&partial, f),
                (Cost::AnyShard, Pay::Shard(f)) => self.shard_left(&partial, f),
                _ => false,
            };
            if !ok {
                return false;
            }
            partial.push(*p);
        }
        true
    }

    /// Use a power (checked by the caller): pay onto the card, mark it used, queue its effects.
    pub(super) fn use_power(&mut self, r: PowerRef, pay: &[Pay]) {
        let Some(effects) = self.power(r).map(|p| p.effects.clone()) else {
            return;
        };
        for p in pay {
            match *p {
                Pay::Die(d) => self.dice[d as usize].at = DieAt::Spent,
                Pay::Shard(e) => {
                    self.shards[e.index()] -= 1;
                    self.spent_shards[e.index()] += 1;
                }
            }
        }
        self.used.push(r);
        self.used.sort_unstable();
        self.effects.extend(effects);
    }

    /// Do one verb, or hand the player the choice it needs.
    pub(super) fn run_verb(&mut self, verb: Verb) {
        match verb {
            Verb::DrawRoom(Some(size)) => {
                self.draw_room(size);
            }
            Verb::DrawRoom(None) => self.decision = Some(Decision::DrawSize),
            Verb::LookRooms(n) => self.decision = Some(Decision::LookSize(n)),
            Verb::DrawShard => {
                if let Some(e) = self.pull_figure() {
                    self.shards[e.index()] += 1;
                }
            }
            Verb::Crystallize(element) => {
                self.decision = Some(Decision::Invader {
                    removal: Removal::Crystallize,
                    element,
                })
            }
            Verb::Repel(element) => {
                self.decision = Some(Decision::Invader {
                    removal: Removal::Repel,
                    element,
                })
            }
            Verb::RepelRoom => self.decision = Some(Decision::RepelRoom),
            Verb::DestroyPillar => self.decision = Some(Decision::DestroyPillar),
            Verb::DestroyRoom => self.decision = Some(Decision::DestroyRoom),
            Verb::BoostShield => self.boost(),
            Verb::SearchRoom => self.decision = Some(Decision::Search),
            Verb::Neutralize => self.decision = Some(Decision::Neutralize),
            Verb::AdjustDie(n) => self.decision = Some(Decision::AdjustDie(n)),
            Verb::FlipDie => self.decision = Some(Decision::FlipDie),
            Verb::RollDie => {
                if self.pool_count() > self.rolls_pending as usize {
                    self.rolls_pending += 1;
                }
            }
        }
    }

    /// The actions that answer the pending decision, sorted (empty without one).
    pub fn decision_options(&self) -> Vec<Action> {
        let Some(d) = &self.decision else {
            return Vec::new();
        };
        let mut out = match d {
            Decision::Invader { element, .. } => self
                .invader_spots()
                .into_iter()
                .filter(|(_, e)| element.is_none_or(|want| want == *e))
                .map(|(at, _)| Action::PickInvader { at })
                .collect(),
            Decision::RepelRoom => self
                .built
                .values()
                .filter(|b| !b.invader_spots().is_empty())
                .map(|b| Action::PickRoom { room: b.card })
                .collect(),
            Decision::DestroyPillar => self
                .destroyable_pillars()
                .into_iter()
                .map(|(room, square)| Action::PickPillar { room, square })
                .collect(),
            Decision::DestroyRoom => self
                .destroyable_rooms()
                .into_iter()
                .map(|room| Action::PickRoom { room })
                .collect(),
            Decision::DrawSize | Decision::LookSize(_) => Size::ALL
                .iter()
                .filter(|&&s| !self.decks[s.index()].is_empty())
                .map(|&size| Action::PickSize { size })
                .collect(),
            Decision::LookPick(cards) => cards
                .iter()
                .map(|&room| Action::PickRoom { room })
                .collect(),
            Decision::Search => self
                .decks
                .iter()
                .flat_map(|d| d.cards())
                .map(|room| Action::PickRoom { room })
                .collect(),
            Decision::Neutralize => Element::ALL
                .iter()
                .filter(|&&e| self.harm_active(e))
                .map(|&element| Action::PickElement { element })
                .collect(),
            Decision::AdjustDie(n) => {
                let mut v = Vec::new();
                for die in self.rolled() {
                    let cur = self.dice[die as usize].value;
                    for value in 1..=6u8 {
                        if value != cur && value.abs_diff(cur) <= *n {
                            v.push(Action::SetDie { die, value });
                        }
                    }
                }
                v
            }
            Decision::FlipDie => self
                .rolled()
                .into_iter()
                .map(|die| Action::SetDie {
                    die,
                    value: 7 - self.dice[die as usize].value,
                })
                .collect(),
            Decision::PlaceInvader { options, .. } => options
                .iter()
                .map(|&at| Action::PlaceInvader { at })
                .collect(),
            Decision::Flood => self
                .supply
                .iter()
                .map(|&room| Action::Flood { room })
                .collect(),
        };
        out.sort();
        out.dedup();
        out
    }

    /// Carry out an answer to the pending decision (one of [`IceFortress::decision_options`]).
    pub(super) fn resolve(&mut self, action: &Action) {
        let Some(d) = self.decision.take() else {
            return;
        };
        match (d, action) {
            (Decision::Invader { removal, .. }, Action::PickInvader { at }) => {
                if let Some(e) = self.take_invader(*at) {
                    match removal {
                        Removal::Crystallize => self.shards[e.index()] += 1,
                        Removal::Repel => self.bag[e.index()] += 1,
                    }
                }
            }
            (Decision::RepelRoom, Action::PickRoom { room }) => {
                let spots = self
                    .built
                    .get(room)
                    .map(|b| b.invader_spots())
                    .unwrap_or_default();
                for (at, e) in spots {
                    self.take_invader(at);
                    self.bag[e.index()] += 1;
                }
            }
            (Decision::DestroyPillar, Action::PickPillar { room, square }) => {
                self.remove_pillar(*room, *square)
            }
            (Decision::DestroyRoom, Action::PickRoom { room }) => self.destroy_room(*room),
            (Decision::DrawSize, Action::PickSize { size }) => {
                self.draw_room(*size);
            }
            (Decision::LookSize(n), Action::PickSize { size }) => {
                let deck = &mut self.decks[size.index()];
                let mut cards = Vec::new();
                for _ in 0..n {
                    if let Some(r) = deck.draw(&mut self.rng) {
                        cards.push(r);
                    }
                }
                self.decision = Some(Decision::LookPick(cards));
            }
            (Decision::LookPick(cards), Action::PickRoom { room }) => {
                for r in cards {
                    if r == *room {
                        self.supply.push(r);
                        self.supply.sort_unstable();
                    } else if let Some(size) = self.card(r).map(|c| c.size) {
                        self.decks[size.index()].put_bottom(r);
                    }
                }
            }
            (Decision::Search, Action::PickRoom { room }) => {
                if let Some(size) = self.card(*room).map(|c| c.size) {
                    let deck = &mut self.decks[size.index()];
                    if deck.remove(*room) {
                        deck.shuffle();
                        self.supply.push(*room);
                        self.supply.sort_unstable();
                    }
                }
            }
            (Decision::Neutralize, Action::PickElement { element }) => {
                self.slots[element.index()].neutralized = true;
            }
            (Decision::AdjustDie(_) | Decision::FlipDie, Action::SetDie { die, value }) => {
                self.dice[*die as usize].value = *value;
            }
            (Decision::PlaceInvader { element, .. }, Action::PlaceInvader { at }) => {
                self.placing = None;
                self.land(element, *at);
            }
            (Decision::Flood, Action::Flood { room }) => self.destroy_room(*room),
            (d, _) => self.decision = Some(d),
        }
    }
}
