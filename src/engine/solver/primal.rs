//! Solvers of the primal problem: CG and Newton on the whole model or per island (upstream's
//! `mj_solCG`, `mj_solNewton` and their island forms), islands on a bound thread pool.

use super::kernels::*;
use super::*;
use crate::data::private_block::PatternStore;
use crate::data::stack::Frame;

//---------------------------------- CG and Newton -------------------------------------------------

/// State of the primal solvers on the whole model or one island (upstream's `mjCGContext`):
/// sizes, scalars and the work arrays, which live in the solver's stack frame `'f` (they do not
/// borrow the data). The data's arrays are reached through [`Io`], split anew from the data
/// whenever the solver has to use the data itself (for more scratch).
struct Cg<'f> {
    sparse: bool,
    elliptic: bool,
    island: i32,

    nv: usize,
    ne: usize,
    nf: usize,
    nefc: usize,
    // first dof and row of the island in the island arrays, island dofs in all islands
    dof0: usize,
    efc0: usize,
    nidof: usize,

    // Jacobian transpose (sparse only)
    jt_rownnz: &'f mut [i32],
    jt_rowadr: &'f mut [i32],
    jt_rowsuper: &'f mut [i32],
    jt_colind: &'f mut [i32],
    jt: &'f mut [f64],

    // common work arrays
    jaref: &'f mut [f64],
    jv: &'f mut [f64],
    ma: &'f mut [f64],
    mv: &'f mut [f64],
    grad: &'f mut [f64],
    mgrad: &'f mut [f64],
    search: &'f mut [f64],
    quad: &'f mut [f64],

    // Newton
    dd: &'f mut [f64],
    h_rowadr: &'f mut [i32],
    h_rownnz: &'f mut [i32],
    h_lowernnz: &'f mut [i32],
    l_rownnz: &'f mut [i32],
    l_rowadr: &'f mut [i32],
    buf_ind: &'f mut [i32],
    buf_val: &'f mut [f64],
    nh: usize,
    h_colind: &'f mut [i32],
    h: &'f mut [f64],
    nl: usize,
    l_colind: &'f mut [i32],
    l: &'f mut [f64],
    lcone: &'f mut [f64],
    has_lcone: bool,
    /// the data arrays, taken once per solve ([`Cg::io`])
    parts: IoParts,

    cost: f64,
    quad_gauss: [f64; 3],
    scale: f64,
    nactive: i32,
    ncone: i32,
    nupdate: i32,

    ls_iter: i32,
    ls_result: i32,
    ls_slope: f64,
}

/// Declares [`Io`] (the data arrays the primal solvers use, for the whole model or sliced to
/// one island: upstream's `CGpointers`) and [`IoParts`] (the same slices as addresses and
/// lengths) from one field list; `rw` fields are written by the solver, `ro` ones only read.
macro_rules! io_arrays {
    ($( $acc:ident $name:ident: $t:ty ),* $(,)?) => {
        /// The data arrays the primal solvers use, for the whole model or sliced to one island
        /// (upstream's `CGpointers`).
        struct Io<'a> {
            $( $name: io_arrays!(@ty $acc, 'a, $t), )*
        }

        /// [`Io`]'s slices as addresses and lengths: taken once per solve from a split of the
        /// data ([`Cg::split_io`]) and made into slices again by [`Cg::io`], which costs a few
        /// moves where a split computes every array's size anew.
        #[derive(Clone, Copy)]
        struct IoParts {
            $( $name: (*mut $t, usize), )*
        }

        impl IoParts {
            /// No arrays (replaced at the start of the solve).
            const EMPTY: Self = IoParts { $( $name: (core::ptr::NonNull::dangling().as_ptr(), 0), )* };

            /// The addresses and lengths of `io`'s slices (read-only ones are only ever made
            /// into shared slices again).
            fn of(io: &Io<'_>) -> Self {
                IoParts { $( $name: (io.$name.as_ptr() as *mut $t, io.$name.len()), )* }
            }

            /// The slices again, borrowing `_d` exclusively for as long as they live.
            #[inline(always)]
            fn slices<'a>(&self, _d: &'a mut mjData) -> Io<'a> {
                // SAFETY: the addresses and lengths come from one split of this same data for
                // its model at the start of the solve (Cg::allocate): disjoint slices of the
                // data's buffer and of the arena's constraint part (contacts and efc/island
                // arrays), which nothing moves or resizes until the solve ends (the solver only
                // takes scratch from the stack at the arena's other end, and the model's arrays
                // are read-only). The exclusive borrow of the data for 'a keeps every other
                // access to it out while these slices live, as the split itself would.
                unsafe { Io { $( $name: io_arrays!(@slice $acc, self.$name), )* } }
            }
        }
    };
    (@ty rw, $a:lifetime, $t:ty) => { &$a mut [$t] };
    (@ty ro, $a:lifetime, $t:ty) => { &$a [$t] };
    (@slice rw, $p:expr) => { core::slice::from_raw_parts_mut($p.0, $p.1) };
    (@slice ro, $p:expr) => { core::slice::from_raw_parts($p.0 as *const _, $p.1) };
}

io_arrays! {
    rw contact: mjContact,
    // iteration statistics
    rw solver: mjSolverStat,
    // dof arrays
    ro qfrc_smooth: f64,
    ro qacc_smooth: f64,
    rw qfrc_constraint: f64,
    rw qacc: f64,
    // inertia (lower triangle, row addresses may be absolute)
    ro m_rownnz: i32,
    ro m_rowadr: i32,
    ro m_colind: i32,
    ro mm: f64,
    ro qld: f64,
    ro qldiaginv: f64,
    // rows
    ro efc_d: f64,
    ro efc_r: f64,
    ro floss: f64,
    ro aref: f64,
    ro efc_id: i32,
    ro efc_type: i32,
    rw force: f64,
    rw state: i32,
    // Jacobian (sparse: absolute row addresses)
    ro j_rownnz: i32,
    ro j_rowadr: i32,
    ro j_rowsuper: i32,
    ro j_colind: i32,
    ro j: f64,
}

/// One line-search point: step, cost, first and second derivative.
#[derive(Clone, Copy, Default)]
struct Pnt {
    alpha: f64,
    cost: f64,
    deriv: [f64; 2],
}

