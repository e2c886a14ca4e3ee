//! Decor geoms: frames, bounding volumes, tactile readings, inertia boxes, the perturbation,
//! selection point, labels, joints, actuators, islands, cameras, lights, centres of mass,
//! skeleton connectors, range finders, applied forces and equality constraints.

use crate::abi::mjtCatBit_::*;
use crate::abi::mjtConstraint_::*;
use crate::abi::mjtEq_::*;
use crate::abi::mjtFrame_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtJoint_::*;
use crate::abi::mjtLabel_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtPertBit_::*;
use crate::abi::mjtSensor_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::engine::{v3, v9};
use crate::math::blas::{add3, add_scl3, add_to3, add_to_scl3, mul_mat_vec3, norm3, scl3};
use crate::math::misc::{clip, is_zero, n2f};
use crate::math::spatial::{quat2mat, quat_z2vec};
use crate::vis::camera::intrinsic_frustum;
use crate::vis::geom::*;
use crate::vis::objects::limit_impedance;

const DECOR: i32 = mjCAT_DECOR as i32;
const UNKNOWN: i32 = mjOBJ_UNKNOWN as i32;

fn rgba4(s: &[f32], i: usize) -> [f32; 4] {
    [s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3]]
}

/// Frames of the shown geoms (`mjFRAME_GEOM`).
pub fn add_geom_frames(m: &mjModel, d: &mjData, opt: &mjvOption, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.frame != mjFRAME_GEOM as i32 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 0..m.ngeom as usize {
        if body_category(m, m.geom_bodyid()[i] as usize) & catmask == 0 || opt.geomgroup[group(m.geom_group()[i])] == 0
        {
            continue;
        }
        let matid = m.geom_matid()[i];
        let alpha = if matid >= 0 { m.mat_rgba()[4 * matid as usize + 3] } else { m.geom_rgba()[4 * i + 3] };
        if alpha == 0.0 {
            continue;
        }
        let width = m.vis.scale.framewidth * scl;
        let length = m.vis.scale.framelength * scl;
        add_frame(scn, i as i32, v3(dr.geom_xpos, i), v9(dr.geom_xmat, i), length, width);
    }
}

/// Frames of the shown sites (`mjFRAME_SITE`).
pub fn add_site_frames(m: &mjModel, d: &mjData, opt: &mjvOption, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.frame != mjFRAME_SITE as i32 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 0..m.nsite as usize {
        if body_category(m, m.site_bodyid()[i] as usize) & catmask == 0 || opt.sitegroup[group(m.site_group()[i])] == 0
        {
            continue;
        }
        let matid = m.site_matid()[i];
        let alpha = if matid >= 0 { m.mat_rgba()[4 * matid as usize + 3] } else { m.site_rgba()[4 * i + 3] };
        if alpha == 0.0 {
            continue;
        }
        let width = m.vis.scale.framewidth * scl;
        let length = m.vis.scale.framelength * scl;
        add_frame(scn, i as i32, v3(dr.site_xpos, i), v9(dr.site_xmat, i), length, width);
    }
}

/// True when BVH node `i` is drawn at the option's depth: nodes at that depth, and leaves above
/// it.
fn bvh_node_shown(m: &mjModel, opt: &mjvOption, i: usize) -> bool {
    let child = m.bvh_child();
    let isleaf = child[2 * i] == -1 && child[2 * i + 1] == -1;
    let depth = m.bvh_depth()[i];
    depth == opt.bvh_depth || (isleaf && depth <= opt.bvh_depth)
}

/// Colour of BVH node `i`: the active colour when active nodes are marked and it is active.
fn bvh_color(m: &mjModel, bvh_active: &[mjtByte], i: usize) -> [f32; 4] {
    if m.vis.global.bvactive != 0 && bvh_active[i] != 0 {
        m.vis.rgba.bvactive
    } else {
        m.vis.rgba.bv
    }
}

/// Boxes of the bodies' bounding volume hierarchies (`mjVIS_BODYBVH`).
pub fn add_body_bvh(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_BODYBVH as usize] == 0 {
        return;
    }
    let (bvhadr, bvhnum) = (m.body_bvhadr(), m.body_bvhnum());
    for i in 0..m.nbvhstatic as usize {
        if !bvh_node_shown(m, opt, i) {
            continue;
        }
        let child = m.bvh_child();
        let isleaf = child[2 * i] == -1 && child[2 * i + 1] == -1;
        let mut body = 0usize;
        let geomid = m.bvh_nodeid()[i];
        while i as i32 >= bvhadr[body] + bvhnum[body] {
            body += 1;
            if body >= m.nbody as usize {
                break;
            }
        }
        if body >= m.nbody as usize {
            break;
        }
        let (xpos, xmat, size, center) = if isleaf {
            let g = geomid as usize;
            (
                v3(dr.geom_xpos, g),
                v9(dr.geom_xmat, g),
                &m.geom_aabb()[6 * g + 3..6 * g + 6],
                &m.geom_aabb()[6 * g..6 * g + 3],
            )
        } else {
            (
                v3(dr.xipos, body),
                v9(dr.ximat, body),
                &m.bvh_aabb()[6 * i + 3..6 * i + 6],
                &m.bvh_aabb()[6 * i..6 * i + 3],
            )
        };
        let pos = add3(&mul_mat_vec3(xmat, center.try_into().unwrap()), xpos);
        let rgba = bvh_color(m, dr.bvh_active, i);
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        init_geom(g, mjGEOM_LINEBOX as i32, Some(size), Some(&pos), Some(xmat), Some(&rgba));
        release(scn);
    }
}

