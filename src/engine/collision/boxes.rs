//! Narrowphase for pairs with a box (sphere-box, capsule-box, box-box): upstream's
//! `engine_collision_box.c`. Same conventions as [`super::primitive`]; the floating-point
//! operations follow upstream's order so contacts are bit-identical.
// Interval tests are written as comparisons on purpose: NaN must fall through them as in upstream.
#![allow(clippy::manual_range_contains)]

use crate::abi::*;
use crate::math::blas::{
    add3, add_to3, add_to_scl3, dot3, mul_mat_mat_t3, mul_mat_t_mat3, mul_mat_t_vec3, mul_mat_vec3, normalize3, scl3,
    sub3,
};

use super::primitive::{geom_pair, set_normal, zaxis};

//------------------------------ sphere : box --------------------------------------------------------

/// Sphere (centre pos1, radius size1[0]) against a box given by raw poses.
fn raw_sphere_box(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    size1: &[f64],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64],
) -> usize {
    // sphere centre in box coordinates, and its nearest point in the box
    let center = mul_mat_t_vec3(mat2, &sub3(pos1, pos2));
    let mut clamped = center;
    for (c, &lim) in clamped.iter_mut().zip(&size2[..3]) {
        if lim > 0.0 {
            if *c < -lim {
                *c = -lim;
            } else if *c > lim {
                *c = lim;
            }
        }
    }
    let mut dir = sub3(&clamped, &center);
    let mut dist = normalize3(&mut dir);
    if dist - size1[0] > margin {
        return 0;
    }

    let c = &mut con[0];
    let mut pos;
    if dist <= mjMINVAL {
        // centre inside the box: push out through the nearest face
        let mut closest = (size2[0] + size2[1] + size2[2]) * 2.0;
        let mut k = 0;
        for i in 0..6 {
            let face = if i % 2 == 1 { size2[i / 2] } else { -size2[i / 2] };
            let gap = (face - center[i / 2]).abs();
            if closest > gap {
                closest = gap;
                k = i;
            }
        }
        let mut nearest = [0.0; 3];
        nearest[k / 2] = if k % 2 == 1 { -1.0 } else { 1.0 };
        pos = center;
        add_to_scl3(&mut pos, &nearest, (size1[0] - closest) / 2.0);
        c.frame[..3].copy_from_slice(&mul_mat_vec3(mat2, &nearest));
        dist = -closest;
    } else {
        // midpoint between the box point and the deepest sphere point
        let mut deepest = center;
        add_to_scl3(&mut deepest, &dir, size1[0]);
        pos = [0.0; 3];
        add_to_scl3(&mut pos, &clamped, 0.5);
        add_to_scl3(&mut pos, &deepest, 0.5);
        c.frame[..3].copy_from_slice(&mul_mat_vec3(mat2, &dir));
    }

    c.pos = add3(&mul_mat_vec3(mat2, &pos), pos2);
    c.dist = dist - size1[0];
    c.frame[3..6].fill(0.0);
    1
}

/// Sphere `g1` against box `g2`.
pub fn sphere_box(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, _, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    raw_sphere_box(con, margin, pos1, size1, pos2, mat2, size2)
}

//------------------------------ capsule : box -------------------------------------------------------

/// Capsule `g1` against box `g2`.
pub fn capsule_box(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    raw_capsule_box(con, margin, pos1, mat1, size1, pos2, mat2, size2)
}

