//! Tendon lengths and Jacobians with wrapping (`mj_tendon`) and actuator transmissions
//! (`mj_transmission`). Computation chapter, "Tendons" and "Actuation model".

use super::constraint::mul_jac_t_vec;
use super::support::{jac, jac_dif_pair, jac_point_axis, jac_site};
use super::wrap::wrap;
use super::{enabled, is_sparse, v3, v3m, v4, v6, v9};
use crate::abi::fields::DataMut;
use crate::abi::*;
use crate::data::stack::{with_frame, Frame};
use crate::math::blas::{
    add_to, add_to_scl, dist3, dot3, mul_mat_mat, mul_mat_t_vec, mul_mat_t_vec3, mul_mat_vec3, normalize3, normalize4,
    scl_inplace, sub, sub3, sub_from,
};
use crate::math::misc::{is_zero, round};
use crate::math::sparse::combine_sparse;
use crate::math::spatial::{mul_quat, neg_quat, quat2vel, rot_vec_quat, sub_quat};

const ASLEEP: i32 = mjtSleepState_::mjS_ASLEEP as i32;

const WRAP_JOINT: i32 = mjtWrap_::mjWRAP_JOINT as i32;
const WRAP_PULLEY: i32 = mjtWrap_::mjWRAP_PULLEY as i32;
const WRAP_SPHERE: i32 = mjtWrap_::mjWRAP_SPHERE as i32;
const WRAP_CYLINDER: i32 = mjtWrap_::mjWRAP_CYLINDER as i32;

//------------------------------ sleep states ------------------------------------------------------

/// Whether actuator `i` is asleep.
#[inline]
fn actuator_asleep(m: &mjModel, d: &mjData, i: usize) -> bool {
    crate::engine::sleep::actuator_state(m, d, i) == ASLEEP
}

//------------------------------ Jacobian helpers --------------------------------------------------

/// Translational Jacobian difference of `pos2` on `b2` minus `pos1` on `b1` (dense, or over the
/// merged chain written to `chain` for sparse models); returns its column count.
#[allow(clippy::too_many_arguments)]
fn jac_dif_p(
    m: &mjModel,
    d: &mjData,
    chain: &mut [i32],
    b1: usize,
    b2: usize,
    pos1: &[f64; 3],
    pos2: &[f64; 3],
    jac1: &mut [f64],
    jac2: &mut [f64],
    jacdif: &mut [f64],
) -> usize {
    jac_dif_pair(m, d, chain, b1, b2, pos1, pos2, Some(jac1), Some(jac2), Some(jacdif), None, None, None)
}

/// The mjData arrays [`tendon`] writes, and those it reads, from one split of the data.
struct TendonArrays<'a> {
    len: &'a mut [f64],
    rownnz: &'a mut [i32],
    rowadr: &'a mut [i32],
    colind: &'a mut [i32],
    jmat: &'a mut [f64],
    wrapadr: &'a mut [i32],
    wrapnum: &'a mut [i32],
    wrap_obj: &'a mut [i32],
    wrap_xpos: &'a mut [f64],
    site_xpos: &'a [f64],
    geom_xpos: &'a [f64],
    geom_xmat: &'a [f64],
    qpos: &'a [f64],
    tree_awake: &'a [i32],
}

#[inline(always)]
fn tendon_arrays<'a>(m: &mjModel, d: &'a mut mjData) -> TendonArrays<'a> {
    let DataMut {
        ten_length,
        ten_J_rownnz,
        ten_J_rowadr,
        ten_J_colind,
        ten_J,
        ten_wrapadr,
        ten_wrapnum,
        wrap_obj,
        wrap_xpos,
        site_xpos,
        geom_xpos,
        geom_xmat,
        qpos,
        tree_awake,
        ..
    } = d.arrays_mut(m);
    TendonArrays {
        len: ten_length,
        rownnz: ten_J_rownnz,
        rowadr: ten_J_rowadr,
        colind: ten_J_colind,
        jmat: ten_J,
        wrapadr: ten_wrapadr,
        wrapnum: ten_wrapnum,
        wrap_obj,
        wrap_xpos,
        site_xpos,
        geom_xpos,
        geom_xmat,
        qpos,
        tree_awake,
    }
}

