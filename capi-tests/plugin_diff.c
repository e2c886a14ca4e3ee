// The plugin, resource-provider and decoder registries (mjp_*), resources opened through a
// provider, mju_decodeResource, models read by a decoder (mj_parse, <asset><model>), plugin
// libraries and mj_getPluginConfig. Built against
// upstream's header and run on both libraries by plugin_diff.sh; the printed text must match.
//   plugin_diff WORKDIR        (WORKDIR holds libplug_a.so, bad.so and the folder scan/)
//   plugin_diff WORKDIR xml    (only mj_loadXML through a provider)
// Nothing printed depends on addresses: pointers are shown by what they equal.
#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

// not in mujoco.h (user_resource.h upstream)
mjResource* mju_openResource(const char* dir, const char* name, const mjVFS* vfs, char* error,
                             size_t nerror);
void mju_closeResource(mjResource* resource);
int mju_readResource(mjResource* resource, const void** buffer);
void mju_getResourceDir(mjResource* resource, const char** dir, int* ndir);
int mju_isModifiedResource(const mjResource* resource, const char* timestamp);
mjSpec* mju_decodeResource(mjResource* resource, const char* content_type);

//------------------------------------------ errors and warnings -----------------------------------

static jmp_buf env;

static void on_error(const char* msg) {
  printf("  error: [%s]\n", msg);
  longjmp(env, 1);
}

static void on_warning(const char* msg) {
  printf("  warning: [%s]\n", msg);
}

// runs `call`; an error is printed by the handler, which jumps back here
#define TRY(call)                              \
  do {                                         \
    if (!setjmp(env)) {                        \
      call;                                    \
    } else {                                   \
      printf("  (returned through error)\n");  \
    }                                          \
  } while (0)

static char* repeat(char c, int n) {
  char* s = malloc(n + 1);
  memset(s, c, n);
  s[n] = 0;
  return s;
}

static int all_zero(const void* p, size_t n) {
  const unsigned char* b = p;
  for (size_t i = 0; i < n; i++) {
    if (b[i]) return 0;
  }
  return 1;
}

//------------------------------------------ plugins -----------------------------------------------

static int nstate_a(const mjModel* m, int instance) { (void)m; return instance; }
static int nstate_b(const mjModel* m, int instance) { (void)m; return 2 * instance; }

static const char* alpha_attrs[] = {"gain", "mode"};

static mjpPlugin make_plugin(const char* name) {
  mjpPlugin p;
  mjp_defaultPlugin(&p);
  p.name = name;
  p.nattribute = 2;
  p.attributes = alpha_attrs;
  p.capabilityflags = mjPLUGIN_SENSOR;
  p.needstage = mjSTAGE_POS;
  p.nstate = nstate_a;
  return p;
}

static void show_plugin(const char* label, const mjpPlugin* p, int slot) {
  if (!p) {
    printf("  %s: NULL slot %d\n", label, slot);
    return;
  }
  printf("  %s: slot %d name '%.40s' (len %zu) nattribute %d caps %d stage %d nstate %s atslot %s\n",
         label, slot, p->name, strlen(p->name), p->nattribute, p->capabilityflags, p->needstage,
         p->nstate == nstate_a ? "a" : p->nstate == nstate_b ? "b" : p->nstate ? "other" : "none",
         slot >= 0 && mjp_getPluginAtSlot(slot) == p ? "same" : "differs");
  for (int i = 0; i < p->nattribute; i++) {
    printf("    attribute %d '%s'\n", i, p->attributes[i]);
  }
}

static void lookup(const char* name) {
  int slot = 123;
  const mjpPlugin* p = mjp_getPlugin(name, &slot);
  char label[64];
  snprintf(label, sizeof(label), "get '%.20s'", name);
  show_plugin(label, p, slot);
  printf("    without slot: %s\n", mjp_getPlugin(name, NULL) == p ? "same" : "differs");
}

static void* register_many(void* arg) {
  int t = (int)(intptr_t)arg;
  for (int i = 0; i < 10; i++) {
    char* name = malloc(32);
    snprintf(name, 32, "thread.%d.%d", t, i);
    mjpPlugin p = make_plugin(name);
    mjp_registerPlugin(&p);
    free(name);
  }
  return NULL;
}

