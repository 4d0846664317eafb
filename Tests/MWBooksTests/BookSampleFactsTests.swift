import Foundation
import MWFoundation
import MWTestSupport
import Testing
@testable import MWBooks

/// Issue 24 §3 for books: for sampled rows of every real book export in
/// `../shared/samples/third-party` (read in place), the imported entry holds what the row says —
/// its identity (title, author, ISBN), rating, status, read dates and tags — with the
/// expectation computed from the row as CSV.swift reads it, not from mwkit's reader. Notes,
/// private notes, contributors and read counts are left to their own tests (they are being
/// reshaped by issue 24 §2). Skipped when the samples are absent.
@Suite("Book samples: facts per row")
struct BookSampleFactsTests {
    /// How a service's columns say what the test checks.
    struct Columns: Sendable {
        var title: String
        /// The authors column and how it lists names (nil: the primary author's surname only).
        var authors: String
        var authorsAreLastFirst = false
        var isbns: [String]
        var rating: String?
        /// The status a row's value names, per the service's documented vocabulary; nil: not
        /// checked (a custom shelf, or no status in the format).
        var status: (@Sendable (SampleFiles.Table.Row) -> Set<ReadingStatus>?)?
        var dateRead: String?
        var dateStarted: String?
        /// Tags the row gives, each of which the entry must hold.
        var tags: (@Sendable (SampleFiles.Table.Row) -> [String])?
    }

