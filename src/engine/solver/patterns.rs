//! Sparsity counts of the Newton Hessian kept from one step to the next.
//!
//! Every sparse Newton solve counts the nonzeros of `H = J'*D*J + M` per row and then those of
//! its Cholesky factor (upstream's `mju_sqrMatTDSparseCount` and `mju_cholFactorCount`, a tenth
//! of the constraint stage on scenes of many bodies). Both counts depend only on the patterns of
//! J and M, which stay the same from step to step while the contacts do. Each solve of the
//! constraint stage (one per island, or one for the whole model) therefore writes its patterns
//! (the key) and the two counts (the values) into an entry of the data's pattern store
//! ([`PatternStore`]); the next round's solves look for an entry with the same key among the
//! committed ones, the same island's first, and take its counts instead of counting. A key is
//! compared in full, so the counts taken are the ones counting would give.
//!
//! An entry, in ints: `[valid, nv, nefc, nnzJ, nnzM, J rownnz, J colind by row, M rownnz,
//! M colind by row, nH, nL, H rownnz, L rownnz]`. `valid` is set once the values are written:
//! a solve cut short by an error leaves an entry that is never taken.

use crate::abi::{mjData, mjModel};
use crate::data::private_block::PatternStore;

/// Ints before the key's arrays (the store's size, `private_block::pattern_store_size`, allows
/// for them): valid, nv, nefc, nnzJ, nnzM.
const HEAD: usize = 5;

/// Length of an entry: its key and its values.
fn entry_len(nv: usize, nefc: usize, nnzj: usize, nnzm: usize) -> usize {
    key_len(nv, nefc, nnzj, nnzm) + 2 + 2 * nv
}

fn key_len(nv: usize, nefc: usize, nnzj: usize, nnzm: usize) -> usize {
    HEAD + nefc + nnzj + nv + nnzm
}

/// The sizes of one solve: dofs, rows, nonzeros of its Jacobian rows and of its M rows.
pub struct SolveSize {
    pub nv: usize,
    pub nefc: usize,
    pub nnzj: usize,
    pub nnzm: usize,
}

/// Nonzeros of a CSR pattern from its row counts (negative counts as none).
fn nnz(rownnz: &[i32]) -> usize {
    rownnz.iter().map(|&n| n.max(0) as usize).sum()
}

/// Lays out the entries of the constraint stage's round: one per island when `islands`, else
/// one for the whole model; returns how many solves the round has (to [`PatternStore::commit`]).
/// (Out of line: the stage's own code stays as compact as before for the models without a
/// store.)
#[inline(never)]
pub fn plan_round(store: &mut PatternStore, m: &mjModel, d: &mjData, islands: bool) -> usize {
    let a = d.arrays(m);
    let nefc = d.nefc.max(0) as usize;
    let nsolve = if islands { d.nisland.max(0) as usize } else { 1 };
    let sizes = (0..nsolve).map(|i| {
        if islands {
            let (nv, nefc) = (a.island_nv[i] as usize, a.island_nefc[i] as usize);
            let (dof0, efc0) = (a.island_idofadr[i] as usize, a.island_iefcadr[i] as usize);
            SolveSize {
                nv,
                nefc,
                nnzj: nnz(&a.iefc_J_rownnz[efc0..efc0 + nefc]),
                nnzm: nnz(&a.iM_rownnz[dof0..dof0 + nv]),
            }
        } else {
            SolveSize { nv: m.nv as usize, nefc, nnzj: nnz(&a.efc_J_rownnz[..nefc]), nnzm: nnz(m.M_rownnz()) }
        }
    });
    plan(store, sizes);
    nsolve
}

/// Lays out the entries of the next round, one per solve of `sizes` in order, as far as the
/// store has room.
fn plan(store: &mut PatternStore, sizes: impl Iterator<Item = SolveSize>) {
    let cap = store.size().cap as usize;
    let dir = store.next_dir();
    dir.fill(0);
    let mut off = 0;
    for (slot, s) in dir.chunks_exact_mut(2).zip(sizes) {
        let len = entry_len(s.nv, s.nefc, s.nnzj, s.nnzm);
        if off + len <= cap {
            slot[0] = off as i32;
            slot[1] = len as i32;
            off += len;
        }
    }
}

/// Passes the column indices of the rows given by `rownnz` and `rowadr` (`nnz` in all) to `put`:
/// in one piece when the rows lie one after another in `colind` (as the engine builds them),
/// else row by row.
fn put_rows(put: &mut impl FnMut(&[i32]), rownnz: &[i32], rowadr: &[i32], colind: &[i32], nnz: usize) {
    let Some(&start) = rowadr.first() else { return };
    let start = start as usize;
    let mut next = start;
    let packed = rownnz.iter().zip(rowadr).all(|(&n, &adr)| {
        let here = adr as usize == next;
        next += n.max(0) as usize;
        here
    });
    if packed {
        put(&colind[start..start + nnz]);
        return;
    }
    for (&n, &adr) in rownnz.iter().zip(rowadr) {
        put(&colind[adr as usize..adr as usize + n.max(0) as usize]);
    }
}

