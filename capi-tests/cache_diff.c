// cache_diff: the compiler's asset cache (mj_getCache, mj_getCacheSize, mj_getCacheCapacity,
// mj_setCacheCapacity, mj_clearCache), built against upstream's header and run on each library
// (LD_LIBRARY_PATH); cache_diff.sh compares the two printouts line by line.
//   cache_diff WORKDIR MODEL.xml...
// Prints cache sizes after loading each model (twice), then checks with files it writes into
// WORKDIR: which loads are served from the cache (a file rewritten with its old modification
// time is not read again, so the model keeps the old data), invalidation when the time changes,
// VFS files replaced with other contents, upstream's mesh reuse rules (scale, inertia,
// maxhullvert, hull; not refpos), capacity and eviction order, entries too large to store,
// clearing, null handles, and the cache disabled for good by a capacity of 0.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include <mujoco/mujoco.h>

static const char* dir;
static char error[1000];

static const char* path(const char* name) {
  static char buf[4][1024];
  static int k = 0;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
  return buf[k];
}

static void write_file(const char* name, const void* data, size_t n, long mtime) {
  FILE* f = fopen(path(name), "wb");
  if (!f) {
    perror(name);
    exit(2);
  }
  fwrite(data, 1, n, f);
  fclose(f);
  struct utimbuf t = {(time_t)mtime, (time_t)mtime};
  utime(path(name), &t);
}

static void write_text(const char* name, const char* text, long mtime) {
  write_file(name, text, strlen(text), mtime);
}

static void set_mtime(const char* name, long mtime) {
  struct utimbuf t = {(time_t)mtime, (time_t)mtime};
  utime(path(name), &t);
}

