// mju_ differential tests: util (see harness.h). Object-type names, text helpers, Base64, matrix
// printing (stdout captured), mj_warning, resources (file system and VFS) and the thread pool
// (tasks, pool lifetime, stack regions of a bound pool).
#include "harness.h"

#include <setjmp.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

// exported by upstream's library but not declared in mujoco.h
size_t mju_encodeBase64(char* buf, const uint8_t* data, size_t ndata);
size_t mju_isValidBase64(const char* s);
size_t mju_decodeBase64(uint8_t* buf, const char* s);
int mju_condataSize(int dataSpec);
size_t mju_getDestructiveInterferenceSize(void);
mjResource* mju_openResource(const char* dir, const char* name, const mjVFS* vfs,
                             char* error, size_t nerror);
void mju_closeResource(mjResource* resource);
int mju_readResource(mjResource* resource, const void** buffer);
void mju_getResourceDir(mjResource* resource, const char** dir, int* ndir);
int mju_isModifiedResource(const mjResource* resource, const char* timestamp);
size_t mju_threadPoolNumberOfThreads(mjThreadPool* thread_pool);
size_t mju_threadPoolCurrentWorkerId(mjThreadPool* thread_pool);
void mju_threadPoolLockAllocMutex(mjThreadPool* thread_pool);
void mju_threadPoolUnlockAllocMutex(mjThreadPool* thread_pool);
void* mj_arenaAllocByte(mjData* d, size_t bytes, size_t alignment);
size_t mj_stackBytesAvailable(mjData* d);

// upstream's per-thread stack record (thread/thread_pool.h)
typedef struct {
  uintptr_t bottom, top, limit, stack_base;
} ut_stackinfo;

//---------------------------------- helpers -------------------------------------------------------

// printable form of a string: spaces as '_', newlines as '|', other control bytes as '?'
static void ut_out_text(const char* name, int idx, const char* s, size_t n) {
  static char buf[1 << 16];
  size_t k = 0;
  buf[k++] = '[';
  for (size_t i = 0; i < n && k < sizeof(buf) - 2; i++) {
    char c = s[i];
    buf[k++] = c == ' ' ? '_' : c == '\n' ? '|' : ((unsigned char)c < 32 || c == 127) ? '?' : c;
  }
  buf[k++] = ']';
  buf[k] = 0;
  out_str(name, idx, buf);
}
static void ut_out_cstr(const char* name, int idx, const char* s) {
  if (!s) {
    out_str(name, idx, "(null)");
  } else {
    ut_out_text(name, idx, s, strlen(s));
  }
}

// error / warning handlers: the error handler records the message and longjmps back
static char ut_errmsg[2048];
static char ut_warnmsg[4096];
static int ut_nwarn;
static jmp_buf ut_jmp;
static void ut_error_handler(const char* msg) {
  snprintf(ut_errmsg, sizeof(ut_errmsg), "%s", msg);
  longjmp(ut_jmp, 1);
}
static void ut_warning_handler(const char* msg) {
  snprintf(ut_warnmsg, sizeof(ut_warnmsg), "%s", msg);
  ut_nwarn++;
}

// stdout capture into a temporary file
static int ut_saved_fd = -1;
static FILE* ut_cap_file;
static void ut_capture_begin(void) {
  fflush(stdout);
  ut_cap_file = tmpfile();
  ut_saved_fd = dup(1);
  dup2(fileno(ut_cap_file), 1);
}
static void ut_capture_end(const char* name, int idx) {
  static char buf[1 << 15];
  fflush(stdout);
  dup2(ut_saved_fd, 1);
  close(ut_saved_fd);
  rewind(ut_cap_file);
  size_t n = fread(buf, 1, sizeof(buf) - 1, ut_cap_file);
  fclose(ut_cap_file);
  buf[n] = 0;
  ut_out_text(name, idx, buf, n);
}

// bytes as integers
static void ut_out_bytes(const char* name, int idx, const uint8_t* b, int n) {
  int v[512];
  if (n > 512) n = 512;
  for (int i = 0; i < n; i++) v[i] = b[i];
  out_ints(name, idx, v, n);
}

//---------------------------------- strings -------------------------------------------------------

static void ut_test_types(void) {
  int idx = 0;
  for (int t = -3; t <= 130; t++) {
    out_str("type2str", idx++, mju_type2Str(t));
  }
  int big[] = {-1000, 1000, 0x7fffffff, (int)0x80000000, 200, 255, 256};
  for (int i = 0; i < (int)(sizeof(big) / sizeof(big[0])); i++) {
    out_str("type2str", idx++, mju_type2Str(big[i]));
  }

  // every name type2Str writes, plus names it does not know
  idx = 0;
  for (int t = 0; t <= 102; t++) {
    const char* s = mju_type2Str(t);
    if (s) out_int("str2type", idx++, mju_str2Type(s));
  }
  const char* names[] = {"", "Body", "BODY", "body ", " body", "bodyx", "bod", "frame", "default",
                         "model", "unknown", "xbody\n", "geom\t", "plugins", "keyframe",
                         "equality", "actuator", "tendon", "sensor", "text", "tuple", "key",
                         "numeric", "exclude", "pair", "material", "texture", "hfield", "skin",
                         "mesh", "flex", "light", "camera", "site", "dof", "joint", "xbody"};
  for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
    out_int("str2type", idx++, mju_str2Type(names[i]));
  }
}

static void ut_test_strncpy(void) {
  const char* srcs[] = {"", "a", "hello", "hello world, a longer string"};
  int ns[] = {0, 1, 2, 3, 5, 6, 7, 16, 40, -1};
  int idx = 0;
  for (int s = 0; s < 4; s++) {
    for (int k = 0; k < (int)(sizeof(ns) / sizeof(ns[0])); k++) {
      char buf[48];
      memset(buf, 'x', sizeof(buf));
      char* r = mju_strncpy(buf, srcs[s], ns[k]);
      out_int("strncpy_ret", idx, r == buf);
      ut_out_bytes("strncpy", idx++, (const uint8_t*)buf, 44);
    }
  }
  char buf[8];
  memset(buf, 'y', sizeof(buf));
  out_int("strncpy_null", 0, mju_strncpy(NULL, "abc", 4) == NULL);
  out_int("strncpy_null", 1, mju_strncpy(buf, NULL, 4) == buf);
  ut_out_bytes("strncpy_null", 2, (const uint8_t*)buf, 8);
}

