import Foundation
import MWTestSupport
import Testing

/// `mwkit report` through the built binary: what it reads, what it refuses and with which
/// exit code (docs/REPORT.md).
@Suite("Report CLI")
struct ReportCLITests {
    static let samples = MWKitBinary.root.appendingPathComponent("Samples")
    static func sample(_ p: String) -> String { samples.appendingPathComponent(p).path }

    @Test("films and books together make one page with both sections, the same bytes twice with SOURCE_DATE_EPOCH")
    func filmsAndBooks() throws {
        let args = ["report", Self.sample("mediawatch-v4.json"), Self.sample("books/bookstrack-v2.json"), "-o", "-"]
        let a = try MWKitBinary.run(args, env: ["SOURCE_DATE_EPOCH": "1700000000"])
        let b = try MWKitBinary.run(args, env: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout.contains("<h2 id=\"films\">") && a.stdout.contains("<h2 id=\"books\">"))
        #expect(a.stdout.contains("Made by mwkit on 2023-11-14 from mediawatch-v4.json, bookstrack-v2.json."))
        #expect(a.stdout == b.stdout)
    }

    @Test("an invalid backup is refused with its diagnostics (exit 1), nothing written")
    func invalidInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwreport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent("r.html").path
        let r = try MWKitBinary.run(["report", Self.sample("invalid/date-invalid.json"), "-o", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("date-invalid.json") && r.stderr.contains("error"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("usage errors exit 2: two film libraries, a year out of range, files with --db")
    func usageErrors() throws {
        let two = try MWKitBinary.run(["report", Self.sample("mediawatch-v2.json"), Self.sample("mediawatch-v4.json"), "-o", "-"])
        #expect(two.status == 2 && two.stderr.contains("a second film library"), "\(two.stderr)")
        let year = try MWKitBinary.run(["report", Self.sample("mediawatch-v4.json"), "--year", "0", "-o", "-"])
        #expect(year.status == 2 && year.stderr.contains("--year"), "\(year.stderr)")
        let both = try MWKitBinary.run(["report", Self.sample("mediawatch-v4.json"), "--db", "/nonexistent.sqlite", "-o", "-"])
        #expect(both.status == 2, "\(both.stderr)")
        let missing = try MWKitBinary.run(["report", "/nonexistent/backup.json", "-o", "-"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/backup.json"), "\(missing.stderr)")
    }
}
