//! Top-level sections other than the body tree and the assets: compiler, option, size, visual,
//! statistic, default classes, custom data, contact, equality, tendon, actuator, sensor and
//! keyframe, with the per-element writers that default classes share.

use super::{map_key, XEl, W};
use crate::abi::*;
use crate::spec::{Actuator, DefaultClass, Equality, Pair, Tendon};
use crate::xml::attr::*;

/// `<compiler>`: angles are always radians (values are compiled).
pub(super) fn compiler(w: &W, root: &mut XEl) {
    let c = &w.s.compiler;
    let e = root.add("compiler");
    e.txt("angle", "radian");
    // compiled folders end with a separator
    let dir =
        |d: &str| if d.is_empty() || d.ends_with('/') || d.ends_with('\\') { d.to_string() } else { format!("{}/", d) };
    e.txt("meshdir", &dir(w.s.meshdir.as_str()));
    e.txt("texturedir", &dir(w.s.texturedir.as_str()));
    if c.usethread == 0 {
        e.txt("usethread", "false");
    }
    if c.boundmass != 0.0 {
        e.num1("boundmass", c.boundmass, None);
    }
    if c.boundinertia != 0.0 {
        e.num1("boundinertia", c.boundinertia, None);
    }
    if c.alignfree != 0 {
        e.txt("alignfree", "true");
    }
    if c.autolimits == 0 {
        e.txt("autolimits", "false");
    }
}

const DSBL_NAMES: [&str; 19] = [
    "constraint",
    "equality",
    "frictionloss",
    "limit",
    "contact",
    "spring",
    "damper",
    "gravity",
    "clampctrl",
    "warmstart",
    "filterparent",
    "actuation",
    "refsafe",
    "sensor",
    "midphase",
    "eulerdamp",
    "autoreset",
    "nativeccd",
    "island",
];
const ENBL_NAMES: [&str; 6] = ["override", "energy", "fwdinv", "invdiscrete", "multiccd", "sleep"];

/// `<option>` with its `<flag>`: values that differ from `mj_defaultOption`.
pub(super) fn option(w: &W, root: &mut XEl) {
    let o = &w.snap.option;
    let mut d: mjOption = crate::spec::body::zeroed();
    crate::model::defaults::default_option(&mut d);
    let mut e = XEl::new("option");
    e.num1("timestep", o.timestep, Some(d.timestep));
    e.num1("impratio", o.impratio, Some(d.impratio));
    e.num1("tolerance", o.tolerance, Some(d.tolerance));
    e.num1("ls_tolerance", o.ls_tolerance, Some(d.ls_tolerance));
    e.num1("noslip_tolerance", o.noslip_tolerance, Some(d.noslip_tolerance));
    e.num1("ccd_tolerance", o.ccd_tolerance, Some(d.ccd_tolerance));
    e.num1("sleep_tolerance", o.sleep_tolerance, Some(d.sleep_tolerance));
    e.num("gravity", &o.gravity, Some(&d.gravity), false);
    e.num("wind", &o.wind, Some(&d.wind), false);
    e.num("magnetic", &o.magnetic, Some(&d.magnetic), false);
    e.num1("density", o.density, Some(d.density));
    e.num1("viscosity", o.viscosity, Some(d.viscosity));
    e.num1("o_margin", o.o_margin, Some(d.o_margin));
    e.num("o_solref", &o.o_solref, Some(&d.o_solref), false);
    e.num("o_solimp", &o.o_solimp, Some(&d.o_solimp), false);
    e.num("o_friction", &o.o_friction, Some(&d.o_friction), false);
    e.key("integrator", INTEGRATOR_MAP, o.integrator, Some(d.integrator));
    e.key("cone", CONE_MAP, o.cone, Some(d.cone));
    e.key("jacobian", JAC_MAP, o.jacobian, Some(d.jacobian));
    e.key("solver", SOLVER_MAP, o.solver, Some(d.solver));
    e.int("iterations", o.iterations, Some(d.iterations));
    e.int("ls_iterations", o.ls_iterations, Some(d.ls_iterations));
    e.int("noslip_iterations", o.noslip_iterations, Some(d.noslip_iterations));
    e.int("ccd_iterations", o.ccd_iterations, Some(d.ccd_iterations));
    e.int("sdf_iterations", o.sdf_iterations, Some(d.sdf_iterations));
    e.int("sdf_initpoints", o.sdf_initpoints, Some(d.sdf_initpoints));
    let groups: Vec<i32> = (0..31).filter(|i| o.disableactuator & (1 << i) != 0).collect();
    e.num("actuatorgroupdisable", &groups, None, false);
    if o.disableflags != 0 || o.enableflags != 0 {
        let f = e.add("flag");
        for (i, n) in DSBL_NAMES.iter().enumerate() {
            if o.disableflags & (1 << i) != 0 {
                f.txt(n, "disable");
            }
        }
        for (i, n) in ENBL_NAMES.iter().enumerate() {
            if o.enableflags & (1 << i) != 0 {
                f.txt(n, "enable");
            }
        }
    }
    if !e.attrs.is_empty() || !e.kids.is_empty() {
        root.kids.push(e);
    }
}

/// `<size>`: memory, buffer sizes and the compiled counts of keyframes and user values.
pub(super) fn size(w: &W, root: &mut XEl) {
    let s = &w.s.c;
    let mut e = XEl::new("size");
    if s.memory != -1 {
        // SAFETY: returns a NUL-terminated static buffer
        let t = unsafe { core::ffi::CStr::from_ptr(crate::runtime::text::write_num_bytes(s.memory as usize)) };
        e.txt("memory", &t.to_string_lossy());
    }
    e.int("njmax", s.njmax, Some(-1));
    e.int("nconmax", s.nconmax, Some(-1));
    e.int("nstack", s.nstack as i32, Some(-1));
    e.int("nuserdata", s.nuserdata, Some(0));
    e.int("nkey", w.m.nkey, Some(0));
    let names = [
        "nuser_body",
        "nuser_jnt",
        "nuser_geom",
        "nuser_site",
        "nuser_cam",
        "nuser_tendon",
        "nuser_actuator",
        "nuser_sensor",
    ];
    for (n, v) in names.iter().zip(w.snap.nuser) {
        e.int(n, v, Some(0));
    }
    root.add_if_any(e);
}

