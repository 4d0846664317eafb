import Foundation
import MWCore
import MWTestSupport
import Testing

/// What a newcomer meets in the first hour, checked on the built binary (issue 32): errors name
/// the user's path and the reason, a valid input a target cannot hold is not "invalid input",
/// counts agree in number, summaries keep paths as given and fit 100 columns, `formats` fits the
/// terminal and gives the whole matrix as JSON, a truncated ZIP says so.
@Suite("Newcomer's first hour")
struct NewcomerCLITests {
    let samples = TestSupport.samples

    @Test func anOutputThatCannotBeCreatedIsNamedByTheUsersPath() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no-such-dir").path
        for args in [["migrate", "--to", "2"], ["convert", "--to", "mediawatch-v2"], ["convert", "--to", "mediawatch-zip"], ["strip"]] {
            let out = missing + (args.contains("mediawatch-zip") ? "/out.zip" : "/out.json")
            let r = try TestSupport.run([args[0], samples.appendingPathComponent("mediawatch-v1.json").path] + args.dropFirst() + ["-o", out])
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("cannot write \(out): directory \(missing) does not exist"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains(".tmp-"), "\(args) named a temporary file: \(r.stderr)")
        }
        // A relative path stays relative.
        let r = try TestSupport.run(["migrate", samples.appendingPathComponent("mediawatch-v1.json").path, "--to", "2", "-o", "nope/out.json"], cwd: dir)
        #expect(r.stderr.contains("cannot write nope/out.json: directory nope does not exist"), "\(r.stderr)")
    }

    @Test func strippedRecordsToV1AreNotInvalidInput() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let v2 = samples.appendingPathComponent("mediawatch-v2.json")
        let lib = try #require(try BackupIO.read(url: v2).library)
        let stripped = lib.titles.filter(\.isStripped).count + lib.episodes.filter(\.isStripped).count
        try #require(stripped > 1, "the v2 sample has stripped records")
        let out = dir.appendingPathComponent("v1.json").path
        let convert = try TestSupport.run(["convert", v2.path, "--to", "mediawatch-v1", "-o", out])
        #expect(convert.status == 1)
        #expect(convert.stderr.contains("cannot write as v1: \(stripped) stripped records need `mwkit hydrate` first (or `--to mediawatch-v2`"), "\(convert.stderr)")
        #expect(!convert.stderr.contains("invalid input"), "\(convert.stderr)")
        let migrate = try TestSupport.run(["migrate", v2.path, "--to", "1", "-o", out])
        #expect(migrate.status == 1 && migrate.stderr.contains("cannot write as v1: \(stripped) stripped records need `mwkit hydrate` first (or `--to mediawatch-v2`; `migrate --to 2`)"), "\(migrate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func statsOfAnInvalidBackupDoesNotTalkOfWriting() throws {
        let r = try TestSupport.run(["stats", samples.appendingPathComponent("invalid/title-tmdbid-positive.json").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is not a valid backup") && !r.stderr.contains("written"), "\(r.stderr)")
    }

    @Test func samplesAreReportedAsTheVersionTheySay() throws {
        for v in 2...4 {
            let path = samples.appendingPathComponent("mediawatch-v\(v).json").path
            let r = try TestSupport.run(["validate", path])
            let want = v == 2 ? "valid (mediawatch-v2);" : "valid (mediawatch-v2, formatVersion \(v));"
            #expect(r.status == 0 && r.stdout.contains(want), "\(r.stdout)")
        }
        // Counts agree in number.
        let invalid = try TestSupport.run(["validate", samples.appendingPathComponent("invalid/title-tmdbid-positive.json").path])
        #expect(invalid.stdout.contains("; 1 error, 0 warnings;"), "\(invalid.stdout)")
    }

    @Test func aTruncatedZIPSaysSo() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = dir.appendingPathComponent("good.zip")
        let pack = try TestSupport.run(["pack", samples.appendingPathComponent("mediawatch-v1.json").path, "--images", dir.path, "-o", zip.path])
        try #require(pack.status == 0, "\(pack.stderr)")
        let bytes = try Data(contentsOf: zip)
        // Cut inside the deflated JSON and just before the end record: both end early.
        for keep in [bytes.count / 2, bytes.count - 10] {
            let cut = dir.appendingPathComponent("cut-\(keep).zip")
            try bytes.prefix(keep).write(to: cut)
            for command in ["verify", "validate"] {
                let r = try TestSupport.run([command, cut.path])
                #expect(r.status == 1, "\(command) \(keep): \(r.stdout)")
                #expect(r.stdout.contains("the ZIP ends early (truncated?)"), "\(command) \(keep)/\(bytes.count): \(r.stdout)")
                #expect(!r.stdout.contains("(-5)"), "\(r.stdout)")
            }
        }
    }

    @Test func formatsFitsTheTerminalAndGivesTheWholeMatrixAsJSON() throws {
        let wide = try TestSupport.run(["formats"], env: ["COLUMNS": "1000"])
        let headers = ["FORMAT", "FAMILY", "READ", "WRITE", "RATINGS", "DATES", "REWATCHES", "EPISODES", "LISTS", "TAGS", "REVIEWS", "PRIVATE NOTES", "STATUS"]
        let wideLines = wide.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!wideLines.contains(""), "one table when it fits")
        for width in [60, 80, 100] {
            let r = try TestSupport.run(["formats"], env: ["COLUMNS": "\(width)"])
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= width }, "COLUMNS=\(width): \(lines.map(\.count).max() ?? 0) wide")
            for h in headers { #expect(r.stdout.contains(h), "COLUMNS=\(width) lost \(h)") }
            // Every format is on a line of each block.
            let blocks = r.stdout.components(separatedBy: "\n\n")
            #expect(blocks.allSatisfy { $0.split(separator: "\n").count == wideLines.count }, "COLUMNS=\(width)")
        }
        let json = try TestSupport.run(["formats", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == wideLines.count - 1)
        let keys: Set<String> = ["ratings", "dates", "rewatches", "episodes", "lists", "tags", "reviews", "privateNotes", "status"]
        for row in rows {
            let holds = try #require(row["holds"] as? [String: Any])
            #expect(Set(holds.keys) == keys, "\(row["name"] ?? "?"): \(holds.keys.sorted())")
        }
    }

    @Test func noTMDbCredentialsPointsToOffline() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("watched.csv")
        try "Date,Name,Year,Letterboxd URI\n2024-01-01,Heat,1995,https://boxd.it/aaaa\n".write(to: csv, atomically: true, encoding: .utf8)
        let env: [String: String?] = ["TMDB_API_KEY": nil, "TMDB_ACCESS_TOKEN": nil, "XDG_CONFIG_HOME": dir.path, "XDG_CACHE_HOME": dir.path]
        let r = try MWKitBinary.run(["import", csv.path, "-o", dir.appendingPathComponent("out.json").path], env: env)
        #expect(r.status == 2)
        #expect(r.stderr.contains("no TMDb credentials") && r.stderr.contains("--offline") && r.stderr.contains("review file"), "\(r.stderr)")
    }

    /// A Yamtrack export whose items carry their TMDb IDs: nothing to look up, nothing to review.
    @Test func importSummaryInTheUsersWords() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let header = "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\",\"episode_number\",\"score\",\"status\",\"notes\",\"start_date\",\"end_date\",\"progress\",\"created_at\",\"progressed_at\"\r\n"
        let row = "\"949\",\"tmdb\",\"movie\",\"Heat\",\"\",\"\",\"\",\"9.5\",\"Completed\",\"\",\"\",\"2024-01-02\",\"1\",\"2024-01-01T10:00:00Z\",\"2024-01-02T22:00:00Z\"\r\n"
        // 98 characters: too long for the FILE column of a 100-column table, so on a line of its own.
        let deep = "exports/" + String(repeating: "a-rather-long-folder-name/", count: 3)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(deep), withIntermediateDirectories: true)
        try (header + row).write(to: dir.appendingPathComponent(deep + "yamtrack.csv"), atomically: true, encoding: .utf8)
        let env: [String: String?] = ["TMDB_API_KEY": nil, "TMDB_ACCESS_TOKEN": nil, "XDG_CONFIG_HOME": dir.path, "XDG_CACHE_HOME": dir.path]
        let r = try MWKitBinary.run(["import", deep + "yamtrack.csv", "-o", "out/lib.json", "--to", "mediawatch-v2", "--review", "review.csv", "--offline"],
                                    env: env, cwd: try { try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true); return dir }())
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote out/lib.json (mediawatch-v2)"), "\(r.stdout)")
        #expect(r.stdout.contains(deep + "yamtrack.csv") && !r.stdout.contains(dir.path), "paths as given: \(r.stdout)")
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 }, "wider than 100 columns:\n\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").contains { $0 == deep + "yamtrack.csv" }, "the long name on a line of its own:\n\(r.stdout)")
        #expect(r.stdout.contains("library: 1 title,"), "\(r.stdout)")
        #expect(r.stdout.contains("review file: review.csv (empty: nothing waits for a decision)") && !r.stdout.contains("fill `decision`"), "\(r.stdout)")
        #expect(!r.stderr.contains("matching: 0/0"), "\(r.stderr)")
    }
}
