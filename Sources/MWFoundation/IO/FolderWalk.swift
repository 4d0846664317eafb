import Foundation

/// The one folder walker of the imports (film and book, routing included): the regular files
/// under a folder, each with its path inside it, in path order, so every run sees a folder's
/// files in the same order whatever the file system returns.
public enum FolderWalk {
    /// The regular files under `root` (recursively), sorted by their path inside it; nil when
    /// the folder cannot be listed. Hidden files are included: callers decide what to skip.
    public static func files(under root: URL) -> [(url: URL, inner: String)]? {
        let rootPath = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: []) else { return nil }
        var found: [(url: URL, inner: String)] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            var inner = path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : url.lastPathComponent
            while inner.hasPrefix("/") { inner.removeFirst() }
            found.append((url, inner))
        }
        return found.sorted { $0.inner < $1.inner }
    }

    /// Whether a path inside a folder is hidden (a component starting with `.`) or macOS's
    /// `__MACOSX` resource forks: never an export file.
    public static func isHidden(_ inner: String) -> Bool {
        inner.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
    }
}
