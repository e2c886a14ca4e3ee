//! mjModel lifecycle and model-wide lookups: allocation from sizes, copying, defaults, names.

pub mod defaults;
pub mod names;
pub mod validate;
pub mod alloc;
pub mod sparsity;

use crate::abi::{mjModel, mjtJacobian_};

/// True when the model's sparse Jacobian flag holds (`mj_isSparse`).
#[inline]
pub fn is_sparse(m: &mjModel) -> bool {
    m.opt.jacobian == mjtJacobian_::mjJAC_SPARSE as i32
        || (m.opt.jacobian == mjtJacobian_::mjJAC_AUTO as i32 && m.nv >= 60)
}
