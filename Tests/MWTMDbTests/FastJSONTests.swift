import Foundation
import MWCore
@testable import MWTMDb
import Testing

/// The fast reader must agree with `JSONDecoder` on every body it accepts.
struct FastJSONTests {
    func both<T: TMDbModel & Equatable>(_ type: T.Type, _ data: Data) throws -> (fast: T, codable: T) {
        let fast = try JSONPullReader.decode(data) { try T(fast: &$0) }
        return (fast, try JSONDecoder().decode(T.self, from: data))
    }

    @Test func agreesOnGeneratedBodies() throws {
        for id in [Int64(550), 551, 4, 30, 13, 14, 7] {
            let m = try both(TMDbMovie.self, FakeTMDbData.json(FakeTMDbData.movie(id, append: ["external_ids"])))
            #expect(m.fast == m.codable)
            let append = ["external_ids"] + (0...FakeTMDbData.seasonCount(id)).map { "season/\($0)" }
            let s = try both(TMDbShow.self, FakeTMDbData.json(FakeTMDbData.show(id, append: append)))
            #expect(s.fast == s.codable)
            #expect(s.fast.appendedSeasons.count == FakeTMDbData.seasonCount(id) + 1)
        }
    }

    @Test(.enabled(if: sharedFixturesPresent, "../shared/tmdb-fixtures is not present"))
    func agreesOnRealBodies() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: sharedFixtures.path).filter { $0.hasSuffix(".json") }
        var compared = 0
        for f in files where !f.contains("error") {
            let d = try Data(contentsOf: sharedFixtures.appendingPathComponent(f))
            if f.hasPrefix("movie-") && !f.hasSuffix("external_ids.json") || f.hasPrefix("curated-movie") {
                let r = try both(TMDbMovie.self, d); #expect(r.fast == r.codable, "\(f)"); compared += 1
            } else if f.hasSuffix("external_ids.json") {
                let r = try both(TMDbExternalIDs.self, d); #expect(r.fast == r.codable, "\(f)"); compared += 1
            } else if f.contains("episode") && !f.hasPrefix("find-") {
                let r = try both(TMDbEpisode.self, d); #expect(r.fast == r.codable, "\(f)"); compared += 1
            } else if f.contains("season") {
                let r = try both(TMDbSeason.self, d); #expect(r.fast == r.codable, "\(f)"); compared += 1
            } else if f.hasPrefix("tv-") || f.hasPrefix("curated-tv") {
                let r = try both(TMDbShow.self, d); #expect(r.fast == r.codable, "\(f)"); compared += 1
            }
        }
        #expect(compared >= 18)
    }

    @Test func escapesAndNumbers() throws {
        let body = #"{"id": -12, "name": "Caf\u00e9 \ud83c\udfac \"q\" a\/b\n", "overview": "plain", "runtime": 0,"#
            + #" "still_path": null, "vote_average": 1.5e1, "extra": [true, false, null, {"a": [1, -2.5E-3]}]}"#
        let r = try both(TMDbEpisode.self, Data(body.utf8))
        #expect(r.fast == r.codable)
        #expect(r.fast.name == "Café 🎬 \"q\" a/b\n")
        #expect(r.fast.id == -12 && r.fast.runtime == 0 && r.fast.stillPath == nil)
    }

    /// Both decoders come from one table; bodies the fast one refuses keep JSONDecoder's words.
    @Test func errorsAreWordedByTheDecodableFallback() {
        func message<T: TMDbModel>(_ type: T.Type, _ body: String) -> String {
            do { _ = try TMDbClient.decode(T.self, Data(body.utf8)); return "decoded" } catch {
                return TMDbClient.describe(decoding: error)
            }
        }
        #expect(message(TMDbEpisode.self, #"{"name": 5}"#) == "missing key id")
        #expect(message(TMDbEpisode.self, #"{"id": 1, "name": 5}"#) == "wrong type at name")
        #expect(message(TMDbEpisode.self, #"{"id": null}"#) == "wrong type at id")
        #expect(message(TMDbEpisode.self, #"{"id": 1, "#) == "malformed JSON")
        #expect(message(TMDbShow.self, #"{"id": 1, "season/2": {"episodes": [{"id": "x"}]}}"#) == "wrong type at season/2.episodes.Index 0.id")
        #expect(message(TMDbSearchPage.self, #"{"page": 1}"#) == "missing key results")
        #expect(message(TMDbConfiguration.self, #"{"images": null}"#) == "wrong type at images")
        #expect(message(TMDbFindResult.self, #"{"movie_results": null}"#) == "decoded")
    }

    @Test func numberedMembersAgree() throws {
        let body = #"{"id": 1, "season/2": null, "season/x": 1, "season/": 2, "season/0003": {"id": 5}, "season/1234567890": {}}"#
        let r = try both(TMDbShow.self, Data(body.utf8))
        #expect(r.fast == r.codable)
        #expect(r.fast.appendedSeasons.keys.sorted() == [3] && r.fast.appendedSeasons[3]?.id == 5)
    }

    @Test func malformedFallsBackToJSONDecodersError() {
        for bad in [#"{"id": 1, "name": "#, #"{"id": 1.5}"#, #"{"id": 1} x"#, #"{"id": "1"}"#, #"{"name": "no id"}"#, #"{"id": 01}"#] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try JSONPullReader.decode(Data(bad.utf8)) { try TMDbEpisode(fast: &$0) } }
            #expect(throws: DecodingError.self, "\(bad)") { _ = try TMDbEpisode.decode(Data(bad.utf8)) }
        }
    }
}