static void ut_test_numbytes(void) {
  int idx = 0;
  size_t fixed[] = {0, 1, 2, 100, 1000, 1023, 1024, 1025, 2047, 2048, 4096, 10000, 65536,
                    1048575, 1048576, 1048577, 1048576 + 1024, 3ull << 30, (3ull << 30) + 1,
                    1ull << 40, 5ull << 40, (5ull << 40) + (1 << 20), 1ull << 50, 7ull << 50,
                    1ull << 60, 15ull << 60, 16ull << 60, SIZE_MAX, SIZE_MAX - 1023,
                    SIZE_MAX - (1ull << 60) + 1, 999999999999ull, 1234567890123456789ull,
                    10000000000000000000ull, 12345678901234567890ull};
  for (int i = 0; i < (int)(sizeof(fixed) / sizeof(fixed[0])); i++) {
    out_str("writenumbytes", idx++, mju_writeNumBytes(fixed[i]));
  }
  for (int k = 0; k < 64; k++) {
    out_str("writenumbytes", idx++, mju_writeNumBytes((size_t)1 << k));
    out_str("writenumbytes", idx++, mju_writeNumBytes((size_t)3 << k));
    out_str("writenumbytes", idx++, mju_writeNumBytes(((size_t)1 << k) + 1));
  }
  seed(501);
  for (int i = 0; i < 100; i++) {
    size_t v = next_u64() >> randint(64);
    out_str("writenumbytes", idx++, mju_writeNumBytes(v));
    out_str("writenumbytes", idx++, mju_writeNumBytes(v << (10 * randint(7))));
  }
  // the buffer is reused per call
  const char* a = mju_writeNumBytes(2048);
  const char* b = mju_writeNumBytes(5);
  out_int("writenumbytes_same", 0, a == b);
}

static void ut_test_warningtext(void) {
  size_t infos[] = {0, 1, 7, 1023, 1024, 3u << 20, 12345678, 1ull << 40, SIZE_MAX, (size_t)-1024,
                    2147483647, 2147483648ull};
  int idx = 0;
  for (int w = -2; w <= mjNWARNING + 2; w++) {
    for (int i = 0; i < (int)(sizeof(infos) / sizeof(infos[0])); i++) {
      out_str("warningtext", idx++, mju_warningText(w, infos[i]));
    }
  }
  int odd[] = {100, -100, 0x7fffffff, (int)0x80000000};
  for (int i = 0; i < 4; i++) out_str("warningtext", idx++, mju_warningText(odd[i], 5));
  // the CNSTRFULL text goes through mju_writeNumBytes's buffer
  const char* nb = mju_writeNumBytes(1);
  mju_warningText(mjWARN_CNSTRFULL, 5ull << 30);
  out_str("warningtext_numbuf", 0, nb);
}

static void ut_test_condata(void) {
  int idx = 0;
  for (int s = -2; s < 140; s++) out_int("condatasize", idx++, mju_condataSize(s));
  int odd[] = {1 << 7, 1 << 8, 1 << 30, 0x7fffffff, (int)0x80000000, -128, 0x55, 0x2a};
  for (int i = 0; i < 8; i++) out_int("condatasize", idx++, mju_condataSize(odd[i]));
  out_int("interference", 0, (int)mju_getDestructiveInterferenceSize());
}

//---------------------------------- Base64 --------------------------------------------------------

