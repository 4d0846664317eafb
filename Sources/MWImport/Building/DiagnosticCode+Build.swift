import MWFoundation

/// Codes of the library builder (docs/DIAGNOSTICS.md "Third-party imports").
extension DiagnosticCode {
    /// A list name longer than the model's 100 characters, shortened (the whole name is kept
    /// in the list's description).
    public static let importListName: DiagnosticCode = "import-list-name"
    /// Something read from an export that the model has no place for (an episode's TV Time
    /// emotion votes), counted.
    public static let importNotKept: DiagnosticCode = "import-not-kept"

    /// Every code declared by the builder.
    public static let building: [DiagnosticCode] = [.importListName, .importNotKept]
}
