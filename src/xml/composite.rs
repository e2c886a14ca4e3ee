//! `<composite>`: in 3.4.0 only `type="cable"` still builds anything: a chain of bodies along a
//! polyline (given as `vertex`, or sampled from per-axis curves), each body with a ball (or, for
//! the first, free / no) joint, a capsule, cylinder or box geom, contact exclusions between
//! neighbours, sites at both ends, the cable passive-force plugin on every body and, for box
//! geoms, a two-layer skin. The other historical types are rejected with upstream's messages.
//!
//! Element order and names follow upstream (they decide every id): bodies `<prefix>B_first`,
//! `<prefix>B_<i>`, `<prefix>B_last` nested in that order, joints `J_...`, geoms `G<i>`, sites
//! `S_first`/`S_last`, a custom text `composite_<prefix>`, a skin `<prefix>Skin`.

use crate::abi::*;
use crate::spec::util::{cross, dot3, frame2quat, mulquat, normvec, rot_vec_quat};
use crate::spec::*;

use super::attr::{map_value, read1, read_arr, read_txt, read_vec, Map, BOOL_MAP, GEOM_MAP, JOINT_MAP};
use super::composite_tables::{SUB_D, SUB_W};
use super::tree::Element;
use super::XmlError;

type R<T> = Result<T, XmlError>;

const TYPE_MAP: Map = &[("particle", 0), ("grid", 1), ("rope", 2), ("loop", 3), ("cable", 4), ("cloth", 5)];
const CABLE: i32 = 4;
const KIND_MAP: Map = &[("main", 0)];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Shape {
    Line,
    Cos,
    Sin,
    Zero,
}

fn shape_of(t: &str) -> Option<Shape> {
    match t {
        "s" => Some(Shape::Line),
        "cos(s)" => Some(Shape::Cos),
        "sin(s)" => Some(Shape::Sin),
        "0" => Some(Shape::Zero),
        _ => None,
    }
}

/// Parses `curve` the way upstream's stream loop does: tokens in order, and when the text
/// ends in white space the last token counts once more (the failed extraction keeps it).
fn parse_curve(e: &Element, text: &str) -> R<[Shape; 3]> {
    let mut curve = [Shape::Zero; 3];
    if text.is_empty() {
        return Ok(curve);
    }
    let mut toks: Vec<&str> = text.split_ascii_whitespace().collect();
    let trailing = text.ends_with(|c: char| c.is_ascii_whitespace());
    if trailing {
        let last = toks.last().copied().unwrap_or("");
        toks.push(last);
    }
    for (i, t) in toks.iter().enumerate() {
        if i > 2 {
            return Err(XmlError::at(e, "The curve array must have a maximum of 3 components"));
        }
        match shape_of(t) {
            Some(s) => curve[i] = s,
            None => return Err(XmlError::at(e, "The curve array contains an invalid shape")),
        }
    }
    Ok(curve)
}

fn req_map(e: &Element, attr: &str, map: Map) -> R<i32> {
    match map_value(e, attr, map)? {
        Some(v) => Ok(v),
        None => Err(XmlError::at(e, &format!("required attribute missing: '{}'", attr))),
    }
}

/// Registers a generated name, so that later elements of the model that repeat it are refused
/// as usual; a generated name that repeats an earlier one is left to the compiler's check (as
/// upstream, which does not stop on it while making the composite).
fn note_name(s: &mut Spec, what: &'static str, name: &str) {
    if !name.is_empty() {
        let seen = s.names_seen.entry(what).or_insert_with(|| {
            let mut h = std::collections::HashSet::new();
            if what == "body" {
                h.insert("world".to_string());
            }
            h
        });
        seen.insert(name.to_string());
    }
}

struct SkinOpts {
    texcoord: bool,
    material: String,
    rgba: [f32; 4],
    subgrid: i32,
    group: i32,
}

