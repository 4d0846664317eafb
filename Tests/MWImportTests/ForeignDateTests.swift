import Foundation
@testable import MWImport
import MWFoundation
import Testing

@Suite("Dates as the exports write them")
struct ForeignDateTests {
    @Test func precisionIsKept() throws {
        let day = try #require(ForeignDate.parse("2023-09-10"))
        #expect(day.precision == .day && day.day == "2023-09-10")
        #expect(day.date == Date(timeIntervalSince1970: 1_694_304_000))
        let ms = try #require(ForeignDate.parse("2024-09-10T13:52:56.000Z"))
        #expect(ms.precision == .instant && ms.date == Date(timeIntervalSince1970: 1_725_976_376))
        let micro = try #require(ForeignDate.parse("2025-03-20T10:15:42.067614Z"))
        #expect(micro.precision == .instant)
        let local = try #require(ForeignDate.parse("2019-10-04 03:43:42"))
        #expect(local.precision == .localTime && local.raw == "2019-10-04 03:43:42")
        let go = try #require(ForeignDate.parse("2017-05-02 21:24:51 +0000 UTC"))
        #expect(go.precision == .instant && go.day == "2017-05-02")
        let ctime = try #require(ForeignDate.parse("Sat Apr 23 08:36:35 2011"))
        #expect(ctime.precision == .localTime && ctime.day == "2011-04-23")
        let unix = try #require(ForeignDate.parse("1.707766149e+09"))
        #expect(unix.precision == .instant && unix.date == Date(timeIntervalSince1970: 1_707_766_149))
    }

    @Test func unknownAndUnreadableDatesAreNil() {
        #expect(ForeignDate.parse("0001-01-01 00:00:00") == nil)
        #expect(ForeignDate.parse("0001-01-01T00:00:00Z") == nil)
        #expect(ForeignDate.parse("") == nil)
        #expect(ForeignDate.parse("2023-02-30") == nil)
        #expect(ForeignDate.parse("last tuesday") == nil)
    }
}
