import Foundation

/// The header: top-level values, top-level key checks, and the order collections are read in.
extension ReadSession {
    /// Reads the header values, then the collections: at their pre-scanned offsets, or —
    /// when the pre-scan stopped early at `inOrderFrom` — in one pass from there to the end.
    mutating func readHeader(_ top: [String: Int], entries: [TopEntry], inOrderFrom: TopEntry?) throws {
        if inOrderFrom == nil { checkTopKeys(entries) }
        let versionKey = dialect == .v1 ? "version" : "sourceVersion"
        if let off = top[versionKey] {
            s.pos = off
            lib.sourceVersion = try string(versionKey)
            if dialect == .v1, let ver = lib.sourceVersion, !(ver == "1" || ver.hasPrefix("1.")) {
                v.diags.add(.error(.formatUnknownVersion, "ExportData version \(quoted(ver)) is not supported (this mwkit reads 1.x)", pointer: "/version", offset: off))
                result.format = nil
                return
            }
        }
        if let off = top["exportDate"] {
            s.pos = off
            lib.exportDate = try date("exportDate")
            v.exportDate = lib.exportDate
        }
        defer { options.recordSink?.accept(.header(sourceVersion: lib.sourceVersion, exportDate: lib.exportDate)) }
        if let off = top["preferences"] {
            s.pos = off
            try readPreferences()
        }
        if let start = inOrderFrom {
            var all = entries
            try readInOrder(from: start, entries: &all)
            checkTopKeys(all)
            return
        }
        // Collections in file order, so the mapping is walked front to back.
        let colls = ReadSession.collections.compactMap { k in top[k].map { (k, $0) } }.sorted { $0.1 < $1.1 }
        let valueStarts = entries.map(\.value).sorted()
        for (name, off) in colls {
            s.pos = off
            try readCollection(name, expected: ReadSession.recordBound(off, valueStarts.first { $0 > off } ?? bytes.count))
            if v.diags.isFull { return }
        }
    }

    /// Unknown top-level keys (a warning in v1, an error in v2) and missing required ones.
    mutating func checkTopKeys(_ entries: [TopEntry]) {
        let known: Set<String> = dialect == .v1
            ? ["version", "exportDate", "lists", "titles", "episodes", "notes"]
            : ["format", "formatVersion", "sourceVersion", "exportDate", "preferences", "lists", "titles", "episodes", "notes"]
        for e in entries where !known.contains(e.key) {
            if dialect == .v1 {
                v.diags.add(.warning(.schemaUnknownKey, "unknown key \(quoted(e.key)) ignored", pointer: "/" + e.key, offset: e.keyOffset))
            } else {
                v.diags.add(.error(.schemaUnknownKey, "unknown key \(quoted(e.key))", pointer: "/" + e.key, offset: e.keyOffset))
            }
        }
        let required = dialect == .v1 ? ["version", "exportDate", "lists", "titles", "episodes", "notes"] : ["lists", "titles", "episodes", "notes"]
        for k in required where !entries.contains(where: { $0.key == k }) {
            v.diags.add(.error(.schemaRequired, "missing required key \(quoted(k))", pointer: "", offset: entries.first?.keyOffset ?? 0))
        }
    }

    /// The rest of the top-level object after an early-stopped pre-scan, in one pass: the
    /// collection at `start` and every key after it (header keys the pre-scan had not reached
    /// are read here too; repeated keys are reported and skipped).
    mutating func readInOrder(from start: TopEntry, entries: inout [TopEntry]) throws {
        s.pos = start.value
        try readCollection(start.key, expected: ReadSession.recordBound(start.value, bytes.count))
        var first = false
        while !v.diags.isFull {
            let keyOff = s.pos
            guard let k = try s.nextKey(first: &first) else { return try s.expectEnd() }
            let name = try s.decodeString(k)
            s.skipWhitespace()
            if entries.contains(where: { $0.key == name }) {
                v.diags.add(duplicateTopKey(name, keyOff))
                try s.skipValue()
                continue
            }
            entries.append((name, keyOffset(after: keyOff), s.pos))
            switch name {
            case _ where ReadSession.collections.contains(name):
                try readCollection(name, expected: ReadSession.recordBound(s.pos, bytes.count))
            case "preferences": try readPreferences()
            case "sourceVersion": lib.sourceVersion = try string("sourceVersion")
            default: try s.skipValue()
            }
        }
    }
}
