//! Process-wide registries of engine plugins, resource providers and resource decoders (the
//! `mjp_` API), plus plugin-library loading and plugin instance configuration lookups.
//!
//! Each registry is an append-only list of copies stored in leaked blocks of consecutive
//! places (as upstream's tables), so a pointer handed out stays valid for the life of the
//! process. Readers take a short read lock; registrations are serialised by
//! one re-entrant lock, so a plugin library's constructor may register while
//! `mj_loadAllPluginLibraries` holds it. Keys (plugin name, provider prefix, decoder content
//! type or extension) match ASCII case-insensitively. Errors are raised only after every lock is
//! released and nothing with a destructor is live, because a handler may longjmp.

use core::cell::{Cell, RefCell};
use core::ffi::{c_char, c_int, CStr};
use core::fmt;
use core::ptr;
use std::sync::{Mutex, MutexGuard, RwLock};

use crate::abi::{
    mjModel, mjResource, mjSpec, mjfPluginLibraryLoadCallback, mjpDecoder, mjpPlugin, mjpResourceProvider,
};
use crate::runtime::error;

/// Longest key or attribute name accepted (upstream's limit, without the terminator).
const MAX_NAME: usize = 1024;
/// Most configuration attributes a plugin may declare.
const MAX_ATTRIBUTES: c_int = 255;

//------------------------------------------ messages ----------------------------------------------

/// A NUL-terminated text buffer of fixed capacity that truncates like `snprintf`.
struct CBuf<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> CBuf<N> {
    const fn new() -> Self {
        CBuf { buf: [0; N], len: 0 }
    }
    fn push(&mut self, b: &[u8]) -> &mut Self {
        let n = b.len().min(N - 1 - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&b[..n]);
        self.len += n;
        self.buf[self.len] = 0;
        self
    }
    fn as_ptr(&self) -> *const c_char {
        self.buf.as_ptr() as *const c_char
    }
}

impl<const N: usize> fmt::Write for CBuf<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s.as_bytes());
        Ok(())
    }
}

/// Registration failures are composed in a buffer of this size, as upstream's are.
type ErrBuf = CBuf<512>;
/// Size of upstream's error and warning buffers.
type MsgBuf = CBuf<1024>;

fn errbuf(args: fmt::Arguments) -> ErrBuf {
    let mut b = ErrBuf::new();
    let _ = fmt::Write::write_fmt(&mut b, args);
    b
}

/// Raises an error whose text is the bytes of `parts` concatenated.
fn raise_parts(parts: &[&[u8]]) {
    let mut b = MsgBuf::new();
    for p in parts {
        b.push(p);
    }
    // SAFETY: the buffer is NUL-terminated
    unsafe { error::raise_raw(b.as_ptr()) }
}

/// Issues a warning whose text is the bytes of `parts` concatenated.
fn warn_parts(parts: &[&[u8]]) {
    let mut b = MsgBuf::new();
    for p in parts {
        b.push(p);
    }
    // SAFETY: the buffer is NUL-terminated
    unsafe { error::warn_raw(b.as_ptr()) }
}

//------------------------------------------ strings -----------------------------------------------

/// Length of a C string if it ends within [`MAX_NAME`] bytes; `None` for null or longer.
///
/// # Safety
/// `s` must be null, or readable up to its NUL or MAX_NAME bytes.
unsafe fn strklen(s: *const c_char) -> Option<usize> {
    // SAFETY: `s` is null (checked) or readable up to its NUL or MAX_NAME bytes (contract); the scan stops at either
    unsafe {
        if s.is_null() {
            return None;
        }
        (0..MAX_NAME).find(|&i| *s.add(i) == 0)
    }
}

/// The bytes of a C string shorter than [`MAX_NAME`] (see [`strklen`]).
///
/// # Safety
/// `s` must be null, or readable up to its NUL or MAX_NAME bytes.
unsafe fn kbytes<'a>(s: *const c_char) -> Option<&'a [u8]> {
    // SAFETY: as for strklen; the slice covers the n bytes before the NUL strklen found
    unsafe { strklen(s).map(|n| core::slice::from_raw_parts(s as *const u8, n)) }
}

