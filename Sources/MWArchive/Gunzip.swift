import CArchive
import Foundation
import MWCore

/// A gzip stream (`animelist_….xml.gz`) unpacked through libarchive's raw format and gzip
/// filter: one compressed file, no archive around it.
public enum Gunzip {
    /// Whether `head` starts with gzip's magic bytes `1f 8b`.
    public static func looksLikeGzip<C: Collection>(_ head: C) -> Bool where C.Element == UInt8 {
        var it = head.makeIterator()
        return it.next() == 0x1F && it.next() == 0x8B
    }

    /// The unpacked bytes of `bytes`. Throws ``MWError/io(_:)`` when they are not gzip, are
    /// corrupt or unpack to more than `maxBytes`; with `partial` (detection), the first
    /// `maxBytes` unpacked, and whatever was unpacked before a corruption or cut.
    public static func decompress(_ bytes: [UInt8], maxBytes: Int, partial: Bool = false) throws -> [UInt8] {
        guard let a = archive_read_new() else { throw MWError.io("libarchive: out of memory") }
        defer { archive_read_free(a) }
        archive_read_support_filter_gzip(a)
        archive_read_support_format_raw(a)
        var out: [UInt8] = []
        try bytes.withUnsafeBytes { buf in
            guard archive_read_open_memory(a, buf.baseAddress, buf.count) == ARCHIVE_OK else {
                throw MWError.io("not a gzip stream (\(ArchiveReader.message(a)))")
            }
            var entry: OpaquePointer?
            guard archive_read_next_header(a, &entry) == ARCHIVE_OK, archive_filter_code(a, 0) == ARCHIVE_FILTER_GZIP else {
                throw MWError.io("not a gzip stream (\(ArchiveReader.message(a)))")
            }
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = block.withUnsafeMutableBytes { archive_read_data(a, $0.baseAddress, $0.count) }
                if n == 0 { return }
                if n < 0 {
                    if partial { return }
                    throw MWError.io("corrupt gzip data (\(ArchiveReader.message(a)))")
                }
                out.append(contentsOf: block[0..<n])
                if partial, out.count >= maxBytes { out.removeLast(out.count - maxBytes); return }
                if out.count > maxBytes { throw MWError.io("unpacks to more than \(maxBytes) bytes") }
            }
        }
        return out
    }
}
