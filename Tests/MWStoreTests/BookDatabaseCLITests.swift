import Foundation
import MWTestSupport
import Testing

/// A book export into the library database and out again through the built binary: `import
/// --db`, then `archive` (no `--books`: the database holds only books) and `archive --to
/// goodreads` (issue 29 §3).
@Suite struct BookDatabaseCLITests {
    @Test func aBookExportGoesIntoTheDatabaseAndBackOut() throws {
        let dir = Fixtures.scratch()
        let csv = dir.appendingPathComponent("goodreads_library_export.csv")
        let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
        try Data((header + "\n21,Salt Roads,Ida Moss,\"Moss, Ida\",,,,5,,,,300,2018,2018,2023/05/06,2023/05/01,,,read,,,,1,1\n").utf8).write(to: csv)
        let db = dir.appendingPathComponent("lib.sqlite").path
        let imported = try CLITests.mwkit(["import", "--offline", csv.path, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("work +1 ~0 =0"), "\(imported.stdout)")
        let json = dir.appendingPathComponent("books.json").path
        let archived = try CLITests.mwkit(["archive", "--db", db, "-o", json])
        #expect(archived.status == 0 && (archived.stdout + archived.stderr).contains("(bookstrack-v2)"), "\(archived.stdout)\(archived.stderr)")
        let out = dir.appendingPathComponent("back.csv").path
        #expect(try CLITests.mwkit(["archive", "--db", db, "--to", "goodreads", "-o", out]).status == 0)
        let back = try String(contentsOf: URL(fileURLWithPath: out), encoding: .utf8)
        #expect(back.contains("Salt Roads") && back.contains("2023/05/06"), "\(back)")
    }
}
