import Foundation
import Testing
@testable import MWFoundation

@Suite struct BackgroundValueTests {
    struct Refused: Error, Equatable {}

    @Test("the value worked out on another thread is handed over, and what it threw is thrown")
    func valueAndError() throws {
        let started = Locked(0)
        let value = BackgroundValue { () -> [Int] in
            started.withLock { $0 += 1 }
            return Array(0..<1000)
        }
        var taken = try value.take()
        taken.append(1000)  // the taker's own: changing it touches no other copy
        #expect(taken == Array(0...1000))
        #expect(started.withLock { $0 } == 1)
        let failing = BackgroundValue { () throws -> Int in throw Refused() }
        #expect(throws: Refused.self) { try failing.take() }
    }
}
