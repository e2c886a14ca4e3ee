//! Mouse perturbations of a selected body (`mjv_movePerturb`, `mjv_initPerturb`,
//! `mjv_applyPerturbPose`, `mjv_applyPerturbForce`) and picking an object under the cursor
//! (`mjv_select`).

use crate::abi::mjtJoint_::*;
use crate::abi::mjtMouse_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtPertBit_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::{v3, v4, v9};
use crate::math::blas::{
    add3, add_scl3, add_to3, add_to_scl3, dot, dot3, mul_mat_vec3, normalize3, normalize4, scl3, sub3,
};
use crate::math::misc::eval_basis;
use crate::math::spatial::{axis_angle2quat, cross, mul_pose, mul_quat, neg_pose, neg_quat, quat2vel};
use crate::mjerror;
use crate::vis::camera::{average_camera, camera_in_model, frustum_height, mouse_vector};

const PI: f64 = core::f64::consts::PI;

/// World position of the perturbation's selection point on body `sel`.
fn selection_point(xpos: &[f64], xmat: &[f64], sel: usize, localpos: &[f64; 3]) -> [f64; 3] {
    add3(&mul_mat_vec3(v9(xmat, sel), localpos), v3(xpos, sel))
}

/// Moves the perturbation's reference pose with the mouse (`mjv_movePerturb`).
pub fn move_perturb(
    m: &mjModel,
    d: &mjData,
    action: i32,
    reldx: f64,
    reldy: f64,
    scn: &mjvScene,
    pert: &mut mjvPerturb,
) {
    let dr = d.arrays(m);
    let sel = pert.select;
    let valid = sel >= 0 && sel < m.nbody;
    let (_, forward, _) = camera_in_model(scn, "mjv_cameraInModel");
    let mut vec = mouse_vector(action, reldx, reldy, &forward);

    match action {
        a if a == mjMOUSE_MOVE_V as i32 || a == mjMOUSE_MOVE_H as i32 => {
            add_to_scl3(&mut pert.refpos, &vec, pert.scale);
            add_to_scl3(&mut pert.refselpos, &vec, pert.scale);
        }
        a if a == mjMOUSE_MOVE_V_REL as i32 || a == mjMOUSE_MOVE_H_REL as i32 => {
            if !valid {
                return;
            }
            let xmat = v9(dr.xmat, sel as usize);
            let axis = if a == mjMOUSE_MOVE_H_REL as i32 { [1.0, 0.0, 0.0] } else { [0.0, 0.0, 1.0] };
            vec = mul_mat_vec3(xmat, &axis);
            add_to_scl3(&mut pert.refpos, &vec, pert.scale * reldy);
            add_to_scl3(&mut pert.refselpos, &vec, pert.scale * reldy);
            vec = mul_mat_vec3(xmat, &[0.0, 1.0, 0.0]);
            add_to_scl3(&mut pert.refpos, &vec, pert.scale * reldx);
            add_to_scl3(&mut pert.refselpos, &vec, pert.scale * reldx);
        }
        a if a == mjMOUSE_ROTATE_V as i32 || a == mjMOUSE_ROTATE_H as i32 => {
            let scl = normalize3(&mut vec);
            let q1 = axis_angle2quat(&vec, scl * PI * 2.0);
            pert.refquat = mul_quat(&q1, &pert.refquat);
            normalize4(&mut pert.refquat);

            // keep the reference within 90 degrees of the selected body's inertial frame
            if sel > 0 && sel < m.nbody {
                let s = sel as usize;
                let xiquat = mul_quat(v4(dr.xquat, s), v4(m.body_iquat(), s));
                let q2 = mul_quat(&neg_quat(&xiquat), &pert.refquat);
                let mut dif = quat2vel(&q2, 1.0);
                let scl = normalize3(&mut dif);
                if !(-PI * 0.5..=PI * 0.5).contains(&scl) {
                    let scl = (-PI * 0.5).max((PI * 0.5).min(scl));
                    let q2 = axis_angle2quat(&dif, scl);
                    pert.refquat = mul_quat(&xiquat, &q2);
                }
            }
        }
        a if a == mjMOUSE_ZOOM as i32 => {}
        _ => {
            mjerror!("mjv_movePerturb", "unexpected mouse action {}", action);
        }
    }
}

