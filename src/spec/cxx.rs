//! The C++ standard-library types of the spec API, laid out as libc++ lays them out.
//!
//! Upstream's `mjString` is `std::string` and its vectors are `std::vector<T>`, and C++ clients
//! (the official Python bindings among them, built with libc++) read and assign them in place.
//! `CxxString` and `CxxVec` have libc++'s x86-64 little-endian layout and allocate with
//! `malloc`, which is what libc++'s `operator new` calls, so either side may free what the other
//! allocated.
//!
//! libc++ `std::string` (default ABI): 24 bytes. Short form: first byte is `size << 1` (low bit
//! 0), then up to 22 bytes and a terminating NUL. Long form: first word is the allocation size
//! with the low bit set, then the size, then the data pointer.
//! libc++ `std::vector<T>`: three pointers (begin, end, end of capacity).

use core::ffi::c_char;
use core::fmt;
use core::ptr;

const SHORT_CAP: usize = 22;

/// A `std::string` of libc++.
#[repr(C)]
pub struct CxxString {
    rep: [usize; 3],
}

impl CxxString {
    /// The empty string (short form, all bytes zero).
    pub const fn new() -> Self {
        CxxString { rep: [0; 3] }
    }

    fn is_long(&self) -> bool {
        self.rep[0] & 1 != 0
    }

    /// The bytes, without the terminating NUL.
    pub fn as_bytes(&self) -> &[u8] {
        if self.is_long() {
            let (n, p) = (self.rep[1], self.rep[2] as *const u8);
            if n == 0 || p.is_null() {
                return &[];
            }
            // SAFETY: a long string owns `n` bytes at `p` (libc++ invariant)
            unsafe { core::slice::from_raw_parts(p, n) }
        } else {
            let n = (self.rep[0] & 0xff) >> 1;
            // SAFETY: the short form keeps its bytes inline after the size byte
            unsafe { core::slice::from_raw_parts((self.rep.as_ptr() as *const u8).add(1), n.min(SHORT_CAP)) }
        }
    }

    /// The text; bytes that are not UTF-8 end it (the valid prefix is returned).
    pub fn as_str(&self) -> &str {
        let b = self.as_bytes();
        match core::str::from_utf8(b) {
            Ok(s) => s,
            // SAFETY: the prefix up to `valid_up_to` is valid UTF-8
            Err(e) => unsafe { core::str::from_utf8_unchecked(&b[..e.valid_up_to()]) },
        }
    }

    /// The NUL-terminated text, as `std::string::c_str`.
    pub fn c_str(&self) -> *const c_char {
        if self.is_long() {
            if self.rep[2] == 0 {
                return c"".as_ptr();
            }
            self.rep[2] as *const c_char
        } else {
            // SAFETY: one past the size byte, inside `rep`
            unsafe { (self.rep.as_ptr() as *const c_char).add(1) }
        }
    }

    /// Replaces the contents (keeping the long buffer when it is large enough, as assignment
    /// does in libc++).
    pub fn set_bytes(&mut self, b: &[u8]) {
        let n = b.len();
        if self.is_long() && (self.rep[0] & !1) > n {
            let p = self.rep[2] as *mut u8;
            // SAFETY: the buffer holds (rep[0] & !1) > n bytes
            unsafe {
                ptr::copy(b.as_ptr(), p, n);
                *p.add(n) = 0;
            }
            self.rep[1] = n;
            return;
        }
        let new = CxxString::from_bytes(b);
        *self = new;
    }

    /// Replaces the contents.
    pub fn set(&mut self, s: &str) {
        self.set_bytes(s.as_bytes());
    }

