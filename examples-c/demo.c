// demo: load an MJCF model with this library's loader, simulate it, print what happens and
// render the final state to a PNG.
//   demo MODEL.xml [SECONDS [PNG]]      (PNG defaults to demo.png)
// Prints the model's sizes, then every tenth of the run the simulated time, the number of
// contacts, the height of some free bodies and the total energy, then steps per second. Then
// draws the scene offscreen with this library's renderer (mjv_updateScene, mjr_render) in a
// headless EGL context (Mesa's llvmpipe does) and writes the image. EGL is opened at run time
// (dlopen), so the demo builds without EGL's headers or libraries; where EGL or a GL driver is
// missing it prints one line saying so and still exits 0.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

//------------------------------------ EGL, declared here -----------------------------------------
// The few EGL 1.4/1.5 types, constants and entry points the demo uses (values from Khronos'
// registry), resolved with dlsym from libEGL.so.1.
typedef void* EGLDisplay;
typedef void* EGLConfig;
typedef void* EGLContext;
typedef void* EGLSurface;
typedef int32_t EGLint;
typedef unsigned int EGLBoolean;
typedef unsigned int EGLenum;

#define EGL_ALPHA_SIZE 0x3021
#define EGL_BLUE_SIZE 0x3022
#define EGL_GREEN_SIZE 0x3023
#define EGL_RED_SIZE 0x3024
#define EGL_DEPTH_SIZE 0x3025
#define EGL_STENCIL_SIZE 0x3026
#define EGL_SURFACE_TYPE 0x3033
#define EGL_NONE 0x3038
#define EGL_RENDERABLE_TYPE 0x3040
#define EGL_PBUFFER_BIT 0x0001
#define EGL_OPENGL_BIT 0x0008
#define EGL_OPENGL_API 0x30A2
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD

static struct {
  void* (*GetProcAddress)(const char*);
  EGLDisplay (*GetDisplay)(void*);
  EGLDisplay (*GetPlatformDisplayEXT)(EGLenum, void*, const EGLint*);
  EGLBoolean (*Initialize)(EGLDisplay, EGLint*, EGLint*);
  EGLBoolean (*ChooseConfig)(EGLDisplay, const EGLint*, EGLConfig*, EGLint, EGLint*);
  EGLBoolean (*BindAPI)(EGLenum);
  EGLContext (*CreateContext)(EGLDisplay, EGLConfig, EGLContext, const EGLint*);
  EGLBoolean (*MakeCurrent)(EGLDisplay, EGLSurface, EGLSurface, EGLContext);
  EGLBoolean (*DestroyContext)(EGLDisplay, EGLContext);
  EGLBoolean (*Terminate)(EGLDisplay);
  EGLint (*GetError)(void);
  EGLDisplay dpy;
  EGLContext ctx;
} egl;

// Makes a headless OpenGL context current: Mesa's surfaceless platform when there, else the
// default display. On failure writes why into `why` and returns 0.
static int egl_start(char* why, size_t nwhy) {
  void* lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!lib) {
    snprintf(why, nwhy, "no libEGL.so.1 (Debian: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri)");
    return 0;
  }
#define EGL_SYM(f) *(void**)&egl.f = dlsym(lib, "egl" #f)
  EGL_SYM(GetProcAddress); EGL_SYM(GetDisplay); EGL_SYM(Initialize); EGL_SYM(ChooseConfig);
  EGL_SYM(BindAPI); EGL_SYM(CreateContext); EGL_SYM(MakeCurrent); EGL_SYM(DestroyContext);
  EGL_SYM(Terminate); EGL_SYM(GetError);
