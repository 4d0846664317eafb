import Foundation

/// Readers for the header and each record type (v1 and v2 share them; key tables differ).
extension ReadSession {
    /// Reads the header values, then the collections: at their pre-scanned offsets, or —
    /// when the pre-scan stopped early at `inOrderFrom` — in one pass from there to the end.
    mutating func readHeader(_ top: [String: Int], entries: [TopEntry], inOrderFrom: TopEntry?) throws {
        if inOrderFrom == nil { checkTopKeys(entries) }
        let versionKey = dialect == .v1 ? "version" : "sourceVersion"
        if let off = top[versionKey] {
            s.pos = off
            lib.sourceVersion = try string(versionKey)
            if dialect == .v1, let ver = lib.sourceVersion, !(ver == "1" || ver.hasPrefix("1.")) {
                v.diags.add(.error(.formatUnknownVersion, "ExportData version \(quoted(ver)) is not supported (this mwkit reads 1.x)", pointer: "/version", offset: off))
                result.format = nil
                return
            }
        }
        if let off = top["exportDate"] {
            s.pos = off
            lib.exportDate = try date("exportDate")
            v.exportDate = lib.exportDate
        }
        defer { options.recordSink?.accept(.header(sourceVersion: lib.sourceVersion, exportDate: lib.exportDate)) }
        if let off = top["preferences"] {
            s.pos = off
            try readPreferences()
        }
        if let start = inOrderFrom {
            var all = entries
            try readInOrder(from: start, entries: &all)
            checkTopKeys(all)
            return
        }
        // Collections in file order, so the mapping is walked front to back.
        let colls = ReadSession.collections.compactMap { k in top[k].map { (k, $0) } }.sorted { $0.1 < $1.1 }
        let valueStarts = entries.map(\.value).sorted()
        for (name, off) in colls {
            s.pos = off
            try readCollection(name, expected: ReadSession.recordBound(off, valueStarts.first { $0 > off } ?? bytes.count))
            if v.diags.isFull { return }
        }
    }

    /// Unknown top-level keys (a warning in v1, an error in v2) and missing required ones.
    mutating func checkTopKeys(_ entries: [TopEntry]) {
        let known: Set<String> = dialect == .v1
            ? ["version", "exportDate", "lists", "titles", "episodes", "notes"]
            : ["format", "formatVersion", "sourceVersion", "exportDate", "preferences", "lists", "titles", "episodes", "notes"]
        for e in entries where !known.contains(e.key) {
            if dialect == .v1 {
                v.diags.add(.warning(.schemaUnknownKey, "unknown key \(quoted(e.key)) ignored", pointer: "/" + e.key, offset: e.keyOffset))
            } else {
                v.diags.add(.error(.schemaUnknownKey, "unknown key \(quoted(e.key))", pointer: "/" + e.key, offset: e.keyOffset))
            }
        }
        let required = dialect == .v1 ? ["version", "exportDate", "lists", "titles", "episodes", "notes"] : ["lists", "titles", "episodes", "notes"]
        for k in required where !entries.contains(where: { $0.key == k }) {
            v.diags.add(.error(.schemaRequired, "missing required key \(quoted(k))", pointer: "", offset: entries.first?.keyOffset ?? 0))
        }
    }

    /// The rest of the top-level object after an early-stopped pre-scan, in one pass: the
    /// collection at `start` and every key after it (header keys the pre-scan had not reached
    /// are read here too; repeated keys are reported and skipped).
    mutating func readInOrder(from start: TopEntry, entries: inout [TopEntry]) throws {
        s.pos = start.value
        try readCollection(start.key, expected: ReadSession.recordBound(start.value, bytes.count))
        var first = false
        while !v.diags.isFull {
            let keyOff = s.pos
            guard let k = try s.nextKey(first: &first) else { return try s.expectEnd() }
            let name = try s.decodeString(k)
            s.skipWhitespace()
            if entries.contains(where: { $0.key == name }) {
                v.diags.add(duplicateTopKey(name, keyOff))
                try s.skipValue()
                continue
            }
            entries.append((name, keyOffset(after: keyOff), s.pos))
            switch name {
            case _ where ReadSession.collections.contains(name):
                try readCollection(name, expected: ReadSession.recordBound(s.pos, bytes.count))
            case "preferences": try readPreferences()
            case "sourceVersion": lib.sourceVersion = try string("sourceVersion")
            default: try s.skipValue()
            }
        }
    }

