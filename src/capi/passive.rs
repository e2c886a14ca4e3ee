//! C entry points of the passive and actuation stages (logic in `engine`).

use super::guard;
use crate::abi::*;
use crate::engine::{actuation, passive};
use crate::mjerror;

/// Compute qfrc_passive from spring-dampers, gravity compensation and fluid forces.
#[no_mangle]
pub unsafe extern "C" fn mj_passive(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_passive", "NULL argument");
            return;
        }
        guard("mj_passive", (), || passive::passive(&*m, &mut *d))
    }
}

/// Compute actuator forces, activation rates and their generalized forces.
#[no_mangle]
pub unsafe extern "C" fn mj_fwdActuation(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_fwdActuation", "NULL argument");
            return;
        }
        guard("mj_fwdActuation", (), || actuation::fwd_actuation(&*m, &mut *d))
    }
}
