//! Small geometry helpers of the model side (spec editing and the compiler), with upstream's
//! compiler-side formulas (these differ in detail from the engine's mju_ functions, e.g. products
//! renormalise).

use crate::abi::mjPI;
use crate::spec::Orientation;

pub const EPS: f64 = 1e-14;
pub const MINVAL: f64 = 1e-15;

/// Normalises `v` unless its length is within EPS of 1; returns the previous length (0 when
/// the vector is too small to normalise).
pub fn normvec(v: &mut [f64]) -> f64 {
    let mut n = 0.0;
    for x in v.iter() {
        n += x * x;
    }
    if n < EPS {
        return 0.0;
    }
    n = n.sqrt();
    if (n - 1.0).abs() > EPS {
        for x in v.iter_mut() {
            *x /= n;
        }
    }
    n
}

pub fn quat2mat(q: &[f64; 4]) -> [f64; 9] {
    if q[0] == 1.0 && q[1] == 0.0 && q[2] == 0.0 && q[3] == 0.0 {
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    }
    let (q00, q01, q02, q03) = (q[0] * q[0], q[0] * q[1], q[0] * q[2], q[0] * q[3]);
    let (q11, q12, q13) = (q[1] * q[1], q[1] * q[2], q[1] * q[3]);
    let (q22, q23, q33) = (q[2] * q[2], q[2] * q[3], q[3] * q[3]);
    let mut r = [0.0; 9];
    r[0] = q00 + q11 - q22 - q33;
    r[4] = q00 - q11 + q22 - q33;
    r[8] = q00 - q11 - q22 + q33;
    r[1] = 2.0 * (q12 - q03);
    r[2] = 2.0 * (q13 + q02);
    r[3] = 2.0 * (q12 + q03);
    r[5] = 2.0 * (q23 - q01);
    r[6] = 2.0 * (q13 - q02);
    r[7] = 2.0 * (q23 + q01);
    r
}

/// Quaternion product, renormalised.
pub fn mulquat(a: &[f64; 4], b: &[f64; 4]) -> [f64; 4] {
    let mut t = [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ];
    normvec(&mut t);
    t
}

/// mat * vec for a row-major 3x3 matrix.
pub fn mulvecmat(v: &[f64; 3], m: &[f64; 9]) -> [f64; 3] {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}

pub fn mulmat(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut t = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            t[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
        }
    }
    t
}

pub fn transpose(m: &[f64; 9]) -> [f64; 9] {
    [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]]
}

pub fn cross(b: &[f64; 3], c: &[f64; 3]) -> [f64; 3] {
    [b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0]]
}

