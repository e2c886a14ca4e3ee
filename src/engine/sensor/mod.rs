//! Sensors by stage (`mj_sensorPos`/`Vel`/`Acc`) and energy (`mj_energyPos`/`Vel`).
//!
//! Each stage fills `sensordata` for the sensors whose `sensor_needstage` matches, calls
//! `mjcb_sensor` when the stage has user sensors, and finally clamps the outputs that have a
//! positive cutoff. Sensor plugins of the stage run after the built-in sensors, before the
//! cutoff.
#![allow(non_upper_case_globals)]

mod contact;

use super::velocity::{contact_force, contact_force_in};
use super::{disabled, enabled, v3, v4, v6, v9};
use crate::abi::fields::DataMut;
use crate::abi::fields::DataRef;
use crate::abi::mjtConstraint_::{mjCNSTR_LIMIT_JOINT, mjCNSTR_LIMIT_TENDON};
use crate::abi::mjtDataType_::{mjDATATYPE_POSITIVE, mjDATATYPE_REAL};
use crate::abi::mjtDisableBit_::{mjDSBL_GRAVITY, mjDSBL_SENSOR, mjDSBL_SPRING};
use crate::abi::mjtEnableBit_::mjENBL_SLEEP;
use crate::abi::mjtStage_::{mjSTAGE_ACC, mjSTAGE_NONE, mjSTAGE_POS, mjSTAGE_VEL};
use crate::abi::*;
use crate::data::stack::{with_frame, Scratch};
use crate::math::blas::{
    add_to3, add_to_scl3, dot, dot3, mul_mat_t_vec, mul_mat_t_vec3, mul_mat_vec3, norm3, normalize3, normalize4, scl3,
    sub3,
};
use crate::math::misc::{clip, max, min};
use crate::math::spatial::{cross as cross_product, mul_quat, neg_quat, sub_quat, transform_spatial};
use contact::{contact_sensor, tactile_sensor};

/// Integer constants of an enum, named as upstream names them, for use as match patterns.
macro_rules! int_consts {
    ($enum:ident: $($name:ident),* $(,)?) => {
        $( const $name: i32 = $enum::$name as i32; )*
    };
}

int_consts!(mjtSensor_: mjSENS_TOUCH, mjSENS_ACCELEROMETER, mjSENS_VELOCIMETER, mjSENS_GYRO, mjSENS_FORCE, mjSENS_TORQUE, mjSENS_MAGNETOMETER, mjSENS_RANGEFINDER, mjSENS_CAMPROJECTION, mjSENS_JOINTPOS, mjSENS_JOINTVEL, mjSENS_TENDONPOS, mjSENS_TENDONVEL, mjSENS_ACTUATORPOS, mjSENS_ACTUATORVEL, mjSENS_ACTUATORFRC, mjSENS_JOINTACTFRC, mjSENS_TENDONACTFRC, mjSENS_BALLQUAT, mjSENS_BALLANGVEL, mjSENS_JOINTLIMITPOS, mjSENS_JOINTLIMITVEL, mjSENS_JOINTLIMITFRC, mjSENS_TENDONLIMITPOS, mjSENS_TENDONLIMITVEL, mjSENS_TENDONLIMITFRC, mjSENS_FRAMEPOS, mjSENS_FRAMEQUAT, mjSENS_FRAMEXAXIS, mjSENS_FRAMEYAXIS, mjSENS_FRAMEZAXIS, mjSENS_FRAMELINVEL, mjSENS_FRAMEANGVEL, mjSENS_FRAMELINACC, mjSENS_FRAMEANGACC, mjSENS_SUBTREECOM, mjSENS_SUBTREELINVEL, mjSENS_SUBTREEANGMOM, mjSENS_INSIDESITE, mjSENS_GEOMDIST, mjSENS_GEOMNORMAL, mjSENS_GEOMFROMTO, mjSENS_CONTACT, mjSENS_E_POTENTIAL, mjSENS_E_KINETIC, mjSENS_CLOCK, mjSENS_TACTILE, mjSENS_PLUGIN, mjSENS_USER);

int_consts!(mjtObj_: mjOBJ_UNKNOWN, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA, mjOBJ_TENDON, mjOBJ_SENSOR);

int_consts!(mjtSleepState_: mjS_ASLEEP, mjS_AWAKE);

int_consts!(mjtTrn_: mjTRN_TENDON);

int_consts!(mjtGeom_: mjGEOM_PLANE, mjGEOM_SPHERE, mjGEOM_CAPSULE, mjGEOM_ELLIPSOID, mjGEOM_CYLINDER, mjGEOM_BOX);

int_consts!(mjtJoint_: mjJNT_FREE, mjJNT_BALL, mjJNT_SLIDE, mjJNT_HINGE);

/// Sizes of the contact-sensor data fields, in `mjtConDataField` order.
const CONDATA_SIZE: [usize; mjtConDataField_::mjNCONDATA as usize] = [1, 3, 3, 1, 3, 3, 3];

//-------------------------------- sleep state -----------------------------------------------------

/// Sleep state of an object (`mj_sleepState`).
#[inline]
fn sleep_state(m: &mjModel, d: &mjData, objtype: i32, id: i32) -> i32 {
    crate::engine::sleep::sleep_state(m, d, objtype, id)
}

/// True when sleeping bodies exist and sleep is enabled, so sleeping sensors are skipped.
fn sleep_filter(m: &mjModel, d: &mjData) -> bool {
    enabled(m, mjENBL_SLEEP) && d.nbody_awake < m.nbody
}

/// True when some sensor (plugins included) needs `stage`: one branch-free (vectorized) pass,
/// so a stage without sensors skips its loop.
fn stage_has_sensors(m: &mjModel, stage: i32) -> bool {
    m.sensor_needstage().iter().fold(false, |any, &s| any | (s == stage))
}

//-------------------------------- utilities -------------------------------------------------------

/// Clamps the outputs of this stage's sensors that have a positive cutoff: both sides for
/// real-valued data, the upper side for positive data; geom from-to segments are left alone.
fn apply_cutoff(m: &mjModel, d: &mut mjData, stage: i32) {
    let sd = sensordata(m, d);
    let (types, stages, datatypes) = (m.sensor_type(), m.sensor_needstage(), m.sensor_datatype());
    let (adrs, dims, cutoffs) = (m.sensor_adr(), m.sensor_dim(), m.sensor_cutoff());
    for i in 0..m.nsensor as usize {
        let cutoff = cutoffs[i];
        if stages[i] != stage || cutoff <= 0.0 || types[i] == mjSENS_GEOMFROMTO {
            continue;
        }
        let (adr, dim) = (adrs[i] as usize, dims[i] as usize);
        for x in &mut sd[adr..adr + dim] {
            if datatypes[i] == mjDATATYPE_REAL as i32 {
                *x = clip(*x, -cutoff, cutoff);
            } else if datatypes[i] == mjDATATYPE_POSITIVE as i32 {
                *x = min(cutoff, *x);
            }
        }
    }
}

