//! Finite-difference derivatives (`mjd_transitionFD`, `mjd_inverseFD`), the skip variants of
//! the step they use, and the analytical velocity derivatives upstream exports besides.

use core::ffi::c_int;
use core::slice;

use super::guard;
use crate::abi::*;
use crate::engine::{derivative, derivative_fd, forward};

/// Optional output of `n` numbers (None for NULL).
unsafe fn out<'a>(p: *mut mjtNum, n: usize) -> Option<&'a mut [mjtNum]> {
    if p.is_null() {
        None
    } else {
        Some(slice::from_raw_parts_mut(p, n))
    }
}

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
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    let (ndx, nu, ns) = ((2 * m.nv + m.na).max(0) as usize, m.nu.max(0) as usize, m.nsensordata.max(0) as usize);
    guard("mjd_transitionFD", (), || {
        derivative_fd::transition_fd(
            m, d, eps, flg_centered != 0, out(A, ndx * ndx), out(B, ndx * nu), out(C, ns * ndx), out(D, ns * nu),
        )
    })
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
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    let (nv, ns, nm) = (m.nv.max(0) as usize, m.nsensordata.max(0) as usize, m.nM.max(0) as usize);
    guard("mjd_inverseFD", (), || {
        derivative_fd::inverse_fd(
            m, d, eps, flg_actuation != 0, out(DfDq, nv * nv), out(DfDv, nv * nv), out(DfDa, nv * nv),
            out(DsDq, nv * ns), out(DsDv, nv * ns), out(DsDa, nv * ns), out(DmDq, nv * nm),
        )
    })
}

/// One step reusing the stages up to skipstage (mjtStage); skipsensor skips sensors.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_stepSkip(m: *const mjModel, d: *mut mjData, skipstage: c_int, skipsensor: c_int) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mj_stepSkip", (), || forward::step_skip(m, d, skipstage, skipsensor != 0))
}

/// Semi-implicit Euler; with skipfactor the damping factorisation in qH is reused.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_EulerSkip(m: *const mjModel, d: *mut mjData, skipfactor: c_int) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mj_EulerSkip", (), || forward::euler_skip(m, d, skipfactor != 0))
}

/// Implicit-in-velocity integration; with skipfactor the factorisation in qLU or qH is reused.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_implicitSkip(m: *const mjModel, d: *mut mjData, skipfactor: c_int) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mj_implicitSkip", (), || forward::implicit_skip(m, d, skipfactor != 0))
}

/// qDeriv = d(qfrc_actuator + qfrc_passive [- qfrc_bias]) / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_smooth_vel(m: *const mjModel, d: *mut mjData, flg_bias: c_int) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mjd_smooth_vel", (), || derivative::smooth_vel(m, d, flg_bias != 0))
}

/// qDeriv += d qfrc_actuator / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_actuator_vel(m: *const mjModel, d: *mut mjData) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mjd_actuator_vel", (), || derivative::actuator_vel(m, d))
}

/// qDeriv += d qfrc_passive / d qvel, analytically.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_passive_vel(m: *const mjModel, d: *mut mjData) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mjd_passive_vel", (), || derivative::passive_vel(m, d))
}

/// qDeriv by forward differences of qfrc_passive over qvel.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_passive_velFD(m: *const mjModel, d: *mut mjData, eps: mjtNum) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mjd_passive_velFD", (), || derivative_fd::passive_vel_fd(m, d, eps))
}

/// qDeriv by centred differences of the smooth forces over qvel.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjd_smooth_velFD(m: *const mjModel, d: *mut mjData, eps: mjtNum) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    guard("mjd_smooth_velFD", (), || derivative_fd::smooth_vel_fd(m, d, eps))
}

//------------------------------ other internal entry points upstream exports -----------------------

/// Whether actuator i belongs to a group disabled by opt.disableactuator (groups 0-30).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_actuatorDisabled(m: *const mjModel, i: c_int) -> c_int {
    let Some(m) = m.as_ref() else { return 0 };
    if i < 0 || i >= m.nu {
        crate::mjerror!("mj_actuatorDisabled", "invalid actuator index {}", i);
        return 0;
    }
    let group = m.actuator_group()[i as usize];
    ((0..=30).contains(&group) && m.opt.disableactuator & (1 << group) != 0) as c_int
}

