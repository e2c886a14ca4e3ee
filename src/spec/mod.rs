//! The in-memory model specification: what an MJCF file says, before compilation.
//!
//! Each element type is a plain struct whose `Default` gives upstream's `mjs_default*` values.
//! Default classes hold one prototype of each element type; the reader copies the prototype of
//! the active class and then applies the element's own attributes. Bodies form a tree kept as
//! an arena (`Spec::bodies`, index 0 is the world); every tree element records its body.

use crate::abi::*;
use crate::model::defaults;

pub mod actuation;
pub mod api;
pub mod attach;
pub mod assets;
pub mod body;
pub mod compiled;
pub mod cxx;
pub mod cxxmap;
pub mod default;
pub mod edit;
pub mod element;
pub mod flex;
pub mod keyframes;
pub mod objects;
pub mod plugin;
pub mod shared;
pub mod util;

pub use actuation::{Actuator, Sensor};
pub use assets::{HField, Material, Mesh, Skin, Texture};
pub use body::{solrefimp, Body, Camera, Frame, Geom, Joint, Light, Site};
pub use cxx::{CxxString, CxxVec};
pub use default::DefaultClass;
pub use element::{Info, Linked, Owned};
pub use flex::Flex;
pub use objects::{Equality, Exclude, Key, Numeric, Pair, Tendon, Text, Tuple, Wrap};
pub use plugin::{Plugin, PluginRef};
pub use shared::SpecRef;

/// Upstream's "undefined" marker for numeric spec fields.
pub const UNDEF: f64 = f64::NAN;

/// True when a spec number was given (not the NaN marker).
#[inline]
pub fn defined(x: f64) -> bool {
    !x.is_nan()
}

/// Position and velocity coordinates of a joint of type `t` (`mjtJoint`): (nq, nv).
pub fn joint_size(t: i32) -> (usize, usize) {
    use mjtJoint_::*;
    if t == mjJNT_FREE as i32 {
        (7, 6)
    } else if t == mjJNT_BALL as i32 {
        (4, 3)
    } else {
        (1, 1)
    }
}

/// Activation variables of an actuator: its `actdim`, else one when it has dynamics.
pub fn act_dim(actdim: i32, dyntype: i32) -> usize {
    if actdim > 0 {
        actdim as usize
    } else {
        (dyntype != 0) as usize
    }
}

/// `mjsOrientation`: an alternative orientation given instead of a quaternion.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Orientation {
    #[default]
    Quat,
    AxisAngle([f64; 4]),
    XYAxes([f64; 6]),
    ZAxis([f64; 3]),
    Euler([f64; 3]),
}

/// Tri-state flags (`limited`, `ctrllimited`, `inertiafromgeom`, `align`): false, true, auto.
pub const TF_FALSE: i32 = 0;
pub const TF_TRUE: i32 = 1;
pub const TF_AUTO: i32 = 2;

