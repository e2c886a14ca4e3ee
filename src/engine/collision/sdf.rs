//! Signed-distance-field collisions (upstream's `engine_collision_sdf.c`): distances and
//! gradients of primitives, mesh octrees and SDF plugins, combined into the objectives of
//! `mjtSDFType`, and the narrowphase that descends the combined field from Halton points of the
//! two geoms' overlapping bounding boxes (computation chapter, "Collision detection").

use core::ffi::c_void;

use crate::abi::*;
use crate::engine::ray::ray_mesh;
use crate::engine::{v3, v6, v9};
use crate::math::blas::{add_to3, dist3, dot3, mul_mat_t_vec3, mul_mat_vec3, norm3, normalize3};
use crate::math::misc::{clip, halton, max, min};
use crate::math::spatial::{mat2quat, mul_pose, neg_pose, quat2mat, rot_vec_quat};

use mjtGeom_::*;
use mjtSDFType_::*;

type V3 = [f64; 3];

//---------------------------------------- mesh octrees -------------------------------------------

/// Moves a point outside the box `(center, half sizes)` to just inside it; returns the distance
/// from the original point to the box, or the (non-positive) largest face offset when inside.
fn box_projection(point: &mut V3, aabb: &[f64; 6]) -> f64 {
    const EPS: f64 = 1e-6;
    let r = [point[0] - aabb[0], point[1] - aabb[1], point[2] - aabb[2]];
    let q = [r[0].abs() - aabb[3], r[1].abs() - aabb[4], r[2].abs() - aabb[5]];
    if q[0] <= 0.0 && q[1] <= 0.0 && q[2] <= 0.0 {
        return max(q[0], max(q[1], q[2]));
    }
    let mut dist_sqr = 0.0;
    for k in 0..3 {
        if q[k] >= 0.0 {
            dist_sqr += q[k] * q[k];
            point[k] -= if r[k] > 0.0 { q[k] + EPS } else { -(q[k] + EPS) };
        }
    }
    dist_sqr.sqrt()
}

/// Trilinear weight of corner `j` (bit 0: x, bit 1: y, bit 2: z) at unit-cube coordinates `c`.
#[inline]
fn corner_weight(j: usize, c: &V3) -> f64 {
    let f = |bit: usize, k: usize| if j & bit != 0 { c[k] } else { 1.0 - c[k] };
    f(1, 0) * f(2, 1) * f(4, 2)
}

/// Gradient of [`corner_weight`] with respect to the unit-cube coordinates.
#[inline]
fn corner_weight_grad(j: usize, c: &V3) -> V3 {
    let f = |bit: usize, k: usize| if j & bit != 0 { c[k] } else { 1.0 - c[k] };
    let s = |bit: usize| if j & bit != 0 { 1.0 } else { -1.0 };
    [s(1) * f(2, 1) * f(4, 2), f(1, 0) * s(2) * f(4, 2), f(1, 0) * f(2, 1) * s(4)]
}

/// Finds the octree leaf holding `p` and its unit-cube coordinates; None (after mju_error)
/// when the descent fails.
fn find_leaf(aabb: &[f64], child: &[i32], p: &V3) -> Option<(usize, V3)> {
    const EPS: f64 = 1e-8;
    let mut node: i32 = 0;
    for _ in 0..100 {
        if node < 0 {
            crate::mjerror!("findOct", "Invalid node number");
            return None;
        }
        let n = node as usize;
        let b = v6(aabb, n);
        let vmin = [b[0] - b[3], b[1] - b[4], b[2] - b[5]];
        let vmax = [b[0] + b[3], b[1] + b[4], b[2] + b[5]];
        // a point outside the node is retried on the same node (as upstream does)
        if (0..3).any(|k| p[k] + EPS < vmin[k] || p[k] - EPS > vmax[k]) {
            continue;
        }
        let c = [
            (p[0] - vmin[0]) / (vmax[0] - vmin[0]),
            (p[1] - vmin[1]) / (vmax[1] - vmin[1]),
            (p[2] - vmin[2]) / (vmax[2] - vmin[2]),
        ];
        let kids = &child[8 * n..8 * n + 8];
        if kids.iter().all(|&k| k == -1) {
            return Some((n, c));
        }
        let octant = |k: usize| usize::from(c[k] >= 0.5);
        node = kids[4 * octant(2) + 2 * octant(1) + octant(0)];
    }
    crate::mjerror!("findOct", "Node not found");
    None
}

