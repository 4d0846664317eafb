import Foundation
import MWMacros

// What the user recorded in another service and v1 cannot hold (issue 11 §3): original
// ratings, every watch, tags, and where each record came from. mediawatch-v2 carries them from
// formatVersion 3 on (format step `v2-to-v3`, docs/FORMAT.md#formatversion-3); formatVersion 2
// and v1 output drop them (`v3-to-v2`) and report each with a count.

/// Whether a date is a calendar day (Letterboxd's `Watched Date`) or an instant (Trakt's
/// `watched_at`). A day is kept exact both ways (docs/FORMAT.md#days).
public enum DatePrecision: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    case day, instant
}

/// A rating exactly as the user gave it somewhere, never rounded (Letterboxd's 4.5 of 5 stays 4.5).
@PublicMemberwiseInit
public struct OriginalRating: Equatable, Hashable, Sendable {
    /// The service that holds the rating: `letterboxd`, `imdb`, `trakt`, `tvtime`.
    public var source: String
    public var value: Double
    /// The top of the scale: 5 (stars) or 10 (points).
    public var scale: Double
    public var date: Date?
    public var datePrecision: DatePrecision?
}

/// One time a title or episode was watched (a diary entry, a history play).
@PublicMemberwiseInit(requiring: ["date"])
public struct Viewing: Equatable, Hashable, Sendable {
    /// When; `nil` when the service recorded a watch without a date.
    public var date: Date?
    public var precision: DatePrecision = .instant
    /// The service marked it as a rewatch.
    public var rewatch: Bool = false
    /// The service the watch was recorded in; `nil` for one made in MediaWatch.
    public var source: String?
}

/// Where a record was read from: the service, the file inside its export, the row or line, and
/// the row's own link.
@PublicMemberwiseInit
public struct RecordSource: Equatable, Hashable, Sendable {
    public var service: String
    public var file: String?
    /// 1-based line of a CSV row, or 1-based element of a JSON array.
    public var row: Int?
    public var uri: String?
}
