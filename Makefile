# libmujoco.so.3.4.0 from the Rust crate.
#   make          build dist/lib/libmujoco.so.3.4.0 (+ dist/lib/libmujoco.so, dist/include)
#   make header   regenerate include/mujoco/ from the Rust sources
#   make test     cargo tests, then the C tests in capi-tests/
#   make bench    C benchmark in examples-c/
#   make fuzz     differential fuzzing against upstream: FUZZ_N inputs (default 10000) from seed
#                 FUZZ_SEED; findings kept under target/fuzz/{crash,hang,disagree}/

CARGO    ?= cargo
JOBS     ?= 2
SONAME   := libmujoco.so.3.4.0
LIBDIR   := dist/lib
STATIC   := target/release/libmujoco.a
LIB      := $(LIBDIR)/$(SONAME)

.PHONY: all lib header header-check test cargo-test capi-test clean ref demo bench fuzz

all: lib

lib: $(LIB)

$(LIB): FORCE
	@ls /usr/lib/llvm-*/lib/libclang.so >/dev/null 2>&1 || [ -n "$${LIBCLANG_PATH:-}" ] || \
	    echo "note: libclang not found; qhull-sys needs it to build (Debian: apt-get install libclang-dev)"
	$(CARGO) build --release -j $(JOBS) --lib
	@mkdir -p $(LIBDIR) dist/include
	gcc -shared -o $@.tmp$$$$ -Wl,-soname,$(SONAME) -Wl,--version-script=src/capi/exports.map \
	    -Wl,--whole-archive $(STATIC) -Wl,--no-whole-archive -lm -lpthread -ldl -lgcc_s -lc \
	    && mv -f $@.tmp$$$$ $@
	ln -sf $(SONAME) $(LIBDIR)/libmujoco.so
	rm -rf dist/include/mujoco && cp -r include/mujoco dist/include/

header:
	$(CARGO) run -q -j $(JOBS) --features header --bin mjheader -- include/mujoco

# fails when the committed headers differ from what `make header` writes
header-check:
	rm -rf target/header-check && mkdir -p target/header-check
	$(CARGO) run -q -j $(JOBS) --features header --bin mjheader -- target/header-check/mujoco
	diff -r include/mujoco target/header-check/mujoco

test: lib cargo-test capi-test

cargo-test:
	$(CARGO) test -j $(JOBS) --release --lib

capi-test: lib
	$(MAKE) -C capi-tests

ref:
	@capi-tests/refget.sh

clean:
	$(CARGO) clean
	rm -rf dist

FORCE:

# demo: upstream's compiler (from the reference wheel) turns models/pendulum.xml into an MJB,
# which examples-c/inspect.c reads with this library
demo: lib
	@mkdir -p target/demo
	gcc -O1 -Idist/include examples-c/inspect.c -Ldist/lib -lmujoco -o target/demo/inspect
	$(MAKE) -s -C capi-tests diff >/dev/null
	LD_LIBRARY_PATH=dist/lib target/demo/inspect target/capi-diff/pendulum.mjb

# bench: steps per second of examples-c/bench.c (built against our header) on the project's
# models, compiled to MJB by upstream; constraints disabled (flag 1). Upstream's figures in the
# same run: ../shared/tools/speed.sh, or `cargo bench --bench step`.
bench: lib
	@mkdir -p target/bench
	gcc -O2 -Idist/include examples-c/bench.c -Ldist/lib -lmujoco -lm -o target/bench/bench
	$(MAKE) -s -C capi-tests diff >/dev/null
	for f in walker implicit rk4 tendons sensors; do LD_LIBRARY_PATH=dist/lib target/bench/bench target/capi-diff/$$f.mjb 2000 1; done
	gcc -O2 capi-tests/mju_bench.c -ldl -o target/bench/mju_bench
	target/bench/mju_bench $$(capi-tests/refget.sh)/lib/libmujoco.so.3.4.0 $(LIB)

FUZZ_N    ?= 10000
FUZZ_SEED ?= 1
fuzz: lib
	$(MAKE) -s -C capi-tests fuzz-run
	python3 capi-tests/fuzz/fuzz.py --ours $(LIBDIR) --ref $$(capi-tests/refget.sh)/lib \
	    --runner target/fuzz/fuzz_run --n $(FUZZ_N) --seed $(FUZZ_SEED) --jobs $(JOBS)
