//! Velocity stage: com-based velocities (`mj_comVel`), subtree momenta (`mj_subtreeVel`) and
//! recursive Newton-Euler (`mj_rne`, `mj_rnePostConstraint`), plus the tendon-armature bias
//! (`mj_tendonBias`). Computation chapter.
//!
//! Spatial vectors are (rotation, translation) for motions and (torque, force) for forces, all
//! in world orientation about the com of the body's kinematic tree. With sleep enabled and some
//! bodies asleep, the loops visit the awake lists only.

use crate::abi::fields::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::kinematics::BodyFrames;
use crate::engine::sleep::{sleep_state, ASLEEP};
use crate::engine::support::{jac, jac_dot, object_velocity};
use crate::engine::{disabled, enabled, is_sparse, v10, v3, v6, v6m};
use crate::math::blas::{
    add_to3, add_to_scl, dot, dot3, dot6, dot6x4, mul_mat_t_vec, mul_mat_t_vec3, mul_mat_vec3, normalize3, scl3, sub3,
};
use crate::math::misc::decode_pyramid;
use crate::math::spatial::{cross, mul_inert_vec, transform_spatial};
use crate::math::spatial::{cross_force, cross_motion};

const FREE: i32 = mjtJoint_::mjJNT_FREE as i32;
const BALL: i32 = mjtJoint_::mjJNT_BALL as i32;

/// `sum_k dof_k * vec[k]` over the `vec.len()` motion dofs in `dof` (`mju_mulDofVec`): one dof
/// is scaled, several are accumulated from zero skipping zero entries of `vec`.
#[inline]
fn mul_dof_vec(dof: &[[f64; 6]], vec: &[f64]) -> [f64; 6] {
    match vec.len() {
        0 => [0.0; 6],
        1 => dof[0].map(|x| x * vec[0]),
        _ => {
            let mut r = [0.0; 6];
            for (row, &v) in dof.iter().zip(vec) {
                if v != 0.0 {
                    for (a, &b) in r.iter_mut().zip(row) {
                        *a += b * v;
                    }
                }
            }
            r
        }
    }
}

#[inline]
fn add6(a: &[f64; 6], b: &[f64; 6]) -> [f64; 6] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5]]
}

#[inline]
fn add_to6(a: &mut [f64; 6], b: &[f64; 6]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// The dofs `adr..adr + n` of a flat array of 6-vectors (empty for a body without dofs, whose
/// address is -1).
#[inline(always)]
fn dof_rows(rows: &[[f64; 6]], adr: i32, n: i32) -> &[[f64; 6]] {
    if n <= 0 {
        return &[];
    }
    let a = adr as usize;
    &rows[a..a + n as usize]
}

/// The length of the awake body list (the start of `body_awake_ind`) when sleep is enabled and
/// some bodies sleep (upstream's `sleep_filter`).
#[inline]
fn awake_bodies(m: &mjModel, d: &mjData) -> Option<usize> {
    if enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nbody_awake < m.nbody {
        Some((d.nbody_awake.max(0) as usize).min(m.nbody as usize))
    } else {
        None
    }
}

/// Arrays of [`com_vel`]'s forward pass; the per-body step inlines into both body loops.
struct ComVel<'a> {
    parentid: &'a [i32],
    dofnum: &'a [i32],
    dofadr: &'a [i32],
    jnt_type: &'a [i32],
    dof_jntid: &'a [i32],
    cdof: &'a [[f64; 6]],
    qvel: &'a [f64],
    cvel: &'a mut [[f64; 6]],
    cdof_dot: &'a mut [[f64; 6]],
}

