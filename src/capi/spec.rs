//! The model-editing API (`mj_makeSpec`, `mj_parseXML`, `mj_compile`, `mjs_*`) for the
//! elements the spec holds as upstream's C structs today: bodies, frames, joints, geoms, sites,
//! cameras, lights, actuators and sensors (the value helpers and defaults are in `spec_values`).
//!
//! Pointers handed out are the C structs inside boxed elements (`spec::element`); an element
//! pointer (`mjsElement*`) is the start of its wrapper, and the wrapper knows its spec.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::mem::offset_of;
use core::ptr;

use super::{guard, write_error};
use crate::abi::*;
use crate::spec::api::TreeKind;
use crate::spec::{
    self, Actuator, Body, Camera, CxxString, Equality, Exclude, Flex, Frame, Geom, HField, Joint, Key, Light, Material,
    Mesh, Numeric, Pair, Plugin, Sensor, Site, Skin, Spec, Tendon, Text, Texture, Tuple,
};

/// The spec whose C struct is at `s`.
pub(super) unsafe fn spec_mut<'a>(s: *mut mjSpec) -> &'a mut Spec {
    // SAFETY: `s` is an mjSpec made by this library and still alive (the mjs_* C contract)
    unsafe { &mut *((s as *mut u8).sub(offset_of!(Spec, c)) as *mut Spec) }
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
pub(super) unsafe fn wrapper<'a, T>(p: *mut c_void, off: usize) -> &'a mut T {
    // SAFETY: `p` is a pointer this library handed out at offset `off` inside a live T (the mjs_* C contract)
    unsafe { &mut *((p as *mut u8).sub(off) as *mut T) }
}

pub(super) unsafe fn body_mut<'a>(b: *mut mjsBody) -> &'a mut Body {
    // SAFETY: `b` is a body handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe { wrapper(b as *mut c_void, offset_of!(Body, c)) }
}

/// The spec holding the element whose header is at `el` (every element starts with it).
pub(super) unsafe fn owner<'a>(el: *const mjsElement) -> Option<&'a mut Spec> {
    // SAFETY: the pointer is null or an element handed out by this library's mjs_* API, which points into a live Spec (the mjs_* C contract)
    unsafe {
        let head = &*(el as *const spec::element::Head);
        if head.spec == 0 {
            None
        } else {
            Some(&mut *(head.spec as *mut Spec))
        }
    }
}

pub(super) unsafe fn cstr<'a>(p: *const c_char) -> &'a str {
    // SAFETY: `p` is null or a NUL-terminated string (the calling export's C contract)
    unsafe {
        if p.is_null() {
            ""
        } else {
            CStr::from_ptr(p).to_str().unwrap_or("")
        }
    }
}

// ---------------------------------------------------------------- specs

/// New empty spec.
#[no_mangle]
pub extern "C" fn mj_makeSpec() -> *mut mjSpec {
    crate::boundary! {
        guard("mj_makeSpec", ptr::null_mut(), || leak(Spec::default()))
    }
}

/// Deep copy of a spec.
#[no_mangle]
pub unsafe extern "C" fn mj_copySpec(s: *const mjSpec) -> *mut mjSpec {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        guard("mj_copySpec", ptr::null_mut(), || leak(spec_mut(s as *mut mjSpec).copy()))
    }
}

/// Free a spec.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteSpec(s: *mut mjSpec) {
    crate::boundary! {
        if s.is_null() {
            return;
        }
        let p = (s as *mut u8).sub(offset_of!(Spec, c)) as *mut Spec;
        // parents that attached from the spec keep it alive
        guard("mj_deleteSpec", (), || crate::spec::shared::release(p));
    }
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
pub unsafe extern "C" fn mj_parseXML(
    filename: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    error_sz: c_int,
) -> *mut mjSpec {
    crate::boundary! {
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
}

/// Parse MJCF or URDF text into a spec; NULL with the reason in `error` on failure.
#[no_mangle]
pub unsafe extern "C" fn mj_parseXMLString(
    xml: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    error_sz: c_int,
) -> *mut mjSpec {
    crate::boundary! {
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
}

/// Compile a spec into a new model; NULL on failure, with the reason in `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mj_compile(s: *mut mjSpec, vfs: *const mjVFS) -> *mut mjModel {
    crate::boundary! {
        if s.is_null() {
            crate::mjerror!("mj_compile", "spec is null");
            return ptr::null_mut();
        }
        crate::compiler::compile_edited(spec_mut(s), vfs.as_ref())
    }
}

/// Copy the numeric values of `m` (compiled from `s`) back into the spec's compiled state,
/// which `mj_saveXML` writes; 1 on success, 0 with the reason in `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mj_copyBack(s: *mut mjSpec, m: *const mjModel) -> c_int {
    crate::boundary! {
        if s.is_null() {
            crate::mjerror!("mj_copyBack", "spec is null");
            return 0;
        }
        let sp = spec_mut(s);
        match guard("mj_copyBack", Err("internal error".to_string()), || crate::spec::compiled::copy_back(sp, m.as_ref())) {
            Ok(()) => 1,
            Err(e) => {
                sp.set_error(&e, false);
                0
            }
        }
    }
}

