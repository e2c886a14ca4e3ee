// Exercises mj_defaultVFS / mj_addFileVFS / mj_addBufferVFS / mj_deleteFileVFS / mj_deleteVFS
// and prints every return code, so that runs against two libraries can be diffed.
// Usage: vfs_test [scratch-dir]   (default: ./vfs_test_scratch)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mujoco/mujoco.h>

static char dir[512];

static void put(const char* name, const char* text) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE* f = fopen(path, "wb");
  if (!f) { perror(path); exit(1); }
  fwrite(text, 1, strlen(text), f);
  fclose(f);
}

#define SHOW(expr) printf("%-70s -> %d\n", #expr, (expr))

int main(int argc, char** argv) {
  snprintf(dir, sizeof(dir), "%s", argc > 1 ? argv[1] : "vfs_test_scratch");
  mkdir(dir, 0777);
  char sub[600];
  snprintf(sub, sizeof(sub), "%s/Sub", dir);
  mkdir(sub, 0777);
  put("Model.XML", "<mujoco/>");
  put("mesh.stl", "solid x");
  put("empty.bin", "");
  put("Sub/Tex.PNG", "png");
  put("Sub/other.txt", "other");

  char abs[1024];
  char* cwd = realpath(dir, NULL);
  snprintf(abs, sizeof(abs), "%s/Sub/other.txt", cwd);
  free(cwd);

  mjVFS vfs;
  mj_defaultVFS(&vfs);

  // files from disk
  SHOW(mj_addFileVFS(&vfs, dir, "Model.XML"));
  SHOW(mj_addFileVFS(&vfs, dir, "model.xml"));         // same name after lower-casing
  SHOW(mj_addFileVFS(&vfs, dir, "./Sub/../MODEL.xml"));  // same after strip + lower
  SHOW(mj_addFileVFS(&vfs, dir, "missing.xml"));
  SHOW(mj_addFileVFS(&vfs, dir, "empty.bin"));
  SHOW(mj_addFileVFS(&vfs, dir, "Sub/Tex.PNG"));
  SHOW(mj_addFileVFS(&vfs, dir, "Sub\\Tex.PNG"));       // backslash: same stripped name
  SHOW(mj_addFileVFS(&vfs, sub, "../mesh.stl"));
  SHOW(mj_addFileVFS(&vfs, "/nonexistent/dir", abs));  // absolute name ignores the directory
  SHOW(mj_addFileVFS(&vfs, NULL, abs));
  SHOW(mj_addFileVFS(&vfs, NULL, "Sub"));              // directory, not a file
  SHOW(mj_addFileVFS(&vfs, dir, "Sub"));

  // buffers: names keep case and directory (after path reduction)
  const char data[] = "hello";
  SHOW(mj_addBufferVFS(&vfs, "buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "./buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "BUF.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "dir/Buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "dir/x/../Buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "dir\\Buf.txt", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "model.xml", data, 5));   // collides with the disk file
  SHOW(mj_addBufferVFS(&vfs, "Model.XML", data, 5));
  SHOW(mj_addBufferVFS(&vfs, "zero.bin", data, 0));
  SHOW(mj_addBufferVFS(&vfs, "zero.bin", data, 0));
  SHOW(mj_addBufferVFS(&vfs, "null.bin", NULL, 0));
  SHOW(mj_addBufferVFS(&vfs, "neg.bin", data, -1));
  SHOW(mj_addBufferVFS(&vfs, "neg.bin", data, 3));
  SHOW(mj_addBufferVFS(&vfs, "buf.txt", data, -1));    // repeated name wins over bad size
  SHOW(mj_addBufferVFS(&vfs, "", data, 1));
  SHOW(mj_addBufferVFS(&vfs, "", data, 1));
  SHOW(mj_addBufferVFS(&vfs, "/abs/p.txt", data, 2));
  SHOW(mj_addBufferVFS(&vfs, "/abs/./p.txt", data, 2));
  SHOW(mj_addBufferVFS(&vfs, "c:\\win\\..\\p.txt", data, 2));
  SHOW(mj_addBufferVFS(&vfs, "c:\\p.txt", data, 2));

  // deletes: stripped lower-case name first, then the reduced full name
  SHOW(mj_deleteFileVFS(&vfs, "some/dir/MODEL.XML"));
  SHOW(mj_deleteFileVFS(&vfs, "model.xml"));
  SHOW(mj_deleteFileVFS(&vfs, "BUF.TXT"));
  SHOW(mj_deleteFileVFS(&vfs, "buf.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "BUF.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "buf.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "dir/./Buf.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "dir/Buf.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "tex.png"));
  SHOW(mj_deleteFileVFS(&vfs, "x/y/OTHER.TXT"));
  SHOW(mj_deleteFileVFS(&vfs, "/abs/p.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "c:/p.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "c:\\p.txt"));
  SHOW(mj_deleteFileVFS(&vfs, ""));
  SHOW(mj_deleteFileVFS(&vfs, "zero.bin"));
  SHOW(mj_deleteFileVFS(&vfs, "missing"));

  // re-adding after delete works
  SHOW(mj_addFileVFS(&vfs, dir, "Model.XML"));
  SHOW(mj_addBufferVFS(&vfs, "buf.txt", data, 5));
  SHOW(mj_deleteFileVFS(&vfs, "buf.txt"));

  mj_deleteVFS(&vfs);

  // a fresh VFS after deletion
  mj_defaultVFS(&vfs);
  SHOW(mj_addBufferVFS(&vfs, "buf.txt", data, 5));
  SHOW(mj_deleteFileVFS(&vfs, "buf.txt"));
  SHOW(mj_deleteFileVFS(&vfs, "buf.txt"));
  mj_deleteVFS(&vfs);
  printf("done\n");
  return 0;
}