impl ComVel<'_> {
    #[inline(always)]
    fn body(&mut self, i: usize) {
        let mut cvel = self.cvel[self.parentid[i] as usize];
        let n = self.dofnum[i];
        if n > 0 {
            let a = self.dofadr[i] as usize;
            let r = a..a + n as usize;
            let (dofs, vel, jids) = (&self.cdof[r.clone()], &self.qvel[r.clone()], &self.dof_jntid[r.clone()]);
            let out = &mut self.cdof_dot[r];
            let n = n as usize;
            let mut j = 0;
            while j < n {
                let t = self.jnt_type[jids[j] as usize];
                if t == FREE || t == BALL {
                    if t == FREE {
                        // translations: no dof derivative
                        out[j..j + 3].fill([0.0; 6]);
                        let tmp = mul_dof_vec(&dofs[j..j + 3], &vel[j..j + 3]);
                        add_to6(&mut cvel, &tmp);
                        j += 3;
                    }
                    // all three rotations see the velocity before this joint's rotation
                    for k in j..j + 3 {
                        out[k] = cross_motion(&cvel, &dofs[k]);
                    }
                    let tmp = mul_dof_vec(&dofs[j..j + 3], &vel[j..j + 3]);
                    add_to6(&mut cvel, &tmp);
                    j += 3;
                } else {
                    out[j] = cross_motion(&cvel, &dofs[j]);
                    let tmp = dofs[j].map(|x| x * vel[j]);
                    add_to6(&mut cvel, &tmp);
                    j += 1;
                }
            }
        }
        self.cvel[i] = cvel;
    }
}

/// Body velocities `cvel` and dof derivatives `cdof_dot` (`mj_comVel`), after `mj_comPos`.
pub fn com_vel(m: &mjModel, d: &mut mjData) {
    let (nbody, nv) = (m.nbody as usize, m.nv as usize);
    if nbody == 0 {
        return;
    }
    let awake = awake_bodies(m, d);
    let DataMut { cdof, qvel, cvel, cdof_dot, body_awake_ind, .. } = d.arrays_mut(m);
    let awake = awake.map(|n| &body_awake_ind[..n]);
    let mut f = ComVel {
        parentid: &m.body_parentid()[..nbody],
        dofnum: &m.body_dofnum()[..nbody],
        dofadr: &m.body_dofadr()[..nbody],
        jnt_type: m.jnt_type(),
        dof_jntid: &m.dof_jntid()[..nv],
        cdof: &cdof.as_chunks::<6>().0[..nv],
        qvel: &qvel[..nv],
        cvel: &mut cvel.as_chunks_mut::<6>().0[..nbody],
        cdof_dot: &mut cdof_dot.as_chunks_mut::<6>().0[..nv],
    };
    f.cvel[0] = [0.0; 6];
    match awake {
        Some(list) => list.iter().skip(1).for_each(|&i| f.body(i as usize)),
        None => (1..nbody).for_each(|i| f.body(i)),
    }
}

/// Arrays of [`subtree_vel`]; the per-body steps inline into each body loop.
struct SubtreeVel<'a> {
    parentid: &'a [i32],
    weldid: &'a [i32],
    rootid: &'a [i32],
    mass: &'a [f64],
    subtreemass: &'a [f64],
    inertia: &'a [[f64; 3]],
    cvel: &'a [[f64; 6]],
    ximat: &'a [[f64; 9]],
    xipos: &'a [[f64; 3]],
    com: &'a [[f64; 3]],
    body_vel: &'a mut [[f64; 6]],
    linvel: &'a mut [[f64; 3]],
    angmom: &'a mut [[f64; 3]],
}

impl SubtreeVel<'_> {
    /// Body `i`'s own momenta, from its velocity at its centre of mass as mj_objectVelocity
    /// gives it.
    #[inline(always)]
    fn own(&mut self, i: usize) {
        let vel = if self.weldid[i] == 0 {
            [0.0; 6]
        } else {
            transform_spatial(&self.cvel[i], false, &self.xipos[i], &self.com[self.rootid[i] as usize], None)
        };
        self.body_vel[i] = vel;
        self.linvel[i] = scl3(&[vel[3], vel[4], vel[5]], self.mass[i]);
        let r = &self.ximat[i];
        let mut dv = mul_mat_t_vec3(r, &[vel[0], vel[1], vel[2]]);
        let inertia = &self.inertia[i];
        dv[0] *= inertia[0];
        dv[1] *= inertia[1];
        dv[2] *= inertia[2];
        self.angmom[i] = mul_mat_vec3(r, &dv);
    }

    /// Linear momentum of subtree `i` added to its parent's, then turned into velocity.
    #[inline(always)]
    fn linear(&mut self, i: usize) {
        if i > 0 {
            let p = self.linvel[i];
            add_to3(&mut self.linvel[self.parentid[i] as usize], &p);
        }
        let s = 1.0 / self.subtreemass[i].max(mjMINVAL);
        self.linvel[i] = scl3(&self.linvel[i], s);
    }

    /// Angular momentum of body `i`'s own motion relative to its subtree, then of the subtree
    /// about the parent.
    #[inline(always)]
    fn angular(&mut self, i: usize) {
        let parent = self.parentid[i] as usize;
        let bv = &self.body_vel[i];
        let dx = sub3(&self.xipos[i], &self.com[i]);
        let dv = sub3(&[bv[3], bv[4], bv[5]], &self.linvel[i]);
        let dl = cross(&dx, &scl3(&dv, self.mass[i]));
        add_to3(&mut self.angmom[i], &dl);
        let own = self.angmom[i];
        add_to3(&mut self.angmom[parent], &own);

        let dx = sub3(&self.com[i], &self.com[parent]);
        let dv = sub3(&self.linvel[i], &self.linvel[parent]);
        let dl = cross(&dx, &scl3(&dv, self.subtreemass[i]));
        add_to3(&mut self.angmom[parent], &dl);
    }
}

