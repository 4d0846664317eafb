import Foundation

/// The fields of a ``MediaList`` (docs/SPEC.md#list, docs/FORMAT.md, docs/DATABASE.md `lists`).
/// Its members are v1's `titleIds` or v2's `items`, kept in their own table.
public enum ListField: Int, EntityField {
    case id, name, icon, colorHex, sortOrder, isDefault, dateCreated, dateModified, listDescription, sources, titleIds, items

    public static let entity = EntityKind.list
    public static let table = FieldTable<ListField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                            key             value      presence   origin  v1 key order                    column
        case .id:           return .init("id",           .string,   .required, .user, v1: .key(0),              column: "id")
        case .name:         return .init("name",         .string,   .required, .user, v1: .key(1),              column: "name")
        case .icon:         return .init("icon",         .string,   .optional, .user, v1: .key(2),              column: "icon")
        case .colorHex:     return .init("colorHex",     .string,   .optional, .user, v1: .key(3),              column: "color_hex")
        case .sortOrder:    return .init("sortOrder",    .int16,    .required, .user, v1: .key(4),              column: "sort_order")
        case .isDefault:    return .init("isDefault",    .bool,     .optional, .user, v1: nil,                  column: "is_default")
        case .dateCreated:  return .init("dateCreated",  .date,     .optional, .user, v1: nil,                  column: "date_created")
        case .dateModified: return .init("dateModified", .date,     .optional, .user, v1: nil,                  column: "date_modified")
        // formatVersion 3: the list's description in the service it came from, and its sources.
        case .listDescription: return .init("description",  .text,     .optional, .user, v1: nil, since: 3,        column: "description")
        case .sources:      return .init("sources",      .sources,  .optional, .user, v1: nil, since: 3,        column: .rows("record_sources"))
        case .titleIds:     return .init("titleIds",     .titleIds, .required, .user, v1: .key(5), inV2: false, column: nil)
        case .items:        return .init("items",        .items,    .required, .user, v1: nil,                  column: nil)
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ l: MediaList, into v: inout V) {
        switch self {
        case .id: v.visit(self, l.id)
        case .name: v.visit(self, l.name)
        case .icon: v.visit(self, l.icon)
        case .colorHex: v.visit(self, l.colorHex)
        case .sortOrder: v.visit(self, l.sortOrder)
        case .isDefault: v.visit(self, l.isDefault)
        case .dateCreated: v.visit(self, l.dateCreated)
        case .dateModified: v.visit(self, l.dateModified)
        case .listDescription: v.visit(self, l.listDescription)
        case .sources: v.visit(self, sources: l.sources)
        case .titleIds, .items: v.visit(self, items: l.items)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ l: inout MediaList, _: inout Void, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .id: try s.read(self, into: &l.id)
        case .name: try s.read(self, into: &l.name)
        case .icon: try s.read(self, into: &l.icon)
        case .colorHex: try s.read(self, into: &l.colorHex)
        case .sortOrder: try s.read(self, into: &l.sortOrder)
        case .isDefault: try s.read(self, into: &l.isDefault)
        case .dateCreated: try s.read(self, into: &l.dateCreated)
        case .dateModified: try s.read(self, into: &l.dateModified)
        case .listDescription: try s.read(self, into: &l.listDescription)
        case .sources: try s.read(self, sources: &l.sources)
        case .titleIds, .items: try s.read(self, items: &l.items)
        }
    }

    @inline(__always)
    public static var blank: MediaList { MediaList(id: "", name: "") }
}
