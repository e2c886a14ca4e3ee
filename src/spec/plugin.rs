//! Engine plugin instances (`mjsPlugin` elements) and the plugin field of bodies, geoms,
//! actuators and sensors.
//!
//! An instance is declared under `<extension>` (named) or configured in place by an element
//! (unnamed); an element's `c.plugin` names the registered plugin (`plugin_name`), a named
//! instance (`name`), or points (`element`) at the instance it configured, as upstream's reader
//! and `mjs_addPlugin` users set it.

use super::body::zeroed;
use super::cxx::CxxString;
use super::cxxmap::CxxMap;
use super::element::{vp, Head, Info, Linked};
use super::Spec;
use crate::abi::*;

/// The strings of an element's `mjsPlugin` field (its `info` stays NULL, as upstream's).
#[derive(Clone, Debug, Default)]
pub struct PluginRef {
    /// registered plugin name, may be empty
    pub plugin_name: CxxString,
    /// instance name, empty for an instance configured in place
    pub name: CxxString,
}

impl PluginRef {
    /// Points the element's `mjsPlugin` at these strings.
    pub fn link(&mut self, c: &mut mjsPlugin) {
        c.name = vp(&mut self.name);
        c.plugin_name = vp(&mut self.plugin_name);
    }
}

/// A plugin instance: upstream's `mjsPlugin` (`c`) with its strings and its configuration
/// (`<config key value>` pairs, the map `mjs_getPluginAttributes` returns).
#[derive(Clone)]
#[repr(C)]
pub struct Plugin {
    pub head: Head,
    pub c: mjsPlugin,
    pub name: CxxString,
    pub plugin_name: CxxString,
    pub info: Info,
    pub config: CxxMap,
    /// registry slot the last compile bound the instance to (-1 before): upstream keeps it on
    /// the instance, and a later compile does not rebind an instance configured in place
    pub slot: Slot,
}

/// A registry slot that compiling (through a shared spec) may set.
#[derive(Debug, Default)]
pub struct Slot(core::sync::atomic::AtomicI32);

impl Slot {
    pub fn get(&self) -> i32 {
        self.0.load(core::sync::atomic::Ordering::Relaxed)
    }
    pub fn set(&self, v: i32) {
        self.0.store(v, core::sync::atomic::Ordering::Relaxed)
    }
}

impl Clone for Slot {
    fn clone(&self) -> Self {
        Slot(core::sync::atomic::AtomicI32::new(self.get()))
    }
}

impl core::ops::Deref for Plugin {
    type Target = mjsPlugin;
    fn deref(&self) -> &mjsPlugin {
        &self.c
    }
}

impl core::ops::DerefMut for Plugin {
    fn deref_mut(&mut self) -> &mut mjsPlugin {
        &mut self.c
    }
}

impl Linked for Plugin {
    fn link(&mut self) {
        self.c.element = &mut self.head.el;
        self.c.name = vp(&mut self.name);
        self.c.plugin_name = vp(&mut self.plugin_name);
        self.c.info = vp(&mut self.info.text);
        self.config.fix();
    }
}

/// `mjs_defaultPlugin`: all zero.
pub fn default_plugin(p: &mut mjsPlugin) {
    *p = zeroed();
}

impl Default for Plugin {
    fn default() -> Self {
        let mut c = zeroed();
        default_plugin(&mut c);
        Plugin {
            head: Head::new(mjtObj_::mjOBJ_PLUGIN),
            c,
            name: CxxString::new(),
            plugin_name: CxxString::new(),
            info: Info::default(),
            config: CxxMap::new(),
            slot: Slot(core::sync::atomic::AtomicI32::new(-1)),
        }
    }
}

impl core::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
        write!(f, "Plugin({:?}, {:?}, {:?})", self.name.as_str(), self.plugin_name.as_str(), self.config)
    }
}

impl Spec {
    /// `mjs_addPlugin`: a new unnamed instance; returns its index.
    pub fn add_plugin(&mut self) -> usize {
        let mut p = Plugin::default();
        let id = self.plugins.len();
        p.head.spec = self as *const Spec as usize;
        p.head.index = id;
        p.head.id = id as i32;
        self.plugins.push(super::Owned::new(p));
        id
    }

