#!/usr/bin/env bash
# Benchmark: book imports. A 50,000-row Goodreads export imported into a new library, then
# merged into a 50,000-book library (a second export of which half the books are the same,
# found by ISBN and Goodreads id), beside Python's `csv` module reading the same file — the
# floor — and a plain Python script doing the same job — the peer (issue 23 §6): csv reader,
# ISBN normalisation (ISBN-10 → 13), grouping by ISBN, Goodreads id and title + author,
# `json.dump` (indent 2, as mwkit writes) of works, editions, authors and entries; with
# `--merge-into`, `json.load` of the 50k library first. Goal: mwkit ≥ 2× the peer's speed for a
# new library and for --merge-into, peak RSS ≤ 2× the output's size; both are printed as
# met / missed. Then two Python parts for scale: writing the library (json.dump) and reading
# one (json.load).
#
#   bench/books.sh                      (what `make bench` runs, from the repo root)
#
# Environment:
#   MWKIT   mwkit binary (default .build/release/mwkit)
#   ROWS    rows per export (default 50000)
#   RUNS    runs of each timed step, mwkit's and the peer's alike (default 3): the median wall
#           time is printed, and the largest peak RSS (one run swung ±15% on a shared machine)
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

export MWKIT="${MWKIT:-.build/release/mwkit}" EXPORT LIBRARY_EXPORT ROWS DATA RUNS="${RUNS:-3}"
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

