//! Counting constraint rows and Jacobian non-zeros before the rows are made (`mj_ne`, `mj_nf`,
//! `mj_nl`, `mj_nc` and the sparse counts).

use super::*;

//------------------------------------ counting ----------------------------------------------------

/// True when every vertex of flex `f` is a body's (not interpolated from nodes). Upstream's
/// sparse edge equality reads the vertices' bodies: with interpolated vertices (body -1) it
/// reads outside the model, so that case is refused here and skipped when the rows are made.
pub(super) fn flex_vertices_have_bodies(m: &mjModel, f: usize) -> bool {
    let (adr, num) = (m.flex_vertadr()[f] as usize, m.flex_vertnum()[f] as usize);
    m.flex_vertbodyid()[adr..adr + num].iter().all(|&b| b >= 0)
}

/// Columns of the Jacobian difference of two bodies (`mj_jacDifPairCount`).
fn jac_dif_pair_count(m: &mjModel, chain: &mut [i32], b1: usize, b2: usize, sp: bool) -> usize {
    if m.nv == 0 {
        return 0;
    }
    if sp {
        if m.body_simple()[b1] != 0 && m.body_simple()[b2] != 0 {
            return merge_chain_simple(m, chain, b1, b2);
        }
        return merge_chain(m, chain, b1, b2);
    }
    m.nv as usize
}

/// Union of two increasing dof chains into `res`; returns its length (`mju_addChains`).
fn add_chains(res: &mut [i32], n: usize, c1: &[i32], c2: &[i32]) -> usize {
    let (n1, n2) = (c1.len(), c2.len());
    if n1 == n2 {
        if n1 == 0 {
            return 0;
        }
        if c1 == c2 {
            res[..n1].copy_from_slice(c1);
            return n1;
        }
    }
    let past = n as i32 + 1;
    let (mut i1, mut i2, mut k) = (0, 0, 0);
    let mut a1 = if n1 > 0 { c1[0] } else { past };
    let mut a2 = if n2 > 0 { c2[0] } else { past };
    while i1 < n1 || i2 < n2 {
        if a1 == a2 {
            res[k] = a1;
            i1 += 1;
            i2 += 1;
        } else if a1 < a2 {
            res[k] = a1;
            i1 += 1;
        } else {
            res[k] = a2;
            i2 += 1;
        }
        k += 1;
        a1 = if i1 < n1 { c1[i1] } else { past };
        a2 = if i2 < n2 { c2[i2] } else { past };
    }
    k
}

/// Columns of the weighted Jacobian sum over `body` (`mj_jacSumCount`).
fn jac_sum_count(m: &mjModel, d: &mut mjData, chain: &mut [i32], body: &[i32]) -> usize {
    if body.is_empty() {
        return 0;
    }
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let bodychain = f.ints(d, nv);
        let tempchain = f.ints(d, nv);
        let mut n = body_chain(m, body[0] as usize, chain);
        for &b in &body[1..] {
            let bn = body_chain(m, b as usize, bodychain);
            if bn == 0 {
                continue;
            }
            n = add_chains(tempchain, nv, &chain[..n], &bodychain[..bn]);
            if n > 0 {
                chain[..n].copy_from_slice(&tempchain[..n]);
            }
        }
        n
    })
}

/// Rows a constraint of `size` rows and `nvj` Jacobian columns occupies (`mj_addConstraintCount`).
#[inline]
fn count_rows(m: &mjModel, sp: bool, size: usize, nvj: usize) -> usize {
    if !sp {
        return if m.nv > 0 { size } else { 0 };
    }
    if nvj > 0 {
        size
    } else {
        0
    }
}

