//! The Ice Fortress table: dice, decks, supply, the fortress of built rooms, the bag, the shield, the
//! characters and the invader/beacon cards, with read accessors for everything shown on the table.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::content::*;
use crate::{GameRng, Seat};

/// A die's identity, `0..50`.
pub type DieId = u8;

/// Where a die is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DieAt {
    /// In the unused pool.
    Pool,
    /// Rolled this turn and not yet used.
    Rolled,
    /// Placed on a character card to pay for a power this turn.
    Spent,
    /// A pillar on a square of a built room.
    Pillar { room: RoomId, square: u8 },
}

/// One of the 50 dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub value: u8,
    pub at: DieAt,
}

/// A face-down room deck. Its order is never stored: draws take a uniformly random card from `pile`.
/// Rooms put on the bottom wait in `bottom` (first put, first drawn once `pile` is empty) until the
/// deck is shuffled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub pile: Vec<RoomId>,
    pub bottom: Vec<RoomId>,
}

impl Deck {
    /// Cards in the deck.
    pub fn len(&self) -> usize {
        self.pile.len() + self.bottom.len()
    }

    /// True when no card is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Draw a card: a random one from the shuffled part, else the oldest from the bottom.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<RoomId> {
        if self.pile.is_empty() {
            (!self.bottom.is_empty()).then(|| self.bottom.remove(0))
        } else {
            rng.take(&mut self.pile)
        }
    }

    /// Put a card on the bottom.
    pub fn put_bottom(&mut self, room: RoomId) {
        self.bottom.push(room);
    }

    /// Shuffle: every card joins the unordered pile.
    pub fn shuffle(&mut self) {
        self.pile.append(&mut self.bottom);
        self.pile.sort_unstable();
    }

    /// Remove a given card (a search); true if it was there.
    pub fn remove(&mut self, room: RoomId) -> bool {
        if let Some(i) = self.pile.iter().position(|&r| r == room) {
            self.pile.remove(i);
            true
        } else if let Some(i) = self.bottom.iter().position(|&r| r == room) {
            self.bottom.remove(i);
            true
        } else {
            false
        }
    }

    /// Every card, shuffled part first.
    pub fn cards(&self) -> impl Iterator<Item = RoomId> + '_ {
        self.pile.iter().chain(self.bottom.iter()).copied()
    }
}

/// Where a room is built: a jumbo space of the foundation, or a pillar group of a built room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Spot {
    Foundation(u8),
    Group { room: RoomId, group: u8 },
}

/// Where an invader stands: on a pillar square (with or without a pillar), or on a pillar group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum InvaderAt {
    Square { room: RoomId, square: u8 },
    Group { room: RoomId, group: u8 },
}

impl InvaderAt {
    /// The room the invader is in.
    pub fn room(self) -> RoomId {
        match self {
            InvaderAt::Square { room, .. } | InvaderAt::Group { room, .. } => room,
        }
    }
}

/// A room in the fortress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuiltRoom {
    pub card: RoomId,
    pub on: Spot,
    /// 1 on the foundation, one more per room below.
    pub level: u8,
    /// The pillar die on each square.
    pub pillars: Vec<Option<DieId>>,
    /// The invader on each square.
    pub invaders: Vec<Option<Element>>,
    /// The invader on each pillar group (earth invaders while their harm lasts).
    pub group_invaders: Vec<Option<Element>>,
    /// The room built on each pillar group.
    pub above: Vec<Option<RoomId>>,
}

impl BuiltRoom {
    /// True when another room sits on this one (it can be neither invaded nor destroyed).
    pub fn is_covered(&self) -> bool {
        self.above.iter().any(Option::is_some)
    }

    /// Invaders in the room, squares first.
    pub fn invader_spots(&self) -> Vec<(InvaderAt, Element)> {
        let mut out = Vec::new();
        for (i, e) in self.invaders.iter().enumerate() {
            if let Some(e) = e {
                out.push((
                    InvaderAt::Square {
                        room: self.card,
                        square: i as u8,
                    },
                    *e,
                ));
            }
        }
        for (g, e) in self.group_invaders.iter().enumerate() {
            if let Some(e) = e {
                out.push((
                    InvaderAt::Group {
                        room: self.card,
                        group: g as u8,
                    },
                    *e,
                ));
            }
        }
        out
    }
}

