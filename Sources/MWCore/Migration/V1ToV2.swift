/// v1 → v2: every v1 value is kept exactly; what v1 lacks stays absent (nil). Shipped in 0.1.0.
public struct V1ToV2: MigrationStep {
    public let name = "v1-to-v2"
    public let from = 1
    public let to = 2
    public init() {}
    public func apply(_ library: Library) throws -> (Library, [Diagnostic]) { (library, []) }
}
