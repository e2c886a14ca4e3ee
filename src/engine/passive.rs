//! Passive forces: springs, dampers, gravity compensation and fluid forces (`mj_passive`).
//! Computation chapter, "Passive forces", and `computation/fluid.rst`.

use crate::abi::fields::DataMut;
use crate::abi::mjtDisableBit_::{mjDSBL_CONTACT, mjDSBL_DAMPER, mjDSBL_GRAVITY, mjDSBL_SPRING};
use crate::abi::mjtEnableBit_::mjENBL_SLEEP;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::constraint::elem_body_weight;
use crate::engine::support::{apply_ft, jac_dif_pair, jac_sum, object_velocity};
use crate::engine::{disabled, enabled, is_sparse, v3, v9};
use crate::math::blas::{
    add, add_scl3, add_to, add_to3, add_to_scl, add_to_scl3, copy4, mul_mat_vec, mul_mat_vec3, norm3, normalize4, scl3,
    sub3,
};
use crate::math::misc::{def_gradient, eval_basis, geom_semi_axes, max, min};
use crate::math::spatial::{cross, mat2rot, neg_quat, rot_vec_quat, sub_quat, transform_spatial};

/// Stiffness of the penalty force of passive (flex) contacts.
const CONTACT_STIFFNESS: f64 = 1e4;

/// Vertex pairs of the edges of a triangle (3 edges) and a tetrahedron (6 edges).
const ELEM_EDGES: [[[usize; 2]; 6]; 2] =
    [[[1, 2], [2, 0], [0, 1], [0, 0], [0, 0], [0, 0]], [[0, 1], [1, 2], [2, 0], [2, 3], [0, 3], [1, 3]]];

/// Number of dofs of each joint type (free, ball, slide, hinge).
const JNT_DOFNUM: [usize; 4] = [6, 3, 1, 1];

/// Fixed-size view of three numbers starting at `adr`.
#[inline(always)]
fn at3(s: &[f64], adr: usize) -> &[f64; 3] {
    s[adr..adr + 3].try_into().unwrap()
}

/// Fixed-size view of four numbers starting at `adr`.
#[inline(always)]
fn at4(s: &[f64], adr: usize) -> &[f64; 4] {
    s[adr..adr + 4].try_into().unwrap()
}

/// Mutable [`at3`].
#[inline(always)]
fn at3m(s: &mut [f64], adr: usize) -> &mut [f64; 3] {
    (&mut s[adr..adr + 3]).try_into().unwrap()
}

/// The passive force array of mjData a stage adds into.
#[derive(Clone, Copy)]
enum Qfrc {
    Spring,
    Damper,
    Gravcomp,
    Fluid,
}

impl Qfrc {
    /// The array of `d`.
    #[inline(always)]
    fn of<'a>(self, m: &mjModel, d: &'a mut mjData) -> &'a mut [f64] {
        let a = d.arrays_mut(m);
        match self {
            Qfrc::Spring => a.qfrc_spring,
            Qfrc::Damper => a.qfrc_damper,
            Qfrc::Gravcomp => a.qfrc_gravcomp,
            Qfrc::Fluid => a.qfrc_fluid,
        }
    }
}

/// `mj_applyFT` of `force`/`torque` at `point` on `body`, added into the array `which` of `d`.
fn apply_ft_into(
    m: &mjModel,
    d: &mut mjData,
    force: Option<&[f64; 3]>,
    torque: Option<&[f64; 3]>,
    point: &[f64; 3],
    body: usize,
    which: Qfrc,
) {
    let qfrc = which.of(m, d);
    let (ptr, len) = (qfrc.as_mut_ptr(), qfrc.len());
    // SAFETY: `d` is made for `m` (the engine's invariant, see `mjData_::arrays_mut`). `ptr` and
    // `len` are those of a qfrc_* array of `d`, a block of its buffer apart from the mjData
    // struct; apply_ft reaches through `d` only the kinematic arrays it reads and the stack it
    // allocates scratch from, never this array, so the two exclusive borrows touch disjoint
    // memory (as upstream's mj_applyFT into d->qfrc_* does)
    unsafe { apply_ft(m, d, force, torque, point, body, core::slice::from_raw_parts_mut(ptr, len)) }
}

/// Awake state of tendon `i` from mjData's `tree_awake` (upstream's tendon sleep state equals
/// `mjS_AWAKE`).
fn tendon_awake(m: &mjModel, tree_awake: &[i32], i: usize) -> bool {
    let treenum = m.tendon_treenum()[i];
    let treeid = m.tendon_treeid();
    match treenum {
        0 => false,
        1 => tree_awake[treeid[2 * i] as usize] != 0,
        2 => tree_awake[treeid[2 * i] as usize] != 0 || tree_awake[treeid[2 * i + 1] as usize] != 0,
        _ => true,
    }
}

/// Spring force of a joint with stiffness `k` (qpos address `padr`, dof address `dadr`) into
/// `qfrc_spring`.
#[inline(always)]
fn joint_spring(
    k: f64,
    jtype: i32,
    mut padr: usize,
    mut dadr: usize,
    qpos: &[f64],
    qpos_spring: &[f64],
    qfrc_spring: &mut [f64],
) {
    if jtype == mjtJoint_::mjJNT_FREE as i32 {
        for c in 0..3 {
            qfrc_spring[dadr + c] = -k * (qpos[padr + c] - qpos_spring[padr + c]);
        }
        padr += 3;
        dadr += 3;
    }
    if jtype == mjtJoint_::mjJNT_FREE as i32 || jtype == mjtJoint_::mjJNT_BALL as i32 {
        let mut quat = [0.0; 4];
        copy4(&mut quat, at4(qpos, padr));
        normalize4(&mut quat);
        let dif = sub_quat(&quat, at4(qpos_spring, padr));
        for c in 0..3 {
            qfrc_spring[dadr + c] = -k * dif[c];
        }
    } else {
        qfrc_spring[dadr] = -k * (qpos[padr] - qpos_spring[padr]);
    }
}

