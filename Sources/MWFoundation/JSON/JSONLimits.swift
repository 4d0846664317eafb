/// Limits the JSON reader enforces so hostile input fails with a diagnostic, not a crash or hang.
public struct JSONLimits: Sendable {
    /// Deepest nesting of arrays/objects accepted.
    public var maxDepth: Int = 64
    /// Longest string value, in bytes.
    public var maxStringBytes: Int = 1 << 20
    /// Longest number literal, in bytes.
    public var maxNumberBytes: Int = 64
    public init() {}
}