/// Subtree linear velocities and angular momenta about the subtree coms (`mj_subtreeVel`),
/// after [`com_vel`].
pub fn subtree_vel(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    if nbody == 0 {
        return;
    }
    with_frame(d, |d, fr| {
        let body_vel = fr.nums(d, 6 * nbody).as_chunks_mut::<6>().0;
        let awake = awake_bodies(m, d);
        let DataMut { cvel, ximat, xipos, subtree_com, subtree_linvel, subtree_angmom, body_awake_ind, .. } =
            d.arrays_mut(m);
        let awake = awake.map(|n| &body_awake_ind[..n]);
        let mut s = SubtreeVel {
            parentid: &m.body_parentid()[..nbody],
            weldid: &m.body_weldid()[..nbody],
            rootid: &m.body_rootid()[..nbody],
            mass: &m.body_mass()[..nbody],
            subtreemass: &m.body_subtreemass()[..nbody],
            inertia: &m.body_inertia().as_chunks::<3>().0[..nbody],
            cvel: &cvel.as_chunks::<6>().0[..nbody],
            ximat: &ximat.as_chunks::<9>().0[..nbody],
            xipos: &xipos.as_chunks::<3>().0[..nbody],
            com: &subtree_com.as_chunks::<3>().0[..nbody],
            body_vel: &mut body_vel[..nbody],
            linvel: &mut subtree_linvel.as_chunks_mut::<3>().0[..nbody],
            angmom: &mut subtree_angmom.as_chunks_mut::<3>().0[..nbody],
        };
        match awake {
            None => {
                (0..nbody).for_each(|i| s.own(i));
                (0..nbody).rev().for_each(|i| s.linear(i));
                (1..nbody).rev().for_each(|i| s.angular(i));
            }
            Some(list) => {
                list.iter().for_each(|&i| s.own(i as usize));
                list.iter().rev().for_each(|&i| s.linear(i as usize));
                list.iter().skip(1).rev().for_each(|&i| s.angular(i as usize));
            }
        }
    });
}

/// World acceleration seen by every body: minus gravity unless gravity is disabled.
#[inline]
fn world_acc(m: &mjModel) -> [f64; 6] {
    let mut a = [0.0; 6];
    if !disabled(m, mjtDisableBit_::mjDSBL_GRAVITY) {
        let g = scl3(&m.opt.gravity, -1.0);
        a[3..].copy_from_slice(&g);
    }
    a
}

/// Net body force `cinert * cacc + cvel x* (cinert * cvel)` of one body.
#[inline(always)]
fn body_force(cinert: &[f64; 10], cacc: &[f64; 6], cvel: &[f64; 6]) -> [f64; 6] {
    let mut f = mul_inert_vec(cinert, cacc);
    let corr = cross_force(cvel, &mul_inert_vec(cinert, cvel));
    add_to6(&mut f, &corr);
    f
}

/// Arrays of [`rne`]'s forward pass; the per-body step inlines into each body loop.
struct RneForward<'a> {
    parentid: &'a [i32],
    dofnum: &'a [i32],
    dofadr: &'a [i32],
    cinert: &'a [[f64; 10]],
    cvel: &'a [[f64; 6]],
    cdof: &'a [[f64; 6]],
    cdof_dot: &'a [[f64; 6]],
    qvel: &'a [f64],
    qacc: &'a [f64],
    cacc: &'a mut [[f64; 6]],
    cfrc: &'a mut [[f64; 6]],
}

