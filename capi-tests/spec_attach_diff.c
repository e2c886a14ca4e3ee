// Attaching with the spec API, run on upstream's library and on ours (spec_diff.sh): bodies,
// frames and whole specs attached to frames, bodies and sites, within one spec and from
// another, the child specs a parent keeps, keyframes of nested attachments, namespaced default
// classes and assets, mjs_bodyToFrame of a body with mass, frame ids, and the XML written for
// frame classes and attached classes, and what <attach> shares with the spec API (repeated
// names, bodies already there, model assets shared by copies). The program prints what the API
// returns and saves every compiled model as MJB; the driver compares printouts and models.
//   spec_attach_diff OUTDIR [models...]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char* outdir;

static void save(mjModel* m, const char* name) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s.mjb", outdir, name);
  if (!m) {
    printf("%s: no model\n", name);
    return;
  }
  mj_saveModel(m, path, NULL, 0);
  printf("%s: nbody %d njnt %d ngeom %d nsite %d nu %d nsensor %d ntendon %d nkey %d nq %d nmesh %d\n", name,
         m->nbody, m->njnt, m->ngeom, m->nsite, m->nu, m->nsensor, m->ntendon, m->nkey, m->nq, m->nmesh);
  for (int i = 0; i < m->nkey; i++) {
    printf("  key %d '%s' time %g qpos", i, mj_id2name(m, mjOBJ_KEY, i), m->key_time[i]);
    for (int j = 0; j < m->nq; j++) printf(" %g", m->key_qpos[i * m->nq + j]);
    printf(" act");
    for (int j = 0; j < m->na; j++) printf(" %g", m->key_act[i * m->na + j]);
    printf(" ctrl");
    for (int j = 0; j < m->nu; j++) printf(" %g", m->key_ctrl[i * m->nu + j]);
    printf("\n");
  }
  mj_deleteModel(m);
}

static mjModel* compile(mjSpec* s, const mjVFS* vfs, const char* what) {
  mjModel* m = mj_compile(s, vfs);
  if (!m) printf("%s: compile error: %s\n", what, mjs_getError(s));
  return m;
}

static void on_warning(const char* msg) {
  printf("warning: %s\n", msg);
}

static const char* name_of(mjsElement* el) {
  return el ? mjs_getString(mjs_getName(el)) : "(null)";
}

static mjSpec* parse(const char* xml, const mjVFS* vfs) {
  char err[500] = "";
  mjSpec* s = mj_parseXMLString(xml, vfs, err, sizeof(err));
  if (!s) printf("parse error: %s\n", err);
  return s;
}

static const char* cube_obj =
    "v -1 -1  1\nv  1 -1  1\nv -1  1  1\nv  1  1  1\n"
    "v -1  1 -1\nv  1  1 -1\nv -1 -1 -1\nv  1 -1 -1\n";

static const char* child_xml =
    "<mujoco model='child'>"
    "  <default><default class='cylinder'><geom type='cylinder' size='.1 1 0'/></default></default>"
    "  <custom><numeric data='10' name='constant'/></custom>"
    "  <asset>"
    "    <texture name='texture' type='2d' builtin='checker' width='32' height='32'/>"
    "    <material name='material' texture='texture' texrepeat='1 1' texuniform='true'/>"
    "  </asset>"
    "  <worldbody>"
    "    <frame name='pframe' pos='0 0 .5'>"
    "      <frame name='cframe' euler='0 0 30'>"
    "        <body name='body'>"
    "          <joint type='hinge' name='hinge'/>"
    "          <geom class='cylinder' material='material'/>"
    "          <light mode='targetbody' target='targetbody'/>"
    "          <site name='site' material='material'/>"
    "          <body name='targetbody' pos='0 0 1'/>"
    "          <body/>"
    "        </body>"
    "      </frame>"
    "      <geom name='framegeom' size='.05' pos='1 0 0'/>"
    "    </frame>"
    "    <body name='ignore'><geom size='.1'/><joint type='slide'/></body>"
    "    <frame name='frame' pos='.1 0 0' euler='0 90 0'/>"
    "  </worldbody>"
    "  <sensor>"
    "    <framepos name='sensor' objtype='body' objname='body'/>"
    "    <framepos name='ignore' objtype='body' objname='ignore'/>"
    "  </sensor>"
    "  <tendon><fixed name='fixed'><joint joint='hinge' coef='2'/></fixed></tendon>"
    "  <actuator>"
    "    <position name='hinge' joint='hinge' timeconst='.01'/>"
    "    <position name='fixed' tendon='fixed' timeconst='.01'/>"
    "    <position name='site' site='site' timeconst='.01'/>"
    "  </actuator>"
    "  <contact><exclude body1='body' body2='targetbody'/></contact>"
    "  <keyframe>"
    "    <key name='two' time='2' qpos='2 22' act='1 2 3' ctrl='1 2 3'/>"
    "    <key name='three' time='3' qpos='3 33' act='4 5 6' ctrl='4 5 6'/>"
    "  </keyframe>"
    "</mujoco>";

