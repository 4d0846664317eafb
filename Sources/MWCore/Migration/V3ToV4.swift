/// formatVersion 3 → 4: keeps every value; the watch status 4 adds stays empty (an old backup
/// has none). Added with the watch status (issues 21 and 24).
public struct V3ToV4: MigrationStep {
    public let name = "v3-to-v4"
    public let from = 3
    public let to = 4
    public init() {}
    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) { (library, []) }
}
