//! Fills a `Spec` from a checked MJCF element tree, following upstream's reading rules:
//! defaults come from the element's class (or its body's child class), then attributes given on
//! the element override them.

use crate::abi::*;
use crate::spec::*;

use super::attr::*;
use super::tree::Element;
use super::{XmlError, UNRECOGNIZED};

type R<T> = Result<T, XmlError>;

// ---------------------------------------------------------------- top-level sections

/// Reads the whole document into `spec`.
pub fn read(root: &Element, spec: &mut Spec, cx: &super::ReadCx) -> R<()> {
    if let Some(n) = root.attr("model") {
        spec.modelname = n.to_string().into();
    }
    spec.comment = root.comment.clone().unwrap_or_default().into();
    for s in root.children_named("compiler") {
        compiler(s, spec)?;
    }
    for s in root.children_named("option") {
        option(s, &mut spec.option)?;
    }
    for s in root.children_named("size") {
        size(s, spec)?;
    }
    for s in root.children_named("visual") {
        visual(s, &mut spec.visual)?;
    }
    for s in root.children_named("statistic") {
        statistic(s, spec)?;
    }
    for s in root.children_named("default") {
        default_section(s, None, spec)?;
    }
    for sec in root.children_named("extension") {
        super::sections::extension_section(sec, spec)?;
    }
    for sec in root.children_named("custom") {
        super::sections::custom_section(sec, spec)?;
    }
    for sec in root.children_named("asset") {
        super::sections::asset_section(sec, spec, cx)?;
    }
    for sec in root.children_named("contact") {
        super::sections::contact_section(sec, spec)?;
    }
    let mut flex_scratch = 0;
    for sec in root.children_named("deformable") {
        for c in &sec.children {
            match c.name.as_str() {
                "skin" => {
                    let k = super::sections::one_skin(c, cx)?;
                    claim_name(c, spec, "skin", &k.name)?;
                    spec.skins.push(Owned::new(k));
                }
                "flex" => {
                    let f = super::sections::one_flex(c, &mut flex_scratch)?;
                    claim_name(c, spec, "flex", &f.name)?;
                    spec.flexes.push(Owned::new(f));
                }
                _ => return Err(XmlError::at(c, UNRECOGNIZED)),
            }
        }
    }
    for sec in root.children_named("equality") {
        super::sections::equality_section(sec, spec)?;
    }
    for sec in root.children_named("tendon") {
        super::sections::tendon_section(sec, spec)?;
    }
    for s in root.children_named("actuator") {
        actuator_section(s, spec)?;
    }
    for s in root.children_named("sensor") {
        super::sections::sensor_section(s, spec)?;
    }
    // keyframes before the world body, as upstream (a replicate checks and copies them)
    for sec in root.children_named("keyframe") {
        super::sections::keyframe_section(sec, spec)?;
    }
    for s in root.children_named("worldbody") {
        if !s.attrs.is_empty() {
            return Err(XmlError::at(s, "World body cannot have attributes"));
        }
        body_children(s, 0, None, 0, "", Cx { copying: false, subtree: false, vfs: cx.files.vfs_ref() }, spec)?;
    }
    let pending = std::mem::take(&mut spec.pending_keys);
    spec.keys.extend(pending);
    Ok(())
}

pub(super) fn compiler(e: &Element, s: &mut Spec) -> R<()> {
    map_bool(e, "strippath", &mut s.c.strippath)?;
    if let Some(t) = read_txt(e, "assetdir") {
        s.meshdir = t.as_str().into();
        s.texturedir = t.into();
    }
    if let Some(t) = read_txt(e, "meshdir") {
        s.meshdir = t.into();
    }
    if let Some(t) = read_txt(e, "texturedir") {
        s.texturedir = t.into();
    }
    let c = &mut s.c.compiler;
    map_bool(e, "autolimits", &mut c.autolimits)?;
    read1(e, "boundmass", &mut c.boundmass)?;
    read1(e, "boundinertia", &mut c.boundinertia)?;
    read1(e, "settotalmass", &mut c.settotalmass)?;
    map_bool(e, "balanceinertia", &mut c.balanceinertia)?;
    map_bool(e, "fitaabb", &mut c.fitaabb)?;
    if map_value(e, "coordinate", COORD_MAP)? == Some(1) {
        return Err(XmlError::at(
            e,
            "global coordinates no longer supported. To convert existing models, load and save them in MuJoCo 2.3.3 or older",
        ));
    }
    if let Some(v) = map_value(e, "angle", ANGLE_MAP)? {
        c.degree = (v == 1) as u8;
    }
    if let Some(t) = read_txt(e, "eulerseq") {
        if t.len() != 3 {
            return Err(XmlError::at(e, "euler format must have length 3"));
        }
        for (d, b) in c.eulerseq.iter_mut().zip(t.bytes()) {
            *d = b as core::ffi::c_char;
        }
    }
    map_bool(e, "discardvisual", &mut c.discardvisual)?;
    map_bool(e, "usethread", &mut c.usethread)?;
    map_bool(e, "fusestatic", &mut c.fusestatic)?;
    map_into(e, "inertiafromgeom", TFAUTO_MAP, &mut c.inertiafromgeom)?;
    read_arr(e, "inertiagrouprange", &mut c.inertiagrouprange, true)?;
    map_bool(e, "alignfree", &mut c.alignfree)?;
    map_bool(e, "saveinertial", &mut c.saveinertial)?;
    if let Some(l) = e.children_named("lengthrange").next() {
        let o = &mut c.LRopt;
        map_into(l, "mode", LRMODE_MAP, &mut o.mode)?;
        if let Some(v) = map_value(l, "useexisting", BOOL_MAP)? {
            o.useexisting = v;
        }
        if let Some(v) = map_value(l, "uselimit", BOOL_MAP)? {
            o.uselimit = v;
        }
        read1(l, "accel", &mut o.accel)?;
        read1(l, "maxforce", &mut o.maxforce)?;
        read1(l, "timeconst", &mut o.timeconst)?;
        read1(l, "timestep", &mut o.timestep)?;
        read1(l, "inttotal", &mut o.inttotal)?;
        read1(l, "interval", &mut o.interval)?;
        read1(l, "tolrange", &mut o.tolrange)?;
    }
    Ok(())
}

