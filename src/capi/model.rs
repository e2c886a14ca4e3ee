//! mjModel lifecycle and MJB files.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::ptr;

use super::guard;
use crate::abi::*;
use crate::io::mjb;
use crate::model::alloc;
use crate::runtime::alloc::CBox;
use crate::{mjerror, mjwarning};

/// Copy mjModel; allocate a new one when dest is NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_copyModel(dest: *mut mjModel, src: *const mjModel) -> *mut mjModel {
    crate::boundary! {
        if src.is_null() {
            mjerror!("mj_copyModel", "NULL src model");
            return ptr::null_mut();
        }
        guard("mj_copyModel", ptr::null_mut(), || {
            if ptr::eq(dest, src) {
                // a model copied onto itself stays as it is
                return dest;
            }
            // SAFETY: the C contract: `dest` null or a model from this library that the caller
            // hands over for the call (freed on failure, as upstream), distinct from `src`
            let copy = match unsafe { CBox::from_raw(dest) } {
                None => alloc::copy_model(&*src),
                Some(d) => alloc::copy_model_replace(d, &*src),
            };
            copy.map_or(ptr::null_mut(), CBox::into_raw)
        })
    }
}

/// Save model to an MJB file, or to buffer when buffer is not NULL (buffer_sz bytes).
#[no_mangle]
pub unsafe extern "C" fn mj_saveModel(
    m: *const mjModel,
    filename: *const c_char,
    buffer: *mut c_void,
    buffer_sz: c_int,
) {
    crate::boundary! {
        if m.is_null() {
            mjerror!("mj_saveModel", "NULL model");
            return;
        }
        guard("mj_saveModel", (), || {
            if !buffer.is_null() {
                // SAFETY: the caller passes a buffer of buffer_sz writable bytes (mj_saveModel contract)
                let buf = unsafe { core::slice::from_raw_parts_mut(buffer as *mut u8, buffer_sz.max(0) as usize) };
                mjb::save_buffer(&*m, buf);
            } else if filename.is_null() {
                mjwarning!("Could not open file '(null)'");
            } else {
                // SAFETY: a non-null filename is NUL-terminated (mj_saveModel contract)
                mjb::save_file(&*m, unsafe { CStr::from_ptr(filename) });
            }
        })
    }
}

/// Load a model from an MJB file, looked up in vfs first when vfs is not NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_loadModel(filename: *const c_char, vfs: *const mjVFS) -> *mut mjModel {
    crate::boundary! {
        if filename.is_null() {
            mjwarning!("mj_loadModel: NULL filename");
            return ptr::null_mut();
        }
        // SAFETY: filename is non-null and NUL-terminated, vfs null or an mjVFS from
        // mj_defaultVFS (mj_loadModel contract)
        let (filename, vfs) = unsafe { (CStr::from_ptr(filename), vfs.as_ref()) };
        guard("mj_loadModel", ptr::null_mut(), || mjb::load_file(Some(filename), vfs.and_then(crate::io::vfs::vfs_impl)))
    }
}

/// Free memory allocation in model.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteModel(m: *mut mjModel) {
    crate::boundary! {
        guard("mj_deleteModel", (), || {
            // SAFETY: the C contract: m is null or a model from this library, not used afterwards
            if let Some(m) = unsafe { CBox::from_raw(m) } {
                alloc::delete_model(m);
            }
        })
    }
}

/// Return the number of bytes an MJB of the model takes.
#[no_mangle]
pub unsafe extern "C" fn mj_sizeModel(m: *const mjModel) -> mjtSize {
    crate::boundary! {
        if m.is_null() {
            mjerror!("mj_sizeModel", "NULL model");
            return 0;
        }
        guard("mj_sizeModel", 0, || mjb::model_file_size(&*m) as mjtSize)
    }
}

/// Copy mjModel, skipping the arrays a scene does not need; dest must be allocated.
#[no_mangle]
pub unsafe extern "C" fn mjv_copyModel(dest: *mut mjModel, src: *const mjModel) {
    crate::boundary! {
        if dest.is_null() || src.is_null() {
            mjerror!("mjv_copyModel", "NULL model");
            return;
        }
        guard("mjv_copyModel", (), || {
            if !ptr::eq(dest, src) {
                alloc::copy_model_visual(&mut *dest, &*src);
            }
        })
    }
}

//------------------------------ sparsity patterns of the tree (engine_io) ------------------------
// (parameter names as upstream declares them)

/// `n` ints at `p` (empty for null or nonpositive `n`).
unsafe fn ints<'a>(p: *const c_int, n: c_int) -> &'a [c_int] {
    // SAFETY: `p` points to `n` valid ints when n > 0 (the calling export's C contract)
    unsafe {
        if p.is_null() || n <= 0 {
            &[]
        } else {
            core::slice::from_raw_parts(p, n as usize)
        }
    }
}

/// Writable `n` ints at `p` (empty for null or nonpositive `n`).
unsafe fn ints_mut<'a>(p: *mut c_int, n: c_int) -> &'a mut [c_int] {
    // SAFETY: `p` points to `n` writable ints when n > 0 (the calling export's C contract)
    unsafe {
        if p.is_null() || n <= 0 {
            &mut []
        } else {
            core::slice::from_raw_parts_mut(p, n as usize)
        }
    }
}

