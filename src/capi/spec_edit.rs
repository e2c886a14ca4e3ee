//! The model-editing API beyond adding and finding elements: default classes, actuator
//! shortcuts, orientation and sensor helpers, tendon-wrap queries, user values and child specs.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::mem::offset_of;
use core::ptr;

use super::spec::{cstr, default_index, owner, spec_mut, wrapper};
use crate::abi::*;
use crate::spec::api::TreeKind;
use crate::spec::element::UserValue;
use crate::spec::{self, Spec};

// ---------------------------------------------------------------- default classes

fn class_ptr(sp: &mut Spec, i: usize) -> *mut mjsDefault {
    match sp.defaults.get_mut(i) {
        Some(d) => &mut d.c,
        None => ptr::null_mut(),
    }
}

/// Add a default class named `classname` under `parent` (NULL: "main"), starting as a copy of
/// the parent's defaults; NULL when the name is taken.
#[no_mangle]
pub unsafe extern "C" fn mjs_addDefault(
    s: *mut mjSpec,
    classname: *const c_char,
    parent: *const mjsDefault,
) -> *mut mjsDefault {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        let sp = spec_mut(s);
        let p = default_index(parent).unwrap_or(0);
        match sp.add_default(cstr(classname), p) {
            Some(i) => class_ptr(sp, i),
            None => ptr::null_mut(),
        }
    }
}

/// The default class with this name, NULL when there is none.
#[no_mangle]
pub unsafe extern "C" fn mjs_findDefault(s: *mut mjSpec, classname: *const c_char) -> *mut mjsDefault {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        let sp = spec_mut(s);
        match sp.find_default(cstr(classname)) {
            Some(i) => class_ptr(sp, i),
            None => ptr::null_mut(),
        }
    }
}

/// The spec's top default class ("main").
#[no_mangle]
pub unsafe extern "C" fn mjs_getSpecDefault(s: *mut mjSpec) -> *mut mjsDefault {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        class_ptr(spec_mut(s), 0)
    }
}

/// Kinds that belong to a default class.
fn has_class(t: mjtObj) -> bool {
    use mjtObj_::*;
    [
        mjOBJ_BODY,
        mjOBJ_JOINT,
        mjOBJ_GEOM,
        mjOBJ_SITE,
        mjOBJ_CAMERA,
        mjOBJ_LIGHT,
        mjOBJ_ACTUATOR,
        mjOBJ_TENDON,
        mjOBJ_EQUALITY,
        mjOBJ_PAIR,
        mjOBJ_MATERIAL,
        mjOBJ_MESH,
        mjOBJ_FLEX,
    ]
    .iter()
    .any(|&k| k as mjtObj == t)
}

/// The default class of an element (for a body: the class its new children take); NULL for
/// kinds that have no class.
#[no_mangle]
pub unsafe extern "C" fn mjs_getDefault(element: *mut mjsElement) -> *mut mjsDefault {
    crate::boundary! {
        if element.is_null() || !has_class((*element).elemtype) {
            return ptr::null_mut();
        }
        let Some(sp) = owner(element) else { return ptr::null_mut() };
        let class = if (*element).elemtype == mjtObj_::mjOBJ_BODY as mjtObj {
            wrapper::<spec::Body>(element as *mut c_void, 0).class
        } else {
            (*(element as *const spec::element::Head)).class
        };
        class_ptr(sp, class)
    }
}

/// Set the default class an element belongs to (its values are not changed).
#[no_mangle]
pub unsafe extern "C" fn mjs_setDefault(element: *mut mjsElement, def: *const mjsDefault) {
    crate::boundary! {
        let Some(i) = default_index(def) else { return };
        if element.is_null() {
            return;
        }
        if (*element).elemtype == mjtObj_::mjOBJ_BODY as mjtObj {
            wrapper::<spec::Body>(element as *mut c_void, 0).class = i;
        }
        (*(element as *mut spec::element::Head)).class = i;
    }
}

// ---------------------------------------------------------------- actuator shortcuts

fn msg(m: Option<&'static CStr>) -> *const c_char {
    m.unwrap_or(c"").as_ptr()
}

unsafe fn opt(p: *const f64) -> Option<f64> {
    // SAFETY: `p` is null or points to a valid number (the calling export's C contract)
    unsafe {
        if p.is_null() {
            None
        } else {
            Some(*p)
        }
    }
}

/// Make the actuator a motor; returns "" or the error in the values.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToMotor(actuator: *mut mjsActuator) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_motor(&mut *actuator))
    }
}

