/// JSON text helpers for code outside MWCore that writes small JSON by hand (plans, columns),
/// so every writer escapes strings the same way.
public enum JSONText {
    /// `s` as a JSON string literal, quotes included (`/` escaped only when asked, as v1 does).
    public static func literal(_ s: String, escapeSlash: Bool = false) -> String {
        var out: [UInt8] = []
        var w = JSONWriter(pretty: false, escapeSlash: escapeSlash, spaceBeforeColon: false) { out.append(contentsOf: $0) }
        w.string(s)
        w.finish()
        return String(decoding: out, as: UTF8.self)
    }
}
