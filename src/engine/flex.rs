//! Flex vertex and edge kinematics (`mj_flex`).

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn flex(m: &mjModel, d: &mut mjData) {
    unimplemented!("flex")
}

