// The UI definition functions of two libraries in one process: ui_diff REF.so OURS.so.
// mjui_themeSpacing / mjui_themeColor for every index, then mjui_add and mjui_addToSection with
// a definition list covering every item type (as upstream's simulate builds its panels); the
// resulting mjUI structs must be byte-equal. Then, in a headless EGL context with an mjrContext
// made by each library, mjui_resize on that UI and on a large one (which must close sections to
// fit the renderbuffer limit) for both spacing themes, several font scales and radio column
// counts: the whole mjUI must be byte-equal. Then mjui_update and mjui_render of a UI with every
// item type into the offscreen buffer (read back with mjr_readPixels) in a dozen situations (themes,
// font scales, scrolled, shortcut help, pressed button, open select box, active edit, inactive and
// predicate-disabled items, single section and single item updates): images byte-equal.
// Then mjui_event: a sequence of mouse, scroll, resize and keyboard events over every item type
// (buttons, checks, radio, select box, sliders, editing with every editing key, section titles
// and checkboxes, separators, shortcuts, shortcut help, scrollbar), each library with its own
// copy of the UI, state and item data: after each event the returned item, the mjUI and
// mjuiState bytes, the item data and the rendered image must be equal.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include <mujoco/mujoco.h>

typedef mjuiThemeSpacing (*tSpacing)(int);
typedef mjuiThemeColor (*tColor)(int);
typedef void (*tAdd)(mjUI*, const mjuiDef*);
typedef void (*tAddTo)(mjUI*, int, const mjuiDef*);
typedef void (*tMake)(const mjModel*, mjrContext*, int);
typedef void (*tFree)(mjrContext*);
typedef void (*tResize)(mjUI*, const mjrContext*);
typedef void (*tUpdate)(int, int, const mjUI*, const mjuiState*, const mjrContext*);
typedef void (*tRender)(mjUI*, const mjuiState*, const mjrContext*);
typedef void (*tAddAux)(int, int, int, int, mjrContext*);
typedef void (*tSetBuffer)(int, mjrContext*);
typedef void (*tRead)(unsigned char*, float*, mjrRect, const mjrContext*);
typedef void (*tRect)(mjrRect, float, float, float, float);
typedef mjuiItem* (*tEvent)(mjUI*, mjuiState*, const mjrContext*);
typedef mjModel* (*tLoad)(const char*, const mjVFS*, char*, int);
typedef void (*tDelete)(mjModel*);

static int predicate(int category, void* data) { return category == 2; }

static int ival[10];
static mjtByte bval[4];
static mjtNum nval[10];
static float fval[10];
static char tval[300];

#define W 800
#define H 1200
static unsigned char img[2][3*W*H];

// item data of one library, for the event sequence
typedef struct {
  int ival[10];
  mjtByte bval[4];
  mjtNum nval[10];
  float fval[10];
  char tval[300];
} Data;
static Data evdat[2];

static void* remap(void* p, Data* d) {
  char* c = p;
  if (c >= (char*)ival && c < (char*)(ival + 10)) return (char*)d->ival + (c - (char*)ival);
  if (c >= (char*)bval && c < (char*)(bval + 4)) return (char*)d->bval + (c - (char*)bval);
  if (c >= (char*)nval && c < (char*)(nval + 10)) return (char*)d->nval + (c - (char*)nval);
  if (c >= (char*)fval && c < (char*)(fval + 10)) return (char*)d->fval + (c - (char*)fval);
  if (c >= tval && c < tval + 300) return d->tval + (c - tval);
  return p;
}

// put the mouse at fraction (fx, fy) of a rectangle of the UI image (window rectangle r)
static void mouseat(mjuiState* st, const mjUI* u, mjrRect it, double fx, double fy) {
  mjrRect r = st->rect[u->rectid];
  st->x = r.left + it.left + fx * it.width;
  st->y = r.bottom + r.height - u->height + (u->height > r.height ? u->scroll : 0) + it.bottom + fy * it.height;
}