/// Equality rows, with their Jacobian non-zeros added to `nnz` in sparse mode (`mj_ne`).
pub(super) fn count_equality(m: &mjModel, d: &mut mjData, sp: bool, nnz: &mut usize) -> usize {
    if disabled(m, mjDSBL_EQUALITY) || m.nemax == 0 {
        return 0;
    }
    let nv = m.nv as usize;
    let filter = sleep_filter(m, d);
    with_frame(d, |d, f| {
        let (chain, chain2): (&mut [i32], &mut [i32]) =
            if sp { (f.ints(d, nv), f.ints(d, nv)) } else { (&mut [], &mut []) };
        let d: &mjData = d;

        let (eq_type, eq_objtype, obj1, obj2) = (m.eq_type(), m.eq_objtype(), m.eq_obj1id(), m.eq_obj2id());
        let (site_bodyid, jnt_dofadr) = (m.site_bodyid(), m.jnt_dofadr());
        let DataRef { ten_J_rownnz: ten_nnz, ten_J_rowadr: ten_adr, ten_J_colind: ten_ind, eq_active: active, .. } =
            d.arrays(m);

        let (mut ne, mut nnze) = (0, 0);
        for i in 0..m.neq as usize {
            if active[i] == 0 {
                continue;
            }
            if filter && { sleep_state(m, d, OBJ_EQUALITY, i as i32) } == ASLEEP {
                continue;
            }
            let mut id = [obj1[i], obj2[i]];
            let mut size = 0;
            let mut nvj = 0;
            match eq_type[i] {
                t @ (EQ_CONNECT | EQ_WELD) => {
                    size = if t == EQ_CONNECT { 3 } else { 6 };
                    if sp {
                        if eq_objtype[i] == OBJ_SITE {
                            id = [site_bodyid[id[0] as usize], site_bodyid[id[1] as usize]];
                        }
                        nvj = jac_dif_pair_count(m, chain, id[1] as usize, id[0] as usize, sp);
                    }
                }
                t @ (EQ_JOINT | EQ_TENDON) => {
                    size = 1;
                    if sp {
                        let mut nv2 = 0;
                        for j in 0..1 + (id[1] >= 0) as usize {
                            let k = id[j] as usize;
                            let c: &mut [i32] = if j == 0 { &mut *chain } else { &mut *chain2 };
                            let cnt = if t == EQ_JOINT {
                                c[0] = jnt_dofadr[k];
                                1
                            } else {
                                let (n, a) = (ten_nnz[k] as usize, ten_adr[k] as usize);
                                c[..n].copy_from_slice(&ten_ind[a..a + n]);
                                n
                            };
                            if j == 0 {
                                nvj = cnt;
                            } else {
                                nv2 = cnt;
                            }
                        }
                        if id[1] >= 0 {
                            nvj = sparse::combine_sparse_count(&chain[..nvj], &chain2[..nv2]) as usize;
                        }
                    }
                }
                EQ_FLEX => {
                    let f = id[0] as usize;
                    if sp && !flex_vertices_have_bodies(m, f) {
                        crate::mjerror!(
                            "mj_makeConstraint",
                            "not supported yet: edge equality of flex {f}, whose vertices are interpolated (no bodies)"
                        );
                        continue;
                    }
                    let start = m.flex_edgeadr()[f] as usize;
                    let num = m.flex_edgenum()[f] as usize;
                    let (rigid, edge, vadr, vbody) =
                        (m.flexedge_rigid(), m.flex_edge(), m.flex_vertadr()[f], m.flex_vertbodyid());
                    size = num;
                    for e in start..start + num {
                        if rigid[e] != 0 {
                            size -= 1;
                            continue;
                        }
                        if sp {
                            let b1 = vbody[(vadr + edge[2 * e]) as usize] as usize;
                            let b2 = vbody[(vadr + edge[2 * e + 1]) as usize] as usize;
                            nvj += jac_dif_pair_count(m, chain, b1, b2, sp);
                        }
                    }
                }
                t => {
                    crate::mjerror!("mj_ne", "unknown constraint type type {}", t);
                }
            }
            ne += count_rows(m, sp, size, nvj);
            nnze += if eq_type[i] == EQ_FLEX { nvj } else { size * nvj };
        }
        if sp {
            *nnz += nnze;
        }
        ne
    })
}

