//! Constraint assembly (upstream's `engine_core_constraint.c`): contacts into the arena,
//! equality, friction-loss, limit and contact rows with their Jacobians, impedance and
//! reference acceleration, the inverse-inertia projection for the dual solvers and the
//! constraint-state update shared by the primal solvers and inverse dynamics.

use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::sleep::sleep_state;
use crate::engine::support::{body_chain, jac_dif_pair, jac_sum, merge_chain, merge_chain_simple};
use crate::engine::{disabled, enabled, is_sparse, v3, v4, v9};
use crate::math::blas::{self, add3, add_scl, add_to_scl, add_to_scl3, dist3, mul_mat_mat, mul_mat_vec3, sub3};
use crate::math::sparse;
use crate::math::spatial::{mul_quat, mul_quat_axis, neg_quat, quat2vel};

use mjtConstraintState_::*;
use mjtConstraint_::*;
use mjtDisableBit_::*;

mod count;
mod params;
mod project;
mod state;

use count::*;
use params::*;
pub use project::project_constraint;
pub use state::*;

const EQUALITY: i32 = mjCNSTR_EQUALITY as i32;
const FRICTION_DOF: i32 = mjCNSTR_FRICTION_DOF as i32;
const FRICTION_TENDON: i32 = mjCNSTR_FRICTION_TENDON as i32;
const LIMIT_JOINT: i32 = mjCNSTR_LIMIT_JOINT as i32;
const LIMIT_TENDON: i32 = mjCNSTR_LIMIT_TENDON as i32;
const FRICTIONLESS: i32 = mjCNSTR_CONTACT_FRICTIONLESS as i32;
const PYRAMIDAL: i32 = mjCNSTR_CONTACT_PYRAMIDAL as i32;
const ELLIPTIC: i32 = mjCNSTR_CONTACT_ELLIPTIC as i32;

const EQ_CONNECT: i32 = mjtEq_::mjEQ_CONNECT as i32;
const EQ_WELD: i32 = mjtEq_::mjEQ_WELD as i32;
const EQ_JOINT: i32 = mjtEq_::mjEQ_JOINT as i32;
const EQ_TENDON: i32 = mjtEq_::mjEQ_TENDON as i32;
const EQ_FLEX: i32 = mjtEq_::mjEQ_FLEX as i32;

const OBJ_BODY: i32 = mjtObj_::mjOBJ_BODY as i32;
const OBJ_SITE: i32 = mjtObj_::mjOBJ_SITE as i32;
const OBJ_JOINT: i32 = mjtObj_::mjOBJ_JOINT as i32;
const OBJ_DOF: i32 = mjtObj_::mjOBJ_DOF as i32;
const OBJ_EQUALITY: i32 = mjtObj_::mjOBJ_EQUALITY as i32;
const ASLEEP: i32 = mjtSleepState_::mjS_ASLEEP as i32;

/// Room for the bodies of one contact involving flex elements: at most 27 interpolation nodes
/// (or 4 element vertices) per side.
const MAXBODY: usize = 64;

/// `mju_max`: `a` unless `b` is larger.
#[inline(always)]
fn mx(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// `mju_min`: `a` unless `b` is smaller.
#[inline(always)]
fn mn(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

/// Sleep filtering is on and some tree sleeps.
#[inline]
fn sleep_filter(m: &mjModel, d: &mjData) -> bool {
    enabled(m, mjtEnableBit_::mjENBL_SLEEP) && (d.ntree_awake as i64) < m.ntree as i64
}

/// Clears the arena's constraint arrays: all efc pointers null, `nefc = nisland = 0`, contacts
/// at the arena's start with no efc rows (upstream's `mj_clearEfc`).
pub(crate) fn clear_efc(m: &mjModel, d: &mut mjData) {
    d.clear_arena_pointers();
    d.nefc = 0;
    d.nisland = 0;
    d.contact = d.arena as *mut mjContact;
    for c in d.arrays_mut(m).contact {
        c.efc_address = -1;
    }
}

/// Places the solver arrays (`MJDATA_ARENA_POINTERS_SOLVER`) in the arena after the contacts,
/// sized for the current `nefc`, `nJ`, `nA`. Reports `mjWARN_CNSTRFULL` and clears them when the
/// arena is full (upstream's `arenaAllocEfc`).
fn alloc_efc(m: &mjModel, d: &mut mjData) -> bool {
    d.parena = d.ncon as usize * core::mem::size_of::<mjContact>();
    let slots = d.solver_arrays(m);
    if !crate::data::stack::arena_alloc_slots(d, &slots) {
        arena_full(m, d);
        return false;
    }
    true
}

/// Arena overflow while placing constraint arrays: warning, constraint arrays dropped.
fn arena_full(m: &mjModel, d: &mut mjData) {
    crate::engine::warning(d, mjtWarning_::mjWARN_CNSTRFULL, d.narena as i32);
    clear_efc(m, d);
    d.parena = d.ncon as usize * core::mem::size_of::<mjContact>();
}

/// True when the dual problem is solved (PGS or noslip; `mj_isDual`).
pub fn is_dual(m: &mjModel) -> bool {
    m.opt.solver == mjtSolver_::mjSOL_PGS as i32 || m.opt.noslip_iterations > 0
}

/// Appends a contact to `d.contact` in the arena (`mj_addContact`); false with
/// `mjWARN_CONTACTFULL` when the arena is full. Constraint arrays placed after the contacts
/// are invalidated.
pub fn add_contact(m: &mjModel, d: &mut mjData, con: &mjContact) -> bool {
    if let Some(added) = crate::engine::collision::sink::push_in_split(d, con) {
        return added;
    }
    let ncon = d.ncon as usize;
    d.parena = ncon * core::mem::size_of::<mjContact>();
    clear_efc(m, d);
    let dst = crate::data::stack::arena_alloc(d, core::mem::size_of::<mjContact>(), core::mem::align_of::<mjContact>());
    if dst.is_null() {
        crate::engine::warning(d, mjtWarning_::mjWARN_CONTACTFULL, d.ncon);
        return false;
    }
    // the arena hands out the slot right after the contacts (d.contact is the arena's start and
    // parena was ncon contacts, a multiple of their alignment): contact[ncon] once ncon grows
    debug_assert_eq!(dst as usize, d.contact as usize + ncon * core::mem::size_of::<mjContact>());
    d.ncon += 1;
    d.arrays_mut(m).contact[ncon] = *con;
    true
}

/// Contact friction from `source`, or the override friction when `mjENBL_OVERRIDE` is on,
/// floored at `mjMINMU` (`mj_assignFriction`).
pub fn assign_friction(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_friction[..] } else { source };
    for (t, s) in target[..5].iter_mut().zip(&src[..5]) {
        *t = s.max(mjMINMU);
    }
}

/// Contact solref, or the override one (`mj_assignRef`).
pub fn assign_ref(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_solref[..] } else { source };
    target[..mjNREF].copy_from_slice(&src[..mjNREF]);
}

