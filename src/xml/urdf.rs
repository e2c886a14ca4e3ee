//! URDF reader: a `<robot>` document into a model specification, with upstream's rules.
//!
//! Links become bodies (created depth first from each link without a parent joint, children in
//! joint order), then every link fills its body (inertial, geoms from `<visual>` and
//! `<collision>` in document order), then every joint places its child body and adds MuJoCo
//! joints to it. The `<mujoco>` child of `<robot>` may hold `<compiler>`, `<option>` and `<size>`.
//! Before reading, the caller sets upstream's URDF defaults (strippath, fusestatic and
//! discardvisual on); angles are always radians.

use std::collections::{HashMap, HashSet};

use super::attr::{self, read1, read_arr, read_req, read_txt, read_txt_req};
use super::reader;
use super::tree::Element;
use super::XmlError;
use crate::abi::*;
use crate::io::files::{stem_of, strip_path};
use crate::spec::util;
use crate::spec::*;

type R<T> = Result<T, XmlError>;

/// URDF joint kinds.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Revolute,
    Continuous,
    Prismatic,
    Fixed,
    Floating,
    Planar,
    Spherical,
}

fn joint_kind(s: &str) -> Option<Kind> {
    Some(match s {
        "revolute" => Kind::Revolute,
        "continuous" => Kind::Continuous,
        "prismatic" => Kind::Prismatic,
        "fixed" => Kind::Fixed,
        "floating" => Kind::Floating,
        "planar" => Kind::Planar,
        // ball joints as Bullet reads them (not standard URDF)
        "spherical" => Kind::Spherical,
        _ => return None,
    })
}

/// The child of `e` named `name`, if any; a second one is an error at the first.
fn sub<'a>(e: &'a Element, name: &'a str) -> R<Option<&'a Element>> {
    let mut it = e.children_named(name);
    let first = it.next();
    if let (Some(f), Some(_)) = (first, it.next()) {
        return Err(XmlError::at(f, &format!("repeated element: '{}'", name)));
    }
    Ok(first)
}

/// Like [`sub`], the child being required.
fn sub_req<'a>(e: &'a Element, name: &'a str) -> R<&'a Element> {
    sub(e, name)?.ok_or_else(|| XmlError::at(e, &format!("missing element: '{}'", name)))
}

/// A required single number.
fn read_num(e: &Element, attr: &str) -> R<f64> {
    let mut v = [0.0];
    read_req(e, attr, &mut v)?;
    Ok(v[0])
}

/// Mesh `scale`: read token by token as upstream's stream reader does (its own messages).
fn read_scale(e: &Element) -> R<[f64; 3]> {
    let Some(text) = e.attr("scale") else { return Ok([1.0; 3]) };
    let toks: Vec<&str> = text.split_ascii_whitespace().collect();
    let bad = || XmlError::at(e, "problem reading attribute 'scale'");
    if toks.is_empty() {
        return Err(bad());
    }
    let mut out = [0.0; 3];
    for (i, t) in toks.iter().take(3).enumerate() {
        out[i] = <f64 as attr::Num>::parse(t).ok_or_else(bad)?;
    }
    if toks.len() > 3 {
        return Err(XmlError::at(e, "attribute 'scale' has too much data"));
    }
    if toks.len() < 3 {
        return Err(XmlError::at(e, "attribute 'scale' does not have enough data"));
    }
    Ok(out)
}

/// The pose of the `<origin>` child of `e` (identity without one); `rpy` are fixed-axis
/// roll, pitch, yaw in radians.
fn origin(e: &Element) -> R<([f64; 3], [f64; 4])> {
    let mut pos = [0.0; 3];
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    if let Some(o) = sub(e, "origin")? {
        read_arr(o, "xyz", &mut pos, true)?;
        let mut rpy = [0.0; 3];
        if read_arr(o, "rpy", &mut rpy, true)? > 0 {
            // cannot fail for Euler angles with a valid sequence
            let _ = util::resolve_orientation(&mut quat, false, b"XYZ", &Orientation::Euler(rpy));
        }
    }
    Ok((pos, quat))
}

/// Reader state: the link table and what has been created so far.
struct Urdf {
    /// link names in document order
    links: Vec<String>,
    /// parent link of each link
    parent: Vec<Option<usize>>,
    /// child links of each link, in joint order
    children: Vec<Vec<usize>>,
    /// body of each link name ("world" is the world body)
    bodies: HashMap<String, usize>,
    /// named materials with a color, first definition wins
    materials: Vec<(String, [f32; 4])>,
    /// geom names given so far
    geom_names: HashSet<String>,
    /// meshes made from each file stem, in creation order (spec index)
    meshes: HashMap<String, Vec<usize>>,
}

