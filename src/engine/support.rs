//! Jacobians, object velocities, applied forces and configuration-space helpers shared by the
//! stages (upstream's core_util and support files).
//!
//! Jacobians are row-major 3 x nv (dense) or 3 x NV (sparse: columns are the dofs listed in a
//! `chain`, increasing). Optional outputs are `Option<&mut [f64]>`: `None` skips that part.

use crate::abi::mjtJoint_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtSameFrame_::*;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::{is_sparse, v3, v4, v6, v9};
use crate::math::blas::{
    add_to, add_to_scl, mul_mat_mat, mul_mat_mat3, mul_mat_mat_t3, mul_mat_t_vec, mul_mat_vec3, normalize4,
    scl_inplace, sub, sub3, transpose,
};
use crate::math::misc::max;
use crate::math::spatial::cross_motion;
use crate::math::spatial::{cross, mul_quat, quat2mat, quat_integrate, sub_quat, transform_spatial};

//------------------------------------------ small helpers -----------------------------------------

/// Rotational (first) half of a spatial vector.
#[inline(always)]
fn ang(v: &[f64; 6]) -> [f64; 3] {
    [v[0], v[1], v[2]]
}

/// Translational (second) half of a spatial vector.
#[inline(always)]
fn lin(v: &[f64; 6]) -> [f64; 3] {
    [v[3], v[4], v[5]]
}

/// Adds `val` to column `col` of a 3-row matrix with row stride `stride`.
#[inline(always)]
fn add_col(jac: &mut [f64], col: usize, stride: usize, val: [f64; 3]) {
    jac[col] += val[0];
    jac[col + stride] += val[1];
    jac[col + 2 * stride] += val[2];
}

/// The body itself or its nearest ancestor that has dofs (0 when there is none).
#[inline]
fn movable_ancestor(m: &mjModel, mut body: usize) -> usize {
    let (dofnum, parent) = (m.body_dofnum(), m.body_parentid());
    while body != 0 && dofnum[body] == 0 {
        body = parent[body] as usize;
    }
    body
}

/// Last dof of `body` (negative for a body without dofs).
#[inline]
fn last_dof(m: &mjModel, body: usize) -> i32 {
    m.body_dofadr()[body] + m.body_dofnum()[body] - 1
}

/// Offset of `point` from the subtree com of the root of `body`.
#[inline]
fn root_offset(m: &mjModel, d: &mjData, point: &[f64; 3], body: usize) -> [f64; 3] {
    sub3(point, v3(d.arrays(m).subtree_com, m.body_rootid()[body] as usize))
}

//------------------------------------------ dof chains --------------------------------------------

/// Dofs that move `body`, increasing, written to `chain`; returns their number (mj_bodyChain).
pub fn body_chain(m: &mjModel, body: usize, chain: &mut [i32]) -> usize {
    if m.body_simple()[body] != 0 {
        let (adr, num) = (m.body_dofadr()[body], m.body_dofnum()[body].max(0) as usize);
        for (i, c) in chain[..num].iter_mut().enumerate() {
            *c = adr + i as i32;
        }
        return num;
    }
    let body = movable_ancestor(m, body);
    if body == 0 {
        return 0;
    }
    let parent = m.dof_parentid();
    let mut n = 0;
    let mut da = last_dof(m, body);
    while da >= 0 {
        chain[n] = da;
        n += 1;
        da = parent[da as usize];
    }
    chain[..n].reverse();
    n
}

/// Union of the dof chains of two bodies, increasing; returns its length (mj_mergeChain).
pub fn merge_chain(m: &mjModel, chain: &mut [i32], b1: usize, b2: usize) -> usize {
    let (b1, b2) = (movable_ancestor(m, b1), movable_ancestor(m, b2));
    if b1 == 0 && b2 == 0 {
        return 0;
    }
    let parent = m.dof_parentid();
    let (mut da1, mut da2) = (last_dof(m, b1), last_dof(m, b2));
    let mut n = 0;
    while da1 >= 0 || da2 >= 0 {
        let top = da1.max(da2);
        chain[n] = top;
        if da1 == top {
            da1 = parent[da1 as usize];
        }
        if da2 == top {
            da2 = parent[da2 as usize];
        }
        n += 1;
    }
    chain[..n].reverse();
    n
}

/// Dofs of two simple bodies, lower body index first; returns their number
/// (mj_mergeChainSimple).
pub fn merge_chain_simple(m: &mjModel, chain: &mut [i32], b1: usize, b2: usize) -> usize {
    let (b1, b2) = if b1 > b2 { (b2, b1) } else { (b1, b2) };
    let (adr, num) = (m.body_dofadr(), m.body_dofnum());
    let (n1, n2) = (num[b1].max(0) as usize, num[b2].max(0) as usize);
    for i in 0..n1 {
        chain[i] = adr[b1] + i as i32;
    }
    for i in 0..n2 {
        chain[n1 + i] = adr[b2] + i as i32;
    }
    n1 + n2
}

//------------------------------------------ Jacobians ---------------------------------------------

