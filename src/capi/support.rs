//! C entry points of the support functions: Jacobians, object frames, applied forces and
//! configuration-space helpers (logic in `engine::support`).

use core::ffi::{c_char, c_int};

use crate::abi::mjtCone_::mjCONE_PYRAMIDAL;
use crate::abi::*;
use crate::engine::{self, support};

use super::{guard, opt_mut};

/// Copy of a fixed-size array at `p`, or `None` for a null pointer.
#[inline]
unsafe fn opt_arr<const N: usize>(p: *const mjtNum) -> Option<[f64; N]> {
    // SAFETY: `p` is null or points to N valid numbers (the calling export's C contract)
    unsafe {
        if p.is_null() {
            None
        } else {
            Some(*(p as *const [f64; N]))
        }
    }
}

/// Checks that `id` indexes one of `n` objects; reports an error naming `func` otherwise.
#[inline]
fn check_id(func: &str, what: &str, id: c_int, n: c_int) -> bool {
    if id < 0 || id >= n {
        crate::mjerror!(func, "invalid {} {}", what, id);
        false
    } else {
        true
    }
}

/// Return 1 if the model uses sparse constraint Jacobians, 0 if dense.
#[no_mangle]
pub unsafe extern "C" fn mj_isSparse(m: *const mjModel) -> c_int {
    crate::boundary! {
        m.as_ref().map_or(0, |m| engine::is_sparse(m) as c_int)
    }
}

/// Return 1 if the model uses the pyramidal friction cone, 0 if elliptic.
#[no_mangle]
pub unsafe extern "C" fn mj_isPyramidal(m: *const mjModel) -> c_int {
    crate::boundary! {
        m.as_ref().map_or(0, |m| (m.opt.cone == mjCONE_PYRAMIDAL as i32) as c_int)
    }
}

/// Translational and rotational 3 x nv Jacobians of a global point attached to a body; either
/// output may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_jac(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    point: *const mjtNum,
    body: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        let Some(point) = opt_arr::<3>(point) else { return };
        if !check_id("mj_jac", "body", body, m.nbody) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jac", (), || {
            support::jac(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), &point, body as usize)
        })
    }
}

/// Jacobians of a body's frame origin.
#[no_mangle]
pub unsafe extern "C" fn mj_jacBody(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    body: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if !check_id("mj_jacBody", "body", body, m.nbody) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacBody", (), || {
            support::jac_body(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), body as usize)
        })
    }
}

/// Jacobians of a body's center of mass.
#[no_mangle]
pub unsafe extern "C" fn mj_jacBodyCom(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    body: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if !check_id("mj_jacBodyCom", "body", body, m.nbody) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacBodyCom", (), || {
            support::jac_body_com(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), body as usize)
        })
    }
}

/// Translational Jacobian of the center of mass of a body's subtree.
#[no_mangle]
pub unsafe extern "C" fn mj_jacSubtreeCom(m: *const mjModel, d: *mut mjData, jacp: *mut mjtNum, body: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        if !check_id("mj_jacSubtreeCom", "body", body, m.nbody) {
            return;
        }
        let Some(jacp) = opt_mut(jacp, 3 * m.nv as usize) else { return };
        guard("mj_jacSubtreeCom", (), || support::jac_subtree_com(m, d, jacp, body as usize))
    }
}

/// Jacobians of a geom's center.
#[no_mangle]
pub unsafe extern "C" fn mj_jacGeom(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    geom: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if !check_id("mj_jacGeom", "geom", geom, m.ngeom) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacGeom", (), || {
            support::jac_geom(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), geom as usize)
        })
    }
}

/// Jacobians of a site.
#[no_mangle]
pub unsafe extern "C" fn mj_jacSite(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    site: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if !check_id("mj_jacSite", "site", site, m.nsite) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacSite", (), || {
            support::jac_site(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), site as usize)
        })
    }
}