impl RneForward<'_> {
    /// `cacc` and net force `cfrc` of body `i`, with `cdof * qacc` in the acceleration if `ACC`.
    #[inline(always)]
    fn body<const ACC: bool>(&mut self, i: usize) {
        let n = self.dofnum[i];
        let r = if n > 0 {
            let a = self.dofadr[i] as usize;
            a..a + n as usize
        } else {
            0..0
        };
        let tmp = mul_dof_vec(&self.cdof_dot[r.clone()], &self.qvel[r.clone()]);
        let mut a = add6(&self.cacc[self.parentid[i] as usize], &tmp);
        if ACC {
            let tmp = mul_dof_vec(&self.cdof[r.clone()], &self.qacc[r]);
            add_to6(&mut a, &tmp);
        }
        self.cacc[i] = a;
        self.cfrc[i] = body_force(&self.cinert[i], &a, &self.cvel[i]);
    }

    #[inline(always)]
    fn run<const ACC: bool>(&mut self, awake: Option<&[i32]>) {
        match awake {
            Some(list) => list.iter().skip(1).for_each(|&i| self.body::<ACC>(i as usize)),
            None => (1..self.parentid.len()).for_each(|i| self.body::<ACC>(i)),
        }
    }
}

/// Where [`rne`] and [`tendon_bias`] put their nv generalized forces: one of the data's own
/// arrays (split from the data with the arrays they read), or a caller's slice.
pub enum ForceOut<'r> {
    /// `qfrc_bias`, as `mj_fwdVelocity` fills it.
    QfrcBias,
    /// `qfrc_inverse`, as `mj_inverse` starts it.
    QfrcInverse,
    /// A slice of nv numbers outside the data.
    Slice(&'r mut [f64]),
}

impl ForceOut<'_> {
    /// The destination, from the data's split arrays.
    #[inline]
    fn pick<'a>(&'a mut self, qfrc_bias: &'a mut [f64], qfrc_inverse: &'a mut [f64]) -> &'a mut [f64] {
        match self {
            ForceOut::QfrcBias => qfrc_bias,
            ForceOut::QfrcInverse => qfrc_inverse,
            ForceOut::Slice(s) => s,
        }
    }
}

/// Recursive Newton-Euler (`mj_rne`): `M qacc + c(qpos, qvel)`, or only the bias `c` when
/// `flg_acc` is false, into `out` (nv numbers). Runs after [`com_vel`].
pub fn rne(m: &mjModel, d: &mut mjData, flg_acc: bool, mut out: ForceOut<'_>) {
    let (nbody, nv) = (m.nbody as usize, m.nv as usize);
    if nbody == 0 {
        return;
    }
    let parentid = &m.body_parentid()[..nbody];
    let nawake = awake_bodies(m, d);
    let (nparent_awake, nv_awake) = (d.nparent_awake, d.nv_awake);
    with_frame(d, |d, fr| {
        // cacc and cfrc in one allocation (the same stack use as two)
        let (cacc, cfrc) = fr.nums(d, 12 * nbody).as_chunks_mut::<6>().0.split_at_mut(nbody);
        let a = d.arrays_mut(m);
        let result = out.pick(a.qfrc_bias, a.qfrc_inverse);
        let cdof = &a.cdof.as_chunks::<6>().0[..nv];
        let awake = nawake.map(|n| &a.body_awake_ind[..n]);

        cacc[0] = world_acc(m);
        let mut f = RneForward {
            parentid,
            dofnum: &m.body_dofnum()[..nbody],
            dofadr: &m.body_dofadr()[..nbody],
            cinert: &a.cinert.as_chunks::<10>().0[..nbody],
            cvel: &a.cvel.as_chunks::<6>().0[..nbody],
            cdof,
            cdof_dot: &a.cdof_dot.as_chunks::<6>().0[..nv],
            qvel: &a.qvel[..nv],
            qacc: &a.qacc[..nv],
            cacc,
            cfrc,
        };
        if flg_acc {
            f.run::<true>(awake);
        } else {
            f.run::<false>(awake);
        }
        let cfrc = f.cfrc;

        cfrc[0] = [0.0; 6];
        if awake.is_some() {
            let np = (nparent_awake.max(0) as usize).min(nbody);
            let nva = (nv_awake.max(0) as usize).min(nv);
            let awake_lists = (&a.parent_awake_ind[..np], &a.dof_awake_ind[..nva]);
            rne_awake_finish(m, cdof, awake_lists, cfrc, result);
            return;
        }
        for i in (1..nbody).rev() {
            let p = parentid[i] as usize;
            if p > 0 {
                let c = cfrc[i];
                add_to6(&mut cfrc[p], &c);
            }
        }

        // result = cdof' cfrc of each dof's body, four dofs at a time
        let dof_bodyid = &m.dof_bodyid()[..nv];
        let result = &mut result[..nv];
        let mut res4 = result.chunks_exact_mut(4);
        let mut dof4 = cdof.chunks_exact(4);
        let mut body4 = dof_bodyid.chunks_exact(4);
        for ((r, c), b) in (&mut res4).zip(&mut dof4).zip(&mut body4) {
            let f = |k: usize| &cfrc[b[k] as usize];
            r.copy_from_slice(&dot6x4([&c[0], &c[1], &c[2], &c[3]], [f(0), f(1), f(2), f(3)]));
        }
        for ((r, dof), &b) in res4.into_remainder().iter_mut().zip(dof4.remainder()).zip(body4.remainder()) {
            *r = dot6(dof, &cfrc[b as usize]);
        }
    });
}

