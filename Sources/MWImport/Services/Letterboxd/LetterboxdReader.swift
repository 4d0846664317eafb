import Foundation
import MWCore
import MWFoundation

/// Reads a Letterboxd export (the ZIP from Settings → Data, 2019–2026, or its files).
///
/// Files are recognised by header: `…,Letterboxd URI,Rating,Rewatch,Review,…` (reviews),
/// `…,Rewatch,Tags,Watched Date` (diary), `Date,Name,Year,Letterboxd URI,Rating` (ratings),
/// `Date,Name,Year,Letterboxd URI` (watched, watchlist and liked films share it, so the file's
/// name in the export tells them apart), list files by their metadata block (a
/// `Letterboxd list export v7` banner, or an empty first line before 2024) above a
/// `Position,Name,Year,URL,Description` header, and `Date,Content[,Comment]` (comments and liked
/// lists/reviews: other people's content, counted and not imported). `deleted/` and `orphaned/`
/// are read only with ``ImportOptions/includeDeleted``. A file in Letterboxd's *import* format
/// (`tmdbID,imdbID,Title,Year,Rating,WatchedDate,Rewatch,Tags,Review`, what `convert --to
/// letterboxd-csv` and other tools write) is read too: what a Letterboxd import would read.
///
/// Rows are folded into one item per film by name and year: diary and review rows link the
/// diary ENTRY (`boxd.it/4MNHxf`), not the film, so links cannot join them (pre-2020 exports
/// link `letterboxd.com/<user>/film/<slug>/`, whose slug is kept). Items are `.movie` with raw
/// type `film`: Letterboxd's catalogue is films, and the few TV miniseries in it cannot be told
/// apart in the CSV, so the matcher must allow for them.
public enum LetterboxdReader: FilmExportReading {
    /// The service, declared once: its registry format is ``FormatDescriptor/letterboxd``.
    static let service = FilmServiceInfo(name: .letterboxd, displayName: "Letterboxd", fileKinds: [
            .letterboxdWatched, .letterboxdDiary, .letterboxdRatings, .letterboxdReviews, .letterboxdWatchlist, .letterboxdLikedFilms, .letterboxdList,
            .letterboxdComments, .letterboxdLikedLists, .letterboxdLikedReviews, .letterboxdImport,
        ], shapes: [.text],
        csvSignatures: [
            CSVSignature(file: "Letterboxd diary.csv", needed: ["Date", "Name", "Year", "Letterboxd URI", "Watched Date"], other: ["Rating", "Rewatch", "Tags"]),
            CSVSignature(file: "Letterboxd ratings.csv", needed: ["Date", "Name", "Year", "Letterboxd URI", "Rating"]),
            CSVSignature(file: "Letterboxd watched.csv", needed: ["Date", "Name", "Year", "Letterboxd URI"]),
        ],
        summary: "Letterboxd: its export read; its import CSV written, one row per watch (over 1,000 rows: a folder of 1,000-row files)",
        aliases: ["letterboxd-csv"], capabilities: [.streamable, .folderOutput], write: LetterboxdCSVWriter.write, writeSwitches: [.ratingFromLiked],
        readOptions: [.letterboxdIncludeDeleted],
        holds: FormatHolds(ratings: "0.5–5 in halves", dates: "day", rewatches: true, lists: true, tags: true, reviews: true, status: true))

    /// The role of a Letterboxd file from its content (header, list banner) and, where
    /// Letterboxd uses one header for several files, its name inside the export; nil when the
    /// file is not a Letterboxd export file.
    public static func detect(bytes: [UInt8], name: String) -> FileStats.Kind? {
        let f = ExportFile(container: "", inner: name, display: name, bytes: bytes)
        return detect(f, ExportContent(f))
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        guard let csv = parsed.csv else { return nil }
        if isList(csv) { return .letterboxdList }
        let h = parsed.headerKeys
        let comps = file.components
        if isImportFile(h) { return .letterboxdImport }
        if h.contains("letterboxd uri") && h.contains("name") {
            if h.contains("review") { return .letterboxdReviews }
            if h.contains("watched date") || h.contains("rewatch") { return .letterboxdDiary }
            if h.contains("rating") { return .letterboxdRatings }
            let base = comps.last ?? ""
            if base.contains("watchlist") { return .letterboxdWatchlist }
            if comps.dropLast().contains("likes") || base.contains("like") { return .letterboxdLikedFilms }
            return .letterboxdWatched
        }
        if h == ["date", "content", "comment"] { return .letterboxdComments }
        if h == ["date", "content"] {
            return (comps.last ?? "").contains("review") ? .letterboxdLikedReviews : .letterboxdLikedLists
        }
        return nil
    }

