//! Resetting mjData to the model's initial state (`mj_resetData` and its variants) and making
//! data (`mj_makeData`): with sleep enabled, a reset runs the position and forward stages.

use core::ptr;

use crate::abi::*;
use crate::data::make;
use crate::mjerror;

/// `tree_asleep` value of a fully awake tree.
const TREE_AWAKE: i32 = -(1 + mjMINAWAKE as i32);

unsafe fn zero<T>(p: *mut T, n: usize) {
    if n > 0 {
        ptr::write_bytes(p, 0, n);
    }
}

unsafe fn copy<T>(dst: *mut T, src: *const T, n: usize) {
    if n > 0 {
        ptr::copy_nonoverlapping(src, dst, n);
    }
}

/// Clears `d` (buffer bytes set to `fill`, state and inputs zeroed), sets `qpos = qpos0`, mocap
/// poses from the model, all trees awake, and resets diagnostics and the arena.
///
/// # Safety
/// `d` must have been made for `m`.
pub unsafe fn reset(m: &mjModel, d: &mut mjData, fill: u8) {
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
unsafe fn clear(m: &mjModel, d: &mut mjData, fill: u8) -> bool {
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
    zero(d.warning.as_mut_ptr(), d.warning.len());
    zero(d.timer.as_mut_ptr(), d.timer.len());
    zero(d.solver.as_mut_ptr(), d.solver.len());
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

    ptr::write_bytes(d.buffer as *mut u8, fill, d.nbuffer as usize);
    if let Some(marks) = crate::data::bvh_marks::bvh_marks(d) {
        marks.set_all();
    }

    let (nq, nv, na, nu) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize);
    let (nbody, nmocap) = (m.nbody as usize, m.nmocap as usize);
    zero(d.qpos, nq);
    zero(d.qvel, nv);
    zero(d.act, na);
    zero(d.ctrl, nu);
    copy(d.eq_active, m.eq_active0, m.neq as usize);
    zero(d.qfrc_applied, nv);
    zero(d.xfrc_applied, 6 * nbody);
    zero(d.qacc, nv);
    zero(d.qacc_warmstart, nv);
    zero(d.act_dot, na);
    zero(d.userdata, m.nuserdata as usize);
    zero(d.mocap_pos, 3 * nmocap);
    zero(d.mocap_quat, 4 * nmocap);
    zero(d.qM, m.nM as usize);
    copy(d.qpos, m.qpos0, nq);

    for i in 0..m.ntree as usize {
        *d.tree_asleep.add(i) = TREE_AWAKE;
    }
    if m.opt.enableflags & mjtEnableBit_::mjENBL_SLEEP as i32 != 0 && !init_sleep(m, d) {
        return false;
    }
    crate::engine::sleep::update_sleep(m, d);

    for i in 0..nbody {
        let id = *m.body_mocapid.add(i);
        if id >= 0 {
            let id = id as usize;
            copy(d.mocap_pos.add(3 * id), m.body_pos.add(3 * i), 3);
            copy(d.mocap_quat.add(4 * id), m.body_quat.add(4 * i), 4);
        }
    }

    check_db_sparse(m)
}

/// Sleep-enabled part of the reset: computes the static bodies' poses (all bodies count as
/// awake here, later steps skip static ones) and puts the trees with policy `init` to sleep
/// after a full forward pass. False after reporting that some of them could not sleep.
unsafe fn init_sleep(m: &mjModel, d: &mut mjData) -> bool {
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
    let tree_asleep = d.tree_asleep(m);
    for (i, s) in tree_asleep.iter_mut().enumerate() {
        *s = if is_init(i) { -1 } else { TREE_AWAKE };
    }
    let nslept = sleep::sleep(m, d);
    if nslept != num_init {
        let tree_asleep = d.tree_asleep(m);
        let root = (0..ntree)
            .find(|&i| is_init(i) && tree_asleep[i] < 0)
            .map_or(-1, |i| m.tree_bodyadr()[i]);
        let name = crate::model::names::id2name(m, mjtObj_::mjOBJ_BODY as i32, root);
        let name = if name.is_null() { "".into() } else { core::ffi::CStr::from_ptr(name).to_string_lossy() };
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
    d.qacc_smooth(m).fill(0.0);
    d.qfrc_smooth(m).fill(0.0);
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
/// # Safety
/// `d` must have been made for `m`.
pub unsafe fn reset_keyframe(m: &mjModel, d: &mut mjData, key: i32) {
    reset(m, d, 0);
    if key < 0 || key >= m.nkey {
        return;
    }
    let k = key as usize;
    let (nq, nv, na, nu, nmocap) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize);
    d.time = *m.key_time.add(k);
    copy(d.qpos, m.key_qpos.add(k * nq), nq);
    copy(d.qvel, m.key_qvel.add(k * nv), nv);
    copy(d.act, m.key_act.add(k * na), na);
    copy(d.mocap_pos, m.key_mpos.add(k * 3 * nmocap), 3 * nmocap);
    copy(d.mocap_quat, m.key_mquat.add(k * 4 * nmocap), 4 * nmocap);
    copy(d.ctrl, m.key_ctrl.add(k * nu), nu);
}

/// Allocates data for `m`, creates its plugin instances and resets it (`mj_makeData`); null
/// when the model's sparsity patterns do not match its tree (a damaged MJB file; reported with
/// `mju_error`), or when allocation or a plugin's `init` fails.
pub unsafe fn make_data(m: &mjModel) -> *mut mjData {
    let d = make::make_raw_data(m);
    if d.is_null() {
        return ptr::null_mut();
    }
    if let Err((func, msg)) = crate::model::sparsity::check_patterns(m) {
        make::delete_data(d);
        crate::mjerror!(func, "{}", msg);
        return ptr::null_mut();
    }
    if !crate::data::plugin::init_plugin(m, d) {
        return ptr::null_mut();
    }
    reset(m, &mut *d, 0);
    d
}