/// Friction-loss rows and non-zeros (`mj_nf`).
pub(super) fn count_friction(m: &mjModel, d: &mjData, sp: bool, nnz: &mut usize) -> usize {
    if disabled(m, mjDSBL_FRICTIONLOSS) {
        return 0;
    }
    let filter = sleep_filter(m, d);
    let DataRef { tree_awake, ten_J_rownnz: ten_nnz, .. } = d.arrays(m);
    let dof_treeid = m.dof_treeid();
    let mut nf = 0;
    for (i, &fl) in m.dof_frictionloss().iter().enumerate() {
        if fl == 0.0 {
            continue;
        }
        if filter && tree_awake[dof_treeid[i] as usize] == 0 {
            continue;
        }
        nf += count_rows(m, sp, 1, 1);
        *nnz += 1;
    }
    for (i, &fl) in m.tendon_frictionloss().iter().enumerate() {
        if fl > 0.0 {
            if sp {
                nf += count_rows(m, sp, 1, ten_nnz[i].max(0) as usize);
                *nnz += ten_nnz[i].max(0) as usize;
            } else {
                nf += count_rows(m, sp, 1, 0);
            }
        }
    }
    nf
}

/// Limit rows and non-zeros (`mj_nl`).
pub(super) fn count_limit(m: &mjModel, d: &mjData, sp: bool, nnz: &mut usize) -> usize {
    if disabled(m, mjDSBL_LIMIT) {
        return 0;
    }
    let filter = sleep_filter(m, d);
    let DataRef { tree_awake, qpos, ten_length, ten_J_rownnz: ten_nnz, .. } = d.arrays(m);
    let dof_treeid = m.dof_treeid();
    let (limited, jtype, range, jmargin) = (m.jnt_limited(), m.jnt_type(), m.jnt_range(), m.jnt_margin());
    let (qadr, dadr) = (m.jnt_qposadr(), m.jnt_dofadr());
    let mut nl = 0;
    for i in 0..m.njnt as usize {
        if limited[i] == 0 {
            continue;
        }
        if filter && tree_awake[dof_treeid[dadr[i] as usize] as usize] == 0 {
            continue;
        }
        let margin = jmargin[i];
        let t = jtype[i];
        if t == mjtJoint_::mjJNT_SLIDE as i32 || t == mjtJoint_::mjJNT_HINGE as i32 {
            let value = qpos[qadr[i] as usize];
            for side in [-1.0f64, 1.0] {
                let dist = side * (range[2 * i + (side > 0.0) as usize] - value);
                if dist < margin {
                    nl += count_rows(m, sp, 1, 1);
                    *nnz += 1;
                }
            }
        } else if t == mjtJoint_::mjJNT_BALL as i32 {
            let (value, _) = ball_angle(qpos, qadr[i] as usize);
            let dist = mx(range[2 * i], range[2 * i + 1]) - value;
            if dist < margin {
                nl += count_rows(m, sp, 1, 3);
                *nnz += 3;
            }
        }
    }
    for i in 0..m.ntendon as usize {
        let count = crate::engine::sleep::tendon_limit(m, ten_length, i);
        for _ in 0..count {
            if sp {
                nl += count_rows(m, sp, 1, ten_nnz[i].max(0) as usize);
                *nnz += ten_nnz[i].max(0) as usize;
            } else {
                nl += count_rows(m, sp, 1, 0);
            }
        }
    }
    nl
}

