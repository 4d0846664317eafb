import Foundation
import MWFoundation

/// Where the library database lives when `--db` is not given.
public enum StoreLocation {
    /// The default library database: `$MWKIT_DB` if set; else `$XDG_DATA_HOME/mwkit/library.sqlite`;
    /// else `~/.local/share/mwkit/library.sqlite` (the XDG Base Directory default).
    public static func defaultURL(environment env: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let p = env["MWKIT_DB"], !p.isEmpty { return URL(fileURLWithPath: p) }
        return UserDirectories.mwkitFile(.data, "library.sqlite", environment: env)
    }

    /// The image cache directory of a database: `<db>.images/` beside it (restore of a ZIP
    /// backup puts the images there; archive to ZIP takes them from there).
    public static func imageCacheURL(forDatabase db: URL) -> URL {
        db.deletingLastPathComponent().appendingPathComponent(db.lastPathComponent + ".images", isDirectory: true)
    }
}
