import Foundation

/// The semantic rules of docs/SPEC.md#invariants, applied record by record as a reader streams
/// them (or over a whole ``Library``), keeping only compact indexes for the cross-record
/// checks (uniqueness, references, list membership) that run in ``finish()``.
public struct Validator {
    /// Where a record came from: its index and the byte offset of its JSON object (if read from JSON).
    struct Origin {
        var index: Int
        var offset: Int?
        /// Fields (by ``EntityField`` number) missing or unreadable in the source: their rules
        /// are skipped, since the structural diagnostic already says what is wrong.
        var missing: UInt64 = 0

        func has<F: EntityField>(_ field: F) -> Bool { missing & field.bit == 0 }
    }

    var diags: DiagnosticBag
    let locator: FieldLocator?
    var dialect: Dialect
    var exportDate: Date?

    private var titleIds: [IDKey: (isTV: Bool, index: Int32)] = [:]
    private var tmdbKeys: [TMDbKey: Int32] = [:]
    private var episodeIds = SortedIndex<UUIDWords>()
    private var rawEpisodeIds: [String: Int32] = [:]
    private var episodeKeys = SortedIndex<UInt64>()
    private var wideEpisodeKeys: [EpisodeKey: Int32] = [:]
    private var showNumbers: [IDKey: Int32] = [:]
    private var shows: [IDKey] = []
    private var lastShow: (key: IDKey, num: Int32)?
    private var listIds: [IDKey: Int32] = [:]
    private var noteIds: [IDKey: Int32] = [:]
    private var listed = Set<IDKey>()
    private var pendingShows: [(show: Int32, index: Int32)] = []
    private var pendingItems: [(title: IDKey, list: Int32, item: Int32, offset: Int?)] = []
    private var pendingNotes: [(parent: IDKey, isEpisode: Bool, index: Int32, object: Int?)] = []
    private var pendingDefaultList: (IDKey, Int?)?

    struct TMDbKey: Hashable { var id: Int64; var type: String }
    struct EpisodeKey: Hashable { var show: Int32; var season: Int; var episode: Int }

    init(dialect: Dialect, locator: FieldLocator?, maxErrors: Int?) {
        self.dialect = dialect
        self.locator = locator
        self.diags = DiagnosticBag(maxErrors: maxErrors)
    }

    // MARK: Helpers

    private func ptr(_ coll: String, _ i: Int, _ field: String? = nil) -> String {
        "/\(coll)/\(i)" + (field.map { "/" + $0 } ?? "")
    }

    private func offset(_ o: Origin, _ field: String?) -> Int? {
        guard let off = o.offset else { return nil }
        guard let field else { return off }
        return locator?.valueOffset(object: off, key: field) ?? off
    }

    mutating func report(_ sev: Severity, _ code: DiagnosticCode, _ msg: String, _ coll: String, _ o: Origin, _ field: String?) {
        diags.add(Diagnostic(sev, code, msg, pointer: ptr(coll, o.index, field), offset: offset(o, field)))
    }

    /// Reports an id that is not a UUID (unless it could not be read: `present` false).
    private mutating func checkId(_ id: String, _ coll: String, _ o: Origin, present: Bool) -> IDKey {
        let k = IDKey(id)
        if !k.isUUID && present {
            report(.error, .idFormat, "id \(quoted(id)) is not a UUID", coll, o, "id")
        }
        return k
    }

    private mutating func checkDate(_ d: Date?, _ name: String, _ coll: String, _ o: Origin, user: Bool) {
        guard let d else { return }
        let t = d.timeIntervalSinceReferenceDate
        // A library from the database (or built in code) can hold any Double: no backup can.
        guard DateCoding.isRepresentable(d) else {
            report(.error, .dateInvalid, "\(name) (\(t) s from 2001) is outside the years 1–9999", coll, o, name)
            return
        }
        if let e = exportDate, t > e.timeIntervalSinceReferenceDate + 86_400 {
            report(.warning, .dateImplausible, "\(name) \(DateCoding.formatRFC3339(d)) is after the backup's exportDate \(DateCoding.formatRFC3339(e))", coll, o, name)
        } else if user && t < -3_187_296_000 { // 1900-01-01
            report(.warning, .dateImplausible, "\(name) \(DateCoding.formatRFC3339(d)) is before 1900", coll, o, name)
        }
    }