/// Make the actuator a position servo (`kv`, `dampratio`, `timeconst` optional).
#[no_mangle]
pub unsafe extern "C" fn mjs_setToPosition(
    actuator: *mut mjsActuator,
    kp: f64,
    kv: *mut f64,
    dampratio: *mut f64,
    timeconst: *mut f64,
    inheritrange: f64,
) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_position(&mut *actuator, kp, opt(kv), opt(dampratio), opt(timeconst), inheritrange))
    }
}

/// Make the actuator an integrated-velocity servo.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToIntVelocity(
    actuator: *mut mjsActuator,
    kp: f64,
    kv: *mut f64,
    dampratio: *mut f64,
    timeconst: *mut f64,
    inheritrange: f64,
) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_intvelocity(&mut *actuator, kp, opt(kv), opt(dampratio), opt(timeconst), inheritrange))
    }
}

/// Make the actuator a velocity servo.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToVelocity(actuator: *mut mjsActuator, kv: f64) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_velocity(&mut *actuator, kv))
    }
}

/// Make the actuator a damper.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToDamper(actuator: *mut mjsActuator, kv: f64) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_damper(&mut *actuator, kv))
    }
}

/// Make the actuator a pneumatic or hydraulic cylinder.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToCylinder(
    actuator: *mut mjsActuator,
    timeconst: f64,
    bias: f64,
    area: f64,
    diameter: f64,
) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_cylinder(&mut *actuator, timeconst, bias, area, diameter))
    }
}

/// Make the actuator a muscle; negative values keep the current (or muscle default) value.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mjs_setToMuscle(
    actuator: *mut mjsActuator,
    timeconst: *mut f64,
    tausmooth: f64,
    range: *mut f64,
    force: f64,
    scale: f64,
    lmin: f64,
    lmax: f64,
    vmax: f64,
    fpmax: f64,
    fvmax: f64,
) -> *const c_char {
    crate::boundary! {
        let tc = [*timeconst, *timeconst.add(1)];
        let r = [*range, *range.add(1)];
        msg(spec::shortcuts::set_muscle(&mut *actuator, tc, tausmooth, r, force, scale, lmin, lmax, vmax, fpmax, fvmax))
    }
}

/// Make the actuator an adhesion actuator.
#[no_mangle]
pub unsafe extern "C" fn mjs_setToAdhesion(actuator: *mut mjsActuator, gain: f64) -> *const c_char {
    crate::boundary! {
        msg(spec::shortcuts::set_adhesion(&mut *actuator, gain))
    }
}

// ---------------------------------------------------------------- orientation, sensors

/// Messages of `resolve_orientation`, NUL-terminated.
fn orientation_error(m: &str) -> &'static CStr {
    match m {
        "axisangle too small" => c"axisangle too small",
        "xaxis too small" => c"xaxis too small",
        "yaxis too small" => c"yaxis too small",
        "cross(xaxis, yaxis) too small" => c"cross(xaxis, yaxis) too small",
        "zaxis too small" => c"zaxis too small",
        "euler sequence can only contain x, y, z, X, Y, Z" => c"euler sequence can only contain x, y, z, X, Y, Z",
        _ => c"invalid orientation",
    }
}

/// Write the quaternion an alternative orientation stands for into `quat`; NULL on success,
/// else the error.
#[no_mangle]
pub unsafe extern "C" fn mjs_resolveOrientation(
    quat: *mut f64,
    degree: mjtByte,
    sequence: *const c_char,
    orientation: *const mjsOrientation,
) -> *const c_char {
    crate::boundary! {
        let mut q = [*quat, *quat.add(1), *quat.add(2), *quat.add(3)];
        let mut seq = [0u8; 3];
        if !sequence.is_null() {
            for (k, b) in seq.iter_mut().enumerate() {
                *b = *sequence.add(k) as u8;
                if *b == 0 {
                    break;
                }
            }
        }
        match crate::spec::util::resolve_orientation(&mut q, degree != 0, &seq, &*orientation) {
            Ok(()) => {
                core::ptr::copy_nonoverlapping(q.as_ptr(), quat, 4);
                ptr::null()
            }
            Err(m) => orientation_error(m).as_ptr(),
        }
    }
}

/// A tactile sensor's dimension: three per vertex of its mesh as last compiled (upstream
/// reads the mesh the compiler resolved; before any compile there is none, and this reports
/// an error instead of reading through a null pointer).
unsafe fn tactile_dim(s: &mjsSensor) -> c_int {
    // SAFETY: the sensor's object name pointers are the spec's own strings, alive with the sensor
    unsafe {
        let mesh = owner(s.element).and_then(|sp| {
            let m = sp.compiled.as_ref()?.model();
            if s.objname.is_null() {
                return None;
            }
            let name = CStr::from_ptr((*(s.objname as *const spec::CxxString)).c_str());
            let id = crate::model::names::name2id(m, mjtObj_::mjOBJ_MESH as c_int, name);
            (id >= 0).then(|| 3 * *m.mesh_vertnum.add(id as usize))
        });
        mesh.unwrap_or_else(|| {
            crate::runtime::error::raise(format_args!(
                "mjs_sensorDim: the mesh of a tactile sensor is known only once compiled"
            ));
            -1
        })
    }
}

