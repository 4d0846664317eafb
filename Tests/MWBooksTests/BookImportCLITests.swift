import Foundation
import Testing
@testable import MWBooks

/// `mwkit import` with book exports, `convert --to goodreads-csv`, through the built binary.
@Suite("mwkit import (books, CLI)")
struct BookImportCLITests {
    let env = ["SOURCE_DATE_EPOCH": "1750000000"]

    func lib(_ url: URL) throws -> BookLibrary {
        let r = BookstrackReader.read(data: Array(try Data(contentsOf: url)))
        return try #require(r.library)
    }

    @Test("a Goodreads export imports (detected by header) into a valid bookstrack backup, the same bytes twice")
    func importsAndIsDeterministic() throws {
        let dir = try BookStoreFixtures.tempDir()
        let src = dir.appendingPathComponent("my-export.txt")  // the name says nothing: the header decides
        try BookFixtures.goodreads24.write(to: src, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("books.json")
        // The fixture holds a malformed row (no title) and an uncertain merge on purpose: exit 1,
        // every good row still written, both named in the summary.
        let r = try BookStoreFixtures.run(["import", src.path, "-o", out.path, "--format", "json", "--review", dir.appendingPathComponent("r.csv").path], env: env)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("no title") && FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.csv").path))
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let imported = try lib(out)
        #expect(summary?["works"] as? Int == imported.works.count && !imported.works.isEmpty)
        #expect(try BookStoreFixtures.run(["validate", out.path]).status == 0)
        let first = try Data(contentsOf: out)
        #expect(try BookStoreFixtures.run(["import", src.path, "-o", out.path], env: env).status == 1)
        #expect(try Data(contentsOf: out) == first)
    }

    @Test("goodreads-csv out and back in gives the same works and entries; --merge-into an existing library adds nothing")
    func roundTripThroughGoodreadsCSV() throws {
        let dir = try BookStoreFixtures.tempDir()
        let src = dir.appendingPathComponent("goodreads_library_export.csv")
        try BookFixtures.goodreads24.write(to: src, atomically: true, encoding: .utf8)
        let a = dir.appendingPathComponent("a.json"), csv = dir.appendingPathComponent("out.csv"), b = dir.appendingPathComponent("b.json")
        let review = dir.appendingPathComponent("r.csv").path
        #expect(try BookStoreFixtures.run(["import", src.path, "-o", a.path, "--review", review], env: env).status == 1)  // the malformed row
        let conv = try BookStoreFixtures.run(["convert", a.path, "--to", "goodreads-csv", "-o", csv.path], env: env)
        #expect(conv.status == 0, "\(conv.stderr)")
        #expect(try String(contentsOf: csv, encoding: .utf8).hasPrefix(BookFixtures.goodreads24Header))
        let back = try BookStoreFixtures.run(["import", csv.path, "-o", b.path, "--review", review], env: env)
        #expect(back.status == 0, "\(back.stdout)")
        let la = try lib(a), lb = try lib(b)
        #expect(la.works.map(\.title).sorted() == lb.works.map(\.title).sorted())
        #expect(la.entries.map(\.readingStatus.rawValue).sorted() == lb.entries.map(\.readingStatus.rawValue).sorted())
        let merged = dir.appendingPathComponent("m.json")
        let m = try BookStoreFixtures.run(["import", src.path, "-o", merged.path, "--merge-into", a.path, "--review", review], env: env)
        #expect(m.status == 1, "\(m.stderr)")  // the same malformed row
        var lm = try lib(merged)
        #expect(lm.exportDate == Date(timeIntervalSince1970: 1_750_000_000), "dated by SOURCE_DATE_EPOCH, as archive dates a backup")
        lm.exportDate = la.exportDate
        #expect(lm == la)
    }

    @Test("usage: a film format for books, a missing source (books with --db: BookDatabaseCLITests)")
    func usageErrors() throws {
        let dir = try BookStoreFixtures.tempDir()
        let src = dir.appendingPathComponent("g.csv")
        try BookFixtures.goodreads24.write(to: src, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("x.json")
        #expect(try BookStoreFixtures.run(["import", src.path, "-o", out.path, "--to", "mediawatch-v1"]).status == 2)
        #expect(try BookStoreFixtures.run(["import", dir.appendingPathComponent("none.csv").path, "-o", out.path, "--from", "goodreads"]).status == 2)
        // A missing source with --merge-into is a missing file, not "--merge-into is for book exports".
        let missing = try BookStoreFixtures.run(["import", dir.appendingPathComponent("none.csv").path, "--merge-into", BookStoreFixtures.validSample.path, "-o", out.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none.csv: no such file or folder"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a folder holding an export and a README imports the export (the README a warning); book and film exports together are refused")
    func foldersAndMixedSources() throws {
        let dir = try BookStoreFixtures.tempDir()
        let folder = dir.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let line = BookFixtures.goodreads24.split(separator: "\n")[2]
        try (BookFixtures.goodreads24Header + "\n" + line + "\n").write(to: folder.appendingPathComponent("goodreads_library_export.csv"), atomically: true, encoding: .utf8)
        try "# my books\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("books.json")
        let r = try BookStoreFixtures.run(["import", folder.path, "-o", out.path], env: env)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("import-unrecognized-file"))
        #expect(try lib(out).works.count == 1)
        // Named on the command line, a file that is no export is a problem (exit 1), the export still imported.
        let named = try BookStoreFixtures.run(["import", folder.appendingPathComponent("goodreads_library_export.csv").path,
                                               folder.appendingPathComponent("README.md").path, "-o", out.path], env: env)
        #expect(named.status == 1)
        #expect(named.stdout.contains("README.md: not a Goodreads, StoryGraph, LibraryThing, Hardcover, BookWyrm, Open Library or Calibre export"))
        try "Date,Name,Year,Letterboxd URI\n2020-01-01,Heat,1995,https://boxd.it/x\n".write(to: folder.appendingPathComponent("watched.csv"), atomically: true, encoding: .utf8)
        let mixed = dir.appendingPathComponent("mixed.json")
        let m = try BookStoreFixtures.run(["import", folder.path, "-o", mixed.path], env: env)
        #expect(m.status == 2)
        #expect(m.stderr.contains("mix book exports"))
        #expect(!FileManager.default.fileExists(atPath: mixed.path))
    }
}
