//! Sparsity structures of the mass matrix and the body-dof matrix, and the maps between the
//! different storage layouts of M.

use super::model_mut as mm;
use crate::abi::*;
use crate::model::sparsity::{make_b_sparse, make_dof_dof_maps, make_dof_dof_sparse, DofDofSizes};

/// Fills D_*, B_*, M_* and the maps mapM2D, mapD2M, mapM2M.
/// The model's tree arrays (dof_parentid, dof_simplenum, body_*, dof_Madr) must be set.
pub fn build(m: &mut mjModel) {
    let nv = m.nv as usize;
    let nbody = m.nbody as usize;
    let sz = DofDofSizes { nv, nc: m.nC as usize, nd: m.nD as usize, nm: m.nM as usize };
    let parent = m.dof_parentid().to_vec();
    let simplenum = m.dof_simplenum().to_vec();
    let nb = m.nB as usize;
    let a = mm::split(m);
    let mut scratch = vec![0i32; nv.max(nbody)];

    if nv > 0 {
        let (drn, dra, dci) = (&mut *a.D_rownnz, &mut *a.D_rowadr, &mut *a.D_colind);
        make_dof_dof_sparse(sz, &parent, &simplenum, drn, dra, Some(&mut *a.D_diag), dci, false, true, &mut scratch);
        let (mrn, mra, mci) = (&mut *a.M_rownnz, &mut *a.M_rowadr, &mut *a.M_colind);
        make_dof_dof_sparse(sz, &parent, &simplenum, mrn, mra, None, mci, true, false, &mut scratch);
    }

    // B: subtree dofs and ancestor dofs of each body, sorted
    if nbody > 0 {
        let dofnum = &*a.body_dofnum;
        let bparent = &*a.body_parentid;
        let dofadr = &*a.body_dofadr;
        let (rn, ra, ci) = (&mut *a.B_rownnz, &mut *a.B_rowadr, &mut *a.B_colind);
        make_b_sparse(nv, nbody, nb, dofnum, bparent, dofadr, rn, ra, ci, &mut scratch);
    }

    if nv == 0 {
        return;
    }

    // maps between the layouts
    let d_pat = (&*a.D_rownnz, &*a.D_rowadr, &*a.D_colind);
    let m_pat = (&*a.M_rownnz, &*a.M_rowadr, &*a.M_colind);
    let madr = &*a.dof_Madr;
    let mut legacy = vec![0i32; sz.nm];
    make_dof_dof_maps(
        sz,
        madr,
        &simplenum,
        &parent,
        d_pat,
        m_pat,
        &mut *a.mapM2D,
        &mut *a.mapD2M,
        &mut *a.mapM2M,
        &mut legacy,
        &mut scratch,
    );
}
