//! Loads a model (an MJCF or URDF path as the argument, or the examples' arm) and simulates
//! two seconds of it, printing the state now and then.
//!
//! `cargo run --release --example simulate -- path/to/robot.xml`

use mujoco_native::{Data, Model};

fn run(path: &str, seconds: f64) -> mujoco_native::Result<Data> {
    let model = Model::from_xml(path)?;
    println!("{path}: nq {} nv {} nu {} bodies {}", model.nq(), model.nv(), model.nu(), model.nbody());
    let mut data = Data::new(&model)?;
    let mut next_print = 0.0;
    while data.time() < seconds {
        data.step()?;
        if data.time() >= next_print {
            println!(
                "t = {:5.2} s   qpos[..3] = {:?}   contacts {}",
                data.time(),
                &data.qpos()[..model.nq().min(3)],
                data.contacts().len()
            );
            next_print += 0.5;
        }
    }
    for w in data.warnings() {
        println!("warning (x{}): {}", w.count, w.text);
    }
    Ok(data)
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/models/arm.xml").into());
    if let Err(e) = run(&path, 2.0) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

#[test]
fn the_arm_falls_and_swings() {
    let data = run(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/models/arm.xml"), 0.5).unwrap();
    // unactuated, the arm swings down from horizontal under gravity
    // (a rotation about +y takes the +x link towards -z: the angle grows)
    assert!(data.qpos()[0] > 0.2, "shoulder {}", data.qpos()[0]);
}
