//! Engine plugin instances: which registered plugin each instance runs (by slot), which instance
//! each body, geom, actuator and sensor uses, the configuration flattened into `plugin_attr`, and
//! the sizes the plugins report (`nstate`, `nsensordata`) once the model holds their config.

use std::ffi::CStr;

use super::model_mut as mm;
use super::tree::Compiled;
use super::{CResult, CompileError};
use crate::abi::*;
use crate::runtime::plugin::plugin_at_slot;
use crate::spec::{Plugin, PluginRef};

/// The element an error about an instance is reported at: name, id and line.
#[derive(Clone, Debug, Default)]
pub struct Owner {
    pub name: String,
    pub id: i64,
    pub line: crate::spec::Info,
}

impl Owner {
    fn error(&self, msg: &str) -> CompileError {
        CompileError::elem(msg, &self.name, self.id, &self.line)
    }
}

/// One plugin instance as compiled.
#[derive(Clone, Debug)]
pub struct CPlugin {
    pub s: Plugin,
    /// registry slot, -1 until resolved
    pub slot: i32,
    /// where errors about the instance go (the element that configured it, or itself)
    pub owner: Option<Owner>,
    /// the configuration values in the order the plugin declares its attributes, each
    /// NUL-terminated
    pub attr: Vec<u8>,
}

/// Resolved instances and the instance each element uses (-1 for none).
#[derive(Clone, Debug, Default)]
pub struct Plugins {
    pub list: Vec<CPlugin>,
    pub body: Vec<i32>,
    pub geom: Vec<i32>,
    pub actuator: Vec<i32>,
    pub sensor: Vec<i32>,
}

impl Plugins {
    pub fn new(spec: &[crate::spec::Owned<Plugin>]) -> Self {
        Plugins {
            list: spec
                .iter()
                .map(|p| CPlugin { s: (**p).clone(), slot: p.slot.get(), owner: None, attr: Vec::new() })
                .collect(),
            ..Default::default()
        }
    }
}

/// The registered plugin at `slot` (None for an empty slot).
fn registered(slot: i32) -> Option<&'static mjpPlugin> {
    let p = plugin_at_slot(slot);
    if p.is_null() {
        None
    } else {
        // SAFETY: a non-null registry slot holds a plugin table that lives as long as the process
        Some(unsafe { &*p })
    }
}

fn plugin_name(p: &mjpPlugin) -> String {
    if p.name.is_null() {
        return String::new();
    }
    // SAFETY: a registered plugin's non-null name is NUL-terminated (mjp_registerPlugin contract)
    unsafe { CStr::from_ptr(p.name) }.to_string_lossy().into_owned()
}

impl<'a> Compiled<'a> {
    /// Finds the slot of the plugin an element (or instance) names and the instance it uses;
    /// an instance configured in place takes the element as its owner. Returns the instance id.
    fn resolve_plugin(&mut self, r: &PluginRef, own: Option<usize>, owner: &Owner) -> CResult<usize> {
        let mut pname = r.plugin_name.to_string();
        if pname.is_empty() && !r.name.is_empty() {
            match self.plugins.list.iter().find(|p| p.s.name == r.name) {
                Some(p) => pname = p.s.plugin_name.to_string(),
                None => {
                    return Err(owner.error(&format!("unrecognized name '{}' for plugin instance", r.name)));
                }
            }
        }
        let mut slot = -1;
        if !pname.is_empty() {
            match self.spec.active_plugins.iter().find(|(n, _)| *n == pname) {
                Some(&(_, k)) => slot = k,
                None => return Err(owner.error(&format!("unrecognized plugin '{}'", pname))),
            }
        }
        if let Some(k) = own {
            let p = &mut self.plugins.list[k];
            if p.slot == -1 {
                p.slot = slot;
                p.owner = Some(owner.clone());
                self.spec.plugins[k].slot.set(slot);
            }
            return Ok(k);
        }
        match self.plugins.list.iter().position(|p| p.s.name == r.name) {
            Some(k) => {
                self.plugins.list[k].slot = slot;
                self.spec.plugins[k].slot.set(slot);
                Ok(k)
            }
            None => Err(owner.error(&format!("unrecognized name '{}' for plugin instance", r.name))),
        }
    }

    /// Resolves the instance of an element (`c`: its plugin field, pointing at the instance it
    /// configured in place, if any) and checks that its plugin has `capability`.
    fn element_plugin(
        &mut self,
        c: &mjsPlugin,
        r: &PluginRef,
        owner: &Owner,
        neither: &str,
        capability: mjtPluginCapabilityBit_,
        cannot: &str,
    ) -> CResult<i32> {
        if r.plugin_name.is_empty() && r.name.is_empty() {
            return Err(owner.error(neither));
        }
        let own = match self.spec.plugin_index(c.element) {
            Some(k) => Some(k),
            None if c.element.is_null() => None,
            None => return Err(owner.error("plugin element is not a plugin instance of this spec")),
        };
        let k = self.resolve_plugin(r, own, owner)?;
        let slot = self.plugins.list[k].slot;
        let Some(p) = registered(slot) else {
            return Err(owner.error(&format!("unrecognized plugin '{}'", r.plugin_name)));
        };
        if p.capabilityflags & capability as i32 == 0 {
            return Err(owner.error(&format!("plugin '{}' does not support {}", plugin_name(p), cannot)));
        }
        Ok(k as i32)
    }

