/// The kind of a title: "movie" or "tv" (docs/SPEC.md#title).
///
/// Backed by the raw string so a reader can carry an unknown value to the validator,
/// which reports it with its position instead of failing the whole read.
public struct MediaType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let movie = MediaType(rawValue: "movie")
    public static let tv = MediaType(rawValue: "tv")
    /// Whether the value is one the data model allows.
    public var isKnown: Bool { self == .movie || self == .tv }
    public var description: String { rawValue }
}

/// The kind of record a note is attached to (docs/SPEC.md#note): "title" or "episode".
public struct NoteParentType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let title = NoteParentType(rawValue: "title")
    public static let episode = NoteParentType(rawValue: "episode")
    /// Whether the value is one the data model allows.
    public var isKnown: Bool { self == .title || self == .episode }
    public var description: String { rawValue }
}
