//! `mj_step` on the project's models, ours against upstream 3.4.0's in the same process.
//!
//! Each model in `models/` is compiled by upstream (`mj_loadXML` + `mj_saveModel` of the reference
//! wheel, opened with dlopen) into an MJB that both libraries load. Constraints are disabled
//! until collision and the solvers exist.
//!
//!     cargo bench --bench step

use core::ffi::{c_char, c_int, c_void};
use std::ffi::CString;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

mod common;
use common::Reference;
use mujoco_native::abi::{mjData, mjModel};
use mujoco_native::capi::{data as cdata, forward, model as cmodel};

type LoadXml = unsafe extern "C" fn(*const c_char, *const c_void, *mut c_char, c_int) -> *mut c_void;
type SaveModel = unsafe extern "C" fn(*const c_void, *const c_char, *mut c_void, c_int);
type LoadModel = unsafe extern "C" fn(*const c_char, *const c_void) -> *mut mjModel;
type MakeData = unsafe extern "C" fn(*const mjModel) -> *mut mjData;
type Step = unsafe extern "C" fn(*const mjModel, *mut mjData);

fn steps(c: &mut Criterion) {
    let r = Reference::open();
    let (load_xml, save): (LoadXml, SaveModel) = (r.get("mj_loadXML"), r.get("mj_saveModel"));
    let (load_ref, make_ref, step_ref, reset_ref): (LoadModel, MakeData, Step, Step) =
        (r.get("mj_loadModel"), r.get("mj_makeData"), r.get("mj_step"), r.get("mj_resetData"));
    std::fs::create_dir_all("target/bench").unwrap();
    let mut models: Vec<_> = std::fs::read_dir("models").unwrap().flatten().map(|e| e.path()).collect();
    models.sort();
    for xml in models.iter().filter(|p| p.extension().is_some_and(|e| e == "xml")) {
        let name = xml.file_stem().unwrap().to_string_lossy().to_string();
        let mjb = CString::new(format!("target/bench/{name}.mjb")).unwrap();
        let xmlc = CString::new(xml.to_string_lossy().as_bytes()).unwrap();
        unsafe {
            let mut err = [0 as c_char; 500];
            let up = load_xml(xmlc.as_ptr(), core::ptr::null(), err.as_mut_ptr(), 500);
            assert!(!up.is_null(), "upstream cannot load {name}");
            save(up, mjb.as_ptr(), core::ptr::null_mut(), 0);
        }
        let (mo, mr) = unsafe {
            (cmodel::mj_loadModel(mjb.as_ptr(), core::ptr::null()), load_ref(mjb.as_ptr(), core::ptr::null()))
        };
        unsafe {
            (*mo).opt.disableflags |= 1;
            (*mr).opt.disableflags |= 1;
        }
        let (dou, dre) = unsafe { (cdata::mj_makeData(mo), make_ref(mr)) };
        let mut g = c.benchmark_group(format!("mj_step x100 {name}"));
        g.bench_function("ours", |b| {
            b.iter(|| unsafe {
                for _ in 0..100 {
                    forward::mj_step(black_box(mo), dou);
                }
                cdata::mj_resetData(mo, dou);
            })
        });
        g.bench_function("upstream", |b| {
            b.iter(|| unsafe {
                for _ in 0..100 {
                    step_ref(black_box(mr), dre);
                }
                reset_ref(mr, dre);
            })
        });
        g.finish();
    }
}

criterion_group!(benches, steps);
criterion_main!(benches);
