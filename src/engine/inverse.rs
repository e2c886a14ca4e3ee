//! Inverse dynamics (`mj_inverse`) and the forward/inverse comparison.
//!
//! Given qpos, qvel and qacc, inverse dynamics finds the generalized force
//! `qfrc_inverse = M qacc + bias - passive - constraint` that produces qacc.

use crate::abi::mjtEnableBit_::{mjENBL_ENERGY, mjENBL_INVDISCRETE};
use crate::abi::mjtTimer_::*;
use crate::abi::*;
use crate::engine::{
    constraint, derivative, disabled, enabled, flex, forward, free, inertia, kinematics, mark, sensor, stack_nums,
    support, tendon, timer_add, timer_end, timer_start, velocity,
};
use crate::math::blas;
use crate::math::misc::{gather, gather_masked};
use crate::math::sparse::mul_mat_vec_sparse;

/// Position-dependent stage of inverse dynamics (`mj_invPosition`): as the forward one, without
/// islands and constraint projection.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn inv_position(m: &mjModel, d: &mut mjData) {
    let t1 = timer_start();
    let t = timer_start();
    kinematics::kinematics(m, d);
    kinematics::com_pos(m, d);
    kinematics::camlight(m, d);
    flex::flex(m, d);
    tendon::tendon(m, d);
    timer_end(d, mjTIMER_POS_KINEMATICS, t);

    inertia::make_m(m, d);
    inertia::factor_m(m, d);
    crate::engine::collision::collision(m, d);

    let t = timer_start();
    constraint::make_constraint(m, d);
    timer_end(d, mjTIMER_POS_MAKE, t);

    let t = timer_start();
    tendon::transmission(m, d);
    timer_add(d, mjTIMER_POS_KINEMATICS, t);

    timer_end(d, mjTIMER_POSITION, t1);
}

/// Velocity-dependent stage of inverse dynamics (`mj_invVelocity`), the same as forward.
///
/// # Safety
/// As [`inv_position`].
pub unsafe fn inv_velocity(m: &mjModel, d: &mut mjData) {
    forward::fwd_velocity(m, d);
}

/// Replaces the discrete-time `qacc` (what the integrator produces) with the continuous-time
/// acceleration the forward dynamics must have computed (`mj_discreteAcc`).
unsafe fn discrete_acc(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let h = m.opt.timestep;
    let integrator = m.opt.integrator;

    mark(d);
    let qfrc = stack_nums(d, nv);

    if integrator == mjtIntegrator_::mjINT_RK4 as i32 {
        crate::mjerror!("mj_discreteAcc", "discrete inverse dynamics is not supported by RK4 integrator");
        free(d);
        return;
    } else if integrator == mjtIntegrator_::mjINT_EULER as i32 {
        // only dof damping makes Euler implicit
        let damping = m.dof_damping();
        let damped = !disabled(m, mjtDisableBit_::mjDSBL_EULERDAMP) && damping.iter().any(|&b| b > 0.0);
        if !damped {
            free(d);
            return;
        }
        // qfrc = (M + h diag(damping)) qacc
        let qacc = d.qacc(m);
        inertia::mul_m(m, d, qfrc, qacc);
        for ((f, &b), &a) in qfrc.iter_mut().zip(damping).zip(qacc.iter()) {
            *f += h * b * a;
        }
    } else if integrator == mjtIntegrator_::mjINT_IMPLICIT as i32 {
        derivative::smooth_vel(m, d, true);

        // qLU = M - h qDeriv on the full D pattern, then qfrc = qLU qacc
        let qlu = d.qLU(m);
        gather_masked(qlu, d.M(m), m.mapM2D());
        blas::add_to_scl(qlu, d.qDeriv(m), -h);
        mul_mat_vec_sparse(qfrc, qlu, d.qacc(m), nv, m.D_rownnz(), m.D_rowadr(), m.D_colind(), None);
    } else if integrator == mjtIntegrator_::mjINT_IMPLICITFAST as i32 {
        derivative::smooth_vel(m, d, false);

        // upstream keeps a copy of M here; reserve the same scratch
        let nc = m.nC as usize;
        let msave = stack_nums(d, nc);
        blas::copy(msave, d.M(m));

        // qH = M - h qDeriv on the lower pattern of M, then qfrc = qH qacc
        let qh = d.qH(m);
        gather(qh, d.qDeriv(m), m.mapD2M());
        for (x, &mv) in qh.iter_mut().zip(d.M(m).iter()) {
            *x = mv + -h * *x;
        }
        // SAFETY: qH has M's pattern, strictly lower off the diagonal (checked with the data)
        crate::math::sparse::mul_sym_vec_sparse_lower(qfrc, qh, d.qacc(m), nv, m.M_rownnz(), m.M_rowadr(), m.M_colind());
    }

    // qacc = M^-1 qfrc
    inertia::solve_m(m, d, d.qacc(m), qfrc, 1);

    free(d);
}

