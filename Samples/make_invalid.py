#!/usr/bin/env python3
"""Writes one small sample per diagnostic rule (deterministically; run from anywhere).

  Samples/invalid/<code>.json     must make `mwkit validate` report error <code> (exit 1 or 2)
  Samples/warnings/<code>.json    must make it report warning <code> and nothing else (exit 0;
                                  1 with --strict)
  Samples/conversion/<code>.json  a valid v2 whose `mwkit migrate --to 1` reports <code>

Each file derives from one small valid base backup (v1, or v2 where the rule only exists in
v2) with exactly one defect, so it should trigger only its own code. Codes no file can trigger
(io-unreadable, max-errors-reached) have no sample; docs/DIAGNOSTICS.md says how to see them.
"""
from __future__ import annotations

import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_samples import Date, HERE, swift_compact, uid, v1_episode, v1_list, v1_note, v1_title, v2_json, write  # noqa: E402

D = Date.utc


def base_v1() -> dict:
    """A small valid v1: 2 lists, 3 titles (2 movies, 1 show), 3 episodes, 2 notes."""
    titles = [
        v1_title("b/fight-club", 550, "movie", "Fight Club", 1999, ["Drama"], 139, True, 1, D(2024, 1, 5, 20, 0, 0, 0.5),
                 imdb="tt0137523", poster="/jSziioSwPVrOy9Yow3XhWIBDjq1.jpg", watched_date=D(2024, 1, 6, 22, 0, 0)),
        v1_title("b/the-matrix", 603, "movie", "The Matrix", 1999, ["Action", "Science Fiction"], 136, False, 0,
                 D(2024, 2, 1, 9, 30, 0)),
        v1_title("b/breaking-bad", 1396, "tv", "Breaking Bad", 2008, ["Drama", "Crime"], 47, False, 1,
                 D(2024, 2, 10, 19, 5, 33, 0.25), imdb="tt0903747"),
    ]
    episodes = [
        v1_episode("b/bb/s1e1", "b/breaking-bad", 1, 1, "Pilot", True, watched_date=D(2024, 2, 10, 21, 4, 12, 0.75)),
        v1_episode("b/bb/s1e2", "b/breaking-bad", 1, 2, "Cat's in the Bag...", True, watched_date=D(2024, 2, 12, 22, 0, 0)),
        v1_episode("b/bb/s1e3", "b/breaking-bad", 1, 3, "...And the Bag's in the River", False),
    ]
    lists = [
        v1_list("b/watchlist", "Watchlist", 0, ["b/the-matrix", "b/breaking-bad"], icon="bookmark", color="#FF9500"),
        v1_list("b/favorites", "Favorites", 1, ["b/fight-club"], icon="heart.fill"),
    ]
    notes = [
        v1_note("b/note/fc", "b/fight-club", "title", "Rewatch w/ commentary.", True, D(2024, 1, 7, 8, 0, 0)),
        v1_note("b/note/pilot", "b/bb/s1e1", "episode", "Best pilot ever.", False, D(2024, 2, 10, 22, 0, 1, 0.5)),
    ]
    return {"version": "1.0", "exportDate": D(2024, 11, 2, 18, 30, 12, 0.25),
            "lists": lists, "titles": titles, "episodes": episodes, "notes": notes}


def base_v2() -> dict:
    """The same library as v2, with the v2-only attributes and preferences."""
    v1 = base_v1()
    lists = []
    for i, l in enumerate(v1["lists"]):
        lists.append({"id": l["id"], "name": l["name"], **({"icon": l["icon"]} if "icon" in l else {}),
                      **({"colorHex": l["colorHex"]} if "colorHex" in l else {}), "sortOrder": l["sortOrder"],
                      "isDefault": i == 0, "dateCreated": D(2023, 12, 1 + i),
                      "items": [{"titleId": t, "orderIndex": j, "dateAdded": D(2024, 2, 10, 19, 5, 33, 0.25)}
                                for j, t in enumerate(l["titleIds"])]})
    titles = copy.deepcopy(v1["titles"])
    titles[0].update({"originalLanguage": "en", "voteCount": 30523, "releaseDate": D(1999, 10, 15)})
    titles[2].update({"originalLanguage": "en", "status": "Ended", "numberOfSeasons": 5, "numberOfEpisodes": 62})
    episodes = copy.deepcopy(v1["episodes"])
    episodes[0].update({"tmdbId": 62085, "airDate": D(2008, 1, 20), "runtime": 59})
    notes = copy.deepcopy(v1["notes"])
    notes[0]["dateModified"] = D(2024, 1, 8)
    prefs = {"id": uid("b/prefs"), "defaultListId": lists[0]["id"], "defaultLikedStatus": 0, "imageQuality": "w500",
             "showWatchedInLists": True, "sortBy": "dateAdded", "sortAscending": False}
    return {"format": "mediawatch-backup", "formatVersion": 2, "sourceVersion": "1.0",
            "exportDate": v1["exportDate"], "preferences": prefs,
            "lists": lists, "titles": titles, "episodes": episodes, "notes": notes}


