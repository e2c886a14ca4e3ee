//! Solvers of the dual problem: PGS and noslip (upstream's `mj_solPGS`, `mj_solNoSlip`).

use super::*;

//---------------------------------- elliptic cones --------------------------------------------------

/// Friction forces of an elliptic contact block `force = [normal, friction...]` from the
/// QCQP on its friction part (`ac`, `bc`), scaled onto the cone's ellipsoid when the cone
/// constraint is active; zero friction without normal force (shared by PGS and noslip).
fn elliptic_friction(force: &mut [f64], ac: &[f64; 25], bc: &[f64; 5], mu: &[f64; 5], n1: usize) {
    let normal = force[0];
    if normal < mjMINVAL {
        force[1..].fill(0.0);
        return;
    }
    let mut v = [0.0; 6];
    if qcqp(&mut v, ac, bc, mu, normal, n1) {
        let mut s = 0.0;
        for j in 0..n1 {
            s += v[j] * v[j] / (mu[j] * mu[j]);
        }
        s = (normal * normal / crate::math::misc::max(mjMINVAL, s)).sqrt();
        for x in v[..n1].iter_mut() {
            *x *= s;
        }
    }
    force[1..].copy_from_slice(&v[..n1]);
}

/// Solves the QCQP of a friction cone: 2 and 3 dimensions with the closed-form solvers,
/// 1, 4 and 5 with the general one. True when the constraint is active.
fn qcqp(res: &mut [f64; 6], a: &[f64; 25], b: &[f64; 5], mu: &[f64; 5], r: f64, n: usize) -> bool {
    match n {
        2 => {
            let mut v = [0.0; 2];
            let act = qcqp2(&mut v, &[a[0], a[1], a[2], a[3]], &[b[0], b[1]], &[mu[0], mu[1]], r);
            res[..2].copy_from_slice(&v);
            act
        }
        3 => {
            let mut v = [0.0; 3];
            let mut a9 = [0.0; 9];
            a9.copy_from_slice(&a[..9]);
            let act = qcqp3(&mut v, &a9, &[b[0], b[1], b[2]], &[mu[0], mu[1], mu[2]], r);
            res[..3].copy_from_slice(&v);
            act
        }
        _ => qcqp_n(res, a, b, mu, r, n),
    }
}

/// `mju_QCQP`: minimizes `0.5*x'*A*x + x'*b` subject to `sum (x_i/d_i)^2 <= r^2` for n <= 5
/// by Newton iteration on the Lagrange multiplier.
fn qcqp_n(res: &mut [f64; 6], ain: &[f64; 25], bin: &[f64; 5], dd: &[f64; 5], r: f64, n: usize) -> bool {
    if n > 5 {
        crate::mjerror!("mju_QCQP", "n is only supported up to 5");
        return false;
    }
    let mut a = [0.0; 25];
    let mut ala = [0.0; 25];
    let mut b = [0.0; 5];
    let mut tmp = [0.0; 5];

    // scale so that the constraint becomes x'*x <= r*r
    for i in 0..n {
        b[i] = bin[i] * dd[i];
        for j in 0..n {
            a[j + i * n] = ain[j + i * n] * dd[i] * dd[j];
        }
    }

    let mut la = 0.0;
    for _ in 0..20 {
        ala[..n * n].copy_from_slice(&a[..n * n]);
        for i in 0..n {
            ala[i * (n + 1)] += la;
        }
        if chol_factor(&mut ala, n, 1e-10) < n as i32 {
            res[..n].fill(0.0);
            return false;
        }

        // res = -(A + la) \ b
        res[..n].copy_from_slice(&b[..n]);
        chol_solve(&mut res[..n], &ala, n);
        for x in res[..n].iter_mut() {
            *x *= -1.0;
        }

        let val = blas::dot(&res[..n], &res[..n]) - r * r;
        if val < 1e-10 {
            break;
        }

        tmp[..n].copy_from_slice(&res[..n]);
        chol_solve(&mut tmp[..n], &ala, n);
        let deriv = -2.0 * blas::dot(&res[..n], &tmp[..n]);

        let delta = -val / deriv;
        if delta < 1e-10 {
            break;
        }
        la += delta;
    }

    for i in 0..n {
        res[i] *= dd[i];
    }
    la != 0.0
}

//---------------------------------- dual solvers --------------------------------------------------

/// Read-only view of the dual problem: `AR` (dense or sparse), `b`, `R`.
struct Dual<'a> {
    sparse: bool,
    nefc: usize,
    ar: &'a [f64],
    ar_rownnz: &'a [i32],
    ar_rowadr: &'a [i32],
    ar_colind: &'a [i32],
    b: &'a [f64],
    r: &'a [f64],
}

