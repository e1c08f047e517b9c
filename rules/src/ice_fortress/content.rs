//! The card content of Ice Fortress as data: rooms, characters, invader/beacon cards, the foundation
//! board and the difficulty track. Nothing about a single card lives in Rust; powers are lists of verbs.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

/// Index of a room card (its `id` in the content, `0..112`).
pub type RoomId = u16;
/// Index of a character or invader/beacon card within its own list.
pub type CardId = u8;

/// Room sizes, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Size {
    Small,
    Medium,
    Large,
    Jumbo,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 4] = [Size::Small, Size::Medium, Size::Large, Size::Jumbo];

    /// Position in [`Size::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The size's name in lower case.
    pub fn name(self) -> &'static str {
        ["small", "medium", "large", "jumbo"][self.index()]
    }
}

/// The four elements of invaders, shards and coloured rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Element {
    Fire,
    Water,
    Air,
    Earth,
}

impl Element {
    /// Every element in board order.
    pub const ALL: [Element; 4] = [Element::Fire, Element::Water, Element::Air, Element::Earth];

    /// Position in [`Element::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The element's name in lower case.
    pub fn name(self) -> &'static str {
        ["fire", "water", "air", "earth"][self.index()]
    }
}

/// A room's colour: one of the elements, or white (ice crystal icons only, no element).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RoomElement {
    Fire,
    Water,
    Air,
    Earth,
    White,
}

impl RoomElement {
    /// The element, or `None` for a white room.
    pub fn element(self) -> Option<Element> {
        match self {
            RoomElement::Fire => Some(Element::Fire),
            RoomElement::Water => Some(Element::Water),
            RoomElement::Air => Some(Element::Air),
            RoomElement::Earth => Some(Element::Earth),
            RoomElement::White => None,
        }
    }

    /// The colour's name in lower case.
    pub fn name(self) -> &'static str {
        self.element().map_or("white", Element::name)
    }
}

/// How a black square's value follows the square it is linked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Modifier {
    /// The linked value plus `n`.
    Plus(u8),
    /// The linked value minus `n`.
    Minus(u8),
    /// The linked value times `n` (x2 on the cards).
    Times(u8),
    /// The same value as the linked square.
    Same,
}

impl Modifier {
    /// The value a die on the black square must show when the linked pillar shows `v`, if any die can.
    pub fn apply(self, v: u8) -> Option<u8> {
        let r = match self {
            Modifier::Plus(n) => v as i32 + n as i32,
            Modifier::Minus(n) => v as i32 - n as i32,
            Modifier::Times(n) => v as i32 * n as i32,
            Modifier::Same => v as i32,
        };
        (1..=6).contains(&r).then_some(r as u8)
    }

    /// How the card prints it: "+1", "-2", "x2", "=".
    pub fn label(self) -> String {
        match self {
            Modifier::Plus(n) => format!("+{n}"),
            Modifier::Minus(n) => format!("-{n}"),
            Modifier::Times(n) => format!("x{n}"),
            Modifier::Same => "=".to_string(),
        }
    }
}

/// What a pillar square accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// Any die.
    Any,
    /// Exactly this value.
    Exact(u8),
    /// A value from the first to the second, both included.
    Range(u8, u8),
    /// A black square: square `to` of the same room must hold a pillar, and this die must show that
    /// pillar's value changed by `modifier`.
    Linked { to: u8, modifier: Modifier },
}

impl Constraint {
    /// How the square is printed on the card: "any", "3", "4-5", "+1", "=".
    pub fn mark(self) -> String {
        match self {
            Constraint::Any => "any".to_string(),
            Constraint::Exact(v) => v.to_string(),
            Constraint::Range(a, b) => format!("{a}-{b}"),
            Constraint::Linked { modifier, .. } => modifier.label(),
        }
    }

    /// The square in words, squares counted from 1 as players count them: "any", "3", "4-5",
    /// "+1 of square 1", "same as square 3".
    pub fn label(self) -> String {
        match self {
            Constraint::Linked {
                to,
                modifier: Modifier::Same,
            } => format!("same as square {}", u16::from(to) + 1),
            Constraint::Linked { to, modifier } => {
                format!("{} of square {}", modifier.label(), u16::from(to) + 1)
            }
            c => c.mark(),
        }
    }
}

/// A dotted outline of pillar squares; a room of `size` may sit on it once all its squares hold pillars.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub size: Size,
    /// Indices into the room's squares.
    pub squares: Vec<u8>,
}

/// One room card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomCard {
    pub id: RoomId,
    pub name: String,
    pub size: Size,
    pub element: RoomElement,
    /// Pillar squares; squares outside every group only hold decoy pillars and invaders.
    pub squares: Vec<Constraint>,
    pub groups: Vec<Group>,
    /// Has an ice crystal section (never takes a room): building the room boosts the shield.
    pub crystal: bool,
}

