// Rendering against upstream, headless through EGL (Mesa's surfaceless platform).
//
//   render_diff run MODEL.mjb OUTDIR   render with whichever libmujoco is loaded, write files
//   render_diff cmp REFDIR OURDIR      compare the two output directories
//
// `run` loads the model (compiled to MJB by upstream), steps it 20 times, makes an OpenGL
// context and an mjrContext, and renders into the offscreen buffer a few scenes: default
// options; every visual flag, label and frame on; segmentation and id colours; wireframe
// without shadows; then 2D drawing (overlays at every grid position, text, label, rectangle,
// figure) over a scene. Each image is read with mjr_readPixels (colour and depth). It also
// writes the mjrContext (pointer fields cleared) and the figure's computed axis fields.
// `cmp` requires, per image, at most 0.1% of pixels differing by more than 2 levels in any
// channel (depth: by more than 2/255 of the range), and byte-equal contexts.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#define NIMG 8
static const char* kNames[NIMG] = {"default", "allflags", "segment", "idcolor", "wireframe", "2d",
                                     "sky", "resized"};

static int die(const char* msg) {
  fprintf(stderr, "render_diff: %s\n", msg);
  return 2;
}

static int make_egl(void) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC getdisp =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDisplay dpy = getdisp ? getdisp(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                           : eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (dpy == EGL_NO_DISPLAY) { fprintf(stderr, "no display\n"); return 0; }
  EGLint major, minor;
  if (!eglInitialize(dpy, &major, &minor)) { fprintf(stderr, "eglInitialize 0x%x\n", eglGetError()); return 0; }
  const EGLint cfgattr[] = {EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                            EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8,
                            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig cfg;
  EGLint ncfg = 0;
  if (!eglChooseConfig(dpy, cfgattr, &cfg, 1, &ncfg) || ncfg < 1) { fprintf(stderr, "no EGL config\n"); return 0; }
  if (!eglBindAPI(EGL_OPENGL_API)) return 0;
  EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
  if (ctx == EGL_NO_CONTEXT) return 0;
  return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

static void save(const char* dir, const char* name, const void* buf, size_t n) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE* f = fopen(path, "wb");
  if (!f) { perror(path); exit(2); }
  fwrite(buf, 1, n, f);
  fclose(f);
}

static size_t load(const char* dir, const char* name, void** buf) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE* f = fopen(path, "rb");
  if (!f) { *buf = NULL; return 0; }
  fseek(f, 0, SEEK_END);
  size_t n = ftell(f);
  fseek(f, 0, SEEK_SET);
  *buf = malloc(n ? n : 1);
  if (fread(*buf, 1, n, f) != n) n = 0;
  fclose(f);
  return n;
}

static void capture(const char* dir, const char* name, mjrRect vp, const mjrContext* con) {
  size_t npix = (size_t)vp.width * vp.height;
  unsigned char* rgb = malloc(3 * npix);
  float* depth = malloc(sizeof(float) * npix);
  mjr_readPixels(rgb, depth, vp, con);
  char fn[256];
  snprintf(fn, sizeof(fn), "%s.rgb", name);
  save(dir, fn, rgb, 3 * npix);
  snprintf(fn, sizeof(fn), "%s.depth", name);
  save(dir, fn, depth, sizeof(float) * npix);
  snprintf(fn, sizeof(fn), "%s.size", name);
  int wh[2] = {vp.width, vp.height};
  save(dir, fn, wh, sizeof(wh));
  free(rgb);
  free(depth);
}

