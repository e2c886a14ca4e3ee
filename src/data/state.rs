//! The state vector: a selection of mjData components, chosen by a bit signature (`mjtState`),
//! laid out one after the other in bit order as `mjtNum`s (simulation chapter, "State").
//!
//! `eq_active` is `mjtByte` in mjData and is widened to / narrowed from `mjtNum` in the vector.
//! Nothing here allocates. An invalid argument is reported through `mju_error`; if the handler
//! returns, the function returns without touching anything.

use crate::abi::*;

/// Number of state components (`mjNSTATE`).
pub const NSTATE: u32 = mjtState_::mjNSTATE as u32;

/// Bit of the `eq_active` component.
const EQ_ACTIVE: u32 = mjtState_::mjSTATE_EQ_ACTIVE as u32;

/// Number of `mjtNum`s that the single component `bit` takes in a state vector.
fn elem_size(m: &mjModel, bit: u32) -> usize {
    use mjtState_::*;
    let n = |x: core::ffi::c_int| x.max(0) as usize;
    match bit {
        b if b == mjSTATE_TIME as u32 => 1,
        b if b == mjSTATE_QPOS as u32 => n(m.nq),
        b if b == mjSTATE_QVEL as u32 => n(m.nv),
        b if b == mjSTATE_ACT as u32 => n(m.na),
        b if b == mjSTATE_WARMSTART as u32 => n(m.nv),
        b if b == mjSTATE_CTRL as u32 => n(m.nu),
        b if b == mjSTATE_QFRC_APPLIED as u32 => n(m.nv),
        b if b == mjSTATE_XFRC_APPLIED as u32 => 6 * n(m.nbody),
        b if b == mjSTATE_EQ_ACTIVE as u32 => n(m.neq),
        b if b == mjSTATE_MOCAP_POS as u32 => 3 * n(m.nmocap),
        b if b == mjSTATE_MOCAP_QUAT as u32 => 4 * n(m.nmocap),
        b if b == mjSTATE_USERDATA as u32 => n(m.nuserdata),
        b if b == mjSTATE_PLUGIN as u32 => n(m.npluginstate),
        _ => 0,
    }
}

/// First `mjtNum` of the array component `bit` in `d` (null for time and eq_active).
fn elem_ptr(d: &mjData, bit: u32) -> *mut mjtNum {
    use mjtState_::*;
    match bit {
        b if b == mjSTATE_QPOS as u32 => d.qpos,
        b if b == mjSTATE_QVEL as u32 => d.qvel,
        b if b == mjSTATE_ACT as u32 => d.act,
        b if b == mjSTATE_WARMSTART as u32 => d.qacc_warmstart,
        b if b == mjSTATE_CTRL as u32 => d.ctrl,
        b if b == mjSTATE_QFRC_APPLIED as u32 => d.qfrc_applied,
        b if b == mjSTATE_XFRC_APPLIED as u32 => d.xfrc_applied,
        b if b == mjSTATE_MOCAP_POS as u32 => d.mocap_pos,
        b if b == mjSTATE_MOCAP_QUAT as u32 => d.mocap_quat,
        b if b == mjSTATE_USERDATA as u32 => d.userdata,
        b if b == mjSTATE_PLUGIN as u32 => d.plugin_state,
        _ => core::ptr::null_mut(),
    }
}

/// The numbers of component `bit` (not eq_active) of `d`, which is made for `m`.
fn elem<'a>(m: &mjModel, d: &'a mjData, bit: u32) -> &'a [mjtNum] {
    if bit == mjtState_::mjSTATE_TIME as u32 {
        return core::slice::from_ref(&d.time);
    }
    let (p, n) = (elem_ptr(d, bit), elem_size(m, bit));
    if n == 0 || p.is_null() {
        return &[];
    }
    // SAFETY: d is made for m (the engine invariant, see mjData_::arrays), so the component's
    // array holds elem_size(m, bit) numbers; the borrow of d keeps them alive and unchanged
    unsafe { core::slice::from_raw_parts(p, n) }
}

