//! Ray casting against the model's geoms (`mj_ray`, `mj_multiRay`).
//!
//! Primitive geoms use the intersections of [`crate::math::ray`]; meshes, height fields and SDF
//! geoms are not supported yet and are reported as errors.

use super::{free, mark, stack_ints, stack_nums, v3, v9};
use crate::abi::mjtGeom_::*;
use crate::abi::*;
use crate::math::blas::norm3;
use crate::math::ray::{multi_ray_prepare, ray_geom, RayGeoms};

const GEOM_MESH: i32 = mjGEOM_MESH as i32;
const GEOM_HFIELD: i32 = mjGEOM_HFIELD as i32;
const GEOM_SDF: i32 = mjGEOM_SDF as i32;

/// Whether geom `g` is skipped: on the excluded body, invisible (alpha 0 of its rgba or its
/// material), static while `flg_static` is off, or in a group switched off in `geomgroup`.
fn excluded(m: &mjModel, g: usize, geomgroup: Option<&[u8]>, flg_static: bool, bodyexclude: i32) -> bool {
    let body = m.geom_bodyid()[g];
    if body == bodyexclude {
        return true;
    }
    let matid = m.geom_matid()[g];
    if matid < 0 && m.geom_rgba()[4 * g + 3] == 0.0 {
        return true;
    }
    if matid >= 0 && m.mat_rgba()[4 * matid as usize + 3] == 0.0 {
        return true;
    }
    if !flg_static && m.body_weldid()[body as usize] == 0 {
        return true;
    }
    match geomgroup {
        None => false,
        Some(groups) => {
            let group = m.geom_group()[g].clamp(0, mjNGROUP as i32 - 1) as usize;
            groups[group] == 0
        }
    }
}

/// Distance along the ray to geom `g` (-1 on a miss); non-primitive geoms are reported.
unsafe fn geom_hit(m: &mjModel, d: &mjData, g: usize, pnt: &[f64; 3], vec: &[f64; 3]) -> f64 {
    match m.geom_type()[g] {
        GEOM_MESH => {
            crate::mjerror!("mj_ray", "not supported yet: ray casting against meshes");
            -1.0
        }
        GEOM_HFIELD => {
            crate::mjerror!("mj_ray", "not supported yet: ray casting against height fields");
            -1.0
        }
        GEOM_SDF => {
            crate::mjerror!("mj_ray", "not supported yet: ray casting against SDF geoms");
            -1.0
        }
        t => ray_geom(
            v3(d.geom_xpos(m), g),
            v9(d.geom_xmat(m), g),
            v3(m.geom_size(), g),
            pnt,
            vec,
            t,
            None,
        ),
    }
}

/// Nearest intersection of the ray `pnt + x*vec` (x >= 0) with the geoms that pass the filters
/// (see [`excluded`]); returns the distance x, or -1 when nothing is hit, and the geom hit (or
/// -1) in `geomid`.
///
/// # Safety
/// `d` must be data made for `m`, with current geom poses.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ray(
    m: &mjModel,
    d: &mjData,
    pnt: &[f64; 3],
    vec: &[f64; 3],
    geomgroup: Option<&[u8]>,
    flg_static: bool,
    bodyexclude: i32,
    mut geomid: Option<&mut i32>,
) -> f64 {
    if norm3(vec) < mjMINVAL {
        crate::mjerror!("mj_ray", "vector length is too small");
    }
    let mut dist = -1.0;
    if let Some(id) = geomid.as_deref_mut() {
        *id = -1;
    }
    for g in 0..m.ngeom as usize {
        if excluded(m, g, geomgroup, flg_static, bodyexclude) {
            continue;
        }
        let x = geom_hit(m, d, g, pnt, vec);
        if x >= 0.0 && (x < dist || dist < 0.0) {
            dist = x;
            if let Some(id) = geomid.as_deref_mut() {
                *id = g as i32;
            }
        }
    }
    dist
}

/// Whether the ray meets the sphere of squared radius `r2` around `center` (upstream's sphere
/// test, same arithmetic: smallest non-negative root of the quadratic).
fn hits_sphere(center: &[f64; 3], r2: f64, pnt: &[f64; 3], vec: &[f64; 3]) -> bool {
    let dif = [pnt[0] - center[0], pnt[1] - center[1], pnt[2] - center[2]];
    let a = vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2];
    let b = vec[0] * dif[0] + vec[1] * dif[1] + vec[2] * dif[2];
    let c = dif[0] * dif[0] + dif[1] * dif[1] + dif[2] * dif[2] - r2;
    let det = b * b - a * c;
    if det < 0.0 || a < mjMINVAL {
        return false;
    }
    let det = det.sqrt();
    (-b - det) / a >= 0.0 || (-b + det) / a >= 0.0
}

