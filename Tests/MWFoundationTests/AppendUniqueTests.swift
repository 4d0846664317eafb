import PropertyBased
import Testing
import MWFoundation

/// `appendUnique` against the plain first-seen dedupe it replaces, across the switch from
/// the linear search to the set (random lists over a small alphabet, long enough to cross it).
@Suite struct AppendUniqueTests {
    @Test func agreesWithPlainDedupe() async {
        await propertyCheck(count: 500, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...40), Gen.int(in: 0...60)) { seed, start, added in
            var state = seed
            func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % 50 }
            var list: [Int] = []
            for _ in 0..<start { let x = next(); if !list.contains(x) { list.append(x) } }
            let new = (0..<added).map { _ in next() }
            var expected = list
            for x in new where !expected.contains(x) { expected.append(x) }
            var got = list
            let changed = got.appendUnique(new)
            #expect(got == expected)
            #expect(changed == (expected.count != list.count))
        }
    }

    @Test func aLongFieldOfTagsIsLinear() {
        // 200,000 tags, half repeated: through Array.contains this was 10^10 comparisons.
        var tags: [String] = []
        tags.appendUnique((0..<200_000).map { "tag\($0 % 100_000)" })
        #expect(tags.count == 100_000)
        #expect(tags.first == "tag0" && tags.last == "tag99999")
    }
}
