//! Broadphase of `mj_collision`: always-colliding pairs with static planes, then sweep and
//! prune over the bodies and flexes along the principal axis of the geom and vertex cloud.

use super::driver_sort::stable_sort;
use crate::abi::*;
use crate::data::stack::{with_frame, Frame, Scratch};
use crate::engine::{disabled, enabled, v3};
use crate::math::blas::dot3;
use crate::math::misc::{max, min};

/// True when a body or flex has any collision bit (`canCollide`).
fn can_collide(m: &mjModel, bf: usize) -> bool {
    let nbody = m.nbody as usize;
    if bf < nbody {
        m.body_contype()[bf] != 0 || m.body_conaffinity()[bf] != 0
    } else {
        m.flex_contype()[bf - nbody] != 0 || m.flex_conaffinity()[bf - nbody] != 0
    }
}

/// True when a body pair is discarded: same weld, both asleep, asleep against static, or
/// parent-child welds unless that filter is disabled (`filterBodyPair`).
fn filter_body_pair(
    weld1: i32,
    parent1: i32,
    asleep1: bool,
    weld2: i32,
    parent2: i32,
    asleep2: bool,
    dsbl_filterparent: bool,
) -> bool {
    if weld1 == weld2 {
        return true;
    }
    if asleep1 && asleep2 {
        return true;
    }
    if (asleep1 && weld2 == 0) || (asleep2 && weld1 == 0) {
        return true;
    }
    !dsbl_filterparent && weld1 != 0 && weld2 != 0 && (weld1 == parent2 || weld2 == parent1)
}

/// Collision bitmasks (contype, conaffinity) of a body (union over its geoms) or a flex.
fn bitmask(m: &mjModel, bf: usize) -> [i32; 2] {
    let nbody = m.nbody as usize;
    if bf < nbody {
        let (a, n) = (m.body_geomadr()[bf].max(0) as usize, m.body_geomnum()[bf].max(0) as usize);
        let t = m.geom_contype()[a..a + n].iter().fold(0, |acc, &x| acc | x);
        let f = m.geom_conaffinity()[a..a + n].iter().fold(0, |acc, &x| acc | x);
        [t, f]
    } else {
        [m.flex_contype()[bf - nbody], m.flex_conaffinity()[bf - nbody]]
    }
}

/// Most bodies and flexes whose bitmasks are gathered once per step (on the machine stack: the
/// mjData stack must see upstream's allocations only, its peak use is reported).
const MASKS_MAX: usize = 128;

/// Bitmasks per body/flex, gathered once per step for small models, folded per pair otherwise.
struct Masks<'a> {
    m: &'a mjModel,
    table: Option<&'a [[i32; 2]]>,
}

impl Masks<'_> {
    #[inline]
    fn get(&self, bf: usize) -> [i32; 2] {
        match self.table {
            Some(t) => t[bf],
            None => bitmask(self.m, bf),
        }
    }
}

/// Appends the pair (smaller id in the high half) when the bitmasks allow contact (`add_pair`).
fn add_pair(masks: &Masks, bf1: usize, bf2: usize, npair: &mut usize, pair: &mut [i32]) {
    if *npair >= pair.len() {
        crate::mjerror!("add_pair", "broadphase buffer full");
        return;
    }
    let [t1, a1] = masks.get(bf1);
    let [t2, a2] = masks.get(bf2);
    if (t1 & a2) == 0 && (t2 & a1) == 0 {
        return;
    }
    let (lo, hi) = if bf1 < bf2 { (bf1, bf2) } else { (bf2, bf1) };
    pair[*npair] = ((lo as i32) << 16) + hi as i32;
    *npair += 1;
}

/// True when body `b` has a plane geom.
fn has_plane(m: &mjModel, b: usize) -> bool {
    let adr = m.body_geomadr()[b] as usize;
    let num = m.body_geomnum()[b] as usize;
    m.geom_type()[adr..adr + num].contains(&(mjtGeom_::mjGEOM_PLANE as i32))
}

