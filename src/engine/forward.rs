//! The forward pipeline and the integrators (`mj_forward`, `mj_step`, `mj_Euler`, `mj_RungeKutta`,
//! `mj_implicit`). Computation chapter, "Forward dynamics" and "Numerical integration";
//! simulation chapter, "Simulation loop".
//!
//! With sleeping islands (`mjENBL_SLEEP`) the acceleration, integration and state checks run over
//! the awake dofs only (`dof_awake_ind`); the wake/sleep transitions happen in the position stage
//! and in `advance`.

use crate::abi::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::parallel::{self, Shared};
use crate::engine::velocity::ForceOut;
use crate::engine::{
    actuation, collision, constraint, derivative, disabled, enabled, flex, inertia, island, kinematics, passive,
    sensor, sleep, support, tendon, timer_add, timer_end, timer_start, velocity, warning,
};
use crate::math::blas;
use crate::runtime::callbacks;
use crate::runtime::threadpool;

use mjtDisableBit_::*;
use mjtEnableBit_::*;
use mjtTimer_::*;

/// First index of a non-finite or huge value (`mju_isBad`).
fn first_bad(v: &[f64]) -> Option<usize> {
    v.iter().position(|&x| crate::math::misc::is_bad(x))
}

/// The number of awake dofs (the length of the list `dof_awake_ind`) when sleep is enabled and
/// some tree sleeps, else None (all dofs).
fn awake_count(m: &mjModel, d: &mjData) -> Option<usize> {
    if enabled(m, mjENBL_SLEEP) && d.nv_awake < m.nv {
        Some(d.nv_awake as usize)
    } else {
        None
    }
}

/// The awake dofs of a [`awake_count`] result.
#[inline]
fn awake_list(n: Option<usize>, dof_awake_ind: &[i32]) -> Option<&[i32]> {
    n.map(|n| &dof_awake_ind[..n])
}

/// First bad value of `v`, looking only at the listed entries when `ind` is given.
fn first_bad_in(v: &[f64], ind: Option<&[i32]>) -> Option<usize> {
    match ind {
        None => first_bad(v),
        Some(ind) => ind.iter().map(|&i| i as usize).find(|&i| crate::math::misc::is_bad(v[i])),
    }
}

/// `x = inv(L'DL) x` for one vector over the listed rows only (`mj_solveLD` with an index).
fn solve_ld_ind(
    x: &mut [f64],
    ld: &[f64],
    diaginv: &[f64],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    ind: &[i32],
) {
    // x <- inv(L') x
    for &i in ind.iter().rev() {
        let i = i as usize;
        let xi = x[i];
        if rownnz[i] == 1 || xi == 0.0 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        for adr in start..end {
            x[colind[adr] as usize] -= ld[adr] * xi;
        }
    }
    // x <- inv(D) x
    for &i in ind {
        x[i as usize] *= diaginv[i as usize];
    }
    // x <- inv(L) x
    for &i in ind {
        let i = i as usize;
        let n = rownnz[i] as usize - 1;
        if n == 0 {
            continue;
        }
        let adr = rowadr[i] as usize;
        let s = crate::math::sparse::dot_sparse(&ld[adr..adr + n], x, &colind[adr..adr + n]);
        x[i] -= s;
    }
}

/// Common part of the state checks: warn, reset unless autoreset is disabled, count.
fn bad_state(m: &mjModel, d: &mut mjData, kind: mjtWarning_, i: usize) {
    warning(d, kind, i as i32);
    if !disabled(m, mjDSBL_AUTORESET) {
        crate::engine::reset::reset(m, d, 0);
    }
    let w = &mut d.warning[kind as usize];
    w.number += 1;
    w.lastinfo = i as i32;
}

/// `mj_checkPos`: resets the data when a position is bad.
pub fn check_pos(m: &mjModel, d: &mut mjData) {
    if let Some(i) = first_bad(d.arrays(m).qpos) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQPOS, i);
    }
}

/// `mj_checkVel`: resets the data when a velocity is bad.
pub fn check_vel(m: &mjModel, d: &mut mjData) {
    let n = awake_count(m, d);
    let a = d.arrays(m);
    if let Some(i) = first_bad_in(a.qvel, awake_list(n, a.dof_awake_ind)) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQVEL, i);
    }
}

/// `mj_checkAcc`: resets the data (and recomputes forward dynamics) when an acceleration is bad.
pub fn check_acc(m: &mjModel, d: &mut mjData) {
    let n = awake_count(m, d);
    let a = d.arrays(m);
    if let Some(i) = first_bad_in(a.qacc, awake_list(n, a.dof_awake_ind)) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQACC, i);
        if !disabled(m, mjDSBL_AUTORESET) {
            forward(m, d);
        }
    }
}

