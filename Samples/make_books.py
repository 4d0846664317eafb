#!/usr/bin/env python3
"""Generates the BooksTrack samples in Samples/books/ (docs/BOOKS.md), deterministically:

  bookstrack-v1.json          a valid library using every attribute, written exactly as
                              `mwkit archive --books` writes it (key order, layout, dates)
  invalid/<code>.json         the valid library with one defect, drawing error <code> only
  warnings/<code>.json        the valid library with one defect drawing warning <code> only

Run `python3 Samples/make_books.py`; edit this script, not the files.
"""
from __future__ import annotations

import copy
import json
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "books")


def isbn13(first12: str) -> str:
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(first12))
    return first12 + str((10 - s % 10) % 10)


def isbn10(first9: str) -> str:
    s = sum(int(c) * (10 - i) for i, c in enumerate(first9))
    d = (11 - s % 11) % 11
    return first9 + ("X" if d == 10 else str(d))


def uid(kind: str, n: int) -> str:
    return f"{kind}0000000-0000-4000-8000-{n:012d}"


A1, A2, A3, A4 = (uid("A", i) for i in range(1, 5))
W1, W2, W3, W4, W5 = (uid("B", i) for i in range(1, 6))
E1, E2, E3, E4, E5 = (uid("C", i) for i in range(1, 6))
N1, N2, N3, N4, N5 = (uid("D", i) for i in range(1, 6))


