//! The libccd fallback of the convex narrowphase (`mjDSBL_NATIVECCD`): Minkowski Portal
//! Refinement as libccd v2.1 implements `ccdMPRPenetration`, built in double precision the way
//! upstream links it. MuJoCo uses no other libccd algorithm.
//!
//! The portal is a tetrahedron `v0..v3` of Minkowski-difference points, `v0` an interior point
//! (difference of the two centres). Discovery finds a portal the origin ray passes through,
//! refinement grows it until the origin is inside (or proves it outside), and the penetration
//! phase pushes the outer face toward the boundary until the tolerance or the iteration limit
//! is reached. The depth is the distance from the origin to that face.
//!
//! Every arithmetic step keeps libccd's order (dot products summed left to right, normalising by
//! multiplying with the reciprocal length, its relative equality test) so that contacts agree
//! with upstream's to the last bit.

type V3 = [f64; 3];

/// libccd's epsilon in double precision (`DBL_EPSILON`).
const EPS: f64 = f64::EPSILON;

/// An object MPR can query: an interior point and support points, both in one common frame.
pub trait MprObject {
    /// A point inside the object (libccd's `center` callback).
    fn mpr_center(&mut self) -> V3;

    /// The object's farthest point along `dir` (libccd's `support` callback).
    fn mpr_support(&mut self, dir: &V3) -> V3;
}

/// Tolerance and iteration limit of a query (the fields of `ccd_t` that MPR reads).
#[derive(Clone, Copy, Debug)]
pub struct MprConfig {
    /// `mpr_tolerance`: smallest progress of the portal toward the boundary
    pub tolerance: f64,
    /// `max_iterations` (an `unsigned long` in libccd; MuJoCo's int converts to it)
    pub max_iterations: u64,
}

/// Result of a penetration query: depth, unit direction (zero for touching contacts) and the
/// point midway between the objects' deepest points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Penetration {
    pub depth: f64,
    pub dir: V3,
    pub pos: V3,
}

/// A Minkowski-difference point with the points of both objects it came from.
#[derive(Clone, Copy, Default)]
struct Point {
    v: V3,
    v1: V3,
    v2: V3,
}

#[inline]
fn is_zero(x: f64) -> bool {
    x.abs() < EPS
}

/// libccd's equality: absolute below EPS, else relative to the larger magnitude.
#[inline]
fn eq(a: f64, b: f64) -> bool {
    let ab = (a - b).abs();
    if ab < EPS {
        return true;
    }
    let (a, b) = (a.abs(), b.abs());
    if b > a {
        ab < EPS * b
    } else {
        ab < EPS * a
    }
}

/// `ccdVec3Eq(v, ccd_vec3_origin)`.
#[inline]
pub fn is_origin(v: &V3) -> bool {
    eq(v[0], 0.0) && eq(v[1], 0.0) && eq(v[2], 0.0)
}

#[inline]
fn dot(a: &V3, b: &V3) -> f64 {
    let mut d = a[0] * b[0];
    d += a[1] * b[1];
    d += a[2] * b[2];
    d
}

#[inline]
fn cross(a: &V3, b: &V3) -> V3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

