//! Dense derivative of the bias force with respect to velocity (upstream's `mjd_rne_vel_dense`,
//! which its library exports and its tests use as the reference for the sparse version):
//! derivatives of every body's com velocity, acceleration and force as full 6 x nv blocks,
//! propagated down and up the tree, then subtracted from `qDeriv`.

use super::derivative::{d_cross_force_frc, d_cross_force_vel, d_cross_motion_vel, d_mul_inert_vec_vel};
use super::v6;
use crate::abi::fields::DataMut;
use crate::abi::mjtJoint_::*;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::math::blas::{add_to, add_to_scl, mul_mat_mat};
use crate::math::spatial::mul_inert_vec;

/// Derivatives of the com velocities (`dcvel`, nbody blocks of 6 x nv) and of the dof motion
/// derivatives (`dcdofdot`, nv blocks) with respect to `qvel`.
fn com_vel_vel_dense(m: &mjModel, d: &mjData, dcvel: &mut [f64], dcdofdot: &mut [f64]) {
    let nv = m.nv as usize;
    let blk = 6 * nv;
    let cdof = d.arrays(m).cdof;
    dcvel.fill(0.0);

    // dcvel[i] += cdof column j of its dofs
    let add_cdof = |dcvel: &mut [f64], i: usize, j: usize| {
        for k in 0..6 {
            dcvel[i * blk + k * nv + j] += cdof[j * 6 + k];
        }
    };
    // dcdofdot[j] = D crossMotion(cvel, cdof_j) * dcvel[i]
    let cross_block = |dcdofdot: &mut [f64], dcvel: &[f64], i: usize, j: usize| {
        let mat = d_cross_motion_vel(v6(cdof, j));
        mul_mat_mat(&mut dcdofdot[j * blk..(j + 1) * blk], &mat, &dcvel[i * blk..(i + 1) * blk], 6, 6, nv);
    };

    for i in 1..m.nbody as usize {
        let parent = m.body_parentid()[i] as usize;
        dcvel.copy_within(parent * blk..(parent + 1) * blk, i * blk);

        let start = m.body_dofadr()[i] as usize;
        let end = start + m.body_dofnum()[i] as usize;
        let mut j = start;
        while j < end {
            let jtype = m.jnt_type()[m.dof_jntid()[j] as usize];
            if jtype == mjJNT_FREE as i32 || jtype == mjJNT_BALL as i32 {
                if jtype == mjJNT_FREE as i32 {
                    dcdofdot[j * blk..(j + 3) * blk].fill(0.0);
                    for jj in j..j + 3 {
                        add_cdof(dcvel, i, jj);
                    }
                    j += 3;
                }
                for jj in j..j + 3 {
                    cross_block(dcdofdot, dcvel, i, jj);
                }
                for jj in j..j + 3 {
                    add_cdof(dcvel, i, jj);
                }
                j += 3;
            } else {
                cross_block(dcdofdot, dcvel, i, j);
                add_cdof(dcvel, i, j);
                j += 1;
            }
        }
    }
}

/// Subtracts the derivative of `qfrc_bias` with respect to `qvel` from `qDeriv`, by dense
/// propagation (`mjd_rne_vel_dense`); `d` is data made for `m`, with positions and velocities
/// computed.
pub fn rne_vel_dense(m: &mjModel, d: &mut mjData) {
    let nv = m.nv as usize;
    let nbody = m.nbody as usize;
    let blk = 6 * nv;

    with_frame(d, |d, f| {
        let dcvel = f.nums(d, nbody * blk);
        let dcdofdot = f.nums(d, nv * blk);
        let dcacc = f.nums(d, nbody * blk);
        let dcfrc = f.nums(d, nbody * blk);
        let row = f.nums(d, nv);

        com_vel_vel_dense(m, d, dcvel, dcdofdot);
        dcacc.fill(0.0);

        let DataMut { cdof, cdof_dot, qvel, cinert, cvel, qDeriv: qderiv, .. } = d.arrays_mut(m);
        let (cdof, cdof_dot, qvel, cinert, cvel) = (&*cdof, &*cdof_dot, &*qvel, &*cinert, &*cvel);
        for i in 1..nbody {
            let parent = m.body_parentid()[i] as usize;
            dcacc.copy_within(parent * blk..(parent + 1) * blk, i * blk);

            let start = m.body_dofadr()[i] as usize;
            for j in start..start + m.body_dofnum()[i] as usize {
                for k in 0..6 {
                    dcacc[i * blk + k * nv + j] += cdof_dot[j * 6 + k];
                }
                add_to_scl(&mut dcacc[i * blk..(i + 1) * blk], &dcdofdot[j * blk..(j + 1) * blk], qvel[j]);
            }

            // body force derivative: inertia times acceleration, plus the velocity product terms
            let inert: &[f64; 10] = cinert[10 * i..10 * i + 10].try_into().unwrap();
            let dmul = d_mul_inert_vec_vel(inert);
            mul_mat_mat(&mut dcfrc[i * blk..(i + 1) * blk], &dmul, &dcacc[i * blk..(i + 1) * blk], 6, 6, nv);

            let tmp = mul_inert_vec(inert, v6(cvel, i));
            let mut mat = d_cross_force_vel(&tmp);
            let mat1 = d_cross_force_frc(v6(cvel, i));
            let mut mat2 = [0.0; 36];
            mul_mat_mat(&mut mat2, &mat1, &dmul, 6, 6, 6);
            add_to(&mut mat, &mat2);

            // body 0's block as scratch
            let (world, rest) = dcfrc.split_at_mut(blk);
            mul_mat_mat(world, &mat, &dcvel[i * blk..(i + 1) * blk], 6, 6, nv);
            add_to(&mut rest[(i - 1) * blk..i * blk], world);
        }
        dcfrc[..blk].fill(0.0);

        for i in (1..nbody).rev() {
            let parent = m.body_parentid()[i] as usize;
            if parent != 0 {
                let (lo, hi) = dcfrc.split_at_mut(i * blk);
                add_to(&mut lo[parent * blk..(parent + 1) * blk], &hi[..blk]);
            }
        }

        let (rowadr, rownnz, colind) = (m.D_rowadr(), m.D_rownnz(), m.D_colind());
        for i in 0..nv {
            let body = m.dof_bodyid()[i] as usize;
            for k in 0..6 {
                let src = &dcfrc[(body * 6 + k) * nv..(body * 6 + k + 1) * nv];
                crate::math::blas::scl(row, src, cdof[i * 6 + k]);
                let a = rowadr[i] as usize;
                for adr in a..a + rownnz[i] as usize {
                    qderiv[adr] -= row[colind[adr] as usize];
                }
            }
        }
    })
}
