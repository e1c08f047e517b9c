//! A minimal glTF 2.0 writer: one mesh, one primitive, with the buffer embedded as a base64 data URI.

use crate::pyramid::Mesh;

/// The mesh as a self-contained `.gltf` JSON document.
pub fn write(m: &Mesh, name: &str) -> String {
    let mut buf = Vec::new();
    let pos_off = buf.len();
    m.positions
        .iter()
        .flatten()
        .for_each(|f| buf.extend(f.to_le_bytes()));
    let nrm_off = buf.len();
    m.normals
        .iter()
        .flatten()
        .for_each(|f| buf.extend(f.to_le_bytes()));
    let uv_off = buf.len();
    m.uvs
        .iter()
        .flatten()
        .for_each(|f| buf.extend(f.to_le_bytes()));
    let idx_off = buf.len();
    m.indices.iter().for_each(|i| buf.extend(i.to_le_bytes()));
    while buf.len() % 4 != 0 {
        buf.push(0);
    }
    let (min, max) = bounds(&m.positions);
    let n = m.positions.len();
    format!(
        r#"{{
  "asset": {{ "version": "2.0", "generator": "hoarfrost-assets" }},
  "scene": 0,
  "scenes": [{{ "nodes": [0] }}],
  "nodes": [{{ "mesh": 0, "name": "{name}" }}],
  "meshes": [{{ "name": "{name}", "primitives": [{{ "attributes": {{ "POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2 }}, "indices": 3 }}] }}],
  "accessors": [
    {{ "bufferView": 0, "componentType": 5126, "count": {n}, "type": "VEC3", "min": [{}, {}, {}], "max": [{}, {}, {}] }},
    {{ "bufferView": 1, "componentType": 5126, "count": {n}, "type": "VEC3" }},
    {{ "bufferView": 2, "componentType": 5126, "count": {n}, "type": "VEC2" }},
    {{ "bufferView": 3, "componentType": 5123, "count": {}, "type": "SCALAR" }}
  ],
  "bufferViews": [
    {{ "buffer": 0, "byteOffset": {pos_off}, "byteLength": {}, "target": 34962 }},
    {{ "buffer": 0, "byteOffset": {nrm_off}, "byteLength": {}, "target": 34962 }},
    {{ "buffer": 0, "byteOffset": {uv_off}, "byteLength": {}, "target": 34962 }},
    {{ "buffer": 0, "byteOffset": {idx_off}, "byteLength": {}, "target": 34963 }}
  ],
  "buffers": [{{ "byteLength": {}, "uri": "data:application/octet-stream;base64,{}" }}]
}}
"#,
        min[0],
        min[1],
        min[2],
        max[0],
        max[1],
        max[2],
        m.indices.len(),
        nrm_off - pos_off,
        uv_off - nrm_off,
        idx_off - uv_off,
        m.indices.len() * 2,
        buf.len(),
        base64(&buf)
    )
}

fn bounds(points: &[[f32; 3]]) -> ([f32; 3], [f32; 3]) {
    let mut min = [f32::MAX; 3];
    let mut max = [f32::MIN; 3];
    for p in points {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
        }
    }
    (min, max)
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_known_values() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}
