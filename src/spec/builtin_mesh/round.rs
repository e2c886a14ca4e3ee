//! Closed round builtin meshes: hemisphere, icosphere, supersphere and supertorus.

use super::Mesh;
use std::collections::HashMap;
use std::f64::consts::PI;

/// Hemisphere of radius 1 over z >= 0 (a pyramid's four faces subdivided `res` times and
/// projected onto the sphere), closed by a fan around a center vertex at the origin.
pub(super) fn hemisphere(m: &mut Mesh, res: usize) {
    const POLE: [f64; 3] = [0.0, 0.0, 1.0];
    const RIM: [[f64; 3]; 4] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]];

    let nvert = 2 * (res + 1) * (res + 2) + 2;
    let mut vert = Vec::with_capacity(3 * nvert);
    vert.extend(POLE.iter().map(|&x| x as f32));
    for row in 0..=res {
        let frac = (row + 1) as f64 / (res + 1) as f64;
        for side in 0..4 {
            let a = RIM[side];
            let b = RIM[(side + 1) % 4];
            let mut from = [0f64; 3];
            let mut step = [0f64; 3];
            for k in 0..3 {
                from[k] = POLE[k] + frac * (a[k] - POLE[k]);
                let to = POLE[k] + frac * (b[k] - POLE[k]);
                step[k] = (to - from[k]) / (row + 1) as f64;
            }
            for i in 0..=row {
                let p: [f64; 3] = std::array::from_fn(|k| from[k] + i as f64 * step[k]);
                let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
                vert.extend(p.iter().map(|&x| (x / len) as f32));
            }
        }
    }
    vert.extend([0f32; 3]);
    debug_assert_eq!(vert.len(), 3 * nvert);

    let nface = 4 * (res + 1) * (res + 1) + 4 * (res + 1);
    let mut face: Vec<i32> = Vec::with_capacity(3 * nface);
    let mut tri = |a: usize, b: usize, c: usize| face.extend([a as i32, b as i32, c as i32]);
    for k in 0..4 {
        tri(0, 1 + k, 1 + (k + 1) % 4);
    }
    for row in 0..res {
        // ring `row` has 4 (row + 1) vertices starting at 2 row (row + 1) + 1
        let cur0 = 2 * row * (row + 1) + 1;
        let ncur = 4 * (row + 1);
        let nxt0 = cur0 + ncur;
        let nnxt = 4 * (row + 2);
        for side in 0..4 {
            for i in 0..row + 2 {
                let c = i + (row + 1) * side;
                let n = i + (row + 2) * side;
                tri(cur0 + c % ncur, nxt0 + n % nnxt, nxt0 + (n + 1) % nnxt);
                if i < row + 1 {
                    tri(cur0 + c % ncur, nxt0 + (n + 1) % nnxt, cur0 + (c + 1) % ncur);
                }
            }
        }
    }
    let rim0 = 2 * res * (res + 1) + 1;
    let nrim = 4 * (res + 1);
    for i in 0..nrim {
        tri(rim0 + i, nvert - 1, rim0 + (i + 1) % nrim);
    }
    debug_assert_eq!(face.len(), 3 * nface);

    m.uservert = vert.into();
    m.userface = face.into();
}

/// Unit icosphere: an icosahedron whose faces are split in four `subdiv` times, new vertices
/// (edge midpoints, made once per edge) pushed onto the sphere in single precision.
pub(super) fn sphere(m: &mut Mesh, subdiv: usize) {
    let phi = ((1.0 + 5f64.sqrt()) / 2.0) as f32;
    let mut vert: Vec<f32> = vec![
        -1.0, phi, 0.0, 1.0, phi, 0.0, -1.0, -phi, 0.0, 1.0, -phi, 0.0, //
        0.0, -1.0, phi, 0.0, 1.0, phi, 0.0, -1.0, -phi, 0.0, 1.0, -phi, //
        phi, 0.0, -1.0, phi, 0.0, 1.0, -phi, 0.0, -1.0, -phi, 0.0, 1.0,
    ];
    // phi² is a float product; the rest is double
    let len = (1.0 + (phi * phi) as f64).sqrt();
    for v in vert.iter_mut() {
        *v = (*v as f64 / len) as f32;
    }
    let mut face: Vec<i32> = vec![
        0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, //
        1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8, //
        3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, //
        4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1,
    ];

    for _ in 0..subdiv {
        let mut mid: HashMap<(i32, i32), i32> = HashMap::new();
        let mut midpoint = |vert: &mut Vec<f32>, a: i32, b: i32| -> i32 {
            *mid.entry((a.min(b), a.max(b))).or_insert_with(|| {
                let (pa, pb) = (3 * a as usize, 3 * b as usize);
                let mut p: [f32; 3] = std::array::from_fn(|k| (vert[pa + k] + vert[pb + k]) / 2.0f32);
                let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
                for x in p.iter_mut() {
                    *x /= len;
                }
                let id = (vert.len() / 3) as i32;
                vert.extend(p);
                id
            })
        };
        let mut split = Vec::with_capacity(4 * face.len());
        for t in face.chunks_exact(3) {
            let (a, b, c) = (t[0], t[1], t[2]);
            let ab = midpoint(&mut vert, a, b);
            let bc = midpoint(&mut vert, b, c);
            let ca = midpoint(&mut vert, c, a);
            split.extend([a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca]);
        }
        face = split;
    }

    m.uservert = vert.into();
    m.userface = face.into();
}

