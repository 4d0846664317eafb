import Foundation
import Testing
@testable import MWArchive
import MWCore

@Suite struct VerifyTests {
    @Test func goodArchiveVerifiesInBothModes() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = try Fixture.packed(in: s)
        for quick in [false, true] {
            let r = try ZipVerifier.verify(url: zip, quick: quick, path: "good.zip")
            #expect(r.valid, "\(r.diagnostics)")
            #expect(r.diagnostics.isEmpty)
            #expect(r.path == "good.zip")
            #expect(r.format == "mediawatch-zip")
            #expect(r.counts["titles"] == 2 && r.counts["episodes"] == 1)
        }
    }

    /// Same-size content change with the old manifest kept: only a full verify can see it.
    @Test func fullVerifyFindsChecksumMismatchQuickDoesNot() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        let bad = s.url("bad.zip")
        try RawZip.rebuild(good, bad) { e in
            var e = e
            if e.name == "images/posters/p2.jpg" { e.data[10] ^= 0x55 }
            return e
        }
        let full = try ZipVerifier.verify(url: bad, quick: false)
        #expect(!full.valid)
        #expect(full.diagnostics.codes() == ["zip-checksum-mismatch"])
        #expect(full.diagnostics[0].message.contains("images/posters/p2.jpg"))
        let quick = try ZipVerifier.verify(url: bad, quick: true)
        #expect(quick.valid, "\(quick.diagnostics)")
    }

    @Test func missingUnlistedAndOrphanEntries() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        let bad = s.url("bad.zip")
        try RawZip.rebuild(good, bad, extra: [RawSpec(name: "images/posters/stray.jpg", data: Fixture.imageBytes(seed: 7))]) {
            $0.name == "images/stills/s1.jpg" ? nil : $0
        }
        for quick in [false, true] {
            let r = try ZipVerifier.verify(url: bad, quick: quick)
            #expect(!r.valid)
            #expect(Set(r.diagnostics.codes(.error)) == ["zip-entry-missing"])
            #expect(Set(r.diagnostics.codes(.warning)) == ["zip-image-missing", "zip-image-orphan", "zip-entry-unlisted"], "\(r.diagnostics)")
            #expect(r.diagnostics.contains { $0.code == "zip-image-orphan" && $0.message.contains("stray.jpg") })
            #expect(r.diagnostics.contains { $0.code == "zip-entry-missing" && $0.message.contains("s1.jpg") })
        }
    }

    @Test func sizeMismatchIsSeenWithoutReadingImages() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        let bad = s.url("bad.zip")
        try RawZip.rebuild(good, bad) { e in
            var e = e
            if e.name == "images/backdrops/b1.jpg" { e.data.append(0) }
            return e
        }
        let r = try ZipVerifier.verify(url: bad, quick: true)
        #expect(r.diagnostics.codes() == ["zip-size-mismatch"])
    }

    @Test func manifestProblems() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let good = try Fixture.packed(in: s)
        let none = s.url("none.zip")
        try RawZip.rebuild(good, none) { $0.name == "manifest.json" ? nil : $0 }
        let r1 = try ZipVerifier.verify(url: none, quick: false)
        #expect(r1.valid, "no manifest is only a warning")
        #expect(r1.diagnostics.codes() == ["zip-no-manifest"])
        #expect(!(try ZipVerifier.verify(url: none, quick: false, strict: true)).valid)

        let broken = s.url("broken.zip")
        try RawZip.rebuild(good, broken) { e in
            var e = e
            if e.name == "manifest.json" { e.data = Array(#"{"format":"mediawatch-zip-manifest","formatVersion":1}"#.utf8) }
            return e
        }
        let r2 = try ZipVerifier.verify(url: broken, quick: true)
        #expect(r2.diagnostics.codes(.error) == ["zip-manifest-invalid"])
        #expect(r2.diagnostics[0].message.contains("backup"))

        let foreign = s.url("foreign.zip")
        try RawZip.rebuild(good, foreign) { e in
            var e = e
            if e.name == "manifest.json" { e.data = Array(#"{"app": "MediaWatch", "files": 5}"#.utf8) }
            return e
        }
        let r4 = try ZipVerifier.verify(url: foreign, quick: false)
        #expect(r4.valid, "another tool's manifest is not an error: \(r4.diagnostics)")
        #expect(r4.diagnostics.codes() == ["zip-no-manifest"])

        let wrongRecord = s.url("record.zip")
        var m = try #require(try ZipBackup.read(url: good).manifest)
        m.entries[1].records[0].id = Fixture.id(77)
        let mBytes = try m.encoded()
        try RawZip.rebuild(good, wrongRecord) { e in
            var e = e
            if e.name == "manifest.json" { e.data = mBytes }
            return e
        }
        let r3 = try ZipVerifier.verify(url: wrongRecord, quick: false)
        #expect(r3.valid)
        #expect(r3.diagnostics.codes() == ["zip-manifest-record"])
        #expect(r3.diagnostics[0].message.contains(Fixture.id(77)))
    }

    @Test func invalidBackupInsideIsReported() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = s.url("inner.zip")
        var lib = Fixture.library()
        lib.lists = []   // every title must be in a list
        let json = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: json, compression: .deflate)])
        let r = try ZipVerifier.verify(url: zip, quick: true)
        #expect(!r.valid)
        #expect(r.diagnostics.codes(.error).contains("title-not-in-list"))
        #expect(r.diagnostics.first { $0.code == "title-not-in-list" }?.pointer.hasPrefix("/titles/") == true)
    }
}

