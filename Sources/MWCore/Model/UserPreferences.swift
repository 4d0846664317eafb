import Foundation

/// App-wide user settings, a singleton (docs/SPEC.md#preferences).
public struct UserPreferences: Equatable, Sendable {
    public var id: String
    public var defaultListId: String?
    public var defaultLikedStatus: Int
    /// TMDb image size, e.g. "w500".
    public var imageQuality: String
    public var showWatchedInLists: Bool
    public var sortBy: String
    public var sortAscending: Bool
    public var lastSyncDate: Date?
    public var appVersion: String?

    public init(id: String, defaultListId: String? = nil, defaultLikedStatus: Int = 0,
                imageQuality: String = "w500", showWatchedInLists: Bool = true, sortBy: String = "dateAdded",
                sortAscending: Bool = false, lastSyncDate: Date? = nil, appVersion: String? = nil) {
        self.id = id
        self.defaultListId = defaultListId
        self.defaultLikedStatus = defaultLikedStatus
        self.imageQuality = imageQuality
        self.showWatchedInLists = showWatchedInLists
        self.sortBy = sortBy
        self.sortAscending = sortAscending
        self.lastSyncDate = lastSyncDate
        self.appVersion = appVersion
    }
}
