//! Joint-space inertia: composite rigid body (`mj_crb`), `qM`/`M`, its LTDL factorisation
//! (`qLD`) and solves/products with it. Computation chapter, "Inertia".
//!
//! `M` (and `qLD`) hold the lower triangle of the inertia matrix row by row in the model's
//! `M_rownnz/M_rowadr/M_colind` pattern: row i lists the ancestor dofs of i in increasing order
//! and ends with the diagonal. `qM` is the same data in the legacy per-dof layout (`dof_Madr`).
//! With sleep enabled and some dofs asleep, `crb` and the factorisation touch awake rows only.

use crate::abi::fields::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::sleep;
use crate::engine::{enabled, is_sparse, timer_add, timer_end, timer_start};
use crate::math::blas::{add_to_scl, dot6, dot6x2, dot6x4};
use crate::math::sparse::{add_to_mat_sparse, add_to_sym_sparse, dot_sparse};
use crate::math::spatial::mul_inert_vec;

/// `dst[k] += scl * src[l]` wherever `dst_ind[k] == src_ind[l]` (both index lists increasing):
/// adds a sparse row into another restricted to the destination's pattern.
fn add_to_scl_sparse_common(dst: &mut [f64], dst_ind: &[i32], src: &[f64], src_ind: &[i32], scl: f64) {
    let (mut a, mut b) = (0, 0);
    while a < dst_ind.len() && b < src_ind.len() {
        let (id, is) = (dst_ind[a], src_ind[b]);
        if id == is {
            dst[a] += scl * src[b];
            a += 1;
            b += 1;
        } else if is < id {
            b += 1;
        } else {
            a += 1;
        }
    }
}

/// The number of awake dofs (listed first in `dof_awake_ind`) when sleep is enabled and some
/// dofs sleep (upstream's `sleep_filter`).
#[inline]
fn awake_dofs(m: &mjModel, d: &mjData) -> Option<usize> {
    if enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nv_awake < m.nv {
        Some(d.nv_awake.max(0) as usize)
    } else {
        None
    }
}

/// Whether every column index is in `0..n`, checked in one vectorizable pass (a negative index
/// reads as a huge u32), so that rows of the pattern can index length-`n` vectors without a
/// check per element.
#[inline]
/// Whether every column index lies in `0..n` (the precondition of the unchecked column
/// accesses below; model patterns are checked once when the model is loaded).
pub fn columns_below(colind: &[i32], n: usize) -> bool {
    let max = colind.iter().fold(0u32, |a, &c| a.max(c as u32));
    colind.is_empty() || (max as usize) < n
}

/// Whether every row of a CSR pattern lies inside `mat` (`nnz` numbers) and `colind`, with at
/// least its diagonal, and every column is below `rowadr.len()`: what [`factor_i`] needs to stay
/// in bounds.
pub fn pattern_in_bounds(nnz: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) -> bool {
    let end = nnz.min(colind.len()) as i64;
    rownnz.len() >= rowadr.len()
        && columns_below(colind, rowadr.len())
        && rowadr.iter().zip(rownnz).all(|(&a, &n)| a >= 0 && n >= 1 && a as i64 + n as i64 <= end)
}

/// Adds the tendon armature terms `armature * J' J` to `M` (`mj_tendonArmature`), using the
/// tendon Jacobians of `mj_tendon` (runs after it).
pub fn tendon_armature(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
    let armature = m.tendon_armature();
    let sparse = is_sparse(m);
    let filter = awake_dofs(m, d).is_some();
    let DataMut { M: mm, ten_J, ten_J_rownnz, ten_J_rowadr, ten_J_colind, tree_awake, .. } = d.arrays_mut(m);
    let (ten_j, tree_awake) = (&*ten_J, &*tree_awake);
    let (j_rownnz, j_rowadr, j_colind) = (&*ten_J_rownnz, &*ten_J_rowadr, &*ten_J_colind);

    for k in 0..m.ntendon as usize {
        if filter && sleep::tendon_state_of(m, tree_awake, k) == sleep::ASLEEP {
            continue;
        }
        let arm = armature[k];
        if arm == 0.0 {
            continue;
        }
        if !sparse {
            let jk = &ten_j[nv * k..nv * (k + 1)];
            for (i, &ji) in jk.iter().enumerate() {
                if ji == 0.0 {
                    continue;
                }
                let start = rowadr[i] as usize;
                let end = start + rownnz[i] as usize;
                for adr in start..end {
                    mm[adr] += arm * ji * jk[colind[adr] as usize];
                }
            }
        } else {
            let adr = j_rowadr[k] as usize;
            let nnz = j_rownnz[k] as usize;
            let (jk, jind) = (&ten_j[adr..adr + nnz], &j_colind[adr..adr + nnz]);
            for (&ji, &i) in jk.iter().zip(jind) {
                if ji == 0.0 {
                    continue;
                }
                let i = i as usize;
                let madr = rowadr[i] as usize;
                let mnnz = rownnz[i] as usize;
                add_to_scl_sparse_common(&mut mm[madr..madr + mnnz], &colind[madr..madr + mnnz], jk, jind, arm * ji);
            }
        }
    }
}

