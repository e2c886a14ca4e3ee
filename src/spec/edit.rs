//! Removing elements from a spec (`mjs_delete`): single elements, body subtrees with everything
//! that refers into them, and default classes with their descendants.

use super::api::TreeKind;
use super::element::Owned;
use super::*;
use crate::xml::attach;

/// Tree elements to remove, by kind: `true` at the index of each one.
#[derive(Default)]
struct TreeDrop {
    bodies: Vec<bool>,
    frames: Vec<bool>,
    joints: Vec<bool>,
    geoms: Vec<bool>,
    sites: Vec<bool>,
    cameras: Vec<bool>,
    lights: Vec<bool>,
}

/// New index of each old index after removing the marked ones.
fn new_indices(drop: &[bool]) -> Vec<Option<usize>> {
    let mut k = 0;
    drop.iter()
        .map(|&d| {
            if d {
                None
            } else {
                k += 1;
                Some(k - 1)
            }
        })
        .collect()
}

fn retain_marked<T: element::Linked>(v: &mut Vec<Owned<T>>, drop: &[bool], gone: &mut Vec<usize>) {
    let mut i = 0;
    v.retain(|x| {
        let d = drop.get(i).copied().unwrap_or(false);
        if d {
            gone.push(x.ptr() as usize);
        }
        i += 1;
        !d
    });
}

fn remap_list(v: &mut Vec<usize>, map: &[Option<usize>]) {
    *v = v.iter().filter_map(|&i| map.get(i).copied().flatten()).collect();
}

impl Spec {
    /// Removes the marked tree elements and renumbers the links between the rest; returns the
    /// addresses of the removed elements.
    fn remove_tree(&mut self, d: &TreeDrop) -> Vec<usize> {
        let mut gone = Vec::new();
        retain_marked(&mut self.bodies, &d.bodies, &mut gone);
        retain_marked(&mut self.frames, &d.frames, &mut gone);
        retain_marked(&mut self.joints, &d.joints, &mut gone);
        retain_marked(&mut self.geoms, &d.geoms, &mut gone);
        retain_marked(&mut self.sites, &d.sites, &mut gone);
        retain_marked(&mut self.cameras, &d.cameras, &mut gone);
        retain_marked(&mut self.lights, &d.lights, &mut gone);
        let (mb, mf) = (new_indices(&d.bodies), new_indices(&d.frames));
        let (mj, mg, ms) = (new_indices(&d.joints), new_indices(&d.geoms), new_indices(&d.sites));
        let (mc, ml) = (new_indices(&d.cameras), new_indices(&d.lights));
        let body = |b: usize| mb.get(b).copied().flatten().unwrap_or(0);
        let frame = |f: Option<usize>| f.and_then(|f| mf.get(f).copied().flatten());
        for x in self.bodies.iter_mut() {
            x.parent = body(x.parent);
            x.frame = frame(x.frame);
            remap_list(&mut x.bodies, &mb);
            remap_list(&mut x.joints, &mj);
            remap_list(&mut x.geoms, &mg);
            remap_list(&mut x.sites, &ms);
            remap_list(&mut x.cameras, &mc);
            remap_list(&mut x.lights, &ml);
        }
        for x in self.frames.iter_mut() {
            x.body = body(x.body);
            x.parent = frame(x.parent);
        }
        macro_rules! fix {
            ($list:ident) => {
                for x in self.$list.iter_mut() {
                    x.body = body(x.body);
                    x.frame = frame(x.frame);
                }
            };
        }
        fix!(joints);
        fix!(geoms);
        fix!(sites);
        fix!(cameras);
        fix!(lights);
        gone
    }

    fn tree_drop(&self) -> TreeDrop {
        TreeDrop {
            bodies: vec![false; self.bodies.len()],
            frames: vec![false; self.frames.len()],
            joints: vec![false; self.joints.len()],
            geoms: vec![false; self.geoms.len()],
            sites: vec![false; self.sites.len()],
            cameras: vec![false; self.cameras.len()],
            lights: vec![false; self.lights.len()],
        }
    }

    /// Forgets the user values of removed elements (their cleanups run).
    fn forget(&mut self, gone: &[usize]) {
        for a in gone {
            self.user_values.remove(a);
        }
    }

