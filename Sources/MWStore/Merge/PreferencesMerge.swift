import Foundation
import MWCore

/// Merge of the preferences, a singleton: the database's, if any, is the match.
final class PreferencesMerge: MergeRule {
    typealias Table = PreferencesTable
    let session: RestoreSession
    private let ids: MergeIds

    init(_ session: RestoreSession, _ ids: MergeIds) {
        self.session = session
        self.ids = ids
    }

    func merge(_ p: UserPreferences) throws {
        var incoming = p
        if let d = p.defaultListId {
            let mapped = ids.lists[d] ?? d
            if try session.exists(.list, id: mapped) {
                incoming.defaultListId = mapped
            } else {
                incoming.defaultListId = nil
                session.report.warnings.append("preferences name default list \(d), which is in neither the backup nor the database; cleared")
            }
        }
        let s = try session.statements(StoreSQL.select("preferences", PreferencesRow.columns))
        let existing = try s.step() ? PreferencesRow.read(s) : nil
        s.reset()
        // The decision's key is the id the preferences keep: the database's, when it has some.
        try settle(incoming, key: existing?.id ?? p.id, found: existing.map { ($0, $0.id) })
    }

    func resolve(existing: UserPreferences, incoming: UserPreferences) -> Resolution<UserPreferences> {
        ConflictResolver.preferences(existing: existing, incoming: incoming, policy: session.options.onConflict)
    }
}