/// `<statistic>`: the values given in the model (or changed by `mj_copyBack`).
pub(super) fn statistic(w: &W, root: &mut XEl) {
    let s = &w.snap.stat;
    let mut e = XEl::new("statistic");
    for (n, v) in
        [("meaninertia", s.meaninertia), ("meanmass", s.meanmass), ("meansize", s.meansize), ("extent", s.extent)]
    {
        if !v.is_nan() {
            e.num1(n, v, None);
        }
    }
    if !s.center[0].is_nan() {
        e.num("center", &s.center, None, false);
    }
    root.add_if_any(e);
}

/// `<visual>`: values that differ from `mj_defaultVisual`.
pub(super) fn visual(w: &W, root: &mut XEl) {
    let v = &w.snap.visual;
    let mut d: mjVisual = crate::spec::body::zeroed();
    crate::model::defaults::default_visual(&mut d);
    let mut sec = XEl::new("visual");

    let (g, dg) = (&v.global, &d.global);
    let mut e = XEl::new("global");
    e.int("cameraid", g.cameraid, Some(dg.cameraid));
    e.key("orthographic", BOOL_MAP, g.orthographic, Some(dg.orthographic));
    e.num1("fovy", g.fovy, Some(dg.fovy));
    e.num1("ipd", g.ipd, Some(dg.ipd));
    e.num1("azimuth", g.azimuth, Some(dg.azimuth));
    e.num1("elevation", g.elevation, Some(dg.elevation));
    e.num1("linewidth", g.linewidth, Some(dg.linewidth));
    e.num1("glow", g.glow, Some(dg.glow));
    e.num1("realtime", g.realtime, Some(dg.realtime));
    e.int("offwidth", g.offwidth, Some(dg.offwidth));
    e.int("offheight", g.offheight, Some(dg.offheight));
    e.key("ellipsoidinertia", BOOL_MAP, g.ellipsoidinertia, Some(dg.ellipsoidinertia));
    e.key("bvactive", BOOL_MAP, g.bvactive, Some(dg.bvactive));
    sec.add_if_any(e);

    let (q, dq) = (&v.quality, &d.quality);
    let mut e = XEl::new("quality");
    e.int("shadowsize", q.shadowsize, Some(dq.shadowsize));
    e.int("offsamples", q.offsamples, Some(dq.offsamples));
    e.int("numslices", q.numslices, Some(dq.numslices));
    e.int("numstacks", q.numstacks, Some(dq.numstacks));
    e.int("numquads", q.numquads, Some(dq.numquads));
    sec.add_if_any(e);

    let (h, dh) = (&v.headlight, &d.headlight);
    let mut e = XEl::new("headlight");
    e.num("ambient", &h.ambient, Some(&dh.ambient), false);
    e.num("diffuse", &h.diffuse, Some(&dh.diffuse), false);
    e.num("specular", &h.specular, Some(&dh.specular), false);
    e.int("active", h.active, Some(dh.active));
    sec.add_if_any(e);

    let (m, dm) = (&v.map, &d.map);
    let mut e = XEl::new("map");
    for (n, a, b) in [
        ("stiffness", m.stiffness, dm.stiffness),
        ("stiffnessrot", m.stiffnessrot, dm.stiffnessrot),
        ("force", m.force, dm.force),
        ("torque", m.torque, dm.torque),
        ("alpha", m.alpha, dm.alpha),
        ("fogstart", m.fogstart, dm.fogstart),
        ("fogend", m.fogend, dm.fogend),
        ("znear", m.znear, dm.znear),
        ("zfar", m.zfar, dm.zfar),
        ("haze", m.haze, dm.haze),
        ("shadowclip", m.shadowclip, dm.shadowclip),
        ("shadowscale", m.shadowscale, dm.shadowscale),
        ("actuatortendon", m.actuatortendon, dm.actuatortendon),
    ] {
        e.num1(n, a, Some(b));
    }
    sec.add_if_any(e);

    let (s, ds) = (&v.scale, &d.scale);
    let mut e = XEl::new("scale");
    for (n, a, b) in [
        ("forcewidth", s.forcewidth, ds.forcewidth),
        ("contactwidth", s.contactwidth, ds.contactwidth),
        ("contactheight", s.contactheight, ds.contactheight),
        ("connect", s.connect, ds.connect),
        ("com", s.com, ds.com),
        ("camera", s.camera, ds.camera),
        ("light", s.light, ds.light),
        ("selectpoint", s.selectpoint, ds.selectpoint),
        ("jointlength", s.jointlength, ds.jointlength),
        ("jointwidth", s.jointwidth, ds.jointwidth),
        ("actuatorlength", s.actuatorlength, ds.actuatorlength),
        ("actuatorwidth", s.actuatorwidth, ds.actuatorwidth),
        ("framelength", s.framelength, ds.framelength),
        ("framewidth", s.framewidth, ds.framewidth),
        ("constraint", s.constraint, ds.constraint),
        ("slidercrank", s.slidercrank, ds.slidercrank),
        ("frustum", s.frustum, ds.frustum),
    ] {
        e.num1(n, a, Some(b));
    }
    sec.add_if_any(e);

    let (r, dr) = (&v.rgba, &d.rgba);
    let mut e = XEl::new("rgba");
    for (n, a, b) in [
        ("fog", &r.fog, &dr.fog),
        ("haze", &r.haze, &dr.haze),
        ("force", &r.force, &dr.force),
        ("inertia", &r.inertia, &dr.inertia),
        ("joint", &r.joint, &dr.joint),
        ("actuator", &r.actuator, &dr.actuator),
        ("actuatornegative", &r.actuatornegative, &dr.actuatornegative),
        ("actuatorpositive", &r.actuatorpositive, &dr.actuatorpositive),
        ("com", &r.com, &dr.com),
        ("camera", &r.camera, &dr.camera),
        ("light", &r.light, &dr.light),
        ("selectpoint", &r.selectpoint, &dr.selectpoint),
        ("connect", &r.connect, &dr.connect),
        ("contactpoint", &r.contactpoint, &dr.contactpoint),
        ("contactforce", &r.contactforce, &dr.contactforce),
        ("contactfriction", &r.contactfriction, &dr.contactfriction),
        ("contacttorque", &r.contacttorque, &dr.contacttorque),
        ("contactgap", &r.contactgap, &dr.contactgap),
        ("rangefinder", &r.rangefinder, &dr.rangefinder),
        ("constraint", &r.constraint, &dr.constraint),
        ("slidercrank", &r.slidercrank, &dr.slidercrank),
        ("crankbroken", &r.crankbroken, &dr.crankbroken),
        ("frustum", &r.frustum, &dr.frustum),
        ("bv", &r.bv, &dr.bv),
        ("bvactive", &r.bvactive, &dr.bvactive),
    ] {
        e.num(n, a, Some(b), false);
    }
    sec.add_if_any(e);

    if !sec.kids.is_empty() {
        root.kids.push(sec);
    }
}