static void ut_test_base64(void) {
  int idx = 0;
  uint8_t data[300];
  char enc[512];
  uint8_t dec[512];

  // lengths 0..40 of a byte pattern, and all byte values
  for (int n = 0; n <= 42; n++) {
    for (int i = 0; i < n; i++) data[i] = (uint8_t)(i * 37 + n * 11);
    memset(enc, '#', sizeof(enc));
    size_t r = mju_encodeBase64(enc, data, n);
    int written = 0;
    while (written < (int)sizeof(enc) && enc[written] != '#') written++;
    out_int("b64enc_ret", idx, (int)r);
    out_int("b64enc_written", idx, written);
    out_str("b64enc", idx, enc);
    out_int("b64valid", idx, (int)mju_isValidBase64(enc));
    memset(dec, 0xAB, sizeof(dec));
    size_t nd = mju_decodeBase64(dec, enc);
    out_int("b64dec_ret", idx, (int)nd);
    out_int("b64dec_same", idx, nd == (size_t)n && memcmp(dec, data, n) == 0);
    out_int("b64dec_after", idx, dec[nd]);
    idx++;
  }
  for (int i = 0; i < 256; i++) data[i] = (uint8_t)i;
  size_t r = mju_encodeBase64(enc, data, 256);
  out_int("b64enc_ret", idx, (int)r);
  out_str("b64enc", idx, enc);
  out_int("b64valid", idx, (int)mju_isValidBase64(enc));
  size_t nd = mju_decodeBase64(dec, enc);
  out_int("b64dec_ret", idx, (int)nd);
  ut_out_bytes("b64dec", idx, dec, (int)nd);
  idx++;

  // known strings
  const char* plain[] = {"f", "fo", "foo", "foob", "fooba", "foobar", "Man is distinguished",
                         "\xff\xfe\xfd", "\x01"};
  for (int i = 0; i < (int)(sizeof(plain) / sizeof(plain[0])); i++) {
    size_t n = strlen(plain[i]);
    r = mju_encodeBase64(enc, (const uint8_t*)plain[i], n);
    out_int("b64enc_ret", idx, (int)r);
    out_str("b64enc", idx, enc);
    idx++;
  }

  // validity of assorted strings
  const char* strs[] = {"", "A", "AA", "AAA", "AAAA", "AAAAA", "AAA=", "AA==", "A===", "====",
                        "=", "==", "AAAA=", "AAAA==", "AAAA===", "AA=A", "A=AA", "=AAA",
                        "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy", "Zm9vYmFy====", "Zm9v!A==",
                        "Zm 9", "Zm9v\n", "ab+/", "ab-_", "ab+/ab+/", "Zm9=", "Zm==",
                        "Zm9vYg=", "Zm9vYg=x", "\x80\x81\x82\x83", "AAAAAAAAAAA=", "AAAAAAAAAAAA",
                        "AAAAAAAAAAAAAAAA", "////////////", "+++="};
  int nstr = (int)(sizeof(strs) / sizeof(strs[0]));
  for (int i = 0; i < nstr; i++) {
    out_int("b64valid_str", i, (int)mju_isValidBase64(strs[i]));
  }

  // decoding: valid strings, and strings with a length that is a multiple of 4 but invalid
  const char* decs[] = {"Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy", "!!!!", "A=BC", "AB=C",
                        "====", "Zm9v!A==", "ab-_", "Zm9=", "Zm==", "////", "+++=", "AA==AAAA",
                        "\x80\x81\x82\x83", "AAAAAAAAAAA=", "Zm9vYmFyYmF6"};
  for (int i = 0; i < (int)(sizeof(decs) / sizeof(decs[0])); i++) {
    memset(dec, 0xCD, sizeof(dec));
    nd = mju_decodeBase64(dec, decs[i]);
    out_int("b64dec_str_ret", i, (int)nd);
    ut_out_bytes("b64dec_str", i, dec, (int)nd + 2);
  }

  // lengths that are not a multiple of 4: decoding reads whole groups, here NUL padding
  const char* shorts[] = {"Zm9vY", "Zm9vYm", "Zm9vYmF", "Z", "Zm", "Zm9", "Zm9vYg=", "Zm9vY=="};
  for (int i = 0; i < (int)(sizeof(shorts) / sizeof(shorts[0])); i++) {
    char padded[32];
    memset(padded, 0, sizeof(padded));
    strcpy(padded, shorts[i]);
    memset(dec, 0xCD, sizeof(dec));
    nd = mju_decodeBase64(dec, padded);
    out_int("b64dec_short_ret", i, (int)nd);
    ut_out_bytes("b64dec_short", i, dec, (int)nd + 2);
  }

  // random round trips; the output buffer holds exactly the returned size
  seed(777);
  for (int k = 0; k < 60; k++) {
    int n = randint(200);
    for (int i = 0; i < n; i++) data[i] = (uint8_t)next_u64();
    size_t need = 4 * ((n + 2) / 3) + 1;
    char* exact = malloc(need + 8);
    memset(exact, '#', need + 8);
    r = mju_encodeBase64(exact, data, n);
    out_int("b64rand_ret", k, (int)r);
    out_int("b64rand_fits", k, exact[need - 1] == 0 && exact[need] == '#');
    out_int("b64rand_valid", k, (int)mju_isValidBase64(exact));
    uint8_t* back = malloc(n + 3);
    nd = mju_decodeBase64(back, exact);
    out_int("b64rand_back", k, nd == (size_t)n && memcmp(back, data, n) == 0);
    out_str("b64rand", k, exact);
    free(back);
    free(exact);
  }
}

//---------------------------------- printing ------------------------------------------------------

static void ut_test_print(void) {
  int idx = 0;
  int shapes[][2] = {{1, 1}, {2, 3}, {3, 2}, {4, 4}, {0, 3}, {3, 0}, {1, 6}};
  mjtNum mat[64];
  seed(901);
  for (int s = 0; s < 7; s++) {
    for (int k = 0; k < 4; k++) {
      vec_case(mat, 64, k);
      if (k == 3) { mat[0] = -1e-9; mat[1] = 123456.789; mat[2] = -0.5; mat[3] = 0.125e-8; }
      ut_capture_begin();
      mju_printMat(mat, shapes[s][0], shapes[s][1]);
      ut_capture_end("printmat", idx++);
    }
  }
  mjtNum special[6] = {0.0, -0.0, 1e300, -1e-300, 1.0 / 3.0, -2.0 / 3.0};
  ut_capture_begin();
  mju_printMat(special, 2, 3);
  ut_capture_end("printmat", idx++);

  // sparse: 3 x 5 with rows of 2, 0 and 3 entries, and a random one
  mjtNum sval[5] = {1.5, -2.25, 1e-7, 123.456789, -1000.5};
  int rownnz[3] = {2, 0, 3}, rowadr[3] = {0, 2, 2}, colind[5] = {1, 4, 0, 2, 3};
  ut_capture_begin();
  mju_printMatSparse(sval, 3, rownnz, rowadr, colind);
  ut_capture_end("printmatsparse", 0);
  ut_capture_begin();
  mju_printMatSparse(sval, 0, rownnz, rowadr, colind);
  ut_capture_end("printmatsparse", 1);
  mjtNum rv[40];
  int rnnz[8], radr[8], rcol[40], nz = 0;
  vec_case(rv, 40, 2);
  for (int r = 0; r < 8; r++) {
    radr[r] = nz;
    rnnz[r] = randint(5);
    for (int j = 0; j < rnnz[r]; j++) rcol[nz + j] = j * 2 + randint(2);
    nz += rnnz[r];
  }
  ut_capture_begin();
  mju_printMatSparse(rv, 8, rnnz, radr, rcol);
  ut_capture_end("printmatsparse", 2);
  // row addresses need not be in order
  int radr2[3] = {3, 0, 1}, rnnz2[3] = {2, 1, 2};
  ut_capture_begin();
  mju_printMatSparse(sval, 3, rnnz2, radr2, colind);
  ut_capture_end("printmatsparse", 3);
}

//---------------------------------- mj_warning ----------------------------------------------------

