//! Collision detection (`mj_collision`, upstream's `engine_collision_driver.c`): broadphase
//! over bodies and flexes, the body BVH midphase, filtering, contact parameter mixing and the
//! table of narrowphase functions, plus `mj_geomDistance`.

pub mod boxes;
pub mod convex;
mod convex_flex;
mod driver_broad;
mod driver_flex;
pub mod driver_sort;
pub mod ccd_obj;
pub mod gjk;
pub mod libccd;
pub mod primitive;
pub mod sdf;
pub mod sink;

use crate::abi::*;
use crate::data::bvh_marks::bvh_marks;
use crate::data::stack::with_frame;
use crate::engine::constraint::{assign_friction, assign_imp, assign_margin, assign_ref, clear_efc};
use crate::engine::{disabled, enabled, timer_end, timer_start, v3, v6, v9};
use crate::math::blas::{dot3, normalize3, scalar_lane};
use crate::math::misc::max;
use crate::math::spatial::cross;

use mjtDisableBit_::*;
use mjtEnableBit_::*;
use mjtGeom_::*;
use mjtTimer_::*;

pub use driver_flex::{
    collide_elem_vert, collide_elems, collide_flex_internal, collide_flex_sap, collide_geom_elem, collide_plane_flex,
};

/// A narrowphase function: writes up to `mjMAXCONPAIR` contacts between geoms `g1` and `g2`
/// (types in table order) into `con` and returns their number (upstream's `mjfCollision`).
pub type CollideFn = fn(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize;

const NGEOMTYPES: usize = mjNGEOMTYPES as usize;

/// [`convex::convex`] as a table entry.
fn cvx(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    convex::convex(m, d, con, g1, g2, margin)
}

/// [`convex::convex_hfield`] as a table entry.
fn chf(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    convex::convex_hfield(m, d, con, g1, g2, margin)
}

/// [`convex::plane_convex`] as a table entry.
fn pcv(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    convex::plane_convex(m, d, con, g1, g2, margin)
}

/// Narrowphase function of each pair of geom types, indexed `[type1][type2]` with
/// `type1 <= type2` (upstream's `mjCOLLISIONFUNC`).
#[rustfmt::skip]
pub const COLLISION_TABLE: [[Option<CollideFn>; NGEOMTYPES]; NGEOMTYPES] = {
    use boxes::*;
    use primitive::*;
    const N: Option<CollideFn> = None;
    const fn f(x: CollideFn) -> Option<CollideFn> { Some(x) }
    [
        // PLANE
        [N, N, f(plane_sphere), f(plane_capsule), f(pcv), f(plane_cylinder), f(plane_box), f(pcv), f(pcv)],
        // HFIELD
        [N, N, f(chf), f(chf), f(chf), f(chf), f(chf), f(chf), f(sdf::hfield_sdf)],
        // SPHERE
        [N, N, f(sphere_sphere), f(sphere_capsule), f(cvx), f(sphere_cylinder), f(sphere_box), f(cvx), f(sdf::sdf)],
        // CAPSULE
        [N, N, N, f(capsule_capsule), f(cvx), f(cvx), f(capsule_box), f(cvx), f(sdf::sdf)],
        // ELLIPSOID
        [N, N, N, N, f(cvx), f(cvx), f(cvx), f(cvx), f(sdf::sdf)],
        // CYLINDER
        [N, N, N, N, N, f(cvx), f(cvx), f(cvx), f(sdf::sdf)],
        // BOX
        [N, N, N, N, N, N, f(box_box), f(cvx), f(sdf::sdf)],
        // MESH
        [N, N, N, N, N, N, N, f(cvx), f(sdf::sdf)],
        // SDF
        [N, N, N, N, N, N, N, N, f(sdf::sdf)],
    ]
};

/// True for the pairs of [`COLLISION_TABLE`] whose function writes at most 4 contacts: plane
/// with sphere, capsule, cylinder or box; sphere with sphere, capsule, cylinder or box; capsule
/// with capsule or box.
fn few_contacts(t1: usize, t2: usize) -> bool {
    const P: usize = mjGEOM_PLANE as usize;
    const S: usize = mjGEOM_SPHERE as usize;
    const C: usize = mjGEOM_CAPSULE as usize;
    const Y: usize = mjGEOM_CYLINDER as usize;
    const B: usize = mjGEOM_BOX as usize;
    match t1 {
        P | S => matches!(t2, S | C | Y | B),
        C => matches!(t2, C | B),
        _ => false,
    }
}

/// True where [`COLLISION_TABLE`] holds the general convex function (`mjc_Convex`).
fn is_convex_entry(t1: usize, t2: usize) -> bool {
    const S: usize = mjGEOM_SPHERE as usize;
    const C: usize = mjGEOM_CAPSULE as usize;
    const E: usize = mjGEOM_ELLIPSOID as usize;
    const Y: usize = mjGEOM_CYLINDER as usize;
    const B: usize = mjGEOM_BOX as usize;
    const M: usize = mjGEOM_MESH as usize;
    match t1 {
        S => t2 == E || t2 == M,
        C => t2 == E || t2 == Y || t2 == M,
        E => (E..=M).contains(&t2),
        Y => (Y..=M).contains(&t2),
        B => t2 == M,
        M => t2 == M,
        _ => false,
    }
}

//------------------------------------ shared helpers ---------------------------------------------

/// A contact with every field zero.
#[inline]
const fn zero_contact() -> mjContact {
    // SAFETY: mjContact is plain old data; all-zero bytes are a valid value
    unsafe { core::mem::zeroed() }
}

/// True when neither bitmask pair allows contact (`filterBitmask`).
#[inline]
fn filter_bitmask(contype1: i32, conaffinity1: i32, contype2: i32, conaffinity2: i32) -> bool {
    (contype1 & conaffinity2) == 0 && (contype2 & conaffinity1) == 0
}

/// True when two boxes in (center, half-size) form are apart by more than `margin`
/// (`filterBox`).
#[inline]
fn filter_box(a: &[f64], b: &[f64], margin: f64) -> bool {
    a[0] + a[3] + margin < b[0] - b[3]
        || a[1] + a[4] + margin < b[1] - b[4]
        || a[2] + a[5] + margin < b[2] - b[5]
        || b[0] + b[3] + margin < a[0] - a[3]
        || b[1] + b[4] + margin < a[1] - a[4]
        || b[2] + b[5] + margin < a[2] - a[5]
}

/// True when the cube of half-size `bound` around `s` misses the box `aabb` (`filterSphereBox`).
fn filter_sphere_box(s: &[f64; 3], bound: f64, aabb: &[f64]) -> bool {
    s[0] + bound < aabb[0] - aabb[3]
        || s[1] + bound < aabb[1] - aabb[4]
        || s[2] + bound < aabb[2] - aabb[5]
        || s[0] - bound > aabb[0] + aabb[3]
        || s[1] - bound > aabb[1] + aabb[4]
        || s[2] - bound > aabb[2] + aabb[5]
}

/// Signed distance of geom `g2`'s centre above plane geom `g1`.
#[inline]
fn plane_geom_dist(xpos: &[f64], xmat: &[f64], g1: usize, g2: usize) -> f64 {
    let mat = v9(xmat, g1);
    let p1 = v3(xpos, g1);
    let p2 = v3(xpos, g2);
    let dif = [p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]];
    dot3(&dif, &[mat[2], mat[5], mat[8]])
}