/// `<default>` of class `k` and, nested, its child classes: each element type with the
/// values that differ from the parent class (from `mjs_default*` for the top class).
pub(super) fn defaults(w: &W, parent_el: &mut XEl, k: usize) {
    let fresh;
    let def = &w.s.defaults[k];
    let parent: &DefaultClass = match def.parent {
        Some(p) => &w.s.defaults[p],
        None => {
            fresh = DefaultClass::default();
            &fresh
        }
    };
    let mut sec = XEl::new("default");
    if def.name != "main" {
        sec.txt("class", &def.name);
    }
    let mut e = XEl::new("mesh");
    super::assets::one_mesh(w, &mut e, None, &parent.mesh, &def.mesh);
    sec.add_if_any(e);
    let mut e = XEl::new("material");
    super::assets::one_material(w, &mut e, None, &parent.material, &def.material);
    sec.add_if_any(e);
    let mut e = XEl::new("joint");
    super::body::one_joint(w, &mut e, &def.joint, &def.joint.c, &def.joint.userdata, &parent.joint, "");
    sec.add_if_any(e);
    let mut e = XEl::new("geom");
    super::body::one_geom(w, &mut e, &def.geom, &def.geom.c, &def.geom.userdata, &parent.geom, "");
    sec.add_if_any(e);
    let mut e = XEl::new("site");
    super::body::one_site(w, &mut e, &def.site, &def.site.c, &def.site.userdata, &parent.site, "");
    sec.add_if_any(e);
    let mut e = XEl::new("camera");
    super::body::one_camera(w, &mut e, &def.camera, &def.camera.c, &def.camera.userdata, &parent.camera, "");
    sec.add_if_any(e);
    let mut e = XEl::new("light");
    super::body::one_light(w, &mut e, &def.light, &def.light.c, &parent.light, "");
    sec.add_if_any(e);
    let mut e = XEl::new("pair");
    one_pair(w, &mut e, &def.pair, &def.pair.c, &parent.pair, false);
    sec.add_if_any(e);
    let mut e = XEl::new("equality");
    one_equality(w, &mut e, &def.equality, &def.equality.c, &parent.equality);
    sec.add_if_any(e);
    let mut e = XEl::new("tendon");
    one_tendon(w, &mut e, &def.tendon, &def.tendon.c, &def.tendon.userdata, &parent.tendon);
    sec.add_if_any(e);
    let mut e = XEl::new("general");
    // a default class holds no plugin, so this cannot fail
    let _ = one_actuator(w, &mut e, &def.actuator, &def.actuator.c, &def.actuator.userdata, &parent.actuator);
    sec.add_if_any(e);
    let children: Vec<usize> = (0..w.s.defaults.len()).filter(|&c| w.s.defaults[c].parent == Some(k)).collect();
    if def.parent.is_none() && sec.kids.is_empty() && children.is_empty() {
        return;
    }
    for c in children {
        crate::xml::deep(|| defaults(w, &mut sec, c));
    }
    parent_el.kids.push(sec);
}

/// Name of default class `k`.
pub(super) fn class_name<'a>(w: &W<'a>, k: usize) -> &'a str {
    w.s.defaults.get(k).map_or("main", |d| d.name.as_str())
}

/// `class` attribute of an element made from class `k` (none for the main class).
fn write_class(w: &W, e: &mut XEl, k: usize) {
    let n = class_name(w, k);
    if n != "main" {
        e.txt("class", n);
    }
}

/// Row `i` of a model array with `n` values per row.
pub(super) fn row<T: Copy>(a: &[T], i: usize, n: usize) -> &[T] {
    &a[n * i..n * i + n]
}

/// A contact pair (`x`: its values, compiled ones for a model pair).
pub(super) fn one_pair(w: &W, e: &mut XEl, p: &Pair, x: &mjsPair, def: &Pair, swap: bool) {
    if !w.defaults {
        write_class(w, e, p.head.class);
        let (g1, g2) = if swap { (p.geom2.as_str(), p.geom1.as_str()) } else { (p.geom1.as_str(), p.geom2.as_str()) };
        e.txt("geom1", g1);
        e.txt("geom2", g2);
    }
    let d = &def.c;
    e.txt("name", p.name.as_str());
    e.int("condim", x.condim, Some(d.condim));
    e.num1("margin", x.margin, Some(d.margin));
    e.num1("gap", x.gap, Some(d.gap));
    e.num("solref", &x.solref, Some(&d.solref), true);
    e.num("solreffriction", &x.solreffriction, Some(&d.solreffriction), true);
    e.num("solimp", &x.solimp, Some(&d.solimp), true);
    e.num("friction", &x.friction, Some(&d.friction), false);
}

