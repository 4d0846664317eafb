import Foundation

/// The fields of a ``Note`` (docs/SPEC.md#note, docs/FORMAT.md, docs/DATABASE.md `notes`).
public enum NoteField: Int, EntityField {
    case id, parentType, parentId, text, ownerOnly, dateCreated, dateModified, sources

    public static let entity = EntityKind.note
    public static let table = FieldTable<NoteField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                           key             value    presence   origin  v1 key order      column
        case .id:           return .init("id",           .string, .required, .user, v1: .key(0), column: "id")
        case .parentType:   return .init("parentType",   .string, .required, .user, v1: .key(2), column: .parentType)
        case .parentId:     return .init("parentId",     .string, .required, .user, v1: .key(1),
                                         column: .parentId(titleColumn: "title_id", episodeColumn: "episode_id"))
        case .text:         return .init("text",         .string, .required, .user, v1: .key(3), column: "text")
        case .ownerOnly:    return .init("ownerOnly",    .bool,   .required, .user, v1: .key(4), column: "owner_only")
        case .dateCreated:  return .init("dateCreated",  .date,   .required, .user, v1: .key(5), column: "date_created")
        case .dateModified: return .init("dateModified", .date,   .optional, .user, v1: nil,     column: "date_modified")
        // formatVersion 3: where the note came from (a Letterboxd review, …).
        case .sources:      return .init("sources",      .sources, .optional, .user, v1: nil, since: 3, column: .rows("record_sources"))
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ n: Note, into v: inout V) {
        switch self {
        case .id: v.visit(self, n.id)
        case .parentType: v.visit(self, n.parentType.rawValue)
        case .parentId: v.visit(self, n.parentId)
        case .text: v.visit(self, n.text)
        case .ownerOnly: v.visit(self, n.ownerOnly)
        case .dateCreated: v.visit(self, n.dateCreated)
        case .dateModified: v.visit(self, n.dateModified)
        case .sources: v.visit(self, sources: n.sources)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ n: inout Note, _: inout Void, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .id: try s.read(self, into: &n.id)
        case .parentType: try s.read(self, into: &n.parentType)
        case .parentId: try s.read(self, into: &n.parentId)
        case .text: try s.read(self, into: &n.text)
        case .ownerOnly: try s.read(self, into: &n.ownerOnly)
        case .dateCreated: try s.read(self, into: &n.dateCreated)
        case .dateModified: try s.read(self, into: &n.dateModified)
        case .sources: try s.read(self, sources: &n.sources)
        }
    }

    @inline(__always)
    public static var blank: Note {
        Note(id: "", parentId: "", parentType: .title, text: "", dateCreated: Date(timeIntervalSinceReferenceDate: 0))
    }
}
