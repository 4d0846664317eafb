import Foundation
import MWCore
@testable import MWImport
import MWFoundation
import MWJobs
import MWMatching
import MWTMDb
import MWTestSupport
import Testing

/// Issue 30 §2: Netflix in every language, on our own fixtures written from the format facts
/// of the samples' README (docs/IMPORT.md "Netflix"): markers in other scripts and with the
/// number first, split seasons, years and thousands separators, shows told by the file's
/// structure, Korean/Hungarian dates, and a ViewingActivity re-saved by a spreadsheet.
@Suite struct NetflixLanguageTests {
    static func p(_ s: String) -> NetflixTitles.Parsed { NetflixTitles.parse(s) }

    @Test func seasonMarkersInOtherLanguagesAndScripts() {
        let cases: [(String, String, Int)] = [
            ("킹덤: 시즌 2: 제1화", "킹덤", 2), ("킹덤: 시즌2: 에피소드", "킹덤", 2), ("진격의 거인: 2기: 짐승 거인", "진격의 거인", 2),
            ("ワンピース: シーズン1: 冒険の夜明け", "ワンピース", 1), ("鬼灭之刃: 第2季: 炼狱", "鬼灭之刃", 2),
            ("Riverdale: 3. évad: Ötvenharmadik fejezet: Nyelvtörő", "Riverdale", 3), ("Dirilis: 6. Sezon: 1. Bölüm", "Dirilis", 6),
            ("Elite: 2ª temporada: Samuel", "Elite", 2), ("Lupin: Saison 3B: Chapitre 1", "Lupin", 3), ("Dark: Řada 1: Tajemství", "Dark", 1),
            ("La casa de papel: Temporada 2 (2017): Episodio 3", "La casa de papel", 2), ("Chernobyl: Mini Dizi: 1:23:45", "Chernobyl", 1),
            ("Bez mrugnięcia: Miniserial: Odcinek 3", "Bez mrugnięcia", 1), ("Вікінги: Сезон 4: Прощання", "Вікінги", 4),
        ]
        for (raw, show, season) in cases {
            let t = Self.p(raw)
            #expect(t.show == show && t.season == season, "\(raw): \(t)")
        }
        // Parts, volumes and chapters are not seasons, in any language either (books are: NetflixBookAndPromoTests).
        for raw in ["Money Heist: 1. Kısım: Bölüm 1", "Lupin: 1re partie: Chapitre 1", "Arcane: Part I: Welcome"] {
            let t = Self.p(raw)
            #expect(t.show != nil && t.season == nil, "\(raw): \(t)")
        }
        // A season named by its show and a number.
        let st = Self.p("Stranger Things: Stranger Things 4: Chapter One: The Hellfire Club")
        #expect(st.show == "Stranger Things" && st.season == 4 && st.episode == "Chapter One: The Hellfire Club", "\(st)")
        #expect(Self.p("진격의 거인: 진격의 거인 2기: 짐승 거인").season == 2)
        #expect(Self.p("Stranger Things: Stranger Things Special: X").show == nil)
        // A number that is part of a show's name is no marker.
        #expect(Self.p("Formula 1: Drive to Survive: Season 1: All to Play For").show == "Formula 1: Drive to Survive")
    }

    @Test func episodeNumbersWithSeparatorsAndShowsWithoutSeason() {
        let op = Self.p("One Piece: Egghead Arc ②: Episode 1124 (Episode 1,124)")
        #expect(op.show?.hasPrefix("One Piece") == true && op.number == 1124, "\(op)")
        #expect(NetflixMarkers.episodeNumber("Episode 1.124") == 1124 && NetflixMarkers.episodeNumber("Épisode\u{A0}8") == 8)
        #expect(NetflixMarkers.episodeNumber("1화") == 1 && NetflixMarkers.episodeNumber("第12話") == 12 && NetflixMarkers.episodeNumber("1. Bölüm") == 1)
        #expect(NetflixMarkers.episodeNumber("Episode 1, 2") == nil, "two numbers are no episode number")
        let six = Self.p("Tiger King: Episode 6")
        #expect(six.show == "Tiger King" && six.number == 6 && six.season == nil)
        let ko = Self.p("아는 형님: 1화")
        #expect(ko.show == "아는 형님" && ko.number == 1)
        // A film's subtitle is not an episode.
        #expect(Self.p("Star Wars: The Last Jedi").show == nil)
    }

    @Test func yearFirstDatesWithBlanksAfterTheirFullStops() {
        #expect(NetflixDates.verdict(["21. 12. 27.", "20. 2. 12."]) == .order(.ymd))
        #expect(NetflixDates.day("21. 12. 27.", .ymd)?.day == "2021-12-27")
        #expect(NetflixDates.day("2020. 08. 14.", .ymd)?.day == "2020-08-14")
        #expect(NetflixDates.day("21. 12. 27.", .dmy) == nil)
        // Without the blanks the order is still the file's to tell.
        #expect(NetflixDates.verdict(["16.8.2022", "1.9.2022"]) == .order(.dmy))
    }

