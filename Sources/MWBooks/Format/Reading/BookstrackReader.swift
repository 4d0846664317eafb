import Foundation
import MWCore
import MWFoundation

/// Reads a `bookstrack-v1` or `-v2` document (docs/BOOKS.md) into a ``BookLibrary`` while checking it:
/// structure record by record (each record is read into a small tree on the shared
/// ``JSONScanner`` and decoded), then the docs/SPEC.md Part II invariants over the whole library
/// (``BookValidator``). Every finding has a JSON Pointer and, through the record offsets kept
/// while reading, a line and column. Only a JSON syntax error stops the read.
public enum BookstrackReader {
    /// Reads `bytes` (a whole document).
    public static func read(_ bytes: UnsafeRawBufferPointer, options: ReadOptions = .init()) -> BookReadResult {
        var session = Session(bytes: bytes, limits: options.limits)
        session.run()
        return session.finish(maxErrors: options.maxErrors)
    }

    /// Reads the file at `url`.
    public static func read(url: URL, options: ReadOptions = .init()) throws -> BookReadResult {
        let file = try MappedFile(url: url)
        defer { file.close() }
        return file.withBytes { read($0, options: options) }
    }

    /// Reads in-memory bytes.
    public static func read(data: [UInt8], options: ReadOptions = .init()) -> BookReadResult {
        data.withUnsafeBytes { read($0, options: options) }
    }

    private struct Session {
        let bytes: UnsafeRawBufferPointer
        var s: JSONScanner
        let locator: FieldLocator
        var diags: [Diagnostic] = []
        var lib = BookLibrary()
        var marker: String?
        var markerOffset = 0
        var version: Int?
        var versionOffset = 0
        var parsed = false
        var sawObject = false
        /// Offsets of the records kept, per collection (parallel to the library's arrays).
        var offsets: [String: [Int]] = [:]
        /// The last date read (``RecordFields``).
        let dates = ReadCache()
        /// The mapped file being read, if it is one.
        let mapped = MappedFile.current

        init(bytes: UnsafeRawBufferPointer, limits: JSONLimits) {
            self.bytes = bytes
            s = JSONScanner(bytes: bytes, limits: limits)
            locator = FieldLocator(bytes: bytes, limits: limits)
        }

        mutating func run() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { s.pos = 3 }
            s.skipWhitespace()
            if s.pos >= s.count {
                diags.append(.error(.jsonEmpty, bytes.isEmpty ? "the file is empty" : "the file holds only whitespace", offset: 0))
                return
            }
            do {
                try document()
                try s.expectEnd()
                parsed = true
            } catch let e as JSONError {
                diags.append(.error(e.code, e.message, offset: e.offset))
            } catch {
                diags.append(.error(.jsonSyntax, "\(error)", offset: s.pos))
            }
        }

        mutating func document() throws {
            guard s.peekKind() == .object else {
                let n = try s.readNode(pointer: "", duplicate: { _, _ in })
                diags.append(.error(.formatUnrecognized, "a bookstrack backup is a JSON object, found \(n.typeName)", offset: n.offset))
                return
            }
            sawObject = true
            try s.beginObject()
            var first = true
            var seen = Set<String>()
            while let k = try s.nextKey(first: &first) {
                let key = try s.decodeString(k)
                s.skipWhitespace()
                guard seen.insert(key).inserted else {
                    diags.append(.error(.jsonDuplicateKey, "key \(quoted(key)) appears twice in the top-level object; the first is used",
                                        pointer: jsonPointer([key]), offset: k.start - 1))
                    try s.skipValue()
                    continue
                }
                switch key {
                case "works", "editions", "authors", "entries": try collection(key)
                default: try header(key)
                }
            }
        }

        /// A top-level value that is not a collection.
        mutating func header(_ key: String) throws {
            let n = try node(jsonPointer([key]))
            switch (key, n.value) {
            case ("format", .string(let v)): marker = v; markerOffset = n.offset
            case ("format", _): markerOffset = n.offset
            case ("formatVersion", .number(_, let i)): version = i.map(Int.init) ?? -1; versionOffset = n.offset
            case ("formatVersion", _):
                diags.append(.error(.schemaType, "formatVersion must be an integer, found \(n.typeName)", pointer: "/formatVersion", offset: n.offset))
            case ("exportDate", .string(let v)):
                if let d = DateCoding.parseISO(v) { lib.exportDate = d } else {
                    diags.append(.error(.dateInvalid, "exportDate \(quoted(v)) is not an RFC 3339 date-time", pointer: "/exportDate", offset: n.offset))
                }
            case ("exportDate", _):
                diags.append(.error(.schemaType, "exportDate must be an RFC 3339 date string, found \(n.typeName)", pointer: "/exportDate", offset: n.offset))
            default:
                diags.append(.error(.schemaUnknownKey, "unknown top-level key \(quoted(key))", pointer: jsonPointer([key]), offset: n.offset))
            }
        }

