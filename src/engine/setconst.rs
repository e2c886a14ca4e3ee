//! Model constants that depend on the reference configuration (`mj_setConst`): tree bookkeeping,
//! quantities evaluated at qpos0 (dof_M0, inverse weights, actuator_acc0, equality anchors,
//! camera/light offsets, dampratio), model statistics and spring lengths at qpos_spring.
//! `mj_setLengthRange` is in [`super::lengthrange`].

use crate::abi::mjtCamLight_::mjCAMLIGHT_FIXED;
use crate::abi::mjtEq_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtJoint_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtSleepPolicy_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::mjtWrap_::*;
use crate::abi::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::{flex, inertia, kinematics, support, tendon};
use crate::engine::{is_sparse, v10, v3, v4, v6, v9};
use crate::math::blas::{dist3, dot, mul_mat_mat_t, mul_mat_t_vec3, norm, normalize4, sub3};
use crate::math::misc::{is_zero, max};
use crate::math::sparse::sparse_to_dense;
use crate::math::spatial::{mul_inert_vec, mul_quat, neg_quat};

/// Mutable view of a model array; writes go to the model's buffer, never to the struct itself.
///
/// # Safety
/// `p` must hold `n` elements; no other slice of the same array may be alive while it is used.
#[inline]
#[allow(clippy::mut_from_ref)]
unsafe fn marr<'a, T>(p: *mut T, n: usize) -> &'a mut [T] {
    if n == 0 || p.is_null() {
        &mut []
    } else {
        // SAFETY: the caller's contract: `p` holds `n` elements, no other slice of it alive
        unsafe { core::slice::from_raw_parts_mut(p, n) }
    }
}

/// [`marr`] for a model array field: `wr!(m.field, n)`.
macro_rules! wr {
    ($m:ident . $f:ident, $n:expr) => {{
        let n = $n;
        // SAFETY: `$f` holds `n` elements in the model's buffer (sized by the model's counts);
        // mj_setConst holds the model exclusively and writes each array only through the one
        // slice made here while it is alive (no `m.$f()` view of the same array overlaps it)
        unsafe { marr($m.$f, n) }
    }};
}

