import Foundation
@testable import MWArchive
@testable import MWImport
import MWFoundation
import Testing

/// A private temporary folder holding fixture files written by a test.
final class Fixture {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwimport-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    /// Writes `text` (UTF-8) at `path` under the folder; returns its URL.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL { try write(path, bytes: Array(text.utf8)) }

    @discardableResult
    func write(_ path: String, bytes: [UInt8]) throws -> URL {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    /// Builds a ZIP at `path` holding `entries` (name → bytes), through libarchive.
    @discardableResult
    func zip(_ path: String, _ entries: [(String, [UInt8])]) throws -> URL {
        let url = dir.appendingPathComponent(path)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        defer { close(fd) }
        let w = try ArchiveWriter(fd: fd, mtime: 1_700_000_000, options: nil, passphrase: nil)
        for (name, data) in entries {
            try w.begin(name: name, size: Int64(data.count), compression: .deflate, fileType: AE.reg, symlink: nil)
            try w.write(data)
        }
        try w.finish()
        return url
    }

    func url(_ path: String) -> URL { dir.appendingPathComponent(path) }
}

extension ForeignExport {
    /// The statistics of the file whose path ends in `/suffix`.
    func file(_ suffix: String) -> FileStats? { files.first { $0.file.hasSuffix("/" + suffix) || $0.file == suffix } }

    /// The items titled `title` (and of `year`, when given).
    func items(_ title: String, year: Int? = nil) -> [ForeignItem] {
        items.filter { $0.title == title && (year == nil || $0.year == year) }
    }

    /// The one item titled `title`; records an issue when there is not exactly one.
    func item(_ title: String, year: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> ForeignItem? {
        let found = items(title, year: year)
        if found.count != 1 { Issue.record("\(found.count) items titled \(title)", sourceLocation: sourceLocation) }
        return found.first
    }

    /// Every file that was read adds up: produced + lists + folded + malformed + ignored = read.
    func expectBalanced(sourceLocation: SourceLocation = #_sourceLocation) {
        for f in files where f.read {
            #expect(f.isBalanced, "\(f.file): read \(f.rowsRead), produced \(f.itemsProduced), lists \(f.listsProduced), folded \(f.rowsFolded), malformed \(f.malformed.count), ignored \(f.ignored)", sourceLocation: sourceLocation)
        }
    }

    /// Diagnostics with `code`.
    func diagnostics(_ code: DiagnosticCode) -> [Diagnostic] { diagnostics.filter { $0.code == code.rawValue } }
}

/// CRLF line ends, as Letterboxd wrote some exports.
func crlf(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: "\r\n") }
