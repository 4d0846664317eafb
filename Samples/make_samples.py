#!/usr/bin/env python3
"""Writes the valid sample backups in Samples/ (deterministically; run from anywhere).

  mediawatch-v1.json            v1 exactly as the app's Swift JSONEncoder writes it: compact, dates as
                                seconds since 2001-01-01, `\\/` escapes, keys in ExportData declaration
                                order (docs/SPEC.md#export-data), nil optionals omitted, uppercase UUIDs.
  mediawatch-v1-iso-dates.json  the same kind of data with ISO 8601 date strings (with and without
                                fractional seconds, `Z` and `+02:00`), pretty-printed the way Swift's
                                `.prettyPrinted` does it (`"key" : value`).
  mediawatch-v2.json            a full v2 (docs/FORMAT.md) using every attribute, incl. preferences and
                                stripped records; pretty-printed, two spaces, keys in FORMAT.md order.

The encoders here are shared by make_invalid.py. Only the standard library is used.
"""
from __future__ import annotations

import copy
import datetime as _dt
import json
import os
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))

# Seconds between 1970-01-01 and 2001-01-01 (Foundation's reference date).
UNIX_TO_REFERENCE = 978_307_200
_NS = uuid.UUID("6f1d2c8e-4b7a-4e43-9a51-0c2d9e7b3a10")


def uid(name: str) -> str:
    """A stable uppercase UUID for a sample record (Swift's UUID().uuidString is uppercase)."""
    return str(uuid.uuid5(_NS, name)).upper()


class Date(float):
    """A date held as Foundation does it: seconds since 2001-01-01T00:00:00Z."""

    @staticmethod
    def utc(y, mo, d, h=0, mi=0, s=0, frac=0.0) -> "Date":
        unix = int(_dt.datetime(y, mo, d, h, mi, s, tzinfo=_dt.timezone.utc).timestamp())
        return Date(float(unix - UNIX_TO_REFERENCE) + frac)


# --- Number and date formatting -------------------------------------------------------------

