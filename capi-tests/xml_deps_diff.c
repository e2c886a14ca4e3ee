// Prints what mju_getXMLDependencies lists for each file named on the command line, so that the
// output of upstream's library and ours can be diffed (xml_deps_diff.sh).
//
// mjStringVec is std::vector<std::string> of the C++ standard library upstream's binary is built
// with (libc++): a vector is three pointers (begin, end, end of storage) to 24-byte strings. A
// string is "long" when bit 0 of its first byte is set: then word 0 is the allocation size | 1,
// word 1 the length, word 2 the heap pointer; otherwise byte 0 is length << 1 and the characters
// follow inline from byte 1. Storage comes from operator new, i.e. malloc.
//
//   xml_deps_diff FILE...        list the dependencies of each file (one vector reused)
//   xml_deps_diff -e FILE        same in a child process with an error handler that prints
//                                (FILE "(null)": a NULL file name)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mujoco/mujoco.h>

typedef struct {
  unsigned char* begin;
  unsigned char* end;
  unsigned char* cap;
} Vec;

static void str_view(const unsigned char* s, const char** data, size_t* len, int* is_long,
                     size_t* alloc) {
  if (s[0] & 1) {
    uint64_t w[3];
    memcpy(w, s, sizeof(w));
    *is_long = 1;
    *alloc = (size_t)(w[0] & ~(uint64_t)1);
    *len = (size_t)w[1];
    *data = (const char*)(uintptr_t)w[2];
  } else {
    *is_long = 0;
    *alloc = 0;
    *len = s[0] >> 1;
    *data = (const char*)s + 1;
  }
}

static void print_vec(const Vec* v) {
  size_t n = (size_t)(v->end - v->begin) / 24;
  size_t cap = (size_t)(v->cap - v->begin) / 24;
  printf("count %zu capacity %zu\n", n, cap);
  for (size_t i = 0; i < n; i++) {
    const char* data;
    size_t len, alloc;
    int is_long;
    str_view(v->begin + 24 * i, &data, &len, &is_long, &alloc);
    int terminated = data[len] == 0 && strlen(data) == len;
    printf("  [%zu] '%.*s' len %zu %s", i, (int)len, data, len, is_long ? "long" : "short");
    if (is_long) printf(" alloc %zu", alloc);
    printf("%s\n", terminated ? "" : " NOT-TERMINATED");
  }
}

static void free_vec(Vec* v) {
  size_t n = (size_t)(v->end - v->begin) / 24;
  for (size_t i = 0; i < n; i++) {
    const char* data;
    size_t len, alloc;
    int is_long;
    str_view(v->begin + 24 * i, &data, &len, &is_long, &alloc);
    if (is_long) free((void*)data);
  }
  free(v->begin);
  memset(v, 0, sizeof(*v));
}

static void on_error(const char* msg) {
  printf("error: %s\n", msg);
  fflush(stdout);
  _exit(0);
}

int main(int argc, char** argv) {
  if (argc > 2 && !strcmp(argv[1], "-e")) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      mju_user_error = on_error;
      Vec v = {0};
      // "(null)" stands for a NULL file name
      mju_getXMLDependencies(strcmp(argv[2], "(null)") ? argv[2] : NULL, (mjStringVec*)&v);
      printf("no error\n");
      print_vec(&v);
      fflush(stdout);
      _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    printf("child exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 0;
  }

  // one vector for all files: each call must release and replace the previous contents
  Vec v = {0};
  for (int i = 1; i < argc; i++) {
    printf("== %s\n", argv[i]);
    mju_getXMLDependencies(argv[i], (mjStringVec*)&v);
    print_vec(&v);
  }
  free_vec(&v);
  return 0;
}
