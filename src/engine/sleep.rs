//! Sleeping islands: the per-tree sleep state and the awake-index lists derived from it
//! (computation chapter, "Sleeping").

use crate::abi::*;
use core::ffi::c_int;

/// `body_awake` value of a body that moves with the simulation.
const AWAKE: c_int = mjtSleepState_::mjS_AWAKE as c_int;
/// `body_awake` value of a body in a sleeping tree.
const ASLEEP: c_int = mjtSleepState_::mjS_ASLEEP as c_int;
/// `body_awake` value of a static (world-attached) body.
const STATIC: c_int = mjtSleepState_::mjS_STATIC as c_int;

/// Recomputes `tree_awake`, `body_awake`, the awake index lists and their counts from
/// `tree_asleep`; with `static_awake` static bodies count as awake.
///
/// # Safety
/// `m` and `d` must be a valid model and its data.
pub unsafe fn update_sleep_init(m: &mjModel, d: &mut mjData, static_awake: bool) {
    let ntree = m.ntree as usize;
    let nbody = m.nbody as usize;
    let nv = m.nv as usize;
    let sl = |p: *mut c_int, n: usize| -> &mut [c_int] {
        if n == 0 { &mut [] } else { core::slice::from_raw_parts_mut(p, n) }
    };
    let rd = |p: *const c_int, n: usize| -> &[c_int] {
        if n == 0 { &[] } else { core::slice::from_raw_parts(p, n) }
    };
    let tree_asleep = rd(d.tree_asleep, ntree);
    let body_treeid = rd(m.body_treeid, nbody);
    let body_parentid = rd(m.body_parentid, nbody);
    let body_rootid = rd(m.body_rootid, nbody);
    let body_mocapid = rd(m.body_mocapid, nbody);
    let dof_bodyid = rd(m.dof_bodyid, nv);
    let tree_awake = sl(d.tree_awake, ntree);
    let body_awake = sl(d.body_awake, nbody);
    let body_awake_ind = sl(d.body_awake_ind, nbody);
    let parent_awake_ind = sl(d.parent_awake_ind, nbody);
    let dof_awake_ind = sl(d.dof_awake_ind, nv);

    let mut ntree_awake = 0;
    for (awake, &asleep) in tree_awake.iter_mut().zip(tree_asleep) {
        *awake = (asleep < 0) as c_int;
        ntree_awake += *awake;
    }

    let (mut nbody_awake, mut nparent_awake) = (0usize, 0usize);
    for i in 0..nbody {
        body_awake[i] = if body_treeid[i] < 0 {
            if body_mocapid[body_rootid[i] as usize] >= 0 || static_awake {
                AWAKE
            } else {
                STATIC
            }
        } else if tree_awake[body_treeid[i] as usize] != 0 {
            AWAKE
        } else {
            ASLEEP
        };
        if body_awake[i] != ASLEEP {
            body_awake_ind[nbody_awake] = i as c_int;
            nbody_awake += 1;
        }
        if i > 0 && body_awake[body_parentid[i] as usize] != ASLEEP {
            parent_awake_ind[nparent_awake] = i as c_int;
            nparent_awake += 1;
        }
    }

    let mut nv_awake = 0usize;
    for (i, &b) in dof_bodyid.iter().enumerate() {
        if body_treeid[b as usize] >= 0 && body_awake[b as usize] == AWAKE {
            dof_awake_ind[nv_awake] = i as c_int;
            nv_awake += 1;
        }
    }

    d.ntree_awake = ntree_awake;
    d.nbody_awake = nbody_awake as c_int;
    d.nparent_awake = nparent_awake as c_int;
    d.nv_awake = nv_awake as c_int;
}
