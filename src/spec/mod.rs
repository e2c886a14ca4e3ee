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
pub mod assets;
pub mod body;
pub mod cxx;
pub mod element;
pub mod objects;

pub use actuation::{Actuator, Sensor};
pub use assets::{HField, Material, Mesh, Skin, Texture};
pub use body::{solrefimp, Body, Camera, Frame, Geom, Joint, Light, Site};
pub use cxx::{CxxString, CxxVec};
pub use element::{Info, Linked, Owned};
pub use objects::{Equality, Exclude, Key, Numeric, Pair, Tendon, Text, Tuple, Wrap};

/// Upstream's "undefined" marker for numeric spec fields.
pub const UNDEF: f64 = f64::NAN;

/// True when a spec number was given (not the NaN marker).
#[inline]
pub fn defined(x: f64) -> bool {
    !x.is_nan()
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

/// How an element uses an engine plugin (`<plugin>` child or attributes of a body, geom,
/// actuator or sensor): by registered plugin name, by instance name, or both. Whether it is
/// active is the element's `c.plugin.active`.
#[derive(Clone, Debug, Default)]
pub struct PluginRef {
    /// the `plugin` attribute (registered plugin name), may be empty
    pub plugin_name: CxxString,
    /// the `instance` attribute, empty for a plugin configured in place
    pub instance_name: CxxString,
    pub info: CxxString,
    /// index into `Spec::plugins` of the instance configured in place (no `instance`)
    pub implicit: Option<usize>,
}

impl PluginRef {
    /// Points the element's `mjsPlugin` at these strings.
    pub fn link(&mut self, c: &mut mjsPlugin) {
        c.name = element::vp(&mut self.instance_name);
        c.plugin_name = element::vp(&mut self.plugin_name);
        c.info = element::vp(&mut self.info);
    }
}

/// A plugin instance: declared under `<extension>` (named), or created by an element that
/// configures a plugin in place (unnamed).
#[derive(Clone, Debug, Default)]
pub struct Plugin {
    pub name: String,
    pub plugin_name: String,
    /// `<config key value>` pairs, sorted by key
    pub config: std::collections::BTreeMap<String, String>,
    pub info: Info,
}

/// A flex (`<flex>` in `<deformable>`, or made by `<flexcomp>`): vertices on bodies (or
/// interpolation nodes), elements of dimension 1-3, contact, elasticity and rendering settings.
#[derive(Clone, Debug)]
pub struct Flex {
    pub name: String,
    pub contype: i32,
    pub conaffinity: i32,
    pub condim: i32,
    pub priority: i32,
    pub friction: [f64; 3],
    pub solmix: f64,
    pub solref: [f64; mjNREF],
    pub solimp: [f64; mjNIMP],
    pub margin: f64,
    pub gap: f64,
    pub dim: i32,
    pub radius: f64,
    pub internal: bool,
    pub flatskin: bool,
    pub selfcollide: i32,
    pub vertcollide: i32,
    pub passive: i32,
    pub activelayers: i32,
    pub group: i32,
    pub edgestiffness: f64,
    pub edgedamping: f64,
    pub rgba: [f32; 4],
    pub material: String,
    pub young: f64,
    pub poisson: f64,
    pub damping: f64,
    pub thickness: f64,
    pub elastic2d: i32,
    pub nodebody: Vec<String>,
    pub vertbody: Vec<String>,
    pub node: Vec<f64>,
    pub vert: Vec<f64>,
    pub elem: Vec<i32>,
    pub texcoord: Vec<f32>,
    pub elemtexcoord: Vec<i32>,
    pub info: Info,
}

impl Default for Flex {
    fn default() -> Self {
        let (r, i) = solrefimp();
        Flex {
            name: String::new(),
            contype: 1,
            conaffinity: 1,
            condim: 3,
            priority: 0,
            friction: [1.0, 0.005, 0.0001],
            solmix: 1.0,
            solref: r,
            solimp: i,
            margin: 0.0,
            gap: 0.0,
            dim: 2,
            radius: 0.005,
            internal: false,
            flatskin: false,
            selfcollide: crate::abi::mjtFlexSelf_::mjFLEXSELF_AUTO as i32,
            vertcollide: 0,
            passive: 0,
            activelayers: 1,
            group: 0,
            edgestiffness: 0.0,
            edgedamping: 0.0,
            rgba: [0.5, 0.5, 0.5, 1.0],
            material: String::new(),
            young: 0.0,
            poisson: 0.0,
            damping: 0.0,
            thickness: -1.0,
            elastic2d: 0,
            nodebody: Vec::new(),
            vertbody: Vec::new(),
            node: Vec::new(),
            vert: Vec::new(),
            elem: Vec::new(),
            texcoord: Vec::new(),
            elemtexcoord: Vec::new(),
            info: Info::default(),
        }
    }
}

/// A default class: one prototype per element type, plus the tree of classes.
#[derive(Clone, Debug, Default)]
pub struct DefaultClass {
    pub name: String,
    pub parent: Option<usize>,
    pub joint: Joint,
    pub geom: Geom,
    pub site: Site,
    pub camera: Camera,
    pub light: Light,
    pub actuator: Actuator,
    pub tendon: Tendon,
    pub equality: Equality,
    pub pair: Pair,
    pub material: Material,
    pub mesh: Mesh,
}

/// The whole model specification: upstream's `mjSpec` (`c`, reached through `Deref`: compiler
/// settings, options, visual and statistic settings, sizes) with its strings and every element.
#[repr(C)]
pub struct Spec {
    pub head: element::Head,
    pub c: mjSpec,
    pub modelname: CxxString,
    pub comment: CxxString,
    /// folder of the model file (with a trailing separator), where asset paths start
    pub modelfiledir: CxxString,
    /// `c.compiler.meshdir`, `c.compiler.texturedir`
    pub meshdir: CxxString,
    pub texturedir: CxxString,
    pub defaults: Vec<DefaultClass>,
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
    pub flexes: Vec<Flex>,
    pub meshes: Vec<Owned<Mesh>>,
    pub hfields: Vec<Owned<HField>>,
    pub textures: Vec<Owned<Texture>>,
    pub materials: Vec<Owned<Material>>,
    /// models named in `<asset><model>`, parsed, for `<attach>`
    pub models: Vec<(String, Box<Spec>)>,
    /// keyframes of attached models, added after the model's own
    pub pending_keys: Vec<Owned<Key>>,
    /// the model used `<replicate>`
    pub has_replicate: bool,
    /// plugin instances, in the order they were declared or created
    pub plugins: Vec<Plugin>,
    /// plugins named in `<extension>`: registered name and slot
    pub active_plugins: Vec<(String, i32)>,
    /// names given so far by the XML reader, by object type (for upstream's early check of
    /// repeated names)
    pub names_seen: std::collections::HashMap<&'static str, std::collections::HashSet<String>>,
    /// the last error or warning of a spec-API call or compile (`mjs_getError`), NUL-terminated
    /// in a fixed buffer as upstream's (its address stays valid while the spec lives)
    pub error: [u8; 500],
    pub warning: bool,
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
        Spec {
            head: self.head,
            c: self.c,
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
        }
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
            modelname: "MuJoCo Model".into(),
            comment: CxxString::new(),
            modelfiledir: CxxString::new(),
            meshdir: CxxString::new(),
            texturedir: CxxString::new(),
            defaults: vec![DefaultClass { name: "main".into(), ..DefaultClass::default() }],
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
        }
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
