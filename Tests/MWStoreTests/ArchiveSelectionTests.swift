import Foundation
import MWCore
import Testing
@testable import MWStore

@Suite struct ArchiveSelectionTests {
    @Test func shareableListExportHoldsOnlyWhatASharedListHolds() throws {
        let store = try Fixtures.store(with: Fixtures.library())
        let shared = try store.loadLibrary(selection: ArchiveSelection(list: "watchlist", shareable: true))
        #expect(shared.lists.map(\.id) == [Fixtures.watchlistId])
        #expect(Set(shared.titles.map(\.id)) == [Fixtures.movieId, Fixtures.showId])
        #expect(shared.episodes.allSatisfy { $0.showId == Fixtures.showId } && shared.episodes.count == 2)
        #expect(shared.notes.allSatisfy { !$0.ownerOnly })
        #expect(shared.notes.map(\.id) == ["E0000000-0000-4000-8000-000000000002", "E0000000-0000-4000-8000-000000000003"])
        #expect(shared.preferences == nil)
        #expect(Validator.validate(shared).filter { $0.severity == .error }.isEmpty)

        let favourites = try store.loadLibrary(selection: ArchiveSelection(list: Fixtures.favouritesId))
        #expect(Set(favourites.titles.map(\.id)) == [Fixtures.movieId, Fixtures.strippedShowId])
        #expect(favourites.notes.contains { $0.ownerOnly })                          // not shareable: private notes stay
        #expect(favourites.preferences == nil)

        let everythingShareable = try store.loadLibrary(selection: ArchiveSelection(shareable: true))
        #expect(everythingShareable.titles.count == 3 && everythingShareable.notes.count == 2)
    }

    @Test func unknownOrAmbiguousListIsAUsageError() throws {
        var lib = Fixtures.library()
        lib.lists[1].name = "WATCHLIST"
        let store = try Fixtures.store(with: lib)
        #expect { try store.loadLibrary(selection: ArchiveSelection(list: "nope")) } throws: { "\($0)".contains("no list named") }
        #expect { try store.loadLibrary(selection: ArchiveSelection(list: "watchlist")) } throws: { "\($0)".contains("2 lists") }
    }
}
