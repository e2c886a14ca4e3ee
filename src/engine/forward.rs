//! The forward pipeline and the integrators (`mj_forward`, `mj_step`, `mj_Euler`, `mj_RungeKutta`,
//! `mj_implicit`). Computation chapter, "Forward dynamics" and "Numerical integration";
//! simulation chapter, "Simulation loop".
//!
//! With sleeping islands (`mjENBL_SLEEP`) the acceleration, integration and state checks run over
//! the awake dofs only (`dof_awake_ind`); the wake/sleep transitions happen in the position stage
//! and in `advance`.

use crate::abi::*;
use crate::engine::{
    actuation, collision, constraint, island, derivative, disabled, enabled, flex, free, inertia, kinematics, mark,
    passive, sensor, sleep, stack_ints, stack_nums, support, tendon, timer_add, timer_end,
    timer_start, velocity, warning,
};
use crate::math::blas;
use crate::runtime::callbacks;

use mjtDisableBit_::*;
use mjtEnableBit_::*;
use mjtTimer_::*;

/// First index of a non-finite or huge value (`mju_isBad`).
fn first_bad(v: &[f64]) -> Option<usize> {
    v.iter().position(|&x| crate::math::misc::is_bad(x))
}

/// The awake dofs when sleep is enabled and some tree sleeps, else None (all dofs).
///
/// # Safety
/// `d` must be data made for `m`; the list is read-only and valid until the next
/// `sleep::update_sleep`.
unsafe fn awake_dofs<'a>(m: &mjModel, d: &mjData) -> Option<&'a [i32]> {
    if enabled(m, mjENBL_SLEEP) && d.nv_awake < m.nv {
        Some(&d.dof_awake_ind(m)[..d.nv_awake as usize])
    } else {
        None
    }
}

/// First bad value of `v`, looking only at the listed entries when `ind` is given.
fn first_bad_in(v: &[f64], ind: Option<&[i32]>) -> Option<usize> {
    match ind {
        None => first_bad(v),
        Some(ind) => ind.iter().map(|&i| i as usize).find(|&i| crate::math::misc::is_bad(v[i])),
    }
}

/// `x = inv(L'DL) x` for one vector over the listed rows only (`mj_solveLD` with an index).
fn solve_ld_ind(x: &mut [f64], ld: &[f64], diaginv: &[f64], rownnz: &[i32], rowadr: &[i32], colind: &[i32], ind: &[i32]) {
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
unsafe fn bad_state(m: &mjModel, d: &mut mjData, kind: mjtWarning_, i: usize) {
    warning(d, kind, i as i32);
    if !disabled(m, mjDSBL_AUTORESET) {
        crate::engine::reset::reset(m, d, 0);
    }
    let w = &mut d.warning[kind as usize];
    w.number += 1;
    w.lastinfo = i as i32;
}

/// `mj_checkPos`: resets the data when a position is bad.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn check_pos(m: &mjModel, d: &mut mjData) {
    if let Some(i) = first_bad(d.qpos(m)) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQPOS, i);
    }
}

/// `mj_checkVel`: resets the data when a velocity is bad.
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn check_vel(m: &mjModel, d: &mut mjData) {
    if let Some(i) = first_bad_in(d.qvel(m), awake_dofs(m, d)) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQVEL, i);
    }
}

/// `mj_checkAcc`: resets the data (and recomputes forward dynamics) when an acceleration is bad.
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn check_acc(m: &mjModel, d: &mut mjData) {
    if let Some(i) = first_bad_in(d.qacc(m), awake_dofs(m, d)) {
        bad_state(m, d, mjtWarning_::mjWARN_BADQACC, i);
        if !disabled(m, mjDSBL_AUTORESET) {
            forward(m, d);
        }
    }
}

/// Kinematics-related computations of the position stage (`mj_fwdKinematics`).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn fwd_kinematics(m: &mjModel, d: &mut mjData) {
    kinematics::kinematics(m, d);
    kinematics::com_pos(m, d);
    kinematics::camlight(m, d);
    flex::flex(m, d);
    tendon::tendon(m, d);
    if sleep::wake_tendon(m, d) > 0 {
        sleep::update_sleep(m, d);
    }
}