/// The last error of a compile or spec-API call ("" when none).
#[no_mangle]
pub unsafe extern "C" fn mjs_getError(s: *mut mjSpec) -> *const c_char {
    crate::boundary! {
        if s.is_null() {
            crate::mjerror!("mjs_getError", "spec is null");
            return ptr::null();
        }
        spec_mut(s).error.as_ptr() as *const c_char
    }
}

/// Whether the last message of `mjs_getError` is a warning.
#[no_mangle]
pub unsafe extern "C" fn mjs_isWarning(s: *mut mjSpec) -> c_int {
    crate::boundary! {
        spec_mut(s).warning as c_int
    }
}

// ---------------------------------------------------------------- adding tree elements

/// Adds an element to the body whose C struct is `body` with `add(spec, body index)`, which
/// returns the C struct of the new element.
unsafe fn add_to_body<R>(
    body: *mut mjsBody,
    def: *const mjsDefault,
    f: &str,
    add: impl FnOnce(&mut Spec, usize, Option<usize>) -> *mut R,
) -> *mut R {
    // SAFETY: `body` is null or a body handed out by the mjs_* API, inside a live Spec; `def` likewise a default of it (the mjs_* C contract)
    unsafe {
        if body.is_null() {
            return ptr::null_mut();
        }
        let class = default_index(def);
        let bw = body_mut(body);
        let b = bw.head.index;
        let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
        guard(f, ptr::null_mut(), || add(sp, b, class))
    }
}

/// The index of the default class whose C struct is at `def` (None for NULL).
pub(super) unsafe fn default_index(def: *const mjsDefault) -> Option<usize> {
    // SAFETY: `def` is null or a default handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe {
        if def.is_null() {
            None
        } else {
            Some(wrapper::<spec::DefaultClass>(def as *mut c_void, offset_of!(spec::DefaultClass, c)).head.index)
        }
    }
}

/// Add a child body; its children take defaults from `def` (NULL: the parent's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addBody(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsBody {
    crate::boundary! {
        add_to_body(body, def, "mjs_addBody", |sp, b, class| {
            let i = sp.add_body(b, class);
            &mut sp.bodies[i].c
        })
    }
}

/// Add a joint to a body, with the defaults of `def` (NULL: the body's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addJoint(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsJoint {
    crate::boundary! {
        add_to_body(body, def, "mjs_addJoint", |sp, b, class| {
            let i = sp.add_joint(b, class, false);
            &mut sp.joints[i].c
        })
    }
}

/// Add a geom to a body, with the defaults of `def` (NULL: the body's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addGeom(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsGeom {
    crate::boundary! {
        add_to_body(body, def, "mjs_addGeom", |sp, b, class| {
            let i = sp.add_geom(b, class);
            &mut sp.geoms[i].c
        })
    }
}

/// Add a site to a body, with the defaults of `def` (NULL: the body's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addSite(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsSite {
    crate::boundary! {
        add_to_body(body, def, "mjs_addSite", |sp, b, class| {
            let i = sp.add_site(b, class);
            &mut sp.sites[i].c
        })
    }
}

/// Add a camera to a body, with the defaults of `def` (NULL: the body's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addCamera(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsCamera {
    crate::boundary! {
        add_to_body(body, def, "mjs_addCamera", |sp, b, class| {
            let i = sp.add_camera(b, class);
            &mut sp.cameras[i].c
        })
    }
}

