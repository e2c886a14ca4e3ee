//! Editing a spec as the `mjs_` functions do: adding elements to bodies, finding them, walking
//! a body's children, and the back links from an element to its spec.
//!
//! Every element handed to C knows its spec (`Head::spec`) and its place in the spec's list
//! (`Head::index`); [`Spec::adopt`] sets both for the whole spec (after parsing or copying) and
//! the `add_*` functions for the elements they create.

use super::element::{Head, Linked, Owned};
use super::*;
use crate::abi::mjtObj_;

/// The element kinds the spec API hands out today, with their lists.
macro_rules! tree_lists {
    ($m:ident) => {
        $m!(bodies, Body);
        $m!(frames, Frame);
        $m!(joints, Joint);
        $m!(geoms, Geom);
        $m!(sites, Site);
        $m!(cameras, Camera);
        $m!(lights, Light);
        $m!(actuators, Actuator);
        $m!(sensors, Sensor);
        $m!(tendons, Tendon);
        $m!(equalities, Equality);
        $m!(pairs, Pair);
        $m!(excludes, Exclude);
        $m!(keys, Key);
        $m!(numerics, Numeric);
        $m!(texts, Text);
        $m!(tuples, Tuple);
        $m!(flexes, Flex);
        $m!(plugins, Plugin);
        $m!(materials, Material);
        $m!(textures, Texture);
        $m!(meshes, Mesh);
        $m!(hfields, HField);
        $m!(skins, Skin);
    };
}

