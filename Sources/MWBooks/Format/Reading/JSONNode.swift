import MWFoundation

/// One JSON value of a record with the byte offset where it starts, so every diagnostic about
/// it gets a line and column. The books reader builds one small tree per record (a work, an
/// edition…) on the shared ``JSONScanner`` and drops it once the record is decoded.
struct JSONNode {
    enum Value {
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
        case string(String)
        /// The number as a Double and, when the literal is integral and fits, as an Int64.
        case number(Double, Int64?)
        case bool(Bool)
        case null
    }

    var value: Value
    /// Byte offset of the value's first character.
    var offset: Int

    /// A word for messages ("a string", "an array"): the scanner's for its kind.
    var typeName: String {
        let kind: JSONScanner.Kind
        switch value {
        case .object: kind = .object
        case .array: kind = .array
        case .string: kind = .string
        case .number: kind = .number
        case .bool: kind = .bool
        case .null: kind = .null
        }
        return kind.phrase
    }
}

extension JSONScanner {
    /// Reads the next value as a tree. A key repeated in one object is reported to
    /// `duplicate` (its pointer and offset) and its first value kept, as the MediaWatch reader does.
    mutating func readNode(pointer: String, duplicate: (String, Int) -> Void) throws -> JSONNode {
        try readNode(path: { pointer }, duplicate: duplicate)
    }

    /// As ``readNode(pointer:duplicate:)``, the pointer built only when a duplicate needs it
    /// (building one per value was a third of reading a large library).
    mutating func readNode(path pointer: () -> String, duplicate: (String, Int) -> Void) throws -> JSONNode {
        let kind = peekKind()
        let offset = pos
        switch kind {
        case .object:
            try beginObject()
            var first = true
            var members: [(key: String, node: JSONNode)] = []
            var seen = Set<String>()
            while let k = try nextKey(first: &first) {
                let key = try decodeString(k)
                let child = try readNode(path: { pointer() + jsonPointer([key]) }, duplicate: duplicate)
                if seen.insert(key).inserted {
                    members.append((key, child))
                } else {
                    duplicate(pointer() + jsonPointer([key]), k.start - 1)
                }
            }
            return JSONNode(value: .object(members), offset: offset)
        case .array:
            try beginArray()
            var first = true
            var items: [JSONNode] = []
            while try nextElement(first: &first) {
                let index = items.count
                items.append(try readNode(path: { pointer() + "/\(index)" }, duplicate: duplicate))
            }
            return JSONNode(value: .array(items), offset: offset)
        case .string:
            return JSONNode(value: .string(try readString()), offset: offset)
        case .number:
            let t = try scanNumber()
            return JSONNode(value: .number(doubleValue(t), integerValue(t)), offset: offset)
        case .bool:
            return JSONNode(value: .bool(try readBool()), offset: offset)
        case .null:
            try readNull()
            return JSONNode(value: .null, offset: offset)
        case .end:
            throw fail("expected a JSON value")
        case .invalid:
            throw unexpectedValue()
        }
    }
}
