#!/usr/bin/env bash
# Plugin, resource-provider and decoder registries against upstream: plugin_diff.sh [OUR_LIBDIR]
# Builds plugin_diff.c against upstream's header and the small plugin libraries of
# plugin_testlib.c, runs the program on upstream's library and on ours (dist/lib by default)
# and requires identical output; then the same for mj_loadXML of models, included files,
# textures and model files served by a resource provider (plugin_diff WORKDIR xml).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd)
ref=$("$here/refget.sh")
work=$root/target/plugin-diff; rm -rf "$work"; mkdir -p "$work/scan/sub.so"
cc() { gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$@"; }
cc "$here/plugin_diff.c" -L"$ref/lib" -lmujoco -lpthread -o "$work/plugin_diff" || exit 2
lib() { cc -shared -fPIC -DPLUGIN_NAMES="\"$2\"" "$here/plugin_testlib.c" -o "$1" || exit 2; }
lib "$work/libplug_a.so" "lib.a"
lib "$work/scan/libplug_b.so" "lib.b1,lib.b2"
lib "$work/scan/libplug_c.so" ""
lib "$work/scan/libplug_d.so.1" "lib.d"
echo "not a library" > "$work/bad.so"
echo "text" > "$work/scan/readme.txt"
: > "$work/scan/.so"
ln -s libplug_d.so.1 "$work/scan/link.so"
run() { (cd "$work" && LD_LIBRARY_PATH=$1 timeout 20 ./plugin_diff "$work" ${2:-} 2>&1); echo "exit $?"; }
rc=0
run "$ref/lib" > "$work/ref.txt"; run "$ours" > "$work/our.txt"
if cmp -s "$work/ref.txt" "$work/our.txt"; then
  echo "PASS plugin_diff ($(wc -l < "$work/ref.txt") lines)"
else
  echo "FAIL plugin_diff"; diff "$work/ref.txt" "$work/our.txt" | head -40; rc=1
fi
run "$ref/lib" xml > "$work/ref_xml.txt"; run "$ours" xml > "$work/our_xml.txt"
if cmp -s "$work/ref_xml.txt" "$work/our_xml.txt"; then
  echo "PASS plugin_diff mj_loadXML through a provider ($(wc -l < "$work/ref_xml.txt") lines)"
else
  echo "FAIL plugin_diff mj_loadXML through a provider"; diff "$work/ref_xml.txt" "$work/our_xml.txt" | head -40; rc=1
fi
exit $rc
