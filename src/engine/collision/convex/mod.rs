//! Convex narrowphase: the general convex pair function, plane-convex and
//! convex-height-field, and the CCD driving they share: upstream's
//! `engine_collision_convex.c` (native CCD path). The convex object with its support
//! functions is in `object.rs`, the analytic normal fix in `normal.rs`; the flex element
//! variants are in `convex_flex.rs`.

mod normal;
mod object;

pub use normal::fix_normal;
use object::{dot3f, mesh_arrays, vf, MeshGraph};
pub use object::{CcdObj, MESH_HILLCLIMB_MIN};
pub(crate) use object::{CenterMode, Kind, SupportFn};

use super::gjk::{ccd, with_status, CcdConfig, EpaMemory};
use super::libccd::{is_origin, mpr_penetration, MprConfig};
use super::make_frame;
use crate::abi::*;
use crate::engine::{disabled, enabled, v3, v9};
use crate::math::blas::{
    add_to3, add_to_scl3, dist3, dot3, mul_mat_mat3, mul_mat_t_mat3, mul_mat_t_vec3, mul_mat_vec3, normalize3, sub3,
    sub_from3,
};
use crate::math::misc::min;
use crate::math::spatial::{axis_angle2quat, quat2mat};

use mjtDisableBit_::*;
use mjtEnableBit_::*;
use mjtGeom_::*;

/// Elevation data of height field `hid` (rows x columns).
pub(super) fn hfield_heights(m: &mjModel, hid: usize) -> &[f32] {
    let n = (m.hfield_nrow()[hid].max(0) * m.hfield_ncol()[hid].max(0)) as usize;
    let adr = m.hfield_adr()[hid] as usize;
    &m.hfield_data()[adr..adr + n]
}

//------------------------------------------ CCD driving -------------------------------------------

/// Runs native CCD for one pair and writes its contacts (at most `max_contacts`) into `con`
/// (`mjc_CCDIteration`).
pub(super) fn ccd_iteration(
    m: &mjModel,
    d: &mjData,
    obj1: &mut CcdObj,
    obj2: &mut CcdObj,
    con: &mut [mjContact],
    max_contacts: i32,
    margin: f64,
) -> usize {
    if disabled(m, mjDSBL_NATIVECCD) {
        return libccd_iteration(m, obj1, obj2, con, margin);
    }
    let config = CcdConfig {
        max_iterations: m.opt.ccd_iterations,
        tolerance: m.opt.ccd_tolerance,
        max_contacts,
        dist_cutoff: 0.0,
        memory: EpaMemory::Stack(d as *const mjData as *mut mjData),
    };
    with_status(|status| {
        let dist = ccd(&config, status, obj1, obj2);
        if dist.is_nan() || dist >= 0.0 {
            return 0;
        }
        let n = (status.nx.max(0) as usize).min(con.len());
        for (i, c) in con[..n].iter_mut().enumerate() {
            let x1 = v3(&status.x1, i);
            let x2 = v3(&status.x2, i);
            c.dist = margin + dist;
            let mut normal = sub3(x1, x2);
            normalize3(&mut normal);
            c.frame[..3].copy_from_slice(&normal);
            for k in 0..3 {
                c.pos[k] = 0.5 * (x1[k] + x2[k]);
            }
            c.frame[3..6].fill(0.0);
        }
        n
    })
}

/// libccd's settings as upstream fills `ccd_t` from the model options.
fn mpr_config(m: &mjModel) -> MprConfig {
    MprConfig { tolerance: m.opt.ccd_tolerance, max_iterations: m.opt.ccd_iterations as i64 as u64 }
}

