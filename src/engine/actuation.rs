//! Actuator forces and activation dynamics (`mj_fwdActuation`). Computation chapter,
//! "Actuation model".

use crate::abi::fields::DataMut;
use crate::abi::mjtDisableBit_::{mjDSBL_ACTUATION, mjDSBL_CLAMPCTRL, mjDSBL_GRAVITY};
use crate::abi::mjtEnableBit_::mjENBL_SLEEP;
use crate::abi::mjtPluginCapabilityBit_::mjPLUGIN_ACTUATOR;
use crate::abi::*;
use crate::data::plugin;
use crate::data::stack::with_frame;
use crate::engine::{disabled, enabled, timer_end, timer_start, warning};
use crate::math::blas::norm3;
use crate::math::misc::{clip, is_bad, max, muscle_bias, muscle_dynamics, muscle_gain};
use crate::math::sparse::mul_mat_t_vec_sparse;
use crate::runtime::callbacks;

/// Number of dofs of each joint type (free, ball, slide, hinge).
const JNT_DOFNUM: [usize; 4] = [6, 3, 1, 1];

const ASLEEP: i32 = mjtSleepState_::mjS_ASLEEP as i32;

/// Whether actuator `i` is asleep.
#[inline]
fn actuator_asleep(m: &mjModel, d: &mjData, i: usize) -> bool {
    crate::engine::sleep::actuator_state(m, d, i) == ASLEEP
}

/// Clamps `vec[index[i]]` (or `vec[i]`) to `range[2i..2i+2]` where `limited[i]` is set.
#[inline]
fn clamp_vec(vec: &mut [f64], range: &[f64], limited: &[u8], n: usize, index: Option<&[i32]>) {
    let lim = &limited[..n.min(limited.len())];
    let pairs = range.chunks_exact(2);
    match index {
        None => {
            for ((v, &l), r) in vec.iter_mut().zip(lim).zip(pairs) {
                if l != 0 {
                    *v = clip(*v, r[0], r[1]);
                }
            }
        }
        Some(ind) => {
            for ((&j, &l), r) in ind.iter().zip(lim).zip(pairs) {
                if l != 0 {
                    let j = j as usize;
                    vec[j] = clip(vec[j], r[0], r[1]);
                }
            }
        }
    }
}

/// Pair `i` of a flat array of pairs.
#[inline(always)]
fn v2(s: &[f64], i: usize) -> &[f64; 2] {
    let p: &[f64] = &s[2 * i..2 * i + 2];
    p.try_into().unwrap_or(&[0.0; 2])
}

/// First nine muscle parameters.
#[inline(always)]
fn first9(prm: &[f64; 10]) -> &[f64; 9] {
    let p: &[f64] = &prm[..9];
    p.try_into().unwrap_or(&[0.0; 9])
}

/// Gain of actuator `i` with gain type `gtype`, parameters `prm`, length `len`, velocity `vel`.
#[inline(always)]
fn actuator_gain(m: &mjModel, d: &mjData, i: usize, gtype: i32, prm: &[f64; mjNGAIN], len: f64, vel: f64) -> f64 {
    if gtype == mjtGain_::mjGAIN_FIXED as i32 {
        prm[0]
    } else if gtype == mjtGain_::mjGAIN_AFFINE as i32 {
        prm[0] + prm[1] * len + prm[2] * vel
    } else {
        actuator_gain_other(m, d, i, gtype, prm, len, vel)
    }
}

/// Muscle and user gains (see [`actuator_gain`]).
#[inline]
fn actuator_gain_other(m: &mjModel, d: &mjData, i: usize, gtype: i32, prm: &[f64; mjNGAIN], len: f64, vel: f64) -> f64 {
    if gtype == mjtGain_::mjGAIN_MUSCLE as i32 {
        let range = v2(m.actuator_lengthrange(), i);
        muscle_gain(len, vel, range, m.actuator_acc0()[i], first9(prm))
    } else {
        // SAFETY: the callback global is set by the C API user before simulating (upstream's
        // contract for mjcb_*), read by value; the callback gets the model and data it was
        // written for, with no Rust borrow of the data's arrays alive
        match unsafe { callbacks::mjcb_act_gain } {
            // SAFETY: the user's callback, called as upstream calls it (see above)
            Some(cb) => unsafe { cb(m, d, i as i32) },
            None => 1.0,
        }
    }
}

