import Foundation
import MWCore
import MWFoundation

/// Writes a library as Goodreads' current 24-column export (`goodreads_library_export.csv`),
/// the layout StoryGraph and most book trackers import: ISBNs as `="…"` the way Goodreads
/// writes them (so spreadsheets keep leading zeros), dates `YYYY/MM/DD`, the review (`notes`)
/// as `My Review` with `<br/>` line breaks and its spoiler flag as `Spoiler`, private notes in
/// `Private Notes` (never in the public review), `Read Count` and `Owned Copies`, RFC 4180
/// quoting, LF line ends. Deterministic: rows follow the library's entries. A book without a
/// Goodreads id gets a `Book Id` of ours (``ownBookId(_:)``). What the layout
/// cannot hold — start dates, reading progress, a rating's fraction, the dates of earlier reads
/// (their number stays in `Read Count`), edition contributors, other services' ids — is reported
/// as `field-dropped` with counts.
///
/// One row per library entry — the user's book, with the entry's edition (or the work's first
/// for a wishlist entry) — and never a row for an edition no entry names: a Goodreads export
/// lists a book once, and a second row of the same work would be a duplicate book in the
/// service that imports the file.
public enum GoodreadsCSVWriter {
    /// The header, in Goodreads' order.
    public static let columns = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
                                 "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
                                 "Original Publication Year", "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions",
                                 "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies"]

    /// The file's bytes.
    public static func write(_ library: BookLibrary) throws -> [UInt8] {
        var rows: [[String]] = []
        let works = Dictionary(library.works.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let authors = Dictionary(library.authors.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var editionsOf: [String: [Edition]] = [:]
        for e in library.editions { editionsOf[e.workId, default: []].append(e) }
        for entry in library.entries {
            guard let work = works[entry.workId] else { continue }
            let editions = editionsOf[work.id] ?? []
            let main = editions.first { $0.id == entry.editionId } ?? editions.first
            let ids = work.goodreadsWorkIDs
            func bookId(_ e: Edition?) -> String {
                guard let e, ids.count == editions.count, let k = editions.firstIndex(of: e) else { return e == main ? ids.first ?? "" : "" }
                return ids[k]
            }
            let id = bookId(main)
            rows.append(row(work, authors, main, entry, bookId: id.isEmpty ? ownBookId(work) : id, full: true))
        }
        return try CSVText.bytes(header: columns, rows: rows, newline: .lf)
    }

    /// The `Book Id` of a book Goodreads has not named: ours, stable (from the work's id) and
    /// never numeric, so it is never taken for a Goodreads book, and an importer that keys rows
    /// on `Book Id` (Open Library's, after the ISBNs) does not fold such books into one.
    /// Reading, ``GoodreadsReader`` knows it by its prefix and leaves it out.
    static func ownBookId(_ work: Work) -> String {
        ownBookIdPrefix + String(BookID.make("goodreads-book-id", work.id).filter { $0 != "-" }.prefix(16))
    }

    /// What every ``ownBookId(_:)`` starts with.
    static let ownBookIdPrefix = "mwkit-"

    /// Writes the file atomically.
    /// The registry's writer: to `output.url`, or standard output when it is nil.
    @Sendable public static func write(_ library: BookLibrary, _ output: FormatOutput) throws -> [Diagnostic] {
        if let url = output.url { try write(library, to: url) } else { FileHandle.standardOutput.write(Data(try write(library))) }
        return dropped(library)
    }

    /// One `field-dropped` warning per value of the library this layout has no column for,
    /// with how many records had it.
    public static func dropped(_ library: BookLibrary) -> [Diagnostic] {
        let reads = library.entries.filter { $0.earlierReads.contains { $0.dateStarted != nil || $0.dateCompleted != nil } }.count
        // Contributors the layout holds only as a Goodreads credit list, written in Additional Authors.
        let authorNames = Dictionary(library.authors.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let workAuthors = Dictionary(library.works.map { ($0.id, $0.authorIds.compactMap { authorNames[$0] }) }, uniquingKeysWith: { a, _ in a })
        let people = library.editions.filter { !$0.contributors.isEmpty && credits(workAuthors[$0.workId] ?? [], $0) == nil }.count
        let started = library.entries.filter { $0.dateStarted != nil }.count
        // Progress the shelves do not already say: a read book's full progress is its `read` shelf.
        let progress = library.entries.filter { e in
            e.currentPage > 0 || (e.readingProgress > 0 && !(e.readingStatus == .read && e.readingProgress == 1))
        }.count
        // `My Rating` is whole stars: a half or quarter star (StoryGraph's 4.25) is rounded.
        let rounded = library.entries.filter { e in e.personalRating.map { $0 != $0.rounded() && e.rating == nil } ?? false }.count
        var out: [Diagnostic] = []
        if started > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv cannot hold the date a read started (it has Date Read only): dropped from \(started) record(s)", pointer: "/entries"))
        }
        if progress > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv cannot hold reading progress (current page): dropped from \(progress) record(s)", pointer: "/entries"))
        }
        if rounded > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv holds whole stars only: a rating with a fraction rounded in \(rounded) record(s)", pointer: "/entries"))
        }
        if reads > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv cannot hold the dates of earlier reads (their number is in Read Count): dropped from \(reads) record(s)", pointer: "/entries"))
        }
        // Other services' ids (Goodreads' own is `Book Id`): no column holds them.
        let ids = library.works.filter { !$0.librarythingIDs.isEmpty || !$0.amazonASINs.isEmpty || $0.openLibraryWorkID != nil || $0.isbndbID != nil
            || $0.googleBooksVolumeID != nil || !$0.googleBooksVolumeIDs.isEmpty }.count
            + library.editions.filter { !$0.librarythingIDs.isEmpty || !$0.amazonASINs.isEmpty || $0.openLibraryEditionID != nil || $0.isbndbID != nil
            || $0.googleBooksVolumeID != nil || !$0.googleBooksVolumeIDs.isEmpty }.count
        if ids > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv cannot hold other services' ids (LibraryThing, Open Library, ASIN, Google Books, ISBNdb): dropped from \(ids) record(s)", pointer: "/works"))
        }
        if people > 0 {
            out.append(.warning(.fieldDropped, "goodreads-csv cannot hold edition contributors (translators, narrators…): dropped from \(people) record(s)", pointer: "/editions"))
        }
        return out
    }

    public static func write(_ library: BookLibrary, to url: URL) throws {
        try AtomicFile.write(try write(library), to: url)
    }

    static func row(_ work: Work, _ authors: [String: String], _ e: Edition?, _ entry: LibraryEntry, bookId: String, full: Bool) -> [String] {
        let names = work.authorIds.compactMap { authors[$0] }
        // Stored ISBNs may keep their hyphens (`978-0-8021-4257-3`): the columns take the bare digits.
        let isbns = (e.map { ([$0.isbn].compactMap { $0 } + $0.isbns) } ?? []).map { ISBN.normalize($0) ?? $0 }
        let isbn10 = isbns.first { $0.count == 10 } ?? ""
        let isbn13 = isbns.first { $0.count == 13 } ?? ""
        let rating = entry.rating ?? entry.personalRating.map { Int(($0).rounded(.toNearestOrAwayFromZero)) } ?? 0
        let exclusive = shelf(entry)
        var shelves = [exclusive]
        shelves.appendUnique(entry.tags)
        return [
            bookId, work.title, names.first ?? "", names.first.map(lastFirst) ?? "", additionalAuthors(names, e).joined(separator: ", "),
            "=\"\(isbn10)\"", "=\"\(isbn13)\"", full ? String(rating) : "0", "", e?.publisher ?? "", e.map { binding($0.format) } ?? "",
            e?.pageCount.map(String.init) ?? "", e?.publicationDate ?? "", work.firstPublicationYear.map(String.init) ?? "",
            full ? entry.dateCompleted.map(day) ?? "" : "", day(entry.dateAdded), shelves.joined(separator: ", "), "", exclusive,
            full ? (entry.notes ?? "").replacingOccurrences(of: "\n", with: "<br/>") : "",
            full && entry.reviewHasSpoilers ? "true" : "", full ? entry.privateNotes ?? "" : "",
            full ? String(readCount(entry)) : "0", String(entry.ownedCopies ?? 0),
        ]
    }

    /// `Additional Authors`: the authors after the first; or the list a Goodreads export gave
    /// that named someone again (the author once more as, say, translator), which the edition
    /// keeps as contributors without roles (``GoodreadsReader``): written back as it was when
    /// they are all authors of the work and name every additional one.
    static func additionalAuthors(_ names: [String], _ e: Edition?) -> [String] {
        credits(names, e) ?? Array(names.dropFirst())
    }

    /// The edition's contributors as a Goodreads credit list (see ``additionalAuthors(_:_:)``),
    /// or nil when they are not one.
    static func credits(_ names: [String], _ e: Edition?) -> [String]? {
        guard let e, !e.contributors.isEmpty, e.contributors.allSatisfy({ $0.roles.isEmpty && names.contains($0.name) }) else { return nil }
        let credits = e.contributors.map(\.name)
        return Set(names.dropFirst()).isSubset(of: credits) ? credits : nil
    }

    /// `Read Count`: the entry's own, else its dated earlier reads and the current one (a book
    /// on the read shelf has been read once).
    static func readCount(_ entry: LibraryEntry) -> Int {
        entry.readCount ?? entry.earlierReads.count + (entry.readingStatus == .read ? 1 : 0)
    }

    /// The exclusive shelf: Goodreads' own for the statuses it has; for on hold and did not
    /// finish, the user's tag naming that status when there is one (`wont-finish`), else
    /// `on-hold` / `did-not-finish`.
    static func shelf(_ entry: LibraryEntry) -> String {
        let standard = GoodreadsReader.shelf(for: entry.readingStatus)
        guard entry.readingStatus == .onHold || entry.readingStatus == .dnf else { return standard }
        return entry.tags.first { ReadingStatus.from($0) == entry.readingStatus } ?? standard
    }

    static func binding(_ f: EditionFormat) -> String {
        switch f {
        case .hardcover: return "Hardcover"
        case .paperback: return "Paperback"
        case .ebook: return "ebook"
        case .audiobook: return "Audiobook"
        case .massMarket: return "Mass Market Paperback"
        }
    }

    /// `Author l-f`: the model keeps no sort name (an author is one display name), so it is
    /// derived — the surname with its particles, a suffix after the given names
    /// (``Author/sortName(_:)``: `Ursula K. Le Guin` → `Le Guin, Ursula K.`).
    static func lastFirst(_ name: String) -> String { Author.sortName(name) }

    static func day(_ d: Date) -> String {
        String(DateCoding.formatRFC3339(d).prefix(10)).replacingOccurrences(of: "-", with: "/")
    }
}

