//! mjModel and mjData, expanded from the field tables in `tables.rs`.
//!
//! The same expansion yields, per array field, its C element type, row and column expressions
//! (as `mjxmacro.h` writes them) and functions giving element counts and pointer slots, which the
//! allocator, copier, MJB reader/writer and header generator iterate over.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals)]

#[allow(unused_imports)]
use core::ffi::c_char as _;
use core::ffi::{c_char, c_int, c_void};
use core::mem::size_of;

use super::mjtTextureRole_::mjNTEXROLE;
use super::mjtTimer_::mjNTIMER;
use super::mjtWarning_::mjNWARNING;
use super::*;

/// A fixed-size field of mjData, with how `mjxmacro.h` lists it.
#[derive(Debug, Clone, Copy)]
pub struct FixedField {
    /// C type of the element.
    pub ctype: &'static str,
    /// Field name.
    pub name: &'static str,
    /// C array dimension expression (empty for a scalar).
    pub dims: &'static str,
    /// `S` (in `MJDATA_SCALAR`), `V` (in `MJDATA_VECTOR`) or `N` (in neither).
    pub xmacro: &'static str,
    /// Type, rows and columns as the X-macro lists them.
    pub xtype: &'static str,
    pub xrows: &'static str,
    pub xcols: &'static str,
}

/// One array field of mjModel or mjData as listed in `mjxmacro.h`.
#[derive(Debug, Clone, Copy)]
pub struct ArrayField {
    /// Field name.
    pub name: &'static str,
    /// C element type (`int`, `mjtNum`, ...).
    pub ctype: &'static str,
    /// Sub-list the field belongs to (`BODY`, `SOLVER`, ... or `NONE`/`BUF`).
    pub group: &'static str,
    /// Listed as `XNV` (not needed to build a scene).
    pub xnv: bool,
    /// Row count as C text.
    pub rows: &'static str,
    /// Column count as C text.
    pub cols: &'static str,
    /// Size of one element in bytes.
    pub elem_size: usize,
}

macro_rules! ctype {
    (c_int) => {
        "int"
    };
    (f32) => {
        "float"
    };
    (c_char) => {
        "char"
    };
    (usize) => {
        "uintptr_t"
    };
    ($t:ident) => {
        stringify!($t)
    };
}

macro_rules! xnv {
    (X) => {
        false
    };
    (XNV) => {
        true
    };
}

macro_rules! rows_c {
    ($r:ident) => {
        stringify!($r)
    };
    ((m $r:ident)) => {
        concat!("MJ_M(", stringify!($r), ")")
    };
    ((d $r:ident)) => {
        concat!("MJ_D(", stringify!($r), ")")
    };
}

macro_rules! cols_c {
    ($c:literal) => {
        stringify!($c)
    };
    ($c:ident) => {
        stringify!($c)
    };
    ((m $f:ident)) => {
        concat!("MJ_M(", stringify!($f), ")")
    };
    ((m $f:ident * $k:literal)) => {
        concat!("MJ_M(", stringify!($f), ")*", stringify!($k))
    };
}

/// Row count of a table entry; `$m` is the model, `$d` the data.
macro_rules! rows_v {
    ($m:ident, $d:ident, $r:ident) => {
        $m.$r as usize
    };
    ($m:ident, $d:ident, (m $r:ident)) => {
        $m.$r as usize
    };
    ($m:ident, $d:ident, (d $r:ident)) => {
        $d.$r as usize
    };
}

/// Column count of a table entry.
macro_rules! cols_v {
    ($m:ident, $c:literal) => {
        $c as usize
    };
    ($m:ident, $c:ident) => {
        $c as usize
    };
    ($m:ident, (m $f:ident)) => {
        $m.$f as usize
    };
    ($m:ident, (m $f:ident * $k:literal)) => {
        $m.$f as usize * $k
    };
}

