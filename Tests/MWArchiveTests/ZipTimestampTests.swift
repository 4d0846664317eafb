import Foundation
import Testing
@testable import MWArchive
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// The DOS date/time of written ZIPs, computed arithmetically in UTC, are the bytes the former
/// `TZ=UTC0` + libarchive (`localtime_r`) path wrote.
@Suite struct ZipTimestampTests {
    /// libarchive's `dos_time` over `gmtime_r` — what it computed while the process ran in UTC.
    static func reference(_ t: Int) -> UInt32 {
        var tt = time_t(t), tm = tm()
        guard gmtime_r(&tt, &tm) != nil else { return 0 }
        if tm.tm_year < 80 { return 0x0021_0000 }
        if tm.tm_year > 207 { return 0xFF9F_BF7D }
        var dt = UInt32((tm.tm_year - 80) & 0x7F) << 9 | UInt32((tm.tm_mon + 1) & 0x0F) << 5 | UInt32(tm.tm_mday & 0x1F)
        dt <<= 16
        dt |= UInt32(tm.tm_hour & 0x1F) << 11 | UInt32(tm.tm_min & 0x3F) << 5 | UInt32(tm.tm_sec & 0x3E) >> 1
        return dt
    }

    @Test func everyDayFrom1980To2107MatchesTheUTCCalendar() {
        // 1979-12-30 … 2108-01-02, each day at a different second (every second of the day is
        // visited many times over the 46,000 days).
        var mismatches: [Int] = []
        for day in 3_650...50_406 {
            let t = day * 86_400 + (day &* 7_919) % 86_400
            if ZipTimestamps.dos(t) != Self.reference(t) { mismatches.append(t) }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    @Test(arguments: [
        315_532_800,          // 1980-01-01T00:00:00Z, the first DOS instant
        315_532_799,          // 1979-12-31T23:59:59Z: clamped to the first
        315_619_200,          // 1980-01-02T00:00:00Z, the earliest entry time we write
        320_630_399,          // 1980-02-29T23:59:59Z, a leap day
        951_782_400,          // 2000-02-29T00:00:00Z (divisible by 400: leap)
        951_868_800,          // 2000-03-01T00:00:00Z
        1_709_164_800,        // 2024-02-29T00:00:00Z
        1_709_251_199,        // 2024-02-29T23:59:59Z
        1_700_000_000,        // 2023-11-14T22:13:20Z
        1_700_000_001,        // odd second: counted in twos
        4_107_456_000,        // 2100-02-28T00:00:00Z (2100 is not a leap year)
        4_107_542_400,        // 2100-03-01T00:00:00Z
        4_354_819_200,        // 2107-12-31T00:00:00Z, the latest entry time we write
        4_354_905_598,        // 2107-12-31T23:59:58Z, the last DOS instant
        4_354_905_600,        // 2108-01-01T00:00:00Z: clamped to the last
        0, -1, -86_401,       // before 1980 (and 1970): clamped
    ])
    func boundsAndLeapDays(t: Int) {
        #expect(ZipTimestamps.dos(t) == Self.reference(t))
    }

    @Test func knownValues() {
        // 2023-11-14 22:13:20: date 43<<9 | 11<<5 | 14, time 22<<11 | 13<<5 | 20/2.
        #expect(ZipTimestamps.dos(1_700_000_000) == 0x576E_B1AA)
        #expect(ZipTimestamps.dos(315_532_800) == 0x0021_0000)
        #expect(ZipTimestamps.dos(4_354_905_598) == 0xFF9F_BF7D)
        #expect(DateCoding.civilFromDays(0) == (1970, 1, 1))
        #expect(DateCoding.civilFromDays(-1) == (1969, 12, 31))
        #expect(DateCoding.civilFromDays(11_016) == (2000, 2, 29))
    }

    @Test(arguments: [315_619_200, 320_630_399, 1_709_251_199, 1_800_000_001, 4_354_819_200])
    func writtenArchivesCarryUTCTimes(t: Int) throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let dir = try Fixture.imageDir(in: s, names: ["p1.jpg", "p2.jpg", "b1.jpg", "s1.jpg"])
        let zip = s.url("t.zip")
        try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: dir), to: zip,
                            mtime: Date(timeIntervalSince1970: TimeInterval(t)))
        let headers = try RawHeaders.read(zip)
        #expect(headers.count == 6)
        for h in headers {
            #expect(h.central == ZipTimestamps.dos(t), "\(h.name)")
            #expect(h.local == ZipTimestamps.dos(t), "\(h.name)")
            // The extended timestamp holds the epoch seconds (32 bits, as libarchive writes them), whatever the zone.
            #expect(h.extendedMtime == UInt32(truncatingIfNeeded: t), "\(h.name)")
        }
    }

    @Test func settingTimesRewritesEveryHeaderAndKeepsTheArchiveReadable() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("raw.zip")
        let specs = (0..<5).map { RawSpec(name: "e\($0).bin", data: Fixture.imageBytes(seed: $0), compression: $0 % 2 == 0 ? .store : .deflate) }
        try RawZip.build(zip, specs)
        // A value no zone gives for the archive's time: every header must change to it.
        let other = ZipTimestamps.dos(946_684_800)   // 2000-01-01T00:00:00Z
        #expect(try RawHeaders.read(zip).allSatisfy { $0.central != other })
        try ZipTimestamps.set(other, in: zip)
        let headers = try RawHeaders.read(zip)
        #expect(headers.count == 5)
        #expect(headers.allSatisfy { $0.central == other && $0.local == other })
        #expect(try RawZip.entries(of: zip).map(\.data) == specs.map(\.data))
        // Again: already set, the file is left as it is.
        let before = try Data(contentsOf: zip)
        try ZipTimestamps.set(other, in: zip)
        #expect(try Data(contentsOf: zip) == before)
    }
}

/// The DOS time fields and extended timestamp of every entry, read from the raw bytes.
enum RawHeaders {
    struct Header { var name: String; var central: UInt32; var local: UInt32; var extendedMtime: UInt32? }

    static func read(_ url: URL) throws -> [Header] {
        let b = [UInt8](try Data(contentsOf: url))
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func le32(_ i: Int) -> UInt32 { UInt32(le16(i)) | UInt32(le16(i + 2)) << 16 }
        let eocd = b.count - 22
        guard le32(eocd) == 0x0605_4B50 else { throw MWError.failed("no end record") }
        var i = Int(le32(eocd + 16))
        var out: [Header] = []
        for _ in 0..<le16(eocd + 10) {
            guard le32(i) == 0x0201_4B50 else { throw MWError.failed("bad central entry") }
            let nameLen = le16(i + 28), extraLen = le16(i + 30), commentLen = le16(i + 32)
            let name = String(decoding: b[(i + 46)..<(i + 46 + nameLen)], as: UTF8.self)
            let lh = Int(le32(i + 42))
            guard le32(lh) == 0x0403_4B50 else { throw MWError.failed("bad local header") }
            // The local header's extra fields: 0x5455 is the extended timestamp (flags, mtime).
            var x = lh + 30 + le16(lh + 26)
            let end = x + le16(lh + 28)
            var ut: UInt32?
            while x + 4 <= end {
                if le16(x) == 0x5455, b[x + 4] & 1 == 1 { ut = le32(x + 5) }
                x += 4 + le16(x + 2)
            }
            out.append(Header(name: name, central: le32(i + 12), local: le32(lh + 10), extendedMtime: ut))
            i += 46 + nameLen + extraLen + commentLen
        }
        return out
    }
}
