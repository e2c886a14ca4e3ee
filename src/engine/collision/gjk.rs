//! Native convex collision detection (upstream's `engine_collision_gjk.c`): GJK for distance,
//! EPA for penetration depth, and polygon clipping for multiple contacts between flat faces
//! (`gjk_multicontact.rs`).
//!
//! The arithmetic follows upstream operation by operation so that witness points and depths
//! agree to the last bit.

use core::cell::RefCell;

use super::convex::CcdObj;

#[path = "gjk_multicontact.rs"]
mod multicontact;
use multicontact::multicontact;
use crate::abi::*;
use crate::math::blas::normalize3;

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
#[derive(Clone, Copy)]
pub enum EpaMemory {
    /// a frame on this mjData's stack (upstream's `ccd_allocate`); may be null when more
    /// memory cannot be needed
    Stack(*mut mjData),
    /// a C caller's callbacks and their context (`mjCCDConfig`)
    Callbacks {
        context: *mut core::ffi::c_void,
        alloc: Option<unsafe extern "C" fn(*mut core::ffi::c_void, usize) -> *mut core::ffi::c_void>,
        free: Option<unsafe extern "C" fn(*mut core::ffi::c_void, *mut core::ffi::c_void)>,
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
        CcdStatus {
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
            epa_status: -1,
            simplex: [Vertex::default(); 4],
            nsimplex: 0,
        }
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

    /// Resets the fields [`Default`] gives, leaving the witness-point arrays as they are: a
    /// query writes each witness point before reading it, so the 2.4 KB need no clearing.
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
        self.simplex = [Vertex::ZERO; 4];
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
        Err(_) => f(&mut CcdStatus::default()),
    })
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
    let (v1, v2, v3, v4) = (v[0], v[1], v[2], v[3]);
    match n {
        1 => {
            for i in 0..3 {
                res[i] = coef[0] * v1[i];
            }
        }
        2 => {
            for i in 0..3 {
                res[i] = coef[0] * v1[i] + coef[1] * v2[i];
            }
        }
        3 => {
            for i in 0..3 {
                res[i] = coef[0] * v1[i] + coef[1] * v2[i] + coef[2] * v3[i];
            }
        }
        4 => {
            for i in 0..3 {
                res[i] = coef[0] * v1[i] + coef[1] * v2[i] + coef[2] * v3[i] + coef[3] * v4[i];
            }
        }
        _ => {}
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

/// Which support mapping an object uses during one GJK run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// the object's own support function
    Full,
    /// the geom centre only (sphere shrunk to a point)
    Point,
    /// the capsule's axis segment (capsule shrunk to a line)
    Line,
}

/// The two objects of a query with the support mapping chosen for each.
struct Pair<'o, 'a, 'b> {
    o1: &'o mut CcdObj<'a>,
    o2: &'o mut CcdObj<'b>,
    s1: Shape,
    s2: Shape,
}

/// Geom frame (position, rotation) of object `obj`.
unsafe fn geom_frame(obj: &CcdObj) -> (V3, [f64; 9]) {
    let g = obj.geom.max(0) as usize;
    let xpos = obj.d.geom_xpos(obj.m);
    let xmat = obj.d.geom_xmat(obj.m);
    let mut pos = [0.0; 3];
    let mut mat = [0.0; 9];
    pos.copy_from_slice(&xpos[3 * g..3 * g + 3]);
    mat.copy_from_slice(&xmat[9 * g..9 * g + 9]);
    (pos, mat)
}

/// Support point of a shrunk object (point or segment), or of the object itself.
unsafe fn shape_support(obj: &mut CcdObj, shape: Shape, dir: &V3) -> V3 {
    match shape {
        Shape::Full => obj.support(dir),
        Shape::Point => geom_frame(obj).0,
        Shape::Line => {
            let (pos, mat) = geom_frame(obj);
            let length = obj.m.geom_size()[3 * obj.geom as usize + 1];
            let dot = mat[2] * dir[0] + mat[5] * dir[1] + mat[8] * dir[2];
            let scl = if dot >= 0.0 { length } else { -length };
            [mat[2] * scl + pos[0], mat[5] * scl + pos[1], mat[8] * scl + pos[2]]
        }
    }
}

