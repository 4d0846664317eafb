import Foundation
import MWBooks
import MWCore
import MWImport
import Testing
@testable import MWJobs

/// Issue 29 §1–2: the registry is the only list of services. A name or alias registered twice
/// is refused naming both; every message that lists services lists the registry's (the
/// throwaway Tiny services included); a service's own options are declared by its descriptor
/// and reach its reader through the job without being named on the way.
@Suite struct OneListTests {
    static let registry = ServiceRegistryTests.registry

    @Test func aNameOrAliasRegisteredTwiceIsRefusedNamingBoth() throws {
        let twice = #expect(throws: RegistryConflict.self) { try FormatRegistry.standard.adding(.letterboxd) }
        #expect(twice?.description == "cannot register letterboxd as letterboxd: letterboxd already answers to that name")
        var other = FormatDescriptor.tinyFilms
        other.aliases = ["letterboxd-csv"]
        let error = #expect(throws: RegistryConflict.self) { try FormatRegistry.standard.adding(other) }
        #expect(error?.description == "cannot register tinyfilms as letterboxd-csv: letterboxd already answers to that name")
        #expect(throws: RegistryConflict.self) { try FormatRegistry([.tinyLines, .tinyLines]) }
    }

    @Test func theStandardRegistryNamesEveryFormatOnce() {
        let names = FormatRegistry.standard.formats.flatMap(\.names)
        #expect(Set(names).count == names.count, "\(names)")
    }

    @Test func aFileOfNoServiceIsNamedWithEveryFilmServiceOfTheRegistry() throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.csv")
        try Data("a,b\n1,2\n".utf8).write(to: file)
        let export = MWImport.read(sources: [file], options: ImportOptions(readers: Self.registry.filmReaders))
        let skipped = try #require(export.diagnostics.first { $0.code == DiagnosticCode.importUnrecognizedFile.rawValue })
        let names = Self.registry.services(.films).map(\.displayName)
        #expect(names.count > 4 && names.contains("Tiny Films"))
        for name in names { #expect(skipped.message.contains(name), "\(name) not in: \(skipped.message)") }
    }

    @Test func aFileOfNoTrackerIsNamedWithEveryBookServiceOfTheRegistry() throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.csv")
        try Data("a,b\n1,2\n".utf8).write(to: file)
        let result = BookImport.run(urls: [file], services: Self.registry.bookReaders)
        let none = try #require(result.diagnostics.first { $0.code == DiagnosticCode.importNoExport.rawValue })
        let problem = try #require(result.problems(reviewFileWritten: true).first)
        let names = Self.registry.services(.books).map(\.displayName)
        #expect(names.count > 3 && names.contains("Tiny Books"))
        for name in names {
            #expect(none.message.contains(name), "\(name) not in: \(none.message)")
            #expect(problem.contains(name), "\(name) not in: \(problem)")
        }
    }

    @Test func aServicesOwnOptionReachesItsReaderThroughTheJob() async throws {
        let dir = try ServiceRegistryTests.temp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let export = dir.appendingPathComponent("my-films.csv")
        try Data("tiny_tmdb,tiny_title,tiny_year,tiny_stars\n603,The Matrix,1999,4.5\n550,Fight Club,1999,\n".utf8).write(to: export)
        func run(_ values: ServiceOptionValues) async throws -> ImportJob.Outcome {
            var o = ImportJobOptions(sources: [export])
            o.registry = Self.registry
            o.dryRun = true
            o.tmdb.offline = true
            o.tmdb.cachePath = dir.appendingPathComponent("cache.sqlite").path
            o.serviceOptions = values
            return try await ImportJob.run(o, environment: [:])
        }
        #expect(try await run(ServiceOptionValues()).library.titles.count == 2)
        var rated = ServiceOptionValues()
        rated["tiny-rated-only"] = ""
        #expect(try await run(rated).library.titles.map(\.tmdbId) == [603])

        // An option no film service declares, or a value its declaration refuses: usage errors.
        var unknown = ServiceOptionValues()
        unknown["no-such-option"] = ""
        await #expect(throws: MWError.self) { try await run(unknown) }
        var order = ServiceOptionValues()
        order["date-order"] = "ydm"
        await #expect(throws: MWError.self) { try await run(order) }
    }

    @Test func theOptionsAreListedByService() {
        let help = Self.registry.serviceOptionsHelp(.films)
        #expect(help.contains("Letterboxd:\n  --include-deleted  "))
        #expect(help.contains("Netflix:\n  --date-order <dmy|mdy|ymd>  ") && help.contains("\n  --profile <profile>  "))
        #expect(help.contains("Tiny Films:\n  --tiny-rated-only  Tiny Films: read only rated rows."))
    }

    @Test func netflixOptionsAreReadFromTheServiceValues() {
        var o = ImportOptions(readers: [])
        o.dateOrder = .mdy
        o.profile = "Kid"
        #expect(o.serviceOptions["date-order"] == "mdy" && o.serviceOptions["profile"] == "Kid")
        o.includeDeleted = true
        #expect(o.serviceOptions.names == ["date-order", "include-deleted", "profile"])
    }
}
