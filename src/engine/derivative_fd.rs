//! Finite-difference derivatives (computation chapter, "Derivatives"): Jacobians of one
//! `mj_step` (transition matrices) and of inverse dynamics, found by nudging one input at a
//! time and re-running only the stages that input affects; also the finite-difference checks
//! of the analytical velocity derivatives in `qDeriv`.

use crate::abi::*;
use crate::data::stack::with_frame;
use crate::data::state::{get_state, set_state, state_size};
use crate::engine::{actuation, disabled, forward, inverse, support};
use crate::math::blas;

use mjtStage_::*;

/// `dx = (x2 - x1) / h`, as the product with `1/h`.
fn diff(dx: &mut [f64], x1: &[f64], x2: &[f64], h: f64) {
    let inv_h = 1.0 / h;
    for ((d, &a), &b) in dx.iter_mut().zip(x1).zip(x2) {
        *d = inv_h * (b - a);
    }
}

/// Difference of two physics states `(s2 - s1) / h` in tangent space: positions through
/// `mj_differentiatePos` when quaternions make `nq != nv`.
fn state_diff(m: &mjModel, ds: &mut [f64], s1: &[f64], s2: &[f64], h: f64) {
    let (nq, nv, na) = (m.nq as usize, m.nv as usize, m.na as usize);
    if nq == nv {
        diff(&mut ds[..nq + nv + na], &s1[..nq + nv + na], &s2[..nq + nv + na], h);
    } else {
        support::differentiate_pos(m, &mut ds[..nv], h, &s1[..nq], &s2[..nq]);
        diff(&mut ds[nv..2 * nv + na], &s1[nq..nq + nv + na], &s2[nq..nq + nv + na], h);
    }
}

/// Forward, backward or centred difference, whichever nudges were possible; zeros for none.
fn clamped_diff(dx: &mut [f64], x: &[f64], plus: Option<&[f64]>, minus: Option<&[f64]>, h: f64) {
    match (plus, minus) {
        (Some(p), None) => diff(dx, x, p, h),
        (None, Some(mi)) => diff(dx, mi, x, h),
        (Some(p), Some(mi)) => diff(dx, p, mi, 2.0 * h),
        (None, None) => dx.fill(0.0),
    }
}

/// [`clamped_diff`] for physics states.
fn clamped_state_diff(m: &mjModel, ds: &mut [f64], s: &[f64], plus: Option<&[f64]>, minus: Option<&[f64]>, h: f64) {
    match (plus, minus) {
        (Some(p), None) => state_diff(m, ds, s, p, h),
        (None, Some(mi)) => state_diff(m, ds, mi, s, h),
        (Some(p), Some(mi)) => state_diff(m, ds, mi, p, 2.0 * h),
        (None, None) => ds[..2 * m.nv as usize + m.na as usize].fill(0.0),
    }
}

/// Both numbers lie in `range`.
fn in_range(x1: f64, x2: f64, range: &[f64]) -> bool {
    x1 >= range[0] && x1 <= range[1] && x2 >= range[0] && x2 <= range[1]
}

/// Physics state (qpos, qvel, act) into `state` and, when given, the sensor values.
fn read_outputs(m: &mjModel, d: &mjData, state: &mut [f64], sensor: Option<&mut [f64]>) {
    get_state(m, d, state, mjtState_::mjSTATE_PHYSICS as u32);
    if let Some(s) = sensor {
        s.copy_from_slice(&d.arrays(m).sensordata[..s.len()]);
    }
}