/// Sparse pattern of a dof-dof matrix: ancestors of each dof below the diagonal, mirrored above
/// it with `upper`, off-diagonals of simple dofs dropped with `reduced`; optional diagonal
/// positions.
/// cbindgen:ignore
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_makeDofDofSparse(
    nv: c_int,
    nC: c_int,
    nD: c_int,
    nM: c_int,
    dof_parentid: *const c_int,
    dof_simplenum: *const c_int,
    rownnz: *mut c_int,
    rowadr: *mut c_int,
    diag: *mut c_int,
    colind: *mut c_int,
    reduced: c_int,
    upper: c_int,
    remaining: *mut c_int,
) {
    crate::boundary! {
        if nv <= 0 {
            return;
        }
        if dof_parentid.is_null() || (reduced != 0 && dof_simplenum.is_null()) || rownnz.is_null() || rowadr.is_null()
            || colind.is_null() || remaining.is_null()
        {
            return;
        }
        let nnz = if upper != 0 { nD } else if reduced != 0 { nC } else { nM };
        let sz = crate::model::sparsity::DofDofSizes { nv: nv as usize, nc: nC.max(0) as usize, nd: nD.max(0) as usize, nm: nM.max(0) as usize };
        let simplenum = if reduced != 0 { ints(dof_simplenum, nv) } else { &[] };
        let diag = if diag.is_null() { None } else { Some(ints_mut(diag, nv)) };
        crate::capi::guard("mj_makeDofDofSparse", (), || {
            crate::model::sparsity::make_dof_dof_sparse(
                sz,
                ints(dof_parentid, nv),
                simplenum,
                ints_mut(rownnz, nv),
                ints_mut(rowadr, nv),
                diag,
                ints_mut(colind, nnz),
                reduced != 0,
                upper != 0,
                ints_mut(remaining, nv),
            )
        })
    }
}

/// Sparse pattern of the body-dof matrix: each body's row holds the dofs of its subtree and its
/// ancestors, sorted.
/// cbindgen:ignore
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_makeBSparse(
    nv: c_int,
    nbody: c_int,
    nB: c_int,
    body_dofnum: *const c_int,
    body_parentid: *const c_int,
    body_dofadr: *const c_int,
    B_rownnz: *mut c_int,
    B_rowadr: *mut c_int,
    B_colind: *mut c_int,
    count: *mut c_int,
) {
    crate::boundary! {
        if nbody <= 0
            || [body_dofnum, body_parentid, body_dofadr].iter().any(|p| p.is_null())
            || [B_rownnz, B_rowadr, count].iter().any(|p| p.is_null())
            || (nB > 0 && B_colind.is_null())
        {
            return;
        }
        crate::capi::guard("mj_makeBSparse", (), || {
            crate::model::sparsity::make_b_sparse(
                nv.max(0) as usize,
                nbody as usize,
                nB.max(0) as usize,
                ints(body_dofnum, nbody),
                ints(body_parentid, nbody),
                ints(body_dofadr, nbody),
                ints_mut(B_rownnz, nbody),
                ints_mut(B_rowadr, nbody),
                ints_mut(B_colind, nB),
                ints_mut(count, nbody),
            )
        })
    }
}

/// Index maps between M's layouts: mapM2D (M to the symmetric D pattern), mapD2M (D to M),
/// mapM2M (legacy address of each CSR element of M); `M` receives 0..nM, `scratch` holds nv.
/// cbindgen:ignore
#[no_mangle]
#[allow(non_snake_case)]
pub unsafe extern "C" fn mj_makeDofDofMaps(
    nv: c_int,
    nM: c_int,
    nC: c_int,
    nD: c_int,
    dof_Madr: *const c_int,
    dof_simplenum: *const c_int,
    dof_parentid: *const c_int,
    D_rownnz: *const c_int,
    D_rowadr: *const c_int,
    D_colind: *const c_int,
    M_rownnz: *const c_int,
    M_rowadr: *const c_int,
    M_colind: *const c_int,
    mapM2D: *mut c_int,
    mapD2M: *mut c_int,
    mapM2M: *mut c_int,
    M: *mut c_int,
    scratch: *mut c_int,
) {
    crate::boundary! {
        let inputs = [dof_Madr, dof_simplenum, dof_parentid, D_rownnz, D_rowadr, D_colind, M_rownnz, M_rowadr, M_colind];
        if nv < 0 || inputs.iter().any(|p| p.is_null() && nv > 0) || [mapM2D, mapD2M, mapM2M, M, scratch].iter().any(|p| p.is_null()) {
            return;
        }
        let sz = crate::model::sparsity::DofDofSizes { nv: nv as usize, nc: nC.max(0) as usize, nd: nD.max(0) as usize, nm: nM.max(0) as usize };
        crate::capi::guard("mj_makeDofDofMaps", (), || {
            crate::model::sparsity::make_dof_dof_maps(
                sz,
                ints(dof_Madr, nv),
                ints(dof_simplenum, nv),
                ints(dof_parentid, nv),
                (ints(D_rownnz, nv), ints(D_rowadr, nv), ints(D_colind, nD)),
                (ints(M_rownnz, nv), ints(M_rowadr, nv), ints(M_colind, nC)),
                ints_mut(mapM2D, nD),
                ints_mut(mapD2M, nC),
                ints_mut(mapM2M, nC),
                ints_mut(M, nM),
                ints_mut(scratch, nv),
            )
        })
    }
}
