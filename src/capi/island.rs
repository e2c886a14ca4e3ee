//! C entry points of constraint islands and contact forces (logic in `engine::island` and
//! `engine::velocity`). `mj_island` itself is exported with the other pipeline stages.

use core::ffi::c_int;
use core::slice::{from_raw_parts, from_raw_parts_mut};

use crate::abi::{mjData, mjModel, mjtNum};
use crate::capi::guard;

/// cbindgen:ignore
/// Label the connected components of a sparse symmetric adjacency pattern; returns how many.
#[no_mangle]
pub unsafe extern "C" fn mj_floodFill(
    island: *mut c_int,
    nr: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    stack: *mut c_int,
) -> c_int {
    crate::boundary! {
        if nr <= 0 || island.is_null() || rownnz.is_null() || rowadr.is_null() {
            return 0;
        }
        let n = nr as usize;
        let (nnz_s, adr_s) = (from_raw_parts(rownnz, n), from_raw_parts(rowadr, n));

        // extent of the column indices and the stack the traversal may need
        let (mut ncol, mut nnz) = (0usize, 0usize);
        for (&k, &a) in nnz_s.iter().zip(adr_s) {
            if k > 0 {
                if a < 0 {
                    crate::mjerror!("mj_floodFill", "negative row address");
                    return 0;
                }
                ncol = ncol.max(a as usize + k as usize);
                nnz += k as usize;
            }
        }
        if nnz > 0 && (colind.is_null() || stack.is_null()) {
            return 0;
        }
        let colind_s: &[c_int] = if ncol > 0 { from_raw_parts(colind, ncol) } else { &[] };
        let stack_s: &mut [c_int] = if nnz > 0 { from_raw_parts_mut(stack, nnz) } else { &mut [] };
        let island_s = from_raw_parts_mut(island, n);
        guard("mj_floodFill", 0, || crate::engine::island::flood_fill(island_s, nnz_s, adr_s, colind_s, stack_s))
    }
}

/// Write the 6D force:torque of contact id, in its contact frame, to result (zero if invalid).
#[no_mangle]
pub unsafe extern "C" fn mj_contactForce(m: *const mjModel, d: *const mjData, id: c_int, result: *mut mjtNum) {
    crate::boundary! {
        if result.is_null() {
            return;
        }
        let out = &mut *(result as *mut [mjtNum; 6]);
        *out = [0.0; 6];
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        *out = guard("mj_contactForce", [0.0; 6], || crate::engine::velocity::contact_force(m, d, id));
    }
}