/// Boxes of the flexes' bounding volume hierarchies and the lattice of interpolated flexes'
/// control points (`mjVIS_MESHBVH`).
pub fn add_flex_bvh(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_MESHBVH as usize] == 0 {
        return;
    }
    for f in 0..m.nflex as usize {
        let (adr, num) = (m.flex_bvhadr()[f], m.flex_bvhnum()[f]);
        if num != 0 && opt.flexgroup[group(m.flex_group()[f])] != 0 {
            for i in adr as usize..(adr + num) as usize {
                if !bvh_node_shown(m, opt, i) {
                    continue;
                }
                let k = i - m.nbvhstatic as usize;
                let aabb = &dr.bvh_aabb_dyn[6 * k..6 * k + 6];
                let rgba = bvh_color(m, dr.bvh_active, i);
                let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
                init_geom(
                    g,
                    mjGEOM_LINEBOX as i32,
                    Some(&aabb[3..]),
                    Some(aabb[..3].try_into().unwrap()),
                    None,
                    Some(&rgba),
                );
                release(scn);
            }
        }

        let interp = m.flex_interp()[f];
        if interp == 0 {
            continue;
        }
        let nstart = m.flex_nodeadr()[f] as usize;
        let nodenum = m.flex_nodenum()[f] as usize;
        let bodyid = &m.flex_nodebodyid()[nstart..nstart + nodenum];
        let nnode = (interp + 1) as usize;
        let mut xpos = [0.0f64; 3 * mjMAXFLEXNODES];
        for i in 0..nodenum.min(mjMAXFLEXNODES) {
            let b = bodyid[i] as usize;
            let p = if m.flex_centered()[f] != 0 {
                *v3(dr.xpos, b)
            } else {
                add3(&mul_mat_vec3(v9(dr.xmat, b), v3(m.flex_node(), i + nstart)), v3(dr.xpos, b))
            };
            xpos[3 * i..3 * i + 3].copy_from_slice(&p);
        }
        let at = |o: usize| -> [f64; 3] { [xpos[o], xpos[o + 1], xpos[o + 2]] };
        let nn = nnode * nnode;
        for i in 0..nnode {
            for j in 0..nnode {
                for k in 0..nnode {
                    let offset = 3 * (nn * i + nnode * j + k);
                    let mut ends = [None, None, None];
                    if i < nnode - 1 {
                        ends[0] = Some(3 * (nn * (i + 1) + nnode * j + k));
                    }
                    if j < nnode - 1 {
                        ends[1] = Some(3 * (nn * i + nnode * (j + 1) + k));
                    }
                    if k < nnode - 1 {
                        ends[2] = Some(3 * (nn * i + nnode * j + k + 1));
                    }
                    for o in ends.into_iter().flatten() {
                        if o + 3 > xpos.len() || offset + 3 > xpos.len() {
                            continue;
                        }
                        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
                        connector(g, mjGEOM_LINE as i32, 3.0, &at(offset), &at(o));
                        release(scn);
                    }
                }
            }
        }
    }
}

/// Boxes of the mesh geoms' bounding volume hierarchies, for meshes without an octree
/// (`mjVIS_MESHBVH`); only active nodes when those are marked.
pub fn add_mesh_bvh(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_MESHBVH as usize] == 0 {
        return;
    }
    for geomid in 0..m.ngeom as usize {
        let meshid = m.geom_dataid()[geomid];
        // a height field's data id is read as a mesh id, as upstream does (nothing when there
        // is no such mesh)
        if meshid < 0
            || meshid >= m.nmesh
            || m.geom_type()[geomid] == mjGEOM_SDF as i32
            || m.mesh_octadr()[meshid as usize] >= 0
        {
            continue;
        }
        let mid = meshid as usize;
        for b in 0..m.mesh_bvhnum()[mid] as usize {
            let i = b + m.mesh_bvhadr()[mid] as usize;
            if !bvh_node_shown(m, opt, i) {
                continue;
            }
            let mut rgba = m.vis.rgba.bv;
            if m.vis.global.bvactive != 0 {
                if dr.bvh_active[i] != 0 {
                    rgba = m.vis.rgba.bvactive;
                } else {
                    continue;
                }
            }
            let xmat = v9(dr.geom_xmat, geomid);
            let aabb = &m.bvh_aabb()[6 * i..6 * i + 6];
            let pos = add3(&mul_mat_vec3(xmat, aabb[..3].try_into().unwrap()), v3(dr.geom_xpos, geomid));
            let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
            init_geom(g, mjGEOM_LINEBOX as i32, Some(&aabb[3..]), Some(&pos), Some(xmat), Some(&rgba));
            release(scn);
        }
    }
}

/// Boxes of the mesh octrees' nodes at the option's depth (`mjVIS_MESHBVH`).
pub fn add_mesh_octree(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_MESHBVH as usize] == 0 {
        return;
    }
    for geomid in 0..m.ngeom as usize {
        let meshid = m.geom_dataid()[geomid];
        if meshid < 0
            || meshid >= m.nmesh
            || m.geom_type()[geomid] == mjGEOM_HFIELD as i32
            || m.mesh_octadr()[meshid as usize] == -1
        {
            continue;
        }
        let mid = meshid as usize;
        for b in 0..m.mesh_octnum()[mid] as usize {
            let i = b + m.mesh_octadr()[mid] as usize;
            if m.oct_depth()[i] != opt.bvh_depth {
                continue;
            }
            let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
            let rgba = m.vis.rgba.bv;
            let xmat = v9(dr.geom_xmat, geomid);
            let aabb = &m.oct_aabb()[6 * i..6 * i + 6];
            let pos = add3(&mul_mat_vec3(xmat, aabb[..3].try_into().unwrap()), v3(dr.geom_xpos, geomid));
            init_geom(g, mjGEOM_LINEBOX as i32, Some(&aabb[3..]), Some(&pos), Some(xmat), Some(&rgba));
            release(scn);
        }
    }
}