/// The whole model specification: upstream's `mjSpec` (`c`, reached through `Deref`: compiler
/// settings, options, visual and statistic settings, sizes) with its strings and every element.
#[repr(C)]
pub struct Spec {
    pub head: element::Head,
    pub c: mjSpec,
    /// the spec element's own name (`mjs_getName` of the spec's element; not the model name)
    pub name: CxxString,
    pub modelname: CxxString,
    pub comment: CxxString,
    /// folder of the model file (with a trailing separator), where asset paths start
    pub modelfiledir: CxxString,
    /// `c.compiler.meshdir`, `c.compiler.texturedir`
    pub meshdir: CxxString,
    pub texturedir: CxxString,
    pub defaults: Vec<Owned<DefaultClass>>,
    pub bodies: Vec<Owned<Body>>,
    pub frames: Vec<Owned<Frame>>,
    pub joints: Vec<Owned<Joint>>,
    pub geoms: Vec<Owned<Geom>>,
    pub sites: Vec<Owned<Site>>,
    pub cameras: Vec<Owned<Camera>>,
    pub lights: Vec<Owned<Light>>,
    pub actuators: Vec<Owned<Actuator>>,
    pub sensors: Vec<Owned<Sensor>>,
    pub tendons: Vec<Owned<Tendon>>,
    pub equalities: Vec<Owned<Equality>>,
    pub pairs: Vec<Owned<Pair>>,
    pub excludes: Vec<Owned<Exclude>>,
    pub keys: Vec<Owned<Key>>,
    pub numerics: Vec<Owned<Numeric>>,
    pub texts: Vec<Owned<Text>>,
    pub tuples: Vec<Owned<Tuple>>,
    pub skins: Vec<Owned<Skin>>,
    pub flexes: Vec<Owned<Flex>>,
    pub meshes: Vec<Owned<Mesh>>,
    pub hfields: Vec<Owned<HField>>,
    pub textures: Vec<Owned<Texture>>,
    pub materials: Vec<Owned<Material>>,
    /// child specs: models named in `<asset><model>` (parsed, for `<attach>`), specs added
    /// with `mjs_addSpec` and specs attached from; shared with copies of this spec
    pub models: Vec<(String, SpecRef)>,
    /// keyframes of attached models, added after the model's own
    pub pending_keys: Vec<Owned<Key>>,
    /// the model used `<replicate>`
    pub has_replicate: bool,
    /// plugin instances, in the order they were declared or created
    pub plugins: Vec<Owned<Plugin>>,
    /// plugins named in `<extension>`: registered name and slot
    pub active_plugins: Vec<(String, i32)>,
    /// names given so far by the XML reader, by object type (for upstream's early check of
    /// repeated names)
    pub names_seen: std::collections::HashMap<&'static str, std::collections::HashSet<String>>,
    /// the last error or warning of a spec-API call or compile (`mjs_getError`), NUL-terminated
    /// in a fixed buffer as upstream's (its address stays valid while the spec lives)
    pub error: [u8; 500],
    pub warning: bool,
    /// payloads clients attached to elements (`mjs_setUserValue`), by element address; not
    /// copied with the spec
    pub user_values: element::UserValues,
    /// `mjs_setDeepCopy`
    pub deepcopy: bool,
    /// attached to a parent spec without deep copy: upstream then refuses to compile it
    pub attached_by_ref: bool,
    /// what the last successful compile produced (None before it or after a failed one)
    pub compiled: Option<Box<compiled::Snapshot>>,
    /// references to this spec (its client's and its parents'), see [`SpecRef`]
    pub refs: usize,
}

impl core::ops::Deref for Spec {
    type Target = mjSpec;
    fn deref(&self) -> &mjSpec {
        &self.c
    }
}

impl core::ops::DerefMut for Spec {
    fn deref_mut(&mut self) -> &mut mjSpec {
        &mut self.c
    }
}

impl element::Linked for Spec {
    fn link(&mut self) {
        self.c.element = &mut self.head.el;
        self.c.modelname = element::vp(&mut self.modelname);
        self.c.comment = element::vp(&mut self.comment);
        self.c.modelfiledir = element::vp(&mut self.modelfiledir);
        self.c.compiler.meshdir = element::vp(&mut self.meshdir);
        self.c.compiler.texturedir = element::vp(&mut self.texturedir);
    }
}

impl Clone for Spec {
    fn clone(&self) -> Self {
        let mut s = Spec {
            head: self.head,
            c: self.c,
            name: self.name.clone(),
            modelname: self.modelname.clone(),
            comment: self.comment.clone(),
            modelfiledir: self.modelfiledir.clone(),
            meshdir: self.meshdir.clone(),
            texturedir: self.texturedir.clone(),
            defaults: self.defaults.clone(),
            bodies: self.bodies.clone(),
            frames: self.frames.clone(),
            joints: self.joints.clone(),
            geoms: self.geoms.clone(),
            sites: self.sites.clone(),
            cameras: self.cameras.clone(),
            lights: self.lights.clone(),
            actuators: self.actuators.clone(),
            sensors: self.sensors.clone(),
            tendons: self.tendons.clone(),
            equalities: self.equalities.clone(),
            pairs: self.pairs.clone(),
            excludes: self.excludes.clone(),
            keys: self.keys.clone(),
            numerics: self.numerics.clone(),
            texts: self.texts.clone(),
            tuples: self.tuples.clone(),
            skins: self.skins.clone(),
            flexes: self.flexes.clone(),
            meshes: self.meshes.clone(),
            hfields: self.hfields.clone(),
            textures: self.textures.clone(),
            materials: self.materials.clone(),
            models: self.models.clone(),
            pending_keys: self.pending_keys.clone(),
            has_replicate: self.has_replicate,
            plugins: self.plugins.clone(),
            active_plugins: self.active_plugins.clone(),
            names_seen: self.names_seen.clone(),
            error: [0; 500],
            warning: false,
            user_values: Default::default(),
            deepcopy: self.deepcopy,
            attached_by_ref: false,
            compiled: self.compiled.clone(),
            refs: 1,
        };
        s.relink_plugins(self);
        s
    }
}