/// Add a light to a body, with the defaults of `def` (NULL: the body's class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addLight(body: *mut mjsBody, def: *const mjsDefault) -> *mut mjsLight {
    crate::boundary! {
        add_to_body(body, def, "mjs_addLight", |sp, b, class| {
            let i = sp.add_light(b, class);
            &mut sp.lights[i].c
        })
    }
}

/// Add a free joint (no defaults) to a body.
#[no_mangle]
pub unsafe extern "C" fn mjs_addFreeJoint(body: *mut mjsBody) -> *mut mjsJoint {
    crate::boundary! {
        if body.is_null() {
            return ptr::null_mut();
        }
        let bw = body_mut(body);
        let b = bw.head.index;
        let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
        let id = sp.add_joint(b, None, true);
        &mut sp.joints[id].c
    }
}

/// Add a frame to a body, inside `parentframe` when given.
#[no_mangle]
pub unsafe extern "C" fn mjs_addFrame(body: *mut mjsBody, parentframe: *mut mjsFrame) -> *mut mjsFrame {
    crate::boundary! {
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
}

/// Adds an element to the spec at `s` with `add`, which returns the new element's C struct;
/// NULL for a null spec.
pub(super) unsafe fn add_to_spec<R>(
    s: *mut mjSpec,
    def: *const mjsDefault,
    add: impl FnOnce(&mut Spec, Option<usize>) -> *mut R,
) -> *mut R {
    // SAFETY: `s` is null or an mjSpec made by this library and still alive (the mjs_* C contract)
    unsafe {
        if s.is_null() {
            return ptr::null_mut();
        }
        add(spec_mut(s), default_index(def))
    }
}

/// Add an actuator to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addActuator(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsActuator {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_actuator(class);
            &mut sp.actuators[id].c
        })
    }
}

/// Add a sensor to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addSensor(s: *mut mjSpec) -> *mut mjsSensor {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_sensor();
            &mut sp.sensors[id].c
        })
    }
}

/// Add a tendon to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addTendon(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsTendon {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_tendon(class);
            &mut sp.tendons[id].c
        })
    }
}

/// Add an equality constraint to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addEquality(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsEquality {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_equality(class);
            &mut sp.equalities[id].c
        })
    }
}

/// Add a contact pair to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addPair(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsPair {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_pair(class);
            &mut sp.pairs[id].c
        })
    }
}

/// Add a collision exclusion to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addExclude(s: *mut mjSpec) -> *mut mjsExclude {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_exclude();
            &mut sp.excludes[id].c
        })
    }
}

/// Add a key to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addKey(s: *mut mjSpec) -> *mut mjsKey {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_key();
            &mut sp.keys[id].c
        })
    }
}

/// Add a numeric to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addNumeric(s: *mut mjSpec) -> *mut mjsNumeric {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_numeric();
            &mut sp.numerics[id].c
        })
    }
}

/// Add a text to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addText(s: *mut mjSpec) -> *mut mjsText {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_text();
            &mut sp.texts[id].c
        })
    }
}

/// Add a tuple to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addTuple(s: *mut mjSpec) -> *mut mjsTuple {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_tuple();
            &mut sp.tuples[id].c
        })
    }
}

/// The tendon whose C struct is at `t`, with its spec.
unsafe fn tendon_of<'a>(t: *const mjsTendon) -> Option<(&'a mut Spec, usize)> {
    // SAFETY: `t` is null or a tendon handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe {
        if t.is_null() {
            return None;
        }
        let w: &mut Tendon = wrapper(t as *mut c_void, offset_of!(Tendon, c));
        let i = w.head.index;
        owner(&w.head.el).map(|sp| (sp, i))
    }
}

unsafe fn wrap(tendon: *mut mjsTendon, t: mjtWrap_, target: &str, sidesite: &str, prm: f64) -> *mut mjsWrap {
    // SAFETY: `tendon` is a tendon handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe {
        let Some((sp, i)) = tendon_of(tendon) else { return ptr::null_mut() };
        let k = sp.add_wrap(i, t, target, sidesite, prm);
        &mut sp.tendons[i].path[k].c
    }
}

/// Append a site to a tendon's path.
#[no_mangle]
pub unsafe extern "C" fn mjs_wrapSite(tendon: *mut mjsTendon, name: *const c_char) -> *mut mjsWrap {
    crate::boundary! {
        wrap(tendon, mjtWrap_::mjWRAP_SITE, cstr(name), "", 0.0)
    }
}