/// The octree of mesh `mesh`: node boxes, children and vertex coefficients, from its first node.
fn octree<'a>(m: &'a mjModel, mesh: usize, func: &str) -> Option<(&'a [f64], &'a [i32], &'a [f64])> {
    let adr = m.mesh_octadr()[mesh];
    if adr == -1 {
        crate::mjerror!(func, "Octree not found in mesh {}", mesh);
        return None;
    }
    let a = adr as usize;
    Some((&m.oct_aabb()[6 * a..], &m.oct_child()[8 * a..], &m.oct_coeff()[8 * a..]))
}

/// Interpolated signed distance of the octree of mesh `mesh` at `p`, continued outside the
/// root box by the distance to it.
fn oct_distance(m: &mjModel, p: &V3, mesh: usize) -> f64 {
    let Some((aabb, child, coeff)) = octree(m, mesh, "oct_distance") else { return 0.0 };
    let mut point = *p;
    let box_dist = box_projection(&mut point, v6(aabb, 0));
    let Some((node, c)) = find_leaf(aabb, child, &point) else { return 0.0 };
    let mut sdf = 0.0;
    for (j, &k) in coeff[8 * node..8 * node + 8].iter().enumerate() {
        sdf += corner_weight(j, &c) * k;
    }
    if box_dist > 0.0 {
        sdf + box_dist
    } else {
        sdf
    }
}

/// Gradient of [`oct_distance`]: analytic inside the root box, forward differences outside.
fn oct_gradient(m: &mjModel, point: &V3, mesh: usize) -> V3 {
    let mut grad = [0.0; 3];
    let Some((aabb, child, coeff)) = octree(m, mesh, "oct_gradient") else { return grad };
    let mut p = *point;
    if box_projection(&mut p, v6(aabb, 0)) <= 0.0 {
        let Some((node, c)) = find_leaf(aabb, child, &p) else { return grad };
        for (j, &k) in coeff[8 * node..8 * node + 8].iter().enumerate() {
            let dw = corner_weight_grad(j, &c);
            grad[0] += dw[0] * k;
            grad[1] += dw[1] * k;
            grad[2] += dw[2] * k;
        }
        return grad;
    }
    const EPS: f64 = 1e-8;
    let d0 = oct_distance(m, point, mesh);
    for k in 0..3 {
        let mut q = *point;
        q[k] += EPS;
        grad[k] = (oct_distance(m, &q, mesh) - d0) / EPS;
    }
    grad
}

//---------------------------------------- single geoms -------------------------------------------

/// Direction from the box centre used inside a box: the normalised ratio of size to (negative)
/// face offset, with the signs of `x`.
fn radial_field(a: &V3, x: &V3, size: &[f64]) -> V3 {
    let mut f = [-size[0] / a[0], -size[1] / a[1], -size[2] / a[2]];
    normalize3(&mut f);
    for k in 0..3 {
        if x[k] < 0.0 {
            f[k] = -f[k];
        }
    }
    f
}

/// Terms of the ellipsoid's approximate distance: `x / size^2` and the norms of `x / size`
/// and `x / size^2`.
fn ellipsoid_terms(x: &V3, size: &[f64]) -> (V3, f64, f64) {
    let a = [x[0] / size[0], x[1] / size[1], x[2] / size[2]];
    let b = [a[0] / size[0], a[1] / size[1], a[2] / size[2]];
    (b, norm3(&a), norm3(&b))
}

/// Mesh octree count read the way upstream reads it in the SDF narrowphase: indexed by the
/// given id, which there is a geom id (not a mesh id). Past the mesh count upstream reads
/// whatever follows the array; here that counts as no octree (the ray-cast distance), where
/// an octree lookup would index past the mesh arrays.
fn mesh_octnum_at(m: &mjModel, i: usize) -> i32 {
    m.mesh_octnum().get(i).copied().unwrap_or(0)
}

/// World point of local point `x` of geom `g`.
fn geom_world_point(m: &mjModel, d: &mjData, g: usize, x: &V3) -> V3 {
    let DataRef { geom_xpos, geom_xmat, .. } = d.arrays(m);
    let mut a = mul_mat_vec3(v9(geom_xmat, g), x);
    add_to3(&mut a, v3(geom_xpos, g));
    a
}