/// Joint springs, dof dampers, flex elasticity and bending, flex edge and tendon spring-dampers
/// into `qfrc_spring` and `qfrc_damper`.
fn spring_damper(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let has_spring = !disabled(m, mjDSBL_SPRING);
    let has_damping = !disabled(m, mjDSBL_DAMPER);
    let issparse = is_sparse(m);
    let sleep_filter = enabled(m, mjENBL_SLEEP) && d.ntree_awake < m.ntree;
    let (nbody_awake, nv_awake) = (d.nbody_awake as usize, d.nv_awake as usize);

    let DataMut { qpos, qvel, qfrc_spring, qfrc_damper, body_awake_ind, dof_awake_ind, .. } = d.arrays_mut(m);
    let (qpos, qvel, body_awake_ind, dof_awake_ind) = (&*qpos, &*qvel, &*body_awake_ind, &*dof_awake_ind);

    // joint springs
    if has_spring {
        let qpos_spring = m.qpos_spring();
        let njnt = m.njnt as usize;
        let (stiffness, qposadr) = (&m.jnt_stiffness()[..njnt], &m.jnt_qposadr()[..njnt]);
        let (dofadr, jtype) = (&m.jnt_dofadr()[..njnt], &m.jnt_type()[..njnt]);
        if sleep_filter {
            let (body_jntadr, body_jntnum) = (m.body_jntadr(), m.body_jntnum());
            for &i in &body_awake_ind[..nbody_awake] {
                let start = body_jntadr[i as usize];
                let end = start + body_jntnum[i as usize];
                for j in start.max(0) as usize..end.max(0) as usize {
                    let k = stiffness[j];
                    if k != 0.0 {
                        joint_spring(
                            k,
                            jtype[j],
                            qposadr[j] as usize,
                            dofadr[j] as usize,
                            qpos,
                            qpos_spring,
                            qfrc_spring,
                        );
                    }
                }
            }
        } else {
            // the bodies' joint ranges partition all joints, and each joint writes only its dofs
            for j in 0..njnt {
                let k = stiffness[j];
                if k != 0.0 {
                    joint_spring(k, jtype[j], qposadr[j] as usize, dofadr[j] as usize, qpos, qpos_spring, qfrc_spring);
                }
            }
        }
    }

    // dof dampers
    if has_damping {
        let dof_damping = m.dof_damping();
        if sleep_filter {
            for &i in &dof_awake_ind[..nv_awake] {
                let i = i as usize;
                let b = dof_damping[i];
                if b != 0.0 {
                    qfrc_damper[i] = -b * qvel[i];
                }
            }
        } else {
            for ((q, &b), &v) in qfrc_damper[..nv].iter_mut().zip(dof_damping).zip(qvel.iter()) {
                if b != 0.0 {
                    *q = -b * v;
                }
            }
        }
    }

    // flex bending and elasticity
    for f in 0..m.nflex as usize {
        flex_elastic(m, d, f, has_spring, has_damping);
    }

    // flex edge spring-dampers
    let DataMut {
        flexedge_length,
        flexedge_velocity,
        flexedge_J_rowadr,
        flexedge_J_rownnz,
        flexedge_J_colind,
        flexedge_J,
        ten_length,
        ten_velocity,
        ten_J_rowadr,
        ten_J_rownnz,
        ten_J_colind,
        ten_J,
        tree_awake,
        qfrc_spring,
        qfrc_damper,
        ..
    } = d.arrays_mut(m);
    for f in 0..m.nflex as usize {
        let stiffness = m.flex_edgestiffness()[f] * (has_spring as i32 as f64);
        let damping = m.flex_edgedamping()[f] * (has_damping as i32 as f64);
        if m.flex_rigid()[f] != 0 || (stiffness == 0.0 && damping == 0.0) {
            continue;
        }
        let start = m.flex_edgeadr()[f] as usize;
        let end = start + m.flex_edgenum()[f] as usize;
        for e in start..end {
            if m.flexedge_rigid()[e] != 0 {
                continue;
            }
            let frc_spring = stiffness * (m.flexedge_length0()[e] - flexedge_length[e]);
            let frc_damper = -damping * flexedge_velocity[e];
            if issparse {
                let adr = flexedge_J_rowadr[e] as usize;
                let nnz = flexedge_J_rownnz[e] as usize;
                let colind = &flexedge_J_colind[adr..adr + nnz];
                let vals = &flexedge_J[adr..adr + nnz];
                for (&c, &jv) in colind.iter().zip(vals) {
                    qfrc_spring[c as usize] += jv * frc_spring;
                    qfrc_damper[c as usize] += jv * frc_damper;
                }
            } else {
                let row = &flexedge_J[e * nv..e * nv + nv];
                if frc_spring != 0.0 {
                    add_to_scl(&mut qfrc_spring[..nv], row, frc_spring);
                }
                if frc_damper != 0.0 {
                    add_to_scl(&mut qfrc_damper[..nv], row, frc_damper);
                }
            }
        }
    }

    // tendon spring-dampers
    let lengthspring = m.tendon_lengthspring();
    let (tendon_stiffness, tendon_damping) = (m.tendon_stiffness(), m.tendon_damping());
    for i in 0..m.ntendon as usize {
        if sleep_filter && !tendon_awake(m, tree_awake, i) {
            continue;
        }
        let stiffness = tendon_stiffness[i] * (has_spring as i32 as f64);
        let damping = tendon_damping[i] * (has_damping as i32 as f64);
        if stiffness == 0.0 && damping == 0.0 {
            continue;
        }

        // spring force with a deadband between the two rest lengths
        let length = ten_length[i];
        let (lower, upper) = (lengthspring[2 * i], lengthspring[2 * i + 1]);
        let frc_spring = if length > upper {
            stiffness * (upper - length)
        } else if length < lower {
            stiffness * (lower - length)
        } else {
            0.0
        };
        let frc_damper = -damping * ten_velocity[i];

        if issparse {
            if frc_spring != 0.0 || frc_damper != 0.0 {
                let adr = ten_J_rowadr[i] as usize;
                let nnz = ten_J_rownnz[i] as usize;
                let colind = &ten_J_colind[adr..adr + nnz];
                let vals = &ten_J[adr..adr + nnz];
                for (&c, &jv) in colind.iter().zip(vals) {
                    qfrc_spring[c as usize] += jv * frc_spring;
                    qfrc_damper[c as usize] += jv * frc_damper;
                }
            }
        } else {
            let row = &ten_J[i * nv..i * nv + nv];
            if frc_spring != 0.0 {
                add_to_scl(&mut qfrc_spring[..nv], row, frc_spring);
            }
            if frc_damper != 0.0 {
                add_to_scl(&mut qfrc_damper[..nv], row, frc_damper);
            }
        }
    }
}

