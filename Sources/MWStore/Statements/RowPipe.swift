import Foundation
import MWCore

/// The hand-over of a streaming replace: the reading thread encodes each record into a
/// ``RowBatch`` (as the ``RecordSink`` of the reader) and passes full batches to the restoring
/// thread, which inserts them.
///
/// Why batches under one lock, not a lock per record: a million episodes would mean a million
/// lock round trips and wake-ups. Why bounded: the database is the slower side, and an
/// unbounded queue would hold the whole backup in memory — what streaming is meant to avoid.
// Sendable: the queue state is guarded by `condition`; `filling` is the reading thread's alone.
final class RowPipe: RecordSink, @unchecked Sendable {
    /// Records per batch.
    static let batchSize = 512
    /// Batches that may wait before the reader blocks.
    static let capacity = 16

    private let withDecisions: Bool
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var ready: [RowBatch] = []
    private var closed = false
    private var discarding = false
    /// Emptied batches the restoring side handed back, for the reader to fill again.
    private var spare: [RowBatch] = []
    // Touched by the reading thread only.
    private var filling: RowBatch

    init(withDecisions: Bool) {
        self.withDecisions = withDecisions
        filling = RowBatch(withDecisions: withDecisions, reserve: RowPipe.batchSize)
    }

    /// Reading side: encodes a record; hands the batch over when full (blocking while
    /// ``capacity`` batches wait).
    func accept(_ record: BackupRecord) {
        filling.encode(record)
        if filling.records >= RowPipe.batchSize { handOver(last: false) }
    }

    /// Reading side: no more records.
    func close() { handOver(last: true) }

    private func handOver(last: Bool) {
        condition.lock()
        while ready.count >= RowPipe.capacity && !discarding { condition.wait() }
        if !discarding && filling.records > 0 { ready.append(filling) }
        if last { closed = true }
        let reused = last ? nil : spare.popLast()
        condition.broadcast()
        condition.unlock()
        // A recycled batch keeps its buffers: no fresh pages to fault in and zero per batch.
        filling = reused ?? RowBatch(withDecisions: withDecisions, reserve: last ? 0 : RowPipe.batchSize)
    }

    /// Restoring side: the next batch, or nil once the reader has closed and all were taken.
    func next() -> RowBatch? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !closed { condition.wait() }
        guard !ready.isEmpty else { return nil }
        condition.broadcast()
        return ready.removeFirst()
    }

    /// Restoring side: hands an inserted batch back for reuse.
    func recycle(_ batch: consuming RowBatch) {
        batch.removeAll()
        condition.lock()
        if spare.count < 2 { spare.append(batch) }
        condition.unlock()
    }

    /// Restoring side: drop everything queued and everything still to come (the restore has
    /// failed; the reader only runs on to finish its diagnostics).
    func discard() {
        condition.lock()
        discarding = true
        ready.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
