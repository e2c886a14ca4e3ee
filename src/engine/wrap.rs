//! Tendon wrapping geometry: the shortest path between two points around a sphere or a
//! cylinder, optionally steered by a side site (upstream's `mju_wrap`).

use crate::abi::*;
use crate::math::blas::{dot, dot3, mul_mat_t_vec3, mul_mat_vec3, norm, norm3, normalize, normalize3, sub3};
use crate::math::spatial::cross;

/// Whether 2D segments p1-p2 and p3-p4 cross (both parameters in [0, 1]).
fn segments_cross(p1: &[f64], p2: &[f64], p3: &[f64], p4: &[f64]) -> bool {
    let det = (p4[1] - p3[1]) * (p2[0] - p1[0]) - (p4[0] - p3[0]) * (p2[1] - p1[1]);
    if det.abs() < mjMINVAL {
        return false;
    }
    let a = ((p4[0] - p3[0]) * (p1[1] - p3[1]) - (p4[1] - p3[1]) * (p1[0] - p3[0])) / det;
    let b = ((p2[0] - p1[0]) * (p1[1] - p3[1]) - (p2[1] - p1[1]) * (p1[0] - p3[0])) / det;
    (0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b)
}

/// Arc length on a circle of `radius` from p0 to p1; `long` picks the reflex arc side.
fn arc_length(p0: &[f64; 2], p1: &[f64; 2], long: bool, radius: f64) -> f64 {
    let mut u = *p0;
    let mut v = *p1;
    normalize(&mut u);
    normalize(&mut v);
    let mut angle = dot(&u, &v).acos();
    let turn = p0[1] * p1[0] - p0[0] * p1[1];
    if (turn > 0.0 && long) || (turn < 0.0 && !long) {
        angle = 2.0 * mjPI - angle;
    }
    radius * angle
}

/// Wrap of the 2D segment `end` (two points) around the circle at the origin. Writes the two
/// tangent points to `pnt` and returns the arc length, or -1 when the straight segment is used.
fn wrap_circle(pnt: &mut [f64; 4], end: &[f64; 4], side: Option<&[f64; 2]>, radius: f64) -> f64 {
    let sqlen0 = end[0] * end[0] + end[1] * end[1];
    let sqlen1 = end[2] * end[2] + end[3] * end[3];
    let sqrad = radius * radius;
    if sqlen0 < sqrad || sqlen1 < sqrad || radius < mjMINVAL {
        return -1.0;
    }

    let dif = [end[2] - end[0], end[3] - end[1]];
    let dd = dif[0] * dif[0] + dif[1] * dif[1];
    if dd < mjMINVAL {
        return -1.0;
    }

    // closest point of the segment to the circle centre
    let a = (-(dif[0] * end[0] + dif[1] * end[1]) / dd).clamp(0.0, 1.0);
    let near = [a * dif[0] + end[0], a * dif[1] + end[1]];
    if near[0] * near[0] + near[1] * near[1] > sqrad && side.is_none_or(|s| dot(s, &near) >= 0.0) {
        return -1.0;
    }

    let sqrt0 = (sqlen0 - sqrad).sqrt();
    let sqrt1 = (sqlen1 - sqrad).sqrt();

    // the two candidate tangent-point pairs and how good each is
    let mut sol = [[[0.0f64; 2]; 2]; 2];
    let mut good = [0.0f64; 2];
    for i in 0..2 {
        let sgn = if i == 0 { 1.0 } else { -1.0 };
        sol[i][0] = [
            (end[0] * sqrad + sgn * radius * end[1] * sqrt0) / sqlen0,
            (end[1] * sqrad - sgn * radius * end[0] * sqrt0) / sqlen0,
        ];
        sol[i][1] = [
            (end[2] * sqrad - sgn * radius * end[3] * sqrt1) / sqlen1,
            (end[3] * sqrad + sgn * radius * end[2] * sqrt1) / sqlen1,
        ];
        good[i] = match side {
            Some(s) => {
                let mut mid = [sol[i][0][0] + sol[i][1][0], sol[i][0][1] + sol[i][1][1]];
                normalize(&mut mid);
                dot(&mid, s)
            }
            None => {
                let gap = [sol[i][0][0] - sol[i][1][0], sol[i][0][1] - sol[i][1][1]];
                -dot(&gap, &gap)
            }
        };
        if segments_cross(&end[0..2], &sol[i][0], &end[2..4], &sol[i][1]) {
            good[i] = -10000.0;
        }
    }

    let i = if good[0] > good[1] { 0 } else { 1 };
    *pnt = [sol[i][0][0], sol[i][0][1], sol[i][1][0], sol[i][1][1]];
    if segments_cross(&end[0..2], &pnt[0..2], &end[2..4], &pnt[2..4]) {
        return -1.0;
    }
    arc_length(&sol[i][0], &sol[i][1], i == 1, radius)
}

