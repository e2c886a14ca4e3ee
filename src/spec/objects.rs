//! Elements of the model as a whole that refer to tree elements by name: tendons and their
//! paths, equality constraints, contact pairs and exclusions; and the custom data (numeric,
//! text, tuple) and keyframes.

use super::body::{debug_by_name, element, solrefimp, zeroed};
use super::cxx::{CxxString, CxxVec};
use super::element::{vp, Head, Info, Linked, Owned};
use crate::abi::*;

/// One element of a tendon path (`mjsWrap`): what it wraps (`c.type`; sphere stands for any
/// geom until compiled), the side site and the joint coefficient or pulley divisor.
#[derive(Clone)]
#[repr(C)]
pub struct Wrap {
    pub head: Head,
    pub c: mjsWrap,
    pub name: CxxString,
    pub info: Info,
    pub target: CxxString,
    pub sidesite: CxxString,
    pub prm: f64,
}
element!(Wrap, mjsWrap, []);

impl Default for Wrap {
    fn default() -> Self {
        Wrap {
            head: Head::new(mjtObj_::mjOBJ_UNKNOWN),
            c: zeroed(),
            name: CxxString::new(),
            info: Info::default(),
            target: CxxString::new(),
            sidesite: CxxString::new(),
            prm: 0.0,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Tendon {
    pub head: Head,
    pub c: mjsTendon,
    pub name: CxxString,
    pub material: CxxString,
    pub userdata: CxxVec<f64>,
    pub info: Info,
    pub path: Vec<Owned<Wrap>>,
}
element!(Tendon, mjsTendon, [material, userdata]);

/// `mjs_defaultTendon`
pub fn default_tendon(t: &mut mjsTendon) {
    *t = zeroed();
    t.limited = mjtLimited_::mjLIMITED_AUTO as i32;
    t.springlength = [-1.0, -1.0];
    let (r, i) = solrefimp();
    t.solref_limit = r;
    t.solimp_limit = i;
    t.solref_friction = r;
    t.solimp_friction = i;
    t.width = 0.003;
    t.rgba = [0.5, 0.5, 0.5, 1.0];
}

impl Default for Tendon {
    fn default() -> Self {
        let mut c = zeroed();
        default_tendon(&mut c);
        Tendon {
            head: Head::new(mjtObj_::mjOBJ_TENDON),
            c,
            name: CxxString::new(),
            material: CxxString::new(),
            userdata: CxxVec::new(),
            info: Info::default(),
            path: Vec::new(),
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Equality {
    pub head: Head,
    pub c: mjsEquality,
    pub name: CxxString,
    pub name1: CxxString,
    pub name2: CxxString,
    pub info: Info,
}
element!(Equality, mjsEquality, [name1, name2]);

/// `mjs_defaultEquality`
pub fn default_equality(e: &mut mjsEquality) {
    *e = zeroed();
    e.r#type = mjtEq_::mjEQ_CONNECT as i32;
    e.active = 1;
    let (r, i) = solrefimp();
    e.solref = r;
    e.solimp = i;
    e.data[1] = 1.0;
    e.data[10] = 1.0;
}

impl Default for Equality {
    fn default() -> Self {
        let mut c = zeroed();
        default_equality(&mut c);
        Equality {
            head: Head::new(mjtObj_::mjOBJ_EQUALITY),
            c,
            name: CxxString::new(),
            name1: CxxString::new(),
            name2: CxxString::new(),
            info: Info::default(),
        }
    }
}

/// An explicit geom pair (`<contact><pair>`).
#[derive(Clone)]
#[repr(C)]
pub struct Pair {
    pub head: Head,
    pub c: mjsPair,
    pub name: CxxString,
    pub geom1: CxxString,
    pub geom2: CxxString,
    pub info: Info,
}
element!(Pair, mjsPair, [], rename = [geomname1 => geom1, geomname2 => geom2]);

/// `mjs_defaultPair`
pub fn default_pair(p: &mut mjsPair) {
    *p = zeroed();
    p.condim = 3;
    let (r, i) = solrefimp();
    p.solref = r;
    p.solimp = i;
    p.friction = [1.0, 1.0, 0.005, 0.0001, 0.0001];
}

impl Default for Pair {
    fn default() -> Self {
        let mut c = zeroed();
        default_pair(&mut c);
        Pair {
            head: Head::new(mjtObj_::mjOBJ_PAIR),
            c,
            name: CxxString::new(),
            geom1: CxxString::new(),
            geom2: CxxString::new(),
            info: Info::default(),
        }
    }
}

/// A body pair excluded from collisions.
#[derive(Clone)]
#[repr(C)]
pub struct Exclude {
    pub head: Head,
    pub c: mjsExclude,
    pub name: CxxString,
    pub body1: CxxString,
    pub body2: CxxString,
    pub info: Info,
}
element!(Exclude, mjsExclude, [], rename = [bodyname1 => body1, bodyname2 => body2]);

impl Default for Exclude {
    fn default() -> Self {
        Exclude {
            head: Head::new(mjtObj_::mjOBJ_EXCLUDE),
            c: zeroed(),
            name: CxxString::new(),
            body1: CxxString::new(),
            body2: CxxString::new(),
            info: Info::default(),
        }
    }
}

/// A keyframe; empty vectors take the model's reference values.
#[derive(Clone)]
#[repr(C)]
pub struct Key {
    pub head: Head,
    pub c: mjsKey,
    pub name: CxxString,
    pub qpos: CxxVec<f64>,
    pub qvel: CxxVec<f64>,
    pub act: CxxVec<f64>,
    pub mpos: CxxVec<f64>,
    pub mquat: CxxVec<f64>,
    pub ctrl: CxxVec<f64>,
    pub info: Info,
    /// keyframe brought in by `<attach>`: which of qpos, qvel, act, ctrl, mpos, mquat it
    /// gives; its values live on the joints, actuators and mocap bodies (`keyvals`)
    pub attached: Option<[bool; 6]>,
}
element!(Key, mjsKey, [qpos, qvel, act, mpos, mquat, ctrl]);

impl Default for Key {
    fn default() -> Self {
        Key {
            head: Head::new(mjtObj_::mjOBJ_KEY),
            c: zeroed(),
            name: CxxString::new(),
            qpos: CxxVec::new(),
            qvel: CxxVec::new(),
            act: CxxVec::new(),
            mpos: CxxVec::new(),
            mquat: CxxVec::new(),
            ctrl: CxxVec::new(),
            info: Info::default(),
            attached: None,
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Numeric {
    pub head: Head,
    pub c: mjsNumeric,
    pub name: CxxString,
    pub data: CxxVec<f64>,
    pub info: Info,
}
element!(Numeric, mjsNumeric, [data]);

impl Numeric {
    /// The size the compiled model gives the field: `size`, or the data's length when 0.
    pub fn effective_size(&self) -> i32 {
        if self.c.size != 0 {
            self.c.size
        } else {
            self.data.len() as i32
        }
    }
}

impl Default for Numeric {
    fn default() -> Self {
        Numeric {
            head: Head::new(mjtObj_::mjOBJ_NUMERIC),
            c: zeroed(),
            name: CxxString::new(),
            data: CxxVec::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Text {
    pub head: Head,
    pub c: mjsText,
    pub name: CxxString,
    pub data: CxxString,
    pub info: Info,
}
element!(Text, mjsText, [data]);

impl Default for Text {
    fn default() -> Self {
        Text {
            head: Head::new(mjtObj_::mjOBJ_TEXT),
            c: zeroed(),
            name: CxxString::new(),
            data: CxxString::new(),
            info: Info::default(),
        }
    }
}

#[derive(Clone)]
#[repr(C)]
pub struct Tuple {
    pub head: Head,
    pub c: mjsTuple,
    pub name: CxxString,
    pub objtype: CxxVec<i32>,
    pub objname: CxxVec<CxxString>,
    pub objprm: CxxVec<f64>,
    pub info: Info,
}
element!(Tuple, mjsTuple, [objtype, objname, objprm]);

impl Default for Tuple {
    fn default() -> Self {
        Tuple {
            head: Head::new(mjtObj_::mjOBJ_TUPLE),
            c: zeroed(),
            name: CxxString::new(),
            objtype: CxxVec::new(),
            objname: CxxVec::new(),
            objprm: CxxVec::new(),
            info: Info::default(),
        }
    }
}

debug_by_name!(Wrap, Tendon, Equality, Pair, Exclude, Key, Numeric, Text, Tuple);