pub fn dot3(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Rotates `v` by quaternion `q`.
pub fn rot_vec_quat(v: &[f64; 3], q: &[f64; 4]) -> [f64; 3] {
    if v[0] == 0.0 && v[1] == 0.0 && v[2] == 0.0 {
        return [0.0; 3];
    }
    if q[0] == 1.0 && q[1] == 0.0 && q[2] == 0.0 && q[3] == 0.0 {
        return *v;
    }
    let t = [
        q[0] * v[0] + q[2] * v[2] - q[3] * v[1],
        q[0] * v[1] + q[3] * v[0] - q[1] * v[2],
        q[0] * v[2] + q[1] * v[1] - q[2] * v[0],
    ];
    [
        v[0] + 2.0 * (q[2] * t[2] - q[3] * t[1]),
        v[1] + 2.0 * (q[3] * t[0] - q[1] * t[2]),
        v[2] + 2.0 * (q[1] * t[1] - q[2] * t[0]),
    ]
}

/// Minimal rotation taking +z to `vec`.
pub fn z2quat(vec: &[f64; 3]) -> [f64; 4] {
    let mut axis = cross(&[0.0, 0.0, 1.0], vec);
    let s = normvec(&mut axis);
    if s < 1e-10 {
        axis = [1.0, 0.0, 0.0];
    }
    let ang = s.atan2(vec[2]);
    let sa = (ang / 2.0).sin();
    [(ang / 2.0).cos(), axis[0] * sa, axis[1] * sa, axis[2] * sa]
}

/// Quaternion of the frame whose axes are the columns x, y, z.
pub fn frame2quat(x: &[f64; 3], y: &[f64; 3], z: &[f64; 3]) -> [f64; 4] {
    let m = [x, y, z];
    let mut q = [0.0; 4];
    if m[0][0] + m[1][1] + m[2][2] > 0.0 {
        q[0] = 0.5 * (1.0 + m[0][0] + m[1][1] + m[2][2]).sqrt();
        q[1] = 0.25 * (m[1][2] - m[2][1]) / q[0];
        q[2] = 0.25 * (m[2][0] - m[0][2]) / q[0];
        q[3] = 0.25 * (m[0][1] - m[1][0]) / q[0];
    } else if m[0][0] > m[1][1] && m[0][0] > m[2][2] {
        q[1] = 0.5 * (1.0 + m[0][0] - m[1][1] - m[2][2]).sqrt();
        q[0] = 0.25 * (m[1][2] - m[2][1]) / q[1];
        q[2] = 0.25 * (m[1][0] + m[0][1]) / q[1];
        q[3] = 0.25 * (m[2][0] + m[0][2]) / q[1];
    } else if m[1][1] > m[2][2] {
        q[2] = 0.5 * (1.0 - m[0][0] + m[1][1] - m[2][2]).sqrt();
        q[0] = 0.25 * (m[2][0] - m[0][2]) / q[2];
        q[1] = 0.25 * (m[1][0] + m[0][1]) / q[2];
        q[3] = 0.25 * (m[2][1] + m[1][2]) / q[2];
    } else {
        q[3] = 0.5 * (1.0 - m[0][0] - m[1][1] + m[2][2]).sqrt();
        q[0] = 0.25 * (m[0][1] - m[1][0]) / q[3];
        q[1] = 0.25 * (m[2][0] + m[0][2]) / q[3];
        q[2] = 0.25 * (m[2][1] + m[1][2]) / q[3];
    }
    normvec(&mut q);
    q
}

/// pos/quat <- pos/quat composed with child pose.
pub fn frameaccum(pos: &mut [f64; 3], quat: &mut [f64; 4], cpos: &[f64; 3], cquat: &[f64; 4]) {
    let m = quat2mat(quat);
    let v = mulvecmat(cpos, &m);
    pos[0] += v[0];
    pos[1] += v[1];
    pos[2] += v[2];
    *quat = mulquat(quat, cquat);
}

/// child pose <- parent pose composed with child pose.
pub fn frameaccum_child(pos: &[f64; 3], quat: &[f64; 4], cpos: &mut [f64; 3], cquat: &mut [f64; 4]) {
    let mut p = *pos;
    let mut q = *quat;
    frameaccum(&mut p, &mut q, cpos, cquat);
    *cpos = p;
    *cquat = q;
}

/// Inverse of a pose.
pub fn frameinvert(pos: &[f64; 3], quat: &[f64; 4]) -> ([f64; 3], [f64; 4]) {
    let qneg = [quat[0], -quat[1], -quat[2], -quat[3]];
    let m = quat2mat(&qneg);
    let p = mulvecmat(pos, &m);
    ([-p[0], -p[1], -p[2]], qneg)
}

/// Full inertia (xx yy zz xy xz yz) of a diagonal inertia rotated by `quat`.
pub fn globalinertia(local: &[f64; 3], quat: &[f64; 4]) -> [f64; 6] {
    let m = quat2mat(quat);
    let t = [
        m[0] * local[0],
        m[3] * local[0],
        m[6] * local[0],
        m[1] * local[1],
        m[4] * local[1],
        m[7] * local[1],
        m[2] * local[2],
        m[5] * local[2],
        m[8] * local[2],
    ];
    [
        m[0] * t[0] + m[1] * t[3] + m[2] * t[6],
        m[3] * t[1] + m[4] * t[4] + m[5] * t[7],
        m[6] * t[2] + m[7] * t[5] + m[8] * t[8],
        m[0] * t[1] + m[1] * t[4] + m[2] * t[7],
        m[0] * t[2] + m[1] * t[5] + m[2] * t[8],
        m[3] * t[2] + m[4] * t[5] + m[5] * t[8],
    ]
}

/// Parallel-axis term of a point mass at offset `v`.
pub fn offcenter(mass: f64, v: &[f64; 3]) -> [f64; 6] {
    [
        mass * (v[1] * v[1] + v[2] * v[2]),
        mass * (v[0] * v[0] + v[2] * v[2]),
        mass * (v[0] * v[0] + v[1] * v[1]),
        -mass * v[0] * v[1],
        -mass * v[0] * v[2],
        -mass * v[1] * v[2],
    ]
}

const EIG_EPS: f64 = 1e-12;

/// Eigen-decomposition of a symmetric 3x3 matrix by Jacobi rotations; eigenvalues sorted in
/// decreasing order, eigenvectors as the rotation `quat`.
pub fn eig3(mat: &[f64; 9]) -> ([f64; 3], [f64; 4]) {
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    let mut eigval = [0.0; 3];
    for _ in 0..500 {
        let ev = quat2mat(&quat);
        let d = mulmat(&mulmat(&transpose(&ev), mat), &ev);
        eigval = [d[0], d[4], d[8]];
        let (rk, ck, rotk) = if d[1].abs() > d[2].abs() && d[1].abs() > d[5].abs() {
            (0, 1, 2)
        } else if d[2].abs() > d[5].abs() {
            (0, 2, 1)
        } else {
            (1, 2, 0)
        };
        if d[3 * rk + ck].abs() < EIG_EPS {
            break;
        }
        let tau = (d[4 * ck] - d[4 * rk]) / (2.0 * d[3 * rk + ck]);
        let t =
            if tau >= 0.0 { 1.0 / (tau + (1.0 + tau * tau).sqrt()) } else { -1.0 / (-tau + (1.0 + tau * tau).sqrt()) };
        let c = 1.0 / (1.0 + t * t).sqrt();
        if c > 1.0 - EIG_EPS {
            break;
        }
        let mut tmp = [0.0; 4];
        tmp[rotk + 1] = if tau >= 0.0 { -(0.5 - 0.5 * c).sqrt() } else { (0.5 - 0.5 * c).sqrt() };
        if rotk == 1 {
            tmp[rotk + 1] = -tmp[rotk + 1];
        }
        tmp[0] = (1.0 - tmp[rotk + 1] * tmp[rotk + 1]).sqrt();
        normvec(&mut tmp);
        quat = mulquat(&quat, &tmp);
        normvec(&mut quat);
    }
    for j in 0..3 {
        let j1 = j % 2;
        if eigval[j1] + EIG_EPS < eigval[j1 + 1] {
            eigval.swap(j1, j1 + 1);
            // upstream's literal, one ulp off 1/sqrt(2): kept for the same results
            #[allow(clippy::approx_constant)]
            let mut tmp = [0.707106781186548, 0.0, 0.0, 0.0];
            tmp[(j1 + 2) % 3 + 1] = tmp[0];
            quat = mulquat(&quat, &tmp);
            normvec(&mut quat);
        }
    }
    (eigval, quat)
}

/// Principal axes and moments of a full inertia (xx yy zz xy xz yz).
pub fn full_inertia(full: &[f64; 6]) -> Result<([f64; 4], [f64; 3]), &'static str> {
    let m = [full[0], full[3], full[4], full[3], full[1], full[5], full[4], full[5], full[2]];
    let (ev, q) = eig3(&m);
    if ev[2] < EPS {
        return Err("inertia must have positive eigenvalues");
    }
    Ok((q, ev))
}

