//! Copying parts of a model into a model, as upstream's `mjs_attach` does for `<attach>` (a body
//! of another model) and for `<replicate>` (the model attaching copies of its own subtree).
//!
//! Tree elements are copied with prefixed/suffixed names. Elements outside the tree that name
//! tree elements (contact pairs and exclusions, tendons, equalities, actuators, sensors,
//! tuples) are copied when their renamed references resolve in the receiving model, with
//! upstream's fallbacks to the unrenamed name for one side of a pair, a sensor's reference
//! object and tendon wraps. After a replicate, the original subtree is removed together with
//! the elements that only resolved through it.

use std::collections::{HashMap, HashSet};

use crate::abi::mjtObj_;
use crate::abi::mjtObj_::*;
use crate::abi::mjtSensor_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::mjtWrap_::*;
use crate::spec::api::TreeKind;
use crate::spec::*;

/// The names present in a model, by object type.
#[derive(Clone, Default)]
pub struct Names {
    map: HashMap<i32, HashSet<String>>,
}

fn norm_type(t: i32) -> i32 {
    if t == mjOBJ_XBODY as i32 {
        mjOBJ_BODY as i32
    } else {
        t
    }
}

impl Names {
    /// Collects the names of every named object of `s`.
    pub fn of(s: &Spec) -> Names {
        let mut n = Names::default();
        let mut put = |t: mjtObj_, it: &mut dyn Iterator<Item = &str>| {
            let set = n.map.entry(t as i32).or_default();
            for x in it {
                if !x.is_empty() {
                    set.insert(x.to_string());
                }
            }
        };
        put(mjOBJ_BODY, &mut s.bodies.iter().map(|x| x.name.as_str()));
        put(mjOBJ_JOINT, &mut s.joints.iter().map(|x| x.name.as_str()));
        put(mjOBJ_GEOM, &mut s.geoms.iter().map(|x| x.name.as_str()));
        put(mjOBJ_SITE, &mut s.sites.iter().map(|x| x.name.as_str()));
        put(mjOBJ_CAMERA, &mut s.cameras.iter().map(|x| x.name.as_str()));
        put(mjOBJ_LIGHT, &mut s.lights.iter().map(|x| x.name.as_str()));
        put(mjOBJ_FLEX, &mut s.flexes.iter().map(|x| x.name.as_str()));
        put(mjOBJ_SKIN, &mut s.skins.iter().map(|x| x.name.as_str()));
        put(mjOBJ_HFIELD, &mut s.hfields.iter().map(|x| x.name.as_str()));
        put(mjOBJ_TEXTURE, &mut s.textures.iter().map(|x| x.name.as_str()));
        put(mjOBJ_MATERIAL, &mut s.materials.iter().map(|x| x.name.as_str()));
        put(mjOBJ_PAIR, &mut s.pairs.iter().map(|x| x.name.as_str()));
        put(mjOBJ_EXCLUDE, &mut s.excludes.iter().map(|x| x.name.as_str()));
        put(mjOBJ_EQUALITY, &mut s.equalities.iter().map(|x| x.name.as_str()));
        put(mjOBJ_TENDON, &mut s.tendons.iter().map(|x| x.name.as_str()));
        put(mjOBJ_ACTUATOR, &mut s.actuators.iter().map(|x| x.name.as_str()));
        put(mjOBJ_SENSOR, &mut s.sensors.iter().map(|x| x.name.as_str()));
        put(mjOBJ_NUMERIC, &mut s.numerics.iter().map(|x| x.name.as_str()));
        put(mjOBJ_TEXT, &mut s.texts.iter().map(|x| x.name.as_str()));
        put(mjOBJ_TUPLE, &mut s.tuples.iter().map(|x| x.name.as_str()));
        put(mjOBJ_KEY, &mut s.keys.iter().map(|x| x.name.as_str()));
        n
    }

    pub fn has(&self, t: i32, name: &str) -> bool {
        !name.is_empty() && self.map.get(&norm_type(t)).is_some_and(|s| s.contains(name))
    }

    pub fn add(&mut self, t: mjtObj_, name: &str) {
        if !name.is_empty() {
            self.map.entry(t as i32).or_default().insert(name.to_string());
        }
    }
}

/// `pre` + `name` + `suf` for a non-empty name.
fn ns(pre: &str, name: &str, suf: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!("{}{}{}", pre, name, suf)
    }
}

// ---------------------------------------------------------------- reference resolution

/// Two references where either may fall back to its unrenamed name (pairs, exclusions).
fn resolve_two(t: i32, n1: &str, n2: &str, pre: &str, suf: &str, names: &Names) -> Option<(String, String)> {
    let mut a = format!("{}{}{}", pre, n1, suf);
    let mut b = format!("{}{}{}", pre, n2, suf);
    let mut fa = names.has(t, &a);
    let mut fb = names.has(t, &b);
    if !fa && fb {
        a = n1.to_string();
        fa = names.has(t, &a);
    }
    if fa && !fb {
        b = n2.to_string();
        fb = names.has(t, &b);
    }
    (fa && fb).then_some((a, b))
}

