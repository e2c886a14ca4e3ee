//! libc++'s `std::map<std::string, std::string, std::less<>>`, the plugin configuration that
//! `mjs_getPluginAttributes` hands out and `mjs_setPluginAttributes` takes over.
//!
//! Layout (libc++, x86-64): the map is three words: the leftmost node (`begin`), the end node
//! (its only field is `left`, the root) and the size. An empty map's `begin` is the end node
//! itself, and the root's parent is the end node: the map points into itself, so a moved map
//! must be fixed up ([`CxxMap::fix`]; the plugin element calls it when it is linked).
//! A node is `left`, `right`, `parent`, `is_black` then the key and value strings. Nodes are
//! `malloc`'d, which is what libc++'s `operator new` calls, so either side may free them.
//!
//! Our side never rebalances in place: every change rebuilds a size-balanced tree from the
//! sorted entries, colored as a valid red-black tree (all black but the deepest level, which is
//! red when incomplete), so C++ clients can keep using it as a `std::map`.

use core::ptr;

use super::cxx::CxxString;

#[repr(C)]
struct Node {
    left: *mut Node,
    right: *mut Node,
    parent: *mut Node,
    is_black: bool,
    key: CxxString,
    value: CxxString,
}

/// A libc++ `std::map<std::string, std::string>`.
#[repr(C)]
pub struct CxxMap {
    begin: *mut Node,
    /// the end node's `left`: the root
    root: *mut Node,
    size: usize,
}

// SAFETY: the map owns its nodes
unsafe impl Send for CxxMap {}
// SAFETY: as above
unsafe impl Sync for CxxMap {}

impl CxxMap {
    /// An empty map; not usable by C++ until [`CxxMap::fix`] runs at its final address.
    pub fn new() -> Self {
        CxxMap { begin: ptr::null_mut(), root: ptr::null_mut(), size: 0 }
    }

    fn end_node(&mut self) -> *mut Node {
        &mut self.root as *mut *mut Node as *mut Node
    }

    /// Points the map's self references (empty `begin`, the root's parent) at its address.
    pub fn fix(&mut self) {
        let end = self.end_node();
        if self.root.is_null() {
            self.begin = end;
            self.size = 0;
        } else {
            // SAFETY: a non-null root is a node we own
            unsafe { (*self.root).parent = end };
        }
    }

    pub fn len(&self) -> usize {
        if self.root.is_null() {
            0
        } else {
            self.size
        }
    }

    pub fn is_empty(&self) -> bool {
        self.root.is_null()
    }

    /// The entries in key order.
    pub fn entries(&self) -> Vec<(&str, &str)> {
        let mut out = Vec::with_capacity(self.len());
        let mut stack = Vec::new();
        let mut n = self.root;
        // SAFETY: in-order walk over the nodes the map owns
        unsafe {
            while !n.is_null() || !stack.is_empty() {
                while !n.is_null() {
                    stack.push(n);
                    n = (*n).left;
                }
                let Some(top) = stack.pop() else { break };
                out.push(((*top).key.as_str(), (*top).value.as_str()));
                n = (*top).right;
            }
        }
        out
    }

    /// The entries as an ordered Rust map.
    pub fn to_btree(&self) -> std::collections::BTreeMap<String, String> {
        self.entries().into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn free_nodes(&mut self) {
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            if n.is_null() {
                continue;
            }
            // SAFETY: each node is owned once; its strings are dropped before the block is freed
            unsafe {
                stack.push((*n).left);
                stack.push((*n).right);
                ptr::drop_in_place(&mut (*n).key);
                ptr::drop_in_place(&mut (*n).value);
                libc::free(n as *mut libc::c_void);
            }
        }
        self.root = ptr::null_mut();
        self.size = 0;
        self.fix();
    }

    /// Replaces the contents by `entries` (sorted by key bytes, keys unique).
    pub fn set_sorted(&mut self, entries: &[(&str, &str)]) {
        self.free_nodes();
        let n = entries.len();
        if n == 0 {
            return;
        }
        let height = usize::BITS - n.leading_zeros();
        let full = n == (1usize << height) - 1;
        let root = build(entries, 0, height as usize - 1, full);
        if root.is_null() {
            return;
        }
        self.root = root;
        self.size = n;
        let mut b = root;
        // SAFETY: nodes just built
        unsafe {
            while !(*b).left.is_null() {
                b = (*b).left;
            }
        }
        self.begin = b;
        self.fix();
    }

    /// Replaces the contents by the pairs of `m`.
    pub fn set_btree(&mut self, m: &std::collections::BTreeMap<String, String>) {
        let v: Vec<(&str, &str)> = m.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        self.set_sorted(&v);
    }

