import Foundation
import MWCore
import MWFoundation

/// What an import has made so far: its library, per-file counts, review items and diagnostics.
struct ImportFold {
    var lib: BookLibrary
    var summaries: [String: BookFileSummary]
    var review: [BookReviewItem]
    var diagnostics: [Diagnostic]

    init(_ m: BookRowFold) {
        lib = m.lib
        summaries = m.summaries
        review = m.review
        diagnostics = m.diagnostics
    }
}

/// What a merge's reports need of one imported row — its place, names and ISBNs, and the
/// edition it went to — not the whole row: 50,000 rows kept whole until the end of a merge
/// were 22 MB of its peak.
struct RowRef {
    var source: BookSource
    var file: String
    var line: Int
    var row: Int
    var title: String
    var authors: [String]
    var isbns: [String]
    /// The edition the row folded into.
    var edition: String
    /// `source|rowKey`: the row in review keys; only the first row of a work has it (only its is asked).
    var reviewKey: String

    init(_ r: BookRow, edition: String, first: Bool) {
        (source, file, line, row, title, authors, isbns) = (r.source, r.file, r.line, r.row, r.title, r.authors, r.isbns)
        self.edition = edition
        reviewKey = first ? "\(r.source.rawValue)|\(BookIdentity.rowKey(r))" : ""
    }
}

/// Each imported work's rows, by the work's id in the import's own library.
typealias RowGroups = [String: [RowRef]]

extension BookImport {
    /// `--merge-into`: the library the import's rows folded into goes into `existing` through
    /// ``BookMerge`` — the engine `restore --strategy merge` uses, so importing files into a
    /// library and restoring the library those files import to give the same result. What the
    /// import adds around it: a title + author match is put to the overrides and, when its ISBNs
    /// disagree and no decision says otherwise, to the review file; per-file counts, entry
    /// conflicts and long notes are reported at the rows they came from.
    /// `facts` are the import library's (``IncomingFacts``), taken before: while the existing
    /// library is still being read on another thread.
    static func mergeInto(_ existing: consuming BookMergeTarget, _ first: consuming ImportFold, _ facts: IncomingFacts,
                          _ groups: RowGroups, _ options: BookImportOptions) -> ImportFold {
        var out = first
        // The import's library goes into the merge as its last copy, which frees each of its
        // arrays once merged; what the counts and reports below need of it was taken first.
        var incoming = BookLibrary()
        swap(&incoming, &out.lib)
        var isbnsOf: [String: [String]]?  // work id → ISBNs as written, both libraries; built at the first review item
        // `existing` goes into the merge whole (no copy of it kept here: the merge changes it in
        // place); the existing editions and the incoming ones come to the callback from the merge.
        let merged = BookMerge.merge(consume incoming, into: consume existing, policy: options.onConflict) { incoming, target, disagree, existingEditions, incomingEditions in
            guard let row = groups[incoming.id]?.first else { return disagree ? .pending : .merge }
            let key = "\(row.reviewKey)>\(target.id)"
            let decision = options.overrides[key]
            guard disagree || decision != nil else { return .merge }
            if isbnsOf == nil {
                var m: [String: [String]] = [:]
                for e in existingEditions { m[e.workId, default: []] += e.isbns }
                for e in incomingEditions { m[e.workId, default: []] += e.isbns }
                isbnsOf = m
            }
            let rowKeys = ISBN.matchKeys(groups[incoming.id]!.flatMap(\.isbns)), workISBNs = isbnsOf?[target.id] ?? []
            var item = BookReviewItem(status: "review", decision: "", key: key, title: row.title, authors: row.authors.joined(separator: ", "),
                                      rowISBNs: row.isbns, workISBNs: workISBNs, workId: target.id, workTitle: target.title,
                                      reason: "same title and primary author, but the ISBNs differ: \(rowKeys.joined(separator: " ")) / \(ISBN.matchKeys(workISBNs).joined(separator: " "))",
                                      source: row.source, file: row.file, line: row.line)
            switch decision {
            case .separate?:
                item.status = "decided"; item.decision = "separate"; item.reason = "kept apart in the review file"
                out.review.append(item)
                return .separate
            case .merge?:
                item.status = "decided"; item.decision = "merge"; item.reason = "merged in the review file"
                out.review.append(item)
                return .merge
            case nil:
                out.review.append(item)
                out.summaries[row.file, default: BookFileSummary(file: row.file, source: row.source, layout: nil)].sentToReview += 1
                out.diagnostics.append(.csv(.warning, .booksImportMergeReview,
                                            "\(quoted(row.title)) merged into the work \(quoted(target.title)) (\(target.id)) on title and author while the ISBNs differ; the work is pending review",
                                            file: row.file, line: row.line, row: row.row))
                return .pending
            }
        }
        out.lib = merged.library
        // A backup written now: dated like `archive --books` dates the same library (the import
        // date: SOURCE_DATE_EPOCH, else now), not with the date the merged-into file was made.
        out.lib.exportDate = options.importDate
        count(merged.decisions, facts, groups, into: &out.summaries)
        report(merged, facts, groups, options, into: &out.diagnostics)
        return out
    }