#undef EGL_SYM
  if (!egl.GetProcAddress || !egl.GetDisplay || !egl.Initialize || !egl.ChooseConfig ||
      !egl.BindAPI || !egl.CreateContext || !egl.MakeCurrent || !egl.GetError) {
    snprintf(why, nwhy, "libEGL.so.1 lacks EGL 1.4 entry points");
    return 0;
  }
  *(void**)&egl.GetPlatformDisplayEXT = egl.GetProcAddress("eglGetPlatformDisplayEXT");
  EGLint major, minor;
  egl.dpy = NULL;
  if (egl.GetPlatformDisplayEXT) {
    egl.dpy = egl.GetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
    if (egl.dpy && !egl.Initialize(egl.dpy, &major, &minor)) egl.dpy = NULL;
  }
  if (!egl.dpy) {
    egl.dpy = egl.GetDisplay(NULL);
    if (egl.dpy && !egl.Initialize(egl.dpy, &major, &minor)) {
      snprintf(why, nwhy, "eglInitialize failed (EGL error 0x%x); no GL driver? (Debian: libegl-mesa0 libgl1-mesa-dri)",
               (unsigned)egl.GetError());
      return 0;
    }
  }
  if (!egl.dpy) {
    snprintf(why, nwhy, "EGL has no display (no EGL driver? Debian: libegl-mesa0 libgl1-mesa-dri)");
    return 0;
  }
  const EGLint attr[] = {EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                         EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                         EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig cfg;
  EGLint ncfg = 0;
  if (!egl.ChooseConfig(egl.dpy, attr, &cfg, 1, &ncfg) || ncfg < 1) {
    snprintf(why, nwhy, "no EGL config with desktop OpenGL, RGBA8 and depth 24 (EGL error 0x%x)",
             (unsigned)egl.GetError());
    return 0;
  }
  if (!egl.BindAPI(EGL_OPENGL_API)) {
    snprintf(why, nwhy, "EGL cannot bind desktop OpenGL");
    return 0;
  }
  egl.ctx = egl.CreateContext(egl.dpy, cfg, NULL, NULL);
  if (!egl.ctx || !egl.MakeCurrent(egl.dpy, NULL, NULL, egl.ctx)) {
    snprintf(why, nwhy, "cannot make an OpenGL context current (EGL error 0x%x)", (unsigned)egl.GetError());
    return 0;
  }
  return 1;
}

static void egl_stop(void) {
  if (egl.ctx) {
    egl.MakeCurrent(egl.dpy, NULL, NULL, NULL);
    egl.DestroyContext(egl.dpy, egl.ctx);
  }
  if (egl.dpy && egl.Terminate) egl.Terminate(egl.dpy);
}

//------------------------------------ PNG writer ------------------------------------------------
// 8-bit RGB PNG with the zlib stream made of stored (uncompressed) deflate blocks: larger files
// than a compressor gives, but any PNG reader opens them and no library is needed.
static uint32_t crc_table[256];

static uint32_t crc32_update(uint32_t c, const unsigned char* p, size_t n) {
  if (!crc_table[1]) {
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t k = i;
      for (int j = 0; j < 8; j++) k = (k & 1) ? 0xEDB88320u ^ (k >> 1) : k >> 1;
      crc_table[i] = k;
    }
  }
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c;
}

