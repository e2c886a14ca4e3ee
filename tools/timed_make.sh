#!/usr/bin/env bash
# Runs make targets and prints how long each took (also when one fails), so a CI log shows where
# the time of `make test` goes.
#   tools/timed_make.sh [-P N] [VAR=value ...] JOB...
# A JOB is a target, DIR:TARGET for a target of DIR/Makefile, or several of those joined by `+`
# (run one after the other). Without -P the jobs run in turn and the first failure stops the
# run. With -P N, N jobs run at once (list the longest first); each job's output is kept in
# target/timed/ and printed when it ends; after a failure no new job starts, the running ones
# finish, and the exit status is the failure's.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
par=0
if [ "${1:-}" = "-P" ]; then par=$2; shift 2; fi
vars=()
while [ $# -gt 0 ] && [[ "$1" == *=* ]]; do vars+=("$1"); shift; done
[ $# -gt 0 ] || { echo "usage: tools/timed_make.sh [-P N] [VAR=value ...] JOB..." >&2; exit 2; }

# one target: DIR:TARGET or TARGET
make_one() {
  local t=$1 dir=.
  if [[ "$t" == *:* ]]; then dir=${t%%:*}; t=${t#*:}; fi
  make --no-print-directory -C "$root/$dir" "${vars[@]}" "$t"
}
# a job (targets joined by +), one line per target appended to the file $2
run_job() {
  local job=$1 times=$2 t t0 rc
  IFS='+' read -r -a parts <<< "$job"
  for t in "${parts[@]}"; do
    t0=$SECONDS
    echo "== make $t"
    if make_one "$t"; then
      printf '%-28s %5d s\n' "$t" $((SECONDS - t0)) >> "$times"
    else
      rc=$?
      printf '%-28s %5d s  FAILED (exit %d)\n' "$t" $((SECONDS - t0)) "$rc" >> "$times"
      return "$rc"
    fi
  done
}

start_all=$SECONDS
out=$root/target/timed/$$; rm -rf "$out"; mkdir -p "$out"
times=$out/times
: > "$times"
summary() {
  echo "== stage times =="
  cat "$times"
  echo "total $((SECONDS - start_all)) s (wall)"
  rm -rf "$out"
}

if [ "$par" -le 1 ]; then
  for job in "$@"; do
    run_job "$job" "$times" || { rc=$?; summary; exit "$rc"; }
  done
  summary
  exit 0
fi

# a pool of $par workers over the job list
declare -A pid_job=()
fail=0
n=0
finish_one() {
  local pid rc job
  wait -n -p pid && rc=0 || rc=$?
  job=${pid_job[$pid]}
  unset "pid_job[$pid]"
  echo "==== $job (exit $rc)"
  cat "$out/log.$pid"
  [ "$rc" -eq 0 ] || [ "$fail" -ne 0 ] || fail=$rc
}
for job in "$@"; do
  [ "$fail" -eq 0 ] || break
  while [ "${#pid_job[@]}" -ge "$par" ]; do finish_one; done
  [ "$fail" -eq 0 ] || break
  n=$((n + 1))
  run_job "$job" "$out/times.$n" > "$out/log.tmp.$n" 2>&1 &
  pid=$!
  # the log file is named after the pid once known
  ln -s "$out/log.tmp.$n" "$out/log.$pid"
  pid_job[$pid]=$job
  echo "== started $job"
done
while [ "${#pid_job[@]}" -gt 0 ]; do finish_one; done
cat "$out"/times.* >> "$times" 2>/dev/null || true
summary
exit "$fail"
