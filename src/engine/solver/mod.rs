//! Constraint solvers (upstream's `engine_solver.c`) and the constraint stage that runs them:
//! PGS on the dual problem, CG and Newton on the primal problem (whole model or per island),
//! noslip, warm start and solver statistics. The dual solvers are in `dual`, CG and Newton in
//! `primal`, the sparse factorisation kernels they share in `kernels`.

mod dual;
mod kernels;
mod patterns;
mod primal;

pub use dual::{sol_noslip, sol_pgs};
pub use primal::{sol_cg, sol_cg_island, sol_newton, sol_newton_island};
use primal::{sol_cg_newton, solve_islands_threaded};

use crate::abi::mjtConstraintState_::*;
use crate::abi::mjtConstraint_::*;
use crate::abi::mjtDisableBit_::*;
use crate::abi::*;
use crate::data::private_block::pattern_store;
use crate::data::stack::with_frame;
use crate::engine::constraint::{constraint_update, constraint_update_from, constraint_update_impl, EfcJac, Jar};
use crate::engine::{disabled, is_sparse, timer_end, timer_start};
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
/// The position and velocity stages must be done.
pub fn fwd_constraint(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    let nefc = d.nefc as usize;
    {
        let DataMut { qfrc_constraint, qacc, qacc_smooth, .. } = d.arrays_mut(m);
        blas::zero(qfrc_constraint);
        if nefc == 0 {
            blas::copy(qacc, qacc_smooth);
        }
    }
    if nefc == 0 {
        d.solver_niter = [0; mjNISLAND];
        timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
        return;
    }

    // efc_b = J*qacc_smooth - aref
    {
        let DataMut {
            efc_b,
            qacc_smooth,
            efc_aref,
            efc_J,
            efc_J_rownnz,
            efc_J_rowadr,
            efc_J_colind,
            efc_J_rowsuper,
            ..
        } = d.arrays_mut(m);
        EfcJac::new(m, nefc, efc_J, efc_J_rownnz, efc_J_rowadr, efc_J_colind, efc_J_rowsuper)
            .mul_vec(efc_b, qacc_smooth);
        blas::sub_from(efc_b, efc_aref);
    }

    warmstart(m, d);
    d.solver_niter = [0; mjNISLAND];

    let solver = m.opt.solver;
    let primal = solver == mjtSolver_::mjSOL_CG as i32 || solver == mjtSolver_::mjSOL_NEWTON as i32;
    let islands = !disabled(m, mjDSBL_ISLAND) && d.nisland > 0 && m.opt.noslip_iterations == 0 && primal;
    let newton = solver == mjtSolver_::mjSOL_NEWTON as i32;
    // the counts of the sparse Newton Hessians, kept from the last round (patterns.rs)
    let mut store = if newton && is_sparse(m) {
        // SAFETY: the handle is dropped at the end of this call, which neither frees nor
        // replaces the data's buffer nor makes another handle
        unsafe { pattern_store(d) }
    } else {
        None
    };
    let nsolve = store.as_mut().map_or(0, |s| patterns::plan_round(s, m, d, islands));

    if islands {
        let nidof = d.nidof as usize;
        {
            let DataMut {
                map_idof2dof,
                map_iefc2efc,
                ifrc_smooth,
                qfrc_smooth,
                ifrc_constraint,
                qfrc_constraint,
                iacc_smooth,
                qacc_smooth,
                iacc,
                qacc,
                iefc_force,
                efc_force,
                iefc_aref,
                efc_aref,
                ..
            } = d.arrays_mut(m);
            let (idof2dof, iefc2efc) = (&map_idof2dof[..nidof], &*map_iefc2efc);
            // SAFETY: mj_island built the maps: dofs below nv, rows below nefc
            unsafe {
                gather_built(&mut ifrc_smooth[..nidof], qfrc_smooth, idof2dof);
                gather_built(&mut ifrc_constraint[..nidof], qfrc_constraint, idof2dof);
                gather_built(&mut iacc_smooth[..nidof], qacc_smooth, idof2dof);
                gather_built(&mut iacc[..nidof], qacc, idof2dof);
                gather_built(&mut iefc_force[..nefc], efc_force, iefc2efc);
                gather_built(&mut iefc_aref[..nefc], efc_aref, iefc2efc);
            }
        }

        // islands one after another, or one task each on a bound thread pool (same numbers:
        // each island reads and writes only its own rows and dofs)
        if !solve_islands_threaded(m, d, newton, store.as_ref()) {
            for island in 0..d.nisland {
                sol_cg_newton(m, d, island, m.opt.iterations, newton, store.as_ref());
            }
        }

        let DataMut {
            map_idof2dof,
            map_efc2iefc,
            qacc,
            iacc,
            qfrc_constraint,
            ifrc_constraint,
            efc_force,
            iefc_force,
            ..
        } = d.arrays_mut(m);
        let idof2dof = &map_idof2dof[..nidof];
        // SAFETY: as above (map_efc2iefc is the inverse of map_iefc2efc)
        unsafe {
            scatter_built(qacc, &iacc[..nidof], idof2dof);
            scatter_built(qfrc_constraint, &ifrc_constraint[..nidof], idof2dof);
            gather_built(&mut efc_force[..nefc], iefc_force, map_efc2iefc);
        }
    } else if solver == mjtSolver_::mjSOL_PGS as i32 {
        sol_pgs(m, d, m.opt.iterations);
    } else if solver == mjtSolver_::mjSOL_CG as i32 {
        sol_cg(m, d, m.opt.iterations);
    } else if newton {
        sol_cg_newton(m, d, -1, m.opt.iterations, true, store.as_ref());
    } else {
        crate::mjerror!("mj_fwdConstraint", "unknown solver type {}", solver);
        return;
    }

    if let Some(store) = &mut store {
        store.commit(nsolve);
    }

    if m.opt.noslip_iterations > 0 {
        sol_noslip(m, d, m.opt.noslip_iterations);
    }

    timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
}

