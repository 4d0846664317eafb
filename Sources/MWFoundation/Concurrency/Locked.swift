import Foundation

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` — on a pthread mutex
/// (`NSLock`), which ThreadSanitizer sees.
///
/// Why not `Mutex`: on Linux a contended `Mutex` is handed from one thread to the next inside
/// the kernel (a priority-inheritance futex), a hand-over ThreadSanitizer cannot observe, so
/// every contended `Mutex` is reported as a data race — four threads counting under one
/// `Mutex` get the right total and a TSan report on every run; the same with `NSLock`, none.
/// `make test-sanitize` must stay clean without suppressing our own frames. Uncontended, both
/// cost one atomic exchange each way; none of the users is on a per-record path.
///
/// Put the guarded thing itself in the lock (`Locked<FileHandle>`), not an empty value beside
/// it: TSan checks Swift's exclusive access to `value`, and an empty type has no storage of
/// its own — its "address" was reported as racing with a plain read of the object's header.
// Sendable: `value` is only read or written inside `withLock`, holding `lock`; it is Sendable.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
