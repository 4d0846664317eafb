import Foundation

/// Where the reader is, as a JSON Pointer, and the structural diagnostics: wrong types,
/// unknown and repeated keys.
extension ReadSession {
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

    /// Reports a wrong-typed element of the current collection (the record itself, not a field).
    mutating func elementMismatch(expected: String) throws {
        let off = s.pos
        let k = s.peekKind()
        try s.skipValue()
        error(.schemaType, "expected \(expected), found \(k.phrase)", field: nil, offset: off)
    }

    /// Reports a wrong-typed value (quoting the start of a string or number) and skips it.
    mutating func typeMismatch(_ field: String, expected: String) throws {
        let off = s.pos
        let k = s.peekKind()
        var found = k.phrase
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

    /// Reports an unknown key (warning in v1, error in v2 and in the preferences) and skips its value.
    mutating func unknownKey(_ r: (start: Int, end: Int, escaped: Bool)) throws {
        let name = try s.decodeString(r)
        let off = r.start - 1
        if !namePrefix.isEmpty {
            v.diags.add(.error(.schemaUnknownKey, "unknown key \(quoted(name))", pointer: "/" + namePrefix + name, offset: off))
        } else if dialect == .v1 {
            warning(.schemaUnknownKey, "unknown key \(quoted(name)) ignored", field: escapePointer(name), offset: off)
        } else {
            error(.schemaUnknownKey, "unknown key \(quoted(name))", field: escapePointer(name), offset: off)
        }
        try s.skipValue()
    }

    /// Reports a repeated key and skips its value (the first occurrence wins).
    mutating func duplicateKey(_ r: (start: Int, end: Int, escaped: Bool)) throws {
        let name = try s.decodeString(r)
        error(.jsonDuplicateKey, "duplicate key \(quoted(name))", field: namePrefix + escapePointer(name), offset: r.start - 1)
        try s.skipValue()
    }
}

/// Escapes a key for use as a JSON Pointer reference token (RFC 6901).
func escapePointer(_ s: String) -> String {
    s.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}
