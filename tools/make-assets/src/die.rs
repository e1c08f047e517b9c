//! A six-sided die: a unit cube whose faces map onto a 3x2 atlas of pip faces, and that atlas.
//!
//! Face values: +Y 1, +X 2, +Z 3, -Z 4, -X 5, -Y 6 (opposite faces add up to 7). The app turns a
//! die so the rolled value's face points up.

use crate::Asset;
use crate::pyramid::Mesh;

/// Pixels per atlas cell.
const CELL: u32 = 96;

/// A face: its value, outward normal, and the two axes across it.
type Face = (u32, [f32; 3], [f32; 3], [f32; 3]);

/// The cube, each face textured with its value's atlas cell.
pub fn mesh() -> Mesh {
    let mut m = Mesh {
        positions: vec![],
        normals: vec![],
        uvs: vec![],
        indices: vec![],
    };
    // (value, normal, u axis, v axis): corners are normal/2 +- u/2 +- v/2, counter-clockwise from outside.
    let faces: [Face; 6] = [
        (1, [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
        (6, [0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]),
        (2, [1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, -1.0, 0.0]),
        (5, [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]),
        (3, [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0]),
        (4, [0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]),
    ];
    for (value, n, u, v) in faces {
        let corner = |su: f32, sv: f32| -> [f32; 3] {
            [0, 1, 2].map(|k| n[k] * 0.5 + u[k] * su * 0.5 + v[k] * sv * 0.5)
        };
        let (col, row) = ((value - 1) % 3, (value - 1) / 3);
        let uv = |su: f32, sv: f32| -> [f32; 2] {
            [
                (col as f32 + (su + 1.0) / 2.0) / 3.0,
                (row as f32 + (sv + 1.0) / 2.0) / 2.0,
            ]
        };
        let (a, b, c, d) = (
            corner(-1.0, -1.0),
            corner(1.0, -1.0),
            corner(1.0, 1.0),
            corner(-1.0, 1.0),
        );
        let (ta, tb, tc, td) = (uv(-1.0, -1.0), uv(1.0, -1.0), uv(1.0, 1.0), uv(-1.0, 1.0));
        // Wind so the face looks outward: (b - a) x (c - a) must point along n.
        let cross = {
            let (x, y) = (
                [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
                [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
            );
            [
                x[1] * y[2] - x[2] * y[1],
                x[2] * y[0] - x[0] * y[2],
                x[0] * y[1] - x[1] * y[0],
            ]
        };
        if cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2] > 0.0 {
            m.triangle(a, b, c, [ta, tb, tc]);
            m.triangle(a, c, d, [ta, tc, td]);
        } else {
            m.triangle(a, c, b, [ta, tc, tb]);
            m.triangle(a, d, c, [ta, td, tc]);
        }
    }
    m
}

/// Pip centres of a value, in cell fractions.
fn pips(value: u32) -> Vec<(f32, f32)> {
    let (l, c, h) = (0.26, 0.5, 0.74);
    match value {
        1 => vec![(c, c)],
        2 => vec![(l, l), (h, h)],
        3 => vec![(l, l), (c, c), (h, h)],
        4 => vec![(l, l), (h, l), (l, h), (h, h)],
        5 => vec![(l, l), (h, l), (c, c), (l, h), (h, h)],
        _ => vec![(l, l), (h, l), (l, c), (h, c), (l, h), (h, h)],
    }
}

/// The atlas: ivory faces with dark pips and a thin border, cells in value order, 3 across.
pub fn atlas() -> Asset {
    let (w, h) = (CELL * 3, CELL * 2);
    let mut pixels = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (col, row) = (x / CELL, y / CELL);
            let value = row * 3 + col + 1;
            let (fx, fy) = (
                (x % CELL) as f32 / CELL as f32,
                (y % CELL) as f32 / CELL as f32,
            );
            let border = fx < 0.04 || fy < 0.04 || fx > 0.96 || fy > 0.96;
            let pip = pips(value)
                .iter()
                .any(|&(px, py)| (fx - px).powi(2) + (fy - py).powi(2) < 0.011);
            let rgb = if pip {
                [30, 30, 40]
            } else if border {
                [200, 196, 186]
            } else {
                [245, 242, 232]
            };
            pixels.extend([rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    Asset {
        path: "textures/die-faces.png".into(),
        bytes: crate::markings::encode_png(w, h, &pixels),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_faces_of_two_triangles_each() {
        let m = mesh();
        assert_eq!(m.indices.len(), 6 * 2 * 3);
        assert!(
            m.uvs
                .iter()
                .all(|uv| (0.0..=1.0).contains(&uv[0]) && (0.0..=1.0).contains(&uv[1]))
        );
    }

    #[test]
    fn every_value_has_its_pip_count() {
        for v in 1..=6 {
            assert_eq!(pips(v).len(), v as usize);
        }
    }
}
