//! Specs shared by reference, as upstream counts references to a spec: a parent keeps every
//! spec it attached from (and every `<model>` asset) alive, copies of the parent share them, and
//! `mj_deleteSpec` drops one reference.

use core::ptr::NonNull;

use super::Spec;

/// One reference to a spec in its own heap block (from `Box`), which lives while any reference
/// does.
pub struct SpecRef(NonNull<Spec>);

impl SpecRef {
    /// A new spec with one reference, held here.
    pub fn new(s: Spec) -> SpecRef {
        let mut b = Box::new(s);
        b.refs = 1;
        b.adopt();
        SpecRef(NonNull::from(Box::leak(b)))
    }

    /// Takes over a reference someone else held (`mjs_addSpec`).
    ///
    /// # Safety
    /// `p` is a live spec made by [`Box`]; the caller gives up one reference.
    pub unsafe fn adopt_raw(p: *mut Spec) -> SpecRef {
        // SAFETY: p is a live boxed spec (this function's contract), so not null
        SpecRef(unsafe { NonNull::new_unchecked(p) })
    }

    /// A new reference to a live spec.
    ///
    /// # Safety
    /// `p` is a live spec made by [`Box`].
    pub unsafe fn share(p: *mut Spec) -> SpecRef {
        // SAFETY: p is a live boxed spec (this function's contract)
        unsafe {
            (*p).refs += 1;
            SpecRef(NonNull::new_unchecked(p))
        }
    }

    pub fn ptr(&self) -> *mut Spec {
        self.0.as_ptr()
    }
}

/// Drops one reference to spec `p`, freeing it with the last.
///
/// # Safety
/// `p` is a live spec made by [`Box`] whose reference the caller gives up.
pub unsafe fn release(p: *mut Spec) {
    // SAFETY: p is a live boxed spec whose reference the caller gives up (this function's
    // contract); it is freed with its last reference
    unsafe {
        (*p).refs = (*p).refs.saturating_sub(1);
        if (*p).refs == 0 {
            drop(Box::from_raw(p));
        }
    }
}

impl Clone for SpecRef {
    fn clone(&self) -> Self {
        // SAFETY: this reference keeps the spec alive
        unsafe { SpecRef::share(self.ptr()) }
    }
}

impl Drop for SpecRef {
    fn drop(&mut self) {
        // SAFETY: this reference kept the spec alive and is given up now
        unsafe { release(self.ptr()) }
    }
}

impl Default for SpecRef {
    fn default() -> Self {
        SpecRef::new(Spec::default())
    }
}

impl core::ops::Deref for SpecRef {
    type Target = Spec;
    fn deref(&self) -> &Spec {
        // SAFETY: alive while referenced
        unsafe { self.0.as_ref() }
    }
}

impl core::ops::DerefMut for SpecRef {
    fn deref_mut(&mut self) -> &mut Spec {
        // SAFETY: alive while referenced; specs are shared as upstream shares them (one
        // thread edits a spec at a time)
        unsafe { self.0.as_mut() }
    }
}
