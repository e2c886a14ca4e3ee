// Steps a model through the public stage functions one by one, so that callgrind (or perf) can
// attribute the cost of a step to its stages on either library (benches/stage_callgrind.sh).
//   stage_steps MODEL.xml NSTEP
// From the first keyframe (or qpos0), each of the NSTEP steps calls, in
// mj_step's order: mj_checkPos, mj_checkVel, the position stage as its parts (mj_kinematics,
// mj_comPos, mj_camlight, mj_flex, mj_tendon, mj_makeM, mj_factorM, mj_collision,
// mj_makeConstraint, mj_island, mj_transmission, mj_projectConstraint), mj_sensorPos,
// mj_energyPos, mj_fwdVelocity, mj_sensorVel, mj_energyVel, mj_fwdActuation,
// mj_fwdAcceleration, mj_fwdConstraint, mj_sensorAcc, mj_checkAcc and the integrator: mj_Euler,
// or mj_implicit for the implicit and implicitfast integrators (RK4 is refused: its step is
// four evaluations, not one).
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: stage_steps MODEL.xml NSTEP\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof err);
  if (!m) {
    fprintf(stderr, "load: %s\n", err);
    return 1;
  }
  if (m->opt.integrator == mjINT_RK4) {
    fprintf(stderr, "stage_steps: the model's integrator is RK4\n");
    return 1;
  }
  int nstep = atoi(argv[2]);
  mjData* d = mj_makeData(m);
  if (m->nkey > 0) mj_resetDataKeyframe(m, d, 0);
  long ncon = 0;
  for (int i = 0; i < nstep; i++) {
    mj_checkPos(m, d);
    mj_checkVel(m, d);
    mj_kinematics(m, d);
    mj_comPos(m, d);
    mj_camlight(m, d);
    mj_flex(m, d);
    mj_tendon(m, d);
    mj_makeM(m, d);
    mj_factorM(m, d);
    mj_collision(m, d);
    mj_makeConstraint(m, d);
    mj_island(m, d);
    mj_transmission(m, d);
    mj_projectConstraint(m, d);
    mj_sensorPos(m, d);
    mj_energyPos(m, d);
    mj_fwdVelocity(m, d);
    mj_sensorVel(m, d);
    mj_energyVel(m, d);
    mj_fwdActuation(m, d);
    mj_fwdAcceleration(m, d);
    mj_fwdConstraint(m, d);
    mj_sensorAcc(m, d);
    mj_checkAcc(m, d);
    if (m->opt.integrator == mjINT_EULER) {
      mj_Euler(m, d);
    } else {
      mj_implicit(m, d);
    }
    ncon += d->ncon;
  }
  printf("steps %d contacts/step %.1f nefc %d\n", nstep, (double)ncon / nstep, d->nefc);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
