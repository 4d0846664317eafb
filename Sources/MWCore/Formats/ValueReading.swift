import Foundation

/// Typed value readers for ``ReadSession``: each reads the next value if it has the expected
/// type, otherwise reports `schema-type` (naming what it found), skips it and returns nil.
extension ReadSession {
    func kindName(_ k: JSONScanner.Kind) -> String {
        switch k {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .end: return "end of input"
        case .invalid: return "an invalid token"
        }
    }

    /// Nulls stand for "absent" in v1 (Swift's decoder accepts them for optionals); v2 writes none.
    mutating func takeNull(_ field: String, optional: Bool) throws -> Bool {
        guard s.peekKind() == .null else { return false }
        if optional && dialect == .v1 { try s.readNull(); return true }
        try typeMismatch(field, expected: optional ? "a value (v2 omits absent keys instead of null)" : "a value")
        return true
    }

    /// Reports a wrong-typed element of the current collection (the record itself, not a field).
    mutating func elementMismatch(expected: String) throws {
        let off = s.pos
        let k = s.peekKind()
        try s.skipValue()
        error(.schemaType, "expected \(expected), found \(kindName(k))", field: nil, offset: off)
    }

    mutating func typeMismatch(_ field: String, expected: String) throws {
        let off = s.pos
        let k = s.peekKind()
        var found = kindName(k)
        if k == .string || k == .number {
            let start = s.pos
            try s.skipValue()
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(s.pos, start + 60)]), as: UTF8.self)
            found += " (\(raw)\(s.pos - start > 60 ? "…" : ""))"
        } else {
            try s.skipValue()
        }
        error(.schemaType, "\(field): expected \(expected), found \(found)", field: field, offset: off)
    }

    mutating func string(_ field: String, optional: Bool = false) throws -> String? {
        if try takeNull(field, optional: optional) { return nil }
        guard s.peekKind() == .string else { try typeMismatch(field, expected: "a string"); return nil }
        return try s.readString()
    }

    /// An optional free-text field no rule inspects: when only validating, it is checked
    /// (type, UTF-8) but not decoded, saving an allocation per record.
    mutating func text(_ field: String) throws -> String? {
        if options.buildLibrary || options.recordSink != nil || s.peekKind() != .string { return try string(field, optional: true) }
        _ = try s.scanString()
        return nil
    }

    mutating func bool(_ field: String, optional: Bool = false) throws -> Bool? {
        if try takeNull(field, optional: optional) { return nil }
        guard s.peekKind() == .bool else { try typeMismatch(field, expected: "a boolean"); return nil }
        return try s.readBool()
    }

    /// Reads an integer within `range` (Int16 fields of the model get the Int16 range).
    mutating func int(_ field: String, optional: Bool = false, range: ClosedRange<Int64> = Int64(Int16.min)...Int64(Int16.max)) throws -> Int64? {
        if try takeNull(field, optional: optional) { return nil }
        guard s.peekKind() == .number else { try typeMismatch(field, expected: "an integer"); return nil }
        let off = s.pos
        let t = try s.scanNumber()
        guard let value = s.integerValue(t) else {
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
            if t.isInteger || !s.doubleValue(t).isFinite || abs(s.doubleValue(t)) >= 9.2e18 {
                error(.jsonNumberRange, "\(field): \(raw) is out of range for a 64-bit integer", field: field, offset: off)
            } else {
                error(.schemaType, "\(field): expected an integer, found \(raw)", field: field, offset: off)
            }
            return nil
        }
        guard range.contains(value) else {
            error(.schemaRange, "\(field): \(value) is outside \(range.lowerBound)...\(range.upperBound)", field: field, offset: off)
            return nil
        }
        return value
    }

    mutating func double(_ field: String, optional: Bool = false) throws -> Double? {
        if try takeNull(field, optional: optional) { return nil }
        guard s.peekKind() == .number else { try typeMismatch(field, expected: "a number"); return nil }
        let off = s.pos
        let t = try s.scanNumber()
        let d = s.doubleValue(t)
        guard d.isFinite else {
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
            error(.jsonNumberRange, "\(field): \(raw) is out of range for a double", field: field, offset: off)
            return nil
        }
        return d
    }

    /// Reads a date: a number (v1 only, per `--date-encoding`) or an ISO 8601 / RFC 3339 string.
    mutating func date(_ field: String, optional: Bool = false) throws -> Date? {
        if try takeNull(field, optional: optional) { return nil }
        let off = s.pos
        switch s.peekKind() {
        case .number where dialect == .v1:
            let t = try s.scanNumber()
            let d = s.doubleValue(t)
            guard d.isFinite else {
                error(.jsonNumberRange, "\(field): date number out of range", field: field, offset: off)
                return nil
            }
            guard let date = DateCoding.date(fromNumber: d, encoding: options.dateEncoding) else {
                let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
                error(.dateInvalid, "\(field): numeric date \(raw) but --date-encoding iso8601 expects strings", field: field, offset: off)
                return nil
            }
            return date
        case .string:
            let r = try s.scanString()
            let parsed: Date?
            if r.escaped {
                parsed = DateCoding.parseISO(try s.decodeString(r))
            } else {
                parsed = DateCoding.parseISO(UnsafeBufferPointer(start: s.base + r.start, count: r.end - r.start))
            }
            guard let parsed else {
                let raw = try s.decodeString(r)
                error(.dateInvalid, "\(field): \(quoted(raw)) is not an ISO 8601 date-time", field: field, offset: off)
                return nil
            }
            return parsed
        default:
            try typeMismatch(field, expected: dialect == .v1 ? "a date (number or ISO 8601 string)" : "an RFC 3339 date string")
            return nil
        }
    }

    mutating func stringArray(_ field: String, optional: Bool = false) throws -> [String]? {
        if try takeNull(field, optional: optional) { return nil }
        guard s.peekKind() == .array else { try typeMismatch(field, expected: "an array of strings"); return nil }
        try s.beginArray()
        var out: [String] = []
        var first = true
        var i = 0
        while try s.nextElement(first: &first) {
            if s.peekKind() == .string { out.append(try s.readString()) } else { try typeMismatch("\(field)/\(i)", expected: "a string") }
            i += 1
        }
        return out
    }

    /// Reports an unknown key (warning in v1, error in v2) and skips its value.
    mutating func unknownKey(_ r: (start: Int, end: Int, escaped: Bool)) throws {
        let name = try s.decodeString(r)
        let off = r.start - 1
        if dialect == .v1 {
            warning(.schemaUnknownKey, "unknown key \(quoted(name)) ignored", field: escapePointer(name), offset: off)
        } else {
            error(.schemaUnknownKey, "unknown key \(quoted(name))", field: escapePointer(name), offset: off)
        }
        try s.skipValue()
    }

    /// Reports a repeated key and skips its value (the first occurrence wins).
    mutating func duplicateKey(_ r: (start: Int, end: Int, escaped: Bool)) throws {
        let name = try s.decodeString(r)
        error(.jsonDuplicateKey, "duplicate key \(quoted(name))", field: escapePointer(name), offset: r.start - 1)
        try s.skipValue()
    }

    /// Reports required keys missing from the object that started at `offset`.
    mutating func requireKeys(_ table: KeyTable, seen: UInt64, required: [Int], offset: Int) {
        for f in required where seen & (1 << UInt64(f)) == 0 {
            error(.schemaRequired, "missing required key \(quoted(table.name(f)))", field: nil, offset: offset)
        }
    }
}

/// Escapes a key for use as a JSON Pointer reference token (RFC 6901).
func escapePointer(_ s: String) -> String {
    s.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}
