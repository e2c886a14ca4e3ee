//! The kinematic tree's elements: bodies, frames, and what bodies hold (joints, geoms, sites,
//! cameras, lights). Each wraps upstream's C struct (`c`, reached through `Deref`) with the
//! strings and vectors it points to and the tree links the compiler uses.

use super::cxx::{CxxString, CxxVec};
use super::element::{vp, Head, Info, Linked};
use super::PluginRef;
use crate::abi::*;
use crate::model::defaults;

/// Implements `Deref` to the C struct and `Linked` for an element wrapper whose string and
/// vector fields have the C struct's names.
macro_rules! element {
    ($t:ident, $c:ty, [$($f:ident),*] $(, plugin = $p:ident)? $(, rename = [$($cf:ident => $wf:ident),*])?) => {
        impl core::ops::Deref for $t {
            type Target = $c;
            fn deref(&self) -> &$c {
                &self.c
            }
        }
        impl core::ops::DerefMut for $t {
            fn deref_mut(&mut self) -> &mut $c {
                &mut self.c
            }
        }
        impl Linked for $t {
            fn link(&mut self) {
                self.c.element = &mut self.head.el;
                $(self.c.$f = vp(&mut self.$f);)*
                $($(self.c.$cf = vp(&mut self.$wf);)*)?
                self.c.info = vp(&mut self.info.text);
                $(self.$p.link(&mut self.c.plugin);)?
            }
        }
    };
}
pub(crate) use element;

/// Upstream's default solver reference and impedance.
pub fn solrefimp() -> ([f64; mjNREF], [f64; mjNIMP]) {
    let mut r = [0.0; mjNREF];
    let mut i = [0.0; mjNIMP];
    defaults::default_solrefimp(Some(&mut r), Some(&mut i));
    (r, i)
}

/// All-zero C struct, the start of every `mjs_default*`.
pub fn zeroed<T>() -> T {
    // SAFETY: only used for the plain-C mjs* structs, for which all-zero bytes are valid
    unsafe { core::mem::zeroed() }
}

#[derive(Clone)]
#[repr(C)]
pub struct Body {
    pub head: Head,
    pub c: mjsBody,
    pub name: CxxString,
    /// `c.childclass`: the class name as written
    pub childclass: CxxString,
    pub userdata: CxxVec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
    /// index of the child class, when one is set
    pub childclass_id: Option<usize>,
    pub class: usize,
    pub parent: usize,
    pub frame: Option<usize>,
    /// mocap values of attached keyframes: (key name, position, orientation)
    pub keyvals: Vec<(String, [f64; 3], [f64; 4])>,
    /// children in document order
    pub bodies: Vec<usize>,
    pub joints: Vec<usize>,
    pub geoms: Vec<usize>,
    pub sites: Vec<usize>,
    pub cameras: Vec<usize>,
    pub lights: Vec<usize>,
}
element!(Body, mjsBody, [childclass, userdata], plugin = plugin);

/// `mjs_defaultBody`
pub fn default_body(b: &mut mjsBody) {
    *b = zeroed();
    b.quat[0] = 1.0;
    b.ipos[0] = f64::NAN;
    b.iquat[0] = 1.0;
    b.fullinertia[0] = f64::NAN;
}

impl Default for Body {
    fn default() -> Self {
        let mut c = zeroed();
        default_body(&mut c);
        Body {
            head: Head::new(mjtObj_::mjOBJ_BODY),
            c,
            name: CxxString::new(),
            childclass: CxxString::new(),
            userdata: CxxVec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
            childclass_id: None,
            class: 0,
            parent: 0,
            frame: None,
            keyvals: Vec::new(),
            bodies: Vec::new(),
            joints: Vec::new(),
            geoms: Vec::new(),
            sites: Vec::new(),
            cameras: Vec::new(),
            lights: Vec::new(),
        }
    }
}

