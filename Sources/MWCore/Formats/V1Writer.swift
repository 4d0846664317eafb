import Foundation

/// Writes `ExportData` (v1) exactly as the app's Swift `JSONEncoder` would: compact, keys in
/// declaration order (seeds/000 §8.2), `/` escaped, reference-date numbers, nil omitted.
enum V1Writer {
    static func write(_ lib: Library, pretty: Bool, emit: @escaping ([UInt8]) -> Void) throws -> [Diagnostic] {
        let stripped = lib.titles.filter(\.isStripped).count + lib.episodes.filter(\.isStripped).count
        if stripped > 0 {
            throw MWError.invalid([.error(.strippedInV1, "\(stripped) stripped record(s) cannot be written as v1, which has no way to mark metadata absent; run `mwkit hydrate` first or write v2")])
        }
        var w = JSONWriter(pretty: pretty, escapeSlash: true, spaceBeforeColon: true, emit: emit)
        func date(_ d: Date) -> Double { d.timeIntervalSinceReferenceDate }
        w.beginObject()
        w.field("version", lib.sourceVersion ?? "1.0")
        w.key("exportDate"); w.double(date(lib.exportDate ?? Clock.now()))
        w.key("lists"); w.beginArray()
        for l in lib.lists {
            w.element(); w.beginObject()
            w.field("id", l.id)
            w.field("name", l.name)
            w.field("icon", l.icon)
            w.field("colorHex", l.colorHex)
            w.field("sortOrder", l.sortOrder)
            w.key("titleIds"); w.beginArray()
            for item in orderedItems(l) { w.element(); w.string(item.titleId) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("titles"); w.beginArray()
        for t in lib.titles {
            let m = t.metadata!
            w.element(); w.beginObject()
            w.field("id", t.id)
            w.field("tmdbId", t.tmdbId)
            w.field("imdbId", m.imdbId)
            w.field("mediaType", t.mediaType.rawValue)
            w.field("title", m.title)
            w.field("year", m.year)
            w.field("overview", m.overview)
            w.field("genres", m.genres)
            w.field("runtime", m.runtime)
            w.field("posterPath", m.posterPath)
            w.field("backdropPath", m.backdropPath)
            w.field("watched", t.watched)
            if let d = t.watchedDate { w.key("watchedDate"); w.double(date(d)) }
            w.field("likedStatus", t.likedStatus)
            w.key("dateAdded"); w.double(date(t.dateAdded))
            w.endObject()
        }
        w.endArray()
        w.key("episodes"); w.beginArray()
        for e in lib.episodes {
            let m = e.metadata!
            w.element(); w.beginObject()
            w.field("id", e.id)
            w.field("showId", e.showId)
            w.field("seasonNumber", e.seasonNumber)
            w.field("episodeNumber", e.episodeNumber)
            w.field("name", m.name)
            w.field("overview", m.overview)
            w.field("watched", e.watched)
            if let d = e.watchedDate { w.key("watchedDate"); w.double(date(d)) }
            w.endObject()
        }
        w.endArray()
        w.key("notes"); w.beginArray()
        for n in lib.notes {
            w.element(); w.beginObject()
            w.field("id", n.id)
            w.field("parentId", n.parentId)
            w.field("parentType", n.parentType.rawValue)
            w.field("text", n.text)
            w.field("ownerOnly", n.ownerOnly)
            w.key("dateCreated"); w.double(date(n.dateCreated))
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.finish()
        return droppedFields(lib)
    }

    /// Items in list order: by orderIndex, ties kept in source order.
    static func orderedItems(_ l: MediaList) -> [ListItem] {
        l.items.enumerated().sorted { ($0.element.orderIndex, $0.offset) < ($1.element.orderIndex, $1.offset) }.map(\.element)
    }

    /// One `field-dropped` warning per field v1 cannot hold, with how many records had a value.
    static func droppedFields(_ lib: Library) -> [Diagnostic] {
        var counts: [(String, String, Int)] = []
        func count<T>(_ coll: String, _ field: String, _ items: [T], _ has: (T) -> Bool) {
            let n = items.reduce(0) { $0 + (has($1) ? 1 : 0) }
            if n > 0 { counts.append((coll, field, n)) }
        }
        let t = lib.titles, e = lib.episodes, l = lib.lists
        count("titles", "originalTitle", t) { $0.metadata?.originalTitle != nil }
        count("titles", "originalLanguage", t) { $0.metadata?.originalLanguage != nil }
        count("titles", "popularity", t) { $0.metadata?.popularity != nil }
        count("titles", "voteAverage", t) { $0.metadata?.voteAverage != nil }
        count("titles", "voteCount", t) { $0.metadata?.voteCount != nil }
        count("titles", "releaseDate", t) { $0.metadata?.releaseDate != nil }
        count("titles", "firstAirDate", t) { $0.metadata?.firstAirDate != nil }
        count("titles", "lastAirDate", t) { $0.metadata?.lastAirDate != nil }
        count("titles", "status", t) { $0.metadata?.status != nil }
        count("titles", "numberOfSeasons", t) { $0.metadata?.numberOfSeasons != nil }
        count("titles", "numberOfEpisodes", t) { $0.metadata?.numberOfEpisodes != nil }
        count("titles", "dateModified", t) { $0.dateModified != nil }
        count("titles", "localPosterPath", t) { $0.localPosterPath != nil }
        count("titles", "localBackdropPath", t) { $0.localBackdropPath != nil }
        count("episodes", "tmdbId", e) { $0.tmdbId != nil }
        count("episodes", "airDate", e) { $0.metadata?.airDate != nil }
        count("episodes", "runtime", e) { $0.metadata?.runtime != nil }
        count("episodes", "stillPath", e) { $0.metadata?.stillPath != nil }
        count("episodes", "dateModified", e) { $0.dateModified != nil }
        count("episodes", "localStillPath", e) { $0.localStillPath != nil }
        count("lists", "isDefault", l) { $0.isDefault != nil }
        count("lists", "dateCreated", l) { $0.dateCreated != nil }
        count("lists", "dateModified", l) { $0.dateModified != nil }
        let items = l.flatMap(\.items)
        count("lists", "items/id", items) { $0.id != nil }
        count("lists", "items/dateAdded", items) { $0.dateAdded != nil }
        count("lists", "items/orderIndex", l) { list in
            orderedItems(list).enumerated().contains { $0.offset != $0.element.orderIndex }
        }
        count("notes", "dateModified", lib.notes) { $0.dateModified != nil }
        if lib.preferences != nil { counts.append(("", "preferences", 1)) }
        return counts.map { coll, field, n in
            let ptr = coll.isEmpty ? "/\(field)" : "/\(coll)"
            let what = coll.isEmpty ? field : "\(coll)[].\(field.replacingOccurrences(of: "items/", with: "items[]."))"
            return .warning(.fieldDropped, "v1 cannot hold \(what): dropped from \(n) record(s)", pointer: ptr)
        }
    }
}
