//! C entry points of the smooth stages: kinematics, com frames, inertia and its factorisation,
//! velocities and recursive Newton-Euler (logic in `engine::{kinematics, inertia, velocity}`).

#![allow(non_snake_case)]

use core::ffi::c_int;
use core::slice;

use super::guard;
use crate::abi::*;
use crate::engine::{inertia, kinematics, velocity};

/// Slice of `n` numbers at `p` (empty for n == 0).
#[inline]
unsafe fn nums<'a>(p: *const mjtNum, n: usize) -> &'a [mjtNum] {
    if n == 0 || p.is_null() { &[] } else { slice::from_raw_parts(p, n) }
}

/// Mutable slice of `n` numbers at `p` (empty for n == 0).
#[inline]
unsafe fn nums_mut<'a>(p: *mut mjtNum, n: usize) -> &'a mut [mjtNum] {
    if n == 0 || p.is_null() { &mut [] } else { slice::from_raw_parts_mut(p, n) }
}

/// Slice of `n` ints at `p` (empty for n == 0).
#[inline]
unsafe fn ints<'a>(p: *const c_int, n: usize) -> &'a [c_int] {
    if n == 0 || p.is_null() { &[] } else { slice::from_raw_parts(p, n) }
}

/// Compute global body, joint, geom and site poses from qpos and mocap poses.
#[no_mangle]
pub unsafe extern "C" fn mj_kinematics(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_kinematics", (), || kinematics::kinematics(&*m, &mut *d))
}

/// Compute subtree centres of mass, com-based body inertias and motion dofs.
#[no_mangle]
pub unsafe extern "C" fn mj_comPos(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_comPos", (), || kinematics::com_pos(&*m, &mut *d))
}

/// Compute camera and light poses, including tracking and targeting modes.
#[no_mangle]
pub unsafe extern "C" fn mj_camlight(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_camlight", (), || kinematics::camlight(&*m, &mut *d))
}

/// Run the composite rigid body algorithm: subtree inertias and the sparse inertia matrix M.
#[no_mangle]
pub unsafe extern "C" fn mj_crb(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_crb", (), || inertia::crb(&*m, &mut *d))
}

/// Build the joint-space inertia matrix (M and qM), including tendon armature.
#[no_mangle]
pub unsafe extern "C" fn mj_makeM(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_makeM", (), || inertia::make_m(&*m, &mut *d))
}

/// Factorise the inertia matrix as L'DL into qLD and qLDiagInv.
#[no_mangle]
pub unsafe extern "C" fn mj_factorM(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_factorM", (), || inertia::factor_m(&*m, &mut *d))
}

/// Solve M x = y for n right-hand sides with the factorisation in d (x may equal y).
#[no_mangle]
pub unsafe extern "C" fn mj_solveM(m: *const mjModel, d: *mut mjData, x: *mut mjtNum, y: *const mjtNum, n: c_int) {
    if m.is_null() || d.is_null() || x.is_null() || y.is_null() || n <= 0 {
        return;
    }
    let (m, d) = (&*m, &*d);
    let len = n as usize * m.nv as usize;
    if len == 0 {
        return;
    }
    core::ptr::copy(y, x, len);
    let x = nums_mut(x, len);
    guard("mj_solveM", (), || inertia::solve_m_inplace(m, d, x, n as usize))
}

/// Half solve: x = sqrt(inv(D)) inv(L') y for n vectors, given sqrt(qLDiagInv).
#[no_mangle]
pub unsafe extern "C" fn mj_solveM2(
    m: *const mjModel,
    d: *mut mjData,
    x: *mut mjtNum,
    y: *const mjtNum,
    sqrtInvD: *const mjtNum,
    n: c_int,
) {
    if m.is_null() || d.is_null() || x.is_null() || y.is_null() || sqrtInvD.is_null() || n <= 0 {
        return;
    }
    let (m, d) = (&*m, &*d);
    let nv = m.nv as usize;
    let len = n as usize * nv;
    if len == 0 {
        return;
    }
    core::ptr::copy(y, x, len);
    let x = nums_mut(x, len);
    let s = nums(sqrtInvD, nv);
    guard("mj_solveM2", (), || inertia::solve_m2_inplace(m, d, x, s, n as usize))
}

