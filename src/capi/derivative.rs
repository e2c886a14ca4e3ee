//! Finite-difference derivatives (`mjd_transitionFD`, `mjd_inverseFD`), the skip variants of
//! the step they use, and the analytical velocity derivatives upstream exports besides.

use core::ffi::c_int;

use super::{guard, opt_mut};
use crate::abi::*;
use crate::engine::{derivative, derivative_fd, forward};

/// Finite-differenced transition matrices (control-theory notation): d(x_next) = A*dx + B*du,
/// d(sensor) = C*dx + D*du, with x = (qpos in tangent space, qvel, act). A is (2*nv+na)^2,
/// B (2*nv+na) x nu, C nsensordata x (2*nv+na), D nsensordata x nu; any may be NULL.
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mjd_transitionFD(
    m: *const mjModel,
    d: *mut mjData,
    eps: mjtNum,
    flg_centered: mjtByte,
    A: *mut mjtNum,
    B: *mut mjtNum,
    C: *mut mjtNum,
    D: *mut mjtNum,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        let (ndx, nu, ns) = ((2 * m.nv + m.na).max(0) as usize, m.nu.max(0) as usize, m.nsensordata.max(0) as usize);
        guard("mjd_transitionFD", (), || {
            derivative_fd::transition_fd(
                m, d, eps, flg_centered != 0, opt_mut(A, ndx * ndx), opt_mut(B, ndx * nu), opt_mut(C, ns * ndx), opt_mut(D, ns * nu),
            )
        })
    }
}

/// Finite-differenced Jacobians of (force, sensors) = mj_inverse(state, acceleration), one
/// row per input: DfDq, DfDv, DfDa nv x nv; DsDq, DsDv, DsDa nv x nsensordata; DmDq nv x nM.
/// With flg_actuation, qfrc_actuator is subtracted from qfrc_inverse. Any output may be NULL.
#[no_mangle]
#[allow(clippy::too_many_arguments, non_snake_case)]
pub unsafe extern "C" fn mjd_inverseFD(
    m: *const mjModel,
    d: *mut mjData,
    eps: mjtNum,
    flg_actuation: mjtByte,
    DfDq: *mut mjtNum,
    DfDv: *mut mjtNum,
    DfDa: *mut mjtNum,
    DsDq: *mut mjtNum,
    DsDv: *mut mjtNum,
    DsDa: *mut mjtNum,
    DmDq: *mut mjtNum,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        let (nv, ns, nm) = (m.nv.max(0) as usize, m.nsensordata.max(0) as usize, m.nM.max(0) as usize);
        guard("mjd_inverseFD", (), || {
            derivative_fd::inverse_fd(
                m, d, eps, flg_actuation != 0, opt_mut(DfDq, nv * nv), opt_mut(DfDv, nv * nv), opt_mut(DfDa, nv * nv),
                opt_mut(DsDq, nv * ns), opt_mut(DsDv, nv * ns), opt_mut(DsDa, nv * ns), opt_mut(DmDq, nv * nm),
            )
        })
    }
}

/// One step reusing the stages up to skipstage (mjtStage); skipsensor skips sensors.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_stepSkip(m: *const mjModel, d: *mut mjData, skipstage: c_int, skipsensor: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_stepSkip", (), || forward::step_skip(m, d, skipstage, skipsensor != 0))
    }
}

/// Semi-implicit Euler; with skipfactor the damping factorisation in qH is reused.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_EulerSkip(m: *const mjModel, d: *mut mjData, skipfactor: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_EulerSkip", (), || forward::euler_skip(m, d, skipfactor != 0))
    }
}

/// Implicit-in-velocity integration; with skipfactor the factorisation in qLU or qH is reused.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_implicitSkip(m: *const mjModel, d: *mut mjData, skipfactor: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_implicitSkip", (), || forward::implicit_skip(m, d, skipfactor != 0))
    }
}

/// qDeriv = d(qfrc_actuator + qfrc_passive [- qfrc_bias]) / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_smooth_vel(m: *const mjModel, d: *mut mjData, flg_bias: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_smooth_vel", (), || derivative::smooth_vel(m, d, flg_bias != 0))
    }
}

/// qDeriv -= d qfrc_bias / d qvel, by dense propagation over the body tree.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_rne_vel_dense(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_rne_vel_dense", (), || crate::engine::derivative_dense::rne_vel_dense(m, d))
    }
}

/// qDeriv += d qfrc_actuator / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_actuator_vel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_actuator_vel", (), || derivative::actuator_vel(m, d))
    }
}

/// qDeriv += d qfrc_passive / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_passive_vel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_passive_vel", (), || derivative::passive_vel(m, d))
    }
}

/// qDeriv by forward differences of qfrc_passive over qvel.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_passive_velFD(m: *const mjModel, d: *mut mjData, eps: mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_passive_velFD", (), || derivative_fd::passive_vel_fd(m, d, eps))
    }
}

/// qDeriv by centred differences of the smooth forces over qvel.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_smooth_velFD(m: *const mjModel, d: *mut mjData, eps: mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mjd_smooth_velFD", (), || derivative_fd::smooth_vel_fd(m, d, eps))
    }
}
