//! The model-editing API (`mj_makeSpec`, `mj_parseXML`, `mj_compile`, `mjs_*`) for the
//! elements the spec holds as upstream's C structs today: bodies, frames, joints, geoms, sites,
//! cameras, lights, actuators and sensors, and the string and vector helpers.
//!
//! Pointers handed out are the C structs inside boxed elements (`spec::element`); an element
//! pointer (`mjsElement*`) is the start of its wrapper, and the wrapper knows its spec.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::mem::offset_of;
use core::ptr;

use super::{guard, write_error};
use crate::abi::*;
use crate::spec::{self, Actuator, Body, Camera, CxxString, CxxVec, Frame, Geom, Joint, Light, Sensor, Site, Spec};

type StrVec = CxxVec<CxxString>;

/// The spec whose C struct is at `s`.
unsafe fn spec_mut<'a>(s: *mut mjSpec) -> &'a mut Spec {
    &mut *((s as *mut u8).sub(offset_of!(Spec, c)) as *mut Spec)
}

fn leak(mut s: Spec) -> *mut mjSpec {
    s.clear_error();
    let mut b = Box::new(s);
    b.adopt();
    let p = Box::into_raw(b);
    // SAFETY: just allocated
    unsafe { &mut (*p).c }
}

/// The wrapper of type `T` whose C struct (field `c` at `off`) is at `p`.
unsafe fn wrapper<'a, T>(p: *mut c_void, off: usize) -> &'a mut T {
    &mut *((p as *mut u8).sub(off) as *mut T)
}

unsafe fn body_mut<'a>(b: *mut mjsBody) -> &'a mut Body {
    wrapper(b as *mut c_void, offset_of!(Body, c))
}

/// The spec holding the element whose header is at `el` (every element starts with it).
unsafe fn owner<'a>(el: *const mjsElement) -> Option<&'a mut Spec> {
    let head = &*(el as *const spec::element::Head);
    if head.spec == 0 {
        None
    } else {
        Some(&mut *(head.spec as *mut Spec))
    }
}

unsafe fn text<'a>(p: *const c_char) -> &'a str {
    if p.is_null() {
        ""
    } else {
        CStr::from_ptr(p).to_str().unwrap_or("")
    }
}

fn not_supported(what: &str) {
    crate::runtime::error::raise(format_args!("not supported yet: {}", what));
}

// ---------------------------------------------------------------- specs

/// New empty spec.
#[no_mangle]
pub extern "C" fn mj_makeSpec() -> *mut mjSpec {
    guard("mj_makeSpec", ptr::null_mut(), || leak(Spec::default()))
}

/// Deep copy of a spec.
#[no_mangle]
pub unsafe extern "C" fn mj_copySpec(s: *const mjSpec) -> *mut mjSpec {
    if s.is_null() {
        return ptr::null_mut();
    }
    guard("mj_copySpec", ptr::null_mut(), || leak(spec_mut(s as *mut mjSpec).clone()))
}

/// Free a spec.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteSpec(s: *mut mjSpec) {
    if s.is_null() {
        return;
    }
    let p = (s as *mut u8).sub(offset_of!(Spec, c)) as *mut Spec;
    guard("mj_deleteSpec", (), || drop(Box::from_raw(p)));
}

fn parsed(r: Result<Spec, String>, error: *mut c_char, error_sz: c_int) -> *mut mjSpec {
    match r {
        Ok(s) => leak(s),
        Err(msg) => {
            // SAFETY: the caller's buffer
            unsafe { write_error(error, error_sz, &msg) };
            ptr::null_mut()
        }
    }
}

/// Parse an MJCF or URDF file into a spec; NULL with the reason in `error` on failure.
#[no_mangle]
pub unsafe extern "C" fn mj_parseXML(filename: *const c_char, vfs: *const mjVFS, error: *mut c_char, error_sz: c_int) -> *mut mjSpec {
    write_error(error, error_sz, "");
    if filename.is_null() {
        write_error(error, error_sz, "ParseXML: filename argument required\n");
        return ptr::null_mut();
    }
    let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
    let files = crate::xml::Files { vfs: vfs.as_ref() };
    let r = guard("mj_parseXML", Err("internal error".to_string()), || crate::xml::parse_file(&name, &files, 0).map(|p| p.spec));
    parsed(r, error, error_sz)
}