/// Bounding-sphere test of two geoms, planes as half-spaces; true discards (`mj_filterSphere`).
#[inline]
fn filter_sphere(m: &mjModel, d: &mjData, g1: usize, g2: usize, margin: f64) -> bool {
    let DataRef { geom_xpos, geom_xmat, .. } = d.arrays(m);
    filter_sphere_in(m.geom_rbound(), m.geom_type(), geom_xpos, geom_xmat, g1, g2, margin)
}

/// [`filter_sphere`] on arrays the caller already holds (`geom_rbound`, `geom_type`,
/// `geom_xpos`, `geom_xmat`).
#[inline(always)]
fn filter_sphere_in(
    rbound: &[f64],
    gtype: &[i32],
    xpos: &[f64],
    xmat: &[f64],
    g1: usize,
    g2: usize,
    margin: f64,
) -> bool {
    if rbound[g1] > 0.0 && rbound[g2] > 0.0 {
        let (p1, p2) = (v3(xpos, g1), v3(xpos, g2));
        let dif = [p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]];
        let distsqr = dif[0] * dif[0] + dif[1] * dif[1] + dif[2] * dif[2];
        let bound = rbound[g1] + rbound[g2] + margin;
        return distsqr > bound * bound;
    }
    let plane = mjGEOM_PLANE as i32;
    if gtype[g1] == plane && rbound[g2] > 0.0 && plane_geom_dist(xpos, xmat, g1, g2) > margin + rbound[g2] {
        return true;
    }
    if gtype[g2] == plane && rbound[g1] > 0.0 && plane_geom_dist(xpos, xmat, g2, g1) > margin + rbound[g1] {
        return true;
    }
    false
}

/// True for an element that takes part in collisions: all of them below dimension 3, else
/// those in the active layers (`mj_isElemActive`).
pub fn is_elem_active(m: &mjModel, f: usize, e: usize) -> bool {
    if m.flex_dim()[f] < 3 {
        true
    } else {
        let layer = m.flex_elemlayer().get(m.flex_elemadr()[f] as usize + e);
        layer.is_some_and(|&l| l < m.flex_activelayers()[f])
    }
}

/// Mixed contact parameters of two geoms or flexes (geom ids with flex -1, or flex ids).
pub(crate) struct ContactParam {
    pub condim: i32,
    pub gap: f64,
    pub solref: [f64; mjNREF],
    pub solimp: [f64; mjNIMP],
    pub friction: [f64; 5],
}

/// Contact condim, gap, solref, solimp and friction from priority or mixing (`mj_contactParam`).
pub(crate) fn contact_param(m: &mjModel, g1: i32, g2: i32, f1: i32, f2: i32) -> ContactParam {
    struct Side<'a> {
        priority: i32,
        condim: i32,
        gap: f64,
        solmix: f64,
        solref: &'a [f64],
        solimp: &'a [f64],
        friction: &'a [f64],
    }
    #[inline(always)]
    fn side(m: &mjModel, g: i32, f: i32) -> Side<'_> {
        if f < 0 {
            let g = g as usize;
            Side {
                priority: m.geom_priority()[g],
                condim: m.geom_condim()[g],
                gap: m.geom_gap()[g],
                solmix: m.geom_solmix()[g],
                solref: &m.geom_solref()[g * mjNREF..g * mjNREF + mjNREF],
                solimp: &m.geom_solimp()[g * mjNIMP..g * mjNIMP + mjNIMP],
                friction: &m.geom_friction()[3 * g..3 * g + 3],
            }
        } else {
            let f = f as usize;
            Side {
                priority: m.flex_priority()[f],
                condim: m.flex_condim()[f],
                gap: m.flex_gap()[f],
                solmix: m.flex_solmix()[f],
                solref: &m.flex_solref()[f * mjNREF..f * mjNREF + mjNREF],
                solimp: &m.flex_solimp()[f * mjNIMP..f * mjNIMP + mjNIMP],
                friction: &m.flex_friction()[3 * f..3 * f + 3],
            }
        }
    }
    let (a, b) = (side(m, g1, f1), side(m, g2, f2));
    let mut p = ContactParam {
        condim: 0,
        gap: max(a.gap, b.gap),
        solref: [0.0; mjNREF],
        solimp: [0.0; mjNIMP],
        friction: [0.0; 5],
    };
    let mut fri = [0.0; 3];
    if a.priority != b.priority {
        let w = if a.priority > b.priority { &a } else { &b };
        p.condim = w.condim;
        p.solref.copy_from_slice(w.solref);
        p.solimp.copy_from_slice(w.solimp);
        fri.copy_from_slice(w.friction);
    } else {
        p.condim = a.condim.max(b.condim);
        let mix = if a.solmix >= mjMINVAL && b.solmix >= mjMINVAL {
            a.solmix / (a.solmix + b.solmix)
        } else if a.solmix < mjMINVAL && b.solmix < mjMINVAL {
            0.5
        } else if a.solmix < mjMINVAL {
            0.0
        } else {
            1.0
        };
        if a.solref[0] > 0.0 && b.solref[0] > 0.0 {
            for i in 0..mjNREF {
                p.solref[i] = mix * a.solref[i] + (1.0 - mix) * b.solref[i];
            }
        } else {
            for i in 0..mjNREF {
                p.solref[i] = crate::math::misc::min(a.solref[i], b.solref[i]);
            }
        }
        for i in 0..mjNIMP {
            p.solimp[i] = mix * a.solimp[i] + (1.0 - mix) * b.solimp[i];
        }
        for (f, (&x, &y)) in fri.iter_mut().zip(a.friction.iter().zip(b.friction)) {
            *f = max(x, y);
        }
    }
    p.friction = [fri[0], fri[0], fri[1], fri[2], fri[2]];
    if p.condim > 6 || p.condim < 1 {
        crate::mjerror!("mj_contactParam", "Invalid condim value: {}", p.condim);
    }
    p
}

/// Completes a contact frame from its normal (and optional tangent) (`mju_makeFrame`).
pub(crate) fn make_frame(frame: &mut [f64; 9]) {
    let mut x = [frame[0], frame[1], frame[2]];
    if normalize3(&mut x) < 0.5 {
        crate::mjerror!("mju_makeFrame", "xaxis of contact frame undefined");
    }
    let mut y = [frame[3], frame[4], frame[5]];
    if dot3(&y, &y) < 0.25 {
        y = [0.0; 3];
        if x[1] < 0.5 && x[1] > -0.5 {
            y[1] = 1.0;
        } else {
            y[2] = 1.0;
        }
    }
    let s = dot3(&x, &y);
    let tmp = [x[0] * s, x[1] * s, x[2] * s];
    y = [y[0] - tmp[0], y[1] - tmp[1], y[2] - tmp[2]];
    normalize3(&mut y);
    let z = cross(&x, &y);
    *frame = [x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]];
}

/// Fills the solver parameters of a contact whose geometry and ids are set (`mj_setContact`).
pub(crate) fn set_contact(
    m: &mjModel,
    con: &mut mjContact,
    p: &ContactParam,
    includemargin: f64,
    solreffriction: &[f64; mjNREF],
) {
    con.dim = p.condim;
    con.includemargin = includemargin;
    assign_ref(m, &mut con.solref, &p.solref);
    assign_ref(m, &mut con.solreffriction, solreffriction);
    assign_imp(m, &mut con.solimp, &p.solimp);
    assign_friction(m, &mut con.friction, &p.friction);
    con.exclude = (con.dist >= includemargin) as i32;
    make_frame(&mut con.frame);
    con.efc_address = -1;
    con.mu = 0.0;
    con.H = [0.0; 36];
    con.geom1 = con.geom[0];
    con.geom2 = con.geom[1];
}

