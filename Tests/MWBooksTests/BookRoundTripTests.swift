import Foundation
import MWFoundation
import MWTestSupport
import PropertyBased
import Testing
@testable import MWBooks

@Suite("goodreads-csv writer and order independence")
struct BookRoundTripTests {
    @Test("Goodreads export → import → goodreads-csv → import gives the same library")
    func roundTrip() throws {
        for fixture in [BookFixtures.goodreads24, BookFixtures.goodreads31, BookFixtures.goodreads23] {
            let first = BookImport.run([BookFixtures.read(fixture)], options: BookFixtures.options).library
            let csv = try GoodreadsCSVWriter.write(first)
            let back = BookExportReader.read(bytes: csv, name: "out.csv")
            #expect(back.layout == "goodreads-24")
            #expect(back.diagnostics.filter { $0.severity == .error }.isEmpty)
            let second = BookImport.run([back], options: BookFixtures.options).library
            // goodreads-csv holds one row per entry (never a second row per other edition, which
            // an importing service would take for a duplicate book): every entry's user data —
            // its book, edition ISBN, status, rating, dates, notes, tags — comes back the same.
            #expect(Self.entries(second) == Self.entries(first))
            #expect(try GoodreadsCSVWriter.write(second) == csv, "deterministic")
            // From there the round trip is closed: the same library again.
            let third = BookImport.run([BookExportReader.read(bytes: try GoodreadsCSVWriter.write(second), name: "again.csv")], options: BookFixtures.options).library
            #expect(third == second)
        }
    }

    /// Each entry's user data with its book and edition, as goodreads-csv holds it.
    static func entries(_ lib: BookLibrary) -> [String] {
        let works = Dictionary(lib.works.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let isbns = Dictionary(lib.editions.map { ($0.id, $0.isbn ?? "") }, uniquingKeysWith: { a, _ in a })
        return lib.entries.map { e in
            [works[e.workId] ?? "?", e.editionId.flatMap { isbns[$0] } ?? "", e.readingStatus.rawValue, e.rating.map(String.init) ?? "",
             e.dateStarted.map { "\($0)" } ?? "", e.dateCompleted.map { "\($0)" } ?? "", e.notes ?? "", e.tags.joined(separator: ",")]
                .joined(separator: "|")
        }.sorted()
    }

    @Test("the writer's layout: 24 columns, ISBNs as =\"…\", dates YYYY/MM/DD, <br/> line breaks")
    func layout() throws {
        let lib = BookImport.run([BookFixtures.read(BookFixtures.goodreads24)], options: BookFixtures.options).library
        let text = String(decoding: try GoodreadsCSVWriter.write(lib), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == BookFixtures.goodreads24Header)
        #expect(text.contains("\"=\"\"0306406152\"\"\",\"=\"\"9780306406157\"\"\""))
        #expect(text.contains("2023/03/14"))
        #expect(text.contains(",Loved it.<br/><br/>Second paragraph.,,Private thought,"), "the review public, the private notes in Private Notes")
        #expect(text.contains(",wont-finish,") , "a custom did-not-finish shelf stays the exclusive shelf")
        let csv = try CSVFile(bytes: Array(text.utf8), name: "x")
        #expect(csv.table?.rows.allSatisfy { $0.fields.count == 24 } == true)
    }

    @Test("any order of the same rows gives the same records")
    func shuffledRows() async {
        let lines = BookFixtures.goodreads24.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        // Records (the multi-line review is one record across two lines).
        var records: [String] = []
        for l in lines.dropFirst() {
            if let last = records.last, last.filter({ $0 == "\"" }).count % 2 == 1 { records[records.count - 1] += "\n" + l } else { records.append(l) }
        }
        let sg = BookFixtures.read(BookFixtures.storygraph, "sg.csv")
        let reference = BookImport.run([BookFixtures.read(BookFixtures.goodreads24), sg], options: BookFixtures.options).library
        await seededCheck(count: 40, seed: 0x5EED_2901, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var rng = SeededGenerator(seed: seed)
            let shuffled = records.shuffled(using: &rng)
            let text = BookFixtures.goodreads24Header + "\n" + shuffled.joined(separator: "\n") + "\n"
            var sgRows = sg
            sgRows.rows.shuffle(using: &rng)
            var lib = BookImport.run([BookFixtures.read(text), sgRows], options: BookFixtures.options).library
            // The same records; the entries follow the rows' order (the first row of each book).
            #expect(Set(lib.entries) == Set(reference.entries), "seed \(seed)")
            lib.entries = reference.entries
            #expect(lib == reference, "seed \(seed)")
        }
    }

    @Test("the review file opens in a spreadsheet and reads back")
    func reviewFileBytes() throws {
        let r = BookImport.run([BookFixtures.read(BookFixtures.goodreads24)], options: BookFixtures.options)
        let bytes = try BookReviewFile.bytes(r.review)
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix(BookReviewFile.columns.joined(separator: ",") + "\r\n"))
        #expect(text.contains("goodreads_library_export.csv"))
        #expect(try BookOverrides.parse(bytes: bytes, name: "r.csv").decisions.isEmpty, "no decision yet")
    }
}
