//! Sleeping islands (computation chapter, "Sleeping"): the per-tree sleep state, the awake-index
//! lists derived from it, putting quiet trees and islands to sleep and waking them again.
//!
//! `tree_asleep[i]` is the source of truth: a negative value is an awake tree counting up
//! towards -1 (ready to sleep) while it stays below the velocity tolerance; a value `>= 0` is
//! the next tree of the cycle of sleeping trees that fell asleep together.

use crate::abi::fields::DataMut;
use crate::abi::*;
use crate::engine::enabled;
use core::ffi::c_int;

use mjtEnableBit_::mjENBL_SLEEP;

/// `body_awake` value of a body that moves with the simulation.
pub const AWAKE: c_int = mjtSleepState_::mjS_AWAKE as c_int;
/// `body_awake` value of a body in a sleeping tree.
pub const ASLEEP: c_int = mjtSleepState_::mjS_ASLEEP as c_int;
/// `body_awake` value of a static (world-attached) body.
pub const STATIC: c_int = mjtSleepState_::mjS_STATIC as c_int;

/// `tree_asleep` value of a tree that just woke up (or never slept).
pub const FULLY_AWAKE: c_int = -(1 + mjMINAWAKE as c_int);

const OBJ_UNKNOWN: c_int = mjtObj_::mjOBJ_UNKNOWN as c_int;
const OBJ_BODY: c_int = mjtObj_::mjOBJ_BODY as c_int;
const OBJ_XBODY: c_int = mjtObj_::mjOBJ_XBODY as c_int;
const OBJ_JOINT: c_int = mjtObj_::mjOBJ_JOINT as c_int;
const OBJ_DOF: c_int = mjtObj_::mjOBJ_DOF as c_int;
const OBJ_GEOM: c_int = mjtObj_::mjOBJ_GEOM as c_int;
const OBJ_SITE: c_int = mjtObj_::mjOBJ_SITE as c_int;
const OBJ_CAMERA: c_int = mjtObj_::mjOBJ_CAMERA as c_int;
const OBJ_LIGHT: c_int = mjtObj_::mjOBJ_LIGHT as c_int;
const OBJ_FLEX: c_int = mjtObj_::mjOBJ_FLEX as c_int;
const OBJ_EQUALITY: c_int = mjtObj_::mjOBJ_EQUALITY as c_int;
const OBJ_TENDON: c_int = mjtObj_::mjOBJ_TENDON as c_int;
const OBJ_ACTUATOR: c_int = mjtObj_::mjOBJ_ACTUATOR as c_int;
const OBJ_SENSOR: c_int = mjtObj_::mjOBJ_SENSOR as c_int;

/// True when sleeping is enabled for the model.
#[inline]
fn sleep_enabled(m: &mjModel) -> bool {
    enabled(m, mjENBL_SLEEP)
}

//-------------------------------- awake lists ----------------------------------------------------

