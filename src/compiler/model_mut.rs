//! Safe mutable access to the arrays of a model under construction.
//!
//! The model's shared accessors (`m.body_pos()`, generated in `abi/fields.rs`) give `&[T]`
//! sized by the model's own counts. The compiler fills a freshly allocated model and needs the
//! same arrays mutably: one function per array here (`mm::body_pos(m)`, an exclusive borrow of
//! the model for the slice's life) and a split view of all arrays at once ([`split`], for code
//! that writes several arrays together), both generated from the same table as the model's
//! struct, so the lengths are exactly those of the shared accessors.

use crate::abi::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_void};

macro_rules! define_model_mut {
    (sizes: [ $( ($st:ident $sn:ident) )* ]
     arrays: [ $( { $g:ident $x:ident $t:ident, $n:ident, $r:tt, $c:tt } )* ]) => {
        /// Every array of a model as a disjoint mutable slice ([`split`]).
        #[allow(non_snake_case, missing_docs, dead_code)]
        pub(crate) struct ModelArrays<'a> {
            $( pub $n: &'a mut [$t], )*
        }

        /// Splits the model's arrays into disjoint mutable slices, each as long as the shared
        /// accessor of the same name reports. The size fields stay readable only through a copy
        /// taken before the split.
        #[allow(dead_code)]
        pub(crate) fn split(m: &mut mjModel) -> ModelArrays<'_> {
            ModelArrays {
                $( $n: {
                    let n = m.$n().len();
                    let p = m.$n;
                    // SAFETY: `p` addresses the `n` elements of this array inside the model's
                    // buffer (the shared accessor above checks and uses the same pointer and
                    // length). The arrays are carved without overlap from that one buffer by
                    // `model::alloc`, and the buffer is not part of the struct, so these slices
                    // are disjoint from each other and from the size fields; the exclusive borrow
                    // of `m` keeps any other access out while they live.
                    if n == 0 { &mut [] } else { unsafe { core::slice::from_raw_parts_mut(p, n) } }
                }, )*
            }
        }

        $(
        #[doc = concat!("`", stringify!($n), "` of `m` as a mutable slice (the length of `m.", stringify!($n), "()`).")]
        #[allow(non_snake_case, dead_code)]
        #[inline]
        pub(crate) fn $n(m: &mut mjModel) -> &mut [$t] {
            let n = m.$n().len();
            // SAFETY: as in `split`: the array's `n` elements lie in the model's buffer, apart
            // from the struct, and the exclusive borrow of `m` is the only access while the
            // slice lives.
            if n == 0 { &mut [] } else { unsafe { core::slice::from_raw_parts_mut(m.$n, n) } }
        }
        )*
    };
}

crate::mjmodel_table!(define_model_mut);

/// A `c_char` array (names, paths, text) as bytes.
pub(crate) fn bytes_mut(s: &mut [core::ffi::c_char]) -> &mut [u8] {
    // SAFETY: c_char is i8 or u8, of the size and alignment of u8, and every bit pattern is
    // valid for both; the result reborrows `s` exclusively for the same length.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<u8>(), s.len()) }
}

/// The name address arrays of the named sections, in `model::names::NAMED_TYPES` order (the
/// order of `model::names::named_adrs`).
pub(crate) fn name_adrs<'a>(a: &mut ModelArrays<'a>) -> [&'a mut [core::ffi::c_int]; 23] {
    use core::mem::take;
    [
        take(&mut a.name_bodyadr),
        take(&mut a.name_jntadr),
        take(&mut a.name_geomadr),
        take(&mut a.name_siteadr),
        take(&mut a.name_camadr),
        take(&mut a.name_lightadr),
        take(&mut a.name_flexadr),
        take(&mut a.name_meshadr),
        take(&mut a.name_skinadr),
        take(&mut a.name_hfieldadr),
        take(&mut a.name_texadr),
        take(&mut a.name_matadr),
        take(&mut a.name_pairadr),
        take(&mut a.name_excludeadr),
        take(&mut a.name_eqadr),
        take(&mut a.name_tendonadr),
        take(&mut a.name_actuatoradr),
        take(&mut a.name_sensoradr),
        take(&mut a.name_numericadr),
        take(&mut a.name_textadr),
        take(&mut a.name_tupleadr),
        take(&mut a.name_keyadr),
        take(&mut a.name_pluginadr),
    ]
}
