#!/usr/bin/env bash
# valgrind memcheck over our library: every models/*.xml loaded with mj_loadXML and stepped,
# and the MJB files of the differential suite loaded and stepped; any invalid read or write,
# use of uninitialised memory or bad free fails the run (leaks are not counted).
#   memcheck.sh OUR_LIBDIR FUZZ_RUN [NSTEP] [FILES...]      (files default to models/*.xml and
#                                                            target/fuzz/seeds/*.mjb)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$(dirname "$here")")
ours=$(cd "$1" && pwd); run=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); nstep=${3:-20}; shift 3 2>/dev/null || shift $#
files=("$@"); [ ${#files[@]} -gt 0 ] || files=("$root"/models/*.xml "$root"/target/fuzz/seeds/*.mjb)
log=$root/target/fuzz/memcheck; mkdir -p "$log"
pass=0; fail=0
for f in "${files[@]}"; do
  [ -e "$f" ] || continue
  n=$(basename "$f")
  if (cd "$(dirname "$f")" && LD_LIBRARY_PATH=$ours valgrind --tool=memcheck --error-exitcode=99 \
        --leak-check=no --track-origins=no -q "$run" run "$f" "$nstep") >"$log/$n.out" 2>"$log/$n.vg"; then
    pass=$((pass+1)); echo "PASS $n"
  else
    fail=$((fail+1)); echo "FAIL $n (see $log/$n.vg)"; head -20 "$log/$n.vg"
  fi
done
echo "memcheck: $pass clean, $fail with errors"
[ "$fail" = 0 ]
