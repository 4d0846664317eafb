import Foundation
import MWCore

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
        let inSize = Self.size(input.path)
        if !force, Self.isUpToDate(out, input: input.path) {
            return BatchOutcome(path: input.path, status: .skipped, output: out.path, bytesIn: inSize, bytesOut: Self.size(out.path))
        }
        var outcome: BatchOutcome
        do {
            try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
            outcome = try work(input, out)
        } catch let e as InvalidBackup {
            outcome = BatchOutcome(path: input.path, status: .failed, formatIn: e.report.format, diagnostics: e.report.diagnostics,
                                   message: "not a valid backup; nothing was written")
        } catch {
            outcome = BatchOutcome(path: input.path, status: .failed, message: (error as? MWError)?.description ?? "\(error)")
        }
        outcome.bytesIn = inSize
        if outcome.status == .done { outcome.bytesOut = Self.size(out.path) }
        outcome.milliseconds = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        return outcome
    }

    /// An output that exists is complete (atomic writes; an empty one is what a power loss
    /// before the group sync can leave, and is redone); it is up to date when it is not older
    /// than its input.
    static func isUpToDate(_ output: URL, input: String) -> Bool {
        let fm = FileManager.default
        guard let oa = try? fm.attributesOfItem(atPath: output.path), let o = oa[.modificationDate] as? Date,
              ((oa[.size] as? NSNumber)?.int64Value ?? 0) > 0,
              let i = try? fm.attributesOfItem(atPath: input)[.modificationDate] as? Date else { return false }
        return o >= i
    }

    static func size(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
    }
}

/// The next index to take, shared by the workers.
private final class Counter: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Totals and outcomes, shared by the workers.
private final class RunState: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var progress: BatchRunner.Progress
    private var outcomes: [BatchOutcome?]
    private let syncEvery: Int
    private let directory: URL
    private var unsynced = 0

    init(total: Int, syncEvery: Int, directory: URL) {
        progress = .init(total: total)
        outcomes = Array(repeating: nil, count: total)
        self.syncEvery = max(1, syncEvery)
        self.directory = directory
    }

    /// Flushes the outputs written since the last sync (a failed sync is retried at the end).
    func sync() {
        lock.lock()
        defer { lock.unlock() }
        syncLocked()
    }

    private func syncLocked() {
        guard unsynced > 0 else { return }
        if (try? AtomicFile.syncFileSystem(containing: directory)) != nil { unsynced = 0 }
    }

    func record(_ o: BatchOutcome, at i: Int) -> BatchRunner.Progress {
        lock.lock()
        defer { lock.unlock() }
        outcomes[i] = o
        if o.status == .done {
            unsynced += 1
            if unsynced >= syncEvery { syncLocked() }
        }
        progress.done += 1
        progress.bytes += o.bytesIn
        if o.status == .failed { progress.failed += 1 }
        if o.status == .skipped { progress.skipped += 1 }
        return progress
    }

    func summary() -> BatchRunner.Summary {
        lock.lock()
        defer { lock.unlock() }
        var s = BatchRunner.Summary()
        s.outcomes = outcomes.compactMap { $0 }
        s.done = s.outcomes.filter { $0.status == .done }.count
        s.skipped = s.outcomes.filter { $0.status == .skipped }.count
        s.failed = s.outcomes.filter { $0.status == .failed }.count
        return s
    }
}