/// Signed distance of object `i` (a geom, or a mesh / plugin instance for SDF geoms) of the
/// given type at local point `x`.
fn geom_distance(m: &mjModel, d: &mjData, p: Option<&mjpPlugin>, i: usize, x: &V3, ty: i32) -> f64 {
    // primitives are geoms; SDF geoms pass a mesh or plugin instance id instead
    let geom_size = || &m.geom_size()[3 * i..3 * i + 3];
    match ty {
        t if t == mjGEOM_PLANE as i32 => x[2],
        t if t == mjGEOM_SPHERE as i32 => norm3(x) - geom_size()[0],
        t if t == mjGEOM_BOX as i32 => {
            let size = geom_size();
            let a = [x[0].abs() - size[0], x[1].abs() - size[1], x[2].abs() - size[2]];
            if a[0] >= 0.0 || a[1] >= 0.0 || a[2] >= 0.0 {
                let b = [max(a[0], 0.0), max(a[1], 0.0), max(a[2], 0.0)];
                return norm3(&b) + min(max(a[0], max(a[1], a[2])), 0.0);
            }
            let b = radial_field(&a, x, size);
            let t = [-a[0] / b[0].abs(), -a[1] / b[1].abs(), -a[2] / b[2].abs()];
            -min(t[0], min(t[1], t[2])) * norm3(&b)
        }
        t if t == mjGEOM_CAPSULE as i32 => {
            let size = geom_size();
            let a = [x[0], x[1], x[2] - clip(x[2], -size[1], size[1])];
            norm3(&a) - size[0]
        }
        t if t == mjGEOM_ELLIPSOID as i32 => {
            let (_, k0, k1) = ellipsoid_terms(x, geom_size());
            k0 * (k0 - 1.0) / k1
        }
        t if t == mjGEOM_CYLINDER as i32 => {
            let size = geom_size();
            let a = [(x[0] * x[0] + x[1] * x[1]).sqrt() - size[0], x[2].abs() - size[1]];
            let b = [max(a[0], 0.0), max(a[1], 0.0)];
            min(max(a[0], a[1]), 0.0) + (b[0] * b[0] + b[1] * b[1]).sqrt()
        }
        t if t == mjGEOM_SDF as i32 => {
            let Some(p) = p else {
                return oct_distance(m, x, i);
            };
            match p.sdf_distance {
                // SAFETY: a registered SDF plugin's distance reads 3 numbers at the point and
                // the data it is given (mjpPlugin contract); i is its instance id
                Some(f) => unsafe { f(x.as_ptr(), d, i as i32) },
                None => {
                    crate::mjerror!("geomDistance", "SDF plugin without a distance function");
                    0.0
                }
            }
        }
        t if t == mjGEOM_MESH as i32 => {
            if mesh_octnum_at(m, i) != 0 {
                return oct_distance(m, x, i);
            }
            let a = geom_world_point(m, d, i, x);
            let mut dir = [-a[0], -a[1], -a[2]];
            let r = norm3(&dir);
            let dist = ray_mesh(m, d, i, &a, &dir, None);
            if dist > r {
                dir = [-dir[0], -dir[1], -dir[2]];
                return -ray_mesh(m, d, i, &a, &dir, None);
            }
            dist
        }
        _ => {
            crate::mjerror!("geomDistance", "sdf collisions not available for geom type {}", ty);
            0.0
        }
    }
}

