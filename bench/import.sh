#!/usr/bin/env bash
# Import benchmark (issue 11 §6): `mwkit import` of a generated 10,000-row Letterboxd diary and a
# 20,000-item Trakt history (bench/import/gen_exports.py) against a loopback stand-in for TMDb's
# search and /find (bench/import/fake_tmdb_search.py). Prints rows/s, requests per distinct
# lookup (target <= 1.05), requests of a warm re-run (target 0) and peak RSS.
#
# env: MWKIT (default .build/release/mwkit), IMPORT_BENCH_DIARY=10000, IMPORT_BENCH_HISTORY=20000,
#      IMPORT_BENCH_RATE=1000 (requests/s allowed to the loopback server)
# Needs python3. Uses a throw-away cache and key; never talks to the real TMDb.
set -euo pipefail
cd "$(dirname "$0")/.."
DIARY=${IMPORT_BENCH_DIARY:-10000}
HISTORY=${IMPORT_BENCH_HISTORY:-20000}
RATE=${IMPORT_BENCH_RATE:-1000}
MWKIT=${MWKIT:-.build/release/mwkit}
if [ ! -x "$MWKIT" ]; then swift build -c release --product mwkit >&2; fi

work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

python3 bench/import/gen_exports.py "$work/in" --diary "$DIARY" --history "$HISTORY" >&2
python3 -u bench/import/fake_tmdb_search.py > "$work/port" 2>"$work/server.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
served() { curl -s "http://127.0.0.1:$port/__stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["api"])'; }

export TMDB_API_KEY=bench-key   # what the loopback server expects; not a real key
unset TMDB_ACCESS_TOKEN
args=(import "$work/in/letterboxd" "$work/in/trakt/watched-history.json" -o "$work/out.json" --review "$work/review.csv"
      --tmdb-base-url "http://127.0.0.1:$port/3" --cache "$work/cache.sqlite" --rate "$RATE" --format json)
timed() {  # label: runs mwkit under /usr/bin/time -v, keeps the JSON summary and the timing
  /usr/bin/time -v -o "$work/$1.time" "$MWKIT" "${args[@]}" > "$work/$1.json" 2>"$work/$1.log" || true
}
start=$(date +%s.%N); timed cold; cold_wall=$(echo "$(date +%s.%N) - $start" | bc)
cold_served=$(served)
start=$(date +%s.%N); timed warm; warm_wall=$(echo "$(date +%s.%N) - $start" | bc)
warm_served=$(( $(served) - cold_served ))

python3 - "$work" "$cold_wall" "$warm_wall" "$cold_served" "$warm_served" <<'PY'
import json, re, sys
work, cold_wall, warm_wall, cold_served, warm_served = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def rss(name):
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(f"{work}/{name}.time").read())
    return int(m.group(1)) / 1024 if m else float("nan")
cold, warm = json.load(open(f"{work}/cold.json")), json.load(open(f"{work}/warm.json"))
needing = json.load(open(f"{work}/in/meta.json"))["lookups_needing_a_request"]
rows = sum(f["rowsRead"] for f in cold["files"])
per = cold["requests"] / needing if needing else 0
ok = lambda b: "ok" if b else "MISSED"
lib = cold["library"]
print(f"import: {rows} rows (Letterboxd diary + Trakt history) -> {lib['titles']} titles, {lib['episodes']} episodes, "
      f"{lib['viewings']} viewings; exit {cold['exitCode']}, {sum(f['review'] for f in cold['files'])} in review")
print(f"  cold run            {rows / cold_wall:8.0f} rows/s   ({cold_wall:.2f} s wall, {cold['requests']} requests sent, {cold_served} served)")
print(f"  requests/title      {per:8.3f}   ({needing} distinct titles to look up; {cold['distinctLookups']} distinct keys in all, "
      f"{cold['requests'] / cold['distinctLookups']:.3f} per key)   target <= 1.05   {ok(per <= 1.05)}")
print(f"  warm re-run         {rows / warm_wall:8.0f} rows/s   ({warm_wall:.2f} s wall), {warm['requests']} requests ({warm_served} served)   target 0   {ok(warm['requests'] == 0 and warm_served == 0)}")
print(f"  peak RSS            {rss('cold'):8.1f} MB cold, {rss('warm'):.1f} MB warm")
PY
