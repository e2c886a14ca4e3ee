// mjswapcheck: does swapping upstream MuJoCo 3.4.0's libmujoco.so.3.4.0 for another library
// (this project's) change the physics of a model? Loads the model with both libraries in one
// process, compares every field of the two mjModels bit for bit, steps both from the same state
// with the same controls and compares the state after every step.
//
//   mjswapcheck [options] MODEL          MODEL: MJCF (.xml), URDF or MJB
//
// Both libraries are loaded with dlmopen, each into a link-map namespace of its own, so each
// keeps its own symbols and globals, and plugin libraries loaded by one (--plugins) bind to that
// one (both libraries have the soname libmujoco.so.3.4.0, which a plugin library names). This
// program links neither: it is built against include/mujoco for the struct layouts and the
// mjxmacro.h field lists only. Exit status: 0 when the models and the
// trajectories agree (bitwise, or within --tol), 1 when they do not, 2 on usage or load errors.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <mujoco/mujoco.h>
#include <mujoco/mjxmacro.h>

#define LIBNAME "libmujoco.so.3.4.0"
// sha256 of mujoco/libmujoco.so.3.4.0 in the official mujoco==3.4.0 manylinux x86_64 wheels
#define UPSTREAM_SHA256 "427708263f6b56878ce4f24cec5d08f5561b5fe9eae3e9b5fd35df8a3d31552e"
#define BLOCK 64        // steps per timing block (the libraries alternate block by block)
#define MAXLISTED 64    // differing model fields remembered

static const char usage[] =
    "usage: mjswapcheck [options] MODEL\n"
    "\n"
    "Loads MODEL (MJCF, URDF or MJB) with upstream MuJoCo 3.4.0's library and with ours, compares\n"
    "every mjModel field bitwise, steps both from the same state with the same controls and\n"
    "compares time, qpos, qvel, act, qacc, sensordata, ncon, nefc and the warning counters after\n"
    "every step.\n"
    "\n"
    "options:\n"
    "  --ref LIB      upstream's " LIBNAME " (default: fetched once from PyPI's mujoco==3.4.0\n"
    "                 wheel with python3 -m pip into $XDG_CACHE_HOME/mjswapcheck, or\n"
    "                 ~/.cache/mjswapcheck; sha256-checked)\n"
    "  --ours LIB     the library to check (default: ../lib/" LIBNAME " next to this program)\n"
    "  --steps N      steps to simulate (default 1000)\n"
    "  --key K        start from keyframe K (index or name) instead of mj_resetData\n"
    "  --noise SEED   controls uniform in each actuator's ctrlrange ([-1, 1] when unlimited),\n"
    "                 drawn anew every step from SEED; default: the controls reset leaves (zero,\n"
    "                 or the keyframe's)\n"
    "  --tol R        pass when every value is within R relative, |a-b| / max(|a|,|b|,1e-3)\n"
    "                 (values below 1e-3 compared absolutely); --tol 1e-6 is the project's\n"
    "                 \"same physics\" (1e-6 relative, floor 1e-9); default 0: bitwise\n"
    "  --fields N     differing model fields to list (default 5)\n"
    "  --plugins DIR  load the plugin libraries in DIR into each library first\n"
    "                 (mj_loadAllPluginLibraries); upstream's first-party plugins are fetched\n"
    "                 with its library, into .../mjswapcheck/mujoco-3.4.0/plugin\n"
    "  --json         print one JSON object instead of the summary\n"
    "  -h, --help     this text\n"
    "\n"
    "exit status: 0 agree, 1 differ, 2 usage or load error\n";

// ---------------------------------------------------------------------------------------------
// the two libraries

typedef struct {
  const char* tag;
  char path[PATH_MAX];
  void* h;
  mjModel* (*loadXML)(const char*, const mjVFS*, char*, int);
  mjModel* (*loadModel)(const char*, const mjVFS*);
  void (*deleteModel)(mjModel*);
  mjData* (*makeData)(const mjModel*);
  void (*deleteData)(mjData*);
  void (*resetData)(const mjModel*, mjData*);
  void (*resetDataKeyframe)(const mjModel*, mjData*, int);
  void (*step)(const mjModel*, mjData*);
  int (*name2id)(const mjModel*, int, const char*);
  const char* (*versionString)(void);
  void (**user_error)(const char*);
  void (**user_warning)(const char*);
  mjModel* m;
  mjData* d;
  double seconds;      // in mj_step
  long err_step;       // step at which mju_error left, -1 if none
  char err_msg[1100];
} Lib;

static jmp_buf jump;
static int armed;
static char error_text[1024], warning_text[1024];

static void on_error(const char* msg) {
  snprintf(error_text, sizeof(error_text), "%s", msg);
  if (armed) {
    armed = 0;
    longjmp(jump, 1);
  }
  fprintf(stderr, "mjswapcheck: MuJoCo error: %s\n", msg);
  exit(2);
}

static void on_warning(const char* msg) {
  snprintf(warning_text, sizeof(warning_text), "%s", msg);
}