/// Starts a perturbation of the selected body (`mjv_initPerturb`): its mass as felt at the
/// selection point, its inertial pose as the reference, and the scale that makes the reference
/// follow the cursor.
pub fn init_perturb(m: &mjModel, d: &mut mjData, scn: &mjvScene, pert: &mut mjvPerturb) {
    let sel = pert.select;
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        // the scratch is taken before the selection is checked, as upstream does (it shows in
        // mjData's stack high-water mark)
        let jac = f.nums(d, 3 * nv);
        let jac_m2 = f.nums(d, 3 * nv);
        let sqrt_inv_d = f.nums(d, nv);
        if sel <= 0 || sel >= m.nbody {
            return;
        }
        let s = sel as usize;
        let d = &*d;
        let dr = d.arrays(m);

        let selpos = selection_point(dr.xpos, dr.xmat, s, &pert.localpos);
        for (o, &x) in sqrt_inv_d.iter_mut().zip(dr.qLDiagInv.iter()) {
            *o = x.sqrt();
        }
        crate::engine::support::jac(m, d, Some(&mut *jac), None, &selpos, s);
        crate::engine::inertia::solve_m2(m, d, jac_m2, jac, sqrt_inv_d, 3);
        let invmass = dot(&jac_m2[..nv], &jac_m2[..nv])
            + dot(&jac_m2[nv..2 * nv], &jac_m2[nv..2 * nv])
            + dot(&jac_m2[2 * nv..3 * nv], &jac_m2[2 * nv..3 * nv]);
        pert.localmass = if invmass == 0.0 { 1.0 } else { 3.0 / invmass.max(mjMINVAL) };

        let fs = pert.flexselect;
        if fs >= 0 && fs < m.nflex && m.flex_rigid()[fs as usize] == 0 {
            let f = fs as usize;
            pert.localmass *= (2.0 * m.flex_edgenum()[f] as f64) / m.flex_vertnum()[f] as f64;
        }

        pert.refpos = *v3(dr.xipos, s);
        pert.refquat = mul_quat(v4(dr.xquat, s), v4(m.body_iquat(), s));
        pert.refselpos = selpos;

        let (headpos, forward, _) = camera_in_model(scn, "mjv_cameraInModel");
        let dif = sub3(&pert.refselpos, &headpos);
        pert.scale = frustum_height(scn, "mjv_frustumHeight") * dot3(&dif, &forward);
        if scn.camera[0].orthographic != 0 {
            pert.scale *= 0.15;
        }
    })
}