static void ut_out_warnstat(mjData* d, int idx) {
  int v[2 * mjNWARNING];
  for (int w = 0; w < mjNWARNING; w++) {
    v[2 * w] = d->warning[w].number;
    v[2 * w + 1] = d->warning[w].lastinfo;
  }
  out_ints("mjwarning_stat", idx, v, 2 * mjNWARNING);
}

// invalid warning types report an error
static void ut_mjwarning_errors(mjData* d) {
  mju_user_error = ut_error_handler;
  int bad[] = {-1, mjNWARNING, mjNWARNING + 5, -1000};
  for (int i = 0; i < 4; i++) {
    ut_errmsg[0] = 0;
    if (!setjmp(ut_jmp)) {
      mj_warning(d, bad[i], 1);
    }
    ut_out_cstr("mjwarning_err", i, ut_errmsg);
  }
  mju_user_error = NULL;
}

static void ut_test_mjwarning(void) {
  mjData* d = calloc(1, sizeof(mjData));
  mju_user_warning = ut_warning_handler;
  int idx = 0;
  mjtNum times[] = {0, 1.23456789, -2.5, 1e10, 0.00005, 0.00015, 123.45675, -0.0, 1e-300};
  int infos[] = {0, 3, -1, 2147483647, (int)0x80000000, 1024, 3 << 20, 77};
  for (int rep = 0; rep < 3; rep++) {
    for (int w = 0; w < mjNWARNING; w++) {
      d->time = times[(w + rep) % 9];
      ut_nwarn = 0;
      ut_warnmsg[0] = 0;
      mj_warning(d, w, infos[(w * 3 + rep) % 8]);
      out_int("mjwarning_n", idx, ut_nwarn);
      ut_out_cstr("mjwarning_msg", idx, ut_nwarn ? ut_warnmsg : "");
      ut_out_warnstat(d, idx);
      idx++;
    }
  }
  // after a reset of the counter the warning is printed again
  d->warning[mjWARN_BADQACC].number = 0;
  d->time = 5.5;
  ut_nwarn = 0;
  mj_warning(d, mjWARN_BADQACC, 12);
  out_int("mjwarning_n", idx, ut_nwarn);
  ut_out_cstr("mjwarning_msg", idx, ut_warnmsg);
  ut_out_warnstat(d, idx);
  idx++;

  ut_mjwarning_errors(d);
  mju_user_warning = NULL;
  ut_out_warnstat(d, idx);
  free(d);
}

//---------------------------------- resources -----------------------------------------------------

#define UT_DIR "/tmp/mjud_util_res"

static void ut_write_file(const char* path, const char* text, long mtime) {
  FILE* f = fopen(path, "wb");
  fwrite(text, 1, strlen(text), f);
  fclose(f);
  struct utimbuf t = {mtime, mtime};
  utime(path, &t);
}

// encode a time_t or a 64-bit stamp as a resource timestamp
static void ut_stamp(char out[16], int64_t v) {
  mju_encodeBase64(out, (const uint8_t*)&v, sizeof(v));
}

static void ut_out_resource(const char* tag, int idx, mjResource* r) {
  char name[128];
  snprintf(name, sizeof(name), "res_%s_open", tag);
  out_int(name, idx, r != NULL);
  if (!r) return;
  snprintf(name, sizeof(name), "res_%s_provider", tag);
  out_int(name, idx, r->provider != NULL);
  snprintf(name, sizeof(name), "res_%s_name", tag);
  ut_out_cstr(name, idx, r->name);
  snprintf(name, sizeof(name), "res_%s_stamp", tag);
  ut_out_cstr(name, idx, r->timestamp);
  const void* buf = (const void*)1;
  int n = mju_readResource(r, &buf);
  snprintf(name, sizeof(name), "res_%s_nread", tag);
  out_int(name, idx, n);
  snprintf(name, sizeof(name), "res_%s_bufnull", tag);
  out_int(name, idx, buf == NULL);
  if (n > 0 && buf) {
    snprintf(name, sizeof(name), "res_%s_data", tag);
    ut_out_text(name, idx, buf, n);
    const void* buf2 = NULL;
    int n2 = mju_readResource(r, &buf2);
    snprintf(name, sizeof(name), "res_%s_reread", tag);
    out_int(name, idx, n2 == n && buf2 == buf);
  }
  const char* dir = (const char*)1;
  int ndir = -5;
  mju_getResourceDir(r, &dir, &ndir);
  snprintf(name, sizeof(name), "res_%s_ndir", tag);
  out_int(name, idx, ndir);
  snprintf(name, sizeof(name), "res_%s_dir", tag);
  if (dir) {
    ut_out_text(name, idx, dir, ndir);
  } else {
    out_str(name, idx, "(null)");
  }
  snprintf(name, sizeof(name), "res_%s_dirisname", tag);
  out_int(name, idx, dir == r->name);
  snprintf(name, sizeof(name), "res_%s_modself", tag);
  out_int(name, idx, mju_isModifiedResource(r, r->timestamp));
}

