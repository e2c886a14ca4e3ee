//! Ray casting against the model's geoms (`mj_ray`, `mj_multiRay`), meshes (BVH traversal),
//! height fields and flexes.
//!
//! Primitive geoms use the intersections of [`crate::math::ray`]; SDF geoms are ray-marched
//! through their distance field.

use super::{v3, v9};
use crate::abi::mjtGeom_::*;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::math::blas::{add3, add_scl3, dist3, dot3, mul_mat_t_vec3, mul_mat_vec3, norm3, normalize3, scl3, sub3};
use crate::math::ray::{
    box_of_bounds, multi_ray_prepare, normal_plane_basis, points_bounds, project_normal_plane, ray_box, ray_geom,
    ray_slab, ray_triangle, ray_triangle_projected, RayGeoms, EYE3,
};
use crate::math::spatial::{quat2mat, quat_z2vec};
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

type V3 = [f64; 3];

const GEOM_MESH: i32 = mjGEOM_MESH as i32;
const GEOM_HFIELD: i32 = mjGEOM_HFIELD as i32;
const GEOM_SDF: i32 = mjGEOM_SDF as i32;

/// Whether geom `g` is skipped: on the excluded body, invisible (alpha 0 of its rgba or its
/// material), static while `flg_static` is off, or in a group switched off in `geomgroup`.
fn excluded(m: &mjModel, g: usize, geomgroup: Option<&[u8]>, flg_static: bool, bodyexclude: i32) -> bool {
    let body = m.geom_bodyid()[g];
    if body == bodyexclude {
        return true;
    }
    let matid = m.geom_matid()[g];
    if matid < 0 && m.geom_rgba()[4 * g + 3] == 0.0 {
        return true;
    }
    if matid >= 0 && m.mat_rgba()[4 * matid as usize + 3] == 0.0 {
        return true;
    }
    if !flg_static && m.body_weldid()[body as usize] == 0 {
        return true;
    }
    match geomgroup {
        None => false,
        Some(groups) => {
            let group = m.geom_group()[g].clamp(0, mjNGROUP as i32 - 1) as usize;
            groups[group] == 0
        }
    }
}

/// Distance along the ray to geom `g` (-1 on a miss).
fn geom_hit(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3) -> f64 {
    match m.geom_type()[g] {
        GEOM_MESH => ray_mesh(m, d, g, pnt, vec, None),
        GEOM_HFIELD => ray_hfield(m, d, g, pnt, vec),
        GEOM_SDF => ray_sdf(m, d, g, pnt, vec),
        t => {
            let dr = d.arrays(m);
            ray_geom(v3(dr.geom_xpos, g), v9(dr.geom_xmat, g), v3(m.geom_size(), g), pnt, vec, t, None)
        }
    }
}

/// Ray against SDF geom `g`: rejected by the geom's box, then marched along the unit local
/// direction by the field's value, at most 40 steps, until the value is below 1e-7.
fn ray_sdf(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3) -> f64 {
    use crate::engine::collision::sdf;
    const MIN_DIST: f64 = 1e-7;
    let dr = d.arrays(m);
    let (xpos, xmat) = (v3(dr.geom_xpos, g), v9(dr.geom_xmat, g));
    if ray_box(xpos, xmat, v3(m.geom_size(), g), pnt, vec, None, None) < 0.0 {
        return -1.0;
    }
    let instance = m.geom_plugin()[g];
    let plugin = if instance == -1 { None } else { sdf::get_sdf(m, g) };
    let reset_fn = plugin.and_then(|p| p.reset);
    let reset = || {
        if let Some(reset) = reset_fn {
            let state = dr.plugin_data[instance as usize] as *mut core::ffi::c_void;
            // SAFETY: the plugin's reset is foreign code called as upstream calls it here: the
            // model, no plugin state, and the instance's plugin data
            unsafe { reset(m, core::ptr::null_mut(), state, instance) };
        }
    };
    let field = sdf::Sdf {
        plugin: [plugin, None],
        id: [if instance == -1 { m.geom_dataid()[g] } else { instance }, 0],
        geomtype: [GEOM_SDF, 0],
        kind: mjtSDFType_::mjSDFTYPE_SINGLE as i32,
        relpos: [0.0; 3],
        relmat: [0.0; 9],
    };
    reset();
    let (lpnt, mut lvec) = geom_local(m, d, g, pnt, vec);
    normalize3(&mut lvec);
    let mut total = 0.0;
    for _ in 0..40 {
        let p = add_scl3(&lpnt, &lvec, total);
        let dist = sdf::distance(m, d, &field, &p);
        total += dist;
        if dist.abs() < MIN_DIST {
            return total;
        }
        if dist > 1e6 {
            break;
        }
    }
    reset();
    -1.0
}

