import Foundation
import MWFoundation
import Testing
@testable import MWBooks

/// Goodreads' `Additional Authors` written back in full (issue 30 §4): Goodreads lists a person
/// once per credit without the role, so the list may name the author again (author and
/// translator) or a name twice. The work's authors hold each person once; the list itself is
/// kept so goodreads-csv writes it as the export had it. Our own invented rows.
@Suite struct GoodreadsAdditionalAuthorsTests {
    /// (Author, Additional Authors) of each row, in order.
    static let credits: [(String, String)] = [
        ("Ann Lee", "Ann Lee"),                       // the author again, alone
        ("Bo Chen", "Cy Diaz, Bo Chen"),              // the author again, last
        ("Dee Park", "Dee Park, Eli Ford"),           // the author again, first
        ("Gus Hale", "Ivo Marsh, Ivo Marsh"),         // a name twice
        ("Jo Kent", "Lu Moss, Max Ray"),              // an ordinary list
        ("Ned Oak", ""),                              // none
    ]

    static var csv: String {
        BookFixtures.goodreads24Header + "\n" + credits.enumerated().map { i, c in
            "\(3001 + i),Book \(i + 1),\(c.0),,\"\(c.1)\",\"=\"\"\"\"\",\"=\"\"\"\"\",0,,,Paperback,,,,,2024/01/0\(i + 1),,,to-read,,,,0,0"
        }.joined(separator: "\n") + "\n"
    }

    static func additionalAuthors(_ bytes: [UInt8]) throws -> [String: String] {
        let table = try #require(try CSVFile(bytes: bytes, name: "x").table)
        return Dictionary(uniqueKeysWithValues: table.rows.map { r in (table.value(r, "Title") ?? "", table.value(r, "Additional Authors") ?? "") })
    }

    @Test func theListIsWrittenBackAsItWas() throws {
        let lib = BookImport.run([BookFixtures.read(Self.csv)], options: BookFixtures.options).library
        // Each person is an author of the work once.
        let names = Dictionary(uniqueKeysWithValues: lib.authors.map { ($0.id, $0.name) })
        let byTitle = Dictionary(uniqueKeysWithValues: lib.works.map { ($0.title, $0.authorIds.compactMap { names[$0] }) })
        #expect(byTitle["Book 2"] == ["Bo Chen", "Cy Diaz"] && byTitle["Book 1"] == ["Ann Lee"] && byTitle["Book 4"] == ["Gus Hale", "Ivo Marsh"])
        let bytes = try GoodreadsCSVWriter.write(lib)
        let written = try Self.additionalAuthors(bytes)
        for (i, c) in Self.credits.enumerated() { #expect(written["Book \(i + 1)"] == c.1, "row \(i + 1): \(c)") }
        // Nothing reported as dropped: the credits are written.
        #expect(GoodreadsCSVWriter.dropped(lib).isEmpty, "\(GoodreadsCSVWriter.dropped(lib))")
        // And again: the round trip is closed.
        let again = BookImport.run([BookExportReader.read(bytes: bytes, name: "again.csv")], options: BookFixtures.options).library
        #expect(try GoodreadsCSVWriter.write(again) == bytes)
    }

    /// Contributors a source gave with roles (StoryGraph's translator) are no Goodreads credit
    /// list: Additional Authors stays the authors, and the contributors are reported dropped.
    @Test func contributorsWithRolesAreNotCredits() throws {
        var lib = BookImport.run([BookFixtures.read(Self.csv)], options: BookFixtures.options).library
        let k = try #require(lib.editions.firstIndex { e in lib.works.first { $0.id == e.workId }?.title == "Book 5" })
        lib.editions[k].contributors = [Contributor(name: "Lu Moss", roles: ["Translator"])]
        #expect(try Self.additionalAuthors(try GoodreadsCSVWriter.write(lib))["Book 5"] == "Lu Moss, Max Ray")
        #expect(GoodreadsCSVWriter.dropped(lib).contains { $0.message.contains("edition contributors") && $0.message.contains("1 record") })
    }
}