/// Applies an alternative orientation to `quat` (unchanged for `Orientation::Quat`).
pub fn resolve_orientation(
    quat: &mut [f64; 4],
    degree: bool,
    seq: &[u8; 3],
    alt: &impl crate::spec::element::AltField,
) -> Result<(), &'static str> {
    let alt = &alt.value();
    match *alt {
        Orientation::Quat => {}
        Orientation::AxisAngle(aa) => {
            let mut axis = [aa[0], aa[1], aa[2]];
            let mut ang = aa[3];
            if degree {
                ang = ang / 180.0 * mjPI;
            }
            if normvec(&mut axis) < EPS {
                return Err("axisangle too small");
            }
            let a2 = ang / 2.0;
            *quat = [a2.cos(), a2.sin() * axis[0], a2.sin() * axis[1], a2.sin() * axis[2]];
        }
        Orientation::XYAxes(xy) => {
            let mut x = [xy[0], xy[1], xy[2]];
            let mut y = [xy[3], xy[4], xy[5]];
            if normvec(&mut x) < EPS {
                return Err("xaxis too small");
            }
            let d = dot3(&x, &y);
            y[0] -= x[0] * d;
            y[1] -= x[1] * d;
            y[2] -= x[2] * d;
            if normvec(&mut y) < EPS {
                return Err("yaxis too small");
            }
            let mut z = cross(&x, &y);
            if normvec(&mut z) < EPS {
                return Err("cross(xaxis, yaxis) too small");
            }
            *quat = frame2quat(&x, &y, &z);
        }
        Orientation::ZAxis(z) => {
            let mut z = z;
            if normvec(&mut z) < EPS {
                return Err("zaxis too small");
            }
            *quat = z2quat(&z);
        }
        Orientation::Euler(eu) => {
            let mut e = eu;
            if degree {
                for x in e.iter_mut() {
                    *x = *x / 180.0 * mjPI;
                }
            }
            let mut q = [1.0, 0.0, 0.0, 0.0];
            for i in 0..3 {
                let mut r = [(e[i] / 2.0).cos(), 0.0, 0.0, 0.0];
                let sa = (e[i] / 2.0).sin();
                match seq[i] {
                    b'x' | b'X' => r[1] = sa,
                    b'y' | b'Y' => r[2] = sa,
                    b'z' | b'Z' => r[3] = sa,
                    _ => return Err("euler sequence can only contain x, y, z, X, Y, Z"),
                }
                q = if seq[i].is_ascii_lowercase() { mulquat(&q, &r) } else { mulquat(&r, &q) };
            }
            normvec(&mut q);
            *quat = q;
        }
    }
    Ok(())
}
