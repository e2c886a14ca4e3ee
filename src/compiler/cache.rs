//! The compiler's asset cache, with upstream's rules (`mj_getCache` and friends).
//!
//! Decoded assets (processed meshes, texture images, height-field elevations) are kept across
//! model loads under a key made from the resource name (plus the decoding arguments for
//! textures and height fields). An entry is used only while its resource reports itself
//! unmodified since the entry was made (`mju_isModifiedResource` against the timestamp taken
//! then: the file's modification time, or the VFS file's content stamp). Every size is
//! upstream's own estimate of the bytes an entry holds, so `mj_getCacheSize` reports upstream's
//! numbers.
//!
//! Rules, as upstream's cache has them:
//! - capacity 500 MiB; a new entry that does not fit is not stored (nothing is evicted for it);
//! - storing under an existing key replaces the data only when the timestamp differs;
//! - lowering the capacity evicts entries, least used first (then oldest first), until the
//!   contents fit; a use is every lookup that finds the key unmodified (even when the caller
//!   then rejects the data);
//! - a capacity of 0 disables the cache for good: the next `mj_getCache` (the compiler asks for
//!   it for every mesh, and for every height field and texture read from a file) hands out a
//!   handle without a cache, whose functions then do nothing and report 0.

use core::ffi::c_void;
use core::ptr;
use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::abi::mjCache;
use crate::io::files::Res;

/// Capacity of upstream's global asset cache in bytes (500 MiB).
pub const DEFAULT_CAPACITY: usize = 500 << 20;

/// Cached data: shared, read-only, of the type its user stored.
pub type Data = Arc<dyn Any + Send + Sync>;

struct Entry {
    timestamp: CString,
    /// insertion number, then number of uses: the eviction order
    insert: u64,
    uses: u64,
    size: usize,
    data: Data,
}

/// The cache contents.
pub struct Cache {
    capacity: usize,
    size: usize,
    next_insert: u64,
    entries: HashMap<String, Entry>,
    /// (uses, insertion number) -> key, first evicted first
    order: BTreeMap<(u64, u64), String>,
}

impl Cache {
    fn new(capacity: usize) -> Cache {
        Cache { capacity, size: 0, next_insert: 0, entries: HashMap::new(), order: BTreeMap::new() }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Bytes held (upstream's estimates of its entries).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Sets the capacity, evicting the least used (then oldest) entries until the rest fit.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity;
        while self.size > self.capacity {
            let Some((_, id)) = self.order.pop_first() else { break };
            if let Some(e) = self.entries.remove(&id) {
                self.size -= e.size;
            }
        }
    }

    /// Empties the cache (the capacity stays).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.order.clear();
        self.size = 0;
        self.next_insert = 0;
    }

    /// The data stored under `id` if its timestamp is still `timestamp`; counts a use.
    fn take(&mut self, id: &str, timestamp: &CString) -> Option<Data> {
        let e = self.entries.get_mut(id)?;
        if e.timestamp != *timestamp {
            return None;
        }
        self.order.remove(&(e.uses, e.insert));
        e.uses += 1;
        self.order.insert((e.uses, e.insert), id.to_string());
        Some(e.data.clone())
    }

    /// Stores `data` (estimated at `size` bytes) under `id` with the timestamp of `res`.
    fn insert(&mut self, id: &str, timestamp: CString, data: Data, size: usize) {
        match self.entries.get_mut(id) {
            None => {
                if self.size + size > self.capacity {
                    return;
                }
                let insert = self.next_insert;
                self.next_insert += 1;
                self.entries.insert(id.to_string(), Entry { timestamp, insert, uses: 0, size, data });
                self.order.insert((0, insert), id.to_string());
                self.size += size;
            }
            Some(e) => {
                if self.size - e.size + size > self.capacity || e.timestamp == timestamp {
                    return;
                }
                self.size = self.size - e.size + size;
                e.timestamp = timestamp;
                e.size = size;
                e.data = data;
            }
        }
    }
}

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

/// The handle `mj_getCache` returns; its `impl_` points at [`CACHE`] while the capacity is
/// positive.
struct Handle(core::cell::UnsafeCell<mjCache>);
// SAFETY: `impl_` is only written under the CACHE lock; readers take the same lock first
unsafe impl Sync for Handle {}
static HANDLE: Handle = Handle(core::cell::UnsafeCell::new(mjCache { impl_: ptr::null_mut() }));

fn lock() -> MutexGuard<'static, Option<Cache>> {
    CACHE.lock().unwrap_or_else(|p| p.into_inner())
}

fn cache_addr() -> *mut c_void {
    &CACHE as *const _ as *mut c_void
}

/// `mj_getCache`: the global handle, pointing at the cache while its capacity is positive and
/// at nothing (for good) once it is 0.
pub fn handle() -> *mut mjCache {
    refresh_handle();
    HANDLE.0.get()
}