/// Gradient of [`geom_distance`] at local point `x`.
fn geom_gradient(m: &mjModel, d: &mjData, p: Option<&mjpPlugin>, i: usize, x: &V3, ty: i32) -> V3 {
    // primitives are geoms; SDF geoms pass a mesh or plugin instance id instead
    let geom_size = || &m.geom_size()[3 * i..3 * i + 3];
    match ty {
        t if t == mjGEOM_PLANE as i32 => [0.0, 0.0, 1.0],
        t if t == mjGEOM_SPHERE as i32 => {
            let c = norm3(x);
            [x[0] * (1.0 / c), x[1] * (1.0 / c), x[2] * (1.0 / c)]
        }
        t if t == mjGEOM_BOX as i32 => {
            let size = geom_size();
            let a = [x[0].abs() - size[0], x[1].abs() - size[1], x[2].abs() - size[2]];
            let k = if a[0] > a[1] { 0 } else { 1 };
            let l = if a[2] > a[k] { 2 } else { k };
            if a[l] < 0.0 {
                return radial_field(&a, x, size);
            }
            let b = [max(a[0], 0.0), max(a[1], 0.0), max(a[2], 0.0)];
            let c = norm3(&b);
            let g = |k: usize| if a[k] > 0.0 { b[k] / c * x[k] / x[k].abs() } else { 0.0 };
            [g(0), g(1), g(2)]
        }
        t if t == mjGEOM_CAPSULE as i32 => {
            let size = geom_size();
            let a = [x[0], x[1], x[2] - clip(x[2], -size[1], size[1])];
            let c = norm3(&a);
            [a[0] / c, a[1] / c, a[2] / c]
        }
        t if t == mjGEOM_ELLIPSOID as i32 => {
            let size = geom_size();
            let (b, k0, k1) = ellipsoid_terms(x, size);
            let (inv0, inv1) = (1.0 / k0, 1.0 / k1);
            let gk0 = [b[0] * inv0, b[1] * inv0, b[2] * inv0];
            let gk1 = [
                b[0] * inv1 / (size[0] * size[0]),
                b[1] * inv1 / (size[1] * size[1]),
                b[2] * inv1 / (size[2] * size[2]),
            ];
            let df0 = (2.0 * k0 - 1.0) * inv1;
            let df1 = k0 * (k0 - 1.0) * inv1 * inv1;
            let mut g = [gk0[0] * df0 - gk1[0] * df1, gk0[1] * df0 - gk1[1] * df1, gk0[2] * df0 - gk1[2] * df1];
            normalize3(&mut g);
            g
        }
        t if t == mjGEOM_CYLINDER as i32 => {
            let size = geom_size();
            const FLOOR: f64 = 1.0 / mjMAXVAL;
            let c = (x[0] * x[0] + x[1] * x[1]).sqrt();
            let e = x[2].abs();
            let a = [c - size[0], e - size[1]];
            let ga = [x[0] / max(c, FLOOR), x[1] / max(c, FLOOR), x[2] / max(e, FLOOR)];
            let j = if a[0] > a[1] { 0 } else { 1 };
            if a[j] < 0.0 {
                return if j == 0 { [ga[0], ga[1], 0.0] } else { [0.0, 0.0, ga[2]] };
            }
            let b = [max(a[0], 0.0), max(a[1], 0.0)];
            let bn = max((b[0] * b[0] + b[1] * b[1]).sqrt(), FLOOR);
            [ga[0] * b[0] / bn, ga[1] * b[0] / bn, ga[2] * b[1] / bn]
        }
        t if t == mjGEOM_SDF as i32 => {
            let Some(p) = p else {
                return oct_gradient(m, x, i);
            };
            let mut g = [0.0; 3];
            match p.sdf_gradient {
                // SAFETY: a registered SDF plugin's gradient writes 3 numbers and reads 3 at the
                // point and the data it is given (mjpPlugin contract); i is its instance id
                Some(f) => unsafe { f(g.as_mut_ptr(), x.as_ptr(), d, i as i32) },
                None => crate::mjerror!("geomGradient", "SDF plugin without a gradient function"),
            }
            g
        }
        t if t == mjGEOM_MESH as i32 => {
            if mesh_octnum_at(m, i) != 0 {
                return oct_gradient(m, x, i);
            }
            let a = geom_world_point(m, d, i, x);
            let dir = [-a[0], -a[1], -a[2]];
            let r = norm3(&dir);
            let s = if ray_mesh(m, d, i, &a, &dir, None) > r { 1.0 } else { -1.0 };
            [s; 3]
        }
        _ => {
            crate::mjerror!("geomGradient", "sdf collisions not available for geom type {}", ty);
            [0.0; 3]
        }
    }
}

//---------------------------------------- combined fields ----------------------------------------

/// One or two SDF objects and the objective made of them (upstream's `mjSDF`, by value).
/// Object 1 is evaluated at `relmat * x + relpos`, object 0 at `x`; an object with a plugin
/// is that plugin's instance `id`, else a mesh octree or a geom.
#[derive(Clone, Copy)]
pub struct Sdf {
    pub plugin: [Option<&'static mjpPlugin>; 2],
    pub id: [i32; 2],
    pub geomtype: [i32; 2],
    pub kind: i32,
    pub relpos: V3,
    pub relmat: [f64; 9],
}

impl Sdf {
    /// Point `x` in the frame of object 1.
    fn second_point(&self, x: &V3) -> V3 {
        let mut y = mul_mat_vec3(&self.relmat, x);
        add_to3(&mut y, &self.relpos);
        y
    }