/// Bending (2D flexes), interpolated and element-based elasticity of flex `f` into
/// `qfrc_spring` and `qfrc_damper`.
#[inline(never)]
fn flex_elastic(m: &mjModel, d: &mut mjData, f: usize, has_spring: bool, has_damping: bool) {
    let dim = m.flex_dim()[f];
    if dim == 1 || m.flex_rigid()[f] != 0 {
        return;
    }
    let body_dofadr = m.body_dofadr();
    let body_dofnum = m.body_dofnum();
    let vertadr = m.flex_vertadr()[f] as usize;
    let vertnum = m.flex_vertnum()[f] as usize;
    let edgeadr = m.flex_edgeadr()[f] as usize;
    let edgenum = m.flex_edgenum()[f] as usize;
    let flex_damping = m.flex_damping()[f];
    let vert_body = &m.flex_vertbodyid()[vertadr..vertadr + vertnum];

    // thin-plate bending of 2D flexes, one flap (two triangles) per interior edge
    if dim == 2 {
        let DataMut { qvel, flexvert_xpos, qfrc_spring, qfrc_damper, .. } = d.arrays_mut(m);
        let qvel = &*qvel;
        let vert_xpos = &flexvert_xpos[3 * vertadr..3 * (vertadr + vertnum)];
        let edges = &m.flex_edge()[2 * edgeadr..2 * (edgeadr + edgenum)];
        let flaps = &m.flex_edgeflap()[2 * edgeadr..2 * (edgeadr + edgenum)];
        let bending = &m.flex_bending()[17 * edgeadr..17 * (edgeadr + edgenum)];
        for e in 0..edgenum {
            if flaps[2 * e + 1] == -1 {
                continue;
            }
            let v = [edges[2 * e], edges[2 * e + 1], flaps[2 * e], flaps[2 * e + 1]].map(|i| i as usize);
            let b: &[f64; 17] = bending[17 * e..17 * e + 17].try_into().unwrap();
            let p = v.map(|i| *at3(vert_xpos, 3 * i));
            let ed = [sub3(&p[1], &p[0]), sub3(&p[2], &p[0]), sub3(&p[3], &p[0])];
            let mut frc = [[0.0; 3]; 4];
            frc[1] = cross(&ed[1], &ed[2]);
            frc[2] = cross(&ed[2], &ed[0]);
            frc[3] = cross(&ed[0], &ed[1]);
            for x in 0..3 {
                frc[0][x] = -(frc[1][x] + frc[2][x] + frc[3][x]);
            }
            // body and first dof of each vertex (dofs assumed to be world-frame translations)
            let bid = v.map(|i| vert_body[i] as usize);
            let adr = bid.map(|b| body_dofadr[b]);

            if has_spring {
                let mut spring = flap_product(b, &p);
                for i in 0..4 {
                    for x in 0..3 {
                        spring[3 * i + x] += b[16] * frc[i][x];
                    }
                }
                for i in 0..4 {
                    scatter_vertex(qfrc_spring, &spring, i, adr[i], body_dofnum[bid[i]], 1.0);
                }
            }
            if has_damping {
                let vel = adr.map(|a| vertex_velocity(qvel, a));
                let damper = flap_product(b, &vel);
                for i in 0..4 {
                    scatter_vertex(qfrc_damper, &damper, i, adr[i], body_dofnum[bid[i]], flex_damping);
                }
            }
        }
    }

    let elemadr = m.flex_elemadr()[f] as usize;
    let stiffness = &m.flex_stiffness()[21 * elemadr..];
    if stiffness.is_empty() || stiffness[0] == 0.0 {
        return;
    }

    if m.flex_interp()[f] != 0 {
        flex_interp_elastic(m, d, f, stiffness, has_spring, has_damping);
        return;
    }

    // element-based elasticity with Rayleigh-type damping through the edge elongation rate
    let dim = dim as usize;
    let nedge = if dim == 2 { 3 } else { 6 };
    let nvert = if dim == 2 { 3 } else { 4 };
    let edges = &ELEM_EDGES[dim - 2];
    let elem = &m.flex_elem()[m.flex_elemdataadr()[f] as usize..];
    let edgeelem = &m.flex_elemedge()[m.flex_elemedgeadr()[f] as usize..];
    let reference = &m.flexedge_length0()[edgeadr..edgeadr + edgenum];
    let timestep = m.opt.timestep;
    let kd = if timestep > 0.0 { flex_damping / timestep } else { 0.0 };

    with_frame(d, |d, fr| {
        let qfrc = fr.nums(d, 3 * vertnum);
        qfrc.fill(0.0);
        {
            let a = d.arrays(m);
            let vel = &a.flexedge_velocity[edgeadr..edgeadr + edgenum];
            let deformed = &a.flexedge_length[edgeadr..edgeadr + edgenum];
            let vert_xpos = &a.flexvert_xpos[3 * vertadr..3 * (vertadr + vertnum)];

            for t in 0..m.flex_elemnum()[f] as usize {
                let vert = &elem[(dim + 1) * t..(dim + 1) * t + dim + 1];

                // gradients of the squared edge lengths with respect to both end vertices
                let mut gradient = [[[0.0; 3]; 2]; 6];
                for e in 0..nedge {
                    let a = vert[edges[e][0]] as usize;
                    let b = vert[edges[e][1]] as usize;
                    for x in 0..3 {
                        gradient[e][0][x] = vert_xpos[3 * a + x] - vert_xpos[3 * b + x];
                        gradient[e][1][x] = vert_xpos[3 * b + x] - vert_xpos[3 * a + x];
                    }
                }

                let mut elongation = [0.0; 6];
                for e in 0..nedge {
                    let idx = edgeelem[t * nedge + e] as usize;
                    let previous = deformed[idx] - vel[idx] * timestep;
                    elongation[e] = deformed[idx] * deformed[idx] - reference[idx] * reference[idx]
                        + (deformed[idx] * deformed[idx] - previous * previous) * kd;
                }

                // symmetric metric from its packed upper triangle
                let k = &stiffness[21 * t..21 * t + 21];
                let mut metric = [0.0; 36];
                let mut id = 0;
                for e1 in 0..nedge {
                    for e2 in e1..nedge {
                        metric[nedge * e1 + e2] = k[id];
                        metric[nedge * e2 + e1] = k[id];
                        id += 1;
                    }
                }

                let force = if dim == 2 {
                    elem_force::<3>(&ELEM_EDGES[0], &elongation, &gradient, &metric)
                } else {
                    elem_force::<6>(&ELEM_EDGES[1], &elongation, &gradient, &metric)
                };

                for i in 0..nvert {
                    let vi = vert[i] as usize;
                    for x in 0..3 {
                        qfrc[3 * vi + x] += force[3 * i + x];
                    }
                }
            }
        }

        // vertex forces to generalized forces; pinned vertices go through their body
        for v in 0..vertnum {
            let bid = vert_body[v] as usize;
            if m.body_simple()[bid] != 2 {
                let frc = *at3(qfrc, 3 * v);
                let point = *at3(d.arrays(m).flexvert_xpos, 3 * (vertadr + v));
                apply_ft_into(m, d, Some(&frc), None, &point, bid, Qfrc::Spring);
            } else if body_dofadr[bid] >= 0 {
                let adr = body_dofadr[bid] as usize;
                let n = (body_dofnum[bid] as usize).min(3 * (vertnum - v));
                let qfrc_spring = d.arrays_mut(m).qfrc_spring;
                for x in 0..n {
                    qfrc_spring[adr + x] += qfrc[3 * v + x];
                }
            }
        }
    });
}

