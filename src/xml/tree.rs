//! A small owned element tree made from XML text, with `<include>` files spliced in.

use std::collections::HashSet;

use super::XmlError;
use crate::io::files::{is_abs, join, reduce, Res};
use crate::io::vfs::Vfs;

/// One XML element: name, attributes in document order, child elements, source line.
#[derive(Debug, Default)]
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

impl Drop for Element {
    /// Takes the subtree apart level by level: the derived drop would recurse once per
    /// nesting level (deep trees come from include chains).
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut e) = stack.pop() {
            stack.append(&mut e.children);
        }
    }
}

impl Clone for Element {
    /// Copies the subtree without recursion (see `Drop`).
    fn clone(&self) -> Element {
        let mut flat: Vec<(Element, usize)> = Vec::new();
        let mut stack = vec![(self, 0usize)];
        while let Some((e, parent)) = stack.pop() {
            let mut c = Element::default();
            c.name = e.name.clone();
            c.attrs = e.attrs.clone();
            c.line = e.line;
            c.comment = e.comment.clone();
            c.incdir = e.incdir.clone();
            flat.push((c, parent));
            let me = flat.len() - 1;
            stack.extend(e.children.iter().rev().map(|c| (c, me)));
        }
        assemble(flat)
    }
}

/// The tree of elements listed in document order with their parent's index (a subtree
/// follows its root; the root's own entry is ignored).
fn assemble(mut flat: Vec<(Element, usize)>) -> Element {
    // from the last element back: each one's subtree is complete when it is reached
    while flat.len() > 1 {
        let (mut e, parent) = flat.pop().unwrap();
        e.children.reverse();
        flat[parent].0.children.push(e);
    }
    let (mut e, _) = flat.pop().unwrap();
    e.children.reverse();
    e
}

/// Parses a document (bytes up to the first NUL, as upstream hands buffers to its parser)
/// into its root element (None if it has none), or gives upstream's whole message after a
/// failed parse ("XML parse error ...").
pub fn parse_bytes(bytes: &[u8]) -> Result<Option<Element>, String> {
    super::markup::parse(bytes).map_err(|e| e.to_string())
}

/// Parses XML text into an element tree (root element), with upstream's messages: after a
/// failed parse ("XML parse error ..."), or for a document without an element.
pub fn parse_text(text: &str) -> Result<Element, String> {
    parse_bytes(text.as_bytes())?.ok_or_else(|| "XML root element not found".to_string())
}

/// The compiler's asset folders as the include pass last saw them (reduced paths).
#[derive(Default, Clone, Debug)]
pub struct AssetDirs {
    pub asset: String,
    pub mesh: String,
    pub texture: String,
}

/// State of the include pass.
pub struct IncludeCx<'a> {
    /// where files are looked up first (None: providers and disk only)
    pub vfs: Option<&'a Vfs>,
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
pub fn resolve_file(e: &Element, value: &str, dir: &str, vfs: Option<&Vfs>) -> String {
    let name = reduce(value);
    if is_abs(&name) || Res::probe(&join(dir, &name), vfs) {
        return name;
    }
    join(&reduce(e.incdir.as_deref().unwrap_or("")), &name)
}

/// Marks an element spliced from an included file: its folder, and line 0 (upstream's copies
/// of included elements carry no line numbers).
fn mark_included(e: &mut Element, dir: &str) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        e.incdir = Some(dir.to_string());
        e.line = 0;
        stack.extend(e.children.iter_mut());
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
            super::deep(|| expand_includes(&mut c, dir, cx))?;
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
            Some(bytes) => parse_bytes(bytes),
        };
        drop(res);
        // upstream formats the parser's message into 1000 bytes, then this one into 500
        let root = root.map_err(|m| {
            let m = super::markup::clip(format!("Include error: '{}'", super::markup::clip(m, 999)), 499);
            XmlError::at(&c, &m)
        })?;
        cx.included.insert(filename.clone());
        let Some(mut root) = root else {
            return Err(XmlError::at(&c, &format!("Root element missing in file '{}'", filename)));
        };
        if root.children.is_empty() {
            return Err(XmlError::at(&c, &format!("Empty include file '{}'", filename)));
        }

        let mut holder = Element::default();
        holder.name = "include".into();
        holder.children = std::mem::take(&mut root.children);
        holder.line = c.line;
        for k in holder.children.iter_mut() {
            mark_included(k, &next_dir);
        }
        super::deep(|| expand_includes(&mut holder, &next_dir, cx))?;
        out.append(&mut holder.children);
    }
    e.children = out;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize, leaf: &str) -> String {
        format!("<mujoco>{}{}{}</mujoco>", "<a>".repeat(n), leaf, "</a>".repeat(n))
    }

    #[test]
    fn nesting_limit_is_tinyxml2s() {
        // the root is level 1: at level 499 only a self-closed element (`<b/>`) is accepted
        assert!(parse_text(&nested(497, "<b/>")).is_ok());
        assert!(parse_text(&nested(497, "")).is_ok());
        let e = parse_text(&nested(498, "")).unwrap_err();
        assert!(
            e.starts_with("XML parse error 18:\nError=XML_ELEMENT_DEPTH_EXCEEDED ErrorID=18 (0x12) Line number=1:"),
            "{e}"
        );
        assert!(parse_text(&nested(100_000, "")).is_err());
        // comments, CDATA and quoted '>' do not count
        let t = format!("<mujoco><!-- <a><a> -->{}</mujoco>", "<a x='>'><![CDATA[<a>]]></a>".repeat(3));
        assert_eq!(parse_text(&t).unwrap().children.len(), 3);
    }

    #[test]
    fn trees_are_copied_in_document_order() {
        let e = parse_text("<r>\n<a><b/><c/></a>\n<d/></r>").unwrap();
        let names: Vec<_> = e.children.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "d"]);
        assert_eq!(e.children[0].children.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["b", "c"]);
        assert_eq!((e.children[0].line, e.children[1].line), (2, 3));
        let c = e.clone();
        assert_eq!(c.children[0].children[1].name, "c");
    }
}
