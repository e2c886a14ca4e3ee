//! A small owned element tree made from XML text, with `<include>` files spliced in.

use std::collections::HashSet;

use super::XmlError;

/// One XML element: name, attributes in document order, child elements, source line.
#[derive(Clone, Debug, Default)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub line: i32,
    /// leading comment of the document (root only)
    pub comment: Option<String>,
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

/// Where included files are looked up: a reader of named files (VFS first, then disk).
pub trait FileSource {
    fn read(&self, name: &str) -> Option<Vec<u8>>;
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

fn dir_of(path: &str) -> String {
    match path.rfind(['/', '\\']) {
        Some(i) => path[..=i].to_string(),
        None => String::new(),
    }
}

fn is_abs(path: &str) -> bool {
    path.starts_with('/') || path.starts_with('\\') || (path.len() > 1 && path.as_bytes()[1] == b':')
}

/// Replaces every `<include file=...>` below `e` by the children of the included file's root.
/// `modeldir` is the main model's folder, `dir` the folder of the file being processed.
pub fn expand_includes(
    e: &mut Element,
    modeldir: &str,
    dir: &str,
    src: &dyn FileSource,
    included: &mut HashSet<String>,
) -> Result<(), XmlError> {
    let mut out = Vec::with_capacity(e.children.len());
    for mut c in std::mem::take(&mut e.children) {
        if !c.name.eq_ignore_ascii_case("include") {
            expand_includes(&mut c, modeldir, dir, src, included)?;
            out.push(c);
            continue;
        }
        if !c.children.is_empty() {
            return Err(XmlError::at(&c, "Include element cannot have children"));
        }
        let file = match c.attr("file") {
            Some(f) => f.to_string(),
            None => return Err(XmlError::at(&c, "required attribute missing: 'file'")),
        };
        // legacy lookup in the model folder first, then relative to the including file
        let mut found: Option<(String, Vec<u8>)> = None;
        let first: String = if is_abs(&file) { file.clone() } else { format!("{modeldir}{file}") };
        if let Some(b) = src.read(&first) {
            found = Some((first.clone(), b));
        } else if !is_abs(&file) {
            let second = format!("{dir}{file}");
            if let Some(b) = src.read(&second) {
                found = Some((second, b));
            }
        }
        let (path, bytes) = match found {
            Some(x) => x,
            None => return Err(XmlError::at(&c, &format!("resource not found via provider or OS filesystem: '{}'", first))),
        };
        let key = format!("{dir}{file}");
        if included.contains(&key) {
            return Err(XmlError::at(&c, &format!("File '{}' already included", file)));
        }
        if bytes.is_empty() {
            return Err(XmlError::at(&c, &format!("Empty file '{}'", key)));
        }
        let text = String::from_utf8_lossy(&bytes);
        let root = parse_text(&text)
            .map_err(|m| XmlError::at(&c, &format!("Include error: 'XML parse error:\n{}\n'", m)))?;
        included.insert(key);
        if root.children.is_empty() {
            return Err(XmlError::at(&c, &format!("Empty include file '{}'", file)));
        }
        let next_dir = dir_of(&path);
        let mut holder = Element { name: "include".into(), children: root.children, line: c.line, ..Element::default() };
        expand_includes(&mut holder, modeldir, &next_dir, src, included)?;
        out.extend(holder.children);
    }
    e.children = out;
    Ok(())
}