/// Kinematics-related computations of the position stage (`mj_fwdKinematics`).
pub fn fwd_kinematics(m: &mjModel, d: &mut mjData) {
    kinematics::kinematics(m, d);
    kinematics::com_pos(m, d);
    kinematics::camlight(m, d);
    {
        flex::flex(m, d);
        tendon::tendon(m, d);
        if sleep::wake_tendon(m, d) > 0 {
            sleep::update_sleep(m, d);
        }
    }
}

/// The inertia matrix and its factorisation.
fn inertia_stage(m: &mjModel, d: &mut mjData) {
    inertia::make_m(m, d);
    inertia::factor_m(m, d);
}

/// Position-dependent stage (`mj_fwdPosition`).
pub fn fwd_position(m: &mjModel, d: &mut mjData) {
    let t1 = timer_start();
    position_head(m, d);
    make_stage(m, d);
    transmission_stage(m, d);
    project_stage(m, d);
    timer_end(d, mjTIMER_POSITION, t1);
}

/// The constraints and their islands, timed as `mjTIMER_POS_MAKE`.
fn make_stage(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    constraint::make_constraint(m, d);
    island::island(m, d);
    timer_end(d, mjTIMER_POS_MAKE, t);
}

/// The transmission, timed with the kinematics (as upstream).
fn transmission_stage(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    tendon::transmission(m, d);
    timer_add(d, mjTIMER_POS_KINEMATICS, t);
}

/// The constraint projection, timed as `mjTIMER_POS_PROJECT`.
fn project_stage(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    constraint::project_constraint(m, d);
    timer_end(d, mjTIMER_POS_PROJECT, t);
}

/// The position stage up to the constraints: kinematics, inertia, collision and the wake-ups
/// they cause.
fn position_head(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    fwd_kinematics(m, d);
    timer_end(d, mjTIMER_POS_KINEMATICS, t);

    // inertia and collision are independent: at once when a pool is bound, as upstream does
    match parallel::bound_pool(d) {
        None => {
            inertia_stage(m, d);
            collision::collision(m, d);
        }
        Some(pool) => {
            let shared = Shared::new(m, d);
            threadpool::split_work(pool, 2, &|piece| {
                // SAFETY: `d` outlives the split. Collision writes the contacts (arena, ncon,
                // parena, maxuse_arena and maxuse_con under the pool's allocation lock), its
                // timers and warnings; inertia writes qM, M, qLD and qLDiagInv and its timer.
                // Both only read the kinematics, and each takes scratch from its own thread's
                // stack region.
                let (m, d) = unsafe { shared.get() };
                match piece {
                    0 => collision::collision(m, d),
                    _ => inertia_stage(m, d),
                }
            });
        }
    }

    // contacts and equalities with awake trees wake their sleeping partners
    if sleep::wake_collision(m, d) > 0 {
        sleep::update_sleep(m, d);
        collision::collision(m, d);
    }
    if sleep::wake_equality(m, d) > 0 {
        sleep::update_sleep(m, d);
    }
}

/// The pool to run the constraints and the velocity stage on at once ([`position_velocity`]),
/// or None. Beyond the pool that collision splits over ([`collision::split_pool`]: no plugins,
/// no flex contacts whose Jacobian reads the calling thread's leftover stack), this needs no
/// user code that could see the reordering (`mjcb_passive`, `mjcb_sensor`) and no passive flex
/// contacts, whose forces (velocity stage) depend on the constraints marking them, and no
/// body transmission (adhesion), whose moments are read from the contacts' constraint rows.
fn overlap_pool<'a>(m: &mjModel, d: &mjData) -> Option<&'a threadpool::PoolImpl> {
    let pool = collision::split_pool(m, d)?;
    // SAFETY: the callback globals are set by the C API user before simulating (upstream's
    // contract for mjcb_*), read by value
    let (passive_cb, sensor_cb) = unsafe { (callbacks::mjcb_passive, callbacks::mjcb_sensor) };
    if passive_cb.is_some() || sensor_cb.is_some() || m.flex_passive().iter().any(|&p| p != 0) {
        return None;
    }
    if m.actuator_trntype().contains(&(mjtTrn_::mjTRN_BODY as i32)) {
        return None;
    }
    Some(pool)
}

