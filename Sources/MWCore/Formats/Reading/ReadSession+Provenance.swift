import Foundation

/// formatVersion 3's arrays (docs/FORMAT.md#formatversion-3): a record's `ratings`, `viewings`,
/// `sources` and a title's `tags`, each checked where it is read, with the element's pointer
/// (`/titles/3/viewings/0/date`): types and required keys, a rating within 0…scale
/// (`rating-range`), a known precision (`date-precision-unknown`), a day that is a day
/// (`day-not-midnight`), no tag or source twice and no two ratings of one source and date
/// (`provenance-duplicate`); alike viewings are separate watches.
/// Only a v3 reader's key tables let these keys through, so v1 and v2 files never get here.
extension ReadSession {
    static let ratingKeys = KeyTable(["source", "value", "scale", "date", "datePrecision"])
    static let viewingKeys = KeyTable(["date", "precision", "rewatch", "source"])
    static let sourceKeys = KeyTable(["service", "file", "row", "uri"])

    mutating func readRatings(_ name: String, into out: inout [OriginalRating]) throws {
        var keys: Set<RatingKey> = []
        try readObjects(name, "a rating object") { r, start in
            var source: String?, value: Double?, scale: Double?, date: Date?, precision: DatePrecision?
            var dateOffset = start, valueOffset = start, sourceOffset = start
            let (seen, _) = try r.readFields(ReadSession.ratingKeys) { r, f in
                r.s.skipWhitespace()
                switch f {
                case 0: sourceOffset = r.s.pos; source = try r.string("source")
                case 1: valueOffset = r.s.pos; value = try r.double("value")
                case 2: scale = try r.double("scale")
                case 3: dateOffset = r.s.pos; date = try r.date("date", optional: true)
                default: precision = try r.precision("datePrecision")
                }
            }
            guard r.requireKeys(seen, ["source", "value", "scale"], ReadSession.ratingKeys, at: start),
                  let source, let value, let scale else { return }
            if !(scale > 0) || !(0...scale).contains(value) {
                r.error(.ratingRange, "rating \(jsonNumber(value)) of \(jsonNumber(scale)): a rating lies within 0…scale, and the scale is above 0",
                        field: "value", offset: valueOffset)
            }
            r.checkDay(date, precision, offset: dateOffset)
            if !keys.insert(RatingKey(source: source, date: date)).inserted {
                r.error(.provenanceDuplicate, "a second rating from \(quoted(source)) with the same date: a record keeps one rating per source and date", field: "source", offset: sourceOffset)
            }
            out.append(OriginalRating(source: source, value: value, scale: scale, date: date, datePrecision: precision))
        }
    }

    mutating func readViewings(_ name: String, into out: inout [Viewing]) throws {
        try readObjects(name, "a viewing object") { r, start in
            var date: Date?, precision: DatePrecision?, rewatch: Bool?, source: String?
            var dateOffset = start
            let (seen, _) = try r.readFields(ReadSession.viewingKeys) { r, f in
                r.s.skipWhitespace()
                switch f {
                case 0: dateOffset = r.s.pos; date = try r.date("date", optional: true)
                case 1: precision = try r.precision("precision")
                case 2: rewatch = try r.bool("rewatch")
                default: source = try r.string("source", optional: true)
                }
            }
            guard r.requireKeys(seen, ["precision", "rewatch"], ReadSession.viewingKeys, at: start),
                  let precision, let rewatch else { return }
            r.checkDay(date, precision, offset: dateOffset)
            out.append(Viewing(date: date, precision: precision, rewatch: rewatch, source: source))
        }
    }

