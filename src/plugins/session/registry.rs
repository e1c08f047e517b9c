//! The games the app plays, as the shared parts see them. Each game implements [`TableGame`] once
//! (in its own folder) and is registered with one line (`app.add_table_game::<G>()`, in
//! `games/mod.rs`); the title screen, the rules window, loading a save and the command line then
//! ask the [`Games`] registry for a game's facts instead of naming the game.

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::GameKind;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::save::LoadError;

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::loading::{LoadMode, PutInPlace, Staged, stage_game, stage_online};
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::tutorial::Tutorial;
use crate::plugins::session::words::HudSpec;

/// Everything the app needs of one game, written once in the game's folder.
pub trait TableGame: Recorded + serde::de::DeserializeOwned {
    /// The rules in our own words (`scenes/rules/<game>.ron`), for the Rules window.
    const RULES: &'static str;

    /// What the notice says when a new game starts (its first move, in a few words).
    const OPENING: &'static str;

    /// The rules' setup of a new game from the title choice.
    fn setup(choice: &SetupChoice) -> Self::Setup;

    /// The title choice that builds the table for a saved `setup` with these seats.
    fn choice(setup: &Self::Setup, kinds: &[SeatKind]) -> SetupChoice;

    /// The game's tutorial script (`scenes/tutorial/<game>.ron`): its setup, seats, moves and notes.
    const TUTORIAL: &'static str;

    /// The game's shipped tutorial, checked.
    fn tutorial() -> Result<Tutorial<Self>, String> {
        crate::plugins::session::tutorial::parse(Self::TUTORIAL)
    }

    /// The game's own bot for an AI seat (when no level is chosen), seeded.
    fn bot(seed: u64) -> Box<dyn Bot<Self>>;

    /// What the game shows in the side panel and the game-over window.
    fn hud_spec() -> HudSpec<Self>;

    /// The game's own options on the title screen (Sprawl's variants, say); none by default.
    fn title_options(_ui: &mut egui::Ui, _choice: &mut SetupChoice) {}

    /// The game's table: its pieces, input and tutorial markers, added to the app.
    fn table(app: &mut App);
}

/// One registered game's facts, for code that does not know the game's type.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub kind: GameKind,
    /// [`TableGame::RULES`].
    pub rules: &'static str,
    /// Read a save of this game, ready to put in place.
    pub stage: fn(&str, LoadMode) -> Result<Staged, LoadError>,
    /// Open an online table of this game from its first view for a seat (`stage_online` in
    /// the loading module).
    pub online: fn(hoarfrost_rules::Seat, u32, &str, Vec<String>) -> Result<PutInPlace, String>,
    /// [`TableGame::title_options`].
    pub title_options: fn(&mut egui::Ui, &mut SetupChoice),
}

impl GameEntry {
    /// The entry of game `G`.
    pub fn of<G: TableGame>() -> Self {
        GameEntry {
            kind: G::KIND,
            rules: G::RULES,
            stage: stage_game::<G>,
            online: stage_online::<G>,
            title_options: G::title_options,
        }
    }
}

/// The games registered, in the order of the rules' catalog ([`GameKind::ALL`]).
#[derive(Resource, Default, Clone)]
pub struct Games(Vec<GameEntry>);

impl Games {
    /// Registers `entry` (again, in place of an earlier one of its game).
    pub fn add(&mut self, entry: GameEntry) {
        self.0.retain(|e| e.kind != entry.kind);
        self.0.push(entry);
        self.0
            .sort_by_key(|e| GameKind::ALL.iter().position(|k| *k == e.kind));
    }

    /// The registry of just these games.
    pub fn of(entries: &[GameEntry]) -> Self {
        let mut games = Games::default();
        for e in entries {
            games.add(*e);
        }
        games
    }

    /// The entry of `kind`, if registered.
    pub fn get(&self, kind: GameKind) -> Option<&GameEntry> {
        self.0.iter().find(|e| e.kind == kind)
    }

    /// Every game registered, in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = &GameEntry> {
        self.0.iter()
    }
}

/// The registry of all five games (tests of the shared parts that load any game's save).
#[cfg(test)]
pub fn every_game() -> Games {
    use hoarfrost_rules::{
        ice_castle::IceCastle, ice_colony::IceColony, ice_fortress::IceFortress,
        icetowers::IceTowers, sprawl::Sprawl,
    };
    Games::of(&[
        GameEntry::of::<IceTowers>(),
        GameEntry::of::<IceColony>(),
        GameEntry::of::<IceCastle>(),
        GameEntry::of::<Sprawl>(),
        GameEntry::of::<IceFortress>(),
    ])
}
