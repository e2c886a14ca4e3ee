//! The in-memory model specification: what an MJCF file says, before compilation.
//!
//! Each element type is a plain struct whose `Default` gives upstream's `mjs_default*` values.
//! Default classes hold one prototype of each element type; the reader copies the prototype of
//! the active class and then applies the element's own attributes. Bodies form a tree kept as
//! an arena (`Spec::bodies`, index 0 is the world); every tree element records its body.

use crate::abi::*;
use crate::model::defaults;

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

#[derive(Clone)]
pub struct Compiler {
    pub autolimits: bool,
    pub boundmass: f64,
    pub boundinertia: f64,
    pub settotalmass: f64,
    pub balanceinertia: bool,
    pub fitaabb: bool,
    pub degree: bool,
    pub eulerseq: [u8; 3],
    pub discardvisual: bool,
    pub usethread: bool,
    pub fusestatic: bool,
    pub inertiafromgeom: i32,
    pub inertiagrouprange: [i32; 2],
    pub saveinertial: bool,
    pub alignfree: bool,
    pub lropt: mjLROpt,
    pub meshdir: String,
    pub texturedir: String,
    pub strippath: bool,
}

impl Default for Compiler {
    fn default() -> Self {
        let mut lropt: mjLROpt = unsafe { core::mem::zeroed() };
        defaults::default_lropt(&mut lropt);
        Compiler {
            autolimits: true,
            boundmass: 0.0,
            boundinertia: 0.0,
            settotalmass: -1.0,
            balanceinertia: false,
            fitaabb: false,
            degree: true,
            eulerseq: *b"xyz",
            discardvisual: false,
            usethread: true,
            fusestatic: false,
            inertiafromgeom: TF_AUTO,
            inertiagrouprange: [0, mjNGROUP as i32 - 1],
            saveinertial: false,
            alignfree: false,
            lropt,
            meshdir: String::new(),
            texturedir: String::new(),
            strippath: false,
        }
    }
}

/// Statistics the user may override (NaN: computed).
#[derive(Clone, Copy, Debug)]
pub struct Statistic {
    pub meaninertia: f64,
    pub meanmass: f64,
    pub meansize: f64,
    pub extent: f64,
    pub center: [f64; 3],
}

impl Default for Statistic {
    fn default() -> Self {
        Statistic { meaninertia: UNDEF, meanmass: UNDEF, meansize: UNDEF, extent: UNDEF, center: [UNDEF, 0.0, 0.0] }
    }
}

/// Where an element came from, for error messages.
#[derive(Clone, Debug, Default)]
pub struct Info {
    pub line: i32,
}