/// An equality constraint.
pub(super) fn one_equality(w: &W, e: &mut XEl, q: &Equality, x: &mjsEquality, def: &Equality) {
    use mjtEq_::*;
    if !w.defaults {
        e.txt("name", q.name.as_str());
        write_class(w, e, q.head.class);
        let (n1, n2) = (q.name1.as_str(), q.name2.as_str());
        let body = x.objtype == mjtObj_::mjOBJ_BODY as i32;
        match x.r#type {
            t if t == mjEQ_CONNECT as i32 => {
                if body {
                    e.txt("body1", n1);
                    e.txt("body2", n2);
                    e.num("anchor", &x.data[..3], None, false);
                } else {
                    e.txt("site1", n1);
                    e.txt("site2", n2);
                }
            }
            t if t == mjEQ_WELD as i32 => {
                if body {
                    e.txt("body1", n1);
                    e.txt("body2", n2);
                    e.num("anchor", &x.data[..3], None, false);
                    e.num("relpose", &x.data[3..10], None, false);
                } else {
                    e.txt("site1", n1);
                    e.txt("site2", n2);
                }
                e.num("torquescale", &x.data[10..11], None, false);
            }
            t if t == mjEQ_JOINT as i32 => {
                e.txt("joint1", n1);
                e.txt("joint2", n2);
                e.num("polycoef", &x.data[..5], None, false);
            }
            t if t == mjEQ_TENDON as i32 => {
                e.txt("tendon1", n1);
                e.txt("tendon2", n2);
                e.num("polycoef", &x.data[..5], None, false);
            }
            t if t == mjEQ_FLEX as i32 => e.txt("flex", n1),
            _ => {}
        }
    }
    let d = &def.c;
    e.key("active", BOOL_MAP, x.active as i32, Some(d.active as i32));
    e.num("solref", &x.solref, Some(&d.solref), true);
    e.num("solimp", &x.solimp, Some(&d.solimp), true);
}

/// A tendon's attributes (wraps are written by the caller).
pub(super) fn one_tendon(w: &W, e: &mut XEl, t: &Tendon, x: &mjsTendon, user: &[f64], def: &Tendon) {
    let fixed = t.path.first().is_some_and(|p| p.r#type == mjtWrap_::mjWRAP_JOINT as i32);
    if !w.defaults {
        e.txt("name", t.name.as_str());
        write_class(w, e, t.head.class);
    }
    let d = &def.c;
    e.int("group", x.group, Some(d.group));
    e.num("solreflimit", &x.solref_limit, Some(&d.solref_limit), true);
    e.num("solimplimit", &x.solimp_limit, Some(&d.solimp_limit), true);
    e.num("solreffriction", &x.solref_friction, Some(&d.solref_friction), true);
    e.num("solimpfriction", &x.solimp_friction, Some(&d.solimp_friction), true);
    e.key("limited", TFAUTO_MAP, x.limited, Some(d.limited));
    e.key("actuatorfrclimited", TFAUTO_MAP, x.actfrclimited, Some(d.actfrclimited));
    e.num("range", &x.range, Some(&d.range), false);
    e.num("actuatorfrcrange", &x.actfrcrange, Some(&d.actfrcrange), false);
    e.num1("margin", x.margin, Some(d.margin));
    e.num1("stiffness", x.stiffness, Some(d.stiffness));
    e.num1("damping", x.damping, Some(d.damping));
    e.num1("armature", x.armature, Some(d.armature));
    e.num1("frictionloss", x.frictionloss, Some(d.frictionloss));
    let n = if x.springlength[0] != x.springlength[1] || d.springlength[0] != d.springlength[1] { 2 } else { 1 };
    e.num("springlength", &x.springlength[..n], Some(&d.springlength[..n]), false);
    if !fixed {
        if t.material.as_str() != def.material.as_str() {
            e.txt("material", t.material.as_str());
        }
        e.num1("width", x.width, Some(d.width));
        e.num("rgba", &x.rgba, Some(&d.rgba), false);
    }
    user_attr(w, e, user, &def.userdata);
}

/// `user` values: all non-zero ones when writing defaults, else when they differ from the
/// class's.
pub(super) fn user_attr(w: &W, e: &mut XEl, user: &[f64], def: &[f64]) {
    if w.defaults {
        e.vector("user", user, None);
    } else {
        e.vector("user", user, Some(def));
    }
}

/// An actuator's attributes (as `<general>`, or the plugin configuration).
pub(super) fn one_actuator(
    w: &W,
    e: &mut XEl,
    a: &Actuator,
    x: &mjsActuator,
    user: &[f64],
    def: &Actuator,
) -> Result<(), String> {
    use mjtTrn_::*;
    if !w.defaults {
        e.txt("name", a.name.as_str());
        write_class(w, e, a.head.class);
        let tgt = a.target.as_str();
        match x.trntype {
            t if t == mjTRN_JOINT as i32 => e.txt("joint", tgt),
            t if t == mjTRN_JOINTINPARENT as i32 => e.txt("jointinparent", tgt),
            t if t == mjTRN_TENDON as i32 => e.txt("tendon", tgt),
            t if t == mjTRN_SLIDERCRANK as i32 => {
                e.txt("cranksite", tgt);
                e.txt("slidersite", a.slidersite.as_str());
            }
            t if t == mjTRN_SITE as i32 => {
                e.txt("site", tgt);
                e.txt("refsite", a.refsite.as_str());
            }
            t if t == mjTRN_BODY as i32 => e.txt("body", tgt),
            _ => {}
        }
    }
    let d = &def.c;
    e.int("group", x.group, Some(d.group));
    e.key("ctrllimited", TFAUTO_MAP, x.ctrllimited, Some(d.ctrllimited));
    e.num("ctrlrange", &x.ctrlrange, Some(&d.ctrlrange), false);
    e.key("forcelimited", TFAUTO_MAP, x.forcelimited, Some(d.forcelimited));
    e.num("forcerange", &x.forcerange, Some(&d.forcerange), false);
    e.key("actlimited", TFAUTO_MAP, x.actlimited, Some(d.actlimited));
    e.num("actrange", &x.actrange, Some(&d.actrange), false);
    e.num("lengthrange", &x.lengthrange, Some(&d.lengthrange), false);
    e.num("gear", &x.gear, Some(&d.gear), false);
    e.num1("cranklength", x.cranklength, Some(d.cranklength));
    e.key("actearly", BOOL_MAP, x.actearly as i32, Some(d.actearly as i32));
    if w.defaults {
        e.int("actdim", x.actdim, Some(d.actdim));
    } else {
        let dflt = if x.dyntype == mjtDyn_::mjDYN_NONE as i32 { 0 } else { 1 };
        e.int("actdim", x.actdim, Some(dflt));
    }
    e.key("dyntype", DYN_MAP, x.dyntype, Some(d.dyntype));
    e.num("dynprm", &x.dynprm, Some(&d.dynprm), false);
    if x.plugin.active != 0 {
        super::assets::plugin_ref(w, e, &a.c.plugin, &a.plugin)?;
    } else {
        e.key("gaintype", GAIN_MAP, x.gaintype, Some(d.gaintype));
        e.key("biastype", BIAS_MAP, x.biastype, Some(d.biastype));
        e.num("gainprm", &x.gainprm, Some(&d.gainprm), true);
        e.num("biasprm", &x.biasprm, Some(&d.biasprm), true);
    }
    user_attr(w, e, user, &def.userdata);
    Ok(())
}

/// `<custom>`: numerics (compiled data), texts and tuples.
pub(super) fn custom(w: &W, root: &mut XEl) {
    let s = w.s;
    if s.numerics.is_empty() && s.texts.is_empty() && s.tuples.is_empty() {
        return;
    }
    let m = w.m;
    let sec = root.add("custom");
    for (i, x) in s.numerics.iter().enumerate() {
        let e = sec.add("numeric");
        e.txt("name", x.name.as_str());
        let adr = m.numeric_adr()[i] as usize;
        let n = m.numeric_size()[i];
        e.int("size", n, None);
        e.num("data", &m.numeric_data()[adr..adr + n as usize], None, false);
    }
    for x in s.texts.iter() {
        let e = sec.add("text");
        e.txt("name", x.name.as_str());
        e.txt("data", x.data.as_str());
    }
    for (i, x) in s.tuples.iter().enumerate() {
        let e = sec.add("tuple");
        e.txt("name", x.name.as_str());
        let adr = m.tuple_adr()[i] as usize;
        for j in 0..x.objtype.len() {
            let o = e.add("element");
            let t = crate::runtime::text::type_to_str(x.objtype[j])
                .map_or(String::new(), |c| c.to_string_lossy().into_owned());
            o.txt("objtype", &t);
            o.txt("objname", x.objname[j].as_str());
            let prm = m.tuple_objprm().get(adr + j).copied().unwrap_or(x.objprm[j]);
            if prm != 0.0 {
                o.num1("prm", prm, None);
            }
        }
    }
}

/// `<contact>`: pairs (compiled values) and excludes.
pub(super) fn contact(w: &W, root: &mut XEl) {
    let s = w.s;
    if s.pairs.is_empty() && s.excludes.is_empty() {
        return;
    }
    let m = w.m;
    let sec = root.add("contact");
    // compiled order: by the bodies' ids (stable), each pair with the lower body first
    let gbody = |n: &str| s.geoms.iter().find(|g| g.name.as_str() == n).map_or(0, |g| s.bodies[g.body].head.id.max(0));
    let bid = |n: &str| s.bodies.iter().find(|b| b.name.as_str() == n).map_or(0, |b| b.head.id.max(0));
    let mut pairs: Vec<(i32, usize, bool)> = s
        .pairs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (b1, b2) = (gbody(p.geom1.as_str()), gbody(p.geom2.as_str()));
            let swap = b1 > b2;
            let (lo, hi) = if swap { (b2, b1) } else { (b1, b2) };
            ((lo << 16) + hi, i, swap)
        })
        .collect();
    pairs.sort_by_key(|p| p.0);
    for (id, &(_, i, swap)) in pairs.iter().enumerate() {
        let p = &s.pairs[i];
        let mut x = p.c;
        if id < m.npair as usize {
            x.solref.copy_from_slice(row(m.pair_solref(), id, mjNREF));
            x.solreffriction.copy_from_slice(row(m.pair_solreffriction(), id, mjNREF));
            x.solimp.copy_from_slice(row(m.pair_solimp(), id, mjNIMP));
            x.margin = m.pair_margin()[id];
            x.gap = m.pair_gap()[id];
            x.friction.copy_from_slice(row(m.pair_friction(), id, 5));
        }
        let e = sec.add("pair");
        one_pair(w, e, p, &x, &s.defaults[p.head.class.min(s.defaults.len() - 1)].pair, swap);
    }
    let mut ex: Vec<(i32, usize, bool)> = s
        .excludes
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let (b1, b2) = (bid(x.body1.as_str()), bid(x.body2.as_str()));
            let swap = b1 > b2;
            let (lo, hi) = if swap { (b2, b1) } else { (b1, b2) };
            ((lo << 16) + hi, i, swap)
        })
        .collect();
    ex.sort_by_key(|p| p.0);
    for &(_, i, swap) in &ex {
        let x = &s.excludes[i];
        let e = sec.add("exclude");
        e.txt("name", x.name.as_str());
        let (b1, b2) = if swap { (x.body2.as_str(), x.body1.as_str()) } else { (x.body1.as_str(), x.body2.as_str()) };
        e.txt("body1", b1);
        e.txt("body2", b2);
    }
}

