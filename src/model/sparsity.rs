//! Sparsity patterns fixed by the kinematic tree, and the maps between M's storage layouts
//! (upstream's `mj_makeDofDofSparse`, `mj_makeBSparse`, `mj_makeDofDofMaps` in engine_io.c,
//! which its library exports and its compiler calls). Inconsistencies that cannot occur for a
//! valid tree are reported through `mju_error` with upstream's texts.

use crate::abi::mjModel;
use crate::math::sparse::{lower_to_sym_map, sparse_map};
use crate::mjerror;

/// Array lengths of a dof-dof pattern query.
#[derive(Clone, Copy, Debug)]
pub struct DofDofSizes {
    pub nv: usize,
    /// nonzeros of the reduced lower triangle (M)
    pub nc: usize,
    /// nonzeros of the full symmetric pattern (D)
    pub nd: usize,
    /// nonzeros of the legacy lower triangle
    pub nm: usize,
}

/// Row counts of a dof-dof pattern: each dof's ancestors below the diagonal, their mirror above
/// it when `upper`; `reduced` keeps only the diagonal of simple dofs.
fn count_rows(parent: &[i32], simplenum: &[i32], rownnz: &mut [i32], reduced: bool, upper: bool) {
    rownnz.fill(0);
    for i in (0..rownnz.len()).rev() {
        rownnz[i] += 1;
        if reduced && simplenum[i] != 0 {
            continue;
        }
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

/// Writes `value(i, k)` for every element of the pattern, filling each row from its end: element
/// `k` counts the diagonal then the ancestors of dof `i` (mirrored above the diagonal when
/// `upper`). `remaining` (length nv) ends at zero for a consistent pattern.
#[allow(clippy::too_many_arguments)]
fn fill_rows(
    parent: &[i32],
    simplenum: &[i32],
    rowadr: &[i32],
    rownnz: &[i32],
    remaining: &mut [i32],
    reduced: bool,
    upper: bool,
    mut put: impl FnMut(usize, usize, usize, i32),
) {
    let nv = rownnz.len();
    remaining[..nv].copy_from_slice(rownnz);
    for i in (0..nv).rev() {
        remaining[i] -= 1;
        put((rowadr[i] + remaining[i]) as usize, i, 0, i as i32);
        if reduced && simplenum[i] != 0 {
            continue;
        }
        let mut j = parent[i];
        let mut k = 1;
        while j >= 0 {
            remaining[i] -= 1;
            put((rowadr[i] + remaining[i]) as usize, i, k, j);
            if upper {
                let ju = j as usize;
                remaining[ju] -= 1;
                put((rowadr[ju] + remaining[ju]) as usize, i, k, i as i32);
            }
            k += 1;
            j = parent[j as usize];
        }
    }
}

/// Dof-dof pattern (`mj_makeDofDofSparse`): row counts, row addresses, sorted column indices and
/// (optionally) the position of the diagonal in each row. `colind` must hold the pattern's
/// nonzeros: nD when `upper`, else nC when `reduced`, else nM; the total is checked against that
/// before any column index is written. `remaining` is scratch of length nv.
#[allow(clippy::too_many_arguments)]
pub fn make_dof_dof_sparse(
    sz: DofDofSizes,
    parent: &[i32],
    simplenum: &[i32],
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    diag: Option<&mut [i32]>,
    colind: &mut [i32],
    reduced: bool,
    upper: bool,
    remaining: &mut [i32],
) {
    if let Err(msg) = try_dof_dof_sparse(sz, parent, simplenum, rownnz, rowadr, diag, colind, reduced, upper, remaining)
    {
        mjerror!("mj_makeDofDofSparse", "{}", msg);
    }
}

/// `make_dof_dof_sparse` returning the inconsistency instead of reporting it.
#[allow(clippy::too_many_arguments)]
fn try_dof_dof_sparse(
    sz: DofDofSizes,
    parent: &[i32],
    simplenum: &[i32],
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    diag: Option<&mut [i32]>,
    colind: &mut [i32],
    reduced: bool,
    upper: bool,
    remaining: &mut [i32],
) -> Result<(), &'static str> {
    let nv = sz.nv;
    if nv == 0 {
        return Ok(());
    }
    let (rownnz, rowadr) = (&mut rownnz[..nv], &mut rowadr[..nv]);
    count_rows(&parent[..nv], simplenum, rownnz, reduced, upper);
    rowadr[0] = 0;
    for i in 1..nv {
        rowadr[i] = rowadr[i - 1] + rownnz[i - 1];
    }

    let expected = if upper {
        sz.nd
    } else if reduced {
        sz.nc
    } else {
        sz.nm
    };
    let total = (rowadr[nv - 1] + rownnz[nv - 1]) as usize;
    if total != expected || colind.len() < total {
        return Err("sum of rownnz different from expected");
    }

    fill_rows(parent, simplenum, rowadr, rownnz, remaining, reduced, upper, |adr, _, _, col| colind[adr] = col);
    if remaining[..nv].iter().any(|&r| r != 0) {
        return Err("unexpected remaining");
    }

    if let Some(diag) = diag {
        for i in 0..nv {
            let adr = rowadr[i] as usize;
            let n = rownnz[i] as usize;
            let j = colind[adr..adr + n].iter().position(|&c| c >= i as i32).unwrap_or(n);
            if j >= n || colind[adr + j] != i as i32 {
                return Err("diagonal index not found");
            }
            diag[i] = j as i32;
        }
    }
    Ok(())
}

/// Body-dof pattern (`mj_makeBSparse`): each body's row holds the dofs of its subtree and of its
/// ancestors, sorted. `count` is scratch of length nbody; `colind` holds nB entries.
#[allow(clippy::too_many_arguments)]
pub fn make_b_sparse(
    nv: usize,
    nbody: usize,
    nb: usize,
    dofnum: &[i32],
    parent: &[i32],
    dofadr: &[i32],
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
    count: &mut [i32],
) {
    if let Err(msg) = try_b_sparse(nv, nbody, nb, dofnum, parent, dofadr, rownnz, rowadr, colind, count) {
        mjerror!("mj_makeBSparse", "{}", msg);
    }
}

/// `make_b_sparse` returning the inconsistency instead of reporting it.
#[allow(clippy::too_many_arguments)]
fn try_b_sparse(
    nv: usize,
    nbody: usize,
    nb: usize,
    dofnum: &[i32],
    parent: &[i32],
    dofadr: &[i32],
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
    count: &mut [i32],
) -> Result<(), &'static str> {
    if nbody == 0 {
        return Ok(());
    }
    let (rn, ra) = (&mut rownnz[..nbody], &mut rowadr[..nbody]);
    rn.fill(0);
    for i in (1..nbody).rev() {
        rn[i] += dofnum[i];
        rn[parent[i] as usize] += rn[i];
    }
    if rn[0] as usize != nv {
        return Err("rownnz[0] different from nv");
    }
    for i in 0..nbody {
        let mut j = parent[i];
        while j > 0 {
            rn[i] += dofnum[j as usize];
            j = parent[j as usize];
        }
    }
    ra[0] = 0;
    for i in 1..nbody {
        ra[i] = ra[i - 1] + rn[i - 1];
    }
    if nb != (ra[nbody - 1] + rn[nbody - 1]) as usize || colind.len() < nb {
        return Err("sum of rownnz different from nB");
    }

    let count = &mut count[..nbody];
    count.fill(0);
    let push = |colind: &mut [i32], count: &mut [i32], row: usize, col: i32| -> bool {
        if count[row] >= rn[row] {
            return false;
        }
        colind[(ra[row] + count[row]) as usize] = col;
        count[row] += 1;
        true
    };
    let mut overflow = false;
    for i in (1..nbody).rev() {
        for n in 0..dofnum[i] {
            overflow |= !push(colind, count, i, dofadr[i] + n);
        }
        let par = parent[i] as usize;
        for n in 0..count[i] {
            let col = colind[(ra[i] + n) as usize];
            overflow |= !push(colind, count, par, col);
        }
    }
    for i in 0..nbody {
        let mut par = parent[i];
        while par > 0 {
            let p = par as usize;
            for n in 0..dofnum[p] {
                overflow |= !push(colind, count, i, dofadr[p] + n);
            }
            par = parent[p];
        }
    }
    for i in 0..nbody {
        if overflow || rn[i] != count[i] {
            return Err("cnt different from rownnz");
        }
        let a = ra[i] as usize;
        colind[a..a + count[i] as usize].sort_unstable();
    }
    Ok(())
}

