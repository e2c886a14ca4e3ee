//! Narrowphase for pairs of primitive shapes (plane, sphere, capsule, cylinder): upstream's
//! `engine_collision_primitive.c`. Each pair function writes up to `mjMAXCONPAIR` contacts into
//! `con` (position, frame normal in `frame[0..3]`, `dist`) and returns how many it found.
//!
//! Every formula keeps upstream's order of floating-point operations, so contacts are
//! bit-identical to `libmujoco.so`.

use crate::abi::*;
use crate::engine::{v3, v9};
use crate::math::blas::{
    add3, add_scl3, add_to3, add_to_scl3, dot, dot3, mul_mat_vec3, normalize3, scl3, sub3, sub_from3,
};
use crate::math::misc::{clip, max, sign};
use crate::math::spatial::cross;

/// Pose and size of one geom: world position, rotation matrix, size (3 numbers).
pub(crate) type GeomPose<'a> = (&'a [f64; 3], &'a [f64; 9], &'a [f64]);

/// World poses and sizes of geoms `g1` and `g2` (upstream's `mjGETINFO`).
#[inline(always)]
pub(crate) fn geom_pair<'a>(m: &'a mjModel, d: &'a mjData, g1: usize, g2: usize) -> (GeomPose<'a>, GeomPose<'a>) {
    let DataRef { geom_xpos: xpos, geom_xmat: xmat, .. } = d.arrays(m);
    let size = m.geom_size();
    ((v3(xpos, g1), v9(xmat, g1), &size[3 * g1..3 * g1 + 3]), (v3(xpos, g2), v9(xmat, g2), &size[3 * g2..3 * g2 + 3]))
}

/// z axis (third column) of a rotation matrix.
#[inline]
pub(crate) fn zaxis(mat: &[f64; 9]) -> [f64; 3] {
    [mat[2], mat[5], mat[8]]
}

/// Writes the contact normal into `frame[0..3]` and clears `frame[3..6]`.
#[inline]
pub(crate) fn set_normal(c: &mut mjContact, normal: &[f64; 3]) {
    c.frame[..3].copy_from_slice(normal);
    c.frame[3..6].fill(0.0);
}

//------------------------------ plane ---------------------------------------------------------------

/// Plane (pose 1) against a sphere of radius `size2[0]` at `pos2`.
fn raw_plane_sphere(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    pos2: &[f64; 3],
    size2: &[f64],
) -> usize {
    let normal = zaxis(mat1);
    let rel = sub3(pos2, pos1);
    let cdist = dot3(&rel, &normal);
    if cdist > margin + size2[0] {
        return 0;
    }
    let c = &mut con[0];
    c.dist = cdist - size2[0];
    let shift = scl3(&normal, -c.dist / 2.0 - size2[0]);
    c.pos = add3(pos2, &shift);
    set_normal(c, &normal);
    1
}

/// Plane `g1` against sphere `g2`.
pub fn plane_sphere(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, _), (pos2, _, size2)) = geom_pair(m, d, g1, g2);
    raw_plane_sphere(con, margin, pos1, mat1, pos2, size2)
}

/// Plane `g1` against capsule `g2`.
pub fn plane_capsule(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, _), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    let axis = zaxis(mat2);
    let segment = [size2[1] * axis[0], size2[1] * axis[1], size2[1] * axis[2]];

    // one sphere test per segment end
    let n1 = raw_plane_sphere(con, margin, pos1, mat1, &add3(pos2, &segment), size2);
    let n2 = raw_plane_sphere(&mut con[n1..], margin, pos1, mat1, &sub3(pos2, &segment), size2);

    // second frame axis along the capsule
    for c in &mut con[..n1 + n2] {
        c.frame[3..6].copy_from_slice(&axis);
    }
    n1 + n2
}