/// Tactile sensor readings as coloured mesh triangles (`mjVIS_CONTACTPOINT`).
pub fn add_tactile(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_CONTACTPOINT as usize] == 0 {
        return;
    }
    for id in 0..m.nsensor as usize {
        if m.sensor_type()[id] != mjSENS_TACTILE as i32 {
            continue;
        }
        let mesh = m.sensor_objid()[id] as usize;
        let geom = m.sensor_refid()[id] as usize;
        let gpos = v3(dr.geom_xpos, geom);
        let gmat = v9(dr.geom_xmat, geom);
        let data = &dr.sensordata[m.sensor_adr()[id] as usize..];
        let nvert = m.mesh_vertnum()[mesh] as usize;
        let nchannel = m.sensor_dim()[id] / nvert as i32;
        let mut maxval: f64 = 0.0;
        for &v in &data[..nvert] {
            maxval = maxval.max(v.abs());
        }
        if maxval == 0.0 || m.geom_rbound()[geom] < mjMINVAL {
            continue;
        }
        let vert = &m.mesh_vert()[3 * m.mesh_vertadr()[mesh] as usize..];
        let face = &m.mesh_face()[3 * m.mesh_faceadr()[mesh] as usize..];
        for i in 0..m.mesh_facenum()[mesh] as usize {
            let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_SENSOR as i32) else { return };
            let mut pos = [[0.0; 3]; 3];
            for j in 0..3 {
                let v = 3 * face[3 * i + j] as usize;
                let p = [vert[v] as f64, vert[v + 1] as f64, vert[v + 2] as f64];
                pos[j] = add3(&mul_mat_vec3(gmat, &p), gpos);
            }
            let mut rgba = [0.0f32, 0.0, 0.0, 1.0];
            for r in 0..nchannel.clamp(0, 3) as usize {
                let mut nval = 0.0f64;
                for j in 0..3 {
                    let val = data[r * nvert + face[3 * i + j] as usize];
                    rgba[r] = (rgba[r] as f64 + val.abs() / maxval) as f32;
                    if val != 0.0 {
                        nval += 1.0;
                    }
                }
                if nval != 0.0 {
                    rgba[r] = (rgba[r] as f64 / nval) as f32;
                }
            }
            if rgba[0] == 0.0 && rgba[1] == 0.0 && rgba[2] == 0.0 {
                rgba[3] = 0.1;
            }
            make_triangle(g, &pos[0], &pos[1], &pos[2], &rgba);
            g.objid = id as i32;
            release(scn);
        }
    }
}

/// Boxes or ellipsoids of the bodies' equivalent inertia (`mjVIS_INERTIA`), optionally scaled
/// to unit density (`mjVIS_SCLINERTIA`).
pub fn add_inertia(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_INERTIA as usize] == 0 {
        return;
    }
    let ellipsoid = m.vis.global.ellipsoidinertia == 1;
    for i in 1..m.nbody as usize {
        let mass = m.body_mass()[i];
        if mass <= mjMINVAL || body_category(m, i) & catmask == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_BODY as i32) else { return };
        let inr = v3(m.body_inertia(), i);
        let (ixx, iyy, izz) = (inr[0], inr[1], inr[2]);
        let s = if ellipsoid { 5f64.sqrt() } else { 3f64.sqrt() };
        let mut sz = [
            ((iyy + izz - ixx) / (2.0 * mass)).sqrt() * s,
            ((ixx + izz - iyy) / (2.0 * mass)).sqrt() * s,
            ((ixx + iyy - izz) / (2.0 * mass)).sqrt() * s,
        ];
        if opt.flags[mjVIS_SCLINERTIA as usize] != 0 {
            let scale_volume = if ellipsoid { 4.0 / 3.0 * core::f64::consts::PI } else { 8.0 };
            let volume = scale_volume * sz[0] * sz[1] * sz[2];
            let density = mass / mjMINVAL.max(volume);
            let scale = (density * 0.001).powf(1.0 / 3.0);
            for v in &mut sz {
                *v *= scale;
            }
        }
        let gtype = if ellipsoid { mjGEOM_ELLIPSOID } else { mjGEOM_BOX } as i32;
        init_geom(g, gtype, Some(&sz), Some(v3(dr.xipos, i)), Some(v9(dr.ximat, i)), Some(&m.vis.rgba.inertia));
        if pert.select == i as i32 {
            mark_selected(&m.vis, g);
        }
        if opt.label == mjLABEL_BODY as i32 || (opt.label == mjLABEL_SELECTION as i32 && pert.select == i as i32) {
            make_label(m, mjOBJ_BODY as i32, i as i32, &mut g.label);
        }
        release(scn);
    }
}

