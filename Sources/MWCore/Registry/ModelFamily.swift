/// Which in-memory model a format reads into: MediaWatch's films (``Library``) or another
/// family declared by its own target (BooksTrack's books, `MWBooks`). A descriptor says its
/// family; a reader of another family puts its library in ``ReadResult/model`` and leaves
/// ``ReadResult/library`` nil, so the film commands, which need a ``Library``, never see it
/// and the shared ones (validate, stats, restore) ask for the family they handle.
public struct ModelFamily: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// MediaWatch backups: the ``Library`` model.
    public static let films: ModelFamily = "films"
}