/// Number of values a sensor outputs (0 for plugin sensors, -1 for an unknown type).
#[no_mangle]
pub unsafe extern "C" fn mjs_sensorDim(sensor: *const mjsSensor) -> c_int {
    crate::boundary! {
        use mjtSensor_::*;
        let s = &*sensor;
        let t = s.r#type;
        let is = |k: &[mjtSensor_]| k.iter().any(|&x| x as i32 == t);
        if is(&[
            mjSENS_TOUCH, mjSENS_RANGEFINDER, mjSENS_JOINTPOS, mjSENS_JOINTVEL, mjSENS_TENDONPOS, mjSENS_TENDONVEL,
            mjSENS_ACTUATORPOS, mjSENS_ACTUATORVEL, mjSENS_ACTUATORFRC, mjSENS_JOINTACTFRC, mjSENS_TENDONACTFRC,
            mjSENS_JOINTLIMITPOS, mjSENS_JOINTLIMITVEL, mjSENS_JOINTLIMITFRC, mjSENS_TENDONLIMITPOS,
            mjSENS_TENDONLIMITVEL, mjSENS_TENDONLIMITFRC, mjSENS_GEOMDIST, mjSENS_INSIDESITE, mjSENS_E_POTENTIAL,
            mjSENS_E_KINETIC, mjSENS_CLOCK,
        ]) {
            1
        } else if is(&[mjSENS_CAMPROJECTION]) {
            2
        } else if is(&[
            mjSENS_ACCELEROMETER, mjSENS_VELOCIMETER, mjSENS_GYRO, mjSENS_FORCE, mjSENS_TORQUE, mjSENS_MAGNETOMETER,
            mjSENS_BALLANGVEL, mjSENS_FRAMEPOS, mjSENS_FRAMEXAXIS, mjSENS_FRAMEYAXIS, mjSENS_FRAMEZAXIS,
            mjSENS_FRAMELINVEL, mjSENS_FRAMEANGVEL, mjSENS_FRAMELINACC, mjSENS_FRAMEANGACC, mjSENS_SUBTREECOM,
            mjSENS_SUBTREELINVEL, mjSENS_SUBTREEANGMOM, mjSENS_GEOMNORMAL,
        ]) {
            3
        } else if is(&[mjSENS_GEOMFROMTO]) {
            6
        } else if is(&[mjSENS_BALLQUAT, mjSENS_FRAMEQUAT]) {
            4
        } else if is(&[mjSENS_CONTACT]) {
            s.intprm[2] * crate::runtime::text::condata_size(s.intprm[0])
        } else if is(&[mjSENS_TACTILE]) {
            tactile_dim(s)
        } else if is(&[mjSENS_USER]) {
            s.dim
        } else if is(&[mjSENS_PLUGIN]) {
            0
        } else {
            -1
        }
    }
}

// ---------------------------------------------------------------- tendon wraps

/// The element of kind `t` named `name` (`mjs_findElement`).
unsafe fn find(sp: &mut Spec, t: mjtObj, name: &str) -> *mut mjsElement {
    // SAFETY: elements stored in a Spec are live for as long as the Spec is
    unsafe {
        let n = std::ffi::CString::new(name).unwrap_or_default();
        super::spec::mjs_findElement(&mut sp.c, t, n.as_ptr())
    }
}

/// The wrapper of a wrap C struct.
unsafe fn wrap_of<'a>(w: *mut mjsWrap) -> &'a mut spec::Wrap {
    // SAFETY: `w` is a wrap handed out by mjs_wrap*, which points into a live Spec (the mjs_* C contract)
    unsafe { wrapper(w as *mut c_void, offset_of!(spec::Wrap, c)) }
}

/// The element a wrap goes around or through (geom, site or joint); NULL for a pulley.
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrapTarget(wrap: *mut mjsWrap) -> *mut mjsElement {
    crate::boundary! {
        use mjtWrap_::*;
        let w = wrap_of(wrap);
        let t = w.c.r#type;
        let kind = if t == mjWRAP_SPHERE as i32 || t == mjWRAP_CYLINDER as i32 {
            mjtObj_::mjOBJ_GEOM
        } else if t == mjWRAP_SITE as i32 {
            mjtObj_::mjOBJ_SITE
        } else if t == mjWRAP_JOINT as i32 {
            mjtObj_::mjOBJ_JOINT
        } else {
            return ptr::null_mut();
        };
        let target = w.target.as_str().to_string();
        let Some(sp) = owner(&w.head.el) else { return ptr::null_mut() };
        find(sp, kind as mjtObj, &target)
    }
}

