import MWTestSupport
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
        let texts = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...60).map { $0.map { Self.pieces[$0] }.joined() }
        // Offsets drawn wide and folded onto the text (and a little past its end).
        let offsets = Gen.int(in: 0...10_000).array(of: 1...12)
        await seededCheck(count: 500, seed: 0x5EED_2913, input: texts, offsets) { text, drawn in
            let bytes = Array(text.utf8)
            var diags = drawn.map { o in
                var d = Diagnostic.warning("t", "x")
                d.offset = o % (bytes.count + 3)
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