/// The libccd half of `mjc_CCDIteration`: one contact by MPR, with the normal fixed for smooth
/// geoms when both objects are geoms.
fn libccd_iteration(m: &mjModel, obj1: &mut CcdObj, obj2: &mut CcdObj, con: &mut [mjContact], margin: f64) -> usize {
    let Some(p) = mpr_penetration(obj1, obj2, &mpr_config(m)) else { return 0 };
    if is_origin(&p.dir) || con.is_empty() {
        return 0;
    }
    let c = &mut con[0];
    c.dist = margin - p.depth;
    c.frame[..3].copy_from_slice(&p.dir);
    c.pos = p.pos;
    c.frame[3..6].fill(0.0);
    if obj1.geom >= 0 && obj2.geom >= 0 {
        fix_normal(m, c, [(obj1.geom as usize, obj1.frame()), (obj2.geom as usize, obj2.frame())]);
    }
    1
}

/// Penetration of two objects by native CCD, or by libccd's MPR when native CCD is disabled
/// (`mjc_penetration`): depth, unit direction from object 2 to object 1 and midpoint, or None
/// without penetration (with MPR, a touching contact gives a zero direction).
pub(super) fn penetration(
    m: &mjModel,
    d: &mjData,
    obj1: &mut CcdObj,
    obj2: &mut CcdObj,
) -> Option<(f64, [f64; 3], [f64; 3])> {
    if disabled(m, mjDSBL_NATIVECCD) {
        return mpr_penetration(obj1, obj2, &mpr_config(m)).map(|p| (p.depth, p.dir, p.pos));
    }
    let config = CcdConfig {
        max_iterations: m.opt.ccd_iterations,
        tolerance: m.opt.ccd_tolerance,
        max_contacts: 1,
        dist_cutoff: 0.0,
        memory: EpaMemory::Stack(d as *const mjData as *mut mjData),
    };
    with_status(|status| {
        let dist = ccd(&config, status, obj1, obj2);
        if dist < 0.0 {
            let x1 = v3(&status.x1, 0);
            let x2 = v3(&status.x2, 0);
            let mut dir = sub3(x1, x2);
            normalize3(&mut dir);
            let pos = [0.5 * (x1[0] + x2[0]), 0.5 * (x1[1] + x2[1]), 0.5 * (x1[2] + x2[2])];
            Some((-dist, dir, pos))
        } else {
            None
        }
    })
}

/// True when the last of `con[..n]` is farther than `tolerance` from all earlier ones
/// (`mjc_isDistinctContact`).
fn is_distinct_contact(con: &[mjContact], n: usize, tolerance: f64) -> bool {
    let last = &con[n - 1].pos;
    con[..n - 1].iter().all(|c| dist3(&c.pos, last) > tolerance)
}

/// Rotates the frame (`xmat`, `xpos`) by `rot` about the point `origin` (`mju_rotateFrame`).
fn rotate_frame(origin: &[f64; 3], rot: &[f64; 9], xmat: &mut [f64; 9], xpos: &mut [f64; 3]) {
    *xmat = mul_mat_mat3(rot, xmat);
    let rel = sub3(origin, xpos);
    let mut vec = mul_mat_vec3(rot, &rel);
    sub_from3(&mut vec, &rel);
    sub_from3(xpos, &vec);
}

/// Copy of geom `g`'s global position and orientation.
pub(super) fn geom_frame(m: &mjModel, d: &mjData, g: usize) -> ([f64; 3], [f64; 9]) {
    let dr = d.arrays(m);
    (*v3(dr.geom_xpos, g), *v9(dr.geom_xmat, g))
}

/// Contacts one CCD pass can return (`maxContacts`).
fn max_contacts(obj1: &CcdObj, obj2: &CcdObj) -> i32 {
    if obj1.margin > 0.0 || obj2.margin > 0.0 {
        return 1;
    }
    let m = obj1.m;
    let t1 = m.geom_type()[obj1.geom as usize];
    let t2 = m.geom_type()[obj2.geom as usize];
    let (b, me) = (mjGEOM_BOX as i32, mjGEOM_MESH as i32);
    if t1 == b && t2 == b {
        return 8;
    }
    if (t1 == b || t1 == me) && (t2 == b || t2 == me) {
        return if enabled(m, mjENBL_MULTICCD) { 4 } else { 1 };
    }
    1
}

