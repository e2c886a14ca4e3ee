//! Data-side public types: contacts, diagnostics, state enums and callback signatures.
//!
//! Layouts and values reproduce upstream's `mjdata.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtState_ {
    mjSTATE_TIME = 1 << 0,
    mjSTATE_QPOS = 1 << 1,
    mjSTATE_QVEL = 1 << 2,
    mjSTATE_ACT = 1 << 3,
    mjSTATE_WARMSTART = 1 << 4,
    mjSTATE_CTRL = 1 << 5,
    mjSTATE_QFRC_APPLIED = 1 << 6,
    mjSTATE_XFRC_APPLIED = 1 << 7,
    mjSTATE_EQ_ACTIVE = 1 << 8,
    mjSTATE_MOCAP_POS = 1 << 9,
    mjSTATE_MOCAP_QUAT = 1 << 10,
    mjSTATE_USERDATA = 1 << 11,
    mjSTATE_PLUGIN = 1 << 12,
    mjNSTATE = 13,
    mjSTATE_PHYSICS = 14,
    mjSTATE_FULLPHYSICS = 4111,
    mjSTATE_USER = 4064,
    mjSTATE_INTEGRATION = 8191,
}
pub type mjtState = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtConstraint_ {
    mjCNSTR_EQUALITY = 0,
    mjCNSTR_FRICTION_DOF = 1,
    mjCNSTR_FRICTION_TENDON = 2,
    mjCNSTR_LIMIT_JOINT = 3,
    mjCNSTR_LIMIT_TENDON = 4,
    mjCNSTR_CONTACT_FRICTIONLESS = 5,
    mjCNSTR_CONTACT_PYRAMIDAL = 6,
    mjCNSTR_CONTACT_ELLIPTIC = 7,
}
pub type mjtConstraint = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtConstraintState_ {
    mjCNSTRSTATE_SATISFIED = 0,
    mjCNSTRSTATE_QUADRATIC = 1,
    mjCNSTRSTATE_LINEARNEG = 2,
    mjCNSTRSTATE_LINEARPOS = 3,
    mjCNSTRSTATE_CONE = 4,
}
pub type mjtConstraintState = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtWarning_ {
    mjWARN_INERTIA = 0,
    mjWARN_CONTACTFULL = 1,
    mjWARN_CNSTRFULL = 2,
    mjWARN_VGEOMFULL = 3,
    mjWARN_BADQPOS = 4,
    mjWARN_BADQVEL = 5,
    mjWARN_BADQACC = 6,
    mjWARN_BADCTRL = 7,
    mjNWARNING = 8,
}
pub type mjtWarning = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtTimer_ {
    mjTIMER_STEP = 0,
    mjTIMER_FORWARD = 1,
    mjTIMER_INVERSE = 2,
    mjTIMER_POSITION = 3,
    mjTIMER_VELOCITY = 4,
    mjTIMER_ACTUATION = 5,
    mjTIMER_CONSTRAINT = 6,
    mjTIMER_ADVANCE = 7,
    mjTIMER_POS_KINEMATICS = 8,
    mjTIMER_POS_INERTIA = 9,
    mjTIMER_POS_COLLISION = 10,
    mjTIMER_POS_MAKE = 11,
    mjTIMER_POS_PROJECT = 12,
    mjTIMER_COL_BROAD = 13,
    mjTIMER_COL_NARROW = 14,
    mjNTIMER = 15,
}
pub type mjtTimer = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSleepState_ {
    mjS_STATIC = -1,
    mjS_ASLEEP = 0,
    mjS_AWAKE = 1,
}
pub type mjtSleepState = c_int;

pub type mjfGeneric = Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData)>;
pub type mjfConFilt =
    Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, geom1: c_int, geom2: c_int) -> c_int>;
pub type mjfSensor = Option<unsafe extern "C" fn(m: *const mjModel, d: *mut mjData, stage: c_int)>;
pub type mjfTime = Option<unsafe extern "C" fn() -> mjtNum>;
pub type mjfAct = Option<unsafe extern "C" fn(m: *const mjModel, d: *const mjData, id: c_int) -> mjtNum>;
pub type mjfCollision = Option<
    unsafe extern "C" fn(
        m: *const mjModel,
        d: *const mjData,
        con: *mut mjContact,
        g1: c_int,
        g2: c_int,
        margin: mjtNum,
    ) -> c_int,
>;
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjContact_ {
    pub dist: mjtNum,
    pub pos: [mjtNum; 3],
    pub frame: [mjtNum; 9],
    pub includemargin: mjtNum,
    pub friction: [mjtNum; 5],
    pub solref: [mjtNum; mjNREF],
    pub solreffriction: [mjtNum; mjNREF],
    pub solimp: [mjtNum; mjNIMP],
    pub mu: mjtNum,
    pub H: [mjtNum; 36],
    pub dim: c_int,
    pub geom1: c_int,
    pub geom2: c_int,
    pub geom: [c_int; 2],
    pub flex: [c_int; 2],
    pub elem: [c_int; 2],
    pub vert: [c_int; 2],
    pub exclude: c_int,
    pub efc_address: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjWarningStat_ {
    pub lastinfo: c_int,
    pub number: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjTimerStat_ {
    pub duration: mjtNum,
    pub number: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjSolverStat_ {
    pub improvement: mjtNum,
    pub gradient: mjtNum,
    pub lineslope: mjtNum,
    pub nactive: c_int,
    pub nchange: c_int,
    pub neval: c_int,
    pub nupdate: c_int,
}
pub type mjContact = mjContact_;

pub type mjWarningStat = mjWarningStat_;

pub type mjTimerStat = mjTimerStat_;

pub type mjSolverStat = mjSolverStat_;

pub type mjData = mjData_;
