//! Constraint states and forces from `jar = J*qacc - aref` (`mj_constraintUpdate`) and the
//! inverse-dynamics constraint forces.

use super::*;

//------------------------------------ constraint state --------------------------------------------

/// Constraint forces in inverse dynamics (`mj_invConstraint`): states and forces from
/// `jar = J*qacc - aref`, then `qfrc_constraint`.
pub fn inv_constraint(m: &mjModel, d: &mut mjData) {
    let t = crate::engine::timer_start();
    let nefc = d.nefc as usize;
    if nefc == 0 {
        blas::zero(d.arrays_mut(m).qfrc_constraint);
        crate::engine::timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
        return;
    }
    with_frame(d, |d, f| {
        let jar = f.nums(d, nefc);
        let a = d.arrays(m);
        EfcJac::of(m, d).mul_vec(jar, a.qacc);
        blas::sub_from(jar, a.efc_aref);
        constraint_update(m, d, jar, None, false);
    });
    crate::engine::timer_end(d, mjtTimer_::mjTIMER_CONSTRAINT, t);
}

/// Constraint forces, states and optionally the cost from `jar = J*qacc - aref`, for the
/// constraints of the whole model, then `qfrc_constraint = J' * efc_force`
/// (`mj_constraintUpdate`). `jar` has `nefc` entries.
pub fn constraint_update(m: &mjModel, d: &mut mjData, jar: &[f64], cost: Option<&mut f64>, flg_cone_hessian: bool) {
    constraint_update_from(m, d, Jar::Slice(jar), cost, flg_cone_hessian)
}

/// Where [`constraint_update_from`] reads `jar`: a slice outside the data, or the data's own
/// `efc_b` (`J*qacc_smooth - aref`).
pub(crate) enum Jar<'a> {
    Slice(&'a [f64]),
    EfcB,
}

/// [`constraint_update`] with `jar` possibly one of the data's arrays.
pub(crate) fn constraint_update_from(
    m: &mjModel,
    d: &mut mjData,
    jar: Jar,
    cost: Option<&mut f64>,
    flg_cone_hessian: bool,
) {
    let (ne, nf, nefc) = (d.ne as usize, d.nf as usize, d.nefc as usize);
    let DataMut {
        efc_D,
        efc_R,
        efc_frictionloss,
        efc_type,
        efc_id,
        contact,
        efc_state,
        efc_force,
        qfrc_constraint,
        efc_J,
        efc_J_rownnz,
        efc_J_rowadr,
        efc_J_colind,
        efc_J_rowsuper,
        efc_b,
        ..
    } = d.arrays_mut(m);
    let jar = match jar {
        Jar::Slice(s) => s,
        Jar::EfcB => &*efc_b,
    };
    constraint_update_impl(
        ne,
        nf,
        nefc,
        efc_D,
        efc_R,
        efc_frictionloss,
        jar,
        efc_type,
        efc_id,
        contact,
        efc_state,
        efc_force,
        cost,
        flg_cone_hessian,
    );
    EfcJac::new(m, nefc, efc_J, efc_J_rownnz, efc_J_rowadr, efc_J_colind, efc_J_rowsuper)
        .mul_t_vec(qfrc_constraint, efc_force);
}

