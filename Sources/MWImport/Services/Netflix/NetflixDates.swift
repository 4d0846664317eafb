import Foundation
import MWFoundation

/// The order of day, month and year in a locale-formatted date (`--date-order`).
public enum DateOrder: String, Sendable, CaseIterable {
    /// Day first: `31/12/2020`, `31.12.2020`, `31-12-20`.
    case dmy
    /// Month first: `12/31/20` (US).
    case mdy
    /// Year first: `2020-12-31`.
    case ymd
}

/// The dates of Netflix's `NetflixViewingHistory.csv`, which follow the account's locale
/// (`M/D/YY`, `DD/MM/YYYY`, `D.M.YYYY`, `DD-MM-YY`, `YYYY-MM-DD`) and carry no hint of their
/// order: the order is decided per file from every value (docs/IMPORT.md "Netflix").
enum NetflixDates {
    /// A value split into its three numbers and their digit counts; nil when it is not three
    /// runs of digits joined by one of `/`, `.`, `-`.
    struct Parts: Equatable {
        var a: Int, b: Int, c: Int
        var widths: (Int, Int, Int)
        /// Written `21. 12. 27.` or `2020. 08. 14.` (a blank after each full stop, one at the
        /// end): the Korean and Hungarian form, always year first.
        var yearFirst = false
        static func == (x: Parts, y: Parts) -> Bool { x.a == y.a && x.b == y.b && x.c == y.c && x.widths == y.widths && x.yearFirst == y.yearFirst }
    }

    static func parts(_ raw: String) -> Parts? {
        let s = raw.trimmingCharacters(in: .whitespaces)
        guard let sep = s.first(where: { $0 == "/" || $0 == "." || $0 == "-" }) else { return nil }
        var fields = s.split(separator: sep, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
        if sep == ".", fields.count == 4, fields[3].isEmpty { fields.removeLast() }  // `16.8.2022.`
        let yearFirst = sep == "." && s.contains(". ") && s.hasSuffix(".")
        guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Parts(a: Int(fields[0])!, b: Int(fields[1])!, c: Int(fields[2])!, widths: (fields[0].count, fields[1].count, fields[2].count),
                     yearFirst: yearFirst)
    }

    /// The day `raw` names read in `order`; nil when it does not parse that way (a month above
    /// 12, a day the month does not have, the year not where the order puts it).
    static func day(_ raw: String, _ order: DateOrder) -> ForeignDate? {
        guard let p = parts(raw) else { return nil }
        let (y, m, d): (Int, Int, Int)
        switch order {
        case .ymd:
            guard p.widths.0 == 4 || p.yearFirst && p.widths.0 == 2, p.widths.1 <= 2, p.widths.2 <= 2 else { return nil }
            (y, m, d) = (p.widths.0 == 2 ? (p.a < 70 ? 2000 + p.a : 1900 + p.a) : p.a, p.b, p.c)
        case .dmy, .mdy:
            guard !p.yearFirst, p.widths.0 <= 2, p.widths.1 <= 2, p.widths.2 == 2 || p.widths.2 == 4 else { return nil }
            let year = p.widths.2 == 4 ? p.c : (p.c < 70 ? 2000 + p.c : 1900 + p.c)
            (y, m, d) = order == .dmy ? (year, p.b, p.a) : (year, p.a, p.b)
        }
        guard (1900...2200).contains(y), (1...12).contains(m), d >= 1, d <= daysIn(m, y) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        guard let date = cal.date(from: DateComponents(year: y, month: m, day: d)) else { return nil }
        return ForeignDate(raw: raw, precision: .day, date: date)
    }

    static func daysIn(_ m: Int, _ y: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// What a file's dates say about their order.
    enum Verdict: Equatable {
        /// One order reads every value.
        case order(DateOrder)
        /// Several orders read every value (no day above 12): the user must say which.
        case ambiguous([DateOrder])
        /// No single order reads every value.
        case none
        /// The file has no date to decide from.
        case empty
    }

    /// The orders under which every value of `values` that is a date in some order parses.
    /// Values that are a date in no order are left out (each is reported on its own).
    static func verdict(_ values: [String]) -> Verdict {
        let dated = Set(values).filter { v in DateOrder.allCases.contains { day(v, $0) != nil } }
        guard !dated.isEmpty else { return .empty }
        let possible = DateOrder.allCases.filter { o in dated.allSatisfy { day($0, o) != nil } }
        switch possible.count {
        case 0: return .none
        case 1: return .order(possible[0])
        default: return .ambiguous(possible)
        }
    }
}
