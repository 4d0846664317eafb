import Foundation
import MWTestSupport
@testable import MWBooks

/// Paths, a library touching every attribute, and a process runner for the books tests.
enum BookStoreFixtures {
    /// The repository root (this file is Tests/MWBooksTests/BookStoreFixtures.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Samples/books")
    static let validSample = samples.appendingPathComponent("bookstrack-v1.json")

    static func files(_ dir: String) -> [URL] {
        let d = samples.appendingPathComponent(dir)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: d.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { d.appendingPathComponent($0) }
    }

    /// A date with a fraction only an exact representation keeps.
    static func date(_ s: Double) -> Date { Date(timeIntervalSinceReferenceDate: 740_000_000 + s + 0.123456789) }

    /// Every attribute set at least once, nil and empty values elsewhere, non-ASCII text.
    static func library() -> BookLibrary {
        let a1 = Author(id: "a1", name: "Ursula K. Le Guin", nationality: "American", gender: .female, culturalRegion: .northAmerica,
                        birthYear: 1929, deathYear: 2018, openLibraryID: "OL1", isbndbID: "i1", googleBooksID: "g1",
                        goodreadsID: "874602", dateCreated: date(1), lastModified: date(2), bookCount: 2)
        let a2 = Author(id: "a2", name: "Gabriel García Márquez", gender: .male, culturalRegion: .southAmerica,
                        dateCreated: date(3), lastModified: date(4))
        let a3 = Author(id: "a3", name: "Anonymous", dateCreated: date(5), lastModified: date(5))
        let w1 = Work(id: "w1", title: "The Dispossessed", originalLanguage: "en", firstPublicationYear: 1974,
                      subjectTags: ["SF", "Utopia"], authorIds: ["a1"], openLibraryWorkID: "OLW1", isbndbID: "iw1",
                      googleBooksVolumeID: "gv1", goodreadsWorkIDs: ["13651", "99"], amazonASINs: ["B000FC1PJI"],
                      librarythingIDs: ["lt1"], googleBooksVolumeIDs: ["gv1", "gv2"], reviewStatus: .pending,
                      originalImagePath: "/scans/1.jpg", boundingBoxX: 0.1, boundingBoxY: 0.2, boundingBoxWidth: 0.3,
                      boundingBoxHeight: 0.4, dateCreated: date(6), lastModified: date(7), lastISBNDBSync: date(8), isbndbQuality: 77)
        let w2 = Work(id: "w2", title: "Cien años de soledad", originalLanguage: "es", authorIds: ["a2", "a3"],
                      dateCreated: date(9), lastModified: date(10))
        let w3 = Work(id: "w3", title: "A Wizard of Earthsea", authorIds: ["a1"], dateCreated: date(11), lastModified: date(12))
        let e1 = Edition(id: "e1", workId: "w1", isbn: "9780060512750", isbns: ["9780060512750", "006051275X"], publisher: "Harper",
                         publicationDate: "2003", pageCount: 387, format: .paperback, coverImageURL: "https://x/y.jpg",
                         editionTitle: "Perennial Classics", openLibraryEditionID: "OLE1", isbndbID: "ie1", googleBooksVolumeID: "ge1",
                         amazonASINs: ["0060512750"], googleBooksVolumeIDs: ["ge1"], librarythingIDs: ["lte1"],
                         dateCreated: date(13), lastModified: date(14), lastISBNDBSync: date(15), isbndbQuality: 12)
        let e2 = Edition(id: "e2", workId: "w2", isbns: ["9780060883287"], pageCount: 417, format: .hardcover,
                         dateCreated: date(16), lastModified: date(17))
        let n1 = LibraryEntry(id: "n1", workId: "w1", editionId: "e1", dateAdded: date(18), readingStatus: .read, currentPage: 387,
                              readingProgress: 1, rating: 5, personalRating: 4.5, notes: "Anarres / Urras — \"walls\"\nline 2",
                              tags: ["favourites", "reread"], dateStarted: date(19), dateCompleted: date(20),
                              estimatedFinishDate: date(20), lastModified: date(21))
        let n2 = LibraryEntry(id: "n2", workId: "w2", editionId: "e2", dateAdded: date(22), readingStatus: .reading, currentPage: 100,
                              readingProgress: 0.24, dateStarted: date(23), lastModified: date(24))
        let n3 = LibraryEntry(id: "n3", workId: "w3", dateAdded: date(25), readingStatus: .wishlist, lastModified: date(25))
        return BookLibrary(exportDate: date(30), works: [w1, w2, w3], editions: [e1, e2], authors: [a1, a2, a3], entries: [n1, n2, n3])
    }

    /// The `mwkit` binary (``MWKitBinary``).
    static var mwkit: URL { MWKitBinary.url }

    typealias Run = MWKitBinary.Run

    /// Runs mwkit with `args` and captures everything.
    static func run(_ args: [String], env: [String: String] = [:]) throws -> Run {
        try MWKitBinary.run(args, env: env)
    }

    /// A fresh temporary directory.
    static func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("mwbooks-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}