static void ut_test_resources(void) {
  mkdir(UT_DIR, 0755);
  ut_write_file(UT_DIR "/res.txt", "resource contents\nline 2\n", 1600000000);
  ut_write_file(UT_DIR "/Other.BIN", "0123456789", 1500000000);
  ut_write_file(UT_DIR "/empty.txt", "", 1400000000);
  struct utimbuf dt = {1300000000, 1300000000};
  utime(UT_DIR, &dt);
  mju_user_warning = ut_warning_handler;

  char err[256];
  int idx = 0;

  // file system
  struct { const char* dir; const char* name; } files[] = {
    {UT_DIR, "res.txt"}, {UT_DIR "/", "res.txt"}, {"ignored/dir", UT_DIR "/res.txt"},
    {"", UT_DIR "/Other.BIN"}, {UT_DIR, "Other.BIN"}, {UT_DIR, "empty.txt"},
    {UT_DIR, "./res.txt"}, {"/tmp", "mjud_util_res/../mjud_util_res/res.txt"},
    {UT_DIR, "none.txt"}, {UT_DIR, "sub/../res.txt"}, {UT_DIR, "other.bin"},
    {"/nonexistent_dir_mjud", "x.xml"}, {UT_DIR "\\", "res.txt"}, {"", UT_DIR},
  };
  int nfiles = (int)(sizeof(files) / sizeof(files[0]));
  for (int i = 0; i < nfiles; i++) {
    memset(err, 'z', sizeof(err));
    ut_nwarn = 0;
    mjResource* r = mju_openResource(files[i].dir, files[i].name, NULL, err, sizeof(err));
    ut_out_cstr("res_file_err", idx, err);
    ut_out_resource("file", idx, r);
    out_int("res_file_nwarn", idx, ut_nwarn);
    if (ut_nwarn) ut_out_cstr("res_file_warn", idx, ut_warnmsg);
    mju_closeResource(r);
    idx++;
  }

  // error buffer sizes
  size_t nerrs[] = {1, 2, 10, 30, 256};
  for (int i = 0; i < 5; i++) {
    memset(err, 'z', sizeof(err));
    mjResource* r = mju_openResource(UT_DIR, "missing.xml", NULL, err, nerrs[i]);
    out_int("res_errsize_null", i, r == NULL);
    ut_out_text("res_errsize", i, err, strnlen(err, sizeof(err) - 1) + 1 < sizeof(err)
                ? strnlen(err, sizeof(err) - 1) : 40);
  }
  out_int("res_noerrbuf", 0, mju_openResource(UT_DIR, "missing.xml", NULL, NULL, 0) == NULL);
  memset(err, 'z', sizeof(err));
  mjResource* r = mju_openResource(UT_DIR, "res.txt", NULL, err, 0);
  out_int("res_noerrbuf", 1, r != NULL && err[0] == 0 && err[1] == 'z');
  mju_closeResource(r);

  // timestamps of files: older, same, newer, invalid
  r = mju_openResource(UT_DIR, "res.txt", NULL, err, sizeof(err));
  int64_t times[] = {1600000000, 1599999999, 1600000001, 0, -1, 1700000000, 1};
  char ts[16];
  for (int i = 0; i < 7; i++) {
    ut_stamp(ts, times[i]);
    out_str("res_file_stampof", i, ts);
    out_int("res_file_modified", i, mju_isModifiedResource(r, ts));
  }
  const char* badts[] = {"", "abc", "AAAA", "AAAAAAAA", "AAAAAAAAAAAAAAAA", "AAAAAAAAAA==",
                         "!!!!!!!!!!!=", "AAAAAAAAAAA"};
  for (int i = 0; i < 8; i++) {
    out_int("res_file_badstamp", i, mju_isModifiedResource(r, badts[i]));
  }
  // the modification time is taken when the resource is opened
  ut_write_file(UT_DIR "/res.txt", "resource contents\nline 2\n", 1650000000);
  ut_stamp(ts, 1600000000);
  out_int("res_file_modified_later", 0, mju_isModifiedResource(r, ts));
  mju_closeResource(r);
  r = mju_openResource(UT_DIR, "res.txt", NULL, err, sizeof(err));
  out_int("res_file_modified_later", 1, mju_isModifiedResource(r, ts));
  ut_out_cstr("res_file_modified_later_stamp", 2, r->timestamp);
  mju_closeResource(r);

  // null arguments
  mju_closeResource(NULL);
  const char* dir = (const char*)1;
  int ndir = 7;
  mju_getResourceDir(NULL, &dir, &ndir);
  out_int("res_nulldir", 0, dir == NULL);
  out_int("res_nulldir", 1, ndir);

  // VFS
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "Model.XML", "<mujoco/>", 9);
  mj_addBufferVFS(&vfs, "mesh.stl", "solid mesh", 10);
  mj_addBufferVFS(&vfs, "dir/sub/part.obj", "v 0 0 0", 7);
  mj_addBufferVFS(&vfs, "empty.bin", "", 0);
  mj_addBufferVFS(&vfs, "res.txt", "from the vfs", 12);
  mj_addFileVFS(&vfs, UT_DIR, "Other.BIN");
  struct { const char* dir; const char* name; } vnames[] = {
    {UT_DIR, "Model.XML"}, {"", "Model.XML"}, {UT_DIR, "model.xml"}, {UT_DIR, "a/b/MESH.STL"},
    {"x", "mesh.stl"}, {UT_DIR, "dir/sub/part.obj"}, {UT_DIR, "dir/./sub/../sub/part.obj"},
    {UT_DIR, "part.obj"}, {UT_DIR, "empty.bin"}, {UT_DIR, "res.txt"}, {UT_DIR, "RES.TXT"},
    {UT_DIR, "other.bin"}, {"/elsewhere", "OTHER.bin"}, {UT_DIR, "missing.txt"},
    {UT_DIR, "Other.BIN"}, {UT_DIR, "empty.txt"},
  };
  int nv = (int)(sizeof(vnames) / sizeof(vnames[0]));
  for (int i = 0; i < nv; i++) {
    memset(err, 'z', sizeof(err));
    r = mju_openResource(vnames[i].dir, vnames[i].name, &vfs, err, sizeof(err));
    ut_out_cstr("res_vfs_err", i, err);
    ut_out_resource("vfs", i, r);
    mju_closeResource(r);
  }

  // VFS timestamps: same, other, zero, too long, and one from a file
  r = mju_openResource(UT_DIR, "mesh.stl", &vfs, err, sizeof(err));
  char own[16];
  memcpy(own, r->timestamp, sizeof(own) - 1);
  own[sizeof(own) - 1] = 0;
  const char* vts[] = {own, "AAAAAAAAAAA=", "AQAAAAAAAAA=", "AAAAAAAAAAAAAAAA", "////////////",
                       "AAAAAAAAAAAAAAAAAAAA", "AQAAAAAAAAAA", "AQAAAA==", "AQ=="};
  for (int i = 0; i < 9; i++) {
    out_int("res_vfs_modified", i, mju_isModifiedResource(r, vts[i]));
  }
  mju_closeResource(r);
  r = mju_openResource(UT_DIR, "res.txt", NULL, err, sizeof(err));
  out_int("res_vfs_modified", 9, mju_isModifiedResource(r, own));
  mju_closeResource(r);
  r = mju_openResource(UT_DIR, "empty.bin", &vfs, err, sizeof(err));
  out_int("res_vfs_modified", 10, mju_isModifiedResource(r, own));
  mju_closeResource(r);

  // a VFS without files, and deleting a file before opening
  mj_deleteFileVFS(&vfs, "mesh.stl");
  r = mju_openResource(UT_DIR, "mesh.stl", &vfs, err, sizeof(err));
  out_int("res_vfs_deleted", 0, r == NULL);
  ut_out_cstr("res_vfs_deleted_err", 0, err);
  mju_closeResource(r);
  mj_deleteVFS(&vfs);

  mjVFS empty;
  mj_defaultVFS(&empty);
  r = mju_openResource(UT_DIR, "res.txt", &empty, err, sizeof(err));
  ut_out_resource("vfsempty", 0, r);
  mju_closeResource(r);
  mj_deleteVFS(&empty);

  mju_user_warning = NULL;
  unlink(UT_DIR "/res.txt");
  unlink(UT_DIR "/Other.BIN");
  unlink(UT_DIR "/empty.txt");
  rmdir(UT_DIR);
}

