import Foundation

/// A list's members: v1's `titleIds` (title ids, their order the items' order) and v2's
/// `items` (list item objects). Each item's offset goes to ``ReadSession/itemOffsets``.
extension ReadSession {
    mutating func readTitleIds(into items: inout [ListItem]) throws {
        guard s.peekKind() == .array else { try typeMismatch("titleIds", expected: "an array of title ids"); return }
        try s.beginArray()
        var first = true
        var j = 0
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let off = s.pos
            if s.peekKind() == .string {
                items.append(ListItem(titleId: try s.readString(), orderIndex: j))
                itemOffsets.append(off)
            } else {
                try typeMismatch("titleIds/\(j)", expected: "a title id string")
            }
            j += 1
        }
    }

    mutating func readItems(into items: inout [ListItem]) throws {
        guard s.peekKind() == .array else { try typeMismatch("items", expected: "an array of list items"); return }
        try s.beginArray()
        var first = true
        sub = "items"
        subIdx = 0
        defer { sub = nil }
        while try s.nextElement(first: &first) {
            s.skipWhitespace()
            let start = s.pos
            if s.peekKind() == .object {
                var item = ListItemField.blank
                _ = try readRecord(ListItemField.self, into: &item, at: start)
                items.append(item)
                itemOffsets.append(start)
            } else {
                try elementMismatch(expected: "a list item object")
            }
            subIdx += 1
        }
    }
}
