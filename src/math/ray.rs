//! Ray casting against primitive geoms (plane, sphere, capsule, ellipsoid, cylinder, box), with
//! optional surface normals, and the per-source precomputation of `mj_multiRay` (geom
//! elimination flags and bounding angles).
//!
//! A ray is `pnt + x*vec, x >= 0`; the functions return the smallest such x on the surface, or -1.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

use super::blas::{add_scl3, dist3, dot3, normalize3 as blas_normalize3, sub3};
use super::solve::{max, min, MINVAL};
use super::spatial::cross;
use crate::mjerror;

type V3 = [f64; 3];
type M9 = [f64; 9];

const PI: f64 = core::f64::consts::PI;
const MAXVAL: f64 = 1e10;
const NGROUP: i32 = 6;

// geom types (mjtGeom)
const GEOM_PLANE: i32 = 0;
const GEOM_SPHERE: i32 = 2;
const GEOM_CAPSULE: i32 = 3;
const GEOM_ELLIPSOID: i32 = 4;
const GEOM_CYLINDER: i32 = 5;
const GEOM_BOX: i32 = 6;

#[inline]
fn mat_vec(m: &M9, v: &V3) -> V3 {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}

#[inline]
fn mat_t_vec(m: &M9, v: &V3) -> V3 {
    [
        m[0] * v[0] + m[3] * v[1] + m[6] * v[2],
        m[1] * v[0] + m[4] * v[1] + m[7] * v[2],
        m[2] * v[0] + m[5] * v[1] + m[8] * v[2],
    ]
}

#[inline]
fn normalize3(v: &mut V3) {
    let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if norm < MINVAL {
        *v = [1.0, 0.0, 0.0];
    } else {
        let inv = 1.0 / norm;
        for x in v.iter_mut() {
            *x *= inv;
        }
    }
}

/// The ray in the geom's local frame: `(mat'*(pnt - pos), mat'*vec)`.
#[inline]
fn to_local(pos: &V3, mat: &M9, pnt: &V3, vec: &V3) -> (V3, V3) {
    let dif = [pnt[0] - pos[0], pnt[1] - pos[1], pnt[2] - pos[2]];
    (mat_t_vec(mat, &dif), mat_t_vec(mat, vec))
}

/// Both real roots of `a*x^2 + 2*b*x + c = 0` (in increasing order, -1 when there are none)
/// and the smallest non-negative one, or -1.
fn quad(a: f64, b: f64, c: f64) -> (f64, [f64; 2]) {
    let det = b * b - a * c;
    if det < 0.0 || a < MINVAL {
        return (-1.0, [-1.0, -1.0]);
    }
    let det = det.sqrt();
    let x = [(-b - det) / a, (-b + det) / a];
    let sol = if x[0] >= 0.0 {
        x[0]
    } else if x[1] >= 0.0 {
        x[1]
    } else {
        -1.0
    };
    (sol, x)
}

fn plane(pos: &V3, mat: &M9, size: &V3, pnt: &V3, vec: &V3, normal: Option<&mut V3>) -> f64 {
    let mut normal = normal;
    if let Some(n) = normal.as_deref_mut() {
        *n = [0.0; 3];
    }
    let (lpnt, lvec) = to_local(pos, mat, pnt, vec);

    // only the front face, seen from above
    if lvec[2] > -MINVAL {
        return -1.0;
    }
    let x = -lpnt[2] / lvec[2];
    if x < 0.0 {
        return -1.0;
    }
    let p0 = lpnt[0] + x * lvec[0];
    let p1 = lpnt[1] + x * lvec[1];
    if (size[0] <= 0.0 || p0.abs() <= size[0]) && (size[1] <= 0.0 || p1.abs() <= size[1]) {
        if let Some(n) = normal {
            *n = [mat[2], mat[5], mat[8]];
        }
        x
    } else {
        -1.0
    }
}

