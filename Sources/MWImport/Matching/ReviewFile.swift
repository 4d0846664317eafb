import Foundation
import MWFoundation

/// The review file: a CSV that opens in a spreadsheet, one row per review key (items that
/// share a key — episodes of one show, one film in two exports of a service — share a row and
/// a decision), with the row's title, year and kind, up to five candidates and an empty
/// `decision` column. The user fills `decision` (forms: ``ReviewDecision``) and passes the
/// same file back; ``MatchOverrides/parse(bytes:name:)`` reads it by its `key` column.
///
/// Besides the items waiting for a decision, the file lists items matched by search (status
/// `matched`, so a wrong auto-match can still be corrected) and items already decided
/// (`decided`, `ignored`, with their decision filled in, so writing the file again over the
/// one passed back loses nothing). Items matched by an ID have no row.
public enum ReviewFile {
    /// Candidates shown per row.
    static let candidateColumns = 5

    /// The header, in order.
    public static let columns: [String] = ["decision", "status", "title", "year", "kind"]
        + (1...candidateColumns).flatMap { ["candidate\($0)_id", "candidate\($0)_title", "candidate\($0)_year", "candidate\($0)_score"] }
        + ["reason", "original_title", "imdb_id", "tvdb_id", "service", "file", "line", "items", "key"]

    /// One row of the file.
    public struct Row: Sendable, Hashable {
        /// ``columns``' values, in order.
        public var fields: [String]
        public var key: String { fields.last ?? "" }
        public func value(_ column: String) -> String? { columns.firstIndex(of: column).map { fields[$0] } }
    }

    /// Status of a row: `review` (candidates, no clear winner), `not-found` (no candidate),
    /// `lookup-failed` (offline and not cached, or a TMDb error: a later run may match it),
    /// `matched` (accepted by search), `decided` / `ignored` (a decision already applies).
    static func status(_ m: ItemMatch) -> String? {
        switch m.outcome {
        case .review(let r): return r.incomplete ? "lookup-failed" : r.candidates.isEmpty ? "not-found" : "review"
        case .matched(let t) where t.method == .search: return "matched"
        case .matched(let t) where t.method == .override: return "decided"
        case .matched: return nil
        case .ignored: return "ignored"
        }
    }

    /// The rows for `result` over the `items` it was computed from, ordered by file and line.
    public static func rows(_ result: MatchResult, items: [ForeignItem]) -> [Row] {
        var order: [String] = []
        var first: [String: (ItemMatch, ForeignItem)] = [:]
        var count: [String: Int] = [:]
        for m in result.items {
            guard status(m) != nil else { continue }
            if first[m.key] == nil { first[m.key] = (m, items[m.index]); order.append(m.key) }
            count[m.key, default: 0] += 1
        }
        let sorted = order.sorted {
            let a = first[$0]!.1.source, b = first[$1]!.1.source
            return (a.file, a.line ?? a.row ?? 0, $0) < (b.file, b.line ?? b.row ?? 0, $1)
        }
        return sorted.map { key in
            let (m, item) = first[key]!
            return row(m, item, count: count[key]!)
        }
    }

    static func row(_ m: ItemMatch, _ item: ForeignItem, count: Int) -> Row {
        let s = MatchSubject(item)
        var decision = "", reason = ""
        var candidates = m.candidates
        switch m.outcome {
        case .review(let r): reason = r.reason; candidates = r.candidates
        case .matched(let t) where t.method == .override: decision = "\(t.mediaType.rawValue):\(t.tmdbId)"; reason = "decided in the review file"
        case .matched(let t): reason = "accepted: \(t.mediaType.rawValue):\(t.tmdbId), the only candidate with this title and year"
        case .ignored: decision = "ignore"; reason = "ignored in the review file"
        }
        var f = [decision, status(m) ?? "", s?.title ?? item.title, (s?.year ?? item.year).map(String.init) ?? "",
                 s?.kind.rawValue ?? item.kind.rawValue]
        for i in 0..<candidateColumns {
            if i < candidates.count {
                let c = candidates[i]
                f += [c.reference, c.title + (c.originalTitle.map { " / \($0)" } ?? ""), c.year.map(String.init) ?? "", String(c.score)]
            } else {
                f += ["", "", "", ""]
            }
        }
        let src = item.source
        f += [reason, s?.originalTitle ?? "", s?.imdb ?? s?.episodeIMDb ?? "", (s?.tvdb ?? s?.episodeTVDB).map(String.init) ?? "",
              src.service.rawValue, src.file, src.line.map(String.init) ?? src.row.map { "#\($0)" } ?? "", String(count), m.key]
        return Row(fields: f.map(ReviewSheet.defused))
    }

    /// The file's bytes (``ReviewSheet``): byte order mark, the header and the rows, CRLF.
    public static func bytes(_ rows: [Row]) throws -> [UInt8] {
        try ReviewSheet.bytes(header: columns, rows: rows.map(\.fields))
    }

    /// Writes the review file for `result` to `url` atomically. Returns the number of rows.
    @discardableResult
    public static func write(_ result: MatchResult, items: [ForeignItem], to url: URL) throws -> Int {
        let rows = rows(result, items: items)
        try AtomicFile.write(try bytes(rows), to: url)
        return rows.count
    }
}