static int make_egl(void) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC getdisp =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDisplay dpy = getdisp ? getdisp(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                           : eglGetDisplay(EGL_DEFAULT_DISPLAY);
  EGLint major, minor;
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) return 0;
  const EGLint cfgattr[] = {EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                            EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8,
                            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig cfg;
  EGLint ncfg = 0;
  if (!eglChooseConfig(dpy, cfgattr, &cfg, 1, &ncfg) || ncfg < 1) return 0;
  if (!eglBindAPI(EGL_OPENGL_API)) return 0;
  EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
  if (ctx == EGL_NO_CONTEXT) return 0;
  return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

// index of the first differing byte, -1 when equal
static long firstdiff(const void* a, const void* b, size_t n) {
  if (!memcmp(a, b, n)) return -1;
  const unsigned char* x = a;
  const unsigned char* y = b;
  size_t i = 0;
  while (x[i] == y[i]) i++;
  return (long)i;
}

static void describe(const mjUI* ui, long at) {
  long off = at - (long)offsetof(mjUI, sect);
  if (off < 0) { printf("  (mjUI header, offset %ld)\n", at); return; }
  long s = off / (long)sizeof(mjuiSection), r = off % (long)sizeof(mjuiSection);
  long io = r - (long)offsetof(mjuiSection, item);
  if (io < 0) { printf("  (section %ld, offset %ld)\n", s, r); return; }
  printf("  (section %ld item %ld, offset %ld)\n", s, io / (long)sizeof(mjuiItem), io % (long)sizeof(mjuiItem));
  (void)ui;
}

// a UI too tall for any renderbuffer: every section open, many items of every height
static void bigdefs(mjuiDef* d) {
  int n = 0;
  for (int s = 0; s < mjMAXUISECT; s++) {
    d[n] = (mjuiDef){mjITEM_SECTION, "", mjSECT_OPEN, NULL, ""};
    snprintf(d[n++].name, mjMAXUINAME, "Big %d", s);
    for (int i = 0; i < 150 + 5*s; i++) {
      switch (i % 6) {
      case 0: d[n++] = (mjuiDef){mjITEM_RADIO, "r", 2, ival, "a\nb\nc\nd\ne"}; break;
      case 1: d[n++] = (mjuiDef){mjITEM_STATIC, "", 2, NULL, "x\ny"}; break;
      case 2: d[n++] = (mjuiDef){mjITEM_SEPARATOR, "sep", mjSEPCLOSED + (s % 2)}; break;
      default: d[n++] = (mjuiDef){mjITEM_CHECKINT, "c", 2, ival, ""}; break;
      }
    }
  }
  d[n] = (mjuiDef){mjITEM_END};
}

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: ui_diff REF.so OURS.so\n"); return 2; }
  void* lib[2];
  tSpacing sp[2]; tColor co[2]; tAdd add[2]; tAddTo addto[2];
  tMake mk[2]; tFree fr[2]; tResize rs[2];
  tUpdate up[2]; tRender rn[2]; tAddAux aux[2]; tSetBuffer sb[2]; tRead rd[2]; tRect rr[2]; tLoad ld[2]; tDelete dm[2]; tEvent ev[2];
  for (int k = 0; k < 2; k++) {
    lib[k] = dlopen(argv[1+k], RTLD_NOW | RTLD_LOCAL);
    if (!lib[k]) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    sp[k] = (tSpacing)dlsym(lib[k], "mjui_themeSpacing");
    co[k] = (tColor)dlsym(lib[k], "mjui_themeColor");
    add[k] = (tAdd)dlsym(lib[k], "mjui_add");
    addto[k] = (tAddTo)dlsym(lib[k], "mjui_addToSection");
    mk[k] = (tMake)dlsym(lib[k], "mjr_makeContext");
    fr[k] = (tFree)dlsym(lib[k], "mjr_freeContext");
    rs[k] = (tResize)dlsym(lib[k], "mjui_resize");
    up[k] = (tUpdate)dlsym(lib[k], "mjui_update");
    rn[k] = (tRender)dlsym(lib[k], "mjui_render");
    aux[k] = (tAddAux)dlsym(lib[k], "mjr_addAux");
    sb[k] = (tSetBuffer)dlsym(lib[k], "mjr_setBuffer");
    rd[k] = (tRead)dlsym(lib[k], "mjr_readPixels");
    rr[k] = (tRect)dlsym(lib[k], "mjr_rectangle");
    ld[k] = (tLoad)dlsym(lib[k], "mj_loadXML");
    ev[k] = (tEvent)dlsym(lib[k], "mjui_event");
    dm[k] = (tDelete)dlsym(lib[k], "mj_deleteModel");
    if (!sp[k] || !co[k] || !add[k] || !addto[k] || !mk[k] || !fr[k] || !rs[k] || !up[k] || !rn[k] || !aux[k] || !sb[k] || !rd[k] || !rr[k] || !ld[k] || !dm[k] || !ev[k]) {
      fprintf(stderr, "missing symbol\n");
      return 2;
    }
  }
  int checks = 0, fails = 0;
  for (int i = -1; i < 5; i++) {
    mjuiThemeSpacing a = sp[0](i), b = sp[1](i);
    checks++; if (memcmp(&a, &b, sizeof(a))) { printf("themeSpacing(%d) differs\n", i); fails++; }
    mjuiThemeColor c = co[0](i), d = co[1](i);
    checks++; if (memcmp(&c, &d, sizeof(c))) { printf("themeColor(%d) differs\n", i); fails++; }
  }

  mjuiDef defs[] = {
    {mjITEM_SECTION, "File", mjSECT_OPEN, NULL, "AF"},
    {mjITEM_BUTTON, "Save xml", 2, NULL, ""},
    {mjITEM_BUTTON, "Print model", 2, NULL, "CM"},
    {mjITEM_SEPARATOR, "Sep", mjSEPCLOSED+1},
    {mjITEM_CHECKINT, "Check int", 2, ival, " #300"},
    {mjITEM_CHECKBYTE, "Check byte", 2, bval, "Sa"},
    {mjITEM_STATIC, "Static", 2, NULL, "line one\nline two\nthree"},
    {mjITEM_SECTION, "Option", mjSECT_CLOSED, NULL, "AO", 1},
    {mjITEM_RADIO, "Radio", 2, ival+1, "First\nSecond\nThird"},
    {mjITEM_RADIOLINE, "Radioline", 2, ival+2, "A\nB\nC\nD"},
    {mjITEM_SELECT, "Select", 2, ival+3, "Off\nOn\nAuto"},
    {mjITEM_SLIDERINT, "Slider int", 2, ival+4, "0 10"},
    {mjITEM_SLIDERINT, "Slider int div", 2, ival+5, "-5 5 3"},
    {mjITEM_SLIDERNUM, "Slider num", 2, nval, "-1.5 2.25"},
    {mjITEM_SLIDERNUM, "Slider num div", 2, nval+1, "0 1 0.5"},
    {mjITEM_EDITINT, "Edit int", 2, ival+6, "2 0 10 -3 3"},
    {mjITEM_EDITNUM, "Edit num", 2, nval+2, "3"},
    {mjITEM_EDITFLOAT, "Edit float", 2, fval, "1 -1e3 1e3"},
    {mjITEM_EDITTXT, "Edit text", 2, tval, ""},
    {mjITEM_SECTION, "Fixed", mjSECT_FIXED, NULL, ""},
    {mjITEM_SEPARATOR, "Collapsible", mjPRESERVE},
    {mjITEM_BUTTON, "Go", 1, NULL, " #32"},
    {mjITEM_END}
  };
  mjuiDef more[] = {
    {mjITEM_SECTION, "Again", mjPRESERVE, NULL, ""},
    {mjITEM_CHECKINT, "Late", 0, ival+7, ""},
    {mjITEM_END}
  };
  mjuiDef extra[] = {
    {mjITEM_BUTTON, "Extra button", 2, NULL, ""},
    {mjITEM_SEPARATOR, "Extra sep", mjPRESERVE},
    {mjITEM_END}
  };
  static mjUI ui[2];
  for (int k = 0; k < 2; k++) {
    memset(ui + k, 0, sizeof(mjUI));
    ui[k].spacing = sp[0](0);
    ui[k].color = co[0](1);
    add[k](ui + k, defs);
    ui[k].sect[3].state = 1;          // restored by mjPRESERVE
    ui[k].sect[3].item[0].state = 7;  // kept across re-definition
    add[k](ui + k, more);
    addto[k](ui + k, 1, extra);
    addto[k](ui + k, 0, extra);
  }
  checks++;
  if (memcmp(ui, ui + 1, sizeof(mjUI))) {
    const unsigned char* a = (const unsigned char*)ui;
    const unsigned char* b = (const unsigned char*)(ui + 1);
    size_t i = 0;
    while (a[i] == b[i]) i++;
    printf("mjUI differs at byte %zu of %zu\n", i, sizeof(mjUI));
    fails++;
  }

  // layout
  if (!make_egl()) { fprintf(stderr, "cannot make an EGL context\n"); return 2; }
  static mjUI base, big, lay[2];
  static mjrContext con[2];
  base = ui[0];
  static mjuiDef bd[mjMAXUISECT * 202];
  bigdefs(bd);
  memset(&big, 0, sizeof(mjUI));
  add[0](&big, bd);
  for (int s = 0; s < big.nsect; s++) big.sect[s].lastclick = (s * 7) % 5;
  const int scales[] = {50, 100, 150, 200, 300};
  int nlayout = 0;
  for (int f = 0; f < 5; f++) {
    for (int k = 0; k < 2; k++) mk[k](NULL, con + k, scales[f]);
    for (int which = 0; which < 2; which++) {
      for (int theme = 0; theme < 2; theme++) {
        for (int rc = 0; rc < 3; rc++) {
          for (int k = 0; k < 2; k++) {
            lay[k] = which ? big : base;
            lay[k].spacing = sp[0](theme);
            lay[k].radiocol = rc == 2 ? 3 : rc;
            if (rc == 1 && !which) lay[k].sect[1].item[3].state = mjSEPCLOSED;
            rs[k](lay + k, con + k);
          }
          checks++; nlayout++;
          long at = firstdiff(lay, lay + 1, sizeof(mjUI));
          if (at >= 0) {
            printf("mjui_resize (font %d, %s UI, theme %d, radiocol %d): mjUI differs at byte %ld\n",
                   scales[f], which ? "big" : "small", theme, lay[0].radiocol, at);
            describe(lay, at);
            fails++;
          }
        }
      }
    }
    for (int k = 0; k < 2; k++) fr[k](con + k);
  }
  int nclosed = 0;
  for (int s = 0; s < lay[0].nsect; s++) nclosed += lay[0].sect[s].state == mjSECT_CLOSED;

  // drawing
  const char* what[] = {"plain", "orange theme, shortcut help", "white theme, wide spacing, font 100",
                        "black theme, font 200", "scrolled", "pressed button", "open select box",
                        "active edit", "invalid edit", "predicate", "single section", "single item"};
  int nshot = sizeof(what) / sizeof(what[0]), ndiff = 0;
  static mjUI dui[2];
  // an empty model: without one the offscreen buffer is not usable
  char xml[] = "/tmp/ui_diff_XXXXXX";
  int fd = mkstemp(xml);
  if (fd < 0) { perror("mkstemp"); return 2; }
  FILE* fx = fdopen(fd, "w");
  fprintf(fx, "<mujoco><visual><global offwidth='%d' offheight='%d'/></visual></mujoco>\n", W, H);
  fclose(fx);
  mjModel* em[2];
  for (int k = 0; k < 2; k++) {
    char err[200];
    em[k] = ld[k](xml, NULL, err, sizeof(err));
    if (!em[k]) { fprintf(stderr, "mj_loadXML: %s\n", err); return 2; }
  }
  remove(xml);
  for (int shot = 0; shot < nshot; shot++) {
    for (int k = 0; k < 2; k++) {
      int font = shot == 2 ? 100 : shot == 3 ? 200 : 150;
      mk[k](em[k], con + k, font);
      mjUI* u = dui + k;
      memset(u, 0, sizeof(mjUI));
      u->spacing = sp[0](shot == 2);
      u->color = co[0](shot == 1 ? 1 : shot == 2 ? 2 : shot == 3 ? 3 : 0);
      u->mousehelp = shot == 1;
      add[0](u, defs);
      u->sect[1].state = mjSECT_OPEN;
      u->sect[0].item[2].state = 0;  // inactive
      if (shot == 9) {
        u->predicate = predicate;
        u->sect[1].item[0].state = 3;
        u->sect[1].item[1].state = 2;
      }
      memset(ival, 0, sizeof(ival));
      ival[0] = 1; ival[1] = 2; ival[2] = 1; ival[3] = 2; ival[4] = 7; ival[5] = -2;
      ival[6] = 4; ival[7] = -9;
      bval[0] = 0;
      nval[0] = 0.625; nval[1] = 0.5; nval[2] = 1.5; nval[3] = -2; nval[4] = 1e-5;
      fval[0] = 3.25f;
      strcpy(tval, "some text");
      rs[k](u, con + k);
      aux[k](u->auxid, u->width, u->maxheight, u->spacing.samples, con + k);
      mjuiState st;
      memset(&st, 0, sizeof(st));
      st.nrect = 2;
      st.rect[0] = (mjrRect){0, 0, W, H};
      st.rect[1] = (mjrRect){W - u->width - 20, 10, u->width, shot == 4 ? 300 : H - 20};
      u->rectid = 1;
      st.x = 10; st.y = 10;
      if (shot == 4) u->scroll = 120;
      if (shot == 5) {  // mouse on the first button
        u->mousesect = 1; u->mouseitem = 0;
        mjrRect b = u->sect[0].item[0].rect;
        st.x = st.rect[1].left + b.left + b.width / 2;
        st.y = st.rect[1].bottom + st.rect[1].height - u->height + b.bottom + b.height / 2;
      }
      if (shot == 6) {  // select box open, mouse on its second row
        u->mousesect = 2; u->mouseitem = 2;
        mjrRect b = u->sect[1].item[2].rect;
        st.x = st.rect[1].left + b.left + 10;
        st.y = st.rect[1].bottom + st.rect[1].height - u->height + b.bottom - b.height * 3 / 2;
      }
      if (shot == 7 || shot == 8) {
        u->editsect = 2; u->edititem = 8;
        strcpy(u->edittext, shot == 7 ? "1.5 2 -3" : "1.5 x");
        u->editcursor = 4; u->editscroll = shot == 8;
      }
      up[k](-1, -1, u, &st, con + k);
      if (shot == 10 || shot == 11) {
        ival[1] = 0; ival[4] = 3; bval[0] = 1;
        nval[0] = -1;
        if (shot == 10) up[k](1, -1, u, &st, con + k);
        else up[k](1, 3, u, &st, con + k);
      }
      sb[k](mjFB_OFFSCREEN, con + k);
      rr[k](st.rect[0], 0.3f, 0.1f, 0.2f, 1);
      rn[k](u, &st, con + k);
      rd[k](img[k], NULL, st.rect[0], con + k);
      fr[k](con + k);
    }
    long npix = 0;
    for (long i = 0; i < W * H; i++) npix += memcmp(img[0] + 3*i, img[1] + 3*i, 3) != 0;
    long at = firstdiff(dui, dui + 1, sizeof(mjUI));
    checks += 2;
    if (npix) {
      printf("mjui_update/render (%s): %ld pixels differ\n", what[shot], npix);
      fails++; ndiff++;
    }
    if (npix || getenv("UI_DUMP")) {  // images as /tmp/ui_shotN_{ref,our}.ppm
      char path[64];
      for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof(path), "/tmp/ui_shot%d_%s.ppm", shot, k ? "our" : "ref");
        FILE* f = fopen(path, "wb");
        if (f) {
          fprintf(f, "P6 %d %d 255\n", W, H);
          for (int y = H - 1; y >= 0; y--) fwrite(img[k] + 3*W*y, 1, 3*W, f);
          fclose(f);
        }
      }
    }
    if (at >= 0) {
      printf("mjui_render (%s): mjUI differs at byte %ld\n", what[shot], at);
      describe(dui, at);
      fails++;
    }
  }

  // events
  static mjUI eui[2];
  static mjuiState est[2];
  static mjuiDef edefs[2][64];
  for (int k = 0; k < 2; k++) {
    mk[k](em[k], con + k, 150);
    memset(evdat + k, 0, sizeof(Data));
    evdat[k].ival[2] = 1; evdat[k].ival[4] = 3; evdat[k].nval[0] = 0.25; evdat[k].nval[2] = 1;
    evdat[k].nval[3] = 2; evdat[k].nval[4] = 3; evdat[k].fval[0] = 7.5f;
    strcpy(evdat[k].tval, "abc");
    int n = 0;
    do { edefs[k][n] = defs[n]; edefs[k][n].pdata = remap(defs[n].pdata, evdat + k); } while (defs[n++].type != mjITEM_END);
    mjUI* u = eui + k;
    memset(u, 0, sizeof(mjUI));
    u->spacing = sp[0](0);
    u->color = co[0](0);
    u->rectid = 1;
    add[k](u, edefs[k]);
    u->sect[1].state = mjSECT_OPEN;
    u->sect[0].item[2].state = 0;
    rs[k](u, con + k);
    aux[k](u->auxid, u->width, u->maxheight, u->spacing.samples, con + k);
    memset(est + k, 0, sizeof(mjuiState));
    est[k].nrect = 2;
    est[k].rect[0] = (mjrRect){0, 0, W, H};
    est[k].rect[1] = (mjrRect){W - u->width - 20, 10, u->width, H - 20};
    up[k](-1, -1, u, est + k, con + k);
  }
  enum { MOVE = mjEVENT_MOVE, PRESS = mjEVENT_PRESS, RELEASE = mjEVENT_RELEASE, SCROLL = mjEVENT_SCROLL,
         KEY = mjEVENT_KEY, RESIZE = mjEVENT_RESIZE };
  // event: type, section, item (-1 title), mouse fraction, key, modifiers, extra
  typedef struct { int type, sect, item; double fx, fy; int key, mods, button, dbl; double dy, sy; int small; } Ev;
  const Ev seq[] = {
    {PRESS, 0, 0, .5, .5}, {MOVE, 0, 0, .6, .5}, {RELEASE, 0, 0, .6, .5},             // button
    {PRESS, 0, 1, .2, .5}, {RELEASE, 0, 1, .2, .5},
    {PRESS, 0, 3, .5, .5}, {PRESS, 0, 4, .5, .5}, {PRESS, 0, 2, .5, .5},               // checks, inactive
    {PRESS, 0, 5, .5, .5}, {PRESS, 0, 6, .5, .5},                                      // static
    {PRESS, 1, 0, .7, .2}, {PRESS, 1, 0, .2, .8}, {PRESS, 1, 0, .9, .1},               // radio
    {PRESS, 1, 1, .6, .5}, {PRESS, 1, 1, .05, .5},                                     // radioline
    {PRESS, 1, 2, .5, .5}, {MOVE, 1, 2, .5, -1.5}, {RELEASE, 1, 2, .5, -1.5},          // select
    {PRESS, 1, 2, .5, .5}, {RELEASE, 1, 2, .5, 3},
    {PRESS, 1, 3, .3, .5}, {MOVE, 1, 3, .81, .5}, {MOVE, 1, 3, 1.4, .5}, {RELEASE, 1, 3, 1, .5},
    {PRESS, 1, 6, .37, .5}, {MOVE, 1, 6, -.2, .5}, {RELEASE, 1, 6, 0, .5},
    {PRESS, 1, 8, .5, .5}, {KEY, 0, 0, 0, 0, mjKEY_END}, {KEY, 0, 0, 0, 0, mjKEY_BACKSPACE},
    {KEY, 0, 0, 0, 0, '7'}, {KEY, 0, 0, 0, 0, mjKEY_LEFT}, {KEY, 0, 0, 0, 0, mjKEY_DELETE},
    {KEY, 0, 0, 0, 0, 'E'}, {KEY, 0, 0, 0, 0, mjKEY_NUMPAD_0 + 3}, {KEY, 0, 0, 0, 0, mjKEY_HOME},
    {KEY, 0, 0, 0, 0, '='}, {KEY, 0, 0, 0, 0, 'x'}, {KEY, 0, 0, 0, 0, mjKEY_RIGHT, 1},
    {KEY, 0, 0, 0, 0, mjKEY_ENTER}, {KEY, 0, 0, 0, 0, mjKEY_LEFT, 1},
    {PRESS, 1, 8, .5, .5}, {KEY, 0, 0, 0, 0, '1'}, {KEY, 0, 0, 0, 0, mjKEY_ENTER},         // invalid
    {KEY, 0, 0, 0, 0, mjKEY_ESCAPE},
    {PRESS, 1, 7, .9, .5}, {KEY, 0, 0, 0, 0, mjKEY_BACKSPACE}, {KEY, 0, 0, 0, 0, '5'},
    {PRESS, 1, 7, .1, .5}, {MOVE, 1, 7, .6, .5}, {RELEASE, 1, 7, .6, .5},
    {PRESS, 1, 10, .5, .5},                                                              // stores edit int
    {KEY, 0, 0, 0, 0, 'A', 2}, {KEY, 0, 0, 0, 0, 'Q'}, {KEY, 0, 0, 0, 0, ';', 2}, {KEY, 0, 0, 0, 0, '/', 2},
    {KEY, 0, 0, 0, 0, '1'}, {KEY, 0, 0, 0, 0, mjKEY_BACKSPACE}, {KEY, 0, 0, 0, 0, mjKEY_LEFT},
    {PRESS, 0, 3, .5, .5},                                                               // stores text
    {PRESS, 1, 10, .5, .5}, {KEY, 0, 0, 0, 0, '2'}, {KEY, 0, 0, 0, 0, mjKEY_ENTER}, {PRESS, 1, 9, .5, .5},
    {KEY, 0, 0, 0, 0, '-'}, {KEY, 0, 0, 0, 0, mjKEY_ENTER}, {KEY, 0, 0, 0, 0, mjKEY_BACKSPACE},
    {KEY, 0, 0, 0, 0, mjKEY_HOME}, {KEY, 0, 0, 0, 0, mjKEY_DELETE}, {KEY, 0, 0, 0, 0, mjKEY_ENTER},
    {PRESS, 2, 0, .5, .5}, {PRESS, 2, 0, .5, .5}, {PRESS, 2, 0, .5, .5},                 // separator
    {PRESS, 0, -1, .5, .5}, {PRESS, 0, -1, .5, .5}, {PRESS, 1, -1, .5, .5},              // titles
    {PRESS, 1, -1, .02, .5}, {PRESS, 0, -1, .5, .5, 0, 0, 1, 1},                        // checkbox, double
    {PRESS, 0, -1, .5, .5}, {PRESS, 1, -1, .5, .5, 0, 0, 1, 1},
    {KEY, 0, 0, 0, 0, 'O', 4}, {KEY, 0, 0, 0, 0, 'F', 4}, {KEY, 0, 0, 0, 0, 'M', 1},      // shortcuts
    {KEY, 0, 0, 0, 0, 300}, {KEY, 0, 0, 0, 0, 'a', 2}, {KEY, 0, 0, 0, 0, 32}, {KEY, 0, 0, 0, 0, 'q'},
    {PRESS, 0, 0, .5, .5, 0, 0, 2}, {MOVE, 0, 0, .5, .5, 0, 0, 2}, {RELEASE, 0, 0, .5, .5, 0, 0, 2},
    {PRESS, 1, -1, .5, .5}, {PRESS, 1, -1, .5, .5, 0, 0, 3},
    {RESIZE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, {SCROLL, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, 1},
    {SCROLL, 0, 0, 0, 0, 0, 0, 0, 0, 0, -50, 1}, {SCROLL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1},
    {PRESS, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1}, {MOVE, -1, 0, 0, 0, 0, 0, 1, 0, 40, 0, 1},
    {RELEASE, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1}, {PRESS, -2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1},
    {PRESS, -3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1}, {PRESS, 1, 3, .5, .5, 0, 0, 1, 0, 0, 0, 1},
    {RELEASE, 1, 3, .5, .5, 0, 0, 1, 0, 0, 0, 1}, {RESIZE},
  };
  int nev = sizeof(seq) / sizeof(seq[0]), nevfail = 0, nchanged = 0;
  for (int e = 0; e < nev; e++) {
    const Ev* q = seq + e;
    long ret[2], edch[2];
    for (int k = 0; k < 2; k++) {
      mjUI* u = eui + k;
      mjuiState* st = est + k;
      st->type = q->type;
      st->button = q->button ? q->button : (q->type == KEY || q->type == SCROLL || q->type == RESIZE ? 0 : mjBUTTON_LEFT);
      st->left = st->button == mjBUTTON_LEFT && q->type != RELEASE;
      st->doubleclick = q->dbl;
      st->key = q->key;
      st->control = (q->mods & 1) != 0; st->shift = (q->mods & 2) != 0; st->alt = (q->mods & 4) != 0;
      st->dx = 0; st->dy = q->dy; st->sx = 0; st->sy = q->sy;
      st->rect[1].height = q->small ? 400 : H - 20;
      if (k) { st->x = est[0].x; st->y = est[0].y; }  // position from the layout before the event
      else {
        // mouse position from the reference library's layout
        const mjUI* u0 = eui;
        if (q->sect >= 0 && q->type != KEY && q->type != SCROLL && q->type != RESIZE) {
          const mjuiSection* se = u0->sect + q->sect;
          mouseat(st, u0, q->item < 0 ? se->rtitle : se->item[q->item].rect, q->fx, q->fy);
        } else if (q->sect < 0) {  // scrollbar: thumb, below, above
          mjrRect r = st->rect[1];
          st->x = r.left + r.width - 3;
          double t0 = (double)u0->scroll / u0->height, t1 = (double)(u0->scroll + r.height) / u0->height;
          double th = r.bottom + r.height * (1 - t1), tt = r.bottom + r.height * (1 - t0);
          st->y = q->sect == -1 ? (th + tt) / 2 : q->sect == -2 ? r.bottom + 1 : r.bottom + r.height - 1;
          if (q->sect == -2 && th < r.bottom + 2) st->y = th;  // thumb at the bottom already
        }
      }
      sb[k](mjFB_OFFSCREEN, con + k);
      mjuiItem* it = ev[k](u, st, con + k);
      ret[k] = it ? (long)((char*)it - (char*)u) : -1;
      edch[k] = u->editchanged ? (long)((char*)u->editchanged - (char*)u) : -1;
      u->editchanged = NULL;
      sb[k](mjFB_OFFSCREEN, con + k);
      rr[k](st->rect[0], 0.3f, 0.1f, 0.2f, 1);
      rn[k](u, st, con + k);
      rd[k](img[k], NULL, st->rect[0], con + k);
    }
    checks++;
    nchanged += ret[0] >= 0;
    if (getenv("UI_EVENTS")) printf("event %d: returned %ld, editchanged %ld, edit '%s'\n", e, ret[0], edch[0], eui[0].edittext);
    // data pointers of the second library point into its own copy
    static mjUI cmp;
    cmp = eui[1];
    for (int s = 0; s < cmp.nsect; s++)
      for (int i = 0; i < cmp.sect[s].nitem; i++)
        if ((char*)cmp.sect[s].item[i].pdata >= (char*)(evdat + 1) &&
            (char*)cmp.sect[s].item[i].pdata < (char*)(evdat + 2))
          cmp.sect[s].item[i].pdata = (char*)cmp.sect[s].item[i].pdata - sizeof(Data);
    long at = firstdiff(eui, &cmp, sizeof(mjUI));
    long ats = firstdiff(est, est + 1, sizeof(mjuiState));
    long atd = firstdiff(evdat, evdat + 1, sizeof(Data));
    long npix = 0;
    for (long i = 0; i < W * H; i++) npix += memcmp(img[0] + 3*i, img[1] + 3*i, 3) != 0;
    if (ret[0] != ret[1] || edch[0] != edch[1] || at >= 0 || ats >= 0 || atd >= 0 || npix) {
      printf("mjui_event %d (type %d, section %d, item %d, key %d): returned %ld/%ld, editchanged %ld/%ld,"
             " mjUI byte %ld, mjuiState byte %ld, data byte %ld, %ld pixels\n", e, q->type, q->sect, q->item,
             q->key, ret[0], ret[1], edch[0], edch[1], at, ats, atd, npix);
      if (at >= 0) describe(eui, at);
      fails++;
      if (++nevfail > 5) break;
      // continue from equal states
      eui[1] = eui[0]; est[1] = est[0]; evdat[1] = evdat[0];
      eui[1].editchanged = NULL;
      for (int s = 0; s < eui[1].nsect; s++)
        for (int i = 0; i < eui[1].sect[s].nitem; i++)
          if ((char*)eui[0].sect[s].item[i].pdata >= (char*)evdat &&
              (char*)eui[0].sect[s].item[i].pdata < (char*)(evdat + 1))
            eui[1].sect[s].item[i].pdata = (char*)eui[0].sect[s].item[i].pdata + sizeof(Data);
    }
  }
  for (int k = 0; k < 2; k++) fr[k](con + k);

  for (int k = 0; k < 2; k++) dm[k](em[k]);
  printf("ui: %d checks, %d failed (sections %d, items %d %d %d %d; %d layouts, big UI height %d of %d,"
         " %d sections closed; %d UI images, %d differ; %d events, %d changed an item)\n", checks, fails, ui[1].nsect, ui[1].sect[0].nitem, ui[1].sect[1].nitem,
         ui[1].sect[2].nitem, ui[1].sect[3].nitem, nlayout, lay[0].height, lay[0].maxheight, nclosed, nshot, ndiff, nev, nchanged);
  return fails ? 1 : 0;
}
