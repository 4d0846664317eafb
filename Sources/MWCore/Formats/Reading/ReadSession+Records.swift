import Foundation

/// Records: each object's keys read into a blank record of its entity (driven by the field
/// descriptions), the record-level checks, then the record handed on.
extension ReadSession {
    /// The element at `start` of collection `name`, an object, as its entity's record,
    /// handed on: counted, validated, kept when a library is built, passed to the record sink.
    /// (Each entity spelled out: handing records on through one generic path copied each twice.)
    mutating func readElement(_ name: String, at start: Int) throws {
        let keep = options.buildLibrary, sink = options.recordSink
        switch name {
        case "lists":
            itemOffsets.removeAll(keepingCapacity: true)
            var l = ListField.blank
            let o = try readRecord(ListField.self, into: &l, at: start)
            result.counts.lists += 1
            result.counts.listItems += l.items.count
            v.list(l, o, itemOffsets: itemOffsets)
            if keep { lib.lists.append(l) }
            sink?.accept(.list(l))
        case "titles":
            var t = TitleField.blank
            let o = try readRecord(TitleField.self, into: &t, at: start)
            result.counts.titles += 1
            v.title(t, o)
            if keep { lib.titles.append(t) }
            sink?.accept(.title(t))
        case "episodes":
            var e = EpisodeField.blank
            let o = try readRecord(EpisodeField.self, into: &e, at: start)
            result.counts.episodes += 1
            v.episode(e, o)
            if keep { lib.episodes.append(e) }
            sink?.accept(.episode(e))
        default:
            var n = NoteField.blank
            let o = try readRecord(NoteField.self, into: &n, at: start)
            result.counts.notes += 1
            v.note(n, o)
            if keep { lib.notes.append(n) }
            sink?.accept(.note(n))
        }
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
