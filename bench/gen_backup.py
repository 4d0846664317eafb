#!/usr/bin/env python3
"""Deterministic generator of synthetic MediaWatch backups for benchmarks.

  gen_backup.py [-o FILE] [--titles N] [--episodes N] [--seed S] [--v2]
      one large backup (default: 20,000 titles and 200,000 episodes, about 50 MB, to
      bench/data/backup-large.json). v1 is written as the app's Swift JSONEncoder does it:
      compact, keys in ExportData declaration order, dates as seconds since 2001-01-01,
      `/` escaped as `\\/`, nil optionals omitted, uppercase UUIDs. --v2 writes mwkit's v2
      instead (two-space pretty JSON, RFC 3339 dates, some stripped records).
  gen_backup.py --small [N] DIR [--seed S] [--v2]
      N (default 1,000) small backups (5-40 titles each) as DIR/small-00000.json ...
  gen_backup.py --small N DIR --personal
      N personal-sized backups (5-200 KB, median ~35 KB: 5-200 titles, log-normal), 100 per
      folder as DIR/uNNN/backup-NNNNN.json: the batch-job benchmark's bucket.

Every generated backup is valid: unique ids and (tmdbId, mediaType) pairs, every title in a
list, episodes only under TV titles with unique (season, episode), notes on existing parents,
dates between 2015 and the export date. Same seed and options give the same bytes.
Records are written as they are made (constant memory).
"""
from __future__ import annotations

import argparse
import math
import json
import os
import random
import sys
import time

UNIX_TO_REFERENCE = 978_307_200
EXPORT_DATE = 752_265_012.345678           # 2024-11-02T18:30:12.345678Z as a reference date
EARLIEST = 442_800_000.0                     # 2015-01-12, earliest generated user date

WORDS = ("the night dark house last city red blue river secret winter summer king queen road "
         "home lost found star wars story game dead life love war man woman boy girl world time "
         "day light shadow fire ice blood moon sun sea island mountain storm garden train dream "
         "edge code signal ghost empire echo glass iron silver golden wild quiet broken").split()
INTL = ["Amélie", "Léon", "Être et avoir", "Das Boot", "Ça", "Børn", "Ōkami", "千と千尋の神隠し",
        "기생충", "Крик", "Señor", "Smörgåsbord", "“Quoted”", "Ñandú", "Zürich"]
GENRES_MOVIE = ["Action", "Adventure", "Animation", "Comedy", "Crime", "Documentary", "Drama", "Family",
                "Fantasy", "History", "Horror", "Music", "Mystery", "Romance", "Science Fiction",
                "Thriller", "War", "Western"]
GENRES_TV = ["Action & Adventure", "Animation", "Comedy", "Crime", "Documentary", "Drama", "Family",
             "Kids", "Mystery", "Reality", "Sci-Fi & Fantasy", "Soap", "Talk", "War & Politics"]
ICONS = ["bookmark", "heart.fill", "star", "film", "tv", "popcorn", "moon.stars", "flame", "sparkles"]
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


