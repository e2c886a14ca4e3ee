//! The exported name tables (`mjDISABLESTRING`, `mjVISSTRING`, ...): arrays of C string pointers
//! that GUIs index by flag, timer, label or frame. Each is a data symbol laid out exactly as C's
//! `const char* NAME[N]` (or `[N][3]`), so C code can read them directly.
//!
//! The visual and render tables hold `{name, initial value, keyboard shortcut}` per flag; the
//! initial value ("0"/"1") is what `mjv_defaultOption` and `mjv_makeScene` start from.
#![allow(non_upper_case_globals)]

use core::ffi::{c_char, CStr};

use crate::abi::mjtDisableBit_::mjNDISABLE;
use crate::abi::mjtEnableBit_::mjNENABLE;
use crate::abi::mjtFrame_::mjNFRAME;
use crate::abi::mjtLabel_::mjNLABEL;
use crate::abi::mjtRndFlag_::mjNRNDFLAG;
use crate::abi::mjtTimer_::mjNTIMER;
use crate::abi::mjtVisFlag_::mjNVISFLAG;

/// A `const char*` that may live in a `static` (the pointee is a static literal).
#[repr(transparent)]
#[derive(Clone, Copy, Debug)]
pub struct CStrPtr(pub *const c_char);

// SAFETY: every CStrPtr in this module points at an immutable static string literal.
unsafe impl Sync for CStrPtr {}
// SAFETY: as for Sync: the pointee is immutable and 'static
unsafe impl Send for CStrPtr {}

impl CStrPtr {
    /// Wraps a static C string literal.
    pub const fn new(s: &'static CStr) -> Self {
        CStrPtr(s.as_ptr())
    }

    /// The pointed-to string.
    pub fn as_cstr(&self) -> &'static CStr {
        // SAFETY: constructed only from `&'static CStr` in this module.
        unsafe { CStr::from_ptr(self.0) }
    }

    /// The pointed-to string as UTF-8 (all table entries are ASCII).
    pub fn as_str(&self) -> &'static str {
        self.as_cstr().to_str().unwrap_or("")
    }
}

const fn s(x: &'static CStr) -> CStrPtr {
    CStrPtr::new(x)
}

const fn t(name: &'static CStr, init: &'static CStr, key: &'static CStr) -> [CStrPtr; 3] {
    [s(name), s(init), s(key)]
}

/// Names of the disable flags, indexed by mjtDisableBit position.
/// cbindgen:ignore
#[no_mangle]
pub static mjDISABLESTRING: [CStrPtr; mjNDISABLE as usize] = [
    s(c"Constraint"),
    s(c"Equality"),
    s(c"Frictionloss"),
    s(c"Limit"),
    s(c"Contact"),
    s(c"Spring"),
    s(c"Damper"),
    s(c"Gravity"),
    s(c"Clampctrl"),
    s(c"Warmstart"),
    s(c"Filterparent"),
    s(c"Actuation"),
    s(c"Refsafe"),
    s(c"Sensor"),
    s(c"Midphase"),
    s(c"Eulerdamp"),
    s(c"AutoReset"),
    s(c"NativeCCD"),
    s(c"Island"),
];

/// Names of the enable flags, indexed by mjtEnableBit position.
/// cbindgen:ignore
#[no_mangle]
pub static mjENABLESTRING: [CStrPtr; mjNENABLE as usize] =
    [s(c"Override"), s(c"Energy"), s(c"Fwdinv"), s(c"InvDiscrete"), s(c"MultiCCD"), s(c"Sleep")];

/// Names of the timers, indexed by mjtTimer.
/// cbindgen:ignore
#[no_mangle]
pub static mjTIMERSTRING: [CStrPtr; mjNTIMER as usize] = [
    s(c"step"),
    s(c"forward"),
    s(c"inverse"),
    s(c"position"),
    s(c"velocity"),
    s(c"actuation"),
    s(c"constraint"),
    s(c"advance"),
    s(c"pos_kinematics"),
    s(c"pos_inertia"),
    s(c"pos_collision"),
    s(c"pos_make"),
    s(c"pos_project"),
    s(c"col_broadphase"),
    s(c"col_narrowphase"),
];

/// Names of the label modes, indexed by mjtLabel.
/// cbindgen:ignore
#[no_mangle]
pub static mjLABELSTRING: [CStrPtr; mjNLABEL as usize] = [
    s(c"None"),
    s(c"Body"),
    s(c"Joint"),
    s(c"Geom"),
    s(c"Site"),
    s(c"Camera"),
    s(c"Light"),
    s(c"Tendon"),
    s(c"Actuator"),
    s(c"Constraint"),
    s(c"Flex"),
    s(c"Skin"),
    s(c"Selection"),
    s(c"SelPoint"),
    s(c"Contact"),
    s(c"ContactForce"),
    s(c"Island"),
];

/// Names of the frame modes, indexed by mjtFrame.
/// cbindgen:ignore
#[no_mangle]
pub static mjFRAMESTRING: [CStrPtr; mjNFRAME as usize] =
    [s(c"None"), s(c"Body"), s(c"Geom"), s(c"Site"), s(c"Camera"), s(c"Light"), s(c"Contact"), s(c"World")];

