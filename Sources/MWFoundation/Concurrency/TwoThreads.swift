import Dispatch

/// Two pieces of work run at once, for the two halves of a large job (an export's rows, a
/// library's records being written).
public enum TwoThreads {
    /// Runs `first` and `second` at once, on the caller's thread and one other, and returns
    /// when both are done. The two must not touch the same mutable state: each writes only
    /// its own, and what both read is not changed meanwhile.
    public static func run(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let both = Both(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { k in k == 0 ? both.first() : both.second() }
            }
        }
    }

    /// The two closures handed to `concurrentPerform`. Unchecked: the caller keeps their state
    /// apart (``run(_:_:)``), and `concurrentPerform` returns only once both have returned.
    private struct Both: @unchecked Sendable {
        let first: () -> Void
        let second: () -> Void
    }
}
