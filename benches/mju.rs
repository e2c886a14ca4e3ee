//! The hot mju_ kernels against upstream 3.4.0's, same inputs, same process.
//!
//! Upstream's library comes from the reference wheel (`capi-tests/refget.sh`, cached under
//! `target/mjref`); it is opened with dlopen and its functions are called through pointers, and
//! so are ours (their C entry points, through pointers the optimiser cannot see through), so
//! neither side is inlined into the benchmark loop.
//!
//!     cargo bench --bench mju

use core::ffi::c_int;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

mod common;
use common::Reference;
use mujoco_native::capi::{mju_dense, mju_solve};

type MulMatVec = unsafe extern "C" fn(*mut f64, *const f64, *const f64, c_int, c_int);
type CholSolve = unsafe extern "C" fn(*mut f64, *const f64, *const f64, c_int);
type CholFactor = unsafe extern "C" fn(*mut f64, c_int, f64) -> c_int;
type MulQuat = unsafe extern "C" fn(*mut f64, *const f64, *const f64);
type RotVecQuat = unsafe extern "C" fn(*mut f64, *const f64, *const f64);

fn lcg(seed: &mut u64) -> f64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ((*seed >> 11) as f64) / (1u64 << 53) as f64 - 0.5
}

fn spd(n: usize, seed: &mut u64) -> Vec<f64> {
    let b: Vec<f64> = (0..n * n).map(|_| lcg(seed)).collect();
    let mut a = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            a[i * n + j] = (0..n).map(|k| b[i * n + k] * b[j * n + k]).sum::<f64>() + if i == j { 1.0 } else { 0.0 };
        }
    }
    a
}

fn kernels(c: &mut Criterion) {
    let r = Reference::open();
    let mut seed = 7u64;

    for &(nr, nc) in &[(6usize, 6usize), (30, 30), (100, 60)] {
        let mat: Vec<f64> = (0..nr * nc).map(|_| lcg(&mut seed)).collect();
        let vec: Vec<f64> = (0..nc).map(|_| lcg(&mut seed)).collect();
        let mut res = vec![0.0; nr];
        let up: MulMatVec = r.get("mju_mulMatVec");
        let ours: MulMatVec = black_box(mju_dense::mju_mulMatVec);
        let mut g = c.benchmark_group(format!("mju_mulMatVec {nr}x{nc}"));
        g.bench_function("ours", |b| {
            b.iter(|| unsafe {
                ours(res.as_mut_ptr(), black_box(mat.as_ptr()), vec.as_ptr(), nr as c_int, nc as c_int)
            })
        });
        g.bench_function("upstream", |b| {
            b.iter(|| unsafe { up(res.as_mut_ptr(), black_box(mat.as_ptr()), vec.as_ptr(), nr as c_int, nc as c_int) })
        });
        g.finish();
    }

    for &n in &[6usize, 30, 100] {
        let mut a = spd(n, &mut seed);
        let factor: CholFactor = r.get("mju_cholFactor");
        unsafe { factor(a.as_mut_ptr(), n as c_int, 0.0) };
        let vec: Vec<f64> = (0..n).map(|_| lcg(&mut seed)).collect();
        let mut res = vec![0.0; n];
        let up: CholSolve = r.get("mju_cholSolve");
        let ours: CholSolve = black_box(mju_solve::mju_cholSolve);
        let mut g = c.benchmark_group(format!("mju_cholSolve {n}"));
        g.bench_function("ours", |b| {
            b.iter(|| unsafe { ours(res.as_mut_ptr(), black_box(a.as_ptr()), vec.as_ptr(), n as c_int) })
        });
        g.bench_function("upstream", |b| {
            b.iter(|| unsafe { up(res.as_mut_ptr(), black_box(a.as_ptr()), vec.as_ptr(), n as c_int) })
        });
        g.finish();
    }

    let q1 = [0.5f64, 0.5, -0.5, 0.5];
    let q2 = [0.8f64, 0.0, 0.6, 0.0];
    let v = [0.3f64, -1.2, 2.0];
    let mut out = [0.0f64; 4];
    let upq: MulQuat = r.get("mju_mulQuat");
    let ourq: MulQuat = black_box(mju_dense::mju_mulQuat);
    let mut g = c.benchmark_group("mju_mulQuat");
    g.bench_function("ours", |b| b.iter(|| unsafe { ourq(out.as_mut_ptr(), black_box(q1.as_ptr()), q2.as_ptr()) }));
    g.bench_function("upstream", |b| b.iter(|| unsafe { upq(out.as_mut_ptr(), black_box(q1.as_ptr()), q2.as_ptr()) }));
    g.finish();
    let upr: RotVecQuat = r.get("mju_rotVecQuat");
    let ourr: RotVecQuat = black_box(mju_dense::mju_rotVecQuat);
    let mut g = c.benchmark_group("mju_rotVecQuat");
    g.bench_function("ours", |b| b.iter(|| unsafe { ourr(out.as_mut_ptr(), black_box(v.as_ptr()), q1.as_ptr()) }));
    g.bench_function("upstream", |b| b.iter(|| unsafe { upr(out.as_mut_ptr(), black_box(v.as_ptr()), q1.as_ptr()) }));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = kernels
}
criterion_main!(benches);
