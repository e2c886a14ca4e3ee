//! Native convex collision detection (upstream's `engine_collision_gjk.c`): GJK for distance,
//! EPA for penetration depth, and polygon clipping for multiple contacts between flat faces.

use super::convex::CcdObj;
use crate::abi::*;

/// Settings of one CCD query (upstream's `mjCCDConfig`).
pub struct CcdConfig {
    /// maximum iterations of GJK and EPA
    pub max_iterations: i32,
    /// tolerance of GJK and EPA
    pub tolerance: f64,
    /// number of contact points wanted (0: distance only)
    pub max_contacts: i32,
    /// largest distance of interest
    pub dist_cutoff: f64,
    /// mjData whose stack supplies EPA memory when `max_iterations` exceeds the static buffers
    /// (upstream's alloc/free callbacks); may be null when that cannot happen
    pub stack: *mut mjData,
}

/// A vertex of the Minkowski difference with the points of both objects it came from.
#[derive(Clone, Copy, Default)]
pub struct Vertex {
    pub vert: [f64; 3],
    pub vert1: [f64; 3],
    pub vert2: [f64; 3],
    pub index1: i32,
    pub index2: i32,
}

/// Result of one CCD query (upstream's `mjCCDStatus`).
pub struct CcdStatus {
    pub dist: f64,
    pub x1: [f64; 3 * mjMAXCONPAIR],
    pub x2: [f64; 3 * mjMAXCONPAIR],
    pub nx: i32,
    pub max_iterations: i32,
    pub tolerance: f64,
    pub max_contacts: i32,
    pub dist_cutoff: f64,
    pub gjk_iterations: i32,
    pub epa_iterations: i32,
    pub epa_status: i32,
    pub simplex: [Vertex; 4],
    pub nsimplex: i32,
}

impl Default for CcdStatus {
    fn default() -> Self {
        CcdStatus {
            dist: 0.0,
            x1: [0.0; 3 * mjMAXCONPAIR],
            x2: [0.0; 3 * mjMAXCONPAIR],
            nx: 0,
            max_iterations: 0,
            tolerance: 0.0,
            max_contacts: 0,
            dist_cutoff: 0.0,
            gjk_iterations: 0,
            epa_iterations: 0,
            epa_status: -1,
            simplex: [Vertex::default(); 4],
            nsimplex: 0,
        }
    }
}

/// Distance (negative: penetration depth) between two convex objects, with witness points in
/// `status` (`mjc_ccd`).
///
/// # Safety
/// The objects' model and data must be valid; `config.stack` null or a valid mjData.
pub unsafe fn ccd(_config: &CcdConfig, _status: &mut CcdStatus, _obj1: &mut CcdObj, _obj2: &mut CcdObj) -> f64 {
    crate::mjerror!("mjc_ccd", "not supported yet: native convex collision detection");
    0.0
}
