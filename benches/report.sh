#!/usr/bin/env bash
# Collects the speed ratios of `make bench` into one TSV for tools/bench_chart.py.
#   benches/report.sh OUT.tsv VS_REF_OUTPUT.txt POOL_OUTPUT.txt LOAD_OUTPUT.txt
# Inputs are the saved standard output of
#   benches/vs_ref.sh      lines "model upstream ours ratio" (steps/s)  -> series "one thread"
#   benches/pool_bench.sh  lines "model pool upstream ours ratio hash"  -> series "2 pool threads"
#                          (pool 2 only; "dir/name" becomes "name", as vs_ref.sh names models)
#   benches/load_bench.sh  lines "model upstream_s ours_s [ratio]"      -> series "load time"
#                          (ratio recomputed as upstream/ours: above 1 is faster, like the others)
# Other lines (headers, geomean summaries, messages) are left out. An input given as "-" or
# missing is skipped with a note. OUT.tsv: "series model upstream ours ratio", tab separated.
# Exit status 1 when no input gave a line.
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: benches/report.sh OUT.tsv VS_REF_OUTPUT.txt POOL_OUTPUT.txt LOAD_OUTPUT.txt" >&2; exit 2; }
out=$1; vs=$2; pool=$3; load=$4

# prints the input's TSV lines; KIND is vs, pool or load
convert() {
  local kind=$1 file=$2
  if [ "$file" = - ] || [ ! -r "$file" ]; then
    echo "report.sh: no $kind output ($file), that series is left out" >&2
    return 0
  fi
  awk -v kind="$kind" -v file="$file" '
    function num(x) { return x ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    kind == "vs" && NF == 4 && num($2) && num($3) && num($4) {
      printf "one thread\t%s\t%s\t%s\t%s\n", $1, $2, $3, $4
    }
    kind == "pool" && NF >= 6 && $2 == "2" && num($3) && num($4) && num($5) {
      name = $1; sub(/.*\//, "", name)
      if ($6 != "equal") printf "report.sh: %s: %s with 2 threads: state hashes differ\n", file, $1 > "/dev/stderr"
      printf "2 pool threads\t%s\t%s\t%s\t%s\n", name, $3, $4, $5
    }
    kind == "load" && (NF == 3 || NF == 4) && num($2) && num($3) {
      if ($3 + 0 > 0) printf "load time\t%s\t%s\t%s\t%.3f\n", $1, $2, $3, $2 / $3
      else printf "report.sh: %s: %s: load time %s, left out\n", file, $1, $3 > "/dev/stderr"
    }' "$file"
}

tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
printf 'series\tmodel\tupstream\tours\tratio\n' > "$tmp"
convert vs "$vs" >> "$tmp" && convert pool "$pool" >> "$tmp" && convert load "$load" >> "$tmp" || exit 2
lines=$(($(wc -l < "$tmp") - 1))
if [ "$lines" -eq 0 ]; then
  echo "report.sh: no figures in $vs, $pool or $load" >&2
  exit 1
fi
cp "$tmp" "$out" || exit 2
echo "report.sh: $lines figures in $out" >&2
