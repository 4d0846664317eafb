import Foundation
import Testing
@testable import MWArchive
import MWCore

/// Each hostile archive is built here (through libarchive, or by patching bytes) and must give
/// a clear diagnostic from read/verify and make unpack write nothing at all.
@Suite struct HostileArchiveTests {
    /// A valid backup JSON to put next to the hostile entry, so only the entry is at fault.
    static func backupJSON() throws -> [UInt8] {
        try BackupIO.encode(Fixture.library(), as: .mediawatchV2).bytes
    }

    /// Reads, verifies and unpacks `zip`; expects `code` as an error each time and no output.
    func expectRejected(_ zip: URL, _ code: String, in s: Scratch, limits: ZipLimits = .init(),
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try ZipBackup.read(url: zip, limits: limits)
        #expect(r.result.diagnostics.codes(.error).contains(code), "\(r.result.diagnostics)", sourceLocation: sourceLocation)
        #expect(!r.result.isValid, sourceLocation: sourceLocation)
        let report = try ZipVerifier.verify(url: zip, quick: false, limits: limits)
        #expect(!report.valid && report.diagnostics.codes(.error).contains(code), sourceLocation: sourceLocation)

        let before = s.listing()
        let dest = s.url("unpacked")
        var thrown: [Diagnostic] = []
        do { try ZipUnpacker.unpack(url: zip, to: dest, limits: limits) } catch let MWError.invalid(d) { thrown = d }
        #expect(thrown.codes(.error).contains(code), "unpack must refuse: \(thrown)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: dest.path), "no partial output", sourceLocation: sourceLocation)
        #expect(s.listing() == before, "nothing written beside the target: \(s.listing())", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: s.dir.deletingLastPathComponent().appendingPathComponent("evil.txt").path),
                sourceLocation: sourceLocation)
    }

    @Test(arguments: ["../evil.txt", "images/../../evil.txt", "..\\evil.txt", "/tmp/mwarchive-evil.txt", "C:/evil.txt"])
    func traversalPathsAreRefused(name: String) throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("t.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: name, data: Array("owned".utf8))])
        // (libarchive reports backslashes as slashes when reading; either way the name is hostile.)
        let stored = try RawZip.entries(of: zip).map(\.name)
        #expect(stored.contains(name) || stored.contains(name.replacingOccurrences(of: "\\", with: "/")), "\(stored)")
        try expectRejected(zip, "zip-unsafe-path", in: s)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/mwarchive-evil.txt"))
    }

    @Test func symlinkEntriesAreRefused() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("l.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "images/posters/p1.jpg", type: AE.lnk, symlink: "/etc/passwd")])
        try expectRejected(zip, "zip-unsupported-entry", in: s)
        let r = try ZipBackup.read(url: zip)
        #expect(r.result.diagnostics.contains { $0.message.contains("symlink") && $0.message.contains("/etc/passwd") })
    }

    @Test func deviceEntriesAreRefused() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("d.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "dev", data: Array("x".utf8))])
        // Turn "dev" into a character device: the Unix mode is the high half of the central
        // directory's external attributes (offset 38 of a PK\1\2 header).
        var bytes = [UInt8](try Data(contentsOf: zip))
        var patched = 0
        for i in 0..<(bytes.count - 46) where bytes[i] == 0x50 && bytes[i + 1] == 0x4B && bytes[i + 2] == 1 && bytes[i + 3] == 2 {
            let nameLen = Int(bytes[i + 28]) | Int(bytes[i + 29]) << 8
            if String(decoding: bytes[(i + 46)..<(i + 46 + nameLen)], as: UTF8.self) == "dev" {
                let mode: UInt32 = 0o020644
                bytes[i + 40] = UInt8(mode & 0xFF)
                bytes[i + 41] = UInt8(mode >> 8)
                patched += 1
            }
        }
        #expect(patched == 1)
        try Data(bytes).write(to: zip)
        try expectRejected(zip, "zip-unsupported-entry", in: s)
    }

    @Test func duplicateNamesAreRefused() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("dup.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "images/posters/p1.jpg", data: Fixture.imageBytes(seed: 1)),
                               RawSpec(name: "images/posters/p1.jpg", data: Fixture.imageBytes(seed: 9))])
        try expectRejected(zip, "zip-duplicate-entry", in: s)
    }

    @Test func encryptedEntriesAreRefused() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("enc.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate)],
                         options: "zip:encryption=zipcrypt", passphrase: "secret")
        try expectRejected(zip, "zip-encrypted-entry", in: s)
    }

    @Test func truncatedArchivesAreCorrupt() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        let bytes = try Data(contentsOf: good)
        let zip = s.url("cut.zip")
        try bytes.prefix(bytes.count * 2 / 3).write(to: zip)
        try FileManager.default.removeItem(at: good)
        try FileManager.default.removeItem(at: s.url("cache"))
        try expectRejected(zip, "zip-corrupt", in: s)
    }

    @Test func corruptedImageBytesFailTheCRC() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        var bytes = [UInt8](try Data(contentsOf: good))
        // Flip a byte inside the stored p2.jpg data (found by its known content).
        let needle = Array(Fixture.imageBytes(seed: 2)[100..<132])
        let at = try #require((0..<(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[at + 5] ^= 0xFF
        let zip = s.url("flip.zip")
        try Data(bytes).write(to: zip)
        try FileManager.default.removeItem(at: good)
        try FileManager.default.removeItem(at: s.url("cache"))
        let report = try ZipVerifier.verify(url: zip, quick: false)
        #expect(!report.valid)
        #expect(report.diagnostics.contains { ["zip-corrupt", "zip-checksum-mismatch"].contains($0.code) && $0.message.contains("p2.jpg") },
                "\(report.diagnostics)")
        var thrown: [Diagnostic] = []
        do { try ZipUnpacker.unpack(url: zip, to: s.url("u")) } catch let MWError.invalid(d) { thrown = d }
        #expect(!thrown.isEmpty)
        #expect(s.listing() == ["flip.zip"])
    }

    @Test func notAZipIsUnreadable() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let f = s.url("text.zip")
        try Data("this is not a zip archive at all\n".utf8).write(to: f)
        #expect(throws: MWError.self) { _ = try ZipBackup.read(url: f) }
        #expect(throws: MWError.self) { _ = try ZipVerifier.verify(url: f, quick: true) }
        do { _ = try ZipBackup.read(url: f); Issue.record("no error") } catch let e as MWError {
            #expect(e.exitCode == 2)
            #expect(e.description.contains("not a readable ZIP"))
        }
        #expect(throws: MWError.self) { try ZipUnpacker.unpack(url: f, to: s.url("u")) }
        #expect(s.listing() == ["text.zip"])
    }

    @Test func highRatioEntriesAreBombs() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("bomb.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "zeros.bin", data: [UInt8](repeating: 0, count: 8 << 20), compression: .deflate)])
        let zipSize = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        #expect(zipSize <= 64 << 10)
        try expectRejected(zip, "zip-limit-exceeded", in: s, limits: ZipLimits(maxRatio: 100))
        // Default limits accept a merely compressible file of that size? No: 8 MiB of zeros
        // is ~1000×, above the default 200× as well.
        let r = try ZipBackup.read(url: zip)
        #expect(r.result.diagnostics.codes(.error).contains("zip-limit-exceeded"))
    }

    /// A bomb among the images, whose bytes validate and quick verify never read: every
    /// command refuses it from the declared sizes, before inflating anything.
    @Test func aBombAmongTheImagesIsRefusedByEveryCommandFromTheHeaders() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("image-bomb.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "images/posters/p1.jpg", data: [UInt8](repeating: 0, count: 16 << 20), compression: .deflate)])
        let validate = try ZipBackup.read(url: zip, options: ReadOptions(buildLibrary: false))
        let declared = validate.result.diagnostics.filter { $0.code == "zip-limit-exceeded" }
        #expect(!validate.result.isValid && declared.first?.message.contains("declares 16777216 bytes") == true, "\(validate.result.diagnostics)")
        #expect(!(try ZipVerifier.verify(url: zip, quick: true)).valid)
        try expectRejected(zip, "zip-limit-exceeded", in: s)
        // The same image stored (not deflated) has ratio 1: accepted.
        let stored = s.url("stored.zip")
        try RawZip.build(stored, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                                  RawSpec(name: "images/posters/p1.jpg", data: [UInt8](repeating: 0, count: 2 << 20))])
        #expect(!(try ZipBackup.read(url: stored)).result.diagnostics.contains { $0.code == "zip-limit-exceeded" })
    }

    @Test func theCentralDirectoryIsReadForZIP64Too() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("z64.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "a.bin", data: [UInt8](repeating: 7, count: 3 << 20), compression: .deflate)],
                         options: "zip:zip64")
        let cd = try #require(ZipCentralDirectory.read(url: zip, maxEntries: 100))
        #expect(cd.entries.map(\.name) == ["backup.json", "a.bin"])
        #expect(cd.entries[1].uncompressedSize == 3 << 20 && cd.entries[1].compressedSize < 64 << 10)
        #expect(cd.bomb(ZipLimits()) != nil && cd.bomb(ZipLimits(maxRatio: 100_000)) == nil)
    }

    /// A ZIP64 end record whose offset and size would overflow when added: refused, not a trap.
    @Test func aCentralDirectoryOffsetNearTheMaximumIsRefused() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        func le(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }
        var z64 = le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4)
        z64 += le(1, 8) + le(1, 8) + le(10, 8) + le(UInt64.max - 1, 8)
        let locator = le(0x0706_4B50, 4) + le(0, 4) + le(0, 8) + le(1, 4)
        let eocd = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        let f = s.url("overflow.zip")
        try Data(z64 + locator + eocd).write(to: f)
        #expect(ZipCentralDirectory.read(url: f, maxEntries: 100) == nil)
        // The whole read path answers with a diagnostic or an unreadable-input error.
        if let r = try? ZipBackup.read(url: f) { #expect(!r.result.isValid) }
    }

    @Test func totalSizeAndEntryCountLimits() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let big = s.url("big.zip")
        try RawZip.build(big, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate),
                               RawSpec(name: "a.bin", data: Fixture.imageBytes(seed: 3, count: 300_000))])
        try expectRejected(big, "zip-limit-exceeded", in: s, limits: ZipLimits(maxTotalBytes: 200_000))

        let many = s.url("many.zip")
        try RawZip.build(many, [RawSpec(name: "backup.json", data: try Self.backupJSON(), compression: .deflate)]
                         + (0..<30).map { RawSpec(name: "f\($0).txt", data: [UInt8]("x".utf8)) })
        try expectRejected(many, "zip-limit-exceeded", in: s, limits: ZipLimits(maxEntries: 10))
        // Within the limits the same archive is fine.
        #expect(try ZipBackup.read(url: many, limits: ZipLimits(maxEntries: 100)).result.isValid)
    }

    @Test func unpackRefusesAnExistingNonEmptyDirectory() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = try Fixture.packed(in: s)
        let dest = s.url("dest")
        try FileManager.default.createDirectory(at: dest, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: dest.appendingPathComponent("mine.txt"))
        #expect(throws: MWError.self) { try ZipUnpacker.unpack(url: zip, to: dest) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest.path) == ["mine.txt"])
        // An empty directory is replaced.
        let empty = s.url("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (_, files) = try ZipUnpacker.unpack(url: zip, to: empty)
        #expect(files == 6)
    }
}

@Suite struct EntryPathTests {
    @Test func unsafeNames() {
        for n in ["", "/abs", "../x", "a/../../x", "a/..", "..\\x", "C:\\x", "c:/x", "a\0b"] {
            #expect(EntryPath.problem(n) != nil, "\(n)")
        }
        for n in ["a", "images/posters/p.jpg", "a..b", "..a/b", "./x", "dir/"] {
            #expect(EntryPath.problem(n) == nil, "\(n)")
        }
        #expect(EntryPath.canonical("./a//b/") == "a/b")
        #expect(EntryPath.canonical("a\\b") == "a/b")
    }
}
