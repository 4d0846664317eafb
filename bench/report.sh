#!/usr/bin/env bash
# Benchmark: `mwkit report` against `mwkit validate` on the same library of about a million
# viewings (docs/REPORT.md "Speed": the report may cost at most twice validate's time and
# memory). Prints both rows (best wall time of RUNS, peak RSS) and the ratios.
#
#   bench/report.sh                        (what `make bench` runs, from the repo root)
#
# Environment:
#   MWKIT   mwkit binary (default .build/release/mwkit)
#   RUNS    timed runs per command, best wall time is reported (default 3)
#
# Data: bench/data/backup-1m-viewings.json (git-ignored), made by bench/gen_backup.py when
# missing: 40,000 titles and 2,000,000 episodes, about half of them watched (one viewing each).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DATA="bench/data"
LIB="$DATA/backup-1m-viewings.json"
mkdir -p "$DATA"
if [ ! -s "$LIB" ]; then
    python3 bench/gen_backup.py -o "$LIB" --titles 40000 --episodes 2000000 --v2
fi

export MWKIT="${MWKIT:-.build/release/mwkit}" RUNS="${RUNS:-3}" LIB DATA
exec python3 - <<'PY'
import os, re, subprocess, sys, time

MWKIT, RUNS, LIB, DATA = os.environ["MWKIT"], max(1, int(os.environ["RUNS"])), os.environ["LIB"], os.environ["DATA"]
if not os.access(MWKIT, os.X_OK):
    print(f"report: {MWKIT} not built"); sys.exit(0)

def run(cmd):
    best, rss = None, 0
    for _ in range(RUNS):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"failed: {' '.join(cmd)}")
        best = wall if best is None else min(best, wall)
        rss = max(rss, ru.ru_maxrss)
    return best, rss / 1024

out = os.path.join(DATA, "report-1m.html")
v_wall, v_rss = run([MWKIT, "validate", LIB])
r_wall, r_rss = run([MWKIT, "report", LIB, "-o", out])
html = open(out, encoding="utf-8").read()
m = re.search(r'<th scope="row">Viewings</th><td>(\d+)</td>', html)
print(f"library: {os.path.getsize(LIB) / 1e6:.0f} MB, {m.group(1) if m else '?'} viewings")
print(f"{'command':<16}{'wall s':>10}{'peak RSS MB':>14}")
print(f"{'mwkit validate':<16}{v_wall:>10.2f}{v_rss:>14.0f}")
print(f"{'mwkit report':<16}{r_wall:>10.2f}{r_rss:>14.0f}")
print(f"report / validate: time {r_wall / v_wall:.2f}x, memory {r_rss / v_rss:.2f}x (the aim: at most 2x each)")
PY
