import PropertyBased
import Testing
@testable import MWFoundation

/// `SourcePosition.resolve` against a direct count (lines up to the offset, scalars since the
/// last line break), for many diagnostics in any order on random text with line breaks and
/// multi-byte characters, including several on one line and offsets past the end.
@Suite struct SourcePositionTests {
    static let pieces = ["a", "\n", "é", "€", "😀", " ", "\r\n", "{", "\""]

    static func expected(_ bytes: [UInt8], _ offset: Int) -> (Int, Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, col = 1
        for b in bytes[..<end] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    @Test func agreesWithADirectCount() async {
        await propertyCheck(count: 500, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...60), Gen.int(in: 1...12)) { seed, length, count in
            var state = seed
            func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
            var text = ""
            for _ in 0..<length { text += Self.pieces[next() % Self.pieces.count] }
            let bytes = Array(text.utf8)
            var diags = (0..<count).map { _ in
                var d = Diagnostic.warning("t", "x")
                d.offset = next() % (bytes.count + 3)
                return d
            }
            bytes.withUnsafeBytes { SourcePosition.resolve(&diags, in: $0) }
            for d in diags {
                let (line, col) = Self.expected(bytes, d.offset!)
                #expect(d.line == line && d.column == col, "\(text.debugDescription) offset \(d.offset!)")
            }
        }
    }
}