pub fn resolve_pair(p: &Pair, pre: &str, suf: &str, names: &Names) -> Option<Pair> {
    let (g1, g2) = resolve_two(mjOBJ_GEOM as i32, &p.geom1, &p.geom2, pre, suf, names)?;
    Some(Pair { name: ns(pre, &p.name, suf).into(), geom1: g1.into(), geom2: g2.into(), ..p.clone() })
}

pub fn resolve_exclude(x: &Exclude, pre: &str, suf: &str, names: &Names) -> Option<Exclude> {
    let (b1, b2) = resolve_two(mjOBJ_BODY as i32, &x.body1, &x.body2, pre, suf, names)?;
    Some(Exclude { name: ns(pre, &x.name, suf).into(), body1: b1.into(), body2: b2.into(), ..x.clone() })
}

fn wrap_ok(w: &Wrap, target: &str, side: &str, names: &Names) -> bool {
    let t = w.r#type;
    if t == mjWRAP_JOINT as i32 {
        names.has(mjOBJ_JOINT as i32, target)
    } else if t == mjWRAP_SITE as i32 {
        names.has(mjOBJ_SITE as i32, target)
    } else if t == mjWRAP_SPHERE as i32 || t == mjWRAP_CYLINDER as i32 {
        names.has(mjOBJ_GEOM as i32, target) && (side.is_empty() || names.has(mjOBJ_SITE as i32, side))
    } else {
        t == mjWRAP_PULLEY as i32 && w.prm >= 0.0
    }
}

pub fn resolve_tendon(x: &Tendon, pre: &str, suf: &str, names: &Names) -> Option<Tendon> {
    let mut out = x.clone();
    out.name = ns(pre, &x.name, suf).into();
    let mut nfail = 0;
    let mut npulley = 0;
    for w in out.path.iter_mut() {
        if w.r#type == mjWRAP_PULLEY as i32 {
            npulley += 1;
        }
        let t = format!("{}{}{}", pre, w.target, suf);
        let sd = format!("{}{}{}", pre, w.sidesite, suf);
        if wrap_ok(w, &t, &sd, names) {
            if w.r#type != mjWRAP_PULLEY as i32 {
                w.target = t.into();
                if !w.sidesite.is_empty() {
                    w.sidesite = sd.into();
                }
            }
        } else {
            if !wrap_ok(w, &w.target, &w.sidesite, names) {
                return None;
            }
            nfail += 1;
        }
    }
    if nfail == x.path.len() - npulley {
        return None;
    }
    Some(out)
}

pub fn resolve_equality(x: &Equality, pre: &str, suf: &str, names: &Names) -> Option<Equality> {
    use crate::abi::mjtEq_::*;
    let t = if x.r#type == mjEQ_WELD as i32 || x.r#type == mjEQ_CONNECT as i32 {
        if x.objtype != mjOBJ_SITE as i32 && x.objtype != mjOBJ_BODY as i32 {
            return None;
        }
        x.objtype
    } else if x.r#type == mjEQ_JOINT as i32 {
        mjOBJ_JOINT as i32
    } else if x.r#type == mjEQ_TENDON as i32 {
        mjOBJ_TENDON as i32
    } else if x.r#type == mjEQ_FLEX as i32 {
        mjOBJ_FLEX as i32
    } else {
        return None;
    };
    let n1 = ns(pre, &x.name1, suf);
    let n2 = ns(pre, &x.name2, suf);
    if !names.has(t, &n1) || (!n2.is_empty() && !names.has(t, &n2)) {
        return None;
    }
    Some(Equality { name: ns(pre, &x.name, suf).into(), name1: n1.into(), name2: n2.into(), ..x.clone() })
}

/// A flex comes along when all its (prefixed) vertex and node bodies exist; upstream renames
/// only those body references, not the flex itself.
pub fn resolve_flex(x: &Flex, pre: &str, suf: &str, names: &Names) -> Option<Flex> {
    let body = mjOBJ_BODY as i32;
    let vertbody: CxxVec<CxxString> = x.vertbody.iter().map(|b| format!("{}{}{}", pre, b, suf).into()).collect();
    let nodebody: CxxVec<CxxString> = x.nodebody.iter().map(|b| format!("{}{}{}", pre, b, suf).into()).collect();
    if !vertbody.iter().chain(nodebody.iter()).all(|b| names.has(body, b)) {
        return None;
    }
    Some(Flex { vertbody, nodebody, ..x.clone() })
}