/// The ray in the frame of geom `g`: `(R'(pnt - p), R'vec)`.
fn geom_local(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3) -> (V3, V3) {
    let dr = d.arrays(m);
    let mat = v9(dr.geom_xmat, g);
    let dif = sub3(pnt, v3(dr.geom_xpos, g));
    (mul_mat_t_vec3(mat, &dif), mul_mat_t_vec3(mat, vec))
}

/// Mesh vertex `i` (float, widened).
fn mesh_vertex(vert: &[f32], i: usize) -> V3 {
    match vert.get(3 * i..3 * i + 3) {
        Some(v) => [v[0] as f64, v[1] as f64, v[2] as f64],
        None => [0.0; 3],
    }
}

/// `bvh_active` of `d` as bytes that rays may mark through shared data (upstream's
/// `mju_rayTree` writes them through its `const mjData*`, and `mj_ray` may run on the same data
/// from several threads at once).
fn bvh_active_marks<'a>(m: &mjModel, d: &'a mjData) -> &'a [AtomicU8] {
    if d.bvh_active.is_null() {
        return &[];
    }
    // SAFETY: bvh_active addresses nbvh bytes of the data's buffer (data::make), valid for the
    // borrow of d; AtomicU8 has u8's size and alignment, and while d is shared the engine reads
    // or writes these bytes only through this atomic view (no &mut to them can exist)
    unsafe { core::slice::from_raw_parts(d.bvh_active as *const AtomicU8, m.nbvh.max(0) as usize) }
}

/// Ray against the triangles of mesh geom `g` through the mesh's bounding volume hierarchy
/// (`mju_rayTree`); nodes whose boxes the ray crosses are marked in `bvh_active` when the model
/// asks for it. `normal`, if given, receives the world-frame normal of the triangle hit.
fn ray_tree(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3, mut normal: Option<&mut V3>) -> f64 {
    if let Some(n) = normal.as_deref_mut() {
        *n = [0.0; 3];
    }
    let mark_active = m.vis.global.bvactive != 0;
    let meshid = m.geom_dataid()[g];
    if meshid < 0 || meshid >= m.nmesh {
        crate::mjerror!("mju_rayTree", "mesh id of geom {} is -1", meshid);
        return -1.0;
    }
    let meshid = meshid as usize;
    let bvhadr = m.mesh_bvhadr()[meshid].max(0) as usize;
    let faceadr = m.mesh_faceadr()[meshid].max(0) as usize;
    let vertadr = m.mesh_vertadr()[meshid].max(0) as usize;
    let (nodeid, child) = (&m.bvh_nodeid()[bvhadr..], &m.bvh_child()[2 * bvhadr..]);
    let aabb = &m.bvh_aabb()[6 * bvhadr..];
    let (mesh_face, mesh_vert) = (m.mesh_face(), m.mesh_vert());
    // this mesh's nodes of bvh_active (a child index outside its tree marks nothing)
    let active: &[AtomicU8] = if mark_active {
        let all = bvh_active_marks(m, d);
        let end = (bvhadr + m.mesh_bvhnum()[meshid].max(0) as usize).min(all.len());
        if let Some(marks) = crate::data::bvh_marks::bvh_marks(d) {
            marks.mesh.widen(bvhadr.min(end), end);
        }
        &all[bvhadr.min(end)..end]
    } else {
        &[]
    };
    let dr = d.arrays(m);
    let xpos = v3(dr.geom_xpos, g);
    let xmat = v9(dr.geom_xmat, g);

    let (lpnt, lvec) = geom_local(m, d, g, pnt, vec);
    let (b0, b1) = normal_plane_basis(&lvec);

    let mut stack = [0usize; mjMAXTREEDEPTH];
    let mut nstack = 1;
    let mut x = -1.0;
    let mut nrm_local = [0.0; 3];
    while nstack > 0 {
        nstack -= 1;
        let node = stack[nstack];
        let Some(bv) = aabb.get(6 * node..6 * node + 6) else { continue };
        if !ray_slab(bv, xpos, xmat, pnt, vec) {
            continue;
        }

        // leaf: one triangle
        if nodeid[node] != -1 {
            let f = 3 * (nodeid[node] as usize + faceadr);
            let mut v = [[0.0; 3]; 3];
            for (vi, &id) in v.iter_mut().zip(&mesh_face[f..f + 3]) {
                *vi = mesh_vertex(mesh_vert, id as usize + vertadr);
            }
            let want = normal.is_some();
            let sol = ray_triangle(&v, &lpnt, &lvec, &b0, &b1, if want { Some(&mut nrm_local) } else { None });
            if sol >= 0.0 && (x < 0.0 || sol < x) {
                x = sol;
                if let Some(n) = normal.as_deref_mut() {
                    *n = nrm_local;
                }
                if let Some(a) = active.get(node) {
                    a.store(1, Relaxed);
                }
            }
            continue;
        }

        if let Some(a) = active.get(node) {
            a.store(1, Relaxed);
        }
        for &c in &child[2 * node..2 * node + 2] {
            if c != -1 {
                if nstack >= mjMAXTREEDEPTH {
                    crate::mjerror!("mju_rayTree", "BVH stack depth exceeded in geom {}.", g);
                    return x;
                }
                stack[nstack] = c as usize;
                nstack += 1;
            }
        }
    }

    if x >= 0.0 {
        if let Some(n) = normal {
            *n = mul_mat_vec3(xmat, n);
        }
    }
    x
}

