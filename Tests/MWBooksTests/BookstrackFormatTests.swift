import Foundation
import MWCore
import MWFoundation
import Testing
@testable import MWBooks

@Suite("bookstrack-v1 format")
struct BookstrackFormatTests {
    @Test("a written library reads back equal, and writing it again gives the same bytes")
    func roundTripIsByteIdentical() throws {
        let lib = BookStoreFixtures.library()
        let first = BookstrackWriter.encode(lib)
        let read = BookstrackReader.read(data: first)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map { "\($0.code) \($0.pointer)" })")
        #expect(read.library == lib)
        #expect(BookstrackWriter.encode(try #require(read.library)) == first)
    }

    @Test("the valid sample is clean and is exactly what the writer writes")
    func validSampleIsCleanAndCanonical() throws {
        let bytes = [UInt8](try Data(contentsOf: BookStoreFixtures.validSample))
        let r = BookstrackReader.read(data: bytes)
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics.map { "\($0.code) \($0.pointer) \($0.message)" })")
        #expect(r.format == .bookstrackV1 && r.formatVersion == 1)
        let lib = try #require(r.library)
        #expect(BookstrackWriter.encode(lib, version: 1) == bytes)
    }

    @Test("every code of the format has a sample", arguments: DiagnosticCode.bookstrack + DiagnosticCode.bookstrackShared)
    func everyCodeHasASample(_ code: DiagnosticCode) {
        let names = Set((BookStoreFixtures.files("invalid") + BookStoreFixtures.files("warnings")).map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.contains(code.rawValue), "no sample for \(code.rawValue)")
    }

    @Test("each invalid sample draws its code alone, with a pointer and a line:column", arguments: BookStoreFixtures.files("invalid"))
    func invalidSampleYieldsItsCode(_ url: URL) throws {
        let code = url.deletingPathExtension().lastPathComponent
        let r = try BookstrackReader.read(url: url)
        #expect(!r.isValid)
        #expect(Set(r.diagnostics.filter { $0.severity == .error }.map(\.code)) == [code])
        for d in r.diagnostics where d.code == code {
            #expect(d.line != nil && d.column != nil, "\(code) without position")
            // Every finding but a syntax error points into the document.
            if !code.hasPrefix("json-syntax") { #expect(d.pointer.hasPrefix("/"), "\(code): pointer \(quoted(d.pointer))") }
        }
    }

    @Test("each warning sample draws its warning and stays valid", arguments: BookStoreFixtures.files("warnings"))
    func warningSampleStaysValid(_ url: URL) throws {
        let code = url.deletingPathExtension().lastPathComponent
        let r = try BookstrackReader.read(url: url)
        #expect(r.isValid)
        #expect(r.diagnostics.map(\.code) == [code])
        #expect(r.diagnostics.allSatisfy { $0.severity == .warning && $0.line != nil })
    }

    @Test("positions are the offending value's: a bad rating points at the number")
    func positionIsTheValue() throws {
        var lib = BookStoreFixtures.library()
        lib.entries[1].rating = 9
        let bytes = BookstrackWriter.encode(lib)
        let d = try #require(BookstrackReader.read(data: bytes).diagnostics.first)
        #expect(d.code == DiagnosticCode.bookRatingRange.rawValue && d.pointer == "/entries/1/rating")
        // The line the writer put the rating on, found independently of the reader.
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        let expected = try #require(lines.firstIndex { $0.contains("\"rating\": 9") })
        #expect(d.line == expected + 1)
        #expect(d.column == lines[expected].distance(from: lines[expected].startIndex, to: lines[expected].range(of: "9")!.lowerBound) + 1)
    }

    @Test("a record left out for a missing key does not shift the pointers of the records after it")
    func pointersNameFileIndexes() throws {
        var text = String(decoding: BookstrackWriter.encode(BookStoreFixtures.library()), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"name\": \"Gabriel García Márquez\",", with: "")
        text = text.replacingOccurrences(of: "\"name\": \"Anonymous\"", with: "\"name\": \" \"")
        let r = BookstrackReader.read(data: Array(text.utf8))
        #expect(r.diagnostics.contains { $0.code == "schema-required" && $0.pointer == "/authors/1" })
        #expect(r.diagnostics.contains { $0.code == DiagnosticCode.bookAuthorNameEmpty.rawValue && $0.pointer == "/authors/2/name" })
    }

    @Test("detection: the marker wins over the MediaWatch reader; a MediaWatch file is not taken for books")
    func detection() throws {
        let registry = try FormatRegistry([.mediawatchV1, .mediawatchV2, .bookstrackV1])
        let books = [UInt8](try Data(contentsOf: BookStoreFixtures.validSample))
        #expect(registry.detect(ContentSniff(prefix: Array(books.prefix(4096)), path: "x"))?.name == .bookstrackV1)
        let film = Array(#"{"format": "mediawatch-backup", "formatVersion": 2, "note": "bookstrack-backup"}"#.utf8)
        #expect(registry.detect(ContentSniff(prefix: film, path: "y"))?.name != .bookstrackV1)
        let compact = Array(#"{"works":[],"format" :"bookstrack-backup","formatVersion":1}"#.utf8)
        #expect(BookstrackFormat.detect(ContentSniff(prefix: compact, path: "z")) > 1)
    }

    @Test("the descriptor's reader puts the library in the model payload with book counts")
    func descriptorRead() throws {
        let read = try #require(FormatDescriptor.bookstrackV1.read)
        let loaded = try read(FormatInput(path: "s", url: BookStoreFixtures.validSample), ReadOptions())
        #expect(loaded.result.library == nil)
        let lib = try #require(loaded.result.model as? BookLibrary)
        #expect(loaded.result.reportCounts?["works"] == lib.works.count)
        #expect(FileReport(path: "s", read: loaded.result).counts.summaryText.contains("\(lib.entries.count) entries"))
    }

    @Test("bad input never traps: empty, not an object, truncated, deep nesting")
    func hostileInput() {
        let cases: [(String, String)] = [("", "json-empty"), ("[1, 2]", "format-unrecognized"),
                                         (#"{"format": "bookstrack-backup", "formatVersion": 1, "works": [{"id": "#, "json-truncated"),
                                         (#"{"format": "bookstrack-backup", "formatVersion": 1, "x": "# + String(repeating: "[", count: 500), "json-too-deep"),
                                         (#"{"formatVersion": 1, "works": []}"#, "format-unrecognized")]
        for (text, code) in cases {
            let r = BookstrackReader.read(data: Array(text.utf8))
            #expect(!r.isValid && r.library == nil)
            #expect(r.diagnostics.map(\.code).contains(code), "\(text.prefix(30)): \(r.diagnostics.map(\.code))")
        }
    }
}
