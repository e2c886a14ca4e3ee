// Prints mj_name2id / mj_id2name for every object type (valid and invalid) over a model read from
// an MJB file, so that upstream's library and ours can be diffed on the same model.
//
//   built with -DNAMES_GENERATE against upstream: names_diff model.xml out.mjb   (XML -> MJB)
//   otherwise:                                     names_diff model.mjb > out.txt
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#ifdef NAMES_GENERATE
int main(int argc, char** argv) {
  char err[1000] = "";
  if (argc < 3) return 2;
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    printf("load error: %s\n", err);
    return 1;
  }
  mj_saveModel(m, argv[2], NULL, 0);
  mj_deleteModel(m);
  return 0;
}
#else

static const int types[] = {
  -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
  26, 27, 99, 100, 101, 102, 103,
};

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) {
    printf("could not load %s\n", argv[1]);
    return 1;
  }
  int ntypes = sizeof(types) / sizeof(types[0]);

  // id -> name
  for (int t = 0; t < ntypes; t++) {
    for (int id = -2; id < 60; id++) {
      const char* s = mj_id2name(m, types[t], id);
      if (s) {
        printf("id2name(%d, %d) = \"%s\"\n", types[t], id, s);
      } else {
        printf("id2name(%d, %d) = NULL\n", types[t], id);
      }
    }
  }

  // name -> id, for every stored string, some misses, and prefixes/extensions of stored names
  const char* extra[] = {"", "nonexistent", "g", "g4", "g40", "g39x", "torsox", "tors", "\xc3", "hip\n"};
  int nextra = sizeof(extra) / sizeof(extra[0]);
  for (int t = 0; t < ntypes; t++) {
    for (int adr = 0; adr < m->nnames; adr += (int)strlen(m->names + adr) + 1) {
      const char* s = m->names + adr;
      printf("name2id(%d, \"%s\") = %d\n", types[t], s, mj_name2id(m, types[t], s));
    }
    for (int k = 0; k < nextra; k++) {
      printf("name2id(%d, \"%s\") = %d\n", types[t], extra[k], mj_name2id(m, types[t], extra[k]));
    }
  }

  mj_deleteModel(m);
  return 0;
}
#endif
