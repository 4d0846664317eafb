import Foundation

/// Title genres are stored as a JSON array of strings (`["Drama","Crime"]`): one column,
/// readable with the sqlite3 CLI and queryable with `json_each`, order kept.
enum GenresCodec {
    static func encode(_ genres: [String]) -> String {
        var out = "["
        for (i, g) in genres.enumerated() {
            if i > 0 { out += "," }
            out += "\""
            for u in g.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if u.value < 0x20 {
                        let hex = String(u.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
            out += "\""
        }
        return out + "]"
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
