/// One named, ordered step between two JSON format versions. Steps are never edited once
/// shipped; a new version adds one step up, one step down and one schema (as 3 did).
public protocol MigrationStep: Sendable {
    /// A stable name, e.g. "v1-to-v2".
    var name: String { get }
    var from: Int { get }
    var to: Int { get }
    /// Transforms the library so the target version can hold it; returns warnings for anything
    /// dropped, throws ``MWError/invalid(_:)`` when the library cannot be expressed.
    func apply(_ library: Library) throws -> (Library, [Diagnostic])
}

/// Runs the chain of steps between two versions (like GRDB's DatabaseMigrator, in both directions).
public struct Migrator: Sendable {
    /// Every shipped step, in order.
    public static let steps: [any MigrationStep] = [V1ToV2(), V2ToV1(), V2ToV3(), V3ToV2(), V3ToV4(), V4ToV3(), V4ToV5(), V5ToV4()]

    /// The newest JSON format version (what mediawatch-v2 writes).
    public static let latestVersion = 5

    public init() {}

    /// The steps leading from `from` to `to` (empty when equal).
    public func path(from: Int, to: Int) throws -> [any MigrationStep] {
        var out: [any MigrationStep] = []
        var v = from
        while v != to {
            let dir = to > v ? 1 : -1
            guard let step = Migrator.steps.first(where: { $0.from == v && $0.to == v + dir }) else {
                throw MWError.usage("no migration from format version \(v) to \(v + dir)")
            }
            out.append(step)
            v += dir
        }
        return out
    }

    /// Migrates a library read as version `from` so it can be written as version `to`.
    public func migrate(_ library: Library, from: Int, to: Int) throws -> (library: Library, diagnostics: [Diagnostic], steps: [String]) {
        var lib = library
        var diags: [Diagnostic] = []
        let steps = try path(from: from, to: to)
        for step in steps {
            let (next, d) = try step.apply(lib)
            lib = next
            diags += d
        }
        return (lib, diags, steps.map(\.name))
    }
}