/// Contact solimp, or the override one (`mj_assignImp`).
pub fn assign_imp(m: &mjModel, target: &mut [f64], source: &[f64]) {
    let src = if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) { &m.opt.o_solimp[..] } else { source };
    target[..mjNIMP].copy_from_slice(&src[..mjNIMP]);
}

/// Contact margin, or the override one (`mj_assignMargin`).
pub fn assign_margin(m: &mjModel, source: f64) -> f64 {
    if enabled(m, mjtEnableBit_::mjENBL_OVERRIDE) {
        m.opt.o_margin
    } else {
        source
    }
}

//------------------------------------ flex contact bodies -----------------------------------------

/// Vertices of element `e` of flex `f` (global vertex ids in `body`) with normalised
/// inverse-distance weights to `point`; the vertex `v` (local id) is dropped when it belongs to
/// the element. Returns the count (`mj_elemBodyWeight`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn elem_body_weight(
    m: &mjModel,
    d: &mjData,
    f: usize,
    e: i32,
    v: i32,
    point: &[f64; 3],
    body: &mut [i32],
    weight: &mut [f64],
) -> usize {
    elem_body_weight_in(m, d.arrays(m).flexvert_xpos, f, e, v, point, body, weight)
}

/// [`elem_body_weight`] on the flex vertex positions `xpos` (`d.flexvert_xpos`).
#[allow(clippy::too_many_arguments)]
fn elem_body_weight_in(
    m: &mjModel,
    xpos: &[f64],
    f: usize,
    e: i32,
    v: i32,
    point: &[f64; 3],
    body: &mut [i32],
    weight: &mut [f64],
) -> usize {
    let dim = m.flex_dim()[f] as usize;
    let adr = m.flex_elemdataadr()[f] as usize + e as usize * (dim + 1);
    let edata = &m.flex_elem()[adr..adr + dim + 1];
    let vadr = m.flex_vertadr()[f];

    let mut found = None;
    for (i, &ev) in edata.iter().enumerate() {
        let dist = dist3(point, v3(xpos, (vadr + ev) as usize));
        weight[i] = 1.0 / mx(mjMINVAL, dist);
        body[i] = vadr + ev;
        if ev == v {
            found = Some(i);
        }
    }

    let mut n = dim + 1;
    if let Some(k) = found {
        for j in k..dim {
            weight[j] = weight[j + 1];
            body[j] = body[j + 1];
        }
        n -= 1;
    }

    let s = blas::sum(&weight[..n]);
    if s < mjMINVAL {
        crate::mjerror!("mj_elemBodyWeight", "element body weight sum < mjMINVAL");
    }
    blas::scl_inplace(&mut weight[..n], 1.0 / s);
    n
}

/// Nodes of interpolated flex `f` whose basis weight at the weighted vertex combination is not
/// negligible: their bodies in `body`, weights in `bweight` (`mj_vertBodyWeight`).
fn vert_body_weight(
    m: &mjModel,
    f: usize,
    v: &[i32],
    body: &mut [i32],
    mut bweight: Option<&mut [f64]>,
    vweight: &[f64],
) -> usize {
    if v.is_empty() {
        return 0;
    }
    let vert0 = m.flex_vert0();
    let mut coord = [0.0; 3];
    for (&vi, &w) in v.iter().zip(vweight) {
        add_to_scl3(&mut coord, v3(vert0, vi as usize), w);
    }
    let start = m.flex_nodeadr()[f] as usize;
    let end = start + m.flex_nodenum()[f] as usize;
    let order = m.flex_interp()[f];
    let nodebody = m.flex_nodebodyid();
    let mut nb = 0;
    for i in start..end {
        let w = crate::math::misc::eval_basis(&coord, (i - start) as i32, order);
        if w < 1e-5 {
            continue;
        }
        if let Some(bw) = bweight.as_deref_mut() {
            bw[nb] = w;
        }
        body[nb] = nodebody[i];
        nb += 1;
    }
    nb
}

/// True when contact side `side` is a geom or a vertex of a non-interpolated flex (one body).
#[inline]
fn single_body(m: &mjModel, con: &mjContact, side: usize) -> bool {
    con.geom[side] >= 0 || (con.vert[side] >= 0 && m.flex_interp()[con.flex[side] as usize] == 0)
}

/// Body of a single-body contact side.
#[inline]
fn side_body(m: &mjModel, con: &mjContact, side: usize) -> usize {
    if con.geom[side] >= 0 {
        m.geom_bodyid()[con.geom[side] as usize] as usize
    } else {
        let f = con.flex[side] as usize;
        m.flex_vertbodyid()[(m.flex_vertadr()[f] + con.vert[side]) as usize] as usize
    }
}

/// Bodies and weights of one flex side of a contact (vertex or element), as the Jacobian and
/// diagonal approximation use them (`flexvert_xpos` is `d.flexvert_xpos`); `sign` multiplies the
/// vertex weights. Returns the count.
#[allow(clippy::too_many_arguments)]
fn flex_side_bodies(
    m: &mjModel,
    flexvert_xpos: &[f64],
    con: &mjContact,
    side: usize,
    sign: f64,
    bid: &mut [i32],
    bweight: &mut [f64],
) -> usize {
    let f = con.flex[side] as usize;
    let mut vid = [0i32; 4];
    let mut vw = [0.0; 4];
    let nw = if con.vert[side] >= 0 {
        vid[0] = m.flex_vertadr()[f] + con.vert[side];
        vw[0] = sign;
        1
    } else {
        let n =
            elem_body_weight_in(m, flexvert_xpos, f, con.elem[side], con.vert[1 - side], &con.pos, &mut vid, &mut vw);
        if sign < 0.0 {
            for w in &mut vw[..n] {
                *w = -*w;
            }
        }
        n
    };
    if m.flex_interp()[f] == 0 {
        let vb = m.flex_vertbodyid();
        for k in 0..nw {
            bid[k] = vb[vid[k] as usize];
            bweight[k] = vw[k];
        }
        nw
    } else {
        vert_body_weight(m, f, &vid[..nw], bid, Some(bweight), &vw[..nw])
    }
}