    /// Upper bound on the records of an array spanning `start..<end`: its byte size over the
    /// smallest possible record (~96 bytes); capacity reserved but never touched costs no memory.
    static func recordBound(_ start: Int, _ end: Int) -> Int {
        min((end - start) / 96 + 16, 50_000_000)
    }

    mutating func readCollection(_ name: String, expected: Int) throws {
        if name == "episodes" { v.reserveEpisodes(expected) }
        guard s.peekKind() == .array else {
            try typeMismatch(name, expected: "an array")
            return
        }
        try s.beginArray()
        var first = true
        coll = name
        idx = 0
        var offsets = OffsetList(fileSize: bytes.count, reserve: expected)
        defer { coll = ""; sub = nil }
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let off = s.pos
            offsets.append(off)
            if s.peekKind() != .object {
                try elementMismatch(expected: "an object")
            } else {
                switch name {
                case "lists": try readList(off)
                case "titles": try readTitle(off)
                case "episodes": try readEpisode(off)
                default: try readNote(off)
                }
            }
            idx += 1
            if idx & 1023 == 0 {
                mapped?.releaseBefore(s.pos)
                if v.diags.isFull { return }
            }
        }
        locator.entityOffsets[name] = offsets
    }

    /// Reads the keys of the object just opened: unknown and repeated keys are reported, each
    /// known field is handed to `field`. Returns the fields present and those that failed to read.
    mutating func readFields(_ table: KeyTable, _ field: (inout ReadSession, Int) throws -> Void) throws -> (seen: UInt64, failed: UInt64) {
        var seen: UInt64 = 0, failed: UInt64 = 0
        var first = true
        while let k = try s.nextKey(first: &first) {
            guard let f = try table.lookup(&s, k) else { try unknownKey(k); continue }
            if seen & (1 << UInt64(f)) != 0 { try duplicateKey(k); continue }
            seen |= 1 << UInt64(f)
            let errorsBefore = v.diags.errors
            try field(&self, f)
            if v.diags.errors > errorsBefore { failed |= 1 << UInt64(f) }
        }
        return (seen, failed)
    }

    // MARK: Lists

    mutating func readList(_ start: Int) throws {
        let table = dialect == .v1 ? RecordKeys.listV1 : RecordKeys.listV2
        try s.beginObject()
        var l = MediaList(id: "", name: "")
        var itemOffsets: [Int] = []
        let (seen, failed) = try readFields(table) { r, f in
            switch f {
            case 0: l.id = try r.string("id") ?? ""
            case 1: l.name = try r.string("name") ?? ""
            case 2: l.icon = try r.string("icon", optional: true)
            case 3: l.colorHex = try r.string("colorHex", optional: true)
            case 4: l.sortOrder = Int(try r.int("sortOrder") ?? 0)
            case 5: l.isDefault = try r.bool("isDefault", optional: true)
            case 6: l.dateCreated = try r.date("dateCreated", optional: true)
            case 7: l.dateModified = try r.date("dateModified", optional: true)
            case 8: try r.readTitleIds(into: &l, offsets: &itemOffsets)
            default: try r.readItems(into: &l, offsets: &itemOffsets)
            }
        }
        requireKeys(table, seen: seen, required: dialect == .v1 ? [0, 1, 4, 8] : [0, 1, 4, 9], offset: start)
        result.counts.lists += 1
        result.counts.listItems += l.items.count
        v.list(l, .init(index: idx, offset: start, missing: (~seen | failed) & table.allowedMask), itemOffsets: itemOffsets)
        if options.buildLibrary { lib.lists.append(l) }
        options.recordSink?.accept(.list(l))
    }

    mutating func readTitleIds(into l: inout MediaList, offsets: inout [Int]) throws {
        guard s.peekKind() == .array else { try typeMismatch("titleIds", expected: "an array of title ids"); return }
        try s.beginArray()
        var first = true
        var j = 0
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let off = s.pos
            if s.peekKind() == .string {
                l.items.append(ListItem(titleId: try s.readString(), orderIndex: j))
                offsets.append(off)
            } else {
                try typeMismatch("titleIds/\(j)", expected: "a title id string")
            }
            j += 1
        }
    }

    mutating func readItems(into l: inout MediaList, offsets: inout [Int]) throws {
        guard s.peekKind() == .array else { try typeMismatch("items", expected: "an array of list items"); return }
        try s.beginArray()
        var first = true
        sub = "items"
        subIdx = 0
        defer { sub = nil }
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let start = s.pos
            guard s.peekKind() == .object else {
                try elementMismatch(expected: "a list item object")
                subIdx += 1
                continue
            }
            try s.beginObject()
            var seen: UInt64 = 0
            var kfirst = true
            var item = ListItem(titleId: "", orderIndex: 0)
            while let k = try s.nextKey(first: &kfirst) {
                guard let f = try RecordKeys.itemV2.lookup(&s, k) else { try unknownKey(k); continue }
                if seen & (1 << UInt64(f)) != 0 { try duplicateKey(k); continue }
                seen |= 1 << UInt64(f)
                switch f {
                case 0: item.titleId = try string("titleId") ?? ""
                case 1: item.orderIndex = Int(try int("orderIndex") ?? 0)
                case 2: item.id = try string("id", optional: true)
                default: item.dateAdded = try date("dateAdded", optional: true)
                }
            }
            requireKeys(RecordKeys.itemV2, seen: seen, required: [0, 1], offset: start)
            l.items.append(item)
            offsets.append(start)
            subIdx += 1
        }
    }

    // MARK: Titles

    mutating func readTitle(_ start: Int) throws {
        let table = dialect == .v1 ? RecordKeys.titleV1 : RecordKeys.titleV2
        try s.beginObject()
        var t = Title(id: "", tmdbId: 0, mediaType: MediaType(rawValue: ""), metadata: nil, dateAdded: Date(timeIntervalSinceReferenceDate: 0))
        var m = TitleMetadata(title: "")
        var stripped = false
        let (seen, failed) = try readFields(table) { r, f in
            switch f {
            case 0: t.id = try r.string("id") ?? ""
            case 1: t.tmdbId = try r.int("tmdbId", range: Int64.min...Int64.max) ?? 0
            case 2: t.mediaType = MediaType(rawValue: try r.string("mediaType") ?? "")
            case 3: stripped = try r.bool("stripped") ?? false
            case 4: m.imdbId = try r.string("imdbId", optional: true)
            case 5: m.title = try r.string("title") ?? ""
            case 6: m.originalTitle = try r.string("originalTitle", optional: true)
            case 7: m.year = Int(try r.int("year") ?? 0)
            case 8: m.overview = try r.text("overview")
            case 9: m.genres = try r.stringArray("genres") ?? []
            case 10: m.runtime = Int(try r.int("runtime") ?? 0)
            case 11: m.posterPath = try r.string("posterPath", optional: true)
            case 12: m.backdropPath = try r.string("backdropPath", optional: true)
            case 13: m.originalLanguage = try r.string("originalLanguage", optional: true)
            case 14: m.popularity = try r.double("popularity", optional: true)
            case 15: m.voteAverage = try r.double("voteAverage", optional: true)
            case 16: m.voteCount = (try r.int("voteCount", optional: true, range: Int64(Int32.min)...Int64(Int32.max))).map(Int.init)
            case 17: m.releaseDate = try r.date("releaseDate", optional: true)
            case 18: m.firstAirDate = try r.date("firstAirDate", optional: true)
            case 19: m.lastAirDate = try r.date("lastAirDate", optional: true)
            case 20: m.status = try r.string("status", optional: true)
            case 21: m.numberOfSeasons = (try r.int("numberOfSeasons", optional: true)).map(Int.init)
            case 22: m.numberOfEpisodes = (try r.int("numberOfEpisodes", optional: true)).map(Int.init)
            case 23: t.watched = try r.bool("watched") ?? false
            case 24: t.watchedDate = try r.date("watchedDate", optional: true)
            case 25: t.likedStatus = Int(try r.int("likedStatus") ?? 0)
            case 26: t.dateAdded = try r.date("dateAdded") ?? t.dateAdded
            case 27: t.dateModified = try r.date("dateModified", optional: true)
            case 28: t.localPosterPath = try r.string("localPosterPath", optional: true)
            default: t.localBackdropPath = try r.string("localBackdropPath", optional: true)
            }
        }
        var required = [0, 1, 2, 23, 25, 26]
        if stripped {
            let present = RecordKeys.titleMetadata.filter { seen & (1 << UInt64($0)) != 0 }.sorted()
            if !present.isEmpty {
                error(.strippedWithMetadata, "stripped title carries TMDb metadata: \(present.map { table.name($0) }.joined(separator: ", "))", field: "stripped", offset: start)
            }
        } else {
            required += [5, 7, 9, 10]
            t.metadata = m
        }
        requireKeys(table, seen: seen, required: required, offset: start)
        result.counts.titles += 1
        v.title(t, .init(index: idx, offset: start, missing: (~seen | failed) & table.allowedMask))
        if options.buildLibrary { lib.titles.append(t) }
        options.recordSink?.accept(.title(t))
    }

    // MARK: Episodes

    mutating func readEpisode(_ start: Int) throws {
        let table = dialect == .v1 ? RecordKeys.episodeV1 : RecordKeys.episodeV2
        try s.beginObject()
        var e = Episode(id: "", showId: "", seasonNumber: 0, episodeNumber: 0, metadata: nil)
        var m = EpisodeMetadata(name: "")
        var stripped = false
        let (seen, failed) = try readFields(table) { r, f in
            switch f {
            case 0: e.id = try r.string("id") ?? ""
            case 1: e.showId = try r.string("showId") ?? ""
            case 2: e.tmdbId = try r.int("tmdbId", optional: true, range: Int64.min...Int64.max)
            case 3: e.seasonNumber = Int(try r.int("seasonNumber") ?? 0)
            case 4: e.episodeNumber = Int(try r.int("episodeNumber") ?? 1)
            case 5: stripped = try r.bool("stripped") ?? false
            case 6: m.name = try r.string("name") ?? ""
            case 7: m.overview = try r.text("overview")
            case 8: m.airDate = try r.date("airDate", optional: true)
            case 9: m.runtime = (try r.int("runtime", optional: true)).map(Int.init)
            case 10: m.stillPath = try r.string("stillPath", optional: true)
            case 11: e.watched = try r.bool("watched") ?? false
            case 12: e.watchedDate = try r.date("watchedDate", optional: true)
            case 13: e.dateModified = try r.date("dateModified", optional: true)
            default: e.localStillPath = try r.string("localStillPath", optional: true)
            }
        }
        var required = [0, 1, 3, 4, 11]
        if stripped {
            let present = RecordKeys.episodeMetadata.filter { seen & (1 << UInt64($0)) != 0 }.sorted()
            if !present.isEmpty {
                error(.strippedWithMetadata, "stripped episode carries TMDb metadata: \(present.map { table.name($0) }.joined(separator: ", "))", field: "stripped", offset: start)
            }
        } else {
            required.append(6)
            e.metadata = m
        }
        requireKeys(table, seen: seen, required: required, offset: start)
        result.counts.episodes += 1
        v.episode(e, .init(index: idx, offset: start, missing: (~seen | failed) & table.allowedMask))
        if options.buildLibrary { lib.episodes.append(e) }
        options.recordSink?.accept(.episode(e))
    }

    // MARK: Notes

    mutating func readNote(_ start: Int) throws {
        let table = dialect == .v1 ? RecordKeys.noteV1 : RecordKeys.noteV2
        try s.beginObject()
        var n = Note(id: "", parentId: "", parentType: .title, text: "", dateCreated: Date(timeIntervalSinceReferenceDate: 0))
        let (seen, failed) = try readFields(table) { r, f in
            switch f {
            case 0: n.id = try r.string("id") ?? ""
            case 1: n.parentId = try r.string("parentId") ?? ""
            case 2: n.parentType = NoteParentType(rawValue: try r.string("parentType") ?? "title")
            case 3: n.text = try r.string("text") ?? ""
            case 4: n.ownerOnly = try r.bool("ownerOnly") ?? true
            case 5: n.dateCreated = try r.date("dateCreated") ?? n.dateCreated
            default: n.dateModified = try r.date("dateModified", optional: true)
            }
        }
        requireKeys(table, seen: seen, required: [0, 1, 2, 3, 4, 5], offset: start)
        result.counts.notes += 1
        v.note(n, .init(index: idx, offset: start, missing: (~seen | failed) & table.allowedMask))
        if options.buildLibrary { lib.notes.append(n) }
        options.recordSink?.accept(.note(n))
    }

    // MARK: Preferences

    mutating func readPreferences() throws {
        s.skipWhitespace()
        let start = s.pos
        guard s.peekKind() == .object else { try typeMismatch("preferences", expected: "an object"); return }
        let table = RecordKeys.prefsV2
        try s.beginObject()
        var seen: UInt64 = 0
        var first = true
        var p = UserPreferences(id: "")
        coll = ""
        sub = nil
        while let k = try s.nextKey(first: &first) {
            guard let f = try table.lookup(&s, k) else {
                let name = try s.decodeString(k)
                v.diags.add(.error(.schemaUnknownKey, "unknown key \(quoted(name))", pointer: "/preferences/" + name, offset: k.start - 1))
                try s.skipValue()
                continue
            }
            if seen & (1 << UInt64(f)) != 0 {
                v.diags.add(.error(.jsonDuplicateKey, "duplicate key \(quoted(table.name(f)))", pointer: "/preferences/" + table.name(f), offset: k.start - 1))
                try s.skipValue()
                continue
            }
            seen |= 1 << UInt64(f)
            let name = "preferences/" + table.name(f)
            switch f {
            case 0: p.id = try string(name) ?? ""
            case 1: p.defaultListId = try string(name, optional: true)
            case 2: p.defaultLikedStatus = Int(try int(name) ?? 0)
            case 3: p.imageQuality = try string(name) ?? "w500"
            case 4: p.showWatchedInLists = try bool(name) ?? true
            case 5: p.sortBy = try string(name) ?? "dateAdded"
            case 6: p.sortAscending = try bool(name) ?? false
            case 7: p.lastSyncDate = try date(name, optional: true)
            default: p.appVersion = try string(name, optional: true)
            }
        }
        for f in [0, 2, 3, 4, 5, 6] where seen & (1 << UInt64(f)) == 0 {
            v.diags.add(.error(.schemaRequired, "missing required key \(quoted(table.name(f)))", pointer: "/preferences", offset: start))
        }
        result.counts.preferences = 1
        v.preferences(p, offset: start)
        lib.preferences = p
        options.recordSink?.accept(.preferences(p))
    }
}
