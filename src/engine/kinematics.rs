//! Position stage: global poses of bodies, joints, geoms, sites (`mj_kinematics`), com-based
//! frames (`mj_comPos`), cameras and lights (`mj_camlight`). Computation chapter, "Kinematics".
//!
//! With sleep enabled, static bodies are skipped, sleeping bodies keep their stored poses (a
//! sleeping body whose pose changed wakes its tree) and the later loops visit awake bodies only.

use crate::abi::*;
use crate::engine::enabled;
use crate::engine::sleep::{self, ASLEEP, AWAKE, STATIC};
use crate::math::blas::{
    add3, add_to3, add_to_scl3, mul_mat_vec3, mul_mat_vec3_split, normalize3, normalize4, scl3, sub3,
};
use crate::math::spatial::{axis_angle2quat, cross, mul_quat, quat2mat, rot_vec_quat};

const FREE: i32 = mjtJoint_::mjJNT_FREE as i32;
const BALL: i32 = mjtJoint_::mjJNT_BALL as i32;
const SLIDE: i32 = mjtJoint_::mjJNT_SLIDE as i32;
const HINGE: i32 = mjtJoint_::mjJNT_HINGE as i32;

/// Read-only view of the global body frames computed by [`kinematics`], one row per body.
pub struct BodyFrames<'a> {
    pub xpos: &'a [[f64; 3]],
    pub xquat: &'a [[f64; 4]],
    pub xmat: &'a [[f64; 9]],
    pub xipos: &'a [[f64; 3]],
    pub ximat: &'a [[f64; 9]],
}

impl BodyFrames<'_> {
    /// Pose of a frame given in the local frame of `body` (`mj_local2Global`): the global
    /// position (zero when `pos` is None) and rotation matrix (identity when `quat` is None),
    /// using the `sameframe` shortcut (an `mjtSameFrame`).
    #[inline]
    pub fn to_global(
        &self,
        pos: Option<&[f64; 3]>,
        quat: Option<&[f64; 4]>,
        body: usize,
        sameframe: u8,
    ) -> ([f64; 3], [f64; 9]) {
        const NONE: u8 = mjtSameFrame_::mjSAMEFRAME_NONE as u8;
        const BODY: u8 = mjtSameFrame_::mjSAMEFRAME_BODY as u8;
        const INERTIA: u8 = mjtSameFrame_::mjSAMEFRAME_INERTIA as u8;
        const BODYROT: u8 = mjtSameFrame_::mjSAMEFRAME_BODYROT as u8;
        let mut xpos = [0.0; 3];
        let mut xmat = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        if let Some(p) = pos {
            xpos = match sameframe {
                BODY => self.xpos[body],
                INERTIA => self.xipos[body],
                _ => add3(&mul_mat_vec3(&self.xmat[body], p), &self.xpos[body]),
            };
        }
        if let Some(q) = quat {
            xmat = match sameframe {
                NONE => quat2mat(&mul_quat(&self.xquat[body], q)),
                BODY | BODYROT => self.xmat[body],
                _ => self.ximat[body],
            };
        }
        (xpos, xmat)
    }

    /// [`Self::to_global`] with both a position and an orientation, written straight into
    /// `xpos`/`xmat` (the geom and site loops).
    #[inline(always)]
    fn place(
        &self,
        xpos: &mut [f64; 3],
        xmat: &mut [f64; 9],
        pos: &[f64; 3],
        quat: &[f64; 4],
        body: usize,
        sameframe: u8,
    ) {
        const NONE: u8 = mjtSameFrame_::mjSAMEFRAME_NONE as u8;
        const BODY: u8 = mjtSameFrame_::mjSAMEFRAME_BODY as u8;
        const INERTIA: u8 = mjtSameFrame_::mjSAMEFRAME_INERTIA as u8;
        const BODYROT: u8 = mjtSameFrame_::mjSAMEFRAME_BODYROT as u8;
        *xpos = match sameframe {
            BODY => self.xpos[body],
            INERTIA => self.xipos[body],
            _ => add3(&mul_mat_vec3(&self.xmat[body], pos), &self.xpos[body]),
        };
        *xmat = match sameframe {
            NONE => quat2mat(&mul_quat(&self.xquat[body], quat)),
            BODY | BODYROT => self.xmat[body],
            _ => self.ximat[body],
        };
    }
}

