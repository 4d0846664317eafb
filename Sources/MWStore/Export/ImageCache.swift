import Foundation
import MWCore
import MWMacros

/// The image files of a library: a flat directory of TMDb image files named by the last
/// component of their TMDb path (``ImageReference/fileName``), by default `<db>.images/`
/// beside the database (``StoreLocation/imageCacheURL(forDatabase:)``).
///
/// Restoring a ZIP backup puts its images here; archiving to ZIP takes them from here.
/// Images are a cache of TMDb data, not user data, so they live outside the database.
@PublicMemberwiseInit
public struct ImageCache: Sendable {
    public let directory: URL

    /// The cache beside a database file.
    public init(forDatabase db: URL) {
        self.init(directory: StoreLocation.imageCacheURL(forDatabase: db))
    }

    /// Whether `name` is a plain file name (no directory parts), the only kind stored.
    public static func isValidName(_ name: String) -> Bool { FileNames.isSafeComponent(name) }

    /// The file for `name`, nil when it is not cached (or the name is not a plain file name).
    public func url(forFileName name: String) -> URL? {
        guard ImageCache.isValidName(name) else { return nil }
        let u = directory.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: u.path) ? u : nil
    }

    /// Stores an image atomically (creating the directory when needed); returns its URL.
    @discardableResult
    public func store(fileName name: String, bytes: [UInt8]) throws -> URL {
        guard ImageCache.isValidName(name) else {
            throw MWError.invalid([.error(.ioUnreadable, "image name \(quoted(name)) is not a plain file name")])
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let u = directory.appendingPathComponent(name)
        try AtomicFile.write(bytes, to: u)
        return u
    }

    /// Stores a copy of an image file atomically (streamed, never held in memory); returns its URL.
    @discardableResult
    public func store(fileName name: String, copying source: URL) throws -> URL {
        guard ImageCache.isValidName(name) else {
            throw MWError.invalid([.error(.ioUnreadable, "image name \(quoted(name)) is not a plain file name")])
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let u = directory.appendingPathComponent(name)
        let tmp = AtomicFile.temporaryURL(beside: u)
        do {
            try FileManager.default.copyItem(at: source, to: tmp)
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw MWError.io("cannot copy image \(name): \(error.localizedDescription)")
        }
        try AtomicFile.commit(tmp, to: u)
        return u
    }

    /// The cached files for every image `library` refers to, and the references with no file.
    public func lookup(_ library: Library) -> (found: [(ImageReference, URL)], missing: [ImageReference]) {
        var found: [(ImageReference, URL)] = []
        var missing: [ImageReference] = []
        for r in library.imageReferences {
            if let u = url(forFileName: r.fileName) { found.append((r, u)) } else { missing.append(r) }
        }
        return (found, missing)
    }
}
