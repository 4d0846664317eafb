/// formatVersion 2 → 3: keeps every value; the provenance values 3 adds stay empty (an old
/// backup has none). Added with the provenance values (issue 11 §3).
public struct V2ToV3: MigrationStep {
    public let name = "v2-to-v3"
    public let from = 2
    public let to = 3
    public init() {}
    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) { (library, []) }
}
