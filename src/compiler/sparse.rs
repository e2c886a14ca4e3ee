//! Sparsity structures of the mass matrix and the body-dof matrix, and the maps between the
//! different storage layouts of M.

use super::fill::w;
use crate::abi::*;
use crate::model::sparsity::{make_b_sparse, make_dof_dof_maps, make_dof_dof_sparse, DofDofSizes};

/// Fills D_*, B_*, M_* and the maps mapM2D, mapD2M, mapM2M.
///
/// # Safety
/// `m` must be a model whose tree arrays (dof_parentid, dof_simplenum, body_*, dof_Madr) are set.
pub unsafe fn build(m: &mut mjModel) {
    let nv = m.nv as usize;
    let nbody = m.nbody as usize;
    let sz = DofDofSizes { nv, nc: m.nC as usize, nd: m.nD as usize, nm: m.nM as usize };
    let parent = core::slice::from_raw_parts(m.dof_parentid, nv).to_vec();
    let simplenum = core::slice::from_raw_parts(m.dof_simplenum, nv).to_vec();
    let mut scratch = vec![0i32; nv.max(nbody)];

    if nv > 0 {
        let (drn, dra, dci) = (w(m.D_rownnz, nv), w(m.D_rowadr, nv), w(m.D_colind, sz.nd));
        make_dof_dof_sparse(sz, &parent, &simplenum, drn, dra, Some(w(m.D_diag, nv)), dci, false, true, &mut scratch);
        let (mrn, mra, mci) = (w(m.M_rownnz, nv), w(m.M_rowadr, nv), w(m.M_colind, sz.nc));
        make_dof_dof_sparse(sz, &parent, &simplenum, mrn, mra, None, mci, true, false, &mut scratch);
    }

    // B: subtree dofs and ancestor dofs of each body, sorted
    if nbody > 0 {
        let dofnum = core::slice::from_raw_parts(m.body_dofnum, nbody);
        let bparent = core::slice::from_raw_parts(m.body_parentid, nbody);
        let dofadr = core::slice::from_raw_parts(m.body_dofadr, nbody);
        let nb = m.nB as usize;
        let (rn, ra, ci) = (w(m.B_rownnz, nbody), w(m.B_rowadr, nbody), w(m.B_colind, nb));
        make_b_sparse(nv, nbody, nb, dofnum, bparent, dofadr, rn, ra, ci, &mut scratch);
    }

    if nv == 0 {
        return;
    }

    // maps between the layouts
    let d_pat = (
        core::slice::from_raw_parts(m.D_rownnz, nv),
        core::slice::from_raw_parts(m.D_rowadr, nv),
        core::slice::from_raw_parts(m.D_colind, sz.nd),
    );
    let m_pat = (
        core::slice::from_raw_parts(m.M_rownnz, nv),
        core::slice::from_raw_parts(m.M_rowadr, nv),
        core::slice::from_raw_parts(m.M_colind, sz.nc),
    );
    let madr = core::slice::from_raw_parts(m.dof_Madr, nv);
    let mut legacy = vec![0i32; sz.nm];
    make_dof_dof_maps(
        sz,
        madr,
        &simplenum,
        &parent,
        d_pat,
        m_pat,
        w(m.mapM2D, sz.nd),
        w(m.mapD2M, sz.nc),
        w(m.mapM2M, sz.nc),
        &mut legacy,
        &mut scratch,
    );
}
