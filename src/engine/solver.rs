//! Constraint solvers (upstream's `engine_solver.c`) and the constraint stage that runs them:
//! PGS on the dual problem, CG and Newton on the primal problem (whole model or per island),
//! noslip, warm start and solver statistics.

use core::mem::{align_of, size_of};
use crate::abi::mjtConstraintState_::*;
use crate::abi::mjtConstraint_::*;
use crate::abi::mjtDisableBit_::*;
use crate::abi::*;
use crate::engine::constraint::{constraint_update, constraint_update_impl, mul_jac_t_vec, mul_jac_vec};
use crate::engine::{disabled, free, is_sparse, mark, stack_ints, stack_nums, timer_end, timer_start};
use crate::math::blas;
use crate::math::misc::{gather, scatter};
use crate::math::solve::{chol_factor, chol_factor_count, chol_solve, chol_update, qcqp2, qcqp3};
use crate::math::sparse;

const ELLIPTIC: i32 = mjCNSTR_CONTACT_ELLIPTIC as i32;
const PYRAMIDAL: i32 = mjCNSTR_CONTACT_PYRAMIDAL as i32;
const SATISFIED: i32 = mjCNSTRSTATE_SATISFIED as i32;
const QUADRATIC: i32 = mjCNSTRSTATE_QUADRATIC as i32;
const LINEARNEG: i32 = mjCNSTRSTATE_LINEARNEG as i32;
const LINEARPOS: i32 = mjCNSTRSTATE_LINEARPOS as i32;
const CONE: i32 = mjCNSTRSTATE_CONE as i32;

//---------------------------------- constraint stage ----------------------------------------------

/// Constraint forces and the constrained acceleration (`mj_fwdConstraint`): `efc_b`, warm
/// start, the selected solver, noslip; fills `efc_force`, `qfrc_constraint`, `qacc`.
///
/// # Safety
/// `d` must be data made for `m`, with the position and velocity stages done.
pub unsafe fn fwd_constraint(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    blas::zero(d.qfrc_constraint(m));
    let nefc = d.nefc as usize;
    if nefc == 0 {
        blas::copy(d.qacc(m), d.qacc_smooth(m));
        d.solver_niter = [0; mjNISLAND];
        timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
        return;
    }

    // efc_b = J*qacc_smooth - aref
    mul_jac_vec(m, d, d.efc_b(m), d.qacc_smooth(m));
    blas::sub_from(d.efc_b(m), d.efc_aref(m));

    warmstart(m, d);
    d.solver_niter = [0; mjNISLAND];

    let solver = m.opt.solver;
    let primal = solver == mjtSolver_::mjSOL_CG as i32 || solver == mjtSolver_::mjSOL_NEWTON as i32;
    let islands = !disabled(m, mjDSBL_ISLAND) && d.nisland > 0 && m.opt.noslip_iterations == 0 && primal;

    if islands {
        let nidof = d.nidof as usize;
        let idof2dof = &d.map_idof2dof(m)[..nidof];
        let iefc2efc = d.map_iefc2efc(m);
        gather(&mut d.ifrc_smooth(m)[..nidof], d.qfrc_smooth(m), idof2dof);
        gather(&mut d.ifrc_constraint(m)[..nidof], d.qfrc_constraint(m), idof2dof);
        gather(&mut d.iacc_smooth(m)[..nidof], d.qacc_smooth(m), idof2dof);
        gather(&mut d.iacc(m)[..nidof], d.qacc(m), idof2dof);
        gather(&mut d.iefc_force(m)[..nefc], d.efc_force(m), iefc2efc);
        gather(&mut d.iefc_aref(m)[..nefc], d.efc_aref(m), iefc2efc);

        // islands one after another, or one task each on a bound thread pool (same numbers:
        // each island reads and writes only its own rows and dofs)
        let newton = solver == mjtSolver_::mjSOL_NEWTON as i32;
        if d.threadpool == 0 || !solve_islands_threaded(m, d, newton) {
            for island in 0..d.nisland {
                sol_cg_newton(m, d, island, m.opt.iterations, newton);
            }
        }

        scatter(d.qacc(m), &d.iacc(m)[..nidof], idof2dof);
        scatter(d.qfrc_constraint(m), &d.ifrc_constraint(m)[..nidof], idof2dof);
        gather(&mut d.efc_force(m)[..nefc], d.iefc_force(m), d.map_efc2iefc(m));
    } else if solver == mjtSolver_::mjSOL_PGS as i32 {
        sol_pgs(m, d, m.opt.iterations);
    } else if solver == mjtSolver_::mjSOL_CG as i32 {
        sol_cg(m, d, m.opt.iterations);
    } else if solver == mjtSolver_::mjSOL_NEWTON as i32 {
        sol_newton(m, d, m.opt.iterations);
    } else {
        crate::mjerror!("mj_fwdConstraint", "unknown solver type {}", solver);
        return;
    }

    if m.opt.noslip_iterations > 0 {
        sol_noslip(m, d, m.opt.noslip_iterations);
    }

    timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
}

/// Initial guess: the better of `qacc_warmstart` and `qacc_smooth` (primal solvers) or of the
/// warm-start forces and zero (PGS); `qacc_smooth` and zero forces without warm start.
unsafe fn warmstart(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nefc = d.nefc as usize;

    if disabled(m, mjDSBL_WARMSTART) {
        blas::copy(d.qacc(m), d.qacc_smooth(m));
        blas::zero(d.efc_force(m));
        return;
    }

    mark(d);
    let jar = stack_nums(d, nefc);

    // cost at qacc_warmstart
    let qacc_ws = d.qacc_warmstart(m);
    blas::copy(d.qacc(m), qacc_ws);
    mul_jac_vec(m, d, jar, qacc_ws);
    blas::sub_from(jar, d.efc_aref(m));
    let mut cost_ws = 0.0;
    constraint_update(m, d, jar, Some(&mut cost_ws), false);

    if m.opt.solver == mjtSolver_::mjSOL_PGS as i32 {
        // dual cost of the warm-start forces
        let force = d.efc_force(m);
        let mut pgs_ws = blas::dot(force, d.efc_b(m));
        let arf = stack_nums(d, nefc);
        if is_sparse(m) {
            sparse::mul_mat_vec_sparse(
                arf,
                d.efc_AR(m),
                force,
                nefc,
                d.efc_AR_rownnz(m),
                d.efc_AR_rowadr(m),
                d.efc_AR_colind(m),
                None,
            );
        } else {
            blas::mul_mat_vec(arf, d.efc_AR(m), force, nefc, nefc);
        }
        pgs_ws += 0.5 * blas::dot(force, arf);
        if pgs_ws > 0.0 {
            blas::zero(force);
            blas::zero(d.qfrc_constraint(m));
        }
    } else {
        // add the Gauss term, compare with the cost at qacc_smooth
        let ma = stack_nums(d, nv);
        crate::engine::inertia::mul_m(m, d, ma, qacc_ws);
        let (qfrc_smooth, qacc_smooth) = (d.qfrc_smooth(m), d.qacc_smooth(m));
        for i in 0..nv {
            cost_ws += 0.5 * (ma[i] - qfrc_smooth[i]) * (qacc_ws[i] - qacc_smooth[i]);
        }
        let mut cost_smooth = 0.0;
        let efc_b = d.efc_b(m);
        constraint_update(m, d, efc_b, Some(&mut cost_smooth), false);
        if cost_ws > cost_smooth {
            blas::copy(d.qacc(m), qacc_smooth);
        }
    }

    // dofs outside every island are unconstrained
    if d.nisland > 0 {
        let (qacc, qacc_smooth) = (d.qacc(m), d.qacc_smooth(m));
        for &dof in &d.map_idof2dof(m)[d.nidof as usize..nv] {
            let dof = dof as usize;
            qacc[dof] = qacc_smooth[dof];
        }
    }

    free(d);
}