    /// The instance of mesh `i`'s plugin and the registered plugin it runs, which must compute
    /// signed distances (upstream's checks, in its order, before a mesh is generated from it).
    pub fn mesh_plugin(&mut self, i: usize) -> CResult<(usize, &'static mjpPlugin)> {
        let m = &self.spec.meshes[i];
        let owner = Owner { name: m.name.to_string(), id: i as i64, line: m.info.clone() };
        if m.plugin.plugin_name.is_empty() && m.plugin.name.is_empty() {
            let msg = format!("neither 'plugin' nor 'instance' is specified for mesh '{}', (id = {})", m.name, i);
            return Err(owner.error(&msg));
        }
        if m.scale != [1.0; 3] {
            let msg = format!("attribute scale is not compatible with SDFs in mesh '{}', (id = {})", m.name, i);
            return Err(owner.error(&msg));
        }
        let (c, r) = (m.c.plugin, m.plugin.clone());
        let own = match self.spec.plugin_index(c.element) {
            Some(k) => Some(k),
            None if c.element.is_null() => None,
            None => return Err(owner.error("plugin element is not a plugin instance of this spec")),
        };
        let k = self.resolve_plugin(&r, own, &owner)?;
        let Some(p) = registered(self.plugins.list[k].slot) else {
            return Err(owner.error(&format!("unrecognized plugin '{}'", r.plugin_name)));
        };
        if p.capabilityflags & mjtPluginCapabilityBit_::mjPLUGIN_SDF as i32 == 0 {
            return Err(owner.error(&format!("plugin '{}' does not support signed distance fields", plugin_name(p))));
        }
        Ok((k, p))
    }

    /// Plugins of the geoms and bodies (each body's geoms before the body, as upstream compiles
    /// them).
    pub fn compile_tree_plugins(&mut self) -> CResult<()> {
        use crate::abi::mjtPluginCapabilityBit_::*;
        self.plugins.body = vec![-1; self.bodies.len()];
        self.plugins.geom = vec![-1; self.geoms.len()];
        for b in 0..self.bodies.len() {
            for gi in self.bodies[b].geoms.clone() {
                let g = &self.geoms[gi].s;
                if g.c.plugin.active == 0 {
                    continue;
                }
                let (c, r) = (g.c.plugin, g.plugin.clone());
                let owner = Owner { name: g.name.to_string(), id: gi as i64, line: g.info.clone() };
                self.plugins.geom[gi] = self.element_plugin(
                    &c,
                    &r,
                    &owner,
                    "neither 'plugin' nor 'instance' is specified for geom",
                    mjPLUGIN_SDF,
                    "sign distance fields",
                )?;
            }
            let s = &self.bodies[b].s;
            if s.c.plugin.active != 0 {
                let (c, r) = (s.c.plugin, s.plugin.clone());
                let owner = Owner { name: s.name.to_string(), id: b as i64, line: s.info.clone() };
                let neither =
                    format!("neither 'plugin' nor 'instance' is specified for body '{}', (id = {})", s.name, b);
                self.plugins.body[b] =
                    self.element_plugin(&c, &r, &owner, &neither, mjPLUGIN_PASSIVE, "passive forces")?;
            }
        }
        Ok(())
    }

    /// The plugin of actuator `i` (after its other checks).
    pub fn compile_actuator_plugin(&mut self, i: usize) -> CResult<()> {
        use crate::abi::mjtPluginCapabilityBit_::*;
        if self.plugins.actuator.len() != self.actuators.len() {
            self.plugins.actuator = vec![-1; self.actuators.len()];
        }
        let s = &self.actuators[i].s;
        if s.c.plugin.active == 0 {
            return Ok(());
        }
        let (c, r) = (s.c.plugin, s.plugin.clone());
        let owner = Owner { name: s.name.to_string(), id: i as i64, line: s.info.clone() };
        let neither = format!("neither 'plugin' nor 'instance' is specified for actuator '{}', (id = {})", s.name, i);
        self.plugins.actuator[i] = self.element_plugin(&c, &r, &owner, &neither, mjPLUGIN_ACTUATOR, "actuators")?;
        Ok(())
    }

    /// The plugin of plugin sensor `i`; returns the stage the plugin needs.
    pub fn compile_sensor_plugin(&mut self, i: usize) -> CResult<i32> {
        use crate::abi::mjtPluginCapabilityBit_::*;
        if self.plugins.sensor.len() != self.sensors.len() {
            self.plugins.sensor = vec![-1; self.sensors.len()];
        }
        let s = &self.sensors[i].s;
        let (c, r) = (s.c.plugin, s.plugin.clone());
        let owner = Owner { name: s.name.to_string(), id: i as i64, line: s.info.clone() };
        let k = self.element_plugin(
            &c,
            &r,
            &owner,
            "neither 'plugin' nor 'instance' is specified for sensor",
            mjPLUGIN_SENSOR,
            "sensors",
        )?;
        self.plugins.sensor[i] = k;
        let slot = self.plugins.list[k as usize].slot;
        Ok(registered(slot).map(|p| p.needstage).unwrap_or(0))
    }

