import Foundation
import MWCore
import MWFoundation
import Testing
@testable import MWBooks

@Suite("Book import: identity and merge")
struct BookMergeTests {
    let gr = BookFixtures.read(BookFixtures.goodreads24)

    @Test("two editions merged on title and author while their ISBNs differ: one work, pending, in the review file")
    func titleMergeGoesToReview() throws {
        let r = BookImport.run([gr], options: BookFixtures.options)
        let lib = r.library
        let works = lib.works.filter { $0.title == "The Lantern Road (Lantern, #1)" }
        #expect(works.count == 1)
        let w = try #require(works.first)
        #expect(w.reviewStatus == .pending)
        #expect(w.goodreadsWorkIDs == ["1001"])
        #expect(lib.editions(w).count == 2)
        let e = try #require(lib.entry(w))
        #expect(e.rating == 5, "the latest read wins")
        #expect(e.dateCompleted == BookFixtures.day(2023, 3, 14))
        #expect(e.dateAdded == BookFixtures.day(2021, 5, 1), "the earliest date added stays")
        #expect(lib.editions.first { $0.id == e.editionId }?.isbns == ["0306406152", "9780306406157"])
        #expect(r.waiting.count == 1)
        #expect(r.waiting.first?.workId == w.id)
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.booksImportMergeReview.rawValue })
        let conflict = try #require(r.diagnostics.first { $0.code == DiagnosticCode.booksImportEntryConflict.rawValue })
        #expect(conflict.message.contains("rating 4"), "the rating not kept is named")
        #expect(r.files.first?.sentToReview == 1)
        #expect(r.exitCode(reviewFileWritten: true) == 1, "a malformed row")
    }

    @Test("a Kindle edition without ISBN merges on title and author without review")
    func plainTitleMerge() throws {
        let r = BookImport.run([gr], options: BookFixtures.options)
        let w = try #require(r.library.work("Quiet Hours"))
        #expect(w.reviewStatus == .verified)
        #expect(r.library.editions(w).count == 2)
        #expect(r.library.authorNames(w) == ["Ines Varga", "Tomas Berg"])
        let e = try #require(r.library.entry(w))
        #expect(e.readingStatus == .read)
        #expect(e.rating == 3)
        #expect(e.tags == ["book-club", "to-read-non-fiction"] || e.tags == ["to-read-non-fiction", "book-club"])
        let s = try #require(r.files.first)
        #expect(s.isBalanced)
        #expect(s.rowsRead == 8)
        #expect(s.worksCreated == 5)
        #expect(s.merged == 2)
        #expect(s.malformed.count == 1)
    }

    @Test("the same export from Goodreads and StoryGraph folds by ISBN; external ids merge without duplicates")
    func crossSource() throws {
        let sg = BookFixtures.read(BookFixtures.storygraph, "sg.csv")
        let r = BookImport.run([gr, sg], options: BookFixtures.options)
        let w = try #require(r.library.works.first { $0.goodreadsWorkIDs.contains("1001") })
        #expect(r.library.works.filter { BookIdentity.titleKey($0.title) == "the lantern road" }.count == 1)
        let e = try #require(r.library.entry(w))
        #expect(e.personalRating == 4.5, "StoryGraph's read is the latest")
        #expect(e.dateCompleted == BookFixtures.day(2025, 4, 21))
        #expect(e.tags.contains("favourites") && e.tags.contains("mood:hopeful"))
        #expect(e.notes?.contains("Loved it.") == true && e.notes?.contains("Good second time") == true, "both notes kept")
        var twice = w
        let changed = twice.mergeExternalIDs(from: w)
        #expect(!changed, "merging a work's own ids changes nothing")
        #expect(twice == w)
        let echo = try #require(r.library.work("Echo Hall"))
        #expect(echo.amazonASINs == ["B0084FWN26"])
    }

    @Test("overrides: separate keeps the rows apart, merge confirms; both are listed as decided")
    func overrides() throws {
        let first = BookImport.run([gr], options: BookFixtures.options)
        let key = try #require(first.waiting.first?.key)
        var bytes = try BookReviewFile.bytes(first.review)
        var text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        text = text.replacingOccurrences(of: "\r\n,review,", with: "\r\nseparate,review,")
        bytes = Array(text.utf8)
        let overrides = try BookOverrides.parse(bytes: bytes, name: "review.csv")
        #expect(overrides[key] == .separate)
        var o = BookFixtures.options
        o.overrides = overrides
        let apart = BookImport.run([gr], options: o)
        #expect(apart.library.works.filter { $0.title == "The Lantern Road (Lantern, #1)" }.count == 2)
        #expect(apart.library.works.allSatisfy { $0.reviewStatus == .verified })
        #expect(apart.waiting.isEmpty)
        #expect(apart.review.map(\.decision) == ["separate"])
        o.overrides = BookOverrides([key: .merge])
        let merged = BookImport.run([gr], options: o)
        #expect(merged.library.works.filter { $0.title == "The Lantern Road (Lantern, #1)" }.count == 1)
        #expect(merged.library.works.allSatisfy { $0.reviewStatus == .verified })
        #expect(merged.review.map(\.status) == ["decided"])
        o.overrides = BookOverrides(["goodreads|nothing>X": .merge])
        #expect(BookImport.run([gr], options: o).diagnostics.contains { $0.code == DiagnosticCode.importReviewDecision.rawValue })
        #expect(throws: MWError.self) { try BookOverrides.parse(bytes: Array("a,b\n".utf8), name: "x.csv") }
    }

    @Test("merge into an existing library: new works added, existing enriched, user data kept by policy; idempotent")
    func mergeInto() throws {
        let base = BookImport.run([gr], options: BookFixtures.options).library
        // The same import again, a day later, changes no record (only the backup's date).
        for policy in ConflictPolicy.allCases {
            var o = BookFixtures.options
            o.onConflict = policy
            o.importDate = BookFixtures.date.addingTimeInterval(86_400)
            var again = BookImport.run([gr], into: base, options: o).library
            #expect(again.exportDate == o.importDate, "dated by the import")
            again.exportDate = base.exportDate
            #expect(again == base, "\(policy)")
        }
        // StoryGraph rates The Lantern Road 4.5 and read it later; the library says 5.
        let sg = BookFixtures.read(BookFixtures.storygraph, "sg.csv")
        func lantern(_ p: ConflictPolicy, later: Bool = false) throws -> LibraryEntry {
            var o = BookFixtures.options
            o.onConflict = p
            if later { o.importDate = BookFixtures.date.addingTimeInterval(86_400) }
            let lib = BookImport.run([sg], into: base, options: o).library
            #expect(lib.works.count == base.works.count + 3, "three new works")
            return try #require(lib.entry(lib.works.first { $0.goodreadsWorkIDs.contains("1001") }))
        }
        // A rating and a read each come whole from one side: never 5 beside 4.5, never a start
        // from the 2025 read beside the finish of the 2023 one.
        // Every read (2021 and 2023 of the library's two editions, 2025 of StoryGraph) is kept
        // under every policy: the latest is the current read, the others earlier ones, and the
        // read count grows to the dated reads.
        let both = { (e: LibraryEntry) in
            e.dateStarted == BookFixtures.day(2025, 4, 19) && e.dateCompleted == BookFixtures.day(2025, 4, 21)
                && e.earlierReads == [ReadingSession(dateCompleted: BookFixtures.day(2021, 6, 1)), ReadingSession(dateCompleted: BookFixtures.day(2023, 3, 14))]
                && e.readCount == 3
        }
        let keep = try lantern(.keep)
        #expect(keep.rating == 5)
        #expect(keep.personalRating == nil)
        #expect(both(keep), "\(keep)")
        let theirs = try lantern(.theirs)
        #expect(theirs.rating == nil)
        #expect(theirs.personalRating == 4.5)
        #expect(both(theirs))
        // `newer` is the later lastModified, as a restore has it: a tie keeps the library's,
        // an import dated later wins.
        let tie = try lantern(.newer)
        #expect(tie.rating == 5 && both(tie))
        let newer = try lantern(.newer, later: true)
        #expect(newer.personalRating == 4.5 && newer.rating == nil)
        #expect(both(newer))
        // `union`: both sides read it; both reads stay, the later rating (newer) too.
        let union = try lantern(.union, later: true)
        #expect(both(union))
        #expect(union.personalRating == 4.5)
        #expect(keep.notes?.contains("Good second time") == true, "notes are never dropped")
    }

    @Test("the same file gives the same library, ids included; another import date only moves timestamps")
    func deterministic() {
        let a = BookImport.run([gr], options: BookFixtures.options).library
        let b = BookImport.run([BookFixtures.read(BookFixtures.goodreads24)], options: BookFixtures.options).library
        #expect(a == b)
        var o = BookFixtures.options
        o.importDate = Date(timeIntervalSince1970: 0)
        let c = BookImport.run([gr], options: o).library
        #expect(c.works.map(\.id) == a.works.map(\.id))
        #expect(Set(a.works.map(\.id)).count == a.works.count)
    }
}
