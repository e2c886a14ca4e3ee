#!/usr/bin/env bash
# mj_loadXML against upstream 3.4.0: every models/*.xml and models/*.urdf is compiled by
# upstream's library and by ours, both models are saved as MJB and dumped field by field by
# upstream's library (mjdiff model); the dumps must be identical. Models using engine plugins get upstream's plugin libraries
# loaded in every process (MJPLUGIN_DIR; models/plugin/*.xml are compared by plugin_xml_diff.sh).
#   xml_diff.sh OUR_LIBDIR [MODEL...]   (default: every models/*.xml and models/*.urdf)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/xml-diff; mkdir -p "$work"
[ "$work/mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
pass=0; fail=0
ok() { pass=$((pass+1)); echo "PASS $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
shift $(( $# > 0 ? 1 : 0 ))
[ $# -gt 0 ] && list=("$@") || list=("$root"/models/*.xml "$root"/models/*.urdf)
for xml in "${list[@]}"; do
  n=$(basename "$xml"); n=${n%.*}; b=$work/$n
  if grep -qE '<(extension|plugin)[ />]' "$xml"; then export MJPLUGIN_DIR=$ref/plugin; else unset MJPLUGIN_DIR; fi
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$b.ref.mjb" >/dev/null 2>&1 || { bad "$n: upstream cannot load it"; continue; }
  if ! LD_LIBRARY_PATH=$ours "$work/mjdiff" compile "$xml" "$b.our.mjb" >"$b.err" 2>&1; then
    bad "$n: our mj_loadXML failed: $(head -c 200 "$b.err" | tr '\n' ' ')"; continue
  fi
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$b.ref.mjb" "$b.ref.txt" 2>"$b.err" || { bad "$n: upstream cannot load its own MJB: $(head -c 200 "$b.err")"; continue; }
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$b.our.mjb" "$b.our.txt" 2>"$b.err" || { bad "$n: upstream cannot load our MJB: $(head -c 200 "$b.err")"; continue; }
  if cmp -s "$b.ref.txt" "$b.our.txt"; then
    ok "$n: every mjModel field equal"
  else
    bad "$n: fields differ"; diff "$b.ref.txt" "$b.our.txt" | head -4 | cut -c1-200 | sed 's/^/    /'
  fi
done
echo "xml: $pass passed, $fail failed"
[ $fail -eq 0 ]
