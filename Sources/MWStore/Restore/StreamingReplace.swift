import Foundation
import GRDB
import MWCore

/// What ``LibraryStore/replace(streamingFrom:readOptions:options:onDecision:)`` did.
public struct StreamedRestore: Sendable {
    /// The reader's result: format, counts and every diagnostic. It holds no library — the
    /// records went straight into the database.
    public var read: ReadResult
    /// The restore's report; nil when the backup was invalid and nothing was changed.
    public var report: RestoreReport?
}

extension LibraryStore {
    /// `restore --strategy replace` that reads the backup and loads the database at once:
    /// `read` runs on a second thread with a ``RecordSink`` in its options and hands every
    /// record over as soon as it is read; this thread inserts them inside the restore's one
    /// transaction. Only when the reader has finished is the transaction committed — and only
    /// if the backup is valid. An invalid backup rolls everything back and removes the snapshot
    /// made for it, so the database ends exactly as it was, as with ``restore(_:options:onDecision:)``
    /// after a separate validation. The whole backup is never held in memory.
    ///
    /// Why: reading and validating a large backup takes about as long as loading it; on two
    /// cores the two overlap instead of adding up (bench/store.sh).
    ///
    /// `read` is called once, on another thread, with `readOptions` plus the sink
    /// (``ReadOptions/buildLibrary`` off). An error it throws is rethrown after the rollback.
    /// `options` of another strategy than replace are refused (``MWError/usage(_:)``).
    public func replace(streamingFrom read: @escaping @Sendable (ReadOptions) throws -> ReadResult,
                        readOptions: ReadOptions, options: RestoreOptions,
                        onDecision: ((RestoreDecision) -> Void)? = nil) throws -> StreamedRestore {
        guard options.strategy == .replace else {
            throw MWError.usage("a streaming restore replaces the library; strategy \(options.strategy) restores through restore(_:options:onDecision:)")
        }
        let pipe = RowPipe(withDecisions: onDecision != nil)
        var ro = readOptions
        ro.recordSink = pipe
        ro.buildLibrary = false
        let reader = ReaderThread(pipe: pipe, options: ro, read: read)
        // Started before the transaction: the snapshot and the deletes overlap with reading.
        reader.start()
        var readResult: ReadResult?
        var snapshot: URL?
        defer {
            // On every way out the reader is stopped from blocking and waited for.
            pipe.discard()
            _ = try? reader.join()
        }
        do {
            // The load only commits for a backup the validator passed, and the validator checks
            // every reference (episode → show, item → title, note → parent, preferences →
            // list): the foreign-key check over the loaded tables (~0.3 s for 1M rows) is skipped.
            let report = try inRestoreTransaction(options: options, onDecision: onDecision, snapshotMade: { snapshot = $0 },
                                                  speculative: true) { session in
                let replace = try session.beginReplace()
                var loadError: Error?
                while let batch = pipe.next() {
                    do {
                        try replace.load(batch)
                        pipe.recycle(batch)
                    } catch {
                        // Let the reader finish: its diagnostics explain an invalid backup
                        // better than the constraint it broke.
                        loadError = error
                        pipe.discard()
                        break
                    }
                }
                let result = try reader.join()
                readResult = result
                guard result.isValid else { throw InvalidBackup() }
                if let loadError { throw loadError }
                try replace.finish()
            }
            return StreamedRestore(read: readResult!, report: report)
        } catch is InvalidBackup {
            if let snapshot { try? FileManager.default.removeItem(at: snapshot) }
            return StreamedRestore(read: readResult!, report: nil)
        }
    }
}

/// Thrown inside the transaction to roll it back when the reader found the backup invalid
/// (``StoreErrors/map(_:url:)`` lets it through unchanged).
struct InvalidBackup: Error {}

/// The reading side of a streaming restore: one thread running `read`, then closing the pipe.
private final class ReaderThread: Sendable {
    private let pipe: RowPipe
    private let options: ReadOptions
    private let read: @Sendable (ReadOptions) throws -> ReadResult
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Locked<Result<ReadResult, Error>?>(nil)

    init(pipe: RowPipe, options: ReadOptions, read: @escaping @Sendable (ReadOptions) throws -> ReadResult) {
        self.pipe = pipe
        self.options = options
        self.read = read
    }

    func start() {
        let thread = Thread { [self] in
            let r = Result { try read(options) }
            outcome.withLock { $0 = r }
            pipe.close()
            done.signal()
        }
        // The reader recurses per nesting level (bounded by JSONLimits.maxDepth); the main
        // thread's 8 MiB, not a secondary thread's default, is what it is tested with.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the reader (once; later calls return the same outcome).
    func join() throws -> ReadResult {
        done.wait()
        done.signal()   // later calls return at once
        return try outcome.withLock { $0! }.get()
    }
}