//---------------------------------- shared helpers ------------------------------------------------

/// Records the statistics of one solver iteration (`saveStats`); island -1 means island 0,
/// out-of-range islands and iterations are dropped.
#[allow(clippy::too_many_arguments)]
fn save_stats(
    d: &mut mjData,
    island: i32,
    iter: i32,
    improvement: f64,
    gradient: f64,
    lineslope: f64,
    nactive: i32,
    nchange: i32,
    neval: i32,
    nupdate: i32,
) {
    if island >= mjNISLAND as i32 || iter >= mjNSOLVER as i32 {
        return;
    }
    let island = island.max(0) as usize;
    let s = &mut d.solver[island * mjNSOLVER + iter as usize];
    s.improvement = improvement;
    s.gradient = gradient;
    s.lineslope = lineslope;
    s.nactive = nactive;
    s.nchange = nchange;
    s.neval = neval;
    s.nupdate = nupdate;
}

/// Number of entries that differ.
#[inline]
fn count_changes(a: &[i32], b: &[i32]) -> i32 {
    a.iter().zip(b).filter(|(x, y)| x != y).count() as i32
}

/// Solves the QCQP of a friction cone: 2 and 3 dimensions with the closed-form solvers,

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
    unsafe fn new(m: &mjModel, d: &mjData) -> Self {
        let sparse = is_sparse(m);
        Dual {
            sparse,
            nefc: d.nefc as usize,
            ar: d.efc_AR(m),
            ar_rownnz: if sparse { d.efc_AR_rownnz(m) } else { &[] },
            ar_rowadr: if sparse { d.efc_AR_rowadr(m) } else { &[] },
            ar_colind: if sparse { d.efc_AR_colind(m) } else { &[] },
            b: d.efc_b(m),
            r: d.efc_R(m),
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
unsafe fn dual_finish(m: &mjModel, d: &mut mjData) {
    let qfrc = d.qfrc_constraint(m);
    mul_jac_t_vec(m, d, qfrc, d.efc_force(m));
    let qacc = d.qacc(m);
    crate::engine::inertia::solve_m(m, d, qacc, qfrc, 1);
    blas::add_to(d.qacc(m), d.qacc_smooth(m));
}

/// Projected Gauss-Seidel on the dual problem (`mj_solPGS`), whole model.
///
/// # Safety
/// `d` must be data made for `m`, inside [`fwd_constraint`] after the warm start.
pub unsafe fn sol_pgs(m: &mjModel, d: &mut mjData, maxiter: i32) {
    let (ne, nf, nefc) = (d.ne as usize, d.nf as usize, d.nefc as usize);
    let floss = d.efc_frictionloss(m);
    let force = d.efc_force(m);
    let types = d.efc_type(m);
    let ids = d.efc_id(m);
    let contact = d.contact(m);
    let state = d.efc_state(m);
    let dual = Dual::new(m, d);

    mark(d);
    let arinv = stack_nums(d, nefc);
    let oldstate = stack_ints(d, nefc);
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
        save_stats(d, island, iter, improvement, 0.0, 0.0, nactive, nchange, 0, 0);
        iter += 1;

        if improvement < m.opt.tolerance {
            break;
        }
    }

    // statistics
    d.solver_niter[island as usize] += iter;
    d.solver_nnz[island as usize] = if dual.sparse {
        dual.ar_rownnz[..nefc].iter().sum()
    } else {
        (nefc * nefc) as i32
    };

    dual_finish(m, d);
    free(d);
}

/// Noslip: PGS on the friction rows only, without regularization (`mj_solNoSlip`).
///
/// # Safety
/// As [`sol_pgs`], after the main solver.
pub unsafe fn sol_noslip(m: &mjModel, d: &mut mjData, maxiter: i32) {
    let (ne, nf, nefc) = (d.ne as usize, d.nf as usize, d.nefc as usize);
    let floss = d.efc_frictionloss(m);
    let force = d.efc_force(m);
    let types = d.efc_type(m);
    let ids = d.efc_id(m);
    let contact = d.contact(m);
    let state = d.efc_state(m);
    let efc_r = d.efc_R(m);
    let dual = Dual::new(m, d);

    mark(d);
    let arinv = stack_nums(d, nefc);
    let oldstate = stack_ints(d, nefc);
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
        let stats_iter = iter + d.solver_niter[island];
        save_stats(d, island as i32, stats_iter, improvement, 0.0, 0.0, nactive, nchange, 0, 0);
        iter += 1;

        if improvement < m.opt.noslip_tolerance {
            break;
        }
    }

    d.solver_niter[island] += iter;

    dual_finish(m, d);
    free(d);
}

//---------------------------------- sparse Cholesky -----------------------------------------------

