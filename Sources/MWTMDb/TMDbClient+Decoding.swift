import Foundation

/// Response bodies into models, and decoding errors into words.
extension TMDbClient {
    /// Decodes a body: a TMDb model through its fields table (fast reader first), anything
    /// else a caller of ``get(_:query:as:)`` asks for through `JSONDecoder`.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        if let model = type as? any TMDbModel.Type { return try model.decode(data) as! T }
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// A decoding error in words, naming the member path but no value.
    static func describe(decoding error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return "malformed JSON" + (c.codingPath.isEmpty ? "" : " at \(c.codingPath.map(\.stringValue).joined(separator: "."))")
        case DecodingError.keyNotFound(let k, _): return "missing key \(k.stringValue)"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "cannot decode"
        }
    }
}