//------------------------------------ row storage -------------------------------------------------

/// Where [`Rows::add`] reads a Jacobian block or its column indices: a slice of the caller
/// (scratch, model, locals), or a tail of a tendon or flex-edge Jacobian array of the data
/// (`ten_J`/`ten_J_colind`, `flexedge_J`/`flexedge_J_colind`) from the given offset.
#[derive(Clone, Copy)]
enum Src<'s, T> {
    Own(&'s [T]),
    Ten(usize),
    Flex(usize),
}

/// Row counters of the instantiation pass over the solver arrays allocated for `cap` rows;
/// `d.nefc` follows `n` (rows added so far) as upstream's `mj_addConstraint` keeps it.
struct Rows {
    nv: usize,
    sparse: bool,
    cap: usize,
    n: usize,
    ne: usize,
    nf: usize,
    nl: usize,
}

impl Rows {
    /// Counters for arrays just allocated for `cap` rows.
    fn new(m: &mjModel, cap: usize) -> Self {
        Rows { nv: m.nv as usize, sparse: is_sparse(m), cap, n: 0, ne: 0, nf: 0, nl: 0 }
    }

    /// Appends `size` rows of type `typ` for object `id` (`mj_addConstraint`). The Jacobian is
    /// `size` dense rows of nv, or in sparse mode `size` rows of `nvj` values over the dofs
    /// `chain`. Rows other than contacts whose Jacobian is all zero are skipped.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        m: &mjModel,
        d: &mut mjData,
        jac: Src<f64>,
        pos: Option<&[f64]>,
        margin: Option<&[f64]>,
        floss: f64,
        size: usize,
        typ: i32,
        id: usize,
        nvj: i32,
        chain: Option<Src<i32>>,
    ) {
        // the arrays are split with their allocated row count, then nefc is the row count again
        d.nefc = self.cap as i32;
        self.add_rows(m, d, jac, pos, margin, floss, size, typ, id, nvj, chain);
        d.nefc = self.n as i32;
    }

    #[allow(clippy::too_many_arguments)]
    fn add_rows(
        &mut self,
        m: &mjModel,
        d: &mut mjData,
        jac: Src<f64>,
        pos: Option<&[f64]>,
        margin: Option<&[f64]>,
        floss: f64,
        size: usize,
        typ: i32,
        id: usize,
        nvj: i32,
        chain: Option<Src<i32>>,
    ) {
        let DataMut {
            efc_J,
            efc_J_rownnz,
            efc_J_rowadr,
            efc_J_colind,
            efc_pos,
            efc_margin,
            efc_frictionloss,
            efc_type,
            efc_id,
            ten_J,
            ten_J_colind,
            flexedge_J,
            flexedge_J_colind,
            ..
        } = d.arrays_mut(m);
        let jac: &[f64] = match jac {
            Src::Own(s) => s,
            Src::Ten(o) => &ten_J[o..],
            Src::Flex(o) => &flexedge_J[o..],
        };
        let chain: Option<&[i32]> = chain.map(|c| match c {
            Src::Own(s) => s,
            Src::Ten(o) => &ten_J_colind[o..],
            Src::Flex(o) => &flexedge_J_colind[o..],
        });
        let n = self.n;
        let contact = typ == FRICTIONLESS || typ == PYRAMIDAL || typ == ELLIPTIC;
        let cap = self.cap;

        if !self.sparse {
            let len = size * self.nv;
            if !contact && jac[..len].iter().all(|&x| x == 0.0) {
                return;
            }
            if n + size > cap {
                crate::mjerror!(
                    "mj_makeConstraint",
                    "nefc under-allocation: found nefc={} but allocated only {}",
                    n + size,
                    cap
                );
                return;
            }
            efc_J[n * self.nv..n * self.nv + len].copy_from_slice(&jac[..len]);
        } else {
            let nvj = nvj.max(0) as usize;
            if nvj == 0 && !contact {
                return;
            }
            let chain = match chain {
                Some(c) => c,
                None if nvj > 0 => {
                    crate::mjerror!("mj_addConstraint", "called with dense arguments");
                    return;
                }
                None => &[],
            };
            if n + size > cap {
                crate::mjerror!(
                    "mj_makeConstraint",
                    "nefc mis-allocation: found nefc={} but allocated {}",
                    n + size,
                    cap
                );
                return;
            }
            for i in 0..size {
                let r = n + i;
                let adr = if r > 0 { (efc_J_rowadr[r - 1] + efc_J_rownnz[r - 1]) as usize } else { 0 };
                if adr + nvj > efc_J.len() {
                    crate::mjerror!(
                        "mj_makeConstraint",
                        "constraint Jacobian mis-allocation: found nJ={} but allocated {}",
                        adr + nvj,
                        efc_J.len()
                    );
                    return;
                }
                efc_J_rowadr[r] = adr as i32;
                efc_J_rownnz[r] = nvj as i32;
                if nvj > 0 {
                    efc_J_colind[adr..adr + nvj].copy_from_slice(&chain[..nvj]);
                    efc_J[adr..adr + nvj].copy_from_slice(&jac[i * nvj..(i + 1) * nvj]);
                }
            }
        }

        for i in 0..size {
            efc_pos[n + i] = pos.map_or(0.0, |p| p[i]);
            efc_margin[n + i] = margin.map_or(0.0, |p| p[i]);
            efc_frictionloss[n + i] = floss;
            efc_type[n + i] = typ;
            efc_id[n + i] = id as i32;
        }
        self.n += size;
        match typ {
            EQUALITY => self.ne += size,
            FRICTION_DOF | FRICTION_TENDON => self.nf += size,
            LIMIT_JOINT | LIMIT_TENDON => self.nl += size,
            _ => {}
        }
    }
}

/// The constraint Jacobian `efc_J` of nefc rows over nv dofs, dense or sparse with its row
/// structure, as borrowed slices: the products below while other arrays of the data are borrowed.
pub(crate) struct EfcJac<'a> {
    sparse: bool,
    nefc: usize,
    nv: usize,
    j: &'a [f64],
    rownnz: &'a [i32],
    rowadr: &'a [i32],
    colind: &'a [i32],
    rowsuper: &'a [i32],
}

