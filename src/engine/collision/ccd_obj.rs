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
pub use crate::abi::ccd::{mjCCDConfig, mjCCDObj};
use crate::abi::ccd::{mjfCCDCenter as CenterFn, mjfCCDSupport as SupportFn};
use crate::abi::*;

use mjtGeom_::*;

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
                shielded("mjc_support", (), || {
                    if res.is_null() || dir.is_null() {
                        return;
                    }
                    // SAFETY: C calls an object's support function with that object, a
                    // direction of 3 numbers and room for 3 (upstream's contract)
                    unsafe {
                        let Some(c) = CObj::from_raw(obj) else { return };
                        *(res as *mut [f64; 3]) = support_with(&c, &*(dir as *const [f64; 3]), $kind);
                    }
                })
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
    shielded("mjc_center", (), || {
        if res.is_null() {
            return;
        }
        // SAFETY: C calls an object's centre function with that object (upstream's contract)
        let Some(c) = (unsafe { CObj::from_raw(obj as *mut mjCCDObj) }) else { return };
        // SAFETY: the caller passes room for 3 numbers
        unsafe { *(res as *mut [f64; 3]) = center(&c) };
    })
}

/// `mjc_prism_center` as an object's centre function.
unsafe extern "C" fn center_prism(res: *mut mjtNum, obj: *const mjCCDObj) {
    shielded("mjc_prism_center", (), || {
        if res.is_null() || obj.is_null() {
            return;
        }
        // SAFETY: C calls an object's centre function with that object (valid, not null)
        let prism = unsafe { (*obj).prism };
        let mut sum = [0.0; 3];
        for p in &prism {
            crate::math::blas::add_to3(&mut sum, p);
        }
        let s = 1.0 / 6.0;
        // SAFETY: the caller passes room for 3 numbers
        unsafe { *(res as *mut [f64; 3]) = [sum[0] * s, sum[1] * s, sum[2] * s] };
    })
}

/// Support point of a C object by the engine's function of the given kind (the body of the
/// support functions `mjc_initCCDObj` hands out).
fn support_with(c: &CObj, dir: &[f64; 3], kind: Kind) -> [f64; 3] {
    let mut prism = [[0.0; 3]; 6];
    let mut o = c.engine_obj(&mut prism);
    o.kind = kind;
    let r = o.support(dir);
    c.write_back(&o);
    r
}

/// A C object resolved at the C edge: its pointer (kept raw: the C caller's own support and
/// centre functions receive it and may write to it) and the model and data it names.
pub struct CObj<'a> {
    /// invariant: a valid mjCCDObj for 'a, not borrowed elsewhere while this lives
    ptr: *mut mjCCDObj,
    m: &'a mjModel,
    d: &'a mjData,
}

impl<'a> CObj<'a> {
    /// The object `ptr` points to, or None when it or its model or data is null.
    ///
    /// # Safety
    /// `ptr` null or a valid mjCCDObj for 'a (the C caller's object, as upstream's entry points
    /// take it), whose `model` and `data` are null or valid for 'a, `data` made for `model`.
    /// This is where the raw pointers from C are trusted, once.
    pub unsafe fn from_raw(ptr: *mut mjCCDObj) -> Option<Self> {
        // SAFETY: the function's contract
        let c = unsafe { ptr.as_ref()? };
        // SAFETY: the function's contract
        let (m, d) = unsafe { (c.model.as_ref()?, c.data.as_ref()?) };
        Some(CObj { ptr, m, d })
    }

    /// The engine's copy of the object, with the C object's prism copied into `prism`;
    /// support and centre kinds from its function pointers.
    fn engine_obj<'p>(&self, prism: &'p mut [[f64; 3]; 6]) -> CcdObj<'p>
    where
        'a: 'p,
    {
        let (m, d) = (self.m, self.d);
        // SAFETY: `ptr` is valid (the type's invariant); the fields are copied out and the
        // reference ends here
        let c = unsafe { &*self.ptr };
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
        o.cobj = self.ptr as *mut c_void;
        o
    }

    /// Copies the fields the engine changes (mesh warm starts) back to the C object.
    fn write_back(&self, o: &CcdObj) {
        // SAFETY: `ptr` is valid and not borrowed elsewhere (the type's invariant)
        let c = unsafe { &mut *self.ptr };
        c.vertindex = o.vertindex;
        c.meshindex = o.meshindex;
    }
}