/// Adds half the margin of a geom object along `dir`.
#[inline]
fn add_margin(p: &mut V3, obj: &CcdObj, dir: &V3) {
    if obj.margin > 0.0 && obj.geom >= 0 {
        let margin = 0.5 * obj.margin;
        p[0] += dir[0] * margin;
        p[1] += dir[1] * margin;
        p[2] += dir[2] * margin;
    }
}

impl Pair<'_, '_, '_> {
    /// Support vertex of the Minkowski difference: object 1 along `dir`, object 2 along `dir_neg`.
    unsafe fn support(&mut self, dir: &V3, dir_neg: &V3) -> Vertex {
        let mut vert1 = shape_support(self.o1, self.s1, dir);
        add_margin(&mut vert1, self.o1, dir);
        let mut vert2 = shape_support(self.o2, self.s2, dir_neg);
        add_margin(&mut vert2, self.o2, dir_neg);
        Vertex { vert: sub3(&vert1, &vert2), vert1, vert2, index1: self.o1.vertindex, index2: self.o2.vertindex }
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

/// Support vertex for GJK toward -x_k.
unsafe fn gjk_support(pair: &mut Pair, x_k: &V3, x_norm: f64) -> Vertex {
    let dir_neg = scl3(x_k, 1.0 / x_norm);
    let dir = scl3(&dir_neg, -1.0);
    pair.support(&dir, &dir_neg)
}

// ------------------------------------------------------------------------------------------------
// GJK

/// GJK distance query; fills the simplex, witness points and distance of `status`.
unsafe fn gjk(status: &mut CcdStatus, pair: &mut Pair) {
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
        status.simplex[n] = gjk_support(pair, &x_k, x_norm);
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
            status.simplex[n] = status.simplex[i];
            lambda[n] = lambda[i];
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
    let s = status.simplex;
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
unsafe fn gjk_intersect(status: &mut CcdStatus, pair: &mut Pair) -> i32 {
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
        simplex[s[index]] = pair.support(&dir, &dir_neg);

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

/// Origin projected on the plane through v1, v2, v3 into `res`; true if degenerate.
fn project_origin_plane(res: &mut V3, v1: &V3, v2: &V3, v3: &V3) -> bool {
    let diff21 = sub3(v2, v1);
    let diff31 = sub3(v3, v1);
    let diff32 = sub3(v3, v2);

    let n = cross3(&diff32, &diff21);
    let nv = dot3(&n, v2);
    let nn = dot3(&n, &n);
    if nn == 0.0 {
        return true;
    }
    if nv != 0.0 && nn > mjMINVAL {
        *res = scl3(&n, nv / nn);
        return false;
    }

    let n = cross3(&diff21, &diff31);
    let nv = dot3(&n, v1);
    let nn = dot3(&n, &n);
    if nn == 0.0 {
        return true;
    }
    if nv != 0.0 && nn > mjMINVAL {
        *res = scl3(&n, nv / nn);
        return false;
    }

    let n = cross3(&diff31, &diff32);
    let nv = dot3(&n, v3);
    let nn = dot3(&n, &n);
    *res = scl3(&n, nv / nn);
    false
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
    let mut p_o = [0.0; 3];
    if project_origin_plane(&mut p_o, s1, s2, s3) {
        s1d(&mut lambda[..2], s1, s2);
        lambda[2] = 0.0;
        return;
    }

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
// EPA

/// A triangle of the expanding polytope.
#[repr(C)]
#[derive(Clone, Copy)]
struct Face {
    /// vertex indices
    verts: [i32; 3],
    /// neighbouring faces across edges (v1,v2), (v2,v3), (v3,v1)
    adj: [i32; 3],
    /// origin projected on the face
    v: V3,
    /// squared norm of v
    dist2: f64,
    /// position in the map; -1 not in map, -2 deleted
    index: i32,
}

impl Face {
    const ZERO: Face = Face { verts: [0; 3], adj: [0; 3], v: [0.0; 3], dist2: 0.0, index: 0 };
}

/// The polytope of EPA over borrowed storage.
struct Polytope<'s> {
    verts: &'s mut [Vertex],
    nverts: usize,
    faces: &'s mut [Face],
    nfaces: usize,
    /// candidate faces (face indices)
    map: &'s mut [i32],
    nmap: usize,
    /// horizon: faces and their edges seen from `hor_w`
    hor_indices: &'s mut [i32],
    hor_edges: &'s mut [i32],
    nedges: usize,
    hor_w: V3,
}

/// Thread-local EPA storage for up to `MAX_EPA_ITERATIONS` iterations.
struct EpaStore {
    verts: [Vertex; 5 + MAX_EPA_ITERATIONS],
    faces: [Face; 6 * MAX_EPA_ITERATIONS],
    map: [i32; 6 * MAX_EPA_ITERATIONS],
    indices: [i32; 6 + MAX_EPA_ITERATIONS],
    edges: [i32; 6 + MAX_EPA_ITERATIONS],
}

thread_local! {
    static EPA_STORE: RefCell<EpaStore> = const {
        RefCell::new(EpaStore {
            verts: [Vertex::ZERO; 5 + MAX_EPA_ITERATIONS],
            faces: [Face::ZERO; 6 * MAX_EPA_ITERATIONS],
            map: [0; 6 * MAX_EPA_ITERATIONS],
            indices: [0; 6 + MAX_EPA_ITERATIONS],
            edges: [0; 6 + MAX_EPA_ITERATIONS],
        })
    };
}

impl Polytope<'_> {
    fn insert_vertex(&mut self, v: &Vertex) -> usize {
        let n = self.nverts;
        self.nverts += 1;
        self.verts[n] = *v;
        n
    }

    /// Adds a face; returns its squared distance to the origin (0 if degenerate).
    fn attach_face(&mut self, v1: usize, v2: usize, v3: usize, adj1: usize, adj2: usize, adj3: usize) -> f64 {
        let p1 = self.verts[v1].vert;
        let p2 = self.verts[v2].vert;
        let p3 = self.verts[v3].vert;
        let f = self.nfaces;
        self.nfaces += 1;
        let face = &mut self.faces[f];
        face.verts = [v1 as i32, v2 as i32, v3 as i32];
        face.adj = [adj1 as i32, adj2 as i32, adj3 as i32];
        if project_origin_plane(&mut face.v, &p3, &p2, &p1) {
            return 0.0;
        }
        face.dist2 = dot3(&face.v, &face.v);
        face.index = -1;
        face.dist2
    }

    /// Puts the first `n` faces in the map.
    fn fill_map(&mut self, n: usize) {
        for i in 0..n {
            self.map[i] = i as i32;
            self.faces[i].index = i as i32;
        }
        self.nmap = n;
    }

    /// Removes a face from the map and marks it deleted.
    fn delete_face(&mut self, f: usize) {
        let idx = self.faces[f].index;
        if idx >= 0 {
            self.nmap -= 1;
            let last = self.map[self.nmap];
            self.map[idx as usize] = last;
            self.faces[last as usize].index = idx;
        }
        self.faces[f].index = -2;
    }

    fn add_edge(&mut self, index: usize, edge: usize) {
        self.hor_edges[self.nedges] = edge as i32;
        self.hor_indices[self.nedges] = index as i32;
        self.nedges += 1;
    }

    /// Edge of face `f` starting at `vertex`.
    fn get_edge(&self, f: usize, vertex: i32) -> usize {
        let v = &self.faces[f].verts;
        if v[0] == vertex {
            0
        } else if v[1] == vertex {
            1
        } else {
            2
        }
    }

    /// Deletes face `f` if visible from w and recurses into its other neighbours; true if
    /// deleted.
    fn horizon_rec(&mut self, f: usize, e: usize) -> bool {
        let face = self.faces[f];
        if dot3(&face.v, &self.hor_w) - face.dist2 > mjMINVAL {
            self.delete_face(f);
            for k in 1..3 {
                let i = (e + k) % 3;
                let adj = face.adj[i] as usize;
                if self.faces[adj].index > -2 {
                    let adj_edge = self.get_edge(adj, face.verts[(i + 1) % 3]);
                    if !self.horizon_rec(adj, adj_edge) {
                        self.add_edge(adj, adj_edge);
                    }
                }
            }
            return true;
        }
        false
    }

    /// Builds the horizon seen from `hor_w`, starting from face `f`.
    fn horizon(&mut self, f: usize) {
        self.delete_face(f);
        let face = self.faces[f];

        let adj = face.adj[0] as usize;
        let adj_edge = self.get_edge(adj, face.verts[1]);
        if !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }

        let adj = face.adj[1] as usize;
        let adj_edge = self.get_edge(adj, face.verts[2]);
        if self.faces[adj].index > -2 && !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }

        let adj = face.adj[2] as usize;
        let adj_edge = self.get_edge(adj, face.verts[0]);
        if self.faces[adj].index > -2 && !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }
    }
}

