#!/usr/bin/env bash
# Ray casting of this library against upstream 3.4.0's (the reference wheel) in one process per
# model (benches/ray_pair.c: both libraries loaded, the same state and the same seeded rays,
# alternating blocks): prints per model the median block-time ratio upstream/ours (ours' speed
# relative to upstream's) of mj_ray and of mj_multiRay, nanoseconds per ray, and the geometric
# mean over all figures. Exits non-zero when any ray's geom or distance differs from upstream's.
#   benches/ray_pair.sh [OUR_LIBDIR] [NRAY] [MODEL.xml ...]   (default: the models below)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
nray=${1:-4096}; shift || true
ref=$("$root/capi-tests/refget.sh")
work=$root/target/bench; mkdir -p "$work"
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  for m in rays rays_hfield xml_hfields xml_meshes bench_quadruped island_contacts contacts rays_many; do
    models+=("$root/models/$m.xml")
  done
fi
gcc -O2 -I"$root/dist/include" "$root/benches/ray_pair.c" -lm -ldl -o "$work/ray_pair" || exit 2
gcc -O1 -std=gnu11 -I"$ref/include" "$root/capi-tests/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
printf '%-20s %-12s %8s %8s %8s %9s %9s %10s %8s\n' model function median q1 q3 'ns/ray up' 'ns/ray us' hits mismatch
logsum=0; n=0; bad=0
for xml in "${models[@]}"; do
  name=$(basename "$xml" .xml); mjb=$work/ray_$name.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" 2>/dev/null || { echo "$name: upstream cannot compile"; bad=1; continue; }
  out=$(timeout 600 "$work/ray_pair" "$ref/lib/libmujoco.so.3.4.0" "$ours/libmujoco.so.3.4.0" "$mjb" "$nray")
  [ $? -eq 0 ] || bad=1
  [ -n "$out" ] || { echo "$name: no figure"; bad=1; continue; }
  while read -r fn _ med _ q1 _ q3 _ _ _ _ na _ nb _ hits _ mis; do
    printf '%-20s %-12s %8s %8s %8s %9s %9s %10s %8s\n' "$name" "$fn" "$med" "$q1" "$q3" "$na" "$nb" "$hits" "$mis"
    logsum=$(python3 -c "import math;print($logsum+math.log($med))"); n=$((n+1))
  done <<< "$out"
done
[ $n -gt 0 ] && python3 -c "import math;print(f'geomean ours/upstream {math.exp($logsum/$n):.3f} over $n figures ($nray rays, one process per model)')"
exit $bad
