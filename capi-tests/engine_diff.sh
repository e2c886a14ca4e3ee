#!/usr/bin/env bash
# Engine against upstream 3.4.0: for every models/*.xml (compiled to MJB by upstream), from seeded
# random states, mj_forward and then 20 mj_step must give upstream's mjData (every buffer array)
# within tolerance, with contacts and constraints (collision, constraint assembly, islands, the
# solvers); once more with constraints disabled (MJDUMP_DSBL=1) for the smooth dynamics alone, and
# the exported factor/solve kernels (mj_tendonArmature, mj_factorI, mj_solveLD and their legacy
# forms) on explicit matrices.
# Prints one line per check and 'engine: N passed, N failed'.
#   engine_diff.sh OUR_LIBDIR [MODEL.xml ...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
export OURS=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/*.xml)
pass=0; fail=0
check() { # name, tol, model, seed, stages [dsbl]
  local out
  if out=$(MJDUMP_DSBL=${6:-0} "$here/stage_diff.sh" "$3" "$4" "$5" "$2" 2>&1); then
    pass=$((pass+1)); echo "PASS $1"
  else
    fail=$((fail+1)); echo "FAIL $1"; echo "$out" | head -8 | sed 's/^/    /'
  fi
}
for xml in "${models[@]}"; do
  n=$(basename "$xml")
  for seed in 1 2; do
    check "forward $n seed $seed" 1e-9 "$xml" $seed forward
  done
  check "20 steps $n" 1e-7 "$xml" 4 "step*20"
  check "forward $n without constraints" 1e-9 "$xml" 3 forward 1
  check "factor/solve kernels $n" 1e-9 "$xml" 5 forward,tendonArmature,factorI,solveLD,factorIlegacy,solveLDlegacy 1
done
# a thread pool bound to the data: islands solved as parallel tasks, same numbers
for xml in "$root"/models/island_contacts.xml "$root"/models/solver_islands.xml "$root"/models/bench_stack.xml; do
  [ -f "$xml" ] || continue
  n=$(basename "$xml")
  MJDUMP_THREADS=3 check "20 steps $n with a thread pool" 1e-7 "$xml" 4 "step*20"
done
echo "engine: $pass passed, $fail failed"
[ $fail -eq 0 ]
