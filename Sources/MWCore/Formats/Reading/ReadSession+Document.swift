import Foundation

/// A top-level key, the offset of its quote and of its value.
typealias TopEntry = (key: String, keyOffset: Int, value: Int)

/// The document: the pre-scan of the top-level object and the dialect it shows.
extension ReadSession {
    static let collections: Set<String> = ["lists", "titles", "episodes", "notes"]

    /// Top level: pre-scan keys, detect the dialect, then read header fields and collections.
    mutating func readDocument() throws {
        guard s.peekKind() == .object else {
            if s.peekKind() == .invalid { throw s.unexpectedValue() }
            let off = s.pos
            try s.skipValue()
            try s.expectEnd()
            v.diags.add(.error(.formatUnrecognized, "not a MediaWatch backup: the top level is not a JSON object", offset: off))
            return
        }
        // Pre-scan: key → value offset. Collections are skipped by bracket counting (the main
        // pass validates them); if that fails, a strict pre-scan finds the exact error.
        let root = s.pos
        var entries: [TopEntry]
        var stoppedEarly = false
        do {
            (entries, stoppedEarly) = try prescan(fast: true)
        } catch {
            s.pos = root
            s.depth = 0
            (entries, _) = try prescan(fast: false)
        }
        let top = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard try detectDialect(top, entries) else { return }
        v.dialect = dialect
        try readHeader(top, entries: entries, inOrderFrom: stoppedEarly ? entries.last : nil)
    }

    /// Sets the dialect and format from the top-level keys; false (with a diagnostic) when
    /// the document is not a backup this mwkit reads.
    mutating func detectDialect(_ top: [String: Int], _ entries: [TopEntry]) throws -> Bool {
        if let fOff = top["format"] {
            s.pos = fOff
            let marker = s.peekKind() == .string ? try s.readString() : nil
            guard marker == "mediawatch-backup" else {
                v.diags.add(.error(.formatUnrecognized, "\"format\" is \(marker.map { quoted($0) } ?? "not a string"), expected \"mediawatch-backup\"", pointer: "/format", offset: fOff))
                return false
            }
            dialect = .v2
            result.format = .mediawatchV2
            guard let vOff = top["formatVersion"] else {
                v.diags.add(.error(.schemaRequired, "missing required key \"formatVersion\"", pointer: "", offset: 0))
                return false
            }
            s.pos = vOff
            var version: Int64?
            if s.peekKind() == .number { let t = try s.scanNumber(); version = s.integerValue(t) }
            result.formatVersion = version.map { Int($0) }
            guard let lossless = Dialect(formatVersion: version) else {
                result.format = nil
                v.diags.add(.error(.formatUnknownVersion, "formatVersion \(version.map(String.init) ?? "(not an integer)") is not supported (this mwkit reads 1, 2, 3, 4 and 5)", pointer: "/formatVersion", offset: vOff))
                return false
            }
            dialect = lossless
            return true
        }
        if ["version", "exportDate", "lists", "titles", "episodes", "notes"].contains(where: { top[$0] != nil }) {
            dialect = .v1
            result.format = .mediawatchV1
            result.formatVersion = 1
            return true
        }
        v.diags.add(.error(.formatUnrecognized, "not a MediaWatch backup: no \"format\" marker (v2) and none of the ExportData keys (v1)", offset: entries.first?.keyOffset ?? 0))
        return false
    }

    /// Reads the top-level object's keys and value offsets, reporting duplicate keys.
    ///
    /// The fast pre-scan stops early, at the first collection, once the keys that reading
    /// records depends on (`format`, `formatVersion`, `exportDate`) have all been seen — as in
    /// every v2 file mwkit writes. The rest of the object is then read in one pass, in order
    /// (``readInOrder(from:entries:)``): a large backup is not walked twice, and its first
    /// records reach a ``RecordSink`` at once instead of after a scan of the whole file.
    mutating func prescan(fast: Bool) throws -> (entries: [TopEntry], stoppedEarly: Bool) {
        var entries: [TopEntry] = []
        var dupes: [Diagnostic] = []
        try s.beginObject()
        var first = true
        while true {
            let keyOff = s.pos
            guard let k = try s.nextKey(first: &first) else { break }
            let name = try s.decodeString(k)
            s.skipWhitespace()
            if entries.contains(where: { $0.key == name }) {
                dupes.append(duplicateTopKey(name, keyOff))
            } else {
                entries.append((name, keyOffset(after: keyOff), s.pos))
            }
            let collection = ReadSession.collections.contains(name)
            if fast && collection && s.peekKind() == .array && entries.last?.key == name
                && ["format", "formatVersion", "exportDate"].allSatisfy({ h in entries.contains { $0.key == h } }) {
                for d in dupes { v.diags.add(d) }
                return (entries, true)
            }
            if fast && collection && (s.peekKind() == .array || s.peekKind() == .object) {
                try s.fastSkipContainer(mapped: mapped)
            } else {
                try s.skipValue()
            }
        }
        try s.expectEnd()
        for d in dupes { v.diags.add(d) }
        return (entries, false)
    }

    func duplicateTopKey(_ name: String, _ keyOff: Int) -> Diagnostic {
        .error(.jsonDuplicateKey, "duplicate key \(quoted(name)) at the top level", pointer: "/" + escapePointer(name), offset: keyOffset(after: keyOff))
    }

    /// The offset of a key's opening quote, given the offset before its separator.
    func keyOffset(after off: Int) -> Int {
        var i = off
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
        return i
    }
}
