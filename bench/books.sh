#!/usr/bin/env bash
# Benchmark: book imports. A 50,000-row Goodreads export imported into a new library, then
# merged into a 50,000-book library (a second export of which half the books are the same,
# found by ISBN and Goodreads id), beside Python's `csv` module reading the same file — the
# floor to beat. Prints rows/s and peak RSS per step, then two Python peers for the parts of an
# import the floor does not do: writing the library (json.dump) and reading one (json.load).
#
#   bench/books.sh                      (what `make bench` runs, from the repo root)
#
# Environment:
#   MWKIT   mwkit binary (default .build/release/mwkit)
#   ROWS    rows per export (default 50000)
#
# Uses `mwkit import SOURCE -o OUT` and `--merge-into EXISTING` (issue 12 §2); until the
# command reads book exports those rows print "not wired" and only the floor is measured.
# Data is generated into bench/data/ (git-ignored) by bench/gen_goodreads.py. Wall time and
# peak RSS per child process (os.wait4 → ru_maxrss). Not a test: numbers depend on the machine.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DATA="bench/data"
ROWS="${ROWS:-50000}"
mkdir -p "$DATA"
EXPORT="$DATA/goodreads-$ROWS.csv"
LIBRARY_EXPORT="$DATA/goodreads-$ROWS-library.csv"
[ -s "$EXPORT" ] || python3 bench/gen_goodreads.py -n "$ROWS" -o "$EXPORT" --seed 1 --offset "$((ROWS / 2))"
[ -s "$LIBRARY_EXPORT" ] || python3 bench/gen_goodreads.py -n "$ROWS" -o "$LIBRARY_EXPORT" --seed 2 --offset 0

export MWKIT="${MWKIT:-.build/release/mwkit}" EXPORT LIBRARY_EXPORT ROWS DATA
exec python3 - <<'PY'
import os, subprocess, sys, time

MWKIT, EXPORT, LIB, ROWS, DATA = (os.environ[k] for k in ("MWKIT", "EXPORT", "LIBRARY_EXPORT", "ROWS", "DATA"))
rows = int(ROWS)

def run(argv):
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read().decode(errors="replace")
    return time.perf_counter() - t, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), err

floor = None
def row(name, secs, rss, note=""):
    ratio = f"{(rows / secs) / floor:6.3f}x" if floor else "   1.000x"
    print(f"{name:<44} {secs:8.2f} s {rows / secs:12,.0f} rows/s {ratio:>9} {rss:8.1f} MB  {note}")

print(f"{'step':<44} {'wall':>10} {'rows/s':>19} {'vs floor':>9} {'peak RSS':>11}")
secs, rss, code, _ = run([sys.executable, "-c", "import csv,sys\nn=0\nfor r in csv.reader(open(sys.argv[1], newline='', encoding='utf-8')): n+=1\n", EXPORT])
row("python3 csv.reader (floor)", secs, rss)
floor = rows / secs

wired = False
if os.access(MWKIT, os.X_OK):
    h = subprocess.run([MWKIT, "import", "--help"], capture_output=True, text=True)
    wired = "merge-into" in (h.stdout + h.stderr)
if not wired:
    print(f"{'mwkit import (new library)':<44} not wired: `mwkit import` does not read book exports yet ({MWKIT})")
    print(f"{'mwkit import --merge-into (50k library)':<44} not wired")
    sys.exit(0)
existing, new, merged = (os.path.join(DATA, n) for n in ("books-existing.json", "books-new.json", "books-merged.json"))
secs, rss, code, err = run([MWKIT, "import", LIB, "-o", existing])
row("mwkit import (the 50k library)", secs, rss, "" if code in (0, 1) else f"exit {code}: {err[:200]}")
secs, rss, code, err = run([MWKIT, "import", EXPORT, "-o", new])
row("mwkit import (new library)", secs, rss, "" if code in (0, 1) else f"exit {code}: {err[:200]}")
secs, rss, code, err = run([MWKIT, "import", EXPORT, "--merge-into", existing, "-o", merged])
row("mwkit import --merge-into (50k library)", secs, rss, "" if code in (0, 1) else f"exit {code}: {err[:200]}")

# Peers for the parts an import cannot skip and the floor does not do: Python's C-accelerated
# `json` module only writing the library the import made (loaded first, untimed), and only
# reading the 50k library a merge starts from. Each child times its own part.
def part(code, *args):
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    return float(p.stdout.strip() or "nan")
WRITE = """import json, os, sys, time
d = json.load(open(sys.argv[1], encoding="utf-8"))
t = time.perf_counter()
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(d, f, indent=2, ensure_ascii=False); f.flush(); os.fsync(f.fileno())
print(time.perf_counter() - t)
"""
READ = """import json, sys, time
t = time.perf_counter(); json.load(open(sys.argv[1], encoding="utf-8")); print(time.perf_counter() - t)
"""
if os.path.exists(new):
    peer = os.path.join(DATA, "books-python.json")
    secs = part(WRITE, new, peer)
    os.remove(peer)
    print(f"{'peer: python3 json.dump of that library':<44} {secs:8.2f} s {rows / secs:12,.0f} rows/s {(rows / secs) / floor:8.3f}x   (writing only: no reading, no matching)")
    secs = part(READ, existing)
    print(f"{'peer: python3 json.load of the 50k library':<44} {secs:8.2f} s {rows / secs:12,.0f} rows/s {(rows / secs) / floor:8.3f}x   (what a merge reads first)")
PY
