//! Analytical velocity derivatives of the smooth forces (`qDeriv`), used by the implicit
//! integrators, plus the derivatives of quaternion subtraction and integration.
//!
//! `qDeriv` is stored in the sparse "D" layout (`D_rownnz`, `D_rowadr`, `D_colind`): row `i`
//! holds every dof that shares a kinematic chain with dof `i`.

use crate::abi::fields::DataMut;
use crate::abi::mjtJoint_::{mjJNT_BALL, mjJNT_FREE, mjJNT_HINGE, mjJNT_SLIDE};
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::support::{actuator_disabled, jac, jac_body_com, object_velocity};
use crate::engine::{disabled, enabled, is_sparse, v10, v3, v6, v9};
use crate::math::blas::{
    add_to, add_to_scl, add_to_scl3, copy, dot3, mul_mat_mat, mul_mat_mat3, mul_mat_t_mat, mul_mat_vec, mul_mat_vec3,
    norm3, normalize3, sub_from, symmetrize_inplace, transpose,
};
use crate::math::misc::{max, min, muscle_gain_length};
use crate::math::spatial::{mul_inert_vec, sub_quat, transform_spatial};
use crate::mjerror;

//------------------------------ spatial-algebra derivatives ---------------------------------------

/// Jacobians of `a x b` with respect to `a` and to `b` (row-major 3x3).
fn d_cross(a: &[f64; 3], b: &[f64; 3]) -> ([f64; 9], [f64; 9]) {
    let da = [0.0, b[2], -b[1], -b[2], 0.0, b[0], b[1], -b[0], 0.0];
    let db = [0.0, -a[2], a[1], a[2], 0.0, -a[0], -a[1], a[0], 0.0];
    (da, db)
}

/// Jacobian of the motion cross product `vel x v` with respect to `vel`.
pub(crate) fn d_cross_motion_vel(v: &[f64; 6]) -> [f64; 36] {
    let mut d = [0.0; 36];
    d[2] = -v[1];
    d[1] = v[2];
    d[6 + 2] = v[0];
    d[6] = -v[2];
    d[12 + 1] = -v[0];
    d[12] = v[1];
    d[18 + 2] = -v[4];
    d[18 + 1] = v[5];
    d[18 + 5] = -v[1];
    d[18 + 4] = v[2];
    d[24 + 2] = v[3];
    d[24] = -v[5];
    d[24 + 5] = v[0];
    d[24 + 3] = -v[2];
    d[30 + 1] = -v[3];
    d[30] = v[4];
    d[30 + 4] = -v[0];
    d[30 + 3] = v[1];
    d
}

/// Jacobian of the force cross product `vel x* f` with respect to `vel`.
pub(crate) fn d_cross_force_vel(f: &[f64; 6]) -> [f64; 36] {
    let mut d = [0.0; 36];
    d[2] = -f[1];
    d[1] = f[2];
    d[5] = -f[4];
    d[4] = f[5];
    d[6 + 2] = f[0];
    d[6] = -f[2];
    d[6 + 5] = f[3];
    d[6 + 3] = -f[5];
    d[12 + 1] = -f[0];
    d[12] = f[1];
    d[12 + 4] = -f[3];
    d[12 + 3] = f[4];
    d[18 + 2] = -f[4];
    d[18 + 1] = f[5];
    d[24 + 2] = f[3];
    d[24] = -f[5];
    d[30 + 1] = -f[3];
    d[30] = f[4];
    d
}

/// Jacobian of the force cross product `vel x* f` with respect to `f`.
pub(crate) fn d_cross_force_frc(vel: &[f64; 6]) -> [f64; 36] {
    let mut d = [0.0; 36];
    d[1] = -vel[2];
    d[2] = vel[1];
    d[4] = -vel[5];
    d[5] = vel[4];
    d[6] = vel[2];
    d[6 + 2] = -vel[0];
    d[6 + 3] = vel[5];
    d[6 + 5] = -vel[3];
    d[12] = -vel[1];
    d[12 + 1] = vel[0];
    d[12 + 3] = -vel[4];
    d[12 + 4] = vel[3];
    d[18 + 4] = -vel[2];
    d[18 + 5] = vel[1];
    d[24 + 3] = vel[2];
    d[24 + 5] = -vel[0];
    d[30 + 3] = -vel[1];
    d[30 + 4] = vel[0];
    d
}

/// Jacobian of `mul_inert_vec(i, v)` with respect to `v`.
pub(crate) fn d_mul_inert_vec_vel(i: &[f64; 10]) -> [f64; 36] {
    let mut d = [0.0; 36];
    d[0] = i[0];
    d[1] = i[3];
    d[2] = i[4];
    d[4] = -i[8];
    d[5] = i[7];
    d[6] = i[3];
    d[6 + 1] = i[1];
    d[6 + 2] = i[5];
    d[6 + 3] = i[8];
    d[6 + 5] = -i[6];
    d[12] = i[4];
    d[12 + 1] = i[5];
    d[12 + 2] = i[2];
    d[12 + 3] = -i[7];
    d[12 + 4] = i[6];
    d[18 + 1] = i[8];
    d[18 + 2] = -i[7];
    d[18 + 3] = i[9];
    d[24 + 2] = i[6];
    d[24] = -i[8];
    d[24 + 4] = i[9];
    d[30] = i[7];
    d[30 + 1] = -i[6];
    d[30 + 5] = i[9];
    d
}

/// 6x6 transpose.
fn transpose6(a: &[f64; 36]) -> [f64; 36] {
    let mut t = [0.0; 36];
    transpose(&mut t, a, 6, 6);
    t
}

/// Derivatives of `sub_quat(qa, qb)` with respect to qa (`da`) and qb (`db`), as 3x3 matrices
/// acting on the tangent spaces (`mjd_subQuat`).
pub fn sub_quat_deriv(qa: &[f64; 4], qb: &[f64; 4], da: Option<&mut [f64; 9]>, db: Option<&mut [f64; 9]>) {
    if da.is_none() && db.is_none() {
        return;
    }

    // unit axis and half angle of the difference
    let mut axis = sub_quat(qa, qb);
    let half_angle = 0.5 * normalize3(&mut axis);

    let mut jac = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    let k = [0.0, -axis[2], axis[1], axis[2], 0.0, -axis[0], -axis[1], axis[0], 0.0];
    add_to_scl(&mut jac, &k, half_angle);
    let kk = mul_mat_mat3(&k, &k);
    let coef = 1.0 - if half_angle < 6e-8 { 1.0 } else { half_angle / half_angle.tan() };
    add_to_scl(&mut jac, &kk, coef);

    if let Some(da) = da {
        *da = jac;
    }
    if let Some(db) = db {
        // db = -jac'
        for r in 0..3 {
            for c in 0..3 {
                db[3 * r + c] = -jac[3 * c + r];
            }
        }
    }
}