/// Wrap from inside the circle (side site inside the geom): both tangent points coincide at the
/// point found by Newton's method. Returns 0 on wrap, -1 without.
fn wrap_inside(pnt: &mut [f64; 4], end: &[f64; 4], radius: f64) -> f64 {
    const MAXITER: usize = 20;
    const ZINIT: f64 = 1.0 - 1e-7;
    const TOL: f64 = 1e-6;

    let len0 = norm(&end[0..2]);
    let len1 = norm(&end[2..4]);
    let dif = [end[2] - end[0], end[3] - end[1]];
    let dd = dif[0] * dif[0] + dif[1] * dif[1];

    if len0 <= radius || len1 <= radius || radius < mjMINVAL || len0 < mjMINVAL || len1 < mjMINVAL {
        return -1.0;
    }

    // the segment itself passes through the circle
    if dd > mjMINVAL {
        let a = -(dif[0] * end[0] + dif[1] * end[1]) / dd;
        if a > 0.0 && a < 1.0 {
            let near = [end[0] + dif[0] * a, end[1] + dif[1] * a];
            if norm(&near) <= radius {
                return -1.0;
            }
        }
    }

    // fallback: midpoint direction on the circle
    let mut mid = [0.5 * (end[0] + end[2]), 0.5 * (end[1] + end[3])];
    normalize(&mut mid);
    mid = [mid[0] * radius, mid[1] * radius];
    *pnt = [mid[0], mid[1], mid[0], mid[1]];

    // solve asin(A z) + asin(B z) - 2 asin(z) + G = 0
    let ca = radius / len0;
    let cb = radius / len1;
    let cos_g = (len0 * len0 + len1 * len1 - dd) / (2.0 * len0 * len1);
    if cos_g < -1.0 + mjMINVAL {
        return -1.0;
    } else if cos_g > 1.0 - mjMINVAL {
        return 0.0;
    }
    let g = cos_g.acos();
    let fun = |z: f64| (ca * z).asin() + (cb * z).asin() - 2.0 * z.asin() + g;

    let mut z = ZINIT;
    let mut f = fun(z);
    if f > 0.0 {
        return 0.0;
    }

    let mut iter = 0;
    while iter < MAXITER && f.abs() > TOL {
        let df = ca / mjMINVAL.max((1.0 - z * z * ca * ca).sqrt()) + cb / mjMINVAL.max((1.0 - z * z * cb * cb).sqrt())
            - 2.0 / mjMINVAL.max((1.0 - z * z).sqrt());
        if df > -mjMINVAL {
            return 0.0;
        }
        let z1 = z - f / df;
        if z1 > z {
            return 0.0;
        }
        z = z1;
        f = fun(z);
        if f > TOL {
            return 0.0;
        }
        iter += 1;
    }
    if iter >= MAXITER {
        return 0.0;
    }

    // rotate the unit direction of one endpoint by the solved angle
    let (mut dir, ang) = if end[0] * end[3] - end[1] * end[2] > 0.0 {
        ([end[0], end[1]], z.asin() - (ca * z).asin())
    } else {
        ([end[2], end[3]], z.asin() - (cb * z).asin())
    };
    normalize(&mut dir);
    let (s, c) = (ang.sin(), ang.cos());
    pnt[0] = radius * (c * dir[0] - s * dir[1]);
    pnt[1] = radius * (s * dir[0] + c * dir[1]);
    pnt[2] = pnt[0];
    pnt[3] = pnt[1];
    0.0
}

