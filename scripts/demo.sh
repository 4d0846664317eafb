#!/usr/bin/env bash
# The main job on the bundled Samples, in a demo library of its own: validate, migrate to v2,
# stats, restore (merge) into the demo database, archive it out, strip. Everything it writes
# goes under DEMO_OUT (default .build/demo): the user's own library database ($MWKIT_DB, else
# $XDG_DATA_HOME/mwkit/library.sqlite, else ~/.local/share/mwkit/library.sqlite) is never
# touched — every database command names the demo's with --db, and MWKIT_DB points there too.
set -uo pipefail
cd "$(dirname "$0")/.."
MW=${MWKIT:-$(swift build --show-bin-path)/mwkit}
OUT=${DEMO_OUT:-.build/demo}
DB=$OUT/library.sqlite
mkdir -p "$OUT"
export MWKIT_DB=$DB
# Commands in bold on a terminal only: piped or redirected, the output has no escape codes.
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"; "$@"; echo "(exit $?)"; }

echo "demo: outputs and the demo library database go to $OUT/ (your own library is not touched)"
step "$MW" validate Samples/mediawatch-v1.json Samples/mediawatch-v1-iso-dates.json Samples/mediawatch-v2.json
step "$MW" validate --format github Samples/invalid/title-tmdbid-positive.json
step "$MW" migrate Samples/mediawatch-v1.json --to 2 -o "$OUT/mediawatch-v2.json"
step "$MW" migrate "$OUT/mediawatch-v2.json" --to 1 -o "$OUT/mediawatch-v1-again.json"
step "$MW" stats Samples/mediawatch-v1.json
# Merge is idempotent: running the demo again changes nothing in the demo database.
step "$MW" restore Samples/mediawatch-v1.json --db "$DB" --strategy merge
step "$MW" restore Samples/mediawatch-v2.json --db "$DB" --strategy merge --dry-run
step "$MW" archive --db "$DB" --to mediawatch-v2 -o "$OUT/library-archive.json"
step "$MW" strip "$OUT/mediawatch-v2.json" -o "$OUT/stripped.json"
echo
echo "demo outputs are in $OUT/; the demo library database is $DB"