const EQUALITY_MAP: Map = &[("connect", 0), ("weld", 1), ("joint", 2), ("tendon", 3), ("flex", 4), ("distance", 5)];

/// `<equality>` (compiled data, solref and solimp).
pub(super) fn equality(w: &W, root: &mut XEl) -> Result<(), String> {
    let s = w.s;
    if s.equalities.is_empty() {
        return Ok(());
    }
    let m = w.m;
    let sec = root.add("equality");
    for (i, q) in s.equalities.iter().enumerate() {
        let mut x = q.c;
        let id = if q.head.id >= 0 { q.head.id as usize } else { i };
        let def = &s.defaults[q.head.class.min(s.defaults.len() - 1)].equality;
        if id < m.neq as usize {
            // the model's data are processed (relative poses computed); the compiled
            // equality keeps the given ones unless a model was copied back
            if w.snap.copied_back {
                x.data.copy_from_slice(row(m.eq_data(), id, mjNEQDATA));
            }
            x.solref.copy_from_slice(row(m.eq_solref(), id, mjNREF));
            x.solimp.copy_from_slice(row(m.eq_solimp(), id, mjNIMP));
            // as upstream, which writes its compiled copy: values set since are not written
            x.r#type = m.eq_type()[id];
            x.objtype = m.eq_objtype()[id];
            x.active = m.eq_active0()[id];
        } else {
            // not compiled: the values the equality was made with, its class's (names are
            // written as they are now)
            x = def.c;
        }
        let name = map_key(EQUALITY_MAP, x.r#type);
        if name.is_empty() || x.r#type == mjtEq_::mjEQ_DISTANCE as i32 {
            // (no compiled equality has another type)
            return Err("mjXWriter: unknown equality type.".into());
        }
        let e = sec.add(name);
        one_equality(w, e, q, &x, def);
    }
    Ok(())
}