        /// Keys repeated inside records (pointer, offset), reported at the end.
        var dups: [(String, Int)] = []

        /// The next value as a tree, its repeated keys noted.
        mutating func node(_ pointer: String) throws -> JSONNode {
            var found: [(String, Int)] = []
            defer { dups += found }
            return try s.readNode(pointer: pointer) { found.append(($0, $1)) }
        }

        /// One of the four arrays, record by record.
        mutating func collection(_ key: String) throws {
            guard s.peekKind() == .array else {
                let n = try node("/" + key)
                diags.append(.error(.schemaType, "\(key) must be an array, found \(n.typeName)", pointer: "/" + key, offset: n.offset))
                return
            }
            try s.beginArray()
            var first = true
            var index = 0
            var kept: [Int] = []
            let table: KeyTable
            switch key {
            case "works": table = BookstrackKeys.workKeys
            case "editions": table = BookstrackKeys.editionKeys
            case "authors": table = BookstrackKeys.authorKeys
            default: table = BookstrackKeys.entryKeys
            }
            while try s.nextElement(first: &first) {
                index += 1
                // Pages read are handed back to the kernel as the reading goes (re-read from
                // the file should a diagnostic need them): the mapping of a large library
                // would otherwise stay in memory beside the library read from it.
                if index & 255 == 0 { mapped?.releaseBefore(s.pos) }
                s.skipWhitespace()
                guard s.peekKind() == .object else {
                    let pointer = "/\(key)/\(index - 1)"
                    let node = try node(pointer)
                    diags.append(.error(.schemaType, "a record of \(key) must be an object, found \(node.typeName)", pointer: pointer, offset: node.offset))
                    continue
                }
                var f = try RecordFields(reading: &s, collection: key, index: index - 1, keys: table, dates: dates, duplicates: &dups)
                // A later version's attributes are errors only in a file that says version 1:
                // with the version read first (as mwkit writes it), they are not collected.
                let maybeV1 = version == nil || version == 1
                f.noteDays = maybeV1
                if maybeV1 { v2Keys += f.present(key == "entries" ? BookstrackKeys.entryV2 : key == "editions" ? BookstrackKeys.editionV2 : []) }
                var ok = false
                switch key {
                case "works":
                    if let r = f.work() { lib.works.append(r); ok = true }
                case "editions":
                    if let r = f.edition() { lib.editions.append(r); ok = true }
                case "authors":
                    if let r = f.author() { lib.authors.append(r); ok = true }
                default:
                    if let r = f.entry() { lib.entries.append(r); ok = true }
                }
                diags += f.diagnostics
                dayDates += f.dayDates
                // The pointer of a kept record is its index in the file, which differs from
                // its index in the library once a record was left out.
                if ok { kept.append(f.offset); indexes[key, default: []].append(index - 1) }
            }
            offsets[key] = kept
        }

        /// The formatVersion 2 attributes met (pointer, offset): errors in a version 1 file.
        var v2Keys: [(String, Int)] = []
        /// Dates written as days (pointer, offset): formatVersion 2's; errors in a version 1 file.
        var dayDates: [(String, Int)] = []

        /// File index of each kept record, per collection.
        var indexes: [String: [Int]] = [:]

