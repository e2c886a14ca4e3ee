//! Passive forces: springs, dampers, gravity compensation and fluid forces (`mj_passive`).
//! Computation chapter, "Passive forces", and `computation/fluid.rst`.

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn passive(m: &mjModel, d: &mut mjData) {
    unimplemented!("passive")
}