/// Derivatives of `quat_integrate(quat, vel, scale)` with respect to the quaternion (`dquat`),
/// the velocity (`dvel`) and the scale (`dscale`) (`mjd_quatIntegrate`).
pub fn quat_integrate_deriv(
    vel: &[f64; 3],
    scale: f64,
    dquat: Option<&mut [f64; 9]>,
    dvel: Option<&mut [f64; 9]>,
    dscale: Option<&mut [f64; 3]>,
) {
    let s = [scale * vel[0], scale * vel[1], scale * vel[2]];
    let eye = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    let cross = [0.0, s[2], -s[1], -s[2], 0.0, s[0], s[1], -s[0], 0.0];
    let outer = [
        s[0] * s[0],
        s[0] * s[1],
        s[0] * s[2],
        s[1] * s[0],
        s[1] * s[1],
        s[1] * s[2],
        s[2] * s[0],
        s[2] * s[1],
        s[2] * s[2],
    ];

    let xx = dot3(&s, &s);
    let x = xx.sqrt();

    // a = cos x, b = sin x / x, c = (1 - cos x) / x^2, d = (x - sin x) / x^3
    let a = x.cos();
    let (b, c, d);
    if x.abs() > 1.0 / 32.0 {
        b = x.sin() / x;
        c = (1.0 - a) / xx;
        d = (1.0 - b) / xx;
    } else {
        // Taylor series to 6th order
        b = 1.0 + xx / 6.0 * (xx / 20.0 * (1.0 - xx / 42.0) - 1.0);
        c = (1.0 + xx / 12.0 * (xx / 30.0 * (1.0 - xx / 56.0) - 1.0)) / 2.0;
        d = (1.0 + xx / 20.0 * (xx / 42.0 * (1.0 - xx / 72.0) - 1.0)) / 6.0;
    }

    if let Some(dq) = dquat {
        for i in 0..9 {
            dq[i] = a * eye[i] + b * cross[i] + c * outer[i];
        }
    }
    if dvel.is_some() || dscale.is_some() {
        let mut dv = [0.0; 9];
        for i in 0..9 {
            dv[i] = b * eye[i] + c * cross[i] + d * outer[i];
        }
        if let Some(out) = dscale {
            *out = mul_mat_vec3(&dv, vel);
        }
        if let Some(out) = dvel {
            *out = dv;
        }
    }
}

//------------------------------ qDeriv accumulation -----------------------------------------------

/// `dst += scl * src` where both sparse index lists (increasing) agree.
fn add_to_scl_sparse_common(dst: &mut [f64], src: &[f64], inddst: &[i32], indsrc: &[i32], scl: f64) {
    let (mut s, mut t) = (0, 0);
    while s < indsrc.len() && t < inddst.len() {
        let (is, it) = (indsrc[s], inddst[t]);
        if is == it {
            dst[t] += scl * src[s];
            s += 1;
            t += 1;
        } else if is < it {
            s += 1;
        } else {
            t += 1;
        }
    }
}

/// Sparse layout of qDeriv, read from the model.
struct DLayout<'a> {
    rownnz: &'a [i32],
    rowadr: &'a [i32],
    colind: &'a [i32],
}

impl<'a> DLayout<'a> {
    fn of(m: &'a mjModel) -> Self {
        DLayout { rownnz: m.D_rownnz(), rowadr: m.D_rowadr(), colind: m.D_colind() }
    }

    fn row(&self, k: usize) -> core::ops::Range<usize> {
        let adr = self.rowadr[k] as usize;
        adr..adr + self.rownnz[k] as usize
    }
}

/// `qDeriv += J' B J` for a dense n x nv Jacobian `j` and n x n matrix `b`.
fn add_jtbj(dl: &DLayout, qderiv: &mut [f64], j: &[f64], b: &[f64], n: usize, nv: usize) {
    for r in 0..n {
        for c in 0..n {
            let brc = b[r * n + c];
            if brc == 0.0 {
                continue;
            }
            let jc = &j[c * nv..c * nv + nv];
            for k in 0..nv {
                let jrk = j[r * nv + k];
                if jrk == 0.0 {
                    continue;
                }
                let s = jrk * brc;
                for adr in dl.row(k) {
                    qderiv[adr] += jc[dl.colind[adr] as usize] * s;
                }
            }
        }
    }
}

/// `qDeriv += J' B J` for rows `offset..offset+n` of a sparse Jacobian and n x n matrix `b`.
#[allow(clippy::too_many_arguments)]
fn add_jtbj_sparse(
    dl: &DLayout,
    qderiv: &mut [f64],
    j: &[f64],
    b: &[f64],
    n: usize,
    offset: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    for r in 0..n {
        for c in 0..n {
            let brc = b[r * n + c];
            if brc == 0.0 {
                continue;
            }
            let (adr_r, nnz_r) = (rowadr[offset + r] as usize, rownnz[offset + r] as usize);
            let (adr_c, nnz_c) = (rowadr[offset + c] as usize, rownnz[offset + c] as usize);
            let (jc, indc) = (&j[adr_c..adr_c + nnz_c], &colind[adr_c..adr_c + nnz_c]);
            for ik in adr_r..adr_r + nnz_r {
                let row = dl.row(colind[ik] as usize);
                add_to_scl_sparse_common(&mut qderiv[row.clone()], jc, &dl.colind[row], indc, j[ik] * brc);
            }
        }
    }
}

//------------------------------ sleep filters -----------------------------------------------------

/// Whether actuator `i` is asleep.
#[inline]
fn actuator_asleep(m: &mjModel, d: &mjData, i: usize) -> bool {
    crate::engine::sleep::actuator_state(m, d, i) == mjtSleepState_::mjS_ASLEEP as i32
}

/// Whether tendon `i` is asleep, from mjData's `tree_awake`.
#[inline]
fn tendon_asleep(m: &mjModel, tree_awake: &[i32], i: usize) -> bool {
    crate::engine::sleep::tendon_state_of(m, tree_awake, i) == mjtSleepState_::mjS_ASLEEP as i32
}

//------------------------------ actuators ---------------------------------------------------------