/// The position and velocity stages with a pool bound: after kinematics, inertia and collision,
/// the constraints (`mj_makeConstraint`, `mj_island`, `mj_projectConstraint`) and the velocity
/// stage without the constraint references run at once; neither reads what the other writes.
/// The transmission, which the actuator velocities need, comes first, and the references last.
/// Position-dependent sensors and energy then follow, before the velocity-dependent ones; no
/// sensor of either stage reads what the other stage writes (user sensors excluded by
/// [`overlap_pool`]). The results are those of the serial order, bit for bit.
fn position_velocity(m: &mjModel, d: &mut mjData, pool: &threadpool::PoolImpl, sensors: bool) {
    let t1 = timer_start();
    position_head(m, d);
    transmission_stage(m, d);

    let shared = Shared::new(m, d);
    threadpool::split_work(pool, 2, &|piece| {
        // SAFETY: `d` outlives the split. The constraint piece writes the efc arrays (arena,
        // under the pool's allocation lock), nefc, nJ and the other constraint counts, the
        // contacts' efc_address and exclude, the islands and its timers; the velocity piece
        // writes the flex edge, tendon and actuator velocities, cvel, cdof_dot, the qfrc_
        // passive forces, qfrc_bias and its timer. The constraints read only the position
        // stage; the velocity piece reads the position stage, qvel and ncon but not the
        // contacts (passive flex contacts are excluded by `overlap_pool`). Each takes scratch
        // from its own thread's stack region.
        let (m, d) = unsafe { shared.get() };
        if piece == 0 {
            make_stage(m, d);
            project_stage(m, d);
        } else {
            let t = timer_start();
            velocity_forces(m, d, false);
            timer_add(d, mjTIMER_VELOCITY, t);
        }
    });
    timer_end(d, mjTIMER_POSITION, t1);
    position_outputs(m, d, sensors);

    let t = timer_start();
    constraint::reference_constraint(m, d);
    timer_end(d, mjTIMER_VELOCITY, t);
    velocity_outputs(m, d, sensors);
}

/// Velocity-dependent stage (`mj_fwdVelocity`).
pub fn fwd_velocity(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    velocity_forces(m, d, true);
    constraint::reference_constraint(m, d);
    timer_end(d, mjTIMER_VELOCITY, t);
}

/// The velocity stage but for the constraint references: the flex edge, tendon and actuator
/// velocities, com-based velocities, passive forces (without those of passive flex contacts
/// unless `contact_passive`) and the bias forces. The references (`efc_vel`, `efc_aref`)
/// neither read nor write what this computes, so upstream's order (references between the
/// passive and the bias forces) gives the same numbers.
fn velocity_forces(m: &mjModel, d: &mut mjData, contact_passive: bool) {
    let sparse = crate::engine::is_sparse(m);
    {
        let DataMut {
            qvel,
            flexedge_velocity,
            flexedge_J,
            flexedge_J_rownnz,
            flexedge_J_rowadr,
            flexedge_J_colind,
            ten_velocity,
            ten_J,
            ten_J_rownnz,
            ten_J_rowadr,
            ten_J_colind,
            actuator_velocity,
            actuator_moment,
            moment_rownnz,
            moment_rowadr,
            moment_colind,
            ..
        } = d.arrays_mut(m);
        let qvel = &*qvel;

        // flex edge and tendon velocities from their Jacobians
        if sparse {
            sparse_mul(flexedge_velocity, flexedge_J, qvel, flexedge_J_rownnz, flexedge_J_rowadr, flexedge_J_colind);
            sparse_mul(ten_velocity, ten_J, qvel, ten_J_rownnz, ten_J_rowadr, ten_J_colind);
        } else {
            if m.nflexedge > 0 {
                blas::mul_mat_vec(flexedge_velocity, flexedge_J, qvel, m.nflexedge as usize, m.nv as usize);
            }
            if m.ntendon > 0 {
                blas::mul_mat_vec(ten_velocity, ten_J, qvel, m.ntendon as usize, m.nv as usize);
            }
        }

        // actuator velocity: the moment matrix is always sparse
        if !disabled(m, mjDSBL_ACTUATION) {
            sparse_mul(actuator_velocity, actuator_moment, qvel, moment_rownnz, moment_rowadr, moment_colind);
        } else {
            blas::zero(actuator_velocity);
        }
    }

    velocity::com_vel(m, d);
    passive::passive_with(m, d, contact_passive);

    // bias forces: RNE without acceleration, plus tendon armature
    velocity::rne(m, d, false, ForceOut::QfrcBias);
    velocity::tendon_bias(m, d, ForceOut::QfrcBias);
}

/// `res = mat * vec` over all rows of a CSR matrix (rows = `rownnz.len()`).
fn sparse_mul(res: &mut [f64], mat: &[f64], vec: &[f64], rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    let nr = rownnz.len();
    if nr > 0 {
        crate::math::sparse::mul_mat_vec_sparse(res, mat, vec, nr, rownnz, rowadr, colind, None);
    }
}

