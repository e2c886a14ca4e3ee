//! C entry points for collision detection: geom distances, the oriented-box overlap test of the
//! midphase, flex element activity, and the exported table of narrowphase functions.

use core::ffi::c_int;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::collision as col;

/// Signed distance between two geoms, at most `distmax`; nearest points go to `fromto`.
#[no_mangle]
pub unsafe extern "C" fn mj_geomDistance(
    m: *const mjModel,
    d: *const mjData,
    geom1: c_int,
    geom2: c_int,
    distmax: mjtNum,
    fromto: *mut mjtNum,
) -> mjtNum {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return distmax };
        if geom1 < 0 || geom2 < 0 || geom1 >= m.ngeom || geom2 >= m.ngeom {
            return distmax;
        }
        let fromto = (fromto as *mut [mjtNum; 6]).as_mut();
        guard("mj_geomDistance", distmax, || col::geom_distance(m, d, geom1 as usize, geom2 as usize, distmax, fromto))
    }
}

/// cbindgen:ignore
/// Separating-axis overlap test of two posed boxes (center, half-size) with a margin; the
/// optional `product`/`offset` cache is filled while `*initialize` is nonzero.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mj_collideOBB(
    aabb1: *const mjtNum,
    aabb2: *const mjtNum,
    xpos1: *const mjtNum,
    xmat1: *const mjtNum,
    xpos2: *const mjtNum,
    xmat2: *const mjtNum,
    margin: mjtNum,
    product: *mut mjtNum,
    offset: *mut mjtNum,
    initialize: *mut mjtByte,
) -> c_int {
    crate::boundary! {
        if aabb1.is_null() || aabb2.is_null() {
            return 0;
        }
        let a1 = core::slice::from_raw_parts(aabb1, 6);
        let a2 = core::slice::from_raw_parts(aabb2, 6);
        let p1 = (xpos1 as *const [f64; 3]).as_ref();
        let r1 = (xmat1 as *const [f64; 9]).as_ref();
        let p2 = (xpos2 as *const [f64; 3]).as_ref();
        let r2 = (xmat2 as *const [f64; 9]).as_ref();
        let cache = match ((product as *mut [f64; 36]).as_mut(), (offset as *mut [f64; 12]).as_mut()) {
            (Some(p), Some(o)) => Some((p, o)),
            _ => None,
        };
        let mut init = !initialize.is_null() && *initialize != 0;
        let r = guard("mj_collideOBB", false, || col::collide_obb(a1, a2, p1, r1, p2, r2, margin, cache, &mut init));
        if !initialize.is_null() && *initialize != 0 && !init {
            *initialize = 0;
        }
        r as c_int
    }
}

/// cbindgen:ignore
/// 1 if element `e` of flex `f` takes part in collisions (always below dimension 3).
#[no_mangle]
pub unsafe extern "C" fn mj_isElemActive(m: *const mjModel, f: c_int, e: c_int) -> c_int {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return 0 };
        if f < 0 || f >= m.nflex || e < 0 {
            return 0;
        }
        guard("mj_isElemActive", 0, || col::is_elem_active(m, f as usize, e as usize) as c_int)
    }
}

/// C wrapper of table entry `[T1][T2]`.
unsafe extern "C" fn table_entry<const T1: usize, const T2: usize>(
    m: *const mjModel,
    d: *const mjData,
    con: *mut mjContact,
    g1: c_int,
    g2: c_int,
    margin: mjtNum,
) -> c_int {
    // SAFETY: C calls a pair function with a valid model and data and room for mjMAXCONPAIR contacts (mj_collideGeoms' contract)
    unsafe {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return 0 };
        if con.is_null() || g1 < 0 || g2 < 0 {
            return 0;
        }
        let Some(f) = col::COLLISION_TABLE[T1][T2] else { return 0 };
        let con = core::slice::from_raw_parts_mut(con, mjMAXCONPAIR);
        guard("mjCOLLISIONFUNC", 0, || f(m, d, con, g1 as usize, g2 as usize, margin) as c_int)
    }
}

macro_rules! table_row {
    ($t1:literal: $($t2:literal)*) => {
        [$( if col::COLLISION_TABLE[$t1][$t2].is_some() { Some(table_entry::<$t1, $t2> as unsafe extern "C" fn(_, _, _, _, _, _) -> _) } else { None } ),*]
    };
}

/// cbindgen:ignore
/// The narrowphase function of each pair of geom types (upstream's `mjCOLLISIONFUNC`).
#[no_mangle]
pub static mut mjCOLLISIONFUNC: [[mjfCollision; mjtGeom_::mjNGEOMTYPES as usize]; mjtGeom_::mjNGEOMTYPES as usize] = [
    table_row!(0: 0 1 2 3 4 5 6 7 8),
    table_row!(1: 0 1 2 3 4 5 6 7 8),
    table_row!(2: 0 1 2 3 4 5 6 7 8),
    table_row!(3: 0 1 2 3 4 5 6 7 8),
    table_row!(4: 0 1 2 3 4 5 6 7 8),
    table_row!(5: 0 1 2 3 4 5 6 7 8),
    table_row!(6: 0 1 2 3 4 5 6 7 8),
    table_row!(7: 0 1 2 3 4 5 6 7 8),
    table_row!(8: 0 1 2 3 4 5 6 7 8),
];