/// Append a geom (with an optional side site) to a tendon's path.
#[no_mangle]
pub unsafe extern "C" fn mjs_wrapGeom(
    tendon: *mut mjsTendon,
    name: *const c_char,
    sidesite: *const c_char,
) -> *mut mjsWrap {
    crate::boundary! {
        wrap(tendon, mjtWrap_::mjWRAP_SPHERE, cstr(name), cstr(sidesite), 0.0)
    }
}

/// Append a joint with coefficient `coef` to a fixed tendon.
#[no_mangle]
pub unsafe extern "C" fn mjs_wrapJoint(tendon: *mut mjsTendon, name: *const c_char, coef: f64) -> *mut mjsWrap {
    crate::boundary! {
        wrap(tendon, mjtWrap_::mjWRAP_JOINT, cstr(name), "", coef)
    }
}

/// Append a pulley with `divisor` to a tendon's path.
#[no_mangle]
pub unsafe extern "C" fn mjs_wrapPulley(tendon: *mut mjsTendon, divisor: f64) -> *mut mjsWrap {
    crate::boundary! {
        wrap(tendon, mjtWrap_::mjWRAP_PULLEY, "", "", divisor)
    }
}

/// Number of wraps in a tendon's path.
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrapNum(tendonspec: *const mjsTendon) -> c_int {
    crate::boundary! {
        match tendon_of(tendonspec) {
            Some((sp, i)) => sp.tendons[i].path.len() as c_int,
            None => 0,
        }
    }
}

/// Wrap `i` of a tendon's path.
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrap(tendonspec: *const mjsTendon, i: c_int) -> *mut mjsWrap {
    crate::boundary! {
        let Some((sp, t)) = tendon_of(tendonspec) else { return ptr::null_mut() };
        let n = sp.tendons[t].path.len();
        if i < 0 || i as usize >= n {
            crate::runtime::error::raise(format_args!("Wrap index out of range (0, {})", n));
            return ptr::null_mut();
        }
        &mut sp.tendons[t].path[i as usize].c
    }
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
        } else if t == mjOBJ_TENDON as i32 {
            let $w = &mut *(el as *mut Tendon);
            $e
        } else if t == mjOBJ_EQUALITY as i32 {
            let $w = &mut *(el as *mut Equality);
            $e
        } else if t == mjOBJ_PAIR as i32 {
            let $w = &mut *(el as *mut Pair);
            $e
        } else if t == mjOBJ_EXCLUDE as i32 {
            let $w = &mut *(el as *mut Exclude);
            $e
        } else if t == mjOBJ_KEY as i32 {
            let $w = &mut *(el as *mut Key);
            $e
        } else if t == mjOBJ_NUMERIC as i32 {
            let $w = &mut *(el as *mut Numeric);
            $e
        } else if t == mjOBJ_TEXT as i32 {
            let $w = &mut *(el as *mut Text);
            $e
        } else if t == mjOBJ_TUPLE as i32 {
            let $w = &mut *(el as *mut Tuple);
            $e
        } else if t == mjOBJ_FLEX as i32 {
            let $w = &mut *(el as *mut Flex);
            $e
        } else if t == mjOBJ_PLUGIN as i32 {
            let $w = &mut *(el as *mut Plugin);
            $e
        } else if t == mjOBJ_MATERIAL as i32 {
            let $w = &mut *(el as *mut Material);
            $e
        } else if t == mjOBJ_TEXTURE as i32 {
            let $w = &mut *(el as *mut Texture);
            $e
        } else if t == mjOBJ_MESH as i32 {
            let $w = &mut *(el as *mut Mesh);
            $e
        } else if t == mjOBJ_HFIELD as i32 {
            let $w = &mut *(el as *mut HField);
            $e
        } else if t == mjOBJ_SKIN as i32 {
            let $w = &mut *(el as *mut Skin);
            $e
        } else {
            $none
        }
    }};
}

/// The name of an element.
#[no_mangle]
pub unsafe extern "C" fn mjs_getName(element: *mut mjsElement) -> *mut mjString {
    crate::boundary! {
        if element.is_null() {
            return ptr::null_mut();
        }
        if (*element).elemtype == mjtObj_::mjOBJ_DEFAULT as i32 {
            let d = &mut *(element as *mut spec::DefaultClass);
            return &mut d.name as *mut CxxString as *mut mjString;
        }
        with_elem!(element, |w| &mut w.name as *mut CxxString as *mut mjString, {
            match other_name(element) {
                Some(n) => n as *mut CxxString as *mut mjString,
                None => ptr::null_mut(),
            }
        })
    }
}