/// The sensor outputs of `d`.
#[inline]
fn sensordata<'a>(m: &mjModel, d: &'a mut mjData) -> &'a mut [f64] {
    d.arrays_mut(m).sensordata
}

/// Calls `mjcb_sensor` for `stage` when user sensors were seen and the callback is installed.
fn user_sensors(m: &mjModel, d: &mut mjData, stage: i32, nuser: usize) {
    if nuser == 0 {
        return;
    }
    // SAFETY: mjcb_sensor is a plain global written only by the user through the C API, before
    // simulating (upstream's contract), so this read does not race
    let cb = unsafe { crate::runtime::callbacks::mjcb_sensor };
    if let Some(cb) = cb {
        // SAFETY: a sensor callback is foreign code called with the model and data of this
        // step and the stage, as upstream calls it
        unsafe { cb(m, d, stage) };
    }
}

/// Runs the `compute` of the sensor plugins of `stage` (plugins that need no stage run with the
/// position stage). `prepare`, when given, runs once before the first of them (the quantities
/// upstream computes for plugins whether they need them or not).
#[inline(always)]
fn plugin_sensors(m: &mjModel, d: &mut mjData, func: &str, stage: i32, prepare: Option<fn(&mjModel, &mut mjData)>) {
    if m.nplugin > 0 {
        plugin_sensors_run(m, d, func, stage, prepare);
    }
}

/// [`plugin_sensors`] of a model with plugins.
fn plugin_sensors_run(m: &mjModel, d: &mut mjData, func: &str, stage: i32, prepare: Option<fn(&mjModel, &mut mjData)>) {
    use crate::abi::mjtPluginCapabilityBit_::mjPLUGIN_SENSOR;
    use crate::data::plugin;
    let mut prepare = prepare;
    let run = |i, slot, p: &'static crate::abi::mjpPlugin| {
        let ns = p.needstage;
        let this_stage = ns == stage || (stage == mjSTAGE_POS as i32 && ns == mjSTAGE_NONE as i32);
        if !plugin::has_capability(p, mjPLUGIN_SENSOR) || !this_stage {
            return;
        }
        // a plugin without compute is reported by plugin::compute before any preparation
        if p.compute.is_some() {
            if let Some(f) = prepare.take() {
                f(m, d);
            }
        }
        plugin::compute(m, d, i, slot, p, mjPLUGIN_SENSOR, func, stage != mjSTAGE_POS as i32);
    };
    plugin::each_plugin(m, func, run);
}

/// Positions and orientation matrices of the objects frame sensors refer to.
struct Frames<'a> {
    xpos: &'a [f64],
    xmat: &'a [f64],
    xipos: &'a [f64],
    ximat: &'a [f64],
    geom_xpos: &'a [f64],
    geom_xmat: &'a [f64],
    site_xpos: &'a [f64],
    site_xmat: &'a [f64],
    cam_xpos: &'a [f64],
    cam_xmat: &'a [f64],
}

/// [`Frames`] of a split of the data (a [`DataRef`] or a [`DataMut`]); only the arrays named
/// are computed.
macro_rules! frames {
    ($a:expr) => {
        Frames {
            xpos: &$a.xpos[..],
            xmat: &$a.xmat[..],
            xipos: &$a.xipos[..],
            ximat: &$a.ximat[..],
            geom_xpos: &$a.geom_xpos[..],
            geom_xmat: &$a.geom_xmat[..],
            site_xpos: &$a.site_xpos[..],
            site_xmat: &$a.site_xmat[..],
            cam_xpos: &$a.cam_xpos[..],
            cam_xmat: &$a.cam_xmat[..],
        }
    };
}

/// Position and orientation matrix of an object a frame sensor refers to (`id` an object of
/// `objtype`, as model validation checks sensor objects and references).
#[inline(always)]
fn frame_of<'a>(d: &Frames<'a>, objtype: i32, id: usize, sensor: usize) -> Option<(&'a [f64; 3], &'a [f64; 9])> {
    let (pos, mat): (&'a [f64], &'a [f64]) = match objtype {
        mjOBJ_XBODY => (d.xpos, d.xmat),
        mjOBJ_BODY => (d.xipos, d.ximat),
        mjOBJ_GEOM => (d.geom_xpos, d.geom_xmat),
        mjOBJ_SITE => (d.site_xpos, d.site_xmat),
        mjOBJ_CAMERA => (d.cam_xpos, d.cam_xmat),
        _ => return frame_error(sensor),
    };
    Some((v3(pos, id), v9(mat, id)))
}

/// Reports a frame sensor's invalid object type (`get_xpos_xmat`).
#[cold]
fn frame_error<'a>(sensor: usize) -> Option<(&'a [f64; 3], &'a [f64; 9])> {
    crate::mjerror!("get_xpos_xmat", "invalid object type in sensor {}", sensor);
    None
}

/// Global orientation quaternion of an object a frame sensor refers to.
fn quat_of(m: &mjModel, xquat: &[f64], objtype: i32, id: usize, sensor: usize) -> [f64; 4] {
    let body_quat = |body: i32| v4(xquat, body as usize);
    match objtype {
        mjOBJ_XBODY => *v4(xquat, id),
        mjOBJ_BODY => mul_quat(v4(xquat, id), v4(m.body_iquat(), id)),
        mjOBJ_GEOM => mul_quat(body_quat(m.geom_bodyid()[id]), v4(m.geom_quat(), id)),
        mjOBJ_SITE => mul_quat(body_quat(m.site_bodyid()[id]), v4(m.site_quat(), id)),
        mjOBJ_CAMERA => mul_quat(body_quat(m.cam_bodyid()[id]), v4(m.cam_quat(), id)),
        _ => {
            crate::mjerror!("get_xquat", "invalid object type in sensor {}", sensor);
            [1.0, 0.0, 0.0, 0.0]
        }
    }
}

