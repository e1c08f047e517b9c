//! Helpers for the tests of every part: clicking egui widgets and table entities, a scratch folder
//! of one's own, and walking seeded random games. Compiled for tests only.

pub mod egui_test;
pub mod pick_test;
pub mod reach;
pub mod scratch;