impl<'a> EfcJac<'a> {
    /// The Jacobian in `d.efc_J` and its structure arrays, with `nefc` rows.
    pub(crate) fn new(
        m: &mjModel,
        nefc: usize,
        j: &'a [f64],
        rownnz: &'a [i32],
        rowadr: &'a [i32],
        colind: &'a [i32],
        rowsuper: &'a [i32],
    ) -> Self {
        EfcJac { sparse: is_sparse(m), nefc, nv: m.nv as usize, j, rownnz, rowadr, colind, rowsuper }
    }

    /// The Jacobian of `d`.
    pub(crate) fn of(m: &mjModel, d: &'a mjData) -> Self {
        let a = d.arrays(m);
        Self::new(m, d.nefc as usize, a.efc_J, a.efc_J_rownnz, a.efc_J_rowadr, a.efc_J_colind, a.efc_J_rowsuper)
    }

    /// `res = efc_J * vec`; nothing when there are no rows.
    pub(crate) fn mul_vec(&self, res: &mut [f64], vec: &[f64]) {
        let nefc = self.nefc;
        if nefc == 0 {
            return;
        }
        if self.sparse {
            // SAFETY: the engine built these rows over nv dofs (through the C API, the caller
            // vouches for efc_J as upstream's mj_mulJacVec requires)
            unsafe {
                sparse::mul_mat_vec_sparse_built(
                    res,
                    self.j,
                    vec,
                    nefc,
                    self.rownnz,
                    self.rowadr,
                    self.colind,
                    Some(self.rowsuper),
                )
            };
        } else {
            blas::mul_mat_vec(res, self.j, vec, nefc, self.nv);
        }
    }

    /// `res = efc_J' * vec`; nothing when there are no rows.
    pub(crate) fn mul_t_vec(&self, res: &mut [f64], vec: &[f64]) {
        let nefc = self.nefc;
        if nefc == 0 {
            return;
        }
        if self.sparse {
            // SAFETY: the engine built efc_J over nv dofs (through the C API, the caller vouches
            // for it as upstream's mj_mulJacTVec requires)
            unsafe {
                sparse::mul_mat_t_vec_sparse_built(
                    res,
                    self.j,
                    vec,
                    nefc,
                    self.nv,
                    self.rownnz,
                    self.rowadr,
                    self.colind,
                )
            };
        } else {
            blas::mul_mat_t_vec(res, self.j, vec, nefc, self.nv);
        }
    }
}

/// `res = efc_J * vec` (`mj_mulJacVec`).
pub fn mul_jac_vec(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    EfcJac::of(m, d).mul_vec(res, vec)
}

/// `res = efc_J' * vec` (`mj_mulJacTVec`).
pub fn mul_jac_t_vec(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    EfcJac::of(m, d).mul_t_vec(res, vec)
}

//------------------------------------ instantiation -----------------------------------------------