/// The bytes of a C string of any length; empty for null.
///
/// # Safety
/// `s` must be null, or a NUL-terminated string that outlives the result.
unsafe fn cbytes<'a>(s: *const c_char) -> &'a [u8] {
    // SAFETY: `s` is null (checked) or NUL-terminated and outlives the result (contract)
    unsafe {
        if s.is_null() {
            &[]
        } else {
            CStr::from_ptr(s).to_bytes()
        }
    }
}

/// Equality ignoring ASCII case (the C locale's `tolower`).
fn eq_ci(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y))
}

/// A leaked NUL-terminated copy of `b`.
fn leak_cstr(b: &[u8]) -> *const c_char {
    let mut v = Vec::with_capacity(b.len() + 1);
    v.extend_from_slice(b);
    v.push(0);
    Box::leak(v.into_boxed_slice()).as_ptr() as *const c_char
}

/// True when `s` has the syntax of a URI scheme: a letter, then letters, digits, `+`, `.`, `-`.
fn is_uri_scheme(s: &[u8]) -> bool {
    match s.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic()
                && rest.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'.' || c == b'-')
        }
        None => false,
    }
}

/// Function pointer as an address, for identity comparisons.
fn addr<F: Copy>(f: Option<F>) -> usize {
    // SAFETY: only used with function pointer types, which have the size of usize
    f.map_or(0, |f| unsafe { core::mem::transmute_copy::<F, usize>(&f) })
}

//------------------------------------------ locking -----------------------------------------------

static WRITE_LOCK: Mutex<()> = Mutex::new(());

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    static HELD: RefCell<Option<MutexGuard<'static, ()>>> = const { RefCell::new(None) };
}

/// Exclusive right to register, re-entrant on one thread.
struct WriteLock(());

impl WriteLock {
    fn acquire() -> Self {
        if DEPTH.with(|d| d.get()) == 0 {
            let g = WRITE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
            HELD.with(|h| *h.borrow_mut() = Some(g));
        }
        DEPTH.with(|d| d.set(d.get() + 1));
        WriteLock(())
    }
}

impl Drop for WriteLock {
    fn drop(&mut self) {
        let left = DEPTH.with(|d| {
            let n = d.get().saturating_sub(1);
            d.set(n);
            n
        });
        if left == 0 {
            let g = HELD.with(|h| h.borrow_mut().take());
            drop(g);
        }
    }
}

//------------------------------------------ tables ------------------------------------------------

/// Pointer to a registered (leaked, never modified) entry.
#[derive(Clone, Copy)]
struct Ptr<T>(*const T);
// SAFETY: entries are immutable once published and never freed.
unsafe impl<T> Send for Ptr<T> {}
// SAFETY: as for Send: shared reads of immutable, never-freed entries
unsafe impl<T> Sync for Ptr<T> {}

/// What a registry needs from its entry type.
trait Entry: Copy + 'static {
    /// Name of the kind of entry, for messages.
    ///
    /// The methods are unsafe: the entry's strings must be null or NUL-terminated and its lists
    /// must hold the counts it states (what the `mjp_register*` callers must pass).
    const KIND: &'static str;
    /// The lookup key; `None` when it is not terminated within [`MAX_NAME`] bytes.
    unsafe fn key(&self) -> Option<&[u8]>;
    /// True when two entries under one key are the same registration.
    unsafe fn same(&self, other: &Self) -> bool;
    /// Copy to be stored, owning copies of the strings; the reason on failure.
    #[allow(clippy::result_large_err)] // the error is a fixed message buffer, off the heap
    unsafe fn copy(&self) -> Result<Self, ErrBuf>;
}

/// Entries per block of a registry (upstream's table block size).
const BLOCK: usize = 15;

struct Table<T: 'static> {
    items: RwLock<Vec<Ptr<T>>>,
}