//------------------------------ tendons -----------------------------------------------------------

/// Computes tendon lengths `ten_length`, Jacobians `ten_J` (dense, or sparse rows when the
/// model is sparse) and the wrap paths `ten_wrapadr`, `ten_wrapnum`, `wrap_obj`, `wrap_xpos`.
/// Runs after kinematics and comPos.
pub fn tendon(m: &mjModel, d: &mut mjData) {
    let nten = m.ntendon as usize;
    let nv = m.nv as usize;
    if nten == 0 {
        return;
    }
    let sparse = is_sparse(m);

    with_frame(d, |d, f| {
        let [jac1, jac2, jacdif, tmp] = f.nums_many(d, [3 * nv, 3 * nv, 3 * nv, nv]);
        let (chain, buf_ind, buf): (&mut [i32], &mut [i32], &mut [f64]) =
            if sparse { (f.ints(d, nv), f.ints(d, nv), f.nums(d, nv)) } else { (&mut [], &mut [], &mut []) };

        let (ten_adr, ten_num) = (m.tendon_adr(), m.tendon_num());
        let (wtype, wobj, wprm) = (m.wrap_type(), m.wrap_objid(), m.wrap_prm());
        let site_body = m.site_bodyid();

        let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.ntree_awake < m.ntree;
        {
            let TendonArrays { len, rownnz, jmat, .. } = tendon_arrays(m, d);
            len.fill(0.0);
            if sparse {
                rownnz.fill(0);
            } else {
                jmat.fill(0.0);
            }
        }

        let mut wrapcount = 0usize;
        for i in 0..nten {
            let TendonArrays { len, rownnz, rowadr, colind, jmat, wrapadr, wrapnum, qpos, tree_awake, .. } =
                tendon_arrays(m, d);
            if sleep_filter && crate::engine::sleep::tendon_state_of(m, tree_awake, i) == ASLEEP {
                continue;
            }

            let adr = ten_adr[i] as usize;
            let num = ten_num[i] as usize;
            wrapadr[i] = wrapcount as i32;
            wrapnum[i] = 0;
            if sparse {
                rowadr[i] = if i > 0 { rowadr[i - 1] + rownnz[i - 1] } else { 0 };
            }
            let radr = if sparse { rowadr[i] as usize } else { i * nv };

            // fixed tendon: linear in joint positions
            if wtype[adr] == WRAP_JOINT {
                for j in adr..adr + num {
                    let k = wobj[j] as usize;
                    let coef = wprm[j];
                    len[i] += coef * qpos[m.jnt_qposadr()[k] as usize];
                    let dof = m.jnt_dofadr()[k];
                    if sparse {
                        rownnz[i] = combine_sparse(
                            &mut jmat[radr..],
                            &[coef],
                            1.0,
                            1.0,
                            rownnz[i] as usize,
                            1,
                            &mut colind[radr..],
                            &[dof],
                            buf,
                            buf_ind,
                        ) as i32;
                    } else {
                        jmat[radr + dof as usize] = coef;
                    }
                }
                continue;
            }

            // spatial tendon: walk the path segment by segment
            let mut divisor = 1.0;
            let mut j = 0usize;
            while j + 1 < num {
                let TendonArrays { len, wrapnum, wrap_obj, wrap_xpos, site_xpos, geom_xpos, geom_xmat, .. } =
                    tendon_arrays(m, d);
                let type0 = wtype[adr + j];
                let type1 = wtype[adr + j + 1];
                let id0 = wobj[adr + j] as usize;
                let mut id1 = wobj[adr + j + 1] as usize;

                if type0 == WRAP_PULLEY || type1 == WRAP_PULLEY {
                    if type0 == WRAP_PULLEY {
                        divisor = wprm[adr + j];
                        v3m(wrap_xpos, wrapcount).fill(0.0);
                        wrap_obj[wrapcount] = -2;
                        wrapnum[i] += 1;
                        wrapcount += 1;
                    }
                    j += 1;
                    continue;
                }

                // segment from a site, possibly around a geom, to the next site
                let mut wpnt = [0.0f64; 12];
                let mut wbody = [0usize; 4];
                wpnt[0..3].copy_from_slice(v3(site_xpos, id0));
                wbody[0] = site_body[id0] as usize;
                let mut wlen = -1.0;
                let mut wrapid = 0usize;
                let wrapped_geom = type1 == WRAP_SPHERE || type1 == WRAP_CYLINDER;
                if wrapped_geom {
                    let wraptype = type1;
                    wrapid = id1;
                    id1 = wobj[adr + j + 2] as usize;

                    let sideid = round(wprm[adr + j + 1]);
                    let side = if sideid < -1 || sideid >= m.nsite {
                        crate::mjerror!("mj_tendon", "invalid sideid {} in wrap_prm", sideid);
                        None
                    } else if sideid >= 0 {
                        Some(v3(site_xpos, sideid as usize))
                    } else {
                        None
                    };
                    let mut pts = [0.0; 6];
                    wlen = wrap(
                        &mut pts,
                        v3(site_xpos, id0),
                        v3(site_xpos, id1),
                        v3(geom_xpos, wrapid),
                        v9(geom_xmat, wrapid),
                        m.geom_size()[3 * wrapid],
                        wraptype,
                        side,
                    );
                    wpnt[3..9].copy_from_slice(&pts);
                }

                let nseg = if wlen < 0.0 {
                    wpnt[3..6].copy_from_slice(v3(site_xpos, id1));
                    wbody[1] = site_body[id1] as usize;
                    len[i] += dist3(v3(&wpnt, 0), v3(&wpnt, 1)) / divisor;
                    1
                } else {
                    wpnt[9..12].copy_from_slice(v3(site_xpos, id1));
                    let gb = m.geom_bodyid()[wrapid] as usize;
                    wbody[1] = gb;
                    wbody[2] = gb;
                    wbody[3] = site_body[id1] as usize;
                    len[i] += (dist3(v3(&wpnt, 0), v3(&wpnt, 1)) + wlen + dist3(v3(&wpnt, 2), v3(&wpnt, 3))) / divisor;
                    3
                };

                // Jacobian of each segment whose ends move differently
                for k in 0..nseg {
                    if wbody[k] == wbody[k + 1] {
                        continue;
                    }
                    let (p0, p1) = (*v3(&wpnt, k), *v3(&wpnt, k + 1));
                    let mut dif = sub3(&p1, &p0);
                    normalize3(&mut dif);

                    if sparse {
                        let nc = jac_dif_p(m, d, chain, wbody[k], wbody[k + 1], &p0, &p1, jac1, jac2, jacdif);
                        if nc == 0 {
                            continue;
                        }
                        mul_mat_t_vec(tmp, jacdif, &dif, 3, nc);
                        let TendonArrays { rownnz, colind, jmat, .. } = tendon_arrays(m, d);
                        rownnz[i] = combine_sparse(
                            &mut jmat[radr..],
                            tmp,
                            1.0,
                            1.0 / divisor,
                            rownnz[i] as usize,
                            nc,
                            &mut colind[radr..],
                            chain,
                            buf,
                            buf_ind,
                        ) as i32;
                    } else {
                        {
                            jac(m, d, Some(&mut *jac1), None, &p0, wbody[k]);
                            jac(m, d, Some(&mut *jac2), None, &p1, wbody[k + 1]);
                        }
                        sub(jacdif, jac2, jac1);
                        mul_mat_t_vec(tmp, jacdif, &dif, 3, nv);
                        add_to_scl(&mut tendon_arrays(m, d).jmat[radr..radr + nv], tmp, 1.0 / divisor);
                    }
                }

                // record the path points of this segment
                let TendonArrays { wrapnum, wrap_obj, wrap_xpos, site_xpos, .. } = tendon_arrays(m, d);
                let npnt = if wlen < 0.0 { 1 } else { 3 };
                wrap_xpos[3 * wrapcount..3 * (wrapcount + npnt)].copy_from_slice(&wpnt[..3 * npnt]);
                wrap_obj[wrapcount] = -1;
                if wlen >= 0.0 {
                    wrap_obj[wrapcount + 1] = wrapid as i32;
                    wrap_obj[wrapcount + 2] = wrapid as i32;
                }
                wrapnum[i] += npnt as i32;
                wrapcount += npnt;

                j += if wrapped_geom { 2 } else { 1 };

                // closing site of the tendon or of a pulley branch
                if j + 1 == num || wtype[adr + j + 1] == WRAP_PULLEY {
                    v3m(wrap_xpos, wrapcount).copy_from_slice(v3(site_xpos, id1));
                    wrap_obj[wrapcount] = -1;
                    wrapnum[i] += 1;
                    wrapcount += 1;
                }
            }
        }
    });
}