/// Position-dependent stage (`mj_fwdPosition`).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn fwd_position(m: &mjModel, d: &mut mjData) {
    let t1 = timer_start();
    let t = timer_start();
    fwd_kinematics(m, d);
    timer_end(d, mjTIMER_POS_KINEMATICS, t);

    // inertia and collision are independent; upstream runs them on two pool threads when a
    // pool is bound, with the same results as this sequential order
    inertia::make_m(m, d);
    inertia::factor_m(m, d);
    collision::collision(m, d);

    // contacts and equalities with awake trees wake their sleeping partners
    if sleep::wake_collision(m, d) > 0 {
        sleep::update_sleep(m, d);
        collision::collision(m, d);
    }
    if sleep::wake_equality(m, d) > 0 {
        sleep::update_sleep(m, d);
    }

    let t = timer_start();
    constraint::make_constraint(m, d);
    island::island(m, d);
    timer_end(d, mjTIMER_POS_MAKE, t);

    let t = timer_start();
    tendon::transmission(m, d);
    timer_add(d, mjTIMER_POS_KINEMATICS, t);

    let t = timer_start();
    constraint::project_constraint(m, d);
    timer_end(d, mjTIMER_POS_PROJECT, t);

    timer_end(d, mjTIMER_POSITION, t1);
}