    /// The index of the instance whose element header is at `el` (None for NULL or an
    /// element that is not one of this spec's instances).
    pub fn plugin_index(&self, el: *const mjsElement) -> Option<usize> {
        if el.is_null() {
            return None;
        }
        self.plugins.iter().position(|p| core::ptr::eq(&p.head.el, el))
    }

    /// `mjs_activatePlugin`: makes the registered plugin `name` usable by the model; false when
    /// no plugin has that name.
    pub fn activate_plugin(&mut self, name: &str) -> bool {
        let (p, slot) = crate::runtime::plugin::plugin_by_name(name.as_bytes());
        if p.is_null() {
            return false;
        }
        // SAFETY: a registered plugin has a NUL-terminated name
        let registered = unsafe { std::ffi::CStr::from_ptr((*p).name) }.to_string_lossy().into_owned();
        if !self.active_plugins.iter().any(|(_, k)| *k == slot) {
            self.active_plugins.push((registered, slot));
        }
        true
    }

    /// Points the plugin fields of a copy's elements at the copy's own instances: an element
    /// that points at instance `k` of `from` points at instance `k` of `self`.
    pub fn relink_plugins(&mut self, from: &Spec) {
        let new: Vec<*mut mjsElement> = self.plugins.iter_mut().map(|p| &mut p.head.el as *mut mjsElement).collect();
        let fix = |el: &mut *mut mjsElement| {
            if let Some(k) = from.plugin_index(*el) {
                *el = new[k];
            }
        };
        self.bodies.iter_mut().for_each(|x| fix(&mut x.c.plugin.element));
        self.geoms.iter_mut().for_each(|x| fix(&mut x.c.plugin.element));
        self.meshes.iter_mut().for_each(|x| fix(&mut x.c.plugin.element));
        self.actuators.iter_mut().for_each(|x| fix(&mut x.c.plugin.element));
        self.sensors.iter_mut().for_each(|x| fix(&mut x.c.plugin.element));
    }
}

impl Spec {
    /// Flexes and plugin instances are numbered by their place in the list from the start, as
    /// upstream numbers them when they are added.
    pub(super) fn number_flexes_plugins(&mut self) {
        for (i, x) in self.flexes.iter_mut().enumerate() {
            x.head.id = i as i32;
        }
        for (i, x) in self.plugins.iter_mut().enumerate() {
            x.head.id = i as i32;
        }
    }
}

