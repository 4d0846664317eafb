import Foundation
import MWCore
import MWFoundation

/// The members of one record object, read with diagnostics: a wrong type (`schema-type`), a
/// missing required key (`schema-required`), an unknown key (`schema-unknown-key`), a value
/// outside its type (`schema-range`, `json-number-range`), an unreadable date (`date-invalid`).
/// A bad value reads as absent; the record's other values are still read.
struct RecordFields {
    let pointer: String
    let offset: Int
    private var members: [String: JSONNode] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    /// `node` must be an object (the caller reports anything else).
    init(_ node: JSONNode, pointer: String, allowed known: Set<String>) {
        self.pointer = pointer
        offset = node.offset
        guard case .object(let m) = node.value else { return }
        members.reserveCapacity(m.count)
        for (k, v) in m {
            members[k] = v
            if !known.contains(k) {
                diagnostics.append(.error(.schemaUnknownKey, "unknown key \(quoted(k)) (bookstrack-v1 has no such attribute here)",
                                          pointer: pointer + jsonPointer([k]), offset: v.offset))
            }
        }
    }

    private func at(_ key: String) -> String { pointer + jsonPointer([key]) }

    private mutating func typeError(_ key: String, _ node: JSONNode, _ expected: String) {
        diagnostics.append(.error(.schemaType, "\(key) must be \(expected), found \(node.typeName)", pointer: at(key), offset: node.offset))
    }

    private mutating func node(_ key: String, required: Bool) -> JSONNode? {
        guard let n = members[key] else {
            if required { diagnostics.append(.error(.schemaRequired, "missing required key \(quoted(key))", pointer: pointer, offset: offset)) }
            return nil
        }
        return n
    }

    mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let n = node(key, required: required) else { return nil }
        guard case .string(let s) = n.value else { typeError(key, n, "a string"); return nil }
        return s
    }

    /// An integer within `range` (the model's `Int`, or narrower when the attribute is).
    mutating func int(_ key: String, required: Bool = false, range: ClosedRange<Int>? = nil) -> Int? {
        guard let n = node(key, required: required) else { return nil }
        guard case .number(let d, let i) = n.value else { typeError(key, n, "an integer"); return nil }
        guard let i else {
            if d == d.rounded() && d.isFinite {
                diagnostics.append(.error(.jsonNumberRange, "\(key) \(DateCoding.jsonNumber(d)) does not fit a 64-bit integer", pointer: at(key), offset: n.offset))
            } else {
                diagnostics.append(.error(.schemaType, "\(key) must be an integer, found \(DateCoding.jsonNumber(d))", pointer: at(key), offset: n.offset))
            }
            return nil
        }
        if let range, !range.contains(Int(i)) {
            diagnostics.append(.error(.schemaRange, "\(key) \(i) is outside \(range.lowerBound)…\(range.upperBound)", pointer: at(key), offset: n.offset))
            return nil
        }
        return Int(i)
    }

    mutating func double(_ key: String, required: Bool = false) -> Double? {
        guard let n = node(key, required: required) else { return nil }
        guard case .number(let d, _) = n.value else { typeError(key, n, "a number"); return nil }
        guard d.isFinite else {
            diagnostics.append(.error(.jsonNumberRange, "\(key) is beyond the range of a Double", pointer: at(key), offset: n.offset))
            return nil
        }
        return d
    }

    /// An RFC 3339 date-time string.
    mutating func date(_ key: String, required: Bool = false) -> Date? {
        guard let n = node(key, required: required) else { return nil }
        guard case .string(let s) = n.value else { typeError(key, n, "an RFC 3339 date string"); return nil }
        guard let d = DateCoding.parseISO(s) else {
            diagnostics.append(.error(.dateInvalid, "\(key) \(quoted(s)) is not an RFC 3339 date-time", pointer: at(key), offset: n.offset))
            return nil
        }
        return d
    }

    /// An array of strings (absent: empty).
    mutating func strings(_ key: String) -> [String] {
        guard let n = node(key, required: false) else { return [] }
        guard case .array(let items) = n.value else { typeError(key, n, "an array of strings"); return [] }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            if case .string(let s) = item.value { out.append(s); continue }
            diagnostics.append(.error(.schemaType, "\(key)[\(i)] must be a string, found \(item.typeName)",
                                      pointer: at(key) + "/\(i)", offset: item.offset))
        }
        return out
    }

    /// One of an enum's raw values.
    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type, required: Bool = false) -> E? where E.RawValue == String {
        guard let s = string(key, required: required) else { return nil }
        guard let v = E(rawValue: s) else {
            let n = members[key]!
            diagnostics.append(.error(.schemaRange, "\(key) \(quoted(s)) is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))",
                                      pointer: at(key), offset: n.offset))
            return nil
        }
        return v
    }
}
