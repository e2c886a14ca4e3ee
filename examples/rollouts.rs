//! Many rollouts of one model on all cores, each with its own controls, and a check that the
//! result equals the one-thread result bit for bit.
//!
//! `cargo run --release --example rollouts`

use mujoco_native::{rollout, Data, Model, StateParts};

fn run(n: usize, nstep: usize, nthread: usize) -> mujoco_native::Result<Vec<Vec<f64>>> {
    let model = Model::from_xml(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/models/arm.xml"))?;
    let start = Data::new(&model)?.state(StateParts::FULLPHYSICS);
    let starts = vec![start; n];
    // rollout r drives the shoulder with a sine of its own frequency
    let control = |r: usize, t: usize, ctrl: &mut [f64]| ctrl[0] = (0.002 * t as f64 * (1.0 + r as f64)).sin();
    let t0 = std::time::Instant::now();
    let out = rollout(&model, &starts, nstep, nthread, control)?;
    let secs = t0.elapsed().as_secs_f64();
    println!("{n} rollouts x {nstep} steps on {nthread} threads: {:.0} steps/s", (n * nstep) as f64 / secs);
    Ok(out)
}

fn main() -> mujoco_native::Result<()> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let parallel = run(16, 2000, threads)?;
    let serial = run(16, 2000, 1)?;
    assert_eq!(parallel, serial, "parallel rollouts equal serial ones");
    println!("the same trajectories, bit for bit");
    Ok(())
}

#[test]
fn parallel_equals_serial() {
    assert_eq!(run(5, 200, 3).unwrap(), run(5, 200, 1).unwrap());
}
