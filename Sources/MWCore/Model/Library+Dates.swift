import Foundation

extension Library {
    /// The latest date the user's own records carry (added, modified, watched, created, synced);
    /// nil for a library without any. TMDb dates (release, air) are not the user's and may
    /// lie in the future.
    public var latestUserDate: Date? {
        var latest: Date?
        func see(_ d: Date?) { if let d, latest.map({ d > $0 }) ?? true { latest = d } }
        for t in titles { see(t.dateAdded); see(t.dateModified); see(t.watchedDate) }
        for e in episodes { see(e.dateModified); see(e.watchedDate) }
        for l in lists {
            see(l.dateCreated); see(l.dateModified)
            for i in l.items { see(i.dateAdded) }
        }
        for n in notes { see(n.dateCreated); see(n.dateModified) }
        see(preferences?.lastSyncDate)
        return latest
    }

    /// The exportDate to stamp on a backup written now. `SOURCE_DATE_EPOCH` fixes it for
    /// reproducible output, but never before the user's own latest date: a fixed epoch must
    /// not make the user's dates look like they come after the export (`date-implausible`).
    /// Both are taken from the input and the environment, so the output stays reproducible.
    public func exportStamp(environment env: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        let now = Clock.now(environment: env)
        guard Clock.sourceDateEpoch(environment: env) != nil, let latest = latestUserDate, latest > now else { return now }
        return latest
    }
}