    /// A new string holding `b`.
    pub fn from_bytes(b: &[u8]) -> Self {
        let n = b.len();
        let mut s = CxxString::new();
        if n <= SHORT_CAP {
            let dst = s.rep.as_mut_ptr() as *mut u8;
            // SAFETY: n <= 22 bytes fit after the size byte, with the NUL (rep is zeroed)
            unsafe {
                *dst = (n as u8) << 1;
                ptr::copy_nonoverlapping(b.as_ptr(), dst.add(1), n);
            }
        } else {
            let alloc = (n + 1 + 15) & !15;
            // SAFETY: malloc of a positive size; checked for NULL
            let p = unsafe { libc::malloc(alloc) } as *mut u8;
            if p.is_null() {
                crate::runtime::error::raise(format_args!("Could not allocate memory"));
                return s;
            }
            // SAFETY: `p` holds `alloc > n` bytes
            unsafe {
                ptr::copy_nonoverlapping(b.as_ptr(), p, n);
                *p.add(n) = 0;
            }
            s.rep = [alloc | 1, n, p as usize];
        }
        s
    }

    pub fn clear(&mut self) {
        self.set_bytes(&[]);
    }
}

impl Drop for CxxString {
    fn drop(&mut self) {
        if self.is_long() && self.rep[2] != 0 {
            // SAFETY: long buffers are malloc'd (by us or by libc++'s operator new)
            unsafe { libc::free(self.rep[2] as *mut libc::c_void) };
        }
    }
}

impl Default for CxxString {
    fn default() -> Self {
        CxxString::new()
    }
}

impl Clone for CxxString {
    fn clone(&self) -> Self {
        CxxString::from_bytes(self.as_bytes())
    }
}