//---------------------------------- thread pool ---------------------------------------------------

typedef struct {
  int i;
  double result;
  size_t worker;
} ut_job;

static int ut_runs;

static void* ut_job_func(void* arg) {
  ut_job* j = arg;
  double s = 0;
  for (int k = 1; k <= 50; k++) s += sin(j->i * 0.001 * k) / k;
  j->result = s * j->i;
  __atomic_fetch_add(&ut_runs, 1, __ATOMIC_SEQ_CST);
  return arg;
}

static mjThreadPool* ut_worker_pool;
static void* ut_id_func(void* arg) {
  ut_job* j = arg;
  j->worker = mju_threadPoolCurrentWorkerId(ut_worker_pool);
  return (void*)(uintptr_t)(j->i * 3);
}

static int ut_lock_flag;
static void* ut_lock_func(void* arg) {
  mju_threadPoolLockAllocMutex((mjThreadPool*)arg);
  __atomic_store_n(&ut_lock_flag, 1, __ATOMIC_SEQ_CST);
  mju_threadPoolUnlockAllocMutex((mjThreadPool*)arg);
  return NULL;
}

// per-task record of stack use in a worker's region
typedef struct {
  mjData* d;
  mjThreadPool* pool;
  int n;
  size_t worker;
  size_t avail0, avail1, avail2, avail3;
  uintptr_t ptr, frame_top;
  double sum;
  void* arena_ptr;
} ut_stackjob;

static void* ut_stack_func(void* arg) {
  ut_stackjob* j = arg;
  mjData* d = j->d;
  j->worker = mju_threadPoolCurrentWorkerId(j->pool);
  j->avail0 = mj_stackBytesAvailable(d);
  mj_markStack(d);
  j->avail1 = mj_stackBytesAvailable(d);
  mjtNum* v = mj_stackAllocNum(d, j->n);
  int* w = mj_stackAllocInt(d, 3);
  j->ptr = (uintptr_t)v;
  for (int i = 0; i < j->n; i++) v[i] = i * 0.5 + j->n;
  w[0] = w[1] = w[2] = j->n;
  mj_markStack(d);
  mj_stackAllocByte(d, 13, 1);
  j->avail2 = mj_stackBytesAvailable(d);
  mj_freeStack(d);
  double s = 0;
  for (int i = 0; i < j->n; i++) s += v[i];
  j->sum = s + w[0] + w[1] + w[2];
  mj_freeStack(d);
  j->avail3 = mj_stackBytesAvailable(d);
  j->arena_ptr = mj_arenaAllocByte(d, 16, 8);
  return NULL;
}

static ut_stackinfo* ut_info(mjData* d, size_t nshard, size_t k) {
  size_t per = d->narena / (2 * nshard);
  if (per % 128) per += 128 - per % 128;
  uintptr_t at = (uintptr_t)d->arena + d->narena - (k + 1) * per;
  return (ut_stackinfo*)(at - at % 8);
}

static long ut_off(mjData* d, uintptr_t p) { return p ? (long)(p - (uintptr_t)d->arena) : -1; }

static void ut_out_info(mjData* d, size_t nshard, int idx) {
  for (size_t k = 0; k < nshard; k++) {
    ut_stackinfo* s = ut_info(d, nshard, k);
    int v[5] = {(int)ut_off(d, (uintptr_t)s), (int)ut_off(d, s->bottom), (int)ut_off(d, s->top),
                (int)ut_off(d, s->limit), (int)ut_off(d, s->stack_base)};
    out_ints("pool_stackinfo", idx * 100 + (int)k, v, 5);
  }
}

static mjData* ut_fake_data(size_t narena) {
  mjData* d = calloc(1, sizeof(mjData));
  d->arena = aligned_alloc(64, narena);
  memset(d->arena, 0, narena);
  d->narena = narena;
  return d;
}

static void ut_free_data(mjData* d) {
  free(d->arena);
  free(d);
}