/// Sum of the smooth (non-constraint) forces and the unconstrained acceleration
/// `qacc_smooth = M^-1 qfrc_smooth` (`mj_fwdAcceleration`).
pub fn fwd_acceleration(m: &mjModel, d: &mut mjData) {
    let awake_n = awake_count(m, d);
    let xfrc_any = {
        let DataMut {
            qfrc_smooth,
            qfrc_passive,
            qfrc_bias,
            qfrc_applied,
            qfrc_actuator,
            dof_awake_ind,
            xfrc_applied,
            ..
        } = d.arrays_mut(m);
        let (passive, bias, applied, actuator) = (&*qfrc_passive, &*qfrc_bias, &*qfrc_applied, &*qfrc_actuator);
        match awake_list(awake_n, dof_awake_ind) {
            None => {
                // ((passive - bias) + applied) + actuator, one pass
                let n = qfrc_smooth.len();
                let (passive, bias, applied, actuator) = (&passive[..n], &bias[..n], &applied[..n], &actuator[..n]);
                for ((((r, &p), &b), &a), &u) in
                    qfrc_smooth.iter_mut().zip(passive).zip(bias).zip(applied).zip(actuator)
                {
                    *r = p - b + a + u;
                }
            }
            Some(ind) => {
                for &i in ind {
                    let i = i as usize;
                    qfrc_smooth[i] = passive[i] - bias[i] + applied[i] + actuator[i];
                }
            }
        }
        // usually no Cartesian force is applied: one branch-free scan (any nonzero, or NaN, bit
        // outside the sign) instead of the per-body checks
        let bits = xfrc_applied.get(6..).unwrap_or(&[]).iter().fold(0u64, |a, &v| a | v.to_bits());
        bits << 1 != 0
    };
    if xfrc_any {
        support::xfrc_accumulate_to(m, d, support::QfrcDest::QfrcSmooth);
    }

    let DataMut { qacc_smooth, qfrc_smooth, qLD, qLDiagInv, dof_awake_ind, .. } = d.arrays_mut(m);
    let (qfrc_smooth, qld, diaginv) = (&*qfrc_smooth, &*qLD, &*qLDiagInv);
    match awake_list(awake_n, dof_awake_ind) {
        None => {
            blas::copy(qacc_smooth, qfrc_smooth);
            inertia::solve_ld(
                qacc_smooth,
                qld,
                diaginv,
                m.nv as usize,
                1,
                m.M_rownnz(),
                m.M_rowadr(),
                m.M_colind(),
                None,
            );
        }
        Some(ind) => {
            for &i in ind {
                qacc_smooth[i as usize] = qfrc_smooth[i as usize];
            }
            solve_ld_ind(qacc_smooth, qld, diaginv, m.M_rownnz(), m.M_rowadr(), m.M_colind(), ind);
        }
    }
}

/// Constraint forces and the constrained acceleration (`mj_fwdConstraint`).
pub fn fwd_constraint(m: &mjModel, d: &mut mjData) {
    crate::engine::solver::fwd_constraint(m, d)
}

