import Foundation
import MWFoundation

/// The keys identity is decided on (docs/SPEC.md "Books: external IDs"): an edition is found
/// by ISBN; a work by any shared external ID or ISBN, else by normalised title + primary
/// author; an author by normalised name.
enum BookIdentity {
    /// A title folded for matching: case, diacritics, punctuation (the film imports'
    /// `TitleNormalizer`), and without the series Goodreads appends
    /// (`The Way of Kings (The Stormlight Archive, #1)`), which StoryGraph and LibraryThing do not.
    static func titleKey(_ title: String) -> String {
        let t = title.trimmedBlanks(newlines: false)
        let u = Array(t.utf8)
        // The last " (" and a "#" after it, on the bytes (both ASCII).
        if u.last == UInt8(ascii: ")"), let open = u.indices.dropLast().last(where: { u[$0] == 0x20 && u[$0 + 1] == UInt8(ascii: "(") }),
           u[(open + 2)...].contains(UInt8(ascii: "#")) {
            return TitleNormalizer.normalize(String(decoding: u[..<open], as: UTF8.self))
        }
        return TitleNormalizer.normalize(t)
    }

    /// An author's name folded for matching (`J.K. Rowling` = `J. K. Rowling`; `Rowling, J.K.`
    /// is turned around by the readers first).
    static func authorKey(_ name: String) -> String { TitleNormalizer.normalize(name) }

    /// The title + primary author key; nil without an author (a title alone never merges).
    static func titleAuthorKey(_ title: String, _ primaryAuthor: String?) -> String? {
        guard let a = primaryAuthor.map(authorKey), !a.isEmpty else { return nil }
        let t = titleKey(title)
        return t.isEmpty ? nil : t + "|" + a
    }

    /// Whether two sides carry ids of one service and share none: then they are two books,
    /// whatever their titles (a collection and a story of one title and author, a series and
    /// its sequel). Title + author matching is for sides without such ids only.
    static func idsDiffer(_ a: [String], _ b: [String]) -> Bool {
        !a.isEmpty && !b.isEmpty && !a.contains(where: b.contains)
    }

    /// ``idsDiffer(_:_:)`` for a row and a work: Goodreads, LibraryThing work and Open Library
    /// work ids; or both give the work's first publication and the years differ (a collection
    /// of 1998 and the story of 2004 that gave it its title are two works).
    static func contradicts(_ row: BookRow, _ w: Work) -> Bool {
        idsDiffer(row.goodreadsIDs, w.goodreadsWorkIDs) || idsDiffer(row.librarythingWorkIDs, w.librarythingIDs)
            || idsDiffer(row.openLibraryWorkID.map { [$0] } ?? [], w.openLibraryWorkID.map { [$0] } ?? [])
            || yearsDiffer(row.originalPublicationYear, w.firstPublicationYear)
    }

    /// ``contradicts(_:_:)`` for two works: every service id a work holds, and the first publication year.
    static func contradicts(_ a: Work, _ b: Work) -> Bool {
        func one(_ x: String?) -> [String] { x.map { [$0] } ?? [] }
        return idsDiffer(a.goodreadsWorkIDs, b.goodreadsWorkIDs) || idsDiffer(a.librarythingIDs, b.librarythingIDs)
            || idsDiffer(one(a.openLibraryWorkID), one(b.openLibraryWorkID)) || idsDiffer(one(a.isbndbID), one(b.isbndbID))
            || yearsDiffer(a.firstPublicationYear, b.firstPublicationYear)
    }

    static func yearsDiffer(_ a: Int?, _ b: Int?) -> Bool { a != nil && b != nil && a != b }

    /// External keys of a row, as the library merge names a work's (`BookIdentity.externalKeys(_: Work)`).
    static func externalKeys(_ row: BookRow) -> [String] {
        row.goodreadsIDs.map { "goodreads:" + $0 } + row.librarythingWorkIDs.map { "librarything:" + $0 } + row.asins.map { "asin:" + $0 }
            + (row.openLibraryWorkID.map { ["openlibrary:" + $0] } ?? [])
    }

    /// What a row stands for, strongest identifier first: names the work a row creates (its id
    /// is hashed from it) and, with the source, the row in review keys.
    static func rowKey(_ row: BookRow) -> String {
        if let id = row.goodreadsIDs.first { return "goodreads:" + id }
        if let id = row.librarythingWorkIDs.first { return "librarything:" + id }
        if let id = row.librarythingBookIDs.first { return "librarything-book:" + id }
        if let id = row.openLibraryWorkID { return "openlibrary:" + id + (row.openLibraryEditionID.map { "/" + $0 } ?? "") }
        if let k = row.isbnKeys.first { return "isbn:" + k }
        if let a = row.asins.first { return "asin:" + a }
        return "title:" + titleKey(row.title) + "|" + (row.authors.first.map(authorKey) ?? "")
    }

    /// Rows in an order that depends only on their content (source, identifiers, title,
    /// authors, then every value), so any order of the same rows gives the same library; in
    /// batches of at most `batchSize` rows, the first rows in the first batch. In batches so a
    /// fold frees each batch as it finishes it (the library it builds reuses that memory):
    /// one array of every row stayed whole until the last row was folded.
    static func canonicalOrder(_ rows: [BookRow], batchSize: Int = 4096) -> [[BookRow]] {
        // Indices are sorted, not the rows: a row is a large value, and moving it through the
        // sort cost more than the comparisons.
        // Rows that attach to a book by id (``BookRow/attaches``) come after every row that may name it.
        // The keys in a scope of their own: freed before the batches are copied out, not held
        // (six strings a row) beside both copies of the rows.
        let order: [Int] = {
            let keys = rows.map { r in
                [r.attaches ? "1" : "0", r.source.rawValue, rowKey(r), r.isbnKeys.joined(separator: " "), titleKey(r.title), r.authors.map(authorKey).joined(separator: ";")]
            }
            return rows.indices.sorted { a, b in
                if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
                return fingerprint(rows[a]) < fingerprint(rows[b])
            }
        }()
        return stride(from: 0, to: order.count, by: batchSize).map { start in
            order[start..<min(start + batchSize, order.count)].map { rows[$0] }
        }
    }

    /// Every value of a row but its position.
    static func fingerprint(_ row: BookRow) -> String {
        var r = row
        r.file = ""
        r.line = 0
        r.row = 0
        r.sourceIndex = 0
        return String(describing: r)
    }
}
