import Foundation
import MWCore
import MWTestSupport
import Testing

/// The field descriptions agree with themselves: what the readers, writers and the database
/// derive from them only holds if each row of the tables is sound.
@Suite struct FieldDescriptionTests {
    /// "numberOfSeasons" → "number_of_seasons".
    static func snakeCase(_ key: String) -> String {
        key.unicodeScalars.map { CharacterSet.uppercaseLetters.contains($0) ? "_" + String($0).lowercased() : String($0) }.joined()
    }

    func check<F: EntityField>(_: F.Type) {
        var v1Keys: [Int] = []
        for f in F.allCases {
            let s = f.spec
            if case .key(let n)? = s.v1 { v1Keys.append(n) }
            if case .named(let column)? = s.column {
                #expect(column.description == Self.snakeCase(f.name), "\(F.entity).\(f.name): column \(column)")
            }
            // Only TMDb metadata may be absent because the record is stripped, and all of it must be able to.
            if s.presence == .requiredUnlessStripped { #expect(s.origin == .tmdb, "\(F.entity).\(f.name)") }
            if s.origin == .tmdb { #expect(s.presence != .required, "\(F.entity).\(f.name)") }
        }
        #expect(v1Keys.sorted() == Array(0..<v1Keys.count), "\(F.entity): v1 key order has gaps or repeats")
        #expect(F.allCases.count <= 64, "field masks are 64 bits")
        #expect(F.id.name == "id")
    }

    @Test func everyEntityIsConsistent() {
        check(TitleField.self)
        check(EpisodeField.self)
        check(ListField.self)
        check(ListItemField.self)
        check(NoteField.self)
        check(PreferencesField.self)
    }

    @Test func v1KeyOrderIsTheApps() {
        #expect(TitleField.table.v1Order.map(\.name) == ["id", "tmdbId", "imdbId", "mediaType", "title", "year", "overview",
                                                        "genres", "runtime", "posterPath", "backdropPath", "watched",
                                                        "watchedDate", "likedStatus", "dateAdded"])
        #expect(EpisodeField.table.v1Order.map(\.name) == ["id", "showId", "seasonNumber", "episodeNumber", "name",
                                                          "overview", "watched", "watchedDate"])
        #expect(ListField.table.v1Order.map(\.name) == ["id", "name", "icon", "colorHex", "sortOrder", "titleIds"])
        #expect(NoteField.table.v1Order.map(\.name) == ["id", "parentId", "parentType", "text", "ownerOnly", "dateCreated"])
    }

    @Test(.drawsFromSeeds(7)) func valuesRoundTripThroughTheSwitches() {
        // get then set with the same values gives the record back (each case reaches its own property).
        var factory = LibraryFactory(seed: 7)
        let lib = factory.v2Library()
        for t in lib.titles { #expect(copy(t, TitleField.self) == t) }
        for e in lib.episodes { #expect(copy(e, EpisodeField.self) == e) }
        for l in lib.lists {
            #expect(copy(l, ListField.self) == l)
            for i in l.items { #expect(copy(i, ListItemField.self) == i) }
        }
        for n in lib.notes { #expect(copy(n, NoteField.self) == n) }
        if let p = lib.preferences { #expect(copy(p, PreferencesField.self) == p) }
    }

    /// A record rebuilt from a blank one, field by field, from the values of `record`.
    func copy<F: EntityField>(_ record: F.Record, _: F.Type) -> F.Record {
        var r = F.blank
        var metadata = F.blankMetadata, stripped = false
        var source = Replay(values: F.allCases.map { $0.value(of: record) })
        for f in F.allCases { f.set(&r, &metadata, stripped: &stripped, from: &source) }
        F.finish(&r, metadata: metadata, stripped: stripped)
        return r
    }
}

/// Gives back boxed values in order.
private struct Replay: FieldSource {
    typealias Failure = Never
    var values: [FieldValue]
    var i = 0
    mutating func next() -> FieldValue { defer { i += 1 }; return values[i] }
    mutating func read<F: EntityField>(_ f: F, into x: inout String) { if case .string(let v?) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout String?) { if case .string(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int, unreadable: Int?) { if case .int(let v?) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int?) { if case .int(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64) { if case .int64(let v?) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Int64?) { if case .int64(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Double?) { if case .double(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool) { if case .bool(let v?) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Bool?) { if case .bool(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Date) { if case .date(let v?) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout Date?) { if case .date(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, into x: inout [String]) { if case .strings(let v?) = next() { x = v } }
    mutating func read<F: EntityField, T: RawRepresentable>(_ f: F, into x: inout T) where T.RawValue == String {
        if case .string(let v?) = next(), let t = T(rawValue: v) { x = t }
    }
    mutating func read<F: EntityField>(_ f: F, stripped x: inout Bool) { if case .stripped(let v) = next() { x = v } }
    mutating func read<F: EntityField>(_ f: F, items x: inout [ListItem]) { if case .items(let v) = next() { x = v } }
}
