import Foundation
import MWTestSupport
import Testing
@testable import MWCore

/// Each semantic rule of docs/SPEC.md#invariants, broken once on an otherwise valid library, read
/// back from JSON: the rule's code is reported at the right pointer with a line and column.
@Suite("Validation rules", .drawsFromSeeds(1))
struct RuleTests {
    static func base() -> Library {
        var f = LibraryFactory(seed: 1)
        var lib = f.v2Library()
        while !(lib.titles.contains { $0.mediaType == .tv && !$0.isStripped } && lib.titles.contains { $0.mediaType == .movie }
                && lib.episodes.contains { !$0.isStripped } && lib.notes.count >= 1 && lib.preferences != nil) {
            lib = f.v2Library()
        }
        return lib
    }

    func check(_ code: DiagnosticCode, pointer: String? = nil, severity: Severity = .error, _ mutate: (inout Library) -> Void) throws {
        var lib = RuleTests.base()
        mutate(&lib)
        let bytes = try BackupIO.encode(lib, as: .mediawatchV2).bytes
        let r = BackupIO.read(data: bytes)
        let hits = r.diagnostics.filter { $0.code == code.rawValue }
        #expect(!hits.isEmpty, "expected \(code.rawValue), got \(r.diagnostics.map { "\($0.code) \($0.pointer)" })")
        if let pointer { #expect(hits.contains { $0.pointer == pointer }, "pointers: \(hits.map(\.pointer))") }
        #expect(hits.allSatisfy { $0.severity == severity && $0.line != nil && $0.column != nil })
        // The in-memory validator agrees with the streaming one.
        #expect(Validator.validate(lib).contains { $0.code == code.rawValue })
    }

    var movie: Int { RuleTests.base().titles.firstIndex { $0.mediaType == .movie }! }
    var show: Int { RuleTests.base().titles.firstIndex { $0.mediaType == .tv && !$0.isStripped }! }
    var episode: Int { RuleTests.base().episodes.firstIndex { !$0.isStripped }! }

    @Test func baseIsValid() {
        let bytes = try! BackupIO.encode(RuleTests.base(), as: .mediawatchV2).bytes
        #expect(BackupIO.read(data: bytes).diagnostics.isEmpty)
    }

    @Test func titleRules() throws {
        let m = movie, s = show
        try check(.titleTmdbIdPositive, pointer: "/titles/\(m)/tmdbId") { $0.titles[m].tmdbId = 0 }
        try check(.titleMediaType, pointer: "/titles/\(m)/mediaType") { $0.titles[m].mediaType = MediaType(rawValue: "film") }
        try check(.titleEmpty, pointer: "/titles/\(s)/title") { $0.titles[s].metadata?.title = "  " }
        try check(.titleImdbId, pointer: "/titles/\(s)/imdbId") { $0.titles[s].metadata?.imdbId = "nm123" }
        try check(.titleLikedStatus, pointer: "/titles/\(m)/likedStatus") { $0.titles[m].likedStatus = 2 }
        try check(.titleLanguage, pointer: "/titles/\(s)/originalLanguage") { $0.titles[s].metadata?.originalLanguage = "English" }
        try check(.titleDuplicate) { lib in
            var t = lib.titles[m]; t.id = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D"; lib.titles.append(t)
            lib.lists[0].items.append(ListItem(titleId: t.id, orderIndex: 99))
        }
        try check(.titleNotInList, pointer: "/titles/\(m)") { lib in
            let id = lib.titles[m].id
            for i in lib.lists.indices { lib.lists[i].items.removeAll { $0.titleId == id } }
        }
        try check(.idFormat, pointer: "/titles/\(m)/id") { lib in
            let old = lib.titles[m].id
            lib.titles[m].id = "not-a-uuid"
            for i in lib.lists.indices { for j in lib.lists[i].items.indices where lib.lists[i].items[j].titleId == old { lib.lists[i].items[j].titleId = "not-a-uuid" } }
            for i in lib.notes.indices where lib.notes[i].parentId == old { lib.notes[i].parentId = "not-a-uuid" }
        }
        try check(.dateImplausible, severity: .warning) { lib in
            lib.exportDate = Date(timeIntervalSinceReferenceDate: 100)
            lib.titles[m].dateAdded = Date(timeIntervalSinceReferenceDate: 900_000_000)
        }
    }

    @Test func episodeRules() throws {
        let e = episode, m = movie
        try check(.episodeSeasonNumber, pointer: "/episodes/\(e)/seasonNumber") { $0.episodes[e].seasonNumber = -1 }
        try check(.episodeEpisodeNumber, pointer: "/episodes/\(e)/episodeNumber") { $0.episodes[e].episodeNumber = 0 }
        try check(.episodeNameEmpty, pointer: "/episodes/\(e)/name") { $0.episodes[e].metadata?.name = "" }
        try check(.episodeShowMissing, pointer: "/episodes/\(e)/showId") { $0.episodes[e].showId = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D" }
        try check(.episodeShowNotTV, pointer: "/episodes/\(e)/showId") { $0.episodes[e].showId = $0.titles[m].id }
        try check(.episodeDuplicate) { lib in
            var d = lib.episodes[e]; d.id = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D"; lib.episodes.append(d)
        }
        try check(.idDuplicate) { lib in
            var d = lib.episodes[e]; d.episodeNumber = 999; lib.episodes.append(d)
        }
    }

    @Test func listAndNoteRules() throws {
        try check(.listNameEmpty, pointer: "/lists/0/name") { $0.lists[0].name = "" }
        try check(.listNameLength, pointer: "/lists/0/name") { $0.lists[0].name = String(repeating: "é", count: 101) }
        try check(.listColorHex, pointer: "/lists/0/colorHex") { $0.lists[0].colorHex = "red" }
        try check(.listItemTitleMissing, pointer: "/lists/0/items/0/titleId") { $0.lists[0].items[0].titleId = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D" }
        try check(.listItemDuplicate) { $0.lists[0].items.append($0.lists[0].items[0]) }
        try check(.noteTextLength, pointer: "/notes/0/text") { $0.notes[0].text = String(repeating: "x", count: 10_001) }
        try check(.noteParentType, pointer: "/notes/0/parentType") { $0.notes[0].parentType = NoteParentType(rawValue: "list") }
        try check(.noteParentMissing, pointer: "/notes/0/parentId") { $0.notes[0].parentId = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D" }
        try check(.noteParentMissing) { lib in  // declared type must match the parent's kind
            lib.notes[0].parentType = lib.notes[0].parentType == .title ? .episode : .title
        }
        try check(.preferencesDefaultList, pointer: "/preferences/defaultListId") { $0.preferences?.defaultListId = "0B3C8A9E-4B7E-4F7B-9C1D-2E5F6A7B8C9D" }
        try check(.preferencesLikedStatus, pointer: "/preferences/defaultLikedStatus") { $0.preferences?.defaultLikedStatus = 5 }
    }

    @Test func maxErrorsCaps() {
        var lib = RuleTests.base()
        for i in lib.titles.indices { lib.titles[i].tmdbId = -Int64(i) - 1; lib.titles[i].likedStatus = 9 }
        let bytes = try! BackupIO.encode(lib, as: .mediawatchV2).bytes
        let all = BackupIO.read(data: bytes)
        let capped = BackupIO.read(data: bytes, options: ReadOptions(maxErrors: 2))
        #expect(all.errorCount > 2)
        #expect(capped.errorCount == 2)
        #expect(capped.diagnostics.last?.code == "max-errors-reached")
    }
}
