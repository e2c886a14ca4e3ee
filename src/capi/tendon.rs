//! C entry points of the tendon, transmission and flex stages (logic in `engine::tendon` and
//! `engine::flex`).

use super::guard;
use crate::abi::*;
use crate::engine::{flex, tendon};

/// Compute tendon lengths, tendon Jacobians and wrap paths.
#[no_mangle]
pub unsafe extern "C" fn mj_tendon(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_tendon", (), || tendon::tendon(&*m, &mut *d))
    }
}

/// Compute actuator lengths and moment arms from their transmissions.
#[no_mangle]
pub unsafe extern "C" fn mj_transmission(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_transmission", (), || tendon::transmission(&*m, &mut *d))
    }
}

/// Compute flex vertex positions, element bounding boxes, edge lengths and edge Jacobians.
#[no_mangle]
pub unsafe extern "C" fn mj_flex(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_flex", (), || flex::flex(&*m, &mut *d))
    }
}