/// Ray against mesh geom `g` (`mj_rayMeshNormal`): the geom's bounding box first, then the
/// triangles; returns the distance or -1 and, if `normal` is given, the unit normal of the
/// triangle hit (zero on a miss). `d` is data made for `m`, with current geom poses.
pub fn ray_mesh(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3, mut normal: Option<&mut V3>) -> f64 {
    if let Some(n) = normal.as_deref_mut() {
        *n = [0.0; 3];
    }
    if m.geom_type()[g] != GEOM_MESH {
        crate::mjerror!("mj_rayMeshNormal", "geom with mesh type expected");
        return -1.0;
    }
    let dr = d.arrays(m);
    let (xpos, xmat) = (v3(dr.geom_xpos, g), v9(dr.geom_xmat, g));
    if ray_box(xpos, xmat, v3(m.geom_size(), g), pnt, vec, None, None) < 0.0 {
        return -1.0;
    }
    ray_tree(m, d, g, pnt, vec, normal)
}

/// `(int)floor(x)` as x86-64 C computes it: out-of-range values and NaN give `i32::MIN`.
fn c_int_of(x: f64) -> i32 {
    if (-2147483648.0..2147483648.0).contains(&x) {
        x as i32
    } else {
        i32::MIN
    }
}

/// `mju_round`: nearest integer, halves rounded up.
fn round_half_up(x: f64) -> i32 {
    let (lo, hi) = (x.floor(), x.ceil());
    c_int_of(if x - lo < hi - x { lo } else { hi })
}

/// `mjMAX(a, b)` / `mjMIN(a, b)` with C's comparison semantics.
#[inline]
fn cmax<T: PartialOrd>(a: T, b: T) -> T {
    if a > b {
        a
    } else {
        b
    }
}
#[inline]
fn cmin<T: PartialOrd>(a: T, b: T) -> T {
    if a < b {
        a
    } else {
        b
    }
}

