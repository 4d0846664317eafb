import Foundation

/// Where the user stands with a title, as a tracker records it (formatVersion 4 on,
/// docs/FORMAT.md#formatversion-4; the word each service uses for each is in docs/IMPORT.md
/// "Watch status"). A small closed vocabulary: every service's statuses map onto it, and the
/// service's own word is kept beside it (``Title/watchStatusWord``) so a round trip gives the
/// same word back.
///
/// Backed by the raw string so a reader can carry an unknown value to the validator, which
/// reports it with its position instead of failing the whole read (as ``MediaType`` does).
public struct WatchStatus: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Meant to watch, not started (a watchlist status: Yamtrack `Planning`, Watcharr `PLANNED`).
    public static let planned = WatchStatus(rawValue: "planned")
    /// Being watched (`In progress`, `WATCHING`, TV Time's followed show).
    public static let watching = WatchStatus(rawValue: "watching")
    /// Started and put on hold (`Paused`, `HOLD`, `On-Hold`).
    public static let paused = WatchStatus(rawValue: "paused")
    /// Started and given up (`Dropped`, TV Time's archived show).
    public static let dropped = WatchStatus(rawValue: "dropped")
    /// Watched to the end (`Completed`, `FINISHED`).
    public static let completed = WatchStatus(rawValue: "completed")

    /// Every value the data model allows, in the order of a title's life.
    public static let all: [WatchStatus] = [.planned, .watching, .paused, .dropped, .completed]

    /// Whether the value is one the data model allows.
    public var isKnown: Bool { WatchStatus.all.contains(self) }
    public var description: String { rawValue }
}

extension Title {
    /// Sets the watch status with its word, date and service at once (nil clears all four).
    public mutating func setWatchStatus(_ status: WatchStatus?, word: String? = nil, date: Date? = nil, source: String? = nil) {
        watchStatus = status
        watchStatusWord = status == nil ? nil : word
        watchStatusDate = status == nil ? nil : date
        watchStatusSource = status == nil ? nil : source
    }

    /// Whether the title has any of the formatVersion 4 values.
    public var hasWatchStatus: Bool {
        watchStatus != nil || watchStatusWord != nil || watchStatusDate != nil || watchStatusSource != nil
    }
}