/// The active perturbation (`mjVIS_PERTOBJ`): a capsule from the selection point to the
/// reference with a sphere at its end for translation, a box in the reference orientation for
/// rotation.
pub fn add_perturb(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_PERTOBJ as usize] == 0 || pert.select <= 0 {
        return;
    }
    let sel = pert.select as usize;
    let scl = m.stat.meansize as f32;
    let active = pert.active | pert.active2;
    if active & mjPERT_TRANSLATE as i32 != 0 {
        let Some(g) = acquire(scn, pert.select, DECOR, UNKNOWN) else { return };
        let selpos = add3(&mul_mat_vec3(v9(dr.xmat, sel), &pert.localpos), v3(dr.xpos, sel));
        let w = (scl * m.vis.scale.constraint) as f64;
        connector(g, mjGEOM_CAPSULE as i32, w, &selpos, &pert.refselpos);
        let rgba = mix_color(
            &m.vis.rgba.constraint,
            pert.active & mjPERT_TRANSLATE as i32 != 0,
            pert.active2 & mjPERT_TRANSLATE as i32 != 0,
        );
        g.rgba = rgba;
        release(scn);

        let Some(g) = acquire(scn, pert.select, DECOR, UNKNOWN) else { return };
        let sz = [2.0 * w; 3];
        let mat = quat2mat(&pert.refquat);
        init_geom(g, mjGEOM_SPHERE as i32, Some(&sz), Some(&pert.refselpos), Some(&mat), Some(&rgba));
        release(scn);
    }
    if active & mjPERT_ROTATE as i32 != 0 {
        let Some(g) = acquire(scn, pert.select, DECOR, UNKNOWN) else { return };
        let rgba = mix_color(
            &m.vis.rgba.inertia,
            pert.active & mjPERT_ROTATE as i32 != 0,
            pert.active2 & mjPERT_ROTATE as i32 != 0,
        );
        let mut pos = [0.0; 3];
        let sz;
        if m.body_bvhnum()[sel] != 0 {
            let a = 6 * m.body_bvhadr()[sel] as usize;
            let aabb = &m.bvh_aabb()[a..a + 6];
            sz = [aabb[3], aabb[4], aabb[5]];
            pos = mul_mat_vec3(v9(dr.ximat, sel), aabb[..3].try_into().unwrap());
        } else {
            sz = [scl as f64; 3];
        }
        let mat = quat2mat(&pert.refquat);
        add_to3(&mut pos, v3(dr.xipos, sel));
        init_geom(g, mjGEOM_BOX as i32, Some(&sz), Some(&pos), Some(&mat), Some(&rgba));
        release(scn);
    }
}

/// The world frame (`mjFRAME_WORLD`, twice the size) or the bodies' frames (`mjFRAME_BODY`;
/// inertial frames when inertia is shown).
pub fn add_body_frames(m: &mjModel, d: &mjData, opt: &mjvOption, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let scl = m.stat.meansize as f32;
    let start = if opt.frame == mjFRAME_WORLD as i32 { 0 } else { 1 };
    let end = if opt.frame == mjFRAME_BODY as i32 { m.nbody as usize } else { 1 };
    let inertia = opt.flags[mjVIS_INERTIA as usize] != 0;
    for i in start..end {
        if i > 0 && body_category(m, i) & !catmask != 0 {
            continue;
        }
        let k = if i == 0 { 2.0 } else { 1.0 };
        let length = m.vis.scale.framelength * scl * k;
        let width = m.vis.scale.framewidth * scl * k;
        let (xpos, xmat) = if inertia { (v3(dr.xipos, i), v9(dr.ximat, i)) } else { (v3(dr.xpos, i), v9(dr.xmat, i)) };
        add_frame(scn, i as i32, xpos, xmat, length, width);
    }
}

/// A sphere at the selection point (`mjVIS_SELECT`), labelled with its global and local
/// coordinates for `mjLABEL_SELPNT`.
pub fn add_selection_point(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if pert.select <= 0 || opt.flags[mjVIS_SELECT as usize] == 0 {
        return;
    }
    let sel = pert.select as usize;
    let scl = m.stat.meansize as f32;
    let selpos = add3(&mul_mat_vec3(v9(dr.xmat, sel), &pert.localpos), v3(dr.xpos, sel));
    let Some(g) = acquire(scn, pert.select, DECOR, UNKNOWN) else { return };
    g.r#type = mjGEOM_SPHERE as i32;
    g.size = [scl * m.vis.scale.selectpoint; 3];
    n2f(&mut g.pos, &selpos);
    n2f(&mut g.mat, &IDENTITY);
    g.rgba = m.vis.rgba.selectpoint;
    if opt.label == mjLABEL_SELPNT as i32 {
        let mut t = Text::<100>::new();
        let lp = &pert.localpos;
        for (k, v) in [selpos[0], selpos[1], selpos[2]].into_iter().enumerate() {
            if k > 0 {
                t.push(b" ");
            }
            t.cnum(c"%.3f", v);
        }
        t.push(b" (local ");
        for (k, v) in lp.iter().enumerate() {
            if k > 0 {
                t.push(b" ");
            }
            t.cnum(c"%.3f", *v);
        }
        t.push(b")");
        put_label(&mut g.label, t.bytes());
    }
    release(scn);
}

/// Body name labels at the body frames, for `mjLABEL_BODY` (all) or `mjLABEL_SELECTION` (the
/// selected body), unless inertia boxes carry them.
pub fn add_body_labels(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_INERTIA as usize] != 0 {
        return;
    }
    let selection = opt.label == mjLABEL_SELECTION as i32;
    if !selection && opt.label != mjLABEL_BODY as i32 {
        return;
    }
    for i in 1..m.nbody as usize {
        if (selection && pert.select != i as i32) || body_category(m, i) & !catmask != 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        g.r#type = mjGEOM_LABEL as i32;
        n2f(&mut g.pos, v3(dr.xpos, i));
        n2f(&mut g.mat, v9(dr.xmat, i));
        make_label(m, mjOBJ_BODY as i32, i as i32, &mut g.label);
        release(scn);
    }
}

