/// A stable diagnostic code: never renamed or reused once shipped; docs/DIAGNOSTICS.md
/// describes each. Each target declares its own codes in an extension (`static let`), so a
/// new format adds codes without touching this file.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// Codes of the shared foundation: input, JSON syntax, limits.
extension DiagnosticCode {
    // Input and JSON syntax
    public static let ioUnreadable: DiagnosticCode = "io-unreadable"
    public static let jsonEmpty: DiagnosticCode = "json-empty"
    public static let jsonSyntax: DiagnosticCode = "json-syntax"
    public static let jsonTruncated: DiagnosticCode = "json-truncated"
    public static let jsonInvalidUTF8: DiagnosticCode = "json-invalid-utf8"
    public static let jsonDuplicateKey: DiagnosticCode = "json-duplicate-key"
    public static let jsonTooDeep: DiagnosticCode = "json-too-deep"
    public static let jsonNumberRange: DiagnosticCode = "json-number-range"
    public static let jsonNonFinite: DiagnosticCode = "json-non-finite"
    public static let jsonTooLarge: DiagnosticCode = "json-too-large"
    // Format detection and structure
    public static let formatUnrecognized: DiagnosticCode = "format-unrecognized"
    // Limits
    public static let limitReached: DiagnosticCode = "max-errors-reached"

    /// Every code declared by MWFoundation.
    public static let foundation: [DiagnosticCode] = [
        .ioUnreadable,
        .jsonEmpty,
        .jsonSyntax,
        .jsonTruncated,
        .jsonInvalidUTF8,
        .jsonDuplicateKey,
        .jsonTooDeep,
        .jsonNumberRange,
        .jsonNonFinite,
        .jsonTooLarge,
        .formatUnrecognized,
        .limitReached,
        .csvNotText,
        .csvRaggedRow,
        .csvMixedEncoding,
    ]
}
