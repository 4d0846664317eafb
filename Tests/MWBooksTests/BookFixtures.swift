import Foundation
import MWFoundation
@testable import MWBooks

/// Our own export files (invented books and people), one per header generation and quirk.
enum BookFixtures {
    static let goodreads24Header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// 2021–2026 layout. Line 2–3: two editions of one work whose ISBNs differ (a merge for
    /// review); 4–5: a Kindle edition without ISBN and a paperback (a plain merge) — in each
    /// pair one row without a Book Id, as title folding is for rows without an id (two
    /// different Book Ids are two books); 6–7: a
    /// review with a line break inside its quotes; 8: no title (malformed, line 8); 9: a bad
    /// date; 10: an ISBN-10 alone ending in X.
    static let goodreads24 = goodreads24Header + #"""

    1001,"The Lantern Road (Lantern, #1)",Mara Quill,"Quill, Mara",,"=""0306406152""","=""9780306406157""",5,4.10,Harbor Press,Hardcover,320,2019,2018,2023/03/14,2023/01/02,"read, favourites","read (#1), favourites (#1)",read,"Loved it.<br/><br/>Second paragraph.",,Private thought,1,0
    ,"The Lantern Road (Lantern, #1)",Mara Quill,"Quill, Mara",,"=""0141439513""","=""9780141439518""",4,4.10,Paper Co,Paperback,300,2020,2018,2021/06/01,2021/05/01,read,read (#2),read,,,,1,0
    1003,Quiet Hours,Ines Varga,"Varga, Ines",Tomas Berg,"=""""","=""""",0,3.50,,Kindle Edition,210,2022,2022,,2024/02/10,"to-read-non-fiction","to-read-non-fiction (#1)",to-read-non-fiction,,,,0,0
    ,Quiet Hours,Ines Varga,"Varga, Ines",Tomas Berg,"=""1861972717""","=""9781861972712""",3,3.50,Field Books,Paperback,208,2022,2022,2024/03/01,2024/02/20,"read, book-club","read (#3), book-club (#1)",read,,,,1,0
    1005,Deep Water Notes,Oskar Lind,"Lind, Oskar",,"=""123456789X""","=""9781234567897""",2,3.00,Tide,Paperback,150,2015,2015,,2022/09/09,wont-finish,wont-finish (#1),wont-finish,"Stopped at page 80.
    Too slow.",,,0,0
    1006,,Nobody,"Nobody",,"=""""","=""""",0,0.00,,,,,,,2022/01/01,to-read,to-read (#9),to-read,,,,0,0
    1007,Salt and Iron,Petra Dahl,"Dahl, Petra",,"=""5550002221""","=""9785550002223""",0,3.90,North,Hardcover,400,2021,2021,,2023/13/45,to-read,to-read (#3),to-read,,,,0,0
    1008,The Cold Shore,Aino Koski,"Koski, Aino",,"=""080442957X""","=""""",0,4.20,Lake,Mass Market Paperback,280,1999,1998,,2025/01/05,currently-reading,currently-reading (#1),currently-reading,,,,0,0

    """#

    /// Up to 2020: 31 columns (`Recommended For`, `Condition`, `BCID`…).
    static let goodreads31 = #"""
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,Condition Description,BCID
    2001,Harbour Lights,Lena Sorell,"Sorell, Lena",,"=""5550003333""","=""9785550003336""",4,3.80,Quay,Paperback,250,2018,2017,2019/04/04,2019/03/01,read,read (#1),read,,,,2,my sister,,0,,,,,
    2002,Winter Orchard,Jonas Ek,"Ek, Jonas",,"=""""","=""""",0,4.00,Quay,Hardcover,310,2019,2019,,2020/01/01,to-read,to-read (#1),to-read,,,,0,,,0,,,,,

    """#

    /// Since mid-2026: 23 columns, no `Average Rating`.
    static let goodreads23 = #"""
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
    3001,Glass Meadow,Rhea Moss,"Moss, Rhea",,"=""5550004445""","=""9785550004449""",5,Vale,Hardcover,280,2026,2026,2026/06/09,2026/06/01,2026,2026 (#1),read,Great<br/>book,,,1,0
    3002,Paper Tides,Rhea Moss,"Moss, Rhea",,"=""""","=""""",0,Vale,Kindle Edition,190,2025,2025,,2026/05/05,to-read,to-read (#1),to-read,,,,0,0

    """#

    /// StoryGraph: a range of read dates, a half-star rating, an ASIN, moods and pace, a
    /// did-not-finish, a paused, and a last row without status written with `""` empties.
    static let storygraph = #"""
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?
    The Lantern Road,Mara Quill,"",9780306406157,hardcover,read,2023/01/02,2025/04/21,2025/04/19-2025/04/21,1,"reflective, hopeful",medium,Character,Yes,,,,4.5,Good second time,"",,"comfort",No
    Night Ferry,Sam Ortiz,"Lea Brun (Translator)",9785550005552,paperback,did-not-finish,2024/05/01,"","",0,"",,,,,,,,,"",,"",No
    Long Winter,Sam Ortiz,"",9785550001110,digital,paused,2024/06/01,"","",0,"",,,,,,,,,"",,"",No
    Echo Hall,Kim Rowe,"",B0084FWN26,audio,,"","","","","",,,,,,,,,"",,"abandoned",No

    """#

    /// LibraryThing CSV: CRLF, no final newline, `[…]` ISBNs, `|` secondary authors and subjects.
    static let librarythingCSV = [
        "Book ID,Title,Sort Character,Primary Author,Primary Author Role,Secondary Author,Secondary Author Role,Publication,Date,Review,Rating,Comment,Private Comment,Summary,Media,Physical Description,Weight,Height,Thickness,Length,Dimensions,Page Count,LCCN,Acquired,Date Started,Date Read,Barcode,BCID,Tags,Collections,Languages,Original Languages,LC Classification,ISBN,ISBNs,Subjects,Dewey Decimal,Dewey Wording,Other Call Number,Copies,Source,Entry Date,From Where,OCLC,Work id,Lending Patron,Lending Status,Lending Start,Lending End",
        "90001,Tiled Roofs,1,\"Hale, Ruth\",,\"Moor, Ann|Pike, Ed\",,\"Brick Books (2001), Hardcover, 200 pages\",2001,,4.5,,,Tiled Roofs by Ruth Hale (2001),Hardcover,,,,,,,200 ,,,,2011-02-03,,,\"craft, houses\",\"Your library, Favorites\",,English,,[5550004445],\"[5550004445, 9785550004449]\",Roofs|Building,,,,1,amazon.com,2010-11-27,,,777001,,,,",
        "90002,Small Engines,1,\"Gray, Otto\",,,,\"Gear (1999), Paperback\",1999,,,,,Small Engines by Otto Gray (1999),Paperback,,,,,,,96 ,,,,,,,,\"Your library, Currently reading\",,English,,[5550003333],[5550003333],Engines,,,,1,amazon.com,2011-01-08,,,777002,,,,",
    ].joined(separator: "\r\n")

    /// The older LibraryThing export: tab-separated UTF-16 (little endian, byte order mark).
    static var librarythingTSV: [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in librarythingTSVText.utf16 { bytes.append(UInt8(u & 0xFF)); bytes.append(UInt8(u >> 8)) }
        return bytes
    }

    /// The text of ``librarythingTSV``.
    static var librarythingTSVText: String {
        [
            "book id\ttitle\t\"author (first, last)\"\t\"author (last, first)\"\tother authors\tpublication\tdate\tISBNs\tseries\tsource\tlanguage 1\tlanguage 2\toriginal language\tLCC\tDDC\tBCID\tdate entered\tdate acquired\tdate started\tdate ended\ttags\tstars\treview\tsummary\tcomments\tprivate comments\tyour copies\tencoding",
            "6268961\tWriting Plain Letters\tRuth C. Freed\tFreed, Ruth C.\tJoe Romano\tQuill House (2003), Edition: 2, Paperback\t2003\t[5550002221]\t\tAmazon.com\tEnglish\t(blank)\t(blank)\t\t\t\tSep 3, 2006\t\t\tOct 1, 2006\twork, writing\t4\tUseful\tWriting Plain Letters by Ruth C. Freed (2003)\t\t\t1\tASCII",
        ].joined(separator: "\r\n") + "\r\n"
    }

    /// Midnight UTC: a row without a readable Date Added gets the import date, and Goodreads
    /// writes days, so a round trip keeps it only when it is a whole day.
    static let date = Date(timeIntervalSince1970: 1_749_945_600)
    static var options: BookImportOptions { BookImportOptions(importDate: date) }

    static func read(_ text: String, _ name: String = "goodreads_library_export.csv") -> BookFileRead {
        BookExportReader.read(bytes: Array(text.utf8), name: name)
    }

    /// A day as the book readers store it: its 11:00 UTC instant (docs/FORMAT.md#days), computed
    /// here with Foundation's calendar rather than the code under test.
    static func day(_ y: Int, _ m: Int, _ d: Int) -> Date {
        var c = DateComponents()
        c.year = y; c.month = m; c.day = d; c.hour = 11
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: c)!
    }
}

extension BookLibrary {
    func work(_ title: String) -> Work? { works.first { $0.title == title } }
    func entry(_ work: Work?) -> LibraryEntry? { entries.first { $0.workId == work?.id } }
    func editions(_ work: Work?) -> [Edition] { editions.filter { $0.workId == work?.id } }
    func authorNames(_ work: Work?) -> [String] { (work?.authorIds ?? []).compactMap { id in authors.first { $0.id == id }?.name } }
}

extension BookFileRead {
    func row(_ title: String) -> BookRow? { rows.first { $0.title == title } }
    func codes(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