/// A character card as it lies on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardRef {
    Name(CardId),
    Ability(CardId),
    Class(CardId),
    /// A built beacon's new ability (the invader card's id).
    Beacon(CardId),
}

/// One power on one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PowerRef {
    pub card: CardRef,
    pub index: u8,
}

/// A character: one name, two abilities, one class; played by `seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    pub seat: Seat,
    pub name: CardId,
    pub abilities: Vec<CardId>,
    pub class: CardId,
    /// Ability cards dealt and not yet kept or discarded (setup only).
    pub draft: Vec<CardId>,
}

/// An element's Invader/Beacon card on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvaderSlot {
    pub card: CardId,
    /// Flipped to its beacon side.
    pub beacon: bool,
    /// Its invader ability neutralized (slid under the board).
    pub neutralized: bool,
}

/// Where the game is, for the app's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup: players choose the abilities they keep.
    Draft,
    /// Step 1: the current character rolls its dice.
    Roll,
    /// Step 2: build pillars and rooms, use powers.
    Build,
    /// Step 3: pull invaders.
    Invaders,
    /// After the last turn of a round: discard the supply down to the difficulty.
    EndOfRound,
    Won,
    Lost,
}

/// Why a crystallize or repel is being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Removal {
    Crystallize,
    Repel,
}

/// A choice the rules hand the current seat, in the middle of a power or an invader pull.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Which invader to crystallize or repel.
    Invader {
        removal: Removal,
        element: Option<Element>,
    },
    /// Which room to repel every invader from.
    RepelRoom,
    /// Which pillar to destroy.
    DestroyPillar,
    /// Which room (supply or fortress) to destroy.
    DestroyRoom,
    /// Which deck to draw a room from.
    DrawSize,
    /// Which deck to look at `n` rooms of.
    LookSize(u8),
    /// Which of the looked-at rooms to draw (the others go to the bottom).
    LookPick(Vec<RoomId>),
    /// Which room of any deck to take.
    Search,
    /// Which element's invader ability to neutralize.
    Neutralize,
    /// Which die to change, and to what, by up to `n`.
    AdjustDie(u8),
    /// Which die to turn over.
    FlipDie,
    /// Where the pulled invader lands, among equal options.
    PlaceInvader {
        element: Element,
        options: Vec<InvaderAt>,
    },
    /// Which supply room the water invader floods.
    Flood,
}

/// The shared content a state plays with; serialized as `Standard` when it is the shipped content.
#[derive(Clone)]
pub struct ContentHandle(pub Arc<Content>);

impl ContentHandle {
    /// A handle on `content`, sharing the standard content when it is equal to it.
    pub fn new(content: &Content) -> Self {
        match Content::standard_shared() {
            Ok(std) if *std == *content => ContentHandle(std),
            _ => ContentHandle(Arc::new(content.clone())),
        }
    }

    fn is_standard(&self) -> bool {
        Content::standard_shared().is_ok_and(|s| Arc::ptr_eq(&s, &self.0))
    }
}

impl PartialEq for ContentHandle {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl std::fmt::Debug for ContentHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_standard() {
            f.write_str("Content(standard)")
        } else {
            f.write_str("Content(custom)")
        }
    }
}

#[derive(Serialize)]
#[serde(rename = "Content")]
enum ContentOut<'a> {
    Standard,
    Custom(&'a Content),
}

#[derive(Deserialize)]
#[serde(rename = "Content")]
enum ContentIn {
    Standard,
    Custom(Box<Content>),
}

impl Serialize for ContentHandle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_standard() {
            ContentOut::Standard.serialize(s)
        } else {
            ContentOut::Custom(&self.0).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for ContentHandle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match ContentIn::deserialize(d)? {
            ContentIn::Standard => Content::standard_shared()
                .map(ContentHandle)
                .map_err(serde::de::Error::custom),
            ContentIn::Custom(c) => {
                c.validate().map_err(serde::de::Error::custom)?;
                Ok(ContentHandle(Arc::new(*c)))
            }
        }
    }
}