/// Jacobians of (next state, sensors) = mj_step(state, control), each row the derivative with
/// respect to one input (transposed against control-theory notation); every output is
/// optional (`mjd_stepFD`). Rows: `dydq`, `dydv` nv x (2nv+na), `dyda` na x (2nv+na), `dydu`
/// nu x (2nv+na); `dsdq`.. likewise with nsensordata columns. `d` is data made for `m`; each
/// output slice must hold its rows.
#[allow(clippy::too_many_arguments)]
pub fn step_fd(
    m: &mjModel,
    d: &mut mjData,
    eps: f64,
    centered: bool,
    dydq: Option<&mut [f64]>,
    dydv: Option<&mut [f64]>,
    dyda: Option<&mut [f64]>,
    dydu: Option<&mut [f64]>,
    dsdq: Option<&mut [f64]>,
    dsdv: Option<&mut [f64]>,
    dsda: Option<&mut [f64]>,
    dsdu: Option<&mut [f64]>,
) {
    let (nq, nv, na, nu, ns) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nsensordata as usize);
    let ndx = 2 * nv + na;
    with_frame(d, |d, f| {
        // the state restored after each nudge
        let mut restore = mjtState_::mjSTATE_FULLPHYSICS as u32 | mjtState_::mjSTATE_CTRL as u32;
        if !disabled(m, mjtDisableBit_::mjDSBL_WARMSTART) {
            restore |= mjtState_::mjSTATE_WARMSTART as u32;
        }
        let fullstate = f.nums(d, state_size(m, restore));
        let state = f.nums(d, nq + nv + na);
        let next = f.nums(d, nq + nv + na);
        let next_plus = f.nums(d, nq + nv + na);
        let next_minus = f.nums(d, nq + nv + na);

        let skipsensor = dsdq.is_none() && dsdv.is_none() && dsda.is_none() && dsdu.is_none();
        let (mut sensor, mut sensor_plus, mut sensor_minus) = if skipsensor {
            (None, None, None)
        } else {
            (Some(f.nums(d, ns)), Some(f.nums(d, ns)), Some(f.nums(d, ns)))
        };
        let ctrl = f.nums(d, nu);

        get_state(m, d, fullstate, restore);
        ctrl.copy_from_slice(&d.arrays(m).ctrl[..nu]);
        read_outputs(m, d, state, None);

        // the unperturbed step
        forward::step_skip(m, d, mjSTAGE_NONE as i32, skipsensor);
        read_outputs(m, d, next, sensor.as_deref_mut());
        set_state(m, d, fullstate, restore);

        // a nudged step from the restored state, its outputs into `y`, `s`
        let nudged = |d: &mut mjData, skip: mjtStage_, y: &mut [f64], s: Option<&mut [f64]>| {
            forward::step_skip(m, d, skip as i32, skipsensor);
            read_outputs(m, d, y, s);
            set_state(m, d, fullstate, restore);
        };

        // controls (velocity stage reused), nudged only within their control range
        if dydu.is_some() || dsdu.is_some() {
            let (limited, range) = (m.actuator_ctrllimited(), m.actuator_ctrlrange());
            let (mut dydu, mut dsdu) = (dydu, dsdu);
            for i in 0..nu {
                let lim = limited[i] != 0;
                let r = &range[2 * i..2 * i + 2];
                let fwd = !lim || in_range(ctrl[i], ctrl[i] + eps, r);
                if fwd {
                    d.arrays_mut(m).ctrl[i] += eps;
                    nudged(d, mjSTAGE_VEL, next_plus, sensor_plus.as_deref_mut());
                }
                let back = (centered || !fwd) && (!lim || in_range(ctrl[i] - eps, ctrl[i], r));
                if back {
                    d.arrays_mut(m).ctrl[i] -= eps;
                    nudged(d, mjSTAGE_VEL, next_minus, sensor_minus.as_deref_mut());
                }
                if let Some(out) = dydu.as_deref_mut() {
                    let (p, mi) = (fwd.then_some(&*next_plus), back.then_some(&*next_minus));
                    clamped_state_diff(m, &mut out[i * ndx..(i + 1) * ndx], next, p, mi, eps);
                }
                if let (Some(out), Some(s)) = (dsdu.as_deref_mut(), sensor.as_deref()) {
                    let p = if fwd { sensor_plus.as_deref() } else { None };
                    let mi = if back { sensor_minus.as_deref() } else { None };
                    clamped_diff(&mut out[i * ns..(i + 1) * ns], s, p, mi, eps);
                }
            }
        }

        // one input block: `count` inputs, each nudged by `nudge(d, i, sign)`, stages up to `skip`
        // reused, rows written into `dy` and `ds`
        let mut block = |d: &mut mjData,
                         count: usize,
                         skip: mjtStage_,
                         dy: Option<&mut [f64]>,
                         ds: Option<&mut [f64]>,
                         nudge: &mut dyn FnMut(&mut mjData, usize, f64)| {
            let (mut dy, mut ds) = (dy, ds);
            for i in 0..count {
                nudge(d, i, eps);
                nudged(d, skip, next_plus, sensor_plus.as_deref_mut());
                if centered {
                    nudge(d, i, -eps);
                    nudged(d, skip, next_minus, sensor_minus.as_deref_mut());
                }
                if let Some(out) = dy.as_deref_mut() {
                    let row = &mut out[i * ndx..(i + 1) * ndx];
                    if centered {
                        state_diff(m, row, next_minus, next_plus, 2.0 * eps);
                    } else {
                        state_diff(m, row, next, next_plus, eps);
                    }
                }
                if let Some(out) = ds.as_deref_mut() {
                    let row = &mut out[i * ns..(i + 1) * ns];
                    let plus = sensor_plus.as_deref().unwrap_or(&[]);
                    if centered {
                        diff(row, sensor_minus.as_deref().unwrap_or(&[]), plus, 2.0 * eps);
                    } else {
                        diff(row, sensor.as_deref().unwrap_or(&[]), plus, eps);
                    }
                }
            }
        };

        // activations and velocities (velocity, resp. position stage reused)
        if dyda.is_some() || dsda.is_some() {
            block(d, na, mjSTAGE_VEL, dyda, dsda, &mut |d, i, e| d.arrays_mut(m).act[i] += e);
        }
        if dydv.is_some() || dsdv.is_some() {
            block(d, nv, mjSTAGE_POS, dydv, dsdv, &mut |d, i, e| d.arrays_mut(m).qvel[i] += e);
        }

        // positions, nudged along each dof in tangent space (nothing reused)
        if dydq.is_some() || dsdq.is_some() {
            let dpos = f.nums(d, nv);
            block(d, nv, mjSTAGE_NONE, dydq, dsdq, &mut |d, i, e| {
                dpos.fill(0.0);
                dpos[i] = 1.0;
                support::integrate_pos(m, d.arrays_mut(m).qpos, dpos, e);
            });
        }
    })
}