macro_rules! define_mjmodel {
    (sizes: [ $( ($st:ident $sn:ident) )* ]
     arrays: [ $( { $g:ident $x:ident $t:ident, $n:ident, $r:tt, $c:tt } )* ]) => {
        /// The compiled model: sizes, options, and arrays carved from one buffer.
        #[repr(C)]
        pub struct mjModel_ {
            $( pub $sn: $st, )*
            pub opt: mjOption,
            pub vis: mjVisual,
            pub stat: mjStatistic,
            pub buffer: *mut c_void,
            $( pub $n: *mut $t, )*
            pub signature: u64,
        }

        /// Number of array fields of mjModel.
        pub const MJMODEL_NARRAY: usize = [$(stringify!($n)),*].len();

        /// Size fields of mjModel (`MJMODEL_INTS`): name and C type.
        pub static MJMODEL_SIZES: &[(&str, &str)] = &[ $( (stringify!($sn), ctype!($st)) ),* ];

        /// Array fields of mjModel (`MJMODEL_POINTERS`) in struct order.
        pub static MJMODEL_ARRAYS: [ArrayField; MJMODEL_NARRAY] = [ $( ArrayField {
            name: stringify!($n), ctype: ctype!($t), group: stringify!($g), xnv: xnv!($x),
            rows: rows_c!($r), cols: cols_c!($c), elem_size: size_of::<$t>(),
        } ),* ];

        impl mjModel_ {
            /// Element count of every array field, in table order.
            pub fn array_counts(&self) -> [usize; MJMODEL_NARRAY] {
                let m = self;
                [ $( rows_v!(m, m, $r) * cols_v!(m, $c) ),* ]
            }

            /// Address of every array pointer slot, in table order.
            pub fn array_slots(&mut self) -> [*mut *mut c_void; MJMODEL_NARRAY] {
                [ $( core::ptr::addr_of_mut!(self.$n) as *mut *mut c_void ),* ]
            }

            /// Every array pointer, in table order.
            pub fn array_ptrs(&self) -> [*mut c_void; MJMODEL_NARRAY] {
                [ $( self.$n as *mut c_void ),* ]
            }

            $(
            #[doc = concat!("`", stringify!($n), "` as a slice (rows x cols elements, row-major).")]
            #[inline]
            pub fn $n(&self) -> &[$t] {
                let n = rows_v!(self, self, $r) * cols_v!(self, $c);
                let p = self.$n;
                // every model array points into the model's buffer (as upstream's mj_setPtrModel
                // lays it out), so it is never null, even when empty
                debug_assert!(!p.is_null());
                // SAFETY: the model's buffer holds rows*cols elements for every array
                unsafe { core::slice::from_raw_parts(p, n) }
            }
            )*

            /// Every size field widened to i64, in struct order.
            pub fn size_values(&self) -> [i64; MJMODEL_SIZES_LEN] {
                [ $( self.$sn as i64 ),* ]
            }

            /// Sets every size field from i64 values, in struct order.
            pub fn set_size_values(&mut self, v: &[i64; MJMODEL_SIZES_LEN]) {
                let mut _i = 0;
                $( self.$sn = v[_i] as $st; _i += 1; )*
            }
        }

        /// Number of size fields of mjModel.
        pub const MJMODEL_SIZES_LEN: usize = [$(stringify!($sn)),*].len();
    };
}

mjmodel_table!(define_mjmodel);

/// Rust type of a fixed field: the element type, or an array of it.
macro_rules! fixed_ty {
    ($t:ident; ) => { $t };
    ($t:ident; $($d:tt)+) => { [$t; ($($d)+) as usize] };
}

/// Nulls an mjData array pointer unless it lives in the fixed buffer.
macro_rules! arena_null {
    (BUF, $e:expr) => {};
    ($g:ident, $e:expr) => {
        $e = core::ptr::null_mut();
    };
}