/// `add_*` functions for an element kind of a body: a copy of the class prototype (the body's
/// class when none is given), unnamed, placed in the body outside any frame.
macro_rules! add_in_body {
    ($($(#[$doc:meta])* $f:ident, $proto:ident, $list:ident);*) => {$(
        $(#[$doc])*
        pub fn $f(&mut self, body: usize, class: Option<usize>) -> usize {
            let mut x = self.defaults[class.unwrap_or(self.bodies[body].class)].$proto.clone();
            x.body = body;
            x.frame = None;
            x.name.clear();
            x.info = Info::default();
            let id = self.$list.len();
            self.new_head(&mut x.head, id);
            self.$list.push(Owned::new(x));
            self.bodies[body].$list.push(id);
            id
        }
    )*};
}

impl Spec {
    /// Links the spec's own C struct (the spec must not move afterwards) and tells every
    /// element where it lives.
    pub fn adopt(&mut self) {
        self.link();
        let me = self as *mut Spec as usize;
        macro_rules! set {
            ($list:ident, $t:ty) => {
                for (i, x) in self.$list.iter_mut().enumerate() {
                    x.head.spec = me;
                    x.head.index = i;
                }
            };
        }
        tree_lists!(set);
        for (i, d) in self.defaults.iter_mut().enumerate() {
            d.head.spec = me;
            d.set_index(i);
        }
        self.number_flexes_plugins();
        // upstream numbers model-level assets when they are added
        macro_rules! number {
            ($($l:ident),*) => {$(
                for x in self.$l.iter_mut() {
                    x.head.id = x.head.index as i32;
                }
            )*};
        }
        number!(materials, textures, meshes, hfields, skins);
        for t in self.tendons.iter_mut() {
            for (i, w) in t.path.iter_mut().enumerate() {
                w.head.spec = me;
                w.head.index = i;
            }
        }
    }

    /// Records an error of a spec-API call (`mjs_getError`).
    pub fn set_error(&mut self, msg: &str, warning: bool) {
        let b = msg.as_bytes();
        let n = b.len().min(self.error.len() - 1);
        self.error[..n].copy_from_slice(&b[..n]);
        self.error[n] = 0;
        self.warning = warning;
    }

    pub fn clear_error(&mut self) {
        self.set_error("", false);
    }

    fn new_head(&mut self, h: &mut Head, index: usize) {
        h.spec = self as *const Spec as usize;
        h.index = index;
        if TreeKind::of(h.el.elemtype).is_some() {
            self.reset_tree_ids();
        }
    }

    /// Upstream rebuilds its tree lists whenever the tree grows, which leaves every tree
    /// element (the world apart) without an id until the next compile.
    pub fn reset_tree_ids(&mut self) {
        macro_rules! reset {
            ($($list:ident),*) => {
                $(for x in self.$list.iter_mut() {
                    x.head.id = -1;
                })*
            };
        }
        reset!(bodies, frames, joints, geoms, sites, cameras, lights);
        self.bodies[0].head.id = 0;
    }

    /// `mjs_addBody`: a child of body `parent` whose children take defaults from `class` (or
    /// the class in effect in the parent).
    pub fn add_body(&mut self, parent: usize, class: Option<usize>) -> usize {
        let frame = None;
        let mut b = Body { parent, frame, ..Body::default() };
        b.class = class.unwrap_or(self.bodies[parent].class);
        let id = self.bodies.len();
        self.new_head(&mut b.head, id);
        self.bodies.push(Owned::new(b));
        self.bodies[parent].bodies.push(id);
        id
    }

    /// `mjs_addFrame`: a frame of body `body`, inside frame `parent` when given.
    pub fn add_frame(&mut self, body: usize, parent: Option<usize>) -> usize {
        let mut f = Frame { body, parent, ..Frame::default() };
        let id = self.frames.len();
        self.new_head(&mut f.head, id);
        self.frames.push(Owned::new(f));
        id
    }

    /// `mjs_addJoint` (`free`: `mjs_addFreeJoint`, which takes no defaults).
    pub fn add_joint(&mut self, body: usize, class: Option<usize>, free: bool) -> usize {
        let mut j = if free {
            let mut j = Joint::default();
            j.c.r#type = mjtJoint_::mjJNT_FREE as i32;
            j
        } else {
            self.defaults[class.unwrap_or(self.bodies[body].class)].joint.clone()
        };
        j.body = body;
        j.frame = None;
        j.name.clear();
        j.info = Info::default();
        let id = self.joints.len();
        self.new_head(&mut j.head, id);
        self.joints.push(Owned::new(j));
        self.bodies[body].joints.push(id);
        id
    }

    add_in_body!(
        /// `mjs_addGeom`: defaults from `class` (the body's class when None).
        add_geom, geom, geoms;
        /// `mjs_addSite`
        add_site, site, sites;
        /// `mjs_addCamera`
        add_camera, camera, cameras;
        /// `mjs_addLight`
        add_light, light, lights
    );

    /// `mjs_addActuator`: defaults from `class` (the main class when None).
    pub fn add_actuator(&mut self, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(0)].actuator.clone();
        x.name.clear();
        x.info = Info::default();
        let id = self.actuators.len();
        self.new_head(&mut x.head, id);
        self.actuators.push(Owned::new(x));
        id
    }

    /// `mjs_addSensor`: sensors take no defaults.
    pub fn add_sensor(&mut self) -> usize {
        let mut x = Sensor::default();
        let id = self.sensors.len();
        self.new_head(&mut x.head, id);
        self.sensors.push(Owned::new(x));
        id
    }

    /// Upstream's check for repeated names among the elements of type `t` (after a rename).
    pub fn check_repeat(&self, t: mjtObj) -> Result<(), String> {
        use mjtObj_::*;
        let mut all: Vec<&str> = match t {
            x if x == mjOBJ_BODY as i32 => self.bodies.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_FRAME as i32 => self.frames.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_JOINT as i32 => self.joints.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_GEOM as i32 => self.geoms.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_SITE as i32 => self.sites.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_CAMERA as i32 => self.cameras.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_LIGHT as i32 => self.lights.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_ACTUATOR as i32 => self.actuators.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_SENSOR as i32 => self.sensors.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_TENDON as i32 => self.tendons.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_EQUALITY as i32 => self.equalities.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_PAIR as i32 => self.pairs.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_EXCLUDE as i32 => self.excludes.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_KEY as i32 => self.keys.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_NUMERIC as i32 => self.numerics.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_TEXT as i32 => self.texts.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_TUPLE as i32 => self.tuples.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_FLEX as i32 => self.flexes.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_PLUGIN as i32 => self.plugins.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_MATERIAL as i32 => self.materials.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_TEXTURE as i32 => self.textures.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_MESH as i32 => self.meshes.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_HFIELD as i32 => self.hfields.iter().map(|x| x.name.as_str()).collect(),
            x if x == mjOBJ_SKIN as i32 => self.skins.iter().map(|x| x.name.as_str()).collect(),
            _ => Vec::new(),
        };
        all.retain(|n| !n.is_empty());
        all.sort_unstable();
        if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
            let what = crate::runtime::text::type_to_str(t).map_or("unknown".into(), |c| c.to_string_lossy());
            return Err(format!("repeated name '{}' in {}", w[0], what));
        }
        Ok(())
    }

    /// The bodies below `b` in upstream's order (depth first, children in order).
    pub fn subtree(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack: Vec<usize> = self.bodies[b].bodies.iter().rev().copied().collect();
        while let Some(k) = stack.pop() {
            out.push(k);
            stack.extend(self.bodies[k].bodies.iter().rev().copied());
        }
        out
    }
}

