import Foundation
import MWBooks
import MWCore
import MWStore
import Testing
@testable import MWJobs

/// Issue 29 §3: `archive` writes either family's tables through the one library writer, so a
/// database holding books archives to any books format (`--to goodreads`), and `check` is a job.
@Suite struct StoreJobsTests {
    /// A database holding the books of the conversion matrix's Goodreads fixture.
    static func bookDatabase(_ dir: URL) throws -> (URL, BookLibrary) {
        let fixture = try #require(BookConversionMatrixTests.fixtures["goodreads"])
        let export = dir.appendingPathComponent(fixture.file)
        try Data(fixture.text.utf8).write(to: export)
        let library = BookImport.run(urls: [export], options: BookImportOptions(importDate: Date(timeIntervalSince1970: 1_749_945_600)),
                                     services: FormatRegistry.standard.bookReaders).library
        let db = dir.appendingPathComponent("lib.sqlite")
        let store = try LibraryStore.open(at: db)
        try store.restoreBooks(library, options: RestoreOptions(strategy: .replace, snapshot: false))
        try store.close()
        return (db, library)
    }

    @Test func aDatabaseHoldingBooksArchivesToGoodreads() throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, library) = try Self.bookDatabase(dir)
        var o = ArchiveJob.Options(database: db)
        o.format = .goodreads
        o.output = dir.appendingPathComponent("out.csv")
        #expect(o.family == .books && o.usageProblem == nil)
        let done = try ArchiveJob.run(o, outputName: "out.csv")
        #expect(done.summary.hasPrefix("archived \(counted(library.works.count, "work"))") && done.summary.hasSuffix("(goodreads)"))
        // Read back as Goodreads: the same works.
        let back = BookExportReader.read(o.output!, services: FormatRegistry.standard.bookReaders)
        #expect(back.source == .goodreads)
        #expect(Set(back.rows.map(\.title)) == Set(library.works.map(\.title)), "\(back.rows.map(\.title))")
    }

    @Test func archiveRefusesWhatDoesNotFitTheFamily() {
        var o = ArchiveJob.Options(database: URL(fileURLWithPath: "/nonexistent.sqlite"))
        o.books = true
        o.format = .mediawatchV2
        #expect(o.usageProblem != nil)
        o.format = nil
        o.selection.list = "Watched"
        #expect(o.usageProblem != nil)
        o.books = false
        #expect(o.usageProblem == nil && o.chosenFormat.name == .mediawatchV2)
    }

    @Test func checkReportsTheBookTables() throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try Self.bookDatabase(dir)
        let report = try CheckJob.run(db, strict: false)
        #expect(report.valid)
        #expect(throws: (any Error).self) { try CheckJob.run(dir.appendingPathComponent("none.sqlite"), strict: false) }
    }
}
