import Foundation

/// `GET /movie/{id}` (optionally with `append_to_response=external_ids`).
public struct TMDbMovie: Decodable, Sendable, Equatable {
    public var id: Int64 = 0
    public var title: String?
    public var originalTitle: String?
    public var overview: String?
    public var genres: [TMDbGenre]?
    public var runtime: Int?
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    /// `YYYY-MM-DD`, or `""` when unknown (see ``TMDbMapper/date(_:)``).
    public var releaseDate: String?
    public var status: String?
    /// Plain movie details carry the IMDb id themselves; shows have it only in ``externalIDs``.
    public var imdbID: String?
    /// Present when `external_ids` was appended.
    public var externalIDs: TMDbExternalIDs?
}

extension TMDbMovie: TMDbModel, TMDbTitleDetails {
    static let fields = TMDbFields<Self>(TMDbField<Self>.titleDetails, [
        .optional("title") { $0.title = $1 },
        .optional("original_title") { $0.originalTitle = $1 },
        .optional("runtime") { $0.runtime = $1 },
        .optional("release_date") { $0.releaseDate = $1 },
        .optional("imdb_id") { $0.imdbID = $1 },
    ])
}