static void draw2d(mjrRect vp, const mjrContext* con, mjvFigure* fig) {
  const char* left = "Time\nFPS\nSolver\nLong line of text";
  const char* right = "1.234\n60\n3 iterations\n~!@#$%^&*()_+{}|:<>?";
  for (int g = 0; g < 8; g++) {
    mjr_overlay(g == 3 ? mjFONT_BIG : (g == 2 ? mjFONT_SHADOW : mjFONT_NORMAL), g, vp,
                left, g % 2 ? right : NULL, con);
  }
  mjr_text(mjFONT_NORMAL, "plain text", con, 0.3f, 0.5f, 1, 0.5f, 0.2f);
  mjr_text(mjFONT_SHADOW, "shadow text", con, 0.3f, 0.45f, 0.2f, 1, 0.5f);
  mjr_text(mjFONT_BIG, "BIG", con, 0.3f, 0.38f, 0.5f, 0.2f, 1);
  mjrRect r1 = {vp.left + 20, vp.bottom + 100, 150, 40};
  mjr_rectangle(r1, 0.2f, 0.6f, 0.9f, 0.6f);
  mjrRect r2 = {vp.left + 20, vp.bottom + 150, 160, 30};
  mjr_label(r2, mjFONT_NORMAL, "a label", 0.5f, 0.1f, 0.1f, 0.9f, 1, 1, 1, con);
  mjrRect r3 = {vp.left + 20, vp.bottom + 190, 160, 40};
  mjr_label(r3, mjFONT_BIG, "Big", 0.1f, 0.4f, 0.1f, 1, 1, 1, 0, con);

  mjv_defaultFigure(fig);
  strcpy(fig->title, "Title  second");
  strcpy(fig->xlabel, "time");
  fig->flg_legend = 1;
  fig->flg_extend = 1;
  fig->flg_selection = 1;
  fig->selection = 0.5f;
  fig->highlightid = 1;
  fig->gridsize[0] = 5;
  fig->gridsize[1] = 4;
  fig->figurergba[3] = 0.7f;
  for (int n = 0; n < 3; n++) {
    snprintf(fig->linename[n], sizeof(fig->linename[n]), "line %d", n);
    fig->linepnt[n] = 100;
    for (int i = 0; i < 100; i++) {
      fig->linedata[n][2*i] = i / 99.0f;
      fig->linedata[n][2*i+1] = (float)sin(0.1 * i * (n + 1)) * (n + 1);
    }
  }
  mjrRect rf = {vp.left + vp.width - 330, vp.bottom + 10, 320, 240};
  mjr_figure(rf, fig, con);
}

