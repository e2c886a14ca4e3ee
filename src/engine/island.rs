//! Constraint islands (`mj_island`, upstream's `engine_island.c`): trees coupled by constraint
//! rows are grouped by flood fill, and each island gets its own dof and row maps so the
//! solvers can work on islands separately.

use core::ffi::c_void;
use core::mem::{align_of, size_of};

use crate::abi::mjtConstraint_::*;
use crate::abi::DataMut;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::{disabled, is_sparse, warning};
use crate::math::blas::block_diag;
use crate::math::sparse::{block_diag_sparse, super_sparse};

const EQUALITY: i32 = mjCNSTR_EQUALITY as i32;
const FRICTION_DOF: i32 = mjCNSTR_FRICTION_DOF as i32;
const FRICTION_TENDON: i32 = mjCNSTR_FRICTION_TENDON as i32;
const LIMIT_JOINT: i32 = mjCNSTR_LIMIT_JOINT as i32;
const CONTACT_FRICTIONLESS: i32 = mjCNSTR_CONTACT_FRICTIONLESS as i32;
const CONTACT_PYRAMIDAL: i32 = mjCNSTR_CONTACT_PYRAMIDAL as i32;
const CONTACT_ELLIPTIC: i32 = mjCNSTR_CONTACT_ELLIPTIC as i32;
const EQ_CONNECT: i32 = mjtEq_::mjEQ_CONNECT as i32;
const EQ_WELD: i32 = mjtEq_::mjEQ_WELD as i32;
const EQ_FLEX: i32 = mjtEq_::mjEQ_FLEX as i32;
const OBJ_SITE: i32 = mjtObj_::mjOBJ_SITE as i32;

/// Number of island arrays (`MJDATA_ARENA_POINTERS_ISLAND`).
const NISLAND_ARRAYS: usize = 40;

//-------------------------- arena -----------------------------------------------------------------

/// The island arrays in `MJDATA_ARENA_POINTERS_ISLAND` order: pointer slot, bytes for the
/// current counts, alignment.
fn island_slots(m: &mjModel, d: &mut mjData) -> [(*mut *mut c_void, usize, usize); NISLAND_ARRAYS] {
    let (ntree, nv, nc) = (m.ntree as usize, m.nv as usize, m.nC as usize);
    let (ni, nidof, nefc, nj) = (d.nisland as usize, d.nidof as usize, d.nefc as usize, d.nJ as usize);
    macro_rules! slots {
        ($($name:ident: $t:ty = $n:expr),* $(,)?) => {
            [$( (
                core::ptr::addr_of_mut!(d.$name) as *mut *mut c_void,
                size_of::<$t>() * $n,
                align_of::<$t>(),
            ) ),*]
        };
    }
    slots!(
        tree_island: i32 = ntree,
        island_ntree: i32 = ni,
        island_itreeadr: i32 = ni,
        map_itree2tree: i32 = ntree,
        dof_island: i32 = nv,
        island_nv: i32 = ni,
        island_idofadr: i32 = ni,
        island_dofadr: i32 = ni,
        map_dof2idof: i32 = nv,
        map_idof2dof: i32 = nv,
        ifrc_smooth: f64 = nidof,
        iacc_smooth: f64 = nidof,
        iM_rownnz: i32 = nidof,
        iM_rowadr: i32 = nidof,
        iM_colind: i32 = nc,
        iM: f64 = nc,
        iLD: f64 = nc,
        iLDiagInv: f64 = nidof,
        iacc: f64 = nidof,
        efc_island: i32 = nefc,
        island_ne: i32 = ni,
        island_nf: i32 = ni,
        island_nefc: i32 = ni,
        island_iefcadr: i32 = ni,
        map_efc2iefc: i32 = nefc,
        map_iefc2efc: i32 = nefc,
        iefc_type: i32 = nefc,
        iefc_id: i32 = nefc,
        iefc_J_rownnz: i32 = nefc,
        iefc_J_rowadr: i32 = nefc,
        iefc_J_rowsuper: i32 = nefc,
        iefc_J_colind: i32 = nj,
        iefc_J: f64 = nj,
        iefc_frictionloss: f64 = nefc,
        iefc_D: f64 = nefc,
        iefc_R: f64 = nefc,
        iefc_aref: f64 = nefc,
        iefc_state: i32 = nefc,
        iefc_force: f64 = nefc,
        ifrc_constraint: f64 = nidof,
    )
}