impl Spec {
    /// `mj_copySpec`: a deep copy whose plugin instances are ordered as upstream's copy orders
    /// them. Instances configured in place come first, each copied for the element pointing at
    /// it (each body's geoms, then its child bodies, then the body; then meshes, actuators,
    /// sensors); then the named instances, kept only when elements refer to them by name, in
    /// the order bodies, geoms, meshes, actuators, sensors first refer to them.
    pub fn copy(&self) -> Spec {
        let mut out = self.clone();
        let mut order: Vec<usize> = Vec::new();
        let mut points: Vec<(*mut *mut mjsElement, usize)> = Vec::new();
        fn implicit(from: &Spec, c: &mjsPlugin, r: &PluginRef) -> Option<usize> {
            if c.active == 0 || !r.name.is_empty() {
                return None;
            }
            from.plugin_index(c.element)
        }
        // each body's geoms, then its child bodies (likewise), then the body itself
        let mut seq: Vec<(bool, usize)> = Vec::new();
        let mut stack = vec![(0usize, false)];
        while let Some((b, done)) = stack.pop() {
            if done {
                seq.push((true, b));
                continue;
            }
            seq.extend(self.bodies[b].geoms.iter().map(|&g| (false, g)));
            stack.push((b, true));
            stack.extend(self.bodies[b].bodies.iter().rev().map(|&c| (c, false)));
        }
        for (is_body, i) in seq {
            let (c, r, el) = if is_body {
                (&self.bodies[i].c.plugin, &self.bodies[i].plugin, &mut out.bodies[i].c.plugin.element as *mut _)
            } else {
                (&self.geoms[i].c.plugin, &self.geoms[i].plugin, &mut out.geoms[i].c.plugin.element as *mut _)
            };
            if let Some(k) = implicit(self, c, r) {
                points.push((el, order.len()));
                order.push(k);
            }
        }
        for (i, x) in self.meshes.iter().enumerate() {
            if let Some(k) = implicit(self, &x.c.plugin, &x.plugin) {
                points.push((&mut out.meshes[i].c.plugin.element as *mut _, order.len()));
                order.push(k);
            }
        }
        for (i, a) in self.actuators.iter().enumerate() {
            if let Some(k) = implicit(self, &a.c.plugin, &a.plugin) {
                points.push((&mut out.actuators[i].c.plugin.element as *mut _, order.len()));
                order.push(k);
            }
        }
        for (i, x) in self.sensors.iter().enumerate() {
            if let Some(k) = implicit(self, &x.c.plugin, &x.plugin) {
                points.push((&mut out.sensors[i].c.plugin.element as *mut _, order.len()));
                order.push(k);
            }
        }
        // named instances, by the lists that name them
        let tree_bodies = self.subtree(0);
        let mut tree_geoms = Vec::new();
        for &b in std::iter::once(&0).chain(tree_bodies.iter()) {
            tree_geoms.extend(self.bodies[b].geoms.iter().copied());
        }
        let names: [Vec<(&str, *mut *mut mjsElement)>; 5] = [
            tree_bodies
                .iter()
                .map(|&b| (self.bodies[b].plugin.name.as_str(), &mut out.bodies[b].c.plugin.element as *mut _))
                .collect(),
            tree_geoms
                .iter()
                .map(|&g| (self.geoms[g].plugin.name.as_str(), &mut out.geoms[g].c.plugin.element as *mut _))
                .collect(),
            (0..self.meshes.len())
                .map(|i| (self.meshes[i].plugin.name.as_str(), &mut out.meshes[i].c.plugin.element as *mut _))
                .collect(),
            (0..self.actuators.len())
                .map(|i| (self.actuators[i].plugin.name.as_str(), &mut out.actuators[i].c.plugin.element as *mut _))
                .collect(),
            (0..self.sensors.len())
                .map(|i| (self.sensors[i].plugin.name.as_str(), &mut out.sensors[i].c.plugin.element as *mut _))
                .collect(),
        ];
        for list in &names {
            for (k, p) in self.plugins.iter().enumerate() {
                if p.name.is_empty() || order.iter().any(|&j| self.plugins[j].name == p.name) {
                    continue;
                }
                if list.iter().any(|(n, _)| !n.is_empty() && *n == p.name.as_str()) {
                    let at = order.len();
                    order.push(k);
                    for (n, el) in list {
                        if *n == p.name.as_str() {
                            points.push((*el, at));
                        }
                    }
                }
            }
        }
        let mut fresh: Vec<super::Owned<Plugin>> =
            order.iter().map(|&k| super::Owned::new((*self.plugins[k]).clone())).collect();
        for (i, p) in fresh.iter_mut().enumerate() {
            p.head.index = i;
            p.head.id = i as i32;
        }
        // elements that keep a pointer into the old list point at nothing in the copy
        for list in [
            &mut out.bodies as &mut dyn PluginFields,
            &mut out.geoms,
            &mut out.meshes,
            &mut out.actuators,
            &mut out.sensors,
        ] {
            list.clear_foreign(self);
        }
        for (el, at) in points {
            // SAFETY: pointers into `out`'s boxed elements, taken above
            unsafe { *el = &mut fresh[at].head.el };
        }
        out.plugins = fresh;
        out
    }
}

/// Lists of elements with a plugin field.
trait PluginFields {
    /// Sets to NULL the plugin pointers into `from`'s instances (the copy's were remapped).
    fn clear_foreign(&mut self, from: &Spec);
}