pub fn resolve_actuator(x: &Actuator, pre: &str, suf: &str, names: &Names) -> Option<Actuator> {
    let target = ns(pre, &x.target, suf);
    let refsite = ns(pre, &x.refsite, suf);
    let slider = ns(pre, &x.slidersite, suf);
    let site = mjOBJ_SITE as i32;
    let tt = x.trntype;
    let ok = if tt == mjTRN_JOINT as i32 || tt == mjTRN_JOINTINPARENT as i32 {
        names.has(mjOBJ_JOINT as i32, &target)
    } else if tt == mjTRN_SLIDERCRANK as i32 {
        !slider.is_empty() && names.has(site, &slider) && x.cranklength > 0.0 && names.has(site, &target)
    } else if tt == mjTRN_TENDON as i32 {
        names.has(mjOBJ_TENDON as i32, &target)
    } else if tt == mjTRN_SITE as i32 {
        (refsite.is_empty() || names.has(site, &refsite)) && names.has(site, &target)
    } else if tt == mjTRN_BODY as i32 {
        names.has(mjOBJ_BODY as i32, &target)
    } else {
        false
    };
    ok.then(|| Actuator {
        name: ns(pre, &x.name, suf).into(),
        target: target.into(),
        refsite: refsite.into(),
        slidersite: slider.into(),
        ..x.clone()
    })
}

pub fn resolve_sensor(x: &Sensor, pre: &str, suf: &str, names: &Names) -> Option<Sensor> {
    let unknown = mjOBJ_UNKNOWN as i32;
    let (ot, rt) = (x.objtype, x.reftype);
    let mut on = format!("{}{}{}", pre, x.objname, suf);
    let mut rn = format!("{}{}{}", pre, x.refname, suf);
    let mut obj = ot != unknown && names.has(ot, &on);
    let mut rf = rt != unknown && names.has(rt, &rn);
    if ot != unknown && rt != unknown && !obj && rf {
        on = x.objname.to_string();
        obj = names.has(ot, &on);
    }
    if ot != unknown && rt != unknown && obj && !rf {
        rn = x.refname.to_string();
        rf = names.has(rt, &rn);
    }
    if ot != unknown {
        if on.is_empty() || !obj {
            return None;
        }
    } else {
        let t = x.r#type;
        let free = [mjSENS_E_POTENTIAL, mjSENS_E_KINETIC, mjSENS_CLOCK, mjSENS_PLUGIN, mjSENS_CONTACT, mjSENS_USER];
        if !free.iter().any(|&f| f as i32 == t) {
            return None;
        }
        on = x.objname.to_string();
    }
    if rt != unknown {
        if rn.is_empty() || !rf {
            return None;
        }
        let frames = [mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA];
        if !frames.iter().any(|&f| f as i32 == rt) {
            return None;
        }
    } else {
        rn = x.refname.to_string();
    }
    Some(Sensor { name: ns(pre, &x.name, suf).into(), objname: on.into(), refname: rn.into(), ..x.clone() })
}

pub fn resolve_tuple(x: &Tuple, pre: &str, suf: &str, names: &Names) -> Option<Tuple> {
    if x.objtype.is_empty() || x.objtype.len() != x.objname.len() || x.objtype.len() != x.objprm.len() {
        return None;
    }
    let objname: crate::spec::CxxVec<crate::spec::CxxString> =
        x.objname.iter().map(|n| format!("{}{}{}", pre, n, suf).into()).collect();
    for (t, n) in x.objtype.iter().zip(&objname) {
        if !names.has(*t, n) {
            return None;
        }
    }
    Some(Tuple { name: ns(pre, &x.name, suf).into(), objname, ..x.clone() })
}

// ---------------------------------------------------------------- copy and removal passes

/// Copies the referencing elements of `src` (or of `dst` itself when `src` is None: each list
/// as it stands when its turn comes) into `dst`, renamed, when their references resolve.
/// Returns the (source, copy) indices of the copied actuators; within `dst` (a replica), the
/// first copy whose name is taken stops the copying with upstream's error text instead.
pub fn copy_referencing(
    dst: &mut Spec,
    src: Option<&Spec>,
    pre: &str,
    suf: &str,
    names: &mut Names,
) -> Result<Vec<(usize, usize)>, String> {
    let mut acts = Vec::new();
    macro_rules! pass {
        ($list:ident, $resolve:ident, $obj:expr, $what:expr, $is_act:expr) => {{
            let n = src.map_or(dst.$list.len(), |s| s.$list.len());
            for i in 0..n {
                let r = match src {
                    Some(s) => $resolve(&s.$list[i], pre, suf, names),
                    None => $resolve(&dst.$list[i], pre, suf, names),
                };
                if let Some(c) = r {
                    if src.is_none() && names.has($obj as i32, &c.name) {
                        return Err(format!("repeated name '{}' in {}", c.name, $what));
                    }
                    names.add($obj, &c.name);
                    crate::spec::element::PushEl::push_el(&mut dst.$list, c);
                    if $is_act {
                        acts.push((i, dst.$list.len() - 1));
                    }
                }
            }
            if src.is_some() {
                check_repeat(dst.$list.iter().map(|x| x.name.as_str()), $what)?;
            }
        }};
    }
    if src.is_some() {
        pass!(flexes, resolve_flex, mjOBJ_FLEX, "flex", false);
    }
    pass!(pairs, resolve_pair, mjOBJ_PAIR, "pair", false);
    pass!(excludes, resolve_exclude, mjOBJ_EXCLUDE, "exclude", false);
    pass!(tendons, resolve_tendon, mjOBJ_TENDON, "tendon", false);
    pass!(equalities, resolve_equality, mjOBJ_EQUALITY, "equality", false);
    pass!(actuators, resolve_actuator, mjOBJ_ACTUATOR, "actuator", true);
    pass!(sensors, resolve_sensor, mjOBJ_SENSOR, "sensor", false);
    pass!(tuples, resolve_tuple, mjOBJ_TUPLE, "tuple", false);
    if src.is_none() {
        // the originals forget their keyframe values: only the first copy keeps them
        for &(i, _) in &acts {
            dst.actuators[i].keyvals.clear();
        }
    }
    Ok(acts)
}