/// A tree element kind that bodies hold in lists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TreeKind {
    Body,
    Frame,
    Joint,
    Geom,
    Site,
    Camera,
    Light,
}

impl TreeKind {
    pub fn of(t: mjtObj) -> Option<TreeKind> {
        use mjtObj_::*;
        Some(match t {
            x if x == mjOBJ_BODY as i32 || x == mjOBJ_XBODY as i32 => TreeKind::Body,
            x if x == mjOBJ_FRAME as i32 => TreeKind::Frame,
            x if x == mjOBJ_JOINT as i32 => TreeKind::Joint,
            x if x == mjOBJ_GEOM as i32 => TreeKind::Geom,
            x if x == mjOBJ_SITE as i32 => TreeKind::Site,
            x if x == mjOBJ_CAMERA as i32 => TreeKind::Camera,
            x if x == mjOBJ_LIGHT as i32 => TreeKind::Light,
            _ => return None,
        })
    }
}

impl Spec {
    /// The elements of kind `k` held directly by body `b`, in order (indices into the list).
    pub fn own(&self, b: usize, k: TreeKind) -> Vec<usize> {
        let x = &self.bodies[b];
        match k {
            TreeKind::Body => x.bodies.clone(),
            TreeKind::Frame => (0..self.frames.len()).filter(|&f| self.frames[f].body == b).collect(),
            TreeKind::Joint => x.joints.clone(),
            TreeKind::Geom => x.geoms.clone(),
            TreeKind::Site => x.sites.clone(),
            TreeKind::Camera => x.cameras.clone(),
            TreeKind::Light => x.lights.clone(),
        }
    }

    /// Upstream's child order below body `b`: for bodies, depth first; for the other kinds,
    /// the body's own elements, then (when `recursive`) each child body's, depth first.
    pub fn children(&self, b: usize, k: TreeKind, recursive: bool) -> Vec<usize> {
        let mut out = Vec::new();
        if k == TreeKind::Body {
            if recursive {
                out = self.subtree(b);
            } else {
                out = self.bodies[b].bodies.clone();
            }
            return out;
        }
        out.extend(self.own(b, k));
        if recursive {
            for c in self.subtree(b) {
                out.extend(self.own(c, k));
            }
        }
        out
    }

    /// The C element of kind `k` at `i`.
    pub fn element_ptr(&mut self, k: TreeKind, i: usize) -> *mut mjsElement {
        match k {
            TreeKind::Body => &mut self.bodies[i].head.el,
            TreeKind::Frame => &mut self.frames[i].head.el,
            TreeKind::Joint => &mut self.joints[i].head.el,
            TreeKind::Geom => &mut self.geoms[i].head.el,
            TreeKind::Site => &mut self.sites[i].head.el,
            TreeKind::Camera => &mut self.cameras[i].head.el,
            TreeKind::Light => &mut self.lights[i].head.el,
        }
    }
}

