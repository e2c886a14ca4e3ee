//! Narrowphase for pairs of primitive shapes (plane, sphere, capsule, cylinder): upstream's
//! `engine_collision_primitive.c`. Each pair function writes up to `mjMAXCONPAIR` contacts into
//! `con` (position, frame normal in `frame[0..3]`, `dist`) and returns how many it found.

use crate::abi::*;

fn not_yet(name: &str) -> usize {
    crate::mjerror!(name, "not supported yet: this collision pair");
    0
}

/// Plane `g1` against sphere `g2`.
pub unsafe fn plane_sphere(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_PlaneSphere") }
/// Plane `g1` against capsule `g2`.
pub unsafe fn plane_capsule(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_PlaneCapsule") }
/// Plane `g1` against cylinder `g2`.
pub unsafe fn plane_cylinder(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_PlaneCylinder") }
/// Plane `g1` against box `g2`.
pub unsafe fn plane_box(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_PlaneBox") }
/// Sphere against sphere.
pub unsafe fn sphere_sphere(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_SphereSphere") }
/// Sphere `g1` against capsule `g2`.
pub unsafe fn sphere_capsule(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_SphereCapsule") }
/// Sphere `g1` against cylinder `g2`.
pub unsafe fn sphere_cylinder(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_SphereCylinder") }
/// Capsule against capsule.
pub unsafe fn capsule_capsule(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_CapsuleCapsule") }

/// Sphere (pos1, radius size1[0]) against capsule (pos2, mat2, size2[0..2]) given by raw poses.
#[allow(clippy::too_many_arguments)]
pub fn raw_sphere_capsule(_con: &mut [mjContact], _margin: f64, _pos1: &[f64; 3], _mat1: &[f64; 9], _size1: &[f64], _pos2: &[f64; 3], _mat2: &[f64; 9], _size2: &[f64]) -> usize { not_yet("mjraw_SphereCapsule") }
/// Capsule against capsule given by raw poses.
#[allow(clippy::too_many_arguments)]
pub fn raw_capsule_capsule(_con: &mut [mjContact], _margin: f64, _pos1: &[f64; 3], _mat1: &[f64; 9], _size1: &[f64], _pos2: &[f64; 3], _mat2: &[f64; 9], _size2: &[f64]) -> usize { not_yet("mjraw_CapsuleCapsule") }
/// Sphere (centre `s`, radius `rs`) against a triangle `t1 t2 t3` thickened by `rt`.
#[allow(clippy::too_many_arguments)]
pub fn raw_sphere_triangle(_con: &mut [mjContact], _margin: f64, _s: &[f64; 3], _rs: f64, _t1: &[f64; 3], _t2: &[f64; 3], _t3: &[f64; 3], _rt: f64) -> usize { not_yet("mjraw_SphereTriangle") }