/// Reads the `<robot>` element `root` into `s`.
pub fn read(root: &Element, s: &mut Spec) -> R<()> {
    if let Some(mjc) = sub(root, "mujoco")? {
        if let Some(c) = sub(mjc, "compiler")? {
            reader::compiler(c, s)?;
        }
        if let Some(o) = sub(mjc, "option")? {
            reader::option(o, &mut s.option)?;
        }
        if let Some(z) = sub(mjc, "size")? {
            reader::size(z, s)?;
        }
    }
    s.compiler.degree = 0;
    if let Some(n) = root.attr("name") {
        s.modelname = n.to_string().into();
    }

    let mut u = Urdf {
        links: Vec::new(),
        parent: Vec::new(),
        children: Vec::new(),
        bodies: HashMap::new(),
        materials: Vec::new(),
        geom_names: HashSet::new(),
        meshes: HashMap::new(),
    };
    u.bodies.insert("world".to_string(), 0);
    collect_materials(root, &mut u)?;

    for e in root.children_named("link") {
        let name = read_txt_req(e, "name")?;
        if u.links.contains(&name) {
            return Err(XmlError::plain("repeated URDF name: "));
        }
        u.links.push(name);
        u.parent.push(None);
        u.children.push(Vec::new());
    }

    for e in root.children_named("joint") {
        let p = read_txt_req(sub_req(e, "parent")?, "link")?;
        let c = read_txt_req(sub_req(e, "child")?, "link")?;
        let (Some(ip), Some(ic)) = (u.link(&p), u.link(&c)) else {
            return Err(XmlError::at(e, "URDF joint parent or child missing"));
        };
        if u.parent[ic].is_some() {
            return Err(XmlError::at(e, "URDF body has multiple parents:"));
        }
        u.parent[ic] = Some(ip);
        u.children[ip].push(ic);
    }

    for i in 0..u.links.len() {
        if u.parent[i].is_none() {
            u.add_tree(i, s)?;
        }
    }
    for e in root.children_named("link") {
        u.link_body(e, s)?;
    }
    for e in root.children_named("joint") {
        u.joint(e, s)?;
    }
    // the base links keep the identity pose given to the whole robot (no free joint: the
    // robot is loaded as a static model)
    for i in 0..u.links.len() {
        if u.parent[i].is_none() {
            if let Some(&b) = u.bodies.get(&u.links[i]) {
                s.bodies[b].pos = [0.0; 3];
                s.bodies[b].quat = [1.0, 0.0, 0.0, 0.0];
            }
        }
    }
    Ok(())
}

/// Registers every named `<material>` with a `<color>`, anywhere in the document, in document
/// order; later materials of a name already registered are ignored.
fn collect_materials(e: &Element, u: &mut Urdf) -> R<()> {
    if e.name == "material" {
        if let Some(name) = e.attr("name") {
            if !u.materials.iter().any(|(n, _)| n == name) {
                if let Some(c) = sub(e, "color")? {
                    let mut rgba = [0f32; 4];
                    read_req(c, "rgba", &mut rgba)?;
                    u.materials.push((name.to_string(), rgba));
                }
            }
        }
    }
    for c in &e.children {
        super::deep(|| collect_materials(c, u))?;
    }
    Ok(())
}

impl Urdf {
    fn link(&self, name: &str) -> Option<usize> {
        self.links.iter().position(|l| l == name)
    }

    /// Creates the body of link `n` under its parent's body, then its children's.
    fn add_tree(&mut self, n: usize, s: &mut Spec) -> R<()> {
        let parent = match self.parent[n] {
            None => 0,
            Some(p) => match self.bodies.get(&self.links[p]) {
                Some(&b) => b,
                None => {
                    return Err(XmlError::plain(&format!(
                        "URDF body parent should already be in tree: {}",
                        self.links[p]
                    )));
                }
            },
        };
        if self.links[n] != "world" {
            s.bodies.push(Owned::new(Body { name: self.links[n].clone().into(), parent, ..Body::default() }));
            let id = s.bodies.len() - 1;
            s.bodies[parent].bodies.push(id);
            self.bodies.insert(self.links[n].clone(), id);
        }
        for k in 0..self.children[n].len() {
            let c = self.children[n][k];
            super::deep(|| self.add_tree(c, s))?;
        }
        Ok(())
    }