/// Reads `<composite>` under body `b` (in `frame`) and adds what it makes to the spec, with
/// `sfx` after the names of its tree elements. In a copy made by `<replicate>` (`copying`)
/// only the tree is made: as upstream, whose copies of the subtree carry the exclusions
/// along (as they do any element naming the subtree) and leave the custom text and the skin
/// made once with the first reading.
pub(super) fn composite(
    e: &Element,
    b: usize,
    frame: Option<usize>,
    def: usize,
    sfx: &str,
    copying: bool,
    s: &mut Spec,
) -> R<()> {
    let prefix = read_txt(e, "prefix").unwrap_or_default();
    let ctype = req_map(e, "type", TYPE_MAP)?;
    let mut count = [1i32; 3];
    read_arr(e, "count", &mut count, false)?;
    let mut offset = [0.0f64; 3];
    read_arr(e, "offset", &mut offset, true)?;
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    read_arr(e, "quat", &mut quat, true)?;

    // the plugin (an instance configured in place is created right away, as upstream does)
    let mut plugin = PluginRef::default();
    let mut pc: mjsPlugin = crate::spec::body::zeroed();
    let mut plugin_active = false;
    if let Some(p) = e.children_named("plugin").next() {
        if copying {
            plugin.plugin_name = read_txt(p, "plugin").unwrap_or_default().into();
            plugin.name = read_txt(p, "instance").unwrap_or_default().into();
        } else {
            super::sections::one_plugin(p, s, &mut pc, &mut plugin)?;
        }
        plugin_active = true;
    }

    let curves = read_txt(e, "curve").unwrap_or_default();
    let initial = read_txt(e, "initial").unwrap_or_else(|| "ball".to_string());
    let mut size = [1.0, 0.0, 0.0];
    read_arr(e, "size", &mut size, false)?;
    let mut uservert: Vec<f32> = read_vec::<f32>(e, "vertex")?.unwrap_or_default();
    let curve = parse_curve(e, &curves)?;

    // skin options (used by box cables)
    let mut skin = SkinOpts { texcoord: false, material: String::new(), rgba: [1.0; 4], subgrid: 0, group: 0 };
    if let Some(k) = e.children_named("skin").next() {
        if let Some(v) = map_value(k, "texcoord", BOOL_MAP)? {
            skin.texcoord = v == 1;
        }
        if let Some(t) = read_txt(k, "material") {
            skin.material = t;
        }
        read_arr(k, "rgba", &mut skin.rgba, true)?;
        let mut inflate = 0f32;
        read1(k, "inflate", &mut inflate)?;
        read1(k, "subgrid", &mut skin.subgrid)?;
        read1(k, "group", &mut skin.group)?;
        if skin.group < 0 || skin.group >= mjNGROUP as i32 {
            return Err(XmlError::at(k, "skin group must be between 0 and 5"));
        }
    }

    // prototypes: built-in defaults (not the model's classes), groups as upstream sets them
    let mut dgeom = Geom::default();
    let mut dsite = Site::default();
    let mut djoint = Joint::default();
    dsite.group = 3;
    djoint.group = 3;
    dgeom.group = if ctype == CABLE || e.children_named("skin").next().is_none() { 0 } else { 3 };

    if let Some(g) = e.children_named("geom").next() {
        if let Some(v) = map_value(g, "type", GEOM_MAP)? {
            dgeom.r#type = v;
        }
        read_arr(g, "size", &mut dgeom.size, false)?;
        read1(g, "contype", &mut dgeom.contype)?;
        read1(g, "conaffinity", &mut dgeom.conaffinity)?;
        read1(g, "condim", &mut dgeom.condim)?;
        read1(g, "group", &mut dgeom.group)?;
        read1(g, "priority", &mut dgeom.priority)?;
        read_arr(g, "friction", &mut dgeom.friction, false)?;
        read1(g, "solmix", &mut dgeom.solmix)?;
        read_arr(g, "solref", &mut dgeom.solref, false)?;
        read_arr(g, "solimp", &mut dgeom.solimp, false)?;
        read1(g, "margin", &mut dgeom.margin)?;
        read1(g, "gap", &mut dgeom.gap)?;
        if let Some(t) = read_txt(g, "material") {
            dgeom.material = t.into();
        }
        read_arr(g, "rgba", &mut dgeom.rgba, true)?;
        read1(g, "mass", &mut dgeom.mass)?;
        read1(g, "density", &mut dgeom.density)?;
    }
    if let Some(x) = e.children_named("site").next() {
        read_arr(x, "size", &mut dsite.size, false)?;
        read1(x, "group", &mut dsite.group)?;
        if let Some(t) = read_txt(x, "material") {
            dsite.material = t.into();
        }
        read_arr(x, "rgba", &mut dsite.rgba, true)?;
    }
    let mut seen_joint = false;
    for j in e.children_named("joint") {
        req_map(j, "kind", KIND_MAP)?;
        if seen_joint {
            // upstream allows several joints only for the (removed) particle type
            if ctype != 0 {
                return Err(XmlError::at(e, "Only particles are allowed to have multiple joints"));
            }
            djoint = Joint::default();
            djoint.group = 3;
        }
        seen_joint = true;
        if let Some(v) = map_value(j, "type", JOINT_MAP)? {
            djoint.r#type = v;
        }
        read_arr(j, "axis", &mut djoint.axis, true)?;
        let mut solref = [0.0; mjNREF];
        let mut solimp = [0.0; mjNIMP];
        read_arr(j, "solreffix", &mut solref, false)?;
        read_arr(j, "solimpfix", &mut solimp, false)?;
        read1(j, "group", &mut djoint.group)?;
        read_arr(j, "solreflimit", &mut djoint.solref_limit, false)?;
        read_arr(j, "solimplimit", &mut djoint.solimp_limit, false)?;
        read_arr(j, "solreffriction", &mut djoint.solref_friction, false)?;
        read_arr(j, "solimpfriction", &mut djoint.solimp_friction, false)?;
        read1(j, "stiffness", &mut djoint.stiffness)?;
        read_arr(j, "range", &mut djoint.range, true)?;
        read1(j, "margin", &mut djoint.margin)?;
        read1(j, "armature", &mut djoint.armature)?;
        read1(j, "damping", &mut djoint.damping)?;
        read1(j, "frictionloss", &mut djoint.frictionloss)?;
    }

    // checks of the whole composite
    if count.iter().any(|&c| c < 1) {
        return Err(XmlError::at(e, "Positive counts expected in composite"));
    }
    if dot3(&size, &size) < mjMINVAL && uservert.is_empty() {
        return Err(XmlError::at(e, "Positive spacing or length expected in composite"));
    }
    if !uservert.is_empty() {
        if count[0] > 1 {
            return Err(XmlError::at(e, "Either vertex or count can be specified, not both"));
        }
        count[0] = (uservert.len() / 3) as i32;
        count[1] = 1;
    }
    let mut dim = 0;
    let mut singleton = false;
    for &c in &count {
        if c == 1 {
            singleton = true;
        } else {
            dim += 1;
            if singleton {
                return Err(XmlError::at(e, "Singleton counts must come last"));
            }
        }
    }
    if plugin_active {
        if ctype != CABLE {
            return Err(XmlError::at(e, "Only cable composite supports plugins"));
        }
        if plugin.plugin_name != "mujoco.elasticity.cable" {
            return Err(XmlError::at(e, "Only mujoco.elasticity.cable is supported by composites"));
        }
        if plugin.name.is_empty() {
            plugin.name = format!("composite{}", prefix).into();
            if let Some(k) = s.plugin_index(pc.element) {
                s.plugins[k].name = plugin.name.clone();
            }
        }
        if !sfx.is_empty() {
            plugin.name = format!("{}{}", plugin.name, sfx).into();
        }
    }
    let removed = |t: &str, instead: &str| {
        Err(XmlError::at(
            e,
            &format!("The \"{}\" composite type is deprecated. Please use \"{}\" instead.", t, instead),
        ))
    };
    match ctype {
        0 => return removed("particle", "replicate"),
        1 => return removed("grid", "flex"),
        2 => return removed("rope", "cable"),
        3 => return removed("loop", "flexcomp"),
        5 => return removed("cloth", "shell"),
        _ => {}
    }

    // the cable
    if dim != 1 {
        return Err(XmlError::at(e, "Cable must be one-dimensional"));
    }
    let (cyl, cap, bx) =
        (mjtGeom_::mjGEOM_CYLINDER as i32, mjtGeom_::mjGEOM_CAPSULE as i32, mjtGeom_::mjGEOM_BOX as i32);
    if dgeom.r#type != cyl && dgeom.r#type != cap && dgeom.r#type != bx {
        return Err(XmlError::at(e, "Cable geom type must be sphere, capsule or box"));
    }
    if !copying {
        let text = Text {
            name: format!("composite_{}", prefix).into(),
            data: format!("rope_{}", prefix).into(),
            ..Text::default()
        };
        note_name(s, "text", &text.name);
        s.texts.push(Owned::new(text));
    }

    let n = count[0] as usize;
    if uservert.is_empty() {
        let denom = (count[0] - 1) as f64;
        for ix in 0..n {
            let mut v = [0.0f64; 3];
            for k in 0..3 {
                v[k] = match curve[k] {
                    Shape::Line => ix as f64 * size[0] / denom,
                    Shape::Cos => size[1] * (mjPI * ix as f64 * size[2] / denom).cos(),
                    Shape::Sin => size[1] * (mjPI * ix as f64 * size[2] / denom).sin(),
                    Shape::Zero => 0.0,
                };
            }
            let v = rot_vec_quat(&v, &quat);
            uservert.extend(v.iter().map(|&x| x as f32));
        }
    }

    let c = Chain {
        prefix: &prefix,
        sfx,
        copying,
        vert: &uservert,
        n,
        offset,
        initial: &initial,
        plugin: &plugin,
        plugin_el: pc.element,
        plugin_active,
    };
    let mut normal = [0.0, 1.0, 0.0];
    let mut prev_quat = [1.0, 0.0, 0.0, 0.0];
    let mut parent = b;
    for ix in 0..n.saturating_sub(1) {
        parent = c.body(s, parent, frame, def, ix, &mut normal, &mut prev_quat, &dgeom, &dsite, &djoint)?;
    }

    if dgeom.r#type == bx && !copying {
        let k = cable_skin(&prefix, n, &skin, &dgeom);
        note_name(s, "skin", &k.name);
        s.skins.push(Owned::new(k));
    }
    Ok(())
}

