//! Sparsity structures of the mass matrix and the body-dof matrix, and the maps between the
//! different storage layouts of M.

use crate::abi::*;
use crate::math::sparse::{lower_to_sym_map, sparse_map};

#[allow(clippy::mut_from_ref)]
unsafe fn w<'a, T>(p: *mut T, n: usize) -> &'a mut [T] {
    if n == 0 || p.is_null() {
        &mut []
    } else {
        core::slice::from_raw_parts_mut(p, n)
    }
}

/// Row counts, row addresses and column indices of a dof-dof pattern: the ancestors of each dof
/// (below the diagonal), optionally their mirror above it; `reduced` drops off-diagonals of
/// simple dofs.
#[allow(clippy::too_many_arguments)]
fn dof_dof(nv: usize, parent: &[i32], simplenum: &[i32], rownnz: &mut [i32], rowadr: &mut [i32], colind: &mut [i32], reduced: bool, upper: bool) {
    if nv == 0 {
        return;
    }
    rownnz.fill(0);
    for i in (0..nv).rev() {
        rownnz[i] += 1;
        if !(reduced && simplenum[i] != 0) {
            let mut j = parent[i];
            while j >= 0 {
                rownnz[i] += 1;
                if upper {
                    rownnz[j as usize] += 1;
                }
                j = parent[j as usize];
            }
        }
    }
    rowadr[0] = 0;
    for i in 1..nv {
        rowadr[i] = rowadr[i - 1] + rownnz[i - 1];
    }
    let mut rem: Vec<i32> = rownnz.to_vec();
    for i in (0..nv).rev() {
        rem[i] -= 1;
        colind[(rowadr[i] + rem[i]) as usize] = i as i32;
        if !(reduced && simplenum[i] != 0) {
            let mut j = parent[i];
            while j >= 0 {
                rem[i] -= 1;
                colind[(rowadr[i] + rem[i]) as usize] = j;
                if upper {
                    let ju = j as usize;
                    rem[ju] -= 1;
                    colind[(rowadr[ju] + rem[ju]) as usize] = i as i32;
                }
                j = parent[j as usize];
            }
        }
    }
}

/// Fills D_*, B_*, M_* and the maps mapM2D, mapD2M, mapM2M.
///
/// # Safety
/// `m` must be a model whose tree arrays (dof_parentid, dof_simplenum, body_*, dof_Madr) are set.
pub unsafe fn build(m: &mut mjModel) {
    let nv = m.nv as usize;
    let nbody = m.nbody as usize;
    let (nd, nc, nm) = (m.nD as usize, m.nC as usize, m.nM as usize);
    let parent = core::slice::from_raw_parts(m.dof_parentid, nv).to_vec();
    let simplenum = core::slice::from_raw_parts(m.dof_simplenum, nv).to_vec();

    if nv > 0 {
        let (drn, dra, dci) = (w(m.D_rownnz, nv), w(m.D_rowadr, nv), w(m.D_colind, nd));
        dof_dof(nv, &parent, &simplenum, drn, dra, dci, false, true);
        let diag = w(m.D_diag, nv);
        for i in 0..nv {
            let adr = dra[i] as usize;
            let mut j = 0usize;
            while (j as i32) < drn[i] && dci[adr + j] < i as i32 {
                j += 1;
            }
            diag[i] = j as i32;
        }
        let (mrn, mra, mci) = (w(m.M_rownnz, nv), w(m.M_rowadr, nv), w(m.M_colind, nc));
        dof_dof(nv, &parent, &simplenum, mrn, mra, mci, true, false);
    }

    // B: subtree dofs and ancestor dofs of each body, sorted
    if nbody > 0 {
        let dofnum = core::slice::from_raw_parts(m.body_dofnum, nbody);
        let bparent = core::slice::from_raw_parts(m.body_parentid, nbody);
        let dofadr = core::slice::from_raw_parts(m.body_dofadr, nbody);
        let nb = m.nB as usize;
        let (rn, ra, ci) = (w(m.B_rownnz, nbody), w(m.B_rowadr, nbody), w(m.B_colind, nb));
        rn.fill(0);
        for i in (1..nbody).rev() {
            rn[i] += dofnum[i];
            rn[bparent[i] as usize] += rn[i];
        }
        for i in 0..nbody {
            let mut j = bparent[i] as usize;
            while j > 0 {
                rn[i] += dofnum[j];
                j = bparent[j] as usize;
            }
        }
        ra[0] = 0;
        for i in 1..nbody {
            ra[i] = ra[i - 1] + rn[i - 1];
        }
        let mut count = vec![0usize; nbody];
        for i in (1..nbody).rev() {
            for n in 0..dofnum[i] {
                ci[ra[i] as usize + count[i]] = dofadr[i] + n;
                count[i] += 1;
            }
            let par = bparent[i] as usize;
            for n in 0..count[i] {
                ci[ra[par] as usize + count[par]] = ci[ra[i] as usize + n];
                count[par] += 1;
            }
        }
        for i in 0..nbody {
            let mut par = bparent[i] as usize;
            while par > 0 {
                for n in 0..dofnum[par] {
                    ci[ra[i] as usize + count[i]] = dofadr[par] + n;
                    count[i] += 1;
                }
                par = bparent[par] as usize;
            }
        }
        for i in 0..nbody {
            let a = ra[i] as usize;
            ci[a..a + count[i]].sort_unstable();
        }
    }

    if nv == 0 {
        return;
    }

    // maps between the layouts
    let (drn, dra, dci) = (
        core::slice::from_raw_parts(m.D_rownnz, nv),
        core::slice::from_raw_parts(m.D_rowadr, nv),
        core::slice::from_raw_parts(m.D_colind, nd),
    );
    let (mrn, mra, mci) = (
        core::slice::from_raw_parts(m.M_rownnz, nv),
        core::slice::from_raw_parts(m.M_rowadr, nv),
        core::slice::from_raw_parts(m.M_colind, nc),
    );
    let mut scratch = vec![0i32; nv];
    lower_to_sym_map(w(m.mapM2D, nd), nv, dra, drn, dci, mra, mrn, mci, &mut scratch);
    sparse_map(w(m.mapD2M, nc), nv, mra, mrn, mci, dra, drn, dci);

    // mapM2M: legacy M address of each element of the CSR lower triangle
    let madr = core::slice::from_raw_parts(m.dof_Madr, nv);
    let map = w(m.mapM2M, nc);
    map.fill(-1);
    let mut rem: Vec<i32> = mrn.to_vec();
    let _ = nm;
    for i in (0..nv).rev() {
        let mut adr = madr[i];
        rem[i] -= 1;
        map[(mra[i] + rem[i]) as usize] = adr;
        adr += 1;
        if simplenum[i] == 0 {
            let mut j = parent[i];
            while j >= 0 {
                rem[i] -= 1;
                map[(mra[i] + rem[i]) as usize] = adr;
                adr += 1;
                j = parent[j as usize];
            }
        }
    }
}