@Suite struct ForeignLayoutTests {
    @Test func backupAtAnyPathAndImagesAnywhere() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let v1 = try BackupIO.encode(Fixture.library(), as: .mediawatchV1).bytes
        let zip = s.url("app.zip")
        try RawZip.build(zip, [
            RawSpec(name: "Export/", type: AE.dir),
            RawSpec(name: "Export/MediaWatch-2024-05-01.data", data: v1, compression: .deflate),
            RawSpec(name: "Export/notes.txt", data: Array("hello".utf8)),
            RawSpec(name: "Cache/p1.jpg", data: Fixture.imageBytes(seed: 1)),
            RawSpec(name: "Cache/thumbs/b1.jpg", data: Fixture.imageBytes(seed: 3)),
            RawSpec(name: "Cache/other.png", data: Fixture.imageBytes(seed: 5)),
        ])
        let r = try ZipBackup.read(url: zip)
        #expect(r.result.isValid, "\(r.result.diagnostics)")
        #expect(r.backupEntry == "Export/MediaWatch-2024-05-01.data")
        #expect(r.result.formatVersion == 1)
        #expect(r.result.library?.titles.count == 2)
        #expect(r.images.count == 3)
        #expect(r.images.matched[ImageKey(role: .poster, fileName: "p1.jpg")] == "Cache/p1.jpg")
        #expect(r.images.matched[ImageKey(role: .backdrop, fileName: "b1.jpg")] == "Cache/thumbs/b1.jpg")
        #expect(r.images.unreferencedCount == 1)
        let codes = r.result.diagnostics.codes()
        #expect(codes.filter { $0 == "zip-no-manifest" }.count == 1)
        #expect(codes.filter { $0 == "zip-image-missing" }.count == 1)   // p2 (v1 has no episode stills)
        #expect(codes.filter { $0 == "zip-image-orphan" }.count == 1)    // other.png

        // Convert it into our layout, images taken from the foreign archive.
        let out = s.url("ours.zip")
        let d = try ZipBackup.write(try #require(r.result.library), images: r.images, to: out)
        #expect(d.codes() == ["zip-image-missing"])
        let names = try RawZip.entries(of: out).map(\.name)
        #expect(names == ["backup.json", "images/backdrops/b1.jpg", "images/posters/p1.jpg", "manifest.json"])
        #expect(try RawZip.entries(of: out).first { $0.name == "images/backdrops/b1.jpg" }?.data == Fixture.imageBytes(seed: 3))
        #expect(try ZipVerifier.verify(url: out, quick: false).errors == 0)
    }

    @Test func noBackupAndTwoBackups() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let none = s.url("none.zip")
        try RawZip.build(none, [RawSpec(name: "readme.txt", data: Array("hi".utf8)),
                                RawSpec(name: "data.json", data: Array(#"{"hello": 1}"#.utf8))])
        let r1 = try ZipBackup.read(url: none)
        #expect(!r1.result.isValid)
        #expect(r1.result.diagnostics.codes(.error).contains("format-unrecognized") || r1.result.diagnostics.codes(.error).contains("zip-no-backup"))

        let empty = s.url("empty.zip")
        try RawZip.build(empty, [RawSpec(name: "readme.txt", data: Array("hi".utf8))])
        #expect(try ZipBackup.read(url: empty).result.diagnostics.codes(.error) == ["zip-no-backup"])

        let two = s.url("two.zip")
        let json = try BackupIO.encode(Fixture.library(), as: .mediawatchV2).bytes
        try RawZip.build(two, [RawSpec(name: "a.json", data: json), RawSpec(name: "b/backup.json", data: json)])
        let r2 = try ZipBackup.read(url: two)
        #expect(r2.result.diagnostics.codes(.error) == ["zip-multiple-backups"])
        #expect(r2.result.library == nil)
    }

    @Test func brokenJSONInsideIsExplained() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let json = try BackupIO.encode(Fixture.library(), as: .mediawatchV2).bytes
        let zip = s.url("trunc.zip")
        try RawZip.build(zip, [RawSpec(name: "backup.json", data: Array(json.prefix(json.count / 2)), compression: .deflate)])
        let r = try ZipBackup.read(url: zip)
        #expect(!r.result.isValid)
        #expect(r.result.diagnostics.codes(.error).contains { $0.hasPrefix("json-") }, "\(r.result.diagnostics)")
    }
}
