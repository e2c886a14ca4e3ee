//! What every spec element shares: the `mjsElement` header C clients see, the link between an
//! element's C struct and the strings and vectors it points to, and the box that keeps an
//! element at one address for as long as clients hold pointers to it.
//!
//! An element wrapper is `#[repr(C)]` and starts with its [`Head`]; its C struct (`c`) points
//! back at the head (`element`) and at the wrapper's own strings and vectors. Those pointers
//! are set by [`Linked::link`], which [`Owned`] calls whenever an element gets its box (on
//! creation and on copy): a wrapper that was moved or cloned is not linked until boxed again.

use core::ffi::c_void;

use super::cxx::CxxString;
use crate::abi::*;

/// The header of every element: upstream's `mjsElement` (type and signature), then which spec
/// holds the element.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Head {
    pub el: mjsElement,
    /// address of the `Spec` holding the element (0 before it is added to one)
    pub spec: usize,
    /// position in the spec's list of elements of this kind
    pub index: usize,
    /// id in the last compiled model (-1 before compiling)
    pub id: i32,
    /// default class the element was made from (index into `Spec::defaults`)
    pub class: usize,
}

impl Head {
    pub fn new(t: mjtObj_) -> Self {
        Head { el: mjsElement { elemtype: t as mjtObj, signature: 0 }, spec: 0, index: 0, id: -1, class: 0 }
    }
}

/// Sets the pointers of an element's C struct to the element's own fields.
pub trait Linked {
    fn link(&mut self);
}

/// An element in its own heap block, linked: pointers into it stay valid while it lives.
pub struct Owned<T: Linked>(Box<T>);

/// A value that can become an owned element: the element itself (boxed and linked) or an
/// already owned one.
pub trait IntoOwned<T: Linked> {
    fn into_owned(self) -> Owned<T>;
}

impl<T: Linked> IntoOwned<T> for T {
    fn into_owned(self) -> Owned<T> {
        let mut b = Box::new(self);
        b.link();
        Owned(b)
    }
}

impl<T: Linked> IntoOwned<T> for Owned<T> {
    fn into_owned(self) -> Owned<T> {
        self
    }
}

impl<T: Linked> Owned<T> {
    pub fn new(v: impl IntoOwned<T>) -> Self {
        v.into_owned()
    }

    /// The element's address (stable).
    pub fn ptr(&self) -> *const T {
        &*self.0
    }
}

impl<T: Linked> core::ops::Deref for Owned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Linked> core::ops::DerefMut for Owned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Linked + Clone> Clone for Owned<T> {
    fn clone(&self) -> Self {
        Owned::new((*self.0).clone())
    }
}

impl<T: Linked + core::fmt::Debug> core::fmt::Debug for Owned<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

/// A pointer to a string or vector field, as the C struct stores it.
#[inline]
pub fn vp<T>(x: &mut T) -> *mut c_void {
    x as *mut T as *mut c_void
}

/// Where an element came from, appended to compile errors (`mjs*.info`): the XML reader writes
/// "line N"; spec-API users may write anything.
#[derive(Clone, Debug, Default)]
pub struct Info {
    pub text: CxxString,
}

impl Info {
    /// The info of an element read from line `line` of a file.
    pub fn line(line: i32) -> Self {
        Info { text: CxxString::from(format!("line {}", line)) }
    }

    /// The line number the XML reader recorded (0 when none).
    pub fn lineno(&self) -> i32 {
        self.text.strip_prefix("line ").and_then(|s| s.parse().ok()).unwrap_or(0)
    }
}

/// `mjsOrientation` as a Rust value.
impl mjsOrientation {
    pub const QUAT: mjsOrientation =
        mjsOrientation { r#type: 0, axisangle: [0.0; 4], xyaxes: [0.0; 6], zaxis: [0.0; 3], euler: [0.0; 3] };

    pub fn get(&self) -> super::Orientation {
        use super::Orientation as O;
        match self.r#type {
            x if x == mjtOrientation_::mjORIENTATION_AXISANGLE as i32 => O::AxisAngle(self.axisangle),
            x if x == mjtOrientation_::mjORIENTATION_XYAXES as i32 => O::XYAxes(self.xyaxes),
            x if x == mjtOrientation_::mjORIENTATION_ZAXIS as i32 => O::ZAxis(self.zaxis),
            x if x == mjtOrientation_::mjORIENTATION_EULER as i32 => O::Euler(self.euler),
            _ => O::Quat,
        }
    }

    /// Sets the type and its values (the other types' values are kept, as upstream's reader
    /// leaves them).
    pub fn set(&mut self, o: super::Orientation) {
        use super::Orientation as O;
        match o {
            O::Quat => self.r#type = mjtOrientation_::mjORIENTATION_QUAT as i32,
            O::AxisAngle(v) => {
                self.r#type = mjtOrientation_::mjORIENTATION_AXISANGLE as i32;
                self.axisangle = v;
            }
            O::XYAxes(v) => {
                self.r#type = mjtOrientation_::mjORIENTATION_XYAXES as i32;
                self.xyaxes = v;
            }
            O::ZAxis(v) => {
                self.r#type = mjtOrientation_::mjORIENTATION_ZAXIS as i32;
                self.zaxis = v;
            }
            O::Euler(v) => {
                self.r#type = mjtOrientation_::mjORIENTATION_EULER as i32;
                self.euler = v;
            }
        }
    }
}

impl Default for mjsOrientation {
    fn default() -> Self {
        mjsOrientation::QUAT
    }
}

/// An alternative-orientation field: the Rust enum or upstream's `mjsOrientation`.
pub trait AltField {
    fn put(&mut self, o: super::Orientation);
    fn value(&self) -> super::Orientation;
}

impl AltField for super::Orientation {
    fn put(&mut self, o: super::Orientation) {
        *self = o;
    }
    fn value(&self) -> super::Orientation {
        *self
    }
}

impl AltField for mjsOrientation {
    fn put(&mut self, o: super::Orientation) {
        self.set(o);
    }
    fn value(&self) -> super::Orientation {
        self.get()
    }
}

/// A text field: a Rust `String` or upstream's `mjString`.
pub trait TextField {
    fn text(&self) -> &str;
    fn set_text(&mut self, s: &str);
}

impl TextField for String {
    fn text(&self) -> &str {
        self
    }
    fn set_text(&mut self, s: &str) {
        self.clear();
        self.push_str(s);
    }
}

impl TextField for CxxString {
    fn text(&self) -> &str {
        self.as_str()
    }
    fn set_text(&mut self, s: &str) {
        self.set(s);
    }
}

impl mjsCompiler {
    /// `eulerseq` as bytes.
    pub fn seq(&self) -> &[u8; 3] {
        // SAFETY: [c_char; 3] and [u8; 3] have the same layout
        unsafe { &*(self.eulerseq.as_ptr() as *const [u8; 3]) }
    }
}

/// Appends an element to a list of plain or owned elements.
pub trait PushEl<T> {
    fn push_el(&mut self, v: T);
}

impl<T> PushEl<T> for Vec<T> {
    fn push_el(&mut self, v: T) {
        self.push(v);
    }
}

impl<T: Linked> PushEl<T> for Vec<Owned<T>> {
    fn push_el(&mut self, v: T) {
        self.push(Owned::new(v));
    }
}
