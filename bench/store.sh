#!/usr/bin/env bash
# Store benchmark (issue 4): restore --strategy replace of a generated 100k-title / 1M-episode
# backup into an empty database, merge of the same into a database already holding half of it,
# and — in the same run — the sqlite3 CLI's `.import` of the same rows as CSV into the same
# schema. Prints rows/s, ratios and peak RSS against the targets. Not a test.
#
# usage: bench/store.sh            (make bench: `bash bench/store.sh`)
# env:   MWKIT=path/to/mwkit (default .build/release/mwkit, built if missing)
#        STORE_BENCH_TITLES=100000 STORE_BENCH_EPISODES_PER_SHOW=20
set -euo pipefail
cd "$(dirname "$0")/.."

TITLES=${STORE_BENCH_TITLES:-100000}
EPS=${STORE_BENCH_EPISODES_PER_SHOW:-20}
BIN=${MWKIT:-.build/release/mwkit}
DATA=bench/data/store-$TITLES-$EPS
WORK=bench/data/store-work
if [ ! -x "$BIN" ]; then swift build -c release --product mwkit >&2; fi
mkdir -p "$DATA" "$WORK"
if [ ! -f "$DATA/full.json" ] || [ ! -f "$DATA/episodes.csv" ]; then
  echo "generating $TITLES titles, $EPS episodes per show in $DATA …" >&2
  python3 bench/store/gen_backup.py "$DATA" --titles "$TITLES" --episodes-per-show "$EPS"
fi
[ -f "$DATA/half.json" ] || python3 bench/store/gen_backup.py "$DATA" --titles "$TITLES" --episodes-per-show "$EPS" --half

rows_of() { wc -l < "$1"; }
LISTS=$(rows_of "$DATA/lists.csv"); ITEMS=$(rows_of "$DATA/list_items.csv"); TTL=$(rows_of "$DATA/titles.csv")
EPIS=$(rows_of "$DATA/episodes.csv"); NOTES=$(rows_of "$DATA/notes.csv")
CSV_ROWS=$((LISTS + ITEMS + TTL + EPIS + NOTES))
ROWS=$((CSV_ROWS + 1))   # + the preferences row
SIZE=$(stat -c %s "$DATA/full.json")

# Runs a command, prints "<seconds> <peak RSS KiB>".
timed() { /usr/bin/time -f "%e %M" -o "$WORK/time.txt" "$@" > "$WORK/out.txt" 2> "$WORK/err.txt" || { cat "$WORK/err.txt" >&2; exit 1; }; cat "$WORK/time.txt" | tail -1; }

