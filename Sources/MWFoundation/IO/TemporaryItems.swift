import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary files and directories under the system's temporary directory, with names no
/// other process can take (pid + random), created owner-only.
public enum TemporaryItems {
    /// A fresh, unused path `<tmp>/mwkit-<label>-<pid>-<random><suffix>`; nothing is created.
    public static func path(_ label: String, suffix: String = "") -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("mwkit-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))\(suffix)")
    }

    /// Creates a new directory (mode 0700) and returns it.
    public static func makeDirectory(_ label: String) throws -> URL {
        let u = path(label)
        guard mkdir(u.path, 0o700) == 0 else { throw MWError.io("cannot create \(u.path): \(String(cString: strerror(errno)))") }
        return u
    }
}

/// A file or directory removed when the last reference to it goes away.
public final class TemporaryFile: Sendable {
    /// Where it is.
    public let url: URL
    /// Takes ownership of `url`: it is removed with this object.
    public init(url: URL) { self.url = url }
    deinit { try? FileManager.default.removeItem(at: url) }
}
