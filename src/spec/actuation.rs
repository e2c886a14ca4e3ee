//! Actuators and sensors: elements of the model as a whole that name their targets.

use super::body::{element, zeroed};
use super::cxx::{CxxString, CxxVec};
use super::element::{vp, Head, Info, Linked};
use super::PluginRef;
use crate::abi::*;

#[derive(Clone)]
#[repr(C)]
pub struct Actuator {
    pub head: Head,
    pub c: mjsActuator,
    pub name: CxxString,
    pub target: CxxString,
    pub refsite: CxxString,
    pub slidersite: CxxString,
    pub userdata: CxxVec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
    /// values of attached keyframes: (key name, act (empty when none), ctrl)
    pub keyvals: Vec<(String, Vec<f64>, Option<f64>)>,
}
element!(Actuator, mjsActuator, [target, refsite, slidersite, userdata], plugin = plugin);

/// `mjs_defaultActuator`
pub fn default_actuator(a: &mut mjsActuator) {
    *a = zeroed();
    a.gaintype = mjtGain_::mjGAIN_FIXED as i32;
    a.gainprm[0] = 1.0;
    a.biastype = mjtBias_::mjBIAS_NONE as i32;
    a.dyntype = mjtDyn_::mjDYN_NONE as i32;
    a.dynprm[0] = 1.0;
    a.actdim = -1;
    a.trntype = mjtTrn_::mjTRN_UNDEFINED as i32;
    a.gear[0] = 1.0;
    a.ctrllimited = mjtLimited_::mjLIMITED_AUTO as i32;
    a.forcelimited = mjtLimited_::mjLIMITED_AUTO as i32;
    a.actlimited = mjtLimited_::mjLIMITED_AUTO as i32;
}

impl Default for Actuator {
    fn default() -> Self {
        let mut c = zeroed();
        default_actuator(&mut c);
        Actuator {
            head: Head::new(mjtObj_::mjOBJ_ACTUATOR),
            c,
            name: CxxString::new(),
            target: CxxString::new(),
            refsite: CxxString::new(),
            slidersite: CxxString::new(),
            userdata: CxxVec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
            keyvals: Vec::new(),
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Sensor {
    pub head: Head,
    pub c: mjsSensor,
    pub name: CxxString,
    pub objname: CxxString,
    pub refname: CxxString,
    pub userdata: CxxVec<f64>,
    pub plugin: PluginRef,
    pub info: Info,
}
element!(Sensor, mjsSensor, [objname, refname, userdata], plugin = plugin);

/// `mjs_defaultSensor`
pub fn default_sensor(s: &mut mjsSensor) {
    *s = zeroed();
    s.r#type = mjtSensor_::mjSENS_TOUCH as i32;
    s.datatype = mjtDataType_::mjDATATYPE_REAL as i32;
    s.needstage = mjtStage_::mjSTAGE_ACC as i32;
}

impl Default for Sensor {
    fn default() -> Self {
        let mut c = zeroed();
        default_sensor(&mut c);
        Sensor {
            head: Head::new(mjtObj_::mjOBJ_SENSOR),
            c,
            name: CxxString::new(),
            objname: CxxString::new(),
            refname: CxxString::new(),
            userdata: CxxVec::new(),
            plugin: PluginRef::default(),
            info: Info::default(),
        }
    }
}
super::body::debug_by_name!(Actuator, Sensor);
