import Foundation
import MWFoundation

extension CSVTable {
    /// Every value of `row`, trimmed; nil when the column is absent or empty.
    func text(_ row: CSVFile.Record, _ names: String...) -> String? {
        for n in names { if let v = Values.text(value(row, n)) { return v } }
        return nil
    }

    /// The date in column `name` of `row`; a value that is there but gives no date (unreadable,
    /// or a re-saved `05/06/2021` that could be either day) is reported naming it, and the row
    /// keeps no date rather than an invented one.
    func date(_ row: CSVFile.Record, _ name: String, _ c: ItemCollector) -> ForeignDate? {
        let raw = value(row, name)
        if let d = ForeignDate.parse(raw) { return d }
        if let why = ForeignDate.unreadable(raw) { c.warn(diagnostic(.warning, .importBadValue, why, row: row, column: name)) }
        return nil
    }

    /// The rating in `column` of `row` (nil when empty), kept as written on `scale` when its value
    /// is one `accepts` takes; any other value is a bad-value warning, "`what` "9½" is not
    /// `range`" followed by `then` (what the reader does with it instead), and gives nil. `date`
    /// is read only for a rating kept, so an unreadable date of a dropped rating is not reported.
    func rating(_ row: CSVFile.Record, _ column: String, _ scale: ForeignRating.Scale, _ c: ItemCollector, src: SourceRef,
                date: @autoclosure () -> ForeignDate? = nil, what: String = "rating", range: String, then: String = "",
                accepts: (Double) -> Bool) -> ForeignRating? {
        guard let raw = text(row, column) else { return nil }
        guard let v = Double(raw), accepts(v) else {
            c.warn(diagnostic(.warning, .importBadValue, "\(what) \(quoted(raw)) is not \(range)\(then)", row: row, column: column))
            return nil
        }
        return ForeignRating(value: v, scale: scale, raw: raw, date: date(), source: src)
    }

    /// Every row of the table through the prologue the CSV services share: a row of another
    /// width than the header is malformed (its values sit under the wrong columns, so nothing
    /// of it is guessed at); `body` reads the others, given their source reference; each row is
    /// booked (``ItemCollector/finishRow()``).
    func eachRow(_ service: ForeignService, _ file: ExportFile, _ c: ItemCollector, _ body: (CSVFile.Record, SourceRef) -> Void) {
        let ragged = Set(raggedRows.map(\.line))
        for row in rows {
            defer { c.finishRow() }
            let src = ref(service, file, row)
            guard !ragged.contains(row.line) else {
                let why = "\(row.fields.count) fields, header has \(header.fields.count)"
                c.malformed(src.position, why, diagnostic(.error, .importMalformedRow, "\(why); row skipped", row: row))
                continue
            }
            body(row, src)
        }
    }

    /// The source reference of `row`.
    func ref(_ service: ForeignService, _ file: ExportFile, _ row: CSVFile.Record, uri: String? = nil) -> SourceRef {
        SourceRef(service: service, file: file.inner, line: row.line, row: rowNumber(row), uri: uri, shown: file.display)
    }

    /// Non-empty values of the columns not in `known` (lower-case names), as extras.
    func extras(_ row: CSVFile.Record, known: Set<String>, source: SourceRef) -> [ForeignExtra] {
        var out: [ForeignExtra] = []
        for (i, name) in header.fields.enumerated() where i < row.fields.count {
            let k = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard !known.contains(k), let v = Values.text(row.fields[i]) else { continue }
            out.append(ForeignExtra(field: name, value: v, source: source))
        }
        if row.fields.count > header.fields.count {
            for v in row.fields[header.fields.count...] where Values.text(v) != nil {
                out.append(ForeignExtra(field: "(beyond the header)", value: v, source: source))
            }
        }
        return out
    }
}
