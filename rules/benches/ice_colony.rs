//! Bench for ice_colony: to be written with the game's rules (placeholder so the bench target exists).
fn main() {}