/// Moves a perturbed body to the reference pose (`mjv_applyPerturbPose`): a mocap body always;
/// when paused, a free body through its joint, or the free root of its tree so that the body
/// lands on the reference.
pub fn apply_perturb_pose(m: &mjModel, d: &mut mjData, pert: &mjvPerturb, paused: bool) {
    let sel = pert.select;
    if sel <= 0 || sel >= m.nbody || (pert.active | pert.active2) == 0 {
        return;
    }
    let s = sel as usize;
    let rootid = m.body_rootid()[s] as usize;
    let (pos1, quat1) = neg_pose(v3(m.body_ipos(), s), v4(m.body_iquat(), s));
    let (refpos, refquat) = mul_pose(&pert.refpos, &pert.refquat, &pos1, &quat1);

    let is_free = |b: usize| m.body_jntnum()[b] == 1 && m.jnt_type()[m.body_jntadr()[b] as usize] == mjJNT_FREE as i32;
    let mocapid = m.body_mocapid()[s];
    let DataMut { mocap_pos, mocap_quat, qpos, xpos, xquat, .. } = d.arrays_mut(m);
    if mocapid >= 0 {
        let k = mocapid as usize;
        mocap_pos[3 * k..3 * k + 3].copy_from_slice(&refpos);
        mocap_quat[4 * k..4 * k + 4].copy_from_slice(&refquat);
    } else if paused && is_free(s) {
        let a = m.jnt_qposadr()[m.body_jntadr()[s] as usize] as usize;
        qpos[a..a + 3].copy_from_slice(&refpos);
        qpos[a + 3..a + 7].copy_from_slice(&refquat);
    } else if paused && is_free(rootid) {
        let a = m.jnt_qposadr()[m.body_jntadr()[rootid] as usize] as usize;
        let rpos: [f64; 3] = qpos[a..a + 3].try_into().unwrap();
        let rquat: [f64; 4] = qpos[a + 3..a + 7].try_into().unwrap();
        let (p1, q1) = neg_pose(v3(xpos, s), v4(xquat, s));
        let (p2, q2) = mul_pose(&p1, &q1, &rpos, &rquat);
        let (p, q) = mul_pose(&refpos, &refquat, &p2, &q2);
        qpos[a..a + 3].copy_from_slice(&p);
        qpos[a + 3..a + 7].copy_from_slice(&q);
    }
}

/// Spring-damper force and torque pulling the perturbed body towards the reference, written
/// into `xfrc_applied` (`mjv_applyPerturbForce`).
pub fn apply_perturb_force(m: &mjModel, d: &mut mjData, pert: &mjvPerturb) {
    let sel = pert.select;
    let active = pert.active | pert.active2;
    if sel < 0 || sel >= m.nbody || active == 0 {
        return;
    }
    let s = sel as usize;
    let bvel = crate::engine::support::object_velocity(m, d, mjOBJ_BODY as i32, s, false);
    let rotvel = [bvel[0], bvel[1], bvel[2]];
    let linvel = [bvel[3], bvel[4], bvel[5]];
    let invweight = m.body_invweight0()[2 * s + 1];
    let inertia = if invweight != 0.0 { 1.0 / mjMINVAL.max(invweight) } else { 1.0 };

    let dr = d.arrays(m);
    let xfrc = &dr.xfrc_applied[6 * s..6 * s + 6];
    let mut force: [f64; 3] = xfrc[..3].try_into().unwrap();
    let mut torque: [f64; 3] = xfrc[3..].try_into().unwrap();

    if active & mjPERT_TRANSLATE as i32 != 0 {
        let selpos = selection_point(dr.xpos, dr.xmat, s, &pert.localpos);
        let mut diff = sub3(&selpos, &pert.refselpos);
        let stiffness = m.vis.map.stiffness as f64;
        force = scl3(&diff, -stiffness * pert.localmass);
        let moment_arm = sub3(&selpos, v3(dr.xipos, s));
        let mut svel = cross(&rotvel, &moment_arm);
        add_to3(&mut svel, &linvel);
        add_to_scl3(&mut force, &svel, -stiffness.sqrt() * pert.localmass);
        torque = cross(&moment_arm, &force);
        let stiffness = m.vis.map.stiffnessrot as f64;
        normalize3(&mut diff);
        let k = -stiffness.sqrt() * inertia * dot3(&diff, &rotvel);
        add_to_scl3(&mut torque, &diff, k);
    }

    if active & mjPERT_ROTATE as i32 != 0 {
        let stiffness = m.vis.map.stiffnessrot as f64;
        let xiquat = neg_quat(&mul_quat(v4(dr.xquat, s), v4(m.body_iquat(), s)));
        let difquat = mul_quat(&pert.refquat, &xiquat);
        torque = quat2vel(&difquat, 1.0 / (stiffness * inertia));
        add_to_scl3(&mut torque, &rotvel, -stiffness.sqrt() * inertia);
    }

    let xfrc = &mut d.arrays_mut(m).xfrc_applied[6 * s..6 * s + 6];
    xfrc[..3].copy_from_slice(&force);
    xfrc[3..].copy_from_slice(&torque);
}