/// The body frames of `d`.
pub fn body_frames<'a>(m: &mjModel, d: &'a mjData) -> BodyFrames<'a> {
    let a = d.arrays(m);
    BodyFrames::of(a.xpos, a.xquat, a.xmat, a.xipos, a.ximat)
}

impl<'a> BodyFrames<'a> {
    /// The view over flat xpos, xquat, xmat, xipos and ximat arrays.
    #[inline]
    pub fn of(xpos: &'a [f64], xquat: &'a [f64], xmat: &'a [f64], xipos: &'a [f64], ximat: &'a [f64]) -> Self {
        BodyFrames { xpos: rows(xpos), xquat: rows(xquat), xmat: rows(xmat), xipos: rows(xipos), ximat: rows(ximat) }
    }
}

/// A flat array as rows of `N` numbers (`v3`/`v4`/`v9` for every index at once).
#[inline(always)]
fn rows<const N: usize>(s: &[f64]) -> &[[f64; N]] {
    s.as_chunks::<N>().0
}

/// Mutable [`rows`].
#[inline(always)]
fn rows_mut<const N: usize>(s: &mut [f64]) -> &mut [[f64; N]] {
    s.as_chunks_mut::<N>().0
}

/// `mj_local2Global` on `d`'s body frames (see [`BodyFrames::to_global`]).
pub fn local2global(
    m: &mjModel,
    d: &mjData,
    pos: Option<&[f64; 3]>,
    quat: Option<&[f64; 4]>,
    body: usize,
    sameframe: u8,
) -> ([f64; 3], [f64; 9]) {
    body_frames(m, d).to_global(pos, quat, body, sameframe)
}

/// True when sleep is enabled and some bodies are not awake: the loops then walk the awake lists.
#[inline]
fn sleep_filter(m: &mjModel, d: &mjData) -> bool {
    enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nbody_awake < m.nbody
}