/// Extent of a body (its geoms' bounding spheres plus margins) or a flex (its vertices plus
/// radius and margin) along the three rows of `frame`, as (min[3], max[3]) (`makeAAMM`).
fn make_aamm(m: &mjModel, d: &mjData, bf: usize, frame: &[f64; 9]) -> [f64; 6] {
    let DataRef { geom_xpos: xpos, flexvert_xpos: vxpos, .. } = d.arrays(m);
    let nbody = m.nbody as usize;
    let overrides = enabled(m, mjtEnableBit_::mjENBL_OVERRIDE);
    let mut aamm = [0.0; 6];
    let rows = [[frame[0], frame[1], frame[2]], [frame[3], frame[4], frame[5]], [frame[6], frame[7], frame[8]]];
    if bf < nbody {
        let adr = m.body_geomadr()[bf] as usize;
        let num = m.body_geomnum()[bf] as usize;
        let (rbound, gmargin) = (m.geom_rbound(), m.geom_margin());
        for (i, g) in (adr..adr + num).enumerate() {
            let margin = if overrides { 0.5 * m.opt.o_margin } else { gmargin[g] };
            let mut one = [0.0; 6];
            for j in 0..3 {
                let cen = dot3(v3(xpos, g), &rows[j]);
                one[j] = cen - rbound[g] - margin;
                one[j + 3] = cen + rbound[g] + margin;
            }
            if i == 0 {
                aamm = one;
            } else {
                for j in 0..3 {
                    aamm[j] = min(aamm[j], one[j]);
                    aamm[j + 3] = max(aamm[j + 3], one[j + 3]);
                }
            }
        }
    } else {
        let f = bf - nbody;
        let adr = m.flex_vertadr()[f] as usize;
        let num = m.flex_vertnum()[f] as usize;
        for i in 0..num {
            let mut v = [0.0; 3];
            crate::math::blas::mul_mat_vec(&mut v, frame, v3(vxpos, adr + i), 3, 3);
            if i == 0 {
                aamm = [v[0], v[1], v[2], v[0], v[1], v[2]];
            } else {
                for j in 0..3 {
                    aamm[j] = min(aamm[j], v[j]);
                    aamm[j + 3] = max(aamm[j + 3], v[j]);
                }
            }
        }
        let margin = if overrides { 0.5 * m.opt.o_margin } else { m.flex_margin()[f] };
        let bound = m.flex_radius()[f] + margin;
        for j in 0..3 {
            aamm[j] -= bound;
            aamm[j + 3] += bound;
        }
    }
    aamm
}

/// One endpoint of an interval on the sweep axis: value in single precision, id with bit 16 set
/// for interval ends (upstream's `mjtSAP`).
#[derive(Clone, Copy)]
#[repr(C)]
struct SapItem {
    value: f32,
    id_ismax: i32,
}

// SAFETY: two plain numbers (repr(C), no padding): every bit pattern is a valid value
unsafe impl Scratch for SapItem {}