/// Adds the support vertex along `d` (normalised by `dnorm`) to the polytope.
unsafe fn epa_support(pt: &mut Polytope, pair: &mut Pair, d: &V3, dnorm: f64) -> usize {
    let mut dir = [1.0, 0.0, 0.0];
    let mut dir_neg = [-1.0, 0.0, 0.0];
    if dnorm > mjMINVAL {
        dir = [d[0] / dnorm, d[1] / dnorm, d[2] / dnorm];
        dir_neg = scl3(&dir, -1.0);
    }
    let v = pair.support(&dir, &dir_neg);
    pt.insert_vertex(&v)
}

/// Replaces the status simplex by three polytope vertices and empties the polytope.
fn replace_simplex3(pt: &mut Polytope, status: &mut CcdStatus, v1: usize, v2: usize, v3: usize) {
    status.nsimplex = 3;
    status.simplex[0] = pt.verts[v1];
    status.simplex[1] = pt.verts[v2];
    status.simplex[2] = pt.verts[v3];
    pt.nfaces = 0;
    pt.nverts = 0;
    pt.nmap = 0;
}

/// True if the origin and p3 lie strictly on the same side of plane (p0, p1, p2).
fn same_side(p0: &V3, p1: &V3, p2: &V3, p3: &V3) -> bool {
    let diff1 = sub3(p1, p0);
    let diff2 = sub3(p2, p0);
    let n = cross3(&diff1, &diff2);
    let diff3 = sub3(p3, p0);
    let dot1 = dot3(&n, &diff3);
    let diff4 = scl3(p0, -1.0);
    let dot2 = dot3(&n, &diff4);
    (dot1 > 0.0 && dot2 > 0.0) || (dot1 < 0.0 && dot2 < 0.0)
}

