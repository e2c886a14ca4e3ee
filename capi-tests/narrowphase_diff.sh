#!/usr/bin/env bash
# Narrowphase against upstream 3.4.0: every exported mjc_ pair function (primitive, box and
# convex pairs, multiCCD, EPA beyond its static buffers, the libccd fallback with native CCD
# disabled) and the SDF fields (mjc_distance, mjc_gradient) on random relative poses of the
# geoms of the models/collide_*.xml models, two seeds each, contacts compared exactly (tolerance
# 1e-12); the exported convex-object internals (ccd_diff.c) on four of them.
#   narrowphase_diff.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
export OURS=$(cd "${1:-$root/dist/lib}" && pwd)
pass=0; fail=0
for xml in "$root"/models/collide_primitives.xml "$root"/models/collide_convex.xml \
           "$root"/models/collide_convex_multiccd.xml "$root"/models/collide_gjk.xml \
           "$root"/models/collide_gjk_iter.xml "$root"/models/collide_sdf.xml \
           "$root"/models/collide_libccd.xml "$root"/models/collide_libccd_multiccd.xml; do
  for seed in 1 2; do
    n="$(basename "$xml") seed $seed"
    if out=$("$here/collide_diff.sh" "$xml" $seed 30 2>&1); then
      pass=$((pass+1)); echo "PASS $n: $(echo "$out" | tail -1)"
    else
      fail=$((fail+1)); echo "FAIL $n"; echo "$out" | head -8 | sed 's/^/    /'
    fi
  done
done
# the exported convex-object internals (mjc_initCCDObj, mjc_center, mjc_ccd, mjccd_center,
# mjccd_support): ccd_diff.c
for xml in "$root"/models/collide_convex.xml "$root"/models/collide_gjk.xml \
           "$root"/models/collide_convex_flex.xml "$root"/models/collide_libccd_flex.xml; do
  n="ccd objects $(basename "$xml")"
  if out=$(DIFFPROG=ccd_diff "$here/collide_diff.sh" "$xml" 1 10 2>&1); then
    pass=$((pass+1)); echo "PASS $n: $(echo "$out" | tail -1)"
  else
    fail=$((fail+1)); echo "FAIL $n"; echo "$out" | head -8 | sed 's/^/    /'
  fi
done
echo "narrowphase: $pass passed, $fail failed"
[ $fail -eq 0 ]