/// Composite rigid body algorithm (`mj_crb`): subtree inertias `crb` and the joint-space
/// inertia `M` (armature on the diagonal, fixed `dof_M0` for simple dofs). Runs after
/// `mj_comPos`.
pub fn crb(m: &mjModel, d: &mut mjData) {
    if let Some(nawake) = awake_dofs(m, d) {
        crb_awake(m, d, nawake);
        return;
    }
    let nbody = m.nbody as usize;
    let nv = m.nv as usize;
    let parentid = &m.body_parentid()[..nbody];
    let (rownnz, rowadr, colind) = (&m.M_rownnz()[..nv], &m.M_rowadr()[..nv], m.M_colind());
    let (dof_m0, armature, simplenum) = (&m.dof_M0()[..nv], &m.dof_armature()[..nv], &m.dof_simplenum()[..nv]);
    let dof_bodyid = &m.dof_bodyid()[..nv];
    let DataMut { crb, cdof, M: mm, cinert, .. } = d.arrays_mut(m);
    let cdof = cdof.as_chunks::<6>().0;

    // composite inertias: each body's own, added into its parent from the leaves up
    crb.copy_from_slice(&cinert[..10 * nbody]);
    let crb = crb.as_chunks_mut::<10>().0;
    for i in (1..nbody).rev() {
        let p = parentid[i] as usize;
        if p > 0 {
            let (lo, hi) = crb.split_at_mut(i);
            for (a, &b) in lo[p].iter_mut().zip(&hi[0]) {
                *a += b;
            }
        }
    }

    debug_assert!(columns_below(colind, cdof.len()), "mj_crb: bad sparsity pattern of M");
    mm.fill(0.0);
    for i in 0..nv {
        let adr = rowadr[i] as usize;
        if simplenum[i] != 0 {
            mm[adr] = dof_m0[i];
            continue;
        }
        // row i holds the ancestors of dof i (increasing) and the diagonal: each entry gets one
        // product cdof_j' (crb_i cdof_i), added to the cleared entry or to the armature
        let nnz = rownnz[i] as usize;
        let row = &mut mm[adr..adr + nnz];
        let Some(last) = row.last_mut() else { continue };
        *last = armature[i];
        let buf = mul_inert_vec(&crb[dof_bodyid[i] as usize], &cdof[i]);
        let cols = &colind[adr..adr + nnz];
        // SAFETY: columns of M's pattern are below nv == cdof.len(): mj_makeData checks the
        // model's pattern against the dof tree before any data exists for it (also asserted
        // above in debug builds)
        let dof = |k: usize| unsafe { cdof.get_unchecked(cols[k] as u32 as usize) };
        let mut k = 0;
        while k + 4 <= nnz {
            let r = dot6x4([dof(k), dof(k + 1), dof(k + 2), dof(k + 3)], [&buf; 4]);
            for (mij, v) in row[k..k + 4].iter_mut().zip(r) {
                *mij += v;
            }
            k += 4;
        }
        if k + 2 <= nnz {
            let r = dot6x2([dof(k), dof(k + 1)], [&buf; 2]);
            row[k] += r[0];
            row[k + 1] += r[1];
            k += 2;
        }
        if k < nnz {
            row[k] += dot6(dof(k), &buf);
        }
    }
}