/// What using a power costs, placed on the card before the power acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// A shard of this element from the supply.
    Shard(Element),
    /// A shard of any element from the supply.
    AnyShard,
    /// A rolled die showing a value from the first to the second, both included.
    Die(u8, u8),
}

/// One step of a power, built from the glossary's verbs and a few dice verbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Verb {
    /// Draw a room of this size, or of a size the player chooses (`None`).
    DrawRoom(Option<Size>),
    /// Choose a deck, look at `n` of its rooms, draw one and put the others on the bottom.
    LookRooms(u8),
    /// Draw a shard from the bag into the supply.
    DrawShard,
    /// Crystallize one invader (of this element, or any).
    Crystallize(Option<Element>),
    /// Repel one invader (of this element, or any).
    Repel(Option<Element>),
    /// Repel every invader in one room the player chooses.
    RepelRoom,
    /// Destroy one pillar that has no room or invader on it.
    DestroyPillar,
    /// Destroy one room: from the supply, or a built room with no room on top.
    DestroyRoom,
    /// Boost the ice shield by one cube.
    BoostShield,
    /// Search any room deck for any room, then shuffle that deck.
    SearchRoom,
    /// Neutralize the invader ability of an element the player chooses.
    Neutralize,
    /// Change one rolled die by up to `n` pips (1 to 6).
    AdjustDie(u8),
    /// Turn one rolled die to its opposite face (7 minus its value).
    FlipDie,
    /// Roll one more die from the unused pool.
    RollDie,
}

/// A power: once a turn, pay its costs, then do its effects in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    pub text: String,
    #[serde(default)]
    pub cost: Vec<Cost>,
    pub effects: Vec<Verb>,
}

/// One side of a name card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameSide {
    pub title: String,
    pub dice: u8,
    /// The advanced side lists the starting side's power first, then its second one.
    pub powers: Vec<Power>,
}

/// A name card: the starting side (title ending in "the"), and the advanced side after the first beacon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NameCard {
    pub id: CardId,
    pub name: String,
    pub starting: NameSide,
    pub advanced: NameSide,
}

/// An ability card (an adjective of the character's title) or a class card (its noun).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraitCard {
    pub id: CardId,
    pub name: String,
    pub dice: u8,
    pub powers: Vec<Power>,
}

/// Cards in each character deck. The rulebook prints 4 names, 22 abilities and 10 classes, which is
/// 36, yet says 38 cards; the shipped file keeps 38 with 24 abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterCounts {
    pub names: u8,
    pub abilities: u8,
    pub classes: u8,
}

/// The character decks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Characters {
    /// How many cards each deck must hold; they add up to 38.
    pub counts: CharacterCounts,
    pub names: Vec<NameCard>,
    pub abilities: Vec<TraitCard>,
    pub classes: Vec<TraitCard>,
}

/// An Invader/Beacon card: the invader side names the element's harm, the beacon side its rewards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvaderCard {
    pub id: CardId,
    pub element: Element,
    pub invader_text: String,
    pub beacon_name: String,
    pub immediately_text: String,
    pub immediately: Vec<Verb>,
    pub ability: Power,
    /// Extra invaders pulled per turn once this beacon is built.
    pub extra_invaders: u8,
}

/// Room cards in each deck. The rulebook prints 12 jumbo, 26 large, 32 medium and 36 small, which is
/// 106, yet says 112 cards; the shipped files keep 112 and give the six missing cards to the small deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSizes {
    pub small: u16,
    pub medium: u16,
    pub large: u16,
    pub jumbo: u16,
}

impl DeckSizes {
    /// Cards in the deck of `size`.
    pub fn of(&self, size: Size) -> usize {
        let n = match size {
            Size::Small => self.small,
            Size::Medium => self.medium,
            Size::Large => self.large,
            Size::Jumbo => self.jumbo,
        };
        n as usize
    }

    /// Cards in all four decks.
    pub fn total(&self) -> usize {
        Size::ALL.iter().map(|&s| self.of(s)).sum()
    }
}

/// The tower foundation board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Foundation {
    /// Room cards in each deck; they must add up to 112.
    pub decks: DeckSizes,
    /// Jumbo spaces at the bottom of the fortress; building on them needs no pillars.
    pub spaces: u8,
    /// Room sizes that may stand on a foundation space (a smaller card fits in a jumbo space).
    pub sizes: Vec<Size>,
    /// Invaders pulled at the end of every turn before beacons add more.
    pub invaders_per_turn: u8,
    /// Rooms of one element stacked to make a beacon.
    pub beacon_height: u8,
}

