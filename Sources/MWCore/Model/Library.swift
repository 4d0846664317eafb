import Foundation
import MWMacros

/// The canonical in-memory model of one MediaWatch library: every entity of docs/SPEC.md#data-model.
///
/// Readers bring each backup format into this model and writers take it out; validation,
/// migration, merge, strip and hydrate are transformations on it. Values a source format
/// cannot express are `nil` ("unknown"), never invented, so conversions stay lossless.
@PublicMemberwiseInit
public struct Library: Equatable, Sendable {
    /// The `version` string of a v1 `ExportData` document (e.g. "1.0"), kept verbatim.
    public var sourceVersion: String?
    /// When the backup was made.
    public var exportDate: Date?
    public var lists: [MediaList] = []
    public var titles: [Title] = []
    public var episodes: [Episode] = []
    public var notes: [Note] = []
    /// The singleton user preferences; v1 backups do not carry them.
    public var preferences: UserPreferences?
}

/// A record kind of the model, used to address records in diagnostics and plans.
public enum EntityKind: String, Sendable, CaseIterable, Codable {
    case list, listItem, title, episode, note, preferences
}