/// Translational (3 x nv) and rotational (3 x nv) Jacobians of a global `point` attached to
/// `body` (mj_jac).
pub fn jac(
    m: &mjModel,
    d: &mjData,
    mut jacp: Option<&mut [f64]>,
    mut jacr: Option<&mut [f64]>,
    point: &[f64; 3],
    body: usize,
) {
    let nv = m.nv as usize;
    let mut offset = [0.0; 3];
    if let Some(jp) = jacp.as_deref_mut() {
        jp[..3 * nv].fill(0.0);
        offset = root_offset(m, d, point, body);
    }
    if let Some(jr) = jacr.as_deref_mut() {
        jr[..3 * nv].fill(0.0);
    }

    let b = movable_ancestor(m, body);
    if b == 0 {
        return;
    }
    let (cdof, parent) = (&d.arrays(m).cdof[..6 * nv], &m.dof_parentid()[..nv]);
    let mut jacr = jacr.map(|j| &mut j[..3 * nv]);
    let mut jacp = jacp.map(|j| &mut j[..3 * nv]);
    let mut i = last_dof(m, b);
    // every dof on the chain is below nv: the first is checked here, and each parent dof is
    // lower than its child (load checks)
    assert!(i < nv as i32, "mj_jac: bad dof address");
    while i >= 0 {
        let iu = i as usize;
        // SAFETY: iu < nv (above), cdof holds 6 * nv numbers, the Jacobians 3 * nv
        unsafe {
            let c = &*(cdof.as_ptr().add(6 * iu) as *const [f64; 6]);
            if let Some(jr) = jacr.as_deref_mut() {
                let p = jr.as_mut_ptr().add(iu);
                (*p, *p.add(nv), *p.add(2 * nv)) = (c[0], c[1], c[2]);
            }
            if let Some(jp) = jacp.as_deref_mut() {
                let t = cross(&ang(c), &offset);
                let p = jp.as_mut_ptr().add(iu);
                (*p, *p.add(nv), *p.add(2 * nv)) = (c[3] + t[0], c[4] + t[1], c[5] + t[2]);
            }
            i = *parent.get_unchecked(iu);
        }
        debug_assert!(i < iu as i32);
    }
}

/// Jacobians of the frame origin of `body` (mj_jacBody).
pub fn jac_body(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, body: usize) {
    jac(m, d, jacp, jacr, v3(d.arrays(m).xpos, body), body)
}

/// Jacobians of the center of mass of `body` (mj_jacBodyCom).
pub fn jac_body_com(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, body: usize) {
    jac(m, d, jacp, jacr, v3(d.arrays(m).xipos, body), body)
}

/// Translational Jacobian (3 x nv) of the center of mass of the subtree of `body`
/// (mj_jacSubtreeCom).
pub fn jac_subtree_com(m: &mjModel, d: &mut mjData, jacp: &mut [f64], body: usize) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let jacp_b = f.nums(d, 3 * nv);
        let d = &*d;
        let jacp = &mut jacp[..3 * nv];
        jacp.fill(0.0);

        let (parent, mass, xipos) = (m.body_parentid(), m.body_mass(), d.arrays(m).xipos);
        for b in body..m.nbody as usize {
            if b > body && (parent[b] as usize) < body {
                break;
            }
            jac(m, d, Some(&mut *jacp_b), None, v3(xipos, b), b);
            add_to_scl(jacp, jacp_b, mass[b]);
        }
        scl_inplace(jacp, 1.0 / m.body_subtreemass()[body]);
    })
}

/// Jacobians of the center of `geom` (mj_jacGeom).
pub fn jac_geom(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, geom: usize) {
    jac(m, d, jacp, jacr, v3(d.arrays(m).geom_xpos, geom), m.geom_bodyid()[geom] as usize)
}

/// Jacobians of `site` (mj_jacSite).
pub fn jac_site(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, site: usize) {
    jac(m, d, jacp, jacr, v3(d.arrays(m).site_xpos, site), m.site_bodyid()[site] as usize)
}

/// Translational Jacobian of `point` and Jacobian of the direction `axis`, both attached to
/// `body` (mj_jacPointAxis).
pub fn jac_point_axis(
    m: &mjModel,
    d: &mut mjData,
    jac_point: Option<&mut [f64]>,
    jac_axis: Option<&mut [f64]>,
    point: &[f64; 3],
    axis: &[f64; 3],
    body: usize,
) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let jacp: &mut [f64] = match jac_point {
            Some(j) => j,
            None => f.nums(d, 3 * nv),
        };
        let jacr = f.nums(d, 3 * nv);
        jac(m, d, Some(jacp), Some(&mut *jacr), point, body);

        if let Some(ja) = jac_axis {
            for i in 0..nv {
                let (r0, r1, r2) = (jacr[i], jacr[nv + i], jacr[2 * nv + i]);
                ja[i] = r1 * axis[2] - r2 * axis[1];
                ja[nv + i] = r2 * axis[0] - r0 * axis[2];
                ja[2 * nv + i] = r0 * axis[1] - r1 * axis[0];
            }
        }
    })
}

