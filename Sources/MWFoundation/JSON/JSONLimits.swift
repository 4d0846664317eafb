/// Limits the JSON reader enforces so hostile input fails with a diagnostic, not a crash or hang.
public struct JSONLimits: Sendable {
    /// Deepest nesting of arrays/objects accepted.
    public var maxDepth: Int = 64
    /// Longest string value, in bytes.
    public var maxStringBytes: Int = 1 << 20
    /// Longest number literal, in bytes: a guard against a hostile input, not a range check —
    /// a valid number written out in full (`-0.000…0001` with 78 zeros, an ordinary double) is
    /// read; only a magnitude that overflows a double is out of range (its reader says so).
    public var maxNumberBytes: Int = 1 << 20
    public init() {}
}
