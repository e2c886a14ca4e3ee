//! Builtin point meshes with frames (wedge, plate) and the cone's vertex set.

use super::Mesh;
use crate::abi::mjtMeshInertia_::mjMESH_INERTIA_SHELL;
use std::f64::consts::PI;

/// `n` numbers from `lo` to `hi` in equal steps, made by repeated addition.
fn lin_space(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let step = if n > 1 { (hi - lo) / (n - 1) as f64 } else { 0.0 };
    let mut x = lo;
    (0..n)
        .map(|_| {
            let v = x;
            x += step;
            v
        })
        .collect()
}

/// Bin edges over [-1, 1] for `bins` bins, pulled toward the center by the quintic blend
/// `gamma` and scaled to radians of the field of view `fov_deg`.
fn bin_edges(bins: usize, fov_deg: f64, gamma: f64) -> Vec<f64> {
    let scale = fov_deg * PI / 180.0;
    lin_space(-1.0, 1.0, bins + 1)
        .into_iter()
        .map(|x| {
            let x = if gamma == 0.0 {
                x
            } else {
                let g = gamma.clamp(0.0, 1.0);
                g * x.powf(5.0) + (1.0 - g) * x
            };
            scale * x
        })
        .collect()
}

/// Scales a double 3-vector to unit length as upstream's `mjuu_normvec` does (left alone
/// when tiny or already within 1e-14 of unit length).
fn normalize(v: &mut [f64; 3]) {
    let sq = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if sq < 1e-14 {
        return;
    }
    let len = sq.sqrt();
    if (len - 1.0).abs() > 1e-14 {
        v.iter_mut().for_each(|x| *x /= len);
    }
}

/// Points on the unit sphere at the centers of an azimuth x elevation grid (`res` bins over
/// `fov` degrees, foveated by `gamma`), each with a frame (normal, azimuth and elevation
/// tangents) stored as its 9 normals. No faces.
pub(super) fn wedge(m: &mut Mesh, res: [usize; 2], fov: [f64; 2], gamma: f64) {
    let az = bin_edges(res[0], fov[0], gamma);
    let el = bin_edges(res[1], fov[1], gamma);
    let n = res[0] * res[1];
    let mut vert = Vec::with_capacity(3 * n);
    let mut frame = Vec::with_capacity(9 * n);
    for i in 0..res[0] {
        let a = 0.5 * (az[i + 1] + az[i]);
        for j in 0..res[1] {
            let e = 0.5 * (el[j + 1] + el[j]);
            let r = 1.0f64;
            vert.extend([r * e.cos() * a.sin(), r * e.sin(), -r * e.cos() * a.cos()].map(|x| x as f32));
            let mut ta = [r * e.cos() * a.cos(), 0.0, r * e.cos() * a.sin()];
            let mut te = [-r * e.sin() * a.sin(), r * e.cos(), r * e.sin() * a.cos()];
            normalize(&mut ta);
            normalize(&mut te);
            let nrm = [te[1] * ta[2] - te[2] * ta[1], te[2] * ta[0] - te[0] * ta[2], te[0] * ta[1] - te[1] * ta[0]];
            for v in [nrm, ta, te] {
                frame.extend(v.map(|x| x as f32));
            }
        }
    }
    m.uservert = vert.into();
    m.usernormal = frame.into();
}

/// Grid of `res[0]` x `res[1]` cell centers on the square [-1, 1]² at z = -1, with identity
/// frames as normals, two triangles between each four neighbours, and shell inertia.
pub(super) fn plate(m: &mut Mesh, res: [usize; 2]) {
    let n = res[0] * res[1];
    let dx = 2.0 / res[0] as f64;
    let dy = 2.0 / res[1] as f64;
    let mut vert = Vec::with_capacity(3 * n);
    let mut frame = Vec::with_capacity(9 * n);
    let mut face: Vec<i32> = Vec::with_capacity(6 * (res[0] - 1) * (res[1] - 1));
    for i in 0..res[0] {
        for j in 0..res[1] {
            vert.extend([-1.0 + (i as f64 + 0.5) * dx, -1.0 + (j as f64 + 0.5) * dy, -1.0].map(|x| x as f32));
            frame.extend([1f32, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
            if i > 0 && j > 0 {
                let (p, q) = ((i - 1) * res[1] + j, i * res[1] + j);
                face.extend([p - 1, q - 1, p, q, p, q - 1].map(|x| x as i32));
            }
        }
    }
    m.inertia = mjMESH_INERTIA_SHELL as i32;
    m.uservert = vert.into();
    m.usernormal = frame.into();
    m.userface = face.into();
}

/// Vertices of a cone: a unit `nedge`-gon at z = -1 and either the same polygon scaled by
/// `radius` at z = 1 or (radius <= 0) the apex (0, 0, 1). The hull makes the faces.
pub(super) fn cone(m: &mut Mesh, nedge: i32, radius: f64) -> Result<(), String> {
    if nedge < 0 {
        // upstream sizes a vector by a negative count here and crashes
        return Err("Error: Cone mesh type requires a nonnegative number of edges".to_string());
    }
    let angle = |i: i32| (2 * i) as f64 * PI / nedge as f64;
    let mut vert = Vec::with_capacity(6 * nedge as usize + 3);
    for i in 0..nedge {
        vert.extend([angle(i).cos(), angle(i).sin(), -1.0].map(|x| x as f32));
    }
    if radius > 0.0 {
        for i in nedge..2 * nedge {
            vert.extend([radius * angle(i).cos(), radius * angle(i).sin(), 1.0].map(|x| x as f32));
        }
    } else {
        vert.extend([0f32, 0.0, 1.0]);
    }
    m.uservert = vert.into();
    Ok(())
}