static void die(const char* fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "mjswapcheck: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

static void* sym(Lib* L, const char* name) {
  void* p = dlsym(L->h, name);
  if (!p) die("%s library %s has no symbol %s: not a MuJoCo 3.4.0 library", L->tag, L->path, name);
  return p;
}

static void open_lib(Lib* L) {
  struct stat st;
  if (stat(L->path, &st) != 0) die("%s library %s: %s", L->tag, L->path, strerror(errno));
  // each library in a link-map namespace of its own: its dependencies, and the plugin libraries
  // it loads (which need "libmujoco.so.3.4.0", upstream's soname and ours), bind to it alone
  L->h = dlmopen(LM_ID_NEWLM, L->path, RTLD_NOW | RTLD_LOCAL);
  if (!L->h) die("cannot load %s library: %s", L->tag, dlerror());
  L->loadXML = sym(L, "mj_loadXML");
  L->loadModel = sym(L, "mj_loadModel");
  L->deleteModel = sym(L, "mj_deleteModel");
  L->makeData = sym(L, "mj_makeData");
  L->deleteData = sym(L, "mj_deleteData");
  L->resetData = sym(L, "mj_resetData");
  L->resetDataKeyframe = sym(L, "mj_resetDataKeyframe");
  L->step = sym(L, "mj_step");
  L->name2id = sym(L, "mj_name2id");
  L->versionString = sym(L, "mj_versionString");
  L->user_error = sym(L, "mju_user_error");
  L->user_warning = sym(L, "mju_user_warning");
  *L->user_error = on_error;
  *L->user_warning = on_warning;
  L->err_step = -1;
}

// loads the model into L->m; on failure L->m is NULL and L->err_msg says why
static void load_model(Lib* L, const char* path, int mjb) {
  char err[1024] = "";
  warning_text[0] = 0;
  L->m = NULL;
  if (setjmp(jump)) {
    snprintf(L->err_msg, sizeof(L->err_msg), "mju_error: %s", error_text);
    return;
  }
  armed = 1;
  L->m = mjb ? L->loadModel(path, NULL) : L->loadXML(path, NULL, err, sizeof(err));
  armed = 0;
  if (!L->m) {
    snprintf(L->err_msg, sizeof(L->err_msg), "%s",
             mjb ? (warning_text[0] ? warning_text : "mj_loadModel failed") : err);
    // trailing newlines of the loaders' texts
    for (size_t n = strlen(L->err_msg); n && L->err_msg[n - 1] == '\n'; n--) L->err_msg[n - 1] = 0;
  }
}

// loads the plugin libraries of dir into L; returns how many plugins L has registered
static int load_plugins(Lib* L, const char* dir) {
  void (*load_all)(const char*, void*) = sym(L, "mj_loadAllPluginLibraries");
  int (*count)(void) = sym(L, "mjp_pluginCount");
  if (setjmp(jump)) die("%s library: loading plugins from %s: %s", L->tag, dir, error_text);
  armed = 1;
  load_all(dir, NULL);
  int n = count();
  armed = 0;
  return n;
}

static void reset(Lib* L, int key) {
  if (setjmp(jump)) die("%s library raised an error at reset: %s", L->tag, error_text);
  armed = 1;
  if (key >= 0) L->resetDataKeyframe(L->m, L->d, key);
  else L->resetData(L->m, L->d);
  armed = 0;
}

// ---------------------------------------------------------------------------------------------
// upstream's library: --ref, or the cached copy from PyPI

static const char fetch_py[] =
    "import hashlib, os, subprocess, sys, tempfile, zipfile\n"
    "out, want = sys.argv[1], sys.argv[2]\n"
    "os.makedirs(os.path.dirname(out), exist_ok=True)\n"
    "with tempfile.TemporaryDirectory() as tmp:\n"
    "    subprocess.run([sys.executable, '-m', 'pip', 'download', '-q', '--no-deps',\n"
    "                    '--only-binary=:all:', '--python-version', '3.11',\n"
    "                    '--platform', 'manylinux_2_28_x86_64',\n"
    "                    '--platform', 'manylinux_2_27_x86_64', '-d', tmp, 'mujoco==3.4.0'],\n"
    "                   check=True, stdout=sys.stderr)\n"
    "    whl = [f for f in os.listdir(tmp) if f.endswith('.whl')][0]\n"
    "    with zipfile.ZipFile(os.path.join(tmp, whl)) as z:\n"
    "        data = z.read('mujoco/libmujoco.so.3.4.0')\n"
    "        plugdir = os.path.join(os.path.dirname(out), 'plugin')\n"
    "        os.makedirs(plugdir, exist_ok=True)\n"
    "        for n in z.namelist():\n"
    "            if n.startswith('mujoco/plugin/') and n.endswith('.so'):\n"
    "                p = os.path.join(plugdir, os.path.basename(n))\n"
    "                with open(p + '.part', 'wb') as f:\n"
    "                    f.write(z.read(n))\n"
    "                os.chmod(p + '.part', 0o755)\n"
    "                os.replace(p + '.part', p)\n"
    "got = hashlib.sha256(data).hexdigest()\n"
    "if got != want:\n"
    "    sys.exit('downloaded library has sha256 %s, expected %s' % (got, want))\n"
    "part = '%s.part%d' % (out, os.getpid())\n"
    "with open(part, 'wb') as f:\n"
    "    f.write(data)\n"
    "os.chmod(part, 0o755)\n"
    "os.replace(part, out)\n";

static void fetch_ref(char* out, size_t n) {
  const char* xdg = getenv("XDG_CACHE_HOME");
  const char* home = getenv("HOME");
  if (xdg && xdg[0] == '/') {
    snprintf(out, n, "%s/mjswapcheck/mujoco-3.4.0/" LIBNAME, xdg);
  } else if (home && home[0]) {
    snprintf(out, n, "%s/.cache/mjswapcheck/mujoco-3.4.0/" LIBNAME, home);
  } else {
    die("no $XDG_CACHE_HOME or $HOME to cache upstream's library in: pass --ref LIB");
  }
  if (access(out, R_OK) == 0) return;
  const char* py = getenv("MJSWAPCHECK_PYTHON");
  if (!py || !py[0]) py = "python3";
  fprintf(stderr, "mjswapcheck: fetching upstream's " LIBNAME
          " (PyPI wheel mujoco==3.4.0, with %s -m pip) into %s\n", py, out);
  pid_t pid = fork();
  if (pid < 0) die("fork: %s", strerror(errno));
  if (pid == 0) {
    dup2(2, 1);
    execlp(py, py, "-c", fetch_py, out, UPSTREAM_SHA256, (char*)NULL);
    fprintf(stderr, "mjswapcheck: cannot run %s: %s\n", py, strerror(errno));
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0) die("waitpid: %s", strerror(errno));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || access(out, R_OK) != 0) {
    die("could not fetch upstream's library (needs %s with pip and network access); pass "
        "--ref PATH/TO/" LIBNAME " (the file mujoco/" LIBNAME " in the mujoco==3.4.0 wheel)", py);
  }
}