/// Joints (`mjVIS_JOINT`): arrows along hinge and slide axes, a box for free and a sphere for
/// ball joints, coloured towards the constraint colour by their limit impedance.
pub fn add_joints(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_JOINT as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 0..m.njnt as usize {
        if opt.jointgroup[group(m.jnt_group()[i])] == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_JOINT as i32) else { return };
        let length = (m.vis.scale.jointlength * scl) as f64;
        let width = (m.vis.scale.jointwidth * scl) as f64;
        let body = m.jnt_bodyid()[i] as usize;
        let jtype = m.jnt_type()[i];
        let anchor = v3(dr.xanchor, i);
        match jtype {
            t if t == mjJNT_FREE as i32 || t == mjJNT_BALL as i32 => {
                g.r#type = if t == mjJNT_FREE as i32 { mjGEOM_BOX } else { mjGEOM_SPHERE } as i32;
                g.size = [(0.3 * length) as f32; 3];
                n2f(&mut g.pos, anchor);
                n2f(&mut g.mat, v9(dr.xmat, body));
            }
            t if t == mjJNT_SLIDE as i32 || t == mjJNT_HINGE as i32 => {
                let to = add_scl3(anchor, v3(dr.xaxis, i), length);
                let ct = if t == mjJNT_SLIDE as i32 { mjGEOM_ARROW } else { mjGEOM_ARROW1 } as i32;
                connector(g, ct, width, anchor, &to);
            }
            _ => {
                crate::mjerror!("addJointGeoms", "unknown joint type {}", jtype);
            }
        }
        let imp = limit_impedance(m, d, mjCNSTR_LIMIT_JOINT as i32, i as i32);
        let (jc, cc) = (&m.vis.rgba.joint, &m.vis.rgba.constraint);
        for k in 0..3 {
            g.rgba[k] = ((1.0 - imp) * jc[k] as f64 + imp * cc[k] as f64) as f32;
        }
        g.rgba[3] = 1.0;
        if opt.label == mjLABEL_JOINT as i32 {
            make_label(m, mjOBJ_JOINT as i32, i as i32, &mut g.label);
        }
        release(scn);
    }
}

