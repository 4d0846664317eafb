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

    /// Reads the decisions of the review file at `url`.
    public static func read(_ url: URL) throws -> MatchOverrides {
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            throw MWError.io("cannot read the review file \(url.path): \(error.localizedDescription)")
        }
        // The full path: the review file is not inside the sources its diagnostics are reported under.
        return try parse(bytes: bytes, name: url.standardizedFileURL.path)
    }

    /// Reads the decisions of a review file's bytes. The header is found by content (the row
    /// holding `key` and `decision`), so a spreadsheet may add rows above it; a file saved
    /// back with `;` or tab separators (a spreadsheet's locale) reads too. Rows are matched by
    /// `key`, never by position, so the user may sort or delete rows.
    public static func parse(bytes: [UInt8], name: String) throws -> MatchOverrides {
        var table: CSVTable?
        for delimiter in [",", ";", "\t"] as [UnicodeScalar] {
            // Only the first attempt may throw (a file of NUL bytes); the others are guesses.
            guard let csv = delimiter == "," ? try CSVFile(bytes: bytes, name: name) : try? CSVFile(bytes: bytes, name: name, delimiter: delimiter) else { continue }
            if let t = csv.table(headerWhere: { h in
                let names = Set(h.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
                return names.contains("key") && names.contains("decision")
            }) {
                table = t
                break
            }
        }
        guard let table else {
            throw MWError.invalid([.csv(.error, .importReviewDecision, "\(quoted(name)) is not a review file: no header with key and decision columns",
                                        file: name, line: 1)])
        }
        var out = MatchOverrides()
        for row in table.rows {
            guard let key = table.value(row, "key")?.trimmingCharacters(in: .whitespaces), !key.isEmpty else { continue }
            let text = table.value(row, "decision") ?? ""
            let candidates = (1...ReviewFile.candidateColumns).compactMap { table.value(row, "candidate\($0)_id") }
            do {
                guard let d = try ReviewDecision.parse(text, kind: table.value(row, "kind"), candidates: candidates) else { continue }
                if let earlier = out.decisions[key], earlier != d {
                    out.diagnostics.append(table.diagnostic(.warning, .importReviewDecision,
                                                            "another row with the same key already decided \(describe(earlier)); this row is ignored",
                                                            row: row, column: "decision"))
                    continue
                }
                out.decisions[key] = d
            } catch let refused as ReviewDecision.Refused {
                out.diagnostics.append(table.diagnostic(.warning, .importReviewDecision, "\(refused); the item stays in review",
                                                        row: row, column: "decision"))
            }
        }
        return out
    }

    /// Warnings for decisions whose key names none of `keys` (the export no longer has the
    /// item, or the row's key was edited): nothing was applied for them.
    func unused(_ keys: [String]) -> [Diagnostic] {
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
