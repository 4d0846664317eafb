#!/usr/bin/env python3
"""Generates the ZIP benchmark inputs (deterministic, seeded):
  OUT/images/  N images (random bytes behind a JPEG header), TOTAL_MB in all
  OUT/backup.json  a mediawatch-v2 backup of about JSON_MB whose titles and episodes
                   reference every image through posterPath / backdropPath / stillPath.
Usage: gen.py OUT [N=2000] [TOTAL_MB=320] [JSON_MB=50] [JSON_NAME=backup.json]
Images already present with the right size are kept, so a second JSON over the same images
(e.g. a small one) is cheap."""
import json, os, random, sys, uuid

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
total_mb = int(sys.argv[3]) if len(sys.argv) > 3 else 320
json_mb = float(sys.argv[4]) if len(sys.argv) > 4 else 50
json_name = sys.argv[5] if len(sys.argv) > 5 else "backup.json"
rng = random.Random(42)
img_dir = os.path.join(out, "images")
os.makedirs(img_dir, exist_ok=True)

def uid():
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()

# Images: sizes vary ±50% around the mean; bytes random (incompressible, like JPEG data).
mean = total_mb * (1 << 20) // n
header = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + b"JFIF\x00"
names = []
for i in range(n):
    name = "%016x.jpg" % rng.getrandbits(64)
    size = rng.randint(mean // 2, mean * 3 // 2)
    path = os.path.join(img_dir, name)
    if not (os.path.exists(path) and os.path.getsize(path) == size):
        with open(path, "wb") as f:
            f.write(header + os.urandom(size - len(header)))
    names.append(name)

# Roles: 50% posters, 25% backdrops (titles), 25% episode stills.
posters = names[: n // 2]
backdrops = names[n // 2 : n * 3 // 4]
stills = names[n * 3 // 4 :]
date = "2024-05-01T10:00:00Z"
titles, episodes, items = [], [], []
# Enough titles to carry every poster; overviews pad the document to the requested size.
target = int(json_mb * (1 << 20))
per_title = min(1200, max(250, target // max(len(posters), 1)))
filler = "A story about data. " * max(0, (per_title - 450) // 20)
show_ids = []
size = 0
i = 0
while size < target or i < len(posters):
    tid = uid()
    tv = i % 3 == 0
    t = {"id": tid, "tmdbId": 1000 + i, "mediaType": "tv" if tv else "movie", "watched": i % 2 == 0,
         "likedStatus": 0, "dateAdded": date, "title": "Title %d" % i, "year": 1990 + i % 30,
         "overview": filler or "Short.", "genres": ["Drama", "Comedy"], "runtime": 90}
    if i < len(posters):
        t["posterPath"] = "/" + posters[i]
    if i < len(backdrops):
        t["backdropPath"] = "/" + backdrops[i]
    if tv:
        show_ids.append(tid)
    titles.append(t)
    items.append(tid)
    size += 450 + len(filler)
    i += 1
for j, name in enumerate(stills):
    episodes.append({"id": uid(), "showId": show_ids[j % len(show_ids)], "seasonNumber": 1 + j // 1000,
                     "episodeNumber": 1 + j % 1000, "watched": False, "name": "Episode %d" % j, "stillPath": "/" + name})
doc = {"format": "mediawatch-backup", "formatVersion": 2, "exportDate": date,
       # orderIndex is a 16-bit value in the app: split into lists of at most 10,000 titles.
       "lists": [{"id": uid(), "name": "List %d" % (k // 10000), "sortOrder": k // 10000,
                  "items": [{"titleId": t, "orderIndex": j} for j, t in enumerate(items[k:k + 10000])]}
                 for k in range(0, len(items), 10000)],
       "titles": titles, "episodes": episodes, "notes": []}
with open(os.path.join(out, json_name), "w") as f:
    json.dump(doc, f, indent=2)
