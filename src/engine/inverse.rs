//! Inverse dynamics (`mj_inverse`) and the forward/inverse comparison.
//!
//! Given qpos, qvel and qacc, inverse dynamics finds the generalized force
//! `qfrc_inverse = M qacc + bias - passive - constraint` that produces qacc.

use crate::abi::mjtEnableBit_::{mjENBL_ENERGY, mjENBL_INVDISCRETE};
use crate::abi::mjtTimer_::*;
use crate::abi::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::velocity::ForceOut;
use crate::engine::{
    constraint, derivative, disabled, enabled, flex, forward, inertia, kinematics, sensor, support, tendon, timer_add,
    timer_end, timer_start, velocity,
};
use crate::math::blas;
use crate::math::misc::{gather, gather_masked};
use crate::math::sparse::mul_mat_vec_sparse;

/// Position-dependent stage of inverse dynamics (`mj_invPosition`): as the forward one, without
/// islands and constraint projection.
pub fn inv_position(m: &mjModel, d: &mut mjData) {
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
pub fn inv_velocity(m: &mjModel, d: &mut mjData) {
    forward::fwd_velocity(m, d);
}

/// Replaces the discrete-time `qacc` (what the integrator produces) with the continuous-time
/// acceleration the forward dynamics must have computed (`mj_discreteAcc`).
fn discrete_acc(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let h = m.opt.timestep;
    let integrator = m.opt.integrator;

    with_frame(d, |d, f| {
        let qfrc = f.nums(d, nv);

        if integrator == mjtIntegrator_::mjINT_RK4 as i32 {
            crate::mjerror!("mj_discreteAcc", "discrete inverse dynamics is not supported by RK4 integrator");
            return;
        } else if integrator == mjtIntegrator_::mjINT_EULER as i32 {
            // only dof damping makes Euler implicit
            let damping = m.dof_damping();
            let damped = !disabled(m, mjtDisableBit_::mjDSBL_EULERDAMP) && damping.iter().any(|&b| b > 0.0);
            if !damped {
                return;
            }
            // qfrc = (M + h diag(damping)) qacc
            let qacc = d.arrays(m).qacc;
            inertia::mul_m(m, d, qfrc, qacc);
            for ((f, &b), &a) in qfrc.iter_mut().zip(damping).zip(qacc.iter()) {
                *f += h * b * a;
            }
        } else if integrator == mjtIntegrator_::mjINT_IMPLICIT as i32 {
            derivative::smooth_vel(m, d, true);

            // qLU = M - h qDeriv on the full D pattern, then qfrc = qLU qacc
            let DataMut { qLU, M, qDeriv, qacc, .. } = d.arrays_mut(m);
            gather_masked(qLU, M, m.mapM2D());
            blas::add_to_scl(qLU, qDeriv, -h);
            mul_mat_vec_sparse(qfrc, qLU, qacc, nv, m.D_rownnz(), m.D_rowadr(), m.D_colind(), None);
        } else if integrator == mjtIntegrator_::mjINT_IMPLICITFAST as i32 {
            derivative::smooth_vel(m, d, false);

            // upstream keeps a copy of M here; reserve the same scratch
            let nc = m.nC as usize;
            let msave = f.nums(d, nc);
            let DataMut { qH, M, qDeriv, qacc, .. } = d.arrays_mut(m);
            blas::copy(msave, M);

            // qH = M - h qDeriv on the lower pattern of M, then qfrc = qH qacc
            let qh = qH;
            gather(qh, qDeriv, m.mapD2M());
            for (x, &mv) in qh.iter_mut().zip(M.iter()) {
                *x = mv + -h * *x;
            }
            // SAFETY: qH has M's pattern, strictly lower off the diagonal (checked with the data)
            unsafe {
                crate::math::sparse::mul_sym_vec_sparse_lower(
                    qfrc,
                    qh,
                    qacc,
                    nv,
                    m.M_rownnz(),
                    m.M_rowadr(),
                    m.M_colind(),
                )
            };
        }

        // qacc = M^-1 qfrc (mj_solveM on the data's own qacc)
        let DataMut { qacc, qLD, qLDiagInv, .. } = d.arrays_mut(m);
        qacc[..nv].copy_from_slice(&qfrc[..nv]);
        inertia::solve_ld(qacc, qLD, qLDiagInv, nv, 1, m.M_rownnz(), m.M_rowadr(), m.M_colind(), None);
    })
}

/// Inverse dynamics, skipping the stages up to `skipstage` (an `mjtStage`) and, with
/// `skipsensor`, sensors (`mj_inverseSkip`).
pub fn inverse_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    let t = timer_start();
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
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
            saved = f.nums(d, nv);
            saved.copy_from_slice(d.arrays(m).qacc);
            discrete_acc(m, d);
        }

        constraint::inv_constraint(m, d);

        // bias forces: centripetal, Coriolis and tendon armature
        velocity::rne(m, d, false, ForceOut::QfrcInverse);
        velocity::tendon_bias(m, d, ForceOut::QfrcInverse);

        if !skipsensor {
            sensor::sensor_acc(m, d);
        }

        let ma = f.nums(d, nv);
        inertia::mul_m(m, d, ma, d.arrays(m).qacc);

        let DataMut { qfrc_inverse, qfrc_passive, qfrc_constraint, qacc, .. } = d.arrays_mut(m);
        let (passive, constraint_frc) = (&*qfrc_passive, &*qfrc_constraint);
        for i in 0..nv {
            qfrc_inverse[i] += ma[i] - passive[i] - constraint_frc[i];
        }

        if discrete {
            qacc.copy_from_slice(saved);
        }
    });
    timer_end(d, mjTIMER_INVERSE, t);
}

/// Full inverse dynamics (`mj_inverse`).
pub fn inverse(m: &mjModel, d: &mut mjData) {
    inverse_skip(m, d, mjtStage_::mjSTAGE_NONE as i32, false);
}

/// Compares forward and inverse dynamics without changing the forward results
/// (`mj_compareFwdInv`): `solver_fwdinv[0]` is the norm of the difference in constraint force,
/// `solver_fwdinv[1]` the norm of the difference between the applied and the inverse force.
pub fn compare_fwd_inv(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nefc = d.nefc as usize;

    d.solver_fwdinv = [0.0; 2];
    if nefc == 0 {
        return;
    }

    with_frame(d, |d, f| {
        let qforce = f.nums(d, nv);
        let dif = f.nums(d, nv);
        let save_constraint = f.nums(d, nv);
        let save_efc_force = f.nums(d, nefc);

        // the force inverse dynamics should recover: applied + actuator + Cartesian applied
        {
            let a = d.arrays(m);
            blas::add(qforce, a.qfrc_applied, a.qfrc_actuator);
        }
        support::xfrc_accumulate(m, d, qforce);

        {
            let a = d.arrays(m);
            save_constraint.copy_from_slice(a.qfrc_constraint);
            save_efc_force.copy_from_slice(a.efc_force);
        }

        // positions and velocities are current; sensors and energy stay as forward left them
        inverse_skip(m, d, mjtStage_::mjSTAGE_VEL as i32, true);

        let DataMut { qfrc_constraint, qfrc_inverse, efc_force, solver_fwdinv, .. } = d.arrays_mut(m);
        blas::sub(dif, save_constraint, qfrc_constraint);
        solver_fwdinv[0] = blas::norm(dif);
        blas::sub(dif, qforce, qfrc_inverse);
        solver_fwdinv[1] = blas::norm(dif);

        qfrc_constraint.copy_from_slice(save_constraint);
        efc_force.copy_from_slice(save_efc_force);
    })
}
