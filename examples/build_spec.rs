//! Builds a cart-pole in code with `Spec`, compiles it, swings it up with a simple energy
//! controller, and prints the model as MJCF.
//!
//! `cargo run --release --example build_spec`

use mujoco_native::{Data, GeomShape, JointKind, Model, Spec};

/// The cart-pole: a cart on a rail (slide joint, motor) carrying a hinged pole.
fn cartpole() -> mujoco_native::Result<Spec> {
    let mut spec = Spec::new();
    spec.option_mut().timestep = 0.01;
    let mut world = spec.world();
    world.add_geom().name("floor").shape(GeomShape::Plane).size([2.0, 2.0, 0.1]);
    let mut cart = world.add_body();
    cart.name("cart").pos([0.0, 0.0, 1.0]);
    cart.add_joint(JointKind::Slide).name("slider").axis([1.0, 0.0, 0.0]).range(-1.0, 1.0).damping(0.1);
    cart.add_geom().name("cart").shape(GeomShape::Box).size([0.2, 0.1, 0.05]).mass(1.0);
    let mut pole = cart.add_body();
    pole.name("pole");
    pole.add_joint(JointKind::Hinge).name("hinge").axis([0.0, 1.0, 0.0]).damping(0.01);
    pole.add_geom()
        .name("pole")
        .shape(GeomShape::Capsule)
        .fromto([0.0, 0.0, 0.0, 0.0, 0.0, -0.6])
        .size([0.03, 0.0, 0.0])
        .mass(0.2);
    spec.add_motor("slider").name("push").gear(10.0).ctrlrange(-1.0, 1.0);
    Ok(spec)
}

/// The same cart-pole written as MJCF, to check the built one against.
#[cfg(test)]
const CARTPOLE_XML: &str = r#"
<mujoco>
  <option timestep="0.01"/>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 .1"/>
    <body name="cart" pos="0 0 1">
      <joint name="slider" type="slide" axis="1 0 0" range="-1 1" limited="true" damping=".1"/>
      <geom name="cart" type="box" size=".2 .1 .05" mass="1"/>
      <body name="pole">
        <joint name="hinge" type="hinge" axis="0 1 0" damping=".01"/>
        <geom name="pole" type="capsule" fromto="0 0 0 0 0 -.6" size=".03" mass=".2"/>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor name="push" joint="slider" gear="10" ctrlrange="-1 1" ctrllimited="true"/>
  </actuator>
</mujoco>"#;

/// Pumps energy into the hanging pole for `seconds`; returns the highest pole angle reached.
fn swing(model: &Model, seconds: f64) -> mujoco_native::Result<f64> {
    let (hinge, push) = (model.joint("hinge").expect("hinge"), model.actuator("push").expect("push"));
    let mut data = Data::new(model)?;
    data.qvel_mut()[1] = 0.5; // a nudge
    let mut highest: f64 = 0.0;
    while data.time() < seconds {
        let (angle, rate) = (data.joint_qpos(hinge)[0], data.joint_qvel(hinge)[0]);
        // push the cart with the pole's swing (angle measured from hanging down)
        data.set_ctrl(push, if rate * angle.cos() > 0.0 { 1.0 } else { -1.0 });
        data.step()?;
        highest = highest.max(angle.abs());
    }
    Ok(highest)
}

fn main() -> mujoco_native::Result<()> {
    let mut spec = cartpole()?;
    let model = spec.compile()?;
    println!("{}", spec.to_xml()?);
    let highest = swing(&model, 10.0)?;
    println!("highest pole angle in 10 s: {highest:.2} rad from hanging");
    Ok(())
}

#[test]
fn the_built_model_equals_the_mjcf_one() {
    let built = cartpole().unwrap().compile().unwrap();
    let parsed = Model::from_xml_string(CARTPOLE_XML).unwrap();
    assert_eq!(built.to_mjb(), parsed.to_mjb(), "the same mjModel, byte for byte");
    assert!(swing(&built, 5.0).unwrap() > 1.0, "the pole swings up past 1 rad");
}