/// The side site of a sphere or cylinder wrap, NULL when it has none.
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrapSideSite(wrap: *mut mjsWrap) -> *mut mjsSite {
    crate::boundary! {
        use mjtWrap_::*;
        let w = wrap_of(wrap);
        let t = w.c.r#type;
        if (t != mjWRAP_SPHERE as i32 && t != mjWRAP_CYLINDER as i32) || w.sidesite.as_bytes().is_empty() {
            return ptr::null_mut();
        }
        let (side, name) = (w.sidesite.as_str().to_string(), w.target.as_str().to_string());
        let Some(sp) = owner(&w.head.el) else { return ptr::null_mut() };
        let el = find(sp, mjtObj_::mjOBJ_SITE as mjtObj, &side);
        if el.is_null() {
            crate::runtime::error::warn(format_args!("Could not find side site {} for wrap {} in spec", side, name));
            return ptr::null_mut();
        }
        &mut wrapper::<spec::Site>(el as *mut c_void, 0).c
    }
}

/// The divisor of a pulley (1 with a warning for other wraps).
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrapDivisor(wrap: *mut mjsWrap) -> f64 {
    crate::boundary! {
        let w = wrap_of(wrap);
        if w.c.r#type != mjtWrap_::mjWRAP_PULLEY as i32 {
            crate::runtime::error::warn(format_args!("Querying divisor attribute of non-pulley wrap: {}", w.target.as_str()));
            return 1.0;
        }
        w.prm
    }
}

/// The coefficient of a joint wrap (1 with a warning for other wraps).
#[no_mangle]
pub unsafe extern "C" fn mjs_getWrapCoef(wrap: *mut mjsWrap) -> f64 {
    crate::boundary! {
        let w = wrap_of(wrap);
        if w.c.r#type != mjtWrap_::mjWRAP_JOINT as i32 {
            crate::runtime::error::warn(format_args!("Querying coef attribute of non-joint wrap: {}", w.target.as_str()));
            return 1.0;
        }
        w.prm
    }
}

// ---------------------------------------------------------------- user values

/// The spec holding an element, the spec itself for its own element.
unsafe fn holder<'a>(element: *mut mjsElement) -> Option<&'a mut Spec> {
    // SAFETY: the pointer is null or an element handed out by this library's mjs_* API, which points into a live Spec (the mjs_* C contract)
    unsafe {
        if element.is_null() {
            return None;
        }
        if (*element).elemtype == mjtObj_::mjOBJ_MODEL as mjtObj {
            return Some(wrapper::<Spec>(element as *mut c_void, offset_of!(Spec, head)));
        }
        owner(element)
    }
}

/// Attach `data` to an element under `key`, replacing an earlier value.
#[no_mangle]
pub unsafe extern "C" fn mjs_setUserValue(element: *mut mjsElement, key: *const c_char, data: *const c_void) {
    crate::boundary! {
        mjs_setUserValueWithCleanup(element, key, data, None);
    }
}

/// Attach `data` to an element under `key`; `cleanup` runs on it when the value is replaced or
/// deleted, or the element or its spec is deleted.
#[no_mangle]
pub unsafe extern "C" fn mjs_setUserValueWithCleanup(
    element: *mut mjsElement,
    key: *const c_char,
    data: *const c_void,
    cleanup: Option<unsafe extern "C" fn(*const c_void)>,
) {
    crate::boundary! {
        let Some(sp) = holder(element) else { return };
        let v = UserValue { data, cleanup };
        // the old value's cleanup runs when it is dropped here
        sp.user_values.entry(element as usize).or_default().insert(cstr(key).to_string(), v);
    }
}

/// The value attached to an element under `key`, NULL when there is none.
#[no_mangle]
pub unsafe extern "C" fn mjs_getUserValue(element: *mut mjsElement, key: *const c_char) -> *const c_void {
    crate::boundary! {
        let Some(sp) = holder(element) else { return ptr::null() };
        match sp.user_values.get(&(element as usize)).and_then(|m| m.get(cstr(key))) {
            Some(v) => v.data,
            None => ptr::null(),
        }
    }
}

/// Remove the value attached under `key` (its cleanup runs).
#[no_mangle]
pub unsafe extern "C" fn mjs_deleteUserValue(element: *mut mjsElement, key: *const c_char) {
    crate::boundary! {
        let Some(sp) = holder(element) else { return };
        if let Some(m) = sp.user_values.get_mut(&(element as usize)) {
            m.remove(cstr(key));
        }
    }
}

