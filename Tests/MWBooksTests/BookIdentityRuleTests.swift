import Foundation
import MWCore
import MWFoundation
import Testing
@testable import MWBooks

/// Issue 30's rules for books, on our own fixtures: an id is an identity, no read is lost,
/// merges touch only what they match, statuses by meaning, names and ids kept.
@Suite("Book identity, reads, statuses and names (issue 30)")
struct BookIdentityRuleTests {
    static let header = BookFixtures.goodreads24Header

    /// A Goodreads row in the 24-column layout.
    static func row(id: String, title: String, author: String = "Ann Lee", isbn: String = "", pages: String = "", year: String = "",
                    rating: Int = 0, read: String = "", added: String = "2020/01/01", shelf: String = "read", count: String = "") -> String {
        "\(id),\(title),\(author),,,=\"\",=\"\(isbn)\",\(rating),0,,Paperback,\(pages),\(year),\(year),\(read),\(added),\(shelf),,\(shelf),,,,\(count),0"
    }

    static func importRows(_ rows: [String]) -> BookImportResult {
        BookImport.run([BookFixtures.read(header + "\n" + rows.joined(separator: "\n") + "\n")], options: BookFixtures.options)
    }

    @Test("rows with different Goodreads ids and one title stay two books")
    func differentIdsStayApart() {
        let r = Self.importRows([Self.row(id: "11", title: "Stories", pages: "480", year: "1998", rating: 4, read: "2019/05/01"),
                                 Self.row(id: "12", title: "Stories", pages: "32", year: "2004", rating: 2, read: "2021/03/02")])
        #expect(r.library.works.count == 2)
        #expect(Set(r.library.entries.compactMap(\.rating)) == [4, 2])
        #expect(r.library.works.allSatisfy { $0.goodreadsWorkIDs.count == 1 })
        #expect(r.files.first?.isBalanced == true)
    }

    @Test("rows without ids whose first publication years differ stay two books")
    func differentYearsStayApart() {
        let r = Self.importRows([Self.row(id: "", title: "Stories", year: "1998"), Self.row(id: "", title: "Stories", year: "2004"),
                                 Self.row(id: "", title: "Poems", year: "2001"), Self.row(id: "", title: "Poems", year: "2001")])
        #expect(r.library.works.filter { $0.title == "Stories" }.count == 2)
        #expect(r.library.works.filter { $0.title == "Poems" }.count == 1, "the same year: one book")
    }

    @Test("goodreads-csv counts the other services' ids it cannot hold")
    func otherIdsCounted() {
        let r = BookImport.run([BookFixtures.read(BookFixtures.storygraph, "sg.csv")], options: BookFixtures.options)
        let asins = r.library.works.filter { !$0.amazonASINs.isEmpty }.count + r.library.editions.filter { !$0.amazonASINs.isEmpty }.count
        #expect(asins > 0)
        #expect(GoodreadsCSVWriter.dropped(r.library).contains { $0.message.contains("other services' ids") && $0.message.hasSuffix("dropped from \(asins) record(s)") })
    }

    @Test("rows joined by a shared ISBN keep every read")
    func joinedRowsKeepEveryRead() throws {
        let r = Self.importRows([Self.row(id: "21", title: "Lykke", isbn: "9780306406157", read: "1999/01/11", count: "1"),
                                 Self.row(id: "22", title: "Lykke", isbn: "9780306406157", read: "2021/10/27", count: "1")])
        #expect(r.library.works.count == 1)
        let e = try #require(r.library.entries.first)
        #expect(e.dateCompleted == BookFixtures.day(2021, 10, 27))
        #expect(e.earlierReads.map(\.dateCompleted) == [BookFixtures.day(1999, 1, 11)])
        #expect(e.readCount == 2, "a read count below the dated reads grows to them")
        #expect(!r.diagnostics.contains { $0.message.contains("finished") }, "no read reported lost: none is")
    }

    @Test("a merge changes only the books it matches", arguments: [ConflictPolicy.newer, .theirs, .keep, .union])
    func mergeTouchesOnlyMatches(_ policy: ConflictPolicy) throws {
        let existing = Self.importRows([Self.row(id: "31", title: "Tales", pages: "400", rating: 5, read: "2018/02/02")]).library
        var later = BookFixtures.options
        later.importDate = BookFixtures.date.addingTimeInterval(86_400)
        later.onConflict = policy
        let incoming = BookFixtures.read(Self.header + "\n" + Self.row(id: "32", title: "Tales", pages: "20", rating: 1, read: "2024/04/04") + "\n")
        let r = BookImport.run([incoming], into: existing, options: later)
        #expect(r.library.works.count == 2)
        let before = try #require(existing.entries.first)
        #expect(r.library.entries.contains(before), "the book the file does not match is unchanged under \(policy)")
    }

    @Test("the library merge keeps both reads of a matched book", arguments: [ConflictPolicy.newer, .theirs, .keep, .union])
    func libraryMergeKeepsReads(_ policy: ConflictPolicy) throws {
        let a = Self.importRows([Self.row(id: "41", title: "Again", read: "2010/01/01")]).library
        let b = Self.importRows([Self.row(id: "41", title: "Again", read: "2020/01/01")]).library
        let merged = BookMerge.merge(b, into: a, policy: policy).library
        let e = try #require(merged.entries.first)
        let days = ([e.dateCompleted] + e.earlierReads.map(\.dateCompleted)).compactMap { $0 }
        #expect(Set(days) == [BookFixtures.day(2010, 1, 1), BookFixtures.day(2020, 1, 1)], "\(policy)")
        #expect(e.dateCompleted == BookFixtures.day(2020, 1, 1), "the later read is the current one")
        #expect(BookMerge.merge(b, into: merged, policy: policy).changes == 0, "merging again changes nothing")
    }