/// Mutable form of [`elem`].
fn elem_mut<'a>(m: &mjModel, d: &'a mut mjData, bit: u32) -> &'a mut [mjtNum] {
    if bit == mjtState_::mjSTATE_TIME as u32 {
        return core::slice::from_mut(&mut d.time);
    }
    let (p, n) = (elem_ptr(d, bit), elem_size(m, bit));
    if n == 0 || p.is_null() {
        return &mut [];
    }
    // SAFETY: as in `elem`; the exclusive borrow of d makes this the only access to the array
    unsafe { core::slice::from_raw_parts_mut(p, n) }
}

/// The `eq_active` flags of `d` (made for `m`).
fn eq_active<'a>(m: &mjModel, d: &'a mjData) -> &'a [mjtByte] {
    let n = elem_size(m, EQ_ACTIVE);
    if n == 0 || d.eq_active.is_null() {
        return &[];
    }
    // SAFETY: d is made for m, so eq_active holds neq flags (as in `elem`)
    unsafe { core::slice::from_raw_parts(d.eq_active, n) }
}

/// Mutable form of [`eq_active`].
fn eq_active_mut<'a>(m: &mjModel, d: &'a mut mjData) -> &'a mut [mjtByte] {
    let n = elem_size(m, EQ_ACTIVE);
    if n == 0 || d.eq_active.is_null() {
        return &mut [];
    }
    // SAFETY: as in `eq_active`; the exclusive borrow of d makes this the only access
    unsafe { core::slice::from_raw_parts_mut(d.eq_active, n) }
}

/// The component bits set in `sig`, in state-vector order.
fn bits(sig: u32) -> impl Iterator<Item = u32> {
    (0..NSTATE).map(|i| 1u32 << i).filter(move |b| b & sig != 0)
}

/// Narrows a state-vector number to the byte stored in `eq_active` (C's conversion on x86-64).
fn num_to_byte(x: mjtNum) -> mjtByte {
    (x as i32) as mjtByte
}

/// Reports an out-of-range signature for `func`; true if `sig` is invalid.
pub fn bad_signature(func: &str, sig: u32) -> bool {
    if sig >= 1 << NSTATE {
        crate::mjerror!(func, "invalid state signature {} >= 2^mjNSTATE", sig);
        return true;
    }
    false
}

/// Length of the state vector of signature `sig` (0 after an error report).
pub fn state_size(m: &mjModel, sig: u32) -> usize {
    if bad_signature("mj_stateSize", sig) {
        return 0;
    }
    vector_len(m, sig)
}

/// Length of the state vector of the valid bits of `sig` (no error report).
pub fn vector_len(m: &mjModel, sig: u32) -> usize {
    bits(sig).map(|b| elem_size(m, b)).sum()
}

/// Writes the components `sig` of `d` (made for `m`) to the start of `state`, which must hold
/// [`vector_len`] numbers.
pub fn get_state(m: &mjModel, d: &mjData, state: &mut [mjtNum], sig: u32) {
    if bad_signature("mj_getState", sig) {
        return;
    }
    let mut out = state;
    for b in bits(sig) {
        let n = elem_size(m, b);
        let (dst, rest) = out.split_at_mut(n);
        if b == EQ_ACTIVE {
            for (o, &x) in dst.iter_mut().zip(eq_active(m, d)) {
                *o = x as mjtNum;
            }
        } else {
            dst.copy_from_slice(&elem(m, d, b)[..n]);
        }
        out = rest;
    }
}