/// Columns `c0..c1` (within `cmin..cmax`) of grid row `r` whose cells the ray's horizontal
/// projection passes within `tol` of. A triangle the ray hits lies on the ray's line, so its
/// cell's footprint meets the line's projection (projection onto the plane cannot increase
/// distances); with `tol` far above the rounding of the triangle test, skipping the other
/// cells leaves the result unchanged.
#[allow(clippy::too_many_arguments)]
fn hfield_row_columns(
    lpnt: &V3,
    lvec: &V3,
    size: &[f64; 4],
    dx: f64,
    dy: f64,
    r: i32,
    cmin: i32,
    cmax: i32,
) -> (i32, i32) {
    let full = (cmin, cmax);
    let tol = 1e-6 * (dx + dy) + 1e-9 * (lpnt[0].abs() + lpnt[1].abs() + size[0] + size[1]);
    // the row's band of y, grown by the tolerance
    let ya = dy * r as f64 - size[1] - tol;
    let yb = dy * (r + 1) as f64 - size[1] + tol;
    if lvec[1] == 0.0 {
        if lvec[0] == 0.0 {
            return full;
        }
        // line parallel to the rows
        return if lpnt[1] >= ya && lpnt[1] <= yb { full } else { (cmin, cmin) };
    }
    // x of the line where it crosses the band's edges
    let k = lvec[0] / lvec[1];
    let (da, db) = (k * (ya - lpnt[1]), k * (yb - lpnt[1]));
    let (xa, xb) = (lpnt[0] + da, lpnt[0] + db);
    if !xa.is_finite() || !xb.is_finite() {
        return full;
    }
    let tolx = tol + 1e-9 * (da.abs() + db.abs());
    // cell c spans [c*dx - size[0], (c+1)*dx - size[0]]
    let lo = ((xa.min(xb) - tolx + size[0]) / dx).ceil() - 1.0;
    let hi = ((xa.max(xb) + tolx + size[0]) / dx).floor() + 1.0;
    let (cminf, cmaxf) = (cmin as f64, cmax as f64);
    let lo = lo.max(cminf).min(cmaxf) as i32;
    let hi = hi.max(cminf).min(cmaxf) as i32;
    (lo, hi.max(lo))
}