/// Maps between M's layouts (`mj_makeDofDofMaps`): `map_m2d` (lower-triangular CSR M to the
/// symmetric D pattern), `map_d2m` (D to M), `map_m2m` (the legacy address of each CSR element
/// of M). `m_legacy` receives 0..nM (the identity the legacy copy runs over), `scratch` holds nv.
#[allow(clippy::too_many_arguments)]
pub fn make_dof_dof_maps(
    sz: DofDofSizes,
    dof_madr: &[i32],
    simplenum: &[i32],
    parent: &[i32],
    d_pat: (&[i32], &[i32], &[i32]),
    m_pat: (&[i32], &[i32], &[i32]),
    map_m2d: &mut [i32],
    map_d2m: &mut [i32],
    map_m2m: &mut [i32],
    m_legacy: &mut [i32],
    scratch: &mut [i32],
) {
    if let Err((func, msg)) =
        try_dof_dof_maps(sz, dof_madr, simplenum, parent, d_pat, m_pat, map_m2d, map_d2m, map_m2m, m_legacy, scratch)
    {
        mjerror!(func, "{}", msg);
    }
}

/// `make_dof_dof_maps` returning the inconsistency (function, message) instead of reporting it.
#[allow(clippy::too_many_arguments)]
fn try_dof_dof_maps(
    sz: DofDofSizes,
    dof_madr: &[i32],
    simplenum: &[i32],
    parent: &[i32],
    d_pat: (&[i32], &[i32], &[i32]),
    m_pat: (&[i32], &[i32], &[i32]),
    map_m2d: &mut [i32],
    map_d2m: &mut [i32],
    map_m2m: &mut [i32],
    m_legacy: &mut [i32],
    scratch: &mut [i32],
) -> Result<(), (&'static str, &'static str)> {
    let nv = sz.nv;
    let (d_rownnz, d_rowadr, d_colind) = d_pat;
    let (m_rownnz, m_rowadr, m_colind) = m_pat;
    lower_to_sym_map(map_m2d, nv, d_rowadr, d_rownnz, d_colind, m_rowadr, m_rownnz, m_colind, scratch);
    sparse_map(map_d2m, nv, m_rowadr, m_rownnz, m_colind, d_rowadr, d_rownnz, d_colind);

    for (i, x) in m_legacy[..sz.nm].iter_mut().enumerate() {
        *x = i as i32;
    }
    let map = &mut map_m2m[..sz.nc];
    map.fill(-1);
    if nv > 0 {
        // the legacy layout stores each row's diagonal, then its ancestors, from dof_Madr on
        let mut bad = false;
        fill_rows(parent, simplenum, m_rowadr, &m_rownnz[..nv], scratch, true, false, |adr, i, k, _| {
            match (map.get_mut(adr), m_legacy.get(dof_madr[i] as usize + k)) {
                (Some(dst), Some(&src)) => *dst = src,
                _ => bad = true,
            }
        });
        if bad || scratch[..nv].iter().any(|&r| r != 0) {
            return Err(("copyM2Sparse", "unassigned index"));
        }
    }
    if map.iter().any(|&x| x < 0) {
        return Err(("mj_makeDofDofMaps", "unassigned index in mapM2M"));
    }
    Ok(())
}

