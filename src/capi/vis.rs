//! Visual geom helpers of the abstract visualizer.

use core::ffi::c_int;

use super::guard;
use crate::abi::*;
use crate::engine::vis;
use crate::mjerror;

/// Fill a visual geom's type, size, pose and color (defaults for NULL arguments) and reset its rendering properties.
#[no_mangle]
pub unsafe extern "C" fn mjv_initGeom(
    geom: *mut mjvGeom,
    r#type: c_int,
    size: *const mjtNum,
    pos: *const mjtNum,
    mat: *const mjtNum,
    rgba: *const f32,
) {
    if geom.is_null() {
        mjerror!("mjv_initGeom", "NULL geom");
        return;
    }
    guard("mjv_initGeom", (), || {
        let size = (!size.is_null()).then(|| core::slice::from_raw_parts(size, vis::size_len(r#type)));
        vis::init_geom(
            &mut *geom,
            r#type,
            size,
            (pos as *const [f64; 3]).as_ref(),
            (mat as *const [f64; 9]).as_ref(),
            (rgba as *const [f32; 4]).as_ref(),
        )
    })
}

/// Shape a visual geom as a connector (capsule, cylinder, arrow or line) of the given width between two points.
#[no_mangle]
pub unsafe extern "C" fn mjv_connector(geom: *mut mjvGeom, r#type: c_int, width: mjtNum, from: *const mjtNum, to: *const mjtNum) {
    if geom.is_null() || from.is_null() || to.is_null() {
        mjerror!("mjv_connector", "NULL argument");
        return;
    }
    if !vis::is_connector_type(r#type) {
        mjerror!("mjv_connector", "invalid geom type {} for connector", r#type);
    }
    guard("mjv_connector", (), || {
        vis::connector(&mut *geom, r#type, width, &*(from as *const [f64; 3]), &*(to as *const [f64; 3]))
    })
}
