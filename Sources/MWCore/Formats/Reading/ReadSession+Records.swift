import Foundation

/// Records: each object's keys read into its entity's draft (driven by the field
/// descriptions), the record-level checks, then the record handed on.
extension ReadSession {
    /// The element at `start` of collection `name`, an object, as its entity's record.
    mutating func readElement(_ name: String, at start: Int) throws {
        switch name {
        case "lists":
            itemOffsets.removeAll(keepingCapacity: true)
            let r = try readRecord(ListField.self, at: start)
            accept(.list(r.record), r.origin)
        case "titles":
            let r = try readRecord(TitleField.self, at: start)
            accept(.title(r.record), r.origin)
        case "episodes":
            let r = try readRecord(EpisodeField.self, at: start)
            accept(.episode(r.record), r.origin)
        default:
            let r = try readRecord(NoteField.self, at: start)
            accept(.note(r.record), r.origin)
        }
    }

    /// Hands a record on: counted, validated, kept when a library is built (the preferences
    /// always), and passed to the record sink.
    mutating func accept(_ record: BackupRecord, _ o: Validator.Origin) {
        let keep = options.buildLibrary
        switch record {
        case .header: break
        case .preferences(let p):
            result.counts.preferences = 1
            v.preferences(p, offset: o.offset)
            lib.preferences = p
        case .list(let l):
            result.counts.lists += 1
            result.counts.listItems += l.items.count
            v.list(l, o, itemOffsets: itemOffsets)
            if keep { lib.lists.append(l) }
        case .title(let t):
            result.counts.titles += 1
            v.title(t, o)
            if keep { lib.titles.append(t) }
        case .episode(let e):
            result.counts.episodes += 1
            v.episode(e, o)
            if keep { lib.episodes.append(e) }
        case .note(let n):
            result.counts.notes += 1
            v.note(n, o)
            if keep { lib.notes.append(n) }
        }
        options.recordSink?.accept(record)
    }

    /// Reads the object at `start` as a record of `F`, reporting stray TMDb metadata on a
    /// stripped record and missing required keys (at `pointer`, by default the record's).
    /// Returns it with its origin: its place and the fields missing or unreadable, which the
    /// validator's rules skip.
    mutating func readRecord<F: EntityField>(_: F.Type, at start: Int, pointer: String? = nil) throws -> (record: F.Record, origin: Validator.Origin) {
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
        let required = table.requiredMask(dialect, stripped: stripped)
        if seen & required != required {
            for f in table.required(dialect, stripped: stripped) where seen & f.bit == 0 {
                let at = pointer ?? self.pointer(nil)
                v.diags.add(.error(.schemaRequired, "missing required key \(quoted(f.name))", pointer: at, offset: start))
            }
        }
        return (F.record(draft), Validator.Origin(index: idx, offset: start, missing: (~seen | failed) & keys.allowedMask))
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