impl<'a> Dual<'a> {
    /// The problem in `efc_AR` (with its sparse structure when sparse), `efc_b`, `efc_R`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        m: &mjModel,
        nefc: usize,
        ar: &'a [f64],
        ar_rownnz: &'a [i32],
        ar_rowadr: &'a [i32],
        ar_colind: &'a [i32],
        b: &'a [f64],
        r: &'a [f64],
    ) -> Self {
        let sparse = is_sparse(m);
        Dual {
            sparse,
            nefc,
            ar,
            ar_rownnz: if sparse { ar_rownnz } else { &[] },
            ar_rowadr: if sparse { ar_rowadr } else { &[] },
            ar_colind: if sparse { ar_colind } else { &[] },
            b,
            r,
        }
    }

    /// `res = 1 / diag(AR)`, or `1 / max(mjMINVAL, diag(AR) - R)` with `sub_r` (`ARdiaginv`).
    fn diag_inv(&self, res: &mut [f64], sub_r: bool) {
        let inv = |a: f64, r: f64| 1.0 / if sub_r { crate::math::misc::max(mjMINVAL, a - r) } else { a };
        if self.sparse {
            for i in 0..self.nefc {
                let adr = self.ar_rowadr[i] as usize;
                let nnz = self.ar_rownnz[i] as usize;
                if let Some(k) = self.ar_colind[adr..adr + nnz].iter().position(|&c| c as usize == i) {
                    res[i] = inv(self.ar[adr + k], self.r[i]);
                }
            }
        } else {
            for i in 0..self.nefc {
                res[i] = inv(self.ar[i * (self.nefc + 1)], self.r[i]);
            }
        }
    }

    /// Copies the n x n diagonal block of AR starting at row `start` into `ac`; with `sub_r`,
    /// R is subtracted from its diagonal, clamped below at 1e-10 (`extractBlock`).
    fn extract_block(&self, ac: &mut [f64], start: usize, n: usize, sub_r: bool) {
        if self.sparse {
            // the block is assumed full: same offset in every row
            let adr0 = self.ar_rowadr[start] as usize;
            let nnz0 = self.ar_rownnz[start] as usize;
            let Some(k) = self.ar_colind[adr0..adr0 + nnz0].iter().position(|&c| c as usize == start) else {
                crate::mjerror!("extractBlock", "internal error");
                return;
            };
            for j in 0..n {
                let adr = self.ar_rowadr[start + j] as usize + k;
                ac[j * n..j * n + n].copy_from_slice(&self.ar[adr..adr + n]);
            }
        } else {
            let nefc = self.nefc;
            for j in 0..n {
                let adr = start + (start + j) * nefc;
                ac[j * n..j * n + n].copy_from_slice(&self.ar[adr..adr + n]);
            }
        }
        if sub_r {
            for j in 0..n {
                let a = &mut ac[j * (n + 1)];
                *a -= self.r[start + j];
                *a = crate::math::misc::max(1e-10, *a);
            }
        }
    }

    /// Residual `b + AR*force` of rows `i..i+dim` (minus `R*force` with `sub_r`).
    #[inline(always)]
    fn residual(&self, force: &[f64], res: &mut [f64], i: usize, dim: usize, sub_r: bool) {
        if self.sparse {
            for j in 0..dim {
                let adr = self.ar_rowadr[i + j] as usize;
                let nnz = self.ar_rownnz[i + j] as usize;
                res[j] = self.b[i + j]
                    + sparse::dot_sparse(&self.ar[adr..adr + nnz], force, &self.ar_colind[adr..adr + nnz]);
            }
        } else {
            let nefc = self.nefc;
            for j in 0..dim {
                let row = &self.ar[(i + j) * nefc..(i + j + 1) * nefc];
                res[j] = self.b[i + j] + blas::dot(row, &force[..nefc]);
            }
        }
        if sub_r {
            for j in 0..dim {
                res[j] -= self.r[i + j] * force[i + j];
            }
        }
    }
}

/// Change of the dual cost from `oldforce` to `force` (block matrix `a`, residual `res` at the
/// old forces); an increase restores the old forces and counts as zero (`costChange`).
#[inline(always)]
fn cost_change(a: &[f64], force: &mut [f64], oldforce: &[f64], res: &[f64], dim: usize) -> f64 {
    let mut change;
    if dim == 1 {
        let delta = force[0] - oldforce[0];
        change = 0.5 * delta * delta * a[0] + delta * res[0];
    } else {
        let mut delta = [0.0; 6];
        for j in 0..dim {
            delta[j] = force[j] - oldforce[j];
        }
        let delta = &delta[..dim];
        change = 0.5 * blas::mul_vec_mat_vec(delta, a, delta) + blas::dot(delta, &res[..dim]);
    }
    if change > 1e-10 {
        force[..dim].copy_from_slice(&oldforce[..dim]);
        change = 0.0;
    }
    change
}

