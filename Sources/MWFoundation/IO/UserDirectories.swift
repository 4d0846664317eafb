import Foundation

/// The per-user directories of the XDG Base Directory specification, with its one rule for
/// every kind: `$XDG_<KIND>_HOME` when set to an absolute path (a relative value is invalid
/// and ignored, as the spec says), else its default under `$HOME` (or the account's home).
public enum UserDirectories {
    /// The kinds of per-user directories mwkit uses.
    public enum Kind: Sendable {
        /// `XDG_DATA_HOME`, default `~/.local/share`: the library database.
        case data
        /// `XDG_CONFIG_HOME`, default `~/.config`: TMDb credentials file.
        case config
        /// `XDG_CACHE_HOME`, default `~/.cache`: the TMDb response cache.
        case cache

        var variable: String {
            switch self { case .data: return "XDG_DATA_HOME"; case .config: return "XDG_CONFIG_HOME"; case .cache: return "XDG_CACHE_HOME" }
        }
        var fallback: String {
            switch self { case .data: return ".local/share"; case .config: return ".config"; case .cache: return ".cache" }
        }
    }

    /// The base directory of `kind`.
    public static func base(_ kind: Kind, environment env: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let x = env[kind.variable], x.hasPrefix("/") { return URL(fileURLWithPath: x, isDirectory: true) }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(kind.fallback, isDirectory: true)
    }

    /// `<base of kind>/mwkit/<name>`.
    public static func mwkitFile(_ kind: Kind, _ name: String, environment env: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(kind, environment: env).appendingPathComponent("mwkit", isDirectory: true).appendingPathComponent(name)
    }
}
