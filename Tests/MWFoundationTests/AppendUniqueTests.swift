import MWTestSupport
import PropertyBased
import Testing
import MWFoundation

/// `appendUnique` against the plain first-seen dedupe it replaces, across the switch from
/// the linear search to the set (random lists over a small alphabet, long enough to cross it).
@Suite struct AppendUniqueTests {
    @Test func agreesWithPlainDedupe() async {
        let values = Gen.int(in: 0...49)
        await seededCheck(count: 500, seed: 0x5EED_290D, input: values.array(of: 0...40), values.array(of: 0...60)) { drawn, new in
            var list: [Int] = []
            for x in drawn where !list.contains(x) { list.append(x) }
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
