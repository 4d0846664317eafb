#!/usr/bin/env python3
"""Generates the services import benchmark's exports (our own invented data, issue 21 §5):

  netflix/ViewingActivity.csv  ROWS playback sessions (default 50,000) of the data-request export,
        two profiles: ~60% episode sessions of 400 shows ("Bench Series k: Season s: Episode
        Title e (Episode e)"), ~35% sessions of 4,000 films ("Bench Movie n"), ~5% trailers and
        hooks (a `Supplemental Video Type`: no viewing). Sessions repeat (a film or episode
        resumed later), as real histories do.
  yamtrack/yamtrack.csv  ITEMS rows (default 20,000) in the 2025 header generation: films and
        shows with TMDb ids (no request needed), their episodes under the show's id, and ~20%
        manual films without a source ("Yam Film n"), matched through the search.

Every title the loopback server answers (bench/import/fake_tmdb_search.py) follows these names.
Seeded (random.Random(21)): the same files on every run.

usage: gen_services.py OUT_DIR [--netflix N] [--yamtrack N]
"""
import argparse, csv, json, os, random

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("--netflix", type=int, default=50000)
p.add_argument("--yamtrack", type=int, default=20000)
a = p.parse_args()
rnd = random.Random(21)

SHOWS, FILMS = 400, 4000
os.makedirs(os.path.join(a.out, "netflix"), exist_ok=True)
shows_seen, films_seen = set(), set()
with open(os.path.join(a.out, "netflix", "ViewingActivity.csv"), "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Profile Name", "Start Time", "Duration", "Attributes", "Title", "Supplemental Video Type",
                "Device Type", "Bookmark", "Latest Bookmark", "Country"])
    for i in range(a.netflix):
        profile = "Ana" if rnd.random() < 0.7 else "Kids"
        start = f"{2017 + i % 8}-{1 + rnd.randrange(12):02d}-{1 + rnd.randrange(28):02d} {rnd.randrange(24):02d}:{rnd.randrange(60):02d}:{rnd.randrange(60):02d}"
        r = rnd.random()
        supplemental = ""
        if r < 0.60:
            k = rnd.randrange(SHOWS)
            s, e = 1 + rnd.randrange(4), 1 + rnd.randrange(12)
            title = f"Bench Series {k}: Season {s}: Episode Title {e} (Episode {e})"
            shows_seen.add(k)
        elif r < 0.95:
            n = rnd.randrange(FILMS)
            title = f"Bench Movie {n}"
            films_seen.add(n)
        else:
            title = f"Bench Series {rnd.randrange(SHOWS)}: Season 1 (Trailer)"
            supplemental = rnd.choice(["TRAILER", "HOOK", "TEASER_TRAILER"])
        minutes = rnd.randrange(1, 120)
        w.writerow([profile, start, f"00:{minutes % 60:02d}:00", "", title, supplemental, "Bench TV",
                    f"00:{minutes % 60:02d}:00", "Not latest view" if rnd.random() < 0.2 else f"00:{minutes % 60:02d}:00", "SE (Sweden)"])

os.makedirs(os.path.join(a.out, "yamtrack"), exist_ok=True)
yam_manual = set()
header = ["media_id", "source", "media_type", "title", "image", "season_number", "episode_number", "score", "progress",
          "status", "start_date", "end_date", "notes", "progressed_at"]
with open(os.path.join(a.out, "yamtrack", "yamtrack.csv"), "w", newline="") as f:
    w = csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    w.writerow(header)
    for i in range(a.yamtrack):
        day = f"{2019 + i % 6}-{1 + i % 12:02d}-{1 + i % 28:02d}"
        score = "" if i % 5 == 0 else f"{rnd.randrange(1, 101) / 10:.1f}"
        r = rnd.random()
        if r < 0.20:
            m = rnd.randrange(3000)
            w.writerow([200000 + m, "tmdb", "movie", f"Yam TMDb Film {m}", "", "", "", score, "1", "Completed", day, day, "", day + "T12:00:00Z"])
        elif r < 0.25:
            k = rnd.randrange(300)
            w.writerow([700000 + k, "tmdb", "tv", f"Yam Show {k}", "", "", "", score, "10", "In progress", day, "", "", day + "T12:00:00Z"])
        elif r < 0.80:
            k = rnd.randrange(300)
            s, e = 1 + rnd.randrange(5), 1 + rnd.randrange(20)
            w.writerow([700000 + k, "tmdb", "episode", f"Yam Show {k}", "", s, e, "", "", "Completed", day, day, "", day + "T20:00:00Z"])
        else:
            n = rnd.randrange(2000)
            yam_manual.add(n)
            w.writerow(["", "", "movie", f"Yam Film {n}", "", "", "", score, "", rnd.choice(["Completed", "Planning"]), day, day, "", ""])

json.dump({"netflix": {"distinct_titles": len(shows_seen) + len(films_seen), "shows": len(shows_seen), "films": len(films_seen)},
           "yamtrack": {"distinct_titles": len(yam_manual)}},
          open(os.path.join(a.out, "meta.json"), "w"))
print(f"netflix: {a.netflix} sessions ({len(shows_seen)} shows, {len(films_seen)} films); "
      f"yamtrack: {a.yamtrack} items ({len(yam_manual)} manual films to search)")
