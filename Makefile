# mwkit — the two commands a new machine needs: `make demo` and `make test`.
SWIFT ?= swift
DEMO_OUT ?= .demo

.PHONY: all deps build release test demo bench fuzz test-sanitize clean

all: build

deps:
	@bash scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product mwkit

# Schema checks first, then the Swift suites (their summary is the closing line).
test: deps
	python3 scripts/check_schemas.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: build
	@bash scripts/demo.sh

bench:
	@MWKIT_BENCH_DEPS=1 bash scripts/ensure-deps.sh
	$(SWIFT) build -c release
	@bash bench/run.sh

# Coverage-guided fuzzing of every reader (libFuzzer + ASan), FUZZ_SECONDS per target;
# prints executions, exec/s, coverage and findings per target (docs/HARDENING.md). Not in `test`.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh all

# The test suite under AddressSanitizer, then under ThreadSanitizer, each in its own scratch
# path; any report fails the target (docs/HARDENING.md). Not in `test`: it takes far longer.
test-sanitize: deps
	bash scripts/test-sanitize.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan $(DEMO_OUT)
