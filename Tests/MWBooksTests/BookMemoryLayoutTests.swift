import Foundation
import MWCore
import MWFoundation
import Testing
@testable import MWBooks

/// The leaner record model and merge indexes of issue 23 §6 keep what they hold: seldom
/// attributes out of line behave as stored ones, a key index keeps the first record of a key,
/// and a merge into a library indexed ahead on another thread is the merge into the library.
@Suite("Books memory layout")
struct BookMemoryLayoutTests {
    let t = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a seldom attribute set and cleared leaves a record equal to one never set, with the same hash; copies stay apart")
    func seldomAttributesAreValues() {
        let plain = Work(id: "w", title: "T", dateCreated: t, lastModified: t)
        var w = plain
        w.isbndbID = "isbndb-1"
        w.boundingBoxX = 0.25
        w.amazonASINs = ["B00X"]
        #expect(w != plain)
        let copy = w
        w.isbndbID = nil
        #expect(copy.isbndbID == "isbndb-1", "a copy keeps its values when the original changes")
        w.boundingBoxX = nil
        w.amazonASINs = []
        #expect(w == plain)
        #expect(w.hashValue == plain.hashValue)
        #expect(Set([w, plain]).count == 1)

        var e = Edition(id: "e", workId: "w", dateCreated: t, lastModified: t)
        e.contributors = [Contributor(name: "Ann", roles: ["Translator"])]
        e.isbndbQuality = 70
        #expect(e.contributors.first?.name == "Ann" && e.isbndbQuality == 70)
        e.contributors = []
        e.isbndbQuality = 0
        #expect(e == Edition(id: "e", workId: "w", dateCreated: t, lastModified: t))

        var n = LibraryEntry(id: "n", workId: "w", dateAdded: t, readingStatus: .read, lastModified: t,
                             privateNotes: "mine", reviewHasSpoilers: true, earlierReads: [ReadingSession(dateCompleted: t)])
        #expect(n.privateNotes == "mine" && n.reviewHasSpoilers && n.earlierReads.count == 1)
        n.privateNotes = nil
        n.reviewHasSpoilers = false
        n.earlierReads = []
        #expect(n == LibraryEntry(id: "n", workId: "w", dateAdded: t, readingStatus: .read, lastModified: t))
    }

    @Test("records stay small: what exports seldom fill is out of line")
    func strides() {
        // A 50,000-book merge holds three libraries' arrays at once; these were 288, 256 and 256 bytes.
        #expect(MemoryLayout<Work>.stride <= 96)
        #expect(MemoryLayout<Edition>.stride <= 152)
        #expect(MemoryLayout<LibraryEntry>.stride <= 192)
    }

    @Test("a key index keeps the first record of a key and tells keys apart")
    func keyIndex() {
        var index = KeyIndex()
        index.claim("isbn:9780306406157", 3)
        index.claim("isbn:9780306406157", 7)
        index.claim("title:lantern road|mara quill", 5)
        #expect(index["isbn:9780306406157"] == 3)
        #expect(index["isbn:9780306406158"] == nil)
        #expect(index.first(of: ["goodreads:1", "title:lantern road|mara quill", "isbn:9780306406157"])! == ("title:lantern road|mara quill", 5))
        #expect(index.first(of: ["goodreads:1"]) == nil)
        // Many keys, none confused with another.
        for i in 0..<20_000 { index.claim("goodreads:\(i)", i) }
        let allFound = (0..<20_000).allSatisfy { (i: Int) in index["goodreads:\(i)"] == i }
        #expect(allFound)
    }

    @Test("an import merged into a library read and indexed on another thread is the import merged into that library")
    func backgroundTargetAgrees() throws {
        let existing = BookStoreFixtures.library()
        let dir = try BookStoreFixtures.tempDir()
        let csv = dir.appendingPathComponent("goodreads_library_export.csv")
        try BookFixtures.goodreads24.write(to: csv, atomically: true, encoding: .utf8)
        let options = BookImportOptions(onConflict: .newer, importDate: t)
        let direct = BookImport.run(urls: [csv], into: existing, options: options)
        let ahead = BackgroundValue { BookMergeTarget(existing) }
        let background = try BookImport.run(urls: [csv], mergingInto: ahead.take, options: options)
        #expect(background.library == direct.library)
        #expect(background.files == direct.files)
        #expect(background.review == direct.review)
        #expect(background.diagnostics.map(\.message) == direct.diagnostics.map(\.message))
        #expect(direct.library.works.count > existing.works.count)
        // What reading the library throws is thrown, and nothing is merged.
        struct Unreadable: Error {}
        #expect(throws: Unreadable.self) { try BookImport.run(urls: [csv], mergingInto: { throw Unreadable() }, options: options) }
    }
}