/// Parse MJCF or URDF text into a spec; NULL with the reason in `error` on failure.
#[no_mangle]
pub unsafe extern "C" fn mj_parseXMLString(xml: *const c_char, vfs: *const mjVFS, error: *mut c_char, error_sz: c_int) -> *mut mjSpec {
    write_error(error, error_sz, "");
    if xml.is_null() {
        write_error(error, error_sz, "XML string is null");
        return ptr::null_mut();
    }
    let t = CStr::from_ptr(xml).to_string_lossy().into_owned();
    let files = crate::xml::Files { vfs: vfs.as_ref() };
    let r = guard("mj_parseXMLString", Err("internal error".to_string()), || crate::xml::parse_mjcf(&t, "", &files));
    parsed(r, error, error_sz)
}

/// Compile a spec into a new model; NULL on failure, with the reason in `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mj_compile(s: *mut mjSpec, vfs: *const mjVFS) -> *mut mjModel {
    if s.is_null() {
        crate::mjerror!("mj_compile", "spec is null");
        return ptr::null_mut();
    }
    let sp = spec_mut(s);
    let r = guard("mj_compile", Err(crate::compiler::CompileError("internal error".into())), || {
        crate::compiler::image::with_vfs(vfs, || crate::compiler::compile(sp))
    });
    match r {
        Ok(m) => {
            sp.clear_error();
            m
        }
        Err(e) => {
            sp.set_error(&e.0, false);
            ptr::null_mut()
        }
    }
}

/// The last error of a compile or spec-API call ("" when none).
#[no_mangle]
pub unsafe extern "C" fn mjs_getError(s: *mut mjSpec) -> *const c_char {
    if s.is_null() {
        crate::mjerror!("mjs_getError", "spec is null");
        return ptr::null();
    }
    spec_mut(s).error.as_ptr() as *const c_char
}

/// Whether the last message of `mjs_getError` is a warning.
#[no_mangle]
pub unsafe extern "C" fn mjs_isWarning(s: *mut mjSpec) -> c_int {
    spec_mut(s).warning as c_int
}

// ---------------------------------------------------------------- adding tree elements

macro_rules! add_to_body {
    ($fname:ident, $ret:ty, $list:ident, |$sp:ident, $b:ident| $add:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $fname(body: *mut mjsBody, def: *const mjsDefault) -> *mut $ret {
            if body.is_null() {
                return ptr::null_mut();
            }
            if !def.is_null() {
                not_supported("default classes in the spec API");
                return ptr::null_mut();
            }
            let bw = body_mut(body);
            let $b = bw.head.index;
            let Some($sp) = owner(&bw.head.el) else { return ptr::null_mut() };
            guard(stringify!($fname), ptr::null_mut(), || {
                let id = $add;
                &mut $sp.$list[id].c as *mut $ret
            })
        }
    };
}

add_to_body!(mjs_addBody, mjsBody, bodies, |sp, b| sp.add_body(b, None));
add_to_body!(mjs_addJoint, mjsJoint, joints, |sp, b| sp.add_joint(b, None, false));
add_to_body!(mjs_addGeom, mjsGeom, geoms, |sp, b| sp.add_geom(b, None));
add_to_body!(mjs_addSite, mjsSite, sites, |sp, b| sp.add_site(b, None));
add_to_body!(mjs_addCamera, mjsCamera, cameras, |sp, b| sp.add_camera(b, None));
add_to_body!(mjs_addLight, mjsLight, lights, |sp, b| sp.add_light(b, None));

/// Add a free joint (no defaults) to a body.
#[no_mangle]
pub unsafe extern "C" fn mjs_addFreeJoint(body: *mut mjsBody) -> *mut mjsJoint {
    if body.is_null() {
        return ptr::null_mut();
    }
    let bw = body_mut(body);
    let b = bw.head.index;
    let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
    let id = sp.add_joint(b, None, true);
    &mut sp.joints[id].c
}

/// Add a frame to a body, inside `parentframe` when given.
#[no_mangle]
pub unsafe extern "C" fn mjs_addFrame(body: *mut mjsBody, parentframe: *mut mjsFrame) -> *mut mjsFrame {
    if body.is_null() {
        return ptr::null_mut();
    }
    let bw = body_mut(body);
    let b = bw.head.index;
    let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
    let parent = if parentframe.is_null() {
        None
    } else {
        Some(wrapper::<Frame>(parentframe as *mut c_void, offset_of!(Frame, c)).head.index)
    };
    let id = sp.add_frame(b, parent);
    &mut sp.frames[id].c
}