/// Plane `g1` against cylinder `g2`.
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub fn plane_cylinder(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, _), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    let normal = zaxis(mat1);
    let mut axis = zaxis(mat2);

    // orient the axis towards the plane
    let mut prjaxis = dot3(&normal, &axis);
    if prjaxis > 0.0 {
        axis = scl3(&axis, -1.0);
        prjaxis = -prjaxis;
    }

    // height of the centre above the plane
    let mut vec = sub3(pos2, pos1);
    let dist0 = dot3(&vec, &normal);

    // radial direction of the rim point nearest the plane, scaled by the radius
    vec = scl3(&axis, prjaxis);
    sub_from3(&mut vec, &normal);
    let len_sqr = dot3(&vec, &vec);
    if len_sqr >= mjMINVAL * mjMINVAL {
        let scl = size2[0] / len_sqr.sqrt();
        vec = [vec[0] * scl, vec[1] * scl, vec[2] * scl];
    } else {
        // disk parallel to the plane: any radial direction will do
        vec = [mat2[0] * size2[0], mat2[3] * size2[0], mat2[6] * size2[0]];
    }
    let prjvec = dot3(&vec, &normal);

    // half-length axis
    axis = scl3(&axis, size2[1]);
    prjaxis *= size2[1];

    let mut cnt = 0;
    let mut emit = |cnt: &mut usize, dist: f64, base: [f64; 3], extra: Option<&[f64; 3]>| {
        let c = &mut con[*cnt];
        c.dist = dist;
        let mut p = base;
        if let Some(e) = extra {
            add_to_scl3(&mut p, e, -0.5);
        }
        add_to_scl3(&mut p, &normal, -dist * 0.5);
        c.pos = p;
        set_normal(c, &normal);
        *cnt += 1;
    };

    // rim point at the near cap
    let dist = dist0 + prjaxis + prjvec;
    if !(dist <= margin) {
        return 0;
    }
    let mut base = add3(pos2, &vec);
    add_to3(&mut base, &axis);
    emit(&mut cnt, dist, base, None);

    // rim point at the far cap
    let dist = dist0 - prjaxis + prjvec;
    if dist <= margin {
        let mut base = add3(pos2, &vec);
        sub_from3(&mut base, &axis);
        emit(&mut cnt, dist, base, None);
    }

    // two more points of the near cap, on the triangle opposite the first
    let prjvec1 = -prjvec * 0.5;
    let dist = dist0 + prjaxis + prjvec1;
    if dist <= margin {
        let mut side = cross(&vec, &axis);
        normalize3(&mut side);
        side = scl3(&side, size2[0] * 3.0f64.sqrt() / 2.0);

        let mut base = add3(pos2, &side);
        add_to3(&mut base, &axis);
        emit(&mut cnt, dist, base, Some(&vec));

        let mut base = sub3(pos2, &side);
        add_to3(&mut base, &axis);
        emit(&mut cnt, dist, base, Some(&vec));
    }
    cnt
}

/// Plane `g1` against box `g2`.
pub fn plane_box(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, _), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    let norm = zaxis(mat1);
    let dist = dot3(&sub3(pos2, pos1), &norm);

    // the (at most four) corners below the margin that face the plane
    let mut cnt = 0;
    for i in 0..8 {
        let local = [
            if i & 1 != 0 { size2[0] } else { -size2[0] },
            if i & 2 != 0 { size2[1] } else { -size2[1] },
            if i & 4 != 0 { size2[2] } else { -size2[2] },
        ];
        let mut corner = mul_mat_vec3(mat2, &local);
        let ldist = dot3(&norm, &corner);
        if dist + ldist > margin || ldist > 0.0 {
            continue;
        }
        let c = &mut con[cnt];
        c.dist = dist + ldist;
        set_normal(c, &norm);
        add_to3(&mut corner, pos2);
        c.pos = add3(&corner, &scl3(&norm, -c.dist / 2.0));
        cnt += 1;
        if cnt >= 4 {
            return 4;
        }
    }
    cnt
}

//------------------------------ sphere and capsule --------------------------------------------------

/// Sphere against sphere given by raw poses (the matrices only matter for concentric spheres).
#[allow(clippy::too_many_arguments)]
pub(crate) fn raw_sphere_sphere(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64],
) -> usize {
    let dif = sub3(pos1, pos2);
    let cdist_sqr = dot3(&dif, &dif);
    let min_dist = margin + size1[0] + size2[0];
    if cdist_sqr > min_dist * min_dist {
        return 0;
    }
    let c = &mut con[0];
    c.dist = cdist_sqr.sqrt() - size1[0] - size2[0];
    let mut normal = sub3(pos2, pos1);
    if normalize3(&mut normal) < mjMINVAL {
        // concentric: normal from the z axes
        normal = cross(&zaxis(mat1), &zaxis(mat2));
        normalize3(&mut normal);
    }
    let mut pos = scl3(&normal, size1[0] + c.dist / 2.0);
    add_to3(&mut pos, pos1);
    c.pos = pos;
    set_normal(c, &normal);
    1
}

/// Sphere against sphere.
pub fn sphere_sphere(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    raw_sphere_sphere(con, margin, pos1, mat1, size1, pos2, mat2, size2)
}

/// Sphere `g1` against capsule `g2`.
pub fn sphere_capsule(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    raw_sphere_capsule(con, margin, pos1, mat1, size1, pos2, mat2, size2)
}