static int run(const char* mjbfile, const char* dir) {
  if (!make_egl()) return die("cannot make an EGL context");
  char err[1000] = "";
  mjModel* m = mj_loadModel(mjbfile, NULL);
  if (!m) return die("cannot load model");
  mjData* d = mj_makeData(m);
  for (int i = 0; i < 20; i++) mj_step(m, d);

  mjvScene scn;
  mjvCamera cam;
  mjvOption opt;
  mjvPerturb pert;
  mjrContext con;
  mjv_defaultScene(&scn);
  mjv_defaultCamera(&cam);
  mjv_defaultOption(&opt);
  mjv_defaultPerturb(&pert);
  mjr_defaultContext(&con);
  mjv_makeScene(m, &scn, 10000);
  mjv_defaultFreeCamera(m, &cam);
  mjr_makeContext(m, &con, mjFONTSCALE_150);
  mjr_setBuffer(mjFB_OFFSCREEN, &con);
  mjrRect vp = mjr_maxViewport(&con);

  // the context, with its pointers cleared
  mjrContext copy = con;
  copy.skinvertVBO = copy.skinnormalVBO = copy.skintexcoordVBO = copy.skinfaceVBO = NULL;
  save(dir, "context", &copy, sizeof(copy));

  // 0: defaults
  mjv_updateScene(m, d, &opt, &pert, &cam, mjCAT_ALL, &scn);
  mjr_render(vp, &scn, &con);
  capture(dir, kNames[0], vp, &con);

  // 1: every visual flag, body labels and frames
  mjvOption all = opt;
  for (int i = 0; i < mjNVISFLAG; i++) all.flags[i] = 1;
  all.label = mjLABEL_BODY;
  all.frame = mjFRAME_BODY;
  mjv_updateScene(m, d, &all, &pert, &cam, mjCAT_ALL, &scn);
  mjr_render(vp, &scn, &con);
  capture(dir, kNames[1], vp, &con);

  // 2, 3: segmentation, id colours
  mjv_updateScene(m, d, &opt, &pert, &cam, mjCAT_ALL, &scn);
  scn.flags[mjRND_SEGMENT] = 1;
  mjr_render(vp, &scn, &con);
  capture(dir, kNames[2], vp, &con);
  scn.flags[mjRND_IDCOLOR] = 1;
  mjr_render(vp, &scn, &con);
  capture(dir, kNames[3], vp, &con);
  scn.flags[mjRND_SEGMENT] = 0;
  scn.flags[mjRND_IDCOLOR] = 0;

  // 4: wireframe, no shadows, no reflections, fog, additive
  scn.flags[mjRND_WIREFRAME] = 1;
  scn.flags[mjRND_SHADOW] = 0;
  scn.flags[mjRND_REFLECTION] = 0;
  scn.flags[mjRND_FOG] = 1;
  scn.flags[mjRND_ADDITIVE] = 1;
  mjr_render(vp, &scn, &con);
  capture(dir, kNames[4], vp, &con);
  scn.flags[mjRND_WIREFRAME] = 0;
  scn.flags[mjRND_SHADOW] = 1;
  scn.flags[mjRND_REFLECTION] = 1;
  scn.flags[mjRND_FOG] = 0;
  scn.flags[mjRND_ADDITIVE] = 0;

  // 5: scene with 2D drawing on top
  mjvFigure fig;
  mjv_updateScene(m, d, &opt, &pert, &cam, mjCAT_ALL, &scn);
  mjr_render(vp, &scn, &con);
  draw2d(vp, &con, &fig);
  capture(dir, kNames[5], vp, &con);
  float figout[4] = {fig.xaxisdata[0], fig.xaxisdata[1], fig.yaxisdata[0], fig.yaxisdata[1]};
  int figpix[4] = {fig.xaxispixel[0], fig.xaxispixel[1], fig.yaxispixel[0], fig.yaxispixel[1]};
  save(dir, "figure.data", figout, sizeof(figout));
  save(dir, "figure.pixel", figpix, sizeof(figpix));

  // 6: low camera (skybox and haze), aux buffer blitted over it, pixels drawn back
  cam.elevation = -4;
  mjv_updateScene(m, d, &opt, &pert, &cam, mjCAT_ALL, &scn);
  mjr_render(vp, &scn, &con);
  mjr_addAux(0, 200, 100, 2, &con);
  mjr_setAux(0, &con);
  mjrRect auxvp = {0, 0, 200, 100};
  mjr_rectangle(auxvp, 0.9f, 0.5f, 0.1f, 1);
  mjr_text(mjFONT_BIG, "aux", &con, 0.1f, 0.3f, 0, 0, 0);
  mjr_restoreBuffer(&con);
  mjr_blitAux(0, auxvp, 20, 20, &con);
  unsigned char patch[3*64*32];
  for (int i = 0; i < 3*64*32; i++) patch[i] = (unsigned char)(i * 7);
  mjrRect pvp = {400, 300, 64, 32};
  mjr_drawPixels(patch, NULL, pvp, &con);
  capture(dir, kNames[6], vp, &con);

  // 7: smaller offscreen buffer, bigger font
  mjr_resizeOffscreen(320, 240, &con);
  mjr_changeFont(mjFONTSCALE_200, &con);
  vp = mjr_maxViewport(&con);
  mjr_render(vp, &scn, &con);
  mjr_overlay(mjFONT_NORMAL, mjGRID_TOPLEFT, vp, "resized", "200%", &con);
  capture(dir, kNames[7], vp, &con);
  copy = con;
  copy.skinvertVBO = copy.skinnormalVBO = copy.skintexcoordVBO = copy.skinfaceVBO = NULL;
  save(dir, "context2", &copy, sizeof(copy));

  // after freeing, the context keeps only its window flags
  int glerr = mjr_getError();
  mjr_freeContext(&con);
  save(dir, "freed", &con, sizeof(con));
  save(dir, "glerror", &glerr, sizeof(glerr));

  // no model: offscreen 800x600 and fonts only (font scale rounded to 50s, clamped)
  mjr_makeContext(NULL, &con, 333);
  mjrRect rects[3] = {{0, 0, 10, 10}, {5, 5, 10, 10}, {20, 0, 5, 5}};
  int found[4] = {mjr_findRect(7, 7, 3, rects), mjr_findRect(12, 12, 3, rects),
                  mjr_findRect(22, 1, 3, rects), mjr_findRect(50, 50, 3, rects)};
  save(dir, "nomodel", &con, sizeof(con));
  save(dir, "findrect", found, sizeof(found));
  mjr_freeContext(&con);
  mjv_freeScene(&scn);
  mj_deleteData(d);
  mj_deleteModel(m);
  (void)err;
  return 0;
}

