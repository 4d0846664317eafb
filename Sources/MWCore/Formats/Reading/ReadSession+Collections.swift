import Foundation

/// The four collections: each element read as its entity's record, pages of a mapped file
/// released behind the reader as it goes.
extension ReadSession {
    /// Upper bound on the records of an array spanning `start..<end`: its byte size over the
    /// smallest possible record (~96 bytes); capacity reserved but never touched costs no memory.
    static func recordBound(_ start: Int, _ end: Int) -> Int {
        min((end - start) / 96 + 16, 50_000_000)
    }

    mutating func readCollection(_ name: String, expected: Int) throws {
        if name == "episodes" { v.reserveEpisodes(expected) }
        guard s.peekKind() == .array else {
            try typeMismatch(name, expected: "an array")
            return
        }
        try s.beginArray()
        var first = true
        coll = name
        idx = 0
        var offsets = OffsetList(fileSize: bytes.count, reserve: expected)
        defer { coll = ""; sub = nil }
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let off = s.pos
            offsets.append(off)
            if s.peekKind() != .object {
                try elementMismatch(expected: "an object")
            } else {
                try readElement(name, at: off)
            }
            idx += 1
            if idx & 1023 == 0 {
                releasePages()
                if v.diags.isFull { return }
            }
        }
        locator.entityOffsets[name] = offsets
    }

    /// Lets the system drop the mapped pages already read (every 1024 records): a large
    /// backup is never resident whole.
    func releasePages() {
        mapped?.releaseBefore(s.pos)
    }
}