/// Translational Jacobian of a point and Jacobian of an axis direction, both attached to a body.
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_jacPointAxis(
    m: *const mjModel,
    d: *mut mjData,
    jacPoint: *mut mjtNum,
    jacAxis: *mut mjtNum,
    point: *const mjtNum,
    axis: *const mjtNum,
    body: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        let (Some(point), Some(axis)) = (opt_arr::<3>(point), opt_arr::<3>(axis)) else { return };
        if !check_id("mj_jacPointAxis", "body", body, m.nbody) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacPointAxis", (), || {
            support::jac_point_axis(m, d, opt_mut(jacPoint, 3 * nv), opt_mut(jacAxis, 3 * nv), &point, &axis, body as usize)
        })
    }
}

/// Time derivatives of the Jacobians of a global point attached to a body (needs mj_comVel).
#[no_mangle]
pub unsafe extern "C" fn mj_jacDot(
    m: *const mjModel,
    d: *const mjData,
    jacp: *mut mjtNum,
    jacr: *mut mjtNum,
    point: *const mjtNum,
    body: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        let Some(point) = opt_arr::<3>(point) else { return };
        if !check_id("mj_jacDot", "body", body, m.nbody) {
            return;
        }
        let nv = m.nv as usize;
        guard("mj_jacDot", (), || {
            support::jac_dot(m, d, opt_mut(jacp, 3 * nv), opt_mut(jacr, 3 * nv), &point, body as usize)
        })
    }
}

/// 3 x nv matrix mapping joint velocities to the angular momentum of a body's subtree about
/// its center of mass.
#[no_mangle]
pub unsafe extern "C" fn mj_angmomMat(m: *const mjModel, d: *mut mjData, mat: *mut mjtNum, body: c_int) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        if !check_id("mj_angmomMat", "body", body, m.nbody) {
            return;
        }
        let Some(mat) = opt_mut(mat, 3 * m.nv as usize) else { return };
        guard("mj_angmomMat", (), || support::angmom_mat(m, d, mat, body as usize))
    }
}

/// Number of objects of a type that has a spatial frame (-1 for other types).
fn frame_count(m: &mjModel, objtype: c_int) -> c_int {
    use crate::abi::mjtObj_::*;
    match objtype {
        t if t == mjOBJ_BODY as c_int || t == mjOBJ_XBODY as c_int => m.nbody,
        t if t == mjOBJ_GEOM as c_int => m.ngeom,
        t if t == mjOBJ_SITE as c_int => m.nsite,
        t if t == mjOBJ_CAMERA as c_int => m.ncam,
        _ => -1,
    }
}

/// 6D velocity (rotation, translation) of an object at its position, in world or local
/// orientation.
#[no_mangle]
pub unsafe extern "C" fn mj_objectVelocity(
    m: *const mjModel,
    d: *const mjData,
    objtype: c_int,
    objid: c_int,
    res: *mut mjtNum,
    flg_local: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if res.is_null() {
            return;
        }
        let n = frame_count(m, objtype);
        if n >= 0 && !check_id("mj_objectVelocity", "object id", objid, n) {
            return;
        }
        let objid = objid.max(0) as usize;
        let v = guard("mj_objectVelocity", [0.0; 6], || support::object_velocity(m, d, objtype, objid, flg_local != 0));
        *(res as *mut [f64; 6]) = v;
    }
}

/// 6D acceleration (rotation, translation) of an object at its position, in world or local
/// orientation, including the Coriolis term of the moving frame.
#[no_mangle]
pub unsafe extern "C" fn mj_objectAcceleration(
    m: *const mjModel,
    d: *const mjData,
    objtype: c_int,
    objid: c_int,
    res: *mut mjtNum,
    flg_local: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return };
        if res.is_null() {
            return;
        }
        let n = frame_count(m, objtype);
        if n >= 0 && !check_id("mj_objectAcceleration", "object id", objid, n) {
            return;
        }
        let objid = objid.max(0) as usize;
        let v = guard("mj_objectAcceleration", [0.0; 6], || {
            support::object_acceleration(m, d, objtype, objid, flg_local != 0)
        });
        *(res as *mut [f64; 6]) = v;
    }
}

