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
    static var idLists: [WritableKeyPath<Self, [String]>] { get }
    static var singleIDs: [WritableKeyPath<Self, String?>] { get }
}

extension ExternalIdentified {
    /// Adds `other`'s identifiers this record lacks. `dropEmpty`: empty strings in `other`'s
    /// lists are not added (an import's blank cells). True when anything changed.
    @discardableResult
    mutating func mergeIDs(from other: Self, dropEmpty: Bool) -> Bool {
        var changed = false
        for k in Self.idLists {
            let added = dropEmpty ? Work.union(&self[keyPath: k], other[keyPath: k]) : self[keyPath: k].appendUnique(other[keyPath: k])
            changed = added || changed
        }
        for k in Self.singleIDs { changed = Work.fill(&self[keyPath: k], other[keyPath: k]) || changed }
        return changed
    }
}

extension Work: ExternalIdentified {
    static var idLists: [WritableKeyPath<Work, [String]>] { [\.goodreadsWorkIDs, \.amazonASINs, \.librarythingIDs, \.googleBooksVolumeIDs] }
    static var singleIDs: [WritableKeyPath<Work, String?>] { [\.openLibraryWorkID, \.isbndbID, \.googleBooksVolumeID] }
}

extension Edition: ExternalIdentified {
    /// The ISBNs count among them; the primary `isbn` is kept apart (``mergeExternalIDs(from:)``).
    static var idLists: [WritableKeyPath<Edition, [String]>] { [\.isbns, \.amazonASINs, \.googleBooksVolumeIDs, \.librarythingIDs] }
    static var singleIDs: [WritableKeyPath<Edition, String?>] { [\.openLibraryEditionID, \.isbndbID, \.googleBooksVolumeID] }
}
