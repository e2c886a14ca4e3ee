//! Model constants that depend on the reference configuration (`mj_setConst`).

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn set_const(m: &mut mjModel, d: &mut mjData) {
    unimplemented!("set_const")
}