fn sphere(pos: &V3, dist_sqr: f64, pnt: &V3, vec: &V3, normal: Option<&mut V3>) -> f64 {
    let dif = [pnt[0] - pos[0], pnt[1] - pos[1], pnt[2] - pos[2]];
    let a = vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2];
    let b = vec[0] * dif[0] + vec[1] * dif[1] + vec[2] * dif[2];
    let c = dif[0] * dif[0] + dif[1] * dif[1] + dif[2] * dif[2] - dist_sqr;
    let (x, _) = quad(a, b, c);
    if let Some(n) = normal {
        if x < 0.0 {
            *n = [0.0; 3];
        } else {
            let s = [pnt[0] + x * vec[0], pnt[1] + x * vec[1], pnt[2] + x * vec[2]];
            *n = [s[0] - pos[0], s[1] - pos[1], s[2] - pos[2]];
            normalize3(n);
        }
    }
    x
}

fn capsule(pos: &V3, mat: &M9, size: &V3, pnt: &V3, vec: &V3, normal: Option<&mut V3>) -> f64 {
    let ssz = size[0] + size[1];
    if sphere(pos, ssz * ssz, pnt, vec, None) < 0.0 {
        if let Some(n) = normal {
            *n = [0.0; 3];
        }
        return -1.0;
    }
    let (lpnt, lvec) = to_local(pos, mat, pnt, vec);
    let mut x = -1.0;
    let mut kind = 0.0; // -1 bottom cap, 0 side, 1 top cap

    // cylindrical side
    let a = lvec[0] * lvec[0] + lvec[1] * lvec[1];
    let b = lvec[0] * lpnt[0] + lvec[1] * lpnt[1];
    let c = lpnt[0] * lpnt[0] + lpnt[1] * lpnt[1] - size[0] * size[0];
    let (sol, _) = quad(a, b, c);
    if sol >= 0.0 && (lpnt[2] + sol * lvec[2]).abs() <= size[1] && (x < 0.0 || sol < x) {
        x = sol;
        kind = 0.0;
    }

    // top cap: upper half of the sphere around (0, 0, size[1])
    let mut ldif = [lpnt[0], lpnt[1], lpnt[2] - size[1]];
    let a = lvec[0] * lvec[0] + lvec[1] * lvec[1] + lvec[2] * lvec[2];
    let b = lvec[0] * ldif[0] + lvec[1] * ldif[1] + lvec[2] * ldif[2];
    let c = ldif[0] * ldif[0] + ldif[1] * ldif[1] + ldif[2] * ldif[2] - size[0] * size[0];
    let (_, xx) = quad(a, b, c);
    for &s in &xx {
        if s >= 0.0 && lpnt[2] + s * lvec[2] >= size[1] && (x < 0.0 || s < x) {
            x = s;
            kind = 1.0;
        }
    }

    // bottom cap
    ldif[2] = lpnt[2] + size[1];
    let b = lvec[0] * ldif[0] + lvec[1] * ldif[1] + lvec[2] * ldif[2];
    let c = ldif[0] * ldif[0] + ldif[1] * ldif[1] + ldif[2] * ldif[2] - size[0] * size[0];
    let (_, xx) = quad(a, b, c);
    for &s in &xx {
        if s >= 0.0 && lpnt[2] + s * lvec[2] <= -size[1] && (x < 0.0 || s < x) {
            x = s;
            kind = -1.0;
        }
    }

    if let Some(n) = normal {
        if x < 0.0 {
            *n = [0.0; 3];
        } else {
            let mut l = [
                lpnt[0] + lvec[0] * x,
                lpnt[1] + lvec[1] * x,
                if kind == 0.0 { 0.0 } else { lpnt[2] + lvec[2] * x - size[1] * kind },
            ];
            normalize3(&mut l);
            *n = mat_vec(mat, &l);
        }
    }
    x
}

