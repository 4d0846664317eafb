import Foundation
@testable import MWImport
import MWCore
import MWFoundation
import MWJobs
import MWStore
import MWTMDb
import Testing

/// `ImportJob` end to end against the loopback TMDb server: our own exports in, a library out.
@Suite("Import job")
struct ImportJobTests {
    static func run(_ o: ImportJobOptions, env: [String: String] = ImportFixture.env) async throws -> ImportJob.Outcome {
        try await ImportJob.run(o, environment: env)
    }

    @Test func nothingTheUserRecordedIsLost() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx), try fx.write("imdb/ratings.csv", ImportFixture.imdbRatingsWithNightfall), try ImportFixture.trakt(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            o.format = .mediawatchV2
            let r = try await Self.run(o)
            let lib = r.library
            #expect(r.report.exitCode == 0, "\(r.report.problems)")
            #expect(Set(lib.titles.map(\.tmdbId)) == [1001, 1004, 1005, 1014, 1011, 2003])
            #expect(r.report.total.review == 1 && r.report.inReview.first?.contains("Paper Lanterns") == true)
            #expect(r.report.total.duplicatesFolded >= 1, "Nightfall Harbor from IMDb folded into the Letterboxd title")

            // Every rating, watch, tag and review of the export is in the library.
            let export = MWImport.read(sources: sources)
            let byTitle = Dictionary(uniqueKeysWithValues: lib.titles.map { ($0.tmdbId, $0) })
            let matched = lib.titles.map(\.tmdbId)
            var ratings = 0, watches = 0
            for item in export.items where item.title != "Paper Lanterns" && item.kind != .episode {
                let t = try #require(lib.titles.first { $0.sources.contains(RecordSource(service: item.source.service.rawValue, file: item.source.file, row: item.source.line ?? item.source.row, uri: item.source.uri)) },
                                     "no title for \(item.title)")
                for rating in item.ratings {
                    #expect(t.ratings.contains { $0.value == rating.value && $0.source == rating.source.service.rawValue && $0.date == rating.date.map { ImportDates.model($0).date } })
                    ratings += 1
                }
                for w in item.watches {
                    #expect(t.viewings.contains { $0.date == w.date.map { ImportDates.model($0).date } && $0.rewatch == w.rewatch })
                    watches += 1
                }
                for tag in item.tags + item.watches.flatMap(\.tags) { #expect(t.tags.contains(tag)) }
                for review in item.reviews { #expect(lib.notes.contains { $0.text == review.text && $0.parentId == t.id && $0.ownerOnly }) }
            }
            #expect(ratings >= 5 && watches == 3 && matched.count == 6)
            let nightfall = try #require(byTitle[1001])
            #expect(nightfall.viewings.filter(\.rewatch).count == 1 && nightfall.tags == ["cinema", "friends"])
            #expect(nightfall.watchedDate == DateCoding.parseISO("2022-05-05T11:00:00Z"))
            #expect(Set(nightfall.ratings.map(\.source)) == ["letterboxd", "imdb"] && nightfall.likedStatus == 1)
            #expect(lib.notes.first?.text == "<i>Better</i> the second time.\n\nStill great.")  // CRLF in the field read as LF
            #expect(byTitle[1004]?.likedStatus == -1 && byTitle[1011]?.likedStatus == 1)
            // Episodes under their show, watches kept.
            #expect(lib.episodes.map(\.episodeCode) == ["S01E01", "S01E02"] && lib.episodes[0].viewings.count == 2)
            #expect(lib.episodes.allSatisfy { $0.showId == byTitle[2003]?.id && $0.tmdbId == nil })
            // Lists: watchlist, the Letterboxd list in its order with its note, the rest watched.
            #expect(lib.lists.map(\.name) == ["Watchlist", "Quiet ones", "Watched"])
            #expect(lib.lists[1].items.map(\.titleId) == [byTitle[1005]!.id, nightfall.id] && lib.lists[1].items[0].note == "Quiet.")
            #expect(lib.lists[1].listDescription == "Films that stay.")
            #expect(Set(lib.lists[2].items.map(\.titleId)) == [byTitle[1004]!.id, byTitle[1011]!.id, byTitle[2003]!.id])
            // The output and the review file were written.
            #expect(try BackupIO.read(url: fx.url("out.json")).isValid)
            #expect(try String(contentsOf: fx.url("review.csv"), encoding: .utf8).contains("Paper Lanterns"))
        }
    }

    @Test func reimportingGivesTheSameBytesAndTheSecondMergeChangesNothing() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx), try ImportFixture.imdb(fx), try ImportFixture.trakt(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            o.database = fx.url("lib.sqlite")
            let first = try await Self.run(o)
            let bytes = try Data(contentsOf: fx.url("out.json"))
            let review = try Data(contentsOf: fx.url("review.csv"))
            #expect((first.report.merge?["title"]?.insert ?? 0) == 6)
            let requests = await server.count()
            let second = try await Self.run(o)
            #expect(try Data(contentsOf: fx.url("out.json")) == bytes, "the same export gives the same bytes")
            #expect(try Data(contentsOf: fx.url("review.csv")) == review)
            #expect(second.library == first.library)
            for (entity, t) in second.report.merge ?? [:] {
                #expect(t.insert == 0 && t.update == 0, "\(entity): \(t)")
            }
            #expect(second.report.merge?["title"]?.skip == 6)
            #expect(await server.count() == requests, "a re-run is served from the cache")
            #expect(second.report.requests == 0)
            let store = try LibraryStore.open(at: fx.url("lib.sqlite"), mode: .readOnly)
            defer { try? store.close() }
            #expect(try store.loadLibrary().titles.count == 6)
        }
    }

    @Test func dryRunWritesNothingAndSendsNoRequest() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx), try ImportFixture.imdb(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            o.database = fx.url("lib.sqlite")
            o.dryRun = true
            let r = try await Self.run(o, env: [:])   // no credentials needed
            #expect(await server.count() == 0)
            for f in ["out.json", "review.csv", "lib.sqlite"] { #expect(!FileManager.default.fileExists(atPath: fx.url(f).path), "\(f) written") }
            #expect(r.report.dryRun && r.report.output == nil && r.report.total.review > 0 && r.report.requests == 0)
            #expect(r.report.text().hasPrefix("dry run"))
        }
    }

    @Test func offlineUsesFileIDsAndTheCacheOnly() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx), try ImportFixture.trakt(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            o.tmdb.offline = true
            // A cold cache: only the Trakt show (TMDb ID in the file) comes in; the rest waits.
            let cold = try await Self.run(o, env: [:])
            #expect(cold.library.titles.map(\.tmdbId) == [2003])
            #expect(cold.report.total.review > 0 && cold.report.exitCode == 0)
            // Online once, then offline again: everything from the cache.
            o.tmdb.offline = false
            let online = try await Self.run(o)
            let sent = await server.count()
            o.tmdb.offline = true
            let warm = try await Self.run(o, env: [:])
            #expect(await server.count() == sent && warm.report.requests == 0)
            #expect(warm.library == online.library)
        }
    }

    @Test func strictAndAMissingReviewFileMakeReviewRowsFail() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            let noReview = try await Self.run(o)
            #expect(noReview.report.exitCode == 1 && noReview.report.problems.last?.contains("--review") == true)
            o.reviewFile = fx.url("review.csv")
            #expect(try await Self.run(o).report.exitCode == 0)
            o.strict = true
            let strict = try await Self.run(o)
            #expect(strict.report.exitCode == 1 && strict.report.problems.contains { $0.contains("--strict") })
            #expect(FileManager.default.fileExists(atPath: fx.url("out.json").path), "the output is still written")
        }
    }

    @Test func refusedCredentialsExitTwoAndWriteNothing() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let o = await ImportFixture.options(sources, server: server, fx: fx)
            do {
                _ = try await Self.run(o, env: ["TMDB_API_KEY": "wrong-key"])
                Issue.record("a 401 must stop the import")
            } catch let e as MWError {
                #expect(e.exitCode == 2 && !e.description.contains("wrong-key"))
            }
            #expect(!FileManager.default.fileExists(atPath: fx.url("out.json").path))
        }
    }

    @Test func aDecisionInTheReviewFileBringsTheRowIn() async throws {
        let fx = try Fixture()
        let sources = [try ImportFixture.letterboxd(fx)]
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options(sources, server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            let first = try await Self.run(o)
            #expect(!first.library.titles.contains { $0.tmdbId == 1008 })
            // The user decides: Paper Lanterns is TMDb's 1008 (a year off).
            let text = try String(contentsOf: fx.url("review.csv"), encoding: .utf8)
            let decided = text.split(separator: "\r\n", omittingEmptySubsequences: false).map { line in
                line.contains("Paper Lanterns") && line.contains(",review,") ? "movie:1008" + line : String(line)
            }.joined(separator: "\r\n")
            try fx.write("decided.csv", decided)
            o.overridesFile = fx.url("decided.csv")
            let second = try await Self.run(o)
            let t = try #require(second.library.titles.first { $0.tmdbId == 1008 })
            #expect(t.watched && second.report.total.matchedByOverride == 1 && second.report.total.review == 0)
            #expect(second.report.exitCode == 0)
            // Ignoring instead leaves it out, counted.
            try fx.write("ignored.csv", decided.replacingOccurrences(of: "movie:1008", with: "ignore"))
            o.overridesFile = fx.url("ignored.csv")
            let third = try await Self.run(o)
            #expect(!third.library.titles.contains { $0.tmdbId == 1008 } && third.report.total.ignoredRows == 1 && third.report.exitCode == 0)
        }
    }

    @Test func aMalformedRowIsListedAndTheRestIsWritten() async throws {
        let fx = try Fixture()
        let imdb = try fx.write("imdb/ratings.csv", ImportFixture.imdbRatings + "tt9000099,7\n")
        try await withMatchingServer(TrapCatalogue.titles) { server in
            var o = await ImportFixture.options([imdb], server: server, fx: fx)
            o.reviewFile = fx.url("review.csv")
            let r = try await Self.run(o)
            #expect(r.report.exitCode == 1)
            #expect(r.report.problems.contains { $0.hasPrefix("ratings.csv:3") || $0.contains("ratings.csv:3") }, "\(r.report.problems)")
            #expect(r.library.titles.map(\.tmdbId) == [1011])
            #expect(try BackupIO.read(url: fx.url("out.json")).library?.titles.count == 1)
            let json = try r.report.json()
            #expect(json.contains("\"exitCode\" : 1"))
        }
    }

    @Test func unreadableInputAndUsageAreExitTwo() async throws {
        let fx = try Fixture()
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let missing = await ImportFixture.options([fx.url("nope.zip")], server: server, fx: fx)
            await #expect(throws: MWError.self) { _ = try await Self.run(missing) }
            var noOutput = await ImportFixture.options([try ImportFixture.letterboxd(fx)], server: server, fx: fx, output: nil)
            #expect(noOutput.usageProblem != nil)
            noOutput.dryRun = true
            #expect(noOutput.usageProblem == nil)
            #expect(await server.count() == 0)
        }
    }
}
