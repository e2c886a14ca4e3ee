//! Solvers of the primal problem: CG and Newton on the whole model or per island (upstream's
//! `mj_solCG`, `mj_solNewton` and their island forms), islands on a bound thread pool.

use core::mem::{align_of, size_of};

use super::kernels::*;
use super::*;

//---------------------------------- CG and Newton -------------------------------------------------

/// State of the primal solvers on the whole model or one island (upstream's `mjCGContext`).
struct Cg<'a> {
    sparse: bool,
    elliptic: bool,

    nv: usize,
    ne: usize,
    nf: usize,
    nefc: usize,

    contact: &'a mut [mjContact],

    // dof arrays
    qfrc_smooth: &'a [f64],
    qacc_smooth: &'a [f64],
    qfrc_constraint: &'a mut [f64],
    qacc: &'a mut [f64],

    // inertia (lower triangle, row addresses may be absolute)
    m_rownnz: &'a [i32],
    m_rowadr: &'a [i32],
    m_colind: &'a [i32],
    mm: &'a [f64],
    qld: &'a [f64],
    qldiaginv: &'a [f64],

    // rows
    efc_d: &'a [f64],
    efc_r: &'a [f64],
    floss: &'a [f64],
    aref: &'a [f64],
    efc_id: &'a [i32],
    efc_type: &'a [i32],
    force: &'a mut [f64],
    state: &'a mut [i32],

    // Jacobian (sparse: absolute row addresses) and its transpose (sparse only)
    j_rownnz: &'a [i32],
    j_rowadr: &'a [i32],
    j_rowsuper: &'a [i32],
    j_colind: &'a [i32],
    j: &'a [f64],
    jt_rownnz: &'a mut [i32],
    jt_rowadr: &'a mut [i32],
    jt_rowsuper: &'a mut [i32],
    jt_colind: &'a mut [i32],
    jt: &'a mut [f64],

    // common work arrays
    jaref: &'a mut [f64],
    jv: &'a mut [f64],
    ma: &'a mut [f64],
    mv: &'a mut [f64],
    grad: &'a mut [f64],
    mgrad: &'a mut [f64],
    search: &'a mut [f64],
    quad: &'a mut [f64],

    // Newton
    dd: &'a mut [f64],
    h_rowadr: &'a mut [i32],
    h_rownnz: &'a mut [i32],
    h_lowernnz: &'a mut [i32],
    l_rownnz: &'a mut [i32],
    l_rowadr: &'a mut [i32],
    buf_ind: &'a mut [i32],
    buf_val: &'a mut [f64],
    nh: usize,
    h_colind: &'a mut [i32],
    h: &'a mut [f64],
    nl: usize,
    l_colind: &'a mut [i32],
    l: &'a mut [f64],
    lcone: &'a mut [f64],
    has_lcone: bool,

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

/// One line-search point: step, cost, first and second derivative.
#[derive(Clone, Copy, Default)]
struct Pnt {
    alpha: f64,
    cost: f64,
    deriv: [f64; 2],
}