/// Sets the components `sig` of `d` (made for `m`) from `state`, which must hold
/// [`vector_len`] numbers.
pub fn set_state(m: &mjModel, d: &mut mjData, state: &[mjtNum], sig: u32) {
    if bad_signature("mj_setState", sig) {
        return;
    }
    let mut inp = state;
    for b in bits(sig) {
        let n = elem_size(m, b);
        let (src, rest) = inp.split_at(n);
        if b == EQ_ACTIVE {
            for (o, &x) in eq_active_mut(m, d).iter_mut().zip(src) {
                *o = num_to_byte(x);
            }
        } else {
            elem_mut(m, d, b)[..n].copy_from_slice(src);
        }
        inp = rest;
    }
}

/// Copies the components `sig` from `src` to `dst` (both made for `m`).
pub fn copy_state(m: &mjModel, src: &mjData, dst: &mut mjData, sig: u32) {
    if bad_signature("mj_copyState", sig) {
        return;
    }
    for b in bits(sig) {
        let n = elem_size(m, b);
        if b == EQ_ACTIVE {
            eq_active_mut(m, dst)[..n].copy_from_slice(&eq_active(m, src)[..n]);
        } else {
            elem_mut(m, dst, b)[..n].copy_from_slice(&elem(m, src, b)[..n]);
        }
    }
}

/// Copies from the state vector `src` (signature `srcsig`) the components of `dstsig`, which
/// must be a subset of `srcsig`, into `dst`; each holds [`vector_len`] numbers for its signature.
pub fn extract_state(m: &mjModel, src: &[mjtNum], srcsig: u32, dst: &mut [mjtNum], dstsig: u32) {
    if srcsig & dstsig != dstsig {
        crate::mjerror!("mj_extractState", "dstsig is not a subset of srcsig");
        return;
    }
    let (mut s, mut o) = (src, dst);
    for b in bits(srcsig) {
        let n = elem_size(m, b);
        let (from, srest) = s.split_at(n);
        if b & dstsig != 0 {
            let (to, orest) = o.split_at_mut(n);
            to.copy_from_slice(from);
            o = orest;
        }
        s = srest;
    }
}

