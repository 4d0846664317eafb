import MWFoundation

/// The one count behind every down-step's `field-dropped` warnings (`v3-to-v2`, `v4-to-v3`,
/// `v5-to-v4` and the v1 writer): each field of `fields` that some record holds, with the
/// number of those records.
enum DroppedFields {
    /// One warning per field of `fields` that some record of `records` has; `collection` is the
    /// records' key in the backup ("titles"), `target` what cannot hold them ("v1", …);
    /// `detail` may say more of a field before "dropped" ("3 episode(s) named only by title").
    static func warnings<F: EntityField>(_ fields: [F], _ records: [F.Record], collection: String, target: String,
                                         prefix: String = "", detail: (F) -> String? = { _ in nil }) -> [Diagnostic] {
        fields.compactMap { f in
            var n = 0
            for r in records {
                var value = HasValue()
                f.get(r, into: &value)
                if value.present { n += 1 }
            }
            guard n > 0 else { return nil }
            return .warning(.fieldDropped, "\(target) cannot hold \(collection)[].\(prefix)\(f.name): \(detail(f).map { "\($0) " } ?? "")dropped from \(n) record(s)", pointer: "/\(collection)")
        }
    }
}
