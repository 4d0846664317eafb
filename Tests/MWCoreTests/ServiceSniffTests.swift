import Foundation
import Testing
import MWFoundation
import MWTestSupport

/// The byte search behind detection (ServiceReader.jsonObjectNeedles, bookstrack's marker): it
/// decides whether a backup is parsed for a service at all, so it must find every occurrence a
/// plain search finds, at the start, the end and across repeated first bytes.
@Suite("Service sniff needles")
struct ServiceSniffTests {
    static func naive(_ h: [UInt8], _ n: [UInt8]) -> Bool {
        guard !n.isEmpty else { return true }
        guard h.count >= n.count else { return false }
        return (0...(h.count - n.count)).contains { Array(h[$0..<$0 + n.count]) == n }
    }

    @Test("agrees with a plain search on seeded random bytes over a small alphabet")
    func agreesWithAPlainSearch() {
        let seed = TestSeed.seed(0x5EED_2026)
        var g = SeededGenerator(seed: seed)
        for _ in 0..<4_000 {
            let h = (0..<Int.random(in: 0...40, using: &g)).map { _ in UInt8.random(in: 0x61...0x63, using: &g) }
            let n = (0..<Int.random(in: 0...5, using: &g)).map { _ in UInt8.random(in: 0x61...0x63, using: &g) }
            #expect(ByteSearch.contains(h, n) == Self.naive(h, n), "\(TestSeed.describe(seed)): \(h) / \(n)")
        }
    }

    @Test("a key at the very start and the very end is found; a longer key is not a shorter one")
    func edges() {
        let doc = Array(#"{"movies":[],"x":"shows"}"#.utf8)
        #expect(ByteSearch.contains(doc, Array(#"{"movies""#.utf8)))
        #expect(ByteSearch.contains(doc, Array(#""shows"}"#.utf8)))
        #expect(!ByteSearch.contains(Array(#"{"mediaType":"movie"}"#.utf8), Array(#""media""#.utf8)))
        let twice = Array(#"{"format":1,"format":"x"}"#.utf8)
        twice.withUnsafeBytes { p in
            #expect(ByteSearch.firstOffset(of: Array(#""format""#.utf8), in: p) == 1)
            #expect(ByteSearch.firstOffset(of: Array(#""format""#.utf8), in: p, from: 2) == 12)
            #expect(ByteSearch.firstOffset(of: Array(#""format""#.utf8), in: p, from: 13) == nil)
        }
    }
}