#[inline]
fn sub(a: &V3, b: &V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
fn add_to(a: &mut V3, b: &V3) {
    a[0] += b[0];
    a[1] += b[1];
    a[2] += b[2];
}

#[inline]
fn scale(v: &V3, k: f64) -> V3 {
    [v[0] * k, v[1] * k, v[2] * k]
}

#[inline]
fn normalize(v: &mut V3) {
    let k = 1.0 / dot(v, v).sqrt();
    *v = scale(v, k);
}

#[inline]
fn dist2(a: &V3, b: &V3) -> f64 {
    let ab = sub(a, b);
    dot(&ab, &ab)
}

/// Squared distance from `p` to the segment `x0`-`b`, with the nearest point.
fn point_segment_dist2(p: &V3, x0: &V3, b: &V3) -> (f64, V3) {
    let d = sub(b, x0);
    let a = sub(x0, p);
    let mut t = -dot(&a, &d);
    t /= dot(&d, &d);
    if t < 0.0 || is_zero(t) {
        (dist2(x0, p), *x0)
    } else if t > 1.0 || eq(t, 1.0) {
        (dist2(b, p), *b)
    } else {
        let mut w = scale(&d, t);
        add_to(&mut w, x0);
        (dist2(&w, p), w)
    }
}

/// Squared distance from `p` to the triangle `x0`, `b`, `c`, with the nearest point: the
/// interior solution of the 2x2 least-squares problem when it lies inside, else the nearest
/// of the three edges.
fn point_tri_dist2(p: &V3, x0: &V3, b: &V3, c: &V3) -> (f64, V3) {
    let d1 = sub(b, x0);
    let d2 = sub(c, x0);
    let a = sub(x0, p);
    let v = dot(&d1, &d1);
    let w = dot(&d2, &d2);
    let pp = dot(&a, &d1);
    let q = dot(&a, &d2);
    let r = dot(&d1, &d2);

    let det = w * v - r * r;
    let (s, t) = if is_zero(det) {
        (-1.0, -1.0)
    } else {
        let s = (q * r - w * pp) / det;
        (s, (-s * r - q) / w)
    };

    if (is_zero(s) || s > 0.0)
        && (eq(s, 1.0) || s < 1.0)
        && (is_zero(t) || t > 0.0)
        && (eq(t, 1.0) || t < 1.0)
        && (eq(t + s, 1.0) || t + s < 1.0)
    {
        let mut wit = *x0;
        add_to(&mut wit, &scale(&d1, s));
        add_to(&mut wit, &scale(&d2, t));
        return (dist2(&wit, p), wit);
    }

    let (mut dist, mut wit) = point_segment_dist2(p, x0, b);
    for (e0, e1) in [(x0, c), (b, c)] {
        let (d, w2) = point_segment_dist2(p, e0, e1);
        if d < dist {
            dist = d;
            wit = w2;
        }
    }
    (dist, wit)
}

/// Support point of the Minkowski difference `o1 - o2` along `dir`.
#[inline]
fn support<A: MprObject + ?Sized, B: MprObject + ?Sized>(o1: &mut A, o2: &mut B, dir: &V3) -> Point {
    let v1 = o1.mpr_support(dir);
    let v2 = o2.mpr_support(&scale(dir, -1.0));
    Point { v: sub(&v1, &v2), v1, v2 }
}

/// Unit normal of the portal face `v1 v2 v3` (pointing away from `v0`).
#[inline]
fn portal_dir(p: &[Point; 4]) -> V3 {
    let mut dir = cross(&sub(&p[2].v, &p[1].v), &sub(&p[3].v, &p[1].v));
    normalize(&mut dir);
    dir
}

/// Nonnegative within libccd's zero test.
#[inline]
fn nonneg(x: f64) -> bool {
    is_zero(x) || x > 0.0
}

/// The new point `v4` cannot move the face `v1 v2 v3` out by more than the tolerance.
#[inline]
fn reach_tolerance(p: &[Point; 4], v4: &Point, dir: &V3, tol: f64) -> bool {
    let dv1 = dot(&p[1].v, dir);
    let dv2 = dot(&p[2].v, dir);
    let dv3 = dot(&p[3].v, dir);
    let dv4 = dot(&v4.v, dir);
    let m = (dv4 - dv1).min(dv4 - dv2).min(dv4 - dv3);
    eq(m, tol) || m < tol
}

/// Replaces one vertex of the face by `v4`, keeping the portal around the origin ray.
#[inline]
fn expand_portal(p: &mut [Point; 4], v4: &Point) {
    let v4v0 = cross(&v4.v, &p[0].v);
    let slot = if dot(&p[1].v, &v4v0) > 0.0 {
        if dot(&p[2].v, &v4v0) > 0.0 {
            1
        } else {
            3
        }
    } else if dot(&p[3].v, &v4v0) > 0.0 {
        2
    } else {
        1
    };
    p[slot] = *v4;
}

/// Outcome of portal discovery.
enum Discovery {
    /// the origin is outside the Minkowski difference
    Separated,
    /// the origin is the support point `v1`
    Touch,
    /// the origin lies on the segment `v0`-`v1`
    Segment,
    /// a full portal was found
    Portal,
}

/// Finds the initial portal: `v0` from the centres, `v1` toward the origin, `v2` and `v3` to
/// close a tetrahedron whose face the origin ray crosses.
/// Bound on the portal discovery and refinement loops, which libccd runs without one: they
/// end in a few steps on any geometry whose numbers are in scale, and can cycle forever on
/// shapes some 1e38 across.
const PORTAL_LIMIT: usize = 100_000;

fn discover<A: MprObject + ?Sized, B: MprObject + ?Sized>(o1: &mut A, o2: &mut B, p: &mut [Point; 4]) -> Discovery {
    let c1 = o1.mpr_center();
    let c2 = o2.mpr_center();
    p[0] = Point { v: sub(&c1, &c2), v1: c1, v2: c2 };

    // centres coincide: nudge v0 off the origin
    if is_origin(&p[0].v) {
        add_to(&mut p[0].v, &[EPS * 10.0, 0.0, 0.0]);
    }

    let mut dir = scale(&p[0].v, -1.0);
    normalize(&mut dir);
    p[1] = support(o1, o2, &dir);
    if !nonneg_strict(dot(&p[1].v, &dir)) {
        return Discovery::Separated;
    }

    dir = cross(&p[0].v, &p[1].v);
    if is_zero(dot(&dir, &dir)) {
        return if is_origin(&p[1].v) { Discovery::Touch } else { Discovery::Segment };
    }
    normalize(&mut dir);
    p[2] = support(o1, o2, &dir);
    if !nonneg_strict(dot(&p[2].v, &dir)) {
        return Discovery::Separated;
    }

    dir = cross(&sub(&p[1].v, &p[0].v), &sub(&p[2].v, &p[0].v));
    normalize(&mut dir);
    if dot(&dir, &p[0].v) > 0.0 {
        p.swap(1, 2);
        dir = scale(&dir, -1.0);
    }

    for _ in 0..PORTAL_LIMIT {
        p[3] = support(o1, o2, &dir);
        if !nonneg_strict(dot(&p[3].v, &dir)) {
            return Discovery::Separated;
        }

        // origin outside (v1, v0, v3): v3 replaces v2; outside (v3, v0, v2): v3 replaces v1
        let outside = |x: f64| x < 0.0 && !is_zero(x);
        let replaced = if outside(dot(&cross(&p[1].v, &p[3].v), &p[0].v)) {
            p[2] = p[3];
            true
        } else if outside(dot(&cross(&p[3].v, &p[2].v), &p[0].v)) {
            p[1] = p[3];
            true
        } else {
            false
        };
        if !replaced {
            return Discovery::Portal;
        }
        dir = cross(&sub(&p[1].v, &p[0].v), &sub(&p[2].v, &p[0].v));
        normalize(&mut dir);
    }
    // the portal cycles (numbers far out of scale): no contact rather than an endless loop
    Discovery::Separated
}

/// Positive and not within libccd's zero test (the discovery phase's "origin is beyond the
/// support point" test fails otherwise).
#[inline]
fn nonneg_strict(x: f64) -> bool {
    !(is_zero(x) || x < 0.0)
}

/// Grows the portal until it contains the origin (true) or cannot reach it (false).
fn refine<A: MprObject + ?Sized, B: MprObject + ?Sized>(
    o1: &mut A,
    o2: &mut B,
    p: &mut [Point; 4],
    cfg: &MprConfig,
) -> bool {
    for _ in 0..PORTAL_LIMIT {
        let dir = portal_dir(p);
        if nonneg(dot(&dir, &p[1].v)) {
            return true;
        }
        let v4 = support(o1, o2, &dir);
        if !nonneg(dot(&v4.v, &dir)) || reach_tolerance(p, &v4, &dir, cfg.tolerance) {
            return false;
        }
        expand_portal(p, &v4);
    }
    false
}

/// Midpoint of the objects' points that the origin's barycentric coordinates in the portal
/// (or, when they are degenerate, in the face `v1 v2 v3`) select.
fn find_pos(p: &[Point; 4]) -> V3 {
    let dir = portal_dir(p);
    let mut b = [
        dot(&cross(&p[1].v, &p[2].v), &p[3].v),
        dot(&cross(&p[3].v, &p[2].v), &p[0].v),
        dot(&cross(&p[0].v, &p[1].v), &p[3].v),
        dot(&cross(&p[2].v, &p[1].v), &p[0].v),
    ];
    let mut sum = b[0] + b[1] + b[2] + b[3];
    if is_zero(sum) || sum < 0.0 {
        b[0] = 0.0;
        b[1] = dot(&cross(&p[2].v, &p[3].v), &dir);
        b[2] = dot(&cross(&p[3].v, &p[1].v), &dir);
        b[3] = dot(&cross(&p[1].v, &p[2].v), &dir);
        sum = b[1] + b[2] + b[3];
    }
    let inv = 1.0 / sum;

    let mut p1 = [0.0; 3];
    let mut p2 = [0.0; 3];
    for (pt, &bi) in p.iter().zip(&b) {
        add_to(&mut p1, &scale(&pt.v1, bi));
        add_to(&mut p2, &scale(&pt.v2, bi));
    }
    let mut pos = scale(&p1, inv);
    add_to(&mut pos, &scale(&p2, inv));
    scale(&pos, 0.5)
}

/// Midpoint of the two objects' points of portal vertex `v1`.
fn v1_midpoint(p: &[Point; 4]) -> V3 {
    let mut pos = p[1].v1;
    add_to(&mut pos, &p[1].v2);
    scale(&pos, 0.5)
}

/// Penetration of `o1` and `o2` (`ccdMPRPenetration`): None when they do not intersect.
/// The direction points along the smallest translation of `o2` that separates them and is
/// zero for a touching contact.
pub fn mpr_penetration<A: MprObject + ?Sized, B: MprObject + ?Sized>(
    o1: &mut A,
    o2: &mut B,
    cfg: &MprConfig,
) -> Option<Penetration> {
    let mut p = [Point::default(); 4];
    match discover(o1, o2, &mut p) {
        Discovery::Separated => None,
        Discovery::Touch => Some(Penetration { depth: 0.0, dir: [0.0; 3], pos: v1_midpoint(&p) }),
        Discovery::Segment => {
            let pos = v1_midpoint(&p);
            let mut dir = p[1].v;
            let depth = dot(&dir, &dir).sqrt();
            normalize(&mut dir);
            Some(Penetration { depth, dir, pos })
        }
        Discovery::Portal => {
            if !refine(o1, o2, &mut p, cfg) {
                return None;
            }
            let mut iterations: u64 = 0;
            loop {
                let dir = portal_dir(&p);
                let v4 = support(o1, o2, &dir);
                if reach_tolerance(&p, &v4, &dir, cfg.tolerance) || iterations > cfg.max_iterations {
                    let (d2, mut pdir) = point_tri_dist2(&[0.0; 3], &p[1].v, &p[2].v, &p[3].v);
                    let depth = d2.sqrt();
                    if is_zero(depth) {
                        pdir = [0.0; 3];
                    } else {
                        normalize(&mut pdir);
                    }
                    return Some(Penetration { depth, dir: pdir, pos: find_pos(&p) });
                }
                expand_portal(&mut p, &v4);
                iterations += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sphere of radius `r` at `c`.
    struct Ball {
        c: V3,
        r: f64,
    }

    impl MprObject for Ball {
        fn mpr_center(&mut self) -> V3 {
            self.c
        }
        fn mpr_support(&mut self, dir: &V3) -> V3 {
            [self.c[0] + self.r * dir[0], self.c[1] + self.r * dir[1], self.c[2] + self.r * dir[2]]
        }
    }

    /// An axis-aligned box of half sizes `h` at `c`.
    struct Cube {
        c: V3,
        h: V3,
    }

    impl MprObject for Cube {
        fn mpr_center(&mut self) -> V3 {
            self.c
        }
        fn mpr_support(&mut self, dir: &V3) -> V3 {
            let mut r = self.c;
            for i in 0..3 {
                r[i] += if dir[i] >= 0.0 { self.h[i] } else { -self.h[i] };
            }
            r
        }
    }

    const CFG: MprConfig = MprConfig { tolerance: 1e-6, max_iterations: 50 };

    #[test]
    fn separated_balls() {
        let mut a = Ball { c: [0.0; 3], r: 1.0 };
        let mut b = Ball { c: [2.5, 0.1, 0.0], r: 1.0 };
        assert!(mpr_penetration(&mut a, &mut b, &CFG).is_none());
    }

    #[test]
    fn overlapping_boxes() {
        let mut a = Cube { c: [0.0; 3], h: [1.0; 3] };
        let mut b = Cube { c: [0.3, 0.2, 1.9], h: [1.0; 3] };
        let p = mpr_penetration(&mut a, &mut b, &CFG).unwrap();
        assert!((p.depth - 0.1).abs() < 1e-9, "{p:?}");
        assert!((p.dir[2].abs() - 1.0).abs() < 1e-9, "{p:?}");
        assert!((p.pos[2] - 0.95).abs() < 1e-9, "{p:?}");
    }

    #[test]
    fn triangle_distance() {
        let (d, w) = point_tri_dist2(&[0.2, 0.2, 1.0], &[0.0; 3], &[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0]);
        assert_eq!(d, 1.0);
        assert_eq!(w, [0.2, 0.2, 0.0]);
        let (d, w) = point_tri_dist2(&[2.0, 0.0, 0.0], &[0.0; 3], &[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0]);
        assert_eq!(d, 1.0);
        assert_eq!(w, [1.0, 0.0, 0.0]);
    }
}