static const char* parent_xml =
    "<mujoco model='parent'>"
    "  <default><default class='geom_size'><geom size='0.1'/></default></default>"
    "  <worldbody>"
    "    <body name='sphere'>"
    "      <freejoint/>"
    "      <geom class='geom_size'/>"
    "      <frame name='frame' pos='.1 0 0' euler='0 90 0'/>"
    "      <site name='site' pos='0 .2 0' euler='90 0 0'/>"
    "    </body>"
    "  </worldbody>"
    "  <keyframe><key name='one' time='1' qpos='1 1 1 1 0 0 0'/></keyframe>"
    "</mujoco>";

// ---------------------------------------------------------------- within one spec

static void same(void) {
  mjSpec* s = parse(child_xml, NULL);
  mjs_setDeepCopy(s, 1);
  mjsElement* a = mjs_attach(mjs_findFrame(s, "frame")->element, mjs_findBody(s, "body")->element, "attached-", "-1");
  printf("self attach: %s is found %d, spec kept %d\n", name_of(a), a && a == mjs_findBody(s, "attached-body-1")->element,
         mjs_findSpec(s, "child") != NULL);
  printf("original keeps its class: %d\n", mjs_findDefault(s, "attached-cylinder-1") == NULL);
  save(compile(s, NULL, "same"), "same");
  mj_deleteSpec(s);

  // a mocap body and its keyframe values
  mjSpec* m = parse(
      "<mujoco><worldbody><body pos='1 1 1' quat='0 1 0 0' name='mocap' mocap='true'/></worldbody>"
      "<keyframe><key name='key' time='1' mpos='2 2 2' mquat='0 0 0 1'/></keyframe></mujoco>", NULL);
  mjs_setDeepCopy(m, 1);
  mjsFrame* f = mjs_addFrame(mjs_findBody(m, "world"), NULL);
  a = mjs_attach(f->element, mjs_findBody(m, "mocap")->element, "attached-", "-1");
  printf("mocap: %s\n", name_of(a));
  save(compile(m, NULL, "mocap"), "mocap");
  mj_deleteSpec(m);
}

// ---------------------------------------------------------------- from another spec

static void different(void) {
  mjSpec* p = parse(parent_xml, NULL);
  mjSpec* c = parse(child_xml, NULL);
  mjsElement* a = mjs_attach(mjs_findFrame(p, "frame")->element, mjs_findBody(c, "body")->element, "attached-", "-1");
  printf("attach body: %s found %d\n", name_of(a), a && a == mjs_findBody(p, "attached-body-1")->element);
  printf("child spec kept %d (same %d), missing %d\n", mjs_findSpec(p, "child") != NULL, mjs_findSpec(p, "child") == c,
         mjs_findSpec(p, "nothing") != NULL);
  printf("classes: main %d geom_size %d attached-cylinder-1 %d\n", mjs_findDefault(p, "main") != NULL,
         mjs_findDefault(p, "geom_size") != NULL, mjs_findDefault(p, "attached-cylinder-1") != NULL);
  // the parent keeps the child alive
  mj_deleteSpec(c);
  mjSpec* kept = mjs_findSpec(p, "child");
  printf("after deleting the child: kept %d, its world %d\n", kept != NULL, kept && mjs_findBody(kept, "world") != NULL);
  save(compile(p, NULL, "different"), "different");
  mjSpec* copy = mj_copySpec(p);
  printf("copy shares the child spec %d\n", mjs_findSpec(copy, "child") == kept);
  mj_deleteSpec(p);
  printf("child alive through the copy %d\n", mjs_findBody(mjs_findSpec(copy, "child"), "world") != NULL);
  save(compile(copy, NULL, "different_copy"), "different_copy");
  mj_deleteSpec(copy);
}