/// Pixel coordinates of `target` in the image of a camera: the product of the image, focal,
/// rotation and translation matrices applied to the homogeneous point.
#[allow(clippy::too_many_arguments)]
fn cam_project(
    out: &mut [f64],
    target: &[f64; 3],
    cam_pos: &[f64; 3],
    cam_mat: &[f64; 9],
    res: &[i32],
    fovy: f64,
    intrinsic: &[f32],
    sensorsize: &[f32],
) {
    let mut translation = [[0.0f64; 4]; 4];
    let mut rotation = [[0.0f64; 4]; 4];
    for k in 0..4 {
        translation[k][k] = 1.0;
        rotation[k][k] = 1.0;
    }
    for k in 0..3 {
        translation[k][3] = -cam_pos[k];
        for l in 0..3 {
            rotation[k][l] = cam_mat[3 * l + k];
        }
    }

    // focal lengths in pixels: from the intrinsics (single precision, as stored) or the fovy
    let (fx, fy) = if sensorsize[0] != 0.0 && sensorsize[1] != 0.0 {
        ((intrinsic[0] / sensorsize[0] * res[0] as f32) as f64, (intrinsic[1] / sensorsize[1] * res[1] as f32) as f64)
    } else {
        let f = 0.5 / (fovy * mjPI / 360.0).tan() * res[1] as f64;
        (f, f)
    };
    let mut focal = [[0.0f64; 4]; 3];
    focal[0][0] = -fx;
    focal[1][1] = fy;
    focal[2][2] = 1.0;

    let mut image = [[0.0f64; 3]; 3];
    image[0][0] = 1.0;
    image[1][1] = 1.0;
    image[2][2] = 1.0;
    image[0][2] = res[0] as f64 / 2.0;
    image[1][2] = res[1] as f64 / 2.0;

    // projection, summed term by term in the same nesting as upstream
    let mut proj = [[0.0f64; 4]; 3];
    for (i, row) in proj.iter_mut().enumerate() {
        for j in 0..3 {
            for k in 0..4 {
                for l in 0..4 {
                    for (n, p) in row.iter_mut().enumerate() {
                        *p += image[i][j] * focal[j][k] * rotation[k][l] * translation[l][n];
                    }
                }
            }
        }
    }

    let hom = [target[0], target[1], target[2], 1.0];
    let mut pix = [0.0f64; 3];
    for (p, row) in pix.iter_mut().zip(&proj) {
        for (a, b) in row.iter().zip(&hom) {
            *p += a * b;
        }
    }

    let mut denom = pix[2];
    if denom.abs() < mjMINVAL {
        denom = if denom < 0.0 { min(denom, -mjMINVAL) } else { denom.max(mjMINVAL) };
    }
    out[0] = pix[0] / denom;
    out[1] = pix[1] / denom;
}

/// Whether `point` lies strictly inside a primitive geom shape (upstream's `mju_insideGeom`).
fn inside_geom(pos: &[f64; 3], mat: &[f64; 9], size: &[f64; 3], geomtype: i32, point: &[f64; 3]) -> bool {
    let vec = sub3(point, pos);
    if geomtype == mjGEOM_SPHERE {
        return dot3(&vec, &vec) < size[0] * size[0];
    }
    let p = mul_mat_t_vec3(mat, &vec);
    match geomtype {
        mjGEOM_CAPSULE => {
            let zc = clip(p[2], -size[1], size[1]);
            let dz2 = (p[2] - zc) * (p[2] - zc);
            p[0] * p[0] + p[1] * p[1] + dz2 < size[0] * size[0]
        }
        mjGEOM_ELLIPSOID => {
            p[0] * p[0] / (size[0] * size[0]) + p[1] * p[1] / (size[1] * size[1]) + p[2] * p[2] / (size[2] * size[2])
                < 1.0
        }
        mjGEOM_CYLINDER => p[2].abs() < size[1] && p[0] * p[0] + p[1] * p[1] < size[0] * size[0],
        mjGEOM_BOX => p[0].abs() < size[0] && p[1].abs() < size[1] && p[2].abs() < size[2],
        mjGEOM_PLANE => p[2] < 0.0,
        _ => false,
    }
}

/// First limit constraint of kind `kind` on object `id` among the limit rows of the constraint
/// set (after the equality and friction rows).
fn limit_row(l: &Limits, kind: mjtConstraint_, id: i32) -> Option<usize> {
    (l.start..l.efc_type.len()).find(|&j| l.efc_type[j] == kind as i32 && l.efc_id[j] == id)
}

/// The constraint rows limit sensors search: types and objects of all rows, first
/// inequality row.
struct Limits<'a> {
    efc_type: &'a [i32],
    efc_id: &'a [i32],
    start: usize,
}

/// [`Limits`] of a split of the data.
macro_rules! limits {
    ($a:expr) => {
        Limits { efc_type: &$a.efc_type[..], efc_id: &$a.efc_id[..], start: (*$a.ne + *$a.nf) as usize }
    };
}

/// The sensor output `v` written at `adr` (the usual sizes as fixed-size copies, not a call).
#[inline(always)]
fn put(sd: &mut [f64], adr: usize, v: &[f64]) {
    match v.len() {
        1 => sd[adr] = v[0],
        3 => sd[adr..adr + 3].copy_from_slice(&v[..3]),
        4 => sd[adr..adr + 4].copy_from_slice(&v[..4]),
        n => sd[adr..adr + n].copy_from_slice(v),
    }
}

/// First pass of a stage: writes the outputs of the stage's sensors that `value` computes from
/// the data alone (`is_plain`), on the caller's one split of the data; `value` gives the size
/// written, or None to skip the sensor (an invalid object was reported). True when the stage
/// has other sensors, left to the second pass. Each sensor writes only its own outputs, so the
/// order of the passes does not matter.
#[inline(always)]
fn plain_pass<const N: usize>(
    m: &mjModel,
    stage: i32,
    sd: &mut [f64],
    is_plain: fn(i32) -> bool,
    mut value: impl FnMut(usize, &mut [f64; N]) -> Option<usize>,
) -> bool {
    let (types, stages, adrs) = (m.sensor_type(), m.sensor_needstage(), m.sensor_adr());
    let mut others = false;
    for i in 0..m.nsensor as usize {
        if stages[i] != stage {
            continue;
        }
        if !is_plain(types[i]) {
            others = true;
            continue;
        }
        let mut val = [0.0f64; N];
        if let Some(n) = value(i, &mut val) {
            put(sd, adrs[i] as usize, &val[..n]);
        }
    }
    others
}

//-------------------------------- position stage --------------------------------------------------

