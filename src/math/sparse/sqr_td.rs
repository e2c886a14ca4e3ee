//! The symbolic and numeric `M'*diag*M` of a sparse matrix.

use super::*;

/// Counts the non-zeros per row of `M'*M` (lower triangle, plus the upper one when `upper`)
/// for M given by its pattern and its transpose's (`*_t`); fills `res_rownnz` and compact
/// `res_rowadr` and returns the total. `chain` is scratch of length 2*nr.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse_count(
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    nr: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    upper: bool,
    chain: &mut [i32],
) -> i32 {
    let chain = &mut chain[..2 * nr];
    let mut nchain = 0usize;
    // start of the current row's pattern in `chain`
    let mut cur = 0usize;

    for r in 0..nr {
        if r > 0 && rowsuper_t.is_some_and(|s| s[r - 1] > 0) {
            // same pattern as the previous row, plus its own diagonal
            res_rownnz[r] = res_rownnz[r - 1];
            if upper {
                for j in 0..nchain {
                    res_rownnz[chain[cur + j] as usize] += 1;
                }
            }
            if rownnz_t[r] != 0 {
                chain[cur + nchain] = r as i32;
                nchain += 1;
                res_rownnz[r] += 1;
            }
            continue;
        }

        // merge the patterns (up to column r) of the rows of M with a non-zero in column r,
        // alternating between the two halves of `chain`
        let (mut inew, mut iold) = (0usize, nr);
        nchain = 0;
        let radr_t = rowadr_t[r] as usize;
        for i in 0..rownnz_t[r] as usize {
            let c = colind_t[radr_t + i] as usize;
            core::mem::swap(&mut inew, &mut iold);

            let mut nnew = 0usize;
            let mut adr = 0usize;
            let start = rowadr[c] as usize;
            for &col in &colind[start..start + rownnz[c] as usize] {
                while adr < nchain && chain[iold + adr] < col && chain[iold + adr] <= r as i32 {
                    chain[inew + nnew] = chain[iold + adr];
                    nnew += 1;
                    adr += 1;
                }
                if col > r as i32 {
                    break;
                }
                if adr < nchain && chain[iold + adr] == col {
                    adr += 1;
                }
                chain[inew + nnew] = col;
                nnew += 1;
            }
            while adr < nchain && chain[iold + adr] <= r as i32 {
                chain[inew + nnew] = chain[iold + adr];
                nnew += 1;
                adr += 1;
            }
            nchain = nnew;
        }

        res_rownnz[r] = nchain as i32;
        cur = inew;

        if upper {
            let mut end = nchain;
            if nchain > 0 && chain[cur + nchain - 1] == r as i32 {
                end -= 1;
            }
            for j in 0..end {
                res_rownnz[chain[cur + j] as usize] += 1;
            }
        }
    }

    if nr == 0 {
        return 0;
    }
    res_rowadr[0] = 0;
    for r in 1..nr {
        res_rowadr[r] = res_rowadr[r - 1] + res_rownnz[r - 1];
    }
    res_rowadr[nr - 1] + res_rownnz[nr - 1]
}

/// Row addresses of an uncompressed nc x nc result: row r starts at r*nc.
pub fn sqr_mat_td_uncompressed_init(res_rowadr: &mut [i32], nc: usize) {
    for (r, a) in res_rowadr[..nc].iter_mut().enumerate() {
        *a = (r * nc) as i32;
    }
}

/// Largest number of columns with identical pattern handled together.
const MAXSUPER: usize = 8;

/// Scratch of [`sqr_mat_td_sparse`], in the order upstream allocates it.
pub struct SqrMatTdScratch<'a> {
    /// nc ints: row marks of the current column.
    pub marker: &'a mut [i32],
    /// nc*8 values: dense accumulators for up to 8 columns.
    pub buffer: &'a mut [f64],
    /// nc ints: rows set in the current column.
    pub buffer_idx: &'a mut [i32],
    /// nr ints: per row of M, the first entry beyond the current column.
    pub rowstart: &'a mut [i32],
}

