//! Flex elasticity computed at compile time, with upstream's formulas and operation order:
//! per-element stiffness metrics of edge-length strains (triangles and tetrahedra), the
//! bending matrices of edge flaps (cotangent operator), and the stiffness matrix of a
//! trilinear or quadratic interpolated box.

use crate::spec::util::{cross, dot3, normvec};

type V3 = [f64; 3];

fn at(x: &[f64], i: i32) -> V3 {
    let i = i as usize;
    [x[3 * i], x[3 * i + 1], x[3 * i + 2]]
}

fn sub(a: &V3, b: &V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// Triangle stencil: edge e is opposite vertex e; both "faces" of an edge are the other edges.
const FACE2: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];
const EDGE2FACE2: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// Tetrahedron stencil: faces and, per edge, the two faces not adjacent to it.
const FACE3: [[usize; 3]; 4] = [[2, 1, 0], [0, 1, 3], [1, 2, 3], [2, 0, 3]];
const EDGE2FACE3: [[usize; 2]; 6] = [[2, 3], [1, 3], [2, 1], [1, 0], [0, 2], [0, 3]];

/// Area of triangle `v` (zero when tiny, as the compiler's normalisation reports).
fn area2(x: &[f64], v: &[i32]) -> f64 {
    let x0 = at(x, v[0]);
    let mut n = cross(&sub(&at(x, v[1]), &x0), &sub(&at(x, v[2]), &x0));
    normvec(&mut n) / 2.0
}

/// Signed volume of tetrahedron `v`.
fn volume3(x: &[f64], v: &[i32]) -> f64 {
    let x0 = at(x, v[0]);
    let n = cross(&sub(&at(x, v[1]), &x0), &sub(&at(x, v[2]), &x0));
    dot3(&n, &sub(&at(x, v[3]), &x0)) / 6.0
}

fn basis2(x: &[f64], v: &[i32], fl: &[usize; 2], fr: &[usize; 2], vol: f64) -> [f64; 9] {
    let (l0, l1) = (at(x, v[fl[0]]), at(x, v[fl[1]]));
    let (r0, r1) = (at(x, v[fr[0]]), at(x, v[fr[1]]));
    let el = sub(&l0, &l1);
    let er = sub(&r1, &r0);
    let mut n = cross(&er, &el);
    normvec(&mut n);
    let bl = cross(&n, &el);
    let br = cross(&er, &n);
    let mut b = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            b[3 * i + j] = (bl[i] * br[j] + br[i] * bl[j]) / (8.0 * vol * vol);
        }
    }
    b
}

fn basis3(x: &[f64], v: &[i32], fl: &[usize; 3], fr: &[usize; 3], vol: f64) -> [f64; 9] {
    let (l0, r0) = (at(x, v[fl[0]]), at(x, v[fr[0]]));
    let nl = cross(&sub(&at(x, v[fl[1]]), &l0), &sub(&at(x, v[fl[2]]), &l0));
    let nr = cross(&sub(&at(x, v[fr[1]]), &r0), &sub(&at(x, v[fr[2]]), &r0));
    let mut b = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            b[3 * i + j] = (nl[i] * nr[j] + nr[i] * nl[j]) / (72.0 * vol * vol);
        }
    }
    b
}

/// Upper triangle (row by row) of mu*tr(E_a E_b) + la*tr(E_a)tr(E_b) over the edge bases.
fn metric(out: &mut [f64], mu: f64, la: f64, basis: &[[f64; 9]]) {
    let ne = basis.len();
    let mut tr = vec![0.0; ne];
    for e in 0..ne {
        for i in 0..3 {
            tr[e] += basis[e][4 * i];
        }
    }
    let mut id = 0;
    for a in 0..ne {
        for b in a..ne {
            let mut tee = 0.0;
            for i in 0..3 {
                for j in 0..3 {
                    tee += basis[a][3 * i + j] * basis[b][3 * j + i];
                }
            }
            out[id] = mu * tee + la * tr[b] * tr[a];
            id += 1;
        }
    }
}