/// The constraint update of [`constraint_update`] on explicit arrays, so the solvers can run
/// it on one island's rows (`mj_constraintUpdate_impl`): forces and states from `jar`, the
/// cost when asked, and cone Hessians of elliptic contacts in `contact[..].H` when
/// `flg_cone_hessian`. The slices hold `nefc` rows; `ids` of contact rows index `contact`.
#[allow(clippy::too_many_arguments)]
pub fn constraint_update_impl(
    ne: usize,
    nf: usize,
    nefc: usize,
    efc_d: &[f64],
    efc_r: &[f64],
    floss: &[f64],
    jar: &[f64],
    types: &[i32],
    ids: &[i32],
    contact: &mut [mjContact],
    state: &mut [i32],
    force: &mut [f64],
    cost: Option<&mut f64>,
    flg_cone_hessian: bool,
) {
    if nefc == 0 {
        if let Some(c) = cost {
            *c = 0.0;
        }
        return;
    }
    let want_cost = cost.is_some();
    let mut s = 0.0;
    let (dd, rr, jar) = (&efc_d[..nefc], &efc_r[..nefc], &jar[..nefc]);
    let (state, force) = (&mut state[..nefc], &mut force[..nefc]);

    for i in 0..nefc {
        force[i] = -dd[i] * jar[i];
    }

    const QUADRATIC: i32 = mjCNSTRSTATE_QUADRATIC as i32;
    const SATISFIED: i32 = mjCNSTRSTATE_SATISFIED as i32;

    let mut i = 0;
    while i < nefc {
        if i < ne {
            if want_cost {
                s += 0.5 * dd[i] * jar[i] * jar[i];
            }
            state[i] = QUADRATIC;
            i += 1;
            continue;
        }

        if i < ne + nf {
            let (r, f, j) = (rr[i], floss[i], jar[i]);
            if j <= -r * f {
                if want_cost {
                    s += -0.5 * r * f * f - f * j;
                }
                force[i] = f;
                state[i] = mjCNSTRSTATE_LINEARNEG as i32;
            } else if j >= r * f {
                if want_cost {
                    s += -0.5 * r * f * f + f * j;
                }
                force[i] = -f;
                state[i] = mjCNSTRSTATE_LINEARPOS as i32;
            } else {
                if want_cost {
                    s += 0.5 * dd[i] * j * j;
                }
                state[i] = QUADRATIC;
            }
            i += 1;
            continue;
        }

        if types[i] != ELLIPTIC {
            if jar[i] >= 0.0 {
                force[i] = 0.0;
                state[i] = SATISFIED;
            } else {
                if want_cost {
                    s += 0.5 * dd[i] * jar[i] * jar[i];
                }
                state[i] = QUADRATIC;
            }
            i += 1;
            continue;
        }

        // elliptic cone
        let con = &mut contact[ids[i] as usize];
        let (mu, fr) = (con.mu, con.friction);
        let dim = con.dim as usize;

        let mut u = [0.0; 6];
        u[0] = jar[i] * mu;
        for j in 1..dim {
            u[j] = jar[i + j] * fr[j - 1];
        }
        let n = u[0];
        let t = blas::norm(&u[1..dim]);

        if n >= mu * t || (t <= 0.0 && n >= 0.0) {
            force[i..i + dim].fill(0.0);
            state[i] = SATISFIED;
        } else if mu * n + t <= 0.0 || (t <= 0.0 && n < 0.0) {
            if want_cost {
                for j in 0..dim {
                    s += 0.5 * dd[i + j] * jar[i + j] * jar[i + j];
                }
            }
            state[i] = QUADRATIC;
        } else {
            let dm = dd[i] / (mu * mu * (1.0 + mu * mu));
            let nmt = n - mu * t;
            if want_cost {
                s += 0.5 * dm * nmt * nmt;
            }
            force[i] = -dm * nmt * mu;
            for j in 1..dim {
                force[i + j] = -force[i] / t * u[j] * fr[j - 1];
            }
            state[i] = mjCNSTRSTATE_CONE as i32;

            if flg_cone_hessian {
                let h = &mut con.H;
                let mut scl = -mu / t;
                h[0] = 1.0;
                for j in 1..dim {
                    h[j] = scl * u[j];
                }
                scl = mu * n / (t * t * t);
                for k in 1..dim {
                    for j in k..dim {
                        h[k * dim + j] = scl * u[j] * u[k];
                    }
                }
                scl = mu * mu - mu * n / t;
                for j in 1..dim {
                    h[j * (dim + 1)] += scl;
                }
                for k in 0..dim {
                    let sk = dm * if k == 0 { mu } else { fr[k - 1] };
                    for j in k..dim {
                        h[k * dim + j] *= sk * if j == 0 { mu } else { fr[j - 1] };
                    }
                }
                for k in 0..dim {
                    for j in k + 1..dim {
                        h[j * dim + k] = h[k * dim + j];
                    }
                }
            }
        }

        for j in 1..dim {
            state[i + j] = state[i];
        }
        i += dim;
    }

    if let Some(c) = cost {
        *c = s;
    }
}