    /// Every column of Letterboxd's import format (letterboxd.com/about/importing-data),
    /// lower case without blanks.
    static let importColumns: Set<String> = ["letterboxduri", "tmdbid", "imdbid", "title", "year", "directors", "rating",
                                             "rating10", "watcheddate", "rewatch", "tags", "review"]
    /// Of those, the ones only that format spells so.
    static let importSignature: Set<String> = ["tmdbid", "imdbid", "letterboxduri", "watcheddate", "rating10"]

    /// An import-format file: a `Title` column, one of ``importSignature``, and no column
    /// Letterboxd's importer does not know. Other trackers' CSVs share `title` and an id column
    /// (Movary's `title,year,tmdbId,imdbId,watchedAt`, Simkl's `SIMKL_ID,Title,…,TMDB`); their
    /// own columns tell them apart, so they are never read as Letterboxd's.
    static func isImportFile(_ header: Set<String>) -> Bool {
        let names = Set(header.map { $0.filter { !$0.isWhitespace } }.filter { !$0.isEmpty })
        return names.contains("title") && !names.isDisjoint(with: importSignature) && names.isSubset(of: importColumns)
    }

    /// A list file: a metadata block (`Date,Name,Tags,URL,Description`) then a `Position` header.
    static func isList(_ csv: CSVFile) -> Bool {
        let recs = csv.records.prefix(64)
        guard let meta = recs.firstIndex(where: { $0.fields.map { $0.lowercased() }.starts(with: ["date", "name", "tags", "url"]) }) else { return false }
        return recs[meta...].contains { $0.fields.first?.lowercased() == "position" }
    }

