import Foundation

/// The fields of ``UserPreferences`` (docs/SPEC.md#preferences, docs/FORMAT.md, docs/DATABASE.md
/// `preferences`). v2 only: v1 backups do not carry preferences.
public enum PreferencesField: Int, EntityField {
    case id, defaultListId, defaultLikedStatus, imageQuality, showWatchedInLists, sortBy, sortAscending,
         lastSyncDate, appVersion

    public static let entity = EntityKind.preferences
    public static let table = FieldTable<PreferencesField>()

    @inlinable @inline(__always)
    public var spec: FieldSpec {
        switch self {
        //                                 key                   value    presence   origin  v1       column
        case .id:                 return .init("id",                 .string, .required, .user, v1: nil, column: "id")
        case .defaultListId:      return .init("defaultListId",      .string, .optional, .user, v1: nil, column: "default_list_id")
        case .defaultLikedStatus: return .init("defaultLikedStatus", .int16,  .required, .user, v1: nil, column: "default_liked_status")
        case .imageQuality:       return .init("imageQuality",       .string, .required, .user, v1: nil, column: "image_quality")
        case .showWatchedInLists: return .init("showWatchedInLists", .bool,   .required, .user, v1: nil, column: "show_watched_in_lists")
        case .sortBy:             return .init("sortBy",             .string, .required, .user, v1: nil, column: "sort_by")
        case .sortAscending:      return .init("sortAscending",      .bool,   .required, .user, v1: nil, column: "sort_ascending")
        case .lastSyncDate:       return .init("lastSyncDate",       .date,   .optional, .user, v1: nil, column: "last_sync_date")
        case .appVersion:         return .init("appVersion",         .string, .optional, .user, v1: nil, column: "app_version")
        }
    }

    @inlinable @inline(__always)
    public func get<V: FieldVisitor>(_ p: UserPreferences, into v: inout V) {
        switch self {
        case .id: v.visit(self, p.id)
        case .defaultListId: v.visit(self, p.defaultListId)
        case .defaultLikedStatus: v.visit(self, p.defaultLikedStatus)
        case .imageQuality: v.visit(self, p.imageQuality)
        case .showWatchedInLists: v.visit(self, p.showWatchedInLists)
        case .sortBy: v.visit(self, p.sortBy)
        case .sortAscending: v.visit(self, p.sortAscending)
        case .lastSyncDate: v.visit(self, p.lastSyncDate)
        case .appVersion: v.visit(self, p.appVersion)
        }
    }

    @inlinable @inline(__always)
    public func set<S: FieldSource>(_ p: inout UserPreferences, _: inout Void, stripped: inout Bool,
                                    from s: inout S) throws(S.Failure) {
        switch self {
        case .id: try s.read(self, into: &p.id)
        case .defaultListId: try s.read(self, into: &p.defaultListId)
        case .defaultLikedStatus: try s.read(self, into: &p.defaultLikedStatus)
        case .imageQuality: try s.read(self, into: &p.imageQuality)
        case .showWatchedInLists: try s.read(self, into: &p.showWatchedInLists)
        case .sortBy: try s.read(self, into: &p.sortBy)
        case .sortAscending: try s.read(self, into: &p.sortAscending)
        case .lastSyncDate: try s.read(self, into: &p.lastSyncDate)
        case .appVersion: try s.read(self, into: &p.appVersion)
        }
    }

    /// The model's defaults (image quality w500, watched titles shown, newest first).
    @inline(__always)
    public static var blank: UserPreferences { UserPreferences(id: "") }
}