impl<T: Entry> Table<T> {
    const fn new() -> Self {
        Table { items: RwLock::new(Vec::new()) }
    }

    fn snapshot(&self) -> std::sync::RwLockReadGuard<'_, Vec<Ptr<T>>> {
        self.items.read().unwrap_or_else(|e| e.into_inner())
    }

    fn count(&self) -> c_int {
        self.snapshot().len() as c_int
    }

    /// Entry at `slot`; `None` out of range or when the entry's key is empty.
    fn at(&self, slot: c_int) -> Option<&'static T> {
        let p = *self.snapshot().get(usize::try_from(slot).ok()?)?;
        // SAFETY: published entries are leaked and never change
        let e: &'static T = unsafe { &*p.0 };
        // SAFETY: stored entries own NUL-terminated copies of their strings (Entry::copy)
        match unsafe { e.key() } {
            Some([]) => None,
            _ => Some(e),
        }
    }

    /// First entry whose key equals `key` ignoring case, with its slot. An empty key finds
    /// nothing, and the search stops at an entry with an empty key, as upstream's does.
    fn by_key(&self, key: &[u8]) -> Option<(c_int, &'static T)> {
        if key.is_empty() {
            return None;
        }
        let items = self.snapshot();
        for (i, p) in items.iter().enumerate() {
            // SAFETY: published entries are leaked and never change
            let e: &'static T = unsafe { &*p.0 };
            // SAFETY: stored entries own NUL-terminated copies of their strings (Entry::copy)
            match unsafe { e.key() } {
                Some([]) => return None,
                Some(k) if eq_ci(k, key) => return Some((i as c_int, e)),
                _ => {}
            }
        }
        None
    }

    /// Writes entry `n` (the next one) into its place and returns where it is: entries are
    /// stored in blocks of [`BLOCK`] consecutive places, as upstream's tables are, so entry
    /// `n` follows entry `n - 1` unless `n` starts a block. Called under the write lock.
    fn next_place(&self, n: usize, entry: T) -> *const T {
        let place: *mut T = if n.is_multiple_of(BLOCK) {
            let block: Box<[core::mem::MaybeUninit<T>]> = Box::new_uninit_slice(BLOCK);
            Box::leak(block).as_mut_ptr() as *mut T
        } else {
            // SAFETY: entry n - 1 is in the same block, allocated with BLOCK places; the place
            // after it has not been written or handed out yet
            unsafe { (self.snapshot()[n - 1].0 as *mut T).add(1) }
        };
        // SAFETY: an unwritten place of a leaked block
        unsafe { place.write(entry) };
        place
    }

    /// Stores a copy of `obj` unless an entry with its key exists: returns the existing slot
    /// when that entry is the same, else raises "<kind> '<key>' is already registered". Raises
    /// the copy's failure too; returns -1 after a raised error.
    ///
    /// # Safety
    /// As for [`Entry`]'s methods, on `obj`.
    #[allow(clippy::result_large_err)] // as `copy`
    unsafe fn append_if_unique(&self, obj: &T) -> c_int {
        // SAFETY: `obj` and the stored entries satisfy Entry's contract: their strings and lists are valid as registered (the register_* callers' contract); published entries are leaked, never freed or changed
        unsafe {
            let outcome: Result<c_int, ErrBuf> = (|| {
                let _lock = WriteLock::acquire();
                let key = obj.key();
                let n = {
                    let items = self.snapshot();
                    for (i, p) in items.iter().enumerate() {
                        let e = &*p.0;
                        if let (Some(a), Some(b)) = (key, e.key()) {
                            if eq_ci(a, b) {
                                if !obj.same(e) {
                                    let mut m = errbuf(format_args!("{} '", T::KIND));
                                    m.push(a).push(b"' is already registered");
                                    return Err(m);
                                }
                                return Ok(i as c_int);
                            }
                        }
                    }
                    items.len()
                };
                let stored = obj.copy()?;
                let p = Ptr(self.next_place(n, stored));
                self.items.write().unwrap_or_else(|e| e.into_inner()).push(p);
                Ok(n as c_int)
            })();
            match outcome {
                Ok(slot) => slot,
                Err(msg) => {
                    error::raise_raw(msg.as_ptr());
                    -1
                }
            }
        }
    }
}