/// One ray of [`multi_ray`]: bodies are culled by their bounding sphere, geoms by the elimination
/// flags and the bounding angles prepared for the common source point.
unsafe fn single_ray(
    m: &mjModel,
    d: &mjData,
    pnt: &[f64; 3],
    vec: &[f64; 3],
    eliminate: &[i32],
    geom_ba: &[f64],
    geomid: &mut i32,
) -> f64 {
    if norm3(vec) < mjMINVAL {
        crate::mjerror!("mj_multiRay", "vector length is too small");
    }
    let mut dist = -1.0;
    *geomid = -1;

    let azimuth = vec[1].atan2(vec[0]);
    let elevation = (vec[0] * vec[0] + vec[1] * vec[1]).sqrt().atan2(vec[2]);

    let (bvhadr, geomadr, geomnum) = (m.body_bvhadr(), m.body_geomadr(), m.body_geomnum());
    let (bvh_aabb, xipos) = (m.bvh_aabb(), d.xipos(m));
    for b in 0..m.nbody as usize {
        let has_bv = bvhadr[b] != -1;
        if has_bv {
            let aabb = &bvh_aabb[6 * bvhadr[b] as usize..6 * bvhadr[b] as usize + 6];
            let r2 = aabb[3] * aabb[3] + aabb[4] * aabb[4] + aabb[5] * aabb[5];
            let xi = v3(xipos, b);
            let center = [aabb[0] + xi[0], aabb[1] + xi[1], aabb[2] + xi[2]];
            if !hits_sphere(&center, r2, pnt, vec) {
                continue;
            }
        }
        let start = geomadr[b].max(0) as usize;
        for g in start..start + geomnum[b].max(0) as usize {
            if eliminate[g] != 0 {
                continue;
            }
            if has_bv {
                let ba = &geom_ba[4 * g..4 * g + 4];
                if azimuth < ba[0] || elevation < ba[1] || azimuth > ba[2] || elevation > ba[3] {
                    continue;
                }
            }
            let x = geom_hit(m, d, g, pnt, vec);
            if x >= 0.0 && (x < dist || dist < 0.0) {
                dist = x;
                *geomid = g as i32;
            }
        }
    }
    dist
}

/// Casts `nray` rays from the common point `pnt` along the rows of `vec` (nray x 3), with the
/// filters of [`ray`] plus a distance `cutoff` beyond which geoms are skipped; writes each ray's
/// distance (-1: miss) and geom id (-1: none).
///
/// # Safety
/// `d` must be data made for `m`, with current geom poses.
#[allow(clippy::too_many_arguments)]
pub unsafe fn multi_ray(
    m: &mjModel,
    d: &mut mjData,
    pnt: &[f64; 3],
    vec: &[f64],
    geomgroup: Option<&[u8]>,
    flg_static: bool,
    bodyexclude: i32,
    geomid: &mut [i32],
    dist: &mut [f64],
    nray: usize,
    cutoff: f64,
) {
    let (ngeom, nbody) = (m.ngeom as usize, m.nbody as usize);
    mark(d);
    let geom_ba = stack_nums(d, 4 * ngeom);
    let eliminate = stack_ints(d, ngeom);

    let geoms = RayGeoms {
        nbody,
        ngeom,
        geom_bodyid: m.geom_bodyid(),
        geom_matid: m.geom_matid(),
        geom_group: m.geom_group(),
        geom_rgba: m.geom_rgba(),
        mat_rgba: m.mat_rgba(),
        geom_aabb: m.geom_aabb(),
        geom_rbound: m.geom_rbound(),
        body_weldid: m.body_weldid(),
        body_bvhadr: m.body_bvhadr(),
        body_geomnum: m.body_geomnum(),
        body_geomadr: m.body_geomadr(),
        geom_xpos: d.geom_xpos(m),
        geom_xmat: d.geom_xmat(m),
    };
    multi_ray_prepare(&geoms, pnt, geomgroup, flg_static, bodyexclude, cutoff, geom_ba, eliminate);

    for i in 0..nray {
        dist[i] = single_ray(m, d, pnt, v3(vec, i), eliminate, geom_ba, &mut geomid[i]);
    }
    free(d);
}
