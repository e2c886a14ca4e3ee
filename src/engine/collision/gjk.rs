//! Native convex collision detection (upstream's `engine_collision_gjk.c`): GJK for distance,
//! EPA for penetration depth (the polytope in `gjk_polytope.rs`), and polygon clipping for
//! multiple contacts between flat faces (`gjk_multicontact.rs`).
//!
//! The arithmetic follows upstream operation by operation so that witness points and depths
//! agree to the last bit.

use core::cell::RefCell;

use super::convex::{CcdObj, Kind, SupportFn};

#[path = "gjk_multicontact.rs"]
mod multicontact;
#[path = "gjk_polytope.rs"]
mod polytope;
use crate::abi::*;
use crate::math::blas::normalize3;
use multicontact::multicontact;
use polytope::{epa_with_storage, Polytope};

/// Settings of one CCD query (upstream's `mjCCDConfig`).
pub struct CcdConfig {
    /// maximum iterations of GJK and EPA
    pub max_iterations: i32,
    /// tolerance of GJK and EPA
    pub tolerance: f64,
    /// number of contact points wanted (0: distance only)
    pub max_contacts: i32,
    /// largest distance of interest
    pub dist_cutoff: f64,
    /// where EPA memory comes from when `max_iterations` exceeds the static buffers
    pub memory: EpaMemory,
}

/// Source of EPA memory beyond the thread-local buffers (upstream's alloc/free callbacks).
///
/// Contract (relied on by [`ccd`](fn@ccd), which uses it only for more than 170 EPA iterations): a
/// non-null `Stack` pointer is the mjData of the collision pipeline running on this thread,
/// whose stack may take a frame; `Callbacks` are a C caller's (from its `mjCCDConfig`), with
/// an `alloc` that returns null or that many writable bytes and a `free` that takes them back.
#[derive(Clone, Copy)]
pub enum EpaMemory {
    /// a frame on this mjData's stack (upstream's `ccd_allocate`); may be null when more
    /// memory cannot be needed
    Stack(*mut mjData),
    /// a C caller's callbacks and their context (`mjCCDConfig`)
    Callbacks {
        context: *mut core::ffi::c_void,
        alloc: Option<crate::abi::ccd::mjfCCDAlloc>,
        free: Option<crate::abi::ccd::mjfCCDFree>,
    },
}

/// A vertex of the Minkowski difference with the points of both objects it came from.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Vertex {
    pub vert: [f64; 3],
    pub vert1: [f64; 3],
    pub vert2: [f64; 3],
    pub index1: i32,
    pub index2: i32,
}

impl Vertex {
    /// All-zero vertex (usable in constant initialisers).
    pub const ZERO: Vertex = Vertex { vert: [0.0; 3], vert1: [0.0; 3], vert2: [0.0; 3], index1: 0, index2: 0 };
}

/// Result of one CCD query (upstream's `mjCCDStatus`, same layout).
#[repr(C)]
pub struct CcdStatus {
    pub dist: f64,
    pub x1: [f64; 3 * mjMAXCONPAIR],
    pub x2: [f64; 3 * mjMAXCONPAIR],
    pub nx: i32,
    pub max_iterations: i32,
    pub tolerance: f64,
    pub max_contacts: i32,
    pub dist_cutoff: f64,
    pub gjk_iterations: i32,
    pub epa_iterations: i32,
    pub epa_status: i32,
    pub simplex: [Vertex; 4],
    pub nsimplex: i32,
}

impl Default for CcdStatus {
    fn default() -> Self {
        let mut s = CcdStatus::ZERO;
        s.reset_scalars();
        s
    }
}

impl CcdStatus {
    /// Every field zero (the thread's scratch status starts so).
    const ZERO: CcdStatus = CcdStatus {
        dist: 0.0,
        x1: [0.0; 3 * mjMAXCONPAIR],
        x2: [0.0; 3 * mjMAXCONPAIR],
        nx: 0,
        max_iterations: 0,
        tolerance: 0.0,
        max_contacts: 0,
        dist_cutoff: 0.0,
        gjk_iterations: 0,
        epa_iterations: 0,
        epa_status: 0,
        simplex: [Vertex::ZERO; 4],
        nsimplex: 0,
    };

    /// Resets the scalar fields [`Default`] gives, leaving the witness-point arrays and the
    /// simplex as they are: a query writes each witness point and simplex vertex before
    /// reading it, so they need no clearing.
    fn reset_scalars(&mut self) {
        self.dist = 0.0;
        self.nx = 0;
        self.max_iterations = 0;
        self.tolerance = 0.0;
        self.max_contacts = 0;
        self.dist_cutoff = 0.0;
        self.gjk_iterations = 0;
        self.epa_iterations = 0;
        self.epa_status = -1;
        self.nsimplex = 0;
    }
}