struct Chain<'a> {
    prefix: &'a str,
    /// suffix of the tree elements' names
    sfx: &'a str,
    /// a copy made by `<replicate>`: no exclusions (the copy of the subtree brings them)
    copying: bool,
    vert: &'a [f32],
    n: usize,
    offset: [f64; 3],
    initial: &'a str,
    plugin: &'a PluginRef,
    /// the instance the composite configured in place
    plugin_el: *mut mjsElement,
    plugin_active: bool,
}

impl Chain<'_> {
    /// Edge from vertex `i` to `i+1`, differenced in single precision as the vertices are kept.
    fn edge(&self, i: usize) -> [f64; 3] {
        let v = self.vert;
        [(v[3 * i + 3] - v[3 * i]) as f64, (v[3 * i + 4] - v[3 * i + 1]) as f64, (v[3 * i + 5] - v[3 * i + 2]) as f64]
    }

    #[allow(clippy::too_many_arguments)]
    fn body(
        &self,
        s: &mut Spec,
        parent: usize,
        frame: Option<usize>,
        def: usize,
        ix: usize,
        normal: &mut [f64; 3],
        prev_quat: &mut [f64; 4],
        dgeom: &Geom,
        dsite: &Site,
        djoint: &Joint,
    ) -> R<usize> {
        let p = self.prefix;
        let lastidx = self.n as i64 - 2;
        let first = ix == 0;
        let last = ix as i64 == lastidx;
        let secondlast = ix as i64 == lastidx - 1;

        let edge = self.edge(ix);
        let mut tprev = [0.0; 3];
        let mut tnext = [0.0; 3];
        let mut length_prev = 0.0;
        if !first {
            tprev = self.edge(ix - 1);
            length_prev = normvec(&mut tprev);
        }
        if !last {
            tnext = self.edge(ix + 1);
            normvec(&mut tnext);
        }

        // moving frame
        let mut tangent = edge;
        normvec(&mut tangent);
        let mut binormal;
        if first {
            binormal = cross(&tangent, &tnext);
            normvec(&mut binormal);
            *normal = cross(&binormal, &tangent);
            normvec(normal);
        } else {
            binormal = cross(&tprev, &tangent);
            let angle = normvec(&mut binormal).atan2(dot3(&tprev, &tangent));
            let darboux = if angle == 0.0 {
                [1.0, 0.0, 0.0, 0.0]
            } else {
                let sa = (angle * 0.5).sin();
                [(angle * 0.5).cos(), binormal[0] * sa, binormal[1] * sa, binormal[2] * sa]
            };
            *normal = rot_vec_quat(normal, &darboux);
            normvec(normal);
            binormal = cross(&tangent, normal);
            normvec(&mut binormal);
        }
        let this_quat = frame2quat(&tangent, normal, &binormal);
        let length = dot3(&edge, &edge).sqrt();

        let x = self.sfx;
        let (this_body, next_body, this_joint, site_name) = if first {
            (
                format!("{p}B_first{x}"),
                format!("{p}B_{}{x}", ix + 1),
                format!("{p}J_first{x}"),
                format!("{p}S_first{x}"),
            )
        } else if last {
            (format!("{p}B_last{x}"), format!("{p}B_first{x}"), format!("{p}J_last{x}"), format!("{p}S_last{x}"))
        } else if secondlast {
            (format!("{p}B_{ix}{x}"), format!("{p}B_last{x}"), format!("{p}J_{ix}{x}"), String::new())
        } else {
            (format!("{p}B_{ix}{x}"), format!("{p}B_{}{x}", ix + 1), format!("{p}J_{ix}{x}"), String::new())
        };

        // body
        let mut nb = Body { parent, info: Info::default(), class: def, ..Body::default() };
        nb.name = this_body.clone().into();
        if first {
            let v = &self.vert[3 * ix..3 * ix + 3];
            nb.pos = [self.offset[0] + v[0] as f64, self.offset[1] + v[1] as f64, self.offset[2] + v[2] as f64];
            nb.quat = this_quat;
            nb.frame = frame;
        } else {
            nb.pos = [length_prev, 0.0, 0.0];
            let neg = [prev_quat[0], -prev_quat[1], -prev_quat[2], -prev_quat[3]];
            nb.quat = mulquat(&neg, &this_quat);
        }
        if self.plugin_active {
            nb.plugin = self.plugin.clone();
            nb.c.plugin.active = 1;
            nb.c.plugin.element = self.plugin_el;
        }
        note_name(s, "body", &nb.name);
        s.bodies.push(Owned::new(nb));
        let id = s.bodies.len() - 1;
        s.bodies[parent].bodies.push(id);

        // geom
        let mut g = dgeom.clone();
        g.name = format!("{p}G{ix}{x}").into();
        g.body = id;
        g.info = Info::default();
        if g.r#type == mjtGeom_::mjGEOM_BOX as i32 {
            g.pos = [length / 2.0, 0.0, 0.0];
            g.size[0] = length / 2.0;
        } else {
            g.fromto = [0.0, 0.0, 0.0, length, 0.0, 0.0];
        }
        note_name(s, "geom", &g.name);
        g.head.class = s.bodies[id].class;
        s.geoms.push(Owned::new(g));
        let gid = s.geoms.len() - 1;
        s.bodies[id].geoms.push(gid);

        *prev_quat = this_quat;

        // joint
        if !first || self.initial != "none" {
            let mut j = djoint.clone();
            j.r#type = if first && self.initial == "free" {
                mjtJoint_::mjJNT_FREE as i32
            } else {
                mjtJoint_::mjJNT_BALL as i32
            };
            if j.r#type == mjtJoint_::mjJNT_FREE as i32 {
                j.damping = 0.0;
                j.armature = 0.0;
                j.frictionloss = 0.0;
            }
            j.name = this_joint.into();
            j.body = id;
            j.info = Info::default();
            note_name(s, "joint", &j.name);
            j.head.class = s.bodies[id].class;
            s.joints.push(Owned::new(j));
            let jid = s.joints.len() - 1;
            s.bodies[id].joints.push(jid);
        }

        // contacts with the next body are excluded
        if !last && !self.copying {
            s.excludes.push(Owned::new(Exclude {
                body1: this_body.into(),
                body2: next_body.into(),
                ..Exclude::default()
            }));
        }

        // sites at both ends
        if first || last {
            let mut x = dsite.clone();
            x.name = site_name.into();
            x.body = id;
            x.info = Info::default();
            x.pos = [if last { length } else { 0.0 }, 0.0, 0.0];
            x.quat = [1.0, 0.0, 0.0, 0.0];
            note_name(s, "site", &x.name);
            x.head.class = s.bodies[id].class;
            s.sites.push(Owned::new(x));
            let sid = s.sites.len() - 1;
            s.bodies[id].sites.push(sid);
        }
        Ok(id)
    }
}

