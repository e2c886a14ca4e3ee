#!/usr/bin/env bash
# Builds target/wheel/mujoco-3.4.0+rs-TAGS.whl: the official mujoco==3.4.0 wheel for this
# machine's python3 (manylinux x86_64, downloaded once from PyPI with pip and cached under
# target/wheel/upstream) with LIB in place of its libmujoco.so.3.4.0 (python/make_wheel.py).
# Prints the path of the wheel.
#   python/wheel_build.sh [LIB]     LIB defaults to dist/lib/libmujoco.so.3.4.0
# PYTHON chooses the interpreter the wheel is for (default python3).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=${1:-$root/dist/lib/libmujoco.so.3.4.0}
py=${PYTHON:-python3}
[ -f "$lib" ] || { echo "wheel_build: no library at $lib (make lib)" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || { echo "wheel_build: the official wheel used here is x86_64 only" >&2; exit 1; }
pyver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
cache=$root/target/wheel/upstream
src=$(ls "$cache"/mujoco-3.4.0-cp"${pyver/./}"-*.whl 2>/dev/null | head -1 || true)
if [ -z "$src" ]; then
  mkdir -p "$cache"
  "$py" -m pip download -q --no-deps --only-binary=:all: --python-version "$pyver" \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 -d "$cache" "mujoco==3.4.0" >&2 \
    || { echo "wheel_build: could not download mujoco==3.4.0 for Python $pyver from PyPI" >&2; exit 1; }
  src=$(ls "$cache"/mujoco-3.4.0-cp"${pyver/./}"-*.whl | head -1)
fi
rm -f "$root"/target/wheel/mujoco-3.4.0+*-cp"${pyver/./}"-*.whl
"$py" "$root/python/make_wheel.py" "$src" "$lib" "$root/target/wheel"
