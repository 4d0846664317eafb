import Foundation
import MWCore

/// Title genres are stored as a JSON array of strings (`["Drama","Crime"]`): one column,
/// readable with the sqlite3 CLI and queryable with `json_each`, order kept.
enum GenresCodec {
    static func encode(_ genres: [String]) -> String {
        "[" + genres.map { JSONText.literal($0) }.joined(separator: ",") + "]"
    }

    /// Decodes the column; nil when it is not a JSON array of strings.
    static func decode(_ text: String) -> [String]? {
        if text == "[]" { return [] }
        guard let data = text.data(using: .utf8),
              let any = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let arr = any as? [Any] else { return nil }
        var out: [String] = []
        out.reserveCapacity(arr.count)
        for v in arr {
            guard let s = v as? String else { return nil }
            out.append(s)
        }
        return out
    }
}