/// Support point from a C caller's own support function; the C object sees the engine's
/// margin and warm-start indices and may update the latter (zeros for an object not made
/// from a C one).
pub(crate) fn foreign_support(o: &mut CcdObj, dir: &[f64; 3]) -> [f64; 3] {
    let c = o.cobj as *mut mjCCDObj;
    let mut res = [0.0; 3];
    // SAFETY: `cobj` is null or the live C object `o` mirrors (CcdObj's invariant: only
    // `engine_obj` sets it, to the object the C caller of mjc_ccd / a support callback passed,
    // which outlives `o`); no Rust reference to it is held across the call; the C caller's
    // support function is called with it, a 3-vector it reads and one it writes, as upstream does
    unsafe {
        if let Some(f) = c.as_ref().and_then(|c| c.support) {
            (*c).margin = o.margin;
            (*c).vertindex = o.vertindex;
            (*c).meshindex = o.meshindex;
            f(res.as_mut_ptr(), c, dir.as_ptr());
            o.vertindex = (*c).vertindex;
            o.meshindex = (*c).meshindex;
        }
    }
    res
}

/// Centre from a C caller's own centre function (zeros for an object not made from a C one).
pub(crate) fn foreign_center(o: &CcdObj) -> [f64; 3] {
    let c = o.cobj as *mut mjCCDObj;
    let mut res = [0.0; 3];
    // SAFETY: as in `foreign_support`; the centre function writes 3 numbers
    unsafe {
        if let Some(f) = c.as_ref().and_then(|c| c.center) {
            (*c).margin = o.margin;
            f(res.as_mut_ptr(), c);
        }
    }
    res
}

/// Fills `obj` for geom `g` (or a flex object for negative `g`) with `margin`
/// (`mjc_initCCDObj`); fields upstream leaves alone (the prism, and the height-field fields of
/// other geoms) stay as they were. `d` is data made for `m`, `g` a geom id or negative.
pub fn init_obj(obj: &mut mjCCDObj, m: &mjModel, d: &mjData, g: c_int, margin: mjtNum) {
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
        obj.hfield_data = m.hfield_data()[m.hfield_adr()[hid] as usize..].as_ptr();
    }
}

/// Centre of a C object as `mjc_center` computes it (geom position, flex element centre or flex
/// vertex; the prism is not looked at).
pub fn center(c: &CObj) -> [f64; 3] {
    let mut prism = [[0.0; 3]; 6];
    c.engine_obj(&mut prism).center_plain()
}

/// libccd's support callback on a C object (`mjccd_support`): geoms with half the margin added
/// in their local frame, meshes hill-climbed from the object's warm start, flex objects.
pub fn ccd_support(c: &CObj, dir: &[f64; 3]) -> [f64; 3] {
    let mut prism = [[0.0; 3]; 6];
    let mut o = c.engine_obj(&mut prism);
    let r = o.support_ccd(dir);
    c.write_back(&o);
    r
}

/// `mjc_ccd` on C objects and configuration: the engine's GJK/EPA (and multi-contact), the
/// caller's allocator for large EPA runs; returns the distance (negative: penetration).
/// `config`'s callbacks must be the C caller's (see [`EpaMemory`]).
pub fn ccd_c(config: &mjCCDConfig, status: &mut CcdStatus, obj1: Option<CObj>, obj2: Option<CObj>) -> mjtNum {
    let (Some(c1), Some(c2)) = (obj1, obj2) else {
        crate::mjerror!("mjc_ccd", "object without model or data");
        return 0.0;
    };
    let (mut prism1, mut prism2) = ([[0.0; 3]; 6], [[0.0; 3]; 6]);
    let (mut o1, mut o2) = (c1.engine_obj(&mut prism1), c2.engine_obj(&mut prism2));
    let cfg = CcdConfig {
        max_iterations: config.max_iterations,
        tolerance: config.tolerance,
        max_contacts: config.max_contacts,
        dist_cutoff: config.dist_cutoff,
        memory: EpaMemory::Callbacks { context: config.context, alloc: config.alloc, free: config.free },
    };
    let dist = ccd(&cfg, status, &mut o1, &mut o2);
    c1.write_back(&o1);
    c2.write_back(&o2);
    dist
}