/// True if the origin is inside the tetrahedron.
fn test_tetra(p0: &V3, p1: &V3, p2: &V3, p3: &V3) -> bool {
    same_side(p0, p1, p2, p3) && same_side(p1, p2, p3, p0) && same_side(p2, p3, p0, p1) && same_side(p3, p0, p1, p2)
}

/// Rotation by 120 degrees about `axis`.
fn rotmat(axis: &V3) -> [f64; 9] {
    let n = norm3(axis);
    let (u1, u2, u3) = (axis[0] / n, axis[1] / n, axis[2] / n);
    let sin = 0.86602540378;
    let cos = -0.5;
    [
        cos + u1 * u1 * (1.0 - cos),
        u1 * u2 * (1.0 - cos) - u3 * sin,
        u1 * u3 * (1.0 - cos) + u2 * sin,
        u2 * u1 * (1.0 - cos) + u3 * sin,
        cos + u2 * u2 * (1.0 - cos),
        u2 * u3 * (1.0 - cos) - u1 * sin,
        u1 * u3 * (1.0 - cos) - u2 * sin,
        u2 * u3 * (1.0 - cos) + u1 * sin,
        cos + u3 * u3 * (1.0 - cos),
    ]
}

/// Nonzero if the ray v1 -> v2 crosses triangle (v3, v4, v5).
fn ray_triangle(v1: &V3, v2: &V3, v3: &V3, v4: &V3, v5: &V3) -> i32 {
    let diff12 = sub3(v2, v1);
    let diff13 = sub3(v3, v1);
    let diff14 = sub3(v4, v1);
    let diff15 = sub3(v5, v1);
    let vol1 = det3(&diff13, &diff14, &diff12);
    let vol2 = det3(&diff14, &diff15, &diff12);
    let vol3 = det3(&diff15, &diff13, &diff12);
    if vol1 >= 0.0 && vol2 >= 0.0 && vol3 >= 0.0 {
        return 1;
    }
    if vol1 <= 0.0 && vol2 <= 0.0 && vol3 <= 0.0 {
        return -1;
    }
    0
}

