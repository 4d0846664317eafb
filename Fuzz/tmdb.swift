// libFuzzer target: the TMDb response decoders, through the one entry every request uses
// (`TMDbClient.decode`: the fast table-driven reader, else JSONDecoder). The first byte picks the
// model a request would expect; the rest is the response body. An error is worded as the client
// words it, and a decoded movie or show is mapped into the library model as hydrate does.
import Foundation
import MWCore
@testable import MWTMDb

private func decode<T: Decodable>(_ type: T.Type, _ body: Data) -> T? {
    do { return try TMDbClient.decode(type, body) } catch {
        _ = TMDbClient.describe(decoding: error)
        return nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTMDb(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 10 {
    case 0: _ = decode(TMDbMovie.self, body)
    case 1: _ = decode(TMDbShow.self, body)
    case 2: _ = decode(TMDbSeason.self, body)
    case 3: _ = decode(TMDbEpisode.self, body)
    case 4: _ = decode(TMDbSearchPage.self, body)
    case 5: _ = decode(TMDbFindResult.self, body)
    case 6: _ = decode(TMDbConfiguration.self, body)
    case 7: _ = decode(TMDbGenreList.self, body)
    case 8: _ = decode(TMDbExternalIDs.self, body)
    default: _ = decode(TMDbErrorBody.self, body)
    }
    return 0
}