/// Builds the context for the whole model (island < 0) or one island (`CGpointers` and
/// `CGallocate`); the work arrays come from the stack frame of the caller.
unsafe fn cg_context<'a>(m: &'a mjModel, d: &mut mjData, island: i32, newton: bool) -> Cg<'a> {
    let sparse = is_sparse(m);
    let mut c = Cg {
        sparse,
        elliptic: m.opt.cone == mjtCone_::mjCONE_ELLIPTIC as i32,
        nv: 0,
        ne: 0,
        nf: 0,
        nefc: 0,
        contact: d.contact(m),
        qfrc_smooth: &[],
        qacc_smooth: &[],
        qfrc_constraint: &mut [],
        qacc: &mut [],
        m_rownnz: &[],
        m_rowadr: &[],
        m_colind: &[],
        mm: &[],
        qld: &[],
        qldiaginv: &[],
        efc_d: &[],
        efc_r: &[],
        floss: &[],
        aref: &[],
        efc_id: &[],
        efc_type: &[],
        force: &mut [],
        state: &mut [],
        j_rownnz: &[],
        j_rowadr: &[],
        j_rowsuper: &[],
        j_colind: &[],
        j: &[],
        jt_rownnz: &mut [],
        jt_rowadr: &mut [],
        jt_rowsuper: &mut [],
        jt_colind: &mut [],
        jt: &mut [],
        jaref: &mut [],
        jv: &mut [],
        ma: &mut [],
        mv: &mut [],
        grad: &mut [],
        mgrad: &mut [],
        search: &mut [],
        quad: &mut [],
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

    if island < 0 {
        let (nv, nefc) = (m.nv as usize, d.nefc as usize);
        c.nv = nv;
        c.ne = d.ne as usize;
        c.nf = d.nf as usize;
        c.nefc = nefc;
        c.qfrc_smooth = d.qfrc_smooth(m);
        c.qfrc_constraint = d.qfrc_constraint(m);
        c.qacc_smooth = d.qacc_smooth(m);
        c.qacc = d.qacc(m);
        c.m_rownnz = m.M_rownnz();
        c.m_rowadr = m.M_rowadr();
        c.m_colind = m.M_colind();
        c.mm = d.M(m);
        c.qld = d.qLD(m);
        c.qldiaginv = d.qLDiagInv(m);
        c.efc_d = d.efc_D(m);
        c.efc_r = d.efc_R(m);
        c.floss = d.efc_frictionloss(m);
        c.aref = d.efc_aref(m);
        c.efc_id = d.efc_id(m);
        c.efc_type = d.efc_type(m);
        c.force = d.efc_force(m);
        c.state = d.efc_state(m);
        c.j = d.efc_J(m);
        if sparse {
            c.j_rownnz = d.efc_J_rownnz(m);
            c.j_rowadr = d.efc_J_rowadr(m);
            c.j_rowsuper = d.efc_J_rowsuper(m);
            c.j_colind = d.efc_J_colind(m);
        }
    } else {
        let isl = island as usize;
        let nv = d.island_nv(m)[isl] as usize;
        let nefc = d.island_nefc(m)[isl] as usize;
        c.nv = nv;
        c.ne = d.island_ne(m)[isl] as usize;
        c.nf = d.island_nf(m)[isl] as usize;
        c.nefc = nefc;

        let dof = d.island_idofadr(m)[isl] as usize;
        let dofs = dof..dof + nv;
        c.qfrc_smooth = &d.ifrc_smooth(m)[dofs.clone()];
        c.qfrc_constraint = &mut d.ifrc_constraint(m)[dofs.clone()];
        c.qacc_smooth = &d.iacc_smooth(m)[dofs.clone()];
        c.qacc = &mut d.iacc(m)[dofs.clone()];
        c.m_rownnz = &d.iM_rownnz(m)[dofs.clone()];
        c.m_rowadr = &d.iM_rowadr(m)[dofs.clone()];
        c.m_colind = d.iM_colind(m);
        c.mm = d.iM(m);
        c.qld = d.iLD(m);
        c.qldiaginv = &d.iLDiagInv(m)[dofs];

        let efc = d.island_iefcadr(m)[isl] as usize;
        let rows = efc..efc + nefc;
        c.efc_d = &d.iefc_D(m)[rows.clone()];
        c.efc_r = &d.iefc_R(m)[rows.clone()];
        c.floss = &d.iefc_frictionloss(m)[rows.clone()];
        c.aref = &d.iefc_aref(m)[rows.clone()];
        c.efc_id = &d.iefc_id(m)[rows.clone()];
        c.efc_type = &d.iefc_type(m)[rows.clone()];
        c.force = &mut d.iefc_force(m)[rows.clone()];
        c.state = &mut d.iefc_state(m)[rows.clone()];

        if !sparse {
            let start = d.nidof as usize * efc;
            c.j = &d.iefc_J(m)[start..start + nefc * nv];
        } else {
            c.j_rownnz = &d.iefc_J_rownnz(m)[rows.clone()];
            c.j_rowadr = &d.iefc_J_rowadr(m)[rows.clone()];
            c.j_rowsuper = &d.iefc_J_rowsuper(m)[rows];
            c.j_colind = d.iefc_J_colind(m);
            c.j = d.iefc_J(m);
        }
    }

    // work arrays
    let (nv, nefc) = (c.nv, c.nefc);
    c.jaref = stack_nums(d, nefc);
    c.jv = stack_nums(d, nefc);
    c.ma = stack_nums(d, nv);
    c.mv = stack_nums(d, nv);
    c.grad = stack_nums(d, nv);
    c.mgrad = stack_nums(d, nv);
    c.search = stack_nums(d, nv);
    c.quad = stack_nums(d, nefc * 3);

    // sparse: Jacobian transpose
    if sparse {
        let nj = d.nJ as usize;
        c.jt_rownnz = stack_ints(d, nv);
        c.jt_rowadr = stack_ints(d, nv);
        c.jt_rowsuper = stack_ints(d, nv);
        c.jt_colind = stack_ints(d, nj);
        c.jt = stack_nums(d, nj);
        if nefc > 0 {
            let offset = c.j_rowadr[0] as usize;
            sparse::transpose_sparse(
                Some(&mut *c.jt),
                &c.j[offset..],
                nefc,
                nv,
                c.jt_rownnz,
                c.jt_rowadr,
                c.jt_colind,
                Some(&mut *c.jt_rowsuper),
                c.j_rownnz,
                c.j_rowadr,
                &c.j_colind[offset..],
            );
        }
    }

    if newton {
        c.dd = stack_nums(d, nefc);
        if sparse {
            c.h_rowadr = stack_ints(d, nv);
            c.h_rownnz = stack_ints(d, nv);
            c.h_lowernnz = stack_ints(d, nv);
            c.l_rownnz = stack_ints(d, nv);
            c.l_rowadr = stack_ints(d, nv);
            c.buf_val = stack_nums(d, nv);
            c.buf_ind = stack_ints(d, nv);
        }
    }
    c
}