thread_local! {
    /// Per-thread status reused by the engine's queries ([`with_status`]).
    static SCRATCH_STATUS: core::cell::RefCell<CcdStatus> = const { core::cell::RefCell::new(CcdStatus::ZERO) };
}

/// Runs `f` with a reset status: the thread's scratch one, or a fresh one if that is in use
/// (a support callback that queries again).
pub fn with_status<R>(f: impl FnOnce(&mut CcdStatus) -> R) -> R {
    SCRATCH_STATUS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => {
            s.reset_scalars();
            f(&mut s)
        }
        Err(_) => with_fresh_status(f),
    })
}

/// [`with_status`] on a new status (the thread's is in use). Out of line, so that callers'
/// frames do not carry a second status (about 2.7 KB) they almost never use.
#[cold]
#[inline(never)]
fn with_fresh_status<R>(f: impl FnOnce(&mut CcdStatus) -> R) -> R {
    f(&mut CcdStatus::default())
}

// ------------------------------------------------------------------------------------------------
// constants

/// Largest finite number (upstream's mjMAX_LIMIT).
const MAX_LIMIT: f64 = f64::MAX;
/// EPA iterations served by the thread-local buffers.
const MAX_EPA_ITERATIONS: usize = 170;
/// Cosine tolerance for two faces to count as parallel.
const FACE_TOL: f64 = 0.99999872;
/// Sine tolerance for an edge to count as parallel to a face.
const EDGE_TOL: f64 = 0.00159999931;
/// Most polygon vertices handled in multicontact.
const MAX_POLYVERT: usize = 150;
const MINVAL2: f64 = mjMINVAL * mjMINVAL;
const MAXVAL2: f64 = mjMAXVAL * mjMAXVAL;

/// EPA outcome codes (upstream's `mjEPAStatus`).
pub const EPA_NOCONTACT: i32 = -1;
pub const EPA_SUCCESS: i32 = 0;
pub const EPA_P2_INVALID_FACES: i32 = 1;
pub const EPA_P2_NONCONVEX: i32 = 2;
pub const EPA_P2_ORIGIN_ON_FACE: i32 = 3;
pub const EPA_P3_BAD_NORMAL: i32 = 4;
pub const EPA_P3_INVALID_V4: i32 = 5;
pub const EPA_P3_INVALID_V5: i32 = 6;
pub const EPA_P3_MISSING_ORIGIN: i32 = 7;
pub const EPA_P3_ORIGIN_ON_FACE: i32 = 8;
pub const EPA_P4_MISSING_ORIGIN: i32 = 9;

const GEOM_SPHERE: i32 = mjtGeom_::mjGEOM_SPHERE as i32;
const GEOM_CAPSULE: i32 = mjtGeom_::mjGEOM_CAPSULE as i32;
const GEOM_BOX: i32 = mjtGeom_::mjGEOM_BOX as i32;
const GEOM_MESH: i32 = mjtGeom_::mjGEOM_MESH as i32;
const GEOM_HFIELD: i32 = mjtGeom_::mjGEOM_HFIELD as i32;

// ------------------------------------------------------------------------------------------------
// small 3-vector helpers (same operation order as upstream's inline versions)

type V3 = [f64; 3];

#[inline]
fn equal3(a: &V3, b: &V3) -> bool {
    (a[0] - b[0]).abs() < mjMINVAL && (a[1] - b[1]).abs() < mjMINVAL && (a[2] - b[2]).abs() < mjMINVAL
}

