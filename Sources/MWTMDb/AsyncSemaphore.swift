import Foundation

/// A counting semaphore for async code: at most `limit` holders at a time, FIFO.
actor AsyncSemaphore {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { available = limit }

    func wait() async {
        if available > 0 { available -= 1; return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func signal() {
        if waiters.isEmpty { available += 1 } else { waiters.removeFirst().resume() }
    }

    /// Runs `body` holding one permit.
    nonisolated func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await wait()
        do {
            let r = try await body()
            await signal()
            return r
        } catch {
            await signal()
            throw error
        }
    }
}