static const char* ball_xml =
    "<mujoco><worldbody><body name='ball'><joint type='slide'/><geom size='.1'/></body>"
    "<camera pos='0 0 0' quat='1 0 0 0'/></worldbody></mujoco>";

static void frames(void) {
  // a frame of another spec into a body: the frame, its frames and what they hold (each
  // attach takes a fresh child: upstream moves the child's elements into the parent)
  mjSpec* p = parse(parent_xml, NULL);
  mjSpec* c = parse(child_xml, NULL);
  mjsFrame* pf = mjs_findFrame(c, "pframe");
  mjsElement* a = mjs_attach(mjs_findBody(p, "sphere")->element, pf->element, "attached-", "-1");
  printf("attach frame: %s type %d found %d, id %d\n", name_of(a), a ? a->elemtype : -1,
         a && a == mjs_findFrame(p, "attached-pframe-1")->element, a ? mjs_getId(a) : -2);
  printf("child spec kept %d, child world %d\n", mjs_findSpec(p, "child") != NULL, mjs_findBody(c, "world") != NULL);
  printf("inner frame %d, geom %d, ignore %d\n", mjs_findFrame(p, "attached-cframe-1") != NULL,
         mjs_findElement(p, mjOBJ_GEOM, "attached-framegeom-1") != NULL, mjs_findBody(p, "attached-ignore-1") != NULL);
  mjModel* m = compile(p, NULL, "frame_to_body");
  if (m) printf("body 2 '%s' parent %d\n", mj_id2name(m, mjOBJ_BODY, 2), m->body_parentid[2]);
  printf("frame id after compile %d\n", mjs_getId(mjs_findFrame(p, "frame")->element));
  save(m, "frame_to_body");

  // (each step attaches to a fresh parent: upstream's recompile of a body whose geoms changed
  // reads bounding-volume node ids left from the body's first compile)
  mj_deleteSpec(p);
  p = parse(parent_xml, NULL);

  // a frame into a frame: the attached frame sits in the parent frame
  mjSpec* c2 = parse(child_xml, NULL);
  a = mjs_attach(mjs_findFrame(p, "frame")->element, mjs_findFrame(c2, "pframe")->element, "two-", "");
  printf("frame to frame: %s in frame %d\n", name_of(a), a && mjs_getFrame(a) == mjs_findFrame(p, "frame"));
  save(compile(p, NULL, "frame_to_frame"), "frame_to_frame");

  // frames, bodies and whole specs onto a site
  mj_deleteSpec(p);
  p = parse(parent_xml, NULL);
  mjsElement* site = mjs_findElement(p, mjOBJ_SITE, "site");
  mjSpec* c3 = parse(child_xml, NULL);
  a = mjs_attach(site, mjs_findFrame(c3, "frame")->element, "s1-", "");
  printf("frame to site: %s type %d\n", name_of(a), a ? a->elemtype : -1);
  mjSpec* c3b = parse(child_xml, NULL);
  a = mjs_attach(site, mjs_findBody(c3b, "ignore")->element, "s2-", "");
  printf("body to site: %s type %d\n", name_of(a), a ? a->elemtype : -1);
  mjSpec* c4 = parse(ball_xml, NULL);
  a = mjs_attach(site, c4->element, "s3-", "");
  printf("spec to site: %s type %d, child world frame %d\n", name_of(a), a ? a->elemtype : -1,
         mjs_firstChild(mjs_findBody(c4, "world"), mjOBJ_FRAME, 0) != NULL);
  save(compile(p, NULL, "to_site"), "to_site");

  // whole specs to a body (the frame returned moves them) and to a frame
  mj_deleteSpec(p);
  p = parse(parent_xml, NULL);
  site = mjs_findElement(p, mjOBJ_SITE, "site");
  mjSpec* c5 = parse(ball_xml, NULL);
  mjsBody* w5 = mjs_findBody(c5, "world");
  mjsFrame* wf = mjs_addFrame(w5, NULL);
  mjs_setName(wf->element, "world");
  mjs_setFrame(mjs_firstChild(w5, mjOBJ_BODY, 0), wf);
  mjs_setFrame(mjs_firstChild(w5, mjOBJ_CAMERA, 0), wf);
  mjsFrame* got = mjs_asFrame(mjs_attach(mjs_findBody(p, "sphere")->element, wf->element, "b-", "-1"));
  printf("named world frame to body: %s\n", got ? name_of(got->element) : "(null)");
  if (got) {
    got->pos[0] = 1;
    got->pos[1] = 2;
    got->pos[2] = 3;
  }
  mjSpec* c6 = parse(ball_xml, NULL);
  a = mjs_attach(mjs_findFrame(p, "frame")->element, c6->element, "f-", "");
  printf("spec to frame: type %d in frame %d\n", a ? a->elemtype : -1, a && mjs_getFrame(a) == mjs_findFrame(p, "frame"));
  mjSpec* c7 = parse(ball_xml, NULL);
  a = mjs_attach(mjs_findBody(p, "sphere")->element, c7->element, "g-", "");
  printf("spec to body: type %d\n", a ? a->elemtype : -1);
  mjSpec* c8 = parse(ball_xml, NULL);
  a = mjs_attach(mjs_findFrame(p, "frame")->element, mjs_findBody(c8, "world")->element, "w-", "");
  printf("world body to frame: %s\n", name_of(a));
  save(compile(p, NULL, "specs"), "specs");

  // errors
  mjSpec* c9 = parse(child_xml, NULL);
  a = mjs_attach(mjs_findBody(p, "sphere")->element, mjs_findBody(c9, "ignore")->element, "x", "");
  printf("body to body: %d '%s'\n", a == NULL, mjs_getError(p));
  mjsElement* geom = mjs_firstChild(mjs_findBody(p, "sphere"), mjOBJ_GEOM, 0);
  a = mjs_attach(geom, mjs_findFrame(c9, "frame")->element, "z", "");
  printf("frame to geom: %d '%s'\n", a == NULL, mjs_getError(p));
  a = mjs_attach(mjs_findFrame(p, "frame")->element, geom, "z", "");
  printf("geom to frame: %d '%s'\n", a == NULL, mjs_getError(p));
  a = mjs_attach(site, geom, "z", "");
  printf("geom to site: %d '%s'\n", a == NULL, mjs_getError(p));

  mjSpec* kids[] = {c, c2, c3, c3b, c4, c5, c6, c7, c8, c9};
  for (int i = 0; i < 10; i++) mj_deleteSpec(kids[i]);
  mj_deleteSpec(p);
}

