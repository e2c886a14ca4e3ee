//! MJCF and URDF readers: XML text to a model specification (`crate::spec::Spec`).
//!
//! `markup` parses XML as upstream's parser (TinyXML2) does, `tree` turns text into an owned
//! element tree and splices `<include>` files in, `schema` checks element nesting and attribute
//! names, `reader` fills the spec.

pub mod deps;
mod composite;
mod composite_tables;
mod flexcomp;
pub mod attr;
pub mod markup;
pub mod reader;
pub mod schema;
mod schema_table;
pub mod sections;
pub mod tree;
pub mod urdf;
pub mod write;

use crate::spec::Spec;

/// Runs one level of a recursive walk over an element tree with enough stack: when less
/// than the red zone is left, `f` runs on a fresh segment allocated on the heap, so nesting
/// depth never overflows the caller's thread stack, however small.
pub(crate) fn deep<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(128 * 1024, 2 * 1024 * 1024, f)
}

/// Upstream's bound on body nesting (the world body at depth 0): its model signature, taken
/// whenever a body is added, refuses deeper trees.
pub const MAX_BODY_DEPTH: usize = 1024;

/// Upstream's error for a body tree nested `MAX_BODY_DEPTH` deep (upstream throws it outside
/// its parser's error handling; here it is a load error).
fn check_body_depth(spec: &Spec) -> Result<(), String> {
    let n = spec.bodies.len();
    let mut depth = vec![usize::MAX; n];
    if n > 0 {
        depth[0] = 0;
    }
    let mut chain = Vec::new();
    for i in 1..n {
        // walk up to a body of known depth (parents normally come first)
        let mut j = i;
        while depth[j] == usize::MAX && chain.len() <= n {
            chain.push(j);
            j = spec.bodies[j].parent.min(n - 1);
        }
        let mut d = if depth[j] == usize::MAX { 0 } else { depth[j] };
        while let Some(k) = chain.pop() {
            d += 1;
            depth[k] = d;
            if d >= MAX_BODY_DEPTH {
                let b = &spec.bodies[k];
                let at = if b.info.text.is_empty() { String::new() } else { format!(", {}", b.info.text) };
                return Err(format!(
                    "Error: depth limit exceeded in signature computation\nElement name '{}', id {}{}",
                    b.name, k, at
                ));
            }
        }
    }
    Ok(())
}

/// The schema's message for an element it does not know. The section readers give it too for
/// an element they do not handle, which the schema check has already refused.
pub(crate) const UNRECOGNIZED: &str = "Schema violation: unrecognized element";

/// An XML error as upstream formats it: message, then the element and its line.
#[derive(Debug, Clone)]
pub struct XmlError {
    pub message: String,
}

impl XmlError {
    /// Error tied to an element.
    pub fn at(e: &tree::Element, msg: &str) -> Self {
        XmlError { message: format!("XML Error: {}\nElement '{}', line {}\n", msg, e.name, e.line) }
    }

    /// Error without an element.
    pub fn plain(msg: &str) -> Self {
        XmlError { message: format!("XML Error: {}", msg) }
    }
}

/// Where the loader reads files: the VFS when one is given, then registered resource
/// providers, then the file system (see `res`).
pub struct Files<'a> {
    pub vfs: Option<&'a crate::abi::mjVFS>,
}

impl<'a> Files<'a> {
    /// The VFS as the resource layer takes it (None also for an uninitialised mjVFS).
    pub fn vfs_ref(&self) -> Option<&'a crate::io::vfs::Vfs> {
        self.vfs.and_then(crate::io::vfs::vfs_impl)
    }
}

/// A model file read by [`parse_file`]: its spec, the element tree with includes spliced in,
/// and whether the main file came from the file system (and then its folder).
pub struct Parsed {
    pub spec: Spec,
    pub root: tree::Element,
    pub disk_dir: Option<String>,
}

/// What the reader needs for file attributes: the file source, the model's folder, the
/// compiler's asset folders seen by the include pass, and the nesting depth of `<model>` files.
pub struct ReadCx<'a> {
    pub files: &'a Files<'a>,
    pub modeldir: String,
    pub dirs: tree::AssetDirs,
    pub depth: usize,
}

