import Foundation

/// Converts byte offsets into 1-based line and column numbers (columns count Unicode scalars).
public struct SourcePosition {
    /// Fills `line`/`column` of every diagnostic that has an offset, in one pass over the bytes.
    /// Line breaks are found with `memchr`; a column is counted on from the previous
    /// diagnostic's when both are on one line, so a minified (one-line) backup with thousands of
    /// diagnostics costs one pass, not one pass of its line per diagnostic.
    public static func resolve(_ diags: inout [Diagnostic], in bytes: UnsafeRawBufferPointer) {
        let order = diags.indices.filter { diags[$0].offset != nil && diags[$0].line == nil }
            .sorted { diags[$0].offset! < diags[$1].offset! }
        guard !order.isEmpty else { return }
        guard let raw = bytes.baseAddress else {
            for i in order { diags[i].line = 1; diags[i].column = 1 }
            return
        }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        var line = 1, lineStart = 0, i = 0
        // Scalars counted on the current line up to `counted` (column = scalars + 1).
        var counted = 0, scalars = 0
        for idx in order {
            let target = min(max(diags[idx].offset!, 0), bytes.count)
            while i < target {
                guard let hit = memchr(raw + i, 0x0A, target - i) else { i = target; break }
                i = raw.distance(to: UnsafeRawPointer(hit)) + 1
                line += 1
                lineStart = i
            }
            if counted < lineStart { counted = lineStart; scalars = 0 }
            while counted < target {
                if base[counted] & 0xC0 != 0x80 { scalars += 1 }
                counted += 1
            }
            diags[idx].line = line
            diags[idx].column = scalars + 1
        }
    }
}