def swift_double(x: float) -> str:
    """A Double as Swift's JSONEncoder writes it: shortest round-trip digits, no '.0' on whole values."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(float(x))


def _fraction_digits(whole: float, x: float) -> str:
    """The fewest fractional digits t with whole + 0.t == x (as mwkit's RFC 3339 writer does)."""
    frac = x - whole
    if frac == 0:
        return ""
    for n in range(1, 21):
        f = "%.*f" % (n, frac)
        if not f.startswith("0."):
            continue
        t = f[2:].rstrip("0")
        if t and whole + float("0." + t) == x:
            return t
    raise ValueError(x)


def rfc3339(d: float, offset_minutes: int = 0, fraction: bool = True) -> str:
    """RFC 3339 text of a reference-date value; `offset_minutes` writes local time with ±hh:mm."""
    x = float(d)
    whole = float(int(x // 1))
    digits = _fraction_digits(whole, x) if fraction else ""
    t = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc) + _dt.timedelta(seconds=int(whole) + UNIX_TO_REFERENCE + offset_minutes * 60)
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if digits:
        s += "." + digits
    if offset_minutes == 0:
        return s + "Z"
    sign = "+" if offset_minutes > 0 else "-"
    m = abs(offset_minutes)
    return s + "%s%02d:%02d" % (sign, m // 60, m % 60)


# --- Encoders ---------------------------------------------------------------------------------

def _swift_string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("/", "\\/")


def swift_compact(v, date=None) -> str:
    """Swift JSONEncoder output (default options): compact, `/` escaped, Double shortest form.
    `date` maps a Date to its JSON (default: reference-date number)."""
    if isinstance(v, Date):
        return date(v) if date else swift_double(v)
    if isinstance(v, dict):
        return "{" + ",".join(_swift_string(k) + ":" + swift_compact(x, date) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(swift_compact(x, date) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return swift_double(v)
    if isinstance(v, str):
        return _swift_string(v)
    if v is None:
        return "null"
    raise TypeError(type(v))


def swift_pretty(v, date=None, indent: int = 0) -> str:
    """Swift JSONEncoder with `.prettyPrinted`: two-space indent and `"key" : value`."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(v, dict) and v:
        items = [inner + _swift_string(k) + " : " + swift_pretty(x, date, indent + 1) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list) and v:
        return "[\n" + ",\n".join(inner + swift_pretty(x, date, indent + 1) for x in v) + "\n" + pad + "]"
    return swift_compact(v, date)


# Key order of mwkit's v2 writer (MWCore V2Writer): TMDb metadata (or "stripped") follows mediaType /
# episodeNumber, then the user data.
_TITLE_META = ["title", "originalTitle", "imdbId", "year", "overview", "genres", "runtime", "posterPath",
               "backdropPath", "originalLanguage", "popularity", "voteAverage", "voteCount", "releaseDate",
               "firstAirDate", "lastAirDate", "status", "numberOfSeasons", "numberOfEpisodes"]
_EPISODE_META = ["name", "overview", "airDate", "runtime", "stillPath"]
V2_ORDER = {
    "top": ["format", "formatVersion", "sourceVersion", "exportDate", "preferences", "lists", "titles", "episodes", "notes"],
    "preferences": ["id", "defaultListId", "defaultLikedStatus", "imageQuality", "showWatchedInLists", "sortBy",
                    "sortAscending", "lastSyncDate", "appVersion"],
    "lists": ["id", "name", "icon", "colorHex", "sortOrder", "isDefault", "dateCreated", "dateModified",
              "description", "sources", "items"],
    "items": ["titleId", "orderIndex", "id", "dateAdded", "note"],
    "titles": ["id", "tmdbId", "mediaType"] + _TITLE_META + ["stripped", "watched", "watchedDate", "likedStatus",
              "dateAdded", "dateModified", "localPosterPath", "localBackdropPath", "ratings", "viewings", "tags", "sources",
              "watchStatus", "watchStatusWord", "watchStatusDate", "watchStatusSource"],
    "episodes": ["id", "showId", "tmdbId", "seasonNumber", "episodeNumber"] + _EPISODE_META +
                ["stripped", "watched", "watchedDate", "dateModified", "localStillPath", "ratings", "viewings", "sources"],
    "notes": ["id", "parentType", "parentId", "text", "ownerOnly", "dateCreated", "dateModified", "sources"],
    # formatVersion 3's objects (arrays under these keys).
    "ratings": ["source", "value", "scale", "date", "datePrecision"],
    "viewings": ["date", "precision", "rewatch", "source"],
    "sources": ["service", "file", "row", "uri"],
}


def v2_ordered(x, kind: str = "top"):
    """A copy of a v2 document with keys in the writer's order and dates as RFC 3339 strings.
    Keys not in the order (only in deliberately invalid samples) go last, in their own order."""
    if isinstance(x, Date):
        return rfc3339(x)
    if isinstance(x, dict):
        order = V2_ORDER.get(kind, [])
        keys = sorted(x, key=lambda k: order.index(k) if k in order else len(order))
        return {k: v2_ordered(x[k], k) for k in keys}
    if isinstance(x, list):
        return [v2_ordered(y, kind) for y in x]
    return x


def v2_json(v) -> str:
    """mwkit's v2 layout: two-space pretty JSON, `/` unescaped, dates as RFC 3339 UTC."""
    return json.dumps(v2_ordered(v), indent=2, ensure_ascii=False) + "\n"


def write(path: str, text) -> None:
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


# --- Sample data (facts from TMDb; ids are real TMDb ids) -------------------------------------

def v1_title(key, tmdb, media, title, year, genres, runtime, watched, liked, added, *, imdb=None,
             overview=None, poster=None, backdrop=None, watched_date=None):
    """An ExportTitle in declaration order, nil optionals omitted."""
    t = {"id": uid(key), "tmdbId": tmdb}
    if imdb is not None:
        t["imdbId"] = imdb
    t.update({"mediaType": media, "title": title, "year": year})
    if overview is not None:
        t["overview"] = overview
    t.update({"genres": genres, "runtime": runtime})
    if poster is not None:
        t["posterPath"] = poster
    if backdrop is not None:
        t["backdropPath"] = backdrop
    t["watched"] = watched
    if watched_date is not None:
        t["watchedDate"] = watched_date
    t.update({"likedStatus": liked, "dateAdded": added})
    return t


def v1_episode(key, show, season, number, name, watched, *, overview=None, watched_date=None):
    e = {"id": uid(key), "showId": uid(show), "seasonNumber": season, "episodeNumber": number, "name": name}
    if overview is not None:
        e["overview"] = overview
    e["watched"] = watched
    if watched_date is not None:
        e["watchedDate"] = watched_date
    return e


def v1_list(key, name, sort, title_keys, *, icon=None, color=None):
    l = {"id": uid(key), "name": name}
    if icon is not None:
        l["icon"] = icon
    if color is not None:
        l["colorHex"] = color
    l.update({"sortOrder": sort, "titleIds": [uid(k) for k in title_keys]})
    return l


def v1_note(key, parent, parent_type, text, owner_only, created):
    return {"id": uid(key), "parentId": uid(parent), "parentType": parent_type, "text": text,
            "ownerOnly": owner_only, "dateCreated": created}


def v1_library() -> dict:
    """The ExportData of the main v1 sample (6 titles, 11 episodes, 3 lists, 3 notes)."""
    D = Date.utc
    titles = [
        v1_title("title/fight-club", 550, "movie", "Fight Club", 1999, ["Drama", "Thriller"], 139, True, 1,
                 D(2023, 11, 4, 20, 15, 7, 0.482913), imdb="tt0137523",
                 overview="A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression into a shocking new form of therapy.",
                 poster="/jSziioSwPVrOy9Yow3XhWIBDjq1.jpg", backdrop="/hZkgoQYus5vegHoetLkCJzb17zJ.jpg",
                 watched_date=D(2023, 11, 5, 22, 41, 0, 0.125)),
        v1_title("title/the-matrix", 603, "movie", "The Matrix", 1999, ["Action", "Science Fiction"], 136, True, 1,
                 D(2023, 12, 1, 9, 0, 0), imdb="tt0133093",
                 overview="Set in the 22nd century, The Matrix tells the story of a computer hacker who joins a group of underground insurgents fighting the vast and powerful computers who now rule the earth.",
                 poster="/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg", backdrop="/ncEsesgOJDNrTUED89hYbA117wo.jpg",
                 watched_date=D(2024, 1, 13, 23, 2, 11, 0.75)),
        v1_title("title/inception", 27205, "movie", "Inception", 2010, ["Action", "Science Fiction", "Adventure"], 148, False, 0,
                 D(2024, 3, 18, 12, 30, 45, 0.1), imdb="tt1375666",
                 poster="/ljsZTbVsrQSqZgWeep2B1QiDKuh.jpg", backdrop="/gqby0RhyehP3uRrzmdyUZ0CgPPe.jpg"),
        v1_title("title/alien", 348, "movie", "Alien", 1979, ["Horror", "Science Fiction"], 117, True, 0,
                 D(2024, 4, 2, 7, 45, 3, 0.904), imdb="tt0078748",
                 overview="During its return to the earth, commercial spaceship Nostromo intercepts a distress signal from a distant planet.",
                 poster="/vfrQk5IPloGg1v9Rzbh2Eg3VGyM.jpg",
                 watched_date=D(2024, 4, 6, 21, 10, 0)),
        v1_title("title/breaking-bad", 1396, "tv", "Breaking Bad", 2008, ["Drama", "Crime"], 47, False, 1,
                 D(2024, 2, 10, 19, 5, 33, 0.6172), imdb="tt0903747",
                 overview="Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer and given a prognosis of only two years left to live.",
                 poster="/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg", backdrop="/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg"),
        v1_title("title/game-of-thrones", 1399, "tv", "Game of Thrones", 2011, ["Sci-Fi & Fantasy", "Drama", "Action & Adventure"], 57, False, -1,
                 D(2024, 5, 20, 16, 0, 0, 0.25),
                 overview="Seven noble families fight for control of the mythical land of Westeros.",
                 poster="/1XS1oqL89opfnbLl8WnZY1O1uJx.jpg", backdrop="/zZqpAXxVSBtxV9qPBcscfXBcL2w.jpg"),
    ]
    bb, got = "title/breaking-bad", "title/game-of-thrones"
    episodes = [
        v1_episode("ep/bb/s0e1", bb, 0, 1, "Good Cop Bad Cop", True, watched_date=D(2024, 2, 11, 20, 1, 0, 0.5)),
        v1_episode("ep/bb/s1e1", bb, 1, 1, "Pilot", True,
                   overview="When an unassuming high school chemistry teacher discovers he has a rare form of lung cancer, he decides to team up with a former student.",
                   watched_date=D(2024, 2, 10, 21, 4, 12, 0.31)),
        v1_episode("ep/bb/s1e2", bb, 1, 2, "Cat's in the Bag...", True, watched_date=D(2024, 2, 12, 22, 0, 0)),
        v1_episode("ep/bb/s1e3", bb, 1, 3, "...And the Bag's in the River", True, watched_date=D(2024, 2, 14, 21, 30, 9, 0.875)),
        v1_episode("ep/bb/s1e4", bb, 1, 4, "Cancer Man", True, watched_date=D(2024, 2, 17, 20, 45, 0, 0.002)),
        v1_episode("ep/bb/s1e5", bb, 1, 5, "Gray Matter", False),
        v1_episode("ep/got/s1e1", got, 1, 1, "Winter Is Coming", True,
                   overview="Jon Arryn, the Hand of the King, is dead. King Robert Baratheon plans to ask his oldest friend, Eddard Stark, to take Jon's place.",
                   watched_date=D(2024, 5, 21, 21, 0, 0, 0.6)),
        v1_episode("ep/got/s1e2", got, 1, 2, "The Kingsroad", True, watched_date=D(2024, 5, 23, 22, 15, 0)),
        v1_episode("ep/got/s1e3", got, 1, 3, "Lord Snow", False),
        v1_episode("ep/got/s1e4", got, 1, 4, "Cripples, Bastards, and Broken Things", False),
        v1_episode("ep/got/s1e5", got, 1, 5, "The Wolf and the Lion", False),
    ]
    lists = [
        v1_list("list/watchlist", "Watchlist", 0, ["title/inception", got, "title/alien"], icon="bookmark", color="#FF9500"),
        v1_list("list/favorites", "Favorites", 1, ["title/fight-club", bb, "title/the-matrix"], icon="heart.fill", color="#FF2D55"),
        v1_list("list/scifi", "Sci-Fi Night 🚀", 2, ["title/the-matrix", "title/alien", "title/inception"]),
    ]
    notes = [
        v1_note("note/fight-club", "title/fight-club", "title",
                "Rule #1: don't talk about it.\nRewatch w/ commentary track — \"His name is Robert Paulson\" / great.",
                True, D(2023, 11, 6, 8, 12, 40, 0.33)),
        v1_note("note/bb-pilot", "ep/bb/s1e1", "episode",
                "Best pilot ever. Watch again with Sam & Alex.", False, D(2024, 2, 10, 22, 0, 1, 0.9)),
        v1_note("note/got", got, "title", "Gave up after S1E2; too grim for now.", True, D(2024, 5, 24, 7, 30, 0)),
    ]
    return {"version": "1.0", "exportDate": D(2024, 11, 2, 18, 30, 12, 0.345678),
            "lists": lists, "titles": titles, "episodes": episodes, "notes": notes}


def v1_iso_library() -> dict:
    """Different titles for the ISO-dates sample (so the two v1 samples are not copies)."""
    D = Date.utc
    titles = [
        v1_title("iso/title/arrival", 329865, "movie", "Arrival", 2016, ["Drama", "Science Fiction", "Mystery"], 116, True, 1,
                 D(2024, 6, 1, 10, 0, 0), imdb="tt2543164", poster="/x2FJsf1ElAgr63Y3PNPtJrcmpoe.jpg",
                 watched_date=D(2024, 6, 2, 21, 14, 5, 0.5)),
        v1_title("iso/title/the-office", 2316, "tv", "The Office", 2005, ["Comedy"], 22, False, 1,
                 D(2024, 6, 3, 8, 45, 10, 0.123), imdb="tt0386676",
                 overview="The everyday lives of office employees in the Scranton, Pennsylvania branch of the fictional Dunder Mifflin Paper Company.",
                 poster="/7DJKHzAi83BmQrWLrYYOqcoKfhR.jpg"),
        v1_title("iso/title/chernobyl", 87108, "tv", "Chernobyl", 2019, ["Drama"], 65, True, 0,
                 D(2024, 7, 14, 18, 0, 0, 0.75), imdb="tt7366338", watched_date=D(2024, 7, 20, 23, 59, 59)),
    ]
    office, cher = "iso/title/the-office", "iso/title/chernobyl"
    episodes = [
        v1_episode("iso/ep/office/s1e1", office, 1, 1, "Pilot", True, watched_date=D(2024, 6, 3, 20, 0, 0, 0.25)),
        v1_episode("iso/ep/office/s1e2", office, 1, 2, "Diversity Day", True, watched_date=D(2024, 6, 4, 20, 30, 0)),
        v1_episode("iso/ep/office/s1e3", office, 1, 3, "Health Care", False),
        v1_episode("iso/ep/cher/s1e1", cher, 1, 1, "1:23:45", True, watched_date=D(2024, 7, 15, 21, 0, 0, 0.5)),
        v1_episode("iso/ep/cher/s1e2", cher, 1, 2, "Please Remain Calm", True, watched_date=D(2024, 7, 16, 21, 5, 30)),
    ]
    lists = [
        v1_list("iso/list/tonight", "Tonight", 0, ["iso/title/arrival", office], icon="moon.stars", color="5856D6"),
        v1_list("iso/list/minis", "Miniseries", 1, [cher], icon="tv", color="#3CF"),
    ]
    notes = [
        v1_note("iso/note/cher", "iso/ep/cher/s1e1", "episode", "Haunting. The sound design!", True, D(2024, 7, 15, 22, 10, 0, 0.001)),
        v1_note("iso/note/arrival", "iso/title/arrival", "title", "Ask Dana about the linguistics.", False, D(2024, 6, 2, 23, 0, 0)),
    ]
    return {"version": "1.0", "exportDate": D(2024, 8, 1, 9, 15, 0, 0.5),
            "lists": lists, "titles": titles, "episodes": episodes, "notes": notes}


def iso_date_cycle():
    """Date formatter that rotates through ISO 8601 spellings: Z with/without fraction, +02:00."""
    state = {"i": 0}

    def fmt(d: Date) -> str:
        i = state["i"]
        state["i"] += 1
        return [rfc3339(d, 0, True), rfc3339(d, 0, False), rfc3339(d, 120, True), rfc3339(d, 120, False)][i % 4]
    return fmt


def v2_library() -> dict:
    """A full v2 using every attribute, two stripped records and preferences."""
    D = Date.utc
    L, T, E, N = "v2/list/", "v2/title/", "v2/ep/", "v2/note/"
    lists = [
        {"id": uid(L + "watchlist"), "name": "Watchlist", "icon": "bookmark", "colorHex": "#FF9500", "sortOrder": 0,
         "isDefault": True, "dateCreated": D(2023, 1, 2, 9, 0, 0), "dateModified": D(2024, 9, 30, 21, 4, 5, 0.25),
         "items": [
             {"titleId": uid(T + "dune-part-two"), "orderIndex": 0, "id": uid(L + "watchlist/0"), "dateAdded": D(2024, 3, 1, 12, 0, 0, 0.5)},
             {"titleId": uid(T + "severance"), "orderIndex": 1, "id": uid(L + "watchlist/1"), "dateAdded": D(2024, 9, 30, 21, 4, 5, 0.25)},
         ]},
        {"id": uid(L + "rewatch"), "name": "Rewatch — Favoriten", "colorHex": "#34C759CC", "sortOrder": 1,
         "isDefault": False, "dateCreated": D(2023, 6, 15, 18, 30, 0, 0.123456),
         "items": [
             {"titleId": uid(T + "fight-club"), "orderIndex": 0, "id": uid(L + "rewatch/0"), "dateAdded": D(2023, 6, 15, 18, 31, 0)},
             {"titleId": uid(T + "breaking-bad"), "orderIndex": 1, "dateAdded": D(2023, 6, 15, 18, 32, 10, 0.000001)},
             {"titleId": uid(T + "game-of-thrones"), "orderIndex": 2},
         ]},
    ]
    titles = [
        {"id": uid(T + "fight-club"), "tmdbId": 550, "mediaType": "movie", "watched": True,
         "watchedDate": D(2023, 6, 20, 22, 41, 0, 0.125), "likedStatus": 1, "dateAdded": D(2023, 6, 15, 18, 31, 0),
         "dateModified": D(2023, 6, 20, 22, 41, 0, 0.125), "localPosterPath": "posters/jSziioSwPVrOy9Yow3XhWIBDjq1.jpg",
         "localBackdropPath": "backdrops/hZkgoQYus5vegHoetLkCJzb17zJ.jpg",
         "title": "Fight Club", "originalTitle": "Fight Club", "imdbId": "tt0137523", "year": 1999,
         "overview": "A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression into a shocking new form of therapy.",
         "genres": ["Drama", "Thriller"], "runtime": 139, "posterPath": "/jSziioSwPVrOy9Yow3XhWIBDjq1.jpg",
         "backdropPath": "/hZkgoQYus5vegHoetLkCJzb17zJ.jpg", "originalLanguage": "en", "popularity": 23.1752,
         "voteAverage": 8.437, "voteCount": 30523, "releaseDate": D(1999, 10, 15), "status": "Released"},
        {"id": uid(T + "dune-part-two"), "tmdbId": 693134, "mediaType": "movie", "watched": False, "likedStatus": 0,
         "dateAdded": D(2024, 3, 1, 12, 0, 0, 0.5),
         "title": "Dune: Part Two", "imdbId": "tt15239678", "year": 2024, "genres": ["Science Fiction", "Adventure"],
         "runtime": 167, "posterPath": "/1pdfLvkbY9ohJlCjQH2CZjjYVvJ.jpg", "originalLanguage": "en",
         "popularity": 0, "voteAverage": 0, "voteCount": 0, "releaseDate": D(2024, 2, 27)},
        {"id": uid(T + "breaking-bad"), "tmdbId": 1396, "mediaType": "tv", "watched": False, "likedStatus": 1,
         "dateAdded": D(2023, 6, 15, 18, 32, 10, 0.000001), "dateModified": D(2024, 2, 17, 20, 45, 0, 0.002),
         "localPosterPath": "posters/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg",
         "title": "Breaking Bad", "originalTitle": "Breaking Bad", "imdbId": "tt0903747", "year": 2008,
         "overview": "Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer.",
         "genres": ["Drama", "Crime"], "runtime": 47, "posterPath": "/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg",
         "backdropPath": "/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg", "originalLanguage": "en", "popularity": 240.6403,
         "voteAverage": 8.944, "voteCount": 17774, "firstAirDate": D(2008, 1, 20), "lastAirDate": D(2013, 9, 29),
         "status": "Ended", "numberOfSeasons": 5, "numberOfEpisodes": 62},
        {"id": uid(T + "game-of-thrones"), "tmdbId": 1399, "mediaType": "tv", "stripped": True, "watched": False,
         "likedStatus": -1, "dateAdded": D(2024, 5, 20, 16, 0, 0, 0.25), "dateModified": D(2024, 5, 23, 22, 15, 0),
         "localPosterPath": "posters/1XS1oqL89opfnbLl8WnZY1O1uJx.jpg"},
        {"id": uid(T + "severance"), "tmdbId": 95396, "mediaType": "tv", "stripped": True, "watched": False,
         "likedStatus": 0, "dateAdded": D(2024, 9, 30, 21, 4, 5, 0.25)},
    ]
    bb, got = uid(T + "breaking-bad"), uid(T + "game-of-thrones")
    episodes = [
        {"id": uid(E + "bb/s1e1"), "showId": bb, "tmdbId": 62085, "seasonNumber": 1, "episodeNumber": 1,
         "watched": True, "watchedDate": D(2024, 2, 10, 21, 4, 12, 0.31), "dateModified": D(2024, 2, 10, 21, 4, 12, 0.31),
         "localStillPath": "stills/ydlY3iPfeOAvu8gVqrxPoMvzNCn.jpg",
         "name": "Pilot", "overview": "A high school chemistry teacher learns he has terminal cancer.",
         "airDate": D(2008, 1, 20), "runtime": 59, "stillPath": "/ydlY3iPfeOAvu8gVqrxPoMvzNCn.jpg"},
        {"id": uid(E + "bb/s1e2"), "showId": bb, "tmdbId": 62086, "seasonNumber": 1, "episodeNumber": 2,
         "watched": True, "watchedDate": D(2024, 2, 12, 22, 0, 0), "name": "Cat's in the Bag...",
         "airDate": D(2008, 1, 27), "runtime": 49, "stillPath": "/AbMoecO0ZZio0LcgeLxlzdyGs6X.jpg"},
        {"id": uid(E + "bb/s1e3"), "showId": bb, "seasonNumber": 1, "episodeNumber": 3, "watched": False,
         "name": "...And the Bag's in the River"},
        {"id": uid(E + "got/s1e1"), "showId": got, "tmdbId": 63056, "seasonNumber": 1, "episodeNumber": 1,
         "stripped": True, "watched": True, "watchedDate": D(2024, 5, 21, 21, 0, 0, 0.6),
         "dateModified": D(2024, 5, 21, 21, 0, 0, 0.6), "localStillPath": "stills/wrGWeW4WKxnaeA8sxJb2T9O6ryo.jpg"},
        {"id": uid(E + "got/s0e1"), "showId": got, "seasonNumber": 0, "episodeNumber": 1, "stripped": True, "watched": False},
    ]
    notes = [
        {"id": uid(N + "fight-club"), "parentType": "title", "parentId": uid(T + "fight-club"),
         "text": "Rule #1: don't talk about it.\nRewatch w/ commentary.", "ownerOnly": True,
         "dateCreated": D(2023, 6, 21, 8, 12, 40, 0.33), "dateModified": D(2024, 1, 5, 9, 0, 0, 0.5)},
        {"id": uid(N + "bb-pilot"), "parentType": "episode", "parentId": uid(E + "bb/s1e1"),
         "text": "Best pilot ever — watch again with Sam.", "ownerOnly": False, "dateCreated": D(2024, 2, 10, 22, 0, 1, 0.9)},
        {"id": uid(N + "got-s1e1"), "parentType": "episode", "parentId": uid(E + "got/s1e1"),
         "text": "", "ownerOnly": True, "dateCreated": D(2024, 5, 21, 22, 0, 0)},
    ]
    preferences = {"id": uid("v2/preferences"), "defaultListId": uid(L + "watchlist"), "defaultLikedStatus": 0,
                   "imageQuality": "w500", "showWatchedInLists": True, "sortBy": "dateAdded", "sortAscending": False,
                   "lastSyncDate": D(2024, 10, 1, 6, 0, 0, 0.987654), "appVersion": "1.4.2 (87)"}
    return {"format": "mediawatch-backup", "formatVersion": 2, "sourceVersion": "1.0",
            "exportDate": D(2024, 10, 1, 7, 30, 0, 0.25), "preferences": preferences,
            "lists": lists, "titles": titles, "episodes": episodes, "notes": notes}


def v3_library() -> dict:
    """The v2 sample at formatVersion 3, with every provenance value: original ratings (a day
    and an instant), viewings (days, instants, a rewatch, an undated one), tags, record sources
    of a list, titles, an episode and a note, a list description and a list item note."""
    D = Date.utc
    doc = copy.deepcopy(v2_library())
    doc["formatVersion"] = 3
    watchlist = doc["lists"][0]
    watchlist["description"] = "Films to see — imported from Letterboxd.\nOrder kept."
    watchlist["sources"] = [{"service": "letterboxd", "file": "watchlist.csv"}]
    watchlist["items"][0]["note"] = "Recommended by Sam"
    fight_club, got = doc["titles"][0], doc["titles"][3]
    fight_club["ratings"] = [
        {"source": "letterboxd", "value": 4.5, "scale": 5, "date": "2023-06-20", "datePrecision": "day"},
        {"source": "imdb", "value": 9, "scale": 10, "date": D(2023, 6, 21, 7, 2, 3), "datePrecision": "instant"},
    ]
    fight_club["viewings"] = [
        {"date": "1999-11-02", "precision": "day", "rewatch": False, "source": "letterboxd"},
        {"precision": "day", "rewatch": False, "source": "letterboxd"},
        {"date": "2023-06-20", "precision": "day", "rewatch": True, "source": "letterboxd"},
        {"date": D(2023, 6, 20, 22, 41, 0, 0.125), "precision": "instant", "rewatch": True, "source": "trakt"},
    ]
    fight_club["tags"] = ["cult", "rewatch 2023", "Fincher"]
    fight_club["sources"] = [
        {"service": "letterboxd", "file": "diary.csv", "row": 12, "uri": "https://boxd.it/4Nf0Wz"},
        {"service": "imdb", "file": "ratings.csv", "row": 3},
    ]
    got["viewings"] = [{"date": D(2024, 5, 21, 21, 0, 0, 0.6), "precision": "instant", "rewatch": False, "source": "trakt"}]
    got["sources"] = [{"service": "trakt", "file": "watched-shows.json", "row": 1}]
    pilot = doc["episodes"][0]
    pilot["ratings"] = [{"source": "trakt", "value": 10, "scale": 10}]
    pilot["viewings"] = [{"date": D(2024, 2, 10, 21, 4, 12, 0.31), "precision": "instant", "rewatch": False, "source": "trakt"}]
    pilot["sources"] = [{"service": "trakt", "file": "watched-history.json", "row": 1, "uri": "https://trakt.tv/shows/breaking-bad/seasons/1/episodes/1"}]
    doc["notes"][0]["sources"] = [{"service": "letterboxd", "file": "reviews.csv", "row": 2, "uri": "https://boxd.it/4Nf0Wz"}]
    return doc


def v4_library() -> dict:
    """The v3 sample at formatVersion 4, with watch statuses: one read from a service (its
    word, date and source) and one set without them."""
    D = Date.utc
    doc = copy.deepcopy(v3_library())
    doc["formatVersion"] = 4
    got = doc["titles"][3]
    got.update({"watchStatus": "paused", "watchStatusWord": "HOLD", "watchStatusDate": D(2024, 6, 2, 18, 30, 0), "watchStatusSource": "watcharr"})
    doc["titles"][0]["watchStatus"] = "completed"
    return doc


def v5_library() -> dict:
    """The v4 sample at formatVersion 5: a title with the name and year its export gave and
    ids at other services, another with ids only, a show with episodes named by title alone."""
    doc = copy.deepcopy(v4_library())
    doc["formatVersion"] = 5
    doc["titles"][0].update({"exportTitle": "Fight Club", "exportYear": 1999, "serviceIds": ["imdb:tt0137523", "letterboxd:fight-club", "trakt:432"]})
    doc["titles"][3]["serviceIds"] = ["simkl:17465", "tvdb:121361"]
    # Episodes an export named by title alone (`Show: Season 2: Title`): season, days, title.
    doc["titles"][2]["unnumberedEpisodes"] = sorted(["2|2024-03-01,2024-03-03|A Title Alone", "|2024-03-05|Part 2: Pipes | in a title"])
    return doc


def main() -> None:
    write(os.path.join(HERE, "mediawatch-v1.json"), swift_compact(v1_library()))
    write(os.path.join(HERE, "mediawatch-v1-iso-dates.json"), swift_pretty(v1_iso_library(), date=lambda d, f=iso_date_cycle(): json.dumps(f(d))))
    write(os.path.join(HERE, "mediawatch-v2.json"), v2_json(v2_library()))
    write(os.path.join(HERE, "mediawatch-v3.json"), v2_json(v3_library()))
    write(os.path.join(HERE, "mediawatch-v4.json"), v2_json(v4_library()))
    write(os.path.join(HERE, "mediawatch-v5.json"), v2_json(v5_library()))


if __name__ == "__main__":
    main()
