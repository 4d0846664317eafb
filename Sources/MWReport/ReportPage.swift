import Foundation
import MWBooks
import MWCore

/// `mwkit report`: a library's history as one self-contained HTML page (docs/REPORT.md) —
/// CSS inline, charts as inline SVG, no script, nothing fetched (a Content-Security-Policy
/// says so to the browser too). Same input and "now", same bytes.
public enum ReportPage {
    /// The page for `films` and/or `books` over `period`. `inputs` name what it was made from
    /// (file names only, so no folder path leaks into a page one may share); `now` is the
    /// date printed on it (`SOURCE_DATE_EPOCH` for a reproducible page); `posters` the images
    /// the caller found for the most watched titles.
    public static func render(films: Library?, books: BookLibrary?, period: ReportPeriod, inputs: [String], now: Date,
                              posters: ReportPosters = .none) -> String {
        render(filmFigures: films.map { FilmFigures($0, period: period) }, books: books, period: period, inputs: inputs, now: now, posters: posters)
    }

    /// The page for films already counted (a ``FilmTally`` fed by a streaming reader) and/or `books`.
    public static func render(filmFigures: FilmFigures?, books: BookLibrary?, period: ReportPeriod, inputs: [String], now: Date,
                              posters: ReportPosters = .none) -> String {
        var charts = ChartWriter()
        let heading = period.year.map { "Your year in review: \($0)" } ?? "Your history, all time"
        var s = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(esc(heading)) — mwkit report</title>
        <style>\(css)</style>
        </head>
        <body>
        <main>
        <h1>\(esc(heading))</h1>
        <p class="meta">Made by mwkit on \(Day(now).iso) from \(esc(inputs.joined(separator: ", "))). Days are UTC calendar days.</p>

        """
        if let filmFigures { s += FilmSection.html(filmFigures, posters: posters, charts: &charts) }
        if let books { s += BookSection.html(BookFigures(books, period: period), charts: &charts) }
        return s + "</main>\n</body>\n</html>\n"
    }

    /// What could not be counted, as a list (nothing when all was).
    static func notes(_ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "<ul class=\"notes\">\n" + items.map { "<li>\(esc($0))</li>\n" }.joined() + "</ul>\n"
    }

    /// The note on `count` records (`noun`s) without the `date` the years are counted by: the
    /// whole library's totals count them (in no year, `elsewhere`), a year's report does not.
    static func undatedNote(_ count: Int, _ noun: String, lacking date: String, elsewhere: String, year: Int?) -> String {
        "\(counted(count, noun, verb: ("has", "have"))) no \(date): "
            + (year == nil ? "counted in the totals, \(elsewhere)." : "in no year, so not counted here.")
    }

    /// Light by default, dark by `prefers-color-scheme`; charts scale to the width (a 360 px
    /// phone included); print keeps the bars (backgrounds are not printed, fills are).
    static let css = """

    :root{--bg:#fff;--fg:#1b1b1f;--muted:#555;--accent:#2f6fb2;--line:#d5d7de;--d0:#eceef2;--d1:#bcd3ee;--d2:#7eaee0;--d3:#3d7fc4;--d4:#1d4f86}
    @media (prefers-color-scheme: dark){:root{--bg:#15161a;--fg:#ececf1;--muted:#a9abb5;--accent:#7fb2ee;--line:#3a3c45;--d0:#262830;--d1:#28456a;--d2:#3a6aa3;--d3:#5d95d6;--d4:#9cc4f2}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    main{max-width:60rem;margin:0 auto;padding:1rem}
    h1{font-size:1.7rem;margin:.5rem 0}
    h2{font-size:1.35rem;margin-top:2rem;border-bottom:1px solid var(--line)}
    h3{font-size:1.1rem;margin-top:1.5rem}
    .meta,.note{color:var(--muted)}
    .notes{color:var(--muted);padding-left:1.2rem}
    figure.chart{margin:.75rem 0 .25rem}
    figcaption{font-weight:600;margin-bottom:.25rem}
    figure.chart svg{display:block;width:100%;max-width:36rem;height:auto}
    figure.chart svg.cal{max-width:48rem}
    svg text{fill:var(--fg);font-size:12px}
    svg .val{fill:var(--muted)}
    svg .bar{fill:var(--accent)}
    .d0{fill:var(--d0)}.d1{fill:var(--d1)}.d2{fill:var(--d2)}.d3{fill:var(--d3)}.d4{fill:var(--d4)}
    .posters{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.6rem}
    .posters li{width:92px;font-size:.75rem;color:var(--muted)}.posters img{display:block;border-radius:4px}
    .scroll{overflow-x:auto;max-height:24rem;overflow-y:auto;margin-bottom:1rem}
    table{border-collapse:collapse;font-size:.9rem;min-width:14rem}
    caption{text-align:left;font-weight:600;padding:.25rem 0}
    th,td{border-bottom:1px solid var(--line);padding:.2rem .6rem;text-align:left;vertical-align:top}
    td{font-variant-numeric:tabular-nums}
    @media print{body{font-size:11pt}main{max-width:none}.scroll{max-height:none;overflow:visible}
    figure.chart,table{break-inside:avoid}svg .bar{fill:#2f6fb2}}

    """
}
