import Foundation
import MWFoundation

/// Files that are never opened, copied or echoed: credentials (TV Time's `access_token.csv`,
/// `auth-prod-login.csv`, `refresh_token.csv`, `device_token.csv`; anything naming a token,
/// password or secret) and personal profile data (Letterboxd `profile.csv`, Trakt
/// `user-profile.json`/`user-settings.json`, TV Time `user.csv`-style account tables). Decided
/// by name first, so such a file's bytes are never read; CSV headers are checked too (a
/// column named like a credential), and then the values are not echoed anywhere.
enum WithheldFiles {
    private static let secretWords = ["token", "password", "passwd", "secret", "credential", "api_key", "apikey", "private_key"]

    /// Why the file called `path` must not be opened, or nil when it may be.
    static func reason(forName path: String) -> String? {
        let base = (path as NSString).lastPathComponent.lowercased()
        if secretWords.contains(where: { base.contains($0) }) || base.hasPrefix("auth-") || base.hasPrefix("auth_") || base == "auth.csv" {
            return "holds credentials"
        }
        let personal: Set<String> = [
            "profile.csv",  // Letterboxd: e-mail and profile fields
            "user-profile.json", "user-settings.json",  // Trakt: profile, connected accounts
            "user.csv", "user_personal_data.csv", "user_facebook_data.csv", "user_social_data.csv", "ip_address.csv",  // TV Time
        ]
        if personal.contains(base) { return "holds personal profile data" }
        return nil
    }

    /// Why a CSV with this header must not be used (a credential-like column), or nil.
    static func reason(forHeader fields: [String]) -> String? {
        for f in fields {
            let k = f.lowercased()
            if secretWords.contains(where: { k.contains($0) }) || k == "hash_key" && fields.contains(where: { $0.lowercased().contains("email") }) {
                return "has a credential column"
            }
        }
        return nil
    }
}
