import Foundation
import MWCore
import MWStore

/// What `restore` reads from its input: the backup (any readable format) and the images it
/// carries, extracted in one pass, ready to go into the image cache beside the database.
public struct RestoreInput {
    /// The read and validated backup.
    public var result: ReadResult
    /// Image files (cache file name → extracted file) carried by the backup.
    public var images: [(name: String, file: URL)]
    /// Keeps extracted images (and a standard-input copy) alive until restore is done.
    public var loaded: LoadedBackup

    /// Reads `path` ("-" for standard input); a valid backup's referenced images are extracted.
    public static func read(path: String, options: ReadOptions, loader: BackupLoader = .init()) throws -> RestoreInput {
        let loaded = try loader.load(path, options: options)
        var images: [(String, URL)] = []
        if let source = loaded.images, let lib = loaded.result.library, loaded.result.isValid {
            var seen = Set<String>()
            let keys = lib.imageReferences.map { ImageKey(role: $0.role, fileName: $0.fileName) }
                .filter { seen.insert($0.fileName).inserted }
            try source.prepare(keys)
            for k in keys { if let u = source.file(for: k) { images.append((k.fileName, u)) } }
        }
        return RestoreInput(result: loaded.result, images: images, loaded: loaded)
    }

    /// Copies the images into the cache beside the database (a cache, outside the restore's
    /// transaction); returns how many were stored.
    @discardableResult
    public func storeImages(forDatabase db: URL) throws -> Int {
        guard !images.isEmpty else { return 0 }
        let cache = ImageCache(forDatabase: db)
        for (name, file) in images { try cache.store(fileName: name, copying: file) }
        return images.count
    }
}
