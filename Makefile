# mwkit — the two commands a new machine needs: `make demo` and `make test`.
SWIFT ?= swift
# bash: recipes use pipefail.
SHELL := bash
DEMO_OUT ?= .build/demo

.PHONY: all deps build release test demo bench fuzz test-sanitize clean \
        install uninstall dist dist-check man completions slurm-check container-check FORCE

all: build

deps:
	@bash scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

# The release binary links the Swift runtime statically, so it runs where no toolchain is
# installed; it still needs libarchive, libsqlite3 and libcurl (README "Install").
release: deps
	$(SWIFT) build -c release --product mwkit --static-swift-stdlib

# Schema checks first; the build, which must print no warning from our own sources
# (scripts/check-warnings.sh); the shipping checks on the debug binary (install layout, man
# pages, completions, --version, SARIF against its schema, action.yml, the pre-commit hook:
# scripts/ship-check.sh); the report and review pages in headless Chromium (scripts/browser-check.sh,
# docs/REPORT.md); then the Swift suites (their summary is the closing line).
test: deps
	python3 scripts/check_schemas.py
	@mkdir -p .build
	set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee .build/test-build.log
	bash scripts/check-warnings.sh .build/test-build.log
	bash scripts/ship-check.sh
	bash scripts/browser-check.sh
	$(SWIFT) test --skip-build

# Into a demo library of its own under $(DEMO_OUT), never the user's default database.
demo: build
	@DEMO_OUT='$(DEMO_OUT)' bash scripts/demo.sh

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
	rm -rf .build .build-fuzz .build-asan .build-tsan $(DEMO_OUT) dist

# ---- Install, man pages, completions, dist (README "Install") --------------------------------
# `make install [PREFIX=/usr/local] [DESTDIR=…]` builds the static release binary and installs it
# with one man page per command and bash/zsh/fish completions; `make uninstall` removes exactly
# those files. CONFIG=debug installs the debug binary instead (what `make test` checks the
# layout with, scripts/ship-check.sh).
#
# Man pages and completions are generated from the binary's own command definitions, after it is
# built (their rule depends on it), so they never drift from `--help`: completions by
# `mwkit --generate-completion-script`, man pages by swift-argument-parser's `generate-manual`
# tool. The tool, not the package plugin of the same name (`swift package generate-manual`),
# because the plugin first rebuilds every product with its own build parameters, which cannot
# say --static-swift-stdlib: it would relink .build/release/mwkit without the static runtime
# (and, in its default release configuration, rebuild for minutes). The tool is built once, in
# debug, from the swift-argument-parser checkout this package resolved (the release `swift
# package resolve` chose, 1.8.2 or newer below 2.0; no network once resolved), into .build/tools.
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
ifeq ($(CONFIG),release)
BUILD_FLAGS = -c release --static-swift-stdlib
STRIP = -s
else
BUILD_FLAGS =
STRIP =
endif
BIN = .build/$(CONFIG)/mwkit
GEN = .build/share-$(CONFIG)
GENMAN = .build/tools/debug/generate-manual
# Man pages carry the date of the commit (reproducible), not today's.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

# SwiftPM decides whether the binary is stale; its timestamp then drives the generated files.
$(BIN): FORCE deps
	$(SWIFT) build $(BUILD_FLAGS) --product mwkit

$(GENMAN):
	$(SWIFT) package resolve
	$(SWIFT) build --package-path .build/checkouts/swift-argument-parser --scratch-path .build/tools --product generate-manual

$(GEN)/stamp: $(BIN) $(GENMAN)
	rm -rf $(GEN) && mkdir -p $(GEN)/man1 $(GEN)/completions
	$(GENMAN) $(BIN) --multi-page --date $(MAN_DATE) --output-directory $(GEN)/man1
	@# generate-manual copies a help text's blank lines as they are, which mdoc warns about
	@# (`man --warnings`): each becomes a paragraph break.
	sed -i 's/^$$/.Pp/' $(GEN)/man1/*.1
	$(BIN) --generate-completion-script bash > $(GEN)/completions/mwkit
	$(BIN) --generate-completion-script zsh > $(GEN)/completions/_mwkit
	$(BIN) --generate-completion-script fish > $(GEN)/completions/mwkit.fish
	touch $@

man completions: $(GEN)/stamp

install: $(GEN)/stamp
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(STRIP) $(BIN) $(DESTDIR)$(BINDIR)/mwkit
	install -m 644 $(GEN)/man1/*.1 $(DESTDIR)$(MAN1DIR)/
	install -m 644 $(GEN)/completions/mwkit $(DESTDIR)$(BASHDIR)/mwkit
	install -m 644 $(GEN)/completions/_mwkit $(DESTDIR)$(ZSHDIR)/_mwkit
	install -m 644 $(GEN)/completions/mwkit.fish $(DESTDIR)$(FISHDIR)/mwkit.fish

# Exactly what install wrote: the binary, the man pages named mwkit.1 and mwkit.<command>.1
# (generate-manual's names; no other package's), the three completion files.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mwkit $(DESTDIR)$(MAN1DIR)/mwkit.1 $(DESTDIR)$(MAN1DIR)/mwkit.*.1 \
	  $(DESTDIR)$(BASHDIR)/mwkit $(DESTDIR)$(ZSHDIR)/_mwkit $(DESTDIR)$(FISHDIR)/mwkit.fish

# dist/mwkit-<version>-linux-<arch>.tar.gz (+ .sha256): the install tree under PREFIX=/ plus
# LICENSE, README.md and SHA256SUMS of every file; reproducible (sorted, owner 0, commit time).
DIST_DIR = dist
dist: $(GEN)/stamp
	@v=$$($(BIN) --version | cut -d' ' -f1); name=mwkit-$$v-linux-$$(uname -m); stage=$(DIST_DIR)/$$name; \
	  rm -rf $$stage && mkdir -p $$stage && \
	  $(MAKE) --no-print-directory install CONFIG=$(CONFIG) PREFIX= DESTDIR=$$PWD/$$stage >/dev/null && \
	  cp LICENSE README.md $$stage/ && \
	  (cd $$stage && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | sed 's|^\./||' | xargs sha256sum > SHA256SUMS) && \
	  epoch=$$(git log -1 --format=%ct 2>/dev/null || echo 0); \
	  tar -C $(DIST_DIR) --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$$epoch -cf - $$name | gzip -n9 > $(DIST_DIR)/$$name.tar.gz && \
	  (cd $(DIST_DIR) && sha256sum $$name.tar.gz > $$name.tar.gz.sha256) && rm -rf $$stage && \
	  echo "dist: $(DIST_DIR)/$$name.tar.gz ($$(wc -c < $(DIST_DIR)/$$name.tar.gz) bytes)" && cat $(DIST_DIR)/$$name.tar.gz.sha256

# The static release tarball, unpacked and run with an empty PATH and no toolchain (not in
# `make test`: the static release build takes ~8 minutes more).
dist-check: dist
	bash scripts/dist-check.sh $(DIST_DIR)

# Not in `make test`: they install system packages and start daemons (docs/JOBS.md, README "Container").
slurm-check: build
	bash scripts/slurm-check.sh

container-check:
	bash scripts/container-check.sh

FORCE:
