# libmujoco.so.3.4.0 from the Rust crate.
#   make          build dist/lib/libmujoco.so.3.4.0 (+ dist/lib/libmujoco.so, dist/include), profile-
#                 guided (benches/pgo_profile.sh); `make PGO=0` builds without the profile
#   make header   regenerate include/mujoco/ from the Rust sources
#   make lint     cargo fmt --check and cargo clippy -D warnings
#   make test     cargo tests, the C tests in capi-tests/, then the wheel's Python tests (make pytest)
#                 and the RL environments (make rl); first checks the system packages they need
#                 (tools/deps.sh --check) and stops at once, naming them, when some are missing
#   make deps     install those packages (apt-get, as root: `sudo make deps`; tools/deps.sh --list)
#   make pytest   the mujoco==3.4.0 wheel's test files on upstream's library and ours (python/wheel_test.sh)
#   make rl       dm_control suite tasks and Gymnasium MuJoCo envs stepped on both (python/rl_test.sh)
#   make bench    steps/s and ray casting against upstream (benches/vs_ref.sh, pair.sh, ray_pair.sh)
#   make demo     load models/demo/scene.xml with our loader, simulate it, render the final state
#                 offscreen (EGL, if present) to target/demo/demo.png (examples-c/demo.c); builds
#                 the library without PGO when none is built yet (see DEMO_PGO below)
#   make programs dist/bin/compile, dist/bin/testspeed and dist/bin/mjswapcheck (programs/)
#   make install PREFIX=DIR   upstream's release layout: DIR/include/mujoco, DIR/lib (library,
#                 pkgconfig/mujoco.pc, cmake/mujoco/ with mujoco::mujoco), DIR/bin
#   make fuzz     differential fuzzing against upstream: FUZZ_N inputs (default 10000) from seed
#                 FUZZ_SEED; findings kept under target/fuzz/{crash,hang,flood,disagree}/;
#                 then FUZZ_N spec-API call sequences (seeds FUZZ_SEED..), findings under
#                 target/fuzz/spec/{crash,hang,disagree}/
#   make wheel    target/wheel/mujoco-3.4.0+rs-*.whl: the official mujoco==3.4.0 wheel carrying
#                 our library (python/wheel_build.sh, python/make_wheel.py)
#   make wheel-test  pip installs that wheel into a fresh venv, then dm_control and Gymnasium
#                 (python/wheel_install_test.sh)
#   make swapcheck-test  mjswapcheck on models that agree and on libraries made to disagree
#                 (capi-tests/swapcheck_test.sh)
#   make memcheck valgrind memcheck over the models and MJB seeds, on a no-AVX build of the library

CARGO    ?= cargo
JOBS     ?= 2
SONAME   := libmujoco.so.3.4.0
LIBDIR   := dist/lib
STATIC   := target/release/libmujoco_native.a
LIB      := $(LIBDIR)/$(SONAME)
# how a static build of the crate becomes libmujoco.so.3.4.0 (also for benches/pgo_profile.sh):
#   gcc $(SO_LINK) -o OUT -Wl,--whole-archive STATIC.a -Wl,--no-whole-archive $(SO_LIBS)
SO_LINK  := -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/capi/exports.map
SO_LIBS  := -lm -lpthread -ldl -lgcc_s -lc
export SO_LINK SO_LIBS
# profile-guided release build: instrumented build, training run, then the library built with
# the profile (benches/pgo_profile.sh). PGO=0 builds straight away (quicker while editing).
PGO      ?= 1
# vectorizer-min-trip-count=1: the profile's loop trip counts come from small training models, and
# LLVM would leave loops it expects to be short unvectorised (sparse row updates ran 2x the
# instructions on long rows). pgso=false: code the training never ran is optimised for speed, not
# size, so models unlike the training set keep full speed.
PGO_USE_FLAGS := -Cllvm-args=-vectorizer-min-trip-count=1 -Cllvm-args=-pgso=false
# the library's build makes the static library only: with no rlib among the crate types, rustc
# exports only the C symbols and keeps the crate's Rust functions internal, so calls between them
# are direct (with the rlib too, about 6500 call sites went through the GOT). Exported to
# benches/pgo_profile.sh, whose instrumented build must name the functions the same way.
LIB_CRATE := --crate-type staticlib
export LIB_CRATE