static void test_plugins(void) {
  printf("== plugins\n");
  mjpPlugin z;
  memset(&z, 0xff, sizeof(z));
  mjp_defaultPlugin(&z);
  printf("  default plugin all zero: %d\n", all_zero(&z, sizeof(z)));
  printf("  initial count %d\n", mjp_pluginCount());

  // name and attributes are copied: the caller's buffers may change afterwards
  char name[32] = "test.alpha";
  char attr0[8] = "gain", attr1[8] = "mode";
  const char* attrs[] = {attr0, attr1};
  mjpPlugin p = make_plugin(name);
  p.attributes = attrs;
  int slot;
  TRY(slot = mjp_registerPlugin(&p); printf("  register alpha -> %d\n", slot));
  const mjpPlugin* alpha = mjp_getPluginAtSlot(0);
  printf("  copied: name %s, attributes %s\n", alpha && alpha->name != name ? "yes" : "no",
         alpha && alpha->attributes != attrs ? "yes" : "no");
  TRY(slot = mjp_registerPlugin(&p); printf("  register alpha again -> %d\n", slot));
  mjpPlugin same = make_plugin("test.alpha");
  TRY(slot = mjp_registerPlugin(&same); printf("  register identical copy -> %d\n", slot));
  strcpy(name, "changed");
  strcpy(attr0, "xxxx");
  show_plugin("alpha after caller edits", alpha, 0);

  mjpPlugin upper = make_plugin("TEST.ALPHA");
  TRY(slot = mjp_registerPlugin(&upper); printf("  register TEST.ALPHA -> %d\n", slot));
  mjpPlugin other = make_plugin("test.alpha");
  other.capabilityflags = mjPLUGIN_ACTUATOR;
  TRY(slot = mjp_registerPlugin(&other); printf("  register alpha, other caps -> %d\n", slot));
  other = make_plugin("test.alpha");
  other.nstate = nstate_b;
  TRY(slot = mjp_registerPlugin(&other); printf("  register alpha, other callback -> %d\n", slot));
  other = make_plugin("test.alpha");
  const char* attrs2[] = {"gain", "MODE"};
  other.attributes = attrs2;
  TRY(slot = mjp_registerPlugin(&other); printf("  register alpha, other attribute -> %d\n", slot));
  other.nattribute = 1;
  TRY(slot = mjp_registerPlugin(&other); printf("  register alpha, fewer attributes -> %d\n", slot));

  mjpPlugin beta;
  mjp_defaultPlugin(&beta);
  beta.name = "test.beta";
  beta.capabilityflags = mjPLUGIN_SDF;
  beta.nstate = nstate_b;
  TRY(slot = mjp_registerPlugin(&beta); printf("  register beta -> %d\n", slot));

  // invalid definitions
  mjpPlugin bad = make_plugin(NULL);
  TRY(slot = mjp_registerPlugin(&bad); printf("  register NULL name -> %d\n", slot));
  bad = make_plugin("");
  TRY(slot = mjp_registerPlugin(&bad); printf("  register empty name -> %d\n", slot));
  bad = make_plugin("neg");
  bad.nattribute = -1;
  TRY(slot = mjp_registerPlugin(&bad); printf("  register negative nattribute -> %d\n", slot));
  bad = make_plugin("many");
  bad.nattribute = 256;
  TRY(slot = mjp_registerPlugin(&bad); printf("  register 256 attributes -> %d\n", slot));
  char* longname = repeat('n', 1024);
  bad = make_plugin(longname);
  TRY(slot = mjp_registerPlugin(&bad); printf("  register 1024-char name -> %d\n", slot));
  char* okname = repeat('k', 1023);
  bad = make_plugin(okname);
  TRY(slot = mjp_registerPlugin(&bad); printf("  register 1023-char name -> %d\n", slot));
  char* longattr = repeat('a', 1100);
  const char* attrs3[] = {"gain", longattr};
  bad = make_plugin("longattr");
  bad.attributes = attrs3;
  TRY(slot = mjp_registerPlugin(&bad); printf("  register long attribute -> %d\n", slot));
  printf("  count %d\n", mjp_pluginCount());

  // lookups
  lookup("test.alpha");
  lookup("TEST.Beta");
  lookup("test");
  lookup("");
  lookup(okname);
  lookup(longname);
  for (int s = -1; s <= 4; s++) {
    char label[32];
    snprintf(label, sizeof(label), "at slot %d", s);
    show_plugin(label, mjp_getPluginAtSlot(s), s);
  }

  // many more, past upstream's first table block; earlier pointers stay valid
  for (int i = 0; i < 40; i++) {
    char bulk[32];
    snprintf(bulk, sizeof(bulk), "bulk.%02d", i);
    mjpPlugin q = make_plugin(bulk);
    q.needstage = i % 4;
    TRY(slot = mjp_registerPlugin(&q); if (i % 13 == 0) printf("  register %s -> %d\n", bulk, slot));
  }
  printf("  count %d, slot 0 unchanged: %d\n", mjp_pluginCount(), mjp_getPluginAtSlot(0) == alpha);
  // upstream's table keeps its entries in blocks of consecutive places
  printf("  slots not right after the one before:");
  for (int i = 1; i < mjp_pluginCount(); i++) {
    if (mjp_getPluginAtSlot(i) != mjp_getPluginAtSlot(i - 1) + 1) printf(" %d", i);
  }
  printf("\n");
  lookup("BULK.39");
  lookup("bulk.17");

  // concurrent registrations of distinct names
  int before = mjp_pluginCount();
  pthread_t th[4];
  for (int t = 0; t < 4; t++) pthread_create(&th[t], NULL, register_many, (void*)(intptr_t)t);
  for (int t = 0; t < 4; t++) pthread_join(th[t], NULL);
  int found = 0;
  for (int t = 0; t < 4; t++) {
    for (int i = 0; i < 10; i++) {
      char n[32];
      snprintf(n, sizeof(n), "thread.%d.%d", t, i);
      int s;
      const mjpPlugin* q = mjp_getPlugin(n, &s);
      found += q && s >= before && mjp_getPluginAtSlot(s) == q && !strcmp(q->name, n);
    }
  }
  printf("  threads: %d new, %d found\n", mjp_pluginCount() - before, found);
  free(longname);
  free(okname);
  free(longattr);
}

