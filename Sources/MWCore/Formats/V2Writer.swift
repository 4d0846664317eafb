import Foundation

/// Writes mwkit's lossless v2 format (docs/FORMAT.md): every attribute, RFC 3339 dates with
/// exact fractions, `"stripped": true` records without metadata keys, nil omitted.
enum V2Writer {
    static func write(_ lib: Library, pretty: Bool, emit: @escaping ([UInt8]) -> Void) throws -> [Diagnostic] {
        var w = JSONWriter(pretty: pretty, escapeSlash: false, spaceBeforeColon: false, emit: emit)
        func date(_ k: StaticString, _ d: Date?) { if let d { w.key(k); w.string(DateCoding.formatRFC3339(d)) } }
        w.beginObject()
        w.field("format", "mediawatch-backup")
        w.field("formatVersion", 2)
        w.field("sourceVersion", lib.sourceVersion)
        date("exportDate", lib.exportDate)
        if let p = lib.preferences {
            w.key("preferences"); w.beginObject()
            w.field("id", p.id)
            w.field("defaultListId", p.defaultListId)
            w.field("defaultLikedStatus", p.defaultLikedStatus)
            w.field("imageQuality", p.imageQuality)
            w.field("showWatchedInLists", p.showWatchedInLists)
            w.field("sortBy", p.sortBy)
            w.field("sortAscending", p.sortAscending)
            date("lastSyncDate", p.lastSyncDate)
            w.field("appVersion", p.appVersion)
            w.endObject()
        }
        w.key("lists"); w.beginArray()
        for l in lib.lists {
            w.element(); w.beginObject()
            w.field("id", l.id)
            w.field("name", l.name)
            w.field("icon", l.icon)
            w.field("colorHex", l.colorHex)
            w.field("sortOrder", l.sortOrder)
            w.field("isDefault", l.isDefault)
            date("dateCreated", l.dateCreated)
            date("dateModified", l.dateModified)
            w.key("items"); w.beginArray()
            for item in l.items {
                w.element(); w.beginObject()
                w.field("titleId", item.titleId)
                w.field("orderIndex", item.orderIndex)
                w.field("id", item.id)
                date("dateAdded", item.dateAdded)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("titles"); w.beginArray()
        for t in lib.titles {
            w.element(); w.beginObject()
            w.field("id", t.id)
            w.field("tmdbId", t.tmdbId)
            w.field("mediaType", t.mediaType.rawValue)
            if let m = t.metadata {
                w.field("title", m.title)
                w.field("originalTitle", m.originalTitle)
                w.field("imdbId", m.imdbId)
                w.field("year", m.year)
                w.field("overview", m.overview)
                w.field("genres", m.genres)
                w.field("runtime", m.runtime)
                w.field("posterPath", m.posterPath)
                w.field("backdropPath", m.backdropPath)
                w.field("originalLanguage", m.originalLanguage)
                w.field("popularity", m.popularity)
                w.field("voteAverage", m.voteAverage)
                w.field("voteCount", m.voteCount)
                date("releaseDate", m.releaseDate)
                date("firstAirDate", m.firstAirDate)
                date("lastAirDate", m.lastAirDate)
                w.field("status", m.status)
                w.field("numberOfSeasons", m.numberOfSeasons)
                w.field("numberOfEpisodes", m.numberOfEpisodes)
            } else {
                w.field("stripped", true)
            }
            w.field("watched", t.watched)
            date("watchedDate", t.watchedDate)
            w.field("likedStatus", t.likedStatus)
            date("dateAdded", t.dateAdded)
            date("dateModified", t.dateModified)
            w.field("localPosterPath", t.localPosterPath)
            w.field("localBackdropPath", t.localBackdropPath)
            w.endObject()
        }
        w.endArray()
        w.key("episodes"); w.beginArray()
        for e in lib.episodes {
            w.element(); w.beginObject()
            w.field("id", e.id)
            w.field("showId", e.showId)
            w.field("tmdbId", e.tmdbId)
            w.field("seasonNumber", e.seasonNumber)
            w.field("episodeNumber", e.episodeNumber)
            if let m = e.metadata {
                w.field("name", m.name)
                w.field("overview", m.overview)
                date("airDate", m.airDate)
                w.field("runtime", m.runtime)
                w.field("stillPath", m.stillPath)
            } else {
                w.field("stripped", true)
            }
            w.field("watched", e.watched)
            date("watchedDate", e.watchedDate)
            date("dateModified", e.dateModified)
            w.field("localStillPath", e.localStillPath)
            w.endObject()
        }
        w.endArray()
        w.key("notes"); w.beginArray()
        for n in lib.notes {
            w.element(); w.beginObject()
            w.field("id", n.id)
            w.field("parentType", n.parentType.rawValue)
            w.field("parentId", n.parentId)
            w.field("text", n.text)
            w.field("ownerOnly", n.ownerOnly)
            date("dateCreated", n.dateCreated)
            date("dateModified", n.dateModified)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.finish()
        return []
    }
}