/// Add an actuator to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addActuator(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsActuator {
    if s.is_null() {
        return ptr::null_mut();
    }
    if !def.is_null() {
        not_supported("default classes in the spec API");
        return ptr::null_mut();
    }
    let sp = spec_mut(s);
    let id = sp.add_actuator(None);
    &mut sp.actuators[id].c
}

/// Add a sensor to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addSensor(s: *mut mjSpec) -> *mut mjsSensor {
    if s.is_null() {
        return ptr::null_mut();
    }
    let sp = spec_mut(s);
    let id = sp.add_sensor();
    &mut sp.sensors[id].c
}

// ---------------------------------------------------------------- elements

/// Runs `$e` with `$w` bound to the wrapper of element `$el` (a supported kind), else `$none`.
macro_rules! with_elem {
    ($el:expr, |$w:ident| $e:expr, $none:expr) => {{
        let el: *mut mjsElement = $el;
        let t = (*el).elemtype;
        use mjtObj_::*;
        if t == mjOBJ_BODY as i32 {
            let $w = &mut *(el as *mut Body);
            $e
        } else if t == mjOBJ_FRAME as i32 {
            let $w = &mut *(el as *mut Frame);
            $e
        } else if t == mjOBJ_JOINT as i32 {
            let $w = &mut *(el as *mut Joint);
            $e
        } else if t == mjOBJ_GEOM as i32 {
            let $w = &mut *(el as *mut Geom);
            $e
        } else if t == mjOBJ_SITE as i32 {
            let $w = &mut *(el as *mut Site);
            $e
        } else if t == mjOBJ_CAMERA as i32 {
            let $w = &mut *(el as *mut Camera);
            $e
        } else if t == mjOBJ_LIGHT as i32 {
            let $w = &mut *(el as *mut Light);
            $e
        } else if t == mjOBJ_ACTUATOR as i32 {
            let $w = &mut *(el as *mut Actuator);
            $e
        } else if t == mjOBJ_SENSOR as i32 {
            let $w = &mut *(el as *mut Sensor);
            $e
        } else {
            $none
        }
    }};
}

/// The name of an element.
#[no_mangle]
pub unsafe extern "C" fn mjs_getName(element: *mut mjsElement) -> *mut mjString {
    if element.is_null() {
        return ptr::null_mut();
    }
    with_elem!(element, |w| &mut w.name as *mut CxxString as *mut mjString, {
        not_supported("names of this element type in the spec API");
        ptr::null_mut()
    })
}

/// Rename an element; -1 (with the reason in `mjs_getError`) when the name is taken.
#[no_mangle]
pub unsafe extern "C" fn mjs_setName(element: *mut mjsElement, name: *const c_char) -> c_int {
    if element.is_null() {
        return -1;
    }
    let n = text(name);
    let t = (*element).elemtype;
    with_elem!(element, |w| w.name.set(n), {
        not_supported("names of this element type in the spec API");
        return -1;
    });
    let Some(sp) = owner(element) else { return 0 };
    match sp.check_repeat(t) {
        Ok(()) => 0,
        Err(msg) => {
            sp.set_error(&format!("Error: {}", msg), false);
            -1
        }
    }
}

/// The spec holding an element.
#[no_mangle]
pub unsafe extern "C" fn mjs_getSpec(element: *mut mjsElement) -> *mut mjSpec {
    if element.is_null() {
        return ptr::null_mut();
    }
    if (*element).elemtype == mjtObj_::mjOBJ_MODEL as i32 {
        return &mut (*(element as *mut Spec)).c;
    }
    match owner(element) {
        Some(sp) => &mut sp.c,
        None => ptr::null_mut(),
    }
}

/// The body an element belongs to (a body's parent); NULL for the world and other kinds.
#[no_mangle]
pub unsafe extern "C" fn mjs_getParent(element: *mut mjsElement) -> *mut mjsBody {
    if element.is_null() {
        return ptr::null_mut();
    }
    let Some(sp) = owner(element) else { return ptr::null_mut() };
    let t = (*element).elemtype;
    let b = if t == mjtObj_::mjOBJ_BODY as i32 {
        let w = &*(element as *mut Body);
        if w.head.index == 0 {
            return ptr::null_mut();
        }
        w.parent
    } else {
        let body = with_elem!(element, |w| body_index(w), None);
        match body {
            Some(b) => b,
            None => return ptr::null_mut(),
        }
    };
    &mut sp.bodies[b].c
}