/// Derivative of the muscle gain with respect to actuator velocity.
fn muscle_gain_vel(len: f64, vel: f64, lengthrange: &[f64], acc0: f64, prm: &[f64]) -> f64 {
    let range = [prm[0], prm[1]];
    let mut force = prm[2];
    let scale = prm[3];
    let (lmin, lmax, vmax, fvmax) = (prm[4], prm[5], prm[6], prm[8]);

    if force < 0.0 {
        force = scale / max(mjMINVAL, acc0);
    }

    // optimal length, normalized length and velocity
    let l0 = (lengthrange[1] - lengthrange[0]) / max(mjMINVAL, range[1] - range[0]);
    let l = range[0] + (len - lengthrange[0]) / max(mjMINVAL, l0);
    let v = vel / max(mjMINVAL, l0 * vmax);

    let fl = muscle_gain_length(l, lmin, lmax);

    // slope of the force-velocity curve
    let y = fvmax - 1.0;
    let dfv = if v <= -1.0 {
        0.0
    } else if v <= 0.0 {
        2.0 * v + 2.0
    } else if v <= y {
        (-2.0 * v + 2.0 * y) / max(mjMINVAL, y)
    } else {
        0.0
    };

    -force * fl * dfv / max(mjMINVAL, l0 * vmax)
}

/// `qDeriv += d qfrc_actuator / d qvel` (`mjd_actuator_vel`); `d` is data made for `m`, with
/// position and velocity stages computed.
pub fn actuator_vel(m: &mjModel, d: &mut mjData) {
    if disabled(m, mjtDisableBit_::mjDSBL_ACTUATION) {
        return;
    }
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    let dl = DLayout::of(m);
    let (biastype, gaintype) = (m.actuator_biastype(), m.actuator_gaintype());
    let (biasprm, gainprm) = (m.actuator_biasprm(), m.actuator_gainprm());

    for i in 0..m.nu as usize {
        if actuator_disabled(m, i) || (sleep_filter && actuator_asleep(m, d, i)) {
            continue;
        }
        let DataMut {
            qDeriv: qderiv,
            actuator_moment: moment,
            moment_rownnz: rownnz,
            moment_rowadr: rowadr,
            moment_colind: colind,
            actuator_length: length,
            actuator_velocity: velocity,
            ctrl,
            act,
            ..
        } = d.arrays_mut(m);

        let mut bias_vel = 0.0;
        let mut gain_vel = 0.0;
        let gprm = &gainprm[mjNGAIN * i..mjNGAIN * (i + 1)];

        if biastype[i] == mjtBias_::mjBIAS_AFFINE as i32 {
            bias_vel = biasprm[mjNBIAS * i + 2];
        }
        if gaintype[i] == mjtGain_::mjGAIN_AFFINE as i32 {
            gain_vel = gprm[2];
        } else if gaintype[i] == mjtGain_::mjGAIN_MUSCLE as i32 {
            gain_vel = muscle_gain_vel(
                length[i],
                velocity[i],
                &m.actuator_lengthrange()[2 * i..2 * i + 2],
                m.actuator_acc0()[i],
                gprm,
            );
        }

        // the gain multiplies ctrl, or the last activation of stateful actuators
        if gain_vel != 0.0 {
            if m.actuator_dyntype()[i] == mjtDyn_::mjDYN_NONE as i32 {
                bias_vel += gain_vel * ctrl[i];
            } else {
                let last = (m.actuator_actadr()[i] + m.actuator_actnum()[i] - 1) as usize;
                bias_vel += gain_vel * act[last];
            }
        }

        if bias_vel != 0.0 {
            add_jtbj_sparse(&dl, qderiv, moment, &[bias_vel], 1, i, rownnz, rowadr, colind);
        }
    }
}

//------------------------------ fluid forces ------------------------------------------------------

#[inline]
fn pow2(x: f64) -> f64 {
    x * x
}

/// Moment of inertia of the ellipsoid about axis `dir`, as used by the angular drag.
fn ellipsoid_max_moment(size: &[f64; 3], dir: usize) -> f64 {
    let d0 = size[dir];
    let d1 = size[(dir + 1) % 3];
    let d2 = size[(dir + 2) % 3];
    8.0 / 15.0 * mjPI * d0 * pow2(pow2(max(d1, d2)))
}

/// Adds the 3x3 `m3` to a quadrant of the 6x6 `b` (stored column-major by quadrant, as upstream).
fn add_to_quadrant(b: &mut [f64; 36], m3: &[f64; 9], col_quad: usize, row_quad: usize) {
    let (r, c) = (3 * row_quad, 3 * col_quad);
    for a in 0..3 {
        for k in 0..3 {
            b[6 * (c + a) + r + k] += m3[3 * a + k];
        }
    }
}

/// Added-mass (virtual fluid mass moving with the body) force derivatives.
fn added_mass_forces(b: &mut [f64; 36], lvel: &[f64; 6], density: f64, vmass: &[f64; 3], vinertia: &[f64; 3]) {
    let lin = [lvel[3], lvel[4], lvel[5]];
    let ang = [lvel[0], lvel[1], lvel[2]];
    let lin_mom = [density * vmass[0] * lin[0], density * vmass[1] * lin[1], density * vmass[2] * lin[2]];
    let ang_mom = [density * vinertia[0] * ang[0], density * vinertia[1] * ang[1], density * vinertia[2] * ang[2]];

    let (mut da, db) = d_cross(&ang_mom, &ang);
    add_to_quadrant(b, &db, 0, 0);
    for (i, x) in da.iter_mut().enumerate() {
        *x *= density * vinertia[i % 3];
    }
    add_to_quadrant(b, &da, 0, 0);

    let (mut da, db) = d_cross(&lin_mom, &lin);
    add_to_quadrant(b, &db, 0, 1);
    for (i, x) in da.iter_mut().enumerate() {
        *x *= density * vmass[i % 3];
    }
    add_to_quadrant(b, &da, 0, 1);

    let (mut da, db) = d_cross(&lin_mom, &ang);
    add_to_quadrant(b, &db, 1, 0);
    for (i, x) in da.iter_mut().enumerate() {
        *x *= density * vmass[i % 3];
    }
    add_to_quadrant(b, &da, 1, 1);
}

/// Bounds of the semi-axes: (largest, middle) and the equivalent sphere diameter.
fn axes_stats(size: &[f64; 3]) -> (f64, f64, f64) {
    let d_max = max(max(size[0], size[1]), size[2]);
    let d_min = min(min(size[0], size[1]), size[2]);
    let d_mid = size[0] + size[1] + size[2] - d_max - d_min;
    let eq_sphere_d = 2.0 / 3.0 * (size[0] + size[1] + size[2]);
    (d_max, d_mid, eq_sphere_d)
}