/// A coordinate frame grouping elements of one body (`<frame>`).
#[derive(Clone)]
#[repr(C)]
pub struct Frame {
    pub head: Head,
    pub c: mjsFrame,
    pub name: CxxString,
    pub childclass: CxxString,
    pub info: Info,
    pub body: usize,
    pub parent: Option<usize>,
}
element!(Frame, mjsFrame, [childclass]);

/// `mjs_defaultFrame`
pub fn default_frame(f: &mut mjsFrame) {
    *f = zeroed();
    f.quat[0] = 1.0;
}

impl Default for Frame {
    fn default() -> Self {
        let mut c = zeroed();
        default_frame(&mut c);
        Frame {
            head: Head::new(mjtObj_::mjOBJ_FRAME),
            c,
            name: CxxString::new(),
            childclass: CxxString::new(),
            info: Info::default(),
            body: 0,
            parent: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Joint {
    pub head: Head,
    pub c: mjsJoint,
    pub name: CxxString,
    pub userdata: CxxVec<f64>,
    pub info: Info,
    pub body: usize,
    pub frame: Option<usize>,
    /// values of attached keyframes: (key name, qpos, qvel; empty when not given)
    pub keyvals: Vec<(String, Vec<f64>, Vec<f64>)>,
    /// angles in degrees (else radians) as the spec it was attached from says, when that
    /// differs from this spec's (upstream compiles it with that spec's settings)
    pub degree: Option<bool>,
}
element!(Joint, mjsJoint, [userdata]);

/// `mjs_defaultJoint`
pub fn default_joint(j: &mut mjsJoint) {
    *j = zeroed();
    j.r#type = mjtJoint_::mjJNT_HINGE as i32;
    j.axis[2] = 1.0;
    j.limited = mjtLimited_::mjLIMITED_AUTO as i32;
    j.actfrclimited = mjtLimited_::mjLIMITED_AUTO as i32;
    j.align = mjtAlignFree_::mjALIGNFREE_AUTO as i32;
    let (r, i) = solrefimp();
    j.solref_limit = r;
    j.solimp_limit = i;
    j.solref_friction = r;
    j.solimp_friction = i;
}

impl Default for Joint {
    fn default() -> Self {
        let mut c = zeroed();
        default_joint(&mut c);
        Joint {
            head: Head::new(mjtObj_::mjOBJ_JOINT),
            c,
            name: CxxString::new(),
            userdata: CxxVec::new(),
            info: Info::default(),
            body: 0,
            frame: None,
            keyvals: Vec::new(),
            degree: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Geom {
    pub head: Head,
    pub c: mjsGeom,
    pub name: CxxString,
    pub material: CxxString,
    pub hfieldname: CxxString,
    pub meshname: CxxString,
    pub userdata: CxxVec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
    pub body: usize,
    pub frame: Option<usize>,
}
element!(Geom, mjsGeom, [material, hfieldname, meshname, userdata], plugin = plugin);

/// `mjs_defaultGeom`
pub fn default_geom(g: &mut mjsGeom) {
    *g = zeroed();
    g.r#type = mjtGeom_::mjGEOM_SPHERE as i32;
    g.quat[0] = 1.0;
    g.fromto[0] = f64::NAN;
    g.contype = 1;
    g.conaffinity = 1;
    g.condim = 3;
    g.friction = [1.0, 0.005, 0.0001];
    g.solmix = 1.0;
    let (r, i) = solrefimp();
    g.solref = r;
    g.solimp = i;
    g.mass = f64::NAN;
    g.density = 1000.0;
    g.typeinertia = mjtGeomInertia_::mjINERTIA_VOLUME as i32;
    g.rgba = [0.5, 0.5, 0.5, 1.0];
    g.fluid_coefs = [0.5, 0.25, 1.5, 1.0, 1.0];
    g.fitscale = 1.0;
}

impl Default for Geom {
    fn default() -> Self {
        let mut c = zeroed();
        default_geom(&mut c);
        Geom {
            head: Head::new(mjtObj_::mjOBJ_GEOM),
            c,
            name: CxxString::new(),
            material: CxxString::new(),
            hfieldname: CxxString::new(),
            meshname: CxxString::new(),
            userdata: CxxVec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
            body: 0,
            frame: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Site {
    pub head: Head,
    pub c: mjsSite,
    pub name: CxxString,
    pub material: CxxString,
    pub userdata: CxxVec<f64>,
    pub info: Info,
    pub body: usize,
    pub frame: Option<usize>,
}
element!(Site, mjsSite, [material, userdata]);

/// `mjs_defaultSite`
pub fn default_site(s: &mut mjsSite) {
    *s = zeroed();
    s.size = [0.005; 3];
    s.quat[0] = 1.0;
    s.fromto[0] = f64::NAN;
    s.r#type = mjtGeom_::mjGEOM_SPHERE as i32;
    s.rgba = [0.5, 0.5, 0.5, 1.0];
}

impl Default for Site {
    fn default() -> Self {
        let mut c = zeroed();
        default_site(&mut c);
        Site {
            head: Head::new(mjtObj_::mjOBJ_SITE),
            c,
            name: CxxString::new(),
            material: CxxString::new(),
            userdata: CxxVec::new(),
            info: Info::default(),
            body: 0,
            frame: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Camera {
    pub head: Head,
    pub c: mjsCamera,
    pub name: CxxString,
    pub targetbody: CxxString,
    pub userdata: CxxVec<f64>,
    pub info: Info,
    pub body: usize,
    pub frame: Option<usize>,
}
element!(Camera, mjsCamera, [targetbody, userdata]);

/// `mjs_defaultCamera`
pub fn default_camera(c: &mut mjsCamera) {
    *c = zeroed();
    c.mode = mjtCamLight_::mjCAMLIGHT_FIXED as i32;
    c.quat[0] = 1.0;
    c.fovy = 45.0;
    c.ipd = 0.068;
    c.resolution = [1.0, 1.0];
}

impl Default for Camera {
    fn default() -> Self {
        let mut c = zeroed();
        default_camera(&mut c);
        Camera {
            head: Head::new(mjtObj_::mjOBJ_CAMERA),
            c,
            name: CxxString::new(),
            targetbody: CxxString::new(),
            userdata: CxxVec::new(),
            info: Info::default(),
            body: 0,
            frame: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Light {
    pub head: Head,
    pub c: mjsLight,
    pub name: CxxString,
    pub targetbody: CxxString,
    pub texture: CxxString,
    pub info: Info,
    pub body: usize,
    pub frame: Option<usize>,
}
element!(Light, mjsLight, [targetbody, texture]);

/// `mjs_defaultLight`
pub fn default_light(l: &mut mjsLight) {
    *l = zeroed();
    l.mode = mjtCamLight_::mjCAMLIGHT_FIXED as i32;
    l.dir[2] = -1.0;
    l.castshadow = 1;
    l.bulbradius = 0.02;
    l.intensity = 0.0;
    l.range = 10.0;
    l.active = 1;
    l.attenuation[0] = 1.0;
    l.cutoff = 45.0;
    l.exponent = 10.0;
    l.diffuse = [0.7; 3];
    l.specular = [0.3; 3];
}

impl Default for Light {
    fn default() -> Self {
        let mut c = zeroed();
        default_light(&mut c);
        Light {
            head: Head::new(mjtObj_::mjOBJ_LIGHT),
            c,
            name: CxxString::new(),
            targetbody: CxxString::new(),
            texture: CxxString::new(),
            info: Info::default(),
            body: 0,
            frame: None,
        }
    }
}

macro_rules! debug_by_name {
    ($($t:ty),*) => {$(
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
                write!(f, "{}({:?})", stringify!($t), self.name.as_str())
            }
        }
    )*};
}
pub(crate) use debug_by_name;
debug_by_name!(Body, Frame, Joint, Geom, Site, Camera, Light);
