import Dispatch

/// A value worked out on another thread while the caller goes on (`mwkit import --merge-into`
/// reads the existing library while the export's rows are read and folded): ``take()`` waits
/// for it and hands it over, keeping no copy, so the taker may change it in place.
public final class BackgroundValue<T: Sendable>: @unchecked Sendable {
    // Written once by the worker before `done` is signalled, read once after the wait: the
    // semaphore orders the two.
    private var result: Result<T, any Error>?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a global queue.
    public init(_ work: @escaping @Sendable () throws -> T) {
        DispatchQueue.global().async { [self] in
            result = Result(catching: work)
            done.signal()
        }
    }

    /// The value, or what `work` threw. Call it once: the value is handed over, not kept.
    public func take() throws -> T {
        done.wait()
        defer { result = nil }
        return try result!.get()
    }
}