// FNV-1a over bytes
static uint64_t hash(const void* p, size_t n, uint64_t h) {
  const unsigned char* b = (const unsigned char*)p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

// a digest of the asset arrays of a model
static void digest(const char* tag, const mjModel* m) {
  if (!m) {
    printf("%s: load failed: %s\n", tag, error);
    return;
  }
  uint64_t h = 1469598103934665603ull;
  h = hash(m->mesh_vert, sizeof(float) * 3 * m->nmeshvert, h);
  h = hash(m->mesh_normal, sizeof(float) * 3 * m->nmeshnormal, h);
  h = hash(m->mesh_face, sizeof(int) * 3 * m->nmeshface, h);
  h = hash(m->mesh_pos, sizeof(mjtNum) * 3 * m->nmesh, h);
  h = hash(m->mesh_quat, sizeof(mjtNum) * 4 * m->nmesh, h);
  h = hash(m->mesh_graph, sizeof(int) * m->nmeshgraph, h);
  h = hash(m->tex_data, m->ntexdata, h);
  h = hash(m->hfield_data, sizeof(float) * m->nhfielddata, h);
  printf("%s: nmeshvert %d nmeshgraph %d npoly %d ntexdata %lld nhfielddata %d noct %d",
         tag, m->nmeshvert, m->nmeshgraph, m->nmeshpoly, (long long)m->ntexdata,
         m->nhfielddata, m->noct);
  if (m->nmeshvert) printf(" vert0 %.6g %.6g %.6g", m->mesh_vert[0], m->mesh_vert[1], m->mesh_vert[2]);
  if (m->nmesh) printf(" pos0 %.6g %.6g %.6g", m->mesh_pos[0], m->mesh_pos[1], m->mesh_pos[2]);
  if (m->ntexdata) printf(" tex0 %d", m->tex_data[0]);
  if (m->nhfielddata) printf(" hf0 %.6g", m->hfield_data[0]);
  printf(" digest %016llx\n", (unsigned long long)h);
}

static mjModel* load(const char* file) {
  error[0] = 0;
  return mj_loadXML(file, NULL, error, sizeof error);
}

static void load_print(const char* tag, const char* file, mjCache* c) {
  mjModel* m = load(file);
  digest(tag, m);
  printf("  cache size %zu\n", mj_getCacheSize(c));
  if (m) mj_deleteModel(m);
}

// a tetrahedron OBJ with corner `s` (changes the data without changing the file size)
static void tet_obj(const char* name, int s, long mtime) {
  char text[256];
  snprintf(text, sizeof text,
           "v 0 0 0\nv %d 0 0\nv 0 %d 0\nv 0 0 %d\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n", s, s, s);
  write_text(name, text, mtime);
}

// a 4x2 texture in upstream's custom format, every byte `v`
static void texture_file(const char* name, int v, long mtime) {
  unsigned char buf[8 + 4 * 2 * 3];
  int wh[2] = {4, 2};
  memcpy(buf, wh, 8);
  memset(buf + 8, v, sizeof buf - 8);
  write_file(name, buf, sizeof buf, mtime);
}

// a 3x5 height field in upstream's custom format, elevations i * v
static void hfield_file(const char* name, float v, int nrow, long mtime) {
  int ncol = 5;
  size_t n = 8 + sizeof(float) * nrow * ncol;
  unsigned char* buf = (unsigned char*)malloc(n);
  int hdr[2] = {nrow, ncol};
  memcpy(buf, hdr, 8);
  for (int i = 0; i < nrow * ncol; i++) {
    float x = v * i;
    memcpy(buf + 8 + 4 * i, &x, 4);
  }
  write_file(name, buf, n, mtime);
  free(buf);
}

static const char* assets_xml =
    "<mujoco>\n"
    "  <asset>\n"
    "    <mesh name=\"tet\" file=\"tet.obj\"/>\n"
    "    <texture name=\"tx\" type=\"2d\" file=\"tex.texture\"/>\n"
    "    <hfield name=\"hf\" file=\"hf.hfield\" size=\"1 1 1 0.1\"/>\n"
    "  </asset>\n"
    "  <worldbody>\n"
    "    <geom type=\"hfield\" hfield=\"hf\"/>\n"
    "    <body pos=\"0 0 2\"><freejoint/><geom type=\"mesh\" mesh=\"tet\"/></body>\n"
    "  </worldbody>\n"
    "</mujoco>\n";

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: cache_diff WORKDIR MODEL.xml...\n");
    return 2;
  }
  dir = argv[1];

  // null handles and the fresh cache
  printf("null: size %zu capacity %zu set %zu\n", mj_getCacheSize(NULL), mj_getCacheCapacity(NULL),
         mj_setCacheCapacity(NULL, 5));
  mj_clearCache(NULL);
  mjCache* c = mj_getCache();
  mjCache other = {NULL};
  printf("handle: %s, same again: %s, impl set: %s\n", c ? "yes" : "no",
         mj_getCache() == c ? "yes" : "no", c && c->impl_ ? "yes" : "no");
  printf("empty handle: size %zu capacity %zu\n", mj_getCacheSize(&other), mj_getCacheCapacity(&other));
  printf("capacity %zu size %zu\n", mj_getCacheCapacity(c), mj_getCacheSize(c));

  // the models given: size after a first and a second load
  for (int i = 2; i < argc; i++) {
    const char* base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
    char tag[300];
    snprintf(tag, sizeof tag, "%s first", base);
    load_print(tag, argv[i], c);
    snprintf(tag, sizeof tag, "%s again", base);
    load_print(tag, argv[i], c);
  }
  // each model alone in the cache
  for (int i = 2; i < argc; i++) {
    mj_clearCache(c);
    load_print("alone", argv[i], c);
  }
  mj_clearCache(c);
  printf("cleared: capacity %zu size %zu\n", mj_getCacheCapacity(c), mj_getCacheSize(c));

  // hits and invalidation: a file rewritten under its old modification time is served from
  // the cache; a new modification time invalidates the entry
  write_text("assets.xml", assets_xml, 1000);
  tet_obj("tet.obj", 1, 1000);
  texture_file("tex.texture", 10, 1000);
  hfield_file("hf.hfield", 0.5f, 3, 1000);
  load_print("assets first", path("assets.xml"), c);
  tet_obj("tet.obj", 2, 1000);
  texture_file("tex.texture", 20, 1000);
  hfield_file("hf.hfield", 0.25f, 3, 1000);
  load_print("assets rewritten, same time (cached)", path("assets.xml"), c);
  set_mtime("tet.obj", 2000);
  load_print("mesh time changed", path("assets.xml"), c);
  set_mtime("tex.texture", 2000);
  load_print("texture time changed", path("assets.xml"), c);
  hfield_file("hf.hfield", 0.25f, 4, 2000);
  load_print("hfield time changed, larger", path("assets.xml"), c);
  set_mtime("tet.obj", 500);
  load_print("mesh time older", path("assets.xml"), c);

  // upstream's reuse rules for meshes: a second mesh of the same file reuses the first's
  // compiled data unless scale, inertia or maxhullvert differ or it needs a hull the first
  // lacks; refpos is not compared
  mj_clearCache(c);
  const char* rules[][2] = {
      {"refpos", "<mesh name=\"b\" file=\"tet.obj\" refpos=\"0.1 0 0\"/>"},
      {"refquat", "<mesh name=\"b\" file=\"tet.obj\" refquat=\"0 1 0 0\"/>"},
      {"scale", "<mesh name=\"b\" file=\"tet.obj\" scale=\"2 2 2\"/>"},
      {"inertia", "<mesh name=\"b\" file=\"tet.obj\" inertia=\"shell\"/>"},
      {"maxhullvert", "<mesh name=\"b\" file=\"tet.obj\" maxhullvert=\"4\"/>"},
      {"smoothnormal", "<mesh name=\"b\" file=\"tet.obj\" smoothnormal=\"true\"/>"},
  };
  for (int hull = 0; hull < 2; hull++) {
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
      char xml[2048];
      snprintf(xml, sizeof xml,
               "<mujoco><asset><mesh name=\"a\" file=\"tet.obj\"/>%s</asset><worldbody>"
               "<geom type=\"mesh\" mesh=\"a\" contype=\"0\" conaffinity=\"0\"/>"
               "<body><freejoint/><geom type=\"mesh\" mesh=\"b\" contype=\"%d\" conaffinity=\"%d\"/></body>"
               "</worldbody></mujoco>",
               rules[r][1], hull, hull);
      write_text("rules.xml", xml, 3000);
      char tag[100];
      snprintf(tag, sizeof tag, "second mesh differs in %s, hull %d", rules[r][0], hull);
      mj_clearCache(c);
      load_print(tag, path("rules.xml"), c);
      load_print("  and loaded again", path("rules.xml"), c);
    }
  }

  // a model from the VFS: entries keyed by the VFS name, invalidated by other contents
  mj_clearCache(c);
  {
    mjVFS vfs;
    mj_defaultVFS(&vfs);
    const char* xml =
        "<mujoco><asset><mesh name=\"v\" file=\"v.obj\"/></asset><worldbody><body><freejoint/>"
        "<geom type=\"mesh\" mesh=\"v\"/></body></worldbody></mujoco>";
    const char* obj1 = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
    const char* obj2 = "v 0 0 0\nv 3 0 0\nv 0 3 0\nv 0 0 3\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
    mj_addBufferVFS(&vfs, "vfs.xml", xml, (int)strlen(xml));
    mj_addBufferVFS(&vfs, "v.obj", obj1, (int)strlen(obj1));
    for (int k = 0; k < 3; k++) {
      if (k == 2) {
        mj_deleteFileVFS(&vfs, "v.obj");
        mj_addBufferVFS(&vfs, "v.obj", obj2, (int)strlen(obj2));
      }
      mjModel* m = mj_loadXML("vfs.xml", &vfs, error, sizeof error);
      digest(k == 2 ? "vfs, other contents" : "vfs", m);
      printf("  cache size %zu\n", mj_getCacheSize(c));
      if (m) mj_deleteModel(m);
    }
    mj_deleteVFS(&vfs);
  }

  // capacity and eviction: three height fields of different sizes; the least used (then the
  // oldest) go first when the capacity shrinks; an entry that does not fit is not stored
  mj_clearCache(c);
  hfield_file("h1.hfield", 1, 2, 4000);
  hfield_file("h2.hfield", 1, 3, 4000);
  hfield_file("h3.hfield", 1, 4, 4000);
  for (int k = 1; k <= 3; k++) {
    char xml[512], name[32];
    snprintf(xml, sizeof xml,
             "<mujoco><asset><hfield name=\"h\" file=\"h%d.hfield\" size=\"1 1 1 0.1\"/></asset>"
             "<worldbody><geom type=\"hfield\" hfield=\"h\"/></worldbody></mujoco>", k);
    snprintf(name, sizeof name, "h%d.xml", k);
    write_text(name, xml, 4000);
  }
  load_print("h1", path("h1.xml"), c);
  load_print("h2", path("h2.xml"), c);
  load_print("h3", path("h3.xml"), c);
  load_print("h1 again", path("h1.xml"), c);
  load_print("h3 again", path("h3.xml"), c);
  load_print("h3 again", path("h3.xml"), c);
  size_t full = mj_getCacheSize(c);
  size_t caps[] = {full - 1, 200, 100};
  for (int k = 0; k < 3; k++) {
    size_t got = mj_setCacheCapacity(c, caps[k]);
    printf("set capacity %zu -> %zu, size %zu\n", caps[k], got, mj_getCacheSize(c));
    load_print("  h1 again", path("h1.xml"), c);
  }
  load_print("h2", path("h2.xml"), c);
  load_print("h1", path("h1.xml"), c);
  load_print("h3", path("h3.xml"), c);
  printf("set capacity 1000 -> %zu\n", mj_setCacheCapacity(c, 1000));
  load_print("h3", path("h3.xml"), c);
  load_print("h1", path("h1.xml"), c);
  mj_clearCache(c);
  printf("cleared: capacity %zu size %zu\n", mj_getCacheCapacity(c), mj_getCacheSize(c));
  printf("set capacity 1 MiB -> %zu\n", mj_setCacheCapacity(c, 1 << 20));
  for (int i = 2; i < argc; i++) load_print("1 MiB", argv[i], c);

  // capacity 0 disables the cache for good once the handle is asked for again
  printf("set capacity 0 -> %zu\n", mj_setCacheCapacity(c, 0));
  printf("after: capacity %zu size %zu\n", mj_getCacheCapacity(c), mj_getCacheSize(c));
  mjCache* c2 = mj_getCache();
  printf("handle again: same %s, impl set %s\n", c2 == c ? "yes" : "no", c2->impl_ ? "yes" : "no");
  printf("set capacity 1000 -> %zu, capacity %zu\n", mj_setCacheCapacity(c2, 1000), mj_getCacheCapacity(c2));
  load_print("assets, cache off", path("assets.xml"), c2);
  tet_obj("tet.obj", 5, 500);
  load_print("assets rewritten, same time, cache off", path("assets.xml"), c2);
  return 0;
}