/// Sweep and prune over `n` boxes stored per axis (`aamm[axis*n + i]` for min, `aamm[(axis+3)*n
/// + i]` for max), sweeping along `axis_x`; writes pairs `(i << 16) + j` and returns their
/// number, or -1 on bad input (`mj_SAP`). Its buffers come from `f`, the caller's frame (the
/// innermost one of `d`).
pub(super) fn sap(d: &mut mjData, f: &Frame<'_>, aamm: &[f64], n: usize, axis_x: usize, pair: &mut [i32]) -> i32 {
    let maxpair = pair.len();
    if n >= 0x10000 || axis_x > 2 || maxpair < 1 {
        return -1;
    }
    let sortbuf: &mut [SapItem] = f.alloc(d, 2 * n);
    // upstream's active list (2n items) holds the active boxes' y and z extents here, in single
    // precision rounded outward, one array of n per bound
    let bounds: &mut [f32] = f.alloc(d, 4 * n);
    let x_min = &aamm[n * axis_x..n * axis_x + n];
    let x_max = &aamm[n * (axis_x + 3)..n * (axis_x + 3) + n];
    for i in 0..n {
        sortbuf[2 * i] = SapItem { value: x_min[i] as f32, id_ismax: i as i32 };
        sortbuf[2 * i + 1] = SapItem { value: x_max[i] as f32, id_ismax: i as i32 + 0x10000 };
    }
    let buf: &mut [SapItem] = f.alloc(d, 2 * n);
    stable_sort(sortbuf, buf, |a, b| {
        if a.value < b.value {
            -1
        } else if a.value == b.value {
            0
        } else {
            1
        }
    });

    let (axis_y, axis_z) = match axis_x {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    let y_min = &aamm[n * axis_y..n * axis_y + n];
    let y_max = &aamm[n * (axis_y + 3)..n * (axis_y + 3) + n];
    let z_min = &aamm[n * axis_z..n * axis_z + n];
    let z_max = &aamm[n * (axis_z + 3)..n * (axis_z + 3) + n];

    // the sort's buffer, done with, holds the active ids
    let ids = &mut buf[..n];
    if n < BLOCK_SWEEP_MIN {
        return plain_sweep(sortbuf, ids, [y_min, y_max, z_min, z_max], pair);
    }
    let (ay0, rest) = bounds.split_at_mut(n);
    let (ay1, rest) = rest.split_at_mut(n);
    let (az0, az1) = rest.split_at_mut(n);
    let mut sweep = Sweep { ids, ay0, ay1, az0, az1, cnt: 0 };

    // The pairs are upstream's, in its order (active boxes in the order they became active, whose
    // y and z extents overlap the new box's in double precision). A test on the outward-rounded
    // single-precision copies, in blocks the compiler vectorises, rules out most active boxes;
    // it never rules out a pair the double-precision test keeps.
    let mut npair = 0usize;
    for item in sortbuf.iter() {
        if item.id_ismax & 0x10000 == 0 {
            let id2 = item.id_ismax as usize;
            let (y0, y1, z0, z1) = (y_min[id2], y_max[id2], z_min[id2], z_max[id2]);
            let (fy0, fy1, fz0, fz1) = (round_down(y0), round_up(y1), round_down(z0), round_up(z1));
            let cnt = sweep.cnt;
            // the exact test; true when the pair buffer is full
            let mut emit = |id1: usize| {
                if y_min[id1] > y1 || y0 > y_max[id1] || z_min[id1] > z1 || z0 > z_max[id1] {
                    return false;
                }
                pair[npair] = ((id1 as i32) << 16) + id2 as i32;
                npair += 1;
                npair >= maxpair
            };
            // whole blocks through the single-precision test first, the rest (and small active
            // lists) straight to the exact one
            let full = cnt - cnt % BLOCK;
            for k0 in (0..full).step_by(BLOCK) {
                let (ay0, ay1) = (&sweep.ay0[k0..k0 + BLOCK], &sweep.ay1[k0..k0 + BLOCK]);
                let (az0, az1) = (&sweep.az0[k0..k0 + BLOCK], &sweep.az1[k0..k0 + BLOCK]);
                let mut maybe = [false; BLOCK];
                for j in 0..BLOCK {
                    maybe[j] = !((ay0[j] > fy1) | (fy0 > ay1[j]) | (az0[j] > fz1) | (fz0 > az1[j]));
                }
                for (j, _) in maybe.iter().enumerate().filter(|(_, &mb)| mb) {
                    if emit(sweep.ids[k0 + j].id_ismax as usize) {
                        return maxpair as i32;
                    }
                }
            }
            for a in &sweep.ids[full..cnt] {
                if emit(a.id_ismax as usize) {
                    return maxpair as i32;
                }
            }
            sweep.push(id2, [fy0, fy1, fz0, fz1]);
        } else {
            sweep.remove((item.id_ismax & 0xFFFF) as usize);
        }
    }
    npair as i32
}

/// Fewest boxes for which [`sap`] keeps single-precision copies of the active extents: with
/// fewer, active lists are short and the plain sweep spends fewer instructions.
const BLOCK_SWEEP_MIN: usize = 512;

/// The sweep of [`sap`] as upstream runs it: every active box (ids in `active`, in the order they
/// became active) tested against the new one in double precision.
fn plain_sweep(
    sorted: &[SapItem],
    active: &mut [SapItem],
    [y_min, y_max, z_min, z_max]: [&[f64]; 4],
    pair: &mut [i32],
) -> i32 {
    let maxpair = pair.len();
    let mut cnt = 0usize;
    let mut npair = 0usize;
    for item in sorted {
        if item.id_ismax & 0x10000 == 0 {
            let id2 = item.id_ismax as usize;
            let (y0, y1, z0, z1) = (y_min[id2], y_max[id2], z_min[id2], z_max[id2]);
            for a in &active[..cnt] {
                let id1 = a.id_ismax as usize;
                if y_min[id1] > y1 || y0 > y_max[id1] || z_min[id1] > z1 || z0 > z_max[id1] {
                    continue;
                }
                pair[npair] = ((id1 as i32) << 16) + id2 as i32;
                npair += 1;
                if npair >= maxpair {
                    return maxpair as i32;
                }
            }
            active[cnt] = *item;
            cnt += 1;
        } else {
            let toremove = item.id_ismax & 0xFFFF;
            if let Some(j) = active[..cnt].iter().position(|a| a.id_ismax == toremove) {
                active.copy_within(j + 1..cnt, j);
                cnt -= 1;
            }
        }
    }
    npair as i32
}

/// Active boxes tested per block of the sweep.
const BLOCK: usize = 16;

/// The active list of [`sap`]: ids and single-precision y/z extents, in the order the boxes
/// became active.
struct Sweep<'a> {
    ids: &'a mut [SapItem],
    ay0: &'a mut [f32],
    ay1: &'a mut [f32],
    az0: &'a mut [f32],
    az1: &'a mut [f32],
    cnt: usize,
}