    @Test func aShowWithoutAnyKnownMarkerIsOneShowByItsRows() throws {
        let fx = try Fixture()
        // An arc-named season no table holds, over three days; a film sharing no prefix; a pair
        // of films sharing one, watched on one day (too few to be a show).
        var rows = ["Title,Date"]
        for (i, ep) in ["잔혹", "육성자", "사비토와 마코모", "후지카사네산의 최종 선별", "귀살대의 칼"].enumerated() {
            rows.append("\"귀멸의 칼날: 카마도 탄지로 입지편: \(ep)\",\"21. 3. \(10 + i).\"")
        }
        rows += ["\"Häkkilinnut: Kausi 1: Pilotti\",\"21. 4. 1.\"", "\"Häkkilinnut: Oranssit päälle\",\"21. 4. 2.\"",
                 "\"Glass Onion: A Knives Out Mystery\",\"21. 5. 1.\"", "\"Rurouni Kenshin: The Final\",\"21. 5. 2.\"",
                 "\"Rurouni Kenshin: The Beginning\",\"21. 5. 2.\""]
        let url = try fx.write("NetflixViewingHistory.csv", rows.joined(separator: "\n") + "\n")
        let out = NetflixTests.read(url)
        out.expectBalanced()
        let demon = out.items.filter { $0.episode?.showTitle == "귀멸의 칼날" }
        #expect(demon.count == 5 && demon.allSatisfy { $0.rawType == "카마도 탄지로 입지편" && $0.watches.first?.date != nil })
        #expect(out.items.contains { $0.episode?.showTitle == "Häkkilinnut" && $0.episode?.episodeTitle == "Oranssit päälle" })
        #expect(out.items.filter { $0.kind != .episode }.map(\.title).sorted()
                == ["Glass Onion: A Knives Out Mystery", "Rurouni Kenshin: The Beginning", "Rurouni Kenshin: The Final"])
        // The summary counts what the export names.
        let counts = ImportReport.ReadCounts(out.items)
        #expect(counts.titles == 3 && counts.shows == 2 && counts.episodes == 7)
        // Offline, the show waits in review as one row, not one per episode.
        #expect(Set(demon.compactMap(MatchKey.review)).count == 1)
    }

    @Test func aViewingActivityReSavedByASpreadsheetKeepsItsTimes() throws {
        let fx = try Fixture()
        let csv = """
        Profile Name,StartTime,Duration,Attributes,Title,Supplemental Video Type,Device Type,Bookmark,Latest Bookmark,Country
        Ana,7/28/2022 4:22,0:41:10,,Dark: Season 1: Secrets (Episode 1),,TV,0:41:10,0:41:10,DE (Germany)
        Ana,7/3/2022 21:05,0:40:00,,Dark: Season 1: Lies (Episode 2),,TV,0:40:00,0:40:00,DE (Germany)
        Ana,8/1/2022 9:07 PM,1:52:00,,Glass Onion,,TV,1:52:00,1:52:00,DE (Germany)

        """
        let out = NetflixTests.read(try fx.write("ViewingActivity.csv", csv))
        out.expectBalanced()
        #expect(out.files.first?.kind == NetflixReader.netflixViewingActivity)
        let days = out.items.flatMap(\.watches).compactMap { $0.date.map { DateCoding.formatRFC3339($0.date) } }.sorted()
        #expect(days == ["2022-07-03T21:05:00Z", "2022-07-28T04:22:00Z", "2022-08-01T21:07:00Z"], "\(days)")
        #expect(out.diagnostics(.importAmbiguousDate).isEmpty)
        // No day above 12: the order is asked for, and no date is invented.
        let ambiguous = csv.replacingOccurrences(of: "7/28/2022", with: "7/8/2022")
        let amb = NetflixTests.read(try fx.write("b/ViewingActivity.csv", ambiguous))
        #expect(amb.diagnostics(.importAmbiguousDate).count == 1)
        #expect(amb.items.flatMap(\.watches).allSatisfy { $0.date == nil })
    }

    @Test func aCSVNoServiceClaimsNamesTheClosestAndWhatItLacks() throws {
        let fx = try Fixture()
        let url = try fx.write("activity.csv", "Profile Name,Begin,Duration,Title,Device Type\nAna,2022-01-01 10:00:00,0:10:00,Dark,TV\n")
        let out = NetflixTests.read(url)
        let note = out.files.first?.note ?? ""
        #expect(note.contains("no service recognises this CSV") && note.contains("Netflix ViewingActivity.csv") && note.contains("'Start Time'"), "\(note)")
        #expect(!out.diagnostics.contains { $0.code == "json-syntax" })
    }

    @Test func filmsSharingAPrefixStayFilmsWhenTMDbNamesThemWhole() async throws {
        let fx = try Fixture()
        let csv = "Title,Date\n" + [("Star Harbor: The First", "1/3/2020"), ("Star Harbor: The Second", "1/4/2020"), ("Star Harbor: The Third", "1/25/2020"),
                                     ("Kriger: De rat", "2/3/2020"), ("Kriger: Het verhoor", "2/4/2020"), ("Kriger: De oorlog", "2/5/2020")]
            .map { "\"\($0.0)\",\"\($0.1)\"" }.joined(separator: "\n") + "\n"
        let out = NetflixTests.read(try fx.write("NetflixViewingHistory.csv", csv))
        // Offline both prefixes are shows told by the file's structure: one review row each.
        #expect(out.items.allSatisfy { $0.kind == .episode && $0.episode?.wholeTitle != nil })
        let catalogue = [TrapCatalogue.movie(3001, "Star Harbor: The First", "1990-01-01"), TrapCatalogue.movie(3002, "Star Harbor: The Second", "1992-01-01"),
                         TrapCatalogue.movie(3003, "Star Harbor: The Third", "1994-01-01")]
        try await withMatchingServer(catalogue) { server in
            let r = try await TMDbMatcher(client: await matchClient(server, cache: nil)).match(out.items)
            for m in r.items {
                let item = out.items[m.index]
                if item.episode?.showTitle == "Star Harbor" {
                    guard case .matched(let t) = m.outcome else { Issue.record("\(item.title) not matched: \(m.outcome)"); continue }
                    #expect(t.mediaType == .movie && [3001, 3002, 3003].contains(t.tmdbId))
                } else {
                    // No such show and no such film: the show waits in review.
                    guard case .review = m.outcome else { Issue.record("\(item.title) was matched"); continue }
                }
            }
        }
    }
}
