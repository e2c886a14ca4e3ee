//! Collision and constraint stages as far as they are built. With constraints disabled, or for a
//! model whose state has nothing to constrain, they produce upstream's empty constraint set
//! (`ncon = nefc = 0`, arena cleared). Anything that would create a contact or a constraint row
//! reports "not supported yet" through `mju_error` (collision, constraint assembly and the
//! solvers are issue 6), so no model silently runs without its constraints.

use crate::abi::*;
use crate::engine::{disabled, is_sparse};
use crate::math::blas;

use mjtDisableBit_::*;

/// Clears the arena's constraint arrays: all efc pointers null, `nefc = nisland = 0`, contacts
/// at the arena's start with no efc rows (upstream's `mj_clearEfc`).
pub(crate) unsafe fn clear_efc(m: &mjModel, d: &mut mjData) {
    d.clear_arena_pointers();
    d.nefc = 0;
    d.nisland = 0;
    d.contact = d.arena as *mut mjContact;
    for c in d.contact(m) {
        c.efc_address = -1;
    }
}

/// True when two bodies' collision bitmasks let them touch (`contype & conaffinity` either way).
fn bitmask_compatible(m: &mjModel, b1: usize, b2: usize) -> bool {
    let (t, a) = (m.body_contype(), m.body_conaffinity());
    (t[b1] & a[b2]) != 0 || (t[b2] & a[b1]) != 0
}

/// Collision detection (`mj_collision`). Only the cases without contacts are built: contacts
/// disabled, fewer than two bodies, or no pair of separately moving bodies whose bitmasks match
/// and no explicit pairs.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn collision(m: &mjModel, d: &mut mjData) {
    d.ncon = 0;
    d.parena = 0;
    clear_efc(m, d);
    if m.vis.global.bvactive != 0 {
        d.bvh_active(m).fill(0);
    }
    let nbodyflex = m.nbody + m.nflex;
    if disabled(m, mjDSBL_CONSTRAINT) || disabled(m, mjDSBL_CONTACT) || nbodyflex < 2 {
        return;
    }
    let weld = m.body_weldid();
    let nbody = m.nbody as usize;
    let mut possible = m.npair > 0 || m.nflex > 0;
    'outer: for b1 in 0..nbody {
        if m.body_geomnum()[b1] == 0 {
            continue;
        }
        for b2 in b1 + 1..nbody {
            if m.body_geomnum()[b2] > 0 && weld[b1] != weld[b2] && bitmask_compatible(m, b1, b2) {
                possible = true;
                break 'outer;
            }
        }
    }
    if possible {
        crate::mjerror!(
            "mj_collision",
            "not supported yet: collision detection (disable contacts with mjDSBL_CONTACT or mjDSBL_CONSTRAINT)"
        );
    }
}

/// Constraint assembly (`mj_makeConstraint`). Built for the cases with no constraint rows:
/// everything disabled, or a model without active equalities, friction loss, limits or
/// contacts.
///
/// # Safety
/// As [`collision`].
pub unsafe fn make_constraint(m: &mjModel, d: &mut mjData) {
    d.ne = 0;
    d.nf = 0;
    d.nl = 0;
    d.nefc = 0;
    d.nJ = 0;
    d.nA = 0;
    if disabled(m, mjDSBL_CONSTRAINT) {
        return;
    }
    let what = if !disabled(m, mjDSBL_EQUALITY) && d.eq_active(m).iter().any(|&a| a != 0) {
        Some("equality constraints")
    } else if !disabled(m, mjDSBL_FRICTIONLOSS)
        && (m.dof_frictionloss().iter().any(|&f| f > 0.0) || m.tendon_frictionloss().iter().any(|&f| f > 0.0))
    {
        Some("friction loss")
    } else if !disabled(m, mjDSBL_LIMIT)
        && (m.jnt_limited().iter().any(|&l| l != 0) || m.tendon_limited().iter().any(|&l| l != 0))
    {
        Some("joint and tendon limits")
    } else if d.ncon > 0 {
        Some("contacts")
    } else {
        None
    };
    if let Some(what) = what {
        crate::mjerror!(
            "mj_makeConstraint",
            "not supported yet: {} (run with mjDSBL_CONSTRAINT)",
            what
        );
        return;
    }
    // no rows: the solver arrays still get their (mostly empty) places in the arena, as upstream
    if !alloc_efc(m, d) {
        return;
    }
    d.tendon_efcadr(m).fill(-1);
    d.maxuse_con = d.maxuse_con.max(d.ncon as _);
    d.maxuse_efc = d.maxuse_efc.max(d.nefc as _);
}