/// Vertices (all at the origin: the bones place them), texture coordinates and faces of a
/// two-sided `c0` x `c1` grid skin with its rim closed by thin triangles.
fn grid_mesh(k: &mut Skin, c0: i32, c1: i32, texcoord: bool) {
    let nn = c0 * c1;
    for side in 0..2i32 {
        let (a, b) = ((side == 0) as i32, (side == 1) as i32);
        for ix in 0..c0 {
            for iy in 0..c1 {
                k.vert.extend_from_slice(&[0.0, 0.0, 0.0]);
                if texcoord {
                    k.texcoord.push(ix as f32 / (c0 - 1) as f32);
                    k.texcoord.push(iy as f32 / (c1 - 1) as f32);
                }
                if ix < c0 - 1 && iy < c1 - 1 {
                    let o = side * nn;
                    k.face.extend_from_slice(&[
                        o + ix * c1 + iy,
                        o + (ix + 1) * c1 + iy + b,
                        o + (ix + 1) * c1 + iy + a,
                        o + ix * c1 + iy,
                        o + (ix + a) * c1 + iy + 1,
                        o + (ix + b) * c1 + iy + 1,
                    ]);
                }
            }
        }
    }
    for ix in 0..c0 - 1 {
        k.face.extend_from_slice(&[
            ix * c1,
            nn + (ix + 1) * c1,
            (ix + 1) * c1,
            ix * c1,
            nn + ix * c1,
            nn + (ix + 1) * c1,
        ]);
    }
    let t = c1 - 1;
    for ix in 0..c0 - 1 {
        k.face.extend_from_slice(&[
            ix * c1 + t,
            (ix + 1) * c1 + t,
            nn + (ix + 1) * c1 + t,
            ix * c1 + t,
            nn + (ix + 1) * c1 + t,
            nn + ix * c1 + t,
        ]);
    }
    for iy in 0..c1 - 1 {
        k.face.extend_from_slice(&[iy, iy + 1, nn + iy + 1, iy, nn + iy + 1, nn + iy]);
    }
    let l = (c0 - 1) * c1;
    for iy in 0..c1 - 1 {
        k.face.extend_from_slice(&[iy + l, nn + iy + 1 + l, iy + 1 + l, iy + l, nn + iy + l, nn + iy + 1 + l]);
    }
}

