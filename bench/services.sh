#!/usr/bin/env bash
# Services import benchmark (issue 21 §5): `mwkit import` of a generated 50,000-row Netflix
# `ViewingActivity.csv` and a 20,000-item Yamtrack CSV (bench/import/gen_services.py, seeded)
# against the loopback stand-in for TMDb (bench/import/fake_tmdb_search.py), each a cold run and
# a warm re-run on the same cache. Prints rows/s, requests per distinct title to look up (target
# <= 1.05), requests of the warm re-run (target 0) and peak RSS. No peer tool: none named in
# bench/import.sh imports these files from the command line. Data in bench/data/ (git-ignored).
#
# env: MWKIT (default .build/release/mwkit), SERVICES_BENCH_NETFLIX=50000,
#      SERVICES_BENCH_YAMTRACK=20000, IMPORT_BENCH_RATE=1000 (requests/s to the loopback server)
# Needs python3. Uses a throw-away cache and key; never talks to the real TMDb.
set -euo pipefail
cd "$(dirname "$0")/.."
NETFLIX=${SERVICES_BENCH_NETFLIX:-50000}
YAMTRACK=${SERVICES_BENCH_YAMTRACK:-20000}
RATE=${IMPORT_BENCH_RATE:-1000}
MWKIT=${MWKIT:-.build/release/mwkit}
if [ ! -x "$MWKIT" ]; then swift build -c release --product mwkit >&2; fi

data=bench/data/services
mkdir -p "$data"
python3 bench/import/gen_services.py "$data/in" --netflix "$NETFLIX" --yamtrack "$YAMTRACK" >&2
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
python3 -u bench/import/fake_tmdb_search.py > "$work/port" 2>"$work/server.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
served() { curl -s "http://127.0.0.1:$port/__stats"; }

export TMDB_API_KEY=bench-key   # what the loopback server expects; not a real key
unset TMDB_ACCESS_TOKEN
run() {  # name input: a cold run and a warm re-run on its own cache, each under /usr/bin/time -v
  local name=$1 input=$2
  local args=(import "$input" -o "$work/$name.json" --review "$work/$name-review.csv"
              --tmdb-base-url "http://127.0.0.1:$port/3" --cache "$work/$name-cache.sqlite" --rate "$RATE" --format json)
  served > "$work/$name-before.stats"
  local start; start=$(date +%s.%N)
  /usr/bin/time -v -o "$work/$name-cold.time" "$MWKIT" "${args[@]}" > "$work/$name-cold.json" 2>"$work/$name-cold.log" || true
  echo "$(date +%s.%N) - $start" | bc > "$work/$name-cold.wall"
  served > "$work/$name-cold.stats"
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$work/$name-warm.time" "$MWKIT" "${args[@]}" > "$work/$name-warm.json" 2>"$work/$name-warm.log" || true
  echo "$(date +%s.%N) - $start" | bc > "$work/$name-warm.wall"
  served > "$work/$name-warm.stats"
}
run netflix "$data/in/netflix/ViewingActivity.csv"
run yamtrack "$data/in/yamtrack/yamtrack.csv"

python3 - "$work" "$data/in/meta.json" <<'PY'
import json, re, sys
work, meta = sys.argv[1], json.load(open(sys.argv[2]))
def rss(name):
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(f"{work}/{name}.time").read())
    return int(m.group(1)) / 1024 if m else float("nan")
ok = lambda b: "ok" if b else "MISSED"
status = 0
for name, label in (("netflix", "Netflix ViewingActivity.csv"), ("yamtrack", "Yamtrack CSV")):
    try:
        cold, warm = json.load(open(f"{work}/{name}-cold.json")), json.load(open(f"{work}/{name}-warm.json"))
    except Exception as e:
        print(f"{name}: no JSON summary ({e}); log:\n" + open(f"{work}/{name}-cold.log").read()[-2000:])
        status = 1
        continue
    before, after_cold, after_warm = (json.load(open(f"{work}/{name}-{s}.stats")) for s in ("before", "cold", "warm"))
    served_cold, served_warm = after_cold["api"] - before["api"], after_warm["api"] - after_cold["api"]
    paths = {k: v - before["paths"].get(k, 0) for k, v in after_cold["paths"].items() if v - before["paths"].get(k, 0)}
    cold_wall, warm_wall = (float(open(f"{work}/{name}-{s}.wall").read()) for s in ("cold", "warm"))
    rows = sum(f["rowsRead"] for f in cold["files"])
    needing = meta[name]["distinct_titles"]
    per = cold["requests"] / needing if needing else 0
    lib = cold["library"]
    print(f"{label}: {rows} rows -> {lib['titles']} titles, {lib['episodes']} episodes, {lib['viewings']} viewings; "
          f"exit {cold['exitCode']}, {sum(f['review'] for f in cold['files'])} rows in review")
    print(f"  cold run            {rows / cold_wall:8.0f} rows/s   ({cold_wall:.2f} s wall, {cold['requests']} requests sent, {served_cold} served: {paths})")
    print(f"  requests/title      {per:8.3f}   ({needing} distinct titles to look up; {cold['distinctLookups']} distinct keys)   target <= 1.05   {ok(per <= 1.05)}")
    print(f"  warm re-run         {rows / warm_wall:8.0f} rows/s   ({warm_wall:.2f} s wall), {warm['requests']} requests ({served_warm} served)   target 0   {ok(warm['requests'] == 0 and served_warm == 0)}")
    print(f"  peak RSS            {rss(name + '-cold'):8.1f} MB cold, {rss(name + '-warm'):.1f} MB warm")
sys.exit(status)
PY
