/// formatVersion 5 → 4: drops a title's `exportTitle`, `exportYear`, `serviceIds` and
/// `unnumberedEpisodes` (the show keeps those episodes' viewings)
/// (``FieldTable/notInV4``), reporting each dropped field with the number of titles that had it
/// (`field-dropped` warnings, as `v4-to-v3` does). Everything formatVersion 4 holds is kept.
/// Added with them (issue 30 §1, §4).
public struct V5ToV4: MigrationStep {
    public let name = "v5-to-v4"
    public let from = 5
    public let to = 4
    public init() {}

    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) {
        let warnings = V5ToV4.droppedFields(library, target: "formatVersion 4 and older")
        guard !warnings.isEmpty else { return (library, []) }
        var lib = library
        for i in lib.titles.indices {
            lib.titles[i].exportTitle = nil
            lib.titles[i].exportYear = nil
            lib.titles[i].serviceIds = []
            lib.titles[i].unnumberedEpisodes = []
        }
        return (lib, warnings)
    }

    /// One `field-dropped` warning per formatVersion 5 field some title has, with the number of
    /// those titles; `target` names what cannot hold them.
    static func droppedFields(_ lib: Library, target: String) -> [Diagnostic] {
        // An episode named only by title is counted too: a record may hold several.
        DroppedFields.warnings(TitleField.table.notInV4, lib.titles, collection: "titles", target: target) { f in
            guard f == .unnumberedEpisodes else { return nil }
            return "\(lib.titles.reduce(0) { $0 + $1.unnumberedEpisodes.count }) episode(s) named only by title"
        }
    }
}
