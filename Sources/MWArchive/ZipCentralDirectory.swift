import Foundation
import MWCore

/// The sizes a ZIP's central directory declares for each entry, read without inflating
/// anything, so every command can refuse a decompression bomb from the headers alone (a
/// `validate` that skips image bytes would otherwise call valid what `unpack` refuses).
///
/// Hand-written because libarchive's entry API reports the uncompressed size but not the
/// compressed one. Only the fixed-layout records of the ZIP specification (APPNOTE 4.3.12,
/// 4.3.14–4.3.16, 4.5.3) are read; anything unexpected gives nil and leaves the checks to the
/// inflating scan, which enforces the same limits while it reads.
struct ZipCentralDirectory: Equatable {
    /// One entry's declared sizes.
    struct Entry: Equatable {
        var name: String
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var method: UInt16
    }

    var entries: [Entry]

    /// Whether the file at `url` lacks the end record every ZIP closes with (APPNOTE 4.3.16): a
    /// ZIP cut short anywhere has lost it, so a read failure in such a file is told as
    /// truncation rather than as libarchive's code.
    static func endsEarly(url: URL) -> Bool {
        guard let h = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? h.close() }
        guard let size = try? h.seekToEnd() else { return false }
        guard size >= 22 else { return true }
        let tailLength = min(size, 22 + 65_535)
        guard (try? h.seek(toOffset: size - tailLength)) != nil, let tail = try? h.read(upToCount: Int(tailLength)).map([UInt8].init) ?? nil else { return false }
        return lastIndex(of: 0x0605_4B50, in: tail, from: tail.count - 22) == nil
    }

    /// Reads the central directory of the file at `url`; nil when it cannot be found or parsed.
    static func read(url: URL, maxEntries: Int) -> ZipCentralDirectory? {
        guard let h = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? h.close() }
        guard let size = try? h.seekToEnd(), size >= 22 else { return nil }
        // The end record is in the last 22 + 65,535 (comment) bytes.
        let tailLength = min(size, 22 + 65_535)
        guard (try? h.seek(toOffset: size - tailLength)) != nil, let tail = try? h.read(upToCount: Int(tailLength)).map([UInt8].init) ?? nil,
              let eocd = lastIndex(of: 0x0605_4B50, in: tail, from: tail.count - 22) else { return nil }
        var count = UInt64(le16(tail, eocd + 10))
        var cdSize = UInt64(le32(tail, eocd + 12))
        var cdOffset = UInt64(le32(tail, eocd + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            // ZIP64: the locator just before the end record points at the ZIP64 end record.
            guard eocd >= 20, le32(tail, eocd - 20) == 0x0706_4B50 else { return nil }
            let z64 = le64(tail, eocd - 12)
            guard z64 < size, (try? h.seek(toOffset: z64)) != nil,
                  let rec = try? h.read(upToCount: 56).map([UInt8].init) ?? nil, rec.count == 56, le32(rec, 0) == 0x0606_4B50 else { return nil }
            count = le64(rec, 32)
            cdSize = le64(rec, 40)
            cdOffset = le64(rec, 48)
        }
        // Compared without adding: the sizes come from the file and may be anything.
        guard count <= UInt64(maxEntries), cdOffset <= size, cdSize <= size - cdOffset, cdSize <= 1 << 30,
              (try? h.seek(toOffset: cdOffset)) != nil,
              let cd = try? h.read(upToCount: Int(cdSize)).map([UInt8].init) ?? nil, cd.count == Int(cdSize) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var i = 0
        while entries.count < Int(count) {
            guard i + 46 <= cd.count, le32(cd, i) == 0x0201_4B50 else { return nil }
            let method = le16(cd, i + 10)
            var csize = UInt64(le32(cd, i + 20))
            var usize = UInt64(le32(cd, i + 24))
            let nameLen = Int(le16(cd, i + 28)), extraLen = Int(le16(cd, i + 30)), commentLen = Int(le16(cd, i + 32))
            guard i + 46 + nameLen + extraLen + commentLen <= cd.count else { return nil }
            let name = String(decoding: cd[(i + 46)..<(i + 46 + nameLen)], as: UTF8.self)
            // ZIP64 extended information: the 8-byte values of the fields set to 0xFFFFFFFF, in order.
            var x = i + 46 + nameLen
            let extraEnd = x + extraLen
            while x + 4 <= extraEnd {
                let id = le16(cd, x), len = Int(le16(cd, x + 2))
                guard x + 4 + len <= extraEnd else { break }
                if id == 0x0001 {
                    var p = x + 4
                    if usize == 0xFFFF_FFFF, p + 8 <= x + 4 + len { usize = le64(cd, p); p += 8 }
                    if csize == 0xFFFF_FFFF, p + 8 <= x + 4 + len { csize = le64(cd, p) }
                }
                x += 4 + len
            }
            entries.append(Entry(name: name, compressedSize: csize, uncompressedSize: usize, method: method))
            i = extraEnd + commentLen
        }
        return ZipCentralDirectory(entries: entries)
    }

    /// The first entry that declares more than `limits` allow for one entry: an uncompressed
    /// size above the ratio threshold that is more than `maxRatio` times its compressed size.
    func bomb(_ limits: ZipLimits) -> (entry: Entry, message: String)? {
        for e in entries where e.uncompressedSize > UInt64(max(limits.ratioThreshold, 0)) {
            let ratio = e.uncompressedSize / max(e.compressedSize, 1)
            if ratio > UInt64(limits.maxRatio) {
                return (e, "entry \(quoted(e.name)) declares \(e.uncompressedSize) bytes from \(e.compressedSize) (\(ratio)×, more than \(limits.maxRatio)×); likely a decompression bomb (--max-ratio)")
            }
        }
        return nil
    }

    private static func lastIndex(of signature: UInt32, in b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i >= 0 {
            if le32(b, i) == signature { return i }
            i -= 1
        }
        return nil
    }
}

private func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
private func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
private func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
