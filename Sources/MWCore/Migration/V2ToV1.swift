/// v2 → v1: drops what `ExportData` cannot hold, reporting each dropped field with a count;
/// stripped records cannot be expressed in v1 and are an error. Shipped in 0.1.0.
public struct V2ToV1: MigrationStep {
    public let name = "v2-to-v1"
    public let from = 2
    public let to = 1
    public init() {}

    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) {
        let stripped = library.titles.filter(\.isStripped).count + library.episodes.filter(\.isStripped).count
        if stripped > 0 {
            throw MWError.invalid([.error(.strippedInV1, "\(stripped) stripped record(s) cannot be written as v1, which has no way to mark metadata absent; run `mwkit hydrate` first or keep v2")])
        }
        let warnings = V1Writer.droppedFields(library)
        var lib = library
        lib.preferences = nil
        for i in lib.titles.indices {
            lib.titles[i].dateModified = nil
            lib.titles[i].localPosterPath = nil
            lib.titles[i].localBackdropPath = nil
            if var m = lib.titles[i].metadata {
                m.originalTitle = nil; m.originalLanguage = nil; m.popularity = nil; m.voteAverage = nil
                m.voteCount = nil; m.releaseDate = nil; m.firstAirDate = nil; m.lastAirDate = nil
                m.status = nil; m.numberOfSeasons = nil; m.numberOfEpisodes = nil
                lib.titles[i].metadata = m
            }
        }
        for i in lib.episodes.indices {
            lib.episodes[i].tmdbId = nil
            lib.episodes[i].dateModified = nil
            lib.episodes[i].localStillPath = nil
            if var m = lib.episodes[i].metadata {
                m.airDate = nil; m.runtime = nil; m.stillPath = nil
                lib.episodes[i].metadata = m
            }
        }
        for i in lib.lists.indices {
            lib.lists[i].isDefault = nil
            lib.lists[i].dateCreated = nil
            lib.lists[i].dateModified = nil
            lib.lists[i].items = V1Writer.orderedItems(lib.lists[i]).enumerated().map { j, item in
                ListItem(titleId: item.titleId, orderIndex: j)
            }
        }
        for i in lib.notes.indices { lib.notes[i].dateModified = nil }
        return (lib, warnings)
    }
}
