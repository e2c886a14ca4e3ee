//! Actuator forces and activation dynamics (`mj_fwdActuation`). Computation chapter,
//! "Actuation model".

use crate::abi::mjtDisableBit_::{mjDSBL_ACTUATION, mjDSBL_CLAMPCTRL, mjDSBL_GRAVITY};
use crate::abi::mjtEnableBit_::mjENBL_SLEEP;
use crate::abi::*;
use crate::engine::support::actuator_disabled;
use crate::engine::{disabled, enabled, free, mark, stack_nums, timer_end, timer_start, warning};
use crate::math::blas::norm3;
use crate::math::misc::{clip, is_bad, max, muscle_bias, muscle_dynamics, muscle_gain};
use crate::math::sparse::mul_mat_t_vec_sparse;
use crate::runtime::callbacks;

/// Number of dofs of each joint type (free, ball, slide, hinge).
const JNT_DOFNUM: [usize; 4] = [6, 3, 1, 1];

const ASLEEP: i32 = mjtSleepState_::mjS_ASLEEP as i32;

/// Whether actuator `i` is asleep.
#[inline]
unsafe fn actuator_asleep(m: &mjModel, d: &mjData, i: usize) -> bool {
    crate::engine::sleep::actuator_state(m, d, i) == ASLEEP
}

/// Clamps `vec[index[i]]` (or `vec[i]`) to `range[2i..2i+2]` where `limited[i]` is set.
fn clamp_vec(vec: &mut [f64], range: &[f64], limited: &[u8], n: usize, index: Option<&[i32]>) {
    for i in 0..n {
        if limited[i] != 0 {
            let j = match index {
                Some(ind) => ind[i] as usize,
                None => i,
            };
            vec[j] = clip(vec[j], range[2 * i], range[2 * i + 1]);
        }
    }
}

/// Gain of actuator `i` for the current length and velocity.
unsafe fn actuator_gain(m: &mjModel, d: &mjData, i: usize) -> f64 {
    let prm = &m.actuator_gainprm()[mjNGAIN * i..mjNGAIN * i + mjNGAIN];
    let length = d.actuator_length(m)[i];
    let velocity = d.actuator_velocity(m)[i];
    match m.actuator_gaintype()[i] {
        t if t == mjtGain_::mjGAIN_FIXED as i32 => prm[0],
        t if t == mjtGain_::mjGAIN_AFFINE as i32 => prm[0] + prm[1] * length + prm[2] * velocity,
        t if t == mjtGain_::mjGAIN_MUSCLE as i32 => muscle_gain(
            length,
            velocity,
            m.actuator_lengthrange()[2 * i..2 * i + 2].try_into().unwrap(),
            m.actuator_acc0()[i],
            prm[..9].try_into().unwrap(),
        ),
        _ => match callbacks::mjcb_act_gain {
            Some(cb) => cb(m, d, i as i32),
            None => 1.0,
        },
    }
}

/// Bias of actuator `i` for the current length and velocity.
unsafe fn actuator_bias(m: &mjModel, d: &mjData, i: usize) -> f64 {
    let prm = &m.actuator_biasprm()[mjNBIAS * i..mjNBIAS * i + mjNBIAS];
    let length = d.actuator_length(m)[i];
    let velocity = d.actuator_velocity(m)[i];
    match m.actuator_biastype()[i] {
        t if t == mjtBias_::mjBIAS_NONE as i32 => 0.0,
        t if t == mjtBias_::mjBIAS_AFFINE as i32 => prm[0] + prm[1] * length + prm[2] * velocity,
        t if t == mjtBias_::mjBIAS_MUSCLE as i32 => muscle_bias(
            length,
            m.actuator_lengthrange()[2 * i..2 * i + 2].try_into().unwrap(),
            m.actuator_acc0()[i],
            prm[..9].try_into().unwrap(),
        ),
        _ => match callbacks::mjcb_act_bias {
            Some(cb) => cb(m, d, i as i32),
            None => 0.0,
        },
    }
}

