import Foundation
import MWFoundation
import MWImport
import MWReview
import MWTestSupport
import Testing

/// The review page's file side: which rows wait, and that saving writes decision cells only,
/// in forms `mwkit import --overrides` reads back (MatchOverrides), atomically.
@Suite("Review document")
struct ReviewDocumentTests {
    /// A row of our own making with the import's columns (docs/IMPORT.md "The review file").
    static func row(_ key: String, status: String, title: String, year: String, kind: String, decision: String = "",
                    candidates: [(String, String, String)] = []) -> [String] {
        var f = [decision, status, title, year, kind]
        for i in 0..<5 {
            if i < candidates.count { f += [candidates[i].0, candidates[i].1, candidates[i].2, "80"] } else { f += ["", "", "", ""] }
        }
        return f + ["2 candidates have this title and year", "", "", "", "letterboxd", "diary.csv", "\(key.count + 1)", "1", key]
    }

    static let rows: [[String]] = [
        row("letterboxd:a", status: "review", title: "Heat", year: "1995", kind: "movie",
            candidates: [("movie:949", "Heat", "1995"), ("movie:111", "Heat, \"the other\"", "1986")]),
        row("letterboxd:b", status: "not-found", title: "=Obscure", year: "2001", kind: "film"),
        row("letterboxd:c", status: "matched", title: "Alien", year: "1979", kind: "movie", candidates: [("movie:348", "Alien", "1979")]),
        row("letterboxd:d", status: "decided", title: "Up", year: "2009", kind: "movie", decision: "movie:14160"),
        row("letterboxd:e", status: "lookup-failed", title: "Dune", year: "2021", kind: "movie"),
        row("letterboxd:f", status: "review", title: "Solaris", year: "", kind: "film",
            candidates: [("movie:593", "Solaris", "1972"), ("movie:2103", "Solaris", "2002")]),
    ]

    static func file(_ bytes: [UInt8]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwreview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("review.csv")
        try Data(bytes).write(to: url)
        return url
    }

    @Test("the rows waiting for a decision are the undecided review, not-found and lookup-failed ones")
    func pendingRows() throws {
        let doc = try ReviewDocument(url: try Self.file(try ReviewSheet.bytes(header: ReviewFile.columns, rows: Self.rows)))
        #expect(doc.pending.map(\.key) == ["letterboxd:a", "letterboxd:b", "letterboxd:e", "letterboxd:f"])
        #expect(doc.pending[0].candidates.map(\.reference) == ["movie:949", "movie:111"])
        #expect(doc.pending[0].candidates[1].title == "Heat, \"the other\"")
        #expect(doc.pending[1].title == "=Obscure", "the spreadsheet guard is not part of the title")
    }

    @Test("saving writes the decision cells only, and the import reads them back")
    func saveRoundTrip() throws {
        let original = try ReviewSheet.bytes(header: ReviewFile.columns, rows: Self.rows)
        let url = try Self.file(original)
        var doc = try ReviewDocument(url: url)
        let nothing = try doc.save([:])
        #expect(nothing.written == 0)
        #expect(Array(try Data(contentsOf: url)) == original, "no decision: the file is untouched")
        let saved = try doc.save(["letterboxd:a": "movie:111", "letterboxd:b": "https://www.themoviedb.org/movie/4242-obscure",
                                  "letterboxd:e": "dune?", "letterboxd:f": "ignore", "letterboxd:c": "movie:1"])
        #expect(saved.written == 3)
        #expect(saved.refused.count == 1 && saved.refused[0].title == "Dune")
        let overrides = try MatchOverrides.read(url)
        #expect(overrides["letterboxd:a"] == .match(tmdbId: 111, mediaType: .movie))
        #expect(overrides["letterboxd:b"] == .match(tmdbId: 4242, mediaType: .movie))
        #expect(overrides["letterboxd:f"] == .ignore)
        #expect(overrides["letterboxd:d"] == .match(tmdbId: 14160, mediaType: .movie), "an earlier decision stays")
        #expect(overrides["letterboxd:c"] == nil && overrides["letterboxd:e"] == nil, "a matched row and a refused decision are not written")
        // Every other cell is as it was: the expected file is the original with three cells set.
        var rows = Self.rows
        rows[0][0] = "movie:111"; rows[1][0] = "movie:4242"; rows[5][0] = "ignore"
        #expect(Array(try Data(contentsOf: url)) == (try ReviewSheet.bytes(header: ReviewFile.columns, rows: rows)))
        #expect(doc.pending.map(\.key) == ["letterboxd:e"], "the page shows what is left")
    }