    fn dist(&self, m: &mjModel, d: &mjData, k: usize, x: &V3) -> f64 {
        geom_distance(m, d, self.plugin[k], self.id[k] as usize, x, self.geomtype[k])
    }

    fn grad(&self, m: &mjModel, d: &mjData, k: usize, x: &V3) -> V3 {
        geom_gradient(m, d, self.plugin[k], self.id[k] as usize, x, self.geomtype[k])
    }
}

const SINGLE: i32 = mjSDFTYPE_SINGLE as i32;
const INTERSECTION: i32 = mjSDFTYPE_INTERSECTION as i32;
const MIDSURFACE: i32 = mjSDFTYPE_MIDSURFACE as i32;
const COLLISION: i32 = mjSDFTYPE_COLLISION as i32;

/// Value of the objective of `s` at `x` (`mjc_distance`).
pub fn distance(m: &mjModel, d: &mjData, s: &Sdf, x: &V3) -> f64 {
    match s.kind {
        SINGLE => s.dist(m, d, 0, x),
        INTERSECTION => {
            let y = s.second_point(x);
            max(s.dist(m, d, 0, x), s.dist(m, d, 1, &y))
        }
        MIDSURFACE => {
            let y = s.second_point(x);
            s.dist(m, d, 0, x) - s.dist(m, d, 1, &y)
        }
        COLLISION => {
            let y = s.second_point(x);
            let a = s.dist(m, d, 0, x);
            let b = s.dist(m, d, 1, &y);
            a + b + max(a, b).abs()
        }
        _ => {
            crate::mjerror!("mjc_distance", "SDF type not available");
            0.0
        }
    }
}

/// Gradient of the objective of `s` at `x` (`mjc_gradient`).
pub fn gradient(m: &mjModel, d: &mjData, s: &Sdf, x: &V3) -> V3 {
    match s.kind {
        INTERSECTION => {
            let y = s.second_point(x);
            if s.dist(m, d, 0, x) > s.dist(m, d, 1, &y) {
                s.grad(m, d, 0, x)
            } else {
                mul_mat_t_vec3(&s.relmat, &s.grad(m, d, 1, &y))
            }
        }
        MIDSURFACE => {
            let y = s.second_point(x);
            let mut g1 = s.grad(m, d, 0, x);
            normalize3(&mut g1);
            let mut g2 = mul_mat_t_vec3(&s.relmat, &s.grad(m, d, 1, &y));
            normalize3(&mut g2);
            let mut g = [g1[0] - g2[0], g1[1] - g2[1], g1[2] - g2[2]];
            normalize3(&mut g);
            g
        }
        COLLISION => {
            let y = s.second_point(x);
            let a = s.dist(m, d, 0, x);
            let b = s.dist(m, d, 1, &y);
            let g1 = s.grad(m, d, 0, x);
            let g2 = mul_mat_t_vec3(&s.relmat, &s.grad(m, d, 1, &y));
            let mut g = [g1[0] + g2[0], g1[1] + g2[1], g1[2] + g2[2]];
            let (dir, sign) = (if a > b { &g1 } else { &g2 }, if max(a, b) > 0.0 { 1.0 } else { -1.0 });
            for k in 0..3 {
                g[k] += dir[k] * sign;
            }
            g
        }
        SINGLE => s.grad(m, d, 0, x),
        _ => {
            crate::mjerror!("mjc_gradient", "SDF type not available");
            [0.0; 3]
        }
    }
}

/// The SDF plugin of geom `g` (`mjc_getSDF`); None after mju_error when its slot holds no
/// plugin, the plugin after mju_error when it lacks the SDF capability.
pub fn get_sdf(m: &mjModel, g: usize) -> Option<&'static mjpPlugin> {
    let instance = m.geom_plugin()[g];
    let slot = m.plugin()[instance as usize];
    // SAFETY: plugin_at_slot gives null or a registered plugin, which is leaked when registered
    // and never changed or freed (runtime::plugin), so it lives for the whole process
    let Some(p) = (unsafe { crate::runtime::plugin::plugin_at_slot(slot).as_ref() }) else {
        crate::mjerror!("mjc_getSDF", "invalid plugin slot: {}", slot);
        return None;
    };
    if p.capabilityflags & mjtPluginCapabilityBit_::mjPLUGIN_SDF as i32 == 0 {
        crate::mjerror!("mjc_getSDF", "Plugin is not a signed distance field at slot {}", slot);
    }
    Some(p)
}

