import Foundation

/// The tables of a report page as a reader sees them: caption → rows (row header, cells), text
/// unescaped. A deliberately small reader of the HTML mwkit writes (one table per caption).
struct PageTables {
    typealias Row = [String]
    var tables: [String: [Row]] = [:]
    var order: [String] = []

    init(_ html: String) {
        for chunk in html.components(separatedBy: "<table>").dropFirst() {
            let body = chunk.components(separatedBy: "</table>")[0]
            let caption = Self.unescape(Self.between(body, "<caption>", "</caption>") ?? "")
            let tbody = Self.between(body, "<tbody>", "</tbody>") ?? ""
            var rows: [Row] = []
            for tr in tbody.components(separatedBy: "<tr>").dropFirst() {
                let line = tr.components(separatedBy: "</tr>")[0]
                var cells: [String] = []
                var rest = Substring(line)
                while let open = rest.range(of: "<t") {
                    let afterTag = rest[open.upperBound...]
                    guard let gt = afterTag.firstIndex(of: ">") else { break }
                    let tag = afterTag.first == "h" ? "</th>" : "</td>"
                    let content = rest[rest.index(after: gt)...]
                    guard let close = content.range(of: tag) else { break }
                    cells.append(Self.unescape(String(content[..<close.lowerBound])))
                    rest = content[close.upperBound...]
                }
                rows.append(cells)
            }
            tables[caption] = rows
            order.append(caption)
        }
    }

    static func between(_ s: String, _ a: String, _ b: String) -> String? {
        guard let r = s.range(of: a), let e = s.range(of: b, range: r.upperBound..<s.endIndex) else { return nil }
        return String(s[r.upperBound..<e.lowerBound])
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
