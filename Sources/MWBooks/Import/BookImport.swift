import Foundation
import MWFoundation

/// The library-level API of the book imports (`mwkit import` for the book trackers' exports):
/// read files, fold their rows into a library, report.
///
/// ```swift
/// let reads = urls.map(BookExportReader.read)
/// let result = BookImport.run(reads, into: existing, options: BookImportOptions(onConflict: .keep))
/// try BookReviewFile.write(result.review, to: reviewURL)
/// exit(result.exitCode(reviewFileWritten: true))
/// ```
public enum BookImport {
    /// Reads the files at `urls` with the trackers' readers `services` and imports them (see
    /// ``run(_:into:options:)``).
    /// `existing` is consumed: passed its last copy (`consume`), a merge changes it in place.
    public static func run(urls: [URL], into existing: consuming BookLibrary = BookLibrary(), options: BookImportOptions = BookImportOptions(),
                           services: [any BookServiceReader]) -> BookImportResult {
        let (files, rows) = read(urls, services)
        return run(files, rows: consume rows, into: consume existing, options: options)
    }

    /// The files at `urls` read, and their rows taken out of them: the files are this
    /// module's own, so their rows are handed over, not copied.
    private static func read(_ urls: [URL], _ services: [any BookServiceReader]) -> ([BookFileRead], [BookRow]) {
        taking(urls.map { BookExportReader.read($0, services: services) })
    }

    /// The detected files read in turn, each one's parsed CSV let go once its rows are out (as
    /// files read from their paths are), not kept while the library is built.
    private static func reading(_ detected: inout [BookDetection]) -> [BookFileRead] {
        detected.indices.map { i in
            defer { detected[i].release() }
            return BookExportReader.read(detected[i])
        }
    }

    /// `files`' rows taken out of them: the first file's array itself (one file is the usual
    /// import: its rows are not copied, as they were into a second array beside them), the
    /// others' appended to it.
    private static func taking(_ read: consuming [BookFileRead]) -> ([BookFileRead], [BookRow]) {
        var files = consume read
        guard !files.isEmpty else { return (files, []) }
        var rows = files[0].rows
        files[0].rows = []
        if files.count > 1 { rows.reserveCapacity(files.reduce(rows.count) { $0 + $1.rows.count }) }
        for i in files.indices.dropFirst() {
            rows += files[i].rows
            files[i].rows = []
        }
        return (files, rows)
    }

    /// ``run(urls:into:options:services:)`` into the library `existing` gives, asked for only
    /// once the files are read and their rows folded among themselves: a caller can have it
    /// read and indexed meanwhile on another thread (``BackgroundValue``), as
    /// `mwkit import --merge-into` does. What `existing` throws is thrown, and nothing is merged.
    public static func run(urls: [URL], mergingInto existing: () throws -> BookMergeTarget, options: BookImportOptions = BookImportOptions(),
                           services: [any BookServiceReader]) rethrows -> BookImportResult {
        let (files, rows) = BookFileRead.$oneThread.withValue(true) { read(urls, services) }
        return try run(files, rows: consume rows, grouped: true, into: existing, options: options)
    }

    /// ``run(urls:mergingInto:options:services:)`` for files already detected
    /// (``BookExportReader/detect(bytes:name:csv:services:)``, as `mwkit import`'s routing does):
    /// each is read under what was found, not opened or detected again.
    public static func run(detected: consuming [BookDetection], mergingInto existing: () throws -> BookMergeTarget,
                           options: BookImportOptions = BookImportOptions()) rethrows -> BookImportResult {
        let (files, rows) = BookFileRead.$oneThread.withValue(true) { taking(reading(&detected)) }
        return try run(files, rows: consume rows, grouped: true, into: existing, options: options)
    }

    /// ``run(urls:into:options:services:)`` for files already detected.
    public static func run(detected: consuming [BookDetection], options: BookImportOptions = BookImportOptions()) -> BookImportResult {
        let (files, rows) = taking(reading(&detected))
        return run(files, rows: consume rows, into: BookLibrary(), options: options)
    }

    /// Folds the rows of `files` into `existing` (empty for a new library). Rows are taken in
    /// an order that depends only on their content, so the same rows in any order give the
    /// same library, and ids are hashed from what records stand for, so the same files give
    /// the same library byte for byte (with the same ``BookImportOptions/importDate``).
    /// Importing the same files again into the result changes nothing. Never throws: every
    /// problem is a diagnostic and a summary line.
    public static func run(_ files: [BookFileRead], into existing: consuming BookLibrary = BookLibrary(), options: BookImportOptions = BookImportOptions()) -> BookImportResult {
        run(files, rows: files.flatMap(\.rows), into: existing, options: options)
    }

    /// ``run(_:into:options:)`` with the files' rows given apart (`files`' own are not read).
    static func run(_ files: [BookFileRead], rows: consuming [BookRow], into existing: consuming BookLibrary,
                    options: BookImportOptions) -> BookImportResult {
        let merging = !existing.works.isEmpty || !existing.entries.isEmpty || !existing.authors.isEmpty
        let handoff = Handoff(consume existing)
        return run(files, rows: consume rows, grouped: merging, into: { BookMergeTarget(handoff.take()) }, options: options)
    }