/// Nulls the island arrays, drops all constraint rows and islands and resets the arena top
/// to `parena` (upstream's `clearIsland`).
fn clear_island(m: &mjModel, d: &mut mjData, parena: usize) {
    for (slot, _, _) in island_slots(m, d) {
        // SAFETY: each slot is the address of one array pointer field of `d`, which is
        // borrowed exclusively here; nulling it leaves that array unallocated
        unsafe { *slot = core::ptr::null_mut() };
    }
    d.nefc = 0;
    d.nisland = 0;
    d.nidof = 0;
    d.parena = parena;
}

/// Places the island arrays in the arena; on overflow warns `mjWARN_CNSTRFULL`, clears them
/// and returns false (upstream's `arenaAllocIsland`).
fn alloc_island(m: &mjModel, d: &mut mjData) -> bool {
    let parena_old = d.parena;
    let slots = island_slots(m, d);
    if !crate::data::stack::arena_alloc_slots(d, &slots) {
        warning(d, mjtWarning_::mjWARN_CNSTRFULL, d.narena as i32);
        clear_island(m, d, parena_old);
        return false;
    }
    true
}

//-------------------------- flood fill and tree graph ---------------------------------------------

/// Labels the connected components of a sparse symmetric adjacency pattern (`mj_floodFill`):
/// `island[v]` gets the component of vertex v (-1 for vertices without edges); returns the
/// number of components. `stack` needs room for all nonzeros; column indices may repeat.
pub fn flood_fill(island: &mut [i32], rownnz: &[i32], rowadr: &[i32], colind: &[i32], stack: &mut [i32]) -> i32 {
    let nr = island.len();
    island.fill(-1);
    let mut nisland = 0;
    for i in 0..nr {
        if island[i] != -1 || rownnz[i] == 0 {
            continue;
        }

        // depth-first traversal from i; vertices are labelled when pushed, so each is pushed
        // once (the labelled set is the same as when labelling on pop)
        island[i] = nisland;
        stack[0] = i as i32;
        let mut nstack = 1;
        while nstack > 0 {
            nstack -= 1;
            let v = stack[nstack] as usize;
            let (adr, n) = (rowadr[v] as usize, rownnz[v].max(0) as usize);
            for &c in &colind[adr..adr + n] {
                if island[c as usize] == -1 {
                    island[c as usize] = nisland;
                    stack[nstack] = c;
                    nstack += 1;
                }
            }
        }
        nisland += 1;
    }
    nisland
}

/// The constraint rows as the tree scans read them.
struct Rows<'a> {
    m: &'a mjModel,
    sparse: bool,
    nv: usize,
    efc_type: &'a [i32],
    efc_id: &'a [i32],
    efc_j: &'a [f64],
    rownnz: &'a [i32],
    rowadr: &'a [i32],
    colind: &'a [i32],
    contact: &'a [mjContact],
    dof_treeid: &'a [i32],
    body_treeid: &'a [i32],
    geom_bodyid: &'a [i32],
    eq_type: &'a [i32],
}

impl<'a> Rows<'a> {
    fn new(m: &'a mjModel, d: &'a mjData) -> Self {
        let a = d.arrays(m);
        Self::of(m, a.efc_type, a.efc_id, a.efc_J, a.efc_J_rownnz, a.efc_J_rowadr, a.efc_J_colind, a.contact)
    }

    /// The view over the data's row arrays (the contacts empty when there are none).
    #[allow(clippy::too_many_arguments)]
    fn of(
        m: &'a mjModel,
        efc_type: &'a [i32],
        efc_id: &'a [i32],
        efc_j: &'a [f64],
        efc_j_rownnz: &'a [i32],
        efc_j_rowadr: &'a [i32],
        efc_j_colind: &'a [i32],
        contact: &'a [mjContact],
    ) -> Self {
        let sparse = is_sparse(m);
        Rows {
            m,
            sparse,
            nv: m.nv as usize,
            efc_type,
            efc_id,
            efc_j,
            rownnz: if sparse { efc_j_rownnz } else { &[] },
            rowadr: if sparse { efc_j_rowadr } else { &[] },
            colind: if sparse { efc_j_colind } else { &[] },
            contact,
            dof_treeid: m.dof_treeid(),
            body_treeid: m.body_treeid(),
            geom_bodyid: m.geom_bodyid(),
            eq_type: m.eq_type(),
        }
    }

