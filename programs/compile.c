// compile: convert a model between formats, as upstream's `compile` sample does.
//   compile INFILE [OUTFILE]
// INFILE is MJCF or URDF (.xml, .urdf) or a compiled model (.mjb). OUTFILE, by its extension:
// .mjb (binary model), .txt (mj_printModel listing) or .xml (mj_saveLastXML; only from MJCF).
// Without OUTFILE the model is only loaded. An XML model is compiled twice and both times are
// printed (the second load shows the asset cache at work).
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

enum kind { K_OTHER, K_XML, K_MJB, K_TXT, K_NONE };

static const char usage[] =
    "\n Usage:  compile infile outfile\n"
    "   infile can be in mjcf, urdf, mjb format\n"
    "   outfile can be in mjcf, mjb, txt format, or empty\n\n"
    "   if infile is mjcf, compilation will be timed twice to measure the impact of caching\n\n"
    " Example: compile model.xml [model.mjb]\n";

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// the file's kind from its extension (case-insensitive)
static enum kind kind_of(const char* path) {
  const char* dot = strrchr(path, '.');
  if (!dot) return K_OTHER;
  char ext[8] = {0};
  size_t n = strlen(dot);
  if (n >= sizeof ext) return K_OTHER;
  for (size_t i = 0; i < n; i++) ext[i] = (char)tolower((unsigned char)dot[i]);
  if (!strcmp(ext, ".xml") || !strcmp(ext, ".urdf")) return K_XML;
  if (!strcmp(ext, ".mjb")) return K_MJB;
  if (!strcmp(ext, ".txt")) return K_TXT;
  return K_OTHER;
}

// asks before replacing an existing file; false when the user declines (or stdin ends)
static int may_overwrite(const char* path) {
  FILE* f = fopen(path, "r");
  if (!f) return 1;
  fclose(f);
  printf("Output file already exists, overwrite? (Y/n) ");
  fflush(stdout);
  char answer[16];
  if (scanf("%15s", answer) != 1) return 0;
  return answer[0] == 'y' || answer[0] == 'Y';
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    puts(usage);
    return 0;
  }
  enum kind in = kind_of(argv[1]);
  enum kind out = argc == 3 ? kind_of(argv[2]) : K_NONE;
  if (in == K_OTHER || in == K_TXT || out == K_OTHER || (in == K_MJB && out == K_XML)) {
    puts("Illegal combination of file formats");
    return 0;
  }
  if (out != K_NONE && !may_overwrite(argv[2])) return 0;

  char error[1000] = "";
  mjModel* m = NULL;
  double t1 = 0, t2 = 0;
  if (in == K_XML) {
    // compile twice: the second load finds decoded assets in the cache
    for (int pass = 0; pass < 2; pass++) {
      if (m) mj_deleteModel(m);
      double t0 = seconds();
      m = mj_loadXML(argv[1], NULL, error, sizeof error);
      *(pass ? &t2 : &t1) = seconds() - t0;
      if (!m) break;
    }
  } else {
    m = mj_loadModel(argv[1], NULL);
    if (!m) snprintf(error, sizeof error, "Could not load model");
  }
  if (!m) {
    puts(error);
    return 0;
  }

  if (out == K_XML) {
    if (!mj_saveLastXML(argv[2], m, error, sizeof error)) {
      puts(error);
      mj_deleteModel(m);
      return 0;
    }
  } else if (out == K_MJB) {
    mj_saveModel(m, argv[2], NULL, 0);
  } else if (out == K_TXT) {
    mj_printModel(m, argv[2]);
  }
  mj_deleteModel(m);

  if (in == K_XML) {
    printf("Done.\nFirst compile: %.4gs\nSecond compile: %.4gs\n", t1, t2);
  } else {
    puts("Done.");
  }
  return 0;
}
