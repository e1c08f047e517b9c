//! Every legal move can be made with the mouse: in seeded random positions of each game, every
//! legal action of the seat to act is produced by some sequence of clicks through the same pure
//! handlers the mouse uses (and the side panel's buttons where the game offers its moves there).
//! The click fuzz tests check that clicks play only legal moves; these check the converse.

mod ice_castle;
mod ice_colony;
mod ice_fortress;
mod icetowers;
mod sprawl;