    /// Turns every keyframe into one whose values live on the joints, actuators and mocap
    /// bodies (upstream's pending keyframes), so that the compiler rebuilds them for the model
    /// as it is then.
    fn keys_to_pending(&mut self) {
        if self.keys.is_empty() {
            return;
        }
        let kv = attach::child_keyvals(self, "", "");
        for (j, v) in kv.joints {
            self.joints[j].keyvals.extend(v);
        }
        for (b, v) in kv.bodies {
            self.bodies[b].keyvals.extend(v);
        }
        for (a, v) in kv.actuators {
            self.actuators[a].keyvals.extend(v);
        }
        for k in std::mem::take(&mut self.keys) {
            let nk = attach::pending_key(&k, k.name.as_str());
            self.keys.push(Owned::new(nk));
        }
    }

    /// Removes body `b`, its subtree and the frames in it, then the elements that referred to
    /// anything removed; keyframes become pending.
    pub fn delete_body(&mut self, b: usize) -> Result<(), String> {
        if b == 0 {
            return Err("cannot delete the world body".into());
        }
        let old = attach::Names::of(self);
        self.keys_to_pending();
        let mut d = self.tree_drop();
        let mut inside = vec![b];
        inside.extend(self.subtree(b));
        for &k in &inside {
            d.bodies[k] = true;
            let x = &self.bodies[k];
            for &i in &x.joints {
                d.joints[i] = true;
            }
            for &i in &x.geoms {
                d.geoms[i] = true;
            }
            for &i in &x.sites {
                d.sites[i] = true;
            }
            for &i in &x.cameras {
                d.cameras[i] = true;
            }
            for &i in &x.lights {
                d.lights[i] = true;
            }
        }
        for (i, f) in self.frames.iter().enumerate() {
            d.frames[i] = d.bodies[f.body];
        }
        let own = self.body_instances(&inside);
        let p = self.bodies[b].parent;
        self.bodies[p].bodies.retain(|&c| c != b);
        let gone = self.remove_tree(&d);
        self.forget(&gone);
        attach::remove_dangling(self, &old);
        // upstream drops unreferenced named instances, then (unless that failed) the instances
        // the subtree's bodies configured in place
        let r = self.remove_unreferenced_plugins();
        if r.is_ok() {
            self.drop_instances(&own);
        }
        self.adopt();
        r
    }

    /// Removes one element that is not a body (joint, geom, site, camera, light, or an element
    /// outside the tree) at index `i` of its list.
    pub fn delete_element(&mut self, t: mjtObj, i: usize) {
        self.drop_plugin_of(t, i);
        if let Some(k) = TreeKind::of(t) {
            let mut d = self.tree_drop();
            match k {
                TreeKind::Joint => d.joints[i] = true,
                TreeKind::Geom => d.geoms[i] = true,
                TreeKind::Site => d.sites[i] = true,
                TreeKind::Camera => d.cameras[i] = true,
                TreeKind::Light => d.lights[i] = true,
                // frames are not in upstream's deletable lists: left in place
                TreeKind::Frame | TreeKind::Body => return,
            }
            let gone = self.remove_tree(&d);
            self.forget(&gone);
        } else {
            macro_rules! take {
                ($list:ident) => {{
                    let x = self.$list.remove(i);
                    self.forget(&[x.ptr() as usize]);
                }};
            }
            use mjtObj_::*;
            match t {
                x if x == mjOBJ_ACTUATOR as mjtObj => take!(actuators),
                x if x == mjOBJ_SENSOR as mjtObj => take!(sensors),
                x if x == mjOBJ_TENDON as mjtObj => take!(tendons),
                x if x == mjOBJ_EQUALITY as mjtObj => take!(equalities),
                x if x == mjOBJ_PAIR as mjtObj => take!(pairs),
                x if x == mjOBJ_EXCLUDE as mjtObj => take!(excludes),
                x if x == mjOBJ_KEY as mjtObj => take!(keys),
                x if x == mjOBJ_NUMERIC as mjtObj => take!(numerics),
                x if x == mjOBJ_TEXT as mjtObj => take!(texts),
                x if x == mjOBJ_TUPLE as mjtObj => take!(tuples),
                x if x == mjOBJ_FLEX as mjtObj => take!(flexes),
                x if x == mjOBJ_PLUGIN as mjtObj => take!(plugins),
                x if x == mjOBJ_MATERIAL as mjtObj => take!(materials),
                x if x == mjOBJ_TEXTURE as mjtObj => take!(textures),
                x if x == mjOBJ_MESH as mjtObj => take!(meshes),
                x if x == mjOBJ_HFIELD as mjtObj => take!(hfields),
                x if x == mjOBJ_SKIN as mjtObj => take!(skins),
                _ => return,
            }
        }
        self.adopt();
    }

