//! Constraint solvers (upstream's `engine_solver.c`) and the constraint stage that runs them:
//! PGS on the dual problem, CG and Newton on the primal problem (whole model or per island),
//! noslip, warm start and solver statistics.

use crate::abi::*;
use crate::engine::{timer_end, timer_start};
use crate::math::blas;

/// Constraint forces and the constrained acceleration (`mj_fwdConstraint`): `efc_b`, warm
/// start, the selected solver, noslip; fills `efc_force`, `qfrc_constraint`, `qacc`.
///
/// # Safety
/// `d` must be data made for `m`, with the position and velocity stages done.
pub unsafe fn fwd_constraint(m: &mjModel, d: &mut mjData) {
    let t = timer_start();
    blas::zero(d.qfrc_constraint(m));
    if d.nefc == 0 {
        blas::copy(d.qacc(m), d.qacc_smooth(m));
        d.solver_niter = [0; mjNISLAND];
        timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
        return;
    }
    crate::mjerror!("mj_fwdConstraint", "not supported yet: constraint solvers");
}
