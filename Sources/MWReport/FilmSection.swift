import Foundation
import MWFoundation

/// The films and TV part of a report: ``FilmFigures`` as headings, charts, tables and notes.
enum FilmSection {
    static func html(_ f: FilmFigures, posters: ReportPosters, charts: inout ChartWriter) -> String {
        let y = f.period.year
        let span = y.map { ", \($0)" } ?? ""
        var s = "<section aria-labelledby=\"films\">\n<h2 id=\"films\">Films and TV\(span)</h2>\n"
        s += charts.table("Films and TV at a glance\(span)", [
            (y == nil ? "Titles in the library" : "Titles watched", [String(f.titles)]),
            (y == nil ? "Films in the library" : "Films watched", [String(f.films)]),
            (y == nil ? "Shows in the library" : "Shows watched", [String(f.shows)]),
            (y == nil ? "Episodes in the library" : "Episodes watched", [String(f.episodes)]),
            ("Viewings", [String(f.viewings)]),
            ("Hours watched", [hours(f.minutes)]),
            ("Rewatches", [String(f.rewatches)]),
            ("Longest streak (days)", [String(f.streak.length)]),
        ], header: ["Figure", "Value"])
        var notes: [String] = []
        if f.viewingsWithoutRuntime > 0 { notes.append("\(counted(f.viewingsWithoutRuntime, "viewing", verb: ("has", "have"))) no known runtime: counted as viewings, not in the hours.") }
        if f.undatedViewings > 0 {
            notes.append(ReportPage.undatedNote(f.undatedViewings, "viewing", lacking: "date", elsewhere: "in no year or day", year: y))
        }
        if f.strippedTitles > 0 { notes.append("\(counted(f.strippedTitles, "title", verb: ("is", "are"))) stripped (no metadata): no name, runtime or genres.") }
        if f.undatedRatings > 0 { notes.append("\(counted(f.undatedRatings, "rating", verb: ("has", "have"))) no date: in no year, so not counted here.") }
        if f.titlesWithoutGenres > 0 { notes.append("\(counted(f.titlesWithoutGenres, "title", verb: ("has", "have"))) no genres listed: not in the genres.") }
        s += ReportPage.notes(notes)
        s += ReportPosters.strip(f.mostWatched, posters, span: span)
        s += "<h3>When</h3>\n"
        s += y == nil ? charts.bars("Viewings per year", f.perBucket, label: "Year", value: "Viewings")
                      : charts.bars("Viewings per month\(span)", f.perBucket, label: "Month", value: "Viewings")
        if let y { s += charts.calendar("Viewings day by day\(span)", year: y, counts: f.perDay, unit: "viewings") }
        var ends: [(String, [String])] = []
        if let a = f.first { ends.append(("First watch", [a.day.iso, a.name])) }
        if let b = f.last { ends.append(("Last watch", [b.day.iso, b.name])) }
        if let start = f.streak.start { ends.append(("Longest streak starts", [start.iso, counted(f.streak.length, "day")])) }
        if !ends.isEmpty { s += charts.table("First and last watch\(span)", ends, header: ["", "Day", "What"]) }
        s += "<h3>Ratings</h3>\n"
        if f.ratingScales.isEmpty { s += "<p>No ratings\(y == nil ? "" : " dated \(y!)").</p>\n" }
        for r in f.ratingScales {
            s += charts.bars("Ratings \(r.scale)\(span) (\(r.sources.joined(separator: ", ")))", r.counts, label: "Rating", value: "Titles")
        }
        s += charts.bars("Liked, neutral and disliked titles\(span)", f.liked, label: "Liked status", value: "Titles")
        s += "<h3>Rewatches</h3>\n"
        s += charts.bars("Most rewatched\(span)", f.mostRewatched, label: "Title", value: "Rewatches")
        s += "<h3>Statuses and genres</h3>\n"
        s += charts.bars("Watch statuses\(span)", f.statuses, label: "Status", value: "Titles")
        s += charts.bars("Top genres\(span)", f.genres, label: "Genre", value: "Titles")
        return s + "</section>\n"
    }

    /// Minutes as hours, one decimal.
    static func hours(_ minutes: Int) -> String { number((Double(minutes) / 6).rounded() / 10) }
}

/// The books part of a report: ``BookFigures`` as headings, charts, tables and notes.
enum BookSection {
    static func html(_ f: BookFigures, charts: inout ChartWriter) -> String {
        let y = f.period.year
        let span = y.map { ", \($0)" } ?? ""
        var s = "<section aria-labelledby=\"books\">\n<h2 id=\"books\">Books\(span)</h2>\n"
        s += charts.table("Books at a glance\(span)", [
            ("Books read", [String(f.reads)]),
            ("Pages read", [String(f.pages)]),
            ("Average length (pages)", [f.averagePages.map(String.init) ?? "unknown"]),
            ("Average days from start to finish", [f.averageDays.map(number) ?? "unknown"]),
            ("Re-reads", [String(f.rereads)]),
            ("Books read more than once (all time)", [String(f.booksReadMoreThanOnce)]),
        ], header: ["Figure", "Value"])
        var notes: [String] = []
        if f.readsWithoutPages > 0 { notes.append("\(counted(f.readsWithoutPages, "read", verb: ("has", "have"))) no page count: counted as books, not in the pages or lengths.") }
        if f.undatedReads > 0 {
            notes.append(ReportPage.undatedNote(f.undatedReads, "read", lacking: "finishing date", elsewhere: "in no year", year: y))
        }
        let noDays = f.reads - f.readsWithBothDates
        if noDays > 0 { notes.append("\(counted(noDays, "read", verb: ("lacks", "lack"))) a start or finish date: not in the days from start to finish.") }
        if f.readsWithoutAuthor > 0 { notes.append("\(counted(f.readsWithoutAuthor, "read", verb: ("is", "are"))) of works without an author: not in the authors.") }
        s += ReportPage.notes(notes)
        s += "<h3>Reading over time</h3>\n"
        s += charts.bars(y == nil ? "Books read per year" : "Books read per month\(span)", f.booksPerBucket, label: y == nil ? "Year" : "Month", value: "Books")
        s += charts.bars(y == nil ? "Pages read per year" : "Pages read per month\(span)", f.pagesPerBucket, label: y == nil ? "Year" : "Month", value: "Pages")
        var ends: [(String, [String])] = []
        if let a = f.shortest { ends.append(("Shortest book", [String(a.pages), a.name])) }
        if let b = f.longest { ends.append(("Longest book", [String(b.pages), b.name])) }
        if !ends.isEmpty { s += charts.table("Shortest and longest book\(span)", ends, header: ["", "Pages", "Book"]) }
        s += "<h3>Ratings</h3>\n"
        if f.stars.isEmpty && f.granular.isEmpty { s += "<p>No ratings.</p>\n" }
        if !f.stars.isEmpty { s += charts.bars("Star ratings out of 5\(span)", f.stars, label: "Stars", value: "Books") }
        if !f.granular.isEmpty { s += charts.bars("Granular ratings out of 5\(span)", f.granular, label: "Rating", value: "Books") }
        s += "<h3>Statuses and authors</h3>\n"
        s += charts.bars("Reading statuses (whole library)", f.statuses, label: "Status", value: "Books")
        s += charts.bars("Top authors\(span)", f.authors, label: "Author", value: "Reads")
        return s + "</section>\n"
    }
}
