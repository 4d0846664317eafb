import Foundation
import GRDB
import MWCore

/// The row writes both strategies and the checks share, one for every entity.
extension RestoreSession {
    /// Inserts one record into its table.
    func insert<T: EntityTable>(_: T.Type, _ record: T.Record) throws {
        var s = try statements(.insert, T.entity)
        T.bindRow(&s, record)
        try s.run()
    }

    /// Writes every column but `id` of the row with id `id`.
    func update<T: EntityTable>(_: T.Type, _ record: T.Record, id: String) throws {
        var s = try statements(.update, T.entity)
        T.bindColumns(&s, record)
        s.bind(id)
        try s.run()
    }

    /// Whether `entity`'s table has a row with id `id`.
    func exists(_ entity: EntityKind, id: String) throws -> Bool {
        let s = try statements(.exists, entity)
        s.bind(id)
        return try s.scalarInt() != nil
    }

    /// The first id from `make(0)`, `make(1)`, … not used in `entity`'s table.
    func freeId(_ entity: EntityKind, _ make: (String) -> String) throws -> String {
        var n = 0
        while true {
            let id = make(String(n))
            if try !exists(entity, id: id) { return id }
            n += 1
        }
    }

    /// Sets a `library_meta` value (nothing for nil); `onlyIfAbsent` keeps one already there.
    func setMeta(_ key: String, _ value: String?, onlyIfAbsent: Bool) throws {
        try setMeta(key, value, onlyIfAbsent) { $0.bind($1) }
    }

    func setMeta(_ key: String, _ value: Date?, onlyIfAbsent: Bool) throws {
        try setMeta(key, value, onlyIfAbsent) { $0.bind($1) }
    }

    /// The one meta write: `bind` binds the value as its column stores it.
    private func setMeta<V>(_ key: String, _ value: V?, _ onlyIfAbsent: Bool, _ bind: (RawStatement, V) -> Void) throws {
        guard let value else { return }
        let s = try statements("INSERT OR \(onlyIfAbsent ? "IGNORE" : "REPLACE") INTO library_meta (key, value) VALUES (?, ?)")
        s.bind(key)
        bind(s, value)
        try s.run()
    }
}

/// Keys of the `library_meta` table.
enum MetaKey {
    static let sourceVersion = "source_version"
    static let exportDate = "export_date"
}
