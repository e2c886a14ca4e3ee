//! The model-editing API for flexes and engine plugin instances: adding them, their default
//! values, and the configuration attributes of an instance (libc++ `std::map` of strings, as
//! upstream's C++ clients pass it).

use core::ffi::{c_char, c_int, c_void};
use core::ptr;

use super::guard;
use super::spec::{cstr, spec_mut};
use crate::abi::*;
use crate::spec::cxxmap::CxxMap;
use crate::spec::{self, Flex, Plugin};

/// Add a flex to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addFlex(s: *mut mjSpec) -> *mut mjsFlex {
    crate::boundary! {
        if s.is_null() {
            crate::mjerror!("mjs_addFlex", "spec is null");
            return ptr::null_mut();
        }
        guard("mjs_addFlex", ptr::null_mut(), || {
            let sp = spec_mut(s);
            let i = sp.add_flex();
            &mut sp.flexes[i].c
        })
    }
}

/// Add a plugin instance to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addPlugin(s: *mut mjSpec) -> *mut mjsPlugin {
    crate::boundary! {
        if s.is_null() {
            crate::mjerror!("mjs_addPlugin", "spec is null");
            return ptr::null_mut();
        }
        guard("mjs_addPlugin", ptr::null_mut(), || {
            let sp = spec_mut(s);
            let i = sp.add_plugin();
            &mut sp.plugins[i].c
        })
    }
}

/// Make the registered plugin `name` usable by the spec's elements; -1 when no plugin of that
/// name is registered.
#[no_mangle]
pub unsafe extern "C" fn mjs_activatePlugin(s: *mut mjSpec, name: *const c_char) -> c_int {
    crate::boundary! {
        if s.is_null() || name.is_null() {
            crate::mjerror!("mjs_activatePlugin", "spec or name is null");
            return -1;
        }
        let n = cstr(name);
        guard("mjs_activatePlugin", -1, || if spec_mut(s).activate_plugin(n) { 0 } else { -1 })
    }
}

/// The element as a flex, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asFlex(element: *mut mjsElement) -> *mut mjsFlex {
    crate::boundary! {
        if element.is_null() || (*element).elemtype != mjtObj_::mjOBJ_FLEX as i32 {
            return ptr::null_mut();
        }
        &mut (*(element as *mut Flex)).c
    }
}

/// The element as a plugin instance, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asPlugin(element: *mut mjsElement) -> *mut mjsPlugin {
    crate::boundary! {
        if element.is_null() || (*element).elemtype != mjtObj_::mjOBJ_PLUGIN as i32 {
            return ptr::null_mut();
        }
        &mut (*(element as *mut Plugin)).c
    }
}

/// Upstream's default values of a flex specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultFlex(flex: *mut mjsFlex) {
    crate::boundary! {
        if let Some(x) = flex.as_mut() {
            spec::flex::default_flex(x);
        }
    }
}

/// The instance a plugin field points at (`plugin->element`), or an `mju_error` naming `func`.
unsafe fn instance<'a>(plugin: *const mjsPlugin, func: &str) -> Option<&'a mut Plugin> {
    // SAFETY: `plugin` is null or a plugin handed out by the mjs_* API, inside a live Spec (the mjs_* C contract)
    unsafe {
        if plugin.is_null() {
            crate::mjerror!(func, "plugin is null");
            return None;
        }
        let el = (*plugin).element;
        if el.is_null() || (*el).elemtype != mjtObj_::mjOBJ_PLUGIN as i32 {
            crate::mjerror!(func, "plugin->element is not a plugin instance");
            return None;
        }
        Some(&mut *(el as *mut Plugin))
    }
}

/// Replace the configuration of the instance `plugin->element` by the `std::map<std::string,
/// std::string>` at `attributes`, which is moved from (left empty), as upstream does.
#[no_mangle]
pub unsafe extern "C" fn mjs_setPluginAttributes(plugin: *mut mjsPlugin, attributes: *mut c_void) {
    crate::boundary! {
        let Some(p) = instance(plugin, "mjs_setPluginAttributes") else { return };
        if attributes.is_null() {
            crate::mjerror!("mjs_setPluginAttributes", "attributes is null");
            return;
        }
        guard("mjs_setPluginAttributes", (), || p.config.take_from(attributes as *mut CxxMap))
    }
}

/// The configuration (`std::map<std::string, std::string>`) of the instance
/// `plugin->element`.
#[no_mangle]
pub unsafe extern "C" fn mjs_getPluginAttributes(plugin: *const mjsPlugin) -> *const c_void {
    crate::boundary! {
        match instance(plugin, "mjs_getPluginAttributes") {
            Some(p) => &p.config as *const CxxMap as *const c_void,
            None => ptr::null(),
        }
    }
}
