//! Flex vertex and edge kinematics (`mj_flex`): vertex positions, element bounding boxes (and
//! the flex BVHs built on them), edge lengths and edge Jacobians.

use super::support::{jac, jac_dif_pair};
use super::{disabled, is_sparse, v3, v3m, v9};
use crate::abi::fields::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::math::blas::{add_to3, mul_mat_t_vec, mul_mat_vec3, normalize3, sub, sub3};
use crate::math::misc::{interpolate3d, max, min};
use crate::math::spatial::cross;

/// Refits the inner boxes of the dynamic BVH at `bvhadr` (`bvhnum` nodes) after its leaf
/// boxes changed; children always come after their parent (`mj_updateDynamicBVH`).
pub fn update_dynamic_bvh(m: &mjModel, d: &mut mjData, bvhadr: usize, bvhnum: usize) {
    with_frame(d, |d, f| {
        let modified = f.ints(d, bvhnum);
        let nodeid = &m.bvh_nodeid()[bvhadr..bvhadr + bvhnum];
        let child = &m.bvh_child()[2 * bvhadr..2 * (bvhadr + bvhnum)];
        for (mo, &id) in modified.iter_mut().zip(nodeid) {
            *mo = (id >= 0) as i32;
        }

        let aabb = d.arrays_mut(m).bvh_aabb_dyn;
        let base = bvhadr - m.nbvhstatic as usize;
        for i in (0..bvhnum).rev() {
            if nodeid[i] >= 0 {
                continue;
            }
            let (c1, c2) = (child[2 * i], child[2 * i + 1]);
            if c1 < 0 || c2 < 0 {
                continue;
            }
            let (c1, c2) = (c1 as usize, c2 as usize);
            if modified[c1] == 0 && modified[c2] == 0 {
                continue;
            }
            let a1 = &aabb[6 * (base + c1)..6 * (base + c1) + 6];
            let a2 = &aabb[6 * (base + c2)..6 * (base + c2) + 6];
            let mut lo = [0.0; 3];
            let mut hi = [0.0; 3];
            for k in 0..3 {
                lo[k] = min(a1[k] - a1[k + 3], a2[k] - a2[k + 3]);
                hi[k] = max(a1[k] + a1[k + 3], a2[k] + a2[k + 3]);
            }
            let box_i = &mut aabb[6 * (base + i)..6 * (base + i) + 6];
            for k in 0..3 {
                box_i[k] = 0.5 * (hi[k] + lo[k]);
                box_i[k + 3] = 0.5 * (hi[k] - lo[k]);
            }
            modified[i] = 1;
        }
    });
}