    /// Removes default class `i` and its descendants; elements of a removed class fall back to
    /// "main".
    pub fn delete_default(&mut self, i: usize) -> Result<(), String> {
        if i == 0 {
            return Err("cannot remove the global default ('main')".into());
        }
        let n = self.defaults.len();
        let mut drop = vec![false; n];
        drop[i] = true;
        // parents come before their children
        for k in i + 1..n {
            if let Some(p) = self.defaults[k].parent {
                drop[k] = drop[p];
            }
        }
        let map = new_indices(&drop);
        let class = |c: usize| map.get(c).copied().flatten().unwrap_or(0);
        let mut k = 0;
        self.defaults.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
        for d in self.defaults.iter_mut() {
            d.parent = d.parent.map(class);
        }
        for b in self.bodies.iter_mut() {
            b.class = class(b.class);
            b.head.class = class(b.head.class);
            b.childclass_id = b.childclass_id.and_then(|c| map.get(c).copied().flatten());
        }
        macro_rules! reclass {
            ($($list:ident),*) => {
                $(for x in self.$list.iter_mut() {
                    x.head.class = class(x.head.class);
                })*
            };
        }
        reclass!(joints, geoms, sites, cameras, lights, actuators, tendons, equalities, pairs, materials, meshes, flexes);
        self.adopt();
        Ok(())
    }
}

/// Lengths of every list that an attach appends to, marking where the attached copies start.
#[derive(Clone, Copy)]
pub(crate) struct Marks {
    bodies: usize,
    frames: usize,
    joints: usize,
    geoms: usize,
    sites: usize,
    cameras: usize,
    lights: usize,
    actuators: usize,
    tendons: usize,
    equalities: usize,
    pairs: usize,
    materials: usize,
    meshes: usize,
    flexes: usize,
}

impl Marks {
    pub(crate) fn of(s: &Spec) -> Marks {
        Marks {
            bodies: s.bodies.len(),
            frames: s.frames.len(),
            joints: s.joints.len(),
            geoms: s.geoms.len(),
            sites: s.sites.len(),
            cameras: s.cameras.len(),
            lights: s.lights.len(),
            actuators: s.actuators.len(),
            tendons: s.tendons.len(),
            equalities: s.equalities.len(),
            pairs: s.pairs.len(),
            materials: s.materials.len(),
            meshes: s.meshes.len(),
            flexes: s.flexes.len(),
        }
    }
}

/// What an attach made: the copy of the attached body, or the frame holding an attached world.
pub enum Attached {
    Body(usize),
    Frame(usize),
}

impl Spec {
    /// Copies the default classes of `c` into this spec, names with prefix and suffix, the
    /// copy of its "main" under this spec's "main"; returns the index of that copy.
    pub(crate) fn attach_defaults(&mut self, c: &Spec, pre: &str, suf: &str) -> usize {
        let off = self.defaults.len();
        for (k, d) in c.defaults.iter().enumerate() {
            let mut nd = d.clone();
            nd.name = format!("{}{}{}", pre, d.name.as_str(), suf).as_str().into();
            nd.parent = Some(d.parent.map_or(0, |p| p + off));
            nd.set_index(off + k);
            self.defaults.push(nd);
        }
        off
    }

    /// Points the elements attached since `m` at the copies of their classes (the child's
    /// classes copied at `off`); as upstream's, an element of the child's "main" class is
    /// then of this spec's "main", and class names written on frames and bodies take the
    /// prefix and suffix.
    pub(crate) fn reclass_attached(&mut self, m: &Marks, off: usize, pre: &str, suf: &str) {
        let add = |x: usize| if x == 0 { 0 } else { x + off };
        let name = |v: &mut CxxString| {
            let t = v.as_str();
            if !t.is_empty() && t != "main" {
                let t = format!("{}{}{}", pre, t, suf);
                v.set(&t);
            }
        };
        for x in self.bodies[m.bodies..].iter_mut() {
            x.class = add(x.class);
            x.head.class = add(x.head.class);
            x.childclass_id = x.childclass_id.map(add);
            name(&mut x.childclass);
        }
        for x in self.frames[m.frames..].iter_mut() {
            name(&mut x.childclass);
        }
        macro_rules! reclass {
            ($($list:ident),*) => {
                $(for x in self.$list[m.$list..].iter_mut() {
                    x.head.class = add(x.head.class);
                })*
            };
        }
        reclass!(joints, geoms, sites, cameras, lights, actuators, tendons, equalities, pairs, materials, meshes, flexes);
    }