def base_v3() -> dict:
    """The v2 base at formatVersion 3 with provenance on Fight Club (ratings, viewings, tags, sources)."""
    doc = base_v2()
    doc["formatVersion"] = 3
    doc["titles"][0].update({
        "ratings": [{"source": "letterboxd", "value": 4.5, "scale": 5, "date": "2024-01-06", "datePrecision": "day"}],
        "viewings": [{"date": "2024-01-06", "precision": "day", "rewatch": False, "source": "letterboxd"}],
        "tags": ["cult"],
        "sources": [{"service": "letterboxd", "file": "diary.csv", "row": 2}],
    })
    return doc


def base_v4() -> dict:
    """The v3 base at formatVersion 4 with a watch status on Fight Club."""
    doc = base_v3()
    doc["formatVersion"] = 4
    doc["titles"][0].update({"watchStatus": "completed", "watchStatusWord": "Completed", "watchStatusSource": "yamtrack"})
    return doc


def base_v5() -> dict:
    """The v4 base at formatVersion 5 with the export's name and service ids on Fight Club."""
    doc = base_v4()
    doc["formatVersion"] = 5
    doc["titles"][0].update({"exportTitle": "Fight Club", "exportYear": 1999,
                             "serviceIds": ["imdb:tt0137523", "trakt:432"]})
    return doc


def v1(doc) -> bytes:
    return swift_compact(doc).encode("utf-8")


def v2(doc) -> bytes:
    return v2_json(doc).encode("utf-8")


def mutate_v1(f):
    doc = base_v1()
    f(doc)
    return v1(doc)


def mutate_v2(f):
    doc = base_v2()
    f(doc)
    return v2(doc)


def mutate_v3(f):
    doc = base_v3()
    f(doc)
    return v2(doc)


def mutate_v4(f):
    doc = base_v4()
    f(doc)
    return v2(doc)


def mutate_v5(f):
    doc = base_v5()
    f(doc)
    return v2(doc)


def title(doc, key):
    return next(t for t in doc["titles"] if t["id"] == uid(key))


def replace_key(d: dict, old: str, new: str, value) -> None:
    """Renames/replaces a key in place, keeping its position (so the file still looks app-written)."""
    items = list(d.items())
    d.clear()
    for k, v in items:
        if k == old:
            d[new] = value
        else:
            d[k] = v


def remove_key(d: dict, key: str) -> None:
    del d[key]


# --- JSON-level defects (byte manipulations of the base) -----------------------------------------

def json_syntax() -> bytes:
    # A missing ':' after a key.
    return v1(base_v1()).replace(b'"exportDate":', b'"exportDate" ', 1)


