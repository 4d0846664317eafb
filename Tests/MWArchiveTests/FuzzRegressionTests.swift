import Foundation
import Testing
@testable import MWArchive
import MWCore

/// Every input `make fuzz` found a crash, hang or leak with (Fuzz/regressions/zip), fed through
/// the same entry points as the fuzz target: read (with its images extracted), verify in both
/// modes and unpack, which must refuse or succeed and never write outside its target.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/regressions/zip").standardizedFileURL

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func zipInputIsHandled(_ name: String) throws {
        let input = Self.folder.appendingPathComponent(name)
        if let read = try? ZipBackup.read(url: input) {
            try? read.images.prepare(Array(read.images.matched.keys))
        }
        _ = try? ZipVerifier.verify(url: input, quick: false)
        _ = try? ZipVerifier.verify(url: input, quick: true)

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-fuzzreg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("a/out")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try? ZipUnpacker.unpack(url: input, to: target)
        let outside = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0 != "a" && $0 != "a/out" && !$0.hasPrefix("a/out/") }
        #expect(outside.isEmpty, "unpack wrote outside its target: \(outside)")
    }

    /// The first finding: an entry whose name is one character. Foundation's
    /// `deletingLastPathComponent` trapped on it; now the entry unpacks like any other.
    @Test func oneCharacterEntryNameUnpacks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mwkit-fuzzreg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let target = root.appendingPathComponent("out")
        try ZipUnpacker.unpack(url: Self.folder.appendingPathComponent("one-char-name.zip"), to: target)
        #expect(try Data(contentsOf: target.appendingPathComponent("x")) == Data("{}".utf8))
    }
}