/// The name of an element that `with_elem!` does not cover: the spec's own element and a
/// tendon wrap (whose name is its target's); None for a foreign element type.
unsafe fn other_name<'a>(element: *mut mjsElement) -> Option<&'a mut CxxString> {
    // SAFETY: the pointer is null or an element handed out by this library's mjs_* API, which points into a live Spec (the mjs_* C contract)
    unsafe {
        let t = (*element).elemtype;
        if t == mjtObj_::mjOBJ_MODEL as i32 {
            Some(&mut wrapper::<Spec>(element as *mut c_void, offset_of!(Spec, head)).name)
        } else if t == mjtObj_::mjOBJ_UNKNOWN as i32 {
            Some(&mut (*(element as *mut spec::objects::Wrap)).name)
        } else {
            None
        }
    }
}

/// Rename an element; -1 (with the reason in `mjs_getError`) when the name is taken.
#[no_mangle]
pub unsafe extern "C" fn mjs_setName(element: *mut mjsElement, name: *const c_char) -> c_int {
    crate::boundary! {
        if element.is_null() {
            return -1;
        }
        let n = cstr(name);
        let t = (*element).elemtype;
        if t == mjtObj_::mjOBJ_DEFAULT as i32 {
            // upstream renames a class without any check
            (*(element as *mut spec::DefaultClass)).name.set(n);
            return 0;
        }
        with_elem!(element, |w| w.name.set(n), {
            match other_name(element) {
                Some(name) => {
                    name.set(n);
                    return 0;
                }
                None => return -1,
            }
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
}

/// The spec holding an element.
#[no_mangle]
pub unsafe extern "C" fn mjs_getSpec(element: *mut mjsElement) -> *mut mjSpec {
    crate::boundary! {
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
}

/// The body an element belongs to (a body's parent); NULL for the world and other kinds.
#[no_mangle]
pub unsafe extern "C" fn mjs_getParent(element: *mut mjsElement) -> *mut mjsBody {
    crate::boundary! {
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
macro_rules! no_body {
    ($($t:ty),*) => {$(impl InBody for $t {
        fn body_of(&self) -> Option<usize> {
            None
        }
    })*};
}
no_body!(
    Sensor, Tendon, Equality, Pair, Exclude, Key, Numeric, Text, Tuple, Flex, Plugin, Material, Texture, Mesh, HField,
    Skin
);
fn body_index(w: &impl InBody) -> Option<usize> {
    w.body_of()
}

/// A body found by name, searching the tree from the world.
#[no_mangle]
pub unsafe extern "C" fn mjs_findBody(s: *mut mjSpec, name: *const c_char) -> *mut mjsBody {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        let sp = spec_mut(s);
        let n = cstr(name);
        match find_in_tree(sp, 0, n) {
            Some(b) => &mut sp.bodies[b].c,
            None => ptr::null_mut(),
        }
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
    crate::boundary! {
        if body.is_null() {
            return ptr::null_mut();
        }
        let bw = body_mut(body);
        let b = bw.head.index;
        let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
        match find_in_tree(sp, b, cstr(name)) {
            Some(k) => &mut sp.bodies[k].c,
            None => ptr::null_mut(),
        }
    }
}

/// The C struct of the element at `element` when it has type `t`.
pub(super) unsafe fn as_kind<T, C>(element: *mut mjsElement, t: mjtObj_, c: impl FnOnce(&mut T) -> *mut C) -> *mut C {
    // SAFETY: the pointer is null or an element handed out by this library's mjs_* API, which points into a live Spec (the mjs_* C contract)
    unsafe {
        if element.is_null() || (*element).elemtype != t as i32 {
            return ptr::null_mut();
        }
        c(&mut *(element as *mut T))
    }
}

/// The element as a body, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asBody(element: *mut mjsElement) -> *mut mjsBody {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_BODY, |x: &mut Body| &mut x.c)
    }
}

/// The element as a frame, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asFrame(element: *mut mjsElement) -> *mut mjsFrame {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_FRAME, |x: &mut Frame| &mut x.c)
    }
}

/// The element as a joint, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asJoint(element: *mut mjsElement) -> *mut mjsJoint {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_JOINT, |x: &mut Joint| &mut x.c)
    }
}