impl Sweep<'_> {
    fn push(&mut self, id: usize, [y0, y1, z0, z1]: [f32; 4]) {
        let k = self.cnt;
        self.ids[k].id_ismax = id as i32;
        (self.ay0[k], self.ay1[k], self.az0[k], self.az1[k]) = (y0, y1, z0, z1);
        self.cnt += 1;
    }

    /// Removes box `id` if active, keeping the order of the others (an interval end sorted
    /// before its start, from an inverted or NaN extent, finds the box inactive and leaves it
    /// so, as upstream's search does).
    fn remove(&mut self, id: usize) {
        let cnt = self.cnt;
        let Some(k) = self.ids[..cnt].iter().position(|a| a.id_ismax == id as i32) else { return };
        self.ids.copy_within(k + 1..cnt, k);
        self.ay0.copy_within(k + 1..cnt, k);
        self.ay1.copy_within(k + 1..cnt, k);
        self.az0.copy_within(k + 1..cnt, k);
        self.az1.copy_within(k + 1..cnt, k);
        self.cnt = cnt - 1;
    }
}

/// `x` in single precision, rounded toward minus infinity (NaN stays NaN).
fn round_down(x: f64) -> f32 {
    let v = x as f32;
    if (v as f64) > x {
        v.next_down()
    } else {
        v
    }
}

/// `x` in single precision, rounded toward plus infinity (NaN stays NaN).
fn round_up(x: f64) -> f32 {
    let v = x as f32;
    if (v as f64) < x {
        v.next_up()
    } else {
        v
    }
}

/// Most boxes for which [`all_pairs`] replaces the sweep.
const ALL_PAIRS_MAX: usize = 20;

