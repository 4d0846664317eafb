import Foundation
import MWTestSupport
import Testing
import MWFoundation

/// `StableID.uuid(kind, parts)` hashes the parts one by one: it must give the id of the
/// joined name (the definition every id mwkit has made follows), and a well-formed version 5
/// UUID, upper case.
@Suite struct StableIDTests {
    /// Random parts (ASCII, accented and CJK letters, emoji, the separator itself, empty ones).
    private static func parts(_ g: inout SeededGenerator) -> (String, [String]) {
        let alphabet: [String] = ["a", "Z", "0", "9", ":", "/", " ", "é", "ß", "書", "🙂", "\u{1F}", "#", "-"]
        func word() -> String { (0..<Int.random(in: 0...12, using: &g)).map { _ in alphabet.randomElement(using: &g)! }.joined() }
        return (word(), (0..<Int.random(in: 0...4, using: &g)).map { _ in word() })
    }

    @Test func partsHashAsTheJoinedName() {
        var g = TestSeed.generator(23_06)
        for _ in 0..<500 {
            let (kind, parts) = Self.parts(&g)
            let joined = ([kind] + parts).joined(separator: "\u{1F}")
            #expect(StableID.uuid(kind, parts) == StableID.uuid(joined), "\(TestSeed.describe(g.seed)): \(kind.debugDescription) \(parts)")
        }
    }

    @Test func isAnUpperCaseVersion5UUID() throws {
        var g = TestSeed.generator(23_07)
        for _ in 0..<200 {
            let (kind, parts) = Self.parts(&g)
            let id = StableID.uuid(kind, parts)
            let parsed = try #require(UUID(uuidString: id), "\(TestSeed.describe(g.seed)): \(id)")
            #expect(parsed.uuidString == id)  // Foundation writes upper case
            let bytes = withUnsafeBytes(of: parsed.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 5)
            #expect(bytes[8] & 0xC0 == 0x80)
        }
    }
}
