import Foundation
import MWFoundation
import MWCore

/// Reviews, comments and notes written about a title or episode become owner-only notes
/// (docs/IMPORT.md "Reviews"). The text is kept as exported (line breaks LF), HTML included
/// (Letterboxd writes `<i>`, `<b>`, `<blockquote>`, `<br />`): converting markup to text
/// would lose what the user wrote (a literal `<` in prose, line structure), and a later
/// export to Letterboxd wants the markup back. The same text on the same record is one note.
struct ReviewNotes {
    private(set) var notes: [Note] = []
    private var at: [String: Int] = [:]

    /// Adds the reviews of `items` to the record `parentId` (`dateAdded` when a review has no date).
    mutating func add(_ items: [ForeignItem], parentId: String, parentType: NoteParentType, dateAdded: Date) {
        for item in items {
            for r in item.reviews where Values.text(r.text) != nil {
                let id = ImportIDs.note(parent: parentId, text: r.text)
                let source = RecordValues.sources([r.source])
                if let k = at[id] {
                    notes[k].sources.appendUnique(source)
                    continue
                }
                let created = ImportDates.date(r.date) ?? ImportDates.date(r.watchedDate) ?? dateAdded
                var n = Note(id: id, parentId: parentId, parentType: parentType, text: r.text, ownerOnly: true, dateCreated: created)
                n.sources = source
                at[id] = notes.count
                notes.append(n)
            }
        }
    }
}
