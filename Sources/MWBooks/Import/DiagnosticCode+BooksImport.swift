import MWFoundation

/// Codes of the book importers (docs/DIAGNOSTICS.md "Book imports"). The readers also use the
/// film imports' `import-malformed-row`, `import-bad-value`, `import-malformed-file`,
/// `import-unrecognized-file`, `import-no-export` and `import-review-decision`: same meaning.
extension DiagnosticCode {
    /// Two rows were folded into one work on title and primary author alone while their ISBNs
    /// disagree: the work is `pending` and the merge is listed in the review file.
    public static let booksImportMergeReview: DiagnosticCode = "books-import-merge-review"
    /// Rows folded into one library entry (or an import merged into an existing entry) disagree
    /// on a rating, a status or a count; the message names the value kept and the value not
    /// kept (reads are never dropped: both are kept).
    public static let booksImportEntryConflict: DiagnosticCode = "books-import-entry-conflict"
    /// Notes (the review) longer than the model's 2,000 characters: kept whole.
    public static let booksImportLongNote: DiagnosticCode = "books-import-long-note"
    /// A column holds values the BooksTrack model has no field for (Goodreads `Recommended
    /// For`, `Condition`…): counted per file, not imported.
    public static let booksImportUnkeptField: DiagnosticCode = "books-import-unkept-field"
    /// A status word (a custom exclusive shelf) that names no reading status mwkit knows:
    /// counted per file and word, kept as a tag; the status comes from the row's dates.
    public static let booksImportUnknownStatus: DiagnosticCode = "books-import-unknown-status"

    /// Every code declared by the book importers.
    public static let booksImport: [DiagnosticCode] = [
        .booksImportMergeReview, .booksImportEntryConflict, .booksImportLongNote, .booksImportUnkeptField, .booksImportUnknownStatus,
    ]
}
