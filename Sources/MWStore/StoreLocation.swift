import Foundation

/// Where the library database lives when `--db` is not given.
public enum StoreLocation {
    /// The default library database: `$MWKIT_DB` if set; else `$XDG_DATA_HOME/mwkit/library.sqlite`;
    /// else `~/.local/share/mwkit/library.sqlite` (the XDG Base Directory default).
    public static func defaultURL(environment env: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let p = env["MWKIT_DB"], !p.isEmpty { return URL(fileURLWithPath: p) }
        let base: URL
        if let x = env["XDG_DATA_HOME"], x.hasPrefix("/") {
            base = URL(fileURLWithPath: x)
        } else {
            let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("mwkit/library.sqlite")
    }

    /// The image cache directory of a database: `<db>.images/` beside it (restore of a ZIP
    /// backup puts the images there; archive to ZIP takes them from there).
    public static func imageCacheURL(forDatabase db: URL) -> URL {
        db.deletingLastPathComponent().appendingPathComponent(db.lastPathComponent + ".images", isDirectory: true)
    }
}
