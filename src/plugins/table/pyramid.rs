//! Geometry three games share: the size of an Icehouse pyramid of each size, how pyramids nest in
//! a stack, and where each seat sits round a round table (IceTowers' homes, Sprawl's trays).

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::prelude::*;
use hoarfrost_rules::icetowers::Pips;

/// Base width and height of a pyramid of `pips`, in table units (a large is 1 wide).
pub fn size(pips: Pips) -> (f32, f32) {
    let width = match pips {
        1 => 0.58,
        2 => 0.78,
        _ => 1.0,
    };
    (width, width * 1.75)
}

/// Heights of each pyramid's base in a tower (bottom first): a smaller pyramid sits where the one below
/// narrows to its width, plus the wall's thickness.
pub fn stack_heights(pips: &[Pips]) -> Vec<f32> {
    let mut ys = Vec::with_capacity(pips.len());
    let mut y = 0.0;
    for (i, &p) in pips.iter().enumerate() {
        if i > 0 {
            let (wb, hb) = size(pips[i - 1]);
            let (w, h) = size(p);
            y += hb * (1.0 - w / wb) + 0.16 * h;
        }
        ys.push(y);
    }
    ys
}

/// Where seat `seat` of `seats` sits round a table (also Sprawl's trays): seat 0 on the near side,
/// the others evenly round the centre.
pub fn seat_angle(seat: usize, seats: usize) -> f32 {
    FRAC_PI_2 + TAU * seat as f32 / seats.max(1) as f32
}

/// A point in front of a seat: `out` from the centre towards it and `along` the table's edge there.
pub fn before_seat(seat: usize, seats: usize, out: f32, along: f32) -> Vec3 {
    let angle = seat_angle(seat, seats);
    Vec3::new(angle.cos(), 0.0, angle.sin()) * out
        + Vec3::new(-angle.sin(), 0.0, angle.cos()) * along
}
