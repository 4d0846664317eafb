import Foundation
@testable import MWImport
import MWFoundation
import MWTestSupport
import Testing

/// Two Netflix facts of the unseen exports (docs/IMPORT.md "Netflix"), on our own rows:
/// `Book N` in any language (`2. Kitap`, `Księga 1`, `Livro 3`, `Book One`) is the season of a
/// show that calls its seasons books; a promotional clip's asset id (`SHOWNAME_S1_CLIP_PLOT`,
/// `Film_hook_primary_16x9`) is no viewing, whether or not the row gives a supplemental type.
@Suite struct NetflixBookAndPromoTests {
    @Test func aBookIsTheShowsSeason() {
        let cases: [(String, String, Int, Int?)] = [
            ("Sky Nomads: 2. Kitap: Avatar Hâli (Bölüm 1)", "Sky Nomads", 2, 1), ("Sky Nomads: Księga 1: Woda: Chłopiec w lodzie", "Sky Nomads", 1, nil),
            ("Sky Nomads: Book 3: Fire: The Boiling Rock: Part 1", "Sky Nomads", 3, nil), ("Sky Nomads: Livro 2: Terra (Episódio 4)", "Sky Nomads", 2, 4),
            ("Sky Nomads: Bind 1: Vand", "Sky Nomads", 1, nil), ("Wind Keeper: Book One: Air: Welcome", "Wind Keeper", 1, nil),
            ("Sky Nomads: 3. Kitap: Kaynayan Kaya: Kısım 1 (Bölüm 14)", "Sky Nomads", 3, 14),
        ]
        for (raw, show, season, number) in cases {
            let t = NetflixTitles.parse(raw)
            #expect(t.show == show && t.season == season && t.number == number, "\(raw): \(t)")
        }
        // A book without a number, or a title of a book, is no marker.
        #expect(NetflixTitles.parse("Grace Hill: Book of Ruth (Episode 6)").season == nil)
        #expect(NetflixTitles.parse("The Book of Tides").show == nil)
    }

    @Test func aPromoAssetIdIsNoTitle() {
        for raw in ["NIGHTFERRY_S1_CLIP_PLOT", "HARBORHOME_S2_CLIP_INCITINGINCIDENT", "QUIETMERIDIAN_CLIP_GENRE", "Case 12_hook_primary_16x9",
                    "Night Ferry: Season 1_hook_primary_16x9", "Night Ferry: Season 1_CLIP_MUSIC_NON1", "Outside Out_hook_05_16x9", "Night Ferry_TEASER_TRAILER"] {
            #expect(NetflixTitles.isPromoAsset(raw), "\(raw)")
        }
        // Titles with an underscore that are films, and words that are titles.
        for raw in ["JUNG_E", "Hook", "The Trailer", "Clip_", "Night Ferry: Season 1: The Clip", "A _hook_ b", "Night Ferry _CLIP_PLOT"] {
            #expect(!NetflixTitles.isPromoAsset(raw), "\(raw)")
        }
    }

    /// In the activity export (blank supplemental type) and in the history, such rows are
    /// counted as not imported with the reason; never an item waiting in review.
    @Test func promoRowsAreCountedNotImported() throws {
        let fx = try Fixture()
        let activity = """
        Profile Name,Start Time,Duration,Attributes,Title,Supplemental Video Type,Device Type,Bookmark,Latest Bookmark,Country
        Ana,2022-11-05 21:11:12,00:00:10,Autoplayed: user action: None; ,NIGHTFERRY_S1_CLIP_PLOT,,TV,00:00:10,Not latest view,TR (Turkey)
        Ana,2022-11-03 18:45:21,00:00:10,Autoplayed: user action: None; ,NIGHTFERRY_S1_CLIP_PLOT,,TV,00:00:10,00:00:10,TR (Turkey)
        Ana,2022-11-02 18:45:21,00:00:44,Autoplayed: user action: None; ,Case 12_hook_primary_16x9,,TV,00:00:44,00:00:44,TR (Turkey)
        Ana,2022-11-01 20:00:00,00:43:00,,Night Ferry: Season 1: Departure (Episode 1),,TV,00:43:00,00:43:00,TR (Turkey)

        """
        let a = NetflixTests.read(try fx.write("a/ViewingActivity.csv", activity))
        a.expectBalanced()
        #expect(a.items.count == 1 && a.items[0].episode?.showTitle == "Night Ferry", "\(a.items.map(\.title))")
        #expect(a.files.first?.ignored[NetflixReader.FileReader.promoReason] == 3, "\(String(describing: a.files.first?.ignored))")
        let history = "Title,Date\n\"Night Ferry: Season 1_hook_primary_16x9\",\"14/03/2021\"\n\"Night Ferry: Season 1: Departure\",\"15/03/2021\"\n"
        let h = NetflixTests.read(try fx.write("h/NetflixViewingHistory.csv", history))
        h.expectBalanced()
        #expect(h.items.count == 1 && h.files.first?.ignored[NetflixReader.FileReader.promoReason] == 1)
    }
}
