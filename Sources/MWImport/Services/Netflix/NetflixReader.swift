import Foundation
import MWCore
import MWFoundation

/// Reads Netflix's two exports. (1) Account → Viewing activity → "Download all":
/// `NetflixViewingHistory.csv` (`Title,Date`, one profile, one row per title and day), whose
/// dates follow the account's locale: their order is decided per file from every value
/// (``NetflixDates``), and when no day above 12 tells it the rows keep no date and an error asks
/// for `--date-order`. (2) The personal-data ZIP's `CONTENT_INTERACTION/`: `ViewingActivity.csv`
/// (every profile, one row per playback session: sessions of one title on one day by one profile
/// are one viewing; rows with a `Supplemental Video Type` — trailers, hooks, recaps — are no
/// viewing and are counted as not imported with their type), `Ratings.csv` (thumbs: up and two
/// up are liked, down disliked; old star ratings 1–5) and `MyList.csv` (the watchlist).
/// `--profile NAME` keeps one profile's rows. Netflix carries no IDs: every title goes to the
/// matcher's search; an episode (`Show: Season N: Episode`, ``NetflixTitles``) under its show.
enum NetflixReader: FilmExportReading {
    /// The roles of its files, as `validate` and the import summary name them.
    static let netflixHistory: FileStats.Kind = "netflixHistory", netflixViewingActivity: FileStats.Kind = "netflixViewingActivity"
    static let netflixRatings: FileStats.Kind = "netflixRatings", netflixMyList: FileStats.Kind = "netflixMyList"
    /// The service, declared once: its registry format is ``FormatDescriptor/netflix``.
    static let service = FilmServiceInfo(
        name: "netflix", displayName: "Netflix", fileKinds: [netflixHistory, netflixViewingActivity, netflixRatings, netflixMyList], shapes: [.text],
        csvSignatures: [
            CSVSignature(file: "Netflix ViewingActivity.csv", needed: ["Profile Name", "Start Time", "Title"],
                         other: ["Duration", "Attributes", "Supplemental Video Type", "Device Type", "Bookmark", "Latest Bookmark", "Country"]),
            CSVSignature(file: "Netflix NetflixViewingHistory.csv", needed: ["Title", "Date"]),
            CSVSignature(file: "Netflix Ratings.csv", needed: ["Profile Name", "Title Name", "Rating Type", "Thumbs Value"], other: ["Star Value", "Device Model", "Event Utc Ts"]),
            CSVSignature(file: "Netflix MyList.csv", needed: ["Profile Name", "Title Name", "Utc Title Add Date"], other: ["Country"]),
        ],
        summary: "Netflix: NetflixViewingHistory.csv and the data request's ViewingActivity, Ratings and MyList CSVs read (no IDs: matched by title)",
        readOptions: [.netflixDateOrder, .netflixProfile],
        holds: FormatHolds(ratings: "thumbs up/down, old 1–5 stars", dates: "day (history) or instant (activity)", rewatches: true, episodes: true, status: true))

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        guard parsed.csv != nil else { return nil }
        // Header names compared without case, blanks or underscores (`StartTime`, `Start_Time`).
        let h = Set(parsed.headerKeys.map(NetflixColumns.squeeze))
        if h == ["title", "date"] { return netflixHistory }
        guard h.contains("profilename") else { return nil }
        if h.contains("title"), NetflixColumns.isActivity(h) { return netflixViewingActivity }
        if h.isSuperset(of: ["titlename", "ratingtype", "thumbsvalue"]) { return netflixRatings }
        if h.isSuperset(of: ["titlename", "utctitleadddate"]) { return netflixMyList }
        return nil
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            guard let t = parsed.csv?.table else { continue }
            c.beginFile(file.display, kind: kind)
            let ragged = Set(t.raggedRows.map(\.line))
            var rows: [CSVFile.Record] = []
            for row in t.rows {
                guard ragged.contains(row.line) else { rows.append(row); continue }
                let why = "\(row.fields.count) fields, header has \(t.header.fields.count)"
                c.malformed(t.ref(service.name, file, row).position, why, t.diagnostic(.error, .importMalformedRow, "\(why); row skipped", row: row))
                c.finishRow()
            }
            var reader = FileReader(file: file, table: t, c: c, options: options)
            switch kind {
            case netflixHistory: reader.history(rows)
            case netflixViewingActivity: reader.activity(rows)
            case netflixRatings: reader.ratings(rows)
            default: reader.myList(rows)
            }
        }
    }

    /// One file being read.
    struct FileReader {
        let file: ExportFile
        let table: CSVTable
        let c: ItemCollector
        let options: ImportOptions
        /// The watch of each (item, profile, day) already read, to fold sessions into viewings.
        var viewings: [String: Int] = [:]
        /// Shows the file's structure tells (``NetflixShows``), decided before the rows are read.
        var shows = NetflixShows([])

        init(file: ExportFile, table: CSVTable, c: ItemCollector, options: ImportOptions) {
            self.file = file
            self.table = table
            self.c = c
            self.options = options
        }

        /// Why a row naming a promotional video's asset id (``NetflixTitles/isPromoAsset(_:)``) is not imported.
        static let promoReason = "a promotional clip (Netflix's asset id), not a viewing"

        /// `Title,Date`: each row a viewing on a day in the file's date order.
        mutating func history(_ rows: [CSVFile.Record]) {
            let t = table
            let order = dateOrder(rows.compactMap { t.text($0, "Date") }, rows.first { t.text($0, "Date") != nil }, column: "Date")
            shows = NetflixShows(rows.map { (t.value($0, "Title") ?? "", t.text($0, "Date")) })
            for row in rows {
                defer { c.finishRow() }
                if NetflixTitles.isPromoAsset(t.value(row, "Title") ?? "") { c.ignore(Self.promoReason); continue }
                guard let i = item(row, "Title") else { continue }
                let raw = t.text(row, "Date")
                var day: ForeignDate?
                if let raw, let order {
                    day = NetflixDates.day(raw, order)
                    if day == nil {
                        c.warn(t.diagnostic(.warning, .importBadValue, "Date \(quoted(raw)) is not a \(order.rawValue.uppercased()) date; the row keeps no date", row: row, column: "Date"))
                    }
                } else if let raw, !DateOrder.allCases.contains(where: { NetflixDates.day(raw, $0) != nil }) {
                    c.warn(t.diagnostic(.warning, .importBadValue, "Date \(quoted(raw)) is not a date; the row keeps no date", row: row, column: "Date"))
                }
                // Folded by the value as written: the same text is the same day in any order.
                view(i, date: day, foldKey: raw, profile: nil, row: row)
            }
        }

        /// The file's date order: `--date-order`, else the one order that reads every value;
        /// an error (at `first`) and no dates when several or none do.
        func dateOrder(_ values: [String], _ first: CSVFile.Record?, column: String) -> DateOrder? {
            if let o = options.dateOrder { return o }
            let t = table
            guard let first else { return nil }
            switch NetflixDates.verdict(values) {
            case .order(let o): return o
            case .ambiguous(let orders):
                let names = orders.map { $0.rawValue.uppercased() }
                c.warn(t.diagnostic(.error, .importAmbiguousDate,
                                    "every date of this file reads as \(listing(names, "and")) alike (no day above 12): give --date-order \(orders.map(\.rawValue).joined(separator: "|")); the rows keep no date",
                                    row: first, column: column))
            case .none:
                c.warn(t.diagnostic(.error, .importAmbiguousDate,
                                    "the dates of this file follow no single day-month-year order: give --date-order dmy|mdy|ymd; the rows keep no date",
                                    row: first, column: column))
            case .empty: break
            }
            return nil
        }

        /// `ViewingActivity.csv`: playback sessions; trailers and other supplemental videos
        /// are counted as not imported with their type.
        mutating func activity(_ rows: [CSVFile.Record]) {
            let t = table
            let col = NetflixColumns(t.header.fields)
            let startValues: [String?] = rows.map { row in col.start.flatMap { n in t.text(row, n) } }
            let starts = NetflixColumns.StartTimes(startValues)
            var order: DateOrder?
            if !starts.spreadsheet.isEmpty, let n = col.start {
                order = dateOrder(starts.spreadsheet, rows.first { t.text($0, n) != nil }, column: n)
            }
            if col.start == nil, let first = rows.first {
                c.warn(t.diagnostic(.warning, .importBadValue, "no Start Time column: the viewings keep no date", row: first))
            }
            shows = NetflixShows(zip(rows, startValues).map { row, start in (t.value(row, col.title) ?? "", start.map { String($0.prefix(10)) }) })
            var profiles: [String] = []
            var kept = 0
            for row in rows {
                defer { c.finishRow() }
                let profile = t.text(row, col.profile)
                if let p = profile, !profiles.contains(p) { profiles.append(p) }
                guard wanted(profile) else { c.ignore("another profile than --profile"); continue }
                kept += 1
                if let type = t.text(row, col.supplemental) { c.ignore("\(type) (a supplemental video, not a viewing)"); continue }
                if NetflixTitles.isPromoAsset(t.value(row, col.title) ?? "") { c.ignore(Self.promoReason); continue }
                guard let i = item(row, col.title) else { continue }
                let start = col.start.flatMap { startTime(row, $0, order) }
                view(i, date: start, foldKey: start.map(\.day), profile: profile, row: row)
            }
            profileMissed(kept, rows, profiles)
        }

        /// A row's start: `YYYY-MM-DD HH:MM:SS` (UTC), or as a spreadsheet re-saved it
        /// (`7/28/2022 4:22`: the date in the file's order, the time without seconds).
        func startTime(_ row: CSVFile.Record, _ column: String, _ order: DateOrder?) -> ForeignDate? {
            guard let raw = table.text(row, column) else { return nil }
            if NetflixColumns.StartTimes.isISO(raw) { return instant(table.date(row, column, c)) }
            guard let order else {
                if NetflixColumns.StartTimes.split(raw) == nil {
                    c.warn(table.diagnostic(.warning, .importBadValue, "Start Time \(quoted(raw)) is not a date and time; the row keeps no date", row: row, column: column))
                }
                return nil
            }
            guard let (day, seconds) = NetflixColumns.StartTimes.split(raw), let d = NetflixDates.day(day, order) else {
                c.warn(table.diagnostic(.warning, .importBadValue, "Start Time \(quoted(raw)) is not a \(order.rawValue.uppercased()) date and time; the row keeps no date", row: row, column: column))
                return nil
            }
            return ForeignDate(raw: raw, precision: .instant, date: d.date.addingTimeInterval(TimeInterval(seconds)))
        }

        /// `Ratings.csv`: thumbs (1 down, 2 up, 3 two up; 0 none) or stars 1–5.
        func ratings(_ rows: [CSVFile.Record]) {
            let t = table
            for row in rows {
                defer { c.finishRow() }
                let profile = t.text(row, "Profile Name")
                guard wanted(profile) else { c.ignore("another profile than --profile"); continue }
                let type = t.text(row, "Rating Type")?.lowercased()
                let thumbs = t.text(row, "Thumbs Value"), stars = t.text(row, "Star Value")
                if type == "thumb", thumbs == "0" { c.ignore("thumbs 0 (no rating)"); continue }
                guard let i = item(row, "Title Name") else { continue }
                let src = t.ref(NetflixReader.service.name, file, row)
                let date = instant(t.date(row, "Event Utc Ts", c))
                let detail = profile.map { "profile: \($0)" }
                switch (type, thumbs, stars) {
                case ("thumb", "2"?, _), ("thumb", "3"?, _):
                    let what = thumbs == "3" ? "two thumbs up" : "thumbs up"
                    c.update(i) { $0.marks.append(ForeignMark(.liked, date: date, detail: [what, detail].compactMap { $0 }.joined(separator: "; "), source: src)) }
                case ("thumb", "1"?, _):
                    c.update(i) { $0.emotions.append(ForeignEmotion(value: "dislike", date: date, source: src)) }
                case ("star", _, let s?) where Int(s).map { (1...5).contains($0) } == true:
                    c.update(i) { $0.ratings.append(ForeignRating(value: Double(s)!, scale: .fivePoint, raw: s, date: date, source: src)) }
                default:
                    let raw = "\(type ?? "") \(thumbs ?? stars ?? "")".trimmingCharacters(in: .whitespaces)
                    c.warn(t.diagnostic(.warning, .importBadValue, "rating \(quoted(raw)) is neither thumbs 0–3 nor stars 1–5; kept as written",
                                        row: row, column: type == "star" ? "Star Value" : "Thumbs Value"))
                    c.update(i) { $0.extras.append(ForeignExtra(field: "Rating", value: raw, source: src)) }
                }
            }
        }

        /// `MyList.csv`: the watchlist.
        func myList(_ rows: [CSVFile.Record]) {
            let t = table
            for row in rows {
                defer { c.finishRow() }
                let profile = t.text(row, "Profile Name")
                guard wanted(profile) else { c.ignore("another profile than --profile"); continue }
                guard let i = item(row, "Title Name") else { continue }
                let src = t.ref(NetflixReader.service.name, file, row)
                let added = t.date(row, "Utc Title Add Date", c)
                c.update(i) { $0.marks.append(ForeignMark(.watchlist, date: added, detail: profile.map { "profile: \($0)" }, source: src)) }
            }
        }

        /// Whether a row of `profile` is read under `--profile` (any case).
        func wanted(_ profile: String?) -> Bool {
            guard let want = options.profile else { return true }
            return profile?.compare(want, options: [.caseInsensitive]) == .orderedSame
        }

        /// A `--profile` that names no profile of the file is a warning listing the ones it has.
        func profileMissed(_ kept: Int, _ rows: [CSVFile.Record], _ profiles: [String]) {
            guard let want = options.profile, kept == 0, let first = rows.first else { return }
            c.warn(table.diagnostic(.warning, .importBadValue, "no row of profile \(quoted(want)); its profiles are \(listing(profiles.map { quoted($0) }, "and"))",
                                    row: first, column: "Profile Name"))
        }

        /// Netflix's `YYYY-MM-DD HH:MM:SS` times are UTC.
        func instant(_ d: ForeignDate?) -> ForeignDate? {
            guard var d, d.precision == .localTime else { return d }
            d.precision = .instant
            return d
        }

        /// The item a row's title names (an episode under its show, else a whole title);
        /// nil, with the row malformed, when the title is empty or has no show before its colon.
        func item(_ row: CSVFile.Record, _ column: String) -> Int? {
            let t = table
            let src = t.ref(NetflixReader.service.name, file, row)
            let parsed = shows.apply(shows.parse(t.value(row, column) ?? ""))
            guard !parsed.title.isEmpty, !parsed.title.hasPrefix(":") else {
                let why = parsed.title.isEmpty ? "a row without a title" : "a title without a name before its colon (a title Netflix removed)"
                c.malformed(src.position, why, t.diagnostic(.error, .importMalformedRow, "\(why); row skipped", row: row, column: column))
                return nil
            }
            if let show = parsed.show, let episode = parsed.episode {
                let key = "netflix:episode:" + [show, parsed.marker ?? "", parsed.number.map(String.init) ?? episode].map(Values.key).joined(separator: "|")
                return c.item(keys: [key], source: src) {
                    var item = ForeignItem(source: src, kind: .episode, title: episode)
                    item.rawType = parsed.marker
                    var ref = EpisodeRef(showTitle: show, season: parsed.season, number: parsed.number)
                    ref.episodeTitle = episode
                    if parsed.byStructure { ref.wholeTitle = parsed.title }
                    item.episode = ref
                    return item
                }
            }
            return c.item(keys: ["netflix:title:" + Values.key(parsed.title)], source: src) {
                ForeignItem(source: src, kind: .unknown, title: parsed.title)
            }
        }

        /// A viewing of item `i`: rows of one (item, profile, `foldKey`) are one viewing, dated
        /// by its earliest session; rows without a fold key each are one.
        mutating func view(_ i: Int, date: ForeignDate?, foldKey: String?, profile: String?, row: CSVFile.Record) {
            let src = table.ref(NetflixReader.service.name, file, row)
            let detail = profile.map { "profile: \($0)" }
            let key = foldKey.map { "\(i)|\(profile ?? "")|\($0)" }
            if let key, let w = viewings[key] {
                c.update(i) { item in
                    if let date, let old = item.watches[w].date, date < old { item.watches[w].date = date }
                }
                return
            }
            var index = 0
            c.update(i) { item in
                index = item.watches.count
                item.watches.append(WatchEvent(date: date, detail: detail, source: src))
            }
            if let key { viewings[key] = index }
        }
    }
}

extension DiagnosticCode {
    /// A file whose dates could be read in several day-month-year orders (or in none): its rows
    /// keep no date until `--date-order` names the order.
    public static let importAmbiguousDate: DiagnosticCode = "import-ambiguous-date"
}

extension FormatDescriptor {
    /// Netflix's viewing history CSV and the personal-data export's viewing activity, ratings
    /// and My List, read.
    public static let netflix = filmService(NetflixReader.self)
}