/// Global position and orientation matrix of a frame given in a body's local coordinates.
#[no_mangle]
pub unsafe extern "C" fn mj_local2Global(
    d: *mut mjData,
    xpos: *mut mjtNum,
    xmat: *mut mjtNum,
    pos: *const mjtNum,
    quat: *const mjtNum,
    body: c_int,
    sameframe: mjtByte,
) {
    crate::boundary! {
        let Some(d) = d.as_ref() else { return };
        if body < 0 {
            return;
        }
        let (pos, quat) = (opt_arr::<3>(pos), opt_arr::<4>(quat));
        let xpos = (xpos as *mut [f64; 3]).as_mut();
        let xmat = (xmat as *mut [f64; 9]).as_mut();
        let b = body as usize;
        // SAFETY: upstream's contract: `body` is a body of the data's model (checked >= 0
        // above; the entry point has no model to check the upper bound), so each pose array
        // holds this body's entries; nothing writes them while the references live
        let pose = support::BodyPose {
            xpos: &*(d.xpos.add(3 * b) as *const [f64; 3]),
            xmat: &*(d.xmat.add(9 * b) as *const [f64; 9]),
            xquat: &*(d.xquat.add(4 * b) as *const [f64; 4]),
            xipos: &*(d.xipos.add(3 * b) as *const [f64; 3]),
            ximat: &*(d.ximat.add(9 * b) as *const [f64; 9]),
        };
        guard("mj_local2Global", (), || support::local2global(&pose, xpos, xmat, pos.as_ref(), quat.as_ref(), sameframe))
    }
}

/// Add the generalized force of a Cartesian force and torque applied at a global point on a
/// body to qfrc_target; force or torque may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_applyFT(
    m: *const mjModel,
    d: *mut mjData,
    force: *const mjtNum,
    torque: *const mjtNum,
    point: *const mjtNum,
    body: c_int,
    qfrc_target: *mut mjtNum,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        if !check_id("mj_applyFT", "body", body, m.nbody) {
            return;
        }
        let Some(point) = opt_arr::<3>(point) else { return };
        let Some(qfrc) = opt_mut(qfrc_target, m.nv as usize) else { return };
        let (force, torque) = (opt_arr::<3>(force), opt_arr::<3>(torque));
        guard("mj_applyFT", (), || {
            support::apply_ft(m, d, force.as_ref(), torque.as_ref(), &point, body as usize, qfrc)
        })
    }
}

/// Velocity that moves qpos1 to qpos2 in time dt (quaternions handled on the manifold).
#[no_mangle]
pub unsafe extern "C" fn mj_differentiatePos(
    m: *const mjModel,
    qvel: *mut mjtNum,
    dt: mjtNum,
    qpos1: *const mjtNum,
    qpos2: *const mjtNum,
) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if qvel.is_null() || qpos1.is_null() || qpos2.is_null() {
            return;
        }
        let (nq, nv) = (m.nq as usize, m.nv as usize);
        let qvel = core::slice::from_raw_parts_mut(qvel, nv);
        let qpos1 = core::slice::from_raw_parts(qpos1, nq);
        let qpos2 = core::slice::from_raw_parts(qpos2, nq);
        guard("mj_differentiatePos", (), || support::differentiate_pos(m, qvel, dt, qpos1, qpos2))
    }
}

/// Integrate a position vector over time dt with velocity qvel.
#[no_mangle]
pub unsafe extern "C" fn mj_integratePos(m: *const mjModel, qpos: *mut mjtNum, qvel: *const mjtNum, dt: mjtNum) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if qpos.is_null() || qvel.is_null() {
            return;
        }
        let qpos = core::slice::from_raw_parts_mut(qpos, m.nq as usize);
        let qvel = core::slice::from_raw_parts(qvel, m.nv as usize);
        guard("mj_integratePos", (), || support::integrate_pos(m, qpos, qvel, dt))
    }
}

/// Normalize the quaternions of ball and free joints in a position vector.
#[no_mangle]
pub unsafe extern "C" fn mj_normalizeQuat(m: *const mjModel, qpos: *mut mjtNum) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if qpos.is_null() {
            return;
        }
        let qpos = core::slice::from_raw_parts_mut(qpos, m.nq as usize);
        guard("mj_normalizeQuat", (), || support::normalize_quat(m, qpos))
    }
}