/// `sign(cos w) |cos w|^p`, the superquadric cosine.
fn scos(w: f64, p: f64) -> f64 {
    w.cos().abs().powf(p).copysign(w.cos())
}

/// `sign(sin w) |sin w|^p`, the superquadric sine.
fn ssin(w: f64, p: f64) -> f64 {
    w.sin().abs().powf(p).copysign(w.sin())
}

/// Superellipsoid with exponents `e` (around z) and `n` (along z): two poles and `res - 1`
/// rings of `res` vertices.
pub(super) fn supersphere(m: &mut Mesh, res: usize, e: f64, n: f64) {
    let nvert = (res - 1) * res + 2;
    let mut vert: Vec<f32> = Vec::with_capacity(3 * nvert);
    vert.extend([0.0, 0.0, -1.0]);
    for i in 1..res {
        let v = -PI / 2.0 + i as f64 * PI / res as f64;
        for j in 0..res {
            let u = -PI + (j * 2) as f64 * PI / res as f64;
            vert.push((scos(v, n) * scos(u, e)) as f32);
            vert.push((scos(v, n) * ssin(u, e)) as f32);
            vert.push(ssin(v, n) as f32);
        }
    }
    vert.extend([0.0, 0.0, 1.0]);

    let mut face: Vec<i32> = Vec::with_capacity(6 * res * (res - 1));
    let mut tri = |a: usize, b: usize, c: usize| face.extend([a as i32, b as i32, c as i32]);
    for j in 0..res {
        tri(0, 1 + (j + 1) % res, 1 + j);
    }
    for i in 0..res - 2 {
        for j in 0..res {
            let (j1, r0, r1) = ((j + 1) % res, 1 + i * res, 1 + (i + 1) * res);
            tri(r0 + j, r0 + j1, r1 + j);
            tri(r0 + j1, r1 + j1, r1 + j);
        }
    }
    let last = 1 + (res - 2) * res;
    for j in 0..res {
        tri(last + j, last + (j + 1) % res, nvert - 1);
    }

    m.uservert = vert.into();
    m.userface = face.into();
}

/// Supertoroid of tube radius `radius` around the unit circle, with exponents `s` (tube) and
/// `t` (around z), on a `res` x `res` grid.
pub(super) fn supertorus(m: &mut Mesh, res: usize, radius: f64, s: f64, t: f64) {
    let mut vert: Vec<f32> = Vec::with_capacity(3 * res * res);
    for i in 0..res {
        let u = 2.0 * PI * i as f64 / res as f64;
        for j in 0..res {
            let v = 2.0 * PI * j as f64 / res as f64;
            let ring = 1.0 + radius * scos(v, s);
            vert.push((ring * scos(u, t)) as f32);
            vert.push((ring * ssin(u, t)) as f32);
            vert.push((radius * ssin(v, s)) as f32);
        }
    }
    let mut face: Vec<i32> = Vec::with_capacity(6 * res * res);
    for i in 0..res {
        let i1 = (i + 1) % res;
        for j in 0..res {
            let j1 = (j + 1) % res;
            let (a, b, c, d) = (i * res + j, i1 * res + j, i1 * res + j1, i * res + j1);
            face.extend([a, b, d, b, c, d].map(|x| x as i32));
        }
    }
    m.uservert = vert.into();
    m.userface = face.into();
}
