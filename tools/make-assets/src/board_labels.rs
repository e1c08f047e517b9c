//! The board-edge label atlas: the row numbers 1-8, the column letters A-H (Ice Colony, Ice
//! Castle) and a-h (Sprawl), dark text on transparent (the table top is light), one 64-pixel
//! cell each, in the label font. The cell order is written beside the texture (`textures/board-labels.ron`).

use crate::Asset;
use crate::labels::{CELL, text_lit};

/// Cells per atlas row.
const COLUMNS: u32 = 8;

/// Every label in cell order.
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = (1..=8).map(|n| n.to_string()).collect();
    v.extend(('A'..='H').map(String::from));
    v.extend(('a'..='h').map(String::from));
    v
}

/// RGBA of one pixel of the cell for `name`: ink or nothing.
fn pixel(name: &str, px: u32, py: u32) -> [u8; 4] {
    if text_lit(name, px, py) {
        [28, 36, 52, 255]
    } else {
        [0, 0, 0, 0]
    }
}

/// The atlas texture and its index.
pub fn all() -> Vec<Asset> {
    let names = names();
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
    let mut index = String::from(
        "// Cell order of board-labels.png (8 cells a row, 64 px each), written by hoarfrost-assets.\n",
    );
    index.push_str(&format!("(columns: {COLUMNS}, rows: {rows}, names: [\n"));
    for n in &names {
        index.push_str(&format!("    \"{n}\",\n"));
    }
    index.push_str("])\n");
    vec![
        Asset {
            path: "textures/board-labels.png".into(),
            bytes: crate::markings::encode_png(w, h, &pixels),
        },
        Asset {
            path: "textures/board-labels.ron".into(),
            bytes: index.into_bytes(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_label_draws_something_and_none_is_the_fallback_glyph() {
        let unknown = crate::labels::glyph('?');
        for name in names() {
            let c = name.chars().next().unwrap();
            assert_ne!(crate::labels::glyph(c), unknown, "{name} has no glyph");
            let lit = (0..CELL * CELL)
                .filter(|i| pixel(&name, i % CELL, i / CELL)[3] == 255)
                .count();
            assert!(lit > 20 && lit < 2000, "{name} draws {lit} pixels");
        }
    }
}