pub(super) fn option(e: &Element, o: &mut mjOption) -> R<()> {
    read1(e, "timestep", &mut o.timestep)?;
    read1(e, "impratio", &mut o.impratio)?;
    read1(e, "tolerance", &mut o.tolerance)?;
    read1(e, "ls_tolerance", &mut o.ls_tolerance)?;
    read1(e, "noslip_tolerance", &mut o.noslip_tolerance)?;
    read1(e, "ccd_tolerance", &mut o.ccd_tolerance)?;
    read1(e, "sleep_tolerance", &mut o.sleep_tolerance)?;
    read_arr(e, "gravity", &mut o.gravity, true)?;
    read_arr(e, "wind", &mut o.wind, true)?;
    read_arr(e, "magnetic", &mut o.magnetic, true)?;
    read1(e, "density", &mut o.density)?;
    read1(e, "viscosity", &mut o.viscosity)?;
    read1(e, "o_margin", &mut o.o_margin)?;
    read_arr(e, "o_solref", &mut o.o_solref, false)?;
    read_arr(e, "o_solimp", &mut o.o_solimp, false)?;
    read_arr(e, "o_friction", &mut o.o_friction, false)?;
    map_into(e, "integrator", INTEGRATOR_MAP, &mut o.integrator)?;
    map_into(e, "cone", CONE_MAP, &mut o.cone)?;
    map_into(e, "jacobian", JAC_MAP, &mut o.jacobian)?;
    map_into(e, "solver", SOLVER_MAP, &mut o.solver)?;
    read1(e, "iterations", &mut o.iterations)?;
    read1(e, "ls_iterations", &mut o.ls_iterations)?;
    read1(e, "noslip_iterations", &mut o.noslip_iterations)?;
    read1(e, "ccd_iterations", &mut o.ccd_iterations)?;
    read1(e, "sdf_iterations", &mut o.sdf_iterations)?;
    read1(e, "sdf_initpoints", &mut o.sdf_initpoints)?;
    let mut groups = [0i32; 31];
    let n = read_arr(e, "actuatorgroupdisable", &mut groups, false)?;
    for &g in &groups[..n] {
        if g < 0 {
            return Err(XmlError::at(e, "disabled actuator group value must be non-negative"));
        }
        if g > 30 {
            return Err(XmlError::at(e, "disabled actuator group value cannot exceed 30"));
        }
        o.disableactuator |= 1 << g;
    }
    if let Some(f) = e.children_named("flag").next() {
        use crate::abi::mjtDisableBit_::*;
        use crate::abi::mjtEnableBit_::*;
        let dsbl: [(&str, i32); 19] = [
            ("constraint", mjDSBL_CONSTRAINT as i32),
            ("equality", mjDSBL_EQUALITY as i32),
            ("frictionloss", mjDSBL_FRICTIONLOSS as i32),
            ("limit", mjDSBL_LIMIT as i32),
            ("contact", mjDSBL_CONTACT as i32),
            ("spring", mjDSBL_SPRING as i32),
            ("damper", mjDSBL_DAMPER as i32),
            ("gravity", mjDSBL_GRAVITY as i32),
            ("clampctrl", mjDSBL_CLAMPCTRL as i32),
            ("warmstart", mjDSBL_WARMSTART as i32),
            ("filterparent", mjDSBL_FILTERPARENT as i32),
            ("actuation", mjDSBL_ACTUATION as i32),
            ("refsafe", mjDSBL_REFSAFE as i32),
            ("sensor", mjDSBL_SENSOR as i32),
            ("midphase", mjDSBL_MIDPHASE as i32),
            ("eulerdamp", mjDSBL_EULERDAMP as i32),
            ("autoreset", mjDSBL_AUTORESET as i32),
            ("nativeccd", mjDSBL_NATIVECCD as i32),
            ("island", mjDSBL_ISLAND as i32),
        ];
        for (name, mask) in dsbl {
            if let Some(v) = map_value(f, name, ENABLE_MAP)? {
                o.disableflags &= !mask;
                if v == 0 {
                    o.disableflags |= mask;
                }
            }
        }
        let enbl: [(&str, i32); 6] = [
            ("override", mjENBL_OVERRIDE as i32),
            ("energy", mjENBL_ENERGY as i32),
            ("fwdinv", mjENBL_FWDINV as i32),
            ("invdiscrete", mjENBL_INVDISCRETE as i32),
            ("multiccd", mjENBL_MULTICCD as i32),
            ("sleep", mjENBL_SLEEP as i32),
        ];
        for (name, mask) in enbl {
            if let Some(v) = map_value(f, name, ENABLE_MAP)? {
                o.enableflags &= !mask;
                if v == 1 {
                    o.enableflags |= mask;
                }
            }
        }
    }
    Ok(())
}

fn parse_memory(e: &Element, text: &str) -> R<Option<i64>> {
    const MSG: &str = "unsigned integer with an optional suffix {K,M,G,T,P,E} is expected in attribute 'memory' (or the size specified is too big)";
    let mut toks = text.split_ascii_whitespace();
    let t = toks.next().unwrap_or("");
    if toks.next().is_some() || t.is_empty() {
        return Err(XmlError::at(e, MSG));
    }
    if t == "-1" {
        return Ok(None);
    }
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &t[digits.len()..];
    let base: u64 = digits.parse().map_err(|_| XmlError::at(e, MSG))?;
    let bit = match rest {
        "" => 0,
        "K" | "k" => 10,
        "M" | "m" => 20,
        "G" | "g" => 30,
        "T" | "t" => 40,
        "P" | "p" => 50,
        "E" | "e" => 60,
        _ => return Err(XmlError::at(e, MSG)),
    };
    if base > (u64::MAX << bit) >> bit {
        return Err(XmlError::at(e, MSG));
    }
    Ok(Some((base << bit) as i64))
}

pub(super) fn size(e: &Element, s: &mut Spec) -> R<()> {
    if let Some(t) = e.attr("memory") {
        if let Some(m) = parse_memory(e, t)? {
            s.memory = m;
        }
    }
    read1(e, "nuserdata", &mut s.nuserdata)?;
    read1(e, "nkey", &mut s.nkey)?;
    read1(e, "nconmax", &mut s.nconmax)?;
    if s.nconmax < -1 {
        return Err(XmlError::at(e, "nconmax must be >= -1"));
    }
    let mut nstack = -1i32;
    if read1(e, "nstack", &mut nstack)? {
        if s.memory != -1 && nstack != -1 {
            return Err(XmlError::at(e, "either 'memory' and 'nstack' attribute can be specified, not both"));
        }
        s.nstack = nstack as i64;
    }
    let mut njmax = -1i32;
    if read1(e, "njmax", &mut njmax)? {
        if s.memory != -1 && njmax != -1 {
            return Err(XmlError::at(e, "either 'memory' and 'njmax' attribute can be specified, not both"));
        }
        s.njmax = njmax;
    }
    for (name, field) in [
        ("nuser_body", &mut s.c.nuser_body),
        ("nuser_jnt", &mut s.c.nuser_jnt),
        ("nuser_geom", &mut s.c.nuser_geom),
        ("nuser_site", &mut s.c.nuser_site),
        ("nuser_cam", &mut s.c.nuser_cam),
        ("nuser_tendon", &mut s.c.nuser_tendon),
        ("nuser_actuator", &mut s.c.nuser_actuator),
        ("nuser_sensor", &mut s.c.nuser_sensor),
    ] {
        read1(e, name, field)?;
        if *field < -1 {
            return Err(XmlError::at(e, &format!("{} must be >= -1", name)));
        }
    }
    Ok(())
}

