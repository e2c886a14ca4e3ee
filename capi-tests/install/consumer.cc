// A C++ program built against an installed copy of the library (install_test.sh builds it once
// through pkg-config and once through CMake's find_package(mujoco) / mujoco::mujoco).
//   consumer MODEL.xml
// Loads the model from MJCF, steps it 200 times from its first keyframe and prints the state,
// so the two builds can be compared with each other.
#include <cstdio>
#include <memory>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer MODEL.xml\n");
    return 2;
  }
  if (mj_version() != mjVERSION_HEADER) {
    std::fprintf(stderr, "library %d, header %d\n", mj_version(), mjVERSION_HEADER);
    return 1;
  }
  char error[1000] = "";
  std::unique_ptr<mjModel, decltype(&mj_deleteModel)> m(
      mj_loadXML(argv[1], nullptr, error, sizeof error), mj_deleteModel);
  if (!m) {
    std::fprintf(stderr, "mj_loadXML: %s\n", error);
    return 1;
  }
  std::unique_ptr<mjData, decltype(&mj_deleteData)> d(mj_makeData(m.get()), mj_deleteData);
  if (m->nkey) mj_resetDataKeyframe(m.get(), d.get(), 0);
  for (int k = 0; k < 200; k++) mj_step(m.get(), d.get());
  std::printf("MuJoCo %s: nq %d, t %.3f, qpos", mj_versionString(), m->nq, d->time);
  for (int i = 0; i < m->nq; i++) std::printf(" %.12g", d->qpos[i]);
  std::printf("\n");
  return 0;
}
