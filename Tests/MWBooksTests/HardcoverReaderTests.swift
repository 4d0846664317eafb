import Foundation
import MWFoundation
import MWCore
import MWJobs
import Testing
@testable import MWBooks

/// Hardcover has no real sample: this fixture is ours, written from the columns importer
/// projects list (`../shared/samples/third-party/README.md`, "Formats without a sample file").
@Suite("Hardcover reader")
struct HardcoverReaderTests {
    /// Line 2: every kind of value (JSON arrays, half stars, private notes, a review); 3: did
    /// not finish, two authors, rating 0.0; 4: paused, an ASIN, an audiobook, a rich-text review
    /// only; 5: want to read, tags as a plain list; 6: no title; 7: bad status, rating, JSON and
    /// date; 8: a row cut short.
    static let csv = #"""
    Title,Author,Series,Status,Privacy,Hardcover Book ID,Hardcover Edition ID,ISBN 10,ISBN 13,ASIN,Media,Country Code,Language Code,Binding,Pages,Duration in Seconds,Publish Date,Publisher,Genres,Moods,Tags,Content Warnings,Lists,Date Added,Date Started,Date Finished,Rating,Review,Review Contains Spoilers,Sponsored Review,Review Date,Review URL,Review Media URL,Private Notes,Owned,Compilation,Review Slate
    The Lantern Road,Mara Quill,Lantern #1,Read,public,4411,8811,0306406152,9780306406157,,Physical Book,US,en,Hardcover,320,,2019-03-01,Harbor Press,"[""Fantasy"",""Fiction""]","[""hopeful""]","[""comfort"",""favourites""]",[],"[""Best of 2023""]",2023-01-02,2023-03-01,2023-03-14,4.5,Loved it.<br/>Truly.,false,false,2023-03-15T10:00:00Z,,,Lent to Ana; never public,true,false,"{""document""=>{""children""=>[]}}"
    Night Ferry,"Sam Ortiz, Lea Brun",,Did Not Finish,private,4412,,,9785550005552,,,,,Paperback,,,,,"[""Mystery""]",,,"[""Violence""]",,2024-05-01,2024-05-02,,0.0,,true,,,,,,false,false,
    Long Winter,Sam Ortiz,,Paused,public,4413,,,,b0084fwn26,Audiobook,,,,,36000,,,,,,,,2024-06-01,2024-06-03,,3.0,,,,,,,Chapter 9,false,false,"{""document""=>{""text""=>""Slow start""}}"
    Quiet Hours,Ines Varga,,Want to Read,public,4414,,,,,,,,,,,,,,,"commute, short",,,2024-07-01,,,,,,,,,,,false,false,
    ,Nobody,,Read,public,4415,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,
    Salt and Iron,Petra Dahl,,Reading Slowly,public,4416,,,,,,,,,,,,,"[""Fantasy""",,,,,2023-13-45,,,7,,,,,,,,,,
    Broken Row,Someone,,Read

