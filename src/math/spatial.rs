//! Quaternions, rotation matrices, poses and 6D spatial vectors (upstream
//! `engine_util_spatial.c`).
//!
//! Quaternions are (w, x, y, z); matrices are row-major 3x3. Functions return their result by
//! value, so callers may pass the same array as input and output storage.

use super::blas::{add3, add_to3, dot3, mul_mat_t_vec3, normalize3, normalize4, scl3, sub3};
use crate::abi::{mjMINVAL, mjPI};

//------------------------------ quaternions -------------------------------------------------------

/// Rotates `vec` by `quat`.
#[inline]
pub fn rot_vec_quat(vec: &[f64; 3], quat: &[f64; 4]) -> [f64; 3] {
    if vec[0] == 0.0 && vec[1] == 0.0 && vec[2] == 0.0 {
        return [0.0; 3];
    }
    if quat[0] == 1.0 && quat[1] == 0.0 && quat[2] == 0.0 && quat[3] == 0.0 {
        return *vec;
    }
    // t = w v + q x v, then v + 2 q x t
    let t = [
        quat[0] * vec[0] + quat[2] * vec[2] - quat[3] * vec[1],
        quat[0] * vec[1] + quat[3] * vec[0] - quat[1] * vec[2],
        quat[0] * vec[2] + quat[1] * vec[1] - quat[2] * vec[0],
    ];
    [
        vec[0] + 2.0 * (quat[2] * t[2] - quat[3] * t[1]),
        vec[1] + 2.0 * (quat[3] * t[0] - quat[1] * t[2]),
        vec[2] + 2.0 * (quat[1] * t[1] - quat[2] * t[0]),
    ]
}

/// Conjugate quaternion (the opposite rotation).
#[inline]
pub fn neg_quat(quat: &[f64; 4]) -> [f64; 4] {
    [quat[0], -quat[1], -quat[2], -quat[3]]
}

/// Quaternion product qa * qb.
#[inline]
pub fn mul_quat(qa: &[f64; 4], qb: &[f64; 4]) -> [f64; 4] {
    [
        qa[0] * qb[0] - qa[1] * qb[1] - qa[2] * qb[2] - qa[3] * qb[3],
        qa[0] * qb[1] + qa[1] * qb[0] + qa[2] * qb[3] - qa[3] * qb[2],
        qa[0] * qb[2] - qa[1] * qb[3] + qa[2] * qb[0] + qa[3] * qb[1],
        qa[0] * qb[3] + qa[1] * qb[2] - qa[2] * qb[1] + qa[3] * qb[0],
    ]
}

/// Product of a quaternion and the pure quaternion (0, axis).
#[inline]
pub fn mul_quat_axis(quat: &[f64; 4], axis: &[f64; 3]) -> [f64; 4] {
    [
        -quat[1] * axis[0] - quat[2] * axis[1] - quat[3] * axis[2],
        quat[0] * axis[0] + quat[2] * axis[2] - quat[3] * axis[1],
        quat[0] * axis[1] + quat[3] * axis[0] - quat[1] * axis[2],
        quat[0] * axis[2] + quat[1] * axis[1] - quat[2] * axis[0],
    ]
}

/// Quaternion of a rotation by `angle` about `axis` (axis taken as given, not normalized).
#[inline]
pub fn axis_angle2quat(axis: &[f64; 3], angle: f64) -> [f64; 4] {
    if angle == 0.0 {
        return [1.0, 0.0, 0.0, 0.0];
    }
    let s = (angle * 0.5).sin();
    [(angle * 0.5).cos(), axis[0] * s, axis[1] * s, axis[2] * s]
}

/// Angular velocity that rotates by `quat` in time `dt`.
#[inline]
pub fn quat2vel(quat: &[f64; 4], dt: f64) -> [f64; 3] {
    let mut axis = [quat[1], quat[2], quat[3]];
    let sin_half = normalize3(&mut axis);
    let mut speed = 2.0 * sin_half.atan2(quat[0]);
    if speed > mjPI {
        speed -= 2.0 * mjPI;
    }
    speed /= dt;
    scl3(&axis, speed)
}

/// Difference of orientations as a 3D velocity: qb * quat(res) = qa.
#[inline]
pub fn sub_quat(qa: &[f64; 4], qb: &[f64; 4]) -> [f64; 3] {
    let dif = mul_quat(&neg_quat(qb), qa);
    quat2vel(&dif, 1.0)
}