/// Second half of [`rne`] with some bodies asleep: body forces summed over the awake parent
/// list, results for the awake dofs only (`awake`: the parent and dof lists).
fn rne_awake_finish(
    m: &mjModel,
    cdof: &[[f64; 6]],
    (parents, dofs): (&[i32], &[i32]),
    cfrc: &mut [[f64; 6]],
    result: &mut [f64],
) {
    let parentid = m.body_parentid();
    for &i in parents.iter().skip(1).rev() {
        let i = i as usize;
        let p = parentid[i] as usize;
        if p > 0 {
            let f = cfrc[i];
            add_to6(&mut cfrc[p], &f);
        }
    }
    let dof_bodyid = m.dof_bodyid();
    for &i in dofs {
        let i = i as usize;
        result[i] = dot6(&cdof[i], &cfrc[dof_bodyid[i] as usize]);
    }
}

/// Force:torque of contact `id` in its contact frame (normal, tangents, then torques), decoded
/// from the pyramid for pyramidal cones; zero for an invalid id or a contact without rows
/// (`mj_contactForce`).
pub fn contact_force(m: &mjModel, d: &mjData, id: i32) -> [f64; 6] {
    if id < 0 || id >= d.ncon || d.contact.is_null() {
        return [0.0; 6];
    }
    let a = d.arrays(m);
    contact_force_in(m, a.contact, a.efc_force, id as usize)
}

/// [`contact_force`] of contact `id` (below ncon) from mjData's `contact` and `efc_force`.
pub fn contact_force_in(m: &mjModel, contacts: &[mjContact], force: &[f64], id: usize) -> [f64; 6] {
    let mut res = [0.0; 6];
    let con = &contacts[id];
    if con.efc_address < 0 {
        return res;
    }
    let (adr, dim) = (con.efc_address as usize, con.dim.clamp(1, 6) as usize);
    let pyramidal = m.opt.cone == mjtCone_::mjCONE_PYRAMIDAL as i32;
    let nrow = if pyramidal && dim > 1 { 2 * (dim - 1) } else { dim };
    let Some(rows) = force.get(adr..adr + nrow) else { return res };
    if pyramidal {
        decode_pyramid(&mut res, rows, &con.friction[..dim - 1]);
    } else {
        res[..dim].copy_from_slice(rows);
    }
    res
}

/// Torque:force `cfrc` applied at world point `pos`, moved to the com frame of `body`'s tree.
#[inline]
fn to_com(cfrc: &[f64; 6], com: &[f64], rootid: &[i32], body: usize, pos: &[f64; 3]) -> [f64; 6] {
    transform_spatial(cfrc, true, v3(com, rootid[body] as usize), pos, None)
}