/// Slice of an mjData array: `BUF` arrays always point into the data buffer, arena arrays
/// are null until the step allocates them.
macro_rules! data_slice {
    (BUF, $p:expr, $n:expr) => {{
        let p = $p;
        debug_assert!(!p.is_null());
        core::slice::from_raw_parts_mut(p, $n)
    }};
    ($g:ident, $p:expr, $n:expr) => {{
        // without a branch: whether an arena array is allocated changes from call to call, and
        // a mispredicted branch per array cost more than these two selects
        let p = $p;
        let some = !p.is_null();
        let p = core::hint::select_unpredictable(some, p, core::ptr::NonNull::dangling().as_ptr());
        core::slice::from_raw_parts_mut(p, $n * some as usize)
    }};
}

/// Runs `$b` for a field of the `SOLVER` group only.
macro_rules! if_solver {
    (SOLVER, $b:block) => {
        $b
    };
    ($g:ident, $b:block) => {};
}

/// 1 for a field of the `SOLVER` group, 0 otherwise.
macro_rules! solver_count {
    (SOLVER) => {
        1
    };
    ($g:ident) => {
        0
    };
}

/// Type of a fixed field in [`DataMut`]: the stack and arena bookkeeping is read-only (only
/// `crate::data` moves it), every other field mutable.
macro_rules! fixed_mut_ty {
    ($l:lifetime, narena, $t:ty) => { &$l $t };
    ($l:lifetime, nbuffer, $t:ty) => { &$l $t };
    ($l:lifetime, pstack, $t:ty) => { &$l $t };
    ($l:lifetime, pbase, $t:ty) => { &$l $t };
    ($l:lifetime, parena, $t:ty) => { &$l $t };
    ($l:lifetime, $n:ident, $t:ty) => { &$l mut $t };
}

/// Borrow of a fixed field for [`DataMut`], matching [`fixed_mut_ty`].
macro_rules! fixed_mut_ref {
    (narena, $e:expr) => {
        &$e
    };
    (nbuffer, $e:expr) => {
        &$e
    };
    (pstack, $e:expr) => {
        &$e
    };
    (pbase, $e:expr) => {
        &$e
    };
    (parena, $e:expr) => {
        &$e
    };
    ($n:ident, $e:expr) => {
        &mut $e
    };
}

/// Shared slice of an mjData array (see [`data_slice`]).
macro_rules! data_slice_ref {
    (BUF, $p:expr, $n:expr) => {{
        let p = $p;
        debug_assert!(!p.is_null());
        core::slice::from_raw_parts(p, $n)
    }};
    ($g:ident, $p:expr, $n:expr) => {{
        // without a branch, as in data_slice
        let p = $p;
        let some = !p.is_null();
        let p = core::hint::select_unpredictable(some, p, core::ptr::NonNull::dangling().as_ptr());
        core::slice::from_raw_parts(p, $n * some as usize)
    }};
}