static PLUGINS: Table<mjpPlugin> = Table::new();
static PROVIDERS: Table<mjpResourceProvider> = Table::new();
static DECODERS: Table<mjpDecoder> = Table::new();

//------------------------------------------ entries -----------------------------------------------

/// Attribute `i` of a plugin (null when the list is null).
///
/// # Safety
/// `p.attributes` must be null or hold `p.nattribute` pointers, and `i < p.nattribute`.
unsafe fn attribute(p: &mjpPlugin, i: usize) -> *const c_char {
    // SAFETY: the list is null (checked) or holds nattribute pointers and i is below that (contract)
    unsafe {
        if p.attributes.is_null() {
            ptr::null()
        } else {
            *p.attributes.add(i)
        }
    }
}

/// The bytes of a plugin after its attribute list (capabilities, stages, callbacks).
///
/// # Safety
/// None beyond a valid reference; unsafe only because it views a struct with pointers as bytes.
unsafe fn plugin_tail(p: &mjpPlugin) -> &[u8] {
    // SAFETY: `p` is a whole mjpPlugin: start..size_of::<mjpPlugin>() lies inside it; the bytes after the attribute pointer are plain fields and function pointers (no padding in the #[repr(C)] layout, checked by the abi tests)
    unsafe {
        let start = core::mem::offset_of!(mjpPlugin, attributes) + core::mem::size_of::<*const *const c_char>();
        let base = p as *const mjpPlugin as *const u8;
        core::slice::from_raw_parts(base.add(start), core::mem::size_of::<mjpPlugin>() - start)
    }
}

impl Entry for mjpPlugin {
    const KIND: &'static str = "plugin";

    unsafe fn key(&self) -> Option<&[u8]> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe { kbytes(self.name) }
    }

    unsafe fn same(&self, o: &Self) -> bool {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            match (self.name.is_null(), o.name.is_null()) {
                (false, true) | (true, false) => return false,
                (false, false) if libc::strncmp(self.name, o.name, MAX_NAME) != 0 => return false,
                _ => {}
            }
            if self.nattribute != o.nattribute {
                return false;
            }
            for i in 0..self.nattribute.max(0) as usize {
                let (a, b) = (attribute(self, i), attribute(o, i));
                // upstream only rejects a missing attribute on the second side
                if !a.is_null() && b.is_null() {
                    return false;
                }
                if !a.is_null() && !b.is_null() && libc::strncmp(a, b, MAX_NAME) != 0 {
                    return false;
                }
            }
            plugin_tail(self) == plugin_tail(o)
        }
    }

    unsafe fn copy(&self) -> Result<Self, ErrBuf> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            let Some(name) = kbytes(self.name) else {
                return Err(if self.name.is_null() {
                    errbuf(format_args!("failed to allocate memory for plugin name"))
                } else {
                    errbuf(format_args!("plugin->name length exceeds the maximum limit of {}", MAX_NAME))
                });
            };
            let mut attrs: Vec<&[u8]> = Vec::new();
            if self.nattribute < 0 {
                return Err(errbuf(format_args!("failed to allocate memory for plugin attribute list")));
            }
            for i in 0..self.nattribute as usize {
                let a = attribute(self, i);
                match kbytes(a) {
                    Some(b) => attrs.push(b),
                    None if a.is_null() => {
                        return Err(errbuf(format_args!("failed to allocate memory for plugin attribute {}", i)))
                    }
                    None => {
                        return Err(errbuf(format_args!(
                            "length of plugin attribute {} exceeds the maximum limit of {}",
                            i, MAX_ATTRIBUTES
                        )))
                    }
                }
            }
            let mut out = *self;
            out.name = leak_cstr(name);
            out.attributes = if attrs.is_empty() {
                ptr::null()
            } else {
                let list: Vec<*const c_char> = attrs.iter().map(|a| leak_cstr(a)).collect();
                Box::leak(list.into_boxed_slice()).as_ptr()
            };
            Ok(out)
        }
    }
}

