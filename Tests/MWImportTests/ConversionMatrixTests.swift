import Foundation
import MWCore
import MWFoundation
@testable import MWImport
import MWJobs
import Testing

/// Every film service reader × every film writer, on our own fixtures (each names its films by
/// TMDb ID, so the import matches offline): what both formats hold comes through equal — a
/// rating on another scale converted and converted back within the target's precision, every
/// dated viewing where the target holds dates — and what the target cannot hold is reported with
/// a count, never lost in silence. The matrix of pairs and their pass counts is printed.
@Suite(.serialized) struct ConversionMatrixTests {
    /// Each reader's fixture: files of its export, each film with a TMDb ID and its kind, a rating
    /// and a watch. (Letterboxd's tmdbID says no kind: the matcher looks it up, which an offline
    /// test cannot; Letterboxd is covered as a writer and by LetterboxdRoundTripTests.)
    static let readers: [(name: String, files: [(String, String)])] = [
        ("movary", [("history.csv", "title,year,tmdbId,imdbId,watchedAt,comment,location\nHeat,1995,949,tt0113277,2024-01-02,,\nHeat,1995,949,tt0113277,2024-06-01,,\nAlien,1979,348,,2023-05-06,Tense.,\n"),
                    ("ratings.csv", "title,year,tmdbId,imdbId,userRating\nHeat,1995,949,tt0113277,9\nAlien,1979,348,,6\n")]),
        ("yamtrack", [("yamtrack.csv", "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\",\"episode_number\",\"score\",\"status\",\"notes\",\"start_date\",\"end_date\",\"progress\",\"created_at\",\"progressed_at\"\r\n\"949\",\"tmdb\",\"movie\",\"Heat\",\"\",\"\",\"\",\"9.0\",\"Completed\",\"\",\"\",\"2024-01-02\",\"1\",\"\",\"\"\r\n\"949\",\"tmdb\",\"movie\",\"Heat\",\"\",\"\",\"\",\"\",\"Completed\",\"\",\"\",\"2024-06-01\",\"1\",\"\",\"\"\r\n\"348\",\"tmdb\",\"movie\",\"Alien\",\"\",\"\",\"\",\"6.0\",\"Completed\",\"Tense.\",\"\",\"2023-05-06\",\"1\",\"\",\"\"\r\n")]),
        ("tmdb", [("ratings.csv", "TMDb ID,IMDb ID,Type,Name,Release Date,Season Number,Episode Number,Rating,Your Rating,Date Rated\n949,tt0113277,movie,Heat,1995-12-15T00:00:00Z,,,7.9,9,2024-01-02T10:00:00Z\n348,,movie,Alien,1979-05-25T00:00:00Z,,,8.1,6,2023-05-06T10:00:00Z\n")]),
        ("watcharr", [("watcharr.json", """
            [{"id":1,"createdAt":"2024-01-02T10:00:00Z","updatedAt":"2024-01-02T10:00:00Z","status":"FINISHED","rating":9,"thoughts":"","content":{"id":1,"tmdbId":949,"title":"Heat","type":"movie","release_date":"1995-12-15T00:00:00Z"},"activity":[]},
             {"id":2,"createdAt":"2023-05-06T10:00:00Z","updatedAt":"2023-05-06T10:00:00Z","status":"FINISHED","rating":6,"thoughts":"Tense.","content":{"id":2,"tmdbId":348,"title":"Alien","type":"movie","release_date":"1979-05-25T00:00:00Z"},"activity":[]}]
            """)]),
        ("simkl", [("simkl.csv", "SIMKL_ID,Title,Type,Year,Watchlist,LastEpWatched,WatchedDate,Rating,Memo,TVDB,TMDB,IMDB\n53536,Heat,movie,1995,completed,,2024-01-02,9,,,949,tt0113277\n1012,Alien,movie,1979,completed,,2023-05-06,6,Tense.,,348,\n")]),
        ("ryot", [("ryot.json", """
            {"metadata":[{"lot":"movie","source":"tmdb","identifier":"949","source_id":"Heat","seen_history":[{"progress":"100","ended_on":"2024-01-02T21:00:00Z"},{"progress":"100","ended_on":"2024-06-01T21:00:00Z"}],"reviews":[{"rating":"90","review":{"date":"2024-01-03T09:00:00Z"}}],"collections":[]},
             {"lot":"movie","source":"tmdb","identifier":"348","source_id":"Alien","seen_history":[{"progress":"100","ended_on":"2023-05-06T21:00:00Z"}],"reviews":[{"rating":"60","review":{"text":"Tense.","date":"2023-05-07T09:00:00Z"}}],"collections":[]}]}
            """)]),
        ("trakt-csv", [("trakt.csv", "tmdb_id,imdb_id,tvdb_id,type,title,year,season,episode,watched_at,watchlisted_at,rating,rated_at,action\r\n"
                       + "949,tt0113277,,movie,Heat,1995,,,2024-01-02T20:00:00Z,,,,history\r\n949,tt0113277,,movie,Heat,1995,,,2024-06-01T20:00:00Z,,,,history\r\n"
                       + "949,tt0113277,,movie,Heat,1995,,,,,9,2024-01-02T21:00:00Z,rating\r\n348,,,movie,Alien,1979,,,2023-05-06,,,,history\r\n"
                       + "348,,,movie,Alien,1979,,,,,6,2023-05-06T21:00:00Z,rating\r\n")]),
    ]
    /// The film writers, and how each output is read back (nil: mwkit reads no such file).
    static let writers: [String] = ["mediawatch-v2", "letterboxd", "imdb", "trakt", "movary", "ryot", "yamtrack", "watcharr", "trakt-json"]
    /// The writers whose format holds a title's watch status (docs/IMPORT.md "Watch status").
    static let statusWriters: Set<String> = ["mediawatch-v2", "yamtrack", "watcharr", "ryot"]
    /// The writers that make a folder of several files whatever the library's size.
    static let folders: Set<String> = ["movary", "trakt-json"]

