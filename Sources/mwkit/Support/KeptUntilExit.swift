import MWFoundation

/// Values a command hands to the process's exit instead of freeing them: `mwkit` runs one
/// command and ends, and freeing a large result (a 50,000-book library is ~600,000 strings
/// and arrays) one object at a time only delays that end.
///
/// Held by a global, never emptied, rather than retained once too often: memory a global
/// still reaches is kept, not lost, for LeakSanitizer (`make test-sanitize`), which reported
/// every `mwkit import` of a book export as a leak and failed its exit status.
enum KeptUntilExit {
    private static let held = Locked<[any Sendable]>([])

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: some Sendable) {
        held.withLock { $0.append(value) }
    }
}
