import Foundation

/// Response bodies into models, and decoding errors into words.
extension TMDbClient {
    /// Decodes a body, through the fast reader for the models that have one.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        if let fast = type as? any FastDecodable.Type { return try fast.decode(data) as! T }
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
