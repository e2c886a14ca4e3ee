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
    // SAFETY: `p` points to `n` valid numbers when n > 0 (the calling export's C contract)
    unsafe {
        if n == 0 || p.is_null() {
            &[]
        } else {
            slice::from_raw_parts(p, n)
        }
    }
}

/// Mutable slice of `n` numbers at `p` (empty for n == 0).
#[inline]
unsafe fn nums_mut<'a>(p: *mut mjtNum, n: usize) -> &'a mut [mjtNum] {
    // SAFETY: `p` points to `n` writable numbers when n > 0, not aliased (the calling export's C contract)
    unsafe {
        if n == 0 || p.is_null() {
            &mut []
        } else {
            slice::from_raw_parts_mut(p, n)
        }
    }
}

/// Slice of `n` ints at `p` (empty for n == 0).
#[inline]
unsafe fn ints<'a>(p: *const c_int, n: usize) -> &'a [c_int] {
    // SAFETY: `p` points to `n` valid ints when n > 0 (the calling export's C contract)
    unsafe {
        if n == 0 || p.is_null() {
            &[]
        } else {
            slice::from_raw_parts(p, n)
        }
    }
}

/// Compute global body, joint, geom and site poses from qpos and mocap poses.
#[no_mangle]
pub unsafe extern "C" fn mj_kinematics(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_kinematics", (), || kinematics::kinematics(&*m, &mut *d))
    }
}

/// Compute subtree centres of mass, com-based body inertias and motion dofs.
#[no_mangle]
pub unsafe extern "C" fn mj_comPos(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_comPos", (), || kinematics::com_pos(&*m, &mut *d))
    }
}

/// Compute camera and light poses, including tracking and targeting modes.
#[no_mangle]
pub unsafe extern "C" fn mj_camlight(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_camlight", (), || kinematics::camlight(&*m, &mut *d))
    }
}

/// Run the composite rigid body algorithm: subtree inertias and the sparse inertia matrix M.
#[no_mangle]
pub unsafe extern "C" fn mj_crb(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_crb", (), || inertia::crb(&*m, &mut *d))
    }
}

/// Build the joint-space inertia matrix (M and qM), including tendon armature.
#[no_mangle]
pub unsafe extern "C" fn mj_makeM(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_makeM", (), || inertia::make_m(&*m, &mut *d))
    }
}

/// Factorise the inertia matrix as L'DL into qLD and qLDiagInv.
#[no_mangle]
pub unsafe extern "C" fn mj_factorM(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_factorM", (), || inertia::factor_m(&*m, &mut *d))
    }
}

/// Solve M x = y for n right-hand sides with the factorisation in d (x may equal y).
#[no_mangle]
pub unsafe extern "C" fn mj_solveM(m: *const mjModel, d: *mut mjData, x: *mut mjtNum, y: *const mjtNum, n: c_int) {
    crate::boundary! {
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
    crate::boundary! {
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
}

/// Expand an inertia matrix in the legacy qM layout into a dense nv x nv matrix.
#[no_mangle]
pub unsafe extern "C" fn mj_fullM(m: *const mjModel, dst: *mut mjtNum, M: *const mjtNum) {
    crate::boundary! {
        if m.is_null() || dst.is_null() || M.is_null() {
            return;
        }
        let m = &*m;
        let nv = m.nv as usize;
        let (dst, qm) = (nums_mut(dst, nv * nv), nums(M, m.nM as usize));
        guard("mj_fullM", (), || inertia::full_m(m, dst, qm))
    }
}

/// Multiply a vector by the inertia matrix: res = M vec.
#[no_mangle]
pub unsafe extern "C" fn mj_mulM(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        if m.is_null() || d.is_null() || res.is_null() || vec.is_null() {
            return;
        }
        let m = &*m;
        let nv = m.nv as usize;
        let (res, vec) = (nums_mut(res, nv), nums(vec, nv));
        guard("mj_mulM", (), || inertia::mul_m(m, &*d, res, vec))
    }
}

/// Multiply a vector by a square root of the inertia matrix: res = sqrt(D) L vec.
#[no_mangle]
pub unsafe extern "C" fn mj_mulM2(m: *const mjModel, d: *const mjData, res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        if m.is_null() || d.is_null() || res.is_null() || vec.is_null() {
            return;
        }
        let m = &*m;
        let nv = m.nv as usize;
        let (res, vec) = (nums_mut(res, nv), nums(vec, nv));
        guard("mj_mulM2", (), || inertia::mul_m2(m, &*d, res, vec))
    }
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
    crate::boundary! {
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
}

/// Compute body velocities (cvel) and time derivatives of the motion dofs (cdof_dot).
#[no_mangle]
pub unsafe extern "C" fn mj_comVel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_comVel", (), || velocity::com_vel(&*m, &mut *d))
    }
}

/// Compute subtree linear velocities and angular momenta.
#[no_mangle]
pub unsafe extern "C" fn mj_subtreeVel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_subtreeVel", (), || velocity::subtree_vel(&*m, &mut *d))
    }
}

/// Recursive Newton-Euler: result = M qacc + bias, or only the bias forces when flg_acc is 0.
#[no_mangle]
pub unsafe extern "C" fn mj_rne(m: *const mjModel, d: *mut mjData, flg_acc: c_int, result: *mut mjtNum) {
    crate::boundary! {
        if m.is_null() || d.is_null() || result.is_null() {
            return;
        }
        let m = &*m;
        let result = nums_mut(result, m.nv as usize);
        guard("mj_rne", (), || velocity::rne(m, &mut *d, flg_acc != 0, velocity::ForceOut::Slice(result)))
    }
}