    /// The instances themselves: slot of the explicit ones, and the configuration flattened in
    /// the order the plugin declares its attributes (an unknown key is an error).
    pub fn compile_plugins(&mut self) -> CResult<()> {
        let n = self.plugins.list.len();
        if self.plugins.actuator.len() != self.actuators.len() {
            self.plugins.actuator = vec![-1; self.actuators.len()];
        }
        if self.plugins.sensor.len() != self.sensors.len() {
            self.plugins.sensor = vec![-1; self.sensors.len()];
        }
        for k in 0..n {
            let me = Owner {
                name: self.plugins.list[k].s.name.to_string(),
                id: k as i64,
                line: self.plugins.list[k].s.info.clone(),
            };
            let r = PluginRef {
                plugin_name: self.plugins.list[k].s.plugin_name.to_string().into(),
                name: self.plugins.list[k].s.name.clone(),
            };
            self.resolve_plugin(&r, Some(k), &me)?;
            let p = &mut self.plugins.list[k];
            let Some(reg) = registered(p.slot) else {
                return Err(p.owner.clone().unwrap_or(me).error("plugin instance is not bound to a registered plugin"));
            };
            let mut left = p.s.config.to_btree();
            let mut attr = Vec::new();
            for a in 0..reg.nattribute.max(0) as usize {
                // SAFETY: a registered plugin's attributes hold nattribute NUL-terminated names
                let key = unsafe { CStr::from_ptr(*reg.attributes.add(a)) }.to_string_lossy().into_owned();
                if let Some(v) = left.remove(&key) {
                    attr.extend_from_slice(v.as_bytes());
                }
                attr.push(0);
            }
            if reg.nattribute == 0 {
                attr.push(0);
            }
            if let Some((key, _)) = left.iter().next() {
                let msg = format!("unrecognized attribute 'plugin:{}' for plugin {}'", key, plugin_name(reg));
                return Err(p.owner.clone().unwrap_or(me).error(&msg));
            }
            p.attr = attr;
        }
        Ok(())
    }
}

/// Fills the plugin arrays of `m` (sized with `nplugin` and `npluginattr`), then asks each
/// plugin for its state size and each plugin sensor for its dimension; returns the sensor
/// dimensions (index by sensor) the plugins reported.
///
/// `m` must be allocated with the plugin sizes of `c`, and its tree arrays filled.
pub fn fill(c: &Compiled, m: &mut mjModel) -> CResult<Vec<(usize, i32, i32)>> {
    let pl = &c.plugins;
    let n = pl.list.len();
    let mut adr = 0usize;
    for (i, p) in pl.list.iter().enumerate() {
        mm::plugin(m)[i] = p.slot;
        mm::plugin_attradr(m)[i] = adr as i32;
        mm::bytes_mut(mm::plugin_attr(m))[adr..adr + p.attr.len()].copy_from_slice(&p.attr);
        adr += p.attr.len();
    }
    for (i, &k) in pl.body.iter().enumerate() {
        mm::body_plugin(m)[i] = k;
    }
    for (i, &k) in pl.geom.iter().enumerate() {
        mm::geom_plugin(m)[i] = k;
    }
    for (i, &k) in pl.actuator.iter().enumerate() {
        mm::actuator_plugin(m)[i] = k;
    }
    for (i, &k) in pl.sensor.iter().enumerate() {
        mm::sensor_plugin(m)[i] = k;
    }
    let mut dims = Vec::new();
    let mut stateadr = 0;
    for i in 0..n {
        let slot = pl.list[i].slot;
        let Some(reg) = registered(slot) else {
            return Err(CompileError::model(&format!("plugin at slot {} is not registered", slot)));
        };
        let Some(nstate) = reg.nstate else {
            return Err(CompileError::model(&format!("`nstate` is null for plugin at slot {}", slot)));
        };
        // SAFETY: a registered plugin's callback (upstream's mjpPlugin contract: it reads the
        // model it is given, which is valid for the call)
        let ns = unsafe { nstate(m, i as i32) };
        mm::plugin_stateadr(m)[i] = stateadr;
        mm::plugin_statenum(m)[i] = ns;
        stateadr += ns;
        if reg.capabilityflags & mjtPluginCapabilityBit_::mjPLUGIN_SENSOR as i32 != 0 {
            for (si, &k) in pl.sensor.iter().enumerate() {
                if k != i as i32 {
                    continue;
                }
                let Some(nsd) = reg.nsensordata else {
                    return Err(CompileError::model(&format!("`nsensordata` is null for plugin at slot {}", slot)));
                };
                // SAFETY: as for `nstate` above
                let dim = unsafe { nsd(m, i as i32, si as i32) };
                dims.push((si, dim, reg.needstage));
            }
        }
    }
    m.npluginstate = stateadr;
    Ok(dims)
}