/// Removes the referencing elements that resolved with `old` names but no longer do.
pub fn remove_dangling(s: &mut Spec, old: &Names) {
    macro_rules! keep {
        ($list:ident, $resolve:ident) => {{
            let new = Names::of(s);
            let v = std::mem::take(&mut s.$list);
            s.$list = v
                .into_iter()
                .filter(|x| $resolve(x, "", "", old).is_none() || $resolve(x, "", "", &new).is_some())
                .collect();
        }};
    }
    keep!(pairs, resolve_pair);
    keep!(excludes, resolve_exclude);
    keep!(tendons, resolve_tendon_plain);
    keep!(equalities, resolve_equality);
    keep!(actuators, resolve_actuator);
    keep!(sensors, resolve_sensor);
}

/// Tendon resolution without renaming (a tendon resolves when all its wraps do).
fn resolve_tendon_plain(x: &Tendon, _: &str, _: &str, names: &Names) -> Option<()> {
    x.path.iter().all(|w| wrap_ok(w, &w.target, &w.sidesite, names)).then_some(())
}

/// Lengths of the tree lists, marking where an original subtree starts.
#[derive(Clone, Copy)]
pub struct TreeMark {
    bodies: usize,
    frames: usize,
    joints: usize,
    geoms: usize,
    sites: usize,
    cameras: usize,
    lights: usize,
}

impl TreeMark {
    pub fn of(s: &Spec) -> TreeMark {
        TreeMark {
            bodies: s.bodies.len(),
            frames: s.frames.len(),
            joints: s.joints.len(),
            geoms: s.geoms.len(),
            sites: s.sites.len(),
            cameras: s.cameras.len(),
            lights: s.lights.len(),
        }
    }
}

/// Index remap after removing `[a, b)`: indices in the range disappear, later ones move down.
fn remap(i: usize, a: usize, b: usize) -> Option<usize> {
    if i < a {
        Some(i)
    } else if i < b {
        None
    } else {
        Some(i - (b - a))
    }
}

fn remap_list(v: &mut Vec<usize>, a: usize, b: usize) {
    *v = v.iter().filter_map(|&i| remap(i, a, b)).collect();
}

/// Removes the tree elements created between marks `a` and `b` (an original replicate subtree).
pub fn remove_tree_range(s: &mut Spec, a: TreeMark, b: TreeMark) {
    s.bodies.drain(a.bodies..b.bodies);
    s.frames.drain(a.frames..b.frames);
    s.joints.drain(a.joints..b.joints);
    s.geoms.drain(a.geoms..b.geoms);
    s.sites.drain(a.sites..b.sites);
    s.cameras.drain(a.cameras..b.cameras);
    s.lights.drain(a.lights..b.lights);
    let fr = |f: Option<usize>| f.and_then(|f| remap(f, a.frames, b.frames));
    for x in s.bodies.iter_mut() {
        x.parent = remap(x.parent, a.bodies, b.bodies).unwrap_or(0);
        x.frame = fr(x.frame);
        remap_list(&mut x.bodies, a.bodies, b.bodies);
        remap_list(&mut x.joints, a.joints, b.joints);
        remap_list(&mut x.geoms, a.geoms, b.geoms);
        remap_list(&mut x.sites, a.sites, b.sites);
        remap_list(&mut x.cameras, a.cameras, b.cameras);
        remap_list(&mut x.lights, a.lights, b.lights);
    }
    for x in s.frames.iter_mut() {
        x.body = remap(x.body, a.bodies, b.bodies).unwrap_or(0);
        x.parent = fr(x.parent);
    }
    macro_rules! fix {
        ($list:ident) => {
            for x in s.$list.iter_mut() {
                x.body = remap(x.body, a.bodies, b.bodies).unwrap_or(0);
                x.frame = fr(x.frame);
            }
        };
    }
    fix!(joints);
    fix!(geoms);
    fix!(sites);
    fix!(cameras);
    fix!(lights);
}

