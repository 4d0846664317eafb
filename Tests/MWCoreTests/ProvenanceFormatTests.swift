import Foundation
import MWTestSupport
import PropertyBased
import Testing
@testable import MWCore

/// formatVersion 3 (docs/FORMAT.md#formatversion-3): the provenance values read, written,
/// migrated both ways and checked; formatVersion 2 files as they were.
@Suite("Provenance (formatVersion 3)")
struct ProvenanceFormatTests {
    static let v2Sample = TestSupport.samples.appendingPathComponent("mediawatch-v2.json")
    static let v3Sample = TestSupport.samples.appendingPathComponent("mediawatch-v3.json")

    func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test func v3SampleRoundTripsByteForByte() throws {
        let original = try bytes(Self.v3Sample)
        let r = BackupIO.read(data: original)
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.format == .mediawatchV2 && r.formatVersion == 3)
        let lib = try #require(r.library)
        let fc = lib.titles[0]
        #expect(fc.ratings == [
            OriginalRating(source: "letterboxd", value: 4.5, scale: 5, date: DayDate.day(year: 2023, month: 6, day: 20), datePrecision: .day),
            OriginalRating(source: "imdb", value: 9, scale: 10, date: DateCoding.parseISO("2023-06-21T07:02:03Z"), datePrecision: .instant),
        ])
        #expect(fc.viewings.count == 4 && fc.viewings[1].date == nil && fc.viewings[2].rewatch)
        #expect(fc.tags == ["cult", "rewatch 2023", "Fincher"])
        #expect(fc.sources[0] == RecordSource(service: "letterboxd", file: "diary.csv", row: 12, uri: "https://boxd.it/4Nf0Wz"))
        #expect(lib.lists[0].listDescription?.contains("\n") == true && lib.lists[0].items[0].note == "Recommended by Sam")
        #expect(lib.notes[0].sources.count == 1 && lib.episodes[0].ratings.count == 1)
        // A stripped title keeps its provenance (user data).
        #expect(lib.titles[3].isStripped && lib.titles[3].viewings.count == 1)
        #expect(try BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(formatVersion: 3)).bytes == original)
        #expect(try BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(pretty: false, formatVersion: 3)).bytes.count < original.count)
    }

    @Test func v3ToV2DropsTheProvenanceWithCountsAndGivesTheV2Sample() throws {
        let lib = try #require(BackupIO.read(data: try bytes(Self.v3Sample)).library)
        let (v2, warnings, steps) = try Migrator().migrate(lib, from: 3, to: 2)
        #expect(steps == ["v3-to-v2"])
        let expected: [(String, Int)] = [
            ("titles[].ratings", 1), ("titles[].viewings", 2), ("titles[].tags", 1), ("titles[].sources", 2),
            ("episodes[].ratings", 1), ("episodes[].viewings", 1), ("episodes[].sources", 1),
            ("lists[].description", 1), ("lists[].sources", 1), ("lists[].items[].note", 1), ("notes[].sources", 1),
        ]
        #expect(warnings.map(\.message) == expected.map { "formatVersion 2 and v1 cannot hold \($0.0): dropped from \($0.1) record(s)" })
        #expect(warnings.allSatisfy { $0.code == DiagnosticCode.fieldDropped.rawValue && $0.severity == .warning })
        let written = try BackupIO.encode(v2, as: .mediawatchV2, options: WriteOptions(formatVersion: 2)).bytes
        #expect(written == (try bytes(Self.v2Sample)))
        // And back up: nothing to add, the v2 values are all kept.
        let (up, upWarnings, upSteps) = try Migrator().migrate(v2, from: 2, to: 3)
        #expect(up == v2 && upWarnings.isEmpty && upSteps == ["v2-to-v3"])
    }

    @Test(.drawsFromSeeds(7)) func v3ToV1ReportsEveryProvenanceFieldItDrops() throws {
        var f = LibraryFactory(seed: 7)
        var lib = f.v1Library()
        while lib.titles.isEmpty || lib.episodes.isEmpty { lib = f.v1Library() }
        lib.titles[0].viewings = [.onDay(Date(timeIntervalSince1970: 1_714_560_000)), Viewing(date: nil, precision: .day)]
        lib.titles[0].tags = ["a"]
        lib.episodes[0].ratings = [OriginalRating(source: "trakt", value: 8, scale: 10)]
        let (v1, warnings, steps) = try Migrator().migrate(lib, from: 3, to: 1)
        #expect(steps == ["v3-to-v2", "v2-to-v1"])
        let messages = warnings.map(\.message)
        #expect(messages.contains("formatVersion 2 and v1 cannot hold titles[].viewings: dropped from 1 record(s)"))
        #expect(messages.contains("formatVersion 2 and v1 cannot hold titles[].tags: dropped from 1 record(s)"))
        #expect(messages.contains("formatVersion 2 and v1 cannot hold episodes[].ratings: dropped from 1 record(s)"))
        #expect(!v1.titles[0].hasProvenance && !v1.episodes[0].hasProvenance)
        // Writing v1 straight from the model reports the same drops itself.
        let direct = try BackupIO.encode(lib, as: .mediawatchV1).diagnostics.map(\.message)
        #expect(direct.contains("v1 cannot hold titles[].viewings: dropped from 1 record(s)"))
        #expect(direct.contains("v1 cannot hold episodes[].ratings: dropped from 1 record(s)"))
        #expect(try BackupIO.encode(lib, as: .mediawatchV1).bytes == (try BackupIO.encode(v1, as: .mediawatchV1).bytes))
    }

    @Test func shippedV2FilesReadValidateAndRewriteUnchanged() throws {
        let original = try bytes(Self.v2Sample)
        let r = BackupIO.read(data: original)
        #expect(r.isValid && r.diagnostics.isEmpty && r.formatVersion == 2)
        #expect(try BackupIO.encode(r.library!, as: .mediawatchV2, options: WriteOptions(formatVersion: 2)).bytes == original)
        // The newest version differs only in its formatVersion.
        let v3 = String(decoding: try BackupIO.encode(r.library!, as: .mediawatchV2).bytes, as: UTF8.self)
        #expect(v3 == String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"formatVersion\": 2,", with: "\"formatVersion\": \(Migrator.latestVersion),"))
        // formatVersion 2 knows none of the new keys.
        let withTags = String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "\"likedStatus\": 1,", with: "\"likedStatus\": 1, \"tags\": [\"x\"],")
        let bad = BackupIO.read(data: Array(withTags.utf8))
        #expect(!bad.isValid)
        #expect(bad.diagnostics.contains { $0.code == "schema-unknown-key" && $0.pointer.hasSuffix("/tags") && $0.line != nil })
    }

    // MARK: Reader diagnostics

    /// A formatVersion 3 document whose one title carries `extra` (JSON members).
    func doc(_ extra: String) -> [UInt8] {
        Array("""
        {"format":"mediawatch-backup","formatVersion":3,
         "lists":[{"id":"A0000000-0000-4000-8000-000000000001","name":"L","sortOrder":0,
                   "items":[{"titleId":"B0000000-0000-4000-8000-000000000001","orderIndex":0}]}],
         "titles":[{"id":"B0000000-0000-4000-8000-000000000001","tmdbId":550,"mediaType":"movie","stripped":true,
                    "watched":false,"likedStatus":0,"dateAdded":"2024-01-01T00:00:00Z",
                    \(extra)}],
         "episodes":[],"notes":[]}
        """.utf8)
    }

    func errors(_ extra: String) -> [(code: String, pointer: String)] {
        BackupIO.read(data: doc(extra)).diagnostics.filter { $0.severity == .error }.map { ($0.code, $0.pointer) }
    }

    @Test func goodValuesAreValid() throws {
        let r = BackupIO.read(data: doc("""
            "ratings":[{"source":"imdb","value":10,"scale":10,"date":"2024-05-01T00:00:00Z","datePrecision":"day"},{"source":"lb","value":0,"scale":5}],
            "viewings":[{"date":"2024-05-01","precision":"day","rewatch":false},{"precision":"instant","rewatch":true,"source":"trakt"}],
            "tags":["a","A"],"sources":[{"service":"imdb","row":1}]
            """))
        #expect(r.isValid && r.diagnostics.isEmpty, "\(r.diagnostics)")
        let t = try #require(r.library?.titles.first)
        // Midnight UTC as a date-time is the same day as YYYY-MM-DD.
        #expect(t.ratings[0].date == DayDate.day(year: 2024, month: 5, day: 1) && t.viewings[0].date == t.ratings[0].date)
        #expect(t.viewings[1] == Viewing(date: nil, precision: .instant, rewatch: true, source: "trakt"))
    }

    @Test func badValuesHaveTheirCodeAndPointer() {
        let p = "/titles/0"
        #expect(errors(#""ratings":[{"source":"lb","value":6,"scale":5}]"#).map(\.code) == ["rating-range"])
        #expect(errors(#""ratings":[{"source":"lb","value":-1,"scale":5}]"#).map(\.pointer) == ["\(p)/ratings/0/value"])
        #expect(errors(#""ratings":[{"source":"lb","value":0,"scale":0}]"#).map(\.code) == ["rating-range"])
        #expect(errors(#""ratings":[{"source":"lb","value":1,"scale":5},{"source":"lb","value":2,"scale":5}]"#).map { $0.code + " " + $0.pointer }
                == ["provenance-duplicate \(p)/ratings/1/source"])
        #expect(errors(#""ratings":[{"source":"lb","value":1,"scale":5,"datePrecision":"week"}]"#).map { $0.code + " " + $0.pointer }
                == ["date-precision-unknown \(p)/ratings/0/datePrecision"])
        #expect(errors(#""viewings":[{"date":"2024-05-01T00:00:01Z","precision":"day","rewatch":false}]"#).map { $0.code + " " + $0.pointer }
                == ["day-not-midnight \(p)/viewings/0/date"])
        // Alike viewings are separate watches (two undated plays); ratings of one source on two dates are both kept.
        #expect(errors(#""viewings":[{"precision":"day","rewatch":false},{"precision":"day","rewatch":false}]"#).isEmpty)
        #expect(errors(#""ratings":[{"source":"lb","value":5,"scale":5,"date":"2023-01-02","datePrecision":"day"},{"source":"lb","value":4.5,"scale":5,"date":"2024-01-02","datePrecision":"day"}]"#).isEmpty)
        #expect(errors(#""ratings":[{"source":"lb","value":5,"scale":5,"date":"2023-01-02","datePrecision":"day"},{"source":"lb","value":4.5,"scale":5,"date":"2023-01-02","datePrecision":"day"}]"#).map { $0.code + " " + $0.pointer }
                == ["provenance-duplicate \(p)/ratings/1/source"])
        #expect(errors(#""viewings":[{"date":"2024-05-01"}]"#).map { $0.code + " " + $0.pointer }
                == ["schema-required \(p)/viewings/0", "schema-required \(p)/viewings/0"])
        #expect(errors(#""viewings":[{"precision":1,"rewatch":false}]"#).map(\.code) == ["schema-type"])
        #expect(errors(#""viewings":[{"precision":"day","rewatch":false,"source":null}]"#).map(\.code) == ["schema-type"])
        #expect(errors(#""viewings":[{"precision":"day","rewatch":false,"mood":"happy"}]"#).map { $0.code + " " + $0.pointer }
                == ["schema-unknown-key \(p)/viewings/0/mood"])
        #expect(errors(#""viewings":"often""#).map(\.code) == ["schema-type"])
        #expect(errors(#""viewings":[3]"#).map { $0.code + " " + $0.pointer } == ["schema-type \(p)/viewings/0"])
        #expect(errors(#""sources":[{"service":"imdb","row":0}]"#).map { $0.code + " " + $0.pointer } == ["schema-range \(p)/sources/0/row"])
        #expect(errors(#""sources":[{"file":"x.csv"}]"#).map(\.code) == ["schema-required"])
        #expect(errors(#""sources":[{"service":"imdb"},{"service":"imdb"}]"#).map { $0.code + " " + $0.pointer } == ["provenance-duplicate \(p)/sources/1"])
        #expect(errors(#""tags":["a",1,"a"]"#).map { $0.code + " " + $0.pointer } == ["schema-type \(p)/tags/1", "provenance-duplicate \(p)/tags/2"])
        // Every diagnostic has its position in the file.
        let r = BackupIO.read(data: doc(#""ratings":[{"source":"lb","value":6,"scale":5}]"#))
        #expect(r.diagnostics.allSatisfy { $0.line != nil && $0.column != nil })
    }

    @Test func inMemoryLibrariesAreCheckedToo() {
        var lib = Library()
        lib.lists = [MediaList(id: "A0000000-0000-4000-8000-000000000001", name: "L",
                               items: [ListItem(titleId: "B0000000-0000-4000-8000-000000000001", orderIndex: 0)])]
        var t = Title(id: "B0000000-0000-4000-8000-000000000001", tmdbId: 1, mediaType: .movie, metadata: nil, dateAdded: Date(timeIntervalSince1970: 0))
        t.ratings = [OriginalRating(source: "x", value: 11, scale: 10), OriginalRating(source: "x", value: 1, scale: 10)]
        t.viewings = [Viewing(date: Date(timeIntervalSince1970: 5), precision: .day)]
        t.tags = ["a", "a"]
        lib.titles = [t]
        let d = Validator.validate(lib).map { $0.code + " " + $0.pointer }
        #expect(d == ["rating-range /titles/0/ratings/0/value", "provenance-duplicate /titles/0/ratings/1/source",
                      "day-not-midnight /titles/0/viewings/0/date", "provenance-duplicate /titles/0/tags/1"])
    }

    // MARK: Property: any provenance survives write → read

    @Test("v3 write → read is identical with random provenance")
    func randomProvenanceRoundTrips() async throws {
        await seededCheck(count: 100, seed: 0x5EED_2909, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var f = LibraryFactory(seed: seed)
            let lib = f.withProvenance(f.v2Library())
            let errors = Validator.validate(lib).filter { $0.severity == .error }
            #expect(errors.isEmpty, "seed \(seed): \(errors.map(\.message))")
            for pretty in [true, false] {
                let bytes = try! BackupIO.encode(lib, as: .mediawatchV2, options: WriteOptions(pretty: pretty)).bytes
                let r = BackupIO.read(data: bytes)
                #expect(r.isValid, "seed \(seed): \(r.diagnostics)")
                #expect(r.library == lib, "seed \(seed)")
                #expect(try! BackupIO.encode(r.library!, as: .mediawatchV2, options: WriteOptions(pretty: pretty)).bytes == bytes)
            }
        }
    }

    @Test func stripKeepsProvenance() throws {
        let lib = try #require(BackupIO.read(data: try bytes(Self.v3Sample)).library)
        let s = lib.stripped()
        #expect(s.titles.map(\.ratings) == lib.titles.map(\.ratings) && s.titles.map(\.viewings) == lib.titles.map(\.viewings))
        #expect(s.titles.map(\.tags) == lib.titles.map(\.tags) && s.episodes.map(\.sources) == lib.episodes.map(\.sources))
        let r = BackupIO.read(data: try BackupIO.encode(s, as: .mediawatchV2).bytes)
        #expect(r.isValid && r.library == s)
    }
}