/// Velocity-dependent stage (`mj_fwdVelocity`).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn fwd_velocity(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    let qvel = d.qvel(m);
    let sparse = crate::engine::is_sparse(m);

    // flex edge and tendon velocities from their Jacobians
    if sparse {
        sparse_mul(d.flexedge_velocity(m), d.flexedge_J(m), qvel, d.flexedge_J_rownnz(m), d.flexedge_J_rowadr(m), d.flexedge_J_colind(m));
        sparse_mul(d.ten_velocity(m), d.ten_J(m), qvel, d.ten_J_rownnz(m), d.ten_J_rowadr(m), d.ten_J_colind(m));
    } else {
        if m.nflexedge > 0 {
            blas::mul_mat_vec(d.flexedge_velocity(m), d.flexedge_J(m), qvel, m.nflexedge as usize, m.nv as usize);
        }
        if m.ntendon > 0 {
            blas::mul_mat_vec(d.ten_velocity(m), d.ten_J(m), qvel, m.ntendon as usize, m.nv as usize);
        }
    }

    // actuator velocity: the moment matrix is always sparse
    if !disabled(m, mjDSBL_ACTUATION) {
        sparse_mul(d.actuator_velocity(m), d.actuator_moment(m), qvel, d.moment_rownnz(m), d.moment_rowadr(m), d.moment_colind(m));
    } else {
        blas::zero(d.actuator_velocity(m));
    }

    velocity::com_vel(m, d);
    passive::passive(m, d);
    constraint::reference_constraint(m, d);

    // bias forces: RNE without acceleration, plus tendon armature
    let bias = d.qfrc_bias(m);
    velocity::rne(m, d, false, bias);
    velocity::tendon_bias(m, d, bias);

    timer_end(d, mjTIMER_VELOCITY, t);
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn fwd_acceleration(m: &mjModel, d: &mut mjData) {
    let awake = awake_dofs(m, d);
    let qfrc_smooth = d.qfrc_smooth(m);
    let (passive, bias) = (d.qfrc_passive(m), d.qfrc_bias(m));
    let (applied, actuator) = (d.qfrc_applied(m), d.qfrc_actuator(m));
    match awake {
        None => {
            // ((passive - bias) + applied) + actuator, one pass
            let n = qfrc_smooth.len();
            let (passive, bias, applied, actuator) = (&passive[..n], &bias[..n], &applied[..n], &actuator[..n]);
            for ((((r, &p), &b), &a), &u) in qfrc_smooth.iter_mut().zip(passive).zip(bias).zip(applied).zip(actuator) {
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
    let xfrc = d.xfrc_applied(m);
    let bits = xfrc.get(6..).unwrap_or(&[]).iter().fold(0u64, |a, &v| a | v.to_bits());
    if bits << 1 != 0 {
        support::xfrc_accumulate(m, d, qfrc_smooth);
    }

    let qacc_smooth = d.qacc_smooth(m);
    let (qld, diaginv) = (d.qLD(m), d.qLDiagInv(m));
    match awake {
        None => {
            blas::copy(qacc_smooth, qfrc_smooth);
            inertia::solve_ld(qacc_smooth, qld, diaginv, m.nv as usize, 1, m.M_rownnz(), m.M_rowadr(), m.M_colind(), None);
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn fwd_constraint(m: &mjModel, d: &mut mjData) {
    crate::engine::solver::fwd_constraint(m, d)
}

/// Advances activations, velocities, positions and time from `act_dot` and `qacc`, with
/// positions integrated from `qvel` when given (semi-implicit otherwise).
unsafe fn advance(m: &mjModel, d: &mut mjData, act_dot: &[f64], qacc: &[f64], qvel: Option<&[f64]>) {
    if m.na > 0 && !disabled(m, mjDSBL_ACTUATION) {
        let act = d.act(m);
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
                let ad = if off { 0.0 } else { act_dot[j] };
                act[j] = actuation::next_activation(m, d, i, j, ad);
            }
        }
    }

    // trees quiet for long enough fall asleep (velocities zeroed): redo the velocity-dependent
    // stages before the awake lists change
    if sleep::sleep(m, d) > 0 {
        forward_skip(m, d, mjtStage_::mjSTAGE_POS as i32, false);
        sleep::update_sleep(m, d);
    }

    let h = m.opt.timestep;
    let filter = enabled(m, mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    let qvel_now = d.qvel(m);
    if filter {
        for &k in &d.dof_awake_ind(m)[..d.nv_awake as usize] {
            qvel_now[k as usize] += qacc[k as usize] * h;
        }
    } else {
        blas::add_to_scl(qvel_now, qacc, h);
    }
    let (index, nbody) = if filter {
        (Some(&d.body_awake_ind(m)[..d.nbody_awake as usize]), d.nbody_awake as usize)
    } else {
        (None, m.nbody as usize)
    };
    support::integrate_pos_ind(m, d.qpos(m), qvel.unwrap_or(&*qvel_now), h, index, nbody);
    d.time += h;

    // plugins advance their own state
    let dp: *mut mjData = d;
    crate::data::plugin::each_plugin(m, "mj_advance", |i, _, p| {
        if let Some(advance) = p.advance {
            advance(m, dp, i);
        }
    });

    blas::copy(d.qacc_warmstart(m), d.qacc(m));
}

/// Semi-implicit Euler, implicit in joint damping unless disabled (`mj_Euler`).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn euler(m: &mjModel, d: &mut mjData) {
    euler_skip(m, d, false);
}

/// [`euler`]; with `skipfactor` the factorisation of `M + h*diag(damping)` left in `qH` by the
/// previous call is reused (`mj_EulerSkip`).
///
/// # Safety
/// As [`check_pos`]; with `skipfactor`, `qH`/`qHDiagInv` must hold that factorisation.
pub unsafe fn euler_skip(m: &mjModel, d: &mut mjData, skipfactor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    mark(d);
    let qfrc = stack_nums(d, nv);
    let qacc = stack_nums(d, nv);
    let awake = awake_dofs(m, d);
    let damping = m.dof_damping();

    let damped = !disabled(m, mjDSBL_EULERDAMP)
        && !disabled(m, mjDSBL_DAMPER)
        && match awake {
            None => damping.iter().any(|&b| b > 0.0),
            Some(ind) => ind.iter().any(|&i| damping[i as usize] > 0.0),
        };

    if !damped {
        match awake {
            None => qacc.copy_from_slice(d.qacc(m)),
            Some(ind) => copy_ind(qacc, d.qacc(m), ind),
        }
    } else {
        // (M + h*diag(damping)) qacc = qfrc_smooth + qfrc_constraint
        let qh = d.qH(m);
        let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
        let diaginv = d.qHDiagInv(m);
        if !skipfactor {
            let mm = d.M(m);
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
        let (smooth, constraint) = (d.qfrc_smooth(m), d.qfrc_constraint(m));
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

    advance(m, d, d.act_dot(m), qacc, None);
    free(d);
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn runge_kutta(m: &mjModel, d: &mut mjData, n: i32) {
    if n != 4 {
        crate::mjerror!("mj_RungeKutta", "supported RK orders: N=4");
        return;
    }
    const N: usize = 4;
    let (nq, nv, na) = (m.nq as usize, m.nv as usize, m.na as usize);
    let h = m.opt.timestep;
    let time0 = d.time;

    mark(d);
    let dx = stack_nums(d, 2 * nv + na);
    let mut xs: [&mut [f64]; N] = [&mut [], &mut [], &mut [], &mut []];
    let mut fs: [&mut [f64]; N] = [&mut [], &mut [], &mut [], &mut []];
    for i in 0..N {
        xs[i] = stack_nums(d, nq + nv + na);
        fs[i] = stack_nums(d, nv + na);
    }

    // stage times: C(i) = row sums of A
    let mut stage_time = [0.0; N - 1];
    for i in 1..N {
        let c: f64 = (0..i).map(|j| RK4_A[(i - 1) * (N - 1) + j]).sum();
        stage_time[i - 1] = d.time + c * h;
    }

    // stage 0 from the current mj_forward results
    xs[0][..nq].copy_from_slice(d.qpos(m));
    xs[0][nq..nq + nv].copy_from_slice(d.qvel(m));
    fs[0][..nv].copy_from_slice(d.qacc(m));
    if na > 0 {
        xs[0][nq + nv..].copy_from_slice(d.act(m));
        fs[0][nv..].copy_from_slice(d.act_dot(m));
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

        d.qpos(m).copy_from_slice(&xi[..nq]);
        d.qvel(m).copy_from_slice(&xi[nq..nq + nv]);
        if na > 0 {
            d.act(m).copy_from_slice(&xi[nq + nv..]);
        }
        d.time = stage_time[i - 1];

        forward_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, true);
        fs[i][..nv].copy_from_slice(d.qacc(m));
        if na > 0 {
            fs[i][nv..].copy_from_slice(d.act_dot(m));
        }
    }

    // final combination with the B weights
    blas::zero(dx);
    for j in 0..N {
        blas::add_to_scl(&mut dx[..nv], &xs[j][nq..nq + nv], RK4_B[j]);
        blas::add_to_scl(&mut dx[nv..], &fs[j][..nv + na], RK4_B[j]);
    }

    d.time = time0;
    d.qpos(m).copy_from_slice(&xs[0][..nq]);
    d.qvel(m).copy_from_slice(&xs[0][nq..nq + nv]);
    d.act(m).copy_from_slice(&xs[0][nq + nv..]);

    let (vel, rest) = dx.split_at(nv);
    let (acc, act_dot) = rest.split_at(nv);
    advance(m, d, act_dot, acc, Some(vel));
    free(d);
}

/// Implicit-in-velocity integration with the analytical derivative `qDeriv` (`mj_implicit`;
/// `implicitfast` drops the RNE part and keeps the symmetric factorisation).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn implicit(m: &mjModel, d: &mut mjData) {
    implicit_skip(m, d, false);
}

/// [`implicit`]; with `skipfactor` the factorisation left in `qLU` (implicit) or `qH`
/// (implicitfast) by the previous call is reused (`mj_implicitSkip`).
///
/// # Safety
/// As [`check_pos`]; with `skipfactor`, the factorisation must be there.
pub unsafe fn implicit_skip(m: &mjModel, d: &mut mjData, skipfactor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    let h = m.opt.timestep;
    mark(d);
    let qfrc = stack_nums(d, nv);
    let qacc = stack_nums(d, nv);
    let awake = awake_dofs(m, d);
    let nrow = awake.map_or(nv, |ind| ind.len());
    let (smooth, constraint) = (d.qfrc_smooth(m), d.qfrc_constraint(m));
    match awake {
        None => blas::add(qfrc, smooth, constraint),
        Some(ind) => {
            for &i in ind {
                let i = i as usize;
                qfrc[i] = smooth[i] + constraint[i];
            }
        }
    }

    if m.opt.integrator == mjtIntegrator_::mjINT_IMPLICIT as i32 {
        let qlu = d.qLU(m);
        if !skipfactor {
            derivative::smooth_vel(m, d, true);
            // qLU = M (lower triangle spread to the full pattern) - h*qDeriv
            crate::math::misc::gather_masked(qlu, d.M(m), m.mapM2D());
            blas::add_to_scl(qlu, d.qDeriv(m), -h);
            let scratch = stack_ints(d, nrow);
            crate::math::solve::factor_lu_sparse(qlu, nrow, scratch, m.D_rownnz(), m.D_rowadr(), m.D_colind(), awake);
        }
        crate::math::solve::solve_lu_sparse(qacc, qlu, qfrc, nrow, m.D_rownnz(), m.D_rowadr(), m.D_diag(), m.D_colind(), awake);
    } else if m.opt.integrator == mjtIntegrator_::mjINT_IMPLICITFAST as i32 {
        let qh = d.qH(m);
        let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
        let diaginv = d.qHDiagInv(m);
        if !skipfactor {
            derivative::smooth_vel(m, d, false);
            // qH = M - h*qDeriv on the lower-triangular pattern of M
            crate::math::misc::gather(qh, d.qDeriv(m), m.mapD2M());
            let hq = &mut *qh;
            for (x, &mv) in hq.iter_mut().zip(d.M(m).iter()) {
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
        free(d);
        return;
    }

    advance(m, d, d.act_dot(m), qacc, None);
    free(d);
    timer_end(d, mjTIMER_ADVANCE, t);
}

/// True when a sensor computes the potential (`pos`) or kinetic energy itself.
fn energy_sensor(m: &mjModel, kind: mjtSensor_) -> bool {
    !disabled(m, mjDSBL_SENSOR) && m.sensor_type().iter().any(|&t| t == kind as i32)
}

/// Position-dependent sensors and potential energy.
unsafe fn position_outputs(m: &mjModel, d: &mut mjData, sensors: bool) {
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
unsafe fn velocity_outputs(m: &mjModel, d: &mut mjData, sensors: bool) {
    let mut by_sensor = false;
    if sensors {
        sensor::sensor_vel(m, d);
        by_sensor = energy_sensor(m, mjtSensor_::mjSENS_E_KINETIC);
    }
    if enabled(m, mjENBL_ENERGY) && !by_sensor {
        sensor::energy_vel(m, d);
    }
}

/// Forward dynamics, skipping the stages up to `skipstage` (an `mjtStage`) and, with
/// `skipsensor`, sensors and energy (`mj_forwardSkip`).
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn forward_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    let t = timer_start();
    if skipstage < mjtStage_::mjSTAGE_POS as i32 {
        fwd_position(m, d);
        position_outputs(m, d, !skipsensor);
    }
    if skipstage < mjtStage_::mjSTAGE_VEL as i32 {
        fwd_velocity(m, d);
        velocity_outputs(m, d, !skipsensor);
    }
    if !disabled(m, mjDSBL_ACTUATION) {
        if let Some(cb) = callbacks::mjcb_control {
            cb(m, d);
        }
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn forward(m: &mjModel, d: &mut mjData) {
    forward_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, false);
}

/// Integrates with the model's integrator after forward dynamics at the current state.
unsafe fn integrate(m: &mjModel, d: &mut mjData) {
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
/// # Safety
/// As [`check_pos`]; the skipped stages must hold the current state's results.
pub unsafe fn step_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn step(m: &mjModel, d: &mut mjData) {
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
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn step1(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    check_pos(m, d);
    check_vel(m, d);
    fwd_position(m, d);
    position_outputs(m, d, true);
    fwd_velocity(m, d);
    velocity_outputs(m, d, true);
    if let Some(cb) = callbacks::mjcb_control {
        cb(m, d);
    }
    timer_end(d, mjTIMER_STEP, t);
}

/// Second half of a split step: actuation, acceleration and integration (`mj_step2`); RK4
/// falls back to Euler here, as upstream.
///
/// # Safety
/// As [`check_pos`].
pub unsafe fn step2(m: &mjModel, d: &mut mjData) {
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
