//! The files an MJCF file depends on (`mju_getXMLDependencies`).
//!
//! Upstream walks the raw XML of the file (includes are not spliced in), collects the `file`
//! attributes of includes, models, meshes, flexcomps, skins, hfields and textures, prefixes
//! them with the compiler's asset folders and the model's folder, recurses into included and
//! nested model files, and returns the union in the iteration order of a
//! `std::unordered_set<std::string>` of the C++ library upstream's binary is built with
//! (libc++). That order is part of the observable result, so `LibcxxSet` replays libc++'s hash
//! table (CityHash64 of the bytes, prime bucket counts, insertion at bucket heads).

use std::collections::{BTreeSet, HashSet};

use super::markup::{ErrorId, SyntaxError};
use super::tree::Element;

// ---------------------------------------------------------------------------------------------
// paths, as upstream's FilePath treats them (registered provider schemes are absolute prefixes)

fn is_abs(s: &str) -> bool {
    crate::io::files::is_abs(s)
}

/// Normalises a path: drops "." segments and folds "name/.." pairs (every segment except the
/// last, which is kept verbatim), joining segments with '/'.
fn reduce(s: &str) -> String {
    crate::io::files::reduce(s)
}

/// `a` followed by `b` (b wins when absolute), then normalised.
fn join(a: &str, b: &str) -> String {
    crate::io::files::join(a, b)
}

/// Whether `name` opens as a resource (registered providers, then the file system; relative
/// names from the working directory), upstream's existence probe.
fn exists(name: &str) -> bool {
    crate::io::files::Res::probe(name, None)
}

/// Upstream's lookup of a file attribute: absolute names and names that open as they are
/// kept, others get the `dir` of the nearest enclosing `<include>`, if it has one.
fn resolve(value: &str, include_dir: Option<&str>) -> String {
    let name = reduce(value);
    if is_abs(&name) || exists(&join("", &name)) {
        return name;
    }
    join(&reduce(include_dir.unwrap_or("")), &name)
}

// ---------------------------------------------------------------------------------------------
// libc++'s std::hash<std::string> (CityHash64 variant) and unordered_set iteration order

const K0: u64 = 0xc3a5c85c97cb3127;
const K1: u64 = 0xb492b66fbe98f273;
const K2: u64 = 0x9ae16a3b2f90404f;
const K3: u64 = 0xc949d7c7509e6557;

fn word(s: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(b)
}

fn word32(s: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&s[at..at + 4]);
    u32::from_le_bytes(b)
}

fn rot(v: u64, n: u32) -> u64 {
    v.rotate_right(n)
}

fn shift_mix(v: u64) -> u64 {
    v ^ (v >> 47)
}

fn hash16(u: u64, v: u64) -> u64 {
    const MUL: u64 = 0x9ddfea08eb382d69;
    let mut a = (u ^ v).wrapping_mul(MUL);
    a ^= a >> 47;
    let mut b = (v ^ a).wrapping_mul(MUL);
    b ^= b >> 47;
    b.wrapping_mul(MUL)
}

fn hash_0_to_16(s: &[u8]) -> u64 {
    let n = s.len();
    if n > 8 {
        let a = word(s, 0);
        let b = word(s, n - 8);
        return hash16(a, rot(b.wrapping_add(n as u64), n as u32)) ^ b;
    }
    if n >= 4 {
        // libc++ shifts the 32-bit word before widening it
        let a = word32(s, 0);
        let b = word32(s, n - 4);
        return hash16((n as u64).wrapping_add((a << 3) as u64), b as u64);
    }
    if n > 0 {
        let y = (s[0] as u32).wrapping_add((s[n >> 1] as u32) << 8);
        let z = (n as u32).wrapping_add((s[n - 1] as u32) << 2);
        return shift_mix((y as u64).wrapping_mul(K2) ^ (z as u64).wrapping_mul(K3)).wrapping_mul(K2);
    }
    K2
}

fn hash_17_to_32(s: &[u8]) -> u64 {
    let n = s.len();
    let a = word(s, 0).wrapping_mul(K1);
    let b = word(s, 8);
    let c = word(s, n - 8).wrapping_mul(K2);
    let d = word(s, n - 16).wrapping_mul(K0);
    hash16(
        rot(a.wrapping_sub(b), 43).wrapping_add(rot(c, 30)).wrapping_add(d),
        a.wrapping_add(rot(b ^ K3, 20)).wrapping_sub(c).wrapping_add(n as u64),
    )
}

