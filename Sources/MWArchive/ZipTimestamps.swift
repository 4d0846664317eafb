import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// The DOS date and time fields of the ZIPs we write, in UTC, without touching process state.
///
/// libarchive fills each entry's DOS date/time from `localtime_r`, so its bytes depend on the
/// machine's time zone (the extended-timestamp extra field holds the epoch seconds and does
/// not). Switching the process to `TZ=UTC0` while writing raced with every other thread that
/// reads the zone, so instead the finished archive's DOS fields are set here to the UTC value,
/// computed arithmetically — the bytes are what `TZ=UTC0` gave.
enum ZipTimestamps {
    /// The DOS date (high 16 bits) and time (low 16 bits) of `epoch` seconds read in UTC, as
    /// libarchive's `dos_time` packs them: years before 1980 and after 2107 are clamped to the
    /// first and last value it can hold, seconds count in twos.
    static func dos(_ epoch: Int) -> UInt32 {
        let days = epoch >= 0 ? epoch / 86_400 : -((-epoch + 86_399) / 86_400)   // floor division
        let secs = epoch - days * 86_400
        let (y, m, d) = DateCoding.civilFromDays(Int64(days))
        if y < 1980 { return 0x0021_0000 }     // 1980-01-01 00:00:00
        if y > 2107 { return 0xFF9F_BF7D }     // 2107-12-31 23:59:58
        let date = UInt32(y - 1980) << 9 | UInt32(m) << 5 | UInt32(d)
        let time = UInt32(secs / 3600) << 11 | UInt32(secs % 3600 / 60) << 5 | UInt32(secs % 60 / 2)
        return date << 16 | time
    }

    /// Sets the DOS date/time of every entry of the finished archive at `url` to `dos`, in the
    /// central directory and in each local header. The archive is ours, just written by
    /// libarchive: anything unexpected in it is a failure. Nothing is written when the fields
    /// already hold `dos` (the machine runs in UTC, or the zone agrees at that instant).
    static func set(_ dos: UInt32, in url: URL) throws {
        let fd = open(url.path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw MWError.io("cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        func fail(_ why: String) -> MWError { .failed("cannot set the entry times of \(url.path): \(why)") }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw fail(String(cString: strerror(errno))) }
        let size = Int(st.st_size)
        // Our archives carry no comment: the end record is the last 22 bytes.
        guard size >= 22 else { throw fail("too short") }
        let eocd = try read(fd, at: size - 22, count: 22)
        guard le32(eocd, 0) == 0x0605_4B50 else { throw fail("no end of central directory record") }
        var count = Int(le16(eocd, 10)), cdSize = Int(le32(eocd, 12)), cdOffset = Int(le32(eocd, 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            guard size >= 42 else { throw fail("no ZIP64 locator") }
            let loc = try read(fd, at: size - 42, count: 20)
            guard le32(loc, 0) == 0x0706_4B50, let at = Int(exactly: le64(loc, 8)), at <= size - 56 else { throw fail("no ZIP64 locator") }
            let rec = try read(fd, at: at, count: 56)
            guard le32(rec, 0) == 0x0606_4B50 else { throw fail("no ZIP64 end record") }
            guard let c = Int(exactly: le64(rec, 32)), let s = Int(exactly: le64(rec, 40)), let o = Int(exactly: le64(rec, 48)) else {
                throw fail("ZIP64 end record out of range")
            }
            (count, cdSize, cdOffset) = (c, s, o)
        }
        guard cdOffset <= size, cdSize <= size - cdOffset else { throw fail("central directory out of range") }
        var cd = try read(fd, at: cdOffset, count: cdSize)
        var locals: [(offset: Int, old: UInt32)] = []
        var i = 0
        for _ in 0..<count {
            guard i + 46 <= cd.count, le32(cd, i) == 0x0201_4B50 else { throw fail("bad central directory entry") }
            let old = le32(cd, i + 12)
            let nameLen = Int(le16(cd, i + 28)), extraLen = Int(le16(cd, i + 30)), commentLen = Int(le16(cd, i + 32))
            guard i + 46 + nameLen + extraLen + commentLen <= cd.count else { throw fail("bad central directory entry") }
            if old != dos {
                var offset = UInt64(le32(cd, i + 42))
                if offset == 0xFFFF_FFFF {
                    // ZIP64 extended information: 8-byte values for the fields set to 0xFFFFFFFF, in order.
                    var x = i + 46 + nameLen
                    let end = x + extraLen
                    var found = false
                    while x + 4 <= end {
                        let id = le16(cd, x), len = Int(le16(cd, x + 2))
                        guard x + 4 + len <= end else { break }
                        if id == 0x0001 {
                            var p = x + 4
                            if le32(cd, i + 24) == 0xFFFF_FFFF { p += 8 }
                            if le32(cd, i + 20) == 0xFFFF_FFFF { p += 8 }
                            guard p + 8 <= x + 4 + len else { break }
                            offset = le64(cd, p)
                            found = true
                            break
                        }
                        x += 4 + len
                    }
                    guard found else { throw fail("no ZIP64 local header offset") }
                }
                guard let o = Int(exactly: offset), o <= cdOffset - 30 else { throw fail("local header out of range") }
                locals.append((o, old))
                put32(&cd, i + 12, dos)
            }
            i += 46 + nameLen + extraLen + commentLen
        }
        guard !locals.isEmpty else { return }
        for l in locals {
            let h = try read(fd, at: l.offset, count: 14)
            guard le32(h, 0) == 0x0403_4B50, le32(h, 10) == l.old else { throw fail("local header does not match the central directory") }
            var v: [UInt8] = []
            put32(&v, 0, dos)
            try write(fd, v, at: l.offset + 10, url)
        }
        try write(fd, cd, at: cdOffset, url)
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MWError.io("cannot read a written ZIP: \(n < 0 ? String(cString: strerror(errno)) : "short file")") }
            done += n
        }
        return out
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int, _ url: URL) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MWError.io("cannot write \(url.path): \(String(cString: strerror(errno)))") }
            done += n
        }
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(le16(b, i)) | UInt32(le16(b, i + 2)) << 16 }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
    private static func put32(_ b: inout [UInt8], _ i: Int, _ v: UInt32) {
        if b.count < i + 4 { b += [UInt8](repeating: 0, count: i + 4 - b.count) }
        for k in 0..<4 { b[i + k] = UInt8(truncatingIfNeeded: v >> (8 * k)) }
    }
}