// ---------------------------------------------------------------- compiler settings, assets

static void options(void) {
  const char* xml =
      "<mujoco><compiler eulerseq='zyx'/><worldbody>"
      "<frame name='child'><site euler='0 90 180'/><geom size='.1' euler='30 0 90'/></frame>"
      "</worldbody></mujoco>";
  mjSpec* p = mj_makeSpec();
  mjSpec* c1 = parse(xml, NULL);
  mjSpec* c2 = parse(xml, NULL);
  mjModel* m1 = mj_compile(c1, NULL);
  printf("child site quat %.6f %.6f %.6f %.6f\n", m1->site_quat[0], m1->site_quat[1], m1->site_quat[2],
         m1->site_quat[3]);
  mj_deleteModel(m1);
  mjsBody* world = mjs_findBody(p, "world");
  printf("attach 1: %d\n", mjs_attach(world->element, mjs_findFrame(c1, "child")->element, "child-", "-1") != NULL);
  printf("attach 2: %d\n", mjs_attach(world->element, mjs_findFrame(c2, "child")->element, "child-", "-2") != NULL);
  save(compile(p, NULL, "options"), "options");
  mj_deleteSpec(p);
  mj_deleteSpec(c1);
  mj_deleteSpec(c2);
}

static void assets(void) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "cube.obj", cube_obj, strlen(cube_obj));
  mj_addBufferVFS(&vfs, "meshdir/cube.obj", cube_obj, strlen(cube_obj));

  // an unnamed mesh is named after its file, then prefixed
  mjSpec* child = mj_makeSpec();
  mjsMesh* mesh = mjs_addMesh(child, NULL);
  mjsFrame* frame = mjs_addFrame(mjs_findBody(child, "world"), NULL);
  mjsGeom* geom = mjs_addGeom(mjs_findBody(child, "world"), NULL);
  mjs_setFrame(geom->element, frame);
  mjs_setString(mesh->file, "cube.obj");
  mjs_setString(geom->meshname, "cube");
  geom->type = mjGEOM_MESH;
  mjSpec* s = mj_makeSpec();
  mjsElement* a = mjs_attach(mjs_findBody(s, "world")->element, frame->element, "_", "");
  printf("unnamed assets: type %d\n", a ? a->elemtype : -1);
  mjModel* m = compile(s, &vfs, "unnamed");
  if (m) printf("mesh 0 '%s'\n", mj_id2name(m, mjOBJ_MESH, 0));
  save(m, "unnamed");
  mj_deleteSpec(s);
  mj_deleteSpec(child);

  // the child's mesh folder
  child = mj_makeSpec();
  mesh = mjs_addMesh(child, NULL);
  frame = mjs_addFrame(mjs_findBody(child, "world"), NULL);
  geom = mjs_addGeom(mjs_findBody(child, "world"), NULL);
  mjs_setString(child->compiler.meshdir, "meshdir");
  mjs_setString(mesh->file, "cube.obj");
  mjs_setName(mesh->element, "cube");
  mjs_setString(geom->meshname, "cube");
  mjs_setFrame(geom->element, frame);
  geom->type = mjGEOM_MESH;
  s = mj_makeSpec();
  mjs_setDeepCopy(s, 1);
  mjs_setString(s->compiler.meshdir, "asset");
  a = mjs_attach(mjs_findBody(s, "world")->element, frame->element, "_", "");
  printf("modeldir: type %d\n", a ? a->elemtype : -1);
  save(compile(s, &vfs, "modeldir"), "modeldir");
  mj_deleteSpec(child);
  mj_deleteSpec(s);

  // classes of the child's assets take the prefix
  child = parse(
      "<mujoco><default><default class='mesh'><mesh scale='0.001 0.002 0.003'/></default></default>"
      "<asset><mesh file='cube.obj' class='mesh'/></asset>"
      "<worldbody><body name='body'><geom type='mesh' mesh='cube'/></body></worldbody></mujoco>", &vfs);
  mjSpec* parent = parse("<mujoco><worldbody><frame name='parent'/></worldbody></mujoco>", NULL);
  a = mjs_attach(mjs_findFrame(parent, "parent")->element, mjs_findBody(child, "body")->element, "child-", "");
  printf("namespaced classes: %s, class %d\n", name_of(a), mjs_findDefault(parent, "child-mesh") != NULL);
  mjsElement* pm = mjs_firstElement(parent, mjOBJ_MESH);
  printf("mesh class is child-mesh %d\n", pm && mjs_getDefault(pm) == mjs_findDefault(parent, "child-mesh"));
  save(compile(parent, &vfs, "namespaced"), "namespaced");
  mj_deleteSpec(child);
  mj_deleteSpec(parent);
  mj_deleteVFS(&vfs);
}

