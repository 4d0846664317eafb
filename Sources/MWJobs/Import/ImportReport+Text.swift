import Foundation
import MWCore
import MWImport
import MWStore

extension ImportReport {
    /// The summary for people: a table per source file, what the library holds, the TMDb
    /// traffic, what was written, and every problem with its `file:line`.
    public func text() -> String {
        var out = dryRun ? "dry run: nothing was written, TMDb asked only through the cache\n" : ""
        let head = ["FILE", "ROWS", "IMPORTED", "BY ID", "SEARCH", "OVERRIDE", "REVIEW", "UNMATCHED", "MALFORMED", "FOLDED"]
        var table = [head]
        for f in files + [total] {
            if !f.read && f.file != "total" {
                table.append([f.file, "-", "-", "-", "-", "-", "-", "-", String(f.malformed.count), "-"])
                continue
            }
            table.append([f.file, String(f.rowsRead), String(f.importedRows), String(f.matchedByID), String(f.matchedBySearch),
                          String(f.matchedByOverride), String(f.review), String(f.unmatched), String(f.malformed.count), String(f.duplicatesFolded)])
        }
        out += Self.table(table)
        for f in files where !f.read { out += "  \(f.file): \(f.note ?? "not read")\n" }
        for f in files {
            for (reason, n) in f.notImported.sorted(by: { $0.key < $1.key }) { out += "  \(f.file): \(counted(n, "row")) not imported: \(reason)\n" }
        }
        let r = read
        out += "read: \(r.titles) title(s) (films, shows, titles of unknown kind), \(r.episodes) episode(s) of \(r.shows) show(s)\n"
        let l = library
        out += "library: \(counted(l.titles, "title")), \(counted(l.episodes, "episode")), \(counted(l.lists, "list")) (\(counted(l.listItems, "entry", "entries"))), \(counted(l.notes, "note"))\n"
        if episodesNumbered > 0 { out += "numbered \(counted(episodesNumbered, "episode")) named only by title from TMDb's seasons\n" }
        out += "kept: \(counted(l.viewings, "viewing")), \(counted(l.ratings, "rating")), \(counted(l.tags, "tag"))" + (l.statuses > 0 ? ", \(counted(l.statuses, "watch status"))" : "") + "\n"
        if l.stripped > 0 { out += "\(counted(l.stripped, "title")) without TMDb metadata: run `mwkit hydrate` on the output\n" }
        out += "TMDb: \(counted(distinctLookups, "distinct title")) to match, \(counted(requests, "request")) sent, \(counted(cacheHits, "answer")) from the cache\n"
        if let output { out += "wrote \(output) (\(format))\n" }
        if let review {
            // A review file with no rows has nothing to fill in.
            out += reviewFileRows == 0 ? "review file: \(review) (empty: nothing waits for a decision)\n"
                : "review file: \(review) (\(counted(reviewFileRows, "row")); fill `decision` and pass it back with --overrides)\n"
        }
        if let database, let merge { out += mergedLine(database, merge.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }
        if !inReview.isEmpty {
            out += "in review (\(inReview.count)):\n"
            // Cut to the summary's width; the review file holds each in full.
            for r in inReview.prefix(50) { out += "  " + (r.count > Self.maxWidth - 2 ? r.prefix(Self.maxWidth - 3) + "…" : r) + "\n" }
            if inReview.count > 50 { out += "  … \(inReview.count - 50) more" + (review != nil ? " in the review file\n" : "\n") }
        }
        if !problems.isEmpty {
            out += "problems (\(problems.count)):\n"
            for p in problems { out += "  \(p)\n" }
        }
        return out
    }

    /// The widest a summary line gets: a file name that would make the table wider goes on a
    /// line of its own, its numbers on the next.
    static let maxWidth = 100

    /// The per-file table: names left-aligned, numbers right-aligned, at most ``maxWidth`` wide.
    static func table(_ rows: [[String]]) -> String {
        var widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        let numbers = widths.dropFirst().reduce(0) { $0 + $1 + 2 }
        widths[0] = min(widths[0], max(rows.map { $0[0] }.filter { $0.count + numbers <= maxWidth }.map(\.count).max() ?? 0, rows[0][0].count))
        var out = ""
        for row in rows {
            var first = row[0]
            if first.count > widths[0] {
                out += first + "\n"
                first = ""
            }
            out += ([first] + row.dropFirst()).enumerated().map { c, v in c == 0 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[c] - v.count) + v }.joined(separator: "  ") + "\n"
        }
        return out
    }

    /// The report as JSON (keys sorted, so runs compare byte for byte).
    public func json() throws -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        enc.dateEncodingStrategy = .iso8601
        return String(decoding: try enc.encode(self), as: UTF8.self) + "\n"
    }
}

/// An import's `--db` merge in the summary, films and books alike: per entity added, updated, unchanged.
func mergedLine(_ database: String, _ tallies: [(entity: String, tally: RestoreTally)]) -> String {
    let parts = tallies.map { "\($0.entity) +\($0.tally.insert) ~\($0.tally.update) =\($0.tally.skip)" }
    return "merged into \(database): " + parts.joined(separator: ", ") + " (+ added, ~ updated, = unchanged)\n"
}