// ---------------------------------------------------------------- child specs

/// Give `child` to the spec as a model asset: the caller's reference to it passes to the spec,
/// which keeps it alive while the spec (or a copy of it) lives.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjs_addSpec(s: *mut mjSpec, child: *mut mjSpec) {
    crate::boundary! {
        if s.is_null() || child.is_null() {
            return;
        }
        // the client's reference passes to the parent
        let c = spec::SpecRef::adopt_raw(spec_mut(child) as *mut Spec);
        let name = c.modelname.as_str().to_string();
        spec_mut(s).models.push((name, c));
    }
}

/// The child spec (model asset) whose model name is `name`, NULL when there is none.
#[no_mangle]
pub unsafe extern "C" fn mjs_findSpec(s: *mut mjSpec, name: *const c_char) -> *mut mjSpec {
    crate::boundary! {
        if s.is_null() {
            return ptr::null_mut();
        }
        let name = cstr(name);
        for (_, c) in spec_mut(s).models.iter_mut() {
            if c.modelname.as_str() == name {
                c.adopt();
                return &mut c.c;
            }
        }
        ptr::null_mut()
    }
}

/// Whether attaching copies the child's elements (1) or moves them (0); returns 0.
#[no_mangle]
pub unsafe extern "C" fn mjs_setDeepCopy(s: *mut mjSpec, deepcopy: c_int) -> c_int {
    crate::boundary! {
        if !s.is_null() {
            spec_mut(s).deepcopy = deepcopy != 0;
        }
        0
    }
}

// ---------------------------------------------------------------- deleting

/// Remove an element from the spec: a body with its subtree (and everything that refers into
/// it), a default class with its descendants, or a single element. Returns 0, or -1 with the
/// error in `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mjs_delete(s: *mut mjSpec, element: *mut mjsElement) -> c_int {
    crate::boundary! {
        if s.is_null() {
            return -1;
        }
        let sp = spec_mut(s);
        if element.is_null() {
            sp.set_error("Error: Element is null.", false);
            return -1;
        }
        let t = (*element).elemtype;
        let head = &*(element as *const spec::element::Head);
        if head.spec != sp as *mut Spec as usize {
            let what = if t == mjtObj_::mjOBJ_DEFAULT as mjtObj { "default" } else { "element" };
            sp.set_error(&format!("Error: {} is not in this model", what), false);
            return -1;
        }
        let i = head.index;
        let r = super::guard("mjs_delete", Err(String::new()), || {
            if t == mjtObj_::mjOBJ_DEFAULT as mjtObj {
                sp.delete_default(i)
            } else if t == mjtObj_::mjOBJ_BODY as mjtObj {
                sp.delete_body(i)
            } else {
                sp.delete_element(t, i);
                Ok(())
            }
        });
        match r {
            Ok(()) => 0,
            Err(m) => {
                sp.set_error(&format!("Error: {}", m), false);
                -1
            }
        }
    }
}

// ---------------------------------------------------------------- frames and attaching

/// Place an element (body, frame, joint, geom, site, camera, light) in `frame`, which must
/// belong to the same body. Returns 0, or -1 with the error in `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mjs_setFrame(dest: *mut mjsElement, frame: *mut mjsFrame) -> c_int {
    crate::boundary! {
        if dest.is_null() || frame.is_null() {
            return -1;
        }
        let f = wrapper::<spec::Frame>(frame as *mut c_void, offset_of!(spec::Frame, c)).head.index;
        let Some(k) = TreeKind::of((*dest).elemtype) else { return -1 };
        let i = (*(dest as *const spec::element::Head)).index;
        let Some(sp) = owner(dest) else { return -1 };
        match sp.set_frame(k, i, f) {
            Ok(()) => 0,
            Err(m) => {
                sp.set_error(&m, false);
                -1
            }
        }
    }
}

/// Turn a body into a frame of its parent (its children move to the parent, inside the
/// frame); `*body` is set to NULL. Returns the frame.
#[no_mangle]
pub unsafe extern "C" fn mjs_bodyToFrame(body: *mut *mut mjsBody) -> *mut mjsFrame {
    crate::boundary! {
        if body.is_null() || (*body).is_null() {
            return ptr::null_mut();
        }
        let b = super::spec::body_mut(*body).head.index;
        let Some(sp) = owner(&super::spec::body_mut(*body).head.el) else { return ptr::null_mut() };
        let r = super::guard("mjs_bodyToFrame", Err(String::new()), || sp.body_to_frame(b));
        match r {
            Ok(f) => {
                *body = ptr::null_mut();
                &mut sp.frames[f].c
            }
            Err(m) => {
                sp.set_error(&format!("Error: {}", m), false);
                ptr::null_mut()
            }
        }
    }
}