// ---------------------------------------------------------------- keyframes

static void nested_keys(int compiled) {
  const char* pxml =
      "<mujoco><worldbody><body name='body'><joint name='joint' type='slide'/><geom size='.1'/></body>"
      "<frame name='frame'/></worldbody></mujoco>";
  const char* cxml =
      "<mujoco><worldbody><body name='body'><joint name='joint' type='slide'/><geom size='.2'/>"
      "<frame name='frame'/></body></worldbody><keyframe><key name='key2' time='2' qpos='2'/></keyframe></mujoco>";
  const char* gxml =
      "<mujoco><worldbody><body name='body'><joint name='joint' type='slide'/><geom size='.3'/></body></worldbody>"
      "<keyframe><key name='key1' time='1' qpos='1'/></keyframe></mujoco>";
  mjSpec* p = parse(pxml, NULL);
  mjSpec* c = parse(cxml, NULL);
  mjSpec* g = parse(gxml, NULL);
  mjs_setDeepCopy(p, 1);
  mjs_setDeepCopy(c, 1);
  mjs_attach(mjs_findFrame(c, "frame")->element, mjs_findBody(g, "body")->element, "gchild-", "");
  mjModel* mc = compiled ? compile(c, NULL, "nested child") : NULL;
  printf("nested (compiled child %d): attaching\n", compiled);
  mjs_attach(mjs_findFrame(p, "frame")->element, mjs_findBody(c, "body")->element, "child-", "");
  save(compile(p, NULL, "nested"), compiled ? "nested_compiled" : "nested_uncompiled");
  if (mc) mj_deleteModel(mc);
  mj_deleteSpec(p);
  mj_deleteSpec(c);
  mj_deleteSpec(g);
}

