//! C entry points of inverse dynamics and of the analytical quaternion derivatives (logic in
//! `engine::inverse` and `engine::derivative`).

use core::ffi::c_int;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::{derivative, inverse};

/// Inverse dynamics: the generalized force that produces the current qacc.
#[no_mangle]
pub unsafe extern "C" fn mj_inverse(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_inverse", (), || inverse::inverse(m, d))
    }
}

/// Inverse dynamics reusing the stages before skipstage; skipsensor leaves sensors untouched.
#[no_mangle]
pub unsafe extern "C" fn mj_inverseSkip(m: *const mjModel, d: *mut mjData, skipstage: c_int, skipsensor: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_inverseSkip", (), || inverse::inverse_skip(m, d, skipstage, skipsensor != 0))
    }
}

/// Position-dependent part of inverse dynamics.
#[no_mangle]
pub unsafe extern "C" fn mj_invPosition(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_invPosition", (), || inverse::inv_position(m, d))
    }
}

/// Velocity-dependent part of inverse dynamics.
#[no_mangle]
pub unsafe extern "C" fn mj_invVelocity(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_invVelocity", (), || inverse::inv_velocity(m, d))
    }
}

/// Runs inverse dynamics on a forward result and stores the discrepancies in solver_fwdinv.
#[no_mangle]
pub unsafe extern "C" fn mj_compareFwdInv(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_compareFwdInv", (), || inverse::compare_fwd_inv(m, d))
    }
}

/// Tangent-space Jacobians of mju_subQuat with respect to qa and qb; either output may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjd_subQuat(qa: *const mjtNum, qb: *const mjtNum, da: *mut mjtNum, db: *mut mjtNum) {
    crate::boundary! {
        if qa.is_null() || qb.is_null() {
            return;
        }
        let qa = &*(qa as *const [f64; 4]);
        let qb = &*(qb as *const [f64; 4]);
        let da_out = (da as *mut [f64; 9]).as_mut();
        let db_out = (db as *mut [f64; 9]).as_mut();
        derivative::sub_quat_deriv(qa, qb, da_out, db_out);
    }
}

/// Jacobians of mju_quatIntegrate with respect to quaternion, velocity and scale; outputs may
/// be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjd_quatIntegrate(
    vel: *const mjtNum,
    scale: mjtNum,
    dquat: *mut mjtNum,
    dvel: *mut mjtNum,
    dscale: *mut mjtNum,
) {
    crate::boundary! {
        if vel.is_null() {
            return;
        }
        let vel = &*(vel as *const [f64; 3]);
        let dq = (dquat as *mut [f64; 9]).as_mut();
        let dv = (dvel as *mut [f64; 9]).as_mut();
        let ds = (dscale as *mut [f64; 3]).as_mut();
        derivative::quat_integrate_deriv(vel, scale, dq, dv, ds);
    }
}