impl<'f> Cg<'f> {
    /// Completes a context built in place by [`sol_cg_newton_in`]: takes the data arrays
    /// (`CGpointers`), then the work arrays beyond the common ones, the Jacobian transpose
    /// (sparse) and the Newton arrays, from the solver's stack frame `f` (rest of `CGallocate`).
    #[inline(never)] // once per solve: out of line, it keeps the iterations' code compact
    fn allocate(&mut self, m: &mjModel, d: &mut mjData, f: &Frame<'f>, newton: bool) {
        let (sparse, nv, nefc) = (self.sparse, self.nv, self.nefc);
        self.parts = IoParts::of(&self.split_io(m, d));

        // sparse: Jacobian transpose
        if sparse {
            let nj = d.nJ as usize;
            self.jt_rownnz = f.ints(d, nv);
            self.jt_rowadr = f.ints(d, nv);
            self.jt_rowsuper = f.ints(d, nv);
            self.jt_colind = f.ints(d, nj);
            self.jt = f.nums(d, nj);
            if nefc > 0 {
                let io = self.io(m, d);
                let offset = io.j_rowadr[0] as usize;
                sparse::transpose_sparse(
                    Some(&mut *self.jt),
                    &io.j[offset..],
                    nefc,
                    nv,
                    self.jt_rownnz,
                    self.jt_rowadr,
                    self.jt_colind,
                    Some(&mut *self.jt_rowsuper),
                    io.j_rownnz,
                    io.j_rowadr,
                    &io.j_colind[offset..],
                );
            }
        }

        if newton {
            self.dd = f.nums(d, nefc);
            if sparse {
                self.h_rowadr = f.ints(d, nv);
                self.h_rownnz = f.ints(d, nv);
                self.h_lowernnz = f.ints(d, nv);
                self.l_rownnz = f.ints(d, nv);
                self.l_rowadr = f.ints(d, nv);
                self.buf_val = f.nums(d, nv);
                self.buf_ind = f.ints(d, nv);
            }
        }
    }

    /// The data arrays of the whole model or of the island, as slices again from the addresses
    /// taken at the start of the solve; borrows `d` exclusively for as long as they live.
    #[inline(never)] // one copy of this wide move for all its call sites (instruction cache)
    fn io<'a>(&self, _m: &'a mjModel, d: &'a mut mjData) -> Io<'a> {
        self.parts.slices(d)
    }

    /// The data arrays of the whole model or of the island, split from `d` (once per solve:
    /// see [`Self::io`]).
    fn split_io<'a>(&self, m: &'a mjModel, d: &'a mut mjData) -> Io<'a> {
        let (nv, nefc, sparse) = (self.nv, self.nefc, self.sparse);
        let a = d.arrays_mut(m);
        if self.island < 0 {
            let none: &[i32] = &[];
            Io {
                contact: a.contact,
                solver: a.solver,
                qfrc_smooth: a.qfrc_smooth,
                qacc_smooth: a.qacc_smooth,
                qfrc_constraint: a.qfrc_constraint,
                qacc: a.qacc,
                m_rownnz: m.M_rownnz(),
                m_rowadr: m.M_rowadr(),
                m_colind: m.M_colind(),
                mm: a.M,
                qld: a.qLD,
                qldiaginv: a.qLDiagInv,
                efc_d: a.efc_D,
                efc_r: a.efc_R,
                floss: a.efc_frictionloss,
                aref: a.efc_aref,
                efc_id: a.efc_id,
                efc_type: a.efc_type,
                force: a.efc_force,
                state: a.efc_state,
                j_rownnz: if sparse { a.efc_J_rownnz } else { none },
                j_rowadr: if sparse { a.efc_J_rowadr } else { none },
                j_rowsuper: if sparse { a.efc_J_rowsuper } else { none },
                j_colind: if sparse { a.efc_J_colind } else { none },
                j: a.efc_J,
            }
        } else {
            let dofs = self.dof0..self.dof0 + nv;
            let rows = self.efc0..self.efc0 + nefc;
            let none: &[i32] = &[];
            let (j_rownnz, j_rowadr, j_rowsuper, j_colind, j): (&[i32], &[i32], &[i32], &[i32], &[f64]) = if !sparse {
                let start = self.nidof * self.efc0;
                (none, none, none, none, &a.iefc_J[start..start + nefc * nv])
            } else {
                (
                    &a.iefc_J_rownnz[rows.clone()],
                    &a.iefc_J_rowadr[rows.clone()],
                    &a.iefc_J_rowsuper[rows.clone()],
                    a.iefc_J_colind,
                    a.iefc_J,
                )
            };
            Io {
                contact: a.contact,
                solver: a.solver,
                qfrc_smooth: &a.ifrc_smooth[dofs.clone()],
                qacc_smooth: &a.iacc_smooth[dofs.clone()],
                qfrc_constraint: &mut a.ifrc_constraint[dofs.clone()],
                qacc: &mut a.iacc[dofs.clone()],
                m_rownnz: &a.iM_rownnz[dofs.clone()],
                m_rowadr: &a.iM_rowadr[dofs.clone()],
                m_colind: a.iM_colind,
                mm: a.iM,
                qld: a.iLD,
                qldiaginv: &a.iLDiagInv[dofs],
                efc_d: &a.iefc_D[rows.clone()],
                efc_r: &a.iefc_R[rows.clone()],
                floss: &a.iefc_frictionloss[rows.clone()],
                aref: &a.iefc_aref[rows.clone()],
                efc_id: &a.iefc_id[rows.clone()],
                efc_type: &a.iefc_type[rows.clone()],
                force: &mut a.iefc_force[rows.clone()],
                state: &mut a.iefc_state[rows],
                j_rownnz,
                j_rowadr,
                j_rowsuper,
                j_colind,
                j,
            }
        }
    }
    /// Forces, states and cost from `jaref`, then `qfrc_constraint`, the active and cone
    /// counts and the Gauss cost (`CGupdateConstraint`).
    #[inline(never)] // two call sites: one copy keeps the solver's code compact (instruction cache)
    fn update_constraint(&mut self, io: &mut Io<'_>, cone_hessian: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        constraint_update_impl(
            self.ne,
            self.nf,
            nefc,
            io.efc_d,
            io.efc_r,
            io.floss,
            self.jaref,
            io.efc_type,
            io.efc_id,
            io.contact,
            io.state,
            io.force,
            Some(&mut self.cost),
            cone_hessian,
        );

        if !self.sparse {
            blas::mul_mat_t_vec(io.qfrc_constraint, io.j, io.force, nefc, nv);
        } else {
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe {
                sparse::mul_mat_vec_sparse_built(
                    io.qfrc_constraint,
                    self.jt,
                    io.force,
                    nv,
                    self.jt_rownnz,
                    self.jt_rowadr,
                    self.jt_colind,
                    Some(self.jt_rowsuper),
                )
            };
        }

        let mut nactive = 0;
        let mut ncone = 0;
        for &s in &io.state[..nefc] {
            nactive += (s != SATISFIED) as i32;
            ncone += (s == CONE) as i32;
        }
        self.nactive = nactive;
        self.ncone = ncone;