/// Sparse Jacobians (3 x nchain, columns = `chain[..nchain]`) of a global `point` attached to
/// `body` (mj_jacSparse). The chain must contain every dof that moves `body`.
#[allow(clippy::too_many_arguments)]
pub fn jac_sparse(
    m: &mjModel,
    d: &mjData,
    jacp: Option<&mut [f64]>,
    jacr: Option<&mut [f64]>,
    point: &[f64; 3],
    body: usize,
    nchain: usize,
    chain: &[i32],
) {
    // each output is exactly 3 x nchain (checked here once), so the column writes below index
    // without checks
    let jp = jacp.map(|j| &mut j[..3 * nchain]);
    let jr = jacr.map(|j| &mut j[..3 * nchain]);
    let jp = jp.map(|j| {
        j.fill(0.0);
        j.as_mut_ptr()
    });
    let jr = jr.map(|j| {
        j.fill(0.0);
        j.as_mut_ptr()
    });
    let chain = &chain[..nchain];
    let offset = root_offset(m, d, point, body);

    let b = movable_ancestor(m, body);
    if b == 0 {
        return;
    }
    let nv = m.nv as usize;
    let (cdof, parent) = (&d.arrays(m).cdof[..6 * nv], &m.dof_parentid()[..nv]);
    let mut da = last_dof(m, b);
    // every dof on the chain is below nv: the first is checked here, and each parent dof is
    // lower than its child (load checks)
    assert!(da < nv as i32, "mj_jacSparse: bad dof address");
    let mut ci = nchain as isize - 1;
    // SAFETY: da runs over the body's last dof (below nv, asserted) and its dof ancestors,
    // each lower than its child (dof_parentid is checked at load), so 6 * da + 6 <= cdof.len()
    // and da < parent.len(); ci is tested >= 0 before each use and starts below nchain =
    // chain.len(), so col < nchain and col + 2 * nchain < 3 * nchain, the length behind jr/jp
    unsafe {
        while da >= 0 {
            while ci >= 0 && *chain.get_unchecked(ci as usize) > da {
                ci -= 1;
            }
            if ci < 0 || *chain.get_unchecked(ci as usize) != da {
                crate::mjerror!("mj_jacSparse", "dof index {} not found in chain", da);
                return;
            }
            let col = ci as usize;
            let c = &*(cdof.as_ptr().add(6 * da as usize) as *const [f64; 6]);
            if let Some(jr) = jr {
                *jr.add(col) = c[0];
                *jr.add(col + nchain) = c[1];
                *jr.add(col + 2 * nchain) = c[2];
            }
            if let Some(jp) = jp {
                let t = cross(&ang(c), &offset);
                *jp.add(col) = c[3] + t[0];
                *jp.add(col + nchain) = c[4] + t[1];
                *jp.add(col + 2 * nchain) = c[5] + t[2];
            }
            debug_assert!(*parent.get_unchecked(da as usize) < da);
            da = *parent.get_unchecked(da as usize);
        }
    }
}

/// Writes the Jacobian columns of the dofs of a simple `body` at columns `start..` of 3 x
/// `nchain` matrices, negated unless `second` (mj_jacSparseSimple). Other columns are untouched.
#[allow(clippy::too_many_arguments)]
pub fn jac_sparse_simple(
    m: &mjModel,
    d: &mjData,
    jacdifp: Option<&mut [f64]>,
    jacdifr: Option<&mut [f64]>,
    point: &[f64; 3],
    body: usize,
    second: bool,
    nchain: usize,
    start: usize,
) {
    let offset = root_offset(m, d, point, body);
    let num = m.body_dofnum()[body];
    if num == 0 {
        return;
    }
    let num = num.max(0) as usize;
    let adr = m.body_dofadr()[body] as usize;
    let cdof = &d.arrays(m).cdof[6 * adr..6 * (adr + num)];
    if let Some(jr) = jacdifr {
        let [r0, r1, r2] = block_rows(jr, nchain, start, num);
        for (c, ((x, y), z)) in cdof.chunks_exact(6).zip(r0.iter_mut().zip(r1.iter_mut()).zip(r2.iter_mut())) {
            (*x, *y, *z) = if second { (c[0], c[1], c[2]) } else { (-c[0], -c[1], -c[2]) };
        }
    }
    if let Some(jp) = jacdifp {
        let [r0, r1, r2] = block_rows(jp, nchain, start, num);
        for (c, ((x, y), z)) in cdof.chunks_exact(6).zip(r0.iter_mut().zip(r1.iter_mut()).zip(r2.iter_mut())) {
            let t = cross(&[c[0], c[1], c[2]], &offset);
            let v = [c[3] + t[0], c[4] + t[1], c[5] + t[2]];
            (*x, *y, *z) = if second { (v[0], v[1], v[2]) } else { (-v[0], -v[1], -v[2]) };
        }
    }
}

/// Columns `start..start+num` of the three rows of a 3 x `nchain` block.
#[inline(always)]
fn block_rows(jac: &mut [f64], nchain: usize, start: usize, num: usize) -> [&mut [f64]; 3] {
    let (r0, rest) = jac[..3 * nchain].split_at_mut(nchain);
    let (r1, r2) = rest.split_at_mut(nchain);
    [&mut r0[start..start + num], &mut r1[start..start + num], &mut r2[start..start + num]]
}

