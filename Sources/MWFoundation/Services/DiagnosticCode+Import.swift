
/// Codes of the third-party export readers of both families (docs/DIAGNOSTICS.md "Third-party imports").
extension DiagnosticCode {
    /// A row that cannot become an item (no title, unreadable JSON element, bad numbers).
    public static let importMalformedRow: DiagnosticCode = "import-malformed-row"
    /// A value that cannot be read (rating off the scale, unreadable date); the rest of the row is kept.
    public static let importBadValue: DiagnosticCode = "import-bad-value"
    /// A whole file that cannot be read (NUL bytes, not JSON, no header).
    public static let importMalformedFile: DiagnosticCode = "import-malformed-file"
    /// A file that holds credentials or personal profile data; never opened.
    public static let importWithheldFile: DiagnosticCode = "import-withheld-file"
    /// A file in an input that no reader recognises.
    public static let importUnrecognizedFile: DiagnosticCode = "import-unrecognized-file"
    /// A file carrying the signature of two services at once (their header sets, JSON shapes):
    /// not read, since either reading could be wrong; `--from` names the one it is.
    public static let importAmbiguousService: DiagnosticCode = "import-ambiguous-service"
    /// A file recognised by its header whose role had to be guessed from its name.
    public static let importAmbiguousFile: DiagnosticCode = "import-ambiguous-file"
    /// A row naming a film only by title and year when several films of the export share them;
    /// it is joined to the first.
    public static let importAmbiguousRow: DiagnosticCode = "import-ambiguous-row"
    /// A decision in the review file that cannot be read, conflicts with another row of the
    /// same key, or names no item of the import; the item concerned stays in review.
    public static let importReviewDecision: DiagnosticCode = "import-review-decision"
    /// An input path that holds no recognised export at all.
    public static let importNoExport: DiagnosticCode = "import-no-export"

    /// Every code of the export readers (the review decision code is listed with the matcher's).
    public static let imports: [DiagnosticCode] = [
        .importMalformedRow, .importBadValue, .importMalformedFile, .importWithheldFile,
        .importUnrecognizedFile, .importAmbiguousService, .importAmbiguousFile, .importAmbiguousRow, .importNoExport,
    ]
}
