import Foundation
@testable import MWTMDb
import Testing

struct CredentialsTests {
    @Test func environmentThenConfigFile() throws {
        let dir = tempDir()
        #expect(try TMDbCredentials.load(environment: ["TMDB_API_KEY": "k1", "TMDB_ACCESS_TOKEN": "t1"]) == .apiKey("k1"))
        #expect(try TMDbCredentials.load(environment: ["TMDB_ACCESS_TOKEN": " t1\n", "XDG_CONFIG_HOME": dir.path]) == .bearer("t1"))
        #expect(try TMDbCredentials.load(environment: ["XDG_CONFIG_HOME": dir.path]) == nil)
        let file = TMDbCredentials.defaultConfigPath(environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(file.path == dir.path + "/mwkit/tmdb.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"access_token": "tok-from-file"}"#.utf8).write(to: file)
        #expect(try TMDbCredentials.load(environment: ["XDG_CONFIG_HOME": dir.path]) == .bearer("tok-from-file"))
        try Data(#"{"apikey": "typo-secret-value"}"#.utf8).write(to: file)
        #expect(throws: TMDbConfigFileError.self) { try TMDbCredentials.load(environment: ["XDG_CONFIG_HOME": dir.path]) }
        do { _ = try TMDbCredentials.load(environment: ["XDG_CONFIG_HOME": dir.path]) } catch {
            #expect(!"\(error)".contains("typo-secret-value"))
        }
    }

    @Test func baseURLAndCachePathFromEnvironment() {
        #expect(TMDbClientOptions.baseURL(environment: [:]).absoluteString == "https://api.themoviedb.org/3")
        #expect(TMDbClientOptions.baseURL(environment: ["TMDB_BASE_URL": "http://127.0.0.1:9/3"]).absoluteString == "http://127.0.0.1:9/3")
        #expect(TMDbCache.defaultURL(environment: ["XDG_CACHE_HOME": "/x"]).path == "/x/mwkit/tmdb-cache.sqlite")
        #expect(TMDbCache.defaultURL(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/mwkit/tmdb-cache.sqlite")
    }

    @Test func publicURLNeverCarriesTheKey() {
        let client = TMDbClient(credentials: .apiKey("abc-secret"), options: .init(baseURL: URL(string: "http://h:1/3")!))
        let u = client.publicURL("/movie/1", query: [("append_to_response", "external_ids,season/1")])
        #expect(u.absoluteString == "http://h:1/3/movie/1?append_to_response=external_ids,season/1")
        #expect(client.scrub("x abc-secret y") == "x <redacted> y")
    }
}