#[inline]
fn add3(a: &V3, b: &V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

#[inline]
fn sub3(a: &V3, b: &V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
fn dot3(a: &V3, b: &V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[inline]
fn norm3(v: &V3) -> f64 {
    dot3(v, v).sqrt()
}

#[inline]
fn scl3(v: &V3, s: f64) -> V3 {
    [s * v[0], s * v[1], s * v[2]]
}

#[inline]
fn cross3(a: &V3, b: &V3) -> V3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// Determinant of the matrix with columns a, b, c.
#[inline]
fn det3(a: &V3, b: &V3, c: &V3) -> f64 {
    a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) + a[2] * (b[0] * c[1] - b[1] * c[0])
}

#[inline]
fn get3(s: &[f64], i: usize) -> V3 {
    [s[3 * i], s[3 * i + 1], s[3 * i + 2]]
}

#[inline]
fn set3(s: &mut [f64], i: usize, v: &V3) {
    s[3 * i] = v[0];
    s[3 * i + 1] = v[1];
    s[3 * i + 2] = v[2];
}

/// `coef[0]*v[0] + ... + coef[n-1]*v[n-1]` into `res`; `res` untouched for other `n`.
#[inline]
fn lincomb(res: &mut V3, coef: &[f64], n: usize, v: [&V3; 4]) {
    match n {
        1 => *res = lincomb_n::<1>(coef, v),
        2 => *res = lincomb_n::<2>(coef, v),
        3 => *res = lincomb_n::<3>(coef, v),
        4 => *res = lincomb_n::<4>(coef, v),
        _ => {}
    }
}

/// [`lincomb`] for `N` terms, summed left to right per coordinate. On x86-64 the first two
/// coordinates go in one SSE2 register, each coefficient broadcast from a scalar load: left to
/// itself LLVM pairs coefficients and vertices across terms, and those 16-byte loads straddle the
/// separate stores that just wrote the weights and vertices, stalling on store forwarding.
#[inline(always)]
fn lincomb_n<const N: usize>(coef: &[f64], v: [&V3; 4]) -> V3 {
    let c: [f64; N] = core::array::from_fn(|k| coef[k]);
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; each load reads the first two of a vertex's 3 values
        unsafe {
            let term = |k: usize| _mm_mul_pd(_mm_set1_pd(c[k]), _mm_loadu_pd(v[k].as_ptr()));
            let mut xy = term(0);
            let mut z = c[0] * v[0][2];
            for k in 1..N {
                xy = _mm_add_pd(xy, term(k));
                z += c[k] * v[k][2];
            }
            let mut r = [0.0; 3];
            _mm_storeu_pd(r.as_mut_ptr(), xy);
            r[2] = z;
            r
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        core::array::from_fn(|i| {
            let mut x = c[0] * v[0][i];
            for k in 1..N {
                x += c[k] * v[k][i];
            }
            x
        })
    }
}

/// mat * (l1, l2, l3) (+ pos).
#[inline]
fn globalcoord(mat: &[f64; 9], pos: Option<&V3>, l1: f64, l2: f64, l3: f64) -> V3 {
    let mut r = [
        mat[0] * l1 + mat[1] * l2 + mat[2] * l3,
        mat[3] * l1 + mat[4] * l2 + mat[5] * l3,
        mat[6] * l1 + mat[7] * l2 + mat[8] * l3,
    ];
    if let Some(p) = pos {
        r[0] += p[0];
        r[1] += p[1];
        r[2] += p[2];
    }
    r
}

// ------------------------------------------------------------------------------------------------
// objects and their support functions

/// The two objects of a query.
struct Pair<'o, 'a, 'b> {
    o1: &'o mut CcdObj<'a>,
    o2: &'o mut CcdObj<'b>,
    /// the objects' support functions, fixed for the pair's life
    s1: SupportFn,
    s2: SupportFn,
}

/// Geom frame (position, rotation) of object `obj`.
#[inline]
fn geom_frame(obj: &CcdObj) -> (V3, [f64; 9]) {
    let (pos, mat) = obj.frame();
    (*pos, *mat)
}

/// Adds half the margin of a geom object along `dir`.
#[inline(always)]
fn add_margin(p: &mut V3, obj: &CcdObj, dir: &V3) {
    if obj.margin > 0.0 && obj.geom >= 0 {
        let margin = 0.5 * obj.margin;
        p[0] += dir[0] * margin;
        p[1] += dir[1] * margin;
        p[2] += dir[2] * margin;
    }
}

impl<'o, 'a, 'b> Pair<'o, 'a, 'b> {
    fn new(o1: &'o mut CcdObj<'a>, o2: &'o mut CcdObj<'b>) -> Self {
        let (s1, s2) = (o1.support_fn(), o2.support_fn());
        Pair { o1, o2, s1, s2 }
    }

    /// Support vertex of the Minkowski difference, written into `v`: object 1 along `dir`,
    /// object 2 along `dir_neg`.
    #[inline]
    fn support(&mut self, v: &mut Vertex, dir: &V3, dir_neg: &V3) {
        (self.s1)(self.o1, dir, &mut v.vert1);
        add_margin(&mut v.vert1, self.o1, dir);
        (self.s2)(self.o2, dir_neg, &mut v.vert2);
        add_margin(&mut v.vert2, self.o2, dir_neg);
        v.vert = sub3(&v.vert1, &v.vert2);
        v.index1 = self.o1.vertindex;
        v.index2 = self.o2.vertindex;
    }

    /// Both objects are polytopes without margin (finite convergence).
    fn discrete(&self) -> bool {
        if self.o1.margin != 0.0 || self.o2.margin != 0.0 {
            return false;
        }
        let flat = |t: i32| t == GEOM_MESH || t == GEOM_BOX || t == GEOM_HFIELD;
        flat(self.o1.geom_type) && flat(self.o2.geom_type)
    }
}

/// Support vertex for GJK toward -x_k, written into `v`.
#[inline]
fn gjk_support(v: &mut Vertex, pair: &mut Pair, x_k: &V3, x_norm: f64) {
    let dir_neg = scl3(x_k, 1.0 / x_norm);
    let dir = scl3(&dir_neg, -1.0);
    pair.support(v, &dir, &dir_neg);
}

// ------------------------------------------------------------------------------------------------
// GJK

/// GJK distance query; fills the simplex, witness points and distance of `status`.
fn gjk(status: &mut CcdStatus, pair: &mut Pair) {
    let get_dist = status.dist_cutoff > 0.0;
    let mut backup_gjk = !get_dist;
    let mut n = 0usize;
    let mut k = 0i32;
    let kmax = status.max_iterations;
    let mut lambda = [1.0, 0.0, 0.0, 0.0];
    let cutoff2 = status.dist_cutoff * status.dist_cutoff;
    let epsilon = if pair.discrete() { 0.0 } else { 0.5 * status.tolerance * status.tolerance };
    let mut x_norm = 0.0;
    let mut x_k = sub3(&get3(&status.x1, 0), &get3(&status.x2, 0));

    while k < kmax {
        x_norm = dot3(&x_k, &x_k);
        if x_norm < MINVAL2 {
            break;
        }
        x_norm = x_norm.sqrt();
        gjk_support(&mut status.simplex[n], pair, &x_k, x_norm);
        let s_k = status.simplex[n].vert;

        // Frank-Wolfe duality gap
        let diff = sub3(&x_k, &s_k);
        if dot3(&x_k, &diff) < epsilon {
            if k == 0 {
                n = 1;
            }
            break;
        }

        // separating hyperplane found
        let separated = if !get_dist {
            dot3(&x_k, &s_k) > 0.0
        } else if status.dist_cutoff < MAX_LIMIT {
            let vs = dot3(&x_k, &s_k);
            let vv = dot3(&x_k, &x_k);
            vs > 0.0 && (vs * vs / vv) >= cutoff2
        } else {
            false
        };
        if separated {
            status.gjk_iterations = k;
            status.nsimplex = 0;
            status.nx = 0;
            status.dist = MAX_LIMIT;
            return;
        }

        // contact only: decide intersection from the tetrahedron
        if n == 3 && backup_gjk {
            status.gjk_iterations = k;
            let ret = gjk_intersect(status, pair);
            if ret != -1 {
                status.nx = 0;
                status.dist = if ret > 0 { 0.0 } else { MAX_LIMIT };
                return;
            }
            k = status.gjk_iterations;
            backup_gjk = false;
        }

        subdistance(&mut lambda, n + 1, &status.simplex);

        // keep the vertices with nonzero weight
        n = 0;
        for i in 0..4 {
            if lambda[i] == 0.0 {
                continue;
            }
            // a vertex that stays in place is not copied onto itself: the copy's wide loads
            // would wait on the support stores that just wrote it
            if n != i {
                status.simplex[n] = status.simplex[i];
                lambda[n] = lambda[i];
            }
            n += 1;
        }

        // should not happen
        if n < 1 {
            status.gjk_iterations = k;
            status.nsimplex = 0;
            status.nx = 0;
            status.dist = MAX_LIMIT;
            return;
        }

        let mut x_next = [0.0; 3];
        {
            let s = &status.simplex;
            lincomb(&mut x_next, &lambda, n, [&s[0].vert, &s[1].vert, &s[2].vert, &s[3].vert]);
        }
        if equal3(&x_next, &x_k) {
            break;
        }
        x_k = x_next;

        // origin inside a tetrahedron
        if n == 4 {
            x_norm = 0.0;
            break;
        }
        k += 1;
    }

    // witness points
    let s = &status.simplex;
    let mut x1 = get3(&status.x1, 0);
    let mut x2 = get3(&status.x2, 0);
    lincomb(&mut x1, &lambda, n, [&s[0].vert1, &s[1].vert1, &s[2].vert1, &s[3].vert1]);
    lincomb(&mut x2, &lambda, n, [&s[0].vert2, &s[1].vert2, &s[2].vert2, &s[3].vert2]);
    set3(&mut status.x1, 0, &x1);
    set3(&mut status.x2, 0, &x2);

    status.nx = 1;
    status.gjk_iterations = k;
    status.nsimplex = n as i32;
    status.dist = x_norm;
}

/// Signed distance of the plane through the three vertices, with its unit normal in `normal`
/// (`MAX_LIMIT` when the normal is degenerate).
#[inline]
fn signed_distance(normal: &mut V3, v1: &Vertex, v2: &Vertex, v3: &Vertex) -> f64 {
    let diff1 = sub3(&v3.vert, &v1.vert);
    let diff2 = sub3(&v2.vert, &v1.vert);
    *normal = cross3(&diff1, &diff2);
    let norm2 = dot3(normal, normal);
    if norm2 > MINVAL2 && norm2 < MAXVAL2 {
        *normal = scl3(normal, 1.0 / norm2.sqrt());
        return dot3(normal, &v1.vert);
    }
    MAX_LIMIT
}

/// Intersection test from GJK's tetrahedron: 1 contact, 0 none, -1 inconclusive.
fn gjk_intersect(status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let mut simplex = status.simplex;
    let mut s = [0usize, 1, 2, 3];

    let mut k = status.gjk_iterations;
    let kmax = status.max_iterations;
    while k < kmax {
        let mut normals = [[0.0; 3]; 4];
        let dist = [
            signed_distance(&mut normals[0], &simplex[s[2]], &simplex[s[1]], &simplex[s[3]]),
            signed_distance(&mut normals[1], &simplex[s[0]], &simplex[s[2]], &simplex[s[3]]),
            signed_distance(&mut normals[2], &simplex[s[1]], &simplex[s[0]], &simplex[s[3]]),
            signed_distance(&mut normals[3], &simplex[s[0]], &simplex[s[1]], &simplex[s[2]]),
        ];

        // origin on an affine hull: no convergence
        if dist[3] == 0.0 || dist[2] == 0.0 || dist[1] == 0.0 || dist[0] == 0.0 {
            status.gjk_iterations = k;
            return -1;
        }

        // closest face
        let i = if dist[0] < dist[1] { 0 } else { 1 };
        let j = if dist[2] < dist[3] { 2 } else { 3 };
        let index = if dist[i] < dist[j] { i } else { j };

        // origin inside the simplex
        if dist[index] > 0.0 {
            status.nsimplex = 4;
            for t in 0..4 {
                status.simplex[t] = simplex[s[t]];
            }
            status.gjk_iterations = k;
            return 1;
        }

        // replace the vertex opposite the closest face
        let dir = normals[index];
        let dir_neg = [-dir[0], -dir[1], -dir[2]];
        pair.support(&mut simplex[s[index]], &dir, &dir_neg);

        // origin beyond the new support point
        if dot3(&normals[index], &simplex[s[index]].vert) < 0.0 {
            status.nsimplex = 0;
            status.gjk_iterations = k;
            return 0;
        }

        // keep orientation
        s.swap((index + 1) & 3, (index + 2) & 3);
        k += 1;
    }
    status.gjk_iterations = k;
    -1
}

/// Origin projected on the plane through v1, v2, v3; None if degenerate. Inlined so that callers
/// use the point from registers: read back from memory right after the callee's split stores it
/// would stall on store forwarding.
#[inline(always)]
fn origin_on_plane(v1: &V3, v2: &V3, v3: &V3) -> Option<V3> {
    let diff21 = sub3(v2, v1);
    let diff31 = sub3(v3, v1);
    let diff32 = sub3(v3, v2);

    let n = cross3(&diff32, &diff21);
    let nv = dot3(&n, v2);
    let nn = dot3(&n, &n);
    if nn == 0.0 {
        return None;
    }
    if nv != 0.0 && nn > mjMINVAL {
        return Some(scl3(&n, nv / nn));
    }

    let n = cross3(&diff21, &diff31);
    let nv = dot3(&n, v1);
    let nn = dot3(&n, &n);
    if nn == 0.0 {
        return None;
    }
    if nv != 0.0 && nn > mjMINVAL {
        return Some(scl3(&n, nv / nn));
    }

    let n = cross3(&diff31, &diff32);
    let nv = dot3(&n, v3);
    let nn = dot3(&n, &n);
    Some(scl3(&n, nv / nn))
}

/// Origin projected on the line through v1, v2.
#[inline]
fn project_origin_line(v1: &V3, v2: &V3) -> V3 {
    let diff = sub3(v2, v1);
    let scl = -(dot3(v2, &diff) / dot3(&diff, &diff));
    [v2[0] + scl * diff[0], v2[1] + scl * diff[1], v2[2] + scl * diff[2]]
}

/// Both positive: 1, both negative: -1, else 0.
#[inline]
fn same_sign2(a: f64, b: f64) -> i32 {
    if a > 0.0 && b > 0.0 {
        return 1;
    }
    if a < 0.0 && b < 0.0 {
        return -1;
    }
    0
}

/// Barycentric coordinates of the point of the n-simplex closest to the origin (signed
/// volumes, Montanari et al. 2017).
fn subdistance(lambda: &mut [f64; 4], n: usize, simplex: &[Vertex; 4]) {
    *lambda = [0.0; 4];
    let s1 = &simplex[0].vert;
    let s2 = &simplex[1].vert;
    let s3 = &simplex[2].vert;
    let s4 = &simplex[3].vert;
    match n {
        4 => s3d(lambda, s1, s2, s3, s4),
        3 => s2d(&mut lambda[..3], s1, s2, s3),
        2 => s1d(&mut lambda[..2], s1, s2),
        _ => lambda[0] = 1.0,
    }
}

fn s3d(lambda: &mut [f64; 4], s1: &V3, s2: &V3, s3: &V3, s4: &V3) {
    // cofactors of the last row of [s1 s2 s3 s4; 1 1 1 1]
    let c41 = -det3(s2, s3, s4);
    let c42 = det3(s1, s3, s4);
    let c43 = -det3(s1, s2, s4);
    let c44 = det3(s1, s2, s3);
    let m_det = c41 + c42 + c43 + c44;

    let comp1 = same_sign2(m_det, c41);
    let comp2 = same_sign2(m_det, c42);
    let comp3 = same_sign2(m_det, c43);
    let comp4 = same_sign2(m_det, c44);

    // origin inside
    if comp1 != 0 && comp2 != 0 && comp3 != 0 && comp4 != 0 {
        lambda[0] = c41 / m_det;
        lambda[1] = c42 / m_det;
        lambda[2] = c43 / m_det;
        lambda[3] = c44 / m_det;
        return;
    }

    // best face
    let mut dmin = MAX_LIMIT;
    let face = |a: &V3, b: &V3, c: &V3| -> ([f64; 3], f64) {
        let mut l = [0.0; 3];
        s2d(&mut l, a, b, c);
        let mut x = [0.0; 3];
        lincomb(&mut x, &l, 3, [a, b, c, c]);
        (l, dot3(&x, &x))
    };

    if comp1 == 0 {
        let (l, d) = face(s2, s3, s4);
        lambda[0] = 0.0;
        lambda[1] = l[0];
        lambda[2] = l[1];
        lambda[3] = l[2];
        dmin = d;
    }
    if comp2 == 0 {
        let (l, d) = face(s1, s3, s4);
        if d < dmin {
            lambda[0] = l[0];
            lambda[1] = 0.0;
            lambda[2] = l[1];
            lambda[3] = l[2];
            dmin = d;
        }
    }
    if comp3 == 0 {
        let (l, d) = face(s1, s2, s4);
        if d < dmin {
            lambda[0] = l[0];
            lambda[1] = l[1];
            lambda[2] = 0.0;
            lambda[3] = l[2];
            dmin = d;
        }
    }
    if comp4 == 0 {
        let (l, d) = face(s1, s2, s3);
        if d < dmin {
            // upstream leaves lambda[3] as it was here
            lambda[0] = l[0];
            lambda[1] = l[1];
            lambda[2] = l[2];
        }
    }
}

/// The three 3x3 minors of [v1 v2 v3; 1 1 1] with the row of axis 0, 1 or 2 removed.
#[inline]
fn tri_minors(s1: &V3, s2: &V3, s3: &V3) -> [f64; 3] {
    [
        s2[1] * s3[2] - s2[2] * s3[1] - s1[1] * s3[2] + s1[2] * s3[1] + s1[1] * s2[2] - s1[2] * s2[1],
        s2[0] * s3[2] - s2[2] * s3[0] - s1[0] * s3[2] + s1[2] * s3[0] + s1[0] * s2[2] - s1[2] * s2[0],
        s2[0] * s3[1] - s2[1] * s3[0] - s1[0] * s3[1] + s1[1] * s3[0] + s1[0] * s2[1] - s1[1] * s2[0],
    ]
}

/// Largest minor and the two axes kept in the projection.
#[inline]
fn tri_axes(m: &[f64; 3]) -> (f64, usize, usize) {
    let (mu1, mu2, mu3) = (m[0].abs(), m[1].abs(), m[2].abs());
    if mu1 >= mu2 && mu1 >= mu3 {
        (m[0], 1, 2)
    } else if mu2 >= mu3 {
        (m[1], 0, 2)
    } else {
        (m[2], 0, 1)
    }
}

/// Signed-area cofactors of the projected triangle with point p.
#[inline]
fn tri_cofactors(p: &V3, v1: &V3, v2: &V3, v3: &V3, x: usize, y: usize) -> [f64; 3] {
    [
        p[x] * v2[y] + p[y] * v3[x] + v2[x] * v3[y] - p[x] * v3[y] - p[y] * v2[x] - v3[x] * v2[y],
        p[x] * v3[y] + p[y] * v1[x] + v3[x] * v1[y] - p[x] * v1[y] - p[y] * v3[x] - v1[x] * v3[y],
        p[x] * v1[y] + p[y] * v2[x] + v1[x] * v2[y] - p[x] * v2[y] - p[y] * v1[x] - v2[x] * v1[y],
    ]
}

fn s2d(lambda: &mut [f64], s1: &V3, s2: &V3, s3: &V3) {
    let Some(p_o) = origin_on_plane(s1, s2, s3) else {
        s1d(&mut lambda[..2], s1, s2);
        lambda[2] = 0.0;
        return;
    };

    let minors = tri_minors(s1, s2, s3);
    let (m_max, x, y) = tri_axes(&minors);
    let c = tri_cofactors(&p_o, s1, s2, s3, x, y);

    let comp1 = same_sign2(m_max, c[0]);
    let comp2 = same_sign2(m_max, c[1]);
    let comp3 = same_sign2(m_max, c[2]);

    // projection inside the triangle
    if comp1 != 0 && comp2 != 0 && comp3 != 0 {
        lambda[0] = c[0] / m_max;
        lambda[1] = c[1] / m_max;
        lambda[2] = c[2] / m_max;
        return;
    }

    // best edge
    let mut dmin = MAX_LIMIT;
    let edge = |a: &V3, b: &V3| -> ([f64; 2], f64) {
        let mut l = [0.0; 2];
        s1d(&mut l, a, b);
        let mut xx = [0.0; 3];
        lincomb(&mut xx, &l, 2, [a, b, b, b]);
        (l, dot3(&xx, &xx))
    };

    if comp1 == 0 {
        let (l, d) = edge(s2, s3);
        lambda[0] = 0.0;
        lambda[1] = l[0];
        lambda[2] = l[1];
        dmin = d;
    }
    if comp2 == 0 {
        let (l, d) = edge(s1, s3);
        if d < dmin {
            lambda[0] = l[0];
            lambda[1] = 0.0;
            lambda[2] = l[1];
            dmin = d;
        }
    }
    if comp3 == 0 {
        let (l, d) = edge(s1, s2);
        if d < dmin {
            lambda[0] = l[0];
            lambda[1] = l[1];
            lambda[2] = 0.0;
        }
    }
}

fn s1d(lambda: &mut [f64], s1: &V3, s2: &V3) {
    let p_o = project_origin_line(s1, s2);

    // axis with the largest extent of the segment
    let mut mu_max = s1[0] - s2[0];
    let mut index = 0;
    let mu = s1[1] - s2[1];
    if mu.abs() >= mu_max.abs() {
        mu_max = mu;
        index = 1;
    }
    let mu = s1[2] - s2[2];
    if mu.abs() >= mu_max.abs() {
        mu_max = mu;
        index = 2;
    }

    let c1 = p_o[index] - s2[index];
    let c2 = s1[index] - p_o[index];

    let same = same_sign2(mu_max, c1) != 0 && same_sign2(mu_max, c2) != 0;
    lambda[0] = if same { c1 / mu_max } else { 0.0 };
    lambda[1] = if same { c2 / mu_max } else { 1.0 };
}

// ------------------------------------------------------------------------------------------------
// driver

/// Moves the first witness points outward by the margins and reduces the distance.
fn inflate(status: &mut CcdStatus, margin1: f64, margin2: f64) {
    let mut n = sub3(&get3(&status.x2, 0), &get3(&status.x1, 0));
    normalize3(&mut n);
    if margin1 != 0.0 {
        for i in 0..3 {
            status.x1[i] += margin1 * n[i];
        }
    }
    if margin2 != 0.0 {
        for i in 0..3 {
            status.x2[i] -= margin2 * n[i];
        }
    }
    status.dist -= margin1 + margin2;
}

/// Distance (negative: penetration depth) between two convex objects, with witness points in
/// `status` (`mjc_ccd`). `config.memory` must keep [`EpaMemory`]'s contract.
pub fn ccd(config: &CcdConfig, status: &mut CcdStatus, obj1: &mut CcdObj, obj2: &mut CcdObj) -> f64 {
    let c1 = obj1.center();
    let c2 = obj2.center();
    set3(&mut status.x1, 0, &c1);
    set3(&mut status.x2, 0, &c2);
    status.gjk_iterations = 0;
    status.epa_iterations = 0;
    status.epa_status = EPA_NOCONTACT;
    status.tolerance = config.tolerance;
    status.max_iterations = config.max_iterations;
    status.max_contacts = config.max_contacts;
    status.dist_cutoff = config.dist_cutoff;

    // spheres and capsules: run GJK on their centre point / axis segment first
    let round = |t: i32| t == GEOM_SPHERE || t == GEOM_CAPSULE;
    if round(obj1.geom_type) || round(obj2.geom_type) {
        let margin1 = obj1.margin;
        let margin2 = obj2.margin;
        let mut full_margin1 = 0.0;
        let mut full_margin2 = 0.0;
        let (kind1, kind2) = (obj1.kind, obj2.kind);
        if round(obj1.geom_type) {
            full_margin1 = obj1.size()[0] + 0.5 * margin1;
            obj1.kind = if obj1.geom_type == GEOM_SPHERE { Kind::Point } else { Kind::Line };
            obj1.margin = 0.0;
        }
        if round(obj2.geom_type) {
            full_margin2 = obj2.size()[0] + 0.5 * margin2;
            obj2.kind = if obj2.geom_type == GEOM_SPHERE { Kind::Point } else { Kind::Line };
            obj2.margin = 0.0;
        }

        status.dist_cutoff += full_margin1 + full_margin2;
        gjk(status, &mut Pair::new(&mut *obj1, &mut *obj2));
        status.dist_cutoff = config.dist_cutoff;

        obj1.kind = kind1;
        obj2.kind = kind2;
        obj1.margin = margin1;
        obj2.margin = margin2;

        // shallow penetration: the inflated shrunk result is exact
        if status.dist > status.tolerance {
            inflate(status, full_margin1, full_margin2);
            if status.dist > status.dist_cutoff {
                status.dist = MAX_LIMIT;
            }
            return status.dist;
        }

        if config.max_contacts == 0 {
            status.nx = 0;
            status.dist = 0.0;
            return 0.0;
        }

        // deep penetration: start over with the full shapes
        status.gjk_iterations = 0;
        let c1 = obj1.center();
        let c2 = obj2.center();
        set3(&mut status.x1, 0, &c1);
        set3(&mut status.x2, 0, &c2);
    }

    let mut pair = Pair::new(obj1, obj2);
    gjk(status, &mut pair);

    if config.max_contacts == 0 {
        return status.dist;
    }

    if status.dist <= config.tolerance && status.nsimplex > 1 {
        status.dist = 0.0;
        epa_with_storage(config, status, &mut pair);
    }
    status.dist
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lincomb` (its SSE2 path on x86-64) gives each coordinate's left-to-right sum bit for bit,
    /// and leaves `res` alone for a count outside 1..=4.
    #[test]
    fn lincomb_sums_left_to_right() {
        // cancelling terms: for 3 and 4 terms every coordinate's left-to-right sum differs from
        // the right-to-left and the pairwise sums
        let v: [V3; 4] = [[1.0, 3.0, 0.1], [2e-16, 2e16, 0.4], [-0.5, -5e15, 0.15], [1.2e-15, 4.0, -2.4]];
        let c = [1.0, 0.5, 2.0, 0.25];
        for n in 1..=4 {
            let mut r = [f64::NAN; 3];
            lincomb(&mut r, &c, n, [&v[0], &v[1], &v[2], &v[3]]);
            for i in 0..3 {
                let mut want = c[0] * v[0][i];
                for k in 1..n {
                    want += c[k] * v[k][i];
                }
                assert_eq!(r[i].to_bits(), want.to_bits(), "n={n} coordinate {i}");
            }
        }
        let mut r = [7.0; 3];
        lincomb(&mut r, &c, 0, [&v[0], &v[1], &v[2], &v[3]]);
        assert_eq!(r, [7.0; 3]);
    }
}
