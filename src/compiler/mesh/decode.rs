//! Mesh files: binary STL, upstream's MSH format and Wavefront OBJ, read into a mesh's raw
//! arrays with upstream's checks and messages.

use super::obj;

/// Raw mesh data as a file gives it (vertices still in single precision, possibly repeated).
#[derive(Default)]
pub struct Raw {
    pub vert: Vec<f32>,
    pub normal: Vec<f32>,
    pub texcoord: Vec<f32>,
    pub face: Vec<i32>,
    pub facenormal: Vec<i32>,
    pub facetexcoord: Vec<i32>,
    /// merge repeated vertices (STL files)
    pub remove_repeated: bool,
}

fn f32_at(b: &[u8], at: usize) -> f32 {
    f32::from_ne_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_ne_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Binary STL: 80-byte header, triangle count, 50 bytes per triangle. Faces are flipped when the
/// scale mirrors the mesh (`righthand` false).
pub fn stl(b: Option<&[u8]>, name: &str, righthand: bool) -> Result<Raw, String> {
    let b = match b {
        None => return Err(format!("could not read STL file '{name}'")),
        Some([]) => return Err(format!("STL file '{name}' is empty")),
        Some(b) => b,
    };
    if b.len() < 84 {
        return Err(format!("invalid header in STL file '{name}'"));
    }
    let nfaces = i32_at(b, 80);
    if !(1..=200000).contains(&nfaces) {
        return Err(format!(
            "number of faces should be between 1 and 200000 in STL file '{name}'; perhaps this is an ASCII file?"
        ));
    }
    if nfaces as i64 * 50 != b.len() as i64 - 84 {
        return Err(format!("STL file '{name}' has wrong size; perhaps this is an ASCII file?"));
    }
    let nfaces = nfaces as usize;
    let mut raw = Raw { face: vec![0; 3 * nfaces], remove_repeated: true, ..Raw::default() };
    raw.vert.reserve(9 * nfaces);
    let limit = 2f64.powi(30);
    for i in 0..nfaces {
        for j in 0..3 {
            let at = 84 + 50 * i + 12 * (j + 1);
            let v = [f32_at(b, at), f32_at(b, at + 4), f32_at(b, at + 8)];
            if v.iter().any(|&x| (x as f64).abs() > limit) {
                return Err(format!("vertex in STL file '{name}' exceed maximum bounds"));
            }
            let id = (raw.vert.len() / 3) as i32;
            if righthand || j == 0 {
                raw.face[3 * i + j] = id;
            } else {
                raw.face[3 * i + 3 - j] = id;
            }
            raw.vert.extend_from_slice(&v);
        }
    }
    Ok(raw)
}

/// Upstream's MSH format: four int counts (vertices, normals, texture coordinates, faces), then
/// the float arrays and the face indices (also used as normal and texcoord indices).
pub fn msh(b: Option<&[u8]>, name: &str, righthand: bool) -> Result<Raw, String> {
    let b = match b {
        None => return Err(format!("could not read MSH file '{name}'")),
        Some([]) => return Err(format!("MSH file '{name}' is empty")),
        Some(b) => b,
    };
    if b.len() < 16 {
        return Err(format!("missing header in MSH file '{name}'"));
    }
    let (nv, nn, nt, nf) = (i32_at(b, 0), i32_at(b, 4), i32_at(b, 8), i32_at(b, 12));
    if nv < 4 || nf < 0 || nn < 0 || nt < 0 || (nn > 0 && nn != nv) || (nt > 0 && nt != nv) {
        return Err(format!("invalid sizes in MSH file '{name}'"));
    }
    let max = i32::MAX as i64;
    let (nv, nn, nt, nf) = (nv as i64, nn as i64, nt as i64, nf as i64);
    if nv >= max / 4 / 3 || nn >= max / 4 / 3 || nt >= max / 4 / 2 || nf >= max / 4 / 3 {
        return Err(format!("too large sizes in MSH file '{name}'."));
    }
    if b.len() as i64 != 16 + 12 * nv + 12 * nn + 8 * nt + 12 * nf {
        return Err(format!("unexpected file size in MSH file '{name}'"));
    }
    let floats = |at: usize, n: usize| -> Vec<f32> { (0..n).map(|k| f32_at(b, at + 4 * k)).collect() };
    let ints = |at: usize, n: usize| -> Vec<i32> { (0..n).map(|k| i32_at(b, at + 4 * k)).collect() };
    let (nv, nf) = (nv as usize, nf as usize);
    let mut raw = Raw::default();
    let mut at = 16;
    raw.vert = floats(at, 3 * nv);
    at += 12 * nv;
    if nn > 0 {
        raw.normal = floats(at, 3 * nv);
        at += 12 * nv;
    }
    if nt > 0 {
        raw.texcoord = floats(at, 2 * nv);
        at += 8 * nv;
    }
    if nf > 0 {
        raw.face = ints(at, 3 * nf);
        raw.facenormal = raw.face.clone();
        if !raw.texcoord.is_empty() {
            raw.facetexcoord = raw.face.clone();
        }
        if !righthand {
            for f in raw.face.chunks_exact_mut(3) {
                f.swap(1, 2);
            }
        }
    }
    Ok(raw)
}

/// Wavefront OBJ through upstream's OBJ reader: the first shape's triangles and quads (quads
/// split in two), normals and texture coordinates with their per-face indices, the second
/// texture coordinate flipped.
pub fn obj(b: Option<&[u8]>, name: &str, righthand: bool) -> Result<Raw, String> {
    let Some(b) = b else { return Err(format!("could not read OBJ file '{name}'")) };
    let data = obj::parse_obj(b).map_err(|_| format!("could not parse OBJ file '{name}'"))?;
    let mut raw = Raw { normal: data.normals, texcoord: data.texcoords, ..Raw::default() };
    if let Some((indices, nfv)) = &data.first_shape {
        let mut corners = Vec::with_capacity(indices.len());
        let (second, third) = if righthand { (1, 2) } else { (2, 1) };
        let mut idx = 0usize;
        for &n in nfv {
            if !(3..=4).contains(&n) {
                return Err(format!("only tri or quad meshes are supported for OBJ (file '{name}')"));
            }
            let at = |k: usize| indices.get(idx + k).copied();
            let tri = |a, b, c| -> Option<[obj::ObjIndex; 3]> { Some([at(a)?, at(b)?, at(c)?]) };
            let bad = || format!("could not parse OBJ file '{name}'");
            corners.extend_from_slice(&tri(0, second, third).ok_or_else(bad)?);
            if n == 4 {
                let (s4, t4) = if righthand { (2, 3) } else { (3, 2) };
                corners.extend_from_slice(&tri(0, s4, t4).ok_or_else(bad)?);
            }
            idx += n as usize;
        }
        for c in corners {
            raw.face.push(c.vertex);
            if !raw.normal.is_empty() {
                raw.facenormal.push(c.normal);
            }
            if !raw.texcoord.is_empty() {
                raw.facetexcoord.push(c.texcoord);
            }
        }
    }
    for t in raw.texcoord.chunks_exact_mut(2) {
        t[1] = 1.0 - t[1];
    }
    raw.vert = data.vertices;
    Ok(raw)
}
