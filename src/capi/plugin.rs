//! Plugin, resource-provider and decoder registries, plugin libraries and resource decoding
//! (logic in `runtime::plugin`).

use core::ffi::{c_char, c_int, CStr};
use core::ptr;

use super::guard;
use crate::abi::{
    mjModel, mjResource, mjSpec, mjfPluginLibraryLoadCallback, mjpDecoder, mjpPlugin, mjpResourceProvider,
};
use crate::runtime::plugin;

//------------------------------------------ plugins -----------------------------------------------

/// Zero every field of a plugin definition.
#[no_mangle]
pub unsafe extern "C" fn mjp_defaultPlugin(plugin: *mut mjpPlugin) {
    crate::boundary! {
        if !plugin.is_null() {
            ptr::write_bytes(plugin, 0, 1);
        }
    }
}

/// Register a copy of a plugin globally and return its slot (the existing slot if the same plugin is already registered).
#[no_mangle]
pub unsafe extern "C" fn mjp_registerPlugin(plugin: *const mjpPlugin) -> c_int {
    crate::boundary! {
        let Some(p) = plugin.as_ref() else { return -1 };
        guard("mjp_registerPlugin", -1, || plugin::register_plugin(p))
    }
}

/// Number of plugins registered so far.
#[no_mangle]
pub extern "C" fn mjp_pluginCount() -> c_int {
    crate::boundary! {
        plugin::plugin_count()
    }
}

/// Find a registered plugin by name (case-insensitive); its slot goes to *slot when given (-1 if not found).
#[no_mangle]
pub unsafe extern "C" fn mjp_getPlugin(name: *const c_char, slot: *mut c_int) -> *const mjpPlugin {
    crate::boundary! {
        if !slot.is_null() {
            *slot = -1;
        }
        if name.is_null() {
            return ptr::null();
        }
        let (p, s) = guard("mjp_getPlugin", (ptr::null(), -1), || plugin::plugin_by_name(CStr::from_ptr(name).to_bytes()));
        if !slot.is_null() {
            *slot = s;
        }
        p
    }
}

/// The plugin registered in a given slot; NULL if there is none.
#[no_mangle]
pub extern "C" fn mjp_getPluginAtSlot(slot: c_int) -> *const mjpPlugin {
    crate::boundary! {
        plugin::plugin_at_slot(slot)
    }
}

/// Value of a configuration attribute of a model's plugin instance; NULL for a bad instance id or unknown attribute.
#[no_mangle]
pub unsafe extern "C" fn mj_getPluginConfig(
    m: *const mjModel,
    plugin_id: c_int,
    attrib: *const c_char,
) -> *const c_char {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return ptr::null() };
        guard("mj_getPluginConfig", ptr::null(), || plugin::plugin_config(m, plugin_id, attrib))
    }
}

/// Load a shared library whose constructors register plugins; errors if the library cannot be loaded.
#[no_mangle]
pub unsafe extern "C" fn mj_loadPluginLibrary(path: *const c_char) {
    crate::boundary! {
        guard("mj_loadPluginLibrary", (), || plugin::load_library(path))
    }
}

/// Load every *.so file of a directory, reporting each to the callback with its first new plugin slot and plugin count.
#[no_mangle]
pub unsafe extern "C" fn mj_loadAllPluginLibraries(directory: *const c_char, callback: mjfPluginLibraryLoadCallback) {
    crate::boundary! {
        guard("mj_loadAllPluginLibraries", (), || plugin::load_all_libraries(directory, callback))
    }
}

//------------------------------------------ resource providers ------------------------------------

/// Zero every field of a resource provider definition.
#[no_mangle]
pub unsafe extern "C" fn mjp_defaultResourceProvider(provider: *mut mjpResourceProvider) {
    crate::boundary! {
        if !provider.is_null() {
            ptr::write_bytes(provider, 0, 1);
        }
    }
}

/// Register a copy of a resource provider globally; return its slot (from 1), or -1 for an invalid provider.
#[no_mangle]
pub unsafe extern "C" fn mjp_registerResourceProvider(provider: *const mjpResourceProvider) -> c_int {
    crate::boundary! {
        let Some(p) = provider.as_ref() else { return -1 };
        guard("mjp_registerResourceProvider", 0, || plugin::register_provider(p))
    }
}

/// Number of resource providers registered so far.
#[no_mangle]
pub extern "C" fn mjp_resourceProviderCount() -> c_int {
    crate::boundary! {
        plugin::provider_count()
    }
}

/// The registered provider whose prefix matches the scheme (text before the first ':') of a resource name.
#[no_mangle]
pub unsafe extern "C" fn mjp_getResourceProvider(resource_name: *const c_char) -> *const mjpResourceProvider {
    crate::boundary! {
        if resource_name.is_null() {
            return ptr::null();
        }
        guard("mjp_getResourceProvider", ptr::null(), || {
            plugin::provider_for(CStr::from_ptr(resource_name).to_bytes()).map_or(ptr::null(), |p| p as *const _)
        })
    }
}

/// The resource provider registered in a given slot (counted from 1); NULL if there is none.
#[no_mangle]
pub extern "C" fn mjp_getResourceProviderAtSlot(slot: c_int) -> *const mjpResourceProvider {
    crate::boundary! {
        plugin::provider_at_slot(slot)
    }
}

//------------------------------------------ decoders ----------------------------------------------

/// Register a resource decoder under its content type and each of its '|'-separated extensions.
#[no_mangle]
pub unsafe extern "C" fn mjp_registerDecoder(decoder: *const mjpDecoder) {
    crate::boundary! {
        let Some(d) = decoder.as_ref() else { return };
        guard("mjp_registerDecoder", (), || plugin::register_decoder(d))
    }
}

/// Zero every field of a decoder definition.
#[no_mangle]
pub unsafe extern "C" fn mjp_defaultDecoder(decoder: *mut mjpDecoder) {
    crate::boundary! {
        if !decoder.is_null() {
            ptr::write_bytes(decoder, 0, 1);
        }
    }
}

/// Find a registered decoder that accepts a resource, by content type first and then by the name's extension.
#[no_mangle]
pub unsafe extern "C" fn mjp_findDecoder(
    resource: *const mjResource,
    content_type: *const c_char,
) -> *const mjpDecoder {
    crate::boundary! {
        if resource.is_null() {
            return ptr::null();
        }
        guard("mjp_findDecoder", ptr::null(), || plugin::find_decoder(resource, content_type))
    }
}

/// Decode a resource into a new spec with a registered decoder (content type NULL: taken from the extension).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_decodeResource(resource: *mut mjResource, content_type: *const c_char) -> *mut mjSpec {
    crate::boundary! {
        if resource.is_null() {
            return ptr::null_mut();
        }
        guard("mju_decodeResource", ptr::null_mut(), || plugin::decode_resource(resource, content_type))
    }
}