/// `res = M'*diag*M` (`M'*M` without `diag`) for the sparse nr x nc M given in rows (`mat`) and
/// columns (`mat_t`, its transpose, with supernodes `rowsuper_t`), computed column by column.
/// `res_rowadr` must be set (e.g. by [`sqr_mat_td_sparse_count`]); the lower triangle is written,
/// and with `diagind` the addresses of the diagonals are saved and the upper triangle filled.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse(
    res: &mut [f64],
    mat: &[f64],
    mat_t: &[f64],
    diag: Option<&[f64]>,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    diagind: Option<&mut [i32]>,
    scratch: SqrMatTdScratch,
) {
    let SqrMatTdScratch { marker, buffer, buffer_idx, rowstart } = scratch;
    let marker = &mut marker[..nc];
    let buffer_idx = &mut buffer_idx[..nc];
    // dense accumulators, column-major like upstream's (lane s of row j at s*nc + j), so the
    // scratch is left with the same contents
    let acc = &mut buffer[..nc * MAXSUPER];
    marker.fill(0);
    rowstart.fill(0);
    res_rownnz[..nc].fill(0);

    let mut c = 0usize;
    while c < nc {
        let mut buffer_nnz = 0usize;
        let nnz = rownnz_t[c] as usize;
        let adr = rowadr_t[c] as usize;
        let ind = &colind_t[adr..adr + nnz];

        // columns c .. c+ns share the pattern of column c
        let extra = match rowsuper_t {
            Some(sup) if sup[c] != 0 => (sup[c] as usize).min(MAXSUPER - 1),
            _ => 0,
        };
        let ns = 1 + extra;
        let mut val: [&[f64]; MAXSUPER] = [&[]; MAXSUPER];
        for (s, v) in val[..ns].iter_mut().enumerate() {
            let a = rowadr_t[c + s] as usize;
            *v = &mat_t[a..a + nnz];
        }

        let mut diag_c = [0.0; MAXSUPER];
        if let Some(dg) = diag {
            for s in 0..ns {
                let mut ds = 0.0;
                for (&x, &k) in val[s].iter().zip(ind) {
                    ds += (x * x) * dg[k as usize];
                }
                diag_c[s] = ds;
            }
        } else {
            for s in 0..ns {
                diag_c[s] = dot(val[s], val[s]);
            }
        }

        // strict lower triangle of columns c..c+ns, accumulated densely
        for (i, &r) in ind.iter().enumerate() {
            let r = r as usize;
            let adr_r = rowadr[r] as usize;
            let nnz_r = rownnz[r] as usize;
            let ind_r = &colind[adr_r..adr_r + nnz_r];
            let val_r = &mat[adr_r..adr_r + nnz_r];

            let mut v = [0.0; MAXSUPER];
            if let Some(dg) = diag {
                let d = dg[r];
                for s in 0..ns {
                    v[s] = d * val[s][i];
                }
            } else {
                for s in 0..ns {
                    v[s] = val[s][i];
                }
            }

            let rs0 = rowstart[r] as usize;
            let ind_r = ind_r.get(rs0..).unwrap_or(&[]);
            let val_r = val_r.get(rs0..).unwrap_or(&[]);
            let mut st =
                GatherState { marker: &mut *marker, acc: &mut *acc, buffer_idx: &mut *buffer_idx, buffer_nnz, nc, c };
            let skipped = match ns {
                1 => st.gather::<1>(ind_r, val_r, &v),
                2 => st.gather::<2>(ind_r, val_r, &v),
                3 => st.gather::<3>(ind_r, val_r, &v),
                4 => st.gather::<4>(ind_r, val_r, &v),
                5 => st.gather::<5>(ind_r, val_r, &v),
                6 => st.gather::<6>(ind_r, val_r, &v),
                7 => st.gather::<7>(ind_r, val_r, &v),
                _ => st.gather::<8>(ind_r, val_r, &v),
            };
            buffer_nnz = st.buffer_nnz;
            rowstart[r] = (rs0 + skipped) as i32;
        }

        // scatter below the diagonal
        for &j in &buffer_idx[..buffer_nnz] {
            let j = j as usize;
            marker[j] = 0;
            let adr_j = (res_rowadr[j] + res_rownnz[j]) as usize;
            let nm = ns.min(j - c);
            res_rownnz[j] += nm as i32;
            for (s, (rv, ci)) in res[adr_j..adr_j + nm].iter_mut().zip(&mut res_colind[adr_j..adr_j + nm]).enumerate() {
                *rv = acc[s * nc + j];
                *ci = (c + s) as i32;
            }
        }

        // diagonals
        for s in 0..ns {
            let adr_s = (res_rowadr[c + s] + res_rownnz[c + s]) as usize;
            res_rownnz[c + s] += 1;
            res_colind[adr_s] = (c + s) as i32;
            res[adr_s] = diag_c[s];
        }

        c += ns;
    }

    if let Some(diagind) = diagind {
        fill_upper(res, nc, res_rownnz, res_rowadr, res_colind, diagind);
    }
}

/// Dense accumulation state of one column block of [`sqr_mat_td_sparse`].
struct GatherState<'a> {
    marker: &'a mut [i32],
    acc: &'a mut [f64],
    buffer_idx: &'a mut [i32],
    buffer_nnz: usize,
    nc: usize,
    c: usize,
}