/// Ray against height-field geom `g`: a solid base box below the geom frame, the two triangles
/// of each grid cell the ray passes over, and the four vertical sides of the elevation box. `d`
/// is data made for `m`, with current geom poses.
pub fn ray_hfield(m: &mjModel, d: &mjData, g: usize, pnt: &V3, vec: &V3) -> f64 {
    if m.geom_type()[g] != GEOM_HFIELD {
        crate::mjerror!("mj_rayHfield", "geom with hfield type expected");
        return -1.0;
    }
    let hid = m.geom_dataid()[g];
    if hid < 0 || hid >= m.nhfield {
        return -1.0;
    }
    let hid = hid as usize;
    let nrow = m.hfield_nrow()[hid];
    let ncol = m.hfield_ncol()[hid];
    let size: &[f64; 4] = m.hfield_size()[4 * hid..4 * hid + 4].try_into().unwrap_or(&[0.0; 4]);
    let data = &m.hfield_data()[m.hfield_adr()[hid].max(0) as usize..];
    let at = |i: i64| -> f64 { usize::try_from(i).ok().and_then(|i| data.get(i)).map_or(0.0, |&h| h as f64) };

    let dr = d.arrays(m);
    let xpos = v3(dr.geom_xpos, g);
    let xmat = v9(dr.geom_xmat, g);
    let zaxis = [xmat[2], xmat[5], xmat[8]];

    // solid base below the frame, and the box holding the elevation surface above it
    let base_size = [size[0], size[1], size[3] * 0.5];
    let base_pos =
        [xpos[0] - zaxis[0] * size[3] * 0.5, xpos[1] - zaxis[1] * size[3] * 0.5, xpos[2] - zaxis[2] * size[3] * 0.5];
    let top_size = [size[0], size[1], size[2] * 0.5];
    let top_pos =
        [xpos[0] + zaxis[0] * size[2] * 0.5, xpos[1] + zaxis[1] * size[2] * 0.5, xpos[2] + zaxis[2] * size[2] * 0.5];

    let mut x = ray_box(&base_pos, xmat, &base_size, pnt, vec, None, None);
    let mut all = [0.0; 6];
    let top = ray_box(&top_pos, xmat, &top_size, pnt, vec, Some(&mut all), None);
    if top < 0.0 {
        return x;
    }

    let (lpnt, lvec) = geom_local(m, d, g, pnt, vec);
    let (b0, b1) = normal_plane_basis(&lvec);

    // stretch of the ray inside the top box
    let mut seg = [0.0, top];
    for &a in &all {
        if a > seg[1] {
            seg = [top, a];
        }
    }

    // grid cells under that stretch, padded by one
    let dx = (2.0 * size[0]) / (ncol - 1) as f64;
    let dy = (2.0 * size[1]) / (nrow - 1) as f64;
    let sx = seg.map(|t| (lpnt[0] + t * lvec[0] + size[0]) / dx);
    let sy = seg.map(|t| (lpnt[1] + t * lvec[1] + size[1]) / dy);
    let cmin_ = cmax(0, c_int_of(cmin(sx[0], sx[1]).floor()).wrapping_sub(1));
    let cmax_ = cmin(ncol - 1, c_int_of(cmax(sx[0], sx[1]).ceil()).wrapping_add(1));
    let rmin_ = cmax(0, c_int_of(cmin(sy[0], sy[1]).floor()).wrapping_sub(1));
    let rmax_ = cmin(nrow - 1, c_int_of(cmax(sy[0], sy[1]).ceil()).wrapping_add(1));

    let (nc, sz) = (ncol as i64, size[2]);
    let corner = |r: i32, c: i32| -> V3 {
        [dx * c as f64 - size[0], dy * r as f64 - size[1], at(r as i64 * nc + c as i64) * sz]
    };
    // cell (r, c) holds the triangles (r,c) (r+1,c+1) (r,c+1) and (r,c) (r+1,c+1) (r+1,c);
    // each corner is projected on the ray's normal plane once, carried along the row
    let proj = |p: &V3| project_normal_plane(p, &lpnt, &b0, &b1);
    for r in rmin_..rmax_ {
        let (c0, c1) = hfield_row_columns(&lpnt, &lvec, size, dx, dy, r, cmin_, cmax_);
        if c0 >= c1 {
            continue;
        }
        let (mut v0, mut v1) = (corner(r, c0), corner(r + 1, c0));
        let (mut q0, mut q1) = (proj(&v0), proj(&v1));
        for c in c0..c1 {
            let (w0, w1) = (corner(r, c + 1), corner(r + 1, c + 1));
            let (s0, s1) = (proj(&w0), proj(&w1));
            for (third, pt) in [(w0, s0), (v1, q1)] {
                let sol = ray_triangle_projected(&[v0, w1, third], &[q0, s1, pt], &lpnt, &lvec, None);
                if sol >= 0.0 && (x < 0.0 || sol < x) {
                    x = sol;
                }
            }
            (v0, v1, q0, q1) = (w0, w1, s0, s1);
        }
    }

    // vertical sides of the top box, below the boundary profile
    for (i, &ai) in all.iter().enumerate().take(4) {
        if !(ai >= 0.0 && (ai < x || x < 0.0)) {
            continue;
        }
        let z = (lpnt[2] + ai * lvec[2]) / size[2];
        let (y, y0, z0, z1);
        if i < 2 {
            y = (lpnt[1] + ai * lvec[1] + size[1]) / dy;
            y0 = cmax(0.0, cmin((nrow - 2) as f64, y.floor()));
            let col = if i == 1 { nc - 1 } else { 0 };
            z0 = at(round_half_up(y0) as i64 * nc + col);
            z1 = at(round_half_up(y0 + 1.0) as i64 * nc + col);
        } else {
            y = (lpnt[0] + ai * lvec[0] + size[0]) / dx;
            y0 = cmax(0.0, cmin((ncol - 2) as f64, y.floor()));
            let row = if i == 3 { (nrow as i64 - 1) * nc } else { 0 };
            z0 = at(round_half_up(y0) as i64 + row);
            z1 = at(round_half_up(y0 + 1.0) as i64 + row);
        }
        if z < z0 * (y0 + 1.0 - y) + z1 * (y - y0) {
            x = ai;
        }
    }
    x
}