/// Initial polytope (hexahedron) around a segment simplex.
unsafe fn polytope2(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let v1 = status.simplex[0].vert;
    let v2 = status.simplex[1].vert;
    let diff = sub3(&v2, &v1);

    // axis of the smallest component
    let mut value = MAX_LIMIT;
    let mut index = 0;
    for i in 0..3 {
        if diff[i].abs() < value {
            value = diff[i].abs();
            index = i;
        }
    }
    let mut e = [0.0; 3];
    e[index] = 1.0;
    let d1 = cross3(&e, &diff);

    // two more directions at 120 degrees about the segment
    let r = rotmat(&diff);
    let d2 = crate::math::blas::mul_mat_vec3(&r, &d1);
    let d3 = crate::math::blas::mul_mat_vec3(&r, &d2);

    let s0 = status.simplex[0];
    let s1 = status.simplex[1];
    let v1i = pt.insert_vertex(&s0);
    let v2i = pt.insert_vertex(&s1);
    let v3i = epa_support(pt, pair, &d1, norm3(&d1));
    let v4i = epa_support(pt, pair, &d2, norm3(&d2));
    let v5i = epa_support(pt, pair, &d3, norm3(&d3));

    let v3 = pt.verts[v3i].vert;
    let v4 = pt.verts[v4i].vert;
    let v5 = pt.verts[v5i].vert;

    let faces: [([usize; 3], [usize; 3]); 6] = [
        ([v1i, v3i, v4i], [1, 3, 2]),
        ([v1i, v5i, v3i], [2, 4, 0]),
        ([v1i, v4i, v5i], [0, 5, 1]),
        ([v2i, v4i, v3i], [5, 0, 4]),
        ([v2i, v3i, v5i], [3, 1, 5]),
        ([v2i, v5i, v4i], [4, 2, 3]),
    ];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            replace_simplex3(pt, status, v[0], v[1], v[2]);
            return polytope3(pt, status, pair);
        }
    }

    // hexahedron must be convex
    if ray_triangle(&v1, &v2, &v3, &v4, &v5) == 0 {
        return EPA_P2_NONCONVEX;
    }

    pt.fill_map(6);
    0
}

/// Affine coordinates of p on triangle (v1, v2, v3).
fn tri_affine_coord(v1: &V3, v2: &V3, v3: &V3, p: &V3) -> [f64; 3] {
    let minors = tri_minors(v1, v2, v3);
    let (m_max, x, y) = tri_axes(&minors);
    let c = tri_cofactors(p, v1, v2, v3, x, y);
    [c[0] / m_max, c[1] / m_max, c[2] / m_max]
}

/// True if p lies on triangle (v1, v2, v3).
fn tri_point_intersect(v1: &V3, v2: &V3, v3: &V3, p: &V3) -> bool {
    let lambda = tri_affine_coord(v1, v2, v3, p);
    if lambda[0] < 0.0 || lambda[1] < 0.0 || lambda[2] < 0.0 {
        return false;
    }
    let pr = [
        v1[0] * lambda[0] + v2[0] * lambda[1] + v3[0] * lambda[2],
        v1[1] * lambda[0] + v2[1] * lambda[1] + v3[1] * lambda[2],
        v1[2] * lambda[0] + v2[2] * lambda[1] + v3[2] * lambda[2],
    ];
    let diff = sub3(&pr, p);
    norm3(&diff) < mjMINVAL
}

