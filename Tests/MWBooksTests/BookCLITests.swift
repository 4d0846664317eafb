import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// `mwkit validate` on books backups through the built binary: detection by content and the
/// four reporters.
@Suite("Books CLI")
struct BookCLITests {
    @Test("a valid books backup validates (exit 0) and reports its counts")
    func validBackup() throws {
        let r = try BookStoreFixtures.run(["validate", BookStoreFixtures.validSample.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lib = try #require(try BookstrackReader.read(url: BookStoreFixtures.validSample).library)
        #expect(r.stdout.contains("valid (bookstrack-v1)"))
        #expect(r.stdout.contains("\(lib.works.count) works, \(lib.editions.count) editions, \(lib.authors.count) authors, \(lib.entries.count) entries"))
    }

    @Test("an invalid one exits 1 with its code, pointer and line:column in every reporter")
    func invalidBackupInEveryReporter() throws {
        let url = BookStoreFixtures.samples.appendingPathComponent("invalid/book-dates-order.json")
        let expected = try #require(try BookstrackReader.read(url: url).diagnostics.first)
        let line = try #require(expected.line), col = try #require(expected.column)
        let text = try BookStoreFixtures.run(["validate", url.path])
        #expect(text.status == 1)
        #expect(text.stdout.contains("\(url.path):\(line):\(col): error: [book-dates-order] \(expected.pointer)"))
        let json = try BookStoreFixtures.run(["validate", "--format", "json", url.path])
        #expect(json.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        let diag = try #require((files.first?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diag["code"] as? String == "book-dates-order" && diag["pointer"] as? String == expected.pointer)
        #expect(diag["line"] as? Int == line && diag["column"] as? Int == col)
        #expect(files.first?["format"] as? String == "bookstrack-v1")
        let github = try BookStoreFixtures.run(["validate", "--format", "github", url.path])
        #expect(github.status == 1 && github.stdout.contains("::error file=\(url.path),line=\(line),col=\(col)"))
        let junit = try BookStoreFixtures.run(["validate", "--format", "junit", url.path])
        #expect(junit.status == 1 && junit.stdout.contains("type=\"book-dates-order\""))
    }

    @Test("warnings pass unless --strict")
    func strict() throws {
        let url = BookStoreFixtures.samples.appendingPathComponent("warnings/book-isbn-invalid.json")
        #expect(try BookStoreFixtures.run(["validate", url.path]).status == 0)
        #expect(try BookStoreFixtures.run(["validate", "--strict", url.path]).status == 1)
    }

    @Test("a film command refuses a books backup with a usage error, writing nothing")
    func filmCommandRefusesBooks() throws {
        let dir = try BookStoreFixtures.tempDir()
        let out = dir.appendingPathComponent("out.json")
        let r = try BookStoreFixtures.run(["convert", BookStoreFixtures.validSample.path, "--to", "mediawatch-v2", "-o", out.path])
        #expect(r.status == 2 && r.stderr.contains("bookstrack-v1"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
