#!/usr/bin/env python3
"""Generates the import benchmark's exports (our own invented data, issue 11 §6):

  letterboxd/diary.csv   DIARY rows (default 10,000) over ~80% distinct films, the rest rewatches
  trakt/watched-history.json   HISTORY items (default 20,000): 20% movie plays known by IMDb ID only
                         (looked up through /find), 80% episode plays of 200 shows with TMDb IDs

Film n is "Bench Film n" (year 1950 + n % 70), TMDb movie 100000 + n; Trakt movie m is IMDb
tt8{m:07d}, TMDb movie 500000 + m. bench/import/fake_tmdb_search.py answers with the same rules.

usage: gen_exports.py OUT_DIR [--diary N] [--history N]
"""
import argparse, json, os, random

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("--diary", type=int, default=10000)
p.add_argument("--history", type=int, default=20000)
a = p.parse_args()
rnd = random.Random(11)

os.makedirs(os.path.join(a.out, "letterboxd"), exist_ok=True)
films = max(1, a.diary * 8 // 10)
with open(os.path.join(a.out, "letterboxd", "diary.csv"), "w", newline="") as f:
    f.write("Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\r\n")
    for i in range(a.diary):
        n = i if i < films else rnd.randrange(films)
        d = f"{2015 + i % 10}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        rating = "" if i % 7 == 0 else str(0.5 * (1 + i % 10))
        tags = '"cinema, friends"' if i % 13 == 0 else ""
        f.write(f"{d},Bench Film {n},{1950 + n % 70},https://boxd.it/e{i:06x},{rating},{'Yes' if i >= films else ''},{tags},{d}\r\n")

os.makedirs(os.path.join(a.out, "trakt"), exist_ok=True)
movies = max(1, a.history // 5)
distinct_movies = max(1, movies * 3 // 4)
items = []
for i in range(a.history):
    at = f"{2018 + i % 7}-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:00.000Z"
    if i < movies:
        m = i % distinct_movies
        items.append({"id": i + 1, "watched_at": at, "action": "watch", "type": "movie",
                      "movie": {"title": f"Trakt Movie {m}", "year": 1980 + m % 40,
                                "ids": {"trakt": m + 1, "slug": f"trakt-movie-{m}", "imdb": f"tt8{m:07d}", "tmdb": None}}})
    else:
        k = i - movies
        show = k % 200
        items.append({"id": i + 1, "watched_at": at, "action": "watch", "type": "episode",
                      "episode": {"season": 1 + k // 200 // 25 % 20, "number": 1 + k // 200 % 25, "title": None,
                                  "ids": {"trakt": 10_000_000 + i, "tvdb": None, "imdb": None, "tmdb": None}},
                      "show": {"title": f"Bench Show {show}", "year": 2000 + show % 20,
                               "ids": {"trakt": 900 + show, "slug": f"bench-show-{show}", "tvdb": None, "imdb": None, "tmdb": 700000 + show}}})
with open(os.path.join(a.out, "trakt", "watched-history.json"), "w") as f:
    json.dump(items, f)
# Titles that need a TMDb request: every film and Trakt movie; the shows carry their TMDb ID.
json.dump({"lookups_needing_a_request": films + distinct_movies, "shows_with_tmdb_id": min(200, max(0, a.history - movies))},
          open(os.path.join(a.out, "meta.json"), "w"))
print(f"{a.diary} diary rows ({films} films), {a.history} history items ({movies} movie plays of {distinct_movies} movies)")