impl Cg<'_> {
    /// Forces, states and cost from `jaref`, then `qfrc_constraint`, the active and cone
    /// counts and the Gauss cost (`CGupdateConstraint`).
    unsafe fn update_constraint(&mut self, cone_hessian: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        constraint_update_impl(
            self.ne,
            self.nf,
            nefc,
            self.efc_d,
            self.efc_r,
            self.floss,
            self.jaref,
            self.efc_type,
            self.efc_id,
            self.contact,
            self.state,
            self.force,
            Some(&mut self.cost),
            cone_hessian,
        );

        if !self.sparse {
            blas::mul_mat_t_vec(self.qfrc_constraint, self.j, self.force, nefc, nv);
        } else {
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe {
                sparse::mul_mat_vec_sparse_built(
                    self.qfrc_constraint,
                    self.jt,
                    self.force,
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
        for &s in &self.state[..nefc] {
            nactive += (s != SATISFIED) as i32;
            ncone += (s == CONE) as i32;
        }
        self.nactive = nactive;
        self.ncone = ncone;

        let mut gauss = 0.0;
        let forces = self.ma[..nv].iter().zip(&self.qfrc_smooth[..nv]);
        let accs = self.qacc[..nv].iter().zip(&self.qacc_smooth[..nv]);
        for ((&ma, &smooth), (&acc, &acc_smooth)) in forces.zip(accs) {
            gauss += 0.5 * (ma - smooth) * (acc - acc_smooth);
        }
        self.quad_gauss[0] = gauss;
        self.cost += gauss;
    }

    /// `grad = M*qacc - qfrc_smooth - qfrc_constraint`, `Mgrad` = H\grad (Newton) or M\grad
    /// (CG) (`CGupdateGradient`).
    fn update_gradient(&mut self, newton: bool) {
        let nv = self.nv;
        let terms = self.ma[..nv].iter().zip(&self.qfrc_smooth[..nv]).zip(&self.qfrc_constraint[..nv]);
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
            solve_ld1(self.mgrad, self.qld, self.qldiaginv, nv, self.m_rownnz, self.m_rowadr, self.m_colind);
        }
    }

    /// Quadratic pieces of the cost along `search` and the cone quantities (`CGprepare`).
    fn prepare(&mut self) {
        let (nv, nefc) = (self.nv, self.nefc);
        let v = &self.search[..nv];
        self.quad_gauss[1] = blas::dot(v, self.ma) - blas::dot(&self.qfrc_smooth[..nv], v);
        self.quad_gauss[2] = 0.5 * blas::dot(v, self.mv);

        if !self.elliptic {
            // pyramidal cones: every row is scalar
            let rows = self.jaref[..nefc].iter().zip(&self.jv[..nefc]).zip(&self.efc_d[..nefc]);
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
            let (jv, jaref, dg) = (&self.jv[i..], &self.jaref[i..], &self.efc_d[i..]);
            let quad = &mut self.quad[3 * i..];

            let dj0 = dg[0] * jaref[0];
            quad[0] = jaref[0] * dj0;
            quad[1] = jv[0] * dj0;
            quad[2] = jv[0] * dg[0] * jv[0];

            let mut step = 1;
            if self.efc_type[i] == ELLIPTIC {
                let con = &self.contact[self.efc_id[i] as usize];
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
    fn eval(&mut self, p: &mut Pnt) {
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
            let f = self.floss[i];
            let rf = self.efc_r[i] * f;
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
            if self.efc_type[i] == ELLIPTIC {
                let con = &self.contact[self.efc_id[i] as usize];
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
    fn update_bracket(&mut self, p: &mut Pnt, candidates: &[Pnt; 3], pnext: &mut Pnt) -> i32 {
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
            self.eval(pnext);
        }
        flag
    }

    /// Exact line search along `search` by safeguarded Newton steps and bracketing
    /// (`CGsearch`); returns the step.
    fn search(&mut self, tolerance: f64, ls_iterations: f64) -> f64 {
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

        mul_sym(self.mv, self.mm, self.search, nv, self.m_rownnz, self.m_rowadr, self.m_colind);
        if self.sparse {
            // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
            unsafe {
                sparse::mul_mat_vec_sparse_built(
                    self.jv,
                    self.j,
                    self.search,
                    nefc,
                    self.j_rownnz,
                    self.j_rowadr,
                    self.j_colind,
                    Some(self.j_rowsuper),
                )
            };
        } else {
            blas::mul_mat_vec(self.jv, self.j, self.search, nefc, nv);
        }

        self.prepare();

        let mut p0 = Pnt::default();
        self.eval(&mut p0);

        // one Newton step first
        let mut p1 = Pnt { alpha: p0.alpha - p0.deriv[0] / p0.deriv[1], ..Pnt::default() };
        self.eval(&mut p1);
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
            self.eval(&mut p1);
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
        self.eval(&mut p1next);

        while (self.ls_iter as f64) < ls_iterations {
            let mut pmid = Pnt { alpha: 0.5 * (p1.alpha + p2.alpha), ..Pnt::default() };
            self.eval(&mut pmid);

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

            let b1 = self.update_bracket(&mut p1, &candidates, &mut p1next);
            let b2 = self.update_bracket(&mut p2, &candidates, &mut p2next);

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
    fn set_d(&mut self) {
        let n = self.nefc;
        for ((dd, &s), &d) in self.dd[..n].iter_mut().zip(&self.state[..n]).zip(&self.efc_d[..n]) {
            *dd = if s == QUADRATIC { d } else { 0.0 };
        }
    }

    /// Sparse `H = J'*D*J` into the H pattern, then `H += M`.
    unsafe fn sparse_hessian(&mut self, d: &mut mjData) {
        let (nv, nefc) = (self.nv, self.nefc);
        mark(d);
        let marker = stack_ints(d, nv);
        let buffer = stack_nums(d, nv * 8);
        let buffer_idx = stack_ints(d, nv);
        let rowstart = stack_ints(d, nefc);
        sparse::sqr_mat_td_sparse(
            self.h,
            self.j,
            self.jt,
            Some(self.dd),
            nv,
            self.h_rownnz,
            self.h_rowadr,
            self.h_colind,
            self.j_rownnz,
            self.j_rowadr,
            self.j_colind,
            self.jt_rownnz,
            self.jt_rowadr,
            self.jt_colind,
            Some(self.jt_rowsuper),
            None,
            sparse::SqrMatTdScratch { marker, buffer, buffer_idx, rowstart },
        );
        free(d);
        sparse::add_to_mat_sparse(
            self.h,
            self.h_rownnz,
            self.h_rowadr,
            self.h_colind,
            nv,
            self.mm,
            self.m_rownnz,
            self.m_rowadr,
            self.m_colind,
            self.buf_val,
            self.buf_ind,
        );
    }

    /// Dense lower triangle of `H = J'*D*J + M` into L.
    fn dense_hessian(&mut self) {
        let (nv, nefc) = (self.nv, self.nefc);
        blas::sqr_mat_td_impl(self.l, self.j, Some(self.dd), nefc, nv, false);
        sparse::add_to_sym_sparse(self.l, self.mm, nv, self.m_rownnz, self.m_rowadr, self.m_colind, false);
    }

    /// Allocates the Hessian and its factor for the current states and computes H
    /// (`MakeHessian`); the arrays live in the caller's stack frame.
    unsafe fn make_hessian(&mut self, d: &mut mjData) {
        let nv = self.nv;
        self.set_d();

        if self.sparse {
            // pattern of J'*D*J, room for M in every row
            mark(d);
            let chain = stack_ints(d, 2 * nv);
            self.nh = sparse::sqr_mat_td_sparse_count(
                self.h_rownnz,
                self.h_rowadr,
                nv,
                self.j_rownnz,
                self.j_rowadr,
                self.j_colind,
                self.jt_rownnz,
                self.jt_rowadr,
                self.jt_colind,
                Some(self.jt_rowsuper),
                false,
                chain,
            ) as usize;
            free(d);
            if nv > 0 {
                self.nh += (self.m_rowadr[nv - 1] + self.m_rownnz[nv - 1]) as usize;
            }
            let mut shift = 0;
            for r in 0..nv.saturating_sub(1) {
                shift += self.m_rownnz[r];
                self.h_rowadr[r + 1] += shift;
            }

            self.h_colind = stack_ints(d, self.nh);
            self.h = stack_nums(d, self.nh);
            self.sparse_hessian(d);

            // pattern of the factor, counted from the transpose of H
            mark(d);
            let ht_rownnz = stack_ints(d, nv);
            let ht_rowadr = stack_ints(d, nv);
            let ht_colind = stack_ints(d, self.nh);
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
            // the counting scratch in a frame of its own, as mju_cholFactorCount takes it (peak stack)
            mark(d);
            let parent = stack_ints(d, nv);
            let flag = stack_ints(d, nv);
            self.nl = chol_factor_count(self.l_rownnz, ht_rownnz, ht_rowadr, ht_colind, nv, parent, flag) as usize;
            free(d);
            free(d);

            if nv > 0 {
                self.l_rowadr[0] = 0;
            }
            for r in 1..nv {
                self.l_rowadr[r] = self.l_rowadr[r - 1] + self.l_rownnz[r - 1];
            }

            self.l_colind = stack_ints(d, self.nl);
            self.l = stack_nums(d, self.nl);
            if self.elliptic {
                self.lcone = stack_nums(d, self.nl);
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
            self.l = stack_nums(d, self.nl);
            if self.elliptic {
                self.lcone = stack_nums(d, self.nl);
                self.has_lcone = true;
            }
            self.dense_hessian();
        }
    }

    /// `L = chol(H)`, recomputing H from the states first when asked, then the cone terms
    /// (`FactorizeHessian`).
    unsafe fn factorize_hessian(&mut self, d: &mut mjData, recompute: bool) {
        let (nv, nefc) = (self.nv, self.nefc);
        if recompute {
            self.set_d();
        }

        if self.sparse {
            if recompute {
                self.sparse_hessian(d);
            }

            // lower triangle of H into L (room for the fill-in is already there)
            for r in 0..nv {
                let nnz = self.h_lowernnz[r] as usize;
                let (la, ha) = (self.l_rowadr[r] as usize, self.h_rowadr[r] as usize);
                self.l[la..la + nnz].copy_from_slice(&self.h[ha..ha + nnz]);
                self.l_colind[la..la + nnz].copy_from_slice(&self.h_colind[ha..ha + nnz]);
                self.l_rownnz[r] = nnz as i32;
            }

            mark(d);
            let buf = stack_nums(d, nv);
            let buf_ind = stack_ints(d, nv);
            let rank =
                chol_factor_sparse(self.l, nv, mjMINVAL, self.l_rownnz, self.l_rowadr, self.l_colind, buf, buf_ind);
            free(d);

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
                self.dense_hessian();
            }
            chol_factor(self.l, nv, mjMINVAL);
        }

        if self.ncone != 0 {
            self.hessian_cone(d);
        }
        self.nupdate = nefc as i32;
    }

    /// `Lcone`: the factor L updated with the cone Hessians of contacts in the cone state
    /// (`HessianCone`).
    unsafe fn hessian_cone(&mut self, d: &mut mjData) {
        let (nv, nefc) = (self.nv, self.nefc);
        let nl = self.nl;
        self.lcone[..nl].copy_from_slice(&self.l[..nl]);

        mark(d);
        let ltj = stack_nums(d, 6 * nv);
        // (upstream's row buffer: no longer needed, kept for the same stack use)
        stack_nums(d, nv);
        let ltj_ind = stack_ints(d, nv);

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
            if self.state[i] != CONE {
                i += 1;
                continue;
            }
            let con = &self.contact[self.efc_id[i] as usize];
            let dim = con.dim as usize;

            // Cholesky factor of the contact's cone Hessian
            let mut local = [0.0; 36];
            local[..dim * dim].copy_from_slice(&con.H[..dim * dim]);
            chol_factor(&mut local, dim, mjMINVAL);

            if self.sparse {
                // same pattern in all rows of the contact: row c of L'*J at ltj[c*nv..], with
                // room for the fill-in, all applied together
                let nnz = self.j_rownnz[i] as usize;
                for c in 0..dim {
                    ltj[c * nv..c * nv + nnz].fill(0.0);
                }
                for r in 0..dim {
                    let adr = self.j_rowadr[i + r] as usize;
                    for c in 0..=r {
                        blas::add_to_scl(&mut ltj[c * nv..c * nv + nnz], &self.j[adr..adr + nnz], local[r * dim + c]);
                    }
                }
                let adr = self.j_rowadr[i] as usize;
                ltj_ind[..nnz].copy_from_slice(&self.j_colind[adr..adr + nnz]);
                // upstream updates row by row, each update taking n indices and n numbers of
                // stack in a frame of its own: one such frame gives the same peak
                mark(d);
                let new_ind = stack_ints(d, nv);
                stack_nums(d, nv);
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
                free(d);
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
                            &self.j[(i + r) * nv..(i + r + 1) * nv],
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

        free(d);
    }

    /// Updates the factor for the rows whose quadratic state changed (rank-one updates),
    /// refactorizing when accuracy is lost (`HessianIncremental`).
    unsafe fn hessian_incremental(&mut self, d: &mut mjData, oldstate: &[i32]) {
        let (nv, nefc) = (self.nv, self.nefc);
        mark(d);
        let vec = stack_nums(d, nv);
        let vec_ind = stack_ints(d, nv);

        self.nupdate = 0;
        for i in 0..nefc {
            let (was, is) = (oldstate[i] == QUADRATIC, self.state[i] == QUADRATIC);
            if was == is {
                continue;
            }
            let plus = is;
            let scl = self.efc_d[i].sqrt();
            let rank = if self.sparse {
                let nnz = self.j_rownnz[i] as usize;
                let adr = self.j_rowadr[i] as usize;
                blas::scl(&mut vec[..nnz], &self.j[adr..adr + nnz], scl);
                vec_ind[..nnz].copy_from_slice(&self.j_colind[adr..adr + nnz]);
                let pattern = (&*self.l_rownnz, &*self.l_rowadr, &*self.l_colind);
                chol_update_sparse_framed(d, self.l, vec, nv, plus, pattern, nnz, vec_ind)
            } else {
                blas::scl(&mut vec[..nv], &self.j[i * nv..(i + 1) * nv], scl);
                chol_update(self.l, vec, nv, plus)
            };
            self.nupdate += 1;

            // accuracy lost: factorize from scratch
            if rank < nv as i32 {
                free(d);
                self.factorize_hessian(d, true);
                return;
            }
        }

        if self.ncone != 0 {
            self.hessian_cone(d);
        }
        free(d);
    }
}

/// [`chol_update_sparse`] with its scratch (indices first, then values) in a stack frame of its
/// own, as upstream's `mju_cholUpdateSparse` takes it: the frame and the order set the peak stack
/// use reported in `maxuse_stack`.
///
/// # Safety
/// `d` must be the data the solver runs on (its stack holds n more numbers and indices).
#[allow(clippy::too_many_arguments)]
unsafe fn chol_update_sparse_framed(
    d: &mut mjData,
    mat: &mut [f64],
    x: &mut [f64],
    n: usize,
    plus: bool,
    pattern: (&[i32], &[i32], &[i32]),
    x_nnz: usize,
    x_ind: &mut [i32],
) -> i32 {
    mark(d);
    let buf_ind = stack_ints(d, n);
    let buf = stack_nums(d, n);
    let (rownnz, rowadr, colind) = pattern;
    let rank = chol_update_sparse(mat, x, n, plus, rownnz, rowadr, colind, x_nnz, x_ind, buf, buf_ind);
    free(d);
    rank
}

/// Arguments of one island task of [`solve_islands_threaded`].
struct IslandTask {
    m: *const mjModel,
    d: *mut mjData,
    island: i32,
    newton: bool,
}

/// Task body: CG or Newton on one island. A panic stops here, before the worker's C frame.
unsafe extern "C" fn island_task(args: *mut core::ffi::c_void) -> *mut core::ffi::c_void {
    let t = &*(args as *const IslandTask);
    let run = || sol_cg_newton(&*t.m, &mut *t.d, t.island, (*t.m).opt.iterations, t.newton);
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    core::ptr::null_mut()
}

/// Solves every island as a task on the thread pool bound to `d` (upstream's island-parallel
/// path); the task records live on mjData's stack. False when there is no usable pool or the
/// stack has no room, and nothing was solved.
pub(super) unsafe fn solve_islands_threaded(m: &mjModel, d: &mut mjData, newton: bool) -> bool {
    use crate::runtime::threadpool;
    let Some(pool) = threadpool::pool_impl(d.threadpool as *const mjThreadPool) else { return false };
    let n = d.nisland.max(0) as usize;
    mark(d);
    let args =
        crate::data::stack::stack_alloc(d, n * size_of::<IslandTask>(), align_of::<IslandTask>()) as *mut IslandTask;
    let tasks = crate::data::stack::stack_alloc(d, n * size_of::<mjTask>(), align_of::<mjTask>()) as *mut mjTask;
    if n > 0 && (args.is_null() || tasks.is_null()) {
        free(d);
        return false;
    }
    let dp: *mut mjData = d;
    for i in 0..n {
        args.add(i).write(IslandTask { m, d: dp, island: i as i32, newton });
        let task = tasks.add(i);
        threadpool::default_task(task);
        (*task).func = Some(island_task);
        (*task).args = args.add(i) as *mut core::ffi::c_void;
        threadpool::enqueue(pool, task);
    }
    for i in 0..n {
        threadpool::join(tasks.add(i));
    }
    free(&mut *dp);
    true
}

/// CG or Newton on the whole model (island < 0) or one island (`mj_solCGNewton`).
pub(super) unsafe fn sol_cg_newton(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32, newton: bool) {
    mark(d);
    let mut c = cg_context(m, d, island, newton);
    let (nv, nefc) = (c.nv, c.nefc);

    let (gradold, mgradold, mgraddif): (&mut [f64], &mut [f64], &mut [f64]) =
        if newton { (&mut [], &mut [], &mut []) } else { (stack_nums(d, nv), stack_nums(d, nv), stack_nums(d, nv)) };
    let oldstate = stack_ints(d, nefc);

    // Ma = M*qacc, Jaref = J*qacc - aref
    mul_sym(c.ma, c.mm, c.qacc, nv, c.m_rownnz, c.m_rowadr, c.m_colind);
    if c.sparse {
        // SAFETY: the engine built these rows over nv dofs (the transpose over nefc rows)
        let (rownnz, rowadr, colind, rowsuper) = (c.j_rownnz, c.j_rowadr, c.j_colind, Some(c.j_rowsuper));
        unsafe { sparse::mul_mat_vec_sparse_built(c.jaref, c.j, c.qacc, nefc, rownnz, rowadr, colind, rowsuper) };
    } else {
        blas::mul_mat_vec(c.jaref, c.j, c.qacc, nefc, nv);
    }
    blas::sub_from(c.jaref, c.aref);

    let cone_hessian = newton && c.elliptic;
    c.update_constraint(cone_hessian);
    if newton {
        c.make_hessian(d);
        c.factorize_hessian(d, false);
    }
    c.update_gradient(newton);

    blas::scl(c.search, c.mgrad, -1.0);

    // scale of improvement and gradient
    c.scale = if island < 0 {
        1.0 / (m.stat.meaninertia * m.nv.max(1) as f64)
    } else {
        let mut inertia = 0.0;
        for i in 0..nv {
            inertia += c.mm[(c.m_rowadr[i] + c.m_rownnz[i] - 1) as usize];
        }
        1.0 / inertia
    };
    let scale = c.scale;

    let mut iter = 0;
    while iter < maxiter {
        let alpha = c.search(m.opt.tolerance * m.opt.ls_tolerance, m.opt.ls_iterations as f64);
        if alpha == 0.0 {
            break;
        }

        blas::add_to_scl(c.qacc, c.search, alpha);
        blas::add_to_scl(c.ma, c.mv, alpha);
        blas::add_to_scl(c.jaref, c.jv, alpha);

        if !newton {
            gradold.copy_from_slice(c.grad);
            mgradold.copy_from_slice(c.mgrad);
        }
        oldstate.copy_from_slice(c.state);
        let oldcost = c.cost;

        c.update_constraint(cone_hessian);
        if newton {
            c.hessian_incremental(d, oldstate);
        }
        c.update_gradient(newton);

        let nchange = count_changes(c.state, oldstate);

        let improvement = scale * (oldcost - c.cost);
        let gradient = scale * blas::norm(c.grad);
        save_stats(
            &mut d.solver,
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

    free(d);
}

/// Conjugate gradient on the whole model (`mj_solCG`).
///
/// # Safety
/// As [`sol_pgs`].
pub unsafe fn sol_cg(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, false);
}

/// Conjugate gradient on one island (`mj_solCG_island`).
///
/// # Safety
/// As [`sol_pgs`], with the island arrays of `mj_island` and the solver inputs gathered.
pub unsafe fn sol_cg_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, false);
}

/// Newton on the whole model (`mj_solNewton`).
///
/// # Safety
/// As [`sol_pgs`].
pub unsafe fn sol_newton(m: &mjModel, d: &mut mjData, maxiter: i32) {
    sol_cg_newton(m, d, -1, maxiter, true);
}

/// Newton on one island (`mj_solNewton_island`).
///
/// # Safety
/// As [`sol_cg_island`].
pub unsafe fn sol_newton_island(m: &mjModel, d: &mut mjData, island: i32, maxiter: i32) {
    sol_cg_newton(m, d, island, maxiter, true);
}