    /// The import, into the library `existing` gives once the rows are folded (`grouped`: a
    /// merge into a library is expected, so each work's rows are kept for its reports).
    static func run(_ files: [BookFileRead], rows: consuming [BookRow], grouped: Bool, into existing: () throws -> BookMergeTarget,
                    options: BookImportOptions) rethrows -> BookImportResult {
        // First the import on its own: its rows fold into works among themselves, the latest
        // activity winning inside one entry. Then, into an existing library, with the one
        // library merge (BookImport+MergeInto.swift), handed `existing` whole.
        let (first, groups) = firstFold(consume rows, options, grouped: grouped)
        var fold = first
        // What the merge's reports need of the import's library, taken while the existing one
        // may still be being read.
        let facts = grouped ? IncomingFacts(fold.lib) : nil
        let target = try existing()
        if !target.isEmpty {
            let facts = facts ?? IncomingFacts(fold.lib)
            fold = mergeInto(consume target, consume fold, facts, groups, options)
        }
        var summaries: [BookFileSummary] = []
        var seen = Set<String>()
        for f in files where seen.insert(f.file).inserted {
            var s = fold.summaries[f.file] ?? BookFileSummary(file: f.file, source: f.source, layout: f.layout)
            s.source = f.source
            s.layout = f.layout
            for same in files where same.file == f.file {
                s.rowsRead += same.rowsRead
                s.malformed += same.malformed
                for (k, v) in same.unkept { s.unkept[k, default: 0] += v }
            }
            summaries.append(s)
        }
        var diagnostics = options.overrides.diagnostics + files.flatMap(\.diagnostics) + fold.diagnostics
        let used = Set(fold.review.map(\.key))
        for key in options.overrides.decisions.keys.sorted() where !used.contains(key) {
            diagnostics.append(.warning(.importReviewDecision, "a decision in the review file names no merge of this import: \(key)"))
        }
        if files.allSatisfy({ $0.source == nil }) {
            diagnostics.append(.error(.importNoExport, "no \(BookFileRead.tried(files)) export among \(files.map(\.file).joined(separator: ", "))"))
        }
        let review = fold.review.sorted { ($0.file, $0.line, $0.key) < ($1.file, $1.line, $1.key) }
        var result = BookImportResult(library: fold.lib, files: summaries, review: review, diagnostics: diagnostics)
        result.tried = BookFileRead.tried(files)
        return result
    }

    /// A value handed over once, its holder keeping no copy (so the one who takes it may
    /// change it in place).
    private final class Handoff<T> {
        private var value: T?
        init(_ value: consuming T) { self.value = value }
        func take() -> T {
            defer { value = nil }
            return value!
        }
    }

    /// The rows folded among themselves, and each work's rows with their editions. A function
    /// of its own, so the rows in canonical order and the fold's indices are freed before a
    /// merge builds its own.
    /// The groups are built only when `grouped` (a merge into an existing library reads them).
    static func firstFold(_ rows: consuming [BookRow], _ options: BookImportOptions, grouped: Bool) -> (ImportFold, RowGroups) {
        // Batch by batch, row by row in order, each taken out as it is folded: what the library
        // does not share with a row is freed row by row, and each batch's array when it is
        // done, rather than all at the end (at the peak of an import's memory).
        for i in rows.indices { rows[i].sourceIndex = i }
        var batches = BookIdentity.canonicalOrder(consume rows)
        let count = batches.reduce(0) { $0 + $1.count }
        // Each entry's first row in the source, by the entry's index (a fold into a library of
        // its own gives a work one entry, and its index never changes): the entries are put in
        // that order at the end. An array, not a dictionary by work id: one of 50,000 works took
        // 3 MB of slots through the fold, the import's peak of memory (issue 29: peak RSS).
        var firstRow: [Int] = []
        firstRow.reserveCapacity(count)
        batches.reverse()
        var merger = BookRowFold(BookLibrary(), options: options, expectedRows: count)
        var groups: RowGroups = [:]
        if grouped { groups.reserveCapacity(count) }
        while var batch = batches.popLast() {
            batch.reverse()
            while let row = batch.popLast() {
                let (work, editions, entry) = merger.add([row])
                if let e = entry {
                    if e >= firstRow.count { firstRow += repeatElement(Int.max, count: e - firstRow.count + 1) }
                    firstRow[e] = min(firstRow[e], row.sourceIndex)
                }
                if grouped && !work.isEmpty {
                    let first = groups[work] == nil
                    groups[work, default: []].append(RowRef(row, edition: editions[0], first: first))
                }
            }
        }
        // The fold taken whole (`consume`): the merger kept beside it held a second reference to
        // its library, and putting the entries in order below copied all of them (issue 29).
        var fold = ImportFold(consume merger)
        // Records are made in an order of their content (ids and folding do not depend on the
        // rows' order); the entries, the user's books, are listed in the source's order, so
        // goodreads-csv written from an import keeps the export's row order.
        // Sorted through their positions, then moved in place: sorting the entries themselves
        // took a scratch copy of half of them at the end of the fold, the import's peak of
        // memory (issue 29: new-library peak RSS), and looked up two first rows per comparison.
        let keys = fold.lib.entries.indices.map { (firstRow.indices.contains($0) ? firstRow[$0] : Int.max, fold.lib.entries[$0].id) }
        firstRow = []
        // The position last: the order `sort` (stable) gave the entries themselves.
        let order = keys.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) }
        permute(&fold.lib.entries, order)
        return (fold, groups)
    }

    /// `items` rearranged so that `items[i]` is the element that was at `order[i]` (`order` a
    /// permutation of the indices), cycle by cycle, with swaps: no second array of elements.
    static func permute<T>(_ items: inout [T], _ order: [Int]) {
        var placed = [Bool](repeating: false, count: items.count)
        for start in items.indices where !placed[start] {
            var j = start
            while order[j] != start {
                items.swapAt(j, order[j])
                placed[j] = true
                j = order[j]
            }
            placed[j] = true
        }
    }
}