/// How an element uses an engine plugin (`<plugin>` child or attributes of a body, geom,
/// actuator or sensor): by registered plugin name, by instance name, or both.
#[derive(Clone, Debug, Default)]
pub struct PluginRef {
    pub active: bool,
    /// the `plugin` attribute (registered plugin name), may be empty
    pub plugin_name: String,
    /// the `instance` attribute, empty for a plugin configured in place
    pub instance_name: String,
    /// index into `Spec::plugins` of the instance configured in place (no `instance`)
    pub implicit: Option<usize>,
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

#[derive(Clone, Debug)]
pub struct Body {
    pub name: String,
    pub childclass: Option<usize>,
    pub class: usize,
    pub parent: usize,
    pub frame: Option<usize>,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: Orientation,
    pub mass: f64,
    pub ipos: [f64; 3],
    pub iquat: [f64; 4],
    pub inertia: [f64; 3],
    pub ialt: Orientation,
    pub fullinertia: [f64; 6],
    pub mocap: bool,
    pub gravcomp: f64,
    pub sleep: i32,
    pub userdata: Vec<f64>,
    pub explicitinertial: bool,
    /// mocap values of attached keyframes: (key name, position, orientation)
    pub keyvals: Vec<(String, [f64; 3], [f64; 4])>,
    pub info: Info,
    /// children in document order
    pub bodies: Vec<usize>,
    pub joints: Vec<usize>,
    pub geoms: Vec<usize>,
    pub sites: Vec<usize>,
    pub cameras: Vec<usize>,
    pub lights: Vec<usize>,
    pub plugin: PluginRef,
}

impl Default for Body {
    fn default() -> Self {
        Body {
            name: String::new(),
            childclass: None,
            class: 0,
            parent: 0,
            frame: None,
            pos: [0.0; 3],
            quat: [1.0, 0.0, 0.0, 0.0],
            alt: Orientation::Quat,
            mass: 0.0,
            ipos: [UNDEF, 0.0, 0.0],
            iquat: [1.0, 0.0, 0.0, 0.0],
            inertia: [0.0; 3],
            ialt: Orientation::Quat,
            fullinertia: [UNDEF, 0.0, 0.0, 0.0, 0.0, 0.0],
            mocap: false,
            gravcomp: 0.0,
            sleep: mjtSleepPolicy_::mjSLEEP_AUTO as i32,
            userdata: Vec::new(),
            explicitinertial: false,
            keyvals: Vec::new(),
            info: Info::default(),
            bodies: Vec::new(),
            joints: Vec::new(),
            geoms: Vec::new(),
            sites: Vec::new(),
            cameras: Vec::new(),
            lights: Vec::new(),
            plugin: PluginRef::default(),
        }
    }
}

/// A coordinate frame grouping elements of one body (`<frame>`).
#[derive(Clone, Debug)]
pub struct Frame {
    pub name: String,
    pub body: usize,
    pub parent: Option<usize>,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: Orientation,
    pub info: Info,
}

impl Default for Frame {
    fn default() -> Self {
        Frame { name: String::new(), body: 0, parent: None, pos: [0.0; 3], quat: [1.0, 0.0, 0.0, 0.0], alt: Orientation::Quat, info: Info::default() }
    }
}

#[derive(Clone, Debug)]
pub struct Joint {
    pub name: String,
    pub body: usize,
    pub frame: Option<usize>,
    pub jtype: i32,
    pub pos: [f64; 3],
    pub axis: [f64; 3],
    pub ref_: f64,
    pub align: i32,
    pub stiffness: f64,
    pub springref: f64,
    pub springdamper: [f64; 2],
    pub limited: i32,
    pub range: [f64; 2],
    pub margin: f64,
    pub solref_limit: [f64; mjNREF],
    pub solimp_limit: [f64; mjNIMP],
    pub actfrclimited: i32,
    pub actfrcrange: [f64; 2],
    pub armature: f64,
    pub damping: f64,
    pub frictionloss: f64,
    pub solref_friction: [f64; mjNREF],
    pub solimp_friction: [f64; mjNIMP],
    pub group: i32,
    pub actgravcomp: bool,
    pub userdata: Vec<f64>,
    /// values of attached keyframes: (key name, qpos, qvel; empty when not given)
    pub keyvals: Vec<(String, Vec<f64>, Vec<f64>)>,
    pub info: Info,
}

fn solrefimp() -> ([f64; mjNREF], [f64; mjNIMP]) {
    let mut r = [0.0; mjNREF];
    let mut i = [0.0; mjNIMP];
    defaults::default_solrefimp(Some(&mut r), Some(&mut i));
    (r, i)
}

impl Default for Joint {
    fn default() -> Self {
        let (r, i) = solrefimp();
        Joint {
            name: String::new(),
            body: 0,
            frame: None,
            jtype: mjtJoint_::mjJNT_HINGE as i32,
            pos: [0.0; 3],
            axis: [0.0, 0.0, 1.0],
            ref_: 0.0,
            align: TF_AUTO,
            stiffness: 0.0,
            springref: 0.0,
            springdamper: [0.0; 2],
            limited: TF_AUTO,
            range: [0.0; 2],
            margin: 0.0,
            solref_limit: r,
            solimp_limit: i,
            actfrclimited: TF_AUTO,
            actfrcrange: [0.0; 2],
            armature: 0.0,
            damping: 0.0,
            frictionloss: 0.0,
            solref_friction: r,
            solimp_friction: i,
            group: 0,
            actgravcomp: false,
            userdata: Vec::new(),
            keyvals: Vec::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Geom {
    pub name: String,
    pub body: usize,
    pub frame: Option<usize>,
    pub gtype: i32,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: Orientation,
    pub fromto: [f64; 6],
    pub size: [f64; 3],
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
    pub mass: f64,
    pub density: f64,
    pub typeinertia: i32,
    pub fluid_ellipsoid: f64,
    pub fluid_coefs: [f64; 5],
    pub material: String,
    pub rgba: [f32; 4],
    pub group: i32,
    pub hfieldname: String,
    pub meshname: String,
    pub fitscale: f64,
    pub userdata: Vec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
}

impl Default for Geom {
    fn default() -> Self {
        let (r, i) = solrefimp();
        Geom {
            name: String::new(),
            body: 0,
            frame: None,
            gtype: mjtGeom_::mjGEOM_SPHERE as i32,
            pos: [0.0; 3],
            quat: [1.0, 0.0, 0.0, 0.0],
            alt: Orientation::Quat,
            fromto: [UNDEF, 0.0, 0.0, 0.0, 0.0, 0.0],
            size: [0.0; 3],
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
            mass: UNDEF,
            density: 1000.0,
            typeinertia: 0,
            fluid_ellipsoid: 0.0,
            fluid_coefs: [0.5, 0.25, 1.5, 1.0, 1.0],
            material: String::new(),
            rgba: [0.5, 0.5, 0.5, 1.0],
            group: 0,
            hfieldname: String::new(),
            meshname: String::new(),
            fitscale: 1.0,
            userdata: Vec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Site {
    pub name: String,
    pub body: usize,
    pub frame: Option<usize>,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: Orientation,
    pub fromto: [f64; 6],
    pub size: [f64; 3],
    pub stype: i32,
    pub material: String,
    pub group: i32,
    pub rgba: [f32; 4],
    pub userdata: Vec<f64>,
    pub info: Info,
}

impl Default for Site {
    fn default() -> Self {
        Site {
            name: String::new(),
            body: 0,
            frame: None,
            pos: [0.0; 3],
            quat: [1.0, 0.0, 0.0, 0.0],
            alt: Orientation::Quat,
            fromto: [UNDEF, 0.0, 0.0, 0.0, 0.0, 0.0],
            size: [0.005; 3],
            stype: mjtGeom_::mjGEOM_SPHERE as i32,
            material: String::new(),
            group: 0,
            rgba: [0.5, 0.5, 0.5, 1.0],
            userdata: Vec::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Camera {
    pub name: String,
    pub body: usize,
    pub frame: Option<usize>,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: Orientation,
    pub mode: i32,
    pub targetbody: String,
    pub orthographic: i32,
    pub fovy: f64,
    pub ipd: f64,
    pub intrinsic: [f32; 4],
    pub sensor_size: [f32; 2],
    pub resolution: [f32; 2],
    pub focal_length: [f32; 2],
    pub focal_pixel: [f32; 2],
    pub principal_length: [f32; 2],
    pub principal_pixel: [f32; 2],
    pub userdata: Vec<f64>,
    pub info: Info,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            name: String::new(),
            body: 0,
            frame: None,
            pos: [0.0; 3],
            quat: [1.0, 0.0, 0.0, 0.0],
            alt: Orientation::Quat,
            mode: mjtCamLight_::mjCAMLIGHT_FIXED as i32,
            targetbody: String::new(),
            orthographic: 0,
            fovy: 45.0,
            ipd: 0.068,
            intrinsic: [0.0; 4],
            sensor_size: [0.0; 2],
            resolution: [1.0, 1.0],
            focal_length: [0.0; 2],
            focal_pixel: [0.0; 2],
            principal_length: [0.0; 2],
            principal_pixel: [0.0; 2],
            userdata: Vec::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Light {
    pub name: String,
    pub body: usize,
    pub frame: Option<usize>,
    pub pos: [f64; 3],
    pub dir: [f64; 3],
    pub mode: i32,
    pub targetbody: String,
    pub active: bool,
    pub ltype: i32,
    pub texture: String,
    pub castshadow: bool,
    pub bulbradius: f32,
    pub intensity: f32,
    pub range: f32,
    pub attenuation: [f32; 3],
    pub cutoff: f32,
    pub exponent: f32,
    pub ambient: [f32; 3],
    pub diffuse: [f32; 3],
    pub specular: [f32; 3],
    pub info: Info,
}

impl Default for Light {
    fn default() -> Self {
        Light {
            name: String::new(),
            body: 0,
            frame: None,
            pos: [0.0; 3],
            dir: [0.0, 0.0, -1.0],
            mode: mjtCamLight_::mjCAMLIGHT_FIXED as i32,
            targetbody: String::new(),
            active: true,
            ltype: mjtLightType_::mjLIGHT_SPOT as i32,
            texture: String::new(),
            castshadow: true,
            bulbradius: 0.02,
            intensity: 0.0,
            range: 10.0,
            attenuation: [1.0, 0.0, 0.0],
            cutoff: 45.0,
            exponent: 10.0,
            ambient: [0.0; 3],
            diffuse: [0.7; 3],
            specular: [0.3; 3],
            info: Info::default(),
        }
    }
}

/// Transmission target kinds of an actuator (what `target` names).
#[derive(Clone, Debug)]
pub struct Actuator {
    pub name: String,
    pub gaintype: i32,
    pub gainprm: [f64; mjNGAIN],
    pub biastype: i32,
    pub biasprm: [f64; mjNBIAS],
    pub dyntype: i32,
    pub dynprm: [f64; mjNDYN],
    pub actdim: i32,
    pub actearly: bool,
    pub trntype: i32,
    pub gear: [f64; 6],
    pub target: String,
    pub refsite: String,
    pub slidersite: String,
    pub cranklength: f64,
    pub lengthrange: [f64; 2],
    pub inheritrange: f64,
    pub ctrllimited: i32,
    pub ctrlrange: [f64; 2],
    pub forcelimited: i32,
    pub forcerange: [f64; 2],
    pub actlimited: i32,
    pub actrange: [f64; 2],
    pub group: i32,
    pub userdata: Vec<f64>,
    /// values of attached keyframes: (key name, act (empty when none), ctrl)
    pub keyvals: Vec<(String, Vec<f64>, Option<f64>)>,
    pub plugin: PluginRef,
    pub info: Info,
}

impl Default for Actuator {
    fn default() -> Self {
        let mut gainprm = [0.0; mjNGAIN];
        gainprm[0] = 1.0;
        let mut dynprm = [0.0; mjNDYN];
        dynprm[0] = 1.0;
        Actuator {
            name: String::new(),
            gaintype: mjtGain_::mjGAIN_FIXED as i32,
            gainprm,
            biastype: mjtBias_::mjBIAS_NONE as i32,
            biasprm: [0.0; mjNBIAS],
            dyntype: mjtDyn_::mjDYN_NONE as i32,
            dynprm,
            actdim: -1,
            actearly: false,
            trntype: mjtTrn_::mjTRN_UNDEFINED as i32,
            gear: [1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
            target: String::new(),
            refsite: String::new(),
            slidersite: String::new(),
            cranklength: 0.0,
            lengthrange: [0.0; 2],
            inheritrange: 0.0,
            ctrllimited: TF_AUTO,
            ctrlrange: [0.0; 2],
            forcelimited: TF_AUTO,
            forcerange: [0.0; 2],
            actlimited: TF_AUTO,
            actrange: [0.0; 2],
            group: 0,
            userdata: Vec::new(),
            keyvals: Vec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Sensor {
    pub name: String,
    pub stype: i32,
    pub objtype: i32,
    pub objname: String,
    pub reftype: i32,
    pub refname: String,
    pub intprm: [i32; 3],
    pub datatype: i32,
    pub needstage: i32,
    pub dim: i32,
    pub cutoff: f64,
    pub noise: f64,
    pub userdata: Vec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
}

impl Default for Sensor {
    fn default() -> Self {
        Sensor {
            name: String::new(),
            stype: mjtSensor_::mjSENS_TOUCH as i32,
            objtype: mjtObj_::mjOBJ_UNKNOWN as i32,
            objname: String::new(),
            reftype: mjtObj_::mjOBJ_UNKNOWN as i32,
            refname: String::new(),
            intprm: [0; 3],
            datatype: mjtDataType_::mjDATATYPE_REAL as i32,
            needstage: mjtStage_::mjSTAGE_ACC as i32,
            dim: 0,
            cutoff: 0.0,
            noise: 0.0,
            userdata: Vec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
        }
    }
}


/// One element of a tendon path (`mjsWrap`): what it wraps and its parameter.
#[derive(Clone, Debug)]
pub struct Wrap {
    /// mjtWrap value (sphere stands for any geom until compiled)
    pub wtype: i32,
    pub target: String,
    pub sidesite: String,
    /// joint coefficient or pulley divisor
    pub prm: f64,
    pub info: Info,
}

#[derive(Clone, Debug)]
pub struct Tendon {
    pub name: String,
    pub stiffness: f64,
    pub springlength: [f64; 2],
    pub damping: f64,
    pub frictionloss: f64,
    pub solref_friction: [f64; mjNREF],
    pub solimp_friction: [f64; mjNIMP],
    pub armature: f64,
    pub limited: i32,
    pub actfrclimited: i32,
    pub range: [f64; 2],
    pub actfrcrange: [f64; 2],
    pub solref_limit: [f64; mjNREF],
    pub solimp_limit: [f64; mjNIMP],
    pub margin: f64,
    pub material: String,
    pub width: f64,
    pub rgba: [f32; 4],
    pub group: i32,
    pub userdata: Vec<f64>,
    pub path: Vec<Wrap>,
    pub info: Info,
}

impl Default for Tendon {
    fn default() -> Self {
        let (r, i) = solrefimp();
        Tendon {
            name: String::new(),
            stiffness: 0.0,
            springlength: [-1.0, -1.0],
            damping: 0.0,
            frictionloss: 0.0,
            solref_friction: r,
            solimp_friction: i,
            armature: 0.0,
            limited: TF_AUTO,
            actfrclimited: TF_AUTO,
            range: [0.0; 2],
            actfrcrange: [0.0; 2],
            solref_limit: r,
            solimp_limit: i,
            margin: 0.0,
            material: String::new(),
            width: 0.003,
            rgba: [0.5, 0.5, 0.5, 1.0],
            group: 0,
            userdata: Vec::new(),
            path: Vec::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Equality {
    pub name: String,
    pub etype: i32,
    pub data: [f64; mjNEQDATA],
    pub active: bool,
    pub name1: String,
    pub name2: String,
    pub objtype: i32,
    pub solref: [f64; mjNREF],
    pub solimp: [f64; mjNIMP],
    pub info: Info,
}

impl Default for Equality {
    fn default() -> Self {
        let (r, i) = solrefimp();
        let mut data = [0.0; mjNEQDATA];
        data[1] = 1.0;
        data[10] = 1.0;
        Equality {
            name: String::new(),
            etype: mjtEq_::mjEQ_CONNECT as i32,
            data,
            active: true,
            name1: String::new(),
            name2: String::new(),
            objtype: mjtObj_::mjOBJ_UNKNOWN as i32,
            solref: r,
            solimp: i,
            info: Info::default(),
        }
    }
}

/// An explicit geom pair (`<contact><pair>`).
#[derive(Clone, Debug)]
pub struct Pair {
    pub name: String,
    pub geom1: String,
    pub geom2: String,
    pub condim: i32,
    pub solref: [f64; mjNREF],
    pub solreffriction: [f64; mjNREF],
    pub solimp: [f64; mjNIMP],
    pub margin: f64,
    pub gap: f64,
    pub friction: [f64; 5],
    pub info: Info,
}

impl Default for Pair {
    fn default() -> Self {
        let (r, i) = solrefimp();
        Pair {
            name: String::new(),
            geom1: String::new(),
            geom2: String::new(),
            condim: 3,
            solref: r,
            solreffriction: [0.0; mjNREF],
            solimp: i,
            margin: 0.0,
            gap: 0.0,
            friction: [1.0, 1.0, 0.005, 0.0001, 0.0001],
            info: Info::default(),
        }
    }
}

/// A body pair excluded from collisions.
#[derive(Clone, Debug, Default)]
pub struct Exclude {
    pub name: String,
    pub body1: String,
    pub body2: String,
    pub info: Info,
}

/// A keyframe; empty vectors take the model's reference values.
#[derive(Clone, Debug, Default)]
pub struct Key {
    pub name: String,
    /// keyframe brought in by `<attach>`: which of qpos, qvel, act, ctrl, mpos, mquat it
    /// gives; its values live on the joints, actuators and mocap bodies (`keyvals`)
    pub attached: Option<[bool; 6]>,
    pub time: f64,
    pub qpos: Vec<f64>,
    pub qvel: Vec<f64>,
    pub act: Vec<f64>,
    pub mpos: Vec<f64>,
    pub mquat: Vec<f64>,
    pub ctrl: Vec<f64>,
    pub info: Info,
}

#[derive(Clone, Debug, Default)]
pub struct Numeric {
    pub name: String,
    pub data: Vec<f64>,
    pub size: i32,
    pub info: Info,
}

#[derive(Clone, Debug, Default)]
pub struct Text {
    pub name: String,
    pub data: String,
    pub info: Info,
}

#[derive(Clone, Debug, Default)]
pub struct Tuple {
    pub name: String,
    pub objtype: Vec<i32>,
    pub objname: Vec<String>,
    pub objprm: Vec<f64>,
    pub info: Info,
}

#[derive(Clone, Debug)]
pub struct Material {
    pub name: String,
    /// texture names by role (mjNTEXROLE)
    pub textures: Vec<String>,
    pub texuniform: bool,
    pub texrepeat: [f32; 2],
    pub emission: f32,
    pub specular: f32,
    pub shininess: f32,
    pub reflectance: f32,
    pub metallic: f32,
    pub roughness: f32,
    pub rgba: [f32; 4],
    pub info: Info,
}

impl Default for Material {
    fn default() -> Self {
        Material {
            name: String::new(),
            textures: vec![String::new(); mjtTextureRole_::mjNTEXROLE as usize],
            texuniform: false,
            texrepeat: [1.0, 1.0],
            emission: 0.0,
            specular: 0.5,
            shininess: 0.5,
            reflectance: 0.0,
            metallic: -1.0,
            roughness: -1.0,
            rgba: [1.0; 4],
            info: Info::default(),
        }
    }
}

/// A texture (`mjsTexture`); only builtin procedural textures are generated.
#[derive(Clone, Debug)]
pub struct Texture {
    pub name: String,
    pub ttype: i32,
    pub colorspace: i32,
    pub builtin: i32,
    pub mark: i32,
    pub rgb1: [f64; 3],
    pub rgb2: [f64; 3],
    pub markrgb: [f64; 3],
    pub random: f64,
    pub width: i32,
    pub height: i32,
    pub gridsize: [i32; 2],
    pub gridlayout: [u8; 12],
    pub nchannel: i32,
    pub hflip: bool,
    pub vflip: bool,
    pub has_file: bool,
    /// image file (path as written) and the six cube-face files
    pub file: String,
    pub cubefiles: [String; 6],
    pub content_type: String,
    /// contents of `file` then of the cube files, read when the MJCF was parsed: `Err` holds
    /// the message of the failed open
    pub filedata: Vec<Result<std::sync::Arc<Vec<u8>>, String>>,
    pub info: Info,
}

impl Default for Texture {
    fn default() -> Self {
        Texture {
            name: String::new(),
            ttype: mjtTexture_::mjTEXTURE_CUBE as i32,
            colorspace: mjtColorSpace_::mjCOLORSPACE_AUTO as i32,
            builtin: 0,
            mark: 0,
            rgb1: [0.8; 3],
            rgb2: [0.5; 3],
            markrgb: [0.0; 3],
            random: 0.01,
            width: 0,
            height: 0,
            gridsize: [1, 1],
            gridlayout: *b"............",
            nchannel: 3,
            hflip: false,
            vflip: false,
            has_file: false,
            file: String::new(),
            cubefiles: Default::default(),
            content_type: String::new(),
            filedata: Vec::new(),
            info: Info::default(),
        }
    }
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

/// A mesh asset (`<mesh>`): vertex data from a file (OBJ, STL, MSH) or given in the model, with
/// the reference frame, scale and inertia mode the compiler applies.
#[derive(Clone, Debug)]
pub struct Mesh {
    pub name: String,
    pub file: String,
    pub content_type: String,
    pub refpos: [f64; 3],
    pub refquat: [f64; 4],
    pub scale: [f64; 3],
    /// `mjtMeshInertia`
    pub inertia: i32,
    pub smoothnormal: bool,
    pub maxhullvert: i32,
    pub vert: Vec<f32>,
    pub normal: Vec<f32>,
    pub texcoord: Vec<f32>,
    pub face: Vec<i32>,
    pub facenormal: Vec<i32>,
    pub facetexcoord: Vec<i32>,
    pub material: String,
    /// contents of `file` when read with the MJCF (nested models), as for height fields
    pub filedata: Option<Result<std::sync::Arc<Vec<u8>>, String>>,
    pub info: Info,
}

impl Default for Mesh {
    fn default() -> Self {
        Mesh {
            name: String::new(),
            file: String::new(),
            content_type: String::new(),
            refpos: [0.0; 3],
            refquat: [1.0, 0.0, 0.0, 0.0],
            scale: [1.0; 3],
            inertia: crate::abi::mjtMeshInertia_::mjMESH_INERTIA_LEGACY as i32,
            smoothnormal: false,
            maxhullvert: -1,
            vert: Vec::new(),
            normal: Vec::new(),
            texcoord: Vec::new(),
            face: Vec::new(),
            facenormal: Vec::new(),
            facetexcoord: Vec::new(),
            material: String::new(),
            filedata: None,
            info: Info::default(),
        }
    }
}

/// A height field asset (`<hfield>`): elevations from a file (PNG or upstream's binary format),
/// from `elevation` or all zero, over a `size` of (x, y, top, bottom) half-extents.
#[derive(Clone, Debug, Default)]
pub struct HField {
    pub name: String,
    pub file: String,
    pub content_type: String,
    pub nrow: i32,
    pub ncol: i32,
    pub size: [f64; 4],
    /// elevations given in the model (rows bottom to top), empty for a file
    pub userdata: Vec<f32>,
    /// contents of `file` when read with the MJCF (nested models): `Err` holds the message of
    /// the failed open; `None` lets the compiler open it
    pub filedata: Option<Result<std::sync::Arc<Vec<u8>>, String>>,
    pub info: Info,
}

/// A skin (`<skin>`): a triangle mesh drawn over bodies, each vertex moved by weighted bones;
/// data given in the model or read from an SKN file.
#[derive(Clone, Debug)]
pub struct Skin {
    pub name: String,
    pub file: String,
    pub material: String,
    pub rgba: [f32; 4],
    pub inflate: f32,
    pub group: i32,
    pub vert: Vec<f32>,
    pub texcoord: Vec<f32>,
    pub face: Vec<i32>,
    pub bodyname: Vec<String>,
    pub bindpos: Vec<f32>,
    pub bindquat: Vec<f32>,
    pub vertid: Vec<Vec<i32>>,
    pub vertweight: Vec<Vec<f32>>,
    /// contents of `file` when read with the MJCF (nested models), as for height fields
    pub filedata: Option<Result<std::sync::Arc<Vec<u8>>, String>>,
    pub info: Info,
}

impl Default for Skin {
    fn default() -> Self {
        Skin {
            name: String::new(),
            file: String::new(),
            material: String::new(),
            rgba: [0.5, 0.5, 0.5, 1.0],
            inflate: 0.0,
            group: 0,
            vert: Vec::new(),
            texcoord: Vec::new(),
            face: Vec::new(),
            bodyname: Vec::new(),
            bindpos: Vec::new(),
            bindquat: Vec::new(),
            vertid: Vec::new(),
            vertweight: Vec::new(),
            filedata: None,
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

/// The whole model specification.
#[derive(Clone)]
pub struct Spec {
    pub modelname: String,
    pub comment: String,
    pub compiler: Compiler,
    pub option: mjOption,
    pub visual: mjVisual,
    pub stat: Statistic,
    pub memory: i64,
    pub nuserdata: i32,
    pub nuser_body: i32,
    pub nuser_jnt: i32,
    pub nuser_geom: i32,
    pub nuser_site: i32,
    pub nuser_cam: i32,
    pub nuser_tendon: i32,
    pub nuser_actuator: i32,
    pub nuser_sensor: i32,
    pub nkey: i32,
    pub njmax: i32,
    pub nconmax: i32,
    pub nstack: i64,
    pub defaults: Vec<DefaultClass>,
    pub bodies: Vec<Body>,
    pub frames: Vec<Frame>,
    pub joints: Vec<Joint>,
    pub geoms: Vec<Geom>,
    pub sites: Vec<Site>,
    pub cameras: Vec<Camera>,
    pub lights: Vec<Light>,
    pub actuators: Vec<Actuator>,
    pub sensors: Vec<Sensor>,
    pub tendons: Vec<Tendon>,
    pub equalities: Vec<Equality>,
    pub pairs: Vec<Pair>,
    pub excludes: Vec<Exclude>,
    pub keys: Vec<Key>,
    pub numerics: Vec<Numeric>,
    pub texts: Vec<Text>,
    pub tuples: Vec<Tuple>,
    pub skins: Vec<Skin>,
    pub flexes: Vec<Flex>,
    pub meshes: Vec<Mesh>,
    pub hfields: Vec<HField>,
    pub textures: Vec<Texture>,
    pub materials: Vec<Material>,
    /// models named in `<asset><model>`, parsed, for `<attach>`
    pub models: Vec<(String, Box<Spec>)>,
    /// keyframes of attached models, added after the model's own
    pub pending_keys: Vec<Key>,
    /// folder of the model file (with a trailing separator), where asset paths start
    pub modelfiledir: String,
    /// the model used `<replicate>`
    pub has_replicate: bool,
    /// plugin instances, in the order they were declared or created
    pub plugins: Vec<Plugin>,
    /// plugins named in `<extension>`: registered name and slot
    pub active_plugins: Vec<(String, i32)>,
    /// an element referenced a plugin instance by name (explicit instances must come first)
    pub has_implicit_plugin_elem: bool,
    /// names given so far by the XML reader, by object type (for upstream's early check of
    /// repeated names)
    pub names_seen: std::collections::HashMap<&'static str, std::collections::HashSet<String>>,
}

impl Default for Spec {
    fn default() -> Self {
        let mut option: mjOption = unsafe { core::mem::zeroed() };
        defaults::default_option(&mut option);
        let mut visual: mjVisual = unsafe { core::mem::zeroed() };
        defaults::default_visual(&mut visual);
        let world = Body { name: "world".into(), ..Body::default() };
        Spec {
            modelname: "MuJoCo Model".into(),
            comment: String::new(),
            compiler: Compiler::default(),
            option,
            visual,
            stat: Statistic::default(),
            memory: -1,
            nuserdata: 0,
            nuser_body: -1,
            nuser_jnt: -1,
            nuser_geom: -1,
            nuser_site: -1,
            nuser_cam: -1,
            nuser_tendon: -1,
            nuser_actuator: -1,
            nuser_sensor: -1,
            nkey: 0,
            njmax: -1,
            nconmax: -1,
            nstack: -1,
            defaults: vec![DefaultClass { name: "main".into(), ..DefaultClass::default() }],
            bodies: vec![world],
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
            modelfiledir: String::new(),
            has_replicate: false,
            plugins: Vec::new(),
            active_plugins: Vec::new(),
            has_implicit_plugin_elem: false,
            names_seen: Default::default(),
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