/// Rows of the active equality constraints (`mj_instantiateEquality`).
fn instantiate_equality(m: &mjModel, d: &mut mjData, rows: &mut Rows) {
    if disabled(m, mjDSBL_EQUALITY) || m.nemax == 0 {
        return;
    }
    let (nv, sp) = (m.nv as usize, rows.sparse);
    let filter = sleep_filter(m, d);

    with_frame(d, |d, f| {
        let [jac0, jac1, jacdif] = f.nums_many(d, [6 * nv, 6 * nv, 6 * nv]);
        let (chain, chain2, buf_ind, sparse_buf): (&mut [i32], &mut [i32], &mut [i32], &mut [f64]) = if sp {
            let c = f.ints(d, nv);
            let c2 = f.ints(d, nv);
            let bi = f.ints(d, nv);
            (c, c2, bi, f.nums(d, nv))
        } else {
            (&mut [], &mut [], &mut [], &mut [])
        };

        let (eq_type, eq_objtype, obj1, obj2, eq_data) =
            (m.eq_type(), m.eq_objtype(), m.eq_obj1id(), m.eq_obj2id(), m.eq_data());
        let (site_bodyid, site_quat) = (m.site_bodyid(), m.site_quat());
        let (qpos0, jnt_qposadr, jnt_dofadr) = (m.qpos0(), m.jnt_qposadr(), m.jnt_dofadr());
        let ten_length0 = m.tendon_length0();

        for i in 0..m.neq as usize {
            if d.arrays(m).eq_active[i] == 0 {
                continue;
            }
            if filter && { sleep_state(m, d, OBJ_EQUALITY, i as i32) } == ASLEEP {
                continue;
            }

            let data = &eq_data[mjNEQDATA * i..mjNEQDATA * (i + 1)];
            let id = [obj1[i], obj2[i]];
            let mut cpos = [0.0; 6];
            let mut size = 0;
            let mut nvj = 0usize;

            match eq_type[i] {
                t @ (EQ_CONNECT | EQ_WELD) => {
                    let DataRef { xpos, xmat, xquat, site_xpos, .. } = d.arrays(m);
                    let weld = t == EQ_WELD;
                    let body_sem = eq_objtype[i] == OBJ_BODY;
                    let mut pos = [[0.0; 3]; 2];
                    let mut bid = [0usize; 2];
                    for j in 0..2 {
                        let k = id[j] as usize;
                        if body_sem {
                            let anchor = v3(data, if weld { 1 - j } else { j });
                            pos[j] = add3(&mul_mat_vec3(v9(xmat, k), anchor), v3(xpos, k));
                            bid[j] = k;
                        } else {
                            pos[j] = *v3(site_xpos, k);
                            bid[j] = site_bodyid[k] as usize;
                        }
                    }
                    cpos[..3].copy_from_slice(&sub3(&pos[0], &pos[1]));

                    if !weld {
                        nvj = {
                            jac_dif_pair(
                                m,
                                d,
                                chain,
                                bid[1],
                                bid[0],
                                &pos[1],
                                &pos[0],
                                Some(&mut *jac1),
                                Some(&mut *jac0),
                                Some(&mut *jacdif),
                                None,
                                None,
                                None,
                            )
                        };
                        jac0[..3 * nvj].copy_from_slice(&jacdif[..3 * nvj]);
                        size = 3;
                    } else {
                        let torquescale = data[10];
                        {
                            let (j1p, j1r) = jac1.split_at_mut(3 * nv);
                            let (j0p, j0r) = jac0.split_at_mut(3 * nv);
                            let (dp, dr) = jacdif.split_at_mut(3 * nv);
                            nvj = {
                                jac_dif_pair(
                                    m,
                                    d,
                                    chain,
                                    bid[1],
                                    bid[0],
                                    &pos[1],
                                    &pos[0],
                                    Some(j1p),
                                    Some(j0p),
                                    Some(dp),
                                    Some(j1r),
                                    Some(j0r),
                                    Some(dr),
                                )
                            };
                        }
                        jac0[..3 * nvj].copy_from_slice(&jacdif[..3 * nvj]);
                        jac0[3 * nvj..6 * nvj].copy_from_slice(&jacdif[3 * nv..3 * nv + 3 * nvj]);

                        // orientation error: neg(q1) * q0 * relpose, axis part
                        let (quat, quat1) = if body_sem {
                            let relpose = [data[6], data[7], data[8], data[9]];
                            (mul_quat(v4(xquat, id[0] as usize), &relpose), neg_quat(v4(xquat, id[1] as usize)))
                        } else {
                            let q0 = mul_quat(v4(xquat, bid[0]), v4(site_quat, id[0] as usize));
                            let q1 = mul_quat(v4(xquat, bid[1]), v4(site_quat, id[1] as usize));
                            (q0, neg_quat(&q1))
                        };
                        let quat2 = mul_quat(&quat1, &quat);
                        for k in 0..3 {
                            cpos[3 + k] = quat2[1 + k] * torquescale;
                        }

                        // rotational Jacobian: 0.5 * neg(q1) * (jac0 - jac1) * q0 * relpose
                        for j in 0..nvj {
                            let axis = [jac0[3 * nvj + j], jac0[4 * nvj + j], jac0[5 * nvj + j]];
                            let q3 = mul_quat(&mul_quat_axis(&quat1, &axis), &quat);
                            jac0[3 * nvj + j] = 0.5 * q3[1];
                            jac0[4 * nvj + j] = 0.5 * q3[2];
                            jac0[5 * nvj + j] = 0.5 * q3[3];
                        }
                        blas::scl_inplace(&mut jac0[3 * nvj..6 * nvj], torquescale);
                        size = 6;
                    }
                }

                t @ (EQ_JOINT | EQ_TENDON) => {
                    let DataMut {
                        qpos,
                        ten_length,
                        ten_J: ten_j,
                        ten_J_rownnz: ten_nnz,
                        ten_J_rowadr: ten_adr,
                        ten_J_colind: ten_ind,
                        tendon_efcadr,
                        ..
                    } = d.arrays_mut(m);
                    let joint = t == EQ_JOINT;
                    let two = id[1] >= 0;
                    let mut val = [0.0; 2];
                    let mut refv = [0.0; 2];
                    let mut nv2 = 0usize;
                    for j in 0..1 + two as usize {
                        let k = id[j] as usize;
                        let (jac_j, chain_j): (&mut [f64], &mut [i32]) =
                            if j == 0 { (&mut *jac0, &mut *chain) } else { (&mut *jac1, &mut *chain2) };
                        let cnt;
                        if joint {
                            let qadr = jnt_qposadr[k] as usize;
                            val[j] = qpos[qadr];
                            refv[j] = qpos0[qadr];
                            let dof = jnt_dofadr[k];
                            if sp {
                                chain_j[0] = dof;
                                jac_j[0] = 1.0;
                                cnt = 1;
                            } else {
                                jac_j[..nv].fill(0.0);
                                jac_j[dof as usize] = 1.0;
                                cnt = 0;
                            }
                        } else {
                            val[j] = ten_length[k];
                            refv[j] = ten_length0[k];
                            if tendon_efcadr[k] == -1 {
                                tendon_efcadr[k] = i as i32;
                            }
                            if sp {
                                let (nnz, adr) = (ten_nnz[k] as usize, ten_adr[k] as usize);
                                chain_j[..nnz].copy_from_slice(&ten_ind[adr..adr + nnz]);
                                jac_j[..nnz].copy_from_slice(&ten_j[adr..adr + nnz]);
                                cnt = nnz;
                            } else {
                                jac_j[..nv].copy_from_slice(&ten_j[k * nv..k * nv + nv]);
                                cnt = 0;
                            }
                        }
                        if j == 0 {
                            nvj = cnt;
                        } else {
                            nv2 = cnt;
                        }
                    }

                    if two {
                        let dif = val[1] - refv[1];
                        cpos[0] = val[0]
                            - refv[0]
                            - data[0]
                            - (data[1] * dif
                                + data[2] * dif * dif
                                + data[3] * dif * dif * dif
                                + data[4] * dif * dif * dif * dif);
                        let deriv =
                            data[1] + 2.0 * data[2] * dif + 3.0 * data[3] * dif * dif + 4.0 * data[4] * dif * dif * dif;
                        if sp {
                            nvj = sparse::combine_sparse(
                                jac0, jac1, 1.0, -deriv, nvj, nv2, chain, chain2, sparse_buf, buf_ind,
                            );
                        } else {
                            add_to_scl(&mut jac0[..nv], &jac1[..nv], -deriv);
                        }
                    } else {
                        cpos[0] = val[0] - refv[0] - data[0];
                    }
                    size = 1;
                }

                EQ_FLEX => {
                    let f = id[0] as usize;
                    if sp && !count::flex_vertices_have_bodies(m, f) {
                        // refused when counted (count::flex_vertices_have_bodies)
                        continue;
                    }
                    let start = m.flex_edgeadr()[f] as usize;
                    let end = start + m.flex_edgenum()[f] as usize;
                    let (rigid, len0) = (m.flexedge_rigid(), m.flexedge_length0());
                    for e in start..end {
                        if rigid[e] != 0 {
                            continue;
                        }
                        let a = d.arrays(m);
                        let c = [a.flexedge_length[e] - len0[e]];
                        if sp {
                            let (adr, nnz) = (a.flexedge_J_rowadr[e] as usize, a.flexedge_J_rownnz[e]);
                            rows.add(
                                m,
                                d,
                                Src::Flex(adr),
                                Some(&c),
                                None,
                                0.0,
                                1,
                                EQUALITY,
                                i,
                                nnz,
                                Some(Src::Flex(adr)),
                            );
                        } else {
                            rows.add(m, d, Src::Flex(e * nv), Some(&c), None, 0.0, 1, EQUALITY, i, 0, None);
                        }
                    }
                }

                t => {
                    crate::mjerror!("mj_instantiateEquality", "invalid equality constraint type {}", t);
                }
            }

            if size > 0 {
                let (n, c) = if sp { (nvj as i32, Some(Src::Own(&chain[..]))) } else { (0, None) };
                rows.add(m, d, Src::Own(jac0), Some(&cpos[..size]), None, 0.0, size, EQUALITY, i, n, c);
            }
        }
    })
}