    private static func isImdbId(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count > 2 && u[0] == UInt8(ascii: "t") && u[1] == UInt8(ascii: "t") && u[2...].allSatisfy(isDigit)
    }

    static func isColorHex(_ s: String) -> Bool {
        var u = Substring(s)
        if u.hasPrefix("#") { u = u.dropFirst() }
        return [3, 6, 8].contains(u.utf8.count) && u.utf8.allSatisfy { hexValue($0) != nil }
    }

    private static func isLanguageCode(_ s: String) -> Bool {
        s.utf8.count == 2 && s.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    private static func isBlank(_ s: String) -> Bool {
        // Fast path: the first ASCII byte that is not white space settles it.
        for b in s.utf8 {
            if b >= 0x80 { break }
            if !(b == 0x20 || (b >= 0x09 && b <= 0x0D)) { return false }
        }
        return s.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Reserves index room for up to `n` episodes (an upper bound from the byte size of the
    /// `episodes` array), so large files never pay for doubling copies.
    mutating func reserveEpisodes(_ n: Int) {
        episodeIds.reserve(n)
        episodeKeys.reserve(n)
        pendingShows.reserveCapacity(n)
    }

    // MARK: Records

    mutating func list(_ l: MediaList, _ o: Origin, itemOffsets: [Int]?) {
        let k = checkId(l.id, "lists", o, present: o.has(ListField.id))
        if let prev = listIds[k] {
            report(.error, .idDuplicate, "list id \(quoted(l.id)) is used again (first at /lists/\(prev))", "lists", o, "id")
        } else { listIds[k] = Int32(o.index) }
        if o.has(ListField.name) {
            if Validator.isBlank(l.name) {
                report(.error, .listNameEmpty, "list name is empty", "lists", o, "name")
            } else if l.name.unicodeScalars.count > 100 {
                report(.error, .listNameLength, "list name has \(l.name.unicodeScalars.count) characters (max 100): \(quoted(l.name))", "lists", o, "name")
            }
        }
        if let c = l.colorHex, !Validator.isColorHex(c) {
            report(.error, .listColorHex, "colorHex \(quoted(c)) is not a hex colour (#RGB, #RRGGBB or #RRGGBBAA)", "lists", o, "colorHex")
        }
        checkDate(l.dateCreated, "dateCreated", "lists", o, user: true)
        checkDate(l.dateModified, "dateModified", "lists", o, user: true)
        var seen = [IDKey: Int](minimumCapacity: l.items.count)
        listed.reserveCapacity(listed.count + l.items.count)
        for (j, item) in l.items.enumerated() {
            // The pointer and the exact offset are only worked out for a diagnostic: a list
            // can hold every title of the library, and formatting both for each item cost
            // more than reading it.
            func itemPtr() -> String { itemPointer(list: o.index, item: j) }
            let itemOff = itemOffsets.flatMap { j < $0.count ? $0[j] : nil }
            func exactOff() -> Int? { titleIdOffset(item: itemOff) }
            let tk = IDKey(item.titleId)
            if !tk.isUUID {
                diags.add(.init(.error, .idFormat, "titleId \(quoted(item.titleId)) is not a UUID", pointer: itemPtr(), offset: exactOff()))
            }
            if let id = item.id, !IDKey(id).isUUID {
                diags.add(.init(.error, .idFormat, "list item id \(quoted(id)) is not a UUID", pointer: "/lists/\(o.index)/items/\(j)/id", offset: exactOff()))
            }
            if let prev = seen[tk] {
                diags.add(.init(.error, .listItemDuplicate, "title \(quoted(item.titleId)) is in this list twice (also at index \(prev))", pointer: itemPtr(), offset: exactOff()))
            } else { seen[tk] = j }
            listed.insert(tk)
            pendingItems.append((tk, Int32(o.index), Int32(j), itemOff))
        }
    }

    /// Where a list item's title id is: `/lists/L/titleIds/J` (v1) or `/lists/L/items/J/titleId`.
    private func itemPointer(list: Int, item: Int) -> String {
        dialect == .v1 ? "/lists/\(list)/titleIds/\(item)" : "/lists/\(list)/items/\(item)/titleId"
    }

    /// The offset of a list item's title id, from the item's own offset (in v1 the item is the id).
    private func titleIdOffset(item: Int?) -> Int? {
        guard dialect != .v1, let io = item else { return item }
        return locator?.valueOffset(object: io, key: "titleId") ?? io
    }

    mutating func title(_ t: Title, _ o: Origin) {
        let k = checkId(t.id, "titles", o, present: o.has(TitleField.id))
        if o.has(TitleField.tmdbId) && t.tmdbId <= 0 {
            report(.error, .titleTmdbIdPositive, "tmdbId must be > 0, found \(t.tmdbId)", "titles", o, "tmdbId")
        }
        if o.has(TitleField.mediaType) && !t.mediaType.isKnown {
            report(.error, .titleMediaType, "mediaType must be \"movie\" or \"tv\", found \(quoted(t.mediaType.rawValue))", "titles", o, "mediaType")
        }
        if let prev = titleIds[k] {
            report(.error, .idDuplicate, "title id \(quoted(t.id)) is used again (first at /titles/\(prev.index))", "titles", o, "id")
        } else { titleIds[k] = (t.mediaType == .tv, Int32(o.index)) }
        let tk = TMDbKey(id: t.tmdbId, type: t.mediaType.rawValue)
        if let prev = tmdbKeys[tk] {
            report(.error, .titleDuplicate, "\(t.mediaType) with tmdbId \(t.tmdbId) appears twice (first at /titles/\(prev))", "titles", o, "tmdbId")
        } else { tmdbKeys[tk] = Int32(o.index) }
        if o.has(TitleField.likedStatus) && ![-1, 0, 1].contains(t.likedStatus) {
            report(.error, .titleLikedStatus, "likedStatus must be -1, 0 or 1, found \(t.likedStatus)", "titles", o, "likedStatus")
        }
        if let m = t.metadata {
            if o.has(TitleField.title) && Validator.isBlank(m.title) {
                report(.error, .titleEmpty, "title is empty", "titles", o, "title")
            }
            if let imdb = m.imdbId, !Validator.isImdbId(imdb) {
                report(.error, .titleImdbId, "imdbId \(quoted(imdb)) is not \"tt\" followed by digits", "titles", o, "imdbId")
            }
            if let lang = m.originalLanguage, !Validator.isLanguageCode(lang) {
                report(.error, .titleLanguage, "originalLanguage \(quoted(lang)) is not an ISO 639-1 code (two lowercase letters)", "titles", o, "originalLanguage")
            }
        }
        if let s = t.watchStatus, !s.isKnown {
            report(.error, .titleWatchStatus, "watchStatus must be one of \(WatchStatus.all.map { "\"\($0)\"" }.joined(separator: ", ")), found \(quoted(s.rawValue))", "titles", o, "watchStatus")
        } else if t.watchStatus == nil, t.hasWatchStatus {
            // A word, date or service says something about a status that is not there.
            let key = t.watchStatusWord != nil ? "watchStatusWord" : t.watchStatusDate != nil ? "watchStatusDate" : "watchStatusSource"
            report(.error, .titleWatchStatus, "\(key) is given without a watchStatus", "titles", o, key)
        }
        checkDate(t.watchStatusDate, "watchStatusDate", "titles", o, user: true)
        checkFormatVersion5(t, o)
        checkDate(t.watchedDate, "watchedDate", "titles", o, user: true)
        checkDate(t.dateAdded, "dateAdded", "titles", o, user: true)
        checkDate(t.dateModified, "dateModified", "titles", o, user: true)
    }

    mutating func episode(_ e: Episode, _ o: Origin) {
        let k = checkId(e.id, "episodes", o, present: o.has(EpisodeField.id))
        switch k {
        case .uuid(let hi, let lo): episodeIds.append(UUIDWords(hi: hi, lo: lo), Int32(o.index))
        case .raw(let s):
            if let prev = rawEpisodeIds[s] {
                report(.error, .idDuplicate, "episode id \(quoted(e.id)) is used again (first at /episodes/\(prev))", "episodes", o, "id")
            } else { rawEpisodeIds[s] = Int32(o.index) }
        }
        let show = IDKey(e.showId)
        if !show.isUUID && o.has(EpisodeField.showId) {
            report(.error, .idFormat, "showId \(quoted(e.showId)) is not a UUID", "episodes", o, "showId")
        }
        if o.has(EpisodeField.seasonNumber) && e.seasonNumber < 0 {
            report(.error, .episodeSeasonNumber, "seasonNumber must be >= 0, found \(e.seasonNumber)", "episodes", o, "seasonNumber")
        }
        if o.has(EpisodeField.episodeNumber) && e.episodeNumber < 1 {
            report(.error, .episodeEpisodeNumber, "episodeNumber must be >= 1, found \(e.episodeNumber)", "episodes", o, "episodeNumber")
        }
        if let m = e.metadata, o.has(EpisodeField.name), Validator.isBlank(m.name) {
            report(.error, .episodeNameEmpty, "episode name is empty", "episodes", o, "name")
        }
        let showNum: Int32
        if let last = lastShow, last.key == show {
            showNum = last.num  // episodes of one show usually come together
        } else if let n = showNumbers[show] {
            showNum = n
            lastShow = (show, n)
        } else {
            showNum = Int32(shows.count)
            showNumbers[show] = showNum
            shows.append(show)
        }
        var prev: Int32?
        let int16 = Int(Int16.min)...Int(Int16.max)
        if int16.contains(e.seasonNumber) && int16.contains(e.episodeNumber) {
            // Packed key: show number, season and episode in one word (both are Int16 in the
            // model); duplicates are found in finish().
            let key = UInt64(UInt32(showNum)) << 32 | UInt64(UInt16(truncatingIfNeeded: e.seasonNumber)) << 16
                | UInt64(UInt16(truncatingIfNeeded: e.episodeNumber))
            episodeKeys.append(key, Int32(o.index))
        } else {
            let key = EpisodeKey(show: showNum, season: e.seasonNumber, episode: e.episodeNumber)
            prev = wideEpisodeKeys[key]
            if prev == nil { wideEpisodeKeys[key] = Int32(o.index) }
        }
        if let prev {
            report(.error, .episodeDuplicate, "\(e.episodeCode) of show \(quoted(e.showId)) appears twice (first at /episodes/\(prev))", "episodes", o, "episodeNumber")
        }
        pendingShows.append((showNum, Int32(o.index)))
        checkDate(e.watchedDate, "watchedDate", "episodes", o, user: true)
        checkDate(e.dateModified, "dateModified", "episodes", o, user: true)
    }

    mutating func note(_ n: Note, _ o: Origin) {
        let k = checkId(n.id, "notes", o, present: o.has(NoteField.id))
        if let prev = noteIds[k] {
            report(.error, .idDuplicate, "note id \(quoted(n.id)) is used again (first at /notes/\(prev))", "notes", o, "id")
        } else { noteIds[k] = Int32(o.index) }
        let count = n.text.unicodeScalars.count
        if count > 10_000 {
            report(.error, .noteTextLength, "note text has \(count) characters (max 10,000)", "notes", o, "text")
        }
        if o.has(NoteField.parentType) && o.has(NoteField.parentId) {
            if !n.parentType.isKnown {
                report(.error, .noteParentType, "parentType must be \"title\" or \"episode\", found \(quoted(n.parentType.rawValue))", "notes", o, "parentType")
            } else {
                let p = IDKey(n.parentId)
                if !p.isUUID { report(.error, .idFormat, "parentId \(quoted(n.parentId)) is not a UUID", "notes", o, "parentId") }
                pendingNotes.append((p, n.parentType == .episode, Int32(o.index), o.offset))
            }
        }
        checkDate(n.dateCreated, "dateCreated", "notes", o, user: true)
        checkDate(n.dateModified, "dateModified", "notes", o, user: true)
    }

    mutating func preferences(_ p: UserPreferences, offset: Int?) {
        let o = Origin(index: 0, offset: offset)
        func pr(_ f: String) -> String { "/preferences/" + f }
        if !IDKey(p.id).isUUID {
            diags.add(.init(.error, .idFormat, "id \(quoted(p.id)) is not a UUID", pointer: pr("id"), offset: self.offset(o, "id")))
        }
        if ![-1, 0, 1].contains(p.defaultLikedStatus) {
            diags.add(.init(.error, .preferencesLikedStatus, "defaultLikedStatus must be -1, 0 or 1, found \(p.defaultLikedStatus)",
                            pointer: pr("defaultLikedStatus"), offset: self.offset(o, "defaultLikedStatus")))
        }
        if let d = p.defaultListId { pendingDefaultList = (IDKey(d), self.offset(o, "defaultListId")) }
    }

    /// Cross-record checks; call once after every record has been seen.
    mutating func finish() {
        for (i, first) in episodeIds.finalize() {
            diags.add(.init(.error, .idDuplicate, "episode id is used again (first at /episodes/\(first))",
                            pointer: "/episodes/\(i)/id", offset: fieldOffset("episodes", Int(i), "id")))
        }
        for (i, first) in episodeKeys.finalize() {
            diags.add(.init(.error, .episodeDuplicate, "season/episode number of this show appear twice (first at /episodes/\(first))",
                            pointer: "/episodes/\(i)/episodeNumber", offset: fieldOffset("episodes", Int(i), "episodeNumber")))
        }
        // Resolve each distinct show once, then report per episode.
        let showState: [(exists: Bool, isTV: Bool, index: Int32)] = shows.map { k in
            titleIds[k].map { (true, $0.isTV, $0.index) } ?? (false, false, -1)
        }
        for (num, i) in pendingShows {
            let st = showState[Int(num)]
            if st.exists && st.isTV { continue }
            let off = fieldOffset("episodes", Int(i), "showId")
            if st.exists {
                diags.add(.init(.error, .episodeShowNotTV, "showId refers to /titles/\(st.index), which is not a tv title", pointer: "/episodes/\(i)/showId", offset: off))
            } else {
                diags.add(.init(.error, .episodeShowMissing, "showId \(describe(shows[Int(num)])) matches no title", pointer: "/episodes/\(i)/showId", offset: off))
            }
        }
        for (title, l, j, itemOff) in pendingItems where titleIds[title] == nil {
            diags.add(.init(.error, .listItemTitleMissing, "list item refers to title \(describe(title)), which does not exist",
                            pointer: itemPointer(list: Int(l), item: Int(j)), offset: titleIdOffset(item: itemOff)))
        }
        for (parent, isEpisode, i, object) in pendingNotes {
            let ok = isEpisode ? hasEpisode(parent) : titleIds[parent] != nil
            if !ok {
                let off = object.flatMap { locator?.valueOffset(object: $0, key: "parentId") } ?? object
                diags.add(.init(.error, .noteParentMissing, "note's parent \(isEpisode ? "episode" : "title") \(describe(parent)) does not exist", pointer: "/notes/\(i)/parentId", offset: off))
            }
        }
        if let (k, off) = pendingDefaultList, listIds[k] == nil {
            diags.add(.init(.error, .preferencesDefaultList, "defaultListId \(describe(k)) matches no list", pointer: "/preferences/defaultListId", offset: off))
        }
        let missing = titleIds.filter { !listed.contains($0.key) }.sorted { $0.value.index < $1.value.index }
        for (k, v) in missing {
            diags.add(.init(.error, .titleNotInList, "title \(describe(k)) belongs to no list (every title must be in at least one list)",
                            pointer: "/titles/\(v.index)", offset: locator?.entityOffset("titles", Int(v.index))))
        }
    }

    private func describe(_ k: IDKey) -> String { quoted(k.display) }

    private func hasEpisode(_ k: IDKey) -> Bool {
        switch k {
        case .uuid(let hi, let lo): return episodeIds.first(UUIDWords(hi: hi, lo: lo)) != nil
        case .raw(let s): return rawEpisodeIds[s] != nil
        }
    }

    /// The offset of a field of a record read from JSON (nil for in-memory libraries).
    private func fieldOffset(_ coll: String, _ index: Int, _ field: String) -> Int? {
        guard let object = locator?.entityOffset(coll, index) else { return nil }
        return locator?.valueOffset(object: object, key: field) ?? object
    }
}
