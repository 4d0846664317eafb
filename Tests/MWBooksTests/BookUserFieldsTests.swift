import Foundation
import MWCore
import MWFoundation
import MWTestSupport
import Testing
@testable import MWBooks

/// Issue 24 §2: what the book imports used to lose or leak — private notes, read counts,
/// earlier reads, owned copies, spoiler flags, contributors — kept in the model, in
/// bookstrack-v2 and in goodreads-csv; our own fixtures, written as the services write them.
@Suite("book user fields (issue 24 §2)")
struct BookUserFieldsTests {
    /// A 2021–2026 Goodreads row: a review with a spoiler, private notes, a third read, two copies.
    static let goodreadsRows = [
        #"2001,Harbour Lights,Ada Finch,"Finch, Ada",,"=""0306406152""","=""9780306406157""",4,3.9,Tide,Paperback,300,2020,2019,2024/02/11,2023/12/01,read,read (#1),read,"The twist at the end: the keeper was her sister.<br/>Great.",true,"Lend to Sam, he will hate the ending",3,2"#,
        #"2002,Salt Roads,Ben Ode,"Ode, Ben",,"=""""","=""""",0,3.1,,Paperback,200,2021,2021,,2024/01/05,to-read,to-read (#1),to-read,,,Gift from Mum,0,1"#,
    ]

    static func goodreads(_ rows: [String] = goodreadsRows) -> BookFileRead {
        BookExportReader.read(bytes: Array((BookFixtures.goodreads24Header + "\n" + rows.joined(separator: "\n") + "\n").utf8),
                              name: "goodreads_library_export.csv")
    }

    static func cells(_ row: String) throws -> [String] {
        let file = try CSVFile(bytes: Array((BookFixtures.goodreads24Header + "\n" + row + "\n").utf8), name: "x.csv")
        let t = try #require(file.table { $0.contains("Book Id") })
        return t.header.fields.map { t.value(t.rows[0], $0) ?? "" }
    }

    static func entry(_ lib: BookLibrary, _ title: String) -> LibraryEntry? {
        guard let w = lib.works.first(where: { $0.title == title }) else { return nil }
        return lib.entries.first { $0.workId == w.id }
    }

    static func column(_ name: String) -> Int { BookFixtures.goodreads24Header.split(separator: ",").firstIndex { $0 == name }! }

    @Test("Goodreads: Private Notes go to privateNotes, never into the review; Spoiler, Read Count, Owned Copies are kept")
    func goodreadsPrivateNotesAndCounts() throws {
        let f = Self.goodreads()
        #expect(f.unkept.isEmpty, "\(f.unkept)")
        let lib = BookImport.run([f], options: BookFixtures.options).library
        for (row, line) in zip(f.rows, Self.goodreadsRows) {
            let c = try Self.cells(line)
            let e = try #require(Self.entry(lib, row.title))
            let privateText = c[Self.column("Private Notes")]
            #expect(e.privateNotes == privateText)
            #expect(e.notes?.contains(privateText) != true, "private notes leaked into the review")
            let review = c[Self.column("My Review")].replacingOccurrences(of: "<br/>", with: "\n")
            #expect(e.notes == (review.isEmpty ? nil : review))
            #expect(e.reviewHasSpoilers == (c[Self.column("Spoiler")] == "true"))
            #expect(e.readCount == Int(c[Self.column("Read Count")]))
            #expect(e.ownedCopies == Int(c[Self.column("Owned Copies")]))
        }
    }

    @Test("Goodreads: a day is stored at 11:00 UTC, the films' rule, and written back as the same day")
    func dayOnlyDates() throws {
        let f = Self.goodreads()
        let row = try #require(f.rows.first)
        let c = try Self.cells(Self.goodreadsRows[0])
        let parts = c[Self.column("Date Read")].split(separator: "/").map { Int($0)! }
        let day = try #require(DayDate.day(year: parts[0], month: parts[1], day: parts[2]))
        #expect(row.dateCompleted == DayDate.instant(ofDay: day))
        #expect(DateCoding.formatRFC3339(try #require(row.dateCompleted)).contains("T\(String(format: "%02d", DayDate.v1InstantHourUTC)):00:00"))
        let text = String(decoding: try GoodreadsCSVWriter.write(BookImport.run([f], options: BookFixtures.options).library), as: UTF8.self)
        #expect(text.contains(c[Self.column("Date Read")]))
    }