/// Constraint states implied by the dual forces (`dualState`); returns the number of active
/// rows.
fn dual_state(
    ne: usize,
    nf: usize,
    force: &[f64],
    floss: &[f64],
    types: &[i32],
    ids: &[i32],
    contact: &[mjContact],
    state: &mut [i32],
) -> i32 {
    let nefc = state.len();
    let mut nactive = (ne + nf) as i32;
    state[..ne].fill(QUADRATIC);
    for i in ne..ne + nf {
        state[i] = if force[i] <= -floss[i] {
            LINEARPOS
        } else if force[i] >= floss[i] {
            LINEARNEG
        } else {
            QUADRATIC
        };
    }

    let mut i = ne + nf;
    while i < nefc {
        if types[i] != ELLIPTIC {
            if force[i] <= 0.0 {
                state[i] = SATISFIED;
            } else {
                state[i] = QUADRATIC;
                nactive += 1;
            }
            i += 1;
            continue;
        }

        // elliptic cone: classify in the space where the cone is circular
        let con = &contact[ids[i] as usize];
        let dim = con.dim as usize;
        let mu = con.mu;
        let mut f = [0.0; 6];
        f[0] = force[i] / mu;
        for j in 1..dim {
            f[j] = force[i + j] / con.friction[j - 1];
        }
        let n = f[0];
        let t = blas::norm(&f[1..dim]);
        let result = if mu * n >= t {
            SATISFIED
        } else if n + mu * t <= 0.0 {
            nactive += dim as i32;
            QUADRATIC
        } else {
            nactive += dim as i32;
            CONE
        };
        state[i..i + dim].fill(result);
        i += dim;
    }
    nactive
}

/// Maps the dual forces to joint space: `qfrc_constraint = J'*force`,
/// `qacc = qacc_smooth + M \ qfrc_constraint` (`dualFinish`).
fn dual_finish(m: &mjModel, d: &mut mjData) {
    let (nv, nefc) = (m.nv as usize, d.nefc as usize);
    let DataMut {
        qfrc_constraint: qfrc,
        efc_force,
        efc_J,
        efc_J_rownnz,
        efc_J_rowadr,
        efc_J_colind,
        efc_J_rowsuper,
        qacc,
        qLD,
        qLDiagInv,
        qacc_smooth,
        ..
    } = d.arrays_mut(m);
    EfcJac::new(m, nefc, efc_J, efc_J_rownnz, efc_J_rowadr, efc_J_colind, efc_J_rowsuper).mul_t_vec(qfrc, efc_force);
    // qacc = M \ qfrc (inertia::solve_m: copy, then solve_ld with the factor of M)
    qacc[..nv].copy_from_slice(&qfrc[..nv]);
    crate::engine::inertia::solve_ld(qacc, qLD, qLDiagInv, nv, 1, m.M_rownnz(), m.M_rowadr(), m.M_colind(), None);
    blas::add_to(qacc, qacc_smooth);
}