    static func importLibrary(_ files: [URL], fx: Fixture, name: String) async throws -> Library {
        var o = ImportJobOptions(sources: files)
        o.output = fx.url("\(name).json")
        o.format = .mediawatchV2
        o.tmdb.offline = true
        o.tmdb.cachePath = fx.url("cache.sqlite").path
        o.build.now = Date(timeIntervalSince1970: 1_750_000_000)
        let outcome = try await ImportJob.run(o, environment: [:])
        #expect(outcome.report.exitCode == 0, "\(name): \(outcome.report.problems)")
        return outcome.library
    }

    static func day(_ d: Date) -> String { String(DateCoding.formatRFC3339(d).prefix(10)) }

    /// A title's newest rating as points out of 10.
    static func points(_ t: Title) -> Double? {
        t.ratings.max { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }.map { $0.value * 10 / $0.scale }
    }

    @Test func everyReaderIntoEveryWriter() async throws {
        let fx = try Fixture()
        try FileManager.default.createDirectory(at: fx.url("out"), withIntermediateDirectories: true)
        var matrix: [[String]] = []
        var failures: [String] = []
        for reader in Self.readers {
            let files = try reader.files.map { try fx.write("\(reader.name)/\($0.0)", $0.1) }
            let source = try await Self.importLibrary(files, fx: fx, name: reader.name)
            #expect(Set(source.titles.map(\.tmdbId)) == [949, 348], "\(reader.name) imported \(source.titles.map(\.tmdbId))")
            var row = [reader.name]
            for writer in Self.writers {
                let format = try #require(FormatRegistry.standard.format(named: writer))
                let out = fx.url("out/\(reader.name)-\(writer)" + (Self.folders.contains(writer) ? "" : ".\(format.fileExtension)"))
                let done = try LibraryWriter.write(source, version: Migrator.latestVersion, as: format, to: out)
                var passed = 0, checks = 0
                func check(_ ok: Bool, _ what: String) {
                    checks += 1
                    if ok { passed += 1 } else { failures.append("\(reader.name) → \(writer): \(what)") }
                }
                // Read the output back: a backup through its reader, a service's file through that
                // service's reader (not matched again: the ids it writes are the ids we compare).
                var backTitles: [Int64: (points: Double?, days: Set<String>, status: WatchStatus?)]?
                if writer == "mediawatch-v2" {
                    let lib = try BackupLoader().loadValid(out.path, options: ReadOptions()).library(migratedTo: Migrator.latestVersion).library
                    backTitles = Dictionary(lib.titles.map { ($0.tmdbId, (Self.points($0), Set($0.viewings.compactMap(\.date).map(Self.day)), $0.watchStatus)) }, uniquingKeysWith: { a, _ in a })
                } else if format.isReadable || writer == "trakt-json" {
                    let items = MWImport.read(sources: [out], options: ImportOptions(readers: FormatRegistry.standard.filmReaders)).items
                    var found: [Int64: (points: Double?, days: Set<String>, status: WatchStatus?)] = [:]
                    for t in source.titles {
                        guard let i = items.first(where: { $0.ids.tmdb.map(Int64.init) == t.tmdbId || ($0.ids.imdb != nil && $0.ids.imdb == t.metadata?.imdbId) }) else { continue }
                        let r = i.ratings.last.map { $0.value * 10 / ($0.scale == .tenPoint ? 10 : 5) }
                        found[t.tmdbId] = (r, Set(i.watches.compactMap { $0.date?.day }), TitleDraft.status(i.marks)?.status)
                    }
                    backTitles = found
                } else {
                    backTitles = nil
                }
                let holds = format.holds
                for t in source.titles {
                    let leftOut = writer == "imdb" && t.metadata?.imdbId == nil  // reported below
                    let u = backTitles?[t.tmdbId]
                    if backTitles != nil, !leftOut { check(u != nil, "title \(t.tmdbId) came through") }
                    if let p = Self.points(t), holds.ratings != nil, let u {
                        // Within the target's precision: half stars are a point of 10, whole points half a point.
                        let precision = writer == "letterboxd" ? 1.0 : writer == "mediawatch-v2" ? 0.0 : 0.5
                        check(u.points.map { abs($0 - p) <= precision } == true, "rating of \(t.tmdbId): \(p) → \(u.points ?? -1)")
                    }
                    if let status = t.watchStatus, Self.statusWriters.contains(writer), let u {
                        check(u.status == status, "watch status of \(t.tmdbId): \(status) → \(u.status?.rawValue ?? "none")")
                    }
                    if holds.dates != nil, holds.rewatches, let u {
                        let days = Set(t.viewings.compactMap(\.date).map(Self.day))
                        check(days.isSubset(of: u.days), "viewings of \(t.tmdbId): \(days.sorted()) → \(u.days.sorted())")
                    }
                }
                if writer == "trakt" {
                    let text = try String(contentsOf: out, encoding: .utf8)
                    for t in source.titles {
                        let ratedRow = text.split(separator: "\r\n").contains { $0.hasPrefix("\(t.tmdbId),") && $0.hasSuffix(",rating") }
                        check(Self.points(t) == nil || ratedRow, "trakt rating row of \(t.tmdbId)")
                        let plays = text.split(separator: "\r\n").filter { $0.hasPrefix("\(t.tmdbId),") && $0.hasSuffix(",history") }.count
                        check(plays == max(t.viewings.count, t.watched ? 1 : 0), "trakt history rows of \(t.tmdbId): \(plays) for \(t.viewings.count) viewings")
                    }
                }
                // What the target cannot hold is reported with a count, never dropped in silence.
                if !holds.reviews, !source.notes.isEmpty {
                    check(done.diagnostics.contains { $0.severity == .warning }, "notes left out without a word")
                }
                if !holds.tags, source.titles.contains(where: { !$0.tags.isEmpty }) {
                    check(done.diagnostics.contains { $0.message.contains("tags") }, "tags left out without a word")
                }
                let statuses = source.titles.filter { $0.watchStatus != nil }.count
                if statuses > 0, !Self.statusWriters.contains(writer) {
                    let said = writer == "mediawatch-v1" ? "titles[].watchStatus" : ServiceWriting.watchStatusKey
                    check(done.diagnostics.contains { $0.message.contains("\(said): dropped from \(statuses) record(s)") }, "watch statuses left out without a word")
                }
                if writer == "imdb" {
                    let noIMDb = source.titles.filter { ServiceWriting.imdbID($0) == nil }.count
                    check(done.diagnostics.filter { $0.code == DiagnosticCode.writeNoIMDbID.rawValue }.count == noIMDb, "titles without an IMDb id reported")
                }
                row.append("\(passed)/\(checks)")
            }
            matrix.append(row)
        }
        let header = ["reader \\ writer"] + Self.writers
        let widths = header.indices.map { i in ([header[i]] + matrix.map { $0[i] }).map(\.count).max()! }
        let lines = ([header] + matrix).map { r in r.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") }
        print("conversion matrix (checks passed / checks per pair):\n" + lines.joined(separator: "\n"))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(matrix.count == Self.readers.count && matrix.allSatisfy { $0.count == Self.writers.count + 1 })
    }
}