    /// `mjs_attach` of body `root` of `c` (or, for None, its whole world under a new frame) into
    /// body `b` of this spec, inside frame `frame`, with names given prefix `pre` and suffix
    /// `suf`; the child's default classes, assets, referencing elements and keyframes come
    /// along as in an MJCF `<attach>`.
    pub fn attach_from(&mut self, c: &mut Spec, root: Option<usize>, b: usize, frame: Option<usize>, pre: &str, suf: &str) -> Result<Attached, String> {
        let m = Marks::of(self);
        let pm = super::plugin::PluginMarks::of(self);
        let off = self.attach_defaults(c, pre, suf);
        attach::store_child_keys(c, pre, suf);
        attach::copy_subtree(self, c, root, b, frame, pre, suf, true);
        self.convert_units(c, &m);
        if !self.deepcopy {
            self.take_over(c, root, &m);
        }
        attach::forget_child_keys(c, root);
        attach::attach_rest(self, c, pre, suf);
        let pending = std::mem::take(&mut self.pending_keys);
        self.keys.extend(pending);
        // upstream moves the child's elements unless deep copy is on; the child can then no
        // longer be compiled on its own (our copy leaves it whole)
        c.attached_by_ref |= !self.deepcopy;
        self.reclass_attached(&m, off, pre, suf);
        if !suf.is_empty() {
            // asset references take the suffix too
            let sfx = |v: &mut CxxString| {
                if !v.as_bytes().is_empty() {
                    let t = format!("{}{}", v.as_str(), suf);
                    v.set(&t);
                }
            };
            for g in self.geoms[m.geoms..].iter_mut() {
                sfx(&mut g.material);
                sfx(&mut g.meshname);
                sfx(&mut g.hfieldname);
            }
            for x in self.sites[m.sites..].iter_mut() {
                sfx(&mut x.material);
            }
        }
        self.attach_plugins(c, &pm, pre, suf);
        self.adopt();
        Ok(match root {
            Some(_) => Attached::Body(m.bodies),
            None => Attached::Frame(m.frames),
        })
    }

    /// `mjs_setFrame`: element `i` of kind `k` is placed in frame `f`, which must belong to
    /// the element's body.
    pub fn set_frame(&mut self, k: TreeKind, i: usize, f: usize) -> Result<(), String> {
        let fb = self.frames[f].body;
        macro_rules! put {
            ($list:ident, $parent:expr) => {{
                let parent = $parent;
                let x = &mut self.$list[i];
                if parent != fb {
                    return Err(Spec::element_error(
                        &format!("Frame and body '{}' have mismatched parents", x.name.as_str()),
                        x.name.as_str(),
                        &x.head,
                        &x.info,
                    ));
                }
                x.frame = Some(f);
            }};
        }
        match k {
            TreeKind::Body => {
                let p = self.bodies[i].parent;
                put!(bodies, p)
            }
            TreeKind::Frame => {
                let x = &mut self.frames[i];
                if x.body != fb {
                    let name = x.name.as_str().to_string();
                    return Err(Spec::element_error(&format!("Frame and body '{}' have mismatched parents", name), &name, &x.head, &x.info));
                }
                x.parent = Some(f);
            }
            TreeKind::Joint => put!(joints, self.joints[i].body),
            TreeKind::Geom => put!(geoms, self.geoms[i].body),
            TreeKind::Site => put!(sites, self.sites[i].body),
            TreeKind::Camera => put!(cameras, self.cameras[i].body),
            TreeKind::Light => put!(lights, self.lights[i].body),
        }
        Ok(())
    }

