//! The Ice Fortress label atlas: every pillar-square constraint as printed on a room card ("any", "3",
//! "4-5" dark on light; "+1", "x2", "=" light on black for linked squares), the four element icons and
//! the ice crystal, one 64-pixel cell each, written with a small bitmap font.
//!
//! The cell order is written beside the texture (`textures/fortress-labels.ron`, a list of names), so
//! the app looks labels up by name and this file is the one place that knows the layout.

use crate::Asset;

/// Pixels per cell side.
pub(crate) const CELL: u32 = 64;
/// Cells per atlas row.
const COLUMNS: u32 = 8;

/// Every label in cell order: white-square constraints, black-square modifiers, then icons.
pub fn names() -> Vec<String> {
    let mut v = vec!["any".to_string()];
    v.extend((1..=6).map(|n| n.to_string()));
    for a in 1..=6 {
        for b in a + 1..=6 {
            v.push(format!("{a}-{b}"));
        }
    }
    v.extend((1..=5).map(|n| format!("+{n}")));
    v.extend((1..=5).map(|n| format!("-{n}")));
    v.extend(["x2", "x3", "="].map(String::from));
    v.extend(["fire", "water", "air", "earth", "crystal", "?"].map(String::from));
    v
}

/// 5x7 glyphs, one string of 7 rows of 5 columns each ('#' lit).
pub(crate) fn glyph(c: char) -> [&'static str; 7] {
    match c {
        '0' => [
            ".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###.",
        ],
        '1' => [
            "..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.",
        ],
        '2' => [
            ".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####",
        ],
        '3' => [
            "####.", "....#", "....#", ".###.", "....#", "....#", "####.",
        ],
        '4' => [
            "...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#.",
        ],
        '5' => [
            "#####", "#....", "####.", "....#", "....#", "#...#", ".###.",
        ],
        '6' => [
            "..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###.",
        ],
        '+' => [
            ".....", "..#..", "..#..", "#####", "..#..", "..#..", ".....",
        ],
        '-' => [
            ".....", ".....", ".....", "#####", ".....", ".....", ".....",
        ],
        'x' => [
            ".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#",
        ],
        '=' => [
            ".....", ".....", "#####", ".....", "#####", ".....", ".....",
        ],
        'a' => [
            ".....", ".....", ".###.", "....#", ".####", "#...#", ".####",
        ],
        'n' => [
            ".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#",
        ],
        'y' => [
            ".....", "#...#", "#...#", ".####", "....#", "#...#", ".###.",
        ],
        '7' => [
            "#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#...",
        ],
        '8' => [
            ".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###.",
        ],
        'A' => [
            ".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#",
        ],
        'B' => [
            "####.", "#...#", "#...#", "####.", "#...#", "#...#", "####.",
        ],
        'C' => [
            ".###.", "#...#", "#....", "#....", "#....", "#...#", ".###.",
        ],
        'D' => [
            "####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####.",
        ],
        'E' => [
            "#####", "#....", "#....", "####.", "#....", "#....", "#####",
        ],
        'F' => [
            "#####", "#....", "#....", "####.", "#....", "#....", "#....",
        ],
        'G' => [
            ".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####",
        ],
        'H' => [
            "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#",
        ],
        'b' => [
            "#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####.",
        ],
        'c' => [
            ".....", ".....", ".###.", "#....", "#....", "#...#", ".###.",
        ],
        'd' => [
            "....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####",
        ],
        'e' => [
            ".....", ".....", ".###.", "#...#", "#####", "#....", ".###.",
        ],
        'f' => [
            "..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#...",
        ],
        'g' => [
            ".....", ".####", "#...#", "#...#", ".####", "....#", ".###.",
        ],
        'h' => [
            "#....", "#....", "#.##.", "##..#", "#...#", "#...#", "#...#",
        ],
        _ => [
            ".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#..",
        ],
    }
}

/// Whether point (fx, fy) in 0..1 cell space is lit for an icon.
fn icon(name: &str, fx: f32, fy: f32) -> bool {
    let (x, y) = (fx - 0.5, fy - 0.5);
    let r = (x * x + y * y).sqrt();
    match name {
        // A flame: a round base with three tongues, the middle one tallest.
        "fire" => {
            let base = x * x / 0.08 + (y - 0.18) * (y - 0.18) / 0.03 < 1.0;
            let tongue =
                |cx: f32, top: f32| y > top && y < 0.2 && (x - cx).abs() < (y - top) * 0.45;
            base || tongue(0.0, -0.42) || tongue(-0.17, -0.18) || tongue(0.17, -0.18)
        }
        // A water drop: a circle below and a point above.
        "water" => {
            let body = x * x + (y - 0.12) * (y - 0.12) < 0.075;
            let tip = y < 0.12 && y > -0.38 && x.abs() < (y + 0.38) * 0.55;
            body || tip
        }
        // Air: three wavy lines.
        "air" => (0..3).any(|i| {
            let base = -0.22 + i as f32 * 0.22;
            let wave = base + 0.06 * (x * 14.0).sin();
            (y - wave).abs() < 0.045 && x.abs() < 0.36
        }),
        // Earth: a mountain.
        "earth" => y > -0.32 && y < 0.32 && x.abs() < (y + 0.32) * 0.7,
        // The ice crystal: a six-pointed star of three bars.
        "crystal" => {
            let bar = |a: f32| {
                let (c, s) = (a.cos(), a.sin());
                let along = x * c + y * s;
                let across = -x * s + y * c;
                along.abs() < 0.4 && across.abs() < 0.05
            };
            bar(0.0) || bar(1.047) || bar(2.094) || (r < 0.12)
        }
        _ => false,
    }
}