/// `<tendon>`: fixed and spatial tendons with their wraps.
pub(super) fn tendon(w: &W, root: &mut XEl) {
    use mjtWrap_::*;
    let s = w.s;
    if s.tendons.is_empty() {
        return;
    }
    let m = w.m;
    let sec = root.add("tendon");
    for (i, t) in s.tendons.iter().enumerate() {
        let Some(first) = t.path.first() else { continue };
        let mut x = t.c;
        let id = if t.head.id >= 0 { t.head.id as usize } else { i };
        let mut user: Vec<f64> = t.userdata.to_vec();
        if id < m.ntendon as usize {
            x.range.copy_from_slice(row(m.tendon_range(), id, 2));
            x.actfrcrange.copy_from_slice(row(m.tendon_actfrcrange(), id, 2));
            x.solref_limit.copy_from_slice(row(m.tendon_solref_lim(), id, mjNREF));
            x.solimp_limit.copy_from_slice(row(m.tendon_solimp_lim(), id, mjNIMP));
            x.solref_friction.copy_from_slice(row(m.tendon_solref_fri(), id, mjNREF));
            x.solimp_friction.copy_from_slice(row(m.tendon_solimp_fri(), id, mjNIMP));
            x.rgba.copy_from_slice(row(m.tendon_rgba(), id, 4));
            x.width = m.tendon_width()[id];
            x.margin = m.tendon_margin()[id];
            x.stiffness = m.tendon_stiffness()[id];
            x.damping = m.tendon_damping()[id];
            x.armature = m.tendon_armature()[id];
            x.frictionloss = m.tendon_frictionloss()[id];
            let nu = m.nuser_tendon as usize;
            user = row(m.tendon_user(), id, nu).to_vec();
        }
        let kind = if first.r#type == mjWRAP_JOINT as i32 { "fixed" } else { "spatial" };
        let e = sec.add(kind);
        let def = &s.defaults[t.head.class.min(s.defaults.len() - 1)].tendon;
        one_tendon(w, e, t, &x, &user, def);
        // upstream names a wrap's object as compiled (after fusestatic that may be another
        // element than the one the wrap names: see compiler::fuse::PrefuseIds)
        let compiled_target = |k: usize, p: &crate::spec::objects::Wrap| -> Option<String> {
            if id >= m.ntendon as usize || k >= m.tendon_num()[id] as usize {
                return None;
            }
            let adr = m.tendon_adr()[id] as usize + k;
            let objtype = match p.r#type {
                t if t != m.wrap_type()[adr] => return None,
                t if t == mjWRAP_JOINT as i32 => mjtObj_::mjOBJ_JOINT,
                t if t == mjWRAP_SITE as i32 => mjtObj_::mjOBJ_SITE,
                t if t == mjWRAP_SPHERE as i32 || t == mjWRAP_CYLINDER as i32 => mjtObj_::mjOBJ_GEOM,
                _ => return None,
            };
            crate::model::names::name_of(m, objtype as i32, m.wrap_objid()[adr])
                .map(|n| n.to_string_lossy().into_owned())
        };
        for (k, p) in t.path.iter().enumerate() {
            let compiled = compiled_target(k, p);
            let tgt = compiled.as_deref().unwrap_or(p.target.as_str());
            match p.r#type {
                k if k == mjWRAP_JOINT as i32 => {
                    let we = e.add("joint");
                    we.txt("joint", tgt);
                    we.num1("coef", p.prm, None);
                }
                k if k == mjWRAP_SITE as i32 => e.add("site").txt("site", tgt),
                k if k == mjWRAP_SPHERE as i32 || k == mjWRAP_CYLINDER as i32 => {
                    let we = e.add("geom");
                    we.txt("geom", tgt);
                    we.txt("sidesite", p.sidesite.as_str());
                }
                k if k == mjWRAP_PULLEY as i32 => e.add("pulley").num1("divisor", p.prm, None),
                _ => {}
            }
        }
    }
}

/// `<actuator>`: every actuator as `<general>` (or `<plugin>`), with compiled parameters.
pub(super) fn actuator(w: &W, root: &mut XEl) -> Result<(), String> {
    let s = w.s;
    if s.actuators.is_empty() {
        return Ok(());
    }
    let m = w.m;
    let sec = root.add("actuator");
    for (i, a) in s.actuators.iter().enumerate() {
        let mut x = a.c;
        let id = if a.head.id >= 0 { a.head.id as usize } else { i };
        let mut user: Vec<f64> = a.userdata.to_vec();
        if id < m.nu as usize {
            // parameters the compiler derives (damping ratios, muscle scales) are in the
            // model only until copied back
            if w.snap.copied_back {
                x.dynprm.copy_from_slice(row(m.actuator_dynprm(), id, mjNDYN));
                x.gainprm.copy_from_slice(row(m.actuator_gainprm(), id, mjNGAIN));
                x.biasprm.copy_from_slice(row(m.actuator_biasprm(), id, mjNBIAS));
            }
            x.ctrlrange.copy_from_slice(row(m.actuator_ctrlrange(), id, 2));
            x.forcerange.copy_from_slice(row(m.actuator_forcerange(), id, 2));
            x.actrange.copy_from_slice(row(m.actuator_actrange(), id, 2));
            // computed length ranges live in the model only (until copied back)
            if w.snap.copied_back {
                x.lengthrange.copy_from_slice(row(m.actuator_lengthrange(), id, 2));
            }
            x.actdim = m.actuator_actnum()[id];
            x.gear.copy_from_slice(row(m.actuator_gear(), id, 6));
            x.cranklength = m.actuator_cranklength()[id];
            let nu = m.nuser_actuator as usize;
            user = row(m.actuator_user(), id, nu).to_vec();
        }
        let e = sec.add(if x.plugin.active != 0 { "plugin" } else { "general" });
        let def = &s.defaults[a.head.class.min(s.defaults.len() - 1)].actuator;
        one_actuator(w, e, a, &x, &user, def)?;
    }
    Ok(())
}

