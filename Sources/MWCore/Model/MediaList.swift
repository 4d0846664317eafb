import Foundation
import MWMacros

/// A user list of titles (docs/SPEC.md#list) with its memberships (docs/SPEC.md#list-item) in order.
@PublicMemberwiseInit
public struct MediaList: Equatable, Sendable {
    public var id: String
    public var name: String
    public var icon: String?
    public var colorHex: String?
    public var sortOrder: Int = 0
    /// `nil` when unknown (v1 does not carry it).
    public var isDefault: Bool?
    public var dateCreated: Date?
    public var dateModified: Date?
    /// The list's description as written in the service it came from (formatVersion 3 on).
    public var listDescription: String?
    /// Where the list came from (formatVersion 3 on).
    public var sources: [RecordSource] = []
    /// Memberships, in the order the source listed them.
    public var items: [ListItem] = []
}

/// A title's membership in a list (docs/SPEC.md#list-item).
@PublicMemberwiseInit
public struct ListItem: Equatable, Sendable {
    /// The ListItem's own id; `nil` when unknown (v1 lists carry only title ids).
    public var id: String?
    public var titleId: String
    /// Sort order within the list; v1 readers set it to the position in `titleIds`.
    public var orderIndex: Int
    public var dateAdded: Date?
    /// The note written for this entry of the list (formatVersion 3 on).
    public var note: String?
}
