#!/usr/bin/env bash
# The asset cache against upstream: cache_diff.c (built against upstream's header) runs once on
# upstream's library and once on ours, each in a fresh work folder; the printouts (cache sizes
# after loading the project's asset models, hits, invalidation, reuse rules, capacity,
# eviction, clearing, disabling) must be identical. (Not models/xml_attach.xml: the assets of
# nested <model> files are read ahead of compiling and not cached, as the README says.)
#   cache_diff.sh [OUR_LIBDIR]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd)
ref=$("$here/refget.sh")
work=$root/target/cache-diff; rm -rf "$work"; mkdir -p "$work"
gcc -O1 -std=gnu11 -Wall -I"$ref/include" "$here/cache_diff.c" -L"$ref/lib" -lmujoco -o "$work/cache_diff" || exit 2
models=()
for n in xml_meshes xml_meshes_aabb xml_sdf_mesh xml_hfields xml_png_textures xml_assets xml_skins xml_mesh_builtin; do
  models+=("$root/models/$n.xml")
done
# assets of nested <model>s go through the cache too
models+=("$root/models/xml_attach.xml" "$root/models/deps_basic/main.xml")
for lib in ref our; do
  libdir=$ref/lib; [ $lib = our ] && libdir=$ours
  rm -rf "$work/files"; mkdir -p "$work/files"
  LD_LIBRARY_PATH=$libdir timeout 300 "$work/cache_diff" "$work/files" "${models[@]}" >"$work/$lib.txt" 2>&1 \
    || { echo "FAIL: $lib run"; tail -5 "$work/$lib.txt"; exit 1; }
done
if diff "$work/ref.txt" "$work/our.txt" >"$work/diff.txt"; then
  echo "cache: $(wc -l <"$work/ref.txt") lines identical"
else
  echo "FAIL: cache printouts differ (< upstream, > ours)"; head -40 "$work/diff.txt"; exit 1
fi
