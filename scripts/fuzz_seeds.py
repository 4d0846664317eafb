#!/usr/bin/env python3
"""Seed corpora and dictionaries for `make fuzz` (scripts/fuzz.sh).

Usage: fuzz_seeds.py OUT_DIR [MWKIT]

Writes OUT_DIR/<target>/ for json, zip, tmdb, import and csv (the db seeds are written by the
db harness itself, so they always carry the current schema). Sources: Samples/, the fixtures of
our own test suites (string literals in Tests/MWImportTests), and small inputs generated here.
Nothing is read from ../shared. When MWKIT (a built mwkit) is given, it packs the samples into
real mediawatch-zips (manifest and all) as ZIP seeds too.
"""
import hashlib, io, json, os, re, subprocess, sys, tempfile, warnings, zipfile

warnings.simplefilter("ignore")  # the duplicate-entry seed is meant

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = sys.argv[1]
MWKIT = sys.argv[2] if len(sys.argv) > 2 else None
MAX_SEED = 64 * 1024  # bigger seeds only slow every mutation down


def put(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) > MAX_SEED:
        return
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def samples():
    for sub in ["", "conversion", "invalid", "warnings"]:
        d = os.path.join(ROOT, "Samples", sub)
        for n in sorted(os.listdir(d)):
            p = os.path.join(d, n)
            if n.endswith(".json") and os.path.isfile(p):
                yield (sub + "-" if sub else "") + n, open(p, "rb").read()


# --- json: the samples, plus tiny documents of each shape --------------------------------
for name, data in samples():
    put("json", name, data)
put("json", "tiny-v1.json", '{"format":"mediawatch-backup","formatVersion":1,"lists":[],"titles":[],"episodes":[],"notes":[]}')
put("json", "tiny-v2.json", '{"format":"mediawatch-backup","formatVersion":2,"lists":[],"titles":[],"episodes":[],"notes":[]}')
put("json", "numbers.json", '[0,-0,1e308,-1e-308,123456789012345678901234567890,1.5E+3,"\\u00e9\\ud83d\\ude00"]')

# --- zip: the samples in ZIPs, stored and deflated, with and without manifest; hostile ones --
def zipped(entries, compression=zipfile.ZIP_DEFLATED, tweak=None):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", compression) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (2024, 10, 1, 7, 30, 0))
            info.compress_type = compression
            if tweak:
                tweak(info)
            z.writestr(info, data)
    return b.getvalue()


v2 = open(os.path.join(ROOT, "Samples", "mediawatch-v2.json"), "rb").read()
v1 = open(os.path.join(ROOT, "Samples", "mediawatch-v1.json"), "rb").read()
jpeg = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")
manifest = {"format": "mediawatch-zip-manifest", "formatVersion": 1, "backup": "backup.json",
            "backupFormat": "mediawatch-v2",
            "entries": [{"path": "backup.json", "role": "backup", "size": len(v2), "sha256": hashlib.sha256(v2).hexdigest()},
                        {"path": "images/posters/p1.jpg", "role": "poster", "size": len(jpeg), "sha256": hashlib.sha256(jpeg).hexdigest(),
                         "records": [{"type": "title", "id": "x"}]}]}
put("zip", "v2-deflated.zip", zipped([("backup.json", v2)]))
put("zip", "v1-stored.zip", zipped([("backup.json", v1)], zipfile.ZIP_STORED))
put("zip", "v2-manifest.zip", zipped([("backup.json", v2), ("images/posters/p1.jpg", jpeg),
                                       ("manifest.json", json.dumps(manifest))]))
put("zip", "nested-path.zip", zipped([("export/data/backup.json", v2), ("cover.png", b"\x89PNG\r\n\x1a\n")], zipfile.ZIP_STORED))
put("zip", "traversal.zip", zipped([("../evil.json", v2)], zipfile.ZIP_STORED))
put("zip", "absolute.zip", zipped([("/tmp/evil.json", b"{}")], zipfile.ZIP_STORED))
put("zip", "dir-entries.zip", zipped([("images/", b""), ("images/posters/", b""), ("backup.json", v2)], zipfile.ZIP_STORED))
put("zip", "symlink.zip", zipped([("link", b"../../etc/passwd")], zipfile.ZIP_STORED,
                                 lambda i: setattr(i, "external_attr", (0o120777 << 16))))
put("zip", "duplicate.zip", zipped([("backup.json", v2), ("backup.json", v1)], zipfile.ZIP_STORED))
put("zip", "empty.zip", zipped([]))
if MWKIT and os.path.exists(MWKIT):
    with tempfile.TemporaryDirectory() as t:
        for name in ["mediawatch-v1.json", "mediawatch-v2.json"]:
            out = os.path.join(t, name + ".zip")
            r = subprocess.run([MWKIT, "pack", os.path.join(ROOT, "Samples", name), "-o", out], capture_output=True)
            if r.returncode == 0:
                put("zip", "packed-" + name + ".zip", open(out, "rb").read())

# --- tmdb: selector byte (the harness's model order) + a body in TMDb's shapes ---------------
episode = {"air_date": "2008-01-20", "episode_number": 1, "episode_type": "standard", "id": 62085, "name": "Pilot",
           "overview": "", "production_code": "", "runtime": None, "season_number": 1, "show_id": 1396,
           "still_path": "/st.jpg", "vote_average": 8.0, "vote_count": 12, "crew": [], "guest_stars": []}
season = {"_id": "5256c8c219c2956ff6046", "air_date": "", "episodes": [episode], "name": "Season 1", "overview": "",
          "id": 3572, "poster_path": None, "season_number": 1, "vote_average": 0}
