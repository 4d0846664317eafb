import Foundation
import MWFoundation

/// seeds/001 "External ID Management": merging identifiers never duplicates one and never
/// drops one; the order they were first seen in is kept.
extension Work {
    /// Adds `other`'s external identifiers that this work lacks (arrays unioned, single ids
    /// filled when empty). True when anything changed.
    @discardableResult
    public mutating func mergeExternalIDs(from other: Work) -> Bool {
        var changed = false
        changed = Self.union(&goodreadsWorkIDs, other.goodreadsWorkIDs) || changed
        changed = Self.union(&amazonASINs, other.amazonASINs) || changed
        changed = Self.union(&librarythingIDs, other.librarythingIDs) || changed
        changed = Self.union(&googleBooksVolumeIDs, other.googleBooksVolumeIDs) || changed
        changed = Self.fill(&openLibraryWorkID, other.openLibraryWorkID) || changed
        changed = Self.fill(&isbndbID, other.isbndbID) || changed
        changed = Self.fill(&googleBooksVolumeID, other.googleBooksVolumeID) || changed
        return changed
    }

    static func union(_ list: inout [String], _ new: [String]) -> Bool {
        list.appendUnique(new.lazy.filter { !$0.isEmpty })
    }

    static func fill<T: Equatable>(_ value: inout T?, _ new: T?) -> Bool {
        guard value == nil, let new else { return false }
        value = new
        return true
    }
}

extension Edition {
    /// Adds `other`'s ISBNs and external identifiers that this edition lacks. True when anything changed.
    @discardableResult
    public mutating func mergeExternalIDs(from other: Edition) -> Bool {
        var changed = false
        changed = Work.union(&isbns, other.isbns) || changed
        changed = Work.union(&amazonASINs, other.amazonASINs) || changed
        changed = Work.union(&googleBooksVolumeIDs, other.googleBooksVolumeIDs) || changed
        changed = Work.union(&librarythingIDs, other.librarythingIDs) || changed
        changed = Work.fill(&openLibraryEditionID, other.openLibraryEditionID) || changed
        changed = Work.fill(&isbndbID, other.isbndbID) || changed
        changed = Work.fill(&googleBooksVolumeID, other.googleBooksVolumeID) || changed
        if isbn == nil, let p = Edition.primary(isbns) { isbn = p; changed = true }
        return changed
    }

    /// ISBN match keys of every ISBN the edition holds.
    var isbnKeys: [String] { ISBN.matchKeys([isbn].compactMap { $0 } + isbns) }

    /// The primary ISBN of a list: its first ISBN-13, else its first value (seeds/001 `primaryISBN`).
    static func primary(_ isbns: [String]) -> String? { isbns.first { $0.count == 13 } ?? isbns.first }
}
