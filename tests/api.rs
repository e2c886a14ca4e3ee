//! The Rust API against the C API of the same library: same numbers, upstream's messages.

use mujoco_native::abi::mjData;
use mujoco_native::capi::{data as cdata, forward as cforward};
use mujoco_native::{rollout, Assets, Data, Error, Model, StateParts};

const ARM: &str = r#"
<mujoco>
  <option timestep="0.005"/>
  <worldbody>
    <geom type="plane" size="2 2 .1"/>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0" damping=".1"/>
      <geom type="capsule" fromto="0 0 0 .4 0 0" size=".04"/>
      <body name="lower" pos=".4 0 0">
        <joint name="elbow" type="hinge" axis="0 1 0" damping=".1"/>
        <geom type="capsule" fromto="0 0 0 .4 0 0" size=".03"/>
        <site name="tip" pos=".4 0 0"/>
      </body>
    </body>
    <body name="box" pos=".5 0 .2">
      <freejoint name="box"/>
      <geom type="box" size=".05 .05 .05"/>
    </body>
  </worldbody>
  <actuator>
    <motor name="shoulder" joint="shoulder" gear="10"/>
    <motor name="elbow" joint="elbow" gear="5"/>
  </actuator>
  <sensor>
    <jointpos name="elbow" joint="elbow"/>
    <framepos name="tip" objtype="site" objname="tip"/>
  </sensor>
  <keyframe>
    <key name="bent" qpos="0.3 -0.6  .5 0 .2 1 0 0 0"/>
  </keyframe>
</mujoco>"#;

fn arm() -> Model {
    Model::from_xml_string(ARM).expect("the arm compiles")
}

#[test]
fn steps_equal_the_c_api_bit_for_bit() {
    let model = arm();
    let mut data = Data::new(&model).unwrap();
    // SAFETY: C API calls on a model and data made by this library for each other
    let c: *mut mjData = unsafe { cdata::mj_makeData(model.as_ptr()) };
    for t in 0..300 {
        let u = [(t as f64 * 0.05).sin(), (t as f64 * 0.03).cos()];
        data.ctrl_mut().copy_from_slice(&u);
        // SAFETY: as above; ctrl has nu = 2 numbers
        unsafe {
            core::ptr::copy_nonoverlapping(u.as_ptr(), (*c).ctrl, 2);
            cforward::mj_step(model.as_ptr(), c);
        }
        data.step().unwrap();
    }
    // SAFETY: as above
    let (qpos, qvel, ncon) = unsafe {
        (
            std::slice::from_raw_parts((*c).qpos, model.nq()).to_vec(),
            std::slice::from_raw_parts((*c).qvel, model.nv()).to_vec(),
            (*c).ncon,
        )
    };
    assert_eq!(
        data.qpos().iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        qpos.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
    );
    assert_eq!(
        data.qvel().iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        qvel.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
    );
    assert_eq!(data.contacts().len(), ncon as usize);
    assert!(ncon > 0, "the box rests on the plane");
    // SAFETY: made above, freed once
    unsafe { cdata::mj_deleteData(c) };
}