static void keys(void) {
  nested_keys(1);
  nested_keys(0);

  // deleting a body makes the keyframes pending: a compiled spec cannot be written until
  // compiled again
  for (int compiled = 0; compiled < 2; compiled++) {
    mjSpec* c = parse(child_xml, NULL);
    mjModel* m = compiled ? mj_compile(c, NULL) : NULL;
    printf("delete body: %d\n", mjs_delete(c, mjs_findBody(c, "body")->element));
    char xml[4096] = "", err[300] = "";
    int r = mj_saveXMLString(c, xml, sizeof(xml), err, sizeof(err));
    printf("save before recompiling (compiled %d): %d '%s'\n", compiled, r, err);
    save(compile(c, NULL, "detached"), compiled ? "detached_compiled" : "detached");
    r = mj_saveXMLString(c, xml, sizeof(xml), err, sizeof(err));
    printf("save after recompiling: %d\n", r);
    if (m) mj_deleteModel(m);
    mj_deleteSpec(c);
  }

  // a child keyframe of the wrong size stops the attach
  mjSpec* p = mj_makeSpec();
  mjSpec* c = parse(
      "<mujoco><worldbody><body name='b'><joint/><geom size='.1'/></body></worldbody>"
      "<keyframe><key name='k' qpos='1'/></keyframe></mujoco>", NULL);
  mjsBody* b = mjs_findBody(c, "b");
  mjs_addJoint(b, NULL);
  mjsElement* a = mjs_attach(mjs_addFrame(mjs_findBody(p, "world"), NULL)->element, b->element, "c-", "");
  printf("bad key size: %d '%s'\n", a == NULL, mjs_getError(p));
  mj_deleteSpec(p);
  mj_deleteSpec(c);
}

// ---------------------------------------------------------------- bodyToFrame, writing

