import Foundation
import MWCore
import MWFoundation

/// Reads IMDb's CSV exports: ratings, the watchlist and other lists. Three header generations,
/// told apart by the header (columns are found by name, so all three read the same way):
/// - gen 1 (≤ 2017): every field quoted, lower-case `position,const,created,…`, `Title type`
///   values like `Feature Film`, the user's rating in `You rated`, `created` like
///   `Sat Apr 23 08:36:35 2011`, Year `????` when unknown;
/// - gen 2: `Const,Your Rating,Date Rated,…` / `Position,Const,Created,…` with camelCase
///   `Title Type` (`movie`, `tvSeries`, `tvMiniSeries`, `tvEpisode`, `videoGame`…);
/// - gen 3 (mid-2024+): adds `Original Title`, display types (`TV Mini Series`, `Podcast Episode`).
/// A file with `Position` is a list (the watchlist when its name says so — IMDb writes the same
/// header for both); without, a ratings file. Decoding is UTF-8 first, Windows-1252 after
/// (``TextDecoding``). Video games and podcasts are skipped with a count; a Const without `tt`
/// is normalised; rows repeating a Const fold into one item.
public enum IMDbReader: FilmExportReading {
    /// The service, declared once: its registry format is ``FormatDescriptor/imdb``.
    static let service = FilmServiceInfo(name: .imdb, displayName: "IMDb", fileKinds: [.imdbRatings, .imdbList], shapes: [.text],
        csvSignatures: [
            CSVSignature(file: "IMDb ratings", needed: ["Const", "Title", "Your Rating"], other: ["Date Rated", "URL", "Title Type", "Year", "Genres"]),
            CSVSignature(file: "IMDb list (watchlist)", needed: ["Position", "Const", "Title"], other: ["Created", "Modified", "Description", "URL", "Title Type"]),
        ],
        summary: "IMDb: ratings and list exports read; an IMDb-style list CSV (Const, Your Rating…) written, which Trakt, Letterboxd and others import",
        aliases: ["imdb-csv"], capabilities: [.streamable], write: IMDbCSVWriter.write, writeSwitches: [.ratingFromLiked],
        holds: FormatHolds(ratings: "1–10", dates: "day", episodes: true, lists: true, reviews: true, status: true))

    /// The role of an IMDb export file from its header; nil when it is not one.
    public static func detect(bytes: [UInt8], name: String) -> FileStats.Kind? {
        let f = ExportFile(container: "", inner: name, display: name, bytes: bytes)
        return detect(f, ExportContent(f))
    }

    static func detect(_ file: ExportFile, _ parsed: ExportContent) -> FileStats.Kind? {
        let h = parsed.headerKeys
        guard h.contains("const"), h.contains("title") else { return nil }
        if h.contains("position") { return .imdbList }
        if h.contains("your rating") || h.contains("you rated") { return .imdbRatings }
        return nil
    }

    /// What an IMDb title type is, and whether it is imported at all.
    static func kind(_ raw: String?) -> (ForeignKind, skip: String?) {
        let t = foldType(raw ?? "")
        if t.isEmpty { return (.unknown, nil) }
        return titleTypes[t] ?? (.unknown, nil)
    }

    /// Whether `raw` is a `Title Type` value ``kind(_:)`` knows (empty counts as known: no type given).
    static func isKnownType(_ raw: String?) -> Bool {
        let t = foldType(raw ?? "")
        return t.isEmpty || titleTypes[t] != nil
    }

    /// A `Title Type` value without case, accents, blanks, hyphens or dots: `Série TV`,
    /// `serie tv` and `Serie-TV` are one value.
    static func foldType(_ raw: String) -> String {
        raw.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .filter { !($0.isWhitespace || $0 == "-" || $0 == "." || $0 == "'" || $0 == "’") }
    }

