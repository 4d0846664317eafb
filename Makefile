# mwkit — the two commands a new machine needs: `make demo` and `make test`.
SWIFT ?= swift
DEMO_OUT ?= .demo

.PHONY: all deps build release test demo bench clean

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

clean:
	rm -rf .build $(DEMO_OUT)