//---------------------------------------- narrowphase --------------------------------------------

/// Pose of frame 1 in frame 2: `(pos2, quat2)^-1 * (pos1, quat1)`, with the rotation as a matrix.
fn map_pose(pos1: &V3, quat1: &[f64; 4], pos2: &V3, quat2: &[f64; 4]) -> (V3, [f64; 9]) {
    let (negpos, negquat) = neg_pose(pos2, quat2);
    let (pos, quat) = mul_pose(&negpos, &negquat, pos1, quat1);
    (pos, quat2mat(&quat))
}

/// Iterated backtracking gradient descent on the objective of `s` from `x`; returns the last
/// objective value (mjMAXVAL on a non-finite gradient).
fn step_gradient(x: &mut V3, m: &mjModel, d: &mjData, s: &Sdf, niter: i32) -> f64 {
    const C: f64 = 0.1;
    const RHO: f64 = 0.5;
    const AMIN: f64 = 1e-4;
    let mut dist = mjMAXVAL;
    for _ in 0..niter {
        let mut alpha = 2.0;
        let grad = gradient(m, d, s, x);
        if grad.iter().any(|&g| g.is_nan() || !(-mjMAXVAL..=mjMAXVAL).contains(&g)) {
            return mjMAXVAL;
        }
        let x0 = *x;
        let dist0 = distance(m, d, s, &x0);
        let mut wolfe = -C * alpha * dot3(&grad, &grad);
        loop {
            alpha *= RHO;
            wolfe *= RHO;
            for k in 0..3 {
                x[k] = x0[k] + grad[k] * -alpha;
            }
            dist = distance(m, d, s, x);
            if !(alpha > AMIN && dist - dist0 > wolfe) {
                break;
            }
        }
        if dist0 < dist {
            return dist;
        }
    }
    dist
}