/// A new frame of site `i`'s body at the site's position and orientation (resolved with the
/// spec's angle settings), inside the site's frame, where an attach to the site goes.
fn site_frame(sp: &mut Spec, i: usize) -> (usize, usize) {
    let (b, outer) = (sp.sites[i].body, sp.sites[i].frame);
    let mut quat = sp.sites[i].quat;
    let alt = sp.sites[i].alt;
    let (deg, seq) = (sp.compiler.degree != 0, *sp.compiler.seq());
    let _ = crate::spec::util::resolve_orientation(&mut quat, deg, &seq, &alt);
    let f = sp.add_frame(b, outer);
    sp.frames[f].pos = sp.sites[i].pos;
    sp.frames[f].quat = quat;
    (b, f)
}

/// Attach a body or frame of a spec (the same one with deep copy, or another), or a whole
/// spec (`child` is then the spec's element: a frame added to its world holds everything there
/// and is attached), to a frame, body or site, names prefixed and suffixed; the child's default
/// classes, assets, referencing elements and keyframes come along, and the parent keeps the
/// child spec (`mjs_findSpec`). Returns the attached body or frame, NULL with the error in
/// `mjs_getError`.
#[no_mangle]
pub unsafe extern "C" fn mjs_attach(
    parent: *mut mjsElement,
    child: *const mjsElement,
    prefix: *const c_char,
    suffix: *const c_char,
) -> *mut mjsElement {
    crate::boundary! {
        use mjtObj_::*;
        use spec::edit::Part;
        if parent.is_null() {
            crate::runtime::error::raise(format_args!("parent element is null"));
            return ptr::null_mut();
        }
        if child.is_null() {
            crate::runtime::error::raise(format_args!("child element is null"));
            return ptr::null_mut();
        }
        let Some(sp) = owner(parent) else { return ptr::null_mut() };
        let is = |t: mjtObj, k: mjtObj_| t == k as mjtObj;
        let ct = (*child).elemtype;
        let index = (*(child as *const spec::element::Head)).index;
        let (c, part): (*mut Spec, Option<Part>) = if is(ct, mjOBJ_MODEL) {
            let c = wrapper::<Spec>(child as *mut c_void, offset_of!(Spec, head));
            let f = c.frame_world();
            (c as *mut Spec, Some(Part::Frame(f)))
        } else {
            let c = owner(child).map_or(ptr::null_mut(), |c| c as *mut Spec);
            let part = if is(ct, mjOBJ_BODY) {
                Some(Part::Body(index))
            } else if is(ct, mjOBJ_FRAME) {
                Some(Part::Frame(index))
            } else {
                None
            };
            (c, part)
        };
        let pt = (*parent).elemtype;
        let pi = (*(parent as *const spec::element::Head)).index;
        let fail = |sp: &mut Spec, m: &str| {
            sp.set_error(&format!("Error: {}", m), false);
            ptr::null_mut()
        };
        // where the child goes: body, frame it is placed in, and the frame an attached frame is
        // placed in afterwards
        let (b, frame, outer) = if is(pt, mjOBJ_FRAME) {
            match part {
                Some(Part::Body(_)) => (sp.frames[pi].body, Some(pi), None),
                Some(_) => (sp.frames[pi].body, None, Some(pi)),
                None => return fail(sp, "child element is not a body or frame"),
            }
        } else if is(pt, mjOBJ_BODY) {
            match part {
                Some(Part::Frame(_)) => (pi, None, None),
                _ => return fail(sp, "child element is not a frame"),
            }
        } else if is(pt, mjOBJ_SITE) {
            match part {
                Some(Part::Body(_)) => {
                    let (b, f) = site_frame(sp, pi);
                    (b, Some(f), None)
                }
                Some(_) => {
                    let (b, f) = site_frame(sp, pi);
                    (b, None, Some(f))
                }
                None => return fail(sp, "child element is not a body or frame"),
            }
        } else {
            return fail(sp, "parent element is not a frame, body or site");
        };
        let Some(part) = part else { return ptr::null_mut() };
        if c.is_null() {
            return ptr::null_mut();
        }
        let (pre, suf) = (cstr(prefix).to_string(), cstr(suffix).to_string());
        let same = core::ptr::eq(c as *const Spec, sp as *const Spec);
        let r = super::guard("mjs_attach", Err(String::new()), || {
            let r = if same { sp.attach_own(part, b, frame, &pre, &suf) } else { sp.attach_from(&mut *c, part, b, frame, &pre, &suf) };
            match (r, outer) {
                (Ok(spec::edit::Attached::Frame(i)), Some(f)) => sp.set_frame(TreeKind::Frame, i, f).map(|()| spec::edit::Attached::Frame(i)),
                (r, _) => r,
            }
        });
        match r {
            Ok(spec::edit::Attached::Body(i)) => &mut sp.bodies[i].head.el,
            Ok(spec::edit::Attached::Frame(i)) => &mut sp.frames[i].head.el,
            Err(m) => {
                if m.starts_with("Error: ") {
                    sp.set_error(&m, false);
                } else {
                    sp.set_error(&format!("Error: {}", m), false);
                }
                ptr::null_mut()
            }
        }
    }
}