fn ellipsoid(pos: &V3, mat: &M9, size: &V3, pnt: &V3, vec: &V3, normal: Option<&mut V3>) -> f64 {
    let (lpnt, lvec) = to_local(pos, mat, pnt, vec);
    let s = [1.0 / (size[0] * size[0]), 1.0 / (size[1] * size[1]), 1.0 / (size[2] * size[2])];
    let a = s[0] * lvec[0] * lvec[0] + s[1] * lvec[1] * lvec[1] + s[2] * lvec[2] * lvec[2];
    let b = s[0] * lvec[0] * lpnt[0] + s[1] * lvec[1] * lpnt[1] + s[2] * lvec[2] * lpnt[2];
    let c = s[0] * lpnt[0] * lpnt[0] + s[1] * lpnt[1] * lpnt[1] + s[2] * lpnt[2] * lpnt[2] - 1.0;
    let (x, _) = quad(a, b, c);
    if let Some(n) = normal {
        if x < 0.0 {
            *n = [0.0; 3];
        } else {
            let l = [lpnt[0] + x * lvec[0], lpnt[1] + x * lvec[1], lpnt[2] + x * lvec[2]];
            let mut g = [s[0] * l[0], s[1] * l[1], s[2] * l[2]];
            normalize3(&mut g);
            *n = mat_vec(mat, &g);
        }
    }
    x
}

fn cylinder(pos: &V3, mat: &M9, size: &V3, pnt: &V3, vec: &V3, normal: Option<&mut V3>) -> f64 {
    let ssz = size[0] * size[0] + size[1] * size[1];
    if sphere(pos, ssz, pnt, vec, None) < 0.0 {
        if let Some(n) = normal {
            *n = [0.0; 3];
        }
        return -1.0;
    }
    let (lpnt, lvec) = to_local(pos, mat, pnt, vec);
    let mut x = -1.0;
    let mut kind = 0i32; // -1 bottom, 0 side, 1 top

    // flat faces
    if lvec[2].abs() > MINVAL {
        for side in [-1i32, 1] {
            let sol = (side as f64 * size[1] - lpnt[2]) / lvec[2];
            if sol >= 0.0 {
                let p0 = lpnt[0] + sol * lvec[0];
                let p1 = lpnt[1] + sol * lvec[1];
                if p0 * p0 + p1 * p1 <= size[0] * size[0] && (x < 0.0 || sol < x) {
                    x = sol;
                    kind = side;
                }
            }
        }
    }

    // round side
    let a = lvec[0] * lvec[0] + lvec[1] * lvec[1];
    let b = lvec[0] * lpnt[0] + lvec[1] * lpnt[1];
    let c = lpnt[0] * lpnt[0] + lpnt[1] * lpnt[1] - size[0] * size[0];
    let (sol, _) = quad(a, b, c);
    if sol >= 0.0 && (lpnt[2] + sol * lvec[2]).abs() <= size[1] && (x < 0.0 || sol < x) {
        x = sol;
        kind = 0;
    }

    if let Some(n) = normal {
        if x < 0.0 {
            *n = [0.0; 3];
        } else {
            let l = if kind == 0 {
                let mut l = [lpnt[0] + lvec[0] * x, lpnt[1] + lvec[1] * x, 0.0];
                normalize3(&mut l);
                l
            } else {
                [0.0, 0.0, kind as f64]
            };
            *n = mat_vec(mat, &l);
        }
    }
    x
}

/// Ray against a box with half-sizes `size`. `all`, if given, receives the distance to each
/// face hit (order -x, +x, -y, +y, -z, +z; -1 for faces not hit).
pub fn ray_box(
    pos: &V3,
    mat: &M9,
    size: &V3,
    pnt: &V3,
    vec: &V3,
    mut all: Option<&mut [f64; 6]>,
    normal: Option<&mut V3>,
) -> f64 {
    if let Some(a) = all.as_deref_mut() {
        *a = [-1.0; 6];
    }
    let mut normal = normal;
    if let Some(n) = normal.as_deref_mut() {
        *n = [0.0; 3];
    }
    let ssz = size[0] * size[0] + size[1] * size[1] + size[2] * size[2];
    if sphere(pos, ssz, pnt, vec, None) < 0.0 {
        return -1.0;
    }

    const FACE: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
    let (lpnt, lvec) = to_local(pos, mat, pnt, vec);
    let mut x = -1.0;
    let (mut face_axis, mut face_side) = (0usize, 0i32);

    for i in 0..3 {
        if !(lvec[i].abs() > MINVAL) {
            continue;
        }
        for side in [-1i32, 1] {
            let sol = (side as f64 * size[i] - lpnt[i]) / lvec[i];
            if !(sol >= 0.0) {
                continue;
            }
            let [f0, f1] = FACE[i];
            let p0 = lpnt[f0] + sol * lvec[f0];
            let p1 = lpnt[f1] + sol * lvec[f1];
            if p0.abs() <= size[f0] && p1.abs() <= size[f1] {
                if x < 0.0 || sol < x {
                    x = sol;
                    face_axis = i;
                    face_side = side;
                }
                if let Some(a) = all.as_deref_mut() {
                    a[2 * i + ((side + 1) / 2) as usize] = sol;
                }
            }
        }
    }

    if let Some(n) = normal {
        if x >= 0.0 {
            let mut l = [0.0; 3];
            l[face_axis] = face_side as f64;
            *n = mat_vec(mat, &l);
        }
    }
    x
}

