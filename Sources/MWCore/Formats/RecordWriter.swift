import Foundation

/// Writes records as JSON objects, driven by the field descriptions: v1's keys in the app's
/// key order with reference-date numbers and `titleIds`, v2's in its order with RFC 3339
/// dates, `items` and the stripped marker. Absent optionals write nothing.
struct RecordWriter: FieldVisitor {
    var w: JSONWriter
    let dialect: Dialect

    /// Begins the one JSON document the writer will emit.
    init(_ dialect: Dialect, pretty: Bool, emit: @escaping ([UInt8]) -> Void) {
        self.dialect = dialect
        // v1 as the app's `JSONEncoder` writes it (`\/`, `"key" : value` when pretty).
        w = JSONWriter(pretty: pretty, escapeSlash: dialect == .v1, spaceBeforeColon: dialect == .v1, emit: emit)
    }

    /// The four collections, in the order both formats write them.
    mutating func collections(_ lib: Library) {
        collection("lists", lib.lists, ListField.self)
        collection("titles", lib.titles, TitleField.self)
        collection("episodes", lib.episodes, EpisodeField.self)
        collection("notes", lib.notes, NoteField.self)
    }

    /// `key`: an array of `records`, each an object of the fields this dialect holds.
    mutating func collection<F: EntityField>(_ key: StaticString, _ records: [F.Record], _: F.Type) {
        let fields = order(F.self)
        w.key(key)
        w.beginArray()
        // By index: `for r in records` copied each record (retaining every string) to pass it on.
        for i in records.indices {
            w.element()
            object(records[i], fields)
        }
        w.endArray()
    }

    /// The fields this dialect writes, in its key order.
    func order<F: EntityField>(_: F.Type) -> [F] { F.table.order(dialect) }

    mutating func object<F: EntityField>(_ record: F.Record, _ fields: [F]) {
        w.beginObject()
        for f in fields { f.get(record, into: &self) }
        w.endObject()
    }

    @inline(__always) private func key<F: EntityField>(_ f: F) -> StaticString { f.spec.key }

    mutating func visit<F: EntityField>(_ f: F, _ v: String?) { w.field(key(f), v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int?) { w.field(key(f), v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Int64?) { w.field(key(f), v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Double?) { w.field(key(f), v) }
    mutating func visit<F: EntityField>(_ f: F, _ v: Bool?) { w.field(key(f), v) }

    mutating func visit<F: EntityField>(_ f: F, _ v: Date?) {
        guard let v else { return }
        w.key(key(f))
        if dialect == .v1 { w.double(v.timeIntervalSinceReferenceDate) } else { w.string(DateCoding.formatRFC3339(v)) }
    }

    mutating func visit<F: EntityField>(_ f: F, _ v: [String]?) {
        if let v { w.field(key(f), v) }
    }

    mutating func visit<F: EntityField>(_ f: F, stripped: Bool) {
        if stripped { w.field(key(f), true) }
    }

    mutating func visit<F: EntityField>(_ f: F, items: [ListItem]) {
        w.key(key(f))
        w.beginArray()
        if dialect == .v1 {
            for item in V1Writer.orderedItems(items) { w.element(); w.string(item.titleId) }
        } else {
            let fields = order(ListItemField.self)
            for item in items { w.element(); object(item, fields) }
        }
        w.endArray()
    }

    // formatVersion 3's arrays (only a v3 writer's order holds their fields); empty ones are
    // omitted. A day is written as `YYYY-MM-DD` (docs/FORMAT.md#days).

    mutating func visit<F: EntityField>(_ f: F, ratings: [OriginalRating]) {
        objects(f, ratings) { w, r in
            w.field("source", r.source)
            w.field("value", r.value)
            w.field("scale", r.scale)
            Self.date(&w, "date", r.date, r.datePrecision)
            w.field("datePrecision", r.datePrecision?.rawValue)
        }
    }

    mutating func visit<F: EntityField>(_ f: F, viewings: [Viewing]) {
        objects(f, viewings) { w, v in
            Self.date(&w, "date", v.date, v.precision)
            w.field("precision", v.precision.rawValue)
            w.field("rewatch", v.rewatch)
            w.field("source", v.source)
        }
    }

    mutating func visit<F: EntityField>(_ f: F, sources: [RecordSource]) {
        objects(f, sources) { w, s in
            w.field("service", s.service)
            w.field("file", s.file)
            w.field("row", s.row)
            w.field("uri", s.uri)
        }
    }

    /// `f`'s key: an array of one object per item, its members written by `members`; nothing
    /// for no items.
    private mutating func objects<F: EntityField, T>(_ f: F, _ items: [T], _ members: (inout JSONWriter, T) -> Void) {
        guard !items.isEmpty else { return }
        w.key(key(f))
        w.beginArray()
        for item in items {
            w.element()
            w.beginObject()
            members(&w, item)
            w.endObject()
        }
        w.endArray()
    }

    /// A provenance date: a day as `YYYY-MM-DD`, an instant as RFC 3339.
    private static func date(_ w: inout JSONWriter, _ k: StaticString, _ d: Date?, _ precision: DatePrecision?) {
        guard let d else { return }
        w.field(k, precision == .day ? DayDate.string(d) : DateCoding.formatRFC3339(d))
    }
}
