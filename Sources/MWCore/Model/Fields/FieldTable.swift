/// What follows from one entity's field descriptions, worked out once (each entity keeps one
/// in its `table`): key tables, key orders, required keys, column order.
public final class FieldTable<F: EntityField>: @unchecked Sendable {  // Sendable: every property is a `let` set in init
    /// Each field's JSON key, by field number.
    public let names: [String]
    /// The fields v1 writes, in the app's key order.
    public let v1Order: [F]
    /// The fields v2 writes, in its key order.
    public let v2Order: [F]
    /// The fields with a place in the library database: `id` first, then the others in order.
    public let storeOrder: [F]
    /// The fields bound to a column of their own, in column order, `id` aside (bound first by
    /// inserts, last by updates).
    public let columnFields: [F]
    /// The values v1 cannot hold (the stripped marker and a list's items aside), in v2 order.
    public let notInV1: [F]
    /// The TMDb-derived fields, as a mask.
    public let tmdbMask: UInt64

    let v1Keys: KeyTable
    let v2Keys: KeyTable
    let strayMetadataOrder: [F]
    private let required: [[F]]
    private let requiredMasks: [UInt64]

    init() {
        let all = F.allCases
        names = all.map { $0.spec.key.description }
        func v1Position(_ f: F) -> Int? {
            if case .key(let n)? = f.spec.v1 { return n }
            return nil
        }
        v1Order = all.filter { v1Position($0) != nil }.sorted { v1Position($0)! < v1Position($1)! }
        v2Order = all.filter(\.spec.inV2)
        storeOrder = [F.id] + all.filter { $0 != F.id && $0.spec.column != nil }
        columnFields = storeOrder.filter { f in
            guard f != F.id, case .named? = f.spec.column else { return false }
            return true
        }
        notInV1 = all.filter { $0.spec.v1 == nil && $0.spec.inV2 && ![.stripped, .items].contains($0.spec.kind) }
        tmdbMask = all.reduce(0) { $1.spec.origin == .tmdb ? $0 | $1.bit : $0 }
        strayMetadataOrder = F.strayMetadataOrder
        // An entity v1 has no object for (list items, preferences) is read with v2's keys.
        let v1 = v1Order.isEmpty ? v2Order : v1Order
        v1Keys = KeyTable(names, allowed: Set(v1.map(\.rawValue)))
        v2Keys = KeyTable(names, allowed: Set(v2Order.map(\.rawValue)))
        // Missing keys are reported in the app's key order (then v2's); those required unless
        // the record is stripped after all the others.
        func requiredKeys(_ fields: [F], _ presence: Presence) -> [F] {
            fields.filter { $0.spec.presence == presence }
                .sorted { (v1Position($0) ?? Int.max, $0.rawValue) < (v1Position($1) ?? Int.max, $1.rawValue) }
        }
        required = [v1, v2Order].flatMap { fields in
            [requiredKeys(fields, .required), requiredKeys(fields, .required) + requiredKeys(fields, .requiredUnlessStripped)]
        }
        requiredMasks = required.map { $0.reduce(0) { $0 | $1.bit } }
    }

    /// The key table a reader of `dialect` uses: v1 accepts only the keys v1 holds.
    func keys(_ dialect: Dialect) -> KeyTable { dialect == .v1 ? v1Keys : v2Keys }

    /// The keys a record must carry, in the order missing ones are reported.
    func required(_ dialect: Dialect, stripped: Bool) -> [F] {
        required[(dialect == .v1 ? 0 : 2) + (stripped ? 0 : 1)]
    }

    /// The same as a mask, to check a record at once.
    func requiredMask(_ dialect: Dialect, stripped: Bool) -> UInt64 {
        requiredMasks[(dialect == .v1 ? 0 : 2) + (stripped ? 0 : 1)]
    }
}
