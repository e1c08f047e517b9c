//! The Icehouse pyramid: a square pyramid with a unit base (x and z in -0.5..0.5) and height 1, flat shaded.
//! The app scales it per size; faces carry UVs so a marking texture reads on every side.

/// A triangle mesh with per-vertex positions, normals and UVs.
pub struct Mesh {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uvs: Vec<[f32; 2]>,
    pub indices: Vec<u16>,
}

impl Mesh {
    pub fn triangle(&mut self, a: [f32; 3], b: [f32; 3], c: [f32; 3], uv: [[f32; 2]; 3]) {
        let n = normal(a, b, c);
        let base = self.positions.len() as u16;
        for (p, t) in [a, b, c].into_iter().zip(uv) {
            self.positions.push(p);
            self.normals.push(n);
            self.uvs.push(t);
        }
        self.indices.extend([base, base + 1, base + 2]);
    }
}

fn normal(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> [f32; 3] {
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    [n[0] / len, n[1] / len, n[2] / len]
}

/// The pyramid: four sides (counter-clockwise seen from outside) and a two-triangle base.
pub fn mesh() -> Mesh {
    let mut m = Mesh {
        positions: vec![],
        normals: vec![],
        uvs: vec![],
        indices: vec![],
    };
    let apex = [0.0, 1.0, 0.0];
    let corners = [
        [-0.5, 0.0, 0.5],
        [0.5, 0.0, 0.5],
        [0.5, 0.0, -0.5],
        [-0.5, 0.0, -0.5],
    ];
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        m.triangle(a, b, apex, [[0.0, 1.0], [1.0, 1.0], [0.5, 0.0]]);
    }
    let [c0, c1, c2, c3] = corners;
    m.triangle(c0, c2, c1, [[0.0, 0.0], [1.0, 1.0], [1.0, 0.0]]);
    m.triangle(c0, c3, c2, [[0.0, 0.0], [0.0, 1.0], [1.0, 1.0]]);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normals_point_outward() {
        let m = mesh();
        for tri in m.indices.chunks(3) {
            let p = m.positions[tri[0] as usize];
            let n = m.normals[tri[0] as usize];
            // The centroid of the pyramid is at (0, 0.25, 0); outward normals point away from it.
            let d = [p[0], p[1] - 0.25, p[2]];
            assert!(d[0] * n[0] + d[1] * n[1] + d[2] * n[2] > 0.0);
        }
    }
}
