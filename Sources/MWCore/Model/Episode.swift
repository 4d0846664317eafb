import Foundation
import MWMacros

/// One episode of a TV show (docs/SPEC.md#episode). `metadata == nil` marks a stripped record.
@PublicMemberwiseInit(requiring: ["metadata"])
public struct Episode: Equatable, Sendable {
    public var id: String
    /// The `id` of the parent title (a `tv` title).
    public var showId: String
    /// TMDb episode id; `nil` when unknown (v1 does not carry it).
    public var tmdbId: Int64?
    public var seasonNumber: Int
    public var episodeNumber: Int
    /// TMDb-derived metadata; `nil` when the record is stripped.
    public var metadata: EpisodeMetadata?
    public var watched: Bool = false
    public var watchedDate: Date?
    public var dateModified: Date?
    public var localStillPath: String?
    /// Ratings as given in other services (formatVersion 3 on; v1 and formatVersion 2 drop them).
    public var ratings: [OriginalRating] = []
    /// Every recorded watch, oldest first (formatVersion 3 on; `watchedDate` is the most recent).
    public var viewings: [Viewing] = []
    /// Where the record came from (formatVersion 3 on).
    public var sources: [RecordSource] = []

    /// Whether the TMDb-derived metadata has been removed.
    public var isStripped: Bool { metadata == nil }

    /// "S01E02", as the app shows it (docs/SPEC.md#episode-code).
    public var episodeCode: String {
        func pad(_ n: Int) -> String { n >= 0 && n < 10 ? "0\(n)" : "\(n)" }
        return "S\(pad(seasonNumber))E\(pad(episodeNumber))"
    }
}

/// The TMDb-derivable part of an episode.
@PublicMemberwiseInit
public struct EpisodeMetadata: Equatable, Sendable {
    public var name: String
    public var overview: String?
    public var airDate: Date?
    public var runtime: Int?
    public var stillPath: String?
}