/// Projected Gauss-Seidel on the dual problem (`mj_solPGS`), whole model; inside
/// [`fwd_constraint`] after the warm start.
pub fn sol_pgs(m: &mjModel, d: &mut mjData, maxiter: i32) {
    let (ne, nf, nefc) = (d.ne as usize, d.nf as usize, d.nefc as usize);
    with_frame(d, |d, f| {
        let arinv = f.nums(d, nefc);
        let oldstate = f.ints(d, nefc);
        let DataMut {
            efc_frictionloss: floss,
            efc_force: force,
            efc_type: types,
            efc_id: ids,
            contact,
            efc_state: state,
            efc_AR,
            efc_AR_rownnz,
            efc_AR_rowadr,
            efc_AR_colind,
            efc_b,
            efc_R,
            solver,
            solver_niter,
            solver_nnz,
            ..
        } = d.arrays_mut(m);
        let (floss, types, ids, contact) = (&*floss, &*types, &*ids, &*contact);
        let dual = Dual::new(m, nefc, efc_AR, efc_AR_rownnz, efc_AR_rowadr, efc_AR_colind, efc_b, efc_R);
        let island = 0;
        let scale = 1.0 / (m.stat.meaninertia * m.nv.max(1) as f64);

        dual.diag_inv(arinv, false);
        dual_state(ne, nf, force, floss, types, ids, contact, state);

        // block of AR of the current row (only its leading dim x dim part is used)
        let mut athis = [0.0; 36];
        let mut oldforce = [0.0; 6];

        let mut iter = 0;
        while iter < maxiter {
            let mut improvement = 0.0;

            let mut i = 0;
            while i < nefc {
                let elliptic = types[i] == ELLIPTIC;
                let dim = if elliptic { contact[ids[i] as usize].dim as usize } else { 1 };

                let mut res = [0.0; 6];
                dual.residual(force, &mut res, i, dim, false);
                oldforce[..dim].copy_from_slice(&force[i..i + dim]);

                if !elliptic {
                    // unconstrained minimum, then the bounds of the row type
                    force[i] -= res[0] * arinv[i];
                    if i >= ne && i < ne + nf {
                        if force[i] < -floss[i] {
                            force[i] = -floss[i];
                        } else if force[i] > floss[i] {
                            force[i] = floss[i];
                        }
                    } else if i >= ne + nf && force[i] < 0.0 {
                        force[i] = 0.0;
                    }
                } else {
                    let mu = contact[ids[i] as usize].friction;
                    dual.extract_block(&mut athis, i, dim, false);

                    if force[i] < mjMINVAL {
                        // normal update
                        force[i] -= res[0] * arinv[i];
                        if force[i] < 0.0 {
                            force[i] = 0.0;
                        }
                        force[i + 1..i + dim].fill(0.0);
                    } else {
                        // ray update along the current force
                        let mut v = [0.0; 6];
                        v[..dim].copy_from_slice(&force[i..i + dim]);
                        let mut v1 = [0.0; 6];
                        blas::mul_mat_vec(&mut v1, &athis, &v, dim, dim);
                        let denom = blas::dot(&v[..dim], &v1[..dim]);
                        if denom >= mjMINVAL {
                            let mut x = -blas::dot(&v[..dim], &res[..dim]) / denom;
                            if force[i] + x * v[0] < 0.0 {
                                x = -v[0] / force[i];
                            }
                            for j in 0..dim {
                                force[i + j] += x * v[j];
                            }
                        }
                    }

                    // friction update with the normal force fixed
                    let n1 = dim - 1;
                    let mut bc = [0.0; 5];
                    let mut ac = [0.0; 25];
                    bc[..n1].copy_from_slice(&res[1..dim]);
                    for j in 0..n1 {
                        let src = (j + 1) * dim + 1;
                        ac[j * n1..j * n1 + n1].copy_from_slice(&athis[src..src + n1]);
                        bc[j] -= blas::dot(&ac[j * n1..j * n1 + n1], &oldforce[1..dim]);
                        bc[j] += athis[(j + 1) * dim] * (force[i] - oldforce[0]);
                    }

                    elliptic_friction(&mut force[i..i + dim], &ac, &bc, &mu, n1);
                }

                if dim == 1 {
                    athis[0] = 1.0 / arinv[i];
                }
                improvement -= cost_change(&athis, &mut force[i..i + dim], &oldforce, &res, dim);

                i += dim;
            }

            oldstate.copy_from_slice(state);
            let nactive = dual_state(ne, nf, force, floss, types, ids, contact, state);
            let nchange = count_changes(oldstate, state);

            improvement *= scale;
            save_stats(solver, island, iter, improvement, 0.0, 0.0, nactive, nchange, 0, 0);
            iter += 1;

            if improvement < m.opt.tolerance {
                break;
            }
        }

        // statistics
        solver_niter[island as usize] += iter;
        solver_nnz[island as usize] =
            if dual.sparse { dual.ar_rownnz[..nefc].iter().sum() } else { (nefc * nefc) as i32 };

        dual_finish(m, d);
    })
}

