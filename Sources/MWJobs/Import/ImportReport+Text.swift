import Foundation
import MWImport

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
        let widths = head.indices.map { c in table.map { $0[c].count }.max() ?? 0 }
        for row in table {
            out += row.enumerated().map { c, v in c == 0 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[c] - v.count) + v }.joined(separator: "  ") + "\n"
        }
        for f in files where !f.read { out += "  \(f.file): \(f.note ?? "not read")\n" }
        for f in files {
            for (reason, n) in f.notImported.sorted(by: { $0.key < $1.key }) { out += "  \(f.file): \(n) row(s) not imported: \(reason)\n" }
        }
        let r = read
        out += "read: \(r.titles) title(s) (films, shows, titles of unknown kind), \(r.episodes) episode(s) of \(r.shows) show(s)\n"
        let l = library
        out += "library: \(l.titles) title(s), \(l.episodes) episode(s), \(l.lists) list(s) (\(l.listItems) entries), \(l.notes) note(s); "
        out += "\(l.viewings) viewing(s), \(l.ratings) rating(s), \(l.tags) tag(s)" + (l.statuses > 0 ? ", \(l.statuses) watch status(es)" : "") + " kept"
        out += l.stripped > 0 ? "; \(l.stripped) title(s) without TMDb metadata (run `mwkit hydrate`)\n" : "\n"
        out += "TMDb: \(distinctLookups) distinct lookup(s), \(requests) request(s), \(cacheHits) answer(s) from the cache\n"
        if let output { out += "wrote \(output) (\(format))\n" }
        if let review { out += "review file: \(review) (\(reviewFileRows) row(s); fill `decision` and pass it back with --overrides)\n" }
        if let database, let merge {
            let parts = merge.sorted { $0.key < $1.key }.map { "\($0.key) +\($0.value.insert) ~\($0.value.update) =\($0.value.skip)" }
            out += "merged into \(database): " + parts.joined(separator: ", ") + " (+ added, ~ updated, = unchanged)\n"
        }
        if !inReview.isEmpty {
            out += "in review (\(inReview.count)):\n"
            for r in inReview.prefix(50) { out += "  \(r)\n" }
            if inReview.count > 50 { out += "  … \(inReview.count - 50) more" + (review != nil ? " in the review file\n" : "\n") }
        }
        if !problems.isEmpty {
            out += "problems (\(problems.count)):\n"
            for p in problems { out += "  \(p)\n" }
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
