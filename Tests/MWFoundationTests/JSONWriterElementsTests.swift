import Foundation
import MWTestSupport
import Testing
@testable import MWFoundation

/// `JSONWriter.elements` writes an array's elements two chunks at a time on two threads: the
/// bytes must be those of one writer writing them in order, whatever the count against the
/// chunk size, and chunks that fill the 1 MiB buffer must be emitted whole and in order.
@Suite struct JSONWriterElementsTests {
    struct Item: Sendable {
        var name: String
        var tags: [String]
        var n: Int
    }

    static func encode(_ w: inout JSONWriter, _ r: Item) {
        w.beginObject()
        w.field("name", r.name)
        w.key("tags")
        w.beginArray()
        for t in r.tags { w.element(); w.string(t) }
        w.endArray()
        w.field("n", r.n)
        w.endObject()
    }

    static func items(_ count: Int, longest: Int, _ g: inout SeededGenerator) -> [Item] {
        let alphabet = Array("abcxyz ÀéΩ\"\\/\n\t😀")
        func text() -> String { String((0..<Int.random(in: 0...longest, using: &g)).map { _ in alphabet.randomElement(using: &g)! }) }
        return (0..<count).map { _ in Item(name: text(), tags: (0..<Int.random(in: 0...3, using: &g)).map { _ in text() }, n: Int.random(in: -1000...1000, using: &g)) }
    }

    /// The document `{"k": [items…], "after": 1}` as one writer and as `elements` write it.
    static func both(_ items: [Item], chunk: Int) -> (one: [UInt8], two: [UInt8], emits: Int) {
        func document(_ body: (inout JSONWriter) -> Void) -> ([UInt8], Int) {
            var out: [UInt8] = [], emits = 0
            var w = JSONWriter(pretty: true, escapeSlash: false, spaceBeforeColon: false) { out += $0; emits += 1 }
            w.beginObject()
            w.key("k")
            w.beginArray()
            body(&w)
            w.endArray()
            w.field("after", 1)
            w.endObject()
            w.finish()
            return (out, emits)
        }
        let (one, _) = document { w in for r in items { w.element(); encode(&w, r) } }
        let (two, emits) = document { w in items.withUnsafeBufferPointer { w.elements($0, chunk: chunk, encode) } }
        return (one, two, emits)
    }

    @Test("the same bytes as one writer, for counts around the chunk size", arguments: [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 100])
    func sameBytes(count: Int) {
        let seed = TestSeed.seed(UInt64(0x5EED_0000 + count))
        var g = SeededGenerator(seed: seed)
        let list = Self.items(count, longest: 12, &g)
        for chunk in [1, 2, 3, 512] {
            let r = Self.both(list, chunk: chunk)
            #expect(r.one == r.two, "\(TestSeed.describe(seed)), \(count) items, chunk \(chunk)")
        }
    }

    @Test("chunks that fill the buffer are emitted whole and in order")
    func largeChunksFlushInOrder() {
        var g = TestSeed.generator(0xB16)
        let list = Self.items(3_000, longest: 900, &g)  // about 4 MB of JSON
        let r = Self.both(list, chunk: 512)
        #expect(r.one == r.two, "\(TestSeed.describe(g.seed))")
        #expect(r.emits > 2)
        #expect(r.two.count > 2 << 20)
    }
}