/// The data a position sensor computed from the data alone reads ([`pos_value`]).
struct PosView<'a> {
    frames: Frames<'a>,
    xquat: &'a [f64],
    qpos: &'a [f64],
    subtree_com: &'a [f64],
    ten_length: &'a [f64],
    actuator_length: &'a [f64],
    efc_pos: &'a [f64],
    efc_margin: &'a [f64],
    limits: Limits<'a>,
    time: f64,
}

/// [`PosView`] of a split of the data; only the arrays named are computed.
macro_rules! pos_view {
    ($a:expr) => {
        PosView {
            frames: frames!($a),
            xquat: &$a.xquat[..],
            qpos: &$a.qpos[..],
            subtree_com: &$a.subtree_com[..],
            ten_length: &$a.ten_length[..],
            actuator_length: &$a.actuator_length[..],
            efc_pos: &$a.efc_pos[..],
            efc_margin: &$a.efc_margin[..],
            limits: limits!($a),
            time: *$a.time,
        }
    };
}

/// True for the position sensors [`pos_value`] computes from the data alone; the others
/// (energy, geom distance, rangefinder, user, plugin, and invalid types) need the data itself.
#[inline(always)]
fn is_plain_pos(t: i32) -> bool {
    matches!(
        t,
        mjSENS_MAGNETOMETER
            | mjSENS_CAMPROJECTION
            | mjSENS_JOINTPOS
            | mjSENS_TENDONPOS
            | mjSENS_ACTUATORPOS
            | mjSENS_BALLQUAT
            | mjSENS_JOINTLIMITPOS
            | mjSENS_TENDONLIMITPOS
            | mjSENS_FRAMEPOS
            | mjSENS_FRAMEXAXIS
            | mjSENS_FRAMEYAXIS
            | mjSENS_FRAMEZAXIS
            | mjSENS_FRAMEQUAT
            | mjSENS_SUBTREECOM
            | mjSENS_INSIDESITE
            | mjSENS_CLOCK
    )
}

/// Value of position sensor `i` of a type [`is_plain_pos`] accepts, in `val`; its size, or
/// None after an invalid object type was reported.
#[inline(always)]
fn pos_value(m: &mjModel, v: &PosView, i: usize, val: &mut [f64; 6]) -> Option<usize> {
    let t = m.sensor_type()[i];
    let objtype = m.sensor_objtype()[i];
    let objid = m.sensor_objid()[i] as usize;
    let reftype = m.sensor_reftype()[i];
    let refid = m.sensor_refid()[i];
    let (site_xpos, site_xmat) = (v.frames.site_xpos, v.frames.site_xmat);
    Some(match t {
        mjSENS_MAGNETOMETER => {
            mul_mat_t_vec(&mut val[..3], v9(site_xmat, objid), &m.opt.magnetic, 3, 3);
            3
        }
        mjSENS_CAMPROJECTION => {
            let c = refid as usize;
            cam_project(
                &mut val[..2],
                v3(site_xpos, objid),
                v3(v.frames.cam_xpos, c),
                v9(v.frames.cam_xmat, c),
                &m.cam_resolution()[2 * c..2 * c + 2],
                m.cam_fovy()[c],
                &m.cam_intrinsic()[4 * c..4 * c + 4],
                &m.cam_sensorsize()[2 * c..2 * c + 2],
            );
            2
        }
        mjSENS_JOINTPOS => {
            val[0] = v.qpos[m.jnt_qposadr()[objid] as usize];
            1
        }
        mjSENS_TENDONPOS => {
            val[0] = v.ten_length[objid];
            1
        }
        mjSENS_ACTUATORPOS => {
            val[0] = v.actuator_length[objid];
            1
        }
        mjSENS_BALLQUAT => {
            let mut q = *v4(&v.qpos[m.jnt_qposadr()[objid] as usize..], 0);
            normalize4(&mut q);
            val[..4].copy_from_slice(&q);
            4
        }
        mjSENS_JOINTLIMITPOS | mjSENS_TENDONLIMITPOS => {
            let kind = if t == mjSENS_JOINTLIMITPOS { mjCNSTR_LIMIT_JOINT } else { mjCNSTR_LIMIT_TENDON };
            val[0] = match limit_row(&v.limits, kind, objid as i32) {
                Some(j) => v.efc_pos[j] - v.efc_margin[j],
                None => 0.0,
            };
            1
        }
        mjSENS_FRAMEPOS | mjSENS_FRAMEXAXIS | mjSENS_FRAMEYAXIS | mjSENS_FRAMEZAXIS => {
            let (xpos, xmat) = frame_of(&v.frames, objtype, objid, i)?;
            let axis = |k: usize| [xmat[k], xmat[k + 3], xmat[k + 6]];
            let value = if refid == -1 {
                if t == mjSENS_FRAMEPOS {
                    *xpos
                } else {
                    axis((t - mjSENS_FRAMEXAXIS) as usize)
                }
            } else {
                let (xpos_ref, xmat_ref) = frame_of(&v.frames, reftype, refid as usize, i)?;
                if t == mjSENS_FRAMEPOS {
                    mul_mat_t_vec3(xmat_ref, &sub3(xpos, xpos_ref))
                } else {
                    mul_mat_t_vec3(xmat_ref, &axis((t - mjSENS_FRAMEXAXIS) as usize))
                }
            };
            val[..3].copy_from_slice(&value);
            3
        }
        mjSENS_FRAMEQUAT => {
            let objquat = quat_of(m, v.xquat, objtype, objid, i);
            let q = if refid == -1 {
                objquat
            } else {
                let refquat = quat_of(m, v.xquat, reftype, refid as usize, i);
                mul_quat(&neg_quat(&refquat), &objquat)
            };
            val[..4].copy_from_slice(&q);
            4
        }
        mjSENS_SUBTREECOM => {
            val[..3].copy_from_slice(v3(v.subtree_com, objid));
            3
        }
        mjSENS_INSIDESITE => {
            let (xpos, _) = frame_of(&v.frames, objtype, objid, i)?;
            let r = refid as usize;
            let inside = inside_geom(v3(site_xpos, r), v9(site_xmat, r), v3(m.site_size(), r), m.site_type()[r], xpos);
            val[0] = inside as i32 as f64;
            1
        }
        mjSENS_CLOCK => {
            val[0] = v.time;
            1
        }
        _ => unreachable!("not a plain position sensor"),
    })
}