/// One mark on the difficulty track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DifficultyLevel {
    pub level: u8,
    pub label: String,
    /// The rooms dealt face up to the supply at setup when the game has the jumbo-room assist on
    /// (`Setup::jumbo_assist`), one per size listed; without the assist, and for a level that lists
    /// none, the rulebook's one room from each deck. Data, see the design note.
    #[serde(default = "rulebook_dealt")]
    pub assist_dealt: Vec<Size>,
}

/// The rulebook's setup: one room from each deck to the supply.
fn rulebook_dealt() -> Vec<Size> {
    Size::ALL.to_vec()
}

/// The difficulty track: each level is the starting shield and the supply limit, and deals its
/// rooms to the supply at setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DifficultyTrack {
    pub standard: u8,
    pub levels: Vec<DifficultyLevel>,
}

impl DifficultyTrack {
    /// Whether a game may be played at `level`.
    pub fn has(&self, level: u8) -> bool {
        self.levels.iter().any(|l| l.level == level)
    }

    /// Its lowest to its highest level (the track lists them in order); the whole track of
    /// shield cube spaces, 1 to [`SHIELD_CUBES`], when it has none.
    pub fn span(&self) -> std::ops::RangeInclusive<u8> {
        match (self.levels.first(), self.levels.last()) {
            (Some(a), Some(b)) => a.level..=b.level,
            _ => 1..=SHIELD_CUBES,
        }
    }
}

/// Everything in one document (the shape [`Content::from_ron`] reads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Content {
    pub rooms: Vec<RoomCard>,
    pub characters: Characters,
    pub invaders: Vec<InvaderCard>,
    pub foundation: Foundation,
    pub difficulty: DifficultyTrack,
}

/// Why a content file was refused; the message names the card and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError(pub String);

impl std::fmt::Display for ContentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ContentError {}

/// Room cards in the box.
pub const ROOM_COUNT: usize = 112;
/// Character cards in the box.
pub const CHARACTER_COUNT: usize = 38;
/// Invader/Beacon cards per element.
pub const INVADER_CARDS_PER_ELEMENT: usize = 2;
/// Dice in the box.
pub const DICE: usize = 50;
/// Elemental figures per element (40 in all).
pub const FIGURES_PER_ELEMENT: u8 = 10;
/// Clear ice shield cubes in the box.
pub const SHIELD_CUBES: u8 = 10;

const ROOMS_RON: &str = include_str!("../../../scenes/ice-fortress/rooms.ron");
const CHARACTERS_RON: &str = include_str!("../../../scenes/ice-fortress/characters.ron");
const INVADERS_RON: &str = include_str!("../../../scenes/ice-fortress/invaders.ron");
const FOUNDATION_RON: &str = include_str!("../../../scenes/ice-fortress/foundation.ron");
const DIFFICULTY_RON: &str = include_str!("../../../scenes/ice-fortress/difficulty.ron");

fn parse<T: for<'de> Deserialize<'de>>(what: &str, text: &str) -> Result<T, ContentError> {
    ron::from_str(text).map_err(|e| ContentError(format!("{what}: {e}")))
}

impl Content {
    /// Read and check a whole content document.
    pub fn from_ron(text: &str) -> Result<Content, ContentError> {
        let content: Content = parse("content", text)?;
        content.validate()?;
        Ok(content)
    }

    /// Read and check the five content files (rooms, characters, invaders, foundation, difficulty).
    pub fn from_parts(
        rooms: &str,
        characters: &str,
        invaders: &str,
        foundation: &str,
        difficulty: &str,
    ) -> Result<Content, ContentError> {
        let content = Content {
            rooms: parse("rooms file", rooms)?,
            characters: parse("characters file", characters)?,
            invaders: parse("invaders file", invaders)?,
            foundation: parse("foundation file", foundation)?,
            difficulty: parse("difficulty file", difficulty)?,
        };
        content.validate()?;
        Ok(content)
    }

    /// The shipped content, parsed from scenes/ice-fortress/ (the same files the app reads).
    pub fn standard() -> Result<Content, ContentError> {
        Content::from_parts(
            ROOMS_RON,
            CHARACTERS_RON,
            INVADERS_RON,
            FOUNDATION_RON,
            DIFFICULTY_RON,
        )
    }

    /// The shipped content, parsed once and shared.
    pub fn standard_shared() -> Result<Arc<Content>, ContentError> {
        static STANDARD: OnceLock<Result<Arc<Content>, ContentError>> = OnceLock::new();
        STANDARD
            .get_or_init(|| Content::standard().map(Arc::new))
            .clone()
    }

    /// A room card by id (ids are `0..112` and index [`Content::rooms`]).
    pub fn room(&self, id: RoomId) -> Option<&RoomCard> {
        self.rooms.get(id as usize)
    }

    /// Check every rule of the content; the error names the card and the problem.
    pub fn validate(&self) -> Result<(), ContentError> {
        super::validate::content(self)
    }
}