/// Computes `act_dot`, `actuator_force` and `qfrc_actuator` from ctrl, act and the
/// transmission (lengths, velocities, moments).
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn fwd_actuation(m: &mjModel, d: &mut mjData) {
    let tm = timer_start();
    let nv = m.nv as usize;
    let nu = m.nu as usize;
    let ntendon = m.ntendon as usize;
    let force = d.actuator_force(m);
    force.fill(0.0);

    let sleep_filter = enabled(m, mjENBL_SLEEP);

    if nu == 0 || disabled(m, mjDSBL_ACTUATION) {
        d.qfrc_actuator(m).fill(0.0);
        return;
    }

    mark(d);

    // clamped copy of the controls; all zero when any is bad
    let ctrl = stack_nums(d, nu);
    ctrl.copy_from_slice(&d.ctrl(m)[..nu]);
    if !disabled(m, mjDSBL_CLAMPCTRL) {
        clamp_vec(ctrl, m.actuator_ctrlrange(), m.actuator_ctrllimited(), nu, None);
    }
    if let Some(bad) = ctrl.iter().position(|&c| is_bad(c)) {
        warning(d, mjtWarning_::mjWARN_BADCTRL, bad as i32);
        ctrl.fill(0.0);
    }

    // activation dynamics
    let act = d.act(m);
    let act_dot = d.act_dot(m);
    let actadr = m.actuator_actadr();
    let actnum = m.actuator_actnum();
    for i in 0..nu {
        if sleep_filter && actuator_asleep(m, d, i) {
            continue;
        }
        if actadr[i] < 0 {
            continue;
        }
        let first = actadr[i] as usize;
        let num = actnum[i].max(0) as usize;
        if num == 0 {
            continue;
        }
        act_dot[first..first + num].fill(0.0);
        let last = first + num - 1;
        let prm = &m.actuator_dynprm()[mjNDYN * i..mjNDYN * i + mjNDYN];

        match m.actuator_dyntype()[i] {
            t if t == mjtDyn_::mjDYN_INTEGRATOR as i32 => act_dot[last] = ctrl[i],
            t if t == mjtDyn_::mjDYN_FILTER as i32 || t == mjtDyn_::mjDYN_FILTEREXACT as i32 => {
                let tau = max(mjMINVAL, prm[0]);
                act_dot[last] = (ctrl[i] - act[last]) / tau;
            }
            t if t == mjtDyn_::mjDYN_MUSCLE as i32 => {
                act_dot[last] = muscle_dynamics(ctrl[i], act[last], prm[..3].try_into().unwrap());
            }
            _ => {
                if let Some(cb) = callbacks::mjcb_act_dyn {
                    if num == 1 {
                        act_dot[last] = cb(m, d, i as i32);
                    } else {
                        // higher-order dynamics write act_dot themselves
                        cb(m, d, i as i32);
                    }
                }
            }
        }
    }

    // force = gain * (ctrl or act) + bias
    let trntype = m.actuator_trntype();
    let trnid = m.actuator_trnid();
    let mut tendon_frclimited = false;
    for i in 0..nu {
        if sleep_filter && actuator_asleep(m, d, i) {
            continue;
        }
        if actuator_disabled(m, i) || m.actuator_plugin()[i] >= 0 {
            continue;
        }
        if ntendon > 0 && !tendon_frclimited && trntype[i] == mjtTrn_::mjTRN_TENDON as i32 {
            tendon_frclimited = m.tendon_actfrclimited()[trnid[2 * i] as usize] != 0;
        }

        let gain = actuator_gain(m, d, i);
        force[i] = if actadr[i] == -1 {
            gain * ctrl[i]
        } else {
            let adr = (actadr[i] + actnum[i] - 1) as usize;
            let a = if m.actuator_actearly()[i] != 0 {
                next_activation(m, d, i, adr, act_dot[adr])
            } else {
                act[adr]
            };
            gain * a
        };
        force[i] += actuator_bias(m, d, i);
    }

    // scale forces of tendon actuators whose total exceeds the tendon's actuator force range
    if tendon_frclimited {
        let limited = m.tendon_actfrclimited();
        let range = m.tendon_actfrcrange();
        let total = stack_nums(d, ntendon);
        total.fill(0.0);
        for i in 0..nu {
            if trntype[i] == mjtTrn_::mjTRN_TENDON as i32 {
                let t = trnid[2 * i] as usize;
                if limited[t] != 0 {
                    total[t] += force[i];
                }
            }
        }
        for i in 0..nu {
            if trntype[i] != mjtTrn_::mjTRN_TENDON as i32 {
                continue;
            }
            let t = trnid[2 * i] as usize;
            let tf = total[t];
            if limited[t] != 0 && tf != 0.0 {
                if tf < range[2 * t] {
                    force[i] *= range[2 * t] / tf;
                } else if tf > range[2 * t + 1] {
                    force[i] *= range[2 * t + 1] / tf;
                }
            }
        }
    }

    clamp_vec(force, m.actuator_forcerange(), m.actuator_forcelimited(), nu, None);

    // joint forces: moment' * force
    let qfrc_actuator = d.qfrc_actuator(m);
    mul_mat_t_vec_sparse(
        qfrc_actuator,
        d.actuator_moment(m),
        force,
        nu,
        nv,
        d.moment_rownnz(m),
        d.moment_rowadr(m),
        d.moment_colind(m),
    );

    // gravity compensation routed through actuators
    if m.ngravcomp != 0 && !disabled(m, mjDSBL_GRAVITY) && norm3(&m.opt.gravity) != 0.0 {
        let qfrc_gravcomp = d.qfrc_gravcomp(m);
        for j in 0..m.njnt as usize {
            if m.jnt_actgravcomp()[j] == 0 {
                continue;
            }
            let adr = m.jnt_dofadr()[j] as usize;
            let n = JNT_DOFNUM[m.jnt_type()[j] as usize & 3];
            for k in adr..adr + n {
                qfrc_actuator[k] += qfrc_gravcomp[k];
            }
        }
    }

    // joint-level actuator force limits (first dof of each joint)
    clamp_vec(
        qfrc_actuator,
        m.jnt_actfrcrange(),
        m.jnt_actfrclimited(),
        m.njnt as usize,
        Some(m.jnt_dofadr()),
    );

    free(d);
    timer_end(d, mjtTimer_::mjTIMER_ACTUATION, tm);
}

/// Activation `actadr` of actuator `actuator` after one time step with rate `act_dot`
/// (exact for `filterexact`, Euler otherwise), clamped to actrange when limited.
///
/// # Safety
/// `d` must be data made for `m`.
pub unsafe fn next_activation(m: &mjModel, d: &mjData, actuator: usize, actadr: usize, act_dot: f64) -> f64 {
    let mut act = d.act(m)[actadr];
    let h = m.opt.timestep;
    if m.actuator_dyntype()[actuator] == mjtDyn_::mjDYN_FILTEREXACT as i32 {
        let tau = max(mjMINVAL, m.actuator_dynprm()[actuator * mjNDYN]);
        act += act_dot * tau * (1.0 - (-h / tau).exp());
    } else {
        act += act_dot * h;
    }
    if m.actuator_actlimited()[actuator] != 0 {
        let range = &m.actuator_actrange()[2 * actuator..2 * actuator + 2];
        act = clip(act, range[0], range[1]);
    }
    act
}
