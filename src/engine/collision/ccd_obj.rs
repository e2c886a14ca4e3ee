//! The C view of convex objects for the internal entry points upstream's library exports
//! (`mjc_initCCDObj`, `mjc_center`, `mjc_ccd`, `mjccd_center`, `mjccd_support`): upstream's
//! `mjCCDObj` and `mjCCDConfig` layouts, the support and centre functions an initialised object
//! points to, and the conversion to and from the engine's [`CcdObj`].
//!
//! An object whose `support` or `center` is one of this library's functions runs the engine's
//! own code; any other function pointer (a caller's own shape) is called back, with the object's
//! margin and mesh warm-start indices kept in step with the engine's copy.

use core::ffi::{c_int, c_void};

use super::convex::{CcdObj, CenterMode, Kind};
use super::gjk::{ccd, CcdConfig, CcdStatus, EpaMemory};
use crate::abi::*;

use mjtGeom_::*;

/// Support function of a C object: `res` = support point along `dir`.
pub type SupportFn = unsafe extern "C" fn(res: *mut mjtNum, obj: *mut mjCCDObj, dir: *const mjtNum);
/// Centre function of a C object.
pub type CenterFn = unsafe extern "C" fn(res: *mut mjtNum, obj: *const mjCCDObj);

/// Upstream's `mjCCDObj` (engine_collision_convex.h), field for field.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct mjCCDObj {
    pub model: *const mjModel,
    pub data: *const mjData,
    pub geom: c_int,
    pub geom_type: c_int,
    pub vertindex: c_int,
    pub meshindex: c_int,
    pub flex: c_int,
    pub elem: c_int,
    pub vert: c_int,
    pub margin: mjtNum,
    pub rotate: [mjtNum; 4],
    pub center: Option<CenterFn>,
    pub support: Option<SupportFn>,
    pub prism: [[mjtNum; 3]; 6],
    pub size: *const mjtNum,
    pub hfield_data: *const f32,
    pub hfield_nrow: c_int,
    pub hfield_ncol: c_int,
}

/// Upstream's `mjCCDConfig` (engine_collision_gjk.h).
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct mjCCDConfig {
    pub max_iterations: c_int,
    pub tolerance: mjtNum,
    pub max_contacts: c_int,
    pub dist_cutoff: mjtNum,
    pub context: *mut c_void,
    pub alloc: Option<unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void>,
    pub free: Option<unsafe extern "C" fn(*mut c_void, *mut c_void)>,
}

/// Runs `f`, reporting a panic through `mju_error` (these functions are called from C through
/// the object's pointers, not only through the exported entry points).
fn shielded<R>(func: &str, fallback: R, f: impl FnOnce() -> R) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(_) => {
            crate::mjerror!(func, "internal error (Rust panic); please report this as a bug");
            fallback
        }
    }
}

macro_rules! support_fns {
    ($($name:ident => $kind:expr),* $(,)?) => {
        $(
            unsafe extern "C" fn $name(res: *mut mjtNum, obj: *mut mjCCDObj, dir: *const mjtNum) {
                support_with(res, obj, dir, $kind);
            }
        )*
        /// The support functions `mjc_initCCDObj` hands out, with the kind each stands for.
        const SUPPORT_FNS: &[(SupportFn, Kind)] = &[$(($name as SupportFn, $kind)),*];
    };
}

support_fns! {
    support_sphere => Kind::Sphere,
    support_capsule => Kind::Capsule,
    support_ellipsoid => Kind::Ellipsoid,
    support_cylinder => Kind::Cylinder,
    support_box => Kind::Box,
    support_mesh => Kind::Mesh,
    support_hillclimb => Kind::HillClimb,
    support_prism => Kind::Prism,
    support_flex => Kind::Flex,
}

/// `mjc_center` as an object's centre function.
unsafe extern "C" fn center_plain(res: *mut mjtNum, obj: *const mjCCDObj) {
    center(res, obj);
}