/// In-place reverse-order sparse Cholesky `mat = L'*L` of a lower-triangular pattern with room
/// for the fill-in (`mju_cholFactorSparse`); returns the rank. `buf`, `buf_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
fn chol_factor_sparse(
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
fn chol_solve_sparse(res: &mut [f64], mat: &[f64], vec: &[f64], n: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
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
/// (`mju_combineSparseInc`).
#[allow(clippy::too_many_arguments)]
fn combine_sparse_inc(dst: &mut [f64], src: &[f64], a: f64, b: f64, dst_nnz: usize, src_nnz: usize, dst_ind: &[i32], src_ind: &[i32]) {
    let dst = &mut dst[..dst_nnz];
    let (dst_ind, src_ind) = (&dst_ind[..dst_nnz], &src_ind[..src_nnz]);
    if dst_nnz == src_nnz && dst_ind == src_ind {
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
fn chol_update_sparse(
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

        // row: (L(r,0:r-1) +/- s*x) / c
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

        // x(0:r-1) = c*x - s*L(r,0:r-1)
        let new_nnz = sparse::combine_sparse(x, &mat[adr..], c, -s, iu, nnz - 1, x_ind, &colind[adr..], buf, buf_ind);

        i = new_nnz as isize - 1;
    }
    rank
}

/// `res = M*vec` for M symmetric, given by its lower triangle with each row ending at the
/// diagonal (`mju_mulSymVecSparse`, same order of operations). Row i is the first to touch
/// `res[i]`, so its sum is kept in a register.
fn mul_sym(res: &mut [f64], mat: &[f64], vec: &[f64], n: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    let (res, vec) = (&mut res[..n], &vec[..n]);
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let diag = rownnz[i] as usize - 1;
        let row = &mat[adr..=adr + diag];
        let ind = &colind[adr..adr + diag];
        let vi = vec[i];
        let mut acc = row[diag] * vi;
        for (&j, &v) in ind.iter().zip(&row[..diag]).rev() {
            let j = j as usize;
            debug_assert!(j < i);
            // SAFETY: the lower-triangle pattern has column indices below the row (checked
            // when the model is loaded, built so for islands), so j < i < n
            unsafe {
                acc += v * *vec.get_unchecked(j);
                *res.get_unchecked_mut(j) += v * vi;
            }
        }
        res[i] = acc;
    }
}

/// `x = inv(L'DL) x` for one vector (`mj_solveLD` with n = 1 and no index).
fn solve_ld1(x: &mut [f64], qld: &[f64], qldiaginv: &[f64], nv: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
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

//---------------------------------- CG and Newton -------------------------------------------------

/// State of the primal solvers on the whole model or one island (upstream's `mjCGContext`).
struct Cg<'a> {
    sparse: bool,
    elliptic: bool,

    nv: usize,
    ne: usize,
    nf: usize,
    nefc: usize,

    contact: &'a mut [mjContact],

    // dof arrays
    qfrc_smooth: &'a [f64],
    qacc_smooth: &'a [f64],
    qfrc_constraint: &'a mut [f64],
    qacc: &'a mut [f64],

    // inertia (lower triangle, row addresses may be absolute)
    m_rownnz: &'a [i32],
    m_rowadr: &'a [i32],
    m_colind: &'a [i32],
    mm: &'a [f64],
    qld: &'a [f64],
    qldiaginv: &'a [f64],

    // rows
    efc_d: &'a [f64],
    efc_r: &'a [f64],
    floss: &'a [f64],
    aref: &'a [f64],
    efc_id: &'a [i32],
    efc_type: &'a [i32],
    force: &'a mut [f64],
    state: &'a mut [i32],

    // Jacobian (sparse: absolute row addresses) and its transpose (sparse only)
    j_rownnz: &'a [i32],
    j_rowadr: &'a [i32],
    j_rowsuper: &'a [i32],
    j_colind: &'a [i32],
    j: &'a [f64],
    jt_rownnz: &'a mut [i32],
    jt_rowadr: &'a mut [i32],
    jt_rowsuper: &'a mut [i32],
    jt_colind: &'a mut [i32],
    jt: &'a mut [f64],

    // common work arrays
    jaref: &'a mut [f64],
    jv: &'a mut [f64],
    ma: &'a mut [f64],
    mv: &'a mut [f64],
    grad: &'a mut [f64],
    mgrad: &'a mut [f64],
    search: &'a mut [f64],
    quad: &'a mut [f64],

    // Newton
    dd: &'a mut [f64],
    h_rowadr: &'a mut [i32],
    h_rownnz: &'a mut [i32],
    h_lowernnz: &'a mut [i32],
    l_rownnz: &'a mut [i32],
    l_rowadr: &'a mut [i32],
    buf_ind: &'a mut [i32],
    buf_val: &'a mut [f64],
    nh: usize,
    h_colind: &'a mut [i32],
    h: &'a mut [f64],
    nl: usize,
    l_colind: &'a mut [i32],
    l: &'a mut [f64],
    lcone: &'a mut [f64],
    has_lcone: bool,

    cost: f64,
    quad_gauss: [f64; 3],
    scale: f64,
    nactive: i32,
    ncone: i32,
    nupdate: i32,

    ls_iter: i32,
    ls_result: i32,
    ls_slope: f64,
}

/// One line-search point: step, cost, first and second derivative.
#[derive(Clone, Copy, Default)]
struct Pnt {
    alpha: f64,
    cost: f64,
    deriv: [f64; 2],
}

/// Builds the context for the whole model (island < 0) or one island (`CGpointers` and
/// `CGallocate`); the work arrays come from the stack frame of the caller.
unsafe fn cg_context<'a>(m: &'a mjModel, d: &mut mjData, island: i32, newton: bool) -> Cg<'a> {
    let sparse = is_sparse(m);
    let mut c = Cg {
        sparse,
        elliptic: m.opt.cone == mjtCone_::mjCONE_ELLIPTIC as i32,
        nv: 0,
        ne: 0,
        nf: 0,
        nefc: 0,
        contact: d.contact(m),
        qfrc_smooth: &[],
        qacc_smooth: &[],
        qfrc_constraint: &mut [],
        qacc: &mut [],
        m_rownnz: &[],
        m_rowadr: &[],
        m_colind: &[],
        mm: &[],
        qld: &[],
        qldiaginv: &[],
        efc_d: &[],
        efc_r: &[],
        floss: &[],
        aref: &[],
        efc_id: &[],
        efc_type: &[],
        force: &mut [],
        state: &mut [],
        j_rownnz: &[],
        j_rowadr: &[],
        j_rowsuper: &[],
        j_colind: &[],
        j: &[],
        jt_rownnz: &mut [],
        jt_rowadr: &mut [],
        jt_rowsuper: &mut [],
        jt_colind: &mut [],
        jt: &mut [],
        jaref: &mut [],
        jv: &mut [],
        ma: &mut [],
        mv: &mut [],
        grad: &mut [],
        mgrad: &mut [],
        search: &mut [],
        quad: &mut [],
        dd: &mut [],
        h_rowadr: &mut [],
        h_rownnz: &mut [],
        h_lowernnz: &mut [],
        l_rownnz: &mut [],
        l_rowadr: &mut [],
        buf_ind: &mut [],
        buf_val: &mut [],
        nh: 0,
        h_colind: &mut [],
        h: &mut [],
        nl: 0,
        l_colind: &mut [],
        l: &mut [],
        lcone: &mut [],
        has_lcone: false,
        cost: 0.0,
        quad_gauss: [0.0; 3],
        scale: 0.0,
        nactive: 0,
        ncone: 0,
        nupdate: 0,
        ls_iter: 0,
        ls_result: 0,
        ls_slope: 0.0,
    };

    if island < 0 {
        let (nv, nefc) = (m.nv as usize, d.nefc as usize);
        c.nv = nv;
        c.ne = d.ne as usize;
        c.nf = d.nf as usize;
        c.nefc = nefc;
        c.qfrc_smooth = d.qfrc_smooth(m);
        c.qfrc_constraint = d.qfrc_constraint(m);
        c.qacc_smooth = d.qacc_smooth(m);
        c.qacc = d.qacc(m);
        c.m_rownnz = m.M_rownnz();
        c.m_rowadr = m.M_rowadr();
        c.m_colind = m.M_colind();
        c.mm = d.M(m);
        c.qld = d.qLD(m);
        c.qldiaginv = d.qLDiagInv(m);
        c.efc_d = d.efc_D(m);
        c.efc_r = d.efc_R(m);
        c.floss = d.efc_frictionloss(m);
        c.aref = d.efc_aref(m);
        c.efc_id = d.efc_id(m);
        c.efc_type = d.efc_type(m);
        c.force = d.efc_force(m);
        c.state = d.efc_state(m);
        c.j = d.efc_J(m);
        if sparse {
            c.j_rownnz = d.efc_J_rownnz(m);
            c.j_rowadr = d.efc_J_rowadr(m);
            c.j_rowsuper = d.efc_J_rowsuper(m);
            c.j_colind = d.efc_J_colind(m);
        }
    } else {
        let isl = island as usize;
        let nv = d.island_nv(m)[isl] as usize;
        let nefc = d.island_nefc(m)[isl] as usize;
        c.nv = nv;
        c.ne = d.island_ne(m)[isl] as usize;
        c.nf = d.island_nf(m)[isl] as usize;
        c.nefc = nefc;

        let dof = d.island_idofadr(m)[isl] as usize;
        let dofs = dof..dof + nv;
        c.qfrc_smooth = &d.ifrc_smooth(m)[dofs.clone()];
        c.qfrc_constraint = &mut d.ifrc_constraint(m)[dofs.clone()];
        c.qacc_smooth = &d.iacc_smooth(m)[dofs.clone()];
        c.qacc = &mut d.iacc(m)[dofs.clone()];
        c.m_rownnz = &d.iM_rownnz(m)[dofs.clone()];
        c.m_rowadr = &d.iM_rowadr(m)[dofs.clone()];
        c.m_colind = d.iM_colind(m);
        c.mm = d.iM(m);
        c.qld = d.iLD(m);
        c.qldiaginv = &d.iLDiagInv(m)[dofs];

        let efc = d.island_iefcadr(m)[isl] as usize;
        let rows = efc..efc + nefc;
        c.efc_d = &d.iefc_D(m)[rows.clone()];
        c.efc_r = &d.iefc_R(m)[rows.clone()];
        c.floss = &d.iefc_frictionloss(m)[rows.clone()];
        c.aref = &d.iefc_aref(m)[rows.clone()];
        c.efc_id = &d.iefc_id(m)[rows.clone()];
        c.efc_type = &d.iefc_type(m)[rows.clone()];
        c.force = &mut d.iefc_force(m)[rows.clone()];
        c.state = &mut d.iefc_state(m)[rows.clone()];

        if !sparse {
            let start = d.nidof as usize * efc;
            c.j = &d.iefc_J(m)[start..start + nefc * nv];
        } else {
            c.j_rownnz = &d.iefc_J_rownnz(m)[rows.clone()];
            c.j_rowadr = &d.iefc_J_rowadr(m)[rows.clone()];
            c.j_rowsuper = &d.iefc_J_rowsuper(m)[rows];
            c.j_colind = d.iefc_J_colind(m);
            c.j = d.iefc_J(m);
        }
    }

    // work arrays
    let (nv, nefc) = (c.nv, c.nefc);
    c.jaref = stack_nums(d, nefc);
    c.jv = stack_nums(d, nefc);
    c.ma = stack_nums(d, nv);
    c.mv = stack_nums(d, nv);
    c.grad = stack_nums(d, nv);
    c.mgrad = stack_nums(d, nv);
    c.search = stack_nums(d, nv);
    c.quad = stack_nums(d, nefc * 3);

    // sparse: Jacobian transpose
    if sparse {
        let nj = d.nJ as usize;
        c.jt_rownnz = stack_ints(d, nv);
        c.jt_rowadr = stack_ints(d, nv);
        c.jt_rowsuper = stack_ints(d, nv);
        c.jt_colind = stack_ints(d, nj);
        c.jt = stack_nums(d, nj);
        if nefc > 0 {
            let offset = c.j_rowadr[0] as usize;
            sparse::transpose_sparse(
                Some(&mut *c.jt),
                &c.j[offset..],
                nefc,
                nv,
                c.jt_rownnz,
                c.jt_rowadr,
                c.jt_colind,
                Some(&mut *c.jt_rowsuper),
                c.j_rownnz,
                c.j_rowadr,
                &c.j_colind[offset..],
            );
        }
    }

    if newton {
        c.dd = stack_nums(d, nefc);
        if sparse {
            c.h_rowadr = stack_ints(d, nv);
            c.h_rownnz = stack_ints(d, nv);
            c.h_lowernnz = stack_ints(d, nv);
            c.l_rownnz = stack_ints(d, nv);
            c.l_rowadr = stack_ints(d, nv);
            c.buf_val = stack_nums(d, nv);
            c.buf_ind = stack_ints(d, nv);
        }
    }
    c
}