static void body_to_frame(void) {
  const char* xml =
      "<mujoco><worldbody>"
      "<body name='parent' pos='0 0 1'><geom size='.1'/>"
      "  <body name='child' pos='1 0 0' euler='0 0 90'>"
      "    <inertial mass='1' pos='0 0.5 0' quat='1 0 0 0' diaginertia='1 2 3'/>"
      "    <frame name='inner' pos='0 0 1'><geom name='g' size='.1'/></frame>"
      "    <body name='grandchild' pos='0 1 0'><joint/><geom size='.1'/></body>"
      "  </body>"
      "</body>"
      "<body name='top'><inertial mass='2' pos='0 0 0' diaginertia='1 1 1'/></body>"
      "</worldbody></mujoco>";
  for (int compiled = 0; compiled < 2; compiled++) {
    mjSpec* s = parse(xml, NULL);
    mjModel* m = compiled ? mj_compile(s, NULL) : NULL;
    mjsBody* parent = mjs_findBody(s, "parent");
    mjsBody* child = mjs_findBody(s, "child");
    mjsFrame* f = mjs_bodyToFrame(&child);
    printf("bodyToFrame (compiled %d): frame %d, child null %d\n", compiled, f != NULL, child == NULL);
    printf("  parent mass %g explicit %d ipos %g %g %g iquat %g %g %g %g inertia %g %g %g full %g %g %g %g %g %g\n",
           parent->mass, parent->explicitinertial, parent->ipos[0], parent->ipos[1], parent->ipos[2],
           parent->iquat[0], parent->iquat[1], parent->iquat[2], parent->iquat[3], parent->inertia[0],
           parent->inertia[1], parent->inertia[2], parent->fullinertia[0], parent->fullinertia[1],
           parent->fullinertia[2], parent->fullinertia[3], parent->fullinertia[4], parent->fullinertia[5]);
    mjsElement* g = mjs_findElement(s, mjOBJ_GEOM, "g");
    printf("  geom frame is the new frame %d, inner frame's parent is it %d\n", g && mjs_getFrame(g) == f,
           mjs_getFrame(mjs_findFrame(s, "inner")->element) == f);
    save(compile(s, NULL, "tobody"), compiled ? "to_frame_compiled" : "to_frame");
    mjsBody* top = mjs_findBody(s, "top");
    f = mjs_bodyToFrame(&top);
    printf("  world child with mass: frame %d, world mass %g\n", f != NULL, mjs_findBody(s, "world")->mass);
    if (m) mj_deleteModel(m);
    mj_deleteSpec(s);
  }
}

static void write_xml(mjSpec* s, const mjVFS* vfs, const char* what) {
  mjModel* m = compile(s, vfs, what);
  if (!m) return;
  char xml[8192] = "", err[300] = "";
  int r = mj_saveXMLString(s, xml, sizeof(xml), err, sizeof(err));
  printf("%s: saved %d '%s'\n%s\n", what, r, err, xml);
  mj_deleteModel(m);
}

static void writing(void) {
  mjSpec* s = parse(
      "<mujoco model='test'>"
      "  <default><default class='dframe'><geom size='.1'/></default></default>"
      "  <worldbody>"
      "    <frame name='f1' euler='0 0 30'><geom size='.5' euler='0 0 20'/></frame>"
      "    <body name='body'>"
      "      <frame pos='0 1 0' name='f2' childclass='dframe'>"
      "        <geom pos='0 1 0'/>"
      "        <frame pos='0 1 0' name='f3'>"
      "          <frame pos='0 1 0'><body pos='1 0 0'><geom pos='0 0 1'/></body></frame>"
      "        </frame>"
      "      </frame>"
      "      <frame><light pos='0 0 1'/></frame>"
      "    </body>"
      "  </worldbody>"
      "</mujoco>", NULL);
  write_xml(s, NULL, "frame classes");
  mj_deleteSpec(s);

  // classes of an attached model take the prefix
  const char* child =
      "<mujoco><default><default class='b'/></default>"
      "<worldbody><body name='b'><geom type='box' size='0.1 0.1 0.1'/><joint name='b'/></body></worldbody>"
      "<actuator><position joint='b' class='b'/></actuator></mujoco>";
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "b.xml", child, strlen(child));
  s = parse(
      "<mujoco><asset><model name='b' file='b.xml'/></asset>"
      "<worldbody><attach model='b' body='b' prefix='b'/></worldbody></mujoco>", &vfs);
  if (s) write_xml(s, &vfs, "expand attach");
  mj_deleteSpec(s);
  mj_deleteVFS(&vfs);
}