fn visual(e: &Element, v: &mut mjVisual) -> R<()> {
    for c in &e.children {
        match c.name.as_str() {
            "global" => {
                let g = &mut v.global;
                read1(c, "cameraid", &mut g.cameraid)?;
                if let Some(x) = map_value(c, "orthographic", BOOL_MAP)? {
                    g.orthographic = x;
                }
                read1(c, "fovy", &mut g.fovy)?;
                read1(c, "ipd", &mut g.ipd)?;
                read1(c, "azimuth", &mut g.azimuth)?;
                read1(c, "elevation", &mut g.elevation)?;
                read1(c, "linewidth", &mut g.linewidth)?;
                read1(c, "glow", &mut g.glow)?;
                read1(c, "realtime", &mut g.realtime)?;
                read1(c, "offwidth", &mut g.offwidth)?;
                read1(c, "offheight", &mut g.offheight)?;
                if let Some(x) = map_value(c, "ellipsoidinertia", BOOL_MAP)? {
                    g.ellipsoidinertia = x;
                }
                if let Some(x) = map_value(c, "bvactive", BOOL_MAP)? {
                    g.bvactive = x;
                }
            }
            "quality" => {
                let q = &mut v.quality;
                read1(c, "shadowsize", &mut q.shadowsize)?;
                read1(c, "offsamples", &mut q.offsamples)?;
                read1(c, "numslices", &mut q.numslices)?;
                read1(c, "numstacks", &mut q.numstacks)?;
                read1(c, "numquads", &mut q.numquads)?;
            }
            "headlight" => {
                let h = &mut v.headlight;
                read_arr(c, "ambient", &mut h.ambient, true)?;
                read_arr(c, "diffuse", &mut h.diffuse, true)?;
                read_arr(c, "specular", &mut h.specular, true)?;
                read1(c, "active", &mut h.active)?;
            }
            "map" => {
                let m = &mut v.map;
                read1(c, "stiffness", &mut m.stiffness)?;
                read1(c, "stiffnessrot", &mut m.stiffnessrot)?;
                read1(c, "force", &mut m.force)?;
                read1(c, "torque", &mut m.torque)?;
                read1(c, "alpha", &mut m.alpha)?;
                read1(c, "fogstart", &mut m.fogstart)?;
                read1(c, "fogend", &mut m.fogend)?;
                read1(c, "znear", &mut m.znear)?;
                if m.znear <= 0.0 {
                    return Err(XmlError::at(c, "znear must be strictly positive"));
                }
                read1(c, "zfar", &mut m.zfar)?;
                read1(c, "haze", &mut m.haze)?;
                read1(c, "shadowclip", &mut m.shadowclip)?;
                read1(c, "shadowscale", &mut m.shadowscale)?;
                read1(c, "actuatortendon", &mut m.actuatortendon)?;
            }
            "scale" => {
                let s = &mut v.scale;
                for (n, f) in [
                    ("forcewidth", &mut s.forcewidth),
                    ("contactwidth", &mut s.contactwidth),
                    ("contactheight", &mut s.contactheight),
                    ("connect", &mut s.connect),
                    ("com", &mut s.com),
                    ("camera", &mut s.camera),
                    ("light", &mut s.light),
                    ("selectpoint", &mut s.selectpoint),
                    ("jointlength", &mut s.jointlength),
                    ("jointwidth", &mut s.jointwidth),
                    ("actuatorlength", &mut s.actuatorlength),
                    ("actuatorwidth", &mut s.actuatorwidth),
                    ("framelength", &mut s.framelength),
                    ("framewidth", &mut s.framewidth),
                    ("constraint", &mut s.constraint),
                    ("slidercrank", &mut s.slidercrank),
                    ("frustum", &mut s.frustum),
                ] {
                    read1(c, n, f)?;
                }
            }
            "rgba" => {
                let r = &mut v.rgba;
                for (n, f) in [
                    ("fog", &mut r.fog),
                    ("haze", &mut r.haze),
                    ("force", &mut r.force),
                    ("inertia", &mut r.inertia),
                    ("joint", &mut r.joint),
                    ("actuator", &mut r.actuator),
                    ("actuatornegative", &mut r.actuatornegative),
                    ("actuatorpositive", &mut r.actuatorpositive),
                    ("com", &mut r.com),
                    ("camera", &mut r.camera),
                    ("light", &mut r.light),
                    ("selectpoint", &mut r.selectpoint),
                    ("connect", &mut r.connect),
                    ("contactpoint", &mut r.contactpoint),
                    ("contactforce", &mut r.contactforce),
                    ("contactfriction", &mut r.contactfriction),
                    ("contacttorque", &mut r.contacttorque),
                    ("contactgap", &mut r.contactgap),
                    ("rangefinder", &mut r.rangefinder),
                    ("constraint", &mut r.constraint),
                    ("slidercrank", &mut r.slidercrank),
                    ("crankbroken", &mut r.crankbroken),
                    ("frustum", &mut r.frustum),
                    ("bv", &mut r.bv),
                    ("bvactive", &mut r.bvactive),
                ] {
                    read_arr(c, n, f, true)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn statistic(e: &Element, s: &mut Spec) -> R<()> {
    let st = &mut s.stat;
    read1(e, "meaninertia", &mut st.meaninertia)?;
    read1(e, "meanmass", &mut st.meanmass)?;
    read1(e, "meansize", &mut st.meansize)?;
    read1(e, "extent", &mut st.extent)?;
    if defined(st.extent) && st.extent <= 0.0 {
        return Err(XmlError::at(e, "extent must be strictly positive"));
    }
    read_arr(e, "center", &mut st.center, true)?;
    Ok(())
}

// ---------------------------------------------------------------- defaults

fn default_section(e: &Element, parent: Option<usize>, s: &mut Spec) -> R<()> {
    let name = read_txt(e, "class").unwrap_or_default();
    let id = match parent {
        Some(p) => {
            if name.is_empty() {
                return Err(XmlError::at(e, "empty class name"));
            }
            if s.find_default(&name).is_some() {
                return Err(XmlError::at(e, "repeated default class name"));
            }
            s.add_default(&name, p).expect("class name checked above")
        }
        None => {
            if !name.is_empty() && name != "main" {
                return Err(XmlError::at(e, "top-level default class 'main' cannot be renamed"));
            }
            0
        }
    };
    for c in &e.children {
        let d = &mut s.defaults[id];
        match c.name.as_str() {
            "joint" => one_joint(c, &mut d.joint)?,
            "geom" => one_geom(c, &mut d.geom)?,
            "site" => one_site(c, &mut d.site)?,
            "camera" => one_camera(c, &mut d.camera)?,
            "light" => one_light(c, &mut d.light)?,
            "general" | "motor" | "position" | "velocity" | "damper" | "intvelocity" | "cylinder" | "muscle"
            | "adhesion" => one_actuator(c, &mut d.actuator)?,
            "tendon" => super::sections::one_tendon(c, &mut d.tendon)?,
            "equality" => super::sections::one_equality(c, &mut d.equality, true)?,
            "pair" => super::sections::one_pair(c, &mut d.pair, true)?,
            "material" => super::sections::one_material(c, &mut d.material)?,
            "mesh" => super::sections::one_mesh(c, &mut d.mesh, None)?,
            "default" => {}
            _ => {
                return Err(XmlError::at(c, UNRECOGNIZED));
            }
        }
    }
    for c in e.children_named("default") {
        super::deep(|| default_section(c, Some(id), s))?;
    }
    Ok(())
}

pub(super) fn get_class(e: &Element, s: &Spec) -> R<Option<usize>> {
    match e.attr("class") {
        None => Ok(None),
        Some(n) => match s.find_default(n) {
            Some(i) => Ok(Some(i)),
            None => Err(XmlError::at(e, &format!("unknown default class name '{}'", n))),
        },
    }
}

// ---------------------------------------------------------------- one element each

/// Registers the name of an element about to join the spec; a name already used by an element
/// of the same type is an error at this element, as upstream reports it when the name is set.
pub(super) fn claim_name(e: &Element, s: &mut Spec, what: &'static str, name: &str) -> R<()> {
    if name.is_empty() {
        return Ok(());
    }
    let seen = s.names_seen.entry(what).or_insert_with(|| {
        let mut h = std::collections::HashSet::new();
        if what == "body" {
            h.insert("world".to_string());
        }
        h
    });
    if !seen.insert(name.to_string()) {
        return Err(XmlError::at(e, &format!("Error: repeated name '{}' in {}", name, what)));
    }
    Ok(())
}

pub(super) fn set_name<T: for<'a> From<&'a str>>(e: &Element, name: &mut T) {
    if let Some(n) = e.attr("name") {
        *name = n.into();
    }
}

fn one_joint(e: &Element, j: &mut Joint) -> R<()> {
    set_name(e, &mut j.name);
    map_into(e, "type", JOINT_MAP, &mut j.r#type)?;
    map_into(e, "limited", TFAUTO_MAP, &mut j.limited)?;
    map_into(e, "actuatorfrclimited", TFAUTO_MAP, &mut j.actfrclimited)?;
    read1(e, "group", &mut j.group)?;
    read_arr(e, "solreflimit", &mut j.solref_limit, false)?;
    read_arr(e, "solimplimit", &mut j.solimp_limit, false)?;
    read_arr(e, "solreffriction", &mut j.solref_friction, false)?;
    read_arr(e, "solimpfriction", &mut j.solimp_friction, false)?;
    read_arr(e, "pos", &mut j.pos, true)?;
    read_arr(e, "axis", &mut j.axis, true)?;
    read_arr(e, "springdamper", &mut j.springdamper, true)?;
    read1(e, "stiffness", &mut j.stiffness)?;
    read_arr(e, "range", &mut j.range, true)?;
    read_arr(e, "actuatorfrcrange", &mut j.actfrcrange, true)?;
    read1(e, "margin", &mut j.margin)?;
    read1(e, "ref", &mut j.r#ref)?;
    read1(e, "springref", &mut j.springref)?;
    read1(e, "armature", &mut j.armature)?;
    read1(e, "damping", &mut j.damping)?;
    read1(e, "frictionloss", &mut j.frictionloss)?;
    map_bool(e, "actuatorgravcomp", &mut j.actgravcomp)?;
    read_user(e, &mut j.userdata)?;
    j.info = info(e);
    Ok(())
}

fn one_geom(e: &Element, g: &mut Geom) -> R<()> {
    set_name(e, &mut g.name);
    map_into(e, "type", GEOM_MAP, &mut g.r#type)?;
    read_arr(e, "size", &mut g.size, false)?;
    read1(e, "contype", &mut g.contype)?;
    read1(e, "conaffinity", &mut g.conaffinity)?;
    read1(e, "condim", &mut g.condim)?;
    read1(e, "group", &mut g.group)?;
    read1(e, "priority", &mut g.priority)?;
    read_arr(e, "friction", &mut g.friction, false)?;
    read1(e, "solmix", &mut g.solmix)?;
    read_arr(e, "solref", &mut g.solref, false)?;
    read_arr(e, "solimp", &mut g.solimp, false)?;
    read1(e, "margin", &mut g.margin)?;
    read1(e, "gap", &mut g.gap)?;
    if let Some(t) = read_txt(e, "hfield") {
        g.hfieldname = t.into();
    }
    if let Some(t) = read_txt(e, "mesh") {
        g.meshname = t.into();
    }
    read1(e, "fitscale", &mut g.fitscale)?;
    if let Some(t) = read_txt(e, "material") {
        g.material = t.into();
    }
    read_arr(e, "rgba", &mut g.rgba, true)?;
    if let Some(v) = map_value(e, "fluidshape", FLUID_MAP)? {
        g.fluid_ellipsoid = v as f64;
    }
    read_arr(e, "fluidcoef", &mut g.fluid_coefs, false)?;
    read_user(e, &mut g.userdata)?;
    read1(e, "mass", &mut g.mass)?;
    read1(e, "density", &mut g.density)?;
    read_arr(e, "fromto", &mut g.fromto, true)?;
    read_arr(e, "pos", &mut g.pos, true)?;
    read_quat(e, "quat", &mut g.quat)?;
    read_alternative(e, &mut g.alt)?;
    map_into(e, "shellinertia", MESHTYPE_MAP, &mut g.typeinertia)?;
    g.info = info(e);
    Ok(())
}

fn one_site(e: &Element, s: &mut Site) -> R<()> {
    set_name(e, &mut s.name);
    map_into(e, "type", GEOM_MAP, &mut s.r#type)?;
    read_arr(e, "size", &mut s.size, false)?;
    read1(e, "group", &mut s.group)?;
    read_arr(e, "pos", &mut s.pos, true)?;
    read_quat(e, "quat", &mut s.quat)?;
    if let Some(t) = read_txt(e, "material") {
        s.material = t.into();
    }
    read_arr(e, "rgba", &mut s.rgba, true)?;
    read_arr(e, "fromto", &mut s.fromto, true)?;
    read_alternative(e, &mut s.alt)?;
    read_user(e, &mut s.userdata)?;
    s.info = info(e);
    Ok(())
}

fn one_camera(e: &Element, c: &mut Camera) -> R<()> {
    set_name(e, &mut c.name);
    if let Some(t) = read_txt(e, "target") {
        c.targetbody = t.into();
    }
    map_into(e, "mode", CAMLIGHT_MAP, &mut c.mode)?;
    read_arr(e, "pos", &mut c.pos, true)?;
    read_quat(e, "quat", &mut c.quat)?;
    read_alternative(e, &mut c.alt)?;
    read1(e, "ipd", &mut c.ipd)?;
    if let Some(v) = map_value(e, "orthographic", BOOL_MAP)? {
        c.orthographic = v;
    }
    let has_principal = read_arr(e, "principalpixel", &mut c.principal_pixel, true)? > 0
        || read_arr(e, "principal", &mut c.principal_length, true)? > 0;
    let has_focal = read_arr(e, "focalpixel", &mut c.focal_pixel, true)? > 0
        || read_arr(e, "focal", &mut c.focal_length, true)? > 0;
    let has_sensorsize = read_arr(e, "sensorsize", &mut c.sensor_size, true)? > 0;
    if (has_principal || has_focal) && !has_sensorsize {
        return Err(XmlError::at(e, "required attribute missing: 'sensorsize'"));
    }
    let has_fovy = read1(e, "fovy", &mut c.fovy)?;
    let has_res = read_arr(e, "resolution", &mut c.resolution, true)? > 0;
    if (has_focal || has_sensorsize) && !has_res {
        return Err(XmlError::at(e, "required attribute missing: 'resolution'"));
    }
    if c.resolution[0] < 0.0 || c.resolution[1] < 0.0 {
        return Err(XmlError::at(e, "camera resolution cannot be negative"));
    }
    if has_fovy && has_sensorsize {
        return Err(XmlError::at(e, "either 'fovy' or 'sensorsize' attribute can be specified, not both"));
    }
    read_user(e, &mut c.userdata)?;
    c.info = info(e);
    Ok(())
}

fn one_light(e: &Element, l: &mut Light) -> R<()> {
    set_name(e, &mut l.name);
    if let Some(t) = read_txt(e, "texture") {
        l.texture = t.into();
    }
    if let Some(t) = read_txt(e, "target") {
        l.targetbody = t.into();
    }
    map_into(e, "mode", CAMLIGHT_MAP, &mut l.mode)?;
    let mut has_dir = false;
    if let Some(v) = map_value(e, "directional", BOOL_MAP)? {
        l.r#type = if v == 1 { mjtLightType_::mjLIGHT_DIRECTIONAL as i32 } else { mjtLightType_::mjLIGHT_SPOT as i32 };
        has_dir = true;
    }
    if let Some(v) = map_value(e, "type", LIGHTTYPE_MAP)? {
        if has_dir {
            return Err(XmlError::at(e, "type and directional cannot both be defined"));
        }
        l.r#type = v;
    }
    map_bool(e, "castshadow", &mut l.castshadow)?;
    map_bool(e, "active", &mut l.active)?;
    read_arr(e, "pos", &mut l.pos, true)?;
    read_arr(e, "dir", &mut l.dir, true)?;
    read1(e, "bulbradius", &mut l.bulbradius)?;
    read1(e, "intensity", &mut l.intensity)?;
    read1(e, "range", &mut l.range)?;
    read_arr(e, "attenuation", &mut l.attenuation, true)?;
    read1(e, "cutoff", &mut l.cutoff)?;
    read1(e, "exponent", &mut l.exponent)?;
    read_arr(e, "ambient", &mut l.ambient, true)?;
    read_arr(e, "diffuse", &mut l.diffuse, true)?;
    read_arr(e, "specular", &mut l.specular, true)?;
    l.info = info(e);
    Ok(())
}

// ---------------------------------------------------------------- kinematic tree

/// Reads the children of a body (or frame) element into body `b`; `frame` is the enclosing
/// frame, `def` the default class in effect.
/// How a subtree is being read: `copying` when it is a replica of a subtree that was read
/// once already (elements outside the tree, assets and keyframe values are then not brought
/// in again).
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    pub copying: bool,
    /// the elements read belong to a replicate's subtree body, which upstream reads them into
    /// (unnamed, and deleted once the copies are made) rather than to body `b`
    pub subtree: bool,
    /// VFS the model's files are read from (flexcomp files)
    pub vfs: Option<&'a crate::io::vfs::Vfs>,
}

fn body_children(
    section: &Element,
    b: usize,
    frame: Option<usize>,
    def: usize,
    sfx: &str,
    cx: Cx,
    s: &mut Spec,
) -> R<()> {
    for e in &section.children {
        let edef = get_class(e, s)?.unwrap_or(def);
        match e.name.as_str() {
            "inertial" => {
                if b == 0 {
                    return Err(XmlError::at(e, "World body cannot have inertia"));
                }
                let body = &mut s.bodies[b];
                body.explicitinertial = 1;
                read_req(e, "pos", &mut body.ipos)?;
                read_quat(e, "quat", &mut body.iquat)?;
                let mut m = [0.0];
                read_req(e, "mass", &mut m)?;
                body.mass = m[0];
                read_arr(e, "diaginertia", &mut body.inertia, true)?;
                let alt = read_alternative(e, &mut body.ialt)? > 0;
                let full = read_arr(e, "fullinertia", &mut body.fullinertia, true)? > 0;
                if alt && full {
                    return Err(XmlError::at(e, "fullinertia and inertial orientation cannot both be specified"));
                }
            }
            "joint" => {
                if b == 0 {
                    return Err(XmlError::at(e, "World body cannot have joints"));
                }
                let mut j = s.defaults[edef].joint.clone();
                j.name.clear();
                one_joint(e, &mut j)?;
                add_suffix(&mut j.name, sfx);
                j.body = b;
                j.frame = frame;
                claim_name(e, s, "joint", &j.name)?;
                s.joints.push(Owned::new(j));
                s.bodies[b].joints.push(s.joints.len() - 1);
            }
            "freejoint" => {
                if b == 0 {
                    return Err(XmlError::at(e, "World body cannot have joints"));
                }
                let mut j = Joint::default();
                j.c.r#type = mjtJoint_::mjJNT_FREE as i32;
                j.c.limited = TF_FALSE;
                j.c.actfrclimited = TF_FALSE;
                // upstream sets the class after creation, values stay the global defaults
                j.head.class = def;
                set_name(e, &mut j.name);
                add_suffix(&mut j.name, sfx);
                read1(e, "group", &mut j.group)?;
                map_into(e, "align", TFAUTO_MAP, &mut j.align)?;
                j.info = info(e);
                j.body = b;
                j.frame = frame;
                claim_name(e, s, "joint", &j.name)?;
                s.joints.push(Owned::new(j));
                s.bodies[b].joints.push(s.joints.len() - 1);
            }
            "geom" => {
                let mut g = s.defaults[edef].geom.clone();
                g.name.clear();
                one_geom(e, &mut g)?;
                add_suffix(&mut g.name, sfx);
                if let Some(p) = e.children_named("plugin").next() {
                    super::sections::one_plugin(p, s, &mut g.c.plugin, &mut g.plugin)?;
                    add_suffix(&mut g.plugin.name, sfx);
                }
                g.body = b;
                g.frame = frame;
                claim_name(e, s, "geom", &g.name)?;
                s.geoms.push(Owned::new(g));
                s.bodies[b].geoms.push(s.geoms.len() - 1);
            }
            "site" => {
                let mut x = s.defaults[edef].site.clone();
                x.name.clear();
                one_site(e, &mut x)?;
                add_suffix(&mut x.name, sfx);
                x.body = b;
                x.frame = frame;
                claim_name(e, s, "site", &x.name)?;
                s.sites.push(Owned::new(x));
                s.bodies[b].sites.push(s.sites.len() - 1);
            }
            "camera" => {
                let mut x = s.defaults[edef].camera.clone();
                x.name.clear();
                one_camera(e, &mut x)?;
                add_suffix(&mut x.name, sfx);
                add_suffix(&mut x.targetbody, sfx);
                x.body = b;
                x.frame = frame;
                claim_name(e, s, "camera", &x.name)?;
                s.cameras.push(Owned::new(x));
                s.bodies[b].cameras.push(s.cameras.len() - 1);
            }
            "light" => {
                let mut x = s.defaults[edef].light.clone();
                x.name.clear();
                one_light(e, &mut x)?;
                add_suffix(&mut x.name, sfx);
                add_suffix(&mut x.targetbody, sfx);
                add_suffix(&mut x.texture, sfx);
                x.body = b;
                x.frame = frame;
                claim_name(e, s, "light", &x.name)?;
                s.lights.push(Owned::new(x));
                s.bodies[b].lights.push(s.lights.len() - 1);
            }
            "frame" => {
                let childdef = child_class(e, s)?;
                let mut f = Frame { body: b, parent: frame, info: info(e), ..Frame::default() };
                // as upstream's, a frame's class is its childclass or the class in effect
                f.childclass = s.defaults[childdef.unwrap_or(def)].name.as_str().into();
                set_name(e, &mut f.name);
                add_suffix(&mut f.name, sfx);
                read_arr(e, "pos", &mut f.pos, true)?;
                read_quat(e, "quat", &mut f.quat)?;
                read_alternative(e, &mut f.alt)?;
                claim_name(e, s, "frame", &f.name)?;
                s.frames.push(Owned::new(f));
                let fid = s.frames.len() - 1;
                super::deep(|| body_children(e, b, Some(fid), childdef.unwrap_or(def), sfx, cx, s))?;
            }
            "plugin" => {
                let (mut c, mut r) = (s.bodies[b].c.plugin, PluginRef::default());
                let n = s.plugins.len();
                super::sections::one_plugin(e, s, &mut c, &mut r)?;
                if cx.subtree {
                    // the subtree body's plugin is deleted with it (copies do not take it)
                    s.plugins.truncate(n);
                } else {
                    add_suffix(&mut r.name, sfx);
                    let x = &mut s.bodies[b];
                    x.plugin = r;
                    (x.c.plugin.active, x.c.plugin.element) = (c.active, c.element);
                }
            }
            "replicate" => replicate(e, b, frame, def, sfx, cx, s)?,
            "flexcomp" => {
                let files = super::flexcomp::Files { modeldir: crate::io::files::reduce(&s.modelfiledir), vfs: cx.vfs };
                super::flexcomp::flexcomp(e, b, cx.subtree, sfx, &files, s)?;
            }
            "composite" => super::composite::composite(e, b, frame, edef, sfx, cx.copying, s)?,
            "attach" => attach(e, b, frame, sfx, cx, s)?,
            "body" => {
                let childdef = child_class(e, s)?;
                let mut nb = Body { parent: b, frame, info: info(e), ..Body::default() };
                nb.class = childdef.unwrap_or(def);
                nb.childclass_id = childdef;
                if let Some(cd) = childdef {
                    nb.childclass = s.defaults[cd].name.as_str().into();
                }
                set_name(e, &mut nb.name);
                add_suffix(&mut nb.name, sfx);
                read_arr(e, "pos", &mut nb.pos, true)?;
                read_quat(e, "quat", &mut nb.quat)?;
                map_bool(e, "mocap", &mut nb.mocap)?;
                read_alternative(e, &mut nb.alt)?;
                read1(e, "gravcomp", &mut nb.gravcomp)?;
                map_into(e, "sleep", SLEEP_MAP, &mut nb.sleep)?;
                read_user(e, &mut nb.userdata)?;
                claim_name(e, s, "body", &nb.name)?;
                s.bodies.push(Owned::new(nb));
                let id = s.bodies.len() - 1;
                s.bodies[b].bodies.push(id);
                let cdef = s.bodies[id].class;
                let bcx = Cx { subtree: false, ..cx };
                super::deep(|| body_children(e, id, None, cdef, sfx, bcx, s))?;
            }
            _ => {
                return Err(XmlError::at(e, UNRECOGNIZED));
            }
        }
    }
    Ok(())
}

fn add_suffix(name: &mut impl crate::spec::element::TextField, sfx: &str) {
    if !name.text().is_empty() {
        let t = format!("{}{}", name.text(), sfx);
        name.set_text(&t);
    }
}

/// Largest `<replicate>` count read: more copies than fit in memory (see [`replicate`]).
const MAX_REPLICATE: i32 = 10_000_000;
thread_local! {
    /// Product of the counts of the `<replicate>` elements being read around this point.
    static REPLICATE_SCALE: core::cell::Cell<u64> = const { core::cell::Cell::new(1) };
}

/// One `<replicate>` being read: nested replicates multiply their counts, and every copy reads
/// the subtree again, so the product of the counts around a point (zero counted as one, since
/// the subtree is still read once) bounds the work. Past [`MAX_REPLICATE`] it cannot fit in
/// memory (upstream runs out of it); any depth of nesting with small counts is fine.
struct ReplicateScale(u64);

impl ReplicateScale {
    fn enter(e: &Element, count: i32) -> R<Self> {
        let outer = REPLICATE_SCALE.with(|d| d.get());
        let scale = outer.saturating_mul(count.max(1) as u64);
        if scale > MAX_REPLICATE as u64 {
            return Err(XmlError::at(
                e,
                &format!("Error: nested replicate counts multiply to {scale} copies: out of memory"),
            ));
        }
        REPLICATE_SCALE.with(|d| d.set(scale));
        Ok(ReplicateScale(outer))
    }
}

impl Drop for ReplicateScale {
    fn drop(&mut self) {
        REPLICATE_SCALE.with(|d| d.set(self.0));
    }
}

/// Most frames, bodies and geoms a model may hold while replicates are expanded: past this the
/// copies would not fit in memory.
const MAX_REPLICATED: usize = 1_000_000;

/// `<replicate>`: the enclosed elements, copied `count` times into frames that advance by
/// `offset` and turn by `euler`, with names suffixed by the copy index. As upstream, the
/// subtree is first read once as it is written (so that tendons, actuators... naming its
/// elements can be copied for each replica), then removed after the copies are made.
fn replicate(e: &Element, b: usize, frame: Option<usize>, def: usize, sfx: &str, cx: Cx, s: &mut Spec) -> R<()> {
    use crate::spec::attach::*;
    use crate::spec::plugin::PluginMarks;
    let mut count = 0i32;
    read_req(e, "count", core::slice::from_mut(&mut count))?;
    // upstream tries any count and fails when memory runs out (a C++ allocation error, reported
    // as a load error); a Rust allocation failure aborts instead, so counts that cannot fit are
    // refused up front (each copy of even one element takes well over a kilobyte)
    if count > MAX_REPLICATE {
        return Err(XmlError::at(e, &format!("Error: replicate count {count} is too large: out of memory")));
    }
    let _scale = ReplicateScale::enter(e, count)?;
    let mut offset = [0.0; 3];
    let mut euler = [0.0; 3];
    read_arr(e, "offset", &mut offset, true)?;
    read_arr(e, "euler", &mut euler, true)?;
    let sep = read_txt(e, "sep").unwrap_or_default();
    let (deg, seq) = ((s.compiler.degree != 0), *s.compiler.seq());
    let mut rotation = [1.0, 0.0, 0.0, 0.0];
    let _ = crate::spec::util::resolve_orientation(&mut rotation, deg, &seq, &Orientation::Euler(euler));
    s.has_replicate = true;
    let childdef = child_class(e, s)?;
    let ndigits = count.to_string().len();
    // the original subtree (not when this is itself part of a replica)
    let nact = s.actuators.len();
    let scx = Cx { subtree: true, ..cx };
    let pm0 = PluginMarks::of(s);
    let marks = if cx.copying {
        None
    } else {
        let m0 = TreeMark::of(s);
        s.frames.push(Owned::new(Frame { body: b, parent: frame, info: info(e), ..Frame::default() }));
        let fid = s.frames.len() - 1;
        let nflex = s.flexes.len();
        super::deep(|| body_children(e, b, Some(fid), childdef.unwrap_or(def), sfx, scx, s))?;
        // upstream's copies repeat the names of flexes made inside
        if count > 0 && s.flexes.len() > nflex {
            return Err(XmlError::at(e, &format!("Error: repeated name '{}' in flex", s.flexes[nflex].name)));
        }
        Some((m0, TreeMark::of(s)))
    };
    let pm1 = PluginMarks::of(s);
    let mut pos = [0.0; 3];
    for i in 0..count.max(0) {
        let mut quat = [1.0, 0.0, 0.0, 0.0];
        let ei = [i as f64 * euler[0], i as f64 * euler[1], i as f64 * euler[2]];
        let _ = crate::spec::util::resolve_orientation(&mut quat, deg, &seq, &Orientation::Euler(ei));
        let mut f = Frame { body: b, parent: frame, info: info(e), ..Frame::default() };
        f.pos = pos;
        f.quat = quat;
        // nested replicates multiply: stop before the copies exhaust memory (see MAX_REPLICATE)
        if s.frames.len() + s.bodies.len() + s.geoms.len() > MAX_REPLICATED {
            return Err(XmlError::at(e, "Error: replicated model is too large: out of memory"));
        }
        // upstream's copies are of a frame of the replicate's class
        f.childclass = s.defaults[childdef.unwrap_or(def)].name.as_str().into();
        claim_name(e, s, "frame", &f.name)?;
        s.frames.push(Owned::new(f));
        let fid = s.frames.len() - 1;
        let mut q = quat;
        crate::spec::util::frameaccum(&mut pos, &mut q, &offset, &rotation);
        let own = format!("{}{:0width$}", sep, i, width = ndigits);
        let suffix = format!("{}{}", own, sfx);
        let rcx = Cx { copying: true, ..scx };
        if let Some((_, m1)) = marks {
            // upstream reads keyframes before the world body and checks them at every copy
            replicate_store_keys(s, &m1, nact, &own, false).map_err(|m| XmlError::at(e, &format!("Error: {}", m)))?;
        }
        let before = TreeMark::of(s);
        let (pm, first) = (PluginMarks::of(s), s.plugins.len());
        super::deep(|| body_children(e, b, Some(fid), childdef.unwrap_or(def), &suffix, rcx, s))?;
        s.replica_plugins(first, &pm, &suffix);
        if let Some(m) = marks {
            pass_keys_to_replica(s, m, before);
        }
        if marks.is_some() {
            let mut names = Names::of(s);
            copy_referencing(s, None, "", &own, &mut names).map_err(|m| XmlError::at(e, &format!("Error: {}", m)))?;
            // upstream's self-attach leaves no keyframe values on the actuators (measured)
            for a in s.actuators.iter_mut() {
                a.keyvals.clear();
            }
        }
    }
    if let Some((m0, m1)) = marks {
        // the model's keyframes all become pending keyframes (values stored on the tree)
        replicate_store_keys(s, &m1, nact, "", true).map_err(|m| XmlError::at(e, &format!("Error: {}", m)))?;
        s.keys.clear();
        let old = Names::of(s);
        let own = s.tree_instances(&pm0, &pm1);
        remove_tree_range(s, m0, m1);
        remove_dangling(s, &old);
        // upstream deletes the first subtree as a body: unreferenced named instances go (or its
        // error comes back), then the instances the subtree configured in place
        s.remove_unreferenced_plugins().map_err(|m| XmlError::at(e, &format!("Error: {}", m)))?;
        s.drop_instances(&own);
    }
    Ok(())
}

/// `<attach>`: a body (or, without `body`, the whole world body) of a model named in
/// `<asset><model>`, with names prefixed; outside a replica also its assets, the elements that
/// name the attached elements and its keyframes.
fn attach(e: &Element, b: usize, frame: Option<usize>, sfx: &str, cx: Cx, s: &mut Spec) -> R<()> {
    use crate::spec::attach::*;
    let model = read_txt_req(e, "model")?;
    let body = read_txt(e, "body").unwrap_or_default();
    let prefix = read_txt_req(e, "prefix")?;
    // as upstream, a body already in the model under the prefixed name is only placed in the
    // frame (a replica's copies are made from what the first reading made)
    let existing = format!("{}{}", prefix, body);
    if let (false, Some(i)) = (cx.copying, s.bodies.iter().position(|x| x.name.as_str() == existing)) {
        let pframe = frame.unwrap_or_else(|| {
            s.frames.push(Owned::new(Frame { body: b, parent: None, info: info(e), ..Frame::default() }));
            s.frames.len() - 1
        });
        return s.set_frame(crate::spec::api::TreeKind::Body, i, pframe).map_err(|m| XmlError::at(e, &m));
    }
    let Some(idx) = s.models.iter().position(|(n, _)| *n == model) else {
        return Err(XmlError::at(e, &format!("could not find model '{}'", model)));
    };
    let child = std::mem::take(&mut s.models[idx].1);
    let root = if body.is_empty() {
        None
    } else {
        match child.bodies.iter().position(|x| x.name == body) {
            Some(r) => Some(r),
            None => {
                s.models[idx].1 = child;
                // upstream's message has a second, empty placeholder
                return Err(XmlError::at(e, &format!("could not find body '{}''(null)'", body)));
            }
        }
    };
    let pframe = match frame {
        Some(f) => Some(f),
        None => {
            s.frames.push(Owned::new(Frame { body: b, parent: None, info: info(e), ..Frame::default() }));
            Some(s.frames.len() - 1)
        }
    };
    let mut child = child;
    let marks = crate::spec::edit::Marks::of(s);
    let pmarks = crate::spec::plugin::PluginMarks::of(s);
    // the child's classes come along once; a replica refers to the first copy
    let found = if cx.copying { copied_classes(s, &child, &prefix) } else { None };
    let off = found.unwrap_or_else(|| s.attach_defaults(&child, &prefix, ""));
    let mut pending = Vec::new();
    if !cx.copying {
        match child.keys_for_attach(&prefix, "") {
            Ok(p) => pending = p,
            Err((_, m)) => {
                s.models[idx].1 = child;
                return Err(XmlError::at(e, &format!("Error: {}", m)));
            }
        }
    }
    let copies = copy_subtree(s, &child, root, b, pframe, &prefix, sfx, !cx.copying);
    // the copies keep the angles the child's compiler settings meant
    s.convert_units(&child, &marks);
    if !cx.copying {
        child.forget_copied_keys(&copies);
        match attach_rest(s, &child, pending, &prefix, "") {
            // the copies of the actuators keep the keyframe values
            Ok(acts) => acts.into_iter().for_each(|(i, _)| child.actuators[i].keyvals.clear()),
            Err(m) => {
                s.models[idx].1 = child;
                return Err(XmlError::at(e, &format!("Error: {}", m)));
            }
        }
    }
    s.reclass_attached(&marks, off, &prefix, "");
    s.attach_plugins(&child, &pmarks, &prefix, if cx.copying { sfx } else { "" });
    s.models[idx].1 = child;
    Ok(())
}

/// Where the classes of `child` were copied (prefixed with `pre`) by an earlier attach.
fn copied_classes(s: &Spec, child: &Spec, pre: &str) -> Option<usize> {
    let n = child.defaults.len();
    (0..s.defaults.len().saturating_sub(n - 1)).rev().find(|&off| {
        child
            .defaults
            .iter()
            .enumerate()
            .all(|(k, d)| s.defaults[off + k].name.as_str() == format!("{}{}", pre, d.name.as_str()))
    })
}

fn child_class(e: &Element, s: &Spec) -> R<Option<usize>> {
    match e.attr("childclass") {
        None => Ok(None),
        Some(n) => match s.find_default(n) {
            Some(i) => Ok(Some(i)),
            None => Err(XmlError::at(e, "unknown default childclass")),
        },
    }
}

// ---------------------------------------------------------------- actuators

fn one_actuator(e: &Element, a: &mut Actuator) -> R<()> {
    use crate::abi::mjtTrn_::*;
    set_name(e, &mut a.name);
    read1(e, "group", &mut a.group)?;
    map_into(e, "ctrllimited", TFAUTO_MAP, &mut a.ctrllimited)?;
    map_into(e, "forcelimited", TFAUTO_MAP, &mut a.forcelimited)?;
    map_into(e, "actlimited", TFAUTO_MAP, &mut a.actlimited)?;
    read_arr(e, "ctrlrange", &mut a.ctrlrange, true)?;
    read_arr(e, "forcerange", &mut a.forcerange, true)?;
    read_arr(e, "actrange", &mut a.actrange, true)?;
    read_arr(e, "lengthrange", &mut a.lengthrange, true)?;
    read_arr(e, "gear", &mut a.gear, false)?;
    let mut cnt = 0;
    for (attr, t) in [
        ("joint", mjTRN_JOINT),
        ("jointinparent", mjTRN_JOINTINPARENT),
        ("tendon", mjTRN_TENDON),
        ("cranksite", mjTRN_SLIDERCRANK),
        ("site", mjTRN_SITE),
        ("body", mjTRN_BODY),
    ] {
        if let Some(v) = read_txt(e, attr) {
            a.target = v.into();
            a.trntype = t as i32;
            cnt += 1;
        }
    }
    if cnt > 1 {
        return Err(XmlError::at(e, "actuator can have at most one of transmission target"));
    }
    let r1 = read1(e, "cranklength", &mut a.cranklength)?;
    let r2 = match read_txt(e, "slidersite") {
        Some(v) => {
            a.slidersite = v.into();
            true
        }
        None => false,
    };
    if (r1 || r2) && a.trntype != mjTRN_SLIDERCRANK as i32 && a.trntype != mjTRN_UNDEFINED as i32 {
        return Err(XmlError::at(e, "cranklength and slidersite can only be used in slidercrank transmission"));
    }
    if let Some(v) = read_txt(e, "refsite") {
        a.refsite = v.into();
        if a.trntype != mjTRN_SITE as i32 && a.trntype != mjTRN_UNDEFINED as i32 {
            return Err(XmlError::at(e, "refsite can only be used with site transmission"));
        }
    }
    let err = match e.name.as_str() {
        "general" => {
            map_into(e, "dyntype", DYN_MAP, &mut a.dyntype)?;
            map_into(e, "gaintype", GAIN_MAP, &mut a.gaintype)?;
            map_into(e, "biastype", BIAS_MAP, &mut a.biastype)?;
            map_bool(e, "actearly", &mut a.actearly)?;
            read_arr(e, "dynprm", &mut a.dynprm, false)?;
            read_arr(e, "gainprm", &mut a.gainprm, false)?;
            read_arr(e, "biasprm", &mut a.biasprm, false)?;
            read1(e, "actdim", &mut a.actdim)?;
            None
        }
        "motor" => crate::spec::shortcuts::set_motor(a),
        "position" | "intvelocity" => {
            let mut kp = a.gainprm[0];
            read1(e, "kp", &mut kp)?;
            let mut kv = 0.0;
            let kv = if read1(e, "kv", &mut kv)? { Some(kv) } else { None };
            let mut dr = 0.0;
            let dr = if read1(e, "dampratio", &mut dr)? { Some(dr) } else { None };
            let mut tc = 0.0;
            let tc = if read1(e, "timeconst", &mut tc)? { Some(tc) } else { None };
            let mut ir = a.inheritrange;
            read1(e, "inheritrange", &mut ir)?;
            if e.name == "position" {
                crate::spec::shortcuts::set_position(a, kp, kv, dr, tc, ir)
            } else {
                crate::spec::shortcuts::set_intvelocity(a, kp, kv, dr, tc, ir)
            }
        }
        "velocity" => {
            let mut kv = a.gainprm[0];
            read1(e, "kv", &mut kv)?;
            crate::spec::shortcuts::set_velocity(a, kv)
        }
        "damper" => {
            let mut kv = 0.0;
            read1(e, "kv", &mut kv)?;
            crate::spec::shortcuts::set_damper(a, kv)
        }
        "cylinder" => {
            let mut tc = a.dynprm[0];
            let mut bias = [a.biasprm[0], 0.0, 0.0];
            let mut area = a.gainprm[0];
            let mut diameter = -1.0;
            read1(e, "timeconst", &mut tc)?;
            read_arr(e, "bias", &mut bias, true)?;
            read1(e, "area", &mut area)?;
            read1(e, "diameter", &mut diameter)?;
            crate::spec::shortcuts::set_cylinder(a, tc, bias[0], area, diameter)
        }
        "muscle" => {
            let mut tausmooth = a.dynprm[2];
            let (mut force, mut scale, mut lmin, mut lmax, mut vmax, mut fpmax, mut fvmax) =
                (-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0);
            let mut range = [-1.0, -1.0];
            let mut tc = [-1.0, -1.0];
            read_arr(e, "timeconst", &mut tc, true)?;
            read1(e, "tausmooth", &mut tausmooth)?;
            read_arr(e, "range", &mut range, true)?;
            read1(e, "force", &mut force)?;
            read1(e, "scale", &mut scale)?;
            read1(e, "lmin", &mut lmin)?;
            read1(e, "lmax", &mut lmax)?;
            read1(e, "vmax", &mut vmax)?;
            read1(e, "fpmax", &mut fpmax)?;
            read1(e, "fvmax", &mut fvmax)?;
            crate::spec::shortcuts::set_muscle(a, tc, tausmooth, range, force, scale, lmin, lmax, vmax, fpmax, fvmax)
        }
        "adhesion" => {
            let mut gain = a.gainprm[0];
            read1(e, "gain", &mut gain)?;
            read_arr(e, "ctrlrange", &mut a.ctrlrange, true)?;
            crate::spec::shortcuts::set_adhesion(a, gain)
        }
        "plugin" => {
            // the instance itself is read by the caller (it needs the spec)
            map_into(e, "dyntype", DYN_MAP, &mut a.dyntype)?;
            map_bool(e, "actearly", &mut a.actearly)?;
            read_arr(e, "dynprm", &mut a.dynprm, false)?;
            read1(e, "actdim", &mut a.actdim)?;
            None
        }
        _ => return Err(XmlError::at(e, UNRECOGNIZED)),
    };
    if let Some(m) = err {
        return Err(XmlError::at(e, m.to_str().unwrap_or_default()));
    }
    read_user(e, &mut a.userdata)?;
    a.info = info(e);
    Ok(())
}

fn actuator_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in &section.children {
        let def = get_class(e, s)?.unwrap_or(0);
        let mut a = s.defaults[def].actuator.clone();
        a.name.clear();
        if e.name == "plugin" {
            super::sections::one_plugin(e, s, &mut a.c.plugin, &mut a.plugin)?;
        }
        one_actuator(e, &mut a)?;
        claim_name(e, s, "actuator", &a.name)?;
        s.actuators.push(Owned::new(a));
    }
    Ok(())
}
