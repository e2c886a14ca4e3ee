//! Transposition of sparse matrices and the supernodes of a pattern.

use super::*;

/// Transposes a sparse nr x nc matrix (values optional: pattern only when `res` is None).
/// Element addresses are relative to `rowadr[0]`. With `res_rowsuper`, also computes the row
/// supernodes of the transpose.
#[allow(clippy::too_many_arguments)]
pub fn transpose_sparse(
    res: Option<&mut [f64]>,
    mat: &[f64],
    nr: usize,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    mut res_rowsuper: Option<&mut [i32]>,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    if nr == 0 || nc == 0 {
        return;
    }
    let res_rownnz = &mut res_rownnz[..nc];
    let res_rowadr = &mut res_rowadr[..nc];
    res_rownnz.fill(0);
    let offset = rowadr[0];

    for r in 0..nr {
        let start = (rowadr[r] - offset) as usize;
        for &c in &colind[start..start + rownnz[r] as usize] {
            res_rownnz[c as usize] += 1;
        }
    }

    if let Some(sup) = res_rowsuper.as_deref_mut() {
        for i in 0..nc - 1 {
            sup[i] = (res_rownnz[i] == res_rownnz[i + 1]) as i32;
        }
        sup[nc - 1] = 0;
    }

    res_rowadr[0] = 0;
    for i in 1..nc {
        res_rowadr[i] = res_rowadr[i - 1] + res_rownnz[i - 1];
    }

    // every address the scatter writes lies below the total count
    let total = (res_rowadr[nc - 1] + res_rownnz[nc - 1]).max(0) as usize;
    assert!(total <= res_colind.len() && res.as_deref().is_none_or(|r| total <= r.len()));
    let sup: &mut [i32] = match res_rowsuper.as_deref_mut() {
        Some(sup) => &mut sup[..nc],
        None => &mut [],
    };
    match res {
        Some(res) => {
            if sup.is_empty() {
                transpose_scatter::<true, false>(
                    res, mat, nr, offset, rownnz, rowadr, colind, res_rowadr, res_colind, sup,
                )
            } else {
                transpose_scatter::<true, true>(
                    res, mat, nr, offset, rownnz, rowadr, colind, res_rowadr, res_colind, sup,
                )
            }
        }
        None => {
            if sup.is_empty() {
                transpose_scatter::<false, false>(
                    &mut [],
                    mat,
                    nr,
                    offset,
                    rownnz,
                    rowadr,
                    colind,
                    res_rowadr,
                    res_colind,
                    sup,
                )
            } else {
                transpose_scatter::<false, true>(
                    &mut [],
                    mat,
                    nr,
                    offset,
                    rownnz,
                    rowadr,
                    colind,
                    res_rowadr,
                    res_colind,
                    sup,
                )
            }
        }
    }

    for i in (1..nc).rev() {
        res_rowadr[i] = res_rowadr[i - 1];
    }
    res_rowadr[0] = 0;

    if let Some(sup) = res_rowsuper {
        for i in (0..nc - 1).rev() {
            if sup[i] != 0 {
                sup[i] += sup[i + 1];
            }
        }
    }
}

/// Second pass of [`transpose_sparse`]: places every element at its row's running address
/// (values only with `VAL`) and clears supernode marks broken by a gap in a row (with `SUP`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn transpose_scatter<const VAL: bool, const SUP: bool>(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    offset: i32,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    sup: &mut [i32],
) {
    for (r, (&adr_r, &nnz_r)) in rowadr[..nr].iter().zip(&rownnz[..nr]).enumerate() {
        let mut c_prev = -1;
        let start = (adr_r - offset) as usize;
        let end = start + nnz_r as usize;
        let cols = &colind[start..end];
        let vals = if VAL { &mat[start..end] } else { &[][..] };
        for (k, &c) in cols.iter().enumerate() {
            let cu = c as usize;
            let adr = res_rowadr[cu] as usize;
            res_rowadr[cu] += 1;
            // SAFETY: the caller checked that the counted non-zeros fit in res_colind (and res),
            // and adr stays below the end of row cu of the transpose.
            unsafe {
                *res_colind.get_unchecked_mut(adr) = r as i32;
                if VAL {
                    *res.get_unchecked_mut(adr) = *vals.get_unchecked(k);
                }
            }
            if SUP {
                if c > 0 && c != c_prev + 1 && sup[cu - 1] != 0 {
                    sup[cu - 1] = 0;
                }
                c_prev = c;
            }
        }
    }
}

/// Row supernodes: `rowsuper[r]` = number of following rows with the same pattern as row r.
pub fn super_sparse(nr: usize, rowsuper: &mut [i32], rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    if nr == 0 {
        return;
    }
    // one backward pass: a row matching the next one extends that row's run
    let (rowsuper, rownnz, rowadr) = (&mut rowsuper[..nr], &rownnz[..nr], &rowadr[..nr]);
    let mut next = 0;
    rowsuper[nr - 1] = 0;
    for r in (0..nr - 1).rev() {
        let n = rownnz[r];
        if n == rownnz[r + 1] {
            let n = n as usize;
            let (a, b) = (rowadr[r] as usize, rowadr[r + 1] as usize);
            next = if same_pattern(&colind[a..a + n], &colind[b..b + n]) { next + 1 } else { 0 };
        } else {
            next = 0;
        }
        rowsuper[r] = next;
    }
}
