import Foundation
import MWFoundation

/// The user's decisions, read back from a review file (``ReviewFile``): review key →
/// decision. They win over everything the matcher would do.
public struct MatchOverrides: Sendable {
    /// Decisions by review key (``ItemMatch/key``).
    public private(set) var decisions: [String: ReviewDecision]
    /// Decisions that could not be read, and conflicting ones, as warnings with file:line.
    public var diagnostics: [Diagnostic]

    public init(_ decisions: [String: ReviewDecision] = [:]) {
        self.decisions = decisions
        diagnostics = []
    }

    /// The decision for an item's review key.
    public subscript(key: String) -> ReviewDecision? { decisions[key] }

    /// Reads the decisions of the review file at `url` (``ReviewSheet``).
    public static func read(_ url: URL) throws -> MatchOverrides {
        var out = MatchOverrides()
        (out.decisions, out.diagnostics) = try ReviewSheet.decisions(at: url, stays: "the item stays in review", parse: decision, describe: describe)
        return out
    }

    /// Reads the decisions of a review file's bytes (``ReviewSheet``).
    public static func parse(bytes: [UInt8], name: String) throws -> MatchOverrides {
        var out = MatchOverrides()
        (out.decisions, out.diagnostics) = try ReviewSheet.decisions(bytes: bytes, name: name, stays: "the item stays in review", parse: decision, describe: describe)
        return out
    }

    /// A row's decision: a TMDb ID (bare IDs take the row's kind or its one candidate) or `ignore`.
    private static func decision(_ table: CSVTable, _ row: CSVFile.Record, _ text: String) throws -> ReviewDecision? {
        let candidates = (1...ReviewFile.candidateColumns).compactMap { table.value(row, "candidate\($0)_id") }
        return try ReviewDecision.parse(text, kind: table.value(row, "kind"), candidates: candidates)
    }

    /// Warnings for decisions whose key names none of `keys` (the export no longer has the
    /// item, or the row's key was edited): nothing was applied for them.
    public func unused(_ keys: [String]) -> [Diagnostic] {
        let present = Set(keys)
        return decisions.keys.filter { !present.contains($0) }.sorted().map {
            .warning(.importReviewDecision, "a decision in the review file names no item of this import: \($0)")
        } + diagnostics
    }

    static func describe(_ d: ReviewDecision) -> String {
        switch d {
        case .ignore: return "ignore"
        case .match(let id, let type): return "\(type.rawValue):\(id)"
        }
    }
}