/// Capsule against box given by raw poses.
///
/// Finds the capsule segment point nearest the box (over the two segment ends against the faces
/// and the segment against the twelve edges), then, depending on how the segment lies relative
/// to that box feature, a second segment point; each point is collided as a sphere.
#[allow(clippy::too_many_arguments)]
pub fn raw_capsule_box(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64],
) -> usize {
    let halflength = size1[1];
    let mut secondpos = -4.0; // below -3: no second point

    // capsule centre and half axis in box coordinates
    let pos = mul_mat_t_vec3(mat2, &sub3(pos1, pos2));
    let axis = mul_mat_t_vec3(mat2, &zaxis(mat1));
    let halfaxis = scl3(&axis, halflength);
    let axisdir = (halfaxis[0] > 0.0) as i32 + 2 * (halfaxis[1] > 0.0) as i32 + 4 * (halfaxis[2] > 0.0) as i32;

    let bestdistmax = margin + 2.0 * (size1[0] + halflength + size2[0] + size2[1] + size2[2]);
    let mut bestdist = bestdistmax;
    let mut bestsegmentpos = 0.0;
    let mut bestboxpos = 0.0;
    let mut cltype = -4; // -3/-1: a segment end nearest a face; 0..8: nearest an edge
    let mut clface = -1i32;
    let mut clcorner = 0i32;
    let mut cledge = 0usize;

    // segment ends against the faces (skipped when clamping would hit an edge)
    for end in [-1i32, 1] {
        let mut p = pos;
        add_to_scl3(&mut p, &halfaxis, end as f64);
        let orig = p;
        let (mut nclamp, mut face) = (0, -1i32);
        for j in 0..3 {
            if p[j] < -size2[j] {
                nclamp += 1;
                face = j as i32;
                p[j] = -size2[j];
            } else if p[j] > size2[j] {
                nclamp += 1;
                face = j as i32;
                p[j] = size2[j];
            }
        }
        if nclamp > 1 {
            continue;
        }
        let gap = sub3(&p, &orig);
        let dist = dot3(&gap, &gap);
        if dist < bestdist {
            bestdist = dist;
            bestsegmentpos = end as f64;
            cltype = -2 + end;
            clface = face;
        }
    }

    // segment against every box edge
    for j in 0..3 {
        for i in 0..8i32 {
            if i & (1 << j) != 0 {
                continue;
            }
            // start corner of the edge along axis j
            let mut start = [
                (if i & 1 != 0 { 1.0 } else { -1.0 }) * size2[0],
                (if i & 2 != 0 { 1.0 } else { -1.0 }) * size2[1],
                (if i & 4 != 0 { 1.0 } else { -1.0 }) * size2[2],
            ];
            start[j] = 0.0;

            let dif = sub3(&start, &pos);
            let ma = size2[j] * size2[j];
            let mb = -size2[j] * halfaxis[j];
            let mc = size1[1] * size1[1];
            let u = -size2[j] * dif[j];
            let v = dot3(&halfaxis, &dif);
            let det = ma * mc - mb * mb;
            if det.abs() < mjMINVAL {
                continue;
            }
            let idet = 1.0 / det;

            // x1 along the edge, x2 along the segment; s1, s2: 0 low end, 1 inside, 2 high end
            let mut x1 = (mc * u - mb * v) * idet;
            let mut x2 = (ma * v - mb * u) * idet;
            let (mut s1, mut s2) = (1, 1);
            if x1 > 1.0 {
                x1 = 1.0;
                s1 = 2;
                x2 = (v - mb) * (1.0 / mc);
            } else if x1 < -1.0 {
                x1 = -1.0;
                s1 = 0;
                x2 = (v + mb) * (1.0 / mc);
            }
            let clamp_x1 = |x1: &mut f64, s1: &mut i32| {
                if *x1 > 1.0 {
                    *x1 = 1.0;
                    *s1 = 2;
                } else if *x1 < -1.0 {
                    *x1 = -1.0;
                    *s1 = 0;
                }
            };
            if x2 > 1.0 {
                x2 = 1.0;
                s2 = 2;
                x1 = (u - mb) * (1.0 / ma);
                clamp_x1(&mut x1, &mut s1);
            } else if x2 < -1.0 {
                x2 = -1.0;
                s2 = 0;
                x1 = (u + mb) * (1.0 / ma);
                clamp_x1(&mut x1, &mut s1);
            }

            let mut gap = sub3(&start, &pos);
            add_to_scl3(&mut gap, &halfaxis, -x2);
            gap[j] += size2[j] * x1;
            let dist = dot3(&gap, &gap);

            let kind = s1 * 3 + s2;
            if dist < bestdist - mjMINVAL {
                bestdist = dist;
                bestsegmentpos = x2;
                bestboxpos = x1;
                clcorner = i + (1 << j) * (kind / 6);
                cledge = j;
                cltype = kind;
            }
        }
    }

    if cltype == -4 {
        return 0;
    }

    'second: {
        if cltype >= 0 && cltype / 3 != 1 {
            // nearest to a box corner
            let mut c1 = axisdir ^ clcorner;
            if c1 == 0 || c1 == 7 {
                break 'second; // segment points at the corner
            }
            let (mul, de, dp);
            if c1 == 1 || c1 == 2 || c1 == 4 {
                mul = 1.0;
                de = 1.0 - bestsegmentpos;
                dp = 1.0 + bestsegmentpos;
            } else {
                mul = -1.0;
                c1 = 7 - c1;
                dp = 1.0 - bestsegmentpos;
                de = 1.0 + bestsegmentpos;
            }
            let (ax, ax1, ax2) = match c1 {
                1 => (0, 1, 2),
                2 => (1, 2, 0),
                _ => (2, 0, 1),
            };
            if axis[ax] * axis[ax] > 0.5 {
                // second point along the box edge
                secondpos = de;
                let e1 = 2.0 * size2[ax] / halfaxis[ax].abs();
                if e1 < secondpos {
                    secondpos = e1;
                }
                secondpos *= mul;
            } else {
                // second point along a box face
                secondpos = dp;
                let e1 = 2.0 * size2[ax1] / halfaxis[ax1].abs();
                if e1 < secondpos {
                    secondpos = e1;
                }
                let e1 = 2.0 * size2[ax2] / halfaxis[ax2].abs();
                if e1 < secondpos {
                    secondpos = e1;
                }
                secondpos *= -mul;
            }
        } else if cltype >= 0 {
            // nearest to the inside of a box edge
            let mut c1 = axisdir ^ clcorner;
            c1 &= 7 - (1 << cledge);
            if c1 != 1 && c1 != 2 && c1 != 4 {
                break 'second; // T configuration
            }
            let ax = cledge;
            let (mut ax1, ax2) = match cledge {
                0 => (1, 2),
                1 => (2, 0),
                _ => (0, 1),
            };
            // the face the segment is flattest against
            if axis[ax1].abs() > axis[ax2].abs() {
                ax1 = ax2;
            }
            let ax2 = 3 - ax - ax1;

            let mul;
            if c1 & (1 << ax2) != 0 {
                mul = 1.0;
                secondpos = 1.0 - bestsegmentpos;
            } else {
                mul = -1.0;
                secondpos = 1.0 + bestsegmentpos;
            }
            let e1 = 2.0 * size2[ax2] / halfaxis[ax2].abs();
            if e1 < secondpos {
                secondpos = e1;
            }
            let e2 = if ((axisdir & (1 << ax)) != 0) == ((c1 & (1 << ax2)) != 0) {
                1.0 - bestboxpos
            } else {
                1.0 + bestboxpos
            };
            let e1 = size2[ax] * e2 / halfaxis[ax].abs();
            if e1 < secondpos {
                secondpos = e1;
            }
            secondpos *= mul;
        } else {
            // a segment end nearest a face: farthest segment point still over the box
            if clface == -1 {
                break 'second; // the end is inside the box
            }
            let mul = if cltype == -3 { 1.0 } else { -1.0 };
            secondpos = 2.0;
            let mut p = pos;
            add_to_scl3(&mut p, &halfaxis, -mul);
            for i in 0..3 {
                if i as i32 == clface {
                    continue;
                }
                let e1 = (size2[i] - p[i]) / halfaxis[i] * mul;
                if e1 > 0.0 && e1 < secondpos {
                    secondpos = e1;
                }
                let e1 = (-size2[i] - p[i]) / halfaxis[i] * mul;
                if e1 > 0.0 && e1 < secondpos {
                    secondpos = e1;
                }
            }
            secondpos *= mul;
        }
    }

    // sphere tests at the chosen segment points
    let sphere_at = |con: &mut [mjContact], t: f64| {
        let mut p = pos;
        add_to_scl3(&mut p, &halfaxis, t);
        let mut world = mul_mat_vec3(mat2, &p);
        add_to3(&mut world, pos2);
        raw_sphere_box(con, margin, &world, size1, pos2, mat2, size2)
    };
    let mut n = sphere_at(con, bestsegmentpos);
    if secondpos > -3.0 {
        n += sphere_at(&mut con[n..], secondpos + bestsegmentpos);
    }
    n
}