    /// `mjs_bodyToFrame`: body `b` becomes a frame of its parent at the body's position and
    /// orientation; its children move to the parent inside that frame, then the body is
    /// deleted. Returns the frame.
    pub fn body_to_frame(&mut self, b: usize) -> Result<usize, String> {
        if b == 0 {
            return Err("cannot delete the world body".into());
        }
        let p = self.bodies[b].parent;
        let compiled_mass = self.bodies[b].head.id >= 0 && (!self.bodies[b].geoms.is_empty() || self.bodies[b].mass > 0.0);
        if p != 0 && compiled_mass {
            return Err("not supported yet: mjs_bodyToFrame of a body with mass in a compiled spec".into());
        }
        let outer = self.bodies[b].frame;
        let f = self.add_frame(p, outer);
        let (pos, quat) = (self.bodies[b].pos, self.bodies[b].quat);
        self.frames[f].pos = pos;
        self.frames[f].quat = quat;
        let moved = self.bodies[b].bodies.clone();
        for &c in &moved {
            self.bodies[c].parent = p;
            if self.bodies[c].frame.is_none() {
                self.bodies[c].frame = Some(f);
            }
        }
        self.bodies[p].bodies.extend(moved);
        self.bodies[b].bodies.clear();
        macro_rules! mv {
            ($list:ident) => {{
                let v = std::mem::take(&mut self.bodies[b].$list);
                for &i in &v {
                    self.$list[i].body = p;
                    if self.$list[i].frame.is_none() {
                        self.$list[i].frame = Some(f);
                    }
                }
                self.bodies[p].$list.extend(v);
            }};
        }
        mv!(joints);
        mv!(geoms);
        mv!(sites);
        mv!(cameras);
        mv!(lights);
        for i in 0..self.frames.len() {
            if i != f && self.frames[i].body == b {
                self.frames[i].body = p;
                if self.frames[i].parent.is_none() {
                    self.frames[i].parent = Some(f);
                }
            }
        }
        // the body is empty now: deleting it removes no frame, so `f` keeps its index
        self.delete_body(b)?;
        Ok(f)
    }
}

impl Spec {
    /// Puts the bodies in depth-first order from the world, the order of the compiled model
    /// (bodies added through the API come last in the list otherwise), renumbering every
    /// link to a body.
    pub fn sort_bodies(&mut self) {
        let n = self.bodies.len();
        let mut order = vec![0usize];
        order.extend(self.subtree(0));
        if order.iter().enumerate().all(|(i, &k)| i == k) && order.len() == n {
            return;
        }
        let mut seen = vec![false; n];
        for &k in &order {
            seen[k] = true;
        }
        order.extend((0..n).filter(|&k| !seen[k]));
        let mut new = vec![0usize; n];
        for (i, &k) in order.iter().enumerate() {
            new[k] = i;
        }
        let mut old: Vec<Option<Owned<Body>>> = std::mem::take(&mut self.bodies).into_iter().map(Some).collect();
        self.bodies = order.iter().map(|&k| old[k].take().expect("each body once")).collect();
        for b in self.bodies.iter_mut() {
            b.parent = new[b.parent];
            for c in b.bodies.iter_mut() {
                *c = new[*c];
            }
        }
        for f in self.frames.iter_mut() {
            f.body = new[f.body];
        }
        macro_rules! fix {
            ($($list:ident),*) => {
                $(for x in self.$list.iter_mut() {
                    x.body = new[x.body];
                })*
            };
        }
        fix!(joints, geoms, sites, cameras, lights);
        self.adopt();
    }
}

impl Spec {
    /// The tree elements of `c` that an attach of `root` (None: the whole world) copied, in the
    /// order the copies were made from mark `m` on: (kind, index in `c`, index here).
    fn attached_pairs(&self, c: &Spec, root: Option<usize>, m: &Marks) -> Vec<(TreeKind, usize, usize)> {
        let mut out = Vec::new();
        let dfs: Vec<usize> = match root {
            Some(r) => std::iter::once(r).chain(c.subtree(r)).collect(),
            None => c.subtree(0),
        };
        let inside = |k: usize| root.is_none() || dfs.contains(&k);
        for (i, &k) in dfs.iter().enumerate() {
            out.push((TreeKind::Body, k, m.bodies + i));
        }
        // the frame made for an attached world comes first
        let mut f = m.frames + root.is_none() as usize;
        for (fi, x) in c.frames.iter().enumerate() {
            if (x.body == 0 && root.is_some()) || !inside(x.body) {
                continue;
            }
            out.push((TreeKind::Frame, fi, f));
            f += 1;
        }
        let owners: Vec<usize> = if root.is_none() { std::iter::once(0).chain(dfs.iter().copied()).collect() } else { dfs.clone() };
        let (mut j, mut g, mut si, mut ca, mut l) = (m.joints, m.geoms, m.sites, m.cameras, m.lights);
        for k in owners {
            let x = &c.bodies[k];
            for &e in &x.joints {
                out.push((TreeKind::Joint, e, j));
                j += 1;
            }
            for &e in &x.geoms {
                out.push((TreeKind::Geom, e, g));
                g += 1;
            }
            for &e in &x.sites {
                out.push((TreeKind::Site, e, si));
                si += 1;
            }
            for &e in &x.cameras {
                out.push((TreeKind::Camera, e, ca));
                ca += 1;
            }
            for &e in &x.lights {
                out.push((TreeKind::Light, e, l));
                l += 1;
            }
        }
        out
    }