/// Inverse dynamics, skipping the stages up to `skipstage` (an `mjtStage`) and, with
/// `skipsensor`, sensors (`mj_inverseSkip`).
///
/// # Safety
/// As [`inv_position`].
pub unsafe fn inverse_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    mark(d);

    if skipstage < mjtStage_::mjSTAGE_POS as i32 {
        inv_position(m, d);
        if !skipsensor {
            sensor::sensor_pos(m, d);
        }
        if enabled(m, mjENBL_ENERGY) {
            sensor::energy_pos(m, d);
        }
    }

    if skipstage < mjtStage_::mjSTAGE_VEL as i32 {
        inv_velocity(m, d);
        if !skipsensor {
            sensor::sensor_vel(m, d);
        }
        if enabled(m, mjENBL_ENERGY) {
            sensor::energy_vel(m, d);
        }
    }

    // discrete mode works on the continuous acceleration; the caller's qacc is restored below
    let discrete = enabled(m, mjENBL_INVDISCRETE);
    let mut saved: &mut [f64] = &mut [];
    if discrete {
        saved = stack_nums(d, nv);
        saved.copy_from_slice(d.qacc(m));
        discrete_acc(m, d);
    }

    constraint::inv_constraint(m, d);

    // bias forces: centripetal, Coriolis and tendon armature
    let qfrc_inverse = d.qfrc_inverse(m);
    velocity::rne(m, d, false, qfrc_inverse);
    velocity::tendon_bias(m, d, qfrc_inverse);

    if !skipsensor {
        sensor::sensor_acc(m, d);
    }

    let ma = stack_nums(d, nv);
    inertia::mul_m(m, d, ma, d.qacc(m));

    let (passive, constraint_frc) = (d.qfrc_passive(m), d.qfrc_constraint(m));
    for i in 0..nv {
        qfrc_inverse[i] += ma[i] - passive[i] - constraint_frc[i];
    }

    if discrete {
        d.qacc(m).copy_from_slice(saved);
    }

    free(d);
    timer_end(d, mjTIMER_INVERSE, t);
}

/// Full inverse dynamics (`mj_inverse`).
///
/// # Safety
/// As [`inv_position`].
pub unsafe fn inverse(m: &mjModel, d: &mut mjData) {
    inverse_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, false);
}

/// Compares forward and inverse dynamics without changing the forward results
/// (`mj_compareFwdInv`): `solver_fwdinv[0]` is the norm of the difference in constraint force,
/// `solver_fwdinv[1]` the norm of the difference between the applied and the inverse force.
///
/// # Safety
/// As [`inv_position`].
pub unsafe fn compare_fwd_inv(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nefc = d.nefc as usize;

    d.solver_fwdinv = [0.0; 2];
    if nefc == 0 {
        return;
    }

    mark(d);
    let qforce = stack_nums(d, nv);
    let dif = stack_nums(d, nv);
    let save_constraint = stack_nums(d, nv);
    let save_efc_force = stack_nums(d, nefc);

    // the force inverse dynamics should recover: applied + actuator + Cartesian applied
    blas::add(qforce, d.qfrc_applied(m), d.qfrc_actuator(m));
    support::xfrc_accumulate(m, d, qforce);

    save_constraint.copy_from_slice(d.qfrc_constraint(m));
    save_efc_force.copy_from_slice(d.efc_force(m));

    // positions and velocities are current; sensors and energy stay as forward left them
    inverse_skip(m, d, mjtStage_::mjSTAGE_VEL as i32, true);

    blas::sub(dif, save_constraint, d.qfrc_constraint(m));
    d.solver_fwdinv[0] = blas::norm(dif);
    blas::sub(dif, qforce, d.qfrc_inverse(m));
    d.solver_fwdinv[1] = blas::norm(dif);

    d.qfrc_constraint(m).copy_from_slice(save_constraint);
    d.efc_force(m).copy_from_slice(save_efc_force);

    free(d);
}