/// Sphere `g1` against cylinder `g2`.
pub fn sphere_cylinder(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    let (radius, height) = (size2[0], size2[1]);
    let axis = zaxis(mat2);

    // split the centre offset into axial and radial parts
    let vec = sub3(pos1, pos2);
    let x = dot3(&axis, &vec);
    let mut a_proj = scl3(&axis, x);
    let mut p_proj = sub3(&vec, &a_proj);
    let p_proj_sqr = dot3(&p_proj, &p_proj);

    // which feature is nearest: side, cap, or (neither) the rim
    let mut side = x.abs() < height;
    let mut cap = p_proj_sqr < radius * radius;
    if side && cap {
        // centre inside: keep the shallower exit
        let dist_cap = height - x.abs();
        let dist_radius = radius - p_proj_sqr.sqrt();
        if dist_cap < dist_radius {
            side = false;
        } else {
            cap = false;
        }
    }

    if side {
        add_to3(&mut a_proj, pos2);
        return raw_sphere_sphere(con, margin, pos1, mat1, size1, &a_proj, mat2, size2);
    }

    if cap {
        let flipmat = [-mat2[0], mat2[1], -mat2[2], -mat2[3], mat2[4], -mat2[5], -mat2[6], mat2[7], -mat2[8]];
        let (pos_cap, mat_cap) =
            if x > 0.0 { (add_scl3(pos2, &axis, height), mat2) } else { (add_scl3(pos2, &axis, -height), &flipmat) };
        let n = raw_plane_sphere(con, margin, &pos_cap, mat_cap, pos1, size1);
        if n > 0 {
            // the sphere is geom 1: normal points from it to the cylinder
            let c = &mut con[0];
            for v in &mut c.frame[..3] {
                *v *= -1.0;
            }
        }
        return n;
    }

    // rim point nearest the sphere, treated as a sphere of radius zero
    p_proj = scl3(&p_proj, size2[0] / p_proj_sqr.sqrt());
    let mut corner = scl3(&axis, if x > 0.0 { height } else { -height });
    add_to3(&mut corner, &p_proj);
    add_to3(&mut corner, pos2);
    raw_sphere_sphere(con, margin, pos1, mat1, size1, &corner, mat2, &[0.0])
}

/// Capsule against capsule.
pub fn capsule_capsule(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    raw_capsule_capsule(con, margin, pos1, mat1, size1, pos2, mat2, size2)
}

/// Sphere (pos1, radius `size1[0]`) against capsule (pos2, mat2, `size2[0..2]`) given by raw poses.
#[allow(clippy::too_many_arguments)]
pub fn raw_sphere_capsule(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64],
) -> usize {
    let len = size2[1];
    let axis = zaxis(mat2);
    let x = clip(dot3(&axis, &sub3(pos1, pos2)), -len, len);
    let mut nearest = scl3(&axis, x);
    add_to3(&mut nearest, pos2);
    raw_sphere_sphere(con, margin, pos1, mat1, size1, &nearest, mat2, size2)
}

/// Capsule against capsule given by raw poses.
#[allow(clippy::too_many_arguments)]
pub fn raw_capsule_capsule(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64],
) -> usize {
    // half-length axes and centre offset
    let axis1 = [mat1[2] * size1[1], mat1[5] * size1[1], mat1[8] * size1[1]];
    let axis2 = [mat2[2] * size2[1], mat2[5] * size2[1], mat2[8] * size2[1]];
    let dif = sub3(pos1, pos2);

    // normal equations of the segment-segment distance
    let ma = dot3(&axis1, &axis1);
    let mb = -dot3(&axis1, &axis2);
    let mc = dot3(&axis2, &axis2);
    let u = -dot3(&axis1, &dif);
    let v = dot3(&axis2, &dif);
    let det = ma * mc - mb * mb;

    // point at parameter t along a segment
    let at = |pos: &[f64; 3], axis: &[f64; 3], t: f64| {
        let mut p = scl3(axis, t);
        add_to3(&mut p, pos);
        p
    };

    if det.abs() >= mjMINVAL {
        // skew axes: one closest pair, clipped to the segments
        let mut x1 = (mc * u - mb * v) / det;
        let mut x2 = (ma * v - mb * u) / det;
        if x1 > 1.0 {
            x1 = 1.0;
            x2 = (v - mb) / mc;
        } else if x1 < -1.0 {
            x1 = -1.0;
            x2 = (v + mb) / mc;
        }
        if x2 > 1.0 {
            x2 = 1.0;
            x1 = clip((u - mb) / ma, -1.0, 1.0);
        } else if x2 < -1.0 {
            x2 = -1.0;
            x1 = clip((u + mb) / ma, -1.0, 1.0);
        }
        let p1 = at(pos1, &axis1, x1);
        let p2 = at(pos2, &axis2, x2);
        return raw_sphere_sphere(con, margin, &p1, mat1, size1, &p2, mat2, size2);
    }

    // parallel axes: test segment ends of capsule 1, then of capsule 2, up to two contacts
    let mut n = 0;
    let e1 = add3(pos1, &axis1);
    let p2 = at(pos2, &axis2, clip((v - mb) / mc, -1.0, 1.0));
    n += raw_sphere_sphere(&mut con[n..], margin, &e1, mat1, size1, &p2, mat2, size2);

    let e1 = sub3(pos1, &axis1);
    let p2 = at(pos2, &axis2, clip((v + mb) / mc, -1.0, 1.0));
    n += raw_sphere_sphere(&mut con[n..], margin, &e1, mat1, size1, &p2, mat2, size2);
    if n >= 2 {
        return n;
    }

    let e2 = add3(pos2, &axis2);
    let p1 = at(pos1, &axis1, clip((u - mb) / ma, -1.0, 1.0));
    n += raw_sphere_sphere(&mut con[n..], margin, &p1, mat1, size1, &e2, mat2, size2);
    if n >= 2 {
        return n;
    }

    let e2 = sub3(pos2, &axis2);
    let p1 = at(pos1, &axis1, clip((u + mb) / ma, -1.0, 1.0));
    n += raw_sphere_sphere(&mut con[n..], margin, &p1, mat1, size1, &e2, mat2, size2);
    n
}