// ---------------------------------------------------------------- <attach>, repeated names

static void xml_attach(void) {
  const char* child =
      "<mujoco model='child'><worldbody><body name='body'><joint name='joint2'/><geom size='1' pos='2 0 0'/>"
      "</body></worldbody><actuator><motor name='actuator' joint='joint2'/></actuator></mujoco>";
  const char* child2 = "<mujoco><worldbody><body name='2'/></worldbody></mujoco>";
  const char* child1 =
      "<mujoco><asset><model name='2' file='child_2.xml'/></asset>"
      "<worldbody><body name='1'><body name='2'><attach model='2' body='2' prefix='prefix2'/></body></body>"
      "</worldbody></mujoco>";
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "child.xml", child, strlen(child));
  mj_addBufferVFS(&vfs, "child_1.xml", child1, strlen(child1));
  mj_addBufferVFS(&vfs, "child_2.xml", child2, strlen(child2));
  char err[500] = "";

  // a copied actuator takes a name the parent has
  mjSpec* s = mj_parseXMLString(
      "<mujoco><asset><model name='other' file='child.xml'/></asset>"
      "<worldbody><body name='parent'><joint name='joint1'/><geom size='2'/>"
      "<attach model='other' body='body' prefix='_'/></body></worldbody>"
      "<actuator><motor name='_actuator' joint='joint1'/></actuator></mujoco>", &vfs, err, sizeof(err));
  printf("repeated name in <attach>: %d '%s'\n", s == NULL, err);
  mj_deleteSpec(s);
  mjSpec* p = parse(
      "<mujoco><worldbody><body name='parent'><joint name='joint1'/><geom size='2'/><frame name='f'/></body>"
      "</worldbody><actuator><motor name='_actuator' joint='joint1'/></actuator></mujoco>", NULL);
  mjSpec* c = parse(child, NULL);
  mjsElement* a = mjs_attach(mjs_findFrame(p, "f")->element, mjs_findBody(c, "body")->element, "_", "");
  printf("repeated name in mjs_attach: %d '%s'\n", a == NULL, mjs_getError(p));
  mj_deleteSpec(p);
  mj_deleteSpec(c);

  // an <attach> whose prefixed body is there already only places it in the frame
  s = mj_parseXMLString(
      "<mujoco><asset><model name='1' file='child_1.xml'/><model name='2' file='child_2.xml'/></asset>"
      "<worldbody><attach model='1' body='1' prefix='prefix-'/>"
      "<replicate count='1'><attach model='2' body='2' prefix='prefix-'/></replicate></worldbody></mujoco>",
      &vfs, err, sizeof(err));
  printf("prefixed body in another body: %d '%s'\n", s == NULL, err);
  mj_deleteSpec(s);

  // copies share the model assets
  s = mj_parseXMLString(
      "<mujoco><asset><model name='child' file='child.xml'/></asset>"
      "<worldbody><body name='parent'><geom name='geom' size='2'/>"
      "<attach model='child' body='body' prefix='other'/></body></worldbody></mujoco>", &vfs, err, sizeof(err));
  if (s) {
    mjSpec* copy = mj_copySpec(s);
    mjSpec* kid = mjs_findSpec(s, "child");
    printf("model asset %d, shared by the copy %d\n", kid != NULL, kid && mjs_findSpec(copy, "child") == kid);
    mj_deleteSpec(s);
    printf("alive through the copy %d\n", mjs_findBody(mjs_findSpec(copy, "child"), "body") != NULL);
    save(compile(copy, &vfs, "asset copy"), "asset_copy");
    mj_deleteSpec(copy);
  }
  mj_deleteVFS(&vfs);
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  outdir = argv[1];
  setvbuf(stdout, NULL, _IOLBF, 0);
  mju_user_warning = on_warning;
  same();
  different();
  frames();
  options();
  assets();
  keys();
  body_to_frame();
  writing();
  xml_attach();
  return 0;
}