/// Derivative of the viscous and quadratic angular drag torque (3x3).
fn viscous_torque_deriv(
    lvel: &[f64; 6],
    density: f64,
    viscosity: f64,
    size: &[f64; 3],
    slender: f64,
    ang: f64,
) -> [f64; 9] {
    let (d_max, d_mid, eq_d) = axes_stats(size);
    let lin_visc_torq_coef = mjPI * eq_d * eq_d * eq_d;
    let i_max = 8.0 / 15.0 * mjPI * d_mid * (d_max * d_max) * (d_max * d_max);
    let ii = [ellipsoid_max_moment(size, 0), ellipsoid_max_moment(size, 1), ellipsoid_max_moment(size, 2)];
    let (x, y, z) = (lvel[0], lvel[1], lvel[2]);
    let mom_coef = [
        ang * ii[0] + slender * (i_max - ii[0]),
        ang * ii[1] + slender * (i_max - ii[1]),
        ang * ii[2] + slender * (i_max - ii[2]),
    ];
    let mom_visc = [x * mom_coef[0], y * mom_coef[1], z * mom_coef[2]];
    let dens = density / max(mjMINVAL, norm3(&mom_visc));
    let mom_sq = [
        -dens * x * mom_coef[0] * mom_coef[0],
        -dens * y * mom_coef[1] * mom_coef[1],
        -dens * z * mom_coef[2] * mom_coef[2],
    ];
    let lin_coef = viscosity * lin_visc_torq_coef;

    let mut dm = [0.0; 9];
    let diag = x * mom_sq[0] + y * mom_sq[1] + z * mom_sq[2] - lin_coef;
    dm[0] = diag;
    dm[4] = diag;
    dm[8] = diag;
    for (r, s) in [x, y, z].into_iter().enumerate() {
        let row: &mut [f64; 3] = (&mut dm[3 * r..3 * r + 3]).try_into().unwrap();
        add_to_scl3(row, &mom_sq, s);
    }
    dm
}

/// Derivative of the viscous and quadratic linear drag force (3x3).
fn viscous_drag_deriv(
    lvel: &[f64; 6],
    density: f64,
    viscosity: f64,
    size: &[f64; 3],
    blunt: f64,
    slender: f64,
) -> [f64; 9] {
    let (d_max, d_mid, eq_d) = axes_stats(size);
    let a_max = mjPI * d_max * d_mid;

    let a = pow2(size[1] * size[2]);
    let b = pow2(size[2] * size[0]);
    let c = pow2(size[0] * size[1]);
    let (aa, bb, cc) = (a * a, b * b, c * c);

    let (x, y, z) = (lvel[3], lvel[4], lvel[5]);
    let (xx, yy, zz, xy, yz, xz) = (x * x, y * y, z * z, x * y, y * z, x * z);

    let proj_denom = aa * xx + bb * yy + cc * zz;
    let proj_num = a * xx + b * yy + c * zz;
    let da_coef = mjPI / max(mjMINVAL, (proj_num * proj_num * proj_num * proj_denom).sqrt());
    let a_proj = mjPI * (proj_denom / max(mjMINVAL, proj_num)).sqrt();

    let norm = (xx + yy + zz).sqrt();
    let inv_norm = 1.0 / max(mjMINVAL, norm);

    let lin_coef = viscosity * 3.0 * mjPI * eq_d;
    let quad_coef = density * (a_proj * blunt + slender * (a_max - a_proj));
    let aproj_coef = density * norm * (blunt - slender);

    let daproj_dv = [
        aproj_coef * da_coef * a * x * (b * yy * (a - b) + c * zz * (a - c)),
        aproj_coef * da_coef * b * y * (a * xx * (b - a) + c * zz * (b - c)),
        aproj_coef * da_coef * c * z * (a * xx * (c - a) + b * yy * (c - b)),
    ];

    let mut dm = [xx, xy, xz, xy, yy, yz, xz, yz, zz];
    let inner = xx + yy + zz;
    dm[0] += inner;
    dm[4] += inner;
    dm[8] += inner;

    let s = -quad_coef * inv_norm;
    for v in dm.iter_mut() {
        *v *= s;
    }
    for (r, s) in [-x, -y, -z].into_iter().enumerate() {
        let row: &mut [f64; 3] = (&mut dm[3 * r..3 * r + 3]).try_into().unwrap();
        add_to_scl3(row, &daproj_dv, s);
    }
    dm[0] -= lin_coef;
    dm[4] -= lin_coef;
    dm[8] -= lin_coef;
    dm
}

/// Derivative of the Kutta lift force (3x3).
fn kutta_lift_deriv(lvel: &[f64; 6], density: f64, size: &[f64; 3], kutta: f64) -> [f64; 9] {
    let a = pow2(size[1] * size[2]);
    let b = pow2(size[2] * size[0]);
    let c = pow2(size[0] * size[1]);
    let (aa, bb, cc) = (a * a, b * b, c * c);
    let (x, y, z) = (lvel[3], lvel[4], lvel[5]);
    let (xx, yy, zz, xy, yz, xz) = (x * x, y * y, z * z, x * y, y * z, x * z);

    let proj_denom = aa * xx + bb * yy + cc * zz;
    let proj_num = a * xx + b * yy + c * zz;
    let norm2 = xx + yy + zz;
    let df_denom = mjPI * kutta * density / max(mjMINVAL, (proj_denom * proj_num * norm2).sqrt());

    let dfx = yy * (a - b) + zz * (a - c);
    let dfy = xx * (b - a) + zz * (b - c);
    let dfz = xx * (c - a) + yy * (c - b);
    let proj_term = proj_num / max(mjMINVAL, proj_denom);
    let cos_term = proj_num / max(mjMINVAL, norm2);

    // pairwise differences of the squared areas (zero on the diagonal)
    let mut dm = [0.0, b - a, c - a, a - b, 0.0, c - b, a - c, b - c, 0.0];
    let s = 2.0 * proj_num;
    for v in dm.iter_mut() {
        *v *= s;
    }

    let inner = [aa * proj_term - a + cos_term, bb * proj_term - b + cos_term, cc * proj_term - c + cos_term];
    for (r, s) in [dfx, dfy, dfz].into_iter().enumerate() {
        let row: &mut [f64; 3] = (&mut dm[3 * r..3 * r + 3]).try_into().unwrap();
        add_to_scl3(row, &inner, s);
    }

    let prod = [xx, xy, xz, xy, yy, yz, xz, yz, zz];
    for (v, p) in dm.iter_mut().zip(prod) {
        *v *= p;
    }
    dm[0] -= dfx * proj_num;
    dm[4] -= dfy * proj_num;
    dm[8] -= dfz * proj_num;

    for v in dm.iter_mut() {
        *v *= df_denom;
    }
    dm
}

/// Magnus force derivatives added to the 6x6 `b`.
fn magnus_force_deriv(b: &mut [f64; 36], lvel: &[f64; 6], density: f64, size: &[f64; 3], magnus: f64) {
    let volume = 4.0 / 3.0 * mjPI * size[0] * size[1] * size[2];
    let coef = magnus * density * volume;
    let lin = [coef * lvel[3], coef * lvel[4], coef * lvel[5]];
    let ang = [coef * lvel[0], coef * lvel[1], coef * lvel[2]];
    let (d_ang, d_lin) = d_cross(&ang, &lin);
    add_to_quadrant(b, &d_ang, 1, 0);
    add_to_quadrant(b, &d_lin, 1, 1);
}