.PHONY: all lib header header-check test cargo-test capi-test clean ref demo bench programs install fuzz memcheck pytest rl deps deps-check
.PHONY: wheel wheel-test swapcheck-test lint

all: lib

lib: $(LIB)

$(LIB): FORCE
ifeq ($(PGO),1)
	@prof=$$(CARGO=$(CARGO) benches/pgo_profile.sh $(JOBS)); rc=$$?; \
	if [ $$rc -eq 0 ]; then \
	    echo "$(CARGO) rustc --release -j $(JOBS) --lib $(LIB_CRATE) -- -Cprofile-use=$$prof $(PGO_USE_FLAGS)"; \
	    $(CARGO) rustc --release -j $(JOBS) --lib $(LIB_CRATE) -- -Cprofile-use=$$prof $(PGO_USE_FLAGS); \
	elif [ $$rc -eq 3 ]; then \
	    echo "warning: no llvm-profdata; building without profile guidance (slower library)" >&2; \
	    $(CARGO) rustc --release -j $(JOBS) --lib $(LIB_CRATE); \
	else exit $$rc; fi
else
	$(CARGO) rustc --release -j $(JOBS) --lib $(LIB_CRATE)
endif
	@mkdir -p $(LIBDIR) dist/include
	gcc $(SO_LINK) -o $@.tmp$$$$ -Wl,--whole-archive $(STATIC) -Wl,--no-whole-archive $(SO_LIBS) \
	    && mv -f $@.tmp$$$$ $@
	ln -sf $(SONAME) $(LIBDIR)/libmujoco.so
	rm -rf dist/include/mujoco && cp -r include/mujoco dist/include/
	@mkdir -p target && echo $(PGO) > target/lib-pgo

header:
	$(CARGO) run -q -j $(JOBS) --features header --bin mjheader -- include/mujoco

# fails when the committed headers differ from what `make header` writes
header-check:
	rm -rf target/header-check && mkdir -p target/header-check
	$(CARGO) run -q -j $(JOBS) --features header --bin mjheader -- target/header-check/mujoco
	diff -r include/mujoco target/header-check/mujoco

# the system packages the tests need: listed once, in tools/deps.sh
deps:
	tools/deps.sh --install

deps-check:
	@tools/deps.sh --check

# `make test`: the library first, then the tests two at a time (the machines have two cores and
# most tests are one process after another), longest first: the cargo tests next to the capi
# tests that need diff's outputs (abi, headers, diff, then xml), then every other test. Each
# job's output is printed when it ends and every stage is timed (tools/timed_make.sh). The
# stages after `lib` do not rebuild it (SKIP_LIB_DEP) and the capi tests do not re-run diff
# (SKIP_DIFF_DEP). The capi tests' lists are capi-tests/Makefile's.
TEST_JOBS ?= 2
CAPI_FIRST = $(shell $(MAKE) -s --no-print-directory -C capi-tests list-first)
CAPI_REST  = $(shell $(MAKE) -s --no-print-directory -C capi-tests list-rest)
test: deps-check
	@tools/timed_make.sh lib
	@tools/timed_make.sh -P $(TEST_JOBS) SKIP_LIB_DEP=1 SKIP_DIFF_DEP=1 cargo-test \
	    $(subst $(eval) ,+,$(addprefix capi-tests:,$(CAPI_FIRST)))
	@tools/timed_make.sh -P $(TEST_JOBS) SKIP_LIB_DEP=1 SKIP_DIFF_DEP=1 \
	    $(addprefix capi-tests:,$(wordlist 1,3,$(CAPI_REST))) pytest+rl \
	    $(addprefix capi-tests:,$(wordlist 4,99,$(CAPI_REST))) wheel-test swapcheck-test

# formatting and clippy, warnings as errors (run by .ci/run)
# (in its own target directory, so that it can run while `make lib` builds)
lint:
	$(CARGO) fmt --check
	CARGO_TARGET_DIR=target/lint $(CARGO) clippy -j $(JOBS) --release --all-targets --features render -- -D warnings

# the Rust tests, built with the `testing` profile (release optimisation in 16 codegen units, so
# both cores compile; the numbers do not depend on it)
cargo-test:
	$(CARGO) test -j $(JOBS) --profile testing --features render --lib --tests --examples
	$(CARGO) test -j $(JOBS) --profile testing --features render --doc
	python3 tools/test_bench_chart.py

