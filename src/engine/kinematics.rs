//! Position stage: global poses of bodies, joints, geoms, sites (`mj_kinematics`), com-based
//! frames (`mj_comPos`), cameras and lights (`mj_camlight`). Computation chapter, "Kinematics".
//!
//! Sleeping is not supported yet (models with sleep enabled are rejected at mj_makeData), so
//! every stage here processes all bodies; the only sleep bookkeeping kept is upstream's
//! "sleep disabled: wake every tree" step.

use crate::abi::*;
use crate::engine::{enabled, v3, v3m, v4, v4m, v9, v9m};
use crate::math::blas::{add3, add_to3, add_to_scl3, mul_mat_vec3, normalize3, normalize4, scl3, sub3};
use crate::math::spatial::{axis_angle2quat, cross, mul_quat, quat2mat, rot_vec_quat};

const FREE: i32 = mjtJoint_::mjJNT_FREE as i32;
const BALL: i32 = mjtJoint_::mjJNT_BALL as i32;
const SLIDE: i32 = mjtJoint_::mjJNT_SLIDE as i32;
const HINGE: i32 = mjtJoint_::mjJNT_HINGE as i32;

/// Read-only view of the global body frames computed by [`kinematics`].
pub struct BodyFrames<'a> {
    pub xpos: &'a [f64],
    pub xquat: &'a [f64],
    pub xmat: &'a [f64],
    pub xipos: &'a [f64],
    pub ximat: &'a [f64],
}

impl BodyFrames<'_> {
    /// Pose of a frame given in the local frame of `body` (`mj_local2Global`): the global
    /// position (zero when `pos` is None) and rotation matrix (identity when `quat` is None),
    /// using the `sameframe` shortcut (an `mjtSameFrame`).
    pub fn to_global(&self, pos: Option<&[f64; 3]>, quat: Option<&[f64; 4]>, body: usize, sameframe: u8) -> ([f64; 3], [f64; 9]) {
        const NONE: u8 = mjtSameFrame_::mjSAMEFRAME_NONE as u8;
        const BODY: u8 = mjtSameFrame_::mjSAMEFRAME_BODY as u8;
        const INERTIA: u8 = mjtSameFrame_::mjSAMEFRAME_INERTIA as u8;
        const BODYROT: u8 = mjtSameFrame_::mjSAMEFRAME_BODYROT as u8;
        let mut xpos = [0.0; 3];
        let mut xmat = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        if let Some(p) = pos {
            xpos = match sameframe {
                BODY => *v3(self.xpos, body),
                INERTIA => *v3(self.xipos, body),
                _ => add3(&mul_mat_vec3(v9(self.xmat, body), p), v3(self.xpos, body)),
            };
        }
        if let Some(q) = quat {
            xmat = match sameframe {
                NONE => quat2mat(&mul_quat(v4(self.xquat, body), q)),
                BODY | BODYROT => *v9(self.xmat, body),
                _ => *v9(self.ximat, body),
            };
        }
        (xpos, xmat)
    }
}

/// The body frames of `d`.
///
/// # Safety
/// `d` must be data made for `m`; no mutable slice of xpos/xquat/xmat/xipos/ximat may be alive
/// while the view is used.
pub unsafe fn body_frames<'a>(m: &mjModel, d: &mjData) -> BodyFrames<'a> {
    BodyFrames { xpos: d.xpos(m), xquat: d.xquat(m), xmat: d.xmat(m), xipos: d.xipos(m), ximat: d.ximat(m) }
}

/// `mj_local2Global` on `d`'s body frames (see [`BodyFrames::to_global`]).
///
/// # Safety
/// As [`body_frames`].
pub unsafe fn local2global(
    m: &mjModel, d: &mjData, pos: Option<&[f64; 3]>, quat: Option<&[f64; 4]>, body: usize, sameframe: u8,
) -> ([f64; 3], [f64; 9]) {
    body_frames(m, d).to_global(pos, quat, body, sameframe)
}

/// Sleep disabled but some trees still marked asleep: marks every tree awake and rebuilds the
/// awake lists (upstream's `mj_wake` followed by `mj_updateSleep`).
unsafe fn wake_all(m: &mjModel, d: &mut mjData) {
    if enabled(m, mjtEnableBit_::mjENBL_SLEEP) || d.ntree_awake >= m.ntree {
        return;
    }
    d.tree_asleep(m).fill(-(1 + mjMINAWAKE as i32));
    crate::engine::sleep::update_sleep_init(m, d, false);
}