/// Bias of actuator `i` with bias type `btype`, parameters `prm`, length `len`, velocity `vel`.
#[inline(always)]
fn actuator_bias(m: &mjModel, d: &mjData, i: usize, btype: i32, prm: &[f64; mjNBIAS], len: f64, vel: f64) -> f64 {
    if btype == mjtBias_::mjBIAS_NONE as i32 {
        0.0
    } else if btype == mjtBias_::mjBIAS_AFFINE as i32 {
        prm[0] + prm[1] * len + prm[2] * vel
    } else {
        actuator_bias_other(m, d, i, btype, prm, len)
    }
}

/// Muscle and user biases (see [`actuator_bias`]).
#[inline]
fn actuator_bias_other(m: &mjModel, d: &mjData, i: usize, btype: i32, prm: &[f64; mjNBIAS], len: f64) -> f64 {
    if btype == mjtBias_::mjBIAS_MUSCLE as i32 {
        let range = v2(m.actuator_lengthrange(), i);
        muscle_bias(len, range, m.actuator_acc0()[i], first9(prm))
    } else {
        // SAFETY: as for mjcb_act_gain in `actuator_gain_other`
        match unsafe { callbacks::mjcb_act_bias } {
            // SAFETY: the user's callback, called as upstream calls it (see above)
            Some(cb) => unsafe { cb(m, d, i as i32) },
            None => 0.0,
        }
    }
}

