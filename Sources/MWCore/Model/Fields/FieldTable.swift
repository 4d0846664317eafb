/// What follows from one entity's field descriptions, worked out once (each entity keeps one
/// in its `table`): key tables, key orders, required keys, column order.
public final class FieldTable<F: EntityField>: @unchecked Sendable {  // Sendable: every property is a `let` set in init
    /// Each field's JSON key, by field number.
    public let names: [String]
    /// The fields each dialect writes, in its key order, by ``Dialect/rawValue`` less one: v1
    /// the app's order; formatVersion n v2's order, with the fields added up to n (3: the
    /// provenance values, 4: the watch status, 5: the export's names and ids).
    private let orders: [[F]]
    /// The fields v1 writes, in the app's key order.
    public var v1Order: [F] { orders[0] }
    /// The fields with a place in the record's own row of the library database: `id` first,
    /// then the others in order (``rowFields`` aside).
    public let storeOrder: [F]
    /// The fields kept as rows of tables of their own (``StoreColumn/rows(_:)``: provenance).
    public let rowFields: [F]
    /// The fields bound to a column of their own, in column order, `id` aside (bound first by
    /// inserts, last by updates).
    public let columnFields: [F]
    /// The values v1 cannot hold (the stripped marker and a list's items aside), in v2 order;
    /// only formatVersion 2's (the shipped `v2-to-v1` step's set): see ``notInV2``.
    public let notInV1: [F]
    /// The values formatVersion 2 cannot hold (nor v1): those added by formatVersion 3 (and 4,
    /// which `v4-to-v3` has removed before `v3-to-v2` runs), in order.
    public let notInV2: [F]
    /// The values formatVersion 3 cannot hold: those added by formatVersion 4 (and 5, which
    /// `v5-to-v4` has removed before `v4-to-v3` runs), in order.
    public let notInV3: [F]
    /// The values formatVersion 4 cannot hold: those added by formatVersion 5, in order.
    public let notInV4: [F]
    /// The TMDb-derived fields, as a mask.
    public let tmdbMask: UInt64

    /// The key table each dialect reads with, as ``orders``: each accepts only the keys it holds.
    private let keyTables: [KeyTable]
    let strayMetadataOrder: [F]
    private let required: [[F]]
    private let requiredMasks: [UInt64]

    init() {
        let all = F.allCases
        let names = all.map { $0.spec.key.description }
        self.names = names
        func v1Position(_ f: F) -> Int? {
            if case .key(let n)? = f.spec.v1 { return n }
            return nil
        }
        let v1Order = all.filter { v1Position($0) != nil }.sorted { v1Position($0)! < v1Position($1)! }
        orders = Dialect.allCases.map { d in
            d == .v1 ? v1Order : all.filter { $0.spec.inV2 && $0.spec.since <= d.rawValue }
        }
        func inRows(_ f: F) -> Bool {
            if case .rows? = f.spec.column { return true }
            return false
        }
        storeOrder = [F.id] + all.filter { $0 != F.id && $0.spec.column != nil && !inRows($0) }
        rowFields = all.filter(inRows)
        columnFields = storeOrder.filter { f in
            guard f != F.id, case .named? = f.spec.column else { return false }
            return true
        }
        notInV1 = all.filter { $0.spec.v1 == nil && $0.spec.inV2 && $0.spec.since <= 2 && ![.stripped, .items].contains($0.spec.kind) }
        notInV2 = all.filter { $0.spec.inV2 && $0.spec.since > 2 }
        notInV3 = all.filter { $0.spec.inV2 && $0.spec.since > 3 }
        notInV4 = all.filter { $0.spec.inV2 && $0.spec.since > 4 }
        tmdbMask = all.reduce(0) { $1.spec.origin == .tmdb ? $0 | $1.bit : $0 }
        strayMetadataOrder = F.strayMetadataOrder
        // An entity v1 has no object for (list items, preferences) is read with v2's keys.
        let v2Order = orders[1]
        let v1 = v1Order.isEmpty ? v2Order : v1Order
        keyTables = ([v1] + orders.dropFirst()).map { KeyTable(names, allowed: Set($0.map(\.rawValue))) }
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

    /// The key table a reader of `dialect` uses: each version accepts only the keys it holds.
    func keys(_ dialect: Dialect) -> KeyTable { keyTables[dialect.rawValue - 1] }

    /// The fields a writer of `dialect` writes, in its key order.
    func order(_ dialect: Dialect) -> [F] { orders[dialect.rawValue - 1] }

    /// The keys a record must carry, in the order missing ones are reported.
    func required(_ dialect: Dialect, stripped: Bool) -> [F] {
        required[(dialect == .v1 ? 0 : 2) + (stripped ? 0 : 1)]
    }

    /// The same as a mask, to check a record at once.
    func requiredMask(_ dialect: Dialect, stripped: Bool) -> UInt64 {
        requiredMasks[(dialect == .v1 ? 0 : 2) + (stripped ? 0 : 1)]
    }
}
