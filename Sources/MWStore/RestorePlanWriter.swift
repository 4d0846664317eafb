import Foundation
import MWCore

/// Streams a restore plan (`--plan FILE`) as one JSON document, decision by decision, so a
/// plan of millions of records never sits in memory:
///
/// ```
/// { "strategy": "merge", "onConflict": "keep", "dryRun": true, "database": "…", "backup": "…",
///   "decisions": [ { "entity": "title", "action": "insert", "conflict": false, "backupId": "…",
///                    "databaseId": "…", "key": "movie:603", "fields": [], "reason": "…" }, … ],
///   "summary": { "list": { "insert": 1, "update": 0, "skip": 0, "conflict": 0, "delete": 0 }, … },
///   "addedToDefaultList": [ … ], "createdDefaultList": "…", "warnings": [ … ] }
/// ```
/// Absent values are omitted; keys come in this order, so the same restore gives the same bytes.
public final class RestorePlanWriter {
    private let emit: ([UInt8]) -> Void
    private var buffer: [UInt8] = []
    private var count = 0

    /// Starts the document; `emit` receives the bytes in chunks.
    public init(options: RestoreOptions, database: String, backup: String, emit: @escaping ([UInt8]) -> Void) {
        self.emit = emit
        buffer.reserveCapacity(1 << 16)
        append("{\n  \"strategy\": \(Self.str(options.strategy.rawValue)),\n")
        append("  \"onConflict\": \(Self.str(options.onConflict.rawValue)),\n")
        append("  \"dryRun\": \(options.dryRun),\n")
        append("  \"database\": \(Self.str(database)),\n")
        append("  \"backup\": \(Self.str(backup)),\n")
        append("  \"decisions\": [")
    }

    /// Adds one decision.
    public func add(_ d: RestoreDecision) {
        append(count == 0 ? "\n    {" : ",\n    {")
        count += 1
        append("\"entity\": \(Self.str(d.entity.rawValue)), \"action\": \(Self.str(d.action.rawValue)), \"conflict\": \(d.conflict)")
        if let v = d.backupId { append(", \"backupId\": \(Self.str(v))") }
        if let v = d.databaseId { append(", \"databaseId\": \(Self.str(v))") }
        append(", \"key\": \(Self.str(d.key))")
        if !d.fields.isEmpty { append(", \"fields\": [\(d.fields.map(Self.str).joined(separator: ", "))]") }
        if let v = d.reason { append(", \"reason\": \(Self.str(v))") }
        append("}")
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Ends the document with the report's summary and flushes.
    public func finish(_ report: RestoreReport) {
        append(count == 0 ? "],\n" : "\n  ],\n")
        append("  \"summary\": {")
        for (i, e) in EntityKind.allCases.enumerated() {
            let t = report.tally(e)
            append((i == 0 ? "\n" : ",\n") + "    \(Self.str(e.rawValue)): {\"insert\": \(t.insert), \"update\": \(t.update), \"skip\": \(t.skip), \"conflict\": \(t.conflict), \"delete\": \(t.delete)}")
        }
        append("\n  },\n  \"provenanceRows\": {")
        for (i, k) in ProvenanceKind.allCases.enumerated() {
            let t = report.tally(k)
            append((i == 0 ? "\n" : ",\n") + "    \(Self.str(k.rawValue)): {\"insert\": \(t.insert), \"update\": \(t.update), \"skip\": \(t.skip), \"delete\": \(t.delete)}")
        }
        append("\n  },\n  \"addedToDefaultList\": [\(report.addedToDefaultList.map(Self.str).joined(separator: ", "))],\n")
        if let c = report.createdDefaultList { append("  \"createdDefaultList\": \(Self.str(c)),\n") }
        append("  \"warnings\": [\(report.warnings.map(Self.str).joined(separator: ", "))]\n}\n")
        flush()
    }

    private func append(_ s: String) { buffer.append(contentsOf: s.utf8) }

    private func flush() {
        if !buffer.isEmpty { emit(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A JSON string literal.
    static func str(_ s: String) -> String { JSONText.literal(s) }
}
