//! `<worldbody>`: bodies, frames and what bodies hold (joints, geoms, sites, cameras,
//! lights), with compiled placement and parameters, in upstream's order.

use super::sections::{class_name, row, user_attr};
use super::{XEl, W};
use crate::abi::*;
use crate::spec::{Camera, Geom, Joint, Light, Site};
use crate::xml::attr::*;

const UNITQ: [f64; 4] = [1.0, 0.0, 0.0, 0.0];
const ZERO3: [f64; 3] = [0.0; 3];
/// upstream's `mjEPS` of the model compiler
const USER_EPS: f64 = 1e-14;

/// Number of size values of each geom type.
const GEOM_NSIZE: [usize; 9] = [3, 0, 1, 2, 3, 2, 3, 0, 0];

fn nsize(t: i32) -> usize {
    GEOM_NSIZE.get(t as usize).copied().unwrap_or(0)
}

/// `class` attribute when the element's class is neither the one in effect nor main.
fn class_attr(w: &W, e: &mut XEl, class: usize, context: &str) {
    let n = class_name(w, class);
    if n != context && n != "main" {
        e.txt("class", n);
    }
}

/// Class in effect inside frame `f`: its class (its childclass, or the class in effect where
/// the reader met it), else the body's (a frame made through the API has none).
fn frame_class<'a>(w: &W<'a>, f: usize) -> &'a str {
    let fr = &w.s.frames[f];
    if !fr.childclass.as_str().is_empty() {
        return fr.childclass.as_str();
    }
    class_name(w, w.s.bodies[fr.body].class)
}

/// Class context of an element of body `b` placed in `frame`.
fn context<'a>(w: &W<'a>, b: usize, frame: Option<usize>, childclass: &'a str) -> &'a str {
    let c = match frame {
        Some(f) if !frame_class(w, f).is_empty() => frame_class(w, f),
        _ => class_name(w, w.s.bodies[b].class),
    };
    if c.is_empty() {
        childclass
    } else {
        c
    }
}

fn id_of(head_id: i32, i: usize) -> usize {
    if head_id >= 0 {
        head_id as usize
    } else {
        i
    }
}