    /// The trees of a row whose object names them (dof friction, joint limits, geom-geom
    /// contacts, connect and weld), the static side (-1) second; `None` for rows whose trees
    /// must be read from the Jacobian.
    #[inline(always)]
    fn object_trees(&self, ty: i32, id: i32) -> Option<[i32; 2]> {
        let m = self.m;
        let order = |t: [i32; 2], what: &str| -> [i32; 2] {
            if t[0] < 0 {
                if t[1] < 0 {
                    static_pair_error(what, id);
                }
                [t[1], t[0]]
            } else {
                t
            }
        };
        match ty {
            FRICTION_DOF => Some([self.dof_treeid[id as usize], -1]),
            LIMIT_JOINT => Some([self.dof_treeid[m.jnt_dofadr()[id as usize] as usize], -1]),
            CONTACT_FRICTIONLESS | CONTACT_PYRAMIDAL | CONTACT_ELLIPTIC => {
                let con = &self.contact[id as usize];
                let (g1, g2) = (con.geom[0], con.geom[1]);
                if g1 < 0 || g2 < 0 {
                    return None;
                }
                let tree_of = |g: i32| self.body_treeid[self.geom_bodyid[g as usize] as usize];
                Some(order([tree_of(g1), tree_of(g2)], "contact"))
            }
            EQUALITY => {
                let e = id as usize;
                let eq_type = self.eq_type[e];
                if eq_type != EQ_CONNECT && eq_type != EQ_WELD {
                    return None;
                }
                let (mut b1, mut b2) = (m.eq_obj1id()[e], m.eq_obj2id()[e]);
                if m.eq_objtype()[e] == OBJ_SITE {
                    b1 = m.site_bodyid()[b1 as usize];
                    b2 = m.site_bodyid()[b2 as usize];
                }
                Some(order([self.body_treeid[b1 as usize], self.body_treeid[b2 as usize]], "equality"))
            }
            _ => None,
        }
    }

    /// Calls `f` with the tree of each non-zero of row i, in column order.
    #[inline(always)]
    fn for_each_tree(&self, i: usize, mut f: impl FnMut(i32)) {
        let dof_treeid = self.dof_treeid;
        if self.sparse {
            let adr = self.rowadr[i] as usize;
            for &c in &self.colind[adr..adr + self.rownnz[i] as usize] {
                f(dof_treeid[c as usize]);
            }
        } else {
            let row = &self.efc_j[self.nv * i..self.nv * (i + 1)];
            for (&v, &t) in row.iter().zip(&dof_treeid[..self.nv]) {
                if v != 0.0 {
                    f(t);
                }
            }
        }
    }

    /// Tree of the first non-zero of row i, -1 if the row is empty.
    #[inline]
    fn first_tree(&self, i: usize) -> i32 {
        let dof_treeid = self.dof_treeid;
        if self.sparse {
            let adr = self.rowadr[i] as usize;
            if self.rownnz[i] > 0 {
                dof_treeid[self.colind[adr] as usize]
            } else {
                -1
            }
        } else {
            let row = &self.efc_j[self.nv * i..self.nv * (i + 1)];
            row.iter().position(|&v| v != 0.0).map_or(-1, |j| dof_treeid[j])
        }
    }
}

/// The tree-tree edge list under construction and each tree's edge count.
struct Edges<'a> {
    edge: &'a mut [i32],
    treenedge: &'a mut [i32],
    n: usize,
    max: usize,
    /// the last pair written (-1, -1 when there is none)
    last: (i32, i32),
}

