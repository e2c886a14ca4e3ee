//! Text dumps of mjModel and mjData (`mj_printModel`, `mj_printData`, their formatted variants
//! and `mj_printSparsity`), laid out byte for byte as upstream writes them.
//!
//! Floats go through libc's `fprintf` with the caller's single-float format, so the digits are
//! the C library's; everything else is written from Rust. The per-object sections of the model
//! and the size lists are driven by the field tables of `abi`.

use core::ffi::{c_char, c_int, c_void, CStr};
use core::fmt::{self, Write};

use libc::FILE;

use crate::abi::mjtObj_::mjOBJ_GEOM;
use crate::abi::{mjData, mjModel, mjNISLAND, mjNSOLVER, mjtNum, MJMODEL_ARRAYS, MJMODEL_NARRAY, MJMODEL_SIZES};
use crate::{mjerror, mjwarning};

/// Float format used when the caller gives none or an invalid one.
pub const DEFAULT_FORMAT: &CStr = c"% -9.2g";

/// Longest accepted float format, in bytes.
const FORMAT_MAX_LEN: usize = 20;

extern "C" {
    static mut stdout: *mut FILE;
}

/// A C stream with the float format of the dump.
pub(crate) struct Out {
    pub(crate) fp: *mut FILE,
    pub(crate) ff: *const c_char,
}

impl Write for Out {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// `write!` into an [`Out`], which cannot fail.
macro_rules! w {
    ($o:expr, $($arg:tt)*) => {{ let _ = write!($o, $($arg)*); }};
}

impl Out {
    pub(crate) fn bytes(&mut self, b: &[u8]) {
        if !b.is_empty() {
            // SAFETY: fp is an open stream
            unsafe { libc::fwrite(b.as_ptr().cast(), 1, b.len(), self.fp) };
        }
    }

    /// One number in the dump's float format.
    pub(crate) fn num(&mut self, v: f64) {
        // SAFETY: the format was validated to take exactly one double
        unsafe { libc::fprintf(self.fp, self.ff, v) };
    }

    /// One number in a fixed C format.
    fn cnum(&mut self, fmt: &CStr, v: f64) {
        // SAFETY: the fixed formats take exactly one double
        unsafe { libc::fprintf(self.fp, fmt.as_ptr(), v) };
    }

    /// The C string starting at `adr` of a model text buffer (up to its NUL, or the end of
    /// the buffer; nothing when `adr` is outside it).
    fn cstr_at(&mut self, buf: &[c_char], adr: usize) {
        let s = buf.get(adr..).unwrap_or(&[]);
        let n = s.iter().position(|&c| c == 0).unwrap_or(s.len());
        let b: Vec<u8> = s[..n].iter().map(|&c| c as u8).collect();
        self.bytes(&b);
    }

    /// A label left-justified in 21 columns.
    pub(crate) fn label(&mut self, s: &str) {
        w!(self, "{s:<21}");
    }

    /// Width of the float format applied to 0.
    fn width(&self) -> usize {
        let mut buf = [0 as c_char; 100];
        // SAFETY: bounded write into buf; the format takes one double
        let n = unsafe { libc::snprintf(buf.as_mut_ptr(), buf.len(), self.ff, 0.0f64) };
        n.max(0) as usize
    }

    /// Byte count as upstream's memory summary writes it.
    fn memory(&mut self, nbytes: usize) {
        if nbytes < 1024 {
            w!(self, "{nbytes:5} bytes");
        } else {
            self.cnum(c"%7.0f KB", nbytes as f64 / 1024.0);
        }
    }

    /// Titled rows x cols table of numbers; nothing for absent data or an empty shape.
    fn array2d(&mut self, title: &str, nr: c_int, nc: c_int, data: &[f64]) {
        let (nr, nc) = (nr.max(0) as usize, nc.max(0) as usize);
        if nr == 0 || nc == 0 {
            return;
        }
        let Some(data) = data.get(..nr * nc) else { return };
        w!(self, "{title}\n");
        for row in data.chunks_exact(nc) {
            self.bytes(b" ");
            for &v in row {
                self.bytes(b" ");
                self.num(v);
            }
            self.bytes(b"\n");
        }
        self.bytes(b"\n");
    }

    /// Titled rows x cols table of integers.
    fn array2d_int(&mut self, title: &str, nr: c_int, nc: c_int, data: &[c_int]) {
        let (nr, nc) = (nr.max(0) as usize, nc.max(0) as usize);
        if nr == 0 || nc == 0 {
            return;
        }
        let Some(data) = data.get(..nr * nc) else { return };
        w!(self, "{title}\n");
        for row in data.chunks_exact(nc) {
            self.bytes(b" ");
            for &v in row {
                w!(self, " {v}");
            }
            self.bytes(b"\n");
        }
        self.bytes(b"\n");
    }

    /// Prefix then the numbers of `data`, each after a space.
    fn vector(&mut self, prefix: &str, data: &[f64]) {
        if data.is_empty() {
            return;
        }
        self.bytes(prefix.as_bytes());
        for &v in data {
            self.bytes(b" ");
            self.num(v);
        }
        self.bytes(b"\n");
    }

    /// Label then the integers of `data`, each after a space, and a blank line.
    fn int_line(&mut self, label: &str, data: &[c_int]) {
        self.label(label);
        for &v in data {
            w!(self, " {v}");
        }
        self.bytes(b"\n\n");
    }

    /// Compressed-row matrix, one line of `col: value` pairs per row (at most 300 rows).
    fn sparse(&mut self, title: &str, mat: &[f64], nr: c_int, rownnz: &[c_int], rowadr: &[c_int], colind: &[c_int]) {
        if mat.is_empty() || nr <= 0 || nr > 300 {
            return;
        }
        let nr = nr as usize;
        if rownnz.len() < nr || rowadr.len() < nr {
            return;
        }
        w!(self, "{title}\n");
        for r in 0..nr {
            self.bytes(b"  ");
            let adr = rowadr[r].max(0) as usize;
            for k in adr..adr + rownnz[r].max(0) as usize {
                w!(self, "  {:2}: ", colind.get(k).copied().unwrap_or(0));
                self.num(mat.get(k).copied().unwrap_or(0.0));
            }
            self.bytes(b"\n");
        }
        self.bytes(b"\n");
    }

    /// Nonzero pattern of a compressed-row matrix ('D' on the marked diagonal, supernode sizes
    /// at the right); at most 300 columns.
    #[allow(clippy::too_many_arguments)]
    fn sparsity(
        &mut self,
        title: &[u8],
        nr: c_int,
        nc: c_int,
        rowadr: &[c_int],
        diag: Option<&[c_int]>,
        rownnz: &[c_int],
        rowsuper: Option<&[c_int]>,
        colind: &[c_int],
    ) {
        if nr == 0 || nc == 0 || nc > 300 {
            return;
        }
        let nr = nr.max(0) as usize;
        if rowadr.len() < nr || rownnz.len() < nr {
            return;
        }
        self.bytes(title);
        self.bytes(b"\n");
        self.dashes(nc);
        self.bytes(b"\n ");
        for r in 0..nr {
            let adr = rowadr[r].max(0) as usize;
            let mut nnz = 0;
            for c in 0..nc {
                let hit = nnz < rownnz[r] && colind.get(adr + nnz as usize) == Some(&c);
                if hit {
                    let on_diag = diag.is_some_and(|dg| dg.get(r) == Some(&nnz));
                    self.bytes(if on_diag { b"D" } else { b"x" });
                    nnz += 1;
                } else {
                    self.bytes(b" ");
                }
            }
            self.bytes(b" |");
            if let Some(&s) = rowsuper.and_then(|rs| rs.get(r)) {
                if s > 0 {
                    w!(self, " {s}");
                }
            }
            self.bytes(b"\n");
            if r + 1 < nr {
                self.bytes(b" ");
            }
        }
        self.dashes(nc);
        self.bytes(b"\n\n");
    }

