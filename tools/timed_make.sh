#!/usr/bin/env bash
# Runs `make TARGET` for each target in turn, stops at the first failure, and prints how long each
# took (also on failure), so a CI log shows where the time of `make test` goes.
#   tools/timed_make.sh [-C DIR] [VAR=value ...] TARGET...
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-C" ]; then cd "$2"; shift 2; fi
vars=()
while [ $# -gt 0 ] && [[ "$1" == *=* ]]; do vars+=("$1"); shift; done
[ $# -gt 0 ] || { echo "usage: tools/timed_make.sh [-C DIR] [VAR=value ...] TARGET..." >&2; exit 2; }
report=()
start_all=$SECONDS
summary() {
  echo "== stage times ($(basename "$PWD")) =="
  for r in "${report[@]}"; do echo "$r"; done
  echo "total $((SECONDS - start_all)) s"
}
for t in "$@"; do
  t0=$SECONDS
  echo "== make $t"
  if make --no-print-directory "${vars[@]}" "$t"; then
    report+=("$(printf '%-16s %5d s' "$t" $((SECONDS - t0)))")
  else
    rc=$?
    report+=("$(printf '%-16s %5d s  FAILED (exit %d)' "$t" $((SECONDS - t0)) "$rc")")
    summary
    exit "$rc"
  fi
done
summary