/// Points the handle at the cache while its capacity is positive (at nothing otherwise) and
/// tells which.
fn refresh_handle() -> bool {
    let guard = lock();
    let enabled = guard.as_ref().map_or(DEFAULT_CAPACITY, |c| c.capacity) > 0;
    // SAFETY: written under the lock; the handle is a static
    unsafe { (*HANDLE.0.get()).impl_ = if enabled { cache_addr() } else { ptr::null_mut() } };
    enabled
}

/// Runs `f` on the cache behind `h` (a handle from [`handle`]); None when the handle is null or
/// holds no cache (or someone else's pointer).
pub fn with_handle<R>(h: Option<&mjCache>, f: impl FnOnce(&mut Cache) -> R) -> Option<R> {
    let h = h?;
    let mut guard = lock();
    if h.impl_ != cache_addr() {
        return None;
    }
    let c = guard.get_or_insert_with(|| Cache::new(DEFAULT_CAPACITY));
    Some(f(c))
}

/// What the compiler holds for one asset being compiled: whether the cache was enabled when it
/// asked (as upstream asks `mj_getCache` once per asset).
pub struct Slot {
    on: bool,
}

impl Slot {
    /// Asks for the cache as upstream's compiler does at the start of each cached asset.
    pub fn get() -> Slot {
        Slot { on: refresh_handle() }
    }

    /// The data under `id` when `res` is unmodified since it was stored (a use is counted).
    /// The resource is asked without holding the lock (its provider may call back into us).
    pub fn lookup(&self, id: &str, res: &Res) -> Option<Data> {
        if !self.on {
            return None;
        }
        let ts = lock().as_ref()?.entries.get(id)?.timestamp.clone();
        if res.modified(&ts) != 0 {
            return None;
        }
        lock().as_mut()?.take(id, &ts)
    }

    /// The data under `id`, of type `T`.
    pub fn lookup_as<T: Any + Send + Sync>(&self, id: &str, res: &Res) -> Option<Arc<T>> {
        self.lookup(id, res).and_then(|d| d.downcast::<T>().ok())
    }

    /// Stores `data`, estimated at `size` bytes (upstream's estimate), under `id`.
    pub fn insert(&self, id: &str, res: &Res, data: Data, size: usize) {
        if !self.on {
            return;
        }
        let ts = res.timestamp();
        lock().get_or_insert_with(|| Cache::new(DEFAULT_CAPACITY)).insert(id, ts, data, size);
    }
}

/// Key of a texture image: resource name and the decoding arguments.
pub fn texture_id(name: &str, ctype: &str, nchannel: i32, hflip: bool, vflip: bool) -> String {
    format!("{name};ARGS:content_type={ctype},nchannel={nchannel},hflip={},vflip={};", hflip as i32, vflip as i32)
}

/// Bytes upstream counts for a cached texture image besides its pixels (its record: three
/// unsigned ints, a flag and a vector).
pub const TEXTURE_OVERHEAD: usize = 40;

/// Key of height-field elevations: resource name and content type.
pub fn hfield_id(name: &str, ctype: &str) -> String {
    format!("mjCHField:{name};ARGS:content_type={ctype}")
}

/// Bytes upstream counts for cached elevations besides the floats (two ints and a vector).
pub const HFIELD_OVERHEAD: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> CString {
        CString::new(s).unwrap()
    }

    #[test]
    fn insert_replace_and_evict() {
        let mut c = Cache::new(100);
        let d = |v: i32| -> Data { Arc::new(v) };
        c.insert("a", ts("1"), d(1), 40);
        c.insert("b", ts("1"), d(2), 40);
        // does not fit: not stored, nothing evicted
        c.insert("c", ts("1"), d(3), 40);
        assert_eq!((c.size(), c.entries.len()), (80, 2));
        // same timestamp: kept as it is; another timestamp: replaced
        c.insert("a", ts("1"), d(9), 10);
        assert_eq!(c.size(), 80);
        c.insert("a", ts("2"), d(9), 10);
        assert_eq!(c.size(), 50);
        assert_eq!(*c.entries["a"].data.clone().downcast::<i32>().unwrap(), 9);
        // "b" used once: "a" (never used) goes first
        c.order.remove(&(0, 1));
        c.entries.get_mut("b").unwrap().uses = 1;
        c.order.insert((1, 1), "b".into());
        c.set_capacity(45);
        assert!(c.entries.contains_key("b") && !c.entries.contains_key("a"));
        assert_eq!(c.size(), 40);
        c.set_capacity(0);
        assert_eq!((c.size(), c.entries.len(), c.order.len()), (0, 0, 0));
        c.set_capacity(100);
        c.insert("x", ts("1"), d(1), 5);
        c.clear();
        assert_eq!((c.size(), c.next_insert), (0, 0));
    }
}
