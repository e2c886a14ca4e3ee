//! Model specification (mjs*) types.
//!
//! Layouts and values reproduce upstream's `mjspec.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

// Opaque handles to strings and vectors (std types in C++, `void` in C).
pub type mjString = c_void;
pub type mjStringVec = c_void;
pub type mjIntVec = c_void;
pub type mjIntVecVec = c_void;
pub type mjFloatVec = c_void;
pub type mjFloatVecVec = c_void;
pub type mjDoubleVec = c_void;
pub type mjByteVec = c_void;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtGeomInertia_ {
    mjINERTIA_VOLUME = 0,
    mjINERTIA_SHELL = 1,
}
pub type mjtGeomInertia = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtMeshInertia_ {
    mjMESH_INERTIA_CONVEX = 0,
    mjMESH_INERTIA_EXACT = 1,
    mjMESH_INERTIA_LEGACY = 2,
    mjMESH_INERTIA_SHELL = 3,
}
pub type mjtMeshInertia = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtMeshBuiltin_ {
    mjMESH_BUILTIN_NONE = 0,
    mjMESH_BUILTIN_SPHERE = 1,
    mjMESH_BUILTIN_HEMISPHERE = 2,
    mjMESH_BUILTIN_CONE = 3,
    mjMESH_BUILTIN_SUPERSPHERE = 4,
    mjMESH_BUILTIN_SUPERTORUS = 5,
    mjMESH_BUILTIN_WEDGE = 6,
    mjMESH_BUILTIN_PLATE = 7,
}
pub type mjtMeshBuiltin = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtBuiltin_ {
    mjBUILTIN_NONE = 0,
    mjBUILTIN_GRADIENT = 1,
    mjBUILTIN_CHECKER = 2,
    mjBUILTIN_FLAT = 3,
}
pub type mjtBuiltin = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtMark_ {
    mjMARK_NONE = 0,
    mjMARK_EDGE = 1,
    mjMARK_CROSS = 2,
    mjMARK_RANDOM = 3,
}
pub type mjtMark = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtLimited_ {
    mjLIMITED_FALSE = 0,
    mjLIMITED_TRUE = 1,
    mjLIMITED_AUTO = 2,
}
pub type mjtLimited = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtAlignFree_ {
    mjALIGNFREE_FALSE = 0,
    mjALIGNFREE_TRUE = 1,
    mjALIGNFREE_AUTO = 2,
}
pub type mjtAlignFree = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtInertiaFromGeom_ {
    mjINERTIAFROMGEOM_FALSE = 0,
    mjINERTIAFROMGEOM_TRUE = 1,
    mjINERTIAFROMGEOM_AUTO = 2,
}
pub type mjtInertiaFromGeom = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtOrientation_ {
    mjORIENTATION_QUAT = 0,
    mjORIENTATION_AXISANGLE = 1,
    mjORIENTATION_XYAXES = 2,
    mjORIENTATION_ZAXIS = 3,
    mjORIENTATION_EULER = 4,
}
pub type mjtOrientation = c_int;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsElement_ {
    pub elemtype: mjtObj,
    pub signature: u64,
}
pub type mjsElement = mjsElement_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsCompiler_ {
    pub autolimits: mjtByte,
    pub boundmass: f64,
    pub boundinertia: f64,
    pub settotalmass: f64,
    pub balanceinertia: mjtByte,
    pub fitaabb: mjtByte,
    pub degree: mjtByte,
    pub eulerseq: [c_char; 3],
    pub discardvisual: mjtByte,
    pub usethread: mjtByte,
    pub fusestatic: mjtByte,
    pub inertiafromgeom: c_int,
    pub inertiagrouprange: [c_int; 2],
    pub saveinertial: mjtByte,
    pub alignfree: c_int,
    pub LRopt: mjLROpt,
    pub meshdir: *mut mjString,
    pub texturedir: *mut mjString,
}
pub type mjsCompiler = mjsCompiler_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjSpec_ {
    pub element: *mut mjsElement,
    pub modelname: *mut mjString,
    pub compiler: mjsCompiler,
    pub strippath: mjtByte,
    pub option: mjOption,
    pub visual: mjVisual,
    pub stat: mjStatistic,
    pub memory: mjtSize,
    pub nemax: c_int,
    pub nuserdata: c_int,
    pub nuser_body: c_int,
    pub nuser_jnt: c_int,
    pub nuser_geom: c_int,
    pub nuser_site: c_int,
    pub nuser_cam: c_int,
    pub nuser_tendon: c_int,
    pub nuser_actuator: c_int,
    pub nuser_sensor: c_int,
    pub nkey: c_int,
    pub njmax: c_int,
    pub nconmax: c_int,
    pub nstack: mjtSize,
    pub comment: *mut mjString,
    pub modelfiledir: *mut mjString,
    pub hasImplicitPluginElem: mjtByte,
}
pub type mjSpec = mjSpec_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsOrientation_ {
    pub r#type: mjtOrientation,
    pub axisangle: [f64; 4],
    pub xyaxes: [f64; 6],
    pub zaxis: [f64; 3],
    pub euler: [f64; 3],
}
pub type mjsOrientation = mjsOrientation_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsPlugin_ {
    pub element: *mut mjsElement,
    pub name: *mut mjString,
    pub plugin_name: *mut mjString,
    pub active: mjtByte,
    pub info: *mut mjString,
}
pub type mjsPlugin = mjsPlugin_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsBody_ {
    pub element: *mut mjsElement,
    pub childclass: *mut mjString,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: mjsOrientation,
    pub mass: f64,
    pub ipos: [f64; 3],
    pub iquat: [f64; 4],
    pub inertia: [f64; 3],
    pub ialt: mjsOrientation,
    pub fullinertia: [f64; 6],
    pub mocap: mjtByte,
    pub gravcomp: f64,
    pub sleep: mjtSleepPolicy,
    pub userdata: *mut mjDoubleVec,
    pub explicitinertial: mjtByte,
    pub plugin: mjsPlugin,
    pub info: *mut mjString,
}
pub type mjsBody = mjsBody_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsFrame_ {
    pub element: *mut mjsElement,
    pub childclass: *mut mjString,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: mjsOrientation,
    pub info: *mut mjString,
}
pub type mjsFrame = mjsFrame_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsJoint_ {
    pub element: *mut mjsElement,
    pub r#type: mjtJoint,
    pub pos: [f64; 3],
    pub axis: [f64; 3],
    pub r#ref: f64,
    pub align: c_int,
    pub stiffness: f64,
    pub springref: f64,
    pub springdamper: [f64; 2],
    pub limited: c_int,
    pub range: [f64; 2],
    pub margin: f64,
    pub solref_limit: [mjtNum; mjNREF],
    pub solimp_limit: [mjtNum; mjNIMP],
    pub actfrclimited: c_int,
    pub actfrcrange: [f64; 2],
    pub armature: f64,
    pub damping: f64,
    pub frictionloss: f64,
    pub solref_friction: [mjtNum; mjNREF],
    pub solimp_friction: [mjtNum; mjNIMP],
    pub group: c_int,
    pub actgravcomp: mjtByte,
    pub userdata: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsJoint = mjsJoint_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsGeom_ {
    pub element: *mut mjsElement,
    pub r#type: mjtGeom,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: mjsOrientation,
    pub fromto: [f64; 6],
    pub size: [f64; 3],
    pub contype: c_int,
    pub conaffinity: c_int,
    pub condim: c_int,
    pub priority: c_int,
    pub friction: [f64; 3],
    pub solmix: f64,
    pub solref: [mjtNum; mjNREF],
    pub solimp: [mjtNum; mjNIMP],
    pub margin: f64,
    pub gap: f64,
    pub mass: f64,
    pub density: f64,
    pub typeinertia: mjtGeomInertia,
    pub fluid_ellipsoid: mjtNum,
    pub fluid_coefs: [mjtNum; 5],
    pub material: *mut mjString,
    pub rgba: [f32; 4],
    pub group: c_int,
    pub hfieldname: *mut mjString,
    pub meshname: *mut mjString,
    pub fitscale: f64,
    pub userdata: *mut mjDoubleVec,
    pub plugin: mjsPlugin,
    pub info: *mut mjString,
}
pub type mjsGeom = mjsGeom_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsSite_ {
    pub element: *mut mjsElement,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: mjsOrientation,
    pub fromto: [f64; 6],
    pub size: [f64; 3],
    pub r#type: mjtGeom,
    pub material: *mut mjString,
    pub group: c_int,
    pub rgba: [f32; 4],
    pub userdata: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsSite = mjsSite_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsCamera_ {
    pub element: *mut mjsElement,
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    pub alt: mjsOrientation,
    pub mode: mjtCamLight,
    pub targetbody: *mut mjString,
    pub orthographic: c_int,
    pub fovy: f64,
    pub ipd: f64,
    pub intrinsic: [f32; 4],
    pub sensor_size: [f32; 2],
    pub resolution: [f32; 2],
    pub focal_length: [f32; 2],
    pub focal_pixel: [f32; 2],
    pub principal_length: [f32; 2],
    pub principal_pixel: [f32; 2],
    pub userdata: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsCamera = mjsCamera_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsLight_ {
    pub element: *mut mjsElement,
    pub pos: [f64; 3],
    pub dir: [f64; 3],
    pub mode: mjtCamLight,
    pub targetbody: *mut mjString,
    pub active: mjtByte,
    pub r#type: mjtLightType,
    pub texture: *mut mjString,
    pub castshadow: mjtByte,
    pub bulbradius: f32,
    pub intensity: f32,
    pub range: f32,
    pub attenuation: [f32; 3],
    pub cutoff: f32,
    pub exponent: f32,
    pub ambient: [f32; 3],
    pub diffuse: [f32; 3],
    pub specular: [f32; 3],
    pub info: *mut mjString,
}
pub type mjsLight = mjsLight_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsFlex_ {
    pub element: *mut mjsElement,
    pub contype: c_int,
    pub conaffinity: c_int,
    pub condim: c_int,
    pub priority: c_int,
    pub friction: [f64; 3],
    pub solmix: f64,
    pub solref: [mjtNum; mjNREF],
    pub solimp: [mjtNum; mjNIMP],
    pub margin: f64,
    pub gap: f64,
    pub dim: c_int,
    pub radius: f64,
    pub internal: mjtByte,
    pub flatskin: mjtByte,
    pub selfcollide: c_int,
    pub vertcollide: c_int,
    pub passive: c_int,
    pub activelayers: c_int,
    pub group: c_int,
    pub edgestiffness: f64,
    pub edgedamping: f64,
    pub rgba: [f32; 4],
    pub material: *mut mjString,
    pub young: f64,
    pub poisson: f64,
    pub damping: f64,
    pub thickness: f64,
    pub elastic2d: c_int,
    pub nodebody: *mut mjStringVec,
    pub vertbody: *mut mjStringVec,
    pub node: *mut mjDoubleVec,
    pub vert: *mut mjDoubleVec,
    pub elem: *mut mjIntVec,
    pub texcoord: *mut mjFloatVec,
    pub elemtexcoord: *mut mjIntVec,
    pub info: *mut mjString,
}
pub type mjsFlex = mjsFlex_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsMesh_ {
    pub element: *mut mjsElement,
    pub content_type: *mut mjString,
    pub file: *mut mjString,
    pub refpos: [f64; 3],
    pub refquat: [f64; 4],
    pub scale: [f64; 3],
    pub inertia: mjtMeshInertia,
    pub smoothnormal: mjtByte,
    pub needsdf: mjtByte,
    pub maxhullvert: c_int,
    pub uservert: *mut mjFloatVec,
    pub usernormal: *mut mjFloatVec,
    pub usertexcoord: *mut mjFloatVec,
    pub userface: *mut mjIntVec,
    pub userfacenormal: *mut mjIntVec,
    pub userfacetexcoord: *mut mjIntVec,
    pub plugin: mjsPlugin,
    pub material: *mut mjString,
    pub info: *mut mjString,
}
pub type mjsMesh = mjsMesh_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsHField_ {
    pub element: *mut mjsElement,
    pub content_type: *mut mjString,
    pub file: *mut mjString,
    pub size: [f64; 4],
    pub nrow: c_int,
    pub ncol: c_int,
    pub userdata: *mut mjFloatVec,
    pub info: *mut mjString,
}
pub type mjsHField = mjsHField_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsSkin_ {
    pub element: *mut mjsElement,
    pub file: *mut mjString,
    pub material: *mut mjString,
    pub rgba: [f32; 4],
    pub inflate: f32,
    pub group: c_int,
    pub vert: *mut mjFloatVec,
    pub texcoord: *mut mjFloatVec,
    pub face: *mut mjIntVec,
    pub bodyname: *mut mjStringVec,
    pub bindpos: *mut mjFloatVec,
    pub bindquat: *mut mjFloatVec,
    pub vertid: *mut mjIntVecVec,
    pub vertweight: *mut mjFloatVecVec,
    pub info: *mut mjString,
}
pub type mjsSkin = mjsSkin_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsTexture_ {
    pub element: *mut mjsElement,
    pub r#type: mjtTexture,
    pub colorspace: mjtColorSpace,
    pub builtin: c_int,
    pub mark: c_int,
    pub rgb1: [f64; 3],
    pub rgb2: [f64; 3],
    pub markrgb: [f64; 3],
    pub random: f64,
    pub height: c_int,
    pub width: c_int,
    pub nchannel: c_int,
    pub content_type: *mut mjString,
    pub file: *mut mjString,
    pub gridsize: [c_int; 2],
    pub gridlayout: [c_char; 12],
    pub cubefiles: *mut mjStringVec,
    pub data: *mut mjByteVec,
    pub hflip: mjtByte,
    pub vflip: mjtByte,
    pub info: *mut mjString,
}
pub type mjsTexture = mjsTexture_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsMaterial_ {
    pub element: *mut mjsElement,
    pub textures: *mut mjStringVec,
    pub texuniform: mjtByte,
    pub texrepeat: [f32; 2],
    pub emission: f32,
    pub specular: f32,
    pub shininess: f32,
    pub reflectance: f32,
    pub metallic: f32,
    pub roughness: f32,
    pub rgba: [f32; 4],
    pub info: *mut mjString,
}
pub type mjsMaterial = mjsMaterial_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsPair_ {
    pub element: *mut mjsElement,
    pub geomname1: *mut mjString,
    pub geomname2: *mut mjString,
    pub condim: c_int,
    pub solref: [mjtNum; mjNREF],
    pub solreffriction: [mjtNum; mjNREF],
    pub solimp: [mjtNum; mjNIMP],
    pub margin: f64,
    pub gap: f64,
    pub friction: [f64; 5],
    pub info: *mut mjString,
}
pub type mjsPair = mjsPair_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsExclude_ {
    pub element: *mut mjsElement,
    pub bodyname1: *mut mjString,
    pub bodyname2: *mut mjString,
    pub info: *mut mjString,
}
pub type mjsExclude = mjsExclude_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsEquality_ {
    pub element: *mut mjsElement,
    pub r#type: mjtEq,
    pub data: [f64; mjNEQDATA],
    pub active: mjtByte,
    pub name1: *mut mjString,
    pub name2: *mut mjString,
    pub objtype: mjtObj,
    pub solref: [mjtNum; mjNREF],
    pub solimp: [mjtNum; mjNIMP],
    pub info: *mut mjString,
}
pub type mjsEquality = mjsEquality_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsTendon_ {
    pub element: *mut mjsElement,
    pub stiffness: f64,
    pub springlength: [f64; 2],
    pub damping: f64,
    pub frictionloss: f64,
    pub solref_friction: [mjtNum; mjNREF],
    pub solimp_friction: [mjtNum; mjNIMP],
    pub armature: f64,
    pub limited: c_int,
    pub actfrclimited: c_int,
    pub range: [f64; 2],
    pub actfrcrange: [f64; 2],
    pub margin: f64,
    pub solref_limit: [mjtNum; mjNREF],
    pub solimp_limit: [mjtNum; mjNIMP],
    pub material: *mut mjString,
    pub width: f64,
    pub rgba: [f32; 4],
    pub group: c_int,
    pub userdata: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsTendon = mjsTendon_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsWrap_ {
    pub element: *mut mjsElement,
    pub r#type: mjtWrap,
    pub info: *mut mjString,
}
pub type mjsWrap = mjsWrap_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsActuator_ {
    pub element: *mut mjsElement,
    pub gaintype: mjtGain,
    pub gainprm: [f64; mjNGAIN],
    pub biastype: mjtBias,
    pub biasprm: [f64; mjNGAIN],
    pub dyntype: mjtDyn,
    pub dynprm: [f64; mjNDYN],
    pub actdim: c_int,
    pub actearly: mjtByte,
    pub trntype: mjtTrn,
    pub gear: [f64; 6],
    pub target: *mut mjString,
    pub refsite: *mut mjString,
    pub slidersite: *mut mjString,
    pub cranklength: f64,
    pub lengthrange: [f64; 2],
    pub inheritrange: f64,
    pub ctrllimited: c_int,
    pub ctrlrange: [f64; 2],
    pub forcelimited: c_int,
    pub forcerange: [f64; 2],
    pub actlimited: c_int,
    pub actrange: [f64; 2],
    pub group: c_int,
    pub userdata: *mut mjDoubleVec,
    pub plugin: mjsPlugin,
    pub info: *mut mjString,
}
pub type mjsActuator = mjsActuator_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsSensor_ {
    pub element: *mut mjsElement,
    pub r#type: mjtSensor,
    pub objtype: mjtObj,
    pub objname: *mut mjString,
    pub reftype: mjtObj,
    pub refname: *mut mjString,
    pub intprm: [c_int; mjNSENS],
    pub datatype: mjtDataType,
    pub needstage: mjtStage,
    pub dim: c_int,
    pub cutoff: f64,
    pub noise: f64,
    pub userdata: *mut mjDoubleVec,
    pub plugin: mjsPlugin,
    pub info: *mut mjString,
}
pub type mjsSensor = mjsSensor_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsNumeric_ {
    pub element: *mut mjsElement,
    pub data: *mut mjDoubleVec,
    pub size: c_int,
    pub info: *mut mjString,
}
pub type mjsNumeric = mjsNumeric_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsText_ {
    pub element: *mut mjsElement,
    pub data: *mut mjString,
    pub info: *mut mjString,
}
pub type mjsText = mjsText_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsTuple_ {
    pub element: *mut mjsElement,
    pub objtype: *mut mjIntVec,
    pub objname: *mut mjStringVec,
    pub objprm: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsTuple = mjsTuple_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsKey_ {
    pub element: *mut mjsElement,
    pub time: f64,
    pub qpos: *mut mjDoubleVec,
    pub qvel: *mut mjDoubleVec,
    pub act: *mut mjDoubleVec,
    pub mpos: *mut mjDoubleVec,
    pub mquat: *mut mjDoubleVec,
    pub ctrl: *mut mjDoubleVec,
    pub info: *mut mjString,
}
pub type mjsKey = mjsKey_;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjsDefault_ {
    pub element: *mut mjsElement,
    pub joint: *mut mjsJoint,
    pub geom: *mut mjsGeom,
    pub site: *mut mjsSite,
    pub camera: *mut mjsCamera,
    pub light: *mut mjsLight,
    pub flex: *mut mjsFlex,
    pub mesh: *mut mjsMesh,
    pub material: *mut mjsMaterial,
    pub pair: *mut mjsPair,
    pub equality: *mut mjsEquality,
    pub tendon: *mut mjsTendon,
    pub actuator: *mut mjsActuator,
}
pub type mjsDefault = mjsDefault_;