/// Friction-loss rows of dofs and tendons (`mj_instantiateFriction`).
fn instantiate_friction(m: &mjModel, d: &mut mjData, rows: &mut Rows) {
    if disabled(m, mjDSBL_FRICTIONLOSS) {
        return;
    }
    let (nv, sp) = (m.nv as usize, rows.sparse);
    let filter = sleep_filter(m, d);

    with_frame(d, |d, f| {
        let jac = f.nums(d, nv);

        let floss = m.dof_frictionloss();
        for i in 0..nv {
            if floss[i] == 0.0 {
                continue;
            }
            if filter && { sleep_state(m, d, OBJ_DOF, i as i32) } == ASLEEP {
                continue;
            }
            if sp {
                jac[0] = 1.0;
                rows.add(m, d, Src::Own(jac), None, None, floss[i], 1, FRICTION_DOF, i, 1, Some(Src::Own(&[i as i32])));
            } else {
                jac.fill(0.0);
                jac[i] = 1.0;
                rows.add(m, d, Src::Own(jac), None, None, floss[i], 1, FRICTION_DOF, i, 0, None);
            }
        }

        let tfloss = m.tendon_frictionloss();
        for i in 0..m.ntendon as usize {
            if tfloss[i] > 0.0 {
                let efcadr = rows.n as i32;
                if sp {
                    let a = d.arrays(m);
                    let (adr, nnz) = (a.ten_J_rowadr[i] as usize, a.ten_J_rownnz[i]);
                    rows.add(
                        m,
                        d,
                        Src::Ten(adr),
                        None,
                        None,
                        tfloss[i],
                        1,
                        FRICTION_TENDON,
                        i,
                        nnz,
                        Some(Src::Ten(adr)),
                    );
                } else {
                    rows.add(m, d, Src::Ten(i * nv), None, None, tfloss[i], 1, FRICTION_TENDON, i, 0, None);
                }
                let tendon_efcadr = d.arrays_mut(m).tendon_efcadr;
                if tendon_efcadr[i] == -1 {
                    tendon_efcadr[i] = efcadr;
                }
            }
        }
    })
}

/// Rotation angle of the (normalised) ball-joint quaternion at `qpos[adr..adr+4]` and its unit
/// axis.
#[inline]
fn ball_angle(qpos: &[f64], adr: usize) -> (f64, [f64; 3]) {
    let mut quat = [qpos[adr], qpos[adr + 1], qpos[adr + 2], qpos[adr + 3]];
    blas::normalize4(&mut quat);
    let mut axis = quat2vel(&quat, 1.0);
    let value = blas::normalize3(&mut axis);
    (value, axis)
}

/// Joint and tendon limit rows (`mj_instantiateLimit`).
fn instantiate_limit(m: &mjModel, d: &mut mjData, rows: &mut Rows) {
    if disabled(m, mjDSBL_LIMIT) {
        return;
    }
    let (nv, sp) = (m.nv as usize, rows.sparse);
    let filter = sleep_filter(m, d);

    with_frame(d, |d, f| {
        let jac = f.nums(d, nv);

        let (limited, jtype, range, jmargin) = (m.jnt_limited(), m.jnt_type(), m.jnt_range(), m.jnt_margin());
        let (qadr, dadr) = (m.jnt_qposadr(), m.jnt_dofadr());
        for i in 0..m.njnt as usize {
            if limited[i] == 0 {
                continue;
            }
            if filter && { sleep_state(m, d, OBJ_JOINT, i as i32) } == ASLEEP {
                continue;
            }
            let margin = [jmargin[i]];
            let t = jtype[i];
            if t == mjtJoint_::mjJNT_SLIDE as i32 || t == mjtJoint_::mjJNT_HINGE as i32 {
                let value = d.arrays(m).qpos[qadr[i] as usize];
                for side in [-1.0f64, 1.0] {
                    let dist = [side * (range[2 * i + (side > 0.0) as usize] - value)];
                    if dist[0] < margin[0] {
                        if sp {
                            jac[0] = -side;
                            rows.add(
                                m,
                                d,
                                Src::Own(jac),
                                Some(&dist),
                                Some(&margin),
                                0.0,
                                1,
                                LIMIT_JOINT,
                                i,
                                1,
                                Some(Src::Own(&dadr[i..i + 1])),
                            );
                        } else {
                            jac.fill(0.0);
                            jac[dadr[i] as usize] = -side;
                            rows.add(m, d, Src::Own(jac), Some(&dist), Some(&margin), 0.0, 1, LIMIT_JOINT, i, 0, None);
                        }
                    }
                }
            } else if t == mjtJoint_::mjJNT_BALL as i32 {
                let (value, axis) = ball_angle(d.arrays(m).qpos, qadr[i] as usize);
                let dist = [mx(range[2 * i], range[2 * i + 1]) - value];
                if dist[0] < margin[0] {
                    let dof = dadr[i] as usize;
                    if sp {
                        let chain = [dadr[i], dadr[i] + 1, dadr[i] + 2];
                        jac[..3].copy_from_slice(&[-axis[0], -axis[1], -axis[2]]);
                        rows.add(
                            m,
                            d,
                            Src::Own(jac),
                            Some(&dist),
                            Some(&margin),
                            0.0,
                            1,
                            LIMIT_JOINT,
                            i,
                            3,
                            Some(Src::Own(&chain)),
                        );
                    } else {
                        jac.fill(0.0);
                        jac[dof..dof + 3].copy_from_slice(&[-axis[0], -axis[1], -axis[2]]);
                        rows.add(m, d, Src::Own(jac), Some(&dist), Some(&margin), 0.0, 1, LIMIT_JOINT, i, 0, None);
                    }
                }
            }
        }

        let (tlimited, trange, tmargin) = (m.tendon_limited(), m.tendon_range(), m.tendon_margin());
        for i in 0..m.ntendon as usize {
            if tlimited[i] == 0 {
                continue;
            }
            let value = d.arrays(m).ten_length[i];
            let margin = [tmargin[i]];
            for side in [-1.0f64, 1.0] {
                let dist = [side * (trange[2 * i + (side > 0.0) as usize] - value)];
                if dist[0] < margin[0] {
                    let efcadr = rows.n as i32;
                    let DataRef { ten_J: ten_j, ten_J_rownnz: ten_nnz, ten_J_rowadr: ten_adr, .. } = d.arrays(m);
                    if sp {
                        let (nnz, adr) = (ten_nnz[i] as usize, ten_adr[i] as usize);
                        blas::scl(&mut jac[..nnz], &ten_j[adr..adr + nnz], -side);
                        rows.add(
                            m,
                            d,
                            Src::Own(jac),
                            Some(&dist),
                            Some(&margin),
                            0.0,
                            1,
                            LIMIT_TENDON,
                            i,
                            nnz as i32,
                            Some(Src::Ten(adr)),
                        );
                    } else {
                        blas::scl(&mut jac[..nv], &ten_j[i * nv..i * nv + nv], -side);
                        rows.add(m, d, Src::Own(jac), Some(&dist), Some(&margin), 0.0, 1, LIMIT_TENDON, i, 0, None);
                    }
                    let tendon_efcadr = d.arrays_mut(m).tendon_efcadr;
                    if tendon_efcadr[i] == -1 {
                        tendon_efcadr[i] = efcadr;
                    }
                }
            }
        }
    })
}