//------------------------------ box : box -----------------------------------------------------------

/// Frame change that makes face `face` (0..2: +x,+y,+z of one box, 3..5: the negative ones)
/// the -z face: the rotation matrix, and the same map as a signed permutation of axes.
fn face_frame(face: usize) -> ([f64; 9], [usize; 3], [f64; 3]) {
    let mut rot = [0.0; 9];
    let (mut idx, mut sgn) = ([0, 1, 2], [1.0, 1.0, 1.0]);
    match face {
        0 => {
            (rot[2], rot[4], rot[6]) = (-1.0, 1.0, 1.0);
            idx = [2, 1, 0];
            sgn[0] = -1.0;
        }
        1 => {
            (rot[0], rot[5], rot[7]) = (1.0, -1.0, 1.0);
            idx = [0, 2, 1];
            sgn[1] = -1.0;
        }
        2 => (rot[0], rot[4], rot[8]) = (1.0, 1.0, 1.0),
        3 => {
            (rot[2], rot[4], rot[6]) = (1.0, 1.0, -1.0);
            idx = [2, 1, 0];
            sgn[2] = -1.0;
        }
        4 => {
            (rot[0], rot[5], rot[7]) = (1.0, 1.0, -1.0);
            idx = [0, 2, 1];
            sgn[2] = -1.0;
        }
        _ => {
            (rot[0], rot[4], rot[8]) = (-1.0, 1.0, -1.0);
            sgn = [-1.0, 1.0, -1.0];
        }
    }
    (rot, idx, sgn)
}

