// inspect: load an MJB model, make its data, apply a keyframe and print what the model holds.
// Built against this project's header:  make demo
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: inspect MODEL.mjb\n");
    return 2;
  }
  printf("MuJoCo %s (header %d)\n", mj_versionString(), mjVERSION_HEADER);
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) return 1;
  printf("nq %d  nv %d  nu %d  nbody %d  ngeom %d  nsensordata %d  MJB bytes %lld\n", m->nq, m->nv,
         m->nu, m->nbody, m->ngeom, m->nsensordata, (long long)mj_sizeModel(m));
  for (int i = 0; i < m->nbody; i++) {
    const char* name = mj_id2name(m, mjOBJ_BODY, i);
    printf("  body %d: %s, mass %.4g\n", i, name ? name : "(unnamed)", m->body_mass[i]);
  }
  mjData* d = mj_makeData(m);
  if (m->nkey) mj_resetDataKeyframe(m, d, 0);
  printf("state (mjSTATE_INTEGRATION) has %d numbers; qpos =", mj_stateSize(m, mjSTATE_INTEGRATION));
  for (int i = 0; i < m->nq; i++) printf(" %.4g", d->qpos[i]);
  printf("\narena %lld bytes, buffer %lld bytes\n", (long long)d->narena, (long long)d->nbuffer);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
