//! Object names: lookup by name and by id, and the hash map the compiler stores in the model.
//!
//! `mjModel.names` holds the model name followed by the NUL-terminated name of every object,
//! list after list; `name_*adr` give each object's offset. `mjModel.names_map` is an open
//! addressing table with `NAMES_MAP_MULTIPLE` slots per object, one section per named object
//! type in the order of [`NAMED_TYPES`]; a slot holds an object id or -1. Keys are placed with the
//! djb2-xor string hash modulo the section size and linear probing; objects with empty names are
//! not entered.

use core::ffi::{c_char, c_int, CStr};

use crate::abi::mjModel;
use crate::abi::mjtObj_::{self, *};

/// Slots per object in each section of `names_map` (upstream's `mjLOAD_MULTIPLE`).
pub const NAMES_MAP_MULTIPLE: usize = 2;

/// The named object types in the order of their sections in `names` and `names_map`.
/// (`mjOBJ_XBODY` shares the body section; other types have no names.)
pub const NAMED_TYPES: [mjtObj_; 23] = [
    mjOBJ_BODY,
    mjOBJ_JOINT,
    mjOBJ_GEOM,
    mjOBJ_SITE,
    mjOBJ_CAMERA,
    mjOBJ_LIGHT,
    mjOBJ_FLEX,
    mjOBJ_MESH,
    mjOBJ_SKIN,
    mjOBJ_HFIELD,
    mjOBJ_TEXTURE,
    mjOBJ_MATERIAL,
    mjOBJ_PAIR,
    mjOBJ_EXCLUDE,
    mjOBJ_EQUALITY,
    mjOBJ_TENDON,
    mjOBJ_ACTUATOR,
    mjOBJ_SENSOR,
    mjOBJ_NUMERIC,
    mjOBJ_TEXT,
    mjOBJ_TUPLE,
    mjOBJ_KEY,
    mjOBJ_PLUGIN,
];

/// Position of an object type in [`NAMED_TYPES`], or None for types without names
/// (unknown, dof, frame, default, model and out-of-range values).
pub fn named_index(objtype: c_int) -> Option<usize> {
    if objtype == mjOBJ_XBODY as c_int {
        return Some(0);
    }
    NAMED_TYPES.iter().position(|t| *t as c_int == objtype)
}

/// Object counts of the named sections, in [`NAMED_TYPES`] order.
pub fn named_counts(m: &mjModel) -> [c_int; 23] {
    [
        m.nbody, m.njnt, m.ngeom, m.nsite, m.ncam, m.nlight, m.nflex, m.nmesh, m.nskin, m.nhfield, m.ntex, m.nmat,
        m.npair, m.nexclude, m.neq, m.ntendon, m.nu, m.nsensor, m.nnumeric, m.ntext, m.ntuple, m.nkey, m.nplugin,
    ]
}

/// Name address arrays of the named sections, in [`NAMED_TYPES`] order.
pub fn named_adrs(m: &mjModel) -> [&[c_int]; 23] {
    [
        m.name_bodyadr(),
        m.name_jntadr(),
        m.name_geomadr(),
        m.name_siteadr(),
        m.name_camadr(),
        m.name_lightadr(),
        m.name_flexadr(),
        m.name_meshadr(),
        m.name_skinadr(),
        m.name_hfieldadr(),
        m.name_texadr(),
        m.name_matadr(),
        m.name_pairadr(),
        m.name_excludeadr(),
        m.name_eqadr(),
        m.name_tendonadr(),
        m.name_actuatoradr(),
        m.name_sensoradr(),
        m.name_numericadr(),
        m.name_textadr(),
        m.name_tupleadr(),
        m.name_keyadr(),
        m.name_pluginadr(),
    ]
}

/// Where the names of one object type live in a model.
#[derive(Clone, Copy, Debug)]
pub struct NameSection<'m> {
    /// Number of objects of the type.
    pub count: c_int,
    /// `name_*adr` array of the type (length `count`).
    pub adr: &'m [c_int],
    /// First slot of the type's section in `names_map`, counted back from `nnames_map` as
    /// upstream does, so that the sections are found the same way in any model.
    pub mapadr: i64,
}