    /// libc++'s move assignment: takes `other`'s nodes (freeing ours) and leaves it empty.
    ///
    /// # Safety
    /// `other` must be a valid libc++ map whose nodes were allocated with `malloc`/`operator new`.
    pub unsafe fn take_from(&mut self, other: *mut CxxMap) {
        if ptr::eq(other, self) {
            return;
        }
        self.free_nodes();
        // SAFETY: other is a valid map other than self (checked above; this function's contract)
        let o = unsafe { &mut *other };
        self.root = o.root;
        self.size = o.size;
        self.begin = o.begin;
        o.root = ptr::null_mut();
        o.fix();
        self.fix();
    }
}

/// Builds the subtree of `e` (depth `depth` of its root); nodes at `last` depth are red unless
/// the tree is perfect.
fn build(e: &[(&str, &str)], depth: usize, last: usize, full: bool) -> *mut Node {
    if e.is_empty() {
        return ptr::null_mut();
    }
    let mid = e.len() / 2;
    // SAFETY: a fresh block of node size, checked for NULL, written before use
    unsafe {
        let n = libc::malloc(core::mem::size_of::<Node>()) as *mut Node;
        if n.is_null() {
            crate::runtime::error::raise(format_args!("Could not allocate memory"));
            return ptr::null_mut();
        }
        ptr::write(
            n,
            Node {
                left: ptr::null_mut(),
                right: ptr::null_mut(),
                parent: ptr::null_mut(),
                is_black: full || depth < last,
                key: CxxString::from(e[mid].0),
                value: CxxString::from(e[mid].1),
            },
        );
        let l = build(&e[..mid], depth + 1, last, full);
        let r = build(&e[mid + 1..], depth + 1, last, full);
        (*n).left = l;
        (*n).right = r;
        if !l.is_null() {
            (*l).parent = n;
        }
        if !r.is_null() {
            (*r).parent = n;
        }
        n
    }
}

impl Drop for CxxMap {
    fn drop(&mut self) {
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            if n.is_null() {
                continue;
            }
            // SAFETY: as in free_nodes
            unsafe {
                stack.push((*n).left);
                stack.push((*n).right);
                ptr::drop_in_place(&mut (*n).key);
                ptr::drop_in_place(&mut (*n).value);
                libc::free(n as *mut libc::c_void);
            }
        }
    }
}

impl Default for CxxMap {
    fn default() -> Self {
        CxxMap::new()
    }
}

impl Clone for CxxMap {
    /// A copy with its own nodes (to be fixed at its final address).
    fn clone(&self) -> Self {
        let mut m = CxxMap::new();
        m.set_sorted(&self.entries());
        m
    }
}

impl core::fmt::Debug for CxxMap {
    fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
        f.debug_map().entries(self.entries()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black height of a subtree, checking the red-black rules and parent links.
    unsafe fn check(n: *mut Node, parent: *mut Node) -> usize {
        // SAFETY: test fixture: called only by this test with pointers to its own live objects
        unsafe {
            if n.is_null() {
                return 1;
            }
            assert_eq!((*n).parent, parent);
            if !(*n).is_black {
                for c in [(*n).left, (*n).right] {
                    assert!(c.is_null() || (*c).is_black, "red node with red child");
                }
            }
            let l = check((*n).left, n);
            let r = check((*n).right, n);
            assert_eq!(l, r, "unequal black heights");
            l + (*n).is_black as usize
        }
    }

    #[test]
    fn balanced_red_black_trees() {
        for n in 0..70usize {
            let keys: Vec<String> = (0..n).map(|i| format!("k{:03}", i)).collect();
            let e: Vec<(&str, &str)> = keys.iter().map(|k| (k.as_str(), "v")).collect();
            let mut m = Box::new(CxxMap::new());
            m.fix();
            m.set_sorted(&e);
            assert_eq!(m.len(), n);
            assert_eq!(
                m.entries().iter().map(|x| x.0).collect::<Vec<_>>(),
                keys.iter().map(|k| k.as_str()).collect::<Vec<_>>()
            );
            let end = m.end_node();
            // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
            unsafe {
                if n > 0 {
                    assert!((*m.root).is_black);
                    check(m.root, end);
                } else {
                    assert_eq!(m.begin, end);
                }
            }
            let mut other = Box::new(CxxMap::new());
            other.fix();
            // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
            unsafe { other.take_from(&mut *m) };
            assert_eq!(other.len(), n);
            assert!(m.is_empty());
            let e = m.end_node();
            assert_eq!(m.begin, e);
        }
    }
}