/// The pairs [`sap`] finds along axis 0, found by testing every pair: for a few boxes this is
/// cheaper than sorting and sweeping. The sweep sorts the single-precision interval ends stably
/// (ties keep the order min0, max0, min1, max1, ...), so two intervals overlap when each one's
/// start comes before the other's end in that order. None (use the sweep) when an interval end
/// is NaN or an interval is inverted, where the sweep does not reduce to that test.
fn all_pairs(aamm: &[f64], n: usize, pair: &mut [i32]) -> Option<usize> {
    let x_min = &aamm[..n];
    let x_max = &aamm[3 * n..4 * n];
    let (y_min, y_max) = (&aamm[n..2 * n], &aamm[4 * n..5 * n]);
    let (z_min, z_max) = (&aamm[2 * n..3 * n], &aamm[5 * n..6 * n]);
    for i in 0..n {
        let (lo, hi) = (x_min[i] as f32, x_max[i] as f32);
        if lo.is_nan() || hi.is_nan() || lo > hi {
            return None;
        }
    }
    if pair.len() < n * (n - 1) / 2 {
        return None;
    }
    // (value, position) order of the stable sort: a start at position 2a, an end at 2b + 1
    let before = |va: f32, pa: usize, vb: f32, pb: usize| va < vb || (va == vb && pa < pb);
    let mut npair = 0;
    for i in 0..n {
        let (xi0, xi1) = (x_min[i] as f32, x_max[i] as f32);
        for j in i + 1..n {
            let (xj0, xj1) = (x_min[j] as f32, x_max[j] as f32);
            if !(before(xj0, 2 * j, xi1, 2 * i + 1) && before(xi0, 2 * i, xj1, 2 * j + 1)) {
                continue;
            }
            if y_min[i] > y_max[j] || y_min[j] > y_max[i] || z_min[i] > z_max[j] || z_min[j] > z_max[i] {
                continue;
            }
            pair[npair] = ((i as i32) << 16) + j as i32;
            npair += 1;
        }
    }
    Some(npair)
}

/// Accumulates the outer product of `vec - cen` into `cov` (`updateCov`).
fn update_cov(cov: &mut [f64; 9], vec: &[f64; 3], cen: &[f64; 3]) {
    let dif = [vec[0] - cen[0], vec[1] - cen[1], vec[2] - cen[2]];
    let d00 = dif[0] * dif[0];
    let d01 = dif[0] * dif[1];
    let d02 = dif[0] * dif[2];
    let d11 = dif[1] * dif[1];
    let d12 = dif[1] * dif[2];
    let d22 = dif[2] * dif[2];
    cov[0] += d00;
    cov[1] += d01;
    cov[2] += d02;
    cov[3] += d01;
    cov[4] += d11;
    cov[5] += d12;
    cov[6] += d02;
    cov[7] += d12;
    cov[8] += d22;
}

/// Rows: the principal axes (decreasing variance) of the moving geoms' centres and flex
/// vertices; None when there are none (only static geoms).
fn principal_frame(m: &mjModel, d: &mjData) -> Option<[f64; 9]> {
    let (ngeom, nvert) = (m.ngeom as usize, m.nflexvert as usize);
    let (geom_bodyid, vert_bodyid) = (m.geom_bodyid(), m.flex_vertbodyid());
    let DataRef { geom_xpos: gxpos, flexvert_xpos: vxpos, .. } = d.arrays(m);
    let mut cnt = 0usize;
    let mut cen = [0.0; 3];
    for (i, &b) in geom_bodyid[..ngeom].iter().enumerate() {
        if b != 0 {
            crate::math::blas::add_to3(&mut cen, v3(gxpos, i));
            cnt += 1;
        }
    }
    for (i, &b) in vert_bodyid[..nvert].iter().enumerate() {
        if b != 0 {
            crate::math::blas::add_to3(&mut cen, v3(vxpos, i));
            cnt += 1;
        }
    }
    if cnt == 0 {
        return None;
    }
    let cen = crate::math::blas::scl3(&cen, 1.0 / cnt as f64);
    let mut cov = [0.0; 9];
    for (i, &b) in geom_bodyid[..ngeom].iter().enumerate() {
        if b != 0 {
            update_cov(&mut cov, v3(gxpos, i), &cen);
        }
    }
    for (i, &b) in vert_bodyid[..nvert].iter().enumerate() {
        if b != 0 {
            update_cov(&mut cov, v3(vxpos, i), &cen);
        }
    }
    let s = 1.0 / cnt as f64;
    for c in cov.iter_mut() {
        *c *= s;
    }
    let mut eigval = [0.0; 3];
    let mut frame = [0.0; 9];
    let mut quat = [0.0; 4];
    crate::math::solve::eig3(&mut eigval, &mut frame, &mut quat, &cov);
    Some(frame)
}

