#!/usr/bin/env bash
# Crash-safety stress (issue 13 §4): kills each writing command at random moments, TRIALS times
# (default 100), and checks after every kill that the target is absent or complete and valid,
# the input is untouched, and the library database passes `mwkit check`; then that the next
# run succeeds and leaves no temporary file. `make test` runs a smaller version of the same
# (Tests/MWCoreTests/CrashSafetyCLITests.swift, Tests/MWStoreTests/CrashSafetyTests.swift,
# Tests/MWImportTests/ImportCLITests.swift).
#
# usage: scripts/crash-stress.sh [TRIALS]      env: MWKIT (default .build/debug/mwkit), ONLY=hydrate (only the hydrate trials)
set -uo pipefail
cd "$(dirname "$0")/.."
TRIALS=${1:-100}
BIN=${MWKIT:-.build/debug/mwkit}
[ -x "$BIN" ] || swift build --product mwkit >&2
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
sum() { sha256sum "$1" | cut -d' ' -f1; }
if [ -z "${ONLY:-}" ]; then
  python3 bench/gen_backup.py -o "$W/in.json" --titles 3000 --episodes 30000 >/dev/null
  mkdir -p "$W/images"
  IN_SUM=$(sum "$W/in.json")
  "$BIN" restore "$W/in.json" --db "$W/lib.sqlite" --strategy replace >/dev/null 2>&1
  "$BIN" convert "$W/in.json" --to mediawatch-zip -o "$W/in.zip" >/dev/null 2>&1
  python3 bench/import/gen_exports.py "$W/exports" --diary 2000 --history 20000 >/dev/null
  python3 bench/gen_goodreads.py -n 20000 -o "$W/goodreads.csv" --seed 3 --offset 0 >/dev/null
fi
fail=0
run() {  # name, target, validate-command, args...
  local name=$1 target=$2 check=$3; shift 3
  [ -z "${ONLY:-}" ] || return 0
  local t0 t1 full before=0 after=0 bad=0
  t0=$(date +%s%N); "$BIN" "$@" >/dev/null 2>&1; t1=$(date +%s%N); full=$(( (t1 - t0) / 1000 ))
  for i in $(seq "$TRIALS"); do
    rm -rf "$target"
    "$BIN" "$@" >/dev/null 2>&1 & pid=$!
    sleep "$(awk -v f="$full" -v r="$RANDOM" 'BEGIN { printf "%.6f", f * 1.2 * r / 32767 / 1e6 }')"
    kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    if [ -e "$target" ]; then
      if eval "$check" >/dev/null 2>&1; then after=$((after + 1)); else bad=$((bad + 1)); fi
    else before=$((before + 1)); fi
    [ "$(sum "$W/in.json")" = "$IN_SUM" ] || { echo "$name: the input changed"; bad=$((bad + 1)); }
  done
  rm -rf "$target"   # unpack never writes into an existing directory
  "$BIN" "$@" >/dev/null 2>&1 || { echo "$name: the next run failed"; bad=$((bad + 1)); }
  left=$(find "$W" -name '.*tmp-*' | wc -l)
  printf '%-28s %4d kills: %4d absent, %4d complete, %d bad; next run ok; %d temporaries left\n' "$name" "$TRIALS" "$before" "$after" "$bad" "$left"
  [ "$bad" = 0 ] && [ "$left" = 0 ] || fail=1
}
run "migrate --to 2"        "$W/o.json" '"$BIN" validate "$W/o.json"'  migrate "$W/in.json" --to 2 -o "$W/o.json"
run "convert --to zip"      "$W/o.zip"  '"$BIN" verify "$W/o.zip"'     convert "$W/in.json" --to mediawatch-zip -o "$W/o.zip"
run "strip"                 "$W/s.json" '"$BIN" validate "$W/s.json"'  strip "$W/in.json" -o "$W/s.json"
run "pack"                  "$W/p.zip"  '"$BIN" verify "$W/p.zip"'     pack "$W/in.json" --images "$W/images" -o "$W/p.zip"
run "unpack"                "$W/u"      'test -s "$W/u/backup.json"'   unpack "$W/in.zip" -o "$W/u"
run "archive"               "$W/a.json" '"$BIN" validate "$W/a.json"'  archive --db "$W/lib.sqlite" -o "$W/a.json"
run "import (offline)"       "$W/i.json" '"$BIN" validate "$W/i.json"'  import "$W/exports/letterboxd" "$W/exports/trakt/watched-history.json" --offline --cache "$W/c.sqlite" --review "$W/ir.csv" -o "$W/i.json"
run "import (books)"         "$W/b.json" '"$BIN" validate "$W/b.json"'  import "$W/goodreads.csv" -o "$W/b.json"
run "restore replace (db)"  "$W/none"   'true'                         restore "$W/in.json" --db "$W/lib.sqlite" --strategy replace --keep-snapshots 1
[ -n "${ONLY:-}" ] || { "$BIN" check --db "$W/lib.sqlite" >/dev/null 2>&1 && echo "library database: check ok after the restore kills" || { echo "library database: check FAILED"; fail=1; }; }