/// [`crb`] with some dofs asleep: only awake bodies and the rows of the first `nawake` dofs of
/// `dof_awake_ind` change.
fn crb_awake(m: &mjModel, d: &mut mjData, nawake: usize) {
    let nbody = m.nbody as usize;
    let parentid = m.body_parentid();
    let (rownnz, rowadr) = (m.M_rownnz(), m.M_rowadr());
    let (dof_m0, armature, simplenum) = (m.dof_M0(), m.dof_armature(), m.dof_simplenum());
    let (dof_bodyid, dof_parentid) = (m.dof_bodyid(), m.dof_parentid());
    let nb = (d.nbody_awake.max(0) as usize).min(nbody);
    let np = (d.nparent_awake.max(0) as usize).min(nbody);
    let DataMut { body_awake_ind, parent_awake_ind, dof_awake_ind, cinert, crb, cdof, M: mm, .. } = d.arrays_mut(m);
    let (bodies, parents, dofs) = (&body_awake_ind[..nb], &parent_awake_ind[..np], &dof_awake_ind[..nawake]);
    let cinert = cinert.as_chunks::<10>().0;
    let crb = crb.as_chunks_mut::<10>().0;
    let cdof = cdof.as_chunks::<6>().0;

    for &i in bodies {
        crb[i as usize] = cinert[i as usize];
    }
    for &i in parents.iter().rev() {
        let i = i as usize;
        let p = parentid[i];
        if p > 0 {
            let c = crb[i];
            for (a, b) in crb[p as usize].iter_mut().zip(c) {
                *a += b;
            }
        }
    }

    for &i in dofs {
        let adr = rowadr[i as usize] as usize;
        mm[adr..adr + rownnz[i as usize] as usize].fill(0.0);
    }
    for &i in dofs {
        let i = i as usize;
        let adr = rowadr[i] as usize;
        if simplenum[i] != 0 {
            mm[adr] = dof_m0[i];
            continue;
        }
        let mut a = adr + rownnz[i] as usize - 1;
        mm[a] = armature[i];
        let buf = mul_inert_vec(&crb[dof_bodyid[i] as usize], &cdof[i]);
        // dof i and its ancestors, walking the row from the diagonal back
        let mut j = i as i32;
        while j >= 0 {
            mm[a] += dot6(&cdof[j as usize], &buf);
            a = a.wrapping_sub(1);
            j = dof_parentid[j as usize];
        }
    }
}

/// Joint-space inertia (`mj_makeM`): [`crb`], tendon armature, and the legacy `qM` copy.
/// Runs after `mj_comPos` and `mj_tendon`.
pub fn make_m(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    crb(m, d);
    tendon_armature(m, d);
    let DataMut { qM, M: mm, .. } = d.arrays_mut(m);
    scatter_checked(qM, mm, m.mapM2M());
    timer_end(d, mjtTimer_::mjTIMER_POS_INERTIA, t);
}

/// `res[ind[k]] = vec[k]` for every k (`mju_scatter`), with one range check for all indices
/// (a negative index reads as a huge u32) instead of one per element.
fn scatter_checked(res: &mut [f64], vec: &[f64], ind: &[i32]) {
    let ind = &ind[..vec.len()];
    let max = ind.iter().fold(0u32, |a, &i| a.max(i as u32));
    if ind.is_empty() {
        return;
    }
    assert!((max as usize) < res.len(), "scatter index {max} out of range");
    for (&v, &i) in vec.iter().zip(ind) {
        // SAFETY: every index is below res.len() (checked above)
        unsafe { *res.get_unchecked_mut(i as u32 as usize) = v };
    }
}

/// Factorises `M` into `qLD`/`qLDiagInv` (`mj_factorM`); runs after [`make_m`].
pub fn factor_m(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    let (rownnz, rowadr) = (m.M_rownnz(), m.M_rowadr());
    let awake = awake_dofs(m, d);
    let DataMut { qLD: qld, qLDiagInv, M: mm, dof_awake_ind, .. } = d.arrays_mut(m);
    match awake {
        None => {
            qld.copy_from_slice(mm);
            factor_i(qld, qLDiagInv, m.nv as usize, rownnz, rowadr, m.M_colind(), None);
        }
        Some(nawake) => {
            let dofs = &dof_awake_ind[..nawake];
            for &i in dofs {
                let adr = rowadr[i as usize] as usize;
                let end = adr + rownnz[i as usize] as usize;
                qld[adr..end].copy_from_slice(&mm[adr..end]);
            }
            factor_i(qld, qLDiagInv, dofs.len(), rownnz, rowadr, m.M_colind(), Some(dofs));
        }
    }
    timer_add(d, mjtTimer_::mjTIMER_POS_INERTIA, t);
}