movie = {"adult": False, "backdrop_path": None, "genres": [{"id": 18, "name": "Drama"}], "id": 550, "imdb_id": "tt0137523",
         "original_language": "en", "original_title": "Fight Club", "overview": "x", "popularity": 12.25,
         "poster_path": "/p.jpg", "release_date": "1999-10-15", "runtime": 139, "status": "Released", "tagline": "",
         "title": "Fight Club", "video": False, "vote_average": 8.438, "vote_count": 31000,
         "external_ids": {"imdb_id": "tt0137523", "wikidata_id": None}}
show = {"backdrop_path": "/sb.jpg", "episode_run_time": [45, 50], "first_air_date": "2008-01-20",
        "genres": [{"id": 80, "name": "Crime"}], "id": 1396, "in_production": False, "languages": ["en"],
        "last_air_date": "2013-09-29", "name": "Breaking Bad", "number_of_episodes": 62, "number_of_seasons": 5,
        "original_name": "Breaking Bad", "overview": "", "poster_path": "/sp.jpg",
        "seasons": [{"air_date": "", "episode_count": 4, "id": 3577, "name": "Specials", "season_number": 0}],
        "status": "Ended", "vote_average": 8.9, "vote_count": 15000, "external_ids": {"imdb_id": "tt0903747", "tvdb_id": 81189},
        "season/1": season, "season/0": None}
item = {"id": 550, "media_type": "movie", "title": "Fight Club", "release_date": "1999-10-15", "original_title": "Fight Club",
        "popularity": 60.1, "genre_ids": [18], "poster_path": None}
bodies = [movie, show, season, episode,
          {"page": 1, "results": [item, dict(item, media_type="tv", name="X", first_air_date="")], "total_pages": 1, "total_results": 2},
          {"movie_results": [item], "tv_results": [], "tv_episode_results": [episode]},
          {"images": {"base_url": "http://image.tmdb.org/t/p/", "secure_base_url": "https://image.tmdb.org/t/p/",
                      "poster_sizes": ["w92", "original"], "backdrop_sizes": ["w300"], "still_sizes": ["w92"]}, "change_keys": []},
          {"genres": [{"id": 18, "name": "Drama"}, {"id": 35, "name": "Comedy"}]},
          {"id": 550, "imdb_id": "tt0137523", "tvdb_id": None, "facebook_id": ""},
          {"status_code": 34, "status_message": "The resource you requested could not be found.", "success": False}]
for i, b in enumerate(bodies):
    put("tmdb", "model%d.json" % i, bytes([i]) + json.dumps(b).encode())

# --- import and csv: the string fixtures of our import tests, plus generated exports --------
literal = re.compile(r'static let (\w+)\s*=\s*(?:crlf\()?"""\n(.*?)\n\s*"""', re.S)
texts = []
for n in sorted(os.listdir(os.path.join(ROOT, "Tests", "MWImportTests"))):
    src = open(os.path.join(ROOT, "Tests", "MWImportTests", n)).read()
    for m in literal.finditer(src):
        body = "\n".join(l[4:] if l.startswith("    ") else l for l in m.group(2).split("\n")) + "\n"
        texts.append((n[:-6] + "-" + m.group(1), body))
    for m in re.finditer(r'static let (\w+)\s*=\s*"((?:[^"\\]|\\.)*\\n(?:[^"\\]|\\.)*)"\n', src):
        texts.append((n[:-6] + "-" + m.group(1), m.group(2).encode().decode("unicode_escape")))
names = ["export.csv", "watchlist.csv", "likes-films.csv", "ratings.csv", "export.json", "export.zip",
         "tracking-prod-records-v2.csv", "auth.csv"]
for name, body in texts:
    sel = 4 if body.lstrip().startswith(("[", "{")) else 0
    put("import", name, bytes([sel]) + body.encode())
    if sel == 0:
        put("csv", name, b"\x00" + body.encode())
        put("csv", name + "-crlf", b"\x00" + body.replace("\n", "\r\n").encode())
lb = [(n, b) for n, b in texts if n.startswith("Letterboxd")]
put("import", "letterboxd.zip", bytes([5]) + zipped([(n.split("-", 1)[1] + ".csv", b) for n, b in lb[:4]]))
put("csv", "tsv", b"\x01a\tb\tc\n1\t\"2\t3\"\t4\n")
put("csv", "utf16", b"\x00" + "\ufeffName,Year\nAmélie,2001\n".encode("utf-16-le"))
put("csv", "latin1", b"\x00" + "Name,Year\nAm\xe9lie,2001\n".encode("latin-1"))
put("csv", "metadata-block", b"\x00" + b"Letterboxd list export v7\nDate,Name\n2024-01-01,x\n\nPosition,Name,Year\n1,\"a\"\"b\",2001\n")

# --- books: our Goodreads/StoryGraph/LibraryThing fixtures and the bookstrack samples ---------
bsrc = open(os.path.join(ROOT, "Tests", "MWBooksTests", "BookFixtures.swift")).read()
for m in re.finditer(r'static let (\w+)\s*=\s*(?:\w+ \+ )?#"""\n(.*?)\n\s*"""#', bsrc, re.S):
    body = "\n".join(l[4:] if l.startswith("    ") else l for l in m.group(2).split("\n")) + "\n"
    put("books", "fixture-" + m.group(1), b"\x00" + body.encode())
for sub in ("", "invalid", "warnings"):
    d = os.path.join(ROOT, "Samples", "books", sub)
    for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if n.endswith(".json"):
            put("books", "sample-" + (sub or "valid") + "-" + n, b"\x01" + open(os.path.join(d, n), "rb").read())