/// Initial polytope (hexahedron) around a triangle simplex.
unsafe fn polytope3(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let v1 = status.simplex[0].vert;
    let v2 = status.simplex[1].vert;
    let v3 = status.simplex[2].vert;

    let diff1 = sub3(&v2, &v1);
    let diff2 = sub3(&v3, &v1);
    let n = cross3(&diff1, &diff2);
    let n_norm = norm3(&n);
    if n_norm < mjMINVAL {
        return EPA_P3_BAD_NORMAL;
    }
    let n_neg = scl3(&n, -1.0);

    let s = status.simplex;
    let v1i = pt.insert_vertex(&s[0]);
    let v2i = pt.insert_vertex(&s[1]);
    let v3i = pt.insert_vertex(&s[2]);
    let v5i = epa_support(pt, pair, &n_neg, n_norm);
    let v4i = epa_support(pt, pair, &n, n_norm);
    let v4 = pt.verts[v4i].vert;
    let v5 = pt.verts[v5i].vert;

    if tri_point_intersect(&v1, &v2, &v3, &v4) {
        return EPA_P3_INVALID_V4;
    }
    if tri_point_intersect(&v1, &v2, &v3, &v5) {
        return EPA_P3_INVALID_V5;
    }

    if status.dist > 10.0 * mjMINVAL && !test_tetra(&v1, &v2, &v3, &v4) && !test_tetra(&v1, &v2, &v3, &v5) {
        return EPA_P3_MISSING_ORIGIN;
    }

    let faces: [([usize; 3], [usize; 3]); 6] = [
        ([v4i, v1i, v2i], [1, 3, 2]),
        ([v4i, v3i, v1i], [2, 4, 0]),
        ([v4i, v2i, v3i], [0, 5, 1]),
        ([v5i, v2i, v1i], [5, 0, 4]),
        ([v5i, v1i, v3i], [3, 1, 5]),
        ([v5i, v3i, v2i], [4, 2, 3]),
    ];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            return EPA_P3_ORIGIN_ON_FACE;
        }
    }

    pt.fill_map(6);
    0
}

/// Initial polytope from a tetrahedron simplex.
unsafe fn polytope4(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let s = status.simplex;
    let v1 = pt.insert_vertex(&s[0]);
    let v2 = pt.insert_vertex(&s[1]);
    let v3 = pt.insert_vertex(&s[2]);
    let v4 = pt.insert_vertex(&s[3]);

    // origin on a face: continue from that triangle
    let faces: [([usize; 3], [usize; 3]); 4] = [
        ([v1, v2, v3], [1, 3, 2]),
        ([v1, v4, v2], [2, 3, 0]),
        ([v1, v3, v4], [0, 3, 1]),
        ([v4, v3, v2], [2, 0, 1]),
    ];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            replace_simplex3(pt, status, v[0], v[1], v[2]);
            return polytope3(pt, status, pair);
        }
    }

    if !test_tetra(&pt.verts[v1].vert, &pt.verts[v2].vert, &pt.verts[v3].vert, &pt.verts[v4].vert) {
        return EPA_P4_MISSING_ORIGIN;
    }

    pt.fill_map(4);
    0
}

/// Witness points of face `f` into x1, x2; returns the signed distance.
fn epa_witness(pt: &Polytope, f: usize, x1: &mut V3, x2: &mut V3) -> f64 {
    let face = &pt.faces[f];
    let v1 = &pt.verts[face.verts[0] as usize];
    let v2 = &pt.verts[face.verts[1] as usize];
    let v3 = &pt.verts[face.verts[2] as usize];
    let lambda = tri_affine_coord(&v1.vert, &v2.vert, &v3.vert, &face.v);
    lincomb(x1, &lambda, 3, [&v1.vert1, &v2.vert1, &v3.vert1, &v3.vert1]);
    lincomb(x2, &lambda, 3, [&v1.vert2, &v2.vert2, &v3.vert2, &v3.vert2]);
    -face.dist2.sqrt()
}