/// Noslip: PGS on the friction rows only, without regularization (`mj_solNoSlip`); as
/// [`sol_pgs`], after the main solver.
pub fn sol_noslip(m: &mjModel, d: &mut mjData, maxiter: i32) {
    let (ne, nf, nefc) = (d.ne as usize, d.nf as usize, d.nefc as usize);
    with_frame(d, |d, f| {
        let arinv = f.nums(d, nefc);
        let oldstate = f.ints(d, nefc);
        let DataMut {
            efc_frictionloss: floss,
            efc_force: force,
            efc_type: types,
            efc_id: ids,
            contact,
            efc_state: state,
            efc_AR,
            efc_AR_rownnz,
            efc_AR_rowadr,
            efc_AR_colind,
            efc_b,
            efc_R: efc_r,
            solver,
            solver_niter,
            ..
        } = d.arrays_mut(m);
        let (floss, types, ids, contact, efc_r) = (&*floss, &*types, &*ids, &*contact, &*efc_r);
        let dual = Dual::new(m, nefc, efc_AR, efc_AR_rownnz, efc_AR_rowadr, efc_AR_colind, efc_b, efc_r);
        let island = 0usize;
        let scale = 1.0 / (m.stat.meaninertia * m.nv.max(1) as f64);

        dual.diag_inv(arinv, true);
        dual_state(ne, nf, force, floss, types, ids, contact, state);

        let mut res = [0.0; 5];
        let mut oldforce = [0.0; 5];
        let mut ac = [0.0; 25];
        let mut bc = [0.0; 5];

        let mut iter = 0;
        while iter < maxiter {
            let mut improvement = 0.0;

            // the regularizer's cost is not part of this problem
            if iter == 0 {
                for i in 0..nefc {
                    improvement += 0.5 * force[i] * force[i] * efc_r[i];
                }
            }

            // dry friction
            for i in ne..ne + nf {
                dual.residual(force, &mut res, i, 1, true);
                oldforce[0] = force[i];
                force[i] -= res[0] * arinv[i];
                if force[i] < -floss[i] {
                    force[i] = -floss[i];
                } else if force[i] > floss[i] {
                    force[i] = floss[i];
                }
                let delta = force[i] - oldforce[0];
                improvement -= 0.5 * delta * delta / arinv[i] + delta * res[0];
            }

            // contact friction
            let mut i = ne + nf;
            while i < nefc {
                if types[i] == PYRAMIDAL {
                    let con = &contact[ids[i] as usize];
                    let dim = con.dim as usize;

                    // pairs of opposing pyramid edges
                    let mut j = i;
                    while j < i + 2 * (dim - 1) {
                        dual.residual(force, &mut res, j, 2, true);
                        oldforce[..2].copy_from_slice(&force[j..j + 2]);
                        dual.extract_block(&mut ac, j, 2, true);
                        bc[..2].copy_from_slice(&res[..2]);
                        for k in 0..2 {
                            bc[k] -= blas::dot(&ac[k * 2..k * 2 + 2], &oldforce[..2]);
                        }

                        // f0 = mid + y, f1 = mid - y, minimize over y in [-mid, mid]
                        let mid = 0.5 * (force[j] + force[j + 1]);
                        let k1 = ac[0] + ac[3] - ac[1] - ac[2];
                        let k0 = mid * (ac[0] - ac[3]) + bc[0] - bc[1];
                        if k1 < mjMINVAL {
                            force[j] = mid;
                            force[j + 1] = mid;
                        } else {
                            let y = -k0 / k1;
                            if y < -mid {
                                force[j] = 0.0;
                                force[j + 1] = 2.0 * mid;
                            } else if y > mid {
                                force[j] = 2.0 * mid;
                                force[j + 1] = 0.0;
                            } else {
                                force[j] = mid + y;
                                force[j + 1] = mid - y;
                            }
                        }

                        improvement -= cost_change(&ac, &mut force[j..j + 2], &oldforce, &res, 2);
                        j += 2;
                    }
                    i += 2 * (dim - 1);
                } else if types[i] == ELLIPTIC {
                    let con = &contact[ids[i] as usize];
                    let dim = con.dim as usize;
                    let mu = con.friction;
                    let n1 = dim - 1;

                    dual.residual(force, &mut res, i + 1, n1, true);
                    oldforce[..n1].copy_from_slice(&force[i + 1..i + dim]);
                    dual.extract_block(&mut ac, i + 1, n1, true);
                    bc[..n1].copy_from_slice(&res[..n1]);
                    for j in 0..n1 {
                        bc[j] -= blas::dot(&ac[j * n1..j * n1 + n1], &oldforce[..n1]);
                    }

                    elliptic_friction(&mut force[i..i + dim], &ac, &bc, &mu, n1);

                    improvement -= cost_change(&ac, &mut force[i + 1..i + dim], &oldforce, &res, n1);
                    i += dim;
                } else {
                    i += 1;
                }
            }

            oldstate.copy_from_slice(state);
            let nactive = dual_state(ne, nf, force, floss, types, ids, contact, state);
            let nchange = count_changes(oldstate, state);

            improvement *= scale;

            // after the entries of the main solver
            let stats_iter = iter + solver_niter[island];
            save_stats(solver, island as i32, stats_iter, improvement, 0.0, 0.0, nactive, nchange, 0, 0);
            iter += 1;

            if improvement < m.opt.noslip_tolerance {
                break;
            }
        }

        solver_niter[island] += iter;

        dual_finish(m, d);
    })
}
