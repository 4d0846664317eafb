#!/usr/bin/env bash
# Benchmark: `mwkit validate` against Python jsonschema (our v1 schema), python3 json.load and
# `jq empty` on the same ~50 MB synthetic v1 backup, plus small-file throughput.
#
#   bench/validate.sh                      (what `make bench` runs, from the repo root)
#
# Environment:
#   MWKIT   mwkit binary (default .build/release/mwkit; rows show "not built" if it is missing)
#   RUNS    timed runs per fast tool, best wall time is reported (default 3; jsonschema runs once)
#   SKIP_JSONSCHEMA=1  skip the slow Python jsonschema row
#
# Data is generated into bench/data/ (git-ignored) by bench/gen_backup.py when missing.
# Wall time and peak RSS are measured per child process (os.wait4 → ru_maxrss), so no
# external `time` is needed. Not a test: numbers depend on the machine.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DATA="bench/data"
LARGE="$DATA/backup-large.json"
SMALL="$DATA/small"
SMALL_N=1000

if [ ! -s "$LARGE" ]; then
    python3 bench/gen_backup.py -o "$LARGE"
fi
if [ ! -d "$SMALL" ] || [ "$(find "$SMALL" -name '*.json' | wc -l)" -lt "$SMALL_N" ]; then
    rm -rf "$SMALL"
    python3 bench/gen_backup.py --small "$SMALL_N" "$SMALL"
fi

export MWKIT="${MWKIT:-.build/release/mwkit}"
export RUNS="${RUNS:-3}"
export SKIP_JSONSCHEMA="${SKIP_JSONSCHEMA:-0}"
export LARGE SMALL

exec python3 - <<'PY'
import os, shutil, subprocess, sys, time

LARGE, SMALL = os.environ["LARGE"], os.environ["SMALL"]
MWKIT, RUNS = os.environ["MWKIT"], max(1, int(os.environ["RUNS"]))
SCHEMA = "Schemas/mediawatch-backup-v1.schema.json"
size = os.path.getsize(LARGE)
small_files = sorted(os.path.join(SMALL, n) for n in os.listdir(SMALL) if n.endswith(".json"))
small_bytes = sum(os.path.getsize(p) for p in small_files)

JSONSCHEMA = r"""
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1], encoding="utf-8"))
from jsonschema import FormatChecker
v = Draft202012Validator(schema, format_checker=getattr(Draft202012Validator, "FORMAT_CHECKER", None) or FormatChecker())
bad = 0
for path in sys.argv[2:]:
    with open(path, "rb") as f:
        doc = json.loads(f.read())
    bad += sum(1 for _ in v.iter_errors(doc))
print(bad, "schema errors", file=sys.stderr)
sys.exit(1 if bad else 0)
"""