/// General convex pair (`mjc_Convex`); `d` is data made for `m`, `g1`, `g2` geom ids of convex
/// types.
pub fn convex(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let mut obj1 = CcdObj::new(m, d, g1 as i32, margin);
    let mut obj2 = CcdObj::new(m, d, g2 as i32, margin);
    let maxc = max_contacts(&obj1, &obj2);
    let mut ncon = ccd_iteration(m, d, &mut obj1, &mut obj2, con, maxc, margin);

    if !disabled(m, mjDSBL_NATIVECCD) && maxc > 1 {
        return ncon;
    }

    let types = m.geom_type();
    let smooth = |t: i32| t == mjGEOM_ELLIPSOID as i32 || t == mjGEOM_SPHERE as i32;
    if ncon != 1 || !enabled(m, mjENBL_MULTICCD) || smooth(types[g1]) || smooth(types[g2]) {
        return ncon;
    }

    // perturb both geoms by small rotations about the first contact, collect distinct contacts
    let (xpos1, xmat1) = geom_frame(m, d, g1);
    let (xpos2, xmat2) = geom_frame(m, d, g2);

    let mut frame = con[0].frame;
    make_frame(&mut frame);
    let tolerance = 1e-3 * min(m.geom_rbound()[g1], m.geom_rbound()[g2]);
    let axes = [[frame[3], frame[4], frame[5]], [frame[6], frame[7], frame[8]]];
    let origin = con[0].pos;

    for axis in &axes {
        for angle in [-1e-3, 1e-3] {
            let rot = quat2mat(&axis_angle2quat(axis, angle));
            let (mut p1, mut r1) = (xpos1, xmat1);
            rotate_frame(&origin, &rot, &mut r1, &mut p1);
            obj1.set_frame(&p1, &r1);
            let invrot = [rot[0], rot[3], rot[6], rot[1], rot[4], rot[7], rot[2], rot[5], rot[8]];
            let (mut p2, mut r2) = (xpos2, xmat2);
            rotate_frame(&origin, &invrot, &mut r2, &mut p2);
            obj2.set_frame(&p2, &r2);

            if ncon < con.len() {
                let found = ccd_iteration(m, d, &mut obj1, &mut obj2, &mut con[ncon..], 1, margin);
                if found > 0 && is_distinct_contact(con, ncon + 1, tolerance) {
                    con[ncon].dist = con[0].dist;
                    ncon += 1;
                }
            }

            obj1.set_frame(&xpos1, &xmat1);
            obj2.set_frame(&xpos2, &xmat2);
        }
    }
    ncon
}

/// Most contacts a plane-mesh pair gets, and the fraction of the mesh's bounding radius
/// extra contacts must keep from the first one.
const MAX_PLANE_MESH: usize = 3;
const TOL_PLANE_MESH: f64 = 0.3;

/// Writes a plane contact at mesh vertex `vertex` unless it is near `first`
/// (`addplanemesh`); returns the number of contacts added.
#[allow(clippy::too_many_arguments)]
fn add_plane_mesh(
    con: &mut mjContact,
    vertex: [f64; 3],
    pos1: &[f64; 3],
    normal: &[f64; 3],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    first: &[f64; 3],
    rbound: f64,
) -> usize {
    let mut pnt = mul_mat_vec3(mat2, &vertex);
    add_to3(&mut pnt, pos2);
    if dist3(&pnt, first) < TOL_PLANE_MESH * rbound {
        return 0;
    }
    let dif = sub3(&pnt, pos1);
    con.dist = dot3(normal, &dif);
    let mut pos = pnt;
    add_to_scl3(&mut pos, normal, -0.5 * con.dist);
    con.pos = pos;
    con.frame[..3].copy_from_slice(normal);
    con.frame[3..6].fill(0.0);
    1
}

