//! Prints what src/compiler/mesh/obj.rs reads from each OBJ file given on the command line,
//! in the format of obj_ref.cc. Build: rustc -O --edition 2021 obj_dump.rs
#[path = "../../src/compiler/mesh/obj.rs"]
#[allow(dead_code)]
mod obj;

use std::fmt::Write as _;
use std::io::Write as _;

fn floats(out: &mut String, tag: &str, a: &[f32]) {
    let _ = writeln!(out, "{} {}", tag, a.len());
    for (i, x) in a.iter().enumerate() {
        let sep = if i + 1 == a.len() || i % 8 == 7 { '\n' } else { ' ' };
        let _ = write!(out, "{:08x}{}", x.to_bits(), sep);
    }
}

fn main() {
    let mut out = String::new();
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    for path in std::env::args().skip(1) {
        out.clear();
        let bytes = std::fs::read(&path).unwrap_or_default();
        let _ = writeln!(out, "=== {}", path);
        match obj::parse_obj(&bytes) {
            Err(()) => out.push_str("valid 0\n"),
            Ok(d) => {
                out.push_str("valid 1\n");
                floats(&mut out, "v", &d.vertices);
                floats(&mut out, "vn", &d.normals);
                floats(&mut out, "vt", &d.texcoords);
                match &d.first_shape {
                    None => out.push_str("shape0 none\n"),
                    Some((ix, nfv)) => {
                        let _ = writeln!(out, "shape0 {} {}", ix.len(), nfv.len());
                        for (i, x) in ix.iter().enumerate() {
                            let sep = if i + 1 == ix.len() || i % 9 == 8 { '\n' } else { ' ' };
                            let _ = write!(out, "{}/{}/{}{}", x.vertex, x.normal, x.texcoord, sep);
                        }
                        for (i, x) in nfv.iter().enumerate() {
                            let sep = if i + 1 == nfv.len() || i % 24 == 23 { '\n' } else { ' ' };
                            let _ = write!(out, "{}{}", x, sep);
                        }
                    }
                }
            }
        }
        let _ = lock.write_all(out.as_bytes());
    }
}