/// Candidate body/flex pairs (`(bf1 << 16) + bf2`, bf1 < bf2) in `bfpair`, sorted by signature
/// except when nothing but static geoms exist; returns their number (`mj_broadphase`).
pub(super) fn broadphase(m: &mjModel, d: &mut mjData, bfpair: &mut [i32]) -> usize {
    let nbody = m.nbody as usize;
    let nflex = m.nflex as usize;
    let nbodyflex = nbody + nflex;
    let dsbl_filterparent = disabled(m, mjtDisableBit_::mjDSBL_FILTERPARENT);
    let sleep_filter = enabled(m, mjtEnableBit_::mjENBL_SLEEP) && (d.nbody_awake as usize) < nbody;
    let asleep = |body_awake: &[i32], b: usize| sleep_filter && body_awake[b] == mjtSleepState_::mjS_ASLEEP as i32;
    let (weldid, parentid) = (m.body_weldid(), m.body_parentid());
    let mut npair = 0usize;
    let mut table = [[0i32; 2]; MASKS_MAX];
    let small = nbodyflex <= MASKS_MAX;
    if small {
        for (bf, t) in table[..nbodyflex].iter_mut().enumerate() {
            *t = bitmask(m, bf);
        }
    }
    let masks = Masks { m, table: if small { Some(&table[..nbodyflex]) } else { None } };

    with_frame(d, |d, fr| {
        let body_awake = d.arrays(m).body_awake;
        // the world body and static bodies with planes meet every other body and flex
        for b1 in 0..nbody {
            if !can_collide(m, b1) {
                continue;
            }
            if (b1 == 0 && m.body_geomnum()[b1] > 0) || (weldid[b1] == 0 && has_plane(m, b1)) {
                for b2 in 0..nbody {
                    if !can_collide(m, b2) {
                        continue;
                    }
                    let weld2 = weldid[b2];
                    let parent2 = weldid[parentid[weld2 as usize] as usize];
                    if filter_body_pair(0, 0, true, weld2, parent2, asleep(body_awake, b2), dsbl_filterparent) {
                        continue;
                    }
                    add_pair(&masks, b1, b2, &mut npair, bfpair);
                }
                for f in 0..nflex {
                    add_pair(&masks, b1, nbody + f, &mut npair, bfpair);
                }
            }
        }

        // With every collidable body asleep or welded to the world (and no flexes), each pair the
        // sweep could find is discarded by `filter_body_pair`: the sweep is skipped, its stack
        // blocks are still taken. A scene fully asleep thus costs one pass over the bodies.
        let settled = nflex == 0 && (1..nbody).all(|b| !can_collide(m, b) || weldid[b] == 0 || asleep(body_awake, b));
        let frame = if settled {
            let ngeom = m.ngeom as usize;
            if !m.geom_bodyid()[..ngeom].iter().any(|&b| b != 0) {
                // nothing but static geoms: upstream returns here, unsorted
                return npair;
            }
            None
        } else {
            let Some(frame) = principal_frame(m, d) else {
                return npair;
            };
            Some(frame)
        };

        let bfid = fr.ints(d, nbodyflex);
        let mut ncollide = 0usize;
        for i in 1..nbodyflex {
            if can_collide(m, i) {
                bfid[ncollide] = i as i32;
                ncollide += 1;
            }
        }

        if ncollide > 1 {
            // mjData stack blocks as upstream takes them (boxes, pairs, then the sweep's three
            // buffers), used or not, so the reported peak stack use is upstream's
            let bfid = &bfid[..ncollide];
            let aamm = fr.nums(d, 6 * ncollide);
            let maxsappair = ncollide * (ncollide - 1) / 2;
            let sappair = fr.ints(d, maxsappair);
            let room = npair + maxsappair <= bfpair.len();
            let reserve_sweep = |d: &mut mjData| {
                for _ in 0..3 {
                    let _: &mut [SapItem] = fr.alloc(d, 2 * ncollide);
                }
            };
            let nsappair = match frame {
                // settled scene (above): no pair would pass the filter. From 0x10000 boxes on, the
                // sweep fails before taking its buffers, as upstream's does.
                None if ncollide >= 0x10000 => -1,
                None => {
                    reserve_sweep(d);
                    0
                }
                Some(frame) => {
                    for i in 0..ncollide {
                        let a = make_aamm(m, d, bfid[i] as usize, &frame);
                        for (k, &x) in a.iter().enumerate() {
                            aamm[k * ncollide + i] = x;
                        }
                    }
                    // the sweep's pairs, in another order: the sort below makes the result the same
                    let few = if ncollide <= ALL_PAIRS_MAX && room { all_pairs(aamm, ncollide, sappair) } else { None };
                    match few {
                        Some(n) => {
                            reserve_sweep(d);
                            n as i32
                        }
                        None => sap(d, fr, aamm, ncollide, 0, sappair),
                    }
                }
            };
            if nsappair < 0 {
                crate::mjerror!("mj_broadphase", "SAP failed");
            }
            let body_awake = d.arrays(m).body_awake;
            for &sp in &sappair[..nsappair.max(0) as usize] {
                let bf1 = bfid[(sp >> 16) as usize] as usize;
                let bf2 = bfid[(sp & 0xFFFF) as usize] as usize;
                if bf1 < nbody && bf2 < nbody {
                    let (weld1, weld2) = (weldid[bf1], weldid[bf2]);
                    let parent1 = weldid[parentid[weld1 as usize] as usize];
                    let parent2 = weldid[parentid[weld2 as usize] as usize];
                    let (asleep1, asleep2) = (asleep(body_awake, bf1), asleep(body_awake, bf2));
                    if filter_body_pair(weld1, parent1, asleep1, weld2, parent2, asleep2, dsbl_filterparent) {
                        continue;
                    }
                }
                add_pair(&masks, bf1, bf2, &mut npair, bfpair);
            }
        }

        if npair > 1 {
            // plain integers: equal keys are indistinguishable, so an unstable sort gives the
            // order of upstream's merge sort (its buffer is still taken, for the stack's peak)
            let _ = fr.ints(d, npair);
            bfpair[..npair].sort_unstable_by_key(|&p| p as u32);
        }
        npair
    })
}