impl Edges<'_> {
    /// Appends the edge tree1-tree2 (both directions) or the self-edge of a single tree (-1
    /// stands for the other tree), unless it repeats the previous edge (as upstream's
    /// `addEdge`, the list is emptied after an error). Not inlined: rows scan their non-zeros
    /// in a tight loop and call this only where the tree changes.
    #[inline(never)]
    fn add(&mut self, tree1: i32, tree2: i32) {
        if tree1 == -1 && tree2 == -1 {
            self.fail("self-edge of the static tree");
            return;
        }
        let t1 = if tree1 == -1 { tree2 } else { tree1 };
        let t2 = if tree2 == -1 { t1 } else { tree2 };
        let (p1, p2) = self.last;
        let n = self.n;

        if t1 == t2 {
            if t1 == p1 && t1 == p2 {
                return;
            }
            if n >= self.max {
                self.fail("edge array too small");
                return;
            }
            self.edge[2 * n..2 * n + 2].copy_from_slice(&[t1, t1]);
            self.treenedge[t1 as usize] += 1;
            self.n = n + 1;
            self.last = (t1, t1);
            return;
        }

        if (t1 == p1 && t2 == p2) || (t1 == p2 && t2 == p1) {
            return;
        }
        if n + 2 > self.max {
            self.fail("edge array too small");
            return;
        }
        self.edge[2 * n..2 * n + 4].copy_from_slice(&[t1, t2, t2, t1]);
        self.treenedge[t1 as usize] += 1;
        self.treenedge[t2 as usize] += 1;
        self.n = n + 2;
        self.last = (t2, t1);
    }

    /// Reports an error and empties the list.
    #[cold]
    #[inline(never)]
    fn fail(&mut self, msg: &str) {
        crate::mjerror!("addEdge", "{}", msg);
        self.n = 0;
        self.last = (-1, -1);
    }
}

/// Reports a row between two static bodies.
#[cold]
#[inline(never)]
fn static_pair_error(what: &str, id: i32) {
    crate::mjerror!("treeFirst", "{} {} is between two static bodies", what, id);
}

/// Collects the tree-tree edges of all rows (one scan per constraint, per row for flex
/// equalities) and the edge count of each tree; returns the number of edges.
fn find_edges(rows: &Rows, nefc: usize, treenedge: &mut [i32], edge: &mut [i32], nedge_max: usize) -> usize {
    treenedge.fill(0);
    let mut edges = Edges { edge, treenedge, n: 0, max: nedge_max, last: (-1, -1) };
    let (mut last_type, mut last_id) = (-1, -1);
    for (i, (&ty, &id)) in rows.efc_type[..nefc].iter().zip(&rows.efc_id[..nefc]).enumerate() {
        if ty == last_type && id == last_id && !(ty == EQUALITY && rows.eq_type[id as usize] == EQ_FLEX) {
            continue;
        }
        last_type = ty;
        last_id = id;

        if let Some([t1, t2]) = rows.object_trees(ty, id) {
            edges.add(t1, t2);
            continue;
        }

        // walk along the row: one edge per change of tree, a self-edge if there is none
        let (mut cur, mut changed) = (-1, false);
        rows.for_each_tree(i, |t| {
            if t != cur {
                if cur != -1 {
                    edges.add(cur, t);
                    changed = true;
                }
                cur = t;
            }
        });
        if !changed {
            if cur == -1 {
                crate::mjerror!("treeFirst", "no tree found for constraint {}", i);
            }
            edges.add(cur, cur);
        }
    }
    edges.n
}

//-------------------------- main entry point ------------------------------------------------------