    /// `Title Type` values as IMDb writes them in English and in its localised exports (German,
    /// French, Spanish, Portuguese, Italian), folded by ``foldType(_:)``. IMDb translates the
    /// column's values with the site's language, so a user's export says `Film`, `Serie TV`
    /// or `Episódio de TV` for what an English one calls `Movie`, `TV Series`, `TV Episode`.
    static let titleTypes: [String: (ForeignKind, skip: String?)] = {
        let game = (ForeignKind.unknown, Optional("video game (not imported)"))
        let podcast = (ForeignKind.unknown, Optional("podcast (not imported)"))
        var m: [String: (ForeignKind, skip: String?)] = [:]
        func add(_ value: (ForeignKind, skip: String?), _ names: [String]) { for n in names { m[foldType(n)] = value } }
        add(game, ["videoGame", "Videospiel", "Jeu vidéo", "Videojuego", "Videogioco", "Jogo eletrônico", "Videojogo", "Video game"])
        add(podcast, ["podcastSeries", "podcastEpisode", "podcast", "Podcast-Serie", "Podcast-Episode", "Podcastserie",
                      "Série de podcasts", "Série de podcast", "Épisode de podcast", "Serie de podcast", "Serie de pódcast",
                      "Episodio de podcast", "Episodio de pódcast", "Episódio de podcast", "Serie podcast", "Episodio podcast"])
        add((.tvShow, nil), ["tvSeries", "tvMiniSeries", "Mini Series", "Series", "TV-Serie", "Fernsehserie", "Serie",
                             "TV-Miniserie", "Miniserie", "Mini-Serie", "Série TV", "Série", "Série télévisée",
                             "Mini-série", "Minisérie", "Série de TV", "Série de televisão", "Minissérie", "Série",
                             "Serie de TV", "Serie de televisión", "Miniserie de TV", "Serie TV", "Serie televisiva",
                             "Miniserie TV", "Mini-serie TV"])
        add((.episode, nil), ["tvEpisode", "Episode", "TV-Episode", "Folge", "Fernsehepisode", "Episode einer Serie",
                              "Épisode TV", "Épisode", "Episodio de TV", "Episodio", "Episódio de TV", "Episódio",
                              "Episodio TV"])
        add((.movie, nil), ["movie", "Feature Film", "tvMovie", "tvSpecial", "short", "tvShort", "video", "musicVideo",
                            "documentary", "Film", "Spielfilm", "Fernsehfilm", "TV-Film", "TV-Special", "Fernsehspecial",
                            "Kurzfilm", "TV-Kurzfilm", "Video", "Musikvideo", "Dokumentarfilm", "Dokumentation",
                            "Téléfilm", "Film TV", "Spécial TV", "Court métrage", "Court-métrage TV", "Court métrage TV",
                            "Vidéo", "Clip vidéo", "Vidéoclip", "Documentaire",
                            "Película", "Película de TV", "Película para televisión", "Película de televisión",
                            "Especial de TV", "Cortometraje", "Cortometraje de TV", "Vídeo", "Video musical", "Videoclip",
                            "Documental", "Filme", "Filme de TV", "Filme para TV", "Filme para televisão",
                            "Especial de televisão", "Curta-metragem", "Curta-metragem de TV", "Videoclipe", "Documentário",
                            "Telefilm", "Film per la TV", "Speciale TV", "Cortometraggio", "Cortometraggio TV",
                            "Video musicale", "Documentario",
                            // Older English exports (gen 1, ≤ 2017) spell kinds out.
                            "Short Film", "TV Short Film", "Video Movie", "Video Short", "Documentary Film", "Short Documentary",
                            "Made for TV Movie", "Made for Video"])
        return m
    }()

    /// Columns read into the item, and IMDb's own catalogue data (not typed by the user).
    private static let known: Set<String> = [
        "position", "const", "created", "modified", "description", "title", "original title", "url", "title type",
        "imdb rating", "runtime (mins)", "year", "genres", "num votes", "num. votes", "release date",
        "release date (month/day/year)", "directors", "your rating", "you rated", "date rated",
    ]

