#!/usr/bin/env bash
# Runs the official mujoco==3.4.0 Python bindings on our libmujoco.so.3.4.0: makes a virtual
# environment under target/pywheel (once; cached), installs the wheel and its test
# dependencies there, copies its mujoco package to target/pywheel/ours with our library in place
# of upstream's, then runs the wheel's own *_test.py files on both copies (python/wheel_test.py)
# and prints passed/total per file for each library.
#   python/wheel_test.sh [LIB] [TEST_FILE ...]   LIB defaults to dist/lib/libmujoco.so.3.4.0;
#                                               files as module names, e.g. specs_test
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=${1:-$root/dist/lib/libmujoco.so.3.4.0}
[ $# -gt 0 ] && shift
dir=${MJW_DIR:-$root/target/pywheel}
venv=$dir/venv
py=${PYTHON:-python3}
if [ ! -f "$venv/.ready" ]; then
  rm -rf "$venv"
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q mujoco==3.4.0 absl-py numpy pytest pytest-timeout
  touch "$venv/.ready"
fi
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
[ -f "$site/mujoco/libmujoco.so.3.4.0" ] || { echo "no mujoco package in $site" >&2; exit 1; }
[ -f "$lib" ] || { echo "no library at $lib (make lib)" >&2; exit 1; }

# the copy with our library: the same package, one file swapped
rm -rf "$dir/ours"
mkdir -p "$dir/ours"
cp -a "$site/mujoco" "$dir/ours/"
cp "$lib" "$dir/ours/mujoco/libmujoco.so.3.4.0"

# each copy must load its own library
for copy in "$site" "$dir/ours"; do
  got=$(cd "$dir" && PYTHONPATH="$copy" "$venv/bin/python" -c '
import mujoco
print(next(l.split()[-1] for l in open("/proc/self/maps") if "libmujoco.so" in l))')
  want=$(realpath "$copy/mujoco/libmujoco.so.3.4.0")
  [ "$(realpath "$got")" = "$want" ] || { echo "$copy loads $got, not $want" >&2; exit 1; }
  echo "mujoco from $copy loads $got"
done
cmp -s "$lib" "$dir/ours/mujoco/libmujoco.so.3.4.0"

export MUJOCO_GL=${MUJOCO_GL:-egl}
exec "$venv/bin/python" "$root/python/wheel_test.py" "$venv/bin/python" "$dir" "$site" "$dir/ours" "$@"