/// Plane `g1` against a convex geom `g2` (`mjc_PlaneConvex`; ids as for [`convex`]).
pub fn plane_convex(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let (pos1, mat1) = geom_frame(m, d, g1);
    let (pos2, mat2) = geom_frame(m, d, g2);
    let normal = [mat1[2], mat1[5], mat1[8]];
    let mut obj = CcdObj::new(m, d, g2 as i32, 0.0);
    let dir = [-mat1[2], -mat1[5], -mat1[8]];
    let vec = obj.support_ccd(&dir);

    let dif = sub3(&vec, &pos1);
    let dist = dot3(&normal, &dif);
    if dist > margin || con.is_empty() {
        return 0;
    }
    con[0].dist = dist;
    let mut p = vec;
    add_to_scl3(&mut p, &normal, -0.5 * dist);
    con[0].pos = p;
    con[0].frame[..3].copy_from_slice(&normal);
    con[0].frame[3..6].fill(0.0);

    let mut count = 1;
    let mesh = m.geom_dataid()[g2];
    if mesh == -1 {
        return count;
    }
    let mesh = mesh as usize;
    // the mesh of the geom's data id even when the geom is a primitive fitted to it (an
    // ellipsoid with fitaabb): upstream scans that mesh's vertices too
    let verts = if obj.mesh_verts().is_empty() { mesh_arrays(m, g2, false).0 } else { obj.mesh_verts() };
    let locdir = mul_mat_t_vec3(&mat2, &dir);
    let threshold = dot3(&normal, &sub3(&pos2, &pos1)) - margin;
    let first = con[0].pos;
    let rbound = m.geom_rbound()[g2];
    let cap = MAX_PLANE_MESH.min(con.len());
    let vdot = |i: usize| dot3f(&locdir, &verts[i]);

    if m.mesh_graphadr()[mesh] < 0 {
        for i in 0..verts.len() {
            if count >= cap {
                break;
            }
            if vdot(i) > threshold && i as i32 != obj.meshindex {
                count += add_plane_mesh(&mut con[count], vf(&verts[i]), &pos1, &normal, &pos2, &mat2, &first, rbound);
            }
        }
    } else if obj.meshindex >= 0 {
        let graph = MeshGraph::new(m, mesh).unwrap_or(MeshGraph::EMPTY);
        for loc in graph.neighbours(obj.meshindex) {
            if count >= cap {
                break;
            }
            let v = graph.globalid[loc as usize] as usize;
            if vdot(v) > threshold {
                count += add_plane_mesh(&mut con[count], vf(&verts[v]), &pos1, &normal, &pos2, &mat2, &first, rbound);
            }
        }
    }
    count
}

