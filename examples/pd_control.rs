//! A PD controller that holds the arm's joints at targets, addressing joints, actuators and
//! sensors by name.
//!
//! `cargo run --release --example pd_control`

use mujoco_native::{Data, Model};

/// Drives shoulder and elbow to the targets (radians) for `seconds`; returns the final data.
fn hold(targets: [f64; 2], seconds: f64) -> mujoco_native::Result<Data> {
    let model = Model::from_xml(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/models/arm.xml"))?;
    let joints = ["shoulder", "elbow"].map(|n| model.joint(n).expect("joint in the model"));
    let motors = ["shoulder", "elbow"].map(|n| model.actuator(n).expect("actuator in the model"));
    let hand = model.sensor("hand").expect("sensor in the model");
    let (kp, kd) = (10.0, 1.0);

    let mut data = Data::new(&model)?;
    while data.time() < seconds {
        for k in 0..2 {
            let (q, v) = (data.joint_qpos(joints[k])[0], data.joint_qvel(joints[k])[0]);
            data.set_ctrl(motors[k], (kp * (targets[k] - q) - kd * v).clamp(-1.0, 1.0));
        }
        data.step()?;
    }
    println!(
        "t = {:.1} s: shoulder {:.4}, elbow {:.4}, hand at {:?}",
        data.time(),
        data.qpos()[0],
        data.qpos()[1],
        data.sensor(hand)
    );
    Ok(data)
}

fn main() {
    if let Err(e) = hold([-0.5, 1.0], 3.0) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

#[test]
fn the_joints_reach_their_targets() {
    let data = hold([-0.5, 1.0], 3.0).unwrap();
    // gravity leaves a small steady-state offset under pure PD control
    assert!((data.qpos()[0] + 0.5).abs() < 0.1, "shoulder {}", data.qpos()[0]);
    assert!((data.qpos()[1] - 1.0).abs() < 0.1, "elbow {}", data.qpos()[1]);
    assert!(data.qvel().iter().all(|v| v.abs() < 1e-2), "at rest: {:?}", data.qvel());
}
