import Foundation
import GRDB
import MWCore

extension DiagnosticCode {
    /// SQLite's `PRAGMA integrity_check` found damage.
    public static let dbIntegrity: DiagnosticCode = "db-integrity"
    /// A row refers to a row that does not exist (`PRAGMA foreign_key_check`).
    public static let dbForeignKey: DiagnosticCode = "db-foreign-key"
    /// The library's schema is older than this mwkit's (it is migrated, with a copy kept, the
    /// next time a writing command opens it).
    public static let dbSchemaVersion: DiagnosticCode = "db-schema-version"

    /// Every code declared by MWStore.
    public static let store: [DiagnosticCode] = [.dbIntegrity, .dbForeignKey, .dbSchemaVersion]
}

extension LibraryStore {
    /// What `mwkit check` finds in a library database: SQLite's integrity check, the foreign
    /// keys, the schema version, and every rule `validate` enforces on a backup, run on the
    /// library the database holds (pointers name records in archive order, as `archive`
    /// writes them). Reads only; open the store with ``OpenMode/readOnly``.
    public func check() throws -> (diagnostics: [Diagnostic], counts: EntityCounts) {
        var out: [Diagnostic] = []
        let (integrity, foreignKeys) = try wrap {
            try queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" },
                 try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"))
            }
        }
        for p in integrity { out.append(.error(.dbIntegrity, "SQLite integrity check: \(p)")) }
        for r in foreignKeys {
            let table: String = r[0] ?? "?", rowid: Int64 = r[1] ?? -1, parent: String = r[2] ?? "?"
            out.append(.error(.dbForeignKey, "\(table) row \(rowid) refers to a missing \(parent) row"))
        }
        guard openedVersion == StoreSchema.currentVersion else {
            out.append(.warning(.dbSchemaVersion, "schema version \(openedVersion), this mwkit's is \(StoreSchema.currentVersion): the next restore or archive migrates it (keeping a copy); its records were not checked"))
            return (out, EntityCounts())
        }
        // Damage the integrity check found can make reading fail: report what was found.
        guard integrity.isEmpty else { return (out, EntityCounts()) }
        let library = try loadLibrary()
        out += Validator.validate(library)
        return (out, EntityCounts(library))
    }
}
