import Foundation
import MWMacros

/// App-wide user settings, a singleton (docs/SPEC.md#preferences).
@PublicMemberwiseInit
public struct UserPreferences: Equatable, Sendable {
    public var id: String
    public var defaultListId: String?
    public var defaultLikedStatus: Int = 0
    /// TMDb image size, e.g. "w500".
    public var imageQuality: String = "w500"
    public var showWatchedInLists: Bool = true
    public var sortBy: String = "dateAdded"
    public var sortAscending: Bool = false
    public var lastSyncDate: Date?
    public var appVersion: String?
}
