#!/usr/bin/env bash
# The main job on the bundled Samples, against the embedded default library database:
# validate, migrate to v2, stats, restore (merge) into the default database, archive it out.
set -uo pipefail
cd "$(dirname "$0")/.."
MW=${MWKIT:-$(swift build --show-bin-path)/mwkit}
OUT=${DEMO_OUT:-.demo}
mkdir -p "$OUT"
# Commands in bold on a terminal only: piped or redirected, the output has no escape codes.
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"; "$@"; echo "(exit $?)"; }

step "$MW" validate Samples/mediawatch-v1.json Samples/mediawatch-v1-iso-dates.json Samples/mediawatch-v2.json
step "$MW" validate --format github Samples/invalid/title-tmdbid-positive.json
step "$MW" migrate Samples/mediawatch-v1.json --to 2 -o "$OUT/mediawatch-v2.json"
step "$MW" migrate "$OUT/mediawatch-v2.json" --to 1 -o "$OUT/mediawatch-v1-again.json"
step "$MW" stats Samples/mediawatch-v1.json
# The embedded default database ($MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite, else
# ~/.local/share/mwkit/library.sqlite). Merge is idempotent: running the demo again changes nothing.
step "$MW" restore Samples/mediawatch-v1.json --strategy merge
step "$MW" restore Samples/mediawatch-v2.json --strategy merge --dry-run
step "$MW" archive --to mediawatch-v2 -o "$OUT/library-archive.json"
step "$MW" strip "$OUT/mediawatch-v2.json" -o "$OUT/stripped.json"
echo
echo "demo outputs are in $OUT/"
