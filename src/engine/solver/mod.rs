//! Constraint solvers (upstream's `engine_solver.c`) and the constraint stage that runs them:
//! PGS on the dual problem, CG and Newton on the primal problem (whole model or per island),
//! noslip, warm start and solver statistics. The dual solvers are in `dual`, CG and Newton in
//! `primal`, the sparse factorisation kernels they share in `kernels`.

mod dual;
mod kernels;
mod primal;

pub use dual::{sol_noslip, sol_pgs};
pub use primal::{sol_cg, sol_cg_island, sol_newton, sol_newton_island};
use primal::{sol_cg_newton, solve_islands_threaded};

use crate::abi::mjtConstraintState_::*;
use crate::abi::mjtConstraint_::*;
use crate::abi::mjtDisableBit_::*;
use crate::abi::*;
use crate::engine::constraint::{constraint_update, constraint_update_impl, mul_jac_t_vec, mul_jac_vec};
use crate::engine::{disabled, free, is_sparse, mark, stack_ints, stack_nums, timer_end, timer_start};
use crate::math::blas;
use crate::math::misc::{gather_built, scatter_built};
use crate::math::solve::{chol_factor, chol_factor_count, chol_solve, chol_update, chol_update_rows, qcqp2, qcqp3};
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
        // SAFETY: mj_island built the maps: dofs below nv, rows below nefc
        unsafe {
            gather_built(&mut d.ifrc_smooth(m)[..nidof], d.qfrc_smooth(m), idof2dof);
            gather_built(&mut d.ifrc_constraint(m)[..nidof], d.qfrc_constraint(m), idof2dof);
            gather_built(&mut d.iacc_smooth(m)[..nidof], d.qacc_smooth(m), idof2dof);
            gather_built(&mut d.iacc(m)[..nidof], d.qacc(m), idof2dof);
            gather_built(&mut d.iefc_force(m)[..nefc], d.efc_force(m), iefc2efc);
            gather_built(&mut d.iefc_aref(m)[..nefc], d.efc_aref(m), iefc2efc);
        }

        // islands one after another, or one task each on a bound thread pool (same numbers:
        // each island reads and writes only its own rows and dofs)
        let newton = solver == mjtSolver_::mjSOL_NEWTON as i32;
        if d.threadpool == 0 || !solve_islands_threaded(m, d, newton) {
            for island in 0..d.nisland {
                sol_cg_newton(m, d, island, m.opt.iterations, newton);
            }
        }

        // SAFETY: as above (map_efc2iefc is the inverse of map_iefc2efc)
        unsafe {
            scatter_built(d.qacc(m), &d.iacc(m)[..nidof], idof2dof);
            scatter_built(d.qfrc_constraint(m), &d.ifrc_constraint(m)[..nidof], idof2dof);
            gather_built(&mut d.efc_force(m)[..nefc], d.iefc_force(m), d.map_efc2iefc(m));
        }
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
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe { sparse::mul_mat_vec_sparse_built(
                arf,
                d.efc_AR(m),
                force,
                nefc,
                d.efc_AR_rownnz(m),
                d.efc_AR_rowadr(m),
                d.efc_AR_colind(m),
                None,
            ) };
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