/// The `mjMIN` macro: a < b ? a : b.
#[inline(always)]
fn cmin(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

/// The `mjMAX` macro: a > b ? a : b.
#[inline(always)]
fn cmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// Tree of the body a tendon wrap object is attached to (-1: none).
fn wrap_tree(m: &mjModel, wrap: usize) -> i32 {
    let obj = m.wrap_objid()[wrap];
    let t = m.wrap_type()[wrap];
    let body = if t == mjWRAP_JOINT as i32 {
        m.jnt_bodyid()[obj as usize]
    } else if t == mjWRAP_SITE as i32 {
        m.site_bodyid()[obj as usize]
    } else if t == mjWRAP_SPHERE as i32 || t == mjWRAP_CYLINDER as i32 {
        m.geom_bodyid()[obj as usize]
    } else {
        -1
    };
    if body >= 0 {
        m.body_treeid()[body as usize]
    } else {
        -1
    }
}

/// Marks tree `tree` (if any) as never sleeping when its policy is still automatic.
#[inline]
fn keep_awake(policy: &mut [i32], tree: i32) {
    if tree >= 0 && policy[tree as usize] == mjSLEEP_AUTO as i32 {
        policy[tree as usize] = mjSLEEP_AUTO_NEVER as i32;
    }
}

/// Quantities that do not depend on qpos0: subtree masses, gravcomp count, tree tables, tendon
/// trees and the automatic sleep policies. Returns false after reporting an error.
fn set_fixed(m: &mut mjModel, d: &mut mjData) -> bool {
    let nbody = m.nbody as usize;
    m.ngravcomp = m.body_gravcomp().iter().filter(|&&g| g > 0.0).count() as i32;
    let m: &mjModel = m;
    let (ntree, ntendon) = (m.ntree as usize, m.ntendon as usize);

    let subtreemass = wr!(m.body_subtreemass, nbody);
    subtreemass.copy_from_slice(m.body_mass());
    let parent = m.body_parentid();
    for i in (1..nbody).rev() {
        subtreemass[parent[i] as usize] += subtreemass[i];
    }

    // body trees from the first dof of each weld root
    let treeid = wr!(m.body_treeid, nbody);
    let (weld, dofnum, dofadr, dof_tree) = (m.body_weldid(), m.body_dofnum(), m.body_dofadr(), m.dof_treeid());
    for i in 0..nbody {
        let w = weld[i] as usize;
        treeid[i] = if dofnum[w] != 0 { dof_tree[dofadr[w] as usize] } else { -1 };
    }

    let (tree_bodyadr, tree_bodynum) = (wr!(m.tree_bodyadr, ntree), wr!(m.tree_bodynum, ntree));
    tree_bodynum.fill(0);
    let mut cur: i32 = -1;
    for (i, &t) in treeid.iter().enumerate().skip(1) {
        if t != -1 {
            if t > cur {
                cur += 1;
                tree_bodyadr[cur as usize] = i as i32;
            }
            tree_bodynum[cur as usize] += 1;
        }
    }

    let (tree_dofadr, tree_dofnum) = (wr!(m.tree_dofadr, ntree), wr!(m.tree_dofnum, ntree));
    tree_dofnum.fill(0);
    cur = -1;
    for (i, &t) in dof_tree.iter().enumerate() {
        if t > cur {
            cur += 1;
            tree_dofadr[cur as usize] = i as i32;
        }
        tree_dofnum[cur as usize] += 1;
    }

    // the error (tree, tendon, spans more than 2 trees) is reported after the frame closes
    let failed = with_frame(d, |d, f| {
        let marker = f.ints(d, ntree);
        let (ten_adr, ten_num) = (m.tendon_adr(), m.tendon_num());
        let (ten_treenum, ten_treeid) = (wr!(m.tendon_treenum, ntendon), wr!(m.tendon_treeid, 2 * ntendon));
        for i in 0..ntendon {
            marker.fill(0);
            ten_treenum[i] = 0;
            ten_treeid[2 * i] = -1;
            ten_treeid[2 * i + 1] = -1;
            let adr = ten_adr[i] as usize;
            for j in adr..adr + ten_num[i] as usize {
                let t = wrap_tree(m, j);
                if t != -1 && marker[t as usize] == 0 {
                    marker[t as usize] = 1;
                    if ten_treenum[i] < 2 {
                        ten_treeid[2 * i + ten_treenum[i] as usize] = t;
                    }
                    ten_treenum[i] += 1;
                }
            }
        }

        // actuated trees stay awake
        let policy = wr!(m.tree_sleep_policy, ntree);
        let (trntype, trnid) = (m.actuator_trntype(), m.actuator_trnid());
        for i in 0..m.nu as usize {
            let tid = trnid[2 * i];
            let ty = trntype[i];
            let body = if ty == mjTRN_JOINT as i32 || ty == mjTRN_JOINTINPARENT as i32 {
                m.jnt_bodyid()[tid as usize]
            } else if ty == mjTRN_SITE as i32 || ty == mjTRN_SLIDERCRANK as i32 {
                m.site_bodyid()[tid as usize]
            } else if ty == mjTRN_BODY as i32 {
                tid
            } else if ty == mjTRN_TENDON as i32 {
                let adr = ten_adr[tid as usize] as usize;
                for j in adr..adr + ten_num[tid as usize] as usize {
                    keep_awake(policy, wrap_tree(m, j));
                }
                continue;
            } else {
                continue;
            };
            if body != -1 {
                keep_awake(policy, treeid[body as usize]);
            }
        }

        // tendons coupling trees with passive forces (or spanning more than two) keep them awake
        let (stiff, damp) = (m.tendon_stiffness(), m.tendon_damping());
        for i in 0..ntendon {
            let treenum = ten_treenum[i];
            if treenum < 2 || (treenum == 2 && stiff[i] == 0.0 && damp[i] == 0.0) {
                continue;
            }
            marker.fill(0);
            let adr = ten_adr[i] as usize;
            for j in adr..adr + ten_num[i] as usize {
                let t = wrap_tree(m, j);
                if t == -1 || marker[t as usize] != 0 {
                    continue;
                }
                marker[t as usize] = 1;
                let p = policy[t as usize];
                if p == mjSLEEP_AUTO as i32 {
                    policy[t as usize] = mjSLEEP_AUTO_NEVER as i32;
                } else if p == mjSLEEP_ALLOWED as i32 || p == mjSLEEP_INIT as i32 {
                    return Some((t, i, treenum > 2));
                }
            }
        }

        // bodies of flexes stay awake
        for f in 0..m.nflex as usize {
            let bodies = if m.flex_interp()[f] != 0 {
                let adr = m.flex_nodeadr()[f] as usize;
                &m.flex_nodebodyid()[adr..adr + m.flex_nodenum()[f] as usize]
            } else {
                let adr = m.flex_vertadr()[f] as usize;
                &m.flex_vertbodyid()[adr..adr + m.flex_vertnum()[f] as usize]
            };
            for &b in bodies {
                keep_awake(policy, treeid[b as usize]);
            }
        }

        for p in policy.iter_mut() {
            if *p == mjSLEEP_AUTO as i32 {
                *p = mjSLEEP_AUTO_ALLOWED as i32;
            }
        }
        None
    });
    if let Some((t, i, spans)) = failed {
        if spans {
            crate::mjerror!(
                "setFixed",
                "tree {} connected to tendon {} which spans more than 2 trees, sleeping not allowed",
                t,
                i
            );
        } else {
            crate::mjerror!(
                "setFixed",
                "tree {} connected to tendon {} with non-zero stiffness or damping, sleeping not allowed",
                t,
                i
            );
        }
        return false;
    }
    true
}

/// `dof_M0`: diagonal of the joint-space inertia from composite inertias (plus armature).
fn set_m0(m: &mjModel, d: &mut mjData) {
    let nbody = m.nbody as usize;
    let DataMut { crb, cinert, cdof, .. } = d.arrays_mut(m);
    crb.copy_from_slice(&cinert[..10 * nbody]);
    let parent = m.body_parentid();
    for i in (1..nbody).rev() {
        let p = parent[i] as usize;
        if p > 0 {
            for k in 0..10 {
                crb[10 * p + k] += crb[10 * i + k];
            }
        }
    }
    let (cdof, bodyid, armature) = (&*cdof, m.dof_bodyid(), m.dof_armature());
    let m0 = wr!(m.dof_M0, m.nv as usize);
    for i in 0..m.nv as usize {
        let buf = mul_inert_vec(v10(crb, bodyid[i] as usize), v6(cdof, i));
        m0[i] = armature[i] + dot(v6(cdof, i), &buf);
    }
}

/// Average of the diagonal entries `idx` of `a`.
#[inline]
fn avg3(a: &[f64; 36], idx: [usize; 3]) -> f64 {
    (a[idx[0]] + a[idx[1]] + a[idx[2]]) / 3.0
}

/// Inverse mass of a body that moves without rotating; reports a massless one.
fn translational_invmass(m: &mjModel, body: usize) -> f64 {
    let mass = m.body_mass()[body];
    if mass == 0.0 {
        crate::mjerror!("set0", "moving body {} has 0 mass", body);
    }
    1.0 / max(mjMINVAL, mass)
}

/// Dense copy of row `i` of a Jacobian that is sparse (row format) or dense.
#[allow(clippy::too_many_arguments)]
fn dense_row(
    out: &mut [f64],
    sparse: bool,
    i: usize,
    nv: usize,
    val: &[f64],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    if sparse {
        out[..nv].fill(0.0);
        let adr = rowadr[i] as usize;
        for j in adr..adr + rownnz[i] as usize {
            out[colind[j] as usize] = val[j];
        }
    } else {
        out[..nv].copy_from_slice(&val[i * nv..i * nv + nv]);
    }
}

/// Quantities evaluated at qpos0.
fn set0(m: &mjModel, d: &mut mjData) {
    with_frame(d, |d, f| set0_in(m, d, f))
}

/// [`set0`] inside its stack frame.
fn set0_in(m: &mjModel, d: &mut mjData, f: &crate::data::stack::Frame<'_>) {
    let nv = m.nv as usize;
    let (ncam, nlight, nflex, nu) = (m.ncam as usize, m.nlight as usize, m.nflex as usize, m.nu as usize);
    let mut a = [0.0f64; 36];
    let jac = f.nums(d, 6 * nv);
    let tmp = f.nums(d, 6 * nv);
    let moment = f.nums(d, nv);

    // evaluate cameras and lights as fixed to their bodies
    let cammode = f.ints(d, ncam);
    let lightmode = f.ints(d, nlight);
    {
        let (cam_mode, light_mode) = (wr!(m.cam_mode, ncam), wr!(m.light_mode, nlight));
        cammode.copy_from_slice(cam_mode);
        lightmode.copy_from_slice(light_mode);
        cam_mode.fill(mjCAMLIGHT_FIXED as i32);
        light_mode.fill(mjCAMLIGHT_FIXED as i32);
    }

    d.arrays_mut(m).qpos.copy_from_slice(m.qpos0());
    kinematics::kinematics(m, d);
    kinematics::com_pos(m, d);
    kinematics::camlight(m, d);
    set_m0(m, d);

    // flexes evaluated as non-rigid
    let rigid = f.ints(d, nflex);
    {
        let flex_rigid = wr!(m.flex_rigid, nflex);
        for (r, &f) in rigid.iter_mut().zip(flex_rigid.iter()) {
            *r = f as i32;
        }
        flex_rigid.fill(0);
    }

    {
        tendon::tendon(m, d);
        inertia::make_m(m, d);
        inertia::factor_m(m, d);
        flex::flex(m, d);
        tendon::transmission(m, d);
    }
    // from here on the data is only read
    let d: &mjData = d;
    let da = d.arrays(m);

    for (f, &r) in wr!(m.flex_rigid, nflex).iter_mut().zip(rigid.iter()) {
        *f = r as u8;
    }
    wr!(m.cam_mode, ncam).copy_from_slice(cammode);
    wr!(m.light_mode, nlight).copy_from_slice(lightmode);

    wr!(m.flexedge_length0, m.nflexedge as usize).copy_from_slice(da.flexedge_length);
    wr!(m.tendon_length0, m.ntendon as usize).copy_from_slice(da.ten_length);
    wr!(m.actuator_length0, nu).copy_from_slice(da.actuator_length);

    // body_invweight0: mean diagonal of J inv(M) J' for the com Jacobian
    let invw = wr!(m.body_invweight0, 2 * m.nbody as usize);
    let (weld, simple) = (m.body_weldid(), m.body_simple());
    invw[0] = 0.0;
    invw[1] = 0.0;
    for i in 1..m.nbody as usize {
        if weld[i] == 0 {
            invw[2 * i] = 0.0;
            invw[2 * i + 1] = 0.0;
        } else if simple[i] == 2 {
            invw[2 * i] = translational_invmass(m, i);
            invw[2 * i + 1] = 0.0;
        } else {
            if nv > 0 {
                let (jp, jr) = jac.split_at_mut(3 * nv);
                support::jac_body_com(m, d, Some(jp), Some(jr), i);
                solve_m(m, d, tmp, jac, 6);
                mul_mat_mat_t(&mut a, jac, tmp, 6, nv, 6);
            }
            invw[2 * i] = avg3(&a, [0, 7, 14]);
            invw[2 * i + 1] = avg3(&a, [21, 28, 35]);
        }
    }

    // dof_invweight0: same for the unit Jacobian of each joint
    let dinvw = wr!(m.dof_invweight0, nv);
    let (jbody, jdofadr, jtype) = (m.jnt_bodyid(), m.jnt_dofadr(), m.jnt_type());
    for i in 0..m.njnt as usize {
        let id = jdofadr[i] as usize;
        let b = jbody[i] as usize;
        if simple[b] == 2 {
            dinvw[id] = translational_invmass(m, b);
            continue;
        }
        let dnum = match jtype[i] {
            t if t == mjJNT_FREE as i32 => 6,
            t if t == mjJNT_BALL as i32 => 3,
            _ => 1,
        };
        if nv > 0 {
            jac[..dnum * nv].fill(0.0);
            for j in 0..dnum {
                jac[j * (nv + 1) + id] = 1.0;
            }
            solve_m(m, d, tmp, jac, dnum);
            mul_mat_mat_t(&mut a, jac, tmp, dnum, nv, dnum);
        }
        match dnum {
            6 => {
                let (t, r) = (avg3(&a, [0, 7, 14]), avg3(&a, [21, 28, 35]));
                dinvw[id..id + 3].fill(t);
                dinvw[id + 3..id + 6].fill(r);
            }
            3 => dinvw[id..id + 3].fill(avg3(&a, [0, 4, 8])),
            _ => dinvw[id] = a[0],
        }
    }

    let sparse = is_sparse(m);
    if nv > 0 {
        // flexedge_invweight0
        let einvw = wr!(m.flexedge_invweight0, m.nflexedge as usize);
        let (edge, erigid, vbody, vadr) = (m.flex_edge(), m.flexedge_rigid(), m.flex_vertbodyid(), m.flex_vertadr());
        let (fj, fj_nnz, fj_adr, fj_ind) =
            (da.flexedge_J, da.flexedge_J_rownnz, da.flexedge_J_rowadr, da.flexedge_J_colind);
        let mass = m.body_mass();
        for f in 0..nflex {
            if m.flex_interp()[f] != 0 {
                continue;
            }
            let eadr = m.flex_edgeadr()[f] as usize;
            for i in eadr..eadr + m.flex_edgenum()[f] as usize {
                let b1 = vbody[(vadr[f] + edge[2 * i]) as usize] as usize;
                let b2 = vbody[(vadr[f] + edge[2 * i + 1]) as usize] as usize;
                if erigid[i] != 0 {
                    einvw[i] = 0.0;
                } else if simple[b1] == 2 && simple[b2] == 2 {
                    einvw[i] = (1.0 / mass[b1] + 1.0 / mass[b2]) / 2.0;
                } else {
                    dense_row(tmp, sparse, i, nv, fj, fj_nnz, fj_adr, fj_ind);
                    let (t0, t1) = tmp.split_at_mut(nv);
                    solve_m(m, d, t1, t0, 1);
                    einvw[i] = dot(&t0[..nv], t1);
                }
            }
        }

        // tendon_invweight0
        let tinvw = wr!(m.tendon_invweight0, m.ntendon as usize);
        let (tj, tj_nnz, tj_adr, tj_ind) = (da.ten_J, da.ten_J_rownnz, da.ten_J_rowadr, da.ten_J_colind);
        for (i, w) in tinvw.iter_mut().enumerate() {
            dense_row(tmp, sparse, i, nv, tj, tj_nnz, tj_adr, tj_ind);
            let (t0, t1) = tmp.split_at_mut(nv);
            solve_m(m, d, t1, t0, 1);
            *w = dot(&t0[..nv], t1);
        }

        // actuator_acc0: acceleration norm of a unit actuator force
        let acc0 = wr!(m.actuator_acc0, nu);
        let (am, rnnz, radr, cind) = (da.actuator_moment, da.moment_rownnz, da.moment_rowadr, da.moment_colind);
        for (i, acc) in acc0.iter_mut().enumerate() {
            sparse_to_dense(moment, am, 1, nv, &rnnz[i..], &radr[i..], cind);
            solve_m(m, d, tmp, moment, 1);
            *acc = norm(&tmp[..nv]);
        }
    } else {
        wr!(m.tendon_invweight0, m.ntendon as usize).fill(0.0);
        wr!(m.actuator_acc0, nu).fill(0.0);
    }

    // body-anchored equality data from the qpos0 poses
    let eq_data = wr!(m.eq_data, mjNEQDATA * m.neq as usize);
    let (xpos, xmat, xquat) = (da.xpos, da.xmat, da.xquat);
    for i in 0..m.neq as usize {
        let (id1, id2) = (m.eq_obj1id()[i] as usize, m.eq_obj2id()[i] as usize);
        let (ty, objtype) = (m.eq_type()[i], m.eq_objtype()[i]);
        let data = &mut eq_data[mjNEQDATA * i..mjNEQDATA * (i + 1)];
        if ty == mjEQ_CONNECT as i32 {
            if objtype == mjOBJ_BODY as i32 {
                let pos = anchor_in(&support::BodyPose::of(&da, id1), data, id2, xpos, xmat);
                data[3..6].copy_from_slice(&pos);
            } else if objtype == mjOBJ_SITE as i32 {
                data.fill(0.0);
            } else {
                crate::mjerror!("set0", "invalid objtype in connect constraint {}", i);
            }
        } else if ty == mjEQ_WELD as i32 {
            if objtype == mjOBJ_BODY as i32 {
                if !is_zero(&data[6..10]) {
                    let q: &mut [f64; 4] = (&mut data[6..10]).try_into().unwrap();
                    normalize4(q);
                    continue;
                }
                let pos = anchor_in(&support::BodyPose::of(&da, id2), data, id1, xpos, xmat);
                data[3..6].copy_from_slice(&pos);
                let q = mul_quat(&neg_quat(v4(xquat, id1)), v4(xquat, id2));
                data[6..10].copy_from_slice(&q);
            } else if objtype != mjOBJ_SITE as i32 {
                crate::mjerror!("set0", "invalid objtype in weld constraint {}", i);
            }
        }
    }

    // camera and light offsets
    let subtree_com = da.subtree_com;
    let (cam_xpos, cam_xmat) = (da.cam_xpos, da.cam_xmat);
    let (cpos0, cposcom0, cmat0) = (wr!(m.cam_pos0, 3 * ncam), wr!(m.cam_poscom0, 3 * ncam), wr!(m.cam_mat0, 9 * ncam));
    for i in 0..ncam {
        let id = m.cam_bodyid()[i] as usize;
        let tgt = m.cam_targetbodyid()[i];
        let com = if tgt >= 0 { tgt as usize } else { id };
        cpos0[3 * i..3 * i + 3].copy_from_slice(&sub3(v3(cam_xpos, i), v3(xpos, id)));
        cposcom0[3 * i..3 * i + 3].copy_from_slice(&sub3(v3(cam_xpos, i), v3(subtree_com, com)));
        cmat0[9 * i..9 * i + 9].copy_from_slice(v9(cam_xmat, i));
    }
    let (light_xpos, light_xdir) = (da.light_xpos, da.light_xdir);
    let (lpos0, lposcom0, ldir0) =
        (wr!(m.light_pos0, 3 * nlight), wr!(m.light_poscom0, 3 * nlight), wr!(m.light_dir0, 3 * nlight));
    for i in 0..nlight {
        let id = m.light_bodyid()[i] as usize;
        let tgt = m.light_targetbodyid()[i];
        let com = if tgt >= 0 { tgt as usize } else { id };
        lpos0[3 * i..3 * i + 3].copy_from_slice(&sub3(v3(light_xpos, i), v3(xpos, id)));
        lposcom0[3 * i..3 * i + 3].copy_from_slice(&sub3(v3(light_xpos, i), v3(subtree_com, com)));
        ldir0[3 * i..3 * i + 3].copy_from_slice(v3(light_xdir, i));
    }

    // position actuators with positive biasprm[2]: dampratio -> damping
    let biasprm = wr!(m.actuator_biasprm, mjNBIAS * nu);
    let gainprm = m.actuator_gainprm();
    let (am, rnnz, radr, cind) = (da.actuator_moment, da.moment_rownnz, da.moment_rowadr, da.moment_colind);
    let m0 = m.dof_M0();
    for i in 0..nu {
        let bias = &mut biasprm[mjNBIAS * i..mjNBIAS * (i + 1)];
        let kp = gainprm[mjNGAIN * i];
        if kp != -bias[1] || bias[2] <= 0.0 {
            continue;
        }
        let adr = radr[i] as usize;
        let mut mass = 0.0;
        for j in 0..rnnz[i] as usize {
            let trn = am[adr + j].abs();
            let trn2 = trn * trn;
            if trn2 > mjMINVAL {
                mass += m0[cind[adr + j] as usize] / trn2;
            }
        }
        let damping = bias[2] * 2.0 * (kp * mass).sqrt();
        bias[2] = -damping;
    }
}

/// `x = inv(M) y` for `n` vectors (`mj_solveM`) with the data shared.
fn solve_m(m: &mjModel, d: &mjData, x: &mut [f64], y: &[f64], n: usize) {
    let len = n * m.nv as usize;
    x[..len].copy_from_slice(&y[..len]);
    inertia::solve_m_inplace(m, d, x, n);
}

/// Anchor `data[0..3]` given in the frame of body `from`, expressed in the frame of body `to`.
fn anchor_in(pose: &support::BodyPose<'_>, data: &[f64], to: usize, xpos: &[f64], xmat: &[f64]) -> [f64; 3] {
    let local: [f64; 3] = [data[0], data[1], data[2]];
    let mut pos = [0.0; 3];
    support::local2global(pose, Some(&mut pos), None, Some(&local), None, 0);
    let rel = sub3(&pos, v3(xpos, to));
    mul_mat_t_vec3(v9(xmat, to), &rel)
}

/// Grows the box `[lo, hi]` to contain a ball of `radius` at `pos`.
#[inline]
fn update_box(lo: &mut [f64; 3], hi: &mut [f64; 3], pos: &[f64; 3], radius: f64) {
    for i in 0..3 {
        lo[i] = cmin(lo[i], pos[i] - radius);
        hi[i] = cmax(hi[i], pos[i] + radius);
    }
}

/// Model statistics and dof lengths from the qpos0 evaluation left in `d`.
fn set_stat(m: &mut mjModel, d: &mut mjData) {
    let mm: &mjModel = m;
    let (center, extent, meansize, meanmass, meaninertia) = with_frame(d, |d, f| stats(mm, d, f));
    m.stat.center = center;
    m.stat.extent = extent;
    m.stat.meansize = meansize;
    m.stat.meanmass = meanmass;
    m.stat.meaninertia = meaninertia;
}

/// The statistics of [`set_stat`] (center, extent, meansize, meanmass, meaninertia), with
/// `dof_length` set on the way.
fn stats(mm: &mjModel, d: &mut mjData, f: &crate::data::stack::Frame<'_>) -> ([f64; 3], f64, f64, f64, f64) {
    let mut lo = [1e10; 3];
    let mut hi = [-1e10; 3];
    let nbody = mm.nbody as usize;
    let body = f.nums(d, nbody);

    let da = d.arrays(mm);
    let (xpos, xipos, xanchor) = (da.xpos, da.xipos, da.xanchor);
    let (site_xpos, geom_xpos) = (da.site_xpos, da.geom_xpos);
    for i in 1..nbody {
        update_box(&mut lo, &mut hi, v3(xpos, i), 0.0);
        update_box(&mut lo, &mut hi, v3(xipos, i), 0.0);
    }
    for i in 0..mm.njnt as usize {
        update_box(&mut lo, &mut hi, v3(xanchor, i), 0.0);
    }
    for i in 0..mm.nsite as usize {
        update_box(&mut lo, &mut hi, v3(site_xpos, i), 0.0);
    }
    let (rbound, gtype, gsize, hsize) = (mm.geom_rbound(), mm.geom_type(), mm.geom_size(), mm.hfield_size());
    for i in 0..mm.ngeom as usize {
        let mut r = 0.0;
        if rbound[i] > 0.0 {
            r = rbound[i];
        } else if gtype[i] == mjGEOM_PLANE as i32 {
            r = if gsize[3 * i] != 0.0 || gsize[3 * i + 1] != 0.0 {
                cmax(gsize[3 * i], gsize[3 * i + 1]) * 0.1
            } else {
                1.0
            };
        } else if gtype[i] == mjGEOM_HFIELD as i32 {
            let j = mm.geom_dataid()[i] as usize;
            let h = &hsize[4 * j..4 * j + 4];
            r = cmax(h[0], cmax(h[1], cmax(h[2], h[3]))) * 0.1;
        }
        update_box(&mut lo, &mut hi, v3(geom_xpos, i), r);
    }

    let mut center = [lo[0] + hi[0], lo[1] + hi[1], lo[2] + hi[2]];
    for c in &mut center {
        *c *= 0.5;
    }
    let mut extent = mm.stat.extent;
    if hi[0] > lo[0] {
        extent = max(1e-5, max(hi[0] - lo[0], max(hi[1] - lo[1], hi[2] - lo[2])));
    }

    // body size: farthest joint anchor (own and children's), then geoms around the com
    body.fill(0.0);
    let (jbody, parent) = (mm.jnt_bodyid(), mm.body_parentid());
    for i in 0..mm.njnt as usize {
        let mut id = jbody[i] as usize;
        body[id] = max(body[id], dist3(v3(xipos, id), v3(xanchor, i)));
        id = parent[id] as usize;
        body[id] = max(body[id], dist3(v3(xipos, id), v3(xanchor, i)));
    }
    body[0] = 0.0;
    let (gadr, gnum) = (mm.body_geomadr(), mm.body_geomnum());
    for i in 1..nbody {
        let start = gadr[i].max(0) as usize;
        for g in start..start + gnum[i].max(0) as usize {
            if rbound[g] > 0.0 {
                body[i] = max(body[i], rbound[g] + dist3(v3(xipos, i), v3(geom_xpos, g)));
            }
        }
    }

    // flex edges
    let (fedge, vbody, vadr, length0) =
        (mm.flex_edge(), mm.flex_vertbodyid(), mm.flex_vertadr(), mm.flexedge_length0());
    for f in 0..mm.nflex as usize {
        if mm.flex_interp()[f] != 0 {
            let (nadr, nnum) = (mm.flex_nodeadr()[f] as usize, mm.flex_nodenum()[f] as usize);
            let nbody_id = mm.flex_nodebodyid();
            for v1 in nadr..nadr + nnum {
                for v2 in nadr..nadr + nnum {
                    let (b1, b2) = (nbody_id[v1] as usize, nbody_id[v2] as usize);
                    let edge = dist3(v3(xpos, b1), v3(xpos, b2));
                    body[b1] = max(body[b1], edge);
                }
            }
            continue;
        }
        let eadr = mm.flex_edgeadr()[f] as usize;
        for e in eadr..eadr + mm.flex_edgenum()[f] as usize {
            let b1 = vbody[(vadr[f] + fedge[2 * e]) as usize] as usize;
            let b2 = vbody[(vadr[f] + fedge[2 * e + 1]) as usize] as usize;
            body[b1] = max(body[b1], length0[e]);
            body[b2] = max(body[b2], length0[e]);
        }
    }

    let mut meansize = mm.stat.meansize;
    if nbody > 1 {
        meansize = 0.0;
        for b in body.iter_mut().skip(1) {
            *b = max(*b, 1e-5);
            meansize += *b / (nbody - 1) as f64;
        }
    }

    // rotational dofs take the size of their body
    let dof_length = wr!(mm.dof_length, mm.nv as usize);
    let (djnt, jtype, jdofadr, dbody) = (mm.dof_jntid(), mm.jnt_type(), mm.jnt_dofadr(), mm.dof_bodyid());
    for (i, len) in dof_length.iter_mut().enumerate() {
        *len = 1.0;
        let j = djnt[i] as usize;
        let ty = jtype[j];
        let offset = i as i32 - jdofadr[j];
        if ty == mjJNT_BALL as i32 || ty == mjJNT_HINGE as i32 || (ty == mjJNT_FREE as i32 && offset >= 3) {
            *len = body[dbody[i] as usize];
        }
    }

    extent = max(extent, 2.0 * meansize);

    let mut meanmass = mm.stat.meanmass;
    if nbody > 1 {
        meanmass = 0.0;
        for &ms in &mm.body_mass()[1..] {
            meanmass += ms;
        }
        meanmass /= (nbody - 1) as f64;
    }

    let mut meaninertia = mm.stat.meaninertia;
    if mm.nv > 0 {
        let (qm, madr) = (da.qM, mm.dof_Madr());
        meaninertia = 0.0;
        for &a in madr {
            meaninertia += qm[a as usize];
        }
        meaninertia /= mm.nv as f64;
    }
    (center, extent, meansize, meanmass, meaninertia)
}

/// Tendon spring lengths left at -1 become the tendon lengths at qpos_spring.
fn set_spring(m: &mjModel, d: &mut mjData) {
    d.arrays_mut(m).qpos.copy_from_slice(m.qpos_spring());
    kinematics::kinematics(m, d);
    kinematics::com_pos(m, d);
    {
        tendon::tendon(m, d);
        tendon::transmission(m, d);
    }

    let spring = wr!(m.tendon_lengthspring, 2 * m.ntendon as usize);
    let len = d.arrays(m).ten_length;
    for (i, s) in spring.chunks_exact_mut(2).enumerate() {
        if s[0] == -1.0 && s[1] == -1.0 {
            s[0] = len[i];
            s[1] = len[i];
        }
    }
}

/// Sets every model constant that `mj_setConst` computes (all but actuator length ranges),
/// using `d` as workspace; `d` is left evaluated at qpos_spring. `d` must be data made for `m`
/// (the engine's invariant, see `mjData_::arrays_mut`).
pub fn set_const(m: &mut mjModel, d: &mut mjData) {
    if !set_fixed(m, d) {
        return;
    }
    set0(m, d);
    set_stat(m, d);
    set_spring(m, d);
}