/// The 4 x 4 bending matrix of a flap (first 16 of `b`) times the flap's four 3-vectors, each
/// sum started at zero and taken over the vertices in order, as upstream accumulates it.
#[inline(always)]
fn flap_product(b: &[f64; 17], v: &[[f64; 3]; 4]) -> [f64; 12] {
    let mut res = [0.0; 12];
    for i in 0..4 {
        for x in 0..3 {
            let mut s = 0.0;
            for j in 0..4 {
                s += b[4 * i + j] * v[j][x];
            }
            res[3 * i + x] = s;
        }
    }
    res
}

/// Velocity of a flex vertex whose body's dofs start at `adr` (zero without dofs).
#[inline(always)]
fn vertex_velocity(qvel: &[f64], adr: i32) -> [f64; 3] {
    let mut vel = [0.0; 3];
    if adr >= 0 {
        let adr = adr as usize;
        match qvel.get(adr..adr + 3) {
            Some(q) => vel.copy_from_slice(q),
            None => {
                for (x, out) in vel.iter_mut().enumerate() {
                    *out = qvel.get(adr + x).copied().unwrap_or(0.0);
                }
            }
        }
    }
    vel
}

/// Subtracts `scale *` vertex `i`'s block of a 4-vertex force from the dofs of its body (first
/// dof `adr`, `dofnum` dofs). A body with more than three dofs takes the following entries too.
#[inline(always)]
fn scatter_vertex(qfrc: &mut [f64], force: &[f64; 12], i: usize, adr: i32, dofnum: i32, scale: f64) {
    if adr < 0 {
        return;
    }
    let adr = adr as usize;
    if dofnum == 3 {
        let out: &mut [f64; 3] = (&mut qfrc[adr..adr + 3]).try_into().unwrap();
        for x in 0..3 {
            out[x] -= force[3 * i + x] * scale;
        }
        return;
    }
    let n = (dofnum.max(0) as usize).min(12 - 3 * i);
    for x in 0..n {
        qfrc[adr + x] -= force[3 * i + x] * scale;
    }
}

/// Force on an element's vertices from its `NE` edge elongations through the stiffness metric:
/// `force[v(e2, i)] -= elongation[e1] * gradient[e2][i] * metric[e1][e2]`, summed in the order
/// e1, e2, i, x. The edge count as a constant lets the loops unroll over the fixed edge table.
#[inline(always)]
fn elem_force<const NE: usize>(
    edges: &[[usize; 2]; 6],
    elongation: &[f64; 6],
    gradient: &[[[f64; 3]; 2]; 6],
    metric: &[f64; 36],
) -> [f64; 12] {
    let mut force = [0.0; 12];
    for e1 in 0..NE {
        let el = elongation[e1];
        for e2 in 0..NE {
            let mk = metric[NE * e1 + e2];
            for i in 0..2 {
                let v = edges[e2][i];
                let g = &gradient[e2][i];
                for x in 0..3 {
                    force[3 * v + x] -= el * g[x] * mk;
                }
            }
        }
    }
    force
}

/// Elasticity of an interpolated (node-based) flex in its corotated frame.
fn flex_interp_elastic(m: &mjModel, d: &mut mjData, f: usize, k: &[f64], has_spring: bool, has_damping: bool) {
    const NMAX: usize = 3 * mjMAXFLEXNODES;
    let nodenum = (m.flex_nodenum()[f] as usize).min(mjMAXFLEXNODES);
    let nodeadr = m.flex_nodeadr()[f] as usize;
    let order = m.flex_interp()[f];
    let centered = m.flex_centered()[f] != 0;
    let node_body = &m.flex_nodebodyid()[nodeadr..nodeadr + nodenum];
    let xpos0 = &m.flex_node0()[3 * nodeadr..3 * (nodeadr + nodenum)];
    let node = &m.flex_node()[3 * nodeadr..3 * (nodeadr + nodenum)];
    let body_dofadr = m.body_dofadr();
    let flex_damping = m.flex_damping()[f];
    let a = d.arrays(m);
    let (qvel, xpos_b, xmat_b) = (a.qvel, a.xpos, a.xmat);

    let mut xpos = [0.0; NMAX];
    let mut vel = [0.0; NMAX];
    let mut displ = [0.0; NMAX];
    let mut frc = [0.0; NMAX];
    let mut dmp = [0.0; NMAX];

    // node positions and velocities
    for i in 0..nodenum {
        let b = node_body[i] as usize;
        if centered {
            *at3m(&mut xpos, 3 * i) = *v3(xpos_b, b);
            let adr = body_dofadr[b];
            if adr >= 0 {
                let adr = adr as usize;
                for x in 0..3 {
                    vel[3 * i + x] = qvel.get(adr + x).copied().unwrap_or(0.0);
                }
            }
        } else {
            let mut p = mul_mat_vec3(v9(xmat_b, b), at3(node, 3 * i));
            add_to3(&mut p, v3(xpos_b, b));
            *at3m(&mut xpos, 3 * i) = p;
            let screw = { object_velocity(m, d, mjtObj_::mjOBJ_BODY as i32, b, false) };
            vel[3 * i..3 * i + 3].copy_from_slice(&screw[3..6]);
        }
    }

    // shift to the center of the nodes
    let mut com = [0.0; 3];
    for i in 0..nodenum {
        add_to_scl3(&mut com, at3(&xpos, 3 * i), 1.0 / nodenum as f64);
    }
    for i in 0..nodenum {
        add_to_scl3(at3m(&mut xpos, 3 * i), &com, -1.0);
    }

    // rotation of the deformation gradient at the element center
    let p = [0.5, 0.5, 0.5];
    let mat = def_gradient(&p, &xpos[..3 * nodenum], order);
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    mat2rot(&mut quat, &mat);
    quat = neg_quat(&quat);

    // unrotate, move to the reference center, displacement from the reference
    for i in 0..nodenum {
        let mut q = rot_vec_quat(at3(&xpos, 3 * i), &quat);
        add_to3(&mut q, &p);
        *at3m(&mut xpos, 3 * i) = q;
        let w = rot_vec_quat(at3(&vel, 3 * i), &quat);
        *at3m(&mut vel, 3 * i) = w;
    }
    for i in 0..nodenum {
        *at3m(&mut displ, 3 * i) = add_scl3(at3(&xpos, 3 * i), at3(xpos0, 3 * i), -1.0);
    }

    let n = 3 * nodenum;
    if k.len() < n * n {
        return;
    }
    if has_spring {
        mul_mat_vec(&mut frc, k, &displ, n, n);
    }
    if has_damping {
        mul_mat_vec(&mut dmp, k, &vel, n, n);
    }

    // back to the world frame
    quat = neg_quat(&quat);
    for i in 0..nodenum {
        let qf = rot_vec_quat(at3(&frc, 3 * i), &quat);
        let qd = scl3(&rot_vec_quat(at3(&dmp, 3 * i), &quat), flex_damping);
        let b = node_body[i] as usize;
        if centered {
            let adr = body_dofadr[b];
            if adr < 0 {
                continue;
            }
            let adr = adr as usize;
            let DataMut { qfrc_spring, qfrc_damper, .. } = d.arrays_mut(m);
            if has_spring {
                add_to3(at3m(qfrc_spring, adr), &qf);
            }
            if has_damping {
                add_to3(at3m(qfrc_damper, adr), &qd);
            }
        } else {
            let pt = *at3(&xpos, 3 * i);
            if has_spring {
                apply_ft_into(m, d, Some(&qf), None, &pt, b, Qfrc::Spring);
            }
            if has_damping {
                apply_ft_into(m, d, Some(&qd), None, &pt, b, Qfrc::Damper);
            }
        }
    }
}