/// Expands the polytope toward the boundary of the Minkowski difference; returns the face that
/// gives the penetration depth (witness points in status).
unsafe fn epa(status: &mut CcdStatus, pt: &mut Polytope, pair: &mut Pair) -> Option<usize> {
    let mut upper = MAX_LIMIT;
    let mut upper2 = MAX_LIMIT;
    let mut face: Option<usize> = None;
    let mut tolerance = status.tolerance;
    let discrete = pair.discrete();
    if discrete {
        tolerance = mjMINVAL;
    }

    let kmax = status.max_iterations;
    let mut k = 0;
    while k < kmax {
        let pface = face;

        // closest candidate face
        let mut lower2 = MAX_LIMIT;
        for i in 0..pt.nmap {
            let fi = pt.map[i] as usize;
            if pt.faces[fi].dist2 < lower2 {
                face = Some(fi);
                lower2 = pt.faces[fi].dist2;
            }
        }
        let fi = match face {
            Some(fi) if !(lower2 > upper2) => fi,
            _ => {
                face = pface;
                break;
            }
        };

        if lower2 <= 0.0 {
            crate::mjwarning!("EPA: origin lies on affine hull of face");
            break;
        }

        // support point along the face normal
        let lower = lower2.sqrt();
        let fv = pt.faces[fi].v;
        let wi = epa_support(pt, pair, &fv, lower);
        let w = pt.verts[wi];
        let upper_k = dot3(&fv, &w.vert) / lower;
        if upper_k < upper {
            upper = upper_k;
            upper2 = upper * upper;
        }
        if upper - lower < tolerance {
            break;
        }

        // repeated vertex of discrete geoms: converged
        if discrete {
            let nverts = pt.nverts - 1;
            let repeated = pt.verts[..nverts].iter().any(|v| w.index1 == v.index1 && w.index2 == v.index2);
            if repeated {
                break;
            }
        }

        pt.hor_w = w.vert;
        pt.horizon(fi);

        // numerical trouble
        if pt.nedges < 3 {
            face = None;
            break;
        }

        let nfaces = pt.nfaces;
        let nedges = pt.nedges;
        if nedges > pt.faces.len() - pt.nfaces {
            crate::mjwarning!("EPA: out of memory for faces on expanding polytope");
            break;
        }

        // cone of new faces from w to the horizon
        for i in 0..nedges {
            let cur = nfaces + i;
            let prev = if i == 0 { nfaces + nedges - 1 } else { cur - 1 };
            let next = nfaces + (i + 1) % nedges;
            let hor_index = pt.hor_indices[i] as usize;
            let hor_edge = pt.hor_edges[i] as usize;
            let hverts = pt.faces[hor_index].verts;
            let v1 = hverts[hor_edge] as usize;
            let v2 = hverts[(hor_edge + 1) % 3] as usize;
            pt.faces[hor_index].adj[hor_edge] = cur as i32;
            let dist2 = pt.attach_face(wi, v2, v1, prev, hor_index, next);

            if dist2 == 0.0 {
                face = None;
                break;
            }

            if dist2 >= lower2 && dist2 <= upper2 {
                let idx = pt.nmap;
                pt.nmap += 1;
                pt.map[idx] = (pt.nfaces - 1) as i32;
                pt.faces[pt.nfaces - 1].index = idx as i32;
            }
        }
        if face.is_none() {
            break;
        }
        pt.nedges = 0;

        if pt.nmap == 0 {
            break;
        }
        k += 1;
    }

    status.epa_iterations = k;
    match face {
        Some(f) => {
            let mut x1 = [0.0; 3];
            let mut x2 = [0.0; 3];
            status.dist = epa_witness(pt, f, &mut x1, &mut x2);
            set3(&mut status.x1, 0, &x1);
            set3(&mut status.x2, 0, &x2);
            status.nx = 1;
        }
        None => {
            status.nx = 0;
            status.dist = 0.0;
        }
    }
    face
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

/// Builds the initial polytope and runs EPA (and multicontact) over the given storage.
unsafe fn run_epa(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair, max_contacts: i32) {
    let ret = match status.nsimplex {
        2 => polytope2(pt, status, pair),
        3 => polytope3(pt, status, pair),
        _ => polytope4(pt, status, pair),
    };
    status.epa_status = ret;
    if ret == 0 {
        if let Some(f) = epa(status, pt, pair) {
            if max_contacts > 1 {
                multicontact(pt, f, status, pair);
            }
        }
    }
}

/// Runs EPA with the thread-local buffers (up to `MAX_EPA_ITERATIONS`) or with memory from
/// `config.stack`.
unsafe fn epa_with_storage(config: &CcdConfig, status: &mut CcdStatus, pair: &mut Pair) {
    let n = config.max_iterations.max(0) as usize;
    if n <= MAX_EPA_ITERATIONS {
        let done = EPA_STORE.with(|cell| {
            let Ok(mut store) = cell.try_borrow_mut() else { return false };
            let store = &mut *store;
            let mut pt = Polytope {
                verts: &mut store.verts,
                nverts: 0,
                faces: &mut store.faces,
                nfaces: 0,
                map: &mut store.map,
                nmap: 0,
                hor_indices: &mut store.indices,
                hor_edges: &mut store.edges,
                nedges: 0,
                hor_w: [0.0; 3],
            };
            run_epa(&mut pt, status, pair, config.max_contacts);
            true
        });
        if done {
            return;
        }
    }

    // memory from mjData's stack or the caller's callback, sized as upstream's request
    let n = n.max(MAX_EPA_ITERATIONS);
    let c_face = 64usize;
    let c_vertex = 80usize;
    let nbytes = c_face * 6 * n + 8 * 6 * n + c_vertex * (5 + n) + 2 * (4 * (6 + n));
    let buf = match config.memory {
        EpaMemory::Stack(d) => {
            if d.is_null() {
                crate::mjerror!("mjc_ccd", "no memory available for EPA with {} iterations", config.max_iterations);
                return;
            }
            crate::engine::mark(&mut *d);
            crate::data::stack::stack_alloc(&mut *d, nbytes, 8) as *mut u8
        }
        EpaMemory::Callbacks { context, alloc, .. } => {
            let Some(alloc) = alloc else {
                crate::mjerror!("mjc_ccd", "no allocator given for EPA with {} iterations", config.max_iterations);
                return;
            };
            alloc(context, nbytes) as *mut u8
        }
    };
    if !buf.is_null() && (buf as usize) % 8 == 0 {
        core::ptr::write_bytes(buf, 0, nbytes);
        let verts = core::slice::from_raw_parts_mut(buf as *mut Vertex, 5 + n);
        let mut off = c_vertex * (5 + n);
        let faces = core::slice::from_raw_parts_mut(buf.add(off) as *mut Face, 6 * n);
        off += c_face * 6 * n;
        let map = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 * n);
        off += 8 * 6 * n;
        let indices = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 + n);
        off += 4 * (6 + n);
        let edges = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 + n);
        let mut pt = Polytope {
            verts,
            nverts: 0,
            faces,
            nfaces: 0,
            map,
            nmap: 0,
            hor_indices: indices,
            hor_edges: edges,
            nedges: 0,
            hor_w: [0.0; 3],
        };
        run_epa(&mut pt, status, pair, config.max_contacts);
    }
    match config.memory {
        EpaMemory::Stack(d) => crate::engine::free(&mut *d),
        EpaMemory::Callbacks { context, free, .. } => {
            if let (Some(free), false) = (free, buf.is_null()) {
                free(context, buf as *mut core::ffi::c_void);
            }
        }
    }
}

