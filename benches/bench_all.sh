#!/usr/bin/env bash
# `make bench`: every speed figure against upstream's wheel in one run, then the report.
#   benches/bench_all.sh LIBDIR NSTEP
# Writes the text outputs to target/bench/*.txt as it goes, then target/bench/report.tsv, the
# chart target/bench/bench.png and the table target/bench/bench.md (tools/bench_chart.py).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=$1; nstep=${2:-2000}; out=$root/target/bench
mkdir -p "$out"
status=0
step() { local name=$1; shift; "$@" | tee "$out/$name.txt"; [ "${PIPESTATUS[0]}" -eq 0 ] || status=1; }
echo "== one thread: benches/vs_ref.sh"
step vs_ref "$root/benches/vs_ref.sh" "$lib" "$nstep"
echo "== thread pool: benches/pool_bench.sh"
step pool "$root/benches/pool_bench.sh" "$lib" "$root/benches/pool_models.txt"
echo "== load time: benches/load_bench.sh"
step load "$root/benches/load_bench.sh" "$lib" "$root/benches/models.txt"
"$root/benches/report.sh" "$out/report.tsv" "$out/vs_ref.txt" "$out/pool.txt" "$out/load.txt" || status=1
python3 "$root/tools/bench_chart.py" "$out/report.tsv" "$out/bench.png" "$out/bench.md" || status=1
echo "== report: $out/bench.png, $out/bench.md"
echo "== both libraries in one process: benches/pair.sh"
step pair "$root/benches/pair.sh" "$lib" "$nstep"
echo "== rays: benches/ray_pair.sh"
step rays "$root/benches/ray_pair.sh" "$lib"
echo "== batches: mujoco.rollout with 1 and 2 threads, benches/rollout_bench.sh"
step rollout "$root/benches/rollout_bench.sh" "$lib"
exit $status
