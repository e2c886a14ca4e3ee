//! Flexes (`<flex>` in `<deformable>`, or made by `<flexcomp>`): vertices on bodies (or
//! interpolation nodes), elements of dimension 1-3, contact, elasticity and rendering settings.
//! Upstream's `mjsFlex` (`c`) with the strings and vectors it points to.

use super::body::{debug_by_name, element, solrefimp, zeroed};
use super::cxx::{CxxString, CxxVec};
use super::element::{vp, Head, Info, Linked};
use crate::abi::*;

#[derive(Clone)]
#[repr(C)]
pub struct Flex {
    pub head: Head,
    pub c: mjsFlex,
    pub name: CxxString,
    pub material: CxxString,
    pub nodebody: CxxVec<CxxString>,
    pub vertbody: CxxVec<CxxString>,
    pub node: CxxVec<f64>,
    pub vert: CxxVec<f64>,
    pub elem: CxxVec<i32>,
    pub texcoord: CxxVec<f32>,
    pub elemtexcoord: CxxVec<i32>,
    pub info: Info,
}
element!(Flex, mjsFlex, [material, nodebody, vertbody, node, vert, elem, texcoord, elemtexcoord]);

/// `mjs_defaultFlex`
pub fn default_flex(f: &mut mjsFlex) {
    *f = zeroed();
    f.contype = 1;
    f.conaffinity = 1;
    f.condim = 3;
    f.friction = [1.0, 0.005, 0.0001];
    f.solmix = 1.0;
    let (r, i) = solrefimp();
    f.solref = r;
    f.solimp = i;
    f.dim = 2;
    f.radius = 0.005;
    f.selfcollide = mjtFlexSelf_::mjFLEXSELF_AUTO as i32;
    f.activelayers = 1;
    f.rgba = [0.5, 0.5, 0.5, 1.0];
    f.thickness = -1.0;
}

impl Default for Flex {
    fn default() -> Self {
        let mut c = zeroed();
        default_flex(&mut c);
        Flex {
            head: Head::new(mjtObj_::mjOBJ_FLEX),
            c,
            name: CxxString::new(),
            material: CxxString::new(),
            nodebody: CxxVec::new(),
            vertbody: CxxVec::new(),
            node: CxxVec::new(),
            vert: CxxVec::new(),
            elem: CxxVec::new(),
            texcoord: CxxVec::new(),
            elemtexcoord: CxxVec::new(),
            info: Info::default(),
        }
    }
}
debug_by_name!(Flex);

impl super::Spec {
    /// `mjs_addFlex`: a flex with default values; returns its index.
    pub fn add_flex(&mut self) -> usize {
        let mut f = Flex::default();
        let id = self.flexes.len();
        f.head.spec = self as *const super::Spec as usize;
        f.head.index = id;
        f.head.id = id as i32;
        self.flexes.push(super::Owned::new(f));
        id
    }
}
