// sleep_diff: a scripted sleep/wake scenario, built against upstream's header and run with
// either library; the two outputs must be identical (cmp). Constraints are disabled.
//   sleep_diff MODEL.mjb > OUT
// Steps from the first keyframe, then: an applied force on a sleeping tree, a velocity on a
// sleeping dof, a moved sleeping tree, the exported mj_wakeTree/mj_updateSleep/mj_sleepState
// (looked up with dlsym, "api 0 0 0" when missing), sleep disabled and enabled at run time,
// and mj_resetData. Prints the sleep state and qpos/qvel/qacc/sensors/xpos after each part.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>
static void dump(const mjModel* m, const mjData* d, const char* tag) {
  printf("%s t=%.17g awake %d %d %d %d\n", tag, d->time, d->ntree_awake, d->nbody_awake, d->nparent_awake, d->nv_awake);
  printf(" asleep"); for (int i = 0; i < m->ntree; i++) printf(" %d", d->tree_asleep[i]); printf("\n");
  printf(" qpos"); for (int i = 0; i < m->nq; i++) printf(" %.17g", d->qpos[i]); printf("\n");
  printf(" qvel"); for (int i = 0; i < m->nv; i++) printf(" %.17g", d->qvel[i]); printf("\n");
  printf(" qacc"); for (int i = 0; i < m->nv; i++) printf(" %.17g", d->qacc[i]); printf("\n");
  printf(" sens"); for (int i = 0; i < m->nsensordata; i++) printf(" %.17g", d->sensordata[i]); printf("\n");
  printf(" xpos"); for (int i = 0; i < 3*m->nbody; i++) printf(" %.17g", d->xpos[i]); printf("\n");
}
int main(int argc, char** argv) {
  mjModel* m = mj_loadModel(argv[1], NULL);
  m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mjData* d = mj_makeData(m);
  void (*updateSleep)(const mjModel*, mjData*) = dlsym(RTLD_DEFAULT, "mj_updateSleep");
  int (*wakeTree)(int*, int, int, int) = dlsym(RTLD_DEFAULT, "mj_wakeTree");
  int (*sleepState)(const mjModel*, const mjData*, int, int) = dlsym(RTLD_DEFAULT, "mj_sleepState");
  printf("api %d %d %d\n", !!updateSleep, !!wakeTree, !!sleepState);
  dump(m, d, "reset");
  if (m->nkey) mj_resetDataKeyframe(m, d, 0);
  for (int k = 0; k < 150; k++) mj_step(m, d);
  dump(m, d, "k150");
  if (sleepState) {
    printf(" states");
    for (int i = 0; i < m->nbody; i++) printf(" b%d", sleepState(m, d, mjOBJ_BODY, i));
    for (int i = 0; i < m->njnt; i++) printf(" j%d", sleepState(m, d, mjOBJ_JOINT, i));
    for (int i = 0; i < m->ntendon; i++) printf(" t%d", sleepState(m, d, mjOBJ_TENDON, i));
    for (int i = 0; i < m->nu; i++) printf(" a%d", sleepState(m, d, mjOBJ_ACTUATOR, i));
    for (int i = 0; i < m->neq; i++) printf(" e%d", sleepState(m, d, mjOBJ_EQUALITY, i));
    for (int i = 0; i < m->nsensor; i++) printf(" s%d", sleepState(m, d, mjOBJ_SENSOR, i));
    printf("\n");
  }
  // push the last body: an applied force wakes its tree
  int pb = m->nbody-1;
  for (int i = 0; i < m->ntree; i++) if (d->tree_asleep[i] >= 0) { pb = m->tree_bodyadr[i]; break; }
  printf("push body %d\n", pb);
  d->xfrc_applied[6*pb+2] = 0.01;
  for (int k = 0; k < 5; k++) mj_step(m, d);
  dump(m, d, "xfrc");
  d->xfrc_applied[6*pb+2] = 0;
  for (int k = 0; k < 30; k++) mj_step(m, d);
  dump(m, d, "after");
  // a nonzero velocity on a sleeping dof wakes it
  for (int i = 0; i < m->ntree; i++) if (d->tree_asleep[i] >= 0) { d->qvel[m->tree_dofadr[i]] = 1e-3; break; }
  mj_forward(m, d);
  dump(m, d, "qvel");
  // move a sleeping tree: kinematics sees the mismatch
  for (int k = 0; k < 40; k++) mj_step(m, d);
  for (int i = 0; i < m->ntree; i++) if (d->tree_asleep[i] >= 0) { d->qpos[m->jnt_qposadr[m->body_jntadr[m->tree_bodyadr[i]]]] += 1e-3; break; }
  mj_step(m, d);
  dump(m, d, "qpos");
  // wake through the API, then update
  if (wakeTree && updateSleep) {
    int n = 0;
    for (int i = 0; i < m->ntree; i++) if (d->tree_asleep[i] >= 0) { n += wakeTree(d->tree_asleep, m->ntree, i, -5); }
    updateSleep(m, d);
    printf("woke %d\n", n);
    dump(m, d, "api");
  }
  // disabling sleep wakes everything
  for (int k = 0; k < 40; k++) mj_step(m, d);
  m->opt.enableflags &= ~mjENBL_SLEEP;
  mj_step(m, d);
  dump(m, d, "off");
  for (int k = 0; k < 20; k++) mj_step(m, d);
  m->opt.enableflags |= mjENBL_SLEEP;
  for (int k = 0; k < 60; k++) mj_step(m, d);
  dump(m, d, "on");
  // reset with sleep enabled again
  mj_resetData(m, d);
  dump(m, d, "reset2");
  for (int k = 0; k < 30; k++) mj_step(m, d);
  dump(m, d, "end");
  return 0;
}
