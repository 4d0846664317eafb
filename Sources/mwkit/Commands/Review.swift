import ArgumentParser
import Foundation
import MWCore
import MWReview
import MWStore
import MWTMDb

/// `mwkit review REVIEW.csv [--port N]`: the review file's undecided rows as a page on
/// 127.0.0.1, saving decisions back into the file (docs/REPORT.md "mwkit review").
struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decide an import's unmatched titles in a web page on this machine; decisions are saved into the review file.",
        discussion: """
        Serves on 127.0.0.1 only (never another interface), and answers only requests addressed to its own host and port. Each undecided row shows what the export said and its TMDb candidates (overview and poster when the TMDb cache and the image cache hold them); choose one, ignore the item, or type a TMDb ID or link, then Save. Saving rewrites the review file atomically, changing only the decision cells; `mwkit import --overrides REVIEW.csv` then applies the decisions. Stops on Ctrl-C, or by itself after --idle-minutes without a request. See docs/REPORT.md.

        Exit codes: 0 stopped, 1 the review file is not one, 2 unreadable file or usage error.
        """)

    @Argument(help: "The review file an import wrote (--review).")
    var reviewFile: String

    @Option(help: "The port on 127.0.0.1 (default: one the system chooses).")
    var port: UInt16 = 0

    @Option(help: "Stop after this many minutes without a request.")
    var idleMinutes: Double = 30

    @Option(help: "The TMDb response cache for candidates' overviews and posters (default: $XDG_CACHE_HOME/mwkit/tmdb-cache.sqlite).")
    var cache: String?

    @Option(help: "The library database whose image cache holds posters (default: $MWKIT_DB, else the default location).")
    var db: String?

    func validate() throws {
        if !(idleMinutes > 0) { throw ValidationError("--idle-minutes must be more than 0") }
    }

    func run() async throws {
        var options = ReviewServer.Options()
        options.port = port
        options.idleTimeout = .milliseconds(Int64(idleMinutes * 60_000))
        options.cacheURL = cache.map { URL(fileURLWithPath: $0) } ?? TMDbCache.defaultURL()
        options.imageDirectory = ImageCache(forDatabase: libraryDatabase(db)).directory
        do {
            let why = try await ReviewServer.serve(URL(fileURLWithPath: reviewFile), options: options) { address in
                // Unbuffered: a script waiting for the address reads it at once.
                FileHandle.standardOutput.write(Data("mwkit review: serving \(reviewFile) at \(address) — open it in a browser; Ctrl-C stops\n".utf8))
            }
            StandardError.write(why == .idle ? "mwkit review: stopped after \(number(idleMinutes)) \(idleMinutes == 1 ? "minute" : "minutes") without a request" : "mwkit review: stopped")
        } catch { throw CLIExit.from(error) }
    }

    private func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
