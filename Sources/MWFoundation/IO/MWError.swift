/// Errors of mwkit's library targets. Each maps to a documented exit code (``exitCode``).
public enum MWError: Error, CustomStringConvertible, Sendable {
    /// The input could not be read (missing, permission, not a file): exit 2.
    case io(String)
    /// A usage error (bad flag combination, unknown format name): exit 2.
    case usage(String)
    /// The input was read but is invalid; the diagnostics say why: exit 1.
    case invalid([Diagnostic])
    /// An operation failed for a reason given in the message: exit 1.
    case failed(String)

    public var description: String {
        switch self {
        case .io(let m), .usage(let m), .failed(let m): return m
        case .invalid(let d):
            let errs = d.filter { $0.severity == .error }
            return "invalid input: \(errs.count) error(s)" + (errs.first.map { "; first: [\($0.code)] \($0.pointer) \($0.message)" } ?? "")
        }
    }

    /// The process exit code this error maps to: 0 ok, 1 invalid/failed, 2 unreadable/usage.
    public var exitCode: Int32 {
        switch self {
        case .io, .usage: return 2
        case .invalid, .failed: return 1
        }
    }
}