/// Sum of all body masses.
#[no_mangle]
pub unsafe extern "C" fn mj_getTotalmass(m: *const mjModel) -> mjtNum {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return 0.0 };
        guard("mj_getTotalmass", 0.0, || support::get_totalmass(m))
    }
}

/// Scale all body masses and inertias so that the total mass becomes newmass.
#[no_mangle]
pub unsafe extern "C" fn mj_setTotalmass(m: *mut mjModel, newmass: mjtNum) {
    crate::boundary! {
        let Some(m) = m.as_mut() else { return };
        guard("mj_setTotalmass", (), || support::set_totalmass(m, newmass))
    }
}

/// Recompute the model constants that depend on qpos0 and qpos_spring (all but actuator length
/// ranges), using d as workspace.
#[no_mangle]
pub unsafe extern "C" fn mj_setConst(m: *mut mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_mut(), d.as_mut()) else { return };
        guard("mj_setConst", (), || crate::engine::setconst::set_const(m, d))
    }
}

/// Compute the length range of one actuator (from limits or by simulation, as opt says);
/// returns 1 on success, 0 with a message in error otherwise.
#[no_mangle]
pub unsafe extern "C" fn mj_setLengthRange(
    m: *mut mjModel,
    d: *mut mjData,
    index: c_int,
    opt: *const mjLROpt,
    error: *mut c_char,
    error_sz: c_int,
) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d), Some(opt)) = (m.as_mut(), d.as_mut(), opt.as_ref()) else { return 0 };
        if index < 0 || index >= m.nu {
            crate::mjerror!("mj_setLengthRange", "invalid actuator index");
            return 0;
        }
        guard("mj_setLengthRange", 0, || match crate::engine::lengthrange::set_length_range(m, d, index as usize, opt) {
            Ok(()) => 1,
            Err(msg) => {
                super::write_error(error, error_sz, &msg);
                0
            }
        })
    }
}

//------------------------------ internal entry points upstream's library exports ------------------

/// Whether actuator i belongs to a group disabled by opt.disableactuator (groups 0-30).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_actuatorDisabled(m: *const mjModel, i: c_int) -> c_int {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return 0 };
        if i < 0 || i >= m.nu {
            crate::mjerror!("mj_actuatorDisabled", "invalid actuator index {}", i);
            return 0;
        }
        let group = m.actuator_group()[i as usize];
        ((0..=30).contains(&group) && m.opt.disableactuator & (1 << group) != 0) as c_int
    }
}

/// Time derivative of the Jacobian of tendon id (nv numbers; zero for fixed tendons); an
/// invalid id leaves Jdot untouched.
/// cbindgen:ignore
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_tendonDot(m: *const mjModel, d: *mut mjData, id: c_int, Jdot: *mut mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        if id < 0 || id >= m.ntendon || Jdot.is_null() {
            return;
        }
        let jdot = core::slice::from_raw_parts_mut(Jdot, m.nv.max(0) as usize);
        guard("mj_tendonDot", (), || crate::engine::velocity::tendon_dot(m, d, id as usize, jdot))
    }
}

/// Adds the bias forces of tendon armature (the velocity-product term) to qfrc (nv numbers).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_tendonBias(m: *const mjModel, d: *mut mjData, qfrc: *mut mjtNum) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        if qfrc.is_null() {
            return;
        }
        let qfrc = core::slice::from_raw_parts_mut(qfrc, m.nv.max(0) as usize);
        guard("mj_tendonBias", (), || crate::engine::velocity::tendon_bias(m, d, crate::engine::velocity::ForceOut::Slice(qfrc)))
    }
}