/// Element name and object attribute of the sensors that name one object.
fn simple_sensor(t: i32) -> Option<(&'static str, &'static str)> {
    use mjtSensor_::*;
    let table: [(mjtSensor_, &str, &str); 26] = [
        (mjSENS_TOUCH, "touch", "site"),
        (mjSENS_ACCELEROMETER, "accelerometer", "site"),
        (mjSENS_VELOCIMETER, "velocimeter", "site"),
        (mjSENS_GYRO, "gyro", "site"),
        (mjSENS_FORCE, "force", "site"),
        (mjSENS_TORQUE, "torque", "site"),
        (mjSENS_MAGNETOMETER, "magnetometer", "site"),
        (mjSENS_RANGEFINDER, "rangefinder", "site"),
        (mjSENS_JOINTPOS, "jointpos", "joint"),
        (mjSENS_JOINTVEL, "jointvel", "joint"),
        (mjSENS_TENDONPOS, "tendonpos", "tendon"),
        (mjSENS_TENDONVEL, "tendonvel", "tendon"),
        (mjSENS_ACTUATORPOS, "actuatorpos", "actuator"),
        (mjSENS_ACTUATORVEL, "actuatorvel", "actuator"),
        (mjSENS_ACTUATORFRC, "actuatorfrc", "actuator"),
        (mjSENS_JOINTACTFRC, "jointactuatorfrc", "joint"),
        (mjSENS_TENDONACTFRC, "tendonactuatorfrc", "tendon"),
        (mjSENS_BALLQUAT, "ballquat", "joint"),
        (mjSENS_BALLANGVEL, "ballangvel", "joint"),
        (mjSENS_JOINTLIMITPOS, "jointlimitpos", "joint"),
        (mjSENS_JOINTLIMITVEL, "jointlimitvel", "joint"),
        (mjSENS_JOINTLIMITFRC, "jointlimitfrc", "joint"),
        (mjSENS_TENDONLIMITPOS, "tendonlimitpos", "tendon"),
        (mjSENS_TENDONLIMITVEL, "tendonlimitvel", "tendon"),
        (mjSENS_TENDONLIMITFRC, "tendonlimitfrc", "tendon"),
        (mjSENS_SUBTREECOM, "subtreecom", "body"),
    ];
    table.iter().find(|r| r.0 as i32 == t).map(|r| (r.1, r.2)).or(match t {
        x if x == mjSENS_SUBTREELINVEL as i32 => Some(("subtreelinvel", "body")),
        x if x == mjSENS_SUBTREEANGMOM as i32 => Some(("subtreeangmom", "body")),
        _ => None,
    })
}

fn frame_sensor(t: i32) -> Option<&'static str> {
    use mjtSensor_::*;
    [
        (mjSENS_FRAMEPOS, "framepos"),
        (mjSENS_FRAMEQUAT, "framequat"),
        (mjSENS_FRAMEXAXIS, "framexaxis"),
        (mjSENS_FRAMEYAXIS, "frameyaxis"),
        (mjSENS_FRAMEZAXIS, "framezaxis"),
        (mjSENS_FRAMELINVEL, "framelinvel"),
        (mjSENS_FRAMEANGVEL, "frameangvel"),
        (mjSENS_FRAMELINACC, "framelinacc"),
        (mjSENS_FRAMEANGACC, "frameangacc"),
    ]
    .iter()
    .find(|r| r.0 as i32 == t)
    .map(|r| r.1)
}

fn type_name(t: i32) -> String {
    crate::runtime::text::type_to_str(t).map_or(String::new(), |c| c.to_string_lossy().into_owned())
}

