import Foundation

/// The columns of a film service's CSV file (``FilmServiceReader/csvSignatures``), to tell a
/// user whose CSV no reader claims which file it is closest to and what it lacks ("no service
/// recognises this CSV; closest: Netflix ViewingActivity.csv, no column 'Start Time'") rather
/// than only that nothing was found (docs/IMPORT.md "Detection").
public struct CSVSignature: Sendable {
    /// The file as a message names it (`Netflix ViewingActivity.csv`).
    public var file: String
    /// The columns the reader needs to claim the file.
    public var needed: [String]
    /// Other columns the file has.
    public var other: [String]

    public init(file: String, needed: [String], other: [String] = []) {
        self.file = file
        self.needed = needed
        self.other = other
    }
}

/// Which service file a CSV no reader claims is closest to: among the signatures of the readers
/// the import was given (the registry's), so a service is listed once, in its declaration.
enum CSVSignatures {
    /// A column name without case, blanks or underscores.
    static func squeeze(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" } }

    /// "closest: Netflix ViewingActivity.csv, no column 'Start Time'" for header `keys`; nil when
    /// no signature of `readers` shares two columns with it (the first of the most shared wins).
    static func closest(_ keys: [String], _ readers: [any FilmServiceReader]) -> String? {
        let have = Set(keys.map(squeeze))
        var best: (CSVSignature, Int)?
        for s in readers.flatMap(\.csvSignatures) {
            let shared = (s.needed + s.other).filter { have.contains(squeeze($0)) }.count
            if shared >= 2, shared > (best?.1 ?? 0) { best = (s, shared) }
        }
        guard let (s, _) = best else { return nil }
        let missing = s.needed.filter { !have.contains(squeeze($0)) }
        let lacks = missing.isEmpty ? "its columns are there but not as the reader needs them"
            : (missing.count == 1 ? "no column " : "no columns ") + missing.map { "'\($0)'" }.joined(separator: ", ")
        return "closest: \(s.file), \(lacks)"
    }
}