/// Actuators (`mjVIS_ACTUATOR`) at their transmissions, coloured between the negative, neutral
/// and positive actuator colours by their control (or activation).
pub fn add_actuators(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_ACTUATOR as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    let show_act = opt.flags[mjVIS_ACTIVATION as usize] != 0;
    for i in 0..m.nu as usize {
        if opt.actuatorgroup[group(m.actuator_group()[i])] == 0 || crate::engine::support::actuator_disabled(m, i) {
            continue;
        }
        let (mut rmin, mut rmax) = (-1.0, 1.0);
        if m.actuator_ctrllimited()[i] != 0 {
            rmin = m.actuator_ctrlrange()[2 * i];
            rmax = m.actuator_ctrlrange()[2 * i + 1];
        } else if show_act && m.actuator_actlimited()[i] != 0 {
            rmin = m.actuator_actrange()[2 * i];
            rmax = m.actuator_actrange()[2 * i + 1];
        }
        let mut rng = if rmin >= 0.0 {
            [-1.0, rmin, rmax]
        } else if rmax <= 0.0 {
            [rmin, rmax, 1.0]
        } else {
            [rmin, 0.0, rmax]
        };
        if rng[1] - rng[0] < mjMINVAL {
            rng[0] = rng[1] - mjMINVAL;
        }
        if rng[2] - rng[1] < mjMINVAL {
            rng[2] = rng[1] + mjMINVAL;
        }
        let act = if show_act && m.actuator_dyntype()[i] != 0 {
            let k = (m.actuator_actadr()[i] + m.actuator_actnum()[i] - 1) as usize;
            clip(dr.act[k], rng[0], rng[2])
        } else {
            clip(dr.ctrl[i], rng[0], rng[2])
        };
        let (amin, amean, amax): (f32, f32, f32);
        if act <= rng[1] {
            amin = ((rng[1] - act) / mjMINVAL.max(rng[1] - rng[0])) as f32;
            amean = 1.0 - amin;
            amax = 0.0;
        } else {
            amax = ((act - rng[1]) / mjMINVAL.max(rng[2] - rng[1])) as f32;
            amean = 1.0 - amax;
            amin = 0.0;
        }
        let c = &m.vis.rgba;
        let mut rgba = [0.0f32; 4];
        for j in 0..4 {
            rgba[j] = amin * c.actuatornegative[j] + amean * c.actuator[j] + amax * c.actuatorpositive[j];
        }

        let j = m.actuator_trnid()[2 * i] as usize;
        let trn = m.actuator_trntype()[i];
        if trn == mjTRN_JOINT as i32 || trn == mjTRN_JOINTINPARENT as i32 || trn == mjTRN_SITE as i32 {
            let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_ACTUATOR as i32) else { return };
            let own = g.rgba;
            if trn == mjTRN_SITE as i32 {
                let sz = scl3(v3(m.site_size(), j), 1.05);
                init_geom(
                    g,
                    m.site_type()[j],
                    Some(&sz),
                    Some(v3(dr.site_xpos, j)),
                    Some(v9(dr.site_xmat, j)),
                    Some(&own),
                );
            } else {
                let jt = m.jnt_type()[j];
                if jt == mjJNT_HINGE as i32 || jt == mjJNT_SLIDE as i32 {
                    let length = (m.vis.scale.actuatorlength * scl) as f64;
                    let width = (m.vis.scale.actuatorwidth * scl) as f64;
                    let from = v3(dr.xanchor, j);
                    let to = add_scl3(from, v3(dr.xaxis, j), length);
                    let ct = if jt == mjJNT_SLIDE as i32 { mjGEOM_ARROW } else { mjGEOM_ARROW1 } as i32;
                    connector(g, ct, width, from, &to);
                } else if jt == mjJNT_BALL as i32 || jt == mjJNT_FREE as i32 {
                    let sz = [(m.vis.scale.jointlength * scl) as f64 * 0.33; 3];
                    let gt = if jt == mjJNT_BALL as i32 { mjGEOM_SPHERE } else { mjGEOM_BOX } as i32;
                    let body = m.jnt_bodyid()[j] as usize;
                    init_geom(g, gt, Some(&sz), Some(v3(dr.xanchor, j)), Some(v9(dr.xmat, body)), Some(&own));
                }
            }
            g.rgba = rgba;
            if opt.label == mjLABEL_ACTUATOR as i32 {
                make_label(m, mjOBJ_ACTUATOR as i32, i as i32, &mut g.label);
            }
            release(scn);
        } else if trn == mjTRN_BODY as i32 {
            let adr = m.body_geomadr()[j].max(0) as usize;
            for k in adr..adr + m.body_geomnum()[j] as usize {
                let gt = m.geom_type()[k];
                if gt == mjGEOM_PLANE as i32
                    || gt == mjGEOM_HFIELD as i32
                    || gt == mjGEOM_MESH as i32
                    || gt == mjGEOM_SDF as i32
                {
                    continue;
                }
                let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_ACTUATOR as i32) else { return };
                let own = g.rgba;
                let sz = scl3(v3(m.geom_size(), k), 1.05);
                init_geom(g, gt, Some(&sz), Some(v3(dr.geom_xpos, k)), Some(v9(dr.geom_xmat, k)), Some(&own));
                g.rgba = rgba;
                release(scn);
            }
        } else if trn == mjTRN_TENDON as i32 && dr.ten_wrapnum[j] != 0 {
            let (wadr, wnum) = (dr.ten_wrapadr[j], dr.ten_wrapnum[j]);
            let (wobj, wxpos) = (dr.wrap_obj, dr.wrap_xpos);
            for k in wadr as usize..(wadr + wnum - 1).max(wadr) as usize {
                if wobj[k] == -2 || wobj[k + 1] == -2 {
                    continue;
                }
                let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_ACTUATOR as i32) else { return };
                let mut width =
                    if wobj[k] >= 0 && wobj[k + 1] >= 0 { 0.5 * m.tendon_width()[j] } else { m.tendon_width()[j] };
                width *= m.vis.map.actuatortendon as f64;
                connector(g, mjGEOM_CAPSULE as i32, width, v3(wxpos, k), v3(wxpos, k + 1));
                set_material(m, g, m.tendon_matid()[j], &rgba4(m.tendon_rgba(), j), &opt.flags);
                g.rgba = rgba;
                if opt.label == mjLABEL_ACTUATOR as i32 && k == wadr as usize {
                    make_label(m, mjOBJ_ACTUATOR as i32, i as i32, &mut g.label);
                }
                release(scn);
            }
        }
    }
}

/// Island numbers at the moving bodies' centres of mass (`mjLABEL_ISLAND`).
pub fn add_island_labels(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.label != mjLABEL_ISLAND as i32 || d.nisland == 0 {
        return;
    }
    for i in 1..m.nbody as usize {
        let weld = m.body_weldid()[i] as usize;
        if m.body_dofnum()[weld] == 0 {
            continue;
        }
        let island = dr.dof_island[m.body_dofadr()[weld] as usize];
        if island <= -1 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        g.r#type = mjGEOM_LABEL as i32;
        n2f(&mut g.pos, v3(dr.xipos, i));
        n2f(&mut g.mat, v9(dr.ximat, i));
        let mut t = Text::<100>::new();
        t.fmt(format_args!("{island}"));
        put_label(&mut g.label, t.bytes());
        release(scn);
    }
}