    @Test("an edit made to the file while the page was open is kept, and a row decided meanwhile keeps its decision")
    func editedMeanwhile() throws {
        let url = try Self.file(try ReviewSheet.bytes(header: ReviewFile.columns, rows: Self.rows))
        var doc = try ReviewDocument(url: url)
        var edited = Self.rows
        edited[1][0] = "movie:77"          // decided in a spreadsheet meanwhile
        edited[4][2] = "Dune (edited)"     // another cell changed meanwhile
        try Data(try ReviewSheet.bytes(header: ReviewFile.columns, rows: edited)).write(to: url)
        let saved = try doc.save(["letterboxd:a": "movie:949", "letterboxd:b": "movie:1"])
        #expect(saved.written == 1)
        edited[0][0] = "movie:949"
        #expect(Array(try Data(contentsOf: url)) == (try ReviewSheet.bytes(header: ReviewFile.columns, rows: edited)))
    }

    @Test("a file a spreadsheet saved (rows above the header, semicolons, LF) keeps its shape")
    func spreadsheetShape() throws {
        let text = "exported by a spreadsheet;;\n" + ([ReviewFile.columns] + Self.rows).map { r in
            r.map { $0.contains(";") || $0.contains("\"") ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }.joined(separator: ";")
        }.joined(separator: "\n") + "\n"
        let url = try Self.file(Array(text.utf8))
        var doc = try ReviewDocument(url: url)
        #expect(try doc.save(["letterboxd:a": "949"]).written == 1)
        let after = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(after == text.replacingOccurrences(of: "\n;review;Heat;", with: "\nmovie:949;review;Heat;"))
        #expect(try MatchOverrides.read(url)["letterboxd:a"] == .match(tmdbId: 949, mediaType: .movie))
    }

    @Test("without a status column (deleted in a spreadsheet) every undecided row waits")
    func noStatusColumn() throws {
        let doc = try ReviewDocument(url: try Self.file(Array("title,decision,key\r\nHeat,,k1\r\nUp,movie:14160,k2\r\n".utf8)))
        #expect(doc.pending.map(\.key) == ["k1"])
    }

    @Test("a file without key and decision columns is refused with its name")
    func notAReviewFile() throws {
        let url = try Self.file(Array("a,b\n1,2\n".utf8))
        #expect(throws: MWError.self) { try ReviewDocument(url: url) }
    }

    @Test("requests are answered only when Host and Origin are the server's own")
    func hostAndOrigin() {
        #expect(ReviewGuard.allowed(host: "127.0.0.1:8123", origin: nil, port: 8123))
        #expect(ReviewGuard.allowed(host: "localhost:8123", origin: "http://localhost:8123", port: 8123))
        #expect(!ReviewGuard.allowed(host: "evil.example:8123", origin: nil, port: 8123), "DNS rebinding")
        #expect(!ReviewGuard.allowed(host: "127.0.0.1:8123", origin: "http://evil.example", port: 8123), "another page posting")
        #expect(!ReviewGuard.allowed(host: nil, origin: nil, port: 8123))
        #expect(!ReviewGuard.allowed(host: "127.0.0.1:8124", origin: nil, port: 8123))
    }

    @Test("a form body is read as the browser encodes it")
    func formBody() {
        let f = ReviewGuard.form(Data("k0=letterboxd%3Aa&d0=typed&t0=https%3A%2F%2Fwww.themoviedb.org%2Fmovie%2F603-the+matrix&d0=x".utf8))
        #expect(f["k0"] == "letterboxd:a" && f["d0"] == "typed" && f["t0"] == "https://www.themoviedb.org/movie/603-the matrix")
    }
}
