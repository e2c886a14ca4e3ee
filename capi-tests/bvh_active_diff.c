// bvh_active (the bounding-volume nodes marked by collisions, flexes and rays) after each engine
// call and data operation that touches it, printed as one line of byte values per check:
// steps, a caller's mj_ray between steps, mj_copyData into new data and into data that has
// stepped, mj_resetDataDebug (which fills the array with its byte), visualization marks switched
// off and on, mj_forward. Each check is one that an engine clearing only the nodes it marked
// itself, without noticing writes from elsewhere, would fail.
//   bvh_active_diff MODEL.mjb      (prints to stdout; run on both libraries and compare)
#include <stdio.h>
#include <mujoco/mujoco.h>

static void show(const char* tag, const mjModel* m, const mjData* d) {
  int marked = 0;
  printf("%s:", tag);
  for (int i = 0; i < m->nbvh; i++) {
    if (d->bvh_active[i]) {
      printf(" %d=%d", i, d->bvh_active[i]);
      marked++;
    }
  }
  printf(" (%d of %d)\n", marked, m->nbvh);
}

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: bvh_active_diff MODEL.mjb\n"); return 2; }
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 2; }
  mjData* d = mj_makeData(m);
  mjData* other = mj_makeData(m);  // steps on its own, then receives a copy of d
  mj_step(m, other);
  char tag[64];
  for (int k = 0; k < 150; k++) {
    mj_step(m, d);
    if (k % 10 == 9) { snprintf(tag, sizeof(tag), "step %d ncon %d", k, d->ncon); show(tag, m, d); }
  }
  // a caller's ray marks the nodes it crosses in a mesh no range finder sees; the next step
  // clears them
  mjtNum pnt[3] = {-0.61, -0.01, 1.5}, dir[3] = {0.01, 0.02, -1};
  int geomid = -2;
  mjtNum dist = mj_ray(m, d, pnt, dir, NULL, 1, -1, &geomid);
  printf("ray dist %.9g geom %d\n", dist, geomid);
  show("after ray", m, d);
  mj_step(m, d);
  show("step after ray", m, d);

  mjData* d2 = mj_copyData(NULL, m, d);
  show("copy", m, d2);
  mj_step(m, d2);
  show("copy stepped", m, d2);
  mj_deleteData(d2);
  mj_ray(m, d, pnt, dir, NULL, 1, -1, &geomid);
  mj_copyData(other, m, d);
  mj_step(m, other);
  show("copy into stepped data, stepped", m, other);
  mj_deleteData(other);

  // the cloth (slide joints along z) lifted clear of the bodies: its old marks must go
  for (int j = 0; j < m->njnt; j++) {
    if (m->jnt_type[j] == mjJNT_SLIDE && m->jnt_axis[3*j+2] == 1) d->qpos[m->jnt_qposadr[j]] += 2;
  }
  mj_step(m, d);
  show("cloth lifted", m, d);

  // a step without the caller's ray, so the side mesh's nodes are outside every span, then a
  // reset that fills the whole array
  mj_step(m, d);
  mj_resetDataDebug(m, d, 7);
  show("reset with debug byte 7", m, d);
  mj_step(m, d);
  show("step after debug reset", m, d);
  for (int k = 0; k < 100; k++) mj_step(m, d);
  show("100 more steps", m, d);

  m->vis.global.bvactive = 0;
  mj_ray(m, d, pnt, dir, NULL, 1, -1, &geomid);
  mj_step(m, d);
  show("marks off: kept", m, d);
  m->vis.global.bvactive = 1;
  mj_step(m, d);
  show("marks on again", m, d);
  mj_ray(m, d, pnt, dir, NULL, 1, -1, &geomid);
  mj_forward(m, d);
  show("forward after ray", m, d);

  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