/// Compute body accelerations and the external and internal body forces after the solver.
#[no_mangle]
pub unsafe extern "C" fn mj_rnePostConstraint(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_rnePostConstraint", (), || velocity::rne_post_constraint(&*m, &mut *d))
    }
}

//------------------------------ inertia-like matrices given explicitly ----------------------------

/// The sparsity pattern and row index of a CSR factorisation call as slices: the rows it
/// touches (largest listed row + 1 with an index, else nv) and the stored elements of those.
struct CsrPattern<'a> {
    rows: usize,
    nnz: usize,
    rownnz: &'a [c_int],
    rowadr: &'a [c_int],
    colind: &'a [c_int],
    index: Option<&'a [c_int]>,
}

unsafe fn csr_pattern<'a>(
    nv: usize,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    index: *const c_int,
) -> CsrPattern<'a> {
    // SAFETY: the row arrays hold `nr` entries and describe columns in range (the calling export's C contract)
    unsafe {
        let rows = if index.is_null() {
            nv
        } else {
            ints(index, nv).iter().map(|&i| i.max(0) as usize + 1).max().unwrap_or(0)
        };
        let nnz = (0..rows).map(|r| (*rowadr.add(r) + *rownnz.add(r)).max(0) as usize).max().unwrap_or(0);
        CsrPattern {
            rows,
            nnz,
            rownnz: ints(rownnz, rows),
            rowadr: ints(rowadr, rows),
            colind: ints(colind, nnz),
            index: (!index.is_null()).then(|| ints(index, nv)),
        }
    }
}

/// Add the tendon armature terms armature * J'J to the inertia matrix in d.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_tendonArmature(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_tendonArmature", (), || inertia::tendon_armature(&*m, &mut *d))
    }
}

/// Factorise a CSR inertia-like matrix in place as L'DL (only the rows in index, if given);
/// diaginv, if not NULL, receives 1/D.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_factorI(
    mat: *mut mjtNum,
    diaginv: *mut mjtNum,
    nv: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    index: *const c_int,
) {
    crate::boundary! {
        if mat.is_null() || rownnz.is_null() || rowadr.is_null() || colind.is_null() || nv <= 0 {
            return;
        }
        let nv = nv as usize;
        let p = csr_pattern(nv, rownnz, rowadr, colind, index);
        guard("mj_factorI", (), || {
            assert!(
                inertia::pattern_in_bounds(p.nnz, p.rownnz, p.rowadr, p.colind),
                "mj_factorI: bad sparsity pattern"
            );
            inertia::factor_i(nums_mut(mat, p.nnz), nums_mut(diaginv, p.rows), nv, p.rownnz, p.rowadr, p.colind, p.index)
        })
    }
}

/// Solve L'DL x = x in place for n vectors with a CSR factorisation (only the rows in index,
/// if given).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_solveLD(
    x: *mut mjtNum,
    qLD: *const mjtNum,
    qLDiagInv: *const mjtNum,
    nv: c_int,
    n: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    index: *const c_int,
) {
    crate::boundary! {
        if x.is_null() || qLD.is_null() || qLDiagInv.is_null() || rownnz.is_null() || rowadr.is_null() || colind.is_null() || nv <= 0 || n <= 0 {
            return;
        }
        let (nv, n) = (nv as usize, n as usize);
        let p = csr_pattern(nv, rownnz, rowadr, colind, index);
        let len = (n - 1) * nv + p.rows.max(nv);
        guard("mj_solveLD", (), || {
            let (x, qld, diaginv) = (nums_mut(x, len), nums(qLD, p.nnz), nums(qLDiagInv, p.rows));
            assert!(inertia::columns_below(p.colind, p.rows.max(nv)), "mj_solveLD: bad sparsity pattern");
            inertia::solve_ld(x, qld, diaginv, nv, n, p.rownnz, p.rowadr, p.colind, p.index)
        })
    }
}

/// Factorise an inertia-like matrix in the per-dof qM layout as L'DL into qLD and qLDiagInv.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_factorI_legacy(
    m: *const mjModel,
    d: *mut mjData,
    M: *const mjtNum,
    qLD: *mut mjtNum,
    qLDiagInv: *mut mjtNum,
) {
    crate::boundary! {
        if m.is_null() || d.is_null() || M.is_null() || qLD.is_null() || qLDiagInv.is_null() {
            return;
        }
        let m = &*m;
        let (nm, nv) = (m.nM as usize, m.nv as usize);
        guard("mj_factorI_legacy", (), || {
            inertia::factor_i_legacy(m, &mut *d, nums(M, nm), nums_mut(qLD, nm), nums_mut(qLDiagInv, nv))
        })
    }
}

/// Solve L'DL x = x in place for n vectors with a factorisation in the per-dof qM layout.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_solveLD_legacy(
    m: *const mjModel,
    x: *mut mjtNum,
    n: c_int,
    qLD: *const mjtNum,
    qLDiagInv: *const mjtNum,
) {
    crate::boundary! {
        if m.is_null() || x.is_null() || qLD.is_null() || qLDiagInv.is_null() || n <= 0 {
            return;
        }
        let m = &*m;
        let (nm, nv) = (m.nM as usize, m.nv as usize);
        guard("mj_solveLD_legacy", (), || {
            inertia::solve_ld_legacy(m, nums_mut(x, n as usize * nv), n as usize, nums(qLD, nm), nums(qLDiagInv, nv))
        })
    }
}