/// Stiffness metric of one triangle (`dim` 2) or tetrahedron (`dim` 3) into `out` (21 values).
pub fn element_stiffness(out: &mut [f64], x: &[f64], v: &[i32], dim: i32, young: f64, poisson: f64, thickness: f64) {
    let vol = if dim == 2 { area2(x, v) } else { volume3(x, v) };
    let mu = young / (2.0 * (1.0 + poisson)) * vol.abs() / 4.0 * thickness;
    let la = young * poisson / ((1.0 + poisson) * (1.0 - 2.0 * poisson)) * vol.abs() / 4.0 * thickness;
    let basis: Vec<[f64; 9]> = if dim == 2 {
        (0..3).map(|e| basis2(x, v, &FACE2[EDGE2FACE2[e][0]], &FACE2[EDGE2FACE2[e][1]], vol)).collect()
    } else {
        (0..6).map(|e| basis3(x, v, &FACE3[EDGE2FACE3[e][0]], &FACE3[EDGE2FACE3[e][1]], vol)).collect()
    };
    metric(out, mu, la, &basis);
}

/// Cotangent of the angle at `v0` between the edges to `v1` and `v2`.
fn cot(x: &[f64], v0: i32, v1: i32, v2: i32) -> f64 {
    let p0 = at(x, v0);
    let e1 = sub(&at(x, v1), &p0);
    let e2 = sub(&at(x, v2), &p0);
    let n = cross(&e1, &e2);
    dot3(&e1, &e2) / dot3(&n, &n).sqrt()
}

fn tri_area(x: &[f64], v: &[i32; 3]) -> f64 {
    let p0 = at(x, v[0]);
    let n = cross(&sub(&at(x, v[1]), &p0), &sub(&at(x, v[2]), &p0));
    dot3(&n, &n).sqrt() / 2.0
}

/// Bending matrix (16 values) and the cubic-shell coefficient (17th) of the flap `v`:
/// edge (v0, v1) with opposite vertices v2 and v3; boundary edges (v3 = -1) stay zero.
pub fn flap_bending(out: &mut [f64], x: &[f64], v: &[i32; 4], mu: f64, thickness: f64) {
    if v[3] == -1 {
        return;
    }
    let a01 = cot(x, v[0], v[1], v[2]);
    let a02 = cot(x, v[0], v[3], v[1]);
    let a03 = cot(x, v[1], v[2], v[0]);
    let a04 = cot(x, v[1], v[0], v[3]);
    let c = [a03 + a04, a01 + a02, -(a01 + a03), -(a02 + a04)];
    let area = tri_area(x, &[v[0], v[1], v[2]]) + tri_area(x, &[v[1], v[0], v[3]]);
    let stiffness = 3.0 * mu * thickness.powf(3.0) / (24.0 * area);
    let (p0, p1, p2, p3) = (at(x, v[0]), at(x, v[1]), at(x, v[2]), at(x, v[3]));
    let e0 = sub(&p1, &p0);
    let e1 = sub(&p2, &p0);
    let e2 = sub(&p3, &p0);
    let e3 = sub(&p2, &p1);
    let e4 = sub(&p3, &p1);
    let mut t0 = [0.0; 3];
    let mut t1 = [0.0; 3];
    for k in 0..3 {
        t0[k] = -(a03 * e1[k] + a01 * e3[k]);
        t1[k] = -(a04 * e2[k] + a02 * e4[k]);
    }
    let sqr = dot3(&e0, &e0);
    let cos_theta = -dot3(&t0, &t1) / sqr;
    for i in 0..4 {
        for j in 0..4 {
            out[4 * i + j] += c[i] * c[j] * cos_theta * stiffness;
        }
    }
    let n = cross(&e0, &e1);
    out[16] = dot3(&n, &e2) * (a01 - a03) * (a04 - a02) * stiffness / (sqr * sqr.sqrt());
}