/// Height field `g1` against a convex geom `g2` (`mjc_ConvexHField`): CCD against every
/// triangular prism of the grid under the geom's bounding box (ids as for [`convex`]).
pub fn convex_hfield(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let (pos1, mat1) = geom_frame(m, d, g1);
    let (savepos2, savemat2) = geom_frame(m, d, g2);
    let hid = m.geom_dataid()[g1] as usize;
    let nrow = m.hfield_nrow()[hid];
    let ncol = m.hfield_ncol()[hid];
    let hs = &m.hfield_size()[4 * hid..4 * hid + 4];
    let (size0, size1, size2, size3) = (hs[0], hs[1], hs[2], hs[3]);

    // bounding sphere of geom 2 against the height field's box
    let rel = [savepos2[0] - pos1[0], savepos2[1] - pos1[1], savepos2[2] - pos1[2]];
    let pos = mul_mat_t_vec3(&mat1, &rel);
    let radius = m.geom_rbound()[g2] + margin;
    if size0 < pos[0] - radius
        || -size0 > pos[0] + radius
        || size1 < pos[1] - radius
        || -size1 > pos[1] + radius
        || size2 < pos[2] - radius
        || -size3 > pos[2] + radius
    {
        return 0;
    }

    let mut prism = [[0.0; 3]; 6];
    let mut obj1 = CcdObj::new(m, d, g1 as i32, 0.0);
    obj1.prism = Some(&mut prism);
    let mut obj2 = CcdObj::new(m, d, g2 as i32, 0.0);

    // express geom 2 in the height field's frame for the rest of the test (upstream moves the
    // geom in mjData and back; the object's copy of the frame is moved here)
    let mat = mul_mat_t_mat3(&mat1, &savemat2);
    obj2.set_frame(&pos, &mat);

    let mut ext = [0.0; 6]; // xmax, xmin, ymax, ymin, zmax, zmin
    for k in 0..3 {
        let mut dir = [0.0; 3];
        dir[k] = 1.0;
        ext[2 * k] = obj2.support(&dir)[k];
        dir[k] = -1.0;
        ext[2 * k + 1] = obj2.support(&dir)[k];
    }
    let [xmax, xmin, ymax, ymin, zmax, zmin] = ext;

    if xmin - margin > size0
        || xmax + margin < -size0
        || ymin - margin > size1
        || ymax + margin < -size1
        || zmin - margin > size2
        || zmax + margin < -size3
    {
        return 0;
    }

    let (nc1, nr1) = ((ncol - 1) as f64, (nrow - 1) as f64);
    let cmin = crate::math::misc::c_int(((xmin + size0) / (2.0 * size0) * nc1).floor()).max(0);
    let cmax = crate::math::misc::c_int(((xmax + size0) / (2.0 * size0) * nc1).ceil()).min(ncol - 1);
    let rmin = crate::math::misc::c_int(((ymin + size1) / (2.0 * size1) * nr1).floor()).max(0);
    let rmax = crate::math::misc::c_int(((ymax + size1) / (2.0 * size1) * nr1).ceil()).min(nrow - 1);

    obj2.margin = margin;
    let dx = (2.0 * size0) / nc1;
    let dy = (2.0 * size1) / nr1;
    obj1.set_prism_bottom(-size3);

    let hdata = hfield_heights(m, hid);
    let ncolu = ncol as usize;
    // grid vertex (r + 1 - i, c) as the newest prism vertex
    let add = |obj: &mut CcdObj, r: i32, c: i32, i: i32| {
        let rr = r + 1 - i;
        let z = hdata[rr as usize * ncolu + c as usize] as f64 * size2 + margin;
        obj.push_prism_vert(dx * c as f64 - size0, dy * rr as f64 - size1, z);
    };

    let mut ncon = 0;
    'grid: for r in rmin..rmax {
        add(&mut obj1, r, cmin, 0);
        add(&mut obj1, r, cmin, 1);
        for c in cmin + 1..=cmax {
            for i in 0..2 {
                add(&mut obj1, r, c, i);
                if obj1.prism_top_below(zmin) {
                    continue;
                }
                if let Some((depth, dir, vec)) = penetration(m, d, &mut obj1, &mut obj2) {
                    if !is_origin(&dir) {
                        let Some(cn) = con.get_mut(ncon) else { break 'grid };
                        set_hfield_contact(cn, depth, &dir, &vec, &mat1, &pos1);
                        ncon += 1;
                        if ncon >= mjMAXCONPAIR {
                            break 'grid;
                        }
                    }
                }
            }
        }
    }

    if disabled(m, mjDSBL_NATIVECCD) {
        for c in &mut con[..ncon] {
            fix_normal(m, c, [(g1, (&pos1, &mat1)), (g2, (&savepos2, &savemat2))]);
        }
    }
    ncon
}

/// Writes a penetration found in a height field's frame (`hmat`, `hpos`) into `con` in global
/// coordinates: distance, normal and point (convex and flex element against height field).
pub(super) fn set_hfield_contact(
    con: &mut mjContact,
    depth: f64,
    dir: &[f64; 3],
    pos: &[f64; 3],
    hmat: &[f64; 9],
    hpos: &[f64; 3],
) {
    con.dist = -depth;
    con.frame[..3].copy_from_slice(&mul_mat_vec3(hmat, dir));
    let mut p = mul_mat_vec3(hmat, pos);
    add_to3(&mut p, hpos);
    con.pos = p;
    con.frame[3..6].fill(0.0);
}