/// The whole state of a game of Ice Fortress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IceFortress {
    pub(super) content: ContentHandle,
    pub(super) players: usize,
    pub(super) difficulty: u8,
    pub(super) round_limit: u32,
    pub(super) phase: Phase,
    pub(super) round: u32,
    /// Index into `characters` of whose turn it is.
    pub(super) current: usize,
    pub(super) characters: Vec<Character>,
    /// Name cards show their advanced side (after the first beacon).
    pub(super) advanced: bool,
    pub(super) dice: Vec<Die>,
    /// Decks by size, smallest first.
    pub(super) decks: Vec<Deck>,
    pub(super) supply: Vec<RoomId>,
    pub(super) foundation: Vec<Option<RoomId>>,
    /// Built rooms, by card id.
    pub(super) built: std::collections::BTreeMap<RoomId, BuiltRoom>,
    pub(super) bag: [u8; 4],
    pub(super) shards: [u8; 4],
    /// Shards paid this turn, still on the cards.
    pub(super) spent_shards: [u8; 4],
    pub(super) shield: u8,
    /// The four invader cards, by element.
    pub(super) slots: [InvaderSlot; 4],
    /// Powers used this turn.
    pub(super) used: Vec<PowerRef>,
    /// Effects of the power being resolved, next first.
    pub(super) effects: Vec<Verb>,
    pub(super) decision: Option<Decision>,
    /// Dice still to roll in the build step (chance).
    pub(super) rolls_pending: u8,
    /// Invaders still to pull this turn (chance).
    pub(super) to_pull: u8,
    /// The pulled invader waiting for its landing choice.
    pub(super) placing: Option<Element>,
    pub(super) rng: GameRng,
}

impl IceFortress {
    /// The content this game plays with.
    pub fn content(&self) -> &Content {
        &self.content.0
    }