macro_rules! plugin_fields {
    ($($t:ty),*) => {$(
        impl PluginFields for Vec<super::Owned<$t>> {
            fn clear_foreign(&mut self, _from: &Spec) {
                for x in self.iter_mut() {
                    x.c.plugin.element = core::ptr::null_mut();
                }
            }
        }
    )*};
}
plugin_fields!(super::Body, super::Geom, super::Mesh, super::Actuator, super::Sensor);

/// The plugin fields (`c.plugin`, the strings) of every element kind that has one, in
/// upstream's list order: bodies, geoms, meshes, actuators, sensors.
macro_rules! each_plugin_list {
    ($s:expr, $f:ident) => {{
        $f!($s.bodies);
        $f!($s.geoms);
        $f!($s.meshes);
        $f!($s.actuators);
        $f!($s.sensors);
    }};
}

impl Spec {
    /// The instance an element configured in place: active, not naming an instance, and
    /// pointing at one of this spec's instances.
    pub(crate) fn own_instance(&self, c: &mjsPlugin, r: &PluginRef) -> Option<usize> {
        if c.active == 0 || !r.name.is_empty() {
            return None;
        }
        self.plugin_index(c.element)
    }

    /// Removes the instances whose element headers are at `els` (those still in the list), with
    /// their user values.
    pub(crate) fn drop_instances(&mut self, els: &[*const mjsElement]) {
        self.plugins.retain(|p| !els.iter().any(|&e| core::ptr::eq(&p.head.el, e)));
        for &e in els {
            self.user_values.remove(&(e as usize));
        }
        for (i, p) in self.plugins.iter_mut().enumerate() {
            p.head.index = i;
        }
    }

    /// Deleting an element deletes the instance it configured in place, as upstream does.
    pub(crate) fn drop_own_instance(&mut self, c: &mjsPlugin, r: &PluginRef) {
        if let Some(k) = self.own_instance(c, r) {
            let el: *const mjsElement = &self.plugins[k].head.el;
            self.drop_instances(&[el]);
        }
    }

    /// Before element `i` of kind `t` is deleted: the instance a geom, mesh, actuator or sensor
    /// configured in place goes with it.
    pub(crate) fn drop_plugin_of(&mut self, t: mjtObj, i: usize) {
        use mjtObj_::*;
        let (c, r) = match t {
            x if x == mjOBJ_GEOM as mjtObj => self.geoms.get(i).map(|x| (x.c.plugin, x.plugin.clone())),
            x if x == mjOBJ_MESH as mjtObj => self.meshes.get(i).map(|x| (x.c.plugin, x.plugin.clone())),
            x if x == mjOBJ_ACTUATOR as mjtObj => self.actuators.get(i).map(|x| (x.c.plugin, x.plugin.clone())),
            x if x == mjOBJ_SENSOR as mjtObj => self.sensors.get(i).map(|x| (x.c.plugin, x.plugin.clone())),
            _ => None,
        }
        .unzip();
        if let (Some(c), Some(r)) = (c, r) {
            self.drop_own_instance(&c, &r);
        }
    }

    /// After a body is deleted (upstream's `RemovePlugins`): the named instances no body, geom,
    /// mesh, actuator or sensor refers to by name are removed. Upstream then renumbers the
    /// list and fails when an instance kept its old id at a new position (one follows a
    /// removed one): its message comes back as the error, after the removal.
    pub(crate) fn remove_unreferenced_plugins(&mut self) -> Result<(), String> {
        let mut named: std::collections::HashSet<String> = std::collections::HashSet::new();
        macro_rules! mark {
            ($list:expr) => {
                for x in $list.iter() {
                    if !x.plugin.name.is_empty() {
                        named.insert(x.plugin.name.to_string());
                    }
                }
            };
        }
        each_plugin_list!(self, mark);
        let gone: Vec<usize> = (0..self.plugins.len())
            .filter(|&i| !self.plugins[i].name.is_empty() && !named.contains(self.plugins[i].name.as_str()))
            .collect();
        let Some(&first) = gone.first() else { return Ok(()) };
        // the first instance that moves down keeps its old id at a new position
        let moved = (first + 1..self.plugins.len()).find(|i| !gone.contains(i));
        let err = moved.map(|i| {
            let p = &self.plugins[i];
            let pos = i - gone.iter().filter(|&&g| g < i).count();
            let mut msg =
                format!("incompatible id in plugin array, position {}\nElement name '{}', id {}", pos, p.name, i);
            if !p.info.text.is_empty() {
                msg.push_str(&format!(", {}", p.info.text));
            }
            msg
        });
        let els: Vec<*const mjsElement> = gone.iter().map(|&i| &self.plugins[i].head.el as *const mjsElement).collect();
        self.drop_instances(&els);
        err.map_or(Ok(()), Err)
    }

