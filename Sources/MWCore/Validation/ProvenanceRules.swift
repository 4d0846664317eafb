import Foundation

/// The rules of formatVersion 3's values (docs/FORMAT.md#formatversion-3) on an in-memory
/// library, for what was not read from JSON — a library database (`mwkit check`), a library an
/// import builds. The JSON reader checks the same rules as it reads, with positions
/// (ReadSession+Provenance.swift). Pointers are formatVersion 3's.
public enum ProvenanceRules {
    /// Every broken rule, in collection order.
    public static func problems(in lib: Library) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, l) in lib.lists.enumerated() { sources(l.sources, "/lists/\(i)", &out) }
        for (i, t) in lib.titles.enumerated() {
            let p = "/titles/\(i)"
            ratings(t.ratings, p, &out)
            viewings(t.viewings, p, &out)
            sources(t.sources, p, &out)
            var seen: Set<String> = []
            for (j, tag) in t.tags.enumerated() where !seen.insert(tag).inserted {
                out.append(.error(.provenanceDuplicate, "tag \(quoted(tag)) twice", pointer: "\(p)/tags/\(j)"))
            }
        }
        for (i, e) in lib.episodes.enumerated() {
            let p = "/episodes/\(i)"
            ratings(e.ratings, p, &out)
            viewings(e.viewings, p, &out)
            sources(e.sources, p, &out)
        }
        for (i, n) in lib.notes.enumerated() { sources(n.sources, "/notes/\(i)", &out) }
        return out
    }

    private static func ratings(_ rs: [OriginalRating], _ p: String, _ out: inout [Diagnostic]) {
        var seen: Set<RatingKey> = []
        for (j, r) in rs.enumerated() {
            if !(r.scale > 0) || !(0...r.scale).contains(r.value) {
                out.append(.error(.ratingRange, "rating \(DateCoding.jsonNumber(r.value)) of \(DateCoding.jsonNumber(r.scale)) is outside 0…scale", pointer: "\(p)/ratings/\(j)/value"))
            }
            if r.datePrecision == .day, let d = r.date, !DayDate.isDay(d) {
                out.append(.error(.dayNotMidnight, "date has precision day but is not a day", pointer: "\(p)/ratings/\(j)/date"))
            }
            if !seen.insert(RatingKey(source: r.source, date: r.date)).inserted {
                out.append(.error(.provenanceDuplicate, "a second rating from \(quoted(r.source)) with the same date", pointer: "\(p)/ratings/\(j)/source"))
            }
        }
    }

    private static func viewings(_ vs: [Viewing], _ p: String, _ out: inout [Diagnostic]) {
        // Alike viewings are separate watches (ProvenanceMerge): no duplicate check.
        for (j, v) in vs.enumerated() {
            if v.precision == .day, let d = v.date, !DayDate.isDay(d) {
                out.append(.error(.dayNotMidnight, "date has precision day but is not a day", pointer: "\(p)/viewings/\(j)/date"))
            }
        }
    }

    private static func sources(_ ss: [RecordSource], _ p: String, _ out: inout [Diagnostic]) {
        var seen: Set<RecordSource> = []
        for (j, s) in ss.enumerated() where !seen.insert(s).inserted {
            out.append(.error(.provenanceDuplicate, "the same source twice", pointer: "\(p)/sources/\(j)"))
        }
    }
}

/// What identifies a rating within its record: its source and date (ProvenanceMerge).
struct RatingKey: Hashable {
    var source: String
    var date: Date?
}