    @Test("custom shelves map by meaning, in other languages too; an unknown one is reported with its count")
    func shelvesByMeaning() {
        let r = Self.importRows([Self.row(id: "51", title: "A", shelf: "dropped"), Self.row(id: "52", title: "B", shelf: "abandonné"),
                                 Self.row(id: "53", title: "C", shelf: "paused"), Self.row(id: "54", title: "D", shelf: "abgebrochen"),
                                 Self.row(id: "55", title: "E", shelf: "academic"), Self.row(id: "56", title: "F", read: "", shelf: "academic")])
        let status = Dictionary(r.library.works.map { w in (w.title, r.library.entry(w)?.readingStatus) }, uniquingKeysWith: { a, _ in a })
        #expect(status["A"] == .dnf && status["B"] == .dnf && status["D"] == .dnf && status["C"] == .onHold)
        let warned = r.diagnostics.filter { $0.code == DiagnosticCode.booksImportUnknownStatus.rawValue }
        #expect(warned.count == 1)
        #expect(warned.first?.message.hasPrefix("2 row(s) are on \"academic\"") == true, "\(warned.map(\.message))")
        #expect(r.library.entries.filter { $0.tags.contains("academic") }.count == 2)
    }

    @Test("Open Library notes join the book of the same work id; ids go to their fields")
    func openLibraryNotes() throws {
        let log = BookFixtures.read("""
            Work ID,Title,Authors,First Publish Year,Edition ID,Edition Count,Bookshelf,My Ratings,Ratings Average,Ratings Count,Has Ebook,Subjects,Subject People,Subject Places,Subject Times
            OL45804W,Fantastic Mr Fox,Roald Dahl,1970,OL7353617M,10,Already Read,4,,,False,,,,

            """, "OpenLibrary_ReadingLog.csv")
        let notes = BookFixtures.read("""
            Work ID,Edition ID,Note,Created On
            OL45804W,OL7353617M,Read it aloud,2024-01-02 10:00:00
            OL1W,,A note on a book no row names,2024-01-02 10:00:00

            """, "OpenLibrary_BookNotes.csv")
        #expect(notes.layout == "openlibrary-notes")
        let r = BookImport.run([notes, log], options: BookFixtures.options)
        let w = try #require(r.library.work("Fantastic Mr Fox"))
        #expect(w.openLibraryWorkID == "OL45804W")
        #expect(r.library.editions(w).first?.openLibraryEditionID == "OL7353617M")
        #expect(r.library.entry(w)?.privateNotes == "Read it aloud")
        #expect(r.library.entry(w)?.readingStatus == .read)
        #expect(r.library.works.count == 1)
        let s = try #require(r.files.first { $0.file == "OpenLibrary_BookNotes.csv" })
        #expect(s.malformed.count == 1 && s.isBalanced, "\(s)")
    }

    @Test("names as people write them")
    func names() {
        #expect(Author.sortName("Nuala Ní Dhomhnaill") == "Ní Dhomhnaill, Nuala")
        #expect(Author.sortName("Gearóid Mac Lochlainn") == "Mac Lochlainn, Gearóid")
        #expect(Author.sortName("Cathal Ó Searcaigh") == "Ó Searcaigh, Cathal")
        #expect(Author.sortName("Ludwig van Beethoven") == "van Beethoven, Ludwig")
        #expect(BookValues.displayTitle("Great Turning, The") == "The Great Turning")
        #expect(BookValues.displayTitle("Crime and Punishment") == "Crime and Punishment")
        #expect(BookValues.displayTitle("Eats, Shoots and Leaves") == "Eats, Shoots and Leaves")
    }

    @Test("goodreads-csv: the source's order, a Book Id of ours for a book Goodreads has not named, no false warning")
    func goodreadsCSV() throws {
        let sg = BookFixtures.read(BookFixtures.storygraph, "sg.csv")
        let r = BookImport.run([sg], options: BookFixtures.options)
        let text = String(decoding: try GoodreadsCSVWriter.write(r.library), as: UTF8.self)
        let back = BookFixtures.read(text)
        let written = try #require(try CSVFile(bytes: Array(text.utf8), name: "x").table)
        let bookIds = written.rows.compactMap { written.value($0, "Book Id") }
        #expect(bookIds.allSatisfy { !$0.isEmpty }, "every row has a Book Id")
        #expect(Set(bookIds).count == bookIds.count, "distinct Book Ids")
        #expect(!back.diagnostics.contains { $0.code == DiagnosticCode.importBadValue.rawValue && $0.message.contains("Book Id") })
        #expect(back.rows.allSatisfy { $0.goodreadsIDs.isEmpty }, "our Book Id is no Goodreads id")
        #expect(back.rows.map(\.title) == sg.rows.map(\.title), "rows in the source's order")
        #expect(!GoodreadsCSVWriter.dropped(Self.importRows([Self.row(id: "61", title: "Done", read: "2020/02/02")]).library)
            .contains { $0.message.contains("progress") }, "a read book's progress is its shelf")
    }
}