/// Body-level gravity compensation into `qfrc_gravcomp`; true when any body has it.
#[inline(never)]
fn gravcomp(m: &mjModel, d: &mut mjData) -> bool {
    let gravity = m.opt.gravity;
    if m.ngravcomp == 0 || disabled(m, mjDSBL_GRAVITY) || norm3(&gravity) == 0.0 {
        return false;
    }
    let sleep_filter = enabled(m, mjENBL_SLEEP) && d.nbody_awake < m.nbody;
    let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };
    let torque = [0.0; 3];
    let mut any = false;
    for b in 1..nbody {
        let i = if sleep_filter { d.arrays(m).body_awake_ind[b] as usize } else { b };
        let gc = m.body_gravcomp()[i];
        if gc != 0.0 {
            any = true;
            let force = scl3(&gravity, -(m.body_mass()[i] * gc));
            let point = *v3(d.arrays(m).xipos, i);
            apply_ft_into(m, d, Some(&force), Some(&torque), &point, i, Qfrc::Gravcomp);
        }
    }
    any
}

/// Fluid forces into `qfrc_fluid`; false when the medium has neither density nor viscosity.
fn fluid(m: &mjModel, d: &mut mjData) -> bool {
    if m.opt.viscosity == 0.0 && m.opt.density == 0.0 {
        return false;
    }
    let sleep_filter = enabled(m, mjENBL_SLEEP) && d.nbody_awake < m.nbody;
    let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };
    let geom_fluid = m.geom_fluid();
    for b in 0..nbody {
        let i = if sleep_filter { d.arrays(m).body_awake_ind[b] as usize } else { b };
        if m.body_mass()[i] < mjMINVAL {
            continue;
        }

        // a single geom with the ellipsoid model switches the whole body to it
        let adr = m.body_geomadr()[i];
        let num = m.body_geomnum()[i];
        let ellipsoid = (0..num.max(0)).any(|j| geom_fluid[mjNFLUID * (adr + j) as usize] > 0.0);
        if ellipsoid {
            ellipsoid_fluid(m, d, i);
        } else {
            inertia_box_fluid(m, d, i);
        }
    }
    true
}

/// Local velocity of the medium (the wind) seen from a frame at `pos` with orientation `mat`.
fn local_wind(m: &mjModel, d: &mjData, pos: &[f64; 3], mat: &[f64; 9], body: usize) -> [f64; 6] {
    let w = m.opt.wind;
    let wind = [0.0, 0.0, 0.0, w[0], w[1], w[2]];
    let root = m.body_rootid()[body] as usize;
    transform_spatial(&wind, false, pos, v3(d.arrays(m).subtree_com, root), Some(mat))
}

/// Drag and viscous forces on the equivalent inertia box of body `i`.
#[inline(never)]
fn inertia_box_fluid(m: &mjModel, d: &mut mjData, i: usize) {
    let inertia = v3(m.body_inertia(), i);
    let mass = m.body_mass()[i];
    let side = |a: f64, b: f64, c: f64| (max(mjMINVAL, b + c - a) / mass * 6.0).sqrt();
    let bx = [
        side(inertia[0], inertia[1], inertia[2]),
        side(inertia[1], inertia[0], inertia[2]),
        side(inertia[2], inertia[0], inertia[1]),
    ];
    let xipos = *v3(d.arrays(m).xipos, i);
    let ximat = *v9(d.arrays(m).ximat, i);

    // velocity relative to the wind, in the inertial frame
    let mut lvel = { object_velocity(m, d, mjtObj_::mjOBJ_BODY as i32, i, true) };
    let lwind = local_wind(m, d, &xipos, &ximat, i);
    for c in 3..6 {
        lvel[c] -= lwind[c];
    }
    let mut lfrc = [0.0; 6];

    let viscosity = m.opt.viscosity;
    let density = m.opt.density;
    if viscosity > 0.0 {
        let diam = (bx[0] + bx[1] + bx[2]) / 3.0;
        let ang = -mjPI * diam * diam * diam * viscosity;
        let lin = -3.0 * mjPI * diam * viscosity;
        for c in 0..3 {
            lfrc[c] = lvel[c] * ang;
            lfrc[3 + c] = lvel[3 + c] * lin;
        }
    }

    if density > 0.0 {
        lfrc[3] -= 0.5 * density * bx[1] * bx[2] * lvel[3].abs() * lvel[3];
        lfrc[4] -= 0.5 * density * bx[0] * bx[2] * lvel[4].abs() * lvel[4];
        lfrc[5] -= 0.5 * density * bx[0] * bx[1] * lvel[5].abs() * lvel[5];

        let p4 = |x: f64| x * x * x * x;
        lfrc[0] -= density * bx[0] * (p4(bx[1]) + p4(bx[2])) * lvel[0].abs() * lvel[0] / 64.0;
        lfrc[1] -= density * bx[1] * (p4(bx[0]) + p4(bx[2])) * lvel[1].abs() * lvel[1] / 64.0;
        lfrc[2] -= density * bx[2] * (p4(bx[0]) + p4(bx[1])) * lvel[2].abs() * lvel[2] / 64.0;
    }

    let torque = mul_mat_vec3(&ximat, &[lfrc[0], lfrc[1], lfrc[2]]);
    let force = mul_mat_vec3(&ximat, &[lfrc[3], lfrc[4], lfrc[5]]);
    apply_ft_into(m, d, Some(&force), Some(&torque), &xipos, i, Qfrc::Fluid);
}