impl ReadCx<'_> {
    /// Folder texture files are first looked up in (model folder + texture or asset folder).
    fn texture_dir(&self) -> String {
        let d = if self.dirs.texture.is_empty() { &self.dirs.asset } else { &self.dirs.texture };
        crate::io::files::join(&self.modeldir, d)
    }

    /// The value to store for the file attribute `value` of a mesh `e` (looked up first under
    /// the model folder + mesh folder, or the asset folder when no mesh folder is set).
    pub fn mesh_file(&self, e: &tree::Element, value: &str) -> String {
        let d = if self.dirs.mesh.is_empty() { &self.dirs.asset } else { &self.dirs.mesh };
        tree::resolve_file(e, value, &crate::io::files::join(&self.modeldir, d), self.files.vfs_ref())
    }

    /// The value to store for the file attribute `value` of a height field `e` (looked up
    /// first under the model folder + asset folder).
    pub fn asset_file(&self, e: &tree::Element, value: &str) -> String {
        tree::resolve_file(e, value, &crate::io::files::join(&self.modeldir, &self.dirs.asset), self.files.vfs_ref())
    }

    /// The value to store for texture file attribute `value` of `e` (upstream's resolution).
    pub fn texture_file(&self, e: &tree::Element, value: &str) -> String {
        tree::resolve_file(e, value, &self.texture_dir(), self.files.vfs_ref())
    }

    /// Parses the model file named by `<model>` element `e`.
    pub fn load_model(&self, e: &tree::Element) -> Result<Spec, XmlError> {
        let fail = |m: &str| XmlError::at(e, &format!("could not parse model file with error: {}", m));
        let Some(value) = e.attr("file") else {
            return Err(XmlError::at(e, "required attribute missing: 'file'"));
        };
        let vfs = self.files.vfs_ref();
        let filename = crate::io::files::join(&self.modeldir, &tree::resolve_file(e, value, "", vfs));
        if self.depth > 20 {
            return Err(fail("models are nested too deeply"));
        }
        let content_type = e.attr("content_type").unwrap_or("");
        let ext = filename.rfind('.').map_or("", |i| &filename[i..]);
        if ext != ".xml" && content_type != "text/xml" {
            return decode_model(&filename, content_type, vfs).map_err(|m| fail(&m));
        }
        parse_file(&filename, self.files, self.depth + 1).map(|p| p.spec).map_err(|m| fail(&m))
    }
}

/// A model file that is not MJCF, read by the decoder registered for `content_type` (or the
/// file's extension): the spec it returns. Without a decoder this is upstream's error; a file
/// that cannot be opened reaches the decoder as a resource holding only its name.
fn decode_model(filename: &str, content_type: &str, vfs: Option<&crate::io::vfs::Vfs>) -> Result<Spec, String> {
    let opened = crate::io::files::Res::open("", filename, vfs);
    let name = crate::io::files::c_string(filename);
    let ct = crate::io::files::c_string(content_type);
    // SAFETY: mjResource is plain C data, for which all zero bytes are a valid value
    let mut bare: crate::abi::mjResource = unsafe { core::mem::zeroed() };
    bare.name = name.as_ptr() as *mut _;
    let rp = opened.as_ref().map_or(&mut bare as *mut _, |r| r.as_ptr());
    // SAFETY: `rp` is an open resource or `bare`, whose name outlives the call
    let d = unsafe { crate::runtime::plugin::find_decoder(rp, ct.as_ptr()) };
    // SAFETY: a registered decoder (or null)
    let Some(decode) = (unsafe { d.as_ref() }).and_then(|d| d.decode) else {
        // the handler may not return: nothing of ours is left open
        drop((opened, name, ct));
        crate::runtime::error::raise(format_args!("Could not find decoder for resource '{}'", filename));
        return Err(format!("Could not find decoder for resource '{}'", filename));
    };
    // SAFETY: the decoder's callback, given a resource valid for the call
    let made = unsafe { decode(rp) };
    if made.is_null() {
        // upstream reports what opening the file left in its error buffer
        return Err(opened.err().unwrap_or_default());
    }
    // SAFETY: a decoder makes its spec with this library's mj_makeSpec (or a parser), which
    // hands out the C struct of a boxed spec; the parent takes it over
    Ok(*unsafe { Spec::take_c(made) })
}