/// Body `b` (or, with `frame`, the part of it placed in that frame): attributes and inertial
/// for the body itself, then its joints, geoms, sites, cameras, lights, and children.
pub(super) fn body(w: &W, e: &mut XEl, b: usize, frame: Option<usize>, childclass: &str) -> Result<(), String> {
    let s = w.s;
    let m = w.m;
    let bd = &s.bodies[b];
    let bid = id_of(bd.head.id, b);
    if frame.is_none() && b != 0 {
        e.txt("name", bd.name.as_str());
        let cn = class_name(w, bd.class);
        if childclass != cn && cn != "main" {
            e.txt("childclass", cn);
        }
        let pos = row(m.body_pos(), bid, 3);
        if pos.iter().any(|&x| x != 0.0) {
            e.num("pos", pos, None, false);
        }
        e.num("quat", row(m.body_quat(), bid, 4), Some(&UNITQ), false);
        if bd.mocap != 0 {
            e.txt("mocap", "true");
        }
        if bd.gravcomp != 0.0 {
            e.num1("gravcomp", bd.gravcomp, None);
        }
        use mjtSleepPolicy_::*;
        let sl = bd.sleep;
        if sl != mjSLEEP_AUTO as i32 && sl != mjSLEEP_AUTO_NEVER as i32 && sl != mjSLEEP_AUTO_ALLOWED as i32 {
            e.key("sleep", SLEEP_MAP, sl, None);
        }
        e.vector("user", row(m.body_user(), bid, m.nuser_body as usize), None);
        let c = &s.compiler;
        if c.saveinertial != 0
            || (bd.explicitinertial != 0 && c.inertiafromgeom != mjtInertiaFromGeom_::mjINERTIAFROMGEOM_TRUE as i32)
        {
            let ie = e.add("inertial");
            ie.num("pos", row(m.body_ipos(), bid, 3), None, false);
            ie.num("quat", row(m.body_iquat(), bid, 4), Some(&UNITQ), false);
            ie.num1("mass", m.body_mass()[bid], None);
            ie.num("diaginertia", row(m.body_inertia(), bid, 3), None, false);
        }
    }

    for &j in &bd.joints {
        let x = &s.joints[j];
        if x.frame != frame {
            continue;
        }
        let ctx = context(w, b, x.frame, childclass);
        let (c, user) = compiled_joint(w, x, j);
        let def = &s.defaults[x.head.class.min(s.defaults.len() - 1)].joint;
        one_joint(w, e.add("joint"), x, &c, &user, def, ctx);
    }
    for &g in &bd.geoms {
        let x = &s.geoms[g];
        if x.frame != frame {
            continue;
        }
        let ctx = context(w, b, x.frame, childclass);
        let (c, user) = compiled_geom(w, x, g);
        let def = &s.defaults[x.head.class.min(s.defaults.len() - 1)].geom;
        let ge = e.add("geom");
        one_geom(w, ge, x, &c, &user, def, ctx);
        if x.c.plugin.active != 0 {
            super::assets::plugin_ref(w, ge.add("plugin"), &x.c.plugin, &x.plugin)?;
        }
    }
    for &k in &bd.sites {
        let x = &s.sites[k];
        if x.frame != frame {
            continue;
        }
        let ctx = context(w, b, x.frame, childclass);
        let id = id_of(x.head.id, k);
        let mut c = x.c;
        let mut user = x.userdata.to_vec();
        if id < m.nsite as usize {
            c.size.copy_from_slice(row(m.site_size(), id, 3));
            c.pos.copy_from_slice(row(m.site_pos(), id, 3));
            c.quat.copy_from_slice(row(m.site_quat(), id, 4));
            c.rgba.copy_from_slice(row(m.site_rgba(), id, 4));
            user = row(m.site_user(), id, m.nuser_site as usize).to_vec();
        }
        let def = &s.defaults[x.head.class.min(s.defaults.len() - 1)].site;
        one_site(w, e.add("site"), x, &c, &user, def, ctx);
    }
    for &k in &bd.cameras {
        let x = &s.cameras[k];
        if x.frame != frame {
            continue;
        }
        let ctx = context(w, b, x.frame, childclass);
        let id = id_of(x.head.id, k);
        let mut c = x.c;
        let mut user = x.userdata.to_vec();
        if id < m.ncam as usize {
            c.pos.copy_from_slice(row(m.cam_pos(), id, 3));
            c.quat.copy_from_slice(row(m.cam_quat(), id, 4));
            c.fovy = m.cam_fovy()[id];
            c.ipd = m.cam_ipd()[id];
            let r = row(m.cam_resolution(), id, 2);
            c.resolution = [r[0] as f32, r[1] as f32];
            user = row(m.cam_user(), id, m.nuser_cam as usize).to_vec();
        }
        let def = &s.defaults[x.head.class.min(s.defaults.len() - 1)].camera;
        one_camera(w, e.add("camera"), x, &c, &user, def, ctx);
    }
    for &k in &bd.lights {
        let x = &s.lights[k];
        if x.frame != frame {
            continue;
        }
        let ctx = context(w, b, x.frame, childclass);
        let id = id_of(x.head.id, k);
        let mut c = x.c;
        if id < m.nlight as usize {
            c.pos.copy_from_slice(row(m.light_pos(), id, 3));
            c.dir.copy_from_slice(row(m.light_dir(), id, 3));
            c.attenuation.copy_from_slice(row(m.light_attenuation(), id, 3));
            c.cutoff = m.light_cutoff()[id];
            c.exponent = m.light_exponent()[id];
            c.ambient.copy_from_slice(row(m.light_ambient(), id, 3));
            c.diffuse.copy_from_slice(row(m.light_diffuse(), id, 3));
            c.specular.copy_from_slice(row(m.light_specular(), id, 3));
        }
        let def = &s.defaults[x.head.class.min(s.defaults.len() - 1)].light;
        one_light(w, e.add("light"), x, &c, def, ctx);
    }
    if bd.c.plugin.active != 0 {
        super::assets::plugin_ref(w, e.add("plugin"), &bd.c.plugin, &bd.plugin)?;
    }

    // child bodies and frames: bodies in order; the frames of this level are written the
    // first time a body placed in some frame is reached (or after the last body)
    let frames: Vec<usize> = (0..s.frames.len()).filter(|&f| s.frames[f].body == b).collect();
    let kids = &bd.bodies;
    let mut j = 0;
    let mut i = 0;
    loop {
        let bframe = kids.get(i).and_then(|&c| s.bodies[c].frame);
        if let Some(&c) = kids.get(i) {
            if bframe == frame {
                let ctx = match bframe {
                    Some(f) if !frame_class(w, f).is_empty() => frame_class(w, f),
                    _ => class_name(w, bd.class),
                };
                let ctx = if ctx.is_empty() { childclass } else { ctx };
                let be = e.add("body");
                crate::xml::deep(|| body(w, be, c, None, ctx))?;
            }
        }
        i += 1;
        if bframe.is_none() && i < kids.len() {
            continue;
        }
        while j < frames.len() {
            let f = frames[j];
            j += 1;
            if s.frames[f].parent == frame {
                let fr = &s.frames[f];
                let fc = fr.childclass.as_str();
                if fr.name.as_str().is_empty() && (fc.is_empty() || fc == "main") {
                    crate::xml::deep(|| body(w, e, b, Some(f), childclass))?;
                } else {
                    let fe = e.add("frame");
                    fe.txt("name", fr.name.as_str());
                    if fc != "main" {
                        fe.txt("childclass", fc);
                    }
                    crate::xml::deep(|| body(w, fe, b, Some(f), childclass))?;
                }
            }
        }
        if kids.is_empty() || i >= kids.len() {
            break;
        }
    }
    Ok(())
}

