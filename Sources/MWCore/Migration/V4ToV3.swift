/// formatVersion 4 → 3: drops the watch status (``FieldTable/notInV3``: a title's
/// `watchStatus`, its word, date and source), reporting each dropped field with the number of
/// titles that had it (`field-dropped` warnings, as `v3-to-v2` does). Everything formatVersion
/// 3 holds is kept. Added with the watch status.
public struct V4ToV3: MigrationStep {
    public let name = "v4-to-v3"
    public let from = 4
    public let to = 3
    public init() {}

    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) {
        let warnings = V4ToV3.droppedFields(library, target: "formatVersion 3 and older")
        guard !warnings.isEmpty else { return (library, []) }
        var lib = library
        for i in lib.titles.indices { lib.titles[i].setWatchStatus(nil) }
        return (lib, warnings)
    }

    /// One `field-dropped` warning per formatVersion 4 field some title has, with the number of
    /// those titles; `target` names what cannot hold them.
    static func droppedFields(_ lib: Library, target: String) -> [Diagnostic] {
        DroppedFields.warnings(TitleField.table.notInV3, lib.titles, collection: "titles", target: target)
    }
}
