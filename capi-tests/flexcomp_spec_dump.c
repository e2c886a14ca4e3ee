// The library keeps vectors and strings as libc++ std::vector / std::string (linked in
// statically); the flex arrays are read through that layout.
// Parses an MJCF file with upstream's mj_parseXML (no compilation) and prints the parts of the
// spec that <flexcomp> creates: bodies, joints, geoms, flexes, equalities, in the line format
// that the Rust test xml::flexcomp::tests::dump prints for our reader's Spec.
//   flexcomp_spec_dump IN.xml
#include <stdio.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char* nm(mjsElement* e) { return e ? mjs_getString(mjs_getName(e)) : "-"; }

typedef struct { char* b; char* e; char* c; } vec_t;
static int vlen(const void* v, int sz) { const vec_t* x = v; return (int)((x->e - x->b) / sz); }
static const void* vdat(const void* v) { return ((const vec_t*)v)->b; }
static void pstr(const char* p) {  // libc++ std::string
  if (p[0] & 1) printf(" %.*s", (int)*(size_t*)(p + 8), *(char**)(p + 16));
  else printf(" %.*s", (int)((unsigned char)p[0] >> 1), p + 1);
}
static void psv(const char* tag, const void* v) {
  printf("  %s", tag);
  for (int i = 0; i < vlen(v, 24); i++) pstr((const char*)vdat(v) + 24*i);
  printf("\n");
}
static void piv(const char* tag, const void* v) {
  printf("  %s", tag);
  for (int i = 0; i < vlen(v, 4); i++) printf(" %d", ((const int*)vdat(v))[i]);
  printf("\n");
}

static void pd(const char* tag, const double* v, int n) {
  printf(" %s", tag);
  for (int i = 0; i < n; i++) printf(" %.17g", v[i]);
}
static void pf(const char* tag, const float* v, int n) {
  printf(" %s", tag);
  for (int i = 0; i < n; i++) printf(" %.9g", v[i]);
}

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s IN.xml\n", argv[0]); return 2; }
  char err[1000] = "";
  mjSpec* s = mj_parseXML(argv[1], NULL, err, sizeof(err));
  if (!s) { printf("error %s\n", err); return 0; }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_BODY); e; e = mjs_nextElement(s, e)) {
    mjsBody* b = mjs_asBody(e);
    int world = !strcmp(nm(e), "world");
    mjsBody* p = world ? NULL : mjs_getParent(e);
    mjsDefault* d = world ? NULL : mjs_getDefault(e);
    printf("body %s parent=%s class=%s", nm(e), p ? nm(p->element) : "-", d ? nm(d->element) : "-");
    pd("pos", b->pos, 3); pd("quat", b->quat, 4); pd("mass", &b->mass, 1);
    pd("ipos", b->ipos, 3); pd("inertia", b->inertia, 3);
    printf(" explicit %d\n", b->explicitinertial);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_JOINT); e; e = mjs_nextElement(s, e)) {
    mjsJoint* j = mjs_asJoint(e);
    printf("joint %s body=%s type %d", nm(e), nm(mjs_getParent(e)->element), j->type);
    pd("pos", j->pos, 3); pd("axis", j->axis, 3); pd("damping", &j->damping, 1);
    pd("stiffness", &j->stiffness, 1); pd("armature", &j->armature, 1);
    printf(" group %d\n", j->group);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_GEOM); e; e = mjs_nextElement(s, e)) {
    mjsGeom* g = mjs_asGeom(e);
    printf("geom %s body=%s type %d", nm(e), nm(mjs_getParent(e)->element), g->type);
    pd("size", g->size, 3); pd("pos", g->pos, 3);
    printf(" group %d contype %d conaffinity %d condim %d", g->group, g->contype, g->conaffinity,
           g->condim);
    pf("rgba", g->rgba, 4); printf("\n");
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_EQUALITY); e; e = mjs_nextElement(s, e)) {
    mjsEquality* q = mjs_asEquality(e);
    printf("equality %s type %d active %d objtype %d name1 '%s' name2 '%s'", nm(e), q->type,
           q->active, q->objtype, mjs_getString(q->name1), mjs_getString(q->name2));
    pd("solref", q->solref, mjNREF); pd("solimp", q->solimp, mjNIMP); pd("data", q->data, mjNEQDATA);
    printf("\n");
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_FLEX); e; e = mjs_nextElement(s, e)) {
    mjsFlex* f = mjs_asFlex(e);
    printf("flex %s contype %d conaffinity %d condim %d priority %d", nm(e), f->contype,
           f->conaffinity, f->condim, f->priority);
    pd("friction", f->friction, 3); pd("solmix", &f->solmix, 1); pd("solref", f->solref, mjNREF);
    pd("solimp", f->solimp, mjNIMP); pd("margin", &f->margin, 1); pd("gap", &f->gap, 1);
    printf(" dim %d", f->dim); pd("radius", &f->radius, 1);
    printf(" internal %d flatskin %d selfcollide %d vertcollide %d passive %d activelayers %d"
           " group %d", f->internal, f->flatskin, f->selfcollide, f->vertcollide, f->passive,
           f->activelayers, f->group);
    pd("edgestiffness", &f->edgestiffness, 1); pd("edgedamping", &f->edgedamping, 1);
    pf("rgba", f->rgba, 4); printf(" material '%s'", mjs_getString(f->material));
    pd("young", &f->young, 1); pd("poisson", &f->poisson, 1); pd("damping", &f->damping, 1);
    pd("thickness", &f->thickness, 1); printf(" elastic2d %d\n", f->elastic2d);
    psv("nodebody", f->nodebody);
    psv("vertbody", f->vertbody);
    printf(" "); pd("node", vdat(f->node), vlen(f->node, 8)); printf("\n");
    printf(" "); pd("vert", vdat(f->vert), vlen(f->vert, 8)); printf("\n");
    piv("elem", f->elem);
    printf(" "); pf("texcoord", vdat(f->texcoord), vlen(f->texcoord, 4)); printf("\n");
    piv("elemtexcoord", f->elemtexcoord);
  }
  mj_deleteSpec(s);
  return 0;
}