RUNS = max(1, int(os.environ.get("RUNS", "3")))
def runs(argv):
    """`run` RUNS times: the median wall time, the largest peak RSS, the last exit and stderr."""
    results = [run(argv) for _ in range(RUNS)]
    walls = sorted(r[0] for r in results)
    return walls[len(walls) // 2], max(r[1] for r in results), results[-1][2], results[-1][3]

floor = None
def row(name, secs, rss, note=""):
    ratio = f"{(rows / secs) / floor:6.3f}x" if floor else "   1.000x"
    print(f"{name:<44} {secs:8.2f} s {rows / secs:12,.0f} rows/s {ratio:>9} {rss:8.1f} MB  {note}")

print(f"median of {RUNS} runs for mwkit's import and the peer (wall), their largest peak RSS")
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
secs, rss, code, err = runs([MWKIT, "import", EXPORT, "-o", new])
row("mwkit import (new library)", secs, rss, "" if code in (0, 1) else f"exit {code}: {err[:200]}")
mine_new = (secs, rss)
secs, rss, code, err = runs([MWKIT, "import", EXPORT, "--merge-into", existing, "-o", merged])
row("mwkit import --merge-into (50k library)", secs, rss, "" if code in (0, 1) else f"exit {code}: {err[:200]}")
mine_merge = (secs, rss)

# The peer: the same job in plain Python (one process per run, timed from outside like mwkit).
PEER = r"""
import csv, hashlib, json, re, sys, unicodedata
src, out = sys.argv[1], sys.argv[2]
existing = sys.argv[3] if len(sys.argv) > 3 else None
NOW = "2026-01-01T00:00:00Z"

def isbn13(raw):
    v = raw.strip()
    if v.startswith('="') and v.endswith('"'): v = v[2:-1]
    v = v.replace("-", "").replace(" ", "").upper()
    if len(v) == 10 and v[:9].isdigit():
        body = "978" + v[:9]
        return body + str((10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body)) % 10) % 10)
    return v if len(v) == 13 and v.isdigit() else None

def fold(s):
    s = unicodedata.normalize("NFKD", s.lower())
    s = "".join(c if c.isalnum() else " " for c in s if not unicodedata.combining(c))
    return " ".join(s.split())

SERIES = re.compile(r"^(.*) \([^()]*#[^()]*\)$")
def title_key(title, author):
    m = SERIES.match(title.strip())
    return "title:" + fold(m.group(1) if m else title) + "|" + fold(author)

def uid(kind, key):
    h = hashlib.sha256(f"bookstrack\x1f{kind}\x1f{key}".encode()).hexdigest().upper()
    return f"{h[:8]}-{h[8:12]}-8{h[13:16]}-{h[16:20]}-{h[20:32]}"

def day(v):
    v = v.strip()
    return v.replace("/", "-") + "T00:00:00Z" if len(v) == 10 else None

STATUS = {"read": "read", "to-read": "toRead", "currently-reading": "reading"}
lib = {"format": "bookstrack-backup", "formatVersion": 1, "exportDate": NOW, "works": [], "editions": [], "authors": [], "entries": []}
if existing:
    with open(existing, encoding="utf-8") as f: lib = json.load(f)
authors, works, editions, entries = {}, {}, {}, {}
for a in lib["authors"]: authors.setdefault(fold(a["name"]), a)
names = {a["id"]: a["name"] for a in lib["authors"]}
by_id = {w["id"]: w for w in lib["works"]}
for w in lib["works"]:
    for g in w.get("goodreadsWorkIDs", []): works.setdefault("goodreads:" + g, w)
    if w.get("authorIds"): works.setdefault(title_key(w["title"], names.get(w["authorIds"][0], "")), w)
for e in lib["editions"]:
    for i in e.get("isbns", []):
        k = isbn13(i)
        if k: editions.setdefault(k, e); works.setdefault("isbn:" + k, by_id.get(e["workId"]))
for n in lib["entries"]: entries.setdefault(n["workId"], n)

with open(src, newline="", encoding="utf-8") as f:
    rows = csv.reader(f)
    head = next(rows)
    col = {h: i for i, h in enumerate(head)}
    for r in rows:
        title, name = r[col["Title"]], r[col["Author"]]
        if not title: continue
        isbns = [x for x in (r[col["ISBN"]], r[col["ISBN13"]]) if x.strip('="')]
        keys = [k for k in map(isbn13, isbns) if k]
        gid = r[col["Book Id"]]
        ak = fold(name)
        a = authors.get(ak)
        if a is None:
            a = {"id": uid("author", ak), "name": name, "dateCreated": NOW, "lastModified": NOW}
            authors[ak] = a; lib["authors"].append(a)
        tk = title_key(title, name)
        w = next((works[k] for k in ["isbn:" + k for k in keys] + ["goodreads:" + gid, tk] if works.get(k)), None)
        if w is None:
            w = {"id": uid("work", "goodreads:" + gid), "title": title, "authorIds": [a["id"]], "goodreadsWorkIDs": [],
                 "reviewStatus": "verified", "dateCreated": NOW, "lastModified": NOW}
            lib["works"].append(w)
        if gid not in w.setdefault("goodreadsWorkIDs", []): w["goodreadsWorkIDs"].append(gid)
        for k in ["isbn:" + k for k in keys] + ["goodreads:" + gid, tk]: works.setdefault(k, w)
        e = next((editions[k] for k in keys if k in editions), None)
        if e is None:
            e = {"id": uid("edition", keys[0] if keys else w["id"]), "workId": w["id"], "isbns": keys,
                 "publisher": r[col["Publisher"]], "format": "paperback", "dateCreated": NOW, "lastModified": NOW}
            if r[col["Number of Pages"]]: e["pageCount"] = int(r[col["Number of Pages"]])
            lib["editions"].append(e)
            for k in keys: editions[k] = e
        shelf = r[col["Exclusive Shelf"]]
        notes = "\n\n".join(x.replace("<br/>", "\n") for x in (r[col["My Review"]], r[col["Private Notes"]]) if x) or None
        tags = [t.strip() for t in r[col["Bookshelves"]].split(",") if t.strip()]
        n = {"id": uid("entry", w["id"]), "workId": w["id"], "editionId": e["id"], "dateAdded": day(r[col["Date Added"]]) or NOW,
             "readingStatus": STATUS.get(shelf, "toRead"), "tags": tags, "lastModified": NOW}
        if r[col["My Rating"]] not in ("", "0"): n["rating"] = int(r[col["My Rating"]])
        if day(r[col["Date Read"]]): n["dateCompleted"] = day(r[col["Date Read"]])
        if notes: n["notes"] = notes
        old = entries.get(w["id"])
        if old is None:
            entries[w["id"]] = n; lib["entries"].append(n)
        else:
            if notes and notes not in (old.get("notes") or ""):
                old["notes"] = (old["notes"] + "\n\n" + notes) if old.get("notes") else notes
            old["tags"] = old.get("tags", []) + [t for t in tags if t not in old.get("tags", [])]
            for k in ("rating", "dateCompleted"):
                if k in n and k not in old: old[k] = n[k]
with open(out, "w", encoding="utf-8") as f:
    json.dump(lib, f, indent=2, ensure_ascii=False)
"""
peer_new = os.path.join(DATA, "books-peer-new.json")
peer_merged = os.path.join(DATA, "books-peer-merged.json")
p_new = runs([sys.executable, "-c", PEER, EXPORT, peer_new])
row("peer: python3 script (new library)", p_new[0], p_new[1], f"writes {os.path.getsize(peer_new) / 1e6:.0f} MB")
p_merge = runs([sys.executable, "-c", PEER, EXPORT, peer_merged, existing])
row("peer: python3 script --merge-into (50k)", p_merge[0], p_merge[1], f"writes {os.path.getsize(peer_merged) / 1e6:.0f} MB")
for name, (secs, rss), peer, output in (("new library", mine_new, p_new, new), ("--merge-into", mine_merge, p_merge, merged)):
    size = os.path.getsize(output) / 1024 / 1024
    speed = peer[0] / secs
    print(f"goal {name:<13} mwkit {speed:5.2f}x the peer's speed (goal >= 2x: {'met' if speed >= 2 else 'missed'}); "
          f"peak RSS {rss:.0f} MB = {rss / size:.2f}x the output's {size:.0f} MB (goal <= 2x: {'met' if rss <= 2 * size else 'missed'})")
for x in (peer_new, peer_merged):
    os.remove(x)

# Parts an import cannot skip and the floor does not do: Python's C-accelerated
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