/// In-place sparse L'DL factorisation of an inertia-like matrix in the `M` layout
/// (`mj_factorI`): off-diagonals become L, diagonals D; `diaginv` (when not empty) gets 1/D.
/// With `index`, only the rows listed (increasing, `nv` of them) are processed. A pattern
/// outside `mat` (which [`pattern_in_bounds`] rules out; `mj_makeData` checks the model's) panics.
pub fn factor_i(
    mat: &mut [f64],
    diaginv: &mut [f64],
    nv: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    index: Option<&[i32]>,
) {
    debug_assert!(columns_below(colind, rowadr.len()), "mj_factorI: bad sparsity pattern");
    for j in (0..nv).rev() {
        let k = match index {
            Some(ind) => ind[j] as usize,
            None => j,
        };
        let start = rowadr[k] as usize;
        let diag = rownnz[k] as usize - 1;
        // rows before row k (its ancestors' rows among them) and row k itself
        let (before, rest) = mat.split_at_mut(start);
        let rowk = &mut rest[..diag + 1];
        let inv_d = 1.0 / rowk[diag];
        if !diaginv.is_empty() {
            diaginv[k] = inv_d;
        }
        // row i of each column: L(i, :) -= L(k, :) * L(k, i) / L(k, k) over row i's length
        // (in M's pattern the ancestors of k form a chain, so row i is the first entries of row k)
        let cols = &colind[start..start + diag];
        for p in (0..diag).rev() {
            let i = cols[p] as u32 as usize;
            let (ia, ni) = (rowadr[i] as usize, rownnz[i] as usize);
            add_to_scl(&mut before[ia..ia + ni], &rowk[..ni], -rowk[p] * inv_d);
        }
        for x in &mut rowk[..diag] {
            *x *= inv_d;
        }
    }
}

