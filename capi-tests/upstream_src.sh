#!/usr/bin/env bash
# Prints a folder holding upstream MuJoCo 3.4.0's `simulate/` sources (the same files as the 3.4.0
# tag's simulate/ folder), taken from the mujoco 3.4.0 source distribution on PyPI: fetched once
# with pip into target/simulate, checked against a pinned SHA-256, and extracted into
# target/upstream-src/simulate. Exit status 2 when the download fails or has another digest.
# (The sdist holds the Python bindings and simulate/ only; upstream's sample/ folder is in no
# artifact on PyPI.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sdist=$root/target/simulate/mujoco-3.4.0.tar.gz
sha=5a6dc6b7db41eb0ab8724cd477bd0316ba4b53debfc2d80a2d6f444a116fb8d2
if ! echo "$sha  $sdist" | sha256sum -c --status 2>/dev/null; then
  mkdir -p "$(dirname "$sdist")"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --no-binary=:all: -d "$tmp" "mujoco==3.4.0" >&2 \
    || { echo "upstream_src: pip could not fetch the mujoco 3.4.0 sdist" >&2; rm -rf "$tmp"; exit 2; }
  echo "$sha  $tmp/mujoco-3.4.0.tar.gz" | sha256sum -c --status \
    || { echo "upstream_src: the fetched mujoco-3.4.0.tar.gz has another SHA-256" >&2; rm -rf "$tmp"; exit 2; }
  mv "$tmp/mujoco-3.4.0.tar.gz" "$sdist.part$$" && mv -f "$sdist.part$$" "$sdist"; rm -rf "$tmp"
fi
out=$root/target/upstream-src
if [ ! -f "$out/simulate/main.cc" ] || [ "$sdist" -nt "$out/simulate/main.cc" ]; then
  part=$out/simulate.part$$
  rm -rf "$part"; mkdir -p "$part"
  tar -xzf "$sdist" -C "$part" --strip-components=3 mujoco-3.4.0/mujoco/simulate
  # the extracted files keep the archive's dates: mark them as new, for the check above
  find "$part" -type f -exec touch {} +
  rm -rf "$out/simulate"; mv "$part" "$out/simulate"
fi
echo "$out"
