//! Resetting mjData to the model's initial state (`mj_resetData` and its variants) and making
//! data (`mj_makeData`): with sleep enabled, a reset runs the position and forward stages.

use core::ptr;

use crate::abi::DataMut;
use crate::abi::*;
use crate::data::make;
use crate::mjerror;
use crate::runtime::alloc::CBox;

/// `tree_asleep` value of a fully awake tree.
const TREE_AWAKE: i32 = -(1 + mjMINAWAKE as i32);

/// Clears `d` (buffer bytes set to `fill`, state and inputs zeroed), sets `qpos = qpos0`, mocap
/// poses from the model, all trees awake, and resets diagnostics and the arena.
///
/// `d` must have been made for `m` (the engine's invariant, see `mjData_::arrays_mut`).
pub fn reset(m: &mjModel, d: &mut mjData, fill: u8) {
    // plugin state and objects survive the clearing; the instances are reset afterwards
    let saved = crate::data::plugin::save(m, d);
    let complete = clear(m, d, fill);
    crate::data::plugin::restore(m, d, saved);
    if complete {
        d.signature = m.signature;
    }
}

/// The body of [`reset`] without the plugin handling; false when it stopped after reporting
/// an error (the signature is then left alone).
fn clear(m: &mjModel, d: &mut mjData, fill: u8) -> bool {
    if d.threadpool == 0 {
        d.pstack = 0;
    }
    d.pbase = 0;
    d.parena = 0;
    crate::data::make::set_data_pointers(m, d);

    d.maxuse_stack = 0;
    d.maxuse_threadstack = [0; mjMAXTHREAD];
    d.maxuse_arena = 0;
    d.maxuse_con = 0;
    d.maxuse_efc = 0;
    // all bytes zero, padding included (as upstream's memset)
    // SAFETY: each pointer addresses its whole array inside `d` (borrowed exclusively here), and
    // these structs of plain numbers take the all-zero bytes as a value
    unsafe {
        ptr::write_bytes(d.warning.as_mut_ptr(), 0, d.warning.len());
        ptr::write_bytes(d.timer.as_mut_ptr(), 0, d.timer.len());
        ptr::write_bytes(d.solver.as_mut_ptr(), 0, d.solver.len());
    }
    d.solver_niter = [0; mjNISLAND];
    d.solver_nnz = [0; mjNISLAND];
    d.solver_fwdinv = [0.0; 2];
    d.ncon = 0;
    d.ne = 0;
    d.nf = 0;
    d.nl = 0;
    d.nefc = 0;
    d.nJ = 0;
    d.nA = 0;
    d.nisland = 0;
    d.nidof = 0;
    d.time = 0.0;
    d.energy = [0.0; 2];

    // SAFETY: the buffer holds nbuffer bytes (made for `m`), none of them borrowed here; its
    // arrays hold plain numbers, for which any byte pattern is a value
    unsafe { ptr::write_bytes(d.buffer as *mut u8, fill, d.nbuffer as usize) };
    if let Some(marks) = crate::data::bvh_marks::bvh_marks(d) {
        marks.set_all();
    }

    {
        let DataMut {
            qpos,
            qvel,
            act,
            ctrl,
            eq_active,
            qfrc_applied,
            xfrc_applied,
            qacc,
            qacc_warmstart,
            act_dot,
            userdata,
            mocap_pos,
            mocap_quat,
            qM,
            tree_asleep,
            ..
        } = d.arrays_mut(m);
        for a in [
            qvel,
            act,
            ctrl,
            qfrc_applied,
            xfrc_applied,
            qacc,
            qacc_warmstart,
            act_dot,
            userdata,
            mocap_pos,
            mocap_quat,
            qM,
        ] {
            a.fill(0.0);
        }
        eq_active.copy_from_slice(&m.eq_active0()[..eq_active.len()]);
        qpos.copy_from_slice(&m.qpos0()[..qpos.len()]);
        tree_asleep.fill(TREE_AWAKE);
    }
    if m.opt.enableflags & mjtEnableBit_::mjENBL_SLEEP as i32 != 0 && !init_sleep(m, d) {
        return false;
    }
    crate::engine::sleep::update_sleep(m, d);

    let DataMut { mocap_pos, mocap_quat, .. } = d.arrays_mut(m);
    let (body_pos, body_quat) = (m.body_pos(), m.body_quat());
    for (i, &id) in m.body_mocapid()[..m.nbody as usize].iter().enumerate() {
        if id >= 0 {
            let id = id as usize;
            mocap_pos[3 * id..3 * id + 3].copy_from_slice(&body_pos[3 * i..3 * i + 3]);
            mocap_quat[4 * id..4 * id + 4].copy_from_slice(&body_quat[4 * i..4 * i + 4]);
        }
    }

    check_db_sparse(m)
}