/// The position, velocity and activation row blocks of a transposed Jacobian (`block` numbers
/// each for the first two).
fn split_rows(t: Option<&mut [f64]>, block: usize) -> [Option<&mut [f64]>; 3] {
    match t {
        None => [None, None, None],
        Some(t) => {
            let (q, rest) = t.split_at_mut(block);
            let (v, act) = rest.split_at_mut(block);
            [Some(q), Some(v), Some(act)]
        }
    }
}

/// Transition matrices of one step in control-theory layout (`mjd_transitionFD`):
/// `A` (2nv+na)², `B` (2nv+na) x nu, `C` nsensordata x (2nv+na), `D` nsensordata x nu; each
/// optional. As [`step_fd`].
pub fn transition_fd(
    m: &mjModel,
    d: &mut mjData,
    eps: f64,
    centered: bool,
    a: Option<&mut [f64]>,
    b: Option<&mut [f64]>,
    c: Option<&mut [f64]>,
    dd: Option<&mut [f64]>,
) {
    if m.opt.integrator == mjtIntegrator_::mjINT_RK4 as i32 {
        crate::mjerror!("mjd_transitionFD", "RK4 integrator is not supported");
    }
    let (nv, na, nu, ns) = (m.nv as usize, m.na as usize, m.nu as usize, m.nsensordata as usize);
    let ndx = 2 * nv + na;
    with_frame(d, |d, f| {
        // the transposes, as step_fd writes them
        let mut at = a.is_some().then(|| f.nums(d, ndx * ndx));
        let mut bt = b.is_some().then(|| f.nums(d, nu * ndx));
        let mut ct = c.is_some().then(|| f.nums(d, ndx * ns));
        let mut dt = dd.is_some().then(|| f.nums(d, nu * ns));
        let [dydq, dydv, dyda] = split_rows(at.as_deref_mut(), ndx * nv);
        let [dsdq, dsdv, dsda] = split_rows(ct.as_deref_mut(), ns * nv);
        step_fd(m, d, eps, centered, dydq, dydv, dyda, bt.as_deref_mut(), dsdq, dsdv, dsda, dt.as_deref_mut());

        if let (Some(a), Some(t)) = (a, at.as_deref()) {
            blas::transpose(&mut a[..ndx * ndx], t, ndx, ndx);
        }
        if let (Some(b), Some(t)) = (b, bt.as_deref()) {
            blas::transpose(&mut b[..ndx * nu], t, nu, ndx);
        }
        if let (Some(c), Some(t)) = (c, ct.as_deref()) {
            blas::transpose(&mut c[..ns * ndx], t, ndx, ns);
        }
        if let (Some(dd), Some(t)) = (dd, dt.as_deref()) {
            blas::transpose(&mut dd[..ns * nu], t, nu, ns);
        }
    })
}