class Gen:
    """Random values for one backup; all drawn from one seeded generator."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def uuid(self) -> str:
        h = "%032X" % self.r.getrandbits(128)
        # Version 4 / RFC 4122 variant, as Foundation's UUID() makes them.
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89AB'[int(h[16], 16) & 3]}{h[17:20]}-{h[20:]}"

    def words(self, lo: int, hi: int) -> str:
        r = self.r
        return " ".join(r.choices(WORDS, k=r.randint(lo, hi)))

    def title(self) -> str:
        r = self.r
        t = self.words(1, 4).title()
        if r.random() < 0.05:
            t = r.choice(INTL) + " " + t
        if r.random() < 0.03:
            t += ": Part " + str(r.randint(2, 4))
        return t

    def sentence(self, lo: int, hi: int) -> str:
        s = self.words(lo, hi).capitalize() + "."
        if self.r.random() < 0.02:
            s += ' "Quoted" — and / slashed.'
        return s

    def image(self) -> str:
        return "/" + "".join(self.r.choices(B62, k=27)) + ".jpg"

    def date(self, lo: float = EARLIEST, hi: float = EXPORT_DATE) -> float:
        # Microsecond-resolution instants, as Date() values round-trip through the encoder.
        us = self.r.randint(int(lo * 1_000_000), int(hi * 1_000_000))
        return us / 1_000_000


def fmt_rfc3339(x: float) -> str:
    """RFC 3339 UTC with the fewest fractional digits (microsecond data, so at most six)."""
    whole = int(x // 1)
    t = time.gmtime(whole + UNIX_TO_REFERENCE)
    s = "%04d-%02d-%02dT%02d:%02d:%02d" % t[:6]
    us = round((x - whole) * 1_000_000)
    if us == 1_000_000:  # cannot happen for generated values, kept for safety
        us = 999_999
    if us:
        s += "." + ("%06d" % us).rstrip("0")
    return s + "Z"


def make_library(g: Gen, n_titles: int, n_episodes: int):
    """Yields ("list"|"title"|"episode"|"note", record) in file order, v1 field names and order.
    Lists come first (as the app writes them), so their title ids are drawn up front."""
    r = g.r
    tv_share = 0.4 if n_episodes else 0.0
    kinds = ["tv" if r.random() < tv_share else "movie" for _ in range(n_titles)]
    if n_episodes and "tv" not in kinds and n_titles:
        kinds[0] = "tv"
    title_ids = [g.uuid() for _ in range(n_titles)]
    n_lists = max(1, min(60, n_titles // 300 + 2))
    list_ids = [g.uuid() for _ in range(n_lists)]
    # Every title in one list, some in a second one.
    members = [[] for _ in range(n_lists)]
    for i in range(n_titles):
        a = r.randrange(n_lists)
        members[a].append(i)
        if n_lists > 1 and r.random() < 0.15:
            b = r.randrange(n_lists - 1)
            members[b if b < a else b + 1].append(i)
    for li in range(n_lists):
        rec = {"id": list_ids[li], "name": ("Watchlist" if li == 0 else g.words(1, 3).title())}
        if r.random() < 0.8:
            rec["icon"] = r.choice(ICONS)
        if r.random() < 0.7:
            rec["colorHex"] = "#%06X" % r.getrandbits(24)
        rec["sortOrder"] = li
        rec["titleIds"] = [title_ids[i] for i in members[li]]
        yield "list", rec

    # Distinct TMDb ids per media type.
    tmdb_movie = r.sample(range(2, 1_400_000), kinds.count("movie"))
    tmdb_tv = r.sample(range(2, 260_000), kinds.count("tv"))
    tv_titles = []
    for i in range(n_titles):
        kind = kinds[i]
        tmdb = tmdb_movie.pop() if kind == "movie" else tmdb_tv.pop()
        added = g.date()
        rec = {"id": title_ids[i], "tmdbId": tmdb}
        if kind == "movie" or r.random() < 0.7:
            rec["imdbId"] = "tt%07d" % r.randint(1, 29_999_999)
        rec["mediaType"] = kind
        rec["title"] = g.title()
        rec["year"] = r.randint(1920, 2025)
        if r.random() < 0.9:
            rec["overview"] = g.sentence(10, 32)
        rec["genres"] = r.sample(GENRES_TV if kind == "tv" else GENRES_MOVIE, r.randint(0, 3))
        rec["runtime"] = r.randint(20, 65) if kind == "tv" else r.randint(70, 200)
        if r.random() < 0.95:
            rec["posterPath"] = g.image()
        if r.random() < 0.8:
            rec["backdropPath"] = g.image()
        watched = r.random() < 0.5
        rec["watched"] = watched
        if watched and r.random() < 0.9:
            rec["watchedDate"] = g.date(added)
        rec["likedStatus"] = r.choice((-1, 0, 0, 0, 1, 1))
        rec["dateAdded"] = added
        if kind == "tv":
            tv_titles.append((title_ids[i], added))
        yield "title", rec

    # Episodes spread over the TV titles, seasons of 6-24 episodes.
    episode_ids = []
    if tv_titles:
        per_show = [n_episodes // len(tv_titles)] * len(tv_titles)
        for k in range(n_episodes - sum(per_show)):
            per_show[k % len(tv_titles)] += 1
        for (show, added), count in zip(tv_titles, per_show):
            season, number = (0 if r.random() < 0.05 else 1), 0
            season_len = r.randint(6, 24)
            watched_upto = r.randint(0, count)
            for k in range(count):
                number += 1
                if number > season_len:
                    season, number = season + 1, 1
                eid = g.uuid()
                if r.random() < 0.03:
                    episode_ids.append(eid)
                rec = {"id": eid, "showId": show, "seasonNumber": season, "episodeNumber": number,
                       "name": g.words(1, 3).title()}
                if r.random() < 0.33:
                    rec["overview"] = g.sentence(6, 16)
                watched = k < watched_upto
                rec["watched"] = watched
                if watched:
                    rec["watchedDate"] = g.date(added)
                yield "episode", rec

    # Notes: ~5% of titles and the sampled episodes.
    for tid in title_ids:
        if r.random() < 0.05:
            yield "note", {"id": g.uuid(), "parentId": tid, "parentType": "title", "text": g.sentence(3, 40),
                           "ownerOnly": r.random() < 0.8, "dateCreated": g.date()}
    for eid in episode_ids:
        yield "note", {"id": g.uuid(), "parentId": eid, "parentType": "episode", "text": g.sentence(3, 25),
                       "ownerOnly": r.random() < 0.8, "dateCreated": g.date()}


# --- Writers --------------------------------------------------------------------------------------

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _swift_date(x: float) -> str:
    return str(int(x)) if x == int(x) else repr(x)


def v1_record(rec: dict) -> str:
    # Dates are floats; every other number is an int, so json's float repr applies only to dates,
    # and the only '/' in JSON text are inside strings, so a global replace gives Swift's `\/`.
    s = _dumps(rec)
    return s.replace("/", "\\/")


V1_DATES = ("watchedDate", "dateAdded", "dateCreated")


def write_v1(out, records) -> None:
    out.write(('{"version":"1.0","exportDate":%s' % _swift_date(EXPORT_DATE)).encode())
    section = None
    first = True
    for kind, rec in records:
        coll = kind + "s"
        if coll != section:
            # Collections in ExportData order; empty ones are still written.
            out.write(_open_sections(section, coll))
            section, first = coll, True
        for k in V1_DATES:
            v = rec.get(k)
            if v is not None and v == int(v):
                rec[k] = int(v)
        out.write((("" if first else ",") + v1_record(rec)).encode("utf-8"))
        first = False
    out.write(_open_sections(section, None))
    out.write(b"}")


COLLS = ["lists", "titles", "episodes", "notes"]


def _open_sections(current, nxt) -> bytes:
    """Closes `current` (if any) and opens every collection up to `nxt` (empty ones too)."""
    start = COLLS.index(current) + 1 if current else 0
    stop = COLLS.index(nxt) if nxt else len(COLLS)
    parts = []
    if current:
        parts.append("]")
    for c in COLLS[start:stop]:
        parts.append(',"%s":[]' % c)
    if nxt:
        parts.append(',"%s":[' % nxt)
    return "".join(parts).encode()


V2_ORDER = {
    "list": ["id", "name", "icon", "colorHex", "sortOrder", "isDefault", "dateCreated", "dateModified", "items"],
    "title": ["id", "tmdbId", "mediaType", "title", "imdbId", "year", "overview", "genres", "runtime", "posterPath",
              "backdropPath", "stripped", "watched", "watchedDate", "likedStatus", "dateAdded"],
    "episode": ["id", "showId", "seasonNumber", "episodeNumber", "name", "overview", "stripped", "watched", "watchedDate"],
    "note": ["id", "parentType", "parentId", "text", "ownerOnly", "dateCreated"],
}
TITLE_META = ("imdbId", "title", "year", "overview", "genres", "runtime", "posterPath", "backdropPath")
EPISODE_META = ("name", "overview")


def v2_record(kind: str, rec: dict, r: random.Random) -> dict:
    if kind == "list":
        rec = dict(rec)
        ids = rec.pop("titleIds")
        rec["isDefault"] = rec["sortOrder"] == 0
        rec["items"] = [{"titleId": t, "orderIndex": j} for j, t in enumerate(ids)]
    elif kind == "title" and r.random() < 0.02:
        rec = {k: v for k, v in rec.items() if k not in TITLE_META}
        rec["stripped"] = True
    elif kind == "episode" and r.random() < 0.02:
        rec = {k: v for k, v in rec.items() if k not in EPISODE_META}
        rec["stripped"] = True
    order = V2_ORDER[kind]
    out = {}
    for k in sorted(rec, key=order.index):
        v = rec[k]
        out[k] = fmt_rfc3339(v) if isinstance(v, float) else v
    return out


_scalar = json.JSONEncoder(ensure_ascii=False).encode


def pretty(v, pad: str) -> str:
    """json.dumps(v, indent=2) re-indented by `pad`, without json's slow pure-Python indent path."""
    inner = pad + "  "
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{\n" + ",\n".join(inner + _scalar(k) + ": " + pretty(x, inner) for k, x in v.items()) + "\n" + pad + "}"
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + ",\n".join(inner + pretty(x, inner) for x in v) + "\n" + pad + "]"
    return _scalar(v)


