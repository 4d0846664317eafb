import Foundation
import MWTestSupport
import MWBooks
import MWCore
import MWJobs
import Testing
@testable import MWStore

/// Issue 23 §3: one book merge engine. `import --merge-into A` and `restore A; restore
/// --strategy merge B; archive` (B: the library an import of the same files makes) must give
/// the same library, byte for byte, under every `--on-conflict` policy — here through the
/// library APIs and a real SQLite file, on seeded generated exports that overlap A, disagree
/// with it (ratings, shelves, reads, notes, modification dates on both sides of the import's),
/// and match one of its works on title and author while the ISBNs differ.
/// Seeds: the exports' (1, 2), the edits' (42), the twin row's (7); a book's own facts draw from 7919 × its number.
@Suite("Books: import --merge-into and restore --strategy merge agree", .drawsFromSeeds(1, 2, 7, 42))
struct BookMergeAgreementTests {
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
    static let words = "lantern road quiet hours salt iron shore glass meadow paper tides winter orchard".split(separator: " ").map(String.init)
    static let first = ["Mara", "Ines", "Oskar", "Petra", "Aino", "Lena"], last = ["Quill", "Varga", "Lind", "Dahl", "Koski", "Moss"]
    static let d0 = Date(timeIntervalSince1970: 1_750_000_000), d1 = d0.addingTimeInterval(86_400)

    static func isbn10(_ n: Int) -> String {
        let body = String(String(format: "%09d", n).suffix(9))
        let s = body.enumerated().reduce(0) { $0 + (10 - $1.offset) * Int(String($1.element))! }
        let c = (11 - s % 11) % 11
        return body + (c == 10 ? "X" : String(c))
    }

    static func isbn13(_ ten: String) -> String {
        let body = "978" + ten.prefix(9)
        let s = body.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
        return body + String((10 - s % 10) % 10)
    }

    /// Book `i`'s own facts (title, author, ISBN) depend on `i` alone; what the user did with it
    /// (shelf, rating, dates, review) on the export's `seed`, so two exports disagree about it.
    static func row(_ i: Int, _ rng: inout SeededGenerator, isbnOffset: Int = 0) -> String {
        var own = SeededGenerator(seed: UInt64(i) &* 7919)
        let title = (0..<Int.random(in: 1...3, using: &own)).map { _ in words.randomElement(using: &own)!.capitalized }.joined(separator: " ") + " \(i)"
        let (f, l) = (first.randomElement(using: &own)!, last.randomElement(using: &own)!)
        let hasISBN = i % 7 != 3
        let ten = isbn10(100_000_000 + i * 7 + isbnOffset)
        let shelf = ["read", "read", "to-read", "currently-reading"].randomElement(using: &rng)!
        let rating = shelf == "read" ? Int.random(in: 0...5, using: &rng) : 0
        let year = Int.random(in: 2015...2024, using: &rng)
        let added = String(format: "%d/%02d/%02d", year, Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
        let read = shelf == "read" ? String(format: "%d/%02d/%02d", year + 1, Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)) : ""
        let review = Bool.random(using: &rng) ? "Thoughts \(Int.random(in: 0...3, using: &rng)) on \(i)" : ""
        let binding = hasISBN ? "Paperback" : "Kindle Edition"
        return [String(5000 + i + isbnOffset), "\"\(title)\"", "\(f) \(l)", "\"\(l), \(f)\"", "",
                hasISBN ? "\"=\"\"\(ten)\"\"\"" : "\"=\"\"\"\"\"", hasISBN ? "\"=\"\"\(isbn13(ten))\"\"\"" : "\"=\"\"\"\"\"",
                String(rating), "3.90", "Harbor", binding, "300", "2019", "2018", read, added, shelf, "\(shelf) (#1)", shelf,
                review, "", "", shelf == "read" ? "1" : "0", "0"].joined(separator: ",")
    }

    static func export(seed: UInt64, _ books: some Sequence<Int>, extra: [String] = []) -> String {
        var rng = SeededGenerator(seed: seed)
        return ([header] + books.map { row($0, &rng) } + extra).joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, _ dir: URL, _ name: String) throws -> URL {
        let u = dir.appendingPathComponent(name)
        try text.write(to: u, atomically: true, encoding: .utf8)
        return u
    }