/// Position-dependent sensors (`d` data made for `m`, with the position stage computed).
pub fn sensor_pos(m: &mjModel, d: &mut mjData) {
    // without sensors or plugins there is nothing to compute, cut off or hand to plugins
    if disabled(m, mjDSBL_SENSOR) || (m.nsensor == 0 && m.nplugin == 0) {
        return;
    }
    let filter = sleep_filter(m, d);
    let mut nuser = 0;
    // geom-distance sensors sharing their objects and cutoff are written together
    let mut skip_to = 0;

    // no sensor of this stage (plugins included): skip the loop and the cutoff
    let nloop = if stage_has_sensors(m, mjSTAGE_POS as i32) { m.nsensor as usize } else { 0 };
    let (types, stages, adrs) = (m.sensor_type(), m.sensor_needstage(), m.sensor_adr());

    // with no sleeping sensor to skip, the sensors computed from the data alone are done first,
    // on one split of the data; `others`: a sensor is left for the second pass
    let plain_done = !filter && nloop > 0;
    let others = !plain_done || {
        let a = d.arrays_mut(m);
        let view = pos_view!(a);
        plain_pass(m, mjSTAGE_POS as i32, a.sensordata, is_plain_pos, |i, val| pos_value(m, &view, i, val))
    };

    for i in 0..if others { nloop } else { 0 } {
        if stages[i] != mjSTAGE_POS as i32 {
            continue;
        }
        if i < skip_to {
            continue;
        }
        let t = types[i];
        if plain_done && is_plain_pos(t) {
            continue;
        }
        if filter && sleep_state(m, d, mjOBJ_SENSOR, i as i32) == mjS_ASLEEP {
            continue;
        }
        if t == mjSENS_PLUGIN {
            continue;
        }
        let objid = m.sensor_objid()[i] as usize;
        let adr = adrs[i] as usize;

        // the sensor's value, computed from the data and then written at adr
        let mut val = [0.0f64; 6];
        let n = match t {
            mjSENS_E_POTENTIAL => {
                energy_pos(m, d);
                val[0] = d.energy[0];
                1
            }
            mjSENS_E_KINETIC => {
                energy_vel(m, d);
                val[0] = d.energy[1];
                1
            }
            mjSENS_GEOMDIST | mjSENS_GEOMNORMAL | mjSENS_GEOMFROMTO => {
                skip_to = geom_distance_sensors(m, d, i);
                continue;
            }
            mjSENS_USER => {
                let dim = m.sensor_dim()[i] as usize;
                sensordata(m, d)[adr..adr + dim].fill(0.0);
                nuser += 1;
                continue;
            }
            mjSENS_RANGEFINDER => {
                let dr = d.arrays(m);
                let xmat = v9(dr.site_xmat, objid);
                let dir = [xmat[2], xmat[5], xmat[8]];
                let pos = *v3(dr.site_xpos, objid);
                let body = m.site_bodyid()[objid];
                val[0] = super::ray::ray(m, d, &pos, &dir, None, true, body, None);
                1
            }
            _ if is_plain_pos(t) => {
                let dr = d.arrays(m);
                let Some(n) = pos_value(m, &pos_view!(dr), i, &mut val) else { continue };
                n
            }
            _ => {
                crate::mjerror!("mj_sensorPos", "invalid sensor type in POS stage, sensor {}", i);
                continue;
            }
        };
        put(sensordata(m, d), adr, &val[..n]);
    }

    user_sensors(m, d, mjSTAGE_POS as i32, nuser);
    plugin_sensors(m, d, "mj_sensorPos", mjSTAGE_POS as i32, None);
    if nloop > 0 {
        apply_cutoff(m, d, mjSTAGE_POS as i32);
    }
}

/// Geom-distance sensor `i` (distance, normal or from-to segment between two geoms or the geoms
/// of two bodies, up to the cutoff), and the sensors right after it that have the same objects
/// and cutoff, which share the computation. Returns the index of the first sensor not written.
fn geom_distance_sensors(m: &mjModel, d: &mut mjData, i: usize) -> usize {
    let (types, objtypes, objids) = (m.sensor_type(), m.sensor_objtype(), m.sensor_objid());
    let (reftypes, refids, cutoffs) = (m.sensor_reftype(), m.sensor_refid(), m.sensor_cutoff());
    let (objtype, objid, reftype, refid, cutoff) = (objtypes[i], objids[i], reftypes[i], refids[i], cutoffs[i]);

    // the geoms on each side: one geom, or all geoms of a body
    let geoms = |ty: i32, id: i32| -> (i32, i32) {
        if ty == mjOBJ_BODY {
            (m.body_geomadr()[id as usize], m.body_geomnum()[id as usize])
        } else {
            (id, 1)
        }
    };
    let (adr1, n1) = geoms(objtype, objid);
    let (adr2, n2) = geoms(reftype, refid);

    // smallest distance over all pairs, on the thread's contact buffer
    let (dist, fromto) = super::collision::with_distance_scratch(|scratch| {
        let mut dist = cutoff;
        let mut fromto = [0.0; 6];
        for g1 in adr1..adr1 + n1 {
            for g2 in adr2..adr2 + n2 {
                let mut fromto_new = [0.0; 6];
                let dist_new = super::collision::geom_distance_with(
                    m,
                    d,
                    g1 as usize,
                    g2 as usize,
                    cutoff,
                    Some(&mut fromto_new),
                    scratch,
                );
                if dist_new < dist {
                    dist = dist_new;
                    fromto = fromto_new;
                }
            }
        }
        (dist, fromto)
    });

    let sd = sensordata(m, d);
    let nsensor = m.nsensor as usize;
    let mut k = i;
    loop {
        let adr = m.sensor_adr()[k] as usize;
        match types[k] {
            mjSENS_GEOMDIST => sd[adr] = dist,
            mjSENS_GEOMNORMAL => {
                let mut normal = [fromto[3] - fromto[0], fromto[4] - fromto[1], fromto[5] - fromto[2]];
                if normal[0] != 0.0 || normal[1] != 0.0 || normal[2] != 0.0 {
                    normalize3(&mut normal);
                }
                put(sd, adr, &normal);
            }
            _ => put(sd, adr, &fromto),
        }
        let next = k + 1;
        if next == nsensor {
            break;
        }
        let same = matches!(types[next], mjSENS_GEOMDIST | mjSENS_GEOMNORMAL | mjSENS_GEOMFROMTO)
            && objtypes[next] == objtype
            && objids[next] == objid
            && reftypes[next] == reftype
            && refids[next] == refid
            && cutoffs[next] == cutoff;
        if !same {
            break;
        }
        k = next;
    }
    k + 1
}

