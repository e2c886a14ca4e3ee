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
    /// it (each body's geoms, then its child bodies, then the body; then actuators, sensors);
    /// then the named instances, kept only when elements refer to them by name, in the order
    /// bodies, geoms, actuators, sensors first refer to them.
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
        let names: [Vec<(&str, *mut *mut mjsElement)>; 4] = [
            tree_bodies.iter().map(|&b| (self.bodies[b].plugin.name.as_str(), &mut out.bodies[b].c.plugin.element as *mut _)).collect(),
            tree_geoms.iter().map(|&g| (self.geoms[g].plugin.name.as_str(), &mut out.geoms[g].c.plugin.element as *mut _)).collect(),
            (0..self.actuators.len()).map(|i| (self.actuators[i].plugin.name.as_str(), &mut out.actuators[i].c.plugin.element as *mut _)).collect(),
            (0..self.sensors.len()).map(|i| (self.sensors[i].plugin.name.as_str(), &mut out.sensors[i].c.plugin.element as *mut _)).collect(),
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
        let mut fresh: Vec<super::Owned<Plugin>> = order.iter().map(|&k| super::Owned::new((*self.plugins[k]).clone())).collect();
        for (i, p) in fresh.iter_mut().enumerate() {
            p.head.index = i;
            p.head.id = i as i32;
        }
        // elements that keep a pointer into the old list point at nothing in the copy
        for list in [&mut out.bodies as &mut dyn PluginFields, &mut out.geoms, &mut out.actuators, &mut out.sensors] {
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
plugin_fields!(super::Body, super::Geom, super::Actuator, super::Sensor);