/// Signed axis permutation of a vector.
#[inline]
fn permute(v: &[f64], idx: &[usize; 3], sgn: &[f64; 3]) -> [f64; 3] {
    [v[idx[0]] * sgn[0], v[idx[1]] * sgn[1], v[idx[2]] * sgn[2]]
}

/// Signed row permutation of a 3x3 matrix.
#[inline]
fn permute_rows(mat: &[f64; 9], idx: &[usize; 3], sgn: &[f64; 3]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for k in 0..3 {
        for c in 0..3 {
            r[3 * k + c] = mat[3 * idx[k] + c] * sgn[k];
        }
    }
    r
}

#[inline]
fn transpose3(m: &[f64; 9]) -> [f64; 9] {
    [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]]
}

/// Row `i` of a 3x3 matrix.
#[inline]
fn row(m: &[f64; 9], i: usize) -> [f64; 3] {
    [m[3 * i], m[3 * i + 1], m[3 * i + 2]]
}

/// Box against box.
pub fn box_box(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let ((pos1, mat1, size1), (pos2, mat2, size2)) = geom_pair(m, d, g1, g2);
    let margin2 = margin * margin;

    // each box's centre in the other's frame, relative rotation
    let pos21 = mul_mat_t_vec3(mat1, &sub3(pos2, pos1));
    let pos12 = mul_mat_t_vec3(mat2, &sub3(pos1, pos2));
    let rot = mul_mat_t_mat3(mat1, mat2);
    let rott = transpose3(&rot);
    let rotabs = rot.map(f64::abs);
    let rottabs = rott.map(f64::abs);
    let size2v = [size2[0], size2[1], size2[2]];
    let size1v = [size1[0], size1[1], size1[2]];
    let plen2 = mul_mat_vec3(&rotabs, &size2v);
    let plen1 = mul_mat_t_vec3(&rotabs, &size1v);

    // separating axis test: face normals of both boxes
    let mut penetration = margin;
    for i in 0..3 {
        penetration += size1[i] * 3.0 + size2[i] * 3.0;
    }
    let mut code = -1i32;
    for i in 0..3 {
        let c1 = -pos21[i].abs() + size1[i] + plen2[i];
        let c2 = -pos12[i].abs() + size2[i] + plen1[i];
        if c1 < -margin || c2 < -margin {
            return 0;
        }
        if c1 < penetration {
            penetration = c1;
            code = i as i32 + 3 * (pos21[i] < 0.0) as i32;
        }
        if c2 < penetration {
            penetration = c2;
            code = i as i32 + 3 * (pos12[i] < 0.0) as i32 + 6;
        }
    }

    // separating axis test: edge-edge cross products
    let (mut cle1, mut cle2, mut inside) = (0i32, 0i32, false);
    let mut clnorm = [0.0; 3];
    for i in 0..3 {
        for j in 0..3 {
            let mut n = [0.0; 3];
            match i {
                0 => {
                    n[1] = -rott[3 * j + 2];
                    n[2] = rott[3 * j + 1];
                }
                1 => {
                    n[0] = rott[3 * j + 2];
                    n[2] = -rott[3 * j];
                }
                _ => {
                    n[0] = -rott[3 * j + 1];
                    n[1] = rott[3 * j];
                }
            }
            let len = normalize3(&mut n);
            if len < mjMINVAL {
                continue;
            }
            let proj = dot3(&pos21, &n);
            // entry 3i + 3 - k - j of rot for k != j: 1 <= k + j <= 3, so it lies in 0..9
            let rot_at = |r: &[f64; 9], k: usize| {
                debug_assert!(k != j && 3 * i + 3 - k - j < 9);
                // SAFETY: the index is below 9 (see above)
                unsafe { *r.get_unchecked(3 * i + 3 - k - j) }
            };
            let mut c3 = 0.0;
            for k in 0..3 {
                if k != i {
                    c3 += size1[k] * n[k].abs();
                }
            }
            for k in 0..3 {
                if k != j {
                    c3 += size2[k] * rot_at(&rotabs, k) / len;
                }
            }
            c3 -= proj.abs();
            if c3 < -margin {
                return 0;
            }
            if c3 < penetration * (1.0 - 1e-12) {
                penetration = c3;
                cle1 = 0;
                for k in 0..3 {
                    if k != i && (n[k] > 0.0) ^ (proj < 0.0) {
                        cle1 += 1 << k;
                    }
                }
                cle2 = 0;
                for k in 0..3 {
                    if k != j && (rot_at(&rot, k) > 0.0) ^ (proj < 0.0) ^ ((k + 3 - j) % 3 == 1) {
                        cle2 += 1 << k;
                    }
                }
                code = 12 + 3 * i as i32 + j as i32;
                clnorm = n;
                inside = proj < 0.0;
            }
        }
    }

    if code == -1 {
        return 0;
    }
    if code >= 12 {
        return box_box_edge(
            con,
            margin,
            margin2,
            pos1,
            mat1,
            &size1v,
            &size2v,
            &pos21,
            &rot,
            &rotabs,
            &rottabs,
            code - 12,
            cle1,
            cle2,
            &clnorm,
            inside,
        );
    }
    box_box_face(con, margin, pos1, mat1, &size1v, pos2, mat2, &size2v, &pos21, &pos12, &rot, code)
}

