import Foundation
import MWCore

/// What `pack` needs from a backup JSON besides its bytes: the image references (in
/// ``Library/imageReferences`` order) and the export date.
struct BackupSkim {
    var references: [ImageReference]
    var exportDate: Date?
    /// The format the document's top level suggests: v2 when it has a `format` key, else v1
    /// (the validation decides for sure).
    var format: BackupFormat = .mediawatchV1

    /// Reads `url` (an already validated v1 or v2 backup) in one streaming pass over a read-only
    /// mapping, releasing pages behind it, without building the ``Library`` — so packing a large
    /// backup needs memory for its image references only. Throws ``MWError/invalid(_:)`` if the
    /// document is not the JSON object it should be.
    /// - Parameter exportDate: also decode the export date (`format` matters only for that).
    static func read(url: URL, format: BackupFormat, options: ReadOptions, exportDate: Bool = true) throws -> BackupSkim {
        let file = try MappedFile(url: url)
        defer { file.close() }
        var skim: (BackupSkim, ArraySlice<UInt8>?)
        do {
            skim = try file.withBytes { bytes -> (BackupSkim, ArraySlice<UInt8>?) in
                var s = Skimmer(b: bytes, file: file)
                return try s.document()
            }
        } catch {
            throw MWError.failed("\(url.path): not the JSON object of a backup (while collecting image references)")
        }
        // The export date is decoded by MWCore itself (same date rules and --date-encoding), from
        // a one-field document holding the raw value.
        if exportDate, let raw = skim.1 {
            let head = format == .mediawatchV1 ? #"{"version":"1","exportDate":"# : #"{"format":"mediawatch-backup","formatVersion":2,"exportDate":"#
            var doc = Array(head.utf8) + raw
            doc += Array(#","lists":[],"titles":[],"episodes":[],"notes":[]}"#.utf8)
            skim.0.exportDate = BackupIO.read(data: doc, options: options).library?.exportDate
        }
        return skim.0
    }
}

/// A minimal forward-only JSON walker: it extracts `id`, `posterPath`, `backdropPath` and
/// `stillPath` from the records of `titles` and `episodes` and skips everything else. It is
/// bounds-checked and throws on anything unexpected, but it does not validate (BackupIO did).
private struct Skimmer {
    let b: UnsafeRawBufferPointer
    let file: MappedFile
    var i = 0

    struct Bad: Error {}

    mutating func document() throws -> (BackupSkim, ArraySlice<UInt8>?) {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        var titles: [ImageReference] = [], episodes: [ImageReference] = []
        var exportRaw: ArraySlice<UInt8>?
        var hasFormat = false
        try expect(UInt8(ascii: "{"))
        var first = true
        while let key = try nextKey(first: &first) {
            switch key {
            case "titles": titles = try records(.title, ["posterPath": .poster, "backdropPath": .backdrop])
            case "episodes": episodes = try records(.episode, ["stillPath": .still])
            case "format": hasFormat = true; try skipValue()
            case "exportDate":
                let start = i
                try skipValue()
                exportRaw = ArraySlice(UnsafeRawBufferPointer(rebasing: b[start..<i]))
            default: try skipValue()
            }
        }
        var seen = Set<ImageReference>()
        let refs = (titles + episodes).filter { seen.insert($0).inserted }
        return (BackupSkim(references: refs, exportDate: nil, format: hasFormat ? .mediawatchV2 : .mediawatchV1), exportRaw)
    }

    /// The image references of one collection, in record order (path keys in `roles` order
    /// within a record: poster before backdrop, as ``Library/imageReferences``).
    mutating func records(_ entity: EntityKind, _ roles: KeyValuePairs<String, ImageRole>) throws -> [ImageReference] {
        var out: [ImageReference] = []
        guard peek() == UInt8(ascii: "[") else { try skipValue(); return out }
        i += 1
        var firstElement = true
        while try nextElement(first: &firstElement) {
            guard peek() == UInt8(ascii: "{") else { try skipValue(); continue }
            i += 1
            var id: String?
            var paths: [ImageRole: String] = [:]
            var first = true
            while let key = try nextKey(first: &first) {
                if key == "id", peek() == UInt8(ascii: "\"") {
                    id = try string()
                } else if let role = roles.first(where: { $0.key == key })?.value, peek() == UInt8(ascii: "\"") {
                    paths[role] = try string()
                } else {
                    try skipValue()
                }
            }
            if let id {
                for (_, role) in roles {
                    if let p = paths[role], !p.isEmpty { out.append(ImageReference(role: role, tmdbPath: p, entity: entity, recordId: id)) }
                }
            }
            file.releaseBefore(i)
        }
        return out
    }

    // MARK: Structure

    mutating func ws() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    mutating func peek() -> UInt8? {
        ws()
        return i < b.count ? b[i] : nil
    }

    mutating func expect(_ c: UInt8) throws {
        guard peek() == c else { throw Bad() }
        i += 1
    }

    /// The next key of the object whose `{` was consumed (positioned at its value), or nil
    /// after its `}`.
    mutating func nextKey(first: inout Bool) throws -> String? {
        if first {
            first = false
            if peek() == UInt8(ascii: "}") { i += 1; return nil }
        } else {
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return nil
            default: throw Bad()
            }
        }
        guard peek() == UInt8(ascii: "\"") else { throw Bad() }
        let key = try string()
        try expect(UInt8(ascii: ":"))
        _ = peek()
        return key
    }

    /// Whether another element follows in the array whose `[` was consumed.
    mutating func nextElement(first: inout Bool) throws -> Bool {
        if first {
            first = false
            if peek() == UInt8(ascii: "]") { i += 1; return false }
            return true
        }
        switch peek() {
        case UInt8(ascii: ","): i += 1; return true
        case UInt8(ascii: "]"): i += 1; return false
        default: throw Bad()
        }
    }

    /// Skips one value of any kind (containers by bracket depth, strings escape-aware).
    mutating func skipValue() throws {
        guard let c = peek() else { throw Bad() }
        if c == UInt8(ascii: "\"") { try skipString(); return }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
            var depth = 0
            while i < b.count {
                let x = b[i]
                if x == UInt8(ascii: "\"") { try skipString(); continue }
                if x == UInt8(ascii: "{") || x == UInt8(ascii: "[") { depth += 1 }
                else if x == UInt8(ascii: "}") || x == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { i += 1; return }
                }
                i += 1
            }
            throw Bad()
        }
        // Number or literal: up to the next delimiter.
        while i < b.count, !(b[i] == UInt8(ascii: ",") || b[i] == UInt8(ascii: "}") || b[i] == UInt8(ascii: "]")
                             || b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09) { i += 1 }
    }

    mutating func skipString() throws {
        i += 1
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): i += 1; return
            default: i += 1
            }
        }
        throw Bad()
    }

    /// Reads a string value, decoding escapes (`\/` as the app writes paths, `\uXXXX` pairs).
    mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            guard i + 1 < b.count else { throw Bad() }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var v = try hex4()
                if (0xD800..<0xDC00).contains(v), i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let lo = try hex4()
                    v = 0x10000 + ((v - 0xD800) << 10) + (lo &- 0xDC00)
                }
                out += Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8)
            default: out.append(e)   // \" \\ \/
            }
        }
        throw Bad()
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw Bad() }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = b[i + k]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: throw Bad()
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }
}
