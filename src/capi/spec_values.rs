//! The spec's value helpers (`mjs_setString`, `mjs_setDouble`, ... `mjs_appendString`) and
//! the `mjs_default*` initialisers of every specification struct.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::ptr;

use super::spec::cstr;
use crate::abi::*;
use crate::spec::{self, CxxString, CxxVec};

/// Set a string.
#[no_mangle]
pub unsafe extern "C" fn mjs_setString(dest: *mut mjString, text: *const c_char) {
    crate::boundary! {
        if dest.is_null() {
            return;
        }
        (*(dest as *mut CxxString)).set_bytes(if text.is_null() { b"" } else { CStr::from_ptr(text).to_bytes() });
    }
}

/// The text of a string.
#[no_mangle]
pub unsafe extern "C" fn mjs_getString(source: *const mjString) -> *const c_char {
    crate::boundary! {
        if source.is_null() {
            return ptr::null();
        }
        (*(source as *const CxxString)).c_str()
    }
}

unsafe fn set_vec<T: Copy>(dest: *mut c_void, array: *const T, size: c_int) {
    // SAFETY: `dest` is a vector handle of this library's spec elements and `array` holds `size` values (mjs_setDouble/mjs_setInt's C contract)
    unsafe {
        if dest.is_null() {
            return;
        }
        let v = &mut *(dest as *mut CxxVec<T>);
        let n = size.max(0) as usize;
        if array.is_null() || n == 0 {
            v.clear();
            return;
        }
        v.set(core::slice::from_raw_parts(array, n));
    }
}

/// Copy `size` numbers into a double vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setDouble(dest: *mut mjDoubleVec, array: *const f64, size: c_int) {
    crate::boundary! {
        set_vec(dest, array, size);
    }
}

/// Copy `size` numbers into a float vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setFloat(dest: *mut mjFloatVec, array: *const f32, size: c_int) {
    crate::boundary! {
        set_vec(dest, array, size);
    }
}

/// Copy `size` numbers into an int vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setInt(dest: *mut mjIntVec, array: *const c_int, size: c_int) {
    crate::boundary! {
        set_vec(dest, array, size);
    }
}

/// Copy `size` bytes into a byte vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setBuffer(dest: *mut mjByteVec, array: *const c_void, size: c_int) {
    crate::boundary! {
        set_vec(dest, array as *const u8, size);
    }
}

/// The numbers of a double vector and their count.
#[no_mangle]
pub unsafe extern "C" fn mjs_getDouble(source: *const mjDoubleVec, size: *mut c_int) -> *const f64 {
    crate::boundary! {
        if source.is_null() {
            return ptr::null();
        }
        let v = &*(source as *const CxxVec<f64>);
        if !size.is_null() {
            *size = v.len() as c_int;
        }
        if v.is_empty() {
            ptr::null()
        } else {
            v.as_ptr()
        }
    }
}

/// Append a copy of `size` ints as a new vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendIntVec(dest: *mut mjIntVecVec, array: *const c_int, size: c_int) {
    crate::boundary! {
        if dest.is_null() {
            return;
        }
        let n = size.max(0) as usize;
        let inner = if array.is_null() || n == 0 { CxxVec::new() } else { CxxVec::from_slice(core::slice::from_raw_parts(array, n)) };
        (*(dest as *mut CxxVec<CxxVec<c_int>>)).push(inner);
    }
}

/// Append a copy of `size` floats as a new vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendFloatVec(dest: *mut mjFloatVecVec, array: *const f32, size: c_int) {
    crate::boundary! {
        if dest.is_null() {
            return;
        }
        let n = size.max(0) as usize;
        let inner = if array.is_null() || n == 0 { CxxVec::new() } else { CxxVec::from_slice(core::slice::from_raw_parts(array, n)) };
        (*(dest as *mut CxxVec<CxxVec<f32>>)).push(inner);
    }
}

/// Replace a string vector by the whitespace-separated words of `text`.
#[no_mangle]
pub unsafe extern "C" fn mjs_setStringVec(dest: *mut mjStringVec, text: *const c_char) {
    crate::boundary! {
        if dest.is_null() {
            return;
        }
        let v = &mut *(dest as *mut CxxVec<CxxString>);
        v.clear();
        for w in cstr(text).split_ascii_whitespace() {
            v.push(w.into());
        }
    }
}

/// Set entry `i` of a string vector; 0 (after `mju_error`) when out of range.
#[no_mangle]
pub unsafe extern "C" fn mjs_setInStringVec(dest: *mut mjStringVec, i: c_int, text: *const c_char) -> mjtByte {
    crate::boundary! {
        if dest.is_null() {
            return 0;
        }
        let v = &mut *(dest as *mut CxxVec<CxxString>);
        if i < 0 || i as usize >= v.len() {
            crate::runtime::error::raise(format_args!("Requested index in mjs_setInStringVec is out of bounds"));
            return 0;
        }
        v[i as usize].set(cstr(text));
        1
    }
}