    /// What ``count(_:_:_:into:)`` and ``report(_:_:_:_:into:)`` need of the import's library
    /// once it has gone into the merge: its works' ids, its authors by folded name, and of
    /// each entry its work, edition and notes (strings shared with the records, not copied).
    struct IncomingFacts {
        var workIds: [String]
        var authorByKey: [String: String]
        var entries: [(workId: String, editionId: String?, notes: String?)]

        init(_ lib: BookLibrary) {
            workIds = lib.works.map(\.id)
            authorByKey = [:]
            for a in lib.authors {
                let k = BookIdentity.authorKey(a.name)  // folded once (folding a name is dear)
                if authorByKey[k] == nil { authorByKey[k] = a.id }
            }
            entries = lib.entries.map { ($0.workId, $0.editionId, $0.notes) }
        }
    }

    /// The per-file counts against the existing library: a row whose work was added created it
    /// (the first of its work's rows) or merged into it; every row of a matched work merged.
    static func count(_ decisions: [BookMergeDecision], _ lib: IncomingFacts, _ groups: RowGroups,
                      into summaries: inout [String: BookFileSummary]) {
        for k in summaries.keys {
            summaries[k]!.worksCreated = 0; summaries[k]!.merged = 0
            summaries[k]!.editionsCreated = 0; summaries[k]!.authorsCreated = 0
        }
        // One pass, by index: a decision is a large value, and copying each out cost more than the test.
        var inserted: [BookEntity: [String]] = [:]
        for i in decisions.indices where decisions[i].action == .insert { inserted[decisions[i].entity, default: []].append(decisions[i].incomingId) }
        let works = Set(inserted[.work] ?? []), editions = Set(inserted[.edition] ?? []), authors = Set(inserted[.author] ?? [])
        let authorByKey = lib.authorByKey
        var creditedEditions = Set<String>(minimumCapacity: editions.count), creditedAuthors = Set<String>(minimumCapacity: authors.count)
        var authorOf: [String: String?] = [:]  // a name as written → its author (folding a name is dear)
        for workId in lib.workIds {
            guard let members = groups[workId] else { continue }
            let created = works.contains(workId)
            for n in members.indices {
                let row = members[n]
                // Changed in place: one look-up of the file's summary per row.
                func credit(_ s: inout BookFileSummary) {
                    if n == 0 && created { s.worksCreated += 1 } else { s.merged += 1 }
                    if editions.contains(row.edition) && creditedEditions.insert(row.edition).inserted { s.editionsCreated += 1 }
                    for name in row.authors where !authors.isEmpty {
                        let id = authorOf[name] ?? {
                            let id = authorByKey[BookIdentity.authorKey(name)]
                            authorOf[name] = id
                            return id
                        }()
                        if let id, authors.contains(id), creditedAuthors.insert(id).inserted { s.authorsCreated += 1 }
                    }
                }
                credit(&summaries[row.file, default: BookFileSummary(file: row.file, source: row.source, layout: nil)])
            }
        }
    }

    /// Entry values the merge did not keep, and notes grown past the model's limit, as warnings
    /// at the row the imported entry came from.
    static func report(_ merged: BookMergeResult, _ lib: IncomingFacts, _ groups: RowGroups,
                       _ options: BookImportOptions, into diagnostics: inout [Diagnostic]) {
        // Entry decisions come last, one per incoming entry, in its order (BookMerge.merge); read
        // in place, as the rows are: copying 50,000 of each cost more than the reporting.
        let base = merged.decisions.count - lib.entries.count
        guard base >= 0, lib.entries.indices.allSatisfy({ merged.decisions[base + $0].entity == .entry }) else { return }
        var results: [String: Int]?  // built when a joined note may be long: rarely
        for k in lib.entries.indices where merged.decisions[base + k].action != .skip {
            let notKept = merged.decisions[base + k].notKept
            let longNote = merged.decisions[base + k].fields.contains("notes") && (lib.entries[k].notes?.count ?? 0) > 0
            guard !notKept.isEmpty || longNote else { continue }
            let d = merged.decisions[base + k], e = lib.entries[k]
            guard let members = groups[e.workId], let first = members.first else { continue }
            let row = members.first { $0.edition == e.editionId } ?? first
            if !d.notKept.isEmpty {
                diagnostics.append(.csv(.warning, .booksImportEntryConflict,
                                        "\(quoted(row.title)): not kept \(d.notKept.joined(separator: ", ")) (--on-conflict \(options.onConflict.rawValue))",
                                        file: row.file, line: row.line, row: row.row))
            }
            guard longNote else { continue }
            if results == nil {
                results = Dictionary(merged.library.entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            }
            if let k = results?[d.resultId], let notes = merged.library.entries[k].notes, notes != e.notes,
               notes.count > BookRowFold.notesLimit {
                let n = notes.count
                diagnostics.append(.csv(.warning, .booksImportLongNote,
                                        "\(quoted(row.title)): notes of \(n) characters, over the model's \(BookRowFold.notesLimit); kept whole",
                                        file: row.file, line: row.line, row: row.row))
            }
        }
    }
}
