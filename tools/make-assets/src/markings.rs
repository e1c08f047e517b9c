//! Marking textures: one pattern per pyramid colour, so colours can be told apart without seeing colour.
//!
//! Each texture is a light grey field with a dark pattern; the app multiplies it by the colour. The
//! patterns are stripes, dots, a grid and so on, each unlike the others at a glance.

use hoarfrost_rules::Hue;

use crate::Asset;

/// Texture size in pixels (square).
const SIZE: u32 = 64;

/// Whether pixel (x, y) is dark in a pattern.
type Pattern = fn(u32, u32) -> bool;

/// Each marking, by the name the rules crate's `Hue::marking` gives a colour's.
const PATTERNS: [(&str, Pattern); 9] = [
    ("vertical stripes", |x, _| (x / 8).is_multiple_of(2)),
    ("dots", |x, y| dot(x, y, 16, 5)),
    ("horizontal stripes", |_, y| (y / 8).is_multiple_of(2)),
    ("checks", |x, y| ((x / 16) + (y / 16)) % 2 == 0),
    ("a grid", |x, y| x % 16 < 3 || y % 16 < 3),
    ("no marking", |_, _| false),
    ("diagonal stripes", |x, y| ((x + y) / 8).is_multiple_of(2)),
    ("rings", |x, y| ring(x, y)),
    ("zigzags", |x, y| {
        ((x + 64 - y % 16 * 2) / 8).is_multiple_of(2) && y % 16 < 8
    }),
];

/// The pattern of `hue`'s marking.
fn pattern(hue: Hue) -> Pattern {
    let named = PATTERNS.iter().find(|(name, _)| *name == hue.marking());
    named.expect("every colour's marking has a pattern").1
}

fn dot(x: u32, y: u32, cell: u32, r: u32) -> bool {
    let (dx, dy) = (
        (x % cell) as i32 - cell as i32 / 2,
        (y % cell) as i32 - cell as i32 / 2,
    );
    (dx * dx + dy * dy) as u32 <= r * r
}

fn ring(x: u32, y: u32) -> bool {
    let (dx, dy) = (x as i32 - 32, y as i32 - 40);
    let d = ((dx * dx + dy * dy) as f32).sqrt() as u32;
    (d / 6).is_multiple_of(2)
}

/// Every colour's marking texture as a PNG (`marking-red.png` ...).
pub fn all() -> Vec<Asset> {
    Hue::ALL
        .iter()
        .map(|&hue| Asset {
            path: format!("textures/marking-{}.png", hue.name().to_lowercase()),
            bytes: png_of(pattern(hue)),
        })
        .collect()
}

fn png_of(pattern: Pattern) -> Vec<u8> {
    let mut pixels = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let v = if pattern(x, y) { 150 } else { 255 };
            pixels.extend([v, v, v, 255]);
        }
    }
    encode_png(SIZE, SIZE, &pixels)
}

/// RGBA8 pixels as a PNG file.
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("in-memory PNG header");
        w.write_image_data(rgba).expect("in-memory PNG data");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_has_a_pattern_of_its_own_and_every_pattern_a_colour() {
        for (name, _) in PATTERNS {
            let colours = Hue::ALL.iter().filter(|h| h.marking() == name).count();
            assert_eq!(
                colours, 1,
                "the pattern {name:?} is the marking of {colours} colours"
            );
        }
        assert_eq!(Hue::ALL.len(), PATTERNS.len());
    }

    #[test]
    fn patterns_differ() {
        let sigs: Vec<Vec<bool>> = PATTERNS
            .iter()
            .map(|(_, p)| (0..SIZE * SIZE).map(|i| p(i % SIZE, i / SIZE)).collect())
            .collect();
        for i in 0..sigs.len() {
            for j in 0..i {
                assert_ne!(
                    sigs[i], sigs[j],
                    "{} and {} look alike",
                    PATTERNS[i].0, PATTERNS[j].0
                );
            }
        }
    }
}