/// Scratch of the contact Jacobian.
struct ContactScratch<'a> {
    jacdif: &'a mut [f64],
    jac1p: &'a mut [f64],
    jac2p: &'a mut [f64],
    jac1r: &'a mut [f64],
    jac2r: &'a mut [f64],
    chain: &'a mut [i32],
}

/// Jacobian difference (side 1 minus side 0) at the contact point, translational rows in
/// `jacdif[..3*NV]` and, for `dim > 3`, rotational rows from `jacdif[3*nv]`; returns the number
/// of columns NV (`mj_contactJacobian`).
fn contact_jacobian(m: &mjModel, d: &mut mjData, con: &mjContact, dim: usize, s: &mut ContactScratch) -> usize {
    let nv = m.nv as usize;
    if single_body(m, con, 0) && single_body(m, con, 1) {
        let (b0, b1) = (side_body(m, con, 0), side_body(m, con, 1));
        let (dp, dr) = s.jacdif.split_at_mut(3 * nv);
        // SAFETY: d is made for m (the engine invariant, see mjData_::arrays_mut); jac_dif_pair
        // only reads d, and the Jacobian scratch comes from the caller's stack frame
        if dim > 3 {
            {
                jac_dif_pair(
                    m,
                    d,
                    s.chain,
                    b0,
                    b1,
                    &con.pos,
                    &con.pos,
                    Some(&mut *s.jac1p),
                    Some(&mut *s.jac2p),
                    Some(dp),
                    Some(&mut *s.jac1r),
                    Some(&mut *s.jac2r),
                    Some(dr),
                )
            }
        } else {
            {
                jac_dif_pair(
                    m,
                    d,
                    s.chain,
                    b0,
                    b1,
                    &con.pos,
                    &con.pos,
                    Some(&mut *s.jac1p),
                    Some(&mut *s.jac2p),
                    Some(dp),
                    None,
                    None,
                    None,
                )
            }
        }
    } else {
        let mut bid = [0i32; MAXBODY];
        let mut bw = [0.0f64; MAXBODY];
        let mut nb = 0;
        for side in 0..2 {
            let sign = if side == 1 { 1.0 } else { -1.0 };
            if con.geom[side] >= 0 {
                bid[nb] = m.geom_bodyid()[con.geom[side] as usize];
                bw[nb] = sign;
                nb += 1;
            } else {
                nb += flex_side_bodies(m, d.arrays(m).flexvert_xpos, con, side, sign, &mut bid[nb..], &mut bw[nb..]);
            }
        }
        jac_sum(m, d, s.chain, &bid[..nb], &bw[..nb], &con.pos, s.jacdif, dim > 3)
    }
}

/// Contact rows: frictionless, pyramidal or elliptic (`mj_instantiateContact`).
fn instantiate_contact(m: &mjModel, d: &mut mjData, rows: &mut Rows) {
    let ncon = d.ncon as usize;
    let nv = m.nv as usize;
    if disabled(m, mjDSBL_CONTACT) || ncon == 0 || nv == 0 {
        return;
    }
    let sp = rows.sparse;
    let pyramid = m.opt.cone == mjtCone_::mjCONE_PYRAMIDAL as i32;

    with_frame(d, |d, f| {
        let [jac, jacdif, jac1p, jac2p, jac1r, jac2r] =
            f.nums_many(d, [6 * nv, 6 * nv, 3 * nv, 3 * nv, 3 * nv, 3 * nv]);
        let mut s =
            ContactScratch { jacdif, jac1p, jac2p, jac1r, jac2r, chain: if sp { f.ints(d, nv) } else { &mut [] } };

        for i in 0..ncon {
            // a copy of the contact: the Jacobian and the rows take d
            let con = {
                let c = &mut d.arrays_mut(m).contact[i];
                if c.exclude != 0 {
                    continue;
                }
                c.efc_address = rows.n as i32;
                *c
            };
            let dim = con.dim as usize;
            let nvj = contact_jacobian(m, d, &con, dim, &mut s);
            if nvj == 0 {
                let c = &mut d.arrays_mut(m).contact[i];
                c.efc_address = -1;
                c.exclude = 3;
                continue;
            }
            let con = &con;

            // rotate the differences into the contact frame
            mul_mat_mat(jac, &con.frame, &s.jacdif[..3 * nvj], if dim > 1 { 3 } else { 1 }, 3, nvj);
            if dim > 3 {
                mul_mat_mat(&mut jac[3 * nvj..], &con.frame, &s.jacdif[3 * nv..3 * nv + 3 * nvj], dim - 3, 3, nvj);
            }
            let (n, chain) = if sp { (nvj as i32, Some(Src::Own(&s.chain[..]))) } else { (0, None) };

            if dim == 1 {
                rows.add(
                    m,
                    d,
                    Src::Own(jac),
                    Some(&[con.dist]),
                    Some(&[con.includemargin]),
                    0.0,
                    1,
                    FRICTIONLESS,
                    i,
                    n,
                    chain,
                );
            } else if pyramid {
                let cpos = [con.dist; 2];
                let cmargin = [con.includemargin; 2];
                for k in 1..dim {
                    let fr = con.friction[k - 1];
                    let (e0, e1) = s.jacdif.split_at_mut(nvj);
                    add_scl(e0, &jac[..nvj], &jac[k * nvj..(k + 1) * nvj], fr);
                    add_scl(&mut e1[..nvj], &jac[..nvj], &jac[k * nvj..(k + 1) * nvj], -fr);
                    rows.add(m, d, Src::Own(s.jacdif), Some(&cpos), Some(&cmargin), 0.0, 2, PYRAMIDAL, i, n, chain);
                }
            } else {
                let mut cpos = [0.0; 6];
                let mut cmargin = [0.0; 6];
                cpos[0] = con.dist;
                cmargin[0] = con.includemargin;
                rows.add(
                    m,
                    d,
                    Src::Own(jac),
                    Some(&cpos[..dim]),
                    Some(&cmargin[..dim]),
                    0.0,
                    dim,
                    ELLIPTIC,
                    i,
                    n,
                    chain,
                );
            }
        }
    })
}

