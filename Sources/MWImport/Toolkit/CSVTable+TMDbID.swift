import Foundation
import MWFoundation

extension CSVTable {
    /// The TMDb ID in `column` of `row` (nil when empty): a positive whole number. Any other
    /// value is a bad-value warning naming the column and the value, and gives nil, so the row
    /// is matched by its other IDs or its title instead.
    func tmdbID(_ row: CSVFile.Record, _ column: String, _ c: ItemCollector) -> Int? {
        guard let raw = text(row, column) else { return nil }
        if let id = Int(raw), id > 0 { return id }
        c.warn(diagnostic(.warning, .importBadValue, "\(column) \(quoted(raw)) is not a TMDb ID", row: row, column: column))
        return nil
    }
}