# hydrate writes its TMDb cache (SQLite) while it runs, against a loopback stand-in for TMDb
# (bench/tmdb/fake_tmdb.py). Each trial starts without output and without cache, so kills land
# while the cache is being filled; after each kill the output must be absent or valid and the
# cache, when there is one, must pass `PRAGMA integrity_check`; then a run with that cache must
# succeed. HYDRATE_TITLES (default 150) sets the library's size.
python3 bench/tmdb/make_library.py "${HYDRATE_TITLES:-150}" "$W/stripped.json" >/dev/null
STRIPPED_SUM=$(sum "$W/stripped.json")
python3 -u bench/tmdb/fake_tmdb.py > "$W/port" 2>/dev/null & server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$W"' EXIT
for _ in $(seq 50); do [ -s "$W/port" ] && break; sleep 0.1; done
export TMDB_API_KEY=bench-key   # what the loopback server expects; not a real key
unset TMDB_ACCESS_TOKEN
H=(hydrate "$W/stripped.json" -o "$W/h.json" --tmdb-base-url "http://127.0.0.1:$(head -1 "$W/port")/3" --cache "$W/hc.sqlite" --rate 1000)
cache_ok() { python3 -c 'import sqlite3,sys; sys.exit(0 if sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0] == "ok" else 1)' "$W/hc.sqlite"; }
t0=$(date +%s%N); "$BIN" "${H[@]}" >/dev/null 2>&1; t1=$(date +%s%N); full=$(( (t1 - t0) / 1000 ))
before=0; after=0; bad=0
for i in $(seq "$TRIALS"); do
  rm -f "$W/h.json" "$W"/hc.sqlite*
  "$BIN" "${H[@]}" >/dev/null 2>&1 & pid=$!
  sleep "$(awk -v f="$full" -v r="$RANDOM" 'BEGIN { printf "%.6f", f * 1.2 * r / 32767 / 1e6 }')"
  kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  if [ -e "$W/h.json" ]; then
    if "$BIN" validate "$W/h.json" >/dev/null 2>&1; then after=$((after + 1)); else bad=$((bad + 1)); fi
  else before=$((before + 1)); fi
  if [ -e "$W/hc.sqlite" ] && ! cache_ok; then echo "hydrate: the cache fails integrity_check after kill $i"; bad=$((bad + 1)); fi
  [ "$(sum "$W/stripped.json")" = "$STRIPPED_SUM" ] || { echo "hydrate: the input changed"; bad=$((bad + 1)); }
done
rm -f "$W/h.json"
"$BIN" "${H[@]}" >/dev/null 2>&1 && "$BIN" validate "$W/h.json" >/dev/null 2>&1 || { echo "hydrate: the next run failed"; bad=$((bad + 1)); }
left=$(find "$W" -name '.*tmp-*' | wc -l)
printf '%-28s %4d kills: %4d absent, %4d complete, %d bad; next run ok; %d temporaries left; cache integrity ok\n' "hydrate (cache)" "$TRIALS" "$before" "$after" "$bad" "$left"
[ "$bad" = 0 ] && [ "$left" = 0 ] || fail=1
exit $fail