/// Stores time, qpos, qvel, act, mocap pose and ctrl of `d` (made for `m`) as keyframe `k` of `m`.
pub fn set_keyframe(m: &mut mjModel, d: &mjData, k: i32) {
    if k >= m.nkey {
        crate::mjerror!("mj_setKeyframe", "index must be smaller than {} (keyframes allocated in model)", m.nkey);
        return;
    }
    if k < 0 {
        crate::mjerror!("mj_setKeyframe", "keyframe index cannot be negative");
        return;
    }
    use mjtState_::*;
    let k = k as usize;
    let n = |x: core::ffi::c_int| x.max(0) as usize;
    let (nq, nv, na, nu, nmocap) = (n(m.nq), n(m.nv), n(m.na), n(m.nu), n(m.nmocap));
    let nkey = n(m.nkey);
    // (key array, its width, the component of d)
    let rows = [
        (m.key_time, 1, mjSTATE_TIME),
        (m.key_qpos, nq, mjSTATE_QPOS),
        (m.key_qvel, nv, mjSTATE_QVEL),
        (m.key_act, na, mjSTATE_ACT),
        (m.key_mpos, 3 * nmocap, mjSTATE_MOCAP_POS),
        (m.key_mquat, 4 * nmocap, mjSTATE_MOCAP_QUAT),
        (m.key_ctrl, nu, mjSTATE_CTRL),
    ];
    for (key, w, bit) in rows {
        if w == 0 {
            continue;
        }
        // SAFETY: the model's key arrays hold nkey rows of their width (mjModel's layout) and k
        // < nkey; the exclusive borrow of m makes this the only access to them
        let row = unsafe { &mut core::slice::from_raw_parts_mut(key, nkey * w)[k * w..k * w + w] };
        row.copy_from_slice(&elem(m, d, bit as u32)[..w]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::c_char;
    use std::sync::Mutex;

    // the error handler is process-wide; tests that use it run one at a time
    static LOCK: Mutex<()> = Mutex::new(());
    static LAST: Mutex<String> = Mutex::new(String::new());

    unsafe extern "C" fn catch(msg: *const c_char) {
        // SAFETY: test fixture: called only by this test with pointers to its own live objects
        unsafe {
            *LAST.lock().unwrap() = core::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned();
        }
    }

    fn with_handler<R>(f: impl FnOnce() -> R) -> (R, String) {
        let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        LAST.lock().unwrap().clear();
        let old = crate::runtime::error::tls_error();
        crate::runtime::error::set_tls_error(Some(catch));
        let r = f();
        crate::runtime::error::set_tls_error(old);
        (r, LAST.lock().unwrap().clone())
    }

    fn tiny_model() -> mjModel {
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let mut m: mjModel = unsafe { core::mem::zeroed() };
        m.nq = 3;
        m.nv = 2;
        m.na = 1;
        m.nu = 2;
        m.nbody = 2;
        m.neq = 2;
        m.nmocap = 1;
        m.nuserdata = 3;
        m.npluginstate = 1;
        m
    }

    /// Backing storage for an mjData of `tiny_model`.
    struct Store {
        qpos: [f64; 3],
        qvel: [f64; 2],
        act: [f64; 1],
        warm: [f64; 2],
        ctrl: [f64; 2],
        qfrc: [f64; 2],
        xfrc: [f64; 12],
        eq: [u8; 2],
        mpos: [f64; 3],
        mquat: [f64; 4],
        user: [f64; 3],
        plug: [f64; 1],
    }

    impl Store {
        fn new(base: f64) -> Box<Store> {
            let mut s = Box::new(Store {
                qpos: [0.0; 3],
                qvel: [0.0; 2],
                act: [0.0; 1],
                warm: [0.0; 2],
                ctrl: [0.0; 2],
                qfrc: [0.0; 2],
                xfrc: [0.0; 12],
                eq: [1, 0],
                mpos: [0.0; 3],
                mquat: [0.0; 4],
                user: [0.0; 3],
                plug: [0.0; 1],
            });
            let mut k = base;
            for a in [
                &mut s.qpos[..],
                &mut s.qvel[..],
                &mut s.act[..],
                &mut s.warm[..],
                &mut s.ctrl[..],
                &mut s.qfrc[..],
                &mut s.xfrc[..],
                &mut s.mpos[..],
                &mut s.mquat[..],
                &mut s.user[..],
                &mut s.plug[..],
            ] {
                for x in a.iter_mut() {
                    k += 1.0;
                    *x = k;
                }
            }
            s
        }

        fn data(&mut self, time: f64) -> mjData {
            // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
            let mut d: mjData = unsafe { core::mem::zeroed() };
            d.time = time;
            d.qpos = self.qpos.as_mut_ptr();
            d.qvel = self.qvel.as_mut_ptr();
            d.act = self.act.as_mut_ptr();
            d.qacc_warmstart = self.warm.as_mut_ptr();
            d.ctrl = self.ctrl.as_mut_ptr();
            d.qfrc_applied = self.qfrc.as_mut_ptr();
            d.xfrc_applied = self.xfrc.as_mut_ptr();
            d.eq_active = self.eq.as_mut_ptr();
            d.mocap_pos = self.mpos.as_mut_ptr();
            d.mocap_quat = self.mquat.as_mut_ptr();
            d.userdata = self.user.as_mut_ptr();
            d.plugin_state = self.plug.as_mut_ptr();
            d
        }
    }

    #[test]
    fn sizes() {
        use mjtState_::*;
        let m = tiny_model();
        assert_eq!(state_size(&m, 0), 0);
        assert_eq!(state_size(&m, mjSTATE_TIME as u32), 1);
        assert_eq!(state_size(&m, mjSTATE_PHYSICS as u32), 6); // qpos 3 + qvel 2 + act 1
        assert_eq!(state_size(&m, mjSTATE_FULLPHYSICS as u32), 1 + 6 + 1); // + time, plugin
        assert_eq!(state_size(&m, mjSTATE_XFRC_APPLIED as u32), 12);
        assert_eq!(state_size(&m, mjSTATE_EQ_ACTIVE as u32), 2);
        assert_eq!(state_size(&m, mjSTATE_MOCAP_POS as u32 | mjSTATE_MOCAP_QUAT as u32), 7);
        // user: ctrl 2 + qfrc 2 + xfrc 12 + eq 2 + mocap 7 + userdata 3
        assert_eq!(state_size(&m, mjSTATE_USER as u32), 28);
        // everything: 1+3+2+1+2 + 28 + plugin 1
        assert_eq!(state_size(&m, mjSTATE_INTEGRATION as u32), 38);
    }

    #[test]
    fn invalid_signature() {
        let m = tiny_model();
        let (n, msg) = with_handler(|| state_size(&m, 1 << 13));
        assert_eq!(n, 0);
        assert_eq!(msg, "mj_stateSize: invalid state signature 8192 >= 2^mjNSTATE");
        let mut st = Store::new(0.0);
        let mut d = st.data(0.5);
        let mut buf = [7.0; 4];
        let (_, msg) = with_handler(|| get_state(&m, &d, &mut buf, u32::MAX));
        assert_eq!(msg, "mj_getState: invalid state signature 4294967295 >= 2^mjNSTATE");
        assert_eq!(buf, [7.0; 4]);
        let (_, msg) = with_handler(|| set_state(&m, &mut d, &buf, 1 << 20));
        assert_eq!(msg, "mj_setState: invalid state signature 1048576 >= 2^mjNSTATE");
        assert_eq!(d.time, 0.5);
    }

    #[test]
    fn get_set_roundtrip() {
        use mjtState_::*;
        let m = tiny_model();
        let mut a = Store::new(0.0);
        let da = a.data(0.25);
        let sig = mjSTATE_INTEGRATION as u32;
        let mut v = [0.0; 38];
        get_state(&m, &da, &mut v, sig);
        assert_eq!(v[0], 0.25);
        assert_eq!(&v[1..4], &[1.0, 2.0, 3.0]); // qpos
        assert_eq!(&v[4..6], &[4.0, 5.0]); // qvel
        assert_eq!(v[6], 6.0); // act
        assert_eq!(&v[7..9], &[7.0, 8.0]); // warmstart
        assert_eq!(&v[9..11], &[9.0, 10.0]); // ctrl
        assert_eq!(&v[11..13], &[11.0, 12.0]); // qfrc_applied
        assert_eq!(v[13], 13.0);
        assert_eq!(v[24], 24.0); // last of xfrc_applied
        assert_eq!(&v[25..27], &[1.0, 0.0]); // eq_active
        assert_eq!(&v[27..30], &[25.0, 26.0, 27.0]); // mocap_pos
        assert_eq!(&v[30..34], &[28.0, 29.0, 30.0, 31.0]); // mocap_quat
        assert_eq!(&v[34..37], &[32.0, 33.0, 34.0]); // userdata
        assert_eq!(v[37], 35.0); // plugin_state

        let mut b = Store::new(100.0);
        b.eq = [0, 1];
        let mut db = b.data(9.0);
        v[25] = 0.0;
        v[26] = 1.0;
        set_state(&m, &mut db, &v, sig);
        assert_eq!(db.time, 0.25);
        assert_eq!(b.qpos, [1.0, 2.0, 3.0]);
        assert_eq!(b.eq, [0, 1]);
        assert_eq!(b.plug, [35.0]);

        // a partial signature touches only its components
        let mut c = Store::new(100.0);
        let mut dc = c.data(9.0);
        let part = [-1.0, -2.0, 3.0, 0.0]; // qvel 2 + eq_active 2
        let psig = mjSTATE_QVEL as u32 | mjSTATE_EQ_ACTIVE as u32;
        set_state(&m, &mut dc, &part, psig);
        assert_eq!(c.qvel, [-1.0, -2.0]);
        assert_eq!(c.eq, [3, 0]);
        assert_eq!(c.qpos, [101.0, 102.0, 103.0]);
        assert_eq!(dc.time, 9.0);
    }

    #[test]
    fn copy_and_extract() {
        use mjtState_::*;
        let m = tiny_model();
        let mut a = Store::new(0.0);
        a.eq = [0, 1];
        let da = a.data(1.5);
        let mut b = Store::new(50.0);
        let mut db = b.data(2.5);
        let sig = mjSTATE_TIME as u32 | mjSTATE_CTRL as u32 | mjSTATE_EQ_ACTIVE as u32;
        copy_state(&m, &da, &mut db, sig);
        assert_eq!(db.time, 1.5);
        assert_eq!(b.ctrl, [9.0, 10.0]);
        assert_eq!(b.eq, [0, 1]);
        assert_eq!(b.qpos, [51.0, 52.0, 53.0]);

        let full = mjSTATE_FULLPHYSICS as u32;
        let mut v = [0.0; 8];
        get_state(&m, &da, &mut v, full);
        let mut out = [0.0; 3];
        let sub = mjSTATE_QVEL as u32 | mjSTATE_PLUGIN as u32;
        extract_state(&m, &v, full, &mut out, sub);
        assert_eq!(out, [4.0, 5.0, 35.0]);

        let (_, msg) = with_handler(|| extract_state(&m, &v, full, &mut out, mjSTATE_CTRL as u32));
        assert_eq!(msg, "mj_extractState: dstsig is not a subset of srcsig");
        assert_eq!(out, [4.0, 5.0, 35.0]);
    }

    #[test]
    fn keyframes() {
        let mut m = tiny_model();
        m.nkey = 2;
        let mut time = [0.0; 2];
        let mut qpos = [0.0; 6];
        let mut qvel = [0.0; 4];
        let mut act = [0.0; 2];
        let mut mpos = [0.0; 6];
        let mut mquat = [0.0; 8];
        let mut ctrl = [0.0; 4];
        m.key_time = time.as_mut_ptr();
        m.key_qpos = qpos.as_mut_ptr();
        m.key_qvel = qvel.as_mut_ptr();
        m.key_act = act.as_mut_ptr();
        m.key_mpos = mpos.as_mut_ptr();
        m.key_mquat = mquat.as_mut_ptr();
        m.key_ctrl = ctrl.as_mut_ptr();
        let mut s = Store::new(0.0);
        let d = s.data(4.0);
        set_keyframe(&mut m, &d, 1);
        let (_, msg) = with_handler(|| set_keyframe(&mut m, &d, 2));
        assert_eq!(msg, "mj_setKeyframe: index must be smaller than 2 (keyframes allocated in model)");
        let (_, msg) = with_handler(|| set_keyframe(&mut m, &d, -1));
        assert_eq!(msg, "mj_setKeyframe: keyframe index cannot be negative");
        assert_eq!(time, [0.0, 4.0]);
        assert_eq!(qpos, [0.0, 0.0, 0.0, 1.0, 2.0, 3.0]);
        assert_eq!(qvel, [0.0, 0.0, 4.0, 5.0]);
        assert_eq!(act, [0.0, 6.0]);
        assert_eq!(ctrl, [0.0, 0.0, 9.0, 10.0]);
        assert_eq!(mpos, [0.0, 0.0, 0.0, 25.0, 26.0, 27.0]);
        assert_eq!(mquat, [0.0, 0.0, 0.0, 0.0, 28.0, 29.0, 30.0, 31.0]);
    }

    #[test]
    fn byte_narrowing() {
        assert_eq!(num_to_byte(1.0), 1);
        assert_eq!(num_to_byte(0.9), 0);
        assert_eq!(num_to_byte(-1.0), 255);
        assert_eq!(num_to_byte(256.0), 0);
    }
}