/// Ellipsoid-model fluid forces of every geom of body `body`.
#[inline(never)]
fn ellipsoid_fluid(m: &mjModel, d: &mut mjData, body: usize) {
    let adr = m.body_geomadr()[body].max(0) as usize;
    let num = m.body_geomnum()[body].max(0) as usize;
    for g in adr..adr + num {
        let semiaxes = geom_semi_axes(v3(m.geom_size(), g), m.geom_type()[g]);
        let c = &m.geom_fluid()[mjNFLUID * g..mjNFLUID * g + mjNFLUID];
        let interaction = c[0];
        let (blunt, slender, ang_drag, kutta, magnus) = (c[1], c[2], c[3], c[4], c[5]);
        let virtual_mass = [c[6], c[7], c[8]];
        let virtual_inertia = [c[9], c[10], c[11]];
        if interaction == 0.0 {
            continue;
        }

        let gpos = *v3(d.arrays(m).geom_xpos, g);
        let gmat = *v9(d.arrays(m).geom_xmat, g);
        let mut lvel = { object_velocity(m, d, mjtObj_::mjOBJ_GEOM as i32, g, true) };
        let lwind = local_wind(m, d, &gpos, &gmat, body);
        for k in 3..6 {
            lvel[k] -= lwind[k];
        }

        let mut lfrc = [0.0; 6];
        added_mass_forces(&lvel, None, m.opt.density, &virtual_mass, &virtual_inertia, &mut lfrc);
        viscous_forces(
            &lvel,
            m.opt.density,
            m.opt.viscosity,
            &semiaxes,
            magnus,
            kutta,
            blunt,
            slender,
            ang_drag,
            &mut lfrc,
        );
        for v in lfrc.iter_mut() {
            *v *= interaction;
        }

        let torque = mul_mat_vec3(&gmat, &[lfrc[0], lfrc[1], lfrc[2]]);
        let force = mul_mat_vec3(&gmat, &[lfrc[3], lfrc[4], lfrc[5]]);
        apply_ft_into(m, d, Some(&force), Some(&torque), &gpos, body, Qfrc::Fluid);
    }
}

/// Forces of the fluid mass carried along with a body (local frame, rotation:translation).
pub fn added_mass_forces(
    vel: &[f64; 6],
    acc: Option<&[f64; 6]>,
    density: f64,
    virtual_mass: &[f64; 3],
    virtual_inertia: &[f64; 3],
    force: &mut [f64; 6],
) {
    let lin = [vel[3], vel[4], vel[5]];
    let ang = [vel[0], vel[1], vel[2]];
    let lin_mom: [f64; 3] = core::array::from_fn(|k| density * virtual_mass[k] * lin[k]);
    let ang_mom: [f64; 3] = core::array::from_fn(|k| density * virtual_inertia[k] * ang[k]);

    if let Some(acc) = acc {
        for k in 0..3 {
            force[k] -= density * virtual_inertia[k] * acc[k];
        }
        for k in 0..3 {
            force[3 + k] -= density * virtual_mass[k] * acc[3 + k];
        }
    }

    let f = cross(&lin_mom, &ang);
    let t1 = cross(&lin_mom, &lin);
    let t2 = cross(&ang_mom, &ang);
    for k in 0..3 {
        force[k] += t1[k];
    }
    for k in 0..3 {
        force[k] += t2[k];
    }
    for k in 0..3 {
        force[3 + k] += f[k];
    }
}

#[inline]
fn pow2(x: f64) -> f64 {
    x * x
}

#[inline]
fn pow4(x: f64) -> f64 {
    (x * x) * (x * x)
}

/// Largest moment of inertia-like term of an ellipsoid about axis `dir`.
#[inline]
fn ellipsoid_max_moment(size: &[f64; 3], dir: usize) -> f64 {
    let d0 = size[dir];
    let d1 = size[(dir + 1) % 3];
    let d2 = size[(dir + 2) % 3];
    8.0 / 15.0 * mjPI * d0 * pow4(max(d1, d2))
}

/// Viscous drag, quadratic drag, Magnus and Kutta lift on an ellipsoid (local frame).
#[allow(clippy::too_many_arguments)]
pub fn viscous_forces(
    vel: &[f64; 6],
    density: f64,
    viscosity: f64,
    size: &[f64; 3],
    magnus_lift: f64,
    kutta_lift: f64,
    blunt_drag: f64,
    slender_drag: f64,
    ang_drag: f64,
    force: &mut [f64; 6],
) {
    let lin = [vel[3], vel[4], vel[5]];
    let ang = [vel[0], vel[1], vel[2]];
    let volume = 4.0 / 3.0 * mjPI * size[0] * size[1] * size[2];
    let d_max = max(max(size[0], size[1]), size[2]);
    let d_min = min(min(size[0], size[1]), size[2]);
    let d_mid = size[0] + size[1] + size[2] - d_max - d_min;
    let a_max = mjPI * d_max * d_mid;

    let mut magnus_force = cross(&ang, &lin);
    for v in magnus_force.iter_mut() {
        *v *= magnus_lift * density * volume;
    }

    // projected area and its normal along the velocity
    let proj_denom = pow4(size[1] * size[2]) * pow2(lin[0])
        + pow4(size[2] * size[0]) * pow2(lin[1])
        + pow4(size[0] * size[1]) * pow2(lin[2]);
    let proj_num =
        pow2(size[1] * size[2] * lin[0]) + pow2(size[2] * size[0] * lin[1]) + pow2(size[0] * size[1] * lin[2]);
    let a_proj = mjPI * (proj_denom / max(mjMINVAL, proj_num)).sqrt();
    let norm = [pow2(size[1] * size[2]) * lin[0], pow2(size[2] * size[0]) * lin[1], pow2(size[0] * size[1]) * lin[2]];
    let speed = norm3(&lin);
    let cos_alpha = proj_num / max(mjMINVAL, speed * proj_denom);
    let mut kutta_circ = cross(&norm, &lin);
    for v in kutta_circ.iter_mut() {
        *v *= kutta_lift * density * cos_alpha * a_proj;
    }
    let kutta_force = cross(&kutta_circ, &lin);

    // Stokes drag of the equivalent sphere
    let eq_d = 2.0 / 3.0 * (size[0] + size[1] + size[2]);
    let lin_visc_force = 3.0 * mjPI * eq_d;
    let lin_visc_torque = mjPI * eq_d * eq_d * eq_d;

    // angular quadratic drag
    let i_max = 8.0 / 15.0 * mjPI * d_mid * pow4(d_max);
    let ii = [ellipsoid_max_moment(size, 0), ellipsoid_max_moment(size, 1), ellipsoid_max_moment(size, 2)];
    let mom_visc: [f64; 3] = core::array::from_fn(|k| ang[k] * (ang_drag * ii[k] + slender_drag * (i_max - ii[k])));

    let drag_lin =
        viscosity * lin_visc_force + density * speed * (a_proj * blunt_drag + slender_drag * (a_max - a_proj));
    let drag_ang = viscosity * lin_visc_torque + density * norm3(&mom_visc);

    for k in 0..3 {
        force[k] -= drag_ang * ang[k];
    }
    for k in 0..3 {
        force[3 + k] += magnus_force[k] + kutta_force[k] - drag_lin * lin[k];
    }
}

