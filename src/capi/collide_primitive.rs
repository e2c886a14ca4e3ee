//! C entry points of the primitive narrowphase (`mjc_PlaneSphere` ... `mjc_BoxBox`): the
//! functions of upstream's collision table, exported like upstream's library does.

use core::ffi::c_int;

use crate::abi::*;
use crate::engine::collision::{boxes, primitive};

/// Checks the arguments and runs one narrowphase function on a buffer of `mjMAXCONPAIR` contacts.
#[allow(clippy::too_many_arguments)]
unsafe fn run(
    name: &str,
    f: unsafe fn(&mjModel, &mjData, &mut [mjContact], usize, usize, f64) -> usize,
    m: *const mjModel,
    d: *const mjData,
    con: *mut mjContact,
    g1: c_int,
    g2: c_int,
    margin: mjtNum,
) -> c_int {
    // SAFETY: null model, data or contact buffer are checked; otherwise they are valid and the buffer holds mjMAXCONPAIR contacts (mjc_* pair functions' C contract)
    unsafe {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return 0 };
        if con.is_null() || g1 < 0 || g2 < 0 || g1 >= m.ngeom as c_int || g2 >= m.ngeom as c_int {
            return 0;
        }
        let con = core::slice::from_raw_parts_mut(con, mjMAXCONPAIR);
        crate::capi::guard(name, 0, || f(m, d, con, g1 as usize, g2 as usize, margin) as c_int)
    }
}

macro_rules! collide_export {
    ($( $(#[$doc:meta])* $name:ident => $f:path; )*) => { $(
        $(#[$doc])*
        ///
        /// cbindgen:ignore
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            m: *const mjModel,
            d: *const mjData,
            con: *mut mjContact,
            g1: c_int,
            g2: c_int,
            margin: mjtNum,
        ) -> c_int {
            crate::boundary! {
                run(stringify!($name), $f, m, d, con, g1, g2, margin)
            }
        }
    )* };
}

collide_export! {
    /// Contacts between plane g1 and sphere g2; returns their number.
    mjc_PlaneSphere => primitive::plane_sphere;
    /// Contacts between plane g1 and capsule g2; returns their number.
    mjc_PlaneCapsule => primitive::plane_capsule;
    /// Contacts between plane g1 and cylinder g2; returns their number.
    mjc_PlaneCylinder => primitive::plane_cylinder;
    /// Contacts between plane g1 and box g2; returns their number.
    mjc_PlaneBox => primitive::plane_box;
    /// Contact between two spheres; returns their number.
    mjc_SphereSphere => primitive::sphere_sphere;
    /// Contact between sphere g1 and capsule g2; returns their number.
    mjc_SphereCapsule => primitive::sphere_capsule;
    /// Contact between sphere g1 and cylinder g2; returns their number.
    mjc_SphereCylinder => primitive::sphere_cylinder;
    /// Contacts between two capsules; returns their number.
    mjc_CapsuleCapsule => primitive::capsule_capsule;
    /// Contact between sphere g1 and box g2; returns their number.
    mjc_SphereBox => boxes::sphere_box;
    /// Contacts between capsule g1 and box g2; returns their number.
    mjc_CapsuleBox => boxes::capsule_box;
    /// Contacts between two boxes; returns their number.
    mjc_BoxBox => boxes::box_box;
}