/// Dofs on the path from `body` to the world, increasing (`mj_bodyChain`).
fn body_chain(m: &mjModel, body: usize, chain: &mut [i32]) -> usize {
    let (dofadr, dofnum, parent) = (m.body_dofadr(), m.body_dofnum(), m.body_parentid());
    if m.body_simple()[body] != 0 {
        let n = dofnum[body] as usize;
        for (i, c) in chain[..n].iter_mut().enumerate() {
            *c = dofadr[body] + i as i32;
        }
        return n;
    }

    let mut b = body;
    while b != 0 && dofnum[b] == 0 {
        b = parent[b] as usize;
    }
    if b == 0 {
        return 0;
    }

    let dof_parent = m.dof_parentid();
    let mut da = dofadr[b] + dofnum[b] - 1;
    let mut n = 0;
    while da >= 0 {
        chain[n] = da;
        n += 1;
        da = dof_parent[da as usize];
    }
    chain[..n].reverse();
    n
}

/// Jacobian of a point on `body` restricted to the dofs in `chain` (`mj_jacSparse`): jacp and
/// jacr are 3 x nchain.
fn jac_sparse(
    m: &mjModel,
    d: &mjData,
    jacp: &mut [f64],
    jacr: &mut [f64],
    point: &[f64; 3],
    body: usize,
    chain: &[i32],
) {
    let nc = chain.len();
    jacp[..3 * nc].fill(0.0);
    jacr[..3 * nc].fill(0.0);

    let dr = d.arrays(m);
    let com = v3(dr.subtree_com, m.body_rootid()[body] as usize);
    let offset = [point[0] - com[0], point[1] - com[1], point[2] - com[2]];

    let (dofnum, parent) = (m.body_dofnum(), m.body_parentid());
    let mut b = body;
    while b != 0 && dofnum[b] == 0 {
        b = parent[b] as usize;
    }
    if b == 0 {
        return;
    }

    let cdof = dr.cdof;
    let dof_parent = m.dof_parentid();
    let mut da = m.body_dofadr()[b] + dofnum[b] - 1;
    let mut ci = nc as isize - 1;
    while da >= 0 {
        while ci >= 0 && chain[ci as usize] > da {
            ci -= 1;
        }
        if ci < 0 || chain[ci as usize] != da {
            mjerror!("mj_jacSparse", "dof index {} not found in chain", da);
            return;
        }
        let c = ci as usize;
        let cd = v6(cdof, da as usize);
        jacr[c] = cd[0];
        jacr[c + nc] = cd[1];
        jacr[c + 2 * nc] = cd[2];
        let t = crate::math::spatial::cross(&[cd[0], cd[1], cd[2]], &offset);
        jacp[c] = cd[3] + t[0];
        jacp[c + nc] = cd[4] + t[1];
        jacp[c + 2 * nc] = cd[5] + t[2];
        da = dof_parent[da as usize];
    }
}

/// Velocity of the frame (`pos`, `mat`) relative to the wind, in local coordinates.
fn relative_local_vel(
    m: &mjModel,
    d: &mjData,
    objtype: mjtObj_,
    id: usize,
    body: usize,
    pos: &[f64; 3],
    mat: &[f64; 9],
) -> [f64; 6] {
    let mut lvel = object_velocity(m, d, objtype as i32, id, true);
    let wind = [0.0, 0.0, 0.0, m.opt.wind[0], m.opt.wind[1], m.opt.wind[2]];
    let root = m.body_rootid()[body] as usize;
    let lwind = transform_spatial(&wind, false, pos, v3(d.arrays(m).subtree_com, root), Some(mat));
    lvel[3] -= lwind[3];
    lvel[4] -= lwind[4];
    lvel[5] -= lwind[5];
    lvel
}

/// Rotates both 3 x n halves of the 6 x n Jacobian `j` into the frame `mat`.
fn rotate_jacobian(j: &mut [f64], tmp: &mut [f64], mat: &[f64; 9], n: usize) {
    for half in 0..2 {
        let part = &mut j[3 * n * half..3 * n * (half + 1)];
        mul_mat_t_mat(&mut tmp[..3 * n], mat, part, 3, 3, n);
        copy(part, &tmp[..3 * n]);
    }
}

/// Fluid force derivatives of the ellipsoid model for the geoms of `body`.
fn ellipsoid_fluid(m: &mjModel, d: &mut mjData, body: usize) {
    with_frame(d, |d, f| {
        let nv = m.nv as usize;
        let sparse = is_sparse(m);
        let jmat = f.nums(d, 6 * nv);
        let tmp = f.nums(d, 3 * nv);
        let colind = f.ints(d, 6 * nv);
        let colind_c = f.ints(d, 6 * nv);
        let mut rownnz = [0i32; 6];
        let mut rowadr = [0i32; 6];

        let mut nnz = nv;
        if sparse {
            nnz = body_chain(m, body, colind);
            for i in 0..6 {
                rownnz[i] = nnz as i32;
                rowadr[i] = (i * nnz) as i32;
                colind_c[i * nnz..(i + 1) * nnz].copy_from_slice(&colind[..nnz]);
            }
        }

        let dl = DLayout::of(m);
        let (density, viscosity) = (m.opt.density, m.opt.viscosity);
        let implicitfast = m.opt.integrator == mjtIntegrator_::mjINT_IMPLICITFAST as i32;

        let gadr = m.body_geomadr()[body] as usize;
        for g in gadr..gadr + m.body_geomnum()[body] as usize {
            let size = v3(m.geom_size(), g);
            let semiaxes = crate::math::misc::geom_semi_axes(size, m.geom_type()[g]);
            let f = &m.geom_fluid()[mjNFLUID * g..mjNFLUID * (g + 1)];
            let (interaction, blunt, slender, angdrag, kutta, magnus) = (f[0], f[1], f[2], f[3], f[4], f[5]);
            let vmass = [f[6], f[7], f[8]];
            let vinertia = [f[9], f[10], f[11]];
            if interaction == 0.0 {
                continue;
            }

            let dr = d.arrays(m);
            let xpos = v3(dr.geom_xpos, g);
            let xmat = v9(dr.geom_xmat, g);
            let lvel = relative_local_vel(m, d, mjtObj_::mjOBJ_GEOM, g, body, xpos, xmat);

            // Jacobian: rotation rows first, then translation
            let gbody = m.geom_bodyid()[g] as usize;
            {
                let (jr, jp) = jmat.split_at_mut(3 * nnz);
                if sparse {
                    jac_sparse(m, d, jp, jr, xpos, gbody, &colind[..nnz]);
                } else {
                    jac(m, d, Some(&mut jp[..3 * nv]), Some(&mut jr[..3 * nv]), xpos, gbody);
                }
            }
            rotate_jacobian(jmat, tmp, xmat, nnz);

            let mut bm = [0.0; 36];
            magnus_force_deriv(&mut bm, &lvel, density, &semiaxes, magnus);
            add_to_quadrant(&mut bm, &kutta_lift_deriv(&lvel, density, &semiaxes, kutta), 1, 1);
            add_to_quadrant(&mut bm, &viscous_drag_deriv(&lvel, density, viscosity, &semiaxes, blunt, slender), 1, 1);
            add_to_quadrant(
                &mut bm,
                &viscous_torque_deriv(&lvel, density, viscosity, &semiaxes, slender, angdrag),
                0,
                0,
            );
            added_mass_forces(&mut bm, &lvel, density, &vmass, &vinertia);

            if implicitfast {
                symmetrize_inplace(&mut bm, 6);
            }

            let qderiv = d.arrays_mut(m).qDeriv;
            if sparse {
                add_jtbj_sparse(&dl, qderiv, jmat, &bm, 6, 0, &rownnz, &rowadr, colind_c);
            } else {
                add_jtbj(&dl, qderiv, jmat, &bm, 6, nv);
            }
        }
    })
}