/// Room for the bodies of both sides of a flex contact (upstream's bound, 27 x 27).
const FLEX_MAXBODY: usize = 729;

/// Nodes of interpolated flex `f` whose basis is not negligible at the reference position
/// given by vertices `vert` with weights `vweight`: their bodies and basis values; returns
/// their number (upstream's `mj_vertBodyWeight`).
fn vert_body_weight(
    m: &mjModel,
    f: usize,
    vert: &[i32],
    vweight: &[f64],
    body: &mut [i32],
    bweight: &mut [f64],
) -> usize {
    if vert.is_empty() {
        return 0;
    }
    let mut coord = [0.0; 3];
    for (&v, &w) in vert.iter().zip(vweight) {
        add_to_scl3(&mut coord, v3(m.flex_vert0(), v as usize), w);
    }
    let nstart = m.flex_nodeadr()[f] as usize;
    let nend = nstart + m.flex_nodenum()[f] as usize;
    let mut nb = 0;
    for i in nstart..nend {
        let w = eval_basis(&coord, (i - nstart) as i32, m.flex_interp()[f]);
        if w < 1e-5 {
            continue;
        }
        bweight[nb] = w;
        body[nb] = m.flex_nodebodyid()[i];
        nb += 1;
    }
    nb
}

/// Bodies and signed weights of both sides of a contact that involves flex elements or
/// interpolated flexes (first side negative); returns their number.
fn contact_bodies(m: &mjModel, d: &mjData, con: &mjContact, bid: &mut [i32], bweight: &mut [f64]) -> usize {
    let mut nb = 0;
    for side in 0..2 {
        let sign = if side == 0 { -1.0 } else { 1.0 };
        if con.geom[side] >= 0 {
            bid[nb] = m.geom_bodyid()[con.geom[side] as usize];
            bweight[nb] = sign;
            nb += 1;
            continue;
        }
        let f = con.flex[side] as usize;
        let mut vid = [0i32; 4];
        let mut vweight = [0.0f64; 4];
        let nw = if con.vert[side] >= 0 {
            vid[0] = m.flex_vertadr()[f] + con.vert[side];
            vweight[0] = sign;
            1
        } else {
            let nw =
                { elem_body_weight(m, d, f, con.elem[side], con.vert[1 - side], &con.pos, &mut vid, &mut vweight) };
            if side == 0 {
                for w in &mut vweight[..nw] {
                    *w *= -1.0;
                }
            }
            nw
        };
        if m.flex_interp()[f] == 0 {
            for k in 0..nw {
                bid[nb] = m.flex_vertbodyid()[vid[k] as usize];
                bweight[nb] = vweight[k];
                nb += 1;
            }
        } else {
            nb += vert_body_weight(m, f, &vid[..nw], &vweight[..nw], &mut bid[nb..], &mut bweight[nb..]);
        }
    }
    nb
}

/// Penalty forces of passive flex contacts (`exclude == 4`) into `qfrc_spring`.
#[inline(never)]
fn contact_passive(m: &mjModel, d: &mut mjData) -> bool {
    let ncon = d.ncon as usize;
    let nv = m.nv as usize;
    if disabled(m, mjDSBL_CONTACT) || ncon == 0 || nv == 0 {
        return false;
    }
    if !d.arrays(m).contact.iter().any(|c| c.exclude == 4) {
        return false;
    }
    let issparse = is_sparse(m);

    // upstream's blocks in upstream's order (all of them: they set the peak stack use), though
    // only the normal row of the Jacobian difference is needed here
    with_frame(d, |d, fr| {
        let row = fr.nums(d, 6 * nv);
        let jacdif = fr.nums(d, 6 * nv);
        let jac1 = fr.nums(d, 3 * nv);
        let jac2 = fr.nums(d, 3 * nv);
        let _rot1 = fr.nums(d, 3 * nv);
        let _rot2 = fr.nums(d, 3 * nv);
        let _qfrc = fr.nums(d, nv);
        let chain: &mut [i32] = if issparse { fr.ints(d, nv) } else { &mut [] };

        for ci in 0..d.arrays(m).contact.len() {
            // a copy to read while `d` is lent to the Jacobians; the fields changed here are
            // written to the data's contact as well
            let mut con = d.arrays(m).contact[ci];
            if con.exclude != 4 {
                continue;
            }
            con.efc_address = -1;
            d.arrays_mut(m).contact[ci].efc_address = -1;

            // one body per side (geom, or vertex of a non-interpolated flex): Jacobian difference;
            // otherwise a weighted sum over the bodies of flex elements or interpolation nodes
            let single = |side: usize| {
                con.geom[side] >= 0 || (con.vert[side] >= 0 && m.flex_interp()[con.flex[side] as usize] == 0)
            };
            let n = if single(0) && single(1) {
                let mut bid = [0usize; 2];
                for side in 0..2 {
                    bid[side] = if con.geom[side] >= 0 {
                        m.geom_bodyid()[con.geom[side] as usize] as usize
                    } else {
                        let fl = con.flex[side] as usize;
                        m.flex_vertbodyid()[(m.flex_vertadr()[fl] + con.vert[side]) as usize] as usize
                    };
                }
                {
                    jac_dif_pair(
                        m,
                        d,
                        chain,
                        bid[0],
                        bid[1],
                        &con.pos,
                        &con.pos,
                        Some(&mut jac1[..]),
                        Some(&mut jac2[..]),
                        Some(&mut jacdif[..]),
                        None,
                        None,
                        None,
                    )
                }
            } else {
                let mut bid = [0i32; FLEX_MAXBODY];
                let mut bweight = [0.0f64; FLEX_MAXBODY];
                let nb = contact_bodies(m, d, &con, &mut bid, &mut bweight);
                jac_sum(m, d, chain, &bid[..nb], &bweight[..nb], &con.pos, jacdif, false)
            };
            if n == 0 {
                d.arrays_mut(m).contact[ci].exclude = 3;
                continue;
            }

            // normal row of the Jacobian difference in the contact frame
            let row = &mut row[..n];
            row.fill(0.0);
            for k in 0..3 {
                let fk = con.frame[k];
                if fk != 0.0 {
                    add_to_scl(row, &jacdif[k * n..k * n + n], fk);
                }
            }

            let scl = -CONTACT_STIFFNESS * con.dist;
            let qfrc_spring = d.arrays_mut(m).qfrc_spring;
            if issparse {
                for (&c, &r) in chain[..n].iter().zip(row.iter()) {
                    qfrc_spring[c as usize] += r * scl;
                }
            } else {
                add_to_scl(&mut qfrc_spring[..nv], row, scl);
            }
        }
    });
    true
}