/// Body poses from qpos and mocap (first half of `mj_kinematics`), also joint anchors/axes.
unsafe fn body_poses(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (jntadr, jntnum) = (m.body_jntadr(), m.body_jntnum());
    let (parentid, mocapid) = (m.body_parentid(), m.body_mocapid());
    let (body_pos, body_quat) = (m.body_pos(), m.body_quat());
    let (jnt_type, jnt_qposadr, jnt_axis, jnt_pos) = (m.jnt_type(), m.jnt_qposadr(), m.jnt_axis(), m.jnt_pos());
    let qpos0 = m.qpos0();
    let qpos = d.qpos(m);
    let (mocap_pos, mocap_quat) = (d.mocap_pos(m), d.mocap_quat(m));
    let (xpos_all, xquat_all, xmat_all) = (d.xpos(m), d.xquat(m), d.xmat(m));
    let (xanchor_all, xaxis_all) = (d.xanchor(m), d.xaxis(m));
    let (xipos_all, ximat_all) = (d.xipos(m), d.ximat(m));
    if nbody == 0 {
        return;
    }

    // world frame
    *v3m(xpos_all, 0) = [0.0; 3];
    *v4m(xquat_all, 0) = [1.0, 0.0, 0.0, 0.0];
    *v3m(xipos_all, 0) = [0.0; 3];
    let eye = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    *v9m(xmat_all, 0) = eye;
    *v9m(ximat_all, 0) = eye;

    for i in 1..nbody {
        let ja = jntadr[i] as usize;
        let jn = jntnum[i] as usize;
        let (mut xpos, mut xquat);

        if jn == 1 && jnt_type[ja] == FREE {
            // free joint: pose read directly from qpos
            let qa = jnt_qposadr[ja] as usize;
            xpos = [qpos[qa], qpos[qa + 1], qpos[qa + 2]];
            xquat = [qpos[qa + 3], qpos[qa + 4], qpos[qa + 5], qpos[qa + 6]];
            normalize4(&mut xquat);
            *v3m(xanchor_all, ja) = xpos;
            *v3m(xaxis_all, ja) = *v3(jnt_axis, ja);
        } else {
            let pid = parentid[i] as usize;
            let (bpos, bquat) = if mocapid[i] >= 0 {
                let k = mocapid[i] as usize;
                let mut q = *v4(mocap_quat, k);
                normalize4(&mut q);
                (*v3(mocap_pos, k), q)
            } else {
                (*v3(body_pos, i), *v4(body_quat, i))
            };

            if pid != 0 {
                xpos = add3(&mul_mat_vec3(v9(xmat_all, pid), &bpos), v3(xpos_all, pid));
                xquat = mul_quat(v4(xquat_all, pid), &bquat);
            } else {
                xpos = bpos;
                xquat = bquat;
            }

            for j in ja..ja + jn {
                let qa = jnt_qposadr[j] as usize;
                let axis = v3(jnt_axis, j);
                let jpos = v3(jnt_pos, j);
                let xaxis = rot_vec_quat(axis, &xquat);
                let xanchor = add3(&rot_vec_quat(jpos, &xquat), &xpos);

                match jnt_type[j] {
                    SLIDE => add_to_scl3(&mut xpos, &xaxis, qpos[qa] - qpos0[qa]),
                    t @ (BALL | HINGE) => {
                        let qloc = if t == BALL {
                            let mut q = [qpos[qa], qpos[qa + 1], qpos[qa + 2], qpos[qa + 3]];
                            normalize4(&mut q);
                            q
                        } else {
                            axis_angle2quat(axis, qpos[qa] - qpos0[qa])
                        };
                        xquat = mul_quat(&xquat, &qloc);
                        // keep the anchor fixed under the rotation
                        xpos = sub3(&xanchor, &rot_vec_quat(jpos, &xquat));
                    }
                    t => crate::mjerror!("mj_kinematics1", "unknown joint type {}", t),
                }

                *v3m(xanchor_all, j) = xanchor;
                *v3m(xaxis_all, j) = xaxis;
            }
        }

        normalize4(&mut xquat);
        *v4m(xquat_all, i) = xquat;
        *v3m(xpos_all, i) = xpos;
        *v9m(xmat_all, i) = quat2mat(&xquat);
    }
}