/// Opens `filename` through the resources (`vfs` first) and parses it into a spec, with
/// upstream's messages (`ParseXML: ...`) for files that cannot be opened or read.
pub fn parse_file(filename: &str, files: &Files, depth: usize) -> Result<Parsed, String> {
    let r = crate::io::files::Res::open("", filename, files.vfs_ref()).map_err(|m| format!("ParseXML: {}", m))?;
    let root = match r.read() {
        None => return Err(format!("ParseXML: error reading file '{}'", filename)),
        Some([]) => return Err(format!("ParseXML: empty file '{}'", filename)),
        Some(bytes) => tree::parse_text(&String::from_utf8_lossy(bytes))?,
    };
    let dir = r.dir();
    let on_disk = r.on_disk();
    drop(r);
    let (spec, root) = parse_root(root, &dir, filename, files, depth)?;
    Ok(Parsed { spec, root, disk_dir: on_disk.then_some(dir) })
}

/// Parses MJCF text (read from file `path`, whose folder locates included files) into a spec.
/// Empty text is refused as upstream refuses its string resource with nothing in it.
pub fn parse_mjcf(text: &str, path: &str, src: &Files) -> Result<Spec, String> {
    if text.is_empty() {
        return Err("ParseXML: empty file 'LoadModelFromString:'".to_string());
    }
    parse_mjcf_tree(text, path, src).map(|(s, _)| s)
}

/// Like `parse_mjcf`, also returning the element tree with includes spliced in.
pub fn parse_mjcf_tree(text: &str, path: &str, src: &Files) -> Result<(Spec, tree::Element), String> {
    let root = tree::parse_text(text)?;
    let dir = &path[..path.rfind(['/', '\\']).map_or(0, |i| i + 1)];
    parse_root(root, dir, path, src, 0)
}

/// The part of upstream's ParseXML after the main file is read: includes, schema, reading.
fn parse_root(
    mut root: tree::Element,
    dir: &str,
    filename: &str,
    src: &Files,
    depth: usize,
) -> Result<(Spec, tree::Element), String> {
    if root.name.eq_ignore_ascii_case("robot") {
        // upstream's defaults for URDF, which its <mujoco><compiler> may change
        let mut spec = Spec { modelfiledir: dir.to_string().into(), ..Spec::default() };
        spec.strippath = 1;
        spec.compiler.fusestatic = 1;
        spec.compiler.discardvisual = 1;
        urdf::read(&root, &mut spec).map_err(|e| e.message)?;
        check_body_depth(&spec)?;
        if depth > 0 {
            sections::load_meshdir_files(&mut spec, src);
        }
        return Ok((spec, root));
    }
    if root.name != "mujoco" {
        return Err(XmlError::plain(&format!("Unrecognized XML model type: '{}'", root.name)).message);
    }
    let modeldir = crate::io::files::reduce(dir);
    let mut icx = tree::IncludeCx {
        vfs: src.vfs_ref(),
        modeldir: modeldir.clone(),
        included: std::iter::once(filename.to_string()).collect(),
        dirs: tree::AssetDirs::default(),
    };
    tree::expand_includes(&mut root, "", &mut icx).map_err(|e| e.message)?;
    schema::check(&root).map_err(|e| e.message)?;
    let mut spec = Spec { modelfiledir: dir.to_string().into(), ..Spec::default() };
    let cx = ReadCx { files: src, modeldir, dirs: icx.dirs, depth };
    reader::read(&root, &mut spec, &cx).map_err(|e| e.message)?;
    check_body_depth(&spec)?;
    if depth > 0 {
        // textures and height fields of nested models are read now (the compiler reads the
        // main model's)
        sections::load_texture_files(&mut spec, src);
        sections::load_meshdir_files(&mut spec, src);
    }
    Ok((spec, root))
}

/// Reads, checks and compiles an MJCF file into a model; on failure returns NULL with the
/// reason in `error`. Every file is opened as a resource: the VFS, then registered resource
/// providers, then the file system.
pub fn load_model(filename: &str, vfs: Option<&crate::abi::mjVFS>) -> Result<*mut crate::abi::mjModel, String> {
    let files = Files { vfs };
    let mut spec = parse_file(filename, &files, 0)?.spec;
    spec.assign_ids();
    let (m, tree) =
        crate::compiler::image::with_vfs(files.vfs_ref(), || crate::compiler::compile_kept(&spec)).map_err(|e| e.0)?;
    if !m.is_null() {
        // SAFETY: the compiler returned a valid model.
        spec.compiled = crate::spec::compiled::Snapshot::new(&spec, unsafe { &*m }, tree);
        // SAFETY: as above
        spec.resolve_pending_keys(unsafe { &*m });
        write::last::remember(spec);
    }
    Ok(m)
}