static void put32(unsigned char* p, uint32_t v) {
  p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static int write_chunk(FILE* f, const char* type, const unsigned char* data, size_t n) {
  unsigned char head[8], tail[4];
  put32(head, (uint32_t)n);
  memcpy(head + 4, type, 4);
  uint32_t crc = crc32_update(0xFFFFFFFFu, head + 4, 4);
  crc = crc32_update(crc, data, n) ^ 0xFFFFFFFFu;
  put32(tail, crc);
  return fwrite(head, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) && fwrite(tail, 1, 4, f) == 4;
}

// rgb: width*height*3 bytes, rows bottom to top (as mjr_readPixels gives them)
static int write_png(const char* path, const unsigned char* rgb, int width, int height) {
  size_t row = 1 + 3 * (size_t)width;            // filter byte, then the pixels
  size_t raw = row * height;
  size_t nblock = (raw + 65534) / 65535;
  size_t zlen = 2 + raw + 5 * nblock + 4;
  unsigned char* z = malloc(zlen);
  unsigned char* scan = malloc(raw);
  if (!z || !scan) {
    free(z); free(scan);
    return 0;
  }
  for (int y = 0; y < height; y++) {
    scan[y * row] = 0;  // filter: none
    memcpy(scan + y * row + 1, rgb + (size_t)(height - 1 - y) * 3 * width, 3 * (size_t)width);
  }
  uint32_t a = 1, b = 0;  // Adler-32 of the uncompressed stream
  for (size_t i = 0; i < raw; i++) {
    a = (a + scan[i]) % 65521;
    b = (b + a) % 65521;
  }
  size_t o = 0;
  z[o++] = 0x78; z[o++] = 0x01;  // deflate, 32K window, no dictionary, check bits
  for (size_t i = 0; i < raw; i += 65535) {
    size_t n = raw - i < 65535 ? raw - i : 65535;
    z[o++] = (i + n == raw);  // BFINAL on the last block, BTYPE 00 (stored)
    z[o++] = n & 0xFF; z[o++] = n >> 8;
    z[o++] = ~n & 0xFF; z[o++] = (~n >> 8) & 0xFF;
    memcpy(z + o, scan + i, n);
    o += n;
  }
  put32(z + o, (b << 16) | a);
  o += 4;
  unsigned char ihdr[13];
  put32(ihdr, width);
  put32(ihdr + 4, height);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGB
  FILE* f = fopen(path, "wb");
  int ok = f && fwrite("\x89PNG\r\n\x1a\n", 1, 8, f) == 8 && write_chunk(f, "IHDR", ihdr, 13) &&
           write_chunk(f, "IDAT", z, o) && write_chunk(f, "IEND", NULL, 0);
  if (f && fclose(f)) ok = 0;
  free(z);
  free(scan);
  return ok;
}

//------------------------------------ rendering -------------------------------------------------
// mju_error inside the renderer (e.g. a GL driver without the functions it needs) comes back here
static jmp_buf render_jmp;
static char render_err[1000];

static void render_error(const char* msg) {
  snprintf(render_err, sizeof render_err, "%s", msg);
  longjmp(render_jmp, 1);
}

// Draws the current state of (m, d) into an offscreen buffer and writes it to `path`.
static void render_png(const mjModel* m, mjData* d, const char* path) {
  char why[300] = "";
  if (!egl_start(why, sizeof why)) {
    printf("\nno picture: %s\n", why);
    egl_stop();
    return;
  }
  static mjvScene scn;
  static mjrContext con;
  static unsigned char* rgb;
  mjvCamera cam;
  mjvOption opt;
  mjvPerturb pert;
  mjv_defaultCamera(&cam);
  mjv_defaultOption(&opt);
  mjv_defaultPerturb(&pert);
  mjv_defaultScene(&scn);
  mjr_defaultContext(&con);
  mju_user_error = render_error;
  if (setjmp(render_jmp)) {
    printf("\nno picture: the renderer stopped: %s\n", render_err);
  } else {
    mjv_makeScene(m, &scn, 2000);
    mjr_makeContext(m, &con, mjFONTSCALE_100);
    mjr_setBuffer(mjFB_OFFSCREEN, &con);
    mjrRect vp = mjr_maxViewport(&con);
    // free camera from the model's <visual><global> angles, around <statistic> center/extent
    mjv_defaultFreeCamera(m, &cam);
    mjv_updateScene(m, d, &opt, &pert, &cam, mjCAT_ALL, &scn);
    mjr_render(vp, &scn, &con);
    char label[100];
    snprintf(label, sizeof label, "t = %.2f s", d->time);
    mjr_overlay(mjFONT_NORMAL, mjGRID_TOPLEFT, vp, label, NULL, &con);
    rgb = malloc(3 * (size_t)vp.width * vp.height);
    if (!rgb) {
      printf("\nno picture: out of memory\n");
    } else {
      mjr_readPixels(rgb, NULL, vp, &con);
      char full[PATH_MAX];
      if (!write_png(path, rgb, vp.width, vp.height)) {
        printf("\nno picture: cannot write %s\n", path);
      } else {
        printf("\npicture (%dx%d, rendered with Mesa/EGL through mjr_render): %s\n", vp.width,
               vp.height, realpath(path, full) ? full : path);
      }
    }
  }
  mju_user_error = NULL;
  free(rgb);
  rgb = NULL;
  mjr_freeContext(&con);
  mjv_freeScene(&scn);
  egl_stop();
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: demo MODEL.xml [SECONDS [PNG]]\n");
    return 2;
  }
  double duration = argc > 2 ? atof(argv[2]) : 2.0;
  const char* png = argc > 3 ? argv[3] : "demo.png";
  printf("MuJoCo %s (header %d)\n", mj_versionString(), mjVERSION_HEADER);

  char error[1000] = "";
  double t0 = now();
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
  double tload = now() - t0;
  if (!m) {
    fprintf(stderr, "mj_loadXML: %s\n", error);
    return 1;
  }
  printf("%s compiled in %.1f ms: nbody %d  nq %d  nv %d  nu %d  ngeom %d  timestep %g\n", argv[1],
         1e3 * tload, m->nbody, m->nq, m->nv, m->nu, m->ngeom, m->opt.timestep);
  m->opt.enableflags |= mjENBL_ENERGY;

  mjData* d = mj_makeData(m);
  if (m->nkey) mj_resetDataKeyframe(m, d, 0);

  // free bodies, named ones first: their height is printed as the simulation goes
  int free_body[4], nfree = 0;
  for (int named = 1; named >= 0; named--) {
    for (int j = 0; j < m->njnt && nfree < 4; j++) {
      int b = m->jnt_bodyid[j];
      if (m->jnt_type[j] == mjJNT_FREE && (mj_id2name(m, mjOBJ_BODY, b) != NULL) == named) {
        free_body[nfree++] = b;
      }
    }
  }

  int nstep = (int)(duration / m->opt.timestep + 0.5);
  if (nstep < 10) nstep = 10;
  int every = nstep / 10;
  printf("\n  time   ncon   energy");
  for (int i = 0; i < nfree; i++) {
    const char* name = mj_id2name(m, mjOBJ_BODY, free_body[i]);
    if (name) printf("  z(%s)", name); else printf("  z(body %d)", free_body[i]);
  }
  printf("\n");

  double busy = 0;
  for (int k = 1; k <= nstep; k++) {
    // a slow sinusoid on every actuator, inside its control range
    for (int i = 0; i < m->nu; i++) {
      double lo = -1, hi = 1;
      if (m->actuator_ctrllimited[i]) {
        lo = m->actuator_ctrlrange[2 * i];
        hi = m->actuator_ctrlrange[2 * i + 1];
      }
      d->ctrl[i] = lo + (hi - lo) * (0.5 + 0.4 * mju_sin(2.0 * d->time + i));
    }
    double ts = now();
    mj_step(m, d);
    busy += now() - ts;
    if (k % every == 0) {
      printf("%6.2f %6d %8.4f", d->time, d->ncon, d->energy[0] + d->energy[1]);
      for (int i = 0; i < nfree; i++) printf("  %7.4f", d->xpos[3 * free_body[i] + 2]);
      printf("\n");
    }
  }
  printf("\n%d steps, %.0f steps/s (%.1f x realtime); warnings:", nstep, nstep / busy,
         nstep * m->opt.timestep / busy);
  int nwarn = 0;
  for (int i = 0; i < mjNWARNING; i++) {
    if (d->warning[i].number) printf(" %s", mju_warningText(i, d->warning[i].lastinfo)), nwarn++;
  }
  printf("%s\n", nwarn ? "" : " none");
  render_png(m, d, png);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
