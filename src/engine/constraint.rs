//! Constraint assembly (upstream's `engine_core_constraint.c`): contacts into the arena,
//! equality, friction-loss, limit and contact rows with their Jacobians, impedance and
//! reference acceleration, the inverse-inertia projection for the dual solvers and the
//! constraint-state update shared by the primal solvers and inverse dynamics.

use crate::abi::*;
use crate::engine::{disabled, enabled, is_sparse};
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

/// Appends a contact to `d.contact` in the arena (`mj_addContact`); false with
/// `mjWARN_CONTACTFULL` when the arena is full. Constraint arrays placed after the contacts
/// are invalidated.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn add_contact(m: &mjModel, d: &mut mjData, con: &mjContact) -> bool {
    d.parena = d.ncon as usize * core::mem::size_of::<mjContact>();
    clear_efc(m, d);
    let dst = crate::data::stack::arena_alloc(d, core::mem::size_of::<mjContact>(), core::mem::align_of::<mjContact>()) as *mut mjContact;
    if dst.is_null() {
        crate::engine::warning(d, mjtWarning_::mjWARN_CONTACTFULL, d.ncon);
        return false;
    }
    dst.write(*con);
    d.ncon += 1;
    true
}

/// Contact friction from `source`, or the override friction when `mjENBL_OVERRIDE` is on,
/// floored at `mjMINMU` (`mj_assignFriction`).
pub fn assign_friction(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_friction[..] } else { source };
    for (t, s) in target[..5].iter_mut().zip(&src[..5]) {
        *t = s.max(mjMINMU);
    }
}

/// Contact solref, or the override one (`mj_assignRef`).
pub fn assign_ref(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_solref[..] } else { source };
    target[..mjNREF].copy_from_slice(&src[..mjNREF]);
}

/// Contact solimp, or the override one (`mj_assignImp`).
pub fn assign_imp(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_solimp[..] } else { source };
    target[..mjNIMP].copy_from_slice(&src[..mjNIMP]);
}

/// Contact margin, or the override one (`mj_assignMargin`).
pub fn assign_margin(m: &mjModel, source: f64) -> f64 {
    if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) {
        m.opt.o_margin
    } else {
        source
    }
}

/// Constraint forces, states and optionally the cost from `jar = J*qacc - aref`, for the
/// constraints of the whole model (`mj_constraintUpdate`).
///
/// # Safety
/// As [`add_contact`]; `jar` has `nefc` entries.
pub unsafe fn constraint_update(_m: &mjModel, _d: &mut mjData, _jar: &[f64], _cost: Option<&mut f64>, _flg_cone_hessian: bool) {
    crate::mjerror!("mj_constraintUpdate", "not supported yet: constraint update");
}

/// The constraint update of [`constraint_update`] on explicit arrays, so the solvers can run
/// it on one island's rows (`mj_constraintUpdate_impl`): forces and states from `jar`, the
/// cost when asked, and cone Hessians of elliptic contacts in `contact[..].H` when
/// `flg_cone_hessian`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn constraint_update_impl(
    _ne: usize,
    _nf: usize,
    _nefc: usize,
    _efc_d: &[f64],
    _efc_r: &[f64],
    _floss: &[f64],
    _jar: &[f64],
    _types: &[i32],
    _ids: &[i32],
    _contact: &mut [mjContact],
    _state: &mut [i32],
    _force: &mut [f64],
    _cost: Option<&mut f64>,
    _flg_cone_hessian: bool,
) {
    crate::mjerror!("mj_constraintUpdate_impl", "not supported yet: constraint update");
}
