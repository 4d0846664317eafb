import Foundation
import MWCore
import MWFoundation

/// Where a finding about a library sits: a record (`collection`, `index` in the library's
/// array), optionally one of its keys and an element of that key's array.
public struct BookPlace: Sendable, Equatable {
    public var collection: String
    public var index: Int
    public var key: String?
    public var element: Int?

    public init(_ collection: String, _ index: Int, _ key: String? = nil, _ element: Int? = nil) {
        self.collection = collection
        self.index = index
        self.key = key
        self.element = element
    }

    /// The JSON Pointer of the place in a `bookstrack-v1` document.
    public var pointer: String {
        var parts: [Any] = [collection, index]
        if let key { parts.append(key) }
        if let element { parts.append(element) }
        return jsonPointer(parts)
    }
}

/// The docs/SPEC.md Part II invariants over a whole ``BookLibrary`` (docs/BOOKS.md "Rules"): ids unique
/// per kind, references resolve, one entry per work, wishlist ⇔ no edition, the ranges of
/// rating, personalRating, readingProgress and currentPage, notes ≤ 2,000 characters, dates in
/// order, non-empty titles and names, ISBN check digits (a warning). Used by the reader and by
/// `mwkit check` on the library database.
public enum BookValidator {
    /// Notes longer than this many characters are refused (docs/SPEC.md Part II).
    public static let maxNotesLength = 2000

    /// Every finding, in record order. `locate` gives a place's byte offset in the source
    /// document, when there is one (nil: no line and column).
    public static func validate(_ lib: BookLibrary, locate: (BookPlace) -> Int? = { _ in nil }) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func add(_ severity: Severity, _ code: DiagnosticCode, _ message: String, _ place: BookPlace) {
            out.append(Diagnostic(severity, code, message, pointer: place.pointer, offset: locate(place)))
        }
        func unique<T>(_ name: String, _ records: [T], _ id: (T) -> String) -> [String: Int] {
            var first: [String: Int] = [:]
            first.reserveCapacity(records.count)
            // Records read in place (a buffer's element is borrowed, not copied out with every
            // string of it retained), each id hashed once: a duplicate is rare, and puts the
            // first index back.
            records.withUnsafeBufferPointer { b in
                for i in b.indices {
                    let key = id(b[i])
                    if let j = first.updateValue(i, forKey: key) {
                        first[key] = j
                        add(.error, .idDuplicate, "\(name) id \(quoted(key)) is already used by /\(name)/\(j)", BookPlace(name, i, "id"))
                    }
                }
            }
            return first
        }
        let authors = unique("authors", lib.authors, \.id)
        let works = unique("works", lib.works, \.id)
        let editions = unique("editions", lib.editions, \.id)
        _ = unique("entries", lib.entries, \.id)