/// `<sensor>`: each sensor by type, with compiled cutoff, noise and user values.
pub(super) fn sensor(w: &W, root: &mut XEl) -> Result<(), String> {
    use mjtObj_::*;
    use mjtSensor_::*;
    let s = w.s;
    if s.sensors.is_empty() {
        return Ok(());
    }
    let m = w.m;
    let mut sec = XEl::new("sensor");
    for (i, x) in s.sensors.iter().enumerate() {
        let id = if x.head.id >= 0 { x.head.id as usize } else { i };
        let (obj, refn) = (x.objname.as_str(), x.refname.as_str());
        // as upstream, which writes its compiled copy: the type compiled (a type set since is
        // not written); a sensor added since has the values it was made with (names are
        // written as they are now)
        let made = crate::spec::Sensor::default();
        let compiled = id < m.nsensor as usize;
        let t = if compiled { m.sensor_type()[id] } else { made.r#type };
        let c = if compiled { &x.c } else { &made.c };
        let mut e;
        if let Some((name, attr)) = simple_sensor(t) {
            e = XEl::new(name);
            e.txt(attr, obj);
        } else if let Some(name) = frame_sensor(t) {
            e = XEl::new(name);
            e.txt("objtype", &type_name(c.objtype));
            e.txt("objname", obj);
            if c.reftype != mjOBJ_UNKNOWN as i32 {
                e.txt("reftype", &type_name(c.reftype));
                e.txt("refname", refn);
            }
        } else {
            match t {
                k if k == mjSENS_CAMPROJECTION as i32 => {
                    e = XEl::new("camprojection");
                    e.txt("site", obj);
                    e.txt("camera", refn);
                }
                k if k == mjSENS_INSIDESITE as i32 => {
                    e = XEl::new("insidesite");
                    e.txt("objtype", &type_name(c.objtype));
                    e.txt("objname", obj);
                    e.txt("site", refn);
                }
                k if k == mjSENS_GEOMDIST as i32 || k == mjSENS_GEOMNORMAL as i32 || k == mjSENS_GEOMFROMTO as i32 => {
                    e = XEl::new(if k == mjSENS_GEOMDIST as i32 {
                        "distance"
                    } else if k == mjSENS_GEOMNORMAL as i32 {
                        "normal"
                    } else {
                        "fromto"
                    });
                    e.txt(if c.objtype == mjOBJ_BODY as i32 { "body1" } else { "geom1" }, obj);
                    e.txt(if c.reftype == mjOBJ_BODY as i32 { "body2" } else { "geom2" }, refn);
                }
                k if k == mjSENS_CONTACT as i32 => {
                    e = XEl::new("contact");
                    let ot = c.objtype;
                    if ot == mjOBJ_BODY as i32 {
                        e.txt("body1", obj);
                    } else if ot == mjOBJ_XBODY as i32 {
                        e.txt("subtree1", obj);
                    } else if ot == mjOBJ_GEOM as i32 {
                        e.txt("geom1", obj);
                    } else if ot == mjOBJ_SITE as i32 {
                        e.txt("site", obj);
                    }
                    let rt = c.reftype;
                    if rt == mjOBJ_BODY as i32 {
                        e.txt("body2", refn);
                    } else if rt == mjOBJ_XBODY as i32 {
                        e.txt("subtree2", refn);
                    } else if rt == mjOBJ_GEOM as i32 {
                        e.txt("geom2", refn);
                    }
                    let dataspec = c.intprm[0];
                    // values per contact: found 1, force 3, torque 3, dist 1, pos 3, normal 3, tangent 3
                    let widths = [1, 3, 3, 1, 3, 3, 3];
                    let size: i32 = (0..7).filter(|i| dataspec & (1 << i) != 0).map(|i| widths[i]).sum::<i32>().max(1);
                    let dim = m.sensor_dim().get(id).copied().unwrap_or(c.dim);
                    e.int("num", dim / size, Some(1));
                    let data: Vec<i32> = (0..7).filter(|i| dataspec & (1 << i) != 0).collect();
                    if !(data.len() == 1 && data[0] == 0) {
                        let words: Vec<&str> =
                            data.iter().map(|&d| map_key(crate::xml::sections::CONDATA_MAP, d)).collect();
                        e.txt("data", &words.join(" "));
                    }
                    e.key("reduce", crate::xml::sections::REDUCE_MAP, c.intprm[1], Some(0));
                }
                k if k == mjSENS_TACTILE as i32 => {
                    e = XEl::new("tactile");
                    e.txt("geom", refn);
                    e.txt("mesh", obj);
                }
                k if k == mjSENS_E_POTENTIAL as i32 => e = XEl::new("potential"),
                k if k == mjSENS_E_KINETIC as i32 => e = XEl::new("kinetic"),
                k if k == mjSENS_CLOCK as i32 => e = XEl::new("clock"),
                k if k == mjSENS_PLUGIN as i32 => {
                    e = XEl::new("plugin");
                    if c.objtype != mjOBJ_UNKNOWN as i32 {
                        e.txt("objtype", &type_name(c.objtype));
                        e.txt("objname", obj);
                    }
                    super::assets::plugin_ref(w, &mut e, &x.c.plugin, &x.plugin)?;
                }
                k if k == mjSENS_USER as i32 => {
                    e = XEl::new("user");
                    e.txt("objtype", &type_name(c.objtype));
                    e.txt("objname", obj);
                    e.int("dim", c.dim, None);
                    e.key("needstage", crate::xml::sections::STAGE_MAP, c.needstage, None);
                    e.key("datatype", crate::xml::sections::DATATYPE_MAP, c.datatype, None);
                }
                // (no compiled sensor has another type)
                _ => return Err("Unknown sensor type in XML write".into()),
            }
        }
        let (cutoff, noise, user) = if compiled {
            (m.sensor_cutoff()[id], m.sensor_noise()[id], row(m.sensor_user(), id, m.nuser_sensor as usize).to_vec())
        } else {
            (c.cutoff, c.noise, Vec::new())
        };
        e.txt("name", x.name.as_str());
        e.num1("cutoff", cutoff, Some(0.0));
        if t != mjSENS_PLUGIN as i32 {
            e.num1("noise", noise, Some(0.0));
        }
        e.vector("user", &user, None);
        sec.kids.push(e);
    }
    root.kids.push(sec);
    Ok(())
}

/// `<keyframe>`: each key's values that differ from the reference configuration (compiled).
pub(super) fn keyframe(w: &W, root: &mut XEl) {
    let m = w.m;
    let mut sec = XEl::new("keyframe");
    let (nq, nv, na, nu, nmocap) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize);
    for k in 0..m.nkey as usize {
        let mut e = XEl::new("key");
        let key = w.s.keys.get(k);
        e.txt("name", key.map_or("", |x| x.name.as_str()));
        // the compiled key holds the values given (the model's are processed: quaternions
        // normalized) and fills the others from the reference configuration
        let given = |v: Option<&[f64]>, model: &[f64]| -> Vec<f64> {
            match v {
                Some(v) if !w.snap.copied_back && v.len() == model.len() => v.to_vec(),
                _ => model.to_vec(),
            }
        };
        let time = match key {
            Some(x) if !w.snap.copied_back => x.time,
            _ => m.key_time()[k],
        };
        if time != 0.0 {
            e.num1("time", time, None);
        }
        let qpos = given(key.map(|x| &x.qpos[..]), row(m.key_qpos(), k, nq));
        if qpos.iter().zip(m.qpos0()).any(|(a, b)| a != b) {
            e.num("qpos", &qpos, None, false);
        }
        let qvel = given(key.map(|x| &x.qvel[..]), row(m.key_qvel(), k, nv));
        if qvel.iter().any(|&v| v != 0.0) {
            e.num("qvel", &qvel, None, false);
        }
        let act = given(key.map(|x| &x.act[..]), row(m.key_act(), k, na));
        if act.iter().any(|&v| v != 0.0) {
            e.num("act", &act, None, false);
        }
        if nmocap > 0 {
            // mocap bodies' positions and orientations as compiled
            let mpos = given(key.map(|x| &x.mpos[..]), row(m.key_mpos(), k, 3 * nmocap));
            let mquat = given(key.map(|x| &x.mquat[..]), row(m.key_mquat(), k, 4 * nmocap));
            let mut pos_differs = false;
            let mut quat_differs = false;
            for b in 0..m.nbody as usize {
                let id = m.body_mocapid()[b];
                if id < 0 {
                    continue;
                }
                let id = id as usize;
                if row(m.body_pos(), b, 3) != &mpos[3 * id..3 * id + 3] {
                    pos_differs = true;
                }
                if row(m.body_quat(), b, 4) != &mquat[4 * id..4 * id + 4] {
                    quat_differs = true;
                }
            }
            if pos_differs {
                e.num("mpos", &mpos, None, false);
            }
            if quat_differs {
                e.num("mquat", &mquat, None, false);
            }
        }
        let ctrl = given(key.map(|x| &x.ctrl[..]), row(m.key_ctrl(), k, nu));
        if ctrl.iter().any(|&v| v != 0.0) {
            e.num("ctrl", &ctrl, None, false);
        }
        if !e.attrs.is_empty() {
            sec.kids.push(e);
        }
    }
    if !sec.kids.is_empty() {
        root.kids.push(sec);
    }
}