/// The body of a body-held element.
trait InBody {
    fn body_of(&self) -> Option<usize>;
}
macro_rules! in_body {
    ($($t:ty),*) => {$(impl InBody for $t {
        fn body_of(&self) -> Option<usize> {
            Some(self.body)
        }
    })*};
}
in_body!(Frame, Joint, Geom, Site, Camera, Light);
impl InBody for Body {
    fn body_of(&self) -> Option<usize> {
        Some(self.parent)
    }
}
impl InBody for Actuator {
    fn body_of(&self) -> Option<usize> {
        None
    }
}
impl InBody for Sensor {
    fn body_of(&self) -> Option<usize> {
        None
    }
}
fn body_index(w: &impl InBody) -> Option<usize> {
    w.body_of()
}

/// A body found by name, searching the tree from the world.
#[no_mangle]
pub unsafe extern "C" fn mjs_findBody(s: *mut mjSpec, name: *const c_char) -> *mut mjsBody {
    if s.is_null() {
        return ptr::null_mut();
    }
    let sp = spec_mut(s);
    let n = text(name);
    match find_in_tree(sp, 0, n) {
        Some(b) => &mut sp.bodies[b].c,
        None => ptr::null_mut(),
    }
}

/// Upstream's recursive search: the body itself, its children, then each child's subtree.
fn find_in_tree(sp: &Spec, b: usize, n: &str) -> Option<usize> {
    if sp.bodies[b].name == n {
        return Some(b);
    }
    if let Some(&c) = sp.bodies[b].bodies.iter().find(|&&c| sp.bodies[c].name == n) {
        return Some(c);
    }
    for &c in &sp.bodies[b].bodies {
        if let Some(r) = find_in_tree(sp, c, n) {
            return Some(r);
        }
    }
    None
}

/// A body of `body`'s subtree (or `body` itself) found by name.
#[no_mangle]
pub unsafe extern "C" fn mjs_findChild(body: *mut mjsBody, name: *const c_char) -> *mut mjsBody {
    if body.is_null() {
        return ptr::null_mut();
    }
    let bw = body_mut(body);
    let b = bw.head.index;
    let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
    match find_in_tree(sp, b, text(name)) {
        Some(k) => &mut sp.bodies[k].c,
        None => ptr::null_mut(),
    }
}

macro_rules! as_kind {
    ($($f:ident, $t:ty, $c:ty, $obj:ident);*) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $f(element: *mut mjsElement) -> *mut $c {
            if element.is_null() || (*element).elemtype != mjtObj_::$obj as i32 {
                return ptr::null_mut();
            }
            &mut (*(element as *mut $t)).c
        }
    )*};
}
as_kind!(
    mjs_asBody, Body, mjsBody, mjOBJ_BODY;
    mjs_asFrame, Frame, mjsFrame, mjOBJ_FRAME;
    mjs_asJoint, Joint, mjsJoint, mjOBJ_JOINT;
    mjs_asGeom, Geom, mjsGeom, mjOBJ_GEOM;
    mjs_asSite, Site, mjsSite, mjOBJ_SITE;
    mjs_asCamera, Camera, mjsCamera, mjOBJ_CAMERA;
    mjs_asLight, Light, mjsLight, mjOBJ_LIGHT;
    mjs_asActuator, Actuator, mjsActuator, mjOBJ_ACTUATOR;
    mjs_asSensor, Sensor, mjsSensor, mjOBJ_SENSOR
);

// ---------------------------------------------------------------- strings and vectors

/// Set a string.
#[no_mangle]
pub unsafe extern "C" fn mjs_setString(dest: *mut mjString, text_: *const c_char) {
    if dest.is_null() {
        return;
    }
    (*(dest as *mut CxxString)).set_bytes(if text_.is_null() { b"" } else { CStr::from_ptr(text_).to_bytes() });
}

/// The text of a string.
#[no_mangle]
pub unsafe extern "C" fn mjs_getString(source: *const mjString) -> *const c_char {
    if source.is_null() {
        return ptr::null();
    }
    (*(source as *const CxxString)).c_str()
}

unsafe fn set_vec<T: Copy>(dest: *mut c_void, array: *const T, size: c_int) {
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

/// Copy `size` numbers into a double vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setDouble(dest: *mut mjDoubleVec, array: *const f64, size: c_int) {
    set_vec(dest, array, size);
}

