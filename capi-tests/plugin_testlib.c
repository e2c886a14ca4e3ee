// A tiny plugin library for plugin_diff: its constructor registers the plugins named by
// PLUGIN_NAMES (a comma-separated list in a string literal, may be empty). Built several times
// by plugin_diff.sh with different names; not linked against MuJoCo (the symbols come from the
// library the test program already loaded).
#include <string.h>

#include <mujoco/mujoco.h>

#ifndef PLUGIN_NAMES
#define PLUGIN_NAMES ""
#endif

static const char* attributes[] = {"scale"};

static int nstate(const mjModel* m, int instance) {
  (void)m;
  return instance + 1;
}

__attribute__((constructor)) static void register_plugins(void) {
  static char names[] = PLUGIN_NAMES;
  for (char* name = strtok(names, ","); name; name = strtok(NULL, ",")) {
    mjpPlugin p;
    mjp_defaultPlugin(&p);
    p.name = name;
    p.nattribute = 1;
    p.attributes = attributes;
    p.capabilityflags = mjPLUGIN_PASSIVE;
    p.nstate = nstate;
    mjp_registerPlugin(&p);
  }
}