/// Days: exact both ways, and the v1 instant is the same calendar day around the world.
@Suite struct DayDateTests {
    @Test func parseFormatAndCheck() throws {
        let d = try #require(DayDate.parse("2024-02-29"))
        #expect(DayDate.string(d) == "2024-02-29" && DayDate.isDay(d))
        #expect(d == DateCoding.parseISO("2024-02-29T00:00:00Z"))
        #expect(DayDate.parse("2023-02-29") == nil && DayDate.parse("2024-13-01") == nil && DayDate.parse("2024-1-01") == nil)
        #expect(DayDate.string(try #require(DayDate.day(year: 1899, month: 12, day: 31))) == "1899-12-31")
        #expect(!DayDate.isDay(d.addingTimeInterval(1)) && !DayDate.isDay(d.addingTimeInterval(-0.001)))
    }

    @Test func theV1InstantIsTheSameDayFromUTCMinus11ToPlus12AndComesBackExactly() throws {
        var cal = Calendar(identifier: .gregorian)
        for (y, m, d) in [(1970, 1, 1), (1999, 12, 31), (2024, 2, 29), (2024, 3, 31), (2038, 1, 19), (1960, 6, 15)] {
            let day = try #require(DayDate.day(year: y, month: m, day: d))
            let instant = DayDate.instant(ofDay: day)
            #expect(DayDate.day(of: instant) == day)
            #expect(Viewing.onDay(instant, source: "letterboxd").date == day)
            #expect(Viewing(date: day, precision: .day).watchedDate == instant)
            for minutes in stride(from: -11 * 60, through: 12 * 60 + 45, by: 15) {
                cal.timeZone = try #require(TimeZone(secondsFromGMT: minutes * 60))
                let c = cal.dateComponents([.year, .month, .day], from: instant)
                #expect(c.year == y && c.month == m && c.day == d, "UTC\(minutes) min: \(c)")
            }
        }
        let instant = Date(timeIntervalSince1970: 1_714_567_890.25)
        #expect(Viewing(date: instant, precision: .instant).watchedDate == instant)
    }
}

