//! The inverse inertia in constraint space for the dual solvers (`mj_projectConstraint`):
//! `efc_AR = J M^-1 J' + diag(R)`, dense or sparse (computation chapter, "Constraint solver",
//! dual problem).

use super::{arena_full, is_dual};
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::is_sparse;
use crate::math::blas;
use crate::math::sparse;

/// `dst += scl * src` at the indices the two sparse vectors share (`mju_addToSclSparseInc`).
#[inline]
fn add_to_scl_sparse_inc(dst: &mut [f64], src: &[f64], ind_dst: &[i32], ind_src: &[i32], scl: f64) {
    let (nd, ns) = (ind_dst.len(), ind_src.len());
    if nd == 0 || ns == 0 {
        return;
    }
    let (mut a, mut b) = (0, 0);
    loop {
        let (is, id) = (ind_src[a], ind_dst[b]);
        if is == id {
            dst[b] += scl * src[a];
            a += 1;
            b += 1;
            if a >= ns || b >= nd {
                return;
            }
        } else if is < id {
            a += 1;
            if a >= ns {
                return;
            }
        } else {
            b += 1;
            if b >= nd {
                return;
            }
        }
    }
}

/// Inverse inertia in constraint space for the dual solvers (`mj_projectConstraint`):
/// `efc_AR = J M^-1 J' + diag(R)`, dense or sparse, placed in the arena; after
/// [`make_constraint`](super::make_constraint) and the inertia factorisation.
pub fn project_constraint(m: &mjModel, d: &mut mjData) {
    let nefc = d.nefc as usize;
    let nv = m.nv as usize;
    if nefc == 0 || !is_dual(m) {
        return;
    }

    with_frame(d, |d, f| {
        let (mrownnz, mrowadr, mcolind) = (m.M_rownnz(), m.M_rowadr(), m.M_colind());
        let sqrt_inv_d = f.nums(d, nv);
        {
            let qld = d.arrays(m).qLD;
            for i in 0..nv {
                let diag = (mrowadr[i] + mrownnz[i] - 1) as usize;
                sqrt_inv_d[i] = 1.0 / qld[diag].sqrt();
            }
        }

        if is_sparse(m) {
            // pattern of B = J with each row completed to its dof ancestors
            let b_rownnz = f.ints(d, nefc);
            let b_rowadr = f.ints(d, nefc);
            let marker = f.ints(d, nv);
            let DataRef { efc_J_rownnz: jrownnz, efc_J_rowadr: jrowadr, efc_J_colind: jcolind, .. } = d.arrays(m);
            marker.fill(-1);
            b_rowadr[0] = 0;
            for r in 0..nefc {
                let mut cnt = 0;
                let start = jrowadr[r] as usize;
                for &j in jcolind[start..start + jrownnz[r] as usize].iter().rev() {
                    if marker[j as usize] == r as i32 {
                        continue;
                    }
                    let adr = mrowadr[j as usize] as usize;
                    for &c in &mcolind[adr..adr + mrownnz[j as usize] as usize] {
                        if marker[c as usize] != r as i32 {
                            marker[c as usize] = r as i32;
                            cnt += 1;
                        }
                    }
                }
                b_rownnz[r] = cnt;
                if r + 1 < nefc {
                    b_rowadr[r + 1] = b_rowadr[r] + cnt;
                }
            }
            let nb = (b_rowadr[nefc - 1] + b_rownnz[nefc - 1]) as usize;

            // fill B from J, zeros at the added ancestors
            let b = f.nums(d, nb);
            let b_colind = f.ints(d, nb);
            let DataRef {
                efc_J_rownnz: jrownnz,
                efc_J_rowadr: jrowadr,
                efc_J_colind: jcolind,
                efc_J: jval,
                qLD: qld,
                ..
            } = d.arrays(m);
            let parent = m.dof_parentid();
            for r in 0..nefc {
                let end = (b_rowadr[r] + b_rownnz[r]) as usize;
                let adr_j = jrowadr[r] as usize;
                let mut remain = jrownnz[r] as usize;
                let mut cnt = 0usize;
                loop {
                    let prev_src = if remain > 0 { jcolind[adr_j + remain - 1] } else { -1 };
                    let prev_dst = if cnt > 0 { parent[b_colind[end - cnt] as usize] } else { -1 };
                    if prev_src < 0 && prev_dst < 0 {
                        break;
                    }
                    if cnt >= b_rownnz[r] as usize {
                        cnt += 1;
                        break;
                    }
                    cnt += 1;
                    if prev_src >= prev_dst {
                        remain -= 1;
                        b_colind[end - cnt] = prev_src;
                        b[end - cnt] = jval[adr_j + remain];
                    } else {
                        b_colind[end - cnt] = prev_dst;
                        b[end - cnt] = 0.0;
                    }
                }
                if cnt != b_rownnz[r] as usize {
                    crate::mjerror!(
                        "mj_projectConstraint",
                        "pre and post-count of B_rownnz are not equal on row {}",
                        r
                    );
                    return;
                }
            }

            // B <- B * inv(L) * sqrt(inv(D)), row by row
            for r in 0..nefc {
                let (adr, cnt) = (b_rowadr[r] as usize, b_rownnz[r] as usize);
                let (row, ind) = (&mut b[adr..adr + cnt], &b_colind[adr..adr + cnt]);
                for i in (0..cnt).rev() {
                    let bi = row[i];
                    if bi == 0.0 {
                        continue;
                    }
                    let j = ind[i] as usize;
                    let adr_c = mrowadr[j] as usize;
                    let n_c = mrownnz[j] as usize - 1;
                    add_to_scl_sparse_inc(row, &qld[adr_c..adr_c + n_c], ind, &mcolind[adr_c..adr_c + n_c], -bi);
                }
                for (v, &c) in row.iter_mut().zip(ind) {
                    *v *= sqrt_inv_d[c as usize];
                }
            }

            let b_rowsuper = f.ints(d, nefc);
            sparse::super_sparse(nefc, b_rowsuper, b_rownnz, b_rowadr, b_colind);

            let bt_rownnz = f.ints(d, nv);
            let bt_rowadr = f.ints(d, nv);
            let bt_colind = f.ints(d, nb);
            let bt = f.nums(d, nb);
            sparse::transpose_sparse(
                Some(bt),
                b,
                nefc,
                nv,
                bt_rownnz,
                bt_rowadr,
                bt_colind,
                None,
                b_rownnz,
                b_rowadr,
                b_colind,
            );

            let p1 = crate::data::stack::arena_alloc(d, 4 * nefc, 4) as *mut i32;
            let p2 = if p1.is_null() {
                core::ptr::null_mut()
            } else {
                crate::data::stack::arena_alloc(d, 4 * nefc, 4) as *mut i32
            };
            if p1.is_null() || p2.is_null() {
                arena_full(m, d);
                return;
            }
            d.efc_AR_rownnz = p1;
            d.efc_AR_rowadr = p2;

            let na = with_frame(d, |d, f| {
                let chain = f.ints(d, 2 * nefc);
                let DataMut { efc_AR_rownnz: ar_rownnz, efc_AR_rowadr: ar_rowadr, .. } = d.arrays_mut(m);
                sparse::sqr_mat_td_sparse_count(
                    ar_rownnz,
                    ar_rowadr,
                    nefc,
                    bt_rownnz,
                    bt_rowadr,
                    bt_colind,
                    b_rownnz,
                    b_rowadr,
                    b_colind,
                    Some(b_rowsuper),
                    true,
                    chain,
                )
            });
            d.nA = na;

            let p3 = crate::data::stack::arena_alloc(d, 8 * na as usize, 8) as *mut f64;
            let p4 = if p3.is_null() {
                core::ptr::null_mut()
            } else {
                crate::data::stack::arena_alloc(d, 4 * na as usize, 4) as *mut i32
            };
            if p3.is_null() || p4.is_null() {
                arena_full(m, d);
                return;
            }
            d.efc_AR = p3;
            d.efc_AR_colind = p4;

            let diagind = f.ints(d, nefc);
            with_frame(d, |d, f| {
                let scratch = sparse::SqrMatTdScratch {
                    marker: f.ints(d, nefc),
                    buffer: f.nums(d, nefc * 8),
                    buffer_idx: f.ints(d, nefc),
                    rowstart: f.ints(d, nv),
                };
                let DataMut {
                    efc_AR: ar,
                    efc_AR_rownnz: ar_rownnz,
                    efc_AR_rowadr: ar_rowadr,
                    efc_AR_colind: ar_colind,
                    ..
                } = d.arrays_mut(m);
                sparse::sqr_mat_td_sparse(
                    ar,
                    bt,
                    b,
                    None,
                    nefc,
                    ar_rownnz,
                    ar_rowadr,
                    ar_colind,
                    bt_rownnz,
                    bt_rowadr,
                    bt_colind,
                    b_rownnz,
                    b_rowadr,
                    b_colind,
                    Some(b_rowsuper),
                    Some(&mut *diagind),
                    scratch,
                );
            });

            let DataMut { efc_AR: ar, efc_R: r, .. } = d.arrays_mut(m);
            for i in 0..nefc {
                ar[diagind[i] as usize] += r[i];
            }
        } else {
            d.nA = (nefc * nefc) as i32;
            let p = crate::data::stack::arena_alloc(d, 8 * nefc * nefc, 8) as *mut f64;
            if p.is_null() {
                arena_full(m, d);
                return;
            }
            d.efc_AR = p;

            let b = f.nums(d, nefc * nv);
            let bt = f.nums(d, nv * nefc);
            crate::engine::inertia::solve_m2(m, d, b, d.arrays(m).efc_J, sqrt_inv_d, nefc);
            blas::transpose(bt, b, nefc, nv);
            let DataMut { efc_AR: ar, efc_R: r, .. } = d.arrays_mut(m);
            blas::sqr_mat_td(ar, bt, None, nv, nefc);
            for i in 0..nefc {
                ar[i * (nefc + 1)] += r[i];
            }
        }
    })
}