// ---------------------------------------------------------------- attaching another model

/// What of a model an attach copies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// a body with its subtree
    Body(usize),
    /// a frame: its frames, the elements and child bodies (with their subtrees) of its body
    /// placed in it
    Frame(usize),
    /// everything in the world body, inside a new frame
    World,
}

/// Copies body `root` of `c` (or, when None, everything in its world body) into body `b` of
/// `s` under frame `frame`, names prefixed with `pre` and suffixed with `suf`; `keys` keeps
/// the attached keyframe values on the copies. Returns the copies as [`copy_part`] does.
#[allow(clippy::too_many_arguments)]
pub fn copy_subtree(
    s: &mut Spec,
    c: &Spec,
    root: Option<usize>,
    b: usize,
    frame: Option<usize>,
    pre: &str,
    suf: &str,
    keys: bool,
) -> Vec<(TreeKind, usize, usize)> {
    let part = root.map_or(Part::World, Part::Body);
    copy_part(s, c, part, b, frame, pre, suf, pre, keys)
}

/// Whether frame `f` of `c` is `top` or inside it.
fn within(c: &Spec, f: Option<usize>, top: usize) -> bool {
    let mut k = f;
    while let Some(x) = k {
        if x == top {
            return true;
        }
        k = c.frames[x].parent;
    }
    false
}

