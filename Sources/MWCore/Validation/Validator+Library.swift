import Foundation

/// A whole in-memory library run through the record rules, as a reader would stream it.
extension Validator {
    /// Validates an in-memory library (no positions; pointers in v2 form), formatVersion 3's
    /// provenance rules included.
    public static func validate(_ library: Library, maxErrors: Int? = nil) -> [Diagnostic] {
        var v = Validator(dialect: .v2, locator: nil, maxErrors: maxErrors)
        v.exportDate = library.exportDate
        for (i, l) in library.lists.enumerated() { v.list(l, .init(index: i), itemOffsets: nil) }
        for (i, t) in library.titles.enumerated() { v.title(t, .init(index: i)) }
        for (i, e) in library.episodes.enumerated() { v.episode(e, .init(index: i)) }
        for (i, n) in library.notes.enumerated() { v.note(n, .init(index: i)) }
        if let p = library.preferences { v.preferences(p, offset: nil) }
        for d in ProvenanceRules.problems(in: library) { v.diags.add(d) }
        v.finish()
        return v.diags.items
    }
}