macro_rules! define_mjdata {
    (head: [ $( { $hc:ident $ht:ident $hn:ident [$($hd:tt)*] $hk:ident $hx:tt $hr:tt $hcol:tt } )* ]
     tail: [ $( { $tc:ident $tt:ident $tn:ident [$($td:tt)*] $tk:ident $tx:tt $tr:tt $tcol:tt } )* ]
     arrays: [ $( { $g:ident $x:ident $t:ident, $n:ident, $r:tt, $c:tt } )* ]) => {
        /// Simulation state and everything computed from it.
        #[repr(C)]
        pub struct mjData_ {
            $( pub $hn: fixed_ty!($ht; $($hd)*), )*
            pub buffer: *mut c_void,
            pub arena: *mut c_void,
            $( pub $n: *mut $t, )*
            $( pub $tn: fixed_ty!($tt; $($td)*), )*
        }

        /// Fixed fields of mjData before `buffer` (`head`) and after the arrays (`tail`).
        pub static MJDATA_FIXED_HEAD: &[FixedField] = &[ $( FixedField {
            ctype: stringify!($hc), name: stringify!($hn), dims: stringify!($($hd)*),
            xmacro: stringify!($hk), xtype: stringify!($hx), xrows: stringify!($hr), xcols: stringify!($hcol),
        } ),* ];
        /// See [`MJDATA_FIXED_HEAD`].
        pub static MJDATA_FIXED_TAIL: &[FixedField] = &[ $( FixedField {
            ctype: stringify!($tc), name: stringify!($tn), dims: stringify!($($td)*),
            xmacro: stringify!($tk), xtype: stringify!($tx), xrows: stringify!($tr), xcols: stringify!($tcol),
        } ),* ];


        /// Every array of an mjData as a disjoint mutable slice sized for its model, and every
        /// other field as a mutable reference (the stack and arena bookkeeping read-only): one
        /// call splits the borrow of the data, `let DataMut { xpos, xquat, ncon, .. } =
        /// d.arrays_mut(m)`.
        #[allow(non_snake_case, missing_docs)]
        pub struct DataMut<'a> {
            $( pub $hn: fixed_mut_ty!('a, $hn, fixed_ty!($ht; $($hd)*)), )*
            $( pub $n: &'a mut [$t], )*
            $( pub $tn: fixed_mut_ty!('a, $tn, fixed_ty!($tt; $($td)*)), )*
        }

        /// Every array of an mjData as a shared slice sized for its model, and every other
        /// field by reference ([`mjData_::arrays`]).
        #[allow(non_snake_case, missing_docs)]
        pub struct DataRef<'a> {
            $( pub $hn: &'a fixed_ty!($ht; $($hd)*), )*
            $( pub $n: &'a [$t], )*
            $( pub $tn: &'a fixed_ty!($tt; $($td)*), )*
        }

        impl mjData_ {
            /// Splits the data into disjoint mutable borrows of all its arrays and fields (see
            /// [`DataMut`]). Arena arrays not allocated in this step are empty.
            ///
            /// The data must have been made for `m` (same sizes), as every engine entry point
            /// requires; this holds for each (model, data) pair the crate handles (the C edge
            /// takes the caller's pair as upstream's API defines it, and the Rust API's `Data`
            /// keeps its model).
            #[inline(always)]
            pub fn arrays_mut(&mut self, m: &mjModel) -> DataMut<'_> {
                debug_assert!(self.signature == m.signature || self.signature == 0, "data made for another model");
                let this: *mut Self = self;
                // SAFETY: the arrays' pointers address rows*cols elements each in the data's
                // buffer (BUF) or arena (the rest, null until allocated), laid out without overlap
                // by data::make and data::stack, which alone write these pointers and the
                // bookkeeping; neither block overlaps the struct itself, whose fields are
                // borrowed one each. So every borrow below is disjoint from the others and lives
                // no longer than the exclusive borrow of `self`. The arrays come first: their
                // sizes read the counts (`nefc`, ...) through `this` before any field of the
                // struct is borrowed. Each array's size is computed where it is used, so the
                // optimiser drops the arrays a caller does not take.
                unsafe {
                    DataMut {
                        $( $n: { let d = &*this; let n = rows_v!(m, d, $r) * cols_v!(m, $c); data_slice!($g, d.$n, n) }, )*
                        $( $hn: fixed_mut_ref!($hn, (*this).$hn), )*
                        $( $tn: fixed_mut_ref!($tn, (*this).$tn), )*
                    }
                }
            }

            /// Shared view of every array and field (see [`DataRef`]); the data must have been
            /// made for `m`, as for [`Self::arrays_mut`].
            #[inline(always)]
            pub fn arrays(&self, m: &mjModel) -> DataRef<'_> {
                debug_assert!(self.signature == m.signature || self.signature == 0, "data made for another model");
                let d = self;
                // SAFETY: as in `arrays_mut`; shared borrows only, for the borrow of `self`
                unsafe {
                    DataRef {
                        $( $hn: &self.$hn, )*
                        $( $n: { let n = rows_v!(m, d, $r) * cols_v!(m, $c); data_slice_ref!($g, self.$n, n) }, )*
                        $( $tn: &self.$tn, )*
                    }
                }
            }
        }

        /// Number of solver arrays of mjData (`MJDATA_ARENA_POINTERS_SOLVER`).
        pub const MJDATA_NSOLVER: usize = 0 $( + solver_count!($g) )*;

        /// Number of array fields of mjData.
        pub const MJDATA_NARRAY: usize = [$(stringify!($n)),*].len();

        /// Array fields of mjData in struct order: `BUF` ones live in `buffer`, the others in
        /// the arena.
        pub static MJDATA_ARRAYS: [ArrayField; MJDATA_NARRAY] = [ $( ArrayField {
            name: stringify!($n), ctype: ctype!($t), group: stringify!($g), xnv: xnv!($x),
            rows: rows_c!($r), cols: cols_c!($c), elem_size: size_of::<$t>(),
        } ),* ];

        impl mjData_ {
            /// Element count of every array field for model `m`, in table order (arena arrays
            /// use the current `ncon`, `nefc`, ...).
            pub fn array_counts(&self, m: &mjModel) -> [usize; MJDATA_NARRAY] {
                let d = self; let _ = (d, m);
                [ $( rows_v!(m, d, $r) * cols_v!(m, $c) ),* ]
            }

            /// Address of every array pointer slot, in table order.
            pub fn array_slots(&mut self) -> [*mut *mut c_void; MJDATA_NARRAY] {
                [ $( core::ptr::addr_of_mut!(self.$n) as *mut *mut c_void ),* ]
            }

            /// The solver arrays (`MJDATA_ARENA_POINTERS_SOLVER`) in table order: pointer slot,
            /// byte size for the current `nefc`/`nJ`/`nA`, and alignment.
            #[inline]
            pub fn solver_arrays(&mut self, m: &mjModel) -> [(*mut *mut c_void, usize, usize); MJDATA_NSOLVER] {
                let mut out = [(core::ptr::null_mut(), 0, 0); MJDATA_NSOLVER];
                let mut _k = 0;
                $( if_solver!($g, {
                    let d = &*self;
                    let _ = d;
                    let n = rows_v!(m, d, $r) * cols_v!(m, $c);
                    out[_k] = (core::ptr::addr_of_mut!(self.$n) as *mut *mut c_void, n * size_of::<$t>(), core::mem::align_of::<$t>());
                    _k += 1;
                }); )*
                out
            }

            /// Sets every arena array pointer (all groups but `BUF`) to null.
            #[inline]
            pub fn clear_arena_pointers(&mut self) {
                $( arena_null!($g, self.$n); )*
            }

            /// Every array pointer, in table order.
            pub fn array_ptrs(&self) -> [*mut c_void; MJDATA_NARRAY] {
                [ $( self.$n as *mut c_void ),* ]
            }
        }

// Array sizes written as literals in the type declarations, checked against their definition.
const _: () = assert!(mjMAXMATERIAL * (mjtTextureRole_::mjNTEXROLE as usize) == 10000);
const _: () = assert!(2 * mjMAXLINEPNT == 2002);
const _: () = assert!(mjMAXMATERIAL * 2 == 2000);
    };
}

mjdata_table!(define_mjdata);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_sizes_match_upstream() {
        // sizes of upstream 3.4.0 on x86_64 (gdb `ptype /o` on the reference header)
        assert_eq!(size_of::<mjOption>(), 304);
        assert_eq!(size_of::<mjVisual>(), 632);
        assert_eq!(size_of::<mjModel>(), MJMODEL_SIZE_UPSTREAM);
        assert_eq!(size_of::<mjData>(), MJDATA_SIZE_UPSTREAM);
    }

    #[test]
    fn solver_list_matches_table() {
        let n = MJDATA_ARRAYS.iter().filter(|f| f.group == "SOLVER").count();
        assert_eq!(MJDATA_NSOLVER, n);
        assert_eq!(n, 20); // upstream 3.4.0: MJDATA_ARENA_POINTERS_SOLVER
    }

    const MJMODEL_SIZE_UPSTREAM: usize = 4856;
    const MJDATA_SIZE_UPSTREAM: usize = 162968;
}