/// Copies `part` of `c` into body `b` of `s`, names prefixed with `pre` and suffixed with
/// `suf` (asset names the elements refer to with `apre` alone): an attached body or frame is
/// placed in frame `frame` of `b` (a world goes into a new frame there); `keys` keeps the
/// attached keyframe values on the copies. Returns every copied tree element: (kind, index in
/// `c`, index in `s`).
#[allow(clippy::too_many_arguments)]
pub fn copy_part(
    s: &mut Spec,
    c: &Spec,
    part: Part,
    b: usize,
    frame: Option<usize>,
    pre: &str,
    suf: &str,
    apre: &str,
    keys: bool,
) -> Vec<(TreeKind, usize, usize)> {
    let n = |x: &str| ns(pre, x, suf);
    let mut out = Vec::new();
    // the body whose own elements come along when placed in the part
    let container = match part {
        Part::Body(_) => None,
        Part::Frame(f) => Some(c.frames[f].body),
        Part::World => Some(0),
    };
    let in_part = |f: Option<usize>| match part {
        Part::Body(_) => false,
        Part::Frame(top) => within(c, f, top),
        Part::World => true,
    };
    let roots: Vec<usize> = match part {
        Part::Body(r) => vec![r],
        _ => {
            let cb = container.unwrap_or(0);
            c.bodies[cb].bodies.iter().copied().filter(|&k| in_part(c.bodies[k].frame)).collect()
        }
    };
    // depth-first order of the copied bodies
    let mut dfs: Vec<usize> = Vec::new();
    for &r in &roots {
        dfs.push(r);
        dfs.extend(c.subtree(r));
    }
    let copied: HashSet<usize> = dfs.iter().copied().collect();
    let mut bmap: HashMap<usize, usize> = HashMap::new();
    let mut fmap: HashMap<usize, usize> = HashMap::new();
    if let Some(cb) = container {
        bmap.insert(cb, b);
    }
    // a whole world goes into a new frame
    let top_frame = if part == Part::World {
        s.frames.push(Owned::new(Frame { body: b, parent: frame, ..Frame::default() }));
        Some(s.frames.len() - 1)
    } else {
        frame
    };
    // frames: the attached frame first, then those inside it, then those of the copied bodies
    // (parents come before their children in the list)
    let mut flist: Vec<usize> = Vec::new();
    if let Part::Frame(f) = part {
        flist.push(f);
    }
    for (fi, f) in c.frames.iter().enumerate() {
        let take = match part {
            Part::Frame(t) => fi != t && Some(f.body) == container && within(c, f.parent, t),
            Part::World => f.body == 0,
            Part::Body(_) => false,
        };
        if take || copied.contains(&f.body) {
            flist.push(fi);
        }
    }
    let first = s.frames.len();
    for (k, &fi) in flist.iter().enumerate() {
        fmap.insert(fi, first + k);
    }
    for &fi in &flist {
        let f = &c.frames[fi];
        let mut nf = f.clone();
        nf.name = n(&f.name).into();
        nf.parent = if part == Part::Frame(fi) {
            frame
        } else {
            match f.parent.and_then(|p| fmap.get(&p).copied()) {
                Some(p) => Some(p),
                None if Some(f.body) == container => top_frame,
                None => None,
            }
        };
        // the body is set once the bodies are copied
        nf.body = f.body;
        out.push((TreeKind::Frame, fi, s.frames.len()));
        s.frames.push(Owned::new(nf));
    }
    // where an element of body `body` placed in frame `f` goes
    let map_frame = |f: Option<usize>, body: usize, fmap: &HashMap<usize, usize>| -> Option<usize> {
        match f {
            Some(f) => fmap.get(&f).copied(),
            None if Some(body) == container => top_frame,
            None => None,
        }
    };
    for &k in &dfs {
        let src = &c.bodies[k];
        let mut nb = src.clone();
        nb.name = n(&src.name).into();
        nb.bodies.clear();
        nb.joints.clear();
        nb.geoms.clear();
        nb.sites.clear();
        nb.cameras.clear();
        nb.lights.clear();
        if !keys {
            nb.keyvals.clear();
        }
        let root = roots.contains(&k);
        let parent = if root { b } else { bmap[&src.parent] };
        nb.parent = parent;
        nb.frame = match part {
            Part::Body(_) if root => frame,
            _ => map_frame(src.frame, src.parent, &fmap),
        };
        let id = s.bodies.len();
        bmap.insert(k, id);
        out.push((TreeKind::Body, k, id));
        s.bodies.push(Owned::new(nb));
        s.bodies[parent].bodies.push(id);
    }
    for &fi in &flist {
        let f = fmap[&fi];
        let body = s.frames[f].body;
        s.frames[f].body = *bmap.get(&body).unwrap_or(&b);
    }
    // the elements of the container placed in the part, then those of each copied body
    let owners: Vec<usize> = container.into_iter().chain(dfs.iter().copied()).collect();
    for k in owners {
        let nbody = bmap[&k];
        let src = &c.bodies[k];
        let keep = |f: Option<usize>| Some(k) != container || in_part(f);
        for &j in src.joints.iter().filter(|&&j| keep(c.joints[j].frame)) {
            let mut x = c.joints[j].clone();
            x.name = n(&x.name).into();
            x.body = nbody;
            x.frame = map_frame(x.frame, k, &fmap);
            if !keys {
                x.keyvals.clear();
            }
            out.push((TreeKind::Joint, j, s.joints.len()));
            s.joints.push(Owned::new(x));
            s.bodies[nbody].joints.push(s.joints.len() - 1);
        }
        for &g in src.geoms.iter().filter(|&&g| keep(c.geoms[g].frame)) {
            let mut x = c.geoms[g].clone();
            x.name = n(&x.name).into();
            x.material = ns(apre, &x.material, "").into();
            x.meshname = ns(apre, &x.meshname, "").into();
            x.hfieldname = ns(apre, &x.hfieldname, "").into();
            x.body = nbody;
            x.frame = map_frame(x.frame, k, &fmap);
            out.push((TreeKind::Geom, g, s.geoms.len()));
            s.geoms.push(Owned::new(x));
            s.bodies[nbody].geoms.push(s.geoms.len() - 1);
        }
        for &i in src.sites.iter().filter(|&&i| keep(c.sites[i].frame)) {
            let mut x = c.sites[i].clone();
            x.name = n(&x.name).into();
            x.material = ns(apre, &x.material, "").into();
            x.body = nbody;
            x.frame = map_frame(x.frame, k, &fmap);
            out.push((TreeKind::Site, i, s.sites.len()));
            s.sites.push(Owned::new(x));
            s.bodies[nbody].sites.push(s.sites.len() - 1);
        }
        for &i in src.cameras.iter().filter(|&&i| keep(c.cameras[i].frame)) {
            let mut x = c.cameras[i].clone();
            x.name = n(&x.name).into();
            x.targetbody = n(&x.targetbody).into();
            x.body = nbody;
            x.frame = map_frame(x.frame, k, &fmap);
            out.push((TreeKind::Camera, i, s.cameras.len()));
            s.cameras.push(Owned::new(x));
            s.bodies[nbody].cameras.push(s.cameras.len() - 1);
        }
        for &i in src.lights.iter().filter(|&&i| keep(c.lights[i].frame)) {
            let mut x = c.lights[i].clone();
            x.name = n(&x.name).into();
            x.targetbody = n(&x.targetbody).into();
            x.texture = n(&x.texture).into();
            x.body = nbody;
            x.frame = map_frame(x.frame, k, &fmap);
            out.push((TreeKind::Light, i, s.lights.len()));
            s.lights.push(Owned::new(x));
            s.bodies[nbody].lights.push(s.lights.len() - 1);
        }
    }
    out
}

/// Upstream's check of a list after copying into it: the first repeated name, in sorted order.
pub fn check_repeat<'a>(names: impl Iterator<Item = &'a str>, what: &str) -> Result<(), String> {
    let mut v: Vec<&str> = names.filter(|n| !n.is_empty()).collect();
    v.sort_unstable();
    match v.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(format!("repeated name '{}' in {}", w[0], what)),
        None => Ok(()),
    }
}