#[cfg(test)]
mod tests {
    use super::all_pairs;

    /// Sweep over the stably sorted single-precision interval ends, as `sap` does, written out
    /// plainly; pairs as (low, high) sorted.
    fn sweep(aamm: &[f64], n: usize) -> Vec<(usize, usize)> {
        let mut items: Vec<(f32, usize)> = (0..2 * n).map(|p| (aamm[(p % 2) * 3 * n + p / 2] as f32, p)).collect();
        items.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
        let mut active: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for (_, p) in items {
            let id = p / 2;
            if p % 2 == 0 {
                for &a in &active {
                    let yz =
                        |k: usize| aamm[k * n + a] > aamm[(k + 3) * n + id] || aamm[k * n + id] > aamm[(k + 3) * n + a];
                    if !yz(1) && !yz(2) {
                        out.push((a.min(id), a.max(id)));
                    }
                }
                active.push(id);
            } else {
                active.retain(|&a| a != id);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn all_pairs_matches_the_sweep_with_ties() {
        // coarse coordinates so that many interval ends coincide
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % 7) as f64 * 0.5
        };
        for n in 2..=20 {
            for _ in 0..50 {
                let mut aamm = vec![0.0; 6 * n];
                for i in 0..n {
                    for k in 0..3 {
                        let (a, b) = (next(), next());
                        aamm[k * n + i] = a.min(b) - if k == 0 { 0.0 } else { 0.25 };
                        aamm[(k + 3) * n + i] = a.max(b);
                    }
                }
                let mut pair = vec![0; n * (n - 1) / 2];
                let np = all_pairs(&aamm, n, &mut pair).unwrap();
                let mut got: Vec<(usize, usize)> =
                    pair[..np].iter().map(|&p| ((p >> 16) as usize, (p & 0xFFFF) as usize)).collect();
                got.sort();
                assert_eq!(got, sweep(&aamm, n), "n = {n}");
            }
        }
        // NaN or inverted intervals are left to the sweep
        let mut aamm = vec![0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0];
        assert!(all_pairs(&aamm, 2, &mut [0]).is_none());
        aamm[1] = f64::NAN;
        assert!(all_pairs(&aamm, 2, &mut [0]).is_none());
    }
}
