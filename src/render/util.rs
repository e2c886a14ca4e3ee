//! Single-precision vector helpers and the fixed-function matrix set-ups of the renderer
//! (look-at, perspective, reflection, model transform), all in OpenGL's column-major order.

use super::gl::*;
use crate::abi::mjrRect;

/// Unit normal of triangle (p1, p2, p3), +z for a degenerate one.
pub fn make_normal(p1: &[f32], p2: &[f32], p3: &[f32]) -> [f32; 3] {
    let a = [p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]];
    let b = [p3[0] - p1[0], p3[1] - p1[1], p3[2] - p1[2]];
    let mut n = cross(&a, &b);
    normalize(&mut n);
    n
}

pub fn cross(b: &[f32], c: &[f32]) -> [f32; 3] {
    [b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0]]
}

/// Normalizes in place; a vector shorter than 1e-10 becomes +z.
pub fn normalize(v: &mut [f32; 3]) {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if len < 1e-10 {
        *v = [0.0, 0.0, 1.0];
    } else {
        let s = 1.0 / len;
        v[0] *= s;
        v[1] *= s;
        v[2] *= s;
    }
}

pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A unit vector orthogonal to v: v × (-x), or v × (+y) when v is nearly along x.
pub fn ortho(v: &[f32; 3]) -> [f32; 3] {
    let mut r = cross(v, &[-1.0, 0.0, 0.0]);
    if (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) as f64 > 0.01 {
        normalize(&mut r);
        return r;
    }
    let mut r = cross(v, &[0.0, 1.0, 0.0]);
    normalize(&mut r);
    r
}

/// Product of two column-major 4×4 matrices.
pub fn mul44(a: &[f32; 16], b: &[f32; 16]) -> [f32; 16] {
    let mut res = [0.0f32; 16];
    for r in 0..4 {
        for c in 0..4 {
            let mut s = 0.0f32;
            for i in 0..4 {
                s += a[r + 4 * i] * b[i + 4 * c];
            }
            res[r + 4 * c] = s;
        }
    }
    res
}

/// Row r of a column-major 4×4 matrix.
pub fn row4(a: &[f32; 16], r: usize) -> [f32; 4] {
    [a[r], a[r + 4], a[r + 8], a[r + 12]]
}

/// Multiplies the current matrix by a view matrix at `eye` looking along `forward`.
pub fn look_at(eye: &[f32; 3], forward: &[f32; 3], up: &[f32; 3]) {
    let mut f = *forward;
    normalize(&mut f);
    let mut s = cross(&f, up);
    normalize(&mut s);
    let mut u = cross(&s, &f);
    normalize(&mut u);
    let mat = [
        s[0],
        u[0],
        -f[0],
        0.0, //
        s[1],
        u[1],
        -f[1],
        0.0, //
        s[2],
        u[2],
        -f[2],
        0.0, //
        -dot(&s, eye),
        -dot(&u, eye),
        dot(&f, eye),
        1.0,
    ];
    glMultMatrixf(&mat);
}

/// Symmetric perspective frustum with vertical field of view `fovy` (degrees).
pub fn perspective(fovy: f32, aspect: f32, znear: f32, zfar: f32) {
    let h = (fovy as f64 / 360.0 * core::f64::consts::PI).tan() * znear as f64;
    let w = h * aspect as f64;
    glFrustum(-w, w, -h, h, znear as f64, zfar as f64);
}

/// Multiplies the current matrix by the reflection through the plane at `pos` with normal
/// along the third column of `mat`.
pub fn reflect(pos: &[f32; 3], mat: &[f32; 9]) {
    let v = [mat[2], mat[5], mat[8]];
    let mut vvt = [0.0f32; 9];
    for i in 0..3 {
        for j in 0..3 {
            vvt[3 * i + j] = v[i] * v[j];
        }
    }
    let r = [
        1.0 - 2.0 * vvt[0],
        -2.0 * vvt[1],
        -2.0 * vvt[2],
        0.0, //
        -2.0 * vvt[3],
        1.0 - 2.0 * vvt[4],
        -2.0 * vvt[5],
        0.0, //
        -2.0 * vvt[6],
        -2.0 * vvt[7],
        1.0 - 2.0 * vvt[8],
        0.0, //
        2.0 * dot(&vvt[0..3], pos),
        2.0 * dot(&vvt[3..6], pos),
        2.0 * dot(&vvt[6..9], pos),
        1.0,
    ];
    glMultMatrixf(&r);
}

/// Multiplies the current matrix by translate · rotate(quaternion) · scale.
pub fn transform(translate: &[f32; 3], rotate: &[f32; 4], scale: f32) {
    let q = [rotate[0] as f64, rotate[1] as f64, rotate[2] as f64, rotate[3] as f64];
    let m = crate::math::spatial::quat2mat(&q);
    let g = [
        scale * m[0] as f32,
        scale * m[3] as f32,
        scale * m[6] as f32,
        0.0, //
        scale * m[1] as f32,
        scale * m[4] as f32,
        scale * m[7] as f32,
        0.0, //
        scale * m[2] as f32,
        scale * m[5] as f32,
        scale * m[8] as f32,
        0.0, //
        translate[0],
        translate[1],
        translate[2],
        1.0,
    ];
    glMultMatrixf(&g);
}

/// Index of the first rectangle containing (x, y), -1 when none does.
pub fn find_rect(x: i32, y: i32, rects: &[mjrRect]) -> i32 {
    rects
        .iter()
        .position(|r| x >= r.left && x < r.left + r.width && y >= r.bottom && y < r.bottom + r.height)
        .map_or(-1, |i| i as i32)
}