fn weak32(s: &[u8], at: usize, a: u64, b: u64) -> (u64, u64) {
    let (w, x, y, z) = (word(s, at), word(s, at + 8), word(s, at + 16), word(s, at + 24));
    let mut a = a.wrapping_add(w);
    let mut b = rot(b.wrapping_add(a).wrapping_add(z), 21);
    let c = a;
    a = a.wrapping_add(x).wrapping_add(y);
    b = b.wrapping_add(rot(a, 44));
    (a.wrapping_add(z), b.wrapping_add(c))
}

fn hash_33_to_64(s: &[u8]) -> u64 {
    let n = s.len();
    let mut z = word(s, 24);
    let mut a = word(s, 0).wrapping_add((n as u64).wrapping_add(word(s, n - 16)).wrapping_mul(K0));
    let mut b = rot(a.wrapping_add(z), 52);
    let mut c = rot(a, 37);
    a = a.wrapping_add(word(s, 8));
    c = c.wrapping_add(rot(a, 7));
    a = a.wrapping_add(word(s, 16));
    let vf = a.wrapping_add(z);
    let vs = b.wrapping_add(rot(a, 31)).wrapping_add(c);
    a = word(s, 16).wrapping_add(word(s, n - 32));
    z = z.wrapping_add(word(s, n - 8));
    b = rot(a.wrapping_add(z), 52);
    c = rot(a, 37);
    a = a.wrapping_add(word(s, n - 24));
    c = c.wrapping_add(rot(a, 7));
    a = a.wrapping_add(word(s, n - 16));
    let wf = a.wrapping_add(z);
    let ws = b.wrapping_add(rot(a, 31)).wrapping_add(c);
    let r = shift_mix(vf.wrapping_add(ws).wrapping_mul(K2).wrapping_add(wf.wrapping_add(vs).wrapping_mul(K0)));
    shift_mix(r.wrapping_mul(K0).wrapping_add(vs)).wrapping_mul(K2)
}

/// libc++'s 64-bit string hash.
fn libcxx_hash(s: &[u8]) -> u64 {
    let n = s.len();
    if n <= 16 {
        return hash_0_to_16(s);
    }
    if n <= 32 {
        return hash_17_to_32(s);
    }
    if n <= 64 {
        return hash_33_to_64(s);
    }
    let mut x = word(s, n - 40);
    let mut y = word(s, n - 16).wrapping_add(word(s, n - 56));
    let mut z = hash16(word(s, n - 48).wrapping_add(n as u64), word(s, n - 24));
    let mut v = weak32(s, n - 64, n as u64, z);
    let mut w = weak32(s, n - 32, y.wrapping_add(K1), x);
    x = x.wrapping_mul(K1).wrapping_add(word(s, 0));
    let mut at = 0;
    let mut left = (n - 1) & !63;
    loop {
        x = rot(x.wrapping_add(y).wrapping_add(v.0).wrapping_add(word(s, at + 8)), 37).wrapping_mul(K1);
        y = rot(y.wrapping_add(v.1).wrapping_add(word(s, at + 48)), 42).wrapping_mul(K1);
        x ^= w.1;
        y = y.wrapping_add(v.0).wrapping_add(word(s, at + 40));
        z = rot(z.wrapping_add(w.0), 33).wrapping_mul(K1);
        v = weak32(s, at, v.1.wrapping_mul(K1), x.wrapping_add(w.0));
        w = weak32(s, at + 32, z.wrapping_add(w.1), y.wrapping_add(word(s, at + 16)));
        std::mem::swap(&mut z, &mut x);
        at += 64;
        left -= 64;
        if left == 0 {
            break;
        }
    }
    hash16(
        hash16(v.0, w.0).wrapping_add(shift_mix(y).wrapping_mul(K1)).wrapping_add(z),
        hash16(v.1, w.1).wrapping_add(x),
    )
}

fn next_prime(n: usize) -> usize {
    let is_prime = |p: usize| p >= 2 && (2..).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d));
    (n..).find(|&p| is_prime(p)).unwrap_or(n)
}

/// Insertion-ordered replay of a libc++ `unordered_set<std::string>` (max load factor 1).
struct LibcxxSet {
    keys: Vec<String>,
    hashes: Vec<u64>,
    next: Vec<usize>,
    /// first node of the list
    head: usize,
    /// per bucket: the node before the bucket's first node (`BEFORE` = the list head)
    buckets: Vec<usize>,
    seen: HashSet<String>,
}

const NIL: usize = usize::MAX;
const BEFORE: usize = usize::MAX - 1;