/// Ray against a primitive geom of type `geomtype` (plane, sphere, capsule, ellipsoid, cylinder
/// or box) at `pos` with orientation `mat`; writes the unit surface normal at the hit (zero
/// when missed) if `normal` is given. Other types are reported as errors and give -1.
pub fn ray_geom(pos: &V3, mat: &M9, size: &V3, pnt: &V3, vec: &V3, geomtype: i32, normal: Option<&mut V3>) -> f64 {
    match geomtype {
        GEOM_PLANE => plane(pos, mat, size, pnt, vec, normal),
        GEOM_SPHERE => sphere(pos, size[0] * size[0], pnt, vec, normal),
        GEOM_CAPSULE => capsule(pos, mat, size, pnt, vec, normal),
        GEOM_ELLIPSOID => ellipsoid(pos, mat, size, pnt, vec, normal),
        GEOM_CYLINDER => cylinder(pos, mat, size, pnt, vec, normal),
        GEOM_BOX => ray_box(pos, mat, size, pnt, vec, None, normal),
        _ => {
            mjerror!("mju_rayGeomNormal", "unexpected geom type {}", geomtype);
            -1.0
        }
    }
}

/// The model and data arrays [`multi_ray_prepare`] reads.
pub struct RayGeoms<'a> {
    pub nbody: usize,
    pub ngeom: usize,
    pub geom_bodyid: &'a [i32],
    pub geom_matid: &'a [i32],
    pub geom_group: &'a [i32],
    pub geom_rgba: &'a [f32],
    pub mat_rgba: &'a [f32],
    pub geom_aabb: &'a [f64],
    pub geom_rbound: &'a [f64],
    pub body_weldid: &'a [i32],
    pub body_bvhadr: &'a [i32],
    pub body_geomnum: &'a [i32],
    pub body_geomadr: &'a [i32],
    pub geom_xpos: &'a [f64],
    pub geom_xmat: &'a [f64],
}

/// Whether geom `g` is excluded from ray casting by body, visibility, static flag or group.
fn eliminated(s: &RayGeoms, g: usize, geomgroup: Option<&[u8]>, flg_static: bool, bodyexclude: i32) -> bool {
    let body = s.geom_bodyid[g];
    if body == bodyexclude {
        return true;
    }
    let matid = s.geom_matid[g];
    if matid < 0 && s.geom_rgba[4 * g + 3] == 0.0 {
        return true;
    }
    if matid >= 0 && s.mat_rgba[4 * matid as usize + 3] == 0.0 {
        return true;
    }
    if !flg_static && s.body_weldid[body as usize] == 0 {
        return true;
    }
    let Some(groups) = geomgroup else {
        return false;
    };
    let group = s.geom_group[g].clamp(0, NGROUP - 1);
    groups[group as usize] == 0
}

/// Whether `pnt` lies inside the geom's oriented bounding box (center and half-sizes `aabb`).
fn point_in_box(aabb: &[f64], xpos: &V3, xmat: &M9, pnt: &V3) -> bool {
    let dif = [pnt[0] - xpos[0], pnt[1] - xpos[1], pnt[2] - xpos[2]];
    let p = mat_t_vec(xmat, &dif);
    !(0..3).any(|j| (p[j] - aabb[j]).abs() > aabb[3 + j])
}

