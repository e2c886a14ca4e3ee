// Compares two RGB screenshots of the same size: pngdiff A.png B.png [DIFF.png]
// Prints the number of pixels that differ at all, those off by more than 2 levels in some
// channel, the largest channel difference and the bounding box of the differing pixels; writes
// DIFF.png (A dimmed, differing pixels red) when asked. Exit status 0 when the images have the
// same size, 2 on a read error.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "lodepng.h"

int main(int argc, char** argv) {
  if (argc < 3) { std::fprintf(stderr, "usage: pngdiff A.png B.png [DIFF.png]\n"); return 2; }
  std::vector<unsigned char> a, b;
  unsigned wa, ha, wb, hb;
  if (unsigned e = lodepng::decode(a, wa, ha, argv[1], LCT_RGB)) {
    std::fprintf(stderr, "pngdiff: %s: %s\n", argv[1], lodepng_error_text(e)); return 2;
  }
  if (unsigned e = lodepng::decode(b, wb, hb, argv[2], LCT_RGB)) {
    std::fprintf(stderr, "pngdiff: %s: %s\n", argv[2], lodepng_error_text(e)); return 2;
  }
  if (wa != wb || ha != hb) {
    std::printf("size differs: %ux%u vs %ux%u\n", wa, ha, wb, hb); return 1;
  }
  size_t any = 0, big = 0; int maxd = 0;
  unsigned x0 = wa, y0 = ha, x1 = 0, y1 = 0;
  std::vector<unsigned char> d(a.size());
  for (unsigned y = 0; y < ha; y++) {
    for (unsigned x = 0; x < wa; x++) {
      size_t i = 3 * ((size_t)y * wa + x);
      int m = 0;
      for (int c = 0; c < 3; c++) m = std::max(m, std::abs((int)a[i + c] - (int)b[i + c]));
      if (m) {
        any++; if (m > 2) big++; maxd = std::max(maxd, m);
        x0 = std::min(x0, x); y0 = std::min(y0, y); x1 = std::max(x1, x); y1 = std::max(y1, y);
        d[i] = 255; d[i + 1] = 0; d[i + 2] = 0;
      } else {
        for (int c = 0; c < 3; c++) d[i + c] = a[i + c] / 3;
      }
    }
  }
  std::printf("%ux%u pixels: %zu differ (%.4f%%), %zu by more than 2 levels, max difference %d",
              wa, ha, any, 100.0 * any / ((double)wa * ha), big, maxd);
  if (any) std::printf(", box x %u..%u y %u..%u", x0, x1, y0, y1);
  std::printf("\n");
  if (argc > 3) {
    if (unsigned e = lodepng::encode(argv[3], d, wa, ha, LCT_RGB)) {
      std::fprintf(stderr, "pngdiff: %s\n", lodepng_error_text(e)); return 2;
    }
  }
  return 0;
}