    /// Fills the body of `<link>` `e`: inertial and geoms.
    fn link_body(&mut self, e: &Element, s: &mut Spec) -> R<()> {
        let name = read_txt_req(e, "name")?;
        let Some(&b) = self.bodies.get(&name) else {
            return Err(XmlError::at(e, "URDF body not found"));
        };
        if let Some(inertial) = sub(e, "inertial")? {
            let (ipos, iquat) = origin(inertial)?;
            let mass = read_num(sub_req(inertial, "mass")?, "value")?;
            let ie = sub_req(inertial, "inertia")?;
            let mut full = [0.0; 6];
            for (i, a) in ["ixx", "iyy", "izz", "ixy", "ixz", "iyz"].iter().enumerate() {
                full[i] = read_num(ie, a)?;
            }
            // all zero: no inertia given
            if full.iter().all(|&x| x == 0.0) {
                full[0] = UNDEF;
            }
            // principal axes of the given inertia, when it has them
            let lquat = if defined(full[0]) {
                util::full_inertia(&full).map(|(q, _)| q).unwrap_or([1.0, 0.0, 0.0, 0.0])
            } else {
                [1.0, 0.0, 0.0, 0.0]
            };
            let body = &mut s.bodies[b];
            body.explicitinertial = 1;
            body.ipos = ipos;
            body.mass = mass;
            body.fullinertia = full;
            body.iquat = util::mulquat(&iquat, &lquat);
        }
        // the pose comes from the joint that has this link as child
        s.bodies[b].pos = [0.0; 3];
        s.bodies[b].quat = [1.0, 0.0, 0.0, 0.0];

        // the color of the last visual applies to the geoms after it; the last name read
        // stays in use by elements without one
        let mut rgba = [-1f32, 0.0, 0.0, 0.0];
        let mut geom_name = String::new();
        for c in &e.children {
            let visual = match c.name.as_str() {
                "visual" => true,
                "collision" => false,
                _ => continue,
            };
            if visual {
                if let Some(m) = sub(c, "material")? {
                    if let Some(col) = sub(m, "color")? {
                        read_req(col, "rgba", &mut rgba)?;
                    } else {
                        let mname = read_txt_req(m, "name")?;
                        if let Some((_, v)) = self.materials.iter().find(|(n, _)| *n == mname) {
                            rgba = *v;
                        }
                    }
                }
                if s.compiler.discardvisual != 0 {
                    continue;
                }
            }
            let g = self.geom(c, b, !visual, s)?;
            if rgba[0] >= 0.0 {
                s.geoms[g].rgba = rgba;
            }
            if let Some(n) = read_txt(c, "name") {
                geom_name = n;
            }
            if self.geom_names.insert(geom_name.clone()) {
                s.geoms[g].name = geom_name.clone().into();
            } else if !geom_name.is_empty() {
                eprintln!(
                    "WARNING: Geom with duplicate name '{}' encountered in URDF, creating an unnamed geom.",
                    geom_name
                );
            }
        }
        Ok(())
    }

    /// Adds the geom of `<visual>` or `<collision>` element `e` to body `b`; returns its index.
    fn geom(&mut self, e: &Element, b: usize, collision: bool, s: &mut Spec) -> R<usize> {
        let ge = sub_req(e, "geometry")?;
        let mut g = Geom { body: b, ..Geom::default() };
        g.r#type = mjtGeom_::mjGEOM_BOX as i32;
        if collision {
            g.contype = 1;
            g.conaffinity = 1;
        } else {
            g.contype = 0;
            g.conaffinity = 0;
            g.group = 1;
            g.density = 0.0;
        }
        let half_length = |t: &Element, g: &mut Geom| -> R<()> {
            g.size[0] = read_num(t, "radius")?;
            g.size[1] = read_num(t, "length")? / 2.0;
            Ok(())
        };
        if let Some(t) = sub(ge, "box")? {
            read_req(t, "size", &mut g.size)?;
            for x in g.size.iter_mut() {
                *x /= 2.0;
            }
        } else if let Some(t) = sub(ge, "cylinder")? {
            g.r#type = mjtGeom_::mjGEOM_CYLINDER as i32;
            half_length(t, &mut g)?;
        } else if let Some(t) = sub(ge, "sphere")? {
            g.r#type = mjtGeom_::mjGEOM_SPHERE as i32;
            g.size[0] = read_num(t, "radius")?;
        } else if let Some(t) = sub(ge, "capsule")? {
            g.r#type = mjtGeom_::mjGEOM_CAPSULE as i32;
            half_length(t, &mut g)?;
        } else if let Some(t) = sub(ge, "mesh")? {
            g.r#type = mjtGeom_::mjGEOM_MESH as i32;
            g.meshname = self.mesh(t, s)?.into();
        } else {
            return Err(XmlError::at(ge, "visual geometry specification not found"));
        }
        let (pos, quat) = origin(e)?;
        g.pos = pos;
        g.quat = quat;
        s.geoms.push(Owned::new(g));
        let id = s.geoms.len() - 1;
        s.bodies[b].geoms.push(id);
        Ok(id)
    }