/// `mjc_prism_center` as an object's centre function.
unsafe extern "C" fn center_prism(res: *mut mjtNum, obj: *const mjCCDObj) {
    shielded("mjc_prism_center", (), || {
        if res.is_null() || obj.is_null() {
            return;
        }
        let mut sum = [0.0; 3];
        for p in &(*obj).prism {
            crate::math::blas::add_to3(&mut sum, p);
        }
        let s = 1.0 / 6.0;
        *(res as *mut [f64; 3]) = [sum[0] * s, sum[1] * s, sum[2] * s];
    })
}

/// Support point of a C object by the engine's function of the given kind.
unsafe fn support_with(res: *mut mjtNum, obj: *mut mjCCDObj, dir: *const mjtNum, kind: Kind) {
    shielded("mjc_support", (), || {
        if res.is_null() || dir.is_null() {
            return;
        }
        let mut prism = [[0.0; 3]; 6];
        let Some(mut o) = engine_obj(obj, &mut prism) else { return };
        o.kind = kind;
        let r = o.support(&*(dir as *const [f64; 3]));
        *(res as *mut [f64; 3]) = r;
        write_back(obj, &o);
    })
}

/// The engine's copy of a C object (None for a null object, model or data), with the C
/// object's prism copied into `prism`; support and centre kinds from its function pointers.
unsafe fn engine_obj<'a>(obj: *const mjCCDObj, prism: &'a mut [[f64; 3]; 6]) -> Option<CcdObj<'a>> {
    let c = obj.as_ref()?;
    let (m, d) = (c.model.as_ref()?, c.data.as_ref()?);
    let mut o = CcdObj::new(m, d, -1, c.margin);
    o.geom = c.geom;
    if o.geom >= 0 && o.geom < m.ngeom {
        // the mesh of the geom's data id, as upstream's mesh support functions read it
        o.load_geom_frame();
        o.load_mesh(true);
    }
    o.geom_type = c.geom_type;
    o.vertindex = c.vertindex;
    o.meshindex = c.meshindex;
    o.set_flex(c.flex, c.elem, c.vert);
    *prism = c.prism;
    o.prism = Some(prism);
    o.kind = match c.support {
        None => Kind::Undefined,
        Some(f) => SUPPORT_FNS.iter().find(|(g, _)| *g as usize == f as usize).map_or(Kind::Foreign, |&(_, k)| k),
    };
    o.center_mode = match c.center {
        Some(f) if f as usize == center_plain as CenterFn as usize => CenterMode::Plain,
        Some(f) if f as usize == center_prism as CenterFn as usize => CenterMode::Prism,
        Some(_) => CenterMode::Foreign,
        None => CenterMode::Plain,
    };
    o.cobj = obj as *mut c_void;
    Some(o)
}

/// Copies the fields the engine changes (mesh warm starts) back to the C object.
unsafe fn write_back(obj: *mut mjCCDObj, o: &CcdObj) {
    if let Some(c) = obj.as_mut() {
        c.vertindex = o.vertindex;
        c.meshindex = o.meshindex;
    }
}

/// Support point from a C caller's own support function; the C object sees the engine's
/// margin and warm-start indices and may update the latter.
///
/// # Safety
/// `o.cobj` must be the live C object `o` was made from.
pub(crate) unsafe fn foreign_support(o: &mut CcdObj, dir: &[f64; 3]) -> [f64; 3] {
    let c = o.cobj as *mut mjCCDObj;
    let mut res = [0.0; 3];
    if let Some(f) = c.as_ref().and_then(|c| c.support) {
        (*c).margin = o.margin;
        (*c).vertindex = o.vertindex;
        (*c).meshindex = o.meshindex;
        f(res.as_mut_ptr(), c, dir.as_ptr());
        o.vertindex = (*c).vertindex;
        o.meshindex = (*c).meshindex;
    }
    res
}

/// Centre from a C caller's own centre function.
///
/// # Safety
/// As [`foreign_support`].
pub(crate) unsafe fn foreign_center(o: &CcdObj) -> [f64; 3] {
    let c = o.cobj as *mut mjCCDObj;
    let mut res = [0.0; 3];
    if let Some(f) = c.as_ref().and_then(|c| c.center) {
        (*c).margin = o.margin;
        f(res.as_mut_ptr(), c);
    }
    res
}

