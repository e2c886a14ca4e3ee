//! MJCF writer for `mj_saveLastXML`.
//!
//! The last successfully loaded model is kept as its element tree (includes already spliced
//! in), which the reader turns into exactly the same spec, together with the MJB image of the
//! model compiled from it. Saving writes that tree back as XML; it is refused when the file
//! would not load back to the model passed in (model changed after loading, or relative file
//! references that would resolve differently from another folder).

use std::sync::Mutex;

use super::tree::Element;

/// What is remembered from the last successful `mj_loadXML`.
struct Saved {
    /// MJCF text to write, or why it cannot be written.
    text: Result<String, String>,
    /// MJB image of the compiled model.
    mjb: Vec<u8>,
}

static LAST: Mutex<Option<Saved>> = Mutex::new(None);

/// Attributes that name files to read.
fn names_file(attr: &str) -> bool {
    attr.starts_with("file") || matches!(attr, "meshdir" | "texturedir" | "assetdir")
}

/// First element kind holding a file reference, if any.
fn file_reference(e: &Element) -> Option<String> {
    if e.attrs.iter().any(|(k, _)| names_file(k)) || e.name == "model" {
        return Some(e.name.to_string());
    }
    e.children.iter().find_map(file_reference)
}

fn escape(v: &str, out: &mut String) {
    for c in v.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
}

fn write_element(e: &Element, depth: usize, out: &mut String) {
    for _ in 0..depth {
        out.push_str("  ");
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
    if e.children.is_empty() {
        out.push_str("/>\n");
        return;
    }
    out.push_str(">\n");
    for c in &e.children {
        super::deep(|| write_element(c, depth + 1, out));
    }
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str("</");
    out.push_str(&e.name);
    out.push_str(">\n");
}

/// MJCF text of an element tree.
pub fn to_text(root: &Element) -> String {
    let mut out = String::new();
    write_element(root, 0, &mut out);
    out
}

/// MJB image of a model.
fn mjb_of(m: &crate::abi::mjModel) -> Vec<u8> {
    let n = crate::io::mjb::model_file_size(m);
    let mut buf = vec![0u8; n];
    // SAFETY: `buf` holds exactly the model's MJB size.
    unsafe { crate::io::mjb::save_buffer(m, buf.as_mut_ptr(), n) };
    buf
}

fn is_abs(p: &str) -> bool {
    p.starts_with('/') || p.starts_with('\\') || (p.len() > 1 && p.as_bytes()[1] == b':')
}

/// Tree whose file references no longer depend on the folder of the written file: relative
/// asset folders and model files become absolute (under `base`), and an absolute `assetdir`
/// is set first so files named without a folder still resolve where they did.
fn anchor_files(root: &Element, base: &str) -> Element {
    let abs = |v: &str| if is_abs(v) { v.to_string() } else { format!("{}{}", base, v) };
    let mut out = root.clone();
    let mut has_assetdir = false;
    for c in out.children.iter_mut() {
        if c.name == "compiler" {
            for (k, v) in c.attrs.iter_mut() {
                if matches!(k.as_str(), "meshdir" | "texturedir" | "assetdir") {
                    has_assetdir |= k == "assetdir";
                    *v = abs(v);
                }
            }
        }
        if c.name == "asset" {
            for a in c.children.iter_mut().filter(|a| a.name == "model") {
                for (k, v) in a.attrs.iter_mut() {
                    if k == "file" {
                        *v = abs(v);
                    }
                }
            }
        }
    }
    if !has_assetdir {
        let mut e = Element::default();
        e.name = "compiler".into();
        e.attrs = vec![("assetdir".into(), base.to_string())];
        out.children.insert(0, e);
    }
    out
}

/// Remembers `root` (the expanded tree of a model that compiled to `m`) for `save`; `dir` is
/// the model's folder when its files came from the file system (None for a VFS or provider).
pub fn remember(root: &Element, m: &crate::abi::mjModel, dir: Option<&str>) {
    let text = match (file_reference(root), dir) {
        // upstream writes a URDF model as MJCF made from its spec
        _ if root.name.eq_ignore_ascii_case("robot") => Err("not supported yet: saving models loaded from URDF".to_string()),
        (None, _) => Ok(to_text(root)),
        (Some(_), Some(d)) => {
            let base = if is_abs(d) {
                Some(d.to_string())
            } else {
                std::env::current_dir().ok().and_then(|c| c.to_str().map(|c| format!("{}/{}", c, d)))
            };
            match base {
                Some(b) => Ok(to_text(&anchor_files(root, &b))),
                None => Err("not supported yet: saving models that reference files".to_string()),
            }
        }
        (Some(kind), None) => Err(format!("not supported yet: saving models that reference files from a VFS or a resource provider (element '{}')", kind)),
    };
    let saved = Saved { text, mjb: mjb_of(m) };
    if let Ok(mut g) = LAST.lock() {
        *g = Some(saved);
    }
}

/// Forgets the last loaded model.
pub fn forget() {
    if let Ok(mut g) = LAST.lock() {
        *g = None;
    }
}

/// MJCF text of the last loaded model, checked against `m` (when given).
pub fn last_xml(m: Option<&crate::abi::mjModel>) -> Result<String, String> {
    let g = LAST.lock().map_err(|_| "No XML model loaded".to_string())?;
    let Some(saved) = g.as_ref() else {
        return Err("No XML model loaded".to_string());
    };
    let text = saved.text.clone()?;
    if let Some(m) = m {
        let now = mjb_of(m);
        if now.len() != saved.mjb.len() {
            return Err("incompatible models in CopyBack".to_string());
        }
        if now != saved.mjb {
            return Err("not supported yet: saving a model whose values changed after loading".to_string());
        }
    }
    Ok(text)
}
