import Foundation

/// Typed value readers for ``ReadSession``: each reads the next value if it has the expected
/// type, otherwise reports `schema-type` (naming what it found), skips it and returns nil.
/// The field's name is only worked out when a diagnostic needs it.
extension ReadSession {
    /// Nulls stand for "absent" in v1 (Swift's decoder accepts them for optionals); v2 writes none.
    mutating func takeNull(_ field: @autoclosure () -> String, optional: Bool) throws -> Bool {
        guard s.peekKind() == .null else { return false }
        if optional && dialect == .v1 { try s.readNull(); return true }
        try typeMismatch(field(), expected: optional ? "a value (v2 omits absent keys instead of null)" : "a value")
        return true
    }

    mutating func string(_ field: @autoclosure () -> String, optional: Bool = false) throws -> String? {
        if try takeNull(field(), optional: optional) { return nil }
        guard s.peekKind() == .string else { try typeMismatch(field(), expected: "a string"); return nil }
        return try s.readString()
    }

    /// An optional free-text field no rule inspects: when only validating, it is checked
    /// (type, UTF-8) but not decoded, saving an allocation per record.
    mutating func text(_ field: @autoclosure () -> String) throws -> String? {
        if options.buildLibrary || options.recordSink != nil || s.peekKind() != .string { return try string(field(), optional: true) }
        _ = try s.scanString()
        return nil
    }

    mutating func bool(_ field: @autoclosure () -> String, optional: Bool = false) throws -> Bool? {
        if try takeNull(field(), optional: optional) { return nil }
        guard s.peekKind() == .bool else { try typeMismatch(field(), expected: "a boolean"); return nil }
        return try s.readBool()
    }

    /// Reads an integer within `range` (Int16 fields of the model get the Int16 range).
    mutating func int(_ field: @autoclosure () -> String, optional: Bool = false, range: ClosedRange<Int64> = Int64(Int16.min)...Int64(Int16.max)) throws -> Int64? {
        if try takeNull(field(), optional: optional) { return nil }
        guard s.peekKind() == .number else { try typeMismatch(field(), expected: "an integer"); return nil }
        let off = s.pos
        let t = try s.scanNumber()
        guard let value = s.integerValue(t) else {
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
            let name = field()
            if t.isInteger || !s.doubleValue(t).isFinite || abs(s.doubleValue(t)) >= 9.2e18 {
                error(.jsonNumberRange, "\(name): \(raw) is out of range for a 64-bit integer", field: name, offset: off)
            } else {
                error(.schemaType, "\(name): expected an integer, found \(raw)", field: name, offset: off)
            }
            return nil
        }
        guard range.contains(value) else {
            let name = field()
            error(.schemaRange, "\(name): \(value) is outside \(range.lowerBound)...\(range.upperBound)", field: name, offset: off)
            return nil
        }
        return value
    }

    mutating func double(_ field: @autoclosure () -> String, optional: Bool = false) throws -> Double? {
        if try takeNull(field(), optional: optional) { return nil }
        guard s.peekKind() == .number else { try typeMismatch(field(), expected: "a number"); return nil }
        let off = s.pos
        let t = try s.scanNumber()
        let d = s.doubleValue(t)
        guard d.isFinite else {
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
            let name = field()
            error(.jsonNumberRange, "\(name): \(raw) is out of range for a double", field: name, offset: off)
            return nil
        }
        return d
    }

    /// Reads a date: a number (v1 only, per `--date-encoding`) or an ISO 8601 / RFC 3339 string.
    mutating func date(_ field: @autoclosure () -> String, optional: Bool = false) throws -> Date? {
        if try takeNull(field(), optional: optional) { return nil }
        let off = s.pos
        switch s.peekKind() {
        case .number where dialect == .v1:
            let t = try s.scanNumber()
            let d = s.doubleValue(t)
            guard d.isFinite else {
                let name = field()
                error(.jsonNumberRange, "\(name): date number out of range", field: name, offset: off)
                return nil
            }
            guard let date = DateCoding.date(fromNumber: d, encoding: options.dateEncoding) else {
                let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
                let name = field()
                error(.dateInvalid, "\(name): numeric date \(raw) but --date-encoding iso8601 expects strings", field: name, offset: off)
                return nil
            }
            // A date no RFC 3339 text can hold (years 1–9999) could never be written back.
            guard DateCoding.isRepresentable(date) else {
                let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self)
                let name = field()
                error(.dateInvalid, "\(name): numeric date \(raw) is outside the years 1–9999", field: name, offset: off)
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
                let name = field()
                error(.dateInvalid, "\(name): \(quoted(raw)) is not an ISO 8601 date-time", field: name, offset: off)
                return nil
            }
            return parsed
        default:
            try typeMismatch(field(), expected: dialect == .v1 ? "a date (number or ISO 8601 string)" : "an RFC 3339 date string")
            return nil
        }
    }

    mutating func stringArray(_ field: @autoclosure () -> String, optional: Bool = false) throws -> [String]? {
        if try takeNull(field(), optional: optional) { return nil }
        guard s.peekKind() == .array else { try typeMismatch(field(), expected: "an array of strings"); return nil }
        try s.beginArray()
        var out: [String] = []
        var first = true
        var i = 0
        while try s.nextElement(first: &first) {
            if s.peekKind() == .string { out.append(try s.readString()) } else { try typeMismatch("\(field())/\(i)", expected: "a string") }
            i += 1
        }
        return out
    }
}