//-------------------------------- velocity stage --------------------------------------------------

/// The data the velocity sensors read straight from the data use ([`vel_value`]).
struct VelView<'a> {
    qvel: &'a [f64],
    ten_velocity: &'a [f64],
    actuator_velocity: &'a [f64],
    efc_vel: &'a [f64],
    limits: Limits<'a>,
}

/// [`VelView`] of a split of the data; only the arrays named are computed.
macro_rules! vel_view {
    ($a:expr) => {
        VelView {
            qvel: &$a.qvel[..],
            ten_velocity: &$a.ten_velocity[..],
            actuator_velocity: &$a.actuator_velocity[..],
            efc_vel: &$a.efc_vel[..],
            limits: limits!($a),
        }
    };
}

/// Value of velocity sensor `i` of a type [`is_plain_vel`] accepts, in `val`; its size.
#[inline(always)]
fn vel_value(m: &mjModel, v: &VelView, i: usize, val: &mut [f64; 3]) -> usize {
    let t = m.sensor_type()[i];
    let objid = m.sensor_objid()[i] as usize;
    match t {
        mjSENS_JOINTVEL => {
            val[0] = v.qvel[m.jnt_dofadr()[objid] as usize];
            1
        }
        mjSENS_TENDONVEL => {
            val[0] = v.ten_velocity[objid];
            1
        }
        mjSENS_ACTUATORVEL => {
            val[0] = v.actuator_velocity[objid];
            1
        }
        mjSENS_BALLANGVEL => {
            let a = m.jnt_dofadr()[objid] as usize;
            val.copy_from_slice(&v.qvel[a..a + 3]);
            3
        }
        mjSENS_JOINTLIMITVEL | mjSENS_TENDONLIMITVEL => {
            let kind = if t == mjSENS_JOINTLIMITVEL { mjCNSTR_LIMIT_JOINT } else { mjCNSTR_LIMIT_TENDON };
            val[0] = match limit_row(&v.limits, kind, objid as i32) {
                Some(j) => v.efc_vel[j],
                None => 0.0,
            };
            1
        }
        _ => unreachable!("not a plain velocity sensor"),
    }
}

/// True for the velocity sensors read straight from the data (first pass of [`sensor_vel`]).
#[inline(always)]
fn is_plain_vel(t: i32) -> bool {
    matches!(
        t,
        mjSENS_JOINTVEL
            | mjSENS_TENDONVEL
            | mjSENS_ACTUATORVEL
            | mjSENS_BALLANGVEL
            | mjSENS_JOINTLIMITVEL
            | mjSENS_TENDONLIMITVEL
    )
}

/// Velocity-dependent sensors (`d` data made for `m`, with the position and velocity stages
/// computed).
pub fn sensor_vel(m: &mjModel, d: &mut mjData) {
    // without sensors or plugins there is nothing to compute, cut off or hand to plugins
    if disabled(m, mjDSBL_SENSOR) || (m.nsensor == 0 && m.nplugin == 0) {
        return;
    }
    let filter = sleep_filter(m, d);
    let mut nuser = 0;
    let mut subtree_done = false;

    // no sensor of this stage (plugins included): skip the loop and the cutoff
    let nloop = if stage_has_sensors(m, mjSTAGE_VEL as i32) { m.nsensor as usize } else { 0 };
    let (types, stages, adrs) = (m.sensor_type(), m.sensor_needstage(), m.sensor_adr());
    let (objtypes, objids, reftypes, refids) =
        (m.sensor_objtype(), m.sensor_objid(), m.sensor_reftype(), m.sensor_refid());

    // with no sleeping sensor to skip, the sensors read straight from the data are done first,
    // on one split of the data; `others`: a sensor is left for the second pass
    let plain_done = !filter && nloop > 0;
    let others = !plain_done || {
        let a = d.arrays_mut(m);
        let view = vel_view!(a);
        plain_pass(m, mjSTAGE_VEL as i32, a.sensordata, is_plain_vel, |i, val| Some(vel_value(m, &view, i, val)))
    };

    for i in 0..if others { nloop } else { 0 } {
        if stages[i] != mjSTAGE_VEL as i32 {
            continue;
        }
        let t = types[i];
        if t == mjSENS_PLUGIN || (plain_done && is_plain_vel(t)) {
            continue;
        }
        if filter && sleep_state(m, d, mjOBJ_SENSOR, i as i32) == mjS_ASLEEP {
            continue;
        }
        let objtype = objtypes[i];
        let objid = objids[i] as usize;
        let reftype = reftypes[i];
        let refid = refids[i];
        let adr = adrs[i] as usize;

        // subtree momenta are computed once, before the first sensor that may need them
        if !subtree_done && matches!(t, mjSENS_SUBTREELINVEL | mjSENS_SUBTREEANGMOM | mjSENS_USER) {
            super::velocity::subtree_vel(m, d);
            subtree_done = true;
        }

        if t == mjSENS_USER {
            let dim = m.sensor_dim()[i] as usize;
            sensordata(m, d)[adr..adr + dim].fill(0.0);
            nuser += 1;
            continue;
        }

        // the sensor's value, computed from the data and then written at adr
        let dr = d.arrays(m);
        let mut val = [0.0f64; 3];
        let n = match t {
            mjSENS_VELOCIMETER | mjSENS_GYRO => {
                let v = super::support::object_velocity(m, d, mjOBJ_SITE, objid, true);
                let k = if t == mjSENS_GYRO { 0 } else { 3 };
                val.copy_from_slice(&v[k..k + 3]);
                3
            }
            _ if is_plain_vel(t) => vel_value(m, &vel_view!(dr), i, &mut val),
            mjSENS_FRAMELINVEL | mjSENS_FRAMEANGVEL => {
                let mut xvel = super::support::object_velocity(m, d, objtype, objid, false);
                if refid > -1 {
                    let refid = refid as usize;
                    let Some((xpos, _)) = frame_of(&frames!(dr), objtype, objid, i) else { continue };
                    let Some((xpos_ref, xmat_ref)) = frame_of(&frames!(dr), reftype, refid, i) else { continue };
                    let vref = super::support::object_velocity(m, d, reftype, refid, false);

                    // relative velocity, with the transport term of the rotating reference frame
                    let mut rel = [0.0; 6];
                    for k in 0..6 {
                        rel[k] = xvel[k] - vref[k];
                    }
                    let rvec = sub3(xpos, xpos_ref);
                    let c = cross_product(&rvec, v3(&vref, 0));
                    add_to3(v3m6(&mut rel, 1), &c);

                    xvel[..3].copy_from_slice(&mul_mat_t_vec3(xmat_ref, v3(&rel, 0)));
                    xvel[3..].copy_from_slice(&mul_mat_t_vec3(xmat_ref, v3(&rel, 1)));
                }
                let k = if t == mjSENS_FRAMELINVEL { 3 } else { 0 };
                val.copy_from_slice(&xvel[k..k + 3]);
                3
            }
            mjSENS_SUBTREELINVEL => {
                val.copy_from_slice(v3(dr.subtree_linvel, objid));
                3
            }
            mjSENS_SUBTREEANGMOM => {
                val.copy_from_slice(v3(dr.subtree_angmom, objid));
                3
            }
            _ => {
                crate::mjerror!("mj_sensorVel", "invalid type in VEL stage, sensor {}", i);
                continue;
            }
        };
        put(sensordata(m, d), adr, &val[..n]);
    }

    user_sensors(m, d, mjSTAGE_VEL as i32, nuser);
    let prepare: Option<fn(&mjModel, &mut mjData)> =
        if subtree_done { None } else { Some(super::velocity::subtree_vel) };
    plugin_sensors(m, d, "mj_sensorVel", mjSTAGE_VEL as i32, prepare);
    if nloop > 0 {
        apply_cutoff(m, d, mjSTAGE_VEL as i32);
    }
}

