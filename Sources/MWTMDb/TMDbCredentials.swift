import Foundation
import MWFoundation

/// How mwkit authenticates to TMDb: a v3 API key (sent as the `api_key` query item) or a
/// v4 read access token (sent as `Authorization: Bearer …`).
///
/// `description` never shows the secret, so a credential printed by accident leaks nothing.
public enum TMDbCredentials: Sendable, Equatable, CustomStringConvertible {
    case apiKey(String)
    case bearer(String)

    public var description: String {
        switch self {
        case .apiKey: return "TMDb API key (redacted)"
        case .bearer: return "TMDb access token (redacted)"
        }
    }

    /// The secret itself, for redaction checks.
    var secret: String {
        switch self { case .apiKey(let s), .bearer(let s): return s }
    }

    /// Default config file: `$XDG_CONFIG_HOME/mwkit/tmdb.json`, else `~/.config/mwkit/tmdb.json`.
    public static func defaultConfigPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.mwkitFile(.config, "tmdb.json", environment: environment)
    }

    /// Finds credentials: `TMDB_API_KEY`, then `TMDB_ACCESS_TOKEN`, then the config file
    /// (`{"api_key": "…"}` or `{"access_token": "…"}`). Returns nil when none is set.
    /// Throws ``TMDbConfigFileError`` when the file exists but is unusable (never quoting it).
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment,
                            configFile: URL? = nil) throws -> TMDbCredentials? {
        if let k = environment["TMDB_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !k.isEmpty {
            return .apiKey(k)
        }
        if let t = environment["TMDB_ACCESS_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty {
            return .bearer(t)
        }
        let url = configFile ?? defaultConfigPath(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path),
              let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TMDbConfigFileError(path: url.path, reason: "not a JSON object")
        }
        if let k = obj["api_key"] as? String, !k.isEmpty { return .apiKey(k) }
        if let t = obj["access_token"] as? String, !t.isEmpty { return .bearer(t) }
        throw TMDbConfigFileError(path: url.path, reason: "needs a non-empty \"api_key\" or \"access_token\" string")
    }
}

/// The TMDb config file exists but cannot be used. The message never quotes its content.
public struct TMDbConfigFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "TMDb config file \(path): \(reason)" }
}