/// A joint's compiled values: placement, reference positions and limits from the model.
fn compiled_joint(w: &W, x: &Joint, k: usize) -> (mjsJoint, Vec<f64>) {
    let m = w.m;
    let id = id_of(x.head.id, k);
    let mut c = x.c;
    let mut user = x.userdata.to_vec();
    if id < m.njnt as usize {
        c.pos.copy_from_slice(row(m.jnt_pos(), id, 3));
        c.axis.copy_from_slice(row(m.jnt_axis(), id, 3));
        c.stiffness = m.jnt_stiffness()[id];
        c.range.copy_from_slice(row(m.jnt_range(), id, 2));
        c.solref_limit.copy_from_slice(row(m.jnt_solref(), id, mjNREF));
        c.solimp_limit.copy_from_slice(row(m.jnt_solimp(), id, mjNIMP));
        c.margin = m.jnt_margin()[id];
        user = row(m.jnt_user(), id, m.nuser_jnt as usize).to_vec();
        let d = m.jnt_dofadr()[id] as usize;
        c.solref_friction.copy_from_slice(row(m.dof_solref(), d, mjNREF));
        c.solimp_friction.copy_from_slice(row(m.dof_solimp(), d, mjNIMP));
        c.armature = m.dof_armature()[d];
        c.damping = m.dof_damping()[d];
        c.frictionloss = m.dof_frictionloss()[d];
        use mjtJoint_::*;
        if c.r#type == mjJNT_HINGE as i32 || c.r#type == mjJNT_SLIDE as i32 {
            let a = m.jnt_qposadr()[id] as usize;
            c.r#ref = m.qpos0()[a];
            c.springref = m.qpos_spring()[a];
        }
    }
    (c, user)
}

