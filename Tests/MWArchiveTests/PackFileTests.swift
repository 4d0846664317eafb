import Foundation
import Testing
@testable import MWArchive
import MWCore

/// Packing a JSON file as it is (the `mwkit pack` path): references are skimmed, not read into
/// a Library, and must agree with the Library's own.
@Suite struct PackFileTests {
    static func library() -> Library {
        var lib = Fixture.library(posters: ["/p1.jpg", "/p2.jpg", "/p1.jpg"], backdrop: "/b1.jpg", still: "/s1.jpg")
        lib.titles[1].metadata?.backdropPath = ""      // empty paths are no reference
        lib.titles[2].metadata = nil                     // stripped: no metadata at all
        lib.notes = [Note(id: Fixture.id(60), parentId: Fixture.id(1), parentType: .title,
                          text: #"posterPath "/x.jpg" in a note is not a reference"#, dateCreated: Fixture.date)]
        return lib
    }

    @Test(arguments: [BackupFormat.mediawatchV1, .mediawatchV2])
    func skimAgreesWithTheLibrary(format: BackupFormat) throws {
        let s = try Scratch(); defer { s.cleanUp() }
        var lib = Self.library()
        if format == .mediawatchV1 { lib.titles.removeLast(); lib.lists[0].items.removeLast() }   // v1 cannot hold stripped records
        let f = s.url("b.json")
        try BackupIO.write(lib, as: format, to: f)
        if format == .mediawatchV1 { #expect(try String(contentsOf: f, encoding: .utf8).contains(#"\/p1.jpg"#), "v1 escapes slashes like the app") }
        let read = try BackupIO.read(url: f)
        #expect(read.isValid, "\(read.diagnostics)")
        let skim = try BackupSkim.read(url: f, format: format, options: .init())
        #expect(skim.references == read.library?.imageReferences)
        #expect(skim.references.count >= 3)
        #expect(skim.exportDate == Fixture.date)
        #expect(skim.format == format)
    }

    @Test func skimHandlesNullsEscapesAndKeyOrder() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let f = s.url("v1.json")
        // Hand-written v1: collections before the header, null optionals, \u escapes, nested values.
        let json = #"""
        {"titles":[{"genres":["a","b"],"posterPath":"\u002Fp\u00e9.jpg","backdropPath":null,"id":"00000000-0000-4000-8000-000000000001",
          "tmdbId":1,"mediaType":"movie","title":"T {x} [y] \"q\"","year":2000,"runtime":1,"watched":false,"likedStatus":0,"dateAdded":0}],
         "episodes":[],"notes":[],"lists":[{"id":"00000000-0000-4000-8000-000000000090","name":"L","sortOrder":0,
          "titleIds":["00000000-0000-4000-8000-000000000001"]}],"version":"1.0","exportDate":700000000}
        """#
        try Data(json.utf8).write(to: f)
        let read = try BackupIO.read(url: f)
        #expect(read.isValid, "\(read.diagnostics)")
        let skim = try BackupSkim.read(url: f, format: .mediawatchV1, options: .init())
        #expect(skim.references == read.library?.imageReferences)
        #expect(skim.references.map(\.tmdbPath) == ["/p\u{e9}.jpg"])
        #expect(skim.exportDate == read.library?.exportDate)
        #expect(skim.exportDate != nil)
        #expect(skim.format == .mediawatchV1)
    }

    @Test func packingTheFileEqualsPackingTheLibrary() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg", "p2.jpg", "b1.jpg", "s1.jpg"])
        let json = s.url("b.json")
        try BackupIO.write(Fixture.library(), as: .mediawatchV2, to: json)
        let a = s.url("a.zip"), b = s.url("b.zip")
        let o = try ZipBackup.pack(jsonFile: json, as: .mediawatchV2, images: DirectoryImageSource(directory: imgs), to: a)
        #expect(o.written && o.validation.isValid)
        let da = o.diagnostics
        let db = try ZipBackup.write(Fixture.library(), images: DirectoryImageSource(directory: imgs), to: b)
        #expect(da.isEmpty && db.isEmpty)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func theFileIsPackedByteForByte() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg"])
        let json = s.url("b.json")
        // Compact, keys reordered: still the same backup, kept exactly as written.
        let compact = try BackupIO.encode(Fixture.library(), as: .mediawatchV2, options: WriteOptions(pretty: false)).bytes
        try Data(compact).write(to: json)
        let out = s.url("o.zip")
        let d = try ZipBackup.pack(jsonFile: json, as: .mediawatchV2, images: DirectoryImageSource(directory: imgs), to: out).diagnostics
        #expect(d.codes() == ["zip-image-missing", "zip-image-missing", "zip-image-missing"])
        #expect(try RawZip.entries(of: out).first { $0.name == "backup.json" }?.data == compact)
        #expect(try ZipVerifier.verify(url: out, quick: false).errors == 0)
    }

    @Test func invalidOrOtherFormatWritesNothing() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let imgs = try Fixture.imageDir(in: s, names: ["p1.jpg", "p2.jpg", "b1.jpg", "s1.jpg"])
        var bad = Fixture.library()
        bad.lists = []   // every title must be in a list
        let invalid = s.url("invalid.json")
        try BackupIO.write(bad, as: .mediawatchV2, to: invalid)
        let out = s.url("o.zip")
        let o = try ZipBackup.pack(jsonFile: invalid, as: .mediawatchV2, images: DirectoryImageSource(directory: imgs), to: out)
        #expect(!o.written && !o.validation.isValid)
        #expect(o.validation.diagnostics.codes(.error).contains("title-not-in-list"))
        #expect(!FileManager.default.fileExists(atPath: out.path))

        let v1 = s.url("v1.json")
        try BackupIO.write(Fixture.library(still: nil), as: .mediawatchV1, to: v1)
        let o2 = try ZipBackup.pack(jsonFile: v1, as: .mediawatchV2, images: DirectoryImageSource(directory: imgs), to: out)
        #expect(!o2.written && o2.validation.isValid && o2.validation.format == .mediawatchV1)
        #expect(!FileManager.default.fileExists(atPath: out.path))

        let garbage = s.url("g.json")
        try Data("[1, 2".utf8).write(to: garbage)
        let o3 = try ZipBackup.pack(jsonFile: garbage, as: .mediawatchV2, images: NoImages(), to: out)
        #expect(!o3.written && o3.validation.diagnostics.codes(.error).contains { $0.hasPrefix("json-") })
        #expect(s.listing().allSatisfy { !$0.hasPrefix(".") }, "no temporary files: \(s.listing())")
    }

    @Test func notJSONIsAFailureNotACrash() throws {
        let s = try Scratch(); defer { s.cleanUp() }
        let f = s.url("b.json")
        try Data(#"{"titles": [{"id": "x", "posterPath": "/a.jpg"#.utf8).write(to: f)
        #expect(throws: MWError.self) { _ = try BackupSkim.read(url: f, format: .mediawatchV2, options: .init()) }
        #expect(!FileManager.default.fileExists(atPath: s.url("o.zip").path))
    }
}