// ---------------------------------------------------------------------------------------------
// model fields

typedef struct {
  char name[48];
  const void* p;
  size_t bytes;
  size_t elem;   // element size
  char kind;     // d double, f float, i int, c byte, o other
} Field;

#define KIND(x) _Generic((x), double: 'd', float: 'f', int: 'i', char: 'c', \
                         unsigned char: 'c', default: 'o')

static int model_fields(const mjModel* m, Field* f) {
  int n = 0;
#define ADD(label, ptr, nbytes, el, k)                                  \
  do {                                                                  \
    snprintf(f[n].name, sizeof(f[n].name), "%s", label);                \
    f[n].p = (ptr); f[n].bytes = (nbytes); f[n].elem = (el); f[n].kind = (k); \
    n++;                                                                \
  } while (0)
#define X(name) ADD(#name, &m->name, sizeof(m->name), sizeof(m->name), KIND(m->name));
  MJMODEL_INTS
#undef X
  ADD("signature", &m->signature, sizeof(m->signature), sizeof(m->signature), 'o');
#define X(type, name) ADD("opt." #name, &m->opt.name, sizeof(type), sizeof(type), KIND((type)0));
  MJOPTION_SCALARS
#undef X
#define X(name, size) ADD("opt." #name, m->opt.name, sizeof(mjtNum) * (size), sizeof(mjtNum), 'd');
  MJOPTION_VECTORS
#undef X
  // mjVisual holds only 4-byte ints and floats, mjStatistic only mjtNum: no padding bytes
  ADD("vis", &m->vis, sizeof(mjVisual), 4, 'o');
  ADD("stat", &m->stat, sizeof(mjStatistic), sizeof(mjtNum), 'd');
  MJMODEL_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) \
  ADD(#name, m->name, sizeof(type) * (size_t)m->nr * (size_t)(nc), sizeof(type), KIND((type)0));
  MJMODEL_POINTERS
#undef X
#undef ADD
  return n;
}

static int count_fields(void) {
  int n = 0;
#define X(name) n++;
  MJMODEL_INTS
#undef X
  n++;  // signature
#define X(type, name) n++;
  MJOPTION_SCALARS
#undef X
#define X(name, size) n++;
  MJOPTION_VECTORS
#undef X
  n += 2;  // vis, stat
#define X(type, name, nr, nc) n++;
  MJMODEL_POINTERS
#undef X
  return n;
}