impl core::ops::Deref for CxxString {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for CxxString {
    fn from(s: &str) -> Self {
        CxxString::from_bytes(s.as_bytes())
    }
}

impl From<String> for CxxString {
    fn from(s: String) -> Self {
        CxxString::from_bytes(s.as_bytes())
    }
}

impl From<&String> for CxxString {
    fn from(s: &String) -> Self {
        CxxString::from_bytes(s.as_bytes())
    }
}

impl PartialEq for CxxString {
    fn eq(&self, o: &Self) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl Eq for CxxString {}
impl PartialEq<str> for CxxString {
    fn eq(&self, o: &str) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialEq<&str> for CxxString {
    fn eq(&self, o: &&str) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialEq<String> for CxxString {
    fn eq(&self, o: &String) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialEq<CxxString> for str {
    fn eq(&self, o: &CxxString) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialEq<CxxString> for &str {
    fn eq(&self, o: &CxxString) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialEq<CxxString> for String {
    fn eq(&self, o: &CxxString) -> bool {
        self.as_bytes() == o.as_bytes()
    }
}
impl PartialOrd for CxxString {
    fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for CxxString {
    fn cmp(&self, o: &Self) -> core::cmp::Ordering {
        self.as_bytes().cmp(o.as_bytes())
    }
}
impl core::hash::Hash for CxxString {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.as_str().hash(h)
    }
}
impl fmt::Debug for CxxString {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
impl fmt::Display for CxxString {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}
impl core::borrow::Borrow<str> for CxxString {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}
impl AsRef<str> for CxxString {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A `std::vector<T>` of libc++, for element types that libc++ may move bytewise (numbers,
/// `CxxString`, `CxxVec`).
#[repr(C)]
pub struct CxxVec<T> {
    begin: *mut T,
    end: *mut T,
    cap: *mut T,
}

// SAFETY: the vector owns its elements like Vec<T>
unsafe impl<T: Send> Send for CxxVec<T> {}
// SAFETY: as above
unsafe impl<T: Sync> Sync for CxxVec<T> {}

impl<T> CxxVec<T> {
    pub const fn new() -> Self {
        CxxVec { begin: ptr::null_mut(), end: ptr::null_mut(), cap: ptr::null_mut() }
    }

    /// True when the vector holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        if self.begin.is_null() {
            0
        } else {
            // SAFETY: begin and end bound one allocation
            unsafe { self.end.offset_from(self.begin) as usize }
        }
    }

    pub fn capacity(&self) -> usize {
        if self.begin.is_null() {
            0
        } else {
            // SAFETY: begin and cap bound one allocation
            unsafe { self.cap.offset_from(self.begin) as usize }
        }
    }

    pub fn as_slice(&self) -> &[T] {
        if self.begin.is_null() {
            &[]
        } else {
            // SAFETY: [begin, end) holds initialized elements
            unsafe { core::slice::from_raw_parts(self.begin, self.len()) }
        }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.begin.is_null() {
            &mut []
        } else {
            // SAFETY: as above, uniquely borrowed
            unsafe { core::slice::from_raw_parts_mut(self.begin, self.len()) }
        }
    }

    /// Makes room for at least `n` elements.
    pub fn reserve_total(&mut self, n: usize) {
        if n <= self.capacity() {
            return;
        }
        let len = self.len();
        let newcap = n.max(2 * self.capacity());
        let bytes = newcap * core::mem::size_of::<T>().max(1);
        // SAFETY: a fresh allocation of `newcap` elements; the old elements are moved bytewise
        // (libc++ relocates these types the same way) and the old block freed
        unsafe {
            let p = libc::malloc(bytes) as *mut T;
            if p.is_null() {
                crate::runtime::error::raise(format_args!("Could not allocate memory"));
                return;
            }
            if len > 0 {
                ptr::copy_nonoverlapping(self.begin, p, len);
            }
            if !self.begin.is_null() {
                libc::free(self.begin as *mut libc::c_void);
            }
            self.begin = p;
            self.end = p.add(len);
            self.cap = p.add(newcap);
        }
    }

    pub fn push(&mut self, v: T) {
        let len = self.len();
        if len == self.capacity() {
            self.reserve_total(len + 1);
            if len == self.capacity() {
                return;
            }
        }
        // SAFETY: capacity exceeds len
        unsafe {
            ptr::write(self.end, v);
            self.end = self.end.add(1);
        }
    }

    /// Removes every element (capacity kept).
    pub fn clear(&mut self) {
        let n = self.len();
        if n > 0 {
            // SAFETY: [begin, end) holds `n` initialized elements
            unsafe { ptr::drop_in_place(core::ptr::slice_from_raw_parts_mut(self.begin, n)) };
            self.end = self.begin;
        }
    }

    /// Shortens to `n` elements.
    pub fn truncate(&mut self, n: usize) {
        let len = self.len();
        if n < len {
            // SAFETY: the tail [n, len) is initialized and dropped once
            unsafe {
                ptr::drop_in_place(core::ptr::slice_from_raw_parts_mut(self.begin.add(n), len - n));
                self.end = self.begin.add(n);
            }
        }
    }

    /// Removes and returns element `i`, shifting the rest down.
    pub fn remove(&mut self, i: usize) -> T {
        let len = self.len();
        assert!(i < len);
        // SAFETY: i < len; the tail is moved down by one
        unsafe {
            let v = ptr::read(self.begin.add(i));
            ptr::copy(self.begin.add(i + 1), self.begin.add(i), len - i - 1);
            self.end = self.end.sub(1);
            v
        }
    }

    /// Inserts `v` at position `i`.
    pub fn insert(&mut self, i: usize, v: T) {
        let len = self.len();
        assert!(i <= len);
        self.reserve_total(len + 1);
        if self.capacity() <= len {
            return;
        }
        // SAFETY: capacity exceeds len; the tail is moved up by one
        unsafe {
            ptr::copy(self.begin.add(i), self.begin.add(i + 1), len - i);
            ptr::write(self.begin.add(i), v);
            self.end = self.end.add(1);
        }
    }
}

impl<T: Clone> CxxVec<T> {
    pub fn from_slice(s: &[T]) -> Self {
        let mut v = CxxVec::new();
        v.reserve_total(s.len());
        for x in s {
            v.push(x.clone());
        }
        v
    }

    /// Replaces the contents with `s`.
    pub fn set(&mut self, s: &[T]) {
        self.clear();
        self.reserve_total(s.len());
        for x in s {
            self.push(x.clone());
        }
    }

    pub fn extend_from_slice(&mut self, s: &[T]) {
        self.reserve_total(self.len() + s.len());
        for x in s {
            self.push(x.clone());
        }
    }

    pub fn resize(&mut self, n: usize, v: T) {
        if n <= self.len() {
            self.truncate(n);
        } else {
            self.reserve_total(n);
            while self.len() < n {
                self.push(v.clone());
            }
        }
    }
}

impl<T> Drop for CxxVec<T> {
    fn drop(&mut self) {
        self.clear();
        if !self.begin.is_null() {
            // SAFETY: the block was malloc'd
            unsafe { libc::free(self.begin as *mut libc::c_void) };
        }
    }
}

impl<T> Default for CxxVec<T> {
    fn default() -> Self {
        CxxVec::new()
    }
}

impl<T: Clone> Clone for CxxVec<T> {
    fn clone(&self) -> Self {
        CxxVec::from_slice(self.as_slice())
    }
}

impl<T> core::ops::Deref for CxxVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> core::ops::DerefMut for CxxVec<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Clone> From<Vec<T>> for CxxVec<T> {
    fn from(v: Vec<T>) -> Self {
        CxxVec::from_slice(&v)
    }
}

impl<T: Clone> From<&[T]> for CxxVec<T> {
    fn from(v: &[T]) -> Self {
        CxxVec::from_slice(v)
    }
}

impl<T> FromIterator<T> for CxxVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut v = CxxVec::new();
        for x in it {
            v.push(x);
        }
        v
    }
}

impl<'a, T> IntoIterator for &'a CxxVec<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: PartialEq> PartialEq for CxxVec<T> {
    fn eq(&self, o: &Self) -> bool {
        self.as_slice() == o.as_slice()
    }
}
impl<T: PartialEq> PartialEq<Vec<T>> for CxxVec<T> {
    fn eq(&self, o: &Vec<T>) -> bool {
        self.as_slice() == o.as_slice()
    }
}
impl<T: fmt::Debug> fmt::Debug for CxxVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// `mjStringVec`
pub type CxxStringVec = CxxVec<CxxString>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_forms() {
        let s = CxxString::from("hello");
        assert_eq!(s.rep[0] & 0xff, 10);
        assert_eq!(&s.as_bytes(), b"hello");
        // SAFETY: c_str is NUL-terminated
        assert_eq!(unsafe { core::ffi::CStr::from_ptr(s.c_str()) }.to_bytes(), b"hello");
        let t = "x".repeat(22);
        let s = CxxString::from(t.as_str());
        assert!(!s.is_long());
        let t = "y".repeat(23);
        let mut s = CxxString::from(t.as_str());
        assert!(s.is_long());
        assert_eq!(s.rep[0], 32 | 1);
        assert_eq!(s.rep[1], 23);
        assert_eq!(s.as_str(), t);
        // shrinking keeps the long buffer, as libc++ assignment does
        s.set("ab");
        assert!(s.is_long());
        assert_eq!(s.as_str(), "ab");
        assert_eq!(s.clone(), "ab");
        let mut e = CxxString::new();
        assert_eq!(e.as_str(), "");
        e.set(&"z".repeat(100));
        assert_eq!(e.len(), 100);
    }

    #[test]
    fn vectors() {
        let mut v: CxxVec<f64> = CxxVec::new();
        assert_eq!(v.len(), 0);
        for i in 0..10 {
            v.push(i as f64);
        }
        assert_eq!(v.len(), 10);
        assert_eq!(v[3], 3.0);
        v.remove(0);
        assert_eq!(v[0], 1.0);
        v.insert(0, -1.0);
        assert_eq!(&v[..3], &[-1.0, 1.0, 2.0]);
        let mut s: CxxStringVec = CxxVec::new();
        s.push("a".into());
        s.push("b".repeat(40).into());
        let c = s.clone();
        assert_eq!(c[1].len(), 40);
        s.truncate(1);
        assert_eq!(s.len(), 1);
    }
}