/// Rotation matrix of a quaternion (not normalized first).
#[inline]
pub fn quat2mat(quat: &[f64; 4]) -> [f64; 9] {
    if quat[0] == 1.0 && quat[1] == 0.0 && quat[2] == 0.0 && quat[3] == 0.0 {
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    }
    let (w, x, y, z) = (quat[0], quat[1], quat[2], quat[3]);
    let (ww, wx, wy, wz) = (w * w, w * x, w * y, w * z);
    let (xx, xy, xz) = (x * x, x * y, x * z);
    let (yy, yz, zz) = (y * y, y * z, z * z);
    [
        ww + xx - yy - zz,
        2.0 * (xy - wz),
        2.0 * (xz + wy),
        2.0 * (xy + wz),
        ww - xx + yy - zz,
        2.0 * (yz - wx),
        2.0 * (xz - wy),
        2.0 * (yz + wx),
        ww - xx - yy + zz,
    ]
}

/// Quaternion of a rotation matrix, from its largest component, normalized.
#[inline]
pub fn mat2quat(mat: &[f64; 9]) -> [f64; 4] {
    let mut q = [0.0; 4];
    if mat[0] + mat[4] + mat[8] > 0.0 {
        q[0] = 0.5 * (1.0 + mat[0] + mat[4] + mat[8]).sqrt();
        q[1] = 0.25 * (mat[7] - mat[5]) / q[0];
        q[2] = 0.25 * (mat[2] - mat[6]) / q[0];
        q[3] = 0.25 * (mat[3] - mat[1]) / q[0];
    } else if mat[0] > mat[4] && mat[0] > mat[8] {
        q[1] = 0.5 * (1.0 + mat[0] - mat[4] - mat[8]).sqrt();
        q[0] = 0.25 * (mat[7] - mat[5]) / q[1];
        q[2] = 0.25 * (mat[1] + mat[3]) / q[1];
        q[3] = 0.25 * (mat[2] + mat[6]) / q[1];
    } else if mat[4] > mat[8] {
        q[2] = 0.5 * (1.0 - mat[0] + mat[4] - mat[8]).sqrt();
        q[0] = 0.25 * (mat[2] - mat[6]) / q[2];
        q[1] = 0.25 * (mat[1] + mat[3]) / q[2];
        q[3] = 0.25 * (mat[5] + mat[7]) / q[2];
    } else {
        q[3] = 0.5 * (1.0 - mat[0] - mat[4] + mat[8]).sqrt();
        q[0] = 0.25 * (mat[3] - mat[1]) / q[3];
        q[1] = 0.25 * (mat[2] + mat[6]) / q[3];
        q[2] = 0.25 * (mat[5] + mat[7]) / q[3];
    }
    normalize4(&mut q);
    q
}

/// Time derivative of `quat` under angular velocity `vel`.
#[inline]
pub fn deriv_quat(quat: &[f64; 4], vel: &[f64; 3]) -> [f64; 4] {
    [
        0.5 * (-vel[0] * quat[1] - vel[1] * quat[2] - vel[2] * quat[3]),
        0.5 * (vel[0] * quat[0] + vel[1] * quat[3] - vel[2] * quat[2]),
        0.5 * (-vel[0] * quat[3] + vel[1] * quat[0] + vel[2] * quat[1]),
        0.5 * (vel[0] * quat[2] - vel[1] * quat[1] + vel[2] * quat[0]),
    ]
}

/// Integrates `quat` in place under angular velocity `vel` for time `scale` (normalizing it first).
#[inline]
pub fn quat_integrate(quat: &mut [f64; 4], vel: &[f64; 3], scale: f64) {
    let mut axis = *vel;
    let angle = scale * normalize3(&mut axis);
    let qrot = axis_angle2quat(&axis, angle);
    normalize4(quat);
    *quat = mul_quat(quat, &qrot);
}

/// Quaternion rotating the z axis onto `vec` (identity for a tiny vector, 180 degrees about x
/// when `vec` points down z).
pub fn quat_z2vec(vec: &[f64; 3]) -> [f64; 4] {
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    let mut vn = *vec;
    let z = [0.0, 0.0, 1.0];
    if normalize3(&mut vn) < mjMINVAL {
        return quat;
    }
    let mut axis = cross(&z, &vn);
    let a = normalize3(&mut axis);
    if a.abs() < mjMINVAL {
        if dot3(&vn, &z) < 0.0 {
            quat[0] = 0.0;
            quat[1] = 1.0;
        }
        return quat;
    }
    let angle = a.atan2(dot3(&vn, &z));
    axis_angle2quat(&axis, angle)
}