/// What [`select`] found: the body (-1: nothing), the world point, and the geom, flex and skin
/// hit (-1 for the kinds not hit).
pub struct Selection {
    pub body: i32,
    pub point: Option<[f64; 3]>,
    pub geom: i32,
    pub flex: i32,
    pub skin: i32,
}

/// Casts a ray from the camera through the cursor at (`relx`, `rely`) of a viewport of the
/// given aspect ratio and returns the nearest visible geom, flex or skin hit (`mjv_select`).
#[allow(clippy::too_many_arguments)]
pub fn select(
    m: &mjModel,
    d: &mjData,
    vopt: &mjvOption,
    aspectratio: f64,
    relx: f64,
    rely: f64,
    scn: &mjvScene,
) -> Selection {
    let dr = d.arrays(m);
    let cam = average_camera(&scn.camera[0], &scn.camera[1]);
    let (mut pos, forward, up) = camera_in_model(scn, "mjv_cameraInModel");
    let mut left = cross(&up, &forward);
    normalize3(&mut left);

    let halfwidth = 0.5 * aspectratio * (cam.frustum_top - cam.frustum_bottom) as f64;
    let d_up = cam.frustum_bottom as f64 + rely * (cam.frustum_top - cam.frustum_bottom) as f64;
    let d_left = -(cam.frustum_center as f64 + (2.0 * relx - 1.0) * halfwidth);

    let mut ray;
    if cam.orthographic != 0 {
        ray = forward;
        add_to_scl3(&mut pos, &up, d_up);
        add_to_scl3(&mut pos, &left, d_left);
    } else {
        ray = scl3(&forward, cam.frustum_near as f64);
        add_to_scl3(&mut ray, &up, d_up);
        add_to_scl3(&mut ray, &left, d_left);
        normalize3(&mut ray);
    }

    let flags = &vopt.flags;
    let mut geomid = -1;
    let geomdist = crate::engine::ray::ray(
        m,
        d,
        &pos,
        &ray,
        Some(&vopt.geomgroup[..]),
        flags[mjVIS_STATIC as usize] != 0,
        -1,
        Some(&mut geomid),
    );

    // flexes
    let (mut flexid, mut flexbody, mut flexdist, mut flexpnt) = (-1, -1, -1.0, [0.0; 3]);
    let (fv, fe, ff, fs) = (
        flags[mjVIS_FLEXVERT as usize] != 0,
        flags[mjVIS_FLEXEDGE as usize] != 0,
        flags[mjVIS_FLEXFACE as usize] != 0,
        flags[mjVIS_FLEXSKIN as usize] != 0,
    );
    if fv || fe || ff || fs {
        for i in 0..m.nflex as usize {
            let mut vertid = 0;
            let newdist =
                crate::engine::ray::ray_flex(m, d, vopt.flex_layer, fv, fe, ff, fs, i, &pos, &ray, Some(&mut vertid));
            if newdist >= 0.0 && (newdist < flexdist || flexdist < 0.0) {
                flexdist = newdist;
                let vertadr = m.flex_vertadr()[i] as usize;
                let interp = m.flex_interp()[i];
                if interp != 0 {
                    let coord = v3(m.flex_vert0(), vertadr + vertid as usize);
                    let nstart = m.flex_nodeadr()[i];
                    let nend = nstart + m.flex_nodenum()[i];
                    let (mut nodeid, mut w) = (-1, 0.0);
                    for j in nstart..nend {
                        let b = eval_basis(coord, j - nstart, interp);
                        if b > w {
                            w = b;
                            nodeid = j;
                        }
                    }
                    if nodeid < 0 {
                        mjerror!("mjv_select", "flex {}: node closest to vertex {} not found", i, vertid);
                        return Selection { body: -1, point: None, geom: -1, flex: -1, skin: -1 };
                    }
                    // the node index is looked up past the flex's node address once more, as
                    // upstream does
                    let k = (m.flex_nodeadr()[i] + nodeid) as usize;
                    flexbody = m.flex_nodebodyid().get(k).copied().unwrap_or(-1);
                    if flexbody >= 0 {
                        let b = flexbody as usize;
                        if m.flex_centered()[i] != 0 {
                            flexpnt = *v3(dr.xpos, b);
                        } else {
                            flexpnt =
                                add3(&mul_mat_vec3(v9(dr.xmat, b), v3(m.flex_node(), nodeid as usize)), v3(dr.xpos, b));
                        }
                    }
                } else {
                    flexbody = m.flex_vertbodyid()[vertadr + vertid as usize];
                    flexpnt = *v3(dr.flexvert_xpos, vertadr + vertid as usize);
                }
                flexid = i as i32;
            }
        }
    }

    // skins
    let (mut skinid, mut skinbody, mut skindist, mut skinpnt) = (-1, -1, -1.0, [0.0; 3]);
    if flags[mjVIS_SKIN as usize] != 0 && !scn.skinvert.is_null() {
        let skinvert = crate::vis::scene::skin_vert(scn);
        for i in 0..m.nskin as usize {
            let vertadr = m.skin_vertadr()[i] as usize;
            let vertnum = m.skin_vertnum()[i] as usize;
            let faceadr = m.skin_faceadr()[i] as usize;
            let facenum = m.skin_facenum()[i] as usize;
            let face = &m.skin_face()[3 * faceadr..3 * (faceadr + facenum)];
            let vert = &skinvert[3 * vertadr..3 * (vertadr + vertnum)];
            let mut vertid = 0;
            let newdist = crate::math::ray::ray_skin(face, vert, &pos, &ray, Some(&mut vertid));
            if newdist >= 0.0 && (newdist < skindist || skindist < 0.0) {
                skindist = newdist;
                let mut best = -1.0f32;
                let boneadr = m.skin_boneadr()[i] as usize;
                for j in boneadr..boneadr + m.skin_bonenum()[i] as usize {
                    let va = m.skin_bonevertadr()[j] as usize;
                    for k in va..va + m.skin_bonevertnum()[j] as usize {
                        let vid = m.skin_bonevertid()[k];
                        let weight = m.skin_bonevertweight()[k];
                        if vid == vertid && weight > best {
                            best = weight;
                            skinbody = m.skin_bonebodyid()[j];
                            skinid = i as i32;
                            let v = &vert[3 * vertid as usize..3 * vertid as usize + 3];
                            skinpnt = [v[0] as f64, v[1] as f64, v[2] as f64];
                        }
                    }
                }
            }
        }
    }

    if geomdist < 0.0 && flexdist < 0.0 && skindist < 0.0 {
        return Selection { body: -1, point: None, geom: geomid, flex: flexid, skin: skinid };
    }
    let raydist = [geomdist, flexdist, skindist];
    let mut best: i32 = -1;
    for (i, &r) in raydist.iter().enumerate() {
        if r >= 0.0 && (best < 0 || raydist[best as usize] > r) {
            best = i as i32;
        }
    }
    match best {
        0 => Selection {
            body: m.geom_bodyid()[geomid as usize],
            point: Some(add_scl3(&pos, &ray, geomdist)),
            geom: geomid,
            flex: -1,
            skin: -1,
        },
        1 => Selection { body: flexbody, point: Some(flexpnt), geom: -1, flex: flexid, skin: -1 },
        _ => Selection { body: skinbody, point: Some(skinpnt), geom: -1, flex: -1, skin: skinid },
    }
}
