// Builds Qhull's libqhull_r (vendored, unmodified) and the shim into one static library.
use std::fs;

fn main() {
    let dir = "libqhull_r";
    let mut sources: Vec<String> = fs::read_dir(dir)
        .expect("vendor/qhull/libqhull_r is missing")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    sources.sort();
    println!("cargo:rerun-if-changed={dir}");
    println!("cargo:rerun-if-changed=src/shim.c");
    cc::Build::new().files(&sources).file("src/shim.c").include(dir).compile("qhull_r");
}