/// Refines `quat` (the initial guess) towards the rotation part of an arbitrary 3x3 matrix
/// (Müller et al. 2016); returns the number of iterations used (at most 500).
pub fn mat2rot(quat: &mut [f64; 4], mat: &[f64; 9]) -> i32 {
    const EPS: f64 = 1e-9;
    let cm = [[mat[0], mat[3], mat[6]], [mat[1], mat[4], mat[7]], [mat[2], mat[5], mat[8]]];
    let mut iter = 0;
    while iter < 500 {
        let rot = quat2mat(quat);
        let cr = [[rot[0], rot[3], rot[6]], [rot[1], rot[4], rot[7]], [rot[2], rot[5], rot[8]]];
        let mut omega = add3(&cross(&cr[0], &cm[0]), &cross(&cr[1], &cm[1]));
        add_to3(&mut omega, &cross(&cr[2], &cm[2]));
        let d = dot3(&cr[0], &cm[0]) + dot3(&cr[1], &cm[1]) + dot3(&cr[2], &cm[2]);
        omega = scl3(&omega, 1.0 / (d.abs() + mjMINVAL));
        let w = normalize3(&mut omega);
        if w < EPS {
            break;
        }
        let qrot = axis_angle2quat(&omega, w);
        *quat = mul_quat(&qrot, quat);
        normalize4(quat);
        iter += 1;
    }
    iter
}

/// Quaternion of a sequence of rotations about the axes named in `seq` (bytes of the C string,
/// three of 'xyzXYZ': lower case intrinsic, upper case extrinsic). A sequence of another length
/// or with another character is reported through mju_error; a bad character then contributes
/// no rotation (positions past the end count as NUL).
pub fn euler2quat(euler: &[f64; 3], seq: &[u8]) -> [f64; 4] {
    if seq.len() != 3 {
        crate::mjerror!("mju_euler2Quat", "seq must contain exactly 3 characters");
    }
    let mut q = [1.0, 0.0, 0.0, 0.0];
    for (i, &angle) in euler.iter().enumerate() {
        let c = seq.get(i).copied().unwrap_or(0);
        let s = (angle / 2.0).sin();
        let mut rot = [(angle / 2.0).cos(), 0.0, 0.0, 0.0];
        match c {
            b'x' | b'X' => rot[1] = s,
            b'y' | b'Y' => rot[2] = s,
            b'z' | b'Z' => rot[3] = s,
            _ => bad_axis(i, c),
        }
        q = if matches!(c, b'x' | b'y' | b'z') { mul_quat(&q, &rot) } else { mul_quat(&rot, &q) };
    }
    q
}

/// Reports "seq[i] is 'c', ..." with the character as the raw byte, as printf's %c writes it.
fn bad_axis(i: usize, c: u8) {
    if c.is_ascii() {
        crate::mjerror!("mju_euler2Quat", "seq[{}] is '{}', should be one of x, y, z, X, Y, Z", i, c as char);
    } else {
        // printf's %c writes the raw byte, which a Rust `char` would not
        let head = crate::runtime::error::format(format_args!("mju_euler2Quat: seq[{i}] is '"));
        let tail = b"', should be one of x, y, z, X, Y, Z\0";
        let mut buf = [0u8; 128];
        let h = head.as_bytes();
        buf[..h.len()].copy_from_slice(h);
        buf[h.len()] = c;
        buf[h.len() + 1..h.len() + 1 + tail.len()].copy_from_slice(tail);
        // SAFETY: the buffer is zero-filled past the message, so it is NUL-terminated
        unsafe { crate::runtime::error::raise_raw(buf.as_ptr().cast()) }
    }
}

//------------------------------ poses (pos, quat) -------------------------------------------------

/// Composition of two poses: (pos1, quat1) * (pos2, quat2), quaternion normalized.
#[inline]
pub fn mul_pose(pos1: &[f64; 3], quat1: &[f64; 4], pos2: &[f64; 3], quat2: &[f64; 4]) -> ([f64; 3], [f64; 4]) {
    let mut q = mul_quat(quat1, quat2);
    normalize4(&mut q);
    let mut p = rot_vec_quat(pos2, quat1);
    add_to3(&mut p, pos1);
    (p, q)
}

