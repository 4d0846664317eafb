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
        add(entity: d.entity.rawValue, action: d.action, conflict: d.conflict, backupId: d.backupId, databaseId: d.databaseId,
            key: d.key, fields: d.fields, reason: d.reason)
    }

    /// Adds one decision about a record of any model family (`entity` names its kind).
    public func add(entity: String, action: RestoreAction, conflict: Bool, backupId: String?, databaseId: String?,
                    key: String, fields: [String], reason: String?) {
        append(count == 0 ? "\n    {" : ",\n    {")
        count += 1
        append("\"entity\": \(Self.str(entity)), \"action\": \(Self.str(action.rawValue)), \"conflict\": \(conflict)")
        if let v = backupId { append(", \"backupId\": \(Self.str(v))") }
        if let v = databaseId { append(", \"databaseId\": \(Self.str(v))") }
        append(", \"key\": \(Self.str(key))")
        if !fields.isEmpty { append(", \"fields\": [\(fields.map(Self.str).joined(separator: ", "))]") }
        if let v = reason { append(", \"reason\": \(Self.str(v))") }
        append("}")
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Ends the document with the report's summary and flushes.
    public func finish(_ report: RestoreReport) {
        finish(summary: EntityKind.allCases.map { ($0.rawValue, report.tally($0)) }, warnings: report.warnings,
               provenanceRows: ProvenanceKind.allCases.map { ($0.rawValue, report.tally($0)) },
               addedToDefaultList: report.addedToDefaultList, createdDefaultList: report.createdDefaultList)
    }

    /// Ends the document with per-kind counts (in the order given) and warnings; the film
    /// restore adds the default-list outcome (nil: the keys are left out).
    public func finish(summary: [(String, RestoreTally)], warnings: [String],
                       provenanceRows: [(String, RestoreTally)]? = nil, addedToDefaultList: [String]? = nil,
                       createdDefaultList: String? = nil) {
        append(count == 0 ? "],\n" : "\n  ],\n")
        append("  \"summary\": {")
        for (i, (name, t)) in summary.enumerated() {
            append((i == 0 ? "\n" : ",\n") + "    \(Self.str(name)): {\"insert\": \(t.insert), \"update\": \(t.update), \"skip\": \(t.skip), \"conflict\": \(t.conflict), \"delete\": \(t.delete)}")
        }
        append("\n  },\n")
        if let provenanceRows {
            append("  \"provenanceRows\": {")
            for (i, (name, t)) in provenanceRows.enumerated() {
                append((i == 0 ? "\n" : ",\n") + "    \(Self.str(name)): {\"insert\": \(t.insert), \"update\": \(t.update), \"skip\": \(t.skip), \"delete\": \(t.delete)}")
            }
            append("\n  },\n")
        }
        if let added = addedToDefaultList { append("  \"addedToDefaultList\": [\(added.map(Self.str).joined(separator: ", "))],\n") }
        if let c = createdDefaultList { append("  \"createdDefaultList\": \(Self.str(c)),\n") }
        append("  \"warnings\": [\(warnings.map(Self.str).joined(separator: ", "))]\n}\n")
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