/// Ray against flex `f` as it is drawn: vertex spheres or edge capsules of the flex radius, and
/// for 2D/3D flexes the element triangles (3D: those of layer `flex_layer`, or the outer layer
/// when `flg_skin`). Returns the distance or -1 and writes the flex-local id of the vertex
/// nearest to the hit into `vertid` (unchanged on a miss). `d` is data made for `m`, with current
/// flex vertex positions.
#[allow(clippy::too_many_arguments)]
pub fn ray_flex(
    m: &mjModel,
    d: &mjData,
    flex_layer: i32,
    flg_vert: bool,
    flg_edge: bool,
    flg_face: bool,
    flg_skin: bool,
    f: usize,
    pnt: &V3,
    vec: &V3,
    mut vertid: Option<&mut i32>,
) -> f64 {
    let dim = m.flex_dim()[f];
    let vertadr = m.flex_vertadr()[f].max(0) as usize;
    let nvert = m.flex_vertnum()[f].max(0) as usize;
    let xpos = d.arrays(m).flexvert_xpos;
    let vert = |i: usize| -> V3 {
        let k = 3 * (vertadr + i);
        xpos.get(k..k + 3).map_or([0.0; 3], |p| [p[0], p[1], p[2]])
    };
    let mut set_vert = |id: i32| {
        if let Some(out) = vertid.as_deref_mut() {
            *out = id;
        }
    };

    // bounding box of the vertices grown by the radius
    let (mut lo, mut hi) = points_bounds((0..nvert).map(vert));
    let radius = m.flex_radius()[f];
    for j in 0..3 {
        lo[j] -= radius;
        hi[j] += radius;
    }
    let (pos, size) = box_of_bounds(&lo, &hi);
    if ray_box(&pos, &EYE3, &size, pnt, vec, None, None) < 0.0 {
        return -1.0;
    }
    let (b0, b1) = normal_plane_basis(vec);

    let mut x = -1.0;
    let skin_faces = dim > 1 && flg_skin;
    let edge = m.flex_edge();
    if flg_edge || skin_faces {
        let start = m.flex_edgeadr()[f].max(0) as usize;
        for e in start..start + m.flex_edgenum()[f].max(0) as usize {
            let (i1, i2) = (edge[2 * e], edge[2 * e + 1]);
            let (v1, v2) = (vert(i1.max(0) as usize), vert(i2.max(0) as usize));
            let cpos = scl3(&add3(&v1, &v2), 0.5);
            let mut axis = sub3(&v2, &v1);
            let csize = [radius, 0.5 * normalize3(&mut axis), size[2]];
            let cmat = quat2mat(&quat_z2vec(&axis));
            let sol = ray_geom(&cpos, &cmat, &csize, pnt, vec, mjGEOM_CAPSULE as i32, None);
            if sol >= 0.0 && (x < 0.0 || sol < x) {
                x = sol;
                let hit = add_scl3(pnt, vec, sol);
                set_vert(if dist3(&v1, &hit) < dist3(&v2, &hit) { i1 } else { i2 });
            }
        }
    } else if flg_vert {
        let vsize = [radius, size[1], size[2]];
        for v in 0..nvert {
            let sol = ray_geom(&vert(v), &EYE3, &vsize, pnt, vec, mjGEOM_SPHERE as i32, None);
            if sol >= 0.0 && (x < 0.0 || sol < x) {
                x = sol;
                set_vert(v as i32);
            }
        }
    }

    if dim > 1 && (flg_face || flg_skin) {
        const TRI: [[usize; 3]; 4] = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
        let nv = (dim + 1) as usize;
        let elemadr = m.flex_elemadr()[f].max(0) as usize;
        let dataadr = m.flex_elemdataadr()[f].max(0) as usize;
        let (elem, layer) = (m.flex_elem(), m.flex_elemlayer());
        for e in 0..m.flex_elemnum()[f].max(0) as usize {
            let elayer = layer[elemadr + e];
            if dim == 3 && ((flg_skin && elayer > 0) || (!flg_skin && elayer != flex_layer)) {
                continue;
            }
            let edata = &elem[dataadr + e * nv..dataadr + (e + 1) * nv];
            for tri in &TRI[..if dim == 2 { 1 } else { 4 }] {
                let v = tri.map(|k| vert(edata[k].max(0) as usize));
                let sol = ray_triangle(&v, pnt, vec, &b0, &b1, None);
                if sol >= 0.0 && (x < 0.0 || sol < x) {
                    x = sol;
                    let hit = add_scl3(pnt, vec, sol);
                    let dd = v.map(|p| dist3(&p, &hit));
                    let k = if dd[0] <= dd[1] && dd[0] <= dd[2] {
                        0
                    } else if dd[1] <= dd[2] {
                        1
                    } else {
                        2
                    };
                    set_vert(edata[tri[k]]);
                }
            }
        }
    }
    x
}