/// Sparse-dense dot product `sum vals[k] * x[ind[k]]` in upstream's order for `mju_dotSparse`:
/// from four products on, four lanes over blocks of four reduced as (l0 + l2) + (l1 + l3), then
/// the leftovers one at a time. An index outside `x` panics.
#[inline(always)]
fn dot_gather(vals: &[f64], ind: &[i32], x: &[f64]) -> f64 {
    let ind = &ind[..vals.len()];
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    {
        use crate::math::lanes::{Avx, Lanes};
        let gather = |j: usize| x[j];
        Avx::COMPILED.dot_sparse(vals, ind, &gather)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    {
        let g = |v: f64, c: i32| v * x[c as u32 as usize];
        let (v4, i4) = (vals.chunks_exact(4), ind.chunks_exact(4));
        let (vr, ir) = (v4.remainder(), i4.remainder());
        let mut res = 0.0;
        let mut blocks = v4.zip(i4);
        if let Some((v, c)) = blocks.next() {
            let mut l = [g(v[0], c[0]), g(v[1], c[1]), g(v[2], c[2]), g(v[3], c[3])];
            for (v, c) in blocks {
                l[0] += g(v[0], c[0]);
                l[1] += g(v[1], c[1]);
                l[2] += g(v[2], c[2]);
                l[3] += g(v[3], c[3]);
            }
            res = (l[0] + l[2]) + (l[1] + l[3]);
        }
        for (&v, &c) in vr.iter().zip(ir) {
            res += g(v, c);
        }
        res
    }
}

/// [`solve_ld`] for one vector over all rows (a column at or past `nv` panics).
fn solve_ld1(x: &mut [f64], qld: &[f64], qldiaginv: &[f64], nv: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    let (x, diaginv) = (&mut x[..nv], &qldiaginv[..nv]);
    let (rownnz, rowadr) = (&rownnz[..nv], &rowadr[..nv]);
    debug_assert!(columns_below(colind, nv), "mj_solveLD: bad sparsity pattern");

    // x <- inv(L') x, skipping zeros of x
    for i in (0..nv).rev() {
        let nnz = rownnz[i] as usize;
        let xi = x[i];
        if nnz <= 1 || xi == 0.0 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + nnz - 1;
        for (&l, &c) in qld[start..end].iter().zip(&colind[start..end]) {
            x[c as u32 as usize] -= l * xi;
        }
    }

    // x <- inv(L) inv(D) x in one pass: row i reads only entries j < i, which are final by
    // then, so scaling x[i] just before its own row gives the numbers of two separate passes
    // (and avoids vector loads of entries just stored one at a time)
    for i in 0..nv {
        x[i] *= diaginv[i];
        let nnz = rownnz[i] as usize;
        if nnz <= 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + nnz - 1;
        let s = dot_gather(&qld[start..end], &colind[start..end], x);
        x[i] -= s;
    }
}

/// In-place solve `x = inv(L'DL) x` for `n` vectors of length `nv` stored one after another
/// (`mj_solveLD`); with `index`, only the listed rows take part. `x` holds `n * nv` numbers; a
/// pattern with columns at or past `nv` panics.
pub fn solve_ld(
    x: &mut [f64],
    qld: &[f64],
    qldiaginv: &[f64],
    nv: usize,
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    index: Option<&[i32]>,
) {
    if n == 1 && index.is_none() {
        solve_ld1(x, qld, qldiaginv, nv, rownnz, rowadr, colind);
        return;
    }
    if let Some(ind) = index {
        solve_ld_index(x, qld, qldiaginv, nv, n, rownnz, rowadr, colind, &ind[..nv]);
        return;
    }
    let x = &mut x[..n * nv];

    // x <- inv(L') x
    for k in (0..nv).rev() {
        let i = k;
        if rownnz[i] == 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        let (vals, ind) = (&qld[start..end], &colind[start..end]);
        for xv in x.chunks_exact_mut(nv) {
            let xi = xv[i];
            if xi != 0.0 {
                for (&l, &c) in vals.iter().zip(ind) {
                    xv[c as usize] -= l * xi;
                }
            }
        }
    }

    // x <- inv(D) x
    for k in 0..nv {
        let i = k;
        let inv = qldiaginv[i];
        for xv in x.chunks_exact_mut(nv) {
            xv[i] *= inv;
        }
    }

    // x <- inv(L) x
    for k in 0..nv {
        let i = k;
        if rownnz[i] == 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        let (vals, ind) = (&qld[start..end], &colind[start..end]);
        for xv in x.chunks_exact_mut(nv) {
            let s = dot_sparse(vals, xv, ind);
            xv[i] -= s;
        }
    }
}

/// [`solve_ld`] over the rows listed in `ind` (real dof numbers): entries of `x` are indexed by
/// dof, the `n` vectors start `nv` (the number of listed rows) apart, as upstream.
#[allow(clippy::too_many_arguments)]
fn solve_ld_index(
    x: &mut [f64],
    qld: &[f64],
    qldiaginv: &[f64],
    nv: usize,
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    ind: &[i32],
) {
    let offsets = (0..n).map(|v| v * nv);

    // x <- inv(L') x
    for &i in ind.iter().rev() {
        let i = i as usize;
        if rownnz[i] == 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        let (vals, cols) = (&qld[start..end], &colind[start..end]);
        for off in offsets.clone() {
            let xi = x[off + i];
            if xi != 0.0 {
                for (&l, &c) in vals.iter().zip(cols) {
                    x[off + c as usize] -= l * xi;
                }
            }
        }
    }

    // x <- inv(D) x
    for &i in ind {
        let i = i as usize;
        let inv = qldiaginv[i];
        for off in offsets.clone() {
            x[off + i] *= inv;
        }
    }

    // x <- inv(L) x
    for &i in ind {
        let i = i as usize;
        if rownnz[i] == 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        let (vals, cols) = (&qld[start..end], &colind[start..end]);
        for off in offsets.clone() {
            let s = dot_sparse(vals, &x[off..], cols);
            x[off + i] -= s;
        }
    }
}

/// `x = inv(M) y` for `n` vectors with the factorisation in `d` (`mj_solveM`), after
/// [`factor_m`]; `x`, `y` hold `n * nv` numbers (fewer panics).
pub fn solve_m(m: &mjModel, d: &mut mjData, x: &mut [f64], y: &[f64], n: usize) {
    let len = n * m.nv as usize;
    x[..len].copy_from_slice(&y[..len]);
    solve_m_inplace(m, d, x, n);
}

/// [`solve_m`] with `x` as both input and output.
pub fn solve_m_inplace(m: &mjModel, d: &mjData, x: &mut [f64], n: usize) {
    let nv = m.nv as usize;
    let a = d.arrays(m);
    solve_ld(x, a.qLD, a.qLDiagInv, nv, n, m.M_rownnz(), m.M_rowadr(), m.M_colind(), None);
}

/// Half solve `x = sqrt(inv(D)) inv(L') y` for `n` vectors (`mj_solveM2`); `sqrt_inv_d` holds
/// the square roots of `qLDiagInv`.
pub fn solve_m2(m: &mjModel, d: &mjData, x: &mut [f64], y: &[f64], sqrt_inv_d: &[f64], n: usize) {
    let len = n * m.nv as usize;
    x[..len].copy_from_slice(&y[..len]);
    solve_m2_inplace(m, d, x, sqrt_inv_d, n);
}

/// [`solve_m2`] with `x` as both input and output.
pub fn solve_m2_inplace(m: &mjModel, d: &mjData, x: &mut [f64], sqrt_inv_d: &[f64], n: usize) {
    let nv = m.nv as usize;
    let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
    let simplenum = m.dof_simplenum();
    let qld = d.arrays(m).qLD;
    let x = &mut x[..n * nv];

    // dof 0 has no ancestors
    for i in (1..nv).rev() {
        if simplenum[i] != 0 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + rownnz[i] as usize - 1;
        let (vals, ind) = (&qld[start..end], &colind[start..end]);
        for xv in x.chunks_exact_mut(nv) {
            let xi = xv[i];
            if xi != 0.0 {
                for (&l, &c) in vals.iter().zip(ind) {
                    xv[c as usize] -= l * xi;
                }
            }
        }
    }
    for i in 0..nv {
        let s = sqrt_inv_d[i];
        for xv in x.chunks_exact_mut(nv) {
            xv[i] *= s;
        }
    }
}

/// `res = M vec` (`mj_mulM`), after [`make_m`]; `res` and `vec` hold nv numbers.
pub fn mul_m(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    // SAFETY: M's pattern is strictly lower off the diagonal (checked by mj_makeData before any
    // data exists for the model)
    unsafe {
        crate::math::sparse::mul_sym_vec_sparse_lower(
            res,
            d.arrays(m).M,
            vec,
            m.nv as usize,
            m.M_rownnz(),
            m.M_rowadr(),
            m.M_colind(),
        )
    };
}

/// `res = sqrt(D) L vec`, a square root of M applied to `vec` (`mj_mulM2`), after
/// [`factor_m`]; `res` and `vec` hold nv numbers.
pub fn mul_m2(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    let nv = m.nv as usize;
    let (rownnz, rowadr, colind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
    let simplenum = m.dof_simplenum();
    let qld = d.arrays(m).qLD;
    for i in 0..nv {
        res[i] = vec[i];
        if simplenum[i] == 0 {
            let adr = rowadr[i] as usize;
            let nnz = rownnz[i] as usize - 1;
            res[i] += dot_sparse(&qld[adr..adr + nnz], vec, &colind[adr..adr + nnz]);
        }
    }
    for i in 0..nv {
        let diag = (rowadr[i] + rownnz[i] - 1) as usize;
        res[i] *= qld[diag].sqrt();
    }
}

/// Dense nv x nv matrix from one in the legacy `qM` layout (`mj_fullM`); `dst` holds nv*nv
/// numbers, `qm` nM.
pub fn full_m(m: &mjModel, dst: &mut [f64], qm: &[f64]) {
    let nv = m.nv as usize;
    let dof_parentid = m.dof_parentid();
    let dst = &mut dst[..nv * nv];
    dst.fill(0.0);
    let mut adr = 0;
    for i in 0..nv {
        let mut j = i as i32;
        while j >= 0 {
            let ju = j as usize;
            dst[i * nv + ju] = qm[adr];
            dst[ju * nv + i] = qm[adr];
            j = dof_parentid[ju];
            adr += 1;
        }
    }
}

/// Adds `M` to `dst` (`mj_addM`): a sparse matrix with the given pattern (patterns merged,
/// rows need room), or, when `sparse` is None, a dense nv x nv matrix (lower triangle only, as
/// upstream). Runs after [`make_m`].
pub fn add_m(m: &mjModel, d: &mut mjData, dst: &mut [f64], sparse: Option<(&mut [i32], &[i32], &mut [i32])>) {
    let nv = m.nv as usize;
    match sparse {
        Some((rownnz, rowadr, colind)) => with_frame(d, |d, f| {
            let buf_val = f.nums(d, nv);
            let buf_ind = f.ints(d, nv);
            add_to_mat_sparse(
                dst,
                rownnz,
                rowadr,
                colind,
                nv,
                d.arrays(m).M,
                m.M_rownnz(),
                m.M_rowadr(),
                m.M_colind(),
                buf_val,
                buf_ind,
            );
        }),
        None => add_to_sym_sparse(dst, d.arrays(m).M, nv, m.M_rownnz(), m.M_rowadr(), m.M_colind(), false),
    }
}

//---------------------------- legacy (per-dof qM layout) factorisation ----------------------------

/// Ancestor dofs of `k` (excluding `k`) in the order the legacy layout stores them after the
/// diagonal: parent first, root last.
fn legacy_ancestors(parent: &[i32], k: usize) -> impl Iterator<Item = usize> + '_ {
    let first = (parent[k] >= 0).then_some(parent[k] as usize);
    core::iter::successors(first, move |&i| (parent[i] >= 0).then_some(parent[i] as usize))
}

/// L'DL factorisation of an inertia-like matrix in the legacy `qM` layout (`dof_Madr`)
/// (`mj_factorI_legacy`): `qld` gets L and D in that layout, `qldiaginv` 1/D. Diagonals below
/// mjMINVAL are raised to it with `mjWARN_INERTIA`. `mat` and `qld` hold `nM` numbers,
/// `qldiaginv` `nv`.
pub fn factor_i_legacy(m: &mjModel, d: &mut mjData, mat: &[f64], qld: &mut [f64], qldiaginv: &mut [f64]) {
    let (nv, nm) = (m.nv as usize, m.nM as usize);
    let (madr, parent, simple) = (m.dof_Madr(), m.dof_parentid(), m.dof_simplenum());
    qld[..nm].copy_from_slice(&mat[..nm]);
    for k in (0..nv).rev() {
        let kk = madr[k] as usize;
        if qld[kk] < mjMINVAL {
            crate::engine::warning(d, mjtWarning_::mjWARN_INERTIA, k as i32);
            qld[kk] = mjMINVAL;
        }
        if simple[k] != 0 {
            continue;
        }
        for (ki, i) in (kk + 1..).zip(legacy_ancestors(parent, k)) {
            let tmp = qld[ki] / qld[kk];
            // ancestors of i (including i): the rest of row k from ki on matches row i
            let cnt = if i + 1 < nv { (madr[i + 1] - madr[i]) as usize } else { nm - madr[i] as usize };
            let row_i = madr[i] as usize;
            for c in 0..cnt {
                qld[row_i + c] += qld[ki + c] * -tmp;
            }
            qld[ki] = tmp;
        }
    }
    for i in 0..nv {
        qldiaginv[i] = 1.0 / qld[madr[i] as usize];
    }
}

/// Solves `L'DL x = x` in place for `n` vectors of length nv with a factor in the legacy `qM`
/// layout (`mj_solveLD_legacy`); `qld` holds `nM` numbers, `qldiaginv` `nv`, `x` `n * nv`.
pub fn solve_ld_legacy(m: &mjModel, x: &mut [f64], n: usize, qld: &[f64], qldiaginv: &[f64]) {
    let nv = m.nv as usize;
    let (madr, parent, simple) = (m.dof_Madr(), m.dof_parentid(), m.dof_simplenum());
    let x = &mut x[..n * nv];
    if n == 1 {
        for i in (0..nv).rev() {
            let xi = x[i];
            if simple[i] == 0 && xi != 0.0 {
                for (adr, j) in (madr[i] as usize + 1..).zip(legacy_ancestors(parent, i)) {
                    x[j] -= qld[adr] * x[i];
                }
            }
        }
        for i in 0..nv {
            x[i] *= qldiaginv[i];
        }
        for i in 0..nv {
            if simple[i] == 0 {
                for (adr, j) in (madr[i] as usize + 1..).zip(legacy_ancestors(parent, i)) {
                    x[i] -= qld[adr] * x[j];
                }
            }
        }
        return;
    }
    for i in (0..nv).rev() {
        if simple[i] != 0 {
            continue;
        }
        for (adr, j) in (madr[i] as usize + 1..).zip(legacy_ancestors(parent, i)) {
            for off in (0..n * nv).step_by(nv) {
                let tmp = x[i + off];
                if tmp != 0.0 {
                    x[j + off] -= qld[adr] * tmp;
                }
            }
        }
    }
    for i in 0..nv {
        for off in (0..n * nv).step_by(nv) {
            x[i + off] *= qldiaginv[i];
        }
    }
    for i in 0..nv {
        if simple[i] != 0 {
            continue;
        }
        for (adr, j) in (madr[i] as usize + 1..).zip(legacy_ancestors(parent, i)) {
            for off in (0..n * nv).step_by(nv) {
                x[i + off] -= qld[adr] * x[j + off];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::sparse::mul_sym_vec_sparse;

    // chain 0 <- 1 <- 2 plus an independent dof 3; rows list ancestors then the diagonal
    const ROWNNZ: [i32; 4] = [1, 2, 3, 1];
    const ROWADR: [i32; 4] = [0, 1, 3, 6];
    const COLIND: [i32; 7] = [0, 0, 1, 0, 1, 2, 3];
    const M: [f64; 7] = [4.0, 1.0, 3.0, 0.5, -0.7, 2.0, 1.5];

    #[test]
    fn factor_then_solve_inverts_m() {
        let mut ld = M;
        let mut dinv = [0.0; 4];
        factor_i(&mut ld, &mut dinv, 4, &ROWNNZ, &ROWADR, &COLIND, None);
        // the unconnected dof factors trivially
        assert_eq!(ld[6], 1.5);
        assert_eq!(dinv[3], 1.0 / 1.5);

        let b = [1.0, -2.0, 0.5, 3.0, 0.0, 1.0, -1.0, 2.0];
        let mut x = b;
        solve_ld(&mut x, &ld, &dinv, 4, 2, &ROWNNZ, &ROWADR, &COLIND, None);
        for k in 0..2 {
            let mut mx = [0.0; 4];
            mul_sym_vec_sparse(&mut mx, &M, &x[4 * k..4 * k + 4], 4, &ROWNNZ, &ROWADR, &COLIND);
            for i in 0..4 {
                assert!((mx[i] - b[4 * k + i]).abs() < 1e-12, "{k} {i}: {} vs {}", mx[i], b[4 * k + i]);
            }
        }
    }

    #[test]
    fn factor_with_index_skips_other_rows() {
        // factor only the chain; the row of dof 3 stays untouched
        let mut ld = M;
        ld[6] = 7.0;
        let mut dinv = [0.0; 4];
        factor_i(&mut ld, &mut dinv, 3, &ROWNNZ, &ROWADR, &COLIND, Some(&[0, 1, 2]));
        assert_eq!(ld[6], 7.0);
        assert_eq!(dinv[3], 0.0);
        let mut full = M;
        let mut dfull = [0.0; 4];
        factor_i(&mut full, &mut dfull, 4, &ROWNNZ, &ROWADR, &COLIND, None);
        assert_eq!(&ld[..6], &full[..6]);
        assert_eq!(&dinv[..3], &dfull[..3]);
    }

    #[test]
    fn solve_with_index_uses_dof_numbers() {
        // the listed rows are dofs 1..=3 of a 4-dof vector: dof 0 stays, the chain 1 <- 2
        // and the free dof 3 are solved in place
        let (rownnz, rowadr, colind) = ([1, 1, 2, 1], [0, 1, 2, 4], [0, 1, 1, 2, 3]);
        let m = [9.0, 4.0, 1.0, 3.0, 2.0];
        let mut ld = m;
        let mut dinv = [0.0; 4];
        let ind = [1, 2, 3];
        factor_i(&mut ld, &mut dinv, 3, &rownnz, &rowadr, &colind, Some(&ind));
        let mut x = [5.0, 1.0, -2.0, 4.0];
        solve_ld(&mut x, &ld, &dinv, 3, 1, &rownnz, &rowadr, &colind, Some(&ind));
        assert_eq!(x[0], 5.0);
        assert!((4.0 * x[1] + x[2] - 1.0).abs() < 1e-12 && (x[1] + 3.0 * x[2] + 2.0).abs() < 1e-12, "{x:?}");
        assert!((2.0 * x[3] - 4.0).abs() < 1e-12);
    }
}
