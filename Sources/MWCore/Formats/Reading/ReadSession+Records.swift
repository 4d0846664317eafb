import Foundation

/// Records: each object's keys read into a blank record of its entity (driven by the field
/// descriptions), the record-level checks, then the record handed on.
extension ReadSession {
    /// The element at `start` of collection `name`, an object, as its entity's record,
    /// handed on (``handOn(_:at:count:kept:as:check:)``).
    mutating func readElement(_ name: String, at start: Int) throws {
        switch name {
        case "lists":
            itemOffsets.removeAll(keepingCapacity: true)
            try handOn(ListField.self, at: start, count: \.lists, kept: \.lists, as: BackupRecord.list) { s, l, o in
                s.result.counts.listItems += l.items.count
                s.v.list(l, o, itemOffsets: s.itemOffsets)
            }
        case "titles": try handOn(TitleField.self, at: start, count: \.titles, kept: \.titles, as: BackupRecord.title) { $0.v.title($1, $2) }
        case "episodes": try handOn(EpisodeField.self, at: start, count: \.episodes, kept: \.episodes, as: BackupRecord.episode) { $0.v.episode($1, $2) }
        default: try handOn(NoteField.self, at: start, count: \.notes, kept: \.notes, as: BackupRecord.note) { $0.v.note($1, $2) }
        }
    }

    /// Reads the object at `start` as a record of `F`, then hands it on: counted (`count`),
    /// validated (`check`), kept in the library's `kept` when one is built, passed to the
    /// record sink (`as`). Always inlined, so each entity's path is specialised with its key
    /// paths as plain field accesses and its record moved, not copied, into the sink's value
    /// (through a generic path that was not, each record was copied twice).
    @inline(__always)
    private mutating func handOn<F: EntityField>(_: F.Type, at start: Int, count: WritableKeyPath<EntityCounts, Int>,
                                                 kept: WritableKeyPath<Library, [F.Record]>, as record: (F.Record) -> BackupRecord,
                                                 check: (inout ReadSession, F.Record, Validator.Origin) -> Void) throws {
        var r = F.blank
        let o = try readRecord(F.self, into: &r, at: start)
        result.counts[keyPath: count] += 1
        check(&self, r, o)
        if options.buildLibrary { lib[keyPath: kept].append(r) }
        options.recordSink?.accept(record(r))
    }

    /// Reads the object at `start` into `record` (blank) as a record of `F`, reporting stray
    /// TMDb metadata on a stripped record and missing required keys (at `pointer`, by default
    /// the record's). Returns the record's origin: its place and the fields missing or
    /// unreadable, which the validator's rules skip.
    @inline(__always)
    mutating func readRecord<F: EntityField>(_: F.Type, into record: inout F.Record, at start: Int, pointer: String? = nil) throws -> Validator.Origin {
        let table = F.table
        let keys = table.keys(dialect)
        try s.beginObject()
        var metadata = F.blankMetadata
        var stripped = false
        let (seen, failed) = try readFields(keys) { r, f in
            try F(rawValue: f).unsafelyUnwrapped.set(&record, &metadata, stripped: &stripped, from: &r)
        }
        F.finish(&record, metadata: metadata, stripped: stripped)
        if stripped && seen & table.tmdbMask != 0 {
            let present = table.strayMetadataOrder.filter { seen & $0.bit != 0 }.map(\.name)
            error(.strippedWithMetadata, "stripped \(F.entity.rawValue) carries TMDb metadata: \(present.joined(separator: ", "))", field: "stripped", offset: start)
        }
        let required = table.requiredMask(dialect, stripped: stripped)
        if seen & required != required {
            for f in table.required(dialect, stripped: stripped) where seen & f.bit == 0 {
                let at = pointer ?? self.pointer(nil)
                v.diags.add(.error(.schemaRequired, "missing required key \(quoted(f.name))", pointer: at, offset: start))
            }
        }
        return Validator.Origin(index: idx, offset: start, missing: (~seen | failed) & keys.allowedMask)
    }

    /// Reads the keys of the object just opened: unknown and repeated keys are reported, each
    /// known field is handed to `field`. Returns the fields present and those that failed to read.
    mutating func readFields(_ table: KeyTable, _ field: (inout ReadSession, Int) throws -> Void) throws -> (seen: UInt64, failed: UInt64) {
        var seen: UInt64 = 0, failed: UInt64 = 0
        var first = true
        while let k = try s.nextKey(first: &first) {
            guard let f = try table.lookup(&s, k) else { try unknownKey(k); continue }
            if seen & (1 << UInt64(f)) != 0 { try duplicateKey(k); continue }
            seen |= 1 << UInt64(f)
            let errorsBefore = v.diags.errors
            try field(&self, f)
            if v.diags.errors > errorsBefore { failed |= 1 << UInt64(f) }
        }
        return (seen, failed)
    }
}