//------------------------------------------ plugin config -----------------------------------------

static void test_config(void) {
  printf("== mj_getPluginConfig\n");
  int alpha_slot, beta_slot;
  mjp_getPlugin("test.alpha", &alpha_slot);
  mjp_getPlugin("test.beta", &beta_slot);
  mjModel* m = calloc(1, sizeof(mjModel));
  int plugin[] = {alpha_slot, 999, beta_slot, alpha_slot};
  int attradr[] = {0, 9, 9, 9};
  char attr[] = "1.5\0fast\0\0\0";  // instance 0: gain=1.5 mode=fast; instance 3: empty values
  m->nplugin = 4;
  m->npluginattr = sizeof(attr);
  m->plugin = plugin;
  m->plugin_attradr = attradr;
  m->plugin_attr = attr;
  struct { int id; const char* key; } q[] = {
    {0, "gain"}, {0, "mode"}, {0, "GAIN"}, {0, "none"}, {0, NULL}, {1, "gain"}, {2, "gain"},
    {3, "gain"}, {3, "mode"}, {4, "gain"}, {-1, "gain"},
  };
  for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
    const char* v = mj_getPluginConfig(m, q[i].id, q[i].key);
    if (v) {
      printf("  %d %s -> '%s' at offset %ld\n", q[i].id, q[i].key, v, (long)(v - attr));
    } else {
      printf("  %d %s -> NULL\n", q[i].id, q[i].key ? q[i].key : "(null)");
    }
  }
  free(m);
}

//------------------------------------------ resource providers ------------------------------------

static const char* mem_names[] = {
  "model.xml", "inc/part.xml", "data.bin", "sub/dir/mesh.tst",
  // files of the mj_loadXML test (xml mode)
  "top.xml", "main/model.xml", "main/inc/part.xml", "main/inc/deep.xml", "main/inc/assets.xml",
  "main/tex/img.bin", "main/inc/img2.bin", "main/bad.xml", "main/badtex.xml", "main/attach.xml",
  "main/child.xml", "main/badmodel.xml",
};
static const char* mem_texts[] = {
  "<mujoco model=\"mem\">\n"
  "  <worldbody>\n"
  "    <body><joint type=\"hinge\"/><geom size=\".1\"/></body>\n"
  "    <body pos=\"1 0 0\"><freejoint/><geom type=\"box\" size=\".1 .1 .1\"/></body>\n"
  "  </worldbody>\n"
  "</mujoco>\n",
  "<mujoco><worldbody><geom size=\"1\"/></worldbody></mujoco>\n",
  "0123456789abcdef",
  "mesh bytes",
  // top.xml: the folder of "mem:top.xml" is "mem:", so the include is looked up as
  // "mem:/inc/part.xml"
  "<mujoco><include file=\"inc/part.xml\"/></mujoco>\n",
  // main/model.xml
  "<mujoco model=\"main\">\n"
  "  <compiler texturedir=\"tex\"/>\n"
  "  <include file=\"inc/assets.xml\"/>\n"
  "  <asset>\n"
  "    <texture name=\"t1\" type=\"2d\" file=\"img.bin\"/>\n"
  "    <texture name=\"t2\" type=\"2d\" file=\"img.bin\" hflip=\"true\"/>\n"
  "    <texture name=\"t3\" type=\"2d\" file=\"./img.bin\"/>\n"
  "    <material name=\"m\" texture=\"t1\"/>\n"
  "  </asset>\n"
  "  <worldbody>\n"
  "    <include file=\"inc/part.xml\"/>\n"
  "  </worldbody>\n"
  "</mujoco>\n",
  // main/inc/part.xml: deep.xml is not beside the main file, so it is found beside this one
  "<mujoco><body name=\"b\"><joint/><geom size=\".1\" material=\"m\"/>"
  "<include file=\"deep.xml\"/></body></mujoco>\n",
  // main/inc/deep.xml
  "<mujoco><geom size=\".05\"/></mujoco>\n",
  // main/inc/assets.xml: img2.bin is not in the texture folder, so it is taken from here
  "<mujoco><asset><texture name=\"t4\" type=\"2d\" file=\"img2.bin\"/></asset></mujoco>\n",
  // main/tex/img.bin, main/inc/img2.bin: custom format, 2x1 RGB (lengths in mem_lens)
  "\2\0\0\0\1\0\0\0\12\24\36\50\62\74",
  "\1\0\0\0\1\0\0\0\7\10\11",
  // main/bad.xml
  "<mujoco><include file=\"nothere.xml\"/></mujoco>\n",
  // main/badtex.xml
  "<mujoco><asset><texture type=\"2d\" file=\"none.bin\"/></asset></mujoco>\n",
  // main/attach.xml
  "<mujoco><asset><model name=\"c\" file=\"child.xml\"/></asset>\n"
  "<worldbody><attach model=\"c\" body=\"cb\" prefix=\"c-\"/></worldbody></mujoco>\n",
  // main/child.xml
  "<mujoco model=\"child\"><worldbody><body name=\"cb\"><freejoint/><geom size=\".2\"/></body>"
  "</worldbody></mujoco>\n",
  // main/badmodel.xml
  "<mujoco><asset><model name=\"c\" file=\"nochild.xml\"/></asset></mujoco>\n",
};
// byte counts of the binary entries (0: text, use strlen)
static const int mem_lens[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 11, 0, 0, 0, 0, 0};
#define NMEM ((int)(sizeof(mem_names) / sizeof(mem_names[0])))
static int provider_data;  // address passed as the providers' opaque data

