import Foundation
import MWCore
import MWFoundation
import MWJobs
import MWTestSupport
import Testing
@testable import MWBooks

/// Every real book export present — `../shared/samples/third-party/<service>/` and, when
/// `MWKIT_CORPUS` is set, `$MWKIT_CORPUS/<service>/` (same layout) — checked against invariants
/// that hold for any export, never figures copied from one file: a file dropped into either
/// folder is tested without writing a test (issue 30 §5).
///
/// Per file: it is read as its folder's service; rows read = the data rows a reference CSV
/// parser finds; no work holds two ids of one service unless their rows share an ISBN; every
/// row's rating, finish date and status is in its entry or reported; every custom status word
/// is kept or reported; the summary adds up; the library validates and reads back from
/// bookstrack-v2; a Goodreads export goes through goodreads-csv and back equal within what
/// that layout holds, with no warning about a value no row had.
@Suite("Book exports: invariants over every real file")
struct BookCorpusTests {
    /// (service, file) for every file under a book service's folder of either root.
    static func files() -> [(service: String, url: URL)] {
        var roots = [SampleFiles.root]
        if let c = ProcessInfo.processInfo.environment["MWKIT_CORPUS"], !c.isEmpty { roots.append(URL(fileURLWithPath: c)) }
        var out: [(String, URL)] = []
        for root in roots {
            for service in FormatRegistry.standard.bookReaders.map(\.name) {
                let dir = root.appendingPathComponent(service)
                guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
                let urls = e.compactMap { $0 as? URL }.filter { u in
                    let ext = u.pathExtension.lowercased()
                    let note = ["readme", "license", "notice"].contains { u.lastPathComponent.lowercased().hasPrefix($0) }
                    return ["csv", "tsv", "txt"].contains(ext) && !note && (try? u.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                }
                out += urls.sorted { $0.path < $1.path }.map { (service, $0) }
            }
        }
        return out
    }

    static let options = BookImportOptions(importDate: Date(timeIntervalSince1970: 1_749_945_600))

    @Test(.enabled(if: SampleFiles.present, "real samples absent at ../shared/samples/third-party; not checked"))
    func everyFileKeepsItsInvariants() throws {
        let all = Self.files()
        #expect(all.count >= 10, "the book samples were found")
        for (service, url) in all {
            try check(service, url)
        }
    }

    func check(_ service: String, _ url: URL) throws {
        let name = SampleFiles.relative(url)
        let f = BookExportReader.read(url)
        #expect(f.source?.rawValue == service, "\(name): read as \(f.source?.rawValue ?? "nothing")")
        guard f.source != nil else { return }
        // Rows read = data rows, as a reference parser counts them (a UTF-8 comma CSV).
        // (UTF-16 files, LibraryThing's older export, are beyond the reference parser's UTF-8.)
        let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 2)) ?? nil
        let utf16 = head.map { [UInt8]($0) == [0xFF, 0xFE] || [UInt8]($0) == [0xFE, 0xFF] } ?? false
        if !utf16, let t = try? SampleFiles.table(url), t.header.count > 1, !f.layout!.hasSuffix("-tsv") {
            #expect(f.rowsRead == t.rows.count, "\(name): \(f.rowsRead) rows read, \(t.rows.count) in the file")
        }
        #expect(f.rows.count + f.malformed.count == f.rowsRead, "\(name): every row read is imported or reported")