//------------------------------ sphere : triangle ---------------------------------------------------

/// Sign of the signed area of the planar triangle (p1, p2, p3).
fn area_sign(p1: &[f64; 2], p2: &[f64; 2], p3: &[f64; 2]) -> f64 {
    sign((p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1]))
}

/// Nearest point to `p` on the planar segment (u, v) and its distance to `p`.
fn point_segment(p: &[f64; 2], u: &[f64; 2], v: &[f64; 2]) -> ([f64; 2], f64) {
    let uv = [v[0] - u[0], v[1] - u[1]];
    let up = [p[0] - u[0], p[1] - u[1]];
    let a = dot(&uv, &up) / max(mjMINVAL, dot(&uv, &uv));
    let res = if a <= 0.0 {
        *u
    } else if a >= 1.0 {
        *v
    } else {
        [u[0] + uv[0] * a, u[1] + uv[1] * a]
    };
    let dst = ((res[0] - p[0]) * (res[0] - p[0]) + (res[1] - p[1]) * (res[1] - p[1])).sqrt();
    (res, dst)
}

/// Sphere (centre `s`, radius `rs`) against a triangle `t1 t2 t3` thickened by `rt`.
#[allow(clippy::too_many_arguments)]
pub fn raw_sphere_triangle(
    con: &mut [mjContact],
    margin: f64,
    s: &[f64; 3],
    rs: f64,
    t1: &[f64; 3],
    t2: &[f64; 3],
    t3: &[f64; 3],
    rt: f64,
) -> usize {
    let rbound = margin + rs + rt;

    // triangle (O, A, B) with t1 at the origin, sphere centre S
    let sc = sub3(s, t1);
    let a3 = sub3(t2, t1);
    let b3 = sub3(t3, t1);

    // unit normal, signed distance of S to the plane
    let mut nrm = cross(&a3, &b3);
    normalize3(&mut nrm);
    let dst_s = dot3(&nrm, &sc);
    if dst_s.abs() > rbound {
        return 0;
    }

    // projection of S into the plane, and 2D coordinates in the plane
    let proj = add_scl3(&sc, &nrm, -dst_s);
    let mut e1 = a3;
    let len_a = normalize3(&mut e1);
    let mut e2 = cross(&nrm, &a3);
    normalize3(&mut e2);
    let o = [0.0, 0.0];
    let a = [len_a, 0.0];
    let b = [dot3(&e1, &b3), dot3(&e2, &b3)];
    let p = [dot3(&e1, &proj), dot3(&e2, &proj)];

    // nearest triangle point X
    let (s1, s2, s3) = (area_sign(&p, &o, &a), area_sign(&p, &a, &b), area_sign(&p, &b, &o));
    let x = if s1 == s2 && s2 == s3 {
        proj
    } else {
        let (x0, d0) = point_segment(&p, &o, &a);
        let (x1, d1) = point_segment(&p, &a, &b);
        let (x2, d2) = point_segment(&p, &b, &o);
        let best = if d0 < d1 && d0 < d2 {
            x0
        } else if d1 < d2 {
            x1
        } else {
            x2
        };
        let mut x = scl3(&e1, best[0]);
        add_to_scl3(&mut x, &e2, best[1]);
        x
    };

    let mut normal = sub3(&x, &sc);
    let dst = normalize3(&mut normal);
    if dst > rbound {
        return 0;
    }
    let c = &mut con[0];
    c.dist = dst - rs - rt;
    c.pos = add_scl3(s, &normal, rs + c.dist / 2.0);
    set_normal(c, &normal);
    1
}
