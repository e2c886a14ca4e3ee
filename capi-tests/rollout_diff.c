// rollout_diff: a long rollout with contacts, built against upstream's header and run with
// either library; the two outputs must be identical (cmp).
//   rollout_diff MODEL.mjb NSTEP [BODY STEP]
// Steps NSTEP times from the first keyframe (or qpos0); with BODY and STEP, pushes that body
// sideways and up with xfrc_applied for 10 steps from STEP (which wakes a sleeping body). Prints
// per step the contact and constraint counts, the sleep counters and the peak stack and arena
// use (counted from the first step); every 50 steps and at the end the state, contacts and
// constraint forces.
#include <stdio.h>
#include <stdlib.h>
#include <mujoco/mujoco.h>

static void nums(const char* name, const mjtNum* x, int n) {
  printf(" %s", name);
  for (int i = 0; i < n; i++) printf(" %.17g", x[i]);
  printf("\n");
}

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) {
    fprintf(stderr, "usage: rollout_diff MODEL.mjb NSTEP [BODY STEP]\n");
    return 2;
  }
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) return 3;
  mjData* d = mj_makeData(m);
  if (m->nkey) mj_resetDataKeyframe(m, d, 0);
  d->maxuse_stack = d->maxuse_arena = 0;  // the peaks of the rollout alone
  int nstep = atoi(argv[2]);
  int body = argc == 5 ? mj_name2id(m, mjOBJ_BODY, argv[3]) : -1;
  int push = argc == 5 ? atoi(argv[4]) : -1;
  if (argc == 5 && body < 0) {
    fprintf(stderr, "no body %s\n", argv[3]);
    return 2;
  }
  for (int k = 0; k < nstep; k++) {
    if (body >= 0) {
      mjtNum f = (k >= push && k < push + 10) ? 40 * m->body_subtreemass[body] : 0;
      d->xfrc_applied[6 * body + 0] = f;
      d->xfrc_applied[6 * body + 2] = f;
    }
    mj_step(m, d);
    printf("%d ncon %d nefc %d awake %d %d %d %d stack %zu arena %zu\n", k, d->ncon, d->nefc,
           d->ntree_awake, d->nbody_awake, d->nparent_awake, d->nv_awake, d->maxuse_stack,
           d->maxuse_arena);
    if (k % 50 == 49 || k == nstep - 1) {
      nums("qpos", d->qpos, m->nq);
      nums("qvel", d->qvel, m->nv);
      nums("qacc", d->qacc, m->nv);
      nums("efc_force", d->efc_force, d->nefc);
      for (int c = 0; c < d->ncon; c++) {
        printf(" contact %d %d %d", c, d->contact[c].geom[0], d->contact[c].geom[1]);
        nums("", d->contact[c].pos, 3);
      }
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
