#!/usr/bin/env bash
# Damaged and unusual meshes: upstream 3.4.0 and ours must give the same verdict and error text
# (truncated, empty, ASCII or oversized STL; bad MSH sizes; OBJ with bad indices, polygons or
# garbage; too few vertices; flat and degenerate meshes; misoriented faces with exact inertia;
# bad inline data). Files that load are compared field by field instead.
#   mesh_errors.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/mesh-errors; rm -rf "$work"; mkdir -p "$work"
mjdiff=$root/target/xml-diff/mjdiff; mkdir -p "$(dirname "$mjdiff")"
[ "$mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$mjdiff" || exit 2
pass=0; fail=0
# compare NAME MESH_ATTRIBUTES [GEOM_ATTRIBUTES]: a model with that mesh on a free body
compare() {
  local f="$work/$1.xml"
  printf '<mujoco>\n<asset>\n<mesh name="m" %s/>\n</asset>\n<worldbody>\n<body><freejoint/><geom type="mesh" mesh="m" %s/></body>\n</worldbody>\n</mujoco>\n' "$2" "${3:-}" >"$f"
  local r o
  r=$(cd "$work" && LD_LIBRARY_PATH=$ref/lib "$mjdiff" compile "$f" "$f.ref.mjb" 2>&1 | grep -v '^WARNING')
  o=$(cd "$work" && LD_LIBRARY_PATH=$ours "$mjdiff" compile "$f" "$f.our.mjb" 2>&1 | grep -v '^WARNING')
  if [ -z "$r" ] && [ -f "$f.ref.mjb" ]; then
    if [ ! -f "$f.our.mjb" ]; then fail=$((fail+1)); echo "FAIL $1: upstream loads it, ours: $o"; return; fi
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.ref.mjb" "$f.ref.txt"
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.our.mjb" "$f.our.txt"
    if cmp -s "$f.ref.txt" "$f.our.txt"; then pass=$((pass+1)); echo "PASS $1: loads, every field equal"
    else fail=$((fail+1)); echo "FAIL $1: loads, fields differ"; fi
    return
  fi
  r=${r//$work\//}; o=${o//$work\//}
  if [ "$r" == "$o" ]; then pass=$((pass+1)); echo "PASS $1: $(echo "$r" | tr '\n' ' ' | cut -c1-110)"
  else fail=$((fail+1)); echo "FAIL $1"; echo "  upstream: $r"; echo "  ours:     $o"; fi
}
python3 - "$work" "$root/models/xml_assets/meshes" <<'PY'
import os, struct, sys
w, src = sys.argv[1], sys.argv[2]
stl = open(os.path.join(src, "prism.stl"), "rb").read()
def put(name, data, mode="wb"):
    open(os.path.join(w, name), mode).write(data)
put("trunc.stl", stl[:-7]); put("short.stl", stl[:60]); put("empty.stl", b"")
put("ascii.stl", b"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n")
put("zero.stl", stl[:80] + struct.pack("<I", 0))
big = bytearray(stl); big[84 + 12:84 + 16] = struct.pack("<f", 3e9); put("huge.stl", bytes(big))
nan = bytearray(stl); nan[84 + 12:84 + 16] = struct.pack("<f", float("nan")); put("nan.stl", bytes(nan))
flat = bytearray(stl[:84]); flat[80:84] = struct.pack("<I", 2)
for t in [((0,0,0),(1,0,0),(0,1,0)), ((1,0,0),(1,1,0),(0,1,0))]:
    flat += struct.pack("<3f", 0, 0, 1) + b"".join(struct.pack("<3f", *p) for p in t) + b"\0\0"
put("flat.stl", bytes(flat))
msh = open(os.path.join(src, "wedge.msh"), "rb").read()
put("trunc.msh", msh[:-4]); put("header.msh", msh[:10])
put("badsize.msh", struct.pack("<4i", 3, 0, 0, 1) + msh[16:])
put("negsize.msh", struct.pack("<4i", 6, -1, 0, 8) + msh[16:])
put("badidx.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 9\n", "w")
put("zeroidx.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 0 1 2\n", "w")
put("pent.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0.5 1.5 0\nv 0 1 0\nv 0.5 0.5 1\nf 1 2 3 4 5\nf 1 2 6\nf 2 3 6\nf 3 4 6\nf 4 5 6\nf 5 1 6\n", "w")
put("line.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nl 1 2\nf 1 3 2\n", "w")
put("garbage.obj", bytes(range(256)) * 4)
put("novert.obj", "# nothing\n", "w")
put("three.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "w")
put("inside_out.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 4 2\nf 1 3 4\nf 2 4 3\n", "w")
put("mixed.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 3 4\nf 2 3 4\n", "w")
put("x.ply", b"ply\n")
PY
compare stl_truncated 'file="trunc.stl"'
compare stl_short 'file="short.stl"'
compare stl_empty 'file="empty.stl"'
compare stl_ascii 'file="ascii.stl"'
compare stl_zero_faces 'file="zero.stl"'
compare stl_huge_vertex 'file="huge.stl"'
compare stl_nan_vertex 'file="nan.stl"'
compare stl_flat 'file="flat.stl"'
compare stl_flat_shell 'file="flat.stl" inertia="shell"'
compare stl_missing 'file="nothere.stl"'
compare msh_truncated 'file="trunc.msh"'
compare msh_header 'file="header.msh"'
compare msh_badsize 'file="badsize.msh"'
compare msh_negsize 'file="negsize.msh"'
compare obj_bad_index 'file="badidx.obj"'
compare obj_zero_index 'file="zeroidx.obj"'
compare obj_pentagon 'file="pent.obj"'
compare obj_line 'file="line.obj"'
compare obj_garbage 'file="garbage.obj"'
compare obj_no_vertices 'file="novert.obj"'
compare obj_three_vertices 'file="three.obj"'
compare obj_inside_out 'file="inside_out.obj"'
compare obj_inside_out_exact 'file="inside_out.obj" inertia="exact"'
compare obj_misoriented_exact 'file="mixed.obj" inertia="exact"'
compare obj_misoriented_legacy 'file="mixed.obj"'
compare ply_unsupported 'file="x.ply"'
compare bad_content_type 'file="badidx.obj" content_type="model"'
compare other_content_type 'file="badidx.obj" content_type="model/x-unknown"'
compare unknown_extension 'file="mesh.xyz"'
compare inline_few 'vertex="0 0 0 1 0 0 0 1 0"'
compare inline_not3 'vertex="0 0 0 1 0 0 0 1 0 0 0"'
compare inline_face_not3 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" face="0 1 2 3"'
compare inline_face_index 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" face="0 1 2 0 1 7"'
compare inline_coplanar 'vertex="0 0 0 1 0 0 0 1 0 1 1 0"'
compare inline_coincident 'vertex="0 0 0 0 0 0 0 0 0 0 0 0"'
compare inline_normal_not3 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" normal="0 0 1 0"'
compare inline_texcoord_odd 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" texcoord="0 0 1"'
compare inline_texcoord_count 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" texcoord="0 0 1 1"'
compare file_and_vertex 'file="pent.obj" vertex="0 0 0 1 0 0 0 1 0 0 0 1"'
compare maxhullvert_small 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" maxhullvert="3"'
compare maxhullvert_4 'file="pent.obj" maxhullvert="4"'
compare shell_geom 'vertex="0 0 0 1 0 0 0 1 0 0 0 1"' 'shellinertia="true"'
compare fromto_mesh 'vertex="0 0 0 1 0 0 0 1 0 0 0 1"' 'fromto="0 0 0 1 0 0"'
compare zero_scale 'vertex="0 0 0 1 0 0 0 1 0 0 0 1" scale="1 0 1"'
echo "mesh errors: $pass passed, $fail failed"
[ $fail -eq 0 ]
