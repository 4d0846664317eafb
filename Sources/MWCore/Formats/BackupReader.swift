import Foundation

/// Reads a v1 or v2 backup JSON in one streaming pass into a ``Library`` (optional) while
/// the ``Validator`` checks every record. Structural problems (wrong types, missing keys,
/// duplicate keys, unknown keys) are reported and reading goes on; only a JSON syntax error
/// stops it. The top level is pre-scanned first so header fields (format, exportDate) are
/// known before the records, whatever the key order.
enum BackupReader {
    static func read(_ bytes: UnsafeRawBufferPointer, options: ReadOptions) -> ReadResult {
        var session = ReadSession(bytes: bytes, options: options)
        session.run()
        return session.result
    }
}

/// A top-level key, the offset of its quote and of its value.
typealias TopEntry = (key: String, keyOffset: Int, value: Int)

struct ReadSession {
    var s: JSONScanner
    let bytes: UnsafeRawBufferPointer
    let options: ReadOptions
    let locator: FieldLocator
    var v: Validator
    var dialect: Dialect = .v1
    var lib = Library()
    var result = ReadResult()
    // Where we are, for JSON Pointers.
    var coll = ""
    var idx = 0
    var sub: String?
    var subIdx = 0
    let mapped = MappedFile.current

    init(bytes: UnsafeRawBufferPointer, options: ReadOptions) {
        self.bytes = bytes
        self.options = options
        s = JSONScanner(bytes: bytes, limits: options.limits)
        locator = FieldLocator(bytes: bytes, limits: options.limits)
        v = Validator(dialect: .v1, locator: locator, maxErrors: options.maxErrors)
    }

    // MARK: Pointers and diagnostics

    /// The JSON Pointer of the current record plus `field` (a path below it, already escaped).
    func pointer(_ field: String?) -> String {
        var p = coll.isEmpty ? "" : "/\(coll)/\(idx)"
        if let sub { p += "/\(sub)/\(subIdx)" }
        if let field { p += "/" + field }
        return p
    }

    mutating func error(_ code: DiagnosticCode, _ msg: String, field: String?, offset: Int) {
        v.diags.add(.error(code, msg, pointer: pointer(field), offset: offset))
    }

    mutating func warning(_ code: DiagnosticCode, _ msg: String, field: String?, offset: Int) {
        v.diags.add(.warning(code, msg, pointer: pointer(field), offset: offset))
    }

    // MARK: Driver

    mutating func run() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { s.pos = 3 }
        s.skipWhitespace()
        if s.pos >= s.count {
            v.diags.add(.error(.jsonEmpty, bytes.isEmpty ? "the file is empty" : "the file holds only whitespace", offset: 0))
            return finish(parsed: false)
        }
        do {
            try readDocument()
            finish(parsed: true)
        } catch let e as JSONError {
            v.diags.add(.error(e.code, e.message, pointer: coll.isEmpty ? "" : pointer(nil), offset: e.offset))
            finish(parsed: false)
        } catch {
            v.diags.add(.error(.jsonSyntax, "\(error)", offset: s.pos))
            finish(parsed: false)
        }
    }

    mutating func finish(parsed: Bool) {
        if parsed && result.format != nil { v.finish() }
        // Report in document order (stable, so equal positions keep their finding order).
        var d = v.diags.items.enumerated().sorted {
            ($0.element.offset ?? Int.max, $0.offset) < ($1.element.offset ?? Int.max, $1.offset)
        }.map(\.element)
        SourcePosition.resolve(&d, in: bytes)
        result.diagnostics = d
        if parsed && result.format != nil && options.buildLibrary { result.library = lib }
    }

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

        // Detect the dialect.
        if let fOff = top["format"] {
            s.pos = fOff
            let marker = s.peekKind() == .string ? try s.readString() : nil
            guard marker == "mediawatch-backup" else {
                v.diags.add(.error(.formatUnrecognized, "\"format\" is \(marker.map { quoted($0) } ?? "not a string"), expected \"mediawatch-backup\"", pointer: "/format", offset: fOff))
                return
            }
            dialect = .v2
            result.format = .mediawatchV2
            guard let vOff = top["formatVersion"] else {
                v.diags.add(.error(.schemaRequired, "missing required key \"formatVersion\"", pointer: "", offset: 0))
                return
            }
            s.pos = vOff
            var version: Int64?
            if s.peekKind() == .number { let t = try s.scanNumber(); version = s.integerValue(t) }
            result.formatVersion = version.map { Int($0) }
            guard version == 2 else {
                result.format = nil
                v.diags.add(.error(.formatUnknownVersion, "formatVersion \(version.map(String.init) ?? "(not an integer)") is not supported (this mwkit reads 1 and 2)", pointer: "/formatVersion", offset: vOff))
                return
            }
        } else if ["version", "exportDate", "lists", "titles", "episodes", "notes"].contains(where: { top[$0] != nil }) {
            dialect = .v1
            result.format = .mediawatchV1
            result.formatVersion = 1
        } else {
            v.diags.add(.error(.formatUnrecognized, "not a MediaWatch backup: no \"format\" marker (v2) and none of the ExportData keys (v1)", offset: entries.first?.keyOffset ?? 0))
            return
        }
        v.dialect = dialect
        try readHeader(top, entries: entries, inOrderFrom: stoppedEarly ? entries.last : nil)
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

    static let collections: Set<String> = ["lists", "titles", "episodes", "notes"]

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