/// `mjs_defaultSpec`
pub fn default_spec(s: &mut mjSpec) {
    *s = body::zeroed();
    s.stat.meaninertia = f64::NAN;
    s.stat.meanmass = f64::NAN;
    s.stat.meansize = f64::NAN;
    s.stat.extent = f64::NAN;
    s.stat.center[0] = f64::NAN;
    s.compiler.autolimits = 1;
    s.compiler.settotalmass = -1.0;
    s.compiler.degree = 1;
    s.compiler.eulerseq = [b'x' as _, b'y' as _, b'z' as _];
    s.compiler.usethread = 1;
    s.compiler.inertiafromgeom = mjtInertiaFromGeom_::mjINERTIAFROMGEOM_AUTO as i32;
    s.compiler.inertiagrouprange[1] = mjNGROUP as i32 - 1;
    s.compiler.saveinertial = 0;
    defaults::default_lropt(&mut s.compiler.LRopt);
    defaults::default_option(&mut s.option);
    defaults::default_visual(&mut s.visual);
    s.memory = -1;
    s.nuser_body = -1;
    s.nuser_jnt = -1;
    s.nuser_geom = -1;
    s.nuser_site = -1;
    s.nuser_cam = -1;
    s.nuser_tendon = -1;
    s.nuser_actuator = -1;
    s.nuser_sensor = -1;
    s.njmax = -1;
    s.nconmax = -1;
    s.nstack = -1;
}

impl Default for Spec {
    fn default() -> Self {
        let mut c = body::zeroed();
        default_spec(&mut c);
        let world = Body { name: "world".into(), ..Body::default() };
        Spec {
            head: element::Head::new(mjtObj_::mjOBJ_MODEL),
            c,
            name: CxxString::new(),
            modelname: "MuJoCo Model".into(),
            comment: CxxString::new(),
            modelfiledir: CxxString::new(),
            meshdir: CxxString::new(),
            texturedir: CxxString::new(),
            defaults: vec![Owned::new(DefaultClass { name: "main".into(), ..DefaultClass::default() })],
            bodies: vec![Owned::new(world)],
            frames: Vec::new(),
            joints: Vec::new(),
            geoms: Vec::new(),
            sites: Vec::new(),
            cameras: Vec::new(),
            lights: Vec::new(),
            actuators: Vec::new(),
            sensors: Vec::new(),
            tendons: Vec::new(),
            equalities: Vec::new(),
            pairs: Vec::new(),
            excludes: Vec::new(),
            keys: Vec::new(),
            numerics: Vec::new(),
            texts: Vec::new(),
            tuples: Vec::new(),
            skins: Vec::new(),
            flexes: Vec::new(),
            meshes: Vec::new(),
            hfields: Vec::new(),
            textures: Vec::new(),
            materials: Vec::new(),
            models: Vec::new(),
            pending_keys: Vec::new(),
            has_replicate: false,
            plugins: Vec::new(),
            active_plugins: Vec::new(),
            names_seen: Default::default(),
            error: [0; 500],
            warning: false,
            user_values: Default::default(),
            deepcopy: false,
            attached_by_ref: false,
            compiled: None,
            refs: 1,
        }
    }
}

impl Spec {
    /// Takes over the spec whose C struct is at `s` (one this library made and handed out,
    /// e.g. by `mj_makeSpec`): the caller's pointer is no longer valid afterwards.
    ///
    /// # Safety
    /// `s` must be the `c` field of a boxed spec handed out by this library and not yet freed.
    pub unsafe fn take_c(s: *mut mjSpec) -> Box<Spec> {
        // SAFETY: s is the `c` field of a live boxed Spec (this function's contract), so the
        // Box starts offset_of!(Spec, c) bytes before it
        unsafe { Box::from_raw((s as *mut u8).sub(core::mem::offset_of!(Spec, c)) as *mut Spec) }
    }
}

impl Spec {
    /// Index of the default class with this name.
    pub fn find_default(&self, name: &str) -> Option<usize> {
        self.defaults.iter().position(|d| d.name == name)
    }
}

pub mod builtin_mesh;
pub mod shortcuts;