/// Box-box contacts when a face normal separates least: the other box's vertices, edge
/// crossings and face corners clipped against the face.
#[allow(clippy::too_many_arguments)]
fn box_box_face(
    con: &mut [mjContact],
    margin: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64; 3],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    size2: &[f64; 3],
    pos21: &[f64; 3],
    pos12: &[f64; 3],
    rot: &[f64; 9],
    code: i32,
) -> usize {
    let q1 = (code % 6) as usize;
    let q2 = code / 6 != 0;
    let (rotmore, idx, sgn) = face_frame(q1);

    // the face's box is the reference (s: its sizes); the other box in the face frame
    let (r, mut p, other, s) = if q2 {
        (mul_mat_mat_t3(&rotmore, rot), permute(pos12, &idx, &sgn), permute(size2, &idx, &sgn), *size1)
    } else {
        (permute_rows(rot, &idx, &sgn), permute(pos21, &idx, &sgn), permute(size1, &idx, &sgn), *size2)
    };
    let rt = transpose3(&r);
    let ss = other.map(f64::abs);
    let (lx, ly, hz) = (ss[0], ss[1], ss[2]);
    p[2] -= hz;

    // lowest corner of the moving box, and its edges that are not steep
    let clcorner = (0..3).filter(|&i| r[6 + i] < 0.0).fold(0, |acc, i| acc + (1 << i));
    let mut lp = p;
    for (i, &si) in s.iter().enumerate() {
        let side = if clcorner & (1 << i) != 0 { 1.0 } else { -1.0 };
        add_to_scl3(&mut lp, &row(&rt, i), si * side);
    }
    let mut pts = [[0.0; 3]; 6];
    let mut npts = 0;
    pts[npts] = lp;
    npts += 1;
    for i in 0..3 {
        if r[6 + i].abs() < 0.5 && npts < 3 {
            let side = if clcorner & (1 << i) != 0 { -2.0 } else { 2.0 };
            pts[npts] = scl3(&row(&rt, i), s[i] * side);
            npts += 1;
        }
    }
    pts[3] = add3(&pts[0], &pts[1]);
    pts[4] = add3(&pts[0], &pts[2]);
    pts[5] = add3(&pts[3], &pts[2]);

    let mut lines = [[0.0; 6]; 4];
    let mut nline = 0;
    let mut push_line = |lines: &mut [[f64; 6]; 4], a: &[f64; 3], b: &[f64; 3]| {
        lines[nline][..3].copy_from_slice(a);
        lines[nline][3..].copy_from_slice(b);
        nline += 1;
    };
    if npts > 1 {
        push_line(&mut lines, &pts[0], &pts[1]);
    }
    if npts > 2 {
        push_line(&mut lines, &pts[0], &pts[2]);
        push_line(&mut lines, &pts[3], &pts[2]);
        push_line(&mut lines, &pts[4], &pts[1]);
    }

    let mut points = [[0.0; 3]; mjMAXCONPAIR];
    let mut n = 0;

    // edges crossing the face's side planes
    for line in &lines[..nline] {
        for q in 0..2 {
            let (a, b, c, d) = (line[q], line[3 + q], line[1 - q], line[4 - q]);
            if b.abs() > mjMINVAL {
                for j in [-1.0, 1.0] {
                    let l = ss[q] * j;
                    let t = (l - a) * (1.0 / b);
                    if t < 0.0 || t > 1.0 {
                        continue;
                    }
                    let cross = c + d * t;
                    if cross.abs() > ss[1 - q] {
                        continue;
                    }
                    let mut pt = [line[0], line[1], line[2]];
                    add_to_scl3(&mut pt, &[line[3], line[4], line[5]], t);
                    points[n] = pt;
                    n += 1;
                }
            }
        }
    }

    // face corners inside the parallelogram spanned at the lowest corner
    let (a, b, c, d) = (pts[1][0], pts[2][0], pts[1][1], pts[2][1]);
    let det = a * d - b * c;
    if npts > 2 {
        for i in 0..4 {
            let llx = if i / 2 != 0 { lx } else { -lx };
            let lly = if i % 2 != 0 { ly } else { -ly };
            let x = llx - pts[0][0];
            let y = lly - pts[0][1];
            let u = (x * d - y * b) * (1.0 / det);
            let v = (y * a - x * c) * (1.0 / det);
            if u <= 0.0 || v <= 0.0 || u >= 1.0 || v >= 1.0 {
                continue;
            }
            points[n] = [llx, lly, pts[0][2] + u * pts[1][2] + v * pts[2][2]];
            n += 1;
        }
    }

    // vertices of the moving box over the face
    for i in 0..(1usize << (npts - 1)) {
        let pt = pts[if i == 0 { 0 } else { i + 2 }];
        if i != 0 && (pt[0] <= -lx || pt[0] >= lx || pt[1] <= -ly || pt[1] >= ly) {
            continue;
        }
        points[n] = pt;
        n += 1;
    }

    // keep points within the margin; store the midpoint height
    let ncand = n;
    n = 0;
    for i in 0..ncand {
        if points[i][2] > margin {
            continue;
        }
        points[n] = points[i];
        points[n][2] *= 0.5;
        n += 1;
    }

    // back to world coordinates
    let r = mul_mat_mat_t3(if q2 { mat2 } else { mat1 }, &rotmore);
    let p = if q2 { pos2 } else { pos1 };
    let sign = if q2 { -1.0 } else { 1.0 };
    set_normal(&mut con[0], &[sign * r[2], sign * r[5], sign * r[8]]);
    let frame0: [f64; 6] = con[0].frame[..6].try_into().unwrap_or([0.0; 6]);
    for (i, (c, pt)) in con.iter_mut().zip(points.iter_mut()).take(n).enumerate() {
        c.dist = 2.0 * pt[2];
        pt[2] += hz;
        c.pos = add3(&mul_mat_vec3(&r, pt), p);
        if i > 0 {
            c.frame[..6].copy_from_slice(&frame0);
        }
    }
    n
}