        let rows = f.rows
        let (fold, groups) = BookImport.firstFold(rows, Self.options, grouped: true)
        let r = BookImport.run([f], options: Self.options)
        #expect(fold.lib == r.library, "\(name): the fold this test inspects is the import's")
        for s in r.files {
            #expect(s.isBalanced, "\(name): rows read \(s.rowsRead) = works created \(s.worksCreated) + merged \(s.merged) + malformed \(s.malformed.count)")
            #expect(s.sentToReview <= s.rowsRead, "\(name): more rows in review than read")
        }
        let lib = r.library
        // No work with two ids of one service unless the rows that brought them share an ISBN.
        for w in lib.works where w.goodreadsWorkIDs.count > 1 || w.librarythingIDs.count > 1 {
            let members = groups[w.id] ?? []
            let keys = members.map { m in Set(ISBN.matchKeys(m.isbns)) }
            let shared = keys.count > 1 && keys.dropFirst().allSatisfy { !$0.isDisjoint(with: keys[0]) }
            #expect(shared, "\(name): \(quoted(w.title)) holds \(w.goodreadsWorkIDs + w.librarythingIDs) without a shared ISBN")
        }
        // Each row's user values are in its entry or reported at a row of its work.
        let byLine = Dictionary(rows.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
        let entries = Dictionary(lib.entries.map { ($0.workId, $0) }, uniquingKeysWith: { a, _ in a })
        let reported = Dictionary(grouping: r.diagnostics.filter { $0.code == DiagnosticCode.booksImportEntryConflict.rawValue }, by: { $0.line ?? 0 })
        for (workId, members) in groups {
            guard let entry = entries[workId] else { Issue.record("\(name): work \(workId) has no entry"); continue }
            let said = members.flatMap { reported[$0.line] ?? [] }.map(\.message).joined(separator: " | ")
            for m in members {
                guard let row = byLine[m.line] else { continue }
                if let v = row.personalRating ?? row.rating.map(Double.init) {
                    let kept = entry.personalRating ?? entry.rating.map(Double.init)
                    #expect(kept == v || said.contains("rating"), "\(name):\(row.line): rating \(v) neither kept nor reported")
                }
                let reads = [ReadingSession(dateStarted: entry.dateStarted, dateCompleted: entry.dateCompleted)] + entry.earlierReads
                if let d = row.dateCompleted {
                    #expect(reads.contains { $0.dateCompleted == d }, "\(name):\(row.line): finish date \(d) lost")
                }
                if let d = row.dateStarted {
                    #expect(reads.contains { $0.dateStarted == d }, "\(name):\(row.line): start date \(d) lost")
                }
                if !row.attaches {
                    #expect(entry.readingStatus == row.status || said.contains("status"), "\(name):\(row.line): status \(row.status) neither kept nor reported")
                }
            }
        }
        // A status word of unknown meaning is named in a warning and kept as a tag.
        let unknown = r.diagnostics.filter { $0.code == DiagnosticCode.booksImportUnknownStatus.rawValue }.map(\.message)
        for (word, n) in f.unknownStatuses {
            #expect(unknown.filter { $0.contains(quoted(word)) && $0.hasPrefix("\(n) row(s)") }.count == 1, "\(name): \(quoted(word)) reported once with its count")
            #expect(lib.entries.contains { $0.tags.contains(word) }, "\(name): \(quoted(word)) kept as a tag")
        }
        if let t = try? SampleFiles.table(url), t.header.contains("Exclusive Shelf") {
            // Read by the reference parser, not mwkit's reader: each Goodreads row's shelf,
            // stars and finish day are in the entry its Book Id names (or reported).
            let byId = Dictionary(lib.works.flatMap { w in w.goodreadsWorkIDs.map { ($0, w.id) } }, uniquingKeysWith: { a, _ in a })
            for row in t.rows {
                if let shelf = row["Exclusive Shelf"], ReadingStatus.from(shelf) == nil {
                    #expect(f.unknownStatuses[shelf] != nil, "\(name):\(row.line): custom shelf \(quoted(shelf)) neither mapped nor reported")
                }
                guard let id = row["Book Id"], let workId = byId[id], let entry = entries[workId] else {
                    #expect(row["Title"] == nil || row["Book Id"] == nil, "\(name):\(row.line): Book Id \(row["Book Id"] ?? "") names no book of the library")
                    continue
                }
                if let stars = row["My Rating"].flatMap(Int.init), stars > 0 {
                    #expect(entry.rating == stars || reported[row.line] != nil, "\(name):\(row.line): \(stars) stars lost")
                }
                if let day = SampleFiles.day(row["Date Read"]) {
                    let days = ([entry.dateCompleted] + entry.earlierReads.map(\.dateCompleted)).compactMap { $0 }.map(SampleFiles.utcDay)
                    #expect(days.contains(day), "\(name):\(row.line): read on \(day) lost")
                }
            }
        }
        // The library validates and reads back.
        #expect(BookValidator.validate(lib).filter { $0.severity == .error }.isEmpty, "\(name): the import validates")
        let back = BookstrackReader.read(data: BookstrackWriter.encode(lib))
        #expect(back.diagnostics.filter { $0.severity == .error }.isEmpty, "\(name): bookstrack-v2 reads back")
        #expect(!r.diagnostics.contains { $0.message.contains("from 0 record(s)") }, "\(name): no warning about zero records")
        if service == "goodreads" { try roundTrip(name, f, r) }
    }

    /// goodreads-csv and back: the same books with the same shelf, whole-star rating, finish
    /// day and read count (what the layout holds), and no warning about what no row had.
    func roundTrip(_ name: String, _ f: BookFileRead, _ r: BookImportResult) throws {
        let lib = r.library
        let dropped = GoodreadsCSVWriter.dropped(lib).map(\.message)
        #expect(!dropped.contains { $0.contains("reading progress") }, "\(name): a Goodreads export holds no reading progress: \(dropped)")
        // Only what folding rows can add (earlier reads of joined rows) or a start date a layout had.
        #expect(dropped.allSatisfy { $0.contains("earlier reads") || $0.contains("date a read started") }, "\(name): \(dropped)")
        let bytes = try GoodreadsCSVWriter.write(lib)
        let f2 = BookExportReader.read(bytes: bytes, name: "goodreads_library_export.csv")
        #expect(f2.rowsRead == lib.entries.count, "\(name): one row per entry")
        let badBefore = r.diagnostics.filter { $0.code == DiagnosticCode.importBadValue.rawValue }.count
        #expect(f2.diagnostics.filter { $0.code == DiagnosticCode.importBadValue.rawValue }.count <= badBefore, "\(name): writing made values the reader refuses")
        let r2 = BookImport.run([f2], options: Self.options)
        #expect(BookValidator.validate(r2.library).filter { $0.severity == .error }.isEmpty, "\(name): the round trip validates")
        func facts(_ l: BookLibrary) -> [String] {
            let works = Dictionary(l.works.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            return l.entries.map { e in
                let w = works[e.workId]
                let stars = e.rating ?? e.personalRating.map { Int($0.rounded(.toNearestOrAwayFromZero)) } ?? 0
                let done = e.dateCompleted.map(SampleFiles.utcDay) ?? "-"
                return [w?.title ?? "?", GoodreadsReader.shelf(for: e.readingStatus), String(stars), done,
                        String(GoodreadsCSVWriter.readCount(e)), (w?.goodreadsWorkIDs.sorted() ?? []).joined(separator: ";")].joined(separator: "\u{1F}")
            }.sorted()
        }
        let a = facts(lib), b = facts(r2.library)
        #expect(a.count == b.count, "\(name): \(a.count) books written, \(b.count) read back")
        let diff = Set(a).symmetricDifference(Set(b))
        #expect(diff.isEmpty, "\(name): round trip differs in \(diff.count) book(s), e.g. \(diff.sorted().prefix(4).map { $0.replacingOccurrences(of: "\u{1F}", with: " | ") })")
    }
}