/// Cells that hold an icon rather than text.
const ICONS: [&str; 5] = ["fire", "water", "air", "earth", "crystal"];

/// Linked-square modifiers print light on a black square.
fn is_black(name: &str) -> bool {
    name.starts_with(['+', 'x', '=']) || (name.starts_with('-') && name.len() == 2)
}

/// RGBA of one pixel of the cell for `name`.
fn pixel(name: &str, px: u32, py: u32) -> [u8; 4] {
    let (fx, fy) = (px as f32 / CELL as f32, py as f32 / CELL as f32);
    let border = px < 3 || py < 3 || px >= CELL - 3 || py >= CELL - 3;
    if ICONS.contains(&name) {
        // Icons: white on transparent; the app tints nothing, the card colour shows around them.
        return if icon(name, fx, fy) {
            [250, 250, 255, 255]
        } else {
            [0, 0, 0, 0]
        };
    }
    let (ink, paper) = if is_black(name) {
        ([240, 240, 235], [25, 25, 32])
    } else {
        ([25, 25, 32], [240, 238, 228])
    };
    if border {
        return [110, 110, 120, 255];
    }
    let lit = text_lit(name, px, py);
    let rgb = if lit { ink } else { paper };
    [rgb[0], rgb[1], rgb[2], 255]
}

/// Whether pixel (px, py) of a cell falls on the text `name`, centred, 6 pixels per font pixel (5 for
/// three characters).
pub(crate) fn text_lit(name: &str, px: u32, py: u32) -> bool {
    let chars: Vec<char> = name.chars().collect();
    let n = chars.len() as u32;
    let scale = if n >= 3 { 3 } else { 5 };
    let advance = 6 * scale;
    let width = n * advance - scale;
    let height = 7 * scale;
    let (x0, y0) = ((CELL - width) / 2, (CELL - height) / 2);
    if px < x0 || py < y0 || py >= y0 + height {
        return false;
    }
    let (dx, dy) = (px - x0, py - y0);
    let (i, cx) = (dx / advance, dx % advance / scale);
    if i >= n || cx >= 5 {
        return false;
    }
    let row = glyph(chars[i as usize])[(dy / scale) as usize];
    row.as_bytes()[cx as usize] == b'#'
}

/// The atlas texture and its index.
pub fn all() -> Vec<Asset> {
    atlas("fortress-labels", &names(), pixel)
}

/// An atlas `textures/<stem>.png` of one `CELL`-pixel cell per name, 8 cells a row, each drawn by
/// `pixel(name, x, y)`, and its index `textures/<stem>.ron` listing the names in cell order.
pub(crate) fn atlas(
    stem: &str,
    names: &[String],
    pixel: fn(&str, u32, u32) -> [u8; 4],
) -> Vec<Asset> {
    let rows = (names.len() as u32).div_ceil(COLUMNS);
    let (w, h) = (CELL * COLUMNS, CELL * rows);
    let mut pixels = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let i = (y / CELL * COLUMNS + x / CELL) as usize;
            let p = names
                .get(i)
                .map_or([0, 0, 0, 0], |n| pixel(n, x % CELL, y % CELL));
            pixels.extend(p);
        }
    }
    let mut index = format!(
        "// Cell order of {stem}.png (8 cells a row, 64 px each), written by hoarfrost-assets.\n"
    );
    index.push_str(&format!("(columns: {COLUMNS}, rows: {rows}, names: [\n"));
    for n in names {
        index.push_str(&format!("    \"{n}\",\n"));
    }
    index.push_str("])\n");
    vec![
        Asset {
            path: format!("textures/{stem}.png"),
            bytes: crate::markings::encode_png(w, h, &pixels),
        },
        Asset {
            path: format!("textures/{stem}.ron"),
            bytes: index.into_bytes(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_fit_the_atlas() {
        let n = names();
        let mut sorted = n.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), n.len());
        assert!(n.len() <= 64);
    }

    #[test]
    fn every_label_and_icon_draws_something() {
        for name in names() {
            let ink: [u8; 4] = if ICONS.contains(&name.as_str()) {
                [250, 250, 255, 255]
            } else if is_black(&name) {
                [240, 240, 235, 255]
            } else {
                [25, 25, 32, 255]
            };
            let lit = (0..CELL * CELL)
                .filter(|i| pixel(&name, i % CELL, i / CELL) == ink)
                .count();
            assert!(lit > 20 && lit < 2000, "{name} draws {lit} pixels");
        }
    }

    #[test]
    fn digits_differ() {
        let sig = |c: char| glyph(c).join("");
        let all = "012345678+-x=anyABCDEFGHbcdefgh";
        for a in all.chars() {
            for b in all.chars() {
                if a != b {
                    assert_ne!(sig(a), sig(b), "{a} and {b}");
                }
            }
        }
    }
}
