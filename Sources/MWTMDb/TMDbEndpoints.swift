import Foundation

/// The TMDb endpoints mwkit uses, each one typed request through ``TMDbClient/get(_:query:as:)``.
extension TMDbClient {
    /// `GET /configuration`: image base URL and sizes.
    public func configuration() async throws -> TMDbConfiguration {
        try await get("/configuration", as: TMDbConfiguration.self)
    }

    /// `GET /movie/{id}`, appending `external_ids` by default (one request for all mwkit needs).
    public func movie(_ id: Int64, append: [String] = ["external_ids"]) async throws -> TMDbMovie {
        let r = try TMDbClient.movieRequest(id, append: append)
        return try await get(r.path, query: r.query, as: TMDbMovie.self)
    }

    /// `GET /tv/{id}` with up to 20 appended sub-requests, e.g. `external_ids`, `season/1`.
    public func show(_ id: Int64, append: [String] = ["external_ids"]) async throws -> TMDbShow {
        let r = try TMDbClient.showRequest(id, append: append)
        return try await get(r.path, query: r.query, as: TMDbShow.self)
    }

    /// Path and query of ``movie(_:append:)``. Throws ``TMDbError/invalidRequest(_:)`` for more
    /// than ``maxAppend`` items.
    public static func movieRequest(_ id: Int64, append: [String]) throws -> (path: String, query: [(String, String)]) {
        ("/movie/\(id)", try appendQuery(append))
    }

    /// Path and query of ``show(_:append:)``. Throws ``TMDbError/invalidRequest(_:)`` for more
    /// than ``maxAppend`` items.
    public static func showRequest(_ id: Int64, append: [String]) throws -> (path: String, query: [(String, String)]) {
        ("/tv/\(id)", try appendQuery(append))
    }

    /// `GET /tv/{id}/season/{n}`.
    public func season(show id: Int64, number: Int) async throws -> TMDbSeason {
        try await get("/tv/\(id)/season/\(number)", as: TMDbSeason.self)
    }

    /// `GET /find/{imdbId}?external_source=imdb_id`.
    public func find(imdbID: String) async throws -> TMDbFindResult {
        try await get("/find/\(imdbID)", query: [("external_source", "imdb_id")], as: TMDbFindResult.self)
    }

    /// `GET /search/movie`.
    public func searchMovies(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/movie", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /search/tv`.
    public func searchTV(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/tv", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /search/multi` (movies, shows and people mixed; see `mediaType`).
    public func searchMulti(_ text: String, page: Int = 1) async throws -> TMDbSearchPage {
        try await get("/search/multi", query: [("query", text), ("page", String(page))], as: TMDbSearchPage.self)
    }

    /// `GET /genre/movie/list`.
    public func movieGenres() async throws -> TMDbGenreList {
        try await get("/genre/movie/list", as: TMDbGenreList.self)
    }

    /// `GET /genre/tv/list`.
    public func tvGenres() async throws -> TMDbGenreList {
        try await get("/genre/tv/list", as: TMDbGenreList.self)
    }

    /// TMDb accepts at most 20 `append_to_response` items.
    public static let maxAppend = 20

    /// Thrown rather than trapped on: the list is caller input, and TMDb would refuse it anyway.
    private static func appendQuery(_ items: [String]) throws -> [(String, String)] {
        guard items.count <= maxAppend else {
            throw TMDbError.invalidRequest("append_to_response takes at most \(maxAppend) items, got \(items.count)")
        }
        return items.isEmpty ? [] : [("append_to_response", items.joined(separator: ","))]
    }
}