/// Mutable 3-vector `k` of a 6-vector.
fn v3m6(v: &mut [f64; 6], k: usize) -> &mut [f64; 3] {
    (&mut v[3 * k..3 * k + 3]).try_into().unwrap()
}

//-------------------------------- acceleration stage ----------------------------------------------

/// Acceleration- and force-dependent sensors (`d` data made for `m`, with the acceleration and
/// constraint forces computed).
pub fn sensor_acc(m: &mjModel, d: &mut mjData) {
    // without sensors or plugins there is nothing to compute, cut off or hand to plugins
    if disabled(m, mjDSBL_SENSOR) || (m.nsensor == 0 && m.nplugin == 0) {
        return;
    }
    let filter = sleep_filter(m, d);
    let mut nuser = 0;
    let mut rne_done = false;

    // no sensor of this stage (plugins included): skip the loop and the cutoff
    let nloop = if stage_has_sensors(m, mjSTAGE_ACC as i32) { m.nsensor as usize } else { 0 };
    let (types, stages, adrs) = (m.sensor_type(), m.sensor_needstage(), m.sensor_adr());
    let (objtypes, objids) = (m.sensor_objtype(), m.sensor_objid());
    for i in 0..nloop {
        if stages[i] != mjSTAGE_ACC as i32 {
            continue;
        }
        if filter && sleep_state(m, d, mjOBJ_SENSOR, i as i32) == mjS_ASLEEP {
            continue;
        }
        let t = types[i];
        if t == mjSENS_PLUGIN {
            continue;
        }
        let objtype = objtypes[i];
        let objid = objids[i] as usize;
        let adr = adrs[i] as usize;

        // body accelerations and interaction forces are computed once, when first needed
        if !rne_done
            && matches!(
                t,
                mjSENS_ACCELEROMETER
                    | mjSENS_FORCE
                    | mjSENS_TORQUE
                    | mjSENS_FRAMELINACC
                    | mjSENS_FRAMEANGACC
                    | mjSENS_USER
            )
        {
            super::velocity::rne_post_constraint(m, d);
            rne_done = true;
        }

        match t {
            mjSENS_CONTACT => {
                contact_sensor(m, d, i);
                continue;
            }
            mjSENS_TACTILE => {
                tactile_sensor(m, d, i);
                continue;
            }
            mjSENS_USER => {
                let dim = m.sensor_dim()[i] as usize;
                sensordata(m, d)[adr..adr + dim].fill(0.0);
                nuser += 1;
                continue;
            }
            _ => {}
        }

        // the sensor's value, computed from the data and then written at adr
        let dr = d.arrays(m);
        let (site_xpos, site_xmat) = (dr.site_xpos, dr.site_xmat);
        let mut val = [0.0f64; 3];
        let n = match t {
            mjSENS_TOUCH => {
                let (body, geom_bodyid) = (m.site_bodyid()[objid], m.geom_bodyid());
                val[0] = 0.0;
                for (j, con) in dr.contact.iter().enumerate() {
                    let conbody = con.geom.map(|g| if g >= 0 { geom_bodyid[g as usize] } else { -1 });
                    if con.efc_address < 0 || (body != conbody[0] && body != conbody[1]) {
                        continue;
                    }
                    let f = contact_force(m, d, j as i32);
                    if f[0] <= 0.0 {
                        continue;
                    }
                    let mut dir = scl3(v3(&con.frame, 0), f[0]);
                    normalize3(&mut dir);
                    if body == conbody[1] {
                        dir = scl3(&dir, -1.0);
                    }
                    let hit = crate::math::ray::ray_geom(
                        v3(site_xpos, objid),
                        v9(site_xmat, objid),
                        v3(m.site_size(), objid),
                        &con.pos,
                        &dir,
                        m.site_type()[objid],
                        None,
                    );
                    if hit >= 0.0 {
                        val[0] += f[0];
                    }
                }
                1
            }
            mjSENS_ACCELEROMETER => {
                let a = super::support::object_acceleration(m, d, mjOBJ_SITE, objid, true);
                val.copy_from_slice(&a[3..]);
                3
            }
            mjSENS_FORCE | mjSENS_TORQUE => {
                let body = m.site_bodyid()[objid] as usize;
                let root = m.body_rootid()[body] as usize;
                let f = transform_spatial(
                    v6(dr.cfrc_int, body),
                    true,
                    v3(site_xpos, objid),
                    v3(dr.subtree_com, root),
                    Some(v9(site_xmat, objid)),
                );
                let k = if t == mjSENS_FORCE { 3 } else { 0 };
                val.copy_from_slice(&f[k..k + 3]);
                3
            }
            mjSENS_ACTUATORFRC => {
                val[0] = dr.actuator_force[objid];
                1
            }
            mjSENS_JOINTACTFRC => {
                val[0] = dr.qfrc_actuator[m.jnt_dofadr()[objid] as usize];
                1
            }
            mjSENS_TENDONACTFRC => {
                let (trntype, trnid, force) = (m.actuator_trntype(), m.actuator_trnid(), dr.actuator_force);
                let mut frc = 0.0;
                for j in 0..m.nu as usize {
                    if trntype[j] == mjTRN_TENDON && trnid[2 * j] == objid as i32 {
                        frc += force[j];
                    }
                }
                val[0] = frc;
                1
            }
            mjSENS_JOINTLIMITFRC | mjSENS_TENDONLIMITFRC => {
                let kind = if t == mjSENS_JOINTLIMITFRC { mjCNSTR_LIMIT_JOINT } else { mjCNSTR_LIMIT_TENDON };
                val[0] = match limit_row(&limits!(dr), kind, objid as i32) {
                    Some(j) => dr.efc_force[j],
                    None => 0.0,
                };
                1
            }
            mjSENS_FRAMELINACC | mjSENS_FRAMEANGACC => {
                let a = super::support::object_acceleration(m, d, objtype, objid, false);
                let k = if t == mjSENS_FRAMELINACC { 3 } else { 0 };
                val.copy_from_slice(&a[k..k + 3]);
                3
            }
            _ => {
                crate::mjerror!("mj_sensorAcc", "invalid type in ACC stage, sensor {}", i);
                continue;
            }
        };
        put(sensordata(m, d), adr, &val[..n]);
    }

    user_sensors(m, d, mjSTAGE_ACC as i32, nuser);
    let prepare: Option<fn(&mjModel, &mut mjData)> =
        if rne_done { None } else { Some(super::velocity::rne_post_constraint) };
    plugin_sensors(m, d, "mj_sensorAcc", mjSTAGE_ACC as i32, prepare);
    if nloop > 0 {
        apply_cutoff(m, d, mjSTAGE_ACC as i32);
    }
}