fn bucket_of(h: u64, bc: usize) -> usize {
    let bc64 = bc as u64;
    if bc & (bc - 1) == 0 {
        (h & (bc64 - 1)) as usize
    } else if h < bc64 {
        h as usize
    } else {
        (h % bc64) as usize
    }
}

impl LibcxxSet {
    fn new() -> Self {
        LibcxxSet {
            keys: Vec::new(),
            hashes: Vec::new(),
            next: Vec::new(),
            head: NIL,
            buckets: Vec::new(),
            seen: HashSet::new(),
        }
    }

    fn next_of(&self, p: usize) -> usize {
        if p == BEFORE {
            self.head
        } else {
            self.next[p]
        }
    }

    fn set_next(&mut self, p: usize, v: usize) {
        if p == BEFORE {
            self.head = v;
        } else {
            self.next[p] = v;
        }
    }

    /// Spreads the list over `nbc` buckets, keeping libc++'s relinking order.
    fn rehash_to(&mut self, nbc: usize) {
        self.buckets = vec![NIL; nbc];
        let mut pp = BEFORE;
        let mut cp = self.head;
        if cp == NIL {
            return;
        }
        let mut phash = bucket_of(self.hashes[cp], nbc);
        self.buckets[phash] = pp;
        pp = cp;
        cp = self.next[cp];
        while cp != NIL {
            let chash = bucket_of(self.hashes[cp], nbc);
            if chash == phash {
                pp = cp;
            } else if self.buckets[chash] == NIL {
                self.buckets[chash] = pp;
                pp = cp;
                phash = chash;
            } else {
                // move cp to the front of its bucket
                self.next[pp] = self.next[cp];
                let b = self.buckets[chash];
                let after = self.next_of(b);
                self.next[cp] = after;
                self.set_next(b, cp);
            }
            cp = self.next[pp];
        }
    }

    fn insert(&mut self, key: String) {
        if self.seen.contains(&key) {
            return;
        }
        let h = libcxx_hash(key.as_bytes());
        let size = self.keys.len();
        let bc = self.buckets.len();
        if bc == 0 || (size + 1) as f32 > bc as f32 {
            let pow2 = bc > 2 && bc & (bc - 1) == 0;
            let mut n = (2 * bc + usize::from(!pow2)).max(size + 1);
            if n == 1 {
                n = 2;
            } else if n & (n - 1) != 0 {
                n = next_prime(n);
            }
            if n > bc {
                self.rehash_to(n);
            }
        }
        let bc = self.buckets.len();
        let node = self.keys.len();
        self.seen.insert(key.clone());
        self.keys.push(key);
        self.hashes.push(h);
        self.next.push(NIL);
        let b = bucket_of(h, bc);
        let pn = self.buckets[b];
        if pn == NIL {
            self.next[node] = self.head;
            self.head = node;
            self.buckets[b] = BEFORE;
            let nx = self.next[node];
            if nx != NIL {
                let nb = bucket_of(self.hashes[nx], bc);
                self.buckets[nb] = node;
            }
        } else {
            let after = self.next_of(pn);
            self.next[node] = after;
            self.set_next(pn, node);
        }
    }