/// Jacobian difference `J(pos2 on b2) - J(pos1 on b1)`, dense (3 x nv) or, when the model uses
/// sparse Jacobians, over the merged chain written to `chain`; returns the number of columns
/// (0: nothing written). `jac1*`/`jac2*` are scratch for the single-body Jacobians and are needed
/// for each difference requested, except with two simple bodies in sparse mode (mj_jacDifPair).
#[allow(clippy::too_many_arguments)]
pub fn jac_dif_pair(
    m: &mjModel,
    d: &mjData,
    chain: &mut [i32],
    b1: usize,
    b2: usize,
    pos1: &[f64; 3],
    pos2: &[f64; 3],
    mut jac1p: Option<&mut [f64]>,
    mut jac2p: Option<&mut [f64]>,
    mut jacdifp: Option<&mut [f64]>,
    mut jac1r: Option<&mut [f64]>,
    mut jac2r: Option<&mut [f64]>,
    mut jacdifr: Option<&mut [f64]>,
) -> usize {
    let simple = m.body_simple()[b1] != 0 && m.body_simple()[b2] != 0;
    let sparse = is_sparse(m);
    let mut n = m.nv as usize;
    if n == 0 {
        return 0;
    }
    if sparse {
        n = if simple { merge_chain_simple(m, chain, b1, b2) } else { merge_chain(m, chain, b1, b2) };
    }
    if n == 0 {
        return 0;
    }

    if sparse && simple {
        let dn = m.body_dofnum();
        let start1 = if b1 < b2 { 0 } else { dn[b2] as usize };
        let start2 = if b2 < b1 { 0 } else { dn[b1] as usize };
        jac_sparse_simple(m, d, jacdifp.as_deref_mut(), jacdifr.as_deref_mut(), pos1, b1, false, n, start1);
        jac_sparse_simple(m, d, jacdifp, jacdifr, pos2, b2, true, n, start2);
        return n;
    }

    if sparse {
        jac_sparse(m, d, jac1p.as_deref_mut(), jac1r.as_deref_mut(), pos1, b1, n, chain);
        jac_sparse(m, d, jac2p.as_deref_mut(), jac2r.as_deref_mut(), pos2, b2, n, chain);
    } else {
        jac(m, d, jac1p.as_deref_mut(), jac1r.as_deref_mut(), pos1, b1);
        jac(m, d, jac2p.as_deref_mut(), jac2r.as_deref_mut(), pos2, b2);
    }
    if let (Some(dif), Some(j1), Some(j2)) = (jacdifp, jac1p, jac2p) {
        sub(&mut dif[..3 * n], j2, j1);
    }
    if let (Some(dif), Some(j1), Some(j2)) = (jacdifr, jac1r, jac2r) {
        sub(&mut dif[..3 * n], j2, j1);
    }
    n
}

