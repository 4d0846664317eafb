import Foundation

/// The fields of a ``ListItem`` (docs/SPEC.md#list-item, docs/DATABASE.md `list_items`). v1 has no
/// object for it: a list's `titleIds` carry the title ids, in order.
public enum ListItemField: Int, EntityField {
    case titleId, orderIndex, id, dateAdded, note

    public static let entity = EntityKind.listItem
    public static let table = FieldTable<ListItemField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                          key           value    presence   origin  v1                      column
        case .titleId:    return .init("titleId",    .string, .required, .user, v1: .titleIdsEntry, column: "title_id")
        case .orderIndex: return .init("orderIndex", .int16,  .required, .user, v1: .titleIdsEntry, column: "order_index")
        case .id:         return .init("id",         .string, .optional, .user, v1: nil,            column: "id")
        case .dateAdded:  return .init("dateAdded",  .date,   .optional, .user, v1: nil,            column: "date_added")
        // formatVersion 3: the note written for this entry of the list.
        case .note:       return .init("note",       .text,   .optional, .user, v1: nil, since: 3,  column: "note")
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ i: ListItem, into v: inout V) {
        switch self {
        case .titleId: v.visit(self, i.titleId)
        case .orderIndex: v.visit(self, i.orderIndex)
        case .id: v.visit(self, i.id)
        case .dateAdded: v.visit(self, i.dateAdded)
        case .note: v.visit(self, i.note)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ i: inout ListItem, _: inout Void, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .titleId: try s.read(self, into: &i.titleId)
        case .orderIndex: try s.read(self, into: &i.orderIndex)
        case .id: try s.read(self, into: &i.id)
        case .dateAdded: try s.read(self, into: &i.dateAdded)
        case .note: try s.read(self, into: &i.note)
        }
    }

    @inline(__always)
    public static var blank: ListItem { ListItem(titleId: "", orderIndex: 0) }
}
