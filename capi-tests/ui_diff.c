// The UI definition functions of two libraries in one process: ui_diff REF.so OURS.so.
// mjui_themeSpacing / mjui_themeColor for every index, then mjui_add and mjui_addToSection with
// a definition list covering every item type (as upstream's simulate builds its panels); the
// resulting mjUI structs must be byte-equal.
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

typedef mjuiThemeSpacing (*tSpacing)(int);
typedef mjuiThemeColor (*tColor)(int);
typedef void (*tAdd)(mjUI*, const mjuiDef*);
typedef void (*tAddTo)(mjUI*, int, const mjuiDef*);

static int ival[10];
static mjtByte bval[4];
static mjtNum nval[10];
static float fval[10];
static char tval[300];

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: ui_diff REF.so OURS.so\n"); return 2; }
  void* lib[2];
  tSpacing sp[2]; tColor co[2]; tAdd add[2]; tAddTo addto[2];
  for (int k = 0; k < 2; k++) {
    lib[k] = dlopen(argv[1+k], RTLD_NOW | RTLD_LOCAL);
    if (!lib[k]) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    sp[k] = (tSpacing)dlsym(lib[k], "mjui_themeSpacing");
    co[k] = (tColor)dlsym(lib[k], "mjui_themeColor");
    add[k] = (tAdd)dlsym(lib[k], "mjui_add");
    addto[k] = (tAddTo)dlsym(lib[k], "mjui_addToSection");
    if (!sp[k] || !co[k] || !add[k] || !addto[k]) { fprintf(stderr, "missing symbol\n"); return 2; }
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
  printf("ui: %d checks, %d failed (sections %d, items %d %d %d %d)\n", checks, fails, ui[1].nsect,
         ui[1].sect[0].nitem, ui[1].sect[1].nitem, ui[1].sect[2].nitem, ui[1].sect[3].nitem);
  return fails ? 1 : 0;
}