/// Advances activations, velocities, positions and time from `act_dot` (the data's own
/// `act_dot` when None) and `qacc`, with positions integrated from `qvel` when given
/// (semi-implicit otherwise).
fn advance(m: &mjModel, d: &mut mjData, act_dot: Option<&[f64]>, qacc: &[f64], qvel: Option<&[f64]>) {
    if m.na > 0 && !disabled(m, mjDSBL_ACTUATION) {
        let nu = m.nu as usize;
        let (actadr, actnum) = (&m.actuator_actadr()[..nu], &m.actuator_actnum()[..nu]);
        for i in 0..nu {
            let adr = actadr[i];
            if adr < 0 {
                continue;
            }
            let adr = adr as usize;
            let off = support::actuator_disabled(m, i);
            for j in adr..adr + actnum[i] as usize {
                let ad = if off {
                    0.0
                } else {
                    match act_dot {
                        Some(a) => a[j],
                        None => d.arrays(m).act_dot[j],
                    }
                };
                let next = { actuation::next_activation(m, d, i, j, ad) };
                d.arrays_mut(m).act[j] = next;
            }
        }
    }

    // trees quiet for long enough fall asleep (velocities zeroed): redo the velocity-dependent
    // stages before the awake lists change
    if { sleep::sleep(m, d) } > 0 {
        forward_skip(m, d, mjtStage_::mjSTAGE_POS as i32, false);
        sleep::update_sleep(m, d);
    }

    let h = m.opt.timestep;
    let filter = enabled(m, mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    let (nv_awake, nbody_awake) = (d.nv_awake as usize, d.nbody_awake as usize);
    {
        let DataMut { qvel: qvel_now, qpos, dof_awake_ind, body_awake_ind, .. } = d.arrays_mut(m);
        if filter {
            for &k in &dof_awake_ind[..nv_awake] {
                qvel_now[k as usize] += qacc[k as usize] * h;
            }
        } else {
            blas::add_to_scl(qvel_now, qacc, h);
        }
        let (index, nbody) =
            if filter { (Some(&body_awake_ind[..nbody_awake]), nbody_awake) } else { (None, m.nbody as usize) };
        support::integrate_pos_ind(m, qpos, qvel.unwrap_or(&*qvel_now), h, index, nbody);
    }
    d.time += h;

    // plugins advance their own state
    let dp: *mut mjData = d;
    // SAFETY: `m` is a valid model and `dp` its data (the engine's invariant); each plugin's
    // advance callback is foreign code given the model and the data as upstream's API does, and
    // no Rust borrow of the data is alive while it runs
    unsafe {
        crate::data::plugin::each_plugin(m, "mj_advance", |i, _, p| {
            if let Some(advance) = p.advance {
                advance(m, dp, i);
            }
        });
    }

    let DataMut { qacc_warmstart, qacc, .. } = d.arrays_mut(m);
    blas::copy(qacc_warmstart, qacc);
}

/// Semi-implicit Euler, implicit in joint damping unless disabled (`mj_Euler`).
pub fn euler(m: &mjModel, d: &mut mjData) {
    euler_skip(m, d, false);
}

/// [`euler`]; with `skipfactor` the factorisation of `M + h*diag(damping)` left in `qH` by the
/// previous call is reused (`mj_EulerSkip`).
///
/// With `skipfactor`, `qH`/`qHDiagInv` must hold that factorisation.
pub fn euler_skip(m: &mjModel, d: &mut mjData, skipfactor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let qfrc = f.nums(d, nv);
        let qacc = f.nums(d, nv);
        let awake_n = awake_count(m, d);
        let DataMut { dof_awake_ind, qacc: d_qacc, qH, qHDiagInv, M, qfrc_smooth, qfrc_constraint, .. } =
            d.arrays_mut(m);
        let awake = awake_list(awake_n, dof_awake_ind);
        let damping = m.dof_damping();

        let damped = !disabled(m, mjDSBL_EULERDAMP)
            && !disabled(m, mjDSBL_DAMPER)
            && match awake {
                None => damping.iter().any(|&b| b > 0.0),
                Some(ind) => ind.iter().any(|&i| damping[i as usize] > 0.0),
            };

        if !damped {
            match awake {
                None => qacc.copy_from_slice(d_qacc),
                Some(ind) => copy_ind(qacc, d_qacc, ind),
            }
        } else {
            // (M + h*diag(damping)) qacc = qfrc_smooth + qfrc_constraint
            let qh = qH;
            let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
            let diaginv = qHDiagInv;
            if !skipfactor {
                let mm = &*M;
                match awake {
                    None => qh.copy_from_slice(mm),
                    Some(ind) => copy_rows(qh, mm, rownnz, rowadr, ind),
                }
                let add_damping = |qh: &mut [f64], i: usize| {
                    qh[(rowadr[i] + rownnz[i] - 1) as usize] += m.opt.timestep * damping[i];
                };
                match awake {
                    None => {
                        let h = m.opt.timestep;
                        for ((&a, &n), &b) in rowadr[..nv].iter().zip(&rownnz[..nv]).zip(&damping[..nv]) {
                            qh[(a + n - 1) as usize] += h * b;
                        }
                    }
                    Some(ind) => ind.iter().for_each(|&i| add_damping(qh, i as usize)),
                }
                let nrow = awake.map_or(nv, |ind| ind.len());
                inertia::factor_i(qh, diaginv, nrow, rownnz, rowadr, colind, awake);
            }
            let (smooth, constraint) = (&*qfrc_smooth, &*qfrc_constraint);
            match awake {
                None => {
                    blas::add(qfrc, smooth, constraint);
                    qacc.copy_from_slice(qfrc);
                    inertia::solve_ld(qacc, qh, diaginv, nv, 1, rownnz, rowadr, colind, None);
                }
                Some(ind) => {
                    for &i in ind {
                        let i = i as usize;
                        qfrc[i] = smooth[i] + constraint[i];
                    }
                    copy_ind(qacc, qfrc, ind);
                    solve_ld_ind(qacc, qh, diaginv, rownnz, rowadr, colind, ind);
                }
            }
        }

        advance(m, d, None, qacc, None);
    });
    timer_end(d, mjTIMER_ADVANCE, t);
}

/// `res[i] = vec[i]` for the listed entries (`mju_copyInd`).
fn copy_ind(res: &mut [f64], vec: &[f64], ind: &[i32]) {
    for &i in ind {
        res[i as usize] = vec[i as usize];
    }
}

/// Copies the listed rows of a CSR matrix with the `rownnz`/`rowadr` layout (`mju_copySparse`).
fn copy_rows(res: &mut [f64], mat: &[f64], rownnz: &[i32], rowadr: &[i32], rows: &[i32]) {
    for &r in rows {
        let (a, n) = (rowadr[r as usize] as usize, rownnz[r as usize] as usize);
        res[a..a + n].copy_from_slice(&mat[a..a + n]);
    }
}

/// Butcher tableau of the classic 4th-order Runge-Kutta method: A (3x3, below the diagonal)
/// and B.
const RK4_A: [f64; 9] = [0.5, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 1.0];
const RK4_B: [f64; 4] = [1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0];

