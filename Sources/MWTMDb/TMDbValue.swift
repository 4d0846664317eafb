import Foundation
import MWCore

/// A type a member can hold. `read` takes the next value from the fast reader and throws on
/// `null`, as `Decodable.init(from:)` does for a non-optional.
protocol TMDbValue: Decodable, SendableMetatype {  // metatypes captured by the @Sendable member tables
    static func read(_ r: inout JSONPullReader) throws -> Self
}

/// A member key for `Decodable`: any string, since the tables (not a `CodingKeys` enum) name
/// the members.
struct TMDbMemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(_ key: StaticString) { stringValue = key.description }

    /// The number after `prefix` ("season/3" → 3); nil unless 1 to 9 digits follow it.
    func number(after prefix: StaticString) -> Int? {
        let digits = stringValue.utf8.dropFirst(prefix.utf8CodeUnitCount)
        guard prefix.withUTF8Buffer({ stringValue.utf8.starts(with: $0) }), !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

extension String: TMDbValue { static func read(_ r: inout JSONPullReader) throws -> String { try r.string() } }
extension Int: TMDbValue { static func read(_ r: inout JSONPullReader) throws -> Int { try r.int() } }
extension Int64: TMDbValue { static func read(_ r: inout JSONPullReader) throws -> Int64 { try r.int64() } }
extension Double: TMDbValue { static func read(_ r: inout JSONPullReader) throws -> Double { try r.double() } }
extension Bool: TMDbValue { static func read(_ r: inout JSONPullReader) throws -> Bool { try r.bool() } }

extension Array: TMDbValue where Element: TMDbValue {
    static func read(_ r: inout JSONPullReader) throws -> [Element] {
        var out: [Element] = []
        try r.array { out.append(try Element.read(&$0)) }
        return out
    }
}
