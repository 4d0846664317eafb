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
        var p = PreferencesField.blank
        _ = try readRecord(PreferencesField.self, into: &p, at: start, pointer: "/preferences")
        result.counts.preferences = 1
        v.preferences(p, offset: start)
        lib.preferences = p
        options.recordSink?.accept(.preferences(p))
    }
}
