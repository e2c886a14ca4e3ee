#!/usr/bin/env bash
# Prints a folder holding upstream MuJoCo 3.4.0's public headers (include/mujoco), library
# (lib/libmujoco.so.3.4.0) and first-party plugin libraries (plugin/*.so), taken from the
# official `mujoco==3.4.0` wheel on PyPI. The wheel is downloaded once and cached under
# target/mjref (override with MJREF_DIR); a cache without plugin/ is completed by a new download
# that leaves the files already there untouched.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${MJREF_DIR:-$root/target/mjref}
if [ ! -f "$dir/lib/libmujoco.so.3.4.0" ] || [ ! -d "$dir/plugin" ]; then
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 -d "$tmp" "mujoco==3.4.0" >&2
  mkdir -p "$dir/lib" "$dir/include"
  python3 - "$tmp" "$dir" <<'PY'
import glob, os, shutil, sys, zipfile
tmp, out = sys.argv[1], sys.argv[2]
whl = glob.glob(os.path.join(tmp, "mujoco-*.whl"))[0]
plugdir = os.path.join(out, "plugin.part%d" % os.getpid())
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        if n.startswith("mujoco/include/mujoco/") and n.endswith(".h"):
            dst = os.path.join(out, "include", "mujoco", os.path.basename(n))
        elif n == "mujoco/libmujoco.so.3.4.0":
            dst = os.path.join(out, "lib", "libmujoco.so.3.4.0")
        elif n.startswith("mujoco/plugin/") and n.endswith(".so"):
            dst = os.path.join(plugdir, os.path.basename(n))
        else:
            continue
        # files in use by running tests are never rewritten
        if os.path.exists(dst):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with z.open(n) as src, open(dst + ".part", "wb") as f:
            shutil.copyfileobj(src, f)
        os.replace(dst + ".part", dst)
# the plugin folder appears complete or not at all
final = os.path.join(out, "plugin")
if os.path.isdir(plugdir):
    try:
        os.rename(plugdir, final)
    except OSError:  # another run was first
        shutil.rmtree(plugdir, ignore_errors=True)
PY
  ln -sf libmujoco.so.3.4.0 "$dir/lib/libmujoco.so"
  rm -rf "$tmp"
fi
echo "$dir"