/// Sets the ids of a contact: geoms, flexes, elements, vertices (-1 where unused).
#[inline]
fn set_ids(con: &mut mjContact, geom: [i32; 2], flex: [i32; 2], elem: [i32; 2], vert: [i32; 2]) {
    con.geom = geom;
    con.flex = flex;
    con.elem = elem;
    con.vert = vert;
}

//------------------------------------ entry point ------------------------------------------------

/// Largest contact count sorted through an index permutation (indices on the Rust stack).
const SORT_BY_INDEX: usize = 1024;

/// Reorders `a` so that position k receives the element at `perm[k]` (a permutation of
/// 0..a.len(), at most `SORT_BY_INDEX` long), following cycles with one spare element.
fn permute_in_place<T: Copy>(a: &mut [T], perm: &[u16]) {
    let mut done = [0u64; SORT_BY_INDEX / 64];
    for start in 0..a.len() {
        if done[start / 64] & (1 << (start % 64)) != 0 || perm[start] as usize == start {
            continue;
        }
        let tmp = a[start];
        let mut k = start;
        loop {
            done[k / 64] |= 1 << (k % 64);
            let src = perm[k] as usize;
            if src == start {
                a[k] = tmp;
                break;
            }
            a[k] = a[src];
            k = src;
        }
    }
}

/// Order of contacts found by the midphase: by the ids of the two objects, with geom pairs in
/// the order the all-pairs loop would have produced (`contactcompare`).
#[inline]
fn contact_compare(gtype: &[i32], c1: &mjContact, c2: &mjContact) -> i32 {
    let obj = |c: &mjContact, k: usize| {
        if c.geom[k] >= 0 {
            c.geom[k]
        } else if c.elem[k] >= 0 {
            c.elem[k]
        } else {
            c.vert[k]
        }
    };
    let (mut a1, mut a2, mut b1, mut b2) = (obj(c1, 0), obj(c1, 1), obj(c2, 0), obj(c2, 1));
    if c1.geom[0] >= 0 && c1.geom[1] >= 0 && c2.geom[0] >= 0 && c2.geom[1] >= 0 {
        if gtype[a1 as usize] > gtype[a2 as usize] {
            core::mem::swap(&mut a1, &mut a2);
        }
        if gtype[b1 as usize] > gtype[b2 as usize] {
            core::mem::swap(&mut b1, &mut b2);
        }
    }
    if a1 != b1 {
        return if a1 < b1 { -1 } else { 1 };
    }
    if a2 != b2 {
        return if a2 < b2 { -1 } else { 1 };
    }
    0
}

#[inline]
fn can_collide2(m: &mjModel, bf1: usize, bf2: usize) -> bool {
    let nbody = m.nbody as usize;
    let bits = |bf: usize| {
        if bf < nbody {
            (m.body_contype()[bf], m.body_conaffinity()[bf])
        } else {
            (m.flex_contype()[bf - nbody], m.flex_conaffinity()[bf - nbody])
        }
    };
    let ((t1, a1), (t2, a2)) = (bits(bf1), bits(bf2));
    !filter_bitmask(t1, a1, t2, a2)
}

/// Sorts the `n` contacts that one body pair's tree collision appended at `before` (as
/// upstream's stable merge sort of them, with its scratch use of mjData's stack). Out of line:
/// its index buffers are only needed here.
#[inline(never)]
fn sort_tree_contacts(m: &mjModel, d: &mut mjData, before: usize, n: usize) {
    with_frame(d, |d, f| {
        let buf: &mut [mjContact] = f.alloc(d, n);
        let cons = sink::found_mut(m, d, before, n);
        let gtype = m.geom_type();
        if n <= SORT_BY_INDEX && buf.len() == n {
            // the same sort on indices (same comparisons, same passes), then the contacts moved
            // once; the scratch buffer receives what upstream's merge passes leave in it (nothing
            // up to one run); only the first n entries of the index buffers are written
            let mut idx_store = [core::mem::MaybeUninit::<u16>::uninit(); SORT_BY_INDEX];
            let mut ibuf_store = [core::mem::MaybeUninit::<u16>::uninit(); SORT_BY_INDEX];
            for (k, v) in idx_store[..n].iter_mut().enumerate() {
                v.write(k as u16);
            }
            for v in &mut ibuf_store[..n] {
                v.write(0);
            }
            // SAFETY: n <= SORT_BY_INDEX and the first n entries of both were written above;
            // MaybeUninit<u16> has the layout of u16
            let (idx, ibuf) = unsafe {
                (
                    core::slice::from_raw_parts_mut(idx_store.as_mut_ptr() as *mut u16, n),
                    core::slice::from_raw_parts_mut(ibuf_store.as_mut_ptr() as *mut u16, n),
                )
            };
            driver_sort::stable_sort(idx, ibuf, |&a, &b| contact_compare(gtype, &cons[a as usize], &cons[b as usize]));
            if n > driver_sort::RUN {
                for (dst, &k) in buf.iter_mut().zip(ibuf.iter()) {
                    *dst = cons[k as usize];
                }
            }
            permute_in_place(cons, idx);
        } else {
            driver_sort::stable_sort(cons, buf, |a, b| contact_compare(gtype, a, b));
        }
    })
}