/// Copy `size` numbers into a float vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setFloat(dest: *mut mjFloatVec, array: *const f32, size: c_int) {
    set_vec(dest, array, size);
}

/// Copy `size` numbers into an int vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setInt(dest: *mut mjIntVec, array: *const c_int, size: c_int) {
    set_vec(dest, array, size);
}

/// Copy `size` bytes into a byte vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_setBuffer(dest: *mut mjByteVec, array: *const c_void, size: c_int) {
    set_vec(dest, array as *const u8, size);
}

/// The numbers of a double vector and their count.
#[no_mangle]
pub unsafe extern "C" fn mjs_getDouble(source: *const mjDoubleVec, size: *mut c_int) -> *const f64 {
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

/// Append a copy of `size` ints as a new vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendIntVec(dest: *mut mjIntVecVec, array: *const c_int, size: c_int) {
    if dest.is_null() {
        return;
    }
    let n = size.max(0) as usize;
    let inner = if array.is_null() || n == 0 { CxxVec::new() } else { CxxVec::from_slice(core::slice::from_raw_parts(array, n)) };
    (*(dest as *mut CxxVec<CxxVec<c_int>>)).push(inner);
}

/// Append a copy of `size` floats as a new vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendFloatVec(dest: *mut mjFloatVecVec, array: *const f32, size: c_int) {
    if dest.is_null() {
        return;
    }
    let n = size.max(0) as usize;
    let inner = if array.is_null() || n == 0 { CxxVec::new() } else { CxxVec::from_slice(core::slice::from_raw_parts(array, n)) };
    (*(dest as *mut CxxVec<CxxVec<f32>>)).push(inner);
}

/// Replace a string vector by the whitespace-separated words of `text`.
#[no_mangle]
pub unsafe extern "C" fn mjs_setStringVec(dest: *mut mjStringVec, text_: *const c_char) {
    if dest.is_null() {
        return;
    }
    let v = &mut *(dest as *mut StrVec);
    v.clear();
    for w in text(text_).split_ascii_whitespace() {
        v.push(w.into());
    }
}

/// Set entry `i` of a string vector; 0 (after `mju_error`) when out of range.
#[no_mangle]
pub unsafe extern "C" fn mjs_setInStringVec(dest: *mut mjStringVec, i: c_int, text_: *const c_char) -> mjtByte {
    if dest.is_null() {
        return 0;
    }
    let v = &mut *(dest as *mut StrVec);
    if i < 0 || i as usize >= v.len() {
        crate::runtime::error::raise(format_args!("Requested index in mjs_setInStringVec is out of bounds"));
        return 0;
    }
    v[i as usize].set(text(text_));
    1
}

/// Append a string to a string vector.
#[no_mangle]
pub unsafe extern "C" fn mjs_appendString(dest: *mut mjStringVec, text_: *const c_char) {
    if dest.is_null() {
        return;
    }
    (*(dest as *mut StrVec)).push(text(text_).into());
}

// ---------------------------------------------------------------- default values

macro_rules! default_fn {
    ($($f:ident, $c:ty, $imp:path);*) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $f(x: *mut $c) {
            if let Some(x) = x.as_mut() {
                $imp(x);
            }
        }
    )*};
}
default_fn!(
    mjs_defaultSpec, mjSpec, spec::default_spec;
    mjs_defaultBody, mjsBody, spec::body::default_body;
    mjs_defaultFrame, mjsFrame, spec::body::default_frame;
    mjs_defaultJoint, mjsJoint, spec::body::default_joint;
    mjs_defaultGeom, mjsGeom, spec::body::default_geom;
    mjs_defaultSite, mjsSite, spec::body::default_site;
    mjs_defaultCamera, mjsCamera, spec::body::default_camera;
    mjs_defaultLight, mjsLight, spec::body::default_light;
    mjs_defaultActuator, mjsActuator, spec::actuation::default_actuator;
    mjs_defaultSensor, mjsSensor, spec::actuation::default_sensor
);

/// Zero orientation (quaternion type).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultOrientation(o: *mut mjsOrientation) {
    if let Some(o) = o.as_mut() {
        *o = mjsOrientation::QUAT;
    }
}

/// Zero plugin reference.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultPlugin(p: *mut mjsPlugin) {
    if let Some(p) = p.as_mut() {
        *p = spec::body::zeroed();
    }
}
