//! Collision detection (`mj_collision`, upstream's `engine_collision_driver.c`): broadphase
//! over bodies and flexes, the body BVH midphase, filtering, contact parameter mixing and the
//! table of narrowphase functions, plus `mj_geomDistance`.

pub mod boxes;
pub mod convex;
pub mod gjk;
pub mod primitive;

use crate::abi::*;
use crate::engine::disabled;

use mjtDisableBit_::*;

/// A narrowphase function: writes up to `mjMAXCONPAIR` contacts between geoms `g1` and `g2`
/// (types in table order) into `con` and returns their number (upstream's `mjfCollision`).
pub type CollideFn = unsafe fn(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize;

/// True when two bodies' collision bitmasks let them touch (`contype & conaffinity` either way).
fn bitmask_compatible(m: &mjModel, b1: usize, b2: usize) -> bool {
    let (t, a) = (m.body_contype(), m.body_conaffinity());
    (t[b1] & a[b2]) != 0 || (t[b2] & a[b1]) != 0
}

/// Collision detection (`mj_collision`). Only the cases without contacts are built so far.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn collision(m: &mjModel, d: &mut mjData) {
    d.ncon = 0;
    d.parena = 0;
    crate::engine::constraint::clear_efc(m, d);
    if m.vis.global.bvactive != 0 {
        d.bvh_active(m).fill(0);
    }
    let nbodyflex = m.nbody + m.nflex;
    if disabled(m, mjDSBL_CONSTRAINT) || disabled(m, mjDSBL_CONTACT) || nbodyflex < 2 {
        return;
    }
    let weld = m.body_weldid();
    let nbody = m.nbody as usize;
    let mut possible = m.npair > 0 || m.nflex > 0;
    'outer: for b1 in 0..nbody {
        if m.body_geomnum()[b1] == 0 {
            continue;
        }
        for b2 in b1 + 1..nbody {
            if m.body_geomnum()[b2] > 0 && weld[b1] != weld[b2] && bitmask_compatible(m, b1, b2) {
                possible = true;
                break 'outer;
            }
        }
    }
    if possible {
        crate::mjerror!(
            "mj_collision",
            "not supported yet: collision detection (disable contacts with mjDSBL_CONTACT or mjDSBL_CONSTRAINT)"
        );
    }
}

/// Smallest signed distance between geoms `g1` and `g2` up to `distmax`, with the nearest
/// points in `fromto` (`mj_geomDistance`).
///
/// # Safety
/// As [`collision`].
pub unsafe fn geom_distance(_m: &mjModel, _d: &mjData, _g1: usize, _g2: usize, distmax: f64, _fromto: Option<&mut [f64; 6]>) -> f64 {
    crate::mjerror!("mj_geomDistance", "not supported yet: geom distances");
    distmax
}
