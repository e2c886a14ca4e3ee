#!/usr/bin/env bash
# mju_getXMLDependencies on upstream's library and ours: same list, same order, same strings.
# Runs from the repository root (file lookups relative to the working directory are part of the
# behaviour) and once from inside a model folder with a bare file name.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=${OURS:-$root/dist/lib}
work=$root/target/xml-deps; mkdir -p "$work"
prog=$work/xml_deps_diff
[ "$prog" -nt "$here/xml_deps_diff.c" ] || { gcc -O1 -std=gnu11 -I"$ref/include" "$here/xml_deps_diff.c" -L"$ref/lib" -lmujoco -o "$prog.$$" && mv "$prog.$$" "$prog"; } || exit 2
cd "$root"
run() {  # run LIBDIR: every case, one output
  local lib=$1
  LD_LIBRARY_PATH=$lib "$prog" models/deps_basic/main.xml models/deps_quirks/main.xml \
    models/deps_many/main.xml ./models/deps_basic/main.xml models/xml_basic.xml \
    models/deps_quirks/sub/../main.xml
  (cd models/deps_basic && LD_LIBRARY_PATH=$lib "$prog" main.xml inc/a.xml)
  (cd models/deps_short && LD_LIBRARY_PATH=$lib "$prog" s.x)
  for f in models/deps_missing.xml models/deps_quirks models/deps_quirks/empty.xml "" "(null)" \
           models/deps_quirks/missing_include.xml; do
    echo "== error case '$f'"; LD_LIBRARY_PATH=$lib "$prog" -e "$f"
  done
  # malformed XML and documents without a root: the parser's messages (TinyXML2's upstream)
  for f in models/deps_quirks/broken.xml "$work"/parse_*.xml; do
    echo "== error case $(basename "$f")"; LD_LIBRARY_PATH=$lib "$prog" -e "$f"
  done
}
# documents made here: whitespace only, a NUL first, no element, a mismatched end tag (line 3),
# a duplicate attribute, and one that loads: attributes without whitespace, an end tag at
# document level ending the document, text after it
printf ' \r\n\t ' > "$work/parse_blank.xml"
printf '\0<mujoco/>' > "$work/parse_nul.xml"
printf '<?xml version="1.0"?>\n<!-- nothing -->\n' > "$work/parse_noroot.xml"
printf '<mujoco>\r\n<asset>\r\n<mesh file="a.stl"></asset>\r\n</mujoco>' > "$work/parse_mismatch.xml"
printf '<mujoco>\n<asset><mesh file="a.stl" file="b.stl"/></asset></mujoco>' > "$work/parse_dupattr.xml"
printf '<mujoco><asset><mesh name="m"file="a&amp;b.stl"/></asset></mujoco></x> <mesh file="c.stl"/>' > "$work/parse_loads.xml"
run "$ref/lib" > "$work/ref.$$" 2>&1
run "$ours" > "$work/our.$$" 2>&1
if diff "$work/ref.$$" "$work/our.$$" > "$work/diff.$$"; then
  echo "xml_deps_diff: identical ($(grep -c '^  \[' "$work/ref.$$") entries)"; rc=0
else
  cat "$work/diff.$$"; echo "xml_deps_diff: DIFFERENT"; rc=1
fi
rm -f "$work/ref.$$" "$work/our.$$" "$work/diff.$$"
exit $rc
