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
        try readObjectArray("items", expected: "an array of list items", element: "a list item object") { r, start in
            var item = ListItemField.blank
            _ = try r.readRecord(ListItemField.self, into: &item, at: start)
            items.append(item)
            r.itemOffsets.append(start)
        }
    }
}