/// Adds `scl * src` to the sparse `dst` (both `nrow` rows, columns `src_ind`/`dst_ind`), merging
/// the column patterns; returns the new column count (mju_addToSparseMat).
#[allow(clippy::too_many_arguments)]
fn add_to_sparse_mat(
    dst: &mut [f64],
    src: &[f64],
    n: usize,
    nrow: usize,
    scl: f64,
    dst_nnz: usize,
    src_nnz: usize,
    dst_ind: &mut [i32],
    src_ind: &[i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> usize {
    if dst_nnz == src_nnz {
        if dst_nnz == 0 {
            return 0;
        }
        if crate::math::sparse::same_pattern(&dst_ind[..dst_nnz], &src_ind[..dst_nnz]) {
            add_to_scl(&mut dst[..nrow * dst_nnz], src, scl);
            return dst_nnz;
        }
    }

    let past = n as i32 + 1;
    let (mut si, mut di, mut nnz) = (0, 0, 0);
    let mut sadr = if src_nnz > 0 { src_ind[0] } else { past };
    let mut dadr = if dst_nnz > 0 { dst_ind[0] } else { past };
    while si < src_nnz || di < dst_nnz {
        if sadr == dadr {
            for k in 0..nrow {
                buf[nrow * nnz + k] = dst[di + k * dst_nnz] + scl * src[si + k * src_nnz];
            }
            buf_ind[nnz] = sadr;
            si += 1;
            di += 1;
        } else if dadr < sadr {
            for k in 0..nrow {
                buf[nrow * nnz + k] = dst[di + k * dst_nnz];
            }
            buf_ind[nnz] = dadr;
            di += 1;
        } else {
            for k in 0..nrow {
                buf[nrow * nnz + k] = scl * src[si + k * src_nnz];
            }
            buf_ind[nnz] = sadr;
            si += 1;
        }
        nnz += 1;
        sadr = if si < src_nnz { src_ind[si] } else { past };
        dadr = if di < dst_nnz { dst_ind[di] } else { past };
    }
    transpose(dst, buf, nnz, nrow);
    dst_ind[..nnz].copy_from_slice(&buf_ind[..nnz]);
    nnz
}

/// Weighted sum of the Jacobians of a common `point` attached to each of `body`, translational
/// rows first, then (with `rot`) rotational rows starting at `jac[3*nv]`. Dense, or sparse over
/// the union chain written to `chain`; returns the column count (mj_jacSum).
#[allow(clippy::too_many_arguments)]
pub fn jac_sum(
    m: &mjModel,
    d: &mut mjData,
    chain: &mut [i32],
    body: &[i32],
    weight: &[f64],
    point: &[f64; 3],
    jac_out: &mut [f64],
    rot: bool,
) -> usize {
    let nv = m.nv as usize;
    if body.is_empty() {
        return 0;
    }
    let rows = if rot { 6 } else { 3 };
    with_frame(d, |d, f| {
        let jtmp = f.nums(d, rows * nv);
        let simple = m.body_simple();
        let n;
        if is_sparse(m) {
            let buf = f.nums(d, rows * nv);
            let buf_ind = f.ints(d, nv);
            let bodychain = f.ints(d, nv);

            let b0 = body[0] as usize;
            let mut nn = body_chain(m, b0, chain);
            if nn > 0 {
                let (p, r) = split_rows(jac_out, nv, rot);
                if simple[b0] != 0 {
                    jac_sparse_simple(m, d, Some(p), r, point, b0, true, nn, 0);
                } else {
                    jac_sparse(m, d, Some(p), r, point, b0, nn, chain);
                }
                scl_inplace(&mut jac_out[..rows * nn], weight[0]);
            }

            for (i, &bi) in body.iter().enumerate().skip(1) {
                let bi = bi as usize;
                let bnv = body_chain(m, bi, bodychain);
                if bnv == 0 {
                    continue;
                }
                let (p, r) = split_rows(jtmp, nv, rot);
                if simple[bi] != 0 {
                    jac_sparse_simple(m, d, Some(p), r, point, bi, true, bnv, 0);
                } else {
                    jac_sparse(m, d, Some(p), r, point, bi, bnv, bodychain);
                }
                nn = add_to_sparse_mat(jac_out, jtmp, nv, rows, weight[i], nn, bnv, chain, bodychain, buf, buf_ind);
            }
            n = nn;
        } else {
            let (p, r) = split_rows(jac_out, nv, rot);
            jac(m, d, Some(p), r, point, body[0] as usize);
            scl_inplace(&mut jac_out[..rows * nv], weight[0]);
            for (i, &bi) in body.iter().enumerate().skip(1) {
                let (p, r) = split_rows(jtmp, nv, rot);
                jac(m, d, Some(p), r, point, bi as usize);
                add_to_scl(&mut jac_out[..rows * nv], jtmp, weight[i]);
            }
            n = nv;
        }
        n
    })
}

/// Translational rows at the start of `buf`, rotational rows (with `rot`) from `3*nv` on.
#[inline]
fn split_rows(buf: &mut [f64], nv: usize, rot: bool) -> (&mut [f64], Option<&mut [f64]>) {
    if rot {
        let (p, r) = buf.split_at_mut(3 * nv);
        (p, Some(r))
    } else {
        (buf, None)
    }
}

/// Time derivative of the Jacobians of a global `point` attached to `body` (mj_jacDot); needs
/// `cvel` and `cdof_dot` (velocity stage).
pub fn jac_dot(
    m: &mjModel,
    d: &mjData,
    mut jacp: Option<&mut [f64]>,
    mut jacr: Option<&mut [f64]>,
    point: &[f64; 3],
    body: usize,
) {
    let nv = m.nv as usize;
    let a = d.arrays(m);
    let cvel = a.cvel;
    let mut offset = [0.0; 3];
    let mut pvel = [0.0; 6];
    if let Some(jp) = jacp.as_deref_mut() {
        jp[..3 * nv].fill(0.0);
        let com = v3(a.subtree_com, m.body_rootid()[body] as usize);
        offset = sub3(point, com);
        pvel = transform_spatial(v6(cvel, body), false, point, com, None);
    }
    if let Some(jr) = jacr.as_deref_mut() {
        jr[..3 * nv].fill(0.0);
    }

    let b = movable_ancestor(m, body);
    if b == 0 {
        return;
    }
    let (cdof, cdof_dot) = (a.cdof, a.cdof_dot);
    let (parent, jntid, jtype, jdofadr, dbody) =
        (m.dof_parentid(), m.dof_jntid(), m.jnt_type(), m.jnt_dofadr(), m.dof_bodyid());
    let mut i = last_dof(m, b);
    while i >= 0 {
        let iu = i as usize;
        let c = v6(cdof, iu);
        let j = jntid[iu] as usize;
        let ty = jtype[j];
        let is_quat = ty == mjJNT_BALL as i32 || (ty == mjJNT_FREE as i32 && i >= jdofadr[j] + 3);
        let cd = if is_quat { cross_motion(v6(cvel, dbody[iu] as usize), c) } else { *v6(cdof_dot, iu) };

        if let Some(jr) = jacr.as_deref_mut() {
            add_col(jr, iu, nv, ang(&cd));
        }
        if let Some(jp) = jacp.as_deref_mut() {
            let t1 = cross(&ang(&cd), &offset);
            let t2 = cross(&ang(c), &lin(&pvel));
            add_col(jp, iu, nv, [cd[3] + t1[0] + t2[0], cd[4] + t1[1] + t2[1], cd[5] + t1[2] + t2[2]]);
        }
        i = parent[iu];
    }
}

/// 3 x nv matrix mapping qvel to the angular momentum of the subtree of `body` about its center
/// of mass (mj_angmomMat).
pub fn angmom_mat(m: &mjModel, d: &mut mjData, mat: &mut [f64], body: usize) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let jacp = f.nums(d, 3 * nv);
        let jacr = f.nums(d, 3 * nv);
        let term1 = f.nums(d, 3 * nv);
        let term2 = f.nums(d, 3 * nv);
        let mat = &mut mat[..3 * nv];
        mat.fill(0.0);

        let d = &*d;
        let a = d.arrays(m);
        let (xipos, ximat) = (a.xipos, a.ximat);
        let subtree_com = *v3(a.subtree_com, body);
        let (parent, inertia, mass) = (m.body_parentid(), m.body_inertia(), m.body_mass());
        for b in body..m.nbody as usize {
            if b > body && (parent[b] as usize) < body {
                break;
            }
            jac_body_com(m, d, Some(&mut *jacp), Some(&mut *jacr), b);

            let xi = v9(ximat, b);
            let mut inert = [0.0; 9];
            inert[0] = inertia[3 * b];
            inert[4] = inertia[3 * b + 1];
            inert[8] = inertia[3 * b + 2];
            let rot_inert = mul_mat_mat_t3(&mul_mat_mat3(xi, &inert), xi);
            mul_mat_mat(term1, &rot_inert, jacr, 3, 3, nv);

            let com = sub3(v3(xipos, b), &subtree_com);
            let com_mat = [0.0, -com[2], com[1], com[2], 0.0, -com[0], -com[1], com[0], 0.0];
            mul_mat_mat(term2, &com_mat, jacp, 3, 3, nv);
            scl_inplace(term2, mass[b]);

            add_to(mat, term1);
            add_to(mat, term2);
        }
    })
}

