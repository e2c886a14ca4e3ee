//! Editing a spec as the `mjs_` functions do: adding elements to bodies, finding them, walking
//! a body's children, and the back links from an element to its spec.
//!
//! Every element handed to C knows its spec (`Head::spec`) and its place in the spec's list
//! (`Head::index`); [`Spec::adopt`] sets both for the whole spec (after parsing or copying) and
//! the `add_*` functions for the elements they create.

use super::element::{Head, Linked, Owned};
use crate::abi::mjtObj_;
use super::*;

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
    };
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

    fn new_head(&self, h: &mut Head, index: usize) {
        h.spec = self as *const Spec as usize;
        h.index = index;
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
            j.r#type = mjtJoint_::mjJNT_FREE as i32;
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

    pub fn add_geom(&mut self, body: usize, class: Option<usize>) -> usize {
        let mut g = self.defaults[class.unwrap_or(self.bodies[body].class)].geom.clone();
        g.body = body;
        g.frame = None;
        g.name.clear();
        g.info = Info::default();
        let id = self.geoms.len();
        self.new_head(&mut g.head, id);
        self.geoms.push(Owned::new(g));
        self.bodies[body].geoms.push(id);
        id
    }

    pub fn add_site(&mut self, body: usize, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(self.bodies[body].class)].site.clone();
        x.body = body;
        x.frame = None;
        x.name.clear();
        x.info = Info::default();
        let id = self.sites.len();
        self.new_head(&mut x.head, id);
        self.sites.push(Owned::new(x));
        self.bodies[body].sites.push(id);
        id
    }

    pub fn add_camera(&mut self, body: usize, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(self.bodies[body].class)].camera.clone();
        x.body = body;
        x.frame = None;
        x.name.clear();
        x.info = Info::default();
        let id = self.cameras.len();
        self.new_head(&mut x.head, id);
        self.cameras.push(Owned::new(x));
        self.bodies[body].cameras.push(id);
        id
    }

    pub fn add_light(&mut self, body: usize, class: Option<usize>) -> usize {
        let mut x = self.defaults[class.unwrap_or(self.bodies[body].class)].light.clone();
        x.body = body;
        x.frame = None;
        x.name.clear();
        x.info = Info::default();
        let id = self.lights.len();
        self.new_head(&mut x.head, id);
        self.lights.push(Owned::new(x));
        self.bodies[body].lights.push(id);
        id
    }

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