/// Inertial frames, geoms and sites (second half of `mj_kinematics`).
unsafe fn frames(m: &mjModel, d: &mut mjData) {
    const NONE: u8 = mjtSameFrame_::mjSAMEFRAME_NONE as u8;
    const BODY: u8 = mjtSameFrame_::mjSAMEFRAME_BODY as u8;
    const INERTIA: u8 = mjtSameFrame_::mjSAMEFRAME_INERTIA as u8;
    const BODYROT: u8 = mjtSameFrame_::mjSAMEFRAME_BODYROT as u8;
    let nbody = m.nbody as usize;
    let (ipos, iquat, bsame) = (m.body_ipos(), m.body_iquat(), m.body_sameframe());
    {
        let (xpos, xquat, xmat) = (d.xpos(m), d.xquat(m), d.xmat(m));
        let (xipos, ximat) = (d.xipos(m), d.ximat(m));
        for i in 1..nbody {
            // same cases as BodyFrames::to_global; the inertia shortcuts keep the old value
            match bsame[i] {
                BODY => *v3m(xipos, i) = *v3(xpos, i),
                INERTIA => {}
                _ => *v3m(xipos, i) = add3(&mul_mat_vec3(v9(xmat, i), v3(ipos, i)), v3(xpos, i)),
            }
            match bsame[i] {
                NONE => *v9m(ximat, i) = quat2mat(&mul_quat(v4(xquat, i), v4(iquat, i))),
                BODY | BODYROT => *v9m(ximat, i) = *v9(xmat, i),
                _ => {}
            }
        }
    }

    let f = body_frames(m, d);
    let (gpos, gquat, gbody, gsame) = (m.geom_pos(), m.geom_quat(), m.geom_bodyid(), m.geom_sameframe());
    let (geom_xpos, geom_xmat) = (d.geom_xpos(m), d.geom_xmat(m));
    for g in 0..m.ngeom as usize {
        let (p, r) = f.to_global(Some(v3(gpos, g)), Some(v4(gquat, g)), gbody[g] as usize, gsame[g]);
        *v3m(geom_xpos, g) = p;
        *v9m(geom_xmat, g) = r;
    }

    let (spos, squat, sbody, ssame) = (m.site_pos(), m.site_quat(), m.site_bodyid(), m.site_sameframe());
    let (site_xpos, site_xmat) = (d.site_xpos(m), d.site_xmat(m));
    for s in 0..m.nsite as usize {
        let (p, r) = f.to_global(Some(v3(spos, s)), Some(v4(squat, s)), sbody[s] as usize, ssame[s]);
        *v3m(site_xpos, s) = p;
        *v9m(site_xmat, s) = r;
    }
}

/// Forward kinematics (`mj_kinematics`): global poses of bodies, inertial frames, joint anchors
/// and axes, geoms and sites from qpos and the mocap poses.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn kinematics(m: &mjModel, d: &mut mjData) {
    body_poses(m, d);
    wake_all(m, d);
    frames(m, d);
}

/// Com-based inertia (`mju_inertCom`): body inertia `inert` (principal, frame `mat`) of mass
/// `mass` whose com sits at `dif` from the reference point.
fn inert_com(inert: &[f64; 3], mat: &[f64; 9], dif: &[f64; 3], mass: f64) -> [f64; 10] {
    let t = [
        mat[0] * inert[0], mat[3] * inert[0], mat[6] * inert[0],
        mat[1] * inert[1], mat[4] * inert[1], mat[7] * inert[1],
        mat[2] * inert[2], mat[5] * inert[2], mat[8] * inert[2],
    ];
    let mut r = [0.0; 10];
    r[0] = mat[0] * t[0] + mat[1] * t[3] + mat[2] * t[6];
    r[1] = mat[3] * t[1] + mat[4] * t[4] + mat[5] * t[7];
    r[2] = mat[6] * t[2] + mat[7] * t[5] + mat[8] * t[8];
    r[3] = mat[0] * t[1] + mat[1] * t[4] + mat[2] * t[7];
    r[4] = mat[0] * t[2] + mat[1] * t[5] + mat[2] * t[8];
    r[5] = mat[3] * t[2] + mat[4] * t[5] + mat[5] * t[8];
    // parallel-axis shift
    r[0] += mass * (dif[1] * dif[1] + dif[2] * dif[2]);
    r[1] += mass * (dif[0] * dif[0] + dif[2] * dif[2]);
    r[2] += mass * (dif[0] * dif[0] + dif[1] * dif[1]);
    r[3] -= mass * dif[0] * dif[1];
    r[4] -= mass * dif[0] * dif[2];
    r[5] -= mass * dif[1] * dif[2];
    r[6] = mass * dif[0];
    r[7] = mass * dif[1];
    r[8] = mass * dif[2];
    r[9] = mass;
    r
}