/// Fills `obj` for geom `g` (or a flex object for negative `g`) with `margin`
/// (`mjc_initCCDObj`); fields upstream leaves alone (the prism, and the height-field fields of
/// other geoms) stay as they were.
///
/// # Safety
/// `obj` writable; `d` data made for `m`; `g` a geom id or negative.
pub unsafe fn init_obj(obj: &mut mjCCDObj, m: &mjModel, d: &mjData, g: c_int, margin: mjtNum) {
    obj.model = m;
    obj.data = d;
    obj.geom = g;
    obj.margin = margin;
    obj.center = Some(center_plain);
    obj.vertindex = -1;
    obj.meshindex = -1;
    obj.flex = -1;
    obj.elem = -1;
    obj.vert = -1;
    obj.rotate = [1.0, 0.0, 0.0, 0.0];
    if g < 0 {
        obj.geom_type = mjGEOM_FLEX as c_int;
        obj.support = Some(support_flex);
        return;
    }
    let o = CcdObj::new(m, d, g, margin);
    obj.geom_type = o.geom_type;
    obj.support = SUPPORT_FNS.iter().find(|(_, k)| *k == o.kind).map(|&(f, _)| f);
    if o.geom_type == mjGEOM_HFIELD as c_int {
        let hid = m.geom_dataid()[g as usize] as usize;
        obj.center = Some(center_prism);
        obj.hfield_nrow = m.hfield_nrow()[hid];
        obj.hfield_ncol = m.hfield_ncol()[hid];
        obj.size = m.hfield_size()[4 * hid..].as_ptr();
        obj.hfield_data = m.hfield_data().as_ptr().add(m.hfield_adr()[hid] as usize);
    }
}

/// Centre of a C object as `mjc_center` computes it (geom position, flex element centre or flex
/// vertex; the prism is not looked at).
///
/// # Safety
/// `res` writable for 3 numbers; `obj` a valid object or null.
pub unsafe fn center(res: *mut mjtNum, obj: *const mjCCDObj) {
    shielded("mjc_center", (), || {
        if res.is_null() {
            return;
        }
        let mut prism = [[0.0; 3]; 6];
        if let Some(o) = engine_obj(obj, &mut prism) {
            *(res as *mut [f64; 3]) = o.center_plain();
        }
    })
}

/// libccd's support callback on a C object (`mjccd_support`): geoms with half the margin added
/// in their local frame, meshes hill-climbed from the object's warm start, flex objects.
///
/// # Safety
/// As [`center`]; `dir` readable and `res` writable for 3 numbers.
pub unsafe fn ccd_support(obj: *mut mjCCDObj, dir: &[f64; 3]) -> Option<[f64; 3]> {
    let mut prism = [[0.0; 3]; 6];
    let mut o = engine_obj(obj, &mut prism)?;
    let r = o.support_ccd(dir);
    write_back(obj, &o);
    Some(r)
}

/// `mjc_ccd` on C objects and configuration: the engine's GJK/EPA (and multi-contact), the
/// caller's allocator for large EPA runs; returns the distance (negative: penetration).
///
/// # Safety
/// All pointers valid; the objects initialised (`mjc_initCCDObj` or equivalent).
pub unsafe fn ccd_c(config: &mjCCDConfig, status: &mut CcdStatus, obj1: *mut mjCCDObj, obj2: *mut mjCCDObj) -> mjtNum {
    let (mut prism1, mut prism2) = ([[0.0; 3]; 6], [[0.0; 3]; 6]);
    let (Some(mut o1), Some(mut o2)) = (engine_obj(obj1, &mut prism1), engine_obj(obj2, &mut prism2)) else {
        crate::mjerror!("mjc_ccd", "object without model or data");
        return 0.0;
    };
    let cfg = CcdConfig {
        max_iterations: config.max_iterations,
        tolerance: config.tolerance,
        max_contacts: config.max_contacts,
        dist_cutoff: config.dist_cutoff,
        memory: EpaMemory::Callbacks { context: config.context, alloc: config.alloc, free: config.free },
    };
    let dist = ccd(&cfg, status, &mut o1, &mut o2);
    write_back(obj1, &o1);
    write_back(obj2, &o2);
    dist
}
