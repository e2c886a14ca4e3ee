//! A small owned element tree made from XML text, with `<include>` files spliced in.

use std::collections::HashSet;

use super::res::{is_abs, join, reduce, Res};
use super::XmlError;
use crate::abi::mjVFS;

/// One XML element: name, attributes in document order, child elements, source line.
#[derive(Clone, Debug, Default)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub line: i32,
    /// leading comment of the document (root only)
    pub comment: Option<String>,
    /// folder of the included file this element came from (upstream's `dir` attribute of the
    /// nearest enclosing `<include>`); None for elements of the main file
    pub incdir: Option<String>,
}

impl Element {
    /// Value of attribute `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Child elements with the given name.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }
}

fn convert(doc: &roxmltree::Document, node: roxmltree::Node) -> Element {
    let pos = doc.text_pos_at(node.range().start);
    let mut e = Element { name: node.tag_name().name().to_string(), line: pos.row as i32, ..Element::default() };
    for a in node.attributes() {
        e.attrs.push((a.name().to_string(), a.value().to_string()));
    }
    for c in node.children().filter(|c| c.is_element()) {
        e.children.push(convert(doc, c));
    }
    e
}

/// Parses XML text into an element tree (root element).
pub fn parse_text(text: &str) -> Result<Element, String> {
    let opt = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = roxmltree::Document::parse_with_options(text, opt).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    let mut e = convert(&doc, root);
    if let Some(first) = root.first_child() {
        if first.is_comment() {
            e.comment = first.text().map(|s| s.to_string());
        }
    }
    Ok(e)
}


/// The compiler's asset folders as the include pass last saw them (reduced paths).
#[derive(Default, Clone, Debug)]
pub struct AssetDirs {
    pub asset: String,
    pub mesh: String,
    pub texture: String,
}

/// State of the include pass.
pub struct IncludeCx {
    /// where files are looked up first (null: providers and disk only)
    pub vfs: *const mjVFS,
    /// the main model's folder (reduced)
    pub modeldir: String,
    /// files included so far (the main file as named, then included files)
    pub included: HashSet<String>,
    /// `<compiler>` folders met so far, in document order with includes spliced in
    pub dirs: AssetDirs,
}

/// Upstream's lookup of a file attribute `value` of element `e`: absolute names are kept;
/// a name found under `dir` (probed through the resources) is kept as written (reduced);
/// otherwise it is taken relative to the folder of the included file holding `e`.
pub fn resolve_file(e: &Element, value: &str, dir: &str, vfs: *const mjVFS) -> String {
    let name = reduce(value);
    if is_abs(&name) || Res::probe(&join(dir, &name), vfs) {
        return name;
    }
    join(&reduce(e.incdir.as_deref().unwrap_or("")), &name)
}

/// Marks an element spliced from an included file: its folder, and line 0 (upstream's copies
/// of included elements carry no line numbers).
fn mark_included(e: &mut Element, dir: &str) {
    e.incdir = Some(dir.to_string());
    e.line = 0;
    for c in e.children.iter_mut() {
        mark_included(c, dir);
    }
}

fn capture_dirs(e: &Element, dirs: &mut AssetDirs) {
    if !e.name.eq_ignore_ascii_case("compiler") {
        return;
    }
    if let Some(v) = e.attr("assetdir") {
        dirs.asset = reduce(v);
    }
    if let Some(v) = e.attr("texturedir") {
        dirs.texture = reduce(v);
    }
    if let Some(v) = e.attr("meshdir") {
        dirs.mesh = reduce(v);
    }
}

/// Replaces every `<include file=...>` below `e` by the children of the included file's root,
/// opening files through resources as upstream does: first relative to the model's folder,
/// then (for relative names) under `dir`, the folder of the file holding the include. Also
/// records the `<compiler>` asset folders in the order upstream's include pass meets them.
pub fn expand_includes(e: &mut Element, dir: &str, cx: &mut IncludeCx) -> Result<(), XmlError> {
    let mut out = Vec::with_capacity(e.children.len());
    for mut c in std::mem::take(&mut e.children) {
        capture_dirs(&c, &mut cx.dirs);
        if !c.name.eq_ignore_ascii_case("include") {
            expand_includes(&mut c, dir, cx)?;
            out.push(c);
            continue;
        }
        if !c.children.is_empty() {
            return Err(XmlError::at(&c, "Include element cannot have children"));
        }
        let Some(value) = c.attr("file") else {
            return Err(XmlError::at(&c, "required attribute missing: 'file'"));
        };
        let mut filename = resolve_file(&c, value, &cx.modeldir, cx.vfs);
        if cx.included.contains(&filename) {
            return Err(XmlError::at(&c, &format!("File '{}' already included", filename)));
        }

        // legacy lookup under the model's folder, then relative to the including file
        let mut opened = Res::open(&cx.modeldir, &filename, cx.vfs);
        if opened.is_err() && !is_abs(&filename) {
            opened = Res::open(&cx.modeldir, &join(dir, &filename), cx.vfs);
        }
        let res = opened.map_err(|m| XmlError::at(&c, &m))?;
        filename = join(dir, &filename);
        let next_dir = reduce(&res.dir());

        let root = match res.read() {
            None => return Err(XmlError::at(&c, &format!("Error reading file '{}'", filename))),
            Some([]) => return Err(XmlError::at(&c, &format!("Empty file '{}'", filename))),
            Some(bytes) => parse_text(&String::from_utf8_lossy(bytes)),
        };
        drop(res);
        let root = root.map_err(|m| XmlError::at(&c, &format!("Include error: 'XML parse error:\n{}\n'", m)))?;
        cx.included.insert(filename.clone());
        if root.children.is_empty() {
            return Err(XmlError::at(&c, &format!("Empty include file '{}'", filename)));
        }

        let mut holder = Element { name: "include".into(), children: root.children, line: c.line, ..Element::default() };
        for k in holder.children.iter_mut() {
            mark_included(k, &next_dir);
        }
        expand_includes(&mut holder, &next_dir, cx)?;
        out.extend(holder.children);
    }
    e.children = out;
    Ok(())
}