    /// The instances configured in place by bodies `bodies` (upstream deletes those of a
    /// deleted subtree's bodies, not of its other elements).
    pub(crate) fn body_instances(&self, bodies: &[usize]) -> Vec<*const mjsElement> {
        bodies
            .iter()
            .filter_map(|&b| self.own_instance(&self.bodies[b].c.plugin, &self.bodies[b].plugin))
            .map(|k| &self.plugins[k].head.el as *const mjsElement)
            .collect()
    }
}

/// Lengths of the lists with plugin fields before an attach: the copies come after them.
#[derive(Clone, Copy)]
pub(crate) struct PluginMarks {
    bodies: usize,
    geoms: usize,
    meshes: usize,
    actuators: usize,
    sensors: usize,
}

impl PluginMarks {
    pub(crate) fn of(s: &Spec) -> PluginMarks {
        PluginMarks {
            bodies: s.bodies.len(),
            geoms: s.geoms.len(),
            meshes: s.meshes.len(),
            actuators: s.actuators.len(),
            sensors: s.sensors.len(),
        }
    }
}

impl Spec {
    /// Appends a copy of instance `p` (from any spec) named `name`; returns its index.
    fn push_instance(&mut self, p: &Plugin, name: Option<&str>) -> usize {
        let mut q = p.clone();
        if let Some(n) = name {
            q.name.set(n);
        }
        let k = self.plugins.len();
        q.head.spec = self as *const Spec as usize;
        q.head.index = k;
        q.head.id = k as i32;
        self.plugins.push(super::Owned::new(q));
        k
    }

    /// The attached bodies and geoms in the order upstream's deep copy reaches them: geoms
    /// attached to a body that was already there, then each attached subtree with every body's
    /// geoms before its child bodies and the body itself after them. (`true`: a body.)
    fn attached_tree_order(&self, m: &PluginMarks) -> Vec<(bool, usize)> {
        let mut out: Vec<(bool, usize)> =
            (m.geoms..self.geoms.len()).filter(|&g| self.geoms[g].body < m.bodies).map(|g| (false, g)).collect();
        let roots = (m.bodies..self.bodies.len()).filter(|&b| self.bodies[b].parent < m.bodies);
        let mut stack: Vec<(usize, bool)> = roots.rev().map(|b| (b, false)).collect();
        while let Some((b, done)) = stack.pop() {
            if done {
                out.push((true, b));
                continue;
            }
            out.extend(self.bodies[b].geoms.iter().map(|&g| (false, g)));
            stack.push((b, true));
            stack.extend(self.bodies[b].bodies.iter().rev().map(|&c| (c, false)));
        }
        out
    }

    /// The plugin side of attaching model `c` (copies made since `m`, names given prefix `pre`
    /// and suffix `suf`), as upstream's attach: the copied elements name their instances with
    /// the prefix and suffix; each instance one of them configured in place is copied for it
    /// (bodies and geoms, then meshes, actuators, sensors); then, list by list (bodies, geoms,
    /// meshes, actuators, sensors of the whole model), the named instances of `c` that elements
    /// refer to and this spec lacks are copied under their new names, in `c`'s order. The
    /// plugins `c` uses become usable here too.
    /// For a clone of `from`: points the plugin references that still point at `from`'s
    /// instances to this spec's own instances (same order).
    pub(crate) fn repoint_plugins(&mut self, from: &Spec) {
        let own: Vec<*mut mjsElement> = self.plugins.iter_mut().map(|p| &mut p.head.el as *mut mjsElement).collect();
        macro_rules! repoint {
            ($list:expr) => {
                for x in $list.iter_mut() {
                    if let Some(k) = from.plugin_index(x.c.plugin.element) {
                        x.c.plugin.element = own[k];
                    }
                }
            };
        }
        each_plugin_list!(self, repoint);
    }