    @Test("goodreads-csv writes the review to My Review and private notes to Private Notes, and reads back equal")
    func goodreadsWriteBack() throws {
        let lib = BookImport.run([Self.goodreads()], options: BookFixtures.options).library
        let bytes = try GoodreadsCSVWriter.write(lib)
        let file = try CSVFile(bytes: bytes, name: "out.csv")
        let t = try #require(file.table { $0.contains("Book Id") })
        for r in t.rows {
            let title = try #require(t.value(r, "Title"))
            let e = try #require(Self.entry(lib, title))
            #expect((t.value(r, "Private Notes") ?? "") == (e.privateNotes ?? ""))
            #expect(!(t.value(r, "My Review") ?? "").contains(e.privateNotes ?? "\u{0}"), "a private note in the public review")
            #expect(t.value(r, "Read Count") == String(e.readCount ?? 0))
            #expect(t.value(r, "Owned Copies") == String(e.ownedCopies ?? 0))
            #expect((t.value(r, "Spoiler") == "true") == e.reviewHasSpoilers)
        }
        let back = BookImport.run([BookExportReader.read(bytes: bytes, name: "out.csv")], options: BookFixtures.options).library
        #expect(back.entries.map(\.privateNotes) == lib.entries.map(\.privateNotes))
        #expect(back.entries.map(\.notes) == lib.entries.map(\.notes))
        #expect(back.entries.map(\.readCount) == lib.entries.map(\.readCount))
        #expect(back.entries.map(\.ownedCopies) == lib.entries.map(\.ownedCopies))
        #expect(back.entries.map(\.reviewHasSpoilers) == lib.entries.map(\.reviewHasSpoilers))
    }

    static let storygraphHeader = "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?"

