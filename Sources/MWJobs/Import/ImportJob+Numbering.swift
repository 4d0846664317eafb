import Foundation
import MWCore
import MWFoundation
import MWImport
import MWTMDb

extension ImportJob {
    /// Online, the episodes an export names only by title (Netflix's `Show: Season 2: Title`,
    /// no number) get the number TMDb's season gives that name, by the one rule `hydrate`
    /// numbers them with (``Hydrator/numberUnnumberedEpisodes(_:)``): only a name the season
    /// lists exactly once; the rest stay named by title, never guessed (docs/IMPORT.md
    /// "Netflix"). A show whose seasons TMDb did not give is a warning, its episodes kept as
    /// they were. Returns how many episode records were given viewings.
    static func numberUnnumberedEpisodes(_ built: inout ImportBuild, client: TMDbClient) async throws -> (numbered: Int, diagnostics: [Diagnostic]) {
        guard built.library.titles.contains(where: { !$0.unnumberedEpisodes.isEmpty }) else { return (0, []) }
        let report: HydrateReport
        do {
            report = try await Hydrator(client: client).numberUnnumberedEpisodes(built.library)
        } catch let e as TMDbError where e.isFatal {
            throw MWError.usage("TMDb refused the request: \(e); nothing was written")
        }
        built.library = report.library
        built.counts = LibraryBuilder.counts(report.library)
        let diagnostics = report.failures.map {
            Diagnostic(.warning, .importMatchIncomplete, "\($0.label): its episodes named only by title stay so (TMDb's seasons not fetched: \($0.reason))")
        }
        return (report.episodesNumbered, diagnostics)
    }
}
