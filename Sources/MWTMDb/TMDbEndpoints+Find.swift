import Foundation

/// Lookups by another catalogue's ID and year-filtered searches, used by the import matcher
/// (MWImport's `TMDbMatcher`). Kept apart from TMDbEndpoints.swift so that file stays the
/// hydrate's list.
extension TMDbClient {
    /// The catalogues `/find` accepts that exports carry.
    public enum ExternalSource: String, Sendable {
        case imdb = "imdb_id"
        case tvdb = "tvdb_id"
    }

    /// `GET /find/{id}?external_source=tvdb_id`: a TVDB series, episode or movie id.
    public func find(tvdbID: Int) async throws -> TMDbFindResult {
        let r = TMDbClient.findRequest(String(tvdbID), source: .tvdb)
        return try await get(r.path, query: r.query, as: TMDbFindResult.self)
    }

    /// Path and query of a `/find` request (the same for ``find(imdbID:)`` with `.imdb`), so
    /// callers can preload or key them.
    public static func findRequest(_ id: String, source: ExternalSource) -> (path: String, query: [(String, String)]) {
        ("/find/\(id)", [("external_source", source.rawValue)])
    }

    /// `GET /search/movie?query=…&primary_release_year=…`: only films first released that year
    /// (a second look when an unfiltered first page does not reach the wanted year).
    public func searchMovies(_ text: String, primaryReleaseYear year: Int) async throws -> TMDbSearchPage {
        try await get("/search/movie", query: [("query", text), ("primary_release_year", String(year)), ("page", "1")],
                      as: TMDbSearchPage.self)
    }

    /// `GET /search/tv?query=…&first_air_date_year=…`.
    public func searchTV(_ text: String, firstAirDateYear year: Int) async throws -> TMDbSearchPage {
        try await get("/search/tv", query: [("query", text), ("first_air_date_year", String(year)), ("page", "1")],
                      as: TMDbSearchPage.self)
    }
}
