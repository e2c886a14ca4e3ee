//! MJCF writer: a compiled spec back to XML text, as upstream's `mj_saveXML` writes it.
//!
//! The document holds default classes (attributes that differ from the parent class), then
//! the sections in upstream's order; each element carries only the attributes that differ
//! from its class. Numeric values are the compiled ones (body-frame positions, computed sizes
//! and inertias, radians), read from the compile snapshot kept with the spec
//! (`crate::spec::compiled`), which `mj_copyBack` updates. Layout follows upstream's printer:
//! two-space indentation, self-closed empty elements, and one blank line before each top-level
//! section.

mod assets;
mod body;
pub mod last;
mod sections;

use crate::abi::*;
use crate::spec::compiled::Snapshot;
use crate::spec::Spec;

/// An element of the document being written.
#[derive(Default)]
pub(crate) struct XEl {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub kids: Vec<XEl>,
}

/// Number types attributes are written from.
pub(crate) trait WNum: Copy {
    fn f(self) -> f64;
    /// upstream compares values within the type's machine epsilon
    fn near(self, o: Self) -> bool;
    fn text(self) -> String {
        num_text(self.f())
    }
}

impl WNum for f64 {
    fn f(self) -> f64 {
        self
    }
    fn near(self, o: Self) -> bool {
        !((self - o).abs() > f64::EPSILON)
    }
}

impl WNum for f32 {
    fn f(self) -> f64 {
        self as f64
    }
    fn near(self, o: Self) -> bool {
        !((self - o).abs() > f32::EPSILON)
    }
}

impl WNum for i32 {
    fn f(self) -> f64 {
        self as f64
    }
    fn near(self, o: Self) -> bool {
        self == o
    }
    fn text(self) -> String {
        self.to_string()
    }
}

/// `%.6g` of `x` (C locale).
pub(crate) fn g6(x: f64) -> String {
    g(x, 6)
}

thread_local! {
    /// Significant digits of the numbers in written attributes (upstream's per-thread XML
    /// precision, 6 unless a caller changes it, as its tests do to save without loss).
    static PRECISION: core::cell::Cell<i32> = const { core::cell::Cell::new(6) };
}

/// The calling thread's XML number precision.
pub fn precision() -> i32 {
    PRECISION.with(|p| p.get())
}

/// Sets the calling thread's XML number precision.
pub fn set_precision(digits: i32) {
    PRECISION.with(|p| p.set(digits))
}

/// `%.*g` of `x` with `digits` significant digits (C locale; a negative count means six, as
/// for a C++ stream).
fn g(x: f64, digits: i32) -> String {
    let mut buf = [0u8; 512];
    // SAFETY: snprintf writes at most buf.len() bytes, NUL included; %.*g takes an int and a double.
    let n = unsafe { libc::snprintf(buf.as_mut_ptr() as *mut libc::c_char, buf.len(), c"%.*g".as_ptr(), digits, x) };
    String::from_utf8_lossy(&buf[..(n.max(0) as usize).min(buf.len() - 1)]).into_owned()
}

/// A number as upstream writes it in an attribute: integers (within 1e-12) as integers,
/// others with the thread's precision in significant digits.
pub(crate) fn num_text(x: f64) -> String {
    let near_int = (x - x.floor()).abs() < 1e-12 || (x - x.ceil()).abs() < 1e-12;
    if x < i32::MAX as f64 && x > -(i32::MAX as f64) && near_int {
        let r = if (x - x.floor()).abs() < (x - x.ceil()).abs() { x.floor() } else { x.ceil() };
        return (r as i32).to_string();
    }
    g(x, precision())
}

impl XEl {
    pub fn new(name: &str) -> XEl {
        XEl { name: name.to_string(), ..XEl::default() }
    }

    /// Appends a child element and returns it.
    pub fn add(&mut self, name: &str) -> &mut XEl {
        self.kids.push(XEl::new(name));
        self.kids.last_mut().unwrap()
    }

    /// Appends `child` when it has attributes (upstream drops attribute-less sub-elements).
    pub fn add_if_any(&mut self, child: XEl) {
        if !child.attrs.is_empty() {
            self.kids.push(child);
        }
    }

    /// Sets an attribute (a repeated name keeps its place and takes the new value).
    pub fn set(&mut self, k: &str, v: String) {
        match self.attrs.iter_mut().find(|(n, _)| n == k) {
            Some(a) => a.1 = v,
            None => self.attrs.push((k.to_string(), v)),
        }
    }