/// Initial guess: the better of `qacc_warmstart` and `qacc_smooth` (primal solvers) or of the
/// warm-start forces and zero (PGS); `qacc_smooth` and zero forces without warm start.
fn warmstart(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nefc = d.nefc as usize;

    if disabled(m, mjDSBL_WARMSTART) {
        let DataMut { qacc, qacc_smooth, efc_force, .. } = d.arrays_mut(m);
        blas::copy(qacc, qacc_smooth);
        blas::zero(efc_force);
        return;
    }

    with_frame(d, |d, f| {
        let jar = f.nums(d, nefc);

        // cost at qacc_warmstart
        {
            let DataMut { qacc, qacc_warmstart, .. } = d.arrays_mut(m);
            blas::copy(qacc, qacc_warmstart);
        }
        let a = d.arrays(m);
        EfcJac::of(m, d).mul_vec(jar, a.qacc_warmstart);
        blas::sub_from(jar, a.efc_aref);
        let mut cost_ws = 0.0;
        constraint_update(m, d, jar, Some(&mut cost_ws), false);

        if m.opt.solver == mjtSolver_::mjSOL_PGS as i32 {
            // dual cost of the warm-start forces
            let arf = f.nums(d, nefc);
            let DataMut {
                efc_force: force,
                efc_b,
                efc_AR,
                efc_AR_rownnz,
                efc_AR_rowadr,
                efc_AR_colind,
                qfrc_constraint,
                ..
            } = d.arrays_mut(m);
            let mut pgs_ws = blas::dot(force, efc_b);
            if is_sparse(m) {
                // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
                unsafe {
                    sparse::mul_mat_vec_sparse_built(
                        arf,
                        efc_AR,
                        force,
                        nefc,
                        efc_AR_rownnz,
                        efc_AR_rowadr,
                        efc_AR_colind,
                        None,
                    )
                };
            } else {
                blas::mul_mat_vec(arf, efc_AR, force, nefc, nefc);
            }
            pgs_ws += 0.5 * blas::dot(force, arf);
            if pgs_ws > 0.0 {
                blas::zero(force);
                blas::zero(qfrc_constraint);
            }
        } else {
            // add the Gauss term, compare with the cost at qacc_smooth
            let ma = f.nums(d, nv);
            let a = d.arrays(m);
            let qacc_ws = a.qacc_warmstart;
            crate::engine::inertia::mul_m(m, d, ma, qacc_ws);
            let (qfrc_smooth, qacc_smooth) = (a.qfrc_smooth, a.qacc_smooth);
            for i in 0..nv {
                cost_ws += 0.5 * (ma[i] - qfrc_smooth[i]) * (qacc_ws[i] - qacc_smooth[i]);
            }
            let mut cost_smooth = 0.0;
            constraint_update_from(m, d, Jar::EfcB, Some(&mut cost_smooth), false);
            if cost_ws > cost_smooth {
                let DataMut { qacc, qacc_smooth, .. } = d.arrays_mut(m);
                blas::copy(qacc, qacc_smooth);
            }
        }

        // dofs outside every island are unconstrained
        if d.nisland > 0 {
            let nidof = d.nidof as usize;
            let DataMut { qacc, qacc_smooth, map_idof2dof, .. } = d.arrays_mut(m);
            for &dof in &map_idof2dof[nidof..nv] {
                let dof = dof as usize;
                qacc[dof] = qacc_smooth[dof];
            }
        }
    })
}

//---------------------------------- shared helpers ------------------------------------------------

/// Records the statistics of one solver iteration in `solver` (`d.solver`, `saveStats`); island -1 means island 0,
/// out-of-range islands and iterations are dropped.
#[allow(clippy::too_many_arguments)]
fn save_stats(
    solver: &mut [mjSolverStat],
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
    let s = &mut solver[island * mjNSOLVER + iter as usize];
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