    /// Attaching by reference, as upstream does without deep copy: each copied element moves
    /// into the box the child's element lived in, so that pointers the caller holds to the
    /// child's elements now reach the attached ones (the child keeps equal copies, and can no
    /// longer be compiled on its own).
    fn take_over(&mut self, c: &mut Spec, root: Option<usize>, m: &Marks) {
        use element::Linked;
        macro_rules! swap {
            ($list:ident, $a:expr, $b:expr) => {{
                if $a < c.$list.len() && $b < self.$list.len() {
                    std::mem::swap(&mut c.$list[$a], &mut self.$list[$b]);
                    std::mem::swap(&mut *c.$list[$a], &mut *self.$list[$b]);
                    c.$list[$a].link();
                    self.$list[$b].link();
                }
            }};
        }
        for (k, a, b) in self.attached_pairs(c, root, m) {
            match k {
                TreeKind::Body => swap!(bodies, a, b),
                TreeKind::Frame => swap!(frames, a, b),
                TreeKind::Joint => swap!(joints, a, b),
                TreeKind::Geom => swap!(geoms, a, b),
                TreeKind::Site => swap!(sites, a, b),
                TreeKind::Camera => swap!(cameras, a, b),
                TreeKind::Light => swap!(lights, a, b),
            }
        }
        c.adopt();
    }

    /// Angles of the attached copies made in the child's units: alternative orientations become
    /// quaternions resolved with the child's angle unit and Euler sequence, and joint angles
    /// are scaled to this spec's unit (upstream compiles each attached element with its own
    /// spec's compiler settings).
    fn convert_units(&mut self, c: &Spec, m: &Marks) {
        let (cdeg, cseq) = (c.compiler.degree != 0, *c.compiler.seq());
        let pdeg = self.compiler.degree != 0;
        if cdeg == pdeg && cseq == *self.compiler.seq() {
            return;
        }
        let resolve = |quat: &mut [f64; 4], alt: &mut mjsOrientation| {
            if alt.r#type != mjtOrientation_::mjORIENTATION_QUAT as i32 {
                let _ = crate::compiler::util::resolve_orientation(quat, cdeg, &cseq, &*alt);
                alt.set(Orientation::Quat);
            }
        };
        for x in self.bodies[m.bodies..].iter_mut() {
            let x = &mut x.c;
            resolve(&mut x.quat, &mut x.alt);
            resolve(&mut x.iquat, &mut x.ialt);
        }
        for x in self.frames[m.frames..].iter_mut() {
            let x = &mut x.c;
            resolve(&mut x.quat, &mut x.alt);
        }
        for x in self.geoms[m.geoms..].iter_mut() {
            let x = &mut x.c;
            resolve(&mut x.quat, &mut x.alt);
        }
        for x in self.sites[m.sites..].iter_mut() {
            let x = &mut x.c;
            resolve(&mut x.quat, &mut x.alt);
        }
        for x in self.cameras[m.cameras..].iter_mut() {
            let x = &mut x.c;
            resolve(&mut x.quat, &mut x.alt);
        }
        if cdeg != pdeg {
            let f = if cdeg { mjPI / 180.0 } else { 180.0 / mjPI };
            for j in self.joints[m.joints..].iter_mut() {
                let t = j.r#type;
                if t == mjtJoint_::mjJNT_HINGE as i32 || t == mjtJoint_::mjJNT_BALL as i32 {
                    j.range[0] *= f;
                    j.range[1] *= f;
                }
                if t == mjtJoint_::mjJNT_HINGE as i32 {
                    j.c.r#ref *= f;
                    j.springref *= f;
                }
            }
        }
    }
}