/// Bone `ix` of the chain: the body it follows (the last two vertices share the last body).
fn bone_body(prefix: &str, ix: usize, n: usize) -> String {
    if ix == 0 {
        format!("{prefix}B_first")
    } else if ix + 2 >= n {
        format!("{prefix}B_last")
    } else {
        format!("{prefix}B_{ix}")
    }
}

/// The skin of a box cable: a two-layer ribbon over `n` vertices, either one vertex per bone
/// side, or (with `subgrid`) a finer grid blended bicubically from 3 bones per vertex.
fn cable_skin(prefix: &str, n: usize, o: &SkinOpts, dgeom: &Geom) -> Skin {
    let mut k = Skin { name: format!("{prefix}Skin").into(), material: o.material.as_str().into(), ..Skin::default() };
    k.rgba = o.rgba;
    k.inflate = (2.0 * dgeom.size[2]) as f32;
    k.group = o.group;
    let endx = |ix: usize| if ix == n - 1 { -2.0 * dgeom.size[0] } else { 0.0 };
    if o.subgrid <= 0 {
        let c1 = 2usize;
        grid_mesh(&mut k, n as i32, c1 as i32, o.texcoord);
        let nn = (n * c1) as i32;
        for ix in 0..n {
            for iy in 0..c1 {
                k.bodyname.push(bone_body(prefix, ix, n).into());
                let y = if iy == 0 { -dgeom.size[1] } else { dgeom.size[1] };
                k.bindpos.extend_from_slice(&[endx(ix) as f32, y as f32, 0.0]);
                k.bindquat.extend_from_slice(&[1.0, 0.0, 0.0, 0.0]);
                let v = (ix * c1 + iy) as i32;
                k.vertid.push(vec![v, nn + v].into());
                k.vertweight.push(vec![1.0, 1.0].into());
            }
        }
        return k;
    }

    // subgrid: 3 bones across (sides and middle)
    let sg = o.subgrid as usize;
    let cnt1 = 3usize;
    let np = (2 + sg) * (2 + sg);
    let step = 1.0 / (1 + sg) as f64;
    let mut xy = vec![0.0f64; np * 16];
    let mut r = 0;
    for sx in 0..=1 + sg {
        for sy in 0..=1 + sg {
            let (x, y) = (sx as f64 * step, sy as f64 * step);
            let xp = [1.0, x, x * x, x * x * x];
            let yp = [1.0, y, y * y, y * y * y];
            for a in 0..4 {
                for b in 0..4 {
                    xy[16 * r + 4 * a + b] = if a == 0 {
                        yp[b]
                    } else if b == 0 {
                        xp[a]
                    } else {
                        prod(a, b, x, y)
                    };
                }
            }
            r += 1;
        }
    }
    let xy_w = matmul(&xy, &SUB_W, np, 16, 16);
    let mut weight = vec![0.0f64; 9 * np * 16];
    for dx in 0..3 {
        for dy in 0..3 {
            let mut d = [0.0f64; 256];
            let tab = SUB_D[dx][dy];
            let mut c = 0;
            for row in 0..16 {
                loop {
                    let col = tab[c].round() as i64;
                    if col == -1 {
                        break;
                    }
                    d[row * 16 + col as usize] = tab[c + 1];
                    c += 2;
                }
                c += 1;
            }
            let w = matmul(&xy_w, &d, np, 16, 16);
            let at = (dx * 3 + dy) * np * 16;
            weight[at..at + np * 16].copy_from_slice(&w);
        }
    }

    let c0 = (n + (n - 1) * sg) as i32;
    let c1 = (cnt1 + (cnt1 - 1) * sg) as i32;
    let nn = c0 * c1;
    grid_mesh(&mut k, c0, c1, o.texcoord);
    for ix in 0..n {
        for iy in 0..cnt1 {
            let y = match iy {
                0 => -dgeom.size[1],
                2 => dgeom.size[1],
                _ => 0.0,
            };
            k.bindpos.extend_from_slice(&[endx(ix) as f32, y as f32, 0.0]);
            k.bodyname.push(bone_body(prefix, ix, n).into());
            k.bindquat.extend_from_slice(&[1.0, 0.0, 0.0, 0.0]);
            k.vertid.push(CxxVec::new());
            k.vertweight.push(CxxVec::new());
        }
    }
    let (ni, nj) = (n as i64, cnt1 as i64);
    for ix in 0..ni - 1 {
        for iy in 0..nj - 1 {
            let rx = if ix == 0 {
                0
            } else if ix == ni - 2 {
                2
            } else {
                1
            };
            let ry = if iy == 0 {
                0
            } else if iy == nj - 2 {
                2
            } else {
                1
            };
            let d = (3 * rx + ry) as usize;
            let mut bone = [0i64; 16];
            let mut q = 0;
            for dx in -1..3 {
                for dy in -1..3 {
                    bone[q] = (ix + dx) * nj + (iy + dy);
                    q += 1;
                }
            }
            let s1 = 1 + sg as i64;
            for dx in 0..s1 + (ix == ni - 2) as i64 {
                for dy in 0..s1 + (iy == nj - 2) as i64 {
                    let vid = ((ix * s1 + dx) * c1 as i64 + iy * s1 + dy) as i32;
                    let row = (dx * (2 + sg as i64) + dy) as usize;
                    for (bi, &bn) in bone.iter().enumerate() {
                        let w = weight[d * np * 16 + row * 16 + bi];
                        if w != 0.0 {
                            let bn = bn as usize;
                            k.vertid[bn].push(vid);
                            k.vertid[bn].push(vid + nn);
                            k.vertweight[bn].push(w as f32);
                            k.vertweight[bn].push(w as f32);
                        }
                    }
                }
            }
        }
    }
    k
}

/// x^a y^b computed with upstream's product order (x factors first).
fn prod(a: usize, b: usize, x: f64, y: f64) -> f64 {
    let mut v = x;
    for _ in 1..a {
        v *= x;
    }
    for _ in 0..b {
        v *= y;
    }
    v
}

/// Row-major product, accumulated row by row over the inner index, skipping zero entries of
/// the left factor.
fn matmul(a: &[f64], b: &[f64], r1: usize, c1: usize, c2: usize) -> Vec<f64> {
    let mut out = vec![0.0; r1 * c2];
    for i in 0..r1 {
        for k in 0..c1 {
            let t = a[i * c1 + k];
            if t != 0.0 {
                for j in 0..c2 {
                    out[i * c2 + j] += b[k * c2 + j] * t;
                }
            }
        }
    }
    out
}
