/// formatVersion 3 → 2: drops the provenance values (``FieldTable/notInV2``: original ratings,
/// viewings, tags and record sources, a list's description, a list item's note), reporting
/// each dropped field with the number of records that had it (`field-dropped` warnings, as
/// `v2-to-v1` does). Everything formatVersion 2 holds is kept. Added with the provenance values.
public struct V3ToV2: MigrationStep {
    public let name = "v3-to-v2"
    public let from = 3
    public let to = 2
    public init() {}

    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) {
        let warnings = V3ToV2.droppedFields(library, target: "formatVersion 2 and v1")
        guard !warnings.isEmpty else { return (library, []) }
        var lib = library
        lib.titles = lib.titles.map { $0.withoutProvenance() }
        lib.episodes = lib.episodes.map { $0.withoutProvenance() }
        for i in lib.lists.indices {
            lib.lists[i].listDescription = nil
            lib.lists[i].sources = []
            for j in lib.lists[i].items.indices { lib.lists[i].items[j].note = nil }
        }
        for i in lib.notes.indices { lib.notes[i].sources = [] }
        return (lib, warnings)
    }

    /// One `field-dropped` warning per formatVersion 3 field that some record has, with the
    /// number of those records; `target` names what cannot hold them ("v1", …).
    static func droppedFields(_ lib: Library, target: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func count<F: EntityField>(_ coll: String, _ records: [F.Record], _: F.Type, prefix: String = "") {
            out += DroppedFields.warnings(F.table.notInV2, records, collection: coll, target: target, prefix: prefix)
        }
        count("titles", lib.titles, TitleField.self)
        count("episodes", lib.episodes, EpisodeField.self)
        count("lists", lib.lists, ListField.self)
        count("lists", lib.lists.flatMap(\.items), ListItemField.self, prefix: "items[].")
        count("notes", lib.notes, NoteField.self)
        return out
    }
}