# the targets that need the library ask for it unless SKIP_LIB_DEP is set (make test builds it
# once, first)
LIBDEP = $(if $(SKIP_LIB_DEP),,lib)

capi-test: deps-check $(LIBDEP)
	$(MAKE) -C capi-tests timed

ref:
	@capi-tests/refget.sh

clean:
	$(CARGO) clean
	rm -rf dist

FORCE:

# demo: examples-c/demo.c loads an MJCF model with this library's loader, simulates it, and renders
# the final state to DEMO_PNG through EGL, opened at run time (no EGL headers or libraries needed
# to build; without EGL or a GL driver it says so in one line and prints the table only).
# The library is built as by `make`, except that a first `make demo` (no dist/lib library yet)
# builds it without profile guidance: a clean clone's first `make demo` took 83 s on two cores,
# the PGO build takes about 6.5 min. Later runs rebuild (when sources changed) in the mode the library was
# last built in (target/lib-pgo); PGO=0/1 on the command line decides instead.
DEMO_MODEL ?= models/demo/scene.xml
DEMO_PNG   ?= target/demo/demo.png
DEMO_PGO    = $(if $(filter command line,$(origin PGO)),$(PGO),$(if $(wildcard $(LIB)),$(or $(shell cat target/lib-pgo 2>/dev/null),1),0))
demo:
	@$(MAKE) --no-print-directory lib PGO=$(DEMO_PGO)
	@mkdir -p target/demo
	gcc -O2 -Idist/include examples-c/demo.c -Ldist/lib -lmujoco -lm -ldl -o target/demo/demo
	LD_LIBRARY_PATH=dist/lib target/demo/demo $(DEMO_MODEL) 2 $(DEMO_PNG)

# command-line programs (programs/*.c), found next to the library through their rpath
PROGRAMS := compile testspeed
programs: $(LIBDEP)
	@mkdir -p dist/bin
	for p in $(PROGRAMS); do \
	  gcc -O2 -Wall -Idist/include programs/$$p.c -Ldist/lib -lmujoco -lm -lpthread \
	      -Wl,-rpath,'$$ORIGIN/../lib' -o dist/bin/$$p || exit 1; done
	# mjswapcheck links neither library: it dlopens upstream's and ours (../lib) side by side
	gcc -O2 -Wall -Iinclude programs/mjswapcheck.c -ldl -lm -o dist/bin/mjswapcheck