/// `qfrc_inverse` at the current state (stages up to `stage` reused), minus `qfrc_actuator`
/// with `flg_actuation`, into `force`.
fn inverse_force(
    m: &mjModel,
    d: &mut mjData,
    stage: mjtStage_,
    skipsensor: bool,
    flg_actuation: bool,
    force: &mut [f64],
) {
    inverse::inverse_skip(m, d, stage as i32, skipsensor);
    let nv = m.nv as usize;
    force.copy_from_slice(&d.arrays(m).qfrc_inverse[..nv]);
    if flg_actuation {
        actuation::fwd_actuation(m, d);
        for (f, &a) in force.iter_mut().zip(d.arrays(m).qfrc_actuator.iter()) {
            *f -= a;
        }
    }
}

/// Jacobians of (force, sensors) = mj_inverse(state, acceleration), rows per input, each
/// optional (`mjd_inverseFD`): `dfdq`, `dfdv`, `dfda` nv x nv, `dsdq`.. nv x nsensordata, and
/// `dmdq` nv x nM (the inertia in its `qM` layout). As [`step_fd`].
#[allow(clippy::too_many_arguments)]
pub fn inverse_fd(
    m: &mjModel,
    d: &mut mjData,
    eps: f64,
    flg_actuation: bool,
    dfdq: Option<&mut [f64]>,
    dfdv: Option<&mut [f64]>,
    dfda: Option<&mut [f64]>,
    dsdq: Option<&mut [f64]>,
    dsdv: Option<&mut [f64]>,
    dsda: Option<&mut [f64]>,
    dmdq: Option<&mut [f64]>,
) {
    let (nq, nv, nm, ns) = (m.nq as usize, m.nv as usize, m.nM as usize, m.nsensordata as usize);
    if m.opt.integrator == mjtIntegrator_::mjINT_RK4 as i32 {
        crate::mjerror!("mjd_inverseFD", "RK4 integrator is not supported");
    }
    if m.opt.noslip_iterations != 0 {
        crate::mjerror!("mjd_inverseFD", "noslip solver is not supported");
    }
    let skipsensor = dsdq.is_none() && dsdv.is_none() && dsda.is_none();

    with_frame(d, |d, f| {
        let pos = f.nums(d, nq);
        let force = f.nums(d, nv);
        let force_plus = f.nums(d, nv);
        let sensor = (!skipsensor).then(|| f.nums(d, ns));
        let mass = dmdq.is_some().then(|| f.nums(d, nm));

        pos.copy_from_slice(&d.arrays(m).qpos[..nq]);
        inverse_force(m, d, mjSTAGE_NONE, skipsensor, flg_actuation, force);
        let sensor: Option<&[f64]> = sensor.map(|s| {
            s.copy_from_slice(&d.arrays(m).sensordata[..ns]);
            &*s
        });
        let mass: Option<&[f64]> = mass.map(|x| {
            x.copy_from_slice(&d.arrays(m).qM[..nm]);
            &*x
        });

        // rows of the force and sensor Jacobians after a nudged inverse
        let rows = |d: &mut mjData, i: usize, df: Option<&mut [f64]>, ds: Option<&mut [f64]>, force_plus: &[f64]| {
            if let Some(out) = df {
                diff(&mut out[i * nv..(i + 1) * nv], force, force_plus, eps);
            }
            if let (Some(out), Some(s)) = (ds, sensor) {
                diff(&mut out[i * ns..(i + 1) * ns], s, &d.arrays(m).sensordata[..ns], eps);
            }
        };

        // accelerations (velocity stage reused)
        if dfda.is_some() || dsda.is_some() {
            let (mut dfda, mut dsda) = (dfda, dsda);
            for i in 0..nv {
                let tmp = d.arrays(m).qacc[i];
                d.arrays_mut(m).qacc[i] += eps;
                inverse_force(m, d, mjSTAGE_VEL, skipsensor, flg_actuation, force_plus);
                d.arrays_mut(m).qacc[i] = tmp;
                rows(d, i, dfda.as_deref_mut(), dsda.as_deref_mut(), force_plus);
            }
        }

        // velocities (position stage reused)
        if dfdv.is_some() || dsdv.is_some() {
            let (mut dfdv, mut dsdv) = (dfdv, dsdv);
            for i in 0..nv {
                let tmp = d.arrays(m).qvel[i];
                d.arrays_mut(m).qvel[i] += eps;
                inverse_force(m, d, mjSTAGE_POS, skipsensor, flg_actuation, force_plus);
                d.arrays_mut(m).qvel[i] = tmp;
                rows(d, i, dfdv.as_deref_mut(), dsdv.as_deref_mut(), force_plus);
            }
        }

        // positions, nudged along each dof in tangent space (nothing reused)
        if dfdq.is_some() || dsdq.is_some() || dmdq.is_some() {
            let (mut dfdq, mut dsdq, mut dmdq) = (dfdq, dsdq, dmdq);
            let dpos = f.nums(d, nv);
            for i in 0..nv {
                dpos.fill(0.0);
                dpos[i] = 1.0;
                support::integrate_pos(m, d.arrays_mut(m).qpos, dpos, eps);
                inverse_force(m, d, mjSTAGE_NONE, skipsensor, flg_actuation, force_plus);
                d.arrays_mut(m).qpos[..nq].copy_from_slice(pos);
                rows(d, i, dfdq.as_deref_mut(), dsdq.as_deref_mut(), force_plus);
                if let (Some(out), Some(mass)) = (dmdq.as_deref_mut(), mass) {
                    diff(&mut out[i * nm..(i + 1) * nm], mass, &d.arrays(m).qM[..nm], eps);
                }
            }
        }
    })
}

