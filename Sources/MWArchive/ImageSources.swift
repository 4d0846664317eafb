import Foundation
import MWCore

/// One image a ZIP needs: a role and a file name (the TMDb path's basename).
public struct ImageKey: Hashable, Sendable, Comparable {
    public var role: ImageRole
    public var fileName: String

    public init(role: ImageRole, fileName: String) {
        self.role = role
        self.fileName = fileName
    }

    /// The entry path in a mediawatch-zip: `images/posters/abc.jpg`.
    public var entryPath: String { ZipLayout.path(for: role, fileName: fileName) }

    public static func < (a: ImageKey, b: ImageKey) -> Bool { a.entryPath < b.entryPath }
}

/// Where ``ZipBackup/write(_:jsonFormat:images:to:requireImages:mtime:)`` finds image bytes.
///
/// The writer first calls ``prepare(_:)`` once with every image it needs (so a source backed by
/// another archive can extract them in one sequential pass), then ``file(for:)`` per image.
/// Sources hand out local files, which the writer streams; nothing is held in memory.
public protocol ZipImageSource {
    /// Makes the needed images available. Called once before any ``file(for:)``.
    func prepare(_ keys: [ImageKey]) throws
    /// A readable regular file holding the image, or nil when the source does not have it.
    func file(for key: ImageKey) -> URL?
}

extension ZipImageSource {
    public func prepare(_ keys: [ImageKey]) throws {}
}

/// No images at all: every referenced image is reported missing.
public struct NoImages: ZipImageSource {
    public init() {}
    public func file(for key: ImageKey) -> URL? { nil }
}

/// An image cache directory whose files are named by TMDb path basename (`DIR/abc.jpg`), as
/// the app and `mwkit archive` keep them. An unpacked mediawatch-zip works too: images are also
/// looked up in the role folders (`DIR/images/posters/abc.jpg`). Only regular files are used,
/// and unsafe names are never joined to the directory.
public struct DirectoryImageSource: ZipImageSource {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func file(for key: ImageKey) -> URL? {
        guard ZipLayout.isSafeFileName(key.fileName) else { return nil }
        for rel in [key.fileName, key.entryPath] {
            let u = directory.appendingPathComponent(rel)
            var st = stat()
            if stat(u.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { return u }
        }
        return nil
    }
}
