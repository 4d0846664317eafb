import Foundation
import MWCore
import MWFoundation

/// The members of one record object, read with diagnostics: a wrong type (`schema-type`), a
/// missing required key (`schema-required`), an unknown key (`schema-unknown-key`), a value
/// outside its type (`schema-range`, `json-number-range`), an unreadable date (`date-invalid`).
/// A bad value reads as absent; the record's other values are still read.
struct RecordFields {
    /// The collection (`works`) and the record's index in the file: its JSON Pointer, built
    /// only for a diagnostic.
    private let collection: String
    private let index: Int
    var pointer: String { "/\(collection)/\(index)" }
    let offset: Int
    private let keys: KeyTable
    /// The first value of each known key, by its number in `keys`.
    private var slots: [JSONNode?]
    let dates: ReadCache
    private(set) var diagnostics: [Diagnostic] = []

    /// Reads the record object at the scanner (the caller checked it is one), its keys matched
    /// to `keys` on their bytes — no String, no hashing per key, for the millions of keys of a
    /// large library. A key not in `keys` is `schema-unknown-key`; a key repeated in the object
    /// (or in a value inside it) goes to `duplicates` (its pointer and offset), its first value kept.
    init(reading s: inout JSONScanner, collection: String, index: Int, keys: KeyTable, dates: ReadCache,
         duplicates: inout [(String, Int)]) throws {
        self.collection = collection
        self.index = index
        self.keys = keys
        self.dates = dates
        offset = s.pos
        slots = Array(repeating: nil, count: keys.count)
        // The pointer of a member, built only for a duplicate or an unknown key (one string
        // interpolation per record was a cost of every record of a large library).
        func at(_ key: String) -> String { "/\(collection)/\(index)" + jsonPointer([key]) }
        try s.beginObject()
        var first = true
        var seen: UInt64 = 0
        var unknown: Set<String> = []
        while let k = try s.nextKey(first: &first) {
            if let f = try keys.lookup(&s, k) {
                let key = keys.name(f)
                let child = try s.readNode(path: { at(key) }) { duplicates.append(($0, $1)) }
                if seen & (1 << UInt64(f)) == 0 {
                    seen |= 1 << UInt64(f)
                    slots[f] = child
                } else {
                    duplicates.append((at(key), k.start - 1))
                }
            } else {
                let key = try s.decodeString(k)
                let child = try s.readNode(path: { at(key) }) { duplicates.append(($0, $1)) }
                if unknown.insert(key).inserted {
                    diagnostics.append(.error(.schemaUnknownKey, "unknown key \(quoted(key)) (bookstrack has no such attribute here)",
                                              pointer: at(key), offset: child.offset))
                } else {
                    duplicates.append((at(key), k.start - 1))
                }
            }
        }
    }

    private func at(_ key: StaticString) -> String { pointer + jsonPointer([key.description]) }

    /// Which of `keys` the record has, each with its pointer and its value's offset (a
    /// formatVersion 2 key in a file that says 1 is reported by the reader).
    func present(_ keys: [StaticString]) -> [(String, Int)] {
        keys.compactMap { k in self.keys.index(k).flatMap { slots[$0] }.map { (at(k), $0.offset) } }
    }

    private mutating func typeError(_ key: StaticString, _ node: JSONNode, _ expected: String) {
        diagnostics.append(.error(.schemaType, "\(key) must be \(expected), found \(node.typeName)", pointer: at(key), offset: node.offset))
    }

    private mutating func node(_ key: StaticString, required: Bool) -> JSONNode? {
        guard let i = keys.index(key), let n = slots[i] else {
            if required { diagnostics.append(.error(.schemaRequired, "missing required key \(quoted(key.description))", pointer: pointer, offset: offset)) }
            return nil
        }
        return n
    }

    mutating func string(_ key: StaticString, required: Bool = false) -> String? {
        guard let n = node(key, required: required) else { return nil }
        guard case .string(let s) = n.value else { typeError(key, n, "a string"); return nil }
        return s
    }