/// Collision detection (`mj_collision`): fills `d.contact` / `d.ncon` from the broadphase, the
/// midphase, explicit pairs and flex self-collisions.
pub fn collision(m: &mjModel, d: &mut mjData) {
    let t1 = timer_start();
    d.ncon = 0;
    d.parena = 0;
    clear_efc(m, d);
    if m.vis.global.bvactive != 0 {
        // only the part that can hold marks (`data::bvh_marks`): the same array as clearing all
        // the marks live in d's buffer, outside every array, so they do not overlap bvh_active
        let marks = bvh_marks(d).map(|marks| marks as *const crate::data::bvh_marks::BvhMarks);
        let bvh_active = d.arrays_mut(m).bvh_active;
        match marks {
            // SAFETY: the marks block lies in d's buffer after every array (data::bvh_marks), so
            // it does not overlap bvh_active, and only atomics in it are written
            Some(marks) => unsafe { &*marks }.clear(m, bvh_active),
            None => bvh_active.fill(0),
        }
    }
    let nbody = m.nbody as usize;
    let nflex = m.nflex as usize;
    let nbodyflex = nbody + nflex;
    if disabled(m, mjDSBL_CONSTRAINT) || disabled(m, mjDSBL_CONTACT) || nbodyflex < 2 {
        return;
    }

    with_frame(d, |d, f| {
        let t = timer_start();
        let nmax = nbodyflex * (nbodyflex - 1) / 2;
        let bfpair = f.ints(d, nmax);
        let nbfpair = driver_broad::broadphase(m, d, bfpair);
        timer_end(d, mjTIMER_COL_BROAD, t);

        let t = timer_start();
        let bfpair = &bfpair[..nbfpair];
        let split = split_pool(m, d).is_some_and(|pool| {
            sink::ordered_split(m, d, pool, nbfpair, SPLIT_MIN_PAIRS, &|m, d, range| {
                collide_broad_pairs(m, d, bfpair, range)
            })
        });
        if !split {
            collide_broad_pairs(m, d, bfpair, 0..nbfpair);
        }

        // flex self-collisions
        let flex_bvhadr = m.flex_bvhadr();
        let midphase = !disabled(m, mjDSBL_MIDPHASE);
        let (rigid, fct, fca) = (m.flex_rigid(), m.flex_contype(), m.flex_conaffinity());
        let (internal, selfcollide, dim) = (m.flex_internal(), m.flex_selfcollide(), m.flex_dim());
        for f in 0..nflex {
            if rigid[f] != 0 || (fct[f] & fca[f]) == 0 {
                continue;
            }
            if internal[f] != 0 {
                collide_flex_internal(m, d, f);
            }
            let sc = selfcollide[f];
            if sc == mjtFlexSelf_::mjFLEXSELF_NONE as i32 {
                continue;
            }
            if midphase && sc != mjtFlexSelf_::mjFLEXSELF_NARROW as i32 && flex_bvhadr[f] >= 0 {
                if sc == mjtFlexSelf_::mjFLEXSELF_BVH as i32
                    || (sc == mjtFlexSelf_::mjFLEXSELF_AUTO as i32 && dim[f] == 3)
                {
                    collide_tree(m, d, nbody + f, nbody + f, false, 0, 0);
                } else {
                    collide_flex_sap(m, d, f);
                }
            } else {
                let n = m.flex_elemnum()[f] as usize;
                for e1 in 0..n {
                    if !is_elem_active(m, f, e1) {
                        continue;
                    }
                    for e2 in e1 + 1..n {
                        if is_elem_active(m, f, e2) {
                            collide_elems(m, d, f, e1, f, e2);
                        }
                    }
                }
            }
        }
        timer_end(d, mjTIMER_COL_NARROW, t);
    });
    timer_end(d, mjTIMER_POS_COLLISION, t1);
}

/// Fewest broadphase pairs in one piece of the narrowphase split over the thread pool.
const SPLIT_MIN_PAIRS: usize = 8;

/// The pool to split collision loops over: the bound one, unless a contact filter callback or
/// plugins (user code that may not expect concurrent calls) take part in the narrowphase, or
/// flex contacts may have torsional or rolling friction (a flex or a geom of condim 4 or 6,
/// with flexes present). Upstream's Jacobian of a flex element contact with
/// condim 4 or 6 (`mj_jacSum` on sparse models) takes its rotational rows from stack memory the
/// narrowphase left behind on the calling thread; ours reads the same memory to give the same
/// numbers, and a split narrowphase would leave other values there.
pub(crate) fn split_pool<'a>(m: &mjModel, d: &mjData) -> Option<&'a crate::runtime::threadpool::PoolImpl> {
    // no pool (the common case) first: the condim scan below is over every geom
    let pool = crate::engine::parallel::bound_pool(d)?;
    // SAFETY: the callback global is set by the C API user before simulating (upstream's
    // contract for mjcb_*), read by value
    if unsafe { crate::runtime::callbacks::mjcb_contactfilter }.is_some()
        || m.nplugin > 0
        || (m.nflex > 0 && (m.flex_condim().iter().chain(m.geom_condim()).any(|&c| c > 3)))
    {
        return None;
    }
    Some(pool)
}

/// The narrowphase of broadphase pairs `bfpair[range]` in order, with the explicit pairs merged
/// in by signature (and those after the last broadphase pair when the range ends the list):
/// the same calls, in the same order, as the serial loop makes for these entries.
fn collide_broad_pairs(m: &mjModel, d: &mut mjData, bfpair: &[i32], range: core::ops::Range<usize>) {
    let nbody = m.nbody as usize;
    let npair = m.npair as usize;
    let nexclude = m.nexclude as usize;
    let pair_signature = m.pair_signature();
    let exclude_signature = m.exclude_signature();
    let (body_bvhadr, flex_bvhadr) = (m.body_bvhadr(), m.flex_bvhadr());
    let (body_geomadr, body_geomnum) = (m.body_geomadr(), m.body_geomnum());
    let midphase = !disabled(m, mjDSBL_MIDPHASE);
    // the state the serial loop has on reaching `range.start`
    let signature_of = |bp: i32| ((((bp >> 16) & 0xFFFF) as u32) << 16).wrapping_add((bp & 0xFFFF) as u32);
    let mut last_signature = match range.start {
        0 => u32::MAX,
        lo => signature_of(bfpair[lo - 1]),
    };
    let mut pairadr = match range.start {
        0 => 0,
        _ => pair_signature[..npair].partition_point(|&s| s as u32 <= last_signature),
    };
    let last = range.end == bfpair.len();
    for &bp in &bfpair[range] {
        let bf1 = ((bp >> 16) & 0xFFFF) as usize;
        let bf2 = (bp & 0xFFFF) as usize;
        let signature = signature_of(bp);
        if signature == last_signature {
            continue;
        }
        last_signature = signature;

        // explicit pairs up to this signature come first
        let mut merged = false;
        let startadr = pairadr;
        while pairadr < npair && pair_signature[pairadr] as u32 <= signature {
            if pair_signature[pairadr] as u32 == signature {
                merged = true;
            }
            collide_pair(m, d, pairadr);
            pairadr += 1;
        }

        if !can_collide2(m, bf1, bf2) {
            continue;
        }

        if nexclude > 0 {
            let exadr = exclude_signature.iter().position(|&s| s as u32 >= signature);
            if let Some(k) = exadr {
                if exclude_signature[k] as u32 == signature {
                    continue;
                }
            }
        }

        let (isbody1, isbody2) = (bf1 < nbody, bf2 < nbody);
        let bvh1 = if isbody1 { body_bvhadr[bf1] } else { flex_bvhadr[bf1 - nbody] };
        let bvh2 = if isbody2 { body_bvhadr[bf2] } else { flex_bvhadr[bf2 - nbody] };

        if isbody1 && isbody2 && body_geomnum[bf1] == 1 && body_geomnum[bf2] == 1 {
            let (g1, g2) = (body_geomadr[bf1] as usize, body_geomadr[bf2] as usize);
            collide_geom_pair(m, d, g1, g2, merged, startadr, pairadr);
        } else if midphase && bvh1 >= 0 && bvh2 >= 0 {
            let before = sink::count(d);
            collide_tree(m, d, bf1, bf2, merged, startadr, pairadr);
            let n = sink::count(d) - before;
            if n > 1 {
                sort_tree_contacts(m, d, before, n);
            }
        } else if isbody1 && isbody2 {
            let (adr1, adr2) = (body_geomadr[bf1] as usize, body_geomadr[bf2] as usize);
            for g1 in adr1..adr1 + body_geomnum[bf1] as usize {
                for g2 in adr2..adr2 + body_geomnum[bf2] as usize {
                    collide_geom_pair(m, d, g1, g2, merged, startadr, pairadr);
                }
            }
        } else if isbody1 {
            let f = bf2 - nbody;
            let (gtype, contype, conaff) = (m.geom_type(), m.geom_contype(), m.geom_conaffinity());
            let (fct, fca) = (m.flex_contype()[f], m.flex_conaffinity()[f]);
            let adr1 = body_geomadr[bf1] as usize;
            for g in adr1..adr1 + body_geomnum[bf1] as usize {
                if filter_bitmask(contype[g], conaff[g], fct, fca) {
                    continue;
                }
                if gtype[g] == mjGEOM_PLANE as i32 {
                    collide_plane_flex(m, d, g, f);
                    continue;
                }
                for e in 0..m.flex_elemnum()[f] as usize {
                    collide_geom_elem(m, d, g, f, e);
                }
            }
        } else {
            let (f1, f2) = (bf1 - nbody, bf2 - nbody);
            let elemnum = m.flex_elemnum();
            for e1 in 0..elemnum[f1] as usize {
                for e2 in 0..elemnum[f2] as usize {
                    collide_elems(m, d, f1, e1, f2, e2);
                }
            }
        }
    }

    // explicit pairs after the last body pair
    while last && pairadr < npair {
        collide_pair(m, d, pairadr);
        pairadr += 1;
    }
}

