/// Finds where a field's value starts inside an already-read JSON object, so semantic
/// diagnostics get a line and column without the reader keeping a position for every value.
final class FieldLocator {
    let bytes: UnsafeRawBufferPointer
    let limits: JSONLimits
    /// Byte offsets of each record object, per top-level collection ("titles", …).
    var entityOffsets: [String: [Int]] = [:]

    init(bytes: UnsafeRawBufferPointer, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func entityOffset(_ collection: String, _ index: Int) -> Int? {
        guard let a = entityOffsets[collection], index < a.count else { return nil }
        return a[index]
    }

    /// The offset of the value of `key` in the object starting at `object`, or nil.
    func valueOffset(object: Int, key: String) -> Int? {
        var s = JSONScanner(bytes: bytes, limits: limits, start: object)
        do {
            try s.beginObject()
            var first = true
            while let k = try s.nextKey(first: &first) {
                if try s.decodeString(k) == key {
                    s.skipWhitespace()
                    return s.pos
                }
                try s.skipValue()
            }
        } catch {}
        return nil
    }
}

/// The two JSON dialects: v1 (`ExportData`) and v2 (mwkit's lossless format).
enum Dialect { case v1, v2 }
