import Foundation
@testable import MWCore

/// Builds random but valid libraries from a seed, for property-based round trips.
struct LibraryFactory {
    var rng: SplitMix

    init(seed: UInt64) { rng = SplitMix(seed: seed) }

    mutating func uuid() -> String {
        var s = ""
        for i in 0..<32 {
            if [8, 12, 16, 20].contains(i) { s += "-" }
            s += String(Int(rng.next() % 16), radix: 16, uppercase: rng.next() % 4 != 0)
        }
        return s
    }

    /// Text with quotes, backslashes, slashes, controls, non-ASCII and astral characters.
    mutating func text(_ maxLen: Int = 20, allowEmpty: Bool = false) -> String {
        let pool: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "ß", "漢", "😀", "\u{2028}", "<", "&"]
        let n = Int(rng.next() % UInt64(maxLen)) + (allowEmpty ? 0 : 1)
        var s = (0..<n).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }.joined()
        if !allowEmpty && s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { s = "x" + s }
        return s
    }

    /// Dates with arbitrary sub-second noise, as `Date()` produces them.
    mutating func date() -> Date {
        let whole = Double(Int64(rng.next() % 800_000_000))
        let frac = Double(rng.next() % 1_000_000_000) / 1e9
        return Date(timeIntervalSinceReferenceDate: whole + (rng.next() % 3 == 0 ? 0 : frac))
    }

    mutating func maybe<T>(_ make: (inout LibraryFactory) -> T) -> T? {
        rng.next() % 2 == 0 ? nil : make(&self)
    }

    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(rng.next() % UInt64(r.count)) }

    /// A library valid in the v1 sense (everything v1 can hold, nothing more), so v1→v2→v1 is exact.
    mutating func v1Library() -> Library {
        var lib = Library(sourceVersion: "1.0", exportDate: Date(timeIntervalSinceReferenceDate: 900_000_000.25))
        let nTitles = int(0...8)
        for i in 0..<nTitles {
            let tv = rng.next() % 2 == 0
            var m = TitleMetadata(title: text(), year: int(0...2030), genres: (0..<int(0...3)).map { _ in text(8) }, runtime: int(0...300))
            m.imdbId = maybe { "tt" + String($0.int(1...9_999_999)) }
            m.overview = maybe { $0.text(200, allowEmpty: true) }
            m.posterPath = maybe { "/" + $0.uuid() + ".jpg" }
            m.backdropPath = maybe { "/" + $0.uuid() + ".jpg" }
            lib.titles.append(Title(id: uuid(), tmdbId: Int64(i + 1) * 7, mediaType: tv ? .tv : .movie, metadata: m,
                                    watched: rng.next() % 2 == 0, watchedDate: maybe { $0.date() }, likedStatus: int(-1...1),
                                    dateAdded: date()))
            if tv {
                for e in 1...int(1...4) {
                    let em = EpisodeMetadata(name: text(), overview: maybe { $0.text(100, allowEmpty: true) })
                    lib.episodes.append(Episode(id: uuid(), showId: lib.titles[i].id, seasonNumber: int(0...3) * 0 + 1,
                                                episodeNumber: e, metadata: em, watched: rng.next() % 2 == 0, watchedDate: maybe { $0.date() }))
                }
            }
        }
        var list = MediaList(id: uuid(), name: text(30), icon: maybe { $0.text(10) }, colorHex: maybe { _ in "#A1B2C3" }, sortOrder: 0)
        list.items = lib.titles.enumerated().map { ListItem(titleId: $0.element.id, orderIndex: $0.offset) }
        lib.lists.append(list)
        if rng.next() % 2 == 0 { lib.lists.append(MediaList(id: uuid(), name: text(30), sortOrder: int(-5...5))) }
        for t in lib.titles where rng.next() % 2 == 0 {
            lib.notes.append(Note(id: uuid(), parentId: t.id, parentType: .title, text: text(300, allowEmpty: true), ownerOnly: rng.next() % 2 == 0, dateCreated: date()))
        }
        for e in lib.episodes where rng.next() % 3 == 0 {
            lib.notes.append(Note(id: uuid(), parentId: e.id, parentType: .episode, text: text(50, allowEmpty: true), ownerOnly: true, dateCreated: date()))
        }
        return lib
    }

    /// A library using every v2 attribute, including stripped records and preferences.
    mutating func v2Library() -> Library {
        var lib = v1Library()
        lib.sourceVersion = maybe { _ in "1.0" }
        lib.exportDate = maybe { $0.date() }
        for i in lib.titles.indices {
            lib.titles[i].dateModified = maybe { $0.date() }
            lib.titles[i].localPosterPath = maybe { "/var/cache/" + $0.text(10) }
            lib.titles[i].localBackdropPath = maybe { $0.text(10) }
            if rng.next() % 4 == 0 { lib.titles[i].metadata = nil; continue }
            lib.titles[i].metadata?.originalTitle = maybe { $0.text() }
            lib.titles[i].metadata?.originalLanguage = maybe { _ in "en" }
            lib.titles[i].metadata?.popularity = maybe { Double($0.rng.next() % 100_000) / 7 }
            lib.titles[i].metadata?.voteAverage = maybe { Double($0.int(0...100)) / 10 }
            lib.titles[i].metadata?.voteCount = maybe { $0.int(0...1_000_000) }
            lib.titles[i].metadata?.releaseDate = maybe { $0.date() }
            lib.titles[i].metadata?.firstAirDate = maybe { $0.date() }
            lib.titles[i].metadata?.lastAirDate = maybe { $0.date() }
            lib.titles[i].metadata?.status = maybe { _ in "Ended" }
            lib.titles[i].metadata?.numberOfSeasons = maybe { $0.int(0...30) }
            lib.titles[i].metadata?.numberOfEpisodes = maybe { $0.int(0...3000) }
        }
        for i in lib.episodes.indices {
            lib.episodes[i].tmdbId = maybe { Int64($0.int(1...9_000_000)) }
            lib.episodes[i].dateModified = maybe { $0.date() }
            lib.episodes[i].localStillPath = maybe { $0.text(10) }
            if rng.next() % 4 == 0 { lib.episodes[i].metadata = nil; continue }
            lib.episodes[i].metadata?.airDate = maybe { $0.date() }
            lib.episodes[i].metadata?.runtime = maybe { $0.int(0...120) }
            lib.episodes[i].metadata?.stillPath = maybe { "/" + $0.uuid() + ".jpg" }
        }
        for i in lib.lists.indices {
            lib.lists[i].isDefault = maybe { $0.rng.next() % 2 == 0 }
            lib.lists[i].dateCreated = maybe { $0.date() }
            lib.lists[i].dateModified = maybe { $0.date() }
            for j in lib.lists[i].items.indices {
                lib.lists[i].items[j].id = maybe { $0.uuid() }
                lib.lists[i].items[j].dateAdded = maybe { $0.date() }
                lib.lists[i].items[j].orderIndex = j * 3
            }
        }
        for i in lib.notes.indices { lib.notes[i].dateModified = maybe { $0.date() } }
        if rng.next() % 3 != 0 {
            lib.preferences = UserPreferences(id: uuid(), defaultListId: lib.lists.first?.id, defaultLikedStatus: int(-1...1),
                                              imageQuality: "w342", showWatchedInLists: false, sortBy: "title", sortAscending: true,
                                              lastSyncDate: maybe { $0.date() }, appVersion: maybe { _ in "1.2.3" })
        }
        return lib
    }
}

/// A small deterministic PRNG (SplitMix64) so a failing seed reproduces exactly.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
