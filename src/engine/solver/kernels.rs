//! Sparse Cholesky and inertia products used by the Newton and CG solvers.

use super::*;

//---------------------------------- sparse Cholesky -----------------------------------------------

/// In-place reverse-order sparse Cholesky `mat = L'*L` of a lower-triangular pattern with room
/// for the fill-in (`mju_cholFactorSparse`); returns the rank. `buf`, `buf_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
pub(super) fn chol_factor_sparse(
    mat: &mut [f64],
    n: usize,
    mindiag: f64,
    rownnz: &mut [i32],
    rowadr: &[i32],
    colind: &mut [i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> i32 {
    let mut rank = n as i32;
    for r in (0..n).rev() {
        let nnz = rownnz[r] as usize;
        let adr = rowadr[r] as usize;

        let mut tmp = mat[adr + nnz - 1];
        if tmp < mindiag {
            tmp = mindiag;
            rank -= 1;
        }
        let diag = tmp.sqrt();
        mat[adr + nnz - 1] = diag;
        let inv = 1.0 / diag;
        for v in mat[adr..adr + nnz - 1].iter_mut() {
            *v *= inv;
        }

        // rows c < r with L(r,c) != 0: L(c,0:c) -= L(r,c) * L(r,0:c)
        for i in 0..nnz - 1 {
            let c = colind[adr + i] as usize;
            let adr_c = rowadr[c] as usize;
            let (mlo, mhi) = mat.split_at_mut(adr);
            let (clo, chi) = colind.split_at_mut(adr);
            let scl = -mhi[i];
            rownnz[c] = sparse::combine_sparse(
                &mut mlo[adr_c..],
                mhi,
                1.0,
                scl,
                rownnz[c] as usize,
                i + 1,
                &mut clo[adr_c..],
                chi,
                buf,
                buf_ind,
            ) as i32;
        }
    }
    rank
}

/// Solves `L'*L*res = vec` with the factor of [`chol_factor_sparse`] (`mju_cholSolveSparse`).
pub(super) fn chol_solve_sparse(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let res = &mut res[..n];
    res.copy_from_slice(&vec[..n]);

    // res <- L^-T res
    for i in (0..n).rev() {
        if res[i] != 0.0 {
            let adr = rowadr[i] as usize;
            let nnz = rownnz[i] as usize;
            res[i] /= mat[adr + nnz - 1];
            let t = res[i];
            for (&v, &c) in mat[adr..adr + nnz - 1].iter().zip(&colind[adr..adr + nnz - 1]) {
                res[c as usize] -= v * t;
            }
        }
    }

    // res <- L^-1 res
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        if nnz > 1 {
            let s = sparse::dot_sparse(&mat[adr..adr + nnz - 1], res, &colind[adr..adr + nnz - 1]);
            res[i] -= s;
        }
        res[i] /= mat[adr + nnz - 1];
    }
}

/// `dst = a*dst + b*src` at the indices both hold; dst keeps its pattern
/// (`mju_combineSparseInc`). The rank-one update fuses it with the x update
/// (`update_row_and_x`); the tests keep it as the reference.
#[cfg(test)]
#[allow(clippy::too_many_arguments)]
fn combine_sparse_inc(
    dst: &mut [f64],
    src: &[f64],
    a: f64,
    b: f64,
    dst_nnz: usize,
    src_nnz: usize,
    dst_ind: &[i32],
    src_ind: &[i32],
) {
    let dst = &mut dst[..dst_nnz];
    let (dst_ind, src_ind) = (&dst_ind[..dst_nnz], &src_ind[..src_nnz]);
    if dst_nnz == src_nnz && sparse::same_pattern(dst_ind, src_ind) {
        for (x, &s) in dst.iter_mut().zip(&src[..src_nnz]) {
            *x = *x * a + s * b;
        }
        return;
    }
    if a != 1.0 {
        for x in dst.iter_mut() {
            *x *= a;
        }
    }
    let (mut di, mut si) = (0, 0);
    while di < dst_nnz && si < src_nnz {
        let (da, sa) = (dst_ind[di], src_ind[si]);
        if da == sa {
            dst[di] += b * src[si];
            di += 1;
            si += 1;
        } else if da < sa {
            di += 1;
        } else {
            si += 1;
        }
    }
}

/// Rank-one update `L'*L +/- x*x'` of a sparse reverse Cholesky factor with sparse `x`
/// (`x_nnz` values at `x_ind`, overwritten); the pattern of L does not change
/// (`mju_cholUpdateSparse`). Returns the rank. `buf`, `buf_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
pub(super) fn chol_update_sparse(
    mat: &mut [f64],
    x: &mut [f64],
    n: usize,
    plus: bool,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    x_nnz: usize,
    x_ind: &mut [i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> i32 {
    let mut rank = n as i32;
    let mut i = x_nnz as isize - 1;
    while i >= 0 {
        let iu = i as usize;
        let row = x_ind[iu] as usize;
        let nnz = rownnz[row] as usize;
        let adr = rowadr[row] as usize;

        let diag = mat[adr + nnz - 1];
        let xi = x[iu];
        let mut tmp = diag * diag + if plus { xi * xi } else { -xi * xi };
        if tmp < mjMINVAL {
            tmp = mjMINVAL;
            rank -= 1;
        }
        let r = tmp.sqrt();
        let c = r / diag;
        let s = xi / diag;
        mat[adr + nnz - 1] = r;

        // row: L(r,0:r-1) = (L(r,0:r-1) +/- s*x) / c on the row's pattern, then
        // x(0:r-1) = c*x - s*L(r,0:r-1) on the union of the patterns, in one pass
        let b = if plus { s / c } else { -s / c };
        let new_nnz = update_row_and_x(
            &mut mat[adr..adr + nnz - 1],
            &colind[adr..adr + nnz - 1],
            x,
            x_ind,
            iu,
            (1.0 / c, b, c, -s),
            buf,
            buf_ind,
        );

        i = new_nnz as isize - 1;
    }
    rank
}

/// Rank-`nvec` update of a sparse reverse Cholesky factor by `nvec` vectors that share one
/// pattern (`x_nnz` indices in `x_ind`; vector j's values at `xs[j*n..]`, room for n each),
/// with the results of `chol_update_sparse` applied to each vector in turn. The update's pattern
/// depends only on the starting pattern, so all vectors visit the same rows with the same
/// patterns: each row is taken for every vector before the next row, and a vector's step on a
/// row overlaps the next vector's step on the row above (a cone's rows). `new_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
pub(super) fn chol_update_sparse_shared(
    mat: &mut [f64],
    xs: &mut [f64],
    n: usize,
    nvec: usize,
    plus: bool,
    (rownnz, rowadr, colind): (&[i32], &[i32], &[i32]),
    x_nnz: usize,
    x_ind: &mut [i32],
    new_ind: &mut [i32],
) {
    let xs = &mut xs[..nvec * n];
    let mut i = x_nnz as isize - 1;
    while i >= 0 {
        let iu = i as usize;
        let row = x_ind[iu] as usize;
        let nnz = rownnz[row] as usize;
        let adr = rowadr[row] as usize;
        let lnnz = nnz - 1;
        let lind = &colind[adr..adr + lnnz];
        let same = lnnz == iu && sparse::same_pattern(&x_ind[..iu], lind);

        // union of the patterns below the row, the same for every vector
        let mut unnz = iu;
        if !same {
            let (mut xi, mut li) = (0, 0);
            unnz = 0;
            while xi < iu || li < lnnz {
                let xa = if xi < iu { x_ind[xi] } else { i32::MAX };
                let la = if li < lnnz { lind[li] } else { i32::MAX };
                new_ind[unnz] = xa.min(la);
                xi += (xa <= la) as usize;
                li += (la <= xa) as usize;
                unnz += 1;
            }
        }

        for x in xs.chunks_exact_mut(n) {
            let diag = mat[adr + lnnz];
            let xv = x[iu];
            let mut tmp = diag * diag + if plus { xv * xv } else { -xv * xv };
            if tmp < mjMINVAL {
                tmp = mjMINVAL;
            }
            let r = tmp.sqrt();
            let c = r / diag;
            let s = xv / diag;
            mat[adr + lnnz] = r;
            let (a, b, d) = (1.0 / c, if plus { s / c } else { -s / c }, -s);
            let lrow = &mut mat[adr..adr + lnnz];

            if same {
                for (l, xv) in lrow.iter_mut().zip(&mut x[..iu]) {
                    *l = *l * a + *xv * b;
                    *xv = *xv * c + *l * d;
                }
                continue;
            }
            // merged from the back in place: position p never passes an unread x entry
            let (mut xi, mut li, mut p) = (iu, lnnz, unnz);
            while p > 0 {
                p -= 1;
                let xa = if xi > 0 { x_ind[xi - 1] } else { -1 };
                let la = if li > 0 { lind[li - 1] } else { -1 };
                if xa == la {
                    let l = lrow[li - 1] * a + b * x[xi - 1];
                    lrow[li - 1] = l;
                    x[p] = c * x[xi - 1] + d * l;
                    xi -= 1;
                    li -= 1;
                } else if xa > la {
                    x[p] = c * x[xi - 1];
                    xi -= 1;
                } else {
                    let l = lrow[li - 1] * a;
                    lrow[li - 1] = l;
                    x[p] = d * l;
                    li -= 1;
                }
            }
        }
        if !same {
            x_ind[..unnz].copy_from_slice(&new_ind[..unnz]);
        }
        i = unnz as isize - 1;
    }
}

/// One row of the sparse rank-one update: `lrow = lrow*a + x*b` where x has an entry (lrow keeps
/// its pattern), then `x = x*c + lrow*d` over both patterns; x holds `x_nnz` entries and room
/// for the union. The same products and sums as `combine_sparse_inc` followed by
/// `combine_sparse` (`mju_combineSparseInc`, `mju_combineSparse`), without the second pass.
/// (`chol_update_sparse_shared` with one vector computes the same, but its separate pass for
/// the pattern union measured 3-4% slower on stacked_boxes, whose updates are single rows.)
/// Returns the new number of entries of x. `buf`, `buf_ind`: scratch of x_nnz.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn update_row_and_x(
    lrow: &mut [f64],
    lind: &[i32],
    x: &mut [f64],
    x_ind: &mut [i32],
    x_nnz: usize,
    (a, b, c, d): (f64, f64, f64, f64),
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> usize {
    let lnnz = lrow.len();
    if lnnz == x_nnz && sparse::same_pattern(&x_ind[..x_nnz], lind) {
        for (l, xv) in lrow.iter_mut().zip(&mut x[..x_nnz]) {
            *l = *l * a + *xv * b;
            *xv = *xv * c + *l * d;
        }
        return x_nnz;
    }

    let (xold, xold_ind) = (&mut buf[..x_nnz], &mut buf_ind[..x_nnz]);
    xold.copy_from_slice(&x[..x_nnz]);
    xold_ind.copy_from_slice(&x_ind[..x_nnz]);
    let (mut xi, mut li, mut n) = (0, 0, 0);
    while xi < x_nnz && li < lnnz {
        let (xa, la) = (xold_ind[xi], lind[li]);
        if xa == la {
            let l = lrow[li] * a + b * xold[xi];
            lrow[li] = l;
            x[n] = c * xold[xi] + d * l;
            x_ind[n] = xa;
            xi += 1;
            li += 1;
        } else if xa < la {
            x[n] = c * xold[xi];
            x_ind[n] = xa;
            xi += 1;
        } else {
            let l = lrow[li] * a;
            lrow[li] = l;
            x[n] = d * l;
            x_ind[n] = la;
            li += 1;
        }
        n += 1;
    }
    while li < lnnz {
        let l = lrow[li] * a;
        lrow[li] = l;
        x[n] = d * l;
        x_ind[n] = lind[li];
        li += 1;
        n += 1;
    }
    while xi < x_nnz {
        x[n] = c * xold[xi];
        x_ind[n] = xold_ind[xi];
        xi += 1;
        n += 1;
    }
    n
}

/// `res = M*vec` for M symmetric given by its lower triangle (see
/// [`sparse::mul_sym_vec_sparse_lower`]).
pub(super) fn mul_sym(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    // SAFETY: the model's M pattern is checked when the data is made; islands build theirs so
    unsafe { sparse::mul_sym_vec_sparse_lower(res, mat, vec, n, rownnz, rowadr, colind) }
}

/// `x = inv(L'DL) x` for one vector (`mj_solveLD` with n = 1 and no index).
pub(super) fn solve_ld1(
    x: &mut [f64],
    qld: &[f64],
    qldiaginv: &[f64],
    nv: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let x = &mut x[..nv];
    for i in (0..nv).rev() {
        let nnz = rownnz[i] as usize;
        if nnz == 1 {
            continue;
        }
        let xi = x[i];
        if xi != 0.0 {
            let start = rowadr[i] as usize;
            let end = start + nnz - 1;
            for (&l, &c) in qld[start..end].iter().zip(&colind[start..end]) {
                x[c as usize] -= l * xi;
            }
        }
    }
    for (v, &inv) in x.iter_mut().zip(&qldiaginv[..nv]) {
        *v *= inv;
    }
    for i in 0..nv {
        let nnz = rownnz[i] as usize;
        if nnz <= 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + nnz - 1;
        let s = sparse::dot_sparse(&qld[start..end], x, &colind[start..end]);
        x[i] -= s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uniform numbers in [0, 1) from a linear congruential generator.
    fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// A random lower pattern with each entry left of the diagonal kept with probability p (all
    /// when dense), the diagonal last in each row: (rownnz, rowadr, colind, values).
    fn random_factor(
        n: usize,
        dense: bool,
        p: f64,
        next: &mut impl FnMut() -> f64,
    ) -> (Vec<i32>, Vec<i32>, Vec<i32>, Vec<f64>) {
        let (mut rownnz, mut rowadr, mut colind, mut mat) = (vec![], vec![], vec![], vec![]);
        for r in 0..n {
            rowadr.push(colind.len() as i32);
            for c in 0..r {
                if dense || next() < p {
                    colind.push(c as i32);
                    mat.push(next() - 0.5);
                }
            }
            colind.push(r as i32);
            mat.push(2.0 + next());
            rownnz.push(colind.len() as i32 - rowadr[r]);
        }
        (rownnz, rowadr, colind, mat)
    }

    /// The rank-one update as two passes per row (`mju_cholUpdateSparse`'s own steps).
    #[allow(clippy::too_many_arguments)]
    fn update_two_pass(
        mat: &mut [f64],
        x: &mut [f64],
        n: usize,
        plus: bool,
        rownnz: &[i32],
        rowadr: &[i32],
        colind: &[i32],
        x_nnz: usize,
        x_ind: &mut [i32],
    ) -> i32 {
        let (mut buf, mut buf_ind) = (vec![0.0; n], vec![0; n]);
        let mut rank = n as i32;
        let mut i = x_nnz as isize - 1;
        while i >= 0 {
            let iu = i as usize;
            let row = x_ind[iu] as usize;
            let (nnz, adr) = (rownnz[row] as usize, rowadr[row] as usize);
            let diag = mat[adr + nnz - 1];
            let xi = x[iu];
            let mut tmp = diag * diag + if plus { xi * xi } else { -xi * xi };
            if tmp < mjMINVAL {
                tmp = mjMINVAL;
                rank -= 1;
            }
            let r = tmp.sqrt();
            let (c, s) = (r / diag, xi / diag);
            mat[adr + nnz - 1] = r;
            combine_sparse_inc(
                &mut mat[adr..],
                x,
                1.0 / c,
                if plus { s / c } else { -s / c },
                nnz - 1,
                iu,
                &colind[adr..],
                x_ind,
            );
            let new_nnz = sparse::combine_sparse(
                x,
                &mat[adr..],
                c,
                -s,
                iu,
                nnz - 1,
                x_ind,
                &colind[adr..],
                &mut buf,
                &mut buf_ind,
            );
            i = new_nnz as isize - 1;
        }
        rank
    }

    #[test]
    fn shared_pattern_update_matches_vector_by_vector() {
        // a cone's rows: several vectors with one pattern, against chol_update_sparse on each
        let mut next = uniform(4242);
        let mut grew = 0;
        for trial in 0..200 {
            let n = 1 + trial % 15;
            let nvec = 1 + trial % 6;
            let dense = trial % 7 == 0;
            let (rownnz, rowadr, colind, mat) = random_factor(n, dense, 0.4, &mut next);
            let mut ind = vec![0; n];
            let mut k = 0;
            for c in 0..n {
                if dense || next() < 0.4 {
                    ind[k] = c as i32;
                    k += 1;
                }
            }
            let xs: Vec<f64> = (0..nvec * n).map(|_| next() - 0.5).collect();
            for plus in [true, false] {
                let mut m1 = mat.clone();
                for j in 0..nvec {
                    let (mut x, mut xi) = (xs[j * n..j * n + n].to_vec(), ind.clone());
                    let (mut b, mut bi) = (vec![0.0; n], vec![0; n]);
                    chol_update_sparse(
                        &mut m1, &mut x, n, plus, &rownnz, &rowadr, &colind, k, &mut xi, &mut b, &mut bi,
                    );
                }
                let (mut m2, mut x2, mut i2, mut scratch) = (mat.clone(), xs.clone(), ind.clone(), vec![0; n]);
                chol_update_sparse_shared(
                    &mut m2,
                    &mut x2,
                    n,
                    nvec,
                    plus,
                    (&rownnz, &rowadr, &colind),
                    k,
                    &mut i2,
                    &mut scratch,
                );
                assert!(m1.iter().zip(&m2).all(|(p, q)| p.to_bits() == q.to_bits()), "trial {trial} plus {plus}");
                if i2[..k] != ind[..k] {
                    grew += 1;
                }
            }
        }
        assert!(grew > 50, "{grew}");
    }

    #[test]
    fn fused_row_update_matches_two_passes() {
        // random lower patterns (diagonal last in each row) and random sparse x, so rows and x
        // share all, some or none of their indices; compared bit for bit
        let mut next = uniform(99);
        let mut merged = 0;
        for trial in 0..200 {
            let n = 1 + trial % 13;
            let dense = trial % 5 == 0;
            let (rownnz, rowadr, colind, mat) = random_factor(n, dense, 0.5, &mut next);
            let mut xv = vec![0.0; n];
            let mut xi = vec![0; n];
            let mut k = 0;
            for c in 0..n {
                if dense || next() < 0.6 {
                    xi[k] = c as i32;
                    xv[k] = next() - 0.5;
                    k += 1;
                }
            }
            for plus in [true, false] {
                let (mut m1, mut x1, mut i1) = (mat.clone(), xv.clone(), xi.clone());
                let r1 = update_two_pass(&mut m1, &mut x1, n, plus, &rownnz, &rowadr, &colind, k, &mut i1);
                let (mut m2, mut x2, mut i2) = (mat.clone(), xv.clone(), xi.clone());
                let (mut b, mut bi) = (vec![0.0; n], vec![0; n]);
                let r2 = chol_update_sparse(
                    &mut m2, &mut x2, n, plus, &rownnz, &rowadr, &colind, k, &mut i2, &mut b, &mut bi,
                );
                assert_eq!(r1, r2);
                assert!(m1.iter().zip(&m2).all(|(p, q)| p.to_bits() == q.to_bits()), "trial {trial} plus {plus}");
                if k > 0 && m1 != mat {
                    merged += 1;
                }
            }
        }
        assert!(merged > 100);
    }
}
