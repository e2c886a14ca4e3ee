//! [`Model`]: a compiled model, shared between threads.

use core::ptr::NonNull;
use std::ffi::CString;
use std::path::Path;
use std::sync::Arc;

use super::error::{catching, Error, Result};
use super::ids::ObjectKind;
use crate::abi::{mjModel, mjOption, mjVFS};

/// Owner of one `mjModel`; freed with it.
struct Owned(NonNull<mjModel>);

// SAFETY: an mjModel is plain memory (sizes, options and arrays in one buffer) that the engine
// only reads while simulating, so it may be shared and moved between threads (upstream's rule:
// one model, many data, any threads). Writes go through `Model::opt_mut`, which needs the only
// handle.
unsafe impl Send for Owned {}
// SAFETY: as above.
unsafe impl Sync for Owned {}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: the pointer came from the library's allocator and this is its only owner
        if let Some(m) = unsafe { crate::runtime::alloc::CBox::from_raw(self.0.as_ptr()) } {
            crate::model::alloc::delete_model(m);
        }
    }
}

/// A compiled model (`mjModel`): loaded from MJCF/URDF, from an MJB image or from a
/// specification. Cloning is cheap (the model is shared); a [`Data`](crate::Data) keeps
/// the model it was made for.
///
/// ```
/// let model = mujoco_native::Model::from_xml_string(
///     r#"<mujoco><worldbody><body><freejoint/><geom size="0.1"/></body></worldbody></mujoco>"#,
/// )?;
/// assert_eq!((model.nq(), model.nv()), (7, 6));
/// # Ok::<(), mujoco_native::Error>(())
/// ```
#[derive(Clone)]
pub struct Model {
    owned: Arc<Owned>,
}

impl Model {
    fn from_ptr(p: *mut mjModel, what: &str) -> Result<Model> {
        match NonNull::new(p) {
            Some(p) => Ok(Model { owned: Arc::new(Owned(p)) }),
            None => Err(Error::new(format!("{what}: could not make the model"))),
        }
    }

    /// Loads an MJCF or URDF file, as `mj_loadXML` does (included files and assets are read
    /// relative to it).
    pub fn from_xml(path: impl AsRef<Path>) -> Result<Model> {
        let name = path.as_ref().to_string_lossy().into_owned();
        let p = catching(|| crate::xml::load_model(&name, None))?.map_err(Error::new)?;
        Self::from_ptr(p, "mj_loadXML")
    }

    /// Compiles an MJCF or URDF document held in a string.
    pub fn from_xml_string(xml: &str) -> Result<Model> {
        Self::from_xml_assets(xml, &Assets::new())
    }

    /// Compiles an MJCF or URDF document whose files (meshes, textures, included XML) come from
    /// `assets` instead of the disk, as with upstream's virtual file system.
    pub fn from_xml_assets(xml: &str, assets: &Assets) -> Result<Model> {
        let mut all = assets.clone();
        let name = all.unused_name();
        all.add(&name, xml.as_bytes())?;
        let p = catching(|| crate::xml::load_model(&name, Some(all.as_raw())))?.map_err(Error::new)?;
        Self::from_ptr(p, "mj_loadXML")
    }

    /// Loads a model from an MJB image (`mj_loadModelBuffer`).
    pub fn from_mjb(bytes: &[u8]) -> Result<Model> {
        let (p, warnings) = crate::runtime::error::capture_warnings(|| catching(|| crate::io::mjb::load_bytes(bytes)));
        match NonNull::new(p?) {
            Some(p) => Ok(Model { owned: Arc::new(Owned(p)) }),
            None => Err(Error::new(warnings.join("\n"))),
        }
    }

    /// The MJB image of the model (`mj_saveModel` into a buffer).
    pub fn to_mjb(&self) -> Vec<u8> {
        let m = self.raw();
        let n = crate::io::mjb::model_file_size(m);
        let mut buf = vec![0u8; n];
        crate::io::mjb::save_buffer(m, &mut buf);
        buf
    }

    /// Takes ownership of a model made by the C API (`mj_loadXML`, `mj_compile`, ...): it is freed
    /// with `mj_deleteModel`'s logic when the last handle goes.
    ///
    /// # Safety
    /// `m` must be a model made by this library, not used or freed by anything else afterwards.
    pub unsafe fn from_raw(m: *mut mjModel) -> Option<Model> {
        NonNull::new(m).map(|p| Model { owned: Arc::new(Owned(p)) })
    }

    /// The model as upstream's C struct, to pass to C code as `const mjModel*` (valid while
    /// this handle lives).
    pub fn as_ptr(&self) -> *const mjModel {
        self.owned.0.as_ptr()
    }

    /// The C struct, read-only (every field of upstream's `mjModel`; arrays through methods
    /// such as `raw().body_pos()`).
    pub fn raw(&self) -> &mjModel {
        // SAFETY: the pointer is valid while `owned` lives, and only `opt_mut` (with exclusive
        // access) writes through it
        unsafe { self.owned.0.as_ref() }
    }