/// Cameras (`mjVIS_CAMERA`): a box with a lens, the frustum of cameras with a sensor size, and
/// their frames for `mjFRAME_CAMERA`.
pub fn add_cameras(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_CAMERA as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    let (cxpos, cxmat) = (dr.cam_xpos, dr.cam_xmat);
    for i in 0..m.ncam as usize {
        let mut cam_rgba = m.vis.rgba.camera;
        if m.cam_sensorsize()[2 * i + 1] > 0.0 {
            cam_rgba[3] = 0.3;
            let rgba = m.vis.rgba.frustum;
            let znear = m.vis.map.znear as f64 * m.stat.extent;
            let zfar = (m.vis.scale.frustum * scl) as f64;
            let (mut zver, mut zhor) = intrinsic_frustum(
                znear as f32,
                &m.cam_intrinsic()[4 * i..4 * i + 4],
                &m.cam_sensorsize()[2 * i..2 * i + 2],
            );
            let pos = v3(cxpos, i);
            let mat = v9(cxmat, i);
            let x = [mat[0], mat[3], mat[6]];
            let y = [mat[1], mat[4], mat[7]];
            let z = [mat[2], mat[5], mat[8]];
            let corners = |dist: f64, zver: &[f32; 2], zhor: &[f32; 2]| -> [[f64; 3]; 4] {
                let center = add_scl3(pos, &z, -dist);
                let mut v = [
                    add_scl3(&center, &x, -zhor[0] as f64),
                    add_scl3(&center, &x, zhor[1] as f64),
                    add_scl3(&center, &x, zhor[1] as f64),
                    add_scl3(&center, &x, -zhor[0] as f64),
                ];
                add_to_scl3(&mut v[0], &y, -zver[0] as f64);
                add_to_scl3(&mut v[1], &y, -zver[0] as f64);
                add_to_scl3(&mut v[2], &y, zver[1] as f64);
                add_to_scl3(&mut v[3], &y, zver[1] as f64);
                v
            };
            let vnear = corners(znear, &zver, &zhor);
            for v in zhor.iter_mut().chain(zver.iter_mut()) {
                *v = (*v as f64 * (zfar / znear)) as f32;
            }
            let vfar = corners(zfar, &zver, &zhor);

            for e in 0..4 {
                let e1 = (e + 1) % 4;
                let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_CAMERA as i32) else { return };
                make_triangle(g, &vnear[e], &vfar[e], &vnear[e1], &rgba);
                release(scn);
                let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_CAMERA as i32) else { return };
                make_triangle(g, &vfar[e], &vfar[e1], &vnear[e1], &rgba);
                release(scn);
                for (a, b) in [(&vnear[e], &vnear[e1]), (&vfar[e], &vfar[e1]), (&vnear[e], &vfar[e])] {
                    let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_CAMERA as i32) else { return };
                    connector(g, mjGEOM_LINE as i32, 3.0, a, b);
                    g.rgba = rgba;
                    release(scn);
                }
            }
        }

        let s = scl * m.vis.scale.camera;
        let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_CAMERA as i32) else { return };
        g.r#type = mjGEOM_BOX as i32;
        g.size = [(s as f64 * 1.0) as f32, (s as f64 * 0.8) as f32, (s as f64 * 0.4) as f32];
        n2f(&mut g.pos, v3(cxpos, i));
        n2f(&mut g.mat, v9(cxmat, i));
        g.rgba = cam_rgba;
        if opt.label == mjLABEL_CAMERA as i32 {
            make_label(m, mjOBJ_CAMERA as i32, i as i32, &mut g.label);
        }
        release(scn);

        let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_CAMERA as i32) else { return };
        for k in 0..3 {
            g.pos[k] = (cxpos[3 * i + k] - s as f64 * 0.6 * cxmat[9 * i + 3 * k + 2]) as f32;
        }
        g.r#type = mjGEOM_CYLINDER as i32;
        g.size = [(s as f64 * 0.4) as f32, (s as f64 * 0.4) as f32, (s as f64 * 0.3) as f32];
        n2f(&mut g.mat, v9(cxmat, i));
        g.rgba = cam_rgba;
        for k in 0..3 {
            g.rgba[k] = (g.rgba[k] as f64 * 0.5) as f32;
        }
        release(scn);

        if opt.frame != mjFRAME_CAMERA as i32 {
            continue;
        }
        let width = m.vis.scale.framewidth * scl;
        let length = m.vis.scale.framelength * scl;
        add_frame(scn, i as i32, v3(cxpos, i), v9(cxmat, i), length, width);
    }
}

/// Lights (`mjVIS_LIGHT`) as cylinders behind their position, and their frames for
/// `mjFRAME_LIGHT`.
pub fn add_lights(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_LIGHT as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 0..m.nlight as usize {
        let xdir = v3(dr.light_xdir, i);
        let xpos = v3(dr.light_xpos, i);
        let mat = quat2mat(&quat_z2vec(xdir));
        let s = scl * m.vis.scale.light;
        let vec = add_scl3(xpos, xdir, (-scl * m.vis.scale.light) as f64 - 0.0001);
        let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_LIGHT as i32) else { return };
        g.r#type = mjGEOM_CYLINDER as i32;
        g.size = [(s as f64 * 0.8) as f32, (s as f64 * 0.8) as f32, (s as f64 * 1.0) as f32];
        n2f(&mut g.pos, &vec);
        n2f(&mut g.mat, &mat);
        g.rgba = m.vis.rgba.light;
        if opt.label == mjLABEL_LIGHT as i32 {
            make_label(m, mjOBJ_LIGHT as i32, i as i32, &mut g.label);
        }
        release(scn);
        if opt.frame != mjFRAME_LIGHT as i32 {
            continue;
        }
        let width = m.vis.scale.framewidth * scl;
        let length = m.vis.scale.framelength * scl;
        add_frame(scn, i as i32, xpos, &mat, length, width);
    }
}

/// Spheres at the centres of mass of the root bodies' subtrees (`mjVIS_COM`).
pub fn add_com(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_COM as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 1..m.nbody as usize {
        if m.body_rootid()[i] != i as i32 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        g.r#type = mjGEOM_SPHERE as i32;
        g.size = [scl * m.vis.scale.com; 3];
        n2f(&mut g.pos, v3(dr.subtree_com, i));
        n2f(&mut g.mat, &IDENTITY);
        g.rgba = m.vis.rgba.com;
        release(scn);
    }
}