static int mem_open(mjResource* r) {
  const char* colon = strchr(r->name, ':');
  printf("  [open '%s' data %s]\n", r->name, r->data ? "set" : "NULL");
  for (int i = 0; i < NMEM; i++) {
    if (colon && !strcmp(colon + 1, mem_names[i])) {
      int* idx = malloc(sizeof(int));
      *idx = i;
      r->data = idx;
      strcpy(r->timestamp, "ts1");
      return 1;
    }
  }
  return 0;
}

static int mem_read(mjResource* r, const void** buffer) {
  int i = *(int*)r->data;
  printf("  [read %d]\n", i);
  *buffer = mem_texts[i];
  return mem_lens[i] ? mem_lens[i] : (int)strlen(mem_texts[i]);
}

static void mem_close(mjResource* r) {
  printf("  [close data %s]\n", r->data ? "set" : "NULL");
  free(r->data);
}

static void mem_getdir(mjResource* r, const char** dir, int* ndir) {
  const char* slash = strrchr(r->name, '/');
  const char* colon = strchr(r->name, ':');
  *dir = r->name;
  *ndir = slash ? slash - r->name + 1 : colon ? colon - r->name + 1 : 0;
}

static int mem_modified(const mjResource* r, const char* timestamp) {
  return strcmp(r->timestamp, timestamp) ? 1 : 0;
}

static mjpResourceProvider mem_provider(const char* prefix) {
  mjpResourceProvider p;
  mjp_defaultResourceProvider(&p);
  p.prefix = prefix;
  p.open = mem_open;
  p.read = mem_read;
  p.close = mem_close;
  p.getdir = mem_getdir;
  p.modified = mem_modified;
  p.data = &provider_data;
  return p;
}

static void show_provider(const char* label, const mjpResourceProvider* p) {
  if (!p) {
    printf("  %s: NULL\n", label);
    return;
  }
  int slot = -1;
  for (int s = 1; s <= mjp_resourceProviderCount(); s++) {
    if (mjp_getResourceProviderAtSlot(s) == p) slot = s;
  }
  printf("  %s: prefix '%.30s' slot %d open %s getdir %s modified %s data %s\n", label, p->prefix,
         slot, p->open == mem_open ? "mem" : "other", p->getdir ? "yes" : "no",
         p->modified ? "yes" : "no", p->data == &provider_data ? "ours" : p->data ? "other" : "NULL");
}