//------------------------------------------ object frames -----------------------------------------

/// Body, global position and optional orientation of an object.
type ObjectFrame<'a> = (usize, &'a [f64; 3], Option<&'a [f64; 9]>);

/// Body, position and (when `local`) orientation of an object with a spatial frame.
fn object_frame<'a>(
    m: &mjModel,
    d: &'a mjData,
    objtype: i32,
    objid: usize,
    local: bool,
    func: &str,
) -> Option<ObjectFrame<'a>> {
    let a = d.arrays(m);
    let (body, pos, rot): (usize, &[f64], &[f64]) = match objtype {
        t if t == mjOBJ_BODY as i32 => (objid, a.xipos, a.ximat),
        t if t == mjOBJ_XBODY as i32 => (objid, a.xpos, a.xmat),
        t if t == mjOBJ_GEOM as i32 => (m.geom_bodyid()[objid] as usize, a.geom_xpos, a.geom_xmat),
        t if t == mjOBJ_SITE as i32 => (m.site_bodyid()[objid] as usize, a.site_xpos, a.site_xmat),
        t if t == mjOBJ_CAMERA as i32 => (m.cam_bodyid()[objid] as usize, a.cam_xpos, a.cam_xmat),
        _ => {
            crate::mjerror!(func, "invalid object type {}", objtype);
            return None;
        }
    };
    Some((body, v3(pos, objid), if local { Some(v9(rot, objid)) } else { None }))
}

/// 6D velocity (rotation, translation) of an object at its own position, in world or (with
/// `local`) object orientation (mj_objectVelocity).
/// Needs positions and velocities computed.
pub fn object_velocity(m: &mjModel, d: &mjData, objtype: i32, objid: usize, flg_local: bool) -> [f64; 6] {
    let Some((body, pos, rot)) = object_frame(m, d, objtype, objid, flg_local, "mj_objectVelocity") else {
        return [0.0; 6];
    };
    if m.body_weldid()[body] == 0 {
        return [0.0; 6];
    }
    let a = d.arrays(m);
    let com = v3(a.subtree_com, m.body_rootid()[body] as usize);
    transform_spatial(v6(a.cvel, body), false, pos, com, rot)
}

/// 6D acceleration of an object, as [`object_velocity`], including the Coriolis term of the
/// moving frame (mj_objectAcceleration).
/// Needs accelerations (`cacc`) computed.
pub fn object_acceleration(m: &mjModel, d: &mjData, objtype: i32, objid: usize, flg_local: bool) -> [f64; 6] {
    let Some((body, pos, rot)) = object_frame(m, d, objtype, objid, flg_local, "mj_objectAcceleration") else {
        return [0.0; 6];
    };
    if m.body_weldid()[body] == 0 {
        return [0.0; 6];
    }
    let a = d.arrays(m);
    let com = v3(a.subtree_com, m.body_rootid()[body] as usize);
    let mut res = transform_spatial(v6(a.cacc, body), false, pos, com, rot);
    let vel = transform_spatial(v6(a.cvel, body), false, pos, com, rot);
    let corr = cross(&ang(&vel), &lin(&vel));
    res[3] += corr[0];
    res[4] += corr[1];
    res[5] += corr[2];
    res
}

/// Poses of one body from the data's kinematics: the inputs of [`local2global`].
pub struct BodyPose<'a> {
    /// `xpos` of the body.
    pub xpos: &'a [f64; 3],
    /// `xmat` of the body.
    pub xmat: &'a [f64; 9],
    /// `xquat` of the body.
    pub xquat: &'a [f64; 4],
    /// `xipos` of the body.
    pub xipos: &'a [f64; 3],
    /// `ximat` of the body.
    pub ximat: &'a [f64; 9],
}

impl<'a> BodyPose<'a> {
    /// The pose of `body` from the data's kinematic arrays.
    pub fn of(a: &DataRef<'a>, body: usize) -> Self {
        BodyPose {
            xpos: v3(a.xpos, body),
            xmat: v9(a.xmat, body),
            xquat: v4(a.xquat, body),
            xipos: v3(a.xipos, body),
            ximat: v9(a.ximat, body),
        }
    }
}

