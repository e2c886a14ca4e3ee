//! Keyframes across attaching, as upstream keeps them: an attached model's keyframes become
//! pending keyframes of the receiving model whose values live on the joints, actuators and
//! mocap bodies (`keyvals`, under the keyframe's name); the compiler builds them from there and
//! then turns them into ordinary keyframes. Keyframes given shorter than the model are padded
//! with the reference configuration read from the spec.

use super::*;
use crate::spec::attach::pending_key;

/// Where each joint's and actuator's values sit in a keyframe of the model as it stands (the
/// compiled model's order), and its mocap bodies.
struct Layout {
    /// (joint, qpos address, nq, dof address, nv)
    joints: Vec<(usize, usize, usize, usize, usize)>,
    nq: usize,
    nv: usize,
    /// (act address, act dimension) per actuator
    acts: Vec<(usize, usize)>,
    na: usize,
    /// mocap bodies in order
    mocap: Vec<usize>,
}

impl Spec {
    /// Bodies in the compiled model's order: the world, then depth first.
    pub fn tree_order(&self) -> Vec<usize> {
        let mut order = vec![0usize];
        order.extend(self.subtree(0));
        order
    }

    fn layout(&self) -> Layout {
        let order = self.tree_order();
        let (mut nq, mut nv) = (0, 0);
        let mut joints = Vec::new();
        for &b in &order {
            for &j in &self.bodies[b].joints {
                let (jq, jv) = joint_size(self.joints[j].r#type);
                joints.push((j, nq, jq, nv, jv));
                nq += jq;
                nv += jv;
            }
        }
        let mut na = 0;
        let acts = self
            .actuators
            .iter()
            .map(|a| {
                let dim = act_dim(a.actdim, a.dyntype);
                na += dim;
                (na - dim, dim)
            })
            .collect();
        let mocap = order.into_iter().filter(|&b| self.bodies[b].mocap != 0).collect();
        Layout { joints, nq, nv, acts, na, mocap }
    }

    /// Upstream's storing of this model's keyframes for an attach: each keyframe's sizes must
    /// fit the model, its values go onto every joint, actuator and mocap body under the name
    /// `pre` + name + `suf`, and it becomes a pending keyframe of that name (returned, for the
    /// receiving model). Keyframes already pending are left out. On an error, the pending
    /// keyframes made so far come with it.
    pub fn store_keys(&mut self, pre: &str, suf: &str) -> Result<Vec<Key>, (Vec<Key>, String)> {
        let mut out = Vec::new();
        if self.keys.iter().all(|k| k.attached.is_some()) {
            return Ok(out);
        }
        let l = self.layout();
        let nu = l.acts.len();
        let nmocap = l.mocap.len();
        let keys: Vec<Key> = self.keys.iter().filter(|k| k.attached.is_none()).map(|k| (**k).clone()).collect();
        for k in &keys {
            let name = format!("{}{}{}", pre, k.name, suf);
            out.push(pending_key(k, &name));
            for (what, got, want, quote) in [
                ("qpos", k.qpos.len(), l.nq, true),
                ("qvel", k.qvel.len(), l.nv, false),
                ("act", k.act.len(), l.na, false),
                ("ctrl", k.ctrl.len(), nu, false),
                ("mpos", k.mpos.len(), 3 * nmocap, false),
                ("mquat", k.mquat.len(), 4 * nmocap, false),
            ] {
                if got != 0 && got != want {
                    let kn = if quote { format!("'{}'", k.name) } else { k.name.to_string() };
                    return Err((
                        out,
                        format!("Keyframe {} has invalid {} size, got {}, should be {}", kn, what, got, want),
                    ));
                }
            }
            for &(j, qa, jq, va, jv) in &l.joints {
                let q = if k.qpos.is_empty() { Vec::new() } else { k.qpos[qa..qa + jq].to_vec() };
                let v = if k.qvel.is_empty() { Vec::new() } else { k.qvel[va..va + jv].to_vec() };
                if q.is_empty() && v.is_empty() {
                    continue;
                }
                let kv = &mut self.joints[j].keyvals;
                kv.retain(|x| x.0 != name);
                kv.push((name.clone(), q, v));
            }
            for (i, &(adr, dim)) in l.acts.iter().enumerate() {
                let act = if dim > 0 && !k.act.is_empty() { k.act[adr..adr + dim].to_vec() } else { Vec::new() };
                let ctrl = k.ctrl.get(i).copied();
                if act.is_empty() && ctrl.is_none() {
                    continue;
                }
                let kv = &mut self.actuators[i].keyvals;
                kv.retain(|x| x.0 != name);
                kv.push((name.clone(), act, ctrl));
            }
            for (i, &b) in l.mocap.iter().enumerate() {
                let mut p = [f64::NAN, 0.0, 0.0];
                let mut q = [f64::NAN, 0.0, 0.0, 0.0];
                if !k.mpos.is_empty() {
                    p.copy_from_slice(&k.mpos[3 * i..3 * i + 3]);
                }
                if !k.mquat.is_empty() {
                    q.copy_from_slice(&k.mquat[4 * i..4 * i + 4]);
                }
                if p[0].is_nan() && q[0].is_nan() {
                    continue;
                }
                let kv = &mut self.bodies[b].keyvals;
                kv.retain(|x| x.0 != name);
                kv.push((name.clone(), p, q));
            }
        }
        Ok(out)
    }

    /// The keyframes this model brings to an attach (prefix `pre`, suffix `suf`): its own
    /// keyframes stored (see [`Spec::store_keys`]) and become pending under the new names, then
    /// those already pending come as they are (with upstream's warning).
    pub fn keys_for_attach(&mut self, pre: &str, suf: &str) -> Result<Vec<Key>, (Vec<Key>, String)> {
        if self.keys.iter().any(|k| k.attached.is_some()) {
            crate::runtime::error::warn(format_args!(
                "Child model has pending keyframes. They will not be namespaced correctly. To prevent this, compile the child model before attaching it again."
            ));
        }
        let mut pending = self.store_keys(pre, suf)?;
        pending.extend(self.keys.iter().filter(|k| k.attached.is_some()).map(|k| (**k).clone()));
        Ok(pending)
    }

    /// Clears the keyframe values of the bodies among `copied` (kind, index here, index in the
    /// copy) and of their joints: what an attach copied keeps them only in the copy.
    pub fn forget_copied_keys(&mut self, copied: &[(api::TreeKind, usize, usize)]) {
        for &(k, i, _) in copied {
            if k == api::TreeKind::Body {
                self.bodies[i].keyvals.clear();
                for n in 0..self.bodies[i].joints.len() {
                    let j = self.bodies[i].joints[n];
                    self.joints[j].keyvals.clear();
                }
            }
        }
    }

    /// Pads every keyframe (not pending) given shorter than the model as it stands: positions
    /// with the reference configuration as the spec gives it (hinge and slide `ref`, a free
    /// joint's body position and quaternion, the unit quaternion for balls), mocap poses with
    /// the bodies' positions and quaternions, the rest with zeros (upstream's expanding of
    /// keyframes after an attach and before compiling).
    pub fn expand_keys(&mut self) {
        if self.keys.iter().all(|k| k.attached.is_some()) {
            return;
        }
        let l = self.layout();
        let mut qpos0 = vec![0.0; l.nq];
        for &(j, qa, _, _, _) in &l.joints {
            let x = &self.joints[j];
            let b = &self.bodies[x.body];
            match x.r#type {
                t if t == mjtJoint_::mjJNT_FREE as i32 => {
                    qpos0[qa..qa + 3].copy_from_slice(&b.pos);
                    qpos0[qa + 3..qa + 7].copy_from_slice(&b.quat);
                }
                t if t == mjtJoint_::mjJNT_BALL as i32 => qpos0[qa..qa + 4].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]),
                _ => qpos0[qa] = x.r#ref,
            }
        }
        let nu = l.acts.len();
        let nm = l.mocap.len();
        for k in self.keys.iter_mut().filter(|k| k.attached.is_none()) {
            let k: &mut Key = k;
            let n0 = k.qpos.len();
            if n0 != 0 && l.nq > n0 {
                k.qpos.extend_from_slice(&qpos0[n0..]);
            }
            for (v, n) in [(&mut k.qvel, l.nv), (&mut k.act, l.na), (&mut k.ctrl, nu)] {
                if !v.is_empty() && n > v.len() {
                    v.resize(n, 0.0);
                }
            }
            let m0 = k.mpos.len() / 3;
            if !k.mpos.is_empty() && nm > m0 {
                k.mpos.resize(3 * nm, 0.0);
                for (i, &b) in l.mocap.iter().enumerate().skip(m0) {
                    k.mpos[3 * i..3 * i + 3].copy_from_slice(&self.bodies[b].pos);
                }
            }
            let m0 = k.mquat.len() / 4;
            if !k.mquat.is_empty() && nm > m0 {
                k.mquat.resize(4 * nm, 0.0);
                for (i, &b) in l.mocap.iter().enumerate().skip(m0) {
                    k.mquat[4 * i..4 * i + 4].copy_from_slice(&self.bodies[b].quat);
                }
            }
        }
    }

    /// After compiling `m`: the pending keyframes become ordinary ones holding the values the
    /// model got (upstream resolves them when compiling).
    pub fn resolve_pending_keys(&mut self, m: &mjModel) {
        let (nq, nv, na, nu, nmocap) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize);
        for (i, k) in self.keys.iter_mut().enumerate() {
            let k: &mut Key = k;
            let Some(flags) = k.attached else { continue };
            if i >= m.nkey as usize {
                continue;
            }
            // SAFETY: a compiled model's keyframe arrays hold nkey rows
            let row = |p: *const f64, n: usize| unsafe { core::slice::from_raw_parts(p.add(i * n), n).to_vec() };
            let fields = [
                (&mut k.qpos, m.key_qpos, nq),
                (&mut k.qvel, m.key_qvel, nv),
                (&mut k.act, m.key_act, na),
                (&mut k.ctrl, m.key_ctrl, nu),
                (&mut k.mpos, m.key_mpos, 3 * nmocap),
                (&mut k.mquat, m.key_mquat, 4 * nmocap),
            ];
            for (f, (v, p, n)) in flags.iter().zip(fields) {
                v.clear();
                if *f {
                    v.extend_from_slice(&row(p, n));
                }
            }
            k.attached = None;
        }
    }
}
