#!/usr/bin/env python3
"""Generates a synthetic mediawatch-v2 backup for the store benchmark, and the same rows as
CSV files (in the library database's column order) for the sqlite3 `.import` comparison.

usage: gen_backup.py OUT_DIR [--titles N] [--episodes-per-show K] [--half]

Half the titles are movies, half TV shows with K episodes each (defaults: 100000 titles,
20 episodes per show = 1M episodes). Every title is in one of four lists; one note per 10
titles. With --half, only the first half of the titles (and their episodes, memberships and
notes) is written, as half.json, for the merge benchmark. Deterministic: same arguments, same bytes.
"""
import argparse, csv, os, sys
from datetime import datetime, timezone, timedelta

REF = datetime(2001, 1, 1, tzinfo=timezone.utc)

def uid(kind, n):
    return "%X0000000-0000-4000-8000-%012X" % (kind, n)

def rfc(sec):
    d = REF + timedelta(seconds=sec)
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")

def js(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--titles", type=int, default=100000)
    ap.add_argument("--episodes-per-show", type=int, default=20)
    ap.add_argument("--half", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    n = a.titles // 2 if a.half else a.titles
    K = a.episodes_per_show
    base = 700000000
    lists = [(uid(0xB, i), name) for i, name in enumerate(["Watchlist", "Favourites", "Watched", "Later"])]
    name = "half.json" if a.half else "full.json"
    write_csv = not a.half
    if write_csv:
        cl = csv.writer(open(os.path.join(a.out, "lists.csv"), "w", newline=""))
        ct = csv.writer(open(os.path.join(a.out, "titles.csv"), "w", newline=""))
        ce = csv.writer(open(os.path.join(a.out, "episodes.csv"), "w", newline=""))
        ci = csv.writer(open(os.path.join(a.out, "list_items.csv"), "w", newline=""))
        cn = csv.writer(open(os.path.join(a.out, "notes.csv"), "w", newline=""))
    with open(os.path.join(a.out, name), "w") as f:
        w = f.write
        w('{\n  "format": "mediawatch-backup",\n  "formatVersion": 2,\n  "sourceVersion": "1.0",\n')
        w('  "exportDate": "%s",\n' % rfc(base + 2000000))
        w('  "preferences": {"id": "%s", "defaultListId": "%s", "defaultLikedStatus": 0, "imageQuality": "w500", '
          '"showWatchedInLists": true, "sortBy": "dateAdded", "sortAscending": false},\n' % (uid(0xF, 1), lists[0][0]))
        w('  "lists": [\n')
        for li, (lid, lname) in enumerate(lists):
            w('    {"id": "%s", "name": "%s", "sortOrder": %d, "isDefault": %s, "dateCreated": "%s", "items": [' %
              (lid, lname, li, "true" if li == 0 else "false", rfc(base - 1000)))
            first = True
            order = 0
            for t in range(li, n, 4):
                w(('' if first else ',') + '\n      {"titleId": "%s", "orderIndex": %d, "id": "%s", "dateAdded": "%s"}' %
                  (uid(1, t), order, uid(2, t), rfc(base + t)))
                if write_csv:
                    ci.writerow([t + 1, uid(2, t), lid, uid(1, t), order, base + t])
                first = False
                order += 1
            w('\n    ]}' + (',' if li < len(lists) - 1 else '') + '\n')
            if write_csv:
                cl.writerow([li + 1, lid, lname, "", "", li, 1 if li == 0 else 0, base - 1000, ""])
        w('  ],\n  "titles": [\n')
        for t in range(n):
            tv = t % 2 == 1
            w('    {"id": "%s", "tmdbId": %d, "mediaType": "%s", "watched": %s, "likedStatus": %d, "dateAdded": "%s", '
              '"dateModified": "%s", "title": "Title %d", "year": %d, "overview": "Overview of title %d, a %s.", '
              '"genres": ["Drama", "Comedy"], "runtime": %d, "posterPath": "/p%d.jpg", "originalLanguage": "en", '
              '"popularity": %d.5, "voteAverage": 7.5, "voteCount": %d%s}%s\n' %
              (uid(1, t), 1000 + t, "tv" if tv else "movie", "true" if t % 3 == 0 else "false", t % 3 - 1, rfc(base + t),
               rfc(base + t + 10), t, 1950 + t % 70, t, "show" if tv else "movie", 45 if tv else 110, t, t % 100, t % 5000,
               ', "numberOfSeasons": %d, "numberOfEpisodes": %d' % ((K + 9) // 10, K) if tv else '',
               ',' if t < n - 1 else ''))
            if write_csv:
                ct.writerow([t + 1, uid(1, t), 1000 + t, "tv" if tv else "movie", 0, "Title %d" % t, "", "", 1950 + t % 70,
                             "Overview of title %d, a %s." % (t, "show" if tv else "movie"), '["Drama","Comedy"]',
                             45 if tv else 110, "/p%d.jpg" % t, "", "en", t % 100 + 0.5, 7.5, t % 5000, "", "", "", "",
                             (K + 9) // 10 if tv else "", K if tv else "", 1 if t % 3 == 0 else 0, "", t % 3 - 1, base + t,
                             base + t + 10, "", ""])
        w('  ],\n  "episodes": [\n')
        shows = [t for t in range(n) if t % 2 == 1]
        total = len(shows) * K
        k = 0
        for t in shows:
            for e in range(K):
                eid = t * 100 + e
                ed = base + eid // 10      # dates stay before the export date
                watched = e % 2 == 0
                w('    {"id": "%s", "showId": "%s", "tmdbId": %d, "seasonNumber": %d, "episodeNumber": %d, "watched": %s%s, '
                  '"dateModified": "%s", "name": "Episode %d", "overview": "Episode %d of show %d.", "airDate": "%s", "runtime": 45}%s\n' %
                  (uid(3, eid), uid(1, t), 5000000 + eid, 1 + e // 10, 1 + e % 10, "true" if watched else "false",
                   (', "watchedDate": "%s"' % rfc(ed)) if watched else '', rfc(ed + 5), e + 1, e + 1, t,
                   rfc(base - 86400 * e), ',' if k < total - 1 else ''))
                if write_csv:
                    ce.writerow([k + 1, uid(3, eid), uid(1, t), 5000000 + eid, 1 + e // 10, 1 + e % 10, 0, "Episode %d" % (e + 1),
                                 "Episode %d of show %d." % (e + 1, t), base - 86400 * e, 45, "", 1 if watched else 0,
                                 ed if watched else "", ed + 5, ""])
                k += 1
        w('  ],\n  "notes": [\n')
        notes = list(range(0, n, 10))
        for i, t in enumerate(notes):
            w('    {"id": "%s", "parentType": "title", "parentId": "%s", "text": "Note on %d", "ownerOnly": %s, "dateCreated": "%s"}%s\n' %
              (uid(4, t), uid(1, t), t, "true" if t % 20 == 0 else "false", rfc(base + t), ',' if i < len(notes) - 1 else ''))
            if write_csv:
                cn.writerow([i + 1, uid(4, t), uid(1, t), "", "Note on %d" % t, 1 if t % 20 == 0 else 0, base + t, ""])
        w('  ]\n}\n')

if __name__ == "__main__":
    main()
