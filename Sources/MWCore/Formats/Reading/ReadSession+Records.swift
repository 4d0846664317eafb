import Foundation

/// Records: each object's keys read into its entity's draft (driven by the field
/// descriptions), the record-level checks, then the record handed on — counted, validated,
/// kept in the library when one is built, and passed to the record sink.
extension ReadSession {
    mutating func readTitle(_ start: Int) throws {
        let (t, missing) = try readRecord(TitleField.self, at: start)
        result.counts.titles += 1
        v.title(t, .init(index: idx, offset: start, missing: missing))
        if options.buildLibrary { lib.titles.append(t) }
        options.recordSink?.accept(.title(t))
    }

    mutating func readEpisode(_ start: Int) throws {
        let (e, missing) = try readRecord(EpisodeField.self, at: start)
        result.counts.episodes += 1
        v.episode(e, .init(index: idx, offset: start, missing: missing))
        if options.buildLibrary { lib.episodes.append(e) }
        options.recordSink?.accept(.episode(e))
    }

    mutating func readNote(_ start: Int) throws {
        let (n, missing) = try readRecord(NoteField.self, at: start)
        result.counts.notes += 1
        v.note(n, .init(index: idx, offset: start, missing: missing))
        if options.buildLibrary { lib.notes.append(n) }
        options.recordSink?.accept(.note(n))
    }

    /// A list with its members (``readTitleIds(into:)``, ``readItems(into:)``).
    mutating func readList(_ start: Int) throws {
        itemOffsets.removeAll(keepingCapacity: true)
        let (l, missing) = try readRecord(ListField.self, at: start)
        result.counts.lists += 1
        result.counts.listItems += l.items.count
        v.list(l, .init(index: idx, offset: start, missing: missing), itemOffsets: itemOffsets)
        if options.buildLibrary { lib.lists.append(l) }
        options.recordSink?.accept(.list(l))
    }

    /// Reads the object at `start` as a record of `F`, reporting stray TMDb metadata on a
    /// stripped record and missing required keys (at `pointer`, by default the record's).
    /// Returns it with the fields missing or unreadable, for the validator to skip.
    mutating func readRecord<F: EntityField>(_: F.Type, at start: Int, pointer: String? = nil) throws -> (record: F.Record, missing: UInt64) {
        let table = F.table
        let keys = table.keys(dialect)
        try s.beginObject()
        var draft = F.blank
        let (seen, failed) = try readFields(keys) { r, f in try F(rawValue: f).unsafelyUnwrapped.set(&draft, from: &r) }
        let stripped = F.isStripped(draft)
        if stripped && seen & table.tmdbMask != 0 {
            let present = table.strayMetadataOrder.filter { seen & $0.bit != 0 }.map(\.name)
            error(.strippedWithMetadata, "stripped \(F.entity.rawValue) carries TMDb metadata: \(present.joined(separator: ", "))", field: "stripped", offset: start)
        }
        for f in table.required(dialect, stripped: stripped) where seen & f.bit == 0 {
            let at = pointer ?? self.pointer(nil)
            v.diags.add(.error(.schemaRequired, "missing required key \(quoted(f.name))", pointer: at, offset: start))
        }
        return (F.record(draft), (~seen | failed) & keys.allowedMask)
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
