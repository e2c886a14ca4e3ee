// Assets through the spec API, run on upstream's library and on ours (spec_diff.sh): materials,
// textures (builtin, user bytes), meshes (user data, mjs_makeMesh shapes), height fields and
// skins built with mjs_add*, parsed XML assets edited, a copied spec, element iteration and
// the errors of bad references and repeated names. Prints what the API returns and saves every
// compiled model as MJB for the field-by-field comparison.
//   spec_assets_diff OUTDIR
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
  printf("%s: nmesh %d nmeshvert %d nmeshface %d nhfield %d nskin %d ntex %d ntexdata %d nmat %d signature %llu\n",
         name, m->nmesh, m->nmeshvert, m->nmeshface, m->nhfield, m->nskin, m->ntex, m->ntexdata, m->nmat,
         (unsigned long long)m->signature);
  mj_deleteModel(m);
}

static const char* name_of(mjsElement* el) {
  return el ? mjs_getString(mjs_getName(el)) : "(null)";
}

// every element of each asset type, with its id
static void list_assets(mjSpec* s, const char* when) {
  int types[] = {mjOBJ_MESH, mjOBJ_SKIN, mjOBJ_HFIELD, mjOBJ_TEXTURE, mjOBJ_MATERIAL};
  printf("%s:", when);
  for (int t = 0; t < 5; t++) {
    printf(" [%d]", types[t]);
    for (mjsElement* el = mjs_firstElement(s, types[t]); el; el = mjs_nextElement(s, el)) {
      printf(" '%s'=%d", name_of(el), mjs_getId(el));
    }
  }
  printf("\n");
}

static void defaults(void) {
  mjsMaterial mat;
  mjs_defaultMaterial(&mat);
  printf("material: texuniform %d texrepeat %g %g emission %g specular %g shininess %g reflectance %g "
         "metallic %g roughness %g rgba %g %g %g %g\n", mat.texuniform, mat.texrepeat[0], mat.texrepeat[1],
         mat.emission, mat.specular, mat.shininess, mat.reflectance, mat.metallic, mat.roughness, mat.rgba[0],
         mat.rgba[1], mat.rgba[2], mat.rgba[3]);
  mjsTexture tex;
  mjs_defaultTexture(&tex);
  printf("texture: type %d colorspace %d builtin %d mark %d rgb1 %g %g %g rgb2 %g markrgb %g random %g "
         "size %d %d nchannel %d grid %d %d layout '%.12s' flip %d %d\n", tex.type, tex.colorspace, tex.builtin,
         tex.mark, tex.rgb1[0], tex.rgb1[1], tex.rgb1[2], tex.rgb2[0], tex.markrgb[0], tex.random, tex.width,
         tex.height, tex.nchannel, tex.gridsize[0], tex.gridsize[1], tex.gridlayout, tex.hflip, tex.vflip);
  mjsMesh mesh;
  mjs_defaultMesh(&mesh);
  printf("mesh: refpos %g refquat %g %g scale %g %g %g inertia %d smoothnormal %d needsdf %d maxhullvert %d "
         "plugin %d\n", mesh.refpos[0], mesh.refquat[0], mesh.refquat[1], mesh.scale[0], mesh.scale[1],
         mesh.scale[2], mesh.inertia, mesh.smoothnormal, mesh.needsdf, mesh.maxhullvert, mesh.plugin.active);
  mjsHField hf;
  mjs_defaultHField(&hf);
  printf("hfield: size %g %g %g %g nrow %d ncol %d\n", hf.size[0], hf.size[1], hf.size[2], hf.size[3], hf.nrow,
         hf.ncol);
  mjsSkin skin;
  mjs_defaultSkin(&skin);
  printf("skin: rgba %g %g %g %g inflate %g group %d\n", skin.rgba[0], skin.rgba[1], skin.rgba[2], skin.rgba[3],
         skin.inflate, skin.group);
}

static mjsGeom* mesh_body(mjsBody* world, const char* mesh, double x, double y) {
  mjsBody* b = mjs_addBody(world, NULL);
  b->pos[0] = x;
  b->pos[1] = y;
  b->pos[2] = 0.5;
  mjs_addFreeJoint(b);
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->type = mjGEOM_MESH;
  mjs_setString(g->meshname, mesh);
  return g;
}