/// Computes `act_dot`, `actuator_force` and `qfrc_actuator` from ctrl, act and the
/// transmission (lengths, velocities, moments).
pub fn fwd_actuation(m: &mjModel, d: &mut mjData) {
    let tm = timer_start();
    let nv = m.nv as usize;
    let nu = m.nu as usize;
    let ntendon = m.ntendon as usize;
    d.arrays_mut(m).actuator_force.fill(0.0);

    let sleep_filter = enabled(m, mjENBL_SLEEP);

    if nu == 0 || disabled(m, mjDSBL_ACTUATION) {
        d.arrays_mut(m).qfrc_actuator.fill(0.0);
        return;
    }

    with_frame(d, |d, f| {
        // clamped copy of the controls; all zero when any is bad
        let ctrl = f.nums(d, nu);
        ctrl.copy_from_slice(&d.arrays(m).ctrl[..nu]);
        if !disabled(m, mjDSBL_CLAMPCTRL) {
            clamp_vec(ctrl, m.actuator_ctrlrange(), m.actuator_ctrllimited(), nu, None);
        }
        if let Some(bad) = ctrl.iter().position(|&c| is_bad(c)) {
            warning(d, mjtWarning_::mjWARN_BADCTRL, bad as i32);
            ctrl.fill(0.0);
        }

        // activation dynamics
        let actadr = m.actuator_actadr();
        let actnum = m.actuator_actnum();
        let (dyntype, dynprm) = (m.actuator_dyntype(), m.actuator_dynprm());
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
            let DataMut { act, act_dot, .. } = d.arrays_mut(m);
            act_dot[first..first + num].fill(0.0);
            let last = first + num - 1;
            let prm = &dynprm[mjNDYN * i..mjNDYN * i + mjNDYN];

            match dyntype[i] {
                t if t == mjtDyn_::mjDYN_INTEGRATOR as i32 => act_dot[last] = ctrl[i],
                t if t == mjtDyn_::mjDYN_FILTER as i32 || t == mjtDyn_::mjDYN_FILTEREXACT as i32 => {
                    let tau = max(mjMINVAL, prm[0]);
                    act_dot[last] = (ctrl[i] - act[last]) / tau;
                }
                t if t == mjtDyn_::mjDYN_MUSCLE as i32 => {
                    act_dot[last] = muscle_dynamics(ctrl[i], act[last], prm[..3].try_into().unwrap());
                }
                _ => {
                    // SAFETY: the callback global is set by the C API user before simulating
                    // (upstream's contract for mjcb_*), read by value; the callback gets the
                    // model and data it was written for with no Rust borrow of the data's arrays
                    // alive (a higher-order one writes act_dot through its pointer)
                    if let Some(cb) = unsafe { callbacks::mjcb_act_dyn } {
                        if num == 1 {
                            // SAFETY: the user's callback, called as upstream calls it (above)
                            let v = unsafe { cb(m, d, i as i32) };
                            d.arrays_mut(m).act_dot[last] = v;
                        } else {
                            // higher-order dynamics write act_dot themselves
                            // SAFETY: as above
                            unsafe { cb(m, d, i as i32) };
                        }
                    }
                }
            }
        }

        // actuator plugins add their activation derivatives
        let dp: *mut mjData = d;
        // SAFETY: the model's plugin table is valid for it (each_plugin's contract); the plugin
        // gets the data through its pointer with no Rust borrow of it alive during the calls
        unsafe {
            plugin::each_plugin(m, "mj_fwdActuation", |i, _, p| {
                if plugin::has_capability(p, mjPLUGIN_ACTUATOR) {
                    if let Some(act_dot) = p.actuator_act_dot {
                        act_dot(m, dp, i);
                    }
                }
            });
        }

        // force = gain * (ctrl or act) + bias
        let trntype = m.actuator_trntype();
        let trnid = m.actuator_trnid();
        let (group, plugin, actearly) = (m.actuator_group(), m.actuator_plugin(), m.actuator_actearly());
        let (gaintype, gainprm) = (m.actuator_gaintype(), m.actuator_gainprm());
        let (biastype, biasprm) = (m.actuator_biastype(), m.actuator_biasprm());
        let disableactuator = m.opt.disableactuator;
        let mut tendon_frclimited = false;
        for i in 0..nu {
            if sleep_filter && actuator_asleep(m, d, i) {
                continue;
            }
            let g = group[i];
            if ((0..=30).contains(&g) && disableactuator & (1 << g) != 0) || plugin[i] >= 0 {
                continue;
            }
            if ntendon > 0 && !tendon_frclimited && trntype[i] == mjtTrn_::mjTRN_TENDON as i32 {
                tendon_frclimited = m.tendon_actfrclimited()[trnid[2 * i] as usize] != 0;
            }

            let (len, vel) = {
                let a = d.arrays(m);
                (a.actuator_length[i], a.actuator_velocity[i])
            };
            let gprm: &[f64; mjNGAIN] = (&gainprm[mjNGAIN * i..mjNGAIN * i + mjNGAIN]).try_into().unwrap();
            let gain = actuator_gain(m, d, i, gaintype[i], gprm, len, vel);
            let fi = if actadr[i] == -1 {
                gain * ctrl[i]
            } else {
                let adr = (actadr[i] + actnum[i] - 1) as usize;
                let a = if actearly[i] != 0 {
                    next_activation(m, d, i, adr, d.arrays(m).act_dot[adr])
                } else {
                    d.arrays(m).act[adr]
                };
                gain * a
            };
            d.arrays_mut(m).actuator_force[i] = fi;
            let bprm: &[f64; mjNBIAS] = (&biasprm[mjNBIAS * i..mjNBIAS * i + mjNBIAS]).try_into().unwrap();
            let bias = actuator_bias(m, d, i, biastype[i], bprm, len, vel);
            d.arrays_mut(m).actuator_force[i] += bias;
        }

        // actuator plugins write the forces of their actuators
        let dp: *mut mjData = d;
        // SAFETY: as for the activation plugins above
        unsafe {
            plugin::each_plugin(m, "mj_fwdActuation", |i, slot, p| {
                if plugin::has_capability(p, mjPLUGIN_ACTUATOR) {
                    plugin::compute(m, &mut *dp, i, slot, p, mjPLUGIN_ACTUATOR, "mj_fwdActuation", false);
                }
            });
        }
        let total = if tendon_frclimited { f.nums(d, ntendon) } else { &mut [] };
        let DataMut {
            actuator_force: force,
            qfrc_actuator,
            actuator_moment,
            moment_rownnz,
            moment_rowadr,
            moment_colind,
            qfrc_gravcomp,
            ..
        } = d.arrays_mut(m);

        // scale forces of tendon actuators whose total exceeds the tendon's actuator force range
        if tendon_frclimited {
            let limited = m.tendon_actfrclimited();
            let range = m.tendon_actfrcrange();
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
        mul_mat_t_vec_sparse(
            qfrc_actuator,
            actuator_moment,
            force,
            nu,
            nv,
            moment_rownnz,
            moment_rowadr,
            moment_colind,
        );

        // gravity compensation routed through actuators
        if m.ngravcomp != 0 && !disabled(m, mjDSBL_GRAVITY) && norm3(&m.opt.gravity) != 0.0 {
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
        clamp_vec(qfrc_actuator, m.jnt_actfrcrange(), m.jnt_actfrclimited(), m.njnt as usize, Some(m.jnt_dofadr()));
    });
    timer_end(d, mjtTimer_::mjTIMER_ACTUATION, tm);
}

/// Activation `actadr` of actuator `actuator` after one time step with rate `act_dot`
/// (exact for `filterexact`, Euler otherwise), clamped to actrange when limited.
pub fn next_activation(m: &mjModel, d: &mjData, actuator: usize, actadr: usize, act_dot: f64) -> f64 {
    let mut act = d.arrays(m).act[actadr];
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