//-------------------------------- energy ----------------------------------------------------------

/// Potential energy (`energy[0]`): gravity, then joint, tendon and 1D flex springs (`d` data
/// made for `m`, with the position stage computed).
pub fn energy_pos(m: &mjModel, d: &mut mjData) {
    let mut e = 0.0;
    let nbody = m.nbody as usize;
    let dr = d.arrays(m);

    if !disabled(m, mjDSBL_GRAVITY) {
        let (mass, xipos) = (m.body_mass(), dr.xipos);
        for (b, &mass_b) in mass.iter().enumerate().take(nbody).skip(1) {
            e -= mass_b * dot3(&m.opt.gravity, v3(xipos, b));
        }
    }

    let filter = sleep_filter(m, d);

    if !disabled(m, mjDSBL_SPRING) {
        let (qpos, spring) = (dr.qpos, m.qpos_spring());
        let body_awake = dr.body_awake;
        let (jntadr, jntnum) = (m.body_jntadr(), m.body_jntnum());
        for b in 1..nbody {
            if filter && body_awake[b] != mjS_AWAKE {
                continue;
            }
            let start = jntadr[b].max(0) as usize;
            for j in start..start + jntnum[b].max(0) as usize {
                let stiffness = m.jnt_stiffness()[j];
                if stiffness == 0.0 {
                    continue;
                }
                let mut padr = m.jnt_qposadr()[j] as usize;
                let jtype = m.jnt_type()[j];
                if jtype == mjJNT_FREE {
                    let dif = sub3(v3(&qpos[padr..], 0), v3(&spring[padr..], 0));
                    e += 0.5 * stiffness * dot3(&dif, &dif);
                    padr += 3;
                }
                match jtype {
                    mjJNT_FREE | mjJNT_BALL => {
                        // as upstream, the stored (not renormalized) quaternion is compared
                        let dif = sub_quat(v4(&qpos[padr..], 0), v4(&spring[padr..], 0));
                        e += 0.5 * stiffness * dot3(&dif, &dif);
                    }
                    mjJNT_SLIDE | mjJNT_HINGE => {
                        let dq = qpos[padr] - spring[padr];
                        e += 0.5 * stiffness * dq * dq;
                    }
                    _ => {}
                }
            }
        }
    }

    if !disabled(m, mjDSBL_SPRING) {
        let (length, range) = (dr.ten_length, m.tendon_lengthspring());
        for i in 0..m.ntendon as usize {
            if filter && sleep_state(m, d, mjOBJ_TENDON, i as i32) != mjS_AWAKE {
                continue;
            }
            let stiffness = m.tendon_stiffness()[i];
            let (lower, upper) = (range[2 * i], range[2 * i + 1]);
            let displacement = if length[i] > upper {
                upper - length[i]
            } else if length[i] < lower {
                lower - length[i]
            } else {
                0.0
            };
            e += 0.5 * stiffness * displacement * displacement;
        }
    }

    if !disabled(m, mjDSBL_SPRING) {
        let (edge_len, len0, edge_rigid) = (dr.flexedge_length, m.flexedge_length0(), m.flexedge_rigid());
        for f in 0..m.nflex as usize {
            let stiffness = m.flex_edgestiffness()[f];
            if m.flex_rigid()[f] != 0 || stiffness == 0.0 || m.flex_dim()[f] > 1 {
                continue;
            }
            let start = m.flex_edgeadr()[f] as usize;
            for k in start..start + m.flex_edgenum()[f] as usize {
                if edge_rigid[k] == 0 {
                    let displacement = len0[k] - edge_len[k];
                    e += 0.5 * stiffness * displacement * displacement;
                }
            }
        }
    }

    d.energy[0] = e;
}

/// Kinetic energy (`energy[1]`): 0.5 * qvel' * M * qvel (`d` data made for `m`, with the
/// inertia matrix computed).
pub fn energy_vel(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let vec = f.nums(d, nv);
        let qvel = d.arrays(m).qvel;
        super::inertia::mul_m(m, d, vec, qvel);
        let e = 0.5 * dot(vec, qvel);
        d.energy[1] = e;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_primitives() {
        let eye = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        let o = [0.0; 3];
        assert!(inside_geom(&o, &eye, &[1.0, 0.0, 0.0], mjGEOM_SPHERE, &[0.5, 0.5, 0.0]));
        assert!(!inside_geom(&o, &eye, &[1.0, 2.0, 3.0], mjGEOM_BOX, &[0.5, 2.5, 0.0]));
        assert!(inside_geom(&o, &eye, &[0.5, 1.0, 0.0], mjGEOM_CAPSULE, &[0.0, 0.0, 1.4]));
        assert!(inside_geom(&o, &eye, &[0.0; 3], mjGEOM_PLANE, &[3.0, 3.0, -0.1]));
    }
}