def valid() -> dict:
    # Keys in the writer's order (Sources/MWBooks/Format/BookstrackWriter.swift).
    works = [
        {"id": W1, "title": "Good Omens", "authorIds": [A1, A2], "originalLanguage": "en", "firstPublicationYear": 1990,
         "subjectTags": ["Fantasy", "Humor"], "openLibraryWorkID": "OL452160W", "isbndbID": "isbndb-go",
         "googleBooksVolumeID": "dQXDAQAAQBAJ", "goodreadsWorkIDs": ["3230300", "42"], "amazonASINs": ["B0031W1E3G"],
         "librarythingIDs": ["LT-1234"], "googleBooksVolumeIDs": ["dQXDAQAAQBAJ", "xyz"], "reviewStatus": "verified",
         "dateCreated": "2024-01-05T10:00:00Z", "lastModified": "2024-06-01T08:30:00.5Z",
         "lastISBNDBSync": "2024-05-30T00:00:00Z", "isbndbQuality": 87},
        {"id": W2, "title": "Kitchen", "authorIds": [A3], "originalLanguage": "ja", "firstPublicationYear": 1988,
         "subjectTags": [], "goodreadsWorkIDs": [], "amazonASINs": [], "librarythingIDs": [], "googleBooksVolumeIDs": [],
         "reviewStatus": "pending", "originalImagePath": "/tmp/scan-0001.jpg", "boundingBoxX": 0.125, "boundingBoxY": 0.25,
         "boundingBoxWidth": 0.0625, "boundingBoxHeight": 0.5,
         "dateCreated": "2024-02-10T12:00:00Z", "lastModified": "2024-02-10T12:00:00Z", "isbndbQuality": 0},
        {"id": W3, "title": "Things Fall Apart", "authorIds": [A4], "firstPublicationYear": 1958,
         "subjectTags": ["Classics"], "goodreadsWorkIDs": ["1010"], "amazonASINs": [], "librarythingIDs": [],
         "googleBooksVolumeIDs": [], "reviewStatus": "verified",
         "dateCreated": "2023-03-01T09:00:00Z", "lastModified": "2023-11-20T18:45:00Z", "isbndbQuality": 40},
        {"id": W4, "title": "The Left Hand of Darkness", "authorIds": [], "subjectTags": [], "goodreadsWorkIDs": [],
         "amazonASINs": [], "librarythingIDs": [], "googleBooksVolumeIDs": [], "reviewStatus": "verified",
         "dateCreated": "2024-03-03T03:03:03Z", "lastModified": "2024-03-03T03:03:03Z", "isbndbQuality": 0},
        {"id": W5, "title": "Dune", "authorIds": [], "subjectTags": [], "goodreadsWorkIDs": [],
         "amazonASINs": [], "librarythingIDs": [], "googleBooksVolumeIDs": [], "reviewStatus": "verified",
         "dateCreated": "2024-04-04T04:04:04Z", "lastModified": "2024-04-04T04:04:04Z", "isbndbQuality": 0},
    ]
    editions = [
        {"id": E1, "workId": W1, "isbn": isbn13("978006085398"), "isbns": [isbn13("978006085398"), isbn10("006085398")],
         "publisher": "William Morrow", "publicationDate": "2006-11-28", "pageCount": 412, "format": "paperback",
         "coverImageURL": "https://covers.openlibrary.org/b/id/1-L.jpg", "editionTitle": "Mass market reissue",
         "openLibraryEditionID": "OL7353617M", "isbndbID": "isbndb-e1", "googleBooksVolumeID": "gb-e1",
         "amazonASINs": ["0060853980"], "googleBooksVolumeIDs": ["gb-e1"], "librarythingIDs": ["LTE-1"],
         "dateCreated": "2024-01-05T10:00:00Z", "lastModified": "2024-01-05T10:00:00Z",
         "lastISBNDBSync": "2024-05-30T00:00:00Z", "isbndbQuality": 90},
        {"id": E2, "workId": W2, "isbn": "978-0-8021-4257-3", "isbns": ["978-0-8021-4257-3"], "pageCount": 152,
         "format": "ebook", "amazonASINs": [], "googleBooksVolumeIDs": [], "librarythingIDs": [],
         "dateCreated": "2024-02-10T12:00:00Z", "lastModified": "2024-02-10T12:00:00Z", "isbndbQuality": 0},
        {"id": E3, "workId": W3, "isbns": [isbn13("978038547454")], "publisher": "Anchor", "pageCount": 209,
         "format": "audiobook", "amazonASINs": [], "googleBooksVolumeIDs": [], "librarythingIDs": [],
         "dateCreated": "2023-03-01T09:00:00Z", "lastModified": "2023-03-01T09:00:00Z", "isbndbQuality": 0},
        {"id": E4, "workId": W4, "isbns": [], "pageCount": 304, "format": "hardcover", "amazonASINs": [],
         "googleBooksVolumeIDs": [], "librarythingIDs": [],
         "dateCreated": "2024-03-03T03:03:03Z", "lastModified": "2024-03-03T03:03:03Z", "isbndbQuality": 0},
        {"id": E5, "workId": W5, "isbns": [isbn13("978044117271")], "pageCount": 612, "format": "massMarket",
         "amazonASINs": [], "googleBooksVolumeIDs": [], "librarythingIDs": [],
         "dateCreated": "2024-04-04T04:04:04Z", "lastModified": "2024-04-04T04:04:04Z", "isbndbQuality": 0},
    ]
    authors = [
        {"id": A1, "name": "Terry Pratchett", "nationality": "British", "gender": "male", "culturalRegion": "europe",
         "birthYear": 1948, "deathYear": 2015, "openLibraryID": "OL25712A", "isbndbID": "isbndb-a1",
         "googleBooksID": "gb-a1", "goodreadsID": "1654",
         "dateCreated": "2024-01-05T10:00:00Z", "lastModified": "2024-01-05T10:00:00Z", "bookCount": 1},
        {"id": A2, "name": "Neil Gaiman", "gender": "male", "culturalRegion": "europe", "birthYear": 1960,
         "dateCreated": "2024-01-05T10:00:00Z", "lastModified": "2024-01-05T10:00:00Z", "bookCount": 1},
        {"id": A3, "name": "Banana Yoshimoto", "nationality": "Japanese", "gender": "female", "culturalRegion": "asia",
         "birthYear": 1964, "dateCreated": "2024-02-10T12:00:00Z", "lastModified": "2024-02-10T12:00:00Z", "bookCount": 1},
        {"id": A4, "name": "Chinua Achebe", "gender": "unknown",
         "dateCreated": "2023-03-01T09:00:00Z", "lastModified": "2023-03-01T09:00:00Z", "bookCount": 0},
    ]
    entries = [
        {"id": N1, "workId": W1, "editionId": E1, "dateAdded": "2024-01-05T10:00:00Z", "readingStatus": "read",
         "currentPage": 412, "readingProgress": 1, "rating": 5, "personalRating": 4.5,
         "notes": "Reread with \"footnotes\" / marginalia.\nSecond line.", "tags": ["favourites", "2024"],
         "dateStarted": "2024-01-06T20:00:00Z", "dateCompleted": "2024-01-20T22:15:00Z",
         "lastModified": "2024-01-20T22:15:00Z"},
        {"id": N2, "workId": W2, "editionId": E2, "dateAdded": "2024-02-10T12:00:00Z", "readingStatus": "reading",
         "currentPage": 64, "readingProgress": 0.42, "tags": [], "dateStarted": "2024-02-11T07:30:00Z",
         "estimatedFinishDate": "2024-03-01T00:00:00Z", "lastModified": "2024-02-20T07:30:00.25Z"},
        {"id": N3, "workId": W3, "editionId": E3, "dateAdded": "2023-03-01T09:00:00Z", "readingStatus": "read",
         "currentPage": 209, "readingProgress": 1, "rating": 3, "tags": ["classics"],
         "dateStarted": "2023-11-01T09:00:00Z", "dateCompleted": "2023-11-20T18:45:00Z",
         "lastModified": "2023-11-20T18:45:00Z"},
        {"id": N4, "workId": W4, "dateAdded": "2024-03-03T03:03:03Z", "readingStatus": "wishlist",
         "currentPage": 0, "readingProgress": 0, "tags": ["sf"], "lastModified": "2024-03-03T03:03:03Z"},
        {"id": N5, "workId": W5, "editionId": E5, "dateAdded": "2024-04-04T04:04:04Z", "readingStatus": "dnf",
         "currentPage": 120, "readingProgress": 0.196, "rating": 2, "personalRating": 1.5, "tags": [],
         "dateStarted": "2024-04-05T04:04:04Z", "lastModified": "2024-04-20T04:04:04Z"},
    ]
    return {"format": "bookstrack-backup", "formatVersion": 1, "exportDate": "2024-06-02T00:00:00Z",
            "works": works, "editions": editions, "authors": authors, "entries": entries}