/// Explicit Runge-Kutta of order `n` (only 4 is defined) over (qpos, qvel, act)
/// (`mj_RungeKutta`); `mj_forward` must have run at the current state.
pub fn runge_kutta(m: &mjModel, d: &mut mjData, n: i32) {
    if n != 4 {
        crate::mjerror!("mj_RungeKutta", "supported RK orders: N=4");
        return;
    }
    const N: usize = 4;
    let (nq, nv, na) = (m.nq as usize, m.nv as usize, m.na as usize);
    let h = m.opt.timestep;
    let time0 = d.time;

    with_frame(d, |d, f| {
        let dx = f.nums(d, 2 * nv + na);
        let mut xs: [&mut [f64]; N] = [&mut [], &mut [], &mut [], &mut []];
        let mut fs: [&mut [f64]; N] = [&mut [], &mut [], &mut [], &mut []];
        for i in 0..N {
            xs[i] = f.nums(d, nq + nv + na);
            fs[i] = f.nums(d, nv + na);
        }

        // stage times: C(i) = row sums of A
        let mut stage_time = [0.0; N - 1];
        for i in 1..N {
            let c: f64 = (0..i).map(|j| RK4_A[(i - 1) * (N - 1) + j]).sum();
            stage_time[i - 1] = d.time + c * h;
        }

        // stage 0 from the current mj_forward results
        {
            let a = d.arrays(m);
            xs[0][..nq].copy_from_slice(a.qpos);
            xs[0][nq..nq + nv].copy_from_slice(a.qvel);
            fs[0][..nv].copy_from_slice(a.qacc);
            if na > 0 {
                xs[0][nq + nv..].copy_from_slice(a.act);
                fs[0][nv..].copy_from_slice(a.act_dot);
            }
        }

        for i in 1..N {
            blas::zero(dx);
            for j in 0..i {
                let a = RK4_A[(i - 1) * (N - 1) + j];
                blas::add_to_scl(&mut dx[..nv], &xs[j][nq..nq + nv], a);
                blas::add_to_scl(&mut dx[nv..], &fs[j][..nv + na], a);
            }
            let (head, tail) = xs.split_at_mut(i);
            let xi = &mut *tail[0];
            xi.copy_from_slice(&head[0][..]);
            support::integrate_pos(m, &mut xi[..nq], &dx[..nv], h);
            blas::add_to_scl(&mut xi[nq..], &dx[nv..], h);

            {
                let DataMut { qpos, qvel, act, time, .. } = d.arrays_mut(m);
                qpos.copy_from_slice(&xi[..nq]);
                qvel.copy_from_slice(&xi[nq..nq + nv]);
                if na > 0 {
                    act.copy_from_slice(&xi[nq + nv..]);
                }
                *time = stage_time[i - 1];
            }

            forward_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, true);
            let a = d.arrays(m);
            fs[i][..nv].copy_from_slice(a.qacc);
            if na > 0 {
                fs[i][nv..].copy_from_slice(a.act_dot);
            }
        }

        // final combination with the B weights
        blas::zero(dx);
        for j in 0..N {
            blas::add_to_scl(&mut dx[..nv], &xs[j][nq..nq + nv], RK4_B[j]);
            blas::add_to_scl(&mut dx[nv..], &fs[j][..nv + na], RK4_B[j]);
        }

        {
            let DataMut { qpos, qvel, act, time, .. } = d.arrays_mut(m);
            *time = time0;
            qpos.copy_from_slice(&xs[0][..nq]);
            qvel.copy_from_slice(&xs[0][nq..nq + nv]);
            act.copy_from_slice(&xs[0][nq + nv..]);
        }

        let (vel, rest) = dx.split_at(nv);
        let (acc, act_dot) = rest.split_at(nv);
        advance(m, d, Some(act_dot), acc, Some(vel));
    })
}

/// Implicit-in-velocity integration with the analytical derivative `qDeriv` (`mj_implicit`;
/// `implicitfast` drops the RNE part and keeps the symmetric factorisation).
pub fn implicit(m: &mjModel, d: &mut mjData) {
    implicit_skip(m, d, false);
}

