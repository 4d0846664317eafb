import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MWArchive
import MWCore
import MWFoundation

/// Reads MyAnimeList's XML list export (`animelist_<time>_-_<user>.xml.gz` as downloaded —
/// unpacked on reading, told by its gzip bytes — or the `.xml` inside; both the 2008-era and
/// the "Version 1.1.0" layouts). One `<anime>` per entry: `series_title` (MAL's romanised title)
/// and `series_type` (`Movie` a film, `TV` a show, `OVA`/`ONA`/`Special`/`TV Special` either)
/// go to the matcher's search, as MAL's IDs are not TMDb's; `my_status` (`Completed`,
/// `Watching`, `On-Hold`, `Dropped`, `Plan to Watch`), `my_score` 1–10 (0 = not scored),
/// `my_start_date` / `my_finish_date` (`0000-00-00` = no date), `my_times_watched` (rewatches),
/// `my_comments`, `my_tags`; other non-empty values are kept as extras. A manga list is
/// recognised, and its entries counted as not imported (mwkit's film library holds no manga).
enum MyAnimeListReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let malAnime: FileStats.Kind = "malAnime", malManga: FileStats.Kind = "malManga"
    /// The service, declared once: its registry format is ``FormatDescriptor/myanimelist``.
    static let service = FilmServiceInfo(name: "myanimelist", displayName: "MyAnimeList", fileKinds: [malAnime, malManga], shapes: [.text, .gzip],
        summary: "MyAnimeList: the XML anime list export (.xml or .xml.gz as downloaded; matched by title) read", fileExtension: "xml",
        holds: FormatHolds(ratings: "1–10", dates: "day", rewatches: true, tags: true, reviews: true, status: true))

    /// `my_status` by name, lower case: the words (`Completed`, `Watching`, `On-Hold`, `Dropped`,
    /// `Plan to Watch`) or the numbers older exports and third-party tools write (1 watching,
    /// 2 completed, 3 on-hold, 4 dropped, 6 plan to watch).
    static func statusName(_ raw: String) -> String {
        ["1": "watching", "2": "completed", "3": "on-hold", "4": "dropped", "6": "plan to watch"][raw] ?? raw.lowercased()
    }

    /// The watch status of a ``statusName(_:)``.
    static func watchStatus(_ name: String) -> WatchStatus? {
        ["completed": .completed, "watching": .watching, "on-hold": .paused, "dropped": .dropped, "plan to watch": .planned][name]
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        var head = Array(file.bytes.prefix(1 << 16))
        if Gunzip.looksLikeGzip(head) { head = (try? Gunzip.decompress(file.bytes, maxBytes: 1 << 16, partial: true)) ?? [] }
        let text = String(decoding: head, as: UTF8.self)
        guard text.contains("<myanimelist>") || text.contains("<myanimelist ") else { return nil }
        if text.contains("<user_export_type>2</user_export_type>") || text.contains("<manga>") { return malManga }
        return malAnime
    }

    /// One entry: its element values and the line it starts on.
    struct Entry {
        var line: Int
        var values: [String: String] = [:]
        /// The line each value's element starts on.
        var lines: [String: Int] = [:]
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        for (file, kind, _) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            let parsed = MALParser.parse(file.bytes)
            c.blankRows[file.display] = nil  // the file was also parsed as CSV, whose blank rows mean nothing here
            c.beginFile(file.display, kind: kind)
            for entry in parsed.entries {
                defer { c.finishRow() }
                let src = SourceRef(service: service.name, file: file.inner, line: entry.entry.line, row: nil, shown: file.display)
                if entry.element == "manga" { c.ignore("manga (not a film or TV kind)"); continue }
                readEntry(entry.entry, src, file, c)
            }
            if let e = parsed.error {
                var d = Diagnostic(.error, .importMalformedFile, "\(file.display) is not well-formed XML (\(e.message)); entries after line \(e.line) were not read",
                                   line: e.line, column: e.column)
                d.file = file.display
                c.malformed("\(file.inner):\(e.line)", "not well-formed XML", d)
                c.finishRow()
            }
        }
    }

    /// Values read by the reader; other non-empty ones are kept as extras.
    static let interpreted: Set<String> = [
        "series_animedb_id", "series_title", "series_type", "my_start_date", "my_finish_date", "my_score", "my_status",
        "my_comments", "my_tags", "my_times_watched", "my_watched_episodes", "series_episodes", "update_on_import", "my_id",
    ]

    static func readEntry(_ e: Entry, _ src: SourceRef, _ file: ExportFile, _ c: ItemCollector) {
        let v = e.values
        func text(_ k: String) -> String? { Values.text(v[k]) }
        func warn(_ k: String, _ msg: String) {
            var d = Diagnostic(.warning, .importBadValue, msg, line: e.lines[k] ?? e.line)
            d.file = file.display
            d.field = k
            c.warn(d)
        }
        guard let title = text("series_title") else {
            var d = Diagnostic(.error, .importMalformedRow, "an entry without a series_title; skipped", line: e.line)
            d.file = file.display
            return c.malformed(src.position, "no title", d)
        }
        let type = text("series_type")
        let kind: ForeignKind = type?.lowercased() == "movie" ? .movie : type?.lowercased() == "tv" ? .tvShow : .unknown
        let malID = Values.int(v["series_animedb_id"]).flatMap { $0 > 0 ? $0 : nil }
        let key = malID.map { "myanimelist:anime:\($0)" } ?? "myanimelist:title:" + Values.key(title)
        func day(_ k: String) -> ForeignDate? {
            guard let raw = text(k) else { return nil }
            if let d = ForeignDate.parse(raw) { return d }
            if let why = ForeignDate.unreadable(raw) { warn(k, "\(k): \(why)") }
            return nil
        }
        let start = day("my_start_date"), finish = day("my_finish_date")
        let i = c.item(keys: [key], source: src) {
            var item = ForeignItem(source: src, kind: kind, title: title)
            item.rawType = type
            item.ids.serviceID = malID.map { "myanimelist:anime:\($0)" }
            return item
        }
        var score: ForeignRating?
        if let raw = text("my_score"), raw != "0" {
            if let n = Double(raw), (1...10).contains(n) {
                score = ForeignRating(value: n, scale: .tenPoint, raw: raw, date: nil, source: src)
            } else {
                warn("my_score", "my_score \(quoted(raw)) is not 0–10; kept as written")
            }
        }
        let status = text("my_status")
        let rewatches = max(0, Values.int(v["my_times_watched"]) ?? 0)
        c.update(i) { item in
            if let score { item.ratings.append(score) } else if let raw = text("my_score"), raw != "0" {
                item.extras.append(ForeignExtra(field: "my_score", value: raw, source: src))
            }
            let name = status.map(Self.statusName), own = name.flatMap(Self.watchStatus)
            switch name {
            case "completed":
                if kind == .movie {
                    item.watches.append(WatchEvent(date: finish, source: src))
                    for _ in 0..<rewatches { item.watches.append(WatchEvent(date: nil, rewatch: true, source: src)) }
                    item.marks.append(ForeignMark(.status, date: finish, source: src, status: own, statusWord: status))
                } else {
                    item.marks.append(ForeignMark(.watched, date: finish, detail: status, count: rewatches > 0 ? rewatches + 1 : nil, source: src, status: own))
                }
            case "watching", "on-hold":
                item.marks.append(ForeignMark(.followed, date: start, detail: status, source: src, status: own))
                // A finish date on an entry still being watched: a watch-through finished
                // earlier (MyAnimeList keeps it while a rewatch runs), kept as that viewing.
                if let finish { item.watches.append(WatchEvent(date: finish, detail: "my_finish_date while \(status!)", source: src)) }
            case "dropped": item.marks.append(ForeignMark(.archived, date: finish ?? start, detail: status, source: src, status: own))
            case "plan to watch": item.marks.append(ForeignMark(.watchlist, date: start, detail: status, source: src, status: own))
            case nil: break
            default: item.extras.append(ForeignExtra(field: "my_status", value: status!, source: src))
            }
            if let comments = v["my_comments"], Values.text(comments) != nil {
                item.reviews.append(ForeignReview(text: comments, date: nil, kind: "comments", source: src))
            }
            Values.union(&item.tags, Values.tags(v["my_tags"]))
            if let seen = text("my_watched_episodes"), seen != "0" {
                item.extras.append(ForeignExtra(field: "my_watched_episodes", value: seen + (text("series_episodes").map { " of \($0)" } ?? ""), source: src))
            }
            if status?.lowercased() != "completed" || kind != .movie, rewatches > 0 {
                item.extras.append(ForeignExtra(field: "my_times_watched", value: String(rewatches), source: src))
            }
            for (k, value) in v.sorted(by: { $0.key < $1.key }) where !interpreted.contains(k) {
                guard let t = Values.text(value), t != "0", t != "0000-00-00" else { continue }
                item.extras.append(ForeignExtra(field: k, value: t, source: src))
            }
        }
    }
}

