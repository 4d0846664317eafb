/// Converts byte offsets into 1-based line and column numbers (columns count Unicode scalars).
public struct SourcePosition {
    /// Fills `line`/`column` of every diagnostic that has an offset, in one pass over the bytes.
    public static func resolve(_ diags: inout [Diagnostic], in bytes: UnsafeRawBufferPointer) {
        let order = diags.indices.filter { diags[$0].offset != nil && diags[$0].line == nil }
            .sorted { diags[$0].offset! < diags[$1].offset! }
        guard !order.isEmpty else { return }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            for i in order { diags[i].line = 1; diags[i].column = 1 }
            return
        }
        var line = 1, lineStart = 0, i = 0
        for idx in order {
            let target = min(diags[idx].offset!, bytes.count)
            while i < target {
                if base[i] == 0x0A { line += 1; lineStart = i + 1 }
                i += 1
            }
            var col = 1
            var k = lineStart
            while k < target {
                if base[k] & 0xC0 != 0x80 { col += 1 }
                k += 1
            }
            diags[idx].line = line
            diags[idx].column = col
        }
    }
}