/// [`implicit`]; with `skipfactor` the factorisation left in `qLU` (implicit) or `qH`
/// (implicitfast) by the previous call is reused (`mj_implicitSkip`).
///
/// With `skipfactor`, the factorisation must be there.
pub fn implicit_skip(m: &mjModel, d: &mut mjData, skipfactor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    let h = m.opt.timestep;
    let done = with_frame(d, |d, f| {
        let qfrc = f.nums(d, nv);
        let qacc = f.nums(d, nv);
        let awake_n = awake_count(m, d);
        let nrow = awake_n.unwrap_or(nv);
        {
            let a = d.arrays(m);
            let (smooth, constraint) = (a.qfrc_smooth, a.qfrc_constraint);
            match awake_list(awake_n, a.dof_awake_ind) {
                None => blas::add(qfrc, smooth, constraint),
                Some(ind) => {
                    for &i in ind {
                        let i = i as usize;
                        qfrc[i] = smooth[i] + constraint[i];
                    }
                }
            }
        }

        if m.opt.integrator == mjtIntegrator_::mjINT_IMPLICIT as i32 {
            if !skipfactor {
                derivative::smooth_vel(m, d, true);
                let scratch = f.ints(d, nrow);
                let DataMut { qLU, M, qDeriv, dof_awake_ind, .. } = d.arrays_mut(m);
                // qLU = M (lower triangle spread to the full pattern) - h*qDeriv
                crate::math::misc::gather_masked(qLU, M, m.mapM2D());
                blas::add_to_scl(qLU, qDeriv, -h);
                let awake = awake_list(awake_n, dof_awake_ind);
                crate::math::solve::factor_lu_sparse(
                    qLU,
                    nrow,
                    scratch,
                    m.D_rownnz(),
                    m.D_rowadr(),
                    m.D_colind(),
                    awake,
                );
            }
            let a = d.arrays(m);
            let awake = awake_list(awake_n, a.dof_awake_ind);
            crate::math::solve::solve_lu_sparse(
                qacc,
                a.qLU,
                qfrc,
                nrow,
                m.D_rownnz(),
                m.D_rowadr(),
                m.D_diag(),
                m.D_colind(),
                awake,
            );
        } else if m.opt.integrator == mjtIntegrator_::mjINT_IMPLICITFAST as i32 {
            let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
            if !skipfactor {
                derivative::smooth_vel(m, d, false);
            }
            let DataMut { qH, qHDiagInv, qDeriv, M, dof_awake_ind, .. } = d.arrays_mut(m);
            let (qh, diaginv) = (qH, qHDiagInv);
            let awake = awake_list(awake_n, dof_awake_ind);
            if !skipfactor {
                // qH = M - h*qDeriv on the lower-triangular pattern of M
                crate::math::misc::gather(qh, qDeriv, m.mapD2M());
                let hq = &mut *qh;
                for (x, &mv) in hq.iter_mut().zip(M.iter()) {
                    *x = mv + *x * -h;
                }
                inertia::factor_i(qh, diaginv, nrow, rownnz, rowadr, colind, awake);
            }
            match awake {
                None => {
                    qacc.copy_from_slice(qfrc);
                    inertia::solve_ld(qacc, qh, diaginv, nv, 1, rownnz, rowadr, colind, None);
                }
                Some(ind) => {
                    copy_ind(qacc, qfrc, ind);
                    solve_ld_ind(qacc, qh, diaginv, rownnz, rowadr, colind, ind);
                }
            }
        } else {
            crate::mjerror!("mj_implicitSkip", "integrator must be implicit or implicitfast");
            return false;
        }

        advance(m, d, None, qacc, None);
        true
    });
    if done {
        timer_end(d, mjTIMER_ADVANCE, t);
    }
}

/// True when a sensor computes the potential (`pos`) or kinetic energy itself.
fn energy_sensor(m: &mjModel, kind: mjtSensor_) -> bool {
    !disabled(m, mjDSBL_SENSOR) && m.sensor_type().contains(&(kind as i32))
}

/// Position-dependent sensors and potential energy.
fn position_outputs(m: &mjModel, d: &mut mjData, sensors: bool) {
    let mut by_sensor = false;
    if sensors {
        sensor::sensor_pos(m, d);
        by_sensor = energy_sensor(m, mjtSensor_::mjSENS_E_POTENTIAL);
    }
    if !by_sensor {
        if enabled(m, mjENBL_ENERGY) {
            sensor::energy_pos(m, d);
        } else {
            d.energy = [0.0; 2];
        }
    }
}

/// Velocity-dependent sensors and kinetic energy.
fn velocity_outputs(m: &mjModel, d: &mut mjData, sensors: bool) {
    let mut by_sensor = false;
    if sensors {
        sensor::sensor_vel(m, d);
        by_sensor = energy_sensor(m, mjtSensor_::mjSENS_E_KINETIC);
    }
    if enabled(m, mjENBL_ENERGY) && !by_sensor {
        sensor::energy_vel(m, d);
    }
}

/// Calls the user's control callback (`mjcb_control`) when one is installed.
fn control_callback(m: &mjModel, d: &mut mjData) {
    // SAFETY: mjcb_control is a plain global written only by the user through the C API
    // (upstream's contract: set before simulating, not while a step runs), so this read does
    // not race; the callback is foreign code given the model and its data as upstream does, and
    // no Rust borrow of the data is alive while it runs
    unsafe {
        if let Some(cb) = callbacks::mjcb_control {
            cb(m, d);
        }
    }
}

