import Foundation
import MWFoundation

/// The review page's HTML: one form, one fieldset per undecided row, its choices as radio
/// buttons labelled by the candidate's title and year, "Ignore", a typed TMDb ID or link, and
/// a "Save" button (docs/REPORT.md "mwkit review"). No script.
enum ReviewPageHTML {
    static func page(_ doc: ReviewDocument, details: CandidateDetails, posters: Set<String>, saved: ReviewDocument.Saved? = nil) -> String {
        var s = head("Review matches — mwkit")
        s += "<h1>Review matches</h1>\n"
        s += "<p class=\"meta\">\(esc(doc.url.lastPathComponent)): \(counted(doc.pending.count, "row", verb: ("waits", "wait"))) for a decision. Choose a TMDb candidate, ignore the item, or type a TMDb ID or link; then Save. Decisions are written into the review file, which <code>mwkit import --overrides</code> reads.</p>\n"
        if let saved { s += status(saved) }
        guard !doc.pending.isEmpty else { return s + "<p>Nothing left to decide.</p>\n</main></body></html>\n" }
        s += "<form method=\"post\" action=\"/save\">\n"
        for (i, p) in doc.pending.enumerated() {
            let what = [p.year.isEmpty ? nil : p.year, p.kind.isEmpty ? nil : p.kind].compactMap { $0 }.joined(separator: ", ")
            s += "<fieldset>\n<legend>\(esc(p.title))\(what.isEmpty ? "" : " (\(esc(what)))")</legend>\n"
            s += "<input type=\"hidden\" name=\"k\(i)\" value=\"\(esc(p.key))\">\n"
            var facts = ["\(p.service) export, \(p.file)\(p.line.isEmpty ? "" : ":\(p.line)")"]
            if !p.originalTitle.isEmpty { facts.append("original title: \(p.originalTitle)") }
            if !p.reason.isEmpty { facts.append(p.reason) }
            s += "<p class=\"facts\">\(esc(facts.joined(separator: " · ")))</p>\n"
            s += "<div class=\"choices\">\n"
            for (j, c) in p.candidates.enumerated() {
                let id = "r\(i)c\(j)"
                let info = details.info[c.reference]
                s += "<div class=\"cand\">"
                if let poster = info?.poster, posters.contains(poster) {
                    s += "<img src=\"/image/\(esc(poster))\" alt=\"\" width=\"46\" height=\"69\">"
                }
                s += "<input type=\"radio\" name=\"d\(i)\" id=\"\(id)\" value=\"\(esc(c.reference))\"\(info?.overview == nil ? "" : " aria-describedby=\"\(id)o\"")>"
                s += "<label for=\"\(id)\">\(esc(c.title))\(c.year.isEmpty ? "" : " (\(esc(c.year)))")</label>"
                s += " <span class=\"kind\">\(esc(c.kind)) \(esc(String(c.tmdbId ?? 0)))\(c.score.isEmpty ? "" : ", score \(esc(c.score))")</span>"
                if let ov = info?.overview { s += "<p class=\"overview\" id=\"\(id)o\">\(esc(String(ov.prefix(300))))</p>" }
                s += "</div>\n"
            }
            s += "<div class=\"cand\"><input type=\"radio\" name=\"d\(i)\" id=\"r\(i)i\" value=\"ignore\"><label for=\"r\(i)i\">Ignore (leave it out of the import)</label></div>\n"
            s += "<div class=\"cand\"><input type=\"radio\" name=\"d\(i)\" id=\"r\(i)t\" value=\"typed\"><label for=\"r\(i)t\">TMDb ID or link:</label> "
            s += "<input type=\"text\" name=\"t\(i)\" id=\"r\(i)tv\" aria-label=\"TMDb ID or link for \(esc(p.title))\" placeholder=\"movie:603 or https://www.themoviedb.org/movie/603\" inputmode=\"url\"></div>\n"
            s += "<div class=\"cand\"><input type=\"radio\" name=\"d\(i)\" id=\"r\(i)l\" value=\"\" checked><label for=\"r\(i)l\">Decide later</label></div>\n"
            s += "</div>\n</fieldset>\n"
        }
        s += "<p><button type=\"submit\">Save</button></p>\n</form>\n"
        return s + "</main></body></html>\n"
    }

    /// What a save did, announced to screen readers.
    static func status(_ saved: ReviewDocument.Saved) -> String {
        var s = "<div role=\"status\" class=\"saved\"><p>Saved: \(counted(saved.written, "decision")) written to the review file.</p>"
        if !saved.refused.isEmpty {
            s += "<p>Not written (\(saved.refused.count)):</p><ul>" + saved.refused.map { "<li>\(esc($0.title)): \(esc($0.why))</li>" }.joined() + "</ul>"
        }
        return s + "</div>\n"
    }

    static func message(_ title: String, _ text: String) -> String {
        head(title) + "<h1>\(esc(title))</h1>\n<p>\(esc(text))</p>\n</main></body></html>\n"
    }

    private static func head(_ title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'">
        <title>\(esc(title))</title>
        <style>
        :root{--bg:#fff;--fg:#1b1b1f;--muted:#555;--line:#d5d7de;--accent:#2f6fb2}
        @media (prefers-color-scheme: dark){:root{--bg:#15161a;--fg:#ececf1;--muted:#a9abb5;--line:#3a3c45;--accent:#7fb2ee}}
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
        main{max-width:50rem;margin:0 auto;padding:1rem}
        fieldset{border:1px solid var(--line);border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
        legend{font-weight:600;padding:0 .3rem}
        .facts,.kind,.meta,.overview{color:var(--muted);font-size:.9rem}
        .cand{margin:.4rem 0}.cand img{float:right;margin-left:.5rem}
        .overview{margin:.1rem 0 0 1.6rem}
        input[type=text]{font:inherit;width:min(100%,24rem)}
        input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        button{font:inherit;padding:.4rem 1.4rem}
        .saved{border-left:4px solid var(--accent);padding-left:.8rem}
        </style></head>
        <body><main>

        """
    }
}

/// Text made safe for HTML content and attribute values (MWFoundation's ``htmlEscaped(_:)``).
func esc(_ s: String) -> String { htmlEscaped(s) }
