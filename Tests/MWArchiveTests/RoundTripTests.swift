import Foundation
import Testing
@testable import MWArchive
import MWCore

@Suite struct RoundTripTests {
    @Test func packedArchiveHasLayoutManifestAndReadsBack() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let zip = try Fixture.packed(in: s)
        let names = try RawZip.entries(of: zip).map(\.name)
        #expect(names == ["backup.json", "images/backdrops/b1.jpg", "images/posters/p1.jpg", "images/posters/p2.jpg",
                          "images/stills/s1.jpg", "manifest.json"])

        let r = try ZipBackup.read(url: zip)
        #expect(r.result.isValid, "\(r.result.diagnostics)")
        #expect(r.result.diagnostics.isEmpty, "\(r.result.diagnostics)")
        #expect(r.result.format == .mediawatchZip)
        #expect(r.result.formatVersion == Migrator.latestVersion)
        #expect(r.result.library == Fixture.library())
        #expect(r.backupEntry == "backup.json")
        #expect(r.images.count == 4)
        #expect(r.images.unreferencedCount == 0)

        let m = try #require(r.manifest)
        #expect(m.entries.map(\.path) == names.filter { $0 != "manifest.json" })
        let poster = try #require(m.entries.first { $0.path == "images/posters/p1.jpg" })
        #expect(poster.role == "poster")
        #expect(poster.size == Int64(Fixture.imageBytes(seed: 1).count))
        #expect(poster.sha256.count == 64)
        #expect(poster.records == [ZipManifest.Record(entity: "title", id: Fixture.id(1), tmdbPath: "/p1.jpg")])
        let still = try #require(m.entries.first { $0.role == "still" })
        #expect(still.records.first?.entity == "episode")
        // Images are stored byte for byte.
        let entries = try RawZip.entries(of: zip)
        #expect(entries.first { $0.name == "images/stills/s1.jpg" }?.data == Fixture.imageBytes(seed: 4))
    }

    @Test func sameInputGivesSameBytes() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let a = try Fixture.packed(in: s, name: "a.zip")
        let b = s.url("b.zip")
        try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: s.url("cache")), to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
        // A different time gives different bytes: the time is really written.
        let c = s.url("c.zip")
        try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: s.url("cache")), to: c,
                            mtime: Date(timeIntervalSince1970: 1_600_000_000))
        #expect(try Data(contentsOf: a) != Data(contentsOf: c))
    }

    @Test func zipToZipReproducesTheArchive() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let a = try Fixture.packed(in: s, name: "a.zip")
        let r = try ZipBackup.read(url: a)
        let b = s.url("b.zip")
        let d = try ZipBackup.write(try #require(r.result.library), images: r.images, to: b, requireImages: true)
        #expect(d.isEmpty)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func unpackedDirectoryPacksToTheSameBytes() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let a = try Fixture.packed(in: s, name: "a.zip")
        let dir = s.url("out")
        let (diags, files) = try ZipUnpacker.unpack(url: a, to: dir)
        #expect(diags.isEmpty)
        #expect(files == 6)
        #expect(try Data(contentsOf: dir.appendingPathComponent("images/posters/p2.jpg")) == Data(Fixture.imageBytes(seed: 2)))
        let lib = try #require(try BackupIO.read(url: dir.appendingPathComponent("backup.json")).library)
        let b = s.url("b.zip")
        try ZipBackup.write(lib, images: DirectoryImageSource(directory: dir), to: b, requireImages: true)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
        #expect(!s.listing().contains { $0.hasPrefix(".") }, "no temporary files left: \(s.listing())")
    }

    @Test func v1InsideTheZip() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg", "p2.jpg", "b1.jpg", "s1.jpg"])
        var lib = Fixture.library()
        lib.sourceVersion = "1.0"
        let out = s.url("v1.zip")
        try ZipBackup.write(lib, jsonFormat: .mediawatchV1, images: DirectoryImageSource(directory: imgs), to: out)
        let r = try ZipBackup.read(url: out)
        #expect(r.result.isValid, "\(r.result.diagnostics)")
        #expect(r.result.formatVersion == 1)
        #expect(r.manifest?.backupFormat == "mediawatch-v1")
        #expect(r.result.library?.titles.map(\.id) == lib.titles.map(\.id))
    }

    @Test func missingImagesAreWarningsOrErrors() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg", "unrelated.jpg"])
        let out = s.url("partial.zip")
        let d = try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: imgs), to: out)
        #expect(d.codes(.warning) == ["zip-image-missing", "zip-image-missing", "zip-image-missing"])
        #expect(d.contains { $0.message.contains("\"/b1.jpg\"") })
        let names = try RawZip.entries(of: out).map(\.name)
        #expect(names == ["backup.json", "images/posters/p1.jpg", "manifest.json"], "unreferenced files are not packed")
        let r = try ZipBackup.read(url: out)
        #expect(r.result.isValid)
        #expect(r.result.diagnostics.codes() == ["zip-image-missing", "zip-image-missing", "zip-image-missing"])

        let strict = s.url("strict.zip")
        #expect(throws: MWError.self) {
            try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: imgs), to: strict, requireImages: true)
        }
        #expect(!FileManager.default.fileExists(atPath: strict.path))
        #expect(!s.listing().contains { $0.hasPrefix(".") }, "no temporary files left: \(s.listing())")
    }

    @Test func unsafeImageNamesAreNotPacked() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg"])
        try Data("secret".utf8).write(to: s.url("secret.jpg"))
        let lib = Fixture.library(posters: ["/p1.jpg", "/.."], backdrop: nil, still: nil)
        let out = s.url("x.zip")
        let d = try ZipBackup.write(lib, images: DirectoryImageSource(directory: imgs), to: out)
        #expect(d.codes() == ["zip-image-name"])
        #expect(try RawZip.entries(of: out).map(\.name) == ["backup.json", "images/posters/p1.jpg", "manifest.json"])
    }
}