/// Post-constraint Newton-Euler (`mj_rnePostConstraint`): body accelerations `cacc`, external
/// forces `cfrc_ext` (applied, contact and equality forces) and internal forces `cfrc_int`.
/// Runs after the constraint solver and qacc are computed.
pub fn rne_post_constraint(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let (rootid, parentid, dofnum, dofadr) = (m.body_rootid(), m.body_parentid(), m.body_dofnum(), m.body_dofadr());
    let geom_bodyid = m.geom_bodyid();
    let ncon = d.ncon.max(0) as usize;
    let no_contacts = ncon == 0 || d.contact.is_null();
    let ne = d.ne.max(0) as usize;
    let DataMut {
        xpos,
        xquat,
        xmat,
        xipos,
        ximat,
        subtree_com: com,
        cacc,
        cfrc_ext,
        cfrc_int,
        xfrc_applied: xfrc,
        contact,
        efc_type,
        efc_id,
        efc_force,
        cdof,
        cdof_dot,
        cinert,
        cvel,
        qvel,
        qacc,
        ..
    } = d.arrays_mut(m);
    let (xpos, xquat, xmat, xipos, ximat, com, xfrc) = (&*xpos, &*xquat, &*xmat, &*xipos, &*ximat, &*com, &*xfrc);
    let (contact, efc_type, efc_id, efc_force) = (&*contact, &*efc_type, &*efc_id, &*efc_force);
    if nbody == 0 {
        return;
    }

    *v6m(cacc, 0) = world_acc(m);

    // applied Cartesian forces (stored as force:torque)
    cfrc_ext.fill(0.0);
    for i in 1..nbody {
        let x = v6(xfrc, i);
        if x.iter().any(|&v| v != 0.0) {
            let c = [x[3], x[4], x[5], x[0], x[1], x[2]];
            let f = to_com(&c, com, rootid, i, v3(xipos, i));
            add_to6(v6m(cfrc_ext, i), &f);
        }
    }

    // contact forces: body 2 receives the force, body 1 its opposite
    let contacts: &[mjContact] = if no_contacts { &[] } else { contact };
    for (id, con) in contacts.iter().take(ncon).enumerate() {
        if con.efc_address < 0 || con.geom[0] < 0 || con.geom[1] < 0 {
            continue;
        }
        let l = contact_force_in(m, contact, efc_force, id);
        let t = mul_mat_t_vec3(&con.frame, &[l[3], l[4], l[5]]);
        let f = mul_mat_t_vec3(&con.frame, &[l[0], l[1], l[2]]);
        let c = [t[0], t[1], t[2], f[0], f[1], f[2]];
        let b1 = geom_bodyid[con.geom[0] as usize] as usize;
        if b1 != 0 {
            let fc = to_com(&c, com, rootid, b1, &con.pos);
            let e = v6m(cfrc_ext, b1);
            for k in 0..6 {
                e[k] -= fc[k];
            }
        }
        let b2 = geom_bodyid[con.geom[1] as usize] as usize;
        if b2 != 0 {
            let fc = to_com(&c, com, rootid, b2, &con.pos);
            add_to6(v6m(cfrc_ext, b2), &fc);
        }
    }

    // equality constraint forces (connect, weld); the others only advance the row counter
    if ne > 0 {
        let frames = BodyFrames::of(xpos, xquat, xmat, xipos, ximat);
        let (eq_type, eq_data, eq_objtype) = (m.eq_type(), m.eq_data(), m.eq_objtype());
        let (eq_obj1id, eq_obj2id) = (m.eq_obj1id(), m.eq_obj2id());
        let (site_bodyid, site_pos) = (m.site_bodyid(), m.site_pos());
        let mut i = 0;
        while i < ne {
            if efc_type[i] != mjtConstraint_::mjCNSTR_EQUALITY as i32 {
                crate::mjerror!("mj_rnePostConstraint", "row {} of efc is not an equality constraint", i);
                return;
            }
            let id = efc_id[i] as usize;
            let ty = eq_type[id];
            const CONNECT: i32 = mjtEq_::mjEQ_CONNECT as i32;
            const WELD: i32 = mjtEq_::mjEQ_WELD as i32;
            const JOINT: i32 = mjtEq_::mjEQ_JOINT as i32;
            const TENDON: i32 = mjtEq_::mjEQ_TENDON as i32;
            const FLEX: i32 = mjtEq_::mjEQ_FLEX as i32;
            match ty {
                CONNECT | WELD => {
                    let weld = ty == WELD;
                    let mut c = [0.0; 6];
                    c[3..].copy_from_slice(&efc_force[i..i + 3]);
                    if weld {
                        c[..3].copy_from_slice(&efc_force[i + 3..i + 6]);
                    }
                    let data = &eq_data[mjNEQDATA * id..mjNEQDATA * (id + 1)];
                    let body_sem = eq_objtype[id] == mjtObj_::mjOBJ_BODY as i32;
                    for (side, obj) in [(0, eq_obj1id[id] as usize), (1, eq_obj2id[id] as usize)] {
                        let k = if body_sem { obj } else { site_bodyid[obj] as usize };
                        if k == 0 {
                            continue;
                        }
                        // anchor on body 1 is data[0..3] for connect, data[3..6] for weld;
                        // on body 2 the other way round
                        let off: &[f64; 3] = if body_sem {
                            let a = 3 * ((side == 0) == weld) as usize;
                            data[a..a + 3].try_into().unwrap()
                        } else {
                            v3(site_pos, obj)
                        };
                        let (pos, _) = frames.to_global(Some(off), None, k, 0);
                        let fc = to_com(&c, com, rootid, k, &pos);
                        let e = v6m(cfrc_ext, k);
                        if side == 0 {
                            add_to6(e, &fc);
                        } else {
                            for q in 0..6 {
                                e[q] -= fc[q];
                            }
                        }
                    }
                    i += if weld { 6 } else { 3 };
                }
                JOINT | TENDON => i += 1,
                FLEX => {
                    let f = eq_obj1id[id] as usize;
                    let adr = m.flex_edgeadr()[f] as usize;
                    let num = m.flex_edgenum()[f] as usize;
                    i += m.flexedge_rigid()[adr..adr + num].iter().filter(|&&r| r == 0).count();
                }
                t => {
                    crate::mjerror!("mj_rnePostConstraint", "unknown constraint type type {}", t);
                    return;
                }
            }
        }
    }

    // accelerations and internal forces, forward then accumulated backward
    let (cinert, cvel) = (&*cinert, &*cvel);
    let (cdof, cdof_dot) = (cdof.as_chunks::<6>().0, cdof_dot.as_chunks::<6>().0);
    let (qvel, qacc) = (&*qvel, &*qacc);
    *v6m(cfrc_int, 0) = [0.0; 6];
    for j in 1..nbody {
        let (bda, n) = (dofadr[j], dofnum[j]);
        let (a0, n0) = (bda.max(0) as usize, n.max(0) as usize);
        let tmp = mul_dof_vec(dof_rows(cdof_dot, bda, n), &qvel[a0..a0 + n0]);
        let mut a = add6(v6(cacc, parentid[j] as usize), &tmp);
        let tmp = mul_dof_vec(dof_rows(cdof, bda, n), &qacc[a0..a0 + n0]);
        add_to6(&mut a, &tmp);
        *v6m(cacc, j) = a;
        let f = body_force(v10(cinert, j), &a, v6(cvel, j));
        let e = v6(cfrc_ext, j);
        *v6m(cfrc_int, j) = [f[0] - e[0], f[1] - e[1], f[2] - e[2], f[3] - e[3], f[4] - e[4], f[5] - e[5]];
    }
    for j in (1..nbody).rev() {
        let f = *v6(cfrc_int, j);
        add_to6(v6m(cfrc_int, parentid[j] as usize), &f);
    }
}