/// Wraps the segment x0-x1 around a sphere or cylinder (`wtype`, an mjtWrap) of `radius` posed
/// at (`xpos`, `xmat`), optionally steered by the side-site position `side`. On wrap, writes
/// the two tangent points (global frame) to `wpnt` and returns the path length on the surface;
/// returns -1 when the straight segment is used.
#[allow(clippy::too_many_arguments)]
pub fn wrap(
    wpnt: &mut [f64; 6],
    x0: &[f64; 3],
    x1: &[f64; 3],
    xpos: &[f64; 3],
    xmat: &[f64; 9],
    radius: f64,
    wtype: i32,
    side: Option<&[f64; 3]>,
) -> f64 {
    let sphere = wtype == mjtWrap_::mjWRAP_SPHERE as i32;
    if !sphere && wtype != mjtWrap_::mjWRAP_CYLINDER as i32 {
        crate::mjerror!("mju_wrap", "unknown wrapping object type {}", wtype);
        return -1.0;
    }

    // endpoints in the geom frame
    let p = [mul_mat_t_vec3(xmat, &sub3(x0, xpos)), mul_mat_t_vec3(xmat, &sub3(x1, xpos))];
    if norm3(&p[0]) < mjMINVAL || norm3(&p[1]) < mjMINVAL {
        return -1.0;
    }

    // in-plane frame of the 2D problem
    let mut axis = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    if sphere {
        axis[0] = p[0];
        normalize3(&mut axis[0]);
        let mut normal = cross(&p[0], &p[1]);
        if normalize3(&mut normal) < mjMINVAL {
            // endpoints collinear with the centre: pick any plane containing p0
            let a = &axis[0];
            let mut i = 0;
            if a[1].abs() > a[0].abs() && a[1].abs() > a[2].abs() {
                i = 1;
            }
            if a[2].abs() > a[0].abs() && a[2].abs() > a[1].abs() {
                i = 2;
            }
            let mut other = [1.0; 3];
            other[i] = 0.0;
            normal = cross(&axis[0], &other);
            normalize3(&mut normal);
        }
        axis[1] = cross(&normal, &axis[0]);
        normalize3(&mut axis[1]);
    }

    let ends = [dot3(&p[0], &axis[0]), dot3(&p[0], &axis[1]), dot3(&p[1], &axis[0]), dot3(&p[1], &axis[1])];

    // side site in the same frame, projected onto the circle
    let mut s = [0.0; 3];
    let mut sd = [0.0; 2];
    if let Some(side) = side {
        s = mul_mat_t_vec3(xmat, &sub3(side, xpos));
        sd = [dot3(&s, &axis[0]), dot3(&s, &axis[1])];
        normalize(&mut sd);
        sd = [sd[0] * radius, sd[1] * radius];
    }

    let mut pnt = [0.0; 4];
    let mut wlen = if side.is_some() && norm3(&s) < radius {
        wrap_inside(&mut pnt, &ends, radius)
    } else {
        wrap_circle(&mut pnt, &ends, side.map(|_| &sd), radius)
    };
    if wlen < 0.0 {
        return -1.0;
    }

    // back to 3D in the geom frame
    let mut res = [[0.0; 3]; 2];
    for (i, r) in res.iter_mut().enumerate() {
        for k in 0..3 {
            r[k] = axis[0][k] * pnt[2 * i] + axis[1][k] * pnt[2 * i + 1];
        }
    }

    // cylinder: heights interpolated along the unrolled path, helix length
    if !sphere {
        let l0 = ((p[0][0] - res[0][0]) * (p[0][0] - res[0][0]) + (p[0][1] - res[0][1]) * (p[0][1] - res[0][1])).sqrt();
        let l1 = ((p[1][0] - res[1][0]) * (p[1][0] - res[1][0]) + (p[1][1] - res[1][1]) * (p[1][1] - res[1][1])).sqrt();
        res[0][2] = p[0][2] + (p[1][2] - p[0][2]) * l0 / (l0 + wlen + l1);
        res[1][2] = p[0][2] + (p[1][2] - p[0][2]) * (l0 + wlen) / (l0 + wlen + l1);
        let height = (res[1][2] - res[0][2]).abs();
        wlen = (wlen * wlen + height * height).sqrt();
    }

    for (i, r) in res.iter().enumerate() {
        let g = mul_mat_vec3(xmat, r);
        for k in 0..3 {
            wpnt[3 * i + k] = g[k] + xpos[k];
        }
    }
    wlen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::blas::dist3;

    const EYE: [f64; 9] = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];

    #[test]
    fn cylinder_wrap_is_tangent_and_shortest() {
        let (x0, x1) = ([-2.0, 0.1, 0.0], [2.0, 0.1, 0.0]);
        let mut w = [0.0; 6];
        let wlen = wrap(&mut w, &x0, &x1, &[0.0; 3], &EYE, 1.0, mjtWrap_::mjWRAP_CYLINDER as i32, None);
        assert!(wlen > 0.0);
        let (w0, w1) = ([w[0], w[1], w[2]], [w[3], w[4], w[5]]);
        // tangent points on the circle, segments tangent to it
        assert!((norm3(&w0) - 1.0).abs() < 1e-12 && (norm3(&w1) - 1.0).abs() < 1e-12);
        assert!(dot3(&sub3(&w0, &x0), &w0).abs() < 1e-12);
        assert!(dot3(&sub3(&w1, &x1), &w1).abs() < 1e-12);
        // closed form of the total length over the near side of the circle
        let l = norm3(&x0);
        let theta = dot3(&x0, &x1) / (l * l);
        let arc = theta.acos() - 2.0 * (1.0 / l).acos();
        let total = dist3(&x0, &w0) + wlen + dist3(&w1, &x1);
        assert!((total - (2.0 * (l * l - 1.0).sqrt() + arc)).abs() < 1e-12);
        assert!(w0[1] > 0.0 && w1[1] > 0.0);
    }

    #[test]
    fn no_wrap_when_segment_misses() {
        let mut w = [0.0; 6];
        let r = wrap(
            &mut w,
            &[-2.0, 2.0, 0.0],
            &[2.0, 2.0, 0.0],
            &[0.0; 3],
            &EYE,
            1.0,
            mjtWrap_::mjWRAP_SPHERE as i32,
            None,
        );
        assert_eq!(r, -1.0);
    }

    #[test]
    fn side_site_selects_far_side() {
        let (x0, x1) = ([-2.0, 0.1, 0.0], [2.0, 0.1, 0.0]);
        let mut w = [0.0; 6];
        let side = [0.0, -3.0, 0.0];
        let wlen = wrap(&mut w, &x0, &x1, &[0.0; 3], &EYE, 1.0, mjtWrap_::mjWRAP_SPHERE as i32, Some(&side));
        assert!(wlen > 0.0 && w[1] < 0.0 && w[4] < 0.0);
    }
}
