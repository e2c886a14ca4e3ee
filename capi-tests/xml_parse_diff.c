// XML parsing through mj_loadXML: malformed and odd-but-valid documents, each loaded from a
// file, from a VFS buffer without and with its terminating NUL, and parsed by
// mj_parseXMLString. Prints one line per case and way: the error text (escaped) or, for a
// model that loads, a few mjModel fields (sizes, the names buffer, geom types and sizes) and the
// spec's comment. xml_parse_diff.sh runs it on upstream's library and ours and compares lines.
//   xml_parse_diff WORKDIR
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

typedef struct {
  const char* name;
  const char* xml;  // main file
  int len;          // its length (0: strlen)
  const char* inc;  // "inc.xml" beside it (NULL: none)
} Case;

#define WB(x) "<mujoco><worldbody>" x "</worldbody></mujoco>"

static const Case kCases[] = {
  {"attrs_without_space", WB("<geom name=\"a\"type=\"box\"size=\".1 .2 .3\"/>"), 0, NULL},
  {"entities", "<mujoco model=\"m&amp;&lt;&#x41;&#66;&unknown;&#X41;&#;z\"><worldbody>"
               "<body name=\"b&quot;&apos;&#x4e2d;&#20013;\"><geom name=\"g&lt;&foo;\" size=\"&#49;\"/>"
               "</body></worldbody></mujoco>", 0, NULL},
  {"hex_ref", WB("<geom name=\"&#x41;\" size=\"1\"/>"), 0, NULL},
  {"unknown_entity", WB("<geom name=\"a&b;&c\" size=\"1\"/>"), 0, NULL},
  {"decl_doctype", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE mujoco [ <!ENTITY e \"x\"> ]>\n"
                   "<!-- lead -->\n" WB("<geom size=\"1\"/>"), 0, NULL},
  {"root_comment", "<mujoco>\n  <!-- first comment\r\n  two lines &amp; -->\n  <!-- second -->\n"
                   "<worldbody><geom size=\"1\"/></worldbody></mujoco>", 0, NULL},
  {"root_text_first", "<mujoco>text<!-- not the first -->" "<worldbody><geom size=\"1\"/></worldbody></mujoco>", 0, NULL},
  {"text_cdata", "<mujoco>text<![CDATA[<geom/>]]><worldbody><geom size=\"1\"/>tail</worldbody></mujoco>", 0, NULL},
  {"bom", "\xef\xbb\xbf" WB("<geom size=\"1\"/>"), 0, NULL},
  {"bom_after_space", " \r\n\xef\xbb\xbf" WB("<geom size=\"1\"/>"), 0, NULL},
  {"vt_ff_space", WB("<geom\x0bsize=\"1\"\x0ctype=\"sphere\"/>"), 0, NULL},
  {"space_in_tags", "< mujoco ><worldbody ><geom size = '1' /></worldbody\n></mujoco >", 0, NULL},
  {"end_tag_attrs", "<mujoco><worldbody><geom size=\"1\"/></worldbody x=\"1\"></mujoco>", 0, NULL},
  {"end_tag_closed", WB("</geom size=\"1\"/>"), 0, NULL},
  {"end_tag_closed_open", "<mujoco><option timestep=\"0.01\"></option/></mujoco>", 0, NULL},
  {"two_roots", WB("<geom size=\"1\"/>") "\n<mujoco><worldbody><geom size=\"2\"/><geom size=\"3\"/></worldbody></mujoco>", 0, NULL},
  {"text_then_element", WB("<geom size=\"1\"/>") "\ntrailing<x/>", 0, NULL},
  {"stray_end_tag", WB("<geom size=\"1\"/>") "</x> <<< & not read", 0, NULL},
  {"nul_inside", WB("<geom size=\"1\"/>") "\0 garbage <<", sizeof(WB("<geom size=\"1\"/>") "\0 garbage <<") - 1, NULL},
  {"unknown_attr_lf", "<mujoco>\n<worldbody>\n\n<body>\n\n\n<geom size=\"1\" foo=\"2\"/>\n</body>\n</worldbody>\n</mujoco>\n", 0, NULL},
  {"unknown_attr_crlf", "<mujoco>\r\n<worldbody>\r\n\r\n<body>\r\n\r\n\r\n<geom size=\"1\" foo=\"2\"/>\r\n</body>\r\n</worldbody>\r\n</mujoco>\r\n", 0, NULL},
  {"unknown_attr_cr", "<mujoco>\r<worldbody>\r\r<body>\r\r\r<geom size=\"1\" foo=\"2\"/>\r</body>\r</worldbody>\r</mujoco>\r", 0, NULL},
  {"bad_value_line", "<mujoco>\n<worldbody>\n<geom\nsize=\"1\"\ntype=\"cube\"/>\n</worldbody>\n</mujoco>", 0, NULL},
  {"mismatched", "<mujoco>\n<worldbody>\n</body>\n</mujoco>", 0, NULL},
  {"unclosed_comment", "<mujoco>\n\n<!-- never closed\n</mujoco>", 0, NULL},
  {"unclosed_cdata", "<mujoco>\n<![CDATA[ x\n</mujoco>", 0, NULL},
  {"unclosed_unknown", "<mujoco>\n<!DOCTYPE", 0, NULL},
  {"unclosed_decl", "<?xml version=\"1.0\"", 0, NULL},
  {"duplicate_attr", "<mujoco>\n<worldbody>\n<geom size=\"1\" size=\"2\"/>\n</worldbody>\n</mujoco>", 0, NULL},
  {"duplicate_attr_nospace", "<mujoco>\n<worldbody>\n<geom size=\"1\"size=\"2\"/>\n</worldbody>\n</mujoco>", 0, NULL},
  {"text_after_root", WB("<geom size=\"1\"/>") "\ntrailing", 0, NULL},
  {"lt_at_end", "<mujoco>\n<worldbody/>x<", 0, NULL},
  {"empty", "", 0, NULL},
  {"blank", "  \n\t\r\n", 0, NULL},
  {"nul_first", "\0<mujoco/>", 10, NULL},
  {"comment_only", "<?xml version=\"1.0\"?>\n<!-- nothing else -->\n", 0, NULL},
  {"end_tag_first", "</x>" WB("<geom size=\"1\"/>"), 0, NULL},
  {"decl_after_comment", "<!-- c -->\n<?xml version=\"1.0\"\r\n?>" WB(""), 0, NULL},
  {"decl_inside", "<mujoco>\n<?pi x?>\n</mujoco>", 0, NULL},
  {"unclosed_root", "<mujoco>\n<worldbody/>\n", 0, NULL},
  {"root_at_eof", "<mujoco>", 0, NULL},
  {"unquoted_value", "<mujoco model=abc/>", 0, NULL},
  {"value_at_eof", "<mujoco>\n<option\ntimestep=\"0.1", 0, NULL},
  {"attr_without_value", "<mujoco><option timestep/></mujoco>", 0, NULL},
  {"tag_at_eof", "<mujoco\n", 0, NULL},
  {"bad_char_in_tag", "<mujoco>\n<option timestep=\"0.1\" ?></mujoco>", 0, NULL},
  {"bad_name", "<mujoco>\n< 1/></mujoco>", 0, NULL},
  {"end_tag_space", "<mujoco></ mujoco>", 0, NULL},
  {"not_mujoco", "<mjcf/>", 0, NULL},
  {"include", "<mujoco>\n<include file=\"inc.xml\"/>\n</mujoco>",
   0, "<mujoco><worldbody><geom name=\"i\"type=\"sphere\"size=\"1\"/></worldbody></mujoco>"},
  {"include_parse_error", "<mujoco>\n\n<include file=\"inc.xml\"/>\n</mujoco>", 0, "<mujoco>\n<worldbody>\n</body></mujoco>"},
  {"include_no_root", "<mujoco>\n<include file=\"inc.xml\"/>\n</mujoco>", 0, "<!-- nothing -->"},
  {"include_blank", "<mujoco>\n<include file=\"inc.xml\"/>\n</mujoco>", 0, " \n "},
  {"include_no_child", "<mujoco>\n<include file=\"inc.xml\"/>\n</mujoco>", 0, "<mujoco>text</mujoco>"},
};

static void put_escaped(const char* s, int n) {
  for (int i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n') printf("\\n");
    else if (c < 32 || c >= 127 || c == '\\') printf("\\x%02x", c);
    else putchar(c);
  }
}

static void report_model(const mjModel* m) {
  printf("nbody %d ngeom %d njnt %d opt.timestep %g names ", m->nbody, m->ngeom, m->njnt, m->opt.timestep);
  put_escaped(m->names, m->nnames);
  for (int i = 0; i < m->ngeom; i++) {
    printf(" geom%d %d %g %g %g", i, m->geom_type[i], m->geom_size[3*i], m->geom_size[3*i+1], m->geom_size[3*i+2]);
  }
}

static void write_file(const char* path, const char* data, int n) {
  FILE* f = fopen(path, "wb");
  if (!f) { perror(path); exit(2); }
  fwrite(data, 1, n, f);
  fclose(f);
}

// one way of loading: 0 file, 1 VFS buffer without the NUL, 2 VFS buffer with it
static void load(const Case* c, const char* incxml, int inclen, int way, const char* dir) {
  static const char* kWays[] = {"file", "vfs", "vfs+nul"};
  int n = c->len ? c->len : (int)strlen(c->xml);
  char error[2000] = "";
  mjModel* m = NULL;
  if (way == 0) {
    char path[1024], inc[1024];
    snprintf(path, sizeof(path), "%s/%s.xml", dir, c->name);
    snprintf(inc, sizeof(inc), "%s/inc.xml", dir);
    write_file(path, c->xml, n);
    if (incxml) write_file(inc, incxml, inclen);
    m = mj_loadXML(path, NULL, error, sizeof(error));
    remove(inc);
  } else {
    mjVFS vfs;
    mj_defaultVFS(&vfs);
    int extra = way == 2 ? 1 : 0;
    char name[300];
    snprintf(name, sizeof(name), "%s.xml", c->name);
    mj_addBufferVFS(&vfs, name, c->xml, n + extra);
    if (incxml) mj_addBufferVFS(&vfs, "inc.xml", incxml, inclen + extra);
    m = mj_loadXML(name, &vfs, error, sizeof(error));
    mj_deleteVFS(&vfs);
  }
  printf("%s %s: ", c->name, kWays[way]);
  if (m) {
    report_model(m);
    mj_deleteModel(m);
  } else {
    printf("error ");
    put_escaped(error, (int)strlen(error));
  }
  printf("\n");
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: xml_parse_diff WORKDIR\n");
    return 2;
  }
  int ncase = sizeof(kCases) / sizeof(kCases[0]);
  // an element name past the parser's 1000-byte message, in the main file and in an include
  static char longxml[3000], longinc[3000];
  char name[1601];
  memset(name, 'n', 1600);
  name[1600] = 0;
  snprintf(longxml, sizeof(longxml), "<mujoco>\n<%s a=1/></mujoco>", name);
  snprintf(longinc, sizeof(longinc), "<mujoco>\n<%s a=\"1\"a=\"2\"/></mujoco>", name);
  Case extra[] = {
    {"long_name", longxml, 0, NULL},
    {"include_long_name", "<mujoco>\n<include file=\"inc.xml\"/>\n</mujoco>", 0, longinc},
  };
  for (int k = 0; k < ncase + 2; k++) {
    const Case* c = k < ncase ? &kCases[k] : &extra[k - ncase];
    int inclen = c->inc ? (int)strlen(c->inc) : 0;
    for (int way = 0; way < 3; way++) {
      load(c, c->inc, inclen, way, argv[1]);
    }
    // the spec's comment (the root's leading comment), through mj_parseXMLString
    if (!c->inc && !c->len) {
      char error[2000] = "";
      mjSpec* s = mj_parseXMLString(c->xml, NULL, error, sizeof(error));
      printf("%s spec: ", c->name);
      if (s) {
        const char* comment = mjs_getString(s->comment);
        printf("comment ");
        put_escaped(comment, (int)strlen(comment));
        mj_deleteSpec(s);
      } else {
        printf("error ");
        put_escaped(error, (int)strlen(error));
      }
      printf("\n");
    }
  }
  return 0;
}