/// Recomputes `tree_awake`, `body_awake`, the awake index lists and their counts from
/// `tree_asleep`; with `static_awake` static bodies count as awake.
pub fn update_sleep_init(m: &mjModel, d: &mut mjData, static_awake: bool) {
    let nbody = m.nbody as usize;
    let (body_treeid, body_parentid) = (m.body_treeid(), m.body_parentid());
    let (body_rootid, body_mocapid) = (m.body_rootid(), m.body_mocapid());
    let DataMut {
        tree_asleep,
        tree_awake,
        body_awake,
        body_awake_ind,
        parent_awake_ind,
        dof_awake_ind,
        ntree_awake: d_ntree_awake,
        nbody_awake: d_nbody_awake,
        nparent_awake: d_nparent_awake,
        nv_awake: d_nv_awake,
        ..
    } = d.arrays_mut(m);
    let tree_asleep = &*tree_asleep;

    let mut ntree_awake = 0;
    for (awake, &asleep) in tree_awake.iter_mut().zip(tree_asleep) {
        *awake = (asleep < 0) as c_int;
        ntree_awake += *awake;
    }

    let (mut nbody_awake, mut nparent_awake) = (0usize, 0usize);
    for i in 0..nbody {
        body_awake[i] = if body_treeid[i] < 0 {
            // mocap bodies (and what hangs off them) always move
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
    for (i, &b) in m.dof_bodyid().iter().enumerate() {
        if body_treeid[b as usize] >= 0 && body_awake[b as usize] == AWAKE {
            dof_awake_ind[nv_awake] = i as c_int;
            nv_awake += 1;
        }
    }

    *d_ntree_awake = ntree_awake;
    *d_nbody_awake = nbody_awake as c_int;
    *d_nparent_awake = nparent_awake as c_int;
    *d_nv_awake = nv_awake as c_int;
}

/// Recomputes the awake arrays and counts from `tree_asleep` (`mj_updateSleep`).
pub fn update_sleep(m: &mjModel, d: &mut mjData) {
    update_sleep_init(m, d, false);
}

//-------------------------------- helpers --------------------------------------------------------

/// The mjData arrays [`tree_can_sleep`] reads.
#[derive(Clone, Copy)]
struct Applied<'a> {
    xfrc_applied: &'a [f64],
    qfrc_applied: &'a [f64],
    qvel: &'a [f64],
}

/// True when every number in `v` has an all-zero bit pattern (so -0.0 does not count as zero).
/// The arrays tested are short and almost always zero, so the bits are or-ed over the whole
/// slice (vectorised, no branch per element) rather than tested one by one.
#[inline]
fn all_zero_bits(v: &[f64]) -> bool {
    v.iter().fold(0u64, |acc, x| acc | x.to_bits()) == 0
}

/// True when the weighted infinity norm of `v` stays below `tol`.
fn below_tolerance(v: &[f64], weight: &[f64], tol: f64) -> bool {
    let mut max = 0.0;
    for (&x, &w) in v.iter().zip(weight) {
        max = crate::math::misc::max(max, w * x.abs());
        if max >= tol {
            return false;
        }
    }
    true
}

/// True when tree `i` may sleep: its policy allows it, no external force acts on it and its
/// velocity is below `tol` (exactly zero for `tol == 0`); `d` holds mjData's xfrc_applied,
/// qfrc_applied and qvel.
fn tree_can_sleep(m: &mjModel, d: Applied<'_>, i: usize, tol: f64) -> bool {
    let policy = m.tree_sleep_policy()[i];
    if policy == mjtSleepPolicy_::mjSLEEP_NEVER as c_int || policy == mjtSleepPolicy_::mjSLEEP_AUTO_NEVER as c_int {
        return false;
    }

    let (badr, bnum) = (m.tree_bodyadr()[i] as usize, m.tree_bodynum()[i] as usize);
    if !all_zero_bits(&d.xfrc_applied[6 * badr..6 * (badr + bnum)]) {
        return false;
    }

    let (vadr, vnum) = (m.tree_dofadr()[i] as usize, m.tree_dofnum()[i] as usize);
    if !all_zero_bits(&d.qfrc_applied[vadr..vadr + vnum]) {
        return false;
    }

    let qvel = &d.qvel[vadr..vadr + vnum];
    if tol != 0.0 {
        below_tolerance(qvel, &m.dof_length()[vadr..vadr + vnum], tol)
    } else {
        all_zero_bits(qvel)
    }
}

/// Number of violated length limits (0, 1 or 2) of tendon `i` at length `ten_length[i]`
/// (`tendonLimit`), counting within the margin; zero for an unlimited tendon.
pub fn tendon_limit(m: &mjModel, ten_length: &[f64], i: usize) -> c_int {
    if m.tendon_limited()[i] == 0 {
        return 0;
    }
    let value = ten_length[i];
    let margin = m.tendon_margin()[i];
    let range = &m.tendon_range()[2 * i..2 * i + 2];
    let lower = -(range[0] - value);
    let upper = range[1] - value;
    (lower < margin) as c_int + (upper < margin) as c_int
}

/// Smallest tree index of the sleep cycle through tree `i`, or -1 when `i` is out of range or
/// the cycle is broken (`mj_sleepCycle`).
pub fn sleep_cycle(tree_asleep: &[c_int], i: c_int) -> c_int {
    let ntree = tree_asleep.len() as c_int;
    if i < 0 || i >= ntree {
        return -1;
    }
    let (mut smallest, mut current, mut count) = (i, i, 0);
    loop {
        if count > ntree {
            return -1;
        }
        let next = tree_asleep[current as usize];
        if next < 0 || next >= ntree {
            return -1;
        }
        smallest = smallest.min(next);
        current = next;
        count += 1;
        if current == i {
            return smallest;
        }
    }
}

//-------------------------------- waking ---------------------------------------------------------

/// Wakes tree `i` and every tree in its sleep cycle, setting them to `wakeval`; an awake tree
/// only lowers its counter to `wakeval`. Returns the number of trees woken (`mj_wakeTree`).
pub fn wake_tree(tree_asleep: &mut [c_int], i: c_int, wakeval: c_int) -> c_int {
    let ntree = tree_asleep.len() as c_int;
    if i < 0 || i >= ntree {
        crate::mjerror!("mj_wakeTree", "invalid tree {}", i);
        return 0;
    }

    let current_val = tree_asleep[i as usize];
    if current_val < 0 {
        tree_asleep[i as usize] = wakeval.min(current_val);
        return 0;
    }

    let (mut nwoke, mut current) = (0, i);
    loop {
        let next = tree_asleep[current as usize];
        if next < 0 || next >= ntree {
            crate::mjerror!("mj_wakeTree", "invalid sleep state index {} when waking tree {}", next, i);
            return 0;
        }
        tree_asleep[current as usize] = wakeval;
        nwoke += 1;
        current = next;
        if current == i || nwoke >= ntree {
            break;
        }
    }
    if current != i {
        crate::mjerror!("mj_wakeTree", "tree {} is not in a cycle", i);
        return 0;
    }
    nwoke
}

/// Wakes sleeping trees that were disturbed: moved by the user (kinematics flagged them in
/// `tree_awake`), given a velocity or an applied force; with sleep disabled, wakes everything.
/// Returns the number of trees woken (`mj_wake`).
pub fn wake(m: &mjModel, d: &mut mjData) -> c_int {
    let ntree = m.ntree as usize;
    if !sleep_enabled(m) {
        if d.ntree_awake < m.ntree {
            d.arrays_mut(m).tree_asleep.fill(FULLY_AWAKE);
        }
        return m.ntree - d.ntree_awake;
    }

    let DataMut { tree_asleep, tree_awake, xfrc_applied, qfrc_applied, qvel, .. } = d.arrays_mut(m);
    let applied = Applied { xfrc_applied, qfrc_applied, qvel };
    let mut nwoke = 0;
    for i in 0..ntree {
        if tree_asleep[i] < 0 {
            continue;
        }
        if tree_awake[i] != 0 || !tree_can_sleep(m, applied, i, 0.0) {
            nwoke += wake_tree(tree_asleep, i as c_int, FULLY_AWAKE);
        }
    }
    nwoke
}

/// Wakes sleeping trees in contact with awake trees; returns the number woken
/// (`mj_wakeCollision`).
pub fn wake_collision(m: &mjModel, d: &mut mjData) -> c_int {
    if !sleep_enabled(m) {
        return 0;
    }
    let (geom_bodyid, body_treeid) = (m.geom_bodyid(), m.body_treeid());
    let DataMut { tree_awake, tree_asleep, contact, .. } = d.arrays_mut(m);
    let tree_awake = &*tree_awake;
    let mut nwoke = 0;
    for con in contact.iter() {
        let (g1, g2) = (con.geom[0], con.geom[1]);
        if g1 < 0 || g2 < 0 {
            continue;
        }
        let b1 = geom_bodyid[g1 as usize];
        let b2 = geom_bodyid[g2 as usize];
        let (tree1, tree2) = (body_treeid[b1 as usize], body_treeid[b2 as usize]);
        if tree1 < 0 || tree2 < 0 {
            continue;
        }
        let awake1 = tree_awake[tree1 as usize] != 0;
        let awake2 = tree_awake[tree2 as usize] != 0;
        if awake1 && awake2 {
            continue;
        }
        if !awake1 && !awake2 {
            crate::mjerror!("mj_wakeCollision", "contact between sleeping bodies {} and {}", b1, b2);
        }
        let (sleeping, waking) = if awake1 { (tree2, tree1) } else { (tree1, tree2) };
        let wakeval = tree_asleep[waking as usize];
        nwoke += wake_tree(tree_asleep, sleeping, wakeval);
    }
    nwoke
}

/// Wakes the sleeping tree of a two-tree tendon at its length limit when the other tree is
/// awake; returns the number woken (`mj_wakeTendon`).
pub fn wake_tendon(m: &mjModel, d: &mut mjData) -> c_int {
    if !sleep_enabled(m) {
        return 0;
    }
    let (treenum, treeid) = (m.tendon_treenum(), m.tendon_treeid());
    let DataMut { ten_length, tree_awake, tree_asleep, .. } = d.arrays_mut(m);
    let (ten_length, tree_awake) = (&*ten_length, &*tree_awake);
    let mut nwoke = 0;
    for i in 0..m.ntendon as usize {
        if treenum[i] != 2 || tendon_limit(m, ten_length, i) == 0 {
            continue;
        }
        let (tree1, tree2) = (treeid[2 * i], treeid[2 * i + 1]);
        let awake1 = tree_awake[tree1 as usize];
        let awake2 = tree_awake[tree2 as usize];
        if awake1 != awake2 {
            let (sleeping, waking) = if awake1 != 0 { (tree2, tree1) } else { (tree1, tree2) };
            let wakeval = tree_asleep[waking as usize];
            nwoke += wake_tree(tree_asleep, sleeping, wakeval);
        }
    }
    nwoke
}

/// Wakes sleeping trees tied by an active equality to an awake tree, or to a sleeping tree of
/// another island; returns the number woken (`mj_wakeEquality`).
pub fn wake_equality(m: &mjModel, d: &mut mjData) -> c_int {
    if !sleep_enabled(m) {
        return 0;
    }
    let body_treeid = m.body_treeid();
    let DataMut { eq_active, tree_awake, tree_asleep, .. } = d.arrays_mut(m);
    let (eq_active, tree_awake) = (&*eq_active, &*tree_awake);
    let mut nwoke = 0;
    for i in 0..m.neq as usize {
        if eq_active[i] == 0 {
            continue;
        }
        let (id1, id2) = (m.eq_obj1id()[i], m.eq_obj2id()[i]);
        let eqtype = m.eq_type()[i];
        let (tree1, tree2) = if eqtype == mjtEq_::mjEQ_CONNECT as c_int || eqtype == mjtEq_::mjEQ_WELD as c_int {
            if m.eq_objtype()[i] == OBJ_BODY {
                (body_treeid[id1 as usize], body_treeid[id2 as usize])
            } else {
                let site_bodyid = m.site_bodyid();
                (body_treeid[site_bodyid[id1 as usize] as usize], body_treeid[site_bodyid[id2 as usize] as usize])
            }
        } else if eqtype == mjtEq_::mjEQ_JOINT as c_int {
            let jnt_tree = |j: c_int| if j >= 0 { body_treeid[m.jnt_bodyid()[j as usize] as usize] } else { -1 };
            (jnt_tree(id1), jnt_tree(id2))
        } else if eqtype == mjtEq_::mjEQ_TENDON as c_int {
            crate::mjerror!("mj_wakeEquality", "tendon equality does not yet support sleeping");
            continue;
        } else if eqtype == mjtEq_::mjEQ_FLEX as c_int {
            crate::mjerror!("mj_wakeEquality", "flex equality does not yet support sleeping");
            continue;
        } else {
            continue;
        };

        let state = |t: c_int| if t >= 0 { tree_awake[t as usize] } else { STATIC };
        let (s1, s2) = (state(tree1), state(tree2));
        if (s1 != ASLEEP && s2 != ASLEEP) || s1 == STATIC || s2 == STATIC || tree1 == tree2 {
            continue;
        }

        if s1 == ASLEEP && s2 == ASLEEP {
            // two sleeping trees: only a link between different islands wakes them
            if sleep_cycle(tree_asleep, tree1) != sleep_cycle(tree_asleep, tree2) {
                let n1 = wake_tree(tree_asleep, tree1, FULLY_AWAKE);
                let n2 = wake_tree(tree_asleep, tree2, FULLY_AWAKE);
                nwoke += n1 + n2;
            }
            continue;
        }

        let sleeping = if s1 == ASLEEP { tree1 } else { tree2 };
        nwoke += wake_tree(tree_asleep, sleeping, FULLY_AWAKE);
    }
    nwoke
}

//-------------------------------- sleeping -------------------------------------------------------

/// Puts the listed trees to sleep as one cycle and zeroes their velocities and accelerations
/// (`sleepTrees`).
fn sleep_trees(m: &mjModel, tree_asleep: &mut [c_int], qvel: &mut [f64], qacc: &mut [f64], trees: &[c_int]) {
    let n = trees.len();
    for (k, &current) in trees.iter().enumerate() {
        let next = trees[(k + 1) % n];
        let state = tree_asleep[current as usize];
        if state == -1 {
            tree_asleep[current as usize] = next;
        } else if state >= 0 {
            crate::mjerror!("sleepTrees", "trying to sleep tree {} which is already asleep", k);
        } else {
            crate::mjerror!("sleepTrees", "trying to sleep tree {} which is not ready to sleep", k);
        }

        let adr = m.tree_dofadr()[current as usize] as usize;
        let num = m.tree_dofnum()[current as usize] as usize;
        qvel[adr..adr + num].fill(0.0);
        qacc[adr..adr + num].fill(0.0);
    }
}

/// Advances the sleep counters of awake trees below the velocity tolerance and puts to sleep
/// the islands (and unconstrained trees) that have been quiet long enough, zeroing their
/// velocities. Returns the number of trees put to sleep (`mj_sleep`).
pub fn sleep(m: &mjModel, d: &mut mjData) -> c_int {
    let ntree = m.ntree as usize;
    let nisland = d.nisland as usize;
    if !sleep_enabled(m) || (d.nefc != 0 && nisland == 0) {
        return 0;
    }

    // count down the trees that stay quiet, reset the ones that move
    let tol = m.opt.sleep_tolerance;
    let DataMut {
        tree_asleep,
        qvel,
        qacc,
        xfrc_applied,
        qfrc_applied,
        island_itreeadr,
        island_ntree,
        map_itree2tree,
        ..
    } = d.arrays_mut(m);
    for i in 0..ntree {
        let state = tree_asleep[i];
        if state >= 0 {
            continue;
        }
        let quiet = tree_can_sleep(m, Applied { xfrc_applied, qfrc_applied, qvel }, i, tol);
        tree_asleep[i] = if quiet { state + (state < -1) as c_int } else { FULLY_AWAKE };
    }

    let mut nslept = 0;
    let (island_itreeadr, island_ntree, map_itree2tree) = (&*island_itreeadr, &*island_ntree, &*map_itree2tree);

    // constrained islands sleep only as a whole
    for k in 0..nisland {
        let start = island_itreeadr[k] as usize;
        let n = island_ntree[k] as usize;
        let members: &[c_int] = &map_itree2tree[start..start + n];
        let mut ready = true;
        for &t in members {
            let state = tree_asleep[t as usize];
            if state < -1 {
                ready = false;
                break;
            } else if state >= 0 {
                crate::mjerror!("mj_sleep", "found sleeping tree {} in island {}", t, k);
            }
        }
        if ready {
            sleep_trees(m, tree_asleep, qvel, qacc, members);
            nslept += n as c_int;
        }
    }

    // trees outside every island sleep on their own
    let start = if nisland > 0 { (island_itreeadr[nisland - 1] + island_ntree[nisland - 1]) as usize } else { 0 };
    for j in start..ntree {
        let i = if nisland > 0 { map_itree2tree[j] } else { j as c_int };
        if tree_asleep[i as usize] == -1 {
            sleep_trees(m, tree_asleep, qvel, qacc, &[i]);
            nslept += 1;
        }
    }
    nslept
}

//-------------------------------- sleep state of objects -----------------------------------------

/// Sleep state of tendon `i`: static without trees, otherwise asleep only when all of its
/// (at most two) trees sleep.
pub(crate) fn tendon_state(m: &mjModel, d: &mjData, i: usize) -> c_int {
    tendon_state_of(m, d.arrays(m).tree_awake, i)
}

/// [`tendon_state`] from mjData's `tree_awake`.
pub(crate) fn tendon_state_of(m: &mjModel, tree_awake: &[c_int], i: usize) -> c_int {
    let ids = &m.tendon_treeid()[2 * i..2 * i + 2];
    match m.tendon_treenum()[i] {
        0 => STATIC,
        1 => {
            if tree_awake[ids[0] as usize] != 0 {
                AWAKE
            } else {
                ASLEEP
            }
        }
        2 => {
            if tree_awake[ids[0] as usize] != 0 || tree_awake[ids[1] as usize] != 0 {
                AWAKE
            } else {
                ASLEEP
            }
        }
        _ => AWAKE,
    }
}

/// Sleep state of actuator `i`, from its transmission target.
pub(crate) fn actuator_state(m: &mjModel, d: &mjData, i: usize) -> c_int {
    use mjtTrn_::*;
    let (id, id2) = (m.actuator_trnid()[2 * i], m.actuator_trnid()[2 * i + 1]);
    match m.actuator_trntype()[i] {
        t if t == mjTRN_JOINT as c_int || t == mjTRN_JOINTINPARENT as c_int => sleep_state(m, d, OBJ_JOINT, id),
        t if t == mjTRN_SLIDERCRANK as c_int => {
            let awake = sleep_state(m, d, OBJ_SITE, id) == AWAKE || sleep_state(m, d, OBJ_SITE, id2) == AWAKE;
            if awake {
                AWAKE
            } else {
                ASLEEP
            }
        }
        t if t == mjTRN_TENDON as c_int => tendon_state(m, d, id as usize),
        t if t == mjTRN_SITE as c_int => sleep_state(m, d, OBJ_SITE, id),
        t if t == mjTRN_BODY as c_int => sleep_state(m, d, OBJ_BODY, id),
        _ => AWAKE,
    }
}

/// Sleep state of equality `i`: asleep when neither of its objects is awake.
pub(crate) fn equality_state(m: &mjModel, d: &mjData, i: usize) -> c_int {
    use mjtEq_::*;
    let objtype = match m.eq_type()[i] {
        t if t == mjEQ_CONNECT as c_int || t == mjEQ_WELD as c_int => m.eq_objtype()[i],
        t if t == mjEQ_JOINT as c_int => OBJ_JOINT,
        t if t == mjEQ_TENDON as c_int => OBJ_TENDON,
        t if t == mjEQ_FLEX as c_int => OBJ_FLEX,
        _ => return AWAKE,
    };
    let state = |id: c_int| if id >= 0 { sleep_state(m, d, objtype, id) } else { STATIC };
    let (s1, s2) = (state(m.eq_obj1id()[i]), state(m.eq_obj2id()[i]));
    if s1 != AWAKE && s2 != AWAKE {
        ASLEEP
    } else {
        AWAKE
    }
}

/// Sleep state of sensor `i` (never static): from its object and reference object.
pub(crate) fn sensor_state(m: &mjModel, d: &mjData, i: usize) -> c_int {
    use mjtSensor_::*;
    let (objtype, reftype) = (m.sensor_objtype()[i], m.sensor_reftype()[i]);
    let stype = m.sensor_type()[i];
    if stype == mjSENS_USER as c_int || stype == mjSENS_PLUGIN as c_int || stype == mjSENS_RANGEFINDER as c_int {
        return AWAKE;
    }
    if stype == mjSENS_CONTACT as c_int && (objtype == OBJ_SITE || reftype == OBJ_SITE) {
        return AWAKE;
    }

    let s_obj = sleep_state(m, d, objtype, m.sensor_objid()[i]);
    let s_ref = sleep_state(m, d, reftype, m.sensor_refid()[i]);
    let not_asleep = |s: c_int| if s == ASLEEP { ASLEEP } else { AWAKE };
    match (objtype == OBJ_UNKNOWN, reftype == OBJ_UNKNOWN) {
        (true, true) => AWAKE,
        (true, false) => not_asleep(s_ref),
        (false, true) => not_asleep(s_obj),
        _ if s_obj == AWAKE || s_ref == AWAKE => AWAKE,
        _ => ASLEEP,
    }
}

/// Sleep state (an `mjtSleepState`) of object `id` of type `objtype` (`mj_sleepState`); `id`
/// must be a valid index of that object type (an invalid one panics).
pub fn sleep_state(m: &mjModel, d: &mjData, objtype: c_int, id: c_int) -> c_int {
    let body_awake: &[c_int] = d.arrays(m).body_awake;
    let i = id as usize;
    match objtype {
        OBJ_BODY | OBJ_XBODY => body_awake[i],
        OBJ_JOINT => body_awake[m.jnt_bodyid()[i] as usize],
        OBJ_SITE => body_awake[m.site_bodyid()[i] as usize],
        OBJ_DOF => body_awake[m.dof_bodyid()[i] as usize],
        OBJ_GEOM => body_awake[m.geom_bodyid()[i] as usize],
        OBJ_CAMERA => body_awake[m.cam_bodyid()[i] as usize],
        OBJ_LIGHT => body_awake[m.light_bodyid()[i] as usize],
        OBJ_EQUALITY => equality_state(m, d, i),
        OBJ_TENDON => tendon_state(m, d, i),
        OBJ_ACTUATOR => actuator_state(m, d, i),
        OBJ_SENSOR => sensor_state(m, d, i),
        OBJ_FLEX | OBJ_UNKNOWN => AWAKE,
        t => {
            match crate::runtime::text::type_to_str(t) {
                Some(name) => {
                    crate::mjerror!("mj_sleepState", "unsupported object type '{}'", name.to_string_lossy())
                }
                None => crate::mjerror!("mj_sleepState", "unsupported object type {}", t),
            }
            AWAKE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_and_waking() {
        // trees 0 -> 2 -> 0 asleep together, tree 1 awake, tree 3 asleep alone
        let mut s = [2, -5, 0, 3];
        assert_eq!(sleep_cycle(&s, 2), 0);
        assert_eq!(sleep_cycle(&s, 3), 3);
        assert_eq!(sleep_cycle(&s, 1), -1);
        assert_eq!(wake_tree(&mut s, 2, FULLY_AWAKE), 2);
        assert_eq!(s, [FULLY_AWAKE, -5, FULLY_AWAKE, 3]);
        // an awake tree only moves its counter down
        assert_eq!(wake_tree(&mut s, 1, -3), 0);
        assert_eq!(s[1], -5);
        assert_eq!(wake_tree(&mut s, 1, FULLY_AWAKE), 0);
        assert_eq!(s[1], FULLY_AWAKE);
    }

    #[test]
    fn tolerance_and_zero_bits() {
        assert!(below_tolerance(&[1e-5, -2e-5], &[1.0, 2.0], 1e-4));
        assert!(!below_tolerance(&[1e-5, -6e-5], &[1.0, 2.0], 1e-4));
        assert!(all_zero_bits(&[0.0, 0.0]));
        assert!(!all_zero_bits(&[0.0, -0.0]));
    }
}