/// Dense time derivative of the Jacobian of spatial tendon `id` (`mj_tendonDot`); zero for a
/// fixed tendon. `jdot` holds nv numbers. Runs after the velocity-dependent com quantities.
pub fn tendon_dot(m: &mjModel, d: &mut mjData, id: usize, jdot: &mut [f64]) {
    const JOINT: i32 = mjtWrap_::mjWRAP_JOINT as i32;
    const PULLEY: i32 = mjtWrap_::mjWRAP_PULLEY as i32;
    const SPHERE: i32 = mjtWrap_::mjWRAP_SPHERE as i32;
    const CYLINDER: i32 = mjtWrap_::mjWRAP_CYLINDER as i32;
    let nv = m.nv as usize;
    let jdot = &mut jdot[..nv];
    jdot.fill(0.0);
    let adr = m.tendon_adr()[id] as usize;
    let (wrap_type, wrap_objid, wrap_prm) = (m.wrap_type(), m.wrap_objid(), m.wrap_prm());
    if wrap_type[adr] == JOINT {
        return;
    }
    let site_bodyid = m.site_bodyid();
    let num = m.tendon_num()[id] as usize;

    with_frame(d, |d, f| {
        let jac1 = f.nums(d, 3 * nv);
        let jac2 = f.nums(d, 3 * nv);
        let jacdif = f.nums(d, 3 * nv);
        let tmp = f.nums(d, nv);
        let d = &*d;
        let site_xpos = d.arrays(m).site_xpos;
        let site = mjtObj_::mjOBJ_SITE as i32;

        let mut divisor = 1.0;
        let mut j = 0;
        while j + 1 < num {
            let (type0, type1) = (wrap_type[adr + j], wrap_type[adr + j + 1]);
            let (id0, id1) = (wrap_objid[adr + j] as usize, wrap_objid[adr + j + 1] as usize);
            if type0 == PULLEY || type1 == PULLEY {
                if type0 == PULLEY {
                    divisor = wrap_prm[adr + j];
                }
                j += 1;
                continue;
            }
            if type1 == SPHERE || type1 == CYLINDER {
                crate::mjerror!("mj_tendonDot", "geom wrapping not supported");
                return;
            }

            let p0 = *v3(site_xpos, id0);
            let p1 = *v3(site_xpos, id1);
            let (v0, v1) = { (object_velocity(m, d, site, id0, false), object_velocity(m, d, site, id1, false)) };
            let (b0, b1) = (site_bodyid[id0] as usize, site_bodyid[id1] as usize);

            if b0 != b1 {
                let mut dpnt = sub3(&p1, &p0);
                let norm = normalize3(&mut dpnt);
                // derivative of the unit direction
                let mut dvel = sub3(&[v1[3], v1[4], v1[5]], &[v0[3], v0[4], v0[5]]);
                let dd = dot3(&dpnt, &dvel);
                for k in 0..3 {
                    dvel[k] += dpnt[k] * -dd;
                }
                let s = if norm > mjMINVAL { 1.0 / norm } else { 0.0 };
                dvel = scl3(&dvel, s);

                {
                    jac_dot(m, d, Some(&mut *jac1), None, &p0, b0);
                    jac_dot(m, d, Some(&mut *jac2), None, &p1, b1);
                }
                for k in 0..3 * nv {
                    jacdif[k] = jac2[k] - jac1[k];
                }
                mul_mat_t_vec(tmp, jacdif, &dpnt, 3, nv);
                add_to_scl(jdot, tmp, 1.0 / divisor);

                {
                    jac(m, d, Some(&mut *jac1), None, &p0, b0);
                    jac(m, d, Some(&mut *jac2), None, &p1, b1);
                }
                for k in 0..3 * nv {
                    jacdif[k] = jac2[k] - jac1[k];
                }
                mul_mat_t_vec(tmp, jacdif, &dvel, 3, nv);
                add_to_scl(jdot, tmp, 1.0 / divisor);
            }
            j += 1;
        }
    });
}