    /// The physics options, to change before simulating (timestep, integrator, gravity, ...).
    /// When other handles share this model (clones, or [`Data`](crate::Data) made from it), this
    /// handle first gets its own copy, so they keep the options they had.
    pub fn opt_mut(&mut self) -> &mut mjOption {
        if Arc::get_mut(&mut self.owned).is_none() {
            let copy = crate::model::alloc::copy_model(self.raw()).map_or(core::ptr::null_mut(), |m| m.into_raw());
            self.owned = Arc::new(Owned(NonNull::new(copy).expect("mj_copyModel: out of memory")));
        }
        let owned = Arc::get_mut(&mut self.owned).expect("unique after the copy");
        // SAFETY: the only handle of this model, borrowed mutably
        unsafe { &mut (*owned.0.as_ptr()).opt }
    }

    /// Number of position coordinates.
    pub fn nq(&self) -> usize {
        self.raw().nq as usize
    }
    /// Number of degrees of freedom.
    pub fn nv(&self) -> usize {
        self.raw().nv as usize
    }
    /// Number of actuators (controls).
    pub fn nu(&self) -> usize {
        self.raw().nu as usize
    }
    /// Number of actuator activations.
    pub fn na(&self) -> usize {
        self.raw().na as usize
    }
    /// Number of bodies, the world body included.
    pub fn nbody(&self) -> usize {
        self.raw().nbody as usize
    }
    /// Length of the sensor data.
    pub fn nsensordata(&self) -> usize {
        self.raw().nsensordata as usize
    }
    /// Simulation timestep in seconds.
    pub fn timestep(&self) -> f64 {
        self.raw().opt.timestep
    }

    /// Id of the named object of kind `kind`, as `mj_name2id`.
    pub(crate) fn id_of(&self, kind: ObjectKind, name: &str) -> Option<usize> {
        let name = CString::new(name).ok()?;
        let id = crate::model::names::name2id(self.raw(), kind as i32, &name);
        (id >= 0).then_some(id as usize)
    }

    /// Name of object `id` of kind `kind` (empty when it has none), as `mj_id2name`.
    pub(crate) fn name_of(&self, kind: ObjectKind, id: usize) -> &str {
        crate::model::names::name_of(self.raw(), kind as i32, id as i32).and_then(|n| n.to_str().ok()).unwrap_or("")
    }
}

impl core::fmt::Debug for Model {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Model").field("nq", &self.nq()).field("nv", &self.nv()).field("nu", &self.nu()).finish()
    }
}

/// Files a model refers to (meshes, textures, included MJCF), held in memory: upstream's
/// virtual file system (`mjVFS`).
pub struct Assets {
    vfs: Box<mjVFS>,
    names: Vec<(String, Vec<u8>)>,
}

impl Assets {
    /// No files.
    pub fn new() -> Self {
        let mut vfs: Box<mjVFS> = Box::new(mjVFS { impl_: core::ptr::null_mut() });
        crate::io::vfs::vfs_init(&mut vfs);
        Assets { vfs, names: Vec::new() }
    }

    /// Adds a file under `name` (the name the model uses for it). Fails when the name is taken.
    pub fn add(&mut self, name: &str, bytes: &[u8]) -> Result<&mut Self> {
        let cname = CString::new(name).map_err(|_| Error::new(format!("asset name '{name}' contains NUL")))?;
        let vfs = crate::io::vfs::vfs_impl_mut(&mut self.vfs).expect("initialised VFS");
        match vfs.add_buffer(&cname, bytes) {
            0 => {
                self.names.push((name.to_string(), bytes.to_vec()));
                Ok(self)
            }
            2 => Err(Error::new(format!("asset '{name}' is already present"))),
            _ => Err(Error::new(format!("asset '{name}' could not be stored"))),
        }
    }

    /// A file name not used by any asset, for the main document.
    fn unused_name(&self) -> String {
        let mut i = 0;
        loop {
            let n = if i == 0 { "model.xml".to_string() } else { format!("model{i}.xml") };
            if !self.names.iter().any(|(x, _)| x.eq_ignore_ascii_case(&n)) {
                return n;
            }
            i += 1;
        }
    }

    pub(crate) fn as_raw(&self) -> &mjVFS {
        &self.vfs
    }
}

impl Default for Assets {
    fn default() -> Self {
        Self::new()
    }
}

impl Clone for Assets {
    fn clone(&self) -> Self {
        let mut a = Assets::new();
        for (n, b) in &self.names {
            a.add(n, b).expect("names were unique in the original");
        }
        a
    }
}

impl Drop for Assets {
    fn drop(&mut self) {
        crate::io::vfs::vfs_free(&mut self.vfs)
    }
}

// SAFETY: the VFS implementation is a plain map owned by this value
unsafe impl Send for Assets {}