    static func read(_ files: [(ExportFile, FileStats.Kind, ExportContent)], into c: ItemCollector, options _: ImportOptions) {
        for (file, kind, parsed) in files.sorted(by: { $0.0.inner < $1.0.inner }) {
            guard let csv = parsed.csv, let t = csv.table else { continue }
            c.beginFile(file.display, kind: kind)
            let base = (file.baseName as NSString).deletingPathExtension
            let isWatchlist = base.lowercased().contains("watchlist")
            var listKey: String?
            if kind == .imdbList && !isWatchlist {
                listKey = c.addList(ForeignList(key: c.listKey(file.inner), service: .imdb, name: base,
                                                source: SourceRef(service: .imdb, file: file.inner, shown: file.display)))
            }
            let ragged = Set(t.raggedRows.map { $0.line })
            // Title Type values not recognised, each reported once with its count: an item of
            // unknown kind is matched against every kind, which the user should know about.
            var unknownTypes: [String: (count: Int, first: CSVFile.Record)] = [:]
            defer {
                for (value, u) in unknownTypes.sorted(by: { $0.value.first.line < $1.value.first.line }) {
                    c.warn(t.diagnostic(.warning, .importBadValue, "Title Type \(quoted(value)) is not one mwkit knows (\(u.count) row(s), first here); those titles are matched as any kind", row: u.first, column: "Title Type"))
                }
            }
            for row in t.rows {
                defer { c.finishRow() }
                let url = t.text(row, "URL")
                let src = t.ref(.imdb, file, row, uri: url)
                if ragged.contains(row.line) {
                    let d = t.diagnostic(.error, .importMalformedRow, "\(row.fields.count) field(s) where the header has \(t.header.fields.count); row skipped", row: row)
                    c.malformed(src.position, "\(row.fields.count) fields, header has \(t.header.fields.count)", d)
                    continue
                }
                let rawType = t.text(row, "Title Type", "Title type")
                let (k, skip) = self.kind(rawType)
                if !isKnownType(rawType), let rawType { unknownTypes[rawType, default: (0, row)].count += 1 }
                if let skip { c.ignore(skip); continue }
                let constRaw = t.text(row, "Const")
                let imdb = Values.imdbID(constRaw) ?? Values.imdbID(url)
                guard let title = t.text(row, "Title") else {
                    c.malformed(src.position, "no title", t.diagnostic(.error, .importMalformedRow, "a row without a title", row: row, column: "Title"))
                    continue
                }
                if let constRaw, Values.imdbID(constRaw) == nil {
                    c.warn(t.diagnostic(.warning, .importBadValue, "Const \(quoted(constRaw)) is not an IMDb ID", row: row, column: "Const"))
                }
                let year = Values.year(t.value(row, "Year"))
                let i = c.item(keys: [imdb.map { "imdb:" + $0 } ?? "title:" + Values.key(title) + "|" + (year.map(String.init) ?? "")], source: src) {
                    var item = ForeignItem(source: src, kind: k, title: title)
                    item.rawType = rawType
                    item.year = year
                    item.ids.imdb = imdb
                    return item
                }
                let rating = self.rating(t, row, src, c)
                let created = t.date(row, "Created", c)
                let note = t.value(row, "Description").flatMap { Values.text($0) == nil ? nil : $0 }
                let position = Values.int(t.value(row, "Position"))
                c.update(i) { item in
                    if item.originalTitle == nil, let o = t.text(row, "Original Title"), o != title { item.originalTitle = o }
                    if item.directors.isEmpty { item.directors = Values.tags(t.value(row, "Directors")) }
                    if let rating, !item.ratings.contains(where: { $0.value == rating.value && $0.date == rating.date }) { item.ratings.append(rating) }
                    if kind == .imdbList {
                        if isWatchlist {
                            if !item.has(.watchlist) { item.marks.append(ForeignMark(.watchlist, date: created, detail: note, source: src)) }
                        } else if let listKey, !item.lists.contains(where: { $0.listKey == listKey && $0.position == position }) {
                            item.lists.append(ListMembership(listKey: listKey, listName: base, position: position, note: note, addedAt: created, source: src))
                        }
                    }
                    item.extras += t.extras(row, known: known, source: src)
                    if rating == nil, let raw = t.text(row, "Your Rating", "You rated") { item.extras.append(ForeignExtra(field: "Your Rating", value: raw, source: src)) }
                }
            }
        }
    }

    /// `Your Rating` / `You rated`, 1–10, dated by `Date Rated` when present.
    static func rating(_ t: CSVTable, _ row: CSVFile.Record, _ src: SourceRef, _ c: ItemCollector) -> ForeignRating? {
        let column = t.has("Your Rating") ? "Your Rating" : "You rated"
        return t.rating(row, column, .tenPoint, c, src: src, date: t.date(row, "Date Rated", c), range: "1–10") { $0 >= 1 && $0 <= 10 }
    }
}

extension FormatDescriptor {
    /// IMDb: ratings and list exports read; an IMDb-style list CSV written (`--to imdb`, or by
    /// its older name `imdb-csv`), which Trakt, Letterboxd and others import.
    public static let imdb = filmService(IMDbReader.self)
}
