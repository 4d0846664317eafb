import Foundation
@testable import MWArchive
import MWCore

/// A private temporary directory per test, removed by `cleanUp()`.
struct Scratch {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwarchive-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func url(_ name: String) -> URL { dir.appendingPathComponent(name) }

    func cleanUp() { try? FileManager.default.removeItem(at: dir) }

    /// Names in the directory (hidden ones included), sorted.
    func listing() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }
}

enum Fixture {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

    /// Two titles (posters, one backdrop) and an episode still, all in one list.
    static func library(posters: [String] = ["/p1.jpg", "/p2.jpg"], backdrop: String? = "/b1.jpg",
                        still: String? = "/s1.jpg") -> Library {
        var titles: [Title] = []
        for (i, p) in posters.enumerated() {
            titles.append(Title(id: id(i + 1), tmdbId: Int64(100 + i), mediaType: i == 0 ? .tv : .movie,
                                metadata: TitleMetadata(title: "Title \(i)", year: 2000 + i, runtime: 90, posterPath: p,
                                                        backdropPath: i == 0 ? backdrop : nil),
                                dateAdded: date))
        }
        var episodes: [Episode] = []
        if let still {
            episodes.append(Episode(id: id(50), showId: id(1), seasonNumber: 1, episodeNumber: 1,
                                    metadata: EpisodeMetadata(name: "Pilot", stillPath: still)))
        }
        let list = MediaList(id: id(90), name: "Watchlist", items: titles.enumerated().map { ListItem(titleId: $0.element.id, orderIndex: $0.offset) })
        return Library(exportDate: date, lists: [list], titles: titles, episodes: episodes)
    }

    /// Deterministic pseudo-random image bytes behind a JPEG header.
    static func imageBytes(seed: Int, count: Int = 3000) -> [UInt8] {
        var x = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var out: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        while out.count < count {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            out.append(UInt8(truncatingIfNeeded: x))
        }
        return out
    }

    /// An image cache directory with files for the given names.
    static func imageDir(in s: Scratch, names: [String]) throws -> URL {
        let d = s.url("cache")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        for (i, n) in names.enumerated() { try Data(imageBytes(seed: i + 1)).write(to: d.appendingPathComponent(n)) }
        return d
    }

    /// A packed archive of ``library()`` with all its images.
    static func packed(in s: Scratch, name: String = "good.zip") throws -> URL {
        let imgs = try imageDir(in: s, names: ["p1.jpg", "p2.jpg", "b1.jpg", "s1.jpg"])
        let out = s.url(name)
        try ZipBackup.write(library(), images: DirectoryImageSource(directory: imgs), to: out)
        return out
    }
}

/// One entry of a hand-built archive.
struct RawSpec {
    var name: String
    var data: [UInt8] = []
    var type: UInt32 = AE.reg
    var symlink: String? = nil
    var compression: ZipCompression = .store
}

enum RawZip {
    /// Builds an archive with exactly these entries, through libarchive.
    static func build(_ url: URL, _ entries: [RawSpec], options: String? = nil, passphrase: String? = nil) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        defer { close(fd) }
        let w = try ArchiveWriter(fd: fd, mtime: 1_700_000_000, options: options, passphrase: passphrase)
        for e in entries {
            try w.begin(name: e.name, size: Int64(e.data.count), compression: e.compression, fileType: e.type, symlink: e.symlink)
            if e.type == AE.reg { try w.write(e.data) }
        }
        try w.finish()
    }

    /// Every regular entry of an archive with its bytes, in order.
    static func entries(of url: URL) throws -> [RawSpec] {
        let r = try ArchiveReader(url: url)
        var out: [RawSpec] = []
        while let e = try r.next() {
            var data: [UInt8] = []
            try r.readData { data.append(contentsOf: $0) }
            out.append(RawSpec(name: e.name, data: data, compression: e.name.hasSuffix(".json") ? .deflate : .store))
        }
        return out
    }

    /// Rebuilds `src` into `dst` after `transform` (return nil to drop an entry).
    static func rebuild(_ src: URL, _ dst: URL, extra: [RawSpec] = [], _ transform: (RawSpec) -> RawSpec? = { $0 }) throws {
        try build(dst, try entries(of: src).compactMap(transform) + extra)
    }
}

extension Array where Element == Diagnostic {
    func codes(_ severity: Severity? = nil) -> [String] {
        filter { severity == nil || $0.severity == severity }.map(\.code)
    }
}