    @Test("StoryGraph: every read of Dates Read is kept (the latest current, the others earlier), Read Count and Owned? too")
    func storygraphReads() throws {
        let text = Self.storygraphHeader + "\n"
            + #"Tide Tables,Ada Finch,"",9780306406157,paperback,read,2020/01/02,2024/03/09,"2019/05/01-2019/05/20, 2024/03/01-2024/03/09, 2021/07/04",3,"",,,,,,,4.5,"",,"","",Yes"#
            + "\n"
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "storygraph.csv")
        #expect(f.unkept.isEmpty, "\(f.unkept)")
        let row = try #require(f.rows.first)
        func day(_ y: Int, _ m: Int, _ d: Int) -> Date { DayDate.instant(ofDay: DayDate.day(year: y, month: m, day: d)!) }
        #expect(row.dateStarted == day(2024, 3, 1) && row.dateCompleted == day(2024, 3, 9))
        #expect(row.earlierReads == [ReadingSession(dateStarted: day(2019, 5, 1), dateCompleted: day(2019, 5, 20)),
                                     ReadingSession(dateCompleted: day(2021, 7, 4))])
        #expect(row.readCount == 3 && row.ownedCopies == 1)
        let e = try #require(BookImport.run([f], options: BookFixtures.options).library.entries.first)
        #expect(e.earlierReads == row.earlierReads && e.readCount == 3 && e.ownedCopies == 1)
    }

    @Test("StoryGraph Contributors are the edition's contributors with their roles, never authors")
    func storygraphContributors() throws {
        let text = Self.storygraphHeader + "\n"
            + #"Night Ferry,Sam Ortiz,"Lea Brun (Translator), Jo Vance (Narrator), Ike Moss (Illustrator, Editor), Pat Lowe, Jo Vance (Editor)",9785550005552,audio,read,2024/05/01,"","",1,"",,,,,,,,,"",,"",No"#
            + "\n"
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "storygraph.csv")
        let row = try #require(f.rows.first)
        #expect(row.authors == ["Sam Ortiz"])
        #expect(row.contributors == [Contributor(name: "Lea Brun", roles: ["Translator"]),
                                     Contributor(name: "Jo Vance", roles: ["Narrator", "Editor"]),
                                     Contributor(name: "Ike Moss", roles: ["Illustrator", "Editor"]),
                                     Contributor(name: "Pat Lowe")])
        let lib = BookImport.run([f], options: BookFixtures.options).library
        #expect(lib.authors.map(\.name) == ["Sam Ortiz"])
        #expect(lib.editions.first?.contributors == row.contributors)
    }

    @Test("Hardcover: Private Notes stay private; Owned and Review Contains Spoilers are kept")
    func hardcoverPrivateNotes() throws {
        let header = "Title,Author,Series,Status,Privacy,Hardcover Book ID,Hardcover Edition ID,ISBN 10,ISBN 13,ASIN,Media,Country Code,Language Code,Binding,Pages,Duration in Seconds,Publish Date,Publisher,Genres,Moods,Tags,Content Warnings,Lists,Date Added,Date Started,Date Finished,Rating,Review,Review Contains Spoilers,Sponsored Review,Review Date,Review URL,Review Media URL,Private Notes,Owned,Compilation,Review Slate"
        let row = #"Harbour Lights,Ada Finch,,Read,public,77,,,9780306406157,,,,,Paperback,,,,,,,,,,2024-01-01,2024-01-02,2024-01-09,4.0,Loved the lighthouse.,true,,,,,Do not lend,true,false,"#
        let f = BookExportReader.read(bytes: Array((header + "\n" + row + "\n").utf8), name: "hardcover.csv")
        let r = try #require(f.rows.first)
        #expect(r.notes == "Loved the lighthouse." && r.privateNotes == "Do not lend")
        #expect(r.reviewHasSpoilers && r.ownedCopies == 1)
        #expect(f.unkept["Owned"] == nil && f.unkept["Review Contains Spoilers"] == nil)
    }

    /// A library holding every new value, seeded.
    static func richLibrary() -> BookLibrary {
        var g = SeededGenerator(seed: 24)
        var lib = BookStoreFixtures.library()
        for k in lib.entries.indices {
            let base = Date(timeIntervalSince1970: Double(Int.random(in: 1_500_000_000...1_700_000_000, using: &g)))
            lib.entries[k].privateNotes = "private \(Int.random(in: 0...999, using: &g))"
            lib.entries[k].reviewHasSpoilers = Bool.random(using: &g)
            lib.entries[k].readCount = Int.random(in: 0...9, using: &g)
            lib.entries[k].ownedCopies = Int.random(in: 0...3, using: &g)
            lib.entries[k].earlierReads = [ReadingSession(dateStarted: base, dateCompleted: base.addingTimeInterval(86_400 * 3)),
                                           ReadingSession(dateCompleted: base.addingTimeInterval(86_400 * 400))]
        }
        for k in lib.editions.indices { lib.editions[k].contributors = [Contributor(name: "Lea Brun \(k)", roles: ["Translator"])] }
        return lib
    }

    @Test("bookstrack-v2 holds every new value and reads back equal; v1 drops them with counts and reads as v1", .drawsFromSeeds(24))
    func formatStep() throws {
        let lib = Self.richLibrary()
        let v2 = BookstrackWriter.encode(lib, version: 2)
        let r2 = BookstrackReader.read(data: v2)
        #expect(r2.diagnostics.isEmpty, "\(r2.diagnostics.map { "\($0.code) \($0.pointer) \($0.message)" })")
        #expect(r2.library == lib && r2.format == .bookstrackV2 && r2.formatVersion == 2)
        #expect(BookstrackWriter.encode(try #require(r2.library), version: 2) == v2)

        let v1 = BookstrackWriter.encode(lib, version: 1)
        let r1 = BookstrackReader.read(data: v1)
        #expect(r1.isValid && r1.format == .bookstrackV1)
        let back = try #require(r1.library)
        #expect(back.entries.allSatisfy { $0.privateNotes == nil && $0.readCount == nil && $0.earlierReads.isEmpty })
        let dropped = BookstrackWriter.droppedByV1(lib)
        #expect(dropped.allSatisfy { $0.code == DiagnosticCode.fieldDropped.rawValue })
        #expect(dropped.contains { $0.message.contains("privateNotes") && $0.message.contains("\(lib.entries.count) record(s)") })
        #expect(dropped.contains { $0.message.contains("contributors") && $0.message.contains("\(lib.editions.count) record(s)") })
    }

    @Test("bookstrack-v2 keeps a day as a day (\"YYYY-MM-DD\"), read back as the same instant; v1 writes its 11:00 UTC instant and refuses a day")
    func daysStayDaysInV2() throws {
        var lib = BookImport.run([Self.goodreads()], options: BookFixtures.options).library
        let i = try #require(lib.entries.firstIndex { $0.dateCompleted != nil })
        let done = try #require(lib.entries[i].dateCompleted)
        let day = DayDate.string(done)
        // An instant that is not a day's 11:00 UTC stays an instant, in both versions.
        let tapped = Date(timeIntervalSince1970: done.timeIntervalSince1970 - 30 * 86_400 + 1_234)
        let earlierEnd = DayDate.instant(ofDay: Date(timeIntervalSince1970: done.timeIntervalSince1970 - 20 * 86_400))
        lib.entries[i].dateStarted = nil
        lib.entries[i].earlierReads = [ReadingSession(dateStarted: tapped, dateCompleted: earlierEnd)]
        let v2 = String(decoding: BookstrackWriter.encode(lib, version: 2), as: UTF8.self)
        #expect(v2.contains("\"dateCompleted\": \"\(day)\""), "a day written as a day")
        #expect(v2.contains("\"dateStarted\": \"\(DateCoding.formatRFC3339(tapped))\""), "an instant stays an instant")
        #expect(v2.contains("\"dateCompleted\": \"\(DayDate.string(earlierEnd))\""), "an earlier read's day too")
        let back = BookstrackReader.read(data: Array(v2.utf8))
        #expect(back.isValid, "\(back.diagnostics.map(\.message))")
        #expect(back.library == lib, "the same values")
        #expect(BookstrackWriter.encode(try #require(back.library), version: 2) == Array(v2.utf8))
        let v1 = String(decoding: BookstrackWriter.encode(lib, version: 1), as: UTF8.self)
        #expect(v1.contains("\"dateCompleted\": \"\(DateCoding.formatRFC3339(done))\""))
        #expect(!v1.contains("\"dateCompleted\": \"\(day)\""))
        // A day in a file that says formatVersion 1: the app reads instants only.
        let forged = v2.replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 1")
            .replacingOccurrences(of: "\"earlierReads\"", with: "\"x\"")
        let r = BookstrackReader.read(data: Array(forged.utf8))
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.dateInvalid.rawValue && $0.pointer == "/entries/\(i)/dateCompleted" })
    }

    @Test("a formatVersion 1 file holding a v2 attribute is refused with its pointer")
    func v2KeyInV1File() throws {
        var lib = BookStoreFixtures.library()
        lib.entries[0].privateNotes = "secret"
        let text = String(decoding: BookstrackWriter.encode(lib, version: 2), as: UTF8.self)
            .replacingOccurrences(of: "\"formatVersion\": 2", with: "\"formatVersion\": 1")
        let r = BookstrackReader.read(data: Array(text.utf8))
        #expect(!r.isValid)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.schemaUnknownKey.rawValue && $0.pointer == "/entries/0/privateNotes" })
    }

    @Test("the merge keeps private notes apart from notes, unites earlier reads and settles counts by the policy")
    func mergeRules() throws {
        let base = BookStoreFixtures.library()
        var mine = base, theirs = base
        mine.entries[0].privateNotes = "mine"
        theirs.entries[0].privateNotes = "theirs"
        mine.entries[0].readCount = 2
        theirs.entries[0].readCount = 5
        let early = ReadingSession(dateCompleted: Date(timeIntervalSince1970: 1_400_000_000))
        theirs.entries[0].earlierReads = [early]
        theirs.entries[0].reviewHasSpoilers = true
        for policy in [ConflictPolicy.keep, .newer, .theirs, .union] {
            let r = BookMerge.merge(theirs, into: mine, policy: policy).library.entries[0]
            #expect(r.privateNotes?.contains("mine") == true && r.privateNotes?.contains("theirs") == true, "\(policy)")
            #expect(r.notes == base.entries[0].notes, "\(policy): private notes never join the notes")
            #expect(r.earlierReads == [early] && r.reviewHasSpoilers, "\(policy)")
            #expect([2, 5].contains(r.readCount ?? -1), "\(policy)")
            if policy == .union { #expect(r.readCount == 5) }
        }
    }

    @Test("an Open Library import of goodreads-csv: every book with an ISBN arrives under it")
    func openLibraryImport() throws {
        let lib = BookImport.run([BookFixtures.read(BookFixtures.goodreads24), Self.goodreads()], options: BookFixtures.options).library
        let bytes = try GoodreadsCSVWriter.write(lib)
        // Open Library's process_goodreads_csv: rows as dicts by header name; ISBN, ISBN13 and
        // Book Id must be there; `=` and `"` stripped; keyed by ISBN, else ISBN13, else Book Id.
        let file = try CSVFile(bytes: bytes, name: "goodreads.csv")
        let t = try #require(file.table { $0.contains("Book Id") })
        for required in ["ISBN", "ISBN13", "Book Id", "Title", "Author", "My Rating", "Exclusive Shelf", "Date Read"] {
            #expect(t.column(named: required) != nil, "\(required)")
        }
        var byISBN: [String: String] = [:], without = 0
        for r in t.rows {
            let strip = { (v: String?) in (v ?? "").replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "=", with: "") }
            let isbn = strip(t.value(r, "ISBN")), isbn13 = strip(t.value(r, "ISBN13"))
            if let key = [isbn, isbn13].first(where: { !$0.isEmpty }) {
                #expect(ISBN.normalize(key) != nil, "\(key) is not an ISBN once Open Library strips it")
                byISBN[key] = t.value(r, "Title")
            } else {
                without += 1
            }
        }
        let editions = Dictionary(lib.editions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let withISBN = lib.entries.filter { e in
            let ed = e.editionId.flatMap { editions[$0] } ?? lib.editions.first { $0.workId == e.workId }
            return !(ed?.isbns.isEmpty ?? true) || ed?.isbn != nil
        }
        #expect(byISBN.count == withISBN.count, "one book per entry with an ISBN")
        #expect(byISBN.count + without == lib.entries.count)
    }

    @Test("mwkit import writes bookstrack-v2 by default with the private notes; --to bookstrack-v1 reports each dropped field with its count")
    func importThroughTheBinary() throws {
        let dir = try BookStoreFixtures.tempDir()
        let csv = dir.appendingPathComponent("goodreads_library_export.csv")
        try (BookFixtures.goodreads24Header + "\n" + Self.goodreadsRows.joined(separator: "\n") + "\n").write(to: csv, atomically: true, encoding: .utf8)
        let v2 = dir.appendingPathComponent("v2.json"), v1 = dir.appendingPathComponent("v1.json")
        let env = ["SOURCE_DATE_EPOCH": "1750000000"]
        let r2 = try BookStoreFixtures.run(["import", csv.path, "-o", v2.path], env: env)
        #expect(r2.status == 0, "\(r2.stderr)")
        let read2 = try BookstrackReader.read(url: v2)
        #expect(read2.formatVersion == 2 && read2.isValid)
        let lib = try #require(read2.library)
        let expected = BookImport.run([Self.goodreads()], options: BookFixtures.options).library
        let got: [String] = lib.entries.compactMap(\.privateNotes).sorted()
        let want: [String] = expected.entries.compactMap(\.privateNotes).sorted()
        #expect(got == want && !want.isEmpty)
        #expect(!r2.stderr.contains("field-dropped"))

        let r1 = try BookStoreFixtures.run(["import", csv.path, "--to", "bookstrack-v1", "-o", v1.path], env: env)
        #expect(r1.status == 0, "\(r1.stderr)")
        let read1 = try BookstrackReader.read(url: v1)
        #expect(read1.formatVersion == 1 && read1.isValid)
        let withPrivate = lib.entries.filter { $0.privateNotes != nil }.count
        #expect(withPrivate > 0)
        let out = r1.stdout + r1.stderr
        #expect(out.contains("field-dropped") && out.contains("entries[].privateNotes: dropped from \(withPrivate) record(s)"), "\(out)")
        #expect(!String(decoding: try Data(contentsOf: v1), as: UTF8.self).contains("Lend to Sam"), "v1 holds no private field and puts none in a public one")
    }

    @Test("LibraryThing: Private Comment stays private, Copies are owned copies, a secondary author with a role other than author is a contributor")
    func libraryThing() throws {
        let header = BookFixtures.librarythingCSV.split(separator: "\r\n").first.map(String.init)!
        let columns = header.split(separator: ",").map(String.init)
        func row(_ values: [String: String]) -> String {
            columns.map { values[$0] ?? "" }.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
        }
        let values = ["Book ID": "9", "Title": "Night Ferry", "Primary Author": "Ortiz, Sam", "Primary Author Role": "Author",
                      "Secondary Author": "Brun, Lea|Vance, Jo|Moss, Ike", "Secondary Author Role": "Translator||Author",
                      "Review": "A quiet book.", "Comment": "Book club pick", "Private Comment": "Borrowed from Ana", "Copies": "2",
                      "Collections": "Your library"]
        let text = [header, row(values)].joined(separator: "\r\n")
        let f = BookExportReader.read(bytes: Array(text.utf8), name: "librarything.csv")
        let r = try #require(f.rows.first)
        #expect(r.privateNotes == values["Private Comment"])
        #expect(r.notes?.contains(values["Private Comment"]!) == false)
        #expect(r.notes?.contains(values["Review"]!) == true && r.notes?.contains(values["Comment"]!) == true)
        #expect(r.ownedCopies == Int(values["Copies"]!))
        #expect(r.authors == ["Sam Ortiz", "Jo Vance", "Ike Moss"], "no role, or Author, is an author")
        #expect(r.contributors == [Contributor(name: "Lea Brun", roles: ["Translator"])])
        #expect(f.unkept["Copies"] == nil)
    }
}
