import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finding a byte string in bytes, for detection on an input's first 64 KiB. Written by hand:
/// glibc's `memmem` (a two-way search) is what we want, but Swift's Glibc module leaves GNU
/// extensions out, so it is looked up by name; elsewhere a first-byte scan. Detection's needles
/// start with `"`, which JSON holds every few bytes, so a scan on their first byte would compare
/// at each (on 1,000 small backups that cost a third of `validate`'s time).
public enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `from`; nil when there is none.
    public static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard let first = needle.first else { return from }
        guard from >= 0, haystack.count - from >= needle.count, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBytes { n -> Int? in
            if let memmem {
                return memmem(base + from, haystack.count - from, n.baseAddress!, n.count).map { UnsafeRawPointer($0) - base }
            }
            var i = from
            let last = haystack.count - n.count
            while i <= last {
                guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
                let at = UnsafeRawPointer(hit) - base
                if memcmp(base + at, n.baseAddress!, n.count) == 0 { return at }
                i = at + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `haystack`.
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { firstOffset(of: needle, in: $0) != nil }
    }

    private typealias MemMem = @convention(c) (UnsafeRawPointer, Int, UnsafeRawPointer, Int) -> UnsafeMutableRawPointer?
    private static let memmem: MemMem? = {
        #if canImport(Glibc)
        return dlsym(nil, "memmem").map { unsafeBitCast($0, to: MemMem.self) }
        #else
        return nil
        #endif
    }()
}