rm -f "$WORK"/*.sqlite*
sync

echo "== store benchmark: $TITLES titles, $EPIS episodes, $ROWS rows; backup $((SIZE / 1048576)) MiB"

# 0. Reading alone (parse + validate), to separate it from the database's share.
read -r T_READ RSS_READ <<< "$(timed "$BIN" validate "$DATA/full.json")"

# 1. replace into an empty database, REPEAT times (this machine's timings vary by ±15% from
#    run to run): the median run counts, the spread is printed.
REPEAT=${STORE_BENCH_REPEAT:-3}
REPL_RUNS=""
for _ in $(seq "$REPEAT"); do
  rm -f "$WORK"/replace.sqlite*
  REPL_RUNS="$REPL_RUNS $(timed "$BIN" restore "$DATA/full.json" --db "$WORK/replace.sqlite" --strategy replace --no-snapshot | tr ' ' ':')"
done
read -r T_REPL RSS_REPL T_REPL_MIN T_REPL_MAX <<< "$(python3 -c '
import sys, statistics
runs = [tuple(map(float, r.split(":"))) for r in sys.argv[1:]]
ts = sorted(t for t, _ in runs)
med = statistics.median_low(ts)
print(med, max(m for _, m in runs), ts[0], ts[-1])' $REPL_RUNS)"

# 2. merge into a database already holding half (set up untimed).
"$BIN" restore "$DATA/half.json" --db "$WORK/merge.sqlite" --strategy replace --no-snapshot > /dev/null
read -r T_MERGE RSS_MERGE <<< "$(timed "$BIN" restore "$DATA/full.json" --db "$WORK/merge.sqlite" --strategy merge)"

# 3. sqlite3 .import of the same rows into the same schema (same pragmas, one transaction).
#    .import stores empty CSV fields as '' rather than NULL, which the notes' one-parent CHECK
#    rejects, so notes (1% of the rows) go through a staging table and NULLIF.
#    The same page size as mwkit's file, set before the schema is created.
PAGE_SIZE=$(sqlite3 "$WORK/replace.sqlite" "PRAGMA page_size")
sqlite3 "$WORK/replace.sqlite" .schema > "$WORK/schema.sql"
{ echo "PRAGMA page_size = $PAGE_SIZE;"; cat "$WORK/schema.sql"; } | sqlite3 "$WORK/import.sqlite"
[ "$(sqlite3 "$WORK/import.sqlite" "PRAGMA page_size")" = "$PAGE_SIZE" ] || { echo "import database did not take page size $PAGE_SIZE" >&2; exit 1; }
sqlite3 "$WORK/import.sqlite" "PRAGMA journal_mode = WAL" > /dev/null
cat > "$WORK/import.sql" <<SQL
PRAGMA foreign_keys = ON;
PRAGMA synchronous = NORMAL;
PRAGMA cache_size = -65536;
BEGIN;
.import --csv $DATA/lists.csv lists
.import --csv $DATA/titles.csv titles
.import --csv $DATA/episodes.csv episodes
.import --csv $DATA/list_items.csv list_items
CREATE TEMP TABLE notes_csv (seq, id, title_id, episode_id, text, owner_only, date_created, date_modified);
.import --csv $DATA/notes.csv notes_csv
INSERT INTO notes SELECT seq, id, NULLIF(title_id, ''), NULLIF(episode_id, ''), text, owner_only, date_created, NULLIF(date_modified, '') FROM notes_csv;
COMMIT;
SQL
read -r T_IMP RSS_IMP <<< "$(timed sqlite3 -bail "$WORK/import.sqlite" ".read $WORK/import.sql")"
IMP_COUNT=$(sqlite3 "$WORK/import.sqlite" "SELECT (SELECT count(*) FROM lists)+(SELECT count(*) FROM titles)+(SELECT count(*) FROM episodes)+(SELECT count(*) FROM list_items)+(SELECT count(*) FROM notes)")
[ "$IMP_COUNT" = "$CSV_ROWS" ] || { echo "sqlite3 .import loaded $IMP_COUNT of $CSV_ROWS rows" >&2; exit 1; }

# 4. The restored database holds every row.
DB_COUNT=$(sqlite3 "$WORK/replace.sqlite" "SELECT (SELECT count(*) FROM lists)+(SELECT count(*) FROM titles)+(SELECT count(*) FROM episodes)+(SELECT count(*) FROM list_items)+(SELECT count(*) FROM notes)+(SELECT count(*) FROM preferences)")
[ "$DB_COUNT" = "$ROWS" ] || { echo "replace stored $DB_COUNT of $ROWS rows" >&2; exit 1; }

python3 - "$ROWS" "$CSV_ROWS" "$SIZE" "$T_READ" "$RSS_READ" "$T_REPL" "$RSS_REPL" "$T_MERGE" "$RSS_MERGE" "$T_IMP" "$RSS_IMP" "$T_REPL_MIN" "$T_REPL_MAX" "$REPEAT" <<'PY'
import sys
rows, csv_rows, size = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
t_read, rss_read, t_repl, rss_repl, t_merge, rss_merge, t_imp, rss_imp, t_min, t_max, repeat = map(float, sys.argv[4:15])
rate = lambda n, t: n / t if t > 0 else float("inf")
repl, merge, imp = rate(rows, t_repl), rate(rows, t_merge), rate(csv_rows, t_imp)
mib = lambda kib: kib / 1024
ok = lambda b: "ok" if b else "MISSED"
print(f"read+validate only      {t_read:7.2f} s   peak RSS {mib(rss_read):7.0f} MiB")
print(f"restore replace (empty) {t_repl:7.2f} s   {repl:10,.0f} rows/s   peak RSS {mib(rss_repl):7.0f} MiB   (median of {repeat:.0f}: {t_min:.2f}-{t_max:.2f} s = {rate(rows, t_max):,.0f}-{rate(rows, t_min):,.0f} rows/s; reads and loads at once)")
print(f"restore merge (half)    {t_merge:7.2f} s   {merge:10,.0f} rows/s   peak RSS {mib(rss_merge):7.0f} MiB")
print(f"sqlite3 .import (CSV)   {t_imp:7.2f} s   {imp:10,.0f} rows/s   peak RSS {mib(rss_imp):7.0f} MiB")
print(f"replace / .import       {repl / imp:7.2f} x")
print("targets:")
print(f"  replace >= 300k rows/s          {repl:10,.0f}   {ok(repl >= 300_000)}")
print(f"  replace >= 0.7 x sqlite3 import {repl / imp:10.2f}   {ok(repl / imp >= 0.7)}")
print(f"  merge >= 100k rows/s            {merge:10,.0f}   {ok(merge >= 100_000)}")
peak = max(rss_repl, rss_merge) * 1024
print(f"  peak RSS <= 2 x backup size     {peak / size:10.2f} x ({mib(peak / 1024):.0f} MiB vs {size / 1048576:.0f} MiB)   {ok(peak <= 2 * size)}")
PY
