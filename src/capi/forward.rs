//! C entry points of the forward pipeline, the integrators and the constraint stages (logic in
//! `engine::forward` and `engine::constraint`).

use core::ffi::c_int;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::{constraint, forward};

/// Advance the simulation by one step: forward dynamics, then the model's integrator.
#[no_mangle]
pub unsafe extern "C" fn mj_step(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_step", (), || forward::step(m, d))
    }
}

/// First half of a split step: position and velocity stages, sensors, control callback.
#[no_mangle]
pub unsafe extern "C" fn mj_step1(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_step1", (), || forward::step1(m, d))
    }
}

/// Second half of a split step: actuation, acceleration, constraints and integration.
#[no_mangle]
pub unsafe extern "C" fn mj_step2(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_step2", (), || forward::step2(m, d))
    }
}

/// Forward dynamics at the current state, without integrating.
#[no_mangle]
pub unsafe extern "C" fn mj_forward(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_forward", (), || forward::forward(m, d))
    }
}

/// Kinematics, com frames, cameras and lights, flexes and tendons.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdKinematics(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_fwdKinematics", (), || forward::fwd_kinematics(m, d))
    }
}

/// Everything that depends on positions: kinematics, inertia, collision, constraints, transmission.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdPosition(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_fwdPosition", (), || forward::fwd_position(m, d))
    }
}

/// Everything that depends on velocities: com velocities, passive and bias forces.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdVelocity(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_fwdVelocity", (), || forward::fwd_velocity(m, d))
    }
}

/// Total smooth force and the unconstrained acceleration.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdAcceleration(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_fwdAcceleration", (), || forward::fwd_acceleration(m, d))
    }
}

/// Constraint forces and the constrained acceleration.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_fwdConstraint", (), || forward::fwd_constraint(m, d))
    }
}

/// Semi-implicit Euler step (implicit in joint damping).
#[no_mangle]
pub unsafe extern "C" fn mj_Euler(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_Euler", (), || forward::euler(m, d))
    }
}

/// Implicit-in-velocity step (implicit or implicitfast).
#[no_mangle]
pub unsafe extern "C" fn mj_implicit(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_implicit", (), || forward::implicit(m, d))
    }
}

/// Reset the data if any position is NaN or huge, with a warning.
#[no_mangle]
pub unsafe extern "C" fn mj_checkPos(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_checkPos", (), || forward::check_pos(m, d))
    }
}

/// Reset the data if any velocity is NaN or huge, with a warning.
#[no_mangle]
pub unsafe extern "C" fn mj_checkVel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_checkVel", (), || forward::check_vel(m, d))
    }
}

/// Reset the data if any acceleration is NaN or huge, with a warning.
#[no_mangle]
pub unsafe extern "C" fn mj_checkAcc(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_checkAcc", (), || forward::check_acc(m, d))
    }
}

/// Collision detection.
#[no_mangle]
pub unsafe extern "C" fn mj_collision(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_collision", (), || crate::engine::collision::collision(m, d))
    }
}

/// Constraint assembly: Jacobians, parameters and references of all active constraints.
#[no_mangle]
pub unsafe extern "C" fn mj_makeConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_makeConstraint", (), || constraint::make_constraint(m, d))
    }
}

/// Find the constraint islands.
#[no_mangle]
pub unsafe extern "C" fn mj_island(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_island", (), || crate::engine::island::island(m, d))
    }
}

/// Inverse inertia in constraint space.
#[no_mangle]
pub unsafe extern "C" fn mj_projectConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_projectConstraint", (), || constraint::project_constraint(m, d))
    }
}

/// Constraint velocities and reference accelerations.
#[no_mangle]
pub unsafe extern "C" fn mj_referenceConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_referenceConstraint", (), || constraint::reference_constraint(m, d))
    }
}

/// Constraint forces of inverse dynamics.
#[no_mangle]
pub unsafe extern "C" fn mj_invConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_invConstraint", (), || constraint::inv_constraint(m, d))
    }
}

/// Forward dynamics skipping the stages up to skipstage (mjtStage); skipsensor skips sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_forwardSkip(m: *const mjModel, d: *mut mjData, skipstage: c_int, skipsensor: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_forwardSkip", (), || forward::forward_skip(m, d, skipstage, skipsensor != 0))
    }
}

/// Runge-Kutta step of order N (4 is the supported order).
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_RungeKutta(m: *const mjModel, d: *mut mjData, N: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_RungeKutta", (), || forward::runge_kutta(m, d, N))
    }
}

/// 1 if the model solves the dual constraint problem (PGS or noslip), 0 otherwise.
#[no_mangle]
pub unsafe extern "C" fn mj_isDual(m: *const mjModel) -> c_int {
    crate::boundary! {
        m.as_ref().is_some_and(constraint::is_dual) as c_int
    }
}

/// Multiply the constraint Jacobian by a vector: res = J * vec (nefc values).
#[no_mangle]
pub unsafe extern "C" fn mj_mulJacVec(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        let nefc = d.nefc.max(0) as usize;
        if nefc == 0 || res.is_null() || vec.is_null() {
            return;
        }
        let res = core::slice::from_raw_parts_mut(res, nefc);
        let vec = core::slice::from_raw_parts(vec, m.nv as usize);
        guard("mj_mulJacVec", (), || constraint::mul_jac_vec(m, d, res, vec))
    }
}

/// Multiply the transposed constraint Jacobian by a vector: res = J' * vec (nv values).
#[no_mangle]
pub unsafe extern "C" fn mj_mulJacTVec(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        let nefc = d.nefc.max(0) as usize;
        if nefc == 0 || res.is_null() || vec.is_null() {
            return;
        }
        let res = core::slice::from_raw_parts_mut(res, m.nv as usize);
        let vec = core::slice::from_raw_parts(vec, nefc);
        guard("mj_mulJacTVec", (), || constraint::mul_jac_t_vec(m, d, res, vec))
    }
}
