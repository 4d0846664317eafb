import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// Issue 24 §2's rules for book imports, each on our own fixtures written in the services' style.
@Suite("book import rules (issue 24)")
struct BookImportRulesTests {
    static let goodreadsRow = #"1,The Lantern Road,Mara Quill,"Quill, Mara",,"=""0306406152""","=""9780306406157""",5,4.1,Harbor Press,Hardcover,320,2019,2018,2023/03/14,2021/05/01,,,read,,,,1,0"#

    @Test("a mostly-UTF-8 file: only the bad bytes fall back, and a warning names their line")
    func mixedEncoding() {
        // Line 2 holds UTF-8 é; line 3 a lone 0xE9 byte (Windows-1252 é), as LibraryThing's MARC lines do.
        var bytes = Array((BookFixtures.goodreads24Header + "\n" + Self.goodreadsRow.replacingOccurrences(of: "Mara Quill,", with: "Mära Quill,") + "\n").utf8)
        bytes += Array(#"2,Caf"#.utf8) + [0xE9] + Array(#",Ann Lee,"Lee, Ann",,,,3,,,,,,,,2024/01/01,,,to-read,,,,0,0"#.utf8) + [0x0A]
        let f = BookExportReader.read(bytes: bytes, name: "goodreads_library_export.csv")
        #expect(f.rows.map(\.title) == ["The Lantern Road", "Café"])
        #expect(f.rows.first?.authors == ["Mära Quill"], "the valid UTF-8 stays UTF-8")
        let warning = f.diagnostics.first { $0.code == DiagnosticCode.csvMixedEncoding.rawValue }
        #expect(warning?.line == 3 && warning?.message.contains("line 3") == true)
    }

    @Test("LibraryThing: a rated or reviewed book without a status collection is read")
    func libraryThingRatedIsRead() {
        let header = BookFixtures.librarythingCSV.split(separator: "\r\n").first.map(String.init)!
        let columns = header.split(separator: ",").map(String.init)
        func row(_ values: [String: String]) -> String { columns.map { values[$0] ?? "" }.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",") }
        let text = [header,
                    row(["Book ID": "1", "Title": "Rated", "Primary Author": "Hale, Ruth", "Rating": "4", "Collections": "Your library"]),
                    row(["Book ID": "2", "Title": "Reviewed", "Primary Author": "Hale, Ruth", "Review": "Fine.", "Collections": "Your library"]),
                    row(["Book ID": "3", "Title": "Wanted", "Primary Author": "Hale, Ruth", "Rating": "4", "Collections": "To read"]),
                    row(["Book ID": "4", "Title": "Plain", "Primary Author": "Hale, Ruth", "Collections": "Your library"])].joined(separator: "\r\n")
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "librarything.csv")
        #expect(f.rows.map(\.status) == [.read, .read, .toRead, .toRead])
    }

    @Test("StoryGraph: a read that ends before it starts keeps its finish date, with a warning, and validates")
    func impossibleRange() {
        let header = BookFixtures.storygraph.split(separator: "\n").first.map(String.init)!
        let text = header + "\nBackwards,Mara Quill,\"\",9780306406157,hardcover,read,2023/01/02,2025/04/19,2025/04/21-2025/04/19,1,\"\",,,,,,,4,,\"\",,\"\",No\n"
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "storygraph.csv")
        let row = f.rows.first
        #expect(row?.dateCompleted == BookFixtures.day(2025, 4, 19) && row?.dateStarted == nil)
        #expect(f.diagnostics.contains { $0.severity == .warning && $0.message.contains("ends on 2025-04-19 before it starts on 2025-04-21") })
        let lib = BookImport.run([f], options: BookFixtures.options).library
        #expect(BookValidator.validate(lib).filter { $0.severity == .error }.isEmpty)
    }

    @Test("an ISBN-10 that lost its leading zero is restored when the check digit says so")
    func leadingZero() {
        #expect(ISBN.restoringLeadingZeros("306406152") == "0306406152")
        #expect(ISBN.restoringLeadingZeros("306406153") == nil, "a wrong check digit is not guessed at")
        #expect(ISBN.restoringLeadingZeros("12345") == nil)
        let text = BookFixtures.goodreads24Header + "\n" + Self.goodreadsRow.replacingOccurrences(of: #""=""0306406152""""#, with: "306406152") + "\n"
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "goodreads_library_export.csv")
        #expect(f.rows.first?.isbns.contains("0306406152") == true)
        #expect(f.diagnostics.contains { $0.message.contains("lost its leading zero") })
    }

    @Test("goodreads-csv: one row per entry, never a row for an edition no entry names")
    func oneRowPerEntry() throws {
        let two = BookFixtures.goodreads24Header + "\n" + Self.goodreadsRow + "\n"
            + #"9,The Lantern Road,Mara Quill,"Quill, Mara",,"=""0141439513""","=""9780141439518""",0,4.1,Paper Co,Paperback,300,2020,2018,,2021/05/01,,,to-read,,,,0,0"# + "\n"
        let lib = BookImport.run([BookExportReader.read(bytes: Array(two.utf8), name: "g.csv")], options: BookFixtures.options).library
        let csv = String(decoding: try GoodreadsCSVWriter.write(lib), as: UTF8.self)
        let rows = csv.split(separator: "\n").dropFirst()
        #expect(rows.count == lib.entries.count)
        #expect(rows.filter { $0.contains("The Lantern Road") }.count == lib.entries.filter { e in lib.works.first { $0.id == e.workId }?.title == "The Lantern Road" }.count)
    }

    @Test("goodreads-csv writes a hyphenated stored ISBN as its bare digits, never an empty column")
    func hyphenatedISBNsAreWrittenBare() throws {
        let one = BookFixtures.goodreads24Header + "\n" + Self.goodreadsRow + "\n"
        var lib = BookImport.run([BookExportReader.read(bytes: Array(one.utf8), name: "g.csv")], options: BookFixtures.options).library
        let bare = try #require(lib.editions.first?.isbn)
        var hyphenated = ""
        for (i, c) in bare.enumerated() { if i == 3 || i == 4 || i == 8 || i == 12 { hyphenated += "-" }; hyphenated.append(c) }
        lib.editions[0].isbn = hyphenated
        lib.editions[0].isbns = lib.editions[0].isbns.map { $0 == bare ? hyphenated : $0 }
        let csv = String(decoding: try GoodreadsCSVWriter.write(lib), as: UTF8.self)
        #expect(csv.contains("\"=\"\"\(bare)\"\"\""), "the bare \(bare.count)-digit ISBN is written for \(hyphenated)")
        #expect(!csv.contains(hyphenated))
    }

    @Test("author sort names: particles stay with the surname, suffixes after the given names", arguments: [
        ("Ursula K. Le Guin", "Le Guin, Ursula K."), ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
        ("Martin Luther King Jr.", "King, Martin Luther, Jr."), ("Van Morrison", "Morrison, Van"),
        ("Simone de Beauvoir", "de Beauvoir, Simone"), ("Homer", "Homer"), ("Mara Quill", "Quill, Mara"),
    ])
    func sortNames(_ name: String, _ sorted: String) {
        #expect(Author.sortName(name) == sorted)
    }
}