    """#

    static func read() -> BookFileRead { BookFixtures.read(csv, "hardcover-export.csv") }

    @Test("statuses, half stars, dates, authors, ISBNs, JSON arrays, review and private notes")
    func values() throws {
        let f = Self.read()
        #expect(f.source?.rawValue == "hardcover")
        #expect(f.layout == "hardcover")
        #expect(f.rowsRead == 7)
        #expect(f.rows.count == 5)
        let r = try #require(f.row("The Lantern Road"))
        #expect(r.status == .read)
        #expect(r.personalRating == 4.5)
        #expect(r.rating == nil, "a half star is no whole-star rating")
        #expect(r.authors == ["Mara Quill"])
        #expect(r.isbns == ["0306406152", "9780306406157"])
        #expect(r.dateAdded == BookFixtures.day(2023, 1, 2))
        #expect(r.dateStarted == BookFixtures.day(2023, 3, 1))
        #expect(r.dateCompleted == BookFixtures.day(2023, 3, 14))
        #expect(r.subjects == ["Fantasy", "Fiction"], "Genres, a JSON array in one cell")
        #expect(r.tags == ["comfort", "favourites", "list:Best of 2023", "mood:hopeful"])
        #expect(r.format == .hardcover)
        #expect(r.pageCount == 320)
        #expect(r.publicationDate == "2019")
        #expect(r.publisher == "Harbor Press")
        #expect(r.language == "en")
        // Private notes go where Goodreads' do: the entry's private notes, never the review.
        #expect(r.notes == "Loved it.\nTruly.")
        #expect(r.privateNotes == "Lent to Ana; never public")
        let dnf = try #require(f.row("Night Ferry"))
        #expect(dnf.status == .dnf)
        #expect(dnf.authors == ["Sam Ortiz", "Lea Brun"])
        #expect(dnf.personalRating == nil && dnf.rating == nil, "0.0 is unrated")
        #expect(dnf.tags == ["content-warning:Violence"])
        #expect(dnf.notes == nil)
        let paused = try #require(f.row("Long Winter"))
        #expect(paused.status == .onHold)
        #expect(paused.asins == ["B0084FWN26"])
        #expect(paused.format == .audiobook)
        #expect(paused.rating == 3 && paused.personalRating == 3)
        #expect(paused.notes == nil && paused.privateNotes == "Chapter 9", "private notes alone stay private")
        let want = try #require(f.row("Quiet Hours"))
        #expect(want.status == .wishlist, "Want to Read, as ReadingStatus.from reads it")
        #expect(want.tags == ["commute", "short"], "a cell that is not a JSON array is a comma-separated list")
    }

    @Test("values the model cannot hold are counted per column")
    func unkept() {
        let f = Self.read()
        #expect(f.unkept["Privacy"] == 5)
        #expect(f.unkept["Hardcover Book ID"] == 5)
        #expect(f.unkept["Hardcover Edition ID"] == 1)
        #expect(f.unkept["Series"] == 1)
        #expect(f.unkept["Country Code"] == 1)
        #expect(f.unkept["Duration in Seconds"] == 1)
        #expect(f.unkept["Review Date"] == 1)
        #expect(f.unkept["Owned"] == nil, "kept as owned copies")
        #expect(f.unkept["Review Contains Spoilers"] == nil, "kept as the spoiler flag")
        #expect(f.unkept["Review Slate"] == 1, "only where Review is empty")
        #expect(f.unkept["Compilation"] == nil, "false is nothing to keep")
        #expect(f.codes(DiagnosticCode.booksImportUnkeptField.rawValue).count == f.unkept.count)
    }

    @Test("malformed rows with file:line; bad values are warnings naming the column")
    func problems() throws {
        let f = Self.read()
        #expect(f.malformed.map(\.position) == ["hardcover-export.csv:6", "hardcover-export.csv:8"])
        let bad = f.codes(DiagnosticCode.importBadValue.rawValue)
        #expect(Set(bad.compactMap(\.field)) == ["Rating", "Genres", "Date Added"])
        // A status of unknown meaning: kept as a tag and reported once with its count.
        #expect(f.codes(DiagnosticCode.booksImportUnknownStatus.rawValue).map(\.message).contains { $0.hasPrefix("1 row(s) are on \"Reading Slowly\"") })
        #expect(bad.allSatisfy { $0.line == 7 })
        let salt = try #require(f.row("Salt and Iron"))
        #expect(salt.status == .toRead)
        #expect(salt.rating == nil && salt.dateAdded == nil)
        #expect(salt.subjects == ["\"Fantasy\""], "an unclosed array read as a plain list")
    }

    @Test("detected as Hardcover, and its header claimed by no other tracker nor theirs by it")
    func detection() {
        let header = Self.csv.split(separator: "\n")[0].split(separator: ",").map(String.init)
        #expect(HardcoverReader.isHeader(header))
        for s in FormatRegistry.standard.bookReaders where s.name != "hardcover" { #expect(!s.isHeader(header), "\(s.name)") }
        for other in [BookFixtures.goodreads24, BookFixtures.storygraph, BookFixtures.librarythingCSV] {
            let h = other.split(whereSeparator: \.isNewline)[0].split(separator: ",").map(String.init)
            #expect(!HardcoverReader.isHeader(h))
        }
    }
}
