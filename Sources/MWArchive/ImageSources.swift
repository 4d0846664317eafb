import Foundation
import MWCore

extension ImageKey {
    /// The entry path in a mediawatch-zip: `images/posters/abc.jpg`.
    public var entryPath: String { ZipLayout.path(for: role, fileName: fileName) }
}

/// An image cache directory whose files are named by TMDb path basename (`DIR/abc.jpg`), as
/// the app and `mwkit archive` keep them. An unpacked mediawatch-zip works too: images are also
/// looked up in the role folders (`DIR/images/posters/abc.jpg`). Only regular files are used,
/// and unsafe names are never joined to the directory.
public struct DirectoryImageSource: ImageSource {
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
