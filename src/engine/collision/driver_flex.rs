//! Flex collisions of `mj_collision`: plane against flex vertices, geoms against elements,
//! element pairs, internal element-vertex and tetrahedron face contacts, and the SAP over the
//! active elements of one flex.

use super::driver_broad::sap;
use super::{
    contact_param, filter_box, filter_sphere_box, is_elem_active, set_contact, set_ids, sink, zero_contact,
    ContactParam,
};
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::constraint::{add_contact, assign_margin};
use crate::engine::{disabled, v3, v9};
use crate::math::blas::{dot3, normalize3};
use crate::math::misc::max;
use crate::math::spatial::{cross, quat2mat, quat_z2vec};

use super::convex_flex::{convex_elem, hfield_elem};
use super::primitive::{raw_capsule_capsule, raw_sphere_capsule, raw_sphere_triangle};

/// Vertex ids (within the flex) of element `e` of flex `f`.
fn elem_verts(m: &mjModel, f: usize, e: usize) -> &[i32] {
    let dim = m.flex_dim()[f] as usize;
    let adr = m.flex_elemdataadr()[f] as usize + e * (dim + 1);
    &m.flex_elem()[adr..adr + dim + 1]
}

/// Capsule spanned by two flex vertices with the flex radius: (pos, mat, size)
/// (`mj_makeCapsule`).
fn make_capsule(m: &mjModel, d: &mjData, f: usize, vid: &[i32]) -> ([f64; 3], [f64; 9], [f64; 2]) {
    let vxpos = d.arrays(m).flexvert_xpos;
    let adr = m.flex_vertadr()[f] as usize;
    let v1 = v3(vxpos, adr + vid[0] as usize);
    let v2 = v3(vxpos, adr + vid[1] as usize);
    let mut dif = [v1[0] - v2[0], v1[1] - v2[1], v1[2] - v2[2]];
    let size = [m.flex_radius()[f], 0.5 * normalize3(&mut dif)];
    let sum = [v1[0] + v2[0], v1[1] + v2[1], v1[2] + v2[2]];
    let pos = [sum[0] * 0.5, sum[1] * 0.5, sum[2] * 0.5];
    let mat = quat2mat(&quat_z2vec(&dif));
    (pos, mat, size)
}

/// Writes ids and parameters into the contacts found (to be appended by [`sink::commit`]).
fn finish(
    m: &mjModel,
    con: &mut [mjContact],
    ids: ([i32; 2], [i32; 2], [i32; 2], [i32; 2]),
    p: &ContactParam,
    includemargin: f64,
) {
    let srf = [0.0; mjNREF];
    for c in con.iter_mut() {
        set_ids(c, ids.0, ids.1, ids.2, ids.3);
        set_contact(m, c, p, includemargin, &srf);
    }
}