        mutating func finish(maxErrors: Int?) -> BookReadResult {
            var result = BookReadResult()
            for (p, o) in dups {
                diags.append(.error(.jsonDuplicateKey, "a key repeated in one object (\(p)); the first is used", pointer: p, offset: o))
            }
            if parsed || sawObject {
                if marker != BookstrackFormat.marker {
                    let found = marker.map { quoted($0) } ?? "none"
                    diags = diags.filter { $0.code.hasPrefix("json-") }
                    diags.append(.error(.formatUnrecognized, "not a bookstrack backup: \"format\" must be \"\(BookstrackFormat.marker)\" (found \(found))",
                                        pointer: marker == nil ? "" : "/format", offset: marker == nil ? 0 : markerOffset))
                } else if version == nil || !BookstrackFormat.versions.contains(version!) {
                    result.format = BookstrackFormat.name
                    result.formatVersion = version
                    diags = diags.filter { $0.code.hasPrefix("json-") }
                    let what = version.map { $0 == -1 ? "not an integer" : String($0) } ?? "missing"
                    diags.append(.error(version == nil ? .schemaRequired : .formatUnknownVersion,
                                        version == nil ? "missing required key \"formatVersion\"" : "formatVersion \(what): this mwkit reads bookstrack-v1 and -v2 (formatVersion 1 and 2)",
                                        pointer: version == nil ? "" : "/formatVersion", offset: version == nil ? 0 : versionOffset))
                } else {
                    result.format = BookstrackFormat.formatName(version: version!)
                    result.formatVersion = version
                    if version == 1 {
                        for (p, o) in v2Keys {
                            diags.append(.error(.schemaUnknownKey, "\(p.split(separator: "/").last.map(String.init) ?? p) is a bookstrack-v2 attribute; this file says formatVersion 1",
                                                pointer: p, offset: o))
                        }
                        for (p, o) in dayDates {
                            diags.append(.error(.dateInvalid, "\(p.split(separator: "/").last.map(String.init) ?? p) is a day without a time, which only bookstrack-v2 holds; this file says formatVersion 1 (the app reads RFC 3339 instants)",
                                                pointer: p, offset: o))
                        }
                    }
                    if parsed {
                        let offsets = self.offsets, locator = self.locator
                        var found = BookValidator.validate(lib) { place in
                            guard let o = offsets[place.collection], place.index < o.count else { return nil }
                            return BookstrackReader.offset(of: place, record: o[place.index], locator: locator)
                        }
                        // Pointers name the record's index in the file.
                        for i in found.indices { found[i].pointer = Self.fileIndexed(found[i].pointer, indexes) }
                        diags += found
                        result.library = lib
                    }
                }
            }
            var d = diags.enumerated().sorted {
                ($0.element.offset ?? Int.max, $0.offset) < ($1.element.offset ?? Int.max, $1.offset)
            }.map(\.element)
            if let cap = maxErrors {
                var errors = 0
                var capped: [Diagnostic] = []
                for x in d {
                    if x.severity == .error { errors += 1; if errors > cap { continue } }
                    capped.append(x)
                }
                if errors > cap { capped.append(.error(.limitReached, "stopped after \(cap) errors (\(errors - cap) more not shown)")) }
                d = capped
            }
            SourcePosition.resolve(&d, in: bytes)
            result.diagnostics = d
            return result
        }

        /// The validator names records by their index in the library; the file's index differs
        /// when a record before it could not be read (`/works/3` → `/works/4`).
        static func fileIndexed(_ pointer: String, _ indexes: [String: [Int]]) -> String {
            let parts = pointer.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 3, let map = indexes[String(parts[1])], let i = Int(parts[2].prefix { $0 != "/" }),
                  i < map.count, map[i] != i else { return pointer }
            let rest = parts[2].drop { $0 != "/" }
            return "/\(parts[1])/\(map[i])\(rest)"
        }
    }

    /// Where a validator finding sits: the record's offset, or its field's value, or an
    /// element of an array field.
    static func offset(of place: BookPlace, record: Int, locator: FieldLocator) -> Int? {
        guard let key = place.key else { return record }
        guard let v = locator.valueOffset(object: record, key: key) else { return record }
        guard let element = place.element else { return v }
        var s = JSONScanner(bytes: locator.bytes, limits: locator.limits, start: v)
        do {
            try s.beginArray()
            var first = true
            var i = 0
            while try s.nextElement(first: &first) {
                s.skipWhitespace()
                if i == element { return s.pos }
                try s.skipValue()
                i += 1
            }
        } catch {}
        return v
    }
}

/// What reading a books backup produced: the library (nil when the document could not be
/// read as one) and every diagnostic in document order.
public struct BookReadResult: Sendable {
    /// `bookstrack-v1` or `-v2` when the marker was found (by its formatVersion).
    public var format: BackupFormat?
    public var formatVersion: Int?
    public var library: BookLibrary?
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// No errors (warnings allowed).
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }
}
