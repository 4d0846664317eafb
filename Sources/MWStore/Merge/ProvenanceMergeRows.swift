import Foundation
import MWCore

extension RestoreSession {
    /// Merge of a backup record's provenance values into the rows of the database record it
    /// settled on (`id`: matched or just inserted), by MWCore's ``ProvenanceMerge`` rules under
    /// every conflict policy (docs/DATABASE.md#merge): tags and sources are unioned, viewings
    /// unioned as a multiset; ratings are kept per source and date. Rows already there are counted as skipped, so merging the same backup twice
    /// inserts and updates nothing the second time.
    ///
    /// Called only for records that carry provenance: a backup without any costs nothing here.
    func mergeProvenance(_ owner: EntityKind, id: String, _ values: ProvenanceValues) throws {
        for kind in ProvenanceKind.allCases where values.count(kind) > 0 {
            let target = ProvenanceTarget(kind: kind, owner: owner)
            let existing = try provenanceRows(target, id: id)
            var add = ProvenanceValues()
            switch kind {
            case .rating:
                let m = ProvenanceMerge.ratings(existing.ratings, values.ratings)
                add.ratings = m.added
                let update = try statements("UPDATE ratings SET value = ?, scale = ?, date = ?, date_precision = ? WHERE \(target.ownerColumn) = ? AND source = ? AND date IS ?")
                for r in m.replaced {
                    update.bind(r.new.value)
                    update.bind(r.new.scale)
                    update.bind(r.new.date)
                    update.bind(r.new.datePrecision?.rawValue)
                    update.bind(id)
                    update.bind(r.new.source)
                    update.bind(r.old.date)
                    try update.run()
                }
                count(m.replaced.count, .update, kind)
                count(max(0, values.ratings.count - m.added.count - m.replaced.count), .skip, kind)
            case .viewing:
                add.viewings = ProvenanceMerge.unionCounted(existing.viewings, values.viewings).added
                count(values.viewings.count - add.viewings.count, .skip, kind)
            case .tag:
                add.tags = ProvenanceMerge.union(existing.tags, values.tags).added
                count(values.tags.count - add.tags.count, .skip, kind)
            case .source:
                add.sources = ProvenanceMerge.union(existing.sources, values.sources).added
                count(values.sources.count - add.sources.count, .skip, kind)
            }
            var insert = try statements.insert(target)
            try insert.bindRows(kind, of: add, owner: id) { s in try s.run() }
            count(add.count(kind), .insert, kind)
        }
    }

    /// The rows of `target`'s kind that the record `id` owns, in order.
    func provenanceRows(_ target: ProvenanceTarget, id: String) throws -> ProvenanceValues {
        var out = ProvenanceValues()
        let s = try statements(target.selectSQL)
        defer { s.reset() }
        s.bind(id)
        while try s.step() { ProvenanceRowReader.append(target.kind, s, at: 0, to: &out) }
        return out
    }
}