/// Plane geom `g` against every vertex of flex `f` (`mj_collidePlaneFlex`).
pub fn collide_plane_flex(m: &mjModel, d: &mut mjData, g: usize, f: usize) {
    let radius = m.flex_radius()[f];
    let DataRef { geom_xpos, geom_xmat, .. } = d.arrays(m);
    let pos = *v3(geom_xpos, g);
    let mat = v9(geom_xmat, g);
    let nrm = [mat[2], mat[5], mat[8]];
    let margin = assign_margin(m, max(m.geom_margin()[g], m.flex_margin()[f]));
    let p = contact_param(m, g as i32, -1, -1, f as i32);
    let srf = [0.0; mjNREF];
    let adr = m.flex_vertadr()[f] as usize;
    for i in 0..m.flex_vertnum()[f] as usize {
        // a copy: the data is lent to add_contact below
        let v = *v3(d.arrays(m).flexvert_xpos, adr + i);
        let dif = [v[0] - pos[0], v[1] - pos[1], v[2] - pos[2]];
        let dist = dot3(&dif, &nrm);
        if dist > margin + radius {
            continue;
        }
        let mut con = zero_contact();
        con.dist = dist - radius;
        let s = -con.dist * 0.5 - radius;
        con.pos = [v[0] + s * nrm[0], v[1] + s * nrm[1], v[2] + s * nrm[2]];
        con.frame = [nrm[0], nrm[1], nrm[2], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        set_ids(&mut con, [g as i32, -1], [-1, f as i32], [-1, -1], [-1, i as i32]);
        set_contact(m, &mut con, &p, margin - p.gap, &srf);
        if !add_contact(m, d, &con) {
            return;
        }
    }
}

/// Contact of vertex `v` with the plane of triangle `t0 t1 t2` (both thickened by `rad`);
/// fills geometry and `vert[1]` of `con` and returns whether they touch (`planeVertex`).
fn plane_vertex(con: &mut mjContact, pos: &[f64], rad: f64, t0: usize, t1: usize, t2: usize, v: usize) -> bool {
    let p0 = v3(pos, t0);
    let e1 = crate::math::blas::sub3(v3(pos, t1), p0);
    let e2 = crate::math::blas::sub3(v3(pos, t2), p0);
    let ev = crate::math::blas::sub3(v3(pos, v), p0);
    let mut nrm = cross(&e1, &e2);
    normalize3(&mut nrm);
    let dst = dot3(&ev, &nrm);
    if dst <= -2.0 * rad {
        return false;
    }
    con.dist = -dst - 2.0 * rad;
    con.frame[..3].copy_from_slice(&[-nrm[0], -nrm[1], -nrm[2]]);
    con.frame[3..6].fill(0.0);
    let pv = v3(pos, v);
    let s = -0.5 * dst;
    con.pos = [pv[0] + s * nrm[0], pv[1] + s * nrm[1], pv[2] + s * nrm[2]];
    con.vert[1] = v as i32;
    true
}

/// Internal collisions of flex `f`: predefined element-vertex pairs, and for tetrahedra each
/// vertex against its opposite face; margins are ignored (`mj_collideFlexInternal`).
pub fn collide_flex_internal(m: &mjModel, d: &mut mjData, f: usize) {
    let evnum = m.flex_evpairnum()[f] as usize;
    let evadr = m.flex_evpairadr()[f] as usize;
    let evpair = m.flex_evpair();
    for i in 0..evnum {
        let k = 2 * (evadr + i);
        collide_elem_vert(m, d, f, evpair[k] as usize, evpair[k + 1] as usize);
    }
    if m.flex_dim()[f] != 3 {
        return;
    }

    let mut con = zero_contact();
    set_ids(&mut con, [-1, -1], [f as i32, f as i32], [0, -1], [-1, 0]);
    let mut p = contact_param(m, -1, -1, f as i32, f as i32);
    p.condim = 1;
    let srf = [0.0; mjNREF];
    let radius = m.flex_radius()[f];
    let vertadr = 3 * m.flex_vertadr()[f] as usize;
    let elem = m.flex_elem();
    let dataadr = m.flex_elemdataadr()[f] as usize;
    for e in 0..m.flex_elemnum()[f] as usize {
        let ed = &elem[dataadr + 4 * e..dataadr + 4 * e + 4];
        let ed = [ed[0] as usize, ed[1] as usize, ed[2] as usize, ed[3] as usize];
        con.elem[0] = e as i32;
        let faces = [
            (ed[0], ed[1], ed[2], ed[3]),
            (ed[0], ed[2], ed[3], ed[1]),
            (ed[0], ed[3], ed[1], ed[2]),
            (ed[1], ed[3], ed[2], ed[0]),
        ];
        for (a, b, c, v) in faces {
            if plane_vertex(&mut con, &d.arrays(m).flexvert_xpos[vertadr..], radius, a, b, c, v) {
                set_contact(m, &mut con, &p, 0.0, &srf);
                if !add_contact(m, d, &con) {
                    return;
                }
            }
        }
    }
}

/// Fewest SAP pairs of one flex in one piece of their narrowphase split over the thread pool.
const SPLIT_MIN_SAP_PAIRS: usize = 32;

/// Self-collisions of the active elements of flex `f` by sweep and prune along the longest
/// axis of its bounding box; margins are ignored (`mj_collideFlexSAP`).
pub fn collide_flex_sap(m: &mjModel, d: &mut mjData, f: usize) {
    with_frame(d, |d, fr| {
        let elemnum = m.flex_elemnum()[f] as usize;
        let elid = fr.ints(d, elemnum);
        let mut nactive = 0usize;
        for i in 0..elemnum {
            if is_elem_active(m, f, i) {
                elid[nactive] = i as i32;
                nactive += 1;
            }
        }
        if nactive < 2 {
            return;
        }

        let aamm = fr.nums(d, 6 * nactive);
        let DataRef { flexelem_aabb, bvh_aabb_dyn, .. } = d.arrays(m);
        let elemaabb = &flexelem_aabb[6 * m.flex_elemadr()[f] as usize..];
        for i in 0..nactive {
            let b = &elemaabb[6 * elid[i] as usize..6 * elid[i] as usize + 6];
            for k in 0..3 {
                aamm[nactive * k + i] = b[k] - b[k + 3];
                aamm[nactive * (k + 3) + i] = b[k] + b[k + 3];
            }
        }

        let nbvhstatic = m.nbvhstatic as usize;
        let bvh = &bvh_aabb_dyn[6 * (m.flex_bvhadr()[f] as usize - nbvhstatic)..];
        let axis = if bvh[3] > bvh[4] && bvh[3] > bvh[5] {
            0
        } else if bvh[4] > bvh[5] {
            1
        } else {
            2
        };

        let maxsappair = (nactive * (nactive - 1) / 2).min(1_000_000);
        let sappair = fr.ints(d, maxsappair);
        let nsappair = sap(d, fr, aamm, nactive, axis, sappair);
        if nsappair < 0 {
            crate::mjerror!("mj_collideFlexSAP", "SAP failed");
        }
        let (sappair, elid) = (&sappair[..nsappair.max(0) as usize], &*elid);
        let collide_range = |m: &mjModel, d: &mut mjData, range: core::ops::Range<usize>| {
            for &sp in &sappair[range] {
                let e1 = elid[(sp >> 16) as usize] as usize;
                let e2 = elid[(sp & 0xFFFF) as usize] as usize;
                collide_elems(m, d, f, e1, f, e2);
            }
        };
        let n = sappair.len();
        let split = super::split_pool(m, d)
            .is_some_and(|pool| sink::ordered_split(m, d, pool, n, SPLIT_MIN_SAP_PAIRS, &collide_range));
        if !split {
            collide_range(m, d, 0..n);
        }
    })
}

/// Geom `g` against element `e` of flex `f` (`mj_collideGeomElem`).
pub fn collide_geom_elem(m: &mjModel, d: &mut mjData, g: usize, f: usize, e: usize) {
    let margin = assign_margin(m, max(m.geom_margin()[g], m.flex_margin()[f]));
    let dim = m.flex_dim()[f];
    let gtype = m.geom_type()[g];
    let size = m.geom_size();

    if disabled(m, mjtDisableBit_::mjDSBL_MIDPHASE) {
        let DataRef { geom_xpos, flexelem_aabb, .. } = d.arrays(m);
        let eglobal = m.flex_elemadr()[f] as usize + e;
        if filter_sphere_box(
            v3(geom_xpos, g),
            m.geom_rbound()[g] + margin,
            &flexelem_aabb[6 * eglobal..6 * eglobal + 6],
        ) {
            return;
        }
    }

    // elements touching the geom's body are skipped
    let b = m.geom_bodyid()[g];
    let edata = elem_verts(m, f, e);
    let bdata = &m.flex_vertbodyid()[m.flex_vertadr()[f] as usize..];
    if edata.iter().any(|&v| b >= 0 && b == bdata[v as usize]) {
        return;
    }

    let Some((dv, con)) = sink::room(d) else { return };
    use mjtGeom_::*;
    let DataRef { geom_xpos: xpos, geom_xmat: xmat, flexvert_xpos, .. } = dv.arrays(m);
    let (gpos, gmat, gsize) = (v3(xpos, g), v9(xmat, g), &size[3 * g..3 * g + 3]);
    let num = if dim == 1
        && (gtype == mjGEOM_SPHERE as i32 || gtype == mjGEOM_CAPSULE as i32 || gtype == mjGEOM_BOX as i32)
    {
        let (pos, mat, csize) = make_capsule(m, dv, f, edata);
        if gtype == mjGEOM_SPHERE as i32 {
            raw_sphere_capsule(con, margin, gpos, gmat, gsize, &pos, &mat, &csize)
        } else if gtype == mjGEOM_CAPSULE as i32 {
            raw_capsule_capsule(con, margin, gpos, gmat, gsize, &pos, &mat, &csize)
        } else {
            let n = raw_capsule_box(con, margin, &pos, &mat, &csize, gpos, gmat, gsize);
            for c in con[..n.min(mjMAXCONPAIR)].iter_mut() {
                for k in 0..3 {
                    c.frame[k] *= -1.0;
                }
            }
            n
        }
    } else if gtype == mjGEOM_HFIELD as i32 {
        hfield_elem(m, dv, con, g, f, e, margin)
    } else if gtype == mjGEOM_SPHERE as i32 && dim == 2 {
        let vx = &flexvert_xpos[3 * m.flex_vertadr()[f] as usize..];
        let (a, bb, c) = (edata[0] as usize, edata[1] as usize, edata[2] as usize);
        raw_sphere_triangle(con, margin, gpos, size[3 * g], v3(vx, a), v3(vx, bb), v3(vx, c), m.flex_radius()[f])
    } else {
        convex_elem(m, dv, con, g as i32, -1, -1, -1, f as i32, e as i32, margin)
    };
    let num = num.min(mjMAXCONPAIR);
    if num == 0 {
        sink::commit(d, 0);
        return;
    }
    let p = contact_param(m, g as i32, -1, -1, f as i32);
    finish(m, &mut con[..num], ([g as i32, -1], [-1, f as i32], [-1, e as i32], [-1, -1]), &p, margin - p.gap);
    sink::commit(d, num);
}

use super::boxes::raw_capsule_box;

/// Element `e1` of flex `f1` against element `e2` of flex `f2` (`mj_collideElems`).
pub fn collide_elems(m: &mjModel, d: &mut mjData, f1: usize, e1: usize, f2: usize, e2: usize) {
    // Called for every candidate pair of the flex SAP and mid-phase, most of which the box
    // filter rejects: only what that filter needs is read before it.
    // margins are ignored in self-collisions
    let flex_margin = m.flex_margin();
    let margin = if f1 == f2 { 0.0 } else { assign_margin(m, max(flex_margin[f1], flex_margin[f2])) };
    let elemadr = m.flex_elemadr();
    let aabb = d.arrays(m).flexelem_aabb.as_chunks::<6>().0;
    let box1 = &aabb[elemadr[f1] as usize + e1];
    let box2 = &aabb[elemadr[f2] as usize + e2];
    if filter_box(box1, box2, margin) {
        return;
    }
    let flex_dim = m.flex_dim();
    let (dim1, dim2) = (flex_dim[f1], flex_dim[f2]);
    let (n1, n2) = (dim1 as usize + 1, dim2 as usize + 1);

    // elements sharing a body are skipped
    let (elem, dataadr) = (m.flex_elem(), m.flex_elemdataadr());
    let ed1 = &elem[dataadr[f1] as usize + e1 * n1..][..n1];
    let ed2 = &elem[dataadr[f2] as usize + e2 * n2..][..n2];
    let (vertbodyid, vertadr) = (m.flex_vertbodyid(), m.flex_vertadr());
    let bd1 = &vertbodyid[vertadr[f1] as usize..];
    let bd2 = &vertbodyid[vertadr[f2] as usize..];
    for &v1 in ed1 {
        let b1 = bd1[v1 as usize];
        if b1 >= 0 && ed2.iter().any(|&v2| b1 == bd2[v2 as usize]) {
            return;
        }
    }

    let Some((dv, con)) = sink::room(d) else { return };
    let num = if dim1 == 1 && dim2 == 1 {
        let (pos1, mat1, size1) = make_capsule(m, dv, f1, ed1);
        let (pos2, mat2, size2) = make_capsule(m, dv, f2, ed2);
        raw_capsule_capsule(con, margin, &pos1, &mat1, &size1, &pos2, &mat2, &size2)
    } else {
        convex_elem(m, dv, con, -1, f1 as i32, e1 as i32, -1, f2 as i32, e2 as i32, margin)
    };
    let num = num.min(mjMAXCONPAIR);
    if num == 0 {
        sink::commit(d, 0);
        return;
    }
    let mut p = contact_param(m, -1, -1, f1 as i32, f2 as i32);
    if f1 == f2 {
        p.gap = 0.0;
    }
    let (fi1, fi2) = (f1 as i32, f2 as i32);
    finish(m, &mut con[..num], ([-1, -1], [fi1, fi2], [e1 as i32, e2 as i32], [-1, -1]), &p, margin - p.gap);
    sink::commit(d, num);
}

/// Vertex `v` of flex `f` against its element `e`, without margin (`mj_collideElemVert`).
pub fn collide_elem_vert(m: &mjModel, d: &mut mjData, f: usize, e: usize, v: usize) {
    let margin = assign_margin(m, m.flex_margin()[f]);
    let radius = m.flex_radius()[f];
    let DataRef { flexvert_xpos: vxpos, flexelem_aabb, .. } = d.arrays(m);
    let vadr = m.flex_vertadr()[f] as usize;
    let vert = v3(vxpos, vadr + v);
    let dim = m.flex_dim()[f];
    let edata = elem_verts(m, f, e);

    let a = 6 * (m.flex_elemadr()[f] as usize + e);
    let aabb = &flexelem_aabb[a..a + 6];
    let rbound = margin + radius;
    if aabb[0] - aabb[3] > vert[0] + rbound
        || aabb[1] - aabb[4] > vert[1] + rbound
        || aabb[2] - aabb[5] > vert[2] + rbound
        || aabb[0] + aabb[3] < vert[0] - rbound
        || aabb[1] + aabb[4] < vert[1] - rbound
        || aabb[2] + aabb[5] < vert[2] - rbound
    {
        return;
    }

    let Some((dv, con)) = sink::room(d) else { return };
    let vxpos = dv.arrays(m).flexvert_xpos;
    let vert = v3(vxpos, vadr + v);
    let num = if dim == 1 {
        let (pos, mat, size) = make_capsule(m, dv, f, edata);
        let eye = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        raw_sphere_capsule(con, 0.0, vert, &eye, &[radius], &pos, &mat, &size)
    } else if dim == 2 {
        let vx = &vxpos[3 * vadr..];
        let (a, b, c) = (edata[0] as usize, edata[1] as usize, edata[2] as usize);
        raw_sphere_triangle(con, 0.0, vert, radius, v3(vx, a), v3(vx, b), v3(vx, c), radius)
    } else {
        convex_elem(m, dv, con, -1, f as i32, -1, v as i32, f as i32, e as i32, 0.0)
    };
    let num = num.min(mjMAXCONPAIR);
    if num == 0 {
        sink::commit(d, 0);
        return;
    }
    let p = contact_param(m, -1, -1, f as i32, f as i32);
    let fi = f as i32;
    finish(m, &mut con[..num], ([-1, -1], [fi, fi], [-1, e as i32], [v as i32, -1]), &p, 0.0);
    sink::commit(d, num);
}
