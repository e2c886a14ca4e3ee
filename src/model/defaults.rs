//! Default values of the model-wide option structs (mjOption, mjVisual, mjStatistic, mjLROpt)
//! and of solver reference/impedance parameters, plus the library version.
//!
//! Numbers are those of MuJoCo 3.4.0. Single-precision visual fields are written as double
//! constants narrowed to `f32`, the way a C assignment of a `double` literal to a `float` does.

use core::ffi::{c_char, c_int};

use crate::abi::mjtCone_::mjCONE_PYRAMIDAL;
use crate::abi::mjtIntegrator_::mjINT_EULER;
use crate::abi::mjtJacobian_::mjJAC_AUTO;
use crate::abi::mjtLRMode_::mjLRMODE_MUSCLE;
use crate::abi::mjtSolver_::mjSOL_NEWTON;
use crate::abi::{mjLROpt, mjNIMP, mjNREF, mjOption, mjStatistic, mjVisual, mjtNum};

/// Library version as an integer (major*100 + minor*10 + patch).
pub const VERSION: c_int = 340;

/// Library version as a NUL-terminated string.
pub static VERSION_STRING: &core::ffi::CStr = c"3.4.0";

/// Pointer to the static version string.
pub fn version_string_ptr() -> *const c_char {
    VERSION_STRING.as_ptr()
}

/// Default solver reference: time constant and damping ratio.
pub const DEFAULT_SOLREF: [mjtNum; mjNREF] = [0.02, 1.0];

/// Default solver impedance: dmin, dmax, width, midpoint, power.
pub const DEFAULT_SOLIMP: [mjtNum; mjNIMP] = [0.9, 0.95, 0.001, 0.5, 2.0];

/// Writes the default solref (when given) and solimp (when given).
pub fn default_solrefimp(solref: Option<&mut [mjtNum; mjNREF]>, solimp: Option<&mut [mjtNum; mjNIMP]>) {
    if let Some(r) = solref {
        *r = DEFAULT_SOLREF;
    }
    if let Some(i) = solimp {
        *i = DEFAULT_SOLIMP;
    }
}

/// Sets physics options to their defaults; padding bytes are zeroed as well.
pub fn default_option(opt: &mut mjOption) {
    // zero everything first so that the tail padding of the struct is deterministic
    // SAFETY: mjOption is plain old data (numbers only); all-zero bytes are a valid value.
    unsafe { core::ptr::write_bytes(opt as *mut mjOption, 0, 1) };

    opt.timestep = 0.002;

    opt.impratio = 1.0;
    opt.tolerance = 1e-8;
    opt.ls_tolerance = 0.01;
    opt.noslip_tolerance = 1e-6;
    opt.ccd_tolerance = 1e-6;
    opt.sleep_tolerance = 1e-4;

    opt.gravity = [0.0, 0.0, -9.81];
    opt.wind = [0.0; 3];
    opt.magnetic = [0.0, -0.5, 0.0];
    opt.density = 0.0;
    opt.viscosity = 0.0;

    opt.o_margin = 0.0;
    opt.o_solref = DEFAULT_SOLREF;
    opt.o_solimp = DEFAULT_SOLIMP;
    opt.o_friction = [1.0, 1.0, 0.005, 0.0001, 0.0001];

    opt.integrator = mjINT_EULER as c_int;
    opt.cone = mjCONE_PYRAMIDAL as c_int;
    opt.jacobian = mjJAC_AUTO as c_int;
    opt.solver = mjSOL_NEWTON as c_int;
    opt.iterations = 100;
    opt.ls_iterations = 50;
    opt.noslip_iterations = 0;
    opt.ccd_iterations = 35;
    opt.disableflags = 0;
    opt.enableflags = 0;
    opt.disableactuator = 0;

    opt.sdf_initpoints = 40;
    opt.sdf_iterations = 10;
}

/// Narrows a double constant to float as a C assignment does.
#[inline]
const fn f(x: f64) -> f32 {
    x as f32
}

/// Four narrowed components (an RGBA colour).
#[inline]
const fn f4(r: f64, g: f64, b: f64, a: f64) -> [f32; 4] {
    [f(r), f(g), f(b), f(a)]
}