/// Sleep-enabled part of the reset: computes the static bodies' poses (all bodies count as
/// awake here, later steps skip static ones) and puts the trees with policy `init` to sleep
/// after a full forward pass. False after reporting that some of them could not sleep.
fn init_sleep(m: &mjModel, d: &mut mjData) -> bool {
    use crate::engine::{constraint, forward, kinematics, sleep, tendon};
    let ntree = m.ntree as usize;
    let policy = m.tree_sleep_policy();
    let is_init = |i: usize| policy[i] == mjtSleepPolicy_::mjSLEEP_INIT as i32;
    let num_init = (0..ntree).filter(|&i| is_init(i)).count() as i32;

    sleep::update_sleep_init(m, d, true);

    if num_init == 0 {
        kinematics::kinematics(m, d);
        kinematics::com_pos(m, d);
        kinematics::camlight(m, d);
        tendon::tendon(m, d);
        return true;
    }

    forward::forward(m, d);
    for (i, s) in d.arrays_mut(m).tree_asleep.iter_mut().enumerate() {
        *s = if is_init(i) { -1 } else { TREE_AWAKE };
    }
    let nslept = { sleep::sleep(m, d) };
    if nslept != num_init {
        let tree_asleep = d.arrays(m).tree_asleep;
        let root = (0..ntree).find(|&i| is_init(i) && tree_asleep[i] < 0).map_or(-1, |i| m.tree_bodyadr()[i]);
        let name = crate::model::names::name_of(m, mjtObj_::mjOBJ_BODY as i32, root)
            .map_or_else(|| "".into(), |n| n.to_string_lossy());
        mjerror!(
            "_resetData",
            "{} trees were marked as sleep='init' but only {} could be slept.\n\
             Body '{}' (id={}) is the root of the first tree that could not be slept.",
            num_init,
            nslept,
            name,
            root
        );
        return false;
    }

    // the sleeping trees keep these; clear them so a wake in mid-step reads defined values
    {
        let DataMut { qacc_smooth, qfrc_smooth, .. } = d.arrays_mut(m);
        qacc_smooth.fill(0.0);
        qfrc_smooth.fill(0.0);
    }
    constraint::clear_efc(m, d);
    true
}

/// Row `j` of the dof-dof sparsity equals the body-dof row of dof `j`'s body (upstream's
/// `checkDBSparse`); false after reporting.
fn check_db_sparse(m: &mjModel) -> bool {
    match crate::model::sparsity::check_db_sparse(m) {
        Ok(()) => true,
        Err(msg) => {
            mjerror!("checkDBSparse", "{}", msg);
            false
        }
    }
}

/// Resets, then applies keyframe `key` when it exists.
///
/// `d` must have been made for `m` (the engine's invariant, see `mjData_::arrays_mut`).
pub fn reset_keyframe(m: &mjModel, d: &mut mjData, key: i32) {
    reset(m, d, 0);
    if key < 0 || key >= m.nkey {
        return;
    }
    let k = key as usize;
    let (nq, nv, na, nu, nmocap) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize);
    let DataMut { time, qpos, qvel, act, mocap_pos, mocap_quat, ctrl, .. } = d.arrays_mut(m);
    *time = m.key_time()[k];
    qpos.copy_from_slice(&m.key_qpos()[k * nq..(k + 1) * nq]);
    qvel.copy_from_slice(&m.key_qvel()[k * nv..(k + 1) * nv]);
    act.copy_from_slice(&m.key_act()[k * na..(k + 1) * na]);
    mocap_pos.copy_from_slice(&m.key_mpos()[k * 3 * nmocap..(k + 1) * 3 * nmocap]);
    mocap_quat.copy_from_slice(&m.key_mquat()[k * 4 * nmocap..(k + 1) * 4 * nmocap]);
    ctrl.copy_from_slice(&m.key_ctrl()[k * nu..(k + 1) * nu]);
}

/// Allocates data for `m`, creates its plugin instances and resets it (`mj_makeData`); `None`
/// when the model's sparsity patterns do not match its tree (a damaged MJB file; reported with
/// `mju_error`), or when allocation or a plugin's `init` fails. Free the result with
/// `data::make::delete_data`.
pub fn make_data(m: &mjModel) -> Option<CBox<mjData>> {
    let d = make::make_raw_data(m)?;
    if let Err((func, msg)) = crate::model::sparsity::check_patterns(m) {
        make::delete_data(d);
        crate::mjerror!(func, "{}", msg);
        return None;
    }
    let mut d = crate::data::plugin::init_plugin(m, d)?;
    reset(m, &mut d, 0);
    Some(d)
}