        let mut gauss = 0.0;
        let forces = self.ma[..nv].iter().zip(&io.qfrc_smooth[..nv]);
        let accs = io.qacc[..nv].iter().zip(&io.qacc_smooth[..nv]);
        for ((&ma, &smooth), (&acc, &acc_smooth)) in forces.zip(accs) {
            gauss += 0.5 * (ma - smooth) * (acc - acc_smooth);
        }
        self.quad_gauss[0] = gauss;
        self.cost += gauss;
    }

    /// `grad = M*qacc - qfrc_smooth - qfrc_constraint`, `Mgrad` = H\grad (Newton) or M\grad
    /// (CG) (`CGupdateGradient`).
    #[inline(never)] // two call sites: one copy keeps the solver's code compact (instruction cache)
    fn update_gradient(&mut self, io: &Io<'_>, newton: bool) {
        let nv = self.nv;
        let terms = self.ma[..nv].iter().zip(&io.qfrc_smooth[..nv]).zip(&io.qfrc_constraint[..nv]);
        for (g, ((&ma, &smooth), &constraint)) in self.grad[..nv].iter_mut().zip(terms) {
            *g = ma - smooth - constraint;
        }
        if newton {
            let fac: &[f64] = if self.ncone != 0 { self.lcone } else { self.l };
            if self.sparse {
                chol_solve_sparse(self.mgrad, fac, self.grad, nv, self.l_rownnz, self.l_rowadr, self.l_colind);
            } else {
                self.mgrad[..nv].copy_from_slice(&self.grad[..nv]);
                chol_solve(self.mgrad, fac, nv);
            }
        } else {
            self.mgrad[..nv].copy_from_slice(&self.grad[..nv]);
            solve_ld1(self.mgrad, io.qld, io.qldiaginv, nv, io.m_rownnz, io.m_rowadr, io.m_colind);
        }
    }

    /// Quadratic pieces of the cost along `search` and the cone quantities (`CGprepare`).
    fn prepare(&mut self, io: &Io<'_>) {
        let (nv, nefc) = (self.nv, self.nefc);
        let v = &self.search[..nv];
        self.quad_gauss[1] = blas::dot(v, self.ma) - blas::dot(&io.qfrc_smooth[..nv], v);
        self.quad_gauss[2] = 0.5 * blas::dot(v, self.mv);

        if !self.elliptic {
            // pyramidal cones: every row is scalar
            let rows = self.jaref[..nefc].iter().zip(&self.jv[..nefc]).zip(&io.efc_d[..nefc]);
            for (quad, ((&jaref, &jv), &dg)) in self.quad[..3 * nefc].chunks_exact_mut(3).zip(rows) {
                let dj0 = dg * jaref;
                quad[0] = jaref * dj0 * 0.5;
                quad[1] = jv * dj0;
                quad[2] = jv * dg * jv * 0.5;
            }
            return;
        }

        let mut i = 0;
        while i < nefc {
            let (jv, jaref, dg) = (&self.jv[i..], &self.jaref[i..], &io.efc_d[i..]);
            let quad = &mut self.quad[3 * i..];

            let dj0 = dg[0] * jaref[0];
            quad[0] = jaref[0] * dj0;
            quad[1] = jv[0] * dj0;
            quad[2] = jv[0] * dg[0] * jv[0];

            let mut step = 1;
            if io.efc_type[i] == ELLIPTIC {
                let con = &io.contact[io.efc_id[i] as usize];
                let dim = con.dim as usize;
                let mu = con.mu;
                let friction = &con.friction;

                // bottom zone: the full vector quadratic
                for j in 1..dim {
                    let djj = dg[j] * jaref[j];
                    quad[0] += jaref[j] * djj;
                    quad[1] += jv[j] * djj;
                    quad[2] += jv[j] * dg[j] * jv[j];
                }

                // scaled so that the primal cone is circular
                let mut u = [0.0; 6];
                let mut w = [0.0; 6];
                u[0] = jaref[0] * mu;
                w[0] = jv[0] * mu;
                for j in 1..dim {
                    u[j] = jaref[j] * friction[j - 1];
                    w[j] = jv[j] * friction[j - 1];
                }
                let (mut uu, mut uv, mut vv) = (0.0, 0.0, 0.0);
                for j in 1..dim {
                    uu += u[j] * u[j];
                    uv += u[j] * w[j];
                    vv += w[j] * w[j];
                }

                // stored in the room of the following rows (dim >= 3)
                quad[3] = u[0];
                quad[4] = w[0];
                quad[5] = uu;
                quad[6] = uv;
                quad[7] = vv;
                quad[8] = dg[0] / ((mu * mu) * (1.0 + (mu * mu)));

                step = dim;
            }

            quad[0] *= 0.5;
            quad[2] *= 0.5;
            i += step;
        }
    }

    /// Cost and derivatives at `p.alpha` along the search direction (`CGeval`).
    #[inline(never)] // six call sites: one copy keeps the solver's code compact (instruction cache)
    fn eval(&mut self, io: &Io<'_>, p: &mut Pnt) {
        let (ne, nf, nefc) = (self.ne, self.nf, self.nefc);
        let alpha = p.alpha;
        let mut cost = 0.0;
        let mut deriv = [0.0; 2];
        let mut qt = self.quad_gauss;
        let add3 = |qt: &mut [f64; 3], q: &[f64]| {
            qt[0] += q[0];
            qt[1] += q[1];
            qt[2] += q[2];
        };

        // equality rows are always quadratic
        for i in 0..ne {
            add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
        }

        // friction loss
        for i in ne..ne + nf {
            let (start, dir) = (self.jaref[i], self.jv[i]);
            let x = start + alpha * dir;
            let f = io.floss[i];
            let rf = io.efc_r[i] * f;
            if -rf < x && x < rf {
                add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
            } else if x <= -rf {
                add3(&mut qt, &[f * (-0.5 * rf - start), -f * dir, 0.0]);
            } else {
                add3(&mut qt, &[f * (-0.5 * rf + start), f * dir, 0.0]);
            }
        }

        // limits and contacts
        let mut i = ne + nf;
        if !self.elliptic {
            // pyramidal cones: every row is scalar
            let rows = self.jaref[i..nefc].iter().zip(&self.jv[i..nefc]);
            for (quad, (&jaref, &jv)) in self.quad[3 * i..3 * nefc].chunks_exact(3).zip(rows) {
                if jaref + alpha * jv < 0.0 {
                    add3(&mut qt, quad);
                }
            }
            i = nefc;
        }
        while i < nefc {
            if io.efc_type[i] == ELLIPTIC {
                let con = &io.contact[io.efc_id[i] as usize];
                let quad = &self.quad[3 * i..3 * i + 9];
                let dim = con.dim as usize;
                let mu = con.mu;
                let (u0, v0, uu, uv, vv, dm) = (quad[3], quad[4], quad[5], quad[6], quad[7], quad[8]);

                let n = u0 + alpha * v0;
                let tsqr = uu + alpha * (2.0 * uv + alpha * vv);

                if tsqr <= 0.0 {
                    // no tangential part: bottom zone or top zone
                    if n < 0.0 {
                        add3(&mut qt, quad);
                    }
                } else {
                    let t = tsqr.sqrt();
                    if n >= mu * t {
                        // top zone
                    } else if mu * n + t <= 0.0 {
                        add3(&mut qt, quad);
                    } else {
                        // middle zone
                        let n1 = v0;
                        let t1 = (uv + alpha * vv) / t;
                        let t2 = vv / t - (uv + alpha * vv) * t1 / (t * t);
                        cost += 0.5 * dm * (n - mu * t) * (n - mu * t);
                        deriv[0] += dm * (n - mu * t) * (n1 - mu * t1);
                        deriv[1] += dm * ((n1 - mu * t1) * (n1 - mu * t1) + (n - mu * t) * (-mu * t2));
                    }
                }
                i += dim;
            } else {
                if self.jaref[i] + alpha * self.jv[i] < 0.0 {
                    add3(&mut qt, &self.quad[3 * i..3 * i + 3]);
                }
                i += 1;
            }
        }

        cost += alpha * alpha * qt[2] + alpha * qt[1] + qt[0];
        deriv[0] += 2.0 * alpha * qt[2] + qt[1];
        deriv[1] += 2.0 * qt[2];

        if deriv[1] <= 0.0 {
            crate::mjwarning!("Linesearch objective is not convex");
            deriv[1] = mjMINVAL;
        }

        p.cost = cost;
        p.deriv = deriv;
        self.ls_iter += 1;
    }

    /// Replaces `p` by a better candidate on the same side of the minimum and evaluates the
    /// Newton point from it (`updateBracket`); returns 0 when nothing changed.
    fn update_bracket(&mut self, io: &Io<'_>, p: &mut Pnt, candidates: &[Pnt; 3], pnext: &mut Pnt) -> i32 {
        let mut flag = 0;
        for c in candidates {
            if p.deriv[0] < 0.0 && c.deriv[0] < 0.0 && p.deriv[0] < c.deriv[0] {
                *p = *c;
                flag = 1;
            } else if p.deriv[0] > 0.0 && c.deriv[0] > 0.0 && p.deriv[0] > c.deriv[0] {
                *p = *c;
                flag = 2;
            }
        }
        if flag != 0 {
            pnext.alpha = p.alpha - p.deriv[0] / p.deriv[1];
            self.eval(io, pnext);
        }
        flag
    }

    /// Exact line search along `search` by safeguarded Newton steps and bracketing
    /// (`CGsearch`); returns the step.
    fn search(&mut self, io: &Io<'_>, tolerance: f64, ls_iterations: f64) -> f64 {
        let (nv, nefc) = (self.nv, self.nefc);
        self.ls_iter = 0;
        self.ls_result = 0;
        self.ls_slope = 1.0;

        let snorm = blas::norm(&self.search[..nv]);
        if snorm < mjMINVAL {
            self.ls_result = 1;
            return 0.0;
        }
        let gtol = tolerance * snorm / self.scale;
        let slopescl = self.scale / snorm;

        mul_sym(self.mv, io.mm, self.search, nv, io.m_rownnz, io.m_rowadr, io.m_colind);
        if self.sparse {
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe {
                sparse::mul_mat_vec_sparse_built(
                    self.jv,
                    io.j,
                    self.search,
                    nefc,
                    io.j_rownnz,
                    io.j_rowadr,
                    io.j_colind,
                    Some(io.j_rowsuper),
                )
            };
        } else {
            blas::mul_mat_vec(self.jv, io.j, self.search, nefc, nv);
        }

        self.prepare(io);

        let mut p0 = Pnt::default();
        self.eval(io, &mut p0);

        // one Newton step first
        let mut p1 = Pnt { alpha: p0.alpha - p0.deriv[0] / p0.deriv[1], ..Pnt::default() };
        self.eval(io, &mut p1);
        if p0.cost < p1.cost {
            p1 = p0;
        }

        if p1.deriv[0].abs() < gtol {
            self.ls_result = if p1.alpha == 0.0 { 2 } else { 0 };
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        let dir = if p1.deriv[0] < 0.0 { 1.0 } else { -1.0 };

        // one-sided Newton steps until the minimum is passed
        let mut p2 = Pnt::default();
        let mut p2update = false;
        while p1.deriv[0] * dir <= -gtol && (self.ls_iter as f64) < ls_iterations {
            p2 = p1;
            p2update = true;
            p1.alpha -= p1.deriv[0] / p1.deriv[1];
            self.eval(io, &mut p1);
            if p1.deriv[0].abs() < gtol {
                self.ls_slope = p1.deriv[0].abs() * slopescl;
                return p1.alpha;
            }
        }

        if self.ls_iter as f64 >= ls_iterations {
            self.ls_result = 3;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        if !p2update {
            self.ls_result = 6;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            return p1.alpha;
        }

        // bracketed search
        let mut p2next = p1;
        let mut p1next = Pnt { alpha: p1.alpha - p1.deriv[0] / p1.deriv[1], ..Pnt::default() };
        self.eval(io, &mut p1next);

        while (self.ls_iter as f64) < ls_iterations {
            let mut pmid = Pnt { alpha: 0.5 * (p1.alpha + p2.alpha), ..Pnt::default() };
            self.eval(io, &mut pmid);

            let candidates = [p1next, p2next, pmid];

            // converged candidate with the lowest cost
            let mut bestcost = 0.0;
            let mut best: Option<usize> = None;
            for (i, c) in candidates.iter().enumerate() {
                if c.deriv[0].abs() < gtol && (best.is_none() || c.cost < bestcost) {
                    bestcost = c.cost;
                    best = Some(i);
                }
            }
            if let Some(b) = best {
                self.ls_slope = candidates[b].deriv[0].abs() * slopescl;
                return candidates[b].alpha;
            }

            let b1 = self.update_bracket(io, &mut p1, &candidates, &mut p1next);
            let b2 = self.update_bracket(io, &mut p2, &candidates, &mut p2next);

            if b1 == 0 && b2 == 0 {
                self.ls_result = if pmid.cost < p0.cost { 0 } else { 7 };
                self.ls_slope = pmid.deriv[0].abs() * slopescl;
                return pmid.alpha;
            }
        }

        if p1.cost <= p2.cost && p1.cost < p0.cost {
            self.ls_result = 4;
            self.ls_slope = p1.deriv[0].abs() * slopescl;
            p1.alpha
        } else if p2.cost <= p1.cost && p2.cost < p0.cost {
            self.ls_result = 4;
            self.ls_slope = p2.deriv[0].abs() * slopescl;
            p2.alpha
        } else {
            self.ls_result = 5;
            0.0
        }
    }

    /// Constraint inertia of the quadratic rows.
    fn set_d(&mut self, io: &Io<'_>) {
        let n = self.nefc;
        for ((dd, &s), &d) in self.dd[..n].iter_mut().zip(&io.state[..n]).zip(&io.efc_d[..n]) {
            *dd = if s == QUADRATIC { d } else { 0.0 };
        }
    }

    /// Sparse `H = J'*D*J` into the H pattern, then `H += M`.
    fn sparse_hessian(&mut self, m: &mjModel, d: &mut mjData) {
        let (nv, nefc) = (self.nv, self.nefc);
        with_frame(d, |d, g| {
            let marker = g.ints(d, nv);
            let buffer = g.nums(d, nv * 8);
            let buffer_idx = g.ints(d, nv);
            let rowstart = g.ints(d, nefc);
            let io = self.io(m, d);
            sparse::sqr_mat_td_sparse(
                self.h,
                io.j,
                self.jt,
                Some(self.dd),
                nv,
                self.h_rownnz,
                self.h_rowadr,
                self.h_colind,
                io.j_rownnz,
                io.j_rowadr,
                io.j_colind,
                self.jt_rownnz,
                self.jt_rowadr,
                self.jt_colind,
                Some(self.jt_rowsuper),
                None,
                sparse::SqrMatTdScratch { marker, buffer, buffer_idx, rowstart },
            );
        });
        let io = self.io(m, d);
        sparse::add_to_mat_sparse(
            self.h,
            self.h_rownnz,
            self.h_rowadr,
            self.h_colind,
            nv,
            io.mm,
            io.m_rownnz,
            io.m_rowadr,
            io.m_colind,
            self.buf_val,
            self.buf_ind,
        );
    }

    /// Dense lower triangle of `H = J'*D*J + M` into L.
    fn dense_hessian(&mut self, io: &Io<'_>) {
        let (nv, nefc) = (self.nv, self.nefc);
        blas::sqr_mat_td_impl(self.l, io.j, Some(self.dd), nefc, nv, false);
        sparse::add_to_sym_sparse(self.l, io.mm, nv, io.m_rownnz, io.m_rowadr, io.m_colind, false);
    }

    /// Allocates the Hessian and its factor for the current states and computes H
    /// (`MakeHessian`); the arrays live in the caller's stack frame. With a pattern store, the
    /// counts of H and of its factor are taken from the last round when the patterns are the
    /// same ([`patterns`]); the counting scratch is taken from the stack either way, so the
    /// stack's high-water mark is upstream's.
    fn make_hessian(&mut self, m: &mjModel, d: &mut mjData, f: &Frame<'f>, store: Option<&PatternStore>) {
        let nv = self.nv;
        self.set_d(&self.io(m, d));

        if self.sparse {
            let k = self.island.max(0) as usize;
            let mut entry = store.and_then(|s| {
                // SAFETY: the constraint stage solves each island (or the whole model) once per
                // round, so entry k is used by this solve alone
                let ints = unsafe { s.next_entry(k) }?;
                let io = self.io(m, d);
                let key = patterns::Key {
                    j_rownnz: io.j_rownnz,
                    j_rowadr: io.j_rowadr,
                    j_colind: io.j_colind,
                    m_rownnz: io.m_rownnz,
                    m_rowadr: io.m_rowadr,
                    m_colind: io.m_colind,
                };
                patterns::Entry::open(ints, &key, s, k)
            });

            // pattern of J'*D*J, room for M in every row
            self.nh = with_frame(d, |d, g| {
                let chain = g.ints(d, 2 * nv);
                if let Some(e) = entry.as_ref().filter(|e| e.found()) {
                    let (nh, rownnz) = e.h_counts();
                    self.h_rownnz[..nv].copy_from_slice(rownnz);
                    let mut adr = 0;
                    for (a, &n) in self.h_rowadr[..nv].iter_mut().zip(rownnz) {
                        *a = adr;
                        adr += n;
                    }
                    return nh;
                }
                let io = self.io(m, d);
                let nh = sparse::sqr_mat_td_sparse_count(
                    self.h_rownnz,
                    self.h_rowadr,
                    nv,
                    io.j_rownnz,
                    io.j_rowadr,
                    io.j_colind,
                    self.jt_rownnz,
                    self.jt_rowadr,
                    self.jt_colind,
                    Some(self.jt_rowsuper),
                    false,
                    chain,
                ) as usize;
                if let Some(e) = &mut entry {
                    e.set_h_counts(nh, self.h_rownnz);
                }
                nh
            });
            let io = self.io(m, d);
            if nv > 0 {
                self.nh += (io.m_rowadr[nv - 1] + io.m_rownnz[nv - 1]) as usize;
            }
            let mut shift = 0;
            for r in 0..nv.saturating_sub(1) {
                shift += io.m_rownnz[r];
                self.h_rowadr[r + 1] += shift;
            }

            self.h_colind = f.ints(d, self.nh);
            self.h = f.nums(d, self.nh);
            self.sparse_hessian(m, d);

            // pattern of the factor, counted from the transpose of H
            self.nl = with_frame(d, |d, g| {
                let ht_rownnz = g.ints(d, nv);
                let ht_rowadr = g.ints(d, nv);
                let ht_colind = g.ints(d, self.nh);
                // the counting scratch in a frame of its own, as mju_cholFactorCount takes it (peak stack)
                with_frame(d, |d, g| {
                    let parent = g.ints(d, nv);
                    let flag = g.ints(d, nv);
                    if let Some(e) = entry.as_ref().filter(|e| e.found()) {
                        let (nl, rownnz) = e.l_counts();
                        self.l_rownnz[..nv].copy_from_slice(rownnz);
                        return nl;
                    }
                    sparse::transpose_sparse(
                        None,
                        &[],
                        nv,
                        nv,
                        ht_rownnz,
                        ht_rowadr,
                        ht_colind,
                        None,
                        self.h_rownnz,
                        self.h_rowadr,
                        self.h_colind,
                    );
                    let nl =
                        chol_factor_count(self.l_rownnz, ht_rownnz, ht_rowadr, ht_colind, nv, parent, flag) as usize;
                    if let Some(e) = &mut entry {
                        e.set_l_counts(nl, self.l_rownnz);
                    }
                    nl
                })
            });

            if nv > 0 {
                self.l_rowadr[0] = 0;
            }
            for r in 1..nv {
                self.l_rowadr[r] = self.l_rowadr[r - 1] + self.l_rownnz[r - 1];
            }

            self.l_colind = f.ints(d, self.nl);
            self.l = f.nums(d, self.nl);
            if self.elliptic {
                self.lcone = f.nums(d, self.nl);
                self.has_lcone = true;
            }

            // nonzeros of the lower triangle of each H row
            for r in 0..nv {
                let adr = self.h_rowadr[r] as usize;
                let rownnz = self.h_rownnz[r] as usize;
                let colind = &self.h_colind[adr..adr + rownnz];
                let mut nnz = 1;
                while nnz < rownnz && (colind[nnz - 1] as usize) < r {
                    nnz += 1;
                }
                if colind[nnz - 1] as usize != r {
                    crate::mjerror!("MakeHessian", "Newton solver Hessian has zero diagonal on row {}", r);
                    return;
                }
                self.h_lowernnz[r] = nnz as i32;
            }
        } else {
            self.nl = nv * nv;
            self.l = f.nums(d, self.nl);
            if self.elliptic {
                self.lcone = f.nums(d, self.nl);
                self.has_lcone = true;
            }
            self.dense_hessian(&self.io(m, d));
        }
    }

    /// `L = chol(H)`, recomputing H from the states first when asked, then the cone terms
    /// (`FactorizeHessian`).
    #[inline(never)] // two call sites: one copy keeps the solver's code compact (instruction cache)
    fn factorize_hessian(&mut self, m: &mjModel, d: &mut mjData, recompute: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        if recompute {
            self.set_d(&self.io(m, d));
        }

        if self.sparse {
            if recompute {
                self.sparse_hessian(m, d);
            }

            // lower triangle of H into L (room for the fill-in is already there)
            for r in 0..nv {
                let nnz = self.h_lowernnz[r] as usize;
                let (la, ha) = (self.l_rowadr[r] as usize, self.h_rowadr[r] as usize);
                self.l[la..la + nnz].copy_from_slice(&self.h[ha..ha + nnz]);
                self.l_colind[la..la + nnz].copy_from_slice(&self.h_colind[ha..ha + nnz]);
                self.l_rownnz[r] = nnz as i32;
            }

            let rank = with_frame(d, |d, g| {
                let buf = g.nums(d, nv);
                let buf_ind = g.ints(d, nv);
                chol_factor_sparse(self.l, nv, mjMINVAL, self.l_rownnz, self.l_rowadr, self.l_colind, buf, buf_ind)
            });

            if rank != nv as i32 {
                crate::mjerror!("FactorizeHessian", "rank-deficient sparse Hessian");
                return;
            }
            if nv > 0 && self.nl != (self.l_rowadr[nv - 1] + self.l_rownnz[nv - 1]) as usize {
                crate::mjerror!("FactorizeHessian", "mismatch between pre-counted and post-factorization L nonzeros");
                return;
            }
        } else {
            if recompute {
                self.dense_hessian(&self.io(m, d));
            }
            chol_factor(self.l, nv, mjMINVAL);
        }

        if self.ncone != 0 {
            self.hessian_cone(m, d);
        }
        self.nupdate = nefc as i32;
    }

    /// `Lcone`: the factor L updated with the cone Hessians of contacts in the cone state
    /// (`HessianCone`).
    fn hessian_cone(&mut self, m: &mjModel, d: &mut mjData) {
        let nl = self.nl;
        self.lcone[..nl].copy_from_slice(&self.l[..nl]);
        with_frame(d, |d, g| self.hessian_cone_in(m, d, g))
    }

    /// [`Self::hessian_cone`] inside its stack frame.
    fn hessian_cone_in(&mut self, m: &mjModel, d: &mut mjData, g: &Frame<'_>) {
        let (nv, nefc) = (self.nv, self.nefc);
        let ltj = g.nums(d, 6 * nv);
        // (upstream's row buffer: no longer needed, kept for the same stack use)
        g.nums(d, nv);
        let ltj_ind = g.ints(d, nv);
        let mut io = self.io(m, d);

        // dense: rows of L'*J of consecutive cones are gathered here and applied in one
        // multi-row update (the rows need only J and the cone Hessians, not the factor)
        const BATCH: usize = 2048;
        let mut batch = core::mem::MaybeUninit::<[f64; BATCH]>::uninit();
        let batch_ptr = batch.as_mut_ptr() as *mut f64;
        let mut nrows = 0;
        let flush = |lcone: &mut [f64], nrows: usize| {
            if nrows > 0 {
                // SAFETY: the first nrows*nv values of the batch were written (zeroed, then summed)
                let rows = unsafe { core::slice::from_raw_parts_mut(batch_ptr, nrows * nv) };
                chol_update_rows(lcone, rows, nv, nrows, true);
            }
        };

        let mut i = 0;
        while i < nefc {
            if io.state[i] != CONE {
                i += 1;
                continue;
            }
            let con = &io.contact[io.efc_id[i] as usize];
            let dim = con.dim as usize;

            // Cholesky factor of the contact's cone Hessian
            let mut local = [0.0; 36];
            local[..dim * dim].copy_from_slice(&con.H[..dim * dim]);
            chol_factor(&mut local, dim, mjMINVAL);

            if self.sparse {
                // same pattern in all rows of the contact: row c of L'*J at ltj[c*nv..], with
                // room for the fill-in, all applied together
                let nnz = io.j_rownnz[i] as usize;
                for c in 0..dim {
                    ltj[c * nv..c * nv + nnz].fill(0.0);
                }
                for r in 0..dim {
                    let adr = io.j_rowadr[i + r] as usize;
                    for c in 0..=r {
                        blas::add_to_scl(&mut ltj[c * nv..c * nv + nnz], &io.j[adr..adr + nnz], local[r * dim + c]);
                    }
                }
                let adr = io.j_rowadr[i] as usize;
                ltj_ind[..nnz].copy_from_slice(&io.j_colind[adr..adr + nnz]);
                // upstream updates row by row, each update taking n indices and n numbers of
                // stack in a frame of its own: one such frame gives the same peak
                with_frame(d, |d, h| {
                    let new_ind = h.ints(d, nv);
                    h.nums(d, nv);
                    let pattern = (&*self.l_rownnz, &*self.l_rowadr, &*self.l_colind);
                    chol_update_sparse_shared(
                        self.lcone,
                        &mut ltj[..dim * nv],
                        nv,
                        dim,
                        true,
                        pattern,
                        nnz,
                        ltj_ind,
                        new_ind,
                    );
                });
                io = self.io(m, d);
            } else {
                let rows: &mut [f64] = if dim * nv <= BATCH {
                    if (nrows + dim) * nv > BATCH {
                        flush(self.lcone, nrows);
                        nrows = 0;
                    }
                    // SAFETY: rows nrows..nrows+dim lie inside the batch and are zeroed before
                    // the slice is made
                    unsafe {
                        let p = batch_ptr.add(nrows * nv);
                        core::ptr::write_bytes(p, 0, dim * nv);
                        core::slice::from_raw_parts_mut(p, dim * nv)
                    }
                } else {
                    ltj[..dim * nv].fill(0.0);
                    &mut ltj[..dim * nv]
                };
                for r in 0..dim {
                    for c in 0..=r {
                        blas::add_to_scl(
                            &mut rows[c * nv..c * nv + nv],
                            &io.j[(i + r) * nv..(i + r + 1) * nv],
                            local[r * dim + c],
                        );
                    }
                }
                if dim * nv <= BATCH {
                    nrows += dim;
                } else {
                    chol_update_rows(self.lcone, rows, nv, dim, true);
                }
            }

            self.nupdate += dim as i32;
            i += dim;
        }
        flush(self.lcone, nrows);
    }

    /// Updates the factor for the rows whose quadratic state changed (rank-one updates),
    /// refactorizing when accuracy is lost (`HessianIncremental`).
    fn hessian_incremental(&mut self, m: &mjModel, d: &mut mjData, oldstate: &[i32]) {
        let (nv, nefc) = (self.nv, self.nefc);
        let refactor = with_frame(d, |d, g| {
            let vec = g.nums(d, nv);
            let vec_ind = g.ints(d, nv);
            let mut io = self.io(m, d);

            self.nupdate = 0;
            for i in 0..nefc {
                let (was, is) = (oldstate[i] == QUADRATIC, io.state[i] == QUADRATIC);
                if was == is {
                    continue;
                }
                let plus = is;
                let scl = io.efc_d[i].sqrt();
                let rank = if self.sparse {
                    let nnz = io.j_rownnz[i] as usize;
                    let adr = io.j_rowadr[i] as usize;
                    blas::scl(&mut vec[..nnz], &io.j[adr..adr + nnz], scl);
                    vec_ind[..nnz].copy_from_slice(&io.j_colind[adr..adr + nnz]);
                    let pattern = (&*self.l_rownnz, &*self.l_rowadr, &*self.l_colind);
                    let rank = chol_update_sparse_framed(d, self.l, vec, nv, plus, pattern, nnz, vec_ind);
                    io = self.io(m, d);
                    rank
                } else {
                    blas::scl(&mut vec[..nv], &io.j[i * nv..(i + 1) * nv], scl);
                    chol_update(self.l, vec, nv, plus)
                };
                self.nupdate += 1;

                // accuracy lost: factorize from scratch (after this frame is closed)
                if rank < nv as i32 {
                    return true;
                }
            }

            if self.ncone != 0 {
                self.hessian_cone(m, d);
            }
            false
        });
        if refactor {
            self.factorize_hessian(m, d, true);
        }
    }
}

/// [`chol_update_sparse`] with its scratch (indices first, then values) in a stack frame of its
/// own, as upstream's `mju_cholUpdateSparse` takes it: the frame and the order set the peak stack
/// use reported in `maxuse_stack`.
#[allow(clippy::too_many_arguments)]
fn chol_update_sparse_framed(
    d: &mut mjData,
    mat: &mut [f64],
    x: &mut [f64],
    n: usize,
    plus: bool,
    pattern: (&[i32], &[i32], &[i32]),
    x_nnz: usize,
    x_ind: &mut [i32],
) -> i32 {
    with_frame(d, |d, g| {
        let buf_ind = g.ints(d, n);
        let buf = g.nums(d, n);
        let (rownnz, rowadr, colind) = pattern;
        chol_update_sparse(mat, x, n, plus, rownnz, rowadr, colind, x_nnz, x_ind, buf, buf_ind)
    })
}

/// Solves the islands at once on the thread pool bound to `d` and the calling thread (upstream
/// solves one task per island on the pool), the islands with the most constraint rows first so
/// that the last ones to finish are short. False when no pool is bound; nothing was solved.
pub(super) fn solve_islands_threaded(m: &mjModel, d: &mut mjData, newton: bool, store: Option<&PatternStore>) -> bool {
    use crate::engine::parallel::{bound_pool, Shared};
    let Some(pool) = bound_pool(d) else { return false };
    let n = d.nisland.max(0) as usize;
    with_frame(d, |d, f| {
        let order = f.ints(d, n);
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as i32;
        }
        let nefc = &d.arrays(m).island_nefc[..n];
        order.sort_unstable_by_key(|&i| (core::cmp::Reverse(nefc[i as usize]), i));
        let order = &*order;
        let shared = Shared::new(m, d);
        crate::runtime::threadpool::split_work(pool, n, &|k| {
            // SAFETY: `d` outlives the split. Each piece touches only its own island's part
            // of the data, so pieces running at once share no written memory: the island's
            // dofs and rows of the island arrays (iacc, ifrc_constraint, iefc_force, iefc_state
            // from island_idofadr/island_iefcadr), the cone Hessians of its own contacts,
            // d.solver, solver_niter and solver_nnz at its own island index, and scratch on
            // its own thread's stack region, its own entry of the pattern store. The rest of the
            // data is only read.
            let (m, d) = unsafe { shared.get() };
            sol_cg_newton(m, d, order[k], m.opt.iterations, newton, store);
        });
    });
    true
}