    /// Text attribute, skipped when empty.
    pub fn txt(&mut self, k: &str, v: &str) {
        if !v.is_empty() {
            self.set(k, v.to_string());
        }
    }

    /// Integer attribute, skipped when equal to `def`.
    pub fn int(&mut self, k: &str, v: i32, def: Option<i32>) {
        if Some(v) != def {
            self.set(k, v.to_string());
        }
    }

    /// Keyword attribute, skipped when equal to `def`.
    pub fn key(&mut self, k: &str, map: crate::xml::attr::Map, v: i32, def: Option<i32>) {
        if Some(v) != def {
            self.txt(k, map_key(map, v));
        }
    }

    /// Numeric attribute: skipped when any value is NaN or all are within epsilon of `def`;
    /// `trim` drops trailing values equal to the default.
    pub fn num<T: WNum>(&mut self, k: &str, data: &[T], def: Option<&[T]>, trim: bool) {
        if data.iter().any(|x| x.f().is_nan()) {
            return;
        }
        if let Some(d) = def {
            if data.iter().zip(d).all(|(a, b)| a.near(*b)) {
                return;
            }
        }
        let mut n = data.len();
        if trim {
            if let Some(d) = def {
                while n > 0 && data[n - 1].f() == d[n - 1].f() {
                    n -= 1;
                }
            }
        }
        let v: Vec<String> = data[..n].iter().map(|x| x.text()).collect();
        self.txt(k, &v.join(" "));
    }

    /// One number, skipped when equal to `def` (within epsilon).
    pub fn num1<T: WNum>(&mut self, k: &str, v: T, def: Option<T>) {
        match def {
            Some(d) => self.num(k, &[v], Some(&[d]), false),
            None => self.num(k, &[v], None, false),
        }
    }

    /// Vector attribute written when some value differs from `def` (zero when None).
    pub fn vector(&mut self, k: &str, v: &[f64], def: Option<&[f64]>) {
        let differs = match def {
            None => v.iter().any(|&x| x != 0.0),
            Some(d) => v.iter().enumerate().any(|(i, &x)| x != d.get(i).copied().unwrap_or(0.0)),
        };
        if differs {
            self.num(k, v, None, false);
        }
    }
}

/// Keyword of value `v` in `map` ("" when absent).
pub(crate) fn map_key(map: crate::xml::attr::Map, v: i32) -> &'static str {
    map.iter().find(|(_, x)| *x == v).map_or("", |(k, _)| k)
}