/// Integrates qpos over dt with velocity qvel for the joints of bodies index[1..nbody] (bodies
/// 1..nbody when index is NULL).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_integratePosInd(
    m: *const mjModel,
    qpos: *mut mjtNum,
    qvel: *const mjtNum,
    dt: mjtNum,
    index: *const c_int,
    nbody: c_int,
) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if qpos.is_null() || qvel.is_null() || nbody <= 0 {
            return;
        }
        let (nq, nv, n) = (m.nq.max(0) as usize, m.nv.max(0) as usize, nbody as usize);
        if index.is_null() && n > m.nbody.max(0) as usize {
            crate::mjerror!("mj_integratePosInd", "nbody {} exceeds the model's {}", nbody, m.nbody);
            return;
        }
        let index = (!index.is_null()).then(|| core::slice::from_raw_parts(index, n));
        if let Some(ind) = index {
            if ind.iter().skip(1).any(|&b| b < 0 || b >= m.nbody) {
                crate::mjerror!("mj_integratePosInd", "invalid body index");
                return;
            }
        }
        let (qpos, qvel) = (core::slice::from_raw_parts_mut(qpos, nq), core::slice::from_raw_parts(qvel, nv));
        guard("mj_integratePosInd", (), || crate::engine::support::integrate_pos_ind(m, qpos, qvel, dt, index, n))
    }
}

/// Jacobian difference J(pos2 on b2) - J(pos1 on b1), dense or over the merged dof chain of
/// the two bodies (written to chain) when the model uses sparse Jacobians; returns the number
/// of columns. Each Jacobian pointer may be NULL; buffers hold 3*nv numbers.
/// cbindgen:ignore
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mj_jacDifPair(
    m: *const mjModel,
    d: *const mjData,
    chain: *mut c_int,
    b1: c_int,
    b2: c_int,
    pos1: *const mjtNum,
    pos2: *const mjtNum,
    jac1p: *mut mjtNum,
    jac2p: *mut mjtNum,
    jacdifp: *mut mjtNum,
    jac1r: *mut mjtNum,
    jac2r: *mut mjtNum,
    jacdifr: *mut mjtNum,
) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return 0 };
        if pos1.is_null() || pos2.is_null() || b1 < 0 || b2 < 0 || b1 >= m.nbody || b2 >= m.nbody {
            crate::mjerror!("mj_jacDifPair", "invalid arguments");
            return 0;
        }
        let nv = m.nv.max(0) as usize;
        let mut empty = [0 as c_int; 0];
        let chain = if chain.is_null() { &mut empty[..] } else { core::slice::from_raw_parts_mut(chain, nv) };
        let (p1, p2) = (&*(pos1 as *const [f64; 3]), &*(pos2 as *const [f64; 3]));
        guard("mj_jacDifPair", 0, || {
            crate::engine::support::jac_dif_pair(
                m, d, chain, b1 as usize, b2 as usize, p1, p2, opt_mut(jac1p, 3 * nv), opt_mut(jac2p, 3 * nv),
                opt_mut(jacdifp, 3 * nv), opt_mut(jac1r, 3 * nv), opt_mut(jac2r, 3 * nv), opt_mut(jacdifr, 3 * nv),
            ) as c_int
        })
    }
}

/// NULL when every id and address stored in the model lies within the array it refers to,
/// else the message naming the first bad field (a static string).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_validateReferences(m: *const mjModel) -> *const c_char {
    crate::boundary! {
        use std::collections::HashMap;
        use std::sync::Mutex;
        // each message is a static str; its C copy is made once and kept for the process
        static MESSAGES: Mutex<Option<HashMap<&'static str, &'static std::ffi::CStr>>> = Mutex::new(None);
        let Some(m) = m.as_ref() else { return core::ptr::null() };
        let Err(msg) = guard("mj_validateReferences", Ok(()), || crate::model::validate::validate_references(m)) else {
            return core::ptr::null();
        };
        let Ok(mut guard) = MESSAGES.lock() else { return c"Invalid model.".as_ptr() };
        let map = guard.get_or_insert_with(HashMap::new);
        let c = map.entry(msg).or_insert_with(|| {
            let owned = std::ffi::CString::new(msg).unwrap_or_default();
            Box::leak(owned.into_boxed_c_str())
        });
        c.as_ptr()
    }
}