/// Computes `flexvert_xpos`, `flexelem_aabb` (and refits flex BVHs unless midphase is
/// disabled), `flexedge_length` and `flexedge_J` (dense, or sparse rows for sparse models).
/// Runs after kinematics and comPos.
pub fn flex(m: &mjModel, d: &mut mjData) {
    let nflex = m.nflex as usize;
    let nv = m.nv as usize;
    if nflex == 0 {
        return;
    }
    let sparse = is_sparse(m);

    let (vertadr, vertnum) = (m.flex_vertadr(), m.flex_vertnum());
    let (nodeadr, nodenum) = (m.flex_nodeadr(), m.flex_nodenum());
    let (interp, centered) = (m.flex_interp(), m.flex_centered());
    let vert_body = m.flex_vertbodyid();
    let DataMut { xpos, xmat, flexvert_xpos: vxpos, .. } = d.arrays_mut(m);
    let (xpos, xmat) = (&*xpos, &*xmat);

    // vertex positions
    for f in 0..nflex {
        let verts = vertadr[f] as usize..(vertadr[f] + vertnum[f]) as usize;
        if interp[f] == 0 {
            for i in verts {
                let b = vert_body[i] as usize;
                if centered[f] != 0 {
                    *v3m(vxpos, i) = *v3(xpos, b);
                } else {
                    let mut p = mul_mat_vec3(v9(xmat, b), v3(m.flex_vert(), i));
                    add_to3(&mut p, v3(xpos, b));
                    *v3m(vxpos, i) = p;
                }
            }
        } else {
            // vertices interpolated from the nodal bodies
            let mut nodexpos = [0.0f64; 3 * mjMAXFLEXNODES];
            let n0 = nodeadr[f] as usize;
            let nn = (nodenum[f] as usize).min(mjMAXFLEXNODES);
            for j in 0..nn {
                let b = m.flex_nodebodyid()[n0 + j] as usize;
                let p = if centered[f] != 0 {
                    *v3(xpos, b)
                } else {
                    let mut p = mul_mat_vec3(v9(xmat, b), v3(m.flex_node(), n0 + j));
                    add_to3(&mut p, v3(xpos, b));
                    p
                };
                *v3m(&mut nodexpos, j) = p;
            }
            let order = interp[f];
            if nodenum[f] != (order + 1) * (order + 1) * (order + 1) {
                crate::mjerror!("mj_flex", "flex_interp_order mismatch");
                continue;
            }
            for i in verts {
                let mut p = [0.0; 3];
                interpolate3d(&mut p, v3(m.flex_vert0(), i), &nodexpos, order);
                *v3m(vxpos, i) = p;
            }
        }
    }

    // element bounding boxes (centre, half-size inflated by the radius)
    let DataMut { flexvert_xpos: vxpos, flexelem_aabb: aabb, .. } = d.arrays_mut(m);
    let vxpos = &*vxpos;
    for f in 0..nflex {
        let dim = m.flex_dim()[f] as usize;
        let vert = &vxpos[3 * vertadr[f] as usize..];
        let dataadr = m.flex_elemdataadr()[f] as usize;
        let radius = m.flex_radius()[f];
        for e in 0..m.flex_elemnum()[f] as usize {
            let edata = &m.flex_elem()[dataadr + e * (dim + 1)..dataadr + (e + 1) * (dim + 1)];
            let mut lo = *v3(vert, edata[0] as usize);
            let mut hi = lo;
            for &v in &edata[1..] {
                let p = v3(vert, v as usize);
                for j in 0..3 {
                    lo[j] = min(lo[j], p[j]);
                    hi[j] = max(hi[j], p[j]);
                }
            }
            let base = m.flex_elemadr()[f] as usize + e;
            let b = &mut aabb[6 * base..6 * base + 6];
            for j in 0..3 {
                b[j] = 0.5 * (hi[j] + lo[j]);
            }
            for j in 0..3 {
                b[j + 3] = 0.5 * (hi[j] - lo[j]) + radius;
            }
        }
    }

    // refit the flex BVHs from the element boxes
    if !disabled(m, mjtDisableBit_::mjDSBL_MIDPHASE) {
        let nstatic = m.nbvhstatic as usize;
        for f in 0..nflex {
            if m.flex_bvhadr()[f] < 0 {
                continue;
            }
            let badr = m.flex_bvhadr()[f] as usize;
            let bnum = m.flex_bvhnum()[f] as usize;
            let elemadr = m.flex_elemadr()[f] as usize;
            let DataMut { bvh_aabb_dyn: dyn_aabb, flexelem_aabb: aabb, .. } = d.arrays_mut(m);
            for i in badr..badr + bnum {
                let id = m.bvh_nodeid()[i];
                if id >= 0 {
                    let src = 6 * (elemadr + id as usize);
                    dyn_aabb[6 * (i - nstatic)..6 * (i - nstatic) + 6].copy_from_slice(&aabb[src..src + 6]);
                }
            }
            update_dynamic_bvh(m, d, badr, bnum);
        }
    }

    // edge lengths and Jacobians
    with_frame(d, |d, fr| {
        let jac1 = fr.nums(d, 3 * nv);
        let jac2 = fr.nums(d, 3 * nv);
        let jacdif = fr.nums(d, 3 * nv);
        let chain: &mut [i32] = if sparse { fr.ints(d, nv) } else { &mut [] };

        {
            let DataMut { flexedge_J_rowadr: rowadr, flexedge_J_rownnz: rownnz, flexedge_J: jmat, .. } =
                d.arrays_mut(m);
            if sparse {
                rowadr.fill(0);
                rownnz.fill(0);
            } else {
                jmat.fill(0.0);
            }
        }

        for f in 0..nflex {
            if m.flex_rigid()[f] != 0 || interp[f] != 0 {
                continue;
            }
            // edges of flexes that need no Jacobian get their lengths only
            let skip_jac = m.flex_edgeequality()[f] == 0
                && m.flex_edgedamping()[f] == 0.0
                && m.flex_edgestiffness()[f] == 0.0
                && m.flex_damping()[f] == 0.0;

            let vbase = vertadr[f] as usize;
            let ebase = m.flex_edgeadr()[f] as usize;
            for e in 0..m.flex_edgenum()[f] as usize {
                let ei = ebase + e;
                let v1 = vbase + m.flex_edge()[2 * ei] as usize;
                let v2 = vbase + m.flex_edge()[2 * ei + 1] as usize;
                let (b1, b2) = (vert_body[v1] as usize, vert_body[v2] as usize);
                let DataMut { flexvert_xpos: vxpos, flexedge_length: elen, .. } = d.arrays_mut(m);
                let (p1, p2) = (*v3(vxpos, v1), *v3(vxpos, v2));

                let mut dir = sub3(&p2, &p1);
                elen[ei] = normalize3(&mut dir);
                if skip_jac {
                    continue;
                }

                if sparse {
                    let DataMut {
                        flexedge_J_rowadr: rowadr,
                        flexedge_J_rownnz: rownnz,
                        flexedge_J_colind: colind,
                        flexedge_J: jmat,
                        cdof,
                        subtree_com,
                        ..
                    } = d.arrays_mut(m);
                    if ei > 0 {
                        rowadr[ei] = rowadr[ei - 1] + rownnz[ei - 1];
                    }
                    let adr = rowadr[ei] as usize;
                    if b1 != b2 && m.body_simple()[b1] != 0 && m.body_simple()[b2] != 0 {
                        let ends = [(b1, &p1), (b2, &p2)];
                        rownnz[ei] =
                            edge_row_simple(m, cdof, subtree_com, ends, &dir, &mut jmat[adr..], &mut colind[adr..])
                                as i32;
                        continue;
                    }
                    let nc = {
                        jac_dif_pair(
                            m,
                            d,
                            chain,
                            b1,
                            b2,
                            &p1,
                            &p2,
                            Some(&mut *jac1),
                            Some(&mut *jac2),
                            Some(&mut *jacdif),
                            None,
                            None,
                            None,
                        )
                    };
                    if nc == 0 {
                        continue;
                    }
                    let DataMut { flexedge_J_rownnz: rownnz, flexedge_J_colind: colind, flexedge_J: jmat, .. } =
                        d.arrays_mut(m);
                    mul_mat_t_vec(&mut jmat[adr..adr + nc], jacdif, &dir, 3, nc);
                    rownnz[ei] = nc as i32;
                    colind[adr..adr + nc].copy_from_slice(&chain[..nc]);
                } else {
                    {
                        jac(m, d, Some(&mut *jac1), None, &p1, b1);
                        jac(m, d, Some(&mut *jac2), None, &p2, b2);
                    }
                    sub(jacdif, jac2, jac1);
                    mul_mat_t_vec(&mut d.arrays_mut(m).flexedge_J[ei * nv..ei * nv + nv], jacdif, &dir, 3, nv);
                }
            }
        }
    });
}

