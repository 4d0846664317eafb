import Foundation
import MWMacros

/// A user note attached to exactly one title or episode (docs/SPEC.md#note).
@PublicMemberwiseInit
public struct Note: Equatable, Sendable {
    public var id: String
    /// The id of the parent title or episode.
    public var parentId: String
    public var parentType: NoteParentType
    public var text: String
    /// Private to its creator; such notes never leave in a shared export (docs/SPEC.md#owner-only-notes).
    public var ownerOnly: Bool = true
    public var dateCreated: Date
    public var dateModified: Date?
    /// Where the note came from, e.g. a Letterboxd review (formatVersion 3 on).
    public var sources: [RecordSource] = []
}