/// Sets visualization options to their defaults (every field is written).
pub fn default_visual(vis: &mut mjVisual) {
    let g = &mut vis.global;
    g.cameraid = -1;
    g.orthographic = 0;
    g.fovy = f(45.0);
    g.ipd = f(0.068);
    g.azimuth = f(90.0);
    g.elevation = f(-45.0);
    g.linewidth = f(1.0);
    g.glow = f(0.3);
    g.offwidth = 640;
    g.offheight = 480;
    g.realtime = f(1.0);
    g.ellipsoidinertia = 0;
    g.bvactive = 1;

    let q = &mut vis.quality;
    q.shadowsize = 4096;
    q.offsamples = 4;
    q.numslices = 28;
    q.numstacks = 16;
    q.numquads = 4;

    let h = &mut vis.headlight;
    h.ambient = [f(0.1); 3];
    h.diffuse = [f(0.4); 3];
    h.specular = [f(0.5); 3];
    h.active = 1;

    let mp = &mut vis.map;
    mp.stiffness = f(100.0);
    mp.stiffnessrot = f(500.0);
    mp.force = f(0.005);
    mp.torque = f(0.1);
    mp.alpha = f(0.3);
    mp.fogstart = f(3.0);
    mp.fogend = f(10.0);
    mp.znear = f(0.01);
    mp.zfar = f(50.0);
    mp.haze = f(0.3);
    mp.shadowclip = f(1.0);
    mp.shadowscale = f(0.6);
    mp.actuatortendon = f(2.0);

    let sc = &mut vis.scale;
    sc.forcewidth = f(0.1);
    sc.contactwidth = f(0.3);
    sc.contactheight = f(0.1);
    sc.connect = f(0.2);
    sc.com = f(0.4);
    sc.camera = f(0.3);
    sc.light = f(0.3);
    sc.selectpoint = f(0.2);
    sc.jointlength = f(1.0);
    sc.jointwidth = f(0.1);
    sc.actuatorlength = f(0.7);
    sc.actuatorwidth = f(0.2);
    sc.framelength = f(1.0);
    sc.framewidth = f(0.1);
    sc.constraint = f(0.1);
    sc.slidercrank = f(0.2);
    sc.frustum = f(10.0);

    let c = &mut vis.rgba;
    c.fog = f4(0.0, 0.0, 0.0, 1.0);
    c.haze = f4(1.0, 1.0, 1.0, 1.0);
    c.force = f4(1.0, 0.5, 0.5, 1.0);
    c.inertia = f4(0.8, 0.2, 0.2, 0.6);
    c.joint = f4(0.2, 0.6, 0.8, 1.0);
    c.actuator = f4(0.2, 0.25, 0.2, 1.0);
    c.actuatornegative = f4(0.2, 0.6, 0.9, 1.0);
    c.actuatorpositive = f4(0.9, 0.4, 0.2, 1.0);
    c.com = f4(0.9, 0.9, 0.9, 1.0);
    c.camera = f4(0.6, 0.9, 0.6, 1.0);
    c.light = f4(0.6, 0.6, 0.9, 1.0);
    c.selectpoint = f4(0.9, 0.9, 0.1, 1.0);
    c.connect = f4(0.2, 0.2, 0.8, 1.0);
    c.contactpoint = f4(0.9, 0.6, 0.2, 1.0);
    c.contactforce = f4(0.7, 0.9, 0.9, 1.0);
    c.contactfriction = f4(0.9, 0.8, 0.4, 1.0);
    c.contacttorque = f4(0.9, 0.7, 0.9, 1.0);
    c.contactgap = f4(0.5, 0.8, 0.9, 1.0);
    c.rangefinder = f4(1.0, 1.0, 0.1, 1.0);
    c.constraint = f4(0.9, 0.0, 0.0, 1.0);
    c.slidercrank = f4(0.5, 0.3, 0.8, 1.0);
    c.crankbroken = f4(0.9, 0.0, 0.0, 1.0);
    c.frustum = f4(1.0, 1.0, 0.0, 0.2);
    c.bv = f4(0.0, 1.0, 0.0, 0.5);
    c.bvactive = f4(1.0, 0.0, 0.0, 0.5);
}

/// Sets model statistics to the placeholders the compiler starts from (not exported upstream).
pub fn default_statistic(stat: &mut mjStatistic) {
    stat.center = [0.0; 3];
    stat.extent = 2.0;
    stat.meaninertia = 1.0;
    stat.meanmass = 1.0;
    stat.meansize = 0.2;
}

