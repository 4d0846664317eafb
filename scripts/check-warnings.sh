#!/usr/bin/env bash
# Fails when a build log shows a compiler warning from this package's own code (Sources/,
# Tests/, Plugins/); dependencies' warnings are theirs. Usage: check-warnings.sh BUILD_LOG
# Only a build that compiled the files can show their warnings: CI builds a fresh clone, so
# there every file is compiled and checked; locally, `rm -rf .build` (or touch a file) first.
# Not -warnings-as-errors: through -Xswiftc it would apply to the dependencies too.
set -euo pipefail
log=${1:?usage: check-warnings.sh BUILD_LOG}
root=$(cd "$(dirname "$0")/.." && pwd)
# "path:line:col: warning: text", deduplicated (the same warning is printed once per compile job).
found=$(grep -E "^(${root}/)?(Sources|Tests|Plugins)/[^:]+:[0-9]+:[0-9]+: warning: " "$log" | sort -u || true)
if [ -n "$found" ]; then
  echo "check-warnings: the build printed warnings from our own code:" >&2
  echo "$found" >&2
  exit 1
fi
echo "check-warnings: no compiler warnings from Sources/, Tests/ or Plugins/ ($(grep -c 'Compiling' "$log" || true) compile steps in the log)"