// ---------------------------------------------------------------- parsing, recompiling

/// Parse a spec from a file: MJCF (".xml" or content type "text/xml"), else through the
/// decoder registered for the content type or extension.
#[no_mangle]
pub unsafe extern "C" fn mj_parse(
    filename: *const c_char,
    content_type: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    error_sz: c_int,
) -> *mut mjSpec {
    crate::boundary! {
        let name = cstr(filename);
        let ct = cstr(content_type);
        if name.ends_with(".xml") || ct == "text/xml" {
            return super::spec::mj_parseXML(filename, vfs, error, error_sz);
        }
        let mut res = super::mju_util::mju_openResource(c"".as_ptr(), filename, vfs, error, error_sz.max(0) as usize);
        if res.is_null() {
            // decoders may find the content themselves from the name alone
            res = crate::runtime::alloc::malloc(core::mem::size_of::<mjResource>()) as *mut mjResource;
            if res.is_null() {
                super::write_error(error, error_sz, "could not allocate memory");
                return ptr::null_mut();
            }
            ptr::write_bytes(res, 0, 1);
            let n = name.len();
            let buf = crate::runtime::alloc::malloc(n + 1) as *mut u8;
            if buf.is_null() {
                crate::runtime::alloc::free(res as *mut c_void);
                super::write_error(error, error_sz, "could not allocate memory");
                return ptr::null_mut();
            }
            ptr::copy_nonoverlapping(name.as_ptr(), buf, n);
            *buf.add(n) = 0;
            (*res).name = buf as *mut c_char;
        }
        let s = super::plugin::mju_decodeResource(res, content_type);
        super::mju_util::mju_closeResource(res);
        s
    }
}

/// Values of the simulation state that follow an element across a recompile (NaN: none).
#[derive(Default)]
struct Saved {
    joints: std::collections::HashMap<usize, (Vec<f64>, Vec<f64>)>,
    acts: std::collections::HashMap<usize, (Vec<f64>, f64)>,
    mocap: std::collections::HashMap<usize, ([f64; 3], [f64; 4])>,
}

