//! Removing elements from a spec (`mjs_delete`): single elements, body subtrees with everything
//! that refers into them, and default classes with their descendants.

use super::api::TreeKind;
use super::attach;
pub use super::attach::Part;
use super::element::Owned;
use super::*;

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
    /// bodies (upstream's pending keyframes, after those already pending), so that the
    /// compiler rebuilds them for the model as it is then.
    fn keys_to_pending(&mut self) -> Result<(), String> {
        let pending = self.store_keys("", "").map_err(|(_, e)| e)?;
        let mut keys: Vec<Owned<Key>> =
            std::mem::take(&mut self.keys).into_iter().filter(|k| k.attached.is_some()).collect();
        keys.extend(pending.into_iter().map(Owned::new));
        self.keys = keys;
        Ok(())
    }

    /// Removes body `b`, its subtree and the frames in it, then the elements that referred to
    /// anything removed; keyframes become pending.
    pub fn delete_body(&mut self, b: usize) -> Result<(), String> {
        if b == 0 {
            return Err("cannot delete the world body".into());
        }
        let old = attach::Names::of(self);
        self.keys_to_pending()?;
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
        reclass!(
            joints, geoms, sites, cameras, lights, actuators, tendons, equalities, pairs, materials, meshes, flexes
        );
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

/// What an attach made: the copy of the attached body, or of the attached frame.
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
        reclass!(
            joints, geoms, sites, cameras, lights, actuators, tendons, equalities, pairs, materials, meshes, flexes
        );
    }

    /// `mjs_attach` of `part` of `c` (a body, or a frame with what it holds) into body `b` of
    /// this spec, inside frame `frame`, with names given prefix `pre` and suffix `suf`; the
    /// child's default classes, assets, referencing elements and keyframes come along as in an
    /// MJCF `<attach>`, and this spec keeps `c` among its child specs.
    pub fn attach_from(
        &mut self,
        c: &mut Spec,
        part: Part,
        b: usize,
        frame: Option<usize>,
        pre: &str,
        suf: &str,
    ) -> Result<Attached, String> {
        self.keep_spec(c);
        let pending = match c.keys_for_attach(pre, suf) {
            Ok(p) => p,
            Err((p, e)) => {
                self.keys.extend(p.into_iter().map(Owned::new));
                self.adopt();
                return Err(e);
            }
        };
        let m = Marks::of(self);
        let pm = super::plugin::PluginMarks::of(self);
        let off = self.attach_defaults(c, pre, suf);
        let pairs = attach::copy_part(self, c, part, b, frame, pre, suf, pre, true);
        self.convert_units(c, &m);
        if !self.deepcopy {
            self.take_over(c, &pairs);
        }
        c.forget_copied_keys(&pairs);
        let origin = attach::Origin { modeldir: &c.modelfiledir, meshdir: &c.meshdir, texturedir: &c.texturedir };
        let mut names = attach::Names::default();
        let copied = attach::attach_assets(self, c, pre, suf, Some(&origin)).and_then(|()| {
            names = attach::Names::of(self);
            attach::copy_referencing(self, Some(c), pre, suf, &mut names)
        });
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
        self.keys.extend(pending.into_iter().map(Owned::new));
        let acts = match copied {
            Ok(acts) => acts,
            Err(e) => {
                self.adopt();
                return Err(e);
            }
        };
        if self.deepcopy {
            // the copies keep the keyframe values
            for (i, _) in acts {
                c.actuators[i].keyvals.clear();
            }
        }
        self.expand_keys();
        self.adopt();
        Ok(match part {
            Part::Body(_) => Attached::Body(m.bodies),
            _ => Attached::Frame(m.frames),
        })
    }

    /// `mjs_attach` within this spec: `part` is copied into body `b` (frame `frame`) with
    /// names given prefix `pre` and suffix `suf`, together with the elements referring to it;
    /// classes and assets stay as they are, and the keyframes of the spec come back as pending
    /// keyframes of the new names.
    pub fn attach_own(
        &mut self,
        part: Part,
        b: usize,
        frame: Option<usize>,
        pre: &str,
        suf: &str,
    ) -> Result<Attached, String> {
        let pending = match self.store_keys(pre, suf) {
            Ok(p) => p,
            Err((p, e)) => {
                self.keys.extend(p.into_iter().map(Owned::new));
                self.adopt();
                return Err(e);
            }
        };
        let m = Marks::of(self);
        let pm = super::plugin::PluginMarks::of(self);
        // the source: a copy of this spec whose elements use the copy's own plugin instances
        let mut c = self.clone();
        c.repoint_plugins(self);
        let pairs = attach::copy_part(self, &c, part, b, frame, pre, suf, "", true);
        self.forget_copied_keys(&pairs);
        let mut names = attach::Names::of(self);
        // the originals' actuators forget their keyframe values, which their copies keep
        let copied = attach::copy_referencing(self, None, pre, suf, &mut names);
        // instances the copies use: configured in place, made anew; named, copied with the names
        self.repoint_since(&pm, &c);
        self.attach_plugins(&c, &pm, pre, suf);
        self.attached_by_ref |= !self.deepcopy;
        self.keys.extend(pending.into_iter().map(Owned::new));
        if let Err(e) = copied {
            self.adopt();
            return Err(e);
        }
        self.expand_keys();
        self.adopt();
        Ok(match part {
            Part::Body(_) => Attached::Body(m.bodies),
            _ => Attached::Frame(m.frames),
        })
    }

    /// Upstream's preparation of a whole spec for attaching: a new frame of the world holds
    /// every element of the world not yet in a frame; returns the frame.
    pub fn frame_world(&mut self) -> usize {
        let f = self.add_frame(0, None);
        let w = &self.bodies[0];
        let (bodies, joints, geoms, sites, cameras, lights) =
            (w.bodies.clone(), w.joints.clone(), w.geoms.clone(), w.sites.clone(), w.cameras.clone(), w.lights.clone());
        for i in bodies {
            self.bodies[i].frame.get_or_insert(f);
        }
        macro_rules! wrap {
            ($list:ident, $ids:expr) => {
                for i in $ids {
                    self.$list[i].frame.get_or_insert(f);
                }
            };
        }
        wrap!(joints, joints);
        wrap!(geoms, geoms);
        wrap!(sites, sites);
        wrap!(cameras, cameras);
        wrap!(lights, lights);
        for (i, x) in self.frames.iter_mut().enumerate() {
            if i != f && x.body == 0 && x.parent.is_none() {
                x.parent = Some(f);
            }
        }
        self.adopt();
        f
    }

    /// Keeps `c` among the child specs (upstream's list of attached specs), once.
    fn keep_spec(&mut self, c: &mut Spec) {
        let p = c as *mut Spec;
        if !self.holds_spec(p) {
            let name = c.modelname.to_string();
            // SAFETY: every spec clients reach lives in its own heap block (SpecRef, mj_makeSpec)
            self.models.push((name, unsafe { SpecRef::share(p) }));
        }
    }

    /// Whether `p` is this spec or one of its child specs, at any depth.
    fn holds_spec(&self, p: *const Spec) -> bool {
        core::ptr::eq(self, p) || self.models.iter().any(|(_, c)| c.holds_spec(p))
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
                    return Err(Spec::element_error(
                        &format!("Frame and body '{}' have mismatched parents", name),
                        &name,
                        &x.head,
                        &x.info,
                    ));
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
    /// orientation; every element, frame and child body of it moves to the parent inside that
    /// frame, then the body is deleted. A body the last compile gave a mass passes its spec
    /// inertia on to its parent (not the world), whose inertia becomes explicit, as upstream's.
    /// Returns the frame.
    pub fn body_to_frame(&mut self, b: usize) -> Result<usize, String> {
        if b == 0 {
            return Err("cannot delete the world body".into());
        }
        let p = self.bodies[b].parent;
        let outer = self.bodies[b].frame;
        let mass = self.compiled_mass(b);
        let f = self.add_frame(p, outer);
        let (pos, quat) = (self.bodies[b].pos, self.bodies[b].quat);
        self.frames[f].pos = pos;
        self.frames[f].quat = quat;
        if self.bodies[p].name.as_str() != "world" && mass >= mjMINVAL {
            let child = self.bodies[b].c;
            let parent = &mut self.bodies[p].c;
            if parent.explicitinertial == 0 {
                parent.explicitinertial = 1;
                parent.ipos = [0.0; 3];
                parent.iquat = [0.0; 4];
                parent.inertia = [0.0; 3];
            }
            accumulate_inertia(&child, parent)?;
        }
        let moved = std::mem::take(&mut self.bodies[b].bodies);
        for &c in &moved {
            self.bodies[c].parent = p;
            self.bodies[c].frame = Some(f);
        }
        self.bodies[p].bodies.extend(moved);
        macro_rules! mv {
            ($list:ident) => {{
                let v = std::mem::take(&mut self.bodies[b].$list);
                for &i in &v {
                    self.$list[i].body = p;
                    self.$list[i].frame = Some(f);
                }
                self.bodies[p].$list.extend(v);
            }};
        }
        mv!(geoms);
        mv!(joints);
        mv!(sites);
        mv!(cameras);
        mv!(lights);
        let mut moved = Vec::new();
        for i in 0..self.frames.len() {
            if i != f && self.frames[i].body == b {
                self.frames[i].body = p;
                self.frames[i].parent = Some(f);
                moved.push(i);
            }
        }
        // the parent lists the body's frames after the new one, as upstream's
        let mut order: Vec<usize> = (0..self.frames.len()).filter(|i| !moved.contains(i)).collect();
        order.extend(moved);
        let f = self.reorder_frames(&order)[f];
        // the body is empty now: deleting it removes no frame, so `f` keeps its index
        self.delete_body(b)?;
        Ok(f)
    }

    /// Puts the frames in the order `order` (old indices) and renumbers every link to a frame;
    /// returns the new index of each old one.
    fn reorder_frames(&mut self, order: &[usize]) -> Vec<usize> {
        let mut new = vec![0usize; order.len()];
        for (i, &k) in order.iter().enumerate() {
            new[k] = i;
        }
        let mut old: Vec<Option<Owned<Frame>>> = std::mem::take(&mut self.frames).into_iter().map(Some).collect();
        self.frames = order.iter().map(|&k| old[k].take().expect("each frame once")).collect();
        let map = |f: &mut Option<usize>| *f = f.map(|x| new[x]);
        for x in self.frames.iter_mut() {
            map(&mut x.parent);
        }
        for x in self.bodies.iter_mut() {
            map(&mut x.frame);
        }
        macro_rules! fix {
            ($($list:ident),*) => {
                $(for x in self.$list.iter_mut() {
                    map(&mut x.frame);
                })*
            };
        }
        fix!(joints, geoms, sites, cameras, lights);
        self.adopt();
        new
    }

    /// The mass the last compile gave body `b` (0 when it was not compiled).
    fn compiled_mass(&self, b: usize) -> f64 {
        let id = self.bodies[b].head.last;
        match self.compiled.as_deref() {
            Some(c) if id >= 0 && id < c.model().nbody => {
                // SAFETY: a compiled model's body_mass holds nbody values
                unsafe { *c.model().body_mass.add(id as usize) }
            }
            _ => 0.0,
        }
    }
}

