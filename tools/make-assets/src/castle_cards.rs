//! The Ice Castle card atlas: one 64-pixel cell per kind of card face, drawn as a white icon on
//! transparent (the app tints it: a key in its door's colour, the others in an ink of their own),
//! and the card back, an opaque ice-blue lattice. The cell order is written beside the texture
//! (`textures/castle-cards.ron`), so the app looks faces up by name.

use crate::Asset;
use crate::labels::CELL;

/// The icons, then the back, in cell order. A key's icon serves the four colours of key.
pub fn names() -> Vec<String> {
    [
        "key", "skeleton", "padlock", "slide", "axe", "freeze", "wand", "back",
    ]
    .map(String::from)
    .to_vec()
}

/// Distance from point (x, y) to the segment from `a` to `b`.
fn to_segment(x: f32, y: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
    (px * px + py * py).sqrt()
}

/// A key's shaft and two teeth, below a bow drawn by the caller (y grows downwards).
fn key_blade(x: f32, y: f32) -> bool {
    let shaft = x.abs() < 0.045 && y > -0.06 && y < 0.4;
    let tooth = |top: f32| (0.0..0.17).contains(&x) && y > top && y < top + 0.07;
    shaft || tooth(0.2) || tooth(0.32)
}

/// Whether point (x, y), from -0.5 to 0.5 across the cell (y downwards), is lit in icon `name`.
fn icon(name: &str, x: f32, y: f32) -> bool {
    let ring = |cx: f32, cy: f32, outer: f32, inner: f32| {
        let r = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        r < outer && r > inner
    };
    match name {
        // A plain key: a round bow with a hole.
        "key" => ring(0.0, -0.22, 0.18, 0.08) || key_blade(x, y),
        // The skeleton key: a bow of three rings, like a clover.
        "skeleton" => {
            ring(0.0, -0.32, 0.1, 0.04)
                || ring(-0.11, -0.17, 0.1, 0.04)
                || ring(0.11, -0.17, 0.1, 0.04)
                || key_blade(x, y)
        }
        // A padlock: a shackle over a body with a keyhole.
        "padlock" => {
            let shackle = ring(0.0, -0.06, 0.2, 0.12) && y < -0.06;
            let legs = (x.abs() - 0.16).abs() < 0.04 && (-0.06..0.0).contains(&y);
            let body = x.abs() < 0.27 && y > 0.0 && y < 0.36;
            let hole = x * x + (y - 0.13).powi(2) < 0.05f32.powi(2)
                || (x.abs() < 0.02 && y > 0.13 && y < 0.25);
            shackle || legs || (body && !hole)
        }
        // An ice slide: a band running corner to corner between two tiles.
        "slide" => {
            let tile = |cx: f32, cy: f32| {
                let (dx, dy) = ((x - cx).abs(), (y - cy).abs());
                dx < 0.14 && dy < 0.14 && (dx > 0.09 || dy > 0.09)
            };
            let band = to_segment(x, y, (-0.22, 0.22), (0.22, -0.22)) < 0.06;
            tile(-0.3, 0.3) || tile(0.3, -0.3) || band
        }
        // An axe: a handle with a curved blade at its head.
        "axe" => {
            let handle = to_segment(x, y, (-0.3, 0.38), (0.14, -0.3)) < 0.045;
            let blade = (x - 0.1).powi(2) + (y + 0.2).powi(2) < 0.22f32.powi(2)
                && x - 0.1 > 0.0
                && (y + 0.2).abs() < 0.2;
            handle || blade
        }
        // The freeze: a snowflake, three bars with a pair of twigs near each end.
        "freeze" => (0..3).any(|i| {
            let a = i as f32 * std::f32::consts::PI / 3.0;
            let (c, s) = (a.cos(), a.sin());
            let along = x * c + y * s;
            let across = -x * s + y * c;
            let bar = along.abs() < 0.4 && across.abs() < 0.04;
            let twig = [(0.33, 0.11), (0.33, -0.11)]
                .iter()
                .any(|&tip| to_segment(along.abs(), across, (0.2, 0.0), tip) < 0.035);
            bar || twig
        }),
        // A magic wand: a stick with a five-pointed star at its tip.
        "wand" => {
            let stick = to_segment(x, y, (-0.34, 0.34), (0.06, -0.06)) < 0.04;
            let (sx, sy) = (x - 0.17, y + 0.17);
            let r = (sx * sx + sy * sy).sqrt();
            let a = sy.atan2(sx) + std::f32::consts::FRAC_PI_2;
            let star = r < 0.09 + 0.09 * (a * 5.0).cos().max(0.0).powi(2);
            stick || star
        }
        _ => false,
    }
}

/// RGBA of one pixel of the cell for `name`.
fn pixel(name: &str, px: u32, py: u32) -> [u8; 4] {
    let (x, y) = (
        (px as f32 + 0.5) / CELL as f32 - 0.5,
        (py as f32 + 0.5) / CELL as f32 - 0.5,
    );
    if name == "back" {
        // Ice blue with a light frame and a lattice of diamonds.
        let frame = (x.abs().max(y.abs()) - 0.42).abs() < 0.025;
        let lattice = |v: f32| ((v * 6.0).rem_euclid(1.0) - 0.5).abs() < 0.07;
        let inside = x.abs().max(y.abs()) < 0.38;
        return if frame || (inside && (lattice(x + y) || lattice(x - y))) {
            [225, 240, 250, 255]
        } else {
            [60, 110, 160, 255]
        };
    }
    if icon(name, x, y) {
        [255, 255, 255, 255]
    } else {
        [0, 0, 0, 0]
    }
}

/// The atlas texture and its index.
pub fn all() -> Vec<Asset> {
    crate::labels::atlas("castle-cards", &names(), pixel)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(name: &str) -> Vec<bool> {
        (0..CELL * CELL)
            .map(|i| pixel(name, i % CELL, i / CELL) == [255, 255, 255, 255])
            .collect()
    }

    #[test]
    fn every_face_draws_an_icon_of_its_own() {
        let icons: Vec<String> = names().into_iter().filter(|n| n != "back").collect();
        for name in &icons {
            let n = lit(name).iter().filter(|&&l| l).count();
            assert!(n > 150 && n < 1800, "{name} draws {n} pixels");
        }
        for (i, a) in icons.iter().enumerate() {
            for b in &icons[..i] {
                let differ = lit(a).iter().zip(lit(b)).filter(|(p, q)| **p != *q).count();
                assert!(differ > 100, "{a} and {b} differ in {differ} pixels");
            }
        }
    }

    #[test]
    fn the_back_is_opaque_and_patterned() {
        let cells: Vec<[u8; 4]> = (0..CELL * CELL)
            .map(|i| pixel("back", i % CELL, i / CELL))
            .collect();
        assert!(cells.iter().all(|p| p[3] == 255));
        let light = cells.iter().filter(|p| p[0] > 200).count();
        assert!(light > 400 && light < 2500, "{light} light pixels");
    }
}