static void test_providers(void) {
  printf("== resource providers\n");
  mjpResourceProvider z;
  memset(&z, 0xff, sizeof(z));
  mjp_defaultResourceProvider(&z);
  printf("  default provider all zero: %d\n", all_zero(&z, sizeof(z)));
  printf("  initial count %d\n", mjp_resourceProviderCount());

  const char* bad_prefixes[] = {NULL, "", "1abc", "a_b", "mem:", "a b", "-x"};
  for (int i = 0; i < 7; i++) {
    mjpResourceProvider p = mem_provider(bad_prefixes[i]);
    int slot = 0;
    TRY(slot = mjp_registerResourceProvider(&p));
    printf("  register prefix %s%s%s -> %d\n", bad_prefixes[i] ? "'" : "",
           bad_prefixes[i] ? bad_prefixes[i] : "NULL", bad_prefixes[i] ? "'" : "", slot);
  }
  mjpResourceProvider p = mem_provider("nocb");
  p.read = NULL;
  int slot = 0;
  TRY(slot = mjp_registerResourceProvider(&p));
  printf("  register without read -> %d\n", slot);

  char prefix[8] = "mem";
  p = mem_provider(prefix);
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register mem -> %d\n", slot));
  strcpy(prefix, "zzz");  // the prefix was copied
  p = mem_provider("mem");
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register mem again -> %d\n", slot));
  p = mem_provider("MEM");
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register MEM (same otherwise) -> %d\n", slot));
  p = mem_provider("mem");
  p.data = NULL;
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register mem, other data -> %d\n", slot));
  p = mem_provider("mem");
  p.getdir = NULL;
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register mem, no getdir -> %d\n", slot));

  p = mem_provider("mem2");
  p.getdir = NULL;
  p.modified = NULL;
  p.data = NULL;
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register mem2 -> %d\n", slot));
  p = mem_provider("a+b.c-d9");
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register a+b.c-d9 -> %d\n", slot));
  char* longprefix = repeat('p', 1100);
  p = mem_provider(longprefix);
  TRY(slot = mjp_registerResourceProvider(&p); printf("  register long prefix -> %d\n", slot));
  free(longprefix);
  printf("  count %d\n", mjp_resourceProviderCount());

  const char* names[] = {"mem:model.xml", "MEM:x", "Mem2:y", "mem2", "mem", "mem3:z", ":x",
                         "1x:y", "", "a+b.c-d9:q:r", "A+B.C-D9:", "mem/x:y", "zzz:a"};
  for (int i = 0; i < 13; i++) {
    char label[48];
    snprintf(label, sizeof(label), "get '%s'", names[i]);
    show_provider(label, mjp_getResourceProvider(names[i]));
  }
  show_provider("get NULL", mjp_getResourceProvider(NULL));
  for (int s = -1; s <= 4; s++) {
    char label[32];
    snprintf(label, sizeof(label), "at slot %d", s);
    show_provider(label, mjp_getResourceProviderAtSlot(s));
  }
}

static void show_resource(mjResource* r, const char* err) {
  if (!r) {
    printf("  -> NULL, error '%s'\n", err);
    return;
  }
  printf("  -> name '%s' provider %s timestamp '%s' error '%s'\n", r->name,
         r->provider == mjp_getResourceProvider("mem:") ? "mem"
         : r->provider == mjp_getResourceProvider("mem2:") ? "mem2"
         : r->provider ? "other" : "none",
         r->timestamp, err);
  const void* buf = NULL;
  int n = mju_readResource(r, &buf);
  printf("  read %d bytes '%.*s'\n", n, n < 12 ? (n > 0 ? n : 0) : 12, n > 0 ? (const char*)buf : "");
  const char* dir = (const char*)1;
  int ndir = -1;
  mju_getResourceDir(r, &dir, &ndir);
  printf("  dir %s '%.*s'\n", dir == r->name ? "name" : dir ? "other" : "NULL", ndir,
         dir ? dir : "");
  if (r->provider == mjp_getResourceProvider("mem:") || r->provider == mjp_getResourceProvider("mem2:")) {
    printf("  modified ts1 %d, other %d\n", mju_isModifiedResource(r, "ts1"),
           mju_isModifiedResource(r, "other"));
  } else {  // VFS resources: Base64 stamps only (upstream overruns on other text)
    char ts[sizeof(r->timestamp)];
    strcpy(ts, r->timestamp);
    printf("  modified own %d, other %d\n", mju_isModifiedResource(r, ts),
           mju_isModifiedResource(r, "AQAAAAAAAAA="));
  }
  mju_closeResource(r);
}

static void open_one(const char* dir, const char* name, const mjVFS* vfs) {
  char err[300] = "unset";
  printf(" open dir '%s' name '%s'%s\n", dir, name, vfs ? " with VFS" : "");
  mjResource* r = mju_openResource(dir, name, vfs, err, sizeof(err));
  show_resource(r, err);
}

static void test_open(void) {
  printf("== resources through providers\n");
  open_one("", "mem:model.xml", NULL);
  open_one("some/dir", "mem:inc/part.xml", NULL);
  open_one("some/dir/", "MEM:sub/dir/mesh.tst", NULL);
  open_one("", "mem2:data.bin", NULL);
  open_one("", "mem:missing.xml", NULL);
  open_one("dir", "mem2:missing", NULL);
  open_one("", "zzz:nothing", NULL);
  open_one("dir", "nosuch:file", NULL);
  char err[300] = "unset";
  mjResource* r = mju_openResource("", "mem:missing", NULL, err, 20);
  printf(" short error buffer: %s '%s'\n", r ? "opened" : "NULL", err);
  r = mju_openResource("", "mem:missing", NULL, NULL, 0);
  printf(" no error buffer: %s\n", r ? "opened" : "NULL");

  // the VFS is consulted first, under the name as given
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "vfsonly.xml", "<mujoco/>", 9);
  open_one("", "vfsonly.xml", &vfs);
  open_one("", "mem:model.xml", &vfs);
  mj_deleteVFS(&vfs);
}