/// Places the solver arrays (`MJDATA_ARENA_POINTERS_SOLVER`) in the arena after the contacts,
/// sized for the current `nefc`, `nJ`, `nA`. Reports `mjWARN_CNSTRFULL` and clears them when the
/// arena is full (upstream's `arenaAllocEfc`).
unsafe fn alloc_efc(m: &mjModel, d: &mut mjData) -> bool {
    d.parena = d.ncon as usize * core::mem::size_of::<mjContact>();
    for (slot, bytes, align) in d.solver_arrays(m) {
        let p = crate::data::stack::arena_alloc(d, bytes, align);
        if p.is_null() {
            crate::engine::warning(d, mjtWarning_::mjWARN_CNSTRFULL, d.narena as i32);
            clear_efc(m, d);
            d.parena = d.ncon as usize * core::mem::size_of::<mjContact>();
            return false;
        }
        *slot = p;
    }
    true
}

/// Constraint islands (`mj_island`): none without constraint rows.
///
/// # Safety
/// As [`collision`].
pub unsafe fn island(m: &mjModel, d: &mut mjData) {
    if disabled(m, mjDSBL_ISLAND) || d.nefc == 0 {
        d.nisland = 0;
        d.nidof = 0;
        return;
    }
    crate::mjerror!("mj_island", "not supported yet: constraint islands");
}

/// True when the dual problem is solved (PGS or noslip; `mj_isDual`).
pub fn is_dual(m: &mjModel) -> bool {
    m.opt.solver == mjtSolver_::mjSOL_PGS as i32 || m.opt.noslip_iterations > 0
}

/// Inverse inertia in constraint space (`mj_projectConstraint`): nothing without rows.
///
/// # Safety
/// As [`collision`].
pub unsafe fn project_constraint(m: &mjModel, d: &mut mjData) {
    if d.nefc == 0 || !is_dual(m) {
        return;
    }
    crate::mjerror!("mj_projectConstraint", "not supported yet: constraint projection");
}

/// Constraint velocities and reference accelerations (`mj_referenceConstraint`).
///
/// # Safety
/// As [`collision`].
pub unsafe fn reference_constraint(m: &mjModel, d: &mut mjData) {
    mul_jac_vec(m, d, d.efc_vel(m), d.qvel(m));
    let (kbip, vel, pos, margin) = (d.efc_KBIP(m), d.efc_vel(m), d.efc_pos(m), d.efc_margin(m));
    for (i, aref) in d.efc_aref(m).iter_mut().enumerate() {
        *aref = -kbip[4 * i + 1] * vel[i] - kbip[4 * i] * kbip[4 * i + 2] * (pos[i] - margin[i]);
    }
}

/// `res = efc_J * vec` (`mj_mulJacVec`).
///
/// # Safety
/// As [`collision`].
pub unsafe fn mul_jac_vec(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    let nefc = d.nefc as usize;
    if nefc == 0 {
        return;
    }
    if is_sparse(m) {
        crate::math::sparse::mul_mat_vec_sparse(
            res,
            d.efc_J(m),
            vec,
            nefc,
            d.efc_J_rownnz(m),
            d.efc_J_rowadr(m),
            d.efc_J_colind(m),
            Some(d.efc_J_rowsuper(m)),
        );
    } else {
        blas::mul_mat_vec(res, d.efc_J(m), vec, nefc, m.nv as usize);
    }
}

/// `res = efc_J' * vec` (`mj_mulJacTVec`).
///
/// # Safety
/// As [`collision`].
pub unsafe fn mul_jac_t_vec(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    let nefc = d.nefc as usize;
    if nefc == 0 {
        return;
    }
    if is_sparse(m) {
        crate::math::sparse::mul_mat_t_vec_sparse(
            res,
            d.efc_J(m),
            vec,
            nefc,
            m.nv as usize,
            d.efc_J_rownnz(m),
            d.efc_J_rowadr(m),
            d.efc_J_colind(m),
        );
    } else {
        blas::mul_mat_t_vec(res, d.efc_J(m), vec, nefc, m.nv as usize);
    }
}

/// Runs the constraint solver for `nefc > 0` (part of `mj_fwdConstraint`).
///
/// # Safety
/// As [`collision`].
pub unsafe fn solve(_m: &mjModel, _d: &mut mjData) {
    crate::mjerror!("mj_fwdConstraint", "not supported yet: constraint solvers");
}

/// Constraint forces in inverse dynamics (`mj_invConstraint`): zero without rows.
///
/// # Safety
/// As [`collision`].
pub unsafe fn inv_constraint(m: &mjModel, d: &mut mjData) {
    let t = crate::engine::timer_start();
    if d.nefc == 0 {
        blas::zero(d.qfrc_constraint(m));
        crate::engine::timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
        return;
    }
    crate::mjerror!("mj_invConstraint", "not supported yet: inverse constraint forces");
}