    /// Points the plugin references of the elements made since marks `m` that use one of this
    /// spec's instances to the instance at the same place in `to` (a clone of this spec), so
    /// that `attach_plugins(to, m, ..)` treats them as attached from `to`.
    pub(crate) fn repoint_since(&mut self, m: &PluginMarks, to: &Spec) {
        let mine: Vec<*const mjsElement> = self.plugins.iter().map(|p| &p.head.el as *const mjsElement).collect();
        let theirs: Vec<*mut mjsElement> =
            to.plugins.iter().map(|p| &p.head.el as *const mjsElement as *mut mjsElement).collect();
        let map = |e: &mut *mut mjsElement| {
            if let Some(k) = mine.iter().position(|&q| core::ptr::eq(q, *e)) {
                if let Some(&t) = theirs.get(k) {
                    *e = t;
                }
            }
        };
        self.bodies[m.bodies..].iter_mut().for_each(|x| map(&mut x.c.plugin.element));
        self.geoms[m.geoms..].iter_mut().for_each(|x| map(&mut x.c.plugin.element));
        self.meshes[m.meshes..].iter_mut().for_each(|x| map(&mut x.c.plugin.element));
        self.actuators[m.actuators..].iter_mut().for_each(|x| map(&mut x.c.plugin.element));
        self.sensors[m.sensors..].iter_mut().for_each(|x| map(&mut x.c.plugin.element));
    }

    pub(crate) fn attach_plugins(&mut self, c: &Spec, m: &PluginMarks, pre: &str, suf: &str) {
        let rename = |r: &mut PluginRef| {
            if !r.name.is_empty() {
                let n = format!("{}{}{}", pre, r.name.as_str(), suf);
                r.name.set(&n);
            }
        };
        self.bodies[m.bodies..].iter_mut().for_each(|x| rename(&mut x.plugin));
        self.geoms[m.geoms..].iter_mut().for_each(|x| rename(&mut x.plugin));
        self.meshes[m.meshes..].iter_mut().for_each(|x| rename(&mut x.plugin));
        self.actuators[m.actuators..].iter_mut().for_each(|x| rename(&mut x.plugin));
        self.sensors[m.sensors..].iter_mut().for_each(|x| rename(&mut x.plugin));

        // instances configured in place
        let mut fields: Vec<(*mut mjsPlugin, bool)> = Vec::new();
        for (is_body, i) in self.attached_tree_order(m) {
            fields.push(if is_body {
                let x = &mut self.bodies[i];
                (&mut x.c.plugin, x.plugin.name.is_empty())
            } else {
                let x = &mut self.geoms[i];
                (&mut x.c.plugin, x.plugin.name.is_empty())
            });
        }
        fields.extend(
            self.meshes[m.meshes..].iter_mut().map(|x| (&mut x.c.plugin as *mut mjsPlugin, x.plugin.name.is_empty())),
        );
        fields.extend(
            self.actuators[m.actuators..]
                .iter_mut()
                .map(|x| (&mut x.c.plugin as *mut mjsPlugin, x.plugin.name.is_empty())),
        );
        fields.extend(
            self.sensors[m.sensors..].iter_mut().map(|x| (&mut x.c.plugin as *mut mjsPlugin, x.plugin.name.is_empty())),
        );
        for (f, unnamed) in fields {
            // SAFETY: plugin fields of this spec's boxed elements, which pushing instances
            // does not move
            let f = unsafe { &mut *f };
            if f.active == 0 || !unnamed {
                continue;
            }
            if let Some(k) = c.plugin_index(f.element) {
                let j = self.push_instance(&c.plugins[k], None);
                f.element = &mut self.plugins[j].head.el;
            }
        }

        // named instances, list by list
        let from: Vec<&Plugin> = c.plugins.iter().map(|p| &**p).collect();
        self.copy_named_instances(&from, pre, suf);

        // copies still pointing into `c` find their instance by name
        macro_rules! unlink {
            ($list:expr) => {
                for x in $list.iter_mut() {
                    if c.plugin_index(x.c.plugin.element).is_some() {
                        x.c.plugin.element = core::ptr::null_mut();
                    }
                }
            };
        }
        each_plugin_list!(self, unlink);
        for (name, slot) in &c.active_plugins {
            if !self.active_plugins.iter().any(|(_, k)| k == slot) {
                self.active_plugins.push((name.clone(), *slot));
            }
        }
    }
}