static void ut_test_pool_basic(void) {
  // creation: nworker as given, at most mjMAXTHREAD threads
  size_t counts[] = {0, 1, 2, 3, 5, 129, 200};
  for (int i = 0; i < 7; i++) {
    mjThreadPool* p = mju_threadPoolCreate(counts[i]);
    out_int("pool_nworker", i, p->nworker);
    out_int("pool_nthreads", i, (int)mju_threadPoolNumberOfThreads(p));
    mju_threadPoolDestroy(p);
  }
  out_int("pool_mainid", 0, (int)mju_threadPoolCurrentWorkerId(NULL));

  // 1000 tasks on 3 workers, results summed in task order
  mjThreadPool* pool = mju_threadPoolCreate(3);
  out_int("pool_mainid", 1, (int)mju_threadPoolCurrentWorkerId(pool));
  static ut_job jobs[1000];
  static mjTask tasks[1000];
  ut_runs = 0;
  for (int i = 0; i < 1000; i++) {
    jobs[i].i = i;
    mju_defaultTask(&tasks[i]);
    tasks[i].func = ut_job_func;
    tasks[i].args = &jobs[i];
    mju_threadPoolEnqueue(pool, &tasks[i]);
  }
  double sum = 0;
  int completed = 0, argsback = 0;
  for (int i = 0; i < 1000; i++) {
    mju_taskJoin(&tasks[i]);
    sum += jobs[i].result;
    completed += tasks[i].status == mjTASK_COMPLETED;
    argsback += tasks[i].args == &jobs[i];
  }
  out_num("pool_sum", 0, sum);
  out_int("pool_completed", 0, completed);
  out_int("pool_argsback", 0, argsback);
  out_int("pool_runs", 0, ut_runs);
  for (int i = 0; i < 1000; i += 97) out_num("pool_result", i, jobs[i].result);

  // worker ids and return values
  ut_worker_pool = pool;
  int inrange = 0, retok = 0;
  for (int i = 0; i < 200; i++) {
    jobs[i].i = i;
    jobs[i].worker = 999;
    mju_defaultTask(&tasks[i]);
    tasks[i].func = ut_id_func;
    tasks[i].args = &jobs[i];
    mju_threadPoolEnqueue(pool, &tasks[i]);
  }
  for (int i = 0; i < 200; i++) {
    mju_taskJoin(&tasks[i]);
    inrange += jobs[i].worker >= 1 && jobs[i].worker <= 3;
    retok += tasks[i].args == (void*)(uintptr_t)(i * 3);
  }
  out_int("pool_workerids", 0, inrange);
  out_int("pool_workerret", 0, retok);

  // the alloc mutex: a task waits until the main thread unlocks it
  ut_lock_flag = 0;
  mju_threadPoolLockAllocMutex(pool);
  mjTask lt;
  mju_defaultTask(&lt);
  lt.func = ut_lock_func;
  lt.args = pool;
  mju_threadPoolEnqueue(pool, &lt);
  usleep(50000);
  out_int("pool_lock", 0, __atomic_load_n(&ut_lock_flag, __ATOMIC_SEQ_CST));
  mju_threadPoolUnlockAllocMutex(pool);
  mju_taskJoin(&lt);
  out_int("pool_lock", 1, ut_lock_flag);

  // defaultTask
  mjTask t;
  t.func = ut_job_func;
  t.args = &t;
  t.status = 7;
  mju_defaultTask(&t);
  int dv[3] = {t.func == NULL, t.args == NULL, t.status};
  out_ints("pool_defaulttask", 0, dv, 3);

  // enqueueing a task that is not new is an error
  mju_user_error = ut_error_handler;
  mjTask done;
  mju_defaultTask(&done);
  done.func = ut_job_func;
  done.args = &jobs[0];
  done.status = mjTASK_COMPLETED;
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mju_threadPoolEnqueue(pool, &done);
  }
  ut_out_cstr("pool_enqueue_err", 0, ut_errmsg);
  out_int("pool_enqueue_status", 0, done.status);
  mju_user_error = NULL;
  mju_threadPoolDestroy(pool);

  // created and destroyed repeatedly, with and without work
  double rsum = 0;
  int rdone = 0;
  for (int k = 0; k < 100; k++) {
    mjThreadPool* p = mju_threadPoolCreate(k % 5);
    int nt = k % 5 ? k % 7 + 1 : 0;
    for (int i = 0; i < nt; i++) {
      jobs[i].i = k * 10 + i;
      mju_defaultTask(&tasks[i]);
      tasks[i].func = ut_job_func;
      tasks[i].args = &jobs[i];
      mju_threadPoolEnqueue(p, &tasks[i]);
    }
    for (int i = 0; i < nt; i++) {
      mju_taskJoin(&tasks[i]);
      rsum += jobs[i].result;
      rdone++;
    }
    mju_threadPoolDestroy(p);
  }
  out_num("pool_repeat_sum", 0, rsum);
  out_int("pool_repeat_done", 0, rdone);
}