static int cmp_bytes(const char* a, const char* b, const char* name) {
  void *x, *y;
  size_t nx = load(a, name, &x), ny = load(b, name, &y);
  int bad = nx == 0 || nx != ny;
  size_t first = 0;
  if (!bad) {
    for (size_t i = 0; i < nx; i++) {
      if (((unsigned char*)x)[i] != ((unsigned char*)y)[i]) { bad = 1; first = i; break; }
    }
  }
  if (bad) printf("  %s differs (size %zu vs %zu, first byte %zu)\n", name, nx, ny, first);
  free(x);
  free(y);
  return bad;
}

static int cmp(const char* a, const char* b) {
  int fails = 0, checks = 0;
  fails += cmp_bytes(a, b, "context"); checks++;
  fails += cmp_bytes(a, b, "context2"); checks++;
  fails += cmp_bytes(a, b, "freed"); checks++;
  fails += cmp_bytes(a, b, "glerror"); checks++;
  fails += cmp_bytes(a, b, "nomodel"); checks++;
  fails += cmp_bytes(a, b, "findrect"); checks++;
  fails += cmp_bytes(a, b, "figure.data"); checks++;
  fails += cmp_bytes(a, b, "figure.pixel"); checks++;
  double worst = 0;
  for (int k = 0; k < NIMG; k++) {
    char fn[256];
    void *sa, *sb, *ra, *rb, *da, *db;
    snprintf(fn, sizeof(fn), "%s.size", kNames[k]);
    if (!load(a, fn, &sa) || !load(b, fn, &sb) || memcmp(sa, sb, 8)) {
      printf("  %s: size differs\n", kNames[k]); fails++; continue;
    }
    int* wh = sa;
    size_t npix = (size_t)wh[0] * wh[1];
    snprintf(fn, sizeof(fn), "%s.rgb", kNames[k]);
    load(a, fn, &ra); load(b, fn, &rb);
    snprintf(fn, sizeof(fn), "%s.depth", kNames[k]);
    load(a, fn, &da); load(b, fn, &db);
    size_t badc = 0, badd = 0, diffc = 0;
    for (size_t i = 0; i < npix; i++) {
      int over = 0, any = 0;
      for (int c = 0; c < 3; c++) {
        int dv = abs(((unsigned char*)ra)[3*i+c] - ((unsigned char*)rb)[3*i+c]);
        if (dv > 2) over = 1;
        if (dv) any = 1;
      }
      badc += over; diffc += any;
      if (fabsf(((float*)da)[i] - ((float*)db)[i]) > 2.0f/255) badd++;
    }
    double fc = 100.0 * badc / npix, fd = 100.0 * badd / npix;
    if (fc > worst) worst = fc;
    if (fd > worst) worst = fd;
    int ok = fc <= 0.1 && fd <= 0.1;
    checks += 2;
    if (!ok) fails++;
    printf("  %-9s %dx%d: rgb %.4f%% over 2 levels (%zu pixels differ at all), depth %.4f%%%s\n",
           kNames[k], wh[0], wh[1], fc, diffc, fd, ok ? "" : "  FAIL");
    free(sa); free(sb); free(ra); free(rb); free(da); free(db);
  }
  printf("render: %d checks, %d failed, worst %.4f%%\n", checks, fails, worst);
  return fails ? 1 : 0;
}

int main(int argc, char** argv) {
  if (argc == 4 && !strcmp(argv[1], "run")) return run(argv[2], argv[3]);
  if (argc == 4 && !strcmp(argv[1], "cmp")) return cmp(argv[2], argv[3]);
  fprintf(stderr, "usage: render_diff run MODEL.mjb OUTDIR | cmp REFDIR OURDIR\n");
  return 2;
}