def write_v2(out, records, r: random.Random) -> None:
    head = {"format": "mediawatch-backup", "formatVersion": 2, "sourceVersion": "1.0",
            "exportDate": fmt_rfc3339(EXPORT_DATE)}
    out.write(b"{\n" + "".join('  "%s": %s,\n' % (k, json.dumps(v)) for k, v in head.items()).encode())
    section = None
    first = True
    for kind, rec in records:
        coll = kind + "s"
        if coll != section:
            start = COLLS.index(section) + 1 if section else 0
            if section:
                out.write(b"\n  ],\n")
            for c in COLLS[start:COLLS.index(coll)]:
                out.write(('  "%s": [],\n' % c).encode())
            out.write(('  "%s": [\n' % coll).encode())
            section, first = coll, True
        body = pretty(v2_record(kind, rec, r), "    ")
        out.write(((",\n" if not first else "") + "    " + body).encode("utf-8"))
        first = False
    start = COLLS.index(section) + 1 if section else 0
    if section:
        out.write(b"\n  ]" + (b",\n" if start < len(COLLS) else b"\n"))
    rest = COLLS[start:]
    out.write(",\n".join('  "%s": []' % c for c in rest).encode() + (b"\n" if rest else b""))
    out.write(b"}\n")


def write_backup(path: str, seed: int, n_titles: int, n_episodes: int, v2: bool) -> int:
    """Writes one backup atomically (temp file + rename); returns its size in bytes."""
    g = Gen(seed)
    tmp = path + ".tmp"
    with open(tmp, "wb", buffering=1 << 20) as out:
        records = make_library(g, n_titles, n_episodes)
        if v2:
            write_v2(out, records, random.Random(seed ^ 0x5EED))
        else:
            write_v1(out, records)
    os.replace(tmp, path)
    return os.path.getsize(path)