/// Issue 30 §1: when two rows of one book fold and the entry keeps its own status, the other
/// row's status is reported — also when nothing else of the entry changes (a real LibraryThing
/// export showed a bare to-read row of a finished book vanishing without a word).
@Suite("book import: a status not kept is always said")
struct BookStatusNotKeptTests {
    @Test func aLosingRowsStatusIsReportedEvenWhenTheEntryStaysTheSame() {
        let finished = BookImportRulesTests.goodreadsRow
        let wanted = finished.replacingOccurrences(of: "1,The Lantern Road", with: "2,The Lantern Road")
            .replacingOccurrences(of: ",5,4.1,", with: ",0,4.1,")
            .replacingOccurrences(of: "2023/03/14,2021/05/01,,,read,", with: ",2022/01/01,,,to-read,")
        #expect(wanted != finished && wanted.contains("to-read"), "the fixture changed its shape")
        let f = BookFixtures.read(BookFixtures.goodreads24Header + "\n" + finished + "\n" + wanted + "\n")
        #expect(f.rows.count == 2)
        let r = BookImport.run([f], options: BookImportOptions())
        #expect(r.library.entries.count == 1, "the two rows share an ISBN: one book")
        #expect(r.library.entries.first?.readingStatus == .read)
        let said = r.diagnostics.filter { $0.code == DiagnosticCode.booksImportEntryConflict.rawValue }
        #expect(said.contains { $0.line == 3 && $0.message.contains("status") }, "\(said.map(\.message))")
    }
}