/// Per-source setup of multi-ray casting from `pnt`: `geom_eliminate[g]` = 1 for geoms excluded
/// by the filters or beyond `cutoff`; for the remaining geoms of bodies with a bounding volume,
/// `geom_ba[4g..4g+4]` = azimuth/elevation bounds (min az, min el, max az, max el) of the
/// geom's bounding box seen from `pnt`.
#[allow(clippy::too_many_arguments)]
pub fn multi_ray_prepare(
    s: &RayGeoms,
    pnt: &V3,
    geomgroup: Option<&[u8]>,
    flg_static: bool,
    bodyexclude: i32,
    cutoff: f64,
    geom_ba: &mut [f64],
    geom_eliminate: &mut [i32],
) {
    for (g, e) in geom_eliminate[..s.ngeom].iter_mut().enumerate() {
        *e = eliminated(s, g, geomgroup, flg_static, bodyexclude) as i32;
    }

    for b in 0..s.nbody {
        if s.body_bvhadr[b] == -1 {
            continue;
        }
        let adr = s.body_geomadr[b].max(0) as usize;
        for g in adr..adr + s.body_geomnum[b].max(0) as usize {
            if geom_eliminate[g] != 0 {
                continue;
            }
            let aabb = &s.geom_aabb[6 * g..6 * g + 6];
            let xpos: &V3 = s.geom_xpos[3 * g..3 * g + 3].try_into().unwrap();
            let xmat: &M9 = s.geom_xmat[9 * g..9 * g + 9].try_into().unwrap();

            let d = [xpos[0] - pnt[0], xpos[1] - pnt[1], xpos[2] - pnt[2]];
            if (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() > cutoff + s.geom_rbound[g] {
                geom_eliminate[g] = 1;
                continue;
            }

            let ba = &mut geom_ba[4 * g..4 * g + 4];
            if point_in_box(aabb, xpos, xmat, pnt) {
                ba.copy_from_slice(&[-PI, 0.0, PI, PI]);
                continue;
            }

            let mut bounds = [MAXVAL, MAXVAL, -MAXVAL, -MAXVAL];
            for v in 0..8 {
                let corner = [
                    if v & 1 != 0 { aabb[0] + aabb[3] } else { aabb[0] - aabb[3] },
                    if v & 2 != 0 { aabb[1] + aabb[4] } else { aabb[1] - aabb[4] },
                    if v & 4 != 0 { aabb[2] + aabb[5] } else { aabb[2] - aabb[5] },
                ];
                let mut w = mat_vec(xmat, &corner);
                for k in 0..3 {
                    w[k] += xpos[k];
                }
                let rel = [w[0] - pnt[0], w[1] - pnt[1], w[2] - pnt[2]];
                let azimuth = rel[1].atan2(rel[0]);
                let elevation = (rel[0] * rel[0] + rel[1] * rel[1]).sqrt().atan2(rel[2]);
                bounds[0] = min(bounds[0], azimuth);
                bounds[1] = min(bounds[1], elevation);
                bounds[2] = max(bounds[2], azimuth);
                bounds[3] = max(bounds[3], elevation);
            }

            if bounds[2] - bounds[0] > PI {
                bounds = [-PI, 0.0, PI, PI];
            }
            if bounds[3] - bounds[1] > PI {
                mjerror!("mju_multiRayPrepare", "discontinuity in azimuth angle");
            }
            ba.copy_from_slice(&bounds);
        }
    }
}

//------------------------------ triangles, slabs, skins -----------------------------------------

/// Two unit vectors spanning the plane normal to `vec` (the basis in which [`ray_triangle`]
/// projects triangles): start from (1,1,1) with the component of `vec`'s largest axis cleared,
/// make it orthogonal to `vec`, then complete with a cross product.
pub fn normal_plane_basis(vec: &V3) -> (V3, V3) {
    let mut b0 = [1.0; 3];
    let (a0, a1, a2) = (vec[0].abs(), vec[1].abs(), vec[2].abs());
    if a0 >= a1 && a0 >= a2 {
        b0[0] = 0.0;
    } else if a1 >= a2 {
        b0[1] = 0.0;
    } else {
        b0[2] = 0.0;
    }
    let mut b1 = add_scl3(&b0, vec, -dot3(vec, &b0) / dot3(vec, vec));
    blas_normalize3(&mut b1);
    let mut b0 = cross(&b1, vec);
    blas_normalize3(&mut b0);
    (b0, b1)
}

/// Ray `lpnt + x*lvec` against the triangle `v`; `b0`, `b1` span the plane normal to `lvec`
/// (see [`normal_plane_basis`]). Returns the distance x (possibly negative when the triangle
/// lies behind the source) or -1 when the ray misses; `normal`, if given, receives the unit
/// normal of the triangle's plane (orientation from the vertex order), zero on a miss.
pub fn ray_triangle(v: &[V3; 3], lpnt: &V3, lvec: &V3, b0: &V3, b1: &V3, normal: Option<&mut V3>) -> f64 {
    let planar = v.map(|vi| project_normal_plane(&vi, lpnt, b0, b1));
    ray_triangle_projected(v, &planar, lpnt, lvec, normal)
}

/// Vertex `v` relative to the ray source, in the basis `b0`, `b1` of the plane normal to the
/// ray (the projection [`ray_triangle`] makes of each vertex).
#[inline(always)]
pub fn project_normal_plane(v: &V3, lpnt: &V3, b0: &V3, b1: &V3) -> [f64; 2] {
    let dif = sub3(v, lpnt);
    [dot3(b0, &dif), dot3(b1, &dif)]
}

/// [`ray_triangle`] with the vertices already projected by [`project_normal_plane`] (callers
/// that share vertices between triangles project each once; the numbers are the same).
#[inline(always)]
pub fn ray_triangle_projected(
    v: &[V3; 3],
    planar: &[[f64; 2]; 3],
    lpnt: &V3,
    lvec: &V3,
    normal: Option<&mut V3>,
) -> f64 {
    let mut normal = normal;
    if let Some(n) = normal.as_deref_mut() {
        *n = [0.0; 3];
    }

    // all three on one side of an axis: the origin is outside
    for k in 0..2 {
        if (planar[0][k] > 0.0 && planar[1][k] > 0.0 && planar[2][k] > 0.0)
            || (planar[0][k] < 0.0 && planar[1][k] < 0.0 && planar[2][k] < 0.0)
        {
            return -1.0;
        }
    }

    // barycentric coordinates of the origin in the projected triangle
    let a = [
        planar[0][0] - planar[2][0],
        planar[1][0] - planar[2][0],
        planar[0][1] - planar[2][1],
        planar[1][1] - planar[2][1],
    ];
    let b = [-planar[2][0], -planar[2][1]];
    let det = a[0] * a[3] - a[1] * a[2];
    if det.abs() < MINVAL {
        return -1.0;
    }
    let t0 = (a[3] * b[0] - a[1] * b[1]) / det;
    let t1 = (-a[2] * b[0] + a[0] * b[1]) / det;
    if t0 < 0.0 || t1 < 0.0 || t0 + t1 > 1.0 {
        return -1.0;
    }

    // distance to the triangle's plane
    let e0 = sub3(&v[0], &v[2]);
    let e1 = sub3(&v[1], &v[2]);
    let rel = sub3(lpnt, &v[2]);
    let mut nrm = cross(&e0, &e1);
    let denom = dot3(lvec, &nrm);
    if denom.abs() < MINVAL {
        return -1.0;
    }
    let x = -dot3(&rel, &nrm) / denom;
    if let Some(n) = normal {
        blas_normalize3(&mut nrm);
        *n = nrm;
    }
    x
}

/// Slab test: whether the ray meets the box with center and half-sizes `aabb` (6 numbers) given
/// in the frame (`xpos`, `xmat`), ahead of the source.
pub fn ray_slab(aabb: &[f64], xpos: &V3, xmat: &M9, pnt: &V3, vec: &V3) -> bool {
    let (src, dir) = to_local(xpos, xmat, pnt, vec);
    let (mut tmin, mut tmax) = (0.0f64, f64::INFINITY);
    for k in 0..3 {
        let inv = 1.0 / dir[k];
        let t1 = (aabb[k] - aabb[3 + k] - src[k]) * inv;
        let t2 = (aabb[k] + aabb[3 + k] - src[k]) * inv;
        let (lo, hi) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
        tmin = if tmin > lo { tmin } else { lo };
        tmax = if tmax < hi { tmax } else { hi };
    }
    tmin < tmax
}

/// Lower and upper corners of a point set's bounding box, as the ray filters of flexes and
/// skins compute them (the first point initializes both; an empty set gives the origin).
pub fn points_bounds(points: impl Iterator<Item = V3>) -> (V3, V3) {
    let mut lo = [0.0; 3];
    let mut hi = [0.0; 3];
    for (i, p) in points.enumerate() {
        for j in 0..3 {
            if lo[j] > p[j] || i == 0 {
                lo[j] = p[j];
            }
            if hi[j] < p[j] || i == 0 {
                hi[j] = p[j];
            }
        }
    }
    (lo, hi)
}

/// Center and half-sizes of the box with corners `lo`, `hi`.
pub fn box_of_bounds(lo: &V3, hi: &V3) -> (V3, V3) {
    let mut pos = [0.0; 3];
    let mut size = [0.0; 3];
    for j in 0..3 {
        pos[j] = 0.5 * (lo[j] + hi[j]);
        size[j] = 0.5 * (hi[j] - lo[j]);
    }
    (pos, size)
}

/// Identity rotation.
pub const EYE3: M9 = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];