/// Motion dof (rotation:translation) of a rotation about `axis` through a point at `-offset`
/// from the reference point (`mju_dofCom` with offset).
#[inline]
fn dof_rot(axis: &[f64; 3], offset: &[f64; 3]) -> [f64; 6] {
    let c = cross(axis, offset);
    [axis[0], axis[1], axis[2], c[0], c[1], c[2]]
}

/// Com-based quantities (`mj_comPos`): subtree centres of mass, body inertias and motion dofs
/// expressed in world orientation about the com of each kinematic tree.
///
/// # Safety
/// `d` must be data made for `m`, after [`kinematics`].
pub unsafe fn com_pos(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (mass, subtreemass, parentid, rootid) =
        (m.body_mass(), m.body_subtreemass(), m.body_parentid(), m.body_rootid());
    let inertia = m.body_inertia();
    let (xipos, ximat, xmat) = (d.xipos(m), d.ximat(m), d.xmat(m));
    let com = d.subtree_com(m);

    // mass-weighted positions, summed up the tree, then normalised
    for i in 0..nbody {
        *v3m(com, i) = scl3(v3(xipos, i), mass[i]);
    }
    for i in (1..nbody).rev() {
        let c = *v3(com, i);
        add_to3(v3m(com, parentid[i] as usize), &c);
    }
    for i in 0..nbody {
        if subtreemass[i] < mjMINVAL {
            *v3m(com, i) = *v3(xipos, i);
        } else {
            let c = *v3(com, i);
            *v3m(com, i) = scl3(&c, 1.0 / subtreemass[i]);
        }
    }

    let cinert = d.cinert(m);
    if nbody > 0 {
        cinert[..10].fill(0.0);
    }
    for i in 1..nbody {
        let off = sub3(v3(xipos, i), v3(com, rootid[i] as usize));
        let ci = inert_com(v3(inertia, i), v9(ximat, i), &off, mass[i]);
        cinert[10 * i..10 * i + 10].copy_from_slice(&ci);
    }

    let (jntadr, jntnum) = (m.body_jntadr(), m.body_jntnum());
    let (jnt_type, jnt_dofadr) = (m.jnt_type(), m.jnt_dofadr());
    let (xanchor, xaxis) = (d.xanchor(m), d.xaxis(m));
    let cdof = d.cdof(m);
    for i in 1..nbody {
        let ja = jntadr[i] as usize;
        for j in ja..ja + jntnum[i] as usize {
            let da = jnt_dofadr[j] as usize;
            let off = sub3(v3(com, rootid[i] as usize), v3(xanchor, j));
            let t = jnt_type[j];
            match t {
                FREE | BALL => {
                    let rot = if t == FREE {
                        // translations along the world axes
                        for k in 0..3 {
                            let mut c = [0.0; 6];
                            c[3 + k] = 1.0;
                            cdof[6 * (da + k)..6 * (da + k) + 6].copy_from_slice(&c);
                        }
                        da + 3
                    } else {
                        da
                    };
                    // rotations about the body's own axes (columns of xmat)
                    let r = v9(xmat, i);
                    for k in 0..3 {
                        let axis = [r[k], r[k + 3], r[k + 6]];
                        cdof[6 * (rot + k)..6 * (rot + k) + 6].copy_from_slice(&dof_rot(&axis, &off));
                    }
                }
                SLIDE => {
                    let a = v3(xaxis, j);
                    cdof[6 * da..6 * da + 6].copy_from_slice(&[0.0, 0.0, 0.0, a[0], a[1], a[2]]);
                }
                HINGE => cdof[6 * da..6 * da + 6].copy_from_slice(&dof_rot(v3(xaxis, j), &off)),
                _ => {}
            }
        }
    }
}

