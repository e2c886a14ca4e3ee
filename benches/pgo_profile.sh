#!/usr/bin/env bash
# The profile of the profile-guided release build (`make lib`; `make lib PGO=0` builds without).
# Builds the library with LLVM's instrumentation (only this crate, in target/pgo-gen), steps the
# models of benches/pgo_train.txt on it (benches/pgo_train.c), merges the counts with the
# toolchain's llvm-profdata (rustup component llvm-tools) and prints the merged file's path. The
# path carries a hash of the profile, so a new profile rebuilds the library that uses it; the
# training runs again only when the instrumented library, the list or the driver changed.
# Profile guidance changes inlining, code layout and branch order, never the arithmetic (no
# fast-math): the library computes the same numbers with or without it.
#   benches/pgo_profile.sh [JOBS]     exit status 3: llvm-profdata cannot be had
# Run by `make lib`, which exports the link flags (SO_LINK, SO_LIBS).
set -euo pipefail
: "${SO_LINK:?run through make lib (SO_LINK unset)}" "${SO_LIBS:?run through make lib (SO_LIBS unset)}"
root=$(cd "$(dirname "$0")/.." && pwd); cd "$root"
jobs=${1:-2}
cargo=${CARGO:-cargo}
pgo=$root/target/pgo; mkdir -p "$pgo/lib"
bin=$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin
if [ ! -x "$bin/llvm-profdata" ]; then
  echo "pgo_profile: adding the toolchain's llvm-tools (for llvm-profdata)" >&2
  rustup component add llvm-tools >&2 || true
  # exit status 3: no profile tool here (the Makefile then builds without the profile)
  [ -x "$bin/llvm-profdata" ] || { echo "pgo_profile: no llvm-profdata in $bin" >&2; exit 3; }
fi
# -Cprofile-generate goes to this crate only (cargo rustc), not to dependencies or build scripts
# shellcheck disable=SC2086 # LIB_CRATE (from the Makefile) splits into words
CARGO_TARGET_DIR=$root/target/pgo-gen "$cargo" rustc -q --release -j "$jobs" --lib ${LIB_CRATE:-} -- \
  -Cprofile-generate="$pgo/raw" >&2
gen=$pgo/lib/libmujoco.so.3.4.0; static=$root/target/pgo-gen/release/libmujoco_native.a
if [ ! -f "$gen" ] || [ "$static" -nt "$gen" ]; then
  # shellcheck disable=SC2086 # the flag lists split into words
  gcc $SO_LINK -o "$gen" -Wl,--whole-archive "$static" -Wl,--no-whole-archive $SO_LIBS >&2
fi
merged=$pgo/merged.profdata
if [ ! -f "$merged" ] || [ "$gen" -nt "$merged" ] || [ benches/pgo_train.txt -nt "$merged" ] \
   || [ benches/pgo_train.c -nt "$merged" ]; then
  gcc -O2 -Iinclude benches/pgo_train.c -lm -L"$pgo/lib" -l:libmujoco.so.3.4.0 -o "$pgo/train" >&2
  rm -rf "$pgo/raw"; mkdir -p "$pgo/raw"
  # unstable training models warn and reset, as they do upstream; their output is not needed
  LD_LIBRARY_PATH=$pgo/lib LLVM_PROFILE_FILE=$pgo/raw/train.profraw \
    "$pgo/train" "$root" benches/pgo_train.txt > "$pgo/train.log" 2>&1 \
    || { cat "$pgo/train.log" >&2; echo "pgo_profile: training run failed" >&2; exit 1; }
  "$bin/llvm-profdata" merge -o "$merged.tmp" "$pgo/raw/train.profraw" >&2
  mv -f "$merged.tmp" "$merged"
fi
hash=$(md5sum "$merged" | cut -c1-16)
[ -f "$pgo/$hash.profdata" ] || cp "$merged" "$pgo/$hash.profdata"
find "$pgo" -maxdepth 1 -name "*.profdata" ! -name merged.profdata ! -name "$hash.profdata" -delete
echo "$pgo/$hash.profdata"
