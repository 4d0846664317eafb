import Foundation
import MWFoundation

/// docs/SPEC.md "Books: external IDs": merging identifiers never duplicates one and never
/// drops one; the order they were first seen in is kept.
extension Work {
    /// Adds `other`'s external identifiers that this work lacks (arrays unioned, single ids
    /// filled when empty). True when anything changed.
    @discardableResult
    public mutating func mergeExternalIDs(from other: Work) -> Bool {
        mergeIDs(from: other, dropEmpty: true)
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
        var changed = mergeIDs(from: other, dropEmpty: true)
        if isbn == nil, let p = Edition.primary(isbns) { isbn = p; changed = true }
        return changed
    }

    /// ISBN match keys of every ISBN the edition holds.
    var isbnKeys: [String] { ISBN.matchKeys([isbn].compactMap { $0 } + isbns) }

    /// The primary ISBN of a list: its first ISBN-13, else its first value (docs/SPEC.md Part II `primaryISBN`).
    static func primary(_ isbns: [String]) -> String? { isbns.first { $0.count == 13 } ?? isbns.first }
}

/// A book record's external identifiers, named once: the lists (unioned on a merge, first-seen
/// order kept) and the single ids (filled when empty). Import enrichment
/// (``Work/mergeExternalIDs(from:)``) and the library merge (LibraryMerger's `combine`) both
/// merge through them, so an identifier added to a model is merged everywhere.
protocol ExternalIdentified {
    /// Calls `list` with each id list of this record and `other`'s, then `single` with each
    /// single id; true when any call returned true. (Fields named in code, not as tables of key
    /// paths: those were projected at run time, and allocated, on every merge of a record.)
    mutating func eachID(_ other: Self, list: (inout [String], [String]) -> Bool, single: (inout String?, String?) -> Bool) -> Bool
}

extension ExternalIdentified {
    /// Adds `other`'s identifiers this record lacks. `dropEmpty`: empty strings in `other`'s
    /// lists are not added (an import's blank cells). True when anything changed.
    @discardableResult
    mutating func mergeIDs(from other: Self, dropEmpty: Bool) -> Bool {
        eachID(other, list: { dropEmpty ? Work.union(&$0, $1) : $0.appendUnique($1) }, single: { Work.fill(&$0, $1) })
    }
}

extension Work: ExternalIdentified {
    mutating func eachID(_ o: Work, list: (inout [String], [String]) -> Bool, single: (inout String?, String?) -> Bool) -> Bool {
        var changed = list(&goodreadsWorkIDs, o.goodreadsWorkIDs)
        changed = list(&amazonASINs, o.amazonASINs) || changed
        changed = list(&librarythingIDs, o.librarythingIDs) || changed
        changed = list(&googleBooksVolumeIDs, o.googleBooksVolumeIDs) || changed
        changed = single(&openLibraryWorkID, o.openLibraryWorkID) || changed
        changed = single(&isbndbID, o.isbndbID) || changed
        return single(&googleBooksVolumeID, o.googleBooksVolumeID) || changed
    }
}

extension Edition: ExternalIdentified {
    /// The ISBNs count among them; the primary `isbn` is kept apart (``mergeExternalIDs(from:)``).
    mutating func eachID(_ o: Edition, list: (inout [String], [String]) -> Bool, single: (inout String?, String?) -> Bool) -> Bool {
        var changed = list(&isbns, o.isbns)
        changed = list(&amazonASINs, o.amazonASINs) || changed
        changed = list(&googleBooksVolumeIDs, o.googleBooksVolumeIDs) || changed
        changed = list(&librarythingIDs, o.librarythingIDs) || changed
        changed = single(&openLibraryEditionID, o.openLibraryEditionID) || changed
        changed = single(&isbndbID, o.isbndbID) || changed
        return single(&googleBooksVolumeID, o.googleBooksVolumeID) || changed
    }
}