impl Entry for mjpResourceProvider {
    const KIND: &'static str = "resource provider";

    unsafe fn key(&self) -> Option<&[u8]> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe { kbytes(self.prefix) }
    }

    unsafe fn same(&self, o: &Self) -> bool {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            eq_ci(cbytes(self.prefix), cbytes(o.prefix))
                && addr(self.open) == addr(o.open)
                && addr(self.read) == addr(o.read)
                && addr(self.close) == addr(o.close)
                && addr(self.getdir) == addr(o.getdir)
                && addr(self.modified) == addr(o.modified)
                && self.data == o.data
        }
    }

    unsafe fn copy(&self) -> Result<Self, ErrBuf> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            match kbytes(self.prefix) {
                Some(p) => Ok(mjpResourceProvider { prefix: leak_cstr(p), ..*self }),
                None if self.prefix.is_null() => {
                    Err(errbuf(format_args!("failed to allocate memory for resource provider prefix")))
                }
                None => Err(errbuf(format_args!("provider->prefix length exceeds the maximum limit of {}", MAX_NAME))),
            }
        }
    }
}

impl Entry for mjpDecoder {
    const KIND: &'static str = "resource decoder";

    /// Stored decoders carry either a content type or one extension; the content type wins.
    unsafe fn key(&self) -> Option<&[u8]> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            if let Some(k) = kbytes(self.content_type) {
                return Some(k);
            }
            kbytes(self.extension)
        }
    }

    unsafe fn same(&self, o: &Self) -> bool {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            eq_ci(cbytes(self.content_type), cbytes(o.content_type))
                && eq_ci(cbytes(self.extension), cbytes(o.extension))
                && addr(self.decode) == addr(o.decode)
                && addr(self.can_decode) == addr(o.can_decode)
        }
    }

    unsafe fn copy(&self) -> Result<Self, ErrBuf> {
        // SAFETY: the entry's strings are null or NUL-terminated (as the mjp_register* caller must pass them; stored copies own theirs), and its lists hold the counts it states
        unsafe {
            let mut out = mjpDecoder { content_type: ptr::null(), extension: ptr::null(), ..*self };
            if !self.content_type.is_null() {
                let Some(b) = kbytes(self.content_type) else {
                    return Err(errbuf(format_args!(
                        "decoder->content_type length exceeds the maximum limit of {}",
                        MAX_NAME
                    )));
                };
                out.content_type = leak_cstr(b);
            }
            if !self.extension.is_null() {
                let Some(b) = kbytes(self.extension) else {
                    return Err(errbuf(format_args!(
                        "decoder->extension length exceeds the maximum limit of {}",
                        MAX_NAME
                    )));
                };
                out.extension = leak_cstr(b);
            }
            Ok(out)
        }
    }
}

//------------------------------------------ plugins -----------------------------------------------

/// Registers a copy of `p` (name and attribute strings copied); returns its slot, the existing
/// slot when the same plugin is already registered, -1 after a raised error.
///
/// # Safety
/// The strings of `p` must be NUL-terminated (or null), `attributes` hold `nattribute` entries.
pub unsafe fn register_plugin(p: &mjpPlugin) -> c_int {
    // SAFETY: the caller upholds this function's contract: the strings of `p` must be NUL-terminated (or null), `attributes` hold `nattribute` entries.
    unsafe {
        if p.name.is_null() {
            raise_parts(&[b"plugin->name is a null pointer"]);
            return -1;
        } else if *p.name == 0 {
            raise_parts(&[b"plugin->name is an empty string"]);
        } else if p.nattribute < 0 {
            raise_parts(&[b"plugin->nattribute is negative"]);
        } else if p.nattribute > MAX_ATTRIBUTES {
            raise_parts(&[b"plugin->nattribute exceeds the maximum limit of 255"]);
        }
        PLUGINS.append_if_unique(p)
    }
}