//------------------------------------ geom pairs --------------------------------------------------

/// Tests geoms `g1`, `g2` unless the pair is one of the explicit pairs `startadr..pairadr`
/// already processed for this body pair (`mj_collideGeomPair`).
fn collide_geom_pair(m: &mjModel, d: &mut mjData, g1: usize, g2: usize, merged: bool, startadr: usize, pairadr: usize) {
    if merged {
        let (p1, p2) = (m.pair_geom1(), m.pair_geom2());
        let (a, b) = (g1 as i32, g2 as i32);
        if (startadr..pairadr).any(|k| (p1[k] == a && p2[k] == b) || (p1[k] == b && p2[k] == a)) {
            return;
        }
    }
    collide_geoms(m, d, g1, g2);
}

/// Tests two geoms with the dynamic filters and parameters (`mj_collideGeoms` with `g2 >= 0`).
pub fn collide_geoms(m: &mjModel, d: &mut mjData, g1: usize, g2: usize) {
    collide_geoms_impl(m, d, g1, g2, None);
}

/// Tests explicit pair `ipair` (`mj_collideGeoms` with `g2 < 0`).
pub fn collide_pair(m: &mjModel, d: &mut mjData, ipair: usize) {
    let g1 = m.pair_geom1()[ipair] as usize;
    let g2 = m.pair_geom2()[ipair] as usize;
    if enabled(m, mjENBL_SLEEP) {
        let bodyid = m.geom_bodyid();
        let awake = &*d.arrays_mut(m).body_awake;
        let aw = mjtSleepState_::mjS_AWAKE as i32;
        if awake[bodyid[g1] as usize] != aw && awake[bodyid[g2] as usize] != aw {
            return;
        }
    }
    collide_geoms_impl(m, d, g1, g2, Some(ipair));
}

fn collide_geoms_impl(m: &mjModel, d: &mut mjData, g1: usize, g2: usize, ipair: Option<usize>) {
    let gtype = m.geom_type();
    let (g1, g2) = if gtype[g1] > gtype[g2] { (g2, g1) } else { (g1, g2) };
    let (t1, t2) = (gtype[g1] as usize, gtype[g2] as usize);
    let Some(func) = COLLISION_TABLE.get(t1).and_then(|r| r.get(t2)).copied().flatten() else {
        return;
    };

    let margin = match ipair {
        None => {
            // SAFETY: the callback global is set by the C API user before simulating (upstream's
            // contract for mjcb_*), read by value
            if let Some(cb) = unsafe { crate::runtime::callbacks::mjcb_contactfilter } {
                // SAFETY: the user's contact filter gets the model and the data it was written for
                // (mjfConFilt contract), with no Rust borrow of the data alive
                if unsafe { cb(m, d as *mut mjData, g1 as i32, g2 as i32) } != 0 {
                    return;
                }
            } else {
                let (ct, ca) = (m.geom_contype(), m.geom_conaffinity());
                if filter_bitmask(ct[g1], ca[g1], ct[g2], ca[g2]) {
                    return;
                }
            }
            let gm = m.geom_margin();
            assign_margin(m, max(gm[g1], gm[g2]))
        }
        Some(p) => assign_margin(m, m.pair_margin()[p]),
    };

    if filter_sphere(m, d, g1, g2, margin) {
        return;
    }

    let Some((dv, con)) = sink::room(d) else { return };
    let mut num = func(m, dv, con, g1, g2, margin);
    if num == 0 {
        sink::commit(d, 0);
        return;
    }
    if num > mjMAXCONPAIR {
        crate::mjerror!("mj_collideGeoms", "too many contacts returned by collision function");
        num = mjMAXCONPAIR;
    }

    // box-box: drop contacts outside either box and repeated positions
    if t1 == mjGEOM_BOX as usize && t2 == mjGEOM_BOX as usize {
        num = clean_box_box(m, dv, &mut con[..num], g1, g2, margin);
    }

    let mut solreffriction = [0.0; mjNREF];
    let p = match ipair {
        None => contact_param(m, g1 as i32, g2 as i32, -1, -1),
        Some(ip) => {
            let srf = &m.pair_solreffriction()[mjNREF * ip..mjNREF * ip + mjNREF];
            if srf[0] != 0.0 || srf[1] != 0.0 {
                solreffriction.copy_from_slice(srf);
            }
            let mut p = ContactParam {
                condim: m.pair_dim()[ip],
                gap: m.pair_gap()[ip],
                solref: [0.0; mjNREF],
                solimp: [0.0; mjNIMP],
                friction: [0.0; 5],
            };
            p.solref.copy_from_slice(&m.pair_solref()[mjNREF * ip..mjNREF * ip + mjNREF]);
            p.solimp.copy_from_slice(&m.pair_solimp()[mjNIMP * ip..mjNIMP * ip + mjNIMP]);
            p.friction.copy_from_slice(&m.pair_friction()[5 * ip..5 * ip + 5]);
            p
        }
    };

    for c in &mut con[..num] {
        set_ids(c, [g1 as i32, g2 as i32], [-1, -1], [-1, -1], [-1, -1]);
        set_contact(m, c, &p, margin - p.gap, &solreffriction);
    }
    sink::commit(d, num);
}

/// Box-box post-processing of upstream's driver: removes contacts lying outside one box (and
/// not inside the other) and all but the last of repeated positions; returns the new count.
fn clean_box_box(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    const REMOVE_RATIO: f64 = 1.01;
    let num = con.len();
    let DataRef { geom_xpos: xpos, geom_xmat: xmat, .. } = d.arrays(m);
    let size = m.geom_size();
    let (pos1, mat1, s1) = (v3(xpos, g1), v9(xmat, g1), v3(size, g1));
    let (pos2, mat2, s2) = (v3(xpos, g2), v9(xmat, g2), v3(size, g2));
    let sz1 = [s1[0] + margin, s1[1] + margin, s1[2] + margin];
    let sz2 = [s2[0] + margin, s2[1] + margin, s2[2] + margin];
    for c in con.iter_mut() {
        c.dim = 0;
    }
    for c in con.iter_mut() {
        let out1 = crate::math::misc::outside_box(&c.pos, pos1, mat1, &sz1, REMOVE_RATIO);
        let out2 = crate::math::misc::outside_box(&c.pos, pos2, mat2, &sz2, REMOVE_RATIO);
        if (out1 == 1 && out2 != -1) || (out2 == 1 && out1 != -1) {
            c.dim = -1;
        }
    }
    for i in 0..num.saturating_sub(1) {
        if con[i].dim == -1 {
            continue;
        }
        for j in i + 1..num {
            if con[j].dim != -1 && con[i].pos == con[j].pos {
                con[i].dim = -1;
                break;
            }
        }
    }
    let mut i = 0;
    for j in 0..num {
        if con[j].dim == 0 {
            if i < j {
                con[i] = con[j];
            }
            i += 1;
        }
    }
    i
}

