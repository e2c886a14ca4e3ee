//! Merging sparse rows and matrices: `a*dst + b*src`, sums into a pattern, union counts and
//! compression.

/// `dst = a*dst + b*src` for sparse vectors; the result (pattern: union) is written to `dst`
/// and `dst_ind`, which need room for it. `buf`, `buf_ind` are scratch of the old dst length.
/// Returns the new number of non-zeros. Kept out of line: inlined into the sparse Cholesky update
/// (as profile guidance chose) its merge loop ran 17% more instructions.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub fn combine_sparse(
    dst: &mut [f64],
    src: &[f64],
    a: f64,
    b: f64,
    dst_nnz: usize,
    src_nnz: usize,
    dst_ind: &mut [i32],
    src_ind: &[i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> usize {
    let src = &src[..src_nnz];
    let src_ind = &src_ind[..src_nnz];
    if src_nnz == 1 {
        // one entry (a fixed tendon adds one joint at a time): merged in place, the same
        // products and sums as the general merge below
        return combine_one(dst, a, b * src[0], src_ind[0], dst_nnz, dst_ind);
    }
    if dst_nnz == src_nnz && same_pattern(&dst_ind[..dst_nnz], src_ind) {
        for (d, s) in dst[..dst_nnz].iter_mut().zip(src) {
            *d = *d * a + s * b;
        }
        return dst_nnz;
    }

    let buf = &mut buf[..dst_nnz];
    let buf_ind = &mut buf_ind[..dst_nnz];
    buf.copy_from_slice(&dst[..dst_nnz]);
    buf_ind.copy_from_slice(&dst_ind[..dst_nnz]);

    let (mut bi, mut si, mut nnz) = (0, 0, 0);
    while bi < dst_nnz && si < src_nnz {
        let (badr, sadr) = (buf_ind[bi], src_ind[si]);
        if badr == sadr {
            dst[nnz] = a * buf[bi] + b * src[si];
            dst_ind[nnz] = badr;
            bi += 1;
            si += 1;
        } else if badr < sadr {
            dst[nnz] = a * buf[bi];
            dst_ind[nnz] = badr;
            bi += 1;
        } else {
            dst[nnz] = b * src[si];
            dst_ind[nnz] = sadr;
            si += 1;
        }
        nnz += 1;
    }
    while si < src_nnz {
        dst[nnz] = b * src[si];
        dst_ind[nnz] = src_ind[si];
        si += 1;
        nnz += 1;
    }
    while bi < dst_nnz {
        dst[nnz] = a * buf[bi];
        dst_ind[nnz] = buf_ind[bi];
        bi += 1;
        nnz += 1;
    }
    nnz
}

/// Whether two index lists of equal length are the same: eight indices at a time (one vector
/// compare), the rest one by one. A slice comparison calls `memcmp`, whose call costs more than
/// the comparison on short rows; element by element is slow on long ones.
#[inline]
pub fn same_pattern(a: &[i32], b: &[i32]) -> bool {
    let b = &b[..a.len()];
    let (ac, ar) = a.as_chunks::<8>();
    let (bc, br) = b.as_chunks::<8>();
    ac.iter().zip(bc).all(|(x, y)| x == y) && ar.iter().zip(br).all(|(x, y)| x == y)
}

/// `dst = a*dst + e_col*bs` for a sparse `dst` (`combine_sparse` with one source entry `bs`
/// already multiplied by its coefficient, at column `col`); returns the new number of non-zeros.
fn combine_one(dst: &mut [f64], a: f64, bs: f64, col: i32, nnz: usize, ind: &mut [i32]) -> usize {
    // columns usually arrive in increasing order (a tendon's joints): appended
    let pos = if nnz == 0 || ind[nnz - 1] < col { nnz } else { ind[..nnz].partition_point(|&c| c < col) };
    let matched = pos < nnz && ind[pos] == col;
    if a != 1.0 {
        // (with a == 1 these products are the entries themselves)
        for v in &mut dst[..nnz] {
            *v *= a;
        }
    }
    if matched {
        dst[pos] += bs;
        return nnz;
    }
    dst.copy_within(pos..nnz, pos + 1);
    ind.copy_within(pos..nnz, pos + 1);
    dst[pos] = bs;
    ind[pos] = col;
    nnz + 1
}

/// Adds the sparse matrix `m` to the sparse `dst` row by row (patterns merged; `dst` rows need
/// room for the merged row). `buf_val`, `buf_ind` are scratch as long as the longest dst row.
#[allow(clippy::too_many_arguments)]
pub fn add_to_mat_sparse(
    dst: &mut [f64],
    rownnz: &mut [i32],
    rowadr: &[i32],
    colind: &mut [i32],
    nr: usize,
    m: &[f64],
    m_rownnz: &[i32],
    m_rowadr: &[i32],
    m_colind: &[i32],
    buf_val: &mut [f64],
    buf_ind: &mut [i32],
) {
    for i in 0..nr {
        let adr = rowadr[i] as usize;
        let madr = m_rowadr[i] as usize;
        rownnz[i] = combine_sparse(
            &mut dst[adr..],
            &m[madr..],
            1.0,
            1.0,
            rownnz[i] as usize,
            m_rownnz[i] as usize,
            &mut colind[adr..],
            &m_colind[madr..],
            buf_val,
            buf_ind,
        ) as i32;
    }
}

/// Adds a symmetric sparse n x n matrix given by its lower triangle to the dense `res`; the
/// strict upper triangle too when `upper`.
pub fn add_to_sym_sparse(
    res: &mut [f64],
    mat: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    upper: bool,
) {
    let res = &mut res[..n * n];
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        for (&j, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            let j = j as usize;
            res[i * n + j] += v;
            if upper && j < i {
                res[j * n + i] += v;
            }
        }
    }
}

/// Number of non-zeros in the union of two sparse index sets.
pub fn combine_sparse_count(a_ind: &[i32], b_ind: &[i32]) -> i32 {
    let (na, nb) = (a_ind.len(), b_ind.len());
    let (mut a, mut b, mut common) = (0, 0, 0);
    while a < na && b < nb {
        if a_ind[a] == b_ind[b] {
            common += 1;
            a += 1;
            b += 1;
        } else if a_ind[a] < b_ind[b] {
            a += 1;
        } else {
            b += 1;
        }
    }
    (na + nb - common) as i32
}

/// Packs the rows of a sparse matrix contiguously from address 0, dropping values with
/// `|v| <= minval` when `minval >= 0`. Returns the total number of non-zeros (0 without rows).
pub fn compress_sparse(
    mat: &mut [f64],
    nr: usize,
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
    minval: f64,
) -> i32 {
    let remove = minval >= 0.0;
    let mut adr = 0usize;
    for r in 0..nr {
        let old = rowadr[r] as usize;
        rowadr[r] = adr as i32;
        let end = old + rownnz[r] as usize;
        let mut nnz = 0;
        for k in old..end {
            if remove && mat[k].abs() <= minval {
                continue;
            }
            if adr != k {
                mat[adr] = mat[k];
                colind[adr] = colind[k];
            }
            adr += 1;
            nnz += 1;
        }
        if remove {
            rownnz[r] = nnz;
        }
    }
    if nr == 0 {
        return 0;
    }
    rowadr[nr - 1] + rownnz[nr - 1]
}
