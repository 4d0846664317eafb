import Foundation
import MWTestSupport
import MWCore
import Testing

/// The built `mwkit import` binary end to end on our own fixtures, against the loopback TMDb.
@Suite("mwkit import (CLI)", .serialized)
struct ImportCLITests {
    typealias Run = MWKitBinary.Run

    /// Runs mwkit with a private XDG home (no user cache, config or database is touched). The
    /// wait happens off Swift's cooperative threads, so the in-process server keeps answering.
    static func mwkit(_ args: [String], fx: Fixture, env: [String: String] = [:]) async throws -> Run {
        var e: [String: String?] = ["TMDB_API_KEY": nil, "TMDB_ACCESS_TOKEN": nil, "TMDB_BASE_URL": nil, "MWKIT_DB": nil]
        e["XDG_CACHE_HOME"] = fx.url("xdg-cache").path
        e["XDG_CONFIG_HOME"] = fx.url("xdg-config").path
        e["XDG_DATA_HOME"] = fx.url("xdg-data").path
        for (k, v) in env { e[k] = v }
        return try await MWKitBinary.runDetached(args, env: e)
    }

    static let key = ["TMDB_API_KEY": MatchingServer.secret, "SOURCE_DATE_EPOCH": "1750000000"]

    @Test func importsWritesTheReviewFileAndGivesTheSameBytesTwice() async throws {
        let fx = try Fixture()
        let lb = try ImportFixture.letterboxd(fx), imdb = try ImportFixture.imdb(fx), trakt = try ImportFixture.trakt(fx)
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let base = await server.baseURL.absoluteString
            let args = ["import", lb.path, imdb.path, trakt.path, "-o", fx.url("out.json").path, "--review", fx.url("review.csv").path,
                        "--tmdb-base-url", base, "--rate", "1000"]
            let r = try await Self.mwkit(args, fx: fx, env: Self.key)
            #expect(r.status == 0, "\(r.stderr)\n\(r.stdout)")
            #expect(r.stdout.contains("library: 6 titles, 2 episodes") && r.stdout.contains("Paper Lanterns"))
            #expect(!r.stdout.contains(MatchingServer.secret) && !r.stderr.contains(MatchingServer.secret), "the key is never printed")
            let bytes = try Data(contentsOf: fx.url("out.json"))
            #expect(try BackupIO.read(url: fx.url("out.json")).isValid)
            // Again, from the cache, as JSON: the same file.
            let again = try await Self.mwkit(args + ["--format", "json"], fx: fx, env: Self.key)
            #expect(again.status == 0)
            #expect(try Data(contentsOf: fx.url("out.json")) == bytes)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            #expect(json["requests"] as? Int == 0 && json["exitCode"] as? Int == 0)
            #expect((json["files"] as? [[String: Any]])?.contains { ($0["file"] as? String)?.hasSuffix("lb/diary.csv") == true } == true)
            // --strict: the row left in review fails the run.
            #expect(try await Self.mwkit(args + ["--strict"], fx: fx, env: Self.key).status == 1)
        }
    }

    @Test func dateOrderAndProfileReachTheNetflixReader() async throws {
        let fx = try Fixture()
        let history = try fx.write("NetflixViewingHistory.csv", "Title,Date\n\"Heat\",\"1/2/20\"\n\"Okja\",\"3/4/20\"\n")
        let refused = try await Self.mwkit(["import", history.path, "--dry-run", "--offline"], fx: fx)
        #expect(refused.stderr.contains("import-ambiguous-date") && refused.stderr.contains("NetflixViewingHistory.csv:2:2"), "\(refused.stderr)")
        let given = try await Self.mwkit(["import", history.path, "--dry-run", "--offline", "--date-order", "dmy"], fx: fx)
        #expect(!given.stderr.contains("import-ambiguous-date") && given.stderr.contains("not matched"), "\(given.stderr)")
        #expect(try await Self.mwkit(["import", history.path, "--dry-run", "--offline", "--date-order", "dym"], fx: fx).status == 2)
        let activity = try fx.write("va/ViewingActivity.csv", NetflixTests.activity)
        let kid = try await Self.mwkit(["import", activity.path, "--dry-run", "--offline", "--profile", "KID"], fx: fx)
        #expect(kid.stdout.contains("6 rows not imported: another profile than --profile"), "\(kid.stdout)")
    }

    @Test func exitTwoForRefusedCredentialsUnreadableInputAndUsage() async throws {
        let fx = try Fixture()
        let lb = try ImportFixture.letterboxd(fx)
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let base = await server.baseURL.absoluteString
            let out = fx.url("out.json").path
            let refused = try await Self.mwkit(["import", lb.path, "-o", out, "--tmdb-base-url", base], fx: fx, env: ["TMDB_API_KEY": "wrong-key-123"])
            #expect(refused.status == 2 && !refused.stderr.contains("wrong-key-123"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try await Self.mwkit(["import", lb.path, "-o", out, "--tmdb-base-url", base], fx: fx).status == 2, "no credentials")
            #expect(try await Self.mwkit(["import", fx.url("missing.zip").path, "-o", out, "--offline"], fx: fx).status == 2)
            #expect(try await Self.mwkit(["import", lb.path, "-o", out, "--liked-at", "3", "--disliked-at", "5"], fx: fx).status == 2)
            #expect(try await Self.mwkit(["import", lb.path], fx: fx).status == 2, "no -o")
            #expect(try await Self.mwkit(["import", lb.path, "-o", out, "--from", "netflix"], fx: fx).status == 2)
            #expect(!FileManager.default.fileExists(atPath: out))
            let help = try await Self.mwkit(["import", "--help"], fx: fx)
            #expect(help.status == 0 && help.stdout.contains("Exit codes") && help.stdout.contains("--overrides"))
        }
    }

    @Test func bareDBMergesIntoTheDefaultDatabaseAndDryRunTouchesNothing() async throws {
        let fx = try Fixture()
        let lb = try ImportFixture.letterboxd(fx), trakt = try ImportFixture.trakt(fx)
        try await withMatchingServer(TrapCatalogue.titles) { server in
            let base = await server.baseURL.absoluteString
            let db = fx.url("lib.sqlite").path
            // A dry run first: nothing written, no request.
            let dry = try await Self.mwkit(["import", lb.path, "--db", trakt.path, "-o", fx.url("out.json").path, "--review", fx.url("r.csv").path,
                                      "--dry-run", "--tmdb-base-url", base], fx: fx, env: ["MWKIT_DB": db])
            #expect(dry.status == 0 && dry.stdout.hasPrefix("dry run"), "\(dry.stderr)")
            #expect(await server.count() == 0)
            for f in ["out.json", "r.csv", "lib.sqlite"] { #expect(!FileManager.default.fileExists(atPath: fx.url(f).path)) }
            // `--db` followed by a SOURCE is bare: the default database ($MWKIT_DB).
            let args = ["import", lb.path, "--db", trakt.path, "-o", fx.url("out.json").path, "--review", fx.url("r.csv").path, "--tmdb-base-url", base]
            let r = try await Self.mwkit(args, fx: fx, env: Self.key.merging(["MWKIT_DB": db]) { $1 })
            #expect(r.status == 0, "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: db) && r.stdout.contains("merged into \(db)"))
            // `--db PATH` names one; the second merge of the same export changes nothing.
            let again = try await Self.mwkit(["import", lb.path, trakt.path, "--db", db, "-o", fx.url("out.json").path, "--review", fx.url("r.csv").path,
                                        "--tmdb-base-url", base, "--format", "json"], fx: fx, env: Self.key)
            #expect(again.status == 0, "\(again.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
            let merge = try #require(json["merge"] as? [String: [String: Int]])
            #expect(!merge.isEmpty && merge.values.allSatisfy { $0["insert"] == 0 && $0["update"] == 0 }, "\(merge)")
        }
    }

    /// A Trakt history of `n` episode plays whose show has a TMDb ID: imported offline, no TMDb needed.
    static func bigTraktHistory(_ n: Int) -> String {
        "[" + (0..<n).map { i in
            ImportFixture.traktEpisode(i + 1, "2024-01-01T00:00:00.000Z", season: 1 + i / 500 % 40, number: 1 + i % 500)
                .replacingOccurrences(of: "\"tmdb\": 2003}", with: "\"tmdb\": \(3000 + i / 20000)}")
        }.joined(separator: ",") + "]"
    }

    @Test func killedAtRandomMomentsLeavesTheTargetAbsentOrComplete() async throws {
        let fx = try Fixture()
        let trakt = try fx.write("trakt/watched-history.json", Self.bigTraktHistory(3_000))
        let out = fx.url("out.json")
        let args = ["import", trakt.path, "-o", out.path, "--offline", "--review", fx.url("r.csv").path]
        let t0 = Date()
        let first = try await Self.mwkit(args, fx: fx)
        #expect(first.status == 0, "\(first.stderr)")
        let full = Date().timeIntervalSince(t0)
        for trial in 0..<5 {
            try? FileManager.default.removeItem(at: out)
            let p = Process()
            p.executableURL = MWKitBinary.url
            p.arguments = args
            p.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": fx.url("xdg-cache").path]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(full * 1.2 * Double(trial + 1) / 5 * 1_000_000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            if FileManager.default.fileExists(atPath: out.path) {
                #expect(try BackupIO.read(url: out).isValid, "a killed import left an invalid file")
            }
        }
        let next = try await Self.mwkit(args, fx: fx)
        #expect(next.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: fx.dir.path).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "temporaries left: \(left)")
        #expect(try BackupIO.read(url: out).library?.episodes.count == 3_000)
    }
}
