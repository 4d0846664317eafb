import MWCore

/// What a movie's and a show's details share besides their id: JSON members of the same name
/// and type, declared and decoded once for both models (``TMDbMovie/details``, ``TMDbShow/details``).
public struct TMDbTitleDetails: Sendable, Equatable {
    /// Present when `external_ids` was appended.
    public var externalIDs: TMDbExternalIDs?
    public var genres: [TMDbGenre]?
    /// The members a title's metadata holds as TMDb gives them (status, overview, artwork
    /// paths, original language, popularity, votes), decoded into the model's own type: its
    /// other values (title, year, runtime, …) stay blank here, ``TMDbMapper`` fills them.
    /// Empty strings are read as none, as everywhere in TMDb's ids and paths.
    public var metadata = TitleMetadata(title: "")
}

/// A model holding ``TMDbTitleDetails``: a movie's or a show's details.
protocol TMDbTitle: SendableMetatype {
    var id: Int64 { get set }
    var details: TMDbTitleDetails { get set }
}

extension TMDbField where Model: TMDbTitle {
    /// The members both details have (the id first).
    static var titleDetails: [Self] {
        [
            .required("id") { $0.id = $1 },
            .optional("status") { $0.details.metadata.status = TMDbMapper.nonEmpty($1) },
            .optional("external_ids") { $0.details.externalIDs = $1 },
            .optional("overview") { $0.details.metadata.overview = $1 },
            .optional("genres") { $0.details.genres = $1 },
            .optional("poster_path") { $0.details.metadata.posterPath = TMDbMapper.nonEmpty($1) },
            .optional("backdrop_path") { $0.details.metadata.backdropPath = TMDbMapper.nonEmpty($1) },
            .optional("original_language") { $0.details.metadata.originalLanguage = TMDbMapper.nonEmpty($1) },
            .optional("popularity") { $0.details.metadata.popularity = $1 },
            .optional("vote_average") { $0.details.metadata.voteAverage = $1 },
            .optional("vote_count") { $0.details.metadata.voteCount = $1 },
        ]
    }
}