/// Number of registered plugins.
pub fn plugin_count() -> c_int {
    PLUGINS.count()
}

/// The plugin registered at `slot`; null when there is none.
pub fn plugin_at_slot(slot: i32) -> *const mjpPlugin {
    PLUGINS.at(slot).map_or(ptr::null(), |p| p as *const mjpPlugin)
}

/// The plugin registered under `name` (ignoring case) and its slot (-1 when not found).
pub fn plugin_by_name(name: &[u8]) -> (*const mjpPlugin, c_int) {
    match PLUGINS.by_key(name) {
        Some((slot, p)) => (p as *const mjpPlugin, slot),
        None => (ptr::null(), -1),
    }
}

/// The value of configuration attribute `attrib` of plugin instance `id` of `m`; null for an
/// invalid instance, an unregistered plugin or an unknown attribute.
///
/// # Safety
/// `m` must be a valid model; `attrib` null or NUL-terminated.
pub unsafe fn plugin_config(m: &mjModel, id: c_int, attrib: *const c_char) -> *const c_char {
    // SAFETY: the caller upholds this function's contract: `m` must be a valid model; `attrib` null or NUL-terminated.
    unsafe {
        if id < 0 || id >= m.nplugin || attrib.is_null() {
            return ptr::null();
        }
        let Some(p) = PLUGINS.at(*m.plugin.add(id as usize)) else { return ptr::null() };
        let want = CStr::from_ptr(attrib);
        let Some(index) = (0..p.nattribute.max(0) as usize).find(|&i| CStr::from_ptr(attribute(p, i)) == want) else {
            return ptr::null();
        };
        // values of one instance follow each other, each NUL-terminated
        let mut s = m.plugin_attr.add(*m.plugin_attradr.add(id as usize) as usize) as *const c_char;
        for _ in 0..index {
            s = s.add(libc::strlen(s) + 1);
        }
        s
    }
}

//------------------------------------------ resource providers ------------------------------------

/// Registers a copy of a resource provider; returns its slot (counted from 1), the existing slot
/// for an identical one, -1 (after a warning) for an invalid prefix or missing callbacks, 0 after
/// a raised error.
///
/// # Safety
/// `p.prefix` must be null or NUL-terminated.
pub unsafe fn register_provider(p: &mjpResourceProvider) -> c_int {
    // SAFETY: the caller upholds this function's contract: `p.prefix` must be null or NUL-terminated.
    unsafe {
        if p.prefix.is_null() || !is_uri_scheme(cbytes(p.prefix)) {
            let shown: &[u8] = if p.prefix.is_null() { b"(null)" } else { cbytes(p.prefix) };
            warn_parts(&[b"provider->prefix is '", shown, b"' which is not a valid URI scheme format"]);
            return -1;
        }
        if p.open.is_none() || p.read.is_none() || p.close.is_none() {
            warn_parts(&[b"provider must have the open, read, and close callbacks defined"]);
            return -1;
        }
        PROVIDERS.append_if_unique(p) + 1
    }
}

/// Number of registered resource providers.
pub fn provider_count() -> c_int {
    PROVIDERS.count()
}

/// The provider whose prefix (ignoring case) is the scheme of `name`, the part before its first
/// `:`, when that part is a valid URI scheme.
pub fn provider_for(name: &[u8]) -> Option<&'static mjpResourceProvider> {
    let colon = name.iter().position(|&c| c == b':')?;
    let scheme = &name[..colon];
    if !is_uri_scheme(scheme) {
        return None;
    }
    PROVIDERS.by_key(scheme).map(|(_, p)| p)
}

/// Length of the `scheme:` head of `name` when a registered provider serves that scheme
/// (upstream treats such a head as the absolute part of a path).
pub fn provider_prefix_len(name: &[u8]) -> Option<usize> {
    // SAFETY: registered prefixes are NUL-terminated copies
    provider_for(name).map(|p| unsafe { cbytes(p.prefix).len() } + 1)
}

