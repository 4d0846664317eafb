import ArgumentParser
import Foundation
import MWBooks
import MWCore
import MWJobs
import MWReport
import MWStore

/// `mwkit report INPUT... -o report.html [--year YYYY]`: a library's history as one
/// self-contained HTML page (docs/REPORT.md).
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a library's history — films and TV, books, all time or one year — as one self-contained HTML page.",
        discussion: """
        INPUT is any library mwkit reads (a backup, a ZIP, a bookstrack file); a film library and a books library given together make one report. Without INPUT it reads the library database (its film and book tables): --db PATH, else the default one. The page has inline CSS and SVG charts, each followed by a table of its numbers; no script, nothing fetched. SOURCE_DATE_EPOCH sets the date printed on it, so the same input gives the same bytes. See docs/REPORT.md.

        Exit codes: 0 written, 1 invalid input, 2 unreadable input or usage error.
        """)

    @Argument(help: "The libraries: at most one of films and one of books.")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "The HTML file to write ('-' for standard output).")
    var output: String

    @Option(help: "A year in review (UTC calendar year) instead of all time.")
    var year: Int?

    @Option(help: "Read this library database (its film and book tables) instead of files; without INPUT and --db, the default one ($MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite).")
    var db: String?

    @OptionGroup var inputOptions: InputOptions

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if !inputs.isEmpty && db != nil { throw ValidationError("give files or --db, not both") }
        if let y = year, !(1...9999).contains(y) { throw ValidationError("--year must be a year between 1 and 9999, not \(y)") }
    }

    func run() throws {
        for i in inputs { try prepareOutput(input: i, output: output) }
        try CLIExit.run {
            let period: ReportPeriod = year.map { .year($0) } ?? .allTime
            var films: FilmFigures?, books: BookLibrary?
            var names: [String] = []
            var zipImages: (any ImageSource)?
            if inputs.isEmpty {
                let url = libraryDatabase(db)
                let store = try LibraryStore.open(at: url, mode: .readOnly)
                defer { try? store.close() }
                let f = try store.loadLibrary(), b = try store.loadBookLibrary()
                if !f.titles.isEmpty || b.entries.isEmpty { films = FilmFigures(f, period: period) }
                if !b.entries.isEmpty { books = b }
                names = [url.lastPathComponent]
            }
            for path in inputs {
                let format = BackupLoader().format(of: path)
                if let format, format.family == .films, !format.isService {
                    // A film backup streams through the counters: no library in memory.
                    guard films == nil else { throw secondLibrary(path, "film") }
                    let tally = FilmTally(period: period)
                    var options = inputOptions.readOptions(buildLibrary: false)
                    options.recordSink = tally
                    let loaded = try BackupLoader().load(path, options: options)
                    let report = FileReport(path: path, read: loaded.result)
                    guard loaded.result.isValid else {
                        StandardError.report([report], verbose: reporting.verbose)
                        throw CLIExit.failure("\(path) is not a valid backup; nothing was written", code: 1)
                    }
                    if !loaded.result.diagnostics.isEmpty { StandardError.report([report], verbose: reporting.verbose) }
                    films = tally.figures()
                    zipImages = loaded.images
                } else {
                    let loaded = try loadValid(path, inputOptions.readOptions(), reporting, families: [.films, .books])
                    let model = loaded.result.anyModel
                    if let lib = model as? Library {
                        guard films == nil else { throw secondLibrary(path, "film") }
                        films = FilmFigures(lib, period: period)
                        zipImages = loaded.images
                    } else if let lib = model as? BookLibrary {
                        guard books == nil else { throw secondLibrary(path, "books") }
                        books = lib
                    } else {
                        throw MWError.usage("\(path): no report for this kind of library")
                    }
                }
                names.append(path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent)
            }
            let page = ReportPage.render(filmFigures: films, books: books, period: period, inputs: names, now: Clock.now(),
                                         posters: posters(zip: zipImages))
            try AtomicFile.write(Array(page.utf8), to: outputURL(output))
            if output != "-" { StandardError.write("report: wrote \(output) (\(page.utf8.count) bytes)") }
        }
    }

    private func secondLibrary(_ path: String, _ family: String) -> MWError {
        .usage("\(path): a second \(family) library; a report takes one film and one books library (merge them first)")
    }

    /// Posters from the input ZIP's images, else mwkit's image cache (beside --db or the
    /// default database); never fetched.
    private func posters(zip: (any ImageSource)?) -> ReportPosters {
        let cache = ImageCache(forDatabase: libraryDatabase(db))
        return ReportPosters(prepare: { names in
            try? zip?.prepare(names.map { ImageKey(role: .poster, fileName: $0) })
        }, lookup: { name in
            guard let url = zip?.file(for: ImageKey(role: .poster, fileName: name)) ?? cache.url(forFileName: name) else { return nil }
            return (try? Data(contentsOf: url)).map { Array($0) }
        })
    }
}