/// Skeleton capsules from each body's centre of mass through its joints to the parent's
/// centre of mass (`mjVIS_AUTOCONNECT`).
pub fn add_autoconnect(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_AUTOCONNECT as usize] == 0 {
        return;
    }
    let width = (m.stat.meansize as f32 * m.vis.scale.connect) as f64;
    let (xipos, xanchor) = (dr.xipos, dr.xanchor);
    for i in 1..m.nbody as usize {
        let parent = m.body_parentid()[i] as usize;
        if parent == 0 {
            continue;
        }
        let mut cur = *v3(xipos, i);
        let (jadr, jnum) = (m.body_jntadr()[i], m.body_jntnum()[i]);
        for j in (jadr..jadr + jnum).rev() {
            let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
            let nxt = *v3(xanchor, j as usize);
            connector(g, mjGEOM_CAPSULE as i32, width, &cur, &nxt);
            g.rgba = m.vis.rgba.connect;
            release(scn);
            cur = nxt;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        connector(g, mjGEOM_CAPSULE as i32, width, &cur, v3(xipos, parent));
        g.rgba = m.vis.rgba.connect;
        release(scn);
    }
}

/// Range-finder rays and geom distance segments (`mjVIS_RANGEFINDER`).
pub fn add_rangefinders(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_RANGEFINDER as usize] == 0 {
        return;
    }
    let data = dr.sensordata;
    for i in 0..m.nsensor as usize {
        let st = m.sensor_type()[i];
        let adr = m.sensor_adr()[i] as usize;
        if st == mjSENS_RANGEFINDER as i32 {
            let dst = data[adr];
            if dst < 0.0 {
                continue;
            }
            let sid = m.sensor_objid()[i] as usize;
            let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_SENSOR as i32) else { return };
            let from = v3(dr.site_xpos, sid);
            let mat = v9(dr.site_xmat, sid);
            let to = [from[0] + mat[2] * dst, from[1] + mat[5] * dst, from[2] + mat[8] * dst];
            connector(g, mjGEOM_LINE as i32, 3.0, from, &to);
            g.rgba = m.vis.rgba.rangefinder;
            release(scn);
        } else if st == mjSENS_GEOMFROMTO as i32 {
            let ft = &data[adr..adr + 6];
            if is_zero(ft) {
                continue;
            }
            let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_SENSOR as i32) else { return };
            connector(g, mjGEOM_LINE as i32, 3.0, ft[..3].try_into().unwrap(), ft[3..].try_into().unwrap());
            g.rgba = m.vis.rgba.rangefinder;
            release(scn);
        }
    }
}

/// Arrows of the applied body forces (`mjVIS_PERTFORCE`).
pub fn add_applied_forces(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_PERTFORCE as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    let xfrc = dr.xfrc_applied;
    for i in 1..m.nbody as usize {
        let f = &xfrc[6 * i..6 * i + 6];
        if is_zero(f) {
            continue;
        }
        let force: [f64; 3] = f[..3].try_into().unwrap();
        if norm3(&force) <= mjMINVAL {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, DECOR, UNKNOWN) else { return };
        let from = v3(dr.xipos, i);
        let vec = scl3(&force, m.vis.map.force as f64 / m.stat.meanmass);
        let to = add3(from, &vec);
        connector(g, mjGEOM_ARROW as i32, (m.vis.scale.forcewidth * scl) as f64, from, &to);
        g.rgba = m.vis.rgba.force;
        release(scn);
    }
}

/// Spheres at both ends of the active connect and weld constraints (`mjVIS_CONSTRAINT`).
pub fn add_equality(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    if opt.flags[mjVIS_CONSTRAINT as usize] == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    for i in 0..m.neq as usize {
        let et = m.eq_type()[i];
        let is_weld = et == mjEQ_WELD as i32;
        let is_connect = et == mjEQ_CONNECT as i32;
        if dr.eq_active[i] == 0 || !(is_weld || is_connect) {
            continue;
        }
        let (j, k) = (m.eq_obj1id()[i] as usize, m.eq_obj2id()[i] as usize);
        let (vec, end, mat_j, mat_k);
        if m.eq_objtype()[i] == mjOBJ_SITE as i32 {
            vec = *v3(dr.site_xpos, j);
            end = *v3(dr.site_xpos, k);
            mat_j = v9(dr.site_xmat, j);
            mat_k = v9(dr.site_xmat, k);
        } else {
            let data = &m.eq_data()[mjNEQDATA * i..];
            let pj: &[f64; 3] = data[3 * is_weld as usize..3 * is_weld as usize + 3].try_into().unwrap();
            let pk: &[f64; 3] = data[3 * is_connect as usize..3 * is_connect as usize + 3].try_into().unwrap();
            vec = add3(&mul_mat_vec3(v9(dr.xmat, j), pj), v3(dr.xpos, j));
            end = add3(&mul_mat_vec3(v9(dr.xmat, k), pk), v3(dr.xpos, k));
            mat_j = v9(dr.xmat, j);
            mat_k = v9(dr.xmat, k);
        }
        let sz = [(scl * m.vis.scale.constraint) as f64];
        for (p, mat, rgba) in [(&vec, mat_j, &m.vis.rgba.connect), (&end, mat_k, &m.vis.rgba.constraint)] {
            let Some(g) = acquire(scn, i as i32, DECOR, mjOBJ_EQUALITY as i32) else { return };
            init_geom(g, mjGEOM_SPHERE as i32, Some(&sz), Some(p), Some(mat), Some(rgba));
            if opt.label == mjLABEL_CONSTRAINT as i32 {
                make_label(m, mjOBJ_EQUALITY as i32, i as i32, &mut g.label);
            }
            release(scn);
        }
    }
}