/// Global position and orientation of a frame given relative to a body whose pose is `body`,
/// with `sameframe` shortcuts (mjtSameFrame) (mj_local2Global).
pub fn local2global(
    body: &BodyPose<'_>,
    xpos: Option<&mut [f64; 3]>,
    xmat: Option<&mut [f64; 9]>,
    pos: Option<&[f64; 3]>,
    quat: Option<&[f64; 4]>,
    sameframe: u8,
) {
    let sf = sameframe as i32;
    let none = mjSAMEFRAME_NONE as i32;
    let bodyf = mjSAMEFRAME_BODY as i32;
    let inert = mjSAMEFRAME_INERTIA as i32;
    let bodyrot = mjSAMEFRAME_BODYROT as i32;
    let inertrot = mjSAMEFRAME_INERTIAROT as i32;

    if let (Some(xp), Some(p)) = (xpos, pos) {
        if sf == none || sf == bodyrot || sf == inertrot {
            let r = mul_mat_vec3(body.xmat, p);
            let o = body.xpos;
            *xp = [r[0] + o[0], r[1] + o[1], r[2] + o[2]];
        } else if sf == bodyf {
            *xp = *body.xpos;
        } else if sf == inert {
            *xp = *body.xipos;
        }
    }
    if let (Some(xm), Some(q)) = (xmat, quat) {
        if sf == none {
            *xm = quat2mat(&mul_quat(body.xquat, q));
        } else if sf == bodyf || sf == bodyrot {
            *xm = *body.xmat;
        } else if sf == inert || sf == inertrot {
            *xm = *body.ximat;
        }
    }
}

//------------------------------------------ applied forces ----------------------------------------

/// Where a generalized force is added: a caller's vector or one of the data's own.
pub enum QfrcDest<'q> {
    /// A vector of nv numbers outside the data.
    Slice(&'q mut [f64]),
    /// The data's `qfrc_smooth`.
    QfrcSmooth,
    /// The data's `qfrc_inverse`.
    QfrcInverse,
}

impl QfrcDest<'_> {
    /// The destination vector, borrowing the data when it is one of its arrays.
    #[inline]
    fn get<'s>(&'s mut self, m: &mjModel, d: &'s mut mjData) -> &'s mut [f64] {
        match self {
            QfrcDest::Slice(s) => s,
            QfrcDest::QfrcSmooth => d.arrays_mut(m).qfrc_smooth,
            QfrcDest::QfrcInverse => d.arrays_mut(m).qfrc_inverse,
        }
    }
}

/// Adds the generalized force of a Cartesian `force` and `torque` applied at global `point` on
/// `body` to `qfrc` (mj_applyFT).
pub fn apply_ft(
    m: &mjModel,
    d: &mut mjData,
    force: Option<&[f64; 3]>,
    torque: Option<&[f64; 3]>,
    point: &[f64; 3],
    body: usize,
    qfrc: &mut [f64],
) {
    apply_ft_to(m, d, force, torque, point, body, &mut QfrcDest::Slice(qfrc))
}

/// [`apply_ft`] adding to `dest`.
pub fn apply_ft_to(
    m: &mjModel,
    d: &mut mjData,
    force: Option<&[f64; 3]>,
    torque: Option<&[f64; 3]>,
    point: &[f64; 3],
    body: usize,
    dest: &mut QfrcDest<'_>,
) {
    let nv = m.nv as usize;
    if body >= m.nbody as usize {
        crate::mjerror!("mj_applyFT", "invalid body {}", body);
        return;
    }
    with_frame(d, |d, f| {
        let mut jacp = if force.is_some() { Some(f.nums(d, 3 * nv)) } else { None };
        let mut jacr = if torque.is_some() { Some(f.nums(d, 3 * nv)) } else { None };
        let qforce = f.nums(d, nv);

        if is_sparse(m) {
            let chain = f.ints(d, nv);
            let n = body_chain(m, body, chain);
            jac_sparse(m, d, jacp.as_deref_mut(), jacr.as_deref_mut(), point, body, n, chain);
            let qfrc = dest.get(m, d);
            for (j, f) in [(jacp, force), (jacr, torque)] {
                if let (Some(j), Some(f)) = (j, f) {
                    mul_mat_t_vec(qforce, j, f, 3, n);
                    for (&c, &q) in chain[..n].iter().zip(&qforce[..n]) {
                        qfrc[c as usize] += q;
                    }
                }
            }
        } else {
            jac(m, d, jacp.as_deref_mut(), jacr.as_deref_mut(), point, body);
            let qfrc = dest.get(m, d);
            for (j, f) in [(jacp, force), (jacr, torque)] {
                if let (Some(j), Some(f)) = (j, f) {
                    mul_mat_t_vec(qforce, j, f, 3, nv);
                    add_to(&mut qfrc[..nv], qforce);
                }
            }
        }
    })
}

/// Adds the generalized forces of all `xfrc_applied` wrenches (applied at body coms) to `qfrc`
/// (mj_xfrcAccumulate).
pub fn xfrc_accumulate(m: &mjModel, d: &mut mjData, qfrc: &mut [f64]) {
    xfrc_accumulate_to(m, d, QfrcDest::Slice(qfrc))
}

/// [`xfrc_accumulate`] adding to `dest`.
pub fn xfrc_accumulate_to(m: &mjModel, d: &mut mjData, mut dest: QfrcDest<'_>) {
    let nbody = m.nbody as usize;
    if nbody < 2 || d.arrays(m).xfrc_applied[6..6 * nbody].iter().all(|v| v.to_bits() == 0) {
        return;
    }
    for i in 1..nbody {
        // copies: apply_ft takes the data mutably (for its scratch)
        let (w, p) = {
            let a = d.arrays(m);
            (*v6(a.xfrc_applied, i), *v3(a.xipos, i))
        };
        if w.iter().any(|&v| v != 0.0) {
            let (f, t) = (ang(&w), lin(&w));
            apply_ft_to(m, d, Some(&f), Some(&t), &p, i, &mut dest);
        }
    }
}

//------------------------------------------ configuration space -----------------------------------