/// Append a string to a string vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendString(dest: *mut mjStringVec, text: *const c_char) {
    crate::boundary! {
        if dest.is_null() {
            return;
        }
        (*(dest as *mut CxxVec<CxxString>)).push(cstr(text).into());
    }
}

// ---------------------------------------------------------------- default values

/// Upstream's default values of a spec specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultSpec(spec: *mut mjSpec) {
    crate::boundary! {
        if let Some(x) = spec.as_mut() {
            spec::default_spec(x);
        }
    }
}

/// Upstream's default values of a body specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultBody(body: *mut mjsBody) {
    crate::boundary! {
        if let Some(x) = body.as_mut() {
            spec::body::default_body(x);
        }
    }
}

/// Upstream's default values of a frame specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultFrame(frame: *mut mjsFrame) {
    crate::boundary! {
        if let Some(x) = frame.as_mut() {
            spec::body::default_frame(x);
        }
    }
}

/// Upstream's default values of a joint specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultJoint(joint: *mut mjsJoint) {
    crate::boundary! {
        if let Some(x) = joint.as_mut() {
            spec::body::default_joint(x);
        }
    }
}

/// Upstream's default values of a geom specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultGeom(geom: *mut mjsGeom) {
    crate::boundary! {
        if let Some(x) = geom.as_mut() {
            spec::body::default_geom(x);
        }
    }
}

/// Upstream's default values of a site specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultSite(site: *mut mjsSite) {
    crate::boundary! {
        if let Some(x) = site.as_mut() {
            spec::body::default_site(x);
        }
    }
}

/// Upstream's default values of a camera specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultCamera(camera: *mut mjsCamera) {
    crate::boundary! {
        if let Some(x) = camera.as_mut() {
            spec::body::default_camera(x);
        }
    }
}

/// Upstream's default values of a light specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultLight(light: *mut mjsLight) {
    crate::boundary! {
        if let Some(x) = light.as_mut() {
            spec::body::default_light(x);
        }
    }
}

/// Upstream's default values of a actuator specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultActuator(actuator: *mut mjsActuator) {
    crate::boundary! {
        if let Some(x) = actuator.as_mut() {
            spec::actuation::default_actuator(x);
        }
    }
}

/// Upstream's default values of a sensor specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultSensor(sensor: *mut mjsSensor) {
    crate::boundary! {
        if let Some(x) = sensor.as_mut() {
            spec::actuation::default_sensor(x);
        }
    }
}

/// Upstream's default values of a tendon specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultTendon(tendon: *mut mjsTendon) {
    crate::boundary! {
        if let Some(x) = tendon.as_mut() {
            spec::objects::default_tendon(x);
        }
    }
}

/// Upstream's default values of a equality specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultEquality(equality: *mut mjsEquality) {
    crate::boundary! {
        if let Some(x) = equality.as_mut() {
            spec::objects::default_equality(x);
        }
    }
}

/// Upstream's default values of a pair specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultPair(pair: *mut mjsPair) {
    crate::boundary! {
        if let Some(x) = pair.as_mut() {
            spec::objects::default_pair(x);
        }
    }
}

/// Upstream's default values of a numeric specification (all zero).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultNumeric(numeric: *mut mjsNumeric) {
    crate::boundary! {
        if let Some(x) = numeric.as_mut() {
            *x = spec::body::zeroed();
        }
    }
}

/// Upstream's default values of a text specification (all zero).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultText(text: *mut mjsText) {
    crate::boundary! {
        if let Some(x) = text.as_mut() {
            *x = spec::body::zeroed();
        }
    }
}

/// Upstream's default values of a tuple specification (all zero).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultTuple(tuple: *mut mjsTuple) {
    crate::boundary! {
        if let Some(x) = tuple.as_mut() {
            *x = spec::body::zeroed();
        }
    }
}

/// Upstream's default values of a key specification (all zero).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultKey(key: *mut mjsKey) {
    crate::boundary! {
        if let Some(x) = key.as_mut() {
            *x = spec::body::zeroed();
        }
    }
}

/// Zero orientation (quaternion type).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultOrientation(orient: *mut mjsOrientation) {
    crate::boundary! {
        if let Some(o) = orient.as_mut() {
            *o = mjsOrientation::QUAT;
        }
    }
}

/// Zero plugin reference.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultPlugin(plugin: *mut mjsPlugin) {
    crate::boundary! {
        if let Some(p) = plugin.as_mut() {
            *p = spec::body::zeroed();
        }
    }
}