/// Contact rows and non-zeros (`mj_nc`); contacts of passive flexes are excluded here.
pub(super) fn count_contact(m: &mjModel, d: &mut mjData, sp: bool, nnz: &mut usize) -> usize {
    let ncon = d.ncon as usize;
    if disabled(m, mjDSBL_CONTACT) || ncon == 0 {
        return 0;
    }
    let pyramid = m.opt.cone == mjtCone_::mjCONE_PYRAMIDAL as i32;
    let filter = sleep_filter(m, d);
    with_frame(d, |d, f| {
        let chain = f.ints(d, m.nv as usize);

        let passive = m.flex_passive();
        let (geom_bodyid, weldid) = (m.geom_bodyid(), m.body_weldid());
        let (mut nc, mut nnzc) = (0, 0);
        for i in 0..ncon {
            // the contact's bodies for the sparse count, gathered before jac_sum_count takes d
            let mut bid = [0i32; MAXBODY];
            let (nb, dim);
            {
                let DataMut { contact: contacts, body_awake, flexvert_xpos, .. } = d.arrays_mut(m);
                let con = &mut contacts[i];
                if (con.flex[0] > -1 && passive[con.flex[0] as usize] != 0)
                    || (con.flex[1] > -1 && passive[con.flex[1] as usize] != 0)
                {
                    con.efc_address = -1;
                    con.exclude = 4;
                }
                if con.exclude != 0 {
                    continue;
                }

                if filter {
                    let (g1, g2) = (con.geom[0], con.geom[1]);
                    if g1 >= 0 && g2 >= 0 {
                        let b1 = weldid[geom_bodyid[g1 as usize] as usize] as usize;
                        let b2 = weldid[geom_bodyid[g2 as usize] as usize] as usize;
                        let (a1, a2) = (body_awake[b1] == ASLEEP, body_awake[b2] == ASLEEP);
                        if a1 || a2 {
                            crate::mjerror!(
                                "mj_nc",
                                "contact {} involves sleeping geom {}",
                                i,
                                if a1 { g1 } else { g2 }
                            );
                        }
                    }
                }

                let con = &*con;
                dim = con.dim as usize;
                nb = if !sp {
                    0
                } else if con.geom[0] >= 0 && con.geom[1] >= 0 {
                    bid[0] = geom_bodyid[con.geom[0] as usize];
                    bid[1] = geom_bodyid[con.geom[1] as usize];
                    2
                } else {
                    contact_count_bodies(m, flexvert_xpos, con, &mut bid)
                };
            }
            let mut nvj = 0;
            if sp {
                nvj = jac_sum_count(m, d, chain, &bid[..nb]);
                if nvj == 0 {
                    continue;
                }
            }

            if dim == 1 {
                nc += 1;
                nnzc += nvj;
            } else if pyramid {
                nc += 2 * (dim - 1);
                nnzc += 2 * (dim - 1) * nvj;
            } else {
                nc += dim;
                nnzc += dim * nvj;
            }
        }
        if sp {
            *nnz += nnzc;
        }
        nc
    })
}

/// Bodies of a contact involving a flex, as the sparse count collects them.
fn contact_count_bodies(m: &mjModel, flexvert_xpos: &[f64], con: &mjContact, bid: &mut [i32]) -> usize {
    let mut nb = 0;
    for side in 0..2 {
        if con.geom[side] >= 0 {
            bid[nb] = m.geom_bodyid()[con.geom[side] as usize];
            nb += 1;
            continue;
        }
        let f = con.flex[side] as usize;
        let vadr = m.flex_vertadr()[f];
        let interp = m.flex_interp()[f];
        let mut vid = [0i32; 4];
        let mut vw = [0.0; 4];
        let mut nw;
        if con.vert[side] >= 0 {
            vid[0] = vadr + con.vert[side];
            vw[0] = 1.0;
            nw = 1;
        } else {
            let fdim = m.flex_dim()[f] as usize;
            let adr = m.flex_elemdataadr()[f] as usize + con.elem[side] as usize * (fdim + 1);
            let edata = &m.flex_elem()[adr..adr + fdim + 1];
            for (k, &ev) in edata.iter().enumerate() {
                vid[k] = vadr + ev;
            }
            nw = fdim + 1;
            if interp != 0 {
                nw = elem_body_weight_in(
                    m,
                    flexvert_xpos,
                    f,
                    con.elem[side],
                    con.vert[1 - side],
                    &con.pos,
                    &mut vid,
                    &mut vw,
                );
            }
        }
        if interp == 0 {
            let vb = m.flex_vertbodyid();
            for &v in &vid[..nw] {
                bid[nb] = vb[v as usize];
                nb += 1;
            }
        } else {
            nb += vert_body_weight(m, f, &vid[..nw], &mut bid[nb..], None, &vw[..nw]);
        }
    }
    nb
}