def json_truncated() -> bytes:
    data = v1(base_v1())
    return data[: len(data) // 2]


def json_invalid_utf8() -> bytes:
    # A lone 0xFF byte inside a title string (never valid in UTF-8).
    return v1(base_v1()).replace(b'"The Matrix"', b'"The Matr\xffx"', 1)


def json_duplicate_key() -> bytes:
    # The same key twice in one title object (same value, so nothing else differs).
    return v1(base_v1()).replace(b'"tmdbId":603,', b'"tmdbId":603,"tmdbId":603,', 1)


def json_too_deep() -> bytes:
    # 1,000 nested arrays under an unknown top-level key.
    data = v1(base_v1())
    return data[:-1] + b',"extra":' + b"[" * 1000 + b"]" * 1000 + b"}"


def json_too_large() -> bytes:
    # A 1.1 MB string (mwkit's limit is 1 MiB per string) under an unknown top-level key.
    data = v1(base_v1())
    return data[:-1] + b',"attachment":"' + b"QUJD" * 275_000 + b'"}'


def json_number_range() -> bytes:
    return v1(base_v1()).replace(b'"tmdbId":603,', b'"tmdbId":123456789012345678901234567890,', 1)


def json_non_finite() -> bytes:
    return v1(base_v1()).replace(b'"tmdbId":603,', b'"tmdbId":NaN,', 1)


# --- The samples ----------------------------------------------------------------------------------

def invalid_samples():
    """code → bytes of the file."""
    out = {}

    out["json-empty"] = b""
    out["json-syntax"] = json_syntax()
    out["json-truncated"] = json_truncated()
    out["json-invalid-utf8"] = json_invalid_utf8()
    out["json-duplicate-key"] = json_duplicate_key()
    out["json-too-deep"] = json_too_deep()
    out["json-number-range"] = json_number_range()
    out["json-non-finite"] = json_non_finite()
    out["json-too-large"] = json_too_large()

    # Format detection and structure.
    out["format-unrecognized"] = b'{"app":"Letterboxd","exported":"2024-05-01","entries":[{"Name":"Fight Club","Year":1999}]}'
    out["format-unknown-version"] = mutate_v2(lambda d: d.__setitem__("formatVersion", 6))
    out["schema-type"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("watched", "yes"))
    out["schema-required"] = mutate_v1(lambda d: remove_key(title(d, "b/the-matrix"), "runtime"))
    out["schema-unknown-key"] = mutate_v2(lambda d: d["titles"][1].__setitem__("rating", 5))  # an error in v2
    out["schema-range"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("year", 40000))  # Int16
    out["date-invalid"] = mutate_v1(lambda d: title(d, "b/fight-club").__setitem__("watchedDate", "last tuesday"))

    def stripped_with_title(d):
        # Marked stripped but still carrying one metadata key ("title").
        t = d["titles"][1]
        for k in ("year", "genres", "runtime"):
            del t[k]
        t["stripped"] = True
    out["stripped-record-metadata"] = mutate_v2(stripped_with_title)

    # Identifiers.
    out["id-format"] = mutate_v1(lambda d: d["notes"][0].__setitem__("id", "note-1"))

    def dup_id(d):
        n = copy.deepcopy(d["notes"][0])
        n["text"] = "Second thoughts: the twist holds up."
        d["notes"].append(n)
    out["id-duplicate"] = mutate_v1(dup_id)

    # Title.
    out["title-tmdbid-positive"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("tmdbId", 0))
    out["title-media-type"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("mediaType", "film"))
    out["title-title-empty"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("title", ""))
    out["title-not-in-list"] = mutate_v1(lambda d: d["lists"][0]["titleIds"].remove(uid("b/the-matrix")))

    def dup_title(d):
        t = copy.deepcopy(title(d, "b/the-matrix"))
        t["id"] = uid("b/the-matrix-again")
        d["titles"].append(t)
        d["lists"][1]["titleIds"].append(t["id"])
    out["title-duplicate"] = mutate_v1(dup_title)
    out["title-imdbid-format"] = mutate_v1(lambda d: title(d, "b/fight-club").__setitem__("imdbId", "0137523"))
    out["title-liked-status"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("likedStatus", 2))
    out["title-language-format"] = mutate_v2(lambda d: d["titles"][0].__setitem__("originalLanguage", "English"))
    out["title-watch-status"] = mutate_v4(lambda d: d["titles"][0].__setitem__("watchStatus", "on hold"))
    out["title-service-id"] = mutate_v5(lambda d: d["titles"][0].__setitem__("serviceIds", ["imdb:tt0137523", "Trakt 432"]))
    out["title-unnumbered-episode"] = mutate_v5(lambda d: d["titles"][2].__setitem__("unnumberedEpisodes", ["2|10/03/2021|Some title"]))

    # Episode.
    out["episode-season-number"] = mutate_v1(lambda d: d["episodes"][2].__setitem__("seasonNumber", -1))
    out["episode-episode-number"] = mutate_v1(lambda d: d["episodes"][2].__setitem__("episodeNumber", 0))
    out["episode-name-empty"] = mutate_v1(lambda d: d["episodes"][2].__setitem__("name", ""))
    out["episode-show-missing"] = mutate_v1(lambda d: d["episodes"][2].__setitem__("showId", uid("b/deleted-show")))
    out["episode-show-not-tv"] = mutate_v1(lambda d: d["episodes"][2].__setitem__("showId", uid("b/the-matrix")))

    def dup_episode(d):
        e = copy.deepcopy(d["episodes"][1])
        e["id"] = uid("b/bb/s1e2-again")
        d["episodes"].append(e)
    out["episode-duplicate"] = mutate_v1(dup_episode)

    # List and list item.
    out["list-name-empty"] = mutate_v1(lambda d: d["lists"][1].__setitem__("name", ""))
    # 101 code points (some outside ASCII, so byte counts and UTF-16 counts differ from it).
    long_name = ("Films für Sonntagabende ★ " * 5)[:101]
    assert len(long_name) == 101
    out["list-name-length"] = mutate_v1(lambda d: d["lists"][1].__setitem__("name", long_name))
    out["list-color-hex"] = mutate_v1(lambda d: d["lists"][0].__setitem__("colorHex", "#FF95"))
    out["listitem-title-missing"] = mutate_v1(lambda d: d["lists"][1]["titleIds"].append(uid("b/deleted-title")))
    out["listitem-duplicate"] = mutate_v1(lambda d: d["lists"][0]["titleIds"].append(uid("b/the-matrix")))

    # Note.
    out["note-text-length"] = mutate_v1(lambda d: d["notes"][0].__setitem__("text", ("Rewatch w/ commentary. " * 435)[:10001]))
    out["note-parent-type"] = mutate_v1(lambda d: d["notes"][0].__setitem__("parentType", "list"))
    out["note-parent-missing"] = mutate_v1(lambda d: d["notes"][0].__setitem__("parentId", uid("b/deleted-title")))

    # Preferences (v2 only).
    out["preferences-default-list-missing"] = mutate_v2(lambda d: d["preferences"].__setitem__("defaultListId", uid("b/deleted-list")))
    out["preferences-liked-status"] = mutate_v2(lambda d: d["preferences"].__setitem__("defaultLikedStatus", 5))

    # Provenance values (formatVersion 3).
    out["rating-range"] = mutate_v3(lambda d: d["titles"][0]["ratings"][0].__setitem__("value", 5.5))  # of 5
    out["date-precision-unknown"] = mutate_v3(lambda d: d["titles"][0]["viewings"][0].__setitem__("precision", "month"))
    out["day-not-midnight"] = mutate_v3(lambda d: d["titles"][0]["viewings"][0].__setitem__("date", "2024-01-06T20:00:00Z"))
    out["provenance-duplicate"] = mutate_v3(lambda d: d["titles"][0]["tags"].append("cult"))
    return out


def warning_samples():
    out = {}
    # v1: unknown keys are tolerated with a warning (v2 makes them errors; see invalid/).
    out["schema-unknown-key"] = mutate_v1(lambda d: title(d, "b/the-matrix").__setitem__("rating", 4.5))
    # A watched date three days after the backup was made.
    out["date-implausible"] = mutate_v1(lambda d: title(d, "b/fight-club").__setitem__("watchedDate", D(2024, 11, 5, 20, 0, 0)))
    return out


def conversion_samples():
    out = {}
    # Valid v2 with attributes v1 cannot hold (preferences, isDefault, item dates, note dateModified, …).
    out["field-dropped"] = v2(base_v2())

    def strip(d):
        t = d["titles"][0]
        for k in ("imdbId", "title", "year", "genres", "runtime", "posterPath", "originalLanguage", "voteCount", "releaseDate"):
            t.pop(k, None)
        t["stripped"] = True
    out["v1-stripped-record"] = mutate_v2(strip)
    return out


def main() -> None:
    for sub, samples in (("invalid", invalid_samples()), ("warnings", warning_samples()),
                         ("conversion", conversion_samples())):
        d = os.path.join(HERE, sub)
        os.makedirs(d, exist_ok=True)
        for name in os.listdir(d):  # keep the directory exactly the generated set
            if name.endswith(".json") and name[:-5] not in samples:
                os.remove(os.path.join(d, name))
        for code, data in sorted(samples.items()):
            write(os.path.join(d, code + ".json"), data)


if __name__ == "__main__":
    main()
