// Compiles the C-variadic entry points (stable Rust cannot define them).
fn main() {
    println!("cargo:rerun-if-changed=src/capi/variadic.c");
    cc::Build::new().file("src/capi/variadic.c").flag("-fvisibility=default").compile("mjvariadic");
}
