#!/usr/bin/env python3
"""Writes a stripped mediawatch-v2 backup of N titles (1/3 TV shows with several seasons)
for the TMDb hydrate benchmark. Deterministic: same N, same bytes."""
import json, sys, uuid

NS = uuid.UUID("6f1c1a52-8d1e-4c52-9a7e-4a1f00000000")

def uid(*parts):
    return str(uuid.uuid5(NS, "/".join(map(str, parts)))).upper()

def seasons_of(tmdb_id):
    # Must agree with fake_tmdb.py: shows have 3..6 seasons of 8 episodes.
    return 3 + tmdb_id % 4

EPISODES = 8

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    out = sys.argv[2] if len(sys.argv) > 2 else "-"
    titles, episodes, items = [], [], []
    for i in range(n):
        tv = i % 3 == 2
        tmdb_id = 1000 + i
        tid = uid("title", i)
        titles.append({"id": tid, "tmdbId": tmdb_id, "mediaType": "tv" if tv else "movie", "stripped": True,
                       "watched": i % 2 == 0, "likedStatus": [1, 0, -1][i % 3],
                       "dateAdded": "2024-01-01T00:00:00Z"})
        items.append({"titleId": tid, "orderIndex": i})
        if tv:
            for s in range(1, seasons_of(tmdb_id) + 1):
                for e in range(1, EPISODES + 1):
                    episodes.append({"id": uid("ep", i, s, e), "showId": tid, "seasonNumber": s, "episodeNumber": e,
                                     "stripped": True, "watched": e <= 2})
    doc = {"format": "mediawatch-backup", "formatVersion": 2, "exportDate": "2024-05-01T10:00:00Z",
           "lists": [{"id": uid("list"), "name": "Bench", "sortOrder": 0, "items": items}],
           "titles": titles, "episodes": episodes, "notes": []}
    text = json.dumps(doc, indent=2)
    if out == "-":
        sys.stdout.write(text)
    else:
        with open(out, "w") as f:
            f.write(text)

main()