/// The element as a geom, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asGeom(element: *mut mjsElement) -> *mut mjsGeom {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_GEOM, |x: &mut Geom| &mut x.c)
    }
}

/// The element as a site, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asSite(element: *mut mjsElement) -> *mut mjsSite {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_SITE, |x: &mut Site| &mut x.c)
    }
}

/// The element as a camera, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asCamera(element: *mut mjsElement) -> *mut mjsCamera {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_CAMERA, |x: &mut Camera| &mut x.c)
    }
}

/// The element as a light, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asLight(element: *mut mjsElement) -> *mut mjsLight {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_LIGHT, |x: &mut Light| &mut x.c)
    }
}

/// The element as a actuator, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asActuator(element: *mut mjsElement) -> *mut mjsActuator {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_ACTUATOR, |x: &mut Actuator| &mut x.c)
    }
}

/// The element as a sensor, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asSensor(element: *mut mjsElement) -> *mut mjsSensor {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_SENSOR, |x: &mut Sensor| &mut x.c)
    }
}

/// The element as a tendon, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asTendon(element: *mut mjsElement) -> *mut mjsTendon {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_TENDON, |x: &mut Tendon| &mut x.c)
    }
}

/// The element as a equality, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asEquality(element: *mut mjsElement) -> *mut mjsEquality {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_EQUALITY, |x: &mut Equality| &mut x.c)
    }
}

/// The element as a pair, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asPair(element: *mut mjsElement) -> *mut mjsPair {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_PAIR, |x: &mut Pair| &mut x.c)
    }
}

/// The element as a exclude, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asExclude(element: *mut mjsElement) -> *mut mjsExclude {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_EXCLUDE, |x: &mut Exclude| &mut x.c)
    }
}

/// The element as a keyframe, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asKey(element: *mut mjsElement) -> *mut mjsKey {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_KEY, |x: &mut Key| &mut x.c)
    }
}

/// The element as a numeric, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asNumeric(element: *mut mjsElement) -> *mut mjsNumeric {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_NUMERIC, |x: &mut Numeric| &mut x.c)
    }
}

/// The element as a text, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asText(element: *mut mjsElement) -> *mut mjsText {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_TEXT, |x: &mut Text| &mut x.c)
    }
}

/// The element as a tuple, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asTuple(element: *mut mjsElement) -> *mut mjsTuple {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_TUPLE, |x: &mut Tuple| &mut x.c)
    }
}

/// The id of an element in the last compiled model (-1 before compiling).
#[no_mangle]
pub unsafe extern "C" fn mjs_getId(element: *mut mjsElement) -> c_int {
    crate::boundary! {
        if element.is_null() {
            return -1;
        }
        with_elem!(element, |w| w.head.id, -1)
    }
}

/// The frame an element is placed in (NULL when none).
#[no_mangle]
pub unsafe extern "C" fn mjs_getFrame(element: *mut mjsElement) -> *mut mjsFrame {
    crate::boundary! {
        if element.is_null() {
            return ptr::null_mut();
        }
        let Some(sp) = owner(element) else { return ptr::null_mut() };
        let f: Option<usize> = with_elem!(element, |w| frame_of(w), None);
        match f {
            Some(f) => &mut sp.frames[f].c,
            None => ptr::null_mut(),
        }
    }
}

/// The frame holding a tree element.
trait InFrame {
    fn frame_of(&self) -> Option<usize>;
}
macro_rules! in_frame {
    ($($t:ty),*) => {$(impl InFrame for $t {
        fn frame_of(&self) -> Option<usize> {
            self.frame
        }
    })*};
}
in_frame!(Body, Joint, Geom, Site, Camera, Light);
impl InFrame for Frame {
    fn frame_of(&self) -> Option<usize> {
        self.parent
    }
}
impl InFrame for Actuator {
    fn frame_of(&self) -> Option<usize> {
        None
    }
}
macro_rules! no_frame {
    ($($t:ty),*) => {$(impl InFrame for $t {
        fn frame_of(&self) -> Option<usize> {
            None
        }
    })*};
}
no_frame!(
    Sensor, Tendon, Equality, Pair, Exclude, Key, Numeric, Text, Tuple, Flex, Plugin, Material, Texture, Mesh, HField,
    Skin
);
fn frame_of(w: &impl InFrame) -> Option<usize> {
    w.frame_of()
}