/// Camera and light poses (`mj_camlight`), including the tracking and targeting modes.
///
/// # Safety
/// `d` must be data made for `m`, after [`kinematics`] and [`com_pos`].
pub unsafe fn camlight(m: &mjModel, d: &mut mjData) {
    const TRACK: i32 = mjtCamLight_::mjCAMLIGHT_TRACK as i32;
    const TRACKCOM: i32 = mjtCamLight_::mjCAMLIGHT_TRACKCOM as i32;
    const TARGET: i32 = mjtCamLight_::mjCAMLIGHT_TARGETBODY as i32;
    const TARGETCOM: i32 = mjtCamLight_::mjCAMLIGHT_TARGETBODYCOM as i32;
    let f = body_frames(m, d);
    let (xpos, xquat, com) = (f.xpos, f.xquat, d.subtree_com(m));

    let (cbody, ctarget, cmode) = (m.cam_bodyid(), m.cam_targetbodyid(), m.cam_mode());
    let (cpos, cquat, cmat0, cpos0, cposcom0) =
        (m.cam_pos(), m.cam_quat(), m.cam_mat0(), m.cam_pos0(), m.cam_poscom0());
    let (cam_xpos, cam_xmat) = (d.cam_xpos(m), d.cam_xmat(m));
    for i in 0..m.ncam as usize {
        let id = cbody[i] as usize;
        let target = ctarget[i];
        let (mut p, mut r) = f.to_global(Some(v3(cpos, i)), Some(v4(cquat, i)), id, 0);
        match cmode[i] {
            TRACK => {
                r = *v9(cmat0, i);
                p = add3(v3(xpos, id), v3(cpos0, i));
            }
            TRACKCOM => {
                r = *v9(cmat0, i);
                p = add3(v3(com, id), v3(cposcom0, i));
            }
            mode @ (TARGET | TARGETCOM) if target >= 0 => {
                let t = target as usize;
                let look = if mode == TARGET { *v3(xpos, t) } else { *v3(com, t) };
                // camera z points away from the target, x stays horizontal
                let mut z = sub3(&p, &look);
                normalize3(&mut z);
                let mut x = cross(&[0.0, 0.0, 1.0], &z);
                normalize3(&mut x);
                let mut y = cross(&z, &x);
                normalize3(&mut y);
                r = [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]];
            }
            _ => {}
        }
        *v3m(cam_xpos, i) = p;
        *v9m(cam_xmat, i) = r;
    }

    let (lbody, ltarget, lmode) = (m.light_bodyid(), m.light_targetbodyid(), m.light_mode());
    let (lpos, ldir, ldir0, lpos0, lposcom0) =
        (m.light_pos(), m.light_dir(), m.light_dir0(), m.light_pos0(), m.light_poscom0());
    let (light_xpos, light_xdir) = (d.light_xpos(m), d.light_xdir(m));
    for i in 0..m.nlight as usize {
        let id = lbody[i] as usize;
        let target = ltarget[i];
        let (mut p, _) = f.to_global(Some(v3(lpos, i)), None, id, 0);
        let mut dir = rot_vec_quat(v3(ldir, i), v4(xquat, id));
        match lmode[i] {
            TRACK => {
                dir = *v3(ldir0, i);
                p = add3(v3(xpos, id), v3(lpos0, i));
            }
            TRACKCOM => {
                dir = *v3(ldir0, i);
                p = add3(v3(com, id), v3(lposcom0, i));
            }
            mode @ (TARGET | TARGETCOM) if target >= 0 => {
                let t = target as usize;
                let look = if mode == TARGET { *v3(xpos, t) } else { *v3(com, t) };
                dir = sub3(&look, &p);
            }
            _ => {}
        }
        normalize3(&mut dir);
        *v3m(light_xpos, i) = p;
        *v3m(light_xdir, i) = dir;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inert_com_applies_parallel_axis_theorem() {
        // rotated body frame: principal inertia (1, 2, 3) about (x, y, z) mapped by a quarter
        // turn about z becomes (2, 1, 3); a mass of 2 at (0, 0, 1) adds 2 to Ixx and Iyy
        let rot = [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        let r = inert_com(&[1.0, 2.0, 3.0], &rot, &[0.0, 0.0, 1.0], 2.0);
        let want = [4.0, 3.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 2.0];
        for (a, b) in r.iter().zip(&want) {
            assert!((a - b).abs() < 1e-15, "{r:?}");
        }
    }
}
