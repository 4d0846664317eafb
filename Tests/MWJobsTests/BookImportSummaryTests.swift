import Foundation
import MWBooks
import MWJobs
import Testing

/// `mwkit import --format json` for books carries every diagnostic with its place, as the film
/// summary does (issue 24 §2).
@Suite struct BookImportSummaryTests {
    @Test func theJSONSummaryHoldsTheDiagnostics() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("books-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("goodreads_library_export.csv")
        let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
        try Data((header + "\n1,Heat Lines,Ann Lee,\"Lee, Ann\",,\"=\"\"12345\"\"\",,4,,,,,,,2024/01/02,2024/01/01,,,read,,,,1,0\n").utf8).write(to: file)
        var o = BookImportJob.Options(sources: [file])
        o.dryRun = true
        let outcome = try BookImportJob.run(o)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.json().utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(!outcome.diagnostics.isEmpty && diagnostics.count == outcome.diagnostics.count)
        #expect(diagnostics.contains { $0["code"] as? String == "import-bad-value" && $0["line"] as? Int == 2 && $0["field"] as? String == "ISBN" })
    }
}
