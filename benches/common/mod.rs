//! Shared by the benches: upstream's library from the reference wheel (`capi-tests/refget.sh`,
//! cached under `target/mjref`), opened with dlopen so its symbols do not replace ours.

use core::ffi::c_void;
use std::ffi::CString;

/// Upstream's library, opened privately so its symbols do not replace ours.
pub struct Reference(*mut c_void);

impl Reference {
    pub fn open() -> Reference {
        let dir = std::env::var("MJREF_DIR").unwrap_or_else(|_| {
            let out = std::process::Command::new("capi-tests/refget.sh").output().expect("refget.sh");
            String::from_utf8(out.stdout).unwrap().trim().to_string()
        });
        let path = CString::new(format!("{dir}/lib/libmujoco.so.3.4.0")).unwrap();
        let h = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        assert!(!h.is_null(), "cannot open the reference library in {dir}");
        Reference(h)
    }
    pub fn get<T: Copy>(&self, name: &str) -> T {
        let c = CString::new(name).unwrap();
        let p = unsafe { libc::dlsym(self.0, c.as_ptr()) };
        assert!(!p.is_null(), "{name} missing from the reference");
        unsafe { core::mem::transmute_copy(&p) }
    }
}
