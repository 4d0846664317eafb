import MWFoundation

/// Codes of the TMDb matcher (docs/DIAGNOSTICS.md "Third-party imports").
extension DiagnosticCode {
    /// Items whose TMDb lookup did not complete (offline and not cached, or a TMDb error after
    /// retries); they are in the review file and a later run may match them.
    public static let importMatchIncomplete: DiagnosticCode = "import-match-incomplete"

    /// Every code declared by the matcher.
    public static let matching: [DiagnosticCode] = [.importReviewDecision, .importMatchIncomplete]
}
