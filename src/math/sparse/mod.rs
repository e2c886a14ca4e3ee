//! Sparse matrices in compressed row format: row `r` holds `rownnz[r]` values starting at
//! `rowadr[r]`, with column indices (increasing) in `colind`. Conversion to and from dense,
//! products with vectors, merging, transposition, supernodes, the symbolic and numeric
//! `M'*diag*M` and block diagonalization.
//!
//! Reductions follow upstream's AVX build exactly (see [`dot_sparse`]).

#[cfg(target_arch = "x86_64")]
use super::lanes::Avx;
use super::lanes::{Lanes, Scalar};
use super::solve::dot;

mod combine;
mod products;
mod sqr_td;
mod transpose;
pub use combine::*;
pub use products::*;
pub use sqr_td::*;
pub use transpose::*;

/// Sparse-dense dot product `sum_k vals[k] * vec[ind[k]]` in upstream's order (see
/// [`super::lanes`]).
#[inline]
pub fn dot_sparse(vals: &[f64], vec: &[f64], ind: &[i32]) -> f64 {
    let n = vals.len();
    let ind = &ind[..n];
    let gather = |j: usize| vec[j];
    #[cfg(target_arch = "x86_64")]
    if n >= 4 {
        if let Some(avx) = Avx::detect() {
            // SAFETY: the Avx value proves the CPU has AVX
            return unsafe { dot_sparse_avx(avx, vals, ind, &gather) };
        }
    }
    Scalar.dot_sparse(vals, ind, &gather)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn dot_sparse_avx<G: Fn(usize) -> f64>(avx: Avx, vals: &[f64], ind: &[i32], gather: &G) -> f64 {
    avx.dot_sparse(vals, ind, gather)
}

/// Dot product of two sparse vectors (indices increasing).
pub fn dot_sparse2(vec1: &[f64], ind1: &[i32], vec2: &[f64], ind2: &[i32]) -> f64 {
    let (n1, n2) = (vec1.len(), vec2.len());
    let (ind1, ind2) = (&ind1[..n1], &ind2[..n2]);
    let (mut i1, mut i2) = (0, 0);
    let mut res = 0.0;
    while i1 < n1 && i2 < n2 {
        let (a, b) = (ind1[i1], ind2[i2]);
        if a == b {
            res += vec1[i1] * vec2[i2];
            i1 += 1;
            i2 += 1;
        } else if a < b {
            i1 += 1;
        } else {
            i2 += 1;
        }
    }
    res
}

/// Converts a dense nr x nc matrix to sparse with room for `res.len()` (= `colind.len()`)
/// non-zeros. Returns true when that room is too small (the output then holds the rows that
/// fit) or empty.
#[allow(clippy::too_many_arguments)]
pub fn dense_to_sparse(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
) -> bool {
    let cap = res.len().min(colind.len());
    if cap == 0 {
        return true;
    }
    let mut adr = 0usize;
    for r in 0..nr {
        rownnz[r] = 0;
        rowadr[r] = adr as i32;
        for (c, &v) in mat[r * nc..(r + 1) * nc].iter().enumerate() {
            if v != 0.0 {
                if adr >= cap {
                    return true;
                }
                colind[adr] = c as i32;
                rownnz[r] += 1;
                res[adr] = v;
                adr += 1;
            }
        }
    }
    false
}

/// Converts a sparse nr x nc matrix to dense.
pub fn sparse_to_dense(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let res = &mut res[..nr * nc];
    res.fill(0.0);
    for r in 0..nr {
        let adr = rowadr[r] as usize;
        let nnz = rownnz[r] as usize;
        let row = &mut res[r * nc..(r + 1) * nc];
        for (&c, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            row[c as usize] = v;
        }
    }
}

/// Block-diagonalizes a sparse matrix: row r of `res` is row `perm_r[r]` of `mat` with columns
/// mapped by `perm_c` and shifted to the block's first column `block_c`; `res2` receives the
/// same rows of `mat2` when both are given.
#[allow(clippy::too_many_arguments)]
pub fn block_diag_sparse(
    res: &mut [f64],
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    mat: &[f64],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    nr: usize,
    nb: usize,
    perm_r: &[i32],
    perm_c: &[i32],
    block_r: &[i32],
    block_c: &[i32],
    second: Option<(&mut [f64], &[f64])>,
) {
    // give paired arrays one common length, so that one bound check covers each pair
    let (mut nres, mut nsrc) = (res.len().min(res_colind.len()), mat.len().min(colind.len()));
    if let Some((res2, mat2)) = &second {
        (nres, nsrc) = (nres.min(res2.len()), nsrc.min(mat2.len()));
    }
    let (res, res_colind, mat, colind) = (&mut res[..nres], &mut res_colind[..nres], &mat[..nsrc], &colind[..nsrc]);
    let mut second = second.map(|(res2, mat2)| (&mut res2[..nres], &mat2[..nsrc]));
    let rowadr = &rowadr[..rownnz.len()];

    let mut block = 0usize;
    let mut col_offset = block_c[0];
    let mut row_next = if nb > 1 { block_r[1] as usize } else { nr };
    let mut res_adr = 0usize;
    let rows = perm_r[..nr].iter().zip(res_rownnz[..nr].iter_mut()).zip(res_rowadr[..nr].iter_mut());
    for (r, ((&k, res_nnz), res_radr)) in rows.enumerate() {
        let k = k as usize;
        let (nnz, mat_adr) = (rownnz[k] as usize, rowadr[k] as usize);
        *res_nnz = nnz as i32;
        *res_radr = res_adr as i32;

        let res_end = res_adr + nnz;
        let dst_ind = &mut res_colind[res_adr..res_end];
        let dst = &mut res[res_adr..res_end];
        let src_ind = &colind[mat_adr..mat_adr + nnz];
        let src = &mat[mat_adr..mat_adr + nnz];
        // rows are short: one fused pass instead of separate copies (memcpy calls)
        if let Some((res2, mat2)) = second.as_mut() {
            let dst2 = &mut res2[res_adr..res_end];
            let src2 = &mat2[mat_adr..mat_adr + nnz];
            for j in 0..nnz {
                dst_ind[j] = perm_c[src_ind[j] as usize] - col_offset;
                dst[j] = src[j];
                dst2[j] = src2[j];
            }
        } else {
            for j in 0..nnz {
                dst_ind[j] = perm_c[src_ind[j] as usize] - col_offset;
                dst[j] = src[j];
            }
        }
        res_adr = res_end;

        if r + 1 >= row_next && block + 1 < nb {
            block += 1;
            col_offset = block_c[block];
            row_next = if block + 1 < nb { block_r[block + 1] as usize } else { nr };
        }
    }
}

/// Gather map from `src` to `res` (pattern of res within that of src, row by row): `map[k]` is
/// the address in src of res's element k.
#[allow(clippy::too_many_arguments)]
pub fn sparse_map(
    map: &mut [i32],
    nr: usize,
    res_rowadr: &[i32],
    res_rownnz: &[i32],
    res_colind: &[i32],
    src_rowadr: &[i32],
    src_rownnz: &[i32],
    src_colind: &[i32],
) {
    for i in 0..nr {
        let mut rc = res_rowadr[i] as usize;
        let rend = rc + res_rownnz[i] as usize;
        let mut sc = src_rowadr[i] as usize;
        let send = sc + src_rownnz[i] as usize;
        while rc < rend {
            let col = res_colind[rc];
            while sc < send && src_colind[sc] < col {
                sc += 1;
            }
            map[rc] = sc as i32;
            rc += 1;
            sc += 1;
        }
    }
}

/// Masked gather map copying a lower-triangular `src` into the symmetric pattern `res`:
/// `map[k]` is the address in src of res's element k (either triangle), -1 where src has none.
/// `cursor` is scratch of length nr.
#[allow(clippy::too_many_arguments)]
pub fn lower_to_sym_map(
    map: &mut [i32],
    nr: usize,
    res_rowadr: &[i32],
    res_rownnz: &[i32],
    res_colind: &[i32],
    src_rowadr: &[i32],
    src_rownnz: &[i32],
    src_colind: &[i32],
    cursor: &mut [i32],
) {
    if nr == 0 {
        return;
    }
    let nnz = (res_rowadr[nr - 1] + res_rownnz[nr - 1]) as usize;
    map[..nnz].fill(-1);
    cursor[..nr].copy_from_slice(&res_rowadr[..nr]);

    // find column `col` in row `row` of res from its cursor on; record src address k
    let mut place = |map: &mut [i32], row: usize, col: i32, k: usize| {
        let end = (res_rowadr[row] + res_rownnz[row]) as usize;
        let mut c = cursor[row] as usize;
        while c < end && res_colind[c] < col {
            c += 1;
        }
        if c < end && res_colind[c] == col {
            map[c] = k as i32;
            c += 1;
        }
        cursor[row] = c as i32;
    };

    for i in 0..nr {
        let start = src_rowadr[i] as usize;
        for (k, &j) in src_colind.iter().enumerate().skip(start).take(src_rownnz[i] as usize) {
            if j > i as i32 {
                break;
            }
            place(map, i, j, k);
            if j != i as i32 {
                place(map, j as usize, i as i32, k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 3x4 matrix [[1,0,2,0],[0,0,0,0],[0,3,0,4]]
    const DENSE: [f64; 12] = [1.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0, 0.0, 4.0];

    #[test]
    fn dense_sparse_roundtrip_and_products() {
        let (mut v, mut nnz, mut adr, mut ind) = ([0.0; 4], [0; 3], [0; 3], [0; 4]);
        assert!(!dense_to_sparse(&mut v, &DENSE, 3, 4, &mut nnz, &mut adr, &mut ind));
        assert_eq!((nnz, adr, ind), ([2, 0, 2], [0, 2, 2], [0, 2, 1, 3]));
        let mut back = [0.0; 12];
        sparse_to_dense(&mut back, &v, 3, 4, &nnz, &adr, &ind);
        assert_eq!(back, DENSE);
        // too little room
        assert!(dense_to_sparse(&mut [0.0; 3], &DENSE, 3, 4, &mut [0; 3], &mut [0; 3], &mut [0; 3]));

        let mut y = [0.0; 3];
        mul_mat_vec_sparse(&mut y, &v, &[1.0, 1.0, 1.0, 1.0], 3, &nnz, &adr, &ind, None);
        assert_eq!(y, [3.0, 0.0, 7.0]);
        let mut z = [0.0; 4];
        mul_mat_t_vec_sparse(&mut z, &v, &[1.0, 5.0, 2.0], 3, 4, &nnz, &adr, &ind);
        assert_eq!(z, [1.0, 6.0, 2.0, 8.0]);
    }

    #[test]
    fn transpose_and_supernodes() {
        let v = [1.0, 2.0, 3.0, 4.0];
        let (nnz, adr, ind) = ([2, 0, 2], [0, 2, 2], [0, 2, 1, 3]);
        let (mut t, mut tn, mut ta, mut ti, mut ts) = ([0.0; 4], [0; 4], [0; 4], [0; 4], [0; 4]);
        transpose_sparse(Some(&mut t), &v, 3, 4, &mut tn, &mut ta, &mut ti, Some(&mut ts), &nnz, &adr, &ind);
        assert_eq!((tn, ta, ti), ([1, 1, 1, 1], [0, 1, 2, 3], [0, 2, 0, 2]));
        assert_eq!(t, [1.0, 3.0, 2.0, 4.0]);
        let mut sup = [0; 4];
        super_sparse(4, &mut sup, &tn, &ta, &ti);
        assert_eq!(sup, [0, 0, 0, 0]);
        super_sparse(2, &mut sup, &[2, 2], &[0, 2], &[0, 1, 0, 1]);
        assert_eq!(&sup[..2], &[1, 0]);
    }

    #[test]
    fn same_pattern_in_chunks_and_tail() {
        for n in [0usize, 1, 3, 8, 11, 16, 17, 40] {
            let a: Vec<i32> = (0..n as i32).map(|i| 3 * i + 1).collect();
            assert!(same_pattern(&a, &a.clone()), "n={n}");
            for k in 0..n {
                let mut b = a.clone();
                b[k] += 1;
                assert!(!same_pattern(&a, &b), "n={n} k={k}");
            }
        }
    }

    #[test]
    fn combine_and_counts() {
        let mut dst = [1.0, 2.0, 0.0, 0.0];
        let mut dind = [0, 3, 0, 0];
        let (mut buf, mut bind) = ([0.0; 4], [0; 4]);
        let n = combine_sparse(&mut dst, &[10.0, 20.0], 1.0, 2.0, 2, 2, &mut dind, &[1, 3], &mut buf, &mut bind);
        assert_eq!(n, 3);
        assert_eq!(&dst[..3], &[1.0, 20.0, 42.0]);
        assert_eq!(&dind[..3], &[0, 1, 3]);
        assert_eq!(combine_sparse_count(&[0, 3], &[1, 3]), 3);

        // one source entry (the in-place path) against a dense derivation: before, between,
        // on and after the existing columns, into an empty vector, with a scale that rounds
        let (b, s) = (3.0, 0.7);
        for (a, col) in [0.1, 1.0].into_iter().flat_map(|a| [0, 2, 3, 5, 9].map(|c| (a, c))) {
            for base in [&[][..], &[3][..], &[1, 3, 5][..]] {
                let n = base.len();
                let mut dst = [0.0; 4];
                let mut dind = [0; 4];
                let mut dense = [0.0; 10];
                for (k, &c) in base.iter().enumerate() {
                    dst[k] = 1.0 + 0.3 * k as f64;
                    dind[k] = c;
                    dense[c as usize] = dst[k];
                }
                let (mut buf, mut bind) = ([0.0; 4], [0; 4]);
                let got = combine_sparse(&mut dst, &[s], a, b, n, 1, &mut dind, &[col], &mut buf, &mut bind);
                let mut want = Vec::new();
                for (c, &v) in dense.iter().enumerate() {
                    let on_src = c as i32 == col;
                    if base.contains(&(c as i32)) {
                        want.push((c as i32, if on_src { a * v + b * s } else { a * v }));
                    } else if on_src {
                        want.push((c as i32, b * s));
                    }
                }
                let got: Vec<_> = dind[..got].iter().copied().zip(dst[..got].iter().copied()).collect();
                assert_eq!(got, want, "column {col} into {base:?}, a = {a}");
            }
        }
        assert_eq!(dot_sparse2(&[1.0, 2.0], &[0, 3], &[10.0, 20.0], &[1, 3]), 40.0);
    }

    #[test]
    fn sqr_mat_td_of_small_matrix() {
        // M = [[1,2],[0,3]]: M'M = [[1,2],[2,13]]
        let (mat, nnz, adr, ind) = ([1.0, 2.0, 3.0], [2, 1], [0, 2], [0, 1, 1]);
        let (mut mt, mut tn, mut ta, mut ti) = ([0.0; 3], [0; 2], [0; 2], [0; 3]);
        transpose_sparse(Some(&mut mt), &mat, 2, 2, &mut tn, &mut ta, &mut ti, None, &nnz, &adr, &ind);
        let (mut rn, mut ra, mut chain) = ([0; 2], [0; 2], [0; 4]);
        let total =
            sqr_mat_td_sparse_count(&mut rn, &mut ra, 2, &nnz, &adr, &ind, &tn, &ta, &ti, None, true, &mut chain);
        assert_eq!(total, 4);
        let (mut res, mut rnz, mut rci, mut di) = ([0.0; 4], [0; 2], [0; 4], [0; 2]);
        let (mut marker, mut buffer, mut bidx, mut rowstart) = ([0; 2], [0.0; 16], [0; 2], [0; 2]);
        sqr_mat_td_sparse(
            &mut res,
            &mat,
            &mt,
            None,
            2,
            &mut rnz,
            &ra,
            &mut rci,
            &nnz,
            &adr,
            &ind,
            &tn,
            &ta,
            &ti,
            None,
            Some(&mut di),
            SqrMatTdScratch {
                marker: &mut marker,
                buffer: &mut buffer,
                buffer_idx: &mut bidx,
                rowstart: &mut rowstart,
            },
        );
        let mut dense = [0.0; 4];
        sparse_to_dense(&mut dense, &res, 2, 2, &rnz, &ra, &rci);
        assert_eq!(dense, [1.0, 2.0, 2.0, 13.0]);
        assert_eq!(di, [0, 3]);
    }

    #[test]
    fn symmetric_products() {
        // lower triangle of [[2,1],[1,3]]
        let (mat, nnz, adr, ind) = ([2.0, 1.0, 3.0], [1, 2], [0, 1], [0, 0, 1]);
        let mut y = [0.0; 2];
        mul_sym_vec_sparse(&mut y, &mat, &[1.0, 1.0], 2, &nnz, &adr, &ind);
        assert_eq!(y, [3.0, 4.0]);
        let mut d = [0.0; 4];
        add_to_sym_sparse(&mut d, &mat, 2, &nnz, &adr, &ind, true);
        assert_eq!(d, [2.0, 1.0, 1.0, 3.0]);
    }
}
