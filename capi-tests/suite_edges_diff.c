// Edge cases that upstream 3.4.0's own C++ test suite exercises, run on upstream's library and
// on ours (run_diff.sh compares the two outputs line by line):
// - an engine error raised while compiling (a sleep policy that setconst refuses) fails the load
//   with the message in the error buffer, and mju_user_error is not called;
// - mj_extractState checks the signatures before touching the buffers;
// - mjs_addSensor of an unknown type fails the compile with upstream's text;
// - names of the spec's own element and of a tendon wrap; mjs_findElement of mjOBJ_XBODY and of a
//   type with no list; mjs_firstElement of such a type;
// - mjs_sensorDim of a tactile sensor once compiled;
// - _mjPRIVATE__set_xml_precision / _get_xml_precision and the numbers mj_saveXMLString writes.
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

// upstream's private hooks (declared in its src/xml/xml_numeric_format.h, exported by the library)
int _mjPRIVATE__get_xml_precision(void);
void _mjPRIVATE__set_xml_precision(const int precision);

static int user_errors = 0;
static void count_error(const char* msg) {
  user_errors++;
  printf("mju_user_error: %s\n", msg);
}

static void load(const char* label, const char* xml) {
  char error[1024] = "";
  mjSpec* s = mj_parseXMLString(xml, NULL, error, sizeof(error));
  if (!s) {
    printf("%s: parse failed: %s\n", label, error);
    return;
  }
  mjModel* m = mj_compile(s, NULL);
  printf("%s: model %s, error '%s', user errors %d\n", label, m ? "made" : "NULL",
         mjs_getError(s), user_errors);
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

static const char* kSleepTendon =
  "<mujoco><option><flag sleep='enable'/></option><worldbody>"
  "<body name='a'><joint type='slide'/><geom size='.1'/><site name='s1'/>"
  "  <body><joint type='slide'/><geom size='.1'/><site name='s2'/></body></body>"
  "<body name='b' sleep='allowed'><joint type='slide'/><geom size='.1'/><site name='s3'/></body>"
  "<body name='c'><joint type='slide'/><geom size='.1'/><site name='s4'/></body>"
  "</worldbody><tendon><spatial><site site='s2'/><site site='s3'/><site site='s4'/></spatial>"
  "</tendon></mujoco>";

static const char* kSleepStiff =
  "<mujoco><option><flag sleep='enable'/></option><worldbody>"
  "<body name='a'><joint type='slide'/><geom size='.1'/><site name='s1'/></body>"
  "<body name='b' sleep='init'><joint type='slide'/><geom size='.1'/><site name='s3'/></body>"
  "</worldbody><tendon><spatial stiffness='2'><site site='s1'/><site site='s3'/></spatial>"
  "</tendon></mujoco>";

static const char* kTactile =
  "<mujoco><asset><mesh name='m' vertex='0 0 0  1 0 0  0 1 0  0 0 1  1 1 1'/></asset>"
  "<worldbody><body><freejoint/><geom name='g' type='mesh' mesh='m'/></body></worldbody>"
  "<sensor><tactile name='t' geom='g' mesh='m'/></sensor></mujoco>";

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  mju_user_error = count_error;

  // compile-time engine errors
  load("sleep, tendon over 3 trees", kSleepTendon);
  load("sleep, stiff tendon", kSleepStiff);

  // mj_extractState: a dstsig that is not a subset of srcsig, with NULL buffers
  {
    mjModel* m = NULL;
    char error[1024] = "";
    mjSpec* s = mj_parseXMLString("<mujoco><worldbody><body><freejoint/><geom size='1'/>"
                                  "</body></worldbody></mujoco>", NULL, error, sizeof(error));
    if (s) m = mj_compile(s, NULL);
    if (m) {
      user_errors = 0;
      mj_extractState(m, NULL, mjSTATE_QPOS, NULL, mjSTATE_QFRC_APPLIED);
      printf("extractState: user errors %d\n", user_errors);
    }
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }

  // a sensor of an unknown type
  {
    mjSpec* s = mj_makeSpec();
    mjsSensor* sensor = mjs_addSensor(s);
    mjs_setName(sensor->element, "odd");
    sensor->type = 999;
    mjModel* m = mj_compile(s, NULL);
    printf("sensor type 999: model %s, error '%s'\n", m ? "made" : "NULL", mjs_getError(s));
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }

  // names, lookups and iteration
  {
    mjSpec* s = mj_makeSpec();
    printf("spec element name '%s'\n", mjs_getString(mjs_getName(s->element)));
    mjs_setString(mjs_getName(s->element), "mine");
    printf("spec element name '%s', model name '%s'\n", mjs_getString(mjs_getName(s->element)),
           mjs_getString(s->modelname));
    mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), NULL);
    mjs_setName(b->element, "b");
    mjsSite* site = mjs_addSite(b, NULL);
    mjs_setName(site->element, "s");
    mjsTendon* t = mjs_addTendon(s, NULL);
    mjsWrap* w = mjs_wrapSite(t, "s");
    printf("wrap name '%s'\n", mjs_getString(mjs_getName(w->element)));
    printf("find xbody b: %s\n", mjs_findElement(s, mjOBJ_XBODY, "b") == b->element ? "the body" : "other");
    printf("find xbody x: %s\n", mjs_findElement(s, mjOBJ_XBODY, "x") ? "found" : "NULL");
    printf("find dof b: %s\n", mjs_findElement(s, mjOBJ_DOF, "b") ? "found" : "NULL");
    printf("first dof: %s\n", mjs_firstElement(s, mjOBJ_DOF) ? "found" : "NULL");
    printf("first actuatorname: %s\n", mjs_firstElement(s, mjOBJ_ACTUATOR) ? "found" : "NULL");
    mj_deleteSpec(s);
  }

  // tactile sensor dimension once compiled
  {
    char error[1024] = "";
    mjSpec* s = mj_parseXMLString(kTactile, NULL, error, sizeof(error));
    mjModel* m = s ? mj_compile(s, NULL) : NULL;
    if (m) {
      mjsSensor* t = mjs_asSensor(mjs_findElement(s, mjOBJ_SENSOR, "t"));
      printf("tactile dim %d, model sensor_dim %d\n", mjs_sensorDim(t), m->sensor_dim[0]);
    } else {
      printf("tactile: %s %s\n", error, s ? mjs_getError(s) : "");
    }
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }

  // XML number precision
  {
    printf("xml precision %d\n", _mjPRIVATE__get_xml_precision());
    mjSpec* s = mj_makeSpec();
    mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), NULL);
    mjsGeom* g = mjs_addGeom(b, NULL);
    g->size[0] = 1.0 / 3.0;
    b->pos[0] = 0.1;
    mjModel* m = mj_compile(s, NULL);
    char xml[4096], error[256];
    for (int p = 6; p <= 17; p += 11) {
      _mjPRIVATE__set_xml_precision(p);
      printf("precision %d: %d\n", _mjPRIVATE__get_xml_precision(),
             mj_saveXMLString(s, xml, sizeof(xml), error, sizeof(error)));
      char* at = strstr(xml, "<body");
      printf("%.*s\n", at ? (int)(strchr(at, '\n') - at) : 0, at ? at : "");
      at = strstr(xml, "<geom");
      printf("%.*s\n", at ? (int)(strchr(at, '\n') - at) : 0, at ? at : "");
    }
    _mjPRIVATE__set_xml_precision(6);
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }
  return 0;
}