/// Time derivative of the Jacobian of tendon id (nv numbers; zero for fixed tendons); an
/// invalid id leaves Jdot untouched.
/// cbindgen:ignore
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_tendonDot(m: *const mjModel, d: *mut mjData, id: c_int, Jdot: *mut mjtNum) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    if id < 0 || id >= m.ntendon || Jdot.is_null() {
        return;
    }
    let jdot = slice::from_raw_parts_mut(Jdot, m.nv.max(0) as usize);
    guard("mj_tendonDot", (), || crate::engine::velocity::tendon_dot(m, d, id as usize, jdot))
}

/// Adds the bias forces of tendon armature (the velocity-product term) to qfrc (nv numbers).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_tendonBias(m: *const mjModel, d: *mut mjData, qfrc: *mut mjtNum) {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
    if qfrc.is_null() {
        return;
    }
    let qfrc = slice::from_raw_parts_mut(qfrc, m.nv.max(0) as usize);
    guard("mj_tendonBias", (), || crate::engine::velocity::tendon_bias(m, d, qfrc))
}

/// Integrates qpos over dt with velocity qvel for the joints of bodies index[1..nbody] (bodies
/// 1..nbody when index is NULL).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_integratePosInd(
    m: *const mjModel,
    qpos: *mut mjtNum,
    qvel: *const mjtNum,
    dt: mjtNum,
    index: *const c_int,
    nbody: c_int,
) {
    let Some(m) = m.as_ref() else { return };
    if qpos.is_null() || qvel.is_null() || nbody <= 0 {
        return;
    }
    let (nq, nv, n) = (m.nq.max(0) as usize, m.nv.max(0) as usize, nbody as usize);
    if index.is_null() && n > m.nbody.max(0) as usize {
        crate::mjerror!("mj_integratePosInd", "nbody {} exceeds the model's {}", nbody, m.nbody);
        return;
    }
    let index = (!index.is_null()).then(|| slice::from_raw_parts(index, n));
    if let Some(ind) = index {
        if ind.iter().skip(1).any(|&b| b < 0 || b >= m.nbody) {
            crate::mjerror!("mj_integratePosInd", "invalid body index");
            return;
        }
    }
    let (qpos, qvel) = (slice::from_raw_parts_mut(qpos, nq), slice::from_raw_parts(qvel, nv));
    guard("mj_integratePosInd", (), || crate::engine::support::integrate_pos_ind(m, qpos, qvel, dt, index, n))
}

/// Jacobian difference J(pos2 on b2) - J(pos1 on b1), dense or over the merged dof chain of
/// the two bodies (written to chain) when the model uses sparse Jacobians; returns the number
/// of columns. Each Jacobian pointer may be NULL; buffers hold 3*nv numbers.
/// cbindgen:ignore
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mj_jacDifPair(
    m: *const mjModel,
    d: *const mjData,
    chain: *mut c_int,
    b1: c_int,
    b2: c_int,
    pos1: *const mjtNum,
    pos2: *const mjtNum,
    jac1p: *mut mjtNum,
    jac2p: *mut mjtNum,
    jacdifp: *mut mjtNum,
    jac1r: *mut mjtNum,
    jac2r: *mut mjtNum,
    jacdifr: *mut mjtNum,
) -> c_int {
    let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return 0 };
    if pos1.is_null() || pos2.is_null() || b1 < 0 || b2 < 0 || b1 >= m.nbody || b2 >= m.nbody {
        crate::mjerror!("mj_jacDifPair", "invalid arguments");
        return 0;
    }
    let nv = m.nv.max(0) as usize;
    let mut empty = [0 as c_int; 0];
    let chain = if chain.is_null() { &mut empty[..] } else { slice::from_raw_parts_mut(chain, nv) };
    let (p1, p2) = (&*(pos1 as *const [f64; 3]), &*(pos2 as *const [f64; 3]));
    guard("mj_jacDifPair", 0, || {
        crate::engine::support::jac_dif_pair(
            m, d, chain, b1 as usize, b2 as usize, p1, p2, out(jac1p, 3 * nv), out(jac2p, 3 * nv),
            out(jacdifp, 3 * nv), out(jac1r, 3 * nv), out(jac2r, 3 * nv), out(jacdifr, 3 * nv),
        ) as c_int
    })
}