/// Distance (negative: penetration depth) between two convex objects, with witness points in
/// `status` (`mjc_ccd`).
///
/// # Safety
/// The objects' model and data must be valid; `config.memory` a null or valid mjData, or
/// callbacks that return memory of the size asked for.
pub unsafe fn ccd(config: &CcdConfig, status: &mut CcdStatus, obj1: &mut CcdObj, obj2: &mut CcdObj) -> f64 {
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
        let mut s1 = Shape::Full;
        let mut s2 = Shape::Full;
        if round(obj1.geom_type) {
            full_margin1 = obj1.m.geom_size()[3 * obj1.geom as usize] + 0.5 * margin1;
            s1 = if obj1.geom_type == GEOM_SPHERE { Shape::Point } else { Shape::Line };
            obj1.margin = 0.0;
        }
        if round(obj2.geom_type) {
            full_margin2 = obj2.m.geom_size()[3 * obj2.geom as usize] + 0.5 * margin2;
            s2 = if obj2.geom_type == GEOM_SPHERE { Shape::Point } else { Shape::Line };
            obj2.margin = 0.0;
        }

        status.dist_cutoff += full_margin1 + full_margin2;
        gjk(status, &mut Pair { o1: &mut *obj1, o2: &mut *obj2, s1, s2 });
        status.dist_cutoff = config.dist_cutoff;

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

    let mut pair = Pair { o1: obj1, o2: obj2, s1: Shape::Full, s2: Shape::Full };
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
