import MWCore
import Foundation

// The fast path of the TMDb models: same fields and null handling as their `Decodable`
// conformances, which the tests check on every recorded TMDb body.
//
// Why not only `JSONDecoder`: a warm-cache run decodes every cached show with all its seasons'
// episodes, and `Codable`'s per-key overhead dominated that path (≈ 3× slower end to end).
// MWCore's pull reader visits keys in place and builds only the values the models keep; any
// failure makes the caller fall back to `JSONDecoder`, which then decides and words the error.

/// Models with a fast path besides `Decodable`.
protocol FastDecodable: Decodable {
    init(fast r: inout JSONPullReader) throws
}

extension FastDecodable {
    /// Decodes with the fast reader, falling back to `JSONDecoder` (which words any error).
    static func decode(_ data: Data) throws -> Self {
        if let v = try? JSONPullReader.decode(data, { try Self(fast: &$0) }) { return v }
        return try JSONDecoder().decode(Self.self, from: data)
    }
}

extension TMDbGenre: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var id: Int?, name: String?
        try r.object { r, k in
            switch k {
            case "id": id = try r.optInt()
            case "name": name = try r.optString()
            default: try r.skip()
            }
        }
        guard let id else { throw JSONPullReader.Failure() }
        self.init(id: id, name: name)
    }
}

extension TMDbExternalIDs: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var id: Int?, imdb: String?
        try r.object { r, k in
            switch k {
            case "id": id = try r.optInt()
            case "imdb_id": imdb = try r.optString()
            default: try r.skip()
            }
        }
        self.init(id: id, imdbID: imdb)
    }
}

extension TMDbEpisode: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var id: Int64?, name: String?, overview: String?, air: String?, ep: Int?, season: Int?, runtime: Int?, still: String?
        try r.object { r, k in
            switch k {
            case "id": id = try r.optInt64()
            case "name": name = try r.optString()
            case "overview": overview = try r.optString()
            case "air_date": air = try r.optString()
            case "episode_number": ep = try r.optInt()
            case "season_number": season = try r.optInt()
            case "runtime": runtime = try r.optInt()
            case "still_path": still = try r.optString()
            default: try r.skip()
            }
        }
        guard let id else { throw JSONPullReader.Failure() }
        self.init(id: id, name: name, overview: overview, airDate: air, episodeNumber: ep, seasonNumber: season,
                  runtime: runtime, stillPath: still)
    }
}

extension TMDbSeason: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var s = TMDbSeason(id: nil, name: nil, airDate: nil, seasonNumber: nil, posterPath: nil, episodes: nil)
        try r.object { r, k in
            switch k {
            case "id": s.id = try r.optInt64()
            case "name": s.name = try r.optString()
            case "air_date": s.airDate = try r.optString()
            case "season_number": s.seasonNumber = try r.optInt()
            case "poster_path": s.posterPath = try r.optString()
            case "episodes": s.episodes = try r.optArray { try TMDbEpisode(fast: &$0) }
            default: try r.skip()
            }
        }
        self = s
    }
}

extension TMDbMovie: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var id: Int64?
        var m = TMDbMovie(id: 0)
        try r.object { r, k in
            switch k {
            case "id": id = try r.optInt64()
            case "title": m.title = try r.optString()
            case "original_title": m.originalTitle = try r.optString()
            case "overview": m.overview = try r.optString()
            case "genres": m.genres = try r.optArray { try TMDbGenre(fast: &$0) }
            case "runtime": m.runtime = try r.optInt()
            case "poster_path": m.posterPath = try r.optString()
            case "backdrop_path": m.backdropPath = try r.optString()
            case "original_language": m.originalLanguage = try r.optString()
            case "popularity": m.popularity = try r.optDouble()
            case "vote_average": m.voteAverage = try r.optDouble()
            case "vote_count": m.voteCount = try r.optInt()
            case "release_date": m.releaseDate = try r.optString()
            case "status": m.status = try r.optString()
            case "imdb_id": m.imdbID = try r.optString()
            case "external_ids": m.externalIDs = try r.isNull() ? nil : try TMDbExternalIDs(fast: &r)
            default: try r.skip()
            }
        }
        guard let id else { throw JSONPullReader.Failure() }
        m.id = id
        self = m
    }
}

extension TMDbShow: FastDecodable {
    init(fast r: inout JSONPullReader) throws {
        var id: Int64?
        var s = TMDbShow(id: 0)
        try r.object { r, k in
            switch k {
            case "id": id = try r.optInt64()
            case "name": s.name = try r.optString()
            case "original_name": s.originalName = try r.optString()
            case "overview": s.overview = try r.optString()
            case "genres": s.genres = try r.optArray { try TMDbGenre(fast: &$0) }
            case "episode_run_time": s.episodeRunTime = try r.optArray { try $0.int() }
            case "poster_path": s.posterPath = try r.optString()
            case "backdrop_path": s.backdropPath = try r.optString()
            case "original_language": s.originalLanguage = try r.optString()
            case "popularity": s.popularity = try r.optDouble()
            case "vote_average": s.voteAverage = try r.optDouble()
            case "vote_count": s.voteCount = try r.optInt()
            case "first_air_date": s.firstAirDate = try r.optString()
            case "last_air_date": s.lastAirDate = try r.optString()
            case "status": s.status = try r.optString()
            case "number_of_seasons": s.numberOfSeasons = try r.optInt()
            case "number_of_episodes": s.numberOfEpisodes = try r.optInt()
            case "seasons": s.seasons = try r.optArray { try TMDbSeason(fast: &$0) }
            case "external_ids": s.externalIDs = try r.isNull() ? nil : try TMDbExternalIDs(fast: &r)
            default:
                if let n = k.number(after: "season/") {
                    if try !r.isNull() { s.appendedSeasons[n] = try TMDbSeason(fast: &r) }
                } else {
                    try r.skip()
                }
            }
        }
        guard let id else { throw JSONPullReader.Failure() }
        s.id = id
        self = s
    }
}