    /// Number of players (seats).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The difficulty: starting shield and supply limit.
    pub fn difficulty(&self) -> u8 {
        self.difficulty
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round being played, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Rounds after which the siege is lost if not yet won.
    pub fn round_limit(&self) -> u32 {
        self.round_limit
    }

    /// Index of the character whose turn it is.
    pub fn current(&self) -> usize {
        self.current
    }

    /// The characters in turn order.
    pub fn characters(&self) -> &[Character] {
        &self.characters
    }

    /// True once the name cards show their advanced side.
    pub fn advanced(&self) -> bool {
        self.advanced
    }

    /// All 50 dice by id.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// Cards left in the deck of `size`.
    pub fn deck_len(&self, size: Size) -> usize {
        self.decks[size.index()].len()
    }

    /// The deck of `size`.
    pub fn deck(&self, size: Size) -> &Deck {
        &self.decks[size.index()]
    }

    /// Rooms in the supply, by id.
    pub fn supply(&self) -> &[RoomId] {
        &self.supply
    }

    /// The foundation's jumbo spaces and the room on each.
    pub fn foundation(&self) -> &[Option<RoomId>] {
        &self.foundation
    }

    /// Built rooms by card id.
    pub fn built(&self) -> &std::collections::BTreeMap<RoomId, BuiltRoom> {
        &self.built
    }

    /// A built room.
    pub fn built_room(&self, room: RoomId) -> Option<&BuiltRoom> {
        self.built.get(&room)
    }

    /// Figures in the bag, by element.
    pub fn bag(&self) -> [u8; 4] {
        self.bag
    }

    /// Figures in the bag.
    pub fn bag_count(&self) -> usize {
        self.bag.iter().map(|&n| n as usize).sum()
    }

    /// Shards in the supply, by element.
    pub fn shards(&self) -> [u8; 4] {
        self.shards
    }

    /// Shards paid this turn, by element.
    pub fn spent_shards(&self) -> [u8; 4] {
        self.spent_shards
    }

    /// Ice shield cubes in the shield pile.
    pub fn shield(&self) -> u8 {
        self.shield
    }

    /// The invader/beacon card of each element, in [`Element::ALL`] order.
    pub fn slots(&self) -> &[InvaderSlot; 4] {
        &self.slots
    }

    /// The invader/beacon card of `e`.
    pub fn slot(&self, e: Element) -> InvaderSlot {
        self.slots[e.index()]
    }

    /// Beacons completed.
    pub fn beacons(&self) -> usize {
        self.slots.iter().filter(|s| s.beacon).count()
    }

    /// Powers used this turn.
    pub fn used_powers(&self) -> &[PowerRef] {
        &self.used
    }

    /// The choice the current seat must make, if any.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// Invaders still to pull this turn.
    pub fn to_pull(&self) -> u8 {
        self.to_pull
    }

    /// The seat whose character's turn it is.
    pub fn current_seat(&self) -> Seat {
        self.characters.get(self.current).map_or(0, |c| c.seat)
    }

    /// Rolled dice not yet used, by id.
    pub fn rolled(&self) -> Vec<DieId> {
        self.dice_at(DieAt::Rolled)
    }

    /// Dice in the unused pool.
    pub fn pool_count(&self) -> usize {
        self.dice.iter().filter(|d| d.at == DieAt::Pool).count()
    }

    pub(super) fn dice_at(&self, at: DieAt) -> Vec<DieId> {
        (0..self.dice.len())
            .filter(|&i| self.dice[i].at == at)
            .map(|i| i as DieId)
            .collect()
    }

    /// The room card of `id` (ids come from the content, so this is total on valid ids).
    pub fn card(&self, id: RoomId) -> Option<&RoomCard> {
        self.content.0.room(id)
    }

    /// True when `e` invaders still do their harm (no beacon of `e`, not neutralized).
    pub fn harm_active(&self, e: Element) -> bool {
        let s = self.slots[e.index()];
        !s.beacon && !s.neutralized
    }

    /// Invaders in the fortress, by element.
    pub fn invaders_in_fortress(&self) -> [u8; 4] {
        let mut n = [0u8; 4];
        for b in self.built.values() {
            for (_, e) in b.invader_spots() {
                n[e.index()] += 1;
            }
        }
        n
    }

    /// Rooms and shards the supply may hold at the end of a round.
    pub fn supply_limit(&self) -> usize {
        self.difficulty as usize
    }

    /// Name card side the current face shows.
    pub fn name_side(&self, name: CardId) -> Option<&NameSide> {
        let card = self.content.0.characters.names.get(name as usize)?;
        Some(if self.advanced {
            &card.advanced
        } else {
            &card.starting
        })
    }

    /// Dice shown on the cards of character `c` (name side, abilities and class).
    pub fn dice_shown(&self, c: usize) -> usize {
        let Some(ch) = self.characters.get(c) else {
            return 0;
        };
        let chars = &self.content.0.characters;
        let name = self.name_side(ch.name).map_or(0, |s| s.dice as usize);
        let abilities: usize = ch
            .abilities
            .iter()
            .filter_map(|&a| chars.abilities.get(a as usize))
            .map(|a| a.dice as usize)
            .sum();
        let class = chars
            .classes
            .get(ch.class as usize)
            .map_or(0, |k| k.dice as usize);
        name + abilities + class
    }

    /// The character's title: "Autumn, the fierce cunning Banisher".
    pub fn title(&self, c: usize) -> String {
        let Some(ch) = self.characters.get(c) else {
            return String::new();
        };
        let chars = &self.content.0.characters;
        let mut parts = vec![
            self.name_side(ch.name)
                .map_or(String::new(), |s| s.title.clone()),
        ];
        for &a in &ch.abilities {
            if let Some(card) = chars.abilities.get(a as usize) {
                parts.push(card.name.clone());
            }
        }
        if let Some(card) = chars.classes.get(ch.class as usize) {
            parts.push(card.name.clone());
        }
        parts.join(" ")
    }
}