static void make(mjsMesh* m, const char* name, mjtMeshBuiltin type, double* p, int np, double scale) {
  mjs_setName(m->element, name);
  int r = mjs_makeMesh(m, type, p, np);
  m->scale[0] = m->scale[1] = m->scale[2] = scale;
  printf("makeMesh %s: %d\n", name, r);
}

// a spec with every asset kind, built from nothing
static mjSpec* build(void) {
  mjSpec* s = mj_makeSpec();
  mjsBody* world = mjs_findBody(s, "world");

  // textures: builtin 2D and cube, an unnamed skybox, bytes from the user
  mjsTexture* checker = mjs_addTexture(s);
  mjs_setName(checker->element, "checker");
  checker->type = mjTEXTURE_2D;
  checker->builtin = mjBUILTIN_CHECKER;
  checker->width = checker->height = 32;
  checker->rgb1[0] = 0.2; checker->rgb2[2] = 0.9;
  checker->mark = mjMARK_EDGE;
  checker->markrgb[0] = 1;
  mjsTexture* grad = mjs_addTexture(s);
  mjs_setName(grad->element, "grad");
  grad->builtin = mjBUILTIN_GRADIENT;
  grad->width = 16;
  mjsTexture* sky = mjs_addTexture(s);
  sky->type = mjTEXTURE_SKYBOX;
  sky->builtin = mjBUILTIN_FLAT;
  sky->width = 8;
  sky->mark = mjMARK_RANDOM;
  sky->random = 0.2;
  mjsTexture* user = mjs_addTexture(s);
  mjs_setName(user->element, "user");
  user->type = mjTEXTURE_2D;
  user->width = 3;
  user->height = 2;
  user->nchannel = 4;
  user->hflip = 1;
  user->vflip = 1;
  unsigned char bytes[24];
  for (int i = 0; i < 24; i++) bytes[i] = (unsigned char)(10 * i + 1);
  mjs_setBuffer(user->data, bytes, 24);
  mjsTexture* rgb = mjs_addTexture(s);
  mjs_setName(rgb->element, "rgb");
  rgb->type = mjTEXTURE_2D;
  rgb->colorspace = mjCOLORSPACE_SRGB;
  rgb->width = 2; rgb->height = 2;
  unsigned char b3[12] = {255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9};
  mjs_setBuffer(rgb->data, b3, 12);

  // materials: by role, plain, with defaults
  mjsMaterial* floor = mjs_addMaterial(s, NULL);
  mjs_setName(floor->element, "floor");
  printf("setInStringVec rgb %d\n", mjs_setInStringVec(floor->textures, mjTEXROLE_RGB, "checker"));
  floor->texrepeat[0] = floor->texrepeat[1] = 5;
  floor->texuniform = 1;
  floor->reflectance = 0.2f;
  mjsMaterial* pbr = mjs_addMaterial(s, NULL);
  mjs_setName(pbr->element, "pbr");
  mjs_setInStringVec(pbr->textures, mjTEXROLE_ORM, "user");
  mjs_setInStringVec(pbr->textures, mjTEXROLE_NORMAL, "rgb");
  mjs_setInStringVec(pbr->textures, mjTEXROLE_EMISSIVE, "grad");
  pbr->metallic = 0.7f;
  pbr->roughness = 0.3f;
  pbr->emission = 0.1f;
  mjsMaterial* plain = mjs_addMaterial(s, NULL);
  mjs_setName(plain->element, "plain");
  plain->rgba[0] = 0.8f; plain->rgba[3] = 0.5f;
  plain->specular = 0.9f; plain->shininess = 0.1f;

  // meshes: user data (faces given, hull only), builtin shapes
  mjsMesh* tet = mjs_addMesh(s, NULL);
  mjs_setName(tet->element, "tet");
  float tv[12] = {0, 0, 0, 0.2f, 0, 0, 0, 0.2f, 0, 0, 0, 0.2f};
  int tf[12] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  mjs_setFloat(tet->uservert, tv, 12);
  mjs_setInt(tet->userface, tf, 12);
  mjs_setString(tet->material, "plain");
  tet->refpos[0] = 0.05;
  mjsMesh* cloud = mjs_addMesh(s, NULL);
  mjs_setName(cloud->element, "cloud");
  float cv[24];
  for (int i = 0; i < 8; i++) {
    cv[3 * i] = (i & 1) ? 0.1f : -0.1f;
    cv[3 * i + 1] = (i & 2) ? 0.15f : -0.15f;
    cv[3 * i + 2] = (i & 4) ? 0.05f : -0.05f;
  }
  mjs_setFloat(cloud->uservert, cv, 24);
  cloud->inertia = mjMESH_INERTIA_CONVEX;
  double p1[1] = {2}, p3[3] = {8, 0.5, 2}, p4[4] = {12, 0.3, 1, 1}, p2[2] = {8, 0.5}, p5[5] = {4, 3, 60, 30, 0.5};
  double hp[1] = {3}, pp[2] = {3, 2};
  make(mjs_addMesh(s, NULL), "sph", mjMESH_BUILTIN_SPHERE, p1, 1, 0.1);
  make(mjs_addMesh(s, NULL), "hem", mjMESH_BUILTIN_HEMISPHERE, hp, 1, 0.1);
  make(mjs_addMesh(s, NULL), "ss", mjMESH_BUILTIN_SUPERSPHERE, p3, 3, 0.1);
  make(mjs_addMesh(s, NULL), "st", mjMESH_BUILTIN_SUPERTORUS, p4, 4, 0.1);
  make(mjs_addMesh(s, NULL), "cone", mjMESH_BUILTIN_CONE, p2, 2, 0.1);
  make(mjs_addMesh(s, NULL), "plate", mjMESH_BUILTIN_PLATE, pp, 2, 0.1);
  make(mjs_addMesh(s, NULL), "wedge", mjMESH_BUILTIN_WEDGE, p5, 5, 0.1);
  mjsMesh* sm = mjs_asMesh(mjs_findElement(s, mjOBJ_MESH, "sph"));
  sm->smoothnormal = 1;

  // makeMesh errors leave the mesh as it was
  mjsMesh* bad = mjs_addMesh(s, NULL);
  mjs_setName(bad->element, "bad");
  double big[1] = {5}, neg[1] = {-1}, r2[4] = {12, 2, 1, 1}, w5[5] = {4, 3, 200, 30, 0.5};
  printf("sphere 5: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_SPHERE, big, 1), mjs_getError(s));
  printf("sphere 2 params: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_SPHERE, p2, 2), mjs_getError(s));
  printf("hemisphere -1: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_HEMISPHERE, neg, 1), mjs_getError(s));
  printf("supertorus radius 2: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_SUPERTORUS, r2, 4), mjs_getError(s));
  printf("wedge fov 200: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_WEDGE, w5, 5), mjs_getError(s));
  printf("plate 1 param: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_PLATE, p1, 1), mjs_getError(s));
  printf("none: %d '%s'\n", mjs_makeMesh(bad, mjMESH_BUILTIN_NONE, p1, 1), mjs_getError(s));
  make(bad, "box8", mjMESH_BUILTIN_SPHERE, neg + 0, 0, 1);
  mjs_makeMesh(bad, mjMESH_BUILTIN_SPHERE, p1, 1);
  bad->scale[0] = bad->scale[1] = bad->scale[2] = 0.05;

  // height field from user data
  mjsHField* hf = mjs_addHField(s);
  mjs_setName(hf->element, "terrain");
  hf->nrow = 3;
  hf->ncol = 4;
  hf->size[0] = 2; hf->size[1] = 1.5; hf->size[2] = 0.3; hf->size[3] = 0.1;
  float elev[12] = {0, 1, 2, 3, 1, 2, 3, 4, 0.5f, 0.5f, 0.5f, 2};
  mjs_setFloat(hf->userdata, elev, 12);

  // geoms using them
  mjsGeom* fg = mjs_addGeom(world, NULL);
  fg->type = mjGEOM_HFIELD;
  mjs_setString(fg->hfieldname, "terrain");
  mjs_setString(fg->material, "floor");
  const char* meshes[] = {"tet", "cloud", "sph", "hem", "ss", "st", "cone", "box8"};
  for (int i = 0; i < 8; i++) {
    mjsGeom* g = mesh_body(world, meshes[i], -1.5 + 0.4 * i, 0.3 * (i % 3));
    if (i == 2) mjs_setString(g->material, "pbr");
  }
  mjsSite* site = mjs_addSite(world, NULL);
  mjs_setString(site->material, "pbr");

  // a skin over two bodies
  mjsBody* b1 = mjs_addBody(world, NULL);
  mjs_setName(b1->element, "b1");
  b1->pos[1] = -1;
  mjsGeom* g1 = mjs_addGeom(b1, NULL);
  g1->size[0] = 0.05;
  mjsBody* b2 = mjs_addBody(b1, NULL);
  mjs_setName(b2->element, "b2");
  b2->pos[0] = 0.3;
  mjs_addJoint(b2, NULL);
  mjsGeom* g2 = mjs_addGeom(b2, NULL);
  g2->size[0] = 0.05;
  mjsSkin* sk = mjs_addSkin(s);
  mjs_setName(sk->element, "sk");
  float sv[12] = {0, -0.1f, 0, 0.3f, -0.1f, 0, 0.3f, 0.1f, 0, 0, 0.1f, 0};
  int sf[6] = {0, 1, 2, 0, 2, 3};
  float stc[8] = {0, 0, 1, 0, 1, 1, 0, 1};
  mjs_setFloat(sk->vert, sv, 12);
  mjs_setInt(sk->face, sf, 6);
  mjs_setFloat(sk->texcoord, stc, 8);
  mjs_appendString(sk->bodyname, "b1");
  mjs_appendString(sk->bodyname, "b2");
  float bp[6] = {0, 0, 0, 0.3f, 0, 0}, bq[8] = {1, 0, 0, 0, 2, 0, 0, 0};
  mjs_setFloat(sk->bindpos, bp, 6);
  mjs_setFloat(sk->bindquat, bq, 8);
  int id1[2] = {0, 3}, id2[3] = {1, 2, 3};
  float w1[2] = {1, 0.5f}, w2[3] = {1, 1, 0.5f};
  mjs_appendIntVec(sk->vertid, id1, 2);
  mjs_appendIntVec(sk->vertid, id2, 3);
  mjs_appendFloatVec(sk->vertweight, w1, 2);
  mjs_appendFloatVec(sk->vertweight, w2, 3);
  mjs_setString(sk->material, "plain");
  sk->rgba[1] = 0.9f;
  sk->inflate = 0.01f;
  sk->group = 2;

  // queries
  printf("as: %d %d %d %d %d, wrong kind %d %d\n", mjs_asMaterial(pbr->element) == pbr,
         mjs_asTexture(user->element) == user, mjs_asMesh(tet->element) == tet, mjs_asHField(hf->element) == hf,
         mjs_asSkin(sk->element) == sk, mjs_asMesh(hf->element) == NULL, mjs_asMaterial(user->element) == NULL);
  printf("types: %d %d %d %d %d, getSpec %d %d\n", pbr->element->elemtype, user->element->elemtype,
         tet->element->elemtype, hf->element->elemtype, sk->element->elemtype, mjs_getSpec(sk->element) == s,
         mjs_getSpec(tet->element) == s);
  printf("find: %d %d %d %d %d, missing %d\n", mjs_findElement(s, mjOBJ_MATERIAL, "plain") == plain->element,
         mjs_findElement(s, mjOBJ_TEXTURE, "grad") == grad->element,
         mjs_findElement(s, mjOBJ_MESH, "cone") != NULL, mjs_findElement(s, mjOBJ_HFIELD, "terrain") == hf->element,
         mjs_findElement(s, mjOBJ_SKIN, "sk") == sk->element, mjs_findElement(s, mjOBJ_MESH, "nope") == NULL);
  list_assets(s, "before compile");
  return s;
}

static void api(void) {
  mjSpec* s = build();
  // a copy made before compiling, edited on its own
  mjSpec* c = mj_copySpec(s);
  mjModel* m = mj_compile(s, NULL);
  printf("compile: '%s'\n", mjs_getError(s));
  list_assets(s, "after compile");
  save(m, "assets");

  mjsElement* cm = mjs_findElement(c, mjOBJ_MESH, "tet");
  printf("copy: new element %d, name %s, same spec %d\n", cm != mjs_findElement(s, mjOBJ_MESH, "tet"), name_of(cm),
         mjs_getSpec(cm) == c);
  mjsMesh* ctet = mjs_asMesh(cm);
  ctet->scale[0] = 2;
  mjsMaterial* cplain = mjs_asMaterial(mjs_findElement(c, mjOBJ_MATERIAL, "plain"));
  cplain->rgba[1] = 0.25f;
  mjsTexture* cuser = mjs_asTexture(mjs_findElement(c, mjOBJ_TEXTURE, "user"));
  cuser->hflip = 0;
  mjsSkin* csk = mjs_asSkin(mjs_findElement(c, mjOBJ_SKIN, "sk"));
  csk->inflate = 0;
  save(mj_compile(c, NULL), "copy");
  save(mj_compile(s, NULL), "original");
  mj_deleteSpec(c);
  mj_deleteSpec(s);
}

// parsed assets edited through the API
static void edit(void) {
  const char* xml =
      "<mujoco model='assets'>"
      "<default><mesh scale='2 2 2'/><material rgba='1 0 0 1' shininess='0.8'/>"
      "<default class='c'><material specular='0.1'/></default></default>"
      "<asset>"
      "<texture name='grid' type='2d' builtin='checker' width='16' height='16' rgb1='1 1 1' rgb2='0 0 0'/>"
      "<texture type='skybox' builtin='gradient' width='8'/>"
      "<material name='m' texture='grid' texrepeat='2 2'/>"
      "<material name='layered' class='c'><layer role='rgb' texture='grid'/><layer role='roughness' texture='grid'/></material>"
      "<mesh name='box' vertex='0 0 0 1 0 0 0 1 0 0 0 1 1 1 1' scale='0.1 0.1 0.1'/>"
      "<mesh name='ball' builtin='sphere' params='1' scale='0.1 0.1 0.1'/>"
      "<hfield name='h' nrow='2' ncol='3' size='1 1 0.2 0.1' elevation='1 2 3 4 5 6'/>"
      "<hfield name='flat' nrow='2' ncol='2' size='1 1 0.2 0.1'/>"
      "</asset>"
      "<worldbody><geom type='hfield' hfield='h' material='m'/>"
      "<body name='a' pos='0 0 1'><freejoint/><geom type='mesh' mesh='box' material='layered'/></body>"
      "<body name='b' pos='0.5 0 1'><freejoint/><geom type='mesh' mesh='ball'/></body>"
      "</worldbody>"
      "<deformable><skin name='s' vertex='0 0 0 1 0 0 0 1 0' face='0 1 2'>"
      "<bone body='a' bindpos='0 0 0' bindquat='1 0 0 0' vertid='0 1 2' vertweight='1 1 1'/></skin></deformable>"
      "</mujoco>";
  char err[1000];
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  printf("parse: %d '%s'\n", s != NULL, err);
  if (!s) return;
  list_assets(s, "parsed");
  mjsMaterial* m = mjs_asMaterial(mjs_findElement(s, mjOBJ_MATERIAL, "m"));
  printf("m: rgba %g shininess %g texrepeat %g\n", m->rgba[0], m->shininess, m->texrepeat[0]);
  mjsMaterial* lay = mjs_asMaterial(mjs_findElement(s, mjOBJ_MATERIAL, "layered"));
  printf("layered: specular %g shininess %g\n", lay->specular, lay->shininess);
  mjsMesh* box = mjs_asMesh(mjs_findElement(s, mjOBJ_MESH, "box"));
  printf("box scale %g\n", box->scale[0]);
  // new elements take the main class
  mjsMesh* nm = mjs_addMesh(s, NULL);
  mjsMaterial* nmat = mjs_addMaterial(s, NULL);
  printf("new mesh scale %g, new material rgba %g shininess %g specular %g\n", nm->scale[0], nmat->rgba[1],
         nmat->shininess, nmat->specular);
  mjs_setName(nm->element, "tri");
  float v[12] = {0, 0, 0, 0.1f, 0, 0, 0, 0.1f, 0.1f, 0.05f, 0.05f, -0.1f};
  mjs_setFloat(nm->uservert, v, 12);
  nm->scale[0] = nm->scale[1] = nm->scale[2] = 1;
  mjs_setName(nmat->element, "added");
  mjs_setString(mjs_asGeom(mjs_findElement(s, mjOBJ_GEOM, ""))->material, "");

  // edits
  m->rgba[1] = 0.5f;
  mjs_setInStringVec(m->textures, mjTEXROLE_RGB, "");
  mjs_setInStringVec(m->textures, mjTEXROLE_RGBA, "grid");
  box->scale[2] = 0.2;
  box->refquat[0] = 0; box->refquat[1] = 1;
  mjsTexture* grid = mjs_asTexture(mjs_findElement(s, mjOBJ_TEXTURE, "grid"));
  grid->width = 8;
  grid->builtin = mjBUILTIN_GRADIENT;
  mjsHField* h = mjs_asHField(mjs_findElement(s, mjOBJ_HFIELD, "h"));
  h->size[2] = 0.5;
  float e6[6] = {6, 5, 4, 3, 2, 1};
  mjs_setFloat(h->userdata, e6, 6);
  mjsSkin* sk = mjs_asSkin(mjs_findElement(s, mjOBJ_SKIN, "s"));
  sk->rgba[0] = 0.1f;
  mjsBody* b = mjs_findBody(s, "b");
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->type = mjGEOM_MESH;
  mjs_setString(g->meshname, "tri");
  mjs_setString(g->material, "added");
  g->pos[0] = 0.2;
  save(mj_compile(s, NULL), "edit");
  printf("compile: '%s'\n", mjs_getError(s));

  // renaming a texture breaks the materials naming it
  mjs_setName(grid->element, "grid2");
  mjModel* mm = mj_compile(s, NULL);
  printf("renamed texture: %d '%s'\n", mm != NULL, mjs_getError(s));
  mjs_setName(grid->element, "grid");
  save(mj_compile(s, NULL), "edit2");
  mj_deleteSpec(s);
}

// compiles `s` and prints the result
static void try_compile(mjSpec* s, const char* what) {
  mjModel* m = mj_compile(s, NULL);
  printf("%s: %d '%s'\n", what, m != NULL, mjs_getError(s));
  if (m) mj_deleteModel(m);
}

static mjSpec* one_geom_spec(void) {
  mjSpec* s = mj_makeSpec();
  mjsGeom* g = mjs_addGeom(mjs_findBody(s, "world"), NULL);
  g->type = mjGEOM_PLANE;
  g->size[0] = g->size[1] = g->size[2] = 1;
  return s;
}

static void errors(void) {
  // repeated names: on rename, and at compile when set directly
  mjSpec* s = one_geom_spec();
  mjsMaterial* a = mjs_addMaterial(s, NULL);
  mjsMaterial* b = mjs_addMaterial(s, NULL);
  printf("setName a: %d\n", mjs_setName(a->element, "x"));
  printf("setName b: %d '%s'\n", mjs_setName(b->element, "x"), mjs_getError(s));
  mjs_setName(b->element, "y");
  mjsTexture* t1 = mjs_addTexture(s);
  mjsTexture* t2 = mjs_addTexture(s);
  mjs_setName(t1->element, "t");
  printf("setName texture: %d '%s'\n", mjs_setName(t2->element, "t"), mjs_getError(s));
  mjs_setName(t2->element, "t2");
  t1->builtin = t2->builtin = mjBUILTIN_FLAT;
  t1->width = t2->width = 4;
  mjsMesh* m1 = mjs_addMesh(s, NULL);
  mjsMesh* m2 = mjs_addMesh(s, NULL);
  float v[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  mjs_setFloat(m1->uservert, v, 12);
  mjs_setFloat(m2->uservert, v, 12);
  mjs_setString(mjs_getName(m1->element), "mm");
  mjs_setString(mjs_getName(m2->element), "mm");
  try_compile(s, "repeated mesh");
  mjs_setName(m2->element, "mm2");
  mjs_setString(mjs_getName(b->element), "x");
  try_compile(s, "repeated material");
  mjs_setName(b->element, "y");
  mjsHField* h1 = mjs_addHField(s);
  mjsHField* h2 = mjs_addHField(s);
  printf("setName hfield: %d %d '%s'\n", mjs_setName(h1->element, "h"), mjs_setName(h2->element, "h"), mjs_getError(s));
  mjs_setName(h2->element, "h2");
  try_compile(s, "hfield without data");
  h1->nrow = h1->ncol = 2;
  h2->nrow = h2->ncol = 2;
  try_compile(s, "hfield without size");
  h1->size[0] = h1->size[1] = h1->size[2] = h1->size[3] = 1;
  h2->size[0] = h2->size[1] = h2->size[2] = h2->size[3] = 1;
  float e3[3] = {1, 2, 3}, e4[4] = {1, 2, 3, 4};
  mjs_setFloat(h1->userdata, e3, 3);
  mjs_setFloat(h2->userdata, e4, 4);
  try_compile(s, "hfield data size");
  mjs_setFloat(h1->userdata, e4, 4);
  try_compile(s, "fixed");
  mj_deleteSpec(s);

  // bad references (upstream keeps a material's texture names of a failed compile, so the
  // missing texture gets a spec of its own)
  s = one_geom_spec();
  mjsMaterial* mat = mjs_addMaterial(s, NULL);
  mjs_setName(mat->element, "mat");
  mjs_setInStringVec(mat->textures, mjTEXROLE_METALLIC, "nope");
  try_compile(s, "missing texture");
  mj_deleteSpec(s);
  s = one_geom_spec();
  mat = mjs_addMaterial(s, NULL);
  mjs_setName(mat->element, "mat");
  mjsGeom* g = mjs_asGeom(mjs_firstElement(s, mjOBJ_GEOM));
  mjs_setString(g->material, "nomat");
  try_compile(s, "missing material in geom");
  mjs_setString(g->material, "mat");
  mjsGeom* mg = mjs_addGeom(mjs_findBody(s, "world"), NULL);
  mg->type = mjGEOM_MESH;
  mjs_setString(mg->meshname, "nomesh");
  try_compile(s, "missing mesh");
  mjs_setString(mg->meshname, "");
  mg->type = mjGEOM_HFIELD;
  mjs_setString(mg->hfieldname, "nohf");
  try_compile(s, "missing hfield");
  mjs_setString(mg->hfieldname, "");
  mg->type = mjGEOM_SPHERE;
  mg->size[0] = 0.1;
  mjsSkin* sk = mjs_addSkin(s);
  mjs_setName(sk->element, "sk");
  try_compile(s, "empty skin");
  float sv[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  int sf[3] = {0, 1, 2};
  float bp[3] = {0, 0, 0}, bq[4] = {1, 0, 0, 0};
  int vid[3] = {0, 1, 2};
  float vw[3] = {1, 1, 1};
  mjs_setFloat(sk->vert, sv, 9);
  mjs_setInt(sk->face, sf, 3);
  mjs_appendString(sk->bodyname, "ghost");
  mjs_setFloat(sk->bindpos, bp, 3);
  mjs_setFloat(sk->bindquat, bq, 4);
  mjs_appendIntVec(sk->vertid, vid, 3);
  mjs_appendFloatVec(sk->vertweight, vw, 3);
  try_compile(s, "skin bone body");
  mjs_setStringVec(sk->bodyname, "world");
  mjs_setString(sk->material, "nomat");
  try_compile(s, "skin material");
  mjs_setString(sk->material, "mat");
  mjsTexture* t = mjs_addTexture(s);
  mjs_setName(t->element, "bytes");
  t->type = mjTEXTURE_2D;
  t->width = 2; t->height = 2;
  unsigned char five[5] = {1, 2, 3, 4, 5};
  mjs_setBuffer(t->data, five, 5);
  try_compile(s, "texture bytes");
  t->nchannel = 1;
  t->height = 3;
  try_compile(s, "texture bytes 1 channel");
  t->width = 5; t->height = 1;
  try_compile(s, "texture fixed");
  mjsTexture* nt = mjs_addTexture(s);
  nt->builtin = mjBUILTIN_CHECKER;
  nt->width = 4;
  try_compile(s, "unnamed texture");
  nt->type = mjTEXTURE_SKYBOX;
  mjsMaterial* nn = mjs_addMaterial(s, NULL);
  try_compile(s, "unnamed material");
  mjs_setName(nn->element, "nn");
  mjsMesh* fm = mjs_addMesh(s, NULL);
  mjs_setString(fm->file, "some/dir/thing.stl");
  printf("find by file: %d\n", mjs_findElement(s, mjOBJ_MESH, "thing") == fm->element);
  try_compile(s, "missing mesh file");
  printf("mesh named after its file: '%s'\n", name_of(fm->element));
  list_assets(s, "errors");
  mj_deleteSpec(s);
}

int main(int argc, char** argv) {
  outdir = argc > 1 ? argv[1] : ".";
  defaults();
  api();
  edit();
  errors();
  return 0;
}
