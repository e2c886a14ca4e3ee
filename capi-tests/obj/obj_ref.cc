// Reference dumper: parses each OBJ file given on the command line with
// tinyobjloader (the commit MuJoCo 3.4.0 pins), called the way MuJoCo calls it,
// and prints the result in the format obj_dump.rs prints.
// Build: g++ -O2 -std=c++17 -I<dir of tiny_obj_loader.h> obj_ref.cc -o obj_ref
#define TINYOBJLOADER_IMPLEMENTATION
#include "tiny_obj_loader.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static void dump_floats(const char* tag, const std::vector<float>& a) {
  std::printf("%s %zu\n", tag, a.size());
  for (size_t i = 0; i < a.size(); i++) {
    uint32_t b;
    std::memcpy(&b, &a[i], 4);
    std::printf("%08x%c", b, (i + 1 == a.size() || i % 8 == 7) ? '\n' : ' ');
  }
}

int main(int argc, char** argv) {
  for (int k = 1; k < argc; k++) {
    std::ifstream f(argv[k], std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    std::string buf = ss.str();
    std::printf("=== %s\n", argv[k]);

    tinyobj::ObjReader objReader;
    objReader.ParseFromString(std::string(buf.data(), buf.size()), std::string());
    if (!objReader.Valid()) {
      std::printf("valid 0\n");
      continue;
    }
    std::printf("valid 1\n");
    const tinyobj::attrib_t& at = objReader.GetAttrib();
    dump_floats("v", at.vertices);
    dump_floats("vn", at.normals);
    dump_floats("vt", at.texcoords);
    const auto& shapes = objReader.GetShapes();
    if (shapes.empty()) {
      std::printf("shape0 none\n");
      continue;
    }
    const auto& mesh = shapes[0].mesh;
    std::printf("shape0 %zu %zu\n", mesh.indices.size(), mesh.num_face_vertices.size());
    for (size_t i = 0; i < mesh.indices.size(); i++) {
      const auto& ix = mesh.indices[i];
      std::printf("%d/%d/%d%c", ix.vertex_index, ix.normal_index, ix.texcoord_index,
                  (i + 1 == mesh.indices.size() || i % 9 == 8) ? '\n' : ' ');
    }
    for (size_t i = 0; i < mesh.num_face_vertices.size(); i++) {
      std::printf("%u%c", (unsigned)mesh.num_face_vertices[i],
                  (i + 1 == mesh.num_face_vertices.size() || i % 24 == 23) ? '\n' : ' ');
    }
  }
  return 0;
}
