//! A small owned element tree made from XML text, with `<include>` files spliced in.

use std::collections::HashSet;

use super::res::{is_abs, join, reduce, Res};
use super::XmlError;
use crate::abi::mjVFS;

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

/// TinyXML2's limit on element nesting (TINYXML2_MAX_ELEMENT_DEPTH): the content of an
/// element at this level (the root being level 1) cannot be parsed.
pub const MAX_ELEMENT_DEPTH: usize = 500;

/// Stack taken by one nesting level of the XML parser, with a margin.
const PARSE_STACK_PER_LEVEL: usize = 2048;

/// A document that could not be parsed: nested deeper than TinyXML2 accepts (its error
/// text), or malformed.
pub enum ParseFail {
    Depth(String),
    Xml(roxmltree::Error),
}

impl std::fmt::Display for ParseFail {
    /// Upstream's whole message after a failed parse.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            ParseFail::Depth(m) => write!(f, "XML parse error 18:\n{}\n", m),
            ParseFail::Xml(e) => write!(f, "XML parse error:\n{}\n", e),
        }
    }
}

/// Index of the first `pat` at or after `i`.
fn find_from(b: &[u8], i: usize, pat: &[u8]) -> Option<usize> {
    b.get(i..)?.windows(pat.len()).position(|w| w == pat).map(|k| i + k)
}

/// Index of the `>` closing the markup that starts at `i`, skipping quoted text and (with
/// `brackets`) a `[...]` section, as in a DOCTYPE.
fn tag_end(b: &[u8], i: usize, brackets: bool) -> Option<usize> {
    let (mut quote, mut nest) = (0u8, 0usize);
    for (k, &c) in b.iter().enumerate().skip(i) {
        match c {
            _ if quote != 0 => {
                if c == quote {
                    quote = 0;
                }
            }
            b'"' | b'\'' => quote = c,
            b'[' if brackets => nest += 1,
            b']' if brackets => nest = nest.saturating_sub(1),
            b'>' if nest == 0 => return Some(k),
            _ => {}
        }
    }
    None
}

/// Scans the markup as TinyXML2 meets it, without building anything: the nesting error it
/// would give (the first element, in document order, at level `MAX_ELEMENT_DEPTH - 1` or
/// deeper that has content, the root being level 1; the line is that of the `>` ending its
/// start tag), else the deepest level seen and the number of `<` inside a DOCTYPE (entities
/// declared there may nest elements further when expanded).
fn scan_depth(text: &str) -> Result<(usize, usize), String> {
    let b = text.as_bytes();
    let (mut i, mut level, mut deepest, mut dtd) = (0usize, 0usize, 0usize, 0usize);
    while let Some(k) = b.get(i..).and_then(|r| r.iter().position(|&c| c == b'<')) {
        i += k;
        let rest = &b[i..];
        let end = if rest.starts_with(b"<!--") {
            find_from(b, i + 4, b"-->").map(|e| e + 2)
        } else if rest.starts_with(b"<![CDATA[") {
            find_from(b, i + 9, b"]]>").map(|e| e + 2)
        } else if rest.starts_with(b"<!") {
            let e = tag_end(b, i, true);
            dtd += b[i + 1..e.unwrap_or(b.len())].iter().filter(|&&c| c == b'<').count();
            e
        } else if rest.starts_with(b"<?") {
            find_from(b, i + 2, b"?>").map(|e| e + 1)
        } else if rest.starts_with(b"</") {
            level = level.saturating_sub(1);
            tag_end(b, i, false)
        } else {
            let e = tag_end(b, i, false);
            if let Some(e) = e {
                if b[e - 1] != b'/' {
                    level += 1;
                    deepest = deepest.max(level);
                    if level + 1 >= MAX_ELEMENT_DEPTH {
                        let line = 1 + b[..e].iter().filter(|&&c| c == b'\n').count();
                        return Err(format!(
                            "Error=XML_ELEMENT_DEPTH_EXCEEDED ErrorID=18 (0x12) Line number={}: Element nesting is too deep.",
                            line
                        ));
                    }
                }
            }
            e
        };
        match end {
            Some(e) => i = e + 1,
            None => break,
        }
    }
    Ok((deepest, dtd))
}

/// Parses XML text as upstream's parser would accept it: element nesting within TinyXML2's
/// limit. The parser recurses once per level, so it runs with stack for the deepest level
/// the text can reach.
pub fn parse_doc(text: &str) -> Result<roxmltree::Document<'_>, ParseFail> {
    let (deepest, dtd) = scan_depth(text).map_err(ParseFail::Depth)?;
    let opt = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let need = (deepest + dtd + 16) * PARSE_STACK_PER_LEVEL + 64 * 1024;
    stacker::maybe_grow(need, need, || roxmltree::Document::parse_with_options(text, opt)).map_err(ParseFail::Xml)
}

/// Copies the document's element tree, without recursion.
fn convert(doc: &roxmltree::Document, root: roxmltree::Node) -> Element {
    // line of a byte offset from the offsets of the line breaks (the parser's own lookup
    // counts from the start of the text each time)
    let breaks: Vec<usize> = doc.input_text().bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i).collect();
    let mut flat: Vec<(Element, usize)> = Vec::new();
    let mut stack = vec![(root, 0usize)];
    while let Some((n, parent)) = stack.pop() {
        let mut e = Element::default();
        e.name = n.tag_name().name().to_string();
        e.line = 1 + breaks.partition_point(|&p| p < n.range().start) as i32;
        for a in n.attributes() {
            e.attrs.push((a.name().to_string(), a.value().to_string()));
        }
        flat.push((e, parent));
        let me = flat.len() - 1;
        let kids: Vec<_> = n.children().filter(|c| c.is_element()).collect();
        stack.extend(kids.into_iter().rev().map(|c| (c, me)));
    }
    assemble(flat)
}

/// Parses XML text into an element tree (root element). Errors are the whole message
/// upstream puts after a failed parse ("XML parse error ...").
pub fn parse_text(text: &str) -> Result<Element, String> {
    let doc = parse_doc(text).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    let mut e = convert(&doc, root);
    // whitespace between tags is not a node for upstream's parser
    let blank = |n: &roxmltree::Node| n.is_text() && n.text().is_some_and(|t| t.trim().is_empty());
    if let Some(first) = root.children().find(|n| !blank(n)) {
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
            Some(bytes) => parse_text(&String::from_utf8_lossy(bytes)),
        };
        drop(res);
        let mut root = root.map_err(|m| XmlError::at(&c, &format!("Include error: '{}'", m)))?;
        cx.included.insert(filename.clone());
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
        assert!(e.starts_with("XML parse error 18:\nError=XML_ELEMENT_DEPTH_EXCEEDED ErrorID=18 (0x12) Line number=1:"), "{e}");
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