def run(cmd):
    """Runs cmd once; returns (wall s, CPU s (user+sys), peak RSS bytes, exit status, stderr tail)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss * 1024, p.returncode, err.decode("utf-8", "replace").strip()[-300:]


def measure(name, cmd, runs):
    best, cpu, rss, rc, err = None, None, 0, 0, ""
    for _ in range(runs):
        wall, c, r, rc, err = run(cmd)
        best = wall if best is None else min(best, wall)
        cpu = c if cpu is None else min(cpu, c)
        rss = max(rss, r)
        if rc != 0:
            break
    return {"name": name, "wall": best, "cpu": cpu, "rss": rss, "rc": rc, "err": err}


def available(cmd0):
    return os.path.isfile(cmd0) and os.access(cmd0, os.X_OK) if "/" in cmd0 else shutil.which(cmd0) is not None


def have_jsonschema():
    return subprocess.run([sys.executable, "-c", "import jsonschema"], capture_output=True).returncode == 0


rows = []
mw = available(MWKIT)
print(f"large file: {LARGE} ({size / 1e6:.1f} MB); small files: {len(small_files)} in {SMALL} ({small_bytes / 1e6:.1f} MB)")
print(f"mwkit: {MWKIT}{'' if mw else ' (not built: run `swift build -c release` first)'}; best of {RUNS} runs for fast tools")
print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall times suffer on a busy machine; cpu s = user+sys)\n")

if mw:
    rows.append(measure("mwkit validate", [MWKIT, "validate", LARGE], RUNS))
else:
    rows.append({"name": "mwkit validate", "skip": "not built"})
if os.environ["SKIP_JSONSCHEMA"] == "1":
    rows.append({"name": "python jsonschema (v1 schema)", "skip": "SKIP_JSONSCHEMA=1"})
elif have_jsonschema():
    rows.append(measure("python jsonschema (v1 schema)", [sys.executable, "-c", JSONSCHEMA, SCHEMA, LARGE], 1))
else:
    rows.append({"name": "python jsonschema (v1 schema)", "skip": "pip install jsonschema"})
rows.append(measure("python3 json.load", [sys.executable, "-c", "import json,sys; json.load(open(sys.argv[1],'rb'))", LARGE], RUNS))
if shutil.which("jq"):
    rows.append(measure("jq empty", ["jq", "empty", LARGE], RUNS))
else:
    rows.append({"name": "jq empty", "skip": "jq not installed"})

base = rows[0].get("wall") if "skip" not in rows[0] and rows[0]["rc"] == 0 else None
hdr = f"{'tool':<32}{'wall s':>9}{'cpu s':>8}{'MB/s':>9}{'× mwkit':>10}{'peak RSS MB':>13}{'RSS/file':>10}  note"
print(hdr)
print("-" * len(hdr))
for r in rows:
    if "skip" in r:
        print(f"{r['name']:<32}{'-':>9}{'-':>8}{'-':>9}{'-':>10}{'-':>13}{'-':>10}  skipped: {r['skip']}")
        continue
    ratio = f"{r['wall'] / base:.1f}×" if base else "-"
    note = "" if r["rc"] == 0 else f"exit {r['rc']}: {r['err'].splitlines()[-1] if r['err'] else ''}"
    print(f"{r['name']:<32}{r['wall']:>9.2f}{r['cpu']:>8.2f}{size / 1e6 / r['wall']:>9.1f}{ratio:>10}{r['rss'] / 1e6:>13.1f}"
          f"{r['rss'] / size:>10.2f}  {note}")

print(f"\nsmall files ({len(small_files)} files, {small_bytes / 1e6:.1f} MB)")
small_rows = []
if mw:
    small_rows.append(measure(f"mwkit validate {SMALL}/", [MWKIT, "validate", SMALL], RUNS))
else:
    small_rows.append({"name": f"mwkit validate {SMALL}/", "skip": "not built"})
if have_jsonschema() and os.environ["SKIP_JSONSCHEMA"] != "1":
    small_rows.append(measure("python jsonschema (one process)", [sys.executable, "-c", JSONSCHEMA, SCHEMA] + small_files, 1))
print(f"{'tool':<40}{'wall s':>9}{'cpu s':>8}{'files/s':>10}{'peak RSS MB':>13}  note")
for r in small_rows:
    if "skip" in r:
        print(f"{r['name']:<40}{'-':>9}{'-':>8}{'-':>10}{'-':>13}  skipped: {r['skip']}")
        continue
    note = "" if r["rc"] == 0 else f"exit {r['rc']}: {r['err'].splitlines()[-1] if r['err'] else ''}"
    print(f"{r['name']:<40}{r['wall']:>9.2f}{r['cpu']:>8.2f}{len(small_files) / r['wall']:>10.0f}{r['rss'] / 1e6:>13.1f}  {note}")

# Targets of issue 2 §9.
m, js, sm = rows[0], rows[1], small_rows[0]
if "skip" not in m and m["rc"] == 0:
    print("\ntargets (issue 2 §9)")
    mbs = size / 1e6 / m["wall"]
    print(f"  throughput >= 150 MB/s        {mbs:8.1f} MB/s   {'met' if mbs >= 150 else 'MISSED'}")
    if "skip" not in js and js["rc"] == 0:
        x = js["wall"] / m["wall"]
        print(f"  >= 30x python jsonschema      {x:8.1f}x       {'met' if x >= 30 else 'MISSED'}")
    print(f"  peak RSS <= file size         {m['rss'] / 1e6:8.1f} MB     {'met' if m['rss'] <= size else 'MISSED'}")
    if "skip" not in sm and sm["rc"] == 0:
        fps = len(small_files) / sm["wall"]
        print(f"  >= 1,000 small files/s        {fps:8.0f} /s     {'met' if fps >= 1000 else 'MISSED'}")
PY