    /// A: the bookstrack sample beside the import of an export of books 0–39, then edited "in
    /// the app": some entries and works modified after the import date of B, some before,
    /// notes and tags added.
    static func libraryA(_ dir: URL) throws -> BookLibrary {
        let src = try write(export(seed: 2, 0..<40), dir, "a_goodreads_library_export.csv")
        var a = BookImport.run(urls: [src], options: BookImportOptions(importDate: d0), services: FormatRegistry.standard.bookReaders).library
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/books/bookstrack-v1.json")
        a = BookMerge.merge(try #require(try BookstrackReader.read(url: sample).library), into: a).library
        var rng = SeededGenerator(seed: 42)
        for i in a.entries.indices where Int.random(in: 0..<3, using: &rng) == 0 {
            a.entries[i].lastModified = d0.addingTimeInterval(Double(Int.random(in: -3...3, using: &rng)) * 86_400 + 3_600)
            if Bool.random(using: &rng) { a.entries[i].notes = "Edited on the phone." }
            a.entries[i].tags.append("phone")
        }
        for i in a.works.indices where Int.random(in: 0..<4, using: &rng) == 0 {
            a.works[i].lastModified = d1.addingTimeInterval(3_600)
            a.works[i].subjectTags.append("fav")
        }
        #expect(BookValidator.validate(a).allSatisfy { $0.severity != .error })
        return a
    }

    @Test("import --merge-into A = restore A, restore --strategy merge B, archive — under every policy", arguments: ConflictPolicy.allCases)
    func mergesAgree(_ policy: ConflictPolicy) throws {
        let dir = Fixtures.scratch("agree-\(policy.rawValue)")
        let a = try Self.libraryA(dir)
        // Books 20–59 (half in A), plus book 5 again under another ISBN and without a Book Id: a
        // title + author match whose ISBNs differ (title matching is for rows without an id:
        // another Book Id would be another book).
        var rng = SeededGenerator(seed: 7)
        let twin = "," + Self.row(5, &rng, isbnOffset: 900_000).drop { $0 != "," }.dropFirst()
        let src = try Self.write(Self.export(seed: 1, 20..<60, extra: [twin]), dir, "goodreads_library_export.csv")
        let options = BookImportOptions(onConflict: policy, importDate: Self.d1)

        let imported = BookImport.run(urls: [src], into: a, options: options, services: FormatRegistry.standard.bookReaders)
        let b = BookImport.run(urls: [src], options: options, services: FormatRegistry.standard.bookReaders).library
        let store = try LibraryStore.open(at: dir.appendingPathComponent("library.sqlite"))
        defer { try? store.close() }
        try store.restoreBooks(a, options: RestoreOptions(strategy: .merge, onConflict: policy, snapshot: false, now: Self.d1))
        let report = try store.restoreBooks(b, options: RestoreOptions(strategy: .merge, onConflict: policy, snapshot: false, now: Self.d1))
        var restored = try store.loadBookLibrary()
        restored.exportDate = imported.library.exportDate

        #expect(BookstrackWriter.encode(imported.library) == BookstrackWriter.encode(restored))
        #expect(imported.library == restored)
        // Not vacuous: the merge added works, matched others, and took the title match to review.
        #expect(restored.works.count > a.works.count && restored.works.count < a.works.count + b.works.count)
        #expect(report.tally(.work).insert > 0 && report.tally(.entry).update + report.tally(.entry).skip > 0)
        #expect(restored.works.contains { $0.reviewStatus == .pending })
        #expect(imported.waiting.count == 1)
        // Notes are never dropped, by either path.
        for e in a.entries + b.entries {
            guard let n = e.notes else { continue }
            #expect(restored.entries.contains { $0.notes?.contains(n) == true }, "lost: \(n)")
        }
        // The policy decided: keep leaves A's ratings, theirs takes B's (where B has one).
        let aRated = Dictionary(a.entries.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
        var checked = 0
        for e in restored.entries {
            guard let old = aRated[e.id], let work = restored.works.first(where: { $0.id == e.workId }),
                  let bw = b.works.first(where: { !Set($0.goodreadsWorkIDs).isDisjoint(with: work.goodreadsWorkIDs) }),
                  let be = b.entries.first(where: { $0.workId == bw.id }), be.rating != nil, old.rating != nil else { continue }
            switch policy {
            case .keep: #expect(e.rating == old.rating)
            case .theirs: #expect(e.rating == be.rating)
            case .newer, .union: #expect(e.rating == (old.lastModified >= Self.d1 ? old.rating : be.rating))
            }
            checked += 1
        }
        #expect(checked > 0, "some books are rated on both sides")
    }
}