static void ut_test_pool_stack(void) {
  int idx = 0;
  size_t narena = 1 << 16;
  mjData* d = ut_fake_data(narena);

  // stack in use before binding stays with the calling thread
  mj_markStack(d);
  mjtNum* pre = mj_stackAllocNum(d, 10);
  for (int i = 0; i < 10; i++) pre[i] = i;
  mj_arenaAllocByte(d, 40, 8);
  long pv[4] = {(long)d->pstack, ut_off(d, d->pbase), ut_off(d, (uintptr_t)pre), (long)d->parena};
  out_ints("pool_prebind", 0, (int[]){(int)pv[0], (int)pv[1], (int)pv[2], (int)pv[3]}, 4);

  mjThreadPool* pool = mju_threadPoolCreate(3);
  mju_bindThreadPool(d, pool);
  out_int("pool_bound", 0, d->threadpool == (uintptr_t)pool);
  ut_out_info(d, 4, idx++);

  // the calling thread allocates in region 0; pstack/pbase stay as they were
  out_int("pool_main_avail", 0, (int)mj_stackBytesAvailable(d));
  mj_markStack(d);
  mjtNum* a = mj_stackAllocNum(d, 7);
  int* b = mj_stackAllocInt(d, 5);
  void* c = mj_stackAllocByte(d, 33, 64);
  void* z = mj_stackAllocByte(d, 0, 8);
  int mv[8] = {(int)ut_off(d, (uintptr_t)a), (int)ut_off(d, (uintptr_t)b),
               (int)ut_off(d, (uintptr_t)c), z == NULL, (int)d->pstack,
               (int)ut_off(d, d->pbase), (int)d->maxuse_threadstack[0],
               (int)mj_stackBytesAvailable(d)};
  out_ints("pool_main_alloc", 0, mv, 8);
  ut_out_info(d, 4, idx++);
  mj_freeStack(d);
  out_int("pool_main_avail", 1, (int)mj_stackBytesAvailable(d));
  // freeing the frame made before binding
  mj_freeStack(d);
  out_int("pool_main_avail", 2, (int)mj_stackBytesAvailable(d));
  mj_freeStack(d);
  out_int("pool_main_avail", 3, (int)mj_stackBytesAvailable(d));
  ut_out_info(d, 4, idx++);

  // workers allocate in their own regions
  static ut_stackjob jobs[64];
  static mjTask tasks[64];
  for (int i = 0; i < 64; i++) {
    jobs[i] = (ut_stackjob){.d = d, .pool = pool, .n = 1 + (i % 16) * 20};
    mju_defaultTask(&tasks[i]);
    tasks[i].func = ut_stack_func;
    tasks[i].args = &jobs[i];
    mju_threadPoolEnqueue(pool, &tasks[i]);
  }
  int wok = 0;
  for (int i = 0; i < 64; i++) {
    mju_taskJoin(&tasks[i]);
    ut_stackjob* j = &jobs[i];
    wok += j->worker >= 1 && j->worker <= 3;
    ut_stackinfo* s = ut_info(d, 4, j->worker);
    long v[7] = {(long)j->avail0, (long)(j->avail0 - j->avail1), (long)(j->avail0 - j->avail2),
                 (long)j->avail3, (long)(s->bottom - j->ptr), j->arena_ptr != NULL,
                 (long)j->sum};
    out_ints("pool_worker_stack", i,
             (int[]){(int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], (int)v[5], (int)v[6]},
             7);
  }
  out_int("pool_worker_ids", 0, wok);
  mjtSize maxw = 0;
  int nonzero = 0;
  for (int k = 1; k <= 3; k++) {
    if (d->maxuse_threadstack[k] > maxw) maxw = d->maxuse_threadstack[k];
  }
  for (int k = 4; k < mjMAXTHREAD; k++) nonzero += d->maxuse_threadstack[k] != 0;
  int sv[6] = {(int)d->maxuse_threadstack[0], (int)maxw, nonzero, (int)d->parena,
               (int)d->maxuse_arena, (int)d->maxuse_stack};
  out_ints("pool_maxuse", 0, sv, 6);
  ut_out_info(d, 4, idx++);

  // errors: overflow of a region, binding twice, a pool that was never bound, a small arena
  mju_user_error = ut_error_handler;
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mj_stackAllocByte(d, 20000, 8);
  }
  ut_out_cstr("pool_err", 0, ut_errmsg);
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mj_stackAllocByte(d, 8000, 8);
  }
  ut_out_cstr("pool_err", 1, ut_errmsg);
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mju_bindThreadPool(d, pool);
  }
  ut_out_cstr("pool_err", 2, ut_errmsg);
  out_int("pool_err_bound", 2, d->threadpool == (uintptr_t)pool);

  mjThreadPool* unbound = mju_threadPoolCreate(1);
  mjData* d2 = ut_fake_data(4096);
  d2->threadpool = (uintptr_t)unbound;
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mj_stackBytesAvailable(d2);
  }
  ut_out_cstr("pool_err", 3, ut_errmsg);
  d2->threadpool = 0;
  ut_free_data(d2);
  mju_threadPoolDestroy(unbound);

  mjThreadPool* p4 = mju_threadPoolCreate(4);
  mjData* d3 = ut_fake_data(600);
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mju_bindThreadPool(d3, p4);
  }
  ut_out_cstr("pool_err", 4, ut_errmsg);
  d3->threadpool = 0;
  ut_free_data(d3);

  // stack in use beyond the calling thread's region
  mjData* d4 = ut_fake_data(8192);
  mj_markStack(d4);
  mj_stackAllocByte(d4, 3000, 8);
  ut_errmsg[0] = 0;
  if (!setjmp(ut_jmp)) {
    mju_bindThreadPool(d4, p4);
  }
  ut_errmsg[60] = 0;  // the rest holds addresses
  ut_out_cstr("pool_err", 5, ut_errmsg);
  d4->threadpool = 0;
  ut_free_data(d4);
  mju_threadPoolDestroy(p4);
  mju_user_error = NULL;

  // a bound pool with a single worker and a reset-like reuse of the same arena
  d->threadpool = 0;
  mju_threadPoolDestroy(pool);
  mjData* d5 = ut_fake_data(1 << 14);
  mjThreadPool* p1 = mju_threadPoolCreate(1);
  mju_bindThreadPool(d5, p1);
  ut_out_info(d5, 2, idx++);
  ut_stackjob one = {.d = d5, .pool = p1, .n = 100};
  mjTask ot;
  mju_defaultTask(&ot);
  ot.func = ut_stack_func;
  ot.args = &one;
  mju_threadPoolEnqueue(p1, &ot);
  mju_taskJoin(&ot);
  ut_stackinfo* s = ut_info(d5, 2, 1);
  long ov[6] = {(long)one.worker, (long)one.avail0, (long)(one.avail0 - one.avail2),
                (long)(s->bottom - one.ptr), (long)d5->maxuse_threadstack[1], (long)one.sum};
  out_ints("pool_single", 0, (int[]){(int)ov[0], (int)ov[1], (int)ov[2], (int)ov[3], (int)ov[4],
                                     (int)ov[5]}, 6);
  d5->threadpool = 0;
  mju_threadPoolDestroy(p1);
  ut_free_data(d5);
  ut_free_data(d);
}

static void test_util(void) {
  ut_test_types();
  ut_test_strncpy();
  ut_test_numbytes();
  ut_test_warningtext();
  ut_test_condata();
  ut_test_base64();
  ut_test_print();
  ut_test_mjwarning();
  ut_test_resources();
  ut_test_pool_basic();
  ut_test_pool_stack();
}