def main(argv=None) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("-o", "--output", default=None, help="output file (default bench/data/backup-large[-v2].json)")
    p.add_argument("--titles", type=int, default=20_000)
    p.add_argument("--episodes", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--v2", action="store_true", help="write mwkit's v2 format instead of v1")
    p.add_argument("--small", nargs="+", metavar="N DIR", help="write N (default 1000) small backups into DIR")
    p.add_argument("--personal", action="store_true", help="with --small: 5-200 KB backups in folders of 100")
    a = p.parse_args(argv)
    if a.titles < 0 or a.episodes < 0:
        p.error("--titles and --episodes must be >= 0")
    t0 = time.time()
    if a.small:
        if len(a.small) > 2:
            p.error("--small takes [N] DIR")
        try:
            n = int(a.small[0]) if len(a.small) == 2 else 1000
        except ValueError:
            p.error("--small N DIR: N must be a number")
        if n < 0:
            p.error("--small N DIR: N must be >= 0")
        d = a.small[-1]
        os.makedirs(d, exist_ok=True)
        r = random.Random(a.seed)
        total = 0
        for i in range(n):
            if a.personal:
                nt = max(5, min(200, int(r.lognormvariate(math.log(35), 0.75))))
                ne = r.randint(0, nt * 2)
                sub = os.path.join(d, "u%03d" % (i // 100))
                os.makedirs(sub, exist_ok=True)
                path = os.path.join(sub, "backup-%05d.json" % i)
            else:
                nt = r.randint(5, 40)
                ne = r.randint(0, nt * 3)
                path = os.path.join(d, "small-%05d.json" % i)
            total += write_backup(path, a.seed * 100_003 + i, nt, ne, a.v2)
        print("wrote %d small backups (%.1f MB) to %s in %.1fs" % (n, total / 1e6, d, time.time() - t0))
        return 0
    path = a.output or os.path.join(here, "data", "backup-large%s.json" % ("-v2" if a.v2 else ""))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    size = write_backup(path, a.seed, a.titles, a.episodes, a.v2)
    print("wrote %s: %.1f MB, %d titles, %d episodes in %.1fs" % (path, size / 1e6, a.titles, a.episodes, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