/// The name section of an object type; None for types that have no names.
pub fn name_section(m: &mjModel, objtype: c_int) -> Option<NameSection<'_>> {
    let k = named_index(objtype)?;
    let counts = named_counts(m);
    let after: i64 = counts[k..].iter().map(|&n| n as i64).sum();
    Some(NameSection {
        count: counts[k],
        adr: named_adrs(m)[k],
        mapadr: m.nnames_map as i64 - NAMES_MAP_MULTIPLE as i64 * after,
    })
}

/// djb2 string hash with xor (`h = h*33 ^ c`) reduced modulo `n`; bytes are sign-extended
/// as C's `char` is on the platforms MuJoCo ships for. `n` must not be zero.
pub fn hash_name(name: &[u8], n: u64) -> u64 {
    let mut h: u64 = 5381;
    for &b in name {
        if b == 0 {
            break;
        }
        let c = b as i8 as i64 as u64;
        h = (h << 5).wrapping_add(h) ^ c;
    }
    if n == 0 {
        h
    } else {
        h % n
    }
}

/// Fills one section of `names_map` (length `NAMES_MAP_MULTIPLE * names.len()`) for objects
/// whose names are given in id order: -1 everywhere, then each non-empty name's id at its hash
/// slot or the next free one. Returns false (leaving the section partly filled) if `map` has the
/// wrong length.
pub fn fill_names_map<N: AsRef<[u8]>>(map: &mut [c_int], names: &[N]) -> bool {
    let size = NAMES_MAP_MULTIPLE * names.len();
    if map.len() != size {
        return false;
    }
    map.fill(-1);
    for (id, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if name.is_empty() || name[0] == 0 {
            continue;
        }
        let mut j = hash_name(name, size as u64) as usize;
        // at most half the slots are used, so a free one exists
        while map[j] != -1 {
            j = (j + 1) % size;
        }
        map[j] = id as c_int;
    }
    true
}

/// Builds the whole `names_map` from per-section name lists in [`NAMED_TYPES`] order.
pub fn build_names_map<N: AsRef<[u8]>>(sections: &[&[N]]) -> Vec<c_int> {
    let total: usize = sections.iter().map(|s| NAMES_MAP_MULTIPLE * s.len()).sum();
    let mut map = vec![-1; total];
    let mut at = 0;
    for s in sections {
        let n = NAMES_MAP_MULTIPLE * s.len();
        fill_names_map(&mut map[at..at + n], s);
        at += n;
    }
    map
}

/// Reads `names_map[i]` with bounds checking.
fn map_at(m: &mjModel, i: i64) -> Option<c_int> {
    if m.names_map.is_null() || i < 0 {
        return None;
    }
    m.names_map().get(i as usize).copied()
}

/// Address of the name of object `id` of a section, checked against `nnames`.
fn name_adr(m: &mjModel, sec: &NameSection, id: c_int) -> Option<usize> {
    if m.names.is_null() || id < 0 || id >= sec.count {
        return None;
    }
    let a = *sec.adr.get(id as usize)?;
    if a < 0 || a >= m.nnames {
        return None;
    }
    Some(a as usize)
}

/// Compares like `strncmp(name, names + adr, nnames - adr) == 0`.
fn names_equal(m: &mjModel, name: &[u8], adr: usize) -> bool {
    for (k, &stored) in m.names()[adr..].iter().enumerate() {
        let a = name.get(k).copied().unwrap_or(0);
        if a != stored as u8 {
            return false;
        }
        if a == 0 {
            return true;
        }
    }
    true
}

/// Id of the object of type `objtype` named `name`, or -1 (also for types without names).
pub fn name2id(m: &mjModel, objtype: c_int, name: &CStr) -> c_int {
    let Some(sec) = name_section(m, objtype) else { return -1 };
    let num = NAMES_MAP_MULTIPLE as i64 * sec.count as i64;
    if num <= 0 {
        return -1;
    }
    let key = name.to_bytes();
    let start = hash_name(key, num as u64) as i64;
    let mut i = start;
    loop {
        let Some(j) = map_at(m, sec.mapadr + i) else { return -1 };
        if j < 0 {
            return -1;
        }
        let Some(a) = name_adr(m, &sec, j) else { return -1 };
        if names_equal(m, key, a) {
            return j;
        }
        i += 1;
        if i == num {
            i = 0;
        }
        if i == start {
            return -1;
        }
    }
}

