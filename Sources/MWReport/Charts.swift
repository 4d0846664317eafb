import Foundation
import MWFoundation

/// Inline SVG charts, each followed by a table of the same numbers whose caption is the
/// chart's title (docs/REPORT.md "Accessibility"). Colours come from the page's CSS
/// variables, so the charts follow the light/dark preference and print.
struct ChartWriter {
    private var next = 0

    /// A fresh id for a chart's `<title>`/`<desc>` pair.
    private mutating func id() -> String { next += 1; return "c\(next)" }

    /// A horizontal bar chart of `rows` (label, value), then its table. Empty rows: a sentence.
    mutating func bars(_ title: String, _ rows: [FilmFigures.Count], label: String, value: String) -> String {
        guard !rows.isEmpty else { return "<p>\(esc(title)): nothing to show.</p>\n" }
        let id = id()
        let top = max(rows.map(\.value).max() ?? 0, 1)
        let total = rows.reduce(0) { $0 + $1.value }
        let peak = rows.first { $0.value == rows.map(\.value).max() }!
        let rowH = 24, labelW = 150, barW = 210, h = rows.count * rowH + 8
        var s = "<figure class=\"chart\">\n<figcaption aria-hidden=\"true\">\(esc(title))</figcaption>\n<svg role=\"img\" viewBox=\"0 0 420 \(h)\" width=\"420\" height=\"\(h)\" aria-labelledby=\"\(id)t \(id)d\">"
        s += "<title id=\"\(id)t\">\(esc(title))</title>"
        s += "<desc id=\"\(id)d\">Bar chart, \(counted(rows.count, "bar")), total \(total); the largest is \(esc(peak.label)) with \(peak.value).</desc>\n"
        for (i, r) in rows.enumerated() {
            let y = i * rowH + 4
            let w = r.value == 0 ? 0 : max(1, r.value * barW / top)
            s += "<text class=\"lbl\" x=\"\(labelW - 6)\" y=\"\(y + 16)\" text-anchor=\"end\">\(esc(clip(r.label)))</text>"
            s += "<rect class=\"bar\" x=\"\(labelW)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"\(rowH - 6)\" rx=\"2\"/>"
            s += "<text class=\"val\" x=\"\(labelW + w + 6)\" y=\"\(y + 16)\">\(r.value)</text>\n"
        }
        s += "</svg>\n</figure>\n"
        return s + table(title, rows.map { ($0.label, [String($0.value)]) }, header: [label, value])
    }

    /// A year's day-by-day calendar (weeks as columns, Monday on top), then a table of the
    /// days that have any (the others are zero, which the caption says).
    mutating func calendar(_ title: String, year: Int, counts: [Day: Int], unit: String) -> String {
        let id = id()
        let jan1 = Day(year: year, month: 1, day: 1), dec31 = Day(year: year, month: 12, day: 31)
        let top = max(counts.values.max() ?? 0, 1)
        let cell = 11, gap = 2, left = 20, topPad = 16
        let firstCol = jan1.ordinal - jan1.weekday
        let cols = (dec31.ordinal - firstCol) / 7 + 1
        let w = left + cols * (cell + gap), h = topPad + 7 * (cell + gap)
        let days = counts.filter { $0.key.year == year }.sorted { $0.key < $1.key }
        var s = "<figure class=\"chart\">\n<figcaption aria-hidden=\"true\">\(esc(title))</figcaption>\n<svg role=\"img\" class=\"cal\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\" aria-labelledby=\"\(id)t \(id)d\">"
        s += "<title id=\"\(id)t\">\(esc(title))</title>"
        s += "<desc id=\"\(id)d\">Calendar of \(year), one square per day, darker for more \(unit); \(counted(days.count, "day", verb: ("has", "have"))) any, the most is \(days.map(\.value).max() ?? 0).</desc>\n"
        for (i, d) in ["M", "W", "F"].enumerated() {
            s += "<text class=\"lbl\" x=\"0\" y=\"\(topPad + (i * 2) * (cell + gap) + 9)\">\(d)</text>"
        }
        for m in 1...12 {
            let o = Day(year: year, month: m, day: 1).ordinal
            s += "<text class=\"lbl\" x=\"\(left + (o - firstCol) / 7 * (cell + gap))\" y=\"11\">\(monthNames[m - 1].prefix(3))</text>"
        }
        s += "\n"
        for o in jan1.ordinal...dec31.ordinal {
            let day = Day(Date(timeIntervalSince1970: Double(o) * 86_400))
            let n = counts[day] ?? 0
            let level = n == 0 ? 0 : 1 + min(3, (n - 1) * 4 / top)
            let x = left + (o - firstCol) / 7 * (cell + gap), y = topPad + day.weekday * (cell + gap)
            s += "<rect class=\"d\(level)\" x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\"><title>\(day.iso): \(n)</title></rect>"
            if day.weekday == 6 { s += "\n" }
        }
        s += "</svg>\n</figure>\n"
        return s + table(title, days.map { ($0.key.iso, [String($0.value)]) }, header: ["Day", unit.capitalized],
                         note: "days without \(unit) are left out")
    }

    /// A table: caption, a header row, one row per entry (first cell a row header).
    func table(_ caption: String, _ rows: [(String, [String])], header: [String], note: String? = nil) -> String {
        var s = "<div class=\"scroll\"><table>\n<caption>\(esc(caption))</caption>\n"
        if let note { s = "<p class=\"note\">\(esc(caption)): \(esc(note)).</p>\n" + s }
        s += "<thead><tr>" + header.map { "<th scope=\"col\">\(esc($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for (label, values) in rows {
            s += "<tr><th scope=\"row\">\(esc(label))</th>" + values.map { "<td>\(esc($0))</td>" }.joined() + "</tr>\n"
        }
        return s + "</tbody></table></div>\n"
    }

    /// A long label shortened for the chart (the table keeps it whole).
    private func clip(_ s: String) -> String { s.count > 22 ? String(s.prefix(21)) + "…" : s }
}

/// Text made safe for HTML content and attribute values (MWFoundation's ``htmlEscaped(_:)``).
func esc(_ s: String) -> String { htmlEscaped(s) }