static void format_value(char* out, size_t n, const Field* f, size_t i) {
  const char* p = (const char*)f->p + i * f->elem;
  switch (f->kind) {
    case 'd': { double v; memcpy(&v, p, 8); snprintf(out, n, "%.17g", v); break; }
    case 'f': { float v; memcpy(&v, p, 4); snprintf(out, n, "%.9g", v); break; }
    case 'i': { int v; memcpy(&v, p, 4); snprintf(out, n, "%d", v); break; }
    case 'c': snprintf(out, n, "%u", (unsigned)(unsigned char)*p); break;
    default: {
      if (f->elem == 8) {
        long long v;
        memcpy(&v, p, 8);
        snprintf(out, n, "%lld", v);
      } else {
        snprintf(out, n, "0x");
        for (size_t k = 0; k < f->elem && 2 + 2 * k + 2 < n; k++) {
          snprintf(out + 2 + 2 * k, n - 2 - 2 * k, "%02x", (unsigned char)p[k]);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// state after a step: floats and integers

typedef struct {
  int nq, nv, na, ns;
  int nfloat, nint;
} Layout;

static void layout(const mjModel* m, Layout* s) {
  s->nq = m->nq; s->nv = m->nv; s->na = m->na; s->ns = m->nsensordata;
  s->nfloat = 1 + s->nq + s->nv + s->na + s->nv + s->ns;
  s->nint = 2 + mjNWARNING;
}

static void capture(const Layout* s, const mjData* d, double* x, int* k) {
  int o = 0;
  x[o++] = d->time;
  memcpy(x + o, d->qpos, sizeof(double) * s->nq); o += s->nq;
  memcpy(x + o, d->qvel, sizeof(double) * s->nv); o += s->nv;
  memcpy(x + o, d->act, sizeof(double) * s->na); o += s->na;
  memcpy(x + o, d->qacc, sizeof(double) * s->nv); o += s->nv;
  memcpy(x + o, d->sensordata, sizeof(double) * s->ns);
  k[0] = d->ncon;
  k[1] = d->nefc;
  for (int i = 0; i < mjNWARNING; i++) k[2 + i] = d->warning[i].number;
}

static void float_name(const Layout* s, int i, char* out, size_t n) {
  static const char* names[] = {"time", "qpos", "qvel", "act", "qacc", "sensordata"};
  int sizes[] = {1, s->nq, s->nv, s->na, s->nv, s->ns};
  for (int j = 0; j < 6; j++) {
    if (i < sizes[j]) {
      if (j == 0) snprintf(out, n, "time");
      else snprintf(out, n, "%s[%d]", names[j], i);
      return;
    }
    i -= sizes[j];
  }
  snprintf(out, n, "?");
}

static void int_name(int i, char* out, size_t n) {
  if (i == 0) snprintf(out, n, "ncon");
  else if (i == 1) snprintf(out, n, "nefc");
  else snprintf(out, n, "warning[%d].number", i - 2);
}

// relative difference |a-b| / max(|a|, |b|, 1e-3): values below 1e-3 are compared absolutely,
// so that --tol 1e-6 is the project's "same physics" (1e-6 relative, absolute floor 1e-9);
// NaN against a number is inf
static double reldiff(double a, double b) {
  if (isnan(a) || isnan(b)) return (isnan(a) && isnan(b)) ? 0 : INFINITY;
  if (a == b) return 0;
  double scale = fmax(fmax(fabs(a), fabs(b)), 1e-3);
  return fabs(a - b) / scale;
}

// ---------------------------------------------------------------------------------------------
// controls

static uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

static void set_controls(const mjModel* m, mjData* d, uint64_t seed, long step) {
  for (int i = 0; i < m->nu; i++) {
    uint64_t r = splitmix(seed ^ splitmix((uint64_t)step * 1000003ull + (uint64_t)i));
    double u = (double)(r >> 11) * 0x1.0p-53;
    double lo = -1, hi = 1;
    if (m->actuator_ctrllimited[i]) {
      lo = m->actuator_ctrlrange[2 * i];
      hi = m->actuator_ctrlrange[2 * i + 1];
    }
    d->ctrl[i] = lo + (hi - lo) * u;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// steps n times from step base, keeping the state after step j in row j + 1 of x and ki;
// returns the steps done (fewer than n when mju_error left the library)
static long run_block(Lib* L, const Layout* s, double* x, int* ki, long base, long n, int noise,
                      uint64_t seed) {
  volatile long j = 0;
  if (setjmp(jump)) {
    L->err_step = base + j + 1;
    snprintf(L->err_msg, sizeof(L->err_msg), "%s", error_text);
    return j;
  }
  for (; j < n; j++) {
    if (noise) set_controls(L->m, L->d, seed, base + j);
    armed = 1;
    double t0 = now();
    L->step(L->m, L->d);
    L->seconds += now() - t0;
    armed = 0;
    capture(s, L->d, x + (size_t)s->nfloat * (j + 1), ki + (size_t)s->nint * (j + 1));
  }
  return n;
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double median(double* x, long n) {
  qsort(x, n, sizeof(double), cmp_double);
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

// steps a scratch copy of the start state a few times before the timed run, so that neither
// library's timing includes its first touches of code and memory; errors here are ignored (the
// real run reports them)
static void warm_up(Lib* L, int key, long n) {
  mjData* d = L->makeData(L->m);
  if (!d) return;
  volatile long j = 0;
  if (setjmp(jump) == 0) {
    armed = 1;
    if (key >= 0) L->resetDataKeyframe(L->m, d, key);
    else L->resetData(L->m, d);
    for (; j < n; j++) L->step(L->m, d);
  }
  armed = 0;
  L->deleteData(d);
}

// ---------------------------------------------------------------------------------------------
// output helpers

static void json_string(const char* s) {
  putchar('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c == '\n') printf("\\n");
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static void json_number(double v) {
  if (isfinite(v)) printf("%.17g", v);
  else printf("null");
}

static long parse_long(const char* opt, const char* s, long lo) {
  char* end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo) die("%s needs an integer >= %ld, not '%s'", opt, lo, s);
  return v;
}

// ---------------------------------------------------------------------------------------------

int main(int argc, char** argv) {
  const char* model_path = NULL;
  const char* ref_arg = NULL;
  const char* ours_arg = NULL;
  const char* key_arg = NULL;
  const char* plugin_dir = NULL;
  long nstep = 1000, nlist = 5;
  int noise = 0, json = 0;
  uint64_t seed = 0;
  double tol = 0;

  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    int more = i + 1 < argc;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(a, "--json")) {
      json = 1;
    } else if (!strcmp(a, "--ref") || !strcmp(a, "--ours") || !strcmp(a, "--steps") ||
               !strcmp(a, "--key") || !strcmp(a, "--noise") || !strcmp(a, "--tol") ||
               !strcmp(a, "--fields") || !strcmp(a, "--plugins")) {
      if (!more) die("%s needs a value (see --help)", a);
      const char* v = argv[++i];
      if (!strcmp(a, "--ref")) ref_arg = v;
      else if (!strcmp(a, "--ours")) ours_arg = v;
      else if (!strcmp(a, "--steps")) nstep = parse_long(a, v, 1);
      else if (!strcmp(a, "--key")) key_arg = v;
      else if (!strcmp(a, "--plugins")) plugin_dir = v;
      else if (!strcmp(a, "--noise")) { noise = 1; seed = (uint64_t)parse_long(a, v, 0); }
      else if (!strcmp(a, "--fields")) nlist = parse_long(a, v, 0);
      else {
        char* end;
        tol = strtod(v, &end);
        if (end == v || *end || !(tol >= 0) || !isfinite(tol)) die("--tol needs a number >= 0, not '%s'", v);
      }
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "mjswapcheck: unknown option %s\n\n%s", a, usage);
      return 2;
    } else if (model_path) {
      fprintf(stderr, "mjswapcheck: one model at a time (got %s and %s)\n\n%s", model_path, a, usage);
      return 2;
    } else {
      model_path = a;
    }
  }
  if (!model_path) {
    fprintf(stderr, "%s", usage);
    return 2;
  }
  if (nlist > MAXLISTED) nlist = MAXLISTED;

  // the model file and its format
  FILE* fp = fopen(model_path, "rb");
  if (!fp) die("cannot open %s: %s", model_path, strerror(errno));
  char head[65536];
  size_t nhead = fread(head, 1, sizeof(head) - 1, fp);
  fclose(fp);
  head[nhead] = 0;
  int mjb = 0;
  const char* format = "MJCF";
  if (nhead >= 4) {
    int id;
    memcpy(&id, head, 4);
    mjb = (id == 54321);
  }
  if (mjb) {
    format = "MJB";
  } else {
    for (size_t i = 0; i < nhead; i++) if (!head[i]) head[i] = ' ';
    const char* r = strstr(head, "<robot");
    const char* j = strstr(head, "<mujoco");
    if (r && (!j || r < j)) format = "URDF";
  }

  // the libraries
  Lib ref = {.tag = "upstream"}, ours = {.tag = "ours"};
  char exe[PATH_MAX - 64];
  if (ours_arg) {
    snprintf(ours.path, sizeof(ours.path), "%s", ours_arg);
  } else {
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0) die("cannot find this program's directory; pass --ours LIB");
    exe[n] = 0;
    char* slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(ours.path, sizeof(ours.path), "%s/../lib/" LIBNAME, exe);
    if (access(ours.path, R_OK) != 0) die("no library at %s; pass --ours LIB", ours.path);
  }
  if (ref_arg) snprintf(ref.path, sizeof(ref.path), "%s", ref_arg);
  else fetch_ref(ref.path, sizeof(ref.path));
  char real_ref[PATH_MAX], real_ours[PATH_MAX];
  if (!realpath(ref.path, real_ref)) die("upstream library %s: %s", ref.path, strerror(errno));
  if (!realpath(ours.path, real_ours)) die("our library %s: %s", ours.path, strerror(errno));
  snprintf(ref.path, sizeof(ref.path), "%s", real_ref);
  snprintf(ours.path, sizeof(ours.path), "%s", real_ours);
  struct stat s1, s2;
  if (stat(ref.path, &s1) == 0 && stat(ours.path, &s2) == 0 && s1.st_dev == s2.st_dev &&
      s1.st_ino == s2.st_ino) {
    die("--ref and --ours are the same file (%s): nothing to compare", ref.path);
  }
  open_lib(&ours);
  open_lib(&ref);
  if (ref.h == ours.h || ref.step == ours.step) {
    die("%s and %s resolved to the same library in this process", ref.path, ours.path);
  }

  Lib* libs[2] = {&ref, &ours};
  int nplugin[2] = {0, 0};
  if (plugin_dir) {
    struct stat st;
    if (stat(plugin_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
      die("--plugins %s: not a directory", plugin_dir);
    }
    for (int k = 0; k < 2; k++) nplugin[k] = load_plugins(libs[k], plugin_dir);
  }

  // load the model with each
  for (int k = 0; k < 2; k++) load_model(libs[k], model_path, mjb);
  if (!ref.m && !ours.m) {
    const char* hint = strstr(ref.err_msg, "plugin") && strstr(ref.err_msg, "not found") &&
                       !plugin_dir ? "\n(the model needs plugin libraries: pass --plugins DIR, e.g. "
                                     "upstream's in the plugin folder next to its cached library)"
                                   : "";
    if (!strcmp(ref.err_msg, ours.err_msg)) {
      die("cannot load %s (both libraries): %s%s", model_path, ref.err_msg, hint);
    }
    die("cannot load %s\n  upstream: %s\n  ours:     %s", model_path, ref.err_msg, ours.err_msg);
  }
  if (!ref.m || !ours.m) {
    // one library loads the model and the other does not: the swap changes behaviour
    Lib* bad = ref.m ? &ours : &ref;
    if (json) {
      printf("{\"model\": "); json_string(model_path);
      printf(", \"format\": \"%s\", \"upstream\": ", format); json_string(ref.path);
      printf(", \"ours\": "); json_string(ours.path);
      printf(", \"load_error\": {\"library\": \"%s\", \"message\": ", bad->tag);
      json_string(bad->err_msg);
      printf("}, \"verdict\": \"FAIL\"}\n");
    } else {
      printf("model     %s (%s)\n", model_path, format);
      printf("libraries upstream %s\n          ours     %s\n", ref.path, ours.path);
      printf("load      only %s loads it; %s: %s\n", ref.m ? "upstream" : "ours", bad->tag,
             bad->err_msg);
      printf("verdict   FAIL\n");
    }
    return 1;
  }

  // model fields
  int nfield = count_fields();
  Field* fa = calloc(nfield, sizeof(Field));
  Field* fb = calloc(nfield, sizeof(Field));
  if (!fa || !fb) die("out of memory");
  if (model_fields(ref.m, fa) != nfield || model_fields(ours.m, fb) != nfield) die("field count");
  int nequal = 0, nlisted = 0;
  char listed[MAXLISTED][192];
  for (int i = 0; i < nfield; i++) {
    if (fa[i].bytes == fb[i].bytes && (fa[i].bytes == 0 || !memcmp(fa[i].p, fb[i].p, fa[i].bytes))) {
      nequal++;
      continue;
    }
    if (nlisted >= nlist) continue;
    char va[64], vb[64];
    if (fa[i].bytes != fb[i].bytes) {
      snprintf(listed[nlisted++], sizeof(listed[0]), "%s: %zu vs %zu bytes", fa[i].name,
               fa[i].bytes, fb[i].bytes);
      continue;
    }
    // the first differing element
    size_t e;
    for (e = 0; e * fa[i].elem < fa[i].bytes; e++) {
      if (memcmp((const char*)fa[i].p + e * fa[i].elem, (const char*)fb[i].p + e * fa[i].elem,
                 fa[i].elem)) {
        break;
      }
    }
    format_value(va, sizeof(va), &fa[i], e);
    format_value(vb, sizeof(vb), &fb[i], e);
    if (fa[i].bytes == fa[i].elem) {
      snprintf(listed[nlisted++], sizeof(listed[0]), "%s: %s vs %s", fa[i].name, va, vb);
    } else {
      snprintf(listed[nlisted++], sizeof(listed[0]), "%s[%zu]: %s vs %s", fa[i].name, e, va, vb);
    }
  }

  // stepping
  Layout la, lb;
  layout(ref.m, &la);
  layout(ours.m, &lb);
  int can_step = la.nq == lb.nq && la.nv == lb.nv && la.na == lb.na && la.ns == lb.ns &&
                 ref.m->nu == ours.m->nu && ref.m->nkey == ours.m->nkey;
  int key = -1;
  char start[160] = "reset";
  if (key_arg) {
    char* end;
    long v = strtol(key_arg, &end, 10);
    if (*key_arg && !*end) {
      key = (int)v;
    } else {
      key = ref.name2id(ref.m, mjOBJ_KEY, key_arg);
      if (key != ours.name2id(ours.m, mjOBJ_KEY, key_arg)) can_step = 0;
    }
    if (key < 0 || key >= ref.m->nkey) {
      die("%s has no keyframe %s (it has %d)", model_path, key_arg, ref.m->nkey);
    }
    const char* kname = ref.m->name_keyadr ? ref.m->names + ref.m->name_keyadr[key] : "";
    snprintf(start, sizeof(start), kname[0] ? "keyframe %d '%s'" : "keyframe %d", key, kname);
  }
  char controls[96];
  if (noise) snprintf(controls, sizeof(controls), "noise seed %llu", (unsigned long long)seed);
  else snprintf(controls, sizeof(controls), "%s controls", key >= 0 ? "keyframe" : "zero");

  long steps_done = 0, steps_bitwise = 0, steps_tol = 0;
  long first_diff = -1;
  char first_diff_what[256] = "";
  double max_rel = 0;
  long max_rel_step = -1;
  char max_rel_what[64] = "";
  char step_error[1400] = "";
  int errors_agree = 1;
  long maxratio = nstep / BLOCK + 2, nratio = 0;
  double* ratios = malloc(sizeof(double) * maxratio);
  double* rate_ref = malloc(sizeof(double) * maxratio);
  double* rate_ours = malloc(sizeof(double) * maxratio);
  if (!ratios || !rate_ref || !rate_ours) die("out of memory");
  int start_ok = 1;

  if (can_step) {
    for (int k = 0; k < 2; k++) {
      Lib* L = libs[k];
      L->d = L->makeData(L->m);
      if (!L->d) die("%s library: mj_makeData failed: %s", L->tag, warning_text);
      warm_up(L, key, nstep < 100 ? nstep : 100);
      reset(L, key);
    }
    size_t nf = la.nfloat, ni = la.nint;
    double* xa = malloc(sizeof(double) * nf * (BLOCK + 1));
    double* xb = malloc(sizeof(double) * nf * (BLOCK + 1));
    int* ka = malloc(sizeof(int) * ni * (BLOCK + 1));
    int* kb = malloc(sizeof(int) * ni * (BLOCK + 1));
    if (!xa || !xb || !ka || !kb) die("out of memory");

    // step 0 is the start state; steps 1..nstep follow mj_step
    capture(&la, ref.d, xa, ka);
    capture(&lb, ours.d, xb, kb);
    long base = 0;  // step number of row 0 of the buffers
    long stop = nstep;
    int block = 0;
    while (base < stop) {
      long n = stop - base < BLOCK ? stop - base : BLOCK;
      long done[2] = {n, n};
      double before[2] = {ref.seconds, ours.seconds};
      for (int o = 0; o < 2; o++) {
        int k = (block & 1) ? 1 - o : o;  // alternate which library goes first
        done[k] = run_block(libs[k], k ? &lb : &la, k ? xb : xa, k ? kb : ka, base, n, noise,
                            seed);
      }
      long upto = done[0] < done[1] ? done[0] : done[1];
      double ta = ref.seconds - before[0], tb = ours.seconds - before[1];
      if (done[0] == n && done[1] == n && ta > 0 && tb > 0 && nratio < maxratio) {
        rate_ref[nratio] = n / ta;
        rate_ours[nratio] = n / tb;
        ratios[nratio++] = ta / tb;
      }
      // compare rows 0..upto (row 0 only for the very first block: the start state)
      for (long j = (base == 0 ? 0 : 1); j <= upto; j++) {
        const double* a = xa + nf * j;
        const double* b = xb + nf * j;
        const int* ia = ka + ni * j;
        const int* ib = kb + ni * j;
        int bitwise = !memcmp(a, b, sizeof(double) * nf) && !memcmp(ia, ib, sizeof(int) * ni);
        int within = !memcmp(ia, ib, sizeof(int) * ni);
        if (!bitwise) {
          for (size_t i = 0; i < nf; i++) {
            if (!memcmp(a + i, b + i, sizeof(double))) continue;
            double r = reldiff(a[i], b[i]);
            if (r > tol) within = 0;
            if (r > max_rel || max_rel_step < 0) {
              max_rel = r;
              max_rel_step = base + j;
              float_name(&la, (int)i, max_rel_what, sizeof(max_rel_what));
            }
          }
          if (first_diff < 0) {
            first_diff = base + j;
            char what[64];
            int found = 0;
            for (size_t i = 0; i < nf && !found; i++) {
              if (memcmp(a + i, b + i, sizeof(double))) {
                float_name(&la, (int)i, what, sizeof(what));
                snprintf(first_diff_what, sizeof(first_diff_what), "%s %.17g vs %.17g", what,
                         a[i], b[i]);
                found = 1;
              }
            }
            for (size_t i = 0; i < ni && !found; i++) {
              if (ia[i] != ib[i]) {
                int_name((int)i, what, sizeof(what));
                snprintf(first_diff_what, sizeof(first_diff_what), "%s %d vs %d", what, ia[i], ib[i]);
                found = 1;
              }
            }
          }
        }
        if (base + j == 0) {
          start_ok = within;  // a differing start state fails the check
          continue;
        }
        steps_done++;
        steps_bitwise += bitwise;
        steps_tol += within;
      }
      if (ref.err_step >= 0 || ours.err_step >= 0) {
        errors_agree = ref.err_step == ours.err_step && !strcmp(ref.err_msg, ours.err_msg);
        if (errors_agree) {
          snprintf(step_error, sizeof(step_error), "both libraries raised at step %ld: %s",
                   ref.err_step, ref.err_msg);
        } else {
          for (int k = 0, m = 0; k < 2; k++) {
            if (libs[k]->err_step >= 0) {
              m += snprintf(step_error + m, sizeof(step_error) - m, "%s%s raised at step %ld: %s",
                            m ? "; " : "", libs[k]->tag, libs[k]->err_step, libs[k]->err_msg);
            }
          }
        }
        break;
      }
      // the last state becomes row 0 of the next block
      memcpy(xa, xa + nf * n, sizeof(double) * nf);
      memcpy(xb, xb + nf * n, sizeof(double) * nf);
      memcpy(ka, ka + ni * n, sizeof(int) * ni);
      memcpy(kb, kb + ni * n, sizeof(int) * ni);
      base += n;
      block++;
    }
    free(xa); free(xb); free(ka); free(kb);
  }

  int model_ok = nequal == nfield;
  int traj_ok = can_step && start_ok && errors_agree && steps_tol == steps_done &&
                (steps_done == nstep || (ref.err_step >= 0 && errors_agree));
  int pass = model_ok && traj_ok;
  int all_bitwise = pass && steps_bitwise == steps_done && max_rel == 0;
  // medians over the blocks of steps/s and of upstream's time / ours on the same steps: a burst
  // of load from other processes spoils a few blocks, not the result (a run shorter than a
  // block is timed as a whole)
  double sps_ref = ref.seconds > 0 ? steps_done / ref.seconds : 0;
  double sps_ours = ours.seconds > 0 ? steps_done / ours.seconds : 0;
  double ratio = sps_ref > 0 ? sps_ours / sps_ref : 0;
  if (nratio) {
    ratio = median(ratios, nratio);
    sps_ref = median(rate_ref, nratio);
    sps_ours = median(rate_ours, nratio);
  }
  free(ratios);
  free(rate_ref);
  free(rate_ours);
  const char* verdict = pass ? "PASS" : "FAIL";

  if (json) {
    printf("{\"model\": "); json_string(model_path);
    printf(", \"format\": \"%s\", \"upstream\": ", format); json_string(ref.path);
    printf(", \"ours\": "); json_string(ours.path);
    printf(", \"upstream_version\": "); json_string(ref.versionString());
    printf(", \"ours_version\": "); json_string(ours.versionString());
    printf(", \"plugins\": [%d, %d]", nplugin[0], nplugin[1]);
    printf(", \"nq\": %d, \"nv\": %d, \"nu\": %d, \"na\": %d, \"nsensordata\": %d",
           ref.m->nq, ref.m->nv, ref.m->nu, ref.m->na, ref.m->nsensordata);
    printf(", \"fields\": %d, \"fields_equal\": %d, \"differing_fields\": [", nfield, nequal);
    for (int i = 0; i < nlisted; i++) { if (i) printf(", "); json_string(listed[i]); }
    printf("], \"start\": \"%s\", \"controls\": \"%s\"", start, controls);
    printf(", \"steps\": %ld, \"steps_run\": %ld, \"steps_bitwise\": %ld, \"steps_within_tol\": %ld",
           nstep, steps_done, steps_bitwise, steps_tol);
    printf(", \"tol\": "); json_number(tol);
    printf(", \"first_diff_step\": ");
    if (first_diff >= 0) printf("%ld", first_diff); else printf("null");
    printf(", \"first_diff\": "); json_string(first_diff_what);
    printf(", \"max_rel_diff\": "); json_number(max_rel);
    printf(", \"max_rel_diff_step\": ");
    if (max_rel_step >= 0) printf("%ld", max_rel_step); else printf("null");
    printf(", \"max_rel_diff_at\": "); json_string(max_rel_what);
    printf(", \"error\": "); json_string(step_error);
    printf(", \"upstream_steps_per_s\": "); json_number(sps_ref);
    printf(", \"ours_steps_per_s\": "); json_number(sps_ours);
    printf(", \"speed_ratio\": "); json_number(ratio);
    printf(", \"verdict\": \"%s\"}\n", verdict);
  } else {
    printf("model     %s (%s: nq %d, nv %d, nu %d, na %d, nsensordata %d)\n", model_path, format,
           ref.m->nq, ref.m->nv, ref.m->nu, ref.m->na, ref.m->nsensordata);
    printf("libraries upstream %s\n          ours     %s\n", ref.path, ours.path);
    if (plugin_dir) {
      printf("plugins   %d registered in upstream, %d in ours, from %s\n", nplugin[0], nplugin[1],
             plugin_dir);
    }
    printf("fields    %d/%d mjModel fields bitwise equal\n", nequal, nfield);
    for (int i = 0; i < nlisted; i++) printf("          differs: %s\n", listed[i]);
    if (nequal < nfield && nlisted < nfield - nequal) {
      printf("          ... and %d more\n", nfield - nequal - nlisted);
    }
    if (!can_step) {
      printf("steps     not run: the two models' sizes differ\n");
    } else {
      printf("steps     %ld/%ld bitwise equal (from %s, %s)", steps_bitwise, nstep, start, controls);
      if (tol > 0) printf(", %ld/%ld within %g", steps_tol, nstep, tol);
      printf("\n");
      if (first_diff >= 0) {
        printf("          first difference at step %ld: %s\n", first_diff, first_diff_what);
      }
      if (step_error[0]) printf("          %s\n", step_error);
      if (max_rel_step >= 0) {
        printf("max diff  %.3g relative (step %ld, %s)\n", max_rel, max_rel_step, max_rel_what);
      } else {
        printf("max diff  0\n");
      }
      if (sps_ref > 0 && sps_ours > 0) {
        printf("speed     ours %.2fx upstream (%.0f vs %.0f steps/s, medians of %ld timed blocks of <= %d "
               "steps)\n", ratio, sps_ours, sps_ref, nratio, BLOCK);
      }
    }
    printf("verdict   %s%s\n", verdict,
           pass ? (all_bitwise ? " (bitwise)" : " (within tolerance)") : "");
  }
  fflush(stdout);

  for (int k = 0; k < 2; k++) {
    if (libs[k]->d) libs[k]->deleteData(libs[k]->d);
    libs[k]->deleteModel(libs[k]->m);
  }
  free(fa);
  free(fb);
  return pass ? 0 : 1;
}