/// Nearest intersection of the ray `pnt + x*vec` (x >= 0) with the geoms that pass the filters
/// (see `excluded`); returns the distance x, or -1 when nothing is hit, and the geom hit (or
/// -1) in `geomid`. `d` is data made for `m`, with current geom poses.
#[allow(clippy::too_many_arguments)]
pub fn ray(
    m: &mjModel,
    d: &mjData,
    pnt: &[f64; 3],
    vec: &[f64; 3],
    geomgroup: Option<&[u8]>,
    flg_static: bool,
    bodyexclude: i32,
    mut geomid: Option<&mut i32>,
) -> f64 {
    if norm3(vec) < mjMINVAL {
        crate::mjerror!("mj_ray", "vector length is too small");
    }
    let mut dist = -1.0;
    if let Some(id) = geomid.as_deref_mut() {
        *id = -1;
    }
    for g in 0..m.ngeom as usize {
        if excluded(m, g, geomgroup, flg_static, bodyexclude) {
            continue;
        }
        let x = geom_hit(m, d, g, pnt, vec);
        if x >= 0.0 && (x < dist || dist < 0.0) {
            dist = x;
            if let Some(id) = geomid.as_deref_mut() {
                *id = g as i32;
            }
        }
    }
    dist
}

/// Bodies whose ray-independent culling terms [`multi_ray`] prepares at a time (machine stack).
const RAY_BODY_CHUNK: usize = 64;

/// A body's bounding-sphere terms for rays from one point: `dif` = point - centre and
/// `c` = |dif|^2 - r^2, computed as upstream's sphere test computes them for each ray.
#[derive(Clone, Copy, Default)]
struct BodyCull {
    body: usize,
    bv: bool,
    dif: [f64; 3],
    c: f64,
}

impl BodyCull {
    /// Upstream's sphere test for the ray along `v` (`a` = |v|^2): whether its quadratic has a
    /// non-negative root. Bodies without a BVH are never culled.
    fn passes(&self, v: &[f64; 3], a: f64) -> bool {
        if !self.bv {
            return true;
        }
        let b = dot3(v, &self.dif);
        let det = b * b - a * self.c;
        if det < 0.0 || a < mjMINVAL {
            return false;
        }
        let det = det.sqrt();
        (-b - det) / a >= 0.0 || (-b + det) / a >= 0.0
    }
}

