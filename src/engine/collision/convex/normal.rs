//! The analytic contact normal of smooth geoms (upstream's `mjc_fixNormal`), used where
//! libccd's MPR found the contact.

use crate::abi::*;
use crate::engine::v3;
use crate::math::blas::{dist3, mul_mat_t_vec3, mul_mat_vec3, normalize3, sub3};

use mjtGeom_::*;

//------------------------------------------ contact normal fix ------------------------------------

/// Normal at the ellipsoid boundary for a point inside, by ray projection (`mjc_ellipsoidInside`).
fn ellipsoid_inside(nrm: &mut [f64; 3], pos: &[f64; 3], size: &[f64; 3]) -> bool {
    const MAXITER: i32 = 30;
    const TOL: f64 = 1e-6;
    let s2inv = [1.0 / (size[0] * size[0]), 1.0 / (size[1] * size[1]), 1.0 / (size[2] * size[2])];
    let c = pos[0] * pos[0] * s2inv[0] + pos[1] * pos[1] * s2inv[1] + pos[2] * pos[2] * s2inv[2] - 1.0;
    if c > 0.0 {
        return false;
    }
    normalize3(nrm);
    for iter in 0..MAXITER {
        let a = nrm[0] * nrm[0] * s2inv[0] + nrm[1] * nrm[1] * s2inv[1] + nrm[2] * nrm[2] * s2inv[2];
        let b = pos[0] * nrm[0] * s2inv[0] + pos[1] * nrm[1] * s2inv[1] + pos[2] * nrm[2] * s2inv[2];
        let det = b * b - a * c;
        if det < mjMINVAL || a < mjMINVAL {
            return iter > 0;
        }
        let x = (-b + det.sqrt()) / a;
        if x < 0.0 {
            return iter > 0;
        }
        let pnt = [pos[0] + nrm[0] * x, pos[1] + nrm[1] * x, pos[2] + nrm[2] * x];
        let mut newnrm = [pnt[0] * s2inv[0], pnt[1] * s2inv[1], pnt[2] * s2inv[2]];
        normalize3(&mut newnrm);
        let change = dist3(nrm, &newnrm);
        *nrm = newnrm;
        if change < TOL {
            break;
        }
    }
    true
}

/// Normal of the ellipsoid at the point nearest to an outside point (`mjc_ellipsoidOutside`).
fn ellipsoid_outside(nrm: &mut [f64; 3], pos: &[f64; 3], size: &[f64; 3]) -> bool {
    const MAXITER: i32 = 30;
    const TOL: f64 = 1e-6;
    let s2 = [size[0] * size[0], size[1] * size[1], size[2] * size[2]];
    let ps2 = [pos[0] * pos[0] * s2[0], pos[1] * pos[1] * s2[1], pos[2] * pos[2] * s2[2]];
    let mut la = 0.0;
    for _ in 0..MAXITER {
        let r = [1.0 / (s2[0] + la), 1.0 / (s2[1] + la), 1.0 / (s2[2] + la)];
        let val = ps2[0] * r[0] * r[0] + ps2[1] * r[1] * r[1] + ps2[2] * r[2] * r[2] - 1.0;
        if val < TOL {
            break;
        }
        let deriv = -2.0 * (ps2[0] * r[0] * r[0] * r[0] + ps2[1] * r[1] * r[1] * r[1] + ps2[2] * r[2] * r[2] * r[2]);
        if deriv > -mjMINVAL {
            break;
        }
        let delta = -val / deriv;
        if delta < TOL {
            break;
        }
        la += delta;
    }
    *nrm = [pos[0] / (s2[0] + la), pos[1] / (s2[1] + la), pos[2] / (s2[2] + la)];
    normalize3(nrm);
    true
}

/// Replaces the normal of a contact between smooth geoms by the analytic one where upstream
/// does (`mjc_fixNormal`); `geoms` are the two geom ids with their global position and
/// orientation (as the caller has them, moved or not).
pub fn fix_normal(m: &mjModel, con: &mut mjContact, geoms: [(usize, (&[f64; 3], &[f64; 9])); 2]) {
    let gid = geoms.map(|(g, _)| g);
    let smooth = |t: i32| {
        t == mjGEOM_SPHERE as i32
            || t == mjGEOM_CAPSULE as i32
            || t == mjGEOM_ELLIPSOID as i32
            || t == mjGEOM_CYLINDER as i32
    };
    let types = gid.map(|g| m.geom_type()[g]);
    if !smooth(types[0]) && !smooth(types[1]) {
        return;
    }
    let f = [con.frame[0], con.frame[1], con.frame[2]];
    let mut normal = [f, [-f[0], -f[1], -f[2]]];
    let mut processed = [false; 2];

    for i in 0..2 {
        let t = types[i];
        if !smooth(t) {
            continue;
        }
        let (gpos, mat) = (*geoms[i].1 .0, *geoms[i].1 .1);
        let size = *v3(m.geom_size(), gid[i]);
        let dif = sub3(&con.pos, &gpos);
        let pos = mul_mat_t_vec3(&mat, &dif);
        let mut nrm = mul_mat_t_vec3(&mat, &normal[i]);

        if t == mjGEOM_SPHERE as i32 {
            nrm = pos;
            processed[i] = true;
        } else if t == mjGEOM_CAPSULE as i32 {
            nrm[2] = if pos[2] < -size[1] {
                pos[2] + size[1]
            } else if pos[2] > size[1] {
                pos[2] - size[1]
            } else {
                0.0
            };
            nrm[0] = pos[0];
            nrm[1] = pos[1];
            processed[i] = true;
        } else if t == mjGEOM_ELLIPSOID as i32 {
            if size[0] < mjMINVAL || size[1] < mjMINVAL || size[2] < mjMINVAL {
                continue;
            }
            let dst = pos[0] * pos[0] / (size[0] * size[0])
                + pos[1] * pos[1] / (size[1] * size[1])
                + pos[2] * pos[2] / (size[2] * size[2]);
            processed[i] = if dst <= 1.0 {
                ellipsoid_inside(&mut nrm, &pos, &size)
            } else {
                ellipsoid_outside(&mut nrm, &pos, &size)
            };
        } else {
            // cylinder: only near the round wall
            if pos[2].abs() > 0.95 * size[1] {
                continue;
            }
            let dst1 = (size[1] - pos[2].abs()).abs();
            let dst2 = (size[0] - crate::math::blas::norm(&pos[..2])).abs();
            if dst1 < 0.25 * dst2 {
                continue;
            }
            nrm = [pos[0], pos[1], 0.0];
            processed[i] = true;
        }

        if processed[i] {
            normalize3(&mut nrm);
            normal[i] = mul_mat_vec3(&mat, &nrm);
        }
    }

    if processed[0] && processed[1] {
        let mut n = sub3(&normal[0], &normal[1]);
        normalize3(&mut n);
        con.frame[..3].copy_from_slice(&n);
    } else if processed[0] {
        con.frame[..3].copy_from_slice(&normal[0]);
    } else if processed[1] {
        let n = normal[1];
        con.frame[..3].copy_from_slice(&[-n[0], -n[1], -n[2]]);
    }
    if processed[0] || processed[1] {
        con.frame[3..6].fill(0.0);
    }
}