/// Attribute value text with the five XML entities.
fn escape(v: &str, out: &mut String) {
    for c in v.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            '&' => out.push_str("&amp;"),
            '\'' => out.push_str("&apos;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

fn print_el(e: &XEl, depth: usize, comment: Option<&str>, out: &mut String) {
    if depth > 0 {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
    out.push('<');
    out.push_str(&e.name);
    for (k, v) in &e.attrs {
        out.push(' ');
        out.push_str(k);
        out.push_str("=\"");
        escape(v, out);
        out.push('"');
    }
    if e.kids.is_empty() && comment.is_none() {
        out.push_str("/>");
        return;
    }
    out.push('>');
    if let Some(c) = comment {
        out.push('\n');
        for _ in 0..=depth {
            out.push_str("  ");
        }
        out.push_str("<!--");
        out.push_str(c);
        out.push_str("-->");
    }
    for k in &e.kids {
        crate::xml::deep(|| print_el(k, depth + 1, None, out));
    }
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str("</");
    out.push_str(&e.name);
    out.push('>');
}

/// Line starts upstream separates with a blank line (top-level sections, and whatever else
/// starts with the same text).
const SECTION_STARTS: [&str; 17] = [
    "<actuator",
    "<asset",
    "<compiler",
    "<contact>",
    "<custom",
    "<default>",
    "<deformable",
    "<equality",
    "<extension",
    "<keyframe",
    "<option",
    "<sensor",
    "<size",
    "<statistic",
    "<tendon",
    "<visual",
    "<worldbody",
];

/// The document text: every line holding one of `SECTION_STARTS` gets a blank line before
/// it, except the first such line.
fn print_doc(root: &XEl, comment: Option<&str>) -> String {
    let mut text = String::new();
    print_el(root, 0, comment, &mut text);
    text.push('\n');
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    // count matches per line (a line matching several patterns gets one blank line per match)
    let counts: Vec<usize> = lines.iter().map(|l| SECTION_STARTS.iter().map(|p| l.matches(p).count()).sum()).collect();
    let first = counts.iter().position(|&c| c > 0);
    let mut out = String::with_capacity(text.len() + 64);
    for (i, l) in lines.drain(..).enumerate() {
        let mut n = counts[i];
        if Some(i) == first && i > 0 {
            n -= 1;
        }
        for _ in 0..n {
            out.push('\n');
        }
        out.push_str(l);
    }
    out
}

/// Writer state: the spec, its compiled values, and whether default classes are being written
/// (upstream's `writingdefaults`: names, classes and placement are left out).
pub(crate) struct W<'a> {
    pub s: &'a Spec,
    pub snap: &'a Snapshot,
    pub m: &'a mjModel,
    pub defaults: bool,
}

/// MJCF text of a compiled spec.
pub fn write(spec: &Spec) -> Result<String, String> {
    let Some(snap) = spec.compiled.as_deref() else {
        return Err("XML Write error: Only compiled model can be written".into());
    };
    // as upstream, a compile that removed elements (discardvisual, fusestatic) is written
    // without them
    let spec = snap.tree.as_deref().unwrap_or(spec);
    let mut w = W { s: spec, snap, m: snap.model(), defaults: false };
    let mut root = XEl::new("mujoco");
    root.set("model", spec.modelname.as_str().to_string());
    sections::compiler(&w, &mut root);
    sections::option(&w, &mut root);
    sections::size(&w, &mut root);
    sections::visual(&w, &mut root);
    sections::statistic(&w, &mut root);
    w.defaults = true;
    sections::defaults(&w, &mut root, 0);
    w.defaults = false;
    assets::extension(&w, &mut root)?;
    sections::custom(&w, &mut root);
    assets::asset(&w, &mut root)?;
    let wb = root.add("worldbody");
    body::body(&w, wb, 0, None, "main")?;
    sections::contact(&w, &mut root);
    assets::deformable(&w, &mut root)?;
    sections::equality(&w, &mut root)?;
    sections::tendon(&w, &mut root);
    sections::actuator(&w, &mut root)?;
    sections::sensor(&w, &mut root)?;
    if spec.keys.iter().any(|k| k.attached.is_some()) {
        return Err("XML Error: Model has pending keyframes. It must be (re)compiled before writing XML.".into());
    }
    sections::keyframe(&w, &mut root);
    let comment = spec.comment.as_str();
    Ok(print_doc(&root, (!comment.is_empty()).then_some(comment)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_upstream() {
        assert_eq!(num_text(1.0), "1");
        assert_eq!(num_text(-0.0), "0");
        assert_eq!(num_text(0.1), "0.1");
        assert_eq!(num_text(1.0 / 3.0), "0.333333");
        assert_eq!(num_text(1e-7), "1e-07");
        assert_eq!(num_text(1e10), "1e+10");
        assert_eq!(num_text(2.5e9), "2.5e+09");
        assert_eq!(num_text(core::f64::consts::FRAC_1_SQRT_2), "0.707107");
        assert_eq!(num_text(f64::INFINITY), "inf");
        set_precision(17);
        assert_eq!(num_text(0.1), "0.10000000000000001");
        assert_eq!(num_text(1.0 / 3.0), "0.33333333333333331");
        set_precision(6);
        assert_eq!(num_text(1.0 / 3.0), "0.333333");
    }

    /// `_mjPRIVATE__set_xml_precision`: significant digits on this thread only (the test
    /// threads are separate), integers unchanged.
    #[test]
    fn precision_is_per_thread() {
        set_precision(17);
        assert_eq!(num_text(0.1), "0.10000000000000001");
        assert_eq!(num_text(0.1f32 as f64), "0.10000000149011612");
        assert_eq!(num_text(3.0), "3");
        assert_eq!(std::thread::spawn(|| num_text(0.1)).join().unwrap(), "0.1");
        set_precision(6);
        assert_eq!(num_text(1.0 / 3.0), "0.333333");
    }

    #[test]
    fn blank_lines_before_sections() {
        let mut r = XEl::new("mujoco");
        r.add("compiler").set("angle", "radian".into());
        r.add("option");
        let t = print_doc(&r, Some("c"));
        assert_eq!(t, "<mujoco>\n  <!--c-->\n  <compiler angle=\"radian\"/>\n\n  <option/>\n</mujoco>\n");
    }
}
