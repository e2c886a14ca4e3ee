//! Flex elements and vertices in the convex narrowphase: geom, element or vertex against a
//! flex element and height field against a flex element, through the CCD objects and
//! penetration query of [`super::convex`] (upstream's `mjc_ConvexElem`, `mjc_HFieldElem`).

use super::convex::{ccd_iteration, geom_frame, hfield_heights, penetration, set_hfield_contact, CcdObj};
use super::libccd::is_origin;
use crate::abi::*;
use crate::math::blas::sub3;
use crate::math::misc::{max, min};

/// Geom, flex element or flex vertex against a flex element (`mjc_ConvexElem`); -1 marks
/// unused ids as upstream.
#[allow(clippy::too_many_arguments)]
pub fn convex_elem(
    m: &mjModel,
    d: &mjData,
    con: &mut [mjContact],
    g1: i32,
    f1: i32,
    e1: i32,
    v1: i32,
    f2: i32,
    e2: i32,
    margin: f64,
) -> usize {
    let mut obj1 = CcdObj::new(m, d, g1, margin);
    let mut obj2 = CcdObj::new(m, d, -1, margin);
    if g1 < 0 {
        obj1.set_flex(f1, e1, v1);
    } else {
        (obj1.flex, obj1.elem, obj1.vert) = (f1, e1, v1);
    }
    obj2.set_flex(f2, e2, -1);
    ccd_iteration(m, d, &mut obj1, &mut obj2, con, 1, margin)
}

/// `mat' * vec` for a 3x3 matrix as `mju_mulMatTVec` sums it (zero entries of `vec` skipped).
fn mul_mat_t_vec_skip(mat: &[f64; 9], vec: &[f64; 3]) -> [f64; 3] {
    let mut res = [0.0; 3];
    for r in 0..3 {
        let t = vec[r];
        if t != 0.0 {
            for c in 0..3 {
                res[c] += mat[3 * r + c] * t;
            }
        }
    }
    res
}

/// Height field `g` against flex element `e` of flex `f` (`mjc_HFieldElem`).
pub fn hfield_elem(m: &mjModel, d: &mjData, con: &mut [mjContact], g: usize, f: usize, e: usize, margin: f64) -> usize {
    let hid = m.geom_dataid()[g] as usize;
    let mut prism = [[0.0; 3]; 6];
    let mut obj1 = CcdObj::new_prism(m, d, &mut prism);
    let nrow = m.hfield_nrow()[hid];
    let ncol = m.hfield_ncol()[hid];
    let mut hsize = [0.0; 4];
    hsize.copy_from_slice(&m.hfield_size()[4 * hid..4 * hid + 4]);
    let hdata = hfield_heights(m, hid);
    let (hpos, hmat) = geom_frame(m, d, g);

    let dim = m.flex_dim()[f] as usize;
    let start = m.flex_elemdataadr()[f] as usize + e * (dim + 1);
    let edata = &m.flex_elem()[start..start + dim + 1];

    let mut obj2 = CcdObj::new(m, d, -1, margin);
    obj2.set_flex(f as i32, e as i32, -1);

    // element vertices and centre in the height field's frame: upstream moves them in mjData
    // (vertex by vertex, so a vertex named twice moves twice) and back; the object's copies are
    // moved here, the same way
    let (verts, center) = obj2.flex_verts_mut();
    assert!(verts.len() == edata.len(), "flex element {e} of flex {f} has invalid vertex ids");
    for i in 0..edata.len() {
        // the first slot naming this vertex holds its current position
        let first = edata[..i].iter().position(|&v| v == edata[i]).unwrap_or(i);
        let vec = sub3(&verts[first], &hpos);
        verts[first] = mul_mat_t_vec_skip(&hmat, &vec);
    }
    for i in 0..edata.len() {
        let first = edata[..i].iter().position(|&v| v == edata[i]).unwrap_or(i);
        verts[i] = verts[first];
    }
    *center = mul_mat_t_vec_skip(&hmat, &sub3(center, &hpos));

    let p0 = verts[0];
    let (mut xmin, mut xmax, mut ymin, mut ymax, mut zmin, mut zmax) = (p0[0], p0[0], p0[1], p0[1], p0[2], p0[2]);
    for p in &verts[1..] {
        xmin = min(xmin, p[0]);
        xmax = max(xmax, p[0]);
        ymin = min(ymin, p[1]);
        ymax = max(ymax, p[1]);
        zmin = min(zmin, p[2]);
        zmax = max(zmax, p[2]);
    }

    if xmin - margin > hsize[0]
        || xmax + margin < -hsize[0]
        || ymin - margin > hsize[1]
        || ymax + margin < -hsize[1]
        || zmin - margin > hsize[2]
        || zmax + margin < -hsize[3]
    {
        return 0;
    }

    let (nc1, nr1) = ((ncol - 1) as f64, (nrow - 1) as f64);
    let cmin = crate::math::misc::c_int(((xmin + hsize[0]) / (2.0 * hsize[0]) * nc1).floor()).max(0);
    let cmax = crate::math::misc::c_int(((xmax + hsize[0]) / (2.0 * hsize[0]) * nc1).ceil()).min(ncol - 1);
    let rmin = crate::math::misc::c_int(((ymin + hsize[1]) / (2.0 * hsize[1]) * nr1).floor()).max(0);
    let rmax = crate::math::misc::c_int(((ymax + hsize[1]) / (2.0 * hsize[1]) * nr1).ceil()).min(nrow - 1);

    let dx = (2.0 * hsize[0]) / nc1;
    let dy = (2.0 * hsize[1]) / nr1;
    let dr = [1, 0];
    obj1.set_prism_bottom(-hsize[3]);

    let mut cnt = 0;
    'grid: for r in rmin..rmax {
        let mut nvert = 0;
        for c in cmin..=cmax {
            for drk in dr {
                let rr = r + drk;
                let z = hdata[(rr * ncol + c) as usize] as f64 * hsize[2] + margin;
                obj1.push_prism_vert(dx * c as f64 - hsize[0], dy * rr as f64 - hsize[1], z);
                nvert += 1;
                if nvert <= 2 {
                    continue;
                }
                if obj1.prism_top_below(zmin) {
                    continue;
                }
                if let Some((depth, dir, vec)) = penetration(m, d, &mut obj1, &mut obj2) {
                    if !is_origin(&dir) {
                        let Some(cn) = con.get_mut(cnt) else { break 'grid };
                        set_hfield_contact(cn, depth, &dir, &vec, &hmat, &hpos);
                        cnt += 1;
                        if cnt >= mjMAXCONPAIR {
                            break 'grid;
                        }
                    }
                }
            }
        }
    }

    cnt
}