/// CG or Newton on the whole model (island < 0) or one island (`mj_solCGNewton`).
/// With `store`, the Newton solver's sparse counts go through the pattern store (each island
/// solved once per round).
pub(super) fn sol_cg_newton(
    m: &mjModel,
    d: &mut mjData,
    island: i32,
    maxiter: i32,
    newton: bool,
    store: Option<&PatternStore>,
) {
    with_frame(d, |d, f| sol_cg_newton_in(m, d, f, island, maxiter, newton, store))
}

/// [`sol_cg_newton`] inside its stack frame `f`.
fn sol_cg_newton_in<'f>(
    m: &mjModel,
    d: &mut mjData,
    f: &Frame<'f>,
    island: i32,
    maxiter: i32,
    newton: bool,
    store: Option<&PatternStore>,
) {
    // the context (`mjCGContext`) is built here, in place: a context returned from a function
    // was copied once more per solve
    let sparse = is_sparse(m);
    let (nv, ne, nf, nefc, dof0, efc0) = if island < 0 {
        (m.nv as usize, d.ne as usize, d.nf as usize, d.nefc as usize, 0, 0)
    } else {
        let a = d.arrays(m);
        let isl = island as usize;
        (
            a.island_nv[isl] as usize,
            a.island_ne[isl] as usize,
            a.island_nf[isl] as usize,
            a.island_nefc[isl] as usize,
            a.island_idofadr[isl] as usize,
            a.island_iefcadr[isl] as usize,
        )
    };
    // the common work arrays, in upstream's order, in one allocation
    let [jaref, jv, ma, mv, grad, mgrad, search, quad] = f.nums_many(d, [nefc, nefc, nv, nv, nv, nv, nv, nefc * 3]);
    let mut c = Cg {
        sparse,
        elliptic: m.opt.cone == mjtCone_::mjCONE_ELLIPTIC as i32,
        island,
        nv,
        ne,
        nf,
        nefc,
        dof0,
        efc0,
        nidof: d.nidof as usize,
        jt_rownnz: &mut [],
        jt_rowadr: &mut [],
        jt_rowsuper: &mut [],
        jt_colind: &mut [],
        jt: &mut [],
        // work arrays
        jaref,
        jv,
        ma,
        mv,
        grad,
        mgrad,
        search,
        quad,
        dd: &mut [],
        h_rowadr: &mut [],
        h_rownnz: &mut [],
        h_lowernnz: &mut [],
        l_rownnz: &mut [],
        l_rowadr: &mut [],
        buf_ind: &mut [],
        buf_val: &mut [],
        nh: 0,
        h_colind: &mut [],
        h: &mut [],
        nl: 0,
        l_colind: &mut [],
        l: &mut [],
        lcone: &mut [],
        has_lcone: false,
        parts: IoParts::EMPTY,
        cost: 0.0,
        quad_gauss: [0.0; 3],
        scale: 0.0,
        nactive: 0,
        ncone: 0,
        nupdate: 0,
        ls_iter: 0,
        ls_result: 0,
        ls_slope: 0.0,
    };

    c.allocate(m, d, f, newton);
    let (nv, nefc) = (c.nv, c.nefc);

    let (gradold, mgradold, mgraddif): (&mut [f64], &mut [f64], &mut [f64]) =
        if newton { (&mut [], &mut [], &mut []) } else { f.nums_many(d, [nv, nv, nv]).into() };
    let oldstate = f.ints(d, nefc);

    let cone_hessian = newton && c.elliptic;
    {
        let mut io = c.io(m, d);
        // Ma = M*qacc, Jaref = J*qacc - aref
        mul_sym(c.ma, io.mm, io.qacc, nv, io.m_rownnz, io.m_rowadr, io.m_colind);
        if c.sparse {
            let (rownnz, rowadr, colind, rowsuper) = (io.j_rownnz, io.j_rowadr, io.j_colind, Some(io.j_rowsuper));
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe { sparse::mul_mat_vec_sparse_built(c.jaref, io.j, io.qacc, nefc, rownnz, rowadr, colind, rowsuper) };
        } else {
            blas::mul_mat_vec(c.jaref, io.j, io.qacc, nefc, nv);
        }
        blas::sub_from(c.jaref, io.aref);

        c.update_constraint(&mut io, cone_hessian);
    }
    if newton {
        c.make_hessian(m, d, f, store);
        c.factorize_hessian(m, d, false);
    }
    // the data arrays, made again only after the Hessian update that needs the data itself
    let mut io = c.io(m, d);
    {
        c.update_gradient(&io, newton);

        blas::scl(c.search, c.mgrad, -1.0);

        // scale of improvement and gradient
        c.scale = if island < 0 {
            1.0 / (m.stat.meaninertia * m.nv.max(1) as f64)
        } else {
            let mut inertia = 0.0;
            for i in 0..nv {
                inertia += io.mm[(io.m_rowadr[i] + io.m_rownnz[i] - 1) as usize];
            }
            1.0 / inertia
        };
    }
    let scale = c.scale;

    let mut iter = 0;
    while iter < maxiter {
        let alpha = c.search(&io, m.opt.tolerance * m.opt.ls_tolerance, m.opt.ls_iterations as f64);
        if alpha == 0.0 {
            break;
        }

        blas::add_to_scl(io.qacc, c.search, alpha);
        blas::add_to_scl(c.ma, c.mv, alpha);
        blas::add_to_scl(c.jaref, c.jv, alpha);

        if !newton {
            gradold.copy_from_slice(c.grad);
            mgradold.copy_from_slice(c.mgrad);
        }
        oldstate.copy_from_slice(io.state);
        let oldcost = c.cost;

        c.update_constraint(&mut io, cone_hessian);
        if newton {
            c.hessian_incremental(m, d, oldstate);
            io = c.io(m, d);
        }
        c.update_gradient(&io, newton);

        let nchange = count_changes(io.state, oldstate);
        let improvement = scale * (oldcost - c.cost);
        let gradient = scale * blas::norm(c.grad);
        save_stats(
            io.solver,
            island,
            iter,
            improvement,
            gradient,
            c.ls_slope,
            c.nactive,
            nchange,
            c.ls_iter,
            c.nupdate,
        );

        iter += 1;
        if improvement < m.opt.tolerance || gradient < m.opt.tolerance {
            break;
        }

        if newton {
            blas::scl(c.search, c.mgrad, -1.0);
        } else {
            // Polak-Ribiere
            blas::sub(mgraddif, c.mgrad, mgradold);
            let mut beta = blas::dot(c.grad, mgraddif) / crate::math::misc::max(mjMINVAL, blas::dot(gradold, mgradold));
            if beta < 0.0 {
                beta = 0.0;
            }
            for i in 0..nv {
                c.search[i] = -c.mgrad[i] + beta * c.search[i];
            }
        }
    }

    // statistics
    if island < mjNISLAND as i32 {
        let s = island.max(0) as usize;
        d.solver_niter[s] += iter;
        d.solver_nnz[s] = if newton {
            if is_sparse(m) {
                let factors = 1 + c.has_lcone as usize;
                (factors * c.nl + c.nh) as i32
            } else {
                (nv * nv) as i32
            }
        } else {
            0
        };
    }
}

/// Conjugate gradient on the whole model (`mj_solCG`).
pub fn sol_cg(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, false, None);
}

/// Conjugate gradient on one island (`mj_solCG_island`).
pub fn sol_cg_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, false, None);
}

/// Newton on the whole model (`mj_solNewton`).
pub fn sol_newton(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, true, None);
}

/// Newton on one island (`mj_solNewton_island`).
pub fn sol_newton_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, true, None);
}
