//! Constraint parameters: impedance, reference acceleration coefficients, `efc_R`/`efc_D`
//! (computation chapter, "Solver parameters").

use super::*;

//------------------------------------ constraint parameters ---------------------------------------

/// Approximate inverse inertia of each row from the model's invweight0 (`mj_diagApprox`).
pub(super) fn diag_approx(m: &mjModel, d: &mut mjData) {
    let nefc = d.nefc as usize;
    let DataMut { efc_type, efc_id, efc_diagApprox: da, contact, flexvert_xpos, .. } = d.arrays_mut(m);
    let (typ, ids, contacts, flexvert_xpos) = (&*efc_type, &*efc_id, &*contact, &*flexvert_xpos);
    let (bw0, dw0, tw0) = (m.body_invweight0(), m.dof_invweight0(), m.tendon_invweight0());
    let (eq_type, eq_objtype, obj1, obj2) = (m.eq_type(), m.eq_objtype(), m.eq_obj1id(), m.eq_obj2id());
    let (site_bodyid, jnt_dofadr) = (m.site_bodyid(), m.jnt_dofadr());

    let mut weldcnt = 0;
    let mut i = 0;
    while i < nefc {
        let id = ids[i] as usize;
        match typ[i] {
            EQUALITY => match eq_type[id] {
                t @ (EQ_CONNECT | EQ_WELD) => {
                    let (mut b1, mut b2) = (obj1[id] as usize, obj2[id] as usize);
                    if eq_objtype[id] == OBJ_SITE {
                        b1 = site_bodyid[b1] as usize;
                        b2 = site_bodyid[b2] as usize;
                    }
                    if t == EQ_CONNECT {
                        da[i] = bw0[2 * b1] + bw0[2 * b2];
                    } else {
                        let r = (weldcnt > 2) as usize;
                        da[i] = bw0[2 * b1 + r] + bw0[2 * b2 + r];
                        weldcnt = (weldcnt + 1) % 6;
                    }
                }
                t @ (EQ_JOINT | EQ_TENDON) => {
                    let w = |o: i32| if t == EQ_JOINT { dw0[jnt_dofadr[o as usize] as usize] } else { tw0[o as usize] };
                    da[i] = w(obj1[id]);
                    if obj2[id] >= 0 {
                        da[i] += w(obj2[id]);
                    }
                }
                EQ_FLEX => {
                    let f = obj1[id] as usize;
                    let start = m.flex_edgeadr()[f] as usize;
                    let end = start + m.flex_edgenum()[f] as usize;
                    let (rigid, ew0) = (m.flexedge_rigid(), m.flexedge_invweight0());
                    for e in start..end {
                        if rigid[e] == 0 {
                            if i < nefc {
                                da[i] = ew0[e];
                            }
                            i += 1;
                        }
                    }
                    i = i.saturating_sub(1);
                }
                _ => {
                    crate::mjerror!("mj_diagApprox", "unknown constraint type type {}", typ[i]);
                }
            },
            FRICTION_DOF => da[i] = dw0[id],
            LIMIT_JOINT => da[i] = dw0[jnt_dofadr[id] as usize],
            FRICTION_TENDON | LIMIT_TENDON => da[i] = tw0[id],
            t @ (FRICTIONLESS | PYRAMIDAL | ELLIPTIC) => {
                let con = &contacts[id];
                let dim = con.dim as usize;
                let (mut tran, mut rot) = (0.0, 0.0);
                for side in 0..2 {
                    if con.geom[side] >= 0 {
                        let b = m.geom_bodyid()[con.geom[side] as usize] as usize;
                        tran += bw0[2 * b] * 1.0;
                        rot += bw0[2 * b + 1] * 1.0;
                    } else {
                        let mut bid = [0i32; MAXBODY];
                        let mut bw = [0.0f64; MAXBODY];
                        let nb = flex_side_bodies(m, flexvert_xpos, con, side, 1.0, &mut bid, &mut bw);
                        for k in 0..nb {
                            let b = bid[k] as usize;
                            tran += bw0[2 * b] * bw[k];
                            rot += bw0[2 * b + 1] * bw[k];
                        }
                    }
                }
                if t == FRICTIONLESS {
                    da[i] = tran;
                } else if t == ELLIPTIC {
                    for j in 0..dim {
                        da[i + j] = if j < 3 { tran } else { rot };
                    }
                    i += dim - 1;
                } else {
                    for j in 0..dim - 1 {
                        let fri = con.friction[j];
                        let v = tran + fri * fri * if j < 2 { tran } else { rot };
                        da[i + 2 * j] = v;
                        da[i + 2 * j + 1] = v;
                    }
                    i += 2 * dim - 3;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// solref, solreffriction and solimp of a row of type `typ` for object `id`, checked and
/// clamped (`getsolparam`).
fn sol_param(m: &mjModel, typ: i32, id: usize, contacts: &[mjContact]) -> ([f64; 2], [f64; 2], [f64; 5]) {
    let mut solref = [0.0; 2];
    let mut solreffriction = [0.0; 2];
    let mut solimp = [0.0; 5];
    let mut take = |r: &[f64], p: &[f64]| {
        solref.copy_from_slice(&r[mjNREF * id..mjNREF * id + mjNREF]);
        solimp.copy_from_slice(&p[mjNIMP * id..mjNIMP * id + mjNIMP]);
    };
    match typ {
        EQUALITY => take(m.eq_solref(), m.eq_solimp()),
        LIMIT_JOINT => take(m.jnt_solref(), m.jnt_solimp()),
        FRICTION_DOF => take(m.dof_solref(), m.dof_solimp()),
        LIMIT_TENDON => take(m.tendon_solref_lim(), m.tendon_solimp_lim()),
        FRICTION_TENDON => take(m.tendon_solref_fri(), m.tendon_solimp_fri()),
        FRICTIONLESS | PYRAMIDAL | ELLIPTIC => {
            let con = &contacts[id];
            solref = con.solref;
            solreffriction = con.solreffriction;
            solimp = con.solimp;
        }
        _ => {}
    }

    let refsafe = !disabled(m, mjDSBL_REFSAFE);
    if (solref[0] > 0.0) ^ (solref[1] > 0.0) {
        crate::mjwarning!("mixed solref format, replacing with default");
        solref = [0.02, 1.0];
    }
    if refsafe && solref[0] > 0.0 {
        solref[0] = mx(solref[0], 2.0 * m.opt.timestep);
    }
    if (solreffriction[0] > 0.0) ^ (solreffriction[1] > 0.0) {
        crate::mjwarning!("solreffriction values should have the same sign, replacing with default");
        solreffriction = [0.0, 0.0];
    }
    if refsafe && solreffriction[0] > 0.0 {
        solreffriction[0] = mx(solreffriction[0], 2.0 * m.opt.timestep);
    }

    solimp[0] = mn(mjMAXIMP, mx(mjMINIMP, solimp[0]));
    solimp[1] = mn(mjMAXIMP, mx(mjMINIMP, solimp[1]));
    solimp[2] = mx(0.0, solimp[2]);
    solimp[3] = mn(mjMAXIMP, mx(mjMINIMP, solimp[3]));
    solimp[4] = mx(1.0, solimp[4]);
    (solref, solreffriction, solimp)
}

/// Violation and number of rows sharing one impedance, for the constraint of type `typ` and
/// object `id` starting at row `i` (`getposdim`).
fn pos_dim(m: &mjModel, pos: &[f64], i: usize, typ: i32, id: usize, contacts: &[mjContact]) -> (f64, usize) {
    match typ {
        ELLIPTIC => (pos[i], contacts[id].dim as usize),
        PYRAMIDAL => (pos[i], 2 * (contacts[id].dim as usize - 1)),
        EQUALITY => match m.eq_type()[id] {
            EQ_WELD => (blas::norm(&pos[i..i + 6]), 6),
            EQ_CONNECT => (blas::norm(&pos[i..i + 3]), 3),
            _ => (pos[i], 1),
        },
        _ => (pos[i], 1),
    }
}

/// `a^b` with shortcuts for b = 1 and 2.
#[inline]
fn power(a: f64, b: f64) -> f64 {
    if b == 1.0 {
        a
    } else if b == 2.0 {
        a * a
    } else {
        a.powf(b)
    }
}

/// Impedance and its derivative with respect to the violation (`getimpedance`).
pub(super) fn impedance(solimp: &[f64; 5], pos: f64, margin: f64) -> (f64, f64) {
    if solimp[0] == solimp[1] || solimp[2] <= mjMINVAL {
        return (0.5 * (solimp[0] + solimp[1]), 0.0);
    }

    let mut x = (pos - margin) / solimp[2];
    let mut sgn = 1.0;
    if x < 0.0 {
        x = -x;
        sgn = -1.0;
    }
    if x >= 1.0 || x <= 0.0 {
        return (if x >= 1.0 { solimp[1] } else { solimp[0] }, 0.0);
    }

    let (y, yp);
    if solimp[4] == 1.0 {
        y = x;
        yp = 1.0;
    } else if x <= solimp[3] {
        let a = 1.0 / power(solimp[3], solimp[4] - 1.0);
        y = a * power(x, solimp[4]);
        yp = solimp[4] * a * power(x, solimp[4] - 1.0);
    } else {
        let b = 1.0 / power(1.0 - solimp[3], solimp[4] - 1.0);
        y = 1.0 - b * power(1.0 - x, solimp[4]);
        yp = solimp[4] * b * power(1.0 - x, solimp[4] - 1.0);
    }

    (solimp[0] + y * (solimp[1] - solimp[0]), yp * sgn * (solimp[1] - solimp[0]) / solimp[2])
}

/// efc_R, efc_D, efc_KBIP, contact mu, and diagApprox made consistent with R
/// (`mj_makeImpedance`).
pub(super) fn make_impedance(m: &mjModel, d: &mut mjData) {
    let nefc = d.nefc as usize;
    let (ne, nf) = (d.ne, d.nf);
    let DataMut {
        efc_R: r,
        efc_KBIP: kbip,
        efc_diagApprox: da,
        efc_margin,
        efc_type,
        efc_id,
        efc_pos,
        contact: contacts,
        efc_D,
        ..
    } = d.arrays_mut(m);
    let (margin, typ, ids, efc_pos) = (&*efc_margin, &*efc_type, &*efc_id, &*efc_pos);

    let mut i = 0;
    while i < nefc {
        let id = ids[i] as usize;
        let (solref, solreffriction, solimp) = sol_param(m, typ[i], id, contacts);
        let (pos, dim) = pos_dim(m, efc_pos, i, typ[i], id, contacts);
        let (imp, imp_p) = impedance(&solimp, pos, margin[i]);

        for j in 0..dim {
            let k = i + j;
            r[k] = mx(mjMINVAL, (1.0 - imp) * da[k] / imp);
            let tp = typ[k];
            let elliptic_friction = tp == ELLIPTIC && j > 0;
            let rf = if elliptic_friction && (solreffriction[0] != 0.0 || solreffriction[1] != 0.0) {
                &solreffriction
            } else {
                &solref
            };

            kbip[4 * k] = if tp == FRICTION_DOF || tp == FRICTION_TENDON || elliptic_friction {
                0.0
            } else if rf[0] > 0.0 {
                1.0 / mx(mjMINVAL, solimp[1] * solimp[1] * rf[0] * rf[0] * rf[1] * rf[1])
            } else {
                -rf[0] / mx(mjMINVAL, solimp[1] * solimp[1])
            };
            kbip[4 * k + 1] =
                if rf[1] > 0.0 { 2.0 / mx(mjMINVAL, solimp[1] * rf[0]) } else { -rf[1] / mx(mjMINVAL, solimp[1]) };
            kbip[4 * k + 2] = imp;
            kbip[4 * k + 3] = imp_p;
        }
        i += dim.max(1);
    }

    // friction directions of contacts: R from the normal one, regularised cone mu
    let mut i = (ne + nf) as usize;
    while i < nefc {
        let tp = typ[i];
        if tp == PYRAMIDAL || tp == ELLIPTIC {
            let con = &mut contacts[ids[i] as usize];
            let dim = con.dim as usize;
            let fr = con.friction;
            r[i + 1] = r[i] / mx(mjMINVAL, m.opt.impratio);
            con.mu = fr[0] * (r[i + 1] / r[i]).sqrt();
            if tp == ELLIPTIC {
                for j in 1..dim - 1 {
                    r[i + j + 1] = r[i + 1] * fr[0] * fr[0] / (fr[j] * fr[j]);
                }
                i += dim - 1;
            } else {
                let rpy = 2.0 * con.mu * con.mu * r[i];
                for v in &mut r[i..i + 2 * (dim - 1)] {
                    *v = rpy;
                }
                i += 2 * (dim - 1) - 1;
            }
        }
        i += 1;
    }

    for (dv, &rv) in efc_D.iter_mut().zip(r.iter()) {
        *dv = 1.0 / rv;
    }
    for k in 0..nefc {
        da[k] = r[k] * kbip[4 * k + 2] / (1.0 - kbip[4 * k + 2]);
    }
}