/// A streaming read of the export with Foundation's `XMLParser`: the entries (children of
/// `<myanimelist>` named `anime` or `manga`) with their values, and the first XML error.
final class MALParser: NSObject, XMLParserDelegate {
    struct Found { var element: String; var entry: MyAnimeListReader.Entry }
    struct Failure { var line: Int; var column: Int; var message: String }

    private var entries: [Found] = []
    private var current: Found?
    private var field: String?
    private var text = ""
    private var depth = 0

    static func parse(_ bytes: [UInt8]) -> (entries: [Found], error: Failure?) {
        let p = XMLParser(data: Data(bytes))
        let d = MALParser()
        p.delegate = d
        let ok = p.parse()
        let failure = ok ? nil : d.failure ?? Failure(line: p.lineNumber, column: p.columnNumber, message: "parse error")
        return (d.entries, failure)
    }

    private var failure: Failure?

    /// The first error, where the parser stands when it reports it (after `parse()` returns,
    /// it stands at the end of the input).
    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        guard failure == nil else { return }
        let code = (error as NSError).code
        let what: String
        switch code {
        case 76: what = "a closing tag that does not match its opening tag"
        case 5: what = "the file ends inside an element"
        case 9: what = "a character XML does not allow"
        case 23, 39, 40, 41, 73: what = "a malformed tag"
        default: what = "XML parser error \(code)"
        }
        failure = Failure(line: parser.lineNumber, column: parser.columnNumber, message: what)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if depth == 2, name == "anime" || name == "manga" {
            current = Found(element: name, entry: MyAnimeListReader.Entry(line: parser.lineNumber))
        } else if depth == 3, current != nil {
            field = name
            text = ""
            current!.entry.lines[name] = parser.lineNumber
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if field != nil { text += string } }

    func parser(_ parser: XMLParser, foundCDATA data: Data) { if field != nil { text += String(decoding: data, as: UTF8.self) } }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if depth == 3, let f = field, current != nil {
            current!.entry.values[f] = text
            field = nil
        } else if depth == 2, let c = current {
            entries.append(c)
            current = nil
        }
        depth -= 1
    }
}

extension FormatDescriptor {
    /// MyAnimeList's XML anime list (`.xml` or `.xml.gz`), read.
    public static let myanimelist = filmService(MyAnimeListReader.self)
}
