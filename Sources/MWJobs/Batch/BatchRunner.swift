import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs one job over many inputs: each input isolated (a bad one is reported and the run goes
/// on), `jobs` at a time, skipping inputs whose output is already complete and newer than the
/// input (outputs are written atomically, so an output that exists is complete). Killed at
/// any moment and started again, it finishes the work with nothing lost and nothing
/// half-written. Job state is derived from the outputs alone: nothing else is left behind.
public struct BatchRunner: Sendable {
    /// Inputs processed at once.
    public var jobs: Int
    /// Redo inputs whose output is up to date.
    public var force: Bool
    /// Outputs are flushed to disk together, once per this many and at the end, instead of
    /// one fsync each (which costs more than converting a small backup).
    public var syncEvery = 1000

    /// Output directories already made in this run.
    private let directories = DirectorySet()

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false) {
        self.jobs = max(1, jobs)
        self.force = force
    }

    /// Progress so far.
    public struct Progress: Sendable {
        public var done = 0, total = 0, failed = 0, skipped = 0
        /// Bytes of the inputs finished.
        public var bytes: Int64 = 0
    }

    /// What the whole run did.
    public struct Summary: Sendable {
        public var done = 0, skipped = 0, failed = 0
        /// Every outcome, in input order.
        public var outcomes: [BatchOutcome] = []
        /// Why flushing the outputs to disk failed, if it did (the outputs exist, but a power
        /// loss could still empty them).
        public var syncError: String?
    }

    /// Runs `work(input, output)` for each input; the output is the input's relative path
    /// under `outputDirectory` with the extension `fileExtension(input)`. `work` writes the output (atomically) and
    /// returns its outcome; a thrown error becomes a `failed` outcome. `onOutcome` sees each
    /// outcome as it happens (e.g. to append it to the report), `onProgress` the totals.
    public func run(_ inputs: [BatchInput], outputDirectory: URL, fileExtension: @escaping @Sendable (BatchInput) -> String,
                    work: @escaping @Sendable (BatchInput, URL) throws -> BatchOutcome,
                    onOutcome: (@Sendable (BatchOutcome) -> Void)? = nil,
                    onProgress: (@Sendable (Progress) -> Void)? = nil) -> Summary {
        AtomicFile.removeStaleTemporaries(under: outputDirectory)
        let state = RunState(total: inputs.count, syncEvery: syncEvery, directory: outputDirectory)
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(1, inputs.count)) {
            group.enter()
            Thread.detachNewThread {
                while let i = next.take(below: inputs.count) {
                    let outcome = AtomicFile.$syncDeferred.withValue(true) {
                        self.process(inputs[i], outputDirectory: outputDirectory, fileExtension: fileExtension, work: work)
                    }
                    let progress = state.record(outcome, at: i)
                    onOutcome?(outcome)
                    onProgress?(progress)
                }
                group.leave()
            }
        }
        group.wait()
        state.sync()
        return state.summary()
    }

    private func process(_ input: BatchInput, outputDirectory: URL, fileExtension: (BatchInput) -> String,
                         work: (BatchInput, URL) throws -> BatchOutcome) -> BatchOutcome {
        let start = DispatchTime.now()
        let out = input.output(in: outputDirectory, fileExtension: fileExtension(input))
        let inStat = Self.stat(input.path)
        let inSize = inStat?.size ?? 0
        if !force, let i = inStat, let o = Self.stat(out.path), o.size > 0, o.mtime >= i.mtime {
            // Complete (atomic writes; an empty output is what a power loss before the group
            // sync can leave, and is redone) and not older than its input.
            return BatchOutcome(path: input.path, status: .skipped, output: out.path, bytesIn: inSize, bytesOut: o.size)
        }
        var outcome: BatchOutcome
        do {
            let dir = out.deletingLastPathComponent()
            if !directories.contains(dir.path) {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                directories.insert(dir.path)
            }
            outcome = try work(input, out)
        } catch let e as InvalidBackup {
            outcome = BatchOutcome(path: input.path, status: .failed, formatIn: e.report.format, diagnostics: e.report.diagnostics,
                                   message: "not a valid backup; nothing was written")
        } catch {
            outcome = BatchOutcome(path: input.path, status: .failed, message: (error as? MWError)?.description ?? "\(error)")
        }
        outcome.bytesIn = inSize
        if outcome.status == .done { outcome.bytesOut = Self.stat(out.path)?.size ?? 0 }
        outcome.milliseconds = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        return outcome
    }

    /// Size and modification time (nanoseconds) of a file, straight from stat(2): called three
    /// times per input, where Foundation's attribute dictionaries cost more than the call.
    static func stat(_ path: String) -> (size: Int64, mtime: Int64)? {
        var st = Glibc.stat()
        guard fstatat(AT_FDCWD, path, &st, 0) == 0 else { return nil }   // follows links, like stat(2)
        return (Int64(st.st_size), Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }
}

/// Paths of directories already created, shared by the workers.
private final class DirectorySet: Sendable {
    private let paths = Locked(Set<String>())
    func contains(_ p: String) -> Bool { paths.withLock { $0.contains(p) } }
    func insert(_ p: String) { paths.withLock { _ = $0.insert(p) } }
}

/// The next index to take, shared by the workers.
private final class Counter: Sendable {
    private let value = Locked(0)
    func take(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// Totals and outcomes, shared by the workers.
private final class RunState: Sendable {
    private struct Totals {
        var progress: BatchRunner.Progress
        var outcomes: [BatchOutcome?]
        var unsynced = 0
        var syncError: String?
    }
    private let totals: Locked<Totals>
    private let syncEvery: Int
    private let directory: URL

    init(total: Int, syncEvery: Int, directory: URL) {
        totals = Locked(Totals(progress: .init(total: total), outcomes: Array(repeating: nil, count: total)))
        self.syncEvery = max(1, syncEvery)
        self.directory = directory
    }

    /// Group syncs run on a thread of their own, so the workers never wait for the disk.
    private let syncQueue = DispatchQueue(label: "mwkit.batch.sync")

    /// Flushes every output written so far (the end of the run waits for it).
    func sync() {
        syncQueue.sync { self.flush() }
    }

    /// Starts a group sync in the background.
    private func syncInBackground() {
        syncQueue.async { self.flush() }
    }

    private func flush() {
        do { try AtomicFile.syncFileSystem(containing: directory) } catch {
            totals.withLock { $0.syncError = "\(error)" }
        }
    }

    func record(_ o: BatchOutcome, at i: Int) -> BatchRunner.Progress {
        totals.withLock { t in
            t.outcomes[i] = o
            if o.status == .done {
                t.unsynced += 1
                if t.unsynced >= syncEvery {
                    t.unsynced = 0
                    syncInBackground()
                }
            }
            t.progress.done += 1
            t.progress.bytes += o.bytesIn
            if o.status == .failed { t.progress.failed += 1 }
            if o.status == .skipped { t.progress.skipped += 1 }
            return t.progress
        }
    }

    func summary() -> BatchRunner.Summary {
        totals.withLock { t in
            var s = BatchRunner.Summary()
            s.outcomes = t.outcomes.compactMap { $0 }
            s.done = s.outcomes.filter { $0.status == .done }.count
            s.skipped = s.outcomes.filter { $0.status == .skipped }.count
            s.failed = s.outcomes.filter { $0.status == .failed }.count
            s.syncError = t.syncError
            return s
        }
    }
}
