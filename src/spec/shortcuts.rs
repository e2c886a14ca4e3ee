//! Actuator shortcuts (`motor`, `position`, ...): each sets the general actuator parameters the
//! shortcut stands for (`mjs_setTo*`). A returned message is an error in the given values.

use crate::abi::mjPI;
use crate::abi::mjtBias_::*;
use crate::abi::mjtDyn_::*;
use crate::abi::mjtGain_::*;

use core::ffi::CStr;

use crate::abi::mjsActuator as Actuator;

/// An error in the given values, NUL-terminated for the C API.
type Msg = Option<&'static CStr>;

fn err(s: &'static CStr) -> Msg {
    Some(s)
}

pub fn set_motor(a: &mut Actuator) -> Msg {
    a.gainprm[0] = 1.0;
    a.dyntype = mjDYN_NONE as i32;
    a.gaintype = mjGAIN_FIXED as i32;
    a.biastype = mjBIAS_NONE as i32;
    None
}

pub fn set_position(
    a: &mut Actuator,
    kp: f64,
    kv: Option<f64>,
    dampratio: Option<f64>,
    timeconst: Option<f64>,
    inheritrange: f64,
) -> Msg {
    a.gainprm[0] = kp;
    a.biasprm[1] = -kp;
    if kv.is_some() && dampratio.is_some() {
        return err(c"kv and dampratio cannot both be defined");
    }
    if let Some(kv) = kv {
        if kv < 0.0 {
            return err(c"kv cannot be negative");
        }
        a.biasprm[2] = -kv;
    }
    if let Some(d) = dampratio {
        if d < 0.0 {
            return err(c"dampratio cannot be negative");
        }
        a.biasprm[2] = d;
    }
    if let Some(tc) = timeconst {
        if tc < 0.0 {
            return err(c"timeconst cannot be negative");
        }
        a.dynprm[0] = tc;
        a.dyntype = if tc == 0.0 { mjDYN_NONE as i32 } else { mjDYN_FILTEREXACT as i32 };
    }
    a.inheritrange = inheritrange;
    if inheritrange > 0.0 && (a.ctrlrange[0] != 0.0 || a.ctrlrange[1] != 0.0) {
        return err(c"ctrlrange and inheritrange cannot both be defined");
    }
    a.gaintype = mjGAIN_FIXED as i32;
    a.biastype = mjBIAS_AFFINE as i32;
    None
}

pub fn set_intvelocity(
    a: &mut Actuator,
    kp: f64,
    kv: Option<f64>,
    dampratio: Option<f64>,
    timeconst: Option<f64>,
    inheritrange: f64,
) -> Msg {
    // upstream ignores the position shortcut's verdict here
    let _ = set_position(a, kp, kv, dampratio, timeconst, inheritrange);
    a.dyntype = mjDYN_INTEGRATOR as i32;
    a.actlimited = 1;
    if inheritrange > 0.0 && (a.actrange[0] != 0.0 || a.actrange[1] != 0.0) {
        return err(c"actrange and inheritrange cannot both be defined");
    }
    None
}

pub fn set_velocity(a: &mut Actuator, kv: f64) -> Msg {
    a.biasprm = [0.0; crate::abi::mjNBIAS];
    a.gainprm[0] = kv;
    a.biasprm[2] = -kv;
    a.dyntype = mjDYN_NONE as i32;
    a.gaintype = mjGAIN_FIXED as i32;
    a.biastype = mjBIAS_AFFINE as i32;
    None
}

pub fn set_damper(a: &mut Actuator, kv: f64) -> Msg {
    a.gainprm = [0.0; crate::abi::mjNGAIN];
    a.gainprm[2] = -kv;
    a.ctrllimited = 1;
    a.dyntype = mjDYN_NONE as i32;
    a.gaintype = mjGAIN_AFFINE as i32;
    a.biastype = mjBIAS_NONE as i32;
    if kv < 0.0 {
        return err(c"damping coefficient cannot be negative");
    }
    if a.ctrlrange[0] < 0.0 || a.ctrlrange[1] < 0.0 {
        return err(c"damper control range cannot be negative");
    }
    None
}

pub fn set_cylinder(a: &mut Actuator, timeconst: f64, bias: f64, area: f64, diameter: f64) -> Msg {
    a.dynprm[0] = timeconst;
    a.biasprm[0] = bias;
    a.gainprm[0] = area;
    if diameter >= 0.0 {
        a.gainprm[0] = mjPI / 4.0 * diameter * diameter;
    }
    a.dyntype = mjDYN_FILTER as i32;
    a.gaintype = mjGAIN_FIXED as i32;
    a.biastype = mjBIAS_AFFINE as i32;
    None
}

#[allow(clippy::too_many_arguments)]
pub fn set_muscle(
    a: &mut Actuator,
    timeconst: [f64; 2],
    tausmooth: f64,
    range: [f64; 2],
    force: f64,
    scale: f64,
    lmin: f64,
    lmax: f64,
    vmax: f64,
    fpmax: f64,
    fvmax: f64,
) -> Msg {
    // muscle defaults replace the generic ones that were left untouched
    if a.dynprm[0] == 1.0 {
        a.dynprm[0] = 0.01;
    }
    if a.dynprm[1] == 0.0 {
        a.dynprm[1] = 0.04;
    }
    let generic = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    let muscle = [0.75, 1.05, -1.0, 200.0, 0.5, 1.6, 1.5, 1.3, 1.2];
    for k in 0..9 {
        if a.gainprm[k] == generic[k] {
            a.gainprm[k] = muscle[k];
        }
    }
    if tausmooth < 0.0 {
        return err(c"muscle tausmooth cannot be negative");
    }
    a.dynprm[2] = tausmooth;
    if timeconst[0] >= 0.0 {
        a.dynprm[0] = timeconst[0];
    }
    if timeconst[1] >= 0.0 {
        a.dynprm[1] = timeconst[1];
    }
    let given = [range[0], range[1], force, scale, lmin, lmax, vmax, fpmax, fvmax];
    for k in 0..9 {
        if given[k] >= 0.0 {
            a.gainprm[k] = given[k];
        }
    }
    a.biasprm[..9].copy_from_slice(&a.gainprm[..9]);
    a.dyntype = mjDYN_MUSCLE as i32;
    a.gaintype = mjGAIN_MUSCLE as i32;
    a.biastype = mjBIAS_MUSCLE as i32;
    None
}

pub fn set_adhesion(a: &mut Actuator, gain: f64) -> Msg {
    a.gainprm[0] = gain;
    a.ctrllimited = 1;
    a.gaintype = mjGAIN_FIXED as i32;
    a.biastype = mjBIAS_NONE as i32;
    if gain < 0.0 {
        return err(c"adhesion gain cannot be negative");
    }
    if a.ctrlrange[0] < 0.0 || a.ctrlrange[1] < 0.0 {
        return err(c"adhesion control range cannot be negative");
    }
    None
}
