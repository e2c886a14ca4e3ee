//! Engine plugin instances held by mjData: creation (`mj_initPlugin`), destruction, copying and
//! reset, and the helpers the pipeline uses to call each instance's callbacks.
//!
//! Instance `i` of a model uses the plugin registered at slot `m.plugin[i]`; its private object
//! lives in `d.plugin_data[i]` and its state in `d.plugin_state[m.plugin_stateadr[i]..]`.

use core::ffi::{c_int, c_void};

use crate::abi::*;
use crate::mjerror;
use crate::runtime::{alloc, plugin::plugin_at_slot};

/// The registered plugin of a slot, if any.
#[inline]
fn at_slot(slot: c_int) -> Option<&'static mjpPlugin> {
    // SAFETY: registered plugins are leaked and never modified
    unsafe { plugin_at_slot(slot).as_ref() }
}

/// Calls `f(instance, slot, plugin)` for every plugin instance of `m` in order. A slot without
/// a registered plugin is reported as "invalid plugin slot" on behalf of `func` and ends the
/// walk.
///
/// # Safety
/// `m` must be a valid model.
pub unsafe fn each_plugin(m: &mjModel, func: &str, mut f: impl FnMut(c_int, c_int, &'static mjpPlugin)) {
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
/// velocity and acceleration sensor stages).
///
/// # Safety
/// `m` must be a valid model and `d` data made for it.
pub unsafe fn compute(
    m: &mjModel,
    d: *mut mjData,
    instance: c_int,
    slot: c_int,
    p: &mjpPlugin,
    bit: mjtPluginCapabilityBit_,
    func: &str,
    short: bool,
) {
    match p.compute {
        Some(f) => f(m, d, instance, bit as c_int),
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
/// upstream) and the failure reported; false then, and `d` must not be used again.
///
/// # Safety
/// `d` must be data allocated for `m` (buffer and arena from `alloc::malloc`).
pub unsafe fn init_plugin(m: &mjModel, d: *mut mjData) -> bool {
    (*d).nplugin = m.nplugin;
    for i in 0..m.nplugin.max(0) as usize {
        let slot = *m.plugin.add(i);
        *(*d).plugin.add(i) = slot;
        let Some(p) = at_slot(slot) else {
            free_data(d);
            mjerror!("mj_initPlugin", "invalid plugin slot: {}", slot);
            return false;
        };
        if let Some(init) = p.init {
            if init(m, d, i as c_int) < 0 {
                free_data(d);
                mjerror!("mj_initPlugin", "plugin->init failed for plugin id {}", i);
                return false;
            }
        }
    }
    true
}

/// Frees the blocks of `d` and `d` itself, without touching plugin instances.
unsafe fn free_data(d: *mut mjData) {
    crate::data::bvh_marks::tag_slot(d).write(0);
    alloc::free((*d).buffer);
    alloc::free((*d).arena);
    alloc::free(d as *mut c_void);
}

/// Destroys the plugin instances recorded in `d` (its `nplugin` and `plugin` slots).
///
/// # Safety
/// `d` must be valid data whose instances were created by [`init_plugin`].
pub unsafe fn destroy_plugins(d: *mut mjData) {
    for i in 0..(*d).nplugin.max(0) as usize {
        if let Some(destroy) = at_slot(*(*d).plugin.add(i)).and_then(|p| p.destroy) {
            destroy(d, i as c_int);
        }
    }
}

/// Gives every instance of `dest` the chance to copy its private object from `src`
/// (`plugin->copy`), after the arrays were copied.
///
/// # Safety
/// `dest` and `src` must be data made for `m`.
pub unsafe fn copy_plugins(dest: *mut mjData, m: &mjModel, src: *const mjData) {
    (*dest).nplugin = m.nplugin;
    each_plugin(m, "mj_copyDataVisual", |i, _, p| {
        if let Some(copy) = p.copy {
            copy(dest, m, src, i);
        }
    });
}

/// Plugin state and objects of data saved across a reset (see [`save`] and [`restore`]).
pub struct Saved {
    state: *mut mjtNum,
    data: *mut usize,
    active: bool,
}

/// Copies `plugin_state` and `plugin_data` of `d` aside when `d` has plugin instances.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn save(m: &mjModel, d: &mjData) -> Saved {
    let mut s = Saved { state: core::ptr::null_mut(), data: core::ptr::null_mut(), active: d.nplugin != 0 };
    if !s.active {
        return s;
    }
    let (nstate, ndata) = (m.npluginstate.max(0) as usize, m.nplugin.max(0) as usize);
    if nstate > 0 {
        s.state = alloc::malloc(nstate * core::mem::size_of::<mjtNum>()) as *mut mjtNum;
        if !s.state.is_null() {
            core::ptr::copy_nonoverlapping(d.plugin_state, s.state, nstate);
        }
    }
    if ndata > 0 {
        s.data = alloc::malloc(ndata * core::mem::size_of::<usize>()) as *mut usize;
        if !s.data.is_null() {
            core::ptr::copy_nonoverlapping(d.plugin_data, s.data, ndata);
        }
    }
    s
}

/// Puts saved plugin state and objects back, restores the slots and calls each instance's
/// `reset` with its state and object.
///
/// # Safety
/// `d` must be the data `s` was saved from, laid out for `m`.
pub unsafe fn restore(m: &mjModel, d: *mut mjData, s: Saved) {
    if !s.active {
        return;
    }
    let (nstate, ndata) = (m.npluginstate.max(0) as usize, m.nplugin.max(0) as usize);
    if !s.state.is_null() {
        core::ptr::copy_nonoverlapping(s.state, (*d).plugin_state, nstate);
        alloc::free(s.state as *mut c_void);
    }
    if !s.data.is_null() {
        core::ptr::copy_nonoverlapping(s.data, (*d).plugin_data, ndata);
        alloc::free(s.data as *mut c_void);
    }
    for i in 0..ndata {
        let slot = *m.plugin.add(i);
        *(*d).plugin.add(i) = slot;
        let Some(p) = at_slot(slot) else {
            mjerror!("mj_resetData", "invalid plugin slot: {}", slot);
            return;
        };
        if let Some(reset) = p.reset {
            let state = (*d).plugin_state.wrapping_offset(*m.plugin_stateadr.add(i) as isize);
            reset(m, state, *(*d).plugin_data.add(i) as *mut c_void, i as c_int);
        }
    }
}