/// Casts `nray` rays from the common point `pnt` along the rows of `vec` (nray x 3), with the
/// filters of [`ray`] plus a distance `cutoff` beyond which geoms are skipped; writes each ray's
/// distance (-1: miss) and geom id (-1: none).
///
/// Upstream's culling per ray: a body's bounding sphere (the root box of its BVH), then each
/// geom's angular bounds as seen from `pnt`. Everything about a body that does not depend on
/// the ray is prepared once per call, for up to `RAY_BODY_CHUNK` bodies at a time, and a ray's
/// angles are computed only once one of its sphere tests passes. Each ray still meets the bodies
/// and geoms in upstream's order with the same arithmetic, so distances, ties and ids are
/// upstream's. `d` is data made for `m`, with current geom poses.
#[allow(clippy::too_many_arguments)]
pub fn multi_ray(
    m: &mjModel,
    d: &mut mjData,
    pnt: &[f64; 3],
    vec: &[f64],
    geomgroup: Option<&[u8]>,
    flg_static: bool,
    bodyexclude: i32,
    geomid: &mut [i32],
    dist: &mut [f64],
    nray: usize,
    cutoff: f64,
) {
    let (ngeom, nbody) = (m.ngeom as usize, m.nbody as usize);
    with_frame(d, |d, f| {
        let geom_ba = f.nums(d, 4 * ngeom);
        let eliminate = f.ints(d, ngeom);
        let d: &mjData = d;
        let dr = d.arrays(m);

        let geoms = RayGeoms {
            nbody,
            ngeom,
            geom_bodyid: m.geom_bodyid(),
            geom_matid: m.geom_matid(),
            geom_group: m.geom_group(),
            geom_rgba: m.geom_rgba(),
            mat_rgba: m.mat_rgba(),
            geom_aabb: m.geom_aabb(),
            geom_rbound: m.geom_rbound(),
            body_weldid: m.body_weldid(),
            body_bvhadr: m.body_bvhadr(),
            body_geomnum: m.body_geomnum(),
            body_geomadr: m.body_geomadr(),
            geom_xpos: dr.geom_xpos,
            geom_xmat: dr.geom_xmat,
        };
        multi_ray_prepare(&geoms, pnt, geomgroup, flg_static, bodyexclude, cutoff, geom_ba, eliminate);

        // upstream checks each ray's length when it reaches it: the rays before the first short
        // one are cast in full, then the error is raised (before that ray's outputs are written)
        let ncast = (0..nray).find(|&i| norm3(v3(vec, i)) < mjMINVAL).unwrap_or(nray);
        dist[..ncast].fill(-1.0);
        geomid[..ncast].fill(-1);

        let (bvhadr, geomadr, geomnum) = (m.body_bvhadr(), m.body_geomadr(), m.body_geomnum());
        let (bvh_aabb, xipos) = (m.bvh_aabb(), dr.xipos);
        let body_geoms = |b: usize| {
            let start = geomadr[b].max(0) as usize;
            start..start + geomnum[b].max(0) as usize
        };
        let mut cull = [BodyCull::default(); RAY_BODY_CHUNK];
        for b0 in (0..nbody).step_by(RAY_BODY_CHUNK) {
            // bodies with a geom left after the filters, with their sphere terms
            let mut nlive = 0;
            for b in b0..(b0 + RAY_BODY_CHUNK).min(nbody) {
                if body_geoms(b).all(|g| eliminate[g] != 0) {
                    continue;
                }
                let mut bc = BodyCull { body: b, bv: bvhadr[b] != -1, ..Default::default() };
                if bc.bv {
                    let aabb = &bvh_aabb[6 * bvhadr[b] as usize..6 * bvhadr[b] as usize + 6];
                    let (center, size) = (add3(v3(aabb, 0), v3(xipos, b)), v3(aabb, 1));
                    bc.dif = sub3(pnt, &center);
                    bc.c = dot3(&bc.dif, &bc.dif) - dot3(size, size);
                }
                cull[nlive] = bc;
                nlive += 1;
            }
            for i in 0..ncast {
                let v = v3(vec, i);
                let a = dot3(v, v);
                let mut angles: Option<(f64, f64)> = None;
                let (mut di, mut gi) = (dist[i], geomid[i]);
                for bc in cull[..nlive].iter().filter(|bc| bc.passes(v, a)) {
                    for g in body_geoms(bc.body).filter(|&g| eliminate[g] == 0) {
                        if bc.bv {
                            let (azimuth, elevation) = *angles.get_or_insert_with(|| {
                                (v[1].atan2(v[0]), (v[0] * v[0] + v[1] * v[1]).sqrt().atan2(v[2]))
                            });
                            let ba = &geom_ba[4 * g..4 * g + 4];
                            if azimuth < ba[0] || elevation < ba[1] || azimuth > ba[2] || elevation > ba[3] {
                                continue;
                            }
                        }
                        let x = geom_hit(m, d, g, pnt, v);
                        if x >= 0.0 && (x < di || di < 0.0) {
                            di = x;
                            gi = g as i32;
                        }
                    }
                }
                dist[i] = di;
                geomid[i] = gi;
            }
        }
        if ncast < nray {
            // upstream's message names its per-ray function
            crate::mjerror!("mju_singleRay", "vector length is too small");
        }
    })
}
