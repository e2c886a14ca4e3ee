//! Narrowphase for pairs with a box (sphere-box, capsule-box, box-box): upstream's
//! `engine_collision_box.c`. Same conventions as [`super::primitive`].

use crate::abi::*;

fn not_yet(name: &str) -> usize {
    crate::mjerror!(name, "not supported yet: this collision pair");
    0
}

/// Sphere `g1` against box `g2`.
pub unsafe fn sphere_box(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_SphereBox") }
/// Capsule `g1` against box `g2`.
pub unsafe fn capsule_box(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_CapsuleBox") }
/// Box against box.
pub unsafe fn box_box(_m: &mjModel, _d: &mjData, _con: &mut [mjContact], _g1: usize, _g2: usize, _margin: f64) -> usize { not_yet("mjc_BoxBox") }
/// Capsule against box given by raw poses.
#[allow(clippy::too_many_arguments)]
pub fn raw_capsule_box(_con: &mut [mjContact], _margin: f64, _pos1: &[f64; 3], _mat1: &[f64; 9], _size1: &[f64], _pos2: &[f64; 3], _mat2: &[f64; 9], _size2: &[f64]) -> usize { not_yet("mjraw_CapsuleBox") }
