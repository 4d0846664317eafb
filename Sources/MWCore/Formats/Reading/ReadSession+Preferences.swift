import Foundation

/// The preferences object: a record without a collection, so its field names and pointers
/// carry `preferences/`, and its unknown keys are errors in v1 as in v2.
extension ReadSession {
    mutating func readPreferences() throws {
        s.skipWhitespace()
        let start = s.pos
        guard s.peekKind() == .object else { try typeMismatch("preferences", expected: "an object"); return }
        coll = ""
        sub = nil
        namePrefix = "preferences/"
        defer { namePrefix = "" }
        let r = try readRecord(PreferencesField.self, at: start, pointer: "/preferences")
        accept(.preferences(r.record), r.origin)
    }
}
