//! Constraint islands (`mj_island`, upstream's `engine_island.c`): trees coupled by constraint
//! rows are grouped by flood fill, and each island gets its own dof and row maps so the
//! solvers can work on islands separately.

use crate::abi::*;
use crate::engine::disabled;

/// Finds the constraint islands of the current rows (`mj_island`).
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn island(m: &mjModel, d: &mut mjData) {
    if disabled(m, mjtDisableBit_::mjDSBL_ISLAND) || d.nefc == 0 {
        d.nisland = 0;
        d.nidof = 0;
        return;
    }
    crate::mjerror!("mj_island", "not supported yet: constraint islands");
}