/// The provider at `slot` as returned by registration (counted from 1).
pub fn provider_at_slot(slot: c_int) -> *const mjpResourceProvider {
    PROVIDERS.at(slot.wrapping_sub(1)).map_or(ptr::null(), |p| p as *const _)
}

//------------------------------------------ decoders ----------------------------------------------

/// Registers a decoder under its content type and under each `|`-separated extension; warns
/// and does nothing when callbacks or both keys are missing.
///
/// # Safety
/// The strings of `d` must be null or NUL-terminated.
pub unsafe fn register_decoder(d: &mjpDecoder) {
    // SAFETY: the caller upholds this function's contract: the strings of `d` must be null or NUL-terminated.
    unsafe {
        if d.decode.is_none() || d.can_decode.is_none() {
            warn_parts(&[b"decoder must provide decode and can_decode callbacks."]);
            return;
        }
        if d.content_type.is_null() && d.extension.is_null() {
            warn_parts(&[b"decoder must provide content_type and/or extensions."]);
            return;
        }
        let mut one = *d;
        if !d.content_type.is_null() {
            one.extension = ptr::null();
            DECODERS.append_if_unique(&one);
        }
        if !d.extension.is_null() {
            one.content_type = ptr::null();
            // each extension goes through a stack buffer (nothing to drop if an error longjmps);
            // one longer than the limit keeps no terminator in range and is refused when copied
            let mut buf = [0u8; MAX_NAME + 1];
            for ext in cbytes(d.extension).split(|&c| c == b'|').filter(|e| !e.is_empty()) {
                let n = ext.len().min(MAX_NAME);
                buf[..n].copy_from_slice(&ext[..n]);
                buf[n] = 0;
                one.extension = buf.as_ptr() as *const c_char;
                DECODERS.append_if_unique(&one);
            }
        }
    }
}

/// Extension of a file name: from its last `.` (anywhere in the name) to the end.
fn extension(name: &[u8]) -> &[u8] {
    name.iter().rposition(|&c| c == b'.').map_or(&[], |i| &name[i..])
}

/// The registered decoder for `content_type`, else for the extension of the resource's name,
/// whose `can_decode` accepts the resource; null when none does.
///
/// # Safety
/// `res` must be a valid resource with a NUL-terminated name (or null name); `content_type`
/// null or NUL-terminated.
pub unsafe fn find_decoder(res: *const mjResource, content_type: *const c_char) -> *const mjpDecoder {
    // SAFETY: the caller upholds this function's contract: `res` must be a valid resource with a NUL-terminated name (or null name); `content_type` null or NUL-terminated.
    unsafe {
        let ext = extension(cbytes((*res).name));
        let ctlen = strklen(content_type);
        if ctlen.is_none() && ext.is_empty() {
            warn_parts(&[b"Must provide extension or content_type to mjp_findDecoder."]);
            return ptr::null();
        }
        let accepts = |d: &mjpDecoder| d.can_decode.is_some_and(|f| f(res) != 0);
        if ctlen.is_some_and(|n| n > 0) {
            if let Some((_, d)) = DECODERS.by_key(cbytes(content_type)) {
                if accepts(d) {
                    return d;
                }
            }
        }
        if !ext.is_empty() {
            if let Some((_, d)) = DECODERS.by_key(ext) {
                if accepts(d) {
                    return d;
                }
            }
        }
        ptr::null()
    }
}

/// Content type of the known mesh and image extensions of `name`; empty when unknown.
fn ext_to_content_type(name: &[u8]) -> &'static CStr {
    let ext = extension(name);
    let is = |e: &[u8]| eq_ci(ext, e);
    if is(b".stl") {
        c"model/stl"
    } else if is(b".obj") {
        c"model/obj"
    } else if is(b".ply") {
        c"model/ply"
    } else if is(b".msh") {
        c"model/vnd.mujoco.msh"
    } else if is(b".png") {
        c"image/png"
    } else {
        c""
    }
}