/// The patterns a solve's counts depend on: its Jacobian rows and its rows of M (row addresses
/// into the column arrays).
pub struct Key<'a> {
    pub j_rownnz: &'a [i32],
    pub j_rowadr: &'a [i32],
    pub j_colind: &'a [i32],
    pub m_rownnz: &'a [i32],
    pub m_rowadr: &'a [i32],
    pub m_colind: &'a [i32],
}

/// An entry being written by one solve, its key filled in; its counts are there already when
/// [`Self::found`].
pub struct Entry<'s> {
    ints: &'s mut [i32],
    nv: usize,
    key_len: usize,
    found: bool,
}

impl<'s> Entry<'s> {
    /// Writes `key` into `ints` (the room [`plan`] gave solve `k`) and looks for its counts
    /// among `store`'s committed entries; `None` when the room does not match the key's sizes
    /// (the data changed since the layout).
    pub fn open(ints: &'s mut [i32], key: &Key<'_>, store: &PatternStore, k: usize) -> Option<Self> {
        let (nv, nefc) = (key.m_rownnz.len(), key.j_rownnz.len());
        let (nnzj, nnzm) = (nnz(key.j_rownnz), nnz(key.m_rownnz));
        if ints.len() != entry_len(nv, nefc, nnzj, nnzm) {
            return None;
        }
        ints[..HEAD].copy_from_slice(&[0, nv as i32, nefc as i32, nnzj as i32, nnzm as i32]);
        let mut at = HEAD;
        let mut put = |src: &[i32]| {
            ints[at..at + src.len()].copy_from_slice(src);
            at += src.len();
        };
        put(key.j_rownnz);
        put_rows(&mut put, key.j_rownnz, key.j_rowadr, key.j_colind, nnzj);
        put(key.m_rownnz);
        put_rows(&mut put, key.m_rownnz, key.m_rowadr, key.m_colind, nnzm);
        let key_len = key_len(nv, nefc, nnzj, nnzm);
        debug_assert_eq!(at, key_len);
        let mut entry = Entry { ints, nv, key_len, found: false };
        entry.found = entry.find(store, k);
        Some(entry)
    }

    /// Whether the counts were found (and are in this entry).
    pub fn found(&self) -> bool {
        self.found
    }

    /// Looks for a committed entry with this key (first the one at index `k`, the same solve
    /// of the last round); when found, copies its counts here and marks this entry valid.
    fn find(&mut self, store: &PatternStore, k: usize) -> bool {
        let (dir, data) = store.committed();
        let n = dir.len() / 2;
        let len = self.ints.len();
        let key = &self.ints[1..self.key_len];
        let same = |i: usize| {
            let (off, l) = (dir[2 * i] as usize, dir[2 * i + 1] as usize);
            if l != len || off + l > data.len() {
                return None;
            }
            let old = &data[off..off + l];
            (old[0] == 1 && &old[1..self.key_len] == key).then_some(off)
        };
        let first = if k < n { same(k) } else { None };
        let Some(off) = first.or_else(|| (0..n).filter(|&i| i != k).find_map(same)) else {
            return false;
        };
        let kl = self.key_len;
        self.ints[kl..].copy_from_slice(&data[off + kl..off + len]);
        self.ints[0] = 1;
        true
    }

    /// The H count of a found entry: total and per row.
    pub fn h_counts(&self) -> (usize, &[i32]) {
        let kl = self.key_len;
        (self.ints[kl] as usize, &self.ints[kl + 2..kl + 2 + self.nv])
    }

    /// The factor's count of a found entry: total and per row.
    pub fn l_counts(&self) -> (usize, &[i32]) {
        let kl = self.key_len;
        (self.ints[kl + 1] as usize, &self.ints[kl + 2 + self.nv..kl + 2 + 2 * self.nv])
    }

    /// Stores the H count of a solve that counted.
    pub fn set_h_counts(&mut self, nh: usize, rownnz: &[i32]) {
        let (kl, nv) = (self.key_len, self.nv);
        self.ints[kl] = nh as i32;
        self.ints[kl + 2..kl + 2 + nv].copy_from_slice(&rownnz[..nv]);
    }

    /// Stores the factor's count of a solve that counted, which completes the entry.
    pub fn set_l_counts(&mut self, nl: usize, rownnz: &[i32]) {
        let (kl, nv) = (self.key_len, self.nv);
        self.ints[kl + 1] = nl as i32;
        self.ints[kl + 2 + nv..kl + 2 + 2 * nv].copy_from_slice(&rownnz[..nv]);
        self.ints[0] = 1;
    }
}