//------------------------------------ midphase ---------------------------------------------------

/// Separating-axis test of two oriented boxes in (center, half-size) form, each with an
/// optional pose; `cache` holds the axis products and offsets shared by all node pairs of two
/// bodies, filled while `*initialize` is set. True when the boxes (grown by `margin`) may
/// overlap (`mj_collideOBB`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn collide_obb(
    aabb1: &[f64],
    aabb2: &[f64],
    xpos1: Option<&[f64; 3]>,
    xmat1: Option<&[f64; 9]>,
    xpos2: Option<&[f64; 3]>,
    xmat2: Option<&[f64; 9]>,
    margin: f64,
    cache: Option<(&mut [f64; 36], &mut [f64; 12])>,
    initialize: &mut bool,
) -> bool {
    let (aabb1, aabb2): (&[f64; 6], &[f64; 6]) = match (aabb1.get(..6), aabb2.get(..6)) {
        (Some(a), Some(b)) => (a.try_into().unwrap(), b.try_into().unwrap()),
        _ => return true,
    };
    let inf = |a: &[f64; 6]| [a[3] >= mjMAXVAL, a[4] >= mjMAXVAL, a[5] >= mjMAXVAL];
    let (inf1, inf2) = (inf(aabb1), inf(aabb2));
    if (inf1[0] && inf1[1] && inf1[2]) || (inf2[0] && inf2[1] && inf2[2]) {
        return true;
    }
    let aabb = [aabb1, aabb2];
    let xmat = [xmat1, xmat2];
    let xpos = [xpos1, xpos2];
    let infinite = [inf1[0] || inf1[1] || inf1[2], inf2[0] || inf2[1] || inf2[2]];

    // face normals in global coordinates: normal[i][j] is axis j of box i (only built when
    // the cached products are not there yet)
    let normals = || {
        let mut normal = [[[0.0; 3]; 3]; 2];
        for i in 0..2 {
            normal[i] = match xmat[i] {
                Some(mat) => [[mat[0], mat[3], mat[6]], [mat[1], mat[4], mat[7]], [mat[2], mat[5], mat[8]]],
                None => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            };
        }
        normal
    };

    match cache {
        None => {
            let normal = normals();
            let mut xcenter = [[0.0; 3]; 2];
            for i in 0..2 {
                let c = [aabb[i][0], aabb[i][1], aabb[i][2]];
                xcenter[i] = match xmat[i] {
                    Some(mat) => crate::math::blas::mul_mat_vec3(mat, &c),
                    None => c,
                };
                if let Some(p) = xpos[i] {
                    crate::math::blas::add_to3(&mut xcenter[i], p);
                }
            }
            for j in 0..2 {
                if infinite[1 - j] {
                    continue;
                }
                for k in 0..3 {
                    let mut proj = [0.0; 2];
                    let mut radius = [0.0; 2];
                    for i in 0..2 {
                        let n = &normal[j][k];
                        proj[i] = dot3(&xcenter[i], n);
                        radius[i] = (aabb[i][3] * dot3(&normal[i][0], n)).abs()
                            + (aabb[i][4] * dot3(&normal[i][1], n)).abs()
                            + (aabb[i][5] * dot3(&normal[i][2], n)).abs();
                    }
                    if radius[0] + radius[1] + margin < (proj[1] - proj[0]).abs() {
                        return false;
                    }
                }
            }
        }
        Some((product, offset)) => {
            if *initialize {
                let normal = normals();
                for i in 0..2 {
                    for j in 0..2 {
                        for k in 0..3 {
                            for l in 0..3 {
                                product[18 * i + 9 * j + 3 * k + l] = dot3(&normal[i][l], &normal[j][k]);
                            }
                            offset[6 * i + 3 * j + k] = match xpos[i] {
                                Some(p) => dot3(p, &normal[j][k]),
                                None => 0.0,
                            };
                        }
                    }
                }
                *initialize = false;
            }
            for j in 0..2 {
                if infinite[1 - j] {
                    continue;
                }
                for k in 0..3 {
                    let mut proj = [0.0; 2];
                    let mut radius = [0.0; 2];
                    for i in 0..2 {
                        let adr = 18 * i + 9 * j + 3 * k;
                        let a = aabb[i];
                        proj[i] = a[0] * product[adr]
                            + a[1] * product[adr + 1]
                            + a[2] * product[adr + 2]
                            + offset[6 * i + 3 * j + k];
                        radius[i] = (a[3] * product[adr]).abs()
                            + (a[4] * product[adr + 1]).abs()
                            + (a[5] * product[adr + 2]).abs();
                    }
                    if radius[0] + radius[1] + margin < (proj[1] - proj[0]).abs() {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Walks the bounding volume hierarchies of two bodies/flexes (or one flex with itself) and
/// tests the overlapping leaves (`mj_collideTree`).
pub fn collide_tree(
    m: &mjModel,
    d: &mut mjData,
    bf1: usize,
    bf2: usize,
    merged: bool,
    startadr: usize,
    pairadr: usize,
) {
    let nbody = m.nbody as usize;
    let nbvhstatic = m.nbvhstatic as usize;
    let (isbody1, isbody2) = (bf1 < nbody, bf2 < nbody);
    let f1 = bf1.wrapping_sub(nbody);
    let f2 = bf2.wrapping_sub(nbody);
    let mark_active = m.vis.global.bvactive != 0;
    let bvhadr1 = if isbody1 { m.body_bvhadr()[bf1] } else { m.flex_bvhadr()[f1] } as usize;
    let bvhadr2 = if isbody2 { m.body_bvhadr()[bf2] } else { m.flex_bvhadr()[f2] } as usize;
    let bvhnum1 = if isbody1 { m.body_bvhnum()[bf1] } else { m.flex_bvhnum()[f1] }.max(0) as usize;
    let bvhnum2 = if isbody2 { m.body_bvhnum()[bf2] } else { m.flex_bvhnum()[f2] }.max(0) as usize;
    // each tree's nodes as slices of exactly its node count, so one range check per popped
    // node pair covers every access below
    let child = m.bvh_child().as_chunks::<2>().0;
    let child1 = &child[bvhadr1..bvhadr1 + bvhnum1];
    let child2 = &child[bvhadr2..bvhadr2 + bvhnum2];
    let nodeids = m.bvh_nodeid();
    let (nodeids1, nodeids2) = (&nodeids[bvhadr1..bvhadr1 + bvhnum1], &nodeids[bvhadr2..bvhadr2 + bvhnum2]);
    // body trees' boxes are the model's; flex trees' are in the data, taken per node pair
    // (the narrowphase between two node pairs needs the data mutably)
    let aabb_static = m.bvh_aabb().as_chunks::<6>().0;
    let static1: &[[f64; 6]] = if isbody1 { &aabb_static[bvhadr1..bvhadr1 + bvhnum1] } else { &[] };
    let static2: &[[f64; 6]] = if isbody2 { &aabb_static[bvhadr2..bvhadr2 + bvhnum2] } else { &[] };
    let (dyn1, dyn2) = (bvhadr1.wrapping_sub(nbvhstatic), bvhadr2.wrapping_sub(nbvhstatic));

    let mut product = [0.0; 36];
    let mut offset = [0.0; 12];
    let mut initialize = true;

    if !can_collide2(m, bf1, bf2) {
        return;
    }

    let (geom_margin, body_margin, flex_margin) = (m.geom_margin(), m.body_margin(), m.flex_margin());
    let (geom_aabb, geom_type, geom_rbound) = (m.geom_aabb(), m.geom_type(), m.geom_rbound());
    let (contype, conaff) = (m.geom_contype(), m.geom_conaffinity());
    // the two bodies' inertial frames (copies: the data is lent to the narrowphase below)
    let body_pose = |d: &mjData, bf: usize, isbody: bool| {
        let DataRef { xipos, ximat, .. } = d.arrays(m);
        if isbody {
            (*v3(xipos, bf), *v9(ximat, bf))
        } else {
            ([0.0; 3], [0.0; 9])
        }
    };
    let ((xipos1, ximat1), (xipos2, ximat2)) = (body_pose(d, bf1, isbody1), body_pose(d, bf2, isbody2));

    with_frame(d, |d, f| {
        let max_stack = bvhnum1 + bvhnum2;
        let stack = f.ints(d, 2 * max_stack);
        let mut nstack = 1;
        stack[0] = 0;
        stack[1] = 0;

        // planes of a static body against a flex are handled directly
        if isbody1 && !isbody2 && m.body_weldid()[bf1] == 0 {
            let adr = m.body_geomadr()[bf1] as usize;
            let num = m.body_geomnum()[bf1] as usize;
            for (g, &t) in geom_type.iter().enumerate().skip(adr).take(num) {
                if t == mjGEOM_PLANE as i32 {
                    collide_plane_flex(m, d, g, f2);
                }
            }
        }

        let set_active = |d: &mut mjData, n1: usize, n2: usize| {
            if mark_active {
                let (i1, i2) = (n1 + bvhadr1, n2 + bvhadr2);
                let nbvh = m.nbvh as usize;
                assert!(i1 < nbvh && i2 < nbvh, "BVH node out of range");
                // atomic stores: pieces of a split narrowphase (sink::ordered_split) mark nodes
                // of shared trees at once
                // SAFETY: bvh_active holds nbvh bytes (indices checked above); the byte is only
                // accessed through atomics while collisions run, and AtomicU8 has u8's layout
                unsafe {
                    let p = d.bvh_active;
                    core::sync::atomic::AtomicU8::from_ptr(p.add(i1)).store(1, core::sync::atomic::Ordering::Relaxed);
                    core::sync::atomic::AtomicU8::from_ptr(p.add(i2)).store(1, core::sync::atomic::Ordering::Relaxed);
                }
            }
        };

        while nstack > 0 {
            nstack -= 1;
            let (node1, node2) = (stack[2 * nstack] as usize, stack[2 * nstack + 1] as usize);
            if node1 >= bvhnum1 || node2 >= bvhnum2 {
                crate::runtime::error::raise(format_args!("BVH child index out of range"));
                break;
            }
            let (kids1, kids2) = (child1[node1], child2[node2]);
            let isleaf1 = kids1[0] < 0 && kids1[1] < 0;
            let isleaf2 = kids2[0] < 0 && kids2[1] < 0;
            let (nodeid1, nodeid2) = (nodeids1[node1], nodeids2[node2]);
            if (isleaf1 && nodeid1 < 0) || (isleaf2 && nodeid2 < 0) {
                crate::runtime::error::raise(format_args!("BVH leaf has invalid node id"));
                break;
            }
            if bf1 == bf2 && node1 > node2 {
                continue;
            }
            let (n1, n2) = (nodeid1 as usize, nodeid2 as usize);
            let dv = d.arrays(m);
            let (xpos, xmat) = (dv.geom_xpos, dv.geom_xmat);
            // node boxes, taken where needed (leaf pairs of bodies use the geom boxes)
            let aabb_dyn = dv.bvh_aabb_dyn.as_chunks::<6>().0;
            let bvh1 = if isbody1 { static1 } else { &aabb_dyn[dyn1..dyn1 + bvhnum1] };
            let bvh2 = if isbody2 { static2 } else { &aabb_dyn[dyn2..dyn2 + bvhnum2] };
            let (box1, box2) = (|| &bvh1[node1][..], || &bvh2[node2][..]);

            if isbody1 && isbody2 {
                if isleaf1 && isleaf2 {
                    let margin = assign_margin(m, max(geom_margin[n1], geom_margin[n2]));
                    if !filter_sphere_in(geom_rbound, geom_type, xpos, xmat, n1, n2, margin)
                        && collide_obb(
                            v6(geom_aabb, n1),
                            v6(geom_aabb, n2),
                            Some(v3(xpos, n1)),
                            Some(v9(xmat, n1)),
                            Some(v3(xpos, n2)),
                            Some(v9(xmat, n2)),
                            margin,
                            None,
                            &mut initialize,
                        )
                    {
                        collide_geom_pair(m, d, n1, n2, merged, startadr, pairadr);
                        set_active(d, node1, node2);
                    }
                    continue;
                }
                let margin = assign_margin(m, max(body_margin[bf1], body_margin[bf2]));
                if !collide_obb(
                    box1(),
                    box2(),
                    Some(&xipos1),
                    Some(&ximat1),
                    Some(&xipos2),
                    Some(&ximat2),
                    margin,
                    Some((&mut product, &mut offset)),
                    &mut initialize,
                ) {
                    continue;
                }
            } else if isbody1 {
                if isleaf1 && isleaf2 {
                    let margin = assign_margin(m, max(geom_margin[n1], flex_margin[f2]));
                    let (fct, fca) = (m.flex_contype()[f2], m.flex_conaffinity()[f2]);
                    if !filter_bitmask(contype[n1], conaff[n1], fct, fca)
                        && !filter_sphere_box(v3(xpos, n1), geom_rbound[n1] + margin, box2())
                        && collide_obb(
                            v6(geom_aabb, n1),
                            box2(),
                            Some(v3(xpos, n1)),
                            Some(v9(xmat, n1)),
                            None,
                            None,
                            margin,
                            None,
                            &mut initialize,
                        )
                    {
                        if geom_type[n1] != mjGEOM_PLANE as i32 {
                            collide_geom_elem(m, d, n1, f2, n2);
                        }
                        set_active(d, node1, node2);
                    }
                    continue;
                }
                let margin = assign_margin(m, max(body_margin[bf1], flex_margin[f2]));
                if !collide_obb(
                    box1(),
                    box2(),
                    Some(&xipos1),
                    Some(&ximat1),
                    None,
                    None,
                    margin,
                    Some((&mut product, &mut offset)),
                    &mut initialize,
                ) {
                    continue;
                }
            } else if isbody2 {
                crate::mjerror!("mj_collideTree", "BVH flex : body collision should not occur");
                break;
            } else {
                if isleaf1 && isleaf2 {
                    collide_elems(m, d, f1, n1, f2, n2);
                    set_active(d, node1, node2);
                    continue;
                }
                let margin = assign_margin(m, max(flex_margin[f1], flex_margin[f2]));
                if filter_box(box1(), box2(), margin) {
                    continue;
                }
            }

            // descend into the hierarchy with the larger box (or the one that is not a leaf)
            let descend1 = if !isleaf1 && isleaf2 {
                true
            } else if isleaf1 && !isleaf2 {
                false
            } else {
                let (box1, box2) = (box1(), box2());
                let (x1, y1, z1) = (box1[3] - box1[0], box1[4] - box1[1], box1[5] - box1[2]);
                let (x2, y2, z2) = (box2[3] - box2[0], box2[4] - box2[1], box2[5] - box2[2]);
                x1 * y1 + y1 * z1 + z1 * x1 > x2 * y2 + y2 * z2 + z2 * x2
            };
            set_active(d, node1, node2);
            for i in 0..2 {
                let (c1, c2) = if descend1 { (kids1[i], node2 as i32) } else { (node1 as i32, kids2[i]) };
                if (descend1 && c1 == -1) || (!descend1 && c2 == -1) {
                    continue;
                }
                if nstack >= max_stack {
                    crate::mjerror!("mj_collideTree", "BVH stack depth exceeded.");
                    return;
                }
                stack[2 * nstack] = c1;
                stack[2 * nstack + 1] = c2;
                nstack += 1;
            }
        }
    })
}

//------------------------------------ geom distance ----------------------------------------------

/// Contact buffer of [`geom_distance_with`] for the primitive pairs (other than box-box), which
/// write at most 4 contacts. One per thread ([`with_distance_scratch`]): clearing a new one took
/// longer than a primitive pair's distance. What a pair function left in it is never read, as
/// only the contacts a call writes are looked at.
pub type DistanceScratch = [mjContact; 8];

thread_local! {
    /// The thread's [`DistanceScratch`].
    static DISTANCE_SCRATCH: core::cell::RefCell<DistanceScratch> =
        const { core::cell::RefCell::new([zero_contact(); 8]) };
}

/// Runs `f` with the thread's [`DistanceScratch`], or a new one if that is in use.
pub fn with_distance_scratch<R>(f: impl FnOnce(&mut DistanceScratch) -> R) -> R {
    DISTANCE_SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut [zero_contact(); 8]),
    })
}

/// Smallest signed distance between geoms `g1` and `g2` up to `distmax`, with the nearest
/// points in `fromto` (`mj_geomDistance`).
pub fn geom_distance(
    m: &mjModel,
    d: &mjData,
    geom1: usize,
    geom2: usize,
    distmax: f64,
    fromto: Option<&mut [f64; 6]>,
) -> f64 {
    with_distance_scratch(|scratch| geom_distance_with(m, d, geom1, geom2, distmax, fromto, scratch))
}

/// [`geom_distance`] with the caller's contact buffer for the primitive pairs.
pub fn geom_distance_with(
    m: &mjModel,
    d: &mjData,
    geom1: usize,
    geom2: usize,
    distmax: f64,
    mut fromto: Option<&mut [f64; 6]>,
    scratch: &mut DistanceScratch,
) -> f64 {
    if let Some(ft) = fromto.as_deref_mut() {
        *ft = [0.0; 6];
    }
    let gtype = m.geom_type();
    let flip = gtype[geom1] > gtype[geom2];
    let (g1, g2) = if flip { (geom2, geom1) } else { (geom1, geom2) };
    let (t1, t2) = (gtype[g1] as usize, gtype[g2] as usize);
    let Some(func) = COLLISION_TABLE.get(t1).and_then(|r| r.get(t2)).copied().flatten() else {
        return distmax;
    };

    if !disabled(m, mjDSBL_NATIVECCD)
        && (is_convex_entry(t1, t2) || (t1 == mjGEOM_BOX as usize && t2 == mjGEOM_BOX as usize))
    {
        return geom_distance_ccd(m, d, geom1, geom2, distmax, fromto);
    }

    if few_contacts(t1, t2) {
        let num = func(m, d, scratch, g1, g2, distmax).min(scratch.len());
        nearest_contact(&scratch[..num], distmax, flip, fromto)
    } else {
        geom_distance_many(m, d, func, g1, g2, distmax, flip, fromto)
    }
}

/// The pairs of [`geom_distance_with`] that may write up to `mjMAXCONPAIR` contacts. Kept out of
/// line: its buffer (27 KB) would otherwise make every distance call probe that much stack.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn geom_distance_many(
    m: &mjModel,
    d: &mjData,
    func: CollideFn,
    g1: usize,
    g2: usize,
    distmax: f64,
    flip: bool,
    fromto: Option<&mut [f64; 6]>,
) -> f64 {
    let mut con = [zero_contact(); mjMAXCONPAIR];
    let num = func(m, d, &mut con, g1, g2, distmax).min(con.len());
    nearest_contact(&con[..num], distmax, flip, fromto)
}

/// Smallest contact distance below `distmax` (else `distmax`), and that contact's nearest points
/// in `fromto`, `g1`'s first unless `flip`.
#[inline(always)]
fn nearest_contact(con: &[mjContact], distmax: f64, flip: bool, fromto: Option<&mut [f64; 6]>) -> f64 {
    let mut dist = distmax;
    let mut smallest = None;
    for (i, c) in con.iter().enumerate() {
        if c.dist < dist {
            dist = c.dist;
            smallest = Some(i);
        }
    }
    if let (Some(ft), Some(i)) = (fromto, smallest) {
        let sign = if flip { -1.0 } else { 1.0 };
        // the pair function has just stored the contact: its values are read one at a time, as a
        // wider load across two of its stores would wait for both to complete
        let c = &con[i];
        let pos = c.pos.map(scalar_lane);
        let n = [scalar_lane(c.frame[0]), scalar_lane(c.frame[1]), scalar_lane(c.frame[2])];
        let a = crate::math::blas::add_scl3(&pos, &n, -0.5 * sign * dist);
        let b = crate::math::blas::add_scl3(&pos, &n, 0.5 * sign * dist);
        *ft = [a[0], a[1], a[2], b[0], b[1], b[2]];
    }
    dist
}

/// Geom distance by the native convex solver (`mj_geomDistanceCCD`).
fn geom_distance_ccd(
    m: &mjModel,
    d: &mjData,
    g1: usize,
    g2: usize,
    distmax: f64,
    fromto: Option<&mut [f64; 6]>,
) -> f64 {
    let config = gjk::CcdConfig {
        max_iterations: m.opt.ccd_iterations,
        tolerance: m.opt.ccd_tolerance,
        max_contacts: 1,
        dist_cutoff: distmax,
        memory: gjk::EpaMemory::Stack(core::ptr::null_mut()),
    };
    let mut obj1 = convex::CcdObj::new(m, d, g1 as i32, 0.0);
    let mut obj2 = convex::CcdObj::new(m, d, g2 as i32, 0.0);
    // the thread's scratch status, as the collision pipeline's queries use (a fresh one would
    // clear its 2.7 KB on every call)
    let dist = gjk::with_status(|status| {
        let dist = gjk::ccd(&config, status, &mut obj1, &mut obj2);
        if let Some(ft) = fromto {
            if status.nx > 0 {
                ft[..3].copy_from_slice(&status.x1[..3]);
                ft[3..].copy_from_slice(&status.x2[..3]);
            }
        }
        dist
    });
    if dist < distmax {
        dist
    } else {
        distmax
    }
}