    mutating func readSources(_ name: String, into out: inout [RecordSource]) throws {
        var seenSources: Set<RecordSource> = []
        try readObjects(name, "a record source object") { r, start in
            var service: String?, file: String?, row: Int64?, uri: String?
            let (seen, _) = try r.readFields(ReadSession.sourceKeys) { r, f in
                switch f {
                case 0: service = try r.string("service")
                case 1: file = try r.string("file", optional: true)
                case 2: row = try r.int("row", optional: true, range: 1...Int64(Int32.max))
                default: uri = try r.string("uri", optional: true)
                }
            }
            guard r.requireKeys(seen, ["service"], ReadSession.sourceKeys, at: start), let service else { return }
            let source = RecordSource(service: service, file: file, row: row.map(Int.init), uri: uri)
            if !seenSources.insert(source).inserted {
                r.error(.provenanceDuplicate, "the same source twice", field: nil, offset: start)
            }
            out.append(source)
        }
    }

    /// A title's tags: strings, none twice.
    mutating func readTags(_ name: String, into out: inout [String]) throws {
        guard s.peekKind() == .array else { return try typeMismatch(name, expected: "an array of tag strings") }
        try s.beginArray()
        var first = true
        var i = 0
        var seen: Set<String> = []
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let off = s.pos
            if s.peekKind() == .string {
                let tag = try s.readString()
                if seen.insert(tag).inserted {
                    out.append(tag)
                } else {
                    error(.provenanceDuplicate, "tag \(quoted(tag)) twice", field: "\(name)/\(i)", offset: off)
                }
            } else {
                try typeMismatch("\(name)/\(i)", expected: "a tag string")
            }
            i += 1
        }
    }

    // MARK: Parts

    /// Walks the array `name` of objects (``readObjectArray(_:expected:element:_:)``); `element`
    /// reads one object just opened at `start`.
    private mutating func readObjects(_ name: String, _ what: String,
                                      _ element: (inout ReadSession, Int) throws -> Void) throws {
        try readObjectArray(name, expected: "an array of \(what)s", element: what) { r, start in
            try r.s.beginObject()
            try element(&r, start)
        }
    }

    /// Walks the array `name` of objects, with ``sub`` set so pointers name each element;
    /// `element` reads the object that starts at `start`. Not an array: `expected` is reported;
    /// an element not an object: `what`.
    mutating func readObjectArray(_ name: String, expected: String, element what: String,
                                  _ element: (inout ReadSession, Int) throws -> Void) throws {
        guard s.peekKind() == .array else { return try typeMismatch(name, expected: expected) }
        try s.beginArray()
        var first = true
        sub = name
        subIdx = 0
        defer { sub = nil }
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let start = s.pos
            if s.peekKind() == .object {
                try element(&self, start)
            } else {
                try elementMismatch(expected: what)
            }
            subIdx += 1
        }
    }

    /// Reports the keys of `names` missing from `seen`; true when none is.
    private mutating func requireKeys(_ seen: UInt64, _ names: [String], _ keys: KeyTable, at start: Int) -> Bool {
        var ok = true
        for n in names {
            guard let i = (0..<keys.count).first(where: { keys.name($0) == n }), seen & (1 << UInt64(i)) == 0 else { continue }
            v.diags.add(.error(.schemaRequired, "missing required key \(quoted(n))", pointer: pointer(nil), offset: start))
            ok = false
        }
        return ok
    }

    /// `day` or `instant`; anything else is `date-precision-unknown` (a non-string `schema-type`).
    private mutating func precision(_ field: String) throws -> DatePrecision? {
        s.skipWhitespace()
        let off = s.pos
        guard let raw = try string(field) else { return nil }
        guard let p = DatePrecision(rawValue: raw) else {
            error(.datePrecisionUnknown, "\(field): \(quoted(raw)) is not a date precision (day or instant)", field: field, offset: off)
            return nil
        }
        return p
    }

    /// A date of precision day must be a day: midnight UTC (written `YYYY-MM-DD`).
    private mutating func checkDay(_ date: Date?, _ precision: DatePrecision?, offset: Int) {
        guard precision == .day, let date, !DayDate.isDay(date) else { return }
        error(.dayNotMidnight, "date: \(DateCoding.formatRFC3339(date)) has precision day but is not a day (write YYYY-MM-DD)", field: "date", offset: offset)
    }
}

private func jsonNumber(_ v: Double) -> String { DateCoding.jsonNumber(v) }
