import Foundation

extension DiagnosticCode {
    /// A stripped record written to a format without stripped records (v1) under the name and
    /// year its export gave (`exportTitle`/`exportYear`), as an import to v1 does.
    public static let writeExportName: DiagnosticCode = "write-export-name"
}

extension Library {
    /// The library for a format that cannot hold stripped records (v1): each stripped title that
    /// keeps its export's name (formatVersion 5's `exportTitle`) gets that name and year as its
    /// metadata, and each stripped episode of such a show its code (`S01E02`) as its name — what an
    /// import writing v1 gives the same records (docs/IMPORT.md "Metadata"), so `import` and
    /// `convert` treat stripped records one way. Records with no name to write stay stripped
    /// (and the v1 writer refuses them). `hydrate --refresh` replaces the names with TMDb's.
    ///
    /// - Returns: the library and one `write-export-name` warning with the count, if any.
    public func namedFromExport() -> (Library, [Diagnostic]) {
        // Found before anything is written: the optimizer makes the arrays unique ahead of a
        // loop that may write them, so a library with nothing to name was copied whole (200k
        // episodes: +45 MB peak on `convert --to mediawatch-v1`).
        let toName = titles.indices.filter { titles[$0].isStripped && Self.exportName(titles[$0]) != nil }
        guard !toName.isEmpty else { return (self, []) }
        var lib = self
        var named: Set<String> = []
        for i in toName {
            guard let name = Self.exportName(lib.titles[i]) else { continue }
            lib.titles[i].metadata = TitleMetadata(title: name, year: lib.titles[i].exportYear ?? 0)
            named.insert(lib.titles[i].id)
        }
        var episodes = 0
        for i in lib.episodes.indices where lib.episodes[i].isStripped && named.contains(lib.episodes[i].showId) {
            lib.episodes[i].metadata = EpisodeMetadata(name: lib.episodes[i].episodeCode)
            episodes += 1
        }
        let what = counted(named.count, "stripped title") + (episodes > 0 ? " and \(counted(episodes, "episode"))" : "")
        return (lib, [.warning(.writeExportName, "\(what) written under the export's own name and year (episodes by their code); `mwkit hydrate` fills TMDb's", pointer: "/titles")])
    }

    /// The export's own name of a title, trimmed; nil when it has none to write.
    private static func exportName(_ title: Title) -> String? {
        guard let name = title.exportTitle?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        return name
    }
}
