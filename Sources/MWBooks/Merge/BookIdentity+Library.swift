import Foundation
import MWFoundation

/// The keys a record of a books library is recognised by across libraries (seeds/001
/// "External ID Management"): shared external ids, ISBNs (ISBN-10 and -13 of one book alike),
/// else the normalised title and primary author (works) or normalised name (authors). Used by
/// the library merge; the folding is the import's (``BookIdentity/titleKey(_:)``,
/// ``ISBN/matchKey(_:)``), so a library merge and an import recognise a book alike.
extension BookIdentity {
    /// A name or title folded for comparison (the film imports' `TitleNormalizer`).
    static func normalize(_ s: String) -> String { authorKey(s) }

    /// The external-id keys of a work, strongest first.
    static func externalKeys(_ w: Work) -> [String] {
        var k: [String] = []
        k += w.goodreadsWorkIDs.map { "goodreads:" + $0 }
        k += w.librarythingIDs.map { "librarything:" + $0 }
        k += w.amazonASINs.map { "asin:" + $0 }
        k += ([w.googleBooksVolumeID].compactMap { $0 } + w.googleBooksVolumeIDs).map { "googlebooks:" + $0 }
        if let v = w.openLibraryWorkID { k.append("openlibrary:" + v) }
        if let v = w.isbndbID { k.append("isbndb:" + v) }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// The ISBN keys of an edition (its `isbn` and `isbns`).
    static func isbnKeys(_ e: Edition) -> [String] {
        e.isbnKeys.map { "isbn:" + $0 }
    }

    /// The other external-id keys of an edition.
    static func editionKeys(_ e: Edition) -> [String] {
        var k: [String] = []
        if let v = e.openLibraryEditionID { k.append("openlibrary:" + v) }
        if let v = e.isbndbID { k.append("isbndb:" + v) }
        k += e.amazonASINs.map { "asin:" + $0 }
        k += ([e.googleBooksVolumeID].compactMap { $0 } + e.googleBooksVolumeIDs).map { "googlebooks:" + $0 }
        k += e.librarythingIDs.map { "librarything:" + $0 }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// The keys of an author: external ids, then the normalised name.
    static func authorKeys(_ a: Author) -> [String] {
        var k: [String] = []
        if let v = a.goodreadsID { k.append("goodreads:" + v) }
        if let v = a.openLibraryID { k.append("openlibrary:" + v) }
        if let v = a.isbndbID { k.append("isbndb:" + v) }
        if let v = a.googleBooksID { k.append("googlebooks:" + v) }
        let n = normalize(a.name)
        if !n.isEmpty { k.append("name:" + n) }
        return k.filter { !$0.hasSuffix(":") }
    }

    /// "title:<title>|<primary author>" for a work whose primary author's name is `author`;
    /// nil without an author (a title alone never merges two works).
    static func titleKey(_ title: String, author: String?) -> String? {
        titleAuthorKey(title, author).map { "title:" + $0 }
    }
}

extension Array where Element: Hashable {
    /// `self` followed by the elements of `other` it lacks, in their order.
    func union(_ other: [Element]) -> [Element] {
        var out = self
        out.appendUnique(other)
        return out
    }
}