/// Name of object `id` of type `objtype`; None when the type has no names, the id is out of
/// range, or the object's name is empty.
pub fn name_of(m: &mjModel, objtype: c_int, id: c_int) -> Option<&CStr> {
    let sec = name_section(m, objtype)?;
    let a = name_adr(m, &sec, id)?;
    let bytes: &[u8] = bytemuck_chars(&m.names()[a..]);
    let name = CStr::from_bytes_until_nul(bytes).ok()?;
    (!name.is_empty()).then_some(name)
}

/// A `c_char` slice as bytes (same size and alignment).
fn bytemuck_chars(s: &[c_char]) -> &[u8] {
    // SAFETY: c_char and u8 have the same size and alignment, and every bit pattern is valid
    // for both; the length is unchanged
    unsafe { core::slice::from_raw_parts(s.as_ptr() as *const u8, s.len()) }
}

/// Name of object `id` of type `objtype` as a pointer into the model's `names`, or NULL when
/// [`name_of`] gives None (`mj_id2name`).
pub fn id2name(m: &mjModel, objtype: c_int, id: c_int) -> *const c_char {
    name_of(m, objtype, id).map_or(core::ptr::null(), |n| n.as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A model holding names only, with the arrays it points into.
    struct NamesModel {
        m: Box<mjModel>,
        _names: Vec<c_char>,
        _map: Vec<c_int>,
        _adrs: Vec<Vec<c_int>>,
    }

    /// Builds the name arrays the way the compiler does, for the given per-section names.
    fn make(model: &str, sections: &[(mjtObj_, &[&str])]) -> NamesModel {
        let mut lists: Vec<Vec<&str>> = vec![Vec::new(); 23];
        for (t, names) in sections {
            lists[named_index(*t as c_int).unwrap()] = names.to_vec();
        }
        let mut names: Vec<c_char> = model.bytes().map(|b| b as c_char).collect();
        names.push(0);
        let mut adrs = Vec::new();
        for l in &lists {
            let mut a = Vec::new();
            for n in l {
                a.push(names.len() as c_int);
                names.extend(n.bytes().map(|b| b as c_char));
                names.push(0);
            }
            adrs.push(a);
        }
        let refs: Vec<&[&str]> = lists.iter().map(|l| l.as_slice()).collect();
        let map = build_names_map(&refs);

        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let mut m: Box<mjModel> = Box::new(unsafe { core::mem::zeroed() });
        m.nnames = names.len() as c_int;
        m.nnames_map = map.len() as c_int;
        m.names = names.as_ptr() as *mut c_char;
        m.names_map = map.as_ptr() as *mut c_int;
        let n = |k: usize| lists[k].len() as c_int;
        m.nbody = n(0);
        m.njnt = n(1);
        m.ngeom = n(2);
        m.nsite = n(3);
        m.ncam = n(4);
        m.nu = n(16);
        m.nkey = n(21);
        m.nplugin = n(22);
        m.name_bodyadr = adrs[0].as_mut_ptr();
        m.name_jntadr = adrs[1].as_mut_ptr();
        m.name_geomadr = adrs[2].as_mut_ptr();
        m.name_siteadr = adrs[3].as_mut_ptr();
        m.name_camadr = adrs[4].as_mut_ptr();
        m.name_actuatoradr = adrs[16].as_mut_ptr();
        m.name_keyadr = adrs[21].as_mut_ptr();
        m.name_pluginadr = adrs[22].as_mut_ptr();
        NamesModel { m, _names: names, _map: map, _adrs: adrs }
    }

    fn n2i(m: &mjModel, t: mjtObj_, name: &str) -> c_int {
        let c = std::ffi::CString::new(name).unwrap();
        name2id(m, t as c_int, &c)
    }

    fn i2n(m: &mjModel, t: mjtObj_, id: c_int) -> Option<String> {
        let p = id2name(m, t as c_int, id);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
    }

    #[test]
    fn hash_values() {
        // 5381*33 ^ 'a' = 177670 ^ 97
        assert_eq!(hash_name(b"a", u64::MAX), (5381u64 * 33) ^ 97);
        assert_eq!(hash_name(b"ab", u64::MAX), ((((5381u64 * 33) ^ 97) * 33) ^ 98));
        assert_eq!(hash_name(b"", 7), 5381 % 7);
        assert_eq!(hash_name(b"ab\0cd", u64::MAX), hash_name(b"ab", u64::MAX));
        // bytes above 127 are sign-extended
        assert_eq!(hash_name(&[0xff], u64::MAX), (5381u64 * 33) ^ u64::MAX);
    }

    #[test]
    fn lookup_both_ways() {
        let nm = make(
            "model",
            &[
                (mjOBJ_BODY, &["world", "torso", "", "leg"]),
                (mjOBJ_JOINT, &["hip", "knee"]),
                (mjOBJ_GEOM, &["floor", "torso", "g2"]),
                (mjOBJ_ACTUATOR, &["motor"]),
                (mjOBJ_KEY, &["home"]),
            ],
        );
        let m = &*nm.m;
        assert_eq!(n2i(m, mjOBJ_BODY, "world"), 0);
        assert_eq!(n2i(m, mjOBJ_BODY, "leg"), 3);
        assert_eq!(n2i(m, mjOBJ_XBODY, "torso"), 1);
        assert_eq!(n2i(m, mjOBJ_GEOM, "torso"), 1);
        assert_eq!(n2i(m, mjOBJ_JOINT, "knee"), 1);
        assert_eq!(n2i(m, mjOBJ_ACTUATOR, "motor"), 0);
        assert_eq!(n2i(m, mjOBJ_KEY, "home"), 0);
        assert_eq!(n2i(m, mjOBJ_BODY, ""), -1);
        assert_eq!(n2i(m, mjOBJ_BODY, "tors"), -1);
        assert_eq!(n2i(m, mjOBJ_BODY, "torsoo"), -1);
        assert_eq!(n2i(m, mjOBJ_JOINT, "torso"), -1);
        assert_eq!(n2i(m, mjOBJ_SITE, "torso"), -1);
        assert_eq!(n2i(m, mjOBJ_DOF, "hip"), -1);
        assert_eq!(n2i(m, mjOBJ_FRAME, "world"), -1);
        assert_eq!(n2i(m, mjOBJ_MODEL, "model"), -1);
        assert_eq!(name2id(m, 999, c"world"), -1);

        assert_eq!(i2n(m, mjOBJ_BODY, 1).as_deref(), Some("torso"));
        assert_eq!(i2n(m, mjOBJ_XBODY, 3).as_deref(), Some("leg"));
        assert_eq!(i2n(m, mjOBJ_BODY, 2), None);
        assert_eq!(i2n(m, mjOBJ_BODY, 4), None);
        assert_eq!(i2n(m, mjOBJ_BODY, -1), None);
        assert_eq!(i2n(m, mjOBJ_GEOM, 2).as_deref(), Some("g2"));
        assert_eq!(i2n(m, mjOBJ_KEY, 0).as_deref(), Some("home"));
        assert_eq!(i2n(m, mjOBJ_DOF, 0), None);
        assert_eq!(i2n(m, mjOBJ_UNKNOWN, 0), None);
        assert_eq!(i2n(m, mjOBJ_DEFAULT, 0), None);
    }

    #[test]
    fn probing_with_collisions() {
        // many names in a small section force collisions and wrap-around
        let names: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let nm = make("", &[(mjOBJ_GEOM, &refs), (mjOBJ_BODY, &["world"])]);
        let m = &*nm.m;
        for (i, n) in names.iter().enumerate() {
            assert_eq!(n2i(m, mjOBJ_GEOM, n), i as c_int);
        }
        assert_eq!(n2i(m, mjOBJ_GEOM, "n40"), -1);
        assert_eq!(n2i(m, mjOBJ_BODY, "world"), 0);
    }

    #[test]
    fn map_sections_are_found_from_the_end() {
        let nm = make("m", &[(mjOBJ_BODY, &["a", "b"]), (mjOBJ_PLUGIN, &["p"])]);
        let m = &*nm.m;
        assert_eq!(m.nnames_map, 6);
        assert_eq!(name_section(m, mjOBJ_BODY as c_int).unwrap().mapadr, 0);
        assert_eq!(name_section(m, mjOBJ_JOINT as c_int).unwrap().mapadr, 4);
        assert_eq!(name_section(m, mjOBJ_PLUGIN as c_int).unwrap().mapadr, 4);
        assert!(name_section(m, mjOBJ_DOF as c_int).is_none());
        assert_eq!(n2i(m, mjOBJ_PLUGIN, "p"), 0);
        // empty model: everything misses
        let e = make("", &[]);
        assert_eq!(n2i(&e.m, mjOBJ_BODY, "a"), -1);
        assert_eq!(i2n(&e.m, mjOBJ_BODY, 0), None);
    }
}
