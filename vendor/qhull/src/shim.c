// The few entry points src/compiler/mesh/hull.rs needs from Qhull: run "qhull <options>" on a
// point set under Qhull's setjmp error handler (Qhull reports errors by longjmp, which must not
// cross Rust frames), then walk the triangulated hull through plain accessor functions, so the
// Rust side sees only opaque pointers and ints and never Qhull's struct layouts. The names start
// with qhshim_, not mj: the library's version script exports every mj* symbol.
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "libqhull_r.h"
#include "poly_r.h"

// A Qhull instance: calloc'd qhT, zeroed and given its files the way MuJoCo does (qh_zero,
// qh_init_A with stdin/stdout/stderr, no arguments). NULL when out of memory.
qhT* qhshim_new(void) {
  qhT* qh = (qhT*)calloc(1, sizeof(qhT));
  if (!qh) {
    return NULL;
  }
  qh_zero(qh, stderr);
  qh_init_A(qh, stdin, stdout, stderr, 0, NULL);
  return qh;
}

// Runs Qhull with `options` (e.g. "qhull Qt") on `npoint` 3D points (xyz triples, kept by Qhull
// until qhshim_free), triangulates the hull and computes each vertex's neighbouring facets.
// Returns 0 on success, else Qhull's exit code (its message went to stderr).
int qhshim_run(qhT* qh, const char* options, coordT* points, int npoint) {
  char command[256];
  size_t len = strlen(options);
  if (len >= sizeof(command)) {
    return qh_ERRinput;
  }
  memcpy(command, options, len + 1);
  int status = setjmp(qh->errexit);
  if (status == 0) {
    qh->NOerrexit = False;
    qh_initflags(qh, command);
    qh_init_B(qh, points, npoint, 3, False);
    qh_qhull(qh);
    qh_triangulate(qh);
    qh_vertexneighbors(qh);
  }
  qh->NOerrexit = True;
  return status;
}

// Frees everything Qhull allocated and the instance itself.
void qhshim_free(qhT* qh) {
  int curlong, totlong;
  if (!qh) {
    return;
  }
  qh_freeqhull(qh, !qh_ALL);
  qh_memfreeshort(qh, &curlong, &totlong);
  free(qh);
}

int qhshim_num_vertices(const qhT* qh) { return qh->num_vertices; }
int qhshim_num_facets(const qhT* qh) { return qh->num_facets; }

// Vertices and facets in Qhull's list order (FORALLvertices / FORALLfacets: each list ends with
// a sentinel, which is not returned). NULL past the last one.
const vertexT* qhshim_first_vertex(const qhT* qh) {
  const vertexT* v = qh->vertex_list;
  return v && v->next ? v : NULL;
}
const vertexT* qhshim_next_vertex(const vertexT* v) {
  v = v->next;
  return v && v->next ? v : NULL;
}
const facetT* qhshim_first_facet(const qhT* qh) {
  const facetT* f = qh->facet_list;
  return f && f->next ? f : NULL;
}
const facetT* qhshim_next_facet(const facetT* f) {
  f = f->next;
  return f && f->next ? f : NULL;
}

// Element i of a Qhull set in set order (FOREACHsetelement_), NULL past the last one.
static void* set_elem(const setT* set, int i) {
  if (!set || i < 0) {
    return NULL;
  }
  for (int k = 0; k < i; k++) {
    if (!set->e[k].p) {
      return NULL;
    }
  }
  return set->e[i].p;
}

// The point index of a vertex in the input (qh_pointid: negative for points not in the input).
int qhshim_vertex_pointid(qhT* qh, const vertexT* v) { return qh_pointid(qh, v->point); }

// Facet i around vertex v (from qh_vertexneighbors), NULL past the last.
const facetT* qhshim_vertex_neighbor(const vertexT* v, int i) {
  return (const facetT*)set_elem(v->neighbors, i);
}

// Vertex i of facet f, NULL past the last.
const vertexT* qhshim_facet_vertex(const facetT* f, int i) {
  return (const vertexT*)set_elem(f->vertices, i);
}

// 1 when the facet's vertices are in the orientation Qhull calls top-oriented.
int qhshim_facet_toporient(const facetT* f) { return f->toporient ? 1 : 0; }
