import Foundation
import MWCore
import MWStore

/// `mwkit check` as a job: the library database's health check (SQLite integrity, foreign
/// keys, schema version, and every rule validate applies to a backup, films and books alike).
public enum CheckJob {
    /// The check of the database at `url`, opened read-only and never migrated, as one report.
    /// Throws when the database cannot be opened or read (exit 2 for the command).
    public static func run(_ url: URL, strict: Bool) throws -> FileReport {
        let store = try LibraryStore.open(at: url, mode: .readOnly)
        defer { try? store.close() }
        var (diagnostics, counts) = try store.check()
        var read = ReadResult(format: "mwkit-library", formatVersion: store.openedVersion, diagnostics: diagnostics, counts: counts)
        read.library = nil
        // The book tables (books-v1): their rules and counts beside the films'.
        if !diagnostics.contains(where: { $0.code == DiagnosticCode.dbIntegrity.rawValue }), let books = try store.checkBooks() {
            diagnostics += books.diagnostics
            read.diagnostics = diagnostics
            read.reportCounts = ReportCounts(counts.report.entries + books.counts.entries,
                                             summary: counts.report.summary + books.counts.summary)
        }
        return FileReport(path: url.path, read: read, strict: strict)
    }
}
