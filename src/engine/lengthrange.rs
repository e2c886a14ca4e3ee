//! Actuator length ranges (`mj_setLengthRange`): copied from joint or tendon limits when asked,
//! otherwise found by simulating the model pushed by the actuator in each direction
//! (computation chapter, "Length range").

use crate::abi::mjtBias_::*;
use crate::abi::mjtGain_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::*;
use crate::math::blas::norm;

fn skip_by_mode(m: &mjModel, i: usize, opt: &mjLROpt) -> bool {
    let gain = m.actuator_gaintype()[i];
    let bias = m.actuator_biastype()[i];
    let muscle = gain == mjGAIN_MUSCLE as i32 || bias == mjBIAS_MUSCLE as i32;
    let user = gain == mjGAIN_USER as i32 || bias == mjBIAS_USER as i32;
    opt.mode == mjtLRMode_::mjLRMODE_NONE as i32
        || (opt.mode == mjtLRMode_::mjLRMODE_MUSCLE as i32 && !muscle)
        || (opt.mode == mjtLRMode_::mjLRMODE_MUSCLEUSER as i32 && !muscle && !user)
}

/// A number as C's `%g` prints it (6 significant digits).
fn g(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{}", x);
    }
    let exp = x.abs().log10().floor() as i32;
    let s = if (-5..6).contains(&exp) {
        let dec = (5 - exp).max(0) as usize;
        let mut t = format!("{:.*}", dec, x);
        if t.contains('.') {
            t = t.trim_end_matches('0').trim_end_matches('.').to_string();
        }
        t
    } else {
        let t = format!("{:.5e}", x);
        let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
        let mut m = m.to_string();
        if m.contains('.') {
            m = m.trim_end_matches('0').trim_end_matches('.').to_string();
        }
        let e: i32 = e.parse().unwrap_or(0);
        format!("{}e{}{:02}", m, if e < 0 { '-' } else { '+' }, e.abs())
    };
    s
}

/// The model's `actuator_lengthrange` (2 x nu), writable.
fn lengthrange_mut(m: &mut mjModel) -> &mut [f64] {
    let n = 2 * m.nu.max(0) as usize;
    if n == 0 {
        return &mut [];
    }
    // SAFETY: the model's buffer holds 2*nu numbers at actuator_lengthrange (non-null for
    // nu > 0), and the exclusive borrow of `m` covers them for the slice's life
    unsafe { core::slice::from_raw_parts_mut(m.actuator_lengthrange, n) }
}

/// One simulation step pushing actuator `index` towards `side`; returns its length.
fn eval_act(m: &mjModel, d: &mut mjData, index: usize, side: usize, opt: &mjLROpt, moment: &mut [f64]) -> f64 {
    let nv = m.nv as usize;
    let decay = (-m.opt.timestep / opt.timeconst.max(0.01)).exp();
    for v in d.arrays_mut(m).qvel.iter_mut() {
        *v *= decay;
    }
    crate::engine::forward::step1(m, d);

    moment.fill(0.0);
    {
        let a = d.arrays(m);
        let (rnnz, radr, cind) = (a.moment_rownnz[index], a.moment_rowadr[index], a.moment_colind);
        let am = a.actuator_moment;
        for k in 0..rnnz as usize {
            let a = radr as usize + k;
            moment[cind[a] as usize] = am[a];
        }
    }
    let mut f = vec![0.0; nv];
    crate::engine::inertia::solve_m(m, d, &mut f, moment, 1);
    let nrm = norm(&f);
    let scale = (2.0 * side as f64 - 1.0) * opt.accel / nrm.max(mjMINVAL);
    for k in 0..nv {
        f[k] = moment[k] * scale;
    }
    let nrm = norm(&f);
    if opt.maxforce > 0.0 && nrm > opt.maxforce {
        let s = opt.maxforce / nrm.max(mjMINVAL);
        for x in f.iter_mut() {
            *x *= s;
        }
    }
    d.arrays_mut(m).qfrc_applied.copy_from_slice(&f);
    crate::engine::forward::step2(m, d);
    d.arrays(m).actuator_length[index]
}

/// Sets the length range of actuator `index`; Err carries upstream's message. `d` must be data
/// made for `m` (the engine's invariant, see `mjData_::arrays_mut`).
pub fn set_length_range(m: &mut mjModel, d: &mut mjData, index: usize, opt: &mjLROpt) -> Result<(), String> {
    if skip_by_mode(m, index, opt) {
        return Ok(());
    }
    let lr = (m.actuator_lengthrange()[2 * index], m.actuator_lengthrange()[2 * index + 1]);
    if opt.useexisting != 0 && lr.0 < lr.1 {
        return Ok(());
    }
    // upstream reads the flat trnid array at the actuator index (not 2*index), so odd
    // actuators use the second id of an earlier actuator, possibly -1; the reads below follow
    // it through raw pointers into the model buffer
    let id = m.actuator_trnid()[index] as isize;
    let trn = m.actuator_trntype()[index];
    if opt.uselimit != 0 {
        let joint = trn == mjTRN_JOINT as i32 || trn == mjTRN_JOINTINPARENT as i32;
        // SAFETY: upstream's read pattern (see above): `id` is a joint or tendon id or -1, and
        // with -1 the reads land just before jnt_limited/jnt_range (tendon_*) inside the model's
        // one buffer, where other arrays precede them (the buffer layout of data::make for
        // models); the values read there only decide whether a range is copied
        let range = unsafe {
            if joint && *m.jnt_limited.offset(id) != 0 {
                Some((*m.jnt_range.offset(2 * id), *m.jnt_range.offset(2 * id + 1)))
            } else if trn == mjTRN_TENDON as i32 && *m.tendon_limited.offset(id) != 0 {
                Some((*m.tendon_range.offset(2 * id), *m.tendon_range.offset(2 * id + 1)))
            } else {
                None
            }
        };
        if let Some(r) = range {
            let lengthrange = lengthrange_mut(m);
            lengthrange[2 * index] = r.0;
            lengthrange[2 * index + 1] = r.1;
            return Ok(());
        }
    }

    let mut lmin = [0.0; 2];
    let mut lmax = [0.0; 2];
    let mut moment = vec![0.0; m.nv as usize];
    for side in 0..2 {
        crate::engine::reset::reset(m, d, 0);
        let mut updated = false;
        while d.time < opt.inttotal {
            let len = eval_act(m, d, index, side, opt, &mut moment);
            if d.time == 0.0 {
                return Err(format!("Unstable lengthrange simulation in actuator {}", index));
            }
            if d.time > opt.inttotal - opt.interval {
                if len < lmin[side] || !updated {
                    lmin[side] = len;
                }
                if len > lmax[side] || !updated {
                    lmax[side] = len;
                }
                updated = true;
            }
        }
        lengthrange_mut(m)[2 * index + side] = if side == 0 { lmin[side] } else { lmax[side] };
    }
    let (a, b) = (m.actuator_lengthrange()[2 * index], m.actuator_lengthrange()[2 * index + 1]);
    let dif = b - a;
    if dif <= 0.0 {
        return Err(format!("Invalid lengthrange ({}, {}) in actuator {}", g(a), g(b), index));
    }
    for side in 0..2 {
        if lmax[side] - lmin[side] > opt.tolrange * dif {
            let sep = if side == 0 { "  " } else { " " };
            return Err(format!(
                "Lengthrange computation did not converge in actuator {}:\n  eval ({}, {})\n{}range ({}, {})",
                index,
                g(lmin[side]),
                g(lmax[side]),
                sep,
                g(a),
                g(b)
            ));
        }
    }
    Ok(())
}