/// The merge rules shared by the import builder and the library database.
@Suite struct ProvenanceMergeTests {
    func day(_ d: Int) -> Date { DayDate.day(year: 2024, month: 5, day: d)! }

    @Test func unionKeepsOrderAndAddsOnlyTheNew() {
        let a = Viewing.onDay(day(1), source: "letterboxd"), b = Viewing.onDay(day(2), source: "letterboxd")
        let b2 = Viewing.onDay(day(2), rewatch: true, source: "letterboxd")
        let r = ProvenanceMerge.union([a, b], [b, b2, b2, a])
        #expect(r.merged == [a, b, b2] && r.added == [b2])
        #expect(ProvenanceMerge.union(["x"], []).added.isEmpty)
    }

    @Test func ratingsPerSourceNewerAndDatedWins() {
        let old = OriginalRating(source: "lb", value: 3, scale: 5, date: day(1), datePrecision: .day)
        let newer = OriginalRating(source: "lb", value: 4, scale: 5, date: day(2), datePrecision: .day)
        let undated = OriginalRating(source: "lb", value: 5, scale: 5)
        let imdb = OriginalRating(source: "imdb", value: 8, scale: 10)
        #expect(ProvenanceMerge.replaces(old, with: newer) && !ProvenanceMerge.replaces(newer, with: old))
        #expect(!ProvenanceMerge.replaces(old, with: undated) && ProvenanceMerge.replaces(undated, with: old))
        #expect(!ProvenanceMerge.replaces(old, with: old))
        var sameDay = newer
        sameDay.value = 1
        #expect(!ProvenanceMerge.replaces(newer, with: sameDay))
        // Ratings are kept per source and date: a re-rating on another day is added, not replaced.
        let m = ProvenanceMerge.ratings([old], [newer, imdb])
        #expect(m.merged == [old, newer, imdb] && m.added == [newer, imdb] && m.replaced.isEmpty)
        #expect(ProvenanceMerge.ratings([newer], [sameDay]) == .init(merged: [newer], added: [], replaced: []))
        #expect(ProvenanceMerge.ratings(m.merged, [newer, imdb]) == .init(merged: m.merged, added: [], replaced: []))
    }
}