#[test]
fn names_give_typed_ids_and_views() {
    let model = arm();
    let elbow = model.joint("elbow").unwrap();
    let free = model.joint("box").unwrap();
    assert_eq!(elbow.name(&model), "elbow");
    assert!(model.joint("knee").is_none());
    let mut data = Data::new(&model).unwrap();
    data.reset_to_key(model.key("bent").unwrap()).unwrap();
    assert_eq!(data.joint_qpos(elbow), &[-0.6]);
    assert_eq!(data.joint_qpos(free), &[0.5, 0.0, 0.2, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(data.joint_qvel(free).len(), 6);
    data.set_ctrl(model.actuator("elbow").unwrap(), 0.25);
    assert_eq!(data.ctrl(), &[0.0, 0.25]);
    data.forward().unwrap();
    // the elbow sensor reads the joint angle; the tip is .4 from the elbow along the forearm
    assert_eq!(data.sensor(model.sensor("elbow").unwrap()), &[-0.6]);
    let tip = data.sensor(model.sensor("tip").unwrap()).to_vec();
    let lower = data.body_xpos(model.body("lower").unwrap());
    let a: f64 = 0.3 - 0.6; // rotations about +y add up; x = .4 cos, z = -.4 sin
    assert!((tip[0] - (lower[0] + 0.4 * a.cos())).abs() < 1e-12, "{tip:?} {lower:?}");
    assert!((tip[2] - (lower[2] - 0.4 * a.sin())).abs() < 1e-12, "{tip:?} {lower:?}");
}

#[test]
fn load_errors_carry_upstreams_text() {
    let e = Model::from_xml_string("<mujoco><worldbody><bdy/></worldbody></mujoco>").unwrap_err();
    assert!(e.message().contains("Schema violation: unrecognized element"), "{e}");
    assert!(e.message().contains("Element 'bdy', line 1"), "{e}");
    let e = Model::from_mjb(b"not a model").unwrap_err();
    assert_eq!(e.message(), "Model file has an incomplete header");
    let e = Model::from_mjb(&[0u8; 64]).unwrap_err();
    assert_eq!(e.message(), "Model missing header ID");
}

#[test]
fn an_engine_error_during_a_step_is_an_err() {
    // room for the data but not for a step's scratch memory: the implicit integrator's dense
    // nv x nv matrices of a chain of 40 ball joints do not fit, upstream's stack overflow error
    let mut chain = String::new();
    for _ in 0..40 {
        chain.push_str(r#"<body pos="0 0 .1"><joint type="ball"/><geom size=".02"/>"#);
    }
    chain.push_str(&"</body>".repeat(40));
    let xml = format!(
        r#"<mujoco><option integrator="implicit"/><size memory="16000"/><worldbody>{chain}</worldbody></mujoco>"#
    );
    let model = Model::from_xml_string(&xml).unwrap();
    let mut data = Data::new(&model).unwrap();
    let e: Error = data.step().unwrap_err();
    assert_eq!(
        e.message(),
        "mj_stackAlloc: out of memory, stack overflow\n  max = 16000, available = 14032, requested = 691200\n nefc = 0, ncon = 0"
    );
    // the data can be reset and used again
    data.reset().unwrap();
    assert_eq!(data.time(), 0.0);
}

#[test]
fn mjb_round_trip_keeps_every_byte() {
    let model = arm();
    let bytes = model.to_mjb();
    let again = Model::from_mjb(&bytes).unwrap();
    assert_eq!(again.to_mjb(), bytes);
    assert_eq!((again.nq(), again.nv(), again.nu()), (9, 8, 2));
}

#[test]
fn assets_come_from_memory() {
    let mut assets = Assets::new();
    assets.add("arm.xml", ARM.as_bytes()).unwrap();
    let model = Model::from_xml_assets(r#"<mujoco><include file="arm.xml"/></mujoco>"#, &assets).unwrap();
    assert_eq!(model.to_mjb(), arm().to_mjb());
    assert!(assets.add("arm.xml", b"").is_err(), "a name is taken once");
}

#[test]
fn options_are_copy_on_write() {
    let mut model = arm();
    let data = Data::new(&model).unwrap();
    model.opt_mut().timestep = 0.001;
    assert_eq!(model.timestep(), 0.001);
    assert_eq!(data.model().timestep(), 0.005, "existing data keep their model");
}

#[test]
fn state_and_parallel_rollouts_match_serial_stepping() {
    let model = arm();
    let mut data = Data::new(&model).unwrap();
    data.reset_to_key(model.key("bent").unwrap()).unwrap();
    let start = data.state(StateParts::FULLPHYSICS);
    let starts: Vec<Vec<f64>> = (0..6)
        .map(|k| {
            let mut s = start.clone();
            s[1] += 0.01 * k as f64; // shoulder angle (after time)
            s
        })
        .collect();
    let control = |r: usize, t: usize, u: &mut [f64]| {
        u[0] = ((r + t) as f64 * 0.1).sin();
        u[1] = 0.3;
    };
    let par = rollout(&model, &starts, 80, 3, control).unwrap();
    for (r, s) in starts.iter().enumerate() {
        let mut d = Data::new(&model).unwrap();
        d.set_state(s, StateParts::FULLPHYSICS).unwrap();
        let mut traj = Vec::new();
        for t in 0..80 {
            control(r, t, d.ctrl_mut());
            d.step().unwrap();
            traj.extend(d.state(StateParts::FULLPHYSICS));
        }
        assert!(traj.iter().zip(&par[r]).all(|(a, b)| a.to_bits() == b.to_bits()), "rollout {r}");
    }
    assert!(data.set_state(&[0.0; 3], StateParts::FULLPHYSICS).is_err());
}

#[test]
fn thread_rules_are_in_the_types() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<Model>();
    send::<Data>();
}

#[test]
fn jacobians_and_velocities_follow_the_geometry() {
    // one hinge about z at the origin, a site at distance L along the arm: at angle q the site is
    // at (L cos q, L sin q, 0); its Jacobian column is (-L sin q, L cos q, 0) translational and
    // (0, 0, 1) rotational; with joint speed w its velocity is w times that column
    const L: f64 = 0.7;
    let model = Model::from_xml_string(&format!(
        r#"<mujoco><option gravity="0 0 0"/><worldbody><body name="arm">
             <joint name="hinge" type="hinge" axis="0 0 1"/>
             <geom type="capsule" fromto="0 0 0 {L} 0 0" size=".05"/>
             <site name="tip" pos="{L} 0 0"/></body></worldbody></mujoco>"#
    ))
    .unwrap();
    let (hinge, tip, arm) = (model.joint("hinge").unwrap(), model.site("tip").unwrap(), model.body("arm").unwrap());
    let mut data = Data::new(&model).unwrap();
    let (q, w) = (0.6_f64, 1.5_f64);
    data.joint_qpos_mut(hinge)[0] = q;
    data.qvel_mut()[0] = w;
    data.forward().unwrap();

    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    let p = data.site_xpos(tip);
    assert!(close(p[0], L * q.cos()) && close(p[1], L * q.sin()) && close(p[2], 0.0), "{p:?}");
    let x = data.site_xmat(tip);
    assert!(close(x[0], q.cos()) && close(x[1], -q.sin()) && close(x[3], q.sin()), "{x:?}");

    let j = data.jac_site(tip);
    assert_eq!((j.nv, j.pos.len(), j.rot.len()), (1, 3, 3));
    let col = [-L * q.sin(), L * q.cos(), 0.0];
    for r in 0..3 {
        assert!(close(j.pos_row(r)[0], col[r]), "jacp row {r}: {:?}", j.pos);
        assert!(close(j.rot_row(r)[0], [0.0, 0.0, 1.0][r]), "jacr row {r}: {:?}", j.rot);
    }
    // the same point through mj_jac on the body, and the body's own origin (on the axis)
    assert_eq!(data.jac_point(arm, p), j);
    assert!(data.jac_body(arm).pos.iter().all(|v| v.abs() < 1e-12));

    let v = data.site_velocity(tip, false);
    let want = [0.0, 0.0, w, w * col[0], w * col[1], 0.0];
    assert!(v.iter().zip(want).all(|(a, b)| close(*a, b)), "{v:?} vs {want:?}");
    // in the site's own axes the tip moves along its local y
    let v = data.site_velocity(tip, true);
    assert!(close(v[2], w) && close(v[3], 0.0) && close(v[4], w * L), "{v:?}");
}

#[test]
fn edge_equality_of_an_interpolated_flex_is_refused() {
    // sparse edge equality reads the vertices' bodies, which a trilinear flex does not have:
    // upstream reads outside the model there; this library says so instead
    let xml = r#"<mujoco><option jacobian="sparse"/><worldbody>
      <flexcomp name="cloth" type="grid" count="4 4 1" spacing="0.05 0.05 0.05" pos="0 0 0.1"
                mass="1" radius="0.01" dim="2" dof="trilinear">
        <edge equality="true"/>
        <contact selfcollide="none"/>
      </flexcomp>
    </worldbody></mujoco>"#;
    let model = Model::from_xml_string(xml).unwrap();
    let mut data = Data::new(&model).unwrap();
    let e: Error = data.step().unwrap_err();
    assert_eq!(
        e.message(),
        "mj_makeConstraint: not supported yet: edge equality of flex 0, whose vertices are interpolated (no bodies)"
    );
}

/// Nine four-legged bodies dropped close together on a floor: they land, meet and push, so the
/// constraint islands and their contacts change over the run. Sparse Jacobian, Newton solver.
const CROWD: &str = r#"
<mujoco>
  <option timestep="0.004" jacobian="sparse"/>
  <default>
    <geom friction="0.8 0.02 0.001" solref="0.01 1"/>
    <joint damping="0.3" armature="0.01"/>
  </default>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <replicate count="3" offset="0.42 0 0">
      <replicate count="3" offset="0 0.4 0">
        <body pos="-0.42 -0.4 0.35" euler="5 10 15">
          <freejoint/>
          <geom type="box" size="0.2 0.12 0.05"/>
          <body pos="0.18 0.1 0">
            <joint type="hinge" axis="1 0 0" range="-60 60"/>
            <geom type="capsule" fromto="0 0 0 0.05 0.08 -0.22" size="0.03"/>
          </body>
          <body pos="-0.18 -0.1 0">
            <joint type="hinge" axis="1 0 0" range="-60 60"/>
            <geom type="capsule" fromto="0 0 0 -0.05 -0.08 -0.22" size="0.03"/>
          </body>
        </body>
      </replicate>
    </replicate>
  </worldbody>
</mujoco>"#;

#[test]
fn newton_counts_kept_between_steps_give_the_counted_numbers() {
    use mujoco_native::abi::mjtSolver_;
    // Data made while the solver is CG has no pattern store (engine/solver/patterns.rs), so its
    // Newton solves count every Hessian; data made with Newton takes the counts of unchanged
    // patterns from the last step. Both must give the same numbers, bit for bit, while the
    // islands change, and after the stored data is overwritten by a copy (its entries are then
    // stale and must only be taken where the patterns are the same).
    let mut model = Model::from_xml_string(CROWD).unwrap();
    model.opt_mut().solver = mjtSolver_::mjSOL_CG as i32;
    // SAFETY (this test's C calls): model and data made by this library for each other; the
    // data are freed once at the end and the model handle outlives them
    let counted = unsafe { cdata::mj_makeData(model.as_ptr()) };
    model.opt_mut().solver = mjtSolver_::mjSOL_NEWTON as i32;
    let m = model.as_ptr();
    let kept = unsafe { cdata::mj_makeData(m) };
    let bits = |d: *mut mjData| unsafe {
        let (nv, nefc) = ((*m).nv as usize, (*d).nefc as usize);
        let mut v: Vec<u64> = std::slice::from_raw_parts((*d).qacc, nv).iter().map(|x| x.to_bits()).collect();
        v.extend(std::slice::from_raw_parts((*d).efc_force, nefc).iter().map(|x| x.to_bits()));
        v.extend([(*d).nefc as u64, (*d).nisland as u64, (*d).solver_niter[0] as u64]);
        v
    };
    let mut islands = std::collections::BTreeSet::new();
    for t in 0..500 {
        unsafe {
            cforward::mj_step(m, counted);
            cforward::mj_step(m, kept);
        }
        assert_eq!(bits(counted), bits(kept), "step {t}");
        islands.insert(unsafe { (*kept).nisland });
        if t == 250 {
            // the kept data takes another state: its stored entries belong to the old one
            unsafe {
                cforward::mj_step(m, counted);
                cdata::mj_copyData(kept, m, counted);
            }
        }
    }
    assert!(islands.len() >= 3, "the islands change over the run: {islands:?}");
    unsafe {
        cdata::mj_deleteData(counted);
        cdata::mj_deleteData(kept);
    }
}