/// Rows of D and of B agree (upstream's `checkDBSparse`, run by `mj_resetData`): row `j` of the
/// dof-dof pattern equals the body-dof row of dof `j`'s body. A row that does not lie inside its
/// column array counts as different.
pub fn check_db_sparse(m: &mjModel) -> Result<(), &'static str> {
    let (dnnz, dadr, dcol) = (m.D_rownnz(), m.D_rowadr(), m.D_colind());
    let (bnnz, badr, bcol) = (m.B_rownnz(), m.B_rowadr(), m.B_colind());
    fn row(col: &[i32], adr: i32, nnz: i32) -> Option<&[i32]> {
        let (a, n) = (usize::try_from(adr).ok()?, usize::try_from(nnz).ok()?);
        col.get(a..a.checked_add(n)?)
    }
    for (j, &body) in m.dof_bodyid().iter().enumerate() {
        let i = body as usize;
        if dnnz[j] != bnnz[i] {
            return Err("rows have different nnz");
        }
        match (row(dcol, dadr[j], dnnz[j]), row(bcol, badr[i], bnnz[i])) {
            (Some(d), Some(b)) if d == b => {}
            _ => return Err("rows have different colind"),
        }
    }
    Ok(())
}

/// Checks, before data is made for `m` (`mj_makeData`), that the sparsity patterns of M, D and
/// B, D's diagonal positions and the maps between M's layouts are the ones the kinematic tree
/// (`dof_parentid`, `dof_simplenum`, `body_parentid`, `body_dofnum`, `body_dofadr`, `dof_Madr`)
/// gives, as the compiler writes them. The engine indexes through these arrays without checking
/// them each step; an MJB file can carry damaged ones that upstream loads. The D/B comparison
/// comes first, with upstream's texts; the error is (function, message).
pub fn check_patterns(m: &mjModel) -> Result<(), (&'static str, &'static str)> {
    fn zeros(n: usize) -> Result<Vec<i32>, (&'static str, &'static str)> {
        let mut v = Vec::new();
        v.try_reserve_exact(n).map_err(|_| ("mj_makeData", "could not allocate the sparsity check"))?;
        v.resize(n, 0);
        Ok(v)
    }
    check_db_sparse(m).map_err(|e| ("checkDBSparse", e))?;
    const BAD_M: &str = "Invalid model: sparsity of M does not match the dof tree";
    const BAD_D: &str = "Invalid model: sparsity of D does not match the dof tree";
    const BAD_B: &str = "Invalid model: sparsity of B does not match the body tree";
    const BAD_MAP: &str = "Invalid model: M, D index maps do not match the dof tree";
    let err = |msg| ("mj_makeData", msg);
    let nv = m.nv as usize;
    let sz = DofDofSizes { nv, nc: m.nC as usize, nd: m.nD as usize, nm: m.nM as usize };
    let (parent, simple) = (m.dof_parentid(), m.dof_simplenum());
    let mut remaining = zeros(nv.max(m.nbody as usize))?;

    // M: reduced lower triangle
    let (mut nnz, mut adr, mut col) = (zeros(nv)?, zeros(nv)?, zeros(sz.nc)?);
    try_dof_dof_sparse(sz, parent, simple, &mut nnz, &mut adr, None, &mut col, true, false, &mut remaining)
        .map_err(|_| err(BAD_M))?;
    if nnz != m.M_rownnz() || adr != m.M_rowadr() || col != m.M_colind() {
        return Err(err(BAD_M));
    }

    // D: full symmetric pattern and its diagonal
    let (mut nnz, mut adr, mut col, mut diag) = (zeros(nv)?, zeros(nv)?, zeros(sz.nd)?, zeros(nv)?);
    try_dof_dof_sparse(sz, parent, simple, &mut nnz, &mut adr, Some(&mut diag), &mut col, false, true, &mut remaining)
        .map_err(|_| err(BAD_D))?;
    if nnz != m.D_rownnz() || adr != m.D_rowadr() || col != m.D_colind() || diag != m.D_diag() {
        return Err(err(BAD_D));
    }

    // B: body-dof pattern
    let nbody = m.nbody as usize;
    let (mut nnz, mut adr, mut col) = (zeros(nbody)?, zeros(nbody)?, zeros(m.nB as usize)?);
    try_b_sparse(
        nv,
        nbody,
        m.nB as usize,
        m.body_dofnum(),
        m.body_parentid(),
        m.body_dofadr(),
        &mut nnz,
        &mut adr,
        &mut col,
        &mut remaining,
    )
    .map_err(|_| err(BAD_B))?;
    if nnz != m.B_rownnz() || adr != m.B_rowadr() || col != m.B_colind() {
        return Err(err(BAD_B));
    }

    // maps between M's layouts (from the patterns just checked)
    let (mut m2d, mut d2m, mut m2m, mut legacy) = (zeros(sz.nd)?, zeros(sz.nc)?, zeros(sz.nc)?, zeros(sz.nm)?);
    try_dof_dof_maps(
        sz,
        m.dof_Madr(),
        simple,
        parent,
        (m.D_rownnz(), m.D_rowadr(), m.D_colind()),
        (m.M_rownnz(), m.M_rowadr(), m.M_colind()),
        &mut m2d,
        &mut d2m,
        &mut m2m,
        &mut legacy,
        &mut remaining,
    )
    .map_err(|_| err(BAD_MAP))?;
    if m2d != m.mapM2D() || d2m != m.mapD2M() || m2m != m.mapM2M() {
        return Err(err(BAD_MAP));
    }
    Ok(())
}