    static func split(_ s: String?, _ sep: String = ",") -> [String] {
        (s ?? "").components(separatedBy: sep).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// To-read in the source is `toRead`, or `wishlist` when no edition is known (seeds/001).
    static let toRead: Set<ReadingStatus> = [.toRead, .wishlist]

    static let goodreads = Columns(
        title: "Title", authors: "Author", isbns: ["ISBN13", "ISBN"], rating: "My Rating",
        status: { r in
            switch r["Exclusive Shelf"] {
            case "read": [.read]
            case "currently-reading": [.reading]
            case "to-read": BookSampleFactsTests.toRead
            default: nil  // a custom exclusive shelf: its meaning is the reader's rule, tested on fixtures
            }
        },
        dateRead: "Date Read",
        tags: { r in BookSampleFactsTests.split(r["Bookshelves"]).filter { !["read", "currently-reading", "to-read", r["Exclusive Shelf"] ?? ""].contains($0) } })

    static let storygraph = Columns(
        title: "Title", authors: "Authors", isbns: ["ISBN/UID"], rating: "Star Rating",
        status: { r in
            switch r["Read Status"] {
            case "read": [.read]
            case "currently-reading": [.reading]
            case "to-read": BookSampleFactsTests.toRead
            case "did-not-finish": [.dnf]
            case "paused": [.onHold]
            default: nil
            }
        },
        dateRead: "Last Date Read", tags: { BookSampleFactsTests.split($0["Tags"]) })

    static let librarything = Columns(
        title: "Title", authors: "Primary Author", authorsAreLastFirst: true, isbns: ["ISBN", "ISBNs"], rating: "Rating",
        status: { r in
            let c = BookSampleFactsTests.split(r["Collections"]).map { $0.lowercased() }
            if c.contains("currently reading") { return [.reading] }
            if c.contains("read but unowned") { return [.read] }
            if c.contains("to read") { return BookSampleFactsTests.toRead }
            if c.contains("wishlist") { return [.wishlist] }
            // No collection names a status: a rating, a date read or a review says it was read
            // (issue 24 §2, docs/BOOKS.md).
            if Double(r["Rating"] ?? "").map({ $0 > 0 }) == true || r["Date Read"] != nil || r["Review"] != nil { return [.read] }
            return nil
        },
        dateRead: "Date Read", dateStarted: "Date Started", tags: { BookSampleFactsTests.split($0["Tags"]) })

    static let bookwyrm = Columns(
        title: "title", authors: "author_text", isbns: ["isbn_13", "isbn_10"], rating: "rating",
        status: { r in
            switch r["shelf"] {
            case "read": [.read]
            case "reading": [.reading]
            case "to-read": BookSampleFactsTests.toRead
            case "stopped-reading": [.dnf]
            default: nil
            }
        },
        dateRead: "finish_date", dateStarted: "start_date",
        tags: { r in ["read", "reading", "to-read", "stopped-reading"].contains(r["shelf"] ?? "") ? [] : [r["shelf_name"] ?? r["shelf"]].compactMap { $0 } })

    static let calibre = Columns(title: "title", authors: "authors", isbns: ["isbn"], rating: "rating", tags: { BookSampleFactsTests.split($0["tags"]) })

    /// Digits (and a final X) of every ISBN a row gives: `="0306406152"`, `[a, b]`, plain.
    static func isbns(_ row: SampleFiles.Table.Row, _ columns: [String]) -> Set<String> {
        var out = Set<String>()
        for c in columns {
            for part in split(row[c]?.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")) {
                let d = part.uppercased().filter { $0.isNumber || $0 == "X" }
                if d.count == 10 || d.count == 13 { out.insert(d) }
            }
        }
        return out
    }

    static func folded(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// Checks `count` sampled rows of `url`; returns how many rows had every fact checked.
    @discardableResult
    static func check(_ url: URL, _ c: Columns, count: Int = 40) throws -> Int {
        let rel = SampleFiles.relative(url)
        let table = try SampleFiles.table(url, headerContains: c.title)
        let seed = SampleFiles.seed(for: url)
        var rng = SeededGenerator(seed: seed)
        let r = BookImport.run(urls: [url], options: BookFixtures.options)
        let lib = r.library
        #expect(!table.rows.isEmpty && !lib.entries.isEmpty, "\(rel)")
        // Rows that name the same book fold into one entry (settled by the merge rules, tested
        // elsewhere): facts are checked on rows whose book no other row names.
        var isbnCount: [String: Int] = [:], titleCount: [String: Int] = [:]
        for row in table.rows {
            for i in isbns(row, c.isbns) { isbnCount[i, default: 0] += 1 }
            titleCount[folded(row[c.title] ?? ""), default: 0] += 1
        }
        var checked = 0
        for row in SampleFiles.sample(table.rows, count, using: &rng) {
            let at = "\(rel) record \(row.number) (seed \(seed))"
            guard let title = row[c.title] else { continue }
            let ids = isbns(row, c.isbns)
            let byISBN = Set(lib.editions.filter { e in ids.contains(e.isbn ?? "") || !ids.isDisjoint(with: e.isbns) }.map(\.workId))
            let byTitle = Set(lib.works.filter { w in
                let t = folded(title), wt = folded(w.title)
                return !wt.isEmpty && (t == wt || t.hasPrefix(wt))
            }.map(\.id))
            // A Goodreads Book Id is an identity: two rows of one title with two ids are two books.
            let byId = row["Book Id"].map { id in Set(lib.works.filter { $0.goodreadsWorkIDs.contains(id) }.map(\.id)) } ?? []
            let workIds = !byId.isEmpty ? byId : byISBN.isEmpty ? byTitle : byISBN
            guard workIds.count == 1, let workId = workIds.first, let work = lib.works.first(where: { $0.id == workId }),
                  let entry = lib.entries.first(where: { $0.workId == workId })
            else {
                Issue.record("\(at): \"\(title)\" is not one book of the library (\(workIds.count) found)")
                continue
            }
            // Identity: the title (a series suffix aside), an author, and the ISBN on the entry's edition.
            #expect(folded(title).hasPrefix(folded(work.title)), "\(at): title \(title) → \(work.title)")
            let names = lib.authorNames(work)
            if let a = row[c.authors] {
                // A role in parentheses (`Name (Translator)`) is not part of the name.
                let wanted: [String] = c.authorsAreLastFirst ? [String(a.prefix { $0 != "," })]
                    : split(a).map { name in String(name.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }
                for w in wanted where !w.isEmpty {
                    #expect(names.contains { folded($0).contains(folded(w)) }, "\(at): author \(w) → \(names)")
                }
            }
            if !ids.isEmpty, let edition = lib.editions.first(where: { $0.id == entry.editionId }) {
                #expect(ids.contains(edition.isbn ?? "") || !ids.isDisjoint(with: edition.isbns), "\(at): ISBN \(ids.sorted()) → \(edition.isbns)")
            }
            let alone = (ids.isEmpty || ids.allSatisfy { isbnCount[$0] == 1 }) && titleCount[folded(title)] == 1
            guard alone else { continue }
            // The rating, on the service's five-star scale (0 or empty: unrated).
            if let col = c.rating {
                let given = Double(row[col] ?? "").flatMap { $0 > 0 ? $0 : nil }
                let got = entry.personalRating ?? entry.rating.map(Double.init)
                #expect(got == given, "\(at): rating \(row[col] ?? "none") → \(got.map { "\($0)" } ?? "none")")
                if let given, let whole = entry.rating { #expect(abs(Double(whole) - given) < 1, "\(at): stars \(whole) for \(given)") }
            }
            if let status = c.status?(row) {
                #expect(status.contains(entry.readingStatus), "\(at): status → \(entry.readingStatus), wanted \(status)")
            }
            if let col = c.dateRead {
                let want = SampleFiles.day(row[col])
                #expect(entry.dateCompleted.map(SampleFiles.utcDay) == want, "\(at): \(col) \(row[col] ?? "none") → \(entry.dateCompleted.map(SampleFiles.utcDay) ?? "none")")
            }
            if let col = c.dateStarted, let want = SampleFiles.day(row[col]) {
                #expect(entry.dateStarted.map(SampleFiles.utcDay) == want, "\(at): \(col) \(want) → \(entry.dateStarted.map(SampleFiles.utcDay) ?? "none")")
            }
            if let tags = c.tags?(row) {
                let missing = tags.filter { t in !entry.tags.contains(t) && !work.subjectTags.contains(t) }
                #expect(missing.isEmpty, "\(at): tags \(missing) not kept (entry has \(entry.tags))")
            }
            checked += 1
        }
        print("book samples: \(rel): \(checked) of \(table.rows.count) rows checked fact by fact (seed \(seed))")
        return checked
    }

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func goodreads() throws {
        let files = SampleFiles.files("goodreads", suffix: ".csv")
        #expect(!files.isEmpty)
        for f in files { #expect(try Self.check(f, Self.goodreads) > 0, "\(f.path)") }
    }

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func storygraph() throws {
        for f in SampleFiles.files("storygraph", suffix: ".csv") { #expect(try Self.check(f, Self.storygraph) > 0) }
    }

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func librarything() throws {
        for f in SampleFiles.files("librarything", suffix: ".csv") { #expect(try Self.check(f, Self.librarything) > 0) }
    }

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func bookwyrm() throws {
        for f in SampleFiles.files("bookwyrm", suffix: ".csv") { #expect(try Self.check(f, Self.bookwyrm) > 0) }
    }

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func calibre() throws {
        for f in SampleFiles.files("calibre", suffix: ".csv") { #expect(try Self.check(f, Self.calibre) > 0) }
    }

    /// Open Library's reading log: the entry of each row is the work with that id, on the shelf
    /// the row names. The log before 2022 names books by id alone, no title: such a row cannot
    /// become a book offline and must be reported at its line with its id, never dropped silently.
    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func openlibrary() throws {
        for url in SampleFiles.files("openlibrary", suffix: ".csv") {
            let table = try SampleFiles.table(url, headerContains: "Bookshelf")
            let read = BookExportReader.read(url)
            let lib = BookImport.run([read], options: BookFixtures.options).library
            #expect(!table.rows.isEmpty)
            for row in table.rows {
                let at = "\(SampleFiles.relative(url)) record \(row.number)"
                let wid = row["Work Id"] ?? row["Work ID"]
                let work = lib.works.first { $0.openLibraryWorkID == wid }
                let entry = lib.entries.first { $0.workId == work?.id }
                if row["Title"] == nil {
                    let reported = read.malformed.contains { $0.position.hasSuffix(":\(row.line)") && $0.reason.contains(wid ?? "?") }
                    #expect(entry != nil || reported, "\(at): work \(wid ?? "?") neither imported nor reported at line \(row.line)")
                    continue
                }
                #expect(entry != nil, "\(at): work \(wid ?? "?") imported")
                let want: Set<ReadingStatus>? = switch row["Bookshelf"] {
                case "Already Read": [.read]
                case "Currently Reading": [.reading]
                case "Want to Read": Self.toRead
                default: nil
                }
                if let want, let entry { #expect(want.contains(entry.readingStatus), "\(at): \(row["Bookshelf"] ?? "") → \(entry.readingStatus)") }
                if let ed = row["Edition Id"] ?? row["Edition ID"], let entry {
                    let edition = lib.editions.first { $0.id == entry.editionId }
                    #expect(edition?.openLibraryEditionID == ed, "\(at): edition \(ed)")
                }
            }
        }
    }
}