impl GatherState<'_> {
    /// Adds `val_r[k] * v[s]` into lane s of row `ind_r[k]` (first touch sets) for the entries
    /// below column c; returns the number of leading entries at or above it.
    #[inline(always)]
    fn gather<const N: usize>(&mut self, ind_r: &[i32], val_r: &[f64], v: &[f64; MAXSUPER]) -> usize {
        let (nc, c) = (self.nc, self.c);
        assert!(self.acc.len() >= N * nc && self.marker.len() == nc);
        let mut skipped = 0;
        for (&j, &vk) in ind_r.iter().zip(val_r) {
            let j = j as usize;
            if j <= c {
                skipped += 1;
                continue;
            }
            let Some(mk) = self.marker.get_mut(j) else { continue };
            // SAFETY: j < nc and s < N, so s*nc + j < N*nc <= acc.len()
            unsafe {
                if *mk == 0 {
                    *mk = 1;
                    self.buffer_idx[self.buffer_nnz] = j as i32;
                    self.buffer_nnz += 1;
                    for s in 0..N {
                        *self.acc.get_unchecked_mut(s * nc + j) = vk * v[s];
                    }
                } else {
                    for s in 0..N {
                        *self.acc.get_unchecked_mut(s * nc + j) += vk * v[s];
                    }
                }
            }
        }
        skipped
    }
}

/// Saves the diagonal addresses and mirrors the strict lower triangle into the upper one.
fn fill_upper(
    res: &mut [f64],
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    diagind: &mut [i32],
) {
    for i in 0..nc {
        diagind[i] = res_rowadr[i] + res_rownnz[i] - 1;
    }
    for i in 0..nc {
        // all but the last entry (the diagonal) of row i
        let start = res_rowadr[i] as usize;
        let end = start + (res_rownnz[i] - 1).max(0) as usize;
        for j in start..end {
            let col = res_colind[j] as usize;
            let adr = (res_rowadr[col] + res_rownnz[col]) as usize;
            res_rownnz[col] += 1;
            res[adr] = res[j];
            res_colind[adr] = i as i32;
        }
    }
}

/// Row-by-row variant of [`sqr_mat_td_sparse`] (upstream's reference implementation).
/// `buffer` (nc values) and `markers` (nc ints) are scratch.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse_row(
    res: &mut [f64],
    mat: &[f64],
    mat_t: &[f64],
    diag: Option<&[f64]>,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    diagind: Option<&mut [i32]>,
    buffer: &mut [f64],
    markers: &mut [i32],
) {
    for i in 0..nc {
        let rowadr_i = res_rowadr[i] as usize;
        res_rownnz[i] = 0;
        buffer[i] = 0.0;
        markers[i] = 0;

        // supernode: start from the previous row's pattern
        if i > 0 && rowsuper_t.is_some_and(|s| s[i - 1] != 0) {
            res_rownnz[i] = res_rownnz[i - 1];
            let prev = res_rowadr[i - 1] as usize;
            let n = res_rownnz[i] as usize;
            res_colind.copy_within(prev..prev + n, rowadr_i);
        }

        let adr_t = rowadr_t[i] as usize;
        for r in adr_t..adr_t + rownnz_t[i] as usize {
            let t = colind_t[r] as usize;
            let adr = rowadr[t] as usize;
            for c in adr..adr + rownnz[t] as usize {
                let cc = colind[c] as usize;
                if cc > i {
                    break;
                }
                if let Some(dg) = diag {
                    buffer[cc] += mat_t[r] * dg[t] * mat[c];
                } else {
                    buffer[cc] += mat_t[r] * mat[c];
                }
                if markers[cc] != 0 {
                    continue;
                }
                markers[cc] = 1;
                let nnz = res_rownnz[i] as usize;
                let cols = &mut res_colind[rowadr_i..rowadr_i + nnz + 1];
                if cc == i {
                    cols[nnz] = cc as i32;
                    res_rownnz[i] += 1;
                    continue;
                }
                // insert in order
                let l = cols[..nnz].partition_point(|&x| x < cc as i32);
                cols.copy_within(l..nnz, l + 1);
                cols[l] = cc as i32;
                res_rownnz[i] += 1;
            }
        }

        let nnz = res_rownnz[i] as usize;
        let reuse = rowsuper_t.is_some_and(|s| s[i] != 0);
        for r in 0..nnz {
            let c = res_colind[rowadr_i + r] as usize;
            res[rowadr_i + r] = buffer[c];
            buffer[c] = 0.0;
            if !reuse {
                markers[c] = 0;
            }
        }
    }

    if let Some(diagind) = diagind {
        fill_upper(res, nc, res_rownnz, res_rowadr, res_colind, diagind);
    }
}