//------------------------------ transmissions -----------------------------------------------------

/// Moves the non-zeros of a dense row `row` to its front, writing their columns to `colind`;
/// returns their number.
fn compress_row(row: &mut [f64], colind: &mut [i32]) -> i32 {
    let mut nnz = 0;
    for j in 0..row.len() {
        if row[j] != 0.0 {
            row[nnz] = row[j];
            colind[nnz] = j as i32;
            nnz += 1;
        }
    }
    nnz as i32
}

/// Computes actuator lengths `actuator_length` and moment arms (`actuator_moment` in the sparse
/// row format `moment_rownnz`/`moment_rowadr`/`moment_colind`) for every transmission type.
/// Runs after kinematics, comPos and tendons (and contacts and constraints for body
/// transmissions).
pub fn transmission(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nu = m.nu as usize;
    if nu == 0 {
        return;
    }
    let sparse = is_sparse(m);

    with_frame(d, |d, f| {
        let jacp = f.nums(d, 3 * nv);
        let jac_a = f.nums(d, 3 * nv);
        let jac_s = f.nums(d, 3 * nv);

        // scratch allocated on first use
        let mut jacref: Option<&mut [f64]> = None;
        let mut moment_tmp: Option<&mut [f64]> = None;
        let mut body_scratch: Option<BodyScratch> = None;

        let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && d.nv_awake < m.nv;

        // model arrays used per actuator, fetched once
        let trnid = m.actuator_trnid();
        let gear_all = m.actuator_gear();
        let trntypes = m.actuator_trntype();
        let (jnt_type, jnt_qposadr, jnt_dofadr) = (m.jnt_type(), m.jnt_qposadr(), m.jnt_dofadr());

        const TRN_JOINT: i32 = mjtTrn_::mjTRN_JOINT as i32;
        const TRN_JOINTINPARENT: i32 = mjtTrn_::mjTRN_JOINTINPARENT as i32;
        const TRN_SLIDERCRANK: i32 = mjtTrn_::mjTRN_SLIDERCRANK as i32;
        const TRN_TENDON: i32 = mjtTrn_::mjTRN_TENDON as i32;
        const JNT_SLIDE: i32 = mjtJoint_::mjJNT_SLIDE as i32;
        const JNT_HINGE: i32 = mjtJoint_::mjJNT_HINGE as i32;
        const JNT_BALL: i32 = mjtJoint_::mjJNT_BALL as i32;

        for i in 0..nu {
            let adr = {
                let DataMut { moment_rownnz: rownnz, moment_rowadr: rowadr, .. } = d.arrays_mut(m);
                rowadr[i] = if i == 0 { 0 } else { rowadr[i - 1] + rownnz[i - 1] };
                rowadr[i] as usize
            };

            if sleep_filter && actuator_asleep(m, d, i) {
                d.arrays_mut(m).moment_rownnz[i] = 0;
                continue;
            }

            let id = trnid[2 * i] as usize;
            let gear: &[f64; 6] = v6(gear_all, i);
            let gear3 = [gear[0], gear[1], gear[2]];
            let trntype = trntypes[i];

            if trntype == TRN_JOINT || trntype == TRN_JOINTINPARENT {
                let DataMut {
                    qpos,
                    actuator_length: length,
                    actuator_moment: moment,
                    moment_rownnz: rownnz,
                    moment_colind: colind,
                    ..
                } = d.arrays_mut(m);
                let jtype = jnt_type[id];
                let qadr = jnt_qposadr[id] as usize;
                let dadr = jnt_dofadr[id];
                let inparent = trntype == TRN_JOINTINPARENT;
                if jtype == JNT_SLIDE || jtype == JNT_HINGE {
                    rownnz[i] = 1;
                    colind[adr] = dadr;
                    length[i] = qpos[qadr] * gear[0];
                    moment[adr] = gear[0];
                } else if jtype == JNT_BALL {
                    let mut quat = *v4(&qpos[qadr..], 0);
                    normalize4(&mut quat);
                    let axis = quat2vel(&quat, 1.0);
                    let gear_axis = if inparent { rot_vec_quat(&gear3, &neg_quat(&quat)) } else { gear3 };
                    length[i] = dot3(&axis, &gear_axis);
                    for k in 0..3 {
                        colind[adr + k] = dadr + k as i32;
                    }
                    rownnz[i] = 3;
                    moment[adr..adr + 3].copy_from_slice(&gear_axis);
                } else {
                    length[i] = 0.0;
                    let grot = [gear[3], gear[4], gear[5]];
                    let gear_axis = if inparent {
                        let mut quat = [qpos[qadr + 3], qpos[qadr + 4], qpos[qadr + 5], qpos[qadr + 6]];
                        normalize4(&mut quat);
                        rot_vec_quat(&grot, &neg_quat(&quat))
                    } else {
                        grot
                    };
                    for k in 0..6 {
                        colind[adr + k] = dadr + k as i32;
                    }
                    rownnz[i] = 6;
                    moment[adr..adr + 3].copy_from_slice(&gear3);
                    moment[adr + 3..adr + 6].copy_from_slice(&gear_axis);
                }
            } else if trntype == TRN_SLIDERCRANK {
                let slider = trnid[2 * i + 1] as usize;
                let rod = m.actuator_cranklength()[i];
                let a = d.arrays(m);
                let (site_xpos, site_xmat) = (a.site_xpos, a.site_xmat);
                let smat = v9(site_xmat, slider);
                let axis = [smat[2], smat[5], smat[8]];
                let pslider = *v3(site_xpos, slider);
                let vec = sub3(v3(site_xpos, id), &pslider);

                // length = a'v - sqrt((a'v)^2 + r^2 - v'v)
                let av = dot3(&vec, &axis);
                let det = av * av + rod * rod - dot3(&vec, &vec);
                let (dlda, dldv);
                let len_i;
                if det <= 0.0 {
                    len_i = av;
                    dlda = vec;
                    dldv = axis;
                } else {
                    let sdet = det.sqrt();
                    len_i = av - sdet;
                    let f = 1.0 - av / sdet;
                    let g = 1.0 / sdet;
                    dldv = [axis[0] * f + vec[0] * g, axis[1] * f + vec[1] * g, axis[2] * f + vec[2] * g];
                    dlda = [vec[0] * f, vec[1] * f, vec[2] * f];
                }

                {
                    jac_point_axis(
                        m,
                        d,
                        Some(&mut *jac_s),
                        Some(&mut *jac_a),
                        &pslider,
                        &axis,
                        m.site_bodyid()[slider] as usize,
                    );
                    jac_site(m, d, Some(&mut *jacp), None, id);
                }
                sub_from(jacp, jac_s);

                let DataMut {
                    actuator_length: length,
                    actuator_moment: moment,
                    moment_rownnz: rownnz,
                    moment_colind: colind,
                    ..
                } = d.arrays_mut(m);
                length[i] = len_i;
                let row = &mut moment[adr..adr + nv];
                let (ja, jp) = (&jac_a[..3 * nv], &jacp[..3 * nv]);
                for (j, r) in row.iter_mut().enumerate() {
                    let mut acc = 0.0;
                    for k in 0..3 {
                        acc += dlda[k] * ja[k * nv + j] + dldv[k] * jp[k * nv + j];
                    }
                    *r = acc;
                }
                length[i] *= gear[0];
                for r in row.iter_mut() {
                    *r *= gear[0];
                }
                rownnz[i] = compress_row(row, &mut colind[adr..adr + nv]);
            } else if trntype == TRN_TENDON {
                let DataMut {
                    ten_length,
                    ten_J: ten_j,
                    ten_J_rownnz,
                    ten_J_rowadr,
                    ten_J_colind,
                    actuator_length: length,
                    actuator_moment: moment,
                    moment_rownnz: rownnz,
                    moment_colind: colind,
                    ..
                } = d.arrays_mut(m);
                length[i] = ten_length[id] * gear[0];
                if sparse {
                    let tnnz = ten_J_rownnz[id] as usize;
                    let tadr = ten_J_rowadr[id] as usize;
                    rownnz[i] = tnnz as i32;
                    colind[adr..adr + tnnz].copy_from_slice(&ten_J_colind[tadr..tadr + tnnz]);
                    for (r, &t) in moment[adr..adr + tnnz].iter_mut().zip(&ten_j[tadr..tadr + tnnz]) {
                        *r = t * gear[0];
                    }
                } else {
                    let row = &mut moment[adr..adr + nv];
                    for (r, &t) in row.iter_mut().zip(&ten_j[id * nv..id * nv + nv]) {
                        *r = t * gear[0];
                    }
                    rownnz[i] = compress_row(row, &mut colind[adr..adr + nv]);
                }
            } else if trntype == mjtTrn_::mjTRN_SITE as i32 {
                let nnz = site_moment(m, d, f, i, id, adr, gear, jacp, jac_s, &mut jacref, &mut moment_tmp);
                let Some(nnz) = nnz else { continue };
                d.arrays_mut(m).moment_rownnz[i] = nnz;
            } else if trntype == mjtTrn_::mjTRN_BODY as i32 {
                let Some(nnz) = body_moment(m, d, f, i, id, adr, jacp, &mut body_scratch) else {
                    continue;
                };
                d.arrays_mut(m).moment_rownnz[i] = nnz;
            } else {
                crate::mjerror!("mj_transmission", "unknown transmission type {}", trntype);
            }
        }
    });
}

