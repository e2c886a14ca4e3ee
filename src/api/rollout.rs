//! Many rollouts of one model at once, on several threads.

use super::data::{Data, StateParts};
use super::error::Result;
use super::model::Model;

/// Simulates one rollout per initial state for `nstep` steps, spread over `nthread` threads, and
/// returns each rollout's trajectory: the [`StateParts::FULLPHYSICS`] state after every step,
/// one after the other. Before step `t` of rollout `r`, `control(r, t, ctrl)` sets the controls.
///
/// Each rollout runs on its own [`Data`] from its initial state, so the result is the same, bit
/// for bit, whatever the number of threads (and the same as stepping them one by one).
///
/// ```
/// use mujoco_native::{rollout, Data, Model, StateParts};
/// let model = Model::from_xml_string(
///     r#"<mujoco><worldbody><body><joint type="hinge"/><geom size=".1" pos=".2 0 0"/></body></worldbody></mujoco>"#,
/// )?;
/// let start = Data::new(&model)?.state(StateParts::FULLPHYSICS);
/// let starts = vec![start; 4];
/// let one = rollout(&model, &starts, 50, 1, |_, _, _| {})?;
/// let four = rollout(&model, &starts, 50, 4, |_, _, _| {})?;
/// assert_eq!(one, four);
/// # Ok::<(), mujoco_native::Error>(())
/// ```
pub fn rollout(
    model: &Model,
    initial: &[Vec<f64>],
    nstep: usize,
    nthread: usize,
    control: impl Fn(usize, usize, &mut [f64]) + Sync,
) -> Result<Vec<Vec<f64>>> {
    let nthread = nthread.clamp(1, initial.len().max(1));
    let mut out: Vec<Result<Vec<f64>>> = (0..initial.len()).map(|_| Ok(Vec::new())).collect();
    let per = initial.len().div_ceil(nthread);
    std::thread::scope(|s| {
        for (k, chunk) in out.chunks_mut(per.max(1)).enumerate() {
            let control = &control;
            s.spawn(move || {
                for (j, slot) in chunk.iter_mut().enumerate() {
                    let r = k * per + j;
                    *slot = one_rollout(model, &initial[r], nstep, |t, ctrl| control(r, t, ctrl));
                }
            });
        }
    });
    out.into_iter().collect()
}

fn one_rollout(model: &Model, initial: &[f64], nstep: usize, control: impl Fn(usize, &mut [f64])) -> Result<Vec<f64>> {
    let mut data = Data::new(model)?;
    data.set_state(initial, StateParts::FULLPHYSICS)?;
    let mut traj = Vec::with_capacity(nstep * initial.len());
    for t in 0..nstep {
        control(t, data.ctrl_mut());
        data.step()?;
        traj.extend(data.state(StateParts::FULLPHYSICS));
    }
    Ok(traj)
}