/// Adds the inertia of body `other` (its spec values, placed by its pose) to `result`:
/// upstream's accumulation of a body's inertia into its parent's.
fn accumulate_inertia(other: &mjsBody, result: &mut mjsBody) -> Result<(), String> {
    use crate::spec::util::{frameaccum, full_inertia, globalinertia, offcenter};
    let mut oipos = other.ipos;
    let mut oiquat = other.iquat;
    frameaccum(&mut oipos, &mut oiquat, &other.pos, &other.quat);
    let mass = [result.mass, other.mass];
    let inertia = [result.inertia, other.inertia];
    let ipos = [result.ipos, oipos];
    let iquat = [result.iquat, other.iquat];
    result.mass = mass[0] + mass[1];
    result.ipos = [0.0; 3];
    for (m, p) in mass.iter().zip(&ipos) {
        for (r, x) in result.ipos.iter_mut().zip(p) {
            *r += m * x;
        }
    }
    if result.mass < mjMINVAL {
        result.mass = 0.0;
        result.inertia = [0.0; 3];
        result.ipos = [0.0; 3];
        result.iquat = [1.0, 0.0, 0.0, 0.0];
        return Ok(());
    }
    for r in result.ipos.iter_mut() {
        *r /= result.mass;
    }
    let mut toti = [0.0; 6];
    for j in 0..2 {
        let d = [ipos[j][0] - result.ipos[0], ipos[j][1] - result.ipos[1], ipos[j][2] - result.ipos[2]];
        let a = globalinertia(&inertia[j], &iquat[j]);
        let b = offcenter(mass[j], &d);
        for k in 0..6 {
            toti[k] += a[k] + b[k];
        }
    }
    result.fullinertia = toti;
    let (q, ev) = full_inertia(&toti).map_err(|e| format!("error '{}' in fusing static body inertias", e))?;
    result.iquat = q;
    result.inertia = ev;
    Ok(())
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
    /// Attaching by reference, as upstream does without deep copy: each copied element moves
    /// into the box the child's element lived in, so that pointers the caller holds to the
    /// child's elements now reach the attached ones (the child keeps equal copies, and can no
    /// longer be compiled on its own). `pairs`: (kind, index in `c`, index here) of the copies.
    fn take_over(&mut self, c: &mut Spec, pairs: &[(TreeKind, usize, usize)]) {
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
        for &(k, a, b) in pairs {
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
    pub(crate) fn convert_units(&mut self, c: &Spec, m: &Marks) {
        let (cdeg, cseq) = (c.compiler.degree != 0, *c.compiler.seq());
        let pdeg = self.compiler.degree != 0;
        if cdeg == pdeg && cseq == *self.compiler.seq() {
            return;
        }
        let resolve = |quat: &mut [f64; 4], alt: &mut mjsOrientation| {
            if alt.r#type != mjtOrientation_::mjORIENTATION_QUAT as i32 {
                let _ = crate::spec::util::resolve_orientation(quat, cdeg, &cseq, &*alt);
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
            // (a joint attached earlier from elsewhere keeps its own unit)
            for j in self.joints[m.joints..].iter_mut() {
                j.degree.get_or_insert(cdeg);
            }
        }
    }
}