//------------------------------------------ decoders ----------------------------------------------

static int spec_a, spec_b;  // addresses the decoders return

static int can_a(const mjResource* r) {
  printf("  [can_a '%s']\n", r->name);
  return strstr(r->name, "reject") == NULL;
}
static mjSpec* decode_a(const mjResource* r) {
  printf("  [decode_a '%s']\n", r->name);
  return (mjSpec*)&spec_a;
}
static int can_b(const mjResource* r) {
  printf("  [can_b '%s']\n", r->name);
  return 1;
}
static mjSpec* decode_b(const mjResource* r) {
  printf("  [decode_b '%s']\n", r->name);
  return (mjSpec*)&spec_b;
}

static const char* which_decoder(const mjpDecoder* d) {
  if (!d) return "NULL";
  if (d->decode == decode_a) return "a";
  if (d->decode == decode_b) return "b";
  return "other";
}

static void find(const char* name, const char* content_type) {
  mjResource r;
  memset(&r, 0, sizeof(r));
  r.name = (char*)name;
  printf(" find '%s' type '%.20s'\n", name, content_type);
  const mjpDecoder* d = mjp_findDecoder(&r, content_type);
  printf("  -> %s", which_decoder(d));
  if (d) {
    printf(" content_type '%s' extension '%s'", d->content_type ? d->content_type : "(null)",
           d->extension ? d->extension : "(null)");
  }
  printf("\n");
}

static void decode(const char* name, const char* content_type) {
  mjResource r;
  memset(&r, 0, sizeof(r));
  r.name = (char*)name;
  printf(" decode '%s' type %s\n", name, content_type ? content_type : "NULL");
  mjSpec* s = (mjSpec*)1;
  TRY(s = mju_decodeResource(&r, content_type));
  printf("  -> %s\n", s == (mjSpec*)&spec_a ? "spec a" : s == (mjSpec*)&spec_b ? "spec b"
                      : s == (mjSpec*)1 ? "none" : "other");
}

static void test_decoders(void) {
  printf("== decoders\n");
  mjpDecoder z;
  memset(&z, 0xff, sizeof(z));
  mjp_defaultDecoder(&z);
  printf("  default decoder all zero: %d\n", all_zero(&z, sizeof(z)));

  mjpDecoder d;
  mjp_defaultDecoder(&d);
  d.content_type = "model/none";
  d.decode = decode_a;
  TRY(mjp_registerDecoder(&d));
  d.decode = NULL;
  d.can_decode = can_a;
  TRY(mjp_registerDecoder(&d));
  d.decode = decode_a;
  d.content_type = NULL;
  TRY(mjp_registerDecoder(&d));

  char ct[16] = "model/test";
  char ext[16] = ".tst|.TS2||";
  d.content_type = ct;
  d.extension = ext;
  TRY(mjp_registerDecoder(&d));
  strcpy(ct, "xxxx");
  strcpy(ext, "yyyy");
  mjp_defaultDecoder(&d);
  d.content_type = "model/stl";
  d.can_decode = can_b;
  d.decode = decode_b;
  TRY(mjp_registerDecoder(&d));
  mjp_defaultDecoder(&d);
  d.extension = "|.bdec";
  d.can_decode = can_b;
  d.decode = decode_b;
  TRY(mjp_registerDecoder(&d));

  find("file.tst", "model/test");
  find("file.bin", "MODEL/TEST");
  find("file.tst", "");
  find("file.TST", "");
  find("x.ts2", "model/other");
  find("x.Ts2", "");
  find("x.bdec", "");
  find("x.unknown", "model/none");
  find("noext", "");
  find("noext", "model/stl");
  find("dir.tst/file", "");
  find("reject.tst", "model/test");
  find("reject.tst", "model/stl");
  char* longtype = repeat('t', 1100);
  find("noext", longtype);
  find("a.bdec", longtype);
  free(longtype);

  decode("mesh.stl", NULL);
  decode("MESH.STL", NULL);
  decode("mesh.tst", NULL);
  decode("mesh.tst", "model/stl");
  decode("mesh.obj", NULL);
  decode("mesh.unknown", NULL);
  decode("reject.tst", NULL);
  decode("reject.tst", "model/test");

  // a resource opened through a provider
  char err[100] = "";
  mjResource* r = mju_openResource("", "mem:sub/dir/mesh.tst", NULL, err, sizeof(err));
  mjSpec* s = NULL;
  TRY(s = mju_decodeResource(r, NULL));
  printf("  provider resource -> %s\n", s == (mjSpec*)&spec_a ? "spec a" : "other");
  mju_closeResource(r);
}

//------------------------------------------ models read by a decoder ----------------------------

