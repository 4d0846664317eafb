/// formatVersion 4 → 5: keeps every value; the export's names and the ids at other services 5
/// adds stay empty (an old backup has none). Added with them (issue 30 §1, §4).
public struct V4ToV5: MigrationStep {
    public let name = "v4-to-v5"
    public let from = 4
    public let to = 5
    public init() {}
    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) { (library, []) }
}
