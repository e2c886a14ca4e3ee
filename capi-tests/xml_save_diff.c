// Loads an MJCF file with mj_loadXML and writes it back with mj_saveLastXML.
//   xml_save_diff IN.xml OUT.xml
// Also checks: no model loaded after mj_freeLastXML, and a mismatched model is refused.
#include <stdio.h>
#include <string.h>
#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: %s IN.xml OUT.xml\n", argv[0]); return 2; }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "load failed: %s\n", err); return 3; }
  if (!mj_saveLastXML(argv[2], m, err, sizeof(err))) {
    fprintf(stderr, "save failed: %s\n", err); mj_deleteModel(m); return 4;
  }
  mj_freeLastXML();
  char err2[1000] = "";
  if (mj_saveLastXML(NULL, m, err2, sizeof(err2)) || strcmp(err2, "No XML model loaded")) {
    fprintf(stderr, "after mj_freeLastXML: expected 'No XML model loaded', got '%s'\n", err2);
    mj_deleteModel(m); return 5;
  }
  mj_deleteModel(m);
  return 0;
}