    fn dashes(&mut self, nc: c_int) {
        for _ in 0..nc + 2 {
            self.bytes(b"-");
        }
    }
}

/// Island-blocked sparse matrix: the nonzeros of each row show its island id (digit below 10,
/// 'x' above) in the row's block of columns.
struct BlockSparsity<'a> {
    nisland: c_int,
    block_ncols: &'a [c_int],
    col_offset: &'a [c_int],
    entity_island: &'a [c_int],
    row_entity: &'a [c_int],
    rownnz: &'a [c_int],
    rowadr: &'a [c_int],
    colind: &'a [c_int],
    rowsuper: Option<&'a [c_int]>,
}

impl BlockSparsity<'_> {
    fn print(&self, o: &mut Out, title: &str, nr: c_int, nc: c_int) {
        if nr == 0 || nc == 0 || nc > 300 {
            return;
        }
        let at = |s: &[c_int], i: c_int| s.get(i.max(0) as usize).copied().unwrap_or(0);
        w!(o, "{title}\n");
        o.dashes(nc);
        o.bytes(b"\n");
        for r in 0..nr.max(0) {
            o.bytes(b" ");
            let entity = at(self.row_entity, r);
            let island = if entity >= 0 { at(self.entity_island, entity) } else { -1 };
            if island < 0 || island >= self.nisland {
                for _ in 0..nc {
                    o.bytes(b" ");
                }
                w!(o, " | Error: invalid island {island} for row {r} (entity {entity})\n");
                continue;
            }
            let start = at(self.col_offset, island);
            let bnc = at(self.block_ncols, island);
            let (nnz, adr) = (at(self.rownnz, r), at(self.rowadr, r));
            let mark = if island < 10 { b'0' + island as u8 } else { b'x' };
            let mut k = 0;
            for c in 0..nc {
                let mut hit = false;
                if c >= start && c < start + bnc {
                    let local = c - start;
                    while k < nnz && at(self.colind, adr + k) < local {
                        k += 1;
                    }
                    hit = k < nnz && at(self.colind, adr + k) == local;
                }
                o.bytes(&[if hit { mark } else { b' ' }]);
            }
            o.bytes(b" |");
            if let Some(s) = self.rowsuper.map(|rs| at(rs, r)) {
                if s > 0 {
                    w!(o, " {s}");
                }
            }
            o.bytes(b"\n");
        }
        o.dashes(nc);
        o.bytes(b"\n\n");
    }
}

/// Checks that `ff` is a printf format for exactly one floating-point value
/// (`%[flags][width][.precision][L](f|g|G|e|E)`), warning about what is wrong otherwise.
fn valid_format(ff: Option<&CStr>) -> bool {
    let Some(ff) = ff else { return false };
    let s = ff.to_bytes();
    if s.len() > FORMAT_MAX_LEN {
        mjwarning!("Format string longer than limit of {}.", FORMAT_MAX_LEN);
        return false;
    }
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    if at(0) != b'%' {
        mjwarning!("Format string must start with '%'.");
        return false;
    }
    let mut i = 1;
    let flags = b"-+ #0";
    let mut seen = [false; 5];
    while let Some(k) = flags.iter().position(|&f| f == at(i)) {
        if seen[k] {
            mjwarning!("Format string contains repeated flag.");
            return false;
        }
        seen[k] = true;
        i += 1;
    }
    while at(i).is_ascii_digit() {
        i += 1;
    }
    if at(i) == b'.' {
        i += 1;
        while at(i).is_ascii_digit() {
            i += 1;
        }
    }
    if at(i) == b'L' {
        i += 1;
    }
    if !b"fgGeE".contains(&at(i)) || at(i) == 0 {
        mjwarning!("Format string specifier must be one of \"fgGeE\".");
        return false;
    }
    i += 1;
    if i == s.len() {
        true
    } else {
        mjwarning!(
            "Unable to match format string {} with expected pattern for a single float.",
            String::from_utf8_lossy(s)
        );
        false
    }
}

/// The caller's format when valid, else the default (with a warning).
pub(crate) fn format_or_default(ff: Option<&CStr>) -> &CStr {
    match ff {
        Some(f) if valid_format(Some(f)) => f,
        _ => {
            mjwarning!("WARNING: Received invalid float_format. Using default instead.");
            DEFAULT_FORMAT
        }
    }
}

/// Raw-pointer form of [`format_or_default`], kept for `vis::print` until it passes `&CStr`.
///
/// # Safety
/// `ff` is null or a NUL-terminated string that outlives the result.
pub(crate) unsafe fn checked_format(ff: *const c_char) -> *const c_char {
    // SAFETY: the caller's contract
    format_or_default((!ff.is_null()).then(|| unsafe { CStr::from_ptr(ff) })).as_ptr()
}

/// An output stream of the dumps: the file opened for `filename`, or stdout; a file is closed
/// when the stream is dropped.
pub(crate) struct Stream {
    fp: *mut FILE,
    owned: bool,
}

impl Stream {
    /// Opens `filename` for writing, or stdout for None; None (with a warning) on failure.
    pub(crate) fn open(filename: Option<&CStr>) -> Option<Stream> {
        let fp = match filename {
            // SAFETY: reading the C library's stdout stream pointer
            None => unsafe { stdout },
            // SAFETY: fopen of a NUL-terminated name with a literal mode
            Some(f) => unsafe { libc::fopen(f.as_ptr(), c"wt".as_ptr()) },
        };
        if fp.is_null() {
            let name = filename.map_or("(null)".into(), |f| f.to_string_lossy());
            mjwarning!("Could not open file '{}' for writing mjModel", name);
            return None;
        }
        Some(Stream { fp, owned: filename.is_some() })
    }

    /// The open C stream.
    pub(crate) fn fp(&self) -> *mut FILE {
        self.fp
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: fp is the file opened in `open`, closed once here
            unsafe { libc::fclose(self.fp) };
        }
    }
}

/// Opens `filename` for writing, or stdout for null; null (with a warning) on failure.
/// Raw-pointer form of [`Stream::open`], kept for `vis::print` until it uses `Stream`.
///
/// # Safety
/// `filename` is null or NUL-terminated; a file opened here is closed with [`close`].
pub(crate) unsafe fn open(filename: *const c_char) -> *mut FILE {
    // SAFETY: the caller's contract
    let name = (!filename.is_null()).then(|| unsafe { CStr::from_ptr(filename) });
    Stream::open(name).map_or(core::ptr::null_mut(), |s| {
        let fp = s.fp;
        core::mem::forget(s);
        fp
    })
}

/// Closes a stream from [`open`] (stdout, for a null filename, stays open).
///
/// # Safety
/// `fp` came from [`open`] with the same `filename` and is not used again.
pub(crate) unsafe fn close(fp: *mut FILE, filename: *const c_char) {
    drop(Stream { fp, owned: !filename.is_null() });
}

/// Writes the nonzero pattern of a compressed-row matrix to `o` (`mj_printSparsity`): `adr`
/// and `nnz` (and `diag`, `rowsuper` when given) hold `nr` rows, `col` the entries they address.
#[allow(clippy::too_many_arguments)]
pub(crate) fn print_sparsity(
    o: &mut Out,
    title: &[u8],
    nr: c_int,
    nc: c_int,
    adr: &[c_int],
    diag: Option<&[c_int]>,
    nnz: &[c_int],
    rowsuper: Option<&[c_int]>,
    col: &[c_int],
) {
    o.sparsity(title, nr, nc, adr, diag, nnz, rowsuper, col);
}

