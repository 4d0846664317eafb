import MWFoundation

/// Codes of the TMDb matcher (docs/DIAGNOSTICS.md "Third-party imports").
extension DiagnosticCode {
    /// A decision in the review file that cannot be read, conflicts with another row of the
    /// same key, or names no item of the import; the item concerned stays in review.
    public static let importReviewDecision: DiagnosticCode = "import-review-decision"
    /// Items whose TMDb lookup did not complete (offline and not cached, or a TMDb error after
    /// retries); they are in the review file and a later run may match them.
    public static let importMatchIncomplete: DiagnosticCode = "import-match-incomplete"

    /// Every code declared by the matcher.
    public static let matching: [DiagnosticCode] = [.importReviewDecision, .importMatchIncomplete]
}