/// Forward dynamics, skipping the stages up to `skipstage` (an `mjtStage`) and, with
/// `skipsensor`, sensors and energy (`mj_forwardSkip`).
pub fn forward_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    let t = timer_start();
    let from_position = skipstage < mjtStage_::mjSTAGE_POS as i32;
    match if from_position { overlap_pool(m, d) } else { None } {
        Some(pool) => position_velocity(m, d, pool, !skipsensor),
        None => {
            if from_position {
                fwd_position(m, d);
                position_outputs(m, d, !skipsensor);
            }
            if skipstage < mjtStage_::mjSTAGE_VEL as i32 {
                fwd_velocity(m, d);
                velocity_outputs(m, d, !skipsensor);
            }
        }
    }
    if !disabled(m, mjDSBL_ACTUATION) {
        control_callback(m, d);
    }
    actuation::fwd_actuation(m, d);
    fwd_acceleration(m, d);
    fwd_constraint(m, d);
    if !skipsensor {
        sensor::sensor_acc(m, d);
    }
    timer_end(d, mjTIMER_FORWARD, t);
}

/// `mj_forward`.
pub fn forward(m: &mjModel, d: &mut mjData) {
    forward_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, false);
}

/// Integrates with the model's integrator after forward dynamics at the current state.
fn integrate(m: &mjModel, d: &mut mjData) {
    match m.opt.integrator {
        x if x == mjtIntegrator_::mjINT_EULER as i32 => euler(m, d),
        x if x == mjtIntegrator_::mjINT_RK4 as i32 => runge_kutta(m, d, 4),
        x if x == mjtIntegrator_::mjINT_IMPLICIT as i32 || x == mjtIntegrator_::mjINT_IMPLICITFAST as i32 => {
            implicit(m, d)
        }
        _ => crate::mjerror!("mj_step", "invalid integrator"),
    }
}

/// One simulation step reusing what is already computed: forward dynamics skip the stages up
/// to `skipstage` (and sensors with `skipsensor`); Euler reuses its factorisation from the
/// position stage on, the implicit integrators from the velocity stage on (`mj_stepSkip`).
///
/// The skipped stages must hold the current state's results.
pub fn step_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    let t = timer_start();
    check_pos(m, d);
    check_vel(m, d);
    forward_skip(m, d, skipstage, skipsensor);
    check_acc(m, d);
    if enabled(m, mjENBL_FWDINV) {
        crate::engine::inverse::compare_fwd_inv(m, d);
    }
    match m.opt.integrator {
        x if x == mjtIntegrator_::mjINT_EULER as i32 => euler_skip(m, d, skipstage >= mjtStage_::mjSTAGE_POS as i32),
        x if x == mjtIntegrator_::mjINT_RK4 as i32 => runge_kutta(m, d, 4),
        x if x == mjtIntegrator_::mjINT_IMPLICIT as i32 || x == mjtIntegrator_::mjINT_IMPLICITFAST as i32 => {
            implicit_skip(m, d, skipstage >= mjtStage_::mjSTAGE_VEL as i32)
        }
        _ => crate::mjerror!("mj_stepSkip", "invalid integrator"),
    }
    timer_end(d, mjTIMER_STEP, t);
}

/// One simulation step (`mj_step`).
pub fn step(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    check_pos(m, d);
    check_vel(m, d);
    forward(m, d);
    check_acc(m, d);
    if enabled(m, mjENBL_FWDINV) {
        crate::engine::inverse::compare_fwd_inv(m, d);
    }
    integrate(m, d);
    timer_end(d, mjTIMER_STEP, t);
}

/// First half of a split step: everything before the controls are read (`mj_step1`).
pub fn step1(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    check_pos(m, d);
    check_vel(m, d);
    if let Some(pool) = overlap_pool(m, d) {
        position_velocity(m, d, pool, true);
    } else {
        fwd_position(m, d);
        position_outputs(m, d, true);
        fwd_velocity(m, d);
        velocity_outputs(m, d, true);
    }
    control_callback(m, d);
    timer_end(d, mjTIMER_STEP, t);
}

/// Second half of a split step: actuation, acceleration and integration (`mj_step2`); RK4
/// falls back to Euler here, as upstream.
pub fn step2(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    actuation::fwd_actuation(m, d);
    fwd_acceleration(m, d);
    fwd_constraint(m, d);
    sensor::sensor_acc(m, d);
    check_acc(m, d);
    if enabled(m, mjENBL_FWDINV) {
        crate::engine::inverse::compare_fwd_inv(m, d);
    }
    let i = m.opt.integrator;
    if i == mjtIntegrator_::mjINT_IMPLICIT as i32 || i == mjtIntegrator_::mjINT_IMPLICITFAST as i32 {
        implicit(m, d);
    } else {
        euler(m, d);
    }
    d.timer[mjTIMER_STEP as usize].number -= 1;
    timer_end(d, mjTIMER_STEP, t);
}