// a decoder that builds a small spec with this library's API (NULL for names with "null")
static int can_model(const mjResource* r) {
  printf("  [can_model '%s']\n", r->name);
  return strstr(r->name, "refuse") == NULL;
}
static mjSpec* decode_model(const mjResource* r) {
  printf("  [decode_model '%s']\n", r->name);
  if (strstr(r->name, "null")) return NULL;
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "decoded");
  mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), NULL);
  mjs_setName(b->element, "b");
  mjsGeom* g = mjs_addGeom(b, NULL);
  mjs_setName(g->element, "g");
  g->size[0] = 0.1;
  mjsBody* c = mjs_addBody(b, NULL);
  mjs_setName(c->element, "c");
  c->pos[2] = 0.5;
  mjsJoint* j = mjs_addJoint(c, NULL);
  mjs_setName(j->element, "j");
  mjsGeom* h = mjs_addGeom(c, NULL);
  h->size[0] = 0.2;
  return s;
}

static void show_spec(const char* label, mjSpec* s, const char* err) {
  if (!s) {
    printf("  %s: NULL, error '%s'\n", label, err);
    return;
  }
  mjModel* m = mj_compile(s, NULL);
  if (!m) {
    printf("  %s: compile failed '%s'\n", label, mjs_getError(s));
  } else {
    printf("  %s: model '%s' nbody %d ngeom %d njnt %d\n", label, m->names, m->nbody, m->ngeom,
           m->njnt);
    for (int i = 0; i < m->nbody; i++) {
      printf("    body %d '%s' parent %d pos %g %g %g\n", i, m->names + m->name_bodyadr[i],
             m->body_parentid[i], m->body_pos[3 * i], m->body_pos[3 * i + 1], m->body_pos[3 * i + 2]);
    }
    mj_deleteModel(m);
  }
  mj_deleteSpec(s);
}

static void parse_one(const char* file, const char* content_type) {
  char err[300] = "";
  printf(" mj_parse '%s' type %s\n", file, content_type ? content_type : "NULL");
  mjSpec* s = NULL;
  TRY(s = mj_parse(file, content_type, NULL, err, sizeof(err)); show_spec(file, s, err));
}

static void parse_xml(const char* label, const char* xml) {
  char err[300] = "";
  printf(" parse %s\n", label);
  mjSpec* s = NULL;
  TRY(s = mj_parseXMLString(xml, NULL, err, sizeof(err)); show_spec(label, s, err));
}

static void test_decoded_models(void) {
  printf("== models read by a decoder\n");
  mjpDecoder d;
  mjp_defaultDecoder(&d);
  d.content_type = "model/fake";
  d.extension = ".fake|.alsofake";
  d.can_decode = can_model;
  d.decode = decode_model;
  TRY(mjp_registerDecoder(&d));

  parse_one("dummy.fake", NULL);
  parse_one("dir/dummy.alsofake", NULL);
  parse_one("dummy.other", "model/fake");
  parse_one("dummy.fake", "model/none");
  parse_one("null.fake", NULL);
  parse_one("refuse.fake", NULL);
  parse_one("dummy.nodecoder", NULL);

  parse_xml("attach of decoded models",
            "<mujoco><asset><model name=\"fake\" file=\"dummy.fake\"/>"
            "<model name=\"also\" file=\"sub/x.alsofake\"/></asset>"
            "<worldbody><body name=\"p\" pos=\"1 0 0\"><attach model=\"fake\" body=\"c\" prefix=\"f-\"/>"
            "</body><attach model=\"also\" prefix=\"a-\"/></worldbody></mujoco>");
  parse_xml("a decoded model by content type",
            "<mujoco><asset><model file=\"dummy.bin\" content_type=\"model/fake\"/></asset>"
            "<worldbody><attach model=\"decoded\" body=\"b\" prefix=\"d-\"/></worldbody></mujoco>");
  parse_xml("a decoder returning NULL",
            "<mujoco><asset><model name=\"n\" file=\"null.fake\"/></asset></mujoco>");
  parse_xml("no decoder",
            "<mujoco><asset><model name=\"n\" file=\"dummy.nodecoder\"/></asset></mujoco>");
}

//------------------------------------------ plugin libraries --------------------------------------

static void on_library(const char* filename, int first, int count) {
  printf("  callback '%s' first %d count %d\n", filename, first, count);
  for (int i = 0; i < count; i++) {
    const mjpPlugin* p = mjp_getPluginAtSlot(first + i);
    printf("    slot %d '%s' attribute '%s'\n", first + i, p ? p->name : "NULL",
           p && p->nattribute ? p->attributes[0] : "");
  }
}