    /// Elements in iteration order.
    fn into_vec(mut self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.keys.len());
        let mut p = self.head;
        while p != NIL {
            out.push(std::mem::take(&mut self.keys[p]));
            p = self.next[p];
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// reading the file

/// Reads `filename` as upstream's parser (TinyXML2's `LoadFile`) does: its root element (None
/// if it has none), or the parser's message.
fn read_doc(filename: &str) -> Result<Option<Element>, String> {
    use std::io::Read;
    let fail = |id, detail| SyntaxError::new(id, 0, detail).text();
    let mut f =
        std::fs::File::open(filename).map_err(|_| fail(ErrorId::FileNotFound, Some(format!("filename={filename}"))))?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(|_| fail(ErrorId::FileReadError, None))?;
    super::markup::parse(&bytes).map_err(|e| e.text())
}

/// Attribute-derived file lists of one document, before prefixes are applied.
#[derive(Default)]
struct Found {
    xml: BTreeSet<String>,
    textures: BTreeSet<String>,
    meshes: BTreeSet<String>,
    hfields: BTreeSet<String>,
    asset_dir: Option<String>,
    mesh_dir: Option<String>,
    texture_dir: Option<String>,
}

const TEXTURE_FILES: [&str; 7] = ["file", "fileright", "fileup", "fileleft", "filedown", "filefront", "fileback"];

/// Visits the elements as upstream does (a stack: last child first) and records file attributes.
fn scan(root: &Element) -> Found {
    let mut found = Found::default();
    // (element, nearest enclosing include: None when there is none, else its `dir`)
    let mut stack: Vec<(&Element, Option<Option<&str>>)> = vec![(root, None)];
    while let Some((e, inc)) = stack.pop() {
        let dir = inc.flatten();
        let file = |attr: &str| e.attr(attr).map(|v| resolve(v, dir));
        match e.name.as_str() {
            "include" | "model" => {
                if let Some(f) = file("file") {
                    found.xml.insert(f);
                    continue;
                }
            }
            "compiler" => {
                if let Some(v) = e.attr("assetdir") {
                    found.asset_dir = Some(reduce(v));
                }
                if let Some(v) = e.attr("meshdir") {
                    found.mesh_dir = Some(reduce(v));
                }
                if let Some(v) = e.attr("texturedir") {
                    found.texture_dir = Some(reduce(v));
                }
                continue;
            }
            "mesh" | "flexcomp" | "skin" => {
                if let Some(f) = file("file") {
                    found.meshes.insert(f);
                }
                continue;
            }
            "hfield" => {
                if let Some(f) = file("file") {
                    found.hfields.insert(f);
                }
                continue;
            }
            "texture" => {
                for attr in TEXTURE_FILES {
                    if let Some(f) = file(attr) {
                        found.textures.insert(f);
                    }
                }
            }
            _ => {}
        }
        let child_inc = if e.name == "include" { Some(e.attr("dir")) } else { inc };
        stack.extend(e.children.iter().map(|c| (c, child_inc)));
    }
    found
}

/// The files `filename` depends on, itself included, in upstream's order. Errors carry
/// upstream's message.
pub fn dependencies(filename: &str) -> Result<Vec<String>, String> {
    dependencies_at(filename, 0)
}

/// Files nested deeper than this (upstream recurses without end on a cycle of includes).
const MAX_FILE_DEPTH: usize = 256;

fn dependencies_at(filename: &str, depth: usize) -> Result<Vec<String>, String> {
    if depth > MAX_FILE_DEPTH {
        return Err(format!("Problem reading XML file '{filename}': files nested more than {MAX_FILE_DEPTH} deep (a cycle of includes?)"));
    }
    let root = read_doc(filename).map_err(|m| format!("Problem reading XML file '{filename}': {m}"))?;
    let Some(root) = root else { return Err("XML root element not found".to_string()) };
    let found = scan(&root);

    // folder of the file as its resource reports it (else as named, up to the last separator)
    let model_dir = match crate::io::files::Res::open("", filename, None) {
        Ok(r) => reduce(&r.dir()),
        Err(_) => reduce(&filename[..filename.rfind(['/', '\\']).map_or(0, |i| i + 1)]),
    };

    let mut files = LibcxxSet::new();
    files.insert(filename.to_string());
    for f in &found.xml {
        for dep in super::deep(|| dependencies_at(&join(&model_dir, f), depth + 1))? {
            files.insert(dep);
        }
    }
    let groups = [
        (&found.textures, found.texture_dir.as_ref().or(found.asset_dir.as_ref())),
        (&found.meshes, found.mesh_dir.as_ref().or(found.asset_dir.as_ref())),
        (&found.hfields, found.asset_dir.as_ref()),
    ];
    for (names, prefix) in groups {
        for f in names {
            let path = match prefix {
                Some(p) => join(p, f),
                None => reduce(f),
            };
            files.insert(if is_abs(&path) { path } else { join(&model_dir, &path) });
        }
    }
    Ok(files.into_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_reduce_like_upstream() {
        assert_eq!(reduce("a/./b/../c.stl"), "a/c.stl");
        assert_eq!(reduce("../../up.stl"), "../../up.stl");
        assert_eq!(reduce("x//y"), "x//y");
        assert_eq!(reduce("trailing/.."), "trailing/..");
        assert_eq!(reduce("C:\\m\\w.stl"), "C:\\m/w.stl");
        assert_eq!(reduce("./"), "");
        assert_eq!(join("assets", ""), "assets/");
        assert_eq!(join("dir/", "/abs/x"), "/abs/x");
    }

    #[test]
    fn set_order_small() {
        // the order itself is checked against upstream by capi-tests/xml_deps_diff.sh;
        // here: duplicates are dropped, every element comes out once
        let mut s = LibcxxSet::new();
        for k in ["a", "b", "c", "a", "d", "e", "f"] {
            s.insert(k.to_string());
        }
        let mut v = s.into_vec();
        v.sort();
        assert_eq!(v, ["a", "b", "c", "d", "e", "f"]);
    }
}
