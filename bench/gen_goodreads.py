#!/usr/bin/env python3
"""Writes a synthetic Goodreads library export (24 columns, our own invented data).

    gen_goodreads.py -n 50000 -o bench/data/goodreads-50k.csv [--seed 1] [--offset 0]

Rows have valid ISBN-10/13 pairs (some `=""`), ratings 0-5, read / to-read /
currently-reading / custom shelves, multi-line reviews with <br/>, additional authors and
series suffixes, like real exports. `--offset` shifts the book ids and ISBNs so two files
overlap in part (a library and a later export of it).
"""
import argparse, csv, os, random

HEADER = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Average Rating",
          "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added",
          "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
          "Read Count", "Owned Copies"]
WORDS = "lantern road quiet hours salt iron shore glass meadow paper tides winter orchard harbour lights deep water notes north".split()
FIRST = "Mara Ines Oskar Petra Aino Lena Jonas Rhea Sam Kim Ruth Otto Ann Ed Tomas".split()
LAST = "Quill Varga Lind Dahl Koski Sorell Ek Moss Ortiz Rowe Hale Gray Moor Pike Berg".split()
BINDINGS = ["Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback", "ebook", "Audiobook"]

def isbn10(n):
    body = f"{n:09d}"[-9:]
    s = sum((10 - i) * int(d) for i, d in enumerate(body))
    c = (11 - s % 11) % 11
    return body + ("X" if c == 10 else str(c))

def isbn13(ten):
    body = "978" + ten[:9]
    s = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - s % 10) % 10)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=50000)
    ap.add_argument("-o", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    os.makedirs(os.path.dirname(a.o) or ".", exist_ok=True)
    with open(a.o, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        for i in range(a.offset, a.offset + a.n):
            first, last = rnd.choice(FIRST), rnd.choice(LAST)
            title = " ".join(rnd.choice(WORDS).capitalize() for _ in range(rnd.randint(1, 4))) + f" {i}"
            if rnd.random() < 0.2:
                title += f" ({rnd.choice(WORDS).capitalize()} Saga, #{rnd.randint(1, 9)})"
            ten = isbn10(100000000 + i * 7)
            has_isbn = rnd.random() > 0.12
            shelf = rnd.choices(["read", "to-read", "currently-reading", "wont-finish", "to-read-non-fiction"], [55, 35, 4, 3, 3])[0]
            year = rnd.randint(2010, 2026)
            added = f"{year}/{rnd.randint(1, 12):02d}/{rnd.randint(1, 28):02d}"
            read = f"{min(2026, year + 1)}/{rnd.randint(1, 12):02d}/{rnd.randint(1, 28):02d}" if shelf == "read" and rnd.random() < 0.8 else ""
            rating = rnd.randint(1, 5) if shelf == "read" and rnd.random() < 0.7 else 0
            review = ""
            if rnd.random() < 0.1:
                review = "<br/>".join(" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(5, 40))) for _ in range(rnd.randint(1, 3)))
                if rnd.random() < 0.3:
                    review += "\n" + " ".join(rnd.choice(WORDS) for _ in range(8))
            shelves = [shelf] + (["favourites"] if rnd.random() < 0.1 else [])
            w.writerow([str(1000000 + i), title, f"{first} {last}", f"{last}, {first}",
                        f"{rnd.choice(FIRST)} {rnd.choice(LAST)}" if rnd.random() < 0.1 else "",
                        f'="{ten}"' if has_isbn else '=""', f'="{isbn13(ten)}"' if has_isbn else '=""',
                        str(rating), f"{rnd.uniform(2.5, 4.8):.2f}", rnd.choice(["Harbor", "Vale", "Quay", "North", ""]),
                        rnd.choice(BINDINGS), str(rnd.randint(80, 900)), str(year - rnd.randint(0, 5)), str(year - rnd.randint(0, 40)),
                        read, added, ", ".join(shelves), ", ".join(f"{s} (#{i % 500 + 1})" for s in shelves), shelf, review,
                        "", "", "1" if read else "0", "0"])

if __name__ == "__main__":
    main()