/// Decodes a resource into a spec with the decoder for `content_type` (null: the content type
/// of the name's extension); raises "Could not find decoder for resource" when none fits.
///
/// # Safety
/// `res` must be a valid resource; `content_type` null or NUL-terminated.
pub unsafe fn decode_resource(res: *mut mjResource, content_type: *const c_char) -> *mut mjSpec {
    // SAFETY: the caller upholds this function's contract: `res` must be a valid resource; `content_type` null or NUL-terminated.
    unsafe {
        let ct = if content_type.is_null() { ext_to_content_type(cbytes((*res).name)).as_ptr() } else { content_type };
        let d = find_decoder(res, ct);
        match d.as_ref().and_then(|d| d.decode) {
            Some(decode) => decode(res),
            None => {
                raise_parts(&[b"Could not find decoder for resource '", cbytes((*res).name), b"'"]);
                ptr::null_mut()
            }
        }
    }
}

//------------------------------------------ plugin libraries --------------------------------------

/// Loads a shared library (its constructors register its plugins); raises an error with the
/// loader's reason when it cannot be loaded.
///
/// # Safety
/// `path` must be null or NUL-terminated.
pub unsafe fn load_library(path: *const c_char) {
    // SAFETY: the caller upholds this function's contract: `path` must be null or NUL-terminated.
    unsafe {
        let handle = libc::dlopen(path, libc::RTLD_NOW | libc::RTLD_LOCAL);
        if handle.is_null() {
            let why = libc::dlerror();
            let p = if path.is_null() { &b"(null)"[..] } else { cbytes(path) };
            if why.is_null() {
                raise_parts(&[b"Unknown error loading plugin library '", p, b"'\n"]);
            } else {
                raise_parts(&[b"Error loading plugin library '", p, b"': ", cbytes(why), b"\n"]);
            }
        }
    }
}

/// Loads every regular file named `*.so` in `directory` (in directory order) and reports each
/// to `callback` with its file name, the first new plugin slot (-1 if none) and the count.
///
/// # Safety
/// `directory` must be null or NUL-terminated; `callback` null or a valid function.
pub unsafe fn load_all_libraries(directory: *const c_char, callback: mjfPluginLibraryLoadCallback) {
    // SAFETY: the caller upholds this function's contract: `directory` must be null or NUL-terminated; `callback` null or a valid function.
    unsafe {
        if directory.is_null() {
            return;
        }
        let dirp = libc::opendir(directory);
        if dirp.is_null() {
            return;
        }
        let dir = cbytes(directory);
        loop {
            let dp = libc::readdir(dirp);
            if dp.is_null() {
                break;
            }
            if (*dp).d_type != libc::DT_REG {
                continue;
            }
            let name = CStr::from_ptr((*dp).d_name.as_ptr()).to_bytes();
            if name.len() <= 3 || !name.ends_with(b".so") {
                continue;
            }
            let mut path = Vec::with_capacity(dir.len() + name.len() + 2);
            path.extend_from_slice(dir);
            path.push(b'/');
            path.extend_from_slice(name);
            path.push(0);
            let (before, after) = {
                let _lock = WriteLock::acquire();
                let before = plugin_count();
                load_library(path.as_ptr() as *const c_char);
                (before, plugin_count())
            };
            if let Some(cb) = callback {
                let count = after - before;
                cb((*dp).d_name.as_ptr(), if count != 0 { before } else { -1 }, count);
            }
        }
        libc::closedir(dirp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_and_extensions() {
        assert!(is_uri_scheme(b"mem"));
        assert!(is_uri_scheme(b"a+b.c-d1"));
        assert!(!is_uri_scheme(b"1abc"));
        assert!(!is_uri_scheme(b""));
        assert!(!is_uri_scheme(b"a_b"));
        assert_eq!(extension(b"dir.v/f.STL"), b".STL");
        assert_eq!(extension(b"noext"), b"");
        assert_eq!(ext_to_content_type(b"a/b.Stl"), c"model/stl");
        assert!(eq_ci(b"MeM", b"mem"));
    }
}