/// Expand an inertia matrix in the legacy qM layout into a dense nv x nv matrix.
#[no_mangle]
pub unsafe extern "C" fn mj_fullM(m: *const mjModel, dst: *mut mjtNum, M: *const mjtNum) {
    if m.is_null() || dst.is_null() || M.is_null() {
        return;
    }
    let m = &*m;
    let nv = m.nv as usize;
    let (dst, qm) = (nums_mut(dst, nv * nv), nums(M, m.nM as usize));
    guard("mj_fullM", (), || inertia::full_m(m, dst, qm))
}

/// Multiply a vector by the inertia matrix: res = M vec.
#[no_mangle]
pub unsafe extern "C" fn mj_mulM(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    if m.is_null() || d.is_null() || res.is_null() || vec.is_null() {
        return;
    }
    let m = &*m;
    let nv = m.nv as usize;
    let (res, vec) = (nums_mut(res, nv), nums(vec, nv));
    guard("mj_mulM", (), || inertia::mul_m(m, &*d, res, vec))
}

/// Multiply a vector by a square root of the inertia matrix: res = sqrt(D) L vec.
#[no_mangle]
pub unsafe extern "C" fn mj_mulM2(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    if m.is_null() || d.is_null() || res.is_null() || vec.is_null() {
        return;
    }
    let m = &*m;
    let nv = m.nv as usize;
    let (res, vec) = (nums_mut(res, nv), nums(vec, nv));
    guard("mj_mulM2", (), || inertia::mul_m2(m, &*d, res, vec))
}

/// Add the inertia matrix to dst: sparse with the given pattern, or dense when any index
/// array is null.
#[no_mangle]
pub unsafe extern "C" fn mj_addM(
    m: *const mjModel,
    d: *mut mjData,
    dst: *mut mjtNum,
    rownnz: *mut c_int,
    rowadr: *mut c_int,
    colind: *mut c_int,
) {
    if m.is_null() || d.is_null() || dst.is_null() {
        return;
    }
    let (m, d) = (&*m, &mut *d);
    let nv = m.nv as usize;
    if !rownnz.is_null() && !rowadr.is_null() && !colind.is_null() {
        // each row may grow by at most the number of non-zeros of the same row of M
        let (nnz, adr) = (slice::from_raw_parts_mut(rownnz, nv), ints(rowadr, nv));
        let mnnz = m.M_rownnz();
        let len = (0..nv).map(|i| (adr[i] + nnz[i] + mnnz[i]) as usize).max().unwrap_or(0);
        let dst = nums_mut(dst, len);
        let colind = if len == 0 { &mut [][..] } else { slice::from_raw_parts_mut(colind, len) };
        guard("mj_addM", (), || inertia::add_m(m, d, dst, Some((nnz, adr, colind))))
    } else {
        let dst = nums_mut(dst, nv * nv);
        guard("mj_addM", (), || inertia::add_m(m, d, dst, None))
    }
}

/// Compute body velocities (cvel) and time derivatives of the motion dofs (cdof_dot).
#[no_mangle]
pub unsafe extern "C" fn mj_comVel(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_comVel", (), || velocity::com_vel(&*m, &mut *d))
}

/// Compute subtree linear velocities and angular momenta.
#[no_mangle]
pub unsafe extern "C" fn mj_subtreeVel(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_subtreeVel", (), || velocity::subtree_vel(&*m, &mut *d))
}

/// Recursive Newton-Euler: result = M qacc + bias, or only the bias forces when flg_acc is 0.
#[no_mangle]
pub unsafe extern "C" fn mj_rne(m: *const mjModel, d: *mut mjData, flg_acc: c_int, result: *mut mjtNum) {
    if m.is_null() || d.is_null() || result.is_null() {
        return;
    }
    let m = &*m;
    let result = nums_mut(result, m.nv as usize);
    guard("mj_rne", (), || velocity::rne(m, &mut *d, flg_acc != 0, result))
}

/// Compute body accelerations and the external and internal body forces after the solver.
#[no_mangle]
pub unsafe extern "C" fn mj_rnePostConstraint(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_rnePostConstraint", (), || velocity::rne_post_constraint(&*m, &mut *d))
}