    /// The mesh asset for `<mesh>` element `e`, made on first use: one per file stem and scale.
    /// The name is the file stem, with the mesh's position among those of the stem appended
    /// for a new scale; a later use of such a scale gets the bare stem (upstream's naming).
    fn mesh(&mut self, e: &Element, s: &mut Spec) -> R<String> {
        let mut file = read_txt_req(e, "filename")?;
        let scale = read_scale(e)?;
        if s.strippath != 0 {
            file = strip_path(&file).to_string();
        }
        let stem = stem_of(&file);
        let list = self.meshes.entry(stem.clone()).or_default();
        if list.iter().any(|&m| s.meshes[m].scale == scale) {
            return Ok(stem);
        }
        let name = if list.is_empty() { stem } else { format!("{}{}", stem, list.len()) };
        let mut m = Mesh { name: name.clone().into(), file: file.into(), ..Mesh::default() };
        m.scale = scale;
        s.meshes.push(Owned::new(m));
        list.push(s.meshes.len() - 1);
        Ok(name)
    }

    /// Places the child body of `<joint>` `e` and adds its joints.
    fn joint(&mut self, e: &Element, s: &mut Spec) -> R<()> {
        let tname = read_txt_req(e, "type")?;
        let kind = joint_kind(&tname).ok_or_else(|| XmlError::at(e, "invalid joint type in URDF joint definition"))?;
        let name = read_txt_req(e, "name")?;
        let pe = sub_req(e, "parent")?;
        if !self.bodies.contains_key(&read_txt_req(pe, "link")?) {
            return Err(XmlError::at(pe, "invalid parent name in URDF joint definition"));
        }
        let ce = sub_req(e, "child")?;
        let Some(&b) = self.bodies.get(&read_txt_req(ce, "link")?) else {
            return Err(XmlError::at(ce, "invalid child name in URDF joint definition"));
        };
        let (pos, quat) = origin(e)?;
        s.bodies[b].pos = pos;
        s.bodies[b].quat = quat;
        let mut axis = [1.0, 0.0, 0.0];
        if let Some(a) = sub(e, "axis")? {
            read_req(a, "xyz", &mut axis)?;
        }

        let first = s.joints.len();
        let mut add = |jname: String, jtype: mjtJoint_, axis: Option<[f64; 3]>| {
            let mut j = Joint { name: jname.into(), body: b, ..Joint::default() };
            j.r#type = jtype as i32;
            if let Some(a) = axis {
                j.axis = a;
            }
            s.joints.push(Owned::new(j));
            s.bodies[b].joints.push(s.joints.len() - 1);
        };
        match kind {
            Kind::Revolute | Kind::Continuous => add(name, mjtJoint_::mjJNT_HINGE, Some(axis)),
            Kind::Prismatic => add(name, mjtJoint_::mjJNT_SLIDE, Some(axis)),
            Kind::Fixed => return Ok(()),
            Kind::Floating => add(name, mjtJoint_::mjJNT_FREE, None),
            Kind::Planar => {
                // two slides spanning the plane normal to the axis, and a hinge about it
                let m = util::quat2mat(&util::z2quat(&axis));
                add(format!("{}_TX", name), mjtJoint_::mjJNT_SLIDE, Some([m[0], m[3], m[6]]));
                add(format!("{}_TY", name), mjtJoint_::mjJNT_SLIDE, Some([m[1], m[4], m[7]]));
                add(format!("{}_RZ", name), mjtJoint_::mjJNT_HINGE, Some(axis));
            }
            Kind::Spherical => add(name, mjtJoint_::mjJNT_BALL, Some(axis)),
        }
        let last = s.joints.len();

        if let Some(d) = sub(e, "dynamics")? {
            let j = &mut s.joints[first];
            read1(d, "damping", &mut j.damping)?;
            read1(d, "friction", &mut j.frictionloss)?;
            let (damping, frictionloss) = (j.damping, j.frictionloss);
            for j in &mut s.joints[first + 1..last] {
                j.damping = damping;
                j.frictionloss = frictionloss;
            }
        }
        if let Some(l) = sub(e, "limit")? {
            let j = &mut s.joints[first];
            let lower = read1(l, "lower", &mut j.range[0])?;
            let upper = read1(l, "upper", &mut j.range[1])?;
            // a half-given or inverted range leaves the joint unlimited; otherwise the automatic
            // rule decides
            if lower != upper || j.range[0] > j.range[1] {
                j.limited = TF_FALSE;
            }
            let mut effort = 0.0f64;
            read1(l, "effort", &mut effort)?;
            let effort = effort.abs();
            if effort > 0.0 {
                j.actfrcrange = [-effort, effort];
            }
        }
        Ok(())
    }
}