impl Spec {
    /// Upstream's copy of named instances at an attach: list by list (bodies, geoms, meshes,
    /// actuators, sensors), each instance of `from` (in order) whose name with prefix `pre` and
    /// suffix `suf` an element of the list refers to, and that no instance here has, is copied
    /// under that name; the elements referring to it point at the copy.
    fn copy_named_instances(&mut self, from: &[&Plugin], pre: &str, suf: &str) {
        macro_rules! named {
            ($list:expr) => {{
                for p in from.iter().filter(|p| !p.name.is_empty()) {
                    let n = format!("{}{}{}", pre, p.name.as_str(), suf);
                    if !$list.iter().any(|x| x.plugin.name.as_str() == n)
                        || self.plugins.iter().any(|q| q.name.as_str() == n)
                    {
                        continue;
                    }
                    let j = self.push_instance(p, Some(&n));
                    let el: *mut mjsElement = &mut self.plugins[j].head.el;
                    for x in $list.iter_mut().filter(|x| x.plugin.name.as_str() == n) {
                        x.c.plugin.element = el;
                    }
                }
            }};
        }
        each_plugin_list!(self, named);
    }

    /// The instances configured in place by the bodies and geoms made between marks `a` and
    /// `b` (a replicate's first subtree, deleted with them).
    pub(crate) fn tree_instances(&self, a: &PluginMarks, b: &PluginMarks) -> Vec<*const mjsElement> {
        let mut out: Vec<*const mjsElement> = Vec::new();
        let bodies = self.bodies[a.bodies..b.bodies].iter().map(|x| (&x.c.plugin, &x.plugin));
        let geoms = self.geoms[a.geoms..b.geoms].iter().map(|x| (&x.c.plugin, &x.plugin));
        for (c, r) in bodies.chain(geoms) {
            if let Some(k) = self.own_instance(c, r) {
                out.push(&self.plugins[k].head.el);
            }
        }
        out
    }

    /// The plugin side of a replica read since `m` (instances from `first` on made while
    /// reading it), as upstream's copy of the first subtree would have made it: the instances
    /// configured in place come in the order the copy reaches their elements (see
    /// `attached_tree_order`), then each named instance the replica's elements refer to with
    /// the replica's suffix `suf` is copied under that name.
    pub(crate) fn replica_plugins(&mut self, first: usize, m: &PluginMarks, suf: &str) {
        let mut order: Vec<usize> = Vec::new();
        for (is_body, i) in self.attached_tree_order(m) {
            let (c, r) = if is_body {
                (&self.bodies[i].c.plugin, &self.bodies[i].plugin)
            } else {
                (&self.geoms[i].c.plugin, &self.geoms[i].plugin)
            };
            if let Some(k) = self.own_instance(c, r) {
                if k >= first && !order.contains(&k) {
                    order.push(k);
                }
            }
        }
        let rest: Vec<usize> = (first..self.plugins.len()).filter(|k| !order.contains(k)).collect();
        order.extend(rest);
        let mut taken: Vec<Option<super::Owned<Plugin>>> = self.plugins.drain(first..).map(Some).collect();
        for k in order {
            if let Some(p) = taken[k - first].take() {
                self.plugins.push(p);
            }
        }
        for (i, p) in self.plugins.iter_mut().enumerate() {
            p.head.index = i;
        }
        let snap: Vec<Plugin> = self.plugins[..first].iter().map(|p| (**p).clone()).collect();
        let from: Vec<&Plugin> = snap.iter().collect();
        self.copy_named_instances(&from, "", suf);
    }
}
