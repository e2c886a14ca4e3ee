// Prints every default value and exported name table, so that the output of upstream's library
// and of ours can be diffed:
//   gcc defaults_diff.c -I<include> -L<lib> -lmujoco -o dd && LD_LIBRARY_PATH=<lib> ./dd > out.txt
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#define PD(name, x) printf("%s = %.17g\n", name, (double)(x))
#define PI(name, x) printf("%s = %d\n", name, (int)(x))
#define PVEC(name, arr, n)                                        \
  do {                                                            \
    for (int _i = 0; _i < (n); _i++) {                            \
      printf("%s[%d] = %.17g\n", name, _i, (double)(arr)[_i]);    \
    }                                                             \
  } while (0)

static void print_bytes(const char* name, const void* p, size_t n) {
  const unsigned char* b = (const unsigned char*)p;
  printf("%s bytes:", name);
  for (size_t i = 0; i < n; i++) printf(" %02x", b[i]);
  printf("\n");
}

static void print_option(void) {
  mjOption o;
  memset(&o, 0xA5, sizeof(o));
  mj_defaultOption(&o);
  PD("opt.timestep", o.timestep);
  PD("opt.impratio", o.impratio);
  PD("opt.tolerance", o.tolerance);
  PD("opt.ls_tolerance", o.ls_tolerance);
  PD("opt.noslip_tolerance", o.noslip_tolerance);
  PD("opt.ccd_tolerance", o.ccd_tolerance);
  PD("opt.sleep_tolerance", o.sleep_tolerance);
  PVEC("opt.gravity", o.gravity, 3);
  PVEC("opt.wind", o.wind, 3);
  PVEC("opt.magnetic", o.magnetic, 3);
  PD("opt.density", o.density);
  PD("opt.viscosity", o.viscosity);
  PD("opt.o_margin", o.o_margin);
  PVEC("opt.o_solref", o.o_solref, mjNREF);
  PVEC("opt.o_solimp", o.o_solimp, mjNIMP);
  PVEC("opt.o_friction", o.o_friction, 5);
  PI("opt.integrator", o.integrator);
  PI("opt.cone", o.cone);
  PI("opt.jacobian", o.jacobian);
  PI("opt.solver", o.solver);
  PI("opt.iterations", o.iterations);
  PI("opt.ls_iterations", o.ls_iterations);
  PI("opt.noslip_iterations", o.noslip_iterations);
  PI("opt.ccd_iterations", o.ccd_iterations);
  PI("opt.disableflags", o.disableflags);
  PI("opt.enableflags", o.enableflags);
  PI("opt.disableactuator", o.disableactuator);
  PI("opt.sdf_initpoints", o.sdf_initpoints);
  PI("opt.sdf_iterations", o.sdf_iterations);
  PI("sizeof(mjOption)", sizeof(o));
  print_bytes("opt", &o, sizeof(o));
}

static void print_visual(void) {
  mjVisual v;
  memset(&v, 0, sizeof(v));
  mj_defaultVisual(&v);

  PI("vis.global.cameraid", v.global.cameraid);
  PI("vis.global.orthographic", v.global.orthographic);
  PD("vis.global.fovy", v.global.fovy);
  PD("vis.global.ipd", v.global.ipd);
  PD("vis.global.azimuth", v.global.azimuth);
  PD("vis.global.elevation", v.global.elevation);
  PD("vis.global.linewidth", v.global.linewidth);
  PD("vis.global.glow", v.global.glow);
  PD("vis.global.realtime", v.global.realtime);
  PI("vis.global.offwidth", v.global.offwidth);
  PI("vis.global.offheight", v.global.offheight);
  PI("vis.global.ellipsoidinertia", v.global.ellipsoidinertia);
  PI("vis.global.bvactive", v.global.bvactive);

  PI("vis.quality.shadowsize", v.quality.shadowsize);
  PI("vis.quality.offsamples", v.quality.offsamples);
  PI("vis.quality.numslices", v.quality.numslices);
  PI("vis.quality.numstacks", v.quality.numstacks);
  PI("vis.quality.numquads", v.quality.numquads);

  PVEC("vis.headlight.ambient", v.headlight.ambient, 3);
  PVEC("vis.headlight.diffuse", v.headlight.diffuse, 3);
  PVEC("vis.headlight.specular", v.headlight.specular, 3);
  PI("vis.headlight.active", v.headlight.active);

  PD("vis.map.stiffness", v.map.stiffness);
  PD("vis.map.stiffnessrot", v.map.stiffnessrot);
  PD("vis.map.force", v.map.force);
  PD("vis.map.torque", v.map.torque);
  PD("vis.map.alpha", v.map.alpha);
  PD("vis.map.fogstart", v.map.fogstart);
  PD("vis.map.fogend", v.map.fogend);
  PD("vis.map.znear", v.map.znear);
  PD("vis.map.zfar", v.map.zfar);
  PD("vis.map.haze", v.map.haze);
  PD("vis.map.shadowclip", v.map.shadowclip);
  PD("vis.map.shadowscale", v.map.shadowscale);
  PD("vis.map.actuatortendon", v.map.actuatortendon);

  PD("vis.scale.forcewidth", v.scale.forcewidth);
  PD("vis.scale.contactwidth", v.scale.contactwidth);
  PD("vis.scale.contactheight", v.scale.contactheight);
  PD("vis.scale.connect", v.scale.connect);
  PD("vis.scale.com", v.scale.com);
  PD("vis.scale.camera", v.scale.camera);
  PD("vis.scale.light", v.scale.light);
  PD("vis.scale.selectpoint", v.scale.selectpoint);
  PD("vis.scale.jointlength", v.scale.jointlength);
  PD("vis.scale.jointwidth", v.scale.jointwidth);
  PD("vis.scale.actuatorlength", v.scale.actuatorlength);
  PD("vis.scale.actuatorwidth", v.scale.actuatorwidth);
  PD("vis.scale.framelength", v.scale.framelength);
  PD("vis.scale.framewidth", v.scale.framewidth);
  PD("vis.scale.constraint", v.scale.constraint);
  PD("vis.scale.slidercrank", v.scale.slidercrank);
  PD("vis.scale.frustum", v.scale.frustum);

  PVEC("vis.rgba.fog", v.rgba.fog, 4);
  PVEC("vis.rgba.haze", v.rgba.haze, 4);
  PVEC("vis.rgba.force", v.rgba.force, 4);
  PVEC("vis.rgba.inertia", v.rgba.inertia, 4);
  PVEC("vis.rgba.joint", v.rgba.joint, 4);
  PVEC("vis.rgba.actuator", v.rgba.actuator, 4);
  PVEC("vis.rgba.actuatornegative", v.rgba.actuatornegative, 4);
  PVEC("vis.rgba.actuatorpositive", v.rgba.actuatorpositive, 4);
  PVEC("vis.rgba.com", v.rgba.com, 4);
  PVEC("vis.rgba.camera", v.rgba.camera, 4);
  PVEC("vis.rgba.light", v.rgba.light, 4);
  PVEC("vis.rgba.selectpoint", v.rgba.selectpoint, 4);
  PVEC("vis.rgba.connect", v.rgba.connect, 4);
  PVEC("vis.rgba.contactpoint", v.rgba.contactpoint, 4);
  PVEC("vis.rgba.contactforce", v.rgba.contactforce, 4);
  PVEC("vis.rgba.contactfriction", v.rgba.contactfriction, 4);
  PVEC("vis.rgba.contacttorque", v.rgba.contacttorque, 4);
  PVEC("vis.rgba.contactgap", v.rgba.contactgap, 4);
  PVEC("vis.rgba.rangefinder", v.rgba.rangefinder, 4);
  PVEC("vis.rgba.constraint", v.rgba.constraint, 4);
  PVEC("vis.rgba.slidercrank", v.rgba.slidercrank, 4);
  PVEC("vis.rgba.crankbroken", v.rgba.crankbroken, 4);
  PVEC("vis.rgba.frustum", v.rgba.frustum, 4);
  PVEC("vis.rgba.bv", v.rgba.bv, 4);
  PVEC("vis.rgba.bvactive", v.rgba.bvactive, 4);
  PI("sizeof(mjVisual)", sizeof(v));
  print_bytes("vis", &v, sizeof(v));
}

