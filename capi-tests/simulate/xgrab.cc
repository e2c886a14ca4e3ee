// Saves the largest mapped top-level window of the X display in $DISPLAY (the whole screen when
// there is none) as a PNG: xgrab OUT.png. For simulate_run.sh under Xvfb, where no window
// manager runs and the viewer's window is a direct child of the root. Prints the window's
// position and size (x y width height). Xlib and lodepng.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <algorithm>
#include <cstdio>
#include <vector>
#include "lodepng.h"

static int shift_of(unsigned long mask) {
  int s = 0;
  while (mask && !(mask & 1)) { mask >>= 1; s++; }
  return s;
}

int main(int argc, char** argv) {
  if (argc != 2) { std::fprintf(stderr, "usage: xgrab OUT.png\n"); return 2; }
  Display* dpy = XOpenDisplay(nullptr);
  if (!dpy) { std::fprintf(stderr, "xgrab: cannot open display\n"); return 1; }
  Window root = DefaultRootWindow(dpy);
  XWindowAttributes attr;
  XGetWindowAttributes(dpy, root, &attr);
  int x0 = 0, y0 = 0, w = attr.width, h = attr.height;
  Window r, parent, *kids = nullptr;
  unsigned nkids = 0;
  if (XQueryTree(dpy, root, &r, &parent, &kids, &nkids)) {
    long best = 0;
    for (unsigned i = 0; i < nkids; i++) {
      XWindowAttributes a;
      if (!XGetWindowAttributes(dpy, kids[i], &a) || a.map_state != IsViewable) continue;
      // clip to the screen
      int cx0 = std::max(a.x, 0), cy0 = std::max(a.y, 0);
      int cx1 = std::min(a.x + a.width, attr.width), cy1 = std::min(a.y + a.height, attr.height);
      long area = (long)std::max(cx1 - cx0, 0) * std::max(cy1 - cy0, 0);
      if (area > best) { best = area; x0 = cx0; y0 = cy0; w = cx1 - cx0; h = cy1 - cy0; }
    }
    if (kids) XFree(kids);
  }
  attr.width = w; attr.height = h;
  XImage* img = XGetImage(dpy, root, x0, y0, w, h, AllPlanes, ZPixmap);
  if (!img) { std::fprintf(stderr, "xgrab: XGetImage failed\n"); return 1; }
  int rs = shift_of(img->red_mask), gs = shift_of(img->green_mask), bs = shift_of(img->blue_mask);
  std::vector<unsigned char> rgb(3 * (size_t)attr.width * attr.height);
  for (int y = 0; y < attr.height; y++) {
    for (int x = 0; x < attr.width; x++) {
      unsigned long p = XGetPixel(img, x, y);
      unsigned char* o = &rgb[3 * ((size_t)y * attr.width + x)];
      o[0] = (p & img->red_mask) >> rs;
      o[1] = (p & img->green_mask) >> gs;
      o[2] = (p & img->blue_mask) >> bs;
    }
  }
  XDestroyImage(img);
  XCloseDisplay(dpy);
  std::printf("%d %d %d %d\n", x0, y0, w, h);  // where the window is, for input events
  unsigned err = lodepng::encode(argv[1], rgb, attr.width, attr.height, LCT_RGB);
  if (err) { std::fprintf(stderr, "xgrab: %s\n", lodepng_error_text(err)); return 1; }
  return 0;
}