/// Fluid force derivatives of the inertia-box model for `body`.
fn inertia_box_fluid(m: &mjModel, d: &mut mjData, body: usize) {
    with_frame(d, |d, f| {
        let nv = m.nv as usize;
        let sparse = is_sparse(m);
        let jmat = f.nums(d, 6 * nv);
        let tmp = f.nums(d, 3 * nv);
        let colind = f.ints(d, 6 * nv);
        let mut rownnz = [0i32; 6];
        let mut rowadr = [0i32; 6];

        // dimensions of the box with the body's inertia
        let inertia = v3(m.body_inertia(), body);
        let mass = m.body_mass()[body];
        let bx = [
            (max(mjMINVAL, inertia[1] + inertia[2] - inertia[0]) / mass * 6.0).sqrt(),
            (max(mjMINVAL, inertia[0] + inertia[2] - inertia[1]) / mass * 6.0).sqrt(),
            (max(mjMINVAL, inertia[0] + inertia[1] - inertia[2]) / mass * 6.0).sqrt(),
        ];

        let dr = d.arrays(m);
        let (xipos, ximat) = (v3(dr.xipos, body), v9(dr.ximat, body));
        let lvel = relative_local_vel(m, d, mjtObj_::mjOBJ_BODY, body, body, xipos, ximat);

        let mut nnz = nv;
        {
            if sparse {
                nnz = body_chain(m, body, colind);
                let (jr, jp) = jmat.split_at_mut(3 * nnz);
                jac_sparse(m, d, jp, jr, xipos, body, &colind[..nnz]);
                rownnz[0] = nnz as i32;
                for r in 1..6 {
                    rownnz[r] = nnz as i32;
                    rowadr[r] = rowadr[r - 1] + nnz as i32;
                    colind.copy_within(0..nnz, r * nnz);
                }
            } else {
                let (jr, jp) = jmat.split_at_mut(3 * nv);
                jac_body_com(m, d, Some(jp), Some(jr), body);
            }
        }
        rotate_jacobian(jmat, tmp, ximat, nnz);

        let dl = DLayout::of(m);
        let qderiv = d.arrays_mut(m).qDeriv;
        let mut add_row = |row: usize, bval: f64| {
            if sparse {
                add_jtbj_sparse(&dl, qderiv, jmat, &[bval], 1, row, &rownnz, &rowadr, colind);
            } else {
                add_jtbj(&dl, qderiv, &jmat[row * nv..(row + 1) * nv], &[bval], 1, nv);
            }
        };

        let (density, viscosity) = (m.opt.density, m.opt.viscosity);
        if viscosity > 0.0 {
            let diam = (bx[0] + bx[1] + bx[2]) / 3.0;
            let bval = -mjPI * diam * diam * diam * viscosity;
            for r in 0..3 {
                add_row(r, bval);
            }
            let bval = -3.0 * mjPI * diam * viscosity;
            for r in 3..6 {
                add_row(r, bval);
            }
        }

        if density > 0.0 {
            let p4 = |v: f64| v * v * v * v;
            add_row(0, -density * bx[0] * (p4(bx[1]) + p4(bx[2])) * 2.0 * lvel[0].abs() / 64.0);
            add_row(1, -density * bx[1] * (p4(bx[0]) + p4(bx[2])) * 2.0 * lvel[1].abs() / 64.0);
            add_row(2, -density * bx[2] * (p4(bx[0]) + p4(bx[1])) * 2.0 * lvel[2].abs() / 64.0);
            add_row(3, -0.5 * density * bx[1] * bx[2] * 2.0 * lvel[3].abs());
            add_row(4, -0.5 * density * bx[0] * bx[2] * 2.0 * lvel[4].abs());
            add_row(5, -0.5 * density * bx[0] * bx[1] * 2.0 * lvel[5].abs());
        }
    })
}

//------------------------------ passive forces ----------------------------------------------------

