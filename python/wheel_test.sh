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
. "$root/python/wheel_env.sh"

export MUJOCO_GL=${MUJOCO_GL:-egl}
exec "$venv/bin/python" "$root/python/wheel_test.py" "$venv/bin/python" "$dir" "$site" "$dir/ours" "$@"