//------------------------------------ top level ---------------------------------------------------

/// Constraint assembly (`mj_makeConstraint`): counts the rows and Jacobian non-zeros, places
/// the solver arrays in the arena, instantiates equality, friction, limit and contact rows and
/// computes their impedance parameters; after the position stage up to collision.
pub fn make_constraint(m: &mjModel, d: &mut mjData) {
    d.ne = 0;
    d.nf = 0;
    d.nl = 0;
    d.nefc = 0;
    d.nJ = 0;
    d.nA = 0;
    if disabled(m, mjDSBL_CONSTRAINT) {
        return;
    }

    let sp = is_sparse(m);
    let mut nnz = 0usize;
    let ne_alloc = count_equality(m, d, sp, &mut nnz);
    let nf_alloc = count_friction(m, d, sp, &mut nnz);
    let nl_alloc = count_limit(m, d, sp, &mut nnz);
    let nefc_alloc = ne_alloc + nf_alloc + nl_alloc + count_contact(m, d, sp, &mut nnz);
    d.nJ = if sp { nnz as i32 } else { (nefc_alloc * m.nv as usize) as i32 };
    d.nefc = nefc_alloc as i32;

    if !alloc_efc(m, d) {
        return;
    }
    d.arrays_mut(m).tendon_efcadr.fill(-1);

    let mut rows = Rows::new(m, nefc_alloc);
    d.nefc = 0;
    instantiate_equality(m, d, &mut rows);
    instantiate_friction(m, d, &mut rows);
    instantiate_limit(m, d, &mut rows);
    instantiate_contact(m, d, &mut rows);
    d.nefc = rows.n as i32;
    d.ne = rows.ne as i32;
    d.nf = rows.nf as i32;
    d.nl = rows.nl as i32;

    if sp {
        if rows.ne != ne_alloc {
            crate::mjerror!("mj_makeConstraint", "ne mis-allocation: found ne={} but allocated {}", rows.ne, ne_alloc);
        }
        if rows.nf != nf_alloc {
            crate::mjerror!("mj_makeConstraint", "nf mis-allocation: found nf={} but allocated {}", rows.nf, nf_alloc);
        }
        if rows.nl != nl_alloc {
            crate::mjerror!("mj_makeConstraint", "nl mis-allocation: found nl={} but allocated {}", rows.nl, nl_alloc);
        }
        if rows.n != nefc_alloc {
            crate::mjerror!(
                "mj_makeConstraint",
                "nefc mis-allocation: found nefc={} but allocated {}",
                rows.n,
                nefc_alloc
            );
        }
        if rows.n > 0 {
            let a = d.arrays(m);
            let nj = a.efc_J_rownnz[rows.n - 1] + a.efc_J_rowadr[rows.n - 1];
            if d.nJ != nj {
                crate::mjerror!(
                    "mj_makeConstraint",
                    "constraint Jacobian mis-allocation: found nJ={} but allocated {}",
                    nj,
                    d.nJ
                );
            }
        }
    } else if rows.n > nefc_alloc {
        crate::mjerror!(
            "mj_makeConstraint",
            "nefc under-allocation: found nefc={} but allocated only {}",
            rows.n,
            nefc_alloc
        );
    }

    d.maxuse_con = d.maxuse_con.max(d.ncon as _);
    d.maxuse_efc = d.maxuse_efc.max(d.nefc as _);

    if d.nefc == 0 {
        return;
    }

    if sp {
        let n = d.nefc as usize;
        let DataMut { efc_J_rowsuper, efc_J_rownnz, efc_J_rowadr, efc_J_colind, .. } = d.arrays_mut(m);
        sparse::super_sparse(n, efc_J_rowsuper, efc_J_rownnz, efc_J_rowadr, efc_J_colind);
    }

    diag_approx(m, d);
    make_impedance(m, d);
}
/// Constraint velocities and reference accelerations (`mj_referenceConstraint`).
pub fn reference_constraint(m: &mjModel, d: &mut mjData) {
    let nefc = d.nefc as usize;
    let DataMut {
        efc_vel,
        qvel,
        efc_KBIP: kbip,
        efc_pos: pos,
        efc_margin: margin,
        efc_aref,
        efc_J,
        efc_J_rownnz,
        efc_J_rowadr,
        efc_J_colind,
        efc_J_rowsuper,
        ..
    } = d.arrays_mut(m);
    EfcJac::new(m, nefc, efc_J, efc_J_rownnz, efc_J_rowadr, efc_J_colind, efc_J_rowsuper).mul_vec(efc_vel, qvel);
    let vel = &*efc_vel;
    let rows = kbip.chunks_exact(4).zip(vel.iter()).zip(pos.iter().zip(margin.iter()));
    for (aref, ((k, &v), (&p, &mg))) in efc_aref.iter_mut().zip(rows) {
        *aref = -k[1] * v - k[0] * k[2] * (p - mg);
    }
}