//------------------------------------------ mjModel -----------------------------------------------

/// Object classes of the per-object sections: title, X-macro group, size field, count and name
/// addresses (None: unnamed).
fn classes(m: &mjModel) -> [(&'static str, &'static str, &'static str, c_int, Option<&[c_int]>); 20] {
    [
        ("BODY", "BODY", "nbody", m.nbody, Some(m.name_bodyadr())),
        ("JOINT", "JOINT", "njnt", m.njnt, Some(m.name_jntadr())),
        ("DOF", "DOF", "nv", m.nv, None),
        ("TREE", "TREE", "ntree", m.ntree, None),
        ("GEOM", "GEOM", "ngeom", m.ngeom, Some(m.name_geomadr())),
        ("SITE", "SITE", "nsite", m.nsite, Some(m.name_siteadr())),
        ("CAMERA", "CAMERA", "ncam", m.ncam, Some(m.name_camadr())),
        ("LIGHT", "LIGHT", "nlight", m.nlight, Some(m.name_lightadr())),
        ("FLEX", "FLEX", "nflex", m.nflex, Some(m.name_flexadr())),
        ("MESH", "MESH", "nmesh", m.nmesh, Some(m.name_meshadr())),
        ("SKIN", "SKIN", "nskin", m.nskin, Some(m.name_skinadr())),
        ("HEIGHTFIELD", "HFIELD", "nhfield", m.nhfield, Some(m.name_hfieldadr())),
        ("TEXTURE", "TEXTURE", "ntex", m.ntex, Some(m.name_texadr())),
        ("MATERIAL", "MATERIAL", "nmat", m.nmat, Some(m.name_matadr())),
        ("PAIR", "PAIR", "npair", m.npair, Some(m.name_pairadr())),
        ("EXCLUDE", "EXCLUDE", "nexclude", m.nexclude, Some(m.name_excludeadr())),
        ("EQUALITY", "EQUALITY", "neq", m.neq, Some(m.name_eqadr())),
        ("TENDON", "TENDON", "ntendon", m.ntendon, Some(m.name_tendonadr())),
        ("ACTUATOR", "ACTUATOR", "nu", m.nu, Some(m.name_actuatoradr())),
        ("SENSOR", "SENSOR", "nsensor", m.nsensor, Some(m.name_sensoradr())),
    ]
}

/// Bytes of the mesh arrays in the memory summary.
fn size_mesh(m: &mjModel) -> usize {
    let n = |v: c_int| v.max(0) as usize;
    let (f, i, d) = (4, 4, 8);
    f * 3 * n(m.nmeshvert)
        + f * 3 * n(m.nmeshnormal)
        + f * 2 * n(m.nmeshtexcoord)
        + i * 9 * n(m.nmeshface)
        + i * n(m.nmeshgraph)
        + d * 3 * n(m.nmeshpoly)
        + i * 2 * n(m.nmeshpoly)
        + i * n(m.nmeshpolyvert)
        + i * 2 * n(m.nmeshvert)
        + i * n(m.nmeshpolymap)
}

/// Bytes of the skin arrays in the memory summary.
fn size_skin(m: &mjModel) -> usize {
    let n = |v: c_int| v.max(0) as usize;
    4 * 3 * n(m.nskinvert)
        + 4 * 2 * n(m.nskintexvert)
        + 4 * 3 * n(m.nskinface)
        + 4 * 2 * n(m.nskinbone)
        + 4 * 3 * n(m.nskinbone)
        + 4 * 4 * n(m.nskinbone)
        + 4 * n(m.nskinbone)
        + 4 * n(m.nskinbonevert)
        + 4 * n(m.nskinbonevert)
}

/// Bytes of the bounding-volume arrays in the memory summary.
fn size_bvh(m: &mjModel) -> usize {
    let n = |v: c_int| v.max(0) as usize;
    4 * n(m.nbvh)
        + 4 * 2 * n(m.nbvh)
        + 4 * n(m.nbvh)
        + 8 * 6 * n(m.nbvhstatic)
        + 4 * n(m.noct)
        + 4 * 8 * n(m.noct)
        + 8 * 6 * n(m.noct)
        + 8 * 8 * n(m.noct)
}

/// Element counts and pointers of the model's array fields, in table order.
type Arrays = ([usize; MJMODEL_NARRAY], [*mut c_void; MJMODEL_NARRAY]);

/// Writes the per-object fields of one class for object `i` from the model's field table.
fn object_fields(o: &mut Out, (counts, ptrs): &Arrays, group: &str, size: &str, count: c_int, i: usize) {
    for (k, f) in MJMODEL_ARRAYS.iter().enumerate() {
        if f.group != group || f.rows != size || count <= 0 || ptrs[k].is_null() {
            continue;
        }
        let sz = counts[k] / count as usize;
        if sz == 0 {
            continue;
        }
        let p = ptrs[k];
        let base = sz * i;
        let float = matches!(f.ctype, "mjtNum" | "float");
        let int = matches!(f.ctype, "int" | "mjtByte");
        if !float && !int {
            continue;
        }
        o.bytes(b"  ");
        o.label(f.name);
        for j in base..base + sz {
            // SAFETY: p is the model array k, counts[k] elements of f.ctype; i < count, so
            // j < base + sz = sz * (i + 1) <= counts[k]
            unsafe {
                match f.ctype {
                    "mjtNum" => o.num(*(p as *const f64).add(j)),
                    "float" => o.num(*(p as *const f32).add(j) as f64),
                    "int" => w!(o, " {}", *(p as *const c_int).add(j)),
                    _ => w!(o, " {}", *(p as *const u8).add(j)),
                }
            }
            o.bytes(b" ");
        }
        o.bytes(b"\n");
    }
}

/// Writes model `m` as text (`mj_printFormattedModel`); stdout when `filename` is null.
pub fn print_model(m: &mjModel, filename: Option<&CStr>, ff: Option<&CStr>) {
    let Some(stream) = Stream::open(filename) else { return };
    let mut o = Out { fp: stream.fp(), ff: format_or_default(ff).as_ptr() };
    write_model(&mut o, m);
    drop(stream);
}

fn write_model(o: &mut Out, m: &mjModel) {
    let totalmass = m.body_mass().iter().fold(0.0, |s: mjtNum, &v| s + v);

    o.bytes(b"MuJoCo version ");
    o.bytes(crate::model::defaults::VERSION_STRING.to_bytes());
    o.bytes(b"\nmodel name     ");
    o.cstr_at(m.names(), 0);
    o.bytes(b"\n\n");

    // memory footprint
    o.bytes(b"MEMORY\n");
    let total = crate::io::mjb::model_file_size(m);
    let mesh = if m.nmesh != 0 { size_mesh(m) } else { 0 };
    let bvh = if m.nbvh != 0 || m.noct != 0 { size_bvh(m) } else { 0 };
    let tex = if m.ntex != 0 { m.ntexdata.max(0) as usize } else { 0 };
    let skin = if m.nskin != 0 { size_skin(m) } else { 0 };
    let other = total.wrapping_sub(mesh).wrapping_sub(bvh).wrapping_sub(tex).wrapping_sub(skin);
    for (label, v, always) in [
        ("  total       ", total, true),
        ("  meshes      ", mesh, false),
        ("  bvhs        ", bvh, false),
        ("  textures    ", tex, false),
        ("  skins       ", skin, false),
        ("  other       ", other, false),
    ] {
        if always || v != 0 {
            o.bytes(label.as_bytes());
            o.memory(v);
            o.bytes(b"\n");
        }
    }
    o.bytes(b"\n");

    // sizes (MJMODEL_INTS), nonzero ones only
    o.bytes(b"SIZES\n");
    for ((name, _), v) in MJMODEL_SIZES.iter().zip(m.size_values()) {
        if v != 0 {
            o.label(&format!("  {name}"));
            w!(o, " {v}\n");
        }
    }
    o.bytes(b"\n");

    // options: scalar floats, scalar ints, then vectors (MJOPTION_* order)
    o.bytes(b"OPTION\n");
    let op = &m.opt;
    let floats = [
        ("timestep", op.timestep),
        ("impratio", op.impratio),
        ("tolerance", op.tolerance),
        ("ls_tolerance", op.ls_tolerance),
        ("noslip_tolerance", op.noslip_tolerance),
        ("ccd_tolerance", op.ccd_tolerance),
        ("sleep_tolerance", op.sleep_tolerance),
        ("density", op.density),
        ("viscosity", op.viscosity),
        ("o_margin", op.o_margin),
    ];
    for (name, v) in floats {
        o.label(&format!("  {name}"));
        o.num(v);
        o.bytes(b"\n");
    }
    let ints = [
        ("integrator", op.integrator),
        ("cone", op.cone),
        ("jacobian", op.jacobian),
        ("solver", op.solver),
        ("iterations", op.iterations),
        ("ls_iterations", op.ls_iterations),
        ("noslip_iterations", op.noslip_iterations),
        ("ccd_iterations", op.ccd_iterations),
        ("disableflags", op.disableflags),
        ("enableflags", op.enableflags),
        ("disableactuator", op.disableactuator),
        ("sdf_initpoints", op.sdf_initpoints),
        ("sdf_iterations", op.sdf_iterations),
    ];
    for (name, v) in ints {
        o.label(&format!("  {name}"));
        w!(o, " {v}\n");
    }
    let vectors: [(&str, &[f64]); 6] = [
        ("gravity", &op.gravity),
        ("wind", &op.wind),
        ("magnetic", &op.magnetic),
        ("o_solref", &op.o_solref),
        ("o_solimp", &op.o_solimp),
        ("o_friction", &op.o_friction),
    ];
    for (name, v) in vectors {
        o.label(&format!("  {name}"));
        for &x in v {
            o.num(x);
            o.bytes(b" ");
        }
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.label("totalmass");
    o.num(totalmass);
    o.bytes(b"\n\n");

    o.bytes(b"STATISTIC\n");
    let st = &m.stat;
    for (name, v) in [
        ("  meaninertia", st.meaninertia),
        ("  meanmass", st.meanmass),
        ("  meansize", st.meansize),
        ("  extent", st.extent),
    ] {
        o.label(name);
        o.num(v);
        o.bytes(b"\n");
    }
    o.label("  center");
    for &v in &st.center {
        o.num(v);
    }
    o.bytes(b"\n\n");

    for (name, v) in [("qpos0", m.qpos0()), ("qpos_spring", m.qpos_spring())] {
        o.label(name);
        for &x in v {
            o.num(x);
            o.bytes(b" ");
        }
        o.bytes(b"\n\n");
    }

    // per-object sections
    let names = m.names();
    let arrays: Arrays = (m.array_counts(), m.array_ptrs());
    for (title, group, size, count, nameadr) in classes(m) {
        for i in 0..count.max(0) as usize {
            w!(o, "\n{title} {i}:\n");
            if let Some(adr) = nameadr {
                o.bytes(b"  ");
                o.label("name");
                o.bytes(if title == "HEIGHTFIELD" { b"  " } else { b" " });
                o.cstr_at(names, adr[i] as usize);
                o.bytes(b"\n");
            }
            object_fields(o, &arrays, group, size, count, i);
            match title {
                "MESH" => mesh_extra(o, m, i),
                "TENDON" => tendon_path(o, m, i),
                _ => {}
            }
        }
        if count > 0 {
            o.bytes(b"\n");
        }
    }

    // custom numeric, text and tuple parameters
    for i in 0..m.nnumeric.max(0) as usize {
        w!(o, "\nNUMERIC {i}:\n  name         ");
        o.cstr_at(names, m.name_numericadr()[i] as usize);
        let size = m.numeric_size()[i];
        w!(o, "\n  size         {size}\n  value       ");
        let adr = m.numeric_adr()[i].max(0) as usize;
        for &v in m.numeric_data().get(adr..adr + size.max(0) as usize).unwrap_or(&[]) {
            o.num(v);
        }
        o.bytes(b"\n");
    }
    if m.nnumeric != 0 {
        o.bytes(b"\n");
    }
    for i in 0..m.ntext.max(0) as usize {
        w!(o, "\nTEXT {i}:\n  name         ");
        o.cstr_at(names, m.name_textadr()[i] as usize);
        w!(o, "\n  size         {}\n  value        ", m.text_size()[i]);
        o.cstr_at(m.text_data(), m.text_adr()[i] as usize);
        o.bytes(b"\n");
    }
    if m.ntext != 0 {
        o.bytes(b"\n");
    }
    for i in 0..m.ntuple.max(0) as usize {
        w!(o, "\nTUPLE {i}:\n  name         ");
        o.cstr_at(names, m.name_tupleadr()[i] as usize);
        let (adr, size) = (m.tuple_adr()[i].max(0) as usize, m.tuple_size()[i]);
        w!(o, "\n  size         {size}\n  elements\n");
        for j in adr..adr + size.max(0) as usize {
            let t = m.tuple_objtype()[j];
            o.bytes(b"       ");
            match crate::runtime::text::type_to_str(t) {
                Some(s) => o.bytes(s.to_bytes()),
                None => o.bytes(b"(null)"),
            }
            w!(o, " {}, prm = ", m.tuple_objid()[j]);
            o.num(m.tuple_objprm()[j]);
            o.bytes(b"\n");
        }
    }
    if m.ntuple != 0 {
        o.bytes(b"\n");
    }

    for i in 0..m.nkey.max(0) as usize {
        keyframe(o, m, i);
    }

    // sparse structures of B, M and D
    o.sparsity(b"B: body-dof matrix", m.nbody, m.nv, m.B_rowadr(), None, m.B_rownnz(), None, m.B_colind());
    o.array2d_int("B_ROWNNZ", 1, m.nbody, m.B_rownnz());
    o.array2d_int("B_ROWADR", 1, m.nbody, m.B_rowadr());
    o.array2d_int("B_COLIND", 1, m.nB, m.B_colind());

    o.sparsity(b"M: reduced inertia matrix", m.nv, m.nv, m.M_rowadr(), None, m.M_rownnz(), None, m.M_colind());
    o.array2d_int("M_ROWNNZ", 1, m.nv, m.M_rownnz());
    o.array2d_int("M_ROWADR", 1, m.nv, m.M_rowadr());
    o.array2d_int("M_COLIND", 1, m.nC, m.M_colind());
    o.array2d_int("MAPM2M", 1, m.nC, m.mapM2M());

    o.sparsity(b"D: dof-dof matrix", m.nv, m.nv, m.D_rowadr(), Some(m.D_diag()), m.D_rownnz(), None, m.D_colind());
    o.array2d_int("D_ROWNNZ", 1, m.nv, m.D_rownnz());
    o.array2d_int("D_ROWADR", 1, m.nv, m.D_rowadr());
    o.array2d_int("D_COLIND", 1, m.nD, m.D_colind());
    o.array2d_int("MAPM2D", 1, m.nD, m.mapM2D());
    o.array2d_int("MAPD2M", 1, m.nC, m.mapD2M());

    w!(o, "\nSIGNATURE\n  {}\n\n", m.signature);

    // bounding volume hierarchy
    w!(o, "BVH:\n  {:<8}{:<8}{:<8}{:<10}{}\n", "id", "depth", "nodeid", "child[0]", "child[1]");
    let (depth, nodeid, child) = (m.bvh_depth(), m.bvh_nodeid(), m.bvh_child());
    let sp = |v: c_int| if v < 0 { v.to_string() } else { format!(" {v}") };
    for i in 0..m.nbvh.max(0) as usize {
        w!(o, "  {:<8}{:<8}{:<8}{:<10}{}\n", i, depth[i], sp(nodeid[i]), sp(child[2 * i]), sp(child[2 * i + 1]));
    }
    o.bytes(b"\n");
}

/// Face and vertex counts of a mesh's convex hull, when it has one.
fn mesh_extra(o: &mut Out, m: &mjModel, i: usize) {
    let adr = m.mesh_graphadr()[i];
    if adr < 0 {
        return;
    }
    let g = m.mesh_graph();
    let at = |k: usize| g.get(k).copied().unwrap_or(0);
    o.bytes(b"  ");
    o.label("qhull face");
    w!(o, " {}\n", at(adr as usize + 1));
    o.bytes(b"  ");
    o.label("qhull vert");
    w!(o, " {}\n", at(adr as usize));
}

/// The wrap path of tendon `i`.
fn tendon_path(o: &mut Out, m: &mjModel, i: usize) {
    o.bytes(b"  path\n    type  objid  prm\n");
    let adr = m.tendon_adr()[i].max(0) as usize;
    for k in adr..adr + m.tendon_num()[i].max(0) as usize {
        w!(o, "    {}     {}     ", m.wrap_type()[k], m.wrap_objid()[k]);
        o.num(m.wrap_prm()[k]);
        o.bytes(b"\n");
    }
    o.bytes(b"\n");
}

/// Keyframe `i`: its name and time, then those vectors that differ from the defaults. As
/// upstream, a vector is written only when its check is the last one that changed the marker.
fn keyframe(o: &mut Out, m: &mjModel, i: usize) {
    let (nq, nv, na, nu, nmocap) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize);
    let adr = m.name_keyadr()[i] as usize;
    if m.names().get(adr).is_some_and(|&c| c != 0) {
        w!(o, "key_name{i}    ");
        o.cstr_at(m.names(), adr);
        o.bytes(b"\n");
    }
    let time = m.key_time()[i];
    if time != 0.0 {
        w!(o, "key_time{i}    ");
        o.cnum(c"%.4f", time);
        o.bytes(b"\n");
    }
    fn key_row(s: &[f64], i: usize, n: usize) -> &[f64] {
        s.get(i * n..(i + 1) * n).unwrap_or(&[])
    }
    let (qpos, qvel, act) = (key_row(m.key_qpos(), i, nq), key_row(m.key_qvel(), i, nv), key_row(m.key_act(), i, na));
    let (mpos, mquat, ctrl) =
        (key_row(m.key_mpos(), i, 3 * nmocap), key_row(m.key_mquat(), i, 4 * nmocap), key_row(m.key_ctrl(), i, nu));
    let write = |o: &mut Out, label: &str, v: &[f64]| {
        w!(o, "{label}{i}   ");
        for &x in v {
            o.num(x);
        }
        o.bytes(b"\n");
    };

    let mut k = 0;
    if m.qpos0().iter().zip(qpos).any(|(a, b)| a != b) {
        k = 1;
    }
    if k == 1 {
        write(o, "key_qpos", qpos);
    }
    if qvel.iter().any(|&v| v != 0.0) {
        k = 2;
    }
    if k == 2 {
        write(o, "key_qvel", qvel);
    }
    if act.iter().any(|&v| v != 0.0) {
        k = 3;
    }
    if k == 3 {
        write(o, "key_act", act);
    }
    // mocap bodies whose key pose differs from the body's model pose
    let mocap_differs = |n: usize, key: &[f64], body: &[f64]| {
        m.body_mocapid()
            .iter()
            .enumerate()
            .any(|(j, &id)| id >= 0 && (0..n).any(|c| body.get(n * j + c) != key.get(n * id as usize + c)))
    };
    if nmocap > 0 && mocap_differs(3, mpos, m.body_pos()) {
        k = 4;
    }
    if k == 4 {
        write(o, "key_mpos", mpos);
    }
    if nmocap > 0 && mocap_differs(4, mquat, m.body_quat()) {
        k = 5;
    }
    if k == 5 {
        write(o, "key_mquat", mquat);
    }
    if ctrl.iter().any(|&v| v != 0.0) {
        k = 6;
    }
    if k == 6 {
        write(o, "key_ctrl", ctrl);
    }
    if k != 0 {
        o.bytes(b"\n");
    }
}

//------------------------------------------ mjData ------------------------------------------------

/// Calls `$f(name, value)` for the integer scalars of mjData that the size summary lists
/// (`MJDATA_SCALAR` entries of C type int or mjtSize), in table order.
macro_rules! data_int_scalar {
    (S, int, $e:expr) => {
        Some($e as i64)
    };
    (S, mjtSize, $e:expr) => {
        Some($e as i64)
    };
    ($k:ident, $c:ident, $e:expr) => {
        None
    };
}

macro_rules! define_data_scalars {
    (head: [ $( { $hc:ident $ht:ident $hn:ident [$($hd:tt)*] $hk:ident $hx:tt $hr:tt $hcol:tt } )* ]
     tail: [ $( { $tc:ident $tt:ident $tn:ident [$($td:tt)*] $tk:ident $tx:tt $tr:tt $tcol:tt } )* ]
     arrays: [ $($rest:tt)* ]) => {
        /// Visits the integer scalars of mjData listed in its size summary.
        fn for_data_scalars(d: &mjData, mut f: impl FnMut(&'static str, i64)) {
            $( if let Some(v) = data_int_scalar!($hk, $hc, d.$hn) { f(stringify!($hn), v); } )*
            $( if let Some(v) = data_int_scalar!($tk, $tc, d.$tn) { f(stringify!($tn), v); } )*
        }
    };
}

crate::mjdata_table!(define_data_scalars);

/// Writes data `d` of model `m` as text (`mj_printFormattedData`); stdout when `filename` is
/// null.
///
/// `d` is data made for `m` (the engine invariant).
pub fn print_data(m: &mjModel, d: &mjData, filename: Option<&CStr>, ff: Option<&CStr>) {
    if d.pstack != 0 {
        mjerror!("mj_printFormattedData", "attempting to print mjData when stack is in use");
    }
    let ff = format_or_default(ff);
    let Some(stream) = Stream::open(filename) else { return };
    let mut o = Out { fp: stream.fp(), ff: ff.as_ptr() };
    write_data(&mut o, m, d);
    drop(stream);
}

fn write_data(o: &mut Out, m: &mjModel, d: &mjData) {
    let a = d.arrays(m);
    let sparse = crate::engine::is_sparse(m);
    let nisland = d.nisland;

    o.bytes(b"MEMORY\n");
    let nbuffer = d.nbuffer as usize;
    let narena = d.narena as usize;
    let sz = core::mem::size_of::<mjData>();
    for (label, v) in
        [("  total         ", sz + nbuffer + narena), ("  struct        ", sz), ("  buffer        ", nbuffer)]
    {
        o.bytes(label.as_bytes());
        o.memory(v);
        o.bytes(b"\n");
    }
    o.bytes(b"  arena         ");
    o.memory(narena);
    o.cnum(c", used %.1f%%\n\n", (100 * d.maxuse_arena) as f64 / d.narena as f64);

    o.bytes(b"SIZES\n");
    for_data_scalars(d, |name, v| {
        o.bytes(b"  ");
        o.label(name);
        w!(o, " {v}\n");
    });
    o.bytes(b"  ");
    o.label("threadpool");
    w!(o, " {}\n\n", (d.threadpool != 0) as c_int);

    if d.warning.iter().map(|w| w.number).sum::<c_int>() != 0 {
        o.bytes(b"WARNING\n");
        for (i, w) in d.warning.iter().enumerate().filter(|(_, w)| w.number != 0) {
            w!(o, "    {i}:  lastinfo = {}   number = {}\n", w.lastinfo, w.number);
        }
        o.bytes(b"\n");
    }

    if d.timer.iter().fold(0.0, |s: mjtNum, t| s + t.duration) != 0.0 {
        o.bytes(b"TIMER\n");
        for (i, t) in d.timer.iter().enumerate() {
            w!(o, "    {i}:  duration = ");
            o.num(t.duration);
            w!(o, "   number = {}\n", t.number);
        }
        o.bytes(b"\n");
    }

    if d.nefc != 0 {
        o.bytes(b"SOLVER STAT\n");
        o.vector("  solver_fwdinv = ", &d.solver_fwdinv);
        let nstat = nisland.clamp(1, mjNISLAND as c_int).max(1) as usize;
        for island in 0..nstat {
            let niter = d.solver_niter[island];
            let nshow = niter.min(mjNSOLVER as c_int).max(0) as usize;
            if niter.min(mjNSOLVER as c_int) == 0 {
                continue;
            }
            w!(o, "  ISLAND {island}\n    solver_niter = {niter}\n    solver_nnz = {}\n", d.solver_nnz[island]);
            for (i, s) in d.solver[island * mjNSOLVER..].iter().take(nshow).enumerate() {
                w!(o, "      {i}:  improvement = ");
                o.num(s.improvement);
                o.bytes(b"    gradient = ");
                o.num(s.gradient);
                o.bytes(b"    lineslope = ");
                o.num(s.lineslope);
                w!(
                    o,
                    "\n          nactive = {}   nchange = {}   neval = {}   nupdate = {}\n",
                    s.nactive,
                    s.nchange,
                    s.neval,
                    s.nupdate
                );
            }
            o.bytes(b"\n");
        }
    }

    o.vector("ENERGY = ", &d.energy);
    o.bytes(b"\nTIME = ");
    o.num(d.time);
    o.bytes(b"\n\n");

    o.array2d("QPOS", m.nq, 1, a.qpos);
    o.array2d("QVEL", m.nv, 1, a.qvel);
    o.array2d("ACT", m.na, 1, a.act);
    o.array2d("QACC_WARMSTART", m.nv, 1, a.qacc_warmstart);
    o.array2d("CTRL", m.nu, 1, a.ctrl);
    o.array2d("QFRC_APPLIED", m.nv, 1, a.qfrc_applied);
    o.array2d("XFRC_APPLIED", m.nbody, 6, a.xfrc_applied);
    if m.neq != 0 {
        o.label("EQ_ACTIVE");
        for &v in a.eq_active.iter() {
            w!(o, " {v}");
        }
        o.bytes(b"\n\n");
    }
    o.array2d("MOCAP_POS", m.nmocap, 3, a.mocap_pos);
    o.array2d("MOCAP_QUAT", m.nmocap, 4, a.mocap_quat);
    o.array2d("QACC", m.nv, 1, a.qacc);
    o.array2d("ACT_DOT", m.na, 1, a.act_dot);
    o.array2d("USERDATA", m.nuserdata, 1, a.userdata);
    o.array2d("SENSOR", m.nsensordata, 1, a.sensordata);
    o.array2d_int("TREE_ASLEEP", m.ntree, 1, a.tree_asleep);

    o.array2d("XPOS", m.nbody, 3, a.xpos);
    o.array2d("XQUAT", m.nbody, 4, a.xquat);
    o.array2d("XMAT", m.nbody, 9, a.xmat);
    o.array2d("XIPOS", m.nbody, 3, a.xipos);
    o.array2d("XIMAT", m.nbody, 9, a.ximat);
    o.array2d("XANCHOR", m.njnt, 3, a.xanchor);
    o.array2d("XAXIS", m.njnt, 3, a.xaxis);
    o.array2d("GEOM_XPOS", m.ngeom, 3, a.geom_xpos);
    o.array2d("GEOM_XMAT", m.ngeom, 9, a.geom_xmat);
    o.array2d("SITE_XPOS", m.nsite, 3, a.site_xpos);
    o.array2d("SITE_XMAT", m.nsite, 9, a.site_xmat);
    o.array2d("CAM_XPOS", m.ncam, 3, a.cam_xpos);
    o.array2d("CAM_XMAT", m.ncam, 9, a.cam_xmat);
    o.array2d("LIGHT_XPOS", m.nlight, 3, a.light_xpos);
    o.array2d("LIGHT_XDIR", m.nlight, 3, a.light_xdir);

    o.array2d("SUBTREE_COM", m.nbody, 3, a.subtree_com);
    o.array2d("CDOF", m.nv, 6, a.cdof);
    o.array2d("CINERT", m.nbody, 10, a.cinert);

    o.array2d("FLEXVERT_XPOS", m.nflexvert, 3, a.flexvert_xpos);
    o.array2d("FLEXELEM_AABB", m.nflexelem, 6, a.flexelem_aabb);
    if !sparse {
        o.array2d("FLEXEDGE_J", m.nflexedge, m.nv, a.flexedge_J);
    } else {
        let (nnz, adr, col) = (a.flexedge_J_rownnz, a.flexedge_J_rowadr, a.flexedge_J_colind);
        o.sparsity(b"FLEXEDGE_J: flex edge connectivity", m.nflexedge, m.nv, adr, None, nnz, None, col);
        o.array2d_int("FLEXEDGE_J_ROWNNZ", m.nflexedge, 1, nnz);
        o.array2d_int("FLEXEDGE_J_ROWADR", m.nflexedge, 1, adr);
        o.sparse("FLEXEDGE_J", a.flexedge_J, m.nflexedge, nnz, adr, col);
    }
    o.array2d("FLEXEDGE_LENGTH", m.nflexedge, 1, a.flexedge_length);

    o.array2d("TEN_LENGTH", m.ntendon, 1, a.ten_length);
    if !sparse {
        o.array2d("TEN_MOMENT", m.ntendon, m.nv, a.ten_J);
    } else {
        let (nnz, adr, col) = (a.ten_J_rownnz, a.ten_J_rowadr, a.ten_J_colind);
        o.sparsity(b"TEN_J: tendon moments", m.ntendon, m.nv, adr, None, nnz, None, col);
        o.array2d_int("TEN_J_ROWNNZ", m.ntendon, 1, nnz);
        o.array2d_int("TEN_J_ROWADR", m.ntendon, 1, adr);
        o.sparse("TEN_J", a.ten_J, m.ntendon, nnz, adr, col);
    }
    let (wrapadr, wrapnum, wrap_obj, wrap_xpos) = (a.ten_wrapadr, a.ten_wrapnum, a.wrap_obj, a.wrap_xpos);
    for i in 0..m.ntendon.max(0) as usize {
        w!(o, "TENDON {i}: {} wrap points\n", wrapnum[i]);
        for j in 0..wrapnum[i].max(0) as usize {
            let k = wrapadr[i].max(0) as usize + j;
            w!(o, "    {}:  ", wrap_obj.get(k).copied().unwrap_or(0));
            o.vector("", wrap_xpos.get(3 * k..3 * k + 3).unwrap_or(&[]));
        }
        o.bytes(b"\n");
    }

    o.array2d("ACTUATOR_LENGTH", m.nu, 1, a.actuator_length);
    let (nnz, adr, col) = (a.moment_rownnz, a.moment_rowadr, a.moment_colind);
    o.sparsity(b"actuator_moment", m.nu, m.nv, adr, None, nnz, None, col);
    o.sparse("ACTUATOR_MOMENT", a.actuator_moment, m.nu, nnz, adr, col);
    o.array2d("CRB", m.nbody, 10, a.crb);
    inertia(o, "QM", a.qM, m);
    o.sparse("M", a.M, m.nv, m.M_rownnz(), m.M_rowadr(), m.M_colind());
    o.sparse("QLD", a.qLD, m.nv, m.M_rownnz(), m.M_rowadr(), m.M_colind());
    o.array2d("QLDIAGINV", m.nv, 1, a.qLDiagInv);
    if nisland != 0 {
        o.sparsity(b"M: inertia structure", m.nv, m.nv, m.M_rowadr(), None, m.M_rownnz(), None, m.M_colind());
        BlockSparsity {
            nisland,
            block_ncols: a.island_nv,
            col_offset: a.island_idofadr,
            entity_island: a.dof_island,
            row_entity: a.map_idof2dof,
            rownnz: a.iM_rownnz,
            rowadr: a.iM_rowadr,
            colind: a.iM_colind,
            rowsuper: None,
        }
        .print(o, "iM: block-diagonal inertia (nnzs are island ids)", d.nidof, d.nidof);
    }

    if !crate::math::misc::is_zero(a.qHDiagInv) {
        o.sparse("QH", a.qH, m.nv, m.M_rownnz(), m.M_rowadr(), m.M_colind());
        o.array2d("QHDIAGINV", m.nv, 1, a.qHDiagInv);
    }

    o.array2d_int("TREE_AWAKE", 1, m.ntree, a.tree_awake);
    o.array2d_int("BODY_AWAKE", 1, m.nbody, a.body_awake);
    o.array2d_int("BODY_AWAKE_IND", 1, d.nbody_awake, a.body_awake_ind);
    o.array2d_int("PARENT_AWAKE_IND", 1, d.nparent_awake, a.parent_awake_ind);
    o.array2d_int("DOF_AWAKE_IND", 1, d.nv_awake, a.dof_awake_ind);

    if !crate::math::misc::is_zero(a.qDeriv) {
        o.sparse("QDERIV", a.qDeriv, m.nv, m.D_rownnz(), m.D_rowadr(), m.D_colind());
    }
    if !crate::math::misc::is_zero(a.qLU) {
        o.sparse("QLU", a.qLU, m.nv, m.D_rownnz(), m.D_rowadr(), m.D_colind());
    }

    contacts(o, m, d);

    let nefc = d.nefc;
    o.array2d_int("EFC_TYPE", nefc, 1, a.efc_type);
    o.array2d_int("EFC_ID", nefc, 1, a.efc_id);
    if !sparse {
        o.array2d("EFC_J", nefc, m.nv, a.efc_J);
        if nisland != 0 {
            block_array(
                o,
                "IEFC_J",
                a.iefc_J,
                nefc,
                d.nidof,
                a.island_nefc,
                a.island_nv,
                a.island_iefcadr,
                a.island_idofadr,
                nisland,
            );
        }
        o.array2d("EFC_AR", nefc, nefc, a.efc_AR);
    } else {
        let (nnz, adr, col) = (a.efc_J_rownnz, a.efc_J_rowadr, a.efc_J_colind);
        o.array2d_int("EFC_J_ROWNNZ", nefc, 1, nnz);
        o.array2d_int("EFC_J_ROWADR", nefc, 1, adr);
        o.sparse("EFC_J", a.efc_J, nefc, nnz, adr, col);
        let sup = a.efc_J_rowsuper;
        o.sparsity(b"J: constraint Jacobian", nefc, m.nv, adr, None, nnz, (!sup.is_empty()).then_some(sup), col);
        if nisland != 0 {
            let sup = a.iefc_J_rowsuper;
            BlockSparsity {
                nisland,
                block_ncols: a.island_nv,
                col_offset: a.island_idofadr,
                entity_island: a.efc_island,
                row_entity: a.map_iefc2efc,
                rownnz: a.iefc_J_rownnz,
                rowadr: a.iefc_J_rowadr,
                colind: a.iefc_J_colind,
                rowsuper: (!sup.is_empty()).then_some(sup),
            }
            .print(
                o,
                "IEFC_J: block-diagonalized constraint Jacobian (nnzs are island ids)",
                nefc,
                d.nidof,
            );
        }
        if crate::engine::constraint::is_dual(m) {
            let (nnz, adr, col) = (a.efc_AR_rownnz, a.efc_AR_rowadr, a.efc_AR_colind);
            o.array2d_int("EFC_AR_ROWNNZ", nefc, 1, nnz);
            o.array2d_int("EFC_AR_ROWADR", nefc, 1, adr);
            o.sparse("EFC_AR", a.efc_AR, nefc, nnz, adr, col);
            o.sparsity(b"efc_AR: inverse constraint inertia", nefc, nefc, adr, None, nnz, None, col);
        }
    }

    o.array2d("EFC_POS", nefc, 1, a.efc_pos);
    o.array2d("EFC_MARGIN", nefc, 1, a.efc_margin);
    o.array2d("EFC_FRICTIONLOSS", nefc, 1, a.efc_frictionloss);
    o.array2d("EFC_DIAGAPPROX", nefc, 1, a.efc_diagApprox);
    o.array2d("EFC_KBIP", nefc, 4, a.efc_KBIP);
    o.array2d("EFC_D", nefc, 1, a.efc_D);
    o.array2d("EFC_R", nefc, 1, a.efc_R);

    o.array2d("FLEXEDGE_VELOCITY", m.nflexedge, 1, a.flexedge_velocity);
    o.array2d("TEN_VELOCITY", m.ntendon, 1, a.ten_velocity);
    o.array2d("ACTUATOR_VELOCITY", m.nu, 1, a.actuator_velocity);
    o.array2d("CVEL", m.nbody, 6, a.cvel);
    o.array2d("CDOF_DOT", m.nv, 6, a.cdof_dot);
    o.array2d("QFRC_BIAS", m.nv, 1, a.qfrc_bias);
    o.array2d("QFRC_SPRING", m.nv, 1, a.qfrc_spring);
    o.array2d("QFRC_DAMPER", m.nv, 1, a.qfrc_damper);
    o.array2d("QFRC_GRAVCOMP", m.nv, 1, a.qfrc_gravcomp);
    o.array2d("QFRC_FLUID", m.nv, 1, a.qfrc_fluid);
    o.array2d("QFRC_PASSIVE", m.nv, 1, a.qfrc_passive);
    o.array2d("EFC_VEL", nefc, 1, a.efc_vel);
    o.array2d("EFC_AREF", nefc, 1, a.efc_aref);
    o.array2d("SUBTREE_LINVEL", m.nbody, 3, a.subtree_linvel);
    o.array2d("SUBTREE_ANGMOM", m.nbody, 3, a.subtree_angmom);
    o.array2d("ACTUATOR_FORCE", m.nu, 1, a.actuator_force);
    o.array2d("QFRC_ACTUATOR", m.nv, 1, a.qfrc_actuator);
    o.array2d("QFRC_SMOOTH", m.nv, 1, a.qfrc_smooth);
    o.array2d("QACC_SMOOTH", m.nv, 1, a.qacc_smooth);
    o.array2d("EFC_B", nefc, 1, a.efc_b);
    o.array2d("EFC_FORCE", nefc, 1, a.efc_force);
    o.array2d_int("EFC_STATE", nefc, 1, a.efc_state);
    o.array2d("QFRC_CONSTRAINT", m.nv, 1, a.qfrc_constraint);
    o.array2d("QFRC_INVERSE", m.nv, 1, a.qfrc_inverse);
    o.array2d("CACC", m.nbody, 6, a.cacc);
    o.array2d("CFRC_INT", m.nbody, 6, a.cfrc_int);
    o.array2d("CFRC_EXT", m.nbody, 6, a.cfrc_ext);

    if nisland != 0 {
        islands(o, m, d);
    }
    // (upstream dereferences a null array here when there are no constraints; we skip it)
    let efcadr = a.tendon_efcadr;
    if m.ntendon != 0 && !efcadr.is_empty() {
        o.int_line("TENDON_EFCADR", efcadr);
    }
}

/// Island assignment and the maps between global and island order ('|' between islands).
fn islands(o: &mut Out, m: &mjModel, d: &mjData) {
    let a = d.arrays(m);
    o.array2d_int("TREE_ISLAND", 1, m.ntree, a.tree_island);
    o.array2d_int("ISLAND_NTREE", 1, d.nisland, a.island_ntree);
    o.array2d_int("ISLAND_ITREEADR", 1, d.nisland, a.island_itreeadr);
    o.array2d_int("MAP_ITREE2TREE", 1, m.ntree, a.map_itree2tree);

    let dof_island = a.dof_island;
    o.int_line("DOF_ISLAND", dof_island);
    o.int_line("ISLAND_NV", a.island_nv);
    o.int_line("ISLAND_IDOFADR", a.island_idofadr);
    island_map(o, "MAP_IDOF2DOF", a.map_idof2dof, dof_island);

    let efc_island = a.efc_island;
    o.int_line("EFC_ISLAND", efc_island);
    o.int_line("ISLAND_NEFC", a.island_nefc);
    o.int_line("ISLAND_IEFCADR", a.island_iefcadr);
    island_map(o, "MAP_IEFC2EFC", a.map_iefc2efc, efc_island);
}

fn island_map(o: &mut Out, label: &str, map: &[c_int], island: &[c_int]) {
    let isl = |k: c_int| island.get(k.max(0) as usize).copied().unwrap_or(-1);
    o.label(label);
    for (i, &k) in map.iter().enumerate() {
        if i > 0 && isl(k) != isl(map[i - 1]) {
            o.bytes(b" |");
        }
        w!(o, " {k}");
    }
    o.bytes(b"\n\n");
}

/// Lower triangle of the inertia in `qM` layout, blanks where the dof tree has no entry.
fn inertia(o: &mut Out, title: &str, mat: &[f64], m: &mjModel) {
    let nv = m.nv;
    if mat.is_empty() || nv == 0 || nv > 300 {
        return;
    }
    let len = o.width();
    let (madr, parent) = (m.dof_Madr(), m.dof_parentid());
    w!(o, "{title}\n");
    for i in 0..nv.max(0) as usize {
        o.bytes(b" ");
        let mut adr = if i + 1 == nv as usize { m.nM as i64 - 1 } else { madr[i + 1] as i64 - 1 };
        for k in 0..=i as i64 {
            let mut j = i as i64;
            while j != k && j >= 0 {
                j = parent[j as usize] as i64;
            }
            if j == k {
                o.bytes(b" ");
                o.num(if adr >= 0 { mat.get(adr as usize).copied().unwrap_or(0.0) } else { 0.0 });
                adr -= 1;
            } else {
                for _ in 0..=len {
                    o.bytes(b" ");
                }
            }
        }
        o.bytes(b"\n");
    }
    o.bytes(b"\n");
}

/// Block-diagonal dense matrix: each island's block in place, dots elsewhere.
#[allow(clippy::too_many_arguments)]
fn block_array(
    o: &mut Out,
    title: &str,
    data: &[f64],
    nr: c_int,
    nc: c_int,
    block_nr: &[c_int],
    block_nc: &[c_int],
    block_r: &[c_int],
    block_c: &[c_int],
    nblock: c_int,
) {
    if data.is_empty() || nr == 0 || nc == 0 {
        return;
    }
    w!(o, "{title}\n");
    let width = o.width();
    let at = |s: &[c_int], b: usize| s.get(b).copied().unwrap_or(0).max(0) as usize;
    let dots = |o: &mut Out| {
        for _ in 0..width {
            o.bytes(b".");
        }
        o.bytes(b" ");
    };
    for b in 0..nblock.max(0) as usize {
        let (bnr, bnc, r0, c0) = (at(block_nr, b), at(block_nc, b), at(block_r, b), at(block_c, b));
        let mut k = r0 * nc.max(0) as usize;
        for _ in 0..bnr {
            o.bytes(b" ");
            for _ in 0..c0 {
                dots(o);
            }
            for _ in 0..bnc {
                o.bytes(b" ");
                o.num(data.get(k).copied().unwrap_or(0.0));
                k += 1;
            }
            for _ in c0 + bnc..nc.max(0) as usize {
                dots(o);
            }
            o.bytes(b"\n");
        }
    }
    o.bytes(b"\n");
}

/// The contact list: geoms (by name when named) or flex elements, parameters and force.
fn contacts(o: &mut Out, m: &mjModel, d: &mjData) {
    let a = d.arrays(m);
    if d.ncon <= 0 {
        return;
    }
    o.bytes(b"CONTACT\n");
    for (i, c) in a.contact.iter().enumerate() {
        w!(o, "  {i}:\n     dim           {}\n", c.dim);
        let [g1, g2] = c.geom;
        if g1 > -1 && g2 > -1 {
            o.bytes(b"     geoms         ");
            let n1 = crate::model::names::name_of(m, mjOBJ_GEOM as c_int, g1);
            let n2 = crate::model::names::name_of(m, mjOBJ_GEOM as c_int, g2);
            match n1 {
                None => w!(o, "{g1}"),
                Some(n) => o.bytes(n.to_bytes()),
            }
            o.bytes(b" : ");
            match n2 {
                None => w!(o, "{g2}"),
                Some(n) => o.bytes(n.to_bytes()),
            }
            o.bytes(b"\n");
        } else {
            w!(
                o,
                "     gfev          {} {} {} {} : {} {} {} {}\n",
                c.geom[0],
                c.flex[0],
                c.elem[0],
                c.vert[0],
                c.geom[1],
                c.flex[1],
                c.elem[1],
                c.vert[1]
            );
        }
        w!(o, "     exclude       {}\n     efc_address   {}\n", c.exclude, c.efc_address);
        o.vector("     solref       ", &c.solref);
        o.vector("     solimp       ", &c.solimp);
        o.vector("     dist         ", &[c.dist]);
        o.vector("     includemargin", &[c.includemargin]);
        o.vector("     pos          ", &c.pos);
        o.vector("     frame        ", &c.frame);
        o.vector("     friction     ", &c.friction);
        o.vector("     mu           ", &[c.mu]);
        let force = crate::engine::velocity::contact_force(m, d, i as c_int);
        o.vector("     force        ", &force);
    }
    o.bytes(b"\n");
}
