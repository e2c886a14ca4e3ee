//! C entry points of constraint assembly and the constraint-state update
//! (logic in `engine::constraint`).

use core::ffi::c_int;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::constraint;

/// Append a copy of con to the contact list in the arena; returns 0 on success, 1 when full.
#[no_mangle]
pub unsafe extern "C" fn mj_addContact(m: *const mjModel, d: *mut mjData, con: *const mjContact) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d), Some(con)) = (m.as_ref(), d.as_mut(), con.as_ref()) else { return 1 };
        guard("mj_addContact", 1, || (!constraint::add_contact(m, d, con)) as c_int)
    }
}

/// Constraint states and forces from jar = J*qacc - aref, qfrc_constraint, and optionally the
/// cost and the cone Hessians of elliptic contacts.
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_constraintUpdate(
    m: *const mjModel,
    d: *mut mjData,
    jar: *const mjtNum,
    cost: *mut mjtNum,
    flg_coneHessian: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        let nefc = d.nefc.max(0) as usize;
        if nefc > 0 && jar.is_null() {
            return;
        }
        let jar: &[mjtNum] = if nefc > 0 { core::slice::from_raw_parts(jar, nefc) } else { &[] };
        guard("mj_constraintUpdate", (), || constraint::constraint_update(m, d, jar, cost.as_mut(), flg_coneHessian != 0))
    }
}

/// Constraint update on explicit arrays of nefc rows (ne equality, nf friction rows first):
/// states and forces from jar, optionally the cost and elliptic cone Hessians in contact[id].H.
/// cbindgen:ignore
#[no_mangle]
#[allow(clippy::too_many_arguments, non_snake_case)]
pub unsafe extern "C" fn mj_constraintUpdate_impl(
    ne: c_int,
    nf: c_int,
    nefc: c_int,
    D: *const mjtNum,
    R: *const mjtNum,
    floss: *const mjtNum,
    jar: *const mjtNum,
    type_: *const c_int,
    id: *const c_int,
    contact: *mut mjContact,
    state: *mut c_int,
    force: *mut mjtNum,
    cost: *mut mjtNum,
    flg_coneHessian: c_int,
) {
    crate::boundary! {
        let n = nefc.max(0) as usize;
        if n == 0 {
            if let Some(c) = cost.as_mut() {
                *c = 0.0;
            }
            return;
        }
        if D.is_null() || R.is_null() || floss.is_null() || jar.is_null() || type_.is_null() || id.is_null()
            || state.is_null() || force.is_null()
        {
            return;
        }
        let types = core::slice::from_raw_parts(type_, n);
        let ids = core::slice::from_raw_parts(id, n);
        // contacts referenced by elliptic rows
        let ncon = (0..n)
            .filter(|&i| types[i] == mjtConstraint_::mjCNSTR_CONTACT_ELLIPTIC as c_int)
            .map(|i| ids[i].max(0) as usize + 1)
            .max()
            .unwrap_or(0);
        if ncon > 0 && contact.is_null() {
            return;
        }
        let contact: &mut [mjContact] = if ncon > 0 { core::slice::from_raw_parts_mut(contact, ncon) } else { &mut [] };
        guard("mj_constraintUpdate_impl", (), || {
            constraint::constraint_update_impl(
                ne.max(0) as usize,
                nf.max(0) as usize,
                n,
                core::slice::from_raw_parts(D, n),
                core::slice::from_raw_parts(R, n),
                core::slice::from_raw_parts(floss, n),
                core::slice::from_raw_parts(jar, n),
                types,
                ids,
                contact,
                core::slice::from_raw_parts_mut(state, n),
                core::slice::from_raw_parts_mut(force, n),
                cost.as_mut(),
                flg_coneHessian != 0,
            )
        })
    }
}
