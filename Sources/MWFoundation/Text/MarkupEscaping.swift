/// Text made safe for HTML content and attribute values: `&`, `<`, `>`, `"` and `'` as entities
/// (`'` as `&#39;`, which HTML 4 knows and `&apos;` is not). The report and review pages share it.
public func htmlEscaped(_ s: String) -> String {
    markupEscaped(s, apostrophe: "&#39;", controlReferences: false)
}

/// Text made safe for XML content and attribute values: the five entities, and control
/// characters other than newline and tab as character references (XML 1.0 cannot hold them raw).
public func xmlEscaped(_ s: String) -> String {
    markupEscaped(s, apostrophe: "&apos;", controlReferences: true)
}

private func markupEscaped(_ s: String, apostrophe: String, controlReferences: Bool) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += apostrophe
        default:
            if controlReferences && c.value < 0x20 && c != "\n" && c != "\t" {
                out += "&#x\(String(c.value, radix: 16));"
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out
}
