//! The compiler's asset cache (`crate::compiler::cache`): size, capacity, clearing.

use super::guard;
use crate::abi::*;
use crate::compiler::cache;

/// Get the current size of the asset cache in bytes.
#[no_mangle]
pub unsafe extern "C" fn mj_getCacheSize(cache: *const mjCache) -> usize {
    crate::boundary! {
        // SAFETY: the caller passes null or a readable mjCache (mj_getCacheSize contract)
        let cache = unsafe { cache.as_ref() };
        guard("mj_getCacheSize", 0, || cache::with_handle(cache, |c| c.size()).unwrap_or(0))
    }
}

/// Get the capacity of the asset cache in bytes.
#[no_mangle]
pub unsafe extern "C" fn mj_getCacheCapacity(cache: *const mjCache) -> usize {
    crate::boundary! {
        // SAFETY: the caller passes null or a readable mjCache (mj_getCacheCapacity contract)
        let cache = unsafe { cache.as_ref() };
        guard("mj_getCacheCapacity", 0, || cache::with_handle(cache, |c| c.capacity()).unwrap_or(0))
    }
}

/// Set the capacity of the asset cache in bytes (0 to disable); returns the new capacity.
#[no_mangle]
pub unsafe extern "C" fn mj_setCacheCapacity(cache: *mut mjCache, size: usize) -> usize {
    crate::boundary! {
        // SAFETY: the caller passes null or a readable mjCache (mj_setCacheCapacity contract)
        let cache = unsafe { cache.as_ref() };
        guard("mj_setCacheCapacity", 0, || {
            cache::with_handle(cache, |c| {
                c.set_capacity(size);
                c.capacity()
            })
            .unwrap_or(0)
        })
    }
}

/// Get the internal asset cache used by the compiler.
#[no_mangle]
pub unsafe extern "C" fn mj_getCache() -> *mut mjCache {
    crate::boundary! {
        guard("mj_getCache", core::ptr::null_mut(), cache::handle)
    }
}

/// Clear the asset cache.
#[no_mangle]
pub unsafe extern "C" fn mj_clearCache(cache: *mut mjCache) {
    crate::boundary! {
        // SAFETY: the caller passes null or a readable mjCache (mj_clearCache contract)
        let cache = unsafe { cache.as_ref() };
        guard("mj_clearCache", (), || {
            cache::with_handle(cache, |c| c.clear());
        })
    }
}
