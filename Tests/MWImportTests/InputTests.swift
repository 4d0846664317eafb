import Foundation
@testable import MWImport
import MWFoundation
import Testing

@Suite("Inputs")
struct InputTests {
    @Test func severalSourcesCombineAndStayApartPerExport() throws {
        let fx = try Fixture()
        let lb = try LetterboxdFixture.folder(fx)
        try fx.write("ratings.csv", "Const,Your Rating,Date Rated,Title,URL,Title Type,Year\ntt0000001,7,2024-01-01,Past Lives,https://www.imdb.com/title/tt0000001/,movie,2023\n")
        let out = MWImport.read(sources: [lb, fx.url("ratings.csv")])
        out.expectBalanced()
        let past = out.items("Past Lives", year: 2023)
        #expect(past.count == 2, "exports are not folded together here; the matcher does that")
        #expect(Set(past.map(\.source.service)) == [.letterboxd, .imdb])
    }

    @Test func nothingRecognisedIsReported() throws {
        let fx = try Fixture()
        try fx.write("stuff/README.md", "# notes\nnothing here\n")
        try fx.write("stuff/films.csv", "Date,Name,Year,Letterboxd URI\n2020-01-01,Heat,1995,https://boxd.it/1\n")
        let out = MWImport.read(sources: [fx.url("stuff"), fx.url("missing")])
        #expect(out.file("README.md")?.kind == .unknown)
        #expect(out.diagnostics(.importUnrecognizedFile).count == 1)
        #expect(out.diagnostics(.ioUnreadable).count == 1)
        #expect(out.diagnostics(.importAmbiguousFile).count == 1, "films.csv could be watched, watchlist or likes")
        #expect(out.item("Heat")?.has(.watched) == true)

        let none = MWImport.read(sources: [fx.url("stuff/README.md")])
        #expect(none.diagnostics(.importNoExport).count == 1)
        #expect(none.items.isEmpty)
    }
}
