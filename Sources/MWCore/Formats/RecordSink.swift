import Foundation

/// One record of a backup as a reader streams it (``ReadOptions/recordSink``), or as
/// ``Library/forEachRecord(_:)`` walks a library: the same sequence either way, so a consumer
/// (restore) has one code path for both.
public enum BackupRecord: Sendable {
    /// The document's header: the v1 `version` / v2 `sourceVersion` and the export date.
    case header(sourceVersion: String?, exportDate: Date?)
    /// The user preferences (v2 only).
    case preferences(UserPreferences)
    /// A list with its items.
    case list(MediaList)
    case title(Title)
    case episode(Episode)
    case note(Note)
}

/// Receives every record while a backup is read, in document order — before the reader has
/// seen the rest of the file, so before the backup is known to be valid. A consumer that acts
/// on records early (restore inserts them inside a transaction) must be able to undo that when
/// the final ``ReadResult`` turns out invalid.
///
/// Records with structural errors are passed on too (with defaults for what could not be
/// read); the ``ReadResult``'s diagnostics say which. `accept` is called on the reading thread.
public protocol RecordSink: AnyObject, Sendable {
    func accept(_ record: BackupRecord)
}

extension Library {
    /// Walks the library as a reader would stream it: header, preferences, lists (each with
    /// its items), titles, episodes, notes.
    public func forEachRecord(_ body: (BackupRecord) throws -> Void) rethrows {
        try body(.header(sourceVersion: sourceVersion, exportDate: exportDate))
        if let p = preferences { try body(.preferences(p)) }
        for l in lists { try body(.list(l)) }
        for t in titles { try body(.title(t)) }
        for e in episodes { try body(.episode(e)) }
        for n in notes { try body(.note(n)) }
    }
}