/// Visualization flags, indexed by mjtVisFlag: {name, initial value, shortcut key}.
/// cbindgen:ignore
#[no_mangle]
pub static mjVISSTRING: [[CStrPtr; 3]; mjNVISFLAG as usize] = [
    t(c"Convex Hull", c"0", c"H"),
    t(c"Texture", c"1", c"X"),
    t(c"Joint", c"0", c"J"),
    t(c"Camera", c"0", c"Q"),
    t(c"Actuator", c"0", c"U"),
    t(c"Activation", c"0", c","),
    t(c"Light", c"0", c"Z"),
    t(c"Tendon", c"1", c"V"),
    t(c"Range Finder", c"1", c"Y"),
    t(c"Equality", c"0", c"E"),
    t(c"Inertia", c"0", c"I"),
    t(c"Scale Inertia", c"0", c"'"),
    t(c"Perturb Force", c"0", c"B"),
    t(c"Perturb Object", c"1", c"O"),
    t(c"Contact Point", c"0", c"C"),
    t(c"Island", c"0", c"N"),
    t(c"Contact Force", c"0", c"F"),
    t(c"Contact Split", c"0", c"P"),
    t(c"Transparent", c"0", c"T"),
    t(c"Auto Connect", c"0", c"A"),
    t(c"Center of Mass", c"0", c"M"),
    t(c"Select Point", c"0", c""),
    t(c"Static Body", c"1", c"D"),
    t(c"Skin", c"1", c";"),
    t(c"Flex Vert", c"0", c""),
    t(c"Flex Edge", c"1", c""),
    t(c"Flex Face", c"0", c""),
    t(c"Flex Skin", c"1", c""),
    t(c"Body Tree", c"0", c"`"),
    t(c"Mesh Tree", c"0", c"\\"),
    t(c"SDF iters", c"0", c""),
];

/// Rendering flags, indexed by mjtRndFlag: {name, initial value, shortcut key}.
/// cbindgen:ignore
#[no_mangle]
pub static mjRNDSTRING: [[CStrPtr; 3]; mjNRNDFLAG as usize] = [
    t(c"Shadow", c"1", c"S"),
    t(c"Wireframe", c"0", c"W"),
    t(c"Reflection", c"1", c"R"),
    t(c"Additive", c"0", c"L"),
    t(c"Skybox", c"1", c"K"),
    t(c"Fog", c"0", c"G"),
    t(c"Haze", c"1", c"/"),
    t(c"Segment", c"0", c","),
    t(c"Id Color", c"0", c""),
    t(c"Cull Face", c"1", c""),
];

/// Initial on/off value of visualization flag `i` as the table gives it (false if out of range).
pub fn vis_flag_default(i: usize) -> bool {
    mjVISSTRING.get(i).is_some_and(|e| e[1].as_cstr().to_bytes().first() == Some(&b'1'))
}

/// Initial on/off value of rendering flag `i` as the table gives it (false if out of range).
pub fn rnd_flag_default(i: usize) -> bool {
    mjRNDSTRING.get(i).is_some_and(|e| e[1].as_cstr().to_bytes().first() == Some(&b'1'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: &[CStrPtr]) -> Vec<&'static str> {
        v.iter().map(|p| p.as_str()).collect()
    }

    #[test]
    fn layout_is_c_pointer_array() {
        use core::mem::{size_of, size_of_val};
        assert_eq!(size_of::<CStrPtr>(), size_of::<*const c_char>());
        assert_eq!(size_of_val(&mjDISABLESTRING), 19 * size_of::<*const c_char>());
        assert_eq!(size_of_val(&mjVISSTRING), 31 * 3 * size_of::<*const c_char>());
        assert_eq!(size_of_val(&mjRNDSTRING), 10 * 3 * size_of::<*const c_char>());
    }

    #[test]
    fn flag_and_timer_names() {
        let d = strs(&mjDISABLESTRING);
        assert_eq!(d[0], "Constraint");
        assert_eq!(d[2], "Frictionloss");
        assert_eq!(d[16], "AutoReset");
        assert_eq!(d[18], "Island");
        assert_eq!(strs(&mjENABLESTRING), ["Override", "Energy", "Fwdinv", "InvDiscrete", "MultiCCD", "Sleep"]);
        let tm = strs(&mjTIMERSTRING);
        assert_eq!(tm[0], "step");
        assert_eq!(tm[14], "col_narrowphase");
        assert_eq!(mjLABELSTRING[13].as_str(), "SelPoint");
        assert_eq!(mjLABELSTRING[16].as_str(), "Island");
        assert_eq!(strs(&mjFRAMESTRING), ["None", "Body", "Geom", "Site", "Camera", "Light", "Contact", "World"]);
    }

    #[test]
    fn vis_and_render_tables() {
        assert_eq!(strs(&mjVISSTRING[0]), ["Convex Hull", "0", "H"]);
        assert_eq!(strs(&mjVISSTRING[11]), ["Scale Inertia", "0", "'"]);
        assert_eq!(strs(&mjVISSTRING[29]), ["Mesh Tree", "0", "\\"]);
        assert_eq!(strs(&mjVISSTRING[30]), ["SDF iters", "0", ""]);
        assert_eq!(strs(&mjRNDSTRING[6]), ["Haze", "1", "/"]);
        assert_eq!(strs(&mjRNDSTRING[9]), ["Cull Face", "1", ""]);
        assert!(vis_flag_default(1) && !vis_flag_default(0) && !vis_flag_default(99));
        assert!(rnd_flag_default(0) && !rnd_flag_default(1));
    }
}