/// Vertex `i` of a float vertex array, widened.
#[inline]
fn fvert(vert: &[f32], i: usize) -> Option<V3> {
    let v = vert.get(3 * i..3 * i + 3)?;
    Some([v[0] as f64, v[1] as f64, v[2] as f64])
}

/// Ray against a skin given by its triangles `face` (3 vertex indices each) over the float
/// vertices `vert` (3 numbers each); returns the distance to the nearest triangle hit (-1: none)
/// and writes the hit triangle's vertex nearest to the hit point into `vertid` (left unchanged
/// on a miss).
pub fn ray_skin(face: &[i32], vert: &[f32], pnt: &V3, vec: &V3, mut vertid: Option<&mut i32>) -> f64 {
    let nvert = vert.len() / 3;
    let (lo, hi) = points_bounds((0..nvert).filter_map(|i| fvert(vert, i)));
    let (pos, size) = box_of_bounds(&lo, &hi);
    if ray_box(&pos, &EYE3, &size, pnt, vec, None, None) < 0.0 {
        return -1.0;
    }
    let (b0, b1) = normal_plane_basis(vec);

    let mut x = -1.0;
    for f in face.chunks_exact(3) {
        let mut v = [[0.0; 3]; 3];
        let mut valid = true;
        for (vj, &id) in v.iter_mut().zip(f) {
            match usize::try_from(id).ok().and_then(|i| fvert(vert, i)) {
                Some(p) => *vj = p,
                None => valid = false,
            }
        }
        if !valid {
            continue;
        }
        let sol = ray_triangle(&v, pnt, vec, &b0, &b1, None);
        if sol >= 0.0 && (x < 0.0 || sol < x) {
            x = sol;
            let hit = add_scl3(pnt, vec, sol);
            let mut best = dist3(&hit, &v[0]);
            let mut id = f[0];
            for j in 1..3 {
                let dj = dist3(&hit, &v[j]);
                if dj < best {
                    best = dj;
                    id = f[j];
                }
            }
            if let Some(out) = vertid.as_deref_mut() {
                *out = id;
            }
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    const I: M9 = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];

    #[test]
    fn unit_sphere_at_distance_one() {
        let mut n = [9.0; 3];
        let x =
            ray_geom(&[0.0; 3], &I, &[1.0, 0.0, 0.0], &[-2.0, 0.0, 0.0], &[1.0, 0.0, 0.0], GEOM_SPHERE, Some(&mut n));
        assert_eq!(x, 1.0);
        assert_eq!(n, [-1.0, 0.0, 0.0]);
        // from inside: the far side
        let x = ray_geom(&[0.0; 3], &I, &[1.0, 0.0, 0.0], &[0.0; 3], &[0.0, 0.0, 2.0], GEOM_SPHERE, None);
        assert_eq!(x, 0.5);
        // miss
        let x =
            ray_geom(&[0.0; 3], &I, &[1.0, 0.0, 0.0], &[-2.0, 2.0, 0.0], &[1.0, 0.0, 0.0], GEOM_SPHERE, Some(&mut n));
        assert_eq!((x, n), (-1.0, [0.0; 3]));
    }

    #[test]
    fn box_plane_cylinder_capsule() {
        let mut n = [0.0; 3];
        let x = ray_geom(&[0.0; 3], &I, &[1.0, 2.0, 3.0], &[0.0, 0.0, 10.0], &[0.0, 0.0, -1.0], GEOM_BOX, Some(&mut n));
        assert_eq!((x, n), (7.0, [0.0, 0.0, 1.0]));
        let x = ray_geom(&[0.0; 3], &I, &[0.0; 3], &[1.0, 1.0, 4.0], &[0.0, 0.0, -2.0], GEOM_PLANE, Some(&mut n));
        assert_eq!((x, n), (2.0, [0.0, 0.0, 1.0]));
        // plane seen from below: no hit
        assert_eq!(ray_geom(&[0.0; 3], &I, &[0.0; 3], &[0.0, 0.0, -1.0], &[0.0, 0.0, 1.0], GEOM_PLANE, None), -1.0);
        let x =
            ray_geom(&[0.0; 3], &I, &[0.5, 1.0, 0.0], &[3.0, 0.0, 0.0], &[-1.0, 0.0, 0.0], GEOM_CYLINDER, Some(&mut n));
        assert_eq!((x, n), (2.5, [1.0, 0.0, 0.0]));
        let x =
            ray_geom(&[0.0; 3], &I, &[0.5, 1.0, 0.0], &[0.0, 0.0, 5.0], &[0.0, 0.0, -1.0], GEOM_CAPSULE, Some(&mut n));
        assert_eq!((x, n), (3.5, [0.0, 0.0, 1.0]));
        let x = ray_geom(&[0.0; 3], &I, &[1.0, 2.0, 3.0], &[0.0, 5.0, 0.0], &[0.0, -1.0, 0.0], GEOM_ELLIPSOID, None);
        assert_eq!(x, 3.0);
    }

    #[test]
    fn triangle_and_skin() {
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let (pnt, vec) = ([0.25, 0.25, 2.0], [0.0, 0.0, -0.5]);
        let (b0, b1) = normal_plane_basis(&vec);
        let mut n = [0.0; 3];
        assert_eq!(ray_triangle(&tri, &pnt, &vec, &b0, &b1, Some(&mut n)), 4.0);
        assert_eq!(n, [0.0, 0.0, 1.0]);
        // outside the triangle
        assert_eq!(ray_triangle(&tri, &[0.8, 0.8, 2.0], &vec, &b0, &b1, None), -1.0);

        let vert = [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0];
        let face = [0, 1, 2, 1, 3, 2];
        let mut id = -7;
        assert_eq!(ray_skin(&face, &vert, &[0.9, 0.8, 1.0], &[0.0, 0.0, -1.0], Some(&mut id)), 1.0);
        assert_eq!(id, 3);
        id = -7;
        assert_eq!(ray_skin(&face, &vert, &[2.0, 0.5, 1.0], &[0.0, 0.0, -1.0], Some(&mut id)), -1.0);
        assert_eq!(id, -7);
        // slab: box of half-size 1 at (5, 0, 0), seen along +x and -x
        let aabb = [5.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        assert!(ray_slab(&aabb, &[0.0; 3], &I, &[0.0; 3], &[1.0, 0.0, 0.0]));
        assert!(!ray_slab(&aabb, &[0.0; 3], &I, &[0.0; 3], &[-1.0, 0.0, 0.0]));
    }

    #[test]
    fn box_faces() {
        let mut all = [0.0; 6];
        let x = ray_box(&[0.0; 3], &I, &[1.0; 3], &[-5.0, 0.0, 0.0], &[1.0, 0.0, 0.0], Some(&mut all), None);
        assert_eq!(x, 4.0);
        assert_eq!(all, [4.0, 6.0, -1.0, -1.0, -1.0, -1.0]);
    }
}