/// Sets the options of actuator length-range computation to their defaults.
pub fn default_lropt(opt: &mut mjLROpt) {
    opt.mode = mjLRMODE_MUSCLE as c_int;
    opt.useexisting = 1;
    opt.uselimit = 0;
    opt.accel = 20.0;
    opt.maxforce = 0.0;
    opt.timeconst = 1.0;
    opt.timestep = 0.01;
    opt.inttotal = 10.0;
    opt.interval = 2.0;
    opt.tolrange = 0.05;
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::MaybeUninit;

    fn filled<T>(init: fn(&mut T)) -> T {
        // start from garbage to prove that every field is written
        let mut v = MaybeUninit::<T>::uninit();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            core::ptr::write_bytes(v.as_mut_ptr() as *mut u8, 0xA5, core::mem::size_of::<T>());
            init(&mut *v.as_mut_ptr());
            v.assume_init()
        }
    }

    #[test]
    fn option_defaults() {
        let o = filled::<mjOption>(default_option);
        assert_eq!(o.timestep, 0.002);
        assert_eq!(o.impratio, 1.0);
        assert_eq!(o.tolerance, 1e-8);
        assert_eq!(o.ls_tolerance, 0.01);
        assert_eq!(o.noslip_tolerance, 1e-6);
        assert_eq!(o.ccd_tolerance, 1e-6);
        assert_eq!(o.sleep_tolerance, 1e-4);
        assert_eq!(o.gravity, [0.0, 0.0, -9.81]);
        assert_eq!(o.magnetic, [0.0, -0.5, 0.0]);
        assert_eq!(o.wind, [0.0; 3]);
        assert_eq!(o.o_solref, [0.02, 1.0]);
        assert_eq!(o.o_solimp, [0.9, 0.95, 0.001, 0.5, 2.0]);
        assert_eq!(o.o_friction, [1.0, 1.0, 0.005, 0.0001, 0.0001]);
        assert_eq!((o.integrator, o.cone, o.jacobian, o.solver), (0, 0, 2, 2));
        assert_eq!((o.iterations, o.ls_iterations, o.noslip_iterations, o.ccd_iterations), (100, 50, 0, 35));
        assert_eq!((o.disableflags, o.enableflags, o.disableactuator), (0, 0, 0));
        assert_eq!((o.sdf_initpoints, o.sdf_iterations), (40, 10));
        // padding is cleared too
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let bytes: &[u8; 304] = unsafe { &*(&o as *const mjOption as *const [u8; 304]) };
        assert_eq!(&bytes[300..], &[0, 0, 0, 0]);
    }

    #[test]
    fn visual_defaults() {
        let v = filled::<mjVisual>(default_visual);
        assert_eq!(v.global.cameraid, -1);
        assert_eq!(v.global.fovy, 45.0);
        assert_eq!(v.global.ipd, 0.068f64 as f32);
        assert_eq!(v.global.elevation, -45.0);
        assert_eq!((v.global.offwidth, v.global.offheight), (640, 480));
        assert_eq!(v.global.bvactive, 1);
        assert_eq!(v.quality.shadowsize, 4096);
        assert_eq!(v.quality.numslices, 28);
        assert_eq!(v.headlight.diffuse, [0.4f32; 3]);
        assert_eq!(v.headlight.active, 1);
        assert_eq!(v.map.zfar, 50.0);
        assert_eq!(v.map.znear, 0.01f64 as f32);
        assert_eq!(v.map.actuatortendon, 2.0);
        assert_eq!(v.scale.frustum, 10.0);
        assert_eq!(v.scale.actuatorlength, 0.7f64 as f32);
        assert_eq!(v.rgba.actuator, [0.2, 0.25, 0.2, 1.0]);
        assert_eq!(v.rgba.frustum, [1.0, 1.0, 0.0, 0.2]);
        assert_eq!(v.rgba.bvactive, [1.0, 0.0, 0.0, 0.5]);
    }

    #[test]
    fn lropt_solrefimp_version() {
        let l = filled::<mjLROpt>(default_lropt);
        assert_eq!((l.mode, l.useexisting, l.uselimit), (1, 1, 0));
        assert_eq!([l.accel, l.maxforce, l.timeconst, l.timestep], [20.0, 0.0, 1.0, 0.01]);
        assert_eq!([l.inttotal, l.interval, l.tolrange], [10.0, 2.0, 0.05]);

        let mut r = [7.0; 2];
        let mut i = [7.0; 5];
        default_solrefimp(Some(&mut r), None);
        assert_eq!(r, [0.02, 1.0]);
        assert_eq!(i, [7.0; 5]);
        default_solrefimp(None, Some(&mut i));
        assert_eq!(i, [0.9, 0.95, 0.001, 0.5, 2.0]);

        let s = filled::<mjStatistic>(default_statistic);
        assert_eq!((s.extent, s.meaninertia, s.meanmass, s.meansize), (2.0, 1.0, 1.0, 0.2));
        assert_eq!(s.center, [0.0; 3]);

        assert_eq!(VERSION, 340);
        assert_eq!(VERSION_STRING.to_str().unwrap(), "3.4.0");
    }
}