/// Inverse of a pose.
#[inline]
pub fn neg_pose(pos: &[f64; 3], quat: &[f64; 4]) -> ([f64; 3], [f64; 4]) {
    let q = neg_quat(quat);
    let p = scl3(&rot_vec_quat(pos, &q), -1.0);
    (p, q)
}

/// Transforms `vec` by the pose (pos, quat): quat * vec + pos.
#[inline]
pub fn trn_vec_pose(pos: &[f64; 3], quat: &[f64; 4], vec: &[f64; 3]) -> [f64; 3] {
    let mut r = rot_vec_quat(vec, quat);
    add_to3(&mut r, pos);
    r
}

//------------------------------ spatial algebra ---------------------------------------------------

/// Cross product a x b.
#[inline]
pub fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// 6D inertia (10 numbers: 3 diagonal, 3 off-diagonal, mass * com offset, mass) times a 6D
/// motion vector (rotation, translation).
#[inline]
pub fn mul_inert_vec(i: &[f64; 10], v: &[f64; 6]) -> [f64; 6] {
    [
        i[0] * v[0] + i[3] * v[1] + i[4] * v[2] - i[8] * v[4] + i[7] * v[5],
        i[3] * v[0] + i[1] * v[1] + i[5] * v[2] + i[8] * v[3] - i[6] * v[5],
        i[4] * v[0] + i[5] * v[1] + i[2] * v[2] - i[7] * v[3] + i[6] * v[4],
        i[8] * v[1] - i[7] * v[2] + i[9] * v[3],
        i[6] * v[2] - i[8] * v[0] + i[9] * v[4],
        i[7] * v[0] - i[6] * v[1] + i[9] * v[5],
    ]
}

/// Moves a 6D motion or force vector (rotation:translation) from a frame at `oldpos` to one at
/// `newpos`, then rotates it into the new frame when `rotnew2old` (new axes as columns) is given.
pub fn transform_spatial(
    vec: &[f64; 6],
    force: bool,
    newpos: &[f64; 3],
    oldpos: &[f64; 3],
    rotnew2old: Option<&[f64; 9]>,
) -> [f64; 6] {
    let mut tran = *vec;
    let dif = sub3(newpos, oldpos);
    let (top, bottom) = ([vec[0], vec[1], vec[2]], [vec[3], vec[4], vec[5]]);
    if force {
        let c = cross(&dif, &bottom);
        tran[..3].copy_from_slice(&sub3(&top, &c));
    } else {
        let c = cross(&dif, &top);
        tran[3..].copy_from_slice(&sub3(&bottom, &c));
    }
    match rotnew2old {
        Some(rot) => {
            let mut res = [0.0; 6];
            let (a, b) = ([tran[0], tran[1], tran[2]], [tran[3], tran[4], tran[5]]);
            res[..3].copy_from_slice(&mul_mat_t_vec3(rot, &a));
            res[3..].copy_from_slice(&mul_mat_t_vec3(rot, &b));
            res
        }
        None => tran,
    }
}

/// Motion cross product `vel x v` (`mju_crossMotion`).
#[inline]
pub fn cross_motion(vel: &[f64; 6], v: &[f64; 6]) -> [f64; 6] {
    let mut r = [
        -vel[2] * v[1] + vel[1] * v[2],
        vel[2] * v[0] - vel[0] * v[2],
        -vel[1] * v[0] + vel[0] * v[1],
        -vel[2] * v[4] + vel[1] * v[5],
        vel[2] * v[3] - vel[0] * v[5],
        -vel[1] * v[3] + vel[0] * v[4],
    ];
    r[3] += -vel[5] * v[1] + vel[4] * v[2];
    r[4] += vel[5] * v[0] - vel[3] * v[2];
    r[5] += -vel[4] * v[0] + vel[3] * v[1];
    r
}

