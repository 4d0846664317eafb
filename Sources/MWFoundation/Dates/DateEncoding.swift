/// How numeric dates in a JSON document (v1 backups, foreign exports) are interpreted (`--date-encoding`).
public enum DateEncoding: String, Sendable, CaseIterable {
    /// Seconds since 2001-01-01T00:00:00Z: Swift `JSONEncoder`'s default, what the app writes.
    case reference
    /// Seconds since 1970-01-01T00:00:00Z.
    case unix
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case unixMs = "unix-ms"
    /// ISO 8601 strings only; a numeric date is an error.
    case iso8601
}