/// Where the assets of `c` are read when attached through the spec API: its model file's folder,
/// its mesh folder, its texture folder.
pub struct Origin<'a> {
    pub modeldir: &'a str,
    pub meshdir: &'a str,
    pub texturedir: &'a str,
}

/// Copies the assets and custom data of model `c` (meshes, skins, height fields, textures,
/// materials, numerics, texts) into `s`, named with prefix `pre` and suffix `suf` (unnamed file
/// assets after their file first; skins keep their name), each list checked for repeated names.
/// With `origin`, file assets remember the folders of `c` (their first origin stays).
pub fn attach_assets(s: &mut Spec, c: &Spec, pre: &str, suf: &str, origin: Option<&Origin>) -> Result<(), String> {
    let named = |name: &CxxString, file: &CxxString| -> String {
        if name.is_empty() && !file.is_empty() {
            crate::io::files::stem_of(file)
        } else {
            name.to_string()
        }
    };
    let from = |dir: &str| origin.map(|o| (o.modeldir.to_string(), dir.to_string()));
    let (meshdir, texdir) = origin.map_or(("", ""), |o| (o.meshdir, o.texturedir));
    for m in &c.meshes {
        let mut x = m.clone();
        x.name = ns(pre, &named(&m.name, &m.file), suf).into();
        if x.origin.is_none() {
            x.origin = from(meshdir);
        }
        s.meshes.push(x);
    }
    check_repeat(s.meshes.iter().map(|x| x.name.as_str()), "mesh")?;
    // upstream prefixes only the bone body names of a skin, not its name or material
    for k in &c.skins {
        let mut x = k.clone();
        x.name = named(&k.name, &k.file).into();
        for b in x.bodyname.iter_mut() {
            *b = ns(pre, b, suf).into();
        }
        if x.origin.is_none() {
            x.origin = from(meshdir);
        }
        s.skins.push(x);
    }
    check_repeat(s.skins.iter().map(|x| x.name.as_str()), "skin")?;
    for h in &c.hfields {
        let mut x = h.clone();
        x.name = ns(pre, &named(&h.name, &h.file), suf).into();
        if x.origin.is_none() {
            x.origin = from(meshdir);
        }
        s.hfields.push(x);
    }
    check_repeat(s.hfields.iter().map(|x| x.name.as_str()), "hfield")?;
    for t in &c.textures {
        let mut x = t.clone();
        x.name = ns(pre, &named(&t.name, &t.file), suf).into();
        if x.origin.is_none() {
            x.origin = from(texdir);
        }
        s.textures.push(x);
    }
    check_repeat(s.textures.iter().map(|x| x.name.as_str()), "texture")?;
    for m in &c.materials {
        let mut x = m.clone();
        x.name = ns(pre, &m.name, suf).into();
        for t in x.textures.iter_mut() {
            *t = ns(pre, t, suf).into();
        }
        s.materials.push(x);
    }
    check_repeat(s.materials.iter().map(|x| x.name.as_str()), "material")?;
    for x in &c.numerics {
        s.numerics.push(Owned::new(Numeric { name: ns(pre, &x.name, suf).into(), ..(**x).clone() }));
    }
    check_repeat(s.numerics.iter().map(|x| x.name.as_str()), "numeric")?;
    for x in &c.texts {
        s.texts.push(Owned::new(Text { name: ns(pre, &x.name, suf).into(), ..(**x).clone() }));
    }
    check_repeat(s.texts.iter().map(|x| x.name.as_str()), "text")
}

/// The assets and referencing elements of model `c` that come along with an `<attach>`
/// (prefix `pre`, suffix `suf`), and `pending` (from [`Spec::keys_for_attach`]) as pending
/// keyframes of `s`; the first repeated name stops it with upstream's error. Returns the
/// (source, copy) indices of the copied actuators, whose copies now hold the keyframe values.
pub fn attach_rest(
    s: &mut Spec,
    c: &Spec,
    pending: Vec<Key>,
    pre: &str,
    suf: &str,
) -> Result<Vec<(usize, usize)>, String> {
    s.pending_keys.extend(pending.into_iter().map(Owned::new));
    attach_assets(s, c, pre, suf, None)?;
    let mut names = Names::of(s);
    copy_referencing(s, Some(c), pre, suf, &mut names)
}

/// A keyframe named `name` whose values the compiler rebuilds from those stored on the joints,
/// actuators and mocap bodies (upstream's pending keyframe), for the fields `k` gives.
pub fn pending_key(k: &Key, name: &str) -> Key {
    let mut nk = Key {
        name: name.into(),
        attached: Some([
            !k.qpos.is_empty(),
            !k.qvel.is_empty(),
            !k.act.is_empty(),
            !k.ctrl.is_empty(),
            !k.mpos.is_empty(),
            !k.mquat.is_empty(),
        ]),
        info: k.info.clone(),
        ..Key::default()
    };
    nk.time = k.time;
    nk
}