/// Body poses from qpos and mocap (first half of `mj_kinematics`), also joint anchors/axes.
fn body_poses(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (jntadr, jntnum) = (&m.body_jntadr()[..nbody], &m.body_jntnum()[..nbody]);
    let (parentid, mocapid) = (&m.body_parentid()[..nbody], &m.body_mocapid()[..nbody]);
    let (body_pos, body_quat) = (rows::<3>(m.body_pos()), rows::<4>(m.body_quat()));
    let (jnt_type, jnt_qposadr) = (m.jnt_type(), m.jnt_qposadr());
    let (jnt_axis, jnt_pos) = (rows::<3>(m.jnt_axis()), rows::<3>(m.jnt_pos()));
    let qpos0 = m.qpos0();
    let sleep_on = enabled(m, mjtEnableBit_::mjENBL_SLEEP);
    let DataMut {
        qpos,
        mocap_pos,
        mocap_quat,
        xpos,
        xquat,
        xmat,
        xanchor,
        xaxis,
        xipos,
        ximat,
        body_awake,
        tree_awake,
        ..
    } = d.arrays_mut(m);
    let (qpos, body_awake) = (&*qpos, &*body_awake);
    let (mocap_pos, mocap_quat) = (rows::<3>(mocap_pos), rows::<4>(mocap_quat));
    let (xpos_all, xquat_all, xmat_all) = (rows_mut::<3>(xpos), rows_mut::<4>(xquat), rows_mut::<9>(xmat));
    let (xanchor_all, xaxis_all) = (rows_mut::<3>(xanchor), rows_mut::<3>(xaxis));
    let (xipos_all, ximat_all) = (rows_mut::<3>(xipos), rows_mut::<9>(ximat));
    let body_treeid = m.body_treeid();
    if nbody == 0 {
        return;
    }

    // world frame
    xpos_all[0] = [0.0; 3];
    xquat_all[0] = [1.0, 0.0, 0.0, 0.0];
    xipos_all[0] = [0.0; 3];
    let eye = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    xmat_all[0] = eye;
    ximat_all[0] = eye;

    for i in 1..nbody {
        if sleep_on && body_awake[i] == STATIC {
            continue;
        }
        let ja = jntadr[i] as usize;
        let jn = jntnum[i] as usize;
        let (mut xpos, mut xquat);

        if jn == 1 && jnt_type[ja] == FREE {
            // free joint: pose read directly from qpos
            let qa = jnt_qposadr[ja] as usize;
            let q: &[f64; 7] = qpos[qa..qa + 7].try_into().unwrap();
            xpos = [q[0], q[1], q[2]];
            xquat = [q[3], q[4], q[5], q[6]];
            normalize4(&mut xquat);
            xanchor_all[ja] = xpos;
            xaxis_all[ja] = jnt_axis[ja];
        } else {
            let pid = parentid[i] as usize;
            let (bpos, bquat) = if mocapid[i] >= 0 {
                let k = mocapid[i] as usize;
                let mut q = mocap_quat[k];
                normalize4(&mut q);
                (mocap_pos[k], q)
            } else {
                (body_pos[i], body_quat[i])
            };

            if pid != 0 {
                // the parent's xmat may have been stored by the previous iteration
                xpos = add3(&mul_mat_vec3_split(&xmat_all[pid], &bpos), &xpos_all[pid]);
                xquat = mul_quat(&xquat_all[pid], &bquat);
            } else {
                xpos = bpos;
                xquat = bquat;
            }

            for j in ja..ja + jn {
                let qa = jnt_qposadr[j] as usize;
                let axis = &jnt_axis[j];
                let jpos = &jnt_pos[j];
                let xaxis = rot_vec_quat(axis, &xquat);
                let xanchor = add3(&rot_vec_quat(jpos, &xquat), &xpos);

                match jnt_type[j] {
                    SLIDE => add_to_scl3(&mut xpos, &xaxis, qpos[qa] - qpos0[qa]),
                    t @ (BALL | HINGE) => {
                        let qloc = if t == BALL {
                            let mut q: [f64; 4] = qpos[qa..qa + 4].try_into().unwrap();
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

                xanchor_all[j] = xanchor;
                xaxis_all[j] = xaxis;
            }
        }

        normalize4(&mut xquat);

        // a sleeping body must not move: unchanged pose keeps the stored frame, any change
        // flags its tree for waking
        if sleep_on && jn > 0 && body_awake[i] == ASLEEP {
            if xpos == xpos_all[i] && xquat == xquat_all[i] {
                continue;
            }
            tree_awake[body_treeid[i] as usize] = 1;
        }

        xquat_all[i] = xquat;
        xpos_all[i] = xpos;
        xmat_all[i] = quat2mat(&xquat);
    }
}

/// Inertial frames, geoms and sites (second half of `mj_kinematics`).
fn frames(m: &mjModel, d: &mut mjData) {
    const NONE: u8 = mjtSameFrame_::mjSAMEFRAME_NONE as u8;
    const BODY: u8 = mjtSameFrame_::mjSAMEFRAME_BODY as u8;
    const INERTIA: u8 = mjtSameFrame_::mjSAMEFRAME_INERTIA as u8;
    const BODYROT: u8 = mjtSameFrame_::mjSAMEFRAME_BODYROT as u8;
    let nbody = m.nbody as usize;
    let filter = sleep_filter(m, d);
    let nlist = if filter { d.nbody_awake as usize } else { nbody };
    let DataMut {
        body_awake_ind,
        body_awake,
        xpos,
        xquat,
        xmat,
        xipos,
        ximat,
        geom_xpos,
        geom_xmat,
        site_xpos,
        site_xmat,
        ..
    } = d.arrays_mut(m);
    let (awake_ind, body_awake) = (&*body_awake_ind, &*body_awake);
    let body_at = |b: usize| if filter { awake_ind[b] as usize } else { b };
    let (ipos, iquat, bsame) = (rows::<3>(m.body_ipos()), rows::<4>(m.body_iquat()), &m.body_sameframe()[..nbody]);
    {
        let (xpos, xquat, xmat) = (rows::<3>(xpos), rows::<4>(xquat), rows::<9>(xmat));
        let (xipos, ximat) = (rows_mut::<3>(xipos), rows_mut::<9>(ximat));
        for b in 1..nlist {
            let i = body_at(b);
            // same cases as BodyFrames::to_global; the inertia shortcuts keep the old value
            match bsame[i] {
                BODY => xipos[i] = xpos[i],
                INERTIA => {}
                _ => xipos[i] = add3(&mul_mat_vec3(&xmat[i], &ipos[i]), &xpos[i]),
            }
            match bsame[i] {
                NONE => ximat[i] = quat2mat(&mul_quat(&xquat[i], &iquat[i])),
                BODY | BODYROT => ximat[i] = xmat[i],
                _ => {}
            }
        }
    }

    let f = BodyFrames::of(xpos, xquat, xmat, xipos, ximat);
    let ngeom = m.ngeom as usize;
    let (gpos, gquat) = (rows::<3>(m.geom_pos()), rows::<4>(m.geom_quat()));
    let (gbody, gsame) = (&m.geom_bodyid()[..ngeom], &m.geom_sameframe()[..ngeom]);
    let (geom_xpos, geom_xmat) = (rows_mut::<3>(geom_xpos), rows_mut::<9>(geom_xmat));
    if filter {
        // geoms of awake bodies only, body by body
        let (geomadr, geomnum) = (m.body_geomadr(), m.body_geomnum());
        for b in 0..nlist {
            let i = body_at(b);
            if body_awake[i] != AWAKE {
                continue;
            }
            let start = geomadr[i].max(0) as usize;
            for g in start..start + geomnum[i] as usize {
                f.place(&mut geom_xpos[g], &mut geom_xmat[g], &gpos[g], &gquat[g], gbody[g] as usize, gsame[g]);
            }
        }
    } else {
        for g in 0..ngeom {
            f.place(&mut geom_xpos[g], &mut geom_xmat[g], &gpos[g], &gquat[g], gbody[g] as usize, gsame[g]);
        }
    }

    let nsite = m.nsite as usize;
    let (spos, squat) = (rows::<3>(m.site_pos()), rows::<4>(m.site_quat()));
    let (sbody, ssame) = (&m.site_bodyid()[..nsite], &m.site_sameframe()[..nsite]);
    let (site_xpos, site_xmat) = (rows_mut::<3>(site_xpos), rows_mut::<9>(site_xmat));
    for s in 0..nsite {
        if filter && body_awake[sbody[s] as usize] != AWAKE {
            continue;
        }
        f.place(&mut site_xpos[s], &mut site_xmat[s], &spos[s], &squat[s], sbody[s] as usize, ssame[s]);
    }
}

/// Forward kinematics (`mj_kinematics`): global poses of bodies, inertial frames, joint anchors
/// and axes, geoms and sites from qpos and the mocap poses.
pub fn kinematics(m: &mjModel, d: &mut mjData) {
    body_poses(m, d);
    if sleep::wake(m, d) > 0 {
        sleep::update_sleep(m, d);
    }
    frames(m, d);
}

/// Com-based inertia (`mju_inertCom`): body inertia `inert` (principal, frame `mat`) of mass
/// `mass` whose com sits at `dif` from the reference point.
fn inert_com(inert: &[f64; 3], mat: &[f64; 9], dif: &[f64; 3], mass: f64) -> [f64; 10] {
    let t = [
        mat[0] * inert[0],
        mat[3] * inert[0],
        mat[6] * inert[0],
        mat[1] * inert[1],
        mat[4] * inert[1],
        mat[7] * inert[1],
        mat[2] * inert[2],
        mat[5] * inert[2],
        mat[8] * inert[2],
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
/// Runs after [`kinematics`].
pub fn com_pos(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (mass, subtreemass) = (&m.body_mass()[..nbody], &m.body_subtreemass()[..nbody]);
    let parentid = &m.body_parentid()[..nbody];
    if sleep_filter(m, d) {
        com_pos_sleep(m, d);
        return;
    }
    let DataMut { xipos, subtree_com, .. } = d.arrays_mut(m);
    let (xipos, com) = (rows::<3>(xipos), rows_mut::<3>(subtree_com));

    // mass-weighted positions, summed up the tree, then normalised
    for ((c, x), &w) in com.iter_mut().zip(xipos).zip(mass) {
        *c = scl3(x, w);
    }
    for i in (1..nbody).rev() {
        let c = com[i];
        add_to3(&mut com[parentid[i] as usize], &c);
    }
    for ((c, x), &w) in com.iter_mut().zip(xipos).zip(subtreemass) {
        *c = if w < mjMINVAL { *x } else { scl3(c, 1.0 / w) };
    }
    com_frames(m, d, false, nbody);
}

/// [`com_pos`] subtree coms with some bodies not awake: only awake bodies are updated; a
/// sleeping child contributes its stored com times its subtree mass.
fn com_pos_sleep(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (mass, subtreemass, parentid) = (m.body_mass(), m.body_subtreemass(), m.body_parentid());
    let nlist = (d.nbody_awake as usize).min(nbody);
    let nparent = (d.nparent_awake as usize).min(nbody);
    let DataMut { xipos, subtree_com, body_awake_ind, parent_awake_ind, body_awake, .. } = d.arrays_mut(m);
    let (xipos, com) = (rows::<3>(xipos), rows_mut::<3>(subtree_com));
    let (awake_ind, parent_ind, body_awake) = (&*body_awake_ind, &*parent_awake_ind, &*body_awake);

    for &i in &awake_ind[..nlist] {
        let i = i as usize;
        com[i] = scl3(&xipos[i], mass[i]);
    }
    for &i in parent_ind[..nparent].iter().rev() {
        let i = i as usize;
        if i == 0 {
            continue;
        }
        let c = if body_awake[i] == ASLEEP { scl3(&com[i], subtreemass[i]) } else { com[i] };
        add_to3(&mut com[parentid[i] as usize], &c);
    }
    for &i in &awake_ind[..nlist] {
        let i = i as usize;
        com[i] = if subtreemass[i] < mjMINVAL { xipos[i] } else { scl3(&com[i], 1.0 / subtreemass[i]) };
    }
    com_frames(m, d, true, nlist);
}

/// Second half of [`com_pos`]: com-based inertias and motion dofs of the bodies `b` in
/// `1..nlist`, or of the awake bodies `body_awake_ind[b]` when `awake_only`.
#[inline(always)]
fn com_frames(m: &mjModel, d: &mut mjData, awake_only: bool, nlist: usize) {
    let nbody = m.nbody as usize;
    let mass = &m.body_mass()[..nbody];
    let rootid = &m.body_rootid()[..nbody];
    let inertia = rows::<3>(m.body_inertia());
    let DataMut { xipos, ximat, xmat, subtree_com, cinert, xanchor, xaxis, cdof, body_awake_ind, .. } = d.arrays_mut(m);
    let awake_ind = &*body_awake_ind;
    let body_at = |b: usize| if awake_only { awake_ind[b] as usize } else { b };
    let (xipos, ximat, xmat) = (rows::<3>(xipos), rows::<9>(ximat), rows::<9>(xmat));
    let com = rows::<3>(subtree_com);

    let cinert = rows_mut::<10>(cinert);
    if nbody > 0 {
        cinert[0] = [0.0; 10];
    }
    for b in 1..nlist {
        let i = body_at(b);
        let off = sub3(&xipos[i], &com[rootid[i] as usize]);
        cinert[i] = inert_com(&inertia[i], &ximat[i], &off, mass[i]);
    }

    let (jntadr, jntnum) = (&m.body_jntadr()[..nbody], &m.body_jntnum()[..nbody]);
    let (jnt_type, jnt_dofadr) = (m.jnt_type(), m.jnt_dofadr());
    let (xanchor, xaxis) = (rows::<3>(xanchor), rows::<3>(xaxis));
    let cdof = rows_mut::<6>(cdof);
    for b in 1..nlist {
        let i = body_at(b);
        let ja = jntadr[i] as usize;
        let root = com[rootid[i] as usize];
        for j in ja..ja + jntnum[i] as usize {
            let da = jnt_dofadr[j] as usize;
            let off = sub3(&root, &xanchor[j]);
            let t = jnt_type[j];
            match t {
                FREE | BALL => {
                    let rot = if t == FREE {
                        // translations along the world axes
                        for k in 0..3 {
                            let mut c = [0.0; 6];
                            c[3 + k] = 1.0;
                            cdof[da + k] = c;
                        }
                        da + 3
                    } else {
                        da
                    };
                    // rotations about the body's own axes (columns of xmat)
                    let r = &xmat[i];
                    for k in 0..3 {
                        let axis = [r[k], r[k + 3], r[k + 6]];
                        cdof[rot + k] = dof_rot(&axis, &off);
                    }
                }
                SLIDE => {
                    let a = &xaxis[j];
                    cdof[da] = [0.0, 0.0, 0.0, a[0], a[1], a[2]];
                }
                HINGE => cdof[da] = dof_rot(&xaxis[j], &off),
                _ => {}
            }
        }
    }
}

/// Camera and light poses (`mj_camlight`), including the tracking and targeting modes.
///
/// Runs after [`kinematics`] and [`com_pos`].
pub fn camlight(m: &mjModel, d: &mut mjData) {
    const TRACK: i32 = mjtCamLight_::mjCAMLIGHT_TRACK as i32;
    const TRACKCOM: i32 = mjtCamLight_::mjCAMLIGHT_TRACKCOM as i32;
    const TARGET: i32 = mjtCamLight_::mjCAMLIGHT_TARGETBODY as i32;
    const TARGETCOM: i32 = mjtCamLight_::mjCAMLIGHT_TARGETBODYCOM as i32;
    let filter = sleep_filter(m, d);
    let DataMut {
        xpos,
        xquat,
        xmat,
        xipos,
        ximat,
        subtree_com,
        body_awake,
        cam_xpos,
        cam_xmat,
        light_xpos,
        light_xdir,
        ..
    } = d.arrays_mut(m);
    let f = BodyFrames::of(xpos, xquat, xmat, xipos, ximat);
    let (xpos, xquat, com) = (f.xpos, f.xquat, rows::<3>(subtree_com));
    let body_awake = &*body_awake;
    // nothing to update when neither the body nor its target moves
    let frozen = |id: usize, target: i32| {
        filter && body_awake[id] != AWAKE && (target < 0 || body_awake[target as usize] != AWAKE)
    };

    let ncam = m.ncam as usize;
    if ncam > 0 {
        let (cbody, ctarget, cmode) = (&m.cam_bodyid()[..ncam], &m.cam_targetbodyid()[..ncam], &m.cam_mode()[..ncam]);
        let (cpos, cquat, cmat0, cpos0, cposcom0) = (
            rows::<3>(m.cam_pos()),
            rows::<4>(m.cam_quat()),
            rows::<9>(m.cam_mat0()),
            rows::<3>(m.cam_pos0()),
            rows::<3>(m.cam_poscom0()),
        );
        let (cam_xpos, cam_xmat) = (rows_mut::<3>(cam_xpos), rows_mut::<9>(cam_xmat));
        for i in 0..ncam {
            let id = cbody[i] as usize;
            let target = ctarget[i];
            if frozen(id, target) {
                continue;
            }
            let (mut p, mut r) = f.to_global(Some(&cpos[i]), Some(&cquat[i]), id, 0);
            match cmode[i] {
                TRACK => {
                    r = cmat0[i];
                    p = add3(&xpos[id], &cpos0[i]);
                }
                TRACKCOM => {
                    r = cmat0[i];
                    p = add3(&com[id], &cposcom0[i]);
                }
                mode @ (TARGET | TARGETCOM) if target >= 0 => {
                    let t = target as usize;
                    let look = if mode == TARGET { xpos[t] } else { com[t] };
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
            cam_xpos[i] = p;
            cam_xmat[i] = r;
        }
    }

    let nlight = m.nlight as usize;
    if nlight > 0 {
        let (lbody, ltarget, lmode) =
            (&m.light_bodyid()[..nlight], &m.light_targetbodyid()[..nlight], &m.light_mode()[..nlight]);
        let (lpos, ldir, ldir0, lpos0, lposcom0) = (
            rows::<3>(m.light_pos()),
            rows::<3>(m.light_dir()),
            rows::<3>(m.light_dir0()),
            rows::<3>(m.light_pos0()),
            rows::<3>(m.light_poscom0()),
        );
        let (light_xpos, light_xdir) = (rows_mut::<3>(light_xpos), rows_mut::<3>(light_xdir));
        for i in 0..nlight {
            let id = lbody[i] as usize;
            let target = ltarget[i];
            if frozen(id, target) {
                continue;
            }
            let (mut p, _) = f.to_global(Some(&lpos[i]), None, id, 0);
            let mut dir = rot_vec_quat(&ldir[i], &xquat[id]);
            match lmode[i] {
                TRACK => {
                    dir = ldir0[i];
                    p = add3(&xpos[id], &lpos0[i]);
                }
                TRACKCOM => {
                    dir = ldir0[i];
                    p = add3(&com[id], &lposcom0[i]);
                }
                mode @ (TARGET | TARGETCOM) if target >= 0 => {
                    let t = target as usize;
                    let look = if mode == TARGET { xpos[t] } else { com[t] };
                    dir = sub3(&look, &p);
                }
                _ => {}
            }
            normalize3(&mut dir);
            light_xpos[i] = p;
            light_xdir[i] = dir;
        }
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
