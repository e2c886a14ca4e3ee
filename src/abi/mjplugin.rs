//! Resource, decoder and engine-plugin types.
//!
//! Layouts and values reproduce upstream's `mjplugin.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtPluginCapabilityBit_ {
    mjPLUGIN_ACTUATOR = 1 << 0,
    mjPLUGIN_SENSOR = 1 << 1,
    mjPLUGIN_PASSIVE = 1 << 2,
    mjPLUGIN_SDF = 1 << 3,
}
pub type mjtPluginCapabilityBit = c_int;

pub type mjfOpenResource = Option<unsafe extern "C" fn(resource: *mut mjResource) -> c_int>;
pub type mjfReadResource = Option<unsafe extern "C" fn(resource: *mut mjResource, buffer: *mut *const c_void) -> c_int>;
pub type mjfCloseResource = Option<unsafe extern "C" fn(resource: *mut mjResource)>;
pub type mjfGetResourceDir =
    Option<unsafe extern "C" fn(resource: *mut mjResource, dir: *mut *const c_char, ndir: *mut c_int)>;
pub type mjfResourceModified =
    Option<unsafe extern "C" fn(resource: *const mjResource, timestamp: *const c_char) -> c_int>;
pub type mjfDecode = Option<unsafe extern "C" fn(resource: *const mjResource) -> *mut mjSpec>;
pub type mjfCanDecode = Option<unsafe extern "C" fn(resource: *const mjResource) -> c_int>;
pub type mjfPluginLibraryLoadCallback =
    Option<unsafe extern "C" fn(filename: *const c_char, first: c_int, count: c_int)>;
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjResource_ {
    pub name: *mut c_char,
    pub data: *mut c_void,
    pub timestamp: [c_char; 512],
    pub provider: *const mjpResourceProvider,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjpResourceProvider {
    pub prefix: *const c_char,
    pub open: mjfOpenResource,
    pub read: mjfReadResource,
    pub close: mjfCloseResource,
    pub getdir: mjfGetResourceDir,
    pub modified: mjfResourceModified,
    pub data: *mut c_void,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjpDecoder {
    pub content_type: *const c_char,
    pub extension: *const c_char,
    pub can_decode: mjfCanDecode,
    pub decode: mjfDecode,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjpPlugin_ {
    pub name: *const c_char,
    pub nattribute: c_int,
    pub attributes: *const *const c_char,
    pub capabilityflags: c_int,
    pub needstage: c_int,
    pub nstate: Option<unsafe extern "C" fn(m: *const mjModel, instance: c_int) -> c_int>,
    pub nsensordata: Option<unsafe extern "C" fn(m: *const mjModel, instance: c_int, sensor_id: c_int) -> c_int>,
    pub init: Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, instance: c_int) -> c_int>,
    pub destroy: Option<unsafe extern "C" fn(d: *mut mjData, instance: c_int)>,
    pub copy: Option<unsafe extern "C" fn(dest: *mut mjData, m: *const mjModel, src: *const mjData, instance: c_int)>,
    pub reset: Option<
        unsafe extern "C" fn(m: *const mjModel, plugin_state: *mut mjtNum, plugin_data: *mut c_void, instance: c_int),
    >,
    pub compute:
        Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, instance: c_int, capability_bit: c_int)>,
    pub advance: Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, instance: c_int)>,
    pub visualize: Option<
        unsafe extern "C" fn(
            m: *const mjModel,
            d: *mut mjData,
            opt: *const mjvOption,
            scn: *mut mjvScene,
            instance: c_int,
        ),
    >,
    pub actuator_act_dot: Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, instance: c_int)>,
    pub sdf_distance: Option<unsafe extern "C" fn(point: *const mjtNum, d: *const mjData, instance: c_int) -> mjtNum>,
    pub sdf_gradient:
        Option<unsafe extern "C" fn(gradient: *mut mjtNum, point: *const mjtNum, d: *const mjData, instance: c_int)>,
    pub sdf_staticdistance: Option<unsafe extern "C" fn(point: *const mjtNum, attributes: *const mjtNum) -> mjtNum>,
    pub sdf_attribute:
        Option<unsafe extern "C" fn(attribute: *mut mjtNum, name: *mut *const c_char, value: *mut *const c_char)>,
    pub sdf_aabb: Option<unsafe extern "C" fn(aabb: *mut mjtNum, attributes: *const mjtNum)>,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjSDF_ {
    pub plugin: *mut *const mjpPlugin,
    pub id: *mut c_int,
    pub r#type: mjtSDFType,
    pub relpos: *mut mjtNum,
    pub relmat: *mut mjtNum,
    pub geomtype: *mut mjtGeom,
}
pub type mjResource = mjResource_;

pub type mjpPlugin = mjpPlugin_;

pub type mjSDF = mjSDF_;
