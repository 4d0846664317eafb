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

/// A service whose identifiers a book record holds: what ``BookIDFields/idServices``
/// lists, strongest first (docs/BOOKS.md "Identity").
enum BookIDService {
    /// The list of ids only one kind of record holds (``BookIDFields/ownIDs``).
    case own
    case librarything, asin, googleBooks, openLibrary, isbndb
}

/// A book record's external identifiers, described once (``eachID(of:_:)``): the library merge's
/// keys (``BookIdentity/externalKeys(_:)``) and every merge of ids (``mergeIDs(from:dropEmpty:)``:
/// import enrichment, the import's row folding, the library merge's `combine`) go through it,
/// so an identifier added there is keyed and merged everywhere.
protocol ExternalIdentified {
    /// Hands `v` each id field of `r`, strongest key first.
    static func eachID<V: ExternalIDVisitor<Self>>(of r: Self, _ v: inout V)
}

/// The ids works and editions hold: the fields the two share, the two each names its own way,
/// and the order of their keys.
protocol BookIDFields: ExternalIdentified {
    /// A work's Goodreads work ids, an edition's ISBNs.
    var ownIDs: [String] { get set }
    /// The key prefix of ``ownIDs``; nil for ISBNs, which are keyed by their match keys (``Edition/isbnKeys``).
    static var ownPrefix: String? { get }
    /// A work's Open Library work id, an edition's Open Library edition id.
    var openLibraryID: String? { get set }
    var amazonASINs: [String] { get set }
    var librarythingIDs: [String] { get set }
    var googleBooksVolumeID: String? { get set }
    var googleBooksVolumeIDs: [String] { get set }
    var isbndbID: String? { get set }
    /// Every service the record holds ids of, strongest key first; a service's ids keep the order given here.
    static var idServices: [BookIDService] { get }
    mutating func mergeExternalIDs(from other: Self) -> Bool
}

/// What ``ExternalIdentified/eachID(of:_:)`` does with each id field of a record `r` (passed,
/// not held: a visitor holding it was a copy of every record): `prefix` is its key prefix
/// (nil: not keyed by its text). Generic, and always inlined into ``ExternalIdentified/eachID(of:_:)``:
/// then each key path is a literal the optimizer turns into a plain field access (a table of
/// key paths was looked up at run time for every record merged).
protocol ExternalIDVisitor<Record> {
    associatedtype Record
    mutating func list(_ prefix: String?, _ field: WritableKeyPath<Record, [String]>, of r: Record)
    mutating func single(_ prefix: String, _ field: WritableKeyPath<Record, String?>, of r: Record)
}

extension BookIDFields {
    /// Hands `v` each id field of `r`, in ``idServices`` order.
    @inline(__always)
    static func eachID<V: ExternalIDVisitor<Self>>(of r: Self, _ v: inout V) {
        for s in idServices {
            switch s {
            case .own: v.list(ownPrefix, \.ownIDs, of: r)
            case .librarything: v.list("librarything:", \.librarythingIDs, of: r)
            case .asin: v.list("asin:", \.amazonASINs, of: r)
            case .googleBooks:
                v.single("googlebooks:", \.googleBooksVolumeID, of: r)
                v.list("googlebooks:", \.googleBooksVolumeIDs, of: r)
            case .openLibrary: v.single("openlibrary:", \.openLibraryID, of: r)
            case .isbndb: v.single("isbndb:", \.isbndbID, of: r)
            }
        }
    }
}

extension ExternalIdentified {
    /// Adds `other`'s identifiers this record lacks. `dropEmpty`: empty strings in `other`'s
    /// lists are not added (an import's blank cells). True when anything changed.
    @discardableResult
    mutating func mergeIDs(from other: Self, dropEmpty: Bool) -> Bool {
        // Moved into the merge and back, not copied.
        var m = IDMerge(mine: consume self, dropEmpty: dropEmpty)
        Self.eachID(of: other, &m)
        self = m.mine
        return m.changed
    }
}

/// Lists unioned (first-seen order kept), single ids filled when empty.
private struct IDMerge<Record>: ExternalIDVisitor {
    var mine: Record
    let dropEmpty: Bool
    var changed = false

    @inline(__always)
    mutating func list(_ prefix: String?, _ field: WritableKeyPath<Record, [String]>, of theirs: Record) {
        let new = theirs[keyPath: field]
        // Nearly always empty; then the field is not written (a write of a seldom-set id makes
        // the record a new box of them).
        guard !new.isEmpty else { return }
        changed = (dropEmpty ? Work.union(&mine[keyPath: field], new) : mine[keyPath: field].appendUnique(new)) || changed
    }

    @inline(__always)
    mutating func single(_ prefix: String, _ field: WritableKeyPath<Record, String?>, of theirs: Record) {
        guard mine[keyPath: field] == nil, let new = theirs[keyPath: field] else { return }
        mine[keyPath: field] = new
        changed = true
    }
}

extension Work: BookIDFields {
    var ownIDs: [String] { get { goodreadsWorkIDs } _modify { yield &goodreadsWorkIDs } }
    static let ownPrefix: String? = "goodreads:"
    var openLibraryID: String? { get { openLibraryWorkID } set { openLibraryWorkID = newValue } }
    static let idServices: [BookIDService] = [.own, .librarything, .asin, .googleBooks, .openLibrary, .isbndb]
}

extension Edition: BookIDFields {
    /// The ISBNs count among them; the primary `isbn` is kept apart (``mergeExternalIDs(from:)``).
    var ownIDs: [String] { get { isbns } _modify { yield &isbns } }
    static let ownPrefix: String? = nil
    var openLibraryID: String? { get { openLibraryEditionID } set { openLibraryEditionID = newValue } }
    static let idServices: [BookIDService] = [.openLibrary, .isbndb, .asin, .googleBooks, .librarything, .own]
}

extension Author: ExternalIdentified {
    static func eachID<V: ExternalIDVisitor<Author>>(of r: Author, _ v: inout V) {
        v.single("goodreads:", \.goodreadsID, of: r)
        v.single("openlibrary:", \.openLibraryID, of: r)
        v.single("isbndb:", \.isbndbID, of: r)
        v.single("googlebooks:", \.googleBooksID, of: r)
    }
}