/// Box-box contacts when an edge-edge axis separates least: the second box's edge pair
/// projected along the contact normal onto the nearest face of the first box.
#[allow(clippy::too_many_arguments)]
fn box_box_edge(
    con: &mut [mjContact],
    margin: f64,
    margin2: f64,
    pos1: &[f64; 3],
    mat1: &[f64; 9],
    size1: &[f64; 3],
    size2: &[f64; 3],
    pos21: &[f64; 3],
    rot: &[f64; 9],
    rotabs: &[f64; 9],
    rottabs: &[f64; 9],
    code: i32,
    cle1: i32,
    cle2: i32,
    clnorm: &[f64; 3],
    inside: bool,
) -> usize {
    let q1 = (code / 3) as usize;
    let q2 = (code % 3) as usize;
    let others = |q: usize| match q {
        0 => (1, 2),
        1 => (0, 2),
        _ => (1, 0),
    };
    let (mut ax1, mut ax2) = others(q2);
    let (mut pax1, mut pax2) = others(q1);
    if rotabs[3 * q1 + ax1] < rotabs[3 * q1 + ax2] {
        ax1 = ax2;
        ax2 = 3 - q2 - ax1;
    }
    if rottabs[3 * q2 + pax1] < rottabs[3 * q2 + pax2] {
        pax1 = pax2;
        pax2 = 3 - q1 - pax1;
    }
    let _ = pax1;
    let clface = if cle1 & (1 << pax2) != 0 { pax2 } else { pax2 + 3 };

    // frame of that face of box 1
    let (rotmore, idx, sgn) = face_frame(clface);
    let mut p = permute(pos21, &idx, &sgn);
    let rnorm = permute(clnorm, &idx, &sgn);
    let r = permute_rows(rot, &idx, &sgn);
    let s = mul_mat_t_vec3(&rotmore, size1).map(f64::abs);
    let rt = transpose3(&r);
    let (lx, ly, hz) = (s[0], s[1], s[2]);
    p[2] -= hz;

    // the two parallel edges of box 2 nearest the contact (ends of each)
    let side = |bit: i32, flip: bool| -> f64 {
        let set = cle2 & (1 << bit) != 0;
        if set != flip {
            1.0
        } else {
            -1.0
        }
    };
    let mut points = [[0.0; 3]; mjMAXCONPAIR];
    for (e, flip) in [(0, false), (2, true)] {
        let mut base = p;
        add_to_scl3(&mut base, &row(&rt, ax1), size2[ax1] * side(ax1 as i32, flip));
        add_to_scl3(&mut base, &row(&rt, ax2), size2[ax2] * side(ax2 as i32, false));
        points[e] = base;
        points[e + 1] = base;
        add_to_scl3(&mut points[e], &row(&rt, q2), size2[q2]);
        add_to_scl3(&mut points[e + 1], &row(&rt, q2), -size2[q2]);
    }

    let axi = [points[0], sub3(&points[1], &points[0]), sub3(&points[2], &points[0])];

    if rnorm[2].abs() < mjMINVAL {
        return 0;
    }
    let innorm = (1.0 / rnorm[2]) * if inside { -1.0 } else { 1.0 };

    // project the four points along the normal onto the face plane
    let mut pu = [[0.0; 3]; 4];
    let mut ppts2 = [[0.0; 2]; 4];
    for i in 0..4 {
        let t = -points[i][2] * (1.0 / rnorm[2]);
        pu[i] = points[i];
        add_to_scl3(&mut points[i], &rnorm, t);
        ppts2[i] = [points[i][0], points[i][1]];
    }

    let pts = [points[0], sub3(&points[1], &points[0]), sub3(&points[2], &points[0])];
    let lines: [([f64; 3], [f64; 3]); 4] =
        [(pts[0], pts[1]), (pts[0], pts[2]), (add3(&pts[0], &pts[1]), pts[2]), (add3(&pts[0], &pts[2]), pts[1])];
    let linesu: [([f64; 3], [f64; 3]); 4] =
        [(axi[0], axi[1]), (axi[0], axi[2]), (add3(&axi[0], &axi[1]), axi[2]), (add3(&axi[0], &axi[2]), axi[1])];

    let mut depth = [0.0; mjMAXCONPAIR];
    let mut n = 0;

    // projected edges crossing the face's side planes
    for (line, lineu) in lines.iter().zip(&linesu) {
        for q in 0..2 {
            let (a, b, c, d) = (line.0[q], line.1[q], line.0[1 - q], line.1[1 - q]);
            if b.abs() > mjMINVAL {
                for j in [-1.0, 1.0] {
                    if n < mjMAXCONPAIR {
                        let l = s[q] * j;
                        let t = (l - a) * (1.0 / b);
                        if t < 0.0 || t > 1.0 {
                            continue;
                        }
                        let cross = c + d * t;
                        if cross.abs() > s[1 - q] {
                            continue;
                        }
                        if (lineu.0[2] + lineu.1[2] * t) * innorm > margin {
                            continue;
                        }
                        let mut pt = scl3(&lineu.0, 0.5);
                        add_to_scl3(&mut pt, &lineu.1, 0.5 * t);
                        pt[q] += 0.5 * l;
                        pt[1 - q] += 0.5 * cross;
                        points[n] = pt;
                        depth[n] = pt[2] * innorm * 2.0;
                        n += 1;
                    }
                }
            }
        }
    }
    let nl = n;

    // face corners against the projected parallelogram; `c1` is reused across corners as
    // upstream does (the determinant only for the first one)
    let (a, b, c, d) = (pts[1][0], pts[2][0], pts[1][1], pts[2][1]);
    let mut c1 = a * d - b * c;
    for i in 0..4 {
        if n < mjMAXCONPAIR {
            let llx = if i / 2 != 0 { lx } else { -lx };
            let lly = if i % 2 != 0 { ly } else { -ly };
            let x = llx - pts[0][0];
            let y = lly - pts[0][1];
            let mut u = (x * d - y * b) * (1.0 / c1);
            let mut v = (y * a - x * c) * (1.0 / c1);
            if nl == 0 {
                if (u < 0.0 || u > 1.0) && (v < 0.0 || v > 1.0) {
                    continue;
                }
            } else if u < 0.0 || u > 1.0 || v < 0.0 || v > 1.0 {
                continue;
            }
            u = u.clamp(0.0, 1.0);
            v = v.clamp(0.0, 1.0);
            let mut on_edge = scl3(&pu[0], 1.0 - u - v);
            add_to_scl3(&mut on_edge, &pu[1], u);
            add_to_scl3(&mut on_edge, &pu[2], v);
            let corner = [llx, lly, 0.0];
            let gap = sub3(&corner, &on_edge);
            c1 = dot3(&gap, &gap);
            if on_edge[2] > 0.0 && c1 > margin2 {
                continue;
            }
            let mid = add3(&corner, &on_edge);
            points[n] = scl3(&mid, 0.5);
            depth[n] = c1.sqrt() * if on_edge[2] < 0.0 { -1.0 } else { 1.0 };
            n += 1;
        }
    }
    let nf = n;

    // projected edge ends over the face
    for i in 0..4 {
        if n < mjMAXCONPAIR {
            let (x, y) = (ppts2[i][0], ppts2[i][1]);
            if nl == 0 {
                if nf != 0 && (x < -lx || x > lx) && (y < -ly || y > ly) {
                    continue;
                }
            } else if x < -lx || x > lx || y < -ly || y > ly {
                continue;
            }
            let mut dsq = 0.0;
            for j in 0..2 {
                if ppts2[i][j] < -s[j] {
                    dsq += (ppts2[i][j] + s[j]) * (ppts2[i][j] + s[j]);
                } else if ppts2[i][j] > s[j] {
                    dsq += (ppts2[i][j] - s[j]) * (ppts2[i][j] - s[j]);
                }
            }
            dsq += pu[i][2] * innorm * pu[i][2] * innorm;
            if pu[i][2] > 0.0 && dsq > margin2 {
                continue;
            }
            let mut pt = [ppts2[i][0] * 0.5, ppts2[i][1] * 0.5, 0.0];
            for j in 0..2 {
                if ppts2[i][j] < -s[j] {
                    pt[j] = -s[j] * 0.5;
                } else if ppts2[i][j] > s[j] {
                    pt[j] = s[j] * 0.5;
                }
            }
            add_to_scl3(&mut pt, &pu[i], 0.5);
            points[n] = pt;
            depth[n] = dsq.sqrt() * if pu[i][2] < 0.0 { -1.0 } else { 1.0 };
            n += 1;
        }
    }

    // back to world coordinates
    let r = mul_mat_mat_t3(mat1, &rotmore);
    let normal = scl3(&mul_mat_vec3(&r, &rnorm), if inside { -1.0 } else { 1.0 });
    set_normal(&mut con[0], &normal);
    let frame0: [f64; 6] = con[0].frame[..6].try_into().unwrap_or([0.0; 6]);
    for ((c, pt), &dep) in con.iter_mut().zip(points.iter_mut()).zip(&depth).take(n) {
        c.dist = dep;
        pt[2] += hz;
        c.pos = add3(&mul_mat_vec3(&r, pt), pos1);
        c.frame[..6].copy_from_slice(&frame0);
    }
    n
}