/// Adds the bias force of tendon armature, `J' * armature * (Jdot qvel)` per tendon, to `qfrc`
/// (`mj_tendonBias`), after `mj_tendon` and [`com_vel`]; `out` holds nv numbers.
pub fn tendon_bias(m: &mjModel, d: &mut mjData, mut out: ForceOut<'_>) {
    let nv = m.nv as usize;
    let armature = m.tendon_armature();
    let sparse = is_sparse(m);
    let filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    with_frame(d, |d, f| {
        let mut jdot: &mut [f64] = &mut [];
        for i in 0..m.ntendon as usize {
            if filter && sleep_state(m, d, mjtObj_::mjOBJ_TENDON as i32, i as i32) == ASLEEP {
                continue;
            }
            let arm = armature[i];
            if arm == 0.0 {
                continue;
            }
            if jdot.is_empty() && nv > 0 {
                jdot = f.nums(d, nv);
            }
            tendon_dot(m, d, i, jdot);
            let a = d.arrays_mut(m);
            let qfrc = out.pick(a.qfrc_bias, a.qfrc_inverse);
            let coef = arm * dot(jdot, a.qvel);
            if coef == 0.0 {
                continue;
            }
            let ten_j = a.ten_J;
            if !sparse {
                add_to_scl(&mut qfrc[..nv], &ten_j[nv * i..nv * (i + 1)], coef);
            } else {
                let adr = a.ten_J_rowadr[i] as usize;
                let nnz = a.ten_J_rownnz[i] as usize;
                let colind = &a.ten_J_colind[adr..adr + nnz];
                for (&c, &v) in colind.iter().zip(&ten_j[adr..adr + nnz]) {
                    qfrc[c as usize] += coef * v;
                }
            }
        }
    });
}