/// A frame found by name (the first in tree order).
#[no_mangle]
pub unsafe extern "C" fn mjs_findFrame(s: *mut mjSpec, name: *const c_char) -> *mut mjsFrame {
    crate::boundary! {
        let el = mjs_findElement(s, mjtObj_::mjOBJ_FRAME as i32, name);
        if el.is_null() {
            ptr::null_mut()
        } else {
            &mut (*(el as *mut Frame)).c
        }
    }
}

/// An element found by type and name: tree elements in tree order, actuators and sensors in
/// their lists.
#[no_mangle]
pub unsafe extern "C" fn mjs_findElement(s: *mut mjSpec, r#type: mjtObj, name: *const c_char) -> *mut mjsElement {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        let sp = spec_mut(s);
        let n = cstr(name);
        if let Some(k) = TreeKind::of(r#type) {
            if k == TreeKind::Body {
                return match find_in_tree(sp, 0, n) {
                    Some(b) => &mut sp.bodies[b].head.el,
                    None => ptr::null_mut(),
                };
            }
            let mut order = vec![0usize];
            order.extend(sp.subtree(0));
            for b in order {
                for i in sp.own(b, k) {
                    let el = sp.element_ptr(k, i);
                    if with_elem!(el, |w| w.name == n, false) {
                        return el;
                    }
                }
            }
            return ptr::null_mut();
        }
        if r#type == mjtObj_::mjOBJ_ACTUATOR as i32 {
            return sp.actuators.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_SENSOR as i32 {
            return sp.sensors.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_TENDON as i32 {
            return sp.tendons.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_EQUALITY as i32 {
            return sp.equalities.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_PAIR as i32 {
            return sp.pairs.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_EXCLUDE as i32 {
            return sp.excludes.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_KEY as i32 {
            return sp.keys.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_NUMERIC as i32 {
            return sp.numerics.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_TEXT as i32 {
            return sp.texts.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_TUPLE as i32 {
            return sp.tuples.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_FLEX as i32 {
            return sp.flexes.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_PLUGIN as i32 {
            return sp.plugins.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_MATERIAL as i32 {
            return sp.materials.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_HFIELD as i32 {
            return sp.hfields.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_SKIN as i32 {
            return sp.skins.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        // textures and meshes: also an unnamed one whose file has that stem
        let by_file = |name: &CxxString, file: &CxxString| *name == n || (name.is_empty() && spec::assets::file_stem(file) == n);
        if r#type == mjtObj_::mjOBJ_TEXTURE as i32 {
            return sp.textures.iter_mut().find(|x| by_file(&x.name, &x.file)).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_MESH as i32 {
            return sp.meshes.iter_mut().find(|x| by_file(&x.name, &x.file)).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        if r#type == mjtObj_::mjOBJ_XBODY as i32 {
            return sp.bodies.iter_mut().find(|x| x.name == n).map_or(ptr::null_mut(), |x| &mut x.head.el);
        }
        // upstream keeps no list of other types: nothing to find
        ptr::null_mut()
    }
}

/// The element after `child` (or the first when NULL) among body `b`'s children of type `t`.
unsafe fn next_child(body: *mut mjsBody, child: *mut mjsElement, t: mjtObj, recurse: bool) -> *mut mjsElement {
    // SAFETY: `body` and `child` are null or elements handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe {
        if body.is_null() {
            return ptr::null_mut();
        }
        let bw = body_mut(body);
        let b = bw.head.index;
        let Some(sp) = owner(&bw.head.el) else { return ptr::null_mut() };
        let fail = |sp: &mut Spec, msg: &str| {
            let e = Spec::element_error(msg, sp.bodies[b].name.as_str(), &sp.bodies[b].head, &sp.bodies[b].info);
            sp.set_error(&e, false);
            ptr::null_mut()
        };
        let t = if t == mjtObj_::mjOBJ_UNKNOWN as i32 {
            if child.is_null() {
                return fail(sp, "child type must be specified if no child element is given");
            }
            (*child).elemtype
        } else {
            if !child.is_null() && (*child).elemtype != t {
                return fail(sp, "child element is not of requested type");
            }
            t
        };
        let Some(k) = TreeKind::of(t) else {
            return fail(sp, "Body.NextChild supports the types: body, frame, geom, site, light, camera");
        };
        let list = sp.children(b, k, recurse);
        let mut found = child.is_null();
        for i in list {
            let el = sp.element_ptr(k, i);
            if found {
                return el;
            }
            if el == child {
                found = true;
            }
        }
        ptr::null_mut()
    }
}

/// The first child of a body of type `type` (with `recurse`, in the whole subtree).
#[no_mangle]
pub unsafe extern "C" fn mjs_firstChild(body: *mut mjsBody, r#type: mjtObj, recurse: c_int) -> *mut mjsElement {
    crate::boundary! {
        next_child(body, ptr::null_mut(), r#type, recurse != 0)
    }
}

/// The child after `child` of the same type (NULL after the last).
#[no_mangle]
pub unsafe extern "C" fn mjs_nextChild(body: *mut mjsBody, child: *mut mjsElement, recurse: c_int) -> *mut mjsElement {
    crate::boundary! {
        if child.is_null() {
            return ptr::null_mut();
        }
        next_child(body, child, (*child).elemtype, recurse != 0)
    }
}

/// The element after `element` (the first of type `t` when NULL) in the spec.
unsafe fn next_element(s: *mut mjSpec, element: *mut mjsElement, t: mjtObj) -> *mut mjsElement {
    // SAFETY: `s` is a live mjSpec of this library and `element` null or one of its elements (the mjs_* C contract)
    unsafe {
        if s.is_null() {
            return ptr::null_mut();
        }
        let sp = spec_mut(s);
        let t = if t == mjtObj_::mjOBJ_UNKNOWN as i32 {
            if element.is_null() {
                sp.set_error("Error: type must be specified if no element is given", false);
                return ptr::null_mut();
            }
            (*element).elemtype
        } else {
            if !element.is_null() && (*element).elemtype != t {
                sp.set_error("Error: element is not of requested type", false);
                return ptr::null_mut();
            }
            t
        };
        if t == mjtObj_::mjOBJ_BODY as i32 {
            let world: *mut mjsElement = &mut sp.bodies[0].head.el;
            if element.is_null() {
                return world;
            }
            let from = if element == world { ptr::null_mut() } else { element };
            return next_child(&mut sp.bodies[0].c, from, t, true);
        }
        if TreeKind::of(t).is_some() {
            return next_child(&mut sp.bodies[0].c, element, t, true);
        }
        let list: Vec<*mut mjsElement> = if t == mjtObj_::mjOBJ_ACTUATOR as i32 {
            sp.actuators.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_SENSOR as i32 {
            sp.sensors.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_TENDON as i32 {
            sp.tendons.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_EQUALITY as i32 {
            sp.equalities.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_PAIR as i32 {
            sp.pairs.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_EXCLUDE as i32 {
            sp.excludes.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_KEY as i32 {
            sp.keys.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_NUMERIC as i32 {
            sp.numerics.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_TEXT as i32 {
            sp.texts.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_TUPLE as i32 {
            sp.tuples.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_FLEX as i32 {
            sp.flexes.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_PLUGIN as i32 {
            sp.plugins.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_MESH as i32 {
            sp.meshes.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_HFIELD as i32 {
            sp.hfields.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_SKIN as i32 {
            sp.skins.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_TEXTURE as i32 {
            sp.textures.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else if t == mjtObj_::mjOBJ_MATERIAL as i32 {
            sp.materials.iter_mut().map(|x| &mut x.head.el as *mut mjsElement).collect()
        } else {
            // upstream iterates over no other type
            return ptr::null_mut();
        };
        if element.is_null() {
            return list.first().copied().unwrap_or(ptr::null_mut());
        }
        match list.iter().position(|&e| e == element) {
            Some(i) => list.get(i + 1).copied().unwrap_or(ptr::null_mut()),
            None => ptr::null_mut(),
        }
    }
}

/// The spec's first element of type `type`.
#[no_mangle]
pub unsafe extern "C" fn mjs_firstElement(s: *mut mjSpec, r#type: mjtObj) -> *mut mjsElement {
    crate::boundary! {
        next_element(s, ptr::null_mut(), r#type)
    }
}

/// The spec's element after `element` (NULL after the last).
#[no_mangle]
pub unsafe extern "C" fn mjs_nextElement(s: *mut mjSpec, element: *mut mjsElement) -> *mut mjsElement {
    crate::boundary! {
        if element.is_null() {
            return ptr::null_mut();
        }
        next_element(s, element, (*element).elemtype)
    }
}
