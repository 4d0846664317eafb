import Foundation
import MWBooks
import MWCore
import MWJobs
import MWStore
import Testing

/// `mwkit import BOOKS --db`: a book export goes into the database's book tables as
/// `restore --strategy merge` of the written backup would, and a database of books only
/// archives as books (issue 29 §3: "archive --db lib.sqlite --to goodreads works for a
/// database that holds books").
@Suite struct BookImportDatabaseTests {
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
    static let rows = [
        "11,Heat Lines,Ann Lee,\"Lee, Ann\",,,,4,,,,212,2019,2019,2024/01/02,2024/01/01,,,read,Warm.,,,1,0",
        "12,Cold Rooms,Bo Park,\"Park, Bo\",,,,0,,,,,2021,2021,,2024/02/01,to-read,to-read (#1),to-read,,,,0,0",
    ]

    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("books-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anImportWithADatabaseMergesIntoTheBookTablesOnce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("goodreads_library_export.csv")
        try Data(([Self.header] + Self.rows).joined(separator: "\n").utf8).write(to: file)
        let db = dir.appendingPathComponent("lib.sqlite")
        var o = BookImportJob.Options(sources: [file])
        o.database = db
        let first = try BookImportJob.run(o)
        #expect(first.exitCode == 0, "\(first.problems)")
        let merged = try #require(first.merged)
        #expect(merged.tally(.work).insert == 2 && merged.tally(.entry).insert == 2)
        #expect(first.text().contains("merged into \(db.relativePath): "))
        let store = try LibraryStore.open(at: db, mode: .mustExist)
        let held = try store.loadBookLibrary()
        try store.close()
        #expect(held.works.map(\.title).sorted() == first.result.library.works.map(\.title).sorted())
        let heldRatings: [Int] = held.entries.map { $0.rating ?? -1 }.sorted()
        let importedRatings: [Int] = first.result.library.entries.map { $0.rating ?? -1 }.sorted()
        #expect(heldRatings == importedRatings)
        // The same export again changes nothing (the import's ids are stable).
        let again = try #require(try BookImportJob.run(o).merged)
        #expect(again.changes == 0, "\(again.summaryTable())")
        // A database that holds only books archives its books without --books.
        let out = dir.appendingPathComponent("out.json")
        var a = ArchiveJob.Options(database: db)
        a.output = out
        let done = try ArchiveJob.run(a, outputName: "out.json")
        #expect(done.summary.contains("2 works") && done.summary.contains("bookstrack-v2"), "\(done.summary)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(doc["format"] as? String == "bookstrack-backup")
        // --to goodreads writes the same books as a Goodreads CSV.
        a.output = dir.appendingPathComponent("out.csv")
        a.format = .goodreads
        _ = try ArchiveJob.run(a, outputName: "out.csv")
        let csv = try String(contentsOf: dir.appendingPathComponent("out.csv"), encoding: .utf8)
        #expect(csv.contains("Heat Lines") && csv.contains("Cold Rooms"))
    }

    @Test func aDryRunLeavesTheDatabaseAlone() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("goodreads_library_export.csv")
        try Data(([Self.header] + Self.rows).joined(separator: "\n").utf8).write(to: file)
        var o = BookImportJob.Options(sources: [file])
        o.database = dir.appendingPathComponent("lib.sqlite")
        o.dryRun = true
        let outcome = try BookImportJob.run(o)
        #expect(outcome.merged == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("lib.sqlite").path))
    }
}