/// Integrates `qpos` over `dt` with velocity `qvel`, for the joints of bodies `index[1..nbody]`
/// (or bodies `1..nbody` without `index`) (mj_integratePosInd).
pub fn integrate_pos_ind(m: &mjModel, qpos: &mut [f64], qvel: &[f64], dt: f64, index: Option<&[i32]>, nbody: usize) {
    let (jntadr, jntnum) = (m.body_jntadr(), m.body_jntnum());
    let (jtype, qadr, dadr) = (m.jnt_type(), m.jnt_qposadr(), m.jnt_dofadr());
    for b in 1..nbody {
        let k = index.map_or(b, |ind| ind[b] as usize);
        let start = jntadr[k].max(0) as usize;
        for j in start..start + jntnum[k].max(0) as usize {
            let (mut pa, mut va) = (qadr[j] as usize, dadr[j] as usize);
            let ty = jtype[j];
            if ty == mjJNT_FREE as i32 || ty == mjJNT_BALL as i32 {
                if ty == mjJNT_FREE as i32 {
                    for i in 0..3 {
                        qpos[pa + i] += dt * qvel[va + i];
                    }
                    pa += 3;
                    va += 3;
                }
                let q: &mut [f64; 4] = (&mut qpos[pa..pa + 4]).try_into().unwrap();
                quat_integrate(q, v3(&qvel[va..], 0), dt);
            } else if ty == mjJNT_HINGE as i32 || ty == mjJNT_SLIDE as i32 {
                qpos[pa] += dt * qvel[va];
            }
        }
    }
}

/// Integrates `qpos` over `dt` with velocity `qvel` (mj_integratePos).
pub fn integrate_pos(m: &mjModel, qpos: &mut [f64], qvel: &[f64], dt: f64) {
    integrate_pos_ind(m, qpos, qvel, dt, None, m.nbody as usize)
}

/// Velocity that moves `qpos1` to `qpos2` in time `dt` (mj_differentiatePos).
pub fn differentiate_pos(m: &mjModel, qvel: &mut [f64], dt: f64, qpos1: &[f64], qpos2: &[f64]) {
    let (jtype, qadr, dadr) = (m.jnt_type(), m.jnt_qposadr(), m.jnt_dofadr());
    for j in 0..m.njnt as usize {
        let (mut pa, mut va) = (qadr[j] as usize, dadr[j] as usize);
        let ty = jtype[j];
        if ty == mjJNT_FREE as i32 || ty == mjJNT_BALL as i32 {
            if ty == mjJNT_FREE as i32 {
                for i in 0..3 {
                    qvel[va + i] = (qpos2[pa + i] - qpos1[pa + i]) / dt;
                }
                pa += 3;
                va += 3;
            }
            let w = sub_quat(v4s(qpos2, pa), v4s(qpos1, pa));
            let inv = 1.0 / dt;
            for i in 0..3 {
                qvel[va + i] = w[i] * inv;
            }
        } else if ty == mjJNT_HINGE as i32 || ty == mjJNT_SLIDE as i32 {
            qvel[va] = (qpos2[pa] - qpos1[pa]) / dt;
        }
    }
}

/// Four elements starting at `adr`.
#[inline(always)]
fn v4s(s: &[f64], adr: usize) -> &[f64; 4] {
    s[adr..adr + 4].try_into().unwrap()
}

/// Normalizes the quaternions of ball and free joints in a qpos-like vector (mj_normalizeQuat).
pub fn normalize_quat(m: &mjModel, qpos: &mut [f64]) {
    let (jtype, qadr) = (m.jnt_type(), m.jnt_qposadr());
    for j in 0..m.njnt as usize {
        let ty = jtype[j];
        if ty == mjJNT_BALL as i32 || ty == mjJNT_FREE as i32 {
            let a = qadr[j] as usize + if ty == mjJNT_FREE as i32 { 3 } else { 0 };
            let q: &mut [f64; 4] = (&mut qpos[a..a + 4]).try_into().unwrap();
            normalize4(q);
        }
    }
}

/// True when actuator `i` belongs to a group disabled in `opt.disableactuator`
/// (mj_actuatorDisabled).
pub fn actuator_disabled(m: &mjModel, i: usize) -> bool {
    let group = m.actuator_group()[i];
    (0..=30).contains(&group) && m.opt.disableactuator & (1 << group) != 0
}

/// Sum of the masses of all bodies but the world (mj_getTotalmass).
pub fn get_totalmass(m: &mjModel) -> f64 {
    m.body_mass().iter().skip(1).fold(0.0, |acc, &x| acc + x)
}

/// Scales all body masses and inertias so that the total mass becomes `newmass`
/// (mj_setTotalmass).
pub fn set_totalmass(m: &mut mjModel, newmass: f64) {
    let scale = max(mjMINVAL, newmass / max(mjMINVAL, get_totalmass(m)));
    let nbody = m.nbody as usize;
    // SAFETY: the model's buffer holds nbody masses and 3*nbody inertias
    let (mass, inertia) = unsafe {
        (
            core::slice::from_raw_parts_mut(m.body_mass, nbody),
            core::slice::from_raw_parts_mut(m.body_inertia, 3 * nbody),
        )
    };
    for i in 1..nbody {
        mass[i] *= scale;
        inertia[3 * i] *= scale;
        inertia[3 * i + 1] *= scale;
        inertia[3 * i + 2] *= scale;
    }
}