/// Sparse Jacobian row `dir' * (J(p2) - J(p1))` of an edge whose end vertices sit on two distinct
/// simple bodies: the columns are the dofs of the lower-numbered body, then of the other one.
/// Bitwise the same as `jac_dif_pair` followed by `mul_mat_t_vec` (a zero direction component
/// is skipped, the sums start at zero), without the 3 x n scratch; returns the column count.
/// `cdof` and `subtree_com` are mjData's.
#[allow(clippy::too_many_arguments)]
fn edge_row_simple(
    m: &mjModel,
    cdof: &[f64],
    subtree_com: &[f64],
    ends: [(usize, &[f64; 3]); 2],
    dir: &[f64; 3],
    row: &mut [f64],
    cols: &mut [i32],
) -> usize {
    let (dofadr, dofnum, rootid) = (m.body_dofadr(), m.body_dofnum(), m.body_rootid());
    let order = if ends[0].0 < ends[1].0 { [0, 1] } else { [1, 0] };
    let mut nc = 0;
    for k in order {
        let (body, point) = ends[k];
        let num = dofnum[body].max(0) as usize;
        if num == 0 {
            continue;
        }
        let adr = dofadr[body] as usize;
        let offset = sub3(point, v3(subtree_com, rootid[body] as usize));
        let (out, ind) = (&mut row[nc..nc + num], &mut cols[nc..nc + num]);
        for (i, (o, c)) in out.iter_mut().zip(ind.iter_mut()).enumerate() {
            let cd = &cdof[6 * (adr + i)..6 * (adr + i) + 6];
            let t = cross(&[cd[0], cd[1], cd[2]], &offset);
            let mut v = [cd[3] + t[0], cd[4] + t[1], cd[5] + t[2]];
            if k == 0 {
                v = [-v[0], -v[1], -v[2]];
            }
            let mut sum = 0.0;
            for x in 0..3 {
                if dir[x] != 0.0 {
                    sum += v[x] * dir[x];
                }
            }
            *o = sum;
            *c = (adr + i) as i32;
        }
        nc += num;
    }
    nc
}
