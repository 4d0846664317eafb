#!/usr/bin/env bash
# `make test`'s browser check: scripts/browser_check.py in headless Chromium (Debian's
# chromium-headless-shell, Playwright from PyPI pointed at it; scripts/ensure-deps.sh installs
# both). Fails when any check fails. docs/REPORT.md "Tested in a real browser".
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(swift build --show-bin-path)/mwkit
[ -x "$BIN" ] || { echo "browser-check: build first (swift build): $BIN is missing" >&2; exit 2; }
CHROMIUM=${MWKIT_CHROMIUM:-$(command -v chromium-headless-shell || echo /usr/lib/chromium/headless_shell)}
[ -x "$CHROMIUM" ] || { echo "browser-check: chromium-headless-shell is missing (make deps installs it)" >&2; exit 2; }
exec python3 scripts/browser_check.py --mwkit "$BIN" --chromium "$CHROMIUM" "$@"
