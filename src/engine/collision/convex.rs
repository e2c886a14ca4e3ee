//! Convex narrowphase: the object abstraction used by the CCD algorithms (support points of
//! every convex shape, meshes by hill climbing, height-field prisms, flex elements), the
//! general convex pair function, plane-convex, convex-height-field and the flex element
//! variants: upstream's `engine_collision_convex.c`.

use crate::abi::*;

/// A convex object for the CCD algorithms (upstream's `mjCCDObj`): a geom, a flex element or
/// a flex vertex, with its margin and an optional extra rotation.
pub struct CcdObj<'a> {
    pub m: &'a mjModel,
    pub d: &'a mjData,
    /// geom id, or -1 for flex objects
    pub geom: i32,
    /// geom type (`mjtGeom`), or -1 for flex objects
    pub geom_type: i32,
    /// index of the mesh vertex returned by the last support call (-1 if none)
    pub vertindex: i32,
    /// mesh id for mesh geoms, else -1
    pub meshindex: i32,
    pub flex: i32,
    pub elem: i32,
    pub vert: i32,
    pub margin: f64,
    /// extra rotation applied to the object (identity `[1,0,0,0]` by default)
    pub rotate: [f64; 4],
    /// height-field prism vertices (global frame) for height-field collisions
    pub prism: [[f64; 3]; 6],
}

impl<'a> CcdObj<'a> {
    /// Object for geom `g` with `margin` (`mjc_initCCDObj`).
    ///
    /// # Safety
    /// `d` must be data made for `m`, `g` a geom id.
    pub unsafe fn new(m: &'a mjModel, d: &'a mjData, g: i32, margin: f64) -> Self {
        crate::mjerror!("mjc_initCCDObj", "not supported yet: convex collision objects");
        CcdObj { m, d, geom: g, geom_type: -1, vertindex: -1, meshindex: -1, flex: -1, elem: -1, vert: -1, margin, rotate: [1.0, 0.0, 0.0, 0.0], prism: [[0.0; 3]; 6] }
    }

    /// Centre of the object in global coordinates (`mjc_center`).
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    pub unsafe fn center(&self) -> [f64; 3] {
        [0.0; 3]
    }

    /// Support point of the object (inflated by half its margin) in direction `dir`
    /// (global coordinates); sets `vertindex` for meshes.
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    pub unsafe fn support(&mut self, _dir: &[f64; 3]) -> [f64; 3] {
        [0.0; 3]
    }
}

fn not_yet(name: &str) -> usize {
    crate::mjerror!(name, "not supported yet: convex collisions");
    0
}

/// General convex pair (`mjc_Convex`).
pub unsafe fn convex(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_Convex") }
/// Plane `g1` against a convex geom `g2` (`mjc_PlaneConvex`).
pub unsafe fn plane_convex(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_PlaneConvex") }
/// Height field `g1` against a convex geom `g2` (`mjc_ConvexHField`).
pub unsafe fn convex_hfield(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_ConvexHField") }
/// Geom, flex element or flex vertex against a flex element (`mjc_ConvexElem`); -1 marks
/// unused ids as upstream.
#[allow(clippy::too_many_arguments)]
pub unsafe fn convex_elem(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: i32, _f1: i32, _e1: i32, _v1: i32, _f2: i32, _e2: i32, _margin: f64) -> usize { not_yet("mjc_ConvexElem") }
/// Height field `g` against flex element `e` of flex `f` (`mjc_HFieldElem`).
pub unsafe fn hfield_elem(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g: usize, _f: usize, _e: usize, _margin: f64) -> usize { not_yet("mjc_HFieldElem") }
/// Replaces the normal of a contact between smooth geoms by the analytic one where upstream
/// does (`mjc_fixNormal`).
pub unsafe fn fix_normal(_m: &mjModel, _d: &mjData, _con: &mut mjContact, _g1: usize, _g2: usize) {}