/// Copies column `i` of a dense difference `fd` into the sparse `qDeriv` rows that hold it,
/// advancing the per-row counters.
fn scatter_column(m: &mjModel, d: &mut mjData, fd: &[f64], cnt: &mut [i32], i: usize) {
    let (rownnz, rowadr, colind) = (m.D_rownnz(), m.D_rowadr(), m.D_colind());
    let qderiv = d.arrays_mut(m).qDeriv;
    for j in 0..m.nv as usize {
        let adr = (rowadr[j] + cnt[j]) as usize;
        if cnt[j] < rownnz[j] && colind[adr] as usize == i {
            qderiv[adr] = fd[j];
            cnt[j] += 1;
        }
    }
}

/// Forward-difference `d qfrc_passive / d qvel` into `qDeriv` (`mjd_passive_velFD`); the
/// velocity stage must have run (`d` data made for `m`).
pub fn passive_vel_fd(m: &mjModel, d: &mut mjData, eps: f64) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let passive = f.nums(d, nv);
        let fd = f.nums(d, nv);
        let cnt = f.ints(d, nv);
        cnt.fill(0);
        passive.copy_from_slice(&d.arrays(m).qfrc_passive[..nv]);
        for i in 0..nv {
            let saved = d.arrays(m).qvel[i];
            d.arrays_mut(m).qvel[i] = saved + eps;
            forward::fwd_velocity(m, d);
            d.arrays_mut(m).qvel[i] = saved;
            blas::sub(fd, &d.arrays(m).qfrc_passive[..nv], passive);
            blas::scl_inplace(fd, 1.0 / eps);
            scatter_column(m, d, fd, cnt, i);
        }
        forward::fwd_velocity(m, d);
    })
}

/// Centred-difference version of the analytical `mjd_smooth_vel` into `qDeriv`
/// (`mjd_smooth_velFD`); `d` is data made for `m`, with the position stage computed.
pub fn smooth_vel_fd(m: &mjModel, d: &mut mjData, eps: f64) {
    let nv = m.nv as usize;
    with_frame(d, |d, f| {
        let plus = f.nums(d, nv);
        let minus = f.nums(d, nv);
        let fd = f.nums(d, nv);
        let cnt = f.ints(d, nv);
        cnt.fill(0);
        // qfrc_actuator + qfrc_passive - qfrc_bias after the velocity and actuation stages
        let smooth = |d: &mut mjData, out: &mut [f64]| {
            forward::fwd_velocity(m, d);
            actuation::fwd_actuation(m, d);
            let dr = d.arrays(m);
            blas::add(out, &dr.qfrc_actuator[..nv], &dr.qfrc_passive[..nv]);
            blas::sub_from(out, &dr.qfrc_bias[..nv]);
        };
        for i in 0..nv {
            let saved = d.arrays(m).qvel[i];
            d.arrays_mut(m).qvel[i] = saved + eps;
            smooth(d, plus);
            d.arrays_mut(m).qvel[i] = saved - eps;
            smooth(d, minus);
            d.arrays_mut(m).qvel[i] = saved;
            blas::sub(fd, plus, minus);
            blas::scl_inplace(fd, 0.5 / eps);
            scatter_column(m, d, fd, cnt, i);
        }
        if cnt.iter().zip(m.D_rownnz()).any(|(&c, &n)| c != n) {
            crate::mjerror!("mjd_smooth_velFD", "error in constructing FD sparse derivative");
        }
        forward::fwd_velocity(m, d);
        actuation::fwd_actuation(m, d);
    })
}