/// A geom's compiled values.
fn compiled_geom(w: &W, x: &Geom, k: usize) -> (mjsGeom, Vec<f64>) {
    let m = w.m;
    let id = id_of(x.head.id, k);
    let mut c = x.c;
    let mut user = x.userdata.to_vec();
    if id < m.ngeom as usize {
        c.size.copy_from_slice(row(m.geom_size(), id, 3));
        c.pos.copy_from_slice(row(m.geom_pos(), id, 3));
        c.quat.copy_from_slice(row(m.geom_quat(), id, 4));
        c.friction.copy_from_slice(row(m.geom_friction(), id, 3));
        c.solref.copy_from_slice(row(m.geom_solref(), id, mjNREF));
        c.solimp.copy_from_slice(row(m.geom_solimp(), id, mjNIMP));
        c.rgba.copy_from_slice(row(m.geom_rgba(), id, 4));
        c.solmix = m.geom_solmix()[id];
        c.margin = m.geom_margin()[id];
        c.gap = m.geom_gap()[id];
        user = row(m.geom_user(), id, m.nuser_geom as usize).to_vec();
    }
    (c, user)
}

/// A joint (`x`: its values, compiled for a model joint); `ctx` is the class in effect.
pub(super) fn one_joint(w: &W, e: &mut XEl, j: &Joint, x: &mjsJoint, user: &[f64], def: &Joint, ctx: &str) {
    use mjtJoint_::*;
    let free = x.r#type == mjJNT_FREE as i32;
    let ball = x.r#type == mjJNT_BALL as i32;
    if !w.defaults {
        e.txt("name", j.name.as_str());
        class_attr(w, e, j.head.class, ctx);
        if !free {
            e.num("pos", &x.pos, None, false);
        }
        if !free && !ball {
            e.num("axis", &x.axis, None, false);
        }
    }
    let d = &def.c;
    if x.r#type != d.r#type {
        e.txt("type", super::map_key(JOINT_MAP, x.r#type));
    }
    e.int("group", x.group, Some(d.group));
    e.num1("ref", x.r#ref, Some(0.0));
    e.num1("springref", x.springref, Some(0.0));
    e.num("solreflimit", &x.solref_limit, Some(&d.solref_limit), true);
    e.num("solimplimit", &x.solimp_limit, Some(&d.solimp_limit), true);
    e.num("solreffriction", &x.solref_friction, Some(&d.solref_friction), true);
    e.num("solimpfriction", &x.solimp_friction, Some(&d.solimp_friction), true);
    e.num1("stiffness", x.stiffness, Some(d.stiffness));
    if !free {
        e.key("limited", TFAUTO_MAP, x.limited, Some(d.limited));
    }
    e.num("range", &x.range, Some(&d.range), false);
    if !free && !ball {
        e.key("actuatorfrclimited", TFAUTO_MAP, x.actfrclimited, Some(d.actfrclimited));
    }
    e.key("actuatorgravcomp", BOOL_MAP, x.actgravcomp as i32, Some(d.actgravcomp as i32));
    e.num("actuatorfrcrange", &x.actfrcrange, Some(&d.actfrcrange), false);
    e.num1("margin", x.margin, Some(d.margin));
    e.num1("armature", x.armature, Some(d.armature));
    e.num1("damping", x.damping, Some(d.damping));
    e.num1("frictionloss", x.frictionloss, Some(d.frictionloss));
    user_attr(w, e, user, &def.userdata);
}

/// A geom.
pub(super) fn one_geom(w: &W, e: &mut XEl, g: &Geom, x: &mjsGeom, user: &[f64], def: &Geom, ctx: &str) {
    use mjtGeom_::*;
    let d = &def.c;
    let mesh = x.r#type == mjGEOM_MESH as i32 || x.r#type == mjGEOM_SDF as i32;
    let mut mass_def = 0.0;
    if !w.defaults {
        e.txt("name", g.name.as_str());
        class_attr(w, e, g.head.class, ctx);
        let n = nsize(x.r#type);
        if n > 0 {
            e.num("size", &x.size[..n], Some(&d.size[..n]), false);
        }
        if !x.mass.is_nan() {
            let mut v = g.clone();
            v.c.size = x.size;
            mass_def = super::assets::geom_volume(w, &v) * d.density;
        }
        if mesh {
            if let Some((mp, mq)) = super::assets::mesh_frame(w, g.meshname.as_str()) {
                let same = x.pos.iter().zip(&mp).all(|(a, b)| !((a - b).abs() > f64::EPSILON))
                    && x.quat.iter().zip(&mq).all(|(a, b)| !((a - b).abs() > f64::EPSILON));
                if !same {
                    let (p, q) = frame_accum_inv(&x.pos, &x.quat, &mp, &mq);
                    e.num("pos", &p, Some(&ZERO3), false);
                    e.num("quat", &q, Some(&UNITQ), false);
                }
            }
        } else {
            e.num("pos", &x.pos, Some(&ZERO3), false);
            e.num("quat", &x.quat, Some(&UNITQ), false);
        }
    } else {
        e.num("size", &x.size, Some(&d.size), false);
    }
    e.key("type", GEOM_MAP, x.r#type, Some(d.r#type));
    e.int("contype", x.contype, Some(d.contype));
    e.int("conaffinity", x.conaffinity, Some(d.conaffinity));
    e.int("condim", x.condim, Some(d.condim));
    e.int("group", x.group, Some(d.group));
    e.int("priority", x.priority, Some(d.priority));
    e.num("friction", &x.friction, Some(&d.friction), true);
    e.num1("solmix", x.solmix, Some(d.solmix));
    e.num("solref", &x.solref, Some(&d.solref), true);
    e.num("solimp", &x.solimp, Some(&d.solimp), true);
    e.num1("margin", x.margin, Some(d.margin));
    e.num1("gap", x.gap, Some(d.gap));
    e.key("fluidshape", FLUID_MAP, x.fluid_ellipsoid as i32, Some(d.fluid_ellipsoid as i32));
    e.num("fluidcoef", &x.fluid_coefs, Some(&d.fluid_coefs), false);
    if x.r#type != mjGEOM_MESH as i32 {
        e.key("shellinertia", MESHTYPE_MAP, x.typeinertia, Some(d.typeinertia));
    }
    if !x.mass.is_nan() {
        // a default class's geom has no computed mass (upstream writes its zero)
        let mass = if w.defaults { 0.0 } else { x.mass };
        e.num1("mass", mass, Some(mass_def));
    } else {
        e.num1("density", x.density, Some(d.density));
    }
    // a geom without a material of its own shows its mesh's (fitted primitives too)
    let mut mat = g.material.as_str();
    if mat.is_empty() && !w.defaults && !g.meshname.as_str().is_empty() {
        if let Some(mm) = w.s.meshes.iter().find(|k| k.name.as_str() == g.meshname.as_str()) {
            mat = mm.material.as_str();
        }
    }
    if mat != def.material.as_str() {
        e.txt("material", mat);
    }
    e.num("rgba", &x.rgba, Some(&d.rgba), false);
    if x.r#type == mjGEOM_HFIELD as i32 {
        e.txt("hfield", g.hfieldname.as_str());
    }
    if mesh {
        e.txt("mesh", g.meshname.as_str());
    }
    user_attr(w, e, user, &def.userdata);
}

/// A site.
pub(super) fn one_site(w: &W, e: &mut XEl, k: &Site, x: &mjsSite, user: &[f64], def: &Site, ctx: &str) {
    let d = &def.c;
    if !w.defaults {
        e.txt("name", k.name.as_str());
        class_attr(w, e, k.head.class, ctx);
        e.num("pos", &x.pos, None, false);
        e.num("quat", &x.quat, Some(&UNITQ), false);
        let n = nsize(x.r#type);
        if n > 0 {
            e.num("size", &x.size[..n], Some(&d.size[..n]), false);
        }
    } else {
        e.num("size", &x.size, Some(&d.size), false);
    }
    e.int("group", x.group, Some(d.group));
    e.key("type", GEOM_MAP, x.r#type, Some(d.r#type));
    if k.material.as_str() != def.material.as_str() {
        e.txt("material", k.material.as_str());
    }
    e.num("rgba", &x.rgba, Some(&d.rgba), false);
    user_attr(w, e, user, &def.userdata);
}

/// A camera.
pub(super) fn one_camera(w: &W, e: &mut XEl, k: &Camera, x: &mjsCamera, user: &[f64], def: &Camera, ctx: &str) {
    let d = &def.c;
    if !w.defaults {
        e.txt("name", k.name.as_str());
        class_attr(w, e, k.head.class, ctx);
        e.txt("target", k.targetbody.as_str());
        e.num("pos", &x.pos, None, false);
        e.num("quat", &x.quat, Some(&UNITQ), false);
    }
    e.num1("ipd", x.ipd, Some(d.ipd));
    e.key("mode", CAMLIGHT_MAP, x.mode, Some(d.mode));
    e.num("resolution", &x.resolution, Some(&d.resolution), false);
    e.key("orthographic", BOOL_MAP, x.orthographic, Some(d.orthographic));
    if x.sensor_size[0] > 0.0 && x.sensor_size[1] > 0.0 {
        e.num("sensorsize", &x.sensor_size, None, false);
        e.num("focal", &x.focal_length, Some(&d.focal_length), false);
        e.num("focalpixel", &x.focal_pixel, Some(&d.focal_pixel), false);
        e.num("principal", &x.principal_length, Some(&d.principal_length), false);
        e.num("principalpixel", &x.principal_pixel, Some(&d.principal_pixel), false);
    } else {
        e.num1("fovy", x.fovy, Some(d.fovy));
    }
    user_attr(w, e, user, &def.userdata);
}

/// A light.
pub(super) fn one_light(w: &W, e: &mut XEl, k: &Light, x: &mjsLight, def: &Light, ctx: &str) {
    let d = &def.c;
    if !w.defaults {
        e.txt("name", k.name.as_str());
        class_attr(w, e, k.head.class, ctx);
        e.txt("target", k.targetbody.as_str());
        e.num("pos", &x.pos, None, false);
        e.num("dir", &x.dir, None, false);
    }
    e.num1("bulbradius", x.bulbradius, Some(d.bulbradius));
    e.num1("intensity", x.intensity, Some(d.intensity));
    e.num1("range", x.range, Some(d.range));
    e.key("type", LIGHTTYPE_MAP, x.r#type, Some(d.r#type));
    e.txt("texture", k.texture.as_str());
    e.key("castshadow", BOOL_MAP, x.castshadow as i32, Some(d.castshadow as i32));
    e.key("active", BOOL_MAP, x.active as i32, Some(d.active as i32));
    e.num("attenuation", &x.attenuation, Some(&d.attenuation), false);
    e.num1("cutoff", x.cutoff, Some(d.cutoff));
    e.num1("exponent", x.exponent, Some(d.exponent));
    e.num("ambient", &x.ambient, Some(&d.ambient), false);
    e.num("diffuse", &x.diffuse, Some(&d.diffuse), false);
    e.num("specular", &x.specular, Some(&d.specular), false);
    e.key("mode", CAMLIGHT_MAP, x.mode, Some(d.mode));
}

/// Pose `(pos, quat)` with the child frame `(cpos, cquat)` taken back out:
/// quat * conj(cquat), and pos minus the child offset rotated by the result.
fn frame_accum_inv(pos: &[f64; 3], quat: &[f64; 4], cpos: &[f64; 3], cquat: &[f64; 4]) -> ([f64; 3], [f64; 4]) {
    let neg = [cquat[0], -cquat[1], -cquat[2], -cquat[3]];
    let mut q = crate::math::spatial::mul_quat(quat, &neg);
    // normalized unless already within 1e-14 of unit length (upstream's user-side rule)
    let n2: f64 = q.iter().map(|v| v * v).sum();
    if n2 >= USER_EPS {
        let n = n2.sqrt();
        if (n - 1.0).abs() > USER_EPS {
            q.iter_mut().for_each(|v| *v /= n);
        }
    }
    let mat = crate::math::spatial::quat2mat(&q);
    let v = [
        mat[0] * cpos[0] + mat[1] * cpos[1] + mat[2] * cpos[2],
        mat[3] * cpos[0] + mat[4] * cpos[1] + mat[5] * cpos[2],
        mat[6] * cpos[0] + mat[7] * cpos[1] + mat[8] * cpos[2],
    ];
    ([pos[0] - v[0], pos[1] - v[1], pos[2] - v[2]], q)
}