/// `qDeriv += d qfrc_passive / d qvel` (`mjd_passive_vel`): fluid, dof, flex-edge and tendon
/// damping. As [`actuator_vel`].
pub fn passive_vel(m: &mjModel, d: &mut mjData) {
    if disabled(m, mjtDisableBit_::mjDSBL_SPRING) && disabled(m, mjtDisableBit_::mjDSBL_DAMPER) {
        return;
    }
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };

    // fluid: ellipsoid model when any geom of the body asks for it, inertia box otherwise
    if m.opt.viscosity > 0.0 || m.opt.density > 0.0 {
        for b in 0..nbody {
            let i = if sleep_filter { d.arrays(m).body_awake_ind[b] as usize } else { b };
            if m.body_mass()[i] < mjMINVAL {
                continue;
            }
            let gadr = m.body_geomadr()[i] as usize;
            let gnum = m.body_geomnum()[i] as usize;
            let ellipsoid = (gadr..gadr + gnum).any(|g| m.geom_fluid()[mjNFLUID * g] > 0.0);
            if ellipsoid {
                ellipsoid_fluid(m, d, i);
            } else {
                inertia_box_fluid(m, d, i);
            }
        }
    }

    if disabled(m, mjtDisableBit_::mjDSBL_DAMPER) {
        return;
    }

    let nv = m.nv as usize;
    let dl = DLayout::of(m);
    let nv_awake = if sleep_filter { d.nv_awake as usize } else { nv };
    let DataMut {
        qDeriv: qderiv,
        dof_awake_ind,
        flexedge_J: fj,
        flexedge_J_rownnz: fnnz,
        flexedge_J_rowadr: fadr,
        flexedge_J_colind: fcol,
        ten_J: tj,
        ten_J_rownnz: tnnz,
        ten_J_rowadr: tadr,
        ten_J_colind: tcol,
        tree_awake,
        ..
    } = d.arrays_mut(m);
    let sparse = is_sparse(m);

    // dof damping on the diagonal
    let (rowadr, diag, damping) = (m.D_rowadr(), m.D_diag(), m.dof_damping());
    for k in 0..nv_awake {
        let i = if sleep_filter { dof_awake_ind[k] as usize } else { k };
        qderiv[(rowadr[i] + diag[i]) as usize] -= damping[i];
    }

    // flex edge damping
    let (fj, fnnz, fadr, fcol) = (&*fj, &*fnnz, &*fadr, &*fcol);
    for f in 0..m.nflex as usize {
        let bval = -m.flex_edgedamping()[f];
        if m.flex_rigid()[f] != 0 || bval == 0.0 {
            continue;
        }
        let eadr = m.flex_edgeadr()[f] as usize;
        for e in eadr..eadr + m.flex_edgenum()[f] as usize {
            if m.flexedge_rigid()[e] != 0 {
                continue;
            }
            if sparse {
                add_jtbj_sparse(&dl, qderiv, fj, &[bval], 1, e, fnnz, fadr, fcol);
            } else {
                add_jtbj(&dl, qderiv, &fj[e * nv..(e + 1) * nv], &[bval], 1, nv);
            }
        }
    }

    // tendon damping
    let (tj, tnnz, tadr, tcol) = (&*tj, &*tnnz, &*tadr, &*tcol);
    for i in 0..m.ntendon as usize {
        if sleep_filter && tendon_asleep(m, tree_awake, i) {
            continue;
        }
        let bval = -m.tendon_damping()[i];
        if bval == 0.0 {
            continue;
        }
        if sparse {
            add_jtbj_sparse(&dl, qderiv, tj, &[bval], 1, i, tnnz, tadr, tcol);
        } else {
            add_jtbj(&dl, qderiv, &tj[i * nv..(i + 1) * nv], &[bval], 1, nv);
        }
    }
}

//------------------------------ bias forces (RNE) -------------------------------------------------

/// Number of ancestor dofs of dof `j` (from the legacy inertia layout).
#[inline]
fn dof_ancestors(m: &mjModel, j: usize) -> usize {
    let madr = m.dof_Madr();
    let end = if j + 1 < m.nv as usize { madr[j + 1] } else { m.nM };
    (end - (madr[j] + 1)) as usize
}

/// Copies the leading (ancestor) part of the parent's B-row into body n's row.
fn copy_from_parent(m: &mjModel, mat: &mut [f64], n: usize) {
    let (weld, parent, dofnum, badr) = (m.body_weldid(), m.body_parentid(), m.body_dofnum(), m.B_rowadr());
    if n == 0 || weld[parent[n] as usize] == 0 {
        return;
    }
    let mut ndof = 0;
    let mut np = weld[parent[n] as usize];
    while np > 0 {
        ndof += dofnum[np as usize] as usize;
        np = weld[parent[np as usize] as usize];
    }
    let src = 6 * badr[parent[n] as usize] as usize;
    mat.copy_within(src..src + 6 * ndof, 6 * badr[n] as usize);
}

/// Adds body n's B-row into its parent's row at the shared columns.
fn add_to_parent(m: &mjModel, mat: &mut [f64], n: usize) {
    let (weld, parent) = (m.body_weldid(), m.body_parentid());
    if n == 0 || weld[parent[n] as usize] == 0 {
        return;
    }
    let np = parent[n] as usize;
    let (bnnz, badr, bcol) = (m.B_rownnz(), m.B_rowadr(), m.B_colind());
    let (an, ap) = (badr[n] as usize, badr[np] as usize);
    let (nn, npn) = (bnnz[n] as usize, bnnz[np] as usize);
    let (mut i, mut ip) = (0, 0);
    while i < nn && ip < npn {
        let (c, cp) = (bcol[an + i], bcol[ap + ip]);
        if c == cp {
            for k in 0..6 {
                mat[6 * (ap + ip) + k] += mat[6 * (an + i) + k];
            }
            i += 1;
            ip += 1;
        } else if c > cp {
            ip += 1;
        } else {
            mjerror!("addToParent", "child nonzeroes must be subset of parent");
            return;
        }
    }
}

/// Derivatives of cvel and cdof_dot with respect to qvel, in B-row / D-row sparse layout with
/// inner size 6.
fn com_vel_vel(m: &mjModel, d: &mjData, dcvel: &mut [f64], dcdofdot: &mut [f64]) {
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nbody_awake < m.nbody;
    let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };
    let (badr, dadr) = (m.B_rowadr(), m.D_rowadr());
    let (dofadr, dofnum) = (m.body_dofadr(), m.body_dofnum());
    let (jnt_type, dof_jntid) = (m.jnt_type(), m.dof_jntid());
    let dr = d.arrays(m);
    let cdof = dr.cdof;

    // cvel derivative gains cdof in the column of dof j
    let add_cdof = |dcvel: &mut [f64], bi: usize, col: usize, j: usize| {
        let at = 6 * (bi + col);
        add_to(&mut dcvel[at..at + 6], v6(cdof, j));
    };
    // cdof_dot derivative of dof j from the rows accumulated so far
    let cdofdot_rows = |dcvel: &[f64], dcdofdot: &mut [f64], bi: usize, rows: usize, j: usize| {
        let mat_t = transpose6(&d_cross_motion_vel(v6(cdof, j)));
        let at = 6 * dadr[j] as usize;
        mul_mat_mat(&mut dcdofdot[at..at + 6 * rows], &dcvel[6 * bi..6 * bi + 6 * rows], &mat_t, rows, 6, 6);
    };

    for b in 1..nbody {
        let i = if sleep_filter { dr.body_awake_ind[b] as usize } else { b };
        copy_from_parent(m, dcvel, i);
        let bi = badr[i] as usize;

        let last = (dofadr[i] + dofnum[i]) as usize;
        let mut j = dofadr[i] as usize;
        while j < last {
            let mut jadr = dof_ancestors(m, j);
            let t = jnt_type[dof_jntid[j] as usize];
            if t == mjJNT_FREE as i32 || t == mjJNT_BALL as i32 {
                if t == mjJNT_FREE as i32 {
                    // translations: cdof_dot derivative stays zero
                    for k in 0..3 {
                        add_cdof(dcvel, bi, jadr + k, j + k);
                    }
                    j += 3;
                    jadr += 3;
                }
                for k in 0..3 {
                    cdofdot_rows(dcvel, dcdofdot, bi, jadr + k, j + k);
                }
                for k in 0..3 {
                    add_cdof(dcvel, bi, jadr + k, j + k);
                }
                j += 3;
            } else if t == mjJNT_HINGE as i32 || t == mjJNT_SLIDE as i32 {
                cdofdot_rows(dcvel, dcdofdot, bi, jadr, j);
                add_cdof(dcvel, bi, jadr, j);
                j += 1;
            } else {
                mjerror!("mjd_comVel_vel", "unknown joint type");
                return;
            }
        }
    }
}