/// Row `adr..adr + nv` of `actuator_moment`.
#[inline(always)]
fn moment_row<'a>(m: &mjModel, d: &'a mut mjData, adr: usize, nv: usize) -> &'a mut [f64] {
    &mut d.arrays_mut(m).actuator_moment[adr..adr + nv]
}

/// Site transmission of actuator `i` (site `id`): length into `actuator_length[i]`, dense moment
/// into `actuator_moment[adr..adr + nv]`, compressed with `moment_colind`; None when scratch
/// ran out. Scratch for a reference site comes from frame `f` on first use.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn site_moment<'f>(
    m: &mjModel,
    d: &mut mjData,
    f: &Frame<'f>,
    i: usize,
    id: usize,
    adr: usize,
    gear: &[f64; 6],
    jacp: &mut [f64],
    jac_s: &mut [f64],
    jacref: &mut Option<&'f mut [f64]>,
    moment_tmp: &mut Option<&'f mut [f64]>,
) -> Option<i32> {
    let nv = m.nv as usize;
    let trnid = m.actuator_trnid();
    let gear3 = [gear[0], gear[1], gear[2]];
    jac_site(m, d, Some(&mut *jacp), Some(&mut *jac_s), id);
    d.arrays_mut(m).actuator_length[i] = 0.0;
    let mut length = 0.0;
    let refid = trnid[2 * i + 1];
    let smat = *v9(d.arrays(m).site_xmat, id);
    let grot = [gear[3], gear[4], gear[5]];

    if refid == -1 {
        // gear acts in the site frame
        let wt = mul_mat_vec3(&smat, &gear3);
        let wr = mul_mat_vec3(&smat, &grot);
        let row = moment_row(m, d, adr, nv);
        mul_mat_t_vec(row, jacp, &wt, 3, nv);
        mul_mat_t_vec(jacp, jac_s, &wr, 3, nv);
        add_to(row, &jacp[..nv]);
    } else {
        let refid = refid as usize;
        if jacref.is_none() {
            *jacref = Some(f.nums(d, 3 * nv));
        }
        let jref = jacref.as_deref_mut()?;

        // deepest dof shared by both sites' chains
        let weld = m.body_weldid();
        let b0 = weld[m.site_bodyid()[id] as usize] as usize;
        let b1 = weld[m.site_bodyid()[refid] as usize] as usize;
        let (dofadr, dofnum, dofparent) = (m.body_dofadr(), m.body_dofnum(), m.dof_parentid());
        let mut da0 = dofadr[b0] + dofnum[b0] - 1;
        let mut da1 = dofadr[b1] + dofnum[b1] - 1;
        let mut common = -1;
        if da0 >= 0 && da1 >= 0 {
            while da0 != da1 {
                if da0 < da1 {
                    da1 = dofparent[da1 as usize];
                } else {
                    da0 = dofparent[da0 as usize];
                }
                if da0 == -1 || da1 == -1 {
                    break;
                }
            }
            if da0 == da1 {
                common = da0;
            }
        }
        let clear_common = |jm: &mut [f64]| {
            let mut da = common;
            while da >= 0 {
                let c = da as usize;
                jm[c] = 0.0;
                jm[nv + c] = 0.0;
                jm[2 * nv + c] = 0.0;
                da = dofparent[c];
            }
        };
        let rmat = *v9(d.arrays(m).site_xmat, refid);

        moment_row(m, d, adr, nv).fill(0.0);

        if !is_zero(&gear3) {
            let site_xpos = d.arrays(m).site_xpos;
            let vec = mul_mat_t_vec3(&rmat, &sub3(v3(site_xpos, id), v3(site_xpos, refid)));
            length += dot3(&vec, &gear3);
            jac_site(m, d, Some(&mut *jref), None, refid);
            sub_from(jacp, jref);
            clear_common(jacp);
            let wt = mul_mat_vec3(&rmat, &gear3);
            mul_mat_t_vec(moment_row(m, d, adr, nv), jacp, &wt, 3, nv);
        }

        if !is_zero(&grot) {
            let xquat = d.arrays(m).xquat;
            let squat = m.site_quat();
            let quat = mul_quat(v4(squat, id), v4(xquat, m.site_bodyid()[id] as usize));
            let refquat = mul_quat(v4(squat, refid), v4(xquat, m.site_bodyid()[refid] as usize));
            let vec = sub_quat(&quat, &refquat);
            length += dot3(&vec, &grot);
            jac_site(m, d, None, Some(&mut *jref), refid);
            sub_from(jac_s, jref);
            clear_common(jac_s);
            let wr = mul_mat_vec3(&rmat, &grot);
            if moment_tmp.is_none() {
                *moment_tmp = Some(f.nums(d, nv));
            }
            let mt = moment_tmp.as_deref_mut()?;
            mul_mat_t_vec(mt, jac_s, &wr, 3, nv);
            add_to(moment_row(m, d, adr, nv), mt);
        }
    }
    let DataMut { actuator_length, actuator_moment, moment_colind, .. } = d.arrays_mut(m);
    actuator_length[i] = length;
    Some(compress_row(&mut actuator_moment[adr..adr + nv], &mut moment_colind[adr..adr + nv]))
}

