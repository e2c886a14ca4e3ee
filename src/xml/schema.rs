//! Checks an element tree against the MJCF schema: known elements in known places, known
//! attributes, and the multiplicity of unique elements.

use super::schema_table::MJCF;
use super::tree::Element;
use super::XmlError;

/// One schema node built from the flat table.
pub struct Node {
    pub name: &'static str,
    pub kind: char,
    pub attrs: Vec<&'static str>,
    pub children: Vec<Node>,
}

fn build(rows: &[(u8, &'static str, char, &'static str)], i: &mut usize) -> Node {
    let (depth, name, kind, attrs) = rows[*i];
    *i += 1;
    let mut n = Node { name, kind, attrs: attrs.split_whitespace().collect(), children: Vec::new() };
    while *i < rows.len() && rows[*i].0 > depth {
        n.children.push(build(rows, i));
    }
    n
}

/// The MJCF schema tree (root: `mujoco`).
pub fn mjcf() -> &'static Node {
    static SCHEMA: std::sync::OnceLock<Node> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut i = 0;
        build(MJCF, &mut i)
    })
}

/// Attributes of `frame` and `replicate`, which the schema treats as bodies.
const FRAME_ATTRS: &[&str] = &["name", "childclass", "pos", "quat", "axisangle", "xyaxes", "zaxis", "euler"];
const REPLICATE_ATTRS: &[&str] = &["count", "offset", "euler", "sep", "childclass"];

fn name_match(node: &Node, e: &Element, level: i32) -> bool {
    if node.name == "body"
        && ((level == 1 && e.name == "worldbody")
            || (level != 1 && e.name == "body")
            || (level >= 1 && (e.name == "frame" || e.name == "replicate")))
    {
        return true;
    }
    node.name == e.name
}

fn check_node(node: &Node, e: &Element, level: i32) -> Result<(), XmlError> {
    if !name_match(node, e, level) {
        return Err(XmlError::at(e, "Schema violation: unrecognized element"));
    }
    for (a, _) in &e.attrs {
        let known = match e.name.as_str() {
            "frame" => FRAME_ATTRS.contains(&a.as_str()),
            "replicate" => REPLICATE_ATTRS.contains(&a.as_str()),
            _ => node.attrs.contains(&a.as_str()),
        };
        if !known {
            return Err(XmlError::at(e, &format!("Schema violation: unrecognized attribute: '{}'", a)));
        }
    }
    let mut counts = vec![0usize; node.children.len()];
    for c in &e.children {
        let mut found = false;
        for (k, sub) in node.children.iter().enumerate() {
            if name_match(sub, c, level + 1) {
                super::deep(|| check_node(sub, c, level + 1))?;
                counts[k] += 1;
                found = true;
                break;
            }
        }
        if !found {
            if node.kind == 'R' && name_match(node, c, level + 1) {
                // as upstream, only nested bodies are checked; frames and replicates
                // (and everything inside them) are taken as they are
                if c.name == node.name {
                    super::deep(|| check_node(node, c, level + 1))?;
                }
            } else {
                return Err(XmlError::at(c, "Schema violation: unrecognized element"));
            }
        }
    }
    for (sub, &n) in node.children.iter().zip(&counts) {
        let msg = match sub.kind {
            '!' if n > 1 => Some(format!("unique element '{}' found {} times", sub.name, n)),
            '!' if n < 1 => Some(format!("element '{}' is required", sub.name)),
            '?' if n > 1 => Some(format!("unique element '{}' found {} times", sub.name, n)),
            _ => None,
        };
        if let Some(m) = msg {
            return Err(XmlError::at(e, &format!("Schema violation: {}", m)));
        }
    }
    Ok(())
}

/// Validates the whole document.
pub fn check(root: &Element) -> Result<(), XmlError> {
    check_node(mjcf(), root, 0)
}

fn print_node(n: &Node, level: usize, html: bool, pad: bool, out: &mut String) {
    let indent = if pad { "   ".repeat(level) } else { String::new() };
    let name = if n.name == "body" { "(world)body" } else { n.name };
    if html {
        out.push_str(&format!(
            "<tr><td>{}{}</td><td>{}</td><td>{}</td></tr>\n",
            indent,
            name,
            n.kind,
            n.attrs.join(" ")
        ));
    } else {
        out.push_str(&format!("{}{} ({}) {}\n", indent, name, n.kind, n.attrs.join(" ")));
    }
    for c in &n.children {
        print_node(c, level + 1, html, pad, out);
    }
}

/// The schema as text (one element a line) or as html table rows.
pub fn print(html: bool, pad: bool) -> String {
    let mut s = String::new();
    if html {
        s.push_str("<table border=\"1\">\n");
    }
    print_node(mjcf(), 0, html, pad, &mut s);
    if html {
        s.push_str("</table>\n");
    }
    s
}