static void print_lropt(void) {
  mjLROpt l;
  memset(&l, 0, sizeof(l));
  mj_defaultLROpt(&l);
  PI("lropt.mode", l.mode);
  PI("lropt.useexisting", l.useexisting);
  PI("lropt.uselimit", l.uselimit);
  PD("lropt.accel", l.accel);
  PD("lropt.maxforce", l.maxforce);
  PD("lropt.timeconst", l.timeconst);
  PD("lropt.timestep", l.timestep);
  PD("lropt.inttotal", l.inttotal);
  PD("lropt.interval", l.interval);
  PD("lropt.tolrange", l.tolrange);
}

static void print_solrefimp(void) {
  mjtNum ref[mjNREF] = {-7, -7}, imp[mjNIMP] = {-7, -7, -7, -7, -7};
  mj_defaultSolRefImp(ref, imp);
  PVEC("solref", ref, mjNREF);
  PVEC("solimp", imp, mjNIMP);

  // one side only; the other stays untouched
  mjtNum ref2[mjNREF] = {-7, -7}, imp2[mjNIMP] = {-7, -7, -7, -7, -7};
  mj_defaultSolRefImp(ref2, NULL);
  mj_defaultSolRefImp(NULL, NULL);
  PVEC("solref_only.ref", ref2, mjNREF);
  PVEC("solref_only.imp", imp2, mjNIMP);
  mj_defaultSolRefImp(NULL, imp2);
  PVEC("solimp_only.imp", imp2, mjNIMP);
}

static void print_table(const char* name, const char** t, int n) {
  for (int i = 0; i < n; i++) {
    printf("%s[%d] = \"%s\"\n", name, i, t[i]);
  }
}

static void print_table3(const char* name, const char* (*t)[3], int n) {
  for (int i = 0; i < n; i++) {
    printf("%s[%d] = {\"%s\", \"%s\", \"%s\"}\n", name, i, t[i][0], t[i][1], t[i][2]);
  }
}

int main(void) {
  PI("mj_version", mj_version());
  printf("mj_versionString = \"%s\"\n", mj_versionString());
  PI("mjVERSION_HEADER", mjVERSION_HEADER);
  print_option();
  print_visual();
  print_lropt();
  print_solrefimp();
  print_table("mjDISABLESTRING", mjDISABLESTRING, mjNDISABLE);
  print_table("mjENABLESTRING", mjENABLESTRING, mjNENABLE);
  print_table("mjTIMERSTRING", mjTIMERSTRING, mjNTIMER);
  print_table("mjLABELSTRING", mjLABELSTRING, mjNLABEL);
  print_table("mjFRAMESTRING", mjFRAMESTRING, mjNFRAME);
  print_table3("mjVISSTRING", mjVISSTRING, mjNVISFLAG);
  print_table3("mjRNDSTRING", mjRNDSTRING, mjNRNDFLAG);
  return 0;
}