/// `qDeriv -= d qfrc_bias / d qvel` (`mjd_rne_vel`).
fn rne_vel(m: &mjModel, d: &mut mjData) {
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nbody_awake < m.nbody;
    let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };
    let nparent = if sleep_filter { d.nparent_awake as usize } else { m.nbody as usize };
    let nv = if sleep_filter { d.nv_awake as usize } else { m.nv as usize };
    let (nd, nb) = (m.nD as usize, m.nB as usize);
    let (badr, bnnz, dadr, dnnz) = (m.B_rowadr(), m.B_rownnz(), m.D_rowadr(), m.D_rownnz());

    with_frame(d, |d, f| {
        let dcdofdot = f.nums(d, 6 * nd);
        let dcvel = f.nums(d, 6 * nb);
        let dcacc = f.nums(d, 6 * nb);
        let dcfrcbody = f.nums(d, 6 * nb);
        let row = f.nums(d, m.nv as usize);
        let dr = d.arrays(m);

        if !sleep_filter {
            dcdofdot.fill(0.0);
            dcvel.fill(0.0);
            dcacc.fill(0.0);
            dcfrcbody.fill(0.0);
        } else {
            let dof_awake = dr.dof_awake_ind;
            for &dof in &dof_awake[..nv] {
                let at = 6 * dadr[dof as usize] as usize;
                dcdofdot[at..at + 6 * dnnz[dof as usize] as usize].fill(0.0);
            }
            let body_awake = dr.body_awake_ind;
            for &body in &body_awake[..nbody] {
                let at = 6 * badr[body as usize] as usize;
                let len = 6 * bnnz[body as usize] as usize;
                dcvel[at..at + len].fill(0.0);
                dcacc[at..at + len].fill(0.0);
                dcfrcbody[at..at + len].fill(0.0);
            }
        }

        com_vel_vel(m, d, dcvel, dcdofdot);

        let (dofadr, dofnum) = (m.body_dofadr(), m.body_dofnum());
        let (cdof_dot, cinert, cvel, qvel) = (dr.cdof_dot, dr.cinert, dr.cvel, dr.qvel);

        // forward pass: cacc derivative, then body force derivative
        for b in 1..nbody {
            let i = if sleep_filter { dr.body_awake_ind[b] as usize } else { b };
            copy_from_parent(m, dcacc, i);
            let (bi, bn) = (badr[i] as usize, bnnz[i] as usize);

            for j in dofadr[i] as usize..(dofadr[i] + dofnum[i]) as usize {
                let jadr = dof_ancestors(m, j);
                let at = 6 * (bi + jadr);
                add_to(&mut dcacc[at..at + 6], v6(cdof_dot, j));
                // the D-row of dof j and the B-row of body i share their pattern
                let dj = 6 * dadr[j] as usize;
                add_to_scl(&mut dcacc[6 * bi..6 * bi + 6 * bn], &dcdofdot[dj..dj + 6 * bn], qvel[j]);
            }

            // derivative of cinert * cacc
            let ci = v10(cinert, i);
            let dmul = d_mul_inert_vec_vel(ci);
            let dmul_t = transpose6(&dmul);
            mul_mat_mat(&mut dcfrcbody[6 * bi..6 * bi + 6 * bn], &dcacc[6 * bi..6 * bi + 6 * bn], &dmul_t, bn, 6, 6);

            // derivative of cvel x* (cinert * cvel)
            let cv = v6(cvel, i);
            let mut mat = d_cross_force_vel(&mul_inert_vec(ci, cv));
            let frc = d_cross_force_frc(cv);
            let mut prod = [0.0; 36];
            mul_mat_mat(&mut prod, &frc, &dmul, 6, 6, 6);
            add_to(&mut mat, &prod);
            let mat_t = transpose6(&mat);

            // the world row (nv wide) serves as scratch
            let (head, tail) = dcfrcbody.split_at_mut(6 * bi);
            let scratch = &mut head[..6 * bn];
            mul_mat_mat(scratch, &dcvel[6 * bi..6 * bi + 6 * bn], &mat_t, bn, 6, 6);
            add_to(&mut tail[..6 * bn], scratch);
        }

        dcfrcbody[..6 * bnnz[0] as usize].fill(0.0);

        // backward pass: accumulate body forces into parents
        for b in (1..nparent).rev() {
            let i = if sleep_filter { dr.parent_awake_ind[b] as usize } else { b };
            add_to_parent(m, dcfrcbody, i);
        }

        // project onto the dofs
        let DataMut { qDeriv: qderiv, dof_awake_ind, cdof, .. } = d.arrays_mut(m);
        let dof_bodyid = m.dof_bodyid();
        for v in 0..nv {
            let j = if sleep_filter { dof_awake_ind[v] as usize } else { v };

            let i = dof_bodyid[j] as usize;
            let (bi, bn) = (badr[i] as usize, bnnz[i] as usize);
            mul_mat_vec(&mut row[..bn], &dcfrcbody[6 * bi..6 * bi + 6 * bn], v6(cdof, j), bn, 6);
            let dj = dadr[j] as usize;
            sub_from(&mut qderiv[dj..dj + bn], &row[..bn]);
        }
    })
}

//------------------------------ entry point -------------------------------------------------------

/// Fills `qDeriv` with d(qfrc_actuator + qfrc_passive [- qfrc_bias]) / d qvel
/// (`mjd_smooth_vel`); the bias term only with `flg_bias`. `d` is data made for `m`, with
/// position and velocity stages computed.
pub fn smooth_vel(m: &mjModel, d: &mut mjData, flg_bias: bool) {
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nv_awake < m.nv;
    let nv_awake = d.nv_awake as usize;
    let DataMut { qDeriv: qderiv, dof_awake_ind, .. } = d.arrays_mut(m);
    if !sleep_filter {
        qderiv.fill(0.0);
    } else {
        let (rownnz, rowadr) = (m.D_rownnz(), m.D_rowadr());
        for &i in &dof_awake_ind[..nv_awake] {
            let adr = rowadr[i as usize] as usize;
            qderiv[adr..adr + rownnz[i as usize] as usize].fill(0.0);
        }
    }

    actuator_vel(m, d);
    passive_vel(m, d);
    if flg_bias {
        rne_vel(m, d);
    }
}
