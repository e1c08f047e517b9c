//! The board-edge label atlas: the row numbers 1-8, the column letters A-H (Ice Colony, Ice
//! Castle) and a-h (Sprawl), dark text on transparent (the table top is light), one 64-pixel
//! cell each, in the label font. The cell order is written beside the texture (`textures/board-labels.ron`).

use crate::Asset;
use crate::labels::text_lit;

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
    crate::labels::atlas("board-labels", &names(), pixel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labels::CELL;

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
