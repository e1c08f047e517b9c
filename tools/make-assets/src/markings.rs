//! Marking textures: one pattern per pyramid colour, so colours can be told apart without seeing colour.
//!
//! Each texture is a light grey field with a dark pattern; the app multiplies it by the colour. The
//! patterns are stripes, dots, a grid and so on, each unlike the others at a glance.

use crate::Asset;

/// Texture size in pixels (square).
const SIZE: u32 = 64;

/// The colours in the order of the rules crate's `Hue`, with their pattern.
/// Whether pixel (x, y) is dark in a pattern.
type Pattern = fn(u32, u32) -> bool;

const PATTERNS: [(&str, Pattern); 9] = [
    ("red", |x, _| (x / 8).is_multiple_of(2)), // vertical stripes
    ("yellow", |x, y| dot(x, y, 16, 5)),       // dots
    ("green", |_, y| (y / 8).is_multiple_of(2)), // horizontal stripes
    ("blue", |x, y| ((x / 16) + (y / 16)) % 2 == 0), // checks
    ("black", |x, y| x % 16 < 3 || y % 16 < 3), // grid
    ("white", |_, _| false),                   // plain
    ("purple", |x, y| ((x + y) / 8).is_multiple_of(2)), // diagonal stripes
    ("orange", |x, y| ring(x, y)),             // rings
    ("cyan", |x, y| {
        ((x + 64 - y % 16 * 2) / 8).is_multiple_of(2) && y % 16 < 8
    }), // zigzag
];

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

/// Every marking texture as a PNG.
pub fn all() -> Vec<Asset> {
    PATTERNS
        .iter()
        .map(|(name, pattern)| Asset {
            path: format!("textures/marking-{name}.png"),
            bytes: png_of(*pattern),
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
