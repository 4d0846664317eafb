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

/// One read of one document. Its parts, by file: the document and its dialect (+Document),
/// the header (+Header), collections and page release (+Collections), records: fields,
/// building, checks and handing on (+Records, +ListMembers, +Preferences, +FieldSource),
/// typed values (+Values), pointers and structural diagnostics (+Diagnostics).
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
    /// Prefixed to field names while reading the preferences ("preferences/"), which sit at
    /// the top level rather than in a collection.
    var namePrefix = ""
    /// The offsets of the current list's items, for the validator's positions.
    var itemOffsets: [Int] = []
    let mapped = MappedFile.current

    init(bytes: UnsafeRawBufferPointer, options: ReadOptions) {
        self.bytes = bytes
        self.options = options
        s = JSONScanner(bytes: bytes, limits: options.limits)
        locator = FieldLocator(bytes: bytes, limits: options.limits)
        v = Validator(dialect: .v1, locator: locator, maxErrors: options.maxErrors)
    }

    mutating func run() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { s.pos = 3 }
        s.skipWhitespace()
        if s.pos >= s.count {
            v.diags.add(.error(.jsonEmpty, bytes.isEmpty ? "the file is empty" : "the file holds only whitespace", offset: 0))
            return finish(parsed: false)
        }
        // A CSV (another service's export given to convert, validate, stats…) is said to be one,
        // not reported as a JSON syntax error at its first letter (issue 30 §2).
        if let header = csvHeader() {
            v.diags.add(.error(.formatUnrecognized, "not a MediaWatch backup but a CSV (first line \(quoted(header))): another service's export is read by `mwkit import`, which names the service a CSV is closest to", offset: s.pos))
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
}

extension ReadSession {
    /// The first line when the text starts as a CSV header would: not a JSON value's first
    /// byte, and a comma, semicolon or TAB in a printable first line (at most 300 bytes shown).
    func csvHeader() -> String? {
        let start = s.pos
        guard start < bytes.count, !"{[\"-0123456789tfn".utf8.contains(bytes[start]) else { return nil }
        var end = start
        while end < bytes.count, end - start < 4096, bytes[end] != 0x0A, bytes[end] != 0x0D {
            if bytes[end] < 0x09 { return nil }
            end += 1
        }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard line.contains(where: { $0 == "," || $0 == ";" || $0 == "\t" }) else { return nil }
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
