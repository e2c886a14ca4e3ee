//! MJCF reader: XML text to a model specification (`crate::spec::Spec`).
//!
//! `tree` turns text into an owned element tree and splices `<include>` files in, `schema`
//! checks element nesting and attribute names, `reader` fills the spec.

pub mod deps;
pub mod attach;
pub mod reader;
pub mod schema;
mod schema_table;
pub mod sections;
pub mod tree;
pub mod writer;

use crate::spec::Spec;

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

/// Reads files for the reader: the VFS first, then the file system.
pub struct Files<'a> {
    pub vfs: Option<&'a crate::io::vfs::Vfs>,
}

impl tree::FileSource for Files<'_> {
    fn read(&self, name: &str) -> Option<Vec<u8>> {
        if let Some(v) = self.vfs {
            if let Ok(c) = std::ffi::CString::new(name) {
                if let Some(f) = v.get(&c) {
                    return Some(f.data.clone());
                }
            }
        }
        std::fs::read(name).ok()
    }
}

/// Parses MJCF text (from file `path`, used for includes) into a spec.
pub fn parse_mjcf(text: &str, path: &str, src: &dyn tree::FileSource) -> Result<Spec, String> {
    parse_at_depth(text, path, src, 0).map(|(s, _)| s)
}

/// Like `parse_mjcf`, also returning the element tree with includes spliced in.
pub fn parse_mjcf_tree(text: &str, path: &str, src: &dyn tree::FileSource) -> Result<(Spec, tree::Element), String> {
    parse_at_depth(text, path, src, 0)
}

fn parse_at_depth(text: &str, path: &str, src: &dyn tree::FileSource, depth: usize) -> Result<(Spec, tree::Element), String> {
    let mut root = tree::parse_text(text).map_err(|e| format!("XML parse error:\n{}\n", e))?;
    let dir = match path.rfind(['/', '\\']) {
        Some(i) => path[..=i].to_string(),
        None => String::new(),
    };
    let mut included = std::collections::HashSet::new();
    tree::expand_includes(&mut root, &dir, &dir, src, &mut included).map_err(|e| e.message)?;
    if root.name != "mujoco" {
        return Err("Unrecognized XML model type: '".to_string() + &root.name + "'");
    }
    schema::check(&root).map_err(|e| e.message)?;
    let mut spec = Spec::default();
    spec.modelfiledir = dir.clone();
    load_models(&root, &dir, src, &mut spec, depth)?;
    reader::read(&root, &mut spec).map_err(|e| e.message)?;
    sections::load_texture_files(&mut spec, src);
    Ok((spec, root))
}

/// Parses the models named in `<asset><model>` (files relative to the model's folder), for
/// `<attach>`; a model's name is its `name` attribute, else the name inside its file.
fn load_models(root: &tree::Element, dir: &str, src: &dyn tree::FileSource, spec: &mut Spec, depth: usize) -> Result<(), String> {
    for sec in root.children_named("asset") {
        for e in sec.children_named("model") {
            let Some(file) = e.attr("file") else {
                return Err(XmlError::at(e, "required attribute missing: 'file'").message);
            };
            let path = sections::join_path(dir, file);
            let fail = |m: &str| XmlError::at(e, &format!("could not parse model file with error: {}", m)).message;
            if depth > 20 {
                return Err(fail("models are nested too deeply"));
            }
            let bytes = match src.read(&path) {
                Some(b) => b,
                None => return Err(fail(&format!("ParseXML: Error opening file '{}': No such file or directory", path))),
            };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let (child, _) = parse_at_depth(&text, &path, src, depth + 1).map_err(|m| fail(&m))?;
            let name = e.attr("name").map(|n| n.to_string()).unwrap_or_else(|| child.modelname.clone());
            spec.models.push((name, Box::new(child)));
        }
    }
    Ok(())
}