extension LibraryFactory {
    /// `lib` with random provenance values on some titles, episodes, lists, items and notes.
    mutating func withProvenance(_ lib: Library) -> Library {
        var lib = lib
        let services = ["letterboxd", "imdb", "trakt", "tvtime"]
        func dated(_ f: inout LibraryFactory) -> (Date?, DatePrecision) {
            switch f.int(0...2) {
            case 0: return (nil, .day)
            case 1: return (DayDate.day(of: f.date()), .day)
            default: return (f.date(), .instant)
            }
        }
        func viewings(_ f: inout LibraryFactory) -> [Viewing] {
            var out: [Viewing] = []
            for _ in 0..<f.int(0...4) {
                let (d, p) = dated(&f)
                out.append(Viewing(date: d, precision: p, rewatch: f.int(0...1) == 1, source: f.maybe { g in services[g.int(0...3)] }))
            }
            return ProvenanceMerge.union([], out).merged
        }
        func ratings(_ f: inout LibraryFactory) -> [OriginalRating] {
            var out: [OriginalRating] = []
            for s in services where f.int(0...2) == 0 {
                let scale = f.int(0...1) == 0 ? 5.0 : 10.0
                let (d, p) = dated(&f)
                out.append(OriginalRating(source: s, value: Double(f.int(0...Int(scale) * 2)) / 2, scale: scale, date: d,
                                          datePrecision: d == nil ? nil : p))
            }
            return out
        }
        func sources(_ f: inout LibraryFactory) -> [RecordSource] {
            var out: [RecordSource] = []
            for _ in 0..<f.int(0...2) {
                out.append(RecordSource(service: services[f.int(0...3)], file: f.maybe { $0.text(12) }, row: f.maybe { $0.int(1...99_999) },
                                        uri: f.maybe { "https://boxd.it/" + $0.text(6) }))
            }
            return ProvenanceMerge.union([], out).merged
        }
        for i in lib.titles.indices where int(0...1) == 0 {
            lib.titles[i].ratings = ratings(&self)
            lib.titles[i].viewings = viewings(&self)
            lib.titles[i].tags = ProvenanceMerge.union([], (0..<int(0...3)).map { _ in text(8) }).merged
            lib.titles[i].sources = sources(&self)
        }
        for i in lib.episodes.indices where int(0...2) == 0 {
            lib.episodes[i].ratings = ratings(&self)
            lib.episodes[i].viewings = viewings(&self)
            lib.episodes[i].sources = sources(&self)
        }
        for i in lib.lists.indices {
            lib.lists[i].listDescription = maybe { $0.text(40, allowEmpty: true) }
            lib.lists[i].sources = sources(&self)
            for j in lib.lists[i].items.indices { lib.lists[i].items[j].note = maybe { $0.text(30) } }
        }
        for i in lib.notes.indices { lib.notes[i].sources = sources(&self) }
        return lib
    }
}
