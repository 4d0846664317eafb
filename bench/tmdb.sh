#!/usr/bin/env bash
# TMDb hydrate benchmark (issue 5): hydrates N stripped titles (1/3 TV shows with 3–6 seasons
# of 8 episodes) with `mwkit hydrate` against a loopback stand-in for TMDb (bench/tmdb/fake_tmdb.py)
# at a set rate limit, then again from the warm cache. Prints requests per title, achieved
# request rate vs the limit, and warm-cache titles/s, with the targets.
#
#   bench/tmdb.sh                      # 1000 titles at 40 req/s
#   TMDB_BENCH_TITLES=300 TMDB_BENCH_RATE=100 MWKIT=.build/debug/mwkit bench/tmdb.sh
#
# RUNS (default 3): warm-cache runs; the best is reported, with the median beside it.
#
# Needs python3. Uses a throw-away cache and key; never talks to the real TMDb.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${TMDB_BENCH_TITLES:-1000}
RATE=${TMDB_BENCH_RATE:-40}
MWKIT=${MWKIT:-.build/release/mwkit}
if [ ! -x "$MWKIT" ]; then swift build -c release --product mwkit >&2; fi

work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

python3 bench/tmdb/make_library.py "$N" "$work/stripped.json"
python3 -u bench/tmdb/fake_tmdb.py > "$work/port" 2>"$work/server.log" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
base="http://127.0.0.1:$port/3"

export TMDB_API_KEY=bench-key   # what the loopback server expects; not a real key
unset TMDB_ACCESS_TOKEN
common=(--tmdb-base-url "$base" --cache "$work/cache.sqlite" --rate "$RATE")

start=$(date +%s.%N)
"$MWKIT" hydrate "$work/stripped.json" -o "$work/cold.json" "${common[@]}" --stats-json "$work/cold-stats.json" 2>"$work/cold.log"
cold_wall=$(echo "$(date +%s.%N) - $start" | bc)
served=$(curl -s "http://127.0.0.1:$port/__stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["api"])')

# Warm runs: offline, so any cache miss would fail. RUNS of them; the best is reported (like
# bench/validate.sh), since other work on the machine only ever slows a run down.
RUNS=${RUNS:-3}
warm_walls=()
for r in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  "$MWKIT" hydrate "$work/stripped.json" -o "$work/warm.json" "${common[@]}" --offline --stats-json "$work/warm-stats-$r.json" 2>"$work/warm.log"
  warm_walls+=("$(echo "$(date +%s.%N) - $start" | bc)")
  cmp -s "$work/cold.json" "$work/warm.json" || { echo "warm output differs from cold output" >&2; exit 1; }
done

python3 - "$work/cold-stats.json" "$served" "$cold_wall" "$work" "${warm_walls[*]}" <<'PY'
import json, sys, glob, statistics
cold = json.load(open(sys.argv[1]))
served, cold_wall = int(sys.argv[2]), float(sys.argv[3])
warms = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[4] + "/warm-stats-*.json"))]
warm = min(warms, key=lambda w: w["metadataSeconds"])
warm_wall = min(float(x) for x in sys.argv[5].split())
median_ms = 1000 * statistics.median(w["metadataSeconds"] for w in warms)
n = cold["titlesConsidered"]
rpt = cold["requests"] / n
pct = 100 * cold["achievedRate"] / cold["rateLimit"]
warm_tps = n / warm["metadataSeconds"] if warm["metadataSeconds"] > 0 else float("inf")
ok = lambda b: "ok" if b else "MISSED"
print(f"tmdb hydrate: {n} titles ({cold['episodesHydrated']} episodes), limit {cold['rateLimit']:g} req/s")
print(f"  requests/title      {rpt:6.3f}   ({cold['requests']} sent, {served} served)   target <= 1.2   {ok(rpt <= 1.2)}")
print(f"  achieved rate       {cold['achievedRate']:6.1f} req/s = {pct:.1f}% of limit          target >= 90%   {ok(pct >= 90)}")
print(f"  cold run            {cold['metadataSeconds']:6.2f} s metadata, {cold_wall:.2f} s wall, {cold['failures']} failures")
print(f"  warm cache          {warm_tps:8.0f} titles/s (best of {len(warms)}: {warm['metadataSeconds']*1000:.1f} ms metadata, median {median_ms:.1f} ms;"
      f" {warm_wall:.2f} s wall incl. read/write)   target >= 10000   {ok(warm_tps >= 10000)}")
PY