/// Finds the constraint islands of the current rows (`mj_island`): the tree, dof and row maps,
/// the per-island inertia (`iM`, `iLD`, `iLDiagInv`) and row data (`iefc_*`).
pub fn island(m: &mjModel, d: &mut mjData) {
    let (nv, nefc, ntree, nj) = (m.nv as usize, d.nefc.max(0) as usize, m.ntree.max(0) as usize, d.nJ.max(0) as usize);
    if disabled(m, mjtDisableBit_::mjDSBL_ISLAND) || nefc == 0 || ntree == 0 {
        d.nisland = 0;
        d.nidof = 0;
        return;
    }

    with_frame(d, |d, f| {
        // tree graph: edges from the rows, then compressed adjacency lists
        let edge = f.ints(d, 2 * nj);
        let rownnz = f.ints(d, ntree);
        let nedge = find_edges(&Rows::new(m, d), nefc, rownnz, edge, nj);

        let rowadr = f.ints(d, ntree);
        rowadr[0] = 0;
        for r in 1..ntree {
            rowadr[r] = rowadr[r - 1] + rownnz[r - 1];
            rownnz[r - 1] = 0;
        }
        rownnz[ntree - 1] = 0;

        let colind = f.ints(d, nedge);
        for e in 0..nedge {
            let (row, col) = (edge[2 * e] as usize, edge[2 * e + 1]);
            colind[(rowadr[row] + rownnz[row]) as usize] = col;
            rownnz[row] += 1;
        }

        // islands of trees
        let tree_island = f.ints(d, ntree);
        let stack = f.ints(d, nedge);
        d.nisland = flood_fill(tree_island, rownnz, rowadr, colind, stack);
        if d.nisland == 0 {
            d.nidof = 0;
            return;
        }

        let tree_dofnum = m.tree_dofnum();
        let nidof: usize = (0..ntree).filter(|&t| tree_island[t] >= 0).map(|t| tree_dofnum[t] as usize).sum();
        d.nidof = nidof as i32;

        if !alloc_island(m, d) {
            return;
        }
        let ni = d.nisland as usize;
        // two counter arrays, as upstream allocates them (the stack high-water mark matches;
        // nothing else takes stack memory between their allocations there)
        let count = f.ints(d, ni + 1);
        let count2 = f.ints(d, ni + 1);

        let DataMut {
            tree_island: d_tree_island,
            island_ntree,
            island_itreeadr,
            map_itree2tree,
            dof_island,
            island_nv,
            island_idofadr,
            map_dof2idof,
            map_idof2dof,
            iLDiagInv,
            qLDiagInv,
            island_dofadr,
            iLD,
            iM_rownnz,
            iM_rowadr,
            iM_colind,
            qLD,
            iM,
            M,
            efc_island,
            island_ne,
            island_nf,
            island_nefc,
            island_iefcadr,
            map_efc2iefc,
            map_iefc2efc,
            iefc_type,
            iefc_id,
            iefc_frictionloss,
            iefc_D,
            iefc_R,
            efc_frictionloss,
            efc_D,
            efc_R,
            iefc_J,
            iefc_J_rownnz,
            iefc_J_rowadr,
            iefc_J_colind,
            iefc_J_rowsuper,
            efc_type,
            efc_id,
            efc_J,
            efc_J_rownnz,
            efc_J_rowadr,
            efc_J_colind,
            contact,
            ..
        } = d.arrays_mut(m);
        let rows = Rows::of(m, efc_type, efc_id, efc_J, efc_J_rownnz, efc_J_rowadr, efc_J_colind, contact);

        // ---- trees
        d_tree_island.copy_from_slice(tree_island);
        island_ntree.fill(0);
        for &isl in tree_island.iter() {
            if isl >= 0 {
                island_ntree[isl as usize] += 1;
            }
        }
        cumsum(island_itreeadr, island_ntree);
        let last_tree = (island_itreeadr[ni - 1] + island_ntree[ni - 1]) as usize;

        // one island holding every tree (the common case of a single robot): every map below
        // is the identity and every island array a copy, written without the permutations
        let whole = ni == 1 && tree_island.iter().all(|&isl| isl == 0);

        // trees listed island by island, unconstrained trees at the end
        count.fill(0);
        for (t, &isl) in tree_island.iter().enumerate() {
            let pos = if isl >= 0 {
                let k = isl as usize;
                island_itreeadr[k] as usize + bump(&mut count[k])
            } else {
                last_tree + bump(&mut count[ni])
            };
            map_itree2tree[pos] = t as i32;
        }
        if count[..ni] != island_ntree[..] {
            crate::mjerror!("mj_island", "island_ntree miscount");
        }
        if last_tree + count[ni] as usize != ntree {
            crate::mjerror!("mj_island", "miscount of unconstrained trees");
        }

        // ---- dofs
        let dof_treeid = m.dof_treeid();
        island_nv.fill(0);
        for dof in 0..nv {
            let isl = tree_island[dof_treeid[dof] as usize];
            dof_island[dof] = isl;
            if isl >= 0 {
                island_nv[isl as usize] += 1;
            }
        }
        cumsum(island_idofadr, island_nv);

        // dofs listed island by island, unconstrained dofs at the end; the inverse diagonal of
        // the factor follows the constrained dofs
        let (ildiaginv, qldiaginv) = (&mut iLDiagInv[..nidof], &*qLDiagInv);
        let count = count2;
        count.fill(0);
        if whole {
            ildiaginv.copy_from_slice(&qldiaginv[..nv]);
            iota(&mut map_dof2idof[..nv]);
            iota(&mut map_idof2dof[..nv]);
            count[0] = nv as i32;
        } else {
            for (dof, (&isl, d2i)) in dof_island.iter().zip(map_dof2idof.iter_mut()).enumerate() {
                let idof = if isl >= 0 {
                    let k = isl as usize;
                    let idof = island_idofadr[k] as usize + bump(&mut count[k]);
                    ildiaginv[idof] = qldiaginv[dof];
                    idof
                } else {
                    nidof + bump(&mut count[ni])
                };
                *d2i = idof as i32;
                map_idof2dof[idof] = dof as i32;
            }
        }
        if count[..ni] != island_nv[..] {
            crate::mjerror!("mj_island", "island_nv miscount");
        }
        if nidof + count[ni] as usize != nv {
            crate::mjerror!("mj_island", "miscount of unconstrained dofs");
        }
        for k in 0..ni {
            island_dofadr[k] = map_idof2dof[island_idofadr[k] as usize];
        }

        // block-diagonal inertia and its factor, in island dof order: for one whole island with
        // M's rows stored one after the other (as the compiler lays them out), M itself
        let (m_rownnz, m_rowadr) = (&m.M_rownnz()[..nv], &m.M_rowadr()[..nv]);
        match whole.then(|| packed_rows(m_rownnz, m_rowadr)).flatten() {
            Some(nc) => {
                iM_rownnz[..nv].copy_from_slice(m_rownnz);
                iM_rowadr[..nv].copy_from_slice(m_rowadr);
                iM_colind[..nc].copy_from_slice(&m.M_colind()[..nc]);
                iLD[..nc].copy_from_slice(&qLD[..nc]);
                iM[..nc].copy_from_slice(&M[..nc]);
            }
            None => block_diag_sparse(
                iLD,
                iM_rownnz,
                iM_rowadr,
                iM_colind,
                qLD,
                m.M_rownnz(),
                m.M_rowadr(),
                m.M_colind(),
                nidof,
                ni,
                map_idof2dof,
                map_dof2idof,
                island_idofadr,
                island_idofadr,
                Some((iM, M)),
            ),
        }

        // ---- constraint rows
        island_ne.fill(0);
        island_nf.fill(0);
        island_nefc.fill(0);
        // rows of one constraint named by its object share its trees
        let (mut last_type, mut last_id, mut last_tree) = (-1, -1, -1);
        let row_objects = rows.efc_type[..nefc].iter().zip(&rows.efc_id[..nefc]);
        for (i, ((&ty, &id), efc_isl)) in row_objects.zip(efc_island.iter_mut()).enumerate() {
            let tree = if ty == last_type && id == last_id {
                last_tree
            } else if let Some([t, _]) = rows.object_trees(ty, id) {
                (last_type, last_id, last_tree) = (ty, id, t);
                t
            } else {
                last_type = -1;
                let t = rows.first_tree(i);
                if t < 0 {
                    crate::mjerror!("treeFirst", "no tree found for constraint {}", i);
                }
                t
            };
            if tree < 0 {
                return;
            }
            let isl = tree_island[tree as usize];
            *efc_isl = isl;
            let k = isl as usize;
            island_nefc[k] += 1;
            match ty {
                EQUALITY => island_ne[k] += 1,
                FRICTION_DOF | FRICTION_TENDON => island_nf[k] += 1,
                _ => {}
            }
        }
        cumsum(island_iefcadr, island_nefc);

        // rows listed island by island, with the position-dependent row data the solvers need
        let map_iefc2efc = &mut map_iefc2efc[..nefc];
        let (iefc_type, iefc_id) = (&mut iefc_type[..nefc], &mut iefc_id[..nefc]);
        let (iefc_fl, iefc_d, iefc_r) = (&mut iefc_frictionloss[..nefc], &mut iefc_D[..nefc], &mut iefc_R[..nefc]);
        let (efc_fl, efc_d, efc_r) = (&efc_frictionloss[..nefc], &efc_D[..nefc], &efc_R[..nefc]);
        count.fill(0);
        if whole {
            iota(&mut map_efc2iefc[..nefc]);
            iota(map_iefc2efc);
            iefc_type.copy_from_slice(&rows.efc_type[..nefc]);
            iefc_id.copy_from_slice(&rows.efc_id[..nefc]);
            iefc_fl.copy_from_slice(efc_fl);
            iefc_d.copy_from_slice(efc_d);
            iefc_r.copy_from_slice(efc_r);
            count[0] = nefc as i32;
        } else {
            for (c, (&isl, e2i)) in efc_island.iter().zip(map_efc2iefc.iter_mut()).enumerate() {
                let k = isl as usize;
                let ic = island_iefcadr[k] as usize + bump(&mut count[k]);
                *e2i = ic as i32;
                map_iefc2efc[ic] = c as i32;
                iefc_type[ic] = rows.efc_type[c];
                iefc_id[ic] = rows.efc_id[c];
                iefc_fl[ic] = efc_fl[c];
                iefc_d[ic] = efc_d[c];
                iefc_r[ic] = efc_r[c];
            }
        }
        if count[..ni] != island_nefc[..] {
            crate::mjerror!("mj_island", "island_nefc miscount");
        }

        // block-diagonal Jacobian
        if !rows.sparse && whole {
            iefc_J[..nefc * nv].copy_from_slice(&rows.efc_j[..nefc * nv]);
        } else if !rows.sparse {
            block_diag(
                iefc_J,
                rows.efc_j,
                nv,
                nidof,
                map_iefc2efc,
                map_idof2dof,
                island_nefc,
                island_nv,
                island_iefcadr,
                island_idofadr,
            );
        } else if let Some(nnz) = whole.then(|| packed_rows(&rows.rownnz[..nefc], &rows.rowadr[..nefc])).flatten() {
            // one whole island over rows stored one after the other: the rows themselves
            let (rownnz, rowadr, colind) = (&mut iefc_J_rownnz[..nefc], &mut iefc_J_rowadr[..nefc], iefc_J_colind);
            rownnz.copy_from_slice(&rows.rownnz[..nefc]);
            rowadr.copy_from_slice(&rows.rowadr[..nefc]);
            colind[..nnz].copy_from_slice(&rows.colind[..nnz]);
            iefc_J[..nnz].copy_from_slice(&rows.efc_j[..nnz]);
            super_sparse(nefc, &mut iefc_J_rowsuper[..nefc], rownnz, rowadr, colind);
        } else {
            let (rownnz, rowadr, colind) = (iefc_J_rownnz, iefc_J_rowadr, iefc_J_colind);
            block_diag_sparse(
                iefc_J,
                rownnz,
                rowadr,
                colind,
                rows.efc_j,
                rows.rownnz,
                rows.rowadr,
                rows.colind,
                nefc,
                ni,
                map_iefc2efc,
                map_dof2idof,
                island_iefcadr,
                island_idofadr,
                None,
            );
            let rowsuper = iefc_J_rowsuper;
            for k in 0..ni {
                let (adr, n) = (island_iefcadr[k] as usize, island_nefc[k] as usize);
                super_sparse(n, &mut rowsuper[adr..adr + n], &rownnz[adr..adr + n], &rowadr[adr..adr + n], colind);
            }
        }
    })
}

/// `v[i] = i`: the identity map.
fn iota(v: &mut [i32]) {
    for (i, x) in v.iter_mut().enumerate() {
        *x = i as i32;
    }
}

/// The number of entries of a CSR pattern whose rows follow one another from address 0 (each
/// row's address is the sum of the lengths before it); None for any other layout.
fn packed_rows(rownnz: &[i32], rowadr: &[i32]) -> Option<usize> {
    let mut next = 0i32;
    for (&n, &a) in rownnz.iter().zip(rowadr) {
        if a != next || n < 0 {
            return None;
        }
        next += n;
    }
    Some(next as usize)
}

/// Exclusive prefix sum: `adr[0] = 0`, `adr[k] = adr[k-1] + num[k-1]`.
fn cumsum(adr: &mut [i32], num: &[i32]) {
    let mut s = 0;
    for (a, &n) in adr.iter_mut().zip(num) {
        *a = s;
        s += n;
    }
}

/// Returns the counter's value, then increments it.
#[inline]
fn bump(c: &mut i32) -> usize {
    let v = *c;
    *c += 1;
    v as usize
}
