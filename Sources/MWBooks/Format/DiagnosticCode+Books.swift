import MWCore
import MWFoundation

/// Codes of the `bookstrack-v1` format and the docs/SPEC.md Part II invariants (docs/DIAGNOSTICS.md
/// "Books"). The structural codes the format shares with the MediaWatch formats (schema-type,
/// schema-required, schema-unknown-key, schema-range, date-invalid, format-unknown-version,
/// id-duplicate, the json-* codes) keep their MWCore/MWFoundation names.
extension DiagnosticCode {
    /// A work's title is empty or only white space.
    public static let bookTitleEmpty: DiagnosticCode = "book-title-empty"
    /// An author's name is empty or only white space.
    public static let bookAuthorNameEmpty: DiagnosticCode = "book-author-name-empty"
    /// A work lists an author id no author has.
    public static let bookWorkAuthorMissing: DiagnosticCode = "book-work-author-missing"
    /// An edition's `workId` names no work.
    public static let bookEditionWorkMissing: DiagnosticCode = "book-edition-work-missing"
    /// An entry's `workId` names no work.
    public static let bookEntryWorkMissing: DiagnosticCode = "book-entry-work-missing"
    /// An entry's `editionId` names no edition.
    public static let bookEntryEditionMissing: DiagnosticCode = "book-entry-edition-missing"
    /// An entry's edition belongs to another work than the entry.
    public static let bookEntryEditionMismatch: DiagnosticCode = "book-entry-edition-mismatch"
    /// A second entry for one work (docs/SPEC.md Part II: one entry per work).
    public static let bookEntryDuplicate: DiagnosticCode = "book-entry-duplicate"
    /// A wishlist entry with an edition, or an entry of another status without one
    /// (docs/SPEC.md Part II: wishlist ⇔ no edition).
    public static let bookWishlistEdition: DiagnosticCode = "book-wishlist-edition"
    /// `rating` outside 1–5.
    public static let bookRatingRange: DiagnosticCode = "book-rating-range"
    /// `personalRating` outside 0–5.
    public static let bookPersonalRatingRange: DiagnosticCode = "book-personal-rating-range"
    /// `readingProgress` outside 0–1.
    public static let bookProgressRange: DiagnosticCode = "book-progress-range"
    /// `notes` longer than 2,000 characters.
    public static let bookNotesLength: DiagnosticCode = "book-notes-length"
    /// `currentPage` negative or beyond the edition's `pageCount`.
    public static let bookCurrentPageRange: DiagnosticCode = "book-current-page-range"
    /// `dateCompleted` before `dateStarted`.
    public static let bookDatesOrder: DiagnosticCode = "book-dates-order"
    /// An ISBN whose check digit (or shape) is wrong — a warning: real exports carry them.
    public static let bookISBNInvalid: DiagnosticCode = "book-isbn-invalid"

    /// Every code declared by MWBooks for the `bookstrack-v1` format and its invariants.
    public static let bookstrack: [DiagnosticCode] = [
        .bookTitleEmpty, .bookAuthorNameEmpty, .bookWorkAuthorMissing, .bookEditionWorkMissing,
        .bookEntryWorkMissing, .bookEntryEditionMissing, .bookEntryEditionMismatch, .bookEntryDuplicate,
        .bookWishlistEdition, .bookRatingRange, .bookPersonalRatingRange, .bookProgressRange,
        .bookNotesLength, .bookCurrentPageRange, .bookDatesOrder, .bookISBNInvalid,
    ]

    /// The shared codes the `bookstrack-v1` reader reports besides ``bookstrack`` (each has a
    /// sample under Samples/books/).
    public static let bookstrackShared: [DiagnosticCode] = [
        .jsonSyntax, .jsonDuplicateKey, .formatUnknownVersion, .schemaType, .schemaRequired,
        .schemaUnknownKey, .schemaRange, .dateInvalid, .idDuplicate,
    ]
}
