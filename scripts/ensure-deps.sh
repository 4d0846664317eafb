#!/usr/bin/env bash
# Installs what mwkit needs to build and test, only when missing:
# system packages (apt-get) and Python jsonschema, PyYAML and pre-commit (pip; the last two for
# scripts/ship-check.sh: action.yml and the pre-commit hook against a throwaway repository).
set -euo pipefail

need=()
pkg-config --exists libarchive 2>/dev/null || need+=(libarchive-dev)
[ -e /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
[ -e /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -e /usr/include/curl/curl.h ] || need+=(libcurl4-openssl-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v sqlite3 >/dev/null || need+=(sqlite3)   # a cache test builds a mismatched database with it
command -v chromium-headless-shell >/dev/null || need+=(chromium-headless-shell)   # scripts/browser-check.sh
if [ "${MWKIT_BENCH_DEPS:-0}" = 1 ]; then
  command -v bsdtar >/dev/null || need+=(libarchive-tools)
  command -v zip >/dev/null || need+=(zip)
  command -v jq >/dev/null || need+=(jq)
  command -v curl >/dev/null || need+=(curl)
  command -v bc >/dev/null || need+=(bc)
  [ -x /usr/bin/time ] || need+=(time)
fi

if [ ${#need[@]} -gt 0 ]; then
  echo "ensure-deps: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

py=()
python3 -c 'import jsonschema' 2>/dev/null || py+=(jsonschema)
python3 -c 'import yaml' 2>/dev/null || py+=(pyyaml)
python3 -m pre_commit --version >/dev/null 2>&1 || py+=(pre-commit)
python3 -c "import pydantic_sarif" >/dev/null 2>&1 || py+=(pydantic-sarif)   # SARIF 2.1.0 schema check (scripts/check_sarif.py)
python3 -c "import playwright" >/dev/null 2>&1 || py+=(playwright)   # drives Debian's chromium-headless-shell (no browser download)
if [ ${#py[@]} -gt 0 ]; then
  echo "ensure-deps: installing python ${py[*]}"
  python3 -m pip install -q "${py[@]}" || python3 -m pip install -q --break-system-packages "${py[@]}"
fi
