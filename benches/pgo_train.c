// pgo_train: the training run of the profile-guided release build (see the Makefile). Steps each
// model of a list (lines "MODEL.xml NSTEP", paths relative to ROOT) with the control pattern of
// ctrl_pattern.h, on whichever library LD_LIBRARY_PATH finds (the instrumented one).
//   pgo_train ROOT LIST
#include <stdio.h>
#include <stdlib.h>
#include <mujoco/mujoco.h>

#include "ctrl_pattern.h"

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: pgo_train ROOT LIST\n"); return 2; }
  FILE* list = fopen(argv[2], "r");
  if (!list) { fprintf(stderr, "pgo_train: cannot open %s\n", argv[2]); return 2; }
  char line[1200], rel[1000], path[2100];
  int failed = 0, models = 0;
  while (fgets(line, sizeof(line), list)) {
    int nstep;
    if (line[0] == '#' || sscanf(line, "%999s %d", rel, &nstep) != 2) continue;
    snprintf(path, sizeof(path), "%s/%s", argv[1], rel);
    char err[1000] = "";
    mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
    if (!m) { fprintf(stderr, "pgo_train: %s: %s\n", rel, err); failed = 1; continue; }
    mjData* d = mj_makeData(m);
    if (m->nkey) mj_resetDataKeyframe(m, d, 0);
    for (int k = 0; k < nstep; k++) {
      set_ctrl_pattern(m, d, k);
      mj_step(m, d);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
    models++;
  }
  fclose(list);
  if (!models) { fprintf(stderr, "pgo_train: no models in %s\n", argv[2]); return 2; }
  return failed;
}
