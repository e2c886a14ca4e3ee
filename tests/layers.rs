//! Calls go down only: each top-level module of `src/` may name (through `crate::`) only the
//! modules below it in [`LAYERS`]. Test code (`#[cfg(test)]` and what follows it) is exempt.

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first (docs/ARCHITECTURE.md explains them).
const LAYERS: &[&str] = &[
    "abi", "runtime", "math", "model", "data", "engine", "io", "spec", "compiler", "xml", "vis", "render", "ui", "api",
    "capi",
];

/// `crate::NAME` references of the non-test code of one file (comments left out).
fn references(text: &str) -> BTreeSet<String> {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    let code: String = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let text = code.as_str();
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let name: String = text[i + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        out.insert(name);
    }
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Upward references as `file -> module`.
fn upward(src: &Path) -> Vec<String> {
    let mut bad = Vec::new();
    for (level, layer) in LAYERS.iter().enumerate() {
        let mut fs = Vec::new();
        files(&src.join(layer), &mut fs);
        assert!(!fs.is_empty(), "no files in src/{layer}");
        for f in fs {
            for r in references(&std::fs::read_to_string(&f).unwrap()) {
                if let Some(l) = LAYERS.iter().position(|x| *x == r) {
                    if l > level {
                        bad.push(format!("{} -> {}", f.display(), r));
                    }
                }
            }
        }
    }
    bad
}

#[test]
fn calls_go_down_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let layered: BTreeSet<_> = LAYERS.iter().map(|s| s.to_string()).collect();
    let dirs: BTreeSet<_> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "bin")
        .collect();
    assert_eq!(dirs, layered, "every module of src/ has a place in LAYERS");
    let bad = upward(&src);
    assert!(bad.is_empty(), "calls that go up a layer:\n{}", bad.join("\n"));
}

#[test]
fn an_upward_reference_is_found() {
    let r = references("use crate::engine::forward;\n/// see crate::vis\nfn f() { crate::capi::x(); } // crate::ui\n#[cfg(test)]\nmod t { use crate::xml; }");
    assert_eq!(r.into_iter().collect::<Vec<_>>(), ["capi", "engine"]);
}
