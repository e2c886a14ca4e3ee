#!/usr/bin/env bash
# Prints a folder holding upstream MuJoCo 3.4.0's public headers (include/mujoco) and library
# (lib/libmujoco.so.3.4.0), taken from the official `mujoco==3.4.0` wheel on PyPI. The wheel is
# downloaded once and cached under target/mjref (override with MJREF_DIR).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${MJREF_DIR:-$root/target/mjref}
if [ ! -f "$dir/lib/libmujoco.so.3.4.0" ]; then
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 -d "$tmp" "mujoco==3.4.0" >&2
  mkdir -p "$dir/lib" "$dir/include"
  python3 - "$tmp" "$dir" <<'PY'
import glob, os, shutil, sys, zipfile
tmp, out = sys.argv[1], sys.argv[2]
whl = glob.glob(os.path.join(tmp, "mujoco-*.whl"))[0]
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        if n.startswith("mujoco/include/mujoco/") and n.endswith(".h"):
            dst = os.path.join(out, "include", "mujoco", os.path.basename(n))
        elif n == "mujoco/libmujoco.so.3.4.0":
            dst = os.path.join(out, "lib", "libmujoco.so.3.4.0")
        else:
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with z.open(n) as src, open(dst, "wb") as f:
            shutil.copyfileobj(src, f)
PY
  ln -sf libmujoco.so.3.4.0 "$dir/lib/libmujoco.so"
  rm -rf "$tmp"
fi
echo "$dir"
