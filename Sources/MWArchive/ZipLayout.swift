import MWCore

/// The names mwkit uses inside a mediawatch-zip archive (docs/FORMAT.md, "ZIP").
public enum ZipLayout {
    /// The backup JSON written by mwkit. Readers accept one backup JSON at any path.
    public static let backupName = "backup.json"
    /// The checksummed list of entries.
    public static let manifestName = "manifest.json"
    /// The manifest's format marker.
    public static let manifestFormat = "mediawatch-zip-manifest"
    /// The manifest format version mwkit writes and reads.
    public static let manifestVersion = 1

    /// The folder holding images of a role.
    public static func folder(for role: ImageRole) -> String {
        switch role {
        case .poster: return "images/posters"
        case .backdrop: return "images/backdrops"
        case .still: return "images/stills"
        }
    }

    /// The entry path of an image: `images/posters/abc.jpg`.
    public static func path(for role: ImageRole, fileName: String) -> String {
        folder(for: role) + "/" + fileName
    }

    /// The role implied by an entry's folder, when it is one of ours.
    static func role(ofPath path: String) -> ImageRole? {
        ImageRole.allCases.first { path.hasPrefix(folder(for: $0) + "/") }
    }

    /// Whether an entry looks like an image: under `images/` or with a JPEG/PNG/WebP extension.
    static func isImagePath(_ path: String) -> Bool {
        if path.hasPrefix("images/") { return true }
        let lower = path.lowercased()
        return [".jpg", ".jpeg", ".png", ".webp"].contains { lower.hasSuffix($0) }
    }

    /// The last path component of an entry name.
    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether an image file name taken from a TMDb path is safe to use as one path
    /// component (no separators, not `.`/`..`, no control characters).
    static func isSafeFileName(_ name: String) -> Bool { FileNames.isSafeComponent(name) }
}

/// Checks entry names against path traversal before anything is written.
enum EntryPath {
    /// The reason `name` is unsafe to extract, or nil when it is a safe relative path.
    /// Backslashes count as separators (Windows-made archives) so `..\x` is caught too.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "the entry name is empty" }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) { return "the entry name contains a NUL byte" }
        let unified = name.replacingOccurrences(of: "\\", with: "/")
        if unified.hasPrefix("/") { return "the entry name is an absolute path" }
        let u = Array(unified.utf8)
        if u.count >= 2, u[1] == UInt8(ascii: ":"), (u[0] | 0x20) >= UInt8(ascii: "a"), (u[0] | 0x20) <= UInt8(ascii: "z") {
            return "the entry name starts with a drive letter"
        }
        if unified.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "the entry name contains a \"..\" component"
        }
        return nil
    }

    /// A canonical form for duplicate detection: `./a//b/` → `a/b`.
    static func canonical(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "/")
            .split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .joined(separator: "/")
    }
}
