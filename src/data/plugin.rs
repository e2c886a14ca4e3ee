//! Engine plugin instances held by mjData: creation (`mj_initPlugin`), destruction, copying and
//! reset, and the helpers the pipeline uses to call each instance's callbacks.
//!
//! Instance `i` of a model uses the plugin registered at slot `m.plugin[i]`; its private object
//! lives in `d.plugin_data[i]` and its state in `d.plugin_state[m.plugin_stateadr[i]..]`.

use core::ffi::{c_int, c_void};

use crate::abi::*;
use crate::data::make;
use crate::mjerror;
use crate::runtime::alloc::{CArray, CBox};
use crate::runtime::plugin::plugin_at_slot;

/// The registered plugin of a slot, if any.
#[inline]
fn at_slot(slot: c_int) -> Option<&'static mjpPlugin> {
    // SAFETY: registered plugins are leaked and never modified
    unsafe { plugin_at_slot(slot).as_ref() }
}

/// Calls `f(instance, slot, plugin)` for every plugin instance of `m` in order. A slot without
/// a registered plugin is reported as "invalid plugin slot" on behalf of `func` and ends the
/// walk.
pub fn each_plugin(m: &mjModel, func: &str, mut f: impl FnMut(c_int, c_int, &'static mjpPlugin)) {
    if m.nplugin <= 0 {
        return;
    }
    for (i, &slot) in m.plugin().iter().enumerate() {
        match at_slot(slot) {
            Some(p) => f(i as c_int, slot, p),
            None => {
                mjerror!(func, "invalid plugin slot: {}", slot);
                return;
            }
        }
    }
}

/// Calls the `compute` callback of instance `instance` with capability `bit`; a missing callback
/// is reported on behalf of `func` (`short` selects upstream's shorter wording used by the
/// velocity and acceleration sensor stages). `d` must be made for `m` (the engine invariant).
#[allow(clippy::too_many_arguments)]
pub fn compute(
    m: &mjModel,
    d: &mut mjData,
    instance: c_int,
    slot: c_int,
    p: &mjpPlugin,
    bit: mjtPluginCapabilityBit_,
    func: &str,
    short: bool,
) {
    match p.compute {
        // SAFETY: a registered plugin's callback takes a model and data made for it (mjpPlugin's
        // contract); the data is borrowed exclusively here and no Rust reference into it is used
        // while the foreign code runs
        Some(f) => unsafe { f(m, d, instance, bit as c_int) },
        None if short => mjerror!(func, "`compute` is null for plugin at slot {}", slot),
        None => mjerror!(func, "`compute` is a null function pointer for plugin at slot {}", slot),
    }
}

/// True when plugin `p` declares capability `bit`.
#[inline]
pub fn has_capability(p: &mjpPlugin, bit: mjtPluginCapabilityBit_) -> bool {
    p.capabilityflags & bit as c_int != 0
}

/// Creates the plugin instances of `d` (`mj_initPlugin`): copies the slots into `d.plugin` and
/// calls each `init`. When an `init` fails, `d` is freed (its instances are not destroyed, as
/// upstream) and the failure reported; `None` then. `d` must be data allocated for `m`.
pub fn init_plugin(m: &mjModel, mut d: CBox<mjData>) -> Option<CBox<mjData>> {
    d.nplugin = m.nplugin;
    for i in 0..m.nplugin.max(0) as usize {
        let slot = m.plugin()[i];
        d.arrays_mut(m).plugin[i] = slot;
        let Some(p) = at_slot(slot) else {
            make::free_data(d);
            mjerror!("mj_initPlugin", "invalid plugin slot: {}", slot);
            return None;
        };
        if let Some(init) = p.init {
            // SAFETY: a registered plugin's callback takes a model and data made for it
            // (mjpPlugin's contract); no Rust reference into the data is alive during the call
            if unsafe { init(m, d.as_ptr(), i as c_int) } < 0 {
                make::free_data(d);
                mjerror!("mj_initPlugin", "plugin->init failed for plugin id {}", i);
                return None;
            }
        }
    }
    Some(d)
}

/// Destroys the plugin instances recorded in `d` (its `nplugin` and `plugin` slots).
pub fn destroy_plugins(d: &mut mjData) {
    let n = d.nplugin.max(0) as usize;
    let dp: *mut mjData = d;
    for i in 0..n {
        // SAFETY: `plugin` holds `nplugin` slots (init_plugin and copy_plugins set both from the
        // model); read before each call, as a callback may write the data
        let slot = unsafe { *(*dp).plugin.add(i) };
        if let Some(destroy) = at_slot(slot).and_then(|p| p.destroy) {
            // SAFETY: a registered plugin's callback takes data whose instance `i` it created
            // (mjpPlugin's contract); the data is borrowed exclusively here and reached only
            // through `dp` while the foreign code runs
            unsafe { destroy(dp, i as c_int) };
        }
    }
}

/// Gives every instance of `dest` the chance to copy its private object from `src`
/// (`plugin->copy`), after the arrays were copied. Both must be made for `m`.
pub fn copy_plugins(dest: &mut mjData, m: &mjModel, src: &mjData) {
    dest.nplugin = m.nplugin;
    let (dp, sp): (*mut mjData, *const mjData) = (dest, src);
    each_plugin(m, "mj_copyDataVisual", |i, _, p| {
        if let Some(copy) = p.copy {
            // SAFETY: a registered plugin's callback takes two data made for the model
            // (mjpPlugin's contract); `dest` is borrowed exclusively and `src` shared here, and
            // no Rust reference into either is used while the foreign code runs
            unsafe { copy(dp, m, sp, i) };
        }
    });
}

/// Plugin state and objects of data saved across a reset (see [`save`] and [`restore`]).
pub struct Saved {
    state: Option<CArray<mjtNum>>,
    data: Option<CArray<usize>>,
    active: bool,
}

/// Copies `plugin_state` and `plugin_data` of `d` aside when `d` has plugin instances. `d` must
/// be made for `m`.
pub fn save(m: &mjModel, d: &mjData) -> Saved {
    let mut s = Saved { state: None, data: None, active: d.nplugin != 0 };
    if !s.active {
        return s;
    }
    let (nstate, ndata) = (m.npluginstate.max(0) as usize, m.nplugin.max(0) as usize);
    let a = d.arrays(m);
    if nstate > 0 {
        s.state = CArray::copy_of(&a.plugin_state[..nstate]);
    }
    if ndata > 0 {
        s.data = CArray::copy_of(&a.plugin_data[..ndata]);
    }
    s
}

/// Puts saved plugin state and objects back, restores the slots and calls each instance's
/// `reset` with its state and object. `d` must be the data `s` was saved from, made for `m`.
pub fn restore(m: &mjModel, d: &mut mjData, s: Saved) {
    if !s.active {
        return;
    }
    let (nstate, ndata) = (m.npluginstate.max(0) as usize, m.nplugin.max(0) as usize);
    if let Some(state) = s.state {
        d.arrays_mut(m).plugin_state[..nstate].copy_from_slice(state.as_slice());
        state.free();
    }
    if let Some(data) = s.data {
        d.arrays_mut(m).plugin_data[..ndata].copy_from_slice(data.as_slice());
        data.free();
    }
    for i in 0..ndata {
        let slot = m.plugin()[i];
        d.arrays_mut(m).plugin[i] = slot;
        let Some(p) = at_slot(slot) else {
            mjerror!("mj_resetData", "invalid plugin slot: {}", slot);
            return;
        };
        if let Some(reset) = p.reset {
            let state = d.plugin_state.wrapping_offset(m.plugin_stateadr()[i] as isize);
            let object = d.arrays(m).plugin_data[i] as *mut c_void;
            // SAFETY: a registered plugin's callback takes the model, its instance's state in
            // the data and its object (mjpPlugin's contract); no Rust reference into the data is
            // alive during the call
            unsafe { reset(m, state, object, i as c_int) };
        }
    }
}