impl Spec {
    /// Records the ids the compiled model gave the elements (`mjs_getId`): bodies depth first
    /// from the world, the elements of each body in that order, the other lists in order
    /// (frames have none).
    pub fn assign_ids(&mut self) {
        let mut order = vec![0usize];
        order.extend(self.subtree(0));
        for (id, &b) in order.iter().enumerate() {
            self.bodies[b].head.id = id as i32;
        }
        // frames are not objects of the compiled model: they keep id -1
        for f in self.frames.iter_mut() {
            f.head.id = -1;
        }
        for k in [TreeKind::Joint, TreeKind::Geom, TreeKind::Site, TreeKind::Camera, TreeKind::Light] {
            let mut id = 0;
            for &b in &order {
                for i in self.own(b, k) {
                    let el = self.element_ptr(k, i) as *mut Head;
                    // SAFETY: every element starts with its Head
                    unsafe { (*el).id = id };
                    id += 1;
                }
            }
        }
        for (i, a) in self.actuators.iter_mut().enumerate() {
            a.head.id = i as i32;
        }
        for (i, x) in self.sensors.iter_mut().enumerate() {
            x.head.id = i as i32;
        }
        macro_rules! ids {
            ($($l:ident),*) => {$(
                for (i, x) in self.$l.iter_mut().enumerate() {
                    x.head.id = i as i32;
                }
            )*};
        }
        macro_rules! last {
            ($($l:ident),*) => {$(
                for x in self.$l.iter_mut() {
                    x.head.last = x.head.id;
                }
            )*};
        }
        ids!(
            tendons, equalities, pairs, excludes, keys, numerics, texts, tuples, flexes, plugins, materials, textures,
            meshes, hfields, skins
        );
        last!(bodies, joints, actuators);
    }

    /// Names each unnamed mesh, height field, texture and skin after its file (without folders
    /// and extension), as upstream's compiler does before compiling them; the name stays.
    pub fn name_assets(&mut self) {
        fn name(n: &mut CxxString, file: &CxxString) {
            if n.is_empty() && !file.is_empty() {
                n.set(&crate::io::files::stem_of(file));
            }
        }
        for x in self.meshes.iter_mut() {
            let x = &mut **x;
            name(&mut x.name, &x.file);
        }
        for x in self.hfields.iter_mut() {
            let x = &mut **x;
            name(&mut x.name, &x.file);
        }
        for x in self.textures.iter_mut() {
            let x = &mut **x;
            name(&mut x.name, &x.file);
        }
        for x in self.skins.iter_mut() {
            let x = &mut **x;
            name(&mut x.name, &x.file);
        }
    }

    /// What upstream's compiler does to the spec before compiling: file assets named, short
    /// keyframes padded, element ids set, texture data of the last compile dropped. Returns
    /// which textures hold bytes from the user.
    pub fn before_compile(&mut self) -> Vec<bool> {
        self.name_assets();
        self.expand_keys();
        self.assign_ids();
        self.textures
            .iter_mut()
            .map(|t| {
                if t.clear_data {
                    t.data.clear();
                    t.clear_data = false;
                }
                !t.data.is_empty()
            })
            .collect()
    }

    /// After a compile into `m`: pending keyframes become ordinary ones; each texture's data
    /// becomes the compiled bytes (flipped user bytes, builtin or file images), as upstream
    /// compiles textures into the spec's buffer; only user bytes are kept for the next
    /// compile. `user` is from [`Spec::before_compile`].
    pub fn after_compile(&mut self, m: &mjModel, user: &[bool]) {
        self.resolve_pending_keys(m);
        if m.ntex as usize != self.textures.len() || m.tex_data.is_null() {
            return;
        }
        for (i, t) in self.textures.iter_mut().enumerate() {
            // SAFETY: a compiled model's texture arrays have ntex entries and ntexdata bytes
            let (adr, n) = unsafe {
                let n = *m.tex_nchannel.add(i) as usize * *m.tex_width.add(i) as usize * *m.tex_height.add(i) as usize;
                (*m.tex_adr.add(i) as usize, n)
            };
            if adr + n > m.ntexdata as usize {
                continue;
            }
            // SAFETY: in range, checked above
            t.data.set(unsafe { core::slice::from_raw_parts(m.tex_data.add(adr), n) });
            t.clear_data = !user.get(i).copied().unwrap_or(false);
        }
    }