    /// The order files are read in, so that diary entries exist before the reviews that
    /// belong to them.
    static func order(_ k: FileStats.Kind) -> Int {
        switch k {
        case .letterboxdWatched: return 0
        case .letterboxdDiary, .letterboxdImport: return 1
        case .letterboxdReviews: return 2
        case .letterboxdRatings: return 3
        case .letterboxdWatchlist: return 4
        case .letterboxdLikedFilms: return 5
        case .letterboxdList: return 6
        default: return 7
        }
    }

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { (order($0.1), $0.0.inner) < (order($1.1), $1.0.inner) }) {
            guard let csv = parsed.csv else { continue }
            c.beginFile(file.display, kind: kind)
            let deleted = file.components.dropLast().contains { $0 == "deleted" || $0 == "orphaned" }
            if kind == .letterboxdList {
                readList(file, csv, deleted: deleted, into: c, options: options)
                continue
            }
            guard let t = csv.table else { continue }
            for d in t.raggedRows { c.warn(d) }
            if kind == .letterboxdWatched, !(file.components.last ?? "").contains("watched") {
                // watched, watchlist and liked films share one header; only the name tells them apart.
                c.warn(.warning(.importAmbiguousFile, "\(file.display) has the header of watched.csv, watchlist.csv and likes/films.csv; its name says none, so it is read as watched films"))
            }
            switch kind {
            case .letterboxdComments: c.ignoreRows(t.rows.count, "comment on someone else's entry (not imported)")
            case .letterboxdLikedLists: c.ignoreRows(t.rows.count, "someone else's list the user liked (not imported)")
            case .letterboxdLikedReviews: c.ignoreRows(t.rows.count, "someone else's review the user liked (not imported)")
            default:
                if deleted && !options.includeDeleted {
                    c.ignoreRows(t.rows.count, "deleted or orphaned entry (includeDeleted is off)")
                    continue
                }
                for row in t.rows {
                    if kind == .letterboxdImport { readImportRow(row, t, file, into: c) } else { readRow(row, t, file, kind, into: c) }
                    c.finishRow()
                }
            }
        }
    }

    /// The film link of a film-level row; an entry link of a pre-2020 diary row still names the film's slug.
    static func slug(_ uri: String?) -> String? {
        guard let uri, let r = uri.range(of: "/film/") else { return nil }
        let s = uri[r.upperBound...].prefix { $0 != "/" }
        return s.isEmpty ? nil : String(s)
    }

    /// The item of a film. Film-level rows (watched, ratings, watchlist, likes, lists) link the
    /// film itself, so the link is the key: two films may share a name and year (`Rain`, 2019).
    /// Diary and review rows link the entry, so they join a film by name and year (or by the
    /// slug a pre-2020 entry link names); when several films share those, the first is taken
    /// and `ambiguous()` reported.
    static func film(_ name: String, _ year: Int?, uri: String?, filmLevel: Bool, _ src: SourceRef, _ c: ItemCollector,
                     ambiguous: () -> Diagnostic) -> Int {
        let loose = "lb:" + Values.key(name) + "|" + (year.map(String.init) ?? "")
        let slug = self.slug(uri)
        var keys: [String] = []
        if filmLevel, let uri { keys.append("lbfilm:" + uri) }
        if let slug { keys.append("lbslug:" + slug) }
        var join: Int?
        if c.existing(keys: keys) == nil {
            let candidates = (c.loose[loose] ?? []).filter { i in
                let it = c.items[i]
                if filmLevel, let uri, let have = it.ids.letterboxdURI, have != uri { return false }
                if let slug, let have = it.ids.letterboxdSlug, have != slug { return false }
                return true
            }
            join = candidates.first
            if candidates.count > 1 && !filmLevel { c.warn(ambiguous()) }
        }
        let i = c.item(keys: keys, join: join, source: src) {
            var item = ForeignItem(source: src, kind: .movie, title: name)
            item.rawType = "film"
            item.year = year
            return item
        }
        if !(c.loose[loose] ?? []).contains(i) { c.loose[loose, default: []].append(i) }
        return i
    }

    private static let known: Set<String> = ["date", "name", "year", "letterboxd uri", "rating", "rewatch", "tags", "watched date", "review"]

    static func readRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, _ kind: FileStats.Kind, into c: ItemCollector) {
        let uri = t.text(row, "Letterboxd URI", "URL")
        let src = t.ref(.letterboxd, file, row, uri: uri)
        guard let name = t.text(row, "Name") else {
            return c.malformed(src.position, "no film name", t.diagnostic(.error, .importMalformedRow, "a row without a film name", row: row, column: "Name"))
        }
        let yearText = t.text(row, "Year")
        let year = Values.year(yearText)
        if let yearText, year == nil, yearText != "????" {
            c.warn(t.diagnostic(.warning, .importBadValue, "year \(quoted(yearText)) is not a year; kept as extra", row: row, column: "Year"))
        }
        let filmLevel = kind != .letterboxdDiary && kind != .letterboxdReviews
        let i = film(name, year, uri: uri, filmLevel: filmLevel, src, c) {
            t.diagnostic(.warning, .importAmbiguousRow, "\(quoted(name)) (\(year.map(String.init) ?? "no year")) names more than one film of this export; joined to the first", row: row, column: "Name")
        }
        let logged = date(t, row, "Date", c)
        let watched = date(t, row, "Watched Date", c)
        let rating = self.rating(t, row, c, src: src, date: kind == .letterboxdRatings ? logged : (watched ?? logged))
        let tags = Values.tags(t.value(row, "Tags"))
        let rewatch = t.text(row, "Rewatch")?.lowercased() == "yes"
        c.update(i) { item in
            if filmLevel, let uri {
                if item.ids.letterboxdURI == nil { item.ids.letterboxdURI = uri }
            }
            if item.ids.letterboxdSlug == nil { item.ids.letterboxdSlug = slug(uri) }
            Values.union(&item.tags, tags)
            item.extras += t.extras(row, known: known, source: src)
            if let yearText, year == nil, yearText != "????" { item.extras.append(ForeignExtra(field: "Year", value: yearText, source: src)) }
            if rating == nil, let raw = t.text(row, "Rating") { item.extras.append(ForeignExtra(field: "Rating", value: raw, source: src)) }
            switch kind {
            case .letterboxdWatched:
                item.marks.append(ForeignMark(.watched, date: logged, source: src))
            case .letterboxdWatchlist:
                item.marks.append(ForeignMark(.watchlist, date: logged, source: src))
            case .letterboxdLikedFilms:
                item.marks.append(ForeignMark(.liked, date: logged, source: src))
            case .letterboxdRatings:
                if let rating { item.ratings.append(rating) }
            case .letterboxdDiary:
                item.watches.append(WatchEvent(date: watched, loggedDate: logged, rewatch: rewatch, tags: tags, source: src))
                if let rating { item.ratings.append(rating) }
            case .letterboxdReviews:
                // The diary entry this review belongs to: same entry link, else same dates.
                let entry = item.watches.firstIndex {
                    if let u = uri, let v = $0.source.uri { return u == v && $0.date == watched }
                    return $0.date == watched && $0.loggedDate == logged
                }
                if entry == nil, watched != nil {
                    item.watches.append(WatchEvent(date: watched, loggedDate: logged, rewatch: rewatch, tags: tags, source: src))
                }
                if let rating, entry == nil || !item.ratings.contains(where: { $0.value == rating.value && $0.date == rating.date }) {
                    item.ratings.append(rating)
                }
                if let text = t.value(row, "Review"), Values.text(text) != nil {
                    item.reviews.append(ForeignReview(text: text, isHTML: Values.looksLikeHTML(text), date: logged,
                                                      watchedDate: watched, kind: "review", source: src))
                }
            default: break
            }
        }
    }

    private static let importKnown: Set<String> = ["letterboxduri", "tmdbid", "imdbid", "title", "year", "directors", "rating",
                                                   "rating10", "watcheddate", "rewatch", "tags", "review"]

    /// A row of an import-format file: a watch (with `WatchedDate`) or a film marked watched,
    /// with its rating, tags and review. Rows name the film itself, so they join by TMDb ID,
    /// IMDb ID or film link, else by title and year.
    static func readImportRow(_ row: CSVFile.Record, _ t: CSVTable, _ file: ExportFile, into c: ItemCollector) {
        let uri = t.text(row, "LetterboxdURI")
        let src = t.ref(.letterboxd, file, row, uri: uri)
        let tmdb = t.tmdbID(row, "tmdbID", c)
        let imdb = Values.imdbID(t.value(row, "imdbID"))
        let name = t.text(row, "Title") ?? ""
        guard !name.isEmpty || tmdb != nil || imdb != nil || uri != nil else {
            return c.malformed(src.position, "no film title or ID", t.diagnostic(.error, .importMalformedRow, "a row without a film title or ID", row: row, column: "Title"))
        }
        let yearText = t.text(row, "Year")
        let year = Values.year(yearText)
        if let yearText, year == nil {
            c.warn(t.diagnostic(.warning, .importBadValue, "year \(quoted(yearText)) is not a year; kept as extra", row: row, column: "Year"))
        }
        let keys = [tmdb.map { "lbtmdb:\($0)" }, imdb.map { "lbimdb:" + $0 }, uri.map { "lbfilm:" + $0 }].compactMap { $0 }
        let loose = "lb:" + Values.key(name) + "|" + (year.map(String.init) ?? "")
        var join: Int?
        if c.existing(keys: keys) == nil, !name.isEmpty {
            join = (c.loose[loose] ?? []).first { i in
                let ids = c.items[i].ids
                return (tmdb == nil || ids.tmdb == nil || ids.tmdb == tmdb) && (imdb == nil || ids.imdb == nil || ids.imdb == imdb)
            }
        }
        let i = c.item(keys: keys, join: join, source: src) {
            var item = ForeignItem(source: src, kind: .movie, title: name)
            item.rawType = "film"
            item.year = year
            return item
        }
        if !name.isEmpty, !(c.loose[loose] ?? []).contains(i) { c.loose[loose, default: []].append(i) }
        let watched = date(t, row, "WatchedDate", c)
        // `Rating` (half stars) first; `Rating10` when there is no readable `Rating`. A value not
        // taken is kept as an extra.
        let stars = self.rating(t, row, c, src: src, date: watched)
        let points = stars == nil ? tenPoint(t, row, c, src: src, date: watched) : nil
        let rating = stars ?? points
        let tags = Values.tags(t.value(row, "Tags"))
        let rewatch = Values.bool(t.value(row, "Rewatch")) ?? false
        c.update(i) { item in
            if item.ids.tmdb == nil { item.ids.tmdb = tmdb }
            if item.ids.imdb == nil { item.ids.imdb = imdb }
            if item.ids.letterboxdURI == nil { item.ids.letterboxdURI = uri }
            if item.ids.letterboxdSlug == nil { item.ids.letterboxdSlug = slug(uri) }
            if item.year == nil { item.year = year }
            Values.union(&item.directors, Values.tags(t.value(row, "Directors")))
            Values.union(&item.tags, tags)
            item.extras += t.extras(row, known: importKnown, source: src)
            if let yearText, year == nil { item.extras.append(ForeignExtra(field: "Year", value: yearText, source: src)) }
            if stars == nil, let raw = t.text(row, "Rating") { item.extras.append(ForeignExtra(field: "Rating", value: raw, source: src)) }
            if points == nil, let raw = t.text(row, "Rating10") { item.extras.append(ForeignExtra(field: "Rating10", value: raw, source: src)) }
            if let watched {
                item.watches.append(WatchEvent(date: watched, rewatch: rewatch, tags: tags, source: src))
            } else {
                item.marks.append(ForeignMark(.watched, source: src))
            }
            if let rating { item.ratings.append(rating) }
            if let text = t.value(row, "Review"), Values.text(text) != nil {
                item.reviews.append(ForeignReview(text: text, isHTML: Values.looksLikeHTML(text), date: nil, watchedDate: watched,
                                                  kind: "review", source: src))
            }
        }
    }

    /// An import-format `Rating10`: 1–10 points, kept as given.
    static func tenPoint(_ t: CSVTable, _ row: CSVFile.Record, _ c: ItemCollector, src: SourceRef, date: ForeignDate?) -> ForeignRating? {
        t.rating(row, "Rating10", .tenPoint, c, src: src, date: date, range: "1–10", then: "; kept as extra") { $0 >= 1 && $0 <= 10 }
    }

    static func date(_ t: CSVTable, _ row: CSVFile.Record, _ column: String, _ c: ItemCollector) -> ForeignDate? {
        t.date(row, column, c)
    }

    /// A rating on the half-star scale 0.5–5, kept exactly (4.5 stays 4.5).
    static func rating(_ t: CSVTable, _ row: CSVFile.Record, _ c: ItemCollector, src: SourceRef, date: ForeignDate?) -> ForeignRating? {
        t.rating(row, "Rating", .halfStars5, c, src: src, date: date, range: "0.5–5 in half stars", then: "; kept as extra") {
            $0 >= 0.5 && $0 <= 5 && ($0 * 2).rounded() == $0 * 2
        }
    }

    /// A list file: the metadata block gives the list, each row below `Position,…` a film.
    static func readList(_ file: ExportFile, _ csv: CSVFile, deleted: Bool, into c: ItemCollector, options: ImportOptions) {
        guard let meta = csv.table(headerWhere: { $0.map { $0.lowercased() }.starts(with: ["date", "name", "tags", "url"]) }),
              let films = csv.table(headerWhere: { $0.first?.lowercased() == "position" }) else { return }
        for d in films.raggedRows { c.warn(d) }
        if deleted && !options.includeDeleted {
            c.ignoreRows(films.rows.count, "deleted or orphaned entry (includeDeleted is off)")
            return
        }
        let info = meta.rows.first { $0.line < films.header.line }
        let name = info.flatMap { meta.text($0, "Name") } ?? ((file.baseName as NSString).deletingPathExtension)
        let listSrc = info.map { meta.ref(.letterboxd, file, $0, uri: meta.text($0, "URL")) } ?? SourceRef(service: .letterboxd, file: file.inner, shown: file.display)
        let key = c.addList(ForeignList(
            key: c.listKey(file.inner), service: .letterboxd, name: name,
            description: info.flatMap { meta.value($0, "Description") }.flatMap { Values.text($0) == nil ? nil : $0 },
            tags: Values.tags(info.flatMap { meta.value($0, "Tags") }), uri: info.flatMap { meta.text($0, "URL") },
            createdAt: info.flatMap { ForeignDate.parse(meta.value($0, "Date")) }, deleted: deleted, source: listSrc))
        for row in films.rows {
            defer { c.finishRow() }
            let uri = films.text(row, "URL")
            let src = films.ref(.letterboxd, file, row, uri: uri)
            guard let title = films.text(row, "Name") else {
                c.malformed(src.position, "no film name", films.diagnostic(.error, .importMalformedRow, "a list row without a film name", row: row, column: "Name"))
                continue
            }
            let year = Values.year(films.value(row, "Year"))
            let i = film(title, year, uri: uri, filmLevel: true, src, c) {
                films.diagnostic(.warning, .importAmbiguousRow, "\(quoted(title)) names more than one film of this export; joined to the first", row: row, column: "Name")
            }
            let position = Values.int(films.value(row, "Position"))
            let note = films.value(row, "Description").flatMap { Values.text($0) == nil ? nil : $0 }
            c.update(i) { item in
                if item.ids.letterboxdURI == nil { item.ids.letterboxdURI = uri }
                if item.ids.letterboxdSlug == nil { item.ids.letterboxdSlug = slug(uri) }
                item.lists.append(ListMembership(listKey: key, listName: name, position: position, note: note, source: src))
                item.extras += films.extras(row, known: ["position", "name", "year", "url", "description"], source: src)
            }
        }
    }
}

extension FormatDescriptor {
    /// Letterboxd: its export (the ZIP, its folder or files) read by `import` and `validate`;
    /// its import CSV written (`--to letterboxd`, or by its older name `letterboxd-csv`).
    public static let letterboxd = filmService(LetterboxdReader.self)
}