/// Gives the first replica the keyframe values of the original subtree (blocks of joints and
/// bodies in the same order), which then forgets them.
pub fn pass_keys_to_replica(s: &mut Spec, orig: (TreeMark, TreeMark), rep: TreeMark) {
    let (a, b) = orig;
    let nj = b.joints - a.joints;
    let nb = b.bodies - a.bodies;
    if s.joints.len() - rep.joints != nj || s.bodies.len() - rep.bodies != nb {
        return;
    }
    for k in 0..nj {
        let v = std::mem::take(&mut s.joints[a.joints + k].keyvals);
        s.joints[rep.joints + k].keyvals.extend(v);
    }
    for k in 0..nb {
        let v = std::mem::take(&mut s.bodies[a.bodies + k].keyvals);
        s.bodies[rep.bodies + k].keyvals.extend(v);
    }
}

/// Upstream's keyframe bookkeeping at a replicate's copy (suffix = the copy's own suffix) and at
/// the removal of its original subtree (empty suffix, `with_actuators`): the model's keyframes
/// must fit the tree read so far without this replicate's copies (the first `lim` joints and
/// bodies, the first `nact` actuators), and their values are stored on those joints, mocap
/// bodies (and actuators) under the suffixed key name, which becomes a pending keyframe.
pub fn replicate_store_keys(
    s: &mut Spec,
    lim: &TreeMark,
    nact: usize,
    suffix: &str,
    with_actuators: bool,
) -> Result<(), String> {
    if s.keys.is_empty() {
        return Ok(());
    }
    let (mut nq, mut nv) = (0usize, 0usize);
    let mut jadr: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
    for b in 0..lim.bodies.min(s.bodies.len()) {
        for &j in s.bodies[b].joints.iter().filter(|&&j| j < lim.joints) {
            let t = s.joints[j].r#type;
            let (jq, jv) = crate::spec::joint_size(t);
            jadr.push((j, nq, jq, nv, jv));
            nq += jq;
            nv += jv;
        }
    }
    let mut aadr = Vec::new();
    let mut na = 0usize;
    for a in s.actuators.iter().take(nact) {
        let dim = crate::spec::act_dim(a.actdim, a.dyntype);
        aadr.push((na, dim));
        na += dim;
    }
    let nu = aadr.len();
    let mocap: Vec<usize> = (0..lim.bodies.min(s.bodies.len())).filter(|&b| s.bodies[b].mocap != 0).collect();
    let nmocap = mocap.len();
    let keys: Vec<Key> = s.keys.iter().map(|k| (**k).clone()).collect();
    for k in &keys {
        for (what, got, want, quote) in [
            ("qpos", k.qpos.len(), nq, true),
            ("qvel", k.qvel.len(), nv, false),
            ("act", k.act.len(), na, false),
            ("ctrl", k.ctrl.len(), nu, false),
            ("mpos", k.mpos.len(), 3 * nmocap, false),
            ("mquat", k.mquat.len(), 4 * nmocap, false),
        ] {
            if got != 0 && got != want {
                let name = if quote { format!("'{}'", k.name) } else { k.name.to_string() };
                return Err(format!("Keyframe {} has invalid {} size, got {}, should be {}", name, what, got, want));
            }
        }
        let name = format!("{}{}", k.name, suffix);
        for &(j, qa, jq, va, jv) in &jadr {
            let q = k.qpos.get(qa..qa + jq).map(|v| v.to_vec()).unwrap_or_default();
            let v = k.qvel.get(va..va + jv).map(|v| v.to_vec()).unwrap_or_default();
            if !q.is_empty() || !v.is_empty() {
                s.joints[j].keyvals.push((name.clone(), q, v));
            }
        }
        if with_actuators {
            for (i, &(a0, dim)) in aadr.iter().enumerate() {
                let act =
                    if dim > 0 { k.act.get(a0..a0 + dim).map(|v| v.to_vec()).unwrap_or_default() } else { Vec::new() };
                let ctrl = k.ctrl.get(i).copied();
                if !act.is_empty() || ctrl.is_some() {
                    s.actuators[i].keyvals.push((name.clone(), act, ctrl));
                }
            }
        }
        for (m, &b) in mocap.iter().enumerate() {
            let mut p = [f64::NAN, 0.0, 0.0];
            let mut q = [f64::NAN, 0.0, 0.0, 0.0];
            if let Some(v) = k.mpos.get(3 * m..3 * m + 3) {
                p.copy_from_slice(v);
            }
            if let Some(v) = k.mquat.get(4 * m..4 * m + 4) {
                q.copy_from_slice(v);
            }
            if !p[0].is_nan() || !q[0].is_nan() {
                s.bodies[b].keyvals.push((name.clone(), p, q));
            }
        }
        s.pending_keys.push(Owned::new(pending_key(k, &name)));
    }
    Ok(())
}