def dump(doc) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write(rel: str, text: str) -> None:
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def mutated(fn) -> str:
    doc = copy.deepcopy(valid())
    fn(doc)
    return dump(doc)


def entry(doc, wid):
    return next(e for e in doc["entries"] if e["workId"] == wid)


def extra_edition(doc, **kw):
    e = copy.deepcopy(doc["editions"][3])
    e["id"] = uid("C", 99)
    e.update(kw)
    doc["editions"].append(e)


INVALID = {
    "book-title-empty": lambda d: d["works"][3].update(title="  "),
    "book-author-name-empty": lambda d: d["authors"][1].update(name=""),
    "book-work-author-missing": lambda d: d["works"][2]["authorIds"].append(uid("A", 99)),
    "book-edition-work-missing": lambda d: extra_edition(d, workId=uid("B", 99)),
    "book-entry-work-missing": lambda d: d["entries"].append(dict(entry(d, W4), id=uid("D", 99), workId=uid("B", 99))),
    "book-entry-edition-missing": lambda d: entry(d, W5).update(editionId=uid("C", 98)),
    "book-entry-edition-mismatch": lambda d: entry(d, W5).update(editionId=E4),
    "book-entry-duplicate": lambda d: d["entries"].append(dict(entry(d, W4), id=uid("D", 99))),
    "book-wishlist-edition": lambda d: (extra_edition(d), entry(d, W4).update(editionId=uid("C", 99))),
    "book-rating-range": lambda d: entry(d, W3).update(rating=6),
    "book-personal-rating-range": lambda d: entry(d, W1).update(personalRating=5.5),
    "book-progress-range": lambda d: entry(d, W2).update(readingProgress=1.5),
    "book-notes-length": lambda d: entry(d, W3).update(notes="x" * 2001),
    "book-current-page-range": lambda d: entry(d, W2).update(currentPage=153),
    "book-dates-order": lambda d: entry(d, W3).update(dateCompleted="2023-10-31T09:00:00Z"),
    "schema-type": lambda d: d["editions"][2].update(pageCount="209"),
    "schema-required": lambda d: entry(d, W2).pop("dateAdded"),
    "schema-unknown-key": lambda d: d["works"][1].update(colour="yellow"),
    "schema-range": lambda d: d["authors"][3].update(gender="robot"),
    "date-invalid": lambda d: entry(d, W5).update(dateStarted="last spring"),
    "format-unknown-version": lambda d: d.update(formatVersion=2),
    "id-duplicate": lambda d: d["entries"][1].update(id=N1),
}

WARNINGS = {
    # The right ISBN with its check digit off by one.
    "book-isbn-invalid": lambda d: d["editions"][2]["isbns"].append(
        isbn13("978038547454")[:-1] + str((int(isbn13("978038547454")[-1]) + 1) % 10)),
}


def main() -> None:
    write("bookstrack-v1.json", dump(valid()))
    for code, fn in INVALID.items():
        write(f"invalid/{code}.json", mutated(fn))
    for code, fn in WARNINGS.items():
        write(f"warnings/{code}.json", mutated(fn))
    text = dump(valid())
    # JSON-level defects, made on the text.
    write("invalid/json-duplicate-key.json", text.replace('"title": "Kitchen",', '"title": "Kitchen",\n      "title": "Kitchen II",', 1))
    write("invalid/json-syntax.json", text.replace('"bookCount": 0\n    }', '"bookCount": 0,\n    }', 1))


if __name__ == "__main__":
    main()