/// Body transmission of actuator `i` (body `id`): moment into `actuator_moment[adr..adr + nv]`,
/// compressed with `moment_colind`; None when scratch ran out. The scratch comes from frame
/// `f` for the first body transmission.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn body_moment<'f>(
    m: &mjModel,
    d: &mut mjData,
    f: &Frame<'f>,
    i: usize,
    id: usize,
    adr: usize,
    jacp: &mut [f64],
    body_scratch: &mut Option<BodyScratch<'f>>,
) -> Option<i32> {
    let nv = m.nv as usize;
    let sparse = is_sparse(m);
    {
        let DataMut { actuator_length, actuator_moment, .. } = d.arrays_mut(m);
        actuator_length[i] = 0.0;
        actuator_moment[adr..adr + nv].fill(0.0);
    }

    if body_scratch.is_none() {
        let nefc = d.nefc as usize;
        *body_scratch = Some(BodyScratch {
            efc_force: f.nums(d, nefc),
            exclude: f.nums(d, nv),
            jacdif: f.nums(d, 3 * nv),
            jac1: f.nums(d, 3 * nv),
            jac2: f.nums(d, 3 * nv),
            chain: if sparse { f.ints(d, nv) } else { &mut [] },
        });
    }
    let bs = body_scratch.as_mut()?;
    bs.efc_force.fill(0.0);
    bs.exclude.fill(0.0);

    let elliptic = m.opt.cone == mjtCone_::mjCONE_ELLIPTIC as i32;
    let mut counter = 0;
    for con in d.arrays(m).contact.iter() {
        let (g1, g2) = (con.geom[0], con.geom[1]);
        if g1 < 0 || g2 < 0 {
            continue;
        }
        let b1 = m.geom_bodyid()[g1 as usize] as usize;
        let b2 = m.geom_bodyid()[g2 as usize] as usize;
        if b1 != id && b2 != id {
            continue;
        }
        if con.exclude == 0 {
            counter += 1;
            let ea = con.efc_address as usize;
            if con.dim == 1 || elliptic {
                bs.efc_force[ea] = 1.0;
            } else {
                let npyr = (con.dim - 1) as usize;
                for f in &mut bs.efc_force[ea..ea + 2 * npyr] {
                    *f = 0.5 / npyr as f64;
                }
            }
        } else if con.exclude == 1 {
            counter += 1;
            let nc = jac_dif_p(m, d, bs.chain, b1, b2, &con.pos, &con.pos, bs.jac1, bs.jac2, bs.jacdif);
            mul_mat_mat(jacp, &con.frame[..3], bs.jacdif, 1, 3, nc);
            if sparse {
                for k in 0..nc {
                    bs.exclude[bs.chain[k] as usize] += jacp[k];
                }
            } else {
                add_to(bs.exclude, &jacp[..nv]);
            }
        }
    }

    if counter > 0 {
        // J' efc_force into scratch (cleared as the row is: mj_mulJacTVec leaves it untouched
        // without constraint rows), then into the moment row
        let jt = &mut jacp[..nv];
        jt.fill(0.0);
        mul_jac_t_vec(m, d, jt, bs.efc_force);
        let row = moment_row(m, d, adr, nv);
        row.copy_from_slice(jt);
        add_to(row, bs.exclude);
        scl_inplace(row, -1.0 / counter as f64);
    }
    let DataMut { actuator_moment, moment_colind, .. } = d.arrays_mut(m);
    Some(compress_row(&mut actuator_moment[adr..adr + nv], &mut moment_colind[adr..adr + nv]))
}

/// Scratch of body transmissions, taken from the stack for the first one.
struct BodyScratch<'a> {
    efc_force: &'a mut [f64],
    exclude: &'a mut [f64],
    jacdif: &'a mut [f64],
    jac1: &'a mut [f64],
    jac2: &'a mut [f64],
    chain: &'a mut [i32],
}