/// Height field against SDF: not handled upstream either (a warning, no contacts).
pub fn hfield_sdf(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize {
    crate::mjwarning!("HField vs SDF collision not yet supported!");
    0
}

/// Geom `g1` (any type but plane and height field) against SDF geom `g2` (`mjc_SDF`,
/// `mjc_MeshSDF`): `opt.sdf_initpoints` Halton points in the overlap of the two bounding boxes
/// descend the collision objective, are projected on the intersection and become contacts on
/// the midsurface when penetrating.
pub fn sdf(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, _margin: f64) -> usize {
    let types = m.geom_type();
    if types[g2] != mjGEOM_SDF as i32 {
        crate::mjerror!("mjc_SDF", "geom is not an SDF");
    }
    let DataRef { geom_xpos: xpos, geom_xmat: xmat, plugin_data, .. } = d.arrays(m);
    let (pos1, pos2) = (v3(xpos, g1), v3(xpos, g2));
    let quat1 = mat2quat(v9(xmat, g1));
    let quat2 = mat2quat(v9(xmat, g2));
    let (offset2, rotation2) = map_pose(pos1, &quat1, pos1, &quat1);
    let (offset21, rotation21) = map_pose(pos2, &quat2, pos1, &quat1);
    let (offset12, rotation12) = map_pose(pos1, &quat1, pos2, &quat2);

    // bounding boxes of both geoms in the frame of g1, and their overlap
    let (size1, size2) = (v6(m.geom_aabb(), g1), v6(m.geom_aabb(), g2));
    let mut box1 = [mjMAXVAL, mjMAXVAL, mjMAXVAL, -mjMAXVAL, -mjMAXVAL, -mjMAXVAL];
    let mut box2 = box1;
    for i in 0..8 {
        let corner = |s: &[f64; 6], k: usize, bit: usize| if i & bit != 0 { s[k] + s[k + 3] } else { s[k] - s[k + 3] };
        let c1 = [corner(size1, 0, 1), corner(size1, 1, 2), corner(size1, 2, 4)];
        let mut c2 = mul_mat_vec3(&rotation21, &[corner(size2, 0, 1), corner(size2, 1, 2), corner(size2, 2, 4)]);
        add_to3(&mut c2, &offset21);
        for k in 0..3 {
            box1[k] = min(box1[k], c1[k]);
            box1[3 + k] = max(box1[3 + k], c1[k]);
            box2[k] = min(box2[k], c2[k]);
            box2[3 + k] = max(box2[3 + k], c2[k]);
        }
    }
    let mut aabb = [0.0; 6];
    for k in 0..3 {
        aabb[k] = max(box1[k], box2[k]);
        aabb[3 + k] = min(box1[3 + k], box2[3 + k]);
    }
    if aabb[3] < aabb[0] || aabb[4] < aabb[1] || aabb[5] < aabb[2] {
        return 0;
    }

    // object 0 is the SDF geom g2, object 1 is g1
    let plugin2 = m.geom_plugin()[g2];
    let sdf2 = if plugin2 == -1 { None } else { get_sdf(m, g2) };
    let (mut id1, mut sdf1) = (g1 as i32, None);
    if types[g1] == mjGEOM_SDF as i32 {
        id1 = m.geom_plugin()[g1];
        if id1 != -1 {
            sdf1 = get_sdf(m, g1);
        }
    }
    let dmut = d as *const mjData as *mut mjData;
    if let Some(reset) = sdf2.and_then(|p| p.reset) {
        // SAFETY: the plugin's reset gets its instance's data pointer and id as upstream
        // passes them (mjpPlugin contract), with no state array
        unsafe { reset(m, core::ptr::null_mut(), plugin_data[plugin2 as usize] as *mut c_void, plugin2) };
    }
    let dataid = m.geom_dataid();
    let mut s = Sdf {
        plugin: [sdf2, sdf1],
        id: [if plugin2 == -1 { dataid[g2] } else { plugin2 }, if id1 == -1 { dataid[g1] } else { id1 }],
        geomtype: [types[g2], types[g1]],
        kind: COLLISION,
        relpos: offset21,
        relmat: rotation21,
    };

    let mut points = [[0.0; 3]; mjMAXCONPAIR];
    let mut cnt = 0;
    for j in 0..m.opt.sdf_initpoints {
        let x0 = [
            aabb[0] + (aabb[3] - aabb[0]) * halton(j, 2),
            aabb[1] + (aabb[4] - aabb[1]) * halton(j, 3),
            aabb[2] + (aabb[5] - aabb[2]) * halton(j, 5),
        ];
        let mut y = mul_mat_vec3(&rotation2, &x0);
        add_to3(&mut y, &offset2);
        let mut x = mul_mat_vec3(&rotation12, &y);
        add_to3(&mut x, &offset12);

        if let Some(compute) = sdf2.and_then(|p| p.compute) {
            // SAFETY: the plugin's compute gets the model and the data as upstream passes them
            // (mjpPlugin contract: from the narrowphase it touches only its own instance's
            // state and data, which no Rust borrow of this call covers); s.id[0] is its instance
            unsafe { compute(m, dmut, s.id[0], mjtPluginCapabilityBit_::mjPLUGIN_SDF as i32) };
        }

        // descend the collision objective, then project onto the intersection
        s.kind = COLLISION;
        step_gradient(&mut x, m, d, &s, m.opt.sdf_iterations);
        s.kind = INTERSECTION;
        let dist = step_gradient(&mut x, m, d, &s, 1);

        // contact on the midsurface where both fields are equal
        s.kind = MIDSURFACE;
        if dist > 0.0 || points[..cnt].iter().any(|p| dist3(&x, p) < mjMINVAL) {
            continue;
        }
        if cnt == con.len() {
            crate::mjerror!("mjc_SDF", "too many contact points");
            return cnt;
        }
        points[cnt] = x;
        let g = gradient(m, d, &s, &x);
        let c = &mut con[cnt];
        c.dist = dist;
        let normal = rot_vec_quat(&[-g[0], -g[1], -g[2]], &quat2);
        let mut frame = [normal[0], normal[1], normal[2], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        super::make_frame(&mut frame);
        c.frame = frame;
        let half = -c.dist / 2.0;
        let vec = [frame[0] * half, frame[1] * half, frame[2] * half];
        let mut pos = rot_vec_quat(&x, &quat2);
        add_to3(&mut pos, pos2);
        add_to3(&mut pos, &vec);
        c.pos = pos;
        cnt += 1;
    }
    cnt
}
