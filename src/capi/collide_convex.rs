//! C entry points for collide_convex (issue 6).

use core::ffi::c_int;

use crate::abi::*;
use crate::engine::collision::convex;

/// Contacts between two convex geoms found by CCD (multi-contact where supported).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_Convex(
    m: *const mjModel,
    d: *const mjData,
    con: *mut mjContact,
    g1: c_int,
    g2: c_int,
    margin: mjtNum,
) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return 0 };
        if con.is_null() || g1 < 0 || g2 < 0 || g1 >= m.ngeom as c_int || g2 >= m.ngeom as c_int {
            return 0;
        }
        // upstream's narrowphase contract: room for mjMAXCONPAIR contacts
        let con = core::slice::from_raw_parts_mut(con, mjMAXCONPAIR);
        crate::capi::guard("mjc_Convex", 0, || convex::convex(m, d, con, g1 as usize, g2 as usize, margin) as c_int)
    }
}