# install: upstream's release layout under $(DESTDIR)$(PREFIX)
PREFIX ?= /usr/local
INSTALL_DIR = $(DESTDIR)$(PREFIX)
install: programs
	install -d $(INSTALL_DIR)/include/mujoco $(INSTALL_DIR)/lib/pkgconfig \
	    $(INSTALL_DIR)/lib/cmake/mujoco $(INSTALL_DIR)/bin
	install -m 644 include/mujoco/*.h $(INSTALL_DIR)/include/mujoco/
	install -m 755 $(LIB) $(INSTALL_DIR)/lib/$(SONAME)
	ln -sf $(SONAME) $(INSTALL_DIR)/lib/libmujoco.so
	install -m 644 pkgconfig/mujoco.pc $(INSTALL_DIR)/lib/pkgconfig/
	install -m 644 cmake/mujocoConfig.cmake cmake/mujocoConfigVersion.cmake \
	    cmake/mujocoTargets.cmake $(INSTALL_DIR)/lib/cmake/mujoco/
	for p in $(PROGRAMS) mjswapcheck; do install -m 755 dist/bin/$$p $(INSTALL_DIR)/bin/; done

# bench: steps per second of examples-c/bench.c, ours against upstream's wheel in the same run
# (benches/vs_ref.sh: constraints on, three alternating pairs per model, median ratio and
# geometric mean) on benches/models.txt; steps per second with 0 and 2 pool threads and the
# state hashes (benches/pool_bench.sh on benches/pool_models.txt); load time (load_bench.sh);
# then the chart target/bench/bench.png and table bench.md (benches/bench_all.sh); the same
# models with both libraries in one process (benches/pair.sh: alternating blocks of steps on
# the same states, steadier on a shared machine); ray casting, mj_ray and mj_multiRay with both libraries in one process
# (benches/ray_pair.sh); then the mju_* kernels (capi-tests/mju_bench.c).
# BENCH_STEPS sets the steps per timing (default 2000).
bench: $(LIBDEP)
	@mkdir -p target/bench
	benches/bench_all.sh $(LIBDIR) $(or $(BENCH_STEPS),2000)
	gcc -O2 capi-tests/mju_bench.c -ldl -o target/bench/mju_bench
	target/bench/mju_bench $$(capi-tests/refget.sh)/lib/libmujoco.so.3.4.0 $(LIB)

FUZZ_N    ?= 10000
FUZZ_SEED ?= 1
fuzz: $(LIBDEP)
	$(MAKE) -s -C capi-tests fuzz-run
	python3 capi-tests/fuzz/fuzz.py --ours $(LIBDIR) --ref $$(capi-tests/refget.sh)/lib \
	    --runner target/fuzz/fuzz_run --n $(FUZZ_N) --seed $(FUZZ_SEED) --jobs $(JOBS)
	$(MAKE) -s -C capi-tests spec-fuzz-run
	python3 capi-tests/fuzz/spec_fuzz.py --ours $(LIBDIR) --ref $$(capi-tests/refget.sh)/lib \
	    --runner target/fuzz/spec_fuzz --n $(FUZZ_N) --seed $(FUZZ_SEED) --jobs $(JOBS)

# memcheck: valgrind memcheck (capi-tests/fuzz/memcheck.sh) over every models/*.xml and the
# fuzzer's MJB seeds (target/fuzz/seeds, made by `make fuzz`), on a copy of the library built
# for baseline x86-64 (no AVX: valgrind 3.19 cannot decode some VEX forms) in target/memcheck.
# About an hour on 2 cores; MEMCHECK_FILES narrows the list, MEMCHECK_NSTEP sets the steps.
MEMCHECK_DIR   := target/memcheck
MEMCHECK_NSTEP ?= 10
memcheck:
	RUSTFLAGS="-C target-cpu=x86-64" CARGO_TARGET_DIR=$(MEMCHECK_DIR) $(CARGO) build --release -j $(JOBS) --lib
	@mkdir -p $(MEMCHECK_DIR)/lib
	gcc $(SO_LINK) -o $(MEMCHECK_DIR)/lib/$(SONAME) \
	    -Wl,--whole-archive $(MEMCHECK_DIR)/release/libmujoco_native.a -Wl,--no-whole-archive $(SO_LIBS)
	$(MAKE) -s -C capi-tests fuzz-run
	capi-tests/fuzz/memcheck.sh $(MEMCHECK_DIR)/lib target/fuzz/fuzz_run $(MEMCHECK_NSTEP) $(MEMCHECK_FILES)

# pytest: the official mujoco==3.4.0 wheel's own test files (bindings, specs, rollout, renderer,
# ...) on upstream's library and on ours, in one run (python/wheel_test.sh; venv cached under
# target/pywheel; MUJOCO_GL=egl). Fails only on a test that passes on upstream and fails on
# ours and is not listed in python/wheel_known_failures.txt.
pytest: deps-check $(LIBDEP)
	python/wheel_test.sh $(LIB)

# rl: every dm_control 1.0.34 suite task and every Gymnasium 1.2.0 MuJoCo v5/v4 environment, reset
# with a fixed seed and stepped 500 times with fixed sinusoidal actions on upstream's library and
# on ours (python/rl_test.sh; same venv as pytest, the two packages and their few dependencies
# cached in target/pywheel/rl-site). Fails on any step whose observation or reward differs by
# more than 1e-6 relative, unless the task is listed in python/rl_known_differences.txt.
rl: deps-check $(LIBDEP)
	python/rl_test.sh $(LIB)

# wheel: the official mujoco==3.4.0 wheel (for this python3, cached in target/wheel/upstream)
# with dist/lib/libmujoco.so.3.4.0 in place of its library, version 3.4.0+rs, RECORD rewritten
wheel: $(LIBDEP)
	python/wheel_build.sh $(LIB)

# wheel-test: the wheel pip-installed into a fresh venv (target/wheel/venv): which library
# `import mujoco` maps, states bitwise equal to the official package's, dm_control 1.0.34 and
# Gymnasium 1.2.0 installed on top without replacing it, a few of their tasks stepped on both
wheel-test: $(LIBDEP)
	python/wheel_install_test.sh $(LIB)

# swapcheck-test: dist/bin/mjswapcheck (and its `make install` copy) on models that agree, and
# on libraries made to disagree (capi-tests/swapcheck_perturb.c)
swapcheck-test: programs
	capi-tests/swapcheck_test.sh