impl Cg<'_> {
    /// Forces, states and cost from `jaref`, then `qfrc_constraint`, the active and cone
    /// counts and the Gauss cost (`CGupdateConstraint`).
    unsafe fn update_constraint(&mut self, cone_hessian: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        constraint_update_impl(
            self.ne,
            self.nf,
            nefc,
            self.efc_d,
            self.efc_r,
            self.floss,
            self.jaref,
            self.efc_type,
            self.efc_id,
            self.contact,
            self.state,
            self.force,
            Some(&mut self.cost),
            cone_hessian,
        );

        if !self.sparse {
            blas::mul_mat_t_vec(self.qfrc_constraint, self.j, self.force, nefc, nv);
        } else {
            sparse::mul_mat_vec_sparse(
                self.qfrc_constraint,
                self.jt,
                self.force,
                nv,
                self.jt_rownnz,
                self.jt_rowadr,
                self.jt_colind,
                Some(self.jt_rowsuper),
            );
        }

        let mut nactive = 0;
        let mut ncone = 0;
        for &s in &self.state[..nefc] {
            nactive += (s != SATISFIED) as i32;
            ncone += (s == CONE) as i32;
        }
        self.nactive = nactive;
        self.ncone = ncone;

        let mut gauss = 0.0;
        let forces = self.ma[..nv].iter().zip(&self.qfrc_smooth[..nv]);
        let accs = self.qacc[..nv].iter().zip(&self.qacc_smooth[..nv]);
        for ((&ma, &smooth), (&acc, &acc_smooth)) in forces.zip(accs) {
            gauss += 0.5 * (ma - smooth) * (acc - acc_smooth);
        }
        self.quad_gauss[0] = gauss;
        self.cost += gauss;
    }

    /// `grad = M*qacc - qfrc_smooth - qfrc_constraint`, `Mgrad` = H\grad (Newton) or M\grad
    /// (CG) (`CGupdateGradient`).
    fn update_gradient(&mut self, newton: bool) {
        let nv = self.nv;
        let terms = self.ma[..nv].iter().zip(&self.qfrc_smooth[..nv]).zip(&self.qfrc_constraint[..nv]);
        for (g, ((&ma, &smooth), &constraint)) in self.grad[..nv].iter_mut().zip(terms) {
            *g = ma - smooth - constraint;
        }
        if newton {
            let fac: &[f64] = if self.ncone != 0 { self.lcone } else { self.l };
            if self.sparse {
                chol_solve_sparse(self.mgrad, fac, self.grad, nv, self.l_rownnz, self.l_rowadr, self.l_colind);
            } else {
                self.mgrad[..nv].copy_from_slice(&self.grad[..nv]);
                chol_solve(self.mgrad, fac, nv);
            }
        } else {
            self.mgrad[..nv].copy_from_slice(&self.grad[..nv]);
            solve_ld1(self.mgrad, self.qld, self.qldiaginv, nv, self.m_rownnz, self.m_rowadr, self.m_colind);
        }
    }

    /// Quadratic pieces of the cost along `search` and the cone quantities (`CGprepare`).
    fn prepare(&mut self) {
        let (nv, nefc) = (self.nv, self.nefc);
        let v = &self.search[..nv];
        self.quad_gauss[1] = blas::dot(v, self.ma) - blas::dot(&self.qfrc_smooth[..nv], v);
        self.quad_gauss[2] = 0.5 * blas::dot(v, self.mv);

        if !self.elliptic {
            // pyramidal cones: every row is scalar
            let rows = self.jaref[..nefc].iter().zip(&self.jv[..nefc]).zip(&self.efc_d[..nefc]);
            for (quad, ((&jaref, &jv), &dg)) in self.quad[..3 * nefc].chunks_exact_mut(3).zip(rows) {
                let dj0 = dg * jaref;
                quad[0] = jaref * dj0 * 0.5;
                quad[1] = jv * dj0;
                quad[2] = jv * dg * jv * 0.5;
            }
            return;
        }

        let mut i = 0;
        while i < nefc {
            let (jv, jaref, dg) = (&self.jv[i..], &self.jaref[i..], &self.efc_d[i..]);
            let quad = &mut self.quad[3 * i..];

            let dj0 = dg[0] * jaref[0];
            quad[0] = jaref[0] * dj0;
            quad[1] = jv[0] * dj0;
            quad[2] = jv[0] * dg[0] * jv[0];

            let mut step = 1;
            if self.efc_type[i] == ELLIPTIC {
                let con = &self.contact[self.efc_id[i] as usize];
                let dim = con.dim as usize;
                let mu = con.mu;
                let friction = &con.friction;

                // bottom zone: the full vector quadratic
                for j in 1..dim {
                    let djj = dg[j] * jaref[j];
                    quad[0] += jaref[j] * djj;
                    quad[1] += jv[j] * djj;
                    quad[2] += jv[j] * dg[j] * jv[j];
                }

                // scaled so that the primal cone is circular
                let mut u = [0.0; 6];
                let mut w = [0.0; 6];
                u[0] = jaref[0] * mu;
                w[0] = jv[0] * mu;
                for j in 1..dim {
                    u[j] = jaref[j] * friction[j - 1];
                    w[j] = jv[j] * friction[j - 1];
                }
                let (mut uu, mut uv, mut vv) = (0.0, 0.0, 0.0);
                for j in 1..dim {
                    uu += u[j] * u[j];
                    uv += u[j] * w[j];
                    vv += w[j] * w[j];
                }

                // stored in the room of the following rows (dim >= 3)
                quad[3] = u[0];
                quad[4] = w[0];
                quad[5] = uu;
                quad[6] = uv;
                quad[7] = vv;
                quad[8] = dg[0] / ((mu * mu) * (1.0 + (mu * mu)));

                step = dim;
            }

            quad[0] *= 0.5;
            quad[2] *= 0.5;
            i += step;
        }
    }

    /// Cost and derivatives at `p.alpha` along the search direction (`CGeval`).
    fn eval(&mut self, p: &mut Pnt) {
        let (ne, nf, nefc) = (self.ne, self.nf, self.nefc);
        let alpha = p.alpha;
        let mut cost = 0.0;
        let mut deriv = [0.0; 2];
        let mut qt = self.quad_gauss;
        let add3 = |qt: &mut [f64; 3], q: &[f64]| {
            qt[0] += q[0];
            qt[1] += q[1];
            qt[2] += q[2];
        };

        // equality rows are always quadratic
        for i in 0..ne {
            add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
        }

        // friction loss
        for i in ne..ne + nf {
            let (start, dir) = (self.jaref[i], self.jv[i]);
            let x = start + alpha * dir;
            let f = self.floss[i];
            let rf = self.efc_r[i] * f;
            if -rf < x && x < rf {
                add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
            } else if x <= -rf {
                add3(&mut qt, &[f * (-0.5 * rf - start), -f * dir, 0.0]);
            } else {
                add3(&mut qt, &[f * (-0.5 * rf + start), f * dir, 0.0]);
            }
        }

        // limits and contacts
        let mut i = ne + nf;
        if !self.elliptic {
            // pyramidal cones: every row is scalar
            let rows = self.jaref[i..nefc].iter().zip(&self.jv[i..nefc]);
            for (quad, (&jaref, &jv)) in self.quad[3 * i..3 * nefc].chunks_exact(3).zip(rows) {
                if jaref + alpha * jv < 0.0 {
                    add3(&mut qt, quad);
                }
            }
            i = nefc;
        }
        while i < nefc {
            if self.efc_type[i] == ELLIPTIC {
                let con = &self.contact[self.efc_id[i] as usize];
                let quad = &self.quad[3 * i..3 * i + 9];
                let dim = con.dim as usize;
                let mu = con.mu;
                let (u0, v0, uu, uv, vv, dm) = (quad[3], quad[4], quad[5], quad[6], quad[7], quad[8]);

                let n = u0 + alpha * v0;
                let tsqr = uu + alpha * (2.0 * uv + alpha * vv);

                if tsqr <= 0.0 {
                    // no tangential part: bottom zone or top zone
                    if n < 0.0 {
                        add3(&mut qt, quad);
                    }
                } else {
                    let t = tsqr.sqrt();
                    if n >= mu * t {
                        // top zone
                    } else if mu * n + t <= 0.0 {
                        add3(&mut qt, quad);
                    } else {
                        // middle zone
                        let n1 = v0;
                        let t1 = (uv + alpha * vv) / t;
                        let t2 = vv / t - (uv + alpha * vv) * t1 / (t * t);
                        cost += 0.5 * dm * (n - mu * t) * (n - mu * t);
                        deriv[0] += dm * (n - mu * t) * (n1 - mu * t1);
                        deriv[1] += dm * ((n1 - mu * t1) * (n1 - mu * t1) + (n - mu * t) * (-mu * t2));
                    }
                }
                i += dim;
            } else {
                if self.jaref[i] + alpha * self.jv[i] < 0.0 {
                    add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
                }
                i += 1;
            }
        }

        cost += alpha * alpha * qt[2] + alpha * qt[1] + qt[0];
        deriv[0] += 2.0 * alpha * qt[2] + qt[1];
        deriv[1] += 2.0 * qt[2];

        if deriv[1] <= 0.0 {
            crate::mjwarning!("Linesearch objective is not convex");
            deriv[1] = mjMINVAL;
        }

        p.cost = cost;
        p.deriv = deriv;
        self.ls_iter += 1;
    }

    /// Replaces `p` by a better candidate on the same side of the minimum and evaluates the
    /// Newton point from it (`updateBracket`); returns 0 when nothing changed.
    fn update_bracket(&mut self, p: &mut Pnt, candidates: &[Pnt; 3], pnext: &mut Pnt) -> i32 {
        let mut flag = 0;
        for c in candidates {
            if p.deriv[0] < 0.0 && c.deriv[0] < 0.0 && p.deriv[0] < c.deriv[0] {
                *p = *c;
                flag = 1;
            } else if p.deriv[0] > 0.0 && c.deriv[0] > 0.0 && p.deriv[0] > c.deriv[0] {
                *p = *c;
                flag = 2;
            }
        }
        if flag != 0 {
            pnext.alpha = p.alpha - p.deriv[0] / p.deriv[1];
            self.eval(pnext);
        }
        flag
    }

    /// Exact line search along `search` by safeguarded Newton steps and bracketing
    /// (`CGsearch`); returns the step.
    fn search(&mut self, tolerance: f64, ls_iterations: f64) -> f64 {
        let (nv, nefc) = (self.nv, self.nefc);
        self.ls_iter = 0;
        self.ls_result = 0;
        self.ls_slope = 1.0;

        let snorm = blas::norm(&self.search[..nv]);
        if snorm < mjMINVAL {
            self.ls_result = 1;
            return 0.0;
        }
        let gtol = tolerance * snorm / self.scale;
        let slopescl = self.scale / snorm;

        mul_sym(self.mv, self.mm, self.search, nv, self.m_rownnz, self.m_rowadr, self.m_colind);
        if self.sparse {
            sparse::mul_mat_vec_sparse(
                self.jv,
                self.j,
                self.search,
                nefc,
                self.j_rownnz,
                self.j_rowadr,
                self.j_colind,
                Some(self.j_rowsuper),
            );
        } else {
            blas::mul_mat_vec(self.jv, self.j, self.search, nefc, nv);
        }

        self.prepare();

        let mut p0 = Pnt::default();
        self.eval(&mut p0);

        // one Newton step first
        let mut p1 = Pnt { alpha: p0.alpha - p0.deriv[0] / p0.deriv[1], ..Pnt::default() };
        self.eval(&mut p1);
        if p0.cost < p1.cost {
            p1 = p0;
        }

        if p1.deriv[0].abs() < gtol {
            self.ls_result = if p1.alpha == 0.0 { 2 } else { 0 };
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        let dir = if p1.deriv[0] < 0.0 { 1.0 } else { -1.0 };

        // one-sided Newton steps until the minimum is passed
        let mut p2 = Pnt::default();
        let mut p2update = false;
        while p1.deriv[0] * dir <= -gtol && (self.ls_iter as f64) < ls_iterations {
            p2 = p1;
            p2update = true;
            p1.alpha -= p1.deriv[0] / p1.deriv[1];
            self.eval(&mut p1);
            if p1.deriv[0].abs() < gtol {
                self.ls_slope = p1.deriv[0].abs() * slopescl;
                return p1.alpha;
            }
        }

        if self.ls_iter as f64 >= ls_iterations {
            self.ls_result = 3;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        if !p2update {
            self.ls_result = 6;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        // bracketed search
        let mut p2next = p1;
        let mut p1next = Pnt { alpha: p1.alpha - p1.deriv[0] / p1.deriv[1], ..Pnt::default() };
        self.eval(&mut p1next);

        while (self.ls_iter as f64) < ls_iterations {
            let mut pmid = Pnt { alpha: 0.5 * (p1.alpha + p2.alpha), ..Pnt::default() };
            self.eval(&mut pmid);

            let candidates = [p1next, p2next, pmid];

            // converged candidate with the lowest cost
            let mut bestcost = 0.0;
            let mut best: Option<usize> = None;
            for (i, c) in candidates.iter().enumerate() {
                if c.deriv[0].abs() < gtol && (best.is_none() || c.cost < bestcost) {
                    bestcost = c.cost;
                    best = Some(i);
                }
            }
            if let Some(b) = best {
                self.ls_slope = candidates[b].deriv[0].abs() * slopescl;
                return candidates[b].alpha;
            }

            let b1 = self.update_bracket(&mut p1, &candidates, &mut p1next);
            let b2 = self.update_bracket(&mut p2, &candidates, &mut p2next);

            if b1 == 0 && b2 == 0 {
                self.ls_result = if pmid.cost < p0.cost { 0 } else { 7 };
                self.ls_slope = pmid.deriv[0].abs() * slopescl;
                return pmid.alpha;
            }
        }

        if p1.cost <= p2.cost && p1.cost < p0.cost {
            self.ls_result = 4;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            p1.alpha
        } else if p2.cost <= p1.cost && p2.cost < p0.cost {
            self.ls_result = 4;
            self.ls_slope = p2.deriv[0].abs() * slopescl;
            p2.alpha
        } else {
            self.ls_result = 5;
            0.0
        }
    }

    /// Constraint inertia of the quadratic rows.
    fn set_d(&mut self) {
        let n = self.nefc;
        for ((dd, &s), &d) in self.dd[..n].iter_mut().zip(&self.state[..n]).zip(&self.efc_d[..n]) {
            *dd = if s == QUADRATIC { d } else { 0.0 };
        }
    }

    /// Sparse `H = J'*D*J` into the H pattern, then `H += M`.
    unsafe fn sparse_hessian(&mut self, d: &mut mjData) {
        let (nv, nefc) = (self.nv, self.nefc);
        mark(d);
        let marker = stack_ints(d, nv);
        let buffer = stack_nums(d, nv * 8);
        let buffer_idx = stack_ints(d, nv);
        let rowstart = stack_ints(d, nefc);
        sparse::sqr_mat_td_sparse(
            self.h,
            self.j,
            self.jt,
            Some(self.dd),
            nv,
            self.h_rownnz,
            self.h_rowadr,
            self.h_colind,
            self.j_rownnz,
            self.j_rowadr,
            self.j_colind,
            self.jt_rownnz,
            self.jt_rowadr,
            self.jt_colind,
            Some(self.jt_rowsuper),
            None,
            sparse::SqrMatTdScratch { marker, buffer, buffer_idx, rowstart },
        );
        free(d);
        sparse::add_to_mat_sparse(
            self.h,
            self.h_rownnz,
            self.h_rowadr,
            self.h_colind,
            nv,
            self.mm,
            self.m_rownnz,
            self.m_rowadr,
            self.m_colind,
            self.buf_val,
            self.buf_ind,
        );
    }

    /// Dense lower triangle of `H = J'*D*J + M` into L.
    fn dense_hessian(&mut self) {
        let (nv, nefc) = (self.nv, self.nefc);
        blas::sqr_mat_td_impl(self.l, self.j, Some(self.dd), nefc, nv, false);
        sparse::add_to_sym_sparse(self.l, self.mm, nv, self.m_rownnz, self.m_rowadr, self.m_colind, false);
    }

    /// Allocates the Hessian and its factor for the current states and computes H
    /// (`MakeHessian`); the arrays live in the caller's stack frame.
    unsafe fn make_hessian(&mut self, d: &mut mjData) {
        let nv = self.nv;
        self.set_d();

        if self.sparse {
            // pattern of J'*D*J, room for M in every row
            mark(d);
            let chain = stack_ints(d, 2 * nv);
            self.nh = sparse::sqr_mat_td_sparse_count(
                self.h_rownnz,
                self.h_rowadr,
                nv,
                self.j_rownnz,
                self.j_rowadr,
                self.j_colind,
                self.jt_rownnz,
                self.jt_rowadr,
                self.jt_colind,
                Some(self.jt_rowsuper),
                false,
                chain,
            ) as usize;
            free(d);
            if nv > 0 {
                self.nh += (self.m_rowadr[nv - 1] + self.m_rownnz[nv - 1]) as usize;
            }
            let mut shift = 0;
            for r in 0..nv.saturating_sub(1) {
                shift += self.m_rownnz[r];
                self.h_rowadr[r + 1] += shift;
            }

            self.h_colind = stack_ints(d, self.nh);
            self.h = stack_nums(d, self.nh);
            self.sparse_hessian(d);

            // pattern of the factor, counted from the transpose of H
            mark(d);
            let ht_rownnz = stack_ints(d, nv);
            let ht_rowadr = stack_ints(d, nv);
            let ht_colind = stack_ints(d, self.nh);
            sparse::transpose_sparse(
                None,
                &[],
                nv,
                nv,
                ht_rownnz,
                ht_rowadr,
                ht_colind,
                None,
                self.h_rownnz,
                self.h_rowadr,
                self.h_colind,
            );
            let parent = stack_ints(d, nv);
            let flag = stack_ints(d, nv);
            self.nl = chol_factor_count(self.l_rownnz, ht_rownnz, ht_rowadr, ht_colind, nv, parent, flag) as usize;
            free(d);

            if nv > 0 {
                self.l_rowadr[0] = 0;
            }
            for r in 1..nv {
                self.l_rowadr[r] = self.l_rowadr[r - 1] + self.l_rownnz[r - 1];
            }

            self.l_colind = stack_ints(d, self.nl);
            self.l = stack_nums(d, self.nl);
            if self.elliptic {
                self.lcone = stack_nums(d, self.nl);
                self.has_lcone = true;
            }

            // nonzeros of the lower triangle of each H row
            for r in 0..nv {
                let adr = self.h_rowadr[r] as usize;
                let rownnz = self.h_rownnz[r] as usize;
                let colind = &self.h_colind[adr..adr + rownnz];
                let mut nnz = 1;
                while nnz < rownnz && (colind[nnz - 1] as usize) < r {
                    nnz += 1;
                }
                if colind[nnz - 1] as usize != r {
                    crate::mjerror!("MakeHessian", "Newton solver Hessian has zero diagonal on row {}", r);
                    return;
                }
                self.h_lowernnz[r] = nnz as i32;
            }
        } else {
            self.nl = nv * nv;
            self.l = stack_nums(d, self.nl);
            if self.elliptic {
                self.lcone = stack_nums(d, self.nl);
                self.has_lcone = true;
            }
            self.dense_hessian();
        }
    }

    /// `L = chol(H)`, recomputing H from the states first when asked, then the cone terms
    /// (`FactorizeHessian`).
    unsafe fn factorize_hessian(&mut self, d: &mut mjData, recompute: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        if recompute {
            self.set_d();
        }

        if self.sparse {
            if recompute {
                self.sparse_hessian(d);
            }

            // lower triangle of H into L (room for the fill-in is already there)
            for r in 0..nv {
                let nnz = self.h_lowernnz[r] as usize;
                let (la, ha) = (self.l_rowadr[r] as usize, self.h_rowadr[r] as usize);
                self.l[la..la + nnz].copy_from_slice(&self.h[ha..ha + nnz]);
                self.l_colind[la..la + nnz].copy_from_slice(&self.h_colind[ha..ha + nnz]);
                self.l_rownnz[r] = nnz as i32;
            }

            mark(d);
            let buf = stack_nums(d, nv);
            let buf_ind = stack_ints(d, nv);
            let rank = chol_factor_sparse(self.l, nv, mjMINVAL, self.l_rownnz, self.l_rowadr, self.l_colind, buf, buf_ind);
            free(d);

            if rank != nv as i32 {
                crate::mjerror!("FactorizeHessian", "rank-deficient sparse Hessian");
                return;
            }
            if nv > 0 && self.nl != (self.l_rowadr[nv - 1] + self.l_rownnz[nv - 1]) as usize {
                crate::mjerror!("FactorizeHessian", "mismatch between pre-counted and post-factorization L nonzeros");
                return;
            }
        } else {
            if recompute {
                self.dense_hessian();
            }
            chol_factor(self.l, nv, mjMINVAL);
        }

        if self.ncone != 0 {
            self.hessian_cone(d);
        }
        self.nupdate = nefc as i32;
    }

    /// `Lcone`: the factor L updated with the cone Hessians of contacts in the cone state
    /// (`HessianCone`).
    unsafe fn hessian_cone(&mut self, d: &mut mjData) {
        let (nv, nefc) = (self.nv, self.nefc);
        let nl = self.nl;
        self.lcone[..nl].copy_from_slice(&self.l[..nl]);

        mark(d);
        let ltj = stack_nums(d, 6 * nv);
        let ltj_row = stack_nums(d, nv);
        let ltj_ind = stack_ints(d, nv);
        let (buf, buf_ind) = if self.sparse { (stack_nums(d, nv), stack_ints(d, nv)) } else { (&mut [][..], &mut [][..]) };

        let mut i = 0;
        while i < nefc {
            if self.state[i] != CONE {
                i += 1;
                continue;
            }
            let con = &self.contact[self.efc_id[i] as usize];
            let dim = con.dim as usize;

            // Cholesky factor of the contact's cone Hessian
            let mut local = [0.0; 36];
            local[..dim * dim].copy_from_slice(&con.H[..dim * dim]);
            chol_factor(&mut local, dim, mjMINVAL);

            if self.sparse {
                // same pattern in all rows of the contact
                let nnz = self.j_rownnz[i] as usize;
                ltj[..dim * nnz].fill(0.0);
                for r in 0..dim {
                    let adr = self.j_rowadr[i + r] as usize;
                    for c in 0..=r {
                        blas::add_to_scl(&mut ltj[c * nnz..c * nnz + nnz], &self.j[adr..adr + nnz], local[r * dim + c]);
                    }
                }
                for r in 0..dim {
                    let adr = self.j_rowadr[i + r] as usize;
                    ltj_row[..nnz].copy_from_slice(&ltj[r * nnz..r * nnz + nnz]);
                    ltj_ind[..nnz].copy_from_slice(&self.j_colind[adr..adr + nnz]);
                    chol_update_sparse(
                        self.lcone,
                        ltj_row,
                        nv,
                        true,
                        self.l_rownnz,
                        self.l_rowadr,
                        self.l_colind,
                        nnz,
                        ltj_ind,
                        buf,
                        buf_ind,
                    );
                }
            } else {
                ltj[..dim * nv].fill(0.0);
                for r in 0..dim {
                    for c in 0..=r {
                        blas::add_to_scl(&mut ltj[c * nv..c * nv + nv], &self.j[(i + r) * nv..(i + r + 1) * nv], local[r * dim + c]);
                    }
                }
                for r in 0..dim {
                    chol_update(self.lcone, &mut ltj[r * nv..r * nv + nv], nv, true);
                }
            }

            self.nupdate += dim as i32;
            i += dim;
        }

        free(d);
    }

    /// Updates the factor for the rows whose quadratic state changed (rank-one updates),
    /// refactorizing when accuracy is lost (`HessianIncremental`).
    unsafe fn hessian_incremental(&mut self, d: &mut mjData, oldstate: &[i32]) {
        let (nv, nefc) = (self.nv, self.nefc);
        mark(d);
        let vec = stack_nums(d, nv);
        let vec_ind = stack_ints(d, nv);
        let (buf, buf_ind) = if self.sparse { (stack_nums(d, nv), stack_ints(d, nv)) } else { (&mut [][..], &mut [][..]) };

        self.nupdate = 0;
        for i in 0..nefc {
            let (was, is) = (oldstate[i] == QUADRATIC, self.state[i] == QUADRATIC);
            if was == is {
                continue;
            }
            let plus = is;
            let scl = self.efc_d[i].sqrt();
            let rank = if self.sparse {
                let nnz = self.j_rownnz[i] as usize;
                let adr = self.j_rowadr[i] as usize;
                blas::scl(&mut vec[..nnz], &self.j[adr..adr + nnz], scl);
                vec_ind[..nnz].copy_from_slice(&self.j_colind[adr..adr + nnz]);
                chol_update_sparse(
                    self.l,
                    vec,
                    nv,
                    plus,
                    self.l_rownnz,
                    self.l_rowadr,
                    self.l_colind,
                    nnz,
                    vec_ind,
                    buf,
                    buf_ind,
                )
            } else {
                blas::scl(&mut vec[..nv], &self.j[i * nv..(i + 1) * nv], scl);
                chol_update(self.l, vec, nv, plus)
            };
            self.nupdate += 1;

            // accuracy lost: factorize from scratch
            if rank < nv as i32 {
                free(d);
                self.factorize_hessian(d, true);
                return;
            }
        }

        if self.ncone != 0 {
            self.hessian_cone(d);
        }
        free(d);
    }
}

/// Arguments of one island task of [`solve_islands_threaded`].
struct IslandTask {
    m: *const mjModel,
    d: *mut mjData,
    island: i32,
    newton: bool,
}

/// Task body: CG or Newton on one island. A panic stops here, before the worker's C frame.
unsafe extern "C" fn island_task(args: *mut core::ffi::c_void) -> *mut core::ffi::c_void {
    let t = &*(args as *const IslandTask);
    let run = || sol_cg_newton(&*t.m, &mut *t.d, t.island, (*t.m).opt.iterations, t.newton);
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    core::ptr::null_mut()
}

/// Solves every island as a task on the thread pool bound to `d` (upstream's island-parallel
/// path); the task records live on mjData's stack. False when there is no usable pool or the
/// stack has no room, and nothing was solved.
unsafe fn solve_islands_threaded(m: &mjModel, d: &mut mjData, newton: bool) -> bool {
    use crate::runtime::threadpool;
    let Some(pool) = threadpool::pool_impl(d.threadpool as *const mjThreadPool) else { return false };
    let n = d.nisland.max(0) as usize;
    mark(d);
    let args = crate::data::stack::stack_alloc(d, n * size_of::<IslandTask>(), align_of::<IslandTask>()) as *mut IslandTask;
    let tasks = crate::data::stack::stack_alloc(d, n * size_of::<mjTask>(), align_of::<mjTask>()) as *mut mjTask;
    if n > 0 && (args.is_null() || tasks.is_null()) {
        free(d);
        return false;
    }
    let dp: *mut mjData = d;
    for i in 0..n {
        args.add(i).write(IslandTask { m, d: dp, island: i as i32, newton });
        let task = tasks.add(i);
        threadpool::default_task(task);
        (*task).func = Some(island_task);
        (*task).args = args.add(i) as *mut core::ffi::c_void;
        threadpool::enqueue(pool, task);
    }
    for i in 0..n {
        threadpool::join(tasks.add(i));
    }
    free(&mut *dp);
    true
}

/// CG or Newton on the whole model (island < 0) or one island (`mj_solCGNewton`).
unsafe fn sol_cg_newton(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32, newton: bool) {
    mark(d);
    let mut c = cg_context(m, d, island, newton);
    let (nv, nefc) = (c.nv, c.nefc);

    let (gradold, mgradold, mgraddif): (&mut [f64], &mut [f64], &mut [f64]) = if newton {
        (&mut [], &mut [], &mut [])
    } else {
        (stack_nums(d, nv), stack_nums(d, nv), stack_nums(d, nv))
    };
    let oldstate = stack_ints(d, nefc);

    // Ma = M*qacc, Jaref = J*qacc - aref
    mul_sym(c.ma, c.mm, c.qacc, nv, c.m_rownnz, c.m_rowadr, c.m_colind);
    if c.sparse {
        sparse::mul_mat_vec_sparse(c.jaref, c.j, c.qacc, nefc, c.j_rownnz, c.j_rowadr, c.j_colind, Some(c.j_rowsuper));
    } else {
        blas::mul_mat_vec(c.jaref, c.j, c.qacc, nefc, nv);
    }
    blas::sub_from(c.jaref, c.aref);

    let cone_hessian = newton && c.elliptic;
    c.update_constraint(cone_hessian);
    if newton {
        c.make_hessian(d);
        c.factorize_hessian(d, false);
    }
    c.update_gradient(newton);

    blas::scl(c.search, c.mgrad, -1.0);

    // scale of improvement and gradient
    c.scale = if island < 0 {
        1.0 / (m.stat.meaninertia * m.nv.max(1) as f64)
    } else {
        let mut inertia = 0.0;
        for i in 0..nv {
            inertia += c.mm[(c.m_rowadr[i] + c.m_rownnz[i] - 1) as usize];
        }
        1.0 / inertia
    };
    let scale = c.scale;

    let mut iter = 0;
    while iter < maxiter {
        let alpha = c.search(m.opt.tolerance * m.opt.ls_tolerance, m.opt.ls_iterations as f64);
        if alpha == 0.0 {
            break;
        }

        blas::add_to_scl(c.qacc, c.search, alpha);
        blas::add_to_scl(c.ma, c.mv, alpha);
        blas::add_to_scl(c.jaref, c.jv, alpha);

        if !newton {
            gradold.copy_from_slice(c.grad);
            mgradold.copy_from_slice(c.mgrad);
        }
        oldstate.copy_from_slice(c.state);
        let oldcost = c.cost;

        c.update_constraint(cone_hessian);
        if newton {
            c.hessian_incremental(d, oldstate);
        }
        c.update_gradient(newton);

        let nchange = count_changes(c.state, oldstate);

        let improvement = scale * (oldcost - c.cost);
        let gradient = scale * blas::norm(c.grad);
        save_stats(d, island, iter, improvement, gradient, c.ls_slope, c.nactive, nchange, c.ls_iter, c.nupdate);

        iter += 1;
        if improvement < m.opt.tolerance || gradient < m.opt.tolerance {
            break;
        }

        if newton {
            blas::scl(c.search, c.mgrad, -1.0);
        } else {
            // Polak-Ribiere
            blas::sub(mgraddif, c.mgrad, mgradold);
            let mut beta = blas::dot(c.grad, mgraddif) / crate::math::misc::max(mjMINVAL, blas::dot(gradold, mgradold));
            if beta < 0.0 {
                beta = 0.0;
            }
            for i in 0..nv {
                c.search[i] = -c.mgrad[i] + beta * c.search[i];
            }
        }
    }

    // statistics
    if island < mjNISLAND as i32 {
        let s = island.max(0) as usize;
        d.solver_niter[s] += iter;
        d.solver_nnz[s] = if newton {
            if is_sparse(m) {
                let factors = 1 + c.has_lcone as usize;
                (factors * c.nl + c.nh) as i32
            } else {
                (nv * nv) as i32
            }
        } else {
            0
        };
    }

    free(d);
}

/// Conjugate gradient on the whole model (`mj_solCG`).
///
/// # Safety
/// As [`sol_pgs`].
pub unsafe fn sol_cg(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, false);
}

/// Conjugate gradient on one island (`mj_solCG_island`).
///
/// # Safety
/// As [`sol_pgs`], with the island arrays of `mj_island` and the solver inputs gathered.
pub unsafe fn sol_cg_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, false);
}

/// Newton on the whole model (`mj_solNewton`).
///
/// # Safety
/// As [`sol_pgs`].
pub unsafe fn sol_newton(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, true);
}

/// Newton on one island (`mj_solNewton_island`).
///
/// # Safety
/// As [`sol_cg_island`].
pub unsafe fn sol_newton_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, true);
}

