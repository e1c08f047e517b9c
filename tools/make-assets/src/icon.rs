//! The app's icon (`icon.png`): two Icehouse pyramids, a large ice-blue one and a small red one
//! before it, on a rounded night-blue tile. The window shows it, and the package's `.desktop`
//! entry names it.
//!
//! Every shape is drawn by testing 4x4 points inside each pixel, so edges are smooth and the
//! bytes are the same on every run.

use crate::Asset;
use crate::markings::encode_png;

/// The icon's side in pixels (the size desktop launchers ask for most).
pub const SIZE: u32 = 256;

/// A point of the icon, in pixels from its top left corner.
type Point = (f32, f32);

/// An RGBA colour, each channel 0 to 1.
type Colour = [f32; 4];

/// One flat shape: a triangle, or the tile (a rounded square whose colour fades top to bottom).
enum Shape {
    Triangle([Point; 3], Colour),
    Tile {
        inset: f32,
        radius: f32,
        top: Colour,
        bottom: Colour,
    },
}

/// A pyramid seen from a little above: its two visible faces, left (lit) and right (shaded).
fn pyramid(apex: Point, left: Point, front: Point, right: Point, lit: Colour) -> [Shape; 2] {
    let shaded = [lit[0] * 0.62, lit[1] * 0.62, lit[2] * 0.62, lit[3]];
    [
        Shape::Triangle([apex, left, front], lit),
        Shape::Triangle([apex, front, right], shaded),
    ]
}

/// The shapes, back to front.
fn shapes() -> Vec<Shape> {
    let mut out = vec![Shape::Tile {
        inset: 8.0,
        radius: 44.0,
        top: [0.17, 0.30, 0.48, 1.0],
        bottom: [0.05, 0.10, 0.19, 1.0],
    }];
    let ice = [0.62, 0.90, 1.0, 0.88];
    out.extend(pyramid(
        (136.0, 30.0),
        (56.0, 200.0),
        (150.0, 222.0),
        (214.0, 196.0),
        ice,
    ));
    let red = [0.95, 0.25, 0.22, 0.9];
    out.extend(pyramid(
        (78.0, 120.0),
        (34.0, 218.0),
        (86.0, 232.0),
        (124.0, 214.0),
        red,
    ));
    out
}

/// Which side of the line from `a` to `b` the point `p` lies on.
fn side(a: Point, b: Point, p: Point) -> f32 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

impl Shape {
    /// The shape's colour at `p`, if `p` is inside it.
    fn colour_at(&self, p: Point) -> Option<Colour> {
        match *self {
            Shape::Triangle([a, b, c], colour) => {
                let (x, y, z) = (side(a, b, p), side(b, c, p), side(c, a, p));
                let inside =
                    (x >= 0.0 && y >= 0.0 && z >= 0.0) || (x <= 0.0 && y <= 0.0 && z <= 0.0);
                inside.then_some(colour)
            }
            Shape::Tile {
                inset,
                radius,
                top,
                bottom,
            } => {
                let (lo, hi) = (inset + radius, SIZE as f32 - inset - radius);
                let dx = (p.0 - p.0.clamp(lo, hi)).abs();
                let dy = (p.1 - p.1.clamp(lo, hi)).abs();
                if dx * dx + dy * dy > radius * radius {
                    return None;
                }
                let t = p.1 / SIZE as f32;
                Some(std::array::from_fn(|i| top[i] + (bottom[i] - top[i]) * t))
            }
        }
    }
}

/// `over` laid on `under` (straight alpha).
fn blend(under: Colour, over: Colour) -> Colour {
    let a = over[3] + under[3] * (1.0 - over[3]);
    if a <= 0.0 {
        return [0.0; 4];
    }
    let mix = |i: usize| (over[i] * over[3] + under[i] * under[3] * (1.0 - over[3])) / a;
    [mix(0), mix(1), mix(2), a]
}

/// The colour of pixel (x, y): the mean of 16 points inside it.
fn pixel(shapes: &[Shape], x: u32, y: u32) -> [u8; 4] {
    let mut sum = [0.0f32; 4];
    for sy in 0..4 {
        for sx in 0..4 {
            let p = (
                x as f32 + (sx as f32 + 0.5) / 4.0,
                y as f32 + (sy as f32 + 0.5) / 4.0,
            );
            let c = shapes
                .iter()
                .filter_map(|s| s.colour_at(p))
                .fold([0.0; 4], blend);
            for i in 0..3 {
                sum[i] += c[i] * c[3];
            }
            sum[3] += c[3];
        }
    }
    let alpha = sum[3] / 16.0;
    let channel = |v: f32| (v * 255.0).round().clamp(0.0, 255.0) as u8;
    if sum[3] <= 0.0 {
        return [0; 4];
    }
    [
        channel(sum[0] / sum[3]),
        channel(sum[1] / sum[3]),
        channel(sum[2] / sum[3]),
        channel(alpha),
    ]
}

/// The icon as a PNG.
pub fn icon() -> Asset {
    let shapes = shapes();
    let mut rgba = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            rgba.extend(pixel(&shapes, x, y));
        }
    }
    Asset {
        path: "icon.png".into(),
        bytes: encode_png(SIZE, SIZE, &rgba),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The icon's pixel at (x, y).
    fn at(x: u32, y: u32) -> [u8; 4] {
        pixel(&shapes(), x, y)
    }

    #[test]
    fn the_tile_is_rounded_and_the_pyramids_stand_on_it() {
        assert_eq!(at(0, 0), [0; 4], "the corners are clear");
        assert_eq!(at(10, 10)[3], 0, "outside the rounded corner");
        assert_eq!(at(128, 12)[3], 255, "the tile's top edge");
        let ice = at(120, 120);
        assert!(
            ice[2] > 200 && ice[0] < ice[2],
            "the big pyramid is ice blue: {ice:?}"
        );
        let red = at(70, 200);
        assert!(
            red[0] > 180 && red[2] < 120,
            "the small one is red: {red:?}"
        );
        let lit = at(110, 180);
        let shaded = at(180, 190);
        assert!(
            lit[2] > shaded[2],
            "the left face is lit: {lit:?} {shaded:?}"
        );
    }
}