        // By index, as above: `enumerated()` copied every record out.
        for i in lib.authors.indices where isBlank(lib.authors[i].name) {
            add(.error, .bookAuthorNameEmpty, "author \(quoted(lib.authors[i].id)) has an empty name", BookPlace("authors", i, "name"))
        }
        for i in lib.works.indices {
            if isBlank(lib.works[i].title) {
                add(.error, .bookTitleEmpty, "work \(quoted(lib.works[i].id)) has an empty title", BookPlace("works", i, "title"))
            }
            for (k, a) in lib.works[i].authorIds.enumerated() where authors[a] == nil {
                add(.error, .bookWorkAuthorMissing, "authorIds names \(quoted(a)), which no author has", BookPlace("works", i, "authorIds", k))
            }
        }
        for i in lib.editions.indices {
            let e = lib.editions[i]
            if works[e.workId] == nil {
                add(.error, .bookEditionWorkMissing, "workId \(quoted(e.workId)) names no work", BookPlace("editions", i, "workId"))
            }
            if let isbn = e.isbn, let why = isbnProblem(isbn) {
                add(.warning, .bookISBNInvalid, "isbn \(quoted(isbn)) \(why)", BookPlace("editions", i, "isbn"))
            }
            for (k, isbn) in e.isbns.enumerated() {
                if let why = isbnProblem(isbn) { add(.warning, .bookISBNInvalid, "isbns[\(k)] \(quoted(isbn)) \(why)", BookPlace("editions", i, "isbns", k)) }
            }
        }
        var entryOfWork: [String: Int] = [:]
        entryOfWork.reserveCapacity(lib.entries.count)
        lib.entries.withUnsafeBufferPointer { b in
            for i in b.indices { entries(b[i], i, works: works, editions: editions, lib: lib, entryOfWork: &entryOfWork, add: add) }
        }
        return out
    }

    private static func entries(_ e: LibraryEntry, _ i: Int, works: [String: Int], editions: [String: Int], lib: BookLibrary,
                                entryOfWork: inout [String: Int],
                                add: (Severity, DiagnosticCode, String, BookPlace) -> Void) {
        func at(_ key: String) -> BookPlace { BookPlace("entries", i, key) }
        if works[e.workId] == nil {
            add(.error, .bookEntryWorkMissing, "workId \(quoted(e.workId)) names no work", at("workId"))
        } else if let j = entryOfWork[e.workId] {
            add(.error, .bookEntryDuplicate, "work \(quoted(e.workId)) already has an entry (/entries/\(j)); one entry per work", at("workId"))
        } else {
            entryOfWork[e.workId] = i
        }
        var pages: Int?  // the edition's page count, not a copy of the edition
        if let ed = e.editionId {
            if let k = editions[ed] {
                pages = lib.editions[k].pageCount
                if lib.editions[k].workId != e.workId && works[e.workId] != nil {
                    add(.error, .bookEntryEditionMismatch, "edition \(quoted(ed)) belongs to work \(quoted(lib.editions[k].workId)), not to the entry's work \(quoted(e.workId))", at("editionId"))
                }
            } else {
                add(.error, .bookEntryEditionMissing, "editionId \(quoted(ed)) names no edition", at("editionId"))
            }
        }
        if e.readingStatus == .wishlist && e.editionId != nil {
            add(.error, .bookWishlistEdition, "a wishlist entry has no edition, but this one has \(quoted(e.editionId!))", at("editionId"))
        } else if e.readingStatus != .wishlist && e.editionId == nil {
            add(.error, .bookWishlistEdition, "an entry \(quoted(e.readingStatus.rawValue)) needs an edition (only wishlist entries have none)", at("readingStatus"))
        }
        if let r = e.rating, !(1...5).contains(r) {
            add(.error, .bookRatingRange, "rating \(r) is outside 1…5", at("rating"))
        }
        if let r = e.personalRating, !(0...5).contains(r) {
            add(.error, .bookPersonalRatingRange, "personalRating \(DateCoding.jsonNumber(r)) is outside 0…5", at("personalRating"))
        }
        if !(0...1).contains(e.readingProgress) {
            add(.error, .bookProgressRange, "readingProgress \(DateCoding.jsonNumber(e.readingProgress)) is outside 0…1", at("readingProgress"))
        }
        // No more UTF-8 bytes than the limit: no more characters either (counting them walks the text).
        if let n = e.notes, n.utf8.count > maxNotesLength, n.count > maxNotesLength {
            add(.warning, .bookNotesLength, "notes hold \(n.count) characters, more than the app's \(maxNotesLength) (kept whole: real exports carry longer reviews)", at("notes"))
        }
        if e.currentPage < 0 {
            add(.error, .bookCurrentPageRange, "currentPage \(e.currentPage) is negative", at("currentPage"))
        } else if let pages, e.currentPage > pages {
            add(.error, .bookCurrentPageRange, "currentPage \(e.currentPage) is beyond the edition's pageCount \(pages)", at("currentPage"))
        }
        if let s = e.dateStarted, let c = e.dateCompleted, c < s {
            add(.error, .bookDatesOrder, "dateCompleted \(DateCoding.formatRFC3339(c)) is before dateStarted \(DateCoding.formatRFC3339(s))", at("dateCompleted"))
        }
        // Each earlier read is a read too (bookstrack-v2).
        for (k, r) in e.earlierReads.enumerated() {
            if let s = r.dateStarted, let c = r.dateCompleted, c < s {
                add(.error, .bookDatesOrder, "earlierReads[\(k)] ends \(DateCoding.formatRFC3339(c)) before it starts \(DateCoding.formatRFC3339(s))",
                    BookPlace("entries", i, "earlierReads", k))
            }
        }
    }

    /// Whether `s` is empty once whitespace and newlines are trimmed — what
    /// `trimmingCharacters(in: .whitespacesAndNewlines).isEmpty` says, without building the
    /// trimmed copy of every title and name: a first byte that is printable ASCII settles it.
    static func isBlank(_ s: String) -> Bool {
        if let c = s.utf8.first, c > 0x20 && c < 0x7F { return false }
        return s.unicodeScalars.allSatisfy { CharacterSet.whitespacesAndNewlines.contains($0) }
    }

    /// Why `isbn` is not a valid ISBN-10 or ISBN-13 (hyphens and spaces ignored), nil when it is.
    static func isbnProblem(_ isbn: String) -> String? {
        // Digits and X only (a normalised ISBN, nearly always): nothing to take out, and as
        // many characters as bytes.
        if isbn.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x58 || $0 == 0x78 }) {
            switch isbn.utf8.count {
            case 10: if ISBN.isValid10(isbn) { return nil }
            case 13: if ISBN.isValid13(isbn) { return nil }
            default: break
            }
        }
        let bare = String(isbn.unicodeScalars.filter { $0 != "-" && $0 != " " })
        switch bare.count {
        case 10: return ISBN.isValid10(bare) ? nil : "fails the ISBN-10 check (nine digits and a check digit or X, weighted sum divisible by 11)"
        case 13: return ISBN.isValid13(bare) ? nil : "fails the ISBN-13 check (thirteen digits, weighted sum divisible by 10)"
        default: return "is neither an ISBN-10 nor an ISBN-13 (\(bare.count) characters without hyphens and spaces)"
        }
    }
}