/// Gauss-Legendre points and weights on [a, b] for 2 or 3 points (upstream's 3-point rule
/// divides by sqrt(3/5) where the textbook rule multiplies).
fn gauss_legendre(order: usize, a: f64, b: f64) -> (Vec<f64>, Vec<f64>) {
    let p0 = (a + b) / 2.0;
    let d = (b - a) / 2.0;
    if order == 2 {
        let s3 = 3f64.sqrt();
        (vec![-d / s3 + p0, d / s3 + p0], vec![d, d])
    } else {
        let s = (3.0f64 / 5.0).sqrt();
        (vec![p0, -d / s + p0, d / s + p0], vec![8.0 / 9.0 * d, 5.0 / 9.0 * d, 5.0 / 9.0 * d])
    }
}

fn phi(s: f64, i: usize, order: i32) -> f64 {
    if order == 1 {
        return if i == 0 { 1.0 - s } else { s };
    }
    match i {
        0 => 2.0 * s * s - 3.0 * s + 1.0,
        1 => 4.0 * (s - s * s),
        _ => 2.0 * s * s - s,
    }
}

fn dphi(s: f64, i: usize, order: i32) -> f64 {
    if order == 1 {
        return if i == 0 { -1.0 } else { 1.0 };
    }
    match i {
        0 => 4.0 * s - 3.0,
        1 => 4.0 * (1.0 - 2.0 * s),
        _ => 4.0 * s - 1.0,
    }
}

type M3 = [[f64; 3]; 3];

fn sym(t: &M3) -> M3 {
    let mut e = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            e[i][j] = (t[i][j] + t[j][i]) / 2.0;
        }
    }
    e
}

fn inner(a: &M3, b: &M3) -> M3 {
    let mut r = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
        }
    }
    r
}

fn trace(t: &M3) -> f64 {
    t[0][0] + t[1][1] + t[2][2]
}

/// Linear-elastic stiffness of an axis-aligned box interpolated from (order+1)^3 nodes at
/// `pos`; subtracted into the dense (3n x 3n) matrix `k`.
pub fn linear_stiffness(k: &mut [f64], pos: &[f64], young: f64, poisson: f64, order: i32) {
    let nb = (order + 1) as usize;
    let n = nb * nb * nb;
    let ndof = 3 * n;
    let (points, weight) = gauss_legendre(nb, 0.0, 1.0);
    let dx = pos[3 * (n - 1)] - pos[0];
    let dy = pos[3 * (n - 1) + 1] - pos[1];
    let dz = pos[3 * (n - 1) + 2] - pos[2];
    let det = dx * dy * dz;
    let inv = [1.0 / dx, 1.0 / dy, 1.0 / dz];
    let la = young * poisson / (1.0 + poisson) / (1.0 - 2.0 * poisson);
    let mu = young / (2.0 * (1.0 + poisson));
    let mut grad = vec![[0.0f64; 3]; n];
    for ps in 0..nb {
        for pt in 0..nb {
            for pu in 0..nb {
                let (s, t, u) = (points[ps], points[pt], points[pu]);
                let dvol = weight[ps] * weight[pt] * weight[pu] * det;
                let mut dof = 0;
                for bx in 0..nb {
                    for by in 0..nb {
                        for bz in 0..nb {
                            grad[dof] = [
                                dphi(s, bx, order) * phi(t, by, order) * phi(u, bz, order),
                                phi(s, bx, order) * dphi(t, by, order) * phi(u, bz, order),
                                phi(s, bx, order) * phi(t, by, order) * dphi(u, bz, order),
                            ];
                            dof += 1;
                        }
                    }
                }
                for i in 0..n {
                    for j in 0..n {
                        for a in 0..3 {
                            for b in 0..3 {
                                let mut du = [[0.0; 3]; 3];
                                let mut dv = [[0.0; 3]; 3];
                                for c in 0..3 {
                                    du[a][c] = inv[c] * grad[i][c];
                                    dv[b][c] = inv[c] * grad[j][c];
                                }
                                let idx = ndof * (3 * i + a) + 3 * j + b;
                                k[idx] -= la * trace(&du) * trace(&dv) * dvol;
                                k[idx] -= mu * trace(&inner(&sym(&du), &sym(&dv))) * dvol;
                            }
                        }
                    }
                }
            }
        }
    }
}