static void test_libraries(const char* work) {
  printf("== plugin libraries\n");
  char path[1024];
  int before = mjp_pluginCount();
  snprintf(path, sizeof(path), "%s/libplug_a.so", work);
  TRY(mj_loadPluginLibrary(path));
  int slot;
  const mjpPlugin* p = mjp_getPlugin("lib.a", &slot);
  printf("  libplug_a: %d new, lib.a at %d (%s)\n", mjp_pluginCount() - before,
         slot - before, p ? p->name : "NULL");
  TRY(mj_loadPluginLibrary(path));
  printf("  again: %d new\n", mjp_pluginCount() - before);

  TRY(mj_loadPluginLibrary("/nonexistent/libnothing.so"));
  snprintf(path, sizeof(path), "%s/bad.so", work);
  printf(" not a library:\n");
  TRY(mj_loadPluginLibrary(path));

  snprintf(path, sizeof(path), "%s/scan", work);
  before = mjp_pluginCount();
  printf(" scan folder (first relative to count %d)\n", before);
  TRY(mj_loadAllPluginLibraries(path, on_library));
  printf("  %d new\n", mjp_pluginCount() - before);
  printf(" scan again without callback\n");
  TRY(mj_loadAllPluginLibraries(path, NULL));
  printf(" scan again\n");
  TRY(mj_loadAllPluginLibraries(path, on_library));
  printf(" scan missing folder\n");
  TRY(mj_loadAllPluginLibraries("/nonexistent/folder", on_library));
  printf("  count %d\n", mjp_pluginCount());
}

//------------------------------------------ mj_loadXML --------------------------------------------

static void show_model(const char* label, mjModel* m, const char* err) {
  if (!m) {
    printf("  %s: NULL, error '%s'\n", label, err);
    return;
  }
  printf("  %s: nq %d nbody %d ngeom %d ntex %d nmat %d warning '%s'\n", label, m->nq, m->nbody,
         m->ngeom, m->ntex, m->nmat, err);
  for (int i = 0; i < m->ntex; i++) {
    const unsigned char* d = m->tex_data + m->tex_adr[i];
    printf("    tex %d: %dx%dx%d colorspace %d path '%s' data %d %d %d\n", i, m->tex_width[i],
           m->tex_height[i], m->tex_nchannel[i], m->tex_colorspace[i],
           m->tex_pathadr[i] >= 0 ? m->paths + m->tex_pathadr[i] : "(none)", d[0], d[1], d[2]);
  }
  for (int i = 0; i < m->nbody; i++) {
    printf("    body %d '%s'\n", i, m->names + m->name_bodyadr[i]);
  }
  mj_deleteModel(m);
}

static void load_one(const char* file, const mjVFS* vfs) {
  char err[300] = "unset";
  printf(" load '%s'%s\n", file, vfs ? " with VFS" : "");
  mjModel* m = mj_loadXML(file, vfs, err, sizeof(err));
  show_model(file, m, err);
}

static void test_xml(void) {
  printf("== mj_loadXML through a provider\n");
  mjpResourceProvider p = mem_provider("mem");
  printf("  register mem -> %d\n", mjp_registerResourceProvider(&p));
  const char* files[] = {"mem:model.xml", "MEM:model.xml", "mem:missing.xml"};
  for (int i = 0; i < 3; i++) {
    char err[300] = "";
    mjModel* m = mj_loadXML(files[i], NULL, err, sizeof(err));
    if (m) {
      printf("  %s: nq %d nbody %d ngeom %d\n", files[i], m->nq, m->nbody, m->ngeom);
      mj_deleteModel(m);
    } else {
      printf("  %s: NULL, error '%s'\n", files[i], err);
    }
  }

  printf("== includes, textures and model files through a provider\n");
  load_one("mem:top.xml", NULL);
  load_one("mem:main/model.xml", NULL);
  // again: the decoded textures come from the asset cache (opened, not read)
  load_one("mem:main/model.xml", NULL);
  load_one("mem:main/bad.xml", NULL);
  load_one("mem:main/badtex.xml", NULL);
  load_one("mem:main/attach.xml", NULL);
  load_one("mem:main/badmodel.xml", NULL);
  load_one("mem:main/missing.xml", NULL);

  // a VFS file that includes a provider file by its absolute (scheme) name
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char* vmain = "<mujoco><worldbody><include file=\"mem:main/inc/deep.xml\"/>"
                      "</worldbody></mujoco>";
  mj_addBufferVFS(&vfs, "vfsmain.xml", vmain, (int)strlen(vmain));
  const char* vbad = "<mujoco><include file=\"mem:main/inc/nothere.xml\"/></mujoco>";
  mj_addBufferVFS(&vfs, "vfsbad.xml", vbad, (int)strlen(vbad));
  load_one("vfsmain.xml", &vfs);
  load_one("vfsbad.xml", &vfs);
  mj_deleteVFS(&vfs);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: plugin_diff WORKDIR [xml]\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  mju_user_error = on_error;
  mju_user_warning = on_warning;
  if (argc > 2 && !strcmp(argv[2], "xml")) {
    test_xml();
    return 0;
  }
  test_plugins();
  test_config();
  test_providers();
  test_open();
  test_decoders();
  test_decoded_models();
  test_libraries(argv[1]);
  return 0;
}