/// Force cross product `vel x* f` (`mju_crossForce`).
#[inline]
pub fn cross_force(vel: &[f64; 6], f: &[f64; 6]) -> [f64; 6] {
    let mut r = [
        -vel[2] * f[1] + vel[1] * f[2],
        vel[2] * f[0] - vel[0] * f[2],
        -vel[1] * f[0] + vel[0] * f[1],
        -vel[2] * f[4] + vel[1] * f[5],
        vel[2] * f[3] - vel[0] * f[5],
        -vel[1] * f[3] + vel[0] * f[4],
    ];
    r[0] += -vel[5] * f[4] + vel[4] * f[5];
    r[1] += vel[5] * f[3] - vel[3] * f[5];
    r[2] += -vel[4] * f[3] + vel[3] * f[4];
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn quarter_turn_about_z() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let q = axis_angle2quat(&[0.0, 0.0, 1.0], std::f64::consts::FRAC_PI_2);
        assert!(close(&q, &[h, 0.0, 0.0, h]));
        assert!(close(&rot_vec_quat(&[1.0, 0.0, 0.0], &q), &[0.0, 1.0, 0.0]));
        let m = quat2mat(&q);
        assert!(close(&m, &[0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]));
        assert!(close(&mat2quat(&m), &q));
        // velocity that produces this rotation in 2 time units
        assert!(close(&quat2vel(&q, 2.0), &[0.0, 0.0, std::f64::consts::FRAC_PI_4]));
        // two quarter turns make a half turn
        assert!(close(&mul_quat(&q, &q), &[0.0, 0.0, 0.0, 1.0]));
        assert!(close(&mul_quat(&q, &neg_quat(&q)), &[1.0, 0.0, 0.0, 0.0]));
        let mut qi = [1.0, 0.0, 0.0, 0.0];
        quat_integrate(&mut qi, &[0.0, 0.0, 1.0], std::f64::consts::FRAC_PI_2);
        assert!(close(&qi, &q));
        assert!(close(&euler2quat(&[0.0, 0.0, std::f64::consts::FRAC_PI_2], b"xyz"), &q));
        assert!(close(&sub_quat(&q, &[1.0, 0.0, 0.0, 0.0]), &[0.0, 0.0, std::f64::consts::FRAC_PI_2]));
    }

    #[test]
    fn cross_identities() {
        let (a, b) = ([1.0, 2.0, 3.0], [-4.0, 0.5, 2.0]);
        let c = cross(&a, &b);
        assert_eq!(dot3(&c, &a), 0.0);
        assert_eq!(dot3(&c, &b), 0.0);
        assert_eq!(cross(&b, &a), scl3(&c, -1.0));
        assert_eq!(cross(&[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0]), [0.0, 0.0, 1.0]);
    }

    #[test]
    fn z_to_vector() {
        assert_eq!(quat_z2vec(&[0.0, 0.0, 5.0]), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(quat_z2vec(&[0.0, 0.0, -5.0]), [0.0, 1.0, 0.0, 0.0]);
        assert_eq!(quat_z2vec(&[0.0, 0.0, 0.0]), [1.0, 0.0, 0.0, 0.0]);
        let q = quat_z2vec(&[1.0, 0.0, 0.0]);
        assert!(close(&rot_vec_quat(&[0.0, 0.0, 1.0], &q), &[1.0, 0.0, 0.0]));
    }

    #[test]
    fn poses() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let q = [h, 0.0, 0.0, h];
        let p = [1.0, 2.0, 3.0];
        assert!(close(&trn_vec_pose(&p, &q, &[1.0, 0.0, 0.0]), &[1.0, 3.0, 3.0]));
        let (np, nq) = neg_pose(&p, &q);
        let (ip, iq) = mul_pose(&p, &q, &np, &nq);
        assert!(close(&ip, &[0.0; 3]));
        assert!(close(&iq, &[1.0, 0.0, 0.0, 0.0]));
        // extracting the rotation of a pure rotation scaled by 2
        let m: Vec<f64> = quat2mat(&q).iter().map(|x| 2.0 * x).collect();
        let mut guess = [1.0, 0.0, 0.0, 0.0];
        let it = mat2rot(&mut guess, &m.try_into().unwrap());
        assert!(it > 0 && it < 500);
        // stops once the correction angle is below 1e-9
        assert!(guess.iter().zip(&q).all(|(a, b)| (a - b).abs() < 1e-8), "{guess:?} after {it}");
    }

    #[test]
    fn spatial() {
        // seen from +1 along x, a pure rotation about z moves with velocity +y
        let v = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0];
        let r = transform_spatial(&v, false, &[1.0, 0.0, 0.0], &[0.0; 3], None);
        assert_eq!(r, [0.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
        // a point mass 1 at the origin: inertia times linear velocity is momentum
        let inert = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        assert_eq!(mul_inert_vec(&inert, &[0.0, 0.0, 0.0, 1.0, 2.0, 3.0]), [0.0, 0.0, 0.0, 1.0, 2.0, 3.0]);
        assert!(close(&deriv_quat(&[1.0, 0.0, 0.0, 0.0], &[0.0, 0.0, 2.0]), &[0.0, 0.0, 0.0, 1.0]));
    }
}