    /// An integer within `range` (the model's `Int`, or narrower when the attribute is).
    mutating func int(_ key: StaticString, required: Bool = false, range: ClosedRange<Int>? = nil) -> Int? {
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

    mutating func double(_ key: StaticString, required: Bool = false) -> Double? {
        guard let n = node(key, required: required) else { return nil }
        guard case .number(let d, _) = n.value else { typeError(key, n, "a number"); return nil }
        guard d.isFinite else {
            diagnostics.append(.error(.jsonNumberRange, "\(key) is beyond the range of a Double", pointer: at(key), offset: n.offset))
            return nil
        }
        return d
    }

    /// Days written as `"YYYY-MM-DD"` (pointer, offset): formatVersion 2's; errors in a version 1 file.
    private(set) var dayDates: [(String, Int)] = []
    /// Whether ``dayDates`` are noted: only while the file may say formatVersion 1, where they
    /// are errors (a pointer string per date of a 50,000-book library was 16 MB otherwise).
    var noteDays = true

    /// A user's date: RFC 3339, or (formatVersion 2) a day `"YYYY-MM-DD"`, read as its 11:00 UTC
    /// instant (docs/FORMAT.md#days).
    mutating func userDate(_ key: StaticString, required: Bool = false) -> Date? {
        if let n = node(key, required: false), case .string(let s) = n.value, s.utf8.count == 10, let day = DayDate.parse(s) {
            if noteDays { dayDates.append((at(key), n.offset)) }
            return DayDate.instant(ofDay: day)
        }
        return date(key, required: required)
    }

    /// An RFC 3339 date-time string.
    mutating func date(_ key: StaticString, required: Bool = false) -> Date? {
        guard let n = node(key, required: required) else { return nil }
        guard case .string(let s) = n.value else { typeError(key, n, "an RFC 3339 date string"); return nil }
        // Records of one import or backup share their timestamps: the last date read is kept.
        // Compared byte for byte (String == is canonical equivalence).
        if let d = dates.date, sameBytes(s, dates.text) { return d }
        guard let d = DateCoding.parseISO(s) else {
            diagnostics.append(.error(.dateInvalid, "\(key) \(quoted(s)) is not an RFC 3339 date-time", pointer: at(key), offset: n.offset))
            return nil
        }
        dates.text = s
        dates.date = d
        return d
    }

    /// Whether `a` and `b` are the same bytes (`elementsEqual` on the views ran unspecialised:
    /// 20,000 instructions a date, issue 29).
    private func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }
    }

    /// An array of strings (absent: empty).
    mutating func strings(_ key: StaticString) -> [String] {
        guard let n = node(key, required: false) else { return [] }
        guard case .array(let items) = n.value else { typeError(key, n, "an array of strings"); return [] }
        var out: [String] = []
        out.reserveCapacity(items.count)  // exact: most lists hold one or two
        for (i, item) in items.enumerated() {
            if case .string(let s) = item.value { out.append(s); continue }
            diagnostics.append(.error(.schemaType, "\(key)[\(i)] must be a string, found \(item.typeName)",
                                      pointer: at(key) + "/\(i)", offset: item.offset))
        }
        return out
    }

    mutating func bool(_ key: StaticString) -> Bool? {
        guard let n = node(key, required: false) else { return nil }
        guard case .bool(let b) = n.value else { typeError(key, n, "a boolean"); return nil }
        return b
    }

    /// An RFC 3339 date inside an element of an array field; nil (reported) when unreadable.
    private mutating func nestedDate(_ n: JSONNode, _ pointer: String) -> Date? {
        if case .string(let s) = n.value, s.utf8.count == 10, let day = DayDate.parse(s) {
            if noteDays { dayDates.append((pointer, n.offset)) }
            return DayDate.instant(ofDay: day)
        }
        guard case .string(let s) = n.value, let d = DateCoding.parseISO(s) else {
            diagnostics.append(.error(.dateInvalid, "\(pointer) must be an RFC 3339 date-time, found \(n.typeName)", pointer: pointer, offset: n.offset))
            return nil
        }
        return d
    }

    /// The objects of an array field (absent: empty), each as its members; a non-object is reported.
    private mutating func objects(_ key: StaticString) -> [(pointer: String, members: [(key: String, node: JSONNode)])] {
        guard let n = node(key, required: false) else { return [] }
        guard case .array(let items) = n.value else { typeError(key, n, "an array of objects"); return [] }
        var out: [(String, [(key: String, node: JSONNode)])] = []
        for (i, item) in items.enumerated() {
            let p = at(key) + "/\(i)"
            guard case .object(let members) = item.value else {
                diagnostics.append(.error(.schemaType, "\(key)[\(i)] must be an object, found \(item.typeName)", pointer: p, offset: item.offset))
                continue
            }
            out.append((p, members))
        }
        return out
    }

    /// `earlierReads`: `{dateStarted?, dateCompleted?}` objects.
    mutating func readingSessions(_ key: StaticString) -> [ReadingSession] {
        var out: [ReadingSession] = []
        for (p, members) in objects(key) {
            var r = ReadingSession()
            for (k, v) in members {
                switch k {
                case "dateStarted": r.dateStarted = nestedDate(v, p + "/dateStarted")
                case "dateCompleted": r.dateCompleted = nestedDate(v, p + "/dateCompleted")
                default: diagnostics.append(.error(.schemaUnknownKey, "unknown key \(quoted(k)) in a read", pointer: p + jsonPointer([k]), offset: v.offset))
                }
            }
            out.append(r)
        }
        return out
    }

    /// `contributors`: `{name, roles}` objects.
    mutating func contributors(_ key: StaticString) -> [Contributor] {
        var out: [Contributor] = []
        for (p, members) in objects(key) {
            var name: String?, roles: [String] = []
            for (k, v) in members {
                switch (k, v.value) {
                case ("name", .string(let s)): name = s
                case ("roles", .array(let items)):
                    for (i, item) in items.enumerated() {
                        if case .string(let s) = item.value { roles.append(s) } else {
                            diagnostics.append(.error(.schemaType, "roles[\(i)] must be a string, found \(item.typeName)", pointer: p + "/roles/\(i)", offset: item.offset))
                        }
                    }
                case ("name", _), ("roles", _):
                    diagnostics.append(.error(.schemaType, "\(k) must be \(k == "name" ? "a string" : "an array of strings"), found \(v.typeName)", pointer: p + jsonPointer([k]), offset: v.offset))
                default: diagnostics.append(.error(.schemaUnknownKey, "unknown key \(quoted(k)) in a contributor", pointer: p + jsonPointer([k]), offset: v.offset))
                }
            }
            guard let name else {
                diagnostics.append(.error(.schemaRequired, "missing required key \"name\" in a contributor", pointer: p, offset: offset))
                continue
            }
            out.append(Contributor(name: name, roles: roles))
        }
        return out
    }

    /// One of an enum's raw values.
    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ key: StaticString, _: E.Type, required: Bool = false) -> E? where E.RawValue == String {
        guard let s = string(key, required: required) else { return nil }
        guard let v = E(rawValue: s) else {
            let n = node(key, required: false)!
            diagnostics.append(.error(.schemaRange, "\(key) \(quoted(s)) is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))",
                                      pointer: at(key), offset: n.offset))
            return nil
        }
        return v
    }
}

/// What one read remembers across records: the last date string parsed and its value, and
/// the ids met (``intern(_:)``).
final class ReadCache {
    var text = ""
    var date: Date?
    /// Record ids and the references to them, one string each (``intern(_:)``).
    var ids: Set<String> = []

    /// `id`, or the equal string met first: a record's id and every reference to it (an
    /// entry's `workId`, a work's `authorIds`) share one string instead of each holding a copy
    /// read from the file — 13 MB of a 50,000-book library.
    func intern(_ id: String) -> String {
        ids.insert(id).memberAfterInsert
    }
}