    /// Upstream's error about element `name` (uncompiled elements have id -1).
    pub fn element_error(msg: &str, name: &str, head: &Head, info: &Info) -> String {
        if info.text.is_empty() {
            format!("Error: {}\nElement name '{}', id {}", msg, name, head.id)
        } else {
            format!("Error: {}\nElement name '{}', id {}, {}", msg, name, head.id, info.text)
        }
    }
}

impl Spec {
    /// `mjs_addTendon`: defaults from `class` (the main class when None).
    pub fn add_tendon(&mut self, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(0)].tendon.clone();
        x.name.clear();
        x.info = Info::default();
        x.path.clear();
        let id = self.tendons.len();
        self.new_head(&mut x.head, id);
        self.tendons.push(Owned::new(x));
        id
    }

    /// Appends a wrap of type `t` to tendon `i` (`mjs_wrapSite` and the others).
    pub fn add_wrap(&mut self, i: usize, t: mjtWrap_, target: &str, sidesite: &str, prm: f64) -> usize {
        let mut w =
            Wrap { target: target.into(), name: target.into(), sidesite: sidesite.into(), prm, ..Wrap::default() };
        w.r#type = t as i32;
        let k = self.tendons[i].path.len();
        self.new_head(&mut w.head, k);
        self.tendons[i].path.push(Owned::new(w));
        k
    }

    /// `mjs_addEquality`: defaults from `class` (the main class when None).
    pub fn add_equality(&mut self, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(0)].equality.clone();
        x.name.clear();
        x.info = Info::default();
        let id = self.equalities.len();
        self.new_head(&mut x.head, id);
        self.equalities.push(Owned::new(x));
        id
    }

    /// `mjs_addPair`: defaults from `class` (the main class when None).
    pub fn add_pair(&mut self, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(0)].pair.clone();
        x.name.clear();
        x.info = Info::default();
        let id = self.pairs.len();
        self.new_head(&mut x.head, id);
        self.pairs.push(Owned::new(x));
        id
    }
}

/// Adds a default-valued element to one of the spec's plain lists, returning its index.
macro_rules! add_plain {
    ($f:ident, $list:ident, $t:ty) => {
        impl Spec {
            pub fn $f(&mut self) -> usize {
                let mut x = <$t>::default();
                let id = self.$list.len();
                self.new_head(&mut x.head, id);
                self.$list.push(Owned::new(x));
                id
            }
        }
    };
}
add_plain!(add_exclude, excludes, Exclude);
add_plain!(add_key, keys, Key);
add_plain!(add_numeric, numerics, Numeric);
add_plain!(add_text, texts, Text);
add_plain!(add_tuple, tuples, Tuple);

/// Adds a default-valued asset (numbered when added, as upstream's) to one of the spec's lists.
macro_rules! add_asset {
    ($f:ident, $list:ident, $t:ty) => {
        impl Spec {
            pub fn $f(&mut self) -> usize {
                let mut x = <$t>::default();
                let id = self.$list.len();
                self.new_head(&mut x.head, id);
                x.head.id = id as i32;
                self.$list.push(Owned::new(x));
                id
            }
        }
    };
}
add_asset!(add_texture, textures, Texture);
add_asset!(add_hfield, hfields, HField);
add_asset!(add_skin, skins, Skin);

impl Spec {
    /// `mjs_addMaterial`: defaults from `class` (the main class when None).
    pub fn add_material(&mut self, class: Option<usize>) -> usize {
        // the class's info comes along, as upstream copies the whole prototype
        let mut x = self.defaults[class.unwrap_or(0)].material.clone();
        x.name.clear();
        let id = self.materials.len();
        self.new_head(&mut x.head, id);
        x.head.id = id as i32;
        self.materials.push(Owned::new(x));
        id
    }

    /// `mjs_addMesh`: defaults from `class` (the main class when None).
    pub fn add_mesh(&mut self, class: Option<usize>) -> usize {
        // the class's info comes along, as upstream copies the whole prototype
        let mut x = self.defaults[class.unwrap_or(0)].mesh.clone();
        x.name.clear();
        x.filedata = None;
        let id = self.meshes.len();
        self.new_head(&mut x.head, id);
        x.head.id = id as i32;
        self.meshes.push(Owned::new(x));
        id
    }
}
