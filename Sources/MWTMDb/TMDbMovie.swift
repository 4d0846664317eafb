import Foundation

/// `GET /movie/{id}` (optionally with `append_to_response=external_ids`).
public struct TMDbMovie: Decodable, Sendable, Equatable {
    public var id: Int64 = 0
    /// The members a show's details have too.
    public var details = TMDbTitleDetails()
    public var title: String?
    public var originalTitle: String?
    public var runtime: Int?
    /// `YYYY-MM-DD`, or `""` when unknown (see ``TMDbMapper/date(_:)``).
    public var releaseDate: String?
    /// Plain movie details carry the IMDb id themselves; shows have it only in
    /// ``TMDbTitleDetails/externalIDs``.
    public var imdbID: String?
}

extension TMDbMovie: TMDbModel, TMDbTitle {
    static let fields = TMDbFields<Self>(TMDbField<Self>.titleDetails, [
        .optional("title") { $0.title = $1 },
        .optional("original_title") { $0.originalTitle = $1 },
        .optional("runtime") { $0.runtime = $1 },
        .optional("release_date") { $0.releaseDate = $1 },
        .optional("imdb_id") { $0.imdbID = $1 },
    ])
}