/// Computes `qfrc_spring`, `qfrc_damper`, `qfrc_gravcomp`, `qfrc_fluid` and their sum
/// `qfrc_passive` (gravity compensation only for joints not routed through actuators).
pub fn passive(m: &mjModel, d: &mut mjData) {
    passive_with(m, d, true);
}

/// [`passive`], leaving out the forces of passive flex contacts when not `contacts`: then the
/// contacts are not read at all, and the caller knows that none is a passive flex contact.
pub fn passive_with(m: &mjModel, d: &mut mjData, contacts: bool) {
    let sleep_filter = enabled(m, mjENBL_SLEEP) && d.nv_awake < m.nv;
    let nv = if sleep_filter { d.nv_awake as usize } else { m.nv as usize };
    let nawake = if sleep_filter { nv } else { 0 };

    {
        let DataMut { dof_awake_ind, qfrc_spring, qfrc_damper, qfrc_gravcomp, qfrc_fluid, qfrc_passive, .. } =
            d.arrays_mut(m);
        if sleep_filter {
            for &j in &dof_awake_ind[..nawake] {
                let j = j as usize;
                qfrc_spring[j] = 0.0;
                qfrc_damper[j] = 0.0;
                qfrc_gravcomp[j] = 0.0;
                qfrc_fluid[j] = 0.0;
                qfrc_passive[j] = 0.0;
            }
        } else {
            qfrc_spring[..nv].fill(0.0);
            qfrc_damper[..nv].fill(0.0);
            qfrc_gravcomp[..nv].fill(0.0);
            qfrc_fluid[..nv].fill(0.0);
            qfrc_passive[..nv].fill(0.0);
        }
    }

    if disabled(m, mjDSBL_SPRING) && disabled(m, mjDSBL_DAMPER) {
        return;
    }

    spring_damper(m, d);
    // cheap feature checks here; the work itself stays out of line
    let has_gravcomp = m.ngravcomp != 0 && gravcomp(m, d);
    let has_fluid = fluid(m, d);
    if contacts && d.ncon != 0 {
        contact_passive(m, d);
    }

    {
        let nbody = if sleep_filter { d.nbody_awake as usize } else { m.nbody as usize };
        let DataMut {
            dof_awake_ind,
            body_awake_ind,
            qfrc_spring,
            qfrc_damper,
            qfrc_gravcomp,
            qfrc_fluid,
            qfrc_passive,
            ..
        } = d.arrays_mut(m);
        let awake = &dof_awake_ind[..nawake];
        if sleep_filter {
            for &j in awake {
                let j = j as usize;
                qfrc_passive[j] = qfrc_spring[j] + qfrc_damper[j];
            }
        } else {
            add(&mut qfrc_passive[..nv], qfrc_spring, qfrc_damper);
        }

        if has_fluid {
            if sleep_filter {
                for &j in awake {
                    qfrc_passive[j as usize] += qfrc_fluid[j as usize];
                }
            } else {
                add_to(&mut qfrc_passive[..nv], qfrc_fluid);
            }
        }

        // gravity compensation of joints that do not route it through actuators
        if has_gravcomp {
            for b in 0..nbody {
                let i = if sleep_filter { body_awake_ind[b] as usize } else { b };
                let jntnum = m.body_jntnum()[i];
                if jntnum <= 0 || m.body_gravcomp()[i] == 0.0 {
                    continue;
                }
                let start = m.body_jntadr()[i] as usize;
                for j in start..start + jntnum as usize {
                    if m.jnt_actgravcomp()[j] != 0 {
                        continue;
                    }
                    let adr = m.jnt_dofadr()[j] as usize;
                    let n = JNT_DOFNUM[m.jnt_type()[j] as usize & 3];
                    for k in adr..adr + n {
                        qfrc_passive[k] += qfrc_gravcomp[k];
                    }
                }
            }
        }
    }

    // user-defined passive forces
    // SAFETY: the callback global is set by the C API user before simulating (upstream's
    // contract for mjcb_*), read by value; it gets the model and data it was written for, with
    // no Rust borrow of the data alive during the call
    if let Some(cb) = unsafe { crate::runtime::callbacks::mjcb_passive } {
        // SAFETY: the user's callback, called as upstream calls it (see above)
        unsafe { cb(m, d) };
    }

    // passive forces of plugins
    let dp: *mut mjData = d;
    // SAFETY: the model's plugin table is valid for it (each_plugin's contract); the plugins get
    // the data through its pointer with no Rust borrow of it alive during the calls
    unsafe {
        crate::data::plugin::each_plugin(m, "mj_passive", |i, slot, p| {
            use crate::abi::mjtPluginCapabilityBit_::mjPLUGIN_PASSIVE;
            if crate::data::plugin::has_capability(p, mjPLUGIN_PASSIVE) {
                crate::data::plugin::compute(m, &mut *dp, i, slot, p, mjPLUGIN_PASSIVE, "mj_passive", false);
            }
        });
    }
}
