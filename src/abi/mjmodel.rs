//! Model-side public types: constants, model enums, options, visual settings, statistics.
//!
//! Layouts and values reproduce upstream's `mjmodel.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]
// the constants are written with upstream's digits, which `make header` copies into mjmodel.h
#![allow(clippy::approx_constant, clippy::excessive_precision)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

pub const mjPI: f64 = 3.14159265358979323846;
pub const mjMAXVAL: f64 = 1E10;
pub const mjMINMU: f64 = 1E-5;
pub const mjMINIMP: f64 = 0.0001;
pub const mjMAXIMP: f64 = 0.9999;
pub const mjMAXCONPAIR: usize = 50;
pub const mjMAXTREEDEPTH: usize = 50;
pub const mjMAXFLEXNODES: usize = 27;
pub const mjMINAWAKE: usize = 10;
pub const mjNEQDATA: usize = 11;
pub const mjNDYN: usize = 10;
pub const mjNGAIN: usize = 10;
pub const mjNBIAS: usize = 10;
pub const mjNFLUID: usize = 12;
pub const mjNREF: usize = 2;
pub const mjNIMP: usize = 5;
pub const mjNSENS: usize = 3;
pub const mjNSOLVER: usize = 200;
pub const mjNISLAND: usize = 20;
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtDisableBit_ {
    mjDSBL_CONSTRAINT = 1 << 0,
    mjDSBL_EQUALITY = 1 << 1,
    mjDSBL_FRICTIONLOSS = 1 << 2,
    mjDSBL_LIMIT = 1 << 3,
    mjDSBL_CONTACT = 1 << 4,
    mjDSBL_SPRING = 1 << 5,
    mjDSBL_DAMPER = 1 << 6,
    mjDSBL_GRAVITY = 1 << 7,
    mjDSBL_CLAMPCTRL = 1 << 8,
    mjDSBL_WARMSTART = 1 << 9,
    mjDSBL_FILTERPARENT = 1 << 10,
    mjDSBL_ACTUATION = 1 << 11,
    mjDSBL_REFSAFE = 1 << 12,
    mjDSBL_SENSOR = 1 << 13,
    mjDSBL_MIDPHASE = 1 << 14,
    mjDSBL_EULERDAMP = 1 << 15,
    mjDSBL_AUTORESET = 1 << 16,
    mjDSBL_NATIVECCD = 1 << 17,
    mjDSBL_ISLAND = 1 << 18,
    mjNDISABLE = 19,
}
pub type mjtDisableBit = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtEnableBit_ {
    mjENBL_OVERRIDE = 1 << 0,
    mjENBL_ENERGY = 1 << 1,
    mjENBL_FWDINV = 1 << 2,
    mjENBL_INVDISCRETE = 1 << 3,
    mjENBL_MULTICCD = 1 << 4,
    mjENBL_SLEEP = 1 << 5,
    mjNENABLE = 6,
}
pub type mjtEnableBit = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtJoint_ {
    mjJNT_FREE = 0,
    mjJNT_BALL = 1,
    mjJNT_SLIDE = 2,
    mjJNT_HINGE = 3,
}
pub type mjtJoint = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtGeom_ {
    mjGEOM_PLANE = 0,
    mjGEOM_HFIELD = 1,
    mjGEOM_SPHERE = 2,
    mjGEOM_CAPSULE = 3,
    mjGEOM_ELLIPSOID = 4,
    mjGEOM_CYLINDER = 5,
    mjGEOM_BOX = 6,
    mjGEOM_MESH = 7,
    mjGEOM_SDF = 8,
    mjNGEOMTYPES = 9,
    mjGEOM_ARROW = 100,
    mjGEOM_ARROW1 = 101,
    mjGEOM_ARROW2 = 102,
    mjGEOM_LINE = 103,
    mjGEOM_LINEBOX = 104,
    mjGEOM_FLEX = 105,
    mjGEOM_SKIN = 106,
    mjGEOM_LABEL = 107,
    mjGEOM_TRIANGLE = 108,
    mjGEOM_NONE = 1001,
}
pub type mjtGeom = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtCamLight_ {
    mjCAMLIGHT_FIXED = 0,
    mjCAMLIGHT_TRACK = 1,
    mjCAMLIGHT_TRACKCOM = 2,
    mjCAMLIGHT_TARGETBODY = 3,
    mjCAMLIGHT_TARGETBODYCOM = 4,
}
pub type mjtCamLight = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtLightType_ {
    mjLIGHT_SPOT = 0,
    mjLIGHT_DIRECTIONAL = 1,
    mjLIGHT_POINT = 2,
    mjLIGHT_IMAGE = 3,
}
pub type mjtLightType = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtTexture_ {
    mjTEXTURE_2D = 0,
    mjTEXTURE_CUBE = 1,
    mjTEXTURE_SKYBOX = 2,
}
pub type mjtTexture = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtTextureRole_ {
    mjTEXROLE_USER = 0,
    mjTEXROLE_RGB = 1,
    mjTEXROLE_OCCLUSION = 2,
    mjTEXROLE_ROUGHNESS = 3,
    mjTEXROLE_METALLIC = 4,
    mjTEXROLE_NORMAL = 5,
    mjTEXROLE_OPACITY = 6,
    mjTEXROLE_EMISSIVE = 7,
    mjTEXROLE_RGBA = 8,
    mjTEXROLE_ORM = 9,
    mjNTEXROLE = 10,
}
pub type mjtTextureRole = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtColorSpace_ {
    mjCOLORSPACE_AUTO = 0,
    mjCOLORSPACE_LINEAR = 1,
    mjCOLORSPACE_SRGB = 2,
}
pub type mjtColorSpace = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtIntegrator_ {
    mjINT_EULER = 0,
    mjINT_RK4 = 1,
    mjINT_IMPLICIT = 2,
    mjINT_IMPLICITFAST = 3,
}
pub type mjtIntegrator = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtCone_ {
    mjCONE_PYRAMIDAL = 0,
    mjCONE_ELLIPTIC = 1,
}
pub type mjtCone = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtJacobian_ {
    mjJAC_DENSE = 0,
    mjJAC_SPARSE = 1,
    mjJAC_AUTO = 2,
}
pub type mjtJacobian = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSolver_ {
    mjSOL_PGS = 0,
    mjSOL_CG = 1,
    mjSOL_NEWTON = 2,
}
pub type mjtSolver = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtEq_ {
    mjEQ_CONNECT = 0,
    mjEQ_WELD = 1,
    mjEQ_JOINT = 2,
    mjEQ_TENDON = 3,
    mjEQ_FLEX = 4,
    mjEQ_DISTANCE = 5,
}
pub type mjtEq = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtWrap_ {
    mjWRAP_NONE = 0,
    mjWRAP_JOINT = 1,
    mjWRAP_PULLEY = 2,
    mjWRAP_SITE = 3,
    mjWRAP_SPHERE = 4,
    mjWRAP_CYLINDER = 5,
}
pub type mjtWrap = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtTrn_ {
    mjTRN_JOINT = 0,
    mjTRN_JOINTINPARENT = 1,
    mjTRN_SLIDERCRANK = 2,
    mjTRN_TENDON = 3,
    mjTRN_SITE = 4,
    mjTRN_BODY = 5,
    mjTRN_UNDEFINED = 1000,
}
pub type mjtTrn = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtDyn_ {
    mjDYN_NONE = 0,
    mjDYN_INTEGRATOR = 1,
    mjDYN_FILTER = 2,
    mjDYN_FILTEREXACT = 3,
    mjDYN_MUSCLE = 4,
    mjDYN_USER = 5,
}
pub type mjtDyn = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtGain_ {
    mjGAIN_FIXED = 0,
    mjGAIN_AFFINE = 1,
    mjGAIN_MUSCLE = 2,
    mjGAIN_USER = 3,
}
pub type mjtGain = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtBias_ {
    mjBIAS_NONE = 0,
    mjBIAS_AFFINE = 1,
    mjBIAS_MUSCLE = 2,
    mjBIAS_USER = 3,
}
pub type mjtBias = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtObj_ {
    mjOBJ_UNKNOWN = 0,
    mjOBJ_BODY = 1,
    mjOBJ_XBODY = 2,
    mjOBJ_JOINT = 3,
    mjOBJ_DOF = 4,
    mjOBJ_GEOM = 5,
    mjOBJ_SITE = 6,
    mjOBJ_CAMERA = 7,
    mjOBJ_LIGHT = 8,
    mjOBJ_FLEX = 9,
    mjOBJ_MESH = 10,
    mjOBJ_SKIN = 11,
    mjOBJ_HFIELD = 12,
    mjOBJ_TEXTURE = 13,
    mjOBJ_MATERIAL = 14,
    mjOBJ_PAIR = 15,
    mjOBJ_EXCLUDE = 16,
    mjOBJ_EQUALITY = 17,
    mjOBJ_TENDON = 18,
    mjOBJ_ACTUATOR = 19,
    mjOBJ_SENSOR = 20,
    mjOBJ_NUMERIC = 21,
    mjOBJ_TEXT = 22,
    mjOBJ_TUPLE = 23,
    mjOBJ_KEY = 24,
    mjOBJ_PLUGIN = 25,
    mjNOBJECT = 26,
    mjOBJ_FRAME = 100,
    mjOBJ_DEFAULT = 101,
    mjOBJ_MODEL = 102,
}
pub type mjtObj = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSensor_ {
    mjSENS_TOUCH = 0,
    mjSENS_ACCELEROMETER = 1,
    mjSENS_VELOCIMETER = 2,
    mjSENS_GYRO = 3,
    mjSENS_FORCE = 4,
    mjSENS_TORQUE = 5,
    mjSENS_MAGNETOMETER = 6,
    mjSENS_RANGEFINDER = 7,
    mjSENS_CAMPROJECTION = 8,
    mjSENS_JOINTPOS = 9,
    mjSENS_JOINTVEL = 10,
    mjSENS_TENDONPOS = 11,
    mjSENS_TENDONVEL = 12,
    mjSENS_ACTUATORPOS = 13,
    mjSENS_ACTUATORVEL = 14,
    mjSENS_ACTUATORFRC = 15,
    mjSENS_JOINTACTFRC = 16,
    mjSENS_TENDONACTFRC = 17,
    mjSENS_BALLQUAT = 18,
    mjSENS_BALLANGVEL = 19,
    mjSENS_JOINTLIMITPOS = 20,
    mjSENS_JOINTLIMITVEL = 21,
    mjSENS_JOINTLIMITFRC = 22,
    mjSENS_TENDONLIMITPOS = 23,
    mjSENS_TENDONLIMITVEL = 24,
    mjSENS_TENDONLIMITFRC = 25,
    mjSENS_FRAMEPOS = 26,
    mjSENS_FRAMEQUAT = 27,
    mjSENS_FRAMEXAXIS = 28,
    mjSENS_FRAMEYAXIS = 29,
    mjSENS_FRAMEZAXIS = 30,
    mjSENS_FRAMELINVEL = 31,
    mjSENS_FRAMEANGVEL = 32,
    mjSENS_FRAMELINACC = 33,
    mjSENS_FRAMEANGACC = 34,
    mjSENS_SUBTREECOM = 35,
    mjSENS_SUBTREELINVEL = 36,
    mjSENS_SUBTREEANGMOM = 37,
    mjSENS_INSIDESITE = 38,
    mjSENS_GEOMDIST = 39,
    mjSENS_GEOMNORMAL = 40,
    mjSENS_GEOMFROMTO = 41,
    mjSENS_CONTACT = 42,
    mjSENS_E_POTENTIAL = 43,
    mjSENS_E_KINETIC = 44,
    mjSENS_CLOCK = 45,
    mjSENS_TACTILE = 46,
    mjSENS_PLUGIN = 47,
    mjSENS_USER = 48,
}
pub type mjtSensor = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtStage_ {
    mjSTAGE_NONE = 0,
    mjSTAGE_POS = 1,
    mjSTAGE_VEL = 2,
    mjSTAGE_ACC = 3,
}
pub type mjtStage = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtDataType_ {
    mjDATATYPE_REAL = 0,
    mjDATATYPE_POSITIVE = 1,
    mjDATATYPE_AXIS = 2,
    mjDATATYPE_QUATERNION = 3,
}
pub type mjtDataType = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtConDataField_ {
    mjCONDATA_FOUND = 0,
    mjCONDATA_FORCE = 1,
    mjCONDATA_TORQUE = 2,
    mjCONDATA_DIST = 3,
    mjCONDATA_POS = 4,
    mjCONDATA_NORMAL = 5,
    mjCONDATA_TANGENT = 6,
    mjNCONDATA = 7,
}
pub type mjtConDataField = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSameFrame_ {
    mjSAMEFRAME_NONE = 0,
    mjSAMEFRAME_BODY = 1,
    mjSAMEFRAME_INERTIA = 2,
    mjSAMEFRAME_BODYROT = 3,
    mjSAMEFRAME_INERTIAROT = 4,
}
pub type mjtSameFrame = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSleepPolicy_ {
    mjSLEEP_AUTO = 0,
    mjSLEEP_AUTO_NEVER = 1,
    mjSLEEP_AUTO_ALLOWED = 2,
    mjSLEEP_NEVER = 3,
    mjSLEEP_ALLOWED = 4,
    mjSLEEP_INIT = 5,
}
pub type mjtSleepPolicy = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtLRMode_ {
    mjLRMODE_NONE = 0,
    mjLRMODE_MUSCLE = 1,
    mjLRMODE_MUSCLEUSER = 2,
    mjLRMODE_ALL = 3,
}
pub type mjtLRMode = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtFlexSelf_ {
    mjFLEXSELF_NONE = 0,
    mjFLEXSELF_NARROW = 1,
    mjFLEXSELF_BVH = 2,
    mjFLEXSELF_SAP = 3,
    mjFLEXSELF_AUTO = 4,
}
pub type mjtFlexSelf = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSDFType_ {
    mjSDFTYPE_SINGLE = 0,
    mjSDFTYPE_INTERSECTION = 1,
    mjSDFTYPE_MIDSURFACE = 2,
    mjSDFTYPE_COLLISION = 3,
}
pub type mjtSDFType = c_int;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjLROpt_ {
    pub mode: c_int,
    pub useexisting: c_int,
    pub uselimit: c_int,
    pub accel: mjtNum,
    pub maxforce: mjtNum,
    pub timeconst: mjtNum,
    pub timestep: mjtNum,
    pub inttotal: mjtNum,
    pub interval: mjtNum,
    pub tolrange: mjtNum,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjCache_ {
    pub impl_: *mut c_void,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVFS_ {
    pub impl_: *mut c_void,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjOption_ {
    pub timestep: mjtNum,
    pub impratio: mjtNum,
    pub tolerance: mjtNum,
    pub ls_tolerance: mjtNum,
    pub noslip_tolerance: mjtNum,
    pub ccd_tolerance: mjtNum,
    pub sleep_tolerance: mjtNum,
    pub gravity: [mjtNum; 3],
    pub wind: [mjtNum; 3],
    pub magnetic: [mjtNum; 3],
    pub density: mjtNum,
    pub viscosity: mjtNum,
    pub o_margin: mjtNum,
    pub o_solref: [mjtNum; mjNREF],
    pub o_solimp: [mjtNum; mjNIMP],
    pub o_friction: [mjtNum; 5],
    pub integrator: c_int,
    pub cone: c_int,
    pub jacobian: c_int,
    pub solver: c_int,
    pub iterations: c_int,
    pub ls_iterations: c_int,
    pub noslip_iterations: c_int,
    pub ccd_iterations: c_int,
    pub disableflags: c_int,
    pub enableflags: c_int,
    pub disableactuator: c_int,
    pub sdf_initpoints: c_int,
    pub sdf_iterations: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__global {
    pub cameraid: c_int,
    pub orthographic: c_int,
    pub fovy: f32,
    pub ipd: f32,
    pub azimuth: f32,
    pub elevation: f32,
    pub linewidth: f32,
    pub glow: f32,
    pub realtime: f32,
    pub offwidth: c_int,
    pub offheight: c_int,
    pub ellipsoidinertia: c_int,
    pub bvactive: c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__quality {
    pub shadowsize: c_int,
    pub offsamples: c_int,
    pub numslices: c_int,
    pub numstacks: c_int,
    pub numquads: c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__headlight {
    pub ambient: [f32; 3],
    pub diffuse: [f32; 3],
    pub specular: [f32; 3],
    pub active: c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__map {
    pub stiffness: f32,
    pub stiffnessrot: f32,
    pub force: f32,
    pub torque: f32,
    pub alpha: f32,
    pub fogstart: f32,
    pub fogend: f32,
    pub znear: f32,
    pub zfar: f32,
    pub haze: f32,
    pub shadowclip: f32,
    pub shadowscale: f32,
    pub actuatortendon: f32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__scale {
    pub forcewidth: f32,
    pub contactwidth: f32,
    pub contactheight: f32,
    pub connect: f32,
    pub com: f32,
    pub camera: f32,
    pub light: f32,
    pub selectpoint: f32,
    pub jointlength: f32,
    pub jointwidth: f32,
    pub actuatorlength: f32,
    pub actuatorwidth: f32,
    pub framelength: f32,
    pub framewidth: f32,
    pub constraint: f32,
    pub slidercrank: f32,
    pub frustum: f32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual__rgba {
    pub fog: [f32; 4],
    pub haze: [f32; 4],
    pub force: [f32; 4],
    pub inertia: [f32; 4],
    pub joint: [f32; 4],
    pub actuator: [f32; 4],
    pub actuatornegative: [f32; 4],
    pub actuatorpositive: [f32; 4],
    pub com: [f32; 4],
    pub camera: [f32; 4],
    pub light: [f32; 4],
    pub selectpoint: [f32; 4],
    pub connect: [f32; 4],
    pub contactpoint: [f32; 4],
    pub contactforce: [f32; 4],
    pub contactfriction: [f32; 4],
    pub contacttorque: [f32; 4],
    pub contactgap: [f32; 4],
    pub rangefinder: [f32; 4],
    pub constraint: [f32; 4],
    pub slidercrank: [f32; 4],
    pub crankbroken: [f32; 4],
    pub frustum: [f32; 4],
    pub bv: [f32; 4],
    pub bvactive: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjVisual_ {
    pub global: mjVisual__global,
    pub quality: mjVisual__quality,
    pub headlight: mjVisual__headlight,
    pub map: mjVisual__map,
    pub scale: mjVisual__scale,
    pub rgba: mjVisual__rgba,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjStatistic_ {
    pub meaninertia: mjtNum,
    pub meanmass: mjtNum,
    pub meansize: mjtNum,
    pub extent: mjtNum,
    pub center: [mjtNum; 3],
}
pub type mjLROpt = mjLROpt_;

pub type mjCache = mjCache_;

pub type mjVFS = mjVFS_;

pub type mjOption = mjOption_;

pub type mjVisual = mjVisual_;

pub type mjStatistic = mjStatistic_;

pub type mjModel = mjModel_;