/// The state of `d` by element, read at the addresses the elements had in `m` (the model
/// last compiled from the spec).
unsafe fn save_state(sp: &Spec, m: &mjModel, d: &mjData) -> Saved {
    // SAFETY: `d` is data made for `m` (the C caller's contract of mj_recompile)
    unsafe {
        let arr = |p: *const f64, a: usize, n: usize| core::slice::from_raw_parts(p.add(a), n).to_vec();
        let mut out = Saved { joints: Default::default(), acts: Default::default(), mocap: Default::default() };
        for j in sp.joints.iter() {
            let id = j.head.last;
            if id < 0 || id >= m.njnt {
                continue;
            }
            let (nq, nv) = crate::spec::joint_size(j.r#type);
            let (qa, va) = (*m.jnt_qposadr.add(id as usize) as usize, *m.jnt_dofadr.add(id as usize) as usize);
            let q = if qa + nq <= m.nq as usize { arr(d.qpos, qa, nq) } else { Vec::new() };
            let v = if va + nv <= m.nv as usize { arr(d.qvel, va, nv) } else { Vec::new() };
            out.joints.insert(j.ptr() as usize, (q, v));
        }
        for (i, a) in sp.actuators.iter().enumerate() {
            let id = a.head.last;
            let mut act = Vec::new();
            if id >= 0 && id < m.nu {
                let (adr, num) = (*m.actuator_actadr.add(id as usize), *m.actuator_actnum.add(id as usize));
                if adr >= 0 && num > 0 {
                    act = arr(d.act, adr as usize, num as usize);
                }
            }
            // upstream reads the control at the actuator's place in the list
            let ctrl = if (i as i32) < m.nu { *d.ctrl.add(i) } else { f64::NAN };
            out.acts.insert(a.ptr() as usize, (act, ctrl));
        }
        for b in sp.bodies.iter() {
            let id = b.head.last;
            if b.mocap == 0 || id < 0 || id >= m.nbody {
                continue;
            }
            let mid = *m.body_mocapid.add(id as usize);
            if mid < 0 {
                continue;
            }
            let p = arr(d.mocap_pos, 3 * mid as usize, 3);
            let q = arr(d.mocap_quat, 4 * mid as usize, 4);
            out.mocap.insert(b.ptr() as usize, ([p[0], p[1], p[2]], [q[0], q[1], q[2], q[3]]));
        }
        out
    }
}

/// Writes saved values into `d` at the elements' addresses in the new model `m`; what was not
/// saved starts from the model's reference configuration.
unsafe fn restore_state(sp: &Spec, m: &mjModel, d: &mut mjData, saved: &Saved) {
    // SAFETY: `d` is data made for `m` (the C caller's contract of mj_recompile)
    unsafe {
        let put = |dst: *mut f64, a: usize, v: &[f64]| core::ptr::copy_nonoverlapping(v.as_ptr(), dst.add(a), v.len());
        for j in sp.joints.iter() {
            let id = j.head.id;
            if id < 0 || id >= m.njnt {
                continue;
            }
            let (qa, va) = (*m.jnt_qposadr.add(id as usize) as usize, *m.jnt_dofadr.add(id as usize) as usize);
            let (nq, nv) = crate::spec::joint_size(*m.jnt_type.add(id as usize));
            match saved.joints.get(&(j.ptr() as usize)) {
                Some((q, _)) if q.len() == nq => put(d.qpos, qa, q),
                _ => put(d.qpos, qa, core::slice::from_raw_parts(m.qpos0.add(qa), nq)),
            }
            if let Some((_, v)) = saved.joints.get(&(j.ptr() as usize)) {
                if v.len() == nv {
                    put(d.qvel, va, v);
                }
            }
        }
        for (i, a) in sp.actuators.iter().enumerate() {
            if i as i32 >= m.nu {
                break;
            }
            let s = saved.acts.get(&(a.ptr() as usize));
            if let Some((act, _)) = s {
                let (adr, num) = (*m.actuator_actadr.add(i), *m.actuator_actnum.add(i));
                if !act.is_empty() && adr >= 0 && num as usize == act.len() {
                    put(d.act, adr as usize, act);
                }
            }
            *d.ctrl.add(i) = match s {
                Some((_, c)) if !c.is_nan() => *c,
                _ => 0.0,
            };
        }
        for b in sp.bodies.iter() {
            let i = b.head.id;
            if b.mocap == 0 || i < 0 || i >= m.nbody {
                continue;
            }
            let i = i as usize;
            let mid = *m.body_mocapid.add(i);
            if mid < 0 {
                continue;
            }
            match saved.mocap.get(&(b.ptr() as usize)) {
                Some((p, q)) => {
                    put(d.mocap_pos, 3 * mid as usize, p);
                    put(d.mocap_quat, 4 * mid as usize, q);
                }
                None => {
                    put(d.mocap_pos, 3 * mid as usize, core::slice::from_raw_parts(m.body_pos.add(3 * i), 3));
                    put(d.mocap_quat, 4 * mid as usize, core::slice::from_raw_parts(m.body_quat.add(4 * i), 4));
                }
            }
        }
    }
}

/// Compile the spec again into `m` (replaced in place); with `d`, the data is remade for the
/// new model and keeps the state of the elements that were there before (time included).
/// Returns 0, or -1 with the error in `mjs_getError` (`m` and `d` are then left as they were).
#[no_mangle]
pub unsafe extern "C" fn mj_recompile(s: *mut mjSpec, vfs: *const mjVFS, m: *mut mjModel, d: *mut mjData) -> c_int {
    crate::boundary! {
        if s.is_null() || m.is_null() {
            crate::mjerror!("mj_recompile", "NULL argument");
            return -1;
        }
        let sp = spec_mut(s);
        // the state is read at the addresses of the spec's last compiled model, which `d` belongs
        // to, as upstream's does: the caller's `m` may be a bare allocation (the Python bindings
        // pass one)
        let saved = if d.is_null() {
            None
        } else {
            let st = match sp.compiled.as_ref() {
                Some(c) => save_state(sp, c.model(), &*d),
                None => Saved::default(),
            };
            Some((st, (*d).time))
        };
        let new = super::spec::mj_compile(s, vfs);
        if new.is_null() {
            return -1;
        }
        // the caller's model takes the new contents; the old ones are freed with the temporary
        ptr::swap(m, new);
        super::model::mj_deleteModel(new);
        if let Some((st, time)) = saved {
            let mut dp = d;
            super::data::mj_makeRawData(&mut dp, m);
            super::data::mj_initPlugin(m, d);
            super::data::mj_resetData(m, d);
            restore_state(sp, &*m, &mut *d, &st);
            (*d).time = time;
        }
        0
    }
}
